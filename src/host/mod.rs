//! The host layer: the ways a program outside the crate talks to nakade.
//!
//! Takes requests from a host (GTP command lines from a Go program or GUI over a pipe, or C
//! calls from an engine linked against the library); gives answers in that host's terms.
//! Two faces over the same layers below: [`gtp`] (the Go Text Protocol, GoGui's analyze
//! commands included) and [`ffi`] (the C ABI, declared in `include/nakade.h`). Neither uses
//! the other, and nothing below this layer imports it.

pub mod ffi;
pub mod gtp;
