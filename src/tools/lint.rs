//! Lint: everything that deserves an author's look in a pattern file, each finding at its
//! `file:line:col` under a rule name.
//!
//! Takes a validated [`PatternFile`] and [`LintOptions`]; gives [`Finding`]s in file order. The
//! rules ([`RULES`]):
//!
//! - what `check` warns about: `vital-marks` (vital points that do not fit the value, read
//!   leniently), `no-liberty` (a defender stone the space closes in without a liberty),
//!   `shadowed` (every eye space the pattern matches is matched first by earlier patterns);
//! - `duplicate`: a pattern with the same labelled graph as an earlier one (vital marks aside),
//!   with the same or another value;
//! - `unreachable`: no eye space on a board has the pattern's shape: every concrete form (each
//!   `x` both ways, in every placement its edges allow) has a marginal vertex with no free side,
//!   a string of attacker stones without a liberty, or a closed-in defender stone without one;
//! - `wildcard`: an `x` that could be `X` (or `.`) because every form with `.` (or `X`) there is
//!   unreachable or matched first by earlier patterns;
//! - with the solver ([`LintOptions::solver`]), on the forms that can occur and that no earlier
//!   pattern takes: `solver-value` (the solver reads another value; the refuting line of play
//!   is given, as `verify` gives it), `not-vital` (a marked point the solver does not find
//!   vital), `unmarked-vital` (a point the solver finds vital where the pattern is drawn, not
//!   marked), `unsolved` (the solver gave up on a form). Forms that cannot occur (as for
//!   `unreachable`) are left out of these rules: no board asks for their value.

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

use crate::evaluation::db::{CompileError, Database};
use crate::evaluation::solve::Params;
use crate::pattern::diagram::Marker;
use crate::pattern::dsl::syntax::LineKind;
use crate::pattern::dsl::{Diagnostic, Pattern, PatternFile};
use crate::pattern::encoded::parse_graph;
use crate::pattern::graph::{EyeGraph, Vertex};
use crate::tools::verify::{self, Dispute};

/// Every rule, in the order a summary lists them.
pub const RULES: [&str; 11] = [
    "vital-marks",
    "no-liberty",
    "shadowed",
    "duplicate",
    "unreachable",
    "wildcard",
    "solver-value",
    "not-vital",
    "unmarked-vital",
    "unsolved",
    "check",
];

/// What to run.
#[derive(Clone, Copy, Debug, Default)]
pub struct LintOptions {
    /// Run the solver rules (`solver-value`, `not-vital`, `unmarked-vital`, `unsolved`).
    pub solver: bool,
    /// The solver's parameters.
    pub params: Params,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The file, as named by the caller.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// The rule's name, one of [`RULES`].
    pub rule: &'static str,
    /// The pattern it is about.
    pub pattern: Option<u32>,
    /// What was found.
    pub message: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.col, self.rule, self.message
        )
    }
}

/// Every finding of a file, in file order (line, column, then rule order).
pub fn lint(file: &PatternFile, options: &LintOptions) -> Result<Vec<Finding>, CompileError> {
    lint_with_progress(file, options, &|_, _| {})
}

/// [`lint`], calling `progress` as the solver's rules read the patterns (patterns read so
/// far, total; see [`verify::verify_with_progress`]).
pub fn lint_with_progress(
    file: &PatternFile,
    options: &LintOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Finding>, CompileError> {
    let (db, shadow) = Database::compile(file)?;
    let mut out: Vec<Finding> = Vec::new();
    let no_liberty: FxHashSet<usize> = file
        .warnings
        .iter()
        .filter(|d| rule_of(d) == "no-liberty")
        .map(|d| d.line)
        .collect();
    for d in file.warnings.iter().chain(&shadow) {
        out.push(from_diagnostic(d, rule_of(d), file));
    }
    duplicates(file, &mut out);
    let lines: FxHashMap<u32, Lines> = file
        .patterns
        .iter()
        .map(|p| (p.number, Lines::of(file, p)))
        .collect();
    for (index, p) in file.patterns.iter().enumerate() {
        // A pattern with a no-liberty warning (on one of its rows) is already reported.
        let rows_warned = p.row_lines.iter().any(|l| no_liberty.contains(l));
        reachability(file, &db, index, p, rows_warned, &mut out);
    }
    if options.solver {
        solver_rules(file, options, &lines, &mut out, progress)?;
    }
    let order = |r: &str| RULES.iter().position(|x| *x == r).unwrap_or(RULES.len());
    out.sort_by(|a, b| {
        (a.line, a.col, order(a.rule), &a.message).cmp(&(b.line, b.col, order(b.rule), &b.message))
    });
    Ok(out)
}

/// The rule a `check` warning belongs to.
fn rule_of(d: &Diagnostic) -> &'static str {
    if d.message.contains("is shadowed") {
        "shadowed"
    } else if d.message.contains("without a liberty") {
        "no-liberty"
    } else if d.message.contains(" point") {
        "vital-marks"
    } else {
        "check"
    }
}

