//! Benson's algorithm: strings and regions that are alive even if their owner always passes.
//!
//! Takes a [`Board`] and a colour; gives the pass-alive strings of that colour and the regions
//! they make safe. D. B. Benson, "Life in the game of Go", Information Sciences 10 (1976);
//! the definitions as summarised in seed `003` (Sensei's Library, "Formal Definitions of Eye"):
//!
//! * a *region* of colour C is a maximal 4-connected set of points that are not C stones;
//! * a region is *vital* to a C string when every empty point of the region is a liberty of
//!   that string (and, where suicide is legal, every opponent stone of it touches the string
//!   too: Sensei's Library's summary of Benson's definition, a conservative reading);
//! * repeat until nothing changes: drop every string with fewer than two vital regions among
//!   the regions still counted; stop counting every region that touches a dropped string.
//!
//! The strings left are pass-alive. A region is pass-alive territory when every C string
//! around it is pass-alive and every empty point in it touches one of them (the opponent can
//! then never make an eye inside).

use crate::board::{Board, Color, Loc};

/// The result of Benson's algorithm for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassAlive {
    /// The colour examined.
    pub color: Color,
    /// Heads ([`Board::string_id`]) of the pass-alive strings, in board order.
    pub strings: Vec<Loc>,
    /// The pass-alive regions, each a sorted list of points.
    pub regions: Vec<Vec<Loc>>,
}

impl PassAlive {
    /// True when the stone at `loc` belongs to a pass-alive string.
    pub fn is_alive_stone(&self, board: &Board, loc: Loc) -> bool {
        board.color(loc) == Some(self.color) && self.strings.contains(&board.string_id(loc))
    }

    /// True when `loc` lies in a pass-alive region.
    pub fn in_region(&self, loc: Loc) -> bool {
        self.regions.iter().any(|r| r.binary_search(&loc).is_ok())
    }
}

struct Region {
    points: Vec<Loc>,
    /// Strings (heads) of the colour next to the region.
    borders: Vec<Loc>,
    /// Strings to which the region is vital.
    vital_to: Vec<Loc>,
}

