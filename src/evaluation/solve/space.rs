//! The model: an eye space as bitmasks, built from a diagram and checked.

use super::search::Geometry;
use super::{SolveError, MAX_VERTICES};
use crate::pattern::diagram::{Content, Diagram};

/// An eye space as bitmasks over vertex indices `0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    /// Number of vertices.
    pub n: usize,
    /// `adj[v]`: the vertices adjacent to `v`.
    pub adj: [u32; 32],
    /// Marginal vertices (next to an invincible attacker group).
    pub marginal: u32,
    /// Vertices holding an attacker stone.
    pub stone: u32,
    /// Vertices holding an enclosed defender stone at the start: a stone of the owner that the
    /// space closes in, not part of the wall, which can be captured (its point then becomes an
    /// empty point of the space). Never marginal, never with a wall side: its free sides, if
    /// any, are invincible attacker stones outside the space (on a board, a stone the
    /// attacker's stones cut off from the wall), so that once it is captured its point is
    /// played as a marginal one.
    pub defender: u32,
    /// `edge[v]`: 0 inside the board, 1 on an edge, 2 in a corner.
    pub edge: [u8; 32],
}

/// The vertices of a mask, ascending.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            v
        })
    })
}

/// The part of `within` connected to `seed` through `adj`.
fn flood(adj: &[u32; 32], seed: u32, within: u32) -> u32 {
    let mut g = seed & within;
    loop {
        let next = g | bits(g).fold(0, |m, v| m | adj[v]) & within;
        if next == g {
            return g;
        }
        g = next;
    }
}

impl Space {
    /// The same space with its vertices in canonical order (the canonical labelling of the
    /// graph coloured by marginal mark, stone, enclosed defender and edge count), and that
    /// order: position `i` holds vertex `order[i]` of `self`. Isomorphic spaces, however their
    /// vertices are numbered, give the same space here, so a search cut short by a node limit
    /// gives up (or not) on all of them alike.
    pub fn canonical(&self) -> (Space, [u8; 32]) {
        let mut c = crate::pattern::graph::canon::Compact::empty();
        c.n = self.n;
        for v in 0..self.n {
            c.adj[v] = self.adj[v];
            let bit = |m: u32| u8::from(m >> v & 1 == 1);
            c.color[v] = bit(self.marginal)
                | bit(self.stone) << 1
                | self.edge[v].min(3) << 2
                | bit(self.defender) << 4;
        }
        let order = crate::pattern::graph::canon::canonical(&c).order;
        (self.permuted(&order), order)
    }

    /// The same space with its vertices renumbered: position `i` holds vertex `order[i]`
    /// (`order` a permutation of `0..n`).
    pub(crate) fn permuted(&self, order: &[u8; 32]) -> Space {
        let mut pos = [0u8; 32];
        for (i, &v) in order.iter().enumerate().take(self.n) {
            pos[v as usize] = i as u8;
        }
        let map = |m: u32| bits(m).fold(0u32, |out, v| out | 1 << pos[v]);
        let mut out = Space {
            n: self.n,
            adj: [0; 32],
            marginal: map(self.marginal),
            stone: map(self.stone),
            defender: map(self.defender),
            edge: [0; 32],
        };
        for (i, &v) in order.iter().enumerate().take(self.n) {
            out.adj[i] = map(self.adj[v as usize]);
            out.edge[i] = self.edge[v as usize];
        }
        out
    }

