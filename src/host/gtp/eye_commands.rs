//! GNU Go's eye commands over GTP, answered by this crate: `analyze_eyegraph` by the solver,
//! `eval_eye` by the [`crate::board::analysis`] pipeline; `eye_spaces`, a debug view of the
//! board stages.
//!
//! Takes GTP arguments; gives answers in GNU Go 3.8's exact formats (`shared/gnugo/GTP.md`).
//! [`engine`] is the [`Engine`] with both commands registered, as `nakade gtp` serves it.
//!
//! `analyze_eyegraph GRAPH` parses the graph with [`parse_graph`], reads it with
//! [`solve::solve`] (GNU Go 3.8's parameters: two outer liberties, no ko threats) and answers
//! `abcd`, then one line per input row: the row at the bounding width (the longest row; trailing
//! spaces kept), cells outside the space as spaces, edge markers as given, vital points that
//! change the value marked. Where GNU Go 3.8 aborts (15 cells and more) this answers, up to the
//! solver's [`solve::MAX_VERTICES`]; beyond, or when the search limit is reached, it answers an
//! error and the session goes on.
//!
//! ```
//! use nakade::host::gtp::eye_commands::analyze_eyegraph;
//! use nakade::evaluation::solve::Params;
//! assert_eq!(analyze_eyegraph("OO!%O.X%!...", &Params::default()).unwrap(), "0112\n  @ \n .X \n!.*.");
//! assert_eq!(analyze_eyegraph("|..%|..%+--", &Params::default()).unwrap(), "1112\n|>>\n|>>\n+--");
//! ```

use super::engine::{parse_color, Engine, Handler};
use crate::board::analysis::{analyze_position, AnalysisLimits, EyeEvaluator, PositionReport};
use crate::board::eyespace::{eye_spaces, space_at, Liveness};
use crate::board::topology::analyze;
use crate::board::{vertex, Board, Color, Loc};
use crate::evaluation::evaluate::Evaluator;
use crate::evaluation::solve::{self, Params, Space};
use crate::pattern::encoded::parse_graph;
use crate::EyeValue;

/// Search nodes `analyze_eyegraph` spends on one graph before it gives up with an error.
pub const GTP_NODE_LIMIT: u64 = 50_000_000;

/// Time `analyze_eyegraph` spends on one graph before it gives up with an error, so that a
/// host's session never blocks for long.
pub const GTP_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The answer to `analyze_eyegraph GRAPH` without the `= `: the value, then the annotated rows,
/// one a line. `Err` holds the GTP error message.
pub fn analyze_eyegraph(graph: &str, params: &Params) -> Result<String, String> {
    let d = parse_graph(graph).map_err(|e| format!("invalid graph: {e}"))?;
    let space = Space::from_diagram(&d).map_err(|e| format!("failed to analyze: {e}"))?;
    let sol = solve::solve_value(&space, params).map_err(|e| format!("failed to analyze: {e}"))?;
    let annotated = sol.annotate(&d);
    let width = annotated.rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = sol.value.to_string();
    for row in annotated.render(' ') {
        out.push('\n');
        out.push_str(&row);
        for _ in row.chars().count()..width {
            out.push(' ');
        }
    }
    Ok(out)
}

/// The `analyze_eyegraph` command.
pub fn analyze_eyegraph_handler(params: Params) -> Handler {
    Box::new(move |_, args| {
        let [g] = args else {
            return Err("analyze_eyegraph takes one argument, the graph".into());
        };
        analyze_eyegraph(g, &params)
    })
}

/// The `eval_eye VERTEX` command, as [`eval_eye_handler`] answers it (the black
/// eye space at the vertex, else the white one; `-1` when none; `MIN MAX [ATTACK DEFENSE]`),
/// but analysing the whole board once per position: the report of every space is kept until
/// the board changes, as GNU Go keeps its `examine_position` results.
pub fn eval_eye_cached(limits: AnalysisLimits) -> Handler {
    eval_eye_cached_with(Evaluator::with_default(), limits)
}

/// [`eval_eye_cached`] through `ev`: a database and solver parameters of the host's choosing
/// (`nakade gtp --db FILE --outer-liberties N ...`).
pub fn eval_eye_cached_with(ev: Evaluator<'static>, limits: AnalysisLimits) -> Handler {
    let mut cache: Option<(Board, PositionReport)> = None;
    Box::new(move |st, args| {
        let [v] = args else {
            return Err("invalid coordinate".into());
        };
        let loc = vertex::parse(&st.board, v).map_err(|_| "invalid coordinate".to_string())?;
        let (board, report) = match cache.take() {
            Some((b, r)) if b == st.board => (b, r),
            _ => {
                let mut b = st.board.clone();
                let lim = AnalysisLimits {
                    read: st.limits,
                    ..limits
                };
                let r = analyze_position(&mut b, &ev, None, lim);
                (b, r)
            }
        };
        let found = [Color::Black, Color::White].iter().find_map(|&c| {
            report
                .spaces
                .iter()
                .find(|s| s.color() == c && s.analyzed.space.contains(loc))
        });
        let answer = match found {
            None => Ok("-1".to_string()),
            Some(s) if s.value.is_none() => Err("eye space cannot be evaluated".to_string()),
            Some(s) => Ok(s.eval_eye(&board)),
        };
        cache = Some((board, report));
        answer
    })
}

