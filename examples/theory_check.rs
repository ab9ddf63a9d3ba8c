//! The static theory (Vilà and Cazenave) against the solver: eye status for every centre
//! shape of 3 to 7 cells with every legal filling of opponent stones, both players to move;
//! static vital points among the solver's (the union of the minimal fillings the solver reads
//! as Nakade). Prints the agreement, the count of each kind of exception, the vital points of
//! every shape, and with `--list` every exception (the listing
//! `tests/golden/theory_status_exceptions.txt` keeps).
//!
//! `cargo run --release --example theory_check [LIBERTIES] [--list]` (default 2).

use std::collections::BTreeMap;

use nakade::evaluation::theory::neighbour::NeighbourClass;
use nakade::evaluation::theory::status_check::{check_status, diagram, listing};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let libs: u8 = args.iter().find_map(|s| s.parse().ok()).unwrap_or(2);
    let list = args.iter().any(|a| a == "--list");
    let start = std::time::Instant::now();
    let check = match check_status(3, 7, libs, |_, _| true) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("theory_check: {e}");
            std::process::exit(1);
        }
    };
    let elapsed = start.elapsed();
    let bad = check.exceptions.len();
    println!(
        "status, outside liberties {libs}: {}/{} positions agree ({:.2}%), {bad} exceptions, read in {:.2?}",
        check.positions - bad,
        check.positions,
        100.0 * (check.positions - bad) as f64 / check.positions as f64,
        elapsed
    );
    let mut kinds: BTreeMap<_, usize> = BTreeMap::new();
    let mut by_size: BTreeMap<_, usize> = BTreeMap::new();
    for e in &check.exceptions {
        *kinds.entry(e.kind.name()).or_default() += 1;
        *by_size
            .entry((
                e.shape.len(),
                NeighbourClass::of(&e.shape).to_string(),
                e.kind.name(),
            ))
            .or_default() += 1;
    }
    for (k, n) in &kinds {
        println!("  {k}: {n}");
    }
    for ((size, class, k), n) in &by_size {
        println!("    {size} {class} {k}: {n}");
    }
    let among = check.vital.iter().filter(|v| v.among()).count();
    println!(
        "vital points: {among}/{} shapes have their static vital points among the solver's",
        check.vital.len()
    );
    for v in &check.vital {
        println!(
            "  {} {} {} static {:?} solver {:?} minimal nakade fillings {:?}",
            if v.among() { "ok " } else { "NOT" },
            NeighbourClass::of(&v.shape),
            diagram(&v.shape, &[]),
            v.static_vital,
            v.solver_vital,
            v.nakade_fillings
        );
    }
    if list {
        print!("{}", listing(&check.exceptions));
    }
}
