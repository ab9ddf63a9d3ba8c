//! The large spaces the final status reads, in GNU Go's form, solved as the final status
//! solves them: `b` and `c` only, within its budget of 20,000 nodes per space
//! (`board::finish::FINAL_SOLVER_NODES`).
//!
//! ```sh
//! cargo bench --bench final_spaces                       # the budget of the final status
//! NAKADE_BENCH_NODES=200000 cargo bench --bench final_spaces   # another budget
//! ```
//!
//! `benches/final_spaces.txt` holds every distinct space of more than eight vertices that the
//! final status of the 170 positions of `tests/final/` reads (with its outer liberties),
//! written in GNU Go's encoding from the board, and what the final status found within its
//! budget: the value's digits `bc` as `abcd` (`a = b`, `d = 2`) or `gaveup`. Only the spaces
//! whose encoding reads as the board's space does are kept (see the file's header). These
//! are the spaces whose give-ups cost the final status most of its time, so they are the
//! corpus that a faster solver has to be measured on.
//!
//! The bench reads each space once with the default search and once with the search
//! without its features (`Features::BASELINE`, lines off, `b` and `c` only), in one run,
//! and prints per size: spaces, read within the budget, gave up, nodes and time. It checks
//! that the default search finds what the file records (a line that differs is printed).

use std::time::Instant;

use nakade::board::finish::FINAL_SOLVER_NODES;
use nakade::evaluation::solve::{solve_with, Features, Params, SolveError, Space};
use nakade::pattern::encoded::parse_graph;

/// One space of the file.
struct Case {
    text: String,
    outer: u8,
    expected: String,
    /// The space's vertices.
    size: usize,
    space: Space,
}

/// What one search gives over the cases of one size.
#[derive(Default, Clone, Copy)]
struct Tally {
    read: usize,
    gave_up: usize,
    nodes: u64,
    seconds: f64,
}

fn cases() -> Vec<Case> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/final_spaces.txt");
    let text = std::fs::read_to_string(&path).expect("benches/final_spaces.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [graph, outer, expected, ..] = fields[..] else {
            panic!(
                "{}:{}: expected GRAPH, OUTER and VALUE",
                path.display(),
                i + 1
            );
        };
        let diagram =
            parse_graph(graph).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        let space = match Space::from_diagram(&diagram) {
            Ok(space) => space,
            Err(e) => {
                println!("{}:{}: not read: {e}", path.display(), i + 1);
                continue;
            }
        };
        out.push(Case {
            size: diagram.vertices().len(),
            text: graph.to_string(),
            outer: outer.parse().unwrap_or_else(|_| {
                panic!(
                    "{}:{}: {outer:?}: expected a number of outer liberties",
                    path.display(),
                    i + 1
                )
            }),
            expected: expected.to_string(),
            space,
        });
    }
    out
}

/// `b` and `c` of `case` within `nodes`: the digits as `abcd`, or `gaveup`; and the nodes.
fn read(case: &Case, nodes: u64, features: Features) -> (String, u64) {
    let params = Params {
        outer_liberties: case.outer,
        node_limit: nodes,
        ..Params::default()
    };
    match solve_with(&case.space, &params, features) {
        Ok(sol) => (sol.value.to_string(), sol.nodes),
        Err(SolveError::SearchLimit { nodes }) => ("gaveup".to_string(), nodes),
        Err(e) => (format!("error: {e}"), 0),
    }
}

/// A row of the table: the spaces, then each search's tally.
fn row(label: &str, t: &[Tally; 2]) -> String {
    let mut out = format!("| {label} | {} |", t[0].read + t[0].gave_up);
    for t in t {
        out.push_str(&format!(
            " {} / {} | {} | {:.1} ms |",
            t.read,
            t.gave_up,
            t.nodes,
            t.seconds * 1e3
        ));
    }
    out
}

fn main() {
    let nodes = match std::env::var("NAKADE_BENCH_NODES") {
        Err(_) => FINAL_SOLVER_NODES,
        Ok(v) => v.parse().unwrap_or_else(|_| {
            eprintln!("NAKADE_BENCH_NODES={v:?}: expected a number of nodes");
            std::process::exit(2);
        }),
    };
    let cases = cases();
    let searches = [
        (
            "default",
            Features {
                lines: false,
                min_max: true,
                ..Features::default()
            },
        ),
        (
            "baseline",
            Features {
                lines: false,
                min_max: true,
                ..Features::BASELINE
            },
        ),
    ];
    let mut by_size = std::collections::BTreeMap::<usize, [Tally; 2]>::new();
    let mut differ = 0;
    for case in &cases {
        for (k, (_, features)) in searches.iter().enumerate() {
            let started = Instant::now();
            let (value, used) = read(case, nodes, *features);
            let seconds = started.elapsed().as_secs_f64();
            let t = &mut by_size.entry(case.size).or_default()[k];
            if value == "gaveup" {
                t.gave_up += 1;
            } else {
                t.read += 1;
            }
            t.nodes += used;
            t.seconds += seconds;
            if k == 0 && nodes == FINAL_SOLVER_NODES && value != case.expected {
                differ += 1;
                println!(
                    "differs: {} outer {}: {value}, the file {}",
                    case.text, case.outer, case.expected
                );
            }
        }
    }
    println!(
        "# The final status's large spaces ({} from `benches/final_spaces.txt`), `b` and `c` within {nodes} nodes each",
        cases.len()
    );
    println!();
    println!("| vertices | spaces | default: read / gave up | nodes | time | baseline: read / gave up | nodes | time |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut all = [Tally::default(); 2];
    for (size, t) in &by_size {
        println!("{}", row(&size.to_string(), t));
        for k in 0..2 {
            all[k].read += t[k].read;
            all[k].gave_up += t[k].gave_up;
            all[k].nodes += t[k].nodes;
            all[k].seconds += t[k].seconds;
        }
    }
    println!("{}", row("all", &all));
    if nodes == FINAL_SOLVER_NODES {
        println!();
        println!(
            "the default search finds what the file records on {} of {}",
            cases.len() - differ,
            cases.len()
        );
    }
}
