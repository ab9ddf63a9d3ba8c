//! The canonical layout of a pattern file, printed from the spanned syntax tree.
//!
//! Takes a [`SourceFile`] (every line kept, comments included), gives the file's text in the
//! canonical layout:
//!
//! - comments stay where they were, in the same order, in the same blocks (a run of blank
//!   lines between two blocks becomes one blank line); trailing white space is dropped;
//! - `Pattern N` with one space, then the comments written between the header and the diagram,
//!   one blank line, the diagram rows (the common indentation removed, trailing spaces dropped,
//!   no blank line among them), one blank line, any comments written after the diagram, the
//!   value line `:abcd`;
//! - one blank line between the value line and what follows (the next header, or the comment
//!   blocks between two patterns, each followed by one blank line);
//! - one line ending (`\n`) after the last line.
//!
//! Printing the layout of its own output gives it back unchanged (the layout is idempotent),
//! and the patterns read from it are those read from the original: the same numbers, values and
//! diagrams up to the removed indentation, which moves every row alike.

use super::syntax::{Line, LineKind, SourceFile};

/// The canonical text of a parsed file.
///
/// Lines that are neither comments, headers, rows nor value lines (junk, malformed headers)
/// are printed trimmed where they stand; [`super::parse`] refuses such files, so a caller that
/// formats only valid files never meets them.
pub fn format(file: &SourceFile) -> String {
    let mut out = Printer::default();
    out.blocks(file.preamble());
    for p in &file.patterns {
        out.pattern(file.lines_of(p));
    }
    out.finish()
}

/// The first line (1-based) where `original` and `formatted` differ, `None` when they are the
/// same text. A missing final line ending counts as a difference on the last line.
pub fn first_difference(original: &str, formatted: &str) -> Option<usize> {
    if original == formatted {
        return None;
    }
    let mut a = original.split_inclusive('\n');
    let mut b = formatted.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            _ => return Some(line),
        }
    }
}

/// The output, built line by line, with at most one blank line in a row and none at the ends.
#[derive(Default)]
struct Printer {
    lines: Vec<String>,
}

impl Printer {
    fn push(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }

    /// One blank line, unless the output is empty or already ends with one.
    fn blank(&mut self) {
        if self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    /// Comment lines (and stray lines) in blocks: a blank line between two blocks and after
    /// the last one.
    fn blocks(&mut self, lines: &[Line]) {
        let mut in_block = false;
        for line in lines {
            match line.kind {
                LineKind::Blank => {
                    if in_block {
                        self.blank();
                    }
                    in_block = false;
                }
                _ => {
                    self.push(other(line));
                    in_block = true;
                }
            }
        }
        self.blank();
    }

    fn pattern(&mut self, lines: &[Line]) {
        let Some((header, body)) = lines.split_first() else {
            return;
        };
        self.push(match &header.kind {
            LineKind::Header { number, .. } => format!("Pattern {number}"),
            _ => header.text.trim_end().to_string(),
        });
        let first_row = body.iter().position(|l| l.kind == LineKind::Row);
        let last_row = body.iter().rposition(|l| l.kind == LineKind::Row);
        let value = body
            .iter()
            .position(|l| matches!(l.kind, LineKind::Value(_)));
        // The diagram and its value: the rows (and what stands among them) from the first
        // row, or the value line when no row comes before it.
        let (Some(start), Some(v)) = (first_row.filter(|&r| value.is_none_or(|v| r < v)), value)
        else {
            // No diagram before a value line: nothing to lay out; keep the lines in blocks.
            self.blocks(body);
            return;
        };
        let end = last_row.filter(|&r| r < v).unwrap_or(start);
        // Comments between the header and the diagram: right under the header.
        let before: Vec<&Line> = body[..start]
            .iter()
            .filter(|l| l.kind != LineKind::Blank)
            .collect();
        for l in before {
            self.push(other(l));
        }
        self.blank();
        let indent = body[start..=end]
            .iter()
            .filter(|l| l.kind == LineKind::Row)
            .map(|l| l.text.chars().take_while(|&c| c == ' ').count())
            .min()
            .unwrap_or(0);
        for l in &body[start..=end] {
            match l.kind {
                LineKind::Row => self.push(l.text[indent..].trim_end()),
                LineKind::Blank => {}
                _ => self.push(other(l)),
            }
        }
        self.blank();
        let after: Vec<&Line> = body[end + 1..v]
            .iter()
            .filter(|l| l.kind != LineKind::Blank)
            .collect();
        for l in after {
            self.push(other(l));
        }
        if let LineKind::Value(text) = &body[v].kind {
            self.push(format!(":{}", text.trim()));
        }
        self.blank();
        self.blocks(&body[v + 1..]);
    }

    fn finish(mut self) -> String {
        while self.lines.last().is_some_and(String::is_empty) {
            self.lines.pop();
        }
        let mut text = self.lines.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        text
    }
}

/// A line printed as it is, less its trailing white space.
fn other(line: &Line) -> String {
    line.text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format(&SourceFile::parse("t.db", text).unwrap())
    }

    #[test]
    fn canonical_layout() {
        let text = "# head  \n\n\n\n# second block\nPattern   7\n# about 7\n\n\n  .X \n  ..\n:1122  \n\n\n\n###\n# section\n###\n\nPattern 8\n\n# after header\n\n*\n\n# after rows\n\n:0011";
        let want = "# head\n\n# second block\n\nPattern 7\n# about 7\n\n.X\n..\n\n:1122\n\n###\n# section\n###\n\nPattern 8\n# after header\n\n*\n\n# after rows\n:0011\n";
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(want), want, "idempotent");
    }

    #[test]
    fn rows_keep_their_relative_columns() {
        let got = fmt("Pattern 1\n\n   X\n  XX.@x\n\n:1122\n");
        assert_eq!(got, "Pattern 1\n\n X\nXX.@x\n\n:1122\n");
    }

    #[test]
    fn comments_among_rows_stay_there() {
        let got = fmt("Pattern 1\n|.\n# between\n\n|..\n+--\n:1111\n");
        assert_eq!(got, "Pattern 1\n\n|.\n# between\n|..\n+--\n\n:1111\n");
    }

    #[test]
    fn first_difference_names_the_line() {
        assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
        assert_eq!(first_difference("a\nb\nc\n", "a\nx\nc\n"), Some(2));
        assert_eq!(first_difference("a\nb", "a\nb\n"), Some(2));
        assert_eq!(first_difference("a\n", "a\nb\n"), Some(2));
    }
}
