//! The spanned syntax tree: every line of a pattern file, classified by the pest grammar
//! (`grammar/eyes.pest`), grouped into patterns. Comments and blank lines are kept, with their
//! line numbers, so diagnostics can point anywhere and a formatter can give the file back.

use pest::Parser;

use super::diagnostic::Diagnostic;
use grammar::{EyesParser, Rule};

/// The generated parser stays private: its `Rule`s are an implementation detail.
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/eyes.pest"]
    pub(super) struct EyesParser;
}

/// What a line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// `# text`: the text after `#`.
    Comment(String),
    /// `Pattern N`: the number's text and its 1-based column.
    Header {
        /// The digits.
        number: String,
        /// Column of the first digit.
        col: usize,
    },
    /// `:abcd`: the text after the colon.
    Value(String),
    /// Empty or white space only.
    Blank,
    /// A diagram row (vertex markers, edge markers, spaces).
    Row,
    /// A line starting with `Pattern` that is not a well-formed header: it still opens a
    /// pattern, so the lines after it are checked as that pattern's.
    BadHeader,
    /// Anything else.
    Junk,
}

/// One line of a pattern file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The line's text, without its line ending.
    pub text: String,
    /// What it is.
    pub kind: LineKind,
}

/// A pattern in the syntax tree: the lines from its header up to the next header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternSyntax {
    /// Index of the header line in [`SourceFile::lines`].
    pub header: usize,
    /// Index one past its last line.
    pub end: usize,
}

/// A parsed pattern file: its lines and where each pattern starts and ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name, as the caller gave it.
    pub path: String,
    /// Every line, in order.
    pub lines: Vec<Line>,
    /// The patterns, in file order.
    pub patterns: Vec<PatternSyntax>,
}

impl SourceFile {
    /// Parse the text of a pattern file.
    pub fn parse(path: &str, text: &str) -> Result<SourceFile, Diagnostic> {
        let pairs = EyesParser::parse(Rule::file, text).map_err(|e| {
            // Every line fits `junk` at worst, so this is not expected; report it anyway.
            let (line, col) = match e.line_col {
                pest::error::LineColLocation::Pos(p) => p,
                pest::error::LineColLocation::Span(p, _) => p,
            };
            let source_line = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
            Diagnostic::error(
                path,
                line,
                col,
                source_line,
                "the file cannot be read as a pattern file",
            )
        })?;
        let mut lines = Vec::new();
        let mut patterns: Vec<PatternSyntax> = Vec::new();
        for pair in pairs.flatten() {
            let kind = match pair.as_rule() {
                Rule::comment => {
                    LineKind::Comment(pair.as_str().strip_prefix('#').unwrap_or("").to_string())
                }
                Rule::header => {
                    let number = pair
                        .clone()
                        .into_inner()
                        .find(|p| p.as_rule() == Rule::number);
                    match number {
                        Some(n) => LineKind::Header {
                            number: n.as_str().to_string(),
                            // The header starts its line; pest's line_col would rescan the file.
                            col: text[pair.as_span().start()..n.as_span().start()]
                                .chars()
                                .count()
                                + 1,
                        },
                        None => LineKind::Junk,
                    }
                }
                Rule::value_line => LineKind::Value(pair.as_str()[1..].to_string()),
                Rule::blank => LineKind::Blank,
                Rule::diagram_row => LineKind::Row,
                Rule::junk if pair.as_str().starts_with("Pattern") => LineKind::BadHeader,
                Rule::junk => LineKind::Junk,
                _ => continue,
            };
            // The grammar gives exactly one pair per line, in order.
            let number = lines.len() + 1;
            // A blank line has an empty span; its text may still hold spaces.
            let text = text_of_line(text, pair.as_span().start());
            if matches!(kind, LineKind::Header { .. } | LineKind::BadHeader) {
                if let Some(last) = patterns.last_mut() {
                    last.end = lines.len();
                }
                patterns.push(PatternSyntax {
                    header: lines.len(),
                    end: lines.len() + 1,
                });
            }
            lines.push(Line { number, text, kind });
        }
        if let Some(last) = patterns.last_mut() {
            last.end = lines.len();
        }
        Ok(SourceFile {
            path: path.to_string(),
            lines,
            patterns,
        })
    }

    /// The lines of pattern `p`, header first.
    pub fn lines_of(&self, p: &PatternSyntax) -> &[Line] {
        &self.lines[p.header..p.end]
    }

    /// The lines before the first pattern.
    pub fn preamble(&self) -> &[Line] {
        let end = self.patterns.first().map_or(self.lines.len(), |p| p.header);
        &self.lines[..end]
    }
}

/// The whole line of `text` that contains byte `offset`, without its line ending.
fn text_of_line(text: &str, offset: usize) -> String {
    let start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[offset..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| offset + i);
    text[start..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_lines_and_groups_patterns() {
        let text = "# head\n\nPattern 1\n# c\nx.\n\n:1111\n\nPattern 2\n!\n:0000";
        let f = SourceFile::parse("t.db", text).unwrap();
        let kinds: Vec<&LineKind> = f.lines.iter().map(|l| &l.kind).collect();
        assert_eq!(kinds[0], &LineKind::Comment(" head".into()));
        assert_eq!(kinds[1], &LineKind::Blank);
        assert_eq!(
            kinds[2],
            &LineKind::Header {
                number: "1".into(),
                col: 9
            }
        );
        assert_eq!(kinds[4], &LineKind::Row);
        assert_eq!(kinds[6], &LineKind::Value("1111".into()));
        assert_eq!(f.patterns.len(), 2);
        assert_eq!(f.lines_of(&f.patterns[0]).len(), 6);
        assert_eq!(f.lines_of(&f.patterns[1])[1].text, "!");
        assert_eq!(f.lines.len(), 11);
        assert_eq!(f.lines[10].number, 11);
    }

    #[test]
    fn junk_lines_are_kept() {
        let f = SourceFile::parse("t.db", "Pattern 1\n.?.\n:1111\n").unwrap();
        assert_eq!(f.lines[1].kind, LineKind::Junk);
        assert_eq!(f.lines[1].text, ".?.");
    }
}
