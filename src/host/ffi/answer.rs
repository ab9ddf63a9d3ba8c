//! Answers: a database match, the solver's reading, or an evaluator's (database first,
//! solver behind), each as a [`NakadeResult`] holding the eye value and the vital points on
//! the space's own vertex indices.
//!
//! Takes a [`NakadeSpace`] and a [`NakadeDb`] or a [`NakadeEvaluator`]; gives a result handle
//! the host reads with `nakade_result_*` and frees.

use std::sync::Arc;

use super::database::{db_ref, DbSource, NakadeDb};
use super::guard::{guard, write_out, Failure, NakadeStatus};
use super::query::{space_ref, NakadeSpace};
use crate::evaluation::db::{default_database, Database, VertexSet};
use crate::evaluation::evaluate::{self, EvalError, Evaluator};
use crate::evaluation::solve::{self, Params};
use crate::value::EyeValue;

/// An eye value: the four digits `abcd` (`docs/PATTERNS.md`, "Eye values"): eyes when the
/// attacker moves first and gets a second move (`a`), the attacker moves first (`b`), the owner moves first (`c`),
/// the owner moves first and gets a second move (`d`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NakadeValue {
    /// Digit a.
    pub a: u8,
    /// Digit b.
    pub b: u8,
    /// Digit c.
    pub c: u8,
    /// Digit d.
    pub d: u8,
}

/// An answer (opaque): the eye value, the attack and defence points as the space's vertex
/// indices, and the pattern that gave it, if one did. Immutable; free it with
/// `nakade_result_free`.
pub struct NakadeResult {
    value: EyeValue,
    attack: VertexSet,
    defense: VertexSet,
    pattern: Option<u32>,
}

/// A database with the solver behind it and a cache of solved shapes (opaque). Use one per
/// thread: it may be moved between threads, but calls on one evaluator must not overlap.
/// Free it with `nakade_evaluator_free`.
pub struct NakadeEvaluator {
    // Declared first, so dropped first: it borrows the database `_db` keeps alive.
    pub(crate) evaluator: Evaluator<'static>,
    _db: Option<Arc<Database>>,
}

// The contract the header documents: a database handle, a space and a result are shareable
// between threads; an evaluator may be sent to another thread.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    const fn sendable<T: Send>() {}
    shareable::<NakadeDb>();
    shareable::<super::query::NakadeSpace>();
    shareable::<NakadeResult>();
    sendable::<NakadeEvaluator>();
};

/// Hand a new result to the caller through `out`.
///
/// # Safety
///
/// `out` must be valid for a write of one pointer.
unsafe fn give(out: *mut *mut NakadeResult, result: NakadeResult) -> Result<(), Failure> {
    let handle = Box::into_raw(Box::new(result));
    // SAFETY: by the caller's contract.
    unsafe { write_out(out, "out", handle) }
}

/// Check `out` and set it to NULL, so that it is NULL whenever the call fails.
///
/// # Safety
///
/// `out` must be null or valid for a write of one pointer.
unsafe fn clear<T>(out: *mut *mut T) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null("out"));
    }
    // SAFETY: not null, valid for a write by the caller's contract.
    unsafe { out.write(std::ptr::null_mut()) };
    Ok(())
}

/// The vertices of `set` that are points of a space of `len` (the solver also numbers the
/// defender stones a space closes in, after its points; they are never vital points).
fn on_space(set: VertexSet, len: usize) -> VertexSet {
    VertexSet(set.0 & u32::MAX.checked_shr(32 - len as u32).unwrap_or(0))
}

fn eval_failure(e: EvalError) -> Failure {
    match e {
        EvalError::Solver(e) => solve_failure(e),
        other => Failure::new(NakadeStatus::InvalidArgument, other.to_string()),
    }
}

/// A solver error as a status: a search that ran out of its limits is `Unsolved`; a space
/// the solver refuses (no wall touching it, more sides than a point has, ...) is an invalid
/// argument.
fn solve_failure(e: solve::SolveError) -> Failure {
    use solve::SolveError as E;
    let status = match e {
        E::SearchLimit { .. } | E::TimeLimit { .. } | E::OutOfMemory { .. } => {
            NakadeStatus::Unsolved
        }
        _ => NakadeStatus::InvalidArgument,
    };
    Failure::new(status, e.to_string())
}

