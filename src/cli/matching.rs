//! `nakade match`: one graph, or a batch on standard input.

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use nakade::db::{default_database, Database, Match, VertexSet};
use nakade::dsl::{self, LoadError};
use nakade::encoded::parse_graph;
use nakade::graph::EyeGraph;

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

/// Load `--db FILE`; `None` (after printing its diagnostics) when the file has errors.
pub fn load_db(path: Option<&Path>, options: dsl::Options) -> anyhow::Result<Option<Db>> {
    let Some(path) = path else {
        return Ok(Some(Db::Default));
    };
    let file = match dsl::read_file_with(path, options) {
        Ok(f) => f,
        Err(LoadError::Invalid(diags)) => {
            eprint!("{}", dsl::render_all(&diags));
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let (db, _) = Database::compile(&file)?;
    Ok(Some(Db::Loaded(Box::new(db))))
}

/// The JSON answer for one graph.
#[derive(Serialize)]
struct Answer<'a> {
    graph: &'a str,
    pattern: Option<u32>,
    value: Option<String>,
    attack: Vec<(usize, usize)>,
    defense: Vec<(usize, usize)>,
}

#[derive(Serialize)]
struct Failure<'a> {
    graph: &'a str,
    error: String,
}

fn coords(g: &EyeGraph, set: VertexSet) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = set.iter().filter_map(|i| g.coordinate(i)).collect();
    v.sort_unstable();
    v
}

/// Parse and look up one graph.
fn answer(db: &Database, text: &str) -> Result<(EyeGraph, Option<Match>), String> {
    let diagram = parse_graph(text).map_err(|e| e.to_string())?;
    let graph = EyeGraph::from_diagram(&diagram).map_err(|e| e.to_string())?;
    let m = db.lookup(&graph);
    Ok((graph, m))
}

fn json_line(db: &Database, text: &str) -> String {
    let out = match answer(db, text) {
        Ok((g, m)) => serde_json::to_string(&Answer {
            graph: text,
            pattern: m.map(|m| m.pattern),
            value: m.map(|m| m.value.to_string()),
            attack: m.map_or_else(Vec::new, |m| coords(&g, m.attack)),
            defense: m.map_or_else(Vec::new, |m| coords(&g, m.defense)),
        }),
        Err(error) => serde_json::to_string(&Failure { graph: text, error }),
    };
    // Serialising plain strings and numbers cannot fail.
    out.unwrap_or_default()
}

/// The diagram of `text` with the match's vital points marked, GNU Go style.
pub fn annotated(text: &str, g: &EyeGraph, m: &Match) -> Vec<String> {
    let Ok(mut diagram) = parse_graph(text) else {
        return Vec::new();
    };
    for i in 0..g.len() {
        if let Some((r, c)) = g.coordinate(i) {
            if let nakade::diagram::Cell::Vertex(marker) = diagram.rows[r][c] {
                let marked = marker.with_vital(m.attack.contains(i), m.defense.contains(i));
                diagram.rows[r][c] = nakade::diagram::Cell::Vertex(marked);
            }
        }
    }
    diagram.render(' ')
}

pub fn single(db: &Database, text: &str, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        let line = json_line(db, text);
        println!("{line}");
        return Ok(if line.contains("\"error\":") {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    let (g, m) = match answer(db, text) {
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
    match m {
        None => println!("pattern: none in {}", db.name()),
        Some(m) => {
            let line = db.patterns()[m.index].line;
            println!("pattern: {} ({}, line {line})", m.pattern, db.name());
            println!("value:   {} ({})", m.value, m.value.describe());
            let show = |set: VertexSet| {
                let v: Vec<String> = coords(&g, set)
                    .iter()
                    .map(|(r, c)| format!("{r},{c}"))
                    .collect();
                if v.is_empty() {
                    "-".to_string()
                } else {
                    v.join(" ")
                }
            };
            println!("attack:  {}", show(m.attack));
            println!("defense: {}", show(m.defense));
            for row in annotated(text, &g, &m) {
                println!("  {row}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn batch(db: &Database) -> anyhow::Result<ExitCode> {
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
        writeln!(out, "{}", json_line(db, text))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
