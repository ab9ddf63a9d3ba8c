//! Database maintenance: the tools that write and check pattern databases.
//!
//! - [`enumerate`]: every labelled eye graph up to a size, in every placement (centre, edge,
//!   corner), one per symmetry class;
//! - [`generate`]: a pattern file written from an oracle (the solver) over that enumeration;
//! - [`library_build`]: the solved shape library built in parallel, whole or by shards;
//! - [`verify`]: every pattern of a file read by the solver, disputes with their refuting line
//!   of play;
//! - [`lint`]: every finding of a pattern file under a rule name: `check`'s warnings,
//!   duplicates, unreachable patterns and wildcards, and the solver's disputes.
//!
//! (`nakade diff` compares two sources over the same enumeration.) These tools sit beside the
//! board layer: they use evaluation and patterns below them; nothing below uses them.

pub mod enumerate;
pub mod generate;
pub mod library_build;
pub mod lint;
pub mod verify;
