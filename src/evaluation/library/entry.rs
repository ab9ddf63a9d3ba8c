//! One solved position of the library, in two bytes: the outcome and the best move.

use crate::evaluation::solve::Move;

/// The outcome of one position for the owner of the eye (the wall's string).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The owner lives (seki included), even against an opponent with three ko threats.
    Alive,
    /// The owner dies, even with three ko threats.
    Dead,
    /// A ko decides.
    Ko {
        /// Who wins when neither side has a threat: true when the owner lives.
        owner_wins_without_threats: bool,
        /// The threats the side that loses without threats needs to win instead (1 to 3;
        /// 4 when three are not enough but more might be).
        threats_to_turn: u8,
    },
}

/// A solved position: its outcome and a move for the player to move that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The outcome.
    pub outcome: Outcome,
    /// The best move (`None` when every move loses).
    pub best: Option<Move>,
}

const NONE: u8 = 0xff;
const OUTER: u8 = 0xfe;
const PASS: u8 = 0xfd;

impl Entry {
    /// The two bytes: outcome (bits 0–1 kind, bit 2 owner wins without threats, bits 3–5
    /// threats to turn), move (vertex, `0xfe` outer liberty, `0xfd` pass, `0xff` none).
    pub fn encode(&self) -> [u8; 2] {
        let o = match self.outcome {
            Outcome::Dead => 0,
            Outcome::Alive => 1,
            Outcome::Ko {
                owner_wins_without_threats,
                threats_to_turn,
            } => 2 | (owner_wins_without_threats as u8) << 2 | (threats_to_turn & 7) << 3,
        };
        let m = match self.best {
            None => NONE,
            Some(Move::OuterLiberty) => OUTER,
            Some(Move::Pass) => PASS,
            Some(Move::Vertex(v)) => v as u8,
        };
        [o, m]
    }

    /// The entry of two bytes; `None` for bytes no entry encodes to.
    pub fn decode(b: [u8; 2]) -> Option<Entry> {
        let outcome = match b[0] & 3 {
            0 if b[0] == 0 => Outcome::Dead,
            1 if b[0] == 1 => Outcome::Alive,
            2 if b[0] >> 6 == 0 => Outcome::Ko {
                owner_wins_without_threats: b[0] >> 2 & 1 == 1,
                threats_to_turn: b[0] >> 3 & 7,
            },
            _ => return None,
        };
        let best = match b[1] {
            NONE => None,
            OUTER => Some(Move::OuterLiberty),
            PASS => Some(Move::Pass),
            v if v < 32 => Some(Move::Vertex(v as usize)),
            _ => return None,
        };
        Some(Entry { outcome, best })
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Alive => f.write_str("alive"),
            Outcome::Dead => f.write_str("dead"),
            Outcome::Ko {
                owner_wins_without_threats,
                threats_to_turn,
            } => write!(
                f,
                "ko: {} wins without threats, the other needs {}{}",
                if *owner_wins_without_threats {
                    "owner"
                } else {
                    "opponent"
                },
                threats_to_turn.min(&3),
                if *threats_to_turn > 3 { "+" } else { "" }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for outcome in [
            Outcome::Alive,
            Outcome::Dead,
            Outcome::Ko {
                owner_wins_without_threats: true,
                threats_to_turn: 2,
            },
        ] {
            for best in [
                None,
                Some(Move::Pass),
                Some(Move::OuterLiberty),
                Some(Move::Vertex(6)),
            ] {
                let e = Entry { outcome, best };
                assert_eq!(Entry::decode(e.encode()), Some(e));
            }
        }
        assert_eq!(Entry::decode([3, 0]), None);
    }
}
