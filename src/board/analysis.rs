//! Board analysis: every eye space of a position, valued, with its vital points on the board.
//!
//! Takes a [`Board`]; gives a [`PositionReport`]: the dead strings, Benson's pass-alive
//! strings and regions of each colour, and one [`SpaceReport`] per eye space. The driver of
//! the board stages, each run once, in order, on the output of the one before:
//!
//! [`strings::read`] (every string's status) → [`Liveness::from_readings`] (dead strings) →
//! [`eye_spaces`] → [`topology::analyze`] (half eyes decided outside the space add a virtual
//! marginal vertex, false eyes become marginal; a space one ko decides is also analysed with
//! the ko settled each way) → [`evaluate_analyzed`] (the evaluation layer: database first,
//! solver behind it) and [`ko::read_both_ways`] → value and vital points, mapped back to
//! board points. A virtual half-eye vertex maps to its deciding diagonal: the half eye's own
//! attack point when it is an attack point, its defence point when it is a defence point.
//! Vital points are then checked against the board ([`keep_playable`]): an attack point
//! where the attacker cannot legally play (suicide) is never named.
//!
//! **Kept between positions.** A host that plays a move and analyses again pays for what
//! changed: the [`Evaluator`] it keeps holds every solved shape by its canonical key
//! (bounded: [`Evaluator::with_cache_capacity`]); the tactical reader keeps its memo of
//! positions read, per thread (bounded: [`set_memo_capacity`]), keyed by the whole position:
//! a position its reading played out that the game then reaches, or one an undo returns to,
//! is not read again; and each string's reading is kept with the points it looked at
//! (bounded: [`set_kept_capacity`]): a string the move left as it was is not read again.
//! None changes an answer. The strings of a
//! position (their readings, then their ko readings), then its eye spaces (and a large
//! space's points in the topology), are read side by side on rayon's pool
//! (`RAYON_NUM_THREADS=1` keeps the analysis on one thread).
//!
//! [`set_memo_capacity`]: crate::board::strings::tactics::set_memo_capacity
//! [`set_kept_capacity`]: crate::board::strings::kept::set_kept_capacity
//!
//! Patterns are looked up for spaces of at most [`MAX_MATCHED_INNER`] points that are not
//! marginal (GNU Go 3.8's matcher tries no larger ones); every space no pattern answers is
//! read by the solver, up to [`AnalysisLimits::max_solver_vertices`] vertices and within the
//! evaluator's search budget, so its value is exact. A space beyond that reach (more vertices,
//! or the search gave up) gets no guess: its report says the value is only a bound, at most
//! two eyes in every digit ([`Source::Bound`]).
//!
//! ```
//! use nakade::board::analysis::{analyze_position, AnalysisLimits, Source};
//! use nakade::board::{ascii, Color};
//! use nakade::evaluation::evaluate::Evaluator;
//!
//! // White's three-point space in the corner: one eye or two, vital point B7.
//! let d = "+-------------+\n|. . . O X . .|\n|O O O O X . .|\n|X X X X X . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n+-------------+";
//! let mut board = ascii::parse_board(d, None).unwrap().board;
//! let ev = Evaluator::with_default();
//! let report = analyze_position(&mut board, &ev, Some(Color::White), AnalysisLimits::default());
//! let s = &report.spaces[0];
//! assert_eq!(s.value.unwrap().to_string(), "1122");
//! assert_eq!(s.eval_eye(&board), "1 2 B7 B7");
//! ```

use crate::board::eyes::eyespace::{eye_spaces, space_at, EyeSpace, Liveness};
use crate::board::eyes::topology::{self, AnalyzedSpace};
use crate::board::orientation::Frame;
use crate::board::parallel::{in_pool, side_by_side, Tasks};
use crate::board::strings::{self, benson::PassAlive};
use crate::board::values::ko;
use crate::board::values::valuation::{evaluate_or_defer, Defer};
use crate::board::{Board, Color, Loc};
use crate::evaluation::evaluate::Evaluator;
use crate::value::EyeValue;

pub use crate::board::values::valuation::{
    evaluate_analyzed, keep_playable, space_graph, AnalysisLimits, Digits, MinMax, Source,
    SpaceReport, DEFAULT_SOLVER_NODES, MAX_MATCHED_INNER,
};

