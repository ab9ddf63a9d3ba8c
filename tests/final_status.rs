//! The final status and the score (issue 31): nakade against GNU Go 3.8's
//! `final_status_list` on every position of `tests/final/` (its answers in
//! `tests/final/golden.txt`, written by `cargo run --release --example final_status_vs_gnugo
//! -- --write-golden`), each position where the two differ listed in
//! `tests/final/differences.txt` with the reading that says who is right; `nakade score` and
//! the GTP commands on positions read here; bad input.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use nakade::board::finish::{final_status, score, FinalLimits, FinalStatus, Rules};
use nakade::board::{ascii, sgf, vertex, Board, Color};
use nakade::evaluation::evaluate::Evaluator;
use pretty_assertions::assert_eq;

use crate::support::nakade;

fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/final")
}

/// The text of the composed position `name` of the corpus.
fn composed(name: &str) -> String {
    std::fs::read_to_string(dir().join("composed").join(name)).unwrap()
}

/// The corpus position `name` (`selfplay/X.sgf` or `composed/X.txt`): board, player to
/// move, komi (the SGF's; 0 for a diagram, as the golden file's GNU Go was told).
fn load(name: &str) -> (Board, Color, f64) {
    let text = std::fs::read_to_string(dir().join(name)).unwrap();
    if name.ends_with(".sgf") {
        let p = sgf::load(&text, None).unwrap();
        (p.board, p.to_move, p.komi.unwrap_or(0.0))
    } else {
        (
            ascii::parse_board(&text, None).unwrap().board,
            Color::Black,
            0.0,
        )
    }
}

/// A position's answers in the golden file: dead stones, seki stones, `final_score` under
/// territory rules and under area rules (`--chinese-rules`).
type Golden = (BTreeSet<String>, BTreeSet<String>, String, String);

/// GNU Go's golden answers by position.
fn golden() -> BTreeMap<String, Golden> {
    let text = std::fs::read_to_string(dir().join("golden.txt")).unwrap();
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let set = |i: usize, tag: &str| -> BTreeSet<String> {
            f[i].strip_prefix(tag)
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect()
        };
        let score = f[3].strip_prefix("score:").unwrap().trim().to_string();
        let area = f[4].strip_prefix("area:").unwrap().trim().to_string();
        out.insert(
            f[0].to_string(),
            (set(1, "dead:"), set(2, "seki:"), score, area),
        );
    }
    out
}

/// Every position agrees with GNU Go, or is listed with the reading of the difference.
/// Run `nakade ARGS` on `stdin`: it exits 0 and prints each of `expected` as a line of its
/// own. The output, for the caller's further checks.
fn assert_prints(args: &[&str], stdin: &str, expected: &[&str]) -> String {
    let (out, err, code) = nakade(args, stdin);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    for line in expected {
        assert!(lines.contains(line), "{args:?}: {line}\n{out}");
    }
    out
}

/// [`assert_prints`] of `score` with each side to move and komi `komi`: the lines
/// `expected`, and the score line starting with `result` (as `"W+2.5"`).
fn assert_scored_whoever_moves(diagram: &str, komi: &str, expected: &[&str], result: &str) {
    for side in ["B", "W"] {
        let out = assert_prints(
            &["score", "--to-move", side, "--komi", komi, "-"],
            diagram,
            expected,
        );
        assert!(out.starts_with(&format!("{result} ")), "{side}: {out}");
    }
}

#[test]
fn final_status_is_gnu_gos_or_the_difference_is_read() {
    let text = std::fs::read_to_string(dir().join("differences.txt")).unwrap();
    let listed = |kind: &str| -> BTreeSet<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(kind))
            .map(|l| l.split_whitespace().next().unwrap().to_string())
            .collect()
    };
    let ev = Evaluator::with_default();
    let golden = golden();
    assert!(golden.len() >= 100, "{} positions", golden.len());
    let mut differing = BTreeSet::new();
    let mut scores_differing = BTreeSet::new();
    let mut areas_differing = BTreeSet::new();
    let (mut stones, mut equal) = (0, 0);
    for (name, (dead, seki, their_score, their_area)) in &golden {
        let (board, to_move, komi) = load(name);
        let report = final_status(&board, &ev, to_move, FinalLimits::default());
        if score(&board, &report, Rules::Territory, komi).result() != *their_score {
            scores_differing.insert(name.clone());
        }
        if score(&board, &report, Rules::Area, komi).result() != *their_area {
            areas_differing.insert(name.clone());
        }
        let named = |st: FinalStatus| -> BTreeSet<String> {
            report
                .stones_with(st)
                .into_iter()
                .map(|l| vertex::name(&board, l))
                .collect()
        };
        let (our_dead, our_seki) = (named(FinalStatus::Dead), named(FinalStatus::Seki));
        let n = board.locs().filter(|&l| board.color(l).is_some()).count();
        let wrong = our_dead.symmetric_difference(dead).count()
            + our_seki.symmetric_difference(seki).count();
        stones += n;
        equal += n - wrong.min(n);
        if wrong > 0 {
            differing.insert(name.clone());
        }
    }
    println!(
        "final status: {equal}/{stones} stones as GNU Go, {} of {} positions differ",
        differing.len(),
        golden.len()
    );
    assert_eq!(differing, listed("status "));
    assert_eq!(scores_differing, listed("score "));
    assert_eq!(areas_differing, listed("area "));
}

#[test]
fn the_cli_scores_a_position_in_text_and_json() {
    // 5x5: black's wall on column C, white's on column D, a white stone at A1 inside black's
    // ten points. Territory: black 9 + 1 (A1's point) + 1 prisoner = 11, white 5 + 0.5.
    // Area: black 5 stones + 10 points = 15, white 5 stones + 5 points + 0.5 = 10.5.
    let diagram = "\
+---------+
|. . X O .|
|. . X O .|
|. . X O .|
|. . X O .|
|O . X O .|
+---------+";
    let (out, err, code) = nakade(&["score", "-", "--komi", "0.5"], diagram);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert_eq!(
        first,
        "B+5.5 (territory counting, komi 0.5): black 11, white 5.5; prisoners black 1, white 0"
    );
    assert!(out.contains("white dead (1 stone: A1)"), "{out}");
    let (out, err, code) = nakade(
        &["score", "-", "--komi", "0.5", "--rules", "area", "--json"],
        diagram,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "B+4.5");
    assert_eq!(v["black"], 15.0);
    assert_eq!(v["white"], 10.5);
    assert_eq!(v["territory"]["white"].as_array().unwrap().len(), 5);
    let dead: Vec<&serde_json::Value> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["status"] == "dead")
        .collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0]["stones"], serde_json::json!(["A1"]));
}

#[test]
fn bad_input_is_an_error_or_a_status_never_a_panic() {
    // An empty board: nothing to say, all dame, white wins by komi.
    let empty = "+-----+\n|. . .|\n|. . .|\n|. . .|\n+-----+";
    let (out, err, code) = nakade(&["score", "-", "--komi", "6.5"], empty);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("W+6.5 "), "{out}");
    // A middle-game position: statuses with reasons, and the note that it is not settled.
    let (out, err, code) = nakade(&["score", "tests/positions/bent_three.sgf"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" alive (") || out.contains(" dead ("), "{out}");
    // A stone without a liberty.
    let (_, err, code) = nakade(
        &["score", "-"],
        "+-----+\n|X O .|\n|O . .|\n|. . .|\n+-----+",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("<stdin>:2:2: the string at A3 has no liberties"),
        "{err}"
    );
    // Not a board.
    let (_, err, code) = nakade(&["score", "-"], "+---+\n|. Q|\n+---+");
    assert_ne!(code, 0);
    assert!(err.contains("<stdin>:2:") || err.contains("stdin"), "{err}");
    // A bad rule name and a bad komi are usage errors.
    let sgf = "tests/positions/bent_three.sgf";
    let (_, err, code) = nakade(&["score", sgf, "--rules", "ing"], "");
    assert_eq!(code, 2, "{err}");
    let (_, err, code) = nakade(&["score", sgf, "--komi", "nan"], "");
    assert_ne!(code, 0, "{err}");
    // A komi in the file that is not a number is an error at its place, not a komi of 0.
    let (out, err, code) = nakade(&["score", "-"], "(;GM[1]SZ[9]\nKM[abc]AB[aa])");
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err.trim_end(),
        "error: <stdin>:2:1: bad KM value: expected a number (the komi, such as 6.5), found KM[abc]"
    );
    // A picture that cannot be written: an error, and no score printed before it.
    let (out, err, code) = nakade(&["score", sgf, "--svg", "/nonexistent/dir/x.svg"], "");
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    assert!(
        err.contains("/nonexistent/dir/x.svg: cannot write"),
        "{err}"
    );
    // A whole board of three by three that black's one string closes in: its space has no
    // wall to read the eyes of, a bound (it was searched for seconds before), and white B2,
    // in atari inside it, is taken off when the string is scored.
    let (out, err, code) = nakade(
        &["analyze", "-", "--json"],
        "+-----+\n|X X .|\n|X O .|\n|X X .|\n+-----+",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["spaces"][0]["points"],
        serde_json::json!(["C3", "B2", "C2", "C1"])
    );
    assert_eq!(v["spaces"][0]["source"], "bound");
}

/// A whole board of three by three that each side's stones share: white B2, in atari with
/// black to move, is dead and black's string alive (GNU Go 3.8 reads it so); both were
/// revived, each "in the eye" of the other's dead group.
#[test]
fn two_strings_each_in_the_others_dead_eye_are_not_both_revived() {
    let (out, err, code) = nakade(
        &["score", "-"],
        "+-----+\n|X X .|\n|X O .|\n|X X .|\n+-----+",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(" stone")).collect();
    assert_eq!(
        lines,
        [
            "black alive (5 stones: A3 B3 A2 A1 B1): in the eye of a dead group: stays when it is taken",
            "white dead (1 stone: B2): in atari, the opponent to move takes it at C2",
        ]
    );
}

/// `XXX/X.O/...` on a board of three: neither black's four stones nor white C2 is taken by
/// the reader, and each sits in the other's dead group; they race with two liberties each,
/// so the side to move wins (GNU Go 3.8: C2 dead with black to move, black's four dead with
/// white to move). Both were revived, alive, whoever moved.
#[test]
fn two_strings_each_in_the_others_dead_eye_race_and_the_side_to_move_wins() {
    let diagram = "+-----+\n|X X X|\n|X . O|\n|. . .|\n+-----+";
    for (to_move, black, white) in [
        (
            "B",
            "black alive (4 stones: A3 B3 C3 A2): in the eye of a dead group: stays when it is taken",
            "white dead (1 stone: C2): lost a capturing race (2 liberties against 2)",
        ),
        (
            "W",
            "black dead (4 stones: A3 B3 C3 A2): lost a capturing race (2 liberties against 2)",
            "white alive (1 stone: C2): in the eye of a dead group: stays when it is taken",
        ),
    ] {
        let (out, err, code) = nakade(&["score", "--to-move", to_move, "-"], diagram);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().filter(|l| l.contains(" stone")).collect();
        assert_eq!(lines, [black, white], "{to_move} to move");
    }
}

/// A group that loses a race by counting lives where its owner, to move, makes the second
/// eye: two eyes are never taken. From a GNU Go 3.8 self-play game held out of the corpus
/// (9x9, level 10, seed 702), black to move: black's C8-A5 (four liberties) beside white's
/// eyeless D8-D6 has the corner space A9-B7, worth `0122`; black B8 makes two eyes (read
/// apart by `examples/local_reader` on the corner's eight points, every outside point a
/// permanent liberty: black's string lives with black first, 1,353 positions). Counted by
/// liberties against D8-D6 and F7 together (4 against 6), it was dead; GNU Go calls it
/// alive too.
#[test]
fn a_group_that_loses_a_race_by_counting_lives_by_making_its_second_eye() {
    let diagram = "\
+-----------------+
|. . . . . . . . .|
|. . X O . . . . .|
|. . X O . O . . .|
|X X X O X . X . .|
|X O O X X . . X .|
|O . O O O X X . .|
|. . . . . O O X X|
|. . . . . O . O X|
|. . . . . . . O O|
+-----------------+
";
    assert_prints(
        &["score", "--to-move", "B", "-"],
        diagram,
        &[
            "black alive (6 stones: C8 C7 A6 B6 C6 A5): critical (1 to 2 eyes): dies if the \
           opponent moves first (B8), lives if its owner does (B8)",
        ],
    );
}

