//! Eye graphs and the pattern language: from text to a labelled graph with a canonical key.
//!
//! Takes text: a pattern file (`eyes.db` dialect, parsed by the pest grammar in
//! `grammar/eyes.pest`) or one eye space in GNU Go's one-line encoding. Gives
//! [`graph::EyeGraph`]s, with their neighbour class and canonical key, ready to be compiled
//! into a database or looked up in one. The stages:
//!
//! - [`dsl`]: a pattern file → spanned syntax tree → validated [`dsl::Pattern`]s (every
//!   problem reported with `file:line:col`);
//! - [`encoded`]: an encoded eye space (`OO!%O.X%!...`) → [`diagram::Diagram`];
//! - [`diagram`]: the character grid both share (cells, markers, board edges);
//! - [`graph`]: a [`diagram::Diagram`] or an adjacency list → [`graph::EyeGraph`] →
//!   neighbour class and canonical key;
//! - [`quick`]: the plain case of an encoded eye space → bit rows, for matching in a loop.
//!
//! This layer depends only on [`crate::value`].

pub mod diagram;
pub mod dsl;
pub mod encoded;
pub mod graph;
pub mod quick;
