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
/// [`PARALLEL_STRINGS`] for the reading of dead strings ([`read_unless_safe`]): the strings
/// it reads are the few its owner cannot make safe with one move, among them the longest
/// readings (`9-l10-s15` of `tests/final/`: two of its four take 13 and 29 ms).
const PARALLEL_UNSAFE_STRINGS: usize = 2;
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
    let ReadUnlessSafe {
        pass_alive,
        strings,
        ..
    } = read_some(board, limits, use_kept, false);
    StringReadings {
        pass_alive,
        strings: strings
            .into_iter()
            // Without `skip_safe` every string has its status.
            .map(|(s, status)| (s, status.expect("every string read")))
            .collect(),
    }
}

/// What the reading of dead strings needs ([`read`] less the strings whose defence cannot
/// fail): every string by its head, in board order, with its status, `None` for a string
/// [`saved_by_one_move`] (not read: no reading says it dead; whether it can be captured
/// is read on demand by [`capturable`]). A save found where the node limit cut a line short
/// is not read again deeper here: the string is named in `deeper`, with the first reading's
/// status, for [`read_deeper`] to read where its status matters.
pub(crate) fn read_unless_safe(board: &mut Board, limits: ReadLimits) -> ReadUnlessSafe {
    read_some(board, limits, true, true)
}

/// The answer of [`read_unless_safe`].
pub(crate) struct ReadUnlessSafe {
    /// Benson's verdict for black and white, in that order.
    pub pass_alive: [PassAlive; 2],
    /// Each string by its head, in board order, with its status (`None`: not read).
    pub strings: Vec<(Loc, Option<StringStatus>)>,
    /// The strings whose status is a first reading's save found at the edge of its budget,
    /// not yet read deeper (only with `skip_safe`; see [`read_deeper`]).
    pub deeper: Vec<Loc>,
}

/// The statuses [`read`] gives the strings `heads` (each a string's head) that
/// [`read_unless_safe`] left to a deeper reading: read again with
/// [`tactics::SAVED_REREAD_FACTOR`] times the budget, side by side, and kept between
/// positions ([`kept`]).
pub(crate) fn read_deeper(
    board: &mut Board,
    heads: &[Loc],
    limits: ReadLimits,
) -> Vec<StringStatus> {
    let snap = kept::Snapshot::of(board);
    side_by_side(
        board,
        heads,
        PARALLEL_UNSAFE_STRINGS,
        Tasks::OneEach,
        |b, &s| read_string(b, &snap, s, limits),
    )
}

/// Whether the tactical reading of dead strings captures the string through `s`, its
/// opponent moving first: the attack of [`read`]'s reading of it, read alone. The first
/// reading is enough: the deeper one follows only a capture, and a budget cut gives its
/// line to the defender, so more budget never undoes a capture.
pub(crate) fn capturable(board: &mut Board, s: Loc, limits: ReadLimits) -> bool {
    matches!(
        tactics::status_hemmed(board, s, limits).0,
        Attack::Captures(_)
    )
}

/// True when the string through `s` has five liberties or more, or its owner gives it that
/// many with one move at one of its liberties. The reader attacks no string of more than
/// four liberties, and its defence tries every liberty of the target (each checked by an
/// attack that then answers at once, or gives the line to the defender when the budget is
/// spent), so its defence of such a string never fails: it is never dead by reading. On
/// the 170 positions of `tests/final/`, 1,874 of the 2,421 strings the final status would
/// read (of them 17 a reading captures), and three fifths of that reading's time.
pub(crate) fn saved_by_one_move(board: &mut Board, s: Loc) -> bool {
    let Some(owner) = board.color(s) else {
        return false;
    };
    let libs = board.liberty_count(s);
    if libs >= 5 {
        return true;
    }
    // A string in atari is always read: the final status's rule for a string in atari asks
    // where the opponent takes it.
    if libs < 2 {
        return false;
    }
    let mut out = [Loc(0); 4];
    let Some(n) = board.liberties_into(s, &mut out) else {
        return false;
    };
    out[..n].iter().any(|&l| {
        if board.play(l, owner).is_err() {
            return false;
        }
        let saved = board.liberty_count(l) >= 5;
        board.undo();
        saved
    })
}

