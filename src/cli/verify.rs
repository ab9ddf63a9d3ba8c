//! `nakade verify DB`: every pattern solved; the disputed ones, with the refuting line.

use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::solve::Params;
use nakade::pattern::dsl;
use nakade::tools::verify::{verify, Dispute};

const DIGITS: [&str; 4] = ["a", "b", "c", "d"];

pub fn run(path: &Path, options: dsl::Options, params: Params) -> anyhow::Result<ExitCode> {
    let Some(file) = super::load::read_pattern_file(path, options, "verify")? else {
        return Ok(ExitCode::from(1));
    };
    let report = verify(&file, &params)?;
    let disputed = report.disputed();
    outln!(
        "{}: {} patterns, {} forms solved ({} left to earlier patterns, {} that cannot occur on a board), {} unsolved",
        path.display(),
        report.patterns,
        report.forms,
        report.shadowed_forms,
        report.impossible_forms,
        report.unsolved.len()
    )?;
    outln!(
        "disputed: {} patterns ({} forms), {} of them where they are drawn; {} forms mark fewer vital points than the solver finds",
        disputed.len(),
        report.findings.len(),
        report.disputed_as_drawn().len(),
        report.fewer_marks
    )?;
    for f in &report.findings {
        outln!()?;
        outln!(
            "pattern {} (line {}): {} on {}{}",
            f.number,
            f.line,
            f.value,
            f.graph,
            if f.as_drawn { "" } else { " (placed)" }
        )?;
        outln!("  solver: {}", f.solved)?;
        match &f.dispute {
            Dispute::Value {
                solver,
                digit,
                line,
            } => {
                outln!(
                    "  value {solver}: digit {} is {}, not {}",
                    DIGITS[*digit],
                    solver.digits()[*digit],
                    f.value.digits()[*digit]
                )?;
                outln!("  line: {line}")?;
            }
            Dispute::NotVital { what, at, line } => {
                outln!(
                    "  marked {what} point {},{} is not vital: {line}",
                    at.0,
                    at.1
                )?;
            }
        }
    }
    for (number, form, why) in &report.unsolved {
        outln!("\npattern {number}: {form} not solved: {why}")?;
    }
    Ok(if disputed.is_empty() && report.unsolved.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
