//! `nakade match` and `nakade solve`: one graph, or a batch on standard input.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use serde::Serialize;

use nakade::evaluation::db::{default_database, Database, VertexSet};
use nakade::evaluation::evaluate::{Evaluation, Evaluator, Source};
use nakade::evaluation::solve::{self, Params, Solution, Space};
use nakade::pattern::diagram::{Cell, Diagram};
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;

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

/// The diagram with vital points marked on the vertices of `g`, as GNU Go prints them.
pub fn annotated(
    diagram: &Diagram,
    g: &EyeGraph,
    attack: VertexSet,
    defense: VertexSet,
) -> Diagram {
    let mut marked = diagram.clone();
    for i in 0..g.len() {
        if let Some((r, c)) = g.coordinate(i) {
            if let Cell::Vertex(m) = marked.rows[r][c] {
                marked.rows[r][c] =
                    Cell::Vertex(m.with_vital(attack.contains(i), defense.contains(i)));
            }
        }
    }
    marked
}

enum Outcome {
    Matched(Option<Evaluation>),
    Solved(Solution),
}

fn run_one(mode: &Mode, text: &str) -> Result<(Diagram, EyeGraph, Outcome), String> {
    let diagram = parse_graph(text).map_err(|e| e.to_string())?;
    let graph = EyeGraph::from_diagram(&diagram).map_err(|e| e.to_string())?;
    let outcome = match mode {
        Mode::Match(ev) => Outcome::Matched(ev.evaluate(&graph).map_err(|e| e.to_string())?),
        Mode::Solve(params) => {
            let space = Space::from_diagram(&diagram).map_err(|e| e.to_string())?;
            Outcome::Solved(solve::solve(&space, params).map_err(|e| e.to_string())?)
        }
    };
    Ok((diagram, graph, outcome))
}

fn json_line(mode: &Mode, text: &str) -> (String, bool) {
    let json = match run_one(mode, text) {
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
        println!("{line}");
        return Ok(if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let (diagram, g, outcome) = match run_one(mode, text) {
        Ok(ok) => ok,
        Err(e) => {
            eprintln!("error: {text}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    println!("graph:   {text}");
    println!(
        "class:   {} ({} vertices, {} marginal)",
        g.neighbour_class(),
        g.len(),
        g.marginal_count()
    );
    let (value, attack, defense) = match &outcome {
        Outcome::Matched(None) => {
            if let Mode::Match(ev) = mode {
                println!("pattern: none in {}", ev.database().name());
            }
            return Ok(ExitCode::SUCCESS);
        }
        Outcome::Matched(Some(e)) => {
            if let Mode::Match(ev) = mode {
                let db = ev.database();
                match e.source {
                    Source::Pattern { number, index } => {
                        println!(
                            "pattern: {number} ({}, line {})",
                            db.name(),
                            db.patterns()[index].line
                        )
                    }
                    Source::Solver => println!("pattern: none in {}; solved", db.name()),
                }
            }
            (e.value, e.attack, e.defense)
        }
        Outcome::Solved(s) => (s.value, VertexSet(s.attack), VertexSet(s.defense)),
    };
    println!("value:   {value} ({})", value.describe());
    println!("attack:  {}", show(&g, attack));
    println!("defense: {}", show(&g, defense));
    for row in annotated(&diagram, &g, attack, defense).render(' ') {
        println!("  {row}");
    }
    if let Outcome::Solved(s) = &outcome {
        let what = [
            "a, attacker first and again",
            "b, attacker first",
            "c, defender first",
            "d, defender first and again",
        ];
        println!("lines of play (B attacker, W defender, row,col):");
        for (k, pv) in s.pv.iter().enumerate() {
            println!(
                "  {} = {}  ({}): {}",
                &what[k][..1],
                value.digits()[k],
                &what[k][3..],
                line_of_play(&g, pv)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn batch(mode: &Mode) -> anyhow::Result<ExitCode> {
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
        let line = String::from_utf8_lossy(&buf);
        let text = line.trim_end_matches(['\n', '\r']).trim();
        // Blank lines and comments, as in a `--corpus` file: no output line. (`#` is no
        // character of the encoding.)
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        writeln!(out, "{}", json_line(mode, text).0)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
