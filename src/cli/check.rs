//! `nakade check FILE...`

use std::path::PathBuf;
use std::process::ExitCode;

use nakade::evaluation::db::Database;
use nakade::pattern::dsl::{self, LoadError};

pub fn run(files: &[PathBuf], options: dsl::Options) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    for path in files {
        let file = match dsl::read_file_with(path, options) {
            Ok(f) => f,
            Err(LoadError::Invalid(diags)) => {
                let errors = diags.iter().filter(|d| d.is_error()).count();
                eprint!("{}", dsl::render_all(&diags));
                eprintln!(
                    "{}: {errors} error{}",
                    path.display(),
                    if errors == 1 { "" } else { "s" }
                );
                failed = true;
                continue;
            }
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        let (db, mut warnings) = match Database::compile(&file) {
            Ok(ok) => ok,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                failed = true;
                continue;
            }
        };
        let mut sizes = std::collections::BTreeMap::new();
        for p in db.patterns() {
            *sizes.entry(p.size).or_insert(0usize) += 1;
        }
        println!("{}: {} patterns", path.display(), db.len());
        for (size, count) in &sizes {
            println!("  size {size:>2}: {count}");
        }
        warnings.splice(0..0, file.warnings.iter().cloned());
        if !warnings.is_empty() {
            println!(
                "{} warning{}",
                warnings.len(),
                if warnings.len() == 1 { "" } else { "s" }
            );
            print!("{}", dsl::render_all(&warnings));
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
