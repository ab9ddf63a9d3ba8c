//! The static eye status checked against the solver, position by position, and the static
//! vital points against the solver's.
//!
//! Takes the centre shapes of a range of sizes (hole-free, as the paper's eye shapes are) and
//! the wall's outside liberties; gives, for every legal filling of opponent stones and both
//! players to move, the positions where the static status ([`super::status::eye_status`])
//! and the solver's ([`super::life::solver_status`]) differ, each sorted into an
//! [`ExceptionKind`] by a rule on the position; and for every shape with static vital points,
//! the solver's vital points by the paper's definition (§3: the points the opponent must fill
//! to give the eye a nakade status): the union of the minimal fillings the solver reads as
//! Nakade.

use super::life::{legal_fillings, solver_status, SolverReading, CHECK_NODE_LIMIT};
use super::neighbour::{sub_class, NeighbourClass};
use super::placement::placements;
use super::points::ShapePoints;
use super::polyomino::{free_polyominoes, Cell};
use super::status::{eye_status, EyeStatus};
use crate::evaluation::solve::{LocalReader, SolveError, Space};

/// Why the static status and the solver's differ in one position. The kind is decided by a
/// rule on the position (see each variant), so a recomputation sorts every case again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum ExceptionKind {
    /// The solver is better for the owner, and an opponent string has one liberty left: the
    /// owner captures it (the opponent cannot fill the last point, that would be suicide
    /// while the wall has outside liberties), which the static count of empty vital points
    /// does not see.
    Capture,
    /// The solver is better for the owner, no opponent string is in atari: the owner has a
    /// move that makes two eyes that the static vital set does not hold.
    VitalPointMissing,
    /// The solver is worse for the owner, and the static status is Alive only because the
    /// opponent's stones stand on the end points: they do not stop the kill.
    EndPointFilled,
    /// The solver is worse for the owner otherwise: the opponent kills (or makes the eye
    /// unsettled) with stones the static vital set does not count.
    KillOffVital,
    /// The owner lives with the opponent to move but not moving first (a status the paper has
    /// no name for).
    OpponentFirstOnly,
}

impl ExceptionKind {
    /// A short name for listings.
    pub fn name(&self) -> &'static str {
        match self {
            ExceptionKind::Capture => "capture",
            ExceptionKind::VitalPointMissing => "vital-missing",
            ExceptionKind::EndPointFilled => "end-filled",
            ExceptionKind::KillOffVital => "kill-off-vital",
            ExceptionKind::OpponentFirstOnly => "opponent-first-only",
        }
    }
}

/// Who is to move in the readings that differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum ToMove {
    /// Only the reading with the opponent to move differs.
    Opponent,
    /// Only the reading with the owner to move differs.
    Owner,
    /// Both readings differ.
    Both,
}

impl std::fmt::Display for ToMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ToMove::Opponent => "opponent",
            ToMove::Owner => "owner",
            ToMove::Both => "both",
        })
    }
}

/// One position where the static status and the solver's differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exception {
    /// The shape's cells, as the centre placement has them.
    pub shape: Vec<Cell>,
    /// The opponent's stones inside.
    pub stones: Vec<Cell>,
    /// Which readings differ.
    pub to_move: ToMove,
    /// The static status (AliveInAtari kept: it is compared as Alive).
    pub static_status: EyeStatus,
    /// The solver's status; `None` for alive only with the opponent to move.
    pub solver: Option<EyeStatus>,
    /// Why they differ.
    pub kind: ExceptionKind,
}

/// The static vital points of one shape beside the solver's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VitalCheck {
    /// The shape's cells.
    pub shape: Vec<Cell>,
    /// The static vital points.
    pub static_vital: Vec<Cell>,
    /// The union of the minimal fillings the solver reads as Nakade (sorted).
    pub solver_vital: Vec<Cell>,
    /// Those minimal fillings, each sorted.
    pub nakade_fillings: Vec<Vec<Cell>>,
}

impl VitalCheck {
    /// Whether every static vital point is one of the solver's.
    pub fn among(&self) -> bool {
        self.static_vital
            .iter()
            .all(|c| self.solver_vital.contains(c))
    }
}

/// The whole check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusCheck {
    /// Positions read (a filling, both players to move, counts once).
    pub positions: usize,
    /// The positions that differ, in shape order, fillings ascending.
    pub exceptions: Vec<Exception>,
    /// One entry per shape with static vital points.
    pub vital: Vec<VitalCheck>,
}

fn rank(s: Option<EyeStatus>) -> u8 {
    match s {
        Some(EyeStatus::Nakade) => 0,
        Some(EyeStatus::Unsettled) => 1,
        Some(EyeStatus::Alive) | Some(EyeStatus::AliveInAtari) => 2,
        None => 3,
    }
}

/// The readings a static status stands for: (alive with the opponent first, alive moving
/// first).
fn expected(s: EyeStatus) -> (bool, bool) {
    match s {
        EyeStatus::Nakade => (false, false),
        EyeStatus::Unsettled => (false, true),
        EyeStatus::Alive | EyeStatus::AliveInAtari => (true, true),
    }
}

/// The opponent strings of `x` with exactly one empty point beside them.
fn in_atari(space: &Space, cells: usize, x: u32) -> bool {
    let empty = ((1u32 << cells) - 1) & !x & !space.defender;
    let near = |set: u32| {
        (0..space.n)
            .filter(|v| set >> v & 1 == 1)
            .fold(0, |m, v| m | space.adj[v])
    };
    let mut left = x;
    while left != 0 {
        let mut string = 1u32 << left.trailing_zeros();
        loop {
            let grow = string | near(string) & x;
            if grow == string {
                break;
            }
            string = grow;
        }
        if (near(string) & empty).count_ones() == 1 {
            return true;
        }
        left &= !string;
    }
    false
}

