//! Issue 29: what `nakade gtp` keeps between moves (the tactical memo, the evaluator's solved
//! shapes) changes no answer. Two random games are replayed move by move, `eval_eye` at
//! every point after each move, once as a host drives the engine (everything kept) and once
//! with nothing kept between commands (`--memo-entries 0 --cache-shapes 0`); the two
//! transcripts must be the same.

use std::io::Write;
use std::process::{Command, Stdio};

use nakade::board::{sgf, vertex};

/// The GTP stream of a game: set up the board, then each move and `eval_eye` everywhere.
fn replay_stream(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let board = sgf::load(&text, None).unwrap().board;
    let points: Vec<String> = board.locs().map(|l| vertex::name(&board, l)).collect();
    let mut out = format!("boardsize {}\nclear_board\n", board.size());
    for m in board.history() {
        let color = if m.color == nakade::board::Color::Black {
            "B"
        } else {
            "W"
        };
        let at = m
            .loc
            .map_or("pass".to_string(), |l| vertex::name(&board, l));
        out.push_str(&format!("play {color} {at}\n"));
        for p in &points {
            out.push_str(&format!("eval_eye {p}\n"));
        }
    }
    out.push_str("quit\n");
    out
}

fn run(stream: &str, extra: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nakade"))
        .arg("gtp")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = stream.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn answers_are_the_same_with_and_without_what_is_kept() {
    for game in ["benches/games/game0_9x9.sgf", "benches/games/game3_9x9.sgf"] {
        let stream = replay_stream(game);
        let kept = run(&stream, &[]);
        let without = run(
            &stream,
            &[
                "--memo-entries",
                "0",
                "--kept-readings",
                "0",
                "--cache-shapes",
                "0",
            ],
        );
        // Every move was played and every point asked.
        assert!(!kept.contains("? "), "{game}: a command failed");
        let answers: Vec<&str> = kept.lines().filter(|l| l.starts_with("= ")).collect();
        assert!(
            answers.iter().any(|a| a.len() > 4),
            "{game}: no eye space answered"
        );
        pretty_assertions::assert_eq!(kept, without, "{game}");
    }
}
