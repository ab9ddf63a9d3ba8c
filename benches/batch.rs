//! `match --batch` on the graphs hosts send (issue 33): whole process, graphs a second.
//!
//! ```text
//! cargo bench --bench batch
//! NAKADE_BENCH_RUNS=5 cargo bench --bench batch
//! ```
//!
//! The corpus ([`host_corpus`], `benches/support/host_corpus.rs`): 200,000 distinct eye spaces
//! in GNU Go's form (the bounding box, `O` off the space), from the random games' positions and
//! the shape enumeration, sizes 1 to 12, centre, edge and corner, enclosed defender stones
//! included. It is written to a file, and `target/release/nakade` reads it on standard input
//! (the file itself, no pipe) and writes to a file or a pipe; each run's wall time is the process's,
//! start-up included; the best of `NAKADE_BENCH_RUNS` runs (default 3) is reported.
//!
//! Runs, in one go so that the figures share the machine's load:
//! - `match --no-solver --batch` on one core (`RAYON_NUM_THREADS=1`, and `taskset -c 0`
//!   where the machine has it), writing to a file, then to a pipe the bench reads (as a
//!   host reads the answers; a file on a slow disk costs the kernel more than the
//!   matching), then on every core;
//! - the same through the full reader alone (`NAKADE_BATCH_BASELINE=1`), the path every line
//!   took before the quick reader: the baseline;
//! - `match --batch` (the solver answers what no pattern matches, within its default limits),
//!   on every core, once, on every 100th graph of the corpus (2,000 graphs: three quarters
//!   of them no pattern holds, and the solver reads those one by one, in tens of
//!   milliseconds each for the larger ones; the whole corpus would take half an hour).
//!
//! The quick path's output must be byte for byte the full path's; the bench says whether it is.

#[path = "support/host_corpus.rs"]
mod host_corpus;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where a run's answers go.
#[derive(Clone, Copy)]
enum Sink<'a> {
    /// A file (the answers are compared afterwards).
    File(&'a Path),
    /// A pipe the bench reads to its end, as a host reads the answers.
    Pipe,
}

