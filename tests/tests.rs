//! The integration tests: one binary, one module per subject.

mod support;

mod canonical;
mod cli;
mod corpus;
mod default_db;
mod malformed;
mod solver_harness;
mod solver_placements;
mod solver_vs_gnugo;
mod verify_eyes_db;
