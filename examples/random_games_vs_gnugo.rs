//! Random games against GNU Go, with `eval_eye` compared after every move.
//!
//! ```text
//! cargo run --release --example random_games_vs_gnugo -- [--games N] [--sizes 9,13,19]
//!     [--seed S] [--max-moves M] [--level L] [--eval-level E] [--list] [--save-games DIR]
//! ```
//!
//! One side plays random legal moves (never filling a point all of whose neighbours are its
//! own stones, so games end), the other is `gnugo --mode gtp --quiet --level L --seed S`
//! through `genmove`; games cycle through the sizes and the colours. After every move both
//! engines are asked `eval_eye` at every point of the board: GNU Go, and nakade's own GTP
//! engine (`nakade::host::gtp::eye_commands::engine()`) in process. A *query* is a point where
//! either answers something other than `-1`; the script prints how many of them got the
//! identical answer, then the same split by where GNU Go's answer comes from, and the
//! differences by kind, with the first position of each kind as an SGF setup and the vertex.
//!
//! **Where GNU Go reads and where it guesses, by its own trace** (the headline figure). The
//! GNU Go that answers runs with `-t`. Its `eval_eye` values the space at the point with
//! `compute_eyes`: when an eyes.db pattern matches the space, `recognize_eye` prints to stderr
//! `eye space at ORIGIN of type N` (ORIGIN the origin of its eye space, as `eye_data` names
//! it; N the pattern's number in eyes.db), during that `eval_eye` command itself (the position
//! is examined silently; a ko-dependent half eye can print a second line, the same origin);
//! when none matches it answers its guess from the size (`esize - 2 msize` above 3 two eyes,
//! above 0 one, else none) and prints nothing. A reader thread takes its stderr line by line
//! into a channel, and after each `eval_eye` the script sends `echo_err MARKER` (GNU Go writes
//! MARKER to stderr before answering on stdout) and takes the lines up to the marker, so that
//! every line goes to the command that printed it. A query is then *where GNU Go reads* when
//! a pattern line came with its answer, or when GNU Go answers `-1` (no eye space: its reading
//! of the strings, no guess); *where it guesses* when it gives a value and no pattern matched.
//! The script checks that every guess equals the size guess of GNU Go's space (`eye_data`'s
//! `esize` and `msize`) and that every pattern line names the origin of GNU Go's space at the
//! point, and prints where GNU Go guesses what nakade answers: exact (how it was read) or a
//! bound (`SpaceReport::is_bound`), never a guess. The old rule of our own (GNU Go's space has
//! more than eight points that are not marginal, or it is ours in size and margins and GNU Go
//! 3.8's `eyes.db`, `$NAKADE_SHARED/gnugo/eyes-3.8.db`, default `../shared`, has no pattern
//! for our space's graph) is printed beside, for comparison only, with the table of both
//! classifications.
//!
//! Each difference is given a cause (for two values: whether the two engines' spaces, by GNU
//! Go's `eye_data`, have the same size and margins, whether they are beyond eyes.db's ten
//! vertices, and whether eyes.db has a pattern for our space's graph), and the differences by
//! kind and by kind and cause are also printed by the trace's classes; in each position with
//! a difference every string's liveness is compared (GNU Go's `attack`/`defend` against our
//! dead strings, with our reader's own answer beside). `--list` prints every difference, one
//! a line, with its cause and the trace's class (`GNU Go reads, eyes.db pattern N`, `GNU Go
//! reads, no eye space`, `GNU Go guesses`).
//!
//! The GNU Go that plays (level `L`) never answers the comparison's questions: a second one at
//! level `E` (`--eval-level E`, default `L`) under `-t` follows the same games and answers
//! every question (`eval_eye`, its spaces, `attack` and `defend`). The games stay those of
//! level `L` (cheap to play), and the answers are those of GNU Go's reading at level `E`. GNU
//! Go's own default level is 10; its `eval_eye` then rests on its full tactical and dragon
//! reading.
//!
//! The run is deterministic for a seed (GNU Go gets a seed too); gnugo comes from
//! `$NAKADE_GNUGO` (default `/usr/games/gnugo`).
//!
//! `--save-games DIR` writes each game's moves as an SGF game record,
//! `DIR/game{N}_{SIZE}x{SIZE}.sgf` (N from 0; passes as `B[]`/`W[]`; a game that ended early
//! keeps the moves played), so that others can replay the games without playing them: the six
//! of the default options are `benches/games/`, which `benches/gtp_latency.rs` times.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::Instant;

use nakade::board::analysis::MAX_MATCHED_INNER;
use nakade::board::analysis::{
    analyze_position, AnalysisLimits, Digits, PositionReport, SpaceReport,
};
use nakade::board::tactics::{self, Attack, Defense, ReadLimits};
use nakade::board::{vertex, Board, Color, Loc};
use nakade::evaluation::db::Database;
use nakade::evaluation::evaluate::Evaluator;
use nakade::host::gtp::engine::Engine;
use nakade::host::gtp::eye_commands;
use nakade::pattern::dsl;

/// The GNU Go that plays, and the one that answers the comparison's questions (at the
/// evaluation level, under `-t`; it follows the games, never plays).
struct Gnugos {
    player: Gnugo,
    referee: Gnugo,
}

