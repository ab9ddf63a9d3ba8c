//! Reading database files, for every command that takes one: a pattern file (validated, then
//! compiled) or a compiled database (`nakade compile`), told apart by the compiled form's
//! header ([`Database::is_compiled`]), never by the file's name.

use std::io::Write as _;
use std::path::Path;

use nakade::evaluation::db::Database;
use nakade::pattern::dsl::{self, Diagnostic, LoadError, PatternFile};

/// What a database file holds.
pub enum DbFile {
    /// A validated pattern file (its warnings inside).
    Patterns(PatternFile),
    /// A compiled database, checked word by word.
    Compiled(Database),
}

/// Print diagnostics on standard error one by one, as `check` renders them (no single string
/// of them all is built: a file can have hundreds of thousands).
pub fn eprint_diagnostics(diagnostics: &[Diagnostic]) {
    let stderr = std::io::stderr();
    let mut err = std::io::BufWriter::new(stderr.lock());
    for d in diagnostics {
        // A closed standard error leaves nothing to report to.
        if writeln!(err, "{d}\n").is_err() {
            return;
        }
    }
    err.flush().ok();
}

/// The largest input file a command reads (a pattern file, a compiled database, a corpus of
/// graphs): past it the file is refused, not read on into the memory (`/dev/zero`). The
/// library's limit for the files it reads from a path, the same for every host.
pub const MAX_INPUT_BYTES: u64 = nakade::pattern::dsl::MAX_FILE_BYTES;

/// The bytes of a file, or of standard input for `-`, read once, and at most
/// [`MAX_INPUT_BYTES`]; the error names the file and says the system's reason once.
pub fn read_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    read_input(path, MAX_INPUT_BYTES)
}

/// The name an input is called by in messages: its path, or `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of a file, or of standard input for `-`, read once from start to end (a pipe, a
/// named pipe and `/dev/stdin` alike), and at most `limit`: one byte more, and the input is
/// refused without reading further.
pub fn read_input(path: &Path, limit: u64) -> anyhow::Result<Vec<u8>> {
    let name = input_name(path);
    let io = |error| -> anyhow::Error {
        LoadError::Io {
            path: name.clone(),
            error,
        }
        .into()
    };
    let read = if path == Path::new("-") {
        dsl::read_at_most(std::io::stdin().lock(), limit)
    } else {
        std::fs::File::open(path).and_then(|f| dsl::read_at_most(f, limit))
    };
    match read.map_err(io)? {
        Some(bytes) => Ok(bytes),
        None => anyhow::bail!("{name}: more than the limit of {limit} bytes"),
    }
}

/// After a pattern file's errors: when every one of them is a vital-point problem, which
/// `--lenient` turns into a warning (GNU Go 3.8's released `eyes-3.8.db` has 1,356 of them),
/// say so on standard error.
pub fn hint_lenient(name: &str, bytes: &[u8], options: dsl::Options) {
    if !options.lenient && dsl::parse_with(name, bytes, dsl::Options { lenient: true }).is_ok() {
        eprintln!(
            "hint: {name}: every error above is a vital-point problem; with --lenient they are \
             warnings (GNU Go 3.8's eyes.db needs it)"
        );
    }
}

/// Read a database file. `Ok(None)` when it is a pattern file with errors, after printing its
/// diagnostics on standard error; `Err` when it cannot be read or is a damaged compiled file.
pub fn read_db_file(path: &Path, options: dsl::Options) -> anyhow::Result<Option<DbFile>> {
    let bytes = read_bytes(path)?;
    let name = input_name(path);
    if Database::is_compiled(&bytes) {
        return Database::from_bytes(&name, &bytes)
            .map(|db| Some(DbFile::Compiled(db)))
            .map_err(|e| anyhow::anyhow!("{name}: {e}"));
    }
    match dsl::parse_with(&name, &bytes, options) {
        Ok(file) => Ok(Some(DbFile::Patterns(file))),
        Err(diagnostics) => {
            eprint_diagnostics(&diagnostics);
            hint_lenient(&name, &bytes, options);
            Ok(None)
        }
    }
}

/// The database a file holds, compiled when it is a pattern file; `None` as for
/// [`read_db_file`].
pub fn read_database(path: &Path, options: dsl::Options) -> anyhow::Result<Option<Database>> {
    Ok(match read_db_file(path, options)? {
        None => None,
        Some(DbFile::Compiled(db)) => Some(db),
        Some(DbFile::Patterns(file)) => Some(compile(path, &file)?.0),
    })
}

/// A pattern file compiled; the error names the file.
pub fn compile(path: &Path, file: &PatternFile) -> anyhow::Result<(Database, Vec<Diagnostic>)> {
    Database::compile(file).map_err(|e| anyhow::anyhow!("{}: {e}", input_name(path)))
}

/// A pattern file, for commands that need the patterns' diagrams (`verify`, `compile`): a
/// compiled database is refused with an error saying so. `None` as for [`read_db_file`].
pub fn read_pattern_file(
    path: &Path,
    options: dsl::Options,
    command: &str,
) -> anyhow::Result<Option<PatternFile>> {
    match read_db_file(path, options)? {
        None => Ok(None),
        Some(DbFile::Patterns(file)) => Ok(Some(file)),
        Some(DbFile::Compiled(_)) => anyhow::bail!(
            "{}: a compiled database (nakade compile); {command} needs the pattern file it was compiled from",
            input_name(path)
        ),
    }
}
