//! nakade: the eye engine for computer Go.
//!
//! (Crate documentation is completed as the stages land.)

#![warn(missing_docs)]

pub mod board;
pub mod diagram;
pub mod tactics;
pub mod value;

pub use value::EyeValue;
