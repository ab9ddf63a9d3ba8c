//! Readings kept between positions: a string whose surroundings did not change keeps its
//! reading.
//!
//! Takes a position and a string to read; gives the string's reading as a fresh
//! reading would give it, from what an earlier position's reading found when nothing it
//! depended on has changed since. A host that plays a move and asks again pays only for the
//! strings whose readings the move could change.
//!
//! # What a reading depends on
//!
//! A reading of [`tactics`] depends on the board through three things only, which
//! the reader gathers while it runs (`tactics::recorded`):
//! - the points round its moves and its target: the rectangle that holds them (the moves
//!   of its inner readings served by the reader's memo included), grown by three points
//!   (the reader looks at the points beside a liberty and at their neighbours without
//!   playing there), and the strings on it and beside those, to three strings away (their
//!   stones and the points beside them: every liberty count and neighbour list the reader
//!   can ask for);
//! - the canonical orientation of the whole board ([`Frame`]) it took at its root and at
//!   each root check, which orders its moves (with the moves from the root to where it took
//!   each);
//! - the ko ban and the limits.
//!
//! A kept reading is given again where the board agrees on every point of its footprint,
//! the ko is the same, and each frame, taken again after the same moves, is the same: the
//! reading would then play out move for move as it did (the reader's memo changes no answer,
//! and its node count is the same either way). Kept by the string's head, a few per string,
//! bounded in all ([`set_kept_capacity`]): the store is emptied when full and fills again.
//! `tests/kept_between_moves.rs` replays games with and without it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex};

use crate::board::orientation::Frame;
use crate::board::{Board, Color, Loc};

use super::tactics::{self, Attack, BBox, Defense, FrameTaken, ReadLimits, Recording};

/// The readings kept by default (a few hundred bytes each: under 10 MB).
pub const DEFAULT_KEPT_READINGS: usize = 1 << 14;

/// Readings a string keeps (the most recent first): a string read in two states that
/// alternate (a ko, a move and its undo) keeps both.
const PER_STRING: usize = 4;

static CAPACITY: AtomicUsize = AtomicUsize::new(DEFAULT_KEPT_READINGS);

/// Bound the readings kept between positions to `entries` (0: keep none). The bound changes
/// no answer, only how soon one comes.
pub fn set_kept_capacity(entries: usize) {
    CAPACITY.store(entries, Ordering::Relaxed);
    if entries == 0 {
        lock().clear();
    }
}

/// The bound [`set_kept_capacity`] set ([`DEFAULT_KEPT_READINGS`] unless changed).
pub fn kept_capacity() -> usize {
    CAPACITY.load(Ordering::Relaxed)
}

/// Which reading of a string is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// The reading of dead strings (`strings::read`): attack and defence.
    Status,
    /// Its first reading alone, as the final status asks for it (`strings::read_unless_safe`):
    /// a save found at the edge of the budget is not read again deeper, and the answer says
    /// whether it would be.
    First,
    /// The defence with the owner winning the kos ([`tactics::defend_through_ko`]).
    KoSave,
    /// [`tactics::status`]'s attack and defence: the eye topology's reading of an attacker
    /// string on a diagonal of an eye point, asked again for each point it borders and in
    /// each round of the final status.
    Plain,
}

/// A kept answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Of [`Kind::Status`] and [`Kind::Plain`].
    Status(Attack, Defense),
    /// Of [`Kind::First`]: attack, defence, and whether the save is one to read again deeper.
    First(Attack, Defense, bool),
    /// Of [`Kind::KoSave`].
    KoSave(Defense),
}

/// The board's stones as two bit sets over its grid, taken once per position.
pub(crate) struct Snapshot {
    size: usize,
    black: Vec<u64>,
    white: Vec<u64>,
}

impl Snapshot {
    /// The stones of `board`.
    pub(crate) fn of(board: &Board) -> Snapshot {
        let words = board.grid_len().div_ceil(64);
        let mut black = vec![0u64; words];
        let mut white = vec![0u64; words];
        for l in board.locs() {
            let (w, b) = (l.index() / 64, 1u64 << (l.index() % 64));
            match board.color(l) {
                Some(Color::Black) => black[w] |= b,
                Some(Color::White) => white[w] |= b,
                None => {}
            }
        }
        Snapshot {
            size: board.size(),
            black,
            white,
        }
    }
}