/// The first pattern of `db` that matches `space`: its value and vital points on the space's
/// vertices. When none matches the call returns `NAKADE_STATUS_NO_MATCH` and `*out` is NULL.
///
/// # Safety
///
/// `db` and `space` must be null or live handles; `out` must be null or valid for a write of
/// one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_db_match(
    db: *const NakadeDb,
    space: *const NakadeSpace,
    out: *mut *mut NakadeResult,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for all three.
        unsafe { clear(out) }?;
        let db = unsafe { db_ref(db) }?;
        let space = unsafe { space_ref(space) }?;
        let m = db
            .get()
            .lookup(&space.graph)
            .ok_or_else(|| Failure::new(NakadeStatus::NoMatch, "no pattern matches the space"))?;
        let result = NakadeResult {
            value: m.value,
            attack: m.attack,
            defense: m.defense,
            pattern: Some(m.pattern),
        };
        // SAFETY: `out` checked above.
        unsafe { give(out, result) }
    })
}

/// Read `space` under the rules of Go with GNU Go 3.8's parameters (two outer liberties, no
/// ko threats) and the solver's default search limit; `NAKADE_STATUS_UNSOLVED` when the
/// limit is reached. `*out` is NULL on failure.
///
/// # Safety
///
/// `space` must be null or a live handle; `out` must be null or valid for a write of one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_solve(
    space: *const NakadeSpace,
    out: *mut *mut NakadeResult,
) -> NakadeStatus {
    // SAFETY: the caller's contract, passed on.
    unsafe { nakade_solve_limited(space, 0, 0, out) }
}

/// [`nakade_solve`] within limits a host sets: at most `node_limit` search nodes (0: the
/// solver's default, 20,000,000) and `time_limit_ms` milliseconds (0: none);
/// `NAKADE_STATUS_UNSOLVED` when either is reached. A host that must answer in time (a move
/// clock) caps the reading of a large space here. `*out` is NULL on failure.
///
/// # Safety
///
/// `space` must be null or a live handle; `out` must be null or valid for a write of one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_solve_limited(
    space: *const NakadeSpace,
    node_limit: u64,
    time_limit_ms: u32,
    out: *mut *mut NakadeResult,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for both.
        unsafe { clear(out) }?;
        let space = unsafe { space_ref(space) }?;
        space
            .graph
            .check_liberties()
            .map_err(|e| Failure::new(NakadeStatus::InvalidArgument, e.to_string()))?;
        let model = evaluate::space_of(&space.graph).map_err(eval_failure)?;
        let params = limited(node_limit, time_limit_ms);
        let sol = solve::solve_value(&model, &params).map_err(solve_failure)?;
        let result = NakadeResult {
            value: sol.value,
            attack: on_space(VertexSet(sol.attack), space.graph.len()),
            defense: on_space(VertexSet(sol.defense), space.graph.len()),
            pattern: None,
        };
        // SAFETY: `out` checked above.
        unsafe { give(out, result) }
    })
}

/// A new evaluator over `db` (the database first, the solver with GNU Go 3.8's parameters
/// behind it, solved shapes cached). It keeps the database alive: `db` may be freed first.
/// Its solver reads up to its default 20,000,000 nodes (up to about 19 s on a large open
/// space), with no time limit: [`nakade_evaluator_new_limited`] sets both.
///
/// # Safety
///
/// `db` must be null or a live handle; `out` must be null or valid for a write of one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_evaluator_new(
    db: *const NakadeDb,
    out: *mut *mut NakadeEvaluator,
) -> NakadeStatus {
    // SAFETY: the caller's contract, passed on.
    unsafe { nakade_evaluator_new_limited(db, 0, 0, out) }
}

/// [`nakade_evaluator_new`] whose solver reads each space within limits a host sets: at
/// most `node_limit` search nodes (0: the default, 20,000,000) and `time_limit_ms`
/// milliseconds (0: none). A space no pattern matches whose reading reaches either limit
/// is `NAKADE_STATUS_UNSOLVED` from `nakade_evaluate`; the evaluator keeps a reading the
/// node limit cut short (the same space is not read again), not one the clock did.
///
/// # Safety
///
/// `db` must be null or a live handle; `out` must be null or valid for a write of one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_evaluator_new_limited(
    db: *const NakadeDb,
    node_limit: u64,
    time_limit_ms: u32,
    out: *mut *mut NakadeEvaluator,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for both.
        unsafe { clear(out) }?;
        let db = unsafe { db_ref(db) }?;
        let params = limited(node_limit, time_limit_ms);
        let handle = match &db.source {
            DbSource::Default => NakadeEvaluator {
                evaluator: Evaluator::new(default_database(), params),
                _db: None,
            },
            DbSource::Loaded(shared) => {
                let shared = Arc::clone(shared);
                // SAFETY: the `Arc` kept in `_db` holds the database where it is for as long
                // as the evaluator lives, and the evaluator is dropped before it.
                let db: &'static Database = unsafe { &*Arc::as_ptr(&shared) };
                NakadeEvaluator {
                    evaluator: Evaluator::new(db, params),
                    _db: Some(shared),
                }
            }
        };
        let handle = Box::into_raw(Box::new(handle));
        // SAFETY: `out` checked above.
        unsafe { write_out(out, "out", handle) }
    })
}

