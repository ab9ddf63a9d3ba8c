//! `nakade score FILE`: the final status of every string and the score of a finished
//! position, as text, JSON or an SVG picture.

use std::path::Path;
use std::process::ExitCode;

use nakade::board::finish::{final_status, score, FinalLimits, FinalReport, Rules, Score};
use nakade::board::{vertex, Board, Color, Loc};
use nakade::evaluation::evaluate::Evaluator;
use serde_json::{json, Value};

use super::svg;

/// What `nakade score` was asked.
pub struct Request<'a> {
    pub file: &'a Path,
    pub move_number: Option<usize>,
    pub rules: Rules,
    /// White's komi; `None`: the SGF's `KM`, else 0.
    pub komi: Option<f64>,
    /// Who is to move; `None`: as the file says (black for a diagram).
    pub to_move: Option<Color>,
    pub json: bool,
    pub svg: Option<&'a Path>,
}

pub fn run(req: &Request<'_>, ev: &Evaluator<'_>) -> anyhow::Result<ExitCode> {
    let pos = super::analyze::load_position(req.file, req.move_number)?;
    // A picture that cannot be written is an error before anything is read or printed.
    if let Some(out) = req.svg {
        super::output::check_writable(out)?;
    }
    let to_move = req.to_move.unwrap_or(pos.to_move);
    let komi = req.komi.or(pos.komi).unwrap_or(0.0);
    let report = final_status(&pos.board, ev, to_move, FinalLimits::default());
    let sc = score(&pos.board, &report, req.rules, komi);
    if req.json {
        outln!("{}", to_json(&pos.board, &report, &sc))?;
    } else {
        out!("{}", to_text(&pos.board, &report, &sc))?;
    }
    if let Some(out) = req.svg {
        super::output::write_whole(out, svg::render_score(&pos.board, &report, &sc).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn names(board: &Board, locs: &[Loc]) -> Vec<String> {
    locs.iter().map(|&l| vertex::name(board, l)).collect()
}

/// The score line, then one line per group: colour, status, stones, reason.
pub fn to_text(board: &Board, r: &FinalReport, sc: &Score) -> String {
    let mut s = format!(
        "{} ({} counting, komi {}): black {}, white {}; prisoners black {}, white {}\n",
        sc.result(),
        sc.rules.as_str(),
        sc.komi,
        sc.black,
        sc.white,
        sc.prisoners.0,
        sc.prisoners.1
    );
    if !r.settled() {
        s.push_str("not settled: some status depends on a move still to play or on an area counted, not read (see the reasons)\n");
    }
    for g in &r.groups {
        let stones = names(board, &g.stones);
        s.push_str(&format!(
            "{} {} ({} stone{}: {}): {}\n",
            g.color.name(),
            g.status,
            stones.len(),
            if stones.len() == 1 { "" } else { "s" },
            stones.join(" "),
            g.reason.describe(board)
        ));
    }
    for (what, v) in [
        ("black territory", &sc.black_territory),
        ("white territory", &sc.white_territory),
        ("dame", &sc.dame),
        ("seki points", &sc.seki),
        ("teire (still to play)", &sc.teire),
    ] {
        if !v.is_empty() {
            s.push_str(&format!("{what}: {}\n", names(board, v).join(" ")));
        }
    }
    s
}

/// One JSON object: the score, every group with its status and reason, territory by point.
pub fn to_json(board: &Board, r: &FinalReport, sc: &Score) -> Value {
    let groups: Vec<Value> = r
        .groups
        .iter()
        .map(|g| {
            json!({
                "color": g.color.name(),
                "status": g.status.as_str(),
                "stones": names(board, &g.stones),
                "reason": g.reason.describe(board),
                "settled": g.reason.settled(),
            })
        })
        .collect();
    json!({
        "size": board.size(),
        "rules": sc.rules.as_str(),
        "komi": sc.komi,
        "result": sc.result(),
        "black": sc.black,
        "white": sc.white,
        "prisoners": {"black": sc.prisoners.0, "white": sc.prisoners.1},
        "settled": r.settled(),
        "groups": groups,
        "territory": {
            "black": names(board, &sc.black_territory),
            "white": names(board, &sc.white_territory),
        },
        "dame": names(board, &sc.dame),
        "seki": names(board, &sc.seki),
        "teire": names(board, &sc.teire),
    })
}
