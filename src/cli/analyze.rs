//! `nakade analyze FILE`: every eye space of a position, valued, with Benson's verdict; as
//! text, JSON or an SVG picture.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use nakade::board::analysis::{
    analyze_position, AnalysisLimits, PositionReport, Source, SpaceReport,
};
use nakade::board::shape_library::library_reading;
use nakade::board::topology::eighths_to_string;
use nakade::board::unconditional::{self, Unconditional};
use nakade::board::{ascii, sgf, vertex, Board, Color, Loc};
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::library::Library;
use serde_json::{json, Value};

use super::svg;

/// What `nakade analyze` was asked.
pub struct Request<'a> {
    pub file: &'a Path,
    pub move_number: Option<usize>,
    pub color: Option<Color>,
    pub at: Option<&'a str>,
    pub json: bool,
    pub svg: Option<&'a Path>,
    /// A solved shape library to read plain eyes from as well.
    pub library: Option<&'a Path>,
    /// The solver's budget per large space ([`AnalysisLimits::solver_nodes`]); `None`: the
    /// default.
    pub solver_nodes: Option<u64>,
}

/// An SGF file (by extension `.sgf`, or text starting with `(`), else a board diagram. Errors
/// name `FILE:LINE:COL`; the SGF reader's warnings (setup stones left without liberties) go to
/// standard error, each naming `FILE:LINE:COL` and the stones.
pub fn load_board(file: &Path, move_number: Option<usize>) -> anyhow::Result<Board> {
    load_position(file, move_number).map(|p| p.board)
}

/// A loaded position: the board, who is to move (black for a diagram), the SGF's komi.
pub struct Loaded {
    pub board: Board,
    pub to_move: Color,
    pub komi: Option<f64>,
}

/// [`load_board`], with the player to move and the komi.
pub fn load_position(file: &Path, move_number: Option<usize>) -> anyhow::Result<Loaded> {
    // Read once (a pipe gives its bytes once), within the SGF limit for either form.
    let bytes = super::load::read_input(file, sgf::MAX_FILE_BYTES)?;
    let name = super::load::input_name(file);
    let text = String::from_utf8_lossy(&bytes);
    let is_sgf = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        || text.trim_start().starts_with('(');
    if is_sgf {
        let position = sgf::load(&text, move_number).map_err(|error| sgf::SgfFileError::Sgf {
            path: name.clone(),
            error,
        })?;
        for w in &position.warnings {
            eprintln!("warning: {name}:{w}");
        }
        Ok(Loaded {
            board: position.board,
            to_move: position.to_move,
            komi: position.komi,
        })
    } else {
        if move_number.is_some() {
            anyhow::bail!("{name}: --move needs an SGF file, this is a diagram");
        }
        ascii::parse_board(&text, None)
            .map(|p| Loaded {
                board: p.board,
                to_move: Color::Black,
                komi: None,
            })
            .map_err(|e| anyhow::anyhow!("{name}:{e}"))
    }
}

