//! Building the shape library: every placement solved, in parallel, one shard or all.
//!
//! Takes a largest shape size and a shard `K/N`; gives the bytes of a library file (or of a
//! part file, for `K/N` other than `1/1`) in the format of
//! [`crate::evaluation::library`]. Placements are the work units: rayon spreads them over the
//! cores, each with its own transposition table shared by all its positions; a progress bar
//! counts them on a terminal. The shard's slice is fixed by placement number alone, so any
//! machine computes the same part, and merging the parts gives the unsharded file byte for
//! byte.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::evaluation::library::{
    placement_list, solve_block, write_file, Header, MAX_LIBERTIES, MAX_LIBRARY_SIZE,
};
use crate::evaluation::solve::SolveError;
use crate::evaluation::theory::zobrist::ShapeIndex;

/// Why a build fails.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A shard that does not exist.
    #[error("shard {0}/{1}: expected K/N with 1 <= K <= N")]
    Shard(u16, u16),
    /// A size out of range.
    #[error("shape size {0}: expected 1 to {MAX_LIBRARY_SIZE}")]
    Size(usize),
    /// A placement the solver could not read.
    #[error("placement {placement}: {source}")]
    Solve {
        /// Placement number.
        placement: usize,
        /// The solver's error.
        source: SolveError,
    },
}

/// Build the library of shapes up to `up_to` cells, or shard `k` of `n` of it; with
/// `progress`, a progress bar on standard error when it is a terminal.
pub fn build(up_to: usize, shard: (u16, u16), progress: bool) -> Result<Vec<u8>, BuildError> {
    let (k, n) = shard;
    if k == 0 || k > n {
        return Err(BuildError::Shard(k, n));
    }
    if up_to == 0 || up_to > MAX_LIBRARY_SIZE {
        return Err(BuildError::Size(up_to));
    }
    let index = ShapeIndex::new(up_to);
    let all = placement_list(&index);
    let mine: Vec<(usize, &crate::evaluation::theory::placement::Placement)> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| i % n as usize == (k - 1) as usize)
        .map(|(i, (_, _, p))| (i, *p))
        .collect();
    let bar = if progress && std::io::stderr().is_terminal() {
        let b = ProgressBar::new(mine.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} placements, {elapsed} (eta {eta})")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    // Larger placements first, so the slowest do not start last.
    let mut order: Vec<usize> = (0..mine.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(mine[i].1.cells.len()));
    let mut solved: Vec<(usize, Vec<u8>)> = order
        .par_iter()
        .map(|&i| {
            let (placement, p) = mine[i];
            let block = solve_block(p).map_err(|source| BuildError::Solve { placement, source });
            bar.inc(1);
            block.map(|b| (placement, b))
        })
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    solved.sort_by_key(|b| b.0);
    let blocks: Vec<(u32, Vec<u8>)> = solved.into_iter().map(|(p, b)| (p as u32, b)).collect();
    Ok(write_file(
        &Header {
            up_to: up_to as u8,
            max_liberties: MAX_LIBERTIES,
            shard,
            placements: all.len() as u32,
        },
        &blocks,
    ))
}