/// Run Benson's algorithm for `color`.
pub fn pass_alive(board: &Board, color: Color) -> PassAlive {
    let mut seen = vec![false; board.grid_len()];
    let mut regions = Vec::new();
    for start in board.locs() {
        if board.color(start) == Some(color) || seen[start.index()] {
            continue;
        }
        let mut points = vec![start];
        seen[start.index()] = true;
        let mut i = 0;
        let mut borders = Vec::new();
        while i < points.len() {
            for n in board.neighbors(points[i]) {
                if board.color(n) == Some(color) {
                    let h = board.string_id(n);
                    if !borders.contains(&h) {
                        borders.push(h);
                    }
                } else if !seen[n.index()] {
                    seen[n.index()] = true;
                    points.push(n);
                }
            }
            i += 1;
        }
        points.sort();
        let touches = |p: Loc, s: Loc| {
            board
                .neighbors(p)
                .any(|n| board.color(n) == Some(color) && board.string_id(n) == s)
        };
        let vital_to = borders
            .iter()
            .copied()
            .filter(|&s| {
                points.iter().all(|&p| {
                    let must = board.is_empty(p) || board.suicide_allowed();
                    !must || touches(p, s)
                })
            })
            .collect();
        regions.push(Region {
            points,
            borders,
            vital_to,
        });
    }
    let mut alive: Vec<Loc> = board
        .strings()
        .into_iter()
        .filter(|&s| board.color(s) == Some(color))
        .collect();
    let mut counted = vec![true; regions.len()];
    loop {
        let before = alive.len();
        alive.retain(|&s| {
            regions
                .iter()
                .zip(&counted)
                .filter(|(r, &c)| c && r.vital_to.contains(&s))
                .count()
                >= 2
        });
        for (r, c) in regions.iter().zip(counted.iter_mut()) {
            if *c && r.borders.iter().any(|b| !alive.contains(b)) {
                *c = false;
            }
        }
        if alive.len() == before {
            break;
        }
    }
    let safe_regions = regions
        .iter()
        .zip(&counted)
        .filter(|(r, &c)| {
            c && !r.borders.is_empty()
                && r.points.iter().all(|&p| {
                    !board.is_empty(p) || board.neighbors(p).any(|n| board.color(n) == Some(color))
                })
        })
        .map(|(r, _)| r.points.clone())
        .collect();
    PassAlive {
        color,
        strings: alive,
        regions: safe_regions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii::parse_board;
    use crate::board::vertex;

    /// The pass-alive strings of `color`, each named by its stones' vertices, and regions.
    pub(crate) fn show(
        text: &str,
        size: Option<usize>,
        color: Color,
    ) -> (Vec<String>, Vec<String>) {
        let b = parse_board(text, size).unwrap().board;
        let r = pass_alive(&b, color);
        let name = |locs: Vec<Loc>| {
            let mut v: Vec<Loc> = locs;
            v.sort();
            v.iter()
                .map(|&l| vertex::name(&b, l))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let strings = r
            .strings
            .iter()
            .map(|&s| name(b.string_stones(s)))
            .collect();
        let regions = r.regions.iter().map(|p| name(p.clone())).collect();
        (strings, regions)
    }

    #[test]
    fn two_one_point_eyes_live() {
        let d = "+-------\n|. X . X O\n|X X X X O\n|O O O O O";
        let (s, r) = show(d, Some(7), Color::Black);
        assert_eq!(s, vec!["B7 D7 A6 B6 C6 D6"]);
        assert_eq!(r, vec!["A7", "C7"]);
        let (s, _) = show(d, Some(7), Color::White);
        assert!(s.is_empty());
    }

    #[test]
    fn one_eye_is_not_enough() {
        let (s, r) = show(
            "+-------\n|. X X X O\n|X X X X O\n|O O O O O",
            Some(7),
            Color::Black,
        );
        assert!(s.is_empty() && r.is_empty());
    }

    #[test]
    fn a_large_eye_is_not_vital() {
        // The second region has an empty point not touching the string (C5): not vital.
        let (s, _) = show(
            "+---------\n|. X . . . X O\n|X X . . . X O\n|X X . . . X O\n|X X X X X X O\n|O O O O O O O",
            Some(9),
            Color::Black,
        );
        assert!(s.is_empty());
    }

    /// Seed 003, "White is alive, black is dead": white's two one-point eyes make it
    /// pass-alive; the black strings around share the single liberty A5 and are not.
    #[test]
    fn seed003_white_alive_black_dead() {
        let d = "+---------+\n|. X X X X|\n|X O O O X|\n|X O . O X|\n|X O O O X|\n|X O . O X|\n+---------+";
        let (w, wr) = show(d, None, Color::White);
        assert_eq!(w, vec!["B4 C4 D4 B3 D3 B2 C2 D2 B1 D1"]);
        assert_eq!(wr, vec!["C3", "C1"]);
        let (b, br) = show(d, None, Color::Black);
        assert!(b.is_empty() && br.is_empty());
    }

    #[test]
    fn suicide_rule_changes_vital_regions() {
        // The white stone in the middle of the second region touches no black stone. Without
        // suicide the region is vital (every empty point is a liberty); with suicide the
        // definition we follow (Sensei's Library's summary of Benson: "if suicide is allowed,
        // any opposing stones in E must also all be adjacent to H") makes it not vital, so the
        // chain is not counted pass-alive: the conservative answer.
        let d = "+---------+\n|. X X X X|\n|X . . . X|\n|X . O . X|\n|X . . . X|\n|X X X X X|\n+---------+";
        let mut b = parse_board(d, None).unwrap().board;
        assert_eq!(pass_alive(&b, Color::Black).strings.len(), 1);
        b.set_suicide_allowed(true);
        assert!(pass_alive(&b, Color::Black).strings.is_empty());
    }
}
