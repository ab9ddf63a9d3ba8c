//! GNU Go's tenuki rule for the digits `a` and `d` (see the module documentation of
//! [`super`]): a first move that the opponent would answer locally does not count as a move
//! played twice in a row.

use super::reading::{Ctx, Node};

impl Ctx<'_> {
    /// GNU Go's `a` of a node, its tenuki rule applied `depth` levels deep (0: the attacker
    /// simply plays twice). With `b = 1`, a first move after which the attacker kills by moving
    /// again (`b' = 0`) counts only if the defender cannot make two eyes there with two moves
    /// (`d' < 2`, that `d'` by the same rules one level down); otherwise it counts as 1.
    pub(super) fn tenuki_a(&mut self, node: &Node, hist: &[u64], depth: u32) -> u8 {
        let b = self.count(node, true, hist);
        if b == 0 {
            return 0;
        }
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut best = b;
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if best == 0 {
                break;
            }
            let Some(child) = self.after(node, &h, true, mv) else {
                continue;
            };
            let cb = self.count(&child, true, &h);
            if cb < best {
                let am = self.a_of(b, cb, &child, &h, depth);
                best = best.min(am);
            }
        }
        best
    }

    /// The attacker's count for one first move leaving `child`, whose attacker-to-move count
    /// is `cb` (see [`Ctx::tenuki_a`]).
    pub(super) fn a_of(&mut self, b: u8, cb: u8, child: &Node, hist: &[u64], depth: u32) -> u8 {
        if depth > 0 && b == 1 && cb == 0 && self.tenuki_d(child, hist, depth - 1) == 2 {
            1
        } else {
            cb
        }
    }

    /// The mirror of [`Ctx::tenuki_a`]: GNU Go's `d`. With `c = 1`, a first move after which
    /// the defender makes two eyes by moving again counts as 2 only if the attacker cannot
    /// kill there with two moves (`a' > 0`); otherwise as 1.
    pub(super) fn tenuki_d(&mut self, node: &Node, hist: &[u64], depth: u32) -> u8 {
        let c = self.count(node, false, hist);
        if c == 2 {
            return 2;
        }
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut best = c;
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if best == 2 {
                break;
            }
            let Some(child) = self.after(node, &h, false, mv) else {
                continue;
            };
            let dc = self.count(&child, false, &h);
            if dc > best {
                let dn = self.d_of(c, dc, &child, &h, depth);
                best = best.max(dn);
            }
        }
        best
    }

    /// The defender's count for one first move leaving `child` (see [`Ctx::tenuki_d`]).
    pub(super) fn d_of(&mut self, c: u8, dc: u8, child: &Node, hist: &[u64], depth: u32) -> u8 {
        if depth > 0 && c == 1 && dc == 2 && self.tenuki_a(child, hist, depth - 1) == 0 {
            1
        } else {
            dc
        }
    }
}
