//! Recognising a shape on the board in one probe, by Zobrist hashing (as Dyer does).
//!
//! Takes the shapes and their placements; gives a [`ShapeIndex`]: every orientation of every
//! placement hashed (the XOR of one random word per cell, after moving the cells to the
//! origin) into one table. A set of points from a board, moved the same way, is recognised
//! with one hash and one probe, whatever its orientation and position; the stored cells are
//! compared too, so a hash collision cannot give a wrong shape.

use rustc_hash::FxHashMap;

use super::placement::{apply, edge_symmetries, placements, Edge, Placement};
use super::polyomino::{free_polyominoes, Cell};

/// The random word of a cell (SplitMix64 of its coordinates: fixed, so hashes are the same in
/// every run).
pub fn cell_key(c: Cell) -> u64 {
    let mut z = ((c.0 as u8 as u64) << 8 | c.1 as u8 as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Zobrist hash of a set of cells (not moved).
pub fn hash_cells(edge: Edge, cells: &[Cell]) -> u64 {
    cells.iter().fold(edge as u64, |h, &c| h ^ cell_key(c))
}

/// Where a recognised set of points sits in the shape list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recognised {
    /// Index of the shape in [`ShapeIndex::placements`]' outer list.
    pub shape: usize,
    /// Index of the placement in that shape's list.
    pub placement: usize,
    /// For each query cell (in the order given), the vertex of the placement it is.
    pub vertex_of: Vec<usize>,
}

/// Every placement of every shape up to a size, each orientation hashed.
pub struct ShapeIndex {
    /// `placements[shape]`: the placements of each shape, shapes in the order of
    /// [`free_polyominoes`] (size by size).
    pub placements: Vec<Vec<Placement>>,
    table: FxHashMap<u64, Vec<(usize, usize, Vec<Cell>)>>,
}

impl ShapeIndex {
    /// The index of every shape of `1..=up_to` cells.
    pub fn new(up_to: usize) -> ShapeIndex {
        let shapes: Vec<_> = free_polyominoes(up_to).into_iter().flatten().collect();
        let placements: Vec<Vec<Placement>> = shapes.iter().map(placements).collect();
        let mut table: FxHashMap<u64, Vec<(usize, usize, Vec<Cell>)>> = FxHashMap::default();
        for (s, ps) in placements.iter().enumerate() {
            for (p, pl) in ps.iter().enumerate() {
                let mut seen: Vec<Vec<Cell>> = Vec::new();
                for &t in edge_symmetries(pl.edge) {
                    let variant = apply(pl.edge, &pl.cells, t);
                    let mut key = variant.clone();
                    key.sort_unstable();
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    table
                        .entry(hash_cells(pl.edge, &variant))
                        .or_default()
                        .push((s, p, variant));
                }
            }
        }
        ShapeIndex { placements, table }
    }

    /// Recognise cells placed as `edge` says (row 0 on the edge for a side, rows and columns
    /// from the corner for a corner; anywhere for the centre): one hash, one probe.
    pub fn recognise(&self, edge: Edge, cells: &[Cell]) -> Option<Recognised> {
        let r0 = cells.iter().map(|c| c.0).min()?;
        let c0 = cells.iter().map(|c| c.1).min()?;
        let (dr, dc) = match edge {
            Edge::Centre => (r0, c0),
            Edge::Side => (0, c0),
            Edge::Corner => (0, 0),
        };
        let moved: Vec<Cell> = cells.iter().map(|&(r, c)| (r - dr, c - dc)).collect();
        let entries = self.table.get(&hash_cells(edge, &moved))?;
        for (s, p, variant) in entries {
            if variant.len() != moved.len() {
                continue;
            }
            let vertex_of: Option<Vec<usize>> = moved
                .iter()
                .map(|c| variant.iter().position(|v| v == c))
                .collect();
            if let Some(vertex_of) = vertex_of {
                return Some(Recognised {
                    shape: *s,
                    placement: *p,
                    vertex_of,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_orientation_is_recognised() {
        let index = ShapeIndex::new(5);
        for (s, ps) in index.placements.iter().enumerate() {
            for (p, pl) in ps.iter().enumerate() {
                for &t in edge_symmetries(pl.edge) {
                    // Shifted away from the origin (along the edge for a side).
                    let shift = match pl.edge {
                        Edge::Centre => (7, 3),
                        Edge::Side => (0, 5),
                        Edge::Corner => (0, 0),
                    };
                    let cells: Vec<Cell> = apply(pl.edge, &pl.cells, t)
                        .iter()
                        .map(|&(r, c)| (r + shift.0, c + shift.1))
                        .collect();
                    let got = index.recognise(pl.edge, &cells).unwrap();
                    assert_eq!((got.shape, got.placement), (s, p));
                    // The vertex map sends each cell to a placement cell of the same degree.
                    for (i, &v) in got.vertex_of.iter().enumerate() {
                        let deg = |set: &[Cell], c: Cell| {
                            set.iter()
                                .filter(|o| (o.0 - c.0).abs() + (o.1 - c.1).abs() == 1)
                                .count()
                        };
                        assert_eq!(deg(&cells, cells[i]), deg(&pl.cells, pl.cells[v]));
                    }
                }
            }
        }
        assert_eq!(index.recognise(Edge::Centre, &[(0, 0), (1, 1)]), None);
    }
}
