//! Validation: from the spanned syntax tree to plain [`Pattern`]s, with every problem of the
//! file reported at its line and column (`docs/PATTERNS.md`, "A pattern file" and
//! "Errors and warnings").

use crate::pattern::diagram::{Cell, Diagram, Marker};
use crate::pattern::graph::{EyeGraph, GraphError, MAX_VERTICES};
use crate::value::EyeValue;

use super::diagnostic::Diagnostic;
use super::diagnostic::Severity;
use super::syntax::{Line, LineKind, SourceFile};
use super::{Options, Pattern};

/// The longest diagram row, in characters.
pub const MAX_ROW_LEN: usize = 64;

/// The largest pattern, in vertices.
pub const MAX_PATTERN_VERTICES: usize = MAX_VERTICES;

/// The most `x` wildcards one pattern may hold. Each `x` doubles the concrete forms a pattern
/// compiles to (and that `verify` solves): 12 give 4,096 forms; GNU Go's own files use at most 6.
pub const MAX_WILDCARDS: usize = 12;

const EXPECTED_CELL: &str =
    "expected a vertex marker (. * < > x X ! @ ( ) $), an edge marker (| - +) or a space";

/// Check a parsed file; give its patterns and every diagnostic (errors and warnings).
pub fn validate(file: &SourceFile, options: Options) -> (Vec<Pattern>, Vec<Diagnostic>) {
    let mut v = Validator {
        options,
        file,
        diags: Vec::new(),
    };
    let patterns = v.run();
    (patterns, v.diags)
}

struct Validator<'a> {
    options: Options,
    file: &'a SourceFile,
    diags: Vec<Diagnostic>,
}

