//! Every value on which the solver and GNU Go 3.8 disagree among the centre eye graphs of up to
//! six vertices (`examples/solve_vs_gnugo 6 --list`: 72,183 answered, 71,855 agree, 99.55%).
//! All 328 are "pocket" graphs, listed in `tests/golden/solver_centre_pockets.list`; this test
//! asks GNU Go each of them again and checks that it still disagrees only because it read
//! another position, and records the solver's line of play for the first differing digit in
//! `tests/golden/solver_centre_pockets.txt` (`NAKADE_BLESS=1` rewrites it).
//!
//! Who is right, by reading: GNU Go embeds the graph in a board of white stones and runs a line
//! of black stones from each marginal vertex to an invincible black block. In these graphs the
//! line passes through the wall cells (`O`) inside the graph's bounding box and cuts a wall stone
//! off: GNU Go's annotation shows that input `O` cell as a point (`.`), and the black line next
//! to an eye vertex makes that vertex marginal. Example `!!!%.OO%..O`: GNU Go says 0011 and
//! prints `(!!%<.O%.*O`; asked `!!!%.OO%.!O` (the same graph with that vertex marginal) it says
//! 0011 too, as does the solver. For the graph as given, one surrounding string and no margin
//! there, the solver's 1112 is the reading of the position the graph describes.

use nakade::evaluation::solve::{solve, Params, Space};
use nakade::pattern::encoded::parse_graph;
use nakade::tools::verify::with_coordinates;
use pretty_assertions::assert_eq;

use crate::solver_harness::has_pocket;
use crate::support::{gnugo, Gnugo};

#[test]
fn centre_disagreements_up_to_six_are_all_gnugo_pockets() {
    let Some(path) = gnugo() else { return };
    let list = include_str!("golden/solver_centre_pockets.list");
    let mut gg = Gnugo::start(&path);
    let mut out = String::new();
    let mut count = 0;
    for graph in list.lines().filter(|l| !l.is_empty()) {
        let d = parse_graph(graph).unwrap();
        let sol = solve(&Space::from_diagram(&d).unwrap(), &Params::default()).unwrap();
        let (value, rows) = gg.analyze_eyegraph(graph).expect("GNU Go answers");
        assert_ne!(
            value,
            sol.value.to_string(),
            "{graph} now agrees: remove it from the list"
        );
        assert!(
            has_pocket(graph, &rows),
            "{graph}: a disagreement without a pocket"
        );
        let k = (0..4)
            .find(|&k| value.as_bytes()[k] != sol.value.to_string().as_bytes()[k])
            .unwrap_or(0);
        out.push_str(&format!(
            "{graph}: gnugo {value} {}, nakade {} {}; line {}: {}\n",
            rows.join("%").replace(' ', "O"),
            sol.value,
            nakade::pattern::encoded::encode(&sol.annotate(&d)),
            "abcd".as_bytes()[k] as char,
            with_coordinates(&d, &sol.pv[k])
        ));
        count += 1;
    }
    assert_eq!(count, 328);
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/solver_centre_pockets.txt");
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(&golden, &out).unwrap();
        return;
    }
    assert_eq!(std::fs::read_to_string(&golden).unwrap_or_default(), out);
}
