//! `nakade match` and `nakade solve`: one graph, or a batch on standard input.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use serde::Serialize;

use nakade::evaluation::db::{default_database, mark_vital, Database, VertexSet};
use nakade::evaluation::evaluate::{Evaluation, Evaluator, Source};
use nakade::evaluation::solve::{self, Params, Solution, Space};
use nakade::pattern::diagram::Diagram;
use nakade::pattern::encoded::{parse_graph, MAX_ENCODED_LEN};
use nakade::pattern::graph::{EyeGraph, GraphError};
use nakade::pattern::quick::{QuickRows, Scan};

/// The database to use: the embedded one, or one compiled from a file.
pub enum Db {
    Default,
    Loaded(Box<Database>),
}

impl Db {
    pub fn get(&self) -> &Database {
        match self {
            Db::Default => default_database(),
            Db::Loaded(db) => db,
        }
    }
}

/// What answers: the database with the solver behind it, or the solver alone.
pub enum Mode<'a> {
    Match(&'a Evaluator<'a>),
    Solve(Params),
}

#[derive(Serialize)]
struct MatchJson<'a> {
    graph: &'a str,
    pattern: Option<u32>,
    value: Option<String>,
    attack: Vec<(usize, usize)>,
    defense: Vec<(usize, usize)>,
    source: Option<&'static str>,
}

#[derive(Serialize)]
struct SolveJson<'a> {
    graph: &'a str,
    value: String,
    attack: Vec<(usize, usize)>,
    defense: Vec<(usize, usize)>,
    /// Always `solver`: the same key as `match` gives.
    source: &'static str,
}

#[derive(Serialize)]
struct Failure<'a> {
    graph: &'a str,
    error: String,
}

/// The coordinates of a vertex set, sorted.
pub fn coords(g: &EyeGraph, set: VertexSet) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = set.iter().filter_map(|i| g.coordinate(i)).collect();
    v.sort_unstable();
    v
}

enum Outcome {
    Matched(Option<Evaluation>),
    Solved(Solution),
}

/// Match or solve one encoded graph; `lines`: read the solver's lines of play too (only the
/// text output prints them).
fn run_one(mode: &Mode, text: &str, lines: bool) -> Result<(Diagram, EyeGraph, Outcome), String> {
    let diagram = parse_graph(text).map_err(|e| e.to_string())?;
    let graph = EyeGraph::from_diagram(&diagram).map_err(|e| e.to_string())?;
    let outcome = match mode {
        Mode::Match(ev) => Outcome::Matched(ev.evaluate(&graph).map_err(|e| e.to_string())?),
        Mode::Solve(params) => {
            let space = Space::from_diagram(&diagram).map_err(|e| e.to_string())?;
            let solved = if lines {
                solve::solve(&space, params)
            } else {
                solve::solve_value(&space, params)
            };
            Outcome::Solved(solved.map_err(|e| e.to_string())?)
        }
    };
    Ok((diagram, graph, outcome))
}

fn json_line(mode: &Mode, text: &str) -> (String, bool) {
    let json = match run_one(mode, text, false) {
        Ok((_, g, Outcome::Matched(e))) => serde_json::to_string(&MatchJson {
            graph: text,
            pattern: e.and_then(|e| match e.source {
                Source::Pattern { number, .. } => Some(number),
                Source::Solver => None,
            }),
            value: e.map(|e| e.value.to_string()),
            attack: e.map_or_else(Vec::new, |e| coords(&g, e.attack)),
            defense: e.map_or_else(Vec::new, |e| coords(&g, e.defense)),
            source: e.map(|e| match e.source {
                Source::Pattern { .. } => "pattern",
                Source::Solver => "solver",
            }),
        }),
        Ok((_, g, Outcome::Solved(s))) => serde_json::to_string(&SolveJson {
            graph: text,
            value: s.value.to_string(),
            attack: coords(&g, VertexSet(s.attack)),
            defense: coords(&g, VertexSet(s.defense)),
            source: "solver",
        }),
        Err(error) => {
            return (
                serde_json::to_string(&Failure { graph: text, error }).unwrap_or_default(),
                false,
            )
        }
    };
    // Serialising strings and numbers cannot fail.
    (json.unwrap_or_default(), true)
}