impl Validator<'_> {
    fn error(&mut self, line: &Line, col: usize, message: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::error(
            &self.file.path,
            line.number,
            col,
            &line.text,
            message,
        ));
        let last = self.diags.len() - 1;
        &mut self.diags[last]
    }

    /// A vital-point problem: an error, or a warning in lenient mode.
    fn vital(&mut self, line: &Line, col: usize, message: impl Into<String>) -> &mut Diagnostic {
        let lenient = self.options.lenient;
        let d = self.error(line, col, message);
        if lenient {
            d.severity = Severity::Warning;
        }
        d
    }

    fn run(&mut self) -> Vec<Pattern> {
        let file = self.file;
        for line in file.preamble() {
            match &line.kind {
                LineKind::Row => {
                    let col = first_non_space(&line.text);
                    self.error(line, col, "diagram row outside a pattern")
                        .expected = Some("expected 'Pattern N' before the diagram".into());
                }
                LineKind::Value(_) => {
                    self.error(line, 1, "value line outside a pattern").expected =
                        Some("expected 'Pattern N' before it".into());
                }
                LineKind::Junk => self.junk(line, false),
                _ => {}
            }
        }
        if file.patterns.is_empty() && !self.diags.iter().any(Diagnostic::is_error) {
            let first = file.lines.first().cloned().unwrap_or(Line {
                number: 1,
                text: String::new(),
                kind: LineKind::Blank,
            });
            self.error(&first, 1, "no patterns in the file").expected =
                Some("expected at least one 'Pattern N' with a diagram and a ':abcd' line".into());
        }
        let mut patterns = Vec::new();
        let mut previous: Option<(u64, usize)> = None;
        for p in &file.patterns {
            let lines = file.lines_of(p);
            let number = self.number(&lines[0], &mut previous);
            if let Some(pattern) = self.pattern(lines, number) {
                patterns.push(pattern);
            }
        }
        patterns
    }

    /// The header's number, checked against the previous one.
    fn number(&mut self, header: &Line, previous: &mut Option<(u64, usize)>) -> Option<u32> {
        let LineKind::Header { number, col } = &header.kind else {
            let col = "Pattern".len() + 1;
            self.error(header, col, "malformed pattern header").expected =
                Some("expected 'Pattern' followed by a space and a number".into());
            return None;
        };
        let col = *col;
        let Ok(n) = number.parse::<u32>() else {
            self.error(header, col, format!("pattern number {number} is too large"))
                .expected = Some(format!("expected a number up to {}", u32::MAX));
            return None;
        };
        if let Some((prev, prev_line)) = *previous {
            if u64::from(n) == prev {
                self.error(header, col, format!("duplicate pattern number {n}"))
                    .expected = Some(format!("pattern {n} is already at line {prev_line}"));
            } else if u64::from(n) < prev {
                self.error(header, col, format!("pattern number {n} is out of order"))
                    .expected = Some(format!("expected a number above {prev} (line {prev_line})"));
            }
        }
        // The highest number so far and the line it is on (not the previous header's line: in
        // `1 9 2 9` the second 9 is a duplicate of line 2's, not of line 3's).
        if previous.is_none_or(|(prev, _)| u64::from(n) > prev) {
            *previous = Some((u64::from(n), header.number));
        }
        Some(n)
    }

    /// A junk line: point at its first character that fits nowhere.
    fn junk(&mut self, line: &Line, in_diagram: bool) {
        let (col, c) = line
            .text
            .chars()
            .enumerate()
            .find(|&(_, c)| !is_cell_char(c))
            .map(|(i, c)| (i + 1, c))
            .unwrap_or((1, ' '));
        let message = if c == '\t' {
            "tab in a diagram row".to_string()
        } else if c == '#' && line.text.chars().take(col - 1).all(|c| c == ' ') {
            "a comment indented: '#' starts a comment only in the first column".to_string()
        } else if in_diagram {
            format!("unknown marker {}", shown(c))
        } else {
            format!("unexpected {}", shown(c))
        };
        let expected = if c == '#' && line.text.chars().take(col - 1).all(|c| c == ' ') {
            "'#' in the first column (remove the spaces before it)".to_string()
        } else if in_diagram || c == '\t' {
            EXPECTED_CELL.to_string()
        } else {
            "expected '#' for a comment, 'Pattern N', a diagram row or ':abcd'".to_string()
        };
        self.error(line, col, message).expected = Some(expected);
    }

    /// Check one pattern; give it when it has no error.
    fn pattern(&mut self, lines: &[Line], number: Option<u32>) -> Option<Pattern> {
        // This pattern's diagnostics start here: looking at them alone keeps validation linear
        // in the number of diagnostics (counting the whole list per pattern made it quadratic).
        let first_diag = self.diags.len();
        let header = &lines[0];
        let mut rows: Vec<&Line> = Vec::new();
        // Rows already reported as bad still stand where a diagram row stands.
        let mut bad_rows = 0usize;
        let mut value: Option<(&Line, EyeValue)> = None;
        let mut value_seen: Option<&Line> = None;
        let mut comments = Vec::new();
        let mut outside = Outside::default();
        for line in &lines[1..] {
            match &line.kind {
                LineKind::Comment(c) => {
                    if rows.is_empty() {
                        comments.push(c.clone());
                    }
                    self.outside(line, c, &mut outside);
                }
                LineKind::Row => {
                    if let Some(v) = value_seen {
                        let col = first_non_space(&line.text);
                        self.error(line, col, "diagram row after the value line")
                            .expected = Some(format!(
                            "the diagram ends at the ':abcd' line (line {})",
                            v.number
                        ));
                    } else if line.text.chars().count() > MAX_ROW_LEN {
                        self.error(line, MAX_ROW_LEN + 1, "diagram row too long")
                            .expected = Some(format!("a row has at most {MAX_ROW_LEN} characters"));
                        bad_rows += 1;
                    } else {
                        rows.push(line);
                    }
                }
                LineKind::Value(text) => {
                    if let Some(v) = value_seen {
                        self.error(line, 1, "second value line in one pattern")
                            .expected = Some(format!(
                            "the pattern's value is already given at line {}",
                            v.number
                        ));
                        continue;
                    }
                    value_seen = Some(line);
                    if rows.is_empty() && bad_rows == 0 {
                        self.error(line, 1, "value line before any diagram row")
                            .expected =
                            Some("expected the diagram between 'Pattern N' and ':abcd'".into());
                    }
                    if let Some(v) = self.value(line, text) {
                        value = Some((line, v));
                    }
                }
                LineKind::Junk => {
                    if value_seen.is_none() {
                        bad_rows += 1;
                    }
                    self.junk(line, value_seen.is_none());
                }
                LineKind::Blank | LineKind::Header { .. } | LineKind::BadHeader => {}
            }
        }
        let name = number.map_or_else(|| "the pattern".to_string(), |n| format!("pattern {n}"));
        if rows.is_empty() && bad_rows == 0 && value_seen.is_none() {
            self.error(header, 1, format!("{name} has no diagram"))
                .expected =
                Some("expected diagram rows and a ':abcd' line after the header".into());
        } else if value_seen.is_none() {
            let last = rows.last().copied().unwrap_or(header);
            self.error(
                last,
                last.text.chars().count() + 1,
                format!("{name} has no value line"),
            )
            .expected = Some("expected a ':abcd' line after the diagram".into());
        }
        let diagram = Diagram {
            rows: rows.iter().map(|l| cells(&l.text)).collect(),
        };
        let vertices = diagram.vertices();
        if vertices.is_empty() {
            if let Some(first) = rows.first() {
                self.error(
                    first,
                    first_non_space(&first.text),
                    format!("{name} has no vertex"),
                )
                .expected = Some(
                    "a diagram draws at least one vertex marker (. * < > x X ! @ ( ) $)".into(),
                );
                return None;
            }
        }
        if vertices.len() > MAX_PATTERN_VERTICES {
            let v = vertices[MAX_PATTERN_VERTICES];
            self.error(
                rows[v.row],
                v.col + 1,
                format!("{name} has {} vertices", vertices.len()),
            )
            .expected = Some(format!(
                "a pattern has at most {MAX_PATTERN_VERTICES} vertices"
            ));
            return None;
        }
        let wildcards: Vec<_> = vertices
            .iter()
            .filter(|v| v.marker == Marker::Either)
            .collect();
        if let Some(v) = wildcards.get(MAX_WILDCARDS) {
            self.error(
                rows[v.row],
                v.col + 1,
                format!("{name} has {} 'x' wildcards", wildcards.len()),
            )
            .expected = Some(format!(
                "a pattern has at most {MAX_WILDCARDS} 'x' (each doubles the forms it compiles to): this is the {}th",
                MAX_WILDCARDS + 1
            ));
            return None;
        }
        if self.diags[first_diag..].iter().any(Diagnostic::is_error) {
            return None;
        }
        let (value_line, value) = value?;
        let number = number?;
        let graph = match EyeGraph::from_diagram(&diagram) {
            Ok(g) => g,
            Err(e) => {
                self.error(header, 1, format!("{name}: {e}"));
                return None;
            }
        };
        if !graph.is_connected() {
            let first = vertices[0];
            let reach = reachable(&graph, 0);
            let i = (0..graph.len()).find(|i| !reach[*i]).unwrap_or(0);
            let v = vertices[i];
            self.error(rows[v.row], v.col + 1, format!("{name} is not connected"))
                .expected = Some(format!(
                "this vertex is not joined to the one at line {}, column {}",
                rows[first.row].number,
                first.col + 1
            ));
            return None;
        }
        // GNU Go's own files draw a few of these "to simplify automated testing": they load,
        // but say so.
        if let Err(GraphError::EnclosedWithoutLiberty {
            at: Some((r, c)), ..
        }) = graph.check_liberties()
        {
            let d = self.error(
                rows[r],
                c + 1,
                format!("{name}: this cell, closed in by the space, is a defender stone without a liberty"),
            );
            d.severity = Severity::Warning;
            d.expected = Some("no legal position matches the pattern".into());
        }
        self.vital_points(&name, &diagram, &rows, value_line, value, outside);
        if self.diags[first_diag..].iter().any(Diagnostic::is_error) {
            return None;
        }
        Some(Pattern {
            number,
            value,
            diagram,
            graph,
            comments,
            line: header.number,
            row_lines: rows.iter().map(|l| l.number).collect(),
        })
    }

    /// Check the digits of a value line.
    fn value(&mut self, line: &Line, text: &str) -> Option<EyeValue> {
        let body = text.trim_end();
        let chars: Vec<char> = body.chars().collect();
        for (i, &c) in chars.iter().enumerate().take(4) {
            let col = i + 2;
            if c.is_ascii_digit() {
                if c > '2' {
                    self.error(line, col, format!("digit {c} out of range"))
                        .expected = Some("each digit of the value is 0, 1 or 2".into());
                    return None;
                }
            } else {
                self.error(line, col, format!("unexpected {} in the value", shown(c)))
                    .expected = Some("expected four digits 0, 1 or 2 after ':'".into());
                return None;
            }
        }
        if chars.len() != 4 {
            let col = chars.len().min(4) + 2;
            self.error(
                line,
                col,
                format!("the value has {} characters", chars.len()),
            )
            .expected = Some("expected exactly four digits 0, 1 or 2 after ':'".into());
            return None;
        }
        let d = |i: usize| chars[i] as u8 - b'0';
        let value = EyeValue {
            a: d(0),
            b: d(1),
            c: d(2),
            d: d(3),
        };
        if let Some(i) = (1..4).find(|&i| d(i) < d(i - 1)) {
            self.error(line, i + 2, format!("the digits of {value} decrease"))
                .expected = Some("expected a <= b <= c <= d".into());
            return None;
        }
        Some(value)
    }

    /// Read an `outside:` directive from a comment (see [`OUTSIDE_DIRECTIVE`]).
    fn outside(&mut self, line: &Line, comment: &str, outside: &mut Outside) {
        let Some(rest) = comment.trim_start().strip_prefix(OUTSIDE_DIRECTIVE) else {
            return;
        };
        // Column of the first character after `outside:`, counted from 1.
        let start = line.text.chars().count() - rest.chars().count() + 1;
        let mut words = rest.split_whitespace().peekable();
        if words.peek().is_none() {
            self.error(line, start, "empty 'outside:' directive")
                .expected = Some("expected 'attack', 'defense' or both after 'outside:'".into());
        }
        let mut offset = 0;
        for word in words {
            let at = rest[offset..].find(word).map_or(0, |i| i + offset);
            offset = at + word.len();
            let col = start + rest[..at].chars().count();
            match word {
                "attack" => outside.attack = Some((line.number, col)),
                "defense" => outside.defense = Some((line.number, col)),
                _ => {
                    self.error(line, col, format!("unknown side '{word}' in 'outside:'"))
                        .expected = Some("expected 'attack' or 'defense'".into());
                }
            }
        }
    }

    /// Attack points exactly when a != c, defence points exactly when b != d; an `outside:`
    /// directive stands for the points a value needs when its deciding moves lie outside the
    /// space, and is refused where the value needs none.
    fn vital_points(
        &mut self,
        name: &str,
        diagram: &Diagram,
        rows: &[&Line],
        value_line: &Line,
        value: EyeValue,
        outside: Outside,
    ) {
        let vertices = diagram.vertices();
        let first = |f: fn(Marker) -> bool| vertices.iter().find(|v| f(v.marker)).copied();
        let checks: [VitalCheck; 2] = [
            (
                value.needs_attack(),
                Marker::is_attack,
                "attack",
                2,
                "a != c",
                outside.attack,
            ),
            (
                value.needs_defense(),
                Marker::is_defense,
                "defence",
                3,
                "b != d",
                outside.defense,
            ),
        ];
        for (needed, is, what, col, why, directive) in checks {
            if let (false, Some((line, at))) = (needed, directive) {
                let text = self
                    .file
                    .lines
                    .get(line - 1)
                    .map_or(String::new(), |l| l.text.clone());
                self.diags.push(Diagnostic::error(
                    &self.file.path,
                    line,
                    at,
                    &text,
                    format!("'outside:' names the {what} side, but {value} needs no {what} point"),
                ));
                let last = self.diags.len() - 1;
                self.diags[last].expected = Some(format!(
                    "the value (line {}) is settled for this side: remove '{}'",
                    value_line.number,
                    if what == "attack" {
                        "attack"
                    } else {
                        "defense"
                    }
                ));
                continue;
            }
            match (needed, first(is)) {
                (true, None) if directive.is_some() => {}
                (true, None) => {
                    self.vital(value_line, col, format!("{name} has no {what} point"))
                        .expected = Some(format!(
                        "the value {value} has {why}, so the diagram must mark at least one {what} point"
                    ));
                }
                (false, Some(v)) => {
                    self.vital(
                        rows[v.row],
                        v.col + 1,
                        format!("{what} point in a pattern whose value needs none"),
                    )
                    .expected = Some(format!(
                        "the value {value} (line {}) is settled for this side: remove the mark",
                        value_line.number
                    ));
                }
                _ => {}
            }
        }
    }
}

