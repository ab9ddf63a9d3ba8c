//! Enclosed defender stones (issue "Board truth", defect 1): a cell outside the eye space that
//! the space and the board edge close in is a defender stone of its own, with liberties only in
//! the space, which the attacker can capture. It is not wall.
//!
//! Each value below was read against GNU Go 3.8's `analyze_eyegraph` (value and vital points
//! agree) and by hand: in `|...%|XO.%+---` the defender's B1 stone (row 1, column 2) is closed
//! in by the corner; the attacker's 0,2 (or 1,3) leaves the defender one sure eye at 0,1 or
//! 0,3 and the other in doubt, so with two moves in a row the attacker gets the space down to
//! one eye (`a` = 1), while read as wall the cell gave the defender two safe eyes (2222).

use nakade::board::analysis::{analyze_position, AnalysisLimits};
use nakade::board::{ascii, vertex, Color};
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::solve::{solve, Params, Space};
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;

use crate::support::nakade;

/// The solver's value and marks, as `analyze_eyegraph` writes them.
fn solved(graph: &str) -> (String, Vec<String>) {
    let d = parse_graph(graph).unwrap();
    let sol = solve(&Space::from_diagram(&d).unwrap(), &Params::default()).unwrap();
    (sol.value.to_string(), sol.annotate(&d).render(' '))
}

#[test]
fn enclosed_stones_are_read_as_capturable_stones() {
    // GNU Go 3.8: `= 1222 / |.<. / |X.< / +---`.
    assert_eq!(
        solved("|...%|XO.%+---"),
        (
            "1222".into(),
            vec!["|.<.".into(), "|X <".into(), "+---".into()]
        )
    );
    // GNU Go 3.8: `= 1222 / .<. / <.X / .X`.
    assert_eq!(
        solved("...%.OX%.X"),
        ("1222".into(), vec![".<.".into(), "< X".into(), ".X".into()])
    );
    // The stone has one liberty; capturing it splits the space. GNU Go 3.8: `= 0011 / >*. /
    // X.$ / ---`.
    assert_eq!(
        solved("...%XO$%---"),
        (
            "0011".into(),
            vec![">*.".into(), "X $".into(), "---".into()]
        )
    );
}

#[test]
fn an_enclosed_stone_without_a_liberty_is_refused() {
    let (out, err, code) = nakade(&["solve", "|.$$%|XOX%+---"], "");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "",
            "error: |.$$%|XOX%+---: the enclosed defender stone at row 1, column 2 has no liberty: not a legal position\n",
            1
        )
    );
    let (_, err, code) = nakade(&["match", "|.$$%|XOX%+---"], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("at row 1, column 2 has no liberty"), "{err}");
}

#[test]
fn an_enclosed_stone_is_part_of_the_key() {
    // The same five vertices with their edge counts, once with the corner cell closed in (a
    // defender stone), once without it (as if it were wall): two positions, two keys, one
    // neighbour class.
    let closed = EyeGraph::from_diagram(&parse_graph("|...%|XO.%+---").unwrap()).unwrap();
    assert_eq!((closed.len(), closed.enclosed_len()), (5, 1));
    let vertices: Vec<_> = closed.vertices().copied().collect();
    let edges: Vec<(usize, usize)> = (0..closed.len())
        .flat_map(|i| closed.neighbors(i).into_iter().map(move |j| (i, j)))
        .filter(|(i, j)| i < j)
        .collect();
    let walled = EyeGraph::from_adjacency(vertices, &edges).unwrap();
    assert_ne!(walled.canonical_key(), closed.canonical_key());
    assert_eq!(walled.neighbour_class(), closed.neighbour_class());
}

/// The white space at `at` on a board: value, attack points, defence points.
fn on_board(diagram: &str, at: &str) -> (String, Vec<String>, Vec<String>) {
    let (value, attack, defense, _) = space_at(diagram, at, Color::White);
    (value, attack, defense)
}

/// The space of `color` at `at` on a board: value, attack points, defence points and the
/// `eval_eye` answer.
fn space_at(diagram: &str, at: &str, color: Color) -> (String, Vec<String>, Vec<String>, String) {
    let mut board = ascii::parse_board(diagram, None).unwrap().board;
    let ev = Evaluator::with_default();
    let report = analyze_position(&mut board, &ev, Some(color), AnalysisLimits::default());
    let loc = vertex::parse(&board, at).unwrap();
    let s = report
        .spaces
        .iter()
        .find(|s| s.points().contains(&loc))
        .unwrap();
    let names = |v: &[nakade::board::Loc]| v.iter().map(|&l| vertex::name(&board, l)).collect();
    (
        s.value.unwrap().to_string(),
        names(&s.attack),
        names(&s.defense),
        s.eval_eye(&board),
    )
}

