//! `nakade diff A B [--corpus FILE | --up-to N]`: two answer sources compared graph by graph;
//! exit 1 when any graph differs, as diff(1).

use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::db::{default_database, mark_vital, Database};
use nakade::pattern::diagram::Diagram;
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
    /// `default`, `solver`, or a database file (a pattern file or a compiled database); `None`
    /// after printing the file's diagnostics.
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
        let Some(db) = super::load::read_database(Path::new(name), options)? else {
            return Ok(None);
        };
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
                    .and_then(|space| nakade::evaluation::solve::solve_value(&space, params));
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
                let marked = mark_vital(diagram, &g, m.attack, m.defense);
                format!("{} {}  (pattern {})", m.value, encode(&marked), m.pattern)
            }
        }
    }
}

/// The graphs to compare: a corpus file (one encoded graph a line, `#` comments) or every
/// labelled eye graph up to `up_to` vertices in every placement.
pub fn corpus(file: Option<&Path>, up_to: Option<usize>) -> anyhow::Result<Vec<Diagram>> {
    if let Some(path) = file {
        let bytes = super::load::read_bytes(path)?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            anyhow::anyhow!(
                "{}:{line}: invalid UTF-8: expected a text file of encoded graphs",
                path.display()
            )
        })?;
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let Some(line) = super::matching::graph_line(line) else {
                continue;
            };
            let d = parse_graph(line)
                .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1))?;
            out.push(d);
        }
        return Ok(out);
    }
    Ok(eye_graphs(up_to.unwrap_or(3), &Placement::ALL, &CONCRETE))
}

/// Compare; the text report. Differences first in corpus order, summary last. Chunks of the
/// corpus are answered on every core and their reports joined in order.
pub fn report(a: &Source, b: &Source, graphs: &[Diagram]) -> (String, usize) {
    use rayon::prelude::*;
    let parts: Vec<(String, usize)> = graphs
        .par_chunks(256)
        .map(|chunk| {
            let mut out = String::new();
            let mut differ = 0;
            for d in chunk {
                let (x, y) = (a.answer(d), b.answer(d));
                // Pattern numbers are names, not answers: compare value and vital points only.
                let strip = |s: &str| s.split("  (pattern").next().unwrap_or("").to_string();
                if strip(&x) != strip(&y) {
                    differ += 1;
                    out.push_str(&format!("{}\n  A: {x}\n  B: {y}\n", encode(d)));
                }
            }
            (out, differ)
        })
        .collect();
    let mut out = String::new();
    let mut differ = 0;
    for (text, n) in parts {
        out.push_str(&text);
        differ += n;
    }
    let agree = graphs.len() - differ;
    let summary = format!(
        "A = {}, B = {}: {} graph{}, {agree} agree{}, {differ} differ{}\n",
        a.name(),
        b.name(),
        graphs.len(),
        super::check::plural(graphs.len()),
        if agree == 1 { "s" } else { "" },
        if differ == 1 { "s" } else { "" },
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
    let (text, differ) = report(&a, &b, &graphs);
    out!("{text}")?;
    // As diff(1) and `verify`: 0 when the sources agree, 1 when they differ.
    Ok(if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
