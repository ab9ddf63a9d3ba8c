//! `analyze` and `unconditional_status`: a whole position. Points are GTP vertices.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use nakade::board::analysis::{analyze_position, AnalysisLimits, PositionReport, Source};
use nakade::board::topology::eighths_to_string;
use nakade::board::unconditional::{self, Unconditional};
use nakade::board::{vertex, Board, Color, Loc};
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::solve::Params;

use crate::graph::{default_evaluator, Database};
use crate::position::{optional_color, Position};

fn names(board: &Board, locs: &[Loc]) -> Vec<String> {
    locs.iter().map(|&l| vertex::name(board, l)).collect()
}

/// A string named by its first stone in board order.
fn first_stone(board: &Board, s: Loc) -> Loc {
    *board.string_stones(s).iter().min().expect("a stone")
}

/// A half eye of a space: the point, its topological sum (`"3/2"` ...), and the points that
/// decide it.
#[pyclass(frozen, get_all, module = "nakade")]
pub struct HalfEye {
    /// The point.
    point: String,
    /// Its topological sum, as GNU Go writes it.
    sum: String,
    /// Where the attacker takes the eye.
    attack: Vec<String>,
    /// Where the owner makes it.
    defense: Vec<String>,
}

#[pymethods]
impl HalfEye {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("point", &self.point)?;
        d.set_item("sum", &self.sum)?;
        d.set_item("attack", &self.attack)?;
        d.set_item("defense", &self.defense)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "HalfEye(point={:?}, sum={:?}, attack={:?}, defense={:?})",
            self.point, self.sum, self.attack, self.defense
        )
    }
}

/// One eye space of a position, valued.
#[pyclass(frozen, get_all, module = "nakade")]
pub struct Space {
    /// Whose space: `"black"` or `"white"`.
    color: &'static str,
    /// Its points.
    points: Vec<String>,
    /// The marginal points.
    marginal: Vec<String>,
    /// Points where the space is open to the outside.
    open_sides: Vec<String>,
    /// The opponent's stones inside.
    stones: Vec<String>,
    /// Half eyes.
    half_eyes: Vec<Py<HalfEye>>,
    /// False eyes.
    false_eyes: Vec<String>,
    /// Vilà and Cazenave's neighbour class (`"112224"`); None for a space too large for a graph.
    neighbour_class: Option<String>,
    /// Liberties of the weakest wall string outside the space.
    outer_liberties: u8,
    /// Where the value came from: `"pattern"`, `"solver"`, `"solver-min-max"` (`b` and `c`
    /// alone, in `min_max`), `"bound"`, `"captured"`, `"ko"`, ...
    source: &'static str,
    /// The pattern's number, when a pattern answered.
    pattern: Option<u32>,
    /// For a space one ko decides: `{"owner_wins": value, "attacker_wins": value}`.
    ko: Option<(String, String)>,
    /// The eye value, four digits; None when only a bound is known.
    value: Option<String>,
    /// For a space beyond the solver's reach: the bound (at most two eyes each digit).
    bound: Option<String>,
    /// `(b, c)`, the eyes with the attacker and with the owner moving first, wherever they
    /// are known: from `value`, or read alone.
    min_max: Option<(u8, u8)>,
    /// Attack points.
    attack: Vec<String>,
    /// Defence points.
    defense: Vec<String>,
    /// GNU Go's `eval_eye` answer for the space: `"min max attack defense"`.
    eval_eye: String,
}