impl Gnugos {
    /// A set-up command, to both.
    fn tell(&mut self, cmd: &str) -> Result<(), String> {
        self.player.ask(cmd)?;
        self.referee.ask(cmd)?;
        Ok(())
    }
}

/// A running GNU Go.
struct Gnugo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// With `-t`: its stderr, read line by line.
    trace: Option<Trace>,
}

/// GNU Go's stderr under `-t`: a thread reads it line by line into a channel (so that GNU Go
/// never blocks on a full pipe, whatever it prints), and [`Gnugo::sync`] drains the channel up
/// to a marker that GNU Go itself prints with `echo_err` (to stderr, before its answer on
/// stdout), so that every line is given to the command that printed it.
struct Trace {
    lines: Receiver<String>,
    reader: Option<JoinHandle<()>>,
    /// Markers sent so far.
    syncs: u64,
    /// A command was sent since the last marker.
    dirty: bool,
    /// Lines printed by commands other than those asked through [`Gnugo::ask_traced`].
    stray: usize,
}

impl Gnugo {
    /// `gnugo --mode gtp --quiet --level L --seed S`, with `-t` (and its stderr read) when
    /// `trace`; without, stderr is discarded.
    fn start(path: &str, level: u32, seed: u64, trace: bool) -> std::io::Result<Gnugo> {
        let mut cmd = Command::new(path);
        cmd.args(["--mode", "gtp", "--quiet", "--level"])
            .arg(level.to_string())
            .arg("--seed")
            .arg(seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if trace {
            cmd.arg("-t").stderr(Stdio::piped());
        } else {
            cmd.stderr(Stdio::null());
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let stdout = child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let trace = match child.stderr.take() {
            Some(stderr) => {
                let (tx, rx) = mpsc::channel();
                let reader = std::thread::spawn(move || {
                    let mut stderr = BufReader::new(stderr);
                    let mut line = Vec::new();
                    loop {
                        line.clear();
                        match stderr.read_until(b'\n', &mut line) {
                            Ok(0) | Err(_) => break,
                            Ok(_) => {
                                let text = String::from_utf8_lossy(&line);
                                if tx.send(text.trim_end().to_string()).is_err() {
                                    break;
                                }
                            }
                        }
                    }
                });
                Some(Trace {
                    lines: rx,
                    reader: Some(reader),
                    syncs: 0,
                    dirty: false,
                    stray: 0,
                })
            }
            None => None,
        };
        Ok(Gnugo {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            trace,
        })
    }

    /// Send one command; the answer without `= `, or `Err` with the error text (or a note that
    /// the process ended).
    fn ask(&mut self, cmd: &str) -> Result<String, String> {
        if let Some(t) = self.trace.as_mut() {
            t.dirty = true;
        }
        self.ask_plain(cmd)
    }

    fn ask_plain(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").map_err(|e| format!("gnugo gone: {e}"))?;
        self.stdin.flush().map_err(|e| format!("gnugo gone: {e}"))?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("gnugo gone: {e}"))?;
            if n == 0 {
                return Err("gnugo gone: end of output".into());
            }
            if line.trim().is_empty() && !text.is_empty() {
                break;
            }
            if line.trim().is_empty() {
                continue;
            }
            text.push_str(&line);
        }
        let text = text.trim_end().to_string();
        if let Some(rest) = text.strip_prefix('=') {
            Ok(rest.trim_start().to_string())
        } else {
            Err(text.trim_start_matches('?').trim().to_string())
        }
    }

    /// Every stderr line GNU Go printed since the last marker: sends `echo_err MARKER` and
    /// takes the lines up to the marker. Empty without a trace.
    fn sync(&mut self) -> Result<Vec<String>, String> {
        let Some(t) = self.trace.as_mut() else {
            return Ok(Vec::new());
        };
        t.syncs += 1;
        let marker = format!("nakade-sync-{}", t.syncs);
        self.ask_plain(&format!("echo_err {marker}"))?;
        let Some(t) = self.trace.as_mut() else {
            return Ok(Vec::new());
        };
        t.dirty = false;
        let mut lines = Vec::new();
        loop {
            match t.lines.recv() {
                Ok(l) if l == marker => return Ok(lines),
                Ok(l) => lines.push(l),
                Err(_) => return Err("gnugo gone: end of its trace".into()),
            }
        }
    }

    /// [`Gnugo::ask`], with the stderr lines the command printed (none without a trace):
    /// lines of earlier commands are drained first and counted as stray.
    fn ask_traced(&mut self, cmd: &str) -> Result<(String, Vec<String>), String> {
        if self.trace.as_ref().is_some_and(|t| t.dirty) {
            let n = self.sync()?.len();
            if let Some(t) = self.trace.as_mut() {
                t.stray += n;
            }
        }
        let answer = self.ask(cmd);
        let lines = self.sync()?;
        answer.map(|a| (a, lines))
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
        // GNU Go has ended, so its stderr has too: the reader ends.
        if let Some(r) = self.trace.as_mut().and_then(|t| t.reader.take()) {
            let _ = r.join();
        }
    }
}

