//! nakade's `unconditional_status` against GNU Go 3.8's, at every point of every position of
//! four sets: the final positions of GNU Go's self-play games (`tests/final/selfplay/`), every
//! position of the six random games (`benches/games/`, move by move), the composed positions
//! of `tests/unconditional/composed/`, and random positions (`--fuzz N`).
//!
//! ```sh
//! cargo run --release --example unconditional_vs_gnugo                  # compare, print figures
//! cargo run --release --example unconditional_vs_gnugo -- --write-golden # GNU Go's answers
//! cargo run --release --example unconditional_vs_gnugo -- --fuzz 200     # random positions too
//! ```
//!
//! `--write-golden` writes `tests/unconditional/golden.txt` (GNU Go's answer at every point
//! of the saved sets, one letter a point), so the tests run without GNU Go. A random position
//! where the two differ is saved under `tests/unconditional/fuzz/` as a regression.
//!
//! `NAKADE_UNCOND_ONLY=TEXT` keeps the saved positions whose name holds TEXT (as
//! `composed/`); with `--write-golden`, the golden lines of the others are kept as they are
//! (and those of positions it takes that are gone are dropped).

use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/gnugo.rs"]
mod gnugo;
use gnugo::{setup_sgf, Gnugo};

use nakade::board::unconditional::{self, Unconditional};
use nakade::board::{ascii, sgf, vertex, Board, Color};

/// One letter a status, for the golden file.
fn letter(s: &str) -> char {
    match s {
        "alive" => 'a',
        "dead" => 'd',
        "black_territory" => 'b',
        "white_territory" => 'w',
        _ => 'u',
    }
}

struct Case {
    set: &'static str,
    name: String,
    board: Board,
    /// A file GNU Go loads and the move number to load it at.
    sgf: PathBuf,
    at: Option<usize>,
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some(ext))
        .collect();
    v.sort();
    v
}

fn cases(root: &Path, tmp: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    for path in files(&root.join("tests/final/selfplay"), "sgf") {
        let pos = sgf::load(&std::fs::read_to_string(&path).unwrap(), None).unwrap();
        out.push(Case {
            set: "selfplay",
            name: format!("selfplay/{}", path.file_name().unwrap().to_string_lossy()),
            board: pos.board,
            sgf: path,
            at: None,
        });
    }
    for path in files(&root.join("benches/games"), "sgf") {
        let text = std::fs::read_to_string(&path).unwrap();
        let moves = sgf::load(&text, None).unwrap().moves_played;
        for m in 1..=moves + 1 {
            let pos = sgf::load(&text, Some(m)).unwrap();
            out.push(Case {
                set: "games",
                name: format!("games/{}@{m}", path.file_name().unwrap().to_string_lossy()),
                board: pos.board,
                sgf: path.clone(),
                at: Some(m),
            });
        }
    }
    for (set, dir, ext) in [
        ("composed", "tests/unconditional/composed", "txt"),
        ("fuzz", "tests/unconditional/fuzz", "sgf"),
    ] {
        for path in files(&root.join(dir), ext) {
            let text = std::fs::read_to_string(&path).unwrap();
            let board = if ext == "txt" {
                ascii::parse_board(&text, None).unwrap().board
            } else {
                sgf::load(&text, None).unwrap().board
            };
            let file = tmp.join(format!(
                "{set}-{}.sgf",
                path.file_name().unwrap().to_string_lossy()
            ));
            std::fs::write(&file, setup_sgf(&board)).unwrap();
            out.push(Case {
                set,
                name: format!("{set}/{}", path.file_name().unwrap().to_string_lossy()),
                board,
                sgf: file,
                at: None,
            });
        }
    }
    out
}

/// GNU Go's answer at every point of `case`, one letter a point in board order.
fn theirs(g: &mut Gnugo, case: &Case) -> String {
    let cmd = match case.at {
        Some(m) => format!("loadsgf {} {m}", case.sgf.display()),
        None => format!("loadsgf {}", case.sgf.display()),
    };
    g.ask(&cmd).expect("GNU Go loads the position");
    case.board
        .locs()
        .map(|l| {
            let v = vertex::name(&case.board, l);
            letter(
                &g.ask(&format!("unconditional_status {v}"))
                    .expect("an answer"),
            )
        })
        .collect()
}

fn ours(board: &Board) -> String {
    unconditional::all(board)
        .into_iter()
        .map(|(_, u)| letter(u.as_str()))
        .collect()
}

