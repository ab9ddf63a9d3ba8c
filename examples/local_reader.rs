//! A life-and-death reader that shares no code with nakade, for reading a disputed position
//! apart from both nakade and GNU Go: the rules of Go on a small board, moves only on the
//! points marked playable and on the points of stones once they are taken, and an
//! exhaustive alternating search with a memo.
//!
//! ```sh
//! cargo run --release --example local_reader -- [--wall] FILE COLUMN,ROW b|w [MAX_PLIES]
//! ```
//!
//! FILE is the whole board, one line a row from the top: `X` black, `O` white, `.` an empty
//! point nobody plays (a living group's eye, ground outside the fight), `,` an empty point
//! either side may play; a stone's point may be played once the stone is taken (a ko
//! retaken, a snapback). Black attacks the white string at COLUMN,ROW (from 0, counted from
//! the top left); `b` or `w` moves first. The answer is `Kill` when black captures the
//! string against every defence, `Live` when white keeps it against every attack, `Unknown`
//! when a line reaches MAX_PLIES (default 40) before the question is settled. With
//! `--wall`, black wins by taking any stone of that string or of a white string beside a
//! `,` point: the question whether a wall of several strings keeps all of them (white may
//! not give one up to save another).
//!
//! The rules: a move captures the opponent's strings it takes the last liberty of, suicide is
//! illegal, a single stone that captured a single stone cannot be taken back at once (simple
//! ko; longer cycles end at the ply limit). Either side may pass; two passes in a row end the
//! fight with the string on the board (a seki counts as living). A string with two liberties
//! each of whose neighbours all belong to it has two eyes: it lives, and the line stops
//! (not with `--wall`: the rest of the wall may still be taken).
//!
//! Each answer is a proof over every line within the ply limit: `Kill` lists no unread
//! defence, `Live` no unread attack. A position and the side to move are read once (the
//! memo keeps settled answers, keyed by the board, the side, the ko ban and a pass just
//! made, and the `Unknown` ones with the plies that were left: read again only with more).
//! The moves are tried at the target's liberties first, then beside strings of one or two
//! liberties; the order changes no answer, only how soon one is found.

#[path = "support/local_rules.rs"]
mod local_rules;
use local_rules::{parse_diagram, read_for, Goal, Point};

fn run(args: &[String]) -> Result<String, String> {
    let usage = "usage: local_reader [--wall] FILE COLUMN,ROW b|w [MAX_PLIES]";
    let (goal, args) = match args {
        [flag, rest @ ..] if flag == "--wall" => (Goal::Wall, rest),
        _ => (Goal::String, args),
    };
    let [file, at, first, rest @ ..] = args else {
        return Err(usage.into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let diagram = parse_diagram(&text).map_err(|e| format!("{file}:{e}"))?;
    let width = diagram.width;
    let parse = |s: &str| s.trim().parse::<usize>().ok();
    let (column, row) = at
        .split_once(',')
        .and_then(|(c, r)| Some((parse(c)?, parse(r)?)))
        .ok_or(format!("{at}: expected COLUMN,ROW"))?;
    let target = row * width + column;
    if column >= width || diagram.board.get(target) != Some(&Point::White) {
        return Err(format!("{at}: no white stone there"));
    }
    let black = match first.as_str() {
        "b" => true,
        "w" => false,
        _ => return Err(format!("{first}: expected b or w, the side to move")),
    };
    let max_plies = match rest {
        [] => 40,
        [n] => n
            .parse()
            .map_err(|_| format!("{n}: expected a number of plies"))?,
        _ => return Err(usage.into()),
    };
    let started = std::time::Instant::now();
    let (answer, nodes) = read_for(&diagram, target, goal, black, max_plies);
    Ok(format!(
        "{answer:?} ({nodes} nodes, {:.1} s)",
        started.elapsed().as_secs_f64()
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("local_reader: {e}");
            std::process::exit(2);
        }
    }
}
