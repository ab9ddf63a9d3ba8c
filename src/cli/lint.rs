//! `nakade lint FILE... [--json] [--no-solver]`: every finding of each pattern file
//! (`tools::lint`), one a line as `file:line:col: rule: message`, then the count per rule;
//! with `--json`, one JSON object per finding and no summary. Exit 1 when anything is found.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use nakade::evaluation::solve::Params;
use nakade::pattern::dsl;
use nakade::tools::lint::{counts, lint_with_progress, Finding, LintOptions};

/// What `lint` is asked to do.
pub struct Request<'a> {
    pub files: &'a [PathBuf],
    pub json: bool,
    pub solver: bool,
    pub params: Params,
}

pub fn run(r: &Request<'_>, options: dsl::Options) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for path in r.files {
        let Some(file) = super::load::read_pattern_file(path, options, "lint")? else {
            failed = true;
            continue;
        };
        // The solver's rules read every pattern (a minute for GNU Go's eyes.db): a bar on a
        // terminal.
        let bar = if r.solver && std::io::stderr().is_terminal() {
            let b = indicatif::ProgressBar::new(file.patterns.len() as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "lint: {bar:40} {pos}/{len} patterns read by the solver, {elapsed} (eta {eta})",
            ) {
                b.set_style(style);
            }
            b
        } else {
            indicatif::ProgressBar::hidden()
        };
        let findings = lint_with_progress(
            &file,
            &LintOptions {
                solver: r.solver,
                params: r.params,
            },
            &|done, _| bar.set_position(done as u64),
        )
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        bar.finish_and_clear();
        failed |= !findings.is_empty();
        if r.json {
            for f in &findings {
                writeln!(out, "{}", serde_json::to_string(f)?)?;
            }
        } else {
            write!(out, "{}", text(&file.path, &findings))?;
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The text report of one file: each finding, then the count per rule.
pub fn text(path: &str, findings: &[Finding]) -> String {
    let mut s = String::new();
    for f in findings {
        s.push_str(&format!("{f}\n"));
    }
    s.push_str(&format!(
        "{path}: {} finding{}\n",
        findings.len(),
        super::check::plural(findings.len())
    ));
    for (rule, n) in counts(findings) {
        s.push_str(&format!("  {rule:<15} {n}\n"));
    }
    s
}
