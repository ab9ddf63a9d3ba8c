//! GNU Go's encoded eye graphs: the one-line text `analyze_eyegraph` takes, e.g. `OO!%O.X%!...`.
//!
//! Rows run top to bottom and end at `%`; each character is one cell: a vertex marker
//! (SEMANTICS.md §1, vital-point marks read as plain markers by the solver), a board-edge marker
//! `|` `-` `+`, or `O` / a space for a cell outside the eye space. Anything else is an error that
//! names its column (1-based, counted over the whole text) and the row it sits in.

use nom::branch::alt;
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt};
use nom::multi::{many0, separated_list1};
use nom::IResult;

use crate::diagram::{Cell, Diagram, Marker};

/// Why a text is not an encoded eye graph.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodedError {
    /// The text is empty.
    #[error("empty eye graph")]
    Empty,
    /// A character that is neither a marker, an edge, `O`, a space nor `%`.
    #[error("unexpected character '{ch}' at column {column} (row {row})")]
    UnexpectedChar {
        /// The character.
        ch: char,
        /// 1-based position in the text, in characters.
        column: usize,
        /// 1-based row of the diagram it falls in.
        row: usize,
    },
}

fn cell(input: &str) -> IResult<&str, Cell> {
    alt((
        map(one_of("O "), |_| Cell::Off),
        map(char('|'), |_| Cell::EdgeVertical),
        map(char('-'), |_| Cell::EdgeHorizontal),
        map(char('+'), |_| Cell::Corner),
        map_opt(satisfy(|c| Marker::from_char(c).is_some()), |c| {
            Marker::from_char(c).map(Cell::Vertex)
        }),
    ))(input)
}

fn rows(input: &str) -> IResult<&str, Vec<Vec<Cell>>> {
    separated_list1(char('%'), many0(cell))(input)
}

/// Parse an encoded eye graph into a diagram.
///
/// ```
/// use nakade::solve::encoded::{parse, EncodedError};
/// let d = parse("OO!%O.X%!...").unwrap();
/// assert_eq!(d.render(' '), vec!["  !", " .X", "!..."]);
/// assert_eq!(
///     parse("..#").unwrap_err(),
///     EncodedError::UnexpectedChar { ch: '#', column: 3, row: 1 }
/// );
/// ```
pub fn parse(text: &str) -> Result<Diagram, EncodedError> {
    if text.is_empty() {
        return Err(EncodedError::Empty);
    }
    match rows(text) {
        Ok(("", mut rows)) => {
            // A trailing `%` ends the last row rather than opening an empty one.
            if rows.len() > 1 && rows.last().is_some_and(|r| r.is_empty()) {
                rows.pop();
            }
            Ok(Diagram { rows })
        }
        Ok((rest, _)) | Err(nom::Err::Error(nom::error::Error { input: rest, .. })) => {
            let offset = text.len() - rest.len();
            let column = text[..offset].chars().count() + 1;
            let row = text[..offset].matches('%').count() + 1;
            let ch = rest.chars().next().unwrap_or('%');
            Err(EncodedError::UnexpectedChar { ch, column, row })
        }
        Err(_) => Err(EncodedError::Empty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_edges() {
        let d = parse("|..%|..%+--").unwrap();
        assert_eq!(d.render('O'), vec!["|..", "|..", "+--"]);
        let edges: Vec<u8> = d.vertices().iter().map(|v| v.edge).collect();
        assert_eq!(edges, vec![1, 0, 2, 1]);
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(parse(""), Err(EncodedError::Empty));
        assert_eq!(
            parse("..%.Z."),
            Err(EncodedError::UnexpectedChar {
                ch: 'Z',
                column: 5,
                row: 2
            })
        );
        assert_eq!(
            parse("é#"),
            Err(EncodedError::UnexpectedChar {
                ch: 'é',
                column: 1,
                row: 1
            })
        );
    }

    proptest::proptest! {
        /// Any text: an answer or an error, never a panic; small graphs also solve.
        #[test]
        fn never_panics(text in "[.!X$*<>@()xO|+% -#é]{0,12}") {
            if let Ok(d) = parse(&text) {
                let small = d.vertices().len() <= 6;
                if let (Ok(space), true) = (crate::solve::Space::from_diagram(&d), small) {
                    let sol = crate::solve::solve(&space, &crate::solve::Params::default());
                    proptest::prop_assert!(sol.is_ok());
                }
            }
        }
    }

    #[test]
    fn spaces_and_o_are_off() {
        let d = parse(" .%O.%").unwrap();
        assert_eq!(d.rows.len(), 2);
        assert_eq!(d.vertices().len(), 2);
    }
}
