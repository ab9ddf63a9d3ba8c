//! `nakade::evaluation::solve` against GNU Go 3.8's `analyze_eyegraph` on every centre eye graph of up to
//! four cells (labels `. ! X $`). Skipped, saying so, when gnugo is absent (`$NAKADE_GNUGO`,
//! default `/usr/games/gnugo`). The full comparison is `examples/solve_vs_gnugo.rs`.

use crate::solver_harness;

#[test]
fn agrees_with_gnugo_up_to_four_cells() {
    let Some(mut g) = solver_harness::Gnugo::start() else {
        eprintln!(
            "SKIPPED: gnugo not found at {}",
            solver_harness::gnugo_path()
        );
        return;
    };
    let t = solver_harness::compare(&mut g, 4);
    assert_eq!(t.graphs, 837);
    assert!(
        t.answered > 800,
        "gnugo answered only {} graphs",
        t.answered
    );
    let pct = 100.0 * t.value_agree as f64 / t.answered as f64;
    assert!(
        pct >= 99.5,
        "value agreement {pct:.2}%: {:#?}",
        t.value_mismatches
    );
    let marks = 100.0 * t.marks_agree as f64 / t.answered as f64;
    assert!(
        marks >= 99.0,
        "vital-point agreement {marks:.2}%: {:#?}",
        t.mark_mismatches
    );
}

#[test]
fn enumerates_the_free_polyominoes() {
    let counts: Vec<usize> = (1..=6)
        .map(|k| {
            solver_harness::polyominoes(6)
                .iter()
                .filter(|s| s.len() == k)
                .count()
        })
        .collect();
    assert_eq!(counts, vec![1, 1, 2, 5, 12, 35]);
}
