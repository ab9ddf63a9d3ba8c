//! Strings: the first stage of the board reading, every string of a position read once.
//!
//! Takes a [`Board`]; gives [`StringReadings`]: Benson's pass-alive strings and regions of
//! each colour ([`benson`]), and for every other string its tactical status, the attack and
//! defence moves of [`tactics`] (with the deeper second reading of a save found where a
//! node limit cut a line short). The eye stage (`board::eyes`) decides from these
//! which strings are dead; [`unconditional`] gives each point's unconditional status as GNU
//! Go 3.8 reads it.
//!
//! The reader keeps what it read (its memo, keyed by the whole position): the later stages'
//! readings of a move on a diagonal or at a margin meet positions this stage has read. And
//! each string's reading is kept between positions ([`kept`]): where the points the reading
//! looked at are as they were, the next position gets it without reading again.

pub mod benson;
pub mod kept;
pub mod tactics;
pub mod unconditional;

use crate::board::parallel::{side_by_side, Tasks};
use crate::board::{Board, Color, Loc};
use benson::PassAlive;

/// Positions with at least this many strings to read read them in parallel (rayon's global
/// pool: `RAYON_NUM_THREADS=1` keeps it to one thread).
pub const PARALLEL_STRINGS: usize = 8;
use tactics::{Attack, Defense, ReadLimits};

/// What the reading says of one string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringStatus {
    /// Pass-alive (Benson): never read.
    PassAlive,
    /// In a pass-alive region of the other colour: dead without reading.
    InOpponentsRegion,
    /// Read by [`tactics`]: the attack (its owner moving second) and the defence (moving
    /// first).
    Read {
        /// Whether, and where, the opponent captures it moving first.
        attack: Attack,
        /// Whether, and where, its owner saves it moving first.
        defense: Defense,
    },
}

/// Every string of a position, read: the first stage's output.
#[derive(Clone, Debug)]
pub struct StringReadings {
    /// Benson's verdict for black and white, in that order.
    pub pass_alive: [PassAlive; 2],
    /// Each string by its head, in board order, with its status.
    pub strings: Vec<(Loc, StringStatus)>,
}

/// Read every string of `board` (see the module docs), through the readings kept between
/// positions ([`kept`]). The board is left as it was.
pub fn read(board: &mut Board, limits: ReadLimits) -> StringReadings {
    read_with(board, limits, true)
}

/// [`read`], through the kept readings or not: the answers are the same.
pub(crate) fn read_with(board: &mut Board, limits: ReadLimits, use_kept: bool) -> StringReadings {
    let pass_alive = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    let mut strings = Vec::new();
    let mut to_read = Vec::new();
    let snap = kept::Snapshot::of(board);
    for s in board.strings() {
        let Some(c) = board.color(s) else {
            continue;
        };
        let status = if pass_alive[c as usize].strings.contains(&s) {
            StringStatus::PassAlive
        } else if pass_alive[c.opponent() as usize].in_region(s) {
            StringStatus::InOpponentsRegion
        } else if let Some(kept::Answer::Status(attack, defense)) = use_kept
            .then(|| kept::lookup(board, &snap, s, kept::Kind::Status, limits))
            .flatten()
        {
            StringStatus::Read { attack, defense }
        } else {
            to_read.push(strings.len());
            // Filled in below.
            StringStatus::PassAlive
        };
        strings.push((s, status));
    }
    // Each string's reading is its own: they run side by side, one string a task, and every
    // answer is the one a reading on its own gives.
    let read = side_by_side(
        board,
        &to_read,
        PARALLEL_STRINGS,
        Tasks::OneEach,
        |b, &i| read_string(b, &snap, strings[i].0, limits),
    );
    for (i, status) in to_read.into_iter().zip(read) {
        strings[i].1 = status;
    }
    StringReadings {
        pass_alive,
        strings,
    }
}

/// The reading of dead strings for one string: [`tactics`]' status with hemmed-in strings
/// of four liberties attacked, and a save found where a node limit cut a line short read
/// again with [`tactics::SAVED_REREAD_FACTOR`] times the budget (the save may be the
/// budget's, not the board's).
fn read_string(
    board: &mut Board,
    snap: &kept::Snapshot,
    s: Loc,
    limits: ReadLimits,
) -> StringStatus {
    let ((attack, defense), rec) = tactics::recorded(board, |b| status_of(b, s, limits));
    kept::keep(
        board,
        snap,
        s,
        kept::Kind::Status,
        limits,
        rec,
        kept::Answer::Status(attack, defense),
    );
    StringStatus::Read { attack, defense }
}

fn status_of(board: &mut Board, s: Loc, limits: ReadLimits) -> (Attack, Defense) {
    let (attack, defense, gave_up) = tactics::status_hemmed(board, s, limits);
    if let (Attack::Captures(_), Defense::Saves(_), true) = (attack, defense, gave_up) {
        let deeper = ReadLimits {
            max_nodes: limits
                .max_nodes
                .saturating_mul(tactics::SAVED_REREAD_FACTOR),
            ..limits
        };
        let (attack, defense, _) = tactics::status_hemmed(board, s, deeper);
        return (attack, defense);
    }
    (attack, defense)
}

/// `readings` with GNU Go's `eval_eye` convention for kos: a string the reading captures and
/// cannot save outright ([`Defense::Fails`]) but saves when its owner wins every ko
/// ([`tactics::defend_through_ko`]) is given that save, as a string saved outright. The
/// strings of four liberties or more keep their reading (the reading of dead strings
/// attacks a hemmed-in one at the root, the ko reading does not).
pub fn with_ko_saves(
    board: &mut Board,
    readings: &StringReadings,
    limits: ReadLimits,
) -> StringReadings {
    let mut out = readings.clone();
    let snap = kept::Snapshot::of(board);
    let to_read: Vec<usize> = out
        .strings
        .iter()
        .enumerate()
        .filter(|(_, (s, status))| {
            matches!(
                status,
                StringStatus::Read {
                    attack: Attack::Captures(_),
                    defense: Defense::Fails,
                }
            ) && board.liberty_count(*s) < 4
        })
        .map(|(i, _)| i)
        .collect();
    // Each string's ko reading is its own, as in [`read`]: side by side, one string a task.
    let heads: Vec<Loc> = to_read.iter().map(|&i| out.strings[i].0).collect();
    let saves = side_by_side(board, &heads, 2, Tasks::OneEach, |b, &head| {
        let read =
            |b: &mut Board| kept::Answer::KoSave(tactics::defend_through_ko(b, head, limits));
        match kept::read_kept(b, &snap, head, kept::Kind::KoSave, limits, read) {
            kept::Answer::KoSave(d) => d,
            // A kept answer of another kind is never filed under `KoSave`.
            _ => Defense::Fails,
        }
    });
    // `NotNeeded`: the attack captures nothing once the owner wins the kos (every capture
    // is one he takes back), and the string needs no move of his.
    for (i, d) in to_read.into_iter().zip(saves) {
        if let StringStatus::Read { defense, .. } = &mut out.strings[i].1 {
            *defense = d;
        }
    }
    out
}
