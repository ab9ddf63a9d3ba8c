//! Values: an analysed eye space to its value and vital points.
//!
//! Takes a [`AnalyzedSpace`] (the eye stage's output: points, margins, half and false eyes,
//! outer liberties); gives a [`SpaceReport`]: the value from the evaluation layer (a space of
//! captured stones, a pattern of the database, else the solver within its budget, else only
//! a bound), with the vital points mapped back to board points. [`super::ko`] joins the two
//! readings of a space one ko decides; [`keep_playable`] drops vital points the board forbids.

use crate::board::eyes::topology::{AnalyzedSpace, Detail, KoDiagonal, PointTopology};
use crate::board::strings::tactics::ReadLimits;
use crate::board::values::parts;
use crate::board::{vertex, Board, Color, Loc};
use crate::evaluation::db::VertexSet;
use crate::evaluation::evaluate::{self, Budget, Evaluator, Reading};
use crate::evaluation::solve::{solve_with, Params, SolveError, MAX_OUTER_LIBERTIES};
use crate::pattern::diagram::Content;
use crate::pattern::graph::canon;
use crate::pattern::graph::{EyeGraph, Vertex};
use crate::value::EyeValue;

/// The two readings of a space that one ko decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KoReading {
    /// The ko: its diagonal and each side's move in it.
    pub ko: KoDiagonal,
    /// The value when the owner wins the ko.
    pub owner_wins: EyeValue,
    /// The value when the attacker wins it.
    pub attacker_wins: EyeValue,
}

/// Spaces with more points than this that are not marginal are not looked up among the
/// patterns (GNU Go 3.8's matcher does not try them either): the solver reads them.
pub const MAX_MATCHED_INNER: usize = 8;

/// The search nodes [`AnalysisLimits::solver_nodes`] gives by default: enough for open
/// spaces of ten points in the corner, a few tenths of a second at most on one core.
pub const DEFAULT_SOLVER_NODES: u64 = 200_000;

/// The default [`AnalysisLimits::max_solver_vertices`]: spaces of at most 20 points are
/// read. The solver takes [`MAX_VERTICES`](crate::evaluation::solve::MAX_VERTICES) (24)
/// vertices, the defender stones a space closes in counted too: an 8-point space in the
/// middle of a 19x19 game closing in 13 stones of its owner's group (the held-out game
/// `19-l1-s1902`) is read (2222, the group alive), where a limit of 20 in all left it a
/// bound and the group dead.
pub const DEFAULT_SOLVER_POINTS: usize = 20;

/// Spaces of at most this many vertices go to the evaluator as they always did (its cache,
/// its own search budget); larger ones are read with [`AnalysisLimits::solver_nodes`].
const EVALUATOR_VERTICES: usize = 8;

/// Limits of one analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Tactical reading (dead stones, topology).
    pub read: ReadLimits,
    /// Spaces of more points than this are not handed to the solver: their value is only
    /// bounded ([`Source::Bound`]), as is a space whose points and the defender stones it
    /// closes in are more than the solver takes
    /// ([`MAX_VERTICES`](crate::evaluation::solve::MAX_VERTICES)). The default is
    /// [`DEFAULT_SOLVER_POINTS`].
    pub max_solver_vertices: usize,
    /// The search budget, in nodes, for each space of more than eight vertices that no pattern
    /// answers (a count, not a time, so an analysis answers the same on any machine); a space
    /// the solver cannot read within it is read for `b` and `c` alone
    /// ([`Source::SolverMinMax`]), and where that gives up too, reported as a bound
    /// ([`Source::Bound`]).
    pub solver_nodes: u64,
    /// Which digits the solver reads of a space that no pattern answers: all four by
    /// default (see [`Digits`] for the order of the readings). A space one ko decides is
    /// always read whole.
    pub digits: Digits,
    /// What the diagonals of a space's points are read for: each point's exact sum by
    /// default, or only its class ([`Detail::Classes`], what the final status asks).
    pub topology: Detail,
}

/// The eyes a space gives with the attacker and with its owner moving first there: `b` and
/// `c` of its value ([`SpaceReport::min_max`]).
pub type MinMax = (u8, u8);

