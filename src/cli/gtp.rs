//! `nakade gtp`: a GTP engine on standard input and output, with `eval_eye` and
//! `analyze_eyegraph` answered as GNU Go 3.8 formats them.

use std::io;
use std::process::ExitCode;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut engine = nakade::gtp::eye_commands::engine();
    let stdin = io::stdin();
    let stdout = io::stdout();
    engine.run(stdin.lock(), stdout.lock())?;
    Ok(ExitCode::SUCCESS)
}
