//! Benson's pass-alive strings on whole positions: the situations of seed 003 (Sensei's
//! Library, "Formal Definitions of Eye"; its diagrams are not in the seed text, so they are
//! reconstructed from the captions and the discussion) and positions of our own. Each case
//! gives the exact set of pass-alive strings of each colour (a string as its stones, in board
//! order) and of pass-alive regions.

use nakade::board::benson::pass_alive;
use nakade::board::{ascii::parse_board, vertex, Color, Loc};

/// (strings, regions) of `color`, each as vertex names.
fn verdict(text: &str, size: Option<usize>, color: Color) -> (Vec<String>, Vec<String>) {
    let b = parse_board(text, size).unwrap().board;
    let r = pass_alive(&b, color);
    let name = |mut v: Vec<Loc>| {
        v.sort();
        v.iter()
            .map(|&l| vertex::name(&b, l))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut strings: Vec<String> = r
        .strings
        .iter()
        .map(|&s| name(b.string_stones(s)))
        .collect();
    strings.sort();
    let mut regions: Vec<String> = r.regions.iter().map(|p| name(p.clone())).collect();
    regions.sort();
    (strings, regions)
}

struct Case {
    name: &'static str,
    size: Option<usize>,
    board: &'static str,
    black: &'static [&'static str],
    black_regions: &'static [&'static str],
    white: &'static [&'static str],
    white_regions: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "seed003_corner_two_chains",
        size: Some(7),
        board: "+-----------\n|. X . X O .\n|X . X X O .\n|X X X O O .\n|O O O O . .",
        black: &["B7", "D7 A6 C6 D6 A5 B5 C5"],
        black_regions: &["A7", "B6", "C7"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "seed003_corner_two_with_larger_space",
        size: Some(7),
        board: "+-------------\n|. X . . . X O\n|X X . . . X O\n|X X X X X X O\n|O O O O O O O",
        black: &[],
        black_regions: &[],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "seed003_white_alive_black_dead",
        size: None,
        board: "+---------+\n|. X X X X|\n|X O O O X|\n|X O . O X|\n|X O O O X|\n|X O . O X|\n+---------+",
        black: &[],
        black_regions: &[],
        white: &["B4 C4 D4 B3 D3 B2 C2 D2 B1 D1"],
        white_regions: &["C1", "C3"],
    },
    Case {
        name: "own_white_string_in_atari_inside",
        size: Some(9),
        board: "+-----------------\n|. O X . X O . X .\n|O O X X X O O X X\n|X X X O O O X X .\n|. . X X X X X . .\n|. . . . . . . . .",
        black: &["C9 E9 H9 C8 D8 E8 H8 J8 A7 B7 C7 G7 H7 C6 D6 E6 F6 G6"],
        black_regions: &["D9", "F9 G9 F8 G8 D7 E7 F7", "J9"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "seed003_eye_in_the_corner",
        size: Some(7),
        board: "+-----------\n|. X . X O .\n|X X X X O .\n|O O O O O .",
        black: &["B7 D7 A6 B6 C6 D6"],
        black_regions: &["A7", "C7"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "seed003_two_eyes_beside_a_3x3_space",
        size: Some(11),
        board: "+-------------------\n|. X . . . X O . . .\n|X X . . . X O . . .\n|. X . . . X O . . .\n|X X X X X X O . . .\n|O O O O O O O . . .",
        black: &["B11 F11 A10 B10 F10 B9 F9 A8 B8 C8 D8 E8 F8"],
        black_regions: &["A11", "A9"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_centre_two_eyes",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . X X X X X . .\n. . X . X . X . .\n. . X X X X X . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .",
        black: &["C7 D7 E7 F7 G7 C6 E6 G6 C5 D5 E5 F5 G5"],
        black_regions: &["D6", "F6"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_edge_two_eyes",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . O O O O O . .\n. . O . O . O . .\n. . O O O O O . .",
        black: &[],
        black_regions: &[],
        white: &["C3 D3 E3 F3 G3 C2 E2 G2 C1 D1 E1 F1 G1"],
        white_regions: &["D2", "F2"],
    },
    Case {
        name: "own_square_eye_and_one",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX X X X X . . . .\n. . X . X . . . .\n. . X X X . . . .\nX X X . . . . . .",
        black: &["A4 B4 C4 D4 E4 C3 E3 C2 D2 E2 A1 B1 C1"],
        black_regions: &["A3 B3 A2 B2", "D3"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_eye_with_dead_stone",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX X X X X . . . .\n. O . X . X . . .\nX X X X X X . . .\n. . . . . . . . .\n. . . . . . . . .",
        black: &["A5 B5 C5 D5 E5 D4 F4 A3 B3 C3 D3 E3 F3"],
        black_regions: &["A4 B4 C4", "E4"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_two_chains_share_an_eye",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX X X X X X X . .\n. X . X . X . X .\nX . X X X X X X .\n. X . . . . . . .",
        black: &["A2", "A4 B4 C4 D4 E4 F4 G4 B3 D3 F3 H3 C2 D2 E2 F2 G2 H2", "B1"],
        black_regions: &["A1", "A3", "B2", "C3", "E3", "G3"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_edge_eye_and_side_eye",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX X X X X . . . .\n. X . X . . . . .\n. X X X . . . . .",
        black: &["A3 B3 C3 D3 E3 B2 D2 B1 C1 D1"],
        black_regions: &["A2 A1", "C2"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_both_colours_alive",
        size: Some(9),
        board: ". X . X O . O . .\nX X X X O O O O O\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nO O O O X X X X X\n. O . O X . X . X",
        black: &["B9 D9 A8 B8 C8 D8", "E2 F2 G2 H2 J2 E1 G1 J1"],
        black_regions: &["A9", "C9", "F1", "H1"],
        white: &["A2 B2 C2 D2 B1 D1", "E9 G9 E8 F8 G8 H8 J8"],
        white_regions: &["A1", "C1", "F9", "H9 J9"],
    },
    Case {
        name: "own_seki",
        size: Some(9),
        board: ". O O O O O . . .\n. O X X X O . . .\n. O X . X O . . .\n. O X O X O . . .\n. O X O X O . . .\n. O X O X O . . .\n. O X . X O . . .\n. O X X X O . . .\n. O O O O O . . .",
        black: &[],
        black_regions: &[],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_three_eyes_beside_a_white_stone",
        size: Some(9),
        board: ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\nX X X X . . . . .\n. X . X O . . . .\nX X . X O . . . .\n. X X O . . . . .",
        black: &["A4 B4 C4 D4 B3 D3 A2 B2 D2 B1 C1"],
        black_regions: &["A1", "A3", "C3 C2"],
        white: &[],
        white_regions: &[],
    },
    Case {
        name: "own_whole_board_wall",
        size: Some(9),
        board: ". . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\nX X X X X O . . .\n. X . X O O . . .\nX X X X O O O O O\nO O O O O . O . O\n. . . . O O . O .",
        black: &["E9 E8 E7 E6 A5 B5 C5 D5 E5 B4 D4 A3 B3 C3 D3"],
        black_regions: &["A4", "C4"],
        white: &["F9 F8 F7 F6 F5 E4 F4 E3 F3 G3 H3 J3 A2 B2 C2 D2 E2 G2 J2 E1 F1", "H1"],
        white_regions: &["A1 B1 C1 D1", "F2", "G1", "H2", "J1"],
    },
];

#[test]
fn pass_alive_strings_and_regions() {
    let mut wrong = Vec::new();
    for c in CASES {
        let got = (
            verdict(c.board, c.size, Color::Black),
            verdict(c.board, c.size, Color::White),
        );
        let want = (
            (
                c.black.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                c.black_regions
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
            ),
            (
                c.white.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                c.white_regions
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
            ),
        );
        if got != want {
            wrong.push(format!("{}: got {got:?}", c.name));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
