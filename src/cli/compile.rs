//! `nakade compile FILE --out OUT`: a pattern file compiled to the binary form the engine embeds.

use std::path::Path;
use std::process::ExitCode;

use nakade::pattern::dsl;

pub fn run(path: &Path, out: &Path, options: dsl::Options) -> anyhow::Result<ExitCode> {
    let Some(file) = super::load::read_pattern_file(path, options, "compile")? else {
        return Ok(ExitCode::from(1));
    };
    let (db, _) = super::load::compile(path, &file)?;
    let bytes = db.to_bytes();
    super::output::write_whole(out, &bytes)?;
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
