//! Property tests of the canonical form: invariant under the 8 board symmetries and any vertex
//! order; equal keys exactly when petgraph's VF2 finds a label-preserving isomorphism; the
//! automorphisms are exactly the label-preserving self-maps (brute force on small graphs).

use nakade::pattern::diagram::Content;
use nakade::pattern::graph::{EyeGraph, Vertex};
use petgraph::algo::is_isomorphic_matching;
use proptest::prelude::*;

use crate::support::{orient, Rng};

/// A vertex label from a 5-bit code.
fn label(code: u8) -> Vertex {
    let content = [Content::Empty, Content::Stone, Content::Either][(code % 3) as usize];
    Vertex {
        marginal: code & 8 != 0,
        content,
        edge: (code >> 4) % 3,
        attack: code & 32 != 0,
        defense: code & 64 != 0,
    }
}

/// Cells of a 5x5 grid chosen by `mask`, with labels drawn from `codes` (few distinct labels,
/// so symmetric graphs are common).
fn cells(set: &std::collections::BTreeSet<usize>, codes: &[u8]) -> Vec<((usize, usize), Vertex)> {
    set.iter()
        .enumerate()
        .map(|(k, &i)| ((i / 5, i % 5), label(codes[k % codes.len()])))
        .collect()
}

/// Two cell sets of one size inside a 4x4 corner of the grid.
fn same_size_pair() -> impl Strategy<
    Value = (
        std::collections::BTreeSet<usize>,
        std::collections::BTreeSet<usize>,
    ),
> {
    let cell = prop::sample::select(vec![
        0usize, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18,
    ]);
    (1usize..=8).prop_flat_map(move |n| {
        (
            prop::collection::btree_set(cell.clone(), n),
            prop::collection::btree_set(cell.clone(), n),
        )
    })
}

fn graph(points: &[((usize, usize), Vertex)]) -> EyeGraph {
    EyeGraph::from_coordinates(points).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn key_is_invariant_under_symmetry_and_order(set in prop::collection::btree_set(0usize..25, 1..=16), codes in prop::collection::vec(0u8..4, 1..4), sym in 0usize..8, seed in 1u64..u64::MAX) {
        let points = cells(&set, &codes);
        let mut moved: Vec<_> = points.iter().map(|&(p, v)| (orient(sym, p), v)).collect();
        Rng(seed).shuffle(&mut moved);
        prop_assert_eq!(graph(&points).canonical_key(), graph(&moved).canonical_key());
    }

    #[test]
    fn equal_keys_iff_vf2_isomorphic((a, b) in same_size_pair(), codes in prop::collection::vec(0u8..3, 1..3)) {
        // Same vertex count inside a 4x4 square, so the comparison is not trivial.
        let (pa, pb) = (cells(&a, &codes), cells(&b, &codes));
        let (ga, gb) = (graph(&pa), graph(&pb));
        let vf2 = is_isomorphic_matching(ga.as_petgraph(), gb.as_petgraph(), |x, y| x == y, |_, _| true);
        prop_assert_eq!(ga.canonical_key() == gb.canonical_key(), vf2);
    }

    #[test]
    fn automorphisms_are_exactly_the_label_preserving_self_maps(set in prop::collection::btree_set(0usize..25, 1..=7), codes in prop::collection::vec(0u8..2, 1..3)) {
        let points = cells(&set, &codes);
        let g = graph(&points);
        let n = g.len();
        let form = g.canonical_form().unwrap();
        let is_aut = |p: &[usize]| {
            (0..n).all(|i| g.vertex(i) == g.vertex(p[i]))
                && (0..n).all(|i| (0..n).all(|j| g.neighbors(i).contains(&j) == g.neighbors(p[i]).contains(&p[j])))
        };
        let mut brute = Vec::new();
        let mut perm: Vec<usize> = (0..n).collect();
        permutations(&mut perm, 0, &mut |p| if is_aut(p) { brute.push(p.to_vec()) });
        let mut found = form.automorphisms.clone();
        prop_assert_eq!(found[0].clone(), (0..n).collect::<Vec<_>>());
        found.sort();
        brute.sort();
        prop_assert_eq!(found, brute);
    }
}

/// Every permutation of `v[k..]`, by swaps (depth at most 7 here).
fn permutations(v: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

#[test]
fn twin_pruning_keeps_the_key() {
    // A plus shape's four arms are twins; the key must not depend on which is tried first.
    let plus = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)];
    let pts: Vec<_> = plus.iter().map(|&p| (p, Vertex::EMPTY)).collect();
    let mut rev = pts.clone();
    rev.reverse();
    assert_eq!(graph(&pts).canonical_key(), graph(&rev).canonical_key());
    assert_eq!(
        graph(&pts).canonical_form().unwrap().automorphisms.len(),
        24
    );
}
