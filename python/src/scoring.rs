//! `final_status` and `score`: the end of a game (`nakade score --json`). Points are GTP
//! vertices.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use nakade::board::finish::{self, FinalLimits, FinalReport, Rules};
use nakade::board::{vertex, Board, Color, Loc};

use crate::errors::Error;
use crate::graph::default_evaluator;
use crate::position::{optional_color, Position};

fn names(board: &Board, locs: &[Loc]) -> Vec<String> {
    locs.iter().map(|&l| vertex::name(board, l)).collect()
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Strings that live and die together: colour, status, stones, the reason in English, and
/// whether the position is settled there.
#[pyclass(frozen, get_all, module = "nakade")]
pub struct Group {
    /// `"black"` or `"white"`.
    color: &'static str,
    /// `"alive"`, `"dead"` or `"seki"`.
    status: &'static str,
    /// Its stones, in board order.
    stones: Vec<String>,
    /// Why.
    reason: String,
    /// False when the status depends on a move still to play or on an assumption.
    settled: bool,
}

#[pymethods]
impl Group {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("color", self.color)?;
        d.set_item("status", self.status)?;
        d.set_item("stones", &self.stones)?;
        d.set_item("reason", &self.reason)?;
        d.set_item("settled", self.settled)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "Group(color={:?}, status={:?}, stones={:?}, reason={:?})",
            self.color, self.status, self.stones, self.reason
        )
    }
}

fn groups(board: &Board, r: &FinalReport) -> Vec<Group> {
    r.groups
        .iter()
        .map(|g| Group {
            color: color_name(g.color),
            status: g.status.as_str(),
            stones: names(board, &g.stones),
            reason: g.reason.describe(board),
            settled: g.reason.settled(),
        })
        .collect()
}

/// The final status of every stone of a position, by vertex, with the groups and their
/// reasons. Reads like a dictionary: `fs["D4"]`, `fs.items()`, `"D4" in fs`, `len(fs)`.
#[pyclass(frozen, module = "nakade")]
pub struct FinalStatus {
    /// Vertex and status, in board order.
    status: Vec<(String, &'static str)>,
    /// The groups, in board order of their first stone.
    #[pyo3(get)]
    groups: Vec<Py<Group>>,
    /// True when every group's status is settled.
    #[pyo3(get)]
    settled: bool,
}

#[pymethods]
impl FinalStatus {
    fn __getitem__(&self, vertex: &str) -> PyResult<&'static str> {
        let v = vertex.to_ascii_uppercase();
        self.status
            .iter()
            .find(|(p, _)| *p == v)
            .map(|(_, s)| *s)
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(vertex.to_string()))
    }
    fn __contains__(&self, vertex: &str) -> bool {
        let v = vertex.to_ascii_uppercase();
        self.status.iter().any(|(p, _)| *p == v)
    }
    fn __len__(&self) -> usize {
        self.status.len()
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let keys = self.keys();
        Ok(pyo3::types::PyList::new(py, keys)?
            .call_method0("__iter__")?
            .unbind())
    }
    /// The vertices of the stones, in board order.
    fn keys(&self) -> Vec<String> {
        self.status.iter().map(|(p, _)| p.clone()).collect()
    }
    /// `(vertex, status)` pairs, in board order.
    fn items(&self) -> Vec<(String, &'static str)> {
        self.status.clone()
    }
    /// The stones with this status (`"alive"`, `"dead"`, `"seki"`), in board order; another
    /// word raises ValueError.
    fn stones(&self, status: &str) -> PyResult<Vec<String>> {
        if !matches!(status, "alive" | "dead" | "seki") {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "status {status:?}: expected \"alive\", \"dead\" or \"seki\""
            )));
        }
        Ok(self
            .status
            .iter()
            .filter(|(_, s)| *s == status)
            .map(|(p, _)| p.clone())
            .collect())
    }
    /// `{vertex: status}` as a plain dictionary.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (p, s) in &self.status {
            d.set_item(p, *s)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let count = |st: &str| self.status.iter().filter(|(_, s)| *s == st).count();
        format!(
            "FinalStatus(alive={}, dead={}, seki={}, settled={})",
            count("alive"),
            count("dead"),
            count("seki"),
            if self.settled { "True" } else { "False" }
        )
    }
}

/// The score of a position: `result` (`"B+3.5"`), each side's points, territory by point,
/// dame, seki points, teire, prisoners, and the groups; `to_dict()` is what `nakade score
/// --json` prints.
#[pyclass(frozen, get_all, module = "nakade")]
pub struct Score {
    /// `"area"` or `"territory"`.
    rules: &'static str,
    /// White's komi.
    komi: f64,
    /// `"B+3.5"`, `"W+0.5"` or `"0"`.
    result: String,
    /// Black's points.
    black: f64,
    /// White's points, komi included.
    white: f64,
    /// Prisoners: `{"black": taken by black, "white": taken by white}`.
    prisoners: (usize, usize),
    /// Black's territory points, in board order.
    black_territory: Vec<String>,
    /// White's territory points.
    white_territory: Vec<String>,
    /// Neutral points.
    dame: Vec<String>,
    /// Points in seki.
    seki: Vec<String>,
    /// Points a side must still play: teire, and the vital point of a critical group.
    teire: Vec<String>,
    /// True when every group's status is settled.
    settled: bool,
    /// The groups with their statuses and reasons.
    groups: Vec<Py<Group>>,
    size: usize,
}

