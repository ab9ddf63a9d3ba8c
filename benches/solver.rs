//! The solver against GNU Go 3.8, in one run: time per graph by size (median and max) for
//! centre eye graphs of 1 to 7 vertices, ours through `nakade::evaluation::solve`, GNU Go's through one
//! long-running `gnugo --mode gtp` process (`analyze_eyegraph`, the round trip timed). Ours
//! twice: `solve_value`, the value and the vital points (what `analyze_eyegraph` answers, and
//! what nakade's own `analyze_eyegraph` computes), and `solve`, which also reads the four
//! lines of play (GNU Go's command gives none). Then the
//! time from process start to the first answer from the embedded database, and
//! `generate --up-to N` (N from `NAKADE_BENCH_GENERATE`, default 5).
//!
//! Run: `cargo bench --bench solver`.

use std::process::Command;
use std::time::Instant;

use nakade::evaluation::solve::{solve, solve_value, Params, Space};
use nakade::pattern::encoded::encode;
use nakade::tools::enumerate::{eye_graphs, Placement, CONCRETE};

#[path = "../tests/support.rs"]
#[allow(dead_code)]
mod support;

fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    let sample = 200;
    let graphs = eye_graphs(7, &[Placement::Centre], &CONCRETE);
    let mut gnugo = support::gnugo().map(|p| support::Gnugo::start(&p));
    // Warm both up.
    if let Some(g) = gnugo.as_mut() {
        g.analyze_eyegraph("...");
    }
    let _ = solve(
        &Space::from_diagram(&graphs[0]).unwrap(),
        &Params::default(),
    );
    println!("size  graphs (answered by both)  nakade median/max (us)  gnugo median/max (us)  speed-up (median)  nakade value and vital points median (us)  speed-up (median)");
    for n in 1..=7 {
        let of_size: Vec<_> = graphs.iter().filter(|d| d.vertices().len() == n).collect();
        let step = (of_size.len() / sample).max(1);
        let chosen: Vec<_> = of_size.iter().step_by(step).take(sample).collect();
        let mut ours = Vec::new();
        let mut values = Vec::new();
        let mut theirs = Vec::new();
        for d in &chosen {
            let space = Space::from_diagram(d).unwrap();
            let t = Instant::now();
            let sol = solve(&space, &Params::default());
            let mine = t.elapsed().as_secs_f64() * 1e6;
            assert!(sol.is_ok());
            let t = Instant::now();
            let value = solve_value(&space, &Params::default());
            let value_only = t.elapsed().as_secs_f64() * 1e6;
            let (sol, value) = (sol.unwrap(), value.unwrap());
            assert_eq!(
                (sol.value, sol.attack, sol.defense),
                (value.value, value.attack, value.defense)
            );
            match gnugo.as_mut() {
                // Only graphs GNU Go answers are compared: a refusal ("failed to analyze")
                // comes back before any reading.
                Some(g) => {
                    let text = encode(d);
                    let t = Instant::now();
                    if g.analyze_eyegraph(&text).is_some() {
                        theirs.push(t.elapsed().as_secs_f64() * 1e6);
                        ours.push(mine);
                        values.push(value_only);
                    }
                }
                None => {
                    ours.push(mine);
                    values.push(value_only);
                }
            }
        }
        let ours_n = ours.len();
        let (om, ox) = stats(ours);
        let (vm, _) = stats(values);
        if theirs.is_empty() {
            println!(
                "{n:>4}  {:>6}  {om:>10.1} / {ox:<10.1}  -  -  {vm:>10.1}",
                chosen.len()
            );
        } else {
            let (tm, tx) = stats(theirs);
            println!(
                "{n:>4}  {:>6}  {om:>10.1} / {ox:<10.1}  {tm:>10.1} / {tx:<10.1}  {:>8.0}x  {vm:>10.1}  {:>8.0}x",
                ours_n,
                tm / om,
                tm / vm
            );
        }
    }

    let bin = env!("CARGO_BIN_EXE_nakade");
    let mut starts = Vec::new();
    for _ in 0..10 {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["match", "--json", "--no-solver", "..."])
            .output()
            .unwrap();
        starts.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(String::from_utf8_lossy(&out.stdout).contains("\"value\":\"1122\""));
    }
    let (sm, sx) = stats(starts);
    println!("process start to first answer from the embedded database: median {sm:.1} ms, max {sx:.1} ms");

    let n: u8 = std::env::var("NAKADE_BENCH_GENERATE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let out = std::env::temp_dir().join("nakade-bench-generate.db");
    let t = Instant::now();
    let status = Command::new(bin)
        .args(["generate", "--up-to", &n.to_string(), "--out"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    println!(
        "generate --up-to {n}: {:.1} s on {} cores",
        t.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |p| p.get())
    );
    let _ = std::fs::remove_file(out);
}
