//! GTP's end-of-game commands: `final_status_list` and `final_score`, in GNU Go 3.8's
//! formats, and GoGui's `nakade-final_status` drawing.
//!
//! Takes the engine's position, komi and player to move; gives, through
//! [`crate::board::finish`]:
//!
//! * `final_status_list alive|dead|seki`: the stones with that status, one group a line
//!   (GNU Go prints one dragon a line), in board order; an empty answer when there are none;
//! * `final_score`: the score under the engine's counting rules (territory, Japanese, GNU
//!   Go's default; area, Chinese, as GNU Go's `--chinese-rules` counts), with the engine's
//!   komi (and, under territory rules, the captures of the moves played): `B+3.5`, `W+0.5` or
//!   `0`;
//! * `kgs-rules japanese|chinese|aga|new_zealand` (KGS's command): territory counting for
//!   `japanese`, area for the others;
//! * `nakade-final_status` (gfx): territory as GoGui's territory marks (dead stones' points
//!   included), dead stones marked with a cross, seki stones with a triangle, the teire (the
//!   points still to play) with a circle, the score in the status bar.
//!
//! The reading is made once per position and kept for the next command (GoGui and a scoring
//! host ask several in a row).

use std::sync::{Arc, Mutex};

use super::engine::{Engine, EngineState};
use crate::board::finish::{final_status, score, FinalLimits, FinalReport, FinalStatus, Rules};
use crate::board::{vertex, Board, Color};
use crate::evaluation::evaluate::Evaluator;

struct Shared {
    evaluator: Evaluator<'static>,
    last: Mutex<Option<(Board, Color, FinalReport)>>,
}

impl Shared {
    fn with<T>(&self, st: &EngineState, f: impl FnOnce(&Board, &FinalReport) -> T) -> T {
        // A poisoned lock only means an earlier command panicked: its cache is thrown away.
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let fresh = !matches!(&*last, Some((b, c, _)) if *b == st.board && *c == st.to_move);
        if fresh {
            let mut limits = FinalLimits::default();
            limits.analysis.read = st.limits;
            let report = final_status(&st.board, &self.evaluator, st.to_move, limits);
            *last = Some((st.board.clone(), st.to_move, report));
        }
        let (board, _, report) = last.as_ref().expect("just filled");
        f(board, report)
    }
}

