//! GNU Go's one-line eye-graph encoding, as `analyze_eyegraph` takes it: `OO!%O.X%!...`.
//!
//! Takes a string, gives a [`Diagram`]. Rows are separated by `%`; each character is a cell:
//! a vertex marker, `O` or a space for a cell outside the eye space, or an edge marker
//! `|` `-` `+`. The vital-point markers (`* < > @ ( )`) are read as the plain vertices they mark,
//! as GNU Go does, so an annotated answer can be fed back. The wildcard `x` is refused: an eye
//! space is concrete. Parsed with nom; an error names the character's column (1-based, counted
//! over the whole string) and what was expected there.

use nom::branch::alt;
use nom::character::complete::{char as ch, satisfy};
use nom::combinator::{map, map_opt};
use nom::multi::{many0, separated_list1};
use nom::{IResult, Parser};

use crate::pattern::diagram::{Cell, Diagram, Marker};

/// Longest encoded graph accepted, in characters: far beyond any real eye space, short enough
/// that a hostile line cannot make the engine allocate without bound.
pub const MAX_ENCODED_LEN: usize = 4096;

/// Why an encoded graph could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodedError {
    /// A character that is not a cell, at `column` (1-based, over the whole string).
    #[error("column {column}: unexpected '{found}'; expected a vertex marker (. * < > X ! @ ( ) $), O for a cell outside the space, an edge marker (| - +) or % between rows")]
    Unexpected {
        /// 1-based character column in the string.
        column: usize,
        /// The character found.
        found: char,
    },
    /// The wildcard `x`, which belongs to patterns, not to eye spaces.
    #[error(
        "column {column}: 'x' is a pattern wildcard; an eye space says '.' (empty) or 'X' (stone)"
    )]
    Wildcard {
        /// 1-based character column in the string.
        column: usize,
    },
    /// Nothing to read.
    #[error("empty graph: expected rows of cells separated by %")]
    Empty,
    /// No eye vertex at all.
    #[error("the graph has no eye vertex")]
    NoVertex,
    /// An edge marker where no board edge can be: a `|` between eye vertices or in line with
    /// one, a `-` beside one or between two, a `+` next to one.
    #[error("column {column}: '{found}' cannot be a board edge here; {expected}")]
    Edge {
        /// 1-based character column in the string.
        column: usize,
        /// The marker.
        found: char,
        /// What an edge marker needs.
        expected: &'static str,
    },
    /// An eye vertex not joined to the first one: the graph is not one eye space.
    #[error("column {column}: this eye vertex is not joined to the one at column {first}; an eye space is connected")]
    Disconnected {
        /// 1-based character column of the first vertex not reached.
        column: usize,
        /// 1-based character column of the first vertex.
        first: usize,
    },
    /// Longer than [`MAX_ENCODED_LEN`].
    #[error("the graph is {len} characters long; the limit is {limit}")]
    TooLong {
        /// Its length in characters.
        len: usize,
        /// The limit.
        limit: usize,
    },
}

fn cell(input: &str) -> IResult<&str, Cell> {
    alt((
        map(ch('O'), |_| Cell::Off),
        map(ch(' '), |_| Cell::Off),
        map(ch('|'), |_| Cell::EdgeVertical),
        map(ch('-'), |_| Cell::EdgeHorizontal),
        map(ch('+'), |_| Cell::Corner),
        map_opt(satisfy(|c| c != 'x'), |c| {
            Marker::from_char(c).map(Cell::Vertex)
        }),
    ))
    .parse(input)
}

fn rows(input: &str) -> IResult<&str, Vec<Vec<Cell>>> {
    separated_list1(ch('%'), many0(cell)).parse(input)
}

/// Parse an encoded eye graph.
///
/// ```
/// use nakade::pattern::encoded::parse_graph;
/// let d = parse_graph("OO!%O.X%!...").unwrap();
/// assert_eq!(d.vertices().len(), 7);
/// assert_eq!(d.render('O'), vec!["OO!", "O.X", "!..."]);
/// assert_eq!(
///     parse_graph("..?").unwrap_err().to_string(),
///     "column 3: unexpected '?'; expected a vertex marker (. * < > X ! @ ( ) $), O for a cell \
///      outside the space, an edge marker (| - +) or % between rows"
/// );
/// ```
pub fn parse_graph(text: &str) -> Result<Diagram, EncodedError> {
    let len = text.chars().count();
    if len > MAX_ENCODED_LEN {
        return Err(EncodedError::TooLong {
            len,
            limit: MAX_ENCODED_LEN,
        });
    }
    if text.is_empty() {
        return Err(EncodedError::Empty);
    }
    let (rest, rows) = match rows(text) {
        Ok(ok) => ok,
        // separated_list1 over many0 cannot fail on a non-empty string; treat it as column 1.
        Err(_) => (text, Vec::new()),
    };
    if let Some(found) = rest.chars().next() {
        let column = text[..text.len() - rest.len()].chars().count() + 1;
        return Err(if found == 'x' {
            EncodedError::Wildcard { column }
        } else {
            EncodedError::Unexpected { column, found }
        });
    }
    let diagram = Diagram { rows };
    if diagram.vertices().is_empty() {
        return Err(EncodedError::NoVertex);
    }
    check_edges(&diagram)?;
    check_connected(&diagram)?;
    Ok(diagram)
}

