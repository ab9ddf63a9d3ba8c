//! The `nakade` command: a thin layer over the library. It parses arguments, runs one
//! subcommand, and maps its outcome to an exit code (0 success, 1 failure, 2 usage).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Args::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