/// The eyes.db matches one `eval_eye` printed under `-t`: GNU Go's `recognize_eye` traces
/// `eye space at VERTEX of type N` (VERTEX the origin of its eye space, N the pattern's number
/// in eyes.db) each time a pattern matches; `(origin, pattern)`.
fn pattern_matches(lines: &[String]) -> Vec<(String, String)> {
    lines
        .iter()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("eye space at ")?;
            let (origin, ty) = rest.split_once(" of type ")?;
            Some((origin.trim().to_string(), ty.trim().to_string()))
        })
        .collect()
}

/// Nakade's engine, asked in process.
struct Nakade(Engine);

impl Nakade {
    fn ask(&mut self, cmd: &str) -> Result<String, String> {
        let out = self.0.execute_line(cmd.as_bytes()).unwrap_or_default();
        let out = out.trim_end();
        if let Some(rest) = out.strip_prefix('=') {
            Ok(rest.trim_start().to_string())
        } else {
            Err(out.trim_start_matches('?').trim().to_string())
        }
    }
}

/// xorshift64*: small, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

struct Options {
    games: usize,
    sizes: Vec<usize>,
    seed: u64,
    max_moves: usize,
    level: u32,
    eval_level: Option<u32>,
    list: bool,
    save_games: Option<std::path::PathBuf>,
    gnugo: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 6,
        sizes: vec![9, 13, 19],
        seed: 1,
        max_moves: 150,
        level: 1,
        eval_level: None,
        list: false,
        save_games: None,
        gnugo: std::env::var("NAKADE_GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".into()),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = |i: usize| {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{} needs a value", args[i]))
        };
        match args[i].as_str() {
            "--games" => o.games = value(i)?.parse().map_err(|_| "bad --games")?,
            "--seed" => o.seed = value(i)?.parse().map_err(|_| "bad --seed")?,
            "--max-moves" => o.max_moves = value(i)?.parse().map_err(|_| "bad --max-moves")?,
            "--level" => o.level = value(i)?.parse().map_err(|_| "bad --level")?,
            "--eval-level" => {
                o.eval_level = Some(value(i)?.parse().map_err(|_| "bad --eval-level")?)
            }
            "--sizes" => {
                o.sizes = value(i)?
                    .split(',')
                    .map(|s| s.trim().parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| "bad --sizes")?
            }
            "--save-games" => o.save_games = Some(value(i)?.into()),
            "--list" => {
                o.list = true;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown argument {other}")),
        }
        i += 2;
    }
    if o.sizes.is_empty() || o.sizes.iter().any(|&s| !(5..=19).contains(&s)) {
        return Err("sizes must lie in 5..=19".into());
    }
    Ok(o)
}

/// The position as an SGF setup, with the player to move.
fn to_sgf(board: &Board, to_move: Color) -> String {
    let mut ab = String::new();
    let mut aw = String::new();
    for loc in board.locs() {
        let (x, y) = board.xy(loc);
        let pt = format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
        match board.color(loc) {
            Some(Color::Black) => ab.push_str(&pt),
            Some(Color::White) => aw.push_str(&pt),
            None => {}
        }
    }
    let mut s = format!("(;GM[1]FF[4]SZ[{}]", board.size());
    if !ab.is_empty() {
        s.push_str(&format!("AB{ab}"));
    }
    if !aw.is_empty() {
        s.push_str(&format!("AW{aw}"));
    }
    s.push_str(&format!(
        "PL[{}])",
        if to_move == Color::Black { "B" } else { "W" }
    ));
    s
}

/// A random legal move that does not fill one of the mover's own one-point eyes.
fn random_move(board: &Board, color: Color, rng: &mut Rng) -> Option<Loc> {
    let mut cands: Vec<Loc> = board
        .locs()
        .filter(|&l| board.is_legal(l, color))
        .filter(|&l| !board.neighbors(l).all(|n| board.color(n) == Some(color)))
        .collect();
    if cands.is_empty() {
        return None;
    }
    let i = rng.below(cands.len());
    Some(cands.swap_remove(i))
}

