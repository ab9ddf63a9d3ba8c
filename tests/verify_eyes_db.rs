//! `nakade verify` on GNU Go's eyes.db: every pattern the solver disputes, with GNU Go 3.8's
//! own reading (`analyze_eyegraph`) of the same form as the second opinion. The golden file
//! `tests/golden/verify_eyes_db.txt` records each disputed form and who GNU Go sides with;
//! regenerate it with `NAKADE_BLESS=1`.
//!
//! Categories:
//! - `gnugo=nakade`: GNU Go's own reading gives the solver's value: the pattern is wrong by
//!   GNU Go's rules as well (hand-typed values, or the pattern was written for a wider use).
//! - `illegal`: the form is a string of attacker stones without a liberty, which cannot stand
//!   on a board.
//! - `gnugo=pattern`: GNU Go's reading gives the pattern's value and the solver disagrees.
//! - `gnugo-pocket`: the form encloses a cell outside the space; GNU Go turns it into a point
//!   both sides may play (its annotation shows one more vertex), so it read another position.
//!   The solver reads the enclosed cell as a stone of the surrounding string.
//! - `gnugo-other`, `gnugo-failed`: GNU Go gives a third value, or cannot place the margins.
//!
//! The two forms not settled in nakade's favour, read by hand and left open:
//! - Pattern 78790, `XOO%.XX%@.X%---` (7 vertices, on the edge): eyes.db and GNU Go say 1122,
//!   the solver 0122. Every attacker first move leaves a position whose `d` is 2 (B 1,0 and
//!   B 2,0 leave 0012, B 2,1 leaves 0112), so by the tenuki rule the solver uses for `a` (a move
//!   counts as killing only where the defender could not make two eyes with two moves) `a`
//!   should be 1, as GNU Go says. Why the solver gives 0 here is not yet understood (the rule
//!   was fitted on graphs of up to 6 vertices; this one has 7). Open: a solver issue.
//! - Pattern 78774, `...%@.XX%----`: eyes.db 0022, GNU Go 0011, the solver 0012. Open.
//!
//! The solver gives up (20 million nodes) on 26 forms, 7-vertex shapes in the corner such as
//! `|X%|..%|..%|.@%+--`: listed at the end of the golden file, a known gap of the solver.

use nakade::solve::Params;
use nakade::verify::{verify, Dispute};
use pretty_assertions::assert_eq;

use crate::support::{gnugo, shared_file, Gnugo};

/// Do two annotations of `graph` mark every vertex of it alike?
fn same_vertex_marks(graph: &str, a: &str, b: &str) -> bool {
    let rows = |s: &str| {
        s.split('%')
            .map(|r| r.chars().collect::<Vec<char>>())
            .collect::<Vec<_>>()
    };
    let (g, a, b) = (rows(graph), rows(a), rows(b));
    g.iter().enumerate().all(|(r, row)| {
        row.iter().enumerate().all(|(c, ch)| {
            !".*<>X!@()$".contains(*ch)
                || a.get(r).and_then(|x| x.get(c)) == b.get(r).and_then(|x| x.get(c))
        })
    })
}

#[test]
fn eyes_db_disputes_are_recorded_with_gnugos_reading() {
    let (Some(path), Some(gg)) = (shared_file("gnugo/eyes.db"), gnugo()) else {
        return;
    };
    let file = nakade::dsl::read_file(&path).unwrap();
    let report = verify(&file, &Params::default()).unwrap();
    let mut gg = Gnugo::start(&gg);
    let mut lines = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for f in &report.findings {
        let ours = match &f.dispute {
            Dispute::Value { solver, .. } => solver.to_string(),
            Dispute::NotVital { what, at, .. } => {
                format!("{} (marked {what} {},{} not vital)", f.value, at.0, at.1)
            }
        };
        let theirs = gg.analyze_eyegraph(&f.graph);
        let solved_value = f.solved.split(' ').next().unwrap_or("");
        let illegal = f.graph.chars().all(|c| "XO%".contains(c));
        let vertices = |s: &str| s.chars().filter(|c| ".*<>X!@()$".contains(*c)).count();
        let pocket = theirs
            .as_ref()
            .is_some_and(|(_, rows)| vertices(&rows.join("")) > vertices(&f.graph));
        let category = match (&theirs, &f.dispute) {
            _ if illegal => "illegal",
            (None, _) => "gnugo-failed",
            _ if pocket => "gnugo-pocket",
            (Some((v, rows)), Dispute::NotVital { .. }) => {
                // GNU Go pads its rows and edge lines: compare the marker on each vertex.
                let solver_marks = f.solved.split(' ').nth(1).unwrap_or("");
                if v == solved_value
                    && same_vertex_marks(&f.graph, solver_marks, &rows.join("%").replace(' ', "O"))
                {
                    "gnugo=nakade"
                } else {
                    "gnugo-other"
                }
            }
            (Some((v, _)), Dispute::Value { .. }) if v == solved_value => "gnugo=nakade",
            (Some((v, _)), Dispute::Value { .. }) if *v == f.value.to_string() => "gnugo=pattern",
            _ => "gnugo-other",
        };
        *counts.entry(category).or_insert(0) += 1;
        let gnugo_says = theirs.map_or("failed to analyze".to_string(), |(v, rows)| {
            format!("{v} {}", rows.join("%").replace(' ', "O"))
        });
        lines.push(format!(
            "{category:<13} pattern {} {}: eyes.db {}, nakade {ours} [{}], gnugo {gnugo_says}",
            f.number, f.graph, f.value, f.solved
        ));
    }
    let mut text = format!(
        "eyes.db: {} patterns, {} forms solved, {} disputed patterns ({} forms), {} forms unsolved\n",
        report.patterns,
        report.forms,
        report.disputed().len(),
        report.findings.len(),
        report.unsolved.len()
    );
    for (k, v) in &counts {
        text.push_str(&format!("  {k}: {v}\n"));
    }
    text.push('\n');
    for l in lines {
        text.push_str(&l);
        text.push('\n');
    }
    // Forms the solver gives up on (its node limit): a known gap, kept in view.
    for (number, form, why) in &report.unsolved {
        text.push_str(&format!(
            "unsolved      pattern {number} {form}: {}\n",
            why.split(" after").next().unwrap_or(why)
        ));
    }
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/verify_eyes_db.txt");
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(&golden, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(want, text);
}
