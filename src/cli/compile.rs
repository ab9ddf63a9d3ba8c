//! `nakade compile FILE --out OUT`: a pattern file compiled to the binary form the engine embeds.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use nakade::pattern::dsl;

pub fn run(path: &Path, out: &Path, options: dsl::Options) -> anyhow::Result<ExitCode> {
    let Some(file) = super::load::read_pattern_file(path, options, "compile")? else {
        return Ok(ExitCode::from(1));
    };
    let (db, _) = super::load::compile(path, &file)?;
    let bytes = db.to_bytes();
    // Written whole or not at all.
    let tmp = out.with_extension("tmp");
    std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(&bytes).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&tmp, out))
        .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", out.display()))?;
    let plural = super::check::plural;
    eprintln!(
        "{}: {} pattern{}, {} key{}, {} bytes",
        out.display(),
        db.len(),
        plural(db.len()),
        db.key_count(),
        plural(db.key_count()),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
