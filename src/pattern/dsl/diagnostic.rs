//! Diagnostics: a message tied to `file:line:col`, shown with the offending line and a caret.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The file is usable, but something deserves a look.
    Warning,
    /// The file cannot be compiled.
    Error,
}

/// A problem found in a file, with the place it was found.
///
/// Its `Display` form is the one `nakade check` prints:
///
/// ```text
/// error: unknown marker '?'
///  --> bad.db:5:3
///   |
/// 5 | ..?.
///   |   ^ expected a vertex marker (. * < > x X ! @ ( ) $), an edge marker (| - +) or a space
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file, as named by the caller.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// The text of the line (lossily decoded when the file is not UTF-8).
    pub source_line: String,
    /// What is wrong.
    pub message: String,
    /// What was expected, shown after the caret.
    pub expected: Option<String>,
}

impl Diagnostic {
    /// An error at `line:col` of `source_line`.
    pub fn error(
        path: &str,
        line: usize,
        col: usize,
        source_line: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            path: path.to_string(),
            line,
            col,
            source_line: source_line.to_string(),
            message: message.into(),
            expected: None,
        }
    }

    /// A warning at `line:col` of `source_line`.
    pub fn warning(
        path: &str,
        line: usize,
        col: usize,
        source_line: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(path, line, col, source_line, message)
        }
    }

    /// The same diagnostic with a note on what was expected.
    pub fn expected(mut self, expected: impl Into<String>) -> Diagnostic {
        self.expected = Some(expected.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let gutter = self.line.to_string().len();
        let pad = " ".repeat(gutter);
        // Long lines are cut so that the caret stays on screen; the column is exact anyway.
        let (shown, caret_col) = window(&self.source_line, self.col);
        writeln!(f, "{kind}: {}", self.message)?;
        writeln!(f, "{pad}--> {}:{}:{}", self.path, self.line, self.col)?;
        writeln!(f, "{pad} |")?;
        writeln!(f, "{} | {}", self.line, shown)?;
        let lead: String = shown
            .chars()
            .take(caret_col - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        match &self.expected {
            Some(e) => write!(f, "{pad} | {lead}^ {e}"),
            None => write!(f, "{pad} | {lead}^"),
        }
    }
}

/// At most this many characters of a source line are shown.
const SHOWN: usize = 80;

/// The part of `line` to show and the caret's column inside it.
fn window(line: &str, col: usize) -> (String, usize) {
    let printable = |c: char| {
        if c.is_control() && c != '\t' {
            '\u{fffd}'
        } else {
            c
        }
    };
    let chars: Vec<char> = line.chars().map(printable).collect();
    if chars.len() <= SHOWN {
        return (chars.into_iter().collect(), col.max(1));
    }
    let start = col
        .saturating_sub(SHOWN / 2)
        .min(chars.len().saturating_sub(SHOWN));
    let end = (start + SHOWN).min(chars.len());
    let mut s: String = chars[start..end].iter().collect();
    let mut caret = col - start;
    if start > 0 {
        s.insert_str(0, "...");
        caret += 3;
    }
    if end < chars.len() {
        s.push_str("...");
    }
    (s, caret.max(1))
}

/// Render a list of diagnostics, one after another, separated by blank lines.
pub fn render_all(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&d.to_string());
        out.push_str("\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_with_caret() {
        let d = Diagnostic::error("f.db", 12, 3, "..?.", "unknown marker '?'").expected("a marker");
        assert_eq!(
            d.to_string(),
            "error: unknown marker '?'\n  --> f.db:12:3\n   |\n12 | ..?.\n   |   ^ a marker"
        );
    }

    #[test]
    fn long_lines_are_windowed() {
        let line = ".".repeat(10_000);
        let d = Diagnostic::error("f.db", 1, 65, &line, "too long");
        let text = d.to_string();
        let shown = text.lines().nth(3).unwrap();
        let caret = text.lines().nth(4).unwrap();
        assert!(shown.len() < 100);
        assert_eq!(shown.chars().nth(caret.find('^').unwrap()), Some('.'));
    }
}
