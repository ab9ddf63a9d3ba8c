use nakade::evaluation::solve::{solve_with, Features, Params, Space};
use nakade::pattern::encoded::parse_graph;
use std::time::Instant;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let reps: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let path = format!("tests/golden/solver_record/size_{n}.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let all: Vec<&str> = text.lines().filter_map(|l| l.split('\t').next()).collect();
    let step = (all.len() / 150).max(1);
    let spaces: Vec<Space> = all
        .iter()
        .step_by(step)
        .take(150)
        .filter_map(|g| parse_graph(g).ok())
        .filter_map(|d| Space::from_diagram(&d).ok())
        .collect();
    let f = Features {
        lines: false,
        ..Features::default()
    };
    let t = Instant::now();
    let mut nodes = 0u64;
    for _ in 0..reps {
        for s in &spaces {
            if let Ok(sol) = solve_with(s, &Params::default(), f) {
                nodes += sol.nodes;
            }
        }
    }
    let per = t.elapsed().as_secs_f64() * 1e6 / (reps * spaces.len()) as f64;
    println!(
        "{} graphs x {reps}: {per:.1} us/graph, {:.0} nodes/graph",
        spaces.len(),
        nodes as f64 / (reps * spaces.len()) as f64
    );
}
