//! What the integration tests share: where `../shared` and `gnugo` are, and corpus building.

use std::path::PathBuf;

use nakade::pattern::diagram::Content;
use nakade::pattern::dsl::Pattern;
use nakade::pattern::graph::{EyeGraph, Vertex};

/// `../shared` beside the crate, or `$NAKADE_SHARED`.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("NAKADE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

/// True when CI demands that tests needing external data really run.
pub fn external_required() -> bool {
    std::env::var_os("NAKADE_REQUIRE_EXTERNAL").is_some_and(|v| v == "1")
}

/// A file under `shared/`, or `None` (with a plain message) when it is absent.
/// Panics when it is absent but CI requires it.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    let p = shared_dir().join(rel);
    if p.is_file() {
        return Some(p);
    }
    let msg = format!(
        "{} is absent (set NAKADE_SHARED to the shared folder)",
        p.display()
    );
    assert!(!external_required(), "{msg}, and NAKADE_REQUIRE_EXTERNAL=1");
    eprintln!("SKIPPED: {msg}");
    None
}

/// The gnugo binary, `$NAKADE_GNUGO` or `/usr/games/gnugo`, or `None` with a plain message.
pub fn gnugo() -> Option<PathBuf> {
    let p = std::env::var_os("NAKADE_GNUGO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/gnugo"));
    if p.is_file() {
        return Some(p);
    }
    let msg = format!(
        "gnugo is absent at {} (set NAKADE_GNUGO, or apt-get install gnugo)",
        p.display()
    );
    assert!(!external_required(), "{msg}, and NAKADE_REQUIRE_EXTERNAL=1");
    eprintln!("SKIPPED: {msg}");
    None
}

/// A small deterministic generator (xorshift), so corpus runs are repeatable.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// The eight board symmetries of a coordinate.
pub fn orient(sym: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let (r, c) = (r as isize, c as isize);
    let (r, c) = match sym & 3 {
        0 => (r, c),
        1 => (c, -r),
        2 => (-r, -c),
        _ => (-c, r),
    };
    let (r, c) = if sym & 4 != 0 { (r, -c) } else { (r, c) };
    ((r + 100) as usize, (c + 100) as usize)
}

/// The eye spaces a pattern stands for: every `x` as empty and as stone, in orientation `sym`,
/// vertices shuffled, each space vertex on exactly as many edges as the pattern asks.
pub fn spaces_of(p: &Pattern, sym: usize, rng: &mut Rng) -> Vec<EyeGraph> {
    let verts = p.diagram.vertices();
    let wild: Vec<usize> = (0..verts.len())
        .filter(|&i| verts[i].marker.content() == Content::Either)
        .collect();
    let mut out = Vec::new();
    for bits in 0..1u32 << wild.len() {
        let mut points: Vec<((usize, usize), Vertex)> = verts
            .iter()
            .map(|v| {
                let stone = v.marker.content() == Content::Stone;
                let label = if stone {
                    Vertex::stone(v.marker.is_marginal())
                } else {
                    Vertex::empty(v.marker.is_marginal())
                };
                (orient(sym, (v.row, v.col)), label.on_edges(v.edge))
            })
            .collect();
        for (k, &i) in wild.iter().enumerate() {
            if bits >> k & 1 == 1 {
                points[i].1.content = Content::Stone;
            }
        }
        rng.shuffle(&mut points);
        let enclosed: Vec<((usize, usize), u8)> = p
            .diagram
            .enclosed()
            .iter()
            .map(|e| (orient(sym, (e.row, e.col)), e.edge))
            .collect();
        out.push(
            EyeGraph::from_coordinates_enclosing(&points, &enclosed)
                .expect("pattern spaces are valid graphs"),
        );
    }
    out
}

/// A long-running `gnugo --mode gtp` process, restarted when it dies (it aborts on large graphs).
pub struct Gnugo {
    path: PathBuf,
    child: std::process::Child,
    id: u64,
}

/// GNU Go's answer to `analyze_eyegraph`: the value and the annotated rows, or `None` when it
/// failed to analyze or crashed.
pub type EyegraphAnswer = Option<(String, Vec<String>)>;

