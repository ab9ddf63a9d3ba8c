//! `nakade analyze` and `nakade gtp`: exact text, JSON, SVG, errors naming file:line:col or
//! the vertex, and a GTP session with GNU Go's formats.

use pretty_assertions::assert_eq;

use crate::support::nakade;

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("nakade-analyze-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn text_report_of_a_corner_space_with_a_dead_stone() {
    let (out, err, code) = nakade(
        &[
            "analyze",
            "tests/eval_eye/corner_bent_four_stone.sgf",
            "--color",
            "W",
        ],
        "",
    );
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "dead: A1
pass-alive black: strings -; regions -
pass-alive white: strings -; regions -
unconditional undecided: 81 points

white space 1: 4 points
  points:    A2 A1 B1 C1
  marginal:  -
  stones:    A1
  half eyes: -
  false eyes: -
  class:     1122
  outer libs: 0
  source:    solver
  value:     1122 (3/2 eyes)
  attack:    B1
  defense:   B1
  eval_eye:  1 2 B1 B1
    |.
    |X..
    +---
"
    );
}

#[test]
fn a_half_eye_in_a_diagram_json() {
    // Seed 002's half eye (C3, decided at D2), as a text diagram.
    let d = temp(
        "half.txt",
        "+-----------+\n|. O O O X .|\n|O O O O X .|\n|O O O X X .|\n|O O . O . .|\n|O O O . X .|\n|. . . . . .|\n+-----------+\n",
    );
    let (out, err, code) = nakade(
        &["analyze", d.to_str().unwrap(), "--at", "C3", "--json"],
        "",
    );
    std::fs::remove_file(&d).ok();
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["spaces"],
        serde_json::json!([{
            "color": "white", "points": ["C3"], "marginal": [], "open_sides": [], "stones": [],
            "half_eyes": [{"point": "C3", "sum": "3", "attack": ["D2"], "defense": ["D2"]}],
            "false_eyes": [], "class": "11", "outer_liberties": 2, "source": "pattern", "pattern": 200004, "ko": null, "value": "0011", "bound": null,
            "min_max": [0, 1], "attack": ["D2"], "defense": ["D2"], "eval_eye": "0 1 D2 D2"
        }])
    );
}

/// A margin on the edge that keeps its open side is named on the marginal line and in the
/// JSON (`tests/board_truth.rs` reads the corner).
#[test]
fn an_open_side_is_named_in_text_and_json() {
    let f = temp(
        "open.sgf",
        "(;GM[1]FF[4]SZ[9]AB[fe][ff][gf][gg][gh][gi]AW[fd][gd][hd][id][ge][ie][hf][if]PL[W])",
    );
    let path = f.to_str().unwrap();
    let (text, err, code) = nakade(&["analyze", path, "--at", "J1"], "");
    assert_eq!((err.as_str(), code), ("", 0));
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("marginal:")).collect();
    assert_eq!(lines, ["  marginal:  H3 J2 (open side: J2)"]);
    let (json, err, code) = nakade(&["analyze", path, "--at", "J1", "--json"], "");
    std::fs::remove_file(&f).ok();
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["spaces"][0]["marginal"], serde_json::json!(["H3", "J2"]));
    assert_eq!(v["spaces"][0]["open_sides"], serde_json::json!(["J2"]));
    assert_eq!(v["spaces"][0]["eval_eye"], "0 1 J2 J2");
}

#[test]
fn svg_marks_spaces_and_vital_points() {
    let out = std::env::temp_dir().join(format!("nakade-analyze-{}.svg", std::process::id()));
    let (_, err, code) = nakade(
        &[
            "analyze",
            "tests/eval_eye/corner_bent_four_stone.sgf",
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let svg = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    // One red attack ring and one green defence ring, both on B1 (x = 36 + 32, y = 36 + 8 * 32).
    assert_eq!(
        svg.matches("stroke=\"#d0021b\" stroke-width=\"3\"").count(),
        1
    );
    assert!(svg.contains("<circle cx=\"68\" cy=\"292\" r=\"12\" fill=\"none\" stroke=\"#d0021b\""));
    assert!(svg.contains("<circle cx=\"68\" cy=\"292\" r=\"7.5\" fill=\"none\" stroke=\"#1b9e3e\""));
    assert!(svg.contains("white: 4 points, 1122 (3/2 eyes), solver"));
}

#[test]
fn errors_name_the_place() {
    let bad = temp("bad.txt", "X X\nO Q\n");
    let (_, err, code) = nakade(&["analyze", bad.to_str().unwrap()], "");
    std::fs::remove_file(&bad).ok();
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {}:2:3: unexpected 'Q': expected X, O, '.', '+', ',', a label a-z, '|' or an edge line\n",
            bad.display()
        )
    );
    let sgf = temp("bad.sgf", "(;SZ[9]AB[zz");
    let (_, err, code) = nakade(&["analyze", sgf.to_str().unwrap()], "");
    std::fs::remove_file(&sgf).ok();
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {}:1:10: SGF syntax: expected ']' to close the value opened here\n",
            sgf.display()
        )
    );
    let (_, err, code) = nakade(
        &[
            "analyze",
            "tests/eval_eye/corner_bent_four_stone.sgf",
            "--at",
            "Z99",
        ],
        "",
    );
    assert_eq!(
        (err.as_str(), code),
        ("error: --at Z99: 'Z99' is off the 9x9 board\n", 1)
    );
}

#[test]
fn gtp_session() {
    let input = "1 loadsgf tests/eval_eye/corner_bent_four_stone.sgf\n2 eval_eye B1\n3 eval_eye E5\n4 eval_eye Z9\n5 analyze_eyegraph .!..%O$\n6 frobnicate\n7 analyze_eyegraph\nquit\n";
    let (out, err, code) = nakade(&["gtp"], input);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "=1 black\n\n=2 0 0\n\n=3 2 2\n\n?4 invalid coordinate\n\n=5 0022\n.)<.\n $  \n\n?6 unknown command\n\n?7 analyze_eyegraph takes one argument, the graph\n\n=\n\n"
    );
}

#[test]
fn move_picks_the_position() {
    // Before move 1, white's bent three C7 D7 C6 (vital point C7); after all three moves
    // black has played C7, the white stones are dead and the space is black's.
    let at = |extra: &[&str]| {
        let mut args = vec![
            "analyze",
            "tests/positions/bent_three.sgf",
            "--at",
            "C6",
            "--json",
        ];
        args.extend_from_slice(extra);
        let (out, err, code) = nakade(&args, "");
        assert_eq!((err.as_str(), code), ("", 0));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (
            v["spaces"][0]["color"].clone(),
            v["spaces"][0]["eval_eye"].clone(),
        )
    };
    assert_eq!(at(&["--move", "1"]), ("white".into(), "1 2 C7 C7".into()));
    assert_eq!(at(&[]), ("black".into(), "2 2".into()));
    let (_, err, code) = nakade(
        &["analyze", "tests/positions/bent_three.sgf", "--move", "99"],
        "",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "error: tests/positions/bent_three.sgf: no move 99: the game has 3 moves\n",
            1
        )
    );
}