/// Positions with at least this many eye spaces read them in parallel (rayon's global pool:
/// `RAYON_NUM_THREADS=1` keeps it to one thread).
pub const PARALLEL_SPACES: usize = 4;

/// A whole position, analysed.
#[derive(Clone, Debug)]
pub struct PositionReport {
    /// Heads of the dead strings, in board order.
    pub dead: Vec<Loc>,
    /// Benson's verdict for black and white, in that order.
    pub pass_alive: [PassAlive; 2],
    /// The eye spaces: black's first (when asked for), each colour's sorted by first point.
    pub spaces: Vec<SpaceReport>,
}

/// Value one eye space.
pub fn evaluate_space(
    board: &mut Board,
    ev: &Evaluator<'_>,
    space: &EyeSpace,
    limits: AnalysisLimits,
) -> SpaceReport {
    let analyzed = topology::analyze_with(board, space, limits.read, limits.topology);
    value_analyzed(board, ev, analyzed, limits, Defer::Nothing).0
}

/// The values stage for one analysed space: database, library or solver, the ko read both
/// ways, the vital points checked against the board; or nothing, with the flag true, for a
/// space `defer` names.
fn value_analyzed(
    board: &mut Board,
    ev: &Evaluator<'_>,
    analyzed: AnalyzedSpace,
    limits: AnalysisLimits,
    defer: Defer,
) -> (SpaceReport, bool) {
    // The board's canonical order, for the ties of the parts tried for two eyes: taken
    // only where they are tried (a large space no pattern answers).
    let frame = std::cell::OnceCell::new();
    let order = |l: Loc| u32::from(frame.get_or_init(|| Frame::of(board, None)).key(board, l));
    let (mut report, deferred) = evaluate_or_defer(ev, analyzed, limits, defer, &order);
    if !deferred {
        ko::read_both_ways(ev, &mut report, limits);
        keep_playable(board, &mut report);
    }
    (report, deferred)
}

/// [`analyze_with_liveness`], except that the spaces `defer` names are left unread: the
/// report of one has no value, and its flag is true. [`value_deferred`] reads it when it is
/// needed.
pub(crate) fn analyze_deferring(
    board: &mut Board,
    ev: &Evaluator<'_>,
    live: &Liveness,
    limits: AnalysisLimits,
    defer: Defer,
) -> Vec<(SpaceReport, bool)> {
    spaces_with(
        board,
        ev,
        live,
        &[Color::Black, Color::White],
        limits,
        defer,
    )
}

/// Reads the spaces [`analyze_deferring`] left unread, side by side (each as
/// [`evaluate_space`] would have), each for the digits given with it.
pub(crate) fn value_deferred(
    board: &mut Board,
    ev: &Evaluator<'_>,
    reports: &mut [(&mut SpaceReport, Digits)],
    limits: AnalysisLimits,
) {
    let analyzed: Vec<(AnalyzedSpace, Digits)> = reports
        .iter()
        .map(|(r, digits)| (r.analyzed.clone(), *digits))
        .collect();
    let valued = side_by_side(board, &analyzed, 2, Tasks::OneEach, |b, (a, digits)| {
        let limits = AnalysisLimits {
            digits: *digits,
            ..limits
        };
        value_analyzed(b, ev, a.clone(), limits, Defer::Nothing).0
    });
    for ((r, _), v) in reports.iter_mut().zip(valued) {
        **r = v;
    }
}

/// Analyse a position: dead strings, Benson for both colours, and every eye space of `color`
/// (both colours, black first, when `None`). The board is left as it was.
pub fn analyze_position(
    board: &mut Board,
    ev: &Evaluator<'_>,
    color: Option<Color>,
    limits: AnalysisLimits,
) -> PositionReport {
    in_pool(|| {
        let readings = strings::read(board, limits.read);
        let live = Liveness::from_readings(board, &readings);
        report_of(board, ev, &readings, &live, color, limits)
    })
}

