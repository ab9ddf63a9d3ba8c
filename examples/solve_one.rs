//! Solve encoded eye graphs given as arguments and print value, annotated graph and lines of
//! play: `cargo run --example solve_one -- 'OO!%O.X%!...'`.

use nakade::solve::{encoded, solve, Params, Space};

fn main() {
    for arg in std::env::args().skip(1) {
        let result = encoded::parse(&arg)
            .map_err(|e| e.to_string())
            .and_then(|d| {
                let space = Space::from_diagram(&d).map_err(|e| e.to_string())?;
                let sol = solve(&space, &Params::default()).map_err(|e| e.to_string())?;
                Ok((d, sol))
            });
        match result {
            Ok((d, sol)) => {
                println!(
                    "{arg}\t{}\t{}",
                    sol.value,
                    sol.annotate(&d).render('O').join("%")
                );
                for (digit, line) in "abcd".chars().zip(&sol.pv) {
                    println!("  {digit}: {line}");
                }
                for m in &sol.first_moves {
                    let who = if m.attacker { 'B' } else { 'W' };
                    println!("  {who} {:?} -> {}", m.mv, m.value);
                }
            }
            Err(e) => println!("{arg}\terror: {e}"),
        }
    }
}
