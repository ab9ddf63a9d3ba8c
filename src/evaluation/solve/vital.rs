//! The root of a solve: the four digits, every first move scored, and the vital points
//! chosen among them as `eyes.db` marks them (only moves that change the value).

use super::reading::{Ctx, Node};
use super::search::{State, NO_KO, OUTER, PASS};
use super::{FirstMove, Move, Solution, TWO_MOVES_FIRST_FROM};
use crate::EyeValue;

/// A count not read (see [`First`]): larger than any count, so no line takes it.
const UNREAD: u8 = u8::MAX;

/// Where a first move's answers come from: the position it leaves, or the earlier move (an
/// index among the same player's first moves) that a symmetry maps onto it.
#[derive(Clone, Copy)]
enum Left {
    Position(Node),
    Mirror(usize),
}

/// One first move, as read: the move, its plain value left ([`UNREAD`] digits where the
/// other count is not read yet) and its count for the tenuki digit.
#[derive(Clone, Copy)]
struct First {
    mv: u8,
    v: [u8; 4],
    tenuki: u8,
    left: Left,
}

impl Ctx<'_> {
    /// True when the wall keeps two eyes after every first move of the attacker followed by
    /// a second one (the count `a` reads for each first move), none of them leaving a ko
    /// ban. Then `b` and `c` are 2 without a reading of their own: after any first move the
    /// defender may pass, which leaves the very position the attacker's second move is read
    /// from (same board, same outer liberties and threats, no ban, the same boards on the
    /// line), so each of the attacker's first moves leaves 2 and `b` is 2; the defender
    /// moving first may pass too, so `c` is at least `b`. On an open space, where the value
    /// is 2222, this saves the readings of `b` and `c` (the open 20-point edge: 0.66 M nodes
    /// to 0.60 M; on the 16-point corner the counts, read without the table `b` leaves, cost
    /// about what `b` and `c` did); the counts read here are those the first moves' reading
    /// needs anyway, found again in the table. Stops at the first count below 2.
    fn two_eyes_after_two_moves(&mut self, node: &Node, hist: &[u64], rep: &[u8; 32]) -> bool {
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if rep.get(mv as usize).is_some_and(|&r| r != mv) {
                continue;
            }
            let Some(child) = self.after(node, &[], true, mv) else {
                continue;
            };
            if child.iter().flatten().any(|s| s.ko != NO_KO) || self.count(&child, true, hist) < 2 {
                return false;
            }
        }
        true
    }

    /// Read the count not read yet of `black`'s first moves (the defender-to-move count
    /// after an attacker's move, the attacker-to-move count after a defender's): of every
    /// one, or with `until`, of those up to the first whose count is `until` (the move the
    /// line of play of that digit takes).
    fn read_other(&mut self, per: &mut [First], black: bool, hist: &[u64], until: Option<u8>) {
        for i in 0..per.len() {
            let k = self.other_of(per, i, black, hist);
            if until.is_some_and(|u| k == u) {
                return;
            }
        }
    }

    /// The other count of `black`'s first move `per[i]` (see [`Ctx::read_other`]), read
    /// where it is not read yet.
    fn other_of(&mut self, per: &mut [First], i: usize, black: bool, hist: &[u64]) -> u8 {
        let (x, y) = if black { (2, 3) } else { (0, 1) };
        if per[i].v[x] == UNREAD {
            let k = match per[i].left {
                Left::Mirror(m) => per[m].v[x],
                Left::Position(child) => self.count(&child, !black, hist),
            };
            per[i].v[x] = k;
            per[i].v[y] = k;
        }
        per[i].v[x]
    }

    /// For a reading of `b` and `c` alone, the vital points of `black`'s: the points of the
    /// space whose move leaves the other player to move with `target` eyes (`b` for the
    /// attacker's, `c` for the defender's), as a set: every such point with `all`
    /// ([`Features::all_vital`](super::Features::all_vital)), else the first in vertex
    /// order; none (0) where only a move outside the space reaches it or the budget runs
    /// out first.
    fn reaching(&mut self, node: &Node, hist: &[u64], black: bool, target: u8, all: bool) -> u32 {
        let mut set = 0;
        for mv in 0..self.g.n as u8 {
            let Some(child) = self.after(node, &[], black, mv) else {
                continue;
            };
            let k = self.count(&child, !black, hist);
            if self.s.exhausted.is_some() {
                return 0;
            }
            if k == target {
                set |= 1 << mv;
                if !all {
                    break;
                }
            }
        }
        set
    }

    pub(super) fn solve(&mut self, root: &State, depth: u32) -> Solution {
        let node: Node = [Some(*root), Some(*root)];
        let hist = [root.board()];
        let whole = self.s.features.first_moves;
        let lines = self.s.features.lines;
        let rep = if self.s.features.symmetry && !self.s.symmetries.is_empty() {
            self.s.symmetries.representatives(root)
        } else {
            std::array::from_fn(|v| v as u8)
        };
        if self.s.features.min_max {
            let one_eye = self
                .s
                .features
                .one_eye
                .then(|| self.count_up_to(&node, true, &[], 1));
            // One eye at least with the attacker first is all that was asked: `b` is given
            // as 1 (a lower bound) and `c` as 2, and no vital point is read.
            let partial = one_eye == Some(1);
            // `c` is at least `b` (the defender moving first may pass), so `b = 2` settles it.
            // Where the attacker, first, leaves no eye, he leaves no two: `b` is 0.
            let b = match one_eye {
                Some(b) => b,
                None => self.count(&node, true, &[]),
            };
            let c = if b == 2 || partial || self.s.features.only_b {
                2
            } else {
                self.count(&node, false, &[])
            };
            let (mut attack, mut defense) = (0, 0);
            if b != c && !partial && !self.s.features.only_b && self.s.exhausted.is_none() {
                let all = self.s.features.all_vital;
                attack = self.reaching(&node, &hist, true, b, all);
                defense = self.reaching(&node, &hist, false, c, all);
                // The digits were read within the budget; a vital point the rest of it
                // could not find is only missing.
                self.s.exhausted = None;
            }
            return Solution {
                value: EyeValue { a: b, b, c, d: 2 },
                first_moves: Vec::new(),
                attack,
                defense,
                pv: Default::default(),
                nodes: self.s.stats.nodes,
            };
        }
        let (b, c) = if !whole
            && self.s.features.two_moves_first
            && self.g.n >= TWO_MOVES_FIRST_FROM
            && self.g.marg == 0
            && self.two_eyes_after_two_moves(&node, &hist, &rep)
        {
            (2, 2)
        } else {
            (self.count(&node, true, &[]), self.count(&node, false, &[]))
        };
        // Every first move: its plain value left and its count for the tenuki digit. A move
        // that a symmetry of the space (leaving the root unchanged) maps from an earlier vertex
        // takes that vertex's answers: the positions they leave are mirror images. Only the
        // count its digit needs is read at first (the attacker's `b` after an attacker's move,
        // the defender's `c` after a defender's); the other, which only the vital points and
        // the lines of play use, is read where they need it (see [`First`]).
        let mut per_black: Vec<First> = Vec::new();
        let mut per_white: Vec<First> = Vec::new();
        // A player's first moves are read only where something needs them: with `b = c = 0`
        // the attacker's `a` is 0 and there is no attack point (`a = c`); with `b = c = 2` the
        // defender's `d` is 2 and there is no defence point (`b = d`).
        let read_black = whole || lines || b != 0 || c != 0;
        let read_white = whole || lines || b != 2 || c != 2;
        for (black, read) in [(true, read_black), (false, read_white)] {
            if !read {
                continue;
            }
            let per = if black {
                &mut per_black
            } else {
                &mut per_white
            };
            // Read for the lines of play alone, the value and the vital points need none of
            // this player's first moves: with `b = c = 0` the attacker's `a` is 0 and there
            // is no attack point, with `b = c = 2` the defender's `d` is 2 and there is no
            // defence point. The two lines of the player take the first move, in this order,
            // whose tenuki count (the digit played twice) and whose other count (the digit
            // played once) reach that digit, `target`: the moves after the first that reaches
            // both are never read (the open 20-point edge: 77 thousand nodes fewer).
            let for_lines_only = !whole
                && !(if black {
                    b != 0 || c != 0
                } else {
                    b != 2 || c != 2
                });
            let target = if black { 0 } else { 2 };
            for mv in self.firsts(black).collect::<Vec<_>>() {
                let read_before = per.len();
                let r = *rep.get(mv as usize).unwrap_or(&mv);
                if let Some(i) = (r != mv)
                    .then(|| per.iter().position(|f| f.mv == r))
                    .flatten()
                {
                    per.push(First {
                        mv,
                        left: Left::Mirror(i),
                        ..per[i]
                    });
                } else if let Some(child) = self.after(&node, &[], black, mv) {
                    let v = if whole {
                        self.plain_value(&child, &hist, true)
                    } else {
                        let k = self.count(&child, black, &hist);
                        if black {
                            [k, k, UNREAD, UNREAD]
                        } else {
                            [UNREAD, UNREAD, k, k]
                        }
                    };
                    let t = if black {
                        self.a_of(b, v[1], &child, &hist, depth)
                    } else {
                        self.d_of(c, v[2], &child, &hist, depth)
                    };
                    per.push(First {
                        mv,
                        v,
                        tenuki: t,
                        left: Left::Position(child),
                    });
                }
                if for_lines_only && per.len() > read_before {
                    let i = per.len() - 1;
                    if per[i].tenuki == target && self.other_of(per, i, black, &hist) == target {
                        break;
                    }
                }
            }
        }
        let a = per_black.iter().map(|f| f.tenuki).fold(b, u8::min);
        let d = per_white.iter().map(|f| f.tenuki).fold(c, u8::max);
        // The other counts: every one where the vital points need them, else (for the lines
        // of play) those up to the first move a line takes.
        if a != c {
            self.read_other(&mut per_black, true, &hist, None);
        } else if lines {
            self.read_other(&mut per_black, true, &hist, Some(b));
        }
        if b != d {
            self.read_other(&mut per_white, false, &hist, None);
        } else if lines {
            self.read_other(&mut per_white, false, &hist, Some(c));
        }
        let entries = |per: &[First]| -> Vec<(u8, [u8; 4], u8)> {
            per.iter().map(|f| (f.mv, f.v, f.tenuki)).collect()
        };
        let (per_black, per_white) = (entries(&per_black), entries(&per_white));
        let value = EyeValue { a, b, c, d };
        let n = self.g.n as u8;
        // Attack points: the moves that leave the smallest (c, a) of the next position, i.e.
        // those reaching `b`, and among them those reaching `a`; defence points likewise.
        let mut attack = 0u32;
        if a != c {
            let best = per_black
                .iter()
                .filter(|m| m.0 < n)
                .map(|m| (m.1[2], m.2))
                .min();
            for (mv, v, am) in &per_black {
                if *mv < n && Some((v[2], *am)) == best {
                    attack |= 1 << mv;
                }
            }
        }
        let mut defense = 0u32;
        if b != d {
            let best = per_white
                .iter()
                .filter(|m| m.0 < n)
                .map(|m| (m.1[1], m.2))
                .max();
            for (mv, v, dn) in &per_white {
                if *mv < n && Some((v[1], *dn)) == best {
                    defense |= 1 << mv;
                }
            }
        }
        let lines_b: Vec<(u8, u8, u8)> = per_black.iter().map(|m| (m.0, m.1[2], m.2)).collect();
        let lines_w: Vec<(u8, u8, u8)> = per_white.iter().map(|m| (m.0, m.1[1], m.2)).collect();
        let pv = if self.s.features.lines {
            [
                self.line(root, &lines_b, true, a, true),
                self.line(root, &lines_b, true, b, false),
                self.line(root, &lines_w, false, c, false),
                self.line(root, &lines_w, false, d, true),
            ]
        } else {
            Default::default()
        };
        let to_move = |m: u8| match m {
            OUTER => Move::OuterLiberty,
            PASS => Move::Pass,
            v => Move::Vertex(v as usize),
        };
        let ev = |v: &[u8; 4]| EyeValue {
            a: v[0],
            b: v[1],
            c: v[2],
            d: v[3],
        };
        let first_moves = if !whole {
            Vec::new()
        } else {
            per_black
                .iter()
                .map(|(m, v, _)| FirstMove {
                    attacker: true,
                    mv: to_move(*m),
                    value: ev(v),
                })
                .chain(per_white.iter().map(|(m, v, _)| FirstMove {
                    attacker: false,
                    mv: to_move(*m),
                    value: ev(v),
                }))
                .collect()
        };
        Solution {
            value,
            first_moves,
            attack,
            defense,
            pv,
            nodes: self.s.stats.nodes,
        }
    }
}
