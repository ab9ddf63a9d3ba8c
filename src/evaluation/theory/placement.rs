//! Where a shape sits on the board: in the centre, on a side, in a corner, and the solver's
//! model of it.
//!
//! Takes a [`Shape`]; gives its distinct [`Placement`]s (Dyer's "positions on the board"):
//! the centre, every orientation touching one edge, every orientation touching two edges at
//! the corner, each counted once up to the symmetries that keep the edges where they are.
//! A placement becomes a solver [`Space`]: cells in order, the holes as owner stones the
//! shape closes in, edge counts from the board edges (row 0 and, in a corner, column 0).

use super::polyomino::{holes_of, normalise, transform, Cell, Shape};
use crate::evaluation::solve::Space;

/// Where a placement sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Edge {
    /// No board edge touches the shape.
    Centre,
    /// The shape touches one edge (row 0).
    Side,
    /// The shape touches two edges (row 0 and column 0).
    Corner,
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Edge::Centre => "centre",
            Edge::Side => "side",
            Edge::Corner => "corner",
        })
    }
}

/// A shape placed on the board.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// Centre, side or corner.
    pub edge: Edge,
    /// The cells, row 0 on the edge (side, corner), column 0 on the edge (corner); sorted.
    pub cells: Vec<Cell>,
}

/// The symmetries that keep a placement's edges: all 8 in the centre, the mirror across the
/// edge's normal on a side, the diagonal in a corner.
pub fn edge_symmetries(edge: Edge) -> &'static [u8] {
    match edge {
        Edge::Centre => &[0, 1, 2, 3, 4, 5, 6, 7],
        Edge::Side => &[0, 4],
        Edge::Corner => &[0, 5],
    }
}

/// The cells of a placement under one of its edge symmetries, normalised (the edges stay at
/// row 0 and column 0), in the order of the input cells.
pub fn apply(edge: Edge, cells: &[Cell], t: u8) -> Vec<Cell> {
    let moved: Vec<Cell> = cells.iter().map(|&c| transform(c, t)).collect();
    let r0 = if edge == Edge::Centre {
        moved.iter().map(|c| c.0).min().unwrap_or(0)
    } else {
        0
    };
    let c0 = if edge == Edge::Corner {
        0
    } else {
        moved.iter().map(|c| c.1).min().unwrap_or(0)
    };
    moved.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
}

/// The canonical form of a placement's cells: the smallest sorted list over its edge
/// symmetries.
pub fn canonical(edge: Edge, cells: &[Cell]) -> Vec<Cell> {
    edge_symmetries(edge)
        .iter()
        .map(|&t| {
            let mut v = apply(edge, cells, t);
            v.sort_unstable();
            v
        })
        .min()
        .unwrap_or_default()
}

impl Placement {
    /// The holes of the shape (owner stones it closes in), sorted.
    pub fn holes(&self) -> Vec<Cell> {
        holes_of(&self.cells)
    }

    /// How many board edges each cell touches, in the order of [`Placement::cells`].
    pub fn edges(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&(r, c)| match self.edge {
                Edge::Centre => 0,
                Edge::Side => u8::from(r == 0),
                Edge::Corner => u8::from(r == 0) + u8::from(c == 0),
            })
            .collect()
    }

    /// The solver's model: vertex `i` is `cells[i]`, then the holes as enclosed owner stones.
    pub fn space(&self) -> Space {
        let holes = self.holes();
        let all: Vec<Cell> = self.cells.iter().chain(&holes).copied().collect();
        let mut s = Space {
            n: all.len(),
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            defender: 0,
            edge: [0; 32],
        };
        for (i, &(r, c)) in all.iter().enumerate() {
            for (j, &o) in all.iter().enumerate() {
                if (r - o.0).abs() + (c - o.1).abs() == 1 {
                    s.adj[i] |= 1 << j;
                }
            }
        }
        for (i, e) in self.edges().into_iter().enumerate() {
            s.edge[i] = e;
        }
        for i in self.cells.len()..all.len() {
            s.defender |= 1 << i;
        }
        s
    }
}

/// Every distinct placement of a shape: the centre first, then the sides, then the corners,
/// each group sorted.
pub fn placements(shape: &Shape) -> Vec<Placement> {
    let mut out = vec![Placement {
        edge: Edge::Centre,
        cells: shape.cells().to_vec(),
    }];
    for edge in [Edge::Side, Edge::Corner] {
        let mut group: Vec<Vec<Cell>> = shape
            .isomers()
            .iter()
            .map(|iso| canonical(edge, &normalise(iso)))
            .collect();
        group.sort();
        group.dedup();
        out.extend(group.into_iter().map(|cells| Placement { edge, cells }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bent_four_has_dyers_nine_positions() {
        let bent = Shape::new(&[(0, 0), (1, 0), (2, 0), (2, 1)]).unwrap();
        let p = placements(&bent);
        assert_eq!(p.len(), 9);
        assert_eq!(p.iter().filter(|p| p.edge == Edge::Side).count(), 4);
        let straight = Shape::new(&[(0, 0), (0, 1), (0, 2)]).unwrap();
        // Centre; along the edge or end-on; in the corner (along one edge is end-on to the
        // other, the same placement by the diagonal).
        assert_eq!(placements(&straight).len(), 4);
        let s = placements(&bent)[0].space();
        assert_eq!(s.n, 4);
        assert_eq!(s.edge[..4], [0, 0, 0, 0]);
    }
}