/// The kind of a difference.
fn kind(ours: &str, theirs: &str) -> &'static str {
    let value = |s: &str| s.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    if ours.starts_with('?') || ours.starts_with("error") {
        "nakade error"
    } else if ours == "-1" {
        "nakade -1, gnugo value"
    } else if theirs == "-1" {
        "nakade value, gnugo -1"
    } else if value(ours) != value(theirs) {
        "values differ"
    } else {
        "same value, vital points differ"
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    positions: usize,
    queries: usize,
    identical: usize,
    /// Queries and identical answers by where GNU Go's answer comes from, by its trace.
    by_trace: BTreeMap<Theirs, (usize, usize)>,
    /// Queries and identical answers by the old rule (`true`: GNU Go guesses) and the trace.
    old_vs_trace: BTreeMap<(bool, Theirs), (usize, usize)>,
    /// Where GNU Go guesses (by the trace), what nakade's answer is.
    ours_where_guessed: BTreeMap<&'static str, usize>,
    /// Where GNU Go guesses (by the trace), answers other than its size guess, and the first.
    not_size_guess: usize,
    not_size_guess_example: Option<String>,
    /// Pattern lines that name no origin of GNU Go's space at the point (by `eye_data`), or
    /// came with an answer `-1`; and the first.
    origin_mismatch: usize,
    origin_mismatch_example: Option<String>,
    /// Differences by (trace class, kind) and (trace class, kind: cause).
    kinds_by_trace: BTreeMap<(Theirs, &'static str), usize>,
    causes_by_trace: BTreeMap<(Theirs, String), usize>,
    kinds: BTreeMap<&'static str, usize>,
    pairs: BTreeMap<(String, String), usize>,
    /// The same where GNU Go reads, by its trace.
    pairs_read: BTreeMap<(String, String), usize>,
    examples: BTreeMap<&'static str, String>,
    causes: BTreeMap<String, usize>,
    strings: BTreeMap<String, usize>,
    string_examples: BTreeMap<String, String>,
    cause_examples: BTreeMap<String, String>,
    list: Vec<String>,
    /// The current game's moves as SGF nodes (`;B[cd]`, `;W[]` a pass), for `--save-games`.
    record: Vec<String>,
}

/// A space's size and number of margins, as GNU Go's `eye_data` prints them.
type Size = (String, String);

/// Where GNU Go's `eval_eye` answer comes from, by its own trace (`-t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Theirs {
    /// An eyes.db pattern matched its space (`eye space at ... of type N`): a reading.
    Pattern,
    /// `-1`: no eye space of either colour at the point (its reading of the strings).
    NoSpace,
    /// A value with no pattern matched: its guess from the size (`esize - 2 msize`).
    Guess,
}

impl Theirs {
    fn label(self) -> &'static str {
        match self {
            Theirs::Pattern => "reads: an eyes.db pattern matched",
            Theirs::NoSpace => "reads: no eye space (-1)",
            Theirs::Guess => "guesses: a value, no pattern matched",
        }
    }

    fn reads(self) -> bool {
        self != Theirs::Guess
    }
}

/// GNU Go's value for a space no pattern matched (`compute_eyes`): two eyes when
/// `esize - 2 msize` is above 3, one when above 0, else none.
fn size_guess(esize: &str, msize: &str) -> Option<&'static str> {
    let e: i64 = esize.parse().ok()?;
    let m: i64 = msize.parse().ok()?;
    Some(match e - 2 * m {
        x if x > 3 => "2 2",
        x if x > 0 => "1 1",
        _ => "0 0",
    })
}

/// What nakade answers where GNU Go guesses: exact (and read how), a bound, no space, an
/// error.
fn our_kind(ours: &str, space: Option<&SpaceReport>) -> &'static str {
    if ours.starts_with('?') {
        return "an error";
    }
    match space {
        _ if ours == "-1" => "-1 (no space)",
        None => "a value without a space in the report",
        Some(s) if s.is_bound() => "a bound",
        Some(s) => match s.source_kind() {
            "pattern" => "exact: pattern",
            "solver" => "exact: solver",
            "solver-min-max" => "exact: solver (b and c, as eval_eye reads)",
            "captured" => "exact: captured stones",
            "ko" => "exact: ko",
            _ => "no value",
        },
    }
}

/// GNU Go's eye space at `loc` by its `eye_data` (black's first, as its `eval_eye` picks):
/// its origin, and its size and margins.
fn gnugo_space(
    gnugo: &mut Gnugo,
    board: &Board,
    loc: Loc,
) -> Result<Option<(String, Size)>, String> {
    let name = vertex::name(board, loc);
    for c in ["black", "white"] {
        let data = gnugo.ask(&format!("eye_data {c} {name}"))?;
        let field = |f: &str| {
            data.lines()
                .find_map(|l| l.strip_prefix(f))
                .map(|v| v.trim().to_string())
                .unwrap_or_default()
        };
        if field("color") == c {
            return Ok(Some((field("origin"), (field("esize"), field("msize")))));
        }
    }
    Ok(None)
}

/// Our eye space at `loc` (black's first), as `eval_eye` picks it.
fn our_space(report: &PositionReport, loc: Loc) -> Option<&SpaceReport> {
    [Color::Black, Color::White].iter().find_map(|&c| {
        report
            .spaces
            .iter()
            .find(|s| s.color() == c && s.analyzed.space.contains(loc))
    })
}

/// Whether GNU Go's matcher would find no `eyes.db` pattern for our space: it tries eyes.db
/// only on spaces of at most eight points that are not marginal; beyond that, or when no
/// pattern matches, its value is the size guess. `None` without a space or a database.
fn our_space_unmatched(ours: Option<&SpaceReport>, eyes_db: Option<&Database>) -> Option<bool> {
    ours.zip(eyes_db).map(|(s, db)| {
        let inner = s
            .analyzed
            .space
            .points
            .iter()
            .filter(|p| !p.marginal)
            .count();
        inner > MAX_MATCHED_INNER || db.lookup(&s.graph).is_none()
    })
}

