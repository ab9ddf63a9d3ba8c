//! Board diagrams: text in, a [`Board`] (plus labelled points) out.
//!
//! The conventions are those of the seed documents:
//!
//! * one line a row, top to bottom; spaces between cells are optional and ignored; blank lines
//!   before and after the diagram are ignored;
//! * `X` a black stone, `O` a white stone, `.` an empty point, `+` or `,` an empty hoshi point;
//! * a lowercase letter `a`..`z` is an empty point with that label (the seeds write `a`, `b` for
//!   points the text talks about); [`ParsedDiagram::labels`] maps each label to its location;
//! * `|` as the first cell of every row marks the left board edge, as the last cell the right
//!   edge; a first or last line made only of `-` and `+` marks the top or bottom edge (`+` is a
//!   corner there);
//! * a board as GTP's `showboard` prints it (GNU Go's or this crate's: column letters, row
//!   numbers on both sides, notes after them, the response's `=`) is the whole board, of the
//!   size the letters count; so is a square diagram without any mark when no size is given
//!   (rows of `. X O` pasted as they are).
//!
//! **Which edges are board edges.** Exactly the marked ones. A diagram with both edges of one
//! direction marked spans the board in that direction, which fixes the board size (a diagram
//! closed in both directions must be square). A side without a mark is open: the board goes on
//! past it, with empty points, by at least one line. A direction with one marked edge is
//! anchored to it; a direction with none is centred. The size is the one passed in, else the one
//! the marks fix, else 19. A diagram that cannot be placed so is refused.
//!
//! Errors are typed, carry the 1-based `line:col` of the character at fault and say what was
//! expected. A string without liberties is refused, naming its vertex.

use std::collections::BTreeMap;
use std::fmt;

use super::{vertex, Board, Color, Loc, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// A parsed diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedDiagram {
    /// The position.
    pub board: Board,
    /// Labelled points (`a`..`z`).
    pub labels: BTreeMap<char, Loc>,
    /// Board column and row of the diagram's top left cell.
    pub origin: (usize, usize),
}

/// What is wrong with a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramErrorKind {
    /// No rows at all.
    Empty,
    /// A character that is not a cell.
    UnexpectedChar {
        /// The character found.
        found: char,
    },
    /// A row of a different width.
    RaggedRow {
        /// Points in this row.
        found: usize,
        /// Points in the first row.
        expected: usize,
    },
    /// An edge line (`---`) between rows.
    EdgeInMiddle,
    /// Some rows mark an edge with `|` and others do not.
    InconsistentEdge,
    /// Closed in both directions but not square.
    NotSquare {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The size passed in or fixed by the marks is not usable, or the diagram does not fit.
    BadSize {
        /// The board size.
        size: usize,
        /// Why.
        reason: String,
    },
    /// Column letters (`A B C ...`, as `showboard` prints them) that do not count the rows'
    /// points.
    ColumnLetters {
        /// Letters on the line.
        letters: usize,
        /// Points in each row.
        points: usize,
    },
    /// A label used twice.
    DuplicateLabel {
        /// The label.
        label: char,
    },
    /// A string with no liberty.
    NoLiberties {
        /// The GTP vertex of one of its stones.
        vertex: String,
    },
}

/// A diagram error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    /// Line, from 1.
    pub line: usize,
    /// Column (characters), from 1.
    pub col: usize,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.col)?;
        match &self.kind {
            DiagramErrorKind::Empty => write!(f, "empty diagram: expected rows of X O . + ,"),
            DiagramErrorKind::UnexpectedChar { found } => write!(
                f,
                "unexpected {found:?}: expected X, O, '.', '+', ',', a label a-z, '|' or an edge line"
            ),
            DiagramErrorKind::RaggedRow { found, expected } => {
                write!(f, "row has {found} points, expected {expected} like the first row")
            }
            DiagramErrorKind::ColumnLetters { letters, points } => {
                write!(f, "{letters} column letters, but the rows have {points} points")
            }
            DiagramErrorKind::EdgeInMiddle => {
                write!(f, "edge line between rows: expected it first or last")
            }
            DiagramErrorKind::InconsistentEdge => {
                write!(f, "edge '|' here but not on the first row (or the reverse): expected every row alike")
            }
            DiagramErrorKind::NotSquare { width, height } => {
                write!(f, "closed diagram is {width}x{height}: expected a square board")
            }
            DiagramErrorKind::BadSize { size, reason } => write!(f, "board size {size}: {reason}"),
            DiagramErrorKind::DuplicateLabel { label } => {
                write!(f, "label '{label}' used twice: expected each label once")
            }
            DiagramErrorKind::NoLiberties { vertex } => {
                write!(f, "the string at {vertex} has no liberties")
            }
        }
    }
}