/// Which digits of a space's value the solver reads ([`AnalysisLimits::digits`]), where no
/// pattern answers it. Whatever is asked, a whole reading that gives up within the budget
/// leaves the space `b` and `c` ([`Source::SolverMinMax`]) rather than a bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Digits {
    /// All four, and the vital points. For a space of more than eight vertices `b` and `c`
    /// are read first, within the same budget; a smaller one is read whole first, and for
    /// `b` and `c` only where that gives up.
    #[default]
    All,
    /// `b` and `c` only, the eyes with the attacker and with the owner moving first (see
    /// [`Features::min_max`](crate::evaluation::solve::Features::min_max)): what the final
    /// status asks, at a fraction of a whole solve's cost. Such a space's source is
    /// [`Source::SolverMinMax`]. A space of at most eight vertices is read as with
    /// [`Digits::MinMaxFirst`]: whole where `b` and `c` differ, for its vital points.
    MinMax,
    /// `b` and `c` first, and all four only where they differ: what `eval_eye` prints
    /// (GNU Go's `MIN MAX`, with vital points only when `b != c`). A space whose `b` and
    /// `c` are equal, or whose whole reading gives up, keeps [`Source::SolverMinMax`].
    MinMaxFirst,
    /// First only whether a space gives one eye at least with the attacker moving first
    /// (see [`Features::one_eye`](crate::evaluation::solve::Features::one_eye)), and `b` and
    /// `c` as with [`Digits::MinMax`] where it does not: what a group with one sure eye
    /// elsewhere asks of its one other space. A space that gives one has the source
    /// [`Source::SolverOneEye`]. A space of at most eight vertices is read as with
    /// [`Digits::MinMax`].
    OneEye,
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            read: ReadLimits::default(),
            max_solver_vertices: DEFAULT_SOLVER_POINTS,
            solver_nodes: DEFAULT_SOLVER_NODES,
            digits: Digits::All,
            topology: Detail::Sums,
        }
    }
}

/// Where a space's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A pattern of the database, by number.
    Pattern(u32),
    /// The solver read the space.
    Solver,
    /// The solver read only the space's `b` and `c` ([`AnalysisLimits::digits`]):
    /// they are exact; `a` is given as `b` and `d` as 2, their upper bounds. Where
    /// `b != c`, one vital point a side, a move inside the space that reaches its digit
    /// (not every vital point, nor the one a whole solve would prefer), where the reading
    /// found one within its budget. A large space may be read so in two parts of it, each
    /// giving an eye ([`parts`]): `b` and `c` are then 2.
    SolverMinMax,
    /// The solver read only that the space gives one eye at least with the attacker moving
    /// first ([`Digits::OneEye`]), all its group asked of it: the value gives `b` (and `a`)
    /// as 1, a lower bound (`b` may be 2), and `c` and `d` as 2, upper bounds; no vital point.
    SolverOneEye,
    /// Beyond the solver's reach (too many vertices, or the search gave up) and no pattern:
    /// the value given, two eyes in every digit, is only an upper bound, not the space's
    /// value.
    Bound,
    /// The space is dead attacker stones only: the owner captures them, and the value is
    /// that of the emptied space with the attacker to move (the capture spent the owner's
    /// tempo), the same in all four digits. The bare graph reads 0000 (stones without a
    /// liberty, as GNU Go's `analyze_eyegraph` says); the board does not.
    Captured,
    /// The solver could not answer (search limit); no value.
    Unknown,
    /// The space's topology depends on one ko: read both ways and joined ([`ko`]).
    ///
    /// [`ko`]: crate::board::values::ko
    Ko(KoReading),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Pattern(n) => write!(f, "pattern {n}"),
            Source::Solver => write!(f, "solver"),
            Source::SolverMinMax => write!(f, "solver (the eyes with either side first only)"),
            Source::SolverOneEye => {
                write!(
                    f,
                    "solver (one eye at least with the attacker first, no more read)"
                )
            }
            Source::Bound => write!(f, "bound: at most 2 eyes (beyond the solver's reach)"),
            Source::Captured => write!(f, "captured stones"),
            Source::Unknown => write!(f, "unknown"),
            Source::Ko(k) => write!(
                f,
                "ko: {} if the owner wins it, {} if the attacker does",
                k.owner_wins, k.attacker_wins
            ),
        }
    }
}

/// One eye space, analysed and valued.
#[derive(Clone, Debug)]
pub struct SpaceReport {
    /// The space after topology (false eyes marginal) and its topology.
    pub analyzed: AnalyzedSpace,
    /// The eye graph handed to the evaluator (space points in order, then virtual vertices).
    pub graph: EyeGraph,
    /// The value; `None` when nothing could value the space.
    pub value: Option<EyeValue>,
    /// Where the value came from.
    pub source: Source,
    /// Attack points on the board, sorted: every one the pattern or the solver names, so
    /// that a rotated or reflected board gets the same set, point for mapped point.
    pub attack: Vec<Loc>,
    /// Defence points on the board, sorted, likewise.
    pub defense: Vec<Loc>,
}

impl SpaceReport {
    /// The owner.
    pub fn color(&self) -> Color {
        self.analyzed.space.color
    }

    /// True when [`SpaceReport::value`] is only an upper bound ([`Source::Bound`]), not the
    /// space's value.
    pub fn is_bound(&self) -> bool {
        self.source == Source::Bound
    }

    /// The space's value when it is one: `None` for a bound ([`SpaceReport::is_bound`]), for
    /// a space read for two digits only ([`Source::SolverMinMax`]) or one eye only
    /// ([`Source::SolverOneEye`]) and for a space no reading could value. What a host that
    /// reads only values should read.
    pub fn exact_value(&self) -> Option<EyeValue> {
        self.value.filter(|_| {
            !self.is_bound() && !matches!(self.source, Source::SolverMinMax | Source::SolverOneEye)
        })
    }