/// A vital-point rule: needed?, which markers, name, digit column, reason, the `outside:`
/// directive's line and column for this side.
type VitalCheck = (
    bool,
    fn(Marker) -> bool,
    &'static str,
    usize,
    &'static str,
    Option<(usize, usize)>,
);

/// The comment directive that says a pattern's deciding move for a side lies outside the eye
/// space (such as filling the surrounding string's outer liberties), so its diagram marks no
/// vital point for that side: `# outside: attack`, `# outside: defense` or
/// `# outside: attack defense`, anywhere between the header and the value line.
pub const OUTSIDE_DIRECTIVE: &str = "outside:";

/// The sides an `outside:` directive names, each with its line and column.
#[derive(Clone, Copy, Debug, Default)]
struct Outside {
    attack: Option<(usize, usize)>,
    defense: Option<(usize, usize)>,
}

fn is_cell_char(c: char) -> bool {
    Marker::from_char(c).is_some() || matches!(c, '|' | '-' | '+' | ' ')
}

fn shown(c: char) -> String {
    if c.is_control() {
        format!("character U+{:04X}", c as u32)
    } else {
        format!("'{c}'")
    }
}

fn first_non_space(text: &str) -> usize {
    text.chars().position(|c| c != ' ').map_or(1, |i| i + 1)
}

/// The cells of a diagram row.
fn cells(text: &str) -> Vec<Cell> {
    text.chars()
        .map(|c| match c {
            '|' => Cell::EdgeVertical,
            '-' => Cell::EdgeHorizontal,
            '+' => Cell::Corner,
            c => Marker::from_char(c).map_or(Cell::Off, Cell::Vertex),
        })
        .collect()
}

fn reachable(g: &EyeGraph, from: usize) -> Vec<bool> {
    let mut seen = vec![false; g.len()];
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        if std::mem::replace(&mut seen[v], true) {
            continue;
        }
        stack.extend(g.neighbors(v).into_iter().filter(|&w| !seen[w]));
    }
    seen
}
