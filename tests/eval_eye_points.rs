//! Issue 30, item 3: an `eval_eye` answer names board vertices only, each one the side that
//! plays it may play. Random games on 9x9 and 13x13 (a fixed generator), every space of
//! every few positions analysed, and the ends of two of the random games against GNU Go;
//! and what `eval_eye` reads of a large space (the two digits it prints first).

use nakade::board::analysis::{analyze_position, AnalysisLimits};
use nakade::board::{vertex, Board, Color};
use nakade::evaluation::evaluate::Evaluator;

use crate::support::Rng;

/// The problems of one position's answers: a vital point that is no vertex, or one the side
/// meant to play there cannot play.
fn problems(board: &mut Board, ev: &Evaluator<'_>) -> Vec<String> {
    let report = analyze_position(board, ev, None, AnalysisLimits::default());
    let mut out = Vec::new();
    for s in &report.spaces {
        let answer = s.eval_eye(board);
        let words: Vec<&str> = answer.split_whitespace().collect();
        let owner = s.color();
        for (k, w) in words.iter().enumerate().skip(2) {
            let side = if k == 2 { owner.opponent() } else { owner };
            match vertex::parse(board, w) {
                Ok(l) if board.is_empty(l) && board.is_legal(l, side) => {}
                _ => out.push(format!(
                    "space at {}: eval_eye {answer}: {w} is not a move {} can play",
                    vertex::name(board, s.points()[0]),
                    side.name()
                )),
            }
        }
    }
    out
}

#[test]
fn eval_eye_names_only_playable_vertices() {
    let ev = Evaluator::with_default();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut wrong = Vec::new();
    let mut positions = 0;
    for game in 0..16 {
        let size = if game % 2 == 0 { 9 } else { 13 };
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        let moves = size * size * 3 / 4;
        for ply in 0..moves {
            let legal: Vec<_> = board.locs().filter(|&l| board.is_legal(l, color)).collect();
            if legal.is_empty() {
                break;
            }
            let m = legal[(rng.next() % legal.len() as u64) as usize];
            board.play(m, color).unwrap();
            color = color.opponent();
            if ply % 7 == 6 {
                positions += 1;
                for p in problems(&mut board, &ev) {
                    wrong.push(format!(
                        "game {game} ({size}x{size}) after {} moves: {p}",
                        ply + 1
                    ));
                }
            }
        }
    }
    // The ends of two of the random games against GNU Go, where the walls run short of
    // liberties and an attack by an outer liberty is met.
    for game in ["game1_13x13", "game4_13x13"] {
        let text = std::fs::read_to_string(format!("benches/games/{game}.sgf")).unwrap();
        for m in 120..=151 {
            let mut board = nakade::board::sgf::load(&text, Some(m)).unwrap().board;
            positions += 1;
            for p in problems(&mut board, &ev) {
                wrong.push(format!("{game} before move {m}: {p}"));
            }
        }
    }
    assert!(positions > 100);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// 13x13 random game 1 before move 133: white's space N3 N2 K1 L1 M1 N1 (five dead black
/// stones and N1) is owned by white J1, whose one liberty outside is H1. Black has no move
/// inside (every point is filled or suicide); black H1 takes J1 and leaves white one eye
/// (0122). The answer named `PASS` for the attack point; it names H1.
#[test]
fn an_attack_by_the_walls_outer_liberty_is_named() {
    use nakade::board::analysis::analyze_at;
    use nakade::board::sgf;

    let text = std::fs::read_to_string("benches/games/game1_13x13.sgf").unwrap();
    let mut board = sgf::load(&text, Some(133)).unwrap().board;
    let n3 = vertex::parse(&board, "N3").unwrap();
    let ev = Evaluator::with_default();
    let report = analyze_at(&mut board, &ev, n3, AnalysisLimits::default()).unwrap();
    assert_eq!(report.value.unwrap().to_string(), "0122");
    assert_eq!(report.eval_eye(&board), "1 2 H1 N1");
}

/// `eval_eye` over GTP reads a large space's `b` and `c` first, and its whole value only
/// where they differ (its vital points are printed only then): two spaces of the random
/// games whose whole reading the analysis's 200,000 nodes do not finish, answered `2 2` from
/// the bound before, now read. Black's 11-point corner of the 9x9 game before move 25:
/// `1 1`, as GNU Go 3.8 answers there, and as the whole value read with 20,000,000 nodes
/// says (0112). White's 12-point edge space of the 13x13 game before move 40: `1 1`, the
/// whole value's digits read with 20,000,000 nodes (0112); GNU Go answers `2 2` there, its
/// size guess for a space it does not read (12 points, 4 of them marginal).
#[test]
fn eval_eye_reads_the_two_digits_it_prints_first() {
    let session = "loadsgf benches/games/game3_9x9.sgf 25\neval_eye B5\n\
                   loadsgf benches/games/game4_13x13.sgf 40\neval_eye J10\n";
    let (out, err, code) = crate::support::nakade(&["gtp"], session);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "= black\n\n= 1 1\n\n= white\n\n= 1 1\n\n");
}
