//! Where the solver and the paper part on the life property: for each shape of size 5 to 7
//! whose centre placement the theorem gives the property, every placement (centre, and side
//! eyes, corner eyes) where the solver finds a filling that kills, with that filling drawn.
//!
//! `cargo run --release --example life_failures [SIZE]`

use nakade::evaluation::theory::life::{life_property, LifeVerdict};
use nakade::evaluation::theory::neighbour::NeighbourClass;
use nakade::evaluation::theory::placement::{placements, Edge, Placement};
use nakade::evaluation::theory::points::shape_points;
use nakade::evaluation::theory::polyomino::free_polyominoes;

fn draw(p: &Placement, x: u32) -> String {
    let rows = p.cells.iter().map(|c| c.0).max().unwrap_or(0);
    let cols = p.cells.iter().map(|c| c.1).max().unwrap_or(0);
    let mut out = String::new();
    for r in 0..=rows {
        out.push_str(if p.edge != Edge::Centre && r == 0 {
            "  ="
        } else {
            "   "
        });
        if p.edge == Edge::Corner {
            out.push('|');
        }
        for c in 0..=cols {
            out.push(match p.cells.iter().position(|&q| q == (r, c)) {
                Some(i) if x >> i & 1 == 1 => 'X',
                Some(_) => '.',
                None => 'O',
            });
        }
        out.push('\n');
    }
    out
}

fn main() {
    let size: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    for s in &free_polyominoes(size)[size - 1] {
        if s.is_holed() || !shape_points(s.cells()).life_property {
            continue;
        }
        for p in placements(s) {
            let side_eye = p.edge == Edge::Side && p.cells.iter().filter(|c| c.0 == 0).count() >= 3;
            let corner_eye = p.edge == Edge::Corner
                && [(0, 0), (0, 1), (1, 0)].iter().all(|c| p.cells.contains(c));
            if p.edge != Edge::Centre && !side_eye && !corner_eye {
                continue;
            }
            match life_property(&p).unwrap() {
                LifeVerdict::Holds => {}
                v => {
                    let x = match v {
                        LifeVerdict::FailsByKill(x) | LifeVerdict::FailsByKo(x) => x,
                        LifeVerdict::Holds => 0,
                    };
                    println!(
                        "{} {} {:?} (row 0 = board edge, `|` the other edge in a corner):\n{}",
                        NeighbourClass::of(s.cells()),
                        p.edge,
                        v,
                        draw(&p, x)
                    );
                }
            }
        }
    }
}
