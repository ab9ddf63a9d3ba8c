//! nakade's final status and score against GNU Go 3.8's `final_status_list` and
//! `final_score`, on every position of `tests/final/` (GNU Go self-play games played to two
//! passes, and composed positions).
//!
//! ```sh
//! cargo run --release --example final_status_vs_gnugo              # compare, print figures
//! cargo run --release --example final_status_vs_gnugo -- --write-golden   # GNU Go's answers
//! cargo run --release --example final_status_vs_gnugo -- --golden   # against the golden file
//! ```
//!
//! `--write-golden` writes `tests/final/golden.txt`: per position, GNU Go's dead and seki
//! stones, its score under territory rules, its score under area rules (a second GNU Go,
//! `--chinese-rules`), and its time (the area score's not counted). `--golden` compares with that file
//! instead of a running GNU Go. The figures: stones compared and equal, positions equal, each
//! differing position with both answers, and the time per position of each program (median,
//! max, per board size, and the ratio of the totals).
//!
//! For experiments: `NAKADE_FINAL_ONLY=TEXT` keeps the positions whose name holds TEXT;
//! `NAKADE_FINAL_NODES`, `NAKADE_FINAL_VERTICES` and `NAKADE_FINAL_READ` set the solver's
//! budget per space, its largest space, and the tactical reader's budget per string.
//! `NAKADE_FINAL_DIR=DIR` reads the positions from `DIR/selfplay` and `DIR/composed` instead
//! of `tests/final/` (positions held out of the corpus, or a host's own; `--golden` and
//! `--write-golden` keep to `tests/final/`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/gnugo.rs"]
mod gnugo;
use gnugo::{setup_sgf, Gnugo};

use nakade::board::finish::{final_status, score, FinalLimits, FinalStatus, Rules};
use nakade::board::{ascii, sgf, vertex, Board, Color};
use nakade::evaluation::evaluate::Evaluator;

/// One position of the corpus.
struct Case {
    name: String,
    board: Board,
    to_move: Color,
    komi: f64,
    /// An SGF file GNU Go can load.
    sgf: PathBuf,
}

/// What one program says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Answer {
    dead: BTreeSet<String>,
    seki: BTreeSet<String>,
    score: String,
    /// `final_score` under area rules (GNU Go with `--chinese-rules`, the same komi).
    area: String,
}

fn corpus(dir: &Path, tmp: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut files: Vec<PathBuf> = ["selfplay", "composed"]
        .iter()
        .flat_map(|d| std::fs::read_dir(dir.join(d)).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("sgf" | "txt")))
        .collect();
    files.sort();
    for path in files {
        let name = path
            .strip_prefix(dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("readable corpus file");
        if path.extension().and_then(|e| e.to_str()) == Some("sgf") {
            let pos = sgf::load(&text, None).expect("a valid corpus SGF");
            cases.push(Case {
                name,
                board: pos.board,
                to_move: pos.to_move,
                komi: pos.komi.unwrap_or(0.0),
                sgf: path.clone(),
            });
        } else {
            let board = ascii::parse_board(&text, None)
                .expect("a valid corpus diagram")
                .board;
            let sgf = tmp.join(format!("{}.sgf", name.replace('/', "_")));
            std::fs::write(&sgf, setup_sgf(&board)).expect("writable temp dir");
            cases.push(Case {
                name,
                board,
                to_move: Color::Black,
                komi: 0.0,
                sgf,
            });
        }
    }
    cases
}

