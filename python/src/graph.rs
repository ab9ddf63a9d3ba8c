//! One eye space at a time: `match`, `solve` and `Database`. Points are the cells of the
//! encoded graph as `(row, col)`, 0-based, as `nakade match --json` gives them.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use nakade::evaluation::db::{default_database, Database as CoreDatabase, VertexSet};
use nakade::evaluation::evaluate::{Evaluator, Source};
use nakade::evaluation::solve::{
    self, Params, Space, DEFAULT_NODE_LIMIT, DEFAULT_TENUKI_DEPTH, MAX_KO_THREATS,
    MAX_OUTER_LIBERTIES,
};
use nakade::pattern::diagram::Diagram;
use nakade::pattern::dsl;
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;
use nakade::EyeValue;

use crate::errors::Error;

/// A graph's cell.
pub type Cell = (usize, usize);

/// The embedded database's evaluator with GNU Go 3.8's parameters, kept for the process: its
/// cache of solved shapes serves every call.
pub fn default_evaluator() -> &'static Evaluator<'static> {
    static EV: OnceLock<Evaluator<'static>> = OnceLock::new();
    EV.get_or_init(Evaluator::with_default)
}

/// The solver's parameters from keyword arguments, checked as the CLI checks them.
pub fn params(
    outer_liberties: u8,
    attacker_ko_threats: u8,
    defender_ko_threats: u8,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> Result<Params, Error> {
    if outer_liberties > MAX_OUTER_LIBERTIES {
        return Err(Error::Value(format!(
            "outer_liberties is {outer_liberties}; at most {MAX_OUTER_LIBERTIES}"
        )));
    }
    for (name, n) in [
        ("attacker_ko_threats", attacker_ko_threats),
        ("defender_ko_threats", defender_ko_threats),
    ] {
        if n > MAX_KO_THREATS {
            return Err(Error::Value(format!(
                "{name} is {n}; at most {MAX_KO_THREATS}"
            )));
        }
    }
    if node_limit == Some(0) {
        return Err(Error::Value("node_limit must be at least 1".into()));
    }
    let time_limit =
        match time_limit {
            None | Some(0.0) => None,
            Some(t) => Some(Duration::try_from_secs_f64(t).map_err(|_| {
                Error::Value(format!("time_limit {t}: expected seconds, 0 or more"))
            })?),
        };
    Ok(Params {
        outer_liberties,
        attacker_ko_threats,
        defender_ko_threats,
        node_limit: node_limit.unwrap_or(DEFAULT_NODE_LIMIT),
        time_limit,
        tenuki_depth: DEFAULT_TENUKI_DEPTH,
    })
}

/// An encoded graph read.
fn read(text: &str) -> Result<(Diagram, EyeGraph), Error> {
    let diagram = parse_graph(text)?;
    let graph = EyeGraph::from_diagram(&diagram)?;
    Ok((diagram, graph))
}

/// The cells of a vertex set, sorted (as the CLI's JSON lists them).
fn cells(g: &EyeGraph, set: VertexSet) -> Vec<Cell> {
    let mut v: Vec<Cell> = set.iter().filter_map(|i| g.coordinate(i)).collect();
    v.sort_unstable();
    v
}

/// A pattern database: the embedded default, one compiled from a pattern file, or one read
/// from a database compiled by `nakade compile`. Immutable; share it between threads freely.
///
/// >>> db = nakade.Database.from_text("Pattern 1\n\n.\n\n:1111\n")
/// >>> len(db)
/// 1
#[pyclass(frozen, module = "nakade")]
pub struct Database {
    pub db: Option<Arc<CoreDatabase>>,
}

impl Database {
    pub fn get(&self) -> &CoreDatabase {
        self.db.as_deref().unwrap_or_else(|| default_database())
    }
}

fn compile_text(name: &str, bytes: &[u8], lenient: bool) -> Result<CoreDatabase, Error> {
    if CoreDatabase::is_compiled(bytes) {
        return CoreDatabase::from_bytes(name, bytes)
            .map_err(|e| Error::Database(format!("{name}: {e}")));
    }
    let file = dsl::parse_with(name, bytes, dsl::Options { lenient }).map_err(|diagnostics| {
        Error::Pattern {
            path: name.to_string(),
            diagnostics,
        }
    })?;
    CoreDatabase::compile(&file)
        .map(|(db, _warnings)| db)
        .map_err(|e| Error::Database(format!("{name}: {e}")))
}

#[pymethods]
impl Database {
    /// The database in the file at `path`: a pattern file (checked, then compiled) or a
    /// database compiled by `nakade compile`. `lenient`: vital-point problems are warnings
    /// (GNU Go 3.8's own eyes.db needs it). Raises PatternError (with `.line` and `.column`),
    /// DatabaseError or OSError.
    #[new]
    #[pyo3(signature = (path, *, lenient = false))]
    fn new(py: Python<'_>, path: PathBuf, lenient: bool) -> PyResult<Database> {
        let db = py.detach(|| {
            let name = path.display().to_string();
            let bytes = nakade::pattern::dsl::read_bounded(&path).map_err(|error| Error::Io {
                path: name.clone(),
                error,
            })?;
            compile_text(&name, &bytes, lenient)
        })?;
        Ok(Database {
            db: Some(Arc::new(db)),
        })
    }

    /// A database from the text of a pattern file; `name` is the file name its errors give.
    #[staticmethod]
    #[pyo3(signature = (text, *, name = "<text>", lenient = false))]
    fn from_text(py: Python<'_>, text: &str, name: &str, lenient: bool) -> PyResult<Database> {
        let db = py.detach(|| compile_text(name, text.as_bytes(), lenient))?;
        Ok(Database {
            db: Some(Arc::new(db)),
        })
    }

    /// The embedded default database (GNU Go's eye shapes, generated from the solver).
    #[staticmethod]
    fn default() -> Database {
        Database { db: None }
    }

    /// The database's name: its file, `<text>`, or the embedded one's.
    #[getter]
    fn name(&self) -> String {
        self.get().name().to_string()
    }

    fn __len__(&self) -> usize {
        self.get().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<nakade.Database {:?}, {} patterns>",
            self.get().name(),
            self.get().len()
        )
    }

    /// Match an encoded eye graph against this database; with `solver` (the default) the
    /// solver answers when no pattern does, else the answer is None then.
    ///
    /// >>> db = nakade.Database.from_text("Pattern 7\n\n.*.\n\n:1122\n")
    /// >>> db.match("...").pattern, db.match(".!", solver=False)
    /// (7, None)
    #[pyo3(signature = (graph, *, solver = true, outer_liberties = 2, attacker_ko_threats = 0,
                        defender_ko_threats = 0, node_limit = None, time_limit = None))]
    #[allow(clippy::too_many_arguments)]
    fn r#match(
        &self,
        py: Python<'_>,
        graph: &str,
        solver: bool,
        outer_liberties: u8,
        attacker_ko_threats: u8,
        defender_ko_threats: u8,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<Option<Match>> {
        let p = params(
            outer_liberties,
            attacker_ko_threats,
            defender_ko_threats,
            node_limit,
            time_limit,
        )?;
        Ok(match_with(
            py,
            self.get(),
            self.db.is_none(),
            graph,
            solver,
            p,
        )?)
    }
}

