//! `unconditional_status VERTEX` over GTP (GNU Go 3.8's unconditional life), on
//! Benson's own examples (seed 003, `tests/positions/seed003_*.txt`) and positions of our own:
//! the exact answer at every point of every board, each of the five answers covered, and the
//! same answers as GNU Go 3.8 at every point when it is installed.

use std::collections::BTreeMap;
use std::path::PathBuf;

use nakade::board::{ascii, vertex, Board};

use crate::support::{gnugo, Gnugo};

/// Our own positions: a black corner group with two eyes and a dead white stone in a third
/// region, a white group that mirrors it, and stones nobody has settled.
const OURS: [&str; 2] = [
    "\
|. . . . . . . . .
|. . . . . . X . .
|. . . . . O . . .
|. . . . . O . . .
|X X X X . . . . .
|. X O X . . . . .
|X X . X . . . . .
|. X . X . . . . .
+-----------------",
    "\
|. . . . . . . . .
|. . . . . . O . .
|. . . . . X . . .
|. . . . . X . . .
|O O O O . . . . .
|. O X O . . . . .
|O O . O . . . . .
|. O . O . . . . .
+-----------------",
];

/// The board of a seed-003 position file (the diagram after `=== board`).
fn seed_board(text: &str) -> Board {
    let (_, rest) = text.split_once("=== board\n").unwrap();
    let diagram = rest.split("=== expect\n").next().unwrap();
    ascii::parse_board(diagram, None).unwrap().board
}

/// The position as SGF setup, for `loadsgf`.
fn sgf(board: &Board) -> String {
    crate::support::setup_sgf(board)
}

/// Our answer at every point, as `VERTEX status` lines.
fn answers(board: &Board) -> Vec<String> {
    board
        .locs()
        .map(|l| {
            format!(
                "{} {}",
                vertex::name(board, l),
                nakade::host::gtp::eye_commands::unconditional_status(board, l)
            )
        })
        .collect()
}

fn boards() -> Vec<(String, Board)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut out: Vec<(String, Board)> = [
        "seed003_corner_one_eye",
        "seed003_corner_two_chains",
        "seed003_white_alive_black_dead",
    ]
    .iter()
    .map(|name| {
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        (name.to_string(), seed_board(&text))
    })
    .collect();
    for (i, d) in OURS.iter().enumerate() {
        out.push((
            format!("ours_{i}"),
            ascii::parse_board(d, None).unwrap().board,
        ));
    }
    out
}

#[test]
fn unconditional_status_at_every_point() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (_, board) in boards() {
        for a in answers(&board) {
            let status = a.split(' ').nth(1).unwrap().to_string();
            *counts.entry(status).or_default() += 1;
        }
    }
    // Every answer GNU Go 3.8 gives, each met.
    let kinds: Vec<&str> = counts.keys().map(String::as_str).collect();
    assert_eq!(
        kinds,
        vec![
            "alive",
            "black_territory",
            "dead",
            "undecided",
            "white_territory"
        ]
    );
    // Our own first position, point by point where it matters.
    let board = ascii::parse_board(OURS[0], None).unwrap().board;
    let at = |v: &str| {
        nakade::host::gtp::eye_commands::unconditional_status(
            &board,
            vertex::parse(&board, v).unwrap(),
        )
    };
    assert_eq!(
        ["A3", "A1", "C1", "C2", "C3", "B4", "D1", "E5", "F5", "G8"].map(at),
        [
            "black_territory",
            "black_territory",
            "black_territory",
            "black_territory",
            "dead",
            "alive",
            "alive",
            "undecided",
            "undecided",
            "undecided"
        ]
    );
}

#[test]
fn unconditional_status_as_gnugo_answers_it() {
    let Some(path) = gnugo() else { return };
    let mut gg = Gnugo::start(&path);
    let mut engine = nakade::host::gtp::eye_commands::engine();
    let mut compared = 0;
    for (name, board) in boards() {
        let file =
            std::env::temp_dir().join(format!("nakade-uncond-{}-{name}.sgf", std::process::id()));
        std::fs::write(&file, sgf(&board)).unwrap();
        assert!(gg.command(&format!("loadsgf {}", file.display())).is_some());
        let mut input = format!("loadsgf {}\n", file.display());
        for l in board.locs() {
            input.push_str(&format!(
                "unconditional_status {}\n",
                vertex::name(&board, l)
            ));
        }
        let mut out = Vec::new();
        engine.run(input.as_bytes(), &mut out).unwrap();
        std::fs::remove_file(&file).ok();
        let ours: Vec<String> = String::from_utf8(out)
            .unwrap()
            .split("\n\n")
            .skip(1)
            .filter(|r| !r.is_empty())
            .map(|r| r.trim_start_matches("= ").to_string())
            .collect();
        let theirs: Vec<String> = board
            .locs()
            .map(|l| {
                let v = vertex::name(&board, l);
                let answer = gg.command(&format!("unconditional_status {v}")).unwrap();
                answer[0].clone()
            })
            .collect();
        assert_eq!(ours, theirs, "{name}");
        compared += ours.len();
    }
    assert!(compared > 0);
}