#[pymethods]
impl Space {
    /// The space as `nakade analyze --json` gives it (`class` for `neighbour_class`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("color", self.color)?;
        d.set_item("points", &self.points)?;
        d.set_item("marginal", &self.marginal)?;
        d.set_item("open_sides", &self.open_sides)?;
        d.set_item("stones", &self.stones)?;
        let half: Vec<Bound<'py, PyDict>> = self
            .half_eyes
            .iter()
            .map(|h| h.get().to_dict(py))
            .collect::<PyResult<_>>()?;
        d.set_item("half_eyes", half)?;
        d.set_item("false_eyes", &self.false_eyes)?;
        d.set_item("class", &self.neighbour_class)?;
        d.set_item("outer_liberties", self.outer_liberties)?;
        d.set_item("source", self.source)?;
        d.set_item("pattern", self.pattern)?;
        match &self.ko {
            Some((owner, attacker)) => {
                let k = PyDict::new(py);
                k.set_item("owner_wins", owner)?;
                k.set_item("attacker_wins", attacker)?;
                d.set_item("ko", k)?;
            }
            None => d.set_item("ko", py.None())?,
        }
        d.set_item("value", &self.value)?;
        d.set_item("bound", &self.bound)?;
        d.set_item("min_max", self.min_max)?;
        d.set_item("attack", &self.attack)?;
        d.set_item("defense", &self.defense)?;
        d.set_item("eval_eye", &self.eval_eye)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "Space(color={:?}, points={:?}, value={}, source={:?}, attack={:?}, defense={:?})",
            self.color,
            self.points,
            self.value
                .as_ref()
                .map_or("None".to_string(), |v| format!("{v:?}")),
            self.source,
            self.attack,
            self.defense
        )
    }
}

/// Benson's verdict for one colour: the pass-alive strings (each named by its first stone)
/// and regions.
#[pyclass(frozen, get_all, module = "nakade")]
pub struct PassAlive {
    /// The pass-alive strings, each by its first stone in board order.
    strings: Vec<String>,
    /// The pass-alive regions, each a list of points.
    regions: Vec<Vec<String>>,
}

#[pymethods]
impl PassAlive {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("strings", &self.strings)?;
        d.set_item("regions", &self.regions)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "PassAlive(strings={:?}, regions={:?})",
            self.strings, self.regions
        )
    }
}

/// A whole position analysed: dead strings, Benson's verdict, the unconditional status of
/// every point, and every eye space valued.
#[pyclass(frozen, module = "nakade")]
pub struct Analysis {
    dead: Vec<String>,
    pass_alive: [Py<PassAlive>; 2],
    unconditional: Vec<(&'static str, Vec<String>)>,
    spaces: Vec<Py<Space>>,
}

#[pymethods]
impl Analysis {
    /// The dead strings, each by its first stone in board order.
    #[getter]
    fn dead(&self) -> Vec<String> {
        self.dead.clone()
    }
    /// Benson's verdict by colour: `{"black": PassAlive, "white": PassAlive}`.
    #[getter]
    fn pass_alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("black", self.pass_alive[0].clone_ref(py))?;
        d.set_item("white", self.pass_alive[1].clone_ref(py))?;
        Ok(d)
    }
    /// The points of each unconditional status: `{"alive": [...], "dead": [...],
    /// "black_territory": [...], "white_territory": [...], "undecided": [...]}`.
    #[getter]
    fn unconditional<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.unconditional {
            d.set_item(*k, v)?;
        }
        Ok(d)
    }
    /// The eye spaces: black's first, each colour's by first point.
    #[getter]
    fn spaces(&self, py: Python<'_>) -> Vec<Py<Space>> {
        self.spaces.iter().map(|s| s.clone_ref(py)).collect()
    }
    /// The analysis as `nakade analyze --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("dead", &self.dead)?;
        let pa = PyDict::new(py);
        pa.set_item("black", self.pass_alive[0].get().to_dict(py)?)?;
        pa.set_item("white", self.pass_alive[1].get().to_dict(py)?)?;
        d.set_item("pass_alive", pa)?;
        d.set_item("unconditional", self.unconditional(py)?)?;
        let spaces: Vec<Bound<'py, PyDict>> = self
            .spaces
            .iter()
            .map(|s| s.get().to_dict(py))
            .collect::<PyResult<_>>()?;
        d.set_item("spaces", spaces)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "<nakade.Analysis: {} spaces, dead {:?}>",
            self.spaces.len(),
            self.dead
        )
    }
}