/// Benson's verdicts and every string's status (`None` only with `skip_safe`: a string
/// [`saved_by_one_move`], not read).
fn read_some(
    board: &mut Board,
    limits: ReadLimits,
    use_kept: bool,
    skip_safe: bool,
) -> ReadUnlessSafe {
    let pass_alive = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    let mut strings = Vec::new();
    let mut to_read = Vec::new();
    // With `skip_safe` each string gets its first reading, as a fresh one would (a save at
    // the edge of the budget is left to [`read_deeper`], which the caller may not ask for):
    // kept first readings, not the deeper answers kept under [`kept::Kind::Status`].
    let kind = if skip_safe {
        kept::Kind::First
    } else {
        kept::Kind::Status
    };
    let mut needs_deeper_kept = Vec::new();
    let snap = kept::Snapshot::of(board);
    for s in board.strings() {
        let Some(c) = board.color(s) else {
            continue;
        };
        let status = if pass_alive[c as usize].strings.contains(&s) {
            Some(StringStatus::PassAlive)
        } else if pass_alive[c.opponent() as usize].in_region(s) {
            Some(StringStatus::InOpponentsRegion)
        } else if skip_safe && saved_by_one_move(board, s) {
            None
        } else if let Some(answer) = use_kept
            .then(|| kept::lookup(board, &snap, s, kind, limits))
            .flatten()
        {
            let (attack, defense) = match answer {
                kept::Answer::First(attack, defense, deeper) => {
                    if deeper {
                        needs_deeper_kept.push(s);
                    }
                    (attack, defense)
                }
                kept::Answer::Status(attack, defense) => (attack, defense),
                // Never filed under `First` or `Status`.
                kept::Answer::KoSave(_) => status_of(board, s, limits),
            };
            Some(StringStatus::Read { attack, defense })
        } else {
            to_read.push(strings.len());
            // Filled in below.
            None
        };
        strings.push((s, status));
    }
    // Each string's reading is its own: they run side by side, one string a task, and every
    // answer is the one a reading on its own gives.
    let read = side_by_side(
        board,
        &to_read,
        if skip_safe {
            PARALLEL_UNSAFE_STRINGS
        } else {
            PARALLEL_STRINGS
        },
        Tasks::OneEach,
        |b, &i| {
            if skip_safe {
                read_first(b, &snap, strings[i].0, limits)
            } else {
                (read_string(b, &snap, strings[i].0, limits), false)
            }
        },
    );
    let mut deeper = needs_deeper_kept;
    for (i, (status, needs_deeper)) in to_read.into_iter().zip(read) {
        strings[i].1 = Some(status);
        if needs_deeper {
            deeper.push(strings[i].0);
        }
    }
    // In the strings' order, as the readings of a fresh position give it.
    deeper.sort_by_key(|&d| strings.iter().position(|(s, _)| *s == d));
    ReadUnlessSafe {
        pass_alive,
        strings,
        deeper,
    }
}

/// The first reading of [`read_string`] alone, and whether it is a save found at the edge
/// of its budget, which [`read_string`] would read again deeper: kept as a first reading
/// ([`kept::Kind::First`]), and as [`read_string`]'s answer where it is that too.
fn read_first(
    board: &mut Board,
    snap: &kept::Snapshot,
    s: Loc,
    limits: ReadLimits,
) -> (StringStatus, bool) {
    let ((attack, defense, gave_up), rec) =
        tactics::recorded(board, |b| tactics::status_hemmed(b, s, limits));
    let deeper = needs_deeper(attack, defense, gave_up);
    if !deeper {
        // What `read_string` reads and keeps: `status_of` is this reading then.
        keep_status(board, snap, s, limits, rec.clone(), (attack, defense));
    }
    kept::keep(
        board,
        snap,
        s,
        kept::Kind::First,
        limits,
        rec,
        kept::Answer::First(attack, defense, deeper),
    );
    (StringStatus::Read { attack, defense }, deeper)
}

