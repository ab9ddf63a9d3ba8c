//! The baseline matcher: GNU Go's method, for comparison and for checking the fast one.
//!
//! A linear scan of the patterns in file order; for each pattern of the right size and marginal
//! count, a backtracking search for a bijection (explicit stack, no recursion). Its cost grows
//! with the number of patterns; the compiled [`super::Database`] gives the same answers.

use super::{Match, VertexSet};
use crate::pattern::diagram::Content;
use crate::pattern::dsl::Pattern;
use crate::pattern::graph::{EyeGraph, Vertex, MAX_VERTICES};

struct Compiled {
    number: u32,
    value: crate::EyeValue,
    n: usize,
    marginals: usize,
    labels: Vec<Vertex>,
    adj: Vec<u32>,
}

/// The patterns of a file, scanned in order.
pub struct Baseline {
    patterns: Vec<Compiled>,
}

impl Baseline {
    /// A baseline over these patterns, in their order.
    pub fn new(patterns: &[Pattern]) -> Baseline {
        let patterns = patterns
            .iter()
            .map(|p| Compiled {
                number: p.number,
                value: p.value,
                n: nodes(&p.graph),
                marginals: p.graph.marginal_count(),
                labels: labels(&p.graph),
                adj: adjacency(&p.graph),
            })
            .collect();
        Baseline { patterns }
    }

    /// The first pattern in file order that matches `space` (`docs/PATTERNS.md`, "Matching").
    pub fn lookup(&self, space: &EyeGraph) -> Option<Match> {
        let n = nodes(space);
        let marginals = space.marginal_count();
        let labels = labels(space);
        let adj = adjacency(space);
        for (index, p) in self.patterns.iter().enumerate() {
            if p.n != n || p.marginals != marginals {
                continue;
            }
            if let Some(map) = find_bijection(p, &labels, &adj) {
                let image = |f: fn(&Vertex) -> bool| {
                    VertexSet(
                        (0..n)
                            .filter(|&i| f(&p.labels[i]))
                            .fold(0, |m, i| m | 1 << map[i]),
                    )
                };
                return Some(Match {
                    pattern: p.number,
                    index,
                    value: p.value,
                    attack: image(|v| v.attack),
                    defense: image(|v| v.defense),
                });
            }
        }
        None
    }
}

/// Vertices matched one to one: the space's and its enclosed defender stones.
fn nodes(g: &EyeGraph) -> usize {
    g.len() + g.enclosed_len()
}

fn labels(g: &EyeGraph) -> Vec<Vertex> {
    (0..nodes(g)).map(|i| *g.vertex(i)).collect()
}

fn adjacency(g: &EyeGraph) -> Vec<u32> {
    (0..nodes(g))
        .map(|i| g.adjacent(i).into_iter().fold(0u32, |m, j| m | 1 << j))
        .collect()
}

/// Can pattern vertex `p` stand on space vertex `s`?
fn compatible(p: &Vertex, s: &Vertex) -> bool {
    let defender = |v: &Vertex| v.content == Content::Defender;
    p.marginal == s.marginal
        && s.edge >= p.edge
        && defender(p) == defender(s)
        && (defender(p) || p.content.allows(s.content == Content::Stone))
}

/// A bijection pattern vertex -> space vertex, found by backtracking in pattern order.
fn find_bijection(p: &Compiled, labels: &[Vertex], adj: &[u32]) -> Option<[u8; MAX_VERTICES]> {
    let n = p.n;
    let mut map = [0u8; MAX_VERTICES];
    // next[k]: the next space vertex to try for pattern vertex k.
    let mut next = [0u8; MAX_VERTICES + 1];
    let mut used = 0u32;
    let mut k = 0usize;
    if n == 0 {
        return Some(map);
    }
    loop {
        let mut placed = false;
        while (next[k] as usize) < n {
            let s = next[k] as usize;
            next[k] += 1;
            if used >> s & 1 == 1 || !compatible(&p.labels[k], &labels[s]) {
                continue;
            }
            // Adjacency to every earlier pattern vertex must agree both ways.
            let ok = (0..k).all(|j| (p.adj[k] >> j & 1 == 1) == (adj[s] >> map[j] & 1 == 1));
            if ok {
                map[k] = s as u8;
                used |= 1 << s;
                placed = true;
                break;
            }
        }
        if placed {
            k += 1;
            if k == n {
                return Some(map);
            }
            next[k] = 0;
        } else {
            if k == 0 {
                return None;
            }
            k -= 1;
            used &= !(1 << map[k]);
        }
    }
}
