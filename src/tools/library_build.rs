//! Building the shape library: every placement solved, in parallel, one shard or all.
//!
//! Takes a largest shape size, a shard `K/N`, the search's budget and the search to read
//! with; gives the bytes of a library file (or of a part file, for `K/N` other than `1/1`) in
//! the format of [`crate::evaluation::library`], and how it was read: the search nodes, and
//! the placement whose largest query read the most. Placements are the work units: rayon
//! spreads them over the cores, each with its own transposition table shared by all its
//! positions; a progress bar counts them on a terminal. The shard's slice is fixed by
//! placement number alone, so any machine computes the same part, and merging the parts gives
//! the unsharded file byte for byte.
//!
//! Placements are read with [`LocalSearch::Static`] unless told otherwise: the plain search
//! gives up on placement 1812 of the size-8 library (an 8-cell corner shape closing in one
//! of the owner's stones, empty, the opponent to move with 2 outside liberties) after 20 M
//! nodes, where the static one reads the whole placement in 37 thousand nodes, its largest
//! query 2 thousand. Both give the same bytes on every placement of sizes 1 to 8 both read.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::evaluation::library::{
    placement_list, solve_block_with, write_file, BlockLimits, Header, MAX_LIBERTIES,
    MAX_LIBRARY_SIZE,
};
use crate::evaluation::solve::{LocalSearch, SolveError};
use crate::evaluation::theory::placement::{Edge, Placement};
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
    #[error(
        "placement {placement} ({cells}-cell {edge} shape {shape}, {search} search): {source}"
    )]
    Solve {
        /// Placement number.
        placement: usize,
        /// Its number of cells.
        cells: usize,
        /// Its edge.
        edge: Edge,
        /// Its picture ([`picture`]).
        shape: String,
        /// The search it was read with.
        search: LocalSearch,
        /// The solver's error.
        source: SolveError,
    },
}

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Largest shape, in cells.
    pub up_to: usize,
    /// Shard `k` of `n` (1-based); `(1, 1)` for the whole library.
    pub shard: (u16, u16),
    /// A progress bar on standard error when it is a terminal.
    pub progress: bool,
    /// The budget of each placement's reading.
    pub limits: BlockLimits,
    /// The search each placement is read with.
    pub search: LocalSearch,
}

impl BuildOptions {
    /// The whole library up to `up_to` cells, without a progress bar, with the default
    /// budget and search.
    pub fn new(up_to: usize) -> BuildOptions {
        BuildOptions {
            up_to,
            shard: (1, 1),
            progress: false,
            limits: BlockLimits::default(),
            search: LocalSearch::Static,
        }
    }
}

/// The placement whose largest query read the most nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hardest {
    /// Placement number.
    pub placement: usize,
    /// Its number of cells.
    pub cells: usize,
    /// Its edge.
    pub edge: Edge,
    /// Its picture ([`picture`]).
    pub shape: String,
    /// Nodes of its largest query.
    pub most_nodes: u64,
    /// Nodes of all its queries.
    pub nodes: u64,
}

/// A built library (or part) and how it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Placements read.
    pub placements: usize,
    /// Search nodes of every query of every placement.
    pub nodes: u64,
    /// The placement whose largest query read the most (`None` for a shard without one).
    pub hardest: Option<Hardest>,
}

/// A placement's cells as rows of text, separated by `/`: row 0 first (on the edge for a side
/// or corner placement), column 0 first (on the edge for a corner); `.` a cell of the shape,
/// `O` an owner's stone the shape closes in, `-` neither.
pub fn picture(p: &Placement) -> String {
    let holes = p.holes();
    let all = p.cells.iter().chain(&holes);
    let (r0, c0) = all
        .clone()
        .fold((i8::MAX, i8::MAX), |(r, c), &(y, x)| (r.min(y), c.min(x)));
    let (r1, c1) = all
        .clone()
        .fold((i8::MIN, i8::MIN), |(r, c), &(y, x)| (r.max(y), c.max(x)));
    (r0..=r1)
        .map(|r| {
            (c0..=c1)
                .map(|c| {
                    if p.cells.contains(&(r, c)) {
                        '.'
                    } else if holes.contains(&(r, c)) {
                        'O'
                    } else {
                        '-'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Build the library of shapes up to `up_to` cells, or shard `k` of `n` of it, as
/// [`build_with`] does with the default budget and search; with `progress`, a progress bar
/// on standard error when it is a terminal.
pub fn build(up_to: usize, shard: (u16, u16), progress: bool) -> Result<Vec<u8>, BuildError> {
    build_with(&BuildOptions {
        shard,
        progress,
        ..BuildOptions::new(up_to)
    })
    .map(|b| b.bytes)
}

/// Build the library (or a shard) as `options` say.
pub fn build_with(options: &BuildOptions) -> Result<Built, BuildError> {
    let (k, n) = options.shard;
    if k == 0 || k > n {
        return Err(BuildError::Shard(k, n));
    }
    let up_to = options.up_to;
    if up_to == 0 || up_to > MAX_LIBRARY_SIZE {
        return Err(BuildError::Size(up_to));
    }
    let index = ShapeIndex::new(up_to);
    let all = placement_list(&index);
    let mine: Vec<(usize, &Placement)> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| i % n as usize == (k - 1) as usize)
        .map(|(i, (_, _, p))| (i, *p))
        .collect();
    let bar = if options.progress && std::io::stderr().is_terminal() {
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
    let mut solved = order
        .par_iter()
        .map(|&i| {
            let (placement, p) = mine[i];
            let block = solve_block_with(p, &options.limits, options.search).map_err(|source| {
                BuildError::Solve {
                    placement,
                    cells: p.cells.len(),
                    edge: p.edge,
                    shape: picture(p),
                    search: options.search,
                    source,
                }
            });
            bar.inc(1);
            block.map(|b| (placement, b))
        })
        .collect::<Result<Vec<_>, _>>()?;
    bar.finish_and_clear();
    solved.sort_by_key(|b| b.0);
    let nodes = solved.iter().map(|b| b.1.nodes).sum();
    // The first of the placements with the largest query.
    let hardest = solved
        .iter()
        .max_by_key(|(i, b)| (b.most_nodes, std::cmp::Reverse(*i)))
        .and_then(|(i, b)| {
            let p = mine.iter().find(|m| m.0 == *i)?.1;
            Some(Hardest {
                placement: *i,
                cells: p.cells.len(),
                edge: p.edge,
                shape: picture(p),
                most_nodes: b.most_nodes,
                nodes: b.nodes,
            })
        });
    let placements = solved.len();
    let blocks: Vec<(u32, Vec<u8>)> = solved
        .into_iter()
        .map(|(p, b)| (p as u32, b.bytes))
        .collect();
    Ok(Built {
        bytes: write_file(
            &Header {
                up_to: up_to as u8,
                max_liberties: MAX_LIBERTIES,
                shard: options.shard,
                placements: all.len() as u32,
            },
            &blocks,
        ),
        placements,
        nodes,
        hardest,
    })
}