fn show(g: &EyeGraph, set: VertexSet) -> String {
    let v: Vec<String> = coords(g, set)
        .iter()
        .map(|(r, c)| format!("{r},{c}"))
        .collect();
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(" ")
    }
}

/// A line of play with `vN` turned into the vertex's `row,col`.
fn line_of_play(g: &EyeGraph, pv: &str) -> String {
    pv.split(", ")
        .map(|step| {
            step.split(' ')
                .map(
                    |w| match w.strip_prefix('v').and_then(|n| n.parse::<usize>().ok()) {
                        Some(i) => g
                            .coordinate(i)
                            .map_or_else(|| w.to_string(), |(r, c)| format!("{r},{c}")),
                        None => w.to_string(),
                    },
                )
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One graph (`graph`), or a batch on standard input.
pub fn run(mode: &Mode, batch: bool, graph: Option<&str>, json: bool) -> anyhow::Result<ExitCode> {
    if batch {
        self::batch(mode)
    } else {
        single(mode, graph.unwrap_or(""), json)
    }
}

pub fn single(mode: &Mode, text: &str, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        let (line, ok) = json_line(mode, text);
        outln!("{line}")?;
        return Ok(if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let (diagram, g, outcome) = match run_one(mode, text, true) {
        Ok(ok) => ok,
        Err(e) => {
            eprintln!("error: {text}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    outln!("graph:   {text}")?;
    outln!(
        "class:   {} ({} vertices, {} marginal)",
        g.neighbour_class(),
        g.len(),
        g.marginal_count()
    )?;
    let (value, attack, defense) = match &outcome {
        Outcome::Matched(None) => {
            if let Mode::Match(ev) = mode {
                outln!("pattern: none in {}", ev.database().name())?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        Outcome::Matched(Some(e)) => {
            if let Mode::Match(ev) = mode {
                let db = ev.database();
                match e.source {
                    Source::Pattern { number, index } => outln!(
                        "pattern: {number} ({}, line {})",
                        db.name(),
                        db.pattern(index).map_or(0, |p| p.line)
                    )?,
                    Source::Solver => outln!("pattern: none in {}; solved", db.name())?,
                }
            }
            (e.value, e.attack, e.defense)
        }
        Outcome::Solved(s) => (s.value, VertexSet(s.attack), VertexSet(s.defense)),
    };
    outln!("value:   {value} ({})", value.describe())?;
    outln!("attack:  {}", show(&g, attack))?;
    outln!("defense: {}", show(&g, defense))?;
    for row in mark_vital(&diagram, &g, attack, defense).render(' ') {
        outln!("  {row}")?;
    }
    if let Outcome::Solved(s) = &outcome {
        let what = [
            "a, attacker first and again",
            "b, attacker first",
            "c, defender first",
            "d, defender first and again",
        ];
        outln!("lines of play (B attacker, W defender, row,col):")?;
        for (k, pv) in s.pv.iter().enumerate() {
            outln!(
                "  {} = {}  ({}): {}",
                &what[k][..1],
                value.digits()[k],
                &what[k][3..],
                line_of_play(&g, pv)
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The batch: one JSON line per input line, in input order.
///
/// Lines a match can answer from the database without the solver take the quick path (bytes →
/// bit rows → canonical key → probe → JSON written into the output), chunks of them on every
/// core; every other line (errors, the solver) takes the full path in input
/// order, one at a time, so the evaluator's cache sees them as before. The output is byte for
/// byte that of the full path alone, which `NAKADE_BATCH_BASELINE=1` selects (for tests and
/// benches).
pub fn batch(mode: &Mode) -> anyhow::Result<ExitCode> {
    if std::env::var_os("NAKADE_BATCH_BASELINE").is_some() {
        return batch_baseline(mode);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    widen_pipe();
    let mut block: Vec<u8> = vec![0; BLOCK];
    // The chunks' answer buffers, kept from block to block: their pages are touched once.
    let mut pool: Vec<Vec<u8>> = Vec::new();
    let mut filled = 0;
    // Bytes of `block[..filled]` already searched for a newline: each byte is searched once,
    // so a long line costs linear time however the pipe hands it over.
    let mut scanned = 0;
    // Inside a line longer than any graph: its bytes are dropped until its newline.
    let mut skipping = false;
    loop {
        // One read, not a full block: a host that writes a line and waits for its answer gets
        // it (a pipe gives what it holds).
        let got = match input.read(&mut block[filled..]) {
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        filled += got;
        if skipping {
            match memchr::memchr(b'\n', &block[..filled]) {
                Some(i) => {
                    block.copy_within(i + 1..filled, 0);
                    filled -= i + 1;
                    skipping = false;
                }
                None => filled = 0,
            }
            scanned = 0;
            if got != 0 {
                continue;
            }
        }
        // Whole lines; at the end of the input the last one may lack its newline.
        let whole = if got == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &block[scanned..filled]) {
                Some(i) => scanned + i + 1,
                None if filled > MAX_LINE => {
                    // No graph is this long: answer the line now and drop the rest of it,
                    // so that input without newlines cannot fill the memory.
                    write_too_long(&block[..filled], &mut out)?;
                    filled = 0;
                    scanned = 0;
                    skipping = true;
                    continue;
                }
                None => {
                    scanned = filled;
                    continue;
                }
            }
        };
        answer_block(mode, &block[..whole], &mut pool, &mut out)?;
        block.copy_within(whole..filled, 0);
        filled -= whole;
        scanned = 0;
        if got == 0 {
            break;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Where the answers go into a pipe, ask the kernel for a pipe of a block's answers (1 MB,
/// not the default 64 KB), so that the batch and the host reading it wake each other a
/// sixteenth as often. Nothing happens where standard output is no pipe, on other systems,
/// or where the kernel refuses (a pipe's size is capped by `/proc/sys/fs/pipe-max-size`).
fn widen_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: `fcntl` on descriptor 1 with `F_SETPIPE_SZ` and an integer only resizes a
    // pipe's buffer; on anything but a pipe it fails with EBADF or EINVAL, which is ignored.
    unsafe {
        libc::fcntl(1, libc::F_SETPIPE_SZ, 1 << 20);
    }
}

/// The longest input line a batch holds: the longest encoded graph and a `\r\n`. A longer
/// line is answered with an error as soon as this much of it is read, and the rest of it is
/// read past, not kept.
const MAX_LINE: usize = MAX_ENCODED_LEN * 4 + 2;

/// The answer to a line longer than [`MAX_LINE`] bytes: its first characters and the error.
fn write_too_long(start: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let head: String = String::from_utf8_lossy(&start[..start.len().min(40)])
        .chars()
        .take(32)
        .collect();
    let line = Failure {
        graph: &format!("{head}..."),
        error: format!(
            "the line is longer than {MAX_LINE} bytes; an encoded graph has at most \
             {MAX_ENCODED_LEN} characters"
        ),
    };
    writeln!(
        out,
        "{}",
        serde_json::to_string(&line).map_err(std::io::Error::other)?
    )
}

/// The graph of one input line of a batch or a corpus file: the line without its line end
/// (`\n`, `\r\n`); `None` for a blank line (nothing but white space: no eye vertex) or a `#`
/// comment, which get no answer. A graph is never trimmed: a space is a cell of the encoding
/// (a wall cell, as `O`), and a leading one shifts its row.
pub fn graph_line(line: &str) -> Option<&str> {
    graph_bytes(line.as_bytes()).map(|b| &line[..b.len()])
}

/// [`graph_line`] over bytes.
fn graph_bytes(line: &[u8]) -> Option<&[u8]> {
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    let blank = text.iter().all(|b| b.is_ascii_whitespace());
    (!blank && text[0] != b'#').then_some(text)
}

/// Bytes of input read at most before answering them.
const BLOCK: usize = 1 << 20;
/// Bytes of input (whole lines) a core takes at a time.
const CHUNK_BYTES: usize = 1 << 14;

/// A chunk's answers: the output, and the lines left for the full path with where their
/// answers go.
struct ChunkOut<'a> {
    bytes: Vec<u8>,
    deferred: Vec<(usize, &'a [u8])>,
}

/// Answer a block of whole lines into `out`, in input order.
fn answer_block(
    mode: &Mode,
    block: &[u8],
    pool: &mut Vec<Vec<u8>>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    use rayon::prelude::*;
    // Chunks of about CHUNK_BYTES, each ending after a newline (or at the block's end).
    let mut chunks: Vec<&[u8]> = Vec::with_capacity(block.len() / CHUNK_BYTES + 1);
    let mut rest = block;
    while !rest.is_empty() {
        let cut = if rest.len() <= CHUNK_BYTES {
            rest.len()
        } else {
            memchr::memchr(b'\n', &rest[CHUNK_BYTES..]).map_or(rest.len(), |i| CHUNK_BYTES + i + 1)
        };
        let (chunk, tail) = rest.split_at(cut);
        chunks.push(chunk);
        rest = tail;
    }
    let buffers: Vec<Vec<u8>> = chunks
        .iter()
        .map(|_| pool.pop().unwrap_or_default())
        .collect();
    let answered: Vec<ChunkOut> = chunks
        .par_iter()
        .zip(buffers)
        .map(|(chunk, bytes)| answer_chunk(mode, chunk, bytes))
        .collect();
    let mut scratch = Vec::new();
    for c in answered {
        let mut from = 0;
        for (at, line) in c.deferred {
            out.write_all(&c.bytes[from..at])?;
            scratch.clear();
            full_line(mode, line, &mut scratch);
            out.write_all(&scratch)?;
            from = at;
        }
        out.write_all(&c.bytes[from..])?;
        pool.push(c.bytes);
    }
    Ok(())
}

/// One chunk's answers, written into `bytes` (a buffer of the pool); the lines the quick path
/// leaves are listed with where their answers go.
fn answer_chunk<'a>(mode: &Mode, chunk: &'a [u8], mut bytes: Vec<u8>) -> ChunkOut<'a> {
    // Answers are about six times as long as the lines they answer.
    bytes.clear();
    bytes.reserve(8 * chunk.len() + 256);
    let mut c = ChunkOut {
        bytes,
        deferred: Vec::new(),
    };
    // One set of rows reads every line of the chunk.
    let mut rows = QuickRows::new();
    let mut rest = chunk;
    while !rest.is_empty() {
        let end = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
        let (line, tail) = rest.split_at(end);
        rest = tail;
        if !quick_line(mode, line, &mut rows, &mut c.bytes) {
            match mode {
                // Matching: in input order afterwards (the solver's cache).
                Mode::Match(_) => c.deferred.push((c.bytes.len(), line)),
                // Solving: each line on its own, here.
                Mode::Solve(_) => full_line(mode, line, &mut c.bytes),
            }
        }
    }
    c
}

/// The full path for one input line, as the baseline reads it.
fn full_line(mode: &Mode, raw: &[u8], out: &mut Vec<u8>) {
    if raw.len() > MAX_LINE && raw[MAX_LINE..].iter().any(|&b| b != b'\n' && b != b'\r') {
        // As the block loop answers a line it reads past (a write to a Vec cannot fail).
        let _ = write_too_long(raw, out);
        return;
    }
    let line = String::from_utf8_lossy(raw);
    let Some(text) = graph_line(&line) else {
        return;
    };
    out.extend_from_slice(json_line(mode, text).0.as_bytes());
    out.push(b'\n');
}

/// The quick path for one input line: true when the line is answered (or skipped) here.
fn quick_line(mode: &Mode, raw: &[u8], rows: &mut QuickRows, out: &mut Vec<u8>) -> bool {
    let Mode::Match(ev) = mode else {
        return false;
    };
    // A line that is not ASCII is left to the full path by the scan, which refuses every
    // byte above 127 (and the full path reads a comment or a blank line as this does).
    let Some(text) = graph_bytes(raw) else {
        return true;
    };
    if !ev.consults_database() {
        return false;
    }
    match rows.scan(text) {
        Scan::Read => {}
        Scan::NoLiberty {
            vertex,
            row,
            column,
        } => {
            // The full path's error, from the same error value (neither the text nor the
            // message needs escaping).
            let error = GraphError::EnclosedWithoutLiberty {
                vertex: vertex as usize,
                at: Some((row as usize, column as usize)),
            };
            out.extend_from_slice(b"{\"graph\":\"");
            out.extend_from_slice(text);
            out.extend_from_slice(b"\",\"error\":\"");
            out.extend_from_slice(error.to_string().as_bytes());
            out.extend_from_slice(b"\"}\n");
            return true;
        }
        Scan::Declined => return false,
    }
    // Most graphs lie in no bucket of the database: answered before they are numbered.
    let g = if ev.database().may_hold(rows) {
        Some(rows.graph())
    } else {
        None
    };
    let Some((g, m)) = g.and_then(|g| Some((g, ev.database().lookup_quick(&g)?))) else {
        if ev.has_solver() {
            return false;
        }
        // No pattern and no solver: the answer the full path gives (a valid graph without
        // enclosed stones cannot fail its liberty check), without reading the graph again.
        out.extend_from_slice(b"{\"graph\":\"");
        out.extend_from_slice(text);
        out.extend_from_slice(
            b"\",\"pattern\":null,\"value\":null,\"attack\":[],\"defense\":[],\"source\":null}\n",
        );
        return true;
    };
    // As serde_json writes `MatchJson`: the text needs no escaping (only cell markers). Room
    // for the whole answer first, so that no write below grows the buffer.
    out.reserve(text.len() + 128 + 16 * g.n);
    out.extend_from_slice(b"{\"graph\":\"");
    out.extend_from_slice(text);
    out.extend_from_slice(b"\",\"pattern\":");
    write_number(out, m.pattern as usize);
    out.extend_from_slice(b",\"value\":\"");
    for d in m.value.digits() {
        out.push(b'0' + d);
    }
    out.extend_from_slice(b"\",\"attack\":");
    write_points(out, &g, m.attack);
    out.extend_from_slice(b",\"defense\":");
    write_points(out, &g, m.defense);
    out.extend_from_slice(b",\"source\":\"pattern\"}\n");
    true
}

fn write_number(out: &mut Vec<u8>, mut n: usize) {
    // Coordinates are nearly always one digit, pattern numbers few.
    if n < 10 {
        out.push(b'0' + n as u8);
        return;
    }
    if n < 100 {
        out.push(b'0' + (n / 10) as u8);
        out.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[k..]);
}

/// `[[r,c],...]`: vertices are in reading order, so ascending indices give sorted points.
fn write_points(out: &mut Vec<u8>, g: &nakade::pattern::quick::QuickGraph, set: VertexSet) {
    out.push(b'[');
    let mut bits = set.0 & (((1u64 << g.n) - 1) as u32);
    let mut first = true;
    while bits != 0 {
        let v = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if !first {
            out.push(b',');
        }
        first = false;
        let (r, c) = g.coord[v];
        out.push(b'[');
        write_number(out, r as usize);
        out.push(b',');
        write_number(out, c as usize);
        out.push(b']');
    }
    out.push(b']');
}

/// The batch as it was: one line at a time through the full path.
fn batch_baseline(mode: &Mode) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        if buf.len() > MAX_LINE && buf[MAX_LINE..].iter().any(|&b| b != b'\n' && b != b'\r') {
            write_too_long(&buf, &mut out)?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        // Blank lines and comments, as in a `--corpus` file: no output line. (`#` is no
        // character of the encoding.)
        let Some(text) = graph_line(&line) else {
            continue;
        };
        writeln!(out, "{}", json_line(mode, text).0)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
