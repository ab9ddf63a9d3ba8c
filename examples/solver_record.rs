//! The solver's answers over every eye graph of up to N points in every placement, one line a
//! graph: `graph<TAB>value<TAB>annotated graph` (the annotation marks the attack and defence
//! points), or `graph<TAB>-<TAB>error` where the solver gives up. Sizes are written one file
//! each, `size_<n>.txt`, in the enumeration's order. From [`FIRST_HASHED`] points on, where the
//! lines would make files of tens of megabytes, the file holds one line per block of
//! [`BLOCK`] graphs: the block's first graph and the FNV-1a hash of the block's lines, so a
//! difference is located to a block (and `check` prints the block's graphs with their new
//! answers).
//!
//! From [`FIRST_SAMPLED`] points on, the record holds every [`SAMPLE_EVERY`]-th graph of the
//! enumeration only (so a check still enumerates them all, but solves a tenth).
//!
//! `cargo run --release --example solver_record -- write tests/golden/solver_record 7 [FROM]`
//! records sizes FROM (default 1) to 7; `count DIR 7 7` only enumerates;
//! `... -- check tests/golden/solver_record 7` solves every recorded graph again and prints each
//! line that differs, then the count and the time (exit code 1 on a difference).

use std::fmt::Write as _;
use std::time::Instant;

use nakade::evaluation::solve::{solve_with, Features, Params, Space};
use nakade::pattern::encoded::{encode, parse_graph};
use nakade::tools::enumerate::{eye_graphs_of, Placement, CONCRETE};
use rayon::prelude::*;

/// The first size recorded as block hashes.
const FIRST_HASHED: usize = 6;
/// Graphs per hashed block.
const BLOCK: usize = 16;
/// The first size recorded as a sample: every [`SAMPLE_EVERY`]-th graph in the enumeration's
/// order (the first, the eleventh, ...). Size 7 is recorded whole: its 2.5 million graphs
/// take about three minutes of processor time with today's search (the former search took
/// most of an hour, when size 7 was a tenth-sample); size 8 would be ten times that.
const FIRST_SAMPLED: usize = 8;
/// The sample's stride.
const SAMPLE_EVERY: usize = 10;

/// The encoded graphs of `n` points the record holds, in the enumeration's order.
fn recorded_graphs(n: usize) -> Vec<String> {
    let every = if n >= FIRST_SAMPLED { SAMPLE_EVERY } else { 1 };
    eye_graphs_of(n, &Placement::ALL, &CONCRETE)
        .iter()
        .step_by(every)
        .map(encode)
        .collect()
}

