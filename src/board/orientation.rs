//! The board's eight symmetries, and an order of its points that does not depend on how the
//! board is turned.
//!
//! Takes a [`Board`] (and, optionally, the stones a question is about); gives a [`Frame`]: the
//! symmetry that turns the position into its canonical orientation, and with it a total
//! order of the board's points ([`Frame::key`]). Reading that must break ties between moves
//! (the tactical reader trying candidates in turn within a node budget, a first-found move
//! named as the answer) breaks them by this order: a position and any rotation or
//! reflection of it then read the same lines and give the same answers, point for mapped
//! point.
//!
//! The canonical orientation is the one whose points, read row by row from the top left,
//! give the smallest sequence of contents (empty, black, white; a stone of the marked
//! string apart, and the ko point with the colour it forbids). A position that two
//! symmetries turn into the same sequence is itself symmetric under their difference, and so
//! is the mark: the two orders then read mirror lines of the same position, and a reading's
//! outcome is the same either way (only a move it names may be the mirror image of the
//! other's).
//!
//! ```
//! use nakade::board::orientation::{Frame, Symmetry};
//! use nakade::board::{Board, Color};
//!
//! let mut board = Board::new(9).unwrap();
//! board.play(board.loc(2, 3).unwrap(), Color::Black).unwrap();
//! let mut turned = Board::new(9).unwrap();
//! let s = Symmetry::ALL[5];
//! let (x, y) = s.apply(9, (2, 3));
//! turned.play(turned.loc(x, y).unwrap(), Color::Black).unwrap();
//! // The same point of either board has the same key.
//! let (f, g) = (Frame::of(&board, None), Frame::of(&turned, None));
//! let p = board.loc(6, 1).unwrap();
//! let (px, py) = s.apply(9, (6, 1));
//! assert_eq!(f.key(&board, p), g.key(&turned, turned.loc(px, py).unwrap()));
//! ```

use crate::board::{Board, Color, Loc};

/// One of the eight symmetries of a square board: optionally exchange columns and rows,
/// then optionally mirror the columns and the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Exchange `x` and `y` first.
    pub transpose: bool,
    /// Then mirror the columns (`x` to `size - 1 - x`).
    pub flip_x: bool,
    /// And mirror the rows.
    pub flip_y: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        flip_x: false,
        flip_y: false,
    };

    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry::IDENTITY; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry {
                transpose: i & 4 != 0,
                flip_x: i & 1 != 0,
                flip_y: i & 2 != 0,
            };
            i += 1;
        }
        all
    };

    /// Where the point at column `x`, row `y` of a board of `size` lines goes.
    pub fn apply(self, size: usize, (x, y): (usize, usize)) -> (usize, usize) {
        let (x, y) = if self.transpose { (y, x) } else { (x, y) };
        let last = size - 1;
        (
            if self.flip_x { last - x } else { x },
            if self.flip_y { last - y } else { y },
        )
    }

    /// The point that goes to `(x, y)`: the inverse of [`Symmetry::apply`].
    pub fn invert(self, size: usize, (x, y): (usize, usize)) -> (usize, usize) {
        let last = size - 1;
        let (x, y) = (
            if self.flip_x { last - x } else { x },
            if self.flip_y { last - y } else { y },
        );
        if self.transpose {
            (y, x)
        } else {
            (x, y)
        }
    }
}

/// A position's canonical orientation: the order of its points that [`Frame::key`] gives is
/// the same, point for mapped point, however the board is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    symmetry: Symmetry,
    /// The symmetries (indices into [`Symmetry::ALL`]) that give the same smallest sequence:
    /// more than one only on a symmetric position.
    tied: u8,
}

impl Frame {
    /// The frame in 11 bits, one code per frame: the symmetry's three flags and the tied set.
    pub(crate) fn code(&self) -> u16 {
        let s = &self.symmetry;
        u16::from(s.transpose)
            | u16::from(s.flip_x) << 1
            | u16::from(s.flip_y) << 2
            | u16::from(self.tied) << 3
    }

