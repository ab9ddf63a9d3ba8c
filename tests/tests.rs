//! The integration tests: one binary, one module per subject.

mod support;

mod benson;
mod canonical;
mod cli;
mod corpus;
mod default_db;
mod eval_eye;
mod malformed;
