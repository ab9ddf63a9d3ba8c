//! `nakade classify GRAPH` and `nakade classify FILE --at VERTEX`: an eye's neighbour class,
//! sub-class, life property (by the theorem and by the solver), static status, vital, end and
//! hot points.

use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use nakade::board::analysis::{analyze_at, AnalysisLimits};
use nakade::board::vertex;
use nakade::evaluation::db::default_database;
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::solve::{Params, Space};
use nakade::evaluation::theory::life::life_property_within;
use nakade::evaluation::theory::neighbour::{sub_class, NeighbourClass};
use nakade::evaluation::theory::polyomino::{connected, Cell};
use nakade::evaluation::theory::status::eye_status;
use nakade::pattern::encoded::parse_graph;

/// An eye read from the input: its cells, stones, edge contact, the solver's space, and a
/// name for each cell.
struct Eye {
    cells: Vec<Cell>,
    opponent: Vec<Cell>,
    owner: Vec<Cell>,
    on_edge: bool,
    space: Space,
    /// Each cell's name in the text: `row,col` over the graph's characters as given (as
    /// `match` names points), or the board vertex.
    names: Vec<String>,
    /// The same in the JSON: `[row, col]`, or the vertex as a string.
    json_names: Vec<serde_json::Value>,
}

fn from_graph(text: &str) -> anyhow::Result<Eye> {
    let d = parse_graph(text).map_err(|e| {
        if Path::new(text).is_file() {
            anyhow::anyhow!(
                "{text} is a file, not an eye graph: add --at VERTEX to classify the eye space at \
                 a vertex of its board"
            )
        } else {
            anyhow::anyhow!("{text}: {e}")
        }
    })?;
    let vs = d.vertices();
    let enclosed = d.enclosed();
    if vs.iter().any(|v| v.marker.is_marginal()) {
        anyhow::bail!("{text}: the static theory reads plain eyes: no marginal vertex (`!`, `$`)");
    }
    let space = Space::from_diagram(&d).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
    let cell = |r: usize, c: usize| (r as i8, c as i8);
    let mut cells: Vec<Cell> = vs.iter().map(|v| cell(v.row, v.col)).collect();
    cells.extend(enclosed.iter().map(|e| cell(e.row, e.col)));
    let opponent = vs
        .iter()
        .filter(|v| v.marker.content() == nakade::pattern::diagram::Content::Stone)
        .map(|v| cell(v.row, v.col))
        .collect();
    let owner = enclosed.iter().map(|e| cell(e.row, e.col)).collect();
    let on_edge = vs.iter().any(|v| v.edge > 0) || enclosed.iter().any(|e| e.edge > 0);
    let names = cells.iter().map(|(r, c)| format!("{r},{c}")).collect();
    let json_names = cells.iter().map(|&(r, c)| json!([r, c])).collect();
    Ok(Eye {
        cells,
        opponent,
        owner,
        on_edge,
        space,
        names,
        json_names,
    })
}

fn from_board(file: &Path, at: &str) -> anyhow::Result<Eye> {
    let mut board = crate::analyze::load_board(file, None)?;
    let loc = vertex::parse(&board, at).map_err(|e| anyhow::anyhow!("{at}: {e}"))?;
    let ev = Evaluator::new(default_database(), Params::default());
    let report = analyze_at(&mut board, &ev, loc, AnalysisLimits::default()).ok_or_else(|| {
        anyhow::anyhow!("{}: no eye space at {at}", crate::load::input_name(file))
    })?;
    if !report.marginals().is_empty() {
        anyhow::bail!(
            "{}: the eye space at {at} has marginal points: the static theory reads plain eyes",
            crate::load::input_name(file)
        );
    }
    let points = report.points();
    let stones = report.stones();
    let cell = |l| {
        let (x, y) = board.xy(l);
        (y as i8, x as i8)
    };
    let cells: Vec<Cell> = points.iter().map(|&l| cell(l)).collect();
    let opponent: Vec<Cell> = stones.iter().map(|&l| cell(l)).collect();
    let on_edge = points.iter().any(|&l| board.edge_count(l) > 0);
    let mut space = Space {
        n: cells.len(),
        adj: [0; 32],
        marginal: 0,
        stone: 0,
        defender: 0,
        edge: [0; 32],
    };
    if cells.len() > 20 {
        anyhow::bail!(
            "{}: the eye space at {at} has {} points; at most 20 are read",
            crate::load::input_name(file),
            cells.len()
        );
    }
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate() {
            if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                space.adj[i] |= 1 << j;
            }
        }
        space.edge[i] = board.edge_count(points[i]);
        if opponent.contains(&a) {
            space.stone |= 1 << i;
        }
    }
    let names: Vec<String> = points.iter().map(|&l| vertex::name(&board, l)).collect();
    let json_names = names.iter().map(|n| json!(n)).collect();
    Ok(Eye {
        cells,
        opponent,
        owner: Vec::new(),
        on_edge,
        space,
        names,
        json_names,
    })
}

