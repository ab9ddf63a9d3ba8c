//! GTP vertex names: a column letter `A`..`Z` skipping `I`, then the row number counted from
//! the bottom (`A1` is the lower left corner). Takes names, gives locations, and back.

use super::{Board, Loc};

/// The column letters in order (no `I`).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a vertex name does not name a point of this board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VertexError {
    /// Not a letter followed by a number.
    #[error("'{0}' is not a vertex: expected a column letter (A-Z without I) and a row number")]
    Malformed(String),
    /// A well-formed name outside the board.
    #[error("'{name}' is off the {size}x{size} board")]
    OffBoard {
        /// The name given.
        name: String,
        /// The board size.
        size: usize,
    },
}

/// The GTP name of an on-board location, e.g. `D4`.
pub fn name(board: &Board, loc: Loc) -> String {
    let (x, y) = board.xy(loc);
    format!("{}{}", LETTERS[x] as char, board.size() - y)
}

/// The location a GTP name stands for (case-insensitive). `pass` is not a vertex here.
pub fn parse(board: &Board, text: &str) -> Result<Loc, VertexError> {
    let malformed = || VertexError::Malformed(text.chars().take(40).collect());
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let x = LETTERS
        .iter()
        .position(|&l| l as char == letter)
        .ok_or_else(malformed)?;
    let row: usize = digits.parse().map_err(|_| malformed())?;
    if row == 0 || row > board.size() || x >= board.size() {
        return Err(VertexError::OffBoard {
            name: text.to_string(),
            size: board.size(),
        });
    }
    Ok(board.loc(x, board.size() - row).expect("checked"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_size() {
        for n in 2..=25 {
            let b = Board::new(n).unwrap();
            for loc in b.locs() {
                assert_eq!(parse(&b, &name(&b, loc)).unwrap(), loc);
            }
        }
    }

    #[test]
    fn names() {
        let b = Board::new(19).unwrap();
        assert_eq!(name(&b, b.loc(0, 18).unwrap()), "A1");
        assert_eq!(name(&b, b.loc(8, 0).unwrap()), "J19");
        assert_eq!(parse(&b, "t19").unwrap(), b.loc(18, 0).unwrap());
        assert!(matches!(parse(&b, "I5"), Err(VertexError::Malformed(_))));
        assert!(matches!(
            parse(&b, "Z99"),
            Err(VertexError::OffBoard { .. })
        ));
        assert!(matches!(parse(&b, "A0"), Err(VertexError::OffBoard { .. })));
        assert!(matches!(parse(&b, ""), Err(VertexError::Malformed(_))));
        assert!(matches!(parse(&b, "é1"), Err(VertexError::Malformed(_))));
    }
}
