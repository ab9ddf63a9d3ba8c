//! GoGui's analyze commands: nakade's reading of the position drawn on GoGui's board.
//!
//! Takes the engine's position; gives answers in the response types of GoGui's analyze
//! commands (its manual, chapter "Analyze Commands"): `plist` (points, one line), `sboard`
//! (a board of strings, top row first, `""` for none) and `gfx` (one drawing directive a
//! line: `COLOR`, `LABEL`, `CIRCLE`, `TRIANGLE`, `MARK`, `SQUARE`, `BLACK`, `WHITE`,
//! `TEXT`). `gogui-analyze_commands` lists them as `type/label/command`, so GoGui offers them
//! in its analyze dialog when it attaches the engine:
//!
//! | command | type | draws |
//! |---|---|---|
//! | `nakade-eyes` | gfx | every eye space tinted by owner (blue black's, orange white's), its value on each point, vital points circled, half eyes a triangle, false eyes a cross, dead stones a square, the values of each colour in the status bar |
//! | `nakade-eye_values` | sboard | each eye space's value `abcd` on its points (`?` when none could be found) |
//! | `nakade-vital_points` | plist | the attack and defence points of every space |
//! | `nakade-half_eyes` | plist | the half eyes |
//! | `nakade-false_eyes` | plist | the false eyes |
//! | `nakade-dead_stones` | plist | the stones of dead strings |
//! | `nakade-pass_alive` | gfx | Benson: pass-alive regions as territory, pass-alive strings circled, the counts in the status bar |
//! | `nakade-unconditional` | gfx | GNU Go's unconditional status of every point: each colour's unconditional territory marked, dead stones crossed, alive stones circled, the counts in the status bar |
//! | `eval_eye %p` | string | the value and vital points of the space at the point GoGui asks the user to click, as GNU Go prints them |
//! | `unconditional_status %p` | string | the point's unconditional status |
//! | `nakade-final_status` | gfx | the end of the game ([`super::final_commands`]): territory marks, dead stones crossed, seki stones a triangle, the teire circled, the score in the status bar |
//!
//! The analysis is [`analyze_position`] over both colours, made once per position and shared
//! by the commands (GoGui runs its chosen command after every move). A point in two spaces
//! (black's and white's) shows black's.

use std::sync::{Arc, Mutex};

use super::engine::{Engine, EngineState};
use crate::board::analysis::{analyze_position, AnalysisLimits, PositionReport};
use crate::board::{vertex, Board, Color, Loc};
use crate::evaluation::evaluate::Evaluator;

/// The commands, as `gogui-analyze_commands` lists them: `type/label/command`.
pub const ANALYZE_COMMANDS: &[&str] = &[
    "gfx/Eye spaces/nakade-eyes",
    "sboard/Eye values/nakade-eye_values",
    "plist/Vital points/nakade-vital_points",
    "plist/Half eyes/nakade-half_eyes",
    "plist/False eyes/nakade-false_eyes",
    "plist/Dead stones/nakade-dead_stones",
    "gfx/Pass-alive (Benson)/nakade-pass_alive",
    "gfx/Unconditional status/nakade-unconditional",
    "string/Eye value at a point/eval_eye %p",
    "string/Unconditional status at a point/unconditional_status %p",
    "gfx/Final status and score/nakade-final_status",
];

/// Background tints of the eye spaces in `nakade-eyes`, as `analyze --svg` colours them.
const BLACK_TINT: &str = "#a9c3f5";
const WHITE_TINT: &str = "#f9cf94";

/// What the commands share: the evaluator and the last position's analysis.
struct Shared {
    evaluator: Evaluator<'static>,
    limits: AnalysisLimits,
    last: Mutex<Option<(Board, PositionReport)>>,
}

impl Shared {
    /// Run `f` on the analysis of the engine's position, made now unless the position is the
    /// one analysed last.
    fn with<T>(&self, st: &EngineState, f: impl FnOnce(&Board, &PositionReport) -> T) -> T {
        // A poisoned lock only means an earlier command panicked: its cache is thrown away.
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let fresh = !matches!(&*last, Some((b, _)) if *b == st.board);
        if fresh {
            let mut board = st.board.clone();
            let limits = AnalysisLimits {
                read: st.limits,
                ..self.limits
            };
            let report = analyze_position(&mut board, &self.evaluator, None, limits);
            *last = Some((board, report));
        }
        let (board, report) = last.as_ref().expect("just filled");
        f(board, report)
    }
}