    /// The space of a diagram: vertices in [`Diagram::vertices`] order, then the cells the
    /// space closes in ([`Diagram::enclosed`]) holding defender stones; orthogonal neighbours
    /// in the grid adjacent, edge counts from the edge markers. `x` is refused.
    pub fn from_diagram(d: &Diagram) -> Result<Space, SolveError> {
        let vs = d.vertices();
        let enclosed = d.enclosed();
        let n = vs.len() + enclosed.len();
        if n > MAX_VERTICES {
            return Err(SolveError::TooManyVertices {
                given: n,
                limit: MAX_VERTICES,
            });
        }
        let mut s = Space {
            n,
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            defender: 0,
            edge: [0; 32],
        };
        let at: Vec<(usize, usize)> = vs
            .iter()
            .map(|v| (v.row, v.col))
            .chain(enclosed.iter().map(|e| (e.row, e.col)))
            .collect();
        for (i, e) in enclosed.iter().enumerate() {
            let i = vs.len() + i;
            s.defender |= 1 << i;
            s.edge[i] = e.edge;
        }
        for (i, &(r, c)) in at.iter().enumerate() {
            for (j, &(r2, c2)) in at.iter().enumerate() {
                if r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    s.adj[i] |= 1 << j;
                }
            }
        }
        for (i, v) in vs.iter().enumerate() {
            match v.marker.content() {
                Content::Either => {
                    return Err(SolveError::Wildcard {
                        vertex: i,
                        row: v.row,
                        col: v.col,
                    })
                }
                Content::Stone => s.stone |= 1 << i,
                Content::Empty | Content::Defender => {}
            }
            if v.marker.is_marginal() {
                s.marginal |= 1 << i;
            }
            s.edge[i] = v.edge;
        }
        s.check().map_err(|e| match e {
            SolveError::EnclosedWithoutLiberty { vertex, .. } => {
                SolveError::EnclosedWithoutLiberty {
                    vertex,
                    at: at.get(vertex).copied(),
                }
            }
            e => e,
        })?;
        Ok(s)
    }

    /// Check the space: size, masks in range, symmetric adjacency without loops, at most four
    /// sides to a point.
    pub fn check(&self) -> Result<(), SolveError> {
        let n = self.n;
        if n > MAX_VERTICES {
            return Err(SolveError::TooManyVertices {
                given: n,
                limit: MAX_VERTICES,
            });
        }
        if n == 0 {
            return Err(SolveError::Empty);
        }
        let all = (1u32 << n) - 1;
        let out = |what: &'static str, m: u32| -> Result<(), SolveError> {
            if m & !all != 0 {
                Err(SolveError::VertexOutOfRange {
                    what,
                    vertex: (m & !all).trailing_zeros() as usize,
                    n,
                })
            } else {
                Ok(())
            }
        };
        out("marginal", self.marginal)?;
        out("stone", self.stone)?;
        out("defender", self.defender)?;
        if let Some(vertex) = [self.defender & self.stone, self.defender & self.marginal]
            .iter()
            .find(|&&m| m != 0)
            .map(|m| m.trailing_zeros() as usize)
        {
            return Err(SolveError::EnclosedOnSpacePoint { vertex });
        }
        for v in 0..32 {
            if v >= n {
                if self.adj[v] != 0 {
                    return Err(SolveError::VertexOutOfRange {
                        what: "adj",
                        vertex: v,
                        n,
                    });
                }
                continue;
            }
            out("adj", self.adj[v])?;
            if self.adj[v] & (1 << v) != 0 {
                return Err(SolveError::SelfLoop { vertex: v });
            }
            let mut m = self.adj[v];
            while m != 0 {
                let u = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.adj[u] & (1 << v) == 0 {
                    return Err(SolveError::NotSymmetric { u: v, v: u });
                }
            }
            if self.edge[v] > 2 {
                return Err(SolveError::BadEdge {
                    vertex: v,
                    edge: self.edge[v],
                });
            }
            let degree = self.adj[v].count_ones();
            if degree + self.edge[v] as u32 > 4 {
                return Err(SolveError::TooManySides {
                    vertex: v,
                    degree,
                    edge: self.edge[v],
                });
            }
        }
        // The wall must touch the space somewhere: a point off the enclosed stones with a
        // side that is neither a neighbour, a board edge nor its line to a margin.
        let touches_wall = (0..n).any(|v| {
            let free = 4 - self.adj[v].count_ones() as i32 - self.edge[v] as i32;
            let line = (self.marginal >> v & 1) as i32;
            self.defender >> v & 1 == 0 && free - line > 0
        });
        if !touches_wall {
            return Err(SolveError::NoWall);
        }
        // An enclosed defender string needs a liberty.
        let mut left = self.defender;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            let string = flood(&self.adj, 1 << first, self.defender);
            left &= !string;
            let around = bits(string).fold(0, |m, v| m | self.adj[v]) & !string;
            if around & !self.stone & !self.defender == 0 {
                return Err(SolveError::EnclosedWithoutLiberty {
                    vertex: first,
                    at: None,
                });
            }
        }
        Ok(())
    }

    pub(super) fn geometry(&self) -> Geometry {
        let (mut wall, mut marg) = (0u32, self.marginal);
        for v in 0..self.n {
            let free = 4 - self.adj[v].count_ones() as i32 - self.edge[v] as i32;
            let line = (self.marginal >> v & 1) as i32;
            // An enclosed stone's free sides are attacker stones, not the wall: the
            // attacker's stones outside that cut it off, which the model takes as invincible,
            // as those beside a margin; so once the stone is captured its point is marginal.
            if self.defender >> v & 1 != 0 {
                if free > 0 {
                    marg |= 1 << v;
                }
            } else if free - line > 0 {
                wall |= 1 << v;
            }
        }
        let mut order = [0u8; 32];
        for (i, o) in order.iter_mut().enumerate().take(self.n) {
            *o = i as u8;
        }
        order[..self.n].sort_by_key(|&v| std::cmp::Reverse(self.adj[v as usize].count_ones()));
        Geometry::new(self.n, self.adj, wall, marg, order)
    }
}