/// [`analyze_position`] (both colours) as GTP's `eval_eye` reads the dead strings, GNU Go's
/// command with GNU Go's convention: the side to move, when known, is given to the dead
/// strings' rule ([`Liveness::from_readings_to_move`]), and a string saved only by winning
/// a ko counts as saved ([`strings::with_ko_saves`]), so that it is left out of the eye
/// spaces. [`analyze_position`] keeps such a string dead, and the space's value then says
/// what turns on the ko.
pub fn analyze_for_eval_eye(
    board: &mut Board,
    ev: &Evaluator<'_>,
    to_move: Option<Color>,
    limits: AnalysisLimits,
) -> PositionReport {
    in_pool(|| {
        let readings = strings::read(board, limits.read);
        let readings = strings::with_ko_saves(board, &readings, limits.read);
        let live = Liveness::from_readings_to_move(board, &readings, to_move);
        report_of(board, ev, &readings, &live, None, limits)
    })
}

fn report_of(
    board: &mut Board,
    ev: &Evaluator<'_>,
    readings: &strings::StringReadings,
    live: &Liveness,
    color: Option<Color>,
    limits: AnalysisLimits,
) -> PositionReport {
    let colors: Vec<Color> = match color {
        Some(c) => vec![c],
        None => vec![Color::Black, Color::White],
    };
    let spaces = spaces_of(board, ev, live, &colors, limits);
    PositionReport {
        dead: live.dead_strings(board),
        pass_alive: readings.pass_alive.clone(),
        spaces,
    }
}

/// Every eye space of both colours (black's first), with the dead strings given rather than
/// read: the final-status stage's way in, after it has decided more strings dead.
pub fn analyze_with_liveness(
    board: &mut Board,
    ev: &Evaluator<'_>,
    live: &Liveness,
    limits: AnalysisLimits,
) -> Vec<SpaceReport> {
    in_pool(|| spaces_of(board, ev, live, &[Color::Black, Color::White], limits))
}

fn spaces_of(
    board: &mut Board,
    ev: &Evaluator<'_>,
    live: &Liveness,
    colors: &[Color],
    limits: AnalysisLimits,
) -> Vec<SpaceReport> {
    spaces_with(board, ev, live, colors, limits, Defer::Nothing)
        .into_iter()
        .map(|(report, _)| report)
        .collect()
}

/// Every eye space of `colors`, analysed, and valued unless `defer` names it (then its flag
/// is true and it has no value). Each space's topology and value are its own: they run side
/// by side on rayon's pool, each worker on its own copy of the board, in the order found.
fn spaces_with(
    board: &mut Board,
    ev: &Evaluator<'_>,
    live: &Liveness,
    colors: &[Color],
    limits: AnalysisLimits,
    defer: Defer,
) -> Vec<(SpaceReport, bool)> {
    let mut found = Vec::new();
    for &c in colors {
        found.extend(eye_spaces(board, live, c, limits.read));
    }
    let one = |b: &mut Board, s: &EyeSpace| {
        let analyzed = topology::analyze_with(b, s, limits.read, limits.topology);
        value_analyzed(b, ev, analyzed, limits, defer)
    };
    side_by_side(board, &found, PARALLEL_SPACES, Tasks::Runs, one)
}

/// The space `eval_eye` picks at `loc` (black's, else white's), analysed and valued.
pub fn analyze_at(
    board: &mut Board,
    ev: &Evaluator<'_>,
    loc: Loc,
    limits: AnalysisLimits,
) -> Option<SpaceReport> {
    let live = Liveness::read(board, limits.read);
    let space = space_at(board, &live, loc, limits.read)?;
    Some(evaluate_space(board, ev, &space, limits))
}

/// What an eye evaluator answers for a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeAnswer {
    /// The eye value.
    pub value: EyeValue,
    /// The attack point, when the value has one.
    pub attack: Option<Loc>,
    /// The defence point, when the value has one.
    pub defense: Option<Loc>,
}

/// The hook for `eval_eye`: the matcher or solver that values an analysed eye space.
/// `None` means it cannot value this space (answered as a GTP error, never a made-up value).
pub trait EyeEvaluator: Send {
    /// Value the space.
    fn evaluate(&self, board: &Board, space: &AnalyzedSpace) -> Option<EyeAnswer>;
}

/// The [`Evaluator`] as an [`EyeEvaluator`], the hook of GTP's `eval_eye`.
pub struct GtpEvaluator {
    /// The evaluator.
    pub evaluator: Evaluator<'static>,
    /// Limits beyond the engine's reading limits.
    pub limits: AnalysisLimits,
}