    /// The eyes the space gives with the attacker moving first there and with the owner
    /// moving first (`b` and `c` of its value), where they are known: from an exact value
    /// or a reading of those two digits ([`Source::SolverMinMax`]). A space read for one eye
    /// only ([`Source::SolverOneEye`]) gives `(1, 2)`: one eye at least, two at most.
    pub fn min_max(&self) -> Option<MinMax> {
        self.value.filter(|_| !self.is_bound()).map(|v| (v.b, v.c))
    }

    /// A short label of the value for pictures and boards: `1122`, `≤2222` for a bound, `?`
    /// when there is none.
    pub fn value_label(&self) -> String {
        match self.value {
            Some(v) if self.is_bound() => format!("≤{v}"),
            Some(v) if self.source == Source::SolverMinMax => format!("?{}{}?", v.b, v.c),
            Some(_) if self.source == Source::SolverOneEye => "≥1".to_string(),
            Some(v) => v.to_string(),
            None => "?".to_string(),
        }
    }

    /// The source in one word, as the JSON output names it: `pattern`, `solver`,
    /// `solver-min-max`, `solver-one-eye`, `captured`, `ko`, `bound` or `unknown`.
    pub fn source_kind(&self) -> &'static str {
        match self.source {
            Source::Pattern(_) => "pattern",
            Source::Solver => "solver",
            Source::SolverMinMax => "solver-min-max",
            Source::SolverOneEye => "solver-one-eye",
            Source::Bound => "bound",
            Source::Captured => "captured",
            Source::Unknown => "unknown",
            Source::Ko(_) => "ko",
        }
    }

    /// The board points of the space, sorted.
    pub fn points(&self) -> Vec<Loc> {
        self.analyzed.space.points.iter().map(|p| p.loc).collect()
    }

    /// Its marginal points (false eyes included), sorted.
    pub fn marginals(&self) -> Vec<Loc> {
        let pts = &self.analyzed.space.points;
        pts.iter().filter(|p| p.marginal).map(|p| p.loc).collect()
    }

    /// Its margins on the board's edge that keep an open side (an empty point outside the
    /// space, valued as a liberty of the owner's stone there:
    /// [`GraphVertex::open_side`](crate::board::eyes::topology::GraphVertex::open_side)).
    pub fn open_sides(&self) -> Vec<Loc> {
        let vs = &self.analyzed.graph.vertices;
        vs.iter()
            .filter(|v| v.open_side)
            .filter_map(|v| v.loc)
            .collect()
    }

    /// Points holding attacker stones, sorted.
    pub fn stones(&self) -> Vec<Loc> {
        let pts = &self.analyzed.space.points;
        pts.iter().filter(|p| p.stone).map(|p| p.loc).collect()
    }

    /// The half eyes.
    pub fn half_eyes(&self) -> Vec<&PointTopology> {
        self.analyzed.half_eyes().collect()
    }

    /// The false eyes.
    pub fn false_eyes(&self) -> Vec<&PointTopology> {
        self.analyzed.false_eyes().collect()
    }

    /// The neighbour class of the graph (Vilà & Cazenave), e.g. `112224`.
    pub fn neighbour_class(&self) -> String {
        self.graph.neighbour_class().to_string()
    }

    /// The answer as GNU Go's `eval_eye` prints it: `MIN MAX`, plus ` ATTACK DEFENSE` when the
    /// move is urgent (`b != c` and `d + c - b - a > 0`); `?` when the space has no value.
    /// A space read for `b` and `c` alone ([`Source::SolverMinMax`]) names the vital points
    /// its reading found where `b != c` (one a side), and gives `MIN MAX` alone where it
    /// found none for a side: never `PASS`.
    pub fn eval_eye(&self, board: &Board) -> String {
        match self.value {
            None => "?".to_string(),
            Some(v)
                if self.source == Source::SolverMinMax
                    && (v.b == v.c || self.attack.is_empty() || self.defense.is_empty()) =>
            {
                format!("{} {}", v.b, v.c)
            }
            Some(v) => {
                let (a, d) = self.vital_pair(board);
                format_eval_eye(board, v, a.as_ref(), d.as_ref())
            }
        }
    }

    /// One attack and one defence point, as `eval_eye` names them: a point that is both when
    /// there is one (the key point of the shape), else one of each set.
    ///
    /// The points of a set are equally vital in the eye graph; on the board they are not, and
    /// the one named is the best of them by [`SpaceReport::vital_rank`], then the first in
    /// board order: a margin before an inner point, then the point beside the most of the
    /// owner's stones. The attacker is named the same point when it is both: he takes the
    /// point the owner wants. The sets ([`SpaceReport::attack`], [`SpaceReport::defense`]) do
    /// not depend on the board's orientation; where a space has several points equal on the
    /// board too, which of them is named here may (on a symmetric position no rule could tell
    /// two mirror points apart).
    pub fn vital_pair(&self, board: &Board) -> (Option<Loc>, Option<Loc>) {
        self.vital_pair_by(board, |l| l.0)
    }

    /// [`SpaceReport::vital_pair`] with the last ties broken by the least `order` instead of
    /// board order: with the key of the board's canonical frame
    /// ([`Frame::key`](crate::board::orientation::Frame::key)) the points named are the same
    /// however the board is turned (the final status, which plays the named save).
    pub(crate) fn vital_pair_by<K: Ord>(
        &self,
        board: &Board,
        order: impl Fn(Loc) -> K,
    ) -> (Option<Loc>, Option<Loc>) {
        let best = |points: &mut dyn Iterator<Item = &Loc>| {
            points
                .min_by_key(|&&l| (std::cmp::Reverse(self.vital_rank(board, l)), order(l)))
                .copied()
        };
        let both = best(&mut self.attack.iter().filter(|l| self.defense.contains(l)));
        (
            both.or_else(|| best(&mut self.attack.iter())),
            both.or_else(|| best(&mut self.defense.iter())),
        )
    }

    /// How good a vital point `loc` is on the board, among points equally vital in the graph
    /// (greater is better): first whether it is a margin of the space, then how many of the
    /// owner's stones outside the space are beside it ([`SpaceReport::owner_stones_beside`]).
    ///
    /// A margin is no eye point: the owner's move there closes the way in and spends none of
    /// the space that can become an eye, and the attacker's stone there keeps its way out;
    /// an inner point is eye space either side would rather not fill (13x13's bent four C6
    /// B6 A6 A5 has both ends as margins; 19x19's A17 A16 A15 B15 C15 B14 has the margin A17
    /// and the inner B15 equally vital, and GNU Go's owl reads black A17 as at least as good
    /// as B15). Among margins, the owner's stone beside its own stones joins them, where one
    /// beside none stands alone inside the space (the bent four's end A5 joins B5, C6 stands
    /// alone), and the attacker's stone there keeps them apart.
    pub fn vital_rank(&self, board: &Board, loc: Loc) -> (bool, usize) {
        let space = &self.analyzed.space;
        let margin = space
            .index_of(loc)
            .is_some_and(|i| space.points[i].marginal);
        (margin, self.owner_stones_beside(board, loc))
    }

    /// How many of the owner's stones outside the space are beside `loc` on the board: the
    /// stones that bound the space, which an owner's stone at `loc` joins.
    pub fn owner_stones_beside(&self, board: &Board, loc: Loc) -> usize {
        let owner = self.color();
        board
            .neighbors(loc)
            .filter(|&n| board.color(n) == Some(owner) && !self.analyzed.space.contains(n))
            .count()
    }
}