impl std::error::Error for DiagramError {}

struct Row {
    line: usize,
    /// (column, char) of each content cell.
    cells: Vec<(usize, char)>,
    left: bool,
    right: bool,
    first_col: usize,
}

/// GTP's column letters (`A B C ... T`, no `I`), all from `A` on: their number.
fn column_letters(line: &str) -> Option<usize> {
    let letters: Vec<&str> = line.split_whitespace().collect();
    let expected = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let ok = !letters.is_empty()
        && letters.len() <= expected.len()
        && letters
            .iter()
            .zip(expected.chars())
            .all(|(l, e)| l.len() == 1 && l.starts_with(e));
    ok.then_some(letters.len())
}

/// A row without the row numbers `showboard` puts on its sides (and the notes after the
/// right one): the number on the left is blanked (columns keep their place), the line is cut
/// at the number on the right. True when there was a number on the left.
fn without_row_numbers(line: &str) -> (String, bool) {
    let trimmed = line.trim_start();
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    let after = trimmed[digits..].chars().next();
    if digits == 0 || digits > 2 || !after.is_some_and(char::is_whitespace) {
        return (line.to_string(), false);
    }
    let start = line.len() - trimmed.len();
    let mut row: String = line[..start + digits].chars().map(|_| ' ').collect();
    let rest = &line[start + digits..];
    // The right-hand number: the first digit after the cells.
    let end = rest
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(rest.len());
    row.push_str(&rest[..end]);
    (row, true)
}

fn err(line: usize, col: usize, kind: DiagramErrorKind) -> DiagramError {
    DiagramError { line, col, kind }
}

