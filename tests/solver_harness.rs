//! Shared by `tests/solver_vs_gnugo.rs` and `examples/solve_vs_gnugo.rs`: enumerate centre eye
//! graphs, ask GNU Go 3.8's `analyze_eyegraph` about each, compare with `nakade::evaluation::solve`.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use nakade::evaluation::solve::{solve, Params, Space};
use nakade::pattern::encoded::parse_graph;

/// The gnugo binary: `$NAKADE_GNUGO`, default `/usr/games/gnugo`.
pub fn gnugo_path() -> String {
    std::env::var("NAKADE_GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".to_string())
}

/// A long-running `gnugo --mode gtp --quiet`, restarted when it dies.
pub struct Gnugo {
    path: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub restarts: usize,
}

/// What GNU Go said about one graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Value and annotated rows (spaces for non-eye cells).
    Value(String, Vec<String>),
    /// `? failed to analyze`.
    Rejected,
    /// The process died.
    Crashed,
}

impl Gnugo {
    /// Start gnugo; `None` if the binary is absent.
    pub fn start() -> Option<Gnugo> {
        let path = gnugo_path();
        if !std::path::Path::new(&path).exists() {
            return None;
        }
        let (child, stdin, stdout) = spawn(&path)?;
        Some(Gnugo {
            path,
            child,
            stdin,
            stdout,
            restarts: 0,
        })
    }

    fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, stdin, stdout) = spawn(&self.path).expect("restart gnugo");
        self.child = child;
        self.stdin = stdin;
        self.stdout = stdout;
        self.restarts += 1;
    }

    /// Ask `analyze_eyegraph GRAPH`.
    pub fn analyze(&mut self, graph: &str) -> Answer {
        if writeln!(self.stdin, "analyze_eyegraph {graph}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            self.restart();
            return Answer::Crashed;
        }
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            match self.stdout.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    self.restart();
                    return Answer::Crashed;
                }
                Ok(_) => {}
            }
            let line = line.trim_end_matches('\n').to_string();
            if line.is_empty() && !lines.is_empty() {
                break;
            }
            if line.is_empty() {
                continue;
            }
            lines.push(line);
        }
        let head = &lines[0];
        if let Some(v) = head.strip_prefix("= ") {
            Answer::Value(v.trim().to_string(), lines[1..].to_vec())
        } else if head.starts_with("= ") || head.starts_with('=') {
            Answer::Value(head[1..].trim().to_string(), lines[1..].to_vec())
        } else {
            Answer::Rejected
        }
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn(path: &str) -> Option<(Child, ChildStdin, BufReader<ChildStdout>)> {
    let mut child = Command::new(path)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let stdin = child.stdin.take()?;
    let stdout = BufReader::new(child.stdout.take()?);
    Some((child, stdin, stdout))
}

/// Free polyominoes up to `max` cells (one orientation each, normalised cell lists).
pub fn polyominoes(max: usize) -> Vec<Vec<(i32, i32)>> {
    let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut level: BTreeSet<Vec<(i32, i32)>> = BTreeSet::new();
    level.insert(vec![(0, 0)]);
    for size in 1..=max {
        all.extend(level.iter().cloned());
        if size == max {
            break;
        }
        let mut next = BTreeSet::new();
        for shape in &level {
            for &(r, c) in shape {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let p = (r + dr, c + dc);
                    if shape.contains(&p) {
                        continue;
                    }
                    let mut s = shape.clone();
                    s.push(p);
                    next.insert(canonical_shape(&s));
                }
            }
        }
        level = next;
    }
    all
}

fn transform(cells: &[(i32, i32)], t: usize) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = cells
        .iter()
        .map(|&(r, c)| {
            let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
            let r = if t & 1 != 0 { -r } else { r };
            let c = if t & 2 != 0 { -c } else { c };
            (r, c)
        })
        .collect();
    let mr = out.iter().map(|p| p.0).min().unwrap_or(0);
    let mc = out.iter().map(|p| p.1).min().unwrap_or(0);
    for p in out.iter_mut() {
        p.0 -= mr;
        p.1 -= mc;
    }
    out.sort();
    out
}

fn canonical_shape(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    (0..8)
        .map(|t| transform(cells, t))
        .min()
        .unwrap_or_default()
}

