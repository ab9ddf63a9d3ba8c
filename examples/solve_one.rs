//! Solve encoded eye graphs given as arguments and print value, annotated graph and lines of
//! play: `cargo run --example solve_one -- 'OO!%O.X%!...'`. Options before the graphs:
//! `--outer N` outer liberties, `--threats A,D` ko threats for attacker and defender,
//! `--min-max 1` only the digits `b` and `c` (`Features::min_max`), `--first-moves 0`
//! without the first moves' whole values (`Features::first_moves`, which `nakade solve`
//! does not read), `--nodes N` the node limit. Each answer's line ends
//! with the nodes searched and the time.

use nakade::evaluation::solve::{solve_with, Features, Params, Space};
use nakade::pattern::encoded::parse_graph;

fn main() {
    let mut params = Params::default();
    let mut min_max = false;
    let mut first_moves = true;
    let mut args = std::env::args().skip(1).peekable();
    while let Some(opt) = args.next_if(|a| a.starts_with("--")) {
        let value = args.next().unwrap_or_default();
        match opt.as_str() {
            "--outer" => params.outer_liberties = value.parse().unwrap_or(2),
            "--threats" => {
                let mut it = value.split(',').map(|x| x.parse().unwrap_or(0));
                params.attacker_ko_threats = it.next().unwrap_or(0);
                params.defender_ko_threats = it.next().unwrap_or(0);
            }
            "--min-max" => min_max = value == "1",
            "--nodes" => params.node_limit = value.parse().unwrap_or(params.node_limit),
            "--first-moves" => first_moves = value != "0",
            _ => eprintln!("unknown option {opt}"),
        }
    }
    for arg in args {
        let result = parse_graph(&arg).map_err(|e| e.to_string()).and_then(|d| {
            let space = Space::from_diagram(&d).map_err(|e| e.to_string())?;
            let features = Features {
                first_moves: first_moves && !min_max,
                min_max,
                ..Features::default()
            };
            let started = std::time::Instant::now();
            let sol = solve_with(&space, &params, features).map_err(|e| e.to_string())?;
            Ok((d, sol, started.elapsed()))
        });
        match result {
            Ok((d, sol, took)) => {
                println!(
                    "{arg}\t{}\t{}\t{} nodes\t{:.3} s",
                    sol.value,
                    sol.annotate(&d).render('O').join("%"),
                    sol.nodes,
                    took.as_secs_f64()
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
