//! The pattern language: `eyes.db`-compatible pattern files (`docs/PATTERNS.md`).
//!
//! Takes the bytes of a file, gives a [`PatternFile`]: the spanned syntax tree
//! ([`syntax::SourceFile`], comments kept) and the validated [`Pattern`]s, each with its
//! [`Diagram`] and [`EyeGraph`], ready to be compiled into a database (`evaluation::db::Database::compile`, one layer up). Every problem of a
//! file is reported in one run as a [`Diagnostic`] carrying `file:line:col` and a caret.
//!
//! ```
//! use nakade::pattern::dsl;
//! let file = dsl::parse("mine.db", b"Pattern 1\n\nx*x\n\n:1122\n").unwrap();
//! assert_eq!(file.patterns[0].value.to_string(), "1122");
//!
//! let errors = dsl::parse("bad.db", b"Pattern 1\n\nx?x\n\n:1122\n").unwrap_err();
//! assert_eq!(errors[0].to_string(), "\
//! error: unknown marker '?'
//!  --> bad.db:3:2
//!   |
//! 3 | x?x
//!   |  ^ expected a vertex marker (. * < > x X ! @ ( ) $), an edge marker (| - +) or a space");
//! ```

mod diagnostic;
pub mod format;
pub mod syntax;
mod validate;

use std::path::Path;

pub use diagnostic::{render_all, Diagnostic, Severity};
pub use validate::{MAX_PATTERN_VERTICES, MAX_ROW_LEN, MAX_WILDCARDS, OUTSIDE_DIRECTIVE};

use crate::pattern::diagram::Diagram;
use crate::pattern::graph::EyeGraph;
use crate::value::EyeValue;
use syntax::SourceFile;

/// A validated pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The number from its `Pattern N` header.
    pub number: u32,
    /// Its eye value.
    pub value: EyeValue,
    /// Its diagram.
    pub diagram: Diagram,
    /// Its eye graph (vertices in the diagram's reading order).
    pub graph: EyeGraph,
    /// The comment lines between the header and the diagram, without `#`.
    pub comments: Vec<String>,
    /// The line of its header.
    pub line: usize,
    /// The line of each diagram row.
    pub row_lines: Vec<usize>,
}

impl Pattern {
    /// The number of vertices.
    pub fn size(&self) -> usize {
        self.graph.len()
    }
}

/// A parsed and validated pattern file.
#[derive(Clone, Debug)]
pub struct PatternFile {
    /// The file's name, as given.
    pub path: String,
    /// The syntax tree, every line kept.
    pub syntax: SourceFile,
    /// The patterns, in file order.
    pub patterns: Vec<Pattern>,
    /// Warnings found while validating.
    pub warnings: Vec<Diagnostic>,
}

/// Why a pattern file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read. The system's message is part of this error's own text and
    /// is not also given as its `source()`, so that a chain printed whole (`{:#}` of anyhow)
    /// says it once.
    #[error("{path}: cannot read: {error}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file has errors; warnings are included.
    #[error("{}", render_all(.0).trim_end())]
    Invalid(Vec<Diagnostic>),
}

/// How strict validation is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Report vital-point problems (attack points not exactly when a != c, defence points not
    /// exactly when b != d) as warnings instead of errors. GNU Go 3.8's released `eyes.db` needs
    /// it: 226 of its patterns break the rule.
    pub lenient: bool,
}

/// Parse and validate the bytes of a pattern file named `path`.
///
/// On error, every diagnostic of the file (errors and warnings) is returned.
pub fn parse(path: &str, bytes: &[u8]) -> Result<PatternFile, Vec<Diagnostic>> {
    parse_with(path, bytes, Options::default())
}

/// [`parse`] with options.
pub fn parse_with(
    path: &str,
    bytes: &[u8],
    options: Options,
) -> Result<PatternFile, Vec<Diagnostic>> {
    let text =
        std::str::from_utf8(bytes).map_err(|e| vec![utf8_error(path, bytes, e.valid_up_to())])?;
    let syntax = SourceFile::parse(path, text).map_err(|d| vec![d])?;
    let (patterns, diagnostics) = validate::validate(&syntax, options);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    Ok(PatternFile {
        path: path.to_string(),
        syntax,
        patterns,
        warnings: diagnostics,
    })
}

/// The largest pattern file or compiled database the library reads from a path: past it the
/// file is refused, not read on into the memory (`/dev/zero`).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Every byte of `reader` to its end, when there are at most `limit`; `None` when there are
/// more. Read through `take`, so that a device that never ends, or a file growing while it
/// is read, cannot exhaust memory: one byte past the limit tells it is too large. Each
/// reader of files (pattern files, SGF, the command line's inputs) says the limit its own way.
pub fn read_at_most(reader: impl std::io::Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// The bytes of the file at `path`, at most [`MAX_FILE_BYTES`]: a longer file (or a device
/// that never ends) is an [`std::io::ErrorKind::InvalidData`] error saying the limit.
pub fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    read_at_most(std::fs::File::open(path)?, MAX_FILE_BYTES)?.ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("more than the limit of {MAX_FILE_BYTES} bytes"),
        )
    })
}

/// Read, parse and validate a pattern file.
pub fn read_file(path: &Path) -> Result<PatternFile, LoadError> {
    read_file_with(path, Options::default())
}

/// [`read_file`] with options.
pub fn read_file_with(path: &Path, options: Options) -> Result<PatternFile, LoadError> {
    let name = path.display().to_string();
    let bytes = read_bounded(path).map_err(|error| LoadError::Io {
        path: name.clone(),
        error,
    })?;
    parse_with(&name, &bytes, options).map_err(LoadError::Invalid)
}

/// The diagnostic for a file that is not UTF-8: the first bad byte's line and column.
fn utf8_error(path: &str, bytes: &[u8], valid_up_to: usize) -> Diagnostic {
    let good = &bytes[..valid_up_to];
    let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
    // The prefix of the line is valid UTF-8, so the column counts its characters.
    let col = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
    let line_end = bytes[line_start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| line_start + i);
    let source_line = String::from_utf8_lossy(&bytes[line_start..line_end]).into_owned();
    Diagnostic::error(
        path,
        line,
        col,
        &source_line,
        format!("invalid UTF-8 (byte 0x{:02x})", bytes[valid_up_to]),
    )
    .expected("a pattern file is UTF-8 text")
}
