//! The shape library read from a board: an analysed eye space that is a plain eye of one
//! surrounding string, looked up in a [`Library`].
//!
//! Takes a [`Board`], one [`SpaceReport`] and a library; gives a [`LibraryReading`]: the
//! outcome with either player to move and each side's best move on the board. The library's
//! conditions must hold: no marginal point, no owner stone inside, one owner string around
//! the space. The string's liberties outside the space are counted; the library holds 0 to
//! [`MAX_LIBERTIES`], and a string with more is read as having that many (what more
//! liberties change is not in the library).

use crate::board::values::valuation::SpaceReport;
use crate::board::{Board, Loc};
use crate::evaluation::library::{orient, Entry, Library, MAX_LIBERTIES};
use crate::evaluation::theory::placement::Edge;
use crate::evaluation::theory::polyomino::Cell;

/// What the library says of one eye space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryReading {
    /// Centre, side or corner.
    pub edge: Edge,
    /// The surrounding string's liberties outside the space (as counted on the board).
    pub liberties: usize,
    /// The outcome with the opponent to move, and the opponent's best move.
    pub opponent_first: (Entry, Option<Loc>),
    /// The outcome with the owner to move, and the owner's best move.
    pub owner_first: (Entry, Option<Loc>),
}

/// Look an analysed space up in the library; `None` when the space is not a plain eye of one
/// string, or its shape is not in the library.
pub fn library_reading(
    board: &Board,
    report: &SpaceReport,
    lib: &Library,
) -> Option<LibraryReading> {
    if !report.marginals().is_empty() {
        return None;
    }
    let owner = report.color();
    let points = report.points();
    let mut wall: Option<Loc> = None;
    for &p in &points {
        match board.color(p) {
            Some(c) if c == owner => return None,
            _ => {}
        }
        for n in board.neighbors(p) {
            if points.contains(&n) {
                continue;
            }
            if board.color(n) != Some(owner) {
                return None;
            }
            let id = board.string_id(n);
            if wall.is_some_and(|w| w != id) {
                return None;
            }
            wall = Some(id);
        }
    }
    let wall = wall?;
    let liberties = board
        .liberties(wall)
        .into_iter()
        .filter(|l| !points.contains(l))
        .count();
    let cell = |l: Loc| -> Cell {
        let (x, y) = board.xy(l);
        (y as i8, x as i8)
    };
    let cells: Vec<Cell> = points.iter().map(|&l| cell(l)).collect();
    let edges: Vec<u8> = points.iter().map(|&l| board.edge_count(l)).collect();
    let (edge, moved) = orient(&cells, &edges)?;
    let stones = report.stones();
    let opponent: Vec<Cell> = points
        .iter()
        .zip(&moved)
        .filter(|(l, _)| stones.contains(l))
        .map(|(_, &c)| c)
        .collect();
    let libs = liberties.min(MAX_LIBERTIES as usize) as u8;
    let back =
        |c: Option<Cell>| c.and_then(|c| moved.iter().position(|&m| m == c).map(|i| points[i]));
    let (a, am) = lib.lookup(edge, &moved, &opponent, true, libs)?;
    let (d, dm) = lib.lookup(edge, &moved, &opponent, false, libs)?;
    Some(LibraryReading {
        edge,
        liberties,
        opponent_first: (a, back(am)),
        owner_first: (d, back(dm)),
    })
}