/// Parse a board diagram; `size` overrides the board size (see the module docs).
pub fn parse_board(text: &str, size: Option<usize>) -> Result<ParsedDiagram, DiagramError> {
    // A board as GTP's `showboard` prints it (GNU Go's, this crate's): the `=` of the
    // response, column letters above and below, row numbers on both sides and notes after
    // them. The letters and numbers go (each cell keeps its column, for messages), and they
    // mark the whole board.
    // The column letters' count and the line they are on.
    let mut columns: Option<(usize, usize)> = None;
    let mut numbered = 0;
    let mut kept: Vec<(usize, String)> = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() || l.trim() == "=" {
            continue;
        }
        if let Some(n) = column_letters(l) {
            columns.get_or_insert((n, i + 1));
            continue;
        }
        let (row, had_number) = without_row_numbers(l);
        numbered += usize::from(had_number);
        kept.push((i + 1, row));
    }
    let lines: Vec<(usize, &str)> = kept.iter().map(|(i, l)| (*i, l.as_str())).collect();
    if lines.is_empty() {
        return Err(err(1, 1, DiagramErrorKind::Empty));
    }
    let whole_board = columns.is_some() || numbered == lines.len();
    let is_edge_line = |l: &str| {
        let t: Vec<char> = l.chars().filter(|c| !c.is_whitespace()).collect();
        t.contains(&'-') && t.iter().all(|&c| c == '-' || c == '+')
    };
    let mut top = false;
    let mut bottom = false;
    let mut rows = Vec::new();
    let last = lines.len() - 1;
    for (k, &(line, l)) in lines.iter().enumerate() {
        if is_edge_line(l) {
            let col = l.chars().position(|c| !c.is_whitespace()).unwrap_or(0) + 1;
            if k == 0 {
                top = true;
            } else if k == last {
                bottom = true;
            } else {
                return Err(err(line, col, DiagramErrorKind::EdgeInMiddle));
            }
            continue;
        }
        let mut cells: Vec<(usize, char)> = Vec::new();
        for (c, ch) in l.chars().enumerate() {
            if !ch.is_whitespace() {
                cells.push((c + 1, ch));
            }
        }
        // A row number with no points after it is a row of none: the checks below name it.
        let first_col = cells.first().map_or(1, |c| c.0);
        let left = cells.first().map(|c| c.1) == Some('|');
        if left {
            cells.remove(0);
        }
        let right = cells.last().map(|c| c.1) == Some('|');
        if right {
            cells.pop();
        }
        for &(c, ch) in &cells {
            let ok = matches!(ch, 'X' | 'O' | '.' | '+' | ',') || ch.is_ascii_lowercase();
            if !ok {
                return Err(err(line, c, DiagramErrorKind::UnexpectedChar { found: ch }));
            }
        }
        rows.push(Row {
            line,
            cells,
            left,
            right,
            first_col,
        });
    }
    if rows.is_empty() {
        return Err(err(lines[0].0, 1, DiagramErrorKind::Empty));
    }
    let width = rows[0].cells.len();
    let (left, right) = (rows[0].left, rows[0].right);
    for r in &rows {
        if r.cells.len() != width {
            return Err(err(
                r.line,
                r.first_col,
                DiagramErrorKind::RaggedRow {
                    found: r.cells.len(),
                    expected: width,
                },
            ));
        }
        if r.left != left || r.right != right {
            return Err(err(r.line, r.first_col, DiagramErrorKind::InconsistentEdge));
        }
    }
    if width == 0 {
        return Err(err(
            rows[0].line,
            rows[0].first_col,
            DiagramErrorKind::Empty,
        ));
    }
    let height = rows.len();
    let at0 = (rows[0].line, rows[0].first_col);
    let bad =
        |size: usize, reason: String| err(at0.0, at0.1, DiagramErrorKind::BadSize { size, reason });
    // Coordinates, or a square diagram without a single mark (a board pasted as rows of
    // `. X O`) and no size given: the whole board.
    let unmarked = !(left || right || top || bottom);
    let whole_board = unmarked
        && (whole_board
            || (size.is_none() && width == height && (MIN_SIZE..=MAX_SIZE).contains(&width)));
    if let Some((letters, line)) = columns.filter(|&(n, _)| n != width) {
        let col = text.lines().nth(line - 1).map_or(1, |l| {
            l.chars().position(|c| !c.is_whitespace()).unwrap_or(0) + 1
        });
        return Err(err(
            line,
            col,
            DiagramErrorKind::ColumnLetters {
                letters,
                points: width,
            },
        ));
    }
    let (left, right, top, bottom) = if whole_board {
        (true, true, true, true)
    } else {
        (left, right, top, bottom)
    };
    let closed_h = left && right;
    let closed_v = top && bottom;
    if closed_h && closed_v && width != height {
        return Err(err(
            at0.0,
            at0.1,
            DiagramErrorKind::NotSquare { width, height },
        ));
    }
    let fixed = if closed_h {
        Some(width)
    } else if closed_v {
        Some(height)
    } else {
        None
    };
    let n = match (size, fixed) {
        (Some(s), Some(f)) if s != f => {
            return Err(bad(s, format!("the edge marks make the board {f}x{f}")));
        }
        (Some(s), _) => s,
        (None, Some(f)) => f,
        (None, None) => DEFAULT_SIZE,
    };
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(bad(n, format!("sizes are {MIN_SIZE}..={MAX_SIZE}")));
    }
    let place = |len: usize, lo: bool, hi: bool, what: &str| -> Result<usize, DiagramError> {
        if len == n {
            return Ok(0);
        }
        let need = match (lo, hi) {
            (true, true) => len,
            (true, false) | (false, true) => len + 1,
            (false, false) => len + 2,
        };
        if n < need && !(lo && hi) {
            return Err(bad(
                n,
                format!("{len} {what} with open sides need a board of at least {need}"),
            ));
        }
        Ok(match (lo, hi) {
            (true, _) => 0,
            (false, true) => n - len,
            (false, false) => (n - len) / 2,
        })
    };
    let x0 = place(width, left, right, "columns")?;
    let y0 = place(height, top, bottom, "rows")?;
    let mut board = Board::new(n).map_err(|e| bad(n, e.to_string()))?;
    let mut labels = BTreeMap::new();
    for (dy, r) in rows.iter().enumerate() {
        for (dx, &(c, ch)) in r.cells.iter().enumerate() {
            let loc = board.loc(x0 + dx, y0 + dy).expect("placed on the board");
            let color = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            if ch.is_ascii_lowercase() && labels.insert(ch, loc).is_some() {
                return Err(err(
                    r.line,
                    c,
                    DiagramErrorKind::DuplicateLabel { label: ch },
                ));
            }
            board.put_raw(loc, color);
        }
    }
    board.rebuild_all();
    for (dy, r) in rows.iter().enumerate() {
        for (dx, &(c, _)) in r.cells.iter().enumerate() {
            let loc = board.loc(x0 + dx, y0 + dy).unwrap();
            if board.color(loc).is_some() && board.liberty_count(loc) == 0 {
                let v = vertex::name(&board, loc);
                return Err(err(r.line, c, DiagramErrorKind::NoLiberties { vertex: v }));
            }
        }
    }
    Ok(ParsedDiagram {
        board,
        labels,
        origin: (x0, y0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_board() {
        let p = parse_board("+-----+\n|X O .|\n|. X O|\n|, . +|\n+-----+", None).unwrap();
        assert_eq!(p.board.size(), 3);
        assert_eq!(p.board.to_diagram(), "X O .\n. X O\n. . .\n");
        assert_eq!(p.origin, (0, 0));
    }

    #[test]
    fn corner_fragment_anchors_and_labels() {
        let p = parse_board("|. X a\n|X X .\n+-----", Some(9)).unwrap();
        assert_eq!(p.origin, (0, 7));
        assert_eq!(vertex::name(&p.board, p.labels[&'a']), "C2");
        let q = parse_board("------\nO.O\nOOO", None).unwrap();
        assert_eq!(q.board.size(), 19);
        assert_eq!(q.origin, (8, 0));
        let c = parse_board("XXX\nX.X\nXXX", Some(5)).unwrap();
        assert_eq!(c.origin, (1, 1));
    }

    /// A row number with no points after it (found by `board_fuzz`: `"0  "` panicked) is an
    /// error naming its line: an empty diagram alone, a short row among others.
    #[test]
    fn a_row_number_without_points_is_an_error() {
        let e = parse_board("0  ", None).unwrap_err();
        assert_eq!((e.line, e.col, e.kind), (1, 1, DiagramErrorKind::Empty));
        let e = parse_board("X O .\n2  \n. X O", None).unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (
                2,
                DiagramErrorKind::RaggedRow {
                    found: 0,
                    expected: 3
                }
            )
        );
    }

    #[test]
    fn a_pasted_showboard_is_the_whole_board() {
        // GNU Go 3.8's `showboard`, as it prints it (issue 34, item 2).
        let gnugo = "= \n   A B C D E\n 5 . . . . . 5\n 4 . + . + . 4\n 3 . . X . . 3\n \
                     2 . O . + . 2     WHITE (O) has captured 0 stones\n \
                     1 . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E\n";
        let p = parse_board(gnugo, None).unwrap();
        assert_eq!(p.board.size(), 5);
        assert_eq!(p.origin, (0, 0));
        assert_eq!(
            p.board.to_diagram(),
            ". . . . .\n. . . . .\n. . X . .\n. O . . .\n. . . . .\n"
        );
        // This crate's own, on 19x19 (two-digit row numbers).
        let mut b = Board::new(19).unwrap();
        b.play(b.loc(3, 3).unwrap(), Color::Black).unwrap();
        b.play(b.loc(15, 16).unwrap(), Color::White).unwrap();
        let mut shown = String::from("   A B C D E F G H J K L M N O P Q R S T\n");
        for y in 0..19 {
            let row: Vec<String> = (0..19)
                .map(|x| {
                    b.color(b.loc(x, y).unwrap())
                        .map_or(".".into(), |c| c.to_char().to_string())
                })
                .collect();
            shown.push_str(&format!("{:>2} {} {}\n", 19 - y, row.join(" "), 19 - y));
        }
        shown.push_str("   A B C D E F G H J K L M N O P Q R S T\n");
        let p = parse_board(&shown, None).unwrap();
        assert_eq!(p.board.to_diagram(), b.to_diagram());
        // Rows of `. X O` as pasted: a square diagram without marks is the whole board.
        let p = parse_board(".........\n........X\n.........\n.........\n....O....\n.........\n.........\n.........\n.........", None).unwrap();
        assert_eq!((p.board.size(), p.origin), (9, (0, 0)));
        assert_eq!(vertex::name(&p.board, p.board.loc(8, 1).unwrap()), "J8");
        // Letters that do not match the rows.
        let e = parse_board("   A B C\n 2 . . 2\n 1 . . 1\n   A B C", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:4: 3 column letters, but the rows have 2 points"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_board("X O\nX Q", Some(5)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:3: unexpected 'Q': expected X, O, '.', '+', ',', a label a-z, '|' or an edge line"
        );
        let e = parse_board("XOX\nXX", Some(5)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:1: row has 2 points, expected 3 like the first row"
        );
        let e = parse_board("|.X\n|OX|", None).unwrap_err();
        assert_eq!(e.kind, DiagramErrorKind::InconsistentEdge);
        let e = parse_board("XX\n---\nOO", None).unwrap_err();
        assert_eq!(
            (e.line, e.col, e.kind),
            (2, 1, DiagramErrorKind::EdgeInMiddle)
        );
        let e = parse_board("|XO|\n|OX|\n|..|", None).unwrap_err();
        assert_eq!(
            e.kind,
            DiagramErrorKind::BadSize {
                size: 2,
                reason: "3 rows with open sides need a board of at least 5".into()
            }
        );
        let e = parse_board("+--+\n|OX|\n|XO|\n+--+", None).unwrap_err();
        assert_eq!(e.to_string(), "2:2: the string at A2 has no liberties");
        let e = parse_board("a.a", Some(5)).unwrap_err();
        assert_eq!(e.kind, DiagramErrorKind::DuplicateLabel { label: 'a' });
        assert_eq!(
            parse_board("\n  \n", None).unwrap_err().kind,
            DiagramErrorKind::Empty
        );
        let e = parse_board("XXXX", Some(3)).unwrap_err();
        assert!(matches!(e.kind, DiagramErrorKind::BadSize { size: 3, .. }));
    }
}
