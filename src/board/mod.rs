//! Board reading: from a position to the value of each of its eye spaces.
//!
//! Takes a [`Board`] (built by moves, from an SGF file with [`sgf`], or from a text diagram
//! with [`ascii`]); gives a [`analysis::PositionReport`]. The stages, each handing one type to
//! the next:
//!
//! [`Board`] → [`eyespace::Liveness`] (dead strings, by [`tactics`]) →
//! [`eyespace::EyeSpace`] (points, margins, attacker stones) → [`topology::AnalyzedSpace`]
//! (half and false eyes from the diagonals) → [`analysis::SpaceReport`] (the value from the
//! [`crate::evaluation`] layer, vital points back on the board). [`benson`] gives the
//! unconditional verdict beside it, and [`unconditional`] each point's status in GNU Go's words;
//! [`shape_library`] reads a space from the solved shape library
//! ([`crate::evaluation::library`]) when it is a plain eye the library holds. The reading
//! breaks its ties in the order [`orientation`] gives, taken from the position's canonical
//! orientation: a rotated or reflected board gets the same answers, point for mapped point.
//!
//! This layer uses the evaluation and pattern layers below it and nothing above (the GTP
//! protocol and the command line sit on top).

pub mod analysis;
pub mod ascii;
pub mod benson;
pub mod eyespace;
pub mod ko;
pub mod orientation;
mod position;
pub mod sgf;
pub mod shape_library;
pub mod tactics;
pub mod topology;
pub mod unconditional;
pub mod vertex;

pub use position::{
    Board, BoardError, Color, IllegalMove, Loc, MoveRecord, Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE,
};

/// The board diagram parser under its former name; use [`ascii`].
#[doc(hidden)]
pub use ascii as diagram;
