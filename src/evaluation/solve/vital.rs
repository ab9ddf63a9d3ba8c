//! The root of a solve: the four digits, every first move scored, and the vital points
//! chosen among them as `eyes.db` marks them (only moves that change the value).

use super::reading::{Ctx, Node};
use super::search::{State, OUTER, PASS};
use super::{FirstMove, Move, Solution};
use crate::EyeValue;

impl Ctx<'_> {
    pub(super) fn solve(&mut self, root: &State, depth: u32) -> Solution {
        let node: Node = [Some(*root), Some(*root)];
        let hist = [root.board()];
        let b = self.count(&node, true, &[]);
        let c = self.count(&node, false, &[]);
        let whole = self.s.features.first_moves;
        // Every first move: (move, plain value left, count for the tenuki digit). A move that a
        // symmetry of the space (leaving the root unchanged) maps from an earlier vertex takes
        // that vertex's answers: the positions they leave are mirror images.
        let rep = if self.s.features.symmetry && !self.s.symmetries.is_empty() {
            self.s.symmetries.representatives(root)
        } else {
            std::array::from_fn(|v| v as u8)
        };
        let copy = |per: &[(u8, [u8; 4], u8)], mv: u8| {
            let r = *rep.get(mv as usize).unwrap_or(&mv);
            (r != mv)
                .then(|| per.iter().find(|m| m.0 == r).map(|m| (mv, m.1, m.2)))
                .flatten()
        };
        let mut per_black: Vec<(u8, [u8; 4], u8)> = Vec::new();
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if let Some(c) = copy(&per_black, mv) {
                per_black.push(c);
            } else if let Some(child) = self.after(&node, &[], true, mv) {
                let v = self.plain_value(&child, &hist, whole);
                let am = self.a_of(b, v[1], &child, &hist, depth);
                per_black.push((mv, v, am));
            }
        }
        let mut per_white: Vec<(u8, [u8; 4], u8)> = Vec::new();
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if let Some(c) = copy(&per_white, mv) {
                per_white.push(c);
            } else if let Some(child) = self.after(&node, &[], false, mv) {
                let v = self.plain_value(&child, &hist, whole);
                let dn = self.d_of(c, v[2], &child, &hist, depth);
                per_white.push((mv, v, dn));
            }
        }
        let a = per_black.iter().map(|m| m.2).fold(b, u8::min);
        let d = per_white.iter().map(|m| m.2).fold(c, u8::max);
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