/// GNU Go 3.8's solver parameters with a host's limits: `node_limit` nodes (0: the
/// default) and `time_limit_ms` milliseconds (0: none).
fn limited(node_limit: u64, time_limit_ms: u32) -> Params {
    let defaults = Params::default();
    Params {
        node_limit: if node_limit == 0 {
            defaults.node_limit
        } else {
            node_limit
        },
        time_limit: (time_limit_ms > 0)
            .then(|| std::time::Duration::from_millis(u64::from(time_limit_ms))),
        ..defaults
    }
}

/// The value and vital points of `space`: the evaluator's database first, the solver when
/// no pattern matches (`nakade_result_pattern` says which). `*out` is NULL on failure.
///
/// # Safety
///
/// `evaluator` and `space` must be null or live handles, and no other call may use
/// `evaluator` at the same time; `out` must be null or valid for a write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_evaluate(
    evaluator: *mut NakadeEvaluator,
    space: *const NakadeSpace,
    out: *mut *mut NakadeResult,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for all three.
        unsafe { clear(out) }?;
        let ev = unsafe { evaluator.as_ref() }.ok_or_else(|| Failure::null("evaluator"))?;
        let space = unsafe { space_ref(space) }?;
        let e = ev
            .evaluator
            .evaluate(&space.graph)
            .map_err(eval_failure)?
            .ok_or_else(|| Failure::new(NakadeStatus::NoMatch, "no pattern matches the space"))?;
        let pattern = match e.source {
            evaluate::Source::Pattern { number, .. } => Some(number),
            evaluate::Source::Solver => None,
        };
        let result = NakadeResult {
            value: e.value,
            attack: on_space(e.attack, space.graph.len()),
            defense: on_space(e.defense, space.graph.len()),
            pattern,
        };
        // SAFETY: `out` checked above.
        unsafe { give(out, result) }
    })
}

/// Free an evaluator. NULL is ignored.
///
/// # Safety
///
/// `evaluator` must be null or a handle from `nakade_evaluator_new` not yet freed, not used
/// afterwards nor during the call.
#[no_mangle]
pub unsafe extern "C" fn nakade_evaluator_free(evaluator: *mut NakadeEvaluator) {
    let _ = guard(|| {
        if !evaluator.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once by the caller's contract.
            drop(unsafe { Box::from_raw(evaluator) });
        }
        Ok(())
    });
}

/// A result handle, or the error for a null one.
///
/// # Safety
///
/// `result` must be null or a live handle.
unsafe fn result_ref<'a>(result: *const NakadeResult) -> Result<&'a NakadeResult, Failure> {
    // SAFETY: by the caller's contract.
    unsafe { result.as_ref() }.ok_or_else(|| Failure::null("result"))
}

/// The eye value, written to `*value`.
///
/// # Safety
///
/// `result` must be null or a live handle; `value` must be null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_result_value(
    result: *const NakadeResult,
    value: *mut NakadeValue,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for both.
        let r = unsafe { result_ref(result) }?;
        let EyeValue { a, b, c, d } = r.value;
        unsafe { write_out(value, "value", NakadeValue { a, b, c, d }) }
    })
}

