//! `nakade fmt FILE... [--check]`: pattern files rewritten in the canonical layout
//! (`pattern::dsl::format`), in place and whole or not at all; with `--check`, nothing is
//! written and the first line that would change is named (exit 1), for CI. `-` formats
//! standard input to standard output.
//!
//! A file is validated and compiled first, as `nakade check` does (`--lenient` as there): a
//! file with errors is refused with `check`'s diagnostics (`file:line:col`), exit 1, and
//! nothing written, so `fmt` never rewrites a file that `check` refuses.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use nakade::evaluation::db::Database;
use nakade::pattern::dsl::{self, format};

use super::load;

/// What formatting one file came to.
enum Outcome {
    /// Already in the canonical layout.
    Unchanged,
    /// Rewritten (or, with `--check`, would be), first changed line given.
    Changed(usize),
}

pub fn run(files: &[PathBuf], check: bool, options: dsl::Options) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    for path in files {
        match one(path, check, options) {
            Ok(Some(Outcome::Unchanged)) => {}
            Ok(Some(Outcome::Changed(line))) if check => {
                outln!(
                    "{}:{line}: not in the canonical layout (nakade fmt would change this line)",
                    load::input_name(path)
                )?;
                failed = true;
            }
            Ok(Some(Outcome::Changed(_))) => outln!("formatted {}", path.display())?,
            Ok(None) => failed = true,
            Err(e) => {
                eprintln!("error: {e:#}");
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Format one file; `None` after printing its diagnostics when it does not parse or fails
/// validation (`options` as `check` reads it).
fn one(path: &Path, check: bool, options: dsl::Options) -> anyhow::Result<Option<Outcome>> {
    let bytes = load::read_bytes(path)?;
    let name = load::input_name(path);
    // `-`: standard input, formatted to standard output (or checked).
    let piped = path == Path::new("-");
    if Database::is_compiled(&bytes) {
        anyhow::bail!("{name}: a compiled database (nakade compile); fmt formats pattern files");
    }
    // Validated as `check` validates it: a file `check` refuses is not rewritten.
    let file = match dsl::parse_with(&name, &bytes, options) {
        Ok(f) => f,
        Err(diagnostics) => {
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            load::eprint_diagnostics(&diagnostics);
            eprintln!(
                "{name}: {errors} error{}; nothing written",
                super::check::plural(errors)
            );
            load::hint_lenient(&name, &bytes, options);
            return Ok(None);
        }
    };
    // And compiled, as `check` compiles it (the few errors only compiling finds).
    load::compile(path, &file).map_err(|e| anyhow::anyhow!("{e:#}; nothing written"))?;
    let formatted = format::format(&file.syntax);
    // The original parsed as UTF-8 above.
    let original = String::from_utf8_lossy(&bytes);
    let Some(line) = format::first_difference(&original, &formatted) else {
        if piped && !check {
            out!("{original}")?;
        }
        return Ok(Some(Outcome::Unchanged));
    };
    // A guard against a layout that would change what the file means: the patterns read back
    // must be the same, or nothing is written.
    let again = dsl::parse_with(&name, formatted.as_bytes(), options).map_err(|d| {
        anyhow::anyhow!(
            "{name}: the formatted text does not parse ({} problems); nothing written",
            d.len()
        )
    })?;
    let same = again.patterns.len() == file.patterns.len()
        && again.patterns.iter().zip(&file.patterns).all(|(a, b)| {
            a.number == b.number
                && a.value == b.value
                && a.comments
                    .iter()
                    .map(|c| c.trim_end())
                    .eq(b.comments.iter().map(|c| c.trim_end()))
                && a.graph.canonical_key() == b.graph.canonical_key()
        });
    if !same {
        anyhow::bail!("{name}: the formatted text reads as other patterns; nothing written");
    }
    if piped && !check {
        out!("{formatted}")?;
        return Ok(Some(Outcome::Unchanged));
    }
    if !check {
        super::output::write_whole(path, formatted.as_bytes())?;
    }
    Ok(Some(Outcome::Changed(line)))
}
