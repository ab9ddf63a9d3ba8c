//! Reading a position of the local game: both games at once (without and with the extra
//! eye), the eye count with either player to move, the plain four digits of a position.

use super::search::{Geometry, Played, Rules, Searcher, State, OUTER, PASS};

/// A position in both games at once: `[without extra eye, with it]`; `None` where the
/// attacker has already captured the wall.
pub(super) type Node = [Option<State>; 2];

pub(super) struct Ctx<'g> {
    pub(super) g: &'g Geometry,
    pub(super) s: Searcher,
}

impl Ctx<'_> {
    /// Eyes with the attacker (`black`) or the defender to move at `node`.
    pub(super) fn count(&mut self, node: &Node, black: bool, hist: &[u64]) -> u8 {
        self.count_up_to(node, black, hist, 2)
    }

    /// [`Ctx::count`] read only as far as `most` eyes (at most 2): the count where it is
    /// below `most`, else `most` (the defender has at least that many).
    pub(super) fn count_up_to(&mut self, node: &Node, black: bool, hist: &[u64], most: u8) -> u8 {
        let mut eyes = most.min(2);
        // The game without the extra eye asks for two, the one with it for one.
        let skip = usize::from(2 - eyes);
        for (i, eye) in [false, true].into_iter().enumerate().skip(skip) {
            let attacker_wins = match &node[i] {
                None => true,
                Some(s) => {
                    let rules = Rules { g: self.g, eye };
                    if black {
                        self.s.wins(&rules, s, true, hist)
                    } else {
                        !self.s.wins(&rules, s, false, hist)
                    }
                }
            };
            if !attacker_wins {
                return eyes;
            }
            eyes -= 1;
        }
        0
    }

    /// The node after `mv` by `black` (attacker) or the defender; `None` if illegal.
    pub(super) fn after(&self, node: &Node, hist: &[u64], black: bool, mv: u8) -> Option<Node> {
        let mut out: Node = [None, None];
        for (i, eye) in [false, true].into_iter().enumerate() {
            let Some(s) = &node[i] else { continue };
            match (Rules { g: self.g, eye }).play(s, black, mv) {
                Played::Illegal => return None,
                Played::CapturedWall => {}
                Played::Next { state, captured } => {
                    let b = state.board();
                    if !captured && mv != PASS && (b == s.board() || hist.contains(&b)) {
                        return None;
                    }
                    out[i] = Some(state);
                }
            }
        }
        Some(out)
    }

    /// The board of a node, for superko histories.
    pub(super) fn board(node: &Node) -> u64 {
        node[1].or(node[0]).map_or(u64::MAX, |s| s.board())
    }

    /// The candidate first moves of a player: every vertex, plus an outer liberty for the
    /// attacker and a pass for the defender.
    pub(super) fn firsts(&self, black: bool) -> impl Iterator<Item = u8> {
        (0..self.g.n as u8).chain([if black { OUTER } else { PASS }])
    }

    /// The plain four digits of a node: `b`, `c` by search, `a` and `d` as two moves in a row.
    /// Without `whole`, only `b` and `c` are read (`a` and `d` are given as `b` and `c`): the
    /// two-moves-in-a-row digits cost a reading of every second move.
    pub(super) fn plain_value(&mut self, node: &Node, hist: &[u64], whole: bool) -> [u8; 4] {
        let b = self.count(node, true, hist);
        let c = self.count(node, false, hist);
        if !whole {
            return [b, b, c, c];
        }
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut a = b;
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if let Some(child) = self.after(node, &h, true, mv) {
                a = a.min(self.count(&child, true, &h));
            }
        }
        let mut d = c;
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if let Some(child) = self.after(node, &h, false, mv) {
                d = d.max(self.count(&child, false, &h));
            }
        }
        [a, b, c, d]
    }
}