/// A random position: random legal moves, many of them captures.
fn random_board(seed: u64) -> Board {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let size = [5, 7, 9, 13][(next() % 4) as usize];
    let mut b = Board::new(size).unwrap();
    let moves = (next() % (size * size * 2) as u64) as usize;
    let mut color = Color::Black;
    for _ in 0..moves {
        let locs: Vec<_> = b.locs().filter(|&l| b.is_legal(l, color)).collect();
        if locs.is_empty() {
            break;
        }
        let l = locs[(next() % locs.len() as u64) as usize];
        let _ = b.play(l, color);
        color = color.opponent();
    }
    b
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write_golden = args.iter().any(|a| a == "--write-golden");
    let fuzz: u64 = args
        .iter()
        .position(|a| a == "--fuzz")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("nakade-uncond-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut g = Gnugo::start().expect("GNU Go at /usr/games/gnugo (or $NAKADE_GNUGO)");
    let mut golden = String::from(
        "# GNU Go 3.8's unconditional_status at every point, board order (top row first), one\n\
         # letter a point: a alive, d dead, b black_territory, w white_territory, u undecided.\n\
         # Written by `cargo run --release --example unconditional_vs_gnugo -- --write-golden`.\n",
    );
    let mut figures: std::collections::BTreeMap<&str, (usize, usize, usize, usize)> =
        Default::default();
    let mut ours_time = 0.0;
    let mut boards = 0usize;
    let mut all = cases(root, &tmp);
    let only = std::env::var("NAKADE_UNCOND_ONLY").ok();
    if let Some(only) = &only {
        all.retain(|c| c.name.contains(only.as_str()));
    }
    let old_golden =
        std::fs::read_to_string(root.join("tests/unconditional/golden.txt")).unwrap_or_default();
    let mut lines: Vec<(String, String)> = Vec::new();
    for case in &all {
        let want = theirs(&mut g, case);
        let t = Instant::now();
        let got = ours(&case.board);
        ours_time += t.elapsed().as_secs_f64();
        boards += 1;
        lines.push((case.name.clone(), want.clone()));
        let f = figures.entry(case.set).or_default();
        let same = want
            .chars()
            .zip(got.chars())
            .filter(|(a, b)| a == b)
            .count();
        f.0 += same;
        f.1 += want.len();
        f.2 += 1;
        if same == want.len() {
            f.3 += 1;
        } else {
            let diffs: Vec<String> = case
                .board
                .locs()
                .zip(want.chars().zip(got.chars()))
                .filter(|(_, (a, b))| a != b)
                .map(|(l, (a, b))| format!("{} gnugo {a} ours {b}", vertex::name(&case.board, l)))
                .take(8)
                .collect();
            println!("{}: {}", case.name, diffs.join(", "));
        }
    }
    // Random positions.
    let fuzz_dir = root.join("tests/unconditional/fuzz");
    for seed in 0..fuzz {
        let board = random_board(seed + 1);
        let case = Case {
            set: "random",
            name: format!("random {seed}"),
            sgf: tmp.join("random.sgf"),
            at: None,
            board,
        };
        std::fs::write(&case.sgf, setup_sgf(&case.board)).unwrap();
        let want = theirs(&mut g, &case);
        let got = ours(&case.board);
        let f = figures.entry("random").or_default();
        let same = want
            .chars()
            .zip(got.chars())
            .filter(|(a, b)| a == b)
            .count();
        f.0 += same;
        f.1 += want.len();
        f.2 += 1;
        if same == want.len() {
            f.3 += 1;
        } else {
            std::fs::create_dir_all(&fuzz_dir).unwrap();
            let path = fuzz_dir.join(format!("seed{}.sgf", seed + 1));
            std::fs::write(&path, setup_sgf(&case.board)).unwrap();
            println!("random {}: differs, saved as {}", seed + 1, path.display());
        }
    }
    for (set, (same, points, positions, equal)) in &figures {
        println!("{set}: {same}/{points} points equal, {equal}/{positions} positions equal");
    }
    println!(
        "nakade: {:.3} ms a board (both colours' readings, every point), {boards} boards",
        ours_time * 1000.0 / boards.max(1) as f64
    );
    if write_golden {
        if only.is_some() {
            // Keep the lines of the positions not run, in their place; the new ones after.
            // A position the filter takes but that is gone (renamed, removed) goes too.
            let only = only.as_deref().unwrap_or_default();
            let mut kept: Vec<(String, String)> = old_golden
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split_once('\t'))
                .filter(|(n, _)| !n.contains(only) || lines.iter().any(|(m, _)| m == n))
                .map(|(n, w)| (n.to_string(), w.to_string()))
                .collect();
            for (name, want) in lines.drain(..) {
                match kept.iter_mut().find(|(n, _)| *n == name) {
                    Some(line) => line.1 = want,
                    None => kept.push((name, want)),
                }
            }
            lines = kept;
        }
        for (name, want) in &lines {
            golden.push_str(&format!("{name}\t{want}\n"));
        }
        let path = root.join("tests/unconditional/golden.txt");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, golden).unwrap();
        println!("wrote {}", path.display());
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = Unconditional::ALL;
}
