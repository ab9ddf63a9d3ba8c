//! Two eyes from two parts: a sure lower bound for a large space, read in small pieces.
//!
//! Takes an analysed space ([`AnalyzedSpace`]) too large for the solver to read whole within
//! its budget (or at all: it reads at most [`MAX_VERTICES`] vertices); gives whether the
//! space is proven to give its owner two eyes with the attacker moving first (`b = 2`, so
//! `c = 2` too). The final status asks it of the large areas at the end of a game, where a
//! reading of the whole gives up and the area could only be counted.
//!
//! The proof: two parts of the space, each with its mouth (the points of the space next to
//! it outside it), the two parts and their mouths sharing no point and no part next to the
//! other's; each part, read by the solver in a model that gives the attacker all the
//! doubt, gives one eye at least with the attacker moving first. A part's model: its points
//! as the space has them (margins, attacker stones, board edges, sides on the wall); each
//! point of its mouth that has a neighbour in the space beyond becomes a margin whose one
//! side off the part is the line to an invincible attacker group (an attacker stone there,
//! and every stone joined to it, can never be captured) and whose other sides are board
//! edges (no wall there: an owner's stone there joins nothing and has no liberty beyond);
//! the wall has no liberty outside the model (outer liberties 0); the attacker has
//! [`PART_KO_THREATS`] ko threats, the owner none.
//!
//! Why that is two eyes: the owner answers each attacker move in a part or its mouth there,
//! as that part's reading does, and passes when the attacker plays anywhere else. Each part
//! then goes as its reading went or better for the owner: what lies beyond its mouth is at
//! worst the model's invincible attacker, the wall's liberties beyond it at worst none, a ko
//! at worst one the attacker wins with the threats the other part may give him; and no move
//! is in both readings. A part's one eye keeps the wall alive with one more eye that the
//! attacker can fill only as his capturing move, which the other part is: two eyes. A
//! reading that gives up counts as no eye, and the space is then read as before. The parts
//! are balls round a few seeds (corners and edges first), the least that gives an eye
//! first, with a mouth of at most two points and a small budget each: narrow areas (along
//! the edge, or with a neck) are proven; a wide open area seldom is, and costs a few
//! hundred nodes to try.

use crate::board::eyes::topology::AnalyzedSpace;
use crate::board::Loc;
use crate::evaluation::evaluate::{Budget, Evaluator, Reading};
use crate::evaluation::solve::{Params, MAX_VERTICES};
use crate::pattern::graph::{EyeGraph, Vertex};

/// Spaces of fewer points are not split: the solver reads them whole, and two parts with
/// room for an eye each seldom fit.
pub const PARTS_FROM: usize = 12;

/// The solver's budget, in nodes, for one part: the parts that give an eye read within it,
/// and one that does not costs little (`docs/MEASUREMENTS.md`).
pub const PART_NODES: u64 = 300;

/// Parts read at most for one space (the evaluator keeps each part's answer by its shape).
pub const MAX_PART_READS: usize = 4;

/// Seeds tried for each part.
const SEEDS: usize = 4;

/// The ko threats the attacker has in a part's reading (the owner has none): the other part
/// may give him threats; this is the solver's most.
pub const PART_KO_THREATS: u8 = 3;

/// The most vertices of a part's graph, its mouth included.
const PART_VERTICES: usize = 16;

/// The most points a part has next to it in the space (its mouth): a part open wider seldom
/// gives an eye with the attacker given the rest, and its reading seldom ends.
const MAX_MOUTH: usize = 2;

/// The radii of the parts tried round each seed.
const RADII: [usize; 4] = [2, 3, 4, 5];

