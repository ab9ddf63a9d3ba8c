//! The `nakade` command: a thin layer over the library. It parses arguments, runs one
//! subcommand, and maps its outcome to an exit code (0 success, 1 failure, 2 usage).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing to a closed pipe (`nakade verify ... | head`) would
    // panic; like any Unix filter, end quietly instead.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let args = cli::Args::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
