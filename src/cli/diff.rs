//! `nakade diff A B [--corpus FILE | --up-to N]`: two answer sources compared graph by graph.

use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::db::{default_database, Database};
use nakade::pattern::diagram::{Cell, Diagram};
use nakade::pattern::dsl;
use nakade::pattern::encoded::{encode, parse_graph};
use nakade::pattern::graph::EyeGraph;
use nakade::tools::enumerate::{eye_graphs, Placement, CONCRETE};

/// Where answers come from.
pub enum Source {
    Default,
    File(String, Box<Database>),
    Solver(nakade::evaluation::solve::Params),
}

impl Source {
    /// `default`, or a pattern file; `None` after printing the file's diagnostics.
    pub fn open(
        name: &str,
        options: dsl::Options,
        params: nakade::evaluation::solve::Params,
    ) -> anyhow::Result<Option<Source>> {
        if name == "default" {
            return Ok(Some(Source::Default));
        }
        if name == "solver" {
            return Ok(Some(Source::Solver(params)));
        }
        let Some(file) = super::read_patterns(Path::new(name), options)? else {
            return Ok(None);
        };
        let (db, _) = Database::compile(&file)?;
        Ok(Some(Source::File(name.to_string(), Box::new(db))))
    }

    fn name(&self) -> &str {
        match self {
            Source::Default => "default",
            Source::File(name, _) => name,
            Source::Solver(_) => "solver",
        }
    }

    /// The answer for a diagram: a line such as `pattern 5331 0112 .*!%..` or `no answer`.
    fn answer(&self, diagram: &Diagram) -> String {
        let db = match self {
            Source::Default => default_database(),
            Source::File(_, db) => db,
            Source::Solver(params) => {
                let solved = nakade::evaluation::solve::Space::from_diagram(diagram)
                    .and_then(|space| nakade::evaluation::solve::solve(&space, params));
                return match solved {
                    Ok(s) => format!("{} {}", s.value, encode(&s.annotate(diagram))),
                    Err(e) => format!("no answer: {e}"),
                };
            }
        };
        let Ok(g) = EyeGraph::from_diagram(diagram) else {
            return "not an eye graph".into();
        };
        match db.lookup(&g) {
            None => "no pattern".to_string(),
            Some(m) => {
                let mut marked = diagram.clone();
                for i in 0..g.len() {
                    if let Some((r, c)) = g.coordinate(i) {
                        if let Cell::Vertex(mk) = marked.rows[r][c] {
                            marked.rows[r][c] = Cell::Vertex(
                                mk.with_vital(m.attack.contains(i), m.defense.contains(i)),
                            );
                        }
                    }
                }
                format!("{} {}  (pattern {})", m.value, encode(&marked), m.pattern)
            }
        }
    }
}

/// The graphs to compare: a corpus file (one encoded graph a line, `#` comments) or every
/// labelled eye graph up to `up_to` vertices in every placement.
pub fn corpus(file: Option<&Path>, up_to: Option<usize>) -> anyhow::Result<Vec<Diagram>> {
    if let Some(path) = file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let d = parse_graph(line)
                .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1))?;
            out.push(d);
        }
        return Ok(out);
    }
    Ok(eye_graphs(up_to.unwrap_or(3), &Placement::ALL, &CONCRETE))
}

/// Compare; the text report. Differences first in corpus order, summary last.
pub fn report(a: &Source, b: &Source, graphs: &[Diagram]) -> (String, usize) {
    let mut out = String::new();
    let mut differ = 0;
    for d in graphs {
        let (x, y) = (a.answer(d), b.answer(d));
        // Pattern numbers are names, not answers: compare value and vital points only.
        let strip = |s: &str| s.split("  (pattern").next().unwrap_or("").to_string();
        if strip(&x) != strip(&y) {
            differ += 1;
            out.push_str(&format!("{}\n  A: {x}\n  B: {y}\n", encode(d)));
        }
    }
    let summary = format!(
        "A = {}, B = {}: {} graphs, {} agree, {} differ\n",
        a.name(),
        b.name(),
        graphs.len(),
        graphs.len() - differ,
        differ
    );
    out.push_str(&summary);
    (out, differ)
}

pub fn run(
    a: &str,
    b: &str,
    file: Option<&Path>,
    up_to: Option<usize>,
    options: dsl::Options,
    params: nakade::evaluation::solve::Params,
) -> anyhow::Result<ExitCode> {
    let (Some(a), Some(b)) = (
        Source::open(a, options, params)?,
        Source::open(b, options, params)?,
    ) else {
        return Ok(ExitCode::from(1));
    };
    let graphs = corpus(file, up_to)?;
    let (text, _) = report(&a, &b, &graphs);
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}