fn kind(
    points: &ShapePoints,
    stones: &[Cell],
    atari: bool,
    static_status: EyeStatus,
    solver: Option<EyeStatus>,
) -> ExceptionKind {
    if solver.is_none() {
        return ExceptionKind::OpponentFirstOnly;
    }
    if rank(solver) > rank(Some(static_status)) {
        return if atari {
            ExceptionKind::Capture
        } else {
            ExceptionKind::VitalPointMissing
        };
    }
    let open_vital = points.vital.iter().filter(|c| !stones.contains(c)).count();
    let end_filled = !points.end.is_empty() && points.end.iter().all(|c| stones.contains(c));
    if end_filled && !points.life_property && open_vital < 2 {
        ExceptionKind::EndPointFilled
    } else {
        ExceptionKind::KillOffVital
    }
}

/// Check every hole-free centre shape of `min..=max` cells whose index in its size's list
/// passes `keep`, with `libs` outside liberties.
pub fn check_status(
    min: usize,
    max: usize,
    libs: u8,
    keep: impl Fn(usize, usize) -> bool,
) -> Result<StatusCheck, SolveError> {
    let mut out = StatusCheck::default();
    for (k, shapes) in free_polyominoes(max).into_iter().enumerate() {
        let size = k + 1;
        if size < min {
            continue;
        }
        for (i, shape) in shapes.iter().filter(|s| !s.is_holed()).enumerate() {
            if !keep(size, i) {
                continue;
            }
            let p = &placements(shape)[0];
            let space = p.space();
            let n = p.cells.len();
            let mut reader = LocalReader::new(&space, CHECK_NODE_LIMIT)?;
            let mut nakade: Vec<u32> = Vec::new();
            let of = |x: u32| -> Vec<Cell> {
                (0..n)
                    .filter(|&i| x >> i & 1 == 1)
                    .map(|i| p.cells[i])
                    .collect()
            };
            for x in legal_fillings(&space, n) {
                let stones = of(x);
                let reading = eye_status(&p.cells, &stones, &[]);
                let r: SolverReading = solver_status(&mut reader, x, 0, libs, [0, 0])?;
                out.positions += 1;
                let solver = r.status();
                if solver == Some(EyeStatus::Nakade) {
                    nakade.push(x);
                }
                let (opp_first, own_first) = expected(reading.status);
                let to_move = match (
                    opp_first != r.alive_opponent_first,
                    own_first != r.alive_owner_first,
                ) {
                    (false, false) => continue,
                    (true, false) => ToMove::Opponent,
                    (false, true) => ToMove::Owner,
                    (true, true) => ToMove::Both,
                };
                out.exceptions.push(Exception {
                    shape: p.cells.clone(),
                    kind: kind(
                        &reading.points,
                        &stones,
                        in_atari(&space, n, x),
                        reading.status,
                        solver,
                    ),
                    stones,
                    to_move,
                    static_status: reading.status,
                    solver,
                });
            }
            let points = eye_status(&p.cells, &[], &[]).points;
            if !points.vital.is_empty() {
                let minimal: Vec<u32> = nakade
                    .iter()
                    .copied()
                    .filter(|&x| !nakade.iter().any(|&y| y != x && y & x == y))
                    .collect();
                let union = minimal.iter().fold(0, |m, x| m | x);
                let mut solver_vital = of(union);
                solver_vital.sort_unstable();
                out.vital.push(VitalCheck {
                    shape: p.cells.clone(),
                    static_vital: points.vital.clone(),
                    solver_vital,
                    nakade_fillings: minimal
                        .iter()
                        .map(|&x| {
                            let mut v = of(x);
                            v.sort_unstable();
                            v
                        })
                        .collect(),
                });
            }
        }
    }
    Ok(out)
}

/// A shape with stones as rows of characters joined by `/`: `X` an opponent stone, `.` an
/// empty point of the eye, `#` a point of the bounding box outside the eye (the wall).
pub fn diagram(shape: &[Cell], stones: &[Cell]) -> String {
    let r0 = shape.iter().map(|c| c.0).min().unwrap_or(0);
    let r1 = shape.iter().map(|c| c.0).max().unwrap_or(0);
    let c0 = shape.iter().map(|c| c.1).min().unwrap_or(0);
    let c1 = shape.iter().map(|c| c.1).max().unwrap_or(0);
    (r0..=r1)
        .map(|r| {
            (c0..=c1)
                .map(|c| {
                    if stones.contains(&(r, c)) {
                        'X'
                    } else if shape.contains(&(r, c)) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// One line per exception: size, class (with sub-class), the diagram, who is to move in the
/// readings that differ, static status, solver status, kind.
pub fn listing(exceptions: &[Exception]) -> String {
    let mut out = String::new();
    for e in exceptions {
        let class = NeighbourClass::of(&e.shape).to_string();
        let class = match sub_class(&e.shape) {
            Some(s) => format!("{class}-{s}"),
            None => class,
        };
        let solver = e
            .solver
            .map_or("alive-only-opponent-first".to_string(), |s| s.to_string());
        out.push_str(&format!(
            "{} {:<17} {:<24} {:<8} {:<12} {:<10} {}\n",
            e.shape.len(),
            class,
            diagram(&e.shape, &e.stones),
            e.to_move,
            e.static_status,
            solver,
            e.kind.name()
        ));
    }
    out
}
