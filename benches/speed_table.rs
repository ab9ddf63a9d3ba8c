//! The speed table of issue 10 in one run: each path's figure before and after, and its
//! target, printed as one markdown table. `cargo bench --bench speed_table`.
//!
//! The solver's rows (open spaces, board analysis without the size rule, the solver against
//! GNU Go per graph) come first, then batch matching, start-up, canonicalisation and the
//! commands on every core. "Before" is the old code path, kept as a baseline where it is cheap
//! to keep (`Features::BASELINE`, `NAKADE_BATCH_BASELINE`, the reference labelling,
//! `RAYON_NUM_THREADS=1`), else the figure measured at the start, said so in the row.

#[path = "speed_table/solver_rows.rs"]
mod solver_rows;
#[path = "speed_table/throughput_rows.rs"]
mod throughput_rows;

fn main() {
    // `cargo bench` passes `--bench`; a filter or `--list` from the harness asks for nothing.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    println!("| path | before | after | target |");
    println!("|---|---|---|---|");
    for [path, before, after, target] in solver_rows::rows()
        .into_iter()
        .chain(throughput_rows::rows())
    {
        println!("| {path} | {before} | {after} | {target} |");
    }
}
