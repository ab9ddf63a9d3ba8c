//! Errors: every failure of the core becomes a Python exception of its own class, with the
//! numbers involved as attributes (`PatternError.line`, `.column`, ...). Built as a plain
//! Rust value first ([`Error`], `Send`), so that work done without the GIL can return it.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use nakade::board::ascii::DiagramError;
use nakade::board::sgf::{SgfError as CoreSgfError, SgfFileError};
use nakade::evaluation::evaluate::EvalError;
use nakade::evaluation::solve::SolveError as CoreSolveError;
use nakade::pattern::dsl::{render_all, Diagnostic, Severity};
use nakade::pattern::encoded::EncodedError;
use nakade::pattern::graph::GraphError as CoreGraphError;

create_exception!(
    nakade,
    NakadeError,
    PyException,
    "The base class of every error nakade raises."
);
create_exception!(
    nakade,
    PatternError,
    NakadeError,
    "A pattern file with errors: `.path`, `.line` and `.column` (1-based) of the first error; \
     `.diagnostics` lists every error and warning."
);
create_exception!(
    nakade,
    DatabaseError,
    NakadeError,
    "A compiled database that cannot be read (damaged, or of another version)."
);
create_exception!(
    nakade,
    GraphError,
    NakadeError,
    "An eye graph that cannot be read or is no legal eye space; `.column` (1-based, in the \
     encoded string) when the error has one, else None."
);
create_exception!(
    nakade,
    SolveError,
    NakadeError,
    "The solver could not answer: too many vertices, or its node or time limit was reached."
);
create_exception!(
    nakade,
    SgfError,
    NakadeError,
    "SGF text that cannot be read: `.line` and `.column` (1-based) when the error has a place \
     in the text, else None; `.path` for a file."
);
create_exception!(
    nakade,
    BoardError,
    NakadeError,
    "A board that cannot be made: a size outside 1..=25, a grid that is not square, a bad \
     cell, a stone without liberties; `.line` and `.column` for a diagram."
);
create_exception!(
    nakade,
    VertexError,
    NakadeError,
    "A point that is not a vertex of the board (malformed, or off the board)."
);

/// A failure, before it is a Python exception.
#[derive(Debug)]
pub enum Error {
    Pattern {
        path: String,
        diagnostics: Vec<Diagnostic>,
    },
    Database(String),
    Graph {
        message: String,
        column: Option<usize>,
    },
    Solve(String),
    Sgf {
        message: String,
        path: Option<String>,
        at: Option<(usize, usize)>,
    },
    Board {
        message: String,
        at: Option<(usize, usize)>,
    },
    Vertex(String),
    Value(String),
    Io {
        path: String,
        error: std::io::Error,
    },
}

impl From<EncodedError> for Error {
    fn from(e: EncodedError) -> Error {
        let column = match e {
            EncodedError::Unexpected { column, .. }
            | EncodedError::Wildcard { column }
            | EncodedError::Edge { column, .. }
            | EncodedError::Disconnected { column, .. } => Some(column),
            EncodedError::Empty | EncodedError::NoVertex | EncodedError::TooLong { .. } => None,
        };
        Error::Graph {
            message: e.to_string(),
            column,
        }
    }
}

impl From<CoreGraphError> for Error {
    fn from(e: CoreGraphError) -> Error {
        Error::Graph {
            message: e.to_string(),
            column: None,
        }
    }
}

impl From<CoreSolveError> for Error {
    /// A search the solver could not finish (its limits, or a space too large for it) is a
    /// `SolveError`; a space it refuses as no legal eye space (an enclosed stone without a
    /// liberty, no wall touching it, more sides than a point has) is a `GraphError`, as the
    /// matcher gives it.
    fn from(e: CoreSolveError) -> Error {
        match e {
            CoreSolveError::SearchLimit { .. }
            | CoreSolveError::TimeLimit { .. }
            | CoreSolveError::OutOfMemory { .. }
            | CoreSolveError::TooManyVertices { .. } => Error::Solve(e.to_string()),
            other => Error::Graph {
                message: other.to_string(),
                column: None,
            },
        }
    }
}