fn build(py: Python<'_>, board: &Board, r: &PositionReport) -> PyResult<Analysis> {
    let n = |locs: &[Loc]| names(board, locs);
    let pass_alive = [0, 1].map(|i| {
        let pa = &r.pass_alive[i];
        let strings: Vec<Loc> = pa.strings.iter().map(|&s| first_stone(board, s)).collect();
        PassAlive {
            strings: n(&strings),
            regions: pa.regions.iter().map(|reg| n(reg)).collect(),
        }
    });
    let [b, w] = pass_alive;
    let dead: Vec<Loc> = r.dead.iter().map(|&s| first_stone(board, s)).collect();
    let status = unconditional::all(board);
    let unconditional = Unconditional::ALL
        .iter()
        .map(|&u| {
            let points: Vec<Loc> = status.iter().filter(|s| s.1 == u).map(|s| s.0).collect();
            (u.as_str(), n(&points))
        })
        .collect();
    let mut spaces = Vec::with_capacity(r.spaces.len());
    for s in &r.spaces {
        let half_eyes = s
            .half_eyes()
            .iter()
            .map(|h| {
                Py::new(
                    py,
                    HalfEye {
                        point: vertex::name(board, h.loc),
                        sum: eighths_to_string(h.eighths),
                        attack: n(&h.attack),
                        defense: n(&h.defense),
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        let space = Space {
            color: s.color().name(),
            points: n(&s.points()),
            marginal: n(&s.marginals()),
            open_sides: n(&s.open_sides()),
            stones: n(&s.stones()),
            half_eyes,
            false_eyes: s
                .false_eyes()
                .iter()
                .map(|h| vertex::name(board, h.loc))
                .collect(),
            neighbour_class: (!s.graph.is_empty()).then(|| s.neighbour_class()),
            outer_liberties: s.analyzed.outer_liberties,
            source: s.source_kind(),
            pattern: match s.source {
                Source::Pattern(k) => Some(k),
                _ => None,
            },
            ko: match &s.source {
                Source::Ko(k) => Some((k.owner_wins.to_string(), k.attacker_wins.to_string())),
                _ => None,
            },
            value: s.exact_value().map(|v| v.to_string()),
            bound: if s.is_bound() {
                s.value.map(|v| v.to_string())
            } else {
                None
            },
            min_max: s.min_max(),
            attack: n(&s.attack),
            defense: n(&s.defense),
            eval_eye: s.eval_eye(board),
        };
        spaces.push(Py::new(py, space)?);
    }
    Ok(Analysis {
        dead: n(&dead),
        pass_alive: [Py::new(py, b)?, Py::new(py, w)?],
        unconditional,
        spaces,
    })
}

/// Analyse a position as `nakade analyze` does: the dead strings, Benson's pass-alive strings
/// and regions, the unconditional status of every point, and every eye space of `color`
/// (`"black"`, `"white"`; None: both) with its value and vital points. `database`: patterns
/// other than the embedded ones; `solver_nodes`: the solver's budget per large space. Points
/// are GTP vertices.
///
/// >>> pos = nakade.Position.from_grid([".X.X", "XXXX", "....", "...."])
/// >>> [(s.points, s.value) for s in nakade.analyze(pos).spaces][:2]
/// [(['A4'], '1111'), (['C4'], '1111')]
#[pyfunction]
#[pyo3(signature = (position, *, color = None, database = None, solver_nodes = None))]
pub fn analyze(
    py: Python<'_>,
    position: &Position,
    color: Option<&str>,
    database: Option<&Database>,
    solver_nodes: Option<u64>,
) -> PyResult<Analysis> {
    let color: Option<Color> = optional_color(color)?;
    let mut limits = AnalysisLimits::default();
    if let Some(nodes) = solver_nodes {
        limits.solver_nodes = nodes;
    }
    let mut board = position.board.clone();
    let report = py.detach(|| match database.filter(|d| d.db.is_some()) {
        Some(d) => {
            let ev = Evaluator::new(d.get(), Params::default());
            analyze_position(&mut board, &ev, color, limits)
        }
        None => analyze_position(&mut board, default_evaluator(), color, limits),
    });
    build(py, &board, &report)
}

/// The unconditional status of every point (GNU Go's `unconditional_status`), by GTP vertex:
/// `"alive"`, `"dead"`, `"black_territory"`, `"white_territory"` or `"undecided"`.
///
/// >>> pos = nakade.Position.from_grid([".X.X", "XXXX", "....", "...."])
/// >>> nakade.unconditional_status(pos)["A4"]
/// 'black_territory'
#[pyfunction]
pub fn unconditional_status<'py>(
    py: Python<'py>,
    position: &Position,
) -> PyResult<Bound<'py, PyDict>> {
    let board = &position.board;
    let status = py.detach(|| unconditional::all(board));
    let d = PyDict::new(py);
    for (loc, u) in status {
        d.set_item(vertex::name(board, loc), u.as_str())?;
    }
    Ok(d)
}
