//! Eye topology: proper, half and false eyes from the diagonals (GNU Go's rule, stated below;
//! seed `002` "Eye Topology" and "Eye Topology with Ko").
//!
//! Takes a [`Board`] and an [`EyeSpace`]; gives, for each point of the space that is not
//! marginal and has at most one neighbour in it, the sum of its diagonal scores and a class,
//! and the space turned into the graph a matcher reads ([`SpaceGraph`]): a false eye becomes
//! marginal when the attacker can get in (the space is that one point, an attacker stone sits
//! there, or the attacker may legally play there; a false eye the attacker cannot enter, where
//! his move would be suicide, stays a plain point); a half eye gets a virtual marginal vertex
//! adjacent only to it, unless every diagonal deciding it is a point of the space: the graph
//! already holds that point (a virtual vertex would let the attacker play it twice), so an
//! empty half eye is joined to it, and so is an attacker stone where that point keeps a side on
//! the wall (the attacker's move there then takes the stone's point with it: a margin beside a
//! capture on the edge, `tests/edge_margins.rs`); otherwise the stone is left as it is. In
//! a space of two points, a half eye beside an empty margin that the owner's stone there
//! (safe) makes proper, with no ko, is decided at that margin alone, so it is joined to it
//! and gets no virtual vertex: the owner's one move closes the margin and settles the eye.
//! Likewise a false eye holding a lone attacker stone in atari, whose liberty is a point of
//! the space, is read as it is once the owner takes the stone: where that leaves a proper
//! eye with no ko, the point is a plain one (the capture makes the eye, the attacker's move
//! at the liberty spoils it).
//!
//! Scores are kept in eighths so that GNU Go's ko values a = 7/8 and b = 9/8 are exact. For a
//! diagonal point `d` outside the space, with owner C and attacker A:
//!
//! * off the board: 8 (one) when only one coordinate is off, 0 when both are (the corner rule:
//!   so an edge point starts at 2, a corner point at 2);
//! * a point of the space: 0 when it is not marginal, has fewer than two marginal neighbours,
//!   and is not an empty point where an A stone would capture; otherwise scored as below;
//! * a C stone: 0;
//! * an A stone: 16 if reading cannot capture it; 0 if it is captured and cannot be saved;
//!   9 (b) if the only capture found is a ko capture; 8 if it can be captured and saved;
//! * empty: 7 (a) if an A move there is a ko capture that C can retake; if A can play there
//!   and reading cannot capture the stone, 8 when C can play there safely too and 16 when C
//!   cannot; 0 otherwise (C's point, or A's stone is lost).
//!
//! The sum `e` classifies: `e <= 2` proper, `2 < e < 4` half (between 2 and 3 "proper unless
//! ko", between 3 and 4 "real only by ko"), `e >= 4` false. A half eye's deciding diagonals are
//! its attack and defence points: an empty diagonal scoring 7 or 8 is both; an A stone scoring
//! 8 or 9 is attacked (for the eye) where A saves it and defended where C captures it (the
//! move the tactical reader names, with its mirror images where the position is symmetric:
//! [`Frame::images`], so that every orientation names the same points).

use crate::board::eyes::eyespace::EyeSpace;
use crate::board::orientation::Frame;
use crate::board::parallel::{side_by_side, Tasks};
use crate::board::strings::kept::{self, Snapshot};
use crate::board::strings::tactics::{self, Attack, Defense, ReadLimits};
use crate::board::{vertex, Board, Loc};

/// Spaces with at least this many points to examine read them in parallel (rayon's global
/// pool).
const PARALLEL_POINTS: usize = 4;

/// Score of a diagonal where the ko favours the owner (a = 7/8), in eighths.
pub const A_KO: u16 = 7;
/// Score of a diagonal where the ko favours the attacker (b = 9/8), in eighths.
pub const B_KO: u16 = 9;

/// The class of an eye point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EyeClass {
    /// Sum at most 2.
    Proper,
    /// Sum above 2 and below 4.
    Half,
    /// Sum 4 or more.
    False,
}

impl EyeClass {
    /// The class of a sum in eighths.
    pub fn from_eighths(e: u16) -> EyeClass {
        if e <= 16 {
            EyeClass::Proper
        } else if e < 32 {
            EyeClass::Half
        } else {
            EyeClass::False
        }
    }
}

/// The topology of one eye point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointTopology {
    /// The point.
    pub loc: Loc,
    /// The sum of its diagonal scores, in eighths.
    pub eighths: u16,
    /// Its class.
    pub class: EyeClass,
    /// Where the attacker plays to make it worse (deciding diagonals).
    pub attack: Vec<Loc>,
    /// Where the owner plays to make it better.
    pub defense: Vec<Loc>,
    /// The diagonals whose score a ko made fractional (a or b).
    pub kos: Vec<KoDiagonal>,
}