#[pymethods]
impl Score {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("size", self.size)?;
        d.set_item("rules", self.rules)?;
        d.set_item("komi", self.komi)?;
        d.set_item("result", &self.result)?;
        d.set_item("black", self.black)?;
        d.set_item("white", self.white)?;
        let p = PyDict::new(py);
        p.set_item("black", self.prisoners.0)?;
        p.set_item("white", self.prisoners.1)?;
        d.set_item("prisoners", p)?;
        d.set_item("settled", self.settled)?;
        let groups = self
            .groups
            .iter()
            .map(|g| g.borrow(py).to_dict(py))
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item("groups", groups)?;
        let t = PyDict::new(py);
        t.set_item("black", &self.black_territory)?;
        t.set_item("white", &self.white_territory)?;
        d.set_item("territory", t)?;
        d.set_item("dame", &self.dame)?;
        d.set_item("seki", &self.seki)?;
        d.set_item("teire", &self.teire)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "Score(result={:?}, rules={:?}, komi={}, black={}, white={})",
            self.result, self.rules, self.komi, self.black, self.white
        )
    }
    fn __str__(&self) -> String {
        self.result.clone()
    }
}

fn read(py: Python<'_>, position: &Position, to_move: Option<&str>) -> PyResult<FinalReport> {
    let to_move = optional_color(to_move)?.unwrap_or(position.to_move_color());
    let board = &position.board;
    Ok(py.detach(|| {
        finish::final_status(board, default_evaluator(), to_move, FinalLimits::default())
    }))
}

/// The final status of every stone: `"alive"`, `"dead"` or `"seki"` by vertex, with the
/// groups and their reasons (`nakade score`). `to_move` defaults to the position's.
///
/// >>> pos = nakade.Position.from_diagram("+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+")
/// >>> fs = nakade.final_status(pos)
/// >>> fs["A1"], fs["C1"], fs.stones("dead")
/// ('dead', 'alive', ['A1'])
#[pyfunction]
#[pyo3(signature = (position, *, to_move = None))]
pub fn final_status(
    py: Python<'_>,
    position: &Position,
    to_move: Option<&str>,
) -> PyResult<FinalStatus> {
    let report = read(py, position, to_move)?;
    let board = &position.board;
    let status = board
        .locs()
        .filter_map(|l| {
            report
                .status_at(l)
                .map(|s| (vertex::name(board, l), s.as_str()))
        })
        .collect();
    let groups = groups(board, &report)
        .into_iter()
        .map(|g| Py::new(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(FinalStatus {
        status,
        groups,
        settled: report.settled(),
    })
}

/// The score under `rules` (`"area"` or `"territory"`) with `komi` (default: the SGF's
/// `KM`, else 0), as `nakade score --json` gives it.
///
/// >>> pos = nakade.Position.from_diagram("+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+")
/// >>> sc = nakade.score(pos, rules="area", komi=0.5)
/// >>> sc.result, sc.black, sc.white
/// ('B+4.5', 15.0, 10.5)
#[pyfunction]
#[pyo3(signature = (position, *, rules = "territory", komi = None, to_move = None))]
pub fn score(
    py: Python<'_>,
    position: &Position,
    rules: &str,
    komi: Option<f64>,
    to_move: Option<&str>,
) -> PyResult<Score> {
    let rules = Rules::parse(rules).ok_or_else(|| {
        Error::Value(format!(
            "rules {rules:?}: expected \"area\" (\"chinese\") or \"territory\" (\"japanese\")"
        ))
    })?;
    let komi = komi.or(position.sgf_komi()).unwrap_or(0.0);
    if !komi.is_finite() {
        return Err(Error::Value("komi: expected a finite number".into()).into());
    }
    let report = read(py, position, to_move)?;
    let board = &position.board;
    let sc = finish::score(board, &report, rules, komi);
    let groups = groups(board, &report)
        .into_iter()
        .map(|g| Py::new(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Score {
        rules: rules.as_str(),
        komi,
        result: sc.result(),
        black: sc.black,
        white: sc.white,
        prisoners: sc.prisoners,
        black_territory: names(board, &sc.black_territory),
        white_territory: names(board, &sc.white_territory),
        dame: names(board, &sc.dame),
        seki: names(board, &sc.seki),
        teire: names(board, &sc.teire),
        settled: report.settled(),
        groups,
        size: board.size(),
    })
}