impl Gnugo {
    pub fn start(path: &std::path::Path) -> Gnugo {
        let child = std::process::Command::new(path)
            .args(["--mode", "gtp", "--quiet"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("gnugo starts");
        Gnugo {
            path: path.to_path_buf(),
            child,
            id: 0,
        }
    }

    /// Send one command; the answer's lines (first line without `=id `), or `None` on `?` or a crash.
    pub fn command(&mut self, cmd: &str) -> Option<Vec<String>> {
        use std::io::{BufRead, BufReader, Write};
        self.id += 1;
        let id = self.id;
        let stdin = self.child.stdin.as_mut().expect("piped stdin");
        if writeln!(stdin, "{id} {cmd}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            *self = Gnugo::start(&self.path);
            return None;
        }
        let stdout = self.child.stdout.as_mut().expect("piped stdout");
        let mut reader = BufReader::new(stdout);
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    *self = Gnugo::start(&self.path);
                    return None;
                }
                Ok(_) => {}
            }
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            lines.push(line);
        }
        let first = lines[0].clone();
        let ok = first.starts_with(&format!("={id}"));
        if !ok {
            return None;
        }
        lines[0] = first[format!("={id}").len()..].trim_start().to_string();
        Some(lines)
    }

    pub fn analyze_eyegraph(&mut self, graph: &str) -> EyegraphAnswer {
        let lines = self.command(&format!("analyze_eyegraph {graph}"))?;
        Some((lines[0].clone(), lines[1..].to_vec()))
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Run the `nakade` binary from the crate's folder with `stdin` as input: (stdout, stderr, exit
/// code, -1 when a signal ended it).
pub fn nakade(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nakade"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("nakade runs");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("piped stdin"),
        stdin.as_bytes(),
    )
    .expect("nakade reads its input");
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A board as SGF setup (`AB`, `AW`), for GNU Go's `loadsgf`.
pub fn setup_sgf(board: &nakade::board::Board) -> String {
    use nakade::board::Color;
    let mut out = format!("(;GM[1]FF[4]SZ[{}]", board.size());
    for (color, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let points: Vec<String> = board
            .locs()
            .filter(|&l| board.color(l) == Some(color))
            .map(|l| {
                let (x, y) = board.xy(l);
                format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
            })
            .collect();
        if !points.is_empty() {
            out.push_str(tag);
            out.push_str(&points.concat());
        }
    }
    out.push(')');
    out
}

/// The 8 symmetries of a diagram (`sym`: bit 0 transpose, bit 1 flip rows, bit 2 flip columns),
/// the edge markers turned with it.
pub fn oriented(
    d: &nakade::pattern::diagram::Diagram,
    sym: usize,
) -> nakade::pattern::diagram::Diagram {
    use nakade::pattern::diagram::{Cell, Diagram};
    let h = d.rows.len();
    let w = d.rows.iter().map(Vec::len).max().unwrap_or(0);
    let at = |r: usize, c: usize| d.cell(r as isize, c as isize);
    let (th, tw) = if sym & 1 == 1 { (w, h) } else { (h, w) };
    let rows = (0..th)
        .map(|r| {
            (0..tw)
                .map(|c| {
                    let r2 = if sym & 2 == 2 { th - 1 - r } else { r };
                    let c2 = if sym & 4 == 4 { tw - 1 - c } else { c };
                    if sym & 1 == 1 {
                        match at(c2, r2) {
                            Cell::EdgeVertical => Cell::EdgeHorizontal,
                            Cell::EdgeHorizontal => Cell::EdgeVertical,
                            other => other,
                        }
                    } else {
                        at(r2, c2)
                    }
                })
                .collect()
        })
        .collect();
    Diagram { rows }
}

/// Host queries from GNU Go's eyes.db: every concrete form of every pattern (each `x` both ways,
/// every placement), vital marks removed, in its 8 orientations; each text once, in order.
pub fn eyes_db_queries(file: &nakade::pattern::dsl::PatternFile) -> Vec<String> {
    use nakade::pattern::diagram::{Cell, Diagram};
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for p in &file.patterns {
        for (form, _) in nakade::tools::verify::concrete_forms(p) {
            let plain = Diagram {
                rows: form
                    .rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|&c| match c {
                                Cell::Vertex(m) => Cell::Vertex(m.with_vital(false, false)),
                                other => other,
                            })
                            .collect()
                    })
                    .collect(),
            };
            for sym in 0..8 {
                let text = nakade::pattern::encoded::encode(&oriented(&plain, sym));
                if seen.insert(text.clone()) {
                    out.push(text);
                }
            }
        }
    }
    out
}
