//! The position corpus: every `tests/positions/*.txt` file is a position and the exact text the
//! board stages give for it (eye spaces, topology, pass-alive strings).
//!
//! File format: `key: value` header lines (`sgf: FILE [MOVE]` to read an SGF beside it instead
//! of a diagram, `size: N`, `dead: VERTEX ...` to fix the dead strings instead of reading them,
//! `colors: black|white|both`), `#` comments, then a line `=== board` and the diagram, then
//! `=== expect` and the expected output. `NAKADE_BLESS=1 cargo test` rewrites the expected
//! part with the actual output (review the diff before committing).

use std::fmt::Write as _;
use std::path::Path;

use nakade::board::benson::pass_alive;
use nakade::board::eyespace::{eye_spaces, Liveness};
use nakade::board::tactics::ReadLimits;
use nakade::board::topology::analyze;
use nakade::board::{ascii, sgf, vertex, Board, Color};

/// Spaces larger than this are summarised in one line.
const LIST_LIMIT: usize = 16;

struct Case {
    header: Vec<(String, String)>,
    board_text: String,
    expect: String,
}

fn parse_case(text: &str) -> Case {
    let (head, rest) = text.split_once("=== board\n").expect("a '=== board' line");
    let (board_text, expect) = rest
        .split_once("=== expect\n")
        .expect("a '=== expect' line");
    let header = head
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l.split_once(':').expect("key: value");
            (k.trim().to_string(), v.trim().to_string())
        })
        .collect();
    Case {
        header,
        board_text: board_text.to_string(),
        expect: expect.to_string(),
    }
}

fn describe(board: &mut Board, live: &Liveness, colors: &[Color]) -> String {
    let limits = ReadLimits::default();
    let mut out = String::new();
    let dead: Vec<String> = live
        .dead_strings(board)
        .iter()
        .map(|&s| first_stone(board, s))
        .collect();
    writeln!(out, "dead: {}", dead.join(" ")).unwrap();
    for &c in colors {
        let alive = pass_alive(board, c);
        let mut names: Vec<String> = alive
            .strings
            .iter()
            .map(|&s| first_stone(board, s))
            .collect();
        names.sort_by_key(|n| vertex::parse(board, n).unwrap());
        writeln!(out, "pass-alive {}: {}", c.name(), names.join(" ")).unwrap();
    }
    for &c in colors {
        for s in eye_spaces(board, live, c, limits) {
            if s.points.len() > LIST_LIMIT {
                writeln!(out, "{} {}: too big to list", c.name(), s.points.len()).unwrap();
                continue;
            }
            // The space after topology: false eyes shown marginal.
            let a = analyze(board, &s, limits);
            writeln!(out, "{}", a.space.summary(board)).unwrap();
            for line in a.space.render(board).lines() {
                writeln!(out, "  {line}").unwrap();
            }
            for line in a.report(board).lines() {
                writeln!(out, "  {line}").unwrap();
            }
            let g = &a.graph;
            let marginal = g.vertices.iter().filter(|v| v.marginal).count();
            let virt = g.vertices.iter().filter(|v| v.loc.is_none()).count();
            let enclosed: Vec<String> = g
                .vertices
                .iter()
                .filter(|v| v.enclosed)
                .filter_map(|v| v.loc.map(|l| vertex::name(board, l)))
                .collect();
            write!(
                out,
                "  graph: {} vertices, {} edges, {} marginal, {} virtual",
                g.vertices.len(),
                g.edges.len(),
                marginal,
                virt
            )
            .unwrap();
            if !enclosed.is_empty() {
                write!(out, ", enclosed {}", enclosed.join(" ")).unwrap();
            }
            writeln!(out).unwrap();
        }
    }
    out
}

fn first_stone(board: &Board, s: nakade::board::Loc) -> String {
    vertex::name(board, *board.string_stones(s).iter().min().unwrap())
}

fn run_case(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).unwrap();
    let case = parse_case(&text);
    let get = |k: &str| {
        case.header
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    let size = get("size").map(|s| s.parse::<usize>().unwrap());
    let mut board = match get("sgf") {
        Some(spec) => {
            let mut it = spec.split_whitespace();
            let file = path.parent().unwrap().join(it.next().unwrap());
            let mv = it.next().map(|m| m.parse().unwrap());
            sgf::load(&std::fs::read_to_string(file).unwrap(), mv)
                .unwrap()
                .board
        }
        None => {
            ascii::parse_board(&case.board_text, size)
                .map_err(|e| e.to_string())?
                .board
        }
    };
    let live = match get("dead") {
        Some(list) => {
            let locs: Vec<_> = list
                .split_whitespace()
                .map(|v| vertex::parse(&board, v).unwrap())
                .collect();
            Liveness::from_dead(&board, &locs)
        }
        None => Liveness::read(&mut board, ReadLimits::default()),
    };
    let colors = match get("colors").as_deref() {
        Some("black") => vec![Color::Black],
        Some("white") => vec![Color::White],
        _ => vec![Color::Black, Color::White],
    };
    let before = board.clone();
    let actual = describe(&mut board, &live, &colors);
    assert_eq!(
        board,
        before,
        "{}: the stages must give the board back unchanged",
        path.display()
    );
    board.check_consistency().unwrap();
    if actual != case.expect {
        if std::env::var_os("NAKADE_BLESS").is_some() {
            let head = text.split("=== expect\n").next().unwrap();
            std::fs::write(path, format!("{head}=== expect\n{actual}")).unwrap();
            return Ok(());
        }
        return Err(format!(
            "{}:\n--- expected\n{}--- actual\n{}",
            path.display(),
            case.expect,
            actual
        ));
    }
    Ok(())
}

#[test]
fn position_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 10,
        "the corpus has {} positions",
        paths.len()
    );
    let failures: Vec<String> = paths.iter().filter_map(|p| run_case(p).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