/// The answer of `final_status_list STATUS`: one group a line, its stones in board order.
pub fn status_list(board: &Board, report: &FinalReport, status: FinalStatus) -> String {
    report
        .groups_with(status)
        .map(|g| {
            g.stones
                .iter()
                .map(|&s| vertex::name(board, s))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn gfx(board: &Board, report: &FinalReport, rules: Rules, komi: f64) -> String {
    let sc = score(board, report, rules, komi);
    let names = |v: &[crate::board::Loc]| {
        v.iter()
            .map(|&l| vertex::name(board, l))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut lines = Vec::new();
    for (tag, v) in [
        ("BLACK", names(&sc.black_territory)),
        ("WHITE", names(&sc.white_territory)),
        ("MARK", names(&report.stones_with(FinalStatus::Dead))),
        ("TRIANGLE", names(&report.stones_with(FinalStatus::Seki))),
        ("CIRCLE", names(&sc.teire)),
    ] {
        if !v.is_empty() {
            lines.push(format!("{tag} {v}"));
        }
    }
    lines.push(format!(
        "TEXT {} ({} counting, komi {}); {} dead, {} in seki{}",
        sc.result(),
        rules.as_str(),
        komi,
        report.stones_with(FinalStatus::Dead).len(),
        report.stones_with(FinalStatus::Seki).len(),
        if report.settled() {
            ""
        } else {
            "; not settled"
        }
    ));
    lines.join("\n")
}

/// Register `final_status_list`, `final_score` and `nakade-final_status` on `engine`, read
/// through `evaluator`.
pub fn register(engine: &mut Engine, evaluator: Evaluator<'static>) {
    let shared = Arc::new(Shared {
        evaluator,
        last: Mutex::new(None),
    });
    let s = Arc::clone(&shared);
    engine.register(
        "final_status_list",
        Box::new(move |st, args| {
            let [word] = args else {
                return Err("invalid argument".into());
            };
            let status = FinalStatus::parse(word).ok_or_else(|| "invalid argument".to_string())?;
            Ok(s.with(st, |b, r| status_list(b, r, status)))
        }),
    );
    let s = Arc::clone(&shared);
    engine.register(
        "final_score",
        Box::new(move |st, _| {
            let (rules, komi) = (st.rules, st.komi);
            Ok(s.with(st, |b, r| score(b, r, rules, komi).result()))
        }),
    );
    engine.register(
        "kgs-rules",
        Box::new(|st, args| {
            let [word] = args else {
                return Err("kgs-rules takes one argument".into());
            };
            st.rules = match *word {
                "japanese" => Rules::Territory,
                "chinese" | "aga" | "new_zealand" => Rules::Area,
                _ => return Err(format!("unknown rules {word}")),
            };
            Ok(String::new())
        }),
    );
    let s = Arc::clone(&shared);
    engine.register(
        "nakade-final_status",
        Box::new(move |st, args| {
            if !args.is_empty() {
                return Err("nakade-final_status takes no arguments".into());
            }
            let (rules, komi) = (st.rules, st.komi);
            Ok(s.with(st, |b, r| gfx(b, r, rules, komi)))
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(input: &str) -> String {
        let mut e = Engine::new();
        register(&mut e, Evaluator::with_default());
        let mut out = Vec::new();
        e.run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// 5x5, komi 0.5: black's wall on column C, white's on column D, a white stone at A1 in
    /// black's ten points; then `commands`. The answers, one an entry (the last one empty).
    fn walled_corner_then(commands: &str) -> Vec<String> {
        let mut input = String::from("boardsize 5\nkomi 0.5\n");
        for row in 1..=5 {
            input.push_str(&format!("play b C{row}\nplay w D{row}\n"));
        }
        input.push_str("play w A1\n");
        input.push_str(commands);
        ask(&input).split("\n\n").map(str::to_string).collect()
    }

    #[test]
    fn a_lone_stone_in_a_walled_corner_is_dead_and_scored() {
        // Black: 9 empty points, A1's point and the prisoner, 11; white: the five points of
        // column E and komi 0.5. GNU Go 3.8 answers the same.
        let answers =
            walled_corner_then("final_status_list dead\nfinal_status_list seki\nfinal_score\n");
        let n = answers.len();
        assert_eq!(answers[n - 4], "= A1");
        assert_eq!(answers[n - 3], "=");
        assert_eq!(answers[n - 2], "= B+5.5");
    }

    #[test]
    fn kgs_rules_switch_final_score_to_area_counting_and_back() {
        // Under area rules black has its five stones and ten points, white ten stones and
        // komi 0.5 (GNU Go 3.8 with --chinese-rules: B+4.5).
        let answers = walled_corner_then(
            "kgs-rules chinese\nfinal_score\nkgs-rules japanese\nfinal_score\nkgs-rules\nkgs-rules ing\n",
        );
        let n = answers.len();
        assert_eq!(answers[n - 6], "= B+4.5");
        assert_eq!(answers[n - 4], "= B+5.5");
        assert_eq!(answers[n - 3], "? kgs-rules takes one argument");
        assert_eq!(answers[n - 2], "? unknown rules ing");
    }

    #[test]
    fn the_drawing_circles_the_vital_point_still_to_play() {
        // `9-l1-s9`, white to move: white's four stones in black's area are critical and
        // counted dead; black's kill at B2 is still to play.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/final/selfplay/9-l1-s9.sgf"
        );
        let out = ask(&format!("loadsgf {path}\nnakade-final_status\n"));
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.contains(&"CIRCLE B2"), "{out}");
        assert!(lines.contains(&"MARK C4 C3 D2 D1"), "{out}");
    }

    #[test]
    fn a_bad_status_word_is_an_error() {
        let out = ask("final_status_list maybe\n");
        assert_eq!(out, "? invalid argument\n\n");
    }
}