/// `MIN MAX [ATTACK DEFENSE]` as GNU Go's `eval_eye` prints it.
fn format_eval_eye(
    board: &Board,
    v: EyeValue,
    attack: Option<&Loc>,
    defense: Option<&Loc>,
) -> String {
    let EyeValue { a, b, c, d } = v;
    let mut out = format!("{b} {c}");
    let urgency = i32::from(d) + i32::from(c) - i32::from(b) - i32::from(a);
    if b != c && urgency > 0 {
        let name = |l: Option<&Loc>| l.map_or("PASS".to_string(), |&l| vertex::name(board, l));
        out.push_str(&format!(" {} {}", name(attack), name(defense)));
    }
    out
}

/// The eye graph of an analysed space: its points in order, then one virtual marginal vertex
/// per half eye decided outside the space ([`AnalyzedSpace::virtual_half_eyes`]).
pub fn space_graph(a: &AnalyzedSpace) -> Result<EyeGraph, crate::pattern::graph::GraphError> {
    let vertices = a
        .graph
        .vertices
        .iter()
        .map(|v| {
            let base = if v.enclosed {
                Vertex {
                    content: Content::Defender,
                    ..Vertex::EMPTY
                }
            } else if v.stone {
                Vertex::stone(v.marginal)
            } else {
                Vertex::empty(v.marginal)
            };
            // A margin with an open side is valued with a wall side too: one edge fewer.
            base.on_edges(v.edge.min(2) - u8::from(v.open_side))
        })
        .collect();
    EyeGraph::from_adjacency(vertices, &a.graph.edges)
}

/// The value given to a space beyond the solver's reach: an upper bound only, two eyes in
/// every digit ([`Source::Bound`]).
const UPPER_BOUND: EyeValue = EyeValue {
    a: 2,
    b: 2,
    c: 2,
    d: 2,
};