/// A diagonal whose score depends on a ko, and where each side plays to fight it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KoDiagonal {
    /// The diagonal point.
    pub diagonal: Loc,
    /// The attacker's move in the ko.
    pub attack: Loc,
    /// The owner's move in the ko.
    pub defense: Loc,
}

/// A vertex of the eye graph handed to the matcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphVertex {
    /// The board point, `None` for a half eye's virtual vertex.
    pub loc: Option<Loc>,
    /// Marginal.
    pub marginal: bool,
    /// An attacker stone sits there.
    pub stone: bool,
    /// Board edges: 0, 1 or 2 (a virtual vertex: those of its half eye's key point).
    pub edge: u8,
    /// A stone of the owner that the space closes in: every neighbour is a point of the space,
    /// a stone of the same string or off the board. Not a point of the space but a string of
    /// its own that the attacker can capture; such vertices come after all the others.
    pub enclosed: bool,
    /// A margin on the board's edge whose one free side (after its neighbours in the space
    /// and the edges) is an empty point outside the space. The graph model gives a margin's
    /// free side to the invincible attacker group that makes it marginal, and the wall gets
    /// none: an owner's stone there would have only the space's points as liberties. On the
    /// board that side is empty, a liberty the attacker must fill first, and the owner may
    /// fill it himself; the space is valued as if the margin had a side on the wall as well,
    /// as a margin in the middle of the board has (the analysis's `space_graph` counts
    /// one edge fewer). Read by hand on settled corners (`tests/board_truth.rs`), where the
    /// model alone leaves the owner no eye he makes by playing the margin first; GNU Go's
    /// `eyes.db` values such spaces the same way. A margin in the middle of the board with
    /// three neighbours in the space has the same one free side, but a graph vertex has at
    /// most four sides, so there the model's reading is kept.
    pub open_side: bool,
}

/// An eye space as a graph: what the matcher (`docs/PATTERNS.md`, "Matching") reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceGraph {
    /// The vertices: the space's points in order, then virtual vertices.
    pub vertices: Vec<GraphVertex>,
    /// Undirected edges `(i, j)`, `i < j`, sorted.
    pub edges: Vec<(usize, usize)>,
}

/// An eye space after the topological analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzedSpace {
    /// The space, with false eyes already made marginal.
    pub space: EyeSpace,
    /// The points examined (at most one neighbour in the space), in the space's order.
    pub points: Vec<PointTopology>,
    /// The graph for the matcher.
    pub graph: SpaceGraph,
    /// Liberties the owner's weakest string next to the space has outside it (at most
    /// [`MAX_OUTER_LIBERTIES`](crate::evaluation::solve::MAX_OUTER_LIBERTIES)): what the attacker can fill besides the space itself. The
    /// solver's model gives the surrounding string this many outer liberties.
    pub outer_liberties: u8,
    /// When the topology depends on exactly one ko ([`kos`]): the space analysed again with
    /// that ko settled for each side, for the value stage to join (`values::ko`). `None`
    /// otherwise, and
    /// in the settled analyses themselves.
    pub ko_settled: Option<Box<KoSettled>>,
}

/// A space analysed with its one ko settled each way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoSettled {
    /// The ko: its diagonal and each side's move in it.
    pub ko: KoDiagonal,
    /// The analysis with the ko diagonal the owner's.
    pub owner_wins: AnalyzedSpace,
    /// The analysis with a safe attacker stone on the ko diagonal.
    pub attacker_wins: AnalyzedSpace,
}

impl AnalyzedSpace {
    /// The half eyes.
    pub fn half_eyes(&self) -> impl Iterator<Item = &PointTopology> {
        self.points.iter().filter(|p| p.class == EyeClass::Half)
    }

    /// The half eyes the graph plays out with a virtual marginal vertex, in order: those with a
    /// deciding diagonal outside the space. Where every deciding diagonal is a point of the space,
    /// the space's own vertices already stand for it (an empty half eye is joined to them), and
    /// a virtual vertex would give the attacker a second move on the same point.
    pub fn virtual_half_eyes(&self) -> impl Iterator<Item = &PointTopology> {
        self.half_eyes()
            .filter(|h| has_virtual_vertex(&self.space, h))
    }

    /// The false eyes.
    pub fn false_eyes(&self) -> impl Iterator<Item = &PointTopology> {
        self.points.iter().filter(|p| p.class == EyeClass::False)
    }

