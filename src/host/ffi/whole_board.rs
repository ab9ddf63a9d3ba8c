//! The whole-board call: a position as an array of colours in, each point's final status
//! (and its owner at the end) out, so a C or C++ host need not find eye spaces itself.

use super::answer::NakadeEvaluator;
use super::guard::{guard, Failure, NakadeStatus};
use crate::board::finish::{final_status, score, FinalLimits, FinalStatus, Rules};
use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE};

/// `board[i]` and `to_move`: no stone.
pub const NAKADE_EMPTY: u8 = 0;
/// A black stone; black to move.
pub const NAKADE_BLACK: u8 = 1;
/// A white stone; white to move.
pub const NAKADE_WHITE: u8 = 2;

/// `status_out[i]`: an empty point.
pub const NAKADE_FINAL_EMPTY: u8 = 0;
/// `status_out[i]`: a stone that stays.
pub const NAKADE_FINAL_ALIVE: u8 = 1;
/// `status_out[i]`: a dead stone (the opponent's prisoner at the end).
pub const NAKADE_FINAL_DEAD: u8 = 2;
/// `status_out[i]`: a stone in seki.
pub const NAKADE_FINAL_SEKI: u8 = 3;

/// The final status of every point of a position (`nakade::board::finish`): `board` holds
/// `size * size` colours (`NAKADE_EMPTY`, `NAKADE_BLACK`, `NAKADE_WHITE`), row by row from
/// the top row (GTP's highest row number) and, in a row, from column A; `to_move` is
/// `NAKADE_BLACK` or `NAKADE_WHITE`. Writes `size * size` entries to `status_out`
/// (`NAKADE_FINAL_*`) and, when `owner_out` is not null, to `owner_out` who counts the
/// point at the end under area rules (`NAKADE_BLACK`, `NAKADE_WHITE`, or `NAKADE_EMPTY` for
/// dame and seki). A stone without a liberty, a size outside 2..=25 or a colour code
/// outside 0..=2 is `NAKADE_STATUS_INVALID_ARGUMENT`, its message naming the point.
///
/// # Safety
///
/// `evaluator` must be null or a live handle used by no other call at the same time; `board`
/// must be null or valid for `size * size` reads, `status_out` and `owner_out` null or valid
/// for `size * size` writes.
#[no_mangle]
pub unsafe extern "C" fn nakade_final_status(
    evaluator: *mut NakadeEvaluator,
    board: *const u8,
    size: usize,
    to_move: u8,
    status_out: *mut u8,
    owner_out: *mut u8,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract.
        let ev = unsafe { evaluator.as_ref() }.ok_or_else(|| Failure::null("evaluator"))?;
        if board.is_null() {
            return Err(Failure::null("board"));
        }
        if status_out.is_null() {
            return Err(Failure::null("status_out"));
        }
        if !(MIN_SIZE.max(2)..=MAX_SIZE).contains(&size) {
            return Err(Failure::new(
                NakadeStatus::InvalidArgument,
                format!("size {size}: expected 2..={MAX_SIZE}"),
            ));
        }
        let to_move = match to_move {
            NAKADE_BLACK => Color::Black,
            NAKADE_WHITE => Color::White,
            c => {
                return Err(Failure::new(
                    NakadeStatus::InvalidArgument,
                    format!("to_move {c}: expected NAKADE_BLACK (1) or NAKADE_WHITE (2)"),
                ))
            }
        };
        // SAFETY: not null, and valid for size * size reads by the caller's contract.
        let cells = unsafe { std::slice::from_raw_parts(board, size * size) };
        let mut b = Board::new(size)
            .map_err(|e| Failure::new(NakadeStatus::InvalidArgument, e.to_string()))?;
        let name = |b: &Board, i: usize| {
            let loc = b.loc(i % size, i / size).expect("i < size * size");
            crate::board::vertex::name(b, loc)
        };
        for (i, &c) in cells.iter().enumerate() {
            let color = match c {
                NAKADE_EMPTY => continue,
                NAKADE_BLACK => Color::Black,
                NAKADE_WHITE => Color::White,
                other => {
                    return Err(Failure::new(
                        NakadeStatus::InvalidArgument,
                        format!(
                            "board[{i}] ({}): colour {other}, expected 0, 1 or 2",
                            name(&b, i)
                        ),
                    ))
                }
            };
            let loc = b.loc(i % size, i / size).expect("i < size * size");
            b.set_stone(loc, Some(color))
                .map_err(|e| Failure::new(NakadeStatus::InvalidArgument, e.to_string()))?;
        }
        // Setup removes strings left without liberties; the host's array must not hold any.
        for (i, &c) in cells.iter().enumerate() {
            let loc = b.loc(i % size, i / size).expect("i < size * size");
            if c != NAKADE_EMPTY && b.color(loc).is_none_or(|_| b.liberty_count(loc) == 0) {
                return Err(Failure::new(
                    NakadeStatus::InvalidArgument,
                    format!("board[{i}] ({}): a string without a liberty", name(&b, i)),
                ));
            }
        }
        let report = final_status(&b, &ev.evaluator, to_move, FinalLimits::default());
        let sc = if owner_out.is_null() {
            None
        } else {
            Some(score(&b, &report, Rules::Area, 0.0))
        };
        for i in 0..size * size {
            let loc = b.loc(i % size, i / size).expect("i < size * size");
            let status = match report.status_at(loc) {
                None => NAKADE_FINAL_EMPTY,
                Some(FinalStatus::Alive) => NAKADE_FINAL_ALIVE,
                Some(FinalStatus::Dead) => NAKADE_FINAL_DEAD,
                Some(FinalStatus::Seki) => NAKADE_FINAL_SEKI,
            };
            // SAFETY: valid for size * size writes by the caller's contract.
            unsafe { status_out.add(i).write(status) };
            if let Some(sc) = &sc {
                let owner = if sc.black_territory.binary_search(&loc).is_ok()
                    || (b.color(loc) == Some(Color::Black) && status == NAKADE_FINAL_ALIVE)
                {
                    NAKADE_BLACK
                } else if sc.white_territory.binary_search(&loc).is_ok()
                    || (b.color(loc) == Some(Color::White) && status == NAKADE_FINAL_ALIVE)
                {
                    NAKADE_WHITE
                } else {
                    NAKADE_EMPTY
                };
                // SAFETY: not null, valid for size * size writes by the caller's contract.
                unsafe { owner_out.add(i).write(owner) };
            }
        }
        Ok(())
    })
}