#[test]
fn enclosed_stones_on_a_board() {
    // `|...%|XO.%+---` in the lower left corner: white B1 closed in by the space and the edge.
    let corner = "\
+-------------------+
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|X X X X X . . . .|
|. . . . X . . . .|
|O O O O . X . . .|
|. . . O . X . . .|
|X O . O . X . . .|
+-------------------+";
    assert_eq!(
        on_board(corner, "A2"),
        ("1222".into(), vec!["B2".into(), "C1".into()], vec![])
    );
    // `...%.OX%.X` in the centre: white E5 ringed by the space.
    let ring = "\
+-------------------+
|. . . . . . . . .|
|. . X X X X X . .|
|. X O O O O X . .|
|. X O . . . O X .|
|. X O . O X O X .|
|. X O . X O O X .|
|. X O O O O X . .|
|. . X X X X . . .|
|. . . . . . . . .|
+-------------------+";
    assert_eq!(
        on_board(ring, "D6"),
        ("1222".into(), vec!["E6".into(), "D5".into()], vec![])
    );
    // `...%XO$%---` on the lower edge (`tests/eval_eye/edge_enclosed_stone_two_x.sgf`):
    // white E1 between the dead black D1 and black F1, its only liberty E2. It is no part of
    // the wall (which has three liberties outside): black E2 captures it and white has no
    // eye; white E2 or D2 makes one. The board's graph has F1 outside the space, a free side
    // of the enclosed E1, where the encoded graph has the marginal stone `$`: the same value
    // and vital points.
    let edge = "\
+-------------------+
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. X X X X X X X .|
|. X . . X X X X .|
|. X O O O O O X .|
|. X O . . . O X .|
|. X O X O X . X .|
+-------------------+";
    assert_eq!(
        on_board(edge, "E2"),
        (
            "0011".into(),
            vec!["E2".into()],
            vec!["D2".into(), "E2".into()]
        )
    );
}

#[test]
fn a_stone_beside_a_marginal_dead_stone_stays_wall() {
    // From the random-games sample (9x9, seed 1): black's corner H2 J2 H1 J1 with the dead
    // white J3 (one liberty, J2), a marginal stone of the space. Black H3 has no liberty
    // but H2 outside white's stones; it touches J3, which the solver takes as invincible
    // (marginal), so as an enclosed stone it could never win the liberty J3 by capture and
    // black J2 would not make the eye it makes on the board (black J2 takes J3, H3 gets J3
    // as a liberty, and white H2 or J3 is then suicide or self-atari: one eye; white H2
    // first takes H3: none). Kept as wall it reads 0012 with J2, as GNU Go's `eval_eye`
    // (`0 1 J2 J2`).
    let corner = "\
+-------------------+
|. . X O . X . . .|
|X . . . . X O O X|
|. O O O X O . O X|
|. X O . O . . X .|
|. O X O . . X . X|
|. . . . O . . O X|
|. . X X O . O X O|
|. O O O . . X . .|
|X X . . . . X . .|
+-------------------+";
    let (value, _, defense, eval_eye) = space_at(corner, "J2", Color::Black);
    assert_eq!(
        (value.as_str(), defense, eval_eye.as_str()),
        ("0012", vec!["J2".to_string()], "0 1 J2 J2")
    );
}

/// Every centre eye graph of up to 7 vertices that closes in a cell (only the seven-cell ring
/// with a hole does, in one shape up to symmetry), every labelling over `. ! X $`, one per
/// symmetry class: GNU Go 3.8's `analyze_eyegraph` against the solver, where GNU Go shows the
/// enclosed cell as a vertex (reads it as a stone it may capture) and no other extra vertex.
#[test]
fn centre_rings_with_an_enclosed_stone_agree_with_gnugo() {
    use nakade::pattern::diagram::{Cell, Marker};
    use nakade::pattern::encoded::encode;
    use nakade::tools::enumerate::{place, polyominoes, Placement, CONCRETE};
    let Some(path) = crate::support::gnugo() else {
        return;
    };
    let mut gg = crate::support::Gnugo::start(&path);
    let mut seen = std::collections::HashSet::new();
    let (mut asked, mut answered, mut agree, mut pockets) = (0, 0, 0, 0);
    let mut differ = Vec::new();
    for cells in polyominoes(7) {
        let probe = place(&cells, &[Marker::Empty; 7], Placement::Centre);
        if probe.enclosed().is_empty() {
            continue;
        }
        for code in 0..4usize.pow(7) {
            let marks: Vec<Marker> = (0..7).map(|k| CONCRETE[code / 4usize.pow(k) % 4]).collect();
            let d = place(&cells, &marks, Placement::Centre);
            let g = EyeGraph::from_diagram(&d).unwrap();
            if g.check_liberties().is_err() || !seen.insert(g.canonical_key()) {
                continue;
            }
            asked += 1;
            let text = encode(&d);
            let Some((value, rows)) = gg.analyze_eyegraph(&text) else {
                continue;
            };
            let Ok(theirs) = parse_graph(&rows.join("%").replace(' ', "O")) else {
                continue;
            };
            let mut shown = d.clone();
            for e in d.enclosed() {
                shown.rows[e.row][e.col] = Cell::Vertex(Marker::Empty);
            }
            let vertex_at = |dg: &nakade::pattern::diagram::Diagram, r: usize, c: usize| {
                matches!(dg.cell(r as isize, c as isize), Cell::Vertex(_))
            };
            if theirs
                .vertices()
                .iter()
                .any(|v| !vertex_at(&shown, v.row, v.col))
                || shown
                    .vertices()
                    .iter()
                    .any(|v| !vertex_at(&theirs, v.row, v.col))
            {
                pockets += 1;
                continue;
            }
            answered += 1;
            let ours = solve(&Space::from_diagram(&d).unwrap(), &Params::default())
                .unwrap()
                .value
                .to_string();
            if ours == value {
                agree += 1;
            } else {
                differ.push(format!("{text}: gnugo {value}, nakade {ours}"));
            }
        }
    }
    eprintln!(
        "centre rings with an enclosed stone: {asked} asked, {answered} answered without a pocket ({pockets} pockets), {agree} agree"
    );
    assert!(answered > 0);
    assert!(
        agree as f64 >= 0.995 * answered as f64,
        "{agree} of {answered}:\n{}",
        differ.join("\n")
    );
}
