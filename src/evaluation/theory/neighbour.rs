//! The neighbour classification of Vilà and Cazenave: each cell of a shape counts its
//! neighbours inside the shape; the counts, sorted, are the class (`[112224]` for the rabbit
//! six). The one split the paper needs inside a class, `[112233]`-α and -β, is here too.
//!
//! Takes a set of cells; gives its [`NeighbourClass`] and [`SubClass`].

use super::polyomino::Cell;

/// A neighbour class: one digit per cell, sorted ascending.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NeighbourClass(pub Vec<u8>);

/// The sub-classes of `[112233]`: the two 3-neighbour points adjacent (α) or not (β).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubClass {
    /// `[112233]` with the two 3-neighbour points adjacent.
    Alpha,
    /// `[112233]` with the two 3-neighbour points apart.
    Beta,
}

impl std::fmt::Display for SubClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SubClass::Alpha => "alpha",
            SubClass::Beta => "beta",
        })
    }
}

/// Each cell's neighbours inside the set, in the order of `cells`.
pub fn degrees(cells: &[Cell]) -> Vec<u8> {
    cells
        .iter()
        .map(|&(r, c)| {
            [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
                .iter()
                .filter(|n| cells.contains(n))
                .count() as u8
        })
        .collect()
}

impl NeighbourClass {
    /// The class of a set of cells.
    pub fn of(cells: &[Cell]) -> NeighbourClass {
        let mut d = degrees(cells);
        d.sort_unstable();
        NeighbourClass(d)
    }

    /// The class as the paper writes it without brackets, e.g. `112224`.
    pub fn digits(&self) -> String {
        self.0.iter().map(|d| char::from(b'0' + d)).collect()
    }
}

impl std::fmt::Display for NeighbourClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}]", self.digits())
    }
}

/// The sub-class of a set of cells, for the classes that have one.
pub fn sub_class(cells: &[Cell]) -> Option<SubClass> {
    if NeighbourClass::of(cells).0 != [1, 1, 2, 2, 3, 3] {
        return None;
    }
    let d = degrees(cells);
    let threes: Vec<Cell> = cells
        .iter()
        .zip(&d)
        .filter(|(_, &k)| k == 3)
        .map(|(&c, _)| c)
        .collect();
    let (a, b) = (threes[0], threes[1]);
    let adjacent = (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
    Some(if adjacent {
        SubClass::Alpha
    } else {
        SubClass::Beta
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rabbit_six_and_sub_classes() {
        let rabbit = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2), (0, 2)];
        assert_eq!(NeighbourClass::of(&rabbit).to_string(), "[112224]");
        assert_eq!(NeighbourClass::of(&[(0, 0)]).to_string(), "[0]");
        // Square with tails on two adjacent square cells on the same side: α.
        let alpha = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (-1, 0)];
        assert_eq!(sub_class(&alpha), Some(SubClass::Alpha));
        let beta = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, -1)];
        assert_eq!(sub_class(&beta), Some(SubClass::Beta));
        assert_eq!(sub_class(&rabbit), None);
    }
}
