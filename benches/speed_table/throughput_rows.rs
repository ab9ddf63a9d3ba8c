//! The throughput rows of the speed table: batch matching, start-up, the multi-core commands
//! and canonicalisation, each before (the old path, kept as a baseline, or the figure measured
//! when the work began, said so) and after. Reads `$NAKADE_SHARED/gnugo/eyes.db`.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../tests/support.rs"]
#[allow(dead_code)]
mod support;

const NAKADE: &str = env!("CARGO_BIN_EXE_nakade");

/// Processor time (user and system) of the children waited for so far: on a machine shared
/// with other work, wall time says little about one process.
#[cfg(unix)]
fn children_cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given, which is plain data.
    let ru = unsafe {
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru);
        ru
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

#[cfg(not(unix))]
fn children_cpu() -> Duration {
    Duration::ZERO
}

/// Processor time of one run (see [`children_cpu`]).
fn cpu(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Duration {
    let before = children_cpu();
    run(args, stdin, env);
    children_cpu().saturating_sub(before)
}

/// Wall time of one run of `nakade args` with `stdin`, and its output; `env` set.
fn run(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> (Duration, Vec<u8>) {
    let mut cmd = Command::new(NAKADE);
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_remove("NAKADE_BATCH_BASELINE")
        .env_remove("RAYON_NUM_THREADS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let start = Instant::now();
    let mut child = cmd.spawn().expect("nakade runs");
    let mut input = child.stdin.take().expect("piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().expect("nakade ends");
    let took = start.elapsed();
    let _ = writer.join();
    (took, out.stdout)
}

/// The fastest of `k` runs.
fn best(k: usize, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Duration {
    (0..k)
        .map(|_| run(args, stdin, env).0)
        .min()
        .unwrap_or_default()
}

/// The one-minute load average, or `?` where there is none to read.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// `[path, before, after, target]`.
pub fn rows() -> Vec<[String; 4]> {
    let mut rows = Vec::new();
    let Some(path) = support::shared_file("gnugo/eyes.db") else {
        return rows;
    };
    let db = path.to_str().expect("a UTF-8 path").to_string();
    let file = nakade::pattern::dsl::read_file_with(
        &path,
        nakade::pattern::dsl::Options { lenient: true },
    )
    .expect("eyes.db reads");
    let queries = support::eyes_db_queries(&file);
    let input = (queries.join("\n") + "\n").into_bytes();
    let args = ["match", "--batch", "--lenient", "--db", &db, "--no-solver"];

    // Batch matching: the time of the queries is the run's less a run without input (start-up
    // and compiling eyes.db).
    let one = [("RAYON_NUM_THREADS", "1")];
    // Lookups a second of wall time and of processor time.
    let rate = |env: &[(&str, &str)]| {
        let empty = best(3, &args, b"", env);
        let full = best(3, &args, &input, env);
        let t = full.saturating_sub(empty).as_secs_f64().max(1e-9);
        let cpu_of = |stdin: &[u8]| {
            (0..3)
                .map(|_| cpu(&args, stdin, env))
                .min()
                .unwrap_or_default()
        };
        let c = cpu_of(&input)
            .saturating_sub(cpu_of(b""))
            .as_secs_f64()
            .max(1e-9);
        (
            queries.len() as f64 / t / 1e6,
            queries.len() as f64 / c / 1e6,
        )
    };
    let baseline = rate(&[("NAKADE_BATCH_BASELINE", "1"), ("RAYON_NUM_THREADS", "1")]);
    let quick_one = rate(&one);
    let quick_two = rate(&[]);
    rows.push([
        format!(
            "`match --batch` with I/O, eyes.db, {} distinct queries (M lookups/s of wall time; of processor time)",
            queries.len()
        ),
        format!("{:.2}; {:.2} (full path, one line at a time)", baseline.0, baseline.1),
        format!(
            "{:.2}; {:.2} on one core, {:.2} wall on two",
            quick_one.0, quick_one.1, quick_two.0
        ),
        "≥ 2 on one core, more on two".into(),
    ]);

    // Start-up: process start to the first answer, best of 30 (wall) and of processor time.
    let start = best(30, &["match", "..."], b"", &[]);
    let start_cpu = (0..30)
        .map(|_| cpu(&["match", "..."], b"", &[]))
        .min()
        .unwrap_or_default();
    rows.push([
        "process start to first answer (`nakade match '...'`)".into(),
        "15–18 ms (issue 10); at fa0f568, measured at the start of this work: 21.6 ms processor time".into(),
        format!(
            "{:.1} ms wall, {:.1} ms processor time",
            start.as_secs_f64() * 1e3,
            start_cpu.as_secs_f64() * 1e3
        ),
        "≤ 3 ms (GNU Go 3.8: 10 ms)".into(),
    ]);

    // The multi-core commands: one core against both.
    let small: Vec<u8> = queries
        .iter()
        .filter(|q| q.bytes().filter(|b| b".*<>X!@()$".contains(b)).count() <= 5)
        .take(4000)
        .flat_map(|q| format!("{q}\n").into_bytes())
        .collect();
    let out = std::env::temp_dir().join(format!("nakade-speed-{}.db", std::process::id()));
    let out_path = out.to_str().expect("a UTF-8 path").to_string();
    let commands: [(&str, Vec<&str>, &[u8]); 4] = [
        (
            "`solve --batch` (4,000 eyes.db forms of ≤ 5 vertices)",
            vec!["solve", "--batch"],
            &small,
        ),
        (
            "`diff default solver --up-to 5`",
            vec!["diff", "default", "solver", "--up-to", "5"],
            b"",
        ),
        (
            "`verify --lenient eyes.db`",
            vec!["verify", "--lenient", &db],
            b"",
        ),
        (
            "`generate --up-to 5`",
            vec!["generate", "--up-to", "5", "--out", &out_path],
            b"",
        ),
    ];
    // Wall time and processor time of one run on one thread and on two, and the load beside
    // them: on a machine shared with other work, the wall-time speed-up is the load's as much
    // as the command's.
    let two_threads = [("RAYON_NUM_THREADS", "2")];
    for (name, args, stdin) in commands {
        let load = load_average();
        let timed = |env: &[(&str, &str)]| {
            let before = children_cpu();
            let wall = run(&args, stdin, env).0;
            (wall, children_cpu().saturating_sub(before))
        };
        let (wall1, cpu1) = timed(&one);
        let (wall2, cpu2) = timed(&two_threads);
        rows.push([
            format!("{name}: wall; processor time (load {load})"),
            format!("{}; {} (one thread)", secs(wall1), secs(cpu1)),
            format!(
                "{}; {} (two threads): {:.2}× the one-thread wall time",
                secs(wall2),
                secs(cpu2),
                wall1.as_secs_f64() / wall2.as_secs_f64().max(1e-9)
            ),
            "both cores".into(),
        ]);
    }
    let _ = std::fs::remove_file(&out);

    // Canonicalisation per key: the labelling as first written against the current one.
    let graphs: Vec<nakade::pattern::graph::EyeGraph> = queries
        .iter()
        .filter_map(|q| nakade::pattern::encoded::parse_graph(q).ok())
        .filter_map(|d| nakade::pattern::graph::EyeGraph::from_diagram(&d).ok())
        .collect();
    let per_key = |f: &dyn Fn(&nakade::pattern::graph::EyeGraph) -> usize| {
        (0..3)
            .map(|_| {
                let t = Instant::now();
                let mut sum = 0usize;
                for g in &graphs {
                    sum += f(std::hint::black_box(g));
                }
                std::hint::black_box(sum);
                t.elapsed().as_secs_f64() * 1e9 / graphs.len() as f64
            })
            .fold(f64::INFINITY, f64::min)
    };
    let old = per_key(&|g| {
        std::hint::black_box(g.reference_canonical_key());
        1
    });
    let new = per_key(&|g| {
        std::hint::black_box(g.canonical_key());
        1
    });
    rows.push([
        format!(
            "canonical key per graph, eyes.db forms ({} graphs), ns (graph to boxed key)",
            graphs.len()
        ),
        format!("{old:.0} ns (labelling as first written)"),
        format!("{new:.0} ns"),
        "measured".into(),
    ]);
    rows
}
