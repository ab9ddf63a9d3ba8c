//! The unconditional status of a point, in GNU Go 3.8's words (its `unconditional_status`).
//!
//! Takes a [`Board`] and Benson's verdict for both colours ([`benson::pass_alive`]); gives,
//! for any point, one of [`Unconditional`]'s five answers:
//!
//! * `alive`: a stone of a pass-alive string;
//! * `dead`: a stone inside the opponent's pass-alive area;
//! * `black_territory` / `white_territory`: an empty point of that colour's pass-alive area;
//! * `undecided`: anything else.
//!
//! The pass-alive area is Benson's pass-alive regions, and also a region ringed by pass-alive
//! strings that holds at most one empty point and no pass-alive opponent string: every opponent
//! string in it has that point as its only liberty, and the owner may play there at any time
//! and take them all (seed 003's "white is alive, black is dead"), so nothing there can live.

use crate::board::strings::benson::{self, PassAlive};
use crate::board::{Board, Color, Loc};

/// One point's unconditional status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unconditional {
    /// A stone of a pass-alive string.
    Alive,
    /// A stone inside the opponent's pass-alive area: it can never live.
    Dead,
    /// An empty point of black's pass-alive area.
    BlackTerritory,
    /// An empty point of white's pass-alive area.
    WhiteTerritory,
    /// None of the above.
    Undecided,
}

impl Unconditional {
    /// GNU Go 3.8's word for it: `alive`, `dead`, `black_territory`, `white_territory`,
    /// `undecided`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unconditional::Alive => "alive",
            Unconditional::Dead => "dead",
            Unconditional::BlackTerritory => "black_territory",
            Unconditional::WhiteTerritory => "white_territory",
            Unconditional::Undecided => "undecided",
        }
    }

    /// Every status, in the order reports list them.
    pub const ALL: [Unconditional; 5] = [
        Unconditional::Alive,
        Unconditional::Dead,
        Unconditional::BlackTerritory,
        Unconditional::WhiteTerritory,
        Unconditional::Undecided,
    ];
}

impl std::fmt::Display for Unconditional {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The status of `loc`, running Benson's algorithm for both colours.
///
/// ```
/// use nakade::board::ascii;
/// use nakade::board::unconditional::{status, Unconditional};
/// use nakade::board::Color;
///
/// // White's group in the corner has two eyes, `a` and `b`: pass-alive. `c` is open.
/// let d = ascii::parse_board("---------\n|a O b O c\n|O O O O .\n|. . . . .", None).unwrap();
/// let (board, at) = (&d.board, |k: char| d.labels[&k]);
/// assert_eq!(status(board, at('a')), Unconditional::WhiteTerritory);
/// assert_eq!(status(board, at('c')), Unconditional::Undecided);
/// let stone = board.locs().find(|&l| board.color(l) == Some(Color::White)).unwrap();
/// assert_eq!(status(board, stone).as_str(), "alive");
/// ```
pub fn status(board: &Board, loc: Loc) -> Unconditional {
    let both = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    status_with(board, &both, loc)
}

/// The status of `loc` from Benson's verdicts already computed, black's first.
pub fn status_with(board: &Board, pass_alive: &[PassAlive; 2], loc: Loc) -> Unconditional {
    for color in [Color::Black, Color::White] {
        let alive = &pass_alive[color as usize];
        if alive.is_alive_stone(board, loc) {
            return Unconditional::Alive;
        }
        let opponent = &pass_alive[color.opponent() as usize];
        let inside = alive.in_region(loc)
            || (board.color(loc) != Some(color) && taken_region(board, alive, opponent, loc));
        if inside {
            return match board.color(loc) {
                None => match color {
                    Color::Black => Unconditional::BlackTerritory,
                    Color::White => Unconditional::WhiteTerritory,
                },
                Some(c) if c != color => Unconditional::Dead,
                Some(_) => Unconditional::Undecided,
            };
        }
    }
    Unconditional::Undecided
}

/// Every point of the board with its status, in board order.
pub fn all(board: &Board, pass_alive: &[PassAlive; 2]) -> Vec<(Loc, Unconditional)> {
    board
        .locs()
        .map(|l| (l, status_with(board, pass_alive, l)))
        .collect()
}

/// True when the region of points not of `alive`'s colour around `loc` is ringed by its
/// pass-alive strings, holds at most one empty point and no stone of a pass-alive `opponent`
/// string.
fn taken_region(board: &Board, alive: &PassAlive, opponent: &PassAlive, loc: Loc) -> bool {
    let color = alive.color;
    let mut region = vec![loc];
    let mut i = 0;
    // A region no string rings (an empty 1x1 board) is nobody's.
    let mut ringed = false;
    while i < region.len() {
        let p = region[i];
        i += 1;
        for n in board.neighbors(p) {
            match board.color(n) {
                Some(c) if c == color => {
                    if !alive.is_alive_stone(board, n) {
                        return false;
                    }
                    ringed = true;
                }
                _ => {
                    if !region.contains(&n) {
                        region.push(n);
                    }
                }
            }
        }
    }
    let empty = region.iter().filter(|&&p| board.is_empty(p)).count();
    ringed && empty <= 1 && !region.iter().any(|&p| opponent.is_alive_stone(board, p))
}
