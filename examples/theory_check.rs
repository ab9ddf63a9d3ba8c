//! The static theory (Vilà and Cazenave) against the solver: eye status for every centre
//! shape of 3 to 7 cells with every legal filling of opponent stones, both players to move;
//! static vital points among the solver's. Prints the agreement and every kind of
//! disagreement with a count and an example.
//!
//! `cargo run --release --example theory_check [LIBERTIES]` (default 2).

use std::collections::BTreeMap;

use nakade::evaluation::solve::{solve, LocalReader, Params};
use nakade::evaluation::theory::life::{legal_fillings, solver_status, CHECK_NODE_LIMIT};
use nakade::evaluation::theory::neighbour::NeighbourClass;
use nakade::evaluation::theory::placement::placements;
use nakade::evaluation::theory::polyomino::{free_polyominoes, Cell};
use nakade::evaluation::theory::status::{eye_status, EyeStatus};

fn main() {
    let libs: u8 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let mut total = 0usize;
    let mut agree = 0usize;
    let mut kinds: BTreeMap<(String, String, String), (usize, String)> = BTreeMap::new();
    let mut vital_ok = 0usize;
    let mut vital_total = 0usize;
    let mut vital_bad = Vec::new();
    for shapes in free_polyominoes(7).into_iter().skip(2) {
        for shape in shapes.iter().filter(|s| !s.is_holed()) {
            let p = &placements(shape)[0];
            let space = p.space();
            let mut reader = LocalReader::new(&space, CHECK_NODE_LIMIT).unwrap();
            let class = NeighbourClass::of(&p.cells).to_string();
            for x in legal_fillings(&space, p.cells.len()) {
                let opp: Vec<Cell> = (0..p.cells.len())
                    .filter(|&i| x >> i & 1 == 1)
                    .map(|i| p.cells[i])
                    .collect();
                let st = eye_status(&p.cells, &opp, &[]);
                let r = solver_status(&mut reader, x, 0, libs, [0, 0]).unwrap();
                let solver = r.status();
                let stat = match st.status {
                    EyeStatus::AliveInAtari => EyeStatus::Alive,
                    s => s,
                };
                total += 1;
                if solver == Some(stat) {
                    agree += 1;
                } else {
                    let k = kinds
                        .entry((class.clone(), st.status.to_string(), format!("{solver:?}")))
                        .or_insert((0, String::new()));
                    k.0 += 1;
                    if k.1.is_empty() {
                        k.1 = format!("{:?} opp {:?}", p.cells, opp);
                    }
                }
            }
            // Vital points: the static ones among the solver's. The solver's: the points
            // `solve` marks (when the value is unsettled), and the points where one opponent
            // stone changes the status of the empty eye (what the paper calls vital: what
            // the opponent must fill).
            let st = eye_status(&p.cells, &[], &[]);
            if !st.points.vital.is_empty() {
                vital_total += 1;
                let sol = solve(&space, &Params::default()).unwrap();
                let empty = solver_status(&mut reader, 0, 0, libs, [0, 0]).unwrap();
                let mut marked = sol.attack | sol.defense;
                for i in 0..p.cells.len() {
                    let one = solver_status(&mut reader, 1 << i, 0, libs, [0, 0]).unwrap();
                    if one != empty {
                        marked |= 1 << i;
                    }
                }
                let ok = st.points.vital.iter().all(|c| {
                    let i = p.cells.iter().position(|x| x == c).unwrap();
                    marked >> i & 1 == 1
                });
                if ok {
                    vital_ok += 1;
                } else {
                    vital_bad.push(format!(
                        "{class} {:?}: static {:?}, solver {} ({})",
                        p.cells,
                        st.points.vital,
                        (0..p.cells.len())
                            .filter(|i| marked >> i & 1 == 1)
                            .map(|i| format!("{:?}", p.cells[i]))
                            .collect::<Vec<_>>()
                            .join(" "),
                        sol.value
                    ));
                }
            }
        }
    }
    println!(
        "status, outside liberties {libs}: {agree}/{total} positions agree ({:.2}%)",
        100.0 * agree as f64 / total as f64
    );
    for ((class, stat, solver), (n, ex)) in &kinds {
        println!("  {class} static {stat} solver {solver}: {n}  e.g. {ex}");
    }
    println!("vital points: {vital_ok}/{vital_total} shapes have their static vital points among the solver's");
    for b in vital_bad {
        println!("  {b}");
    }
}
