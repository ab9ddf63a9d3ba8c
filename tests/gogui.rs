//! GoGui's analyze commands over GTP: the exact transcript of every command that
//! `gogui-analyze_commands` lists, on SGF positions, as golden files
//! (`tests/golden/gogui_*.txt`; `NAKADE_BLESS=1` rewrites them).

use std::path::Path;

use pretty_assertions::assert_eq;

/// The positions (relative to the package root, where cargo runs the tests, so that the
/// transcripts are the same on every machine), each chosen for what it shows: a false eye
/// that makes its space's graph `!....`; a half eye (F2); a bent four in the corner around a
/// dead stone, with its vital point; a pass-alive group with its regions.
const POSITIONS: &[(&str, &str)] = &[
    ("false_eye_graph", "tests/positions/false_eye_graph.sgf"),
    ("false_eye_edge", "tests/eval_eye/false_eye_edge.sgf"),
    (
        "corner_bent_four_stone",
        "tests/eval_eye/corner_bent_four_stone.sgf",
    ),
    (
        "corner_group_many_eyes",
        "tests/eval_eye/corner_group_many_eyes.sgf",
    ),
];

/// The commands `gogui-analyze_commands` lists, from its answer.
fn listed(answer: &str) -> Vec<String> {
    answer
        .trim_start_matches('=')
        .trim()
        .lines()
        .map(|l| {
            let fields: Vec<&str> = l.split('/').collect();
            assert_eq!(fields.len(), 3, "type/label/command: {l}");
            assert!(
                ["gfx", "sboard", "plist", "string"].contains(&fields[0]),
                "type {}",
                fields[0]
            );
            fields[2].to_string()
        })
        .collect()
}

/// A session of `commands`, as a transcript: each command after `> `, then its answer.
fn transcript(commands: &[String]) -> String {
    let mut engine = nakade::host::gtp::eye_commands::engine();
    let mut out = String::new();
    for c in commands {
        let mut answer = Vec::new();
        engine
            .run(format!("{c}\n").as_bytes(), &mut answer)
            .unwrap();
        let answer = String::from_utf8(answer).unwrap();
        assert!(answer.starts_with('='), "{c}: {answer}");
        out.push_str(&format!("> {c}\n{answer}"));
    }
    out
}

fn golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(want, got, "golden file {}", path.display());
}

#[test]
fn every_listed_command_answers_on_each_position() {
    let list = transcript(&["gogui-analyze_commands".to_string()]);
    let answer = list.split_once('\n').unwrap().1;
    let commands = listed(answer);
    assert_eq!(commands.len(), 11);
    for (name, file) in POSITIONS {
        let mut session = vec![format!("loadsgf {file}")];
        // A command with `%p` asks GoGui's user for a point: here the lower left corner.
        session.extend(commands.iter().map(|c| c.replace("%p", "A1")));
        let got = transcript(&session);
        golden(&format!("gogui_{name}.txt"), &got);
    }
}

#[test]
fn the_commands_follow_the_position() {
    // The analysis is cached per position: a move changes the answer.
    let session = [
        "boardsize 5",
        "play b a3",
        "play b b3",
        "play b b2",
        "play b b1",
        "nakade-eye_values",
        "nakade-dead_stones",
        "play w a1",
        "nakade-eye_values",
        "nakade-dead_stones",
    ]
    .map(String::from);
    let got = transcript(&session);
    let answers: Vec<&str> = got.split("> ").collect();
    // Black's corner space A1 A2 holds one eye; the rest of the board is black's too, too
    // large to read: at most two eyes, labelled as a bound (issue 34, item 4).
    let values = "nakade-eye_values\n=\n\
                  ≤2222 ≤2222 ≤2222 ≤2222 ≤2222\n\
                  ≤2222 ≤2222 ≤2222 ≤2222 ≤2222\n\
                  \"\" \"\" ≤2222 ≤2222 ≤2222\n\
                  1111 \"\" ≤2222 ≤2222 ≤2222\n\
                  1111 \"\" ≤2222 ≤2222 ≤2222\n\n";
    assert_eq!(answers[6], values);
    assert_eq!(answers[7], "nakade-dead_stones\n=\n\n");
    // White's stone at A1 lives in black's space: dead, and the space's value is the same.
    assert_eq!(answers[9], values);
    assert_eq!(answers[10], "nakade-dead_stones\n= A1\n\n");
}