/// True when the space is proven to give its owner two eyes with the attacker moving first
/// (the module docs); false when no two parts are found that prove it within the reads.
pub(crate) fn two_eyes(ev: &Evaluator<'_>, a: &AnalyzedSpace, order: &dyn Fn(Loc) -> u32) -> bool {
    let verts = &a.graph.vertices;
    let n = verts.len();
    if n < PARTS_FROM || !ev.has_solver() || verts.iter().any(|v| v.loc.is_none() || v.enclosed) {
        return false;
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(i, j) in &a.graph.edges {
        if i < n && j < n {
            adj[i].push(j);
            adj[j].push(i);
        }
    }
    // The model's edge count of a vertex (as the analysis's graph gives it to the solver).
    let edge = |i: usize| {
        verts[i]
            .edge
            .min(2)
            .saturating_sub(u8::from(verts[i].open_side))
    };
    // A point of the space touches the wall where it has a side left after its neighbours,
    // the board's edges and, for a margin, the line to the attacker. The seeds are the
    // empty points that are not margins.
    let touches_wall = |i: usize| {
        let used = adj[i].len() + usize::from(edge(i)) + usize::from(verts[i].marginal);
        used < 4
    };
    let mut seeds: Vec<usize> = (0..n)
        .filter(|&i| !verts[i].stone && !verts[i].marginal)
        .collect();
    // Corners and edges first: eyes come easiest there; then points on the wall; then the
    // caller's order of the board's points (its canonical order: the same seeds however the
    // board is turned). Every vertex has its point (checked above).
    let rank = |i: usize| verts[i].loc.map_or(u32::MAX, order);
    seeds.sort_by_key(|&i| (std::cmp::Reverse((edge(i), touches_wall(i))), rank(i)));
    let params = Params {
        outer_liberties: 0,
        attacker_ko_threats: PART_KO_THREATS,
        defender_ko_threats: 0,
        node_limit: PART_NODES.min(ev.params().node_limit),
        time_limit: None,
        ..*ev.params()
    };
    // Each part read once (a part is its points, sorted), within [`MAX_PART_READS`].
    let mut read: Vec<(Vec<usize>, bool)> = Vec::new();
    let mut gives_eye = |part: &[usize], gap: &[usize]| -> bool {
        let mut key = part.to_vec();
        key.sort_unstable();
        if let Some((_, eye)) = read.iter().find(|(k, _)| *k == key) {
            return *eye;
        }
        if read.len() >= MAX_PART_READS {
            return false;
        }
        let eye = part_graph(a, &adj, part, gap, edge).is_some_and(
            |g| matches!(ev.solve_reading(&g, &params, Reading::OneEye, Budget::Whole), Ok(e) if e.value.b >= 1),
        );
        read.push((key, eye));
        eye
    };
    let none = vec![false; n];
    for &s1 in seeds.iter().take(SEEDS) {
        // The least part round the seed that gives an eye: it leaves the most room.
        let Some((p1, g1)) = RADII
            .iter()
            .filter_map(|&r| ball(&adj, s1, r, &none))
            .find(|(p, g)| gives_eye(p, g))
        else {
            continue;
        };
        // The second part and the points next to it keep off the first and the points next
        // to it (no point is in both readings), as far from the first's seed as may be.
        let mut taken = vec![false; n];
        for &i in p1.iter().chain(&g1) {
            taken[i] = true;
            for &j in &adj[i] {
                taken[j] = true;
            }
        }
        let dist = distances(&adj, s1);
        let mut far: Vec<usize> = seeds.iter().copied().filter(|&i| !taken[i]).collect();
        far.sort_by_key(|&i| (std::cmp::Reverse(dist[i]), rank(i)));
        for &s2 in far.iter().take(SEEDS) {
            if RADII
                .iter()
                .filter_map(|&r| ball(&adj, s2, r, &taken))
                .any(|(p, g)| gives_eye(&p, &g))
            {
                return true;
            }
        }
    }
    false
}

/// The points within `radius` steps of `seed` inside the space, keeping off `taken`, and the
/// points of the space next to them outside (`taken` ones included); `None` when the part
/// has fewer than three points or its graph would have more than [`PART_VERTICES`].
fn ball(
    adj: &[Vec<usize>],
    seed: usize,
    radius: usize,
    taken: &[bool],
) -> Option<(Vec<usize>, Vec<usize>)> {
    let n = adj.len();
    let mut dist = vec![usize::MAX; n];
    dist[seed] = 0;
    let mut part = vec![seed];
    let mut i = 0;
    while i < part.len() {
        let p = part[i];
        i += 1;
        if dist[p] == radius {
            continue;
        }
        for &q in &adj[p] {
            if dist[q] == usize::MAX && !taken[q] {
                dist[q] = dist[p] + 1;
                part.push(q);
            }
        }
    }
    let mut gap: Vec<usize> = part
        .iter()
        .flat_map(|&p| adj[p].iter().copied())
        .filter(|&q| dist[q] == usize::MAX)
        .collect();
    gap.sort_unstable();
    gap.dedup();
    (part.len() >= 3
        && gap.len() <= MAX_MOUTH
        && part.len() + gap.len() <= PART_VERTICES.min(MAX_VERTICES))
    .then_some((part, gap))
}

/// Steps from `from` to every point of the space.
fn distances(adj: &[Vec<usize>], from: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; adj.len()];
    dist[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        for &q in &adj[p] {
            if dist[q] == usize::MAX {
                dist[q] = dist[p] + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

/// A part's graph in the module docs' model: its points as the space has them, then the
/// points next to it outside: each of those with a neighbour in the space beyond the part
/// made a margin whose only side off the part is the line to the attacker (its other sides
/// board edges: no wall there), the others as the space has them.
fn part_graph(
    a: &AnalyzedSpace,
    adj: &[Vec<usize>],
    part: &[usize],
    gap: &[usize],
    edge: impl Fn(usize) -> u8,
) -> Option<EyeGraph> {
    let verts = &a.graph.vertices;
    let mut index = vec![usize::MAX; adj.len()];
    for (k, &i) in part.iter().chain(gap).enumerate() {
        index[i] = k;
    }
    let mut vertices = Vec::with_capacity(part.len() + gap.len());
    let mut edges = Vec::new();
    for &i in part.iter().chain(gap) {
        let inside = adj[i].iter().filter(|&&j| index[j] != usize::MAX).count();
        let beyond = adj[i].len() - inside;
        let v = if verts[i].stone {
            Vertex::stone(verts[i].marginal || beyond > 0)
        } else {
            Vertex::empty(verts[i].marginal || beyond > 0)
        };
        let e = if beyond > 0 {
            u8::try_from(3usize.checked_sub(inside)?).ok()?
        } else {
            edge(i)
        };
        vertices.push(v.on_edges(e));
        for &j in &adj[i] {
            if index[j] != usize::MAX && index[i] < index[j] {
                edges.push((index[i], index[j]));
            }
        }
    }
    EyeGraph::from_adjacency(vertices, &edges).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::analysis::{analyze_position, AnalysisLimits};
    use crate::board::values::valuation::space_graph;

    /// The large spaces of the self-play final positions of `tests/final/`,
    /// each that two parts prove two eyes and the solver can read whole: the whole reading
    /// agrees (`b = c = 2`). The same spaces with every point a margin (each next to an
    /// invincible attacker, so that no eye holds) are never proven, and read `0` whole.
    #[test]
    fn a_space_proven_by_parts_reads_two_eyes_whole() {
        let ev = Evaluator::with_default();
        let board_order = |l: Loc| u32::from(l.0);
        let limits = AnalysisLimits {
            solver_nodes: 1_000,
            ..AnalysisLimits::default()
        };
        let whole = |a: &AnalyzedSpace, graph: &EyeGraph| {
            let params = Params {
                outer_liberties: a.outer_liberties,
                node_limit: 5_000_000,
                ..Params::default()
            };
            let e = ev
                .solve_reading(graph, &params, Reading::MinMax, Budget::Whole)
                .unwrap();
            (e.value.b, e.value.c)
        };
        let (mut proven, mut open) = (0, 0);
        let selfplay = crate::board::corpus::final_positions()
            .into_iter()
            .filter(|(name, _, _)| name.contains("selfplay"));
        for (name, mut board, _) in selfplay {
            let report = analyze_position(&mut board, &ev, None, limits);
            for r in &report.spaces {
                let Ok(graph) = space_graph(&r.analyzed) else {
                    continue;
                };
                if graph.len() > limits.max_solver_vertices
                    || !two_eyes(&ev, &r.analyzed, &board_order)
                {
                    continue;
                }
                assert_eq!(whole(&r.analyzed, &graph), (2, 2), "{name}");
                proven += 1;
                let mut margins = r.analyzed.clone();
                for v in &mut margins.graph.vertices {
                    v.marginal = true;
                }
                assert!(!two_eyes(&ev, &margins, &board_order), "{name}");
                let graph = space_graph(&margins).unwrap();
                assert_eq!(whole(&margins, &graph).0, 0, "{name}");
                open += 1;
            }
        }
        assert!(proven >= 2, "{proven} spaces proven");
        assert_eq!(open, proven);
    }
}