/// GTP names of `locs`, sorted in board order and without repeats, space-separated.
fn names(board: &Board, locs: impl IntoIterator<Item = Loc>) -> String {
    let mut locs: Vec<Loc> = locs.into_iter().collect();
    locs.sort();
    locs.dedup();
    let names: Vec<String> = locs.iter().map(|&l| vertex::name(board, l)).collect();
    names.join(" ")
}

/// The value of each point that is in an eye space (black's spaces first), by location.
fn values(board: &Board, report: &PositionReport) -> Vec<Option<String>> {
    let mut out = vec![None; board.grid_len()];
    for s in &report.spaces {
        let text = s.value_label();
        for l in s.points() {
            out[l.index()].get_or_insert_with(|| text.clone());
        }
    }
    out
}

/// Every stone of the strings whose heads are `heads`.
fn stones_of(board: &Board, heads: &[Loc]) -> Vec<Loc> {
    heads.iter().flat_map(|&h| board.string_stones(h)).collect()
}

/// `nakade-eye_values`: an `sboard`, the top row first.
fn eye_values(board: &Board, report: &PositionReport) -> String {
    let values = values(board, report);
    let n = board.size();
    let mut out = String::new();
    for y in 0..n {
        out.push('\n');
        let row: Vec<&str> = (0..n)
            .map(|x| {
                let loc = board.loc(x, y).expect("on board");
                values[loc.index()].as_deref().unwrap_or("\"\"")
            })
            .collect();
        out.push_str(&row.join(" "));
    }
    out
}

/// One `gfx` line, or nothing when it has no points.
fn directive(out: &mut String, name: &str, points: &str) {
    if !points.is_empty() {
        out.push('\n');
        out.push_str(name);
        out.push(' ');
        out.push_str(points);
    }
}

/// `nakade-eyes`: the whole reading as `gfx`.
fn eyes(board: &Board, report: &PositionReport) -> String {
    let mut out = String::new();
    for (color, tint) in [(Color::Black, BLACK_TINT), (Color::White, WHITE_TINT)] {
        let points = report
            .spaces
            .iter()
            .filter(|s| s.color() == color)
            .flat_map(|s| s.points());
        directive(&mut out, &format!("COLOR {tint}"), &names(board, points));
    }
    let values = values(board, report);
    let labels: Vec<String> = board
        .locs()
        .filter_map(|l| {
            let v = values[l.index()].as_ref()?;
            Some(format!("{} {v}", vertex::name(board, l)))
        })
        .collect();
    directive(&mut out, "LABEL", &labels.join(" "));
    let vital = report
        .spaces
        .iter()
        .flat_map(|s| s.attack.iter().chain(&s.defense).copied());
    directive(&mut out, "CIRCLE", &names(board, vital));
    let half = report
        .spaces
        .iter()
        .flat_map(|s| s.half_eyes())
        .map(|p| p.loc);
    directive(&mut out, "TRIANGLE", &names(board, half));
    let false_eyes = report
        .spaces
        .iter()
        .flat_map(|s| s.false_eyes())
        .map(|p| p.loc);
    directive(&mut out, "MARK", &names(board, false_eyes));
    directive(
        &mut out,
        "SQUARE",
        &names(board, stones_of(board, &report.dead)),
    );
    let summary: Vec<String> = [Color::Black, Color::White]
        .iter()
        .map(|&c| {
            let vals: Vec<String> = report
                .spaces
                .iter()
                .filter(|s| s.color() == c)
                .map(|s| s.value_label())
                .collect();
            let list = if vals.is_empty() {
                "no eye space".to_string()
            } else {
                vals.join(" ")
            };
            format!("{} {list}", c.name())
        })
        .collect();
    out.push_str(&format!("\nTEXT {}", summary.join("; ")));
    out
}

/// `nakade-pass_alive`: Benson's verdict as `gfx`.
fn pass_alive(board: &Board, report: &PositionReport) -> String {
    let mut out = String::new();
    let mut counts = Vec::new();
    let mut stones = Vec::new();
    for alive in &report.pass_alive {
        let territory = match alive.color {
            Color::Black => "BLACK",
            Color::White => "WHITE",
        };
        directive(&mut out, territory, &names(board, alive.regions.concat()));
        stones.extend(stones_of(board, &alive.strings));
        counts.push(format!(
            "{} {} strings {} regions",
            alive.color.name(),
            alive.strings.len(),
            alive.regions.len()
        ));
    }
    directive(&mut out, "CIRCLE", &names(board, stones));
    out.push_str(&format!("\nTEXT pass-alive: {}", counts.join(", ")));
    out
}

