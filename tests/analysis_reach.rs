//! Board analysis without GNU Go's size rule: a space of more than eight vertices that no
//! pattern answers gets the solver's own value (the same as solving its graph), and a space
//! beyond the solver's reach is reported as a bound, never valued by a guess.

use nakade::board::analysis::{analyze_position, AnalysisLimits, Source};
use nakade::board::{ascii, Color};
use nakade::evaluation::evaluate::{space_of, Evaluator};
use nakade::evaluation::solve::{solve, Params};
use nakade::EyeValue;

const TEN_IN_THE_CORNER: &str = "+-----------------+
|. . . . . O X . .|
|. . . . . O X . .|
|O O O O O O X . .|
|X X X X X X X . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";

const THIRTY_SIX_ALONG_THE_EDGE: &str = "+-----------------+
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|O O O O O O O O O|
|X X X X X X X X X|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";

#[test]
fn a_ten_point_space_gets_the_solvers_value() {
    let mut board = ascii::parse_board(TEN_IN_THE_CORNER, None).unwrap().board;
    let ev = Evaluator::with_default();
    let report = analyze_position(
        &mut board,
        &ev,
        Some(Color::White),
        AnalysisLimits::default(),
    );
    let space = report
        .spaces
        .iter()
        .find(|s| s.points().len() == 10)
        .expect("the ten-point space");
    assert_eq!(space.source, Source::Solver);
    let params = Params {
        outer_liberties: space.analyzed.outer_liberties,
        ..Params::default()
    };
    let direct = solve(&space_of(&space.graph).unwrap(), &params).unwrap();
    assert_eq!(space.value, Some(direct.value));
}

#[test]
fn a_space_beyond_the_solver_is_a_bound() {
    let mut board = ascii::parse_board(THIRTY_SIX_ALONG_THE_EDGE, None)
        .unwrap()
        .board;
    let ev = Evaluator::with_default();
    let report = analyze_position(
        &mut board,
        &ev,
        Some(Color::White),
        AnalysisLimits::default(),
    );
    let space = report
        .spaces
        .iter()
        .find(|s| s.points().len() == 36)
        .expect("the 36-point space");
    assert_eq!(space.source, Source::Bound);
    let two = EyeValue {
        a: 2,
        b: 2,
        c: 2,
        d: 2,
    };
    assert_eq!(space.value, Some(two));
    assert_eq!(
        space.source.to_string(),
        "bound: at most 2 eyes (beyond the solver's reach)"
    );
    assert!(space.attack.is_empty() && space.defense.is_empty());
}

/// The 13-point space of a bench position is not read whole within the default budget: it
/// keeps its `b` and `c`, read alone (source `solver-min-max`), and has no value and no
/// bound. `nakade analyze --solver-nodes` gives the solver more, and it reads the space
/// whole: the value (whose `b` and `c` are those read alone) and the vital points are those
/// of solving its graph, the outer liberty the board leaves included.
#[test]
fn a_larger_budget_reads_whole_a_space_the_default_reads_for_two_digits() {
    let space_of_13 = |args: &[&str]| {
        let (out, err, code) = crate::support::nakade(args, "");
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        report["spaces"]
            .as_array()
            .expect("spaces")
            .iter()
            .find(|s| s["points"].as_array().is_some_and(|p| p.len() == 13))
            .expect("the 13-point space")
            .clone()
    };
    let file = "benches/positions/middle_game_5.sgf";
    let default = space_of_13(&["analyze", file, "--json"]);
    // Two digits are no value: `value` is null, `min_max` holds them.
    assert_eq!(default["source"], "solver-min-max");
    assert_eq!(default["value"], serde_json::Value::Null);
    assert_eq!(default["bound"], serde_json::Value::Null);
    assert_eq!(default["min_max"], serde_json::json!([2, 2]));
    assert_eq!(default["eval_eye"], "2 2");
    assert_eq!(default["attack"], serde_json::json!([]));
    assert_eq!(default["pattern"], serde_json::Value::Null);
    let more = space_of_13(&["analyze", file, "--json", "--solver-nodes", "2000000"]);
    assert_eq!(more["source"], "solver");
    assert_eq!(more["bound"], serde_json::Value::Null);
    assert_eq!(more["value"], "1222");
    assert_eq!(more["min_max"], default["min_max"]);
    assert_eq!(more["attack"], serde_json::json!(["R10", "S10", "T8"]));
    assert_eq!(more["outer_liberties"], 1);
    // The same space solved as a graph (its corner rows: S13 T13 / Q12-T12 / S11 T11 /
    // R10-T10 / T9 / T8, marginal Q12 R10 T8) with one outer liberty.
    let (out, err, code) = crate::support::nakade(
        &[
            "solve",
            "  ..|%!...|%  ..|% !..|%   .|%   !|",
            "--outer-liberties",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:   1222"), "{out}");
    // Row 3 column 1 is R10, row 3 column 2 S10, row 5 column 3 T8.
    assert!(out.contains("attack:  3,1 3,2 5,3\n"), "{out}");
}

/// A space whose topology one ko decides is read both ways and the values joined, but only
/// values read whole: where both readings are beyond the solver (black's 18-point space
/// J9 of the 13x13 game before move 133, with nine white stones inside), the space is a
/// bound, not a ko "between" two bounds that would look like a value.
#[test]
fn a_ko_between_readings_beyond_reach_is_a_bound() {
    let (out, err, code) = crate::support::nakade(
        &[
            "analyze",
            "benches/games/game4_13x13.sgf",
            "--move",
            "133",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let space = report["spaces"]
        .as_array()
        .expect("spaces")
        .iter()
        .find(|s| s["points"][0] == "J9")
        .expect("the space at J9");
    assert_eq!(space["points"].as_array().map(Vec::len), Some(18));
    assert_eq!(space["source"], "bound");
    assert_eq!(space["ko"], serde_json::Value::Null);
    assert_eq!(space["value"], serde_json::Value::Null);
    assert_eq!(space["bound"], "2222");
}