/// Keep the reading of dead strings' answer for the string `s` ([`kept`]).
fn keep_status(
    board: &Board,
    snap: &kept::Snapshot,
    s: Loc,
    limits: ReadLimits,
    rec: tactics::Recording,
    (attack, defense): (Attack, Defense),
) {
    kept::keep(
        board,
        snap,
        s,
        kept::Kind::Status,
        limits,
        rec,
        kept::Answer::Status(attack, defense),
    );
}

/// A reading that captures and saves, the save found where the budget cut a line short:
/// [`status_of`] reads it again deeper.
fn needs_deeper(attack: Attack, defense: Defense, gave_up: bool) -> bool {
    matches!(
        (attack, defense, gave_up),
        (Attack::Captures(_), Defense::Saves(_), true)
    )
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
    keep_status(board, snap, s, limits, rec, (attack, defense));
    StringStatus::Read { attack, defense }
}

fn status_of(board: &mut Board, s: Loc, limits: ReadLimits) -> (Attack, Defense) {
    let (attack, defense, gave_up) = tactics::status_hemmed(board, s, limits);
    if needs_deeper(attack, defense, gave_up) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::corpus::final_positions;

    /// The strings the reading of dead strings leaves unread are never dead by reading: on
    /// every position of `tests/final/`, the whole reading of each string
    /// [`saved_by_one_move`] finds a defence, and its attack is what [`capturable`] reads
    /// on demand. Every string read by both gets the same status, except those left to a
    /// deeper reading: their first reading is a save at the edge of the budget, and
    /// [`read_deeper`] gives the whole reading's status.
    #[test]
    fn a_string_saved_by_one_move_is_never_read_dead() {
        let limits = ReadLimits {
            max_nodes: crate::board::finish::FINAL_READ_NODES,
            ..ReadLimits::default()
        };
        let (mut skipped, mut skipped_capturable, mut read_both) = (0, 0, 0);
        let mut deeper = 0;
        for (name, mut board, _) in final_positions() {
            let whole = read_with(&mut board, limits, false);
            // Not through the kept readings: `read` just kept the deeper readings.
            let some = read_some(&mut board, limits, false, true);
            assert_eq!(whole.strings.len(), some.strings.len(), "{name}");
            let again = read_deeper(&mut board, &some.deeper, limits);
            for (&(s, status), &(t, maybe)) in whole.strings.iter().zip(&some.strings) {
                assert_eq!(s, t, "{name}");
                let at = format!("{name} {}", crate::board::vertex::name(&board, s));
                match maybe {
                    Some(st) => {
                        match some.deeper.iter().position(|&d| d == s) {
                            Some(i) => {
                                let (_, _, gave_up) = tactics::status_hemmed(&mut board, s, limits);
                                assert!(
                                    matches!(
                                        st,
                                        StringStatus::Read {
                                            attack: Attack::Captures(_),
                                            defense: Defense::Saves(_)
                                        }
                                    ) && gave_up,
                                    "{at}"
                                );
                                assert_eq!(again[i], status, "{at}");
                                deeper += 1;
                            }
                            None => assert_eq!(st, status, "{at}"),
                        }
                        read_both += 1;
                    }
                    None => {
                        assert!(saved_by_one_move(&mut board, s), "{at}");
                        let StringStatus::Read { attack, defense } = status else {
                            panic!("{at}: a string left unread is read by `read`");
                        };
                        assert_ne!(defense, Defense::Fails, "{at}");
                        let captured = matches!(attack, Attack::Captures(_));
                        assert_eq!(capturable(&mut board, s, limits), captured, "{at}");
                        skipped += 1;
                        skipped_capturable += usize::from(captured);
                    }
                }
            }
        }
        // Most strings are left unread, some of them strings a reading captures.
        assert!(skipped > 1_500 && read_both > 300, "{skipped} {read_both}");
        assert!(skipped_capturable > 5, "{skipped_capturable}");
        // Some saves are found at the edge of the budget (24 on this corpus).
        assert!(deeper > 10, "{deeper}");
    }
}
