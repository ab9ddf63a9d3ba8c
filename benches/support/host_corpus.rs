//! Eye spaces in the form hosts send them (GNU Go's encoding: the space's bounding box, every
//! cell off the space an `O`, board edges as `|`, `-` and `+`), for the batch bench and the
//! test that the quick reader answers as the full one.
//!
//! [`host_corpus`] gives `want` distinct lines, deterministically:
//! - the spaces of the positions of the six random games (`tests/batch/host_graphs.txt`:
//!   every space of at most 12 points a real board gave);
//! - every fixed polyomino of 1 to 9 cells, drawn at random, and random polyominoes of 10 to
//!   12 cells grown cell by cell; each placed in the centre, on an edge or in a corner (turned
//!   to any of the four edges and corners), each point empty, marginal, an attacker stone or
//!   both at random. A cell the shape closes in is an enclosed defender stone (`O` inside).
//!
//! Sizes are drawn uniformly from 1 to 12 (the small ones have few distinct forms, so the
//! corpus holds more large ones).

use std::collections::HashSet;

use nakade::pattern::diagram::{Cell, Diagram, Marker};
use nakade::pattern::encoded::encode;
use nakade::tools::enumerate::{place, polyominoes, Placement};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A polyomino of `size` cells grown from one cell, each step beside a cell already in it.
fn grown(size: usize, rng: &mut Rng) -> Vec<(u8, u8)> {
    let mut cells: Vec<(i16, i16)> = vec![(0, 0)];
    while cells.len() < size {
        let (r, c) = cells[rng.below(cells.len())];
        let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)][rng.below(4)];
        let next = (r + dr, c + dc);
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
    let mut out: Vec<(u8, u8)> = cells
        .into_iter()
        .map(|(r, c)| ((r - r0) as u8, (c - c0) as u8))
        .collect();
    out.sort_unstable();
    out
}

/// The diagram turned about its diagonal: rows become columns, a horizontal edge a vertical one.
fn transposed(d: &Diagram) -> Diagram {
    let w = d.rows.iter().map(Vec::len).max().unwrap_or(0);
    let rows = (0..w)
        .map(|c| {
            d.rows
                .iter()
                .map(|row| match row.get(c).copied().unwrap_or(Cell::Off) {
                    Cell::EdgeHorizontal => Cell::EdgeVertical,
                    Cell::EdgeVertical => Cell::EdgeHorizontal,
                    cell => cell,
                })
                .collect()
        })
        .collect();
    Diagram { rows }
}

/// `want` distinct encoded eye spaces in GNU Go's form (see the module documentation);
/// `host_graphs` is the text of `tests/batch/host_graphs.txt`.
pub fn host_corpus(want: usize, host_graphs: &str) -> Vec<String> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::with_capacity(want);
    for line in host_graphs.lines() {
        if out.len() < want && seen.insert(line.to_string()) {
            out.push(line.to_string());
        }
    }
    let shapes: Vec<Vec<Vec<(u8, u8)>>> = (1..=9).map(polyominoes).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tries = 0usize;
    while out.len() < want && tries < want * 20 {
        tries += 1;
        let size = 1 + rng.below(12);
        let cells = match shapes.get(size - 1) {
            Some(all) => all[rng.below(all.len())].clone(),
            None => grown(size, &mut rng),
        };
        let labels: Vec<Marker> = (0..cells.len())
            .map(|_| match rng.below(100) {
                0..=54 => Marker::Empty,
                55..=74 => Marker::Margin,
                75..=91 => Marker::Stone,
                _ => Marker::MarginStone,
            })
            .collect();
        let mut d: Diagram = place(&cells, &labels, Placement::ALL[rng.below(3)]);
        // The edge at the bottom or the top, on the left or the right.
        if rng.below(2) == 1 {
            d = transposed(&d);
        }
        if rng.below(2) == 1 {
            d.rows.reverse();
        }
        if rng.below(2) == 1 {
            d.rows.iter_mut().for_each(|r| r.reverse());
        }
        let text = encode(&d);
        if seen.insert(text.clone()) {
            out.push(text);
        }
    }
    out
}