/// The 1-based column over the whole string of the cell at (`row`, `col`).
fn column_of(d: &Diagram, row: usize, col: usize) -> usize {
    d.rows[..row].iter().map(|r| r.len() + 1).sum::<usize>() + col + 1
}

/// Every edge marker where a board edge can be: the space on one side of it only.
fn check_edges(d: &Diagram) -> Result<(), EncodedError> {
    let vertex = |r: usize, c: usize, dr: isize, dc: isize| {
        matches!(d.cell(r as isize + dr, c as isize + dc), Cell::Vertex(_))
    };
    for (r, row) in d.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (left, right) = (vertex(r, c, 0, -1), vertex(r, c, 0, 1));
            let (up, down) = (vertex(r, c, -1, 0), vertex(r, c, 1, 0));
            let (found, expected) = match cell {
                Cell::EdgeVertical if left && right => {
                    ('|', "a '|' edge has eye vertices on one side only")
                }
                Cell::EdgeVertical if up || down => (
                    '|',
                    "a '|' edge runs beside eye vertices, never above or below one",
                ),
                Cell::EdgeHorizontal if up && down => {
                    ('-', "a '-' edge has eye vertices on one side only")
                }
                Cell::EdgeHorizontal if left || right => (
                    '-',
                    "a '-' edge runs above or below eye vertices, never beside one",
                ),
                Cell::Corner if left || right || up || down => (
                    '+',
                    "a '+' corner touches no eye vertex: it lies diagonally off the corner vertex, where a '|' and a '-' edge meet",
                ),
                _ => continue,
            };
            return Err(EncodedError::Edge {
                column: column_of(d, r, c),
                found,
                expected,
            });
        }
    }
    Ok(())
}

/// Every eye vertex joined to the first one through the space (cells outside the space, the
/// enclosed ones included, join nothing: a space closed around an `O` is joined around it).
fn check_connected(d: &Diagram) -> Result<(), EncodedError> {
    let vertices = d.vertices();
    let index = |r: usize, c: usize| vertices.iter().position(|v| (v.row, v.col) == (r, c));
    let mut seen = vec![false; vertices.len()];
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        let (r, c) = (vertices[i].row, vertices[i].col);
        let mut near = vec![(r + 1, c), (r, c + 1)];
        if r > 0 {
            near.push((r - 1, c));
        }
        if c > 0 {
            near.push((r, c - 1));
        }
        stack.extend(near.into_iter().filter_map(|(r, c)| index(r, c)));
    }
    match seen.iter().position(|s| !s) {
        None => Ok(()),
        Some(i) => Err(EncodedError::Disconnected {
            column: column_of(d, vertices[i].row, vertices[i].col),
            first: column_of(d, vertices[0].row, vertices[0].col),
        }),
    }
}

/// Encode a diagram on one line: rows joined by `%`, cells outside the space as `O`.
pub fn encode(diagram: &Diagram) -> String {
    diagram.render('O').join("%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_edges_and_rows_of_different_length() {
        let d = parse_graph("|..%|..%+--").unwrap();
        assert_eq!(d.rows.len(), 3);
        let edges: Vec<u8> = d.vertices().iter().map(|v| v.edge).collect();
        assert_eq!(edges, vec![1, 0, 2, 1]);
        assert_eq!(encode(&d), "|..%|..%+--");
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(
            parse_graph("..%.x"),
            Err(EncodedError::Wildcard { column: 5 })
        );
        assert_eq!(
            parse_graph("..#"),
            Err(EncodedError::Unexpected {
                column: 3,
                found: '#'
            })
        );
        assert_eq!(
            parse_graph("é."),
            Err(EncodedError::Unexpected {
                column: 1,
                found: 'é'
            })
        );
        assert_eq!(parse_graph(""), Err(EncodedError::Empty));
        assert!(matches!(
            parse_graph(".|."),
            Err(EncodedError::Edge {
                column: 2,
                found: '|',
                ..
            })
        ));
        assert!(matches!(
            parse_graph("..+"),
            Err(EncodedError::Edge {
                column: 3,
                found: '+',
                ..
            })
        ));
        assert_eq!(
            parse_graph("..%..%.O."),
            Err(EncodedError::Disconnected {
                column: 9,
                first: 1
            })
        );
        // Joined around an O the space closes in: one eye space.
        assert!(parse_graph("|...%|.O.%|...%+---").is_ok());
        assert_eq!(parse_graph("OO%O"), Err(EncodedError::NoVertex));
    }
}
