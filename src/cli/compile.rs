//! `nakade compile FILE --out OUT`: a pattern file compiled to the binary form the engine embeds.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::db::Database;
use nakade::pattern::dsl;

pub fn run(path: &Path, out: &Path, options: dsl::Options) -> anyhow::Result<ExitCode> {
    let Some(file) = super::read_patterns(path, options)? else {
        return Ok(ExitCode::from(1));
    };
    let (db, _) = Database::compile(&file)?;
    let bytes = db.to_bytes();
    // Written whole or not at all.
    let tmp = out.with_extension("tmp");
    std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(&bytes).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&tmp, out))
        .map_err(|e| anyhow::anyhow!("{}: {e}", out.display()))?;
    eprintln!(
        "{}: {} patterns, {} keys, {} bytes",
        out.display(),
        db.len(),
        db.key_count(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