    /// One line per examined point that is not proper, or whose sum a ko made fractional:
    /// `C3 half 3 attack D2 defense D2` (the sum printed exactly: `3`, `1.875`, ...).
    pub fn report(&self, board: &Board) -> String {
        let names = |v: &[Loc]| {
            v.iter()
                .map(|&l| vertex::name(board, l))
                .collect::<Vec<_>>()
                .join(",")
        };
        self.points
            .iter()
            .filter(|p| p.class != EyeClass::Proper || p.eighths % 8 != 0)
            .map(|p| {
                let class = match p.class {
                    EyeClass::Proper => "proper",
                    EyeClass::Half => "half",
                    EyeClass::False => "false",
                };
                let mut s = format!(
                    "{} {} {}",
                    vertex::name(board, p.loc),
                    class,
                    eighths_to_string(p.eighths)
                );
                if !p.attack.is_empty() {
                    s.push_str(&format!(" attack {}", names(&p.attack)));
                }
                if !p.defense.is_empty() {
                    s.push_str(&format!(" defense {}", names(&p.defense)));
                }
                s
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A sum in eighths as a decimal: `3`, `2.875`.
pub fn eighths_to_string(e: u16) -> String {
    let whole = e / 8;
    let frac = e % 8;
    if frac == 0 {
        format!("{whole}")
    } else {
        let s = format!("{:.3}", f64::from(e) / 8.0);
        s.trim_end_matches('0').to_string()
    }
}

/// Who is taken to have won a ko on a diagonal, for reading a space one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoWinner {
    /// The owner: the diagonal scores 0, as the owner's point.
    Owner,
    /// The attacker: the diagonal scores 2, as a safe attacker stone.
    Attacker,
}

/// A ko diagonal read as settled: the point and who won it.
pub type SettledKo = (Loc, KoWinner);

/// The topology of the point `loc` of `space`.
pub fn topological_eye(
    board: &mut Board,
    space: &EyeSpace,
    loc: Loc,
    limits: ReadLimits,
) -> PointTopology {
    topological_eye_settled(board, space, loc, limits, None, Detail::Sums)
}

/// What the diagonals of an examined point are read for ([`analyze_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Every diagonal: each examined point's exact sum, what `nakade analyze` and GNU Go's
    /// `eye_data` print.
    #[default]
    Sums,
    /// Only the diagonals that can change a point's class. Where those scored without a
    /// reading leave the class the same whatever the others score (nothing scored yet and
    /// one diagonal left to read, which adds 2 at most: proper whatever it scores; or 4
    /// scored already: false), the others are not read, and the point's sum counts only
    /// the diagonals read. The classes, and so the graph and the half eyes' vital points,
    /// are those of [`Detail::Sums`]; a ko on a diagonal not read is not seen (the point's
    /// class is the same whoever wins it). What the final status asks: on the 170
    /// positions of `tests/final/`, a tenth of its time on one thread went into the
    /// readings this leaves out.
    Classes,
}

/// A diagonal of an examined point, before any reading.
#[derive(Clone, Copy)]
enum Diagonal {
    /// Scored without a reading (off the board, a point of the space, an owner's stone, the
    /// settled ko), in eighths.
    Plain(u16),
    /// Empty, where the attacker's move is a ko capture the owner can retake (a = 7/8).
    Ko,
    /// An attacker stone: its reading decides.
    Stone,
    /// Empty: the readings of a stone of each colour there decide.
    Empty,
}

/// What the diagonal `d` (the off-board points `q1`, `q2` beside it) of an examined point of
/// `space` is before any reading, with `settled` read as settled.
fn diagonal(
    board: &mut Board,
    space: &EyeSpace,
    settled: Option<SettledKo>,
    (d, q1, q2): (Loc, Loc, Loc),
) -> Diagonal {
    let owner = space.color;
    let enemy = owner.opponent();
    if let Some((ko, winner)) = settled {
        if d == ko {
            return Diagonal::Plain(if winner == KoWinner::Attacker { 16 } else { 0 });
        }
    }
    if !board.on_board(d) {
        let one_off = board.on_board(q1) || board.on_board(q2);
        return Diagonal::Plain(if one_off { 8 } else { 0 });
    }
    if let Some(j) = space.index_of(d) {
        // A point of the space counts as the owner's unless it is a margin, borders two
        // margins, or is empty and an attacker stone there would capture.
        let margins = space
            .neighbors(board, j)
            .iter()
            .filter(|&&k| space.points[k].marginal)
            .count();
        let solid = !space.points[j].marginal
            && margins < 2
            && !(board.is_empty(d) && captures_something(board, d, enemy));
        if solid {
            return Diagonal::Plain(0);
        }
    }
    match board.color(d) {
        Some(c) if c == owner => Diagonal::Plain(0),
        Some(_) => Diagonal::Stone,
        None if is_ko_capture(board, d, enemy) => Diagonal::Ko,
        None => Diagonal::Empty,
    }
}

/// [`topological_eye`] with one ko diagonal read as settled: the diagonal `settled.0` scores
/// as the winner's and stays a deciding point; the diagonals read as `detail` says.
fn topological_eye_settled(
    board: &mut Board,
    space: &EyeSpace,
    loc: Loc,
    limits: ReadLimits,
    settled: Option<SettledKo>,
    detail: Detail,
) -> PointTopology {
    let owner = space.color;
    let enemy = owner.opponent();
    let mut sum = 0u16;
    let mut attack = Vec::new();
    let mut defense = Vec::new();
    let mut kos = Vec::new();
    // The stones, for the kept readings: taken at the first reading of a string.
    let mut snap: Option<Snapshot> = None;
    let diagonals: [(Loc, Diagonal); 4] = board
        .diagonals(loc)
        .map(|dq| (dq.0, diagonal(board, space, settled, dq)));
    let (plain, to_read) = diagonals.iter().fold((0, 0), |(p, n), (_, k)| match k {
        Diagonal::Plain(e) => (p + e, n),
        Diagonal::Ko => (p + A_KO, n),
        Diagonal::Stone | Diagonal::Empty => (p, n + 1),
    });
    // Each diagonal read adds 16 at most.
    let read = detail == Detail::Sums || to_read == 0 || (plain + 16 * to_read > 16 && plain < 32);
    for &(d, kind) in &diagonals {
        match kind {
            Diagonal::Plain(e) => sum += e,
            Diagonal::Ko => {
                sum += A_KO;
                attack.push(d);
                defense.push(d);
                kos.push(KoDiagonal {
                    diagonal: d,
                    attack: d,
                    defense: d,
                });
            }
            _ if !read => {}
            Diagonal::Stone => match kept::status(
                board,
                snap.get_or_insert_with(|| Snapshot::of(board)),
                d,
                limits,
            ) {
                (Attack::Fails, _) => sum += 16,
                (Attack::Captures(m), def) => {
                    let ko_capture = is_ko_capture(board, m, owner);
                    match def {
                        Defense::Fails if !ko_capture => {}
                        Defense::Fails => {
                            sum += B_KO;
                            defense.extend(Frame::of(board, Some(d)).images(board, m));
                            kos.push(KoDiagonal {
                                diagonal: d,
                                attack: m,
                                defense: m,
                            });
                        }
                        Defense::Saves(s) => {
                            sum += if ko_capture { B_KO } else { 8 };
                            // On a symmetric position the reader's move and its mirror
                            // images are equal: all of them decide the eye, so that no
                            // orientation names one and not the other.
                            let frame = Frame::of(board, Some(d));
                            attack.extend(frame.images(board, s));
                            defense.extend(frame.images(board, m));
                            if ko_capture {
                                kos.push(KoDiagonal {
                                    diagonal: d,
                                    attack: s,
                                    defense: m,
                                });
                            }
                        }
                        Defense::NotNeeded => sum += 16,
                    }
                }
            },
            Diagonal::Empty => {
                if tactics::safe_move(board, d, enemy, limits) {
                    if tactics::safe_move(board, d, owner, limits) {
                        sum += 8;
                        attack.push(d);
                        defense.push(d);
                    } else {
                        // The attacker can take it and the owner cannot: the attacker's.
                        sum += 16;
                    }
                }
            }
        }
    }
    let class = EyeClass::from_eighths(sum);
    if class == EyeClass::Proper || class == EyeClass::False {
        attack.clear();
        defense.clear();
    }
    attack.sort();
    attack.dedup();
    defense.sort();
    defense.dedup();
    PointTopology {
        loc,
        eighths: sum,
        class,
        attack,
        defense,
        kos,
    }
}

/// True when `color` playing at the empty `m` captures at least one stone.
fn captures_something(board: &Board, m: Loc, color: crate::board::Color) -> bool {
    board
        .neighbors(m)
        .any(|n| board.color(n) == Some(color.opponent()) && board.liberty_count(n) == 1)
}

/// True when `color` playing at `m` captures exactly one stone and leaves a ko to retake.
fn is_ko_capture(board: &mut Board, m: Loc, color: crate::board::Color) -> bool {
    match board.play(m, color) {
        Err(_) => false,
        Ok(_) => {
            let ko = board.ko().is_some();
            board.undo();
            ko
        }
    }
}

/// Analyse every point of `space` with at most one neighbour in it and build the graph.
///
/// When the topology depends on exactly one ko, the space is also analysed with the ko
/// settled for each side ([`AnalyzedSpace::ko_settled`]).
pub fn analyze(board: &mut Board, space: &EyeSpace, limits: ReadLimits) -> AnalyzedSpace {
    analyze_with(board, space, limits, Detail::Sums)
}

/// [`analyze`], the diagonals read as `detail` says.
pub fn analyze_with(
    board: &mut Board,
    space: &EyeSpace,
    limits: ReadLimits,
    detail: Detail,
) -> AnalyzedSpace {
    let mut analyzed = settled_with(board, space, limits, None, detail);
    if let [ko] = kos(&analyzed)[..] {
        let mut settled =
            |winner| settled_with(board, space, limits, Some((ko.diagonal, winner)), detail);
        let owner_wins = settled(KoWinner::Owner);
        let attacker_wins = settled(KoWinner::Attacker);
        analyzed.ko_settled = Some(Box::new(KoSettled {
            ko,
            owner_wins,
            attacker_wins,
        }));
    }
    analyzed
}

/// The ko diagonals of an analysed space: every diagonal a ko made fractional, each once.
pub fn kos(analyzed: &AnalyzedSpace) -> Vec<KoDiagonal> {
    let mut kos: Vec<KoDiagonal> = analyzed
        .points
        .iter()
        .flat_map(|p| p.kos.iter().copied())
        .collect();
    kos.sort();
    kos.dedup_by_key(|k| k.diagonal);
    kos
}

/// [`analyze`] with the ko diagonal `settled.0` read as won by `settled.1` wherever it is a
/// diagonal of an examined point.
pub fn analyze_settled(
    board: &mut Board,
    space: &EyeSpace,
    limits: ReadLimits,
    settled: Option<SettledKo>,
) -> AnalyzedSpace {
    settled_with(board, space, limits, settled, Detail::Sums)
}

/// [`analyze_settled`], the diagonals read as `detail` says.
fn settled_with(
    board: &mut Board,
    space: &EyeSpace,
    limits: ReadLimits,
    settled: Option<SettledKo>,
    detail: Detail,
) -> AnalyzedSpace {
    let examined: Vec<Loc> = (0..space.points.len())
        .filter(|&i| !space.points[i].marginal && space.neighbors(board, i).len() <= 1)
        .map(|i| space.points[i].loc)
        .collect();
    let one = |b: &mut Board, loc: Loc| {
        let mut t = topological_eye_settled(b, space, loc, limits, settled, detail);
        if let Some(m) = margin_settling(b, space, &t, limits, settled) {
            t.attack = vec![m];
            t.defense = vec![m];
        }
        if let Some(after) = capture_settling(b, space, &t, limits, settled) {
            t = after;
        }
        t
    };
    // Each point's reading is its own: a space with many points to examine reads them side
    // by side, one point a task.
    let points = side_by_side(
        board,
        &examined,
        PARALLEL_POINTS,
        Tasks::OneEach,
        |b, &loc| one(b, loc),
    );
    let mut out = space.clone();
    let enemy = space.color.opponent();
    for t in &points {
        if t.class != EyeClass::False {
            continue;
        }
        let Some(i) = out.index_of(t.loc) else {
            continue;
        };
        let enterable =
            out.points.len() == 1 || out.points[i].stone || board.is_legal(t.loc, enemy);
        if enterable {
            out.points[i].marginal = true;
        }
    }
    let mut vertices: Vec<GraphVertex> = out
        .points
        .iter()
        .map(|p| GraphVertex {
            loc: Some(p.loc),
            marginal: p.marginal,
            stone: p.stone,
            edge: p.edge,
            enclosed: false,
            open_side: false,
        })
        .collect();
    let mut edges = Vec::new();
    for i in 0..out.points.len() {
        for j in out.neighbors(board, i) {
            if i < j {
                edges.push((i, j));
            }
        }
    }
    for t in points
        .iter()
        .filter(|t| t.class == EyeClass::Half && has_virtual_vertex(&out, t))
    {
        let i = out.index_of(t.loc).expect("in the space");
        // The virtual vertex stands for the key point (GNU Go adds the deciding diagonal as a
        // marginal vertex): it lies on as many edges as that point.
        let key_edge = t
            .defense
            .iter()
            .chain(&t.attack)
            .map(|&k| board.edge_count(k))
            .min()
            .unwrap_or(0);
        vertices.push(GraphVertex {
            loc: None,
            marginal: true,
            stone: false,
            edge: key_edge,
            enclosed: false,
            open_side: false,
        });
        edges.push((i, vertices.len() - 1));
    }
    // A half eye decided only by points of its own space: those points are joined to it, so
    // that one attacker move there both takes the point and spoils the half eye. An attacker
    // stone is joined only to a deciding point that keeps a side on the wall: its neighbours
    // in the graph, its edges and, for a margin, the attacker's side leave one free. The
    // stone then leaves the space with the margin the attacker takes (its point, a false
    // eye once he holds the diagonal, is no eye after the capture), and the owner filling
    // the margin first leaves the stone its own liberties. Where the join would take the
    // deciding point's last wall side (a margin on the edge beside the corner), the model
    // would cut the owner's stone there off his wall, and the stone is left as it is.
    //
    // The stones' joins are weighed first, against the space's own edges and the virtual
    // vertices, and all the joins asked of one deciding point together (all or none), so
    // that no join depends on the order of the points: the same graph however the board is
    // turned. The empty half eyes' joins follow, whatever sides they take.
    let half_inside: Vec<(usize, Vec<usize>)> = points
        .iter()
        .filter(|t| t.class == EyeClass::Half && !has_virtual_vertex(&out, t))
        .map(|t| {
            let i = out.index_of(t.loc).expect("in the space");
            let mut deciding: Vec<usize> = t
                .attack
                .iter()
                .chain(&t.defense)
                .filter_map(|k| out.index_of(*k))
                .filter(|&j| j != i)
                .collect();
            deciding.sort_unstable();
            deciding.dedup();
            (i, deciding)
        })
        .collect();
    let stone_joins: Vec<(usize, usize)> = half_inside
        .iter()
        .filter(|(i, _)| out.points[*i].stone)
        .flat_map(|(i, deciding)| deciding.iter().map(move |&j| (*i, j)))
        .filter(|&(i, j)| !edges.contains(&(i.min(j), i.max(j))))
        .collect();
    let degree = |edges: &[(usize, usize)], j: usize| {
        edges.iter().filter(|&&(a, b)| a == j || b == j).count()
    };
    let keeps_a_side = |j: usize| {
        let asked = stone_joins.iter().filter(|&&(_, k)| k == j).count();
        degree(&edges, j)
            + asked
            + usize::from(out.points[j].edge.min(2))
            + usize::from(out.points[j].marginal)
            <= 3
    };
    let kept: Vec<(usize, usize)> = stone_joins
        .iter()
        .copied()
        .filter(|&(_, j)| keeps_a_side(j))
        .map(|(i, j)| (i.min(j), i.max(j)))
        .collect();
    for e in kept {
        if !edges.contains(&e) {
            edges.push(e);
        }
    }
    for (i, deciding) in half_inside.iter().filter(|(i, _)| !out.points[*i].stone) {
        for &j in deciding {
            let e = ((*i).min(j), (*i).max(j));
            if !edges.contains(&e) {
                edges.push(e);
            }
        }
    }
    // The owner's strings the space closes in, after every vertex of the space.
    let first_stone = vertices.len();
    for loc in enclosed_strings(board, &out) {
        vertices.push(GraphVertex {
            loc: Some(loc),
            marginal: false,
            stone: false,
            edge: board.edge_count(loc).min(2),
            enclosed: true,
            open_side: false,
        });
    }
    for i in first_stone..vertices.len() {
        let Some(a) = vertices[i].loc else { continue };
        for n in board.neighbors(a) {
            if let Some(j) = out.index_of(n) {
                edges.push((j, i));
            } else if let Some(j) = (i + 1..vertices.len()).find(|&j| vertices[j].loc == Some(n)) {
                edges.push((i, j));
            }
        }
    }
    // A half eye's virtual vertex stands for a side of its point; where an enclosed stone
    // takes a side too, the point would have more than four: keep the half-eye reading.
    let sides = |i: usize| {
        edges.iter().filter(|&&(a, b)| a == i || b == i).count() + vertices[i].edge as usize
    };
    if (0..first_stone).any(|i| sides(i) > 4) {
        vertices.truncate(first_stone);
        edges.retain(|&(a, b)| a < first_stone && b < first_stone);
    }
    // A margin on the edge whose one free side is an empty point outside the space (see
    // `GraphVertex::open_side`).
    for (i, p) in out.points.iter().enumerate() {
        let degree = edges.iter().filter(|&&(a, b)| a == i || b == i).count();
        let v = &mut vertices[i];
        v.open_side = v.marginal
            && !v.stone
            && v.edge > 0
            && degree + usize::from(v.edge) == 3
            && board
                .neighbors(p.loc)
                .any(|n| board.is_empty(n) && !out.contains(n));
    }
    edges.sort();
    let outer_liberties = out.outer_liberties(board);
    AnalyzedSpace {
        space: out,
        points,
        graph: SpaceGraph { vertices, edges },
        outer_liberties,
        ko_settled: None,
    }
}

/// The margin that decides half eye `t` of a two-point space by itself, if there is one.
///
/// The space is `t`'s point and an empty margin `m` beside it, and the owner's stone at `m`
/// (safe, as tactical reading sees it) leaves the half eye proper with no ko: white's K12
/// L12, margin L12, K12 half on its diagonals L13, J11, L11, where white's L12 also makes
/// black's L13 a stone white takes. The graph model would give the half eye a virtual vertex
/// of its own (`!.!`, `0001`: the owner needs both moves); on the board the owner's one move
/// at `m` closes the margin and settles the eye (`0011`), and the attacker's move there
/// spoils it, as the graph `!.` says. The half eye's deciding points are then `m` alone, so
/// the graph joins it to `m` (they are neighbours already) instead of a virtual vertex.
fn margin_settling(
    board: &mut Board,
    space: &EyeSpace,
    t: &PointTopology,
    limits: ReadLimits,
    settled: Option<SettledKo>,
) -> Option<Loc> {
    if t.class != EyeClass::Half || space.points.len() != 2 {
        return None;
    }
    let m = space.points.iter().find(|p| p.loc != t.loc)?;
    if !m.marginal || m.stone || !board.is_empty(m.loc) {
        return None;
    }
    let m = m.loc;
    if !board.neighbors(t.loc).any(|n| n == m) || !tactics::safe_move(board, m, space.color, limits)
    {
        return None;
    }
    proper_after(board, space, t.loc, m, limits, settled).map(|_| m)
}

/// The topology of the point `loc` of `space` once the owner has played at `m`, where that
/// leaves it a proper eye with no ko; `None` otherwise, or where the move is refused.
fn proper_after(
    board: &mut Board,
    space: &EyeSpace,
    loc: Loc,
    m: Loc,
    limits: ReadLimits,
    settled: Option<SettledKo>,
) -> Option<PointTopology> {
    board.play(m, space.color).ok()?;
    // Every diagonal read: a ko on any of them keeps the point from settling.
    let after = topological_eye_settled(board, space, loc, limits, settled, Detail::Sums);
    board.undo();
    (after.class == EyeClass::Proper && after.kos.is_empty()).then_some(after)
}

/// The topology of false eye `t` as it is once the owner takes the attacker's stone on it,
/// where that leaves a proper eye with no ko.
///
/// The point holds a lone attacker stone in atari whose liberty is a point of the space, so
/// the owner's move there takes it (black F4 against white E4, eyes.db's shape 448). The
/// diagonals are scored on the board as it stands, with the stone still there and that
/// liberty empty: an attacker stone on a diagonal then may not be capturable (white's D5 and
/// D3 beside E4), and the point reads false. After the capture the same diagonals are the
/// owner's, and the point is a proper eye, as reading it then says. Read as false, the graph
/// gives the owner no eye even moving first (`0000`); read as after the capture, it gives
/// the capture its eye, and the attacker's move at the liberty (joining the stone) takes it
/// away (`0011`, the liberty vital for both), as GNU Go's pattern 448 reads the shape.
fn capture_settling(
    board: &mut Board,
    space: &EyeSpace,
    t: &PointTopology,
    limits: ReadLimits,
    settled: Option<SettledKo>,
) -> Option<PointTopology> {
    let i = space.index_of(t.loc)?;
    if t.class != EyeClass::False
        || !space.points[i].stone
        || board.stone_count(t.loc) != 1
        || board.liberty_count(t.loc) != 1
    {
        return None;
    }
    // The stone's one liberty: the owner's move there takes it.
    let l = board
        .neighbors(t.loc)
        .find(|&n| board.is_empty(n) && space.contains(n))?;
    proper_after(board, space, t.loc, l, limits, settled)
}

/// Whether half eye `t` of `space` gets a virtual vertex: some deciding diagonal lies outside
/// the space.
fn has_virtual_vertex(space: &EyeSpace, t: &PointTopology) -> bool {
    t.attack
        .iter()
        .chain(&t.defense)
        .any(|&k| !space.contains(k))
}

/// The stones of the owner's strings that `space` closes in ([`EyeSpace::closes_in`]), in
/// board order.
fn enclosed_strings(board: &Board, space: &EyeSpace) -> Vec<Loc> {
    let mut out: Vec<Loc> = Vec::new();
    let mut seen: Vec<Loc> = Vec::new();
    for p in &space.points {
        for n in board.neighbors(p.loc) {
            if board.color(n) != Some(space.color) || seen.contains(&n) {
                continue;
            }
            let stones = board.string_stones(n);
            seen.extend(&stones);
            if space.closes_in(board, &stones) {
                out.extend(stones);
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii::parse_board;
    use crate::board::eyes::eyespace::{eye_spaces, Liveness};
    use crate::board::Color;

    /// What a reading for classes only keeps of an analysed space: the space, the graph,
    /// each examined point's class and vital points, and the same of the ko readings.
    fn classes(a: &AnalyzedSpace) -> String {
        let points: Vec<_> = a
            .points
            .iter()
            .map(|p| (p.loc, p.class, &p.attack, &p.defense))
            .collect();
        let ko = a
            .ko_settled
            .as_ref()
            .map(|k| (k.ko, classes(&k.owner_wins), classes(&k.attacker_wins)));
        format!("{:?} {:?} {points:?} {ko:?}", a.space, a.graph)
    }

    /// Read for classes only, every space of every position of `tests/final/` (both colours,
    /// the dead strings as the tactical reader finds them, the final status's budget) has
    /// the graph, the classes, the half eyes' vital points and the ko readings of a reading of
    /// every diagonal; some points' sums are partial (the readings left out).
    #[test]
    fn classes_only_give_the_graphs_of_every_diagonal_read() {
        let limits = ReadLimits {
            max_nodes: 2_000,
            ..ReadLimits::default()
        };
        let (mut points, mut partial) = (0, 0);
        for (name, mut board, _) in crate::board::corpus::final_positions() {
            let live = Liveness::read(&mut board, limits);
            for color in [Color::Black, Color::White] {
                for space in eye_spaces(&mut board, &live, color, limits) {
                    let sums = analyze_with(&mut board, &space, limits, Detail::Sums);
                    let only = analyze_with(&mut board, &space, limits, Detail::Classes);
                    assert!(classes(&sums) == classes(&only), "{name}");
                    points += sums.points.len();
                    partial += sums
                        .points
                        .iter()
                        .zip(&only.points)
                        .filter(|(s, c)| s.eighths != c.eighths)
                        .count();
                }
            }
        }
        // A point in four has a diagonal that cannot change its class (402 of 1,644).
        assert!(partial * 5 >= points, "{partial} of {points}");
    }

    /// Topology reports of every white space, in order.
    fn white_report(text: &str, size: Option<usize>) -> Vec<String> {
        let mut b = parse_board(text, size).unwrap().board;
        let live = Liveness::read(&mut b, ReadLimits::default());
        let before = b.clone();
        let mut out = Vec::new();
        for s in eye_spaces(&mut b, &live, Color::White, ReadLimits::default()) {
            let a = analyze(&mut b, &s, ReadLimits::default());
            out.push(format!("{}|{}", s.summary(&b), a.report(&b)));
        }
        assert_eq!(b, before);
        out
    }

    #[test]
    fn eighths_print_exactly() {
        assert_eq!(eighths_to_string(24), "3");
        assert_eq!(eighths_to_string(23), "2.875");
        assert_eq!(eighths_to_string(25), "3.125");
        assert_eq!(eighths_to_string(30), "3.75");
        assert_eq!(EyeClass::from_eighths(16), EyeClass::Proper);
        assert_eq!(EyeClass::from_eighths(17), EyeClass::Half);
        assert_eq!(EyeClass::from_eighths(31), EyeClass::Half);
        assert_eq!(EyeClass::from_eighths(32), EyeClass::False);
    }

    #[test]
    fn seed_half_eye() {
        // Seed 002, "Eye Topology": OOXX / O.O. / OO.X, a half eye for O.
        let d = "\
+-----------+
|. O O O X .|
|O O O O X .|
|O O O X X .|
|O O . O . .|
|O O O . X .|
|. . . . . .|
+-----------+";
        let got = white_report(d, None);
        assert!(
            got.iter()
                .any(|l| l.starts_with("white 1: C3 ")
                    && l.ends_with("|C3 half 3 attack D2 defense D2")),
            "{got:?}"
        );
    }

    /// The corner rule: a corner point starts at 2 (two diagonals off one edge score 1, the one
    /// off both scores 0), so its single board diagonal decides.
    #[test]
    fn corner_eye_is_decided_by_its_one_diagonal() {
        let case = |diag: char| {
            let d = format!("+-------\n|a O X .\n|O {diag} X .\n|X X X .\n|. . . .");
            let p = parse_board(&d, Some(7)).unwrap();
            let mut b = p.board;
            let live = Liveness::all_alive(&b);
            let spaces = eye_spaces(&mut b, &live, Color::White, ReadLimits::default());
            let s = spaces
                .iter()
                .find(|s| s.contains(p.labels[&'a']))
                .unwrap()
                .clone();
            let t = topological_eye(&mut b, &s, p.labels[&'a'], ReadLimits::default());
            let names: Vec<String> = t.attack.iter().map(|&l| vertex::name(&b, l)).collect();
            (t.class, eighths_to_string(t.eighths), names.join(","))
        };
        assert_eq!(case('X'), (EyeClass::False, "4".to_string(), String::new()));
        // An empty B6: black B6 joins the wall and is safe, white B6 is self-atari (the string
        // A6 B6 B7 keeps only A7, and black A7 takes three stones). B6 is black's (2): A7 is a
        // false eye, not a half eye. (Formerly scored 1, as if white could hold B6.)
        assert_eq!(case('.'), (EyeClass::False, "4".to_string(), String::new()));
        assert_eq!(
            case('O'),
            (EyeClass::Proper, "2".to_string(), String::new())
        );
    }

    #[test]
    fn graph_of_a_half_eye_has_one_virtual_margin() {
        // B6 is safe for both: white B6 joins A5 A6 and B7 C7 (liberties A7, D7, A4), black
        // B6 joins its wall. A7 is a half eye decided at B6.
        let d = "+-------\n|a O O .\n|O . X .\n|O X X .\n|. . . .";
        let p = parse_board(d, Some(7)).unwrap();
        let mut b = p.board;
        let live = Liveness::all_alive(&b);
        let spaces = eye_spaces(&mut b, &live, Color::White, ReadLimits::default());
        let s = spaces.iter().find(|s| s.contains(p.labels[&'a'])).unwrap();
        let a = analyze(&mut b, s, ReadLimits::default());
        assert_eq!(a.graph.vertices.len(), 2);
        assert_eq!(a.graph.edges, vec![(0, 1)]);
        assert_eq!(
            a.graph.vertices[1],
            GraphVertex {
                loc: None,
                marginal: true,
                stone: false,
                edge: 0,
                enclosed: false,
                open_side: false,
            }
        );
    }
}
