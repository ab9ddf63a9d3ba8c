//! The solver's rows of the speed table (issue 10): open spaces by size and placement, board
//! analysis of the spaces of nine to twenty points no pattern answers, and the solver per
//! graph of six and seven points against GNU Go 3.8's `analyze_eyegraph`.
//!
//! "before" is the search as it was ([`Features::BASELINE`]) where measuring it is cheap;
//! where it ran into the node limit (20 million nodes, half a minute and more a space) the
//! figure measured before the work began is given, and says so. [`rows`] takes about two
//! minutes on this project's two-core machine.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use nakade::board::analysis::{analyze_position, AnalysisLimits, Source};
use nakade::board::sgf;
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::solve::{solve_with, Features, Params, SolveError, Space};
use nakade::host::gtp::eye_commands::{analyze_eyegraph, FROM_DATABASE_UP_TO};
use nakade::pattern::diagram::Marker;
use nakade::pattern::encoded::{encode, parse_graph};
use nakade::tools::enumerate::{place, polyominoes, Placement, CONCRETE};

/// The time limit on one open space in the bench: past it the row says "gives up".
const OPEN_LIMIT: Duration = Duration::from_secs(20);
/// Graphs of each size compared with GNU Go.
const SAMPLE: usize = 150;

/// Open-space solves shorter than this are timed three times (see [`open_space`]).
const REPEAT_UNDER: Duration = Duration::from_secs(5);

/// Value-only features: what the analysis and the evaluator use.
fn value_only(f: Features) -> Features {
    Features { lines: false, ..f }
}

/// Solve an encoded graph with `features` and no node limit but [`OPEN_LIMIT`]; the value and
/// the time, or how it gave up. A solve of less than [`REPEAT_UNDER`] runs three times and
/// gives the median and the range: the machine's speed drifts by about 10% within minutes,
/// and one run near a target says little.
fn open_space(text: &str, features: Features) -> String {
    let Ok(d) = parse_graph(text) else {
        return format!("{text}: does not parse");
    };
    let Ok(space) = Space::from_diagram(&d) else {
        return format!("{text}: not a space");
    };
    let params = Params {
        node_limit: u64::MAX,
        time_limit: Some(OPEN_LIMIT),
        ..Params::default()
    };
    let t = Clock::start();
    match solve_with(&space, &params, features) {
        Ok(sol) if t.elapsed() < REPEAT_UNDER => {
            let mut times = vec![t.elapsed().as_secs_f64()];
            for _ in 0..2 {
                let t = Clock::start();
                let again = solve_with(&space, &params, features).map(|s| s.value);
                if again != Ok(sol.value) {
                    return format!("{text}: answers {again:?} after {}", sol.value);
                }
                times.push(t.elapsed().as_secs_f64());
            }
            times.sort_by(f64::total_cmp);
            format!(
                "{} in {:.2} s (median of 3; {:.2}–{:.2} s)",
                sol.value, times[1], times[0], times[2]
            )
        }
        Ok(sol) => format!("{} in {:.2} s", sol.value, t.elapsed().as_secs_f64()),
        Err(SolveError::TimeLimit { nodes, .. }) => format!(
            "gives up after {} s ({:.1} M nodes)",
            OPEN_LIMIT.as_secs(),
            nodes as f64 / 1e6
        ),
        Err(e) => format!("{e}"),
    }
}

/// The bench positions.
fn positions() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/positions");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "sgf"));
    v.sort();
    v
}

/// Board analysis of the bench positions: of the spaces of 9 to 20 points no pattern answers,
/// how many get the solver's exact value, how many a bound, and the time per such space.
fn analysis_row() -> (String, String) {
    let (mut exact, mut bound, mut total) = (0usize, 0usize, Duration::ZERO);
    let mut sized = 0usize;
    for file in positions() {
        let Ok(mut board) = sgf::load_file(&file, None).map(|g| g.board) else {
            continue;
        };
        let ev = Evaluator::with_default();
        let t = Instant::now();
        let report = analyze_position(&mut board, &ev, None, AnalysisLimits::default());
        total += t.elapsed();
        for s in &report.spaces {
            let n = s.points().len();
            if (9..=20).contains(&n) && !matches!(s.source, Source::Pattern(_)) {
                sized += 1;
                match s.source {
                    Source::Solver => exact += 1,
                    Source::Bound => bound += 1,
                    _ => {}
                }
            }
        }
    }
    (
        format!("size rule (a guess) for all {sized} such spaces of the bench positions"),
        format!(
            "exact (solver) {exact}, bound {bound} of {sized}; whole analysis {:.2} s for {} positions",
            total.as_secs_f64(),
            positions().len()
        ),
    )
}