/// 64-bit FNV-1a: a hash that stays the same across Rust versions and platforms.
fn fnv(lines: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for l in lines {
        for &b in l.as_bytes().iter().chain(b"\n") {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The file lines of one size: the answer lines, or one line per block from [`FIRST_HASHED`].
fn file_lines(n: usize, graphs: &[String], answers: &[String]) -> Vec<String> {
    if n < FIRST_HASHED {
        return answers.to_vec();
    }
    graphs
        .chunks(BLOCK)
        .zip(answers.chunks(BLOCK))
        .map(|(g, a)| format!("{}\t{:016x}", g[0], fnv(a)))
        .collect()
}

/// The search features named by the letters of `NAKADE_FEATURES` (`j` the defender's wall-joining moves first, `l` local results, `r`
/// repetition filter, `s` symmetry, `p` presized table, `b` Benson's static life, `w` a static win first, `h` history, `g` the sound table, `m` miai regions, `k` killers on every size, `f` the history fallback, `t` two attacker moves read before `b` and `c`); the defaults
/// when it is not set.
/// Lines of play are never built: the record does not hold them.
fn features() -> Features {
    let Ok(letters) = std::env::var("NAKADE_FEATURES") else {
        return Features {
            lines: false,
            ..Features::default()
        };
    };
    Features {
        local_results: letters.contains('l'),
        repetition_filter: letters.contains('r'),
        symmetry: letters.contains('s'),
        presized_table: letters.contains('p'),
        static_life: letters.contains('b'),
        miai_regions: letters.contains('m'),
        killers_from: if letters.contains('k') { 0 } else { u8::MAX },
        win_first: letters.contains('w'),
        history: letters.contains('h'),
        sound_table: letters.contains('g'),
        history_fallback: letters.contains('f'),
        joins_first: letters.contains('j'),
        two_moves_first: letters.contains('t'),
        mirror_table: letters.contains('y'),
        lines: false,
        first_moves: false,
        min_max: false,
        only_b: false,
        one_eye: false,
        all_vital: false,
        give_up_early: false,
    }
}

/// One record line for an encoded graph.
fn line(text: &str) -> String {
    let answer = parse_graph(text)
        .map_err(|e| e.to_string())
        .and_then(|d| {
            let space = Space::from_diagram(&d).map_err(|e| e.to_string())?;
            let sol =
                solve_with(&space, &Params::default(), features()).map_err(|e| e.to_string())?;
            Ok(format!("{}\t{}", sol.value, encode(&sol.annotate(&d))))
        })
        .unwrap_or_else(|e| format!("-\t{e}"));
    format!("{text}\t{answer}")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(mode), Some(dir)) = (args.first(), args.get(1)) else {
        eprintln!("usage: solver_record write|check DIR [UP_TO]");
        std::process::exit(2);
    };
    let up_to: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let from: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut differences = 0usize;
    for n in from..=up_to {
        let started = Instant::now();
        let path = format!("{dir}/size_{n}.txt");
        match mode.as_str() {
            "count" => {
                let graphs = eye_graphs_of(n, &Placement::ALL, &CONCRETE);
                println!(
                    "size {n}: {} graphs enumerated in {:.1} s",
                    graphs.len(),
                    started.elapsed().as_secs_f64()
                );
            }
            "write" => {
                let graphs = recorded_graphs(n);
                let answers: Vec<String> = graphs.par_iter().map(|g| line(g)).collect();
                let lines = file_lines(n, &graphs, &answers);
                let mut out = String::new();
                for l in &lines {
                    let _ = writeln!(out, "{l}");
                }
                if let Err(e) =
                    std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, out))
                {
                    eprintln!("{path}: {e}");
                    std::process::exit(2);
                }
                println!(
                    "size {n}: {} graphs recorded in {:.1} s",
                    graphs.len(),
                    started.elapsed().as_secs_f64()
                );
            }
            "check" => {
                let text = match std::fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        std::process::exit(2);
                    }
                };
                let recorded: Vec<&str> = text.lines().collect();
                // The graphs: the record's own for full lines; enumerated again for blocks.
                let graphs: Vec<String> = if n < FIRST_HASHED {
                    recorded
                        .iter()
                        .map(|l| l.split('\t').next().unwrap_or_default().to_string())
                        .collect()
                } else {
                    recorded_graphs(n)
                };
                let answers: Vec<String> = graphs.par_iter().map(|g| line(g)).collect();
                let fresh = file_lines(n, &graphs, &answers);
                let mut here = 0;
                for (i, (old, new)) in recorded.iter().zip(&fresh).enumerate() {
                    if old != new {
                        here += 1;
                        println!("- {old}\n+ {new}");
                        if n >= FIRST_HASHED {
                            for a in answers.iter().skip(i * BLOCK).take(BLOCK) {
                                println!("  {a}");
                            }
                        }
                    }
                }
                if recorded.len() != fresh.len() {
                    here += 1;
                    println!("{} lines recorded, {} now", recorded.len(), fresh.len());
                }
                differences += here;
                println!(
                    "size {n}: {} graphs, {here} differences, {:.2} s",
                    graphs.len(),
                    started.elapsed().as_secs_f64()
                );
            }
            _ => {
                eprintln!("usage: solver_record write|check DIR [UP_TO]");
                std::process::exit(2);
            }
        }
    }
    if differences > 0 {
        std::process::exit(1);
    }
}
