//! The measuring instrument of issue 29 ("Board reading at host speed"): nakade's and GNU Go
//! 3.8's wall time per GTP command, both engines driven the same way, in one run.
//!
//! ```text
//! cargo bench --bench gtp_latency
//! NAKADE_BENCH_SETS=positions,corpus cargo bench --bench gtp_latency
//! NAKADE_BENCH_SAMPLE=10 cargo bench --bench gtp_latency     # quick: every 10th position
//! ```
//!
//! # What is measured
//!
//! Both engines run as child processes over pipes: `target/release/nakade gtp` (the binary
//! cargo builds beside this bench, `CARGO_BIN_EXE_nakade`) and `gnugo --mode gtp --quiet`
//! (GNU Go's default level, 10). Process start-up is not timed. Each command's time is its
//! round trip: from writing the line to reading the blank line that ends the response. The
//! same command stream goes to both engines, position by position (which engine goes first
//! alternates), so that the load of a shared machine falls on both alike.
//!
//! The sets (`NAKADE_BENCH_SETS`, comma-separated; default all four):
//! - `positions`: the six 19x19 middle games of `benches/positions/`.
//! - `corpus`: the positions of the 174 `eval_eye` questions of `tests/eval_eye.rs` and
//!   `tests/eval_eye_corpus.rs` (read from those files: `case("FILE", "VERTEX", OURS, GNUGO,
//!   ..)`), each position once; its question vertices are always among those asked, and the
//!   answers there are checked against the recorded ones.
//! - `games`: every position (after each move) of the six games of
//!   `examples/random_games_vs_gnugo` at its default options (6 games, seed 1, sizes 9, 13,
//!   19, GNU Go level 1), saved by its `--save-games` as `benches/games/*.sgf`.
//! - `replay`: the same six games replayed move by move; see below.
//!
//! For `positions`, `corpus` and `games` the stream of one position is `loadsgf FILE` (for a
//! game, `loadsgf FILE N`, the position before move N, so after move N-1) and then
//! `eval_eye V` at every *eye-space point* V, in board order: every point of every eye space
//! of both colours as nakade's own analysis finds it in process
//! (`nakade::board::analysis::analyze_position`, default limits, the analysis `eval_eye`
//! answers from), plus every point where GNU Go's `eval_eye` answers other than `-1`, found
//! beforehand by an untimed scout GNU Go asked at every point (`NAKADE_BENCH_SCOUT=0` skips
//! the scout; GNU Go answers `-1` elsewhere, as nakade does outside its spaces).
//!
//! `replay`: for each game, from the empty board (`boardsize`, `clear_board`, `komi 6.5`,
//! untimed), `play C V` for each move, then `eval_eye` at every eye-space point of the
//! position after it (the points of `games`). Three runs of the same stream:
//! - *kept*: one `nakade gtp` for the whole game, as a host drives it; whatever the engine
//!   keeps between moves is kept. Today that is the report of the last position (reused
//!   while the board is unchanged: after a pass) and the evaluator's cache of solved shapes
//!   (`nakade::evaluation::evaluate::Evaluator`, for the life of the process: a space that
//!   outlives a move is not solved again).
//! - *without*: nothing kept between moves (neither of the above): for each position a fresh
//!   `nakade gtp` process (its start-up untimed), warmed up, untimed, with `loadsgf` of an
//!   unrelated position (`tests/eval_eye/corner_bent_four.sgf`) and one `eval_eye A1` there,
//!   so that the program's one-off initialisation (the embedded database) is paid outside the
//!   timing; then, untimed, `loadsgf GAME N` (the position before move N); then, timed,
//!   the position's `play` and its `eval_eye`s. The warm-up's times are reported apart.
//! - GNU Go: one process for the whole game, the same stream.
//!
//! The speed-up is *without*'s total over *kept*'s. Where the two nakade runs answer an
//! `eval_eye` differently, that is counted (they must agree).
//!
//! # Output
//!
//! For each set, a markdown table per engine and command (`loadsgf`, `play`, `eval_eye`, all;
//! `eval_eye` also split into the first of each position, which pays for the position's
//! analysis, and the others): count, total, p50, p99 (nearest rank) and maximum, and where the
//! slowest was (position and vertex); then issue 29's targets for the set (nakade's total at
//! least 2x faster than GNU Go's; nakade's slowest command no slower than GNU Go's slowest),
//! met or not; failures (`?` answers) per engine; identical `eval_eye` answers. At the end, the slowest nakade
//! commands of all sets with GNU Go's time for the same command (`NAKADE_BENCH_SLOWEST`,
//! default 10), and a summary. The load average (`/proc/loadavg`) is printed beside each set:
//! on a shared machine the figures are noisy.
//!
//! # Options (environment variables)
//!
//! - `NAKADE_BENCH_SETS`: the sets to run, e.g. `positions,corpus,games,replay`.
//! - `NAKADE_BENCH_SAMPLE=N`: keep every Nth position of `corpus`, `games` and `replay`
//!   (positions 0, N, 2N, ... of each game; a replay still plays every move, timing only
//!   the kept positions' commands). `NAKADE_BENCH_QUICK=1` is `NAKADE_BENCH_SAMPLE=10`.
//!   Default 1: everything (about 25 minutes on two busy cores; the quick mode about 3).
//! - `NAKADE_BENCH_SCOUT=0`: no GNU Go scout (only nakade's eye-space points are asked).
//! - `NAKADE_BENCH_SLOWEST=N`: how many of the slowest nakade commands to list.
//! - `NAKADE_BENCH_RAW=FILE`: also write every command's time and answer to FILE
//!   (tab-separated, one command a line).
//! - `NAKADE_BENCH_NAKADE=PATH`: another `nakade` binary (e.g. an older build, to compare).
//! - `NAKADE_BENCH_GAMES=DIR`: the game records of `games` and `replay` from DIR instead of
//!   `benches/games/` (games held out of the bench: `random_games_vs_gnugo --seed S
//!   --save-games DIR`).
//! - `NAKADE_GNUGO=PATH`: GNU Go (default `/usr/games/gnugo`). Without it the bench says so
//!   and measures nothing.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use nakade::board::analysis::{analyze_position, AnalysisLimits};
use nakade::board::{sgf, vertex, Board, Color, Loc};
use nakade::evaluation::evaluate::Evaluator;