/// Whether GNU Go's answer at `loc` is its guess from the size of its space, not a reading:
/// its space has more than [`MAX_MATCHED_INNER`] points that are not marginal (its matcher
/// does not try eyes.db there), or it is ours in size and margins and eyes.db has no pattern
/// for ours. An answer `-1` (no space) is no guess.
fn gnugo_guesses(
    theirs: Option<&(String, String)>,
    eyes_db: Option<&Database>,
    report: &PositionReport,
    loc: Loc,
) -> bool {
    let Some((esize, msize)) = theirs else {
        return false;
    };
    let inner = esize
        .parse::<usize>()
        .unwrap_or(0)
        .saturating_sub(msize.parse::<usize>().unwrap_or(0));
    if inner > MAX_MATCHED_INNER {
        return true;
    }
    let ours = our_space(report, loc);
    ours.map(our_size).as_ref() == theirs && our_space_unmatched(ours, eyes_db) == Some(true)
}

/// Our space's size and margins, as GNU Go's `eye_data` prints them.
fn our_size(s: &SpaceReport) -> (String, String) {
    let pts = &s.analyzed.space.points;
    (
        pts.len().to_string(),
        pts.iter().filter(|p| p.marginal).count().to_string(),
    )
}

/// What lies behind a difference: for `-1` answers whether the point holds a stone; for two
/// values whether the two engines' spaces have the same size and number of margins (GNU Go's
/// `eye_data`) or not.
fn cause(
    theirs: Option<(String, String)>,
    eyes_db: Option<&Database>,
    report: &PositionReport,
    board: &Board,
    loc: Loc,
    kind: &str,
) -> String {
    let stone = if board.color(loc).is_some() {
        "stone"
    } else {
        "empty point"
    };
    if kind.contains("-1") || kind.contains("error") {
        return stone.to_string();
    }
    let ours = our_space(report, loc);
    let guessed = our_space_unmatched(ours, eyes_db);
    let ours = ours.map(our_size);
    match (theirs, ours) {
        // eyes.db has no pattern beyond 10 vertices: there GNU Go's value is its guess from
        // the size alone (more than 3 inner points two eyes, any one eye, none no eye).
        (Some(t), Some(o)) if t == o && t.0.parse::<usize>().unwrap_or(0) > 10 => {
            "spaces of equal size and margins, beyond eyes.db (over 10 points)".to_string()
        }
        (Some(t), Some(o)) if t == o && guessed == Some(true) => {
            "spaces of equal size and margins, no eyes.db pattern (GNU Go's size guess)".to_string()
        }
        (Some(t), Some(o)) if t == o => "spaces of equal size and margins".to_string(),
        (Some(t), Some(o)) if t.0 == o.0 => "spaces of equal size, margins differ".to_string(),
        (Some(_), Some(_)) => "spaces of different size".to_string(),
        _ => "space unknown".to_string(),
    }
}

/// Where a position has differences, every string's liveness by both engines: GNU Go's
/// tactical status (`attack`, `defend`: dead when it can be captured and not saved, the test
/// its eye spaces use) against ours (the dead strings of our analysis), and for a string only
/// one calls dead, our reader's own answer (`tactics::status`), so that a difference of
/// reading is told apart from one of our further rules (Benson, small region, enemy core).
fn compare_strings(
    gnugo: &mut Gnugo,
    report: &PositionReport,
    board: &Board,
    to_move: Color,
    t: &mut Tally,
) -> Result<(), String> {
    let mut b = board.clone();
    for s in board.strings() {
        let name = vertex::name(board, s);
        let attack = gnugo.ask(&format!("attack {name}"))?;
        let theirs_dead = attack != "0" && gnugo.ask(&format!("defend {name}"))? == "0";
        let ours_dead = report
            .dead
            .iter()
            .any(|&d| board.string_id(d) == board.string_id(s));
        if theirs_dead == ours_dead {
            continue;
        }
        let reader = match tactics::status(&mut b, s, ReadLimits::default()) {
            (Attack::Fails, _) => "our reader: no capture",
            (Attack::Captures(_), Defense::Fails) => "our reader: dead",
            (Attack::Captures(_), _) => "our reader: capturable, saved",
        };
        let libs = board.liberty_count(s).min(4);
        let key = format!(
            "{} ({}{} liberties; {reader})",
            if theirs_dead {
                "dead for gnugo only"
            } else {
                "dead for nakade only"
            },
            libs,
            if libs == 4 { "+" } else { "" },
        );
        *t.strings.entry(key.clone()).or_default() += 1;
        t.string_examples
            .entry(key)
            .or_insert_with(|| format!("{} string {name}", to_sgf(board, to_move)));
    }
    Ok(())
}

