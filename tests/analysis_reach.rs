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
