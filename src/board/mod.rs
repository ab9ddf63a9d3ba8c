//! Board reading: from a position to the value of each of its eye spaces.
//!
//! Takes a [`Board`] (built by moves, from an SGF file with [`sgf`], or from a text diagram
//! with [`ascii`]); gives a [`analysis::PositionReport`]. One pass of stages, one folder
//! each, each stage reading only what the stages before it gave:
//!
//! 1. [`strings`]: [`Board`] → [`strings::StringReadings`] (Benson's pass-alive sets, every
//!    string's tactical status with its attack and defence moves);
//! 2. [`eyes::eyespace`]: → [`eyespace::Liveness`] (dead strings) → [`eyespace::EyeSpace`]s
//!    (points, margins, attacker stones, outer liberties);
//! 3. [`eyes::topology`]: → [`topology::AnalyzedSpace`] (half and false eyes from the
//!    diagonals, the kos, the eye graph);
//! 4. [`values`]: → [`analysis::SpaceReport`] (the value from the [`crate::evaluation`]
//!    layer, a ko's two readings joined, vital points back on the board);
//! 5. [`analysis`]: the driver, → [`analysis::PositionReport`].
//!
//! [`unconditional`] gives each point's status in GNU Go's words beside it. The reading
//! breaks its ties in the order [`orientation`] gives, taken from the position's canonical
//! orientation: a rotated or reflected board gets the same answers, point for mapped point.
//!
//! This layer uses the evaluation and pattern layers below it and nothing above (the GTP
//! protocol and the command line sit on top).

pub mod analysis;
pub mod ascii;
#[cfg(test)]
mod corpus;
pub mod eyes;
pub mod finish;
pub mod orientation;
mod parallel;
mod position;
pub mod sgf;
pub mod strings;
pub mod values;
pub mod vertex;

pub use eyes::{eyespace, topology};
pub use position::{
    Board, BoardError, Color, IllegalMove, Loc, MoveRecord, Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE,
};
pub use strings::{benson, tactics, unconditional};
pub use values::{ko, shape_library};

/// The board diagram parser under its former name; use [`ascii`].
#[doc(hidden)]
pub use ascii as diagram;