/// A capturing race whose winner first takes stones in atari inside: on the 4x4 board
/// `..O./XXO./XXXO/.XO.` black's six (liberties A4, B4, A1) and white's C4 C3 (B4, D4, D3)
/// have three liberties each, but white's C1 is in atari and D2 has two: black takes them and
/// wins whoever moves (read apart from nakade by `examples/local_reader`: black's string
/// lives with white first, 397 nodes). Counted by liberties, white to move "won" and black's
/// six were dead.
#[test]
fn a_race_won_by_taking_stones_in_atari_inside_is_read_to_the_end() {
    let diagram = "+-------+\n|. . O .|\n|X X O .|\n|X X X O|\n|. X O .|\n+-------+";
    for to_move in ["B", "W"] {
        let (out, err, code) = nakade(&["score", "--to-move", to_move, "-"], diagram);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().filter(|l| l.contains(" stone")).collect();
        assert_eq!(
            lines,
            [
                "white dead (2 stones: C4 C3): lost a capturing race, read to the end: taken whoever moves first",
                "black alive (6 stones: A3 B3 A2 B2 C2 B1): two eyes",
                "white dead (1 stone: D2): captured even moving first (D3)",
                "white dead (1 stone: C1): captured even moving first (D1)",
            ],
            "{to_move} to move"
        );
    }
}

/// A race read to the end against a group with an eye: in
/// `tests/eval_eye/corner_twelve_square_stones.sgf` white's ring A4-E1 holds black's square
/// four B2 C2 B1 C1 in its 12-point corner; black to move takes the ring (white's private
/// liberties A5 B5 A3 D3 go first; read apart by `examples/local_reader`: Kill with black
/// first, Live with white first), as GNU Go 3.8 says. Counted by liberties (8 against 6) the
/// ring won and the square was dead.
#[test]
fn a_ring_around_a_square_four_loses_the_race_with_its_opponent_to_move() {
    let (out, err, code) = nakade(
        &["score", "tests/eval_eye/corner_twelve_square_stones.sgf"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "white dead (8 stones: A4 B4 C4 D4 E4 E3 E2 E1): lost a capturing race, read to the \
             end: taken with the opponent moving first"
        ),
        "{out}"
    );
    assert!(!out.contains("black dead"), "{out}");
}

/// `nakade gtp --chinese-rules` (GNU Go 3.8's option; `--rules area` the same) answers
/// `final_score` under area counting, as GNU Go does with it: the golden file's `area`.
#[test]
fn gtp_final_score_counts_by_area_with_the_chinese_rules_option() {
    let name = "selfplay/9-l1-s9.sgf";
    let (_, _, territory, area) = &golden()[name];
    let path = dir().join(name);
    let input = format!("loadsgf {}\nfinal_score\n", path.display());
    for (options, want) in [
        (&[][..], territory),
        (&["--chinese-rules"][..], area),
        (&["--rules", "area"][..], area),
    ] {
        let mut args = vec!["gtp"];
        args.extend_from_slice(options);
        let (out, err, code) = nakade(&args, &input);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("= {want}\n")), "{options:?}: {out}");
    }
    assert_ne!(territory, area);
}

