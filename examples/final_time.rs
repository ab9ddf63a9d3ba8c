//! nakade's final status and score alone, timed on each SGF file or text diagram given, one process and one
//! evaluator for all (as a host that scores games one after another): the time of each
//! position, then the total and the median.
//!
//! ```sh
//! cargo run --release --example final_time -- tests/final/selfplay/*.sgf
//! ```
//!
//! `NAKADE_FINAL_NODES` and `NAKADE_FINAL_VERTICES` set the solver's budget per space and its
//! largest space, as for `examples/final_status_vs_gnugo`.

use std::time::Instant;

use nakade::board::finish::{final_status, score, FinalLimits, Rules};
use nakade::board::{ascii, sgf, Color};
use nakade::evaluation::evaluate::Evaluator;

fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    let ev = Evaluator::with_default();
    let mut limits = FinalLimits::default();
    if let Some(n) = env("NAKADE_FINAL_NODES") {
        limits.analysis.solver_nodes = n;
    }
    if let Some(n) = env("NAKADE_FINAL_VERTICES") {
        limits.analysis.max_solver_vertices = n as usize;
    }
    let mut times = Vec::new();
    for file in std::env::args().skip(1) {
        let loaded = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                if file.ends_with(".txt") {
                    ascii::parse_board(&text, None)
                        .map(|d| (d.board, Color::Black, 0.0))
                        .map_err(|e| e.to_string())
                } else {
                    sgf::load(&text, None)
                        .map(|p| (p.board, p.to_move, p.komi.unwrap_or(0.0)))
                        .map_err(|e| e.to_string())
                }
            });
        let (board, to_move, komi) = match loaded {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        let t = Instant::now();
        let report = final_status(&board, &ev, to_move, limits);
        let _ = score(&board, &report, Rules::Territory, komi);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        println!("{ms:8.2} {file}");
    }
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    if let Some(median) = times.get(times.len() / 2) {
        println!("total {total:.1} ms, median {median:.2} ms");
    }
}
