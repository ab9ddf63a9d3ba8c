//! Fuzzing `nakade gtp`'s engine: random bytes, overlong lines, bad vertices and graphs,
//! commands in any order. It never panics, answers every command line exactly once with
//! `=` or `?`, and the session goes on (a final `name` is still answered).

use proptest::prelude::*;

use nakade::host::gtp::MAX_LINE;

fn run(input: &[u8]) -> String {
    let mut e = nakade::host::gtp::eye_commands::engine();
    let mut out = Vec::new();
    e.run(input, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn command() -> impl Strategy<Value = String> {
    let vertex = prop_oneof![
        "[A-Ta-t][0-9]{1,2}",
        Just("Z99".to_string()),
        Just("I5".to_string()),
        Just("".to_string()),
        "[ -~]{0,4}",
    ];
    // Small graphs only: the solver is exact, and a long graph is a long search.
    let graph = prop_oneof!["[.!X$O|+%-]{1,6}", "[ -~]{0,8}"];
    prop_oneof![
        vertex.clone().prop_map(|v| format!("eval_eye {v}")),
        graph.prop_map(|g| format!("analyze_eyegraph {g}")),
        (prop_oneof![Just("b"), Just("w"), Just("x")], vertex.clone())
            .prop_map(|(c, v)| format!("play {c} {v}")),
        (2usize..=21).prop_map(|n| format!("boardsize {n}")),
        Just("clear_board".to_string()),
        Just("loadsgf tests/eval_eye/ko_case_b.sgf".to_string()),
        Just("loadsgf tests/eval_eye/corner_rabbity_six.sgf 3".to_string()),
        Just("loadsgf /nonexistent".to_string()),
        Just("eval_eye".to_string()),
        Just("eval_eye A1 B2".to_string()),
        "[ -~]{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn commands_in_any_order(cmds in proptest::collection::vec(command(), 1..12)) {
        let mut input = String::new();
        for c in &cmds {
            input.push_str(c);
            input.push('\n');
        }
        input.push_str("9999 name\n");
        let out = run(input.as_bytes());
        prop_assert!(out.ends_with("=9999 nakade\n\n"), "{}", out);
        for block in out.split("\n\n").filter(|b| !b.is_empty()) {
            prop_assert!(block.starts_with('=') || block.starts_with('?'), "{:?}", block);
        }
    }

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut input = bytes.clone();
        input.extend_from_slice(b"\n9999 name\n");
        let out = run(&input);
        prop_assert!(out.ends_with("=9999 nakade\n\n"), "{}", out);
    }
}

#[test]
fn overlong_lines_are_refused_and_the_session_goes_on() {
    let mut input = b"analyze_eyegraph ".to_vec();
    input.extend(std::iter::repeat_n(b'.', MAX_LINE));
    input.extend_from_slice(b"\neval_eye ");
    input.extend(std::iter::repeat_n(b'A', 5000));
    input.extend_from_slice(b"\n1 name\n");
    assert_eq!(
        run(&input),
        format!("? line longer than {MAX_LINE} bytes\n\n? invalid coordinate\n\n=1 nakade\n\n")
    );
}

#[test]
fn graphs_beyond_the_solver_are_an_error_not_a_crash() {
    let big = ".".repeat(40);
    let out = run(format!("analyze_eyegraph {big}\nname\n").as_bytes());
    assert_eq!(
        out,
        "? failed to analyze: the eye space has 40 vertices; the solver handles at most 24\n\n= nakade\n\n"
    );
}

#[test]
fn eval_eye_before_any_position_and_after_clear_board() {
    let out =
        run(b"eval_eye A1\nclear_board\neval_eye K10\nboardsize 5\neval_eye E5\neval_eye F1\n");
    assert_eq!(
        out,
        "= -1\n\n=\n\n= -1\n\n=\n\n= -1\n\n? invalid coordinate\n\n"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random 9x9 positions (random legal moves): whole-board analysis never panics, values
    /// every space, and names vital points only where the value has them, on the space or on a
    /// diagonal of one of its half eyes (an attack by the wall's outer liberties aside).
    #[test]
    fn whole_board_analysis_of_random_positions(moves in proptest::collection::vec((0usize..9, 0usize..9), 0..70)) {
        use nakade::board::analysis::{analyze_position, AnalysisLimits};
        use nakade::board::{Board, Color};
        let mut b = Board::new(9).unwrap();
        let mut color = Color::Black;
        for (x, y) in moves {
            let loc = b.loc(x, y).unwrap();
            if b.play(loc, color).is_ok() {
                color = color.opponent();
            }
        }
        let before = b.clone();
        let ev = nakade::evaluation::evaluate::Evaluator::with_default();
        let r = analyze_position(&mut b, &ev, None, AnalysisLimits::default());
        prop_assert_eq!(&b, &before);
        for s in &r.spaces {
            let v = s.value.expect("a value");
            // A space one ko decides also names the ko's moves (`nakade::board::ko`).
            let ko_moves = match s.source {
                nakade::board::analysis::Source::Ko(k) => vec![k.ko.attack, k.ko.defense],
                _ => Vec::new(),
            };
            let allowed: Vec<_> = s
                .points()
                .into_iter()
                .chain(s.half_eyes().iter().flat_map(|h| h.attack.iter().chain(&h.defense).copied()))
                .chain(ko_moves)
                .collect();
            prop_assert!(s.defense.iter().all(|l| allowed.contains(l)));
            // The attack points are of the space too, or, where the attacker has no move
            // inside, they are all the wall's outer liberties (`keep_playable`).
            let outer = s.analyzed.space.outer_liberty_points(&b);
            prop_assert!(
                s.attack.iter().all(|l| allowed.contains(l))
                    || s.attack.iter().all(|l| outer.contains(l))
            );
            if v.a == v.c {
                prop_assert!(s.attack.is_empty());
            }
            if v.b == v.d {
                prop_assert!(s.defense.is_empty());
            }
        }
    }
}
