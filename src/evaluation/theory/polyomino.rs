//! Free polyominoes: enumeration by size, the isomers of each, holes.
//!
//! Takes a size; gives every free polyomino of that size (rotations and reflections counted
//! once) as a [`Shape`], in a fixed order, with its holes. Grown one generation at a time,
//! as Dyer builds his shapes: every shape of size `n` plus one adjacent cell, reduced to its
//! canonical orientation and kept once.

use std::collections::BTreeSet;

/// A cell of a shape: `(row, column)`.
pub type Cell = (i8, i8);

/// The largest shape size [`free_polyominoes`] enumerates.
pub const MAX_SHAPE_SIZE: usize = 10;

/// A free polyomino in its canonical orientation: the smallest sorted cell list, over the 8
/// symmetries of the square, of the shape moved so that its smallest row and column are 0.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    cells: Vec<Cell>,
}

/// The 8 symmetries of the square applied to a cell.
pub fn transform(c: Cell, t: u8) -> Cell {
    let (r, q) = c;
    match t & 7 {
        0 => (r, q),
        1 => (q, -r),
        2 => (-r, -q),
        3 => (-q, r),
        4 => (r, -q),
        5 => (q, r),
        6 => (-r, q),
        _ => (-q, -r),
    }
}

/// Cells moved so that the smallest row and column are 0, sorted.
pub fn normalise(cells: &[Cell]) -> Vec<Cell> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// Whether the cells are 4-connected.
pub fn connected(cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut seen = BTreeSet::from([first]);
    let mut todo = vec![first];
    while let Some((r, c)) = todo.pop() {
        for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
            if set.contains(&n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen.len() == set.len()
}

impl Shape {
    /// The shape of a set of connected cells, in canonical orientation; `None` when the cells
    /// are empty or not connected.
    pub fn new(cells: &[Cell]) -> Option<Shape> {
        if cells.is_empty() || !connected(cells) {
            return None;
        }
        let best = (0..8)
            .map(|t| normalise(&cells.iter().map(|&c| transform(c, t)).collect::<Vec<_>>()))
            .min()?;
        Some(Shape { cells: best })
    }

    /// The cells, canonical orientation, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// The distinct orientations (1, 2, 4 or 8), each normalised and sorted, canonical first.
    pub fn isomers(&self) -> Vec<Vec<Cell>> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for t in 0..8 {
            let v = normalise(
                &self
                    .cells
                    .iter()
                    .map(|&c| transform(c, t))
                    .collect::<Vec<_>>(),
            );
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out
    }

    /// The holes: cells not in the shape that cannot reach the outside without crossing it.
    pub fn holes(&self) -> Vec<Cell> {
        holes_of(&self.cells)
    }

    /// True when the shape has a hole.
    pub fn is_holed(&self) -> bool {
        !self.holes().is_empty()
    }
}

/// The holes of a set of cells (see [`Shape::holes`]).
pub fn holes_of(cells: &[Cell]) -> Vec<Cell> {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    let (Some(r0), Some(r1)) = (
        cells.iter().map(|c| c.0).min(),
        cells.iter().map(|c| c.0).max(),
    ) else {
        return Vec::new();
    };
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
    // Flood the box one cell larger than the shape from its corner: what it does not reach,
    // and is not the shape, is a hole.
    let inside = |&(r, c): &Cell| r >= r0 - 1 && r <= r1 + 1 && c >= c0 - 1 && c <= c1 + 1;
    let start = (r0 - 1, c0 - 1);
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some((r, c)) = todo.pop() {
        for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
            if inside(&n) && !set.contains(&n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    let mut out = Vec::new();
    for r in r0..=r1 {
        for c in c0..=c1 {
            if !set.contains(&(r, c)) && !seen.contains(&(r, c)) {
                out.push((r, c));
            }
        }
    }
    out
}

/// Every free polyomino of each size `1..=up_to` (holed ones included): `result[k]` holds
/// those of size `k + 1`, sorted. `up_to` is clamped to [`MAX_SHAPE_SIZE`].
pub fn free_polyominoes(up_to: usize) -> Vec<Vec<Shape>> {
    let up_to = up_to.min(MAX_SHAPE_SIZE);
    let mut out: Vec<Vec<Shape>> = Vec::new();
    let mut current: BTreeSet<Shape> = BTreeSet::new();
    if up_to == 0 {
        return out;
    }
    current.insert(Shape {
        cells: vec![(0, 0)],
    });
    out.push(current.iter().cloned().collect());
    for _ in 1..up_to {
        let mut next = BTreeSet::new();
        for s in &current {
            for &(r, c) in &s.cells {
                for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                    if s.cells.contains(&n) {
                        continue;
                    }
                    let mut cells = s.cells.clone();
                    cells.push(n);
                    if let Some(shape) = Shape::new(&cells) {
                        next.insert(shape);
                    }
                }
            }
        }
        out.push(next.iter().cloned().collect());
        current = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_up_to_eight() {
        let all = free_polyominoes(8);
        let counts: Vec<usize> = all.iter().map(Vec::len).collect();
        assert_eq!(counts, vec![1, 1, 2, 5, 12, 35, 108, 369]);
        let holed: Vec<usize> = all
            .iter()
            .map(|v| v.iter().filter(|s| s.is_holed()).count())
            .collect();
        assert_eq!(holed, vec![0, 0, 0, 0, 0, 0, 1, 6]);
    }

    #[test]
    fn isomers_of_known_shapes() {
        let square = Shape::new(&[(0, 0), (0, 1), (1, 0), (1, 1)]).unwrap();
        assert_eq!(square.isomers().len(), 1);
        let line = Shape::new(&[(0, 0), (0, 1), (0, 2)]).unwrap();
        assert_eq!(line.isomers().len(), 2);
        let l = Shape::new(&[(0, 0), (1, 0), (2, 0), (2, 1)]).unwrap();
        assert_eq!(l.isomers().len(), 8);
        assert_eq!(Shape::new(&[(0, 0), (1, 1)]), None);
        let ring: Vec<Cell> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .filter(|&c| c != (1, 1) && c != (0, 0))
            .collect();
        assert_eq!(Shape::new(&ring).unwrap().holes(), vec![(1, 1)]);
    }
}