/// The value of `count` independent eye spaces of one group together, written to `*sum`:
/// the spaces played out as a game of their digits (`EyeValue::sum`; `1122` and `0011`
/// give `1222`, the vital points being miai). The digits are taken as moves in a row.
/// `NAKADE_STATUS_INVALID_ARGUMENT` for a digit above 2, or for more than 8 values whose
/// digits differ.
///
/// # Safety
///
/// `values` must be null (with `count` 0 only) or valid for `count` reads; `sum` must be
/// null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_value_sum(
    values: *const NakadeValue,
    count: usize,
    sum: *mut NakadeValue,
) -> NakadeStatus {
    guard(|| {
        let given: &[NakadeValue] = if count == 0 {
            &[]
        } else if values.is_null() {
            return Err(Failure::null("values"));
        } else {
            // SAFETY: not null and valid for `count` reads by the caller's contract.
            unsafe { std::slice::from_raw_parts(values, count) }
        };
        let mut parsed = Vec::with_capacity(given.len());
        for (i, v) in given.iter().enumerate() {
            let value = EyeValue::new(v.a, v.b, v.c, v.d).ok_or_else(|| {
                Failure::new(
                    NakadeStatus::InvalidArgument,
                    format!(
                        "values[{i}] is {{{}, {}, {}, {}}}: each digit is 0, 1 or 2",
                        v.a, v.b, v.c, v.d
                    ),
                )
            })?;
            parsed.push(value);
        }
        let EyeValue { a, b, c, d } = EyeValue::sum(&parsed).ok_or_else(|| {
            Failure::new(
                NakadeStatus::InvalidArgument,
                format!(
                    "more than {} of the values have digits that differ",
                    crate::value::SUM_MAX_SPACES
                ),
            )
        })?;
        // SAFETY: by the caller's contract.
        unsafe { write_out(sum, "sum", NakadeValue { a, b, c, d }) }
    })
}

/// The number of the pattern that gave the answer, written to `*number`; -1 when the solver
/// gave it.
///
/// # Safety
///
/// `result` must be null or a live handle; `number` must be null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_result_pattern(
    result: *const NakadeResult,
    number: *mut i64,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for both.
        let r = unsafe { result_ref(result) }?;
        let n = r.pattern.map_or(-1, i64::from);
        unsafe { write_out(number, "number", n) }
    })
}

/// Write the vertices of `set` to the caller's buffer, as the two accessors below describe.
///
/// # Safety
///
/// As for `nakade_result_attack`.
unsafe fn write_points(
    set: VertexSet,
    indices: *mut usize,
    capacity: usize,
    count: *mut usize,
) -> Result<(), Failure> {
    let n = set.len();
    // SAFETY: by the caller's contract.
    unsafe { write_out(count, "count", n) }?;
    if indices.is_null() {
        return Ok(());
    }
    if capacity < n {
        return Err(Failure::new(
            NakadeStatus::BufferTooSmall,
            format!("{n} vertices and room for {capacity}"),
        ));
    }
    for (k, i) in set.iter().enumerate() {
        // SAFETY: `k < n <= capacity`, and the buffer holds `capacity` by the contract.
        unsafe { indices.add(k).write(i) };
    }
    Ok(())
}

/// The attack points (where the attacker plays to make the value worse for the owner), as
/// the space's vertex indices in ascending order: their number is written to `*count`, and
/// when `indices` is not NULL the indices to `indices[0..count]`. A buffer of
/// `NAKADE_MAX_POINTS` always suffices; a smaller one that does not is
/// `NAKADE_STATUS_BUFFER_TOO_SMALL` (with `*count` written, the buffer untouched).
///
/// # Safety
///
/// `result` must be null or a live handle; `count` must be null or valid for a write;
/// `indices` must be null or valid for writes of `capacity` elements.
#[no_mangle]
pub unsafe extern "C" fn nakade_result_attack(
    result: *const NakadeResult,
    indices: *mut usize,
    capacity: usize,
    count: *mut usize,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for all.
        let r = unsafe { result_ref(result) }?;
        unsafe { write_points(r.attack, indices, capacity, count) }
    })
}

/// The defence points (where the owner plays to make the value better), as
/// `nakade_result_attack` gives the attack points.
///
/// # Safety
///
/// As for `nakade_result_attack`.
#[no_mangle]
pub unsafe extern "C" fn nakade_result_defense(
    result: *const NakadeResult,
    indices: *mut usize,
    capacity: usize,
    count: *mut usize,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract, for all.
        let r = unsafe { result_ref(result) }?;
        unsafe { write_points(r.defense, indices, capacity, count) }
    })
}

/// Free a result. NULL is ignored.
///
/// # Safety
///
/// `result` must be null or a handle not yet freed, not used afterwards nor during the call.
#[no_mangle]
pub unsafe extern "C" fn nakade_result_free(result: *mut NakadeResult) {
    let _ = guard(|| {
        if !result.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once by the caller's contract.
            drop(unsafe { Box::from_raw(result) });
        }
        Ok(())
    });
}
