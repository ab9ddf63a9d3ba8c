//! Compare `nakade::evaluation::solve` with GNU Go 3.8's `analyze_eyegraph` on every concrete form of every
//! pattern of a pattern file (each `x` both ways, every placement its edge markers allow), as
//! `nakade verify` solves them, whatever the pattern says.
//!
//! `cargo run --release --example eyes_db_vs_gnugo -- ../shared/gnugo/eyes.db`; gnugo from
//! `$NAKADE_GNUGO` (default `/usr/games/gnugo`). Prints the agreement over the forms GNU Go
//! answers without a pocket, then each difference.

#[path = "../tests/solver_harness.rs"]
mod harness;

use std::collections::BTreeSet;

use nakade::evaluation::solve::{solve, Params, Space};
use nakade::pattern::diagram::Cell;
use nakade::pattern::encoded::{encode, parse_graph};
use nakade::tools::verify::concrete_forms;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        return Err("usage: eyes_db_vs_gnugo PATTERN_FILE".into());
    };
    let options = nakade::pattern::dsl::Options { lenient: true };
    let file = nakade::pattern::dsl::read_file_with(std::path::Path::new(&path), options)?;
    let mut all = BTreeSet::new();
    for p in &file.patterns {
        for (mut form, _) in concrete_forms(p) {
            for cell in form.rows.iter_mut().flatten() {
                if let Cell::Vertex(m) = *cell {
                    *cell = Cell::Vertex(m.with_vital(false, false));
                }
            }
            all.insert(encode(&form));
        }
    }
    let Some(mut g) = harness::Gnugo::start() else {
        return Err(format!("gnugo not found at {}", harness::gnugo_path()).into());
    };
    let (mut answered, mut agree, mut differ) = (0, 0, Vec::new());
    for form in &all {
        let harness::Answer::Value(theirs, rows) = g.analyze(form) else {
            continue;
        };
        if harness::has_pocket(form, &rows) {
            continue;
        }
        let space = Space::from_diagram(&parse_graph(form)?)?;
        let ours = solve(&space, &Params::default())?.value.to_string();
        answered += 1;
        if ours == theirs {
            agree += 1;
        } else {
            differ.push(format!("{form}\tgnugo {theirs}\tnakade {ours}"));
        }
    }
    println!(
        "{} forms; gnugo answers {answered} without a pocket; values agree on {agree} ({:.2}%)",
        all.len(),
        100.0 * agree as f64 / answered.max(1) as f64
    );
    for d in differ {
        println!("{d}");
    }
    Ok(())
}
