//! The commands that spread their work over the cores (`match --batch`, `solve --batch`, `diff`,
//! `verify`, `generate`, and the board analysis behind `analyze`, `score` and GTP's eye
//! commands) write the same bytes on one core as on two: chunks are answered in parallel and
//! joined in input order. The thread count is rayon's, `RAYON_NUM_THREADS`.

use nakade::pattern::encoded::encode;
use nakade::tools::enumerate::{eye_graphs, Placement, CONCRETE};

/// `nakade args` with `stdin` on `threads` threads: (stdout, stderr, exit code).
fn on(threads: usize, args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nakade"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("RAYON_NUM_THREADS", threads.to_string())
        .env_remove("NAKADE_BATCH_BASELINE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_string();
    // Written from a thread: the output may fill its pipe before the input is all read.
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut input, data.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// The same output, error output and exit code on one thread and on two.
fn same_on_one_and_two(args: &[&str], stdin: &str) -> (String, i32) {
    let one = on(1, args, stdin);
    let two = on(2, args, stdin);
    assert!(one == two, "{args:?}: one thread and two differ");
    (one.0, one.2)
}

/// Every labelled eye graph up to 4 vertices in every placement, one encoding a line.
fn graphs() -> Vec<String> {
    eye_graphs(4, &Placement::ALL, &CONCRETE)
        .iter()
        .map(encode)
        .collect()
}

#[test]
fn batches_answer_the_same_on_one_core_as_on_two() {
    let graphs = graphs();
    assert_eq!(graphs.len(), 3539);
    // Lines the quick path declines (errors, a comment, an enclosed stone) among them, so
    // that deferred lines fall inside chunks on both sides.
    let mut input = String::new();
    for (k, g) in graphs.iter().enumerate() {
        input.push_str(g);
        input.push('\n');
        if k % 97 == 0 {
            input.push_str("..x\n# a comment\n|...%|XO.%+---\n");
        }
    }
    let (out, code) = same_on_one_and_two(&["match", "--batch"], &input);
    assert_eq!((out.lines().count(), code), (3539 + 2 * 37, 0));
    let (out, code) = same_on_one_and_two(&["solve", "--batch"], &input);
    assert_eq!((out.lines().count(), code), (3539 + 2 * 37, 0));
}

#[test]
fn generate_verify_and_diff_write_the_same_on_one_core_as_on_two() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/threads-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let (one, two) = (dir.join("one.db"), dir.join("two.db"));
    for (threads, path) in [(1, &one), (2, &two)] {
        let (_, err, code) = on(
            threads,
            &["generate", "--up-to", "4", "--out", path.to_str().unwrap()],
            "",
        );
        assert_eq!(code, 0, "{err}");
    }
    let generated = std::fs::read_to_string(&one).unwrap();
    assert!(
        generated == std::fs::read_to_string(&two).unwrap(),
        "generate: one thread and two differ"
    );
    // Every second pattern of value 1111 made 2222 (a settled value either way, so the file
    // still checks), so that verify and diff have disputes to put in order.
    let mut ones = 0;
    let altered: String = generated
        .lines()
        .map(|line| match line.strip_prefix(":1111") {
            Some(rest) => {
                ones += 1;
                if ones % 2 == 0 {
                    format!(":2222{rest}\n")
                } else {
                    format!("{line}\n")
                }
            }
            None => format!("{line}\n"),
        })
        .collect();
    assert_eq!(ones, 9);
    let wrong = dir.join("wrong.db");
    std::fs::write(&wrong, altered).unwrap();
    let wrong = wrong.to_str().unwrap();
    let (out, code) = same_on_one_and_two(&["verify", wrong], "");
    assert_eq!((out.lines().count(), code), (112, 1), "{out}");
    let (out, code) = same_on_one_and_two(&["diff", wrong, "solver", "--up-to", "4"], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.ends_with("3539 graphs, 3513 agree, 26 differ\n"),
        "{out}"
    );
}

/// The board analysis reads strings, their ko readings, spaces and a space's points side by
/// side: `eval_eye` at every point of two 19x19 game positions (with strings saved only by a
/// ko, and spaces of many points), `analyze --json` and `score --json` answer the same on one
/// thread and on two.
#[test]
fn the_board_analysis_answers_the_same_on_one_core_as_on_two() {
    let mut stream = String::new();
    for (game, move_number) in [("game2_19x19", 100), ("game5_19x19", 120)] {
        stream.push_str(&format!("loadsgf benches/games/{game}.sgf {move_number}\n"));
        for row in 1..=19 {
            for col in "ABCDEFGHJKLMNOPQRST".chars() {
                stream.push_str(&format!("eval_eye {col}{row}\n"));
            }
        }
    }
    let (out, code) = same_on_one_and_two(&["gtp"], &stream);
    assert_eq!(code, 0);
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 2 * (1 + 361));
    assert!(answers.iter().all(|a| a.starts_with('=')), "{out}");
    // Eye values at many points, not only `-1`.
    assert!(answers.iter().filter(|a| a.starts_with("= 2 2")).count() > 100);
    let (out, code) = same_on_one_and_two(
        &[
            "analyze",
            "--json",
            "--move",
            "100",
            "benches/games/game2_19x19.sgf",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("\"spaces\":[{"), "{out}");
    let (out, code) = same_on_one_and_two(
        &["score", "--json", "tests/final/selfplay/19-l1-s3.sgf"],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("\"status\":\"dead\""), "{out}");
}