/// Encode labelled cells as GNU Go text, full rectangle, `O` off the space.
pub fn encode(cells: &[((i32, i32), char)]) -> String {
    let h = cells.iter().map(|c| c.0 .0).max().unwrap_or(0) + 1;
    let w = cells.iter().map(|c| c.0 .1).max().unwrap_or(0) + 1;
    let mut rows = vec![vec!['O'; w as usize]; h as usize];
    for &((r, c), ch) in cells {
        rows[r as usize][c as usize] = ch;
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("%")
}

/// Every labelling over `. ! X $` of every free polyomino up to `max` cells, one per
/// symmetry class, as encoded text.
pub fn graphs(max: usize) -> Vec<String> {
    let mut out = BTreeSet::new();
    for shape in polyominoes(max) {
        let k = shape.len();
        for code in 0..4usize.pow(k as u32) {
            let labels: Vec<char> = (0..k)
                .map(|i| ['.', '!', 'X', '$'][(code >> (2 * i)) & 3])
                .collect();
            let best = (0..8)
                .map(|t| {
                    let cells: Vec<((i32, i32), char)> =
                        shape.iter().zip(&labels).map(|(&p, &ch)| (p, ch)).collect();
                    let moved = transform(&shape, t);
                    // Carry labels through the transform.
                    let mapped: Vec<((i32, i32), char)> = {
                        let raw: Vec<(i32, i32)> = cells
                            .iter()
                            .map(|&((r, c), _)| {
                                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                                let r = if t & 1 != 0 { -r } else { r };
                                let c = if t & 2 != 0 { -c } else { c };
                                (r, c)
                            })
                            .collect();
                        let mr = raw.iter().map(|p| p.0).min().unwrap_or(0);
                        let mc = raw.iter().map(|p| p.1).min().unwrap_or(0);
                        raw.iter()
                            .zip(&labels)
                            .map(|(&(r, c), &ch)| ((r - mr, c - mc), ch))
                            .collect()
                    };
                    debug_assert_eq!(moved.len(), mapped.len());
                    encode(&mapped)
                })
                .min()
                .unwrap_or_default();
            out.insert(best);
        }
    }
    out.into_iter().collect()
}

/// Our answer: value and annotated rows (spaces for non-eye cells, as gnugo prints).
pub fn ours(graph: &str) -> (String, Vec<String>) {
    let d = parse_graph(graph).expect("parse");
    let space = Space::from_diagram(&d).expect("space");
    let mut params = Params::default();
    if let Some(depth) = std::env::var("NAKADE_TENUKI_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        params.tenuki_depth = depth;
    }
    let sol = solve(&space, &params).expect("solve");
    (sol.value.to_string(), sol.annotate(&d).render(' '))
}

/// Tally of one comparison run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub graphs: usize,
    pub answered: usize,
    pub rejected: usize,
    pub crashed: usize,
    pub value_agree: usize,
    pub digit_agree: [usize; 4],
    pub marks_agree: usize,
    /// Answered graphs where gnugo turned a non-eye cell into a playable point (a "pocket").
    pub pockets: usize,
    /// Value agreement on the answered graphs without pockets.
    pub value_agree_no_pocket: usize,
    pub value_mismatches: Vec<String>,
    pub mark_mismatches: Vec<String>,
}

/// Compare on every graph up to `max` cells.
pub fn compare(g: &mut Gnugo, max: usize) -> Tally {
    let mut t = Tally::default();
    for graph in graphs(max) {
        t.graphs += 1;
        let (value, rows) = ours(&graph);
        match g.analyze(&graph) {
            Answer::Rejected => t.rejected += 1,
            Answer::Crashed => t.crashed += 1,
            Answer::Value(gv, grows) => {
                t.answered += 1;
                let pocket = has_pocket(&graph, &grows);
                if pocket {
                    t.pockets += 1;
                } else if gv == value {
                    t.value_agree_no_pocket += 1;
                }
                for i in 0..4 {
                    if value.as_bytes()[i] == gv.as_bytes()[i] {
                        t.digit_agree[i] += 1;
                    }
                }
                if gv == value {
                    t.value_agree += 1;
                    if grows == rows {
                        t.marks_agree += 1;
                    } else {
                        t.mark_mismatches.push(format!(
                            "{graph}\t{value}\tgnugo {}\tours {}",
                            grows.join("%").replace(' ', "O"),
                            rows.join("%").replace(' ', "O")
                        ));
                    }
                } else {
                    let tag = if pocket { "\tpocket" } else { "" };
                    t.value_mismatches
                        .push(format!("{graph}\tgnugo {gv}\tours {value}{tag}"));
                }
            }
        }
    }
    t
}

/// True when gnugo printed something on a cell that is not eye space in `graph`: it made that
/// cell a playable point (its margin lines cut a white stone off the wall).
pub fn has_pocket(graph: &str, rows: &[String]) -> bool {
    graph.split('%').zip(rows).any(|(input, output)| {
        input
            .chars()
            .zip(output.chars())
            .any(|(i, o)| i == 'O' && o != ' ')
    })
}
