//! Vital points and end points of a centre eye, read from its shape alone (§3–5 of Vilà and
//! Cazenave), and the static life property that follows from them.
//!
//! Takes the cells of an eye shape; gives [`ShapePoints`]: the vital points (what the
//! opponent must fill to leave one eye), the end points (what the opponent must leave empty
//! until the end), and whether the shape has the life property by the paper's theorem (no
//! `(n-1)`-cell nakade shape fits inside it).
//!
//! The rules: the nakade shapes (every shape up to three cells, the square and the pyramid,
//! the bulky five and the star, the rabbit six) have their one vital point (none for one or two
//! cells and the square). The paper's §5 gives the size-6 classes without the life property
//! one by one; they are written here as it gives them. Every other shape is read the way the
//! theorem reads it: a cell `e` whose removal leaves a nakade shape `T` is an end point (the
//! opponent fills `T`, the owner captures on `e`, the opponent plays `T`'s vital point), and
//! `T`'s vital point is a vital point of the shape. A shape without the life property has as
//! vital points, besides, the points where the owner's stone makes two eyes (§3: the vital
//! points are what the opponent must fill); this rule alone gives every vital set §5 spells
//! out for size 6.

use super::neighbour::{degrees, sub_class, NeighbourClass, SubClass};
use super::polyomino::{connected, Cell};

/// Vital and end points of a shape, and its static life property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapePoints {
    /// The vital points, sorted.
    pub vital: Vec<Cell>,
    /// The end points, sorted.
    pub end: Vec<Cell>,
    /// The life property by the theorem: alive whatever the opponent plays inside.
    pub life_property: bool,
}

/// Whether the cells form a nakade shape (one or no vital point: the opponent can kill by
/// filling it): every shape of up to three cells, the square, the pyramid, the bulky five,
/// the star, the rabbit six.
pub fn is_nakade_shape(cells: &[Cell]) -> bool {
    let class = NeighbourClass::of(cells).0;
    match cells.len() {
        0 => false,
        1..=3 => true,
        4 => class == [2, 2, 2, 2] || class == [1, 1, 1, 3],
        5 => class == [1, 2, 2, 2, 3] || class == [1, 1, 1, 1, 4],
        6 => class == [1, 1, 2, 2, 2, 4],
        _ => false,
    }
}

/// The vital point of a nakade shape: the cell with the most neighbours, unless every cell has
/// as many (one, two cells; the square).
fn nakade_vital(cells: &[Cell]) -> Option<Cell> {
    let d = degrees(cells);
    let max = *d.iter().max()?;
    if d.iter().all(|&k| k == max) {
        return None;
    }
    cells
        .iter()
        .zip(&d)
        .find(|(_, &k)| k == max)
        .map(|(&c, _)| c)
}

fn adjacent(a: Cell, b: Cell) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

fn sorted(mut v: Vec<Cell>) -> Vec<Cell> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The points where an owner's stone leaves two eyes in an empty centre eye: the stone
/// (on a point with at most three neighbours in the shape, so joined to the wall) leaves the
/// rest in two or more regions, each an eye, or in one region with the life property. A
/// 4-neighbour point is left out: a stone there touches no wall stone and is captured once
/// the opponent fills its neighbours.
fn owner_living_points(cells: &[Cell], d: &[u8]) -> Vec<Cell> {
    cells
        .iter()
        .zip(d)
        .filter(|(_, &k)| k <= 3)
        .map(|(&v, _)| v)
        .filter(|&v| {
            let rest: Vec<Cell> = cells.iter().copied().filter(|&c| c != v).collect();
            !rest.is_empty() && (!connected(&rest) || shape_points(&rest).life_property)
        })
        .collect()
}