/// Board points of a vertex set: space points as they are, the virtual vertex of a half eye as
/// its deciding diagonal (`attack` picks the half eye's attack points, else its defence points).
fn to_board(a: &AnalyzedSpace, set: VertexSet, attack: bool) -> Vec<Loc> {
    let n = a.space.points.len();
    let halves: Vec<&PointTopology> = a.virtual_half_eyes().collect();
    let mut out = Vec::new();
    for i in set.iter() {
        if i < n {
            out.push(a.space.points[i].loc);
        } else if let Some(h) = halves.get(i - n) {
            let keys = if attack { &h.attack } else { &h.defense };
            out.extend(keys.iter().copied());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Drop the vital points the side meant to play there cannot play on this board: an attack
/// point where the attacker's stone would be suicide (or stand on a stone), a defence point
/// the owner cannot play. Patterns and the solver read the space alone; the board decides.
///
/// Where the attacker's first move matters (`a < c`) and no move inside the space is one he
/// can play (every point there suicide, or the solver's best move fills the wall's outer
/// liberty), his attack point is the wall's outer liberty on the board: a liberty outside
/// the space of every owner string with the fewest ([`EyeSpace::outer_liberty_points`]), so
/// that an answer never lacks the point its value says there is.
///
/// [`EyeSpace::outer_liberty_points`]: crate::board::eyes::eyespace::EyeSpace::outer_liberty_points
pub fn keep_playable(board: &Board, report: &mut SpaceReport) {
    let owner = report.color();
    let playable = |l: &Loc, c: Color| board.is_empty(*l) && board.is_legal(*l, c);
    report.attack.retain(|l| playable(l, owner.opponent()));
    report.defense.retain(|l| playable(l, owner));
    // Not for a reading of `b` and `c` alone: it names the points it found and says nothing
    // of the others (the budget may have run out before it found one).
    if let Some(v) = report.exact_value() {
        if v.a < v.c && report.attack.is_empty() {
            report.attack = report
                .analyzed
                .space
                .outer_liberty_points(board)
                .into_iter()
                .filter(|l| playable(l, owner.opponent()))
                .collect();
        }
    }
}

/// A space of dead attacker stones only, none marginal, none beside an enclosed owner stone:
/// the owner takes them (their liberties lie outside the space) and owns the emptied space,
/// with the attacker to move. `None` for any other space. (`eyes.db` patterns 100, 200, 302,
/// 4100 and 4304 give these values: one stone, two, three in a row, the square of four: one
/// eye; four in a row: two.)
fn captured_stones(
    ev: &Evaluator<'_>,
    analyzed: &AnalyzedSpace,
    graph: &EyeGraph,
    limits: AnalysisLimits,
) -> Option<SpaceReport> {
    let only_stones = graph.enclosed_len() == 0
        && !graph.is_empty()
        && graph
            .vertices()
            .all(|v| v.content == Content::Stone && !v.marginal);
    if !only_stones || graph.len() > limits.max_solver_vertices {
        return None;
    }
    let emptied = graph.relabelled(|_, v| Vertex {
        content: Content::Empty,
        ..*v
    });
    let e = ev
        .evaluate_with_outer_liberties(&emptied, analyzed.outer_liberties)
        .ok()
        .flatten()?;
    let b = e.value.b;
    let value = EyeValue {
        a: b,
        b,
        c: b,
        d: b,
    };
    Some(SpaceReport {
        attack: Vec::new(),
        defense: Vec::new(),
        analyzed: analyzed.clone(),
        graph: graph.clone(),
        value: Some(value),
        source: Source::Captured,
    })
}

/// Value a space already through [`analyze`](crate::board::eyes::topology::analyze).
pub fn evaluate_analyzed(
    ev: &Evaluator<'_>,
    analyzed: AnalyzedSpace,
    limits: AnalysisLimits,
) -> SpaceReport {
    evaluate_or_defer(ev, analyzed, limits, Defer::Nothing, &|l: Loc| {
        u32::from(l.0)
    })
    .0
}

/// Which spaces [`evaluate_or_defer`] leaves unread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Defer {
    /// None: every space is valued.
    Nothing,
    /// A space that only a search of more than the evaluator's own size would value (no
    /// pattern answers it, it has more than [`EVALUATOR_VERTICES`] vertices and no more than
    /// the solver takes, or its search, with the stones of the strings it encloses, more
    /// than [`SMALL_SEARCH_VERTICES`]): the final status reads one only for a group that
    /// needs it.
    Large,
}

/// [`evaluate_analyzed`], except that a space `defer` names is left unread: the report then
/// has no value, source [`Source::Unknown`], and the flag is true. `order` ranks the
/// board's points where a choice has ties (the parts tried for two eyes, [`parts`]): the
/// board's canonical order ([`Frame::key`](crate::board::orientation::Frame::key)) makes
/// the answer the same however the board is turned.
pub(crate) fn evaluate_or_defer(
    ev: &Evaluator<'_>,
    analyzed: AnalyzedSpace,
    limits: AnalysisLimits,
    defer: Defer,
    order: &dyn Fn(Loc) -> u32,
) -> (SpaceReport, bool) {
    // What life asks of a large space (`b` and `c`, or one eye) may be proven in two small
    // parts of it where the whole is beyond the solver's reach or budget.
    let by_parts = |analyzed: &AnalyzedSpace| {
        matches!(limits.digits, Digits::MinMax | Digits::OneEye)
            && parts::two_eyes(ev, analyzed, order)
    };
    let graph = match space_graph(&analyzed) {
        Ok(g) => g,
        Err(_) => {
            // More vertices than a graph holds: beyond the solver, only a bound, unless two
            // parts prove two eyes.
            let source = if by_parts(&analyzed) {
                Source::SolverMinMax
            } else {
                Source::Bound
            };
            let report = SpaceReport {
                graph: EyeGraph::from_adjacency(Vec::new(), &[]).expect("the empty graph"),
                analyzed,
                value: Some(UPPER_BOUND),
                source,
                attack: Vec::new(),
                defense: Vec::new(),
            };
            return (report, false);
        }
    };
    if let Some(report) = captured_stones(ev, &analyzed, &graph, limits) {
        return (report, false);
    }
    let inner = analyzed.space.points.iter().filter(|p| !p.marginal).count();
    // The database holds values for one count of outer liberties (GNU Go's two for the
    // default one); a wall with another count outside the space is read by the solver.
    let lookup = if inner > MAX_MATCHED_INNER {
        None
    } else {
        ev.lookup(&graph, analyzed.outer_liberties)
    };
    let bound = Some((UPPER_BOUND, VertexSet(0), VertexSet(0), Source::Bound));
    let two_parts = Some((
        UPPER_BOUND,
        VertexSet(0),
        VertexSet(0),
        Source::SolverMinMax,
    ));
    let found = match lookup {
        Some(m) => Some((m.value, m.attack, m.defense, Source::Pattern(m.pattern))),
        None if defer == Defer::Large
            && ((graph.len() > EVALUATOR_VERTICES
                && graph.len() <= limits.max_solver_vertices)
                || graph.len() + graph.enclosed_len() > SMALL_SEARCH_VERTICES) =>
        {
            let unread = SpaceReport {
                analyzed,
                graph,
                value: None,
                source: Source::Unknown,
                attack: Vec::new(),
                defense: Vec::new(),
            };
            return (unread, true);
        }
        None if graph.len() > EVALUATOR_VERTICES && by_parts(&analyzed) => two_parts,
        None if graph.len() <= limits.max_solver_vertices => {
            let small = graph.len() <= EVALUATOR_VERTICES;
            let answer = solve_space(ev, &graph, analyzed.outer_liberties, limits, small);
            match answer {
                Ok(Some((e, source))) => Some((e.value, e.attack, e.defense, source)),
                // The search gave up, or the position (with its enclosed stones) has more
                // points than the solver takes: the space is beyond the solver's reach.
                Err(evaluate::EvalError::Solver(
                    SolveError::SearchLimit { .. }
                    | SolveError::TimeLimit { .. }
                    | SolveError::OutOfMemory { .. }
                    | SolveError::TooManyVertices { .. }
                    // No wall touches it (its owner's every string closed in, on a board of
                    // three by three): beyond the model, as a bound.
                    | SolveError::NoWall,
                )) => bound,
                // A large space the solver refuses for another reason still gets no guess.
                Err(_) if graph.len() > EVALUATOR_VERTICES => bound,
                _ => None,
            }
        }
        None => bound,
    };
    let (value, attack, defense, source) = match found {
        Some((v, a, d, s)) => (Some(v), a, d, s),
        None => (None, VertexSet(0), VertexSet(0), Source::Unknown),
    };
    let report = SpaceReport {
        attack: to_board(&analyzed, attack, true),
        defense: to_board(&analyzed, defense, false),
        analyzed,
        graph,
        value,
        source,
    };
    (report, false)
}

/// The digits a space adds to its group's eyes in [`EyeValue::sum`], where its value is
/// known: each a lower bound of the digit with moves in a row, and `true` where `a` is
/// given as 0 only because it is not read so ([`plain_digits`] may raise it). `None` for a
/// bound, or a space no reading valued: nothing to add.
///
/// `b` and `c` are the space's. `a` and `d` of a value read by GNU Go's rule (a pattern, a
/// whole reading) stand except where `a` may be the rule's 1 and moves in a row give 0 (`b`
/// and `a` both 1); a reading of `b` and `c` only gives `a` as 0 and `d` as `c`; one read
/// for one eye only is `0111`. (The rule raises `a` only where `b` is 1, and lowers `d`.)
pub(crate) fn sum_digits(report: &SpaceReport) -> Option<(EyeValue, bool)> {
    let v = report.value.filter(|_| !report.is_bound())?;
    let unread = |v: EyeValue| (EyeValue { a: 0, ..v }, v.b == 1);
    Some(match report.source {
        Source::SolverOneEye => (
            EyeValue {
                a: 0,
                b: 1,
                c: 1,
                d: 1,
            },
            false,
        ),
        Source::SolverMinMax => unread(EyeValue { d: v.c, ..v }),
        _ if v.a == 1 && v.b == 1 => unread(v),
        _ => (v, false),
    })
}

/// The value of a small space (at most [`EVALUATOR_VERTICES`] vertices, from the database or
/// the solver) read whole with moves in a row (tenuki depth 0), within `nodes`: the `a`
/// and `d` that [`EyeValue::sum`] needs. `None` for another space, or where the reading
/// gives up or does not agree with the space's `b` and `c`.
pub(crate) fn plain_digits(
    ev: &Evaluator<'_>,
    report: &SpaceReport,
    nodes: u64,
) -> Option<EyeValue> {
    let v = report.value?;
    let readable = matches!(
        report.source,
        Source::Pattern(_) | Source::Solver | Source::SolverMinMax
    );
    let n = report.graph.len();
    if !readable || n == 0 || n > EVALUATOR_VERTICES || !ev.has_solver() {
        return None;
    }
    let params = Params {
        outer_liberties: report.analyzed.outer_liberties.min(MAX_OUTER_LIBERTIES),
        node_limit: nodes.min(ev.params().node_limit),
        tenuki_depth: 0,
        ..*ev.params()
    };
    let e = read_solver(ev, &report.graph, &params, Reading::Whole, Budget::Whole).ok()?;
    (e.value.b == v.b && e.value.c == v.c).then_some(e.value)
}

/// How many times [`AnalysisLimits::solver_nodes`] a space of at most
/// [`EVALUATOR_VERTICES`] vertices may read (within the evaluator's own limit): such a space
/// reads in a few thousand nodes, but one whose walls are short of liberties, read with
/// them, may not end whole (an 8-point edge space with a stone in atari in it and one outer
/// liberty: 300 M nodes, 4 minutes, and still open; `b` and `c` in 417 nodes, which is why
/// a whole reading that gives up falls back on them). The analysis's budget gives 10 M
/// nodes, the final status's 1 M (a 7x7 space of the small-board sweep needs more than
/// 200,000).
const SMALL_SPACE_FACTOR: u64 = 50;

/// The most vertices of a small space's search, its own and the stones of the strings it
/// encloses, that [`SMALL_SPACE_FACTOR`] applies to where life is asked (`b` and `c`, the
/// final status); a larger one reads within the analysis's budget, and the final status
/// reads it only for a group that needs it ([`Defer::Large`]); the analysis, asked for
/// every digit, still reads it within the larger budget. Held-out `19-l1-s5405`: white's
/// 8-point P17-R15, four black stones in it and 16 white stones enclosed, reads `b` and `c`
/// in 250,000 nodes, 0.2 to 0.8 s; its group lives by two other spaces (`1122` each), and
/// the final status now takes 9 ms instead of 858. On the 174 positions of `tests/final/`,
/// the 179 of `tests/eval_eye/` and 115 held out, each side to move, no status or score
/// changes (one reason: a stone dead in the opponent's area, not in a race).
const SMALL_SEARCH_VERTICES: usize = 20;

/// A space of at least this many vertices (enclosed stones included), read for life, gives
/// up early where its reading is projected past the budget, whatever attacker stones it
/// holds (see [`solve_space`]).
const PROJECTED_VERTICES: usize = 16;

/// The solver's answer for a space that the database does not hold, with its source;
/// `Ok(None)` for an evaluator without the solver. A `small` space (at most
/// [`EVALUATOR_VERTICES`] vertices) reads within [`SMALL_SPACE_FACTOR`] times the analysis's
/// budget (for `b` and `c` only where its search has at most [`SMALL_SEARCH_VERTICES`]), a
/// larger one within the budget. No lines of play; the evaluator keeps the
/// answers and the give-ups (with their node limit) where the shape fits its key: a host
/// analysing one position after another meets the same space move after move.
///
/// The solver reads as [`AnalysisLimits::digits`] asks: `b` and `c` first, the whole value
/// after them only where it is asked ([`Digits::All`], or `b != c` with
/// [`Digits::MinMaxFirst`]), except that a small space with [`Digits::All`] (the analysis)
/// is read whole at once: it seldom needs more. A small space with [`Digits::MinMax`] (the
/// final status) is read for `b` and `c` with every first move reaching each as its vital
/// points ([`Reading::MinMaxVital`]): a point in both is the one the final status names,
/// as the whole reading's shared vital point is (`19-l1-s901`, held out: its 5-point space
/// with a 13-stone string enclosed, 15 to 18 ms instead of 23 to 36 whole); the whole
/// reading follows only where a side's vital points are not found within the budget. A whole reading that gives up falls back on
/// `b` and `c`: exact in the two digits life asks, rather than a bound in all four. A space
/// whose walls are short of liberties may take far longer to read whole than for life (the
/// 8-point edge space of `13-l8-s502`, a stone in atari in it, a 9-stone string enclosed
/// and one outer liberty: more than 300 M nodes whole, 417 for `b` and `c`). Where `b` and
/// `c` give up, the whole reading is not tried: it reads the same two counts first (only an
/// open space without margins may take another way to 2222, and no analysis of the bench
/// positions or the games' snapshot meets one that this leaves a bound).
fn solve_space(
    ev: &Evaluator<'_>,
    graph: &EyeGraph,
    outer: u8,
    limits: AnalysisLimits,
    small: bool,
) -> Result<Option<(evaluate::Evaluation, Source)>, evaluate::EvalError> {
    let searched = graph.len() + graph.enclosed_len();
    let factor = small && (limits.digits == Digits::All || searched <= SMALL_SEARCH_VERTICES);
    let nodes = if factor {
        limits.solver_nodes.saturating_mul(SMALL_SPACE_FACTOR)
    } else {
        limits.solver_nodes
    };
    // A space closed (no margin) or open at two points or more (an invader's space in its
    // opponent's area, or an area whose boundary is not sealed), read for life alone within
    // the analysis's budget, gives up as soon as its reading is projected to need more
    // ([`Budget::Projected`]) where it holds at most one attacker stone or is large
    // ([`PROJECTED_VERTICES`] vertices or more, enclosed stones included); a reading given up
    // early leaves the space as one given up at the budget does (a closed area counted as
    // two eyes, an invader dead, neither settled). Spaces with one margin, and small ones
    // with attacker stones, are read to the last node. Measured with a probe reading each
    // space both ways, on the 174 positions of `tests/final/`, the 179 of `tests/eval_eye/`
    // and 255 held out, each side to move: of the 105 readings the wider rule adds, 79 end
    // within the budget, each with the same value projected, and 26 give up either way (the
    // projected ones at a quarter to half the nodes: 313 ms against 163 in all). The readings
    // it leaves out would lose answers: 7 of spaces of 11 to 15 vertices with 6 to 11
    // attacker stones (dead shapes, `0022` or `0002`, whose kill the search finds late) and 2
    // of an 11-point corner with one margin (`gnugo9_31`, `2222`: given up, it was counted as
    // one eye beside a living group, and its owner called critical) give up early and end
    // within the budget.
    let margins = graph.vertices().filter(|v| v.marginal).count();
    let stones = graph
        .vertices()
        .filter(|v| v.content == Content::Stone)
        .count();
    let projectable = margins != 1 && (stones <= 1 || searched >= PROJECTED_VERTICES);
    let budget =
        if !factor && projectable && matches!(limits.digits, Digits::MinMax | Digits::OneEye) {
            Budget::Projected
        } else {
            Budget::Whole
        };
    graph.check_liberties()?;
    if !ev.has_solver() {
        return Ok(None);
    }
    let params = Params {
        outer_liberties: outer.min(MAX_OUTER_LIBERTIES),
        node_limit: nodes.min(ev.params().node_limit),
        ..*ev.params()
    };
    let read = |r: Reading| read_solver(ev, graph, &params, r, budget);
    let one_eye = limits.digits == Digits::OneEye && !small;
    let min_max = if small && limits.digits == Digits::All {
        None
    } else if one_eye {
        Some(read(Reading::OneEye)?)
    } else if small && limits.digits == Digits::MinMax {
        Some(read(Reading::MinMaxVital)?)
    } else {
        Some(read(Reading::MinMax)?)
    };
    if let Some(m) = min_max {
        // Read for one eye, `b` is 1 only where the reading stopped at the eye it found.
        if one_eye && m.value.b == 1 {
            return Ok(Some((m, Source::SolverOneEye)));
        }
        let enough = match limits.digits {
            Digits::All => false,
            Digits::MinMax | Digits::OneEye => {
                !small
                    || m.value.b == m.value.c
                    || (limits.digits == Digits::MinMax && m.attack.0 != 0 && m.defense.0 != 0)
            }
            Digits::MinMaxFirst => m.value.b == m.value.c,
        };
        if enough {
            return Ok(Some((m, Source::SolverMinMax)));
        }
    }
    match read(Reading::Whole) {
        Err(e) if gave_up(&e) => {
            let m = match min_max {
                Some(m) => m,
                None => read(Reading::MinMax)?,
            };
            Ok(Some((m, Source::SolverMinMax)))
        }
        whole => whole.map(|e| Some((e, Source::Solver))),
    }
}
/// Whether the solver gave up on its budget (of nodes or time).
fn gave_up(e: &evaluate::EvalError) -> bool {
    matches!(
        e,
        evaluate::EvalError::Solver(SolveError::SearchLimit { .. } | SolveError::TimeLimit { .. })
    )
}

/// The solver's reading of `graph`, as `reading` asks and spending the budget as `budget`
/// says, without lines of play: through the evaluator, which keeps answers and give-ups,
/// where the shape fits its key.
fn read_solver(
    ev: &Evaluator<'_>,
    graph: &EyeGraph,
    params: &Params,
    reading: Reading,
    budget: Budget,
) -> Result<evaluate::Evaluation, evaluate::EvalError> {
    if graph.len() + graph.enclosed_len() <= canon::MAX_VERTICES {
        return ev.solve_reading(graph, params, reading, budget);
    }
    let sol = solve_with(
        &evaluate::space_of(graph)?,
        params,
        reading.features(budget),
    )?;
    // The space's vertices are the graph's, in its order.
    Ok(evaluate::Evaluation {
        value: sol.value,
        attack: VertexSet(sol.attack),
        defense: VertexSet(sol.defense),
        source: evaluate::Source::Solver,
    })
}