/// The position side of `eval_eye VERTEX`, as GNU Go answers it (see `shared/gnugo/GTP.md`):
/// the black eye space at the vertex if there is one, else the white one; `-1` when none;
/// otherwise `MIN MAX` (digits b and c of the value) and, when the move is urgent
/// (`b != c` and `d + c - b - a > 0`), ` ATTACK DEFENSE`.
pub fn eval_eye_handler<E: EyeEvaluator + 'static>(evaluator: E) -> Handler {
    Box::new(move |st, args| {
        let [v] = args else {
            return Err("invalid coordinate".into());
        };
        let loc = vertex::parse(&st.board, v).map_err(|_| "invalid coordinate".to_string())?;
        let limits = st.limits;
        let mut board = st.board.clone();
        let live = Liveness::read(&mut board, limits);
        let Some(space) = space_at(&mut board, &live, loc, limits) else {
            return Ok("-1".into());
        };
        let analyzed = analyze(&mut board, &space, limits);
        let ans = evaluator
            .evaluate(&board, &analyzed)
            .ok_or_else(|| "eye space cannot be evaluated".to_string())?;
        let EyeValue { a, b, c, d } = ans.value;
        let mut out = format!("{b} {c}");
        let urgency = i32::from(d) + i32::from(c) - i32::from(b) - i32::from(a);
        if b != c && urgency > 0 {
            let name = |l: Option<Loc>| l.map_or("PASS".to_string(), |l| vertex::name(&board, l));
            out.push_str(&format!(" {} {}", name(ans.attack), name(ans.defense)));
        }
        Ok(out)
    })
}

/// A debug view of the board stages (STYLE item 15), to register under a name of the host's
/// choosing, e.g. `eye_spaces`: `eye_spaces COLOR` answers one block per eye space of that
/// colour (summary line, diagram, topology report), after the dead strings (each named by
/// its first stone in board order).
pub fn eye_spaces_handler() -> Handler {
    Box::new(|st, args| {
        let [c] = args else {
            return Err("invalid color".into());
        };
        let color = parse_color(c)?;
        let limits = st.limits;
        let mut board = st.board.clone();
        let live = Liveness::read(&mut board, limits);
        let dead: Vec<String> = live
            .dead_strings(&board)
            .iter()
            .map(|&s| {
                let first = *board.string_stones(s).iter().min().expect("a stone");
                vertex::name(&board, first)
            })
            .collect();
        let mut out = format!("dead: {}", dead.join(" "));
        for space in eye_spaces(&mut board, &live, color, limits) {
            let a = analyze(&mut board, &space, limits);
            out.push('\n');
            out.push_str(&a.space.summary(&board));
            for line in a
                .space
                .render(&board)
                .lines()
                .chain(a.report(&board).lines())
            {
                out.push_str("\n  ");
                out.push_str(line);
            }
        }
        Ok(out)
    })
}

/// The unconditional status of a point, in GNU Go 3.8's words: see
/// [`crate::board::unconditional`].
pub fn unconditional_status(board: &Board, loc: Loc) -> &'static str {
    crate::board::unconditional::status(board, loc).as_str()
}

/// The `unconditional_status VERTEX` command ([`unconditional_status`]).
pub fn unconditional_status_handler() -> Handler {
    Box::new(|st, args| {
        let [v] = args else {
            return Err("invalid coordinate".into());
        };
        let loc = vertex::parse(&st.board, v).map_err(|_| "invalid coordinate".to_string())?;
        Ok(unconditional_status(&st.board, loc).to_string())
    })
}

/// The GTP engine of `nakade gtp`: the built-in commands, `eval_eye` through the database and
/// solver, `analyze_eyegraph` through the solver, `unconditional_status` by Benson's
/// algorithm, and GoGui's analyze commands ([`super::gogui`]).
pub fn engine() -> Engine {
    engine_with(
        Evaluator::with_default(),
        Params {
            node_limit: GTP_NODE_LIMIT,
            time_limit: Some(GTP_TIME_LIMIT),
            ..Params::default()
        },
    )
}

