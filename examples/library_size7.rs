//! Build the shape library of every shape up to N cells (default 7) on all cores, time it,
//! write it to a file, and time lookups from cells.
//!
//! `cargo run --release --example library_size7 [N] [OUT]` (default OUT: `target/library-N.nksl`).

use std::time::Instant;

use nakade::evaluation::library::{placement_list, Library};
use nakade::tools::library_build::build;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let out = std::env::args()
        .nth(2)
        .unwrap_or_else(|| format!("target/library-{n}.nksl"));
    let started = Instant::now();
    let bytes = build(n, (1, 1), true).expect("build");
    let secs = started.elapsed().as_secs_f64();
    std::fs::write(&out, &bytes).expect("write");
    let lib = Library::from_bytes(bytes.clone()).expect("read back");
    println!(
        "size {n}: {} positions, {} placements, {} bytes, built in {secs:.1} s on {} threads -> {out}",
        lib.positions(),
        lib.placements(),
        bytes.len(),
        rayon::current_num_threads()
    );
    // Lookup from cells: every placement's first filling, shifted, opponent to move.
    let index = lib.index();
    let list = placement_list(index);
    let queries: Vec<_> = list
        .iter()
        .map(|(_, _, p)| {
            let shift = match p.edge {
                nakade::evaluation::theory::placement::Edge::Centre => (5, 7),
                nakade::evaluation::theory::placement::Edge::Side => (0, 7),
                nakade::evaluation::theory::placement::Edge::Corner => (0, 0),
            };
            let cells: Vec<(i8, i8)> = p
                .cells
                .iter()
                .map(|&(r, c)| (r + shift.0, c + shift.1))
                .collect();
            (p.edge, cells)
        })
        .collect();
    let rounds = 20;
    let started = Instant::now();
    let mut found = 0;
    for _ in 0..rounds {
        for (edge, cells) in &queries {
            if lib.lookup(*edge, cells, &[], true, 2).is_some() {
                found += 1;
            }
        }
    }
    let per = started.elapsed().as_secs_f64() * 1e6 / (rounds * queries.len()) as f64;
    println!(
        "lookup from cells: {per:.2} us each over {} lookups ({found} found)",
        rounds * queries.len()
    );
}
