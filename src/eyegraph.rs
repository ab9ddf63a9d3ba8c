//! GNU Go's eye commands over GTP, answered by this crate: `analyze_eyegraph` by the solver,
//! `eval_eye` by the [`crate::analysis`] pipeline.
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
//! use nakade::eyegraph::analyze_eyegraph;
//! use nakade::solve::Params;
//! assert_eq!(analyze_eyegraph("OO!%O.X%!...", &Params::default()).unwrap(), "0112\n  @ \n .X \n!.*.");
//! assert_eq!(analyze_eyegraph("|..%|..%+--", &Params::default()).unwrap(), "1112\n|>>\n|>>\n+--");
//! ```

use crate::analysis::{analyze_position, AnalysisLimits, PositionReport};
use crate::board::{vertex, Board, Color};
use crate::encoded::parse_graph;
use crate::evaluate::Evaluator;
use crate::gtp::{Engine, Handler};
use crate::solve::{self, Params, Space};

/// Search nodes `analyze_eyegraph` spends on one graph before it gives up with an error.
pub const GTP_NODE_LIMIT: u64 = 50_000_000;

/// The answer to `analyze_eyegraph GRAPH` without the `= `: the value, then the annotated rows,
/// one a line. `Err` holds the GTP error message.
pub fn analyze_eyegraph(graph: &str, params: &Params) -> Result<String, String> {
    let d = parse_graph(graph).map_err(|e| format!("invalid graph: {e}"))?;
    let space = Space::from_diagram(&d).map_err(|e| format!("failed to analyze: {e}"))?;
    let sol = solve::solve(&space, params).map_err(|e| format!("failed to analyze: {e}"))?;
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

/// The `eval_eye VERTEX` command, as [`crate::gtp::eval_eye_handler`] answers it (the black
/// eye space at the vertex, else the white one; `-1` when none; `MIN MAX [ATTACK DEFENSE]`),
/// but analysing the whole board once per position: the report of every space is kept until
/// the board changes, as GNU Go keeps its `examine_position` results.
pub fn eval_eye_cached(limits: AnalysisLimits) -> Handler {
    let ev = Evaluator::with_default();
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

/// The GTP engine of `nakade gtp`: the built-in commands, `eval_eye` through the database and
/// solver, and `analyze_eyegraph` through the solver.
pub fn engine() -> Engine {
    let mut e = Engine::new();
    e.register("eval_eye", eval_eye_cached(AnalysisLimits::default()));
    e.register(
        "analyze_eyegraph",
        analyze_eyegraph_handler(Params {
            node_limit: GTP_NODE_LIMIT,
            ..Params::default()
        }),
    );
    e
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
