//! The static eye status of a centre eye (Vilà and Cazenave §3 and Appendix A): Nakade,
//! Unsettled, Alive or AliveInAtari, with the hot point, from the shape's vital and end points
//! and the stones inside. No search.
//!
//! Takes the cells of the eye, the opponent's and the owner's stones among them; gives an
//! [`EyeReading`]. The rule is Appendix A's, for every class: a shape with the life property,
//! or one whose end points the opponent has all filled, is Alive (AliveInAtari when at most one of
//! its points is left empty: the owner must capture, on that point, once the outside
//! liberties are gone); otherwise the vital points still empty decide: two or more, Alive;
//! one, Unsettled (the hot point is that one); none, Nakade. An owner stone on a vital point
//! holds it for the owner.

use super::points::{shape_points, ShapePoints};
use super::polyomino::Cell;

/// The status of an eye (§3 of the paper).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum EyeStatus {
    /// One eye at most, whoever moves: not enough to live.
    Nakade,
    /// Alive if the owner moves first, one eye if the opponent does.
    Unsettled,
    /// Alive whoever moves first.
    Alive,
    /// Alive, but the stones inside must be captured once the outside liberties are filled.
    AliveInAtari,
}

impl std::fmt::Display for EyeStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EyeStatus::Nakade => "Nakade",
            EyeStatus::Unsettled => "Unsettled",
            EyeStatus::Alive => "Alive",
            EyeStatus::AliveInAtari => "AliveInAtari",
        })
    }
}

/// A static reading of an eye: its status, the point to play (the empty vital point of an
/// unsettled eye, the capturing point of an eye alive in atari), and the shape's points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeReading {
    /// The status.
    pub status: EyeStatus,
    /// The hot point, if any.
    pub hot: Option<Cell>,
    /// The shape's vital and end points and its life property.
    pub points: ShapePoints,
}

/// The static status of the centre eye `cells` with `opponent` and `owner` stones inside
/// (cells of the eye; others are ignored).
pub fn eye_status(cells: &[Cell], opponent: &[Cell], owner: &[Cell]) -> EyeReading {
    let points = shape_points(cells);
    let taken = |c: &Cell| opponent.contains(c) || owner.contains(c);
    let empty: Vec<Cell> = cells.iter().copied().filter(|c| !taken(c)).collect();
    let alive = |points: ShapePoints| {
        if empty.len() <= 1 {
            EyeReading {
                status: EyeStatus::AliveInAtari,
                hot: empty.first().copied(),
                points,
            }
        } else {
            EyeReading {
                status: EyeStatus::Alive,
                hot: None,
                points,
            }
        }
    };
    // The end points are one set the kill needs left empty (§3); a shape with two (the
    // straight four's ends, `[112233]`'s 1-points) is still killed through the other when
    // one is filled, so only the whole set filled gives life. Appendix A's classes have one.
    let ends_filled = !points.end.is_empty() && points.end.iter().all(|c| opponent.contains(c));
    if points.life_property || ends_filled || points.vital.iter().any(|c| owner.contains(c)) {
        return alive(points);
    }
    let open: Vec<Cell> = points.vital.iter().copied().filter(|c| !taken(c)).collect();
    match open.len() {
        0 => EyeReading {
            status: EyeStatus::Nakade,
            hot: None,
            points,
        },
        1 => EyeReading {
            status: EyeStatus::Unsettled,
            hot: Some(open[0]),
            points,
        },
        _ => alive(points),
    }
}
