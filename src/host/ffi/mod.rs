//! The C ABI: nakade for engines written in C and C++, declared in `include/nakade.h`
//! (generated from these files by cbindgen; a test fails when the header is stale).
//!
//! Takes opaque handles and plain C values; gives a [`NakadeStatus`] from every call, with
//! outputs written through pointers. The calls, in the order a host makes them:
//!
//! 1. a database: `nakade_db_open_default` or `nakade_db_open_file` (a pattern file or a
//!    compiled database);
//! 2. an eye space: `nakade_space_from_encoded` (GNU Go's one-line encoding) or
//!    `nakade_space_from_points` (the host's board coordinates and label bits);
//! 3. an answer: `nakade_db_match` (the database alone), `nakade_solve` (the solver alone;
//!    `nakade_solve_limited` with a node and a time limit of the host's) or
//!    `nakade_evaluate` with an evaluator from `nakade_evaluator_new` (database first, solver
//!    behind, cached; `nakade_evaluator_new_limited` with the host's limits on the solver);
//! 4. reading it: `nakade_result_value`, `nakade_result_attack`, `nakade_result_defense`
//!    (vital points as the host's own vertex indices), `nakade_result_pattern`;
//! 5. `nakade_*_free` for every handle.
//!
//! The values of a group's several eye spaces add by `nakade_value_sum` (the spaces played
//! out together: where their vital points are miai, more than their `b` digits added).
//!
//! A whole position instead of one eye space: `nakade_final_status` takes the board as an
//! array of colours and gives each point's final status (alive, dead, seki) and its owner at
//! the end of the game, through an evaluator.
//!
//! # Errors and panics
//!
//! Every call that can fail returns a status; `NAKADE_STATUS_OK` is 0. A null pointer where
//! one is required is `NAKADE_STATUS_NULL_POINTER`, a bad argument
//! `NAKADE_STATUS_INVALID_ARGUMENT`: never undefined behaviour. On failure an out-pointer to a
//! handle is set to NULL, and `nakade_last_error()` gives the message (per thread, valid until
//! the thread's next failure). Every entry point runs inside `catch_unwind`: a panic (a bug)
//! becomes `NAKADE_STATUS_PANIC`, never an unwind into C.
//!
//! # Threads
//!
//! A database handle is immutable and may be used by any number of threads at once; so may
//! a space and a result. An evaluator holds a cache: use one per thread (it may be moved to
//! another thread, but calls on it must not overlap). Freeing a handle while another thread
//! uses it is the caller's error. An evaluator keeps its database alive, so the database
//! handle may be freed first.
//!
//! # Safety
//!
//! The functions are `unsafe` for Rust callers: each states in its `# Safety` section which
//! pointers must be valid. Pointers may always be null; handles must come from the matching
//! constructor and be freed once.

mod answer;
mod database;
mod guard;
mod query;
mod whole_board;

pub use answer::{
    nakade_db_match, nakade_evaluate, nakade_evaluator_free, nakade_evaluator_new,
    nakade_evaluator_new_limited, nakade_result_attack, nakade_result_defense, nakade_result_free,
    nakade_result_pattern, nakade_result_value, nakade_solve, nakade_solve_limited,
    nakade_value_sum, NakadeEvaluator, NakadeResult, NakadeValue,
};
pub use database::{
    nakade_db_free, nakade_db_len, nakade_db_open_default, nakade_db_open_file, NakadeDb,
};
pub use guard::{nakade_last_error, nakade_version, NakadeStatus};
pub use query::{
    nakade_space_coordinate, nakade_space_free, nakade_space_from_encoded,
    nakade_space_from_points, nakade_space_len, NakadeSpace, NAKADE_CORNER, NAKADE_EDGE,
    NAKADE_MARGINAL, NAKADE_MAX_POINTS, NAKADE_STONE,
};
pub use whole_board::{
    nakade_final_status, NAKADE_BLACK, NAKADE_EMPTY, NAKADE_FINAL_ALIVE, NAKADE_FINAL_DEAD,
    NAKADE_FINAL_EMPTY, NAKADE_FINAL_SEKI, NAKADE_WHITE,
};