pub fn run(req: &Request<'_>, ev: &Evaluator<'_>) -> anyhow::Result<ExitCode> {
    let mut board = load_board(req.file, req.move_number)?;
    // A picture that cannot be written is an error before anything is read or printed.
    if let Some(out) = req.svg {
        super::output::check_writable(out)?;
    }
    let mut limits = AnalysisLimits::default();
    if let Some(nodes) = req.solver_nodes {
        limits.solver_nodes = nodes;
    }
    // With --at, every space is analysed and the one eval_eye would pick is kept: black's
    // space at the vertex, else white's.
    let color = if req.at.is_some() { None } else { req.color };
    let mut report = analyze_position(&mut board, ev, color, limits);
    if let Some(v) = req.at {
        let loc = vertex::parse(&board, v).map_err(|e| anyhow::anyhow!("--at {v}: {e}"))?;
        let pick = [Color::Black, Color::White].iter().find_map(|&c| {
            report
                .spaces
                .iter()
                .position(|s| s.color() == c && s.analyzed.space.contains(loc))
        });
        report.spaces = pick
            .map(|i| report.spaces.swap_remove(i))
            .into_iter()
            .collect();
        if report.spaces.is_empty() && !req.json {
            outln!("no eye space at {v} (eval_eye: -1)")?;
        }
    }
    let library = match req.library {
        Some(path) => Some(super::library::open(path)?),
        None => None,
    };
    if req.json {
        let mut v = to_json(&board, &report);
        if let Some(lib) = &library {
            if let Some(spaces) = v["spaces"].as_array_mut() {
                for (s, r) in spaces.iter_mut().zip(&report.spaces) {
                    s["library"] = library_json(&board, r, lib);
                }
            }
        }
        outln!("{v}")?;
    } else {
        out!("{}", to_text(&board, &report))?;
        if let Some(lib) = &library {
            for (k, r) in report.spaces.iter().enumerate() {
                outln!(
                    "{} space {} library: {}",
                    r.color().name(),
                    k + 1,
                    library_text(&board, r, lib)
                )?;
            }
        }
    }
    if let Some(out) = req.svg {
        super::output::write_whole(out, svg::render(&board, &report).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn library_text(board: &Board, r: &SpaceReport, lib: &Library) -> String {
    let Some(x) = library_reading(board, r, lib) else {
        return "not held (not a plain eye of one string, or not a library shape)".to_string();
    };
    let at = |l: Option<Loc>| l.map_or("-".to_string(), |l| vertex::name(board, l));
    format!(
        "{} placement, {} outside liberties; opponent first: {} ({}), owner first: {} ({})",
        x.edge,
        x.liberties,
        x.opponent_first.0.outcome,
        at(x.opponent_first.1),
        x.owner_first.0.outcome,
        at(x.owner_first.1)
    )
}

fn library_json(board: &Board, r: &SpaceReport, lib: &Library) -> Value {
    let Some(x) = library_reading(board, r, lib) else {
        return Value::Null;
    };
    let at = |l: Option<Loc>| l.map(|l| vertex::name(board, l));
    json!({
        "placement": x.edge.to_string(),
        "liberties": x.liberties,
        "opponent_first": {"outcome": x.opponent_first.0.outcome.to_string(), "best": at(x.opponent_first.1)},
        "owner_first": {"outcome": x.owner_first.0.outcome.to_string(), "best": at(x.owner_first.1)},
    })
}

/// `1 point`, `2 points`: a count with its noun in the right number.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn names(board: &Board, locs: &[Loc]) -> Vec<String> {
    locs.iter().map(|&l| vertex::name(board, l)).collect()
}

fn list(board: &Board, locs: &[Loc]) -> String {
    if locs.is_empty() {
        "-".to_string()
    } else {
        names(board, locs).join(" ")
    }
}

/// A string named by its first stone in board order.
fn first_stone(board: &Board, s: Loc) -> Loc {
    *board.string_stones(s).iter().min().expect("a stone")
}

/// The text report.
pub fn to_text(board: &Board, r: &PositionReport) -> String {
    let mut out = String::new();
    let dead: Vec<Loc> = r.dead.iter().map(|&s| first_stone(board, s)).collect();
    writeln!(out, "dead: {}", list(board, &dead)).unwrap();
    for pa in &r.pass_alive {
        let strings: Vec<Loc> = pa.strings.iter().map(|&s| first_stone(board, s)).collect();
        let regions: Vec<String> = pa
            .regions
            .iter()
            .map(|reg| format!("{{{}}}", names(board, reg).join(" ")))
            .collect();
        writeln!(
            out,
            "pass-alive {}: strings {}; regions {}",
            pa.color.name(),
            list(board, &strings),
            if regions.is_empty() {
                "-".to_string()
            } else {
                regions.join(" ")
            }
        )
        .unwrap();
    }
    let status = unconditional::all(board);
    for u in Unconditional::ALL {
        let points: Vec<Loc> = status.iter().filter(|s| s.1 == u).map(|s| s.0).collect();
        if u == Unconditional::Undecided {
            writeln!(
                out,
                "unconditional undecided: {}",
                count(points.len(), "point", "points")
            )
            .unwrap();
        } else if !points.is_empty() {
            writeln!(out, "unconditional {u}: {}", list(board, &points)).unwrap();
        }
    }
    for (k, s) in r.spaces.iter().enumerate() {
        out.push('\n');
        space_text(&mut out, board, k, s);
    }
    out
}

fn space_text(out: &mut String, board: &Board, k: usize, s: &SpaceReport) {
    let pts = s.points();
    writeln!(
        out,
        "{} space {}: {}",
        s.color().name(),
        k + 1,
        count(pts.len(), "point", "points")
    )
    .unwrap();
    writeln!(out, "  points:    {}", list(board, &pts)).unwrap();
    let open = s.open_sides();
    let open = if open.is_empty() {
        String::new()
    } else {
        format!(" (open side: {})", list(board, &open))
    };
    writeln!(out, "  marginal:  {}{open}", list(board, &s.marginals())).unwrap();
    if !s.stones().is_empty() {
        writeln!(out, "  stones:    {}", list(board, &s.stones())).unwrap();
    }
    let half: Vec<String> = s
        .half_eyes()
        .iter()
        .map(|h| {
            format!(
                "{} ({}, decided at {})",
                vertex::name(board, h.loc),
                eighths_to_string(h.eighths),
                list(board, &h.defense)
            )
        })
        .collect();
    let fals: Vec<String> = s
        .false_eyes()
        .iter()
        .map(|h| {
            format!(
                "{} ({})",
                vertex::name(board, h.loc),
                eighths_to_string(h.eighths)
            )
        })
        .collect();
    writeln!(
        out,
        "  half eyes: {}",
        if half.is_empty() {
            "-".into()
        } else {
            half.join(", ")
        }
    )
    .unwrap();
    writeln!(
        out,
        "  false eyes: {}",
        if fals.is_empty() {
            "-".into()
        } else {
            fals.join(", ")
        }
    )
    .unwrap();
    if s.graph.is_empty() {
        writeln!(out, "  class:     - (too many vertices for a graph)").unwrap();
    } else {
        writeln!(out, "  class:     {}", s.neighbour_class()).unwrap();
    }
    writeln!(out, "  outer libs: {}", s.analyzed.outer_liberties).unwrap();
    writeln!(out, "  source:    {}", s.source).unwrap();
    match s.value {
        Some(v) if s.is_bound() => writeln!(
            out,
            "  value:     at most 2 eyes (a bound, {v}: beyond the solver's reach, not a value)"
        )
        .unwrap(),
        Some(_) if s.source == Source::SolverMinMax => writeln!(
            out,
            "  value:     {} ({}; the other two digits not read)",
            s.value_label(),
            min_max_words(s)
        )
        .unwrap(),
        Some(v) => writeln!(out, "  value:     {v} ({})", v.describe()).unwrap(),
        None => writeln!(out, "  value:     unknown").unwrap(),
    }
    writeln!(out, "  attack:    {}", list(board, &s.attack)).unwrap();
    writeln!(out, "  defense:   {}", list(board, &s.defense)).unwrap();
    writeln!(out, "  eval_eye:  {}", s.eval_eye(board)).unwrap();
    for line in s.analyzed.space.render(board).lines() {
        writeln!(out, "    {line}").unwrap();
    }
}

/// The digits of a space read for `b` and `c` alone, in words, as the text and the SVG's
/// legend give them: `1 eye with the attacker first, 2 eyes with the owner first`.
pub fn min_max_words(s: &SpaceReport) -> String {
    let eyes = |n: u8| match n {
        0 => "no eye",
        1 => "1 eye",
        _ => "2 eyes",
    };
    let (b, c) = s.min_max().unwrap_or((0, 0));
    format!(
        "{} with the attacker first, {} with the owner first",
        eyes(b),
        eyes(c)
    )
}

/// The JSON report: vertices as GTP names.
pub fn to_json(board: &Board, r: &PositionReport) -> Value {
    let n = |locs: &[Loc]| Value::from(names(board, locs));
    let pass_alive: serde_json::Map<String, Value> = r
        .pass_alive
        .iter()
        .map(|pa| {
            let strings: Vec<Loc> = pa.strings.iter().map(|&s| first_stone(board, s)).collect();
            let regions: Vec<Value> = pa.regions.iter().map(|reg| n(reg)).collect();
            (
                pa.color.name().to_string(),
                json!({"strings": n(&strings), "regions": regions}),
            )
        })
        .collect();
    let dead: Vec<Loc> = r.dead.iter().map(|&s| first_stone(board, s)).collect();
    let status = unconditional::all(board);
    let unconditional: serde_json::Map<String, Value> = Unconditional::ALL
        .iter()
        .map(|&u| {
            let points: Vec<Loc> = status.iter().filter(|s| s.1 == u).map(|s| s.0).collect();
            (u.as_str().to_string(), n(&points))
        })
        .collect();
    let spaces: Vec<Value> = r
        .spaces
        .iter()
        .map(|s| {
            json!({
                "color": s.color().name(),
                "points": n(&s.points()),
                "marginal": n(&s.marginals()),
                "open_sides": n(&s.open_sides()),
                "stones": n(&s.stones()),
                "half_eyes": s.half_eyes().iter().map(|h| json!({
                    "point": vertex::name(board, h.loc),
                    "sum": eighths_to_string(h.eighths),
                    "attack": n(&h.attack),
                    "defense": n(&h.defense),
                })).collect::<Vec<_>>(),
                "false_eyes": s.false_eyes().iter().map(|h| vertex::name(board, h.loc)).collect::<Vec<_>>(),
                "class": if s.graph.is_empty() { Value::Null } else { Value::from(s.neighbour_class()) },
                "outer_liberties": s.analyzed.outer_liberties,
                "source": s.source_kind(),
                "pattern": match s.source { Source::Pattern(n) => Value::from(n), _ => Value::Null },
                "ko": match &s.source {
                    Source::Ko(k) => json!({
                        "owner_wins": k.owner_wins.to_string(),
                        "attacker_wins": k.attacker_wins.to_string(),
                    }),
                    _ => Value::Null,
                },
                // A bound is never a value: a host that reads `value` alone cannot mistake it.
                "value": s.exact_value().map(|v| v.to_string()),
                "bound": if s.is_bound() { s.value.map(|v| v.to_string()) } else { None },
                // `b` and `c` (the eyes with the attacker, with the owner first) wherever
                // they are known: from a value, or read alone (`solver-min-max`).
                "min_max": s.min_max().map(|(b, c)| [b, c]),
                "attack": n(&s.attack),
                "defense": n(&s.defense),
                "eval_eye": s.eval_eye(board),
            })
        })
        .collect();
    json!({"dead": n(&dead), "pass_alive": pass_alive, "unconditional": unconditional, "spaces": spaces})
}