fn from_diagnostic(d: &Diagnostic, rule: &'static str, file: &PatternFile) -> Finding {
    let pattern = file
        .patterns
        .iter()
        .rev()
        .find(|p| p.line <= d.line)
        .map(|p| p.number);
    let mut message = d.message.clone();
    if let Some(e) = &d.expected {
        message.push_str(&format!(" ({e})"));
    }
    Finding {
        file: d.path.clone(),
        line: d.line,
        col: d.col,
        rule,
        pattern,
        message,
    }
}

/// Where a pattern's parts are: header and value line.
struct Lines {
    header: usize,
    value: usize,
}

impl Lines {
    fn of(file: &PatternFile, p: &Pattern) -> Lines {
        let value = file
            .syntax
            .lines
            .iter()
            .skip(p.line)
            .take_while(|l| !matches!(l.kind, LineKind::Header { .. } | LineKind::BadHeader))
            .find(|l| matches!(l.kind, LineKind::Value(_)))
            .map_or(p.line, |l| l.number);
        Lines {
            header: p.line,
            value,
        }
    }
}

/// The graph without its vital marks: what `duplicate` compares.
fn unmarked_key(g: &EyeGraph) -> crate::pattern::graph::CanonicalKey {
    g.relabelled(|_, v| Vertex {
        attack: false,
        defense: false,
        ..*v
    })
    .canonical_key()
}

fn duplicates(file: &PatternFile, out: &mut Vec<Finding>) {
    let mut first: FxHashMap<_, &Pattern> = FxHashMap::default();
    for p in &file.patterns {
        let key = unmarked_key(&p.graph);
        match first.get(&key) {
            None => {
                first.insert(key, p);
            }
            Some(q) => {
                let verdict = if q.value == p.value {
                    format!("the same value {}", p.value)
                } else {
                    format!("another value ({} there, {} here)", q.value, p.value)
                };
                out.push(Finding {
                    file: file.path.clone(),
                    line: p.line,
                    col: 1,
                    rule: "duplicate",
                    pattern: Some(p.number),
                    message: format!(
                        "pattern {} has the same labelled graph as pattern {} (line {}), with {verdict}",
                        p.number, q.number, q.line
                    ),
                });
            }
        }
    }
}

/// Why no board has this concrete form as an eye space, if none does (kept here for
/// callers of `tools::lint`; it lives with `verify`, which skips such forms).
pub use super::verify::impossible;