/// One kept reading.
struct Entry {
    limits: ReadLimits,
    ko: Option<(Loc, Color)>,
    size: usize,
    /// The footprint, and the stones of each colour on it.
    mask: Vec<u64>,
    black: Vec<u64>,
    white: Vec<u64>,
    frames: Vec<FrameTaken>,
    answer: Answer,
}

#[derive(Default)]
struct Kept {
    by_string: HashMap<(Loc, Kind), Vec<Entry>, rustc_hash::FxBuildHasher>,
    len: usize,
}

impl Kept {
    fn clear(&mut self) {
        self.by_string.clear();
        self.len = 0;
    }
}

static KEPT: LazyLock<Mutex<Kept>> = LazyLock::new(|| Mutex::new(Kept::default()));

fn lock() -> std::sync::MutexGuard<'static, Kept> {
    // A panic while the lock was held leaves nothing half-written that matters: every
    // entry is checked before it is used.
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

/// The kept answer of `kind` for the string whose head is `head`, when one still holds on
/// `board` (its stones in `snap`).
pub(crate) fn lookup(
    board: &mut Board,
    snap: &Snapshot,
    head: Loc,
    kind: Kind,
    limits: ReadLimits,
) -> Option<Answer> {
    if kept_capacity() == 0 {
        return None;
    }
    let kept = lock();
    let entries = kept.by_string.get(&(head, kind))?;
    let ko = board.ko();
    entries
        .iter()
        .find(|e| {
            e.limits == limits
                && e.ko == ko
                && e.size == snap.size
                && (0..e.mask.len()).all(|i| {
                    snap.black[i] & e.mask[i] == e.black[i]
                        && snap.white[i] & e.mask[i] == e.white[i]
                })
                && e.frames.iter().all(|f| same_frame(board, f))
        })
        .map(|e| e.answer)
}

/// Whether the frame `f` records is the one taken on `board` after the same moves.
fn same_frame(board: &mut Board, f: &FrameTaken) -> bool {
    let mut played = 0;
    let mut legal = true;
    for &(m, c) in &f.moves {
        match m {
            Some(l) => {
                if board.play(l, c).is_err() {
                    legal = false;
                    break;
                }
            }
            None => board.pass(c),
        }
        played += 1;
    }
    let same = legal && Frame::of(board, Some(f.target)).code() == f.code;
    for _ in 0..played {
        board.undo();
    }
    same
}

/// Keep `answer`, read on `board` (as it was before the reading; its stones in `snap`) for
/// the string whose head is `head`, with what the reading looked at (`rec`).
pub(crate) fn keep(
    board: &Board,
    snap: &Snapshot,
    head: Loc,
    kind: Kind,
    limits: ReadLimits,
    rec: Recording,
    answer: Answer,
) {
    let cap = kept_capacity();
    if cap == 0 {
        return;
    }
    let mask = footprint(board, head, rec.bbox);
    let black = mask.iter().zip(&snap.black).map(|(m, b)| m & b).collect();
    let white = mask.iter().zip(&snap.white).map(|(m, w)| m & w).collect();
    let entry = Entry {
        limits,
        ko: board.ko(),
        size: board.size(),
        mask,
        black,
        white,
        frames: rec.frames,
        answer,
    };
    let mut kept = lock();
    if kept.len >= cap {
        kept.clear();
    }
    let list = kept.by_string.entry((head, kind)).or_default();
    list.insert(0, entry);
    let dropped = list.len().saturating_sub(PER_STRING);
    list.truncate(PER_STRING);
    kept.len = kept.len + 1 - dropped;
}

/// How far round its moves and its target a reading looks without playing: to the points
/// beside a liberty (the reading of dead strings counts the empty ones round a string of
/// four liberties, [`tactics::HEMMED_IN`]) and their neighbours (a string of three
/// liberties may run to a point beside a liberty that touches a friend).
const GROW: u8 = 3;

