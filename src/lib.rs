//! nakade: the eye engine for computer Go.
//!
//! How many eyes is an eye space worth, and where are its vital points? nakade answers as GNU
//! Go's eye code does (`optics.c` + `eyes.db`), from a pattern database keyed by canonical forms
//! of eye graphs.
//!
//! # The pipeline
//!
//! Each stage's output is the next stage's input:
//!
//! `grammar/eyes.pest` → [`dsl`] (spanned syntax tree, validated [`dsl::Pattern`]s) →
//! [`graph`] ([`graph::EyeGraph`], neighbour class, canonical key) → [`db::Database`] →
//! [`db::Database::lookup`] → [`db::Match`] (pattern, [`EyeValue`], vital points on the
//! query's own vertices).
//!
//! # Which API do I want?
//!
//! - A host engine with its own eye space: build an [`graph::EyeGraph`] with
//!   [`graph::EyeGraph::from_coordinates`] (board coordinates) or
//!   [`graph::EyeGraph::from_adjacency`], then [`db::default_database`]`().lookup(&g)`.
//! - GNU Go's encoded strings (`OO!%O.X%!...`): [`encoded::parse_graph`] gives a
//!   [`diagram::Diagram`], then [`graph::EyeGraph::from_diagram`].
//! - Your own pattern file: [`dsl::read_file`] (every problem reported with `file:line:col`),
//!   then [`db::Database::compile`].
//! - An answer for every space, pattern or not: [`evaluate::Evaluator`] (database first, then
//!   the solver, cached).
//! - Reading a space under the rules of Go, lines of play included: [`solve::solve`].
//! - A whole position (SGF or diagram): [`analysis`], over [`board`], [`eyespace`],
//!   [`topology`] and [`benson`]; a GTP engine: [`eyegraph::engine`].
//! - A comparison against GNU Go's way of matching: [`db::baseline::Baseline`].
//! - Writing or checking a database: [`generate::generate`], [`verify::verify`].
//! - A whole position (SGF or diagram): [`analysis::analyze_position`] values every eye space
//!   (board → [`eyespace`] → [`topology`] → [`graph::EyeGraph`] → [`evaluate::Evaluator`]) with
//!   its vital points on the board, and gives Benson's verdict ([`benson`]).
//! - GNU Go's GTP commands `eval_eye` and `analyze_eyegraph`: [`eyegraph::engine`].
//!
//! ```
//! use nakade::db::default_database;
//! use nakade::encoded::parse_graph;
//! use nakade::graph::EyeGraph;
//!
//! let space = EyeGraph::from_diagram(&parse_graph(".!").unwrap()).unwrap();
//! let m = default_database().lookup(&space).unwrap();
//! assert_eq!(m.value.to_string(), "0011"); // half an eye
//! assert_eq!(m.attack.iter().collect::<Vec<_>>(), vec![1]); // on the marginal point
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod benson;
pub mod board;
pub mod db;
pub mod diagram;
pub mod dsl;
pub mod encoded;
pub mod enumerate;
pub mod evaluate;
pub mod eyegraph;
pub mod eyespace;
pub mod generate;
pub mod graph;
pub mod gtp;
pub mod solve;
pub mod tactics;
pub mod topology;
pub mod value;
pub mod verify;

pub use value::EyeValue;