/// [`engine`] with `eval_eye` (and GoGui's analyze commands) through `evaluator` and
/// `analyze_eyegraph` read with `params`.
pub fn engine_with(evaluator: Evaluator<'static>, params: Params) -> Engine {
    let mut e = Engine::new();
    // The GoGui commands keep a cache of their own, over the same database and parameters.
    let for_gogui = Evaluator::new(evaluator.database(), *evaluator.params());
    super::gogui::register(&mut e, for_gogui, AnalysisLimits::default());
    e.register(
        "eval_eye",
        eval_eye_cached_with(evaluator, AnalysisLimits::default()),
    );
    e.register("analyze_eyegraph", analyze_eyegraph_handler(params));
    e.register("unconditional_status", unconditional_status_handler());
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::analysis::{EyeAnswer, GtpEvaluator};
    use crate::board::topology::AnalyzedSpace;

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        engine().run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn gnu_go_worked_examples() {
        // shared/gnugo/GTP.md, examples 1 to 4 (5 is refused by GNU Go; the solver answers).
        let out = session(
            "1 analyze_eyegraph OO!%O.X%!...\n2 analyze_eyegraph .!!..\n3 analyze_eyegraph .!..%O$\n4 analyze_eyegraph |..%|..%+--\n",
        );
        assert_eq!(
            out,
            "=1 0112\n  @ \n .X \n!.*.\n\n=2 1122\n.@(<.\n\n=3 0022\n.)<.\n $  \n\n=4 1112\n|>>\n|>>\n+--\n\n"
        );
    }

    #[test]
    fn bad_graphs_are_errors_and_the_session_goes_on() {
        let out = session("analyze_eyegraph ..?\nanalyze_eyegraph\nanalyze_eyegraph x\nname\n");
        assert_eq!(
            out,
            "? invalid graph: column 3: unexpected '?'; expected a vertex marker (. * < > X ! @ ( ) $), O for a cell outside the space, an edge marker (| - +) or % between rows\n\n\
             ? analyze_eyegraph takes one argument, the graph\n\n\
             ? invalid graph: column 1: 'x' is a pattern wildcard; an eye space says '.' (empty) or 'X' (stone)\n\n\
             = nakade\n\n"
        );
    }

    #[test]
    fn fifteen_cells_are_answered() {
        // GNU Go 3.8 aborts on 15 cells. Two strings of seven attacker stones share their one
        // liberty: whoever plays it, both strings go and fifteen empty points are two eyes.
        assert_eq!(
            analyze_eyegraph("XXXXXXX.XXXXXXX", &Params::default()).unwrap(),
            "2222\nXXXXXXX.XXXXXXX"
        );
    }

    #[test]
    fn eye_spaces_debug_view() {
        let mut e = Engine::new();
        e.register("eye_spaces", eye_spaces_handler());
        let mut out = Vec::new();
        let input = "boardsize 5\nplay w a4\nplay w b4\nplay w b5\nplay b a3\nplay b b3\nplay b c4\nplay b c5\neye_spaces white\neye_spaces x\n";
        e.run(input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // The white string A4 B4 B5 has one liberty left: dead, so white has no eye space.
        assert!(
            text.ends_with("= dead: B5\n\n? invalid color\n\n"),
            "{text}"
        );
    }

    struct Fixed;
    impl EyeEvaluator for Fixed {
        fn evaluate(&self, _: &Board, space: &AnalyzedSpace) -> Option<EyeAnswer> {
            // A test double: one fixed value, vital point the first point.
            let p = space.space.points[0].loc;
            Some(EyeAnswer {
                value: "1122".parse().unwrap(),
                attack: Some(p),
                defense: Some(p),
            })
        }
    }

    #[test]
    fn eval_eye_hook() {
        let dir = std::env::temp_dir().join(format!("nakade-gtp-{}.sgf", std::process::id()));
        std::fs::write(
            &dir,
            "(;SZ[7]AW[da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec])",
        )
        .unwrap();
        let mut e = Engine::new();
        e.register("eval_eye", eval_eye_handler(Fixed));
        let mut out = Vec::new();
        let input = format!(
            "1 loadsgf {}\n2 eval_eye A7\n3 eval_eye D7\n4 eval_eye Z9\n",
            dir.display()
        );
        e.run(input.as_bytes(), &mut out).unwrap();
        std::fs::remove_file(&dir).ok();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=1 black\n\n=2 1 2 A7 A7\n\n=3 -1\n\n?4 invalid coordinate\n\n"
        );
    }

    #[test]
    fn the_gtp_hook_answers_as_the_cached_engine() {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/eval_eye/corner_bent_four_stone.sgf"
        );
        let input = format!("loadsgf {file}\neval_eye B1\neval_eye A2\neval_eye E5\n");
        let mut hooked = Engine::new();
        hooked.register(
            "eval_eye",
            eval_eye_handler(GtpEvaluator {
                evaluator: Evaluator::with_default(),
                limits: AnalysisLimits::default(),
            }),
        );
        let mut a = Vec::new();
        hooked.run(input.as_bytes(), &mut a).unwrap();
        let mut b = Vec::new();
        engine().run(input.as_bytes(), &mut b).unwrap();
        assert_eq!(
            String::from_utf8(a).unwrap(),
            "= black\n\n= 1 2 B1 B1\n\n= 1 2 B1 B1\n\n= 2 2\n\n"
        );
        assert_eq!(
            String::from_utf8(b).unwrap(),
            "= black\n\n= 1 2 B1 B1\n\n= 1 2 B1 B1\n\n= 2 2\n\n"
        );
    }
}
