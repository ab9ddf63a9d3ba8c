//! Property tests of the board stages: the parsers and the GTP loop never panic, whatever the
//! input; the analysis stages give the board back unchanged on random positions.

use proptest::prelude::*;

use nakade::board::eyespace::{eye_spaces, Liveness};
use nakade::board::tactics::{self, Attack, Defense, ReadLimits};
use nakade::board::topology::analyze;
use nakade::board::{ascii, sgf, Board, Color};
use nakade::host::gtp::Engine;

fn sgfish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("SZ[".to_string()),
            Just("AB[".to_string()),
            Just("AW[".to_string()),
            Just("AE[".to_string()),
            Just("B[".to_string()),
            Just("W[".to_string()),
            Just("]".to_string()),
            Just("\\".to_string()),
            Just("\n".to_string()),
            "[a-z]{0,3}",
            "[0-9]{1,3}",
            ".",
        ],
        0..40,
    )
    .prop_map(|v| v.concat())
}

fn diagramish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('X'),
            Just('O'),
            Just('.'),
            Just('+'),
            Just(','),
            Just('|'),
            Just('-'),
            Just(' '),
            Just('\n'),
            Just('a'),
            Just('b'),
            any::<char>()
        ],
        0..120,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn sgf_loader_never_panics(text in sgfish(), mv in proptest::option::of(0usize..10)) {
        if let Ok(p) = sgf::load(&text, mv) {
            prop_assert!(p.board.check_consistency().is_ok());
        }
    }

    #[test]
    fn sgf_loader_never_panics_on_any_text(text in ".{0,200}") {
        let _ = sgf::load(&text, None);
    }

    #[test]
    fn diagram_parser_never_panics(text in diagramish(), size in proptest::option::of(0usize..30)) {
        match ascii::parse_board(&text, size) {
            Ok(p) => prop_assert!(p.board.check_consistency().is_ok()),
            Err(e) => prop_assert!(e.line >= 1 && e.col >= 1),
        }
    }

    #[test]
    fn gtp_survives_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut engine = Engine::new();
        let mut out = Vec::new();
        engine.run(&bytes[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        prop_assert!(text.is_empty() || text.ends_with("\n\n"));
        for response in text.split_terminator("\n\n") {
            prop_assert!(response.starts_with('=') || response.starts_with('?'), "{response:?}");
        }
    }

    #[test]
    fn gtp_survives_command_soup(lines in proptest::collection::vec(
        prop_oneof![
            Just("boardsize 5".to_string()),
            Just("clear_board".to_string()),
            Just("showboard".to_string()),
            "play (b|w|x) [A-Ha-h][0-9]{1,2}",
            "[0-9]{0,3} [a-z_]{1,12}( [A-Za-z0-9.]{0,4}){0,3}",
        ],
        0..30,
    )) {
        let mut engine = Engine::new();
        let mut out = Vec::new();
        engine.run(lines.join("\n").as_bytes(), &mut out).unwrap();
        prop_assert!(engine.state.board.check_consistency().is_ok());
    }

    #[test]
    fn analysis_leaves_random_boards_unchanged(cells in proptest::collection::vec(0u8..3, 49)) {
        let mut b = Board::new(7).unwrap();
        let locs: Vec<_> = b.locs().collect();
        for (i, &c) in cells.iter().enumerate() {
            let color = match c { 1 => Color::Black, 2 => Color::White, _ => continue };
            if b.is_legal(locs[i], color) {
                b.play(locs[i], color).unwrap();
            }
        }
        let limits = ReadLimits { max_depth: 30, max_nodes: 2000 };
        let before = b.clone();
        let live = Liveness::read(&mut b, limits);
        for color in [Color::Black, Color::White] {
            for s in eye_spaces(&mut b, &live, color, limits) {
                let a = analyze(&mut b, &s, limits);
                let enclosed = a.graph.vertices.iter().filter(|v| v.enclosed).count();
                prop_assert_eq!(
                    a.graph.vertices.len(),
                    s.points.len() + a.virtual_half_eyes().count() + enclosed
                );
                // Enclosed stones come after every vertex of the space.
                prop_assert!(a.graph.vertices[a.graph.vertices.len() - enclosed..]
                    .iter()
                    .all(|v| v.enclosed));
            }
        }
        prop_assert_eq!(&b, &before);
    }

    /// The reader agrees with itself: a string `attack` captures is never one whose defence
    /// is "not needed", a capturing move leaves a string that cannot be saved, and a saving
    /// move leaves one that cannot be captured.
    #[test]
    fn reader_is_self_consistent(cells in proptest::collection::vec(0u8..3, 25)) {
        let mut b = Board::new(5).unwrap();
        let locs: Vec<_> = b.locs().collect();
        for (i, &c) in cells.iter().enumerate() {
            let color = match c { 1 => Color::Black, 2 => Color::White, _ => continue };
            if b.is_legal(locs[i], color) {
                b.play(locs[i], color).unwrap();
            }
        }
        let limits = ReadLimits::default();
        for s in b.strings() {
            let owner = b.color(s).unwrap();
            let before = b.clone();
            let (a, d) = tactics::status(&mut b, s, limits);
            prop_assert_eq!(&b, &before);
            if let Attack::Captures(m) = a {
                prop_assert_ne!(d, Defense::NotNeeded);
                b.play(m, owner.opponent()).unwrap();
                if b.color(s) == Some(owner) {
                    prop_assert_eq!(tactics::defend(&mut b, s, limits), Defense::Fails);
                }
                b.undo();
            }
            if let Defense::Saves(m) = d {
                b.play(m, owner).unwrap();
                prop_assert_eq!(tactics::attack(&mut b, s, limits), Attack::Fails);
                b.undo();
            }
        }
    }
}

#[test]
fn long_games_are_bounded_not_overflowing() {
    let moves: String = (0..4999)
        .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
        .collect();
    let text = format!("(;SZ[9]{moves})");
    let p = sgf::load(&text, None).unwrap();
    assert_eq!(p.moves_played, 4999);
    let too_long = format!("(;SZ[9]{moves};B[];W[])");
    assert!(sgf::load(&too_long, None).is_err());
}