/// Match with `db`; `is_default`: the embedded database, whose evaluator is kept.
pub fn match_with(
    py: Python<'_>,
    db: &CoreDatabase,
    is_default: bool,
    graph: &str,
    solver: bool,
    p: Params,
) -> Result<Option<Match>, Error> {
    py.detach(|| {
        let (_, g) = read(graph)?;
        let e = if is_default && solver && p == Params::default() {
            default_evaluator().evaluate(&g)?
        } else {
            let ev = Evaluator::new(db, p);
            let ev = if solver { ev } else { ev.without_solver() };
            ev.evaluate(&g)?
        };
        Ok(e.map(|e| Match {
            graph: graph.to_string(),
            value: e.value,
            attack: cells(&g, e.attack),
            defense: cells(&g, e.defense),
            pattern: match e.source {
                Source::Pattern { number, .. } => Some(number),
                Source::Solver => None,
            },
        }))
    })
}

/// What `match` answers for an eye graph: its value (four digits `abcd`: eyes with the
/// attacker moving twice, the attacker first, the defender first, the defender twice), its
/// vital points as `(row, col)` cells of the encoded graph, and where the answer came from.
///
/// >>> m = nakade.match("OO!%O.X%!...")
/// >>> m.value, m.attack, m.source
/// ('0112', [(0, 2), (2, 2)], 'solver')
#[pyclass(frozen, module = "nakade")]
pub struct Match {
    graph: String,
    value: EyeValue,
    attack: Vec<Cell>,
    defense: Vec<Cell>,
    pattern: Option<u32>,
}

