//! The protocol layer: nakade as a GTP engine (Go Text Protocol, version 2).
//!
//! Takes command lines from a host (a Go program or GUI over a pipe); gives GTP responses.
//! [`engine`] is the generic loop and its built-in commands; [`eye_commands`] adds GNU Go's
//! `eval_eye` and `analyze_eyegraph`, answered by the board and evaluation layers below.
//! [`gogui`] adds GoGui's analyze commands, which draw the board analysis in GoGui.
//! [`eye_commands::engine`] is the engine `nakade gtp` serves.
//!
//! Nothing below this layer imports it.

pub mod engine;
pub mod eye_commands;
pub mod final_commands;
pub mod gogui;

pub use engine::{show_board, Engine, EngineState, Handler, MAX_LINE};
pub use eye_commands::{eval_eye_handler, eye_spaces_handler};

/// Former home of the eye-evaluator hook, kept so existing hosts compile; it is now
/// [`crate::board::analysis::EyeAnswer`] / [`crate::board::analysis::EyeEvaluator`].
#[doc(hidden)]
pub use crate::board::analysis::{EyeAnswer, EyeEvaluator};