/// The vital points, end points and static life property of a centre eye shape.
pub fn shape_points(cells: &[Cell]) -> ShapePoints {
    let d = degrees(cells);
    let with = |k: u8| -> Vec<Cell> {
        cells
            .iter()
            .zip(&d)
            .filter(|(_, &x)| x == k)
            .map(|(&c, _)| c)
            .collect()
    };
    let class = NeighbourClass::of(cells).0;
    let done = |vital: Vec<Cell>, end: Vec<Cell>| ShapePoints {
        vital: sorted(vital),
        end: sorted(end),
        life_property: false,
    };
    if is_nakade_shape(cells) {
        let vital: Vec<Cell> = nakade_vital(cells).into_iter().collect();
        let end = if class == [1, 1, 2, 2, 2, 4] {
            // The rabbit six: the 2-neighbour point away from the 4-neighbour point.
            let four = with(4);
            with(2)
                .into_iter()
                .filter(|&c| !four.iter().any(|&f| adjacent(c, f)))
                .collect()
        } else {
            Vec::new()
        };
        return done(vital, end);
    }
    match class.as_slice() {
        [1, 1, 1, 1, 2, 4] => {
            // Vital: the 2- and 4-neighbour points; end: the 1-point beside the 2-point.
            let two = with(2);
            let mut vital = two.clone();
            vital.extend(with(4));
            let end = with(1)
                .into_iter()
                .filter(|&c| two.iter().any(|&t| adjacent(c, t)))
                .collect();
            return done(vital, end);
        }
        [2, 2, 2, 2, 3, 3] => return done(with(3), Vec::new()),
        [1, 1, 2, 2, 3, 3] => {
            let vital = match sub_class(cells) {
                Some(SubClass::Alpha) => with(3),
                _ => cells
                    .iter()
                    .copied()
                    .filter(|c| !with(1).contains(c))
                    .collect(),
            };
            return done(vital, with(1));
        }
        [1, 2, 2, 2, 2, 3] => {
            // The 3-neighbour point and its three neighbours.
            let three = with(3);
            let mut vital = three.clone();
            vital.extend(
                cells
                    .iter()
                    .copied()
                    .filter(|&c| three.iter().any(|&t| adjacent(c, t))),
            );
            return done(vital, with(1));
        }
        _ => {}
    }
    // The theorem's reading: remove one cell; if a nakade shape is left, that cell is an end
    // point and the nakade shape's vital point a vital point.
    let mut vital = Vec::new();
    let mut end = Vec::new();
    for &e in cells {
        let rest: Vec<Cell> = cells.iter().copied().filter(|&c| c != e).collect();
        if connected(&rest) && is_nakade_shape(&rest) {
            end.push(e);
            vital.extend(nakade_vital(&rest));
        }
    }
    let life_property = end.is_empty() && cells.len() >= 5;
    if !life_property {
        // §3's definition: the vital points are what the opponent must fill to leave one eye,
        // so every point where the owner's stone makes two eyes is one. The theorem's reading
        // gives only the vital point of the nakade shape inside; the paper's own figures give
        // more (figure 5: `[1222234]` has two, figure 6a: `[1112234]`-β a miai, figure 8a:
        // `[11123]`'s), and this rule gives every vital set §5 spells out for size 6.
        vital.extend(owner_living_points(cells, &d));
    }
    ShapePoints {
        vital: sorted(vital),
        end: sorted(end),
        life_property,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_examples() {
        let rabbit = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2), (0, 2)];
        let p = shape_points(&rabbit);
        assert_eq!(p.vital, vec![(1, 1)]);
        assert_eq!(p.end, vec![(0, 2)]);
        assert!(!p.life_property);
        // [11222]: the L pentomino has the life property.
        let l5 = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)];
        assert!(shape_points(&l5).life_property);
        // Straight four: the two middle points are vital, the ends are end points.
        let four = [(0, 0), (0, 1), (0, 2), (0, 3)];
        let p = shape_points(&four);
        assert_eq!(p.vital, vec![(0, 1), (0, 2)]);
        assert_eq!(p.end, vec![(0, 0), (0, 3)]);
        // [122223]: the 3-point and its three neighbours.
        let s = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (0, 3)];
        let p = shape_points(&s);
        assert_eq!(p.vital, vec![(0, 0), (0, 1), (0, 2), (1, 1)]);
        assert_eq!(p.end, vec![(0, 3)]);
    }
}