fn words(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(|w| w.to_uppercase()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write_golden = args.iter().any(|a| a == "--write-golden");
    let from_golden = args.iter().any(|a| a == "--golden");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/final");
    let tmp = std::env::temp_dir().join(format!("nakade-final-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a temp dir");
    let other = std::env::var_os("NAKADE_FINAL_DIR").map(PathBuf::from);
    if other.is_some() && (write_golden || from_golden) {
        eprintln!("NAKADE_FINAL_DIR is for a comparison with GNU Go, not with the golden file");
        std::process::exit(2);
    }
    let mut cases = corpus(other.as_deref().unwrap_or(&dir), &tmp);
    if let Ok(only) = std::env::var("NAKADE_FINAL_ONLY") {
        cases.retain(|c| c.name.contains(&only));
    }
    let golden_path = dir.join("golden.txt");
    let golden: Vec<(String, Answer)> = if from_golden {
        read_golden(&std::fs::read_to_string(&golden_path).expect("tests/final/golden.txt"))
    } else {
        Vec::new()
    };
    let mut gnugo = if from_golden {
        None
    } else {
        Some(Gnugo::start().expect("GNU Go at /usr/games/gnugo (or $NAKADE_GNUGO)"))
    };
    // Its area score, from a second GNU Go (not timed).
    let mut gnugo_area = if from_golden {
        None
    } else {
        Some(
            Gnugo::start_with(&["--chinese-rules"])
                .expect("GNU Go at /usr/games/gnugo (or $NAKADE_GNUGO)"),
        )
    };
    let ev = Evaluator::with_default();
    let (mut stones, mut stones_equal, mut positions_equal, mut scores_equal) = (0, 0, 0, 0);
    let mut areas_equal = 0;
    let mut nakade_ms = Vec::new();
    let mut slowest: Vec<(f64, String)> = Vec::new();
    let mut by_size: std::collections::BTreeMap<usize, (Vec<f64>, Vec<f64>)> = Default::default();
    let mut gnugo_ms = Vec::new();
    let mut golden_out = String::from(
        "# GNU Go 3.8 on tests/final: position, dead stones, seki stones, final_score (its\n\
         # loaded komi, territory rules), final_score under area rules (`--chinese-rules`),\n\
         # milliseconds (the first four answers). Written by\n\
         # `cargo run --release --example final_status_vs_gnugo -- --write-golden`.\n",
    );
    for case in &cases {
        let theirs = if let Some(g) = gnugo.as_mut() {
            let t = Instant::now();
            g.ask(&format!("loadsgf {}", case.sgf.display()))
                .expect("GNU Go loads the corpus");
            if case.sgf.extension().is_some() && case.name.ends_with(".txt") {
                g.ask("komi 0").expect("komi");
            }
            let dead = words(&g.ask("final_status_list dead").expect("final_status_list"));
            let seki = words(&g.ask("final_status_list seki").expect("final_status_list"));
            let score = g.ask("final_score").expect("final_score");
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            gnugo_ms.push(ms);
            let a = gnugo_area.as_mut().expect("started with the first");
            a.ask(&format!("loadsgf {}", case.sgf.display()))
                .expect("GNU Go loads the corpus");
            if case.sgf.extension().is_some() && case.name.ends_with(".txt") {
                a.ask("komi 0").expect("komi");
            }
            let area = a.ask("final_score").expect("final_score");
            golden_out.push_str(&format!(
                "{}\tdead: {}\tseki: {}\tscore: {}\tarea: {}\t{:.0}\n",
                case.name,
                dead.iter().cloned().collect::<Vec<_>>().join(" "),
                seki.iter().cloned().collect::<Vec<_>>().join(" "),
                score,
                area,
                ms
            ));
            Answer {
                dead,
                seki,
                score,
                area,
            }
        } else {
            match golden.iter().find(|(n, _)| *n == case.name) {
                Some((_, a)) => a.clone(),
                None => {
                    println!("{}: not in the golden file", case.name);
                    continue;
                }
            }
        };
        let t = Instant::now();
        let mut limits = FinalLimits::default();
        if let Some(n) = std::env::var("NAKADE_FINAL_NODES")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            limits.analysis.solver_nodes = n;
        }
        if let Some(n) = std::env::var("NAKADE_FINAL_VERTICES")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            limits.analysis.max_solver_vertices = n;
        }
        if let Some(n) = std::env::var("NAKADE_FINAL_READ")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            limits.analysis.read.max_nodes = n;
        }
        let report = final_status(&case.board, &ev, case.to_move, limits);
        let sc = score(&case.board, &report, Rules::Territory, case.komi);
        nakade_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        slowest.push((t.elapsed().as_secs_f64() * 1000.0, case.name.clone()));
        by_size
            .entry(case.board.size())
            .or_insert_with(|| (Vec::new(), Vec::new()))
            .0
            .push(t.elapsed().as_secs_f64() * 1000.0);
        if let Some(&g) = gnugo_ms.last().filter(|_| gnugo.is_some()) {
            by_size
                .get_mut(&case.board.size())
                .expect("just added")
                .1
                .push(g);
        }
        let name_all = |st: FinalStatus| -> BTreeSet<String> {
            report
                .stones_with(st)
                .into_iter()
                .map(|l| vertex::name(&case.board, l))
                .collect()
        };
        let ours = Answer {
            dead: name_all(FinalStatus::Dead),
            seki: name_all(FinalStatus::Seki),
            score: sc.result(),
            // Not timed: the area count of the same report.
            area: score(&case.board, &report, Rules::Area, case.komi).result(),
        };
        let board = &case.board;
        let all: Vec<String> = board
            .locs()
            .filter(|&l| board.color(l).is_some())
            .map(|l| vertex::name(board, l))
            .collect();
        let status = |a: &Answer, v: &String| {
            if a.dead.contains(v) {
                "dead"
            } else if a.seki.contains(v) {
                "seki"
            } else {
                "alive"
            }
        };
        let differ: Vec<String> = all
            .iter()
            .filter(|v| status(&ours, v) != status(&theirs, v))
            .map(|v| {
                format!(
                    "{v} ours {} theirs {}",
                    status(&ours, v),
                    status(&theirs, v)
                )
            })
            .collect();
        stones += all.len();
        stones_equal += all.len() - differ.len();
        if differ.is_empty() {
            positions_equal += 1;
        } else {
            println!(
                "{}: {} stones differ: {}",
                case.name,
                differ.len(),
                differ.join(", ")
            );
            for g in &report.groups {
                if g.stones.iter().any(|&s| {
                    differ
                        .iter()
                        .any(|d| d.starts_with(&format!("{} ", vertex::name(board, s))))
                }) {
                    println!(
                        "    our group {} {}: {} ({})",
                        g.color.name(),
                        vertex::name(board, g.stones[0]),
                        g.status,
                        g.reason.describe(board)
                    );
                    for (pts, v) in &g.spaces {
                        let names: Vec<String> =
                            pts.iter().map(|&p| vertex::name(board, p)).collect();
                        println!(
                            "        space {} = {}",
                            names.join(" "),
                            v.map_or("bound/none".to_string(), |(b, c)| format!("b {b} c {c}"))
                        );
                    }
                }
            }
        }
        if ours.score == theirs.score {
            scores_equal += 1;
        } else {
            println!(
                "{}: score ours {} theirs {}",
                case.name, ours.score, theirs.score
            );
        }
        if ours.area == theirs.area {
            areas_equal += 1;
        } else {
            println!(
                "{}: area score ours {} theirs {}",
                case.name, ours.area, theirs.area
            );
        }
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        if v.is_empty() {
            (0.0, 0.0)
        } else {
            (v[v.len() / 2], v[v.len() - 1])
        }
    };
    let (nm, nx) = stats(&mut nakade_ms);
    println!(
        "positions {}: status equal at {stones_equal}/{stones} stones, {positions_equal} positions equal; score equal on {scores_equal}, area score on {areas_equal}",
        cases.len()
    );
    println!("nakade per position: median {nm:.2} ms, max {nx:.2} ms");
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top: Vec<String> = slowest
        .iter()
        .take(
            std::env::var("NAKADE_FINAL_TOP")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(5),
        )
        .map(|(ms, n)| format!("{n} {ms:.1} ms"))
        .collect();
    println!("nakade's slowest: {}", top.join(", "));
    for (size, (mut ours, mut theirs)) in by_size {
        let total_ours: f64 = ours.iter().sum();
        let total_theirs: f64 = theirs.iter().sum();
        let (om, ox) = stats(&mut ours);
        let mut line = format!(
            "{size}x{size}: {} positions, nakade median {om:.2} ms, max {ox:.2} ms, total {total_ours:.1} ms",
            ours.len()
        );
        if !theirs.is_empty() {
            let (gm, gx) = stats(&mut theirs);
            line.push_str(&format!(
                "; GNU Go median {gm:.1} ms, max {gx:.1} ms; GNU Go's total / nakade's: {:.1}x",
                total_theirs / total_ours
            ));
        }
        println!("{line}");
    }
    if !gnugo_ms.is_empty() {
        let (gm, gx) = stats(&mut gnugo_ms);
        println!(
            "GNU Go per position (loadsgf, two lists, score): median {gm:.1} ms, max {gx:.1} ms"
        );
    }
    if write_golden {
        std::fs::write(&golden_path, golden_out).expect("writable tests/final");
        println!("wrote {}", golden_path.display());
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

fn read_golden(text: &str) -> Vec<(String, Answer)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let field = |i: usize, tag: &str| {
                f.get(i)
                    .and_then(|s| s.strip_prefix(tag))
                    .map(|s| s.trim().to_string())
            };
            Some((
                f.first()?.to_string(),
                Answer {
                    dead: words(&field(1, "dead:")?),
                    seki: words(&field(2, "seki:")?),
                    score: field(3, "score:")?,
                    area: field(4, "area:").unwrap_or_default(),
                },
            ))
        })
        .collect()
}
