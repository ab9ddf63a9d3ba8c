//! Whole-board analysis and `eval_eye` over GTP, against GNU Go 3.8, in one run.
//!
//! Positions: `benches/positions/*.sgf`, 19x19 middle games (GNU Go 3.8 self-play at level 1,
//! 90 to 200 moves). Three figures:
//!
//! 1. whole-board analysis: [`nakade::board::analysis::analyze_position`] on every eye space of both
//!    colours, a fresh evaluator (cold solver cache) each time: time per position and per space;
//! 2. `eval_eye` over GTP, ours: `nakade gtp`'s engine answering `loadsgf FILE` then one
//!    `eval_eye` per eye space (at its first point);
//! 3. the same command stream to `gnugo --mode gtp --quiet` through a pipe (process start-up
//!    excluded).
//!
//! The speed-up is figure 3 over figure 2, per eye evaluated. Without GNU Go (`$NAKADE_GNUGO`,
//! default `/usr/games/gnugo`) the third figure is skipped. Run: `cargo bench --bench analyze`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nakade::board::analysis::{analyze_position, AnalysisLimits};
use nakade::board::{sgf, vertex};
use nakade::evaluation::evaluate::Evaluator;

const ROUNDS: usize = 5;

fn positions() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/positions");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("benches/positions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    v
}

/// One GTP exchange per command through `engine`, answers in order.
fn ours(file: &Path, vertices: &[String]) -> (Duration, Vec<String>) {
    let mut input = format!("loadsgf {}\n", file.display());
    for v in vertices {
        input.push_str(&format!("eval_eye {v}\n"));
    }
    let mut engine = nakade::host::gtp::eye_commands::engine();
    let mut out = Vec::new();
    let t = Instant::now();
    engine.run(input.as_bytes(), &mut out).unwrap();
    let took = t.elapsed();
    let text = String::from_utf8(out).unwrap();
    let answers = text
        .split("\n\n")
        .filter(|b| !b.is_empty())
        .skip(1)
        .map(|b| b.trim_start_matches(['=', '?', ' ']).to_string())
        .collect();
    (took, answers)
}

fn gnugo(path: &Path, file: &Path, vertices: &[String]) -> (Duration, Vec<String>) {
    let mut child = Command::new(path)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnugo starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Wait until the process is up.
    writeln!(stdin, "name").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 && line != "\n" {
        line.clear();
    }
    let t = Instant::now();
    let mut answers = Vec::new();
    let mut cmds = vec![format!("loadsgf {}", file.display())];
    cmds.extend(vertices.iter().map(|v| format!("eval_eye {v}")));
    for (i, c) in cmds.iter().enumerate() {
        writeln!(stdin, "{c}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line).unwrap() == 0 {
                break;
            }
            if line == "\n" {
                break;
            }
            answer.push_str(line.trim_end());
        }
        if i > 0 {
            answers.push(answer.trim_start_matches(['=', '?', ' ']).to_string());
        }
    }
    let took = t.elapsed();
    writeln!(stdin, "quit").ok();
    drop(stdin);
    let _ = child.wait();
    (took, answers)
}

fn main() {
    let files = positions();
    assert!(!files.is_empty(), "no positions in benches/positions");
    let limits = AnalysisLimits::default();
    let gnugo_path = std::env::var_os("NAKADE_GNUGO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/gnugo"));
    let have_gnugo = gnugo_path.is_file();
    let (mut t_board, mut spaces_total) = (Duration::ZERO, 0usize);
    let (mut t_ours, mut t_gnugo, mut evals, mut agree) = (Duration::ZERO, Duration::ZERO, 0, 0);
    for file in &files {
        let mut board = sgf::load_file(file, None).unwrap().board;
        // 1. Whole-board analysis, cold cache each round.
        let mut vertices = Vec::new();
        for round in 0..ROUNDS {
            let ev = Evaluator::with_default();
            let t = Instant::now();
            let r = analyze_position(&mut board, &ev, None, limits);
            t_board += t.elapsed();
            // The result being timed is a real one.
            assert!(r.spaces.iter().all(|s| s.value.is_some()));
            if round == 0 {
                spaces_total += r.spaces.len();
                vertices = r
                    .spaces
                    .iter()
                    .map(|s| vertex::name(&board, s.points()[0]))
                    .collect();
            }
        }
        // 2 and 3. eval_eye over GTP at one point of every space.
        let mut ours_answers = Vec::new();
        for _ in 0..ROUNDS {
            let (t, a) = ours(file, &vertices);
            t_ours += t;
            ours_answers = a;
        }
        assert_eq!(ours_answers.len(), vertices.len());
        assert!(ours_answers.iter().all(|a| a != "-1" && !a.is_empty()));
        evals += vertices.len();
        if have_gnugo {
            let (t, theirs) = gnugo(&gnugo_path, file, &vertices);
            t_gnugo += t;
            agree += theirs
                .iter()
                .zip(&ours_answers)
                .filter(|(a, b)| a == b)
                .count();
        }
        println!(
            "{}: {} eye spaces",
            file.file_name().unwrap().to_string_lossy(),
            vertices.len()
        );
    }
    let per = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n as f64;
    let rounds_spaces = spaces_total * ROUNDS;
    println!(
        "whole-board analysis: {:.2} ms per position, {:.1} us per eye space ({} positions, {} spaces, {} rounds, cold cache)",
        t_board.as_secs_f64() * 1e3 / (files.len() * ROUNDS) as f64,
        per(t_board, rounds_spaces),
        files.len(),
        spaces_total,
        ROUNDS
    );
    let ours_per = per(t_ours, evals * ROUNDS);
    println!("eval_eye over GTP, nakade: {ours_per:.1} us per eye ({evals} evaluations, {ROUNDS} rounds, loadsgf included)");
    if have_gnugo {
        let theirs_per = per(t_gnugo, evals);
        println!(
            "eval_eye over GTP, gnugo 3.8: {theirs_per:.1} us per eye ({evals} evaluations, loadsgf included); speed-up {:.1}x; same answer on {agree} of {evals}",
            theirs_per / ours_per
        );
    } else {
        println!(
            "eval_eye over GTP, gnugo: skipped ({} not installed)",
            gnugo_path.display()
        );
    }
}