/// `nakade-unconditional`: each point's unconditional status (GNU Go's `unconditional_status`)
/// as `gfx`: each colour's unconditional territory as its territory marks (dead stones'
/// points included), dead stones crossed, alive stones circled, the counts in the status bar.
fn unconditional_view(board: &Board, _report: &PositionReport) -> String {
    use crate::board::unconditional::{self, Unconditional};
    let status = unconditional::all(board);
    let of = |want: &dyn Fn(Loc, Unconditional) -> bool| {
        names(
            board,
            status.iter().filter(|(l, u)| want(*l, *u)).map(|(l, _)| *l),
        )
    };
    let mut out = String::new();
    let owner = |l: Loc, u: Unconditional, c: Color| match u {
        Unconditional::BlackTerritory => c == Color::Black,
        Unconditional::WhiteTerritory => c == Color::White,
        Unconditional::Dead => board.color(l) == Some(c.opponent()),
        _ => false,
    };
    directive(&mut out, "BLACK", &of(&|l, u| owner(l, u, Color::Black)));
    directive(&mut out, "WHITE", &of(&|l, u| owner(l, u, Color::White)));
    directive(&mut out, "MARK", &of(&|_, u| u == Unconditional::Dead));
    directive(&mut out, "CIRCLE", &of(&|_, u| u == Unconditional::Alive));
    let counts: Vec<String> = Unconditional::ALL
        .iter()
        .map(|&k| format!("{} {}", k, status.iter().filter(|(_, u)| *u == k).count()))
        .collect();
    out.push_str(&format!("\nTEXT unconditional: {}", counts.join(", ")));
    out.trim_start().to_string()
}

/// Register `gogui-analyze_commands` and the commands it lists on `engine`, answered through
/// `evaluator` with `limits` beyond the engine's reading limits.
pub fn register(engine: &mut Engine, evaluator: Evaluator<'static>, limits: AnalysisLimits) {
    let shared = Arc::new(Shared {
        evaluator,
        limits,
        last: Mutex::new(None),
    });
    engine.register(
        "gogui-analyze_commands",
        Box::new(|_, _| Ok(ANALYZE_COMMANDS.join("\n"))),
    );
    type View = fn(&Board, &PositionReport) -> String;
    let views: [(&str, View); 8] = [
        ("nakade-eyes", eyes),
        ("nakade-eye_values", eye_values),
        ("nakade-vital_points", |b, r| {
            names(
                b,
                r.spaces
                    .iter()
                    .flat_map(|s| s.attack.iter().chain(&s.defense).copied()),
            )
        }),
        ("nakade-half_eyes", |b, r| {
            names(
                b,
                r.spaces.iter().flat_map(|s| s.half_eyes()).map(|p| p.loc),
            )
        }),
        ("nakade-false_eyes", |b, r| {
            names(
                b,
                r.spaces.iter().flat_map(|s| s.false_eyes()).map(|p| p.loc),
            )
        }),
        ("nakade-dead_stones", |b, r| names(b, stones_of(b, &r.dead))),
        ("nakade-pass_alive", pass_alive),
        ("nakade-unconditional", unconditional_view),
    ];
    for (name, view) in views {
        let shared = Arc::clone(&shared);
        engine.register(
            name,
            Box::new(move |st, args| {
                if !args.is_empty() {
                    return Err(format!("{name} takes no arguments"));
                }
                Ok(shared.with(st, view))
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_command_is_registered() {
        // The engine `nakade gtp` runs: the GoGui commands and the eye commands a `%p`
        // entry asks at a point.
        let known = super::super::eye_commands::engine().command_names();
        for line in ANALYZE_COMMANDS {
            let command = line.rsplit('/').next().unwrap();
            let name = command.split(' ').next().unwrap();
            assert!(known.iter().any(|k| k == name), "{command}");
        }
    }

    #[test]
    fn an_empty_board_draws_nothing_but_the_status_line() {
        let mut e = Engine::new();
        register(&mut e, Evaluator::with_default(), AnalysisLimits::default());
        let mut out = Vec::new();
        let input = "boardsize 3\nnakade-eyes\nnakade-vital_points\nnakade-eye_values\nnakade-pass_alive x\n";
        e.run(input.as_bytes(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=\n\n=\nTEXT black no eye space; white no eye space\n\n=\n\n=\n\"\" \"\" \"\"\n\"\" \"\" \"\"\n\"\" \"\" \"\"\n\n? nakade-pass_alive takes no arguments\n\n"
        );
    }
}