/// `nakade analyze` reports the same status at every point as `unconditional_status`: in its
/// text (one line per status met, the undecided points counted) and its JSON (every point
/// under its status), and the SVG marks each point of a colour's unconditional area.
#[test]
fn analyze_reports_the_status_of_every_point() {
    let board = ascii::parse_board(OURS[0], None).unwrap().board;
    let file =
        std::env::temp_dir().join(format!("nakade-uncond-analyze-{}.txt", std::process::id()));
    std::fs::write(&file, OURS[0]).unwrap();
    let path = file.to_str().unwrap();
    let mut by_status: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for a in answers(&board) {
        let (v, s) = a.split_once(' ').unwrap();
        by_status
            .entry(s.to_string())
            .or_default()
            .push(v.to_string());
    }

    let (out, err, code) = crate::support::nakade(&["analyze", path, "--json"], "");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    for (status, points) in &by_status {
        let got: Vec<String> = json["unconditional"][status]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        assert_eq!(&got, points, "{status}");
    }
    assert_eq!(
        by_status["black_territory"],
        ["A3", "C2", "A1", "C1"],
        "black's area: the two eyes and the emptied third region"
    );

    let (out, err, code) = crate::support::nakade(&["analyze", path], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("unconditional "))
        .collect();
    assert_eq!(
        lines,
        [
            format!("unconditional alive: {}", by_status["alive"].join(" ")),
            "unconditional dead: C3".to_string(),
            "unconditional black_territory: A3 C2 A1 C1".to_string(),
            format!(
                "unconditional undecided: {} points",
                by_status["undecided"].len()
            ),
        ]
    );

    let svg = std::env::temp_dir().join(format!("nakade-uncond-{}.svg", std::process::id()));
    let (_, err, code) =
        crate::support::nakade(&["analyze", path, "--svg", svg.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let marks = text.matches(r#"width="9" height="9""#).count();
    assert_eq!(
        marks, 5,
        "four black territory points and the dead white stone"
    );
    std::fs::remove_file(&svg).ok();
    std::fs::remove_file(&file).ok();
}

/// GNU Go 3.8's answer at every point of the saved sets (`tests/unconditional/golden.txt`,
/// written by `cargo run --release --example unconditional_vs_gnugo -- --write-golden`): the
/// final positions of 110 self-play games, every position of the six random games, composed
/// and random positions. Ours is the same at every point, but on the positions
/// `tests/unconditional/differences.txt` lists and reads.
#[test]
fn unconditional_status_is_gnu_gos_at_every_point_of_the_saved_sets() {
    use nakade::board::sgf;
    use nakade::board::unconditional;
    use std::collections::BTreeSet;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = std::fs::read_to_string(root.join("tests/unconditional/golden.txt")).unwrap();
    let listed: BTreeSet<String> =
        std::fs::read_to_string(root.join("tests/unconditional/differences.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(str::to_string)
            .collect();
    let letter = |s: &str| match s {
        "alive" => 'a',
        "dead" => 'd',
        "black_territory" => 'b',
        "white_territory" => 'w',
        _ => 'u',
    };
    let mut differing = BTreeSet::new();
    let (mut points, mut equal) = (0usize, 0usize);
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let (name, want) = line.split_once('\t').unwrap();
        let board = if let Some(game) = name.strip_prefix("games/") {
            let (file, at) = game.split_once('@').unwrap();
            let text = std::fs::read_to_string(root.join("benches/games").join(file)).unwrap();
            sgf::load(&text, Some(at.parse().unwrap())).unwrap().board
        } else if let Some(file) = name.strip_prefix("selfplay/") {
            let text =
                std::fs::read_to_string(root.join("tests/final/selfplay").join(file)).unwrap();
            sgf::load(&text, None).unwrap().board
        } else {
            let text =
                std::fs::read_to_string(root.join("tests/unconditional").join(name)).unwrap();
            if name.ends_with(".txt") {
                ascii::parse_board(&text, None).unwrap().board
            } else {
                sgf::load(&text, None).unwrap().board
            }
        };
        let got: String = unconditional::all(&board)
            .into_iter()
            .map(|(_, u)| letter(u.as_str()))
            .collect();
        points += want.len();
        equal += want
            .chars()
            .zip(got.chars())
            .filter(|(a, b)| a == b)
            .count();
        if got != want {
            differing.insert(name.to_string());
        }
    }
    println!("unconditional_status: {equal}/{points} points as GNU Go 3.8");
    assert!(points > 190_000, "{points} points");
    pretty_assertions::assert_eq!(differing, listed);
}

/// Issue 30's composed positions: at least twelve 19x19 boards of walls of each colour with
/// dead groups, mutual ataris and small sekis inside (`tests/unconditional/composed/`), each
/// in the golden file (GNU Go's answers), and ours the same at every point of each.
#[test]
fn the_composed_walled_positions_are_gnu_gos_at_every_point() {
    use nakade::board::unconditional;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/unconditional");
    let golden = std::fs::read_to_string(root.join("golden.txt")).unwrap();
    let (mut big, mut with_dead) = (0, 0);
    let mut files: Vec<_> = std::fs::read_dir(root.join("composed"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let name = format!("composed/{}", path.file_name().unwrap().to_string_lossy());
        let board = ascii::parse_board(&std::fs::read_to_string(&path).unwrap(), None)
            .unwrap()
            .board;
        let want = golden
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}\t")))
            .unwrap_or_else(|| panic!("{name} is not in golden.txt"));
        let got: String = unconditional::all(&board)
            .into_iter()
            .map(|(_, u)| match u.as_str() {
                "alive" => 'a',
                "dead" => 'd',
                "black_territory" => 'b',
                "white_territory" => 'w',
                _ => 'u',
            })
            .collect();
        assert_eq!(got, want, "{name}");
        if board.size() == 19 {
            big += 1;
            assert!(want.contains('a'), "{name}: no invincible wall");
            with_dead += usize::from(want.contains('d'));
        }
    }
    assert!(big >= 12, "{big} composed 19x19 positions");
    assert!(
        with_dead >= 10,
        "{with_dead} with dead stones inside a wall"
    );
}