/// The position the fresh processes of the replay's *without* run are warmed up on, and the
/// vertex asked there.
const WARM_UP: (&str, &str) = ("tests/eval_eye/corner_bent_four.sgf", "A1");

/// The sets, in the order they run.
const SETS: [&str; 4] = ["positions", "corpus", "games", "replay"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------
// Engines over GTP.

/// An engine's answer: `Ok(text)` after `=`, `Err(text)` after `?`.
type Answer = Result<String, String>;

/// A GTP engine running as a child process.
struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    name: String,
}

impl Gtp {
    fn start(program: &str, args: &[&str]) -> Result<Gtp, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no standard input")?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        Ok(Gtp {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            name: program.to_string(),
        })
    }

    /// Send `cmd`; its round trip (writing the line to reading the blank line that ends the
    /// response) and the answer. `Err` when the engine is gone.
    fn ask(&mut self, cmd: &str) -> Result<(Duration, Answer), String> {
        let gone = |e: &dyn std::fmt::Display| format!("{} gone at `{cmd}`: {e}", self.name);
        let start = Instant::now();
        writeln!(self.stdin, "{cmd}").map_err(|e| gone(&e))?;
        self.stdin.flush().map_err(|e| gone(&e))?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).map_err(|e| gone(&e))?;
            if n == 0 {
                return Err(gone(&"end of output"));
            }
            if line.trim().is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push_str(&line);
        }
        let elapsed = start.elapsed();
        let text = text.trim_end();
        let answer = match text.strip_prefix('=') {
            Some(rest) => Ok(rest.trim_start().to_string()),
            None => Err(text.trim_start_matches('?').trim().to_string()),
        };
        Ok((elapsed, answer))
    }

    /// [`Gtp::ask`], untimed, for set-up: an error answer is an error.
    fn tell(&mut self, cmd: &str) -> Result<String, String> {
        self.ask(cmd)?
            .1
            .map_err(|e| format!("{}: `{cmd}` failed: {e}", self.name))
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// How to start each engine.
struct Programs {
    nakade: String,
    gnugo: String,
}

impl Programs {
    fn nakade(&self) -> Result<Gtp, String> {
        Gtp::start(&self.nakade, &["gtp"])
    }

    fn gnugo(&self) -> Result<Gtp, String> {
        Gtp::start(&self.gnugo, &["--mode", "gtp", "--quiet"])
    }
}

// ---------------------------------------------------------------------------------------
// Streams.

/// A command type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Loadsgf,
    Play,
    EvalEye,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Loadsgf => "loadsgf",
            Kind::Play => "play",
            Kind::EvalEye => "eval_eye",
        }
    }
}

/// One timed command of a stream.
#[derive(Clone, Debug)]
struct Cmd {
    kind: Kind,
    text: String,
    /// Where: the position, and the vertex or move.
    at: String,
    /// The first `eval_eye` of its position: the one that pays for the position's analysis
    /// (the later ones are answered from what the engine keeps for the position).
    first: bool,
}

/// A corpus question at a position: the vertex, nakade's recorded answer, GNU Go's.
type Question = (String, String, String);

/// A position's file and its corpus questions.
type PositionFile = (PathBuf, Vec<Question>);

