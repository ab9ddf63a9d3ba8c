//! Evaluation: an eye graph in, its eye value and vital points out.
//!
//! Two ways to an answer, and one type that puts them together:
//!
//! - [`db`]: a pattern database compiled into buckets keyed by canonical form
//!   ([`db::Database`]), with the embedded default database ([`db::default_database`]);
//!   a lookup gives a [`db::Match`];
//! - [`solve`]: the rules of Go read out exhaustively on the eye space ([`solve::Space`]);
//!   gives a [`solve::Solution`] with lines of play;
//! - [`evaluate`]: the [`evaluate::Evaluator`] a host calls in a loop: the database first,
//!   the solver behind it, answers cached;
//! - [`library`]: the solved shape library (after Dyer): file format and lookup;
//! - [`theory`]: the static theory of eye shapes (Vilà and Cazenave), checked by the solver.
//!
//! This layer uses the pattern layer ([`crate::pattern`]) and [`crate::value`] below it.

pub(crate) mod checksum;
pub mod db;
pub mod evaluate;
pub mod library;
pub mod solve;
pub mod theory;
