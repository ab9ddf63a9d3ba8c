//! Verification: every pattern of a database solved by reading, and each dispute shown.
//!
//! Takes a validated [`PatternFile`] and the solver's [`Params`]; gives a [`Report`]: each
//! pattern's every concrete form (each `x` as empty and as stone) in every board placement its
//! edge markers allow ([`Diagram::placements`]: a pattern drawn in the centre also matches along
//! an edge and in a corner), solved. A form that an earlier pattern matches first is that pattern's business
//! (first-match rule) and is skipped. A pattern is *disputed* when the solver's value differs on
//! a form it answers, or when it marks an attack
//! or defence point that the solver does not find vital. (A pattern may mark fewer vital points
//! than the solver finds: `eyes.db` marks only points with a definite effect.) Each dispute
//! carries the refuting line of play.

use rayon::prelude::*;

use crate::evaluation::db::{CompileError, Database};
use crate::evaluation::solve::{self, FirstMove, Move, Params, Solution, Space};
use crate::pattern::diagram::{Cell, Content, Diagram, Marker};
use crate::pattern::dsl::{Pattern, PatternFile};
use crate::pattern::encoded::encode;
use crate::pattern::graph::{EyeGraph, GraphError};
use crate::value::EyeValue;
use rustc_hash::{FxHashMap, FxHashSet};

/// What the solver disputes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dispute {
    /// The value differs.
    Value {
        /// The solver's value.
        solver: EyeValue,
        /// The first digit that differs (0 = a .. 3 = d).
        digit: usize,
        /// The solver's line of play for that digit, vertices as `row,col` of the diagram.
        line: String,
    },
    /// A marked point that is not vital.
    NotVital {
        /// "attack" or "defence".
        what: &'static str,
        /// The point, `(row, col)` in the diagram.
        at: (usize, usize),
        /// What the move there leaves, e.g. `B 1,2 leaves 1122`.
        line: String,
    },
}

/// One disputed concrete form of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The pattern's number.
    pub number: u32,
    /// Its header line.
    pub line: usize,
    /// The pattern's value.
    pub value: EyeValue,
    /// The concrete form solved, encoded on one line.
    pub graph: String,
    /// True when the form lies where the pattern draws it; false for another placement its
    /// edge markers allow (the pattern also matches there).
    pub as_drawn: bool,
    /// The solver's answer on it, annotated, encoded on one line.
    pub solved: String,
    /// What is wrong.
    pub dispute: Dispute,
}

/// The outcome of [`verify`].
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Patterns checked.
    pub patterns: usize,
    /// Concrete forms solved.
    pub forms: usize,
    /// Disputed forms, in file order.
    pub findings: Vec<Finding>,
    /// Forms the solver could not answer: pattern number, form, reason.
    pub unsolved: Vec<(u32, String, String)>,
    /// Forms where the pattern marks fewer vital points than the solver finds (not disputes).
    pub fewer_marks: usize,
    /// Each vital point the solver finds that the pattern does not mark, form by form.
    pub unmarked: Vec<Unmarked>,
    /// Forms skipped because an earlier pattern matches them first.
    pub shadowed_forms: usize,
    /// Forms skipped because no board has them as an eye space ([`impossible`]: an attacker
    /// string without a liberty, a margin without a free side): not solved, never disputed
    /// (`lint` calls the wildcard that makes them one that could be `.` or `X`).
    pub impossible_forms: usize,
}

impl Report {
    /// The numbers of the disputed patterns, each once.
    pub fn disputed(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.findings.iter().map(|f| f.number).collect();
        v.dedup();
        v
    }

    /// The numbers of the patterns disputed where they are drawn, each once.
    pub fn disputed_as_drawn(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .findings
            .iter()
            .filter(|f| f.as_drawn)
            .map(|f| f.number)
            .collect();
        v.dedup();
        v
    }
}

