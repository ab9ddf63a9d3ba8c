//! GNU Go as referee for the position side of `eval_eye`: on the positions of the corpus (SGF
//! files, and the diagrams handed over as SGF setups), at every vertex, GNU Go 3.8 answers `-1`
//! exactly where this crate finds no eye space, except for the differences listed and
//! explained in `tests/positions/gnugo_differences.list` (`NAKADE_BLESS=1` rewrites the list).
//! Skipped (with a note) when `/usr/games/gnugo` is not installed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use nakade::board::eyespace::{space_at, Liveness};
use nakade::board::tactics::ReadLimits;
use nakade::board::{ascii, sgf, vertex, Board, Color};

const GNUGO: &str = "/usr/games/gnugo";

/// GNU Go's `eval_eye` answer at every vertex of the position, in board order.
fn gnugo_answers(file: &Path, mv: Option<usize>, names: &[String]) -> Vec<String> {
    let mut child = Command::new(GNUGO)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    let mut input = match mv {
        Some(m) => format!("loadsgf {} {m}\n", file.display()),
        None => format!("loadsgf {}\n", file.display()),
    };
    for (i, n) in names.iter().enumerate() {
        input.push_str(&format!("{} eval_eye {n}\n", i + 1));
    }
    input.push_str("quit\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut answers = vec![String::new(); names.len()];
    for block in text.split("\n\n") {
        let block = block.trim();
        if let Some(rest) = block.strip_prefix('=') {
            let (id, ans) = rest.split_once(' ').unwrap_or((rest, ""));
            if let Ok(i) = id.parse::<usize>() {
                answers[i - 1] = ans.to_string();
            }
        }
    }
    answers
}

/// The position as an SGF setup (`SZ`, `AB`, `AW`).
fn to_sgf(board: &Board) -> String {
    let mut ab = String::new();
    let mut aw = String::new();
    for loc in board.locs() {
        let (x, y) = board.xy(loc);
        let pt = format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
        match board.color(loc) {
            Some(Color::Black) => ab.push_str(&pt),
            Some(Color::White) => aw.push_str(&pt),
            None => {}
        }
    }
    let mut s = format!("(;GM[1]FF[4]SZ[{}]", board.size());
    if !ab.is_empty() {
        s.push_str(&format!("AB{ab}"));
    }
    if !aw.is_empty() {
        s.push_str(&format!("AW{aw}"));
    }
    s.push(')');
    s
}

/// Vertices where exactly one of GNU Go and this crate finds an eye space.
fn differences(
    label: &str,
    path: &Path,
    mv: Option<usize>,
    mut board: Board,
    dead: Option<&str>,
) -> Vec<String> {
    let limits = ReadLimits::default();
    let live = match dead {
        Some(list) => {
            let locs: Vec<_> = list
                .split_whitespace()
                .map(|v| vertex::parse(&board, v).unwrap())
                .collect();
            Liveness::from_dead(&board, &locs)
        }
        None => Liveness::read(&mut board, limits),
    };
    let locs: Vec<_> = board.locs().collect();
    let names: Vec<String> = locs.iter().map(|&l| vertex::name(&board, l)).collect();
    let theirs = gnugo_answers(path, mv, &names);
    let mut out = Vec::new();
    for (i, &loc) in locs.iter().enumerate() {
        let ours = space_at(&mut board, &live, loc, limits).is_some();
        let gnugo = theirs[i] != "-1";
        if ours != gnugo {
            out.push(format!(
                "{label} {}: ours {}, gnugo {}",
                names[i], ours, theirs[i]
            ));
        }
    }
    out
}

#[test]
fn eye_space_presence_matches_gnugo() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} not installed");
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut report = Vec::new();
    for (file, mv) in [("bent_three.sgf", Some(3)), ("bent_three.sgf", None)] {
        let path = dir.join(file);
        let board = sgf::load(&std::fs::read_to_string(&path).unwrap(), mv)
            .unwrap()
            .board;
        let label = match mv {
            Some(m) => format!("{file}@{m}"),
            None => file.to_string(),
        };
        report.extend(differences(&label, &path, mv, board, None));
    }
    // The diagram positions of the corpus, handed to GNU Go as SGF setups.
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let tmp = std::env::temp_dir().join(format!("nakade-gnugo-{}.sgf", std::process::id()));
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        if text.contains("\nsgf:") || text.starts_with("sgf:") {
            continue;
        }
        let Some((head, rest)) = text.split_once("=== board\n") else {
            continue;
        };
        let Some((diagram_text, _)) = rest.split_once("=== expect\n") else {
            continue;
        };
        if head.lines().any(|l| l.starts_with("sgf:")) {
            continue;
        }
        let size = head
            .lines()
            .find_map(|l| l.strip_prefix("size:"))
            .map(|s| s.trim().parse().unwrap());
        let dead = head
            .lines()
            .find_map(|l| l.strip_prefix("dead:"))
            .map(str::trim);
        let board = ascii::parse_board(diagram_text, size).unwrap().board;
        std::fs::write(&tmp, to_sgf(&board)).unwrap();
        let label = p.file_name().unwrap().to_string_lossy().to_string();
        report.extend(differences(&label, &tmp, None, board, dead));
    }
    std::fs::remove_file(&tmp).ok();
    // The known differences, explained in the file's header.
    let known_path = dir.join("gnugo_differences.list");
    if std::env::var_os("NAKADE_BLESS").is_some() {
        let old = std::fs::read_to_string(&known_path).unwrap_or_default();
        let header: String = old
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&known_path, format!("{header}{}\n", report.join("\n"))).unwrap();
        return;
    }
    let known_text = std::fs::read_to_string(&known_path).unwrap();
    let known: Vec<&str> = known_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let unexpected: Vec<&String> = report
        .iter()
        .filter(|r| !known.contains(&r.as_str()))
        .collect();
    let vanished: Vec<&&str> = known
        .iter()
        .filter(|k| !report.iter().any(|r| r == *k))
        .collect();
    assert!(
        unexpected.is_empty() && vanished.is_empty(),
        "unexpected differences:\n{}\nknown differences gone:\n{:?}",
        unexpected
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        vanished
    );
}