fn run(
    bin: &Path,
    input: &Path,
    sink: Sink<'_>,
    args: &[&str],
    env: &[(&str, &str)],
    one_core: bool,
) -> Duration {
    let taskset = one_core && Command::new("taskset").arg("-V").output().is_ok();
    let mut cmd = if taskset {
        let mut c = Command::new("taskset");
        c.args(["-c", "0"]).arg(bin);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(args)
        .env_remove("NAKADE_BATCH_BASELINE")
        .env_remove("RAYON_NUM_THREADS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    if one_core {
        cmd.env("RAYON_NUM_THREADS", "1");
    }
    let stdin = std::fs::File::open(input).expect("the corpus file");
    let stdout = match sink {
        Sink::File(output) => Stdio::from(std::fs::File::create(output).expect("an output file")),
        Sink::Pipe => Stdio::piped(),
    };
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::from(stdin))
        .stdout(stdout)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nakade runs");
    if let Some(mut pipe) = child.stdout.take() {
        std::io::copy(&mut pipe, &mut std::io::sink()).expect("the answers read");
    }
    let status = child.wait().expect("nakade ends");
    let took = start.elapsed();
    assert!(status.success(), "nakade {args:?} failed");
    took
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_nakade"));
    let runs: usize = std::env::var("NAKADE_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let host =
        std::fs::read_to_string(root.join("tests/batch/host_graphs.txt")).expect("host graphs");
    let corpus = host_corpus::host_corpus(200_000, &host);
    let dir = root.join("target/bench-batch");
    std::fs::create_dir_all(&dir).expect("a folder for the corpus");
    let input = dir.join("corpus.txt");
    std::fs::write(&input, corpus.join("\n") + "\n").expect("the corpus written");

    // What the corpus holds.
    let mut sizes = [0usize; 13];
    let (mut centre, mut edge, mut corner, mut enclosed) = (0, 0, 0, 0);
    for text in &corpus {
        let Ok(d) = nakade::pattern::encoded::parse_graph(text) else {
            continue;
        };
        sizes[d.vertices().len().min(12)] += 1;
        enclosed += usize::from(!d.enclosed().is_empty());
        match (text.contains('|'), text.contains('-')) {
            (true, true) => corner += 1,
            (false, false) => centre += 1,
            _ => edge += 1,
        }
    }
    println!("# match --batch on host graphs (issue 33)");
    println!();
    println!(
        "corpus: {} distinct graphs in GNU Go's form ({} from the random games' positions); \
         centre {centre}, edge {edge}, corner {corner}; {enclosed} with enclosed defender stones",
        corpus.len(),
        host.lines().count()
    );
    println!("sizes 1 to 12: {:?}", &sizes[1..]);
    println!(
        "load average: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!();

    let quick_out = dir.join("quick.jsonl");
    let full_out = dir.join("full.jsonl");
    let solver_out = dir.join("solver.jsonl");
    let no_solver = ["match", "--batch", "--no-solver"];
    let best = |args: &[&str], env: &[(&str, &str)], one: bool, out: Sink| {
        (0..runs)
            .map(|_| run(&bin, &input, out, args, env, one))
            .min()
            .unwrap_or_default()
    };
    let rate = |d: Duration| corpus.len() as f64 / d.as_secs_f64() / 1e6;
    println!("| run | best of {runs} | M graphs/s |");
    println!("|---|---:|---:|");
    let mut rows = Vec::new();
    let t = best(&no_solver, &[], true, Sink::File(&quick_out));
    rows.push(("`match --no-solver --batch`, one core", t));
    let t = best(&no_solver, &[], true, Sink::Pipe);
    rows.push(("the same, one core, answers read from a pipe", t));
    let t = best(&no_solver, &[], false, Sink::File(&quick_out));
    rows.push(("`match --no-solver --batch`, every core", t));
    let t = best(
        &no_solver,
        &[("NAKADE_BATCH_BASELINE", "1")],
        true,
        Sink::File(&full_out),
    );
    rows.push(("the same, full reader only (baseline), one core", t));
    for (what, t) in &rows {
        println!("| {what} | {:.3} s | {:.2} |", t.as_secs_f64(), rate(*t));
    }
    let same = std::fs::read(&quick_out).ok() == std::fs::read(&full_out).ok();
    let quick = std::fs::read_to_string(&quick_out).unwrap_or_default();
    let matched = quick
        .lines()
        .filter(|l| l.contains(r#""source":"pattern""#))
        .count();
    let errors = quick.lines().filter(|l| l.contains(r#""error""#)).count();
    println!();
    println!(
        "quick output identical to the full reader's: {} ({} lines; {matched} matched by a \
         pattern, {errors} errors)",
        if same { "yes" } else { "NO" },
        quick.lines().count()
    );
    let sample: Vec<&String> = corpus.iter().step_by(100).collect();
    let sample_in = dir.join("sample.txt");
    let text: String = sample.iter().map(|g| format!("{g}\n")).collect();
    std::fs::write(&sample_in, text).expect("the sample written");
    let t = run(
        &bin,
        &sample_in,
        Sink::File(&solver_out),
        &["match", "--batch"],
        &[],
        false,
    );
    let out = std::fs::read_to_string(&solver_out).unwrap_or_default();
    let solved = out
        .lines()
        .filter(|l| l.contains(r#""source":"solver""#))
        .count();
    println!(
        "`match --batch` (solver fallback), every core, one run on every 100th graph ({} \
         graphs, {solved} solved): {:.2} s, {:.0} graphs/s",
        sample.len(),
        t.as_secs_f64(),
        sample.len() as f64 / t.as_secs_f64()
    );
}