/// Every concrete form of a diagram: each `x` as `.` and as `X`. Form `bits` has the `k`-th
/// `x` (in reading order) as `X` exactly when bit `k` of `bits` is set.
pub(crate) fn forms(d: &Diagram) -> Vec<Diagram> {
    let wild: Vec<(usize, usize)> = d
        .rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, c)| **c == Cell::Vertex(Marker::Either))
                .map(move |(c, _)| (r, c))
        })
        .collect();
    (0..1u32 << wild.len())
        .map(|bits| {
            let mut f = d.clone();
            for (k, &(r, c)) in wild.iter().enumerate() {
                f.rows[r][c] = Cell::Vertex(if bits >> k & 1 == 1 {
                    Marker::Stone
                } else {
                    Marker::Empty
                });
            }
            f
        })
        .collect()
}

/// `vN` in a line of play turned into `row,col` of the diagram.
pub fn with_coordinates(d: &Diagram, line: &str) -> String {
    let vs = d.vertices();
    line.split(", ")
        .map(|step| {
            step.split(' ')
                .map(|w| {
                    match w
                        .strip_prefix('v')
                        .and_then(|n| n.parse::<usize>().ok())
                        .and_then(|i| vs.get(i))
                    {
                        Some(v) => format!("{},{}", v.row, v.col),
                        None => w.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn first_move(sol: &Solution, attacker: bool, vertex: usize) -> Option<&FirstMove> {
    sol.first_moves
        .iter()
        .find(|m| m.attacker == attacker && m.mv == Move::Vertex(vertex))
}

/// A vital point the solver finds on a form that its pattern does not mark (not a dispute:
/// `eyes.db` marks only points with a definite effect).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmarked {
    /// The pattern's number.
    pub number: u32,
    /// The concrete form solved, encoded on one line.
    pub graph: String,
    /// True when the form lies where the pattern draws it.
    pub as_drawn: bool,
    /// "attack" or "defence".
    pub what: &'static str,
    /// The point, `(row, col)` in the form.
    pub at: (usize, usize),
}

/// The disputes of one form and the vital points the solver finds there unmarked.
type FormOutcome = (Vec<Dispute>, Vec<(&'static str, (usize, usize))>);

fn check_form(p: &Pattern, form: &Diagram, params: &Params) -> Result<FormOutcome, String> {
    let space = Space::from_diagram(form).map_err(|e| e.to_string())?;
    // The first moves' whole values explain the unmarked vital points.
    let features = solve::Features {
        first_moves: true,
        ..solve::Features::default()
    };
    let sol = solve::solve_with(&space, params, features).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    if sol.value != p.value {
        let digit = (0..4)
            .find(|&k| sol.value.digits()[k] != p.value.digits()[k])
            .unwrap_or(0);
        out.push(Dispute::Value {
            solver: sol.value,
            digit,
            line: with_coordinates(form, &sol.pv[digit]),
        });
        return Ok((out, Vec::new()));
    }
    let vs = form.vertices();
    let mut fewer = Vec::new();
    for (attacker, what, mask) in [
        (true, "attack", sol.attack),
        (false, "defence", sol.defense),
    ] {
        for (i, v) in vs.iter().enumerate() {
            let marked = if attacker {
                v.marker.is_attack()
            } else {
                v.marker.is_defense()
            };
            let vital = mask >> i & 1 == 1;
            if marked && !vital {
                let leaves = first_move(&sol, attacker, i).map_or_else(
                    || "is not a legal move".to_string(),
                    |m| format!("leaves {}", m.value),
                );
                let who = if attacker { "B" } else { "W" };
                out.push(Dispute::NotVital {
                    what,
                    at: (v.row, v.col),
                    line: format!("{who} {},{} {leaves}", v.row, v.col),
                });
            }
            if vital && !marked {
                fewer.push((what, (v.row, v.col)));
            }
        }
    }
    Ok((out, fewer))
}

/// Every concrete form of a pattern that [`verify`] solves: each `x` as `.` and as `X`, in every
/// placement its edge markers allow ([`Diagram::placements`]), each labelled graph once (up to
/// symmetry), with `true` where the form lies where the pattern draws it.
pub fn concrete_forms(p: &Pattern) -> Vec<(Diagram, bool)> {
    let mut seen = rustc_hash::FxHashSet::default();
    forms(&p.diagram)
        .iter()
        .flat_map(|f| {
            f.placements()
                .into_iter()
                .enumerate()
                .map(|(k, d)| (d, k == 0))
        })
        .filter(|(d, _)| EyeGraph::from_diagram(d).map_or(true, |g| seen.insert(g.canonical_key())))
        .collect()
}

/// Per pattern: forms solved, findings, unsolved forms, forms with fewer marks (and the points
/// unmarked), forms skipped.
type PatternOutcome = (
    usize,
    Vec<Finding>,
    Vec<(u32, String, String)>,
    Vec<Unmarked>,
    usize,
    usize,
    usize,
);

/// Solve every pattern and list the disputes.
pub fn verify(file: &PatternFile, params: &Params) -> Result<Report, CompileError> {
    verify_with_progress(file, params, &|_, _| {})
}

/// [`verify`], calling `progress` with the number of patterns read so far and the total
/// after each pattern (from the threads that read them).
pub fn verify_with_progress(
    file: &PatternFile,
    params: &Params,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Report, CompileError> {
    let (db, _) = Database::compile(file)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let patterns: &[Pattern] = &file.patterns;
    let per_pattern: Vec<PatternOutcome> = patterns
        .par_iter()
        .enumerate()
        .map(|(index, p)| {
            let (mut findings, mut unsolved, mut unmarked, mut fewer, mut skipped) =
                (Vec::new(), Vec::new(), Vec::new(), 0, 0);
            let mut cannot_occur = 0;
            let all = concrete_forms(p);
            let mut solved = 0;
            for (form, as_drawn) in &all {
                let first = EyeGraph::from_diagram(form)
                    .ok()
                    .and_then(|g| db.lookup(&g))
                    .map(|m| m.index);
                if first.is_some_and(|i| i < index) {
                    skipped += 1;
                    continue;
                }
                if impossible(form).is_some() {
                    cannot_occur += 1;
                    continue;
                }
                solved += 1;
                // The solver reads empty points; vital markers only annotate.
                let plain = Diagram {
                    rows: form
                        .rows
                        .iter()
                        .map(|r| {
                            r.iter()
                                .map(|&c| match c {
                                    Cell::Vertex(m) if m.content() == Content::Empty => {
                                        Cell::Vertex(m)
                                    }
                                    other => other,
                                })
                                .collect()
                        })
                        .collect(),
                };
                match check_form(p, &plain, params) {
                    Ok((disputes, missed)) => {
                        fewer += !missed.is_empty() as usize;
                        let graph = encode(&plain);
                        unmarked.extend(missed.into_iter().map(|(what, at)| Unmarked {
                            number: p.number,
                            graph: graph.clone(),
                            as_drawn: *as_drawn,
                            what,
                            at,
                        }));
                        for dispute in disputes {
                            let solved = Space::from_diagram(&plain)
                                .and_then(|s| solve::solve_value(&s, params))
                                .map_or_else(
                                    |_| String::new(),
                                    |s| format!("{} {}", s.value, encode(&s.annotate(&plain))),
                                );
                            findings.push(Finding {
                                number: p.number,
                                line: p.line,
                                value: p.value,
                                graph: encode(&plain),
                                as_drawn: *as_drawn,
                                solved,
                                dispute,
                            });
                        }
                    }
                    Err(e) => unsolved.push((p.number, encode(&plain), e)),
                }
            }
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, patterns.len());
            (
                solved,
                findings,
                unsolved,
                unmarked,
                fewer,
                skipped,
                cannot_occur,
            )
        })
        .collect();
    let mut report = Report {
        patterns: patterns.len(),
        ..Report::default()
    };
    for (n, f, u, missed, fewer, skipped, cannot_occur) in per_pattern {
        report.forms += n;
        report.findings.extend(f);
        report.unsolved.extend(u);
        report.unmarked.extend(missed);
        report.fewer_marks += fewer;
        report.shadowed_forms += skipped;
        report.impossible_forms += cannot_occur;
    }
    Ok(report)
}

/// Why no board has this concrete form as an eye space, if none does.
pub fn impossible(form: &Diagram) -> Option<String> {
    let vs = form.vertices();
    let enclosed: FxHashSet<(usize, usize)> =
        form.enclosed().iter().map(|e| (e.row, e.col)).collect();
    let around = |r: usize, c: usize| {
        let (r, c) = (r as isize, c as isize);
        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    };
    let free = |r: isize, c: isize| {
        form.cell(r, c) == Cell::Off
            && !(r >= 0 && c >= 0 && enclosed.contains(&(r as usize, c as usize)))
    };
    for v in &vs {
        if v.marker.is_marginal() && !around(v.row, v.col).iter().any(|&(r, c)| free(r, c)) {
            return Some(format!(
                "the marginal vertex at {},{} has no free side",
                v.row, v.col
            ));
        }
    }
    // Strings of attacker stones: a liberty is an empty vertex beside them, or a free side of
    // a marginal stone (a non-marginal vertex has none).
    let at: FxHashMap<(usize, usize), Marker> =
        vs.iter().map(|v| ((v.row, v.col), v.marker)).collect();
    let stone = |p: &(usize, usize)| at.get(p).is_some_and(|m| m.content() == Content::Stone);
    let mut seen = FxHashSet::default();
    for v in &vs {
        if !stone(&(v.row, v.col)) || !seen.insert((v.row, v.col)) {
            continue;
        }
        let mut stack = vec![(v.row, v.col)];
        let mut liberty = false;
        while let Some((r, c)) = stack.pop() {
            liberty |= at.get(&(r, c)).is_some_and(|m| m.is_marginal());
            for (nr, nc) in around(r, c) {
                if nr < 0 || nc < 0 {
                    continue;
                }
                let n = (nr as usize, nc as usize);
                match at.get(&n).map(|m| m.content()) {
                    Some(Content::Stone) if seen.insert(n) => stack.push(n),
                    Some(Content::Stone) | None => {}
                    Some(_) => liberty = true,
                }
            }
        }
        if !liberty {
            return Some(format!(
                "the attacker string at {},{} has no liberty",
                v.row, v.col
            ));
        }
    }
    match EyeGraph::from_diagram(form).map(|g| g.check_liberties()) {
        Ok(Err(GraphError::EnclosedWithoutLiberty { .. })) => {
            Some("a defender stone the space closes in has no liberty".to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_value_is_disputed_with_its_line_of_play() {
        // The straight three is 1122, not 1111.
        let text = b"Pattern 1\n\nX.X\n\n:2222\n\nPattern 2\n\n...\n\n:1111\n\nPattern 3\n\nx*x\n\n:1122\n";
        let file = crate::pattern::dsl::parse("t.db", text).unwrap();
        let report = verify(&file, &Params::default()).unwrap();
        assert_eq!(report.patterns, 3);
        // Each pattern in every placement: X.X and ... in 4 (centre, one end on an edge, all
        // on an edge, in a corner), X.. in 6 (either end against an edge, alone or in a
        // corner); ..X is X.. turned over. x*x's X.X and ... forms are patterns 1's and 2's.
        assert_eq!((report.forms, report.shadowed_forms), (4 + 4 + 6, 4 + 4));
        assert_eq!(report.disputed(), vec![2]);
        let Dispute::Value { solver, digit, .. } = &report.findings[0].dispute else {
            panic!()
        };
        assert_eq!((solver.to_string(), *digit), ("1122".to_string(), 2));
    }

    #[test]
    fn a_point_that_is_not_vital_is_disputed() {
        // In the straight three the end points are not vital.
        let file = crate::pattern::dsl::parse("t.db", b"Pattern 1\n\n*..\n\n:1122\n").unwrap();
        let report = verify(&file, &Params::default()).unwrap();
        let kinds: Vec<&Dispute> = report.findings.iter().map(|f| &f.dispute).collect();
        assert!(
            matches!(
                kinds[0],
                Dispute::NotVital {
                    what: "attack",
                    at: (0, 0),
                    ..
                }
            ),
            "{kinds:?}"
        );
    }
}