/// The solver's budget for the life property (`--node-limit`, `--time-limit`).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Search nodes, all fillings together.
    pub nodes: u64,
    /// Time; `None` for none.
    pub time: Option<std::time::Duration>,
}

/// The time the solver's reading of the life property takes at most unless `--time-limit`
/// says otherwise: a space of many points has two to the power of its points fillings.
pub const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

pub fn run(
    input: &str,
    at: Option<&str>,
    json_out: bool,
    limits: Limits,
) -> anyhow::Result<ExitCode> {
    let eye = match at {
        Some(v) => from_board(Path::new(input), v)?,
        None => from_graph(input)?,
    };
    if !connected(&eye.cells) {
        anyhow::bail!("{input}: the eye is not connected");
    }
    let name = |c: &Cell| -> String {
        eye.cells
            .iter()
            .position(|x| x == c)
            .map_or_else(String::new, |i| eye.names[i].clone())
    };
    let names = |v: &[Cell]| -> Vec<String> { v.iter().map(name).collect() };
    let class = NeighbourClass::of(&eye.cells);
    let sub = sub_class(&eye.cells);
    let reading = eye_status(&eye.cells, &eye.opponent, &eye.owner);
    let solver_life = life_property_within(
        &eye.space,
        eye.cells.len() - eye.owner.len(),
        limits.nodes,
        limits.time,
    );
    // Why the solver's column is empty, when it is: the reading's error.
    let not_read = solver_life.as_ref().err().map(|e| e.to_string());
    let solver_life = solver_life.map(|v| v.holds()).ok();
    let position = if eye.on_edge { "edge" } else { "centre" };
    if json_out {
        let at = |c: &Cell| -> serde_json::Value {
            eye.cells
                .iter()
                .position(|x| x == c)
                .map_or(serde_json::Value::Null, |i| eye.json_names[i].clone())
        };
        let points = |v: &[Cell]| -> Vec<serde_json::Value> { v.iter().map(at).collect() };
        let out = json!({
            "class": class.to_string(),
            "sub_class": sub.map(|s| s.to_string()),
            "position": position,
            "life_property": reading.points.life_property,
            "life_property_solver": solver_life,
            "status": reading.status.to_string(),
            "vital": points(&reading.points.vital),
            "end": points(&reading.points.end),
            "hot": reading.hot.as_ref().map(at).into_iter().collect::<Vec<_>>(),
        });
        outln!("{out}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let list = |v: &[Cell]| {
        let n = names(v);
        if n.is_empty() {
            "none".to_string()
        } else {
            n.join(" ")
        }
    };
    outln!("class: {class}")?;
    if let Some(s) = sub {
        outln!("sub-class: {s}")?;
    }
    outln!("position: {position}")?;
    outln!(
        "life property: {} (theorem), {} (solver)",
        if reading.points.life_property {
            "yes"
        } else {
            "no"
        },
        match solver_life {
            Some(true) => "yes",
            Some(false) => "no",
            None => "not read",
        }
    )?;
    if let Some(why) = &not_read {
        outln!("note: the solver did not read the life property: {why}")?;
    }
    if eye.on_edge {
        outln!("note: the static status and points are the theory's for centre eyes")?;
    }
    outln!("status: {}", reading.status)?;
    outln!("vital: {}", list(&reading.points.vital))?;
    outln!("end: {}", list(&reading.points.end))?;
    outln!(
        "hot: {}",
        reading.hot.as_ref().map_or("none".to_string(), name)
    )?;
    Ok(ExitCode::SUCCESS)
}