/// One position of a set: the commands that set it up (timed), then the `eval_eye`s.
struct Position {
    label: String,
    setup: Vec<Cmd>,
    vertices: Vec<String>,
    /// Corpus questions here.
    questions: Vec<Question>,
}

impl Position {
    fn stream(&self) -> Vec<Cmd> {
        let mut s = self.setup.clone();
        s.extend(self.vertices.iter().enumerate().map(|(i, v)| Cmd {
            kind: Kind::EvalEye,
            text: format!("eval_eye {v}"),
            at: format!("{} {v}", self.label),
            first: i == 0,
        }));
        s
    }
}

/// A command's time and answer.
#[derive(Clone, Debug)]
struct Outcome {
    time: Duration,
    answer: Answer,
}

/// The commands of a set, and each run's outcomes, one per command.
struct SetRun {
    name: String,
    positions: usize,
    cmds: Vec<Cmd>,
    runs: Vec<(String, Vec<Outcome>)>,
    notes: Vec<String>,
}

impl SetRun {
    fn run(&self, engine: &str) -> Option<&[Outcome]> {
        self.runs
            .iter()
            .find(|(n, _)| n == engine)
            .map(|(_, o)| o.as_slice())
    }
}

/// `stream` through `engine`, appended to `out`.
fn send(engine: &mut Gtp, stream: &[Cmd], out: &mut Vec<Outcome>) -> Result<(), String> {
    for c in stream {
        let (time, answer) = engine.ask(&c.text)?;
        out.push(Outcome { time, answer });
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Eye-space points.

/// The points of every eye space of both colours by nakade's analysis, in board order.
fn analysis_points(board: &Board, ev: &Evaluator<'_>) -> BTreeSet<Loc> {
    let mut b = board.clone();
    let report = analyze_position(&mut b, ev, None, AnalysisLimits::default());
    report
        .spaces
        .iter()
        .flat_map(|s| s.analyzed.space.points.iter().map(|p| p.loc))
        .collect()
}

/// An untimed GNU Go that finds the points where `eval_eye` answers other than `-1`.
struct Scout(Option<Gtp>);

impl Scout {
    /// After `loadsgf` (the position's set-up command), every point of `board` whose answer
    /// is not `-1`.
    fn points(&mut self, load: &str, board: &Board) -> Result<BTreeSet<Loc>, String> {
        let Some(g) = self.0.as_mut() else {
            return Ok(BTreeSet::new());
        };
        g.tell(load)?;
        let mut found = BTreeSet::new();
        for loc in board.locs() {
            let (_, a) = g.ask(&format!("eval_eye {}", vertex::name(board, loc)))?;
            if a.as_deref() != Ok("-1") {
                found.insert(loc);
            }
        }
        Ok(found)
    }
}

/// The vertices to ask at: `points`, in board order, named.
fn names(board: &Board, points: &BTreeSet<Loc>) -> Vec<String> {
    board
        .locs()
        .filter(|l| points.contains(l))
        .map(|l| vertex::name(board, l))
        .collect()
}

/// The loaded position of `path` before move `number` (as `loadsgf FILE NUMBER`).
fn load(path: &Path, number: Option<usize>) -> Result<sgf::SgfPosition, String> {
    sgf::load_file(path, number).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------
// The sets.

fn position_set(
    label_of: impl Fn(&Path) -> String,
    files: &[PositionFile],
    ev: &Evaluator<'_>,
    scout: &mut Scout,
) -> Result<(Vec<Position>, usize), String> {
    let mut positions = Vec::new();
    let mut scouted_only = 0;
    for (path, questions) in files {
        let label = label_of(path);
        let pos = load(path, None)?;
        let load_cmd = format!("loadsgf {}", path.display());
        let ours = analysis_points(&pos.board, ev);
        let theirs = scout.points(&load_cmd, &pos.board)?;
        scouted_only += theirs.difference(&ours).count();
        let mut points: BTreeSet<Loc> = ours.union(&theirs).copied().collect();
        for (v, _, _) in questions {
            let loc = vertex::parse(&pos.board, v).map_err(|e| format!("{label} {v}: {e}"))?;
            points.insert(loc);
        }
        positions.push(Position {
            setup: vec![Cmd {
                kind: Kind::Loadsgf,
                text: load_cmd,
                at: label.clone(),
                first: false,
            }],
            vertices: names(&pos.board, &points),
            label,
            questions: questions.clone(),
        });
    }
    Ok((positions, scouted_only))
}

/// The corpus questions: (file, vertex, nakade's recorded answer, GNU Go's), in the order of
/// the two test files.
fn corpus_questions() -> Result<Vec<[String; 4]>, String> {
    let mut out = Vec::new();
    for f in ["tests/eval_eye.rs", "tests/eval_eye_corpus.rs"] {
        let path = root().join(f);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut rest = text.as_str();
        while let Some(i) = rest.find("case(") {
            let before = &rest[..i];
            rest = &rest[i + "case(".len()..];
            // `fn case(` is the constructor, `check_ours(CASES` and the like are not calls.
            if before.ends_with("fn ") || before.ends_with(|c: char| c.is_alphanumeric()) {
                continue;
            }
            let call = &rest[..rest.find(')').unwrap_or(rest.len())];
            let strings: Vec<String> = call
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            if let [file, v, ours, gnugo, ..] = strings.as_slice() {
                out.push([file.clone(), v.clone(), ours.clone(), gnugo.clone()]);
            }
        }
    }
    Ok(out)
}

/// A saved random game: its file, size and moves (colour, vertex or `pass`).
struct Game {
    path: PathBuf,
    label: String,
    size: usize,
    moves: Vec<(Color, String)>,
    /// The board after the last move.
    last: Board,
    /// The eye-space points after each move.
    vertices: Vec<Vec<String>>,
}

/// The saved games, with the eye-space points of the positions kept by `sample` (none
/// elsewhere).
fn games(
    ev: &Evaluator<'_>,
    scout: &mut Scout,
    sample: usize,
) -> Result<(Vec<Game>, usize), String> {
    let dir = std::env::var_os("NAKADE_BENCH_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("benches/games"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    let mut scouted_only = 0;
    for path in files {
        let label = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let all = load(&path, None)?;
        let n = all.moves_played;
        let mut moves = Vec::with_capacity(n);
        let mut vertices = Vec::with_capacity(n);
        let mut before = load(&path, Some(1))?.board;
        for k in 1..=n {
            let after = load(&path, Some(k + 1))?;
            let mover = after.to_move.opponent();
            // The move is the point that was empty and holds the mover's stone now; none
            // for a pass.
            let mv = after
                .board
                .locs()
                .find(|&l| before.color(l).is_none() && after.board.color(l) == Some(mover))
                .map_or("pass".to_string(), |l| vertex::name(&after.board, l));
            if kept(k - 1, sample) {
                let ours = analysis_points(&after.board, ev);
                let load_cmd = format!("loadsgf {} {}", path.display(), k + 1);
                let theirs = scout.points(&load_cmd, &after.board)?;
                scouted_only += theirs.difference(&ours).count();
                let points: BTreeSet<Loc> = ours.union(&theirs).copied().collect();
                vertices.push(names(&after.board, &points));
            } else {
                vertices.push(Vec::new());
            }
            moves.push((mover, mv));
            before = after.board;
        }
        out.push(Game {
            size: all.board.size(),
            path,
            label,
            moves,
            last: before,
            vertices,
        });
    }
    Ok((out, scouted_only))
}

/// Positions 0, N, 2N, ... (of `0..len`) are kept.
fn kept(i: usize, sample: usize) -> bool {
    i % sample == 0
}

/// A set of positions, each streamed to nakade and GNU Go in turn.
fn run_positions(
    name: &str,
    positions: &[Position],
    programs: &Programs,
) -> Result<SetRun, String> {
    let mut nakade = programs.nakade()?;
    let mut gnugo = programs.gnugo()?;
    let mut cmds = Vec::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for (i, p) in positions.iter().enumerate() {
        let stream = p.stream();
        if i % 2 == 0 {
            send(&mut nakade, &stream, &mut ours)?;
            send(&mut gnugo, &stream, &mut theirs)?;
        } else {
            send(&mut gnugo, &stream, &mut theirs)?;
            send(&mut nakade, &stream, &mut ours)?;
        }
        cmds.extend(stream);
    }
    let mut notes = Vec::new();
    // The corpus questions: answered as recorded?
    let questions: usize = positions.iter().map(|p| p.questions.len()).sum();
    if questions > 0 {
        let (mut ours_ok, mut theirs_ok) = (0, 0);
        let mut wrong = Vec::new();
        let mut at = 0;
        for p in positions {
            let n = p.setup.len() + p.vertices.len();
            for (v, want_ours, want_theirs) in &p.questions {
                let Some(j) = p.vertices.iter().position(|x| x == v) else {
                    continue;
                };
                let k = at + p.setup.len() + j;
                let got = |o: &Outcome| o.answer.clone().unwrap_or_else(|e| format!("? {e}"));
                if &got(&ours[k]) == want_ours {
                    ours_ok += 1;
                } else {
                    wrong.push(format!(
                        "nakade {} {v}: {} (recorded {want_ours})",
                        p.label,
                        got(&ours[k])
                    ));
                }
                if &got(&theirs[k]) == want_theirs {
                    theirs_ok += 1;
                } else {
                    wrong.push(format!(
                        "gnugo {} {v}: {} (recorded {want_theirs})",
                        p.label,
                        got(&theirs[k])
                    ));
                }
            }
            at += n;
        }
        notes.push(format!(
            "questions answered as recorded in the tests: nakade {ours_ok} of {questions}, GNU Go {theirs_ok} of {questions}"
        ));
        notes.extend(wrong.into_iter().map(|w| format!("  not as recorded: {w}")));
    }
    Ok(SetRun {
        name: name.to_string(),
        positions: positions.len(),
        cmds,
        runs: vec![("nakade".into(), ours), ("gnugo".into(), theirs)],
        notes,
    })
}

/// The replay of `games` move by move: nakade keeping its state, nakade without it (a fresh
/// process per position), GNU Go.
fn run_replay(games: &[Game], sample: usize, programs: &Programs) -> Result<SetRun, String> {
    let mut cmds = Vec::new();
    let (mut kept_run, mut cold_run, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    let mut warm_ups: Vec<Duration> = Vec::new();
    let mut positions = 0;
    for g in games {
        let mut nakade = programs.nakade()?;
        let mut gnugo = programs.gnugo()?;
        for e in [&mut nakade, &mut gnugo] {
            for c in [
                format!("boardsize {}", g.size),
                "clear_board".into(),
                "komi 6.5".into(),
            ] {
                e.tell(&c)?;
            }
        }
        for (k, (color, mv)) in g.moves.iter().enumerate() {
            let c = if *color == Color::Black { "B" } else { "W" };
            let label = format!("{} move {}", g.label, k + 1);
            let play = Cmd {
                kind: Kind::Play,
                text: format!("play {c} {mv}"),
                at: format!("{label} ({c} {mv})"),
                first: false,
            };
            if !kept(k, sample) {
                // Played, not timed: only the kept positions are compared.
                nakade.tell(&play.text)?;
                gnugo.tell(&play.text)?;
                continue;
            }
            positions += 1;
            let p = Position {
                label,
                setup: vec![play],
                vertices: g.vertices[k].clone(),
                questions: Vec::new(),
            };
            let stream = p.stream();
            if positions % 2 == 1 {
                send(&mut nakade, &stream, &mut kept_run)?;
                send(&mut gnugo, &stream, &mut theirs)?;
            } else {
                send(&mut gnugo, &stream, &mut theirs)?;
                send(&mut nakade, &stream, &mut kept_run)?;
            }
            // Without what is kept: a fresh process, warmed up elsewhere, set up untimed.
            let mut cold = programs.nakade()?;
            let warm = root().join(WARM_UP.0);
            let mut warm_up = Duration::ZERO;
            for c in [
                format!("loadsgf {}", warm.display()),
                format!("eval_eye {}", WARM_UP.1),
            ] {
                let (t, a) = cold.ask(&c)?;
                a.map_err(|e| format!("warm-up `{c}`: {e}"))?;
                warm_up += t;
            }
            warm_ups.push(warm_up);
            cold.tell(&format!("loadsgf {} {}", g.path.display(), k + 1))?;
            send(&mut cold, &stream, &mut cold_run)?;
            drop(cold);
            cmds.extend(stream);
        }
        // The replayed boards are the saved ones: the engines' own view.
        if let Ok(shown) = nakade.tell("showboard") {
            if stones_shown(&shown) != stones(&g.last) {
                return Err(format!("{}: the replay's final board differs", g.label));
            }
        }
    }
    let evals: Vec<usize> = (0..cmds.len())
        .filter(|&i| cmds[i].kind == Kind::EvalEye)
        .collect();
    let same = evals
        .iter()
        .filter(|&&i| kept_run[i].answer == cold_run[i].answer)
        .count();
    let mut notes = vec![format!(
        "nakade kept and without: identical eval_eye answers {same} of {}",
        evals.len()
    )];
    warm_ups.sort();
    if !warm_ups.is_empty() {
        notes.push(format!(
            "warm-up of each fresh process (untimed in the figures; loadsgf {} + eval_eye {}): {} processes, p50 {}, max {}",
            WARM_UP.0,
            WARM_UP.1,
            warm_ups.len(),
            ms(percentile(&warm_ups, 0.5)),
            ms(*warm_ups.last().unwrap_or(&Duration::ZERO)),
        ));
    }
    Ok(SetRun {
        name: "replay".into(),
        positions,
        cmds,
        runs: vec![
            ("nakade".into(), kept_run),
            ("nakade without".into(), cold_run),
            ("gnugo".into(), theirs),
        ],
        notes,
    })
}

/// The stones of `board`, one character a point (`X`, `O`, `.`), row by row from the top.
fn stones(board: &Board) -> String {
    let n = board.size();
    let mut s = String::new();
    for y in 0..n {
        for x in 0..n {
            let c = board
                .loc(x, y)
                .and_then(|l| board.color(l))
                .map_or('.', Color::to_char);
            s.push(c);
        }
    }
    s
}

/// The stones of a `showboard` answer, as [`stones`] gives them.
fn stones_shown(shown: &str) -> String {
    shown
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .flat_map(|l| {
            l.split_whitespace()
                .filter(|t| matches!(*t, "X" | "O" | "."))
                .map(|t| t.chars().next().unwrap_or('.'))
                .collect::<Vec<_>>()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Figures.

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    let v = d.as_secs_f64() * 1e3;
    if v >= 100.0 {
        format!("{v:.0} ms")
    } else if v >= 1.0 {
        format!("{v:.1} ms")
    } else {
        format!("{v:.3} ms")
    }
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The figures of one run over some commands.
struct Stats {
    count: usize,
    total: Duration,
    p50: Duration,
    p99: Duration,
    max: Duration,
    slowest: Option<usize>,
}

fn stats(idx: impl Iterator<Item = usize>, outcomes: &[Outcome]) -> Stats {
    let idx: Vec<usize> = idx.collect();
    let mut times: Vec<Duration> = idx.iter().map(|&i| outcomes[i].time).collect();
    times.sort();
    let slowest = idx.iter().copied().max_by_key(|&i| outcomes[i].time);
    Stats {
        count: times.len(),
        total: times.iter().sum(),
        p50: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        max: times.last().copied().unwrap_or_default(),
        slowest,
    }
}

/// A set's figures, printed; its summary line for the end.
fn report(set: &SetRun, load_before: &str) -> String {
    println!();
    println!(
        "## {}: {} positions, {} commands (load average {} before, {} after)",
        set.name,
        set.positions,
        set.cmds.len(),
        load_before,
        loadavg()
    );
    println!();
    println!("| engine | command | count | total | p50 | p99 | max | slowest at | failures |");
    println!("|---|---|---:|---:|---:|---:|---:|---|---:|");
    let kinds: BTreeSet<Kind> = set.cmds.iter().map(|c| c.kind).collect();
    for (engine, outcomes) in &set.runs {
        let mut rows: Vec<(&str, Vec<usize>)> = kinds
            .iter()
            .map(|&k| {
                let idx = (0..set.cmds.len())
                    .filter(|&i| set.cmds[i].kind == k)
                    .collect();
                (k.name(), idx)
            })
            .collect();
        if kinds.contains(&Kind::EvalEye) {
            for (name, first) in [
                ("eval_eye, first of a position", true),
                ("eval_eye, the others", false),
            ] {
                let idx = (0..set.cmds.len())
                    .filter(|&i| set.cmds[i].kind == Kind::EvalEye && set.cmds[i].first == first)
                    .collect();
                rows.push((name, idx));
            }
        }
        rows.push(("all", (0..set.cmds.len()).collect()));
        for (name, idx) in rows {
            let failures = idx.iter().filter(|&&i| outcomes[i].answer.is_err()).count();
            let s = stats(idx.into_iter(), outcomes);
            let at = s.slowest.map_or(String::new(), |i| set.cmds[i].at.clone());
            println!(
                "| {engine} | {name} | {} | {} | {} | {} | {} | {at} | {failures} |",
                s.count,
                secs(s.total),
                ms(s.p50),
                ms(s.p99),
                ms(s.max)
            );
        }
    }
    let all = || 0..set.cmds.len();
    let (Some(ours), Some(theirs)) = (set.run("nakade"), set.run("gnugo")) else {
        return String::new();
    };
    let (o, t) = (stats(all(), ours), stats(all(), theirs));
    let ratio = t.total.as_secs_f64() / o.total.as_secs_f64().max(1e-9);
    let met = |b: bool| if b { "met" } else { "NOT met" };
    println!();
    println!(
        "- total: nakade {}, GNU Go {}: GNU Go / nakade = {ratio:.2}x (target at least 2x): {}",
        secs(o.total),
        secs(t.total),
        met(ratio >= 2.0)
    );
    let at = |s: &Stats| s.slowest.map_or(String::new(), |i| set.cmds[i].at.clone());
    println!(
        "- slowest command: nakade {} ({}), GNU Go {} ({}) (target nakade's no slower): {}",
        ms(o.max),
        at(&o),
        ms(t.max),
        at(&t),
        met(o.max <= t.max)
    );
    let evals: Vec<usize> = all()
        .filter(|&i| set.cmds[i].kind == Kind::EvalEye)
        .collect();
    let same = evals
        .iter()
        .filter(|&&i| ours[i].answer == theirs[i].answer)
        .count();
    let non_minus = |r: &[Outcome]| {
        evals
            .iter()
            .filter(|&&i| r[i].answer.as_deref() != Ok("-1"))
            .count()
    };
    println!(
        "- eval_eye answers identical: {same} of {} ({:.1}%); other than -1: nakade {}, GNU Go {}",
        evals.len(),
        100.0 * same as f64 / evals.len().max(1) as f64,
        non_minus(ours),
        non_minus(theirs)
    );
    if let Some(cold) = set.run("nakade without") {
        let c = stats(all(), cold);
        println!(
            "- nakade without what is kept {}, with it {}: speed-up {:.2}x; GNU Go {} for the same stream",
            secs(c.total),
            secs(o.total),
            c.total.as_secs_f64() / o.total.as_secs_f64().max(1e-9),
            secs(t.total)
        );
    }
    for n in &set.notes {
        println!("- {n}");
    }
    format!(
        "| {} | {} | {} | {} | {ratio:.2}x | {} | {} | {} | {} |",
        set.name,
        set.cmds.len(),
        secs(o.total),
        secs(t.total),
        met(ratio >= 2.0),
        ms(o.max),
        ms(t.max),
        met(o.max <= t.max)
    )
}

/// The slowest nakade commands of all sets, with GNU Go's time for the same command.
fn slowest(sets: &[SetRun], n: usize) {
    let mut all: Vec<(Duration, Duration, &str, &Cmd)> = Vec::new();
    for s in sets {
        let (Some(ours), Some(theirs)) = (s.run("nakade"), s.run("gnugo")) else {
            continue;
        };
        for (i, c) in s.cmds.iter().enumerate() {
            all.push((ours[i].time, theirs[i].time, &s.name, c));
        }
    }
    all.sort_by_key(|a| std::cmp::Reverse(a.0));
    println!();
    println!("## The {n} slowest nakade commands");
    println!();
    println!("| set | command | where | nakade | GNU Go |");
    println!("|---|---|---|---:|---:|");
    for (o, t, set, c) in all.iter().take(n) {
        println!(
            "| {set} | {} | {} | {} | {} |",
            c.text_short(),
            c.at,
            ms(*o),
            ms(*t)
        );
    }
}

impl Cmd {
    /// The command without the file's directory.
    fn text_short(&self) -> String {
        self.text
            .split(' ')
            .map(|w| {
                if w.contains('/') {
                    w.rsplit('/').next().unwrap_or(w)
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

// ---------------------------------------------------------------------------------------

fn env_usize(name: &str) -> Result<Option<usize>, String> {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("{name}={v}: not a whole number")),
        Err(_) => Ok(None),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `--list` from the harness asks for nothing.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    if let Err(e) = run() {
        eprintln!("gtp_latency: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let programs = Programs {
        nakade: std::env::var("NAKADE_BENCH_NAKADE")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_nakade").to_string()),
        gnugo: std::env::var("NAKADE_GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".into()),
    };
    if !Path::new(&programs.gnugo).is_file() {
        println!(
            "gtp_latency: no GNU Go at {} (set NAKADE_GNUGO): nothing measured",
            programs.gnugo
        );
        return Ok(());
    }
    let sets: Vec<String> = match std::env::var("NAKADE_BENCH_SETS") {
        Ok(v) => v.split(',').map(|s| s.trim().to_string()).collect(),
        Err(_) => SETS.iter().map(|s| s.to_string()).collect(),
    };
    if let Some(bad) = sets.iter().find(|s| !SETS.contains(&s.as_str())) {
        return Err(format!(
            "NAKADE_BENCH_SETS: unknown set {bad} (sets: {})",
            SETS.join(",")
        ));
    }
    let quick = std::env::var("NAKADE_BENCH_QUICK").is_ok_and(|v| v != "0");
    let sample = env_usize("NAKADE_BENCH_SAMPLE")?
        .unwrap_or(if quick { 10 } else { 1 })
        .max(1);
    let scout_on = !matches!(std::env::var("NAKADE_BENCH_SCOUT").as_deref(), Ok("0"));
    let n_slowest = env_usize("NAKADE_BENCH_SLOWEST")?.unwrap_or(10);
    let started = Instant::now();
    println!(
        "# GTP latency (issue 29): nakade {} against GNU Go {}",
        programs.nakade, programs.gnugo
    );
    println!(
        "sets {}; every {} position{}; GNU Go scout {}; load average {}",
        sets.join(","),
        sample,
        if sample == 1 { " (all)" } else { "" },
        if scout_on { "on" } else { "off" },
        loadavg()
    );
    let ev = Evaluator::with_default();
    let mut scout = Scout(if scout_on {
        Some(programs.gnugo()?)
    } else {
        None
    });
    let want = |s: &str| sets.iter().any(|x| x == s);
    let mut runs = Vec::new();
    let mut summary = Vec::new();

    if want("positions") {
        let dir = root().join("benches/positions");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        files.sort();
        let files: Vec<_> = files.into_iter().map(|f| (f, Vec::new())).collect();
        let (positions, scouted) = position_set(stem, &files, &ev, &mut scout)?;
        let load = loadavg();
        let mut run = run_positions("positions", &positions, &programs)?;
        run.notes.push(format!(
            "points asked only because GNU Go's scout found them: {scouted}"
        ));
        summary.push(report(&run, &load));
        runs.push(run);
    }

    if want("corpus") {
        let questions = corpus_questions()?;
        let mut files: Vec<PositionFile> = Vec::new();
        for [file, v, ours, theirs] in &questions {
            let path = root().join("tests/eval_eye").join(format!("{file}.sgf"));
            match files.iter_mut().find(|(p, _)| *p == path) {
                Some((_, q)) => q.push((v.clone(), ours.clone(), theirs.clone())),
                None => files.push((path, vec![(v.clone(), ours.clone(), theirs.clone())])),
            }
        }
        let total_files = files.len();
        let files: Vec<_> = files
            .into_iter()
            .enumerate()
            .filter(|(i, _)| kept(*i, sample))
            .map(|(_, f)| f)
            .collect();
        let (positions, scouted) = position_set(stem, &files, &ev, &mut scout)?;
        let load = loadavg();
        let mut run = run_positions("corpus", &positions, &programs)?;
        run.notes.insert(
            0,
            format!(
                "{} questions in the tests, on {total_files} positions; {} positions here",
                questions.len(),
                positions.len()
            ),
        );
        run.notes.push(format!(
            "points asked only because GNU Go's scout found them: {scouted}"
        ));
        summary.push(report(&run, &load));
        runs.push(run);
    }

    if want("games") || want("replay") {
        let (games, scouted) = games(&ev, &mut scout, sample)?;
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        if want("games") {
            let mut positions = Vec::new();
            for g in &games {
                for k in (0..g.moves.len()).filter(|&k| kept(k, sample)) {
                    let label = format!("{} move {}", g.label, k + 1);
                    positions.push(Position {
                        setup: vec![Cmd {
                            kind: Kind::Loadsgf,
                            text: format!("loadsgf {} {}", g.path.display(), k + 2),
                            at: label.clone(),
                            first: false,
                        }],
                        label,
                        vertices: g.vertices[k].clone(),
                        questions: Vec::new(),
                    });
                }
            }
            let load = loadavg();
            let mut run = run_positions("games", &positions, &programs)?;
            run.notes.insert(
                0,
                format!(
                    "{} games, {moves} moves ({}); each position after a move",
                    games.len(),
                    games
                        .iter()
                        .map(|g| format!("{} {}", g.label, g.moves.len()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            run.notes.push(format!(
                "points asked only because GNU Go's scout found them: {scouted}"
            ));
            summary.push(report(&run, &load));
            runs.push(run);
        }
        if want("replay") {
            let load = loadavg();
            let run = run_replay(&games, sample, &programs)?;
            summary.push(report(&run, &load));
            runs.push(run);
        }
    }

    slowest(&runs, n_slowest);
    if let Ok(path) = std::env::var("NAKADE_BENCH_RAW") {
        raw(&runs, Path::new(&path))?;
    }
    println!();
    println!("## Summary (load average now {})", loadavg());
    println!();
    println!("| set | commands | nakade total | GNU Go total | GNU Go / nakade | 2x target | nakade slowest | GNU Go slowest | slowest target |");
    println!("|---|---:|---:|---:|---:|---|---:|---:|---|");
    for s in summary.iter().filter(|s| !s.is_empty()) {
        println!("{s}");
    }
    println!();
    println!("wall time of the whole bench {}", secs(started.elapsed()));
    Ok(())
}

/// Every command of every run, one a line, tab-separated: set, run, index, command type,
/// whether it is the first `eval_eye` of its position, where, the command, the time in
/// microseconds, the answer (`? ` and the message for an error; lines joined by ` / `).
fn raw(sets: &[SetRun], path: &Path) -> Result<(), String> {
    let mut out = String::from("set\trun\tindex\tkind\tfirst\twhere\tcommand\tmicros\tanswer\n");
    for s in sets {
        for (run, outcomes) in &s.runs {
            for (i, (c, o)) in s.cmds.iter().zip(outcomes).enumerate() {
                let answer = match &o.answer {
                    Ok(a) => a.lines().collect::<Vec<_>>().join(" / "),
                    Err(e) => format!("? {e}"),
                };
                out.push_str(&format!(
                    "{}\t{run}\t{i}\t{}\t{}\t{}\t{}\t{}\t{answer}\n",
                    s.name,
                    c.kind.name(),
                    c.first,
                    c.at,
                    c.text_short(),
                    o.time.as_micros()
                ));
            }
        }
    }
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
