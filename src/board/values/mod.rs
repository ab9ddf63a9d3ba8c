//! Values: the fourth stage of the board reading, from analysed eye spaces to values.
//!
//! Takes a [`topology::AnalyzedSpace`](crate::board::eyes::topology::AnalyzedSpace); gives
//! a [`valuation::SpaceReport`]: its value and vital points on the board.
//!
//! - [`valuation`]: the value from the evaluation layer (captured stones, the database, the
//!   solver within its budget, else only a bound), vital points mapped back to the board;
//! - [`ko`]: the two settled readings of a space one ko decides, joined;
//! - [`parts`]: a large space proven worth two eyes by two small parts of it, each read for
//!   an eye with the attacker given the rest;
//! - [`shape_library`]: a plain eye of one surrounding string read from the solved shape
//!   library.

pub mod ko;
pub mod parts;
pub mod shape_library;
pub mod valuation;
