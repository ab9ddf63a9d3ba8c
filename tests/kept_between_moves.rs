//! Issue 29: what `nakade gtp` keeps between moves (the tactical memo, the evaluator's solved
//! shapes) changes no answer. Two random games are replayed move by move, `eval_eye` at
//! every point after each move, once as a host drives the engine (everything kept) and once
//! with nothing kept between commands (`--memo-entries 0 --cache-shapes 0`); the two
//! transcripts must be the same. A server's stream of final statuses (`analyze --jsonl`) is
//! held to the same: each answer is the one a process of its own gives.

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

/// A random 19x19 board (`tests/final/midgame.py random 19 250 6 1`, 250 moves) on which a
/// string's deeper reading, asked with white to move (a save found at the edge of the first
/// reading's budget), was kept and given with black to move, where the final status reads
/// only the first (the string's group is dead for good either way): white N17 and black T4
/// read "captured even moving first" in the stream, and part of their dead groups alone.
const READ_DEEPER_ONCE: &str = "+-------------------------------------+\n|X X . X X O O O X O O O X . X X X . O|\n|X X . O X X X . . X . X X O . . . X X|\n|X X . X X . . O O X O . O X O X . O X|\n|X O O O X O . O X . . X . . O X . X .|\n|X . O . O X O O O O O X . X . . . X X|\n|. X X O X . O X . X O X . . . O . . X|\n|X O . O . . X . X O O . . . O O O . X|\n|. . O . X O . O X . . X O X O O X . O|\n|. X O X O O O O X X X O O X O O O X .|\n|O . . O . . X X X O . X X X . O . . O|\n|X . . . . O O O O . . X O X O O . . .|\n|X O O O . X X . O X X . O O X X O X X|\n|. . . O X . X . . . X X X O . X . O X|\n|O O O . O . O O O X O . X . X . X O X|\n|O . O X O O O . O . O . . . X X O . .|\n|O X O . O O . X X . . O X X X O O O X|\n|X X X O O O X O O . X . O O O . O . O|\n|O O . . X X X X . X X . O X O O . X X|\n|X X X . O . O X O . . O O . X X X . X|\n+-------------------------------------+";

/// `analyze --jsonl` with the same board white to move, then black: black's answer is the one
/// `score --json` gives it in a process of its own.
#[test]
fn a_stream_of_final_statuses_answers_as_a_process_each() {
    let request = |to_move: &str| {
        serde_json::json!({"id": to_move, "diagram": READ_DEEPER_ONCE, "analysis": false, "to_move": to_move})
            .to_string()
    };
    let stream = format!("{}\n{}\n", request("W"), request("B"));
    let (out, err, code) = crate::support::nakade(&["analyze", "--jsonl"], &stream);
    assert_eq!(code, 0, "{err}");
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2);
    for (answer, to_move) in answers.iter().zip(["W", "B"]) {
        let (out, err, code) = crate::support::nakade(
            &["score", "--json", "--to-move", to_move, "-"],
            READ_DEEPER_ONCE,
        );
        assert_eq!(code, 0, "{err}");
        let alone: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(answer["final"], alone, "{to_move} to move");
    }
}