#[pymethods]
impl Match {
    /// The encoded graph asked about.
    #[getter]
    fn graph(&self) -> &str {
        &self.graph
    }
    /// The eye value, four digits, e.g. `"0112"`.
    #[getter]
    fn value(&self) -> String {
        self.value.to_string()
    }
    /// The value in words, e.g. `"1 eye, the defender can make 2"`.
    #[getter]
    fn description(&self) -> &'static str {
        self.value.describe()
    }
    /// Attack points, `(row, col)` cells, sorted.
    #[getter]
    fn attack(&self) -> Vec<Cell> {
        self.attack.clone()
    }
    /// Defence points, `(row, col)` cells, sorted.
    #[getter]
    fn defense(&self) -> Vec<Cell> {
        self.defense.clone()
    }
    /// The matching pattern's number; None when the solver answered.
    #[getter]
    fn pattern(&self) -> Option<u32> {
        self.pattern
    }
    /// `"pattern"` or `"solver"`.
    #[getter]
    fn source(&self) -> &'static str {
        if self.pattern.is_some() {
            "pattern"
        } else {
            "solver"
        }
    }
    /// The answer as `nakade match --json` prints it (cells as lists there, tuples here).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("graph", &self.graph)?;
        d.set_item("pattern", self.pattern)?;
        d.set_item("value", self.value())?;
        d.set_item("attack", self.attack())?;
        d.set_item("defense", self.defense())?;
        d.set_item("source", self.source())?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "Match(graph={:?}, value={:?}, attack={:?}, defense={:?}, source={:?}, pattern={})",
            self.graph,
            self.value(),
            self.attack,
            self.defense,
            self.source(),
            self.pattern.map_or("None".to_string(), |n| n.to_string())
        )
    }
}

/// What the solver reads for an eye graph: value and vital points as `match` gives them, and
/// a line of play for each digit.
///
/// >>> s = nakade.solve(".!..%O$")
/// >>> s.value, s.attack, s.defense
/// ('0022', [(0, 2)], [(0, 1)])
#[pyclass(frozen, module = "nakade")]
pub struct Solution {
    graph: String,
    value: EyeValue,
    attack: Vec<Cell>,
    defense: Vec<Cell>,
    lines: Vec<String>,
    nodes: u64,
}

#[pymethods]
impl Solution {
    /// The encoded graph asked about.
    #[getter]
    fn graph(&self) -> &str {
        &self.graph
    }
    /// The eye value, four digits.
    #[getter]
    fn value(&self) -> String {
        self.value.to_string()
    }
    /// The value in words.
    #[getter]
    fn description(&self) -> &'static str {
        self.value.describe()
    }
    /// Attack points, `(row, col)` cells, sorted.
    #[getter]
    fn attack(&self) -> Vec<Cell> {
        self.attack.clone()
    }
    /// Defence points, `(row, col)` cells, sorted.
    #[getter]
    fn defense(&self) -> Vec<Cell> {
        self.defense.clone()
    }
    /// Always `"solver"`.
    #[getter]
    fn source(&self) -> &'static str {
        "solver"
    }
    /// A line of play for each digit `a b c d`, as `nakade solve` prints them: `B` the
    /// attacker, `W` the defender, points as `row,col`, e.g. `"W 0,1, B 0,2, W 0,3, B outer"`.
    #[getter]
    fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }
    /// Search nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }
    /// The answer as `nakade solve --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("graph", &self.graph)?;
        d.set_item("value", self.value())?;
        d.set_item("attack", self.attack())?;
        d.set_item("defense", self.defense())?;
        d.set_item("source", "solver")?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "Solution(graph={:?}, value={:?}, attack={:?}, defense={:?})",
            self.graph,
            self.value(),
            self.attack,
            self.defense
        )
    }
}

