//! The life property and the eye status decided by the solver, to check the static theory.
//!
//! Takes a [`Placement`]; gives, by reading every position out with
//! [`crate::evaluation::solve::LocalReader`]: whether the owner lives whatever the
//! opponent has played inside ([`life_property`]), and the status of one position
//! ([`solver_status`]). A filling is legal when every opponent string inside keeps an empty
//! point beside it. The life property is read with the wall on [`LIFE_LIBERTIES`] outside
//! liberties and with the opponent holding ko threats, so that a ko counts as not alive; the
//! same reading with no threats tells a ko apart from a plain kill.
//!
//! Why two liberties: "alive in atari" means the owner captures once the opponent has filled
//! the outside liberties. When the one point left empty has no side on the wall (the
//! 4-neighbour point of a `[1111224]` shape, a point on the board edge between opponent
//! stones), the wall's only liberties are outside; on one, the opponent moving first fills it
//! and captures the wall before the owner can capture anything. Two give the owner the move
//! that captures.

use super::placement::Placement;
use super::status::EyeStatus;
use crate::evaluation::solve::{LocalQuery, LocalReader, SolveError, Space, MAX_KO_THREATS};

/// Outside liberties of the wall when the life property is read (see the module docs).
pub const LIFE_LIBERTIES: u8 = 2;

/// The node budget of one reading in these checks.
pub const CHECK_NODE_LIMIT: u64 = 5_000_000;

/// Every legal filling of a space's shape vertices (`0..cells`) with opponent stones:
/// each opponent string keeps an empty point beside it. Ascending.
pub fn legal_fillings(space: &Space, cells: usize) -> Vec<u32> {
    (0u32..1 << cells)
        .filter(|&x| {
            let empty = ((1u32 << cells) - 1) & !x & !space.defender;
            let mut left = x;
            while left != 0 {
                let mut string = 1u32 << left.trailing_zeros();
                loop {
                    let grow = string
                        | (0..space.n)
                            .filter(|v| string >> v & 1 == 1)
                            .fold(0, |m, v| m | space.adj[v])
                            & x;
                    if grow == string {
                        break;
                    }
                    string = grow;
                }
                let libs = (0..space.n)
                    .filter(|v| string >> v & 1 == 1)
                    .fold(0, |m, v| m | space.adj[v])
                    & empty;
                if libs == 0 {
                    return false;
                }
                left &= !string;
            }
            true
        })
        .collect()
}

/// What the solver says of one position, both players to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverReading {
    /// The owner lives with the opponent to move.
    pub alive_opponent_first: bool,
    /// The owner lives moving first.
    pub alive_owner_first: bool,
}

impl SolverReading {
    /// The status these give: Alive (either way), Unsettled (only moving first), Nakade
    /// (not even moving first). `None` for the one pattern the four statuses have no name
    /// for: alive only if the opponent moves first.
    pub fn status(&self) -> Option<EyeStatus> {
        match (self.alive_opponent_first, self.alive_owner_first) {
            (true, true) => Some(EyeStatus::Alive),
            (false, true) => Some(EyeStatus::Unsettled),
            (false, false) => Some(EyeStatus::Nakade),
            (true, false) => None,
        }
    }
}

/// Read one position with both players to move.
pub fn solver_status(
    reader: &mut LocalReader,
    opponent: u32,
    owner: u32,
    outer_liberties: u8,
    threats: [u8; 2],
) -> Result<SolverReading, SolveError> {
    let mut q = LocalQuery {
        attacker: opponent,
        defender: owner,
        outer_liberties,
        threats,
        attacker_to_move: true,
    };
    let alive_opponent_first = reader.alive(&q)?;
    q.attacker_to_move = false;
    let alive_owner_first = reader.alive(&q)?;
    Ok(SolverReading {
        alive_opponent_first,
        alive_owner_first,
    })
}

/// The solver's verdict on the life property of one placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LifeVerdict {
    /// Alive whatever the opponent has played inside.
    Holds,
    /// A filling after which the opponent, moving first, kills outright.
    FailsByKill(u32),
    /// A filling after which the opponent, moving first, gets a ko it wins with threats
    /// (without threats the owner lives).
    FailsByKo(u32),
}

impl LifeVerdict {
    /// True for [`LifeVerdict::Holds`].
    pub fn holds(&self) -> bool {
        *self == LifeVerdict::Holds
    }
}

/// Decide the life property of a placement by reading every legal filling.
pub fn life_property(placement: &Placement) -> Result<LifeVerdict, SolveError> {
    life_property_of(&placement.space(), placement.cells.len())
}

/// Decide the life property of a space whose vertices `0..cells` are the eye's points (the
/// others are owner stones it closes in), by reading every legal filling of them.
pub fn life_property_of(space: &Space, cells: usize) -> Result<LifeVerdict, SolveError> {
    life_property_within(space, cells, u64::MAX, None)
}

/// [`life_property_of`] within a budget for the whole reading, all fillings together: at most
/// `total_nodes` search nodes, and no reading started after `time_limit` has passed. A space
/// with many points has a number of fillings that grows as two to the power of its points: the
/// budget bounds the reading however many there are ([`SolveError::SearchLimit`],
/// [`SolveError::TimeLimit`]).
pub fn life_property_within(
    space: &Space,
    cells: usize,
    total_nodes: u64,
    time_limit: Option<std::time::Duration>,
) -> Result<LifeVerdict, SolveError> {
    let started = std::time::Instant::now();
    let mut reader = LocalReader::new(space, CHECK_NODE_LIMIT.min(total_nodes))?;
    let mut nodes: u64 = 0;
    let mut spend = |reader: &LocalReader| -> Result<(), SolveError> {
        nodes = nodes.saturating_add(reader.nodes());
        if nodes > total_nodes {
            return Err(SolveError::SearchLimit { nodes });
        }
        if let Some(limit) = time_limit {
            let elapsed = started.elapsed();
            if elapsed > limit {
                return Err(SolveError::TimeLimit { elapsed, nodes });
            }
        }
        Ok(())
    };
    let defender = space.defender;
    for x in legal_fillings(space, cells) {
        let q = |threats| LocalQuery {
            attacker: x,
            defender,
            outer_liberties: LIFE_LIBERTIES,
            threats,
            attacker_to_move: true,
        };
        let alive = reader.alive(&q([MAX_KO_THREATS, 0]))?;
        spend(&reader)?;
        if !alive {
            let alive_without_threats = reader.alive(&q([0, 0]))?;
            spend(&reader)?;
            return Ok(if alive_without_threats {
                LifeVerdict::FailsByKo(x)
            } else {
                LifeVerdict::FailsByKill(x)
            });
        }
    }
    Ok(LifeVerdict::Holds)
}
