//! Work over one position side by side: each item read on its own copy of the board, on
//! rayon's global pool (`RAYON_NUM_THREADS=1` keeps it to one thread), or the pool of the
//! thread that calls, the answers in the items' order. A whole-position call runs on the
//! pool as a whole ([`in_pool`]), so that its parts start without a hand-over each.
//!
//! Takes a board, the items and the reading of one item; gives the readings. A reading
//! plays and takes back its moves, so each task needs a board of its own; its answer must
//! not depend on the thread it runs on (the tactical reader's memo and the kept readings
//! change no answer), so the answers are the same on one thread and on many
//! (`tests/threads.rs`).

use rayon::prelude::*;

use super::Board;

/// How the items are shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tasks {
    /// One item a task: for items whose readings are long and uneven (a string's reading,
    /// a point's diagonals), so that a thread free takes the next item while another reads
    /// a long one.
    OneEach,
    /// Runs of items a task, split as rayon sees fit: for many short readings, fewer copies
    /// of the board.
    Runs,
}

/// `read` of every item of `items`, in order: side by side when there are `min` items or
/// more, else one after another on `board` itself.
pub(crate) fn side_by_side<T, R>(
    board: &mut Board,
    items: &[T],
    min: usize,
    tasks: Tasks,
    read: impl Fn(&mut Board, &T) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    if items.len() < min {
        return items.iter().map(|item| read(board, item)).collect();
    }
    let shared: &Board = board;
    let max_len = match tasks {
        Tasks::OneEach => 1,
        Tasks::Runs => usize::MAX,
    };
    items
        .par_iter()
        .with_max_len(max_len)
        .map_init(|| shared.clone(), |b, item| read(b, item))
        .collect()
}

/// `op` run on a thread of a rayon pool: the calling thread when it is one (of any pool),
/// else a thread of the global pool, the caller waiting for it. The readings `op` shares
/// out with [`side_by_side`] then start on that thread at once, and a free thread takes a
/// part when it can, where each call of [`side_by_side`] from outside the pool would hand
/// its work over and wait for a pool thread to wake (on a small board's short readings,
/// more than the readings: the 9x9 positions of `tests/final/` beside GNU Go took 310 ms
/// so, 280 ms in the pool).
pub(crate) fn in_pool<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    rayon::scope(|_| op())
}