    /// The canonical orientation of `board`, the string through `mark` (when given) told
    /// apart from other stones of its colour (see the module docs).
    pub fn of(board: &Board, mark: Option<Loc>) -> Frame {
        let n = board.size();
        let marked = mark
            .filter(|&m| board.color(m).is_some())
            .map(|m| board.string_id(m));
        let ko = board.ko();
        let code = |l: Loc| -> u8 {
            if let Some((k, c)) = ko {
                if k == l {
                    return 5 + c as u8;
                }
            }
            match board.color(l) {
                None => 0,
                Some(c) if marked == Some(board.string_id(l)) => 3 + c as u8,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            }
        };
        // The symmetries still tied for the smallest sequence, compared point by point.
        let mut alive = [true; 8];
        let mut left = 8;
        'points: for y in 0..n {
            for x in 0..n {
                if left == 1 {
                    break 'points;
                }
                let mut least = u8::MAX;
                let mut codes = [0u8; 8];
                for (i, s) in Symmetry::ALL.iter().enumerate() {
                    if alive[i] {
                        let (px, py) = s.invert(n, (x, y));
                        codes[i] = code(board.loc(px, py).expect("on the board"));
                        least = least.min(codes[i]);
                    }
                }
                for i in 0..8 {
                    if alive[i] && codes[i] != least {
                        alive[i] = false;
                        left -= 1;
                    }
                }
            }
        }
        let first = alive.iter().position(|&a| a).unwrap_or(0);
        Frame {
            symmetry: Symmetry::ALL[first],
            tied: (0..8).filter(|&i| alive[i]).fold(0u8, |m, i| m | 1 << i),
        }
    }

    /// `loc` and the points the position's own symmetries (those that keep the stones, the
    /// ko and the mark where they are) take it to, sorted: the points a reading in another
    /// orientation of a symmetric position may name instead of `loc`. Only `loc` on a
    /// position without symmetry.
    pub fn images(&self, board: &Board, loc: Loc) -> Vec<Loc> {
        let n = board.size();
        let mut out: Vec<Loc> = (0..8)
            .filter(|&i| self.tied >> i & 1 == 1)
            .map(|i| {
                let p = Symmetry::ALL[i].apply(n, board.xy(loc));
                let (x, y) = self.symmetry.invert(n, p);
                board.loc(x, y).expect("on the board")
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The symmetry that turns the board into its canonical orientation.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// The rank of `loc` in the canonical orientation, row by row from the top left: the
    /// orientation-free order of the board's points.
    pub fn key(&self, board: &Board, loc: Loc) -> u16 {
        let (x, y) = self.symmetry.apply(board.size(), board.xy(loc));
        (y * board.size() + x) as u16
    }

    /// `locs` sorted by [`Frame::key`] (distinct points have distinct keys, so the order is
    /// the same however the sort runs). Each key is computed once: the tactical reader sorts
    /// a few moves at every node, and a key costs two divisions.
    pub fn sort(&self, board: &Board, locs: &mut [Loc]) {
        const FEW: usize = 32;
        if locs.len() < 2 {
            return;
        }
        if locs.len() > FEW {
            locs.sort_by_cached_key(|&l| self.key(board, l));
            return;
        }
        // Key in the high half, point in the low: sorting the pairs sorts by key.
        let mut keyed = [0u32; FEW];
        for (k, &l) in keyed.iter_mut().zip(locs.iter()) {
            *k = u32::from(self.key(board, l)) << 16 | u32::from(l.0);
        }
        let keyed = &mut keyed[..locs.len()];
        keyed.sort_unstable();
        for (l, &k) in locs.iter_mut().zip(keyed.iter()) {
            *l = Loc(k as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_undone_by_its_inverse_and_all_eight_differ() {
        let n = 7;
        let mut images = Vec::new();
        for s in Symmetry::ALL {
            for x in 0..n {
                for y in 0..n {
                    assert_eq!(s.invert(n, s.apply(n, (x, y))), (x, y));
                }
            }
            images.push((s.apply(n, (1, 0)), s.apply(n, (0, 2))));
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    /// A board of `size` lines with `stones` set up (column, row, colour).
    fn board_with(size: usize, stones: &[(usize, usize, Color)]) -> Board {
        let mut b = Board::new(size).unwrap();
        for &(x, y, c) in stones {
            b.set_stone(b.loc(x, y).unwrap(), Some(c)).unwrap();
        }
        b
    }

    /// On a position symmetric about its middle row, a point's images are itself and its
    /// mirror point; marking a string off the axis breaks the symmetry.
    #[test]
    fn a_symmetric_position_has_mirror_images() {
        let b = board_with(
            5,
            &[
                (1, 1, Color::Black),
                (1, 3, Color::Black),
                (2, 2, Color::White),
            ],
        );
        let at = |x, y| b.loc(x, y).unwrap();
        let f = Frame::of(&b, Some(at(2, 2)));
        assert_eq!(f.images(&b, at(0, 1)), vec![at(0, 1), at(0, 3)]);
        assert_eq!(f.images(&b, at(4, 2)), vec![at(4, 2)]);
        let g = Frame::of(&b, Some(at(1, 1)));
        assert_eq!(g.images(&b, at(0, 1)), vec![at(0, 1)]);
    }

    /// `Frame::sort` orders points by their canonical key, short lists and long ones (its
    /// two ways), in every orientation of a board without symmetry.
    #[test]
    fn sort_orders_points_by_their_key() {
        let b = board_with(9, &[(1, 2, Color::Black), (6, 1, Color::White)]);
        let all: Vec<Loc> = b.locs().collect();
        for mark in [None, Some(b.loc(1, 2).unwrap()), Some(b.loc(6, 1).unwrap())] {
            let f = Frame::of(&b, mark);
            // Scrambled: every seventh point, then the rest backwards.
            let mut scrambled: Vec<Loc> = all.iter().step_by(7).copied().collect();
            let rest: Vec<Loc> = all
                .iter()
                .rev()
                .filter(|l| !scrambled.contains(l))
                .copied()
                .collect();
            scrambled.extend(rest);
            for len in [0, 1, 2, 5, 16, 32, 33, scrambled.len()] {
                let mut got = scrambled[..len].to_vec();
                f.sort(&b, &mut got);
                let mut want = scrambled[..len].to_vec();
                want.sort_by_key(|&l| f.key(&b, l));
                assert_eq!(got, want, "{len} points");
                assert!(got.windows(2).all(|w| f.key(&b, w[0]) < f.key(&b, w[1])));
            }
        }
    }

    /// The key of a point is the same on every turned copy of a position; the marked string
    /// and the ko count.
    #[test]
    fn keys_follow_the_position_in_every_orientation() {
        let n = 9;
        let moves = [(2, 3), (3, 3), (6, 1), (4, 4), (0, 8), (7, 7)];
        let build = |s: Symmetry| {
            let mut b = Board::new(n).unwrap();
            let mut c = Color::Black;
            for &m in &moves {
                let (x, y) = s.apply(n, m);
                b.play(b.loc(x, y).unwrap(), c).unwrap();
                c = c.opponent();
            }
            b
        };
        let base = build(Symmetry::IDENTITY);
        for s in Symmetry::ALL {
            let t = build(s);
            for mark in [None, Some((3, 3))] {
                let f = Frame::of(&base, mark.map(|(x, y)| base.loc(x, y).unwrap()));
                let g = Frame::of(
                    &t,
                    mark.map(|m| {
                        let (x, y) = s.apply(n, m);
                        t.loc(x, y).unwrap()
                    }),
                );
                for l in base.locs() {
                    let (x, y) = s.apply(n, base.xy(l));
                    assert_eq!(f.key(&base, l), g.key(&t, t.loc(x, y).unwrap()));
                }
            }
        }
    }
}