/// GNU Go over GTP, one exchange at a time, restarted after a crash.
struct Gnugo {
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gnugo {
    fn start(path: &Path) -> Option<Gnugo> {
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--quiet"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        Some(Gnugo {
            path: path.to_path_buf(),
            child,
            stdin,
            stdout,
        })
    }

    /// One command; true when it was answered (`=`).
    fn ask(&mut self, cmd: &str) -> bool {
        if writeln!(self.stdin, "{cmd}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            return self.restart();
        }
        let mut ok = false;
        let mut first = true;
        loop {
            let mut line = String::new();
            match self.stdout.read_line(&mut line) {
                Ok(0) | Err(_) => return self.restart(),
                Ok(_) => {}
            }
            if first {
                ok = line.starts_with('=');
                first = false;
            }
            if line.trim().is_empty() {
                return ok;
            }
        }
    }

    fn restart(&mut self) -> bool {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(g) = Gnugo::start(&self.path) {
            *self = g;
        }
        false
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Graphs of `n` points: from the solver record (one per block of its file, the record holds
/// every graph of the size in every placement), every k-th; where there is no record,
/// shapes of `n` cells in turn, each placement in turn, labels drawn from a fixed sequence
/// ([`shape_graphs`]).
fn sample_graphs(n: usize) -> Vec<String> {
    let path = format!(
        "{}/tests/golden/solver_record/size_{n}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().filter_map(|l| l.split('\t').next()).collect();
    if all.is_empty() {
        return shape_graphs(n);
    }
    let step = (all.len() / SAMPLE).max(1);
    all.iter()
        .step_by(step)
        .take(SAMPLE)
        .map(|s| s.to_string())
        .collect()
}

/// [`SAMPLE`] graphs of `n` points from the shapes of `n` cells, mostly empty points (as eye
/// spaces are): the 7-point sample before the record held size 7 whole, kept as a row of
/// its own (its time is in a few corner graphs with enclosed stones).
fn shape_graphs(n: usize) -> Vec<String> {
    let shapes = polyominoes(n);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut out = Vec::new();
    for i in 0..SAMPLE {
        let cells = &shapes[i * 7919 % shapes.len()];
        let labels: Vec<Marker> = (0..n)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                // Mostly empty points, as eye spaces are.
                match seed >> 61 {
                    0..=4 => CONCRETE[0],
                    5 => CONCRETE[1],
                    6 => CONCRETE[2],
                    _ => CONCRETE[3],
                }
            })
            .collect();
        let d = place(cells, &labels, Placement::ALL[i % 3]);
        out.push(encode(&d));
    }
    out
}

/// Processor time a thread has run, from Linux's `schedstat` (nanoseconds; `path` is
/// `/proc/thread-self/schedstat` or a process's): the machine is shared, so wall time would
/// count the other programs' turns too. `None` where there is no such file.
fn cpu_time(path: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// This thread's processor time (`CLOCK_THREAD_CPUTIME_ID`, exact to the nanosecond).
fn thread_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's whole duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// This thread's processor time, or the wall clock where the system does not say.
struct Clock(Option<Duration>, Instant);

impl Clock {
    /// Start counting.
    fn start() -> Clock {
        Clock(thread_time(), Instant::now())
    }

    /// Processor time since [`Clock::start`].
    fn elapsed(&self) -> Duration {
        match (self.0, thread_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.1.elapsed(),
        }
    }
}

/// Processor time per graph of the solver with `features` over `graphs` (errors counted too).
fn per_graph(graphs: &[String], features: Features) -> Duration {
    let t = Clock::start();
    for g in graphs {
        if let Ok(d) = parse_graph(g) {
            if let Ok(space) = Space::from_diagram(&d) {
                let _ = solve_with(&space, &Params::default(), features);
            }
        }
    }
    t.elapsed() / graphs.len().max(1) as u32
}

/// The GNU Go row for `graphs`: before and after, each as nakade's processor time per graph,
/// GNU Go's, and the ratio.
fn gnugo_row(graphs: &[String]) -> (String, String, Option<Duration>) {
    if graphs.is_empty() {
        let none = "no record of that size".to_string();
        return (none.clone(), none, None);
    }
    let gg_path = std::env::var_os("NAKADE_GNUGO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/gnugo"));
    // GNU Go's processor time (its own process; the wall clock where the system does not
    // say), over the graphs it answers.
    let theirs = Gnugo::start(&gg_path).map(|mut gg| {
        let mut took = Duration::ZERO;
        let mut answered = 0u32;
        for g in graphs {
            let stat = format!("/proc/{}/schedstat", gg.child.id());
            let (cpu, wall) = (cpu_time(&stat), Instant::now());
            if gg.ask(&format!("analyze_eyegraph {g}")) {
                took += match (cpu, cpu_time(&stat)) {
                    (Some(a), Some(b)) => b.saturating_sub(a),
                    _ => wall.elapsed(),
                };
                answered += 1;
            }
        }
        took / answered.max(1)
    });
    let before = per_graph(graphs, Features::BASELINE);
    let after = per_graph(graphs, value_only(Features::default()));
    (against(before, theirs), against(after, theirs), theirs)
}

/// Our time per graph against GNU Go's (`theirs`), as a row shows it.
fn against(ours: Duration, theirs: Option<Duration>) -> String {
    match theirs {
        Some(t) => format!(
            "{:.1} µs vs GNU Go {:.1} µs: {:.0}×",
            ours.as_secs_f64() * 1e6,
            t.as_secs_f64() * 1e6,
            t.as_secs_f64() / ours.as_secs_f64().max(1e-9)
        ),
        None => format!("{:.1} µs (GNU Go not found)", ours.as_secs_f64() * 1e6),
    }
}

/// Processor time per graph of GTP's `analyze_eyegraph` answer, as a host gets it: before, the
/// solver with its lines of play (which the answer never printed); after, the function the
/// GTP command calls (the embedded database of the solver's answers up to
/// `FROM_DATABASE_UP_TO` vertices, the solver without lines beyond).
fn host_row(graphs: &[String], theirs: Option<Duration>) -> (String, String) {
    let before = per_graph(graphs, Features::default());
    let t = Clock::start();
    for g in graphs {
        let _ = analyze_eyegraph(g, &Params::default());
    }
    let after = t.elapsed() / graphs.len().max(1) as u32;
    (against(before, theirs), against(after, theirs))
}

/// The rows `[path, before, after, target]`.
pub fn rows() -> Vec<[String; 4]> {
    let mut out = Vec::new();
    let after = |text: &str| open_space(text, Features::default());
    out.push([
        "open space, 12 vertices, corner `|....%|....%|....%+-----`".to_string(),
        "gives up (20 M nodes; 28.7 s, measured before the work)".to_string(),
        after("|....%|....%|....%+-----"),
        "< 0.1 s".to_string(),
    ]);
    out.push([
        "open space, 16 vertices, centre `....%....%....%....`".to_string(),
        open_space("....%....%....%....", Features::BASELINE),
        after("....%....%....%...."),
        "< 1 s".to_string(),
    ]);
    for (what, text) in [
        ("edge", "-----%....%....%....%...."),
        ("corner", "|....%|....%|....%|....%+-----"),
    ] {
        out.push([
            format!("open space, 16 vertices, {what} `{text}`"),
            "gives up (20 M nodes, measured before the work)".to_string(),
            after(text),
            "< 1 s".to_string(),
        ]);
    }
    for (what, text) in [
        ("centre", ".....%.....%.....%....."),
        ("edge", "-----%.....%.....%.....%....."),
    ] {
        out.push([
            format!("open space, 20 vertices, {what} `{text}`"),
            "gives up (20 M nodes, measured before the work)".to_string(),
            after(text),
            "answered, < 10 s".to_string(),
        ]);
    }
    // The same spaces with the table as it was before `sound_table` (results used wherever
    // their own repetition cuts allow; the answer may depend on move order), and with the
    // sound table and the history heuristic, which it makes safe.
    let unsound = Features {
        sound_table: false,
        ..Features::default()
    };
    let history = Features {
        history: true,
        ..Features::default()
    };
    for text in [
        "|....%|....%|....%+-----",
        "....%....%....%....",
        "-----%....%....%....%....",
        "|....%|....%|....%|....%+-----",
        ".....%.....%.....%.....",
        "-----%.....%.....%.....%.....",
    ] {
        out.push([
            format!("open space `{text}`: without the sound table / sound table + history"),
            open_space(text, unsound),
            open_space(text, history),
            "-".to_string(),
        ]);
    }
    let (before, now) = analysis_row();
    out.push([
        "board analysis, spaces of 9–20 points with no pattern".to_string(),
        before,
        now,
        "the solver's exact value".to_string(),
    ]);
    for (n, what, graphs) in [
        (6, "from the record", sample_graphs(6)),
        (7, "from the record", sample_graphs(7)),
        (7, "from the shapes, mostly empty", shape_graphs(7)),
    ] {
        let (before, now, theirs) = gnugo_row(&graphs);
        out.push([
            format!(
                "solver per graph, {n} points ({SAMPLE} graphs {what}), vs GNU Go `analyze_eyegraph`"
            ),
            before,
            now,
            "≥ 50×".to_string(),
        ]);
        if what == "from the record" {
            let (before, now) = host_row(&graphs, theirs);
            out.push([
                format!(
                    "GTP `analyze_eyegraph` as a host gets it, {n} points (the same graphs): \
                     database up to {FROM_DATABASE_UP_TO} vertices, solver beyond"
                ),
                before,
                now,
                "(not a row of the issue)".to_string(),
            ]);
        }
    }
    out
}