/// `loadsgf` sets the komi as GNU Go 3.8 does: the file's `KM`, else 5.5, or 0.5 with a
/// handicap, whatever `komi` said before; so a file's `final_score` does not depend on the
/// file loaded before it. Each board (sizes 5 to 9, one a file: GNU Go keeps its score of
/// a position it has met) is a black wall on column C and a white one on D: black has 2n
/// points of territory, white n(n - 4). Where GNU Go is installed, its own answers are
/// compared too.
#[test]
fn gtp_loadsgf_sets_the_komi_as_gnu_go_does() {
    let dir = std::env::temp_dir().join(format!("nakade-komi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut commands = vec!["komi 3".to_string()];
    let mut want = Vec::new();
    for (size, props, score) in [
        (5, "KM[2]", "B+3.0"),
        (6, "", "W+5.5"),
        (7, "HA[2]", "W+7.5"),
        (8, "KM[0]", "W+16.0"),
        (9, "", "W+32.5"),
    ] {
        let rows = &"abcdefghi"[..size];
        let wall = |col: char| -> String { rows.chars().map(|r| format!("[{col}{r}]")).collect() };
        let path = dir.join(format!("{size}.sgf"));
        let sgf = format!(
            "(;GM[1]FF[4]SZ[{size}]{props}AB{}AW{})",
            wall('c'),
            wall('d')
        );
        std::fs::write(&path, sgf).unwrap();
        commands.push(format!("loadsgf {}", path.display()));
        commands.push("final_score".to_string());
        want.push(score);
    }
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    let (out, err, code) = nakade(&["gtp"], &input);
    assert_eq!(code, 0, "{err}");
    let scores: Vec<&str> = out
        .split("\n\n")
        .filter_map(|a| a.strip_prefix("= "))
        .filter(|a| a.starts_with("B+") || a.starts_with("W+"))
        .collect();
    assert_eq!(scores, want, "{out}");
    if let Some(path) = crate::support::gnugo() {
        let mut gnugo = crate::support::Gnugo::start(&path);
        let mut theirs = Vec::new();
        for c in &commands {
            let answer = gnugo
                .command(c)
                .unwrap_or_else(|| panic!("GNU Go refuses {c}"));
            if c == "final_score" {
                theirs.push(answer.join("\n"));
            }
        }
        assert_eq!(theirs, want);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A group decided in one round (white's B4 C4 A3 C3 A1 B1 C1 here, critical while black's
/// dead C2 and D1 are on the board) and joined to another string in the next (G3 D2, the
/// dead stones taken off) is read as that round reads it: two eyes, and no save left to
/// play (the first decision named E1 as "dies if the opponent moves first"). Read apart
/// with `examples/local_reader` (15 points round white's group playable, black first):
/// white keeps every string of the wall (`--wall`). A random board of `midgame.py random
/// 7 200 105 1`, white to move.
#[test]
fn a_group_joined_after_an_earlier_decision_is_read_as_the_last_round_reads_it() {
    let diagram = "+-------------+\n|. . X . X X .|\n|X X . . . . .|\n|. . . . O X .|\n|. O O . X . .|\n|O . O . . . O|\n|. . X O . . .|\n|O O O X . . X|\n+-------------+";
    let out = assert_prints(
        &["score", "--to-move", "W", "-"],
        diagram,
        &[
            "white alive (9 stones: B4 C4 A3 C3 G3 D2 A1 B1 C1): two eyes",
            "teire (still to play): B7",
        ],
    );
    assert!(!out.contains("critical"), "{out}");
}

/// A critical group names its vital point, and the score names it with the teire: the
/// point the side to move must still play (GNU Go 3.8's `final_score` counts it as dame).
/// Black to move: black's bent four G1 H1 J1 J2 lives by black H1; white's wall, whose six
/// points H3-J1 are one eye or two, dies by black H2.
#[test]
fn a_critical_group_names_its_vital_point_and_the_score_names_it_with_the_teire() {
    for (file, line, teire) in [
        (
            "tests/final/composed/bent_four_corner_unsettled_in_white_area.txt",
            "black alive (7 stones: G3 H3 J3 F2 G2 H2 F1): critical (1 to 2 eyes): dies if the \
             opponent moves first (H1), lives if its owner does (H1)",
            "teire (still to play): H1",
        ),
        (
            "tests/final/composed/invader_with_an_eye_kills_the_wall_in_white_area.txt",
            "white dead (12 stones: A4 B4 C4 D4 E4 F4 G4 H4 J4 G3 G2 G1): critical (1 to 2 \
             eyes): dies if the opponent moves first (H2), lives if its owner does (H2)",
            "teire (still to play): H2",
        ),
    ] {
        assert_prints(&["score", file], "", &[line, teire]);
    }
}

/// A critical group of several strings with its owner to move lives where its owner's
/// vital move joins the strings and no cut is left: black's six stones in the corner of a
/// 6x6 random fill of `tests/final/sweep` (`rf6_0029`) connect at C2 with eyes at A1 and C1,
/// so black to move lives and white to move kills (GNU Go 3.8 answers the same both
/// ways). Before, any group of several strings was called dead, the links between its
/// strings taken as cuttable. Where the opponent can still cut after the owner's move, as in
/// `9-l1-s9` (white B3, then black C2 cuts off D2 and D1), the group stays dead, and its
/// reason says that the save was read and does not hold (`Reason::SaveFails`).
#[test]
fn a_critical_group_of_several_strings_lives_with_its_owner_to_move_unless_it_can_be_cut() {
    let diagram = "\
+-----------+
|. . O . X O|
|. O . . . .|
|O O O O . O|
|O X O O O X|
|X X . X . .|
|. X . X O O|
+-----------+
";
    let group = "(6 stones: B3 A2 B2 D2 B1 D1): critical (1 to 2 eyes): dies if the opponent \
                 moves first (C2), lives if its owner does (C2)";
    for (to_move, status) in [("B", "alive"), ("W", "dead")] {
        let (out, err, code) = nakade(&["score", "--to-move", to_move, "-"], diagram);
        assert_eq!(code, 0, "{err}");
        let line = format!("black {status} {group}");
        assert!(out.lines().any(|l| l == line), "{to_move} to move: {out}");
    }
    let (out, err, code) = nakade(&["score", "tests/final/selfplay/9-l1-s9.sgf"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines().any(|l| l
            == "white dead (4 stones: C4 C3 D2 D1): critical (1 to 2 eyes), its owner to \
                move: after its move at B3, read on, a string of it is taken or short of eyes"),
        "{out}"
    );
}

/// A string in atari is not dead when taking it leaves the capturing string in atari with
/// more stones than it took: its owner takes them back at once. Two GNU Go 3.8 self-play
/// games held out of the corpus (9x9, level 1, seeds 405 and 416): white J7 would take black
/// J6 with the four white stones already dead in black's corner and lose the five at J6;
/// black H5 would take white G5 with black's six dead stones and lose the seven at G5. GNU
/// Go reads both stones alive, and nakade called each dead ("in atari, the opponent to move
/// takes it").
#[test]
fn a_string_in_atari_whose_capture_is_taken_back_at_once_is_not_dead() {
    let s405 = "\
+-----------------+
|. . O X X . X X X|
|. O . O X . X O O|
|. . . O X . X O .|
|O . . O X . X O X|
|O O X O X . X X O|
|X O O X . X O O O|
|X X X X X O O . .|
|. . . X O . . O .|
|. . . X O O . . .|
+-----------------+
";
    let s416 = "\
+-----------------+
|X O O O O . . . .|
|X X X O . O O O O|
|X X X O O X X O X|
|X O X X O O X X X|
|O O O X O X O . O|
|. O O X X X X O .|
|. . . O O X X O O|
|. O . O X X . X X|
|. . O X X . . . .|
+-----------------+
";
    for (diagram, to_move, alive, dead) in [
        (
            s405,
            "W",
            "black alive (25 stones: D9 E9 G9 H9 J9 E8 G8 E7 G7 E6 G6 J6 E5 G5 H5 A4 D4 F4 \
             A3 B3 C3 D3 E3 D2 D1): two eyes",
            "white dead (4 stones: H8 J8 H7 H6): captured even moving first (J7)",
        ),
        (
            s416,
            "B",
            "white alive (20 stones: B9 C9 D9 E9 D8 F8 G8 H8 J8 D7 E7 H7 E6 F6 E5 G5 J5 H4 \
             H3 J3): two eyes",
            "black dead (6 stones: F7 G7 J7 G6 H6 J6): captured even moving first (H5)",
        ),
    ] {
        assert_prints(
            &["score", "--to-move", to_move, "-"],
            diagram,
            &[alive, dead],
        );
    }
}

/// In a race counted by liberties, a string of the group in atari gives the group no
/// liberty: the opponent takes it there, and its partners lose that point with it. On the
/// 4x4 random fill `rf4_0025` of `tests/final/sweep`, white to move: white's group of C4, D3
/// and B1-C1-D1 (in atari at D2) was counted three liberties against black's three, and
/// won with the move; it has two (white D2 is answered by black A4 taking A3, white C3 by
/// black D2 taking three), and black lives, as GNU Go 3.8 reads it. Black takes A3 for an
/// eye, so C3, which both share, counts for black alone: one liberty against three. (The same count gave a
/// 19x19 wall, held out of the corpus, to black's four invaders beside it.)
#[test]
fn a_string_in_atari_gives_its_group_no_liberty_in_a_race() {
    let diagram = "\
+-------+
|. X O .|
|O X . O|
|X X X .|
|X O O O|
+-------+
";
    assert_prints(
        &["score", "--to-move", "W", "-"],
        diagram,
        &[
            "black alive (6 stones: B4 B3 A2 B2 C2 A1): two eyes",
            "white dead (5 stones: C4 D3 B1 C1 D1): lost a capturing race (1 liberty against 3)",
        ],
    );
}

/// A save the tactical reader finds only where its node budget cut a line short is read
/// again deeper where the status found without that reading leaves the string standing:
/// black E5 in the corner of the sweep's `sp5_0018`. At the final status's budget the first
/// reading saves it (E4) with a line cut short, and the steps alone leave it alive; the
/// deeper reading finds that the save fails, and the status is found again with E5 dead.
#[test]
fn a_save_found_at_the_edge_of_the_budget_is_read_deeper_where_the_string_would_live() {
    let diagram = "\
+---------+
|. . . . X|
|. . . . .|
|O O . . .|
|X . O . .|
|. . . . .|
+---------+
";
    assert_prints(
        &["score", "-"],
        diagram,
        &["black dead (1 stone: E5): captured even moving first (E4)"],
    );
}

/// `13-l8-s502`, a GNU Go 3.8 self-play game held out of the corpus (13x13, level 8), at its
/// end: black to move.
const HELD_13_L8_S502: &str = "\
+-------------------------+
|. . X X O . O . . . . O .|
|. X X O . O . . . O O O O|
|. X O O O . . . O O X O X|
|. X X X O . O O X X X X X|
|. O X O . . . O O X . . .|
|. X O O . O . O X . . . .|
|X X X X O . O X X . . . .|
|X O X . X O O O X X . . .|
|O O X X X X O X . . . . .|
|O . O X O O X . . X . . .|
|. O O O . O X X X X . . .|
|. . O . O . O O X . X . .|
|. . . . . O . O O X . X .|
+-------------------------+
";

/// A small space whose whole value the solver cannot read in its budget is read for life
/// (`b` and `c`), not left a bound. From a GNU Go 3.8 self-play game held out of the corpus
/// (13x13, level 8, seed 502), black to move: the 8-point edge space A13-A8 holds white B9
/// in atari and, enclosed, black's 9-stone string C13-C9; its whole value does not end in
/// 300 M nodes, its `b` and `c` (2 and 2) in 417. Black A9 takes B9 and joins the two black
/// groups, which live with eyes in the edge space and at D6 (read by hand; GNU Go calls
/// them alive too). nakade called them dead, first settled, then not settled (the space a
/// bound).
#[test]
fn a_small_space_beyond_a_whole_reading_is_read_for_life() {
    let diagram = HELD_13_L8_S502;
    let lines = [
        "black alive (22 stones: C13 D13 B12 C12 B11 B10 C10 D10 C9 B8 A7 B7 C7 D7 A6 C6 E6 C5 \
         D5 E5 F5 D4): two eyes",
        "white dead (1 stone: B9): captured even moving first (A9)",
    ];
    assert_prints(&["score", "--to-move", "B", "-"], diagram, &lines);
    let (out, err, code) = nakade(&["score", "--json", "--to-move", "B", "-"], diagram);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["settled"], true, "{out}");
    let black_alive = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["color"] == "black" && g["status"] == "alive")
        .count();
    assert_eq!(black_alive, 2, "{out}");
}

/// `19-l1-s1902`, a GNU Go 3.8 self-play game held out of the corpus (19x19, level 1, seed
/// 1902), at its end: white to move.
const HELD_19_L1_S1902: &str = "\
+-------------------------------------+
|. . . . . . . O . . . . . O O X . . .|
|. . . . O O O X O O . X O O X . X . .|
|. . O O X O X X X O O O O X X . . . .|
|. O X X X X . X O O X X X X . . X . .|
|. O X X . . . X O O O X . . . . . . .|
|. O O X . X . . X O X . . . . . . . .|
|. O X X X X X X . X . X . X . . X . .|
|O O X X O O X X X X X . . . X O X . .|
|O X X O . O O O X O X . . O . . . X .|
|X . X O O . . . O O O X X O O O O X .|
|. . X X O O . . . . X O X O X X . . .|
|. . . X O X O O O O O O X . X O X . .|
|. . . X O X O X X X X X . . . . . . .|
|. . . X X X O X X X . X . X . X . . .|
|. X X . . X X X X O X X X X . . . . .|
|. O . X X O X X O O O O X O X X . . .|
|. . O X O O O O O O . O O O O O X . .|
|. O . X X X O X O . O X X O O X X . .|
|. . . . . X X X X O O O X X X X . . .|
+-------------------------------------+
";

/// A space whose points and the owner's stones it closes in are more than 20 vertices is read
/// (the solver takes 24). White's centre group E12-M8 has the eye E11 and the 8-point space
/// F10-L9 (black L9 in atari in it), which closes in 13 of the group's stones: 21 vertices.
/// Read, the space is `2222` and the group lives whoever moves (GNU Go 3.8: alive). nakade
/// left the space a bound and called the 25 stones dead, not settled (B+160.5; GNU Go
/// B+92.5).
#[test]
fn a_space_closing_in_its_owners_stones_past_twenty_vertices_is_read() {
    let line = "white alive (25 stones: E12 F12 D11 F11 G11 H11 K11 D10 E10 J10 K10 L10 E9 F9 \
                M9 E8 G8 H8 J8 K8 L8 M8 E7 G7 G6): two eyes";
    for side in ["W", "B"] {
        assert_prints(
            &["score", "--to-move", side, "-"],
            HELD_19_L1_S1902,
            &[line],
        );
    }
    let (out, err, code) = nakade(&["analyze", "--json", "-"], HELD_19_L1_S1902);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let space = v["spaces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| {
            s["points"]
                .as_array()
                .is_some_and(|p| p.iter().any(|x| x == "F10"))
        })
        .expect("the space F10-L9");
    assert_eq!(
        (&space["value"], &space["source"]),
        (&serde_json::json!("2222"), &serde_json::json!("solver")),
        "{space}"
    );
}

/// `9-l10-s2107`, a GNU Go 3.8 self-play game held out of the corpus (9x9, level 10, seed
/// 2107), at its end: white to move.
const HELD_9_L10_S2107: &str = "\
+-----------------+
|. . . X O O . . .|
|. . . . X O O . .|
|. X X X X O . . .|
|X O O X . X O O .|
|. . . . X X O . O|
|. . . . . X X O O|
|. . O X X . . X O|
|. . O X O . . X O|
|. . . O . . . X X|
+-----------------+
";

/// A small closed space beyond the solver's budget is not counted as two eyes. White's
/// stones B6-C6, C3-C2, D1 and E2 have the 13-point corner A5-C1 (9 core points), which
/// the final status's 20,000 nodes do not read; it was counted as two eyes, and the stones
/// alive (W+7.5). Read with 380,000 nodes the corner is `0012`: no two eyes even with white
/// first. GNU Go 3.8 and KataGo (200 visits, either side to move) call the stones dead
/// (B+27.5). The dead E2 shares E1 with D1, and D1 shares C1 with C2: one dead group (E2,
/// read before D1 had joined C3-C2, was a group of its own).
#[test]
fn a_small_space_beyond_the_budget_is_not_counted_as_two_eyes() {
    let why = "0 eyes inside the opponent's area, not counting a 13-point space of its own, \
               which is not read: whether it gives an eye is open";
    assert_scored_whoever_moves(
        HELD_9_L10_S2107,
        "6.5",
        &[
            &format!("white dead (2 stones: B6 C6): {why}"),
            &format!("white dead (4 stones: C3 C2 E2 D1): {why}"),
        ],
        "B+27.5",
    );
}

/// `19-l6-s2401`, a GNU Go 3.8 self-play game held out of the corpus (19x19, level 6, seed
/// 2401), at its end.
const HELD_19_L6_S2401: &str = "\
+-------------------------------------+
|. . . . . O X X . . . . . . . . . . .|
|O O . . O . O X . . X O X . . . . . .|
|O X O . . . O X X X X O . . . . X X .|
|O X . O . O . O O O O X X X X X X O .|
|O X . . . . O . . . O O X O O O X X X|
|. . X . O . . . . O X X X O O . O O X|
|. X . O . . . O . O X X O O . . . . O|
|. . X O . O . . . . O O . . . . . O .|
|X X X . X . X O . O . . . . . X . . .|
|X O X . . X . O . . O O O . O . . . .|
|O O O . . X . . . . O X O O O . O . .|
|. . . . O . O . O . O X O X X X O . .|
|. . . . . . O O O O O X O O . . . . .|
|. . O . O O X O X O O X X O O . O . O|
|. . . . O O X X X X O O X O . . O O X|
|. . O O X X . . . X O O X O O O X X X|
|. . . O O X . . . . X X X X X X . . .|
|. . . . O X . X . . . . . . . . . . .|
|. . . . O O X . . . . . . . . . . . .|
+-------------------------------------+
";

/// A group whose corner space has a false eye is dead even moving first, as nakade says and
/// GNU Go 3.8 and KataGo (200 visits) do not. Black's 15 stones B17-F9 have the edge space
/// A14 B14 A13 A12 B12 (`0111`: B14 false by its diagonals). Black A14 is answered by white
/// A12: black takes the stone, but B14 stays false (white C16 and C15 leave B17-B15 with
/// B14 alone), and the second eye is at best a ko. Read apart from both engines by
/// `examples/local_reader` on `tests/final/local/left_side_of_19-l6-s2401.txt` (black first:
/// B13's string taken against every defence, 51.6 M positions); see docs/MEASUREMENTS.md.
#[test]
fn a_corner_with_a_false_eye_is_dead_even_moving_first() {
    assert_scored_whoever_moves(
        HELD_19_L6_S2401,
        "6.5",
        &[
            "black dead (15 stones: B17 B16 B15 C14 B13 C12 A11 B11 C11 E11 G11 A10 C10 F10 \
           F9): 1 eye inside the opponent's area, whose wall lives by an 87-point area beyond \
           exact reading: whether it can live there is not read",
        ],
        "W+105.5",
    );
}

/// `19-l1-s2601`, a GNU Go 3.8 self-play game held out of the corpus (19x19, level 1, seed
/// 2601), at its end.
const HELD_19_L1_S2601: &str = "\
+-------------------------------------+
|. . . . . . . . O O X . . . . . . . .|
|. . . . . . O . O X . X . . . . . . .|
|. . . O . . X O X X . . . . . . X X X|
|. . O . O . O O O X . . . X X X O O O|
|. O O X O . O X X O X . . X O O O . X|
|. X X . X X X O X O X . . X X O . O X|
|. . . X . . . O X O . . X X X O . . O|
|. . O . O O . O X . X X O O X O . O .|
|. O X . O X O O X . X O O O O . . O O|
|O O O O X X O X X . . X X O . . O X X|
|O X X X O X X X O X X X O . O . O O X|
|X X . X O O X X O O X X O . . O X X X|
|. . X X O O O O . O X O . O O O X . .|
|. X . X X O X O O . O O O O X X X . .|
|. . . X O O X X X O O X X O O O X . .|
|. X X X X X O O X X O O X X O X X . .|
|X X O O O O O X X . X X . . X . . . .|
|O X O . O . O X . X X . . . . . . . .|
|O O O O . O X X . . . . . . . . . . .|
+-------------------------------------+
";

/// In a race counted by liberties, a group with an eye has the liberties both share: the
/// other cannot fill them without taking its own last ones. Black's wall B14-C14, D13,
/// E14-G14 and D15 (joined only at D14, which is no eye: white D16 leaves D15 D14 alone)
/// races white's left-side group of four strings, which takes black C11 (in atari, closed
/// in by white) at D11 for an eye. Counted each liberty once, black had 10 against white's
/// 9, and white's 16 stones were dead (B+71.5); with the five shared liberties white's,
/// black has 5 against 9: black's wall is dead, as GNU Go 3.8 and KataGo (200 visits,
/// either side to move) say (W+2.5, GNU Go's score).
#[test]
fn a_group_with_an_eye_has_the_liberties_it_shares_in_a_race() {
    assert_scored_whoever_moves(
        HELD_19_L1_S2601,
        "5.5",
        &[
            "black dead (7 stones: D15 B14 C14 E14 F14 G14 D13): lost a capturing race \
             (5 liberties against 9)",
            "black dead (1 stone: C11): captured even moving first (D11)",
        ],
        "W+2.5",
    );
}

/// Held-out `19-l10-s6754` (GNU Go 3.8 self-play at level 10, white to move): black's 30
/// stones H18 to T13 enclose a 45-point area at the top, which white's weak strings J18 and
/// H19 (two liberties each) touch at one end. Counted by the liberties beside the group
/// (the area is not closed), black had 14 against the 16 of white's ten stones on the top
/// edge and lost the race (W+117.5); an area that large inside the group's own stones is an
/// eye no race fills, and the ten white stones die, as GNU Go 3.8 (`final_status_list
/// dead`, B+41.5) and KataGo (150 visits, white to move: the top black's, +1.0, black
/// leading by 42.1) read it.
#[test]
fn a_large_area_that_weak_opponent_strings_touch_is_an_eye_in_a_race() {
    assert_scored_whoever_moves(
        HELD_19_L10_S6754,
        "5.5",
        &[
            "white dead (10 stones: B19 H19 C18 D18 E18 G18 J18 D17 F17 F16): 0 to 1 eyes \
             inside the opponent's area",
            "black alive (58 stones: A18 B18 H18 C17 E17 G17 H17 J17 K17 L17 R17 S17 C16 D16 \
             E16 H16 K16 M16 O16 Q16 S16 D15 F15 G15 H15 M15 N15 Q15 S15 T15 D14 L14 M14 O14 \
             P14 T14 D13 F13 M13 S13 T13 E12 F12 B11 C11 D11 E11 F11 C10 A9 B9 C9 A8 C8 B7 C7 \
             B6 C6): two eyes",
        ],
        "B+41.5",
    );
}

const HELD_19_L10_S6754: &str = "\
+---------------------------------------+
|. O . . . . . O . . . . . . . . . . .|
|X X O O O . O X O . . . . . . . . . .|
|. . X O X O X X X X X . . . . . X X .|
|. . X X X O . X O X O X . X . X O X .|
|. . . X O X X X O O O X X . . X O X X|
|. . . X O O O O O O X X O X X O O O X|
|. . . X O X O X X X O X O O O . O X X|
|. . . . X X O O O X O O O . . O . O O|
|. X X X X X O . O X O X O O . . . O .|
|. O X O O O . O X X X X O X O . O . .|
|X X X O . . O X . . X . X X O O X O O|
|X . X O . O X X X X . . X O O X X X O|
|O X X O O . O X O X . X O O O O X X O|
|O X X O . O . O O O X X X X X O X X O|
|O O O X O X . . . O O X O O O O X . X|
|. . O . O . . . . O X X O X O X . X .|
|. . . O . . O . . O O X X X X X . . .|
|. . . . . . . . O . O X . X . . . . .|
|. . . . . . . . X O O O X . . . . . .|
+---------------------------------------+
";

/// The same space in the analysis, whose small spaces are read whole: where the whole
/// reading gives up (here within 10,000 nodes), the space keeps `b` and `c` (417 nodes), not
/// a bound.
#[test]
fn a_small_space_whose_whole_reading_gives_up_keeps_b_and_c() {
    use nakade::board::analysis::{analyze_position, AnalysisLimits};
    let mut board = ascii::parse_board(HELD_13_L8_S502, None).unwrap().board;
    let ev = Evaluator::with_default();
    let limits = AnalysisLimits {
        solver_nodes: 200,
        ..AnalysisLimits::default()
    };
    let report = analyze_position(&mut board, &ev, Some(Color::Black), limits);
    let a9 = vertex::parse(&board, "A9").unwrap();
    let space = report
        .spaces
        .iter()
        .find(|s| s.points().contains(&a9))
        .unwrap();
    let names: Vec<String> = space
        .points()
        .iter()
        .map(|&l| vertex::name(&board, l))
        .collect();
    assert_eq!(names, ["A13", "B13", "A12", "A11", "A10", "A9", "B9", "A8"]);
    assert_eq!(
        (space.source_kind(), space.min_max()),
        ("solver-min-max", Some((2, 2)))
    );
}

/// A race in each other's eyes that the reader leaves open: in
/// `tests/eval_eye/gnugo9_30_black_edge_six_half_eye.sgf` black's lower-left group (A6 to
/// G1, with B1) has every liberty in the five empty points A4 B3 A2 A1 C1, with white A3
/// and B2 inside. Counted by liberties black wins, 4 to 3, and then died all the same with
/// one eye, A3 and B2 revived in its eye and B1 dead beside them; the fight reader takes
/// neither side's stones (every line that takes white's passes through captures that open
/// the fight). Seki, not settled, for all of them, as GNU Go 3.8's `final_status_list seki`
/// has it; the dead black stones on the right stay dead.
#[test]
fn a_race_in_each_others_eyes_the_reader_leaves_open_is_seki() {
    let (out, err, code) = nakade(
        &[
            "score",
            "--json",
            "tests/eval_eye/gnugo9_30_black_edge_six_half_eye.sgf",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let status_of = |stone: &str| -> (String, bool) {
        let groups = v["groups"].as_array().unwrap();
        let g = groups
            .iter()
            .find(|g| g["stones"].as_array().unwrap().iter().any(|s| s == stone))
            .unwrap_or_else(|| panic!("no group holds {stone}"));
        (
            g["status"].as_str().unwrap().to_string(),
            g["settled"].as_bool().unwrap(),
        )
    };
    for stone in ["C2", "B1", "A3", "B2"] {
        assert_eq!(status_of(stone), ("seki".to_string(), false), "{stone}");
    }
    assert_eq!(status_of("G4").0, "dead");
    assert_eq!(status_of("H1"), ("alive".to_string(), false));
}

/// On 5x5 boards where black's living group is made of strings of one to three stones, the
/// region around them is black's, not an area of white's: white's group, whose only space
/// gives one eye, is dead (GNU Go 3.8 reads both so). Black's small strings were counted as
/// invaders of a white area worth an eye, and white's group had "two eyes".
#[test]
fn an_area_the_opponents_stones_fill_half_of_is_no_eye() {
    for (diagram, white) in [
        (
            "+---------+\n|. O X . .|\n|. O O X .|\n|. O X . X|\n|X X . X .|\n|O . X . .|\n+---------+",
            "white dead (4 stones: B5 B4 C4 B3): 1 eye inside the opponent's area",
        ),
        (
            "+---------+\n|. O . . .|\n|O O . X X|\n|. X X O .|\n|. X . X .|\n|. . X O .|\n+---------+",
            "white dead (3 stones: B5 A4 B4): 1 eye inside the opponent's area",
        ),
    ] {
        let (out, err, code) = nakade(&["score", "--to-move", "B", "-"], diagram);
        assert_eq!(code, 0, "{err}");
        assert!(out.lines().any(|l| l == white), "{out}");
    }
}

/// `analyze --jsonl`: a host writes one request, waits for its answer, then writes the next.
#[test]
fn the_jsonl_mode_answers_each_line_before_the_next_is_written() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nakade"))
        .args(["analyze", "--jsonl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let requests = [
        r#"{"id": 1, "diagram": "+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+", "komi": 0.5}"#,
        r#"{"id": "two", "sgf": "(;SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ae])", "rules": "area"}"#,
        r#"{"id": 3, "sgf": "(;SZ[5]AB[zz])"}"#,
        r#"{"id": 4, "sgf": "(;SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ae])", "rules": "area", "analysis": false}"#,
        r#"{"id": 5, "sgf": "(;SZ[5]AB[ca])", "analysis": "no"}"#,
    ];
    let mut answers = Vec::new();
    for r in requests {
        writeln!(stdin, "{r}").unwrap();
        stdin.flush().unwrap();
        // The answer comes while stdin is still open: the host is waiting for it.
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        answers.push(serde_json::from_str::<serde_json::Value>(&line).unwrap());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert_eq!(answers[0]["id"], 1);
    assert_eq!(answers[0]["final"]["result"], "B+5.5");
    assert_eq!(answers[0]["analysis"]["dead"], serde_json::json!(["A1"]));
    assert_eq!(answers[1]["id"], "two");
    assert_eq!(answers[1]["final"]["result"], "B+4.5");
    assert_eq!(answers[2]["id"], 3);
    assert!(
        answers[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("line 3: sgf:"),
        "{}",
        answers[2]
    );
    // The final status and score alone: the same final object, no analysis.
    assert_eq!(answers[3]["id"], 4);
    assert_eq!(answers[3]["final"], answers[1]["final"]);
    assert_eq!(answers[3]["final"]["result"], "B+4.5");
    assert!(answers[3].get("analysis").is_none(), "{}", answers[3]);
    assert_eq!(
        answers[4]["error"],
        "line 5: \"analysis\": expected true or false"
    );
}

#[test]
fn the_svg_draws_dead_stones_and_territory() {
    let dir = std::env::temp_dir().join(format!("nakade-score-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("score.svg");
    let (_, err, code) = nakade(
        &[
            "score",
            "tests/final/selfplay/9-l1-s9.sgf",
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    // A dead stone's red cross is a path; territory a 9x9 square per point.
    let crosses = doc.descendants().filter(|n| n.has_tag_name("path")).count();
    let squares = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("9"))
        .count();
    // White C4 C3 D2 D1 are dead; black's territory is 35 points, white's 13.
    assert_eq!(crosses, 4);
    assert_eq!(squares, 35 + 13);
    assert!(text.contains("B+19.5"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 31's composed positions of the hard kinds: at least forty, each in the golden file.
#[test]
fn forty_composed_positions_are_in_the_golden_file() {
    let golden = golden();
    let names: Vec<String> = std::fs::read_dir(dir().join("composed"))
        .unwrap()
        .map(|e| format!("composed/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    assert!(names.len() >= 40, "{} composed positions", names.len());
    for name in &names {
        assert!(golden.contains_key(name), "{name} is not in golden.txt");
    }
}

/// The final status of a diagram, black to move, with its board.
/// The final status of `board` with `to_move` to play, with the default database and limits.
fn read_final(board: &Board, to_move: Color) -> nakade::board::finish::FinalReport {
    final_status(
        board,
        &Evaluator::with_default(),
        to_move,
        FinalLimits::default(),
    )
}

fn report_of(diagram: &str) -> (Board, nakade::board::finish::FinalReport) {
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let report = read_final(&board, Color::Black);
    (board, report)
}

/// The statuses nakade gives the named stones of a diagram, black to move.
fn statuses(diagram: &str, stones: &[&str]) -> Vec<FinalStatus> {
    let (board, report) = report_of(diagram);
    stones
        .iter()
        .map(|s| report.status_at(vertex::parse(&board, s).unwrap()).unwrap())
        .collect()
}

/// A seki whose eye holds a dead opponent stone is still a seki (issue 31): black's corner
/// H9 H8 H7 J7 has the eye J8-J9 with a white stone in it, white's ring shares G8 with it and
/// has the eye F9. Neither can fill G8 (black G8 leaves one liberty, J8: white takes all at
/// J8; white G8 leaves one, F9: black takes the ring). White J9 is dead: black takes it at
/// J8 when it likes and still has its eye. The same with the colours swapped.
#[test]
fn a_seki_eye_holding_a_dead_stone_is_still_a_seki() {
    use FinalStatus::{Dead, Seki};
    let black_area = composed("dead_stone_in_a_seki_eye_in_black_area.txt");
    assert_eq!(
        statuses(&black_area, &["H9", "E9", "G9", "J9", "D9"]),
        [Seki, Seki, Seki, Dead, FinalStatus::Alive]
    );
    let white_area = composed("dead_stone_in_a_seki_eye_in_white_area.txt");
    assert_eq!(
        statuses(&white_area, &["B1", "E1", "C1", "A1"]),
        [Seki, Seki, Seki, Dead]
    );
}

/// The stones of a double ko in a seki are part of the seki (issue 31): black D9 (white takes
/// it at E9, a liberty of black's seki group) and white J8 (black takes it at J7) are each in
/// atari, but each capture is answered by the capture in the other ko and the position comes
/// back: nobody removes them for good. GNU Go 3.8 says seki for all of them.
#[test]
fn the_stones_of_a_double_ko_in_a_seki_are_in_the_seki() {
    use FinalStatus::Seki;
    let d = composed("double_ko_seki_in_black_area.txt");
    assert_eq!(
        statuses(&d, &["D9", "J8", "F9", "C9"]),
        [Seki, Seki, Seki, Seki]
    );
    let d = composed("double_ko_seki_in_white_area.txt");
    assert_eq!(
        statuses(&d, &["F1", "A2", "D1", "G1"]),
        [Seki, Seki, Seki, Seki]
    );
}

/// Two equal big eyes sharing a liberty are a race the side to move wins, not a seki (issue
/// 31): black's square four in the corner (H9 J9 H8 J8) against white's (D9 E9 D8 E8), F7
/// shared. Each eye is worth five liberties (four points), so black's group has six and
/// white's six: black, to move, wins. Counting the corner's plain liberties gave black four
/// (J9 touches no black stone) and killed black instead. The same with the colours swapped.
#[test]
fn two_equal_big_eyes_sharing_a_liberty_go_to_the_side_to_move() {
    use FinalStatus::{Alive, Dead};
    let d = composed("big_eye_race_square_fours_in_black_area.txt");
    assert_eq!(statuses(&d, &["G9", "C9", "F9"]), [Alive, Dead, Dead]);
    let d = composed("big_eye_race_square_fours_in_white_area.txt");
    assert_eq!(statuses(&d, &["C1", "G1", "D1"]), [Dead, Alive, Alive]);
}

/// A seki whose eye holds two dead stones (issue 31): black's corner H9-J6 with white J9 J8
/// in its eye J7-J9 against white's ring E9-J5 (eye F9), G8 shared. The tactical reader
/// called the ring captured (black J7 takes J9 J8, and the ring then looks short of
/// liberties), but white throws in at J8 and the eyes are one against one: the small closed
/// fight, read to the end, is a seki. J9 J8 themselves are dead (white J7 is suicide).
#[test]
fn a_throw_in_keeps_a_seki_whose_eye_holds_two_dead_stones() {
    use FinalStatus::{Dead, Seki};
    let d = composed("two_dead_stones_in_a_seki_eye_in_black_area.txt");
    assert_eq!(
        statuses(&d, &["E9", "G9", "H9", "J9", "J8"]),
        [Seki, Seki, Seki, Dead, Dead]
    );
    let d = composed("two_dead_stones_in_a_seki_eye_in_white_area.txt");
    assert_eq!(
        statuses(&d, &["E1", "C1", "B1", "A1", "A2"]),
        [Seki, Seki, Seki, Dead, Dead]
    );
}

/// A group that looks alive but dies by a snapback (issue 31): white's group C9 D9 F9 G9 D8
/// E8 F8 has a sure eye at E9 (both diagonals, D8 and F8, white) and a second space in the
/// corner, A9 B9, walled by white A8 B8, with black B9 in it in atari: counted naively, two
/// eyes. But black C8 cuts A8 B8 off the group, and they are in atari too (liberty A9).
/// Black to move takes them at A9. White to move takes B9 at A9, and black takes back at B9
/// (a snapback: A9 A8 B8 have the one liberty B9); and if black waits, white B9 joins the
/// corner to the group, which still has one eye, E9, and the outside liberties D7 E7 F7 that
/// black fills (each of those points touches a black stone: no eye there). Dead whoever moves:
/// the group, A8 B8; black B9 and C8 live. GNU Go 3.8 reads the same. The same with the
/// colours swapped.
#[test]
fn a_group_that_looks_alive_dies_by_a_snapback() {
    use FinalStatus::{Alive, Dead};
    let d = composed("looks_alive_dead_by_snapback_in_black_area.txt");
    assert_eq!(
        statuses(&d, &["C9", "G9", "E8", "A8", "B8", "B9", "C8"]),
        [Dead, Dead, Dead, Dead, Dead, Alive, Alive]
    );
    let d = composed("looks_alive_dead_by_snapback_in_white_area.txt");
    assert_eq!(
        statuses(&d, &["G1", "C1", "E2", "J2", "H2", "H1", "G2"]),
        [Dead, Dead, Dead, Dead, Dead, Alive, Alive]
    );
}

/// A group with one eye lives by a double ko (issue 31): white's corner G9 H9 J8 H8 H7 G7 G6
/// F6 has one sure eye, J9. G8 is a second one only if white F8 joins the group through F9
/// or F7, and each is a ko: white E9 (black takes it at F9) and black F7 (white takes it at
/// E7). Black needs both, white one. Black F9 takes E9 and leaves F8 one liberty, G8; white
/// E7 takes F7 (F8 gains F7); black may not retake at once, and when black connects at E9
/// white connects at F7: G8 is an eye (one black diagonal only, F9). Black E7 first
/// (connecting F7): white F9 connects E9 and F8 to the group, and G8 is an eye. Black G8 and
/// J9 are suicide. So white lives whoever moves, and the captures in the kos are an even
/// exchange, a prisoner each: the ko stones E9 and F7 stay, all alive. nakade called E9
/// dead (in atari, black to move) and F7 alive, one prisoner too many for black. GNU Go 3.8
/// agrees on the group and the score (W+17), and calls E9 and F7 both dead here (the
/// exchange) and both alive in the colour-swapped position.
#[test]
fn one_eye_and_a_double_ko_live() {
    use FinalStatus::Alive;
    let d = composed("one_eye_and_a_double_ko_alive_in_black_area.txt");
    assert_eq!(
        statuses(&d, &["G9", "J8", "F8", "F6", "E9", "F7", "E8"]),
        [Alive; 7]
    );
    let d = composed("one_eye_and_a_double_ko_alive_in_white_area.txt");
    assert_eq!(
        statuses(&d, &["C1", "A2", "D2", "D4", "E1", "D3", "E2"]),
        [Alive; 7]
    );
}

/// The final status of the corpus position `name`: the board and the group of the stone at
/// `stone`.
fn group_at(name: &str, stone: &str) -> (Board, nakade::board::finish::Group) {
    let (board, to_move, _) = load(name);
    let report = read_final(&board, to_move);
    let at = vertex::parse(&board, stone).unwrap();
    let group = report
        .groups
        .into_iter()
        .find(|g| g.stones.contains(&at))
        .unwrap();
    (board, group)
}

/// [`group_at`], the group checked alive by two eyes.
fn alive_by_two_eyes(name: &str, stone: &str) -> (Board, nakade::board::finish::Group) {
    let (board, group) = group_at(name, stone);
    assert_eq!(group.status, FinalStatus::Alive);
    assert!(
        matches!(group.reason, nakade::board::finish::Reason::TwoEyes(_)),
        "{:?}",
        group.reason
    );
    (board, group)
}

/// A final status reads of a large space what its group needs, not its whole value: the
/// 9x9 self-play position's 15-point corner area (14 points of core), which a whole solve
/// does not read within the final status's 20,000 nodes (it was counted as two eyes by its
/// size: not settled), gives the group, which has one eye elsewhere, one at least whoever
/// moves first (it gives two: `b` and `c` alone read 2222), settled. Its points and digits
/// (one eye at least, two at most) are the evidence the group carries.
#[test]
fn a_large_area_is_read_for_the_eyes_its_group_needs() {
    let (_, group) = alive_by_two_eyes("selfplay/9-l1-s8.sgf", "C9");
    assert!(group.reason.settled());
    let large: Vec<_> = group
        .spaces
        .iter()
        .filter(|(points, _)| points.len() == 15)
        .map(|(_, digits)| *digits)
        .collect();
    assert_eq!(large, [Some((1, 2))]);
}

/// A space read for `b` and `c` alone names one vital point a side where `b != c`, a move
/// that reaches its digit, and its `eval_eye` answer names them as a whole reading's does:
/// never a `PASS`. White's 10-point corner A4-C1 of the 9x9 self-play position, read whole,
/// is 1122 with four attack and four defence points (`eval_eye` names A2 for both); read
/// for two digits, `1 2` and the first point (in the graph's order) that reaches each
/// digit, B2 and B3, each in the whole reading's set.
#[test]
fn a_space_read_for_two_digits_names_one_vital_point_a_side() {
    use nakade::board::analysis::{analyze_position, AnalysisLimits, Digits, Source};
    let (mut board, _, _) = load("selfplay/9-l1-s9.sgf");
    let ev = Evaluator::with_default();
    let a2 = vertex::parse(&board, "A2").unwrap();
    let mut answers = Vec::new();
    for digits in [Digits::All, Digits::MinMax] {
        let limits = AnalysisLimits {
            digits,
            ..AnalysisLimits::default()
        };
        let report = analyze_position(&mut board, &ev, None, limits);
        let space = report
            .spaces
            .iter()
            .find(|s| s.analyzed.space.contains(a2))
            .unwrap();
        let names = |l: &[nakade::board::Loc]| {
            l.iter()
                .map(|&l| vertex::name(&board, l))
                .collect::<Vec<_>>()
                .join(" ")
        };
        answers.push((
            space.source,
            space.min_max(),
            space.exact_value().map(|v| v.to_string()),
            names(&space.attack),
            names(&space.defense),
            space.eval_eye(&board),
        ));
    }
    assert_eq!(
        answers,
        [
            (
                Source::Solver,
                Some((1, 2)),
                Some("1122".to_string()),
                "A4 A2 B2 B1".to_string(),
                "B3 A2 B2 B1".to_string(),
                "1 2 A2 A2".to_string(),
            ),
            (
                Source::SolverMinMax,
                Some((1, 2)),
                None,
                "B2".to_string(),
                "B3".to_string(),
                "1 2 B2 B3".to_string(),
            ),
        ]
    );
}

/// A group that has two eyes without its large spaces (those only a search beyond the
/// evaluator's own size values) is alive whatever they are worth, and they are not read:
/// black's 72-stone group of the 19x19 self-play position has an eye of one point and one
/// of two, so its open 16-point corner P19-T16 (whose two digits the final status's 20,000
/// nodes do not read: 10 ms spent to learn it) is left unread and has no digits, as its
/// 35-point area (a bound: beyond the solver) has none.
#[test]
fn a_group_with_two_eyes_elsewhere_leaves_its_large_space_unread() {
    let (board, group) = alive_by_two_eyes("selfplay/19-l1-s3.sgf", "O19");
    let t16 = vertex::parse(&board, "T16").unwrap();
    let spaces: Vec<_> = group
        .spaces
        .iter()
        .map(|(points, digits)| (points.len(), points.contains(&t16), *digits))
        .collect();
    assert_eq!(
        spaces,
        [
            (16, true, None),
            (1, false, Some((0, 0))),
            (1, false, Some((1, 1))),
            (35, false, None),
            (2, false, Some((1, 1))),
        ]
    );
}

/// The status and reason of the group at `stone` of the corpus position `name`.
fn reason_at(name: &str, stone: &str) -> (FinalStatus, nakade::board::finish::Reason) {
    let (_, g) = group_at(name, stone);
    (g.status, g.reason)
}

/// Invaders dead inside an area whose wall lives only by that area's size (beyond exact
/// reading: 34 points, where GNU Go's own play lets them live) are dead but not settled,
/// and the reason says the area was counted, not read; invaders of a wall whose eyes are
/// read (white's five stones F8-E6 of a 9x9 self-play position) stay settled.
#[test]
fn invaders_of_an_area_counted_not_read_are_not_settled() {
    use nakade::board::finish::{Eyes, Reason};
    let (status, reason) = reason_at("composed/dead_stones_both_sides.txt", "G5");
    assert_eq!(status, FinalStatus::Dead);
    assert_eq!(reason, Reason::EnclosedUnread(Eyes { min: 0, max: 0 }, 34));
    assert!(!reason.settled());
    let (status, reason) = reason_at("composed/dead_stones_both_sides.txt", "E5");
    assert_eq!(
        (status, reason),
        (FinalStatus::Alive, Reason::LargeArea(34))
    );

    let (status, reason) = reason_at("selfplay/9-l10-s15.sgf", "F8");
    assert_eq!(status, FinalStatus::Dead);
    assert_eq!(reason, Reason::Enclosed(Eyes { min: 0, max: 0 }));
    assert!(reason.settled());
}

/// A stone of the owner's in its own territory, beside a living opponent group, lives with
/// the wall it can join (issue 31; two 13x13 GNU Go self-play positions held out of the
/// corpus, seeds 606 and 602, black to move). GNU Go 3.8's `final_status_list` calls white
/// A6 (B7) dead after its own play-out, while its `dragon_status`, `attack`, `owl_attack`
/// and `connect` in the same position call the stone alive, one dragon with the wall, not
/// capturable, joined at B6 (B8). Read apart from both (`examples/local_reader --wall`,
/// black first, every move of both sides on the points named, 40 plies, black winning by
/// taking any stone of the wall): white keeps every stone on the 15 points A7-A10, B6-B9,
/// C6, C7, C9, D6-D9 around A6, and on the 14 points A3-A10, B3-B6, B8, B9 around B7.
/// Black B6 (A7) is answered at A7 (B6), and the stone joins the wall along the edge or
/// through its liberty beside B5 (C8).
#[test]
fn a_stone_in_its_own_territory_beside_a_living_opponent_group_lives_with_its_wall() {
    use FinalStatus::Alive;
    let a6 = "\
+-------------------------+
|. . O O X . . . . . . . .|
|. O O X X X . . . . . . .|
|O X X X O X . . . . X . .|
|. O O O O O X X . O X . .|
|. . . . O . O X . . . . .|
|. . O . . . O X . . X . .|
|. . . . O . O O X X X X X|
|O . . . . . O O O O O X O|
|X O O O . O X X O . O X O|
|X X X O . O O X O O O O O|
|. . X X O O X X X X X X O|
|X O X X O O O X . . . . X|
|. X . X X O X X X . . X .|
+-------------------------+
";
    assert_eq!(
        statuses(a6, &["A6", "B5", "A5", "B2"]),
        [Alive, Alive, Alive, FinalStatus::Dead]
    );
    let b7 = "\
+-------------------------+
|. . . . O X X . . X . . .|
|. . . O . O X . X . X . X|
|. . O O . O X . X . X X O|
|. O X X O O O X . X O O O|
|. . O X O O X X X O O X .|
|. . O X X O O X O O X X .|
|. O X X X X O O X O O O .|
|. . O O O X X X X O . . .|
|. . O O X X . . . X O O O|
|. . O X X . . . . . X O X|
|. . . O X . . . X X . X X|
|. . . O X . X . . X . X O|
|. . . O O X . . . X X O .|
+-------------------------+
";
    assert_eq!(statuses(b7, &["B7", "C8", "C7"]), [Alive, Alive, Alive]);
}

/// A group with one eye in its small spaces asks of its one large space only a second, read
/// for one eye with the opponent first: black's L19 group of `19-l6-s7` (the 4-point space
/// gives one eye, the open 18-point corner M19-Q17 at least one, far sooner than its two)
/// and black's A9 group of `9-l1-s22` (17 points) have two eyes, settled, where a reading of the large
/// space's `b` gave up and left them alive by "an area beyond exact reading" (not settled);
/// white's C3, inside black's 16 points there, is then dead for a settled reason too.
#[test]
fn a_group_with_one_eye_reads_its_large_space_for_a_second_only() {
    let ev = Evaluator::with_default();
    for (name, at, points) in [
        ("selfplay/19-l6-s7.sgf", "L19", 18),
        ("selfplay/9-l1-s22.sgf", "A9", 17),
    ] {
        let (board, to_move, _) = load(name);
        let report = final_status(&board, &ev, to_move, FinalLimits::default());
        let g = report.group_at(vertex::parse(&board, at).unwrap()).unwrap();
        assert_eq!(g.status, FinalStatus::Alive, "{name}");
        assert!(
            matches!(g.reason, nakade::board::finish::Reason::TwoEyes(_)),
            "{name}: {:?}",
            g.reason
        );
        assert!(
            g.spaces
                .iter()
                .any(|(p, v)| p.len() == points && *v == Some((1, 2))),
            "{name}: {:?}",
            g.spaces
        );
        if name.contains("s22") {
            let c3 = report
                .group_at(vertex::parse(&board, "C3").unwrap())
                .unwrap();
            assert_eq!(c3.status, FinalStatus::Dead);
            assert!(c3.reason.settled(), "{:?}", c3.reason);
        }
        // A host that asks for every digit gets none read for one eye only: the large
        // space's whole reading gives up within the budget, and it is a bound.
        let mut limits = FinalLimits::default();
        limits.analysis.digits = nakade::board::analysis::Digits::All;
        let report = final_status(&board, &ev, to_move, limits);
        let g = report.group_at(vertex::parse(&board, at).unwrap()).unwrap();
        assert_eq!(g.status, FinalStatus::Alive, "{name}");
        assert!(
            g.spaces
                .iter()
                .any(|(p, v)| p.len() == points && v.is_none()),
            "{name}: {:?}",
            g.spaces
        );
    }
}

/// The group at `stone` of a diagram, black to move.
fn group_of(diagram: &str, stone: &str) -> nakade::board::finish::Group {
    let (board, report) = report_of(diagram);
    let at = vertex::parse(&board, stone).unwrap();
    report
        .groups
        .into_iter()
        .find(|g| g.stones.contains(&at))
        .unwrap()
}

/// A group short of eyes with as many large spaces as it lacks eyes asks of each only one:
/// white's two 18-point corners, which a reading of `b` and `c` does not finish within the
/// final status's 20,000 nodes (the group was alive by "an 18-point area beyond exact
/// reading, counted as two eyes", not settled), each give one eye at least whoever moves
/// first: two eyes, settled.
#[test]
fn a_group_with_two_large_spaces_asks_one_eye_of_each() {
    let mut rows = vec!["+-------------------------+".to_string()];
    for r in 0..13 {
        let row: Vec<&str> = (0..13)
            .map(|c| match c {
                0..=2 if r == 6 => "O",
                3 => "O",
                4 => "X",
                _ => ".",
            })
            .collect();
        rows.push(format!("|{}|", row.join(" ")));
    }
    rows.push(rows[0].clone());
    let g = group_of(&rows.join("\n"), "D13");
    assert_eq!(g.status, FinalStatus::Alive);
    assert!(
        matches!(g.reason, nakade::board::finish::Reason::TwoEyes(_)),
        "{:?}",
        g.reason
    );
    assert!(g.reason.settled());
    let spaces: Vec<_> = g.spaces.iter().map(|(p, v)| (p.len(), *v)).collect();
    assert_eq!(spaces, [(18, Some((1, 2))), (18, Some((1, 2)))]);
}

/// Where a space read for one eye gives one and its group is short of two all the same, that
/// space is read again for `b` and `c`: white's upper 12-point corner, black stones in it,
/// gives no eye with black first (`0 2`), so the one eye found below is a lower bound, and
/// the reading of both digits finds two there (`2 2`). Read for one eye only, the group's
/// evidence would be `0 2` and `1 2`: one eye.
#[test]
fn a_space_that_gave_one_eye_is_read_again_where_its_group_is_short() {
    let diagram = "\
+-----------------+
|. X X O X . . . .|
|. . X O X . . . .|
|X . . O X . . . .|
|. X . O X . . . .|
|O O O O X . . . .|
|. . . O X . . . .|
|. . . O X . . . .|
|. . . O X . . . .|
|. . . O X . . . .|
+-----------------+
";
    let g = group_of(diagram, "D9");
    assert_eq!(g.status, FinalStatus::Alive);
    let spaces: Vec<_> = g.spaces.iter().map(|(p, v)| (p.len(), *v)).collect();
    assert_eq!(spaces, [(12, Some((0, 2))), (12, Some((2, 2)))]);
}

/// A group's eye spaces are valued with their walls whole; a string of it with every liberty
/// inside them is read in the small closed fight there. In `tests/eval_eye`'s
/// `marginal_edge_space.sgf` white's ten-point space D3-G1 is worth two eyes with walls that
/// hold, but none of its three strings (D4-F4, C3-C1, G3-G2) has a liberty outside it, and
/// black moving first takes each (read apart by `examples/local_reader` too: black first
/// takes each, white first keeps all three). Black to move: dead, as GNU Go 3.8 says; white
/// to move: alive; neither settled. (It was alive by two eyes, settled, either way.)
#[test]
fn a_wall_with_every_liberty_in_its_eye_space_is_read_in_the_closed_fight() {
    use nakade::board::finish::Reason;
    let (board, _, _) = load("../eval_eye/marginal_edge_space.sgf");
    for (to_move, status) in [
        (Color::Black, FinalStatus::Dead),
        (Color::White, FinalStatus::Alive),
    ] {
        let report = read_final(&board, to_move);
        for stone in ["D4", "C3", "G3"] {
            let g = report
                .group_at(vertex::parse(&board, stone).unwrap())
                .unwrap();
            assert_eq!(g.status, status, "{stone} {to_move:?}");
            assert!(
                matches!(g.reason, Reason::ShortOfLiberties { settled: false, .. }),
                "{stone} {to_move:?}: {:?}",
                g.reason
            );
        }
        // Black's wall lives by its area whoever moves.
        assert_eq!(
            report.status_at(vertex::parse(&board, "C5").unwrap()),
            Some(FinalStatus::Alive)
        );
    }
}

/// Only the string the closed fight takes dies: in the final position of a GNU Go 3.8
/// self-play game held out of the corpus (9x9, level 1, seed 1003) white's C9-D6 string has
/// its two liberties E9 and E8 in the space E9-H8, which is worth two eyes with walls that
/// hold. Black moving first takes that string, white moving first keeps it
/// (`examples/local_reader`: each of white's other strings there lives either way, and so
/// does the lower left group, which GNU Go calls dead). White to move (the game's): the
/// group is alive, not settled (it was alive by two eyes, settled); black to move: the
/// string is dead and the rest of the group lives by two eyes.
#[test]
fn a_closed_fight_takes_the_string_short_of_liberties_not_its_group() {
    use nakade::board::finish::Reason;
    let board = ascii::parse_board(HELD_9_L1_S6611, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    let final_with = |to_move| read_final(&board, to_move);
    let short = |r: &Reason| matches!(r, Reason::ShortOfLiberties { settled: false, .. });
    let white = final_with(Color::White);
    let g = white.group_at(at("C9")).unwrap();
    assert_eq!(g.status, FinalStatus::Alive);
    assert!(short(&g.reason), "{:?}", g.reason);
    assert!(g.stones.contains(&at("G7")));
    let black = final_with(Color::Black);
    let g = black.group_at(at("C9")).unwrap();
    assert_eq!(g.status, FinalStatus::Dead);
    assert!(short(&g.reason), "{:?}", g.reason);
    assert_eq!(g.stones.len(), 7);
    let g = black.group_at(at("G7")).unwrap();
    assert_eq!(g.status, FinalStatus::Alive);
    assert!(matches!(g.reason, Reason::TwoEyes(_)), "{:?}", g.reason);
    for report in [&white, &black] {
        assert_eq!(report.status_at(at("E2")), Some(FinalStatus::Alive));
    }
}

/// A weak string on the wall of a small space costs the group its eyes: white's corner
/// group of `tests/eval_eye/gnugo9_42_black_edge_three` has the seven-point space F8-J9
/// and no liberty outside it, and its two strings lean on each other there (E9's has two
/// liberties, F8 and G9). The space's value takes the walls for whole (two eyes whoever
/// moves); the closed fight around the short string reads the body beside it, F7-H6, to 24
/// plies: black moving first takes both, white moving first keeps both, as
/// `examples/local_reader` reads apart (black first kills E9's string and F7's; white first
/// lives) and GNU Go's `dragon_status` says (critical, G9 kills and G8 saves). Black to move:
/// the group is dead; white to move: alive, not settled. At the base of this rule it was
/// alive by two eyes either way.
#[test]
fn a_weak_string_on_the_wall_of_a_small_space_costs_the_group_its_eyes() {
    use nakade::board::finish::Reason;
    let diagram = "\
+-----------------+
|. . X X O O . . .|
|. . X O O . . . .|
|. . X X X O O O O|
|. . . . X X X O X|
|X X X X X O O X X|
|X O O O O O X . .|
|O . O . O X . X .|
|. . . . O X X X X|
|. . . . O O O O O|
+-----------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    let final_with = |to_move| read_final(&board, to_move);
    // The reason names the moves: black's G9 takes the string, white's G9 keeps it (so
    // does G8: after either, `examples/local_reader` reads black first failing).
    let short = Reason::ShortOfLiberties {
        settled: false,
        kill: Some(at("G9")),
        save: Some(at("G9")),
    };
    let black = final_with(Color::Black);
    let g = black.group_at(at("E9")).unwrap();
    assert_eq!((g.status, &g.reason), (FinalStatus::Dead, &short));
    assert_eq!(g.stones.len(), 9, "{:?}", g.stones);
    assert!(g.stones.contains(&at("H6")) && g.stones.contains(&at("D8")));
    let white = final_with(Color::White);
    let g = white.group_at(at("E9")).unwrap();
    assert_eq!((g.status, &g.reason), (FinalStatus::Alive, &short));
    assert!(g.stones.contains(&at("H6")));
    // Named as a teire: the move its side must still play.
    for (report, to_move) in [(&black, Color::Black), (&white, Color::White)] {
        let s = score(&board, report, Rules::Territory, 0.0);
        assert_eq!(s.teire, [at("G9")], "{to_move:?}");
    }
    // The rest of the board is as before: white's lower group lives by two eyes.
    for report in [&black, &white] {
        assert_eq!(report.status_at(at("F5")), Some(FinalStatus::Alive));
    }
}

/// An area beside a living opponent group counts as one eye for its owner (and a second for
/// the owner moving first) only with no opponent stone inside: white C8 in black's 15-point
/// area A7-E9, beside white's living group F7-J9, leaves black's wall A6-J6 no second eye
/// even moving first. Read apart from both engines (`examples/local_reader`, every line):
/// black's wall dies with black moving first (2.8 M positions), and after black B8 or D8
/// with white moving first. GNU Go 3.8 calls the wall alive; nakade called it critical, and
/// now dead, the area not read.
#[test]
fn an_opponent_stone_in_an_area_beside_a_living_group_leaves_no_eye_counted() {
    use nakade::board::finish::Reason;
    let diagram = composed("dead_and_alive_invaders_in_black_area.txt");
    let board = ascii::parse_board(&diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    for to_move in [Color::Black, Color::White] {
        let report = read_final(&board, to_move);
        let wall = report.group_at(at("A6")).unwrap();
        assert_eq!(wall.status, FinalStatus::Dead, "{to_move:?} to move");
        // Nor is it read: the reason says so, and that the status is not settled.
        assert!(
            matches!(wall.reason, Reason::EnclosedSpaceUnread(e, 14) if e.max == 0),
            "{to_move:?} to move: {:?}",
            wall.reason
        );
        assert!(!wall.reason.settled());
        assert_eq!(report.status_at(at("A5")), Some(FinalStatus::Alive));
    }
}

/// A lone stone in the dame between two living groups is not part of the pass-alive group
/// beside it: white C8 between black's corner (two eyes, A9 and A7) and white's group F7-J9
/// (eyes G8 and J8) is dead with black to move (black D8 cuts it off; `local_reader`: black
/// first takes it in 190 positions), as GNU Go 3.8 says. nakade called it pass-alive. With
/// white to move it is alive, not settled: white D8 joins it to F7-J9 whatever black answers
/// (`local_reader`: white first keeps it, 284 positions); nakade called it dead.
#[test]
fn a_stone_in_the_dame_beside_a_pass_alive_group_is_not_part_of_it() {
    let diagram = "\
+-----------------+
|. X . . . O O O O|
|X X O . . O . O .|
|. X . . . O O O O|
|X X X X X X X X X|
|O O O O O O O O O|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+
";
    assert_eq!(
        statuses(diagram, &["C8", "F9", "B8", "A5"]),
        [
            FinalStatus::Dead,
            FinalStatus::Alive,
            FinalStatus::Alive,
            FinalStatus::Alive
        ]
    );
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let report = read_final(&board, Color::White);
    let c8 = vertex::parse(&board, "C8").unwrap();
    let group = report
        .groups
        .iter()
        .find(|g| g.stones.contains(&c8))
        .unwrap();
    assert_eq!(group.status, FinalStatus::Alive);
    assert!(
        matches!(group.reason, nakade::board::finish::Reason::Open(_)),
        "{:?}",
        group.reason
    );
    assert!(!report.settled());
}

/// A large area proven two eyes in two parts of it (`board::values::parts`), where a whole
/// reading is beyond the solver: white's 20-point area of the 9x9 self-play position (rows
/// 1-2 and H3-J5; a 22-point space with black G3 G2 inside), counted as two eyes by its size before, not
/// settled, and black's two stones inside "dead, but whether they can live there is not
/// read". Now white's area gives two eyes whoever moves first, settled, and the stones
/// inside are dead for their own eyes, settled.
#[test]
fn a_large_area_is_proven_two_eyes_in_two_parts() {
    let (board, group) = alive_by_two_eyes("selfplay/9-l1-s30.sgf", "J7");
    assert!(group.reason.settled());
    let area: Vec<_> = group
        .spaces
        .iter()
        .map(|(points, digits)| (points.len(), *digits))
        .collect();
    assert_eq!(area, [(22, Some((2, 2)))]);
    let (_, inside) = group_at("selfplay/9-l1-s30.sgf", "G3");
    assert_eq!(inside.status, FinalStatus::Dead);
    assert!(inside.reason.settled(), "{:?}", inside.reason);
    assert_eq!(board.size(), 9);
}

/// Two spaces whose vital points are miai add to more than their `b` digits: a straight
/// three in the corner (`1122`) and a half eye (`0011`, decided at F2) give two eyes
/// whoever moves first, the group answering a move in one space in the other. Before, their
/// `b` added to one eye and the group died with the opponent to move. The opponent moving
/// first still takes the stone the half eye holds: black F2, white B1 (the corner's two
/// eyes), black takes F1 at E1 and wins the ko, as GNU Go 3.8 answers and an exhaustive
/// reading apart from both agrees (`local_reader`: black first takes F1, the rest lives).
/// With two half eyes and the straight three (`two_half_eyes_...`): two and a half eyes.
#[test]
fn spaces_whose_vital_points_are_miai_live_together() {
    use FinalStatus::{Alive, Dead};
    let black_area = composed("one_and_a_half_eyes_and_a_half_eye_alive_in_black_area.txt");
    assert_eq!(
        statuses(&black_area, &["A2", "D1", "F1"]),
        [Alive, Alive, Dead]
    );
    let out = assert_prints(
        &["score", "-"],
        &black_area,
        &[
            "white alive (6 stones: A2 B2 C2 D2 E2 D1): two eyes",
            "white dead (1 stone: F1): taken if the opponent moves first (F2): its group \
             answers at B1, the other of two miai points, and lives without it",
            "dame: F2 E1 F1",
            "teire (still to play): B1",
        ],
    );
    assert!(out.starts_with("B+22.0 "), "{out}");
    // The owner to move keeps every stone, and no point of its eyes is named teire.
    let white_area = composed("one_and_a_half_eyes_and_a_half_eye_alive_in_white_area.txt");
    assert_eq!(
        statuses(&white_area, &["A2", "D1", "F1"]),
        [Alive, Alive, Alive]
    );
    let out = assert_prints(
        &["score", "-"],
        &white_area,
        &[
            "black alive (7 stones: A2 B2 C2 D2 E2 D1 F1): two eyes",
            "dame: F2",
        ],
    );
    assert!(!out.contains("teire"), "{out}");
    let three = composed("two_half_eyes_and_one_and_a_half_alive_in_black_area.txt");
    assert_eq!(statuses(&three, &["A2", "G2", "J1"]), [Alive, Alive, Dead]);
    let three = composed("two_half_eyes_and_one_and_a_half_alive_in_white_area.txt");
    assert_eq!(statuses(&three, &["A2", "G2", "J1"]), [Alive, Alive, Alive]);
}

/// Three stones in the opening (black E5 and G3, white C7, white to move; GNU Go 3.8 calls
/// none of them dead): nobody encloses anybody. White's one stone does not own the board
/// around black's two (an area holds fewer opponent stones than the group that claims it),
/// and stones that neither touch nor share a liberty race nobody: each is alive, open, the
/// position not settled, and no point is territory. Before, black's two stones were dead
/// inside white's "78-point area" (W+82), and then each lost "a capturing race" to C7.
#[test]
fn stones_scattered_in_the_opening_are_alive_and_open() {
    let board = ascii::parse_board(
        "+-------------------+\n\
         |. . . . . . . . .|\n\
         |. . . . . . . . .|\n\
         |. . O . . . . . .|\n\
         |. . . . . . . . .|\n\
         |. . . . X . . . .|\n\
         |. . . . . . . . .|\n\
         |. . . . . . X . .|\n\
         |. . . . . . . . .|\n\
         |. . . . . . . . .|\n\
         +-------------------+",
        None,
    )
    .unwrap()
    .board;
    for to_move in [Color::White, Color::Black] {
        let report = read_final(&board, to_move);
        let got: Vec<(String, FinalStatus, String)> = ["C7", "E5", "G3"]
            .iter()
            .map(|s| {
                let g = report.group_at(vertex::parse(&board, s).unwrap()).unwrap();
                (s.to_string(), g.status, g.reason.describe(&board))
            })
            .collect();
        let open = "0 eyes, not enclosed: can still make eyes or connect".to_string();
        assert_eq!(
            got,
            [
                ("C7".to_string(), FinalStatus::Alive, open.clone()),
                ("E5".to_string(), FinalStatus::Alive, open.clone()),
                ("G3".to_string(), FinalStatus::Alive, open.clone()),
            ],
            "{to_move:?} to move"
        );
        assert!(!report.settled());
        let s = score(&board, &report, Rules::Territory, 0.0);
        assert_eq!(s.result(), "0", "{to_move:?} to move");
        assert!(s.black_territory.is_empty() && s.white_territory.is_empty());
        assert_eq!(s.dame.len(), 78);
    }
}

/// A wall of several strings short of liberties, joined only through their space: white's
/// K13-L11, M10-L8 and M7-M4 of the held-out `13-l1-s2924` (three, three and two
/// liberties, all in the 12-point space M13-N6, black M8 in atari inside). The space's
/// value takes the walls for whole (two eyes whoever moves); no string alone is taken (black
/// N8 is answered at N9, which puts M8-N8 in atari), but black moving first takes a stone
/// of one of them, which white may choose, and white moving first keeps them all: read
/// apart by `examples/local_reader --wall` (black first: a kill; white first: they live).
/// Alive, not settled, whoever is to move; it was alive by two eyes, settled. The fight has
/// eleven empty points, one more than a string's own reading takes.
#[test]
fn a_wall_of_strings_short_of_liberties_is_read_as_one() {
    use nakade::board::finish::Reason;
    let diagram = "\
+---------------------------+
|. . . . . . . . X O O . .|
|. . . . . . . X . X O . .|
|X X X . . . . . X X O . .|
|X O X . X X X X O X X O .|
|O O X X X O O O O X O O .|
|O O X O O O . . O X O X .|
|O X X O . . . . O X X O .|
|O O X X O . . . . O X O .|
|. O O O . . . . . O X O O|
|O . O X O O O . . O X O X|
|X O O X X X X O O O X X X|
|X X X . . . . X O X X . .|
|. . . . . . . . X . . . .|
+---------------------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    for to_move in [Color::Black, Color::White] {
        let report = read_final(&board, to_move);
        let g = report.group_at(at("L11")).unwrap();
        assert_eq!(
            (g.status, &g.reason),
            (
                FinalStatus::Alive,
                &Reason::WallShortOfLiberties { kept: true }
            ),
            "{to_move:?}"
        );
        assert_eq!(g.stones.len(), 13);
        assert!(!g.reason.settled());
        assert_eq!(report.status_at(at("M8")), Some(FinalStatus::Dead));
    }
}

/// Held-out `13-l1-s5725`: white's B1-K1 (with B2, D2, E2, J2) has two liberties, K2 and
/// L1, both in the 7-point corner space it shares with white K3-N3 and M4 across the
/// cutting point K2, and no liberty outside; the space alone reads two eyes (one wall in
/// the model). Black moving first takes the string (read apart by `examples/local_reader`
/// on `tests/final/local/corner_of_13-l1-s5725.txt`: `Kill`, and white moving first
/// `Live`), which the fight reader finds at 24 plies, not 16: critical, dead with black
/// to move, alive with white to move, neither settled (nakade called the group alive with
/// two eyes, settled, whoever moved; GNU Go 3.8 calls it dead with white to move).
#[test]
fn a_string_short_of_liberties_across_a_cutting_point_of_its_space_is_read_deep_enough() {
    use nakade::board::finish::Reason;
    let diagram = "\
+---------------------------+
|. . . . . . . O O O O X .|
|. O . O O O O O X O X . .|
|O . O X X X X O X O X X .|
|X O O X O X O X X X X . X|
|X X X X . X O O O X O X .|
|X . X . X X O . O X O O .|
|O X . X O X X O O O X . .|
|. . X X O O O O . O X . .|
|. . X O O . O X O O X X X|
|. X X O O O X X X X X O X|
|X X X X X X . O X O O O O|
|X O X O O X X X O . . . .|
|X O O O O O O O O O . . .|
+---------------------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    let short = |r: &Reason| matches!(r, Reason::ShortOfLiberties { settled: false, .. });
    let report = read_final(&board, Color::Black);
    let g = report.group_at(at("K1")).unwrap();
    assert_eq!((g.status, g.stones.len()), (FinalStatus::Dead, 13));
    assert!(short(&g.reason), "{:?}", g.reason);
    assert_eq!(report.status_at(at("K3")), Some(FinalStatus::Dead));
    let report = read_final(&board, Color::White);
    let g = report.group_at(at("K1")).unwrap();
    assert_eq!((g.status, g.stones.len()), (FinalStatus::Alive, 18));
    assert!(short(&g.reason), "{:?}", g.reason);
}

/// Held-out `13-l1-s5005` (GNU Go 3.8 self-play, 13x13, level 1): white's eyeless N6-H1 and
/// N2 close in black M2 and L1 inside black's living wall, every liberty of both in five
/// empty points (N3 L2 K1 M1 N1). Counted by liberties white wins the race, 4 to 3, and
/// was then dead all the same, settled, with one eye; but the fight reader, every line
/// tried, neither takes black's stones (captures there open the fight: a ko) nor white's
/// string. Read apart by `examples/local_reader` (`tests/final/local/`): black cannot take
/// white's string, moving first or second. In seki, not settled, as GNU Go 3.8 has it.
#[test]
fn a_race_the_reader_leaves_open_in_a_small_closed_fight_is_no_count() {
    use nakade::board::finish::Reason;
    let diagram = "\
+---------------------------+
|. . . . . . . O X X . . .|
|. . . . . . . O O X . . .|
|. . O O O O . . O X X . .|
|. O X X X O O O X X . . .|
|. O O O X O O X . . . . .|
|X O O X X X X . . . X . .|
|. X O X . . . X . X O X X|
|. X O X . . . . . . O X O|
|. X X O X . X . . . X X O|
|. O O O O X . X X X X O O|
|. . . O O X X . X O O O .|
|. O . . O X . X O O . X O|
|. . . . O X X O O . X . .|
+---------------------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    for to_move in [Color::Black, Color::White] {
        let report = read_final(&board, to_move);
        for (stone, stones) in [("N6", 12), ("M2", 2), ("L1", 2)] {
            let g = report.group_at(at(stone)).unwrap();
            assert_eq!(
                (g.status, &g.reason, g.stones.len()),
                (
                    FinalStatus::Seki,
                    &Reason::RaceLeftOpen { empty: 5 },
                    stones
                ),
                "{stone}, {to_move:?}"
            );
            assert!(!g.reason.settled());
        }
        assert_eq!(report.status_at(at("L7")), Some(FinalStatus::Dead));
        // Under area rules the seki's one-colour region N3 is white's, the regions L2, K1
        // and M1-N1 (both colours beside them) nobody's: black 40 stones and 2 in seki
        // with 40 points, white 31 and 12 with 39 and N3.
        let s = score(&board, &report, Rules::Area, 0.0);
        assert_eq!((s.black, s.white), (82.0, 83.0), "{to_move:?}");
    }
}

/// Held-out `13-l1-s5932` (GNU Go 3.8 self-play, 13x13, level 1), white to move: black's
/// L7-M7-M6, L5-L4, N5 and M3 in white's lower right hold together by two spaces, N8-N6 (one
/// eye) and M5-M4-N4, where white's N4 (beside its N3) makes M5 false with white's L6: M5 is
/// a half eye, and the group has one eye and a half. nakade read white's N4 as a stone black
/// takes (black N2, white N1 takes it, black L3: the reader found no save, missing white's
/// K2, which gives the string N3-N4 joins at N2 liberties first), counted M5 as a proper
/// eye, and called the seven stones alive with two eyes. GNU Go 3.8: dead (its `eval_eye
/// M4` 0 1, attack N4); KataGo (`katago.py read FILE W 200`): black's stones white's, -1.0,
/// and, after white N4 with black to move, N3-N4 white's.
#[test]
fn an_eye_made_false_by_a_stone_the_reader_keeps_is_a_half_eye() {
    let diagram = "\
+---------------------------+
|. . . . . . X X O . . . .|
|X X . X . . X O . . . O .|
|X O X . X . X O O O O X .|
|O O O X X . X X O X X O .|
|. O . O O X . X O . . O .|
|. . O O X . X X O O . . .|
|. O X X X . X X X O X X .|
|O O X X O X X O O O O X .|
|X X . X O O O O . O X . X|
|. . . X X O . . . . X . .|
|. . X . X O . . O . . X O|
|. . X . X X O . . . O O .|
|. . . X O O O . . . . . .|
+---------------------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    let report = read_final(&board, Color::White);
    let g = report.group_at(at("L7")).unwrap();
    assert_eq!((g.status, g.stones.len()), (FinalStatus::Dead, 7));
    match &g.reason {
        nakade::board::finish::Reason::Critical { kill, save, .. } => {
            assert_eq!((*kill, *save), (Some(at("N4")), Some(at("N4"))));
        }
        other => panic!("expected a critical group, got {other:?}"),
    }
}

/// Held-out `19-l1-s6311` (GNU Go 3.8 self-play, 19x19, level 1), black to move: black's
/// 12-stone string A4-E2 in the lower left has its four liberties only in its corner space
/// A1-D2 (with black's D1). White moving first takes it (B1); black moving first keeps it
/// (C2; B1 and C1 too), read apart by `examples/local_reader` on the seven points (white
/// first: `Kill`; after black C2, B1 or C1: `Live`; after white B1, black first: `Kill`).
/// The group is alive with black to move and the reason names both moves; C2 is a teire,
/// the point GNU Go's `final_status_list dame` names (its `final_score` W+14.5 counts it
/// filled; nakade's W+13.5 counts the region by the rules' definition and names it).
#[test]
fn a_string_short_of_liberties_names_its_kill_and_its_save() {
    use nakade::board::finish::Reason;
    let diagram = "\
+---------------------------------------+
|. . . . . . . . . X X O . . . . . . .|
|. . . . . . . . . X O . O . . . . O O|
|. . . X X . . . X X O . . . . O O X O|
|. . X O X . . . . . X O O O O X X X O|
|X X X O X X . X . X . X O X X X . X O|
|X O O O X . X O X X . X O X O X . X X|
|O . . O O X X O O O X O O O O O X . .|
|. O . . . O O O X O X O X X O O X . .|
|. . . . . . O X X O X O O X X X X . X|
|. . . . . O X X X X X X O O X O O X X|
|. . O . . O X O O X X O . O O . O O O|
|. . . . O X . X O O O . . . . O . O .|
|. . . . O X X X O O O O O . . . X O .|
|. O . O O O O X X X X X O . . O . . .|
|O . O X X X O X . . . . X O O X O . .|
|X O O O X X O X X . . X X X O X O . .|
|X X X X X O O O O X . . X O O X O O .|
|. . . . X O . O X X . X . X X X X O .|
|. . . X O O O X X . . . . . . X O O .|
+---------------------------------------+
";
    let board = ascii::parse_board(diagram, None).unwrap().board;
    let at = |s: &str| vertex::parse(&board, s).unwrap();
    let short = Reason::ShortOfLiberties {
        settled: false,
        kill: Some(at("B1")),
        save: Some(at("C2")),
    };
    for (to_move, status, teire, result) in [
        (Color::Black, FinalStatus::Alive, "C2", -13.5),
        (Color::White, FinalStatus::Dead, "B1", -53.5),
    ] {
        let report = read_final(&board, to_move);
        let g = report.group_at(at("E5")).unwrap();
        assert_eq!(
            (g.status, &g.reason, g.stones.len()),
            (status, &short, 13),
            "{to_move:?}"
        );
        let s = score(&board, &report, Rules::Territory, 5.5);
        assert_eq!(s.teire, [at(teire)], "{to_move:?}");
        assert_eq!(s.black - s.white, result, "{to_move:?}");
    }
}

/// Held-out `9-l1-s6611` (GNU Go 3.8 self-play; seed 1003's game ends there too, the
/// position of `a_closed_fight_takes_the_string_short_of_liberties_not_its_group`): white's
/// corner group A6-F2 has two eyes in its eight-point corner with its walls whole, and its
/// string D1-E1-E2-F2 (liberties C1 and D2, both in the corner) is taken in no line of the
/// closed fight there; but black C1, answered at D2, makes a seki there (KataGo 1.18.1, 200
/// visits, white to move: black leads by 6.2, line G8 C1 D2 B2 A2 B1). So the group is
/// alive, not settled, whoever is to move; it was alive by two eyes, settled. After the
/// exchange, black to move, the corner is read as a seki, the reading the rule asks.
#[test]
fn an_atari_on_a_wall_whose_answer_leaves_a_seki_unsettles_the_group() {
    use nakade::board::finish::Reason;
    let mut board = ascii::parse_board(HELD_9_L1_S6611, None).unwrap().board;
    let at = |b: &Board, s: &str| vertex::parse(b, s).unwrap();
    for to_move in [Color::Black, Color::White] {
        let report = read_final(&board, to_move);
        let g = report.group_at(at(&board, "A6")).unwrap();
        let why = Reason::AtariCostsEyes {
            atari: at(&board, "C1"),
            answer: at(&board, "D2"),
        };
        assert_eq!(
            (g.status, &g.reason),
            (FinalStatus::Alive, &why),
            "{to_move:?}"
        );
        assert_eq!(g.stones.len(), 11);
        assert!(!g.reason.settled());
        // The other white group's string C9-D6 short of liberties is taken as before
        // with black to move (black E9), kept with white to move.
        let top = if to_move == Color::Black {
            FinalStatus::Dead
        } else {
            FinalStatus::Alive
        };
        assert_eq!(report.status_at(at(&board, "D6")), Some(top), "{to_move:?}");
    }
    board.play(at(&board, "C1"), Color::Black).unwrap();
    board.play(at(&board, "D2"), Color::White).unwrap();
    let after = read_final(&board, Color::Black);
    for p in ["A6", "D2", "C1"] {
        assert_eq!(
            after.status_at(at(&board, p)),
            Some(FinalStatus::Seki),
            "{p}"
        );
    }
}

const HELD_9_L1_S6611: &str = "\
+-----------------+
|. X O O . . . O .|
|. X X O . O . . O|
|X X O O O X O O X|
|O X X O X X O X X|
|O X . X X . X X .|
|O O X X . . . . .|
|. O O O X X . . .|
|. . . . O O X . .|
|. . . O O X X . .|
+-----------------+
";