impl From<EvalError> for Error {
    fn from(e: EvalError) -> Error {
        match e {
            EvalError::Solver(s) => s.into(),
            EvalError::Illegal(g) => g.into(),
            w @ EvalError::Wildcard { .. } => Error::Graph {
                message: w.to_string(),
                column: None,
            },
        }
    }
}

impl From<CoreSgfError> for Error {
    fn from(e: CoreSgfError) -> Error {
        Error::Sgf {
            message: e.to_string(),
            path: None,
            at: e.at,
        }
    }
}

impl From<SgfFileError> for Error {
    fn from(e: SgfFileError) -> Error {
        match e {
            SgfFileError::Io { path, error } => Error::Io { path, error },
            SgfFileError::TooLarge { .. } => Error::Sgf {
                message: e.to_string(),
                path: None,
                at: None,
            },
            SgfFileError::Sgf {
                ref path,
                ref error,
            } => Error::Sgf {
                message: e.to_string(),
                path: Some(path.clone()),
                at: error.at,
            },
        }
    }
}

impl From<DiagramError> for Error {
    fn from(e: DiagramError) -> Error {
        Error::Board {
            message: e.to_string(),
            at: Some((e.line, e.col)),
        }
    }
}

fn set<'py>(err: &PyErr, py: Python<'py>, name: &str, value: impl IntoPyObject<'py>) {
    // Setting an attribute on a fresh exception of our own class cannot fail.
    let _ = err.value(py).setattr(name, value);
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        Python::attach(|py| match e {
            Error::Pattern { path, diagnostics } => {
                let err = PatternError::new_err(render_all(&diagnostics).trim_end().to_string());
                let first = diagnostics
                    .iter()
                    .find(|d| d.is_error())
                    .or(diagnostics.first());
                set(&err, py, "path", path);
                set(&err, py, "line", first.map(|d| d.line));
                set(&err, py, "column", first.map(|d| d.col));
                let list: Vec<Bound<'_, PyDict>> = diagnostics
                    .iter()
                    .filter_map(|d| diagnostic_dict(py, d).ok())
                    .collect();
                set(&err, py, "diagnostics", list);
                err
            }
            Error::Database(message) => DatabaseError::new_err(message),
            Error::Graph { message, column } => {
                let err = GraphError::new_err(message);
                set(&err, py, "column", column);
                err
            }
            Error::Solve(message) => SolveError::new_err(message),
            Error::Sgf { message, path, at } => {
                let err = SgfError::new_err(message);
                set(&err, py, "path", path);
                set(&err, py, "line", at.map(|a| a.0));
                set(&err, py, "column", at.map(|a| a.1));
                err
            }
            Error::Board { message, at } => {
                let err = BoardError::new_err(message);
                set(&err, py, "line", at.map(|a| a.0));
                set(&err, py, "column", at.map(|a| a.1));
                err
            }
            Error::Vertex(message) => VertexError::new_err(message),
            Error::Value(message) => PyValueError::new_err(message),
            // OSError(errno, text, filename) gives the subclass of the errno
            // (FileNotFoundError, PermissionError, ...).
            Error::Io { path, error } => match error.raw_os_error() {
                Some(errno) => {
                    // The system's words without std's " (os error N)".
                    let text = error.to_string();
                    let text = text
                        .strip_suffix(&format!(" (os error {errno})"))
                        .unwrap_or(&text)
                        .to_string();
                    PyOSError::new_err((errno, text, path))
                }
                None => PyOSError::new_err(format!("{path}: {error}")),
            },
        })
    }
}

fn diagnostic_dict<'py>(py: Python<'py>, d: &Diagnostic) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    dict.set_item("severity", severity)?;
    dict.set_item("line", d.line)?;
    dict.set_item("column", d.col)?;
    dict.set_item("message", &d.message)?;
    Ok(dict)
}

/// The exception classes, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("NakadeError", py.get_type::<NakadeError>())?;
    m.add("PatternError", py.get_type::<PatternError>())?;
    m.add("DatabaseError", py.get_type::<DatabaseError>())?;
    m.add("GraphError", py.get_type::<GraphError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    m.add("SgfError", py.get_type::<SgfError>())?;
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("VertexError", py.get_type::<VertexError>())?;
    Ok(())
}