/// The points a reading of the string at `target` whose moves lie in `bbox` depends on
/// (see the module docs).
fn footprint(board: &Board, target: Loc, bbox: BBox) -> Vec<u64> {
    let mut mask = vec![0u64; board.grid_len().div_ceil(64)];
    let mut set = |l: Loc| mask[l.index() / 64] |= 1 << (l.index() % 64);
    let mut area = bbox;
    for s in board.string_stones(target) {
        area.add(board, s);
    }
    let n = board.size();
    let lo = (
        area.lo.0.saturating_sub(GROW) as usize,
        area.lo.1.saturating_sub(GROW) as usize,
    );
    let hi = (
        (area.hi.0 + GROW).min(n as u8 - 1) as usize,
        (area.hi.1 + GROW).min(n as u8 - 1) as usize,
    );
    let mut done: Vec<Loc> = Vec::new();
    let mut frontier: Vec<Loc> = Vec::new();
    for y in lo.1..=hi.1 {
        for x in lo.0..=hi.0 {
            let Some(l) = board.loc(x, y) else {
                continue;
            };
            set(l);
            if board.color(l).is_some() {
                frontier.push(board.string_id(l));
            }
        }
    }
    // Each string met, its stones and the points beside them; the strings beside those
    // next, to three strings away from the rectangle.
    for _ in 0..3 {
        frontier.sort_unstable();
        frontier.dedup();
        frontier.retain(|s| !done.contains(s));
        let mut next = Vec::new();
        for &s in &frontier {
            for st in board.string_stones(s) {
                set(st);
                for nb in board.neighbors(st) {
                    set(nb);
                    if board.color(nb).is_some() && board.string_id(nb) != s {
                        next.push(board.string_id(nb));
                    }
                }
            }
        }
        done.append(&mut frontier);
        frontier = next;
    }
    mask
}

/// Read `read` through the kept readings: the kept answer where one holds, else `read`'s,
/// recorded and kept.
pub(crate) fn read_kept(
    board: &mut Board,
    snap: &Snapshot,
    head: Loc,
    kind: Kind,
    limits: ReadLimits,
    read: impl FnOnce(&mut Board) -> Answer,
) -> Answer {
    if kept_capacity() == 0 {
        // Nothing is kept: no need to record what the reading looks at.
        return read(board);
    }
    if let Some(a) = lookup(board, snap, head, kind, limits) {
        return a;
    }
    let (answer, rec) = tactics::recorded(board, read);
    keep(board, snap, head, kind, limits, rec, answer);
    answer
}

/// [`tactics::status`] of the string through `target` (its stones in the position's
/// snapshot `snap`), through the kept readings ([`Kind::Plain`]).
pub(crate) fn status(
    board: &mut Board,
    snap: &Snapshot,
    target: Loc,
    limits: ReadLimits,
) -> (Attack, Defense) {
    let head = board.string_id(target);
    let read = |b: &mut Board| {
        let (attack, defense) = tactics::status(b, head, limits);
        Answer::Status(attack, defense)
    };
    match read_kept(board, snap, head, Kind::Plain, limits, read) {
        Answer::Status(attack, defense) => (attack, defense),
        // A kept answer of another kind is never filed under `Plain`.
        Answer::KoSave(_) | Answer::First(..) => tactics::status(board, head, limits),
    }
}

#[cfg(test)]
mod tests {
    use crate::board::strings::{read_with, tactics::ReadLimits};
    use crate::board::{sgf, Board};

    /// Every position of a game, move by move, read through the kept readings (as a host
    /// that plays the game move by move gets it) and afresh: the same readings.
    fn replay(file: &str) -> (usize, usize) {
        let path = format!("{}/benches/games/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let game = sgf::load(&text, None).unwrap().board;
        let mut board = Board::new(game.size()).unwrap();
        let limits = ReadLimits::default();
        let (mut positions, mut strings) = (0, 0);
        for m in game.history() {
            match m.loc {
                Some(l) => {
                    board.play(l, m.color).unwrap();
                }
                None => board.pass(m.color),
            }
            let kept = read_with(&mut board, limits, true);
            let fresh = read_with(&mut board, limits, false);
            assert_eq!(
                kept.strings,
                fresh.strings,
                "{file} after move {}",
                positions + 1
            );
            positions += 1;
            strings += fresh.strings.len();
        }
        (positions, strings)
    }

    #[test]
    fn kept_readings_answer_as_fresh_ones_over_whole_games() {
        for file in ["game0_9x9.sgf", "game3_9x9.sgf", "game1_13x13.sgf"] {
            let (positions, strings) = replay(file);
            assert!(
                positions > 40 && strings > 400,
                "{file}: {positions} {strings}"
            );
        }
    }
}
