//! What the solver gives: the value, the vital points, lines of play, every first move.

use crate::pattern::diagram::{Cell, Diagram};
use crate::EyeValue;

/// The answer for one eye space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The eye value. With [`Features::min_max`](super::Features::min_max) only `b` and `c`
    /// are read: `a` is then given as `b` and `d` as 2, their upper bounds.
    pub value: EyeValue,
    /// Attack points (bitmask over vertices); empty when `a == c`.
    pub attack: u32,
    /// Defence points (bitmask over vertices); empty when `b == d`.
    pub defense: u32,
    /// For each digit `a b c d`, a line of play reaching it, e.g. `B v2, W v0, B outer`.
    pub pv: [String; 4],
    /// Every legal first move of either player, with the plain value of the position it
    /// leaves (digits as for any position: attacker twice, attacker first, defender first,
    /// defender twice; `a` and `d` there are simply two moves in a row). Empty unless
    /// [`Features::first_moves`](super::Features::first_moves) asked for it.
    pub first_moves: Vec<FirstMove>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A move of the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this vertex.
    Vertex(usize),
    /// The attacker fills one of the wall's outer liberties.
    OuterLiberty,
    /// The defender passes (plays elsewhere).
    Pass,
}

/// A first move and the value of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMove {
    /// True for the attacker.
    pub attacker: bool,
    /// The move.
    pub mv: Move,
    /// The plain value of the position it leaves.
    pub value: EyeValue,
}

impl Solution {
    /// The diagram with its vital points marked (`*` `<` `>` `@` `(` `)`), others cleared.
    /// The diagram's vertices must be those of the solved space, in the same order.
    pub fn annotate(&self, d: &Diagram) -> Diagram {
        let mut out = d.clone();
        let mut i = 0;
        for row in out.rows.iter_mut() {
            for cell in row.iter_mut() {
                if let Cell::Vertex(m) = *cell {
                    let (a, df) = (self.attack >> i & 1 == 1, self.defense >> i & 1 == 1);
                    *cell = Cell::Vertex(m.with_vital(a, df));
                    i += 1;
                }
            }
        }
        out
    }
}