/// `unreachable` and `wildcard` for one pattern.
fn reachability(
    file: &PatternFile,
    db: &Database,
    index: usize,
    p: &Pattern,
    no_liberty_reported: bool,
    out: &mut Vec<Finding>,
) {
    let forms = verify::forms(&p.diagram);
    // Per assignment of the wildcards: can some placement occur, and does one reach this
    // pattern (no earlier pattern matching it first)?
    let mut occurs = Vec::with_capacity(forms.len());
    let mut reaches = Vec::with_capacity(forms.len());
    // Per assignment: does some placement of it not occur?
    let mut lacks = Vec::with_capacity(forms.len());
    let mut why = None;
    for f in &forms {
        let (mut o, mut r, mut l) = (false, false, false);
        for placed in f.placements() {
            match impossible(&placed) {
                Some(reason) => {
                    why.get_or_insert(reason);
                    l = true;
                }
                None => {
                    o = true;
                    let first = EyeGraph::from_diagram(&placed)
                        .ok()
                        .and_then(|g| db.lookup(&g))
                        .map_or(index, |m| m.index);
                    r |= first >= index;
                }
            }
        }
        occurs.push(o);
        reaches.push(r);
        lacks.push(l);
    }
    if !occurs.iter().any(|&o| o) {
        if !no_liberty_reported {
            out.push(Finding {
                file: file.path.clone(),
                line: p.line,
                col: 1,
                rule: "unreachable",
                pattern: Some(p.number),
                message: format!(
                    "no eye space can reach pattern {}: in every form {}",
                    p.number,
                    why.unwrap_or_default()
                ),
            });
        }
        return;
    }
    if !reaches.iter().any(|&r| r) {
        // Shadowed (or unreachable where it is not shadowed): said by those rules.
        return;
    }
    let wild: Vec<_> = p
        .diagram
        .vertices()
        .into_iter()
        .filter(|v| v.marker == Marker::Either)
        .collect();
    for (k, v) in wild.iter().enumerate() {
        let side = |stone: bool| {
            (0..forms.len())
                .filter(|bits| (bits >> k & 1 == 1) == stone)
                .all(|bits| !reaches[bits])
        };
        let (never_empty, never_stone) = (side(false), side(true));
        let (could, because) = match (never_empty, never_stone) {
            (true, false) => ('X', '.'),
            (false, true) => ('.', 'X'),
            _ => continue,
        };
        let reason = |stone: bool| {
            let these = || (0..forms.len()).filter(move |bits| (bits >> k & 1 == 1) == stone);
            if these().all(|bits| !occurs[bits]) {
                "cannot occur on a board"
            } else if these().all(|bits| !lacks[bits]) {
                "is matched first by earlier patterns"
            } else {
                "cannot occur or is matched first by earlier patterns"
            }
        };
        out.push(Finding {
            file: file.path.clone(),
            line: p.row_lines.get(v.row).copied().unwrap_or(p.line),
            col: v.col + 1,
            rule: "wildcard",
            pattern: Some(p.number),
            message: format!(
                "this 'x' could be '{could}': every form with '{because}' here {}",
                reason(because == 'X')
            ),
        });
    }
}

/// Where a vertex of a form drawn as the pattern draws it lies in the file: the same vertex
/// in reading order.
fn place_of(p: &Pattern, form: &str, at: (usize, usize)) -> Option<(usize, usize)> {
    let d = parse_graph(form).ok()?;
    let i = d.vertices().iter().position(|v| (v.row, v.col) == at)?;
    let v = *p.diagram.vertices().get(i)?;
    Some((*p.row_lines.get(v.row)?, v.col + 1))
}

const DIGITS: [char; 4] = ['a', 'b', 'c', 'd'];

fn solver_rules(
    file: &PatternFile,
    options: &LintOptions,
    lines: &FxHashMap<u32, Lines>,
    out: &mut Vec<Finding>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(), CompileError> {
    let report = verify::verify_with_progress(file, &options.params, progress)?;
    let by_number: FxHashMap<u32, &Pattern> = file.patterns.iter().map(|p| (p.number, p)).collect();
    let occurs = |graph: &str| parse_graph(graph).is_ok_and(|d| impossible(&d).is_none());
    let finding =
        |p: &Pattern, line: usize, col: usize, rule: &'static str, message: String| Finding {
            file: file.path.clone(),
            line,
            col,
            rule,
            pattern: Some(p.number),
            message,
        };
    // One `solver-value` per pattern: its first disputed form where it is drawn, else its first
    // placed one, with the number of its disputed forms.
    let mut values: Vec<(u32, Vec<&verify::Finding>)> = Vec::new();
    let mut seen = FxHashSet::default();
    for f in &report.findings {
        let Some(p) = by_number.get(&f.number) else {
            continue;
        };
        if !occurs(&f.graph) {
            continue;
        }
        match &f.dispute {
            Dispute::Value { .. } => match values.last_mut() {
                Some((n, v)) if *n == f.number => v.push(f),
                _ => values.push((f.number, vec![f])),
            },
            Dispute::NotVital { what, at, line } => {
                let (l, c) = if f.as_drawn {
                    place_of(p, &f.graph, *at).unwrap_or((p.line, 1))
                } else {
                    (p.line, 1)
                };
                if !seen.insert((f.number, l, c, *what)) {
                    continue;
                }
                let place = if f.as_drawn { "" } else { " (placed)" };
                out.push(finding(
                    p,
                    l,
                    c,
                    "not-vital",
                    format!(
                        "the {what} point marked at {},{} of {}{place} is not vital: {line}",
                        at.0, at.1, f.graph
                    ),
                ));
            }
        }
    }
    for (number, forms) in values {
        let (Some(p), Some(lines)) = (by_number.get(&number), lines.get(&number)) else {
            continue;
        };
        let Some(f) = forms.iter().find(|f| f.as_drawn).or_else(|| forms.first()) else {
            continue;
        };
        let Dispute::Value {
            solver,
            digit,
            line,
        } = &f.dispute
        else {
            continue;
        };
        let others = forms.len() - 1;
        out.push(finding(
            p,
            lines.value,
            digit + 2,
            "solver-value",
            format!(
                "the solver reads {solver}, not {}, on {}{}: digit {} is {}; line of play: {line}{}",
                p.value,
                f.graph,
                if f.as_drawn { "" } else { " (placed)" },
                DIGITS[*digit],
                solver.digits()[*digit],
                match others {
                    0 => String::new(),
                    1 => " (and 1 other form)".to_string(),
                    n => format!(" (and {n} other forms)"),
                }
            ),
        ));
    }
    let mut seen = FxHashSet::default();
    for u in report.unmarked.iter().filter(|u| u.as_drawn) {
        let Some(p) = by_number.get(&u.number) else {
            continue;
        };
        let Some((l, c)) = place_of(p, &u.graph, u.at) else {
            continue;
        };
        if !occurs(&u.graph) || !seen.insert((u.number, l, c, u.what)) {
            continue;
        }
        out.push(finding(
            p,
            l,
            c,
            "unmarked-vital",
            format!(
                "the solver finds this point a vital {} point on {}, which the pattern does not mark",
                u.what, u.graph
            ),
        ));
    }
    for (number, form, why) in report.unsolved.iter().filter(|(_, f, _)| occurs(f)) {
        if let (Some(p), Some(lines)) = (by_number.get(number), lines.get(number)) {
            out.push(finding(
                p,
                lines.header,
                1,
                "unsolved",
                format!("the solver gave up on {form}: {why}"),
            ));
        }
    }
    Ok(())
}