/// A line of play with `vN` turned into the vertex's `row,col` (as `nakade solve` prints).
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

/// Value an eye space given in GNU Go's encoding (`analyze_eyegraph`'s argument) from the
/// embedded database, or `database`; the solver answers when no pattern matches (unless
/// `solver=False`: then None). Points are `(row, col)` cells of the encoded graph.
///
/// >>> m = nakade.match("OO!%O.X%!...")
/// >>> m.value, m.attack, m.defense, m.source
/// ('0112', [(0, 2), (2, 2)], [(0, 2), (2, 2)], 'solver')
/// >>> nakade.match(".*.").pattern is not None
/// True
#[pyfunction]
#[pyo3(name = "match", signature = (graph, database = None, *, solver = true,
       outer_liberties = 2, attacker_ko_threats = 0, defender_ko_threats = 0,
       node_limit = None, time_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn match_graph(
    py: Python<'_>,
    graph: &str,
    database: Option<&Database>,
    solver: bool,
    outer_liberties: u8,
    attacker_ko_threats: u8,
    defender_ko_threats: u8,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<Option<Match>> {
    let p = params(
        outer_liberties,
        attacker_ko_threats,
        defender_ko_threats,
        node_limit,
        time_limit,
    )?;
    let (db, is_default) = match database {
        Some(d) => (d.get(), d.db.is_none()),
        None => (default_database(), true),
    };
    Ok(match_with(py, db, is_default, graph, solver, p)?)
}

/// Read an encoded eye graph with the solver alone: value, vital points, lines of play.
///
/// >>> s = nakade.solve(".!..%O$")
/// >>> s.value, s.attack, s.defense
/// ('0022', [(0, 2)], [(0, 1)])
/// >>> s.lines[2]
/// 'W 0,1, B 0,2, W 0,3, B outer, W pass, B outer, W pass'
#[pyfunction]
#[pyo3(name = "solve", signature = (graph, *, outer_liberties = 2, attacker_ko_threats = 0,
       defender_ko_threats = 0, node_limit = None, time_limit = None))]
pub fn solve_graph(
    py: Python<'_>,
    graph: &str,
    outer_liberties: u8,
    attacker_ko_threats: u8,
    defender_ko_threats: u8,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<Solution> {
    let p = params(
        outer_liberties,
        attacker_ko_threats,
        defender_ko_threats,
        node_limit,
        time_limit,
    )?;
    let s = py.detach(|| -> Result<Solution, Error> {
        let (diagram, g) = read(graph)?;
        let space = Space::from_diagram(&diagram)?;
        let s = solve::solve(&space, &p)?;
        Ok(Solution {
            graph: graph.to_string(),
            value: s.value,
            attack: cells(&g, VertexSet(s.attack)),
            defense: cells(&g, VertexSet(s.defense)),
            lines: s.pv.iter().map(|pv| line_of_play(&g, pv)).collect(),
            nodes: s.nodes,
        })
    })?;
    Ok(s)
}

/// The value of independent eye spaces of one group together (`EyeValue::sum`): the spaces
/// played out as a game of their digits, four digits `abcd`. Where the spaces' vital points
/// are miai the sum is more than their `b` added. The digits are taken as "moves in a row"
/// (the `a` that `solve` reads by GNU Go's tenuki rule may overstate a sum).
///
/// >>> nakade.sum_values(["1122", "0011"])
/// '1222'
#[pyfunction]
pub fn sum_values(values: Vec<String>) -> PyResult<String> {
    let parsed = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.parse::<EyeValue>()
                .map_err(|e| Error::Value(format!("values[{i}] is {v:?}: {e}")))
        })
        .collect::<Result<Vec<EyeValue>, Error>>()?;
    EyeValue::sum(&parsed)
        .map(|v| v.to_string())
        .ok_or_else(|| {
            Error::Value(format!(
                "more than {} of the values have digits that differ",
                nakade::value::SUM_MAX_SPACES
            ))
            .into()
        })
}