impl EyeEvaluator for GtpEvaluator {
    fn evaluate(&self, board: &Board, space: &AnalyzedSpace) -> Option<EyeAnswer> {
        let mut report = evaluate_analyzed(&self.evaluator, space.clone(), self.limits);
        keep_playable(board, &mut report);
        let (attack, defense) = report.vital_pair(board);
        report.value.map(|value| EyeAnswer {
            value,
            attack,
            defense,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii::parse_board;
    use crate::board::vertex;
    use crate::pattern::graph::EyeGraph;

    fn white_spaces(d: &str) -> (Board, PositionReport) {
        let mut b = parse_board(d, None).unwrap().board;
        let ev = Evaluator::with_default();
        let r = analyze_position(&mut b, &ev, Some(Color::White), AnalysisLimits::default());
        (b, r)
    }

    #[test]
    fn a_half_eye_vital_point_is_its_diagonal() {
        // Seed 002's half eye: C3's deciding diagonal is D2.
        let d = "\
+-----------+
|. O O O X .|
|O O O O X .|
|O O O X X .|
|O O . O . .|
|O O O . X .|
|. . . . . .|
+-----------+";
        let (b, r) = white_spaces(d);
        let s = r
            .spaces
            .iter()
            .find(|s| s.points().iter().any(|&l| vertex::name(&b, l) == "C3"))
            .unwrap();
        assert_eq!(s.value.unwrap().to_string(), "0011");
        assert_eq!(s.eval_eye(&b), "0 1 D2 D2");
    }

    /// A space of dead stones only, laid out at `cells` (column, row) of a 9x9 board.
    fn stones_only(cells: &[(usize, usize)]) -> SpaceReport {
        use crate::board::eyes::eyespace::SpacePoint;
        use crate::board::eyes::topology::{GraphVertex, SpaceGraph};
        let board = Board::new(9).unwrap();
        let mut points: Vec<SpacePoint> = cells
            .iter()
            .map(|&(x, y)| SpacePoint {
                loc: board.loc(x, y).unwrap(),
                marginal: false,
                stone: true,
                edge: 0,
            })
            .collect();
        points.sort_by_key(|p| p.loc);
        let vertices = points
            .iter()
            .map(|p| GraphVertex {
                loc: Some(p.loc),
                marginal: false,
                stone: true,
                edge: 0,
                enclosed: false,
                open_side: false,
            })
            .collect();
        let mut edges = Vec::new();
        for i in 0..points.len() {
            for j in i + 1..points.len() {
                if board.neighbors(points[i].loc).any(|n| n == points[j].loc) {
                    edges.push((i, j));
                }
            }
        }
        let analyzed = AnalyzedSpace {
            space: EyeSpace {
                color: Color::White,
                points,
                owners: Vec::new(),
                false_margins: Vec::new(),
            },
            points: Vec::new(),
            graph: SpaceGraph { vertices, edges },
            outer_liberties: 2,
            ko_settled: None,
        };
        evaluate_analyzed(
            &Evaluator::with_default(),
            analyzed,
            AnalysisLimits::default(),
        )
    }

    #[test]
    fn a_space_of_dead_stones_is_the_emptied_space_after_the_capture() {
        // eyes.db's patterns 100, 200, 302, 4304 (one eye) and 4100 (two): the stones are taken
        // and the attacker moves first in the emptied space.
        let value = |cells: &[(usize, usize)]| {
            let r = stones_only(cells);
            assert_eq!(r.source, Source::Captured);
            assert!(r.attack.is_empty() && r.defense.is_empty());
            r.value.unwrap().to_string()
        };
        assert_eq!(value(&[(4, 4)]), "1111");
        assert_eq!(value(&[(3, 4), (4, 4)]), "1111");
        assert_eq!(value(&[(3, 4), (4, 4), (5, 4)]), "1111");
        assert_eq!(value(&[(3, 4), (4, 4), (3, 5), (4, 5)]), "1111");
        assert_eq!(value(&[(2, 4), (3, 4), (4, 4), (5, 4)]), "2222");
        // The bare graph, as GNU Go's analyze_eyegraph reads it: stones without a liberty.
        let bare =
            EyeGraph::from_diagram(&crate::pattern::encoded::parse_graph("XXX").unwrap()).unwrap();
        let e = Evaluator::with_default().evaluate(&bare).unwrap().unwrap();
        assert_eq!(e.value.to_string(), "0000");
    }
}