/// The number of findings per rule, in [`RULES`] order, rules without findings included.
pub fn counts(findings: &[Finding]) -> Vec<(&'static str, usize)> {
    RULES
        .iter()
        .map(|r| (*r, findings.iter().filter(|f| f.rule == *r).count()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::dsl;

    fn rules(text: &str, solver: bool) -> Vec<(usize, usize, &'static str)> {
        let file = dsl::parse("t.db", text.as_bytes()).unwrap();
        let options = LintOptions {
            solver,
            params: Params::default(),
        };
        lint(&file, &options)
            .unwrap()
            .iter()
            .map(|f| (f.line, f.col, f.rule))
            .collect()
    }

    #[test]
    fn duplicates_with_same_and_other_values() {
        let text = "Pattern 1\n\n.*.\n\n:1122\n\nPattern 2\n\n...\n\n:1111\n";
        let got = rules(text, false);
        assert!(got.contains(&(7, 1, "duplicate")), "{got:?}");
        assert!(got.contains(&(7, 1, "shadowed")), "{got:?}");
    }

    #[test]
    fn a_lone_attacker_stone_cannot_occur() {
        // `X` alone: an attacker stone without a liberty.
        assert_eq!(
            rules("Pattern 1\n\nX\n\n:0000\n", false),
            vec![(1, 1, "unreachable")]
        );
        // `x` alone: its `X` form cannot occur, so the `x` could be `.`.
        assert_eq!(
            rules("Pattern 1\n\nx\n\n:1111\n", false),
            vec![(3, 1, "wildcard")]
        );
    }

    #[test]
    fn a_marginal_vertex_needs_a_free_side() {
        let d = parse_graph("|!.%+--").unwrap();
        assert!(impossible(&d).is_none());
        let d = parse_graph("|.!.%+---").unwrap();
        assert!(impossible(&d).is_none());
        let d = parse_graph("O.O%.!.%O.O").unwrap();
        assert_eq!(
            impossible(&d).as_deref(),
            Some("the marginal vertex at 1,1 has no free side")
        );
    }

    #[test]
    fn the_solver_disputes_a_wrong_value_at_its_digit() {
        // The straight three is 1122: digit c of 1111 is wrong, at column 4 of the value line.
        let got = rules("Pattern 1\n\n...\n\n:1111\n", true);
        assert_eq!(got, vec![(5, 4, "solver-value")]);
    }

    #[test]
    fn a_vital_point_left_unmarked() {
        // x*x is 1122 with the middle vital; marking an end instead.
        let got = rules("Pattern 1\n\n*..\n\n:1122\n", true);
        assert!(got.contains(&(3, 1, "not-vital")), "{got:?}");
        assert!(got.contains(&(3, 2, "unmarked-vital")), "{got:?}");
    }
}