fn short(s: &str) -> String {
    s.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn compare(
    gnugo: &mut Gnugo,
    eyes_db: Option<&Database>,
    nakade: &mut Nakade,
    board: &Board,
    to_move: Color,
    ev: &Evaluator<'_>,
    t: &mut Tally,
) -> Result<(), String> {
    t.positions += 1;
    let mut report: Option<PositionReport> = None;
    let mut differs = false;
    for loc in board.locs() {
        let name = vertex::name(board, loc);
        let (theirs, trace) = gnugo.ask_traced(&format!("eval_eye {name}"))?;
        let ours = match nakade.ask(&format!("eval_eye {name}")) {
            Ok(a) => a,
            Err(e) => format!("? {e}"),
        };
        if ours == "-1" && theirs == "-1" {
            continue;
        }
        t.queries += 1;
        let report = report.get_or_insert_with(|| {
            let mut b = board.clone();
            // The spaces read as `eval_eye` reads them: a large space's `b` and `c` first.
            let limits = AnalysisLimits {
                digits: Digits::MinMaxFirst,
                ..AnalysisLimits::default()
            };
            analyze_position(&mut b, ev, None, limits)
        });
        // GNU Go's space, asked once: for its origin and size, and for a difference's cause.
        let space = if theirs == "-1" {
            None
        } else {
            gnugo_space(gnugo, board, loc)?
        };
        let matches = pattern_matches(&trace);
        let by_trace = if !matches.is_empty() {
            Theirs::Pattern
        } else if theirs == "-1" {
            Theirs::NoSpace
        } else {
            Theirs::Guess
        };
        let at = || format!("{} at {name}: gnugo `{theirs}`", to_sgf(board, to_move));
        let origin = space.as_ref().map(|s| s.0.as_str());
        if !matches.is_empty() && !matches.iter().any(|m| Some(m.0.as_str()) == origin) {
            t.origin_mismatch += 1;
            t.origin_mismatch_example.get_or_insert_with(|| {
                format!("{}, trace {:?}, eye_data origin {origin:?}", at(), matches)
            });
        }
        let size = space.as_ref().map(|s| &s.1);
        let guessed = gnugo_guesses(size, eyes_db, report, loc);
        let same = ours == theirs;
        for cell in [
            t.by_trace.entry(by_trace).or_default(),
            t.old_vs_trace.entry((guessed, by_trace)).or_default(),
        ] {
            cell.0 += 1;
            cell.1 += same as usize;
        }
        if by_trace == Theirs::Guess {
            *t.ours_where_guessed
                .entry(our_kind(&ours, our_space(report, loc)))
                .or_default() += 1;
            if size.and_then(|(e, m)| size_guess(e, m)) != Some(theirs.as_str()) {
                t.not_size_guess += 1;
                t.not_size_guess_example
                    .get_or_insert_with(|| format!("{}, eye_data {size:?}", at()));
            }
        }
        if same {
            t.identical += 1;
            continue;
        }
        differs = true;
        let k = kind(&ours, &theirs);
        *t.kinds.entry(k).or_default() += 1;
        *t.kinds_by_trace.entry((by_trace, k)).or_default() += 1;
        let why = cause(space.map(|s| s.1), eyes_db, report, board, loc, k);
        *t.causes.entry(format!("{k}: {why}")).or_default() += 1;
        *t.causes_by_trace
            .entry((by_trace, format!("{k}: {why}")))
            .or_default() += 1;
        *t.pairs.entry((short(&ours), short(&theirs))).or_default() += 1;
        if by_trace.reads() {
            *t.pairs_read
                .entry((short(&ours), short(&theirs)))
                .or_default() += 1;
        }
        let line = format!(
            "{} at {name}: nakade `{ours}`, gnugo `{theirs}`",
            to_sgf(board, to_move)
        );
        t.examples.entry(k).or_insert_with(|| line.clone());
        t.cause_examples
            .entry(format!("{k}: {why}"))
            .or_insert_with(|| line.clone());
        if t.list.len() < 100_000 {
            let how = match matches.first() {
                Some((_, n)) => format!("GNU Go reads, eyes.db pattern {n}"),
                None if by_trace == Theirs::NoSpace => "GNU Go reads, no eye space".into(),
                None => "GNU Go guesses".into(),
            };
            t.list.push(format!("{k}: {why}\t{how}\t{line}"));
        }
    }
    if differs {
        if let Some(report) = &report {
            compare_strings(gnugo, report, board, to_move, t)?;
        }
    }
    Ok(())
}

fn play_game(
    o: &Options,
    eyes_db: Option<&Database>,
    game: usize,
    rng: &mut Rng,
    gnugos: &mut Gnugos,
    ev: &Evaluator<'_>,
    t: &mut Tally,
) -> Result<(), String> {
    let size = o.sizes[game % o.sizes.len()];
    // Colours alternate with each round through the sizes.
    let random_color = if (game / o.sizes.len()) % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    let mut nakade = Nakade(eye_commands::engine());
    for cmd in [
        format!("boardsize {size}"),
        "clear_board".to_string(),
        "komi 6.5".to_string(),
    ] {
        gnugos.tell(&cmd)?;
        nakade.ask(&cmd)?;
    }
    let mut to_move = Color::Black;
    let mut passes = 0;
    t.record.clear();
    for _ in 0..o.max_moves {
        let c = if to_move == Color::Black { "B" } else { "W" };
        let mv: Option<Loc> = if to_move == random_color {
            let m = random_move(&board, to_move, rng);
            match m {
                Some(l) => gnugos
                    .player
                    .ask(&format!("play {c} {}", vertex::name(&board, l)))?,
                None => gnugos.player.ask(&format!("play {c} pass"))?,
            };
            m
        } else {
            let g = gnugos.player.ask(&format!("genmove {c}"))?;
            if g.eq_ignore_ascii_case("resign") {
                break;
            }
            if g.eq_ignore_ascii_case("pass") {
                None
            } else {
                Some(vertex::parse(&board, &g).map_err(|e| format!("genmove {g}: {e}"))?)
            }
        };
        match mv {
            Some(l) => {
                let name = vertex::name(&board, l);
                board
                    .play(l, to_move)
                    .map_err(|e| format!("{c} {name}: {e:?}"))?;
                nakade.ask(&format!("play {c} {name}"))?;
                gnugos.referee.ask(&format!("play {c} {name}"))?;
                passes = 0;
            }
            None => {
                board.pass(to_move);
                nakade.ask(&format!("play {c} pass"))?;
                gnugos.referee.ask(&format!("play {c} pass"))?;
                passes += 1;
            }
        }
        t.moves += 1;
        let at = mv.map_or(String::new(), |l| {
            let (x, y) = board.xy(l);
            format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
        });
        t.record.push(format!(";{c}[{at}]"));
        to_move = to_move.opponent();
        compare(
            &mut gnugos.referee,
            eyes_db,
            &mut nakade,
            &board,
            to_move,
            ev,
            t,
        )?;
        if passes >= 2 {
            break;
        }
    }
    t.games += 1;
    Ok(())
}

/// GNU Go 3.8's `eyes.db`, compiled, or `None` (with a note) when it cannot be read.
fn gnugo_eyes_db() -> Option<Database> {
    let shared = std::env::var("NAKADE_SHARED").unwrap_or_else(|_| "../shared".into());
    let path = format!("{shared}/gnugo/eyes-3.8.db");
    let parsed = std::fs::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|bytes| {
            dsl::parse_with(&path, &bytes, dsl::Options { lenient: true })
                .map_err(|d| format!("{} diagnostics", d.len()))
        })
        .and_then(|file| Database::compile(&file).map_err(|e| e.to_string()));
    match parsed {
        Ok((db, _)) => Some(db),
        Err(e) => {
            eprintln!("{path}: {e}; equal spaces are not split by eyes.db patterns");
            None
        }
    }
}

