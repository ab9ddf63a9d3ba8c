//! nakade: the eye engine for computer Go.
//!
//! (Crate documentation is completed as the stages land.)

#![warn(missing_docs)]

pub mod benson;
pub mod board;
pub mod diagram;
pub mod eyespace;
pub mod gtp;
pub mod tactics;
pub mod topology;
pub mod value;

pub use value::EyeValue;
