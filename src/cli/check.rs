//! `nakade check FILE...`: the summary (pattern count, count per size, number of warnings) on
//! standard output; the diagnostics themselves, errors and warnings, on standard error.

use std::path::PathBuf;
use std::process::ExitCode;

use nakade::evaluation::db::Database;
use nakade::pattern::dsl;

use super::load::{self, DbFile};

pub fn run(files: &[PathBuf], options: dsl::Options) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    for path in files {
        let bytes = match load::read_bytes(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e:#}");
                failed = true;
                continue;
            }
        };
        let name = load::input_name(path);
        let file = if Database::is_compiled(&bytes) {
            match Database::from_bytes(&name, &bytes) {
                Ok(db) => DbFile::Compiled(db),
                Err(e) => {
                    eprintln!("error: {name}: {e}");
                    failed = true;
                    continue;
                }
            }
        } else {
            match dsl::parse_with(&name, &bytes, options) {
                Ok(f) => DbFile::Patterns(f),
                Err(diags) => {
                    let errors = diags.iter().filter(|d| d.is_error()).count();
                    load::eprint_diagnostics(&diags);
                    eprintln!("{name}: {errors} error{}", plural(errors));
                    load::hint_lenient(&name, &bytes, options);
                    failed = true;
                    continue;
                }
            }
        };
        let (db, warnings, compiled) = match file {
            DbFile::Compiled(db) => (db, Vec::new(), true),
            DbFile::Patterns(file) => match load::compile(path, &file) {
                Ok((db, mut warnings)) => {
                    warnings.splice(0..0, file.warnings.iter().cloned());
                    (db, warnings, false)
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    failed = true;
                    continue;
                }
            },
        };
        let mut sizes = std::collections::BTreeMap::new();
        for p in db.patterns() {
            *sizes.entry(p.size).or_insert(0usize) += 1;
        }
        outln!(
            "{name}: {} pattern{}{}",
            db.len(),
            plural(db.len()),
            if compiled { " (compiled)" } else { "" }
        )?;
        for (size, count) in &sizes {
            outln!("  size {size:>2}: {count}")?;
        }
        if !warnings.is_empty() {
            outln!("{} warning{}", warnings.len(), plural(warnings.len()))?;
            load::eprint_diagnostics(&warnings);
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The plural ending for a count.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