/// With `--save-games DIR`, game `game`'s moves as an SGF game record in
/// `DIR/game{game}_{SIZE}x{SIZE}.sgf`; the comment gives the options that reproduce it (and
/// the error that ended it early, if one did). A file that cannot be written is reported and
/// the run goes on.
fn save_game(o: &Options, game: usize, record: &[String], ended: Option<&String>) {
    let Some(dir) = &o.save_games else { return };
    let size = o.sizes[game % o.sizes.len()];
    // As `play_game` chooses: the random side is black in the first round through the sizes.
    let random_black = (game / o.sizes.len()) % 2 == 0;
    let gnugo = format!("GNU Go 3.8 level {}", o.level);
    let (pb, pw) = if random_black {
        ("random", gnugo.as_str())
    } else {
        (gnugo.as_str(), "random")
    };
    let sizes: Vec<String> = o.sizes.iter().map(|s| s.to_string()).collect();
    let ended = ended.map_or(String::new(), |e| {
        format!("; ended early: {}", e.replace(']', "\\]"))
    });
    let comment = format!(
        "examples/random_games_vs_gnugo --games {} --sizes {} --seed {} --level {} \
         --max-moves {}: game {game}, {} moves{ended}",
        o.games,
        sizes.join(","),
        o.seed,
        o.level,
        o.max_moves,
        record.len(),
    );
    let mut text =
        format!("(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[6.5]PB[{pb}]PW[{pw}]\nC[{comment}]\n");
    for (i, node) in record.iter().enumerate() {
        text.push_str(node);
        if i % 10 == 9 {
            text.push('\n');
        }
    }
    text.push_str(")\n");
    let path = dir.join(format!("game{game}_{size}x{size}.sgf"));
    if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, text)) {
        eprintln!("cannot write {}: {e}", path.display());
    }
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let gnugo_seed = o.seed.wrapping_mul(7919) % 1_000_000 + 1;
    let start_all = || -> std::io::Result<Gnugos> {
        Ok(Gnugos {
            player: Gnugo::start(&o.gnugo, o.level, gnugo_seed, false)?,
            referee: Gnugo::start(&o.gnugo, o.eval_level.unwrap_or(o.level), gnugo_seed, true)?,
        })
    };
    let mut gnugos = match start_all() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("cannot start {}: {e}; nothing to compare", o.gnugo);
            return;
        }
    };
    let start = Instant::now();
    let mut rng = Rng(o.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut t = Tally::default();
    let ev = Evaluator::with_default();
    let eyes_db = gnugo_eyes_db();
    for game in 0..o.games {
        let played = play_game(
            &o,
            eyes_db.as_ref(),
            game,
            &mut rng,
            &mut gnugos,
            &ev,
            &mut t,
        );
        save_game(&o, game, &t.record, played.as_ref().err());
        if let Err(e) = played {
            eprintln!("game {game} ended early: {e}");
            if e.starts_with("gnugo gone") {
                match start_all() {
                    Ok(g) => gnugos = g,
                    Err(_) => break,
                }
            }
        }
    }
    let sizes: Vec<String> = o.sizes.iter().map(|s| s.to_string()).collect();
    println!(
        "games {} sizes {} seed {} level {} eval-level {} max-moves {}",
        t.games,
        sizes.join(","),
        o.seed,
        o.level,
        o.eval_level.unwrap_or(o.level),
        o.max_moves
    );
    println!(
        "moves {} positions {} queries {} identical {} ({:.1}%)",
        t.moves,
        t.positions,
        t.queries,
        t.identical,
        100.0 * t.identical as f64 / t.queries.max(1) as f64
    );
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    let sum = |f: &dyn Fn(Theirs) -> bool| {
        t.by_trace
            .iter()
            .filter(|(c, _)| f(**c))
            .fold((0, 0), |acc, (_, v)| (acc.0 + v.0, acc.1 + v.1))
    };
    // The headline: GNU Go's own trace tells a reading from a guess.
    let (rq, ri) = sum(&|c| c.reads());
    let (pq, pi) = sum(&|c| c == Theirs::Pattern);
    let (gq, gi) = sum(&|c| c == Theirs::Guess);
    println!(
        "by GNU Go's trace: where it reads: queries {rq} identical {ri} ({:.1}%); \
         of them an eyes.db pattern matched: queries {pq} identical {pi} ({:.1}%)",
        pct(ri, rq),
        pct(pi, pq)
    );
    for (c, (q, i)) in &t.by_trace {
        println!(
            "  {}: queries {q} identical {i} ({:.1}%)",
            c.label(),
            pct(*i, *q)
        );
    }
    println!(
        "where it guesses: queries {gq} identical {gi}; answers other than its size guess {}{}",
        t.not_size_guess,
        t.not_size_guess_example
            .as_ref()
            .map_or(String::new(), |e| format!(" (first: {e})"))
    );
    println!("  nakade's answers there:");
    for (k, n) in &t.ours_where_guessed {
        println!("    {k}: {n} ({:.1}%)", pct(*n, gq));
    }
    println!(
        "trace lines: pattern matches naming no origin of GNU Go's space at the point {}{}; \
         lines printed by other commands {}",
        t.origin_mismatch,
        t.origin_mismatch_example
            .as_ref()
            .map_or(String::new(), |e| format!(" (first: {e})")),
        gnugos.referee.trace.as_ref().map_or(0, |tr| tr.stray)
    );
    // The old rule, our own (more than eight inner points, or eyes.db has no pattern for
    // our space's graph), for comparison only.
    let old = |g: bool| {
        t.old_vs_trace
            .iter()
            .filter(|((o, _), _)| *o == g)
            .fold((0, 0), |acc, (_, v)| (acc.0 + v.0, acc.1 + v.1))
    };
    let ((oq, oi), (nq, ni)) = (old(false), old(true));
    println!(
        "by the old rule (ours, for comparison): where GNU Go reads: queries {oq} identical {oi} \
         ({:.1}%); where it guesses: queries {nq} identical {ni}",
        pct(oi, oq)
    );
    for ((o, c), (q, i)) in &t.old_vs_trace {
        println!(
            "  old rule {}, trace {}: queries {q} identical {i}",
            if *o { "guesses" } else { "reads" },
            c.label()
        );
    }
    println!("differences by kind:");
    for (k, n) in &t.kinds {
        println!(
            "  {k}: {n} ({:.1}% of queries)",
            100.0 * *n as f64 / t.queries.max(1) as f64
        );
    }
    println!("differences by kind, by GNU Go's trace:");
    for ((c, k), n) in &t.kinds_by_trace {
        println!("  {}: {k}: {n}", c.label());
    }
    println!("differences by kind and cause, by GNU Go's trace:");
    for ((c, k), n) in &t.causes_by_trace {
        println!("  {}: {k}: {n}", c.label());
    }
    println!("differences by kind and cause:");
    for (k, n) in &t.causes {
        println!("  {k}: {n}");
    }
    println!("strings whose liveness differs, in positions with differences:");
    for (k, n) in &t.strings {
        println!("  {k}: {n}");
    }
    for (k, e) in &t.string_examples {
        println!("  example {k}: {e}");
    }
    println!("most frequent (nakade value, gnugo value) pairs:");
    let mut pairs: Vec<_> = t.pairs.iter().collect();
    pairs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for ((ours, theirs), n) in pairs.iter().take(12) {
        println!("  nakade `{ours}` gnugo `{theirs}`: {n}");
    }
    println!("most frequent (nakade value, gnugo value) pairs where GNU Go reads, by its trace:");
    let mut pairs: Vec<_> = t.pairs_read.iter().collect();
    pairs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for ((ours, theirs), n) in pairs.iter().take(12) {
        println!("  nakade `{ours}` gnugo `{theirs}`: {n}");
    }
    println!("one example per kind:");
    for (k, e) in &t.examples {
        println!("  {k}: {e}");
    }
    println!("one example per kind and cause:");
    for (k, e) in &t.cause_examples {
        println!("  {k}: {e}");
    }
    if o.list {
        for l in &t.list {
            println!("{l}");
        }
    }
    println!("time {:.1}s", start.elapsed().as_secs_f64());
}
