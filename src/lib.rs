//! nakade: the eye engine for computer Go.
//!
//! How many eyes is an eye space worth, and where are its vital points? nakade answers as GNU
//! Go's eye code does (`optics.c` + `eyes.db`), from a pattern database keyed by canonical forms
//! of eye graphs, with a solver that reads the rules of Go behind it.
//!
//! # Layers
//!
//! One folder per layer; each uses only the layers below it (`docs/ARCHITECTURE.md`):
//!
//! | layer | takes | gives |
//! |---|---|---|
//! | [`host`] (and the `nakade` command) | GTP command lines, C calls | GTP responses, C results |
//! | [`board`] | a position ([`board::Board`], SGF, diagram) | [`board::analysis::PositionReport`]: every eye space valued |
//! | [`tools`] | the solver, pattern files | generated and verified databases |
//! | [`evaluation`] | an [`pattern::graph::EyeGraph`] | an [`EyeValue`] with vital points |
//! | [`pattern`] | pattern files, encoded graphs | [`pattern::graph::EyeGraph`]s with canonical keys |
//! | [`value`] | four digits | [`EyeValue`] |
//!
//! The pattern pipeline, each stage's output the next stage's input:
//!
//! `grammar/eyes.pest` → [`pattern::dsl`] (spanned syntax tree, validated
//! [`pattern::dsl::Pattern`]s) → [`pattern::graph`] ([`pattern::graph::EyeGraph`], neighbour
//! class, canonical key) → [`evaluation::db::Database`] → [`evaluation::db::Database::lookup`]
//! → [`evaluation::db::Match`] (pattern, [`EyeValue`], vital points on the query's own
//! vertices).
//!
//! # Which API do I want?
//!
//! - A host engine with its own eye space: build an [`pattern::graph::EyeGraph`] with
//!   [`pattern::graph::EyeGraph::from_coordinates`] (board coordinates) or
//!   [`pattern::graph::EyeGraph::from_adjacency`], then
//!   [`evaluation::db::default_database`]`().lookup(&g)`.
//! - GNU Go's encoded strings (`OO!%O.X%!...`): [`pattern::encoded::parse_graph`] gives a
//!   [`pattern::diagram::Diagram`], then [`pattern::graph::EyeGraph::from_diagram`].
//! - Your own pattern file: [`pattern::dsl::read_file`] (every problem reported with
//!   `file:line:col`), then [`evaluation::db::Database::compile`].
//! - An answer for every space, pattern or not: [`evaluation::evaluate::Evaluator`] (database
//!   first, then the solver, cached).
//! - Reading a space under the rules of Go, lines of play included:
//!   [`evaluation::solve::solve`].
//! - A whole position (SGF or diagram): [`board::analysis::analyze_position`] values every eye
//!   space (board → [`board::eyespace`] → [`board::topology`] → [`pattern::graph::EyeGraph`] →
//!   [`evaluation::evaluate::Evaluator`]) with its vital points on the board, and gives
//!   Benson's verdict ([`board::benson`]).
//! - GNU Go's GTP commands `eval_eye` and `analyze_eyegraph`, and GoGui's analyze commands:
//!   [`host::gtp::eye_commands::engine`].
//! - A host written in C or C++: the C ABI of [`host::ffi`] (`include/nakade.h`; the crate also
//!   builds `libnakade.a` and `libnakade.so`).
//! - A host written in Python: the package `nakade` in `python/` (PyO3, built by maturin:
//!   `pip install ./python`), a thin layer over these same calls.
//! - A comparison against GNU Go's way of matching: [`evaluation::db::baseline::Baseline`].
//! - Writing or checking a database: [`tools::generate::generate`],
//!   [`tools::verify::verify`].
//!
//! ```
//! use nakade::evaluation::db::default_database;
//! use nakade::pattern::encoded::parse_graph;
//! use nakade::pattern::graph::EyeGraph;
//!
//! let space = EyeGraph::from_diagram(&parse_graph(".!").unwrap()).unwrap();
//! let m = default_database().lookup(&space).unwrap();
//! assert_eq!(m.value.to_string(), "0011"); // half an eye
//! assert_eq!(m.attack.iter().collect::<Vec<_>>(), vec![1]); // on the marginal point
//! ```
//!
//! # Former paths
//!
//! The modules that lived at the crate root before the layers (`nakade::db`, `nakade::solve`,
//! `nakade::graph`, ...) are still reachable there, re-exported from their layers
//! (`CHANGELOG.md` lists them); new code should use the layered paths.

#![warn(missing_docs)]

pub mod board;
pub mod evaluation;
pub mod host;
pub mod pattern;
pub mod tools;
pub mod value;

pub use value::EyeValue;

// Former paths, kept for hosts written against 0.1 (see CHANGELOG.md).
#[doc(hidden)]
pub use board::{analysis, benson, eyespace, tactics, topology};
#[doc(hidden)]
pub use evaluation::{db, evaluate, solve};
#[doc(hidden)]
pub use host::gtp;
#[doc(hidden)]
pub use host::gtp::eye_commands as eyegraph;
#[doc(hidden)]
pub use pattern::{diagram, dsl, encoded, graph};
#[doc(hidden)]
pub use tools::{enumerate, generate, verify};
