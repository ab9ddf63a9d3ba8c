//! Eye values: the four digits `abcd` (`docs/PATTERNS.md`, "Eye values").
//!
//! Each digit is a number of eyes (2 meaning "two or more"):
//! `a` the attacker moves first and gets another move, `b` the attacker moves first,
//! `c` the defender moves first, `d` the defender moves first and gets another move.

use std::fmt;
use std::str::FromStr;

/// A four-digit eye value such as `1122` (one and a half eyes).
///
/// ```
/// use nakade::EyeValue;
/// let v: EyeValue = "0122".parse().unwrap();
/// assert_eq!((v.a, v.b, v.c, v.d), (0, 1, 2, 2));
/// assert!(!v.is_settled());
/// assert_eq!(v.to_string(), "0122");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct EyeValue {
    /// Eyes when the attacker moves first and gets another move.
    pub a: u8,
    /// Eyes when the attacker moves first, then both alternate.
    pub b: u8,
    /// Eyes when the defender moves first, then both alternate.
    pub c: u8,
    /// Eyes when the defender moves first and gets another move.
    pub d: u8,
}

impl EyeValue {
    /// A value from its four digits; `None` unless every digit is 0..=2.
    pub fn new(a: u8, b: u8, c: u8, d: u8) -> Option<EyeValue> {
        if [a, b, c, d].iter().all(|&x| x <= 2) {
            Some(EyeValue { a, b, c, d })
        } else {
            None
        }
    }

    /// The digits as an array `[a, b, c, d]`.
    pub fn digits(self) -> [u8; 4] {
        [self.a, self.b, self.c, self.d]
    }

    /// True when the digits never decrease (`a <= b <= c <= d`), as every real value does.
    pub fn is_monotone(self) -> bool {
        self.a <= self.b && self.b <= self.c && self.c <= self.d
    }

    /// True when nobody's move changes anything: `a == c` and `b == d`, so no vital point.
    pub fn is_settled(self) -> bool {
        self.a == self.c && self.b == self.d
    }

    /// True when the value needs attack points (`a != c`, `docs/PATTERNS.md`, "Eye values").
    pub fn needs_attack(self) -> bool {
        self.a != self.c
    }

    /// True when the value needs defence points (`b != d`, `docs/PATTERNS.md`, "Eye values").
    pub fn needs_defense(self) -> bool {
        self.b != self.d
    }

    /// A short reading of the value, as in the header of GNU Go's `eyes.db`.
    pub fn describe(self) -> &'static str {
        match self.digits() {
            [0, 0, 0, 0] => "0 eyes",
            [0, 0, 0, 1] => "0 eyes, the defender can threaten to make one eye",
            [0, 0, 0, 2] => "0 eyes, the defender can threaten to make two eyes",
            [0, 0, 1, 1] => "1/2 eye",
            [0, 0, 1, 2] => "3/4 eye",
            [0, 0, 2, 2] => "1* eye (chimera)",
            [0, 1, 1, 1] => "1 eye, the attacker can threaten to destroy it",
            [0, 1, 1, 2] => "1 eye, both sides have a threat",
            [0, 1, 2, 2] => "5/4 eyes",
            [0, 2, 2, 2] => "2 eyes, the attacker can threaten to destroy both",
            [1, 1, 1, 1] => "1 eye",
            [1, 1, 1, 2] => "1 eye, the defender can threaten to make another",
            [1, 1, 2, 2] => "3/2 eyes",
            [1, 2, 2, 2] => "2 eyes, the attacker can threaten to destroy one",
            [2, 2, 2, 2] => "2 eyes",
            _ => "unusual value",
        }
    }
}

/// The most spaces whose digits differ that [`EyeValue::sum`] plays out together.
pub const SUM_MAX_SPACES: usize = 8;

impl EyeValue {
    /// The value of independent eye spaces together, as a game in which each side plays in
    /// the space where it gains most: where the spaces' vital points are miai, the sum is
    /// more than the sum of their `b` digits (`1122` and the half eye `0011` give two eyes
    /// whoever moves first: the owner answers a move in one space in the other).
    ///
    /// The game: a move in a space advances it. The attacker's first move there leaves it
    /// at `a` if he plays there again and at `b` if the owner answers; the owner's first
    /// leaves it at `c` if the attacker answers and at `d` if the owner plays again; after
    /// two moves a space is settled at that digit. Either side may pass, and two passes end
    /// the game, a space nobody played counting `b`, one the attacker played once `a`, one
    /// the owner played once `c`: each as if the other side may still move there first, so
    /// the sum is the eyes the owner is sure of. `b` of the sum is that game with the
    /// attacker to move, `c` with the owner to move, `a` and `d` with that side making two
    /// moves (or a move and a pass) first. Every digit is at most 2, and the sum never
    /// falls below the sums of the digits (`b` at least the sum of the spaces' `b`), and
    /// is monotone: lower digits in, lower or equal digits out.
    ///
    /// The digits are taken as "moves in a row": GNU Go's `a` and `d` (which let the owner
    /// answer a move locally rather than tenuki, `docs/PATTERNS.md`) can overstate a sum.
    /// `None` when more than [`SUM_MAX_SPACES`] of the spaces have digits that differ (the
    /// others only add their eyes).
    ///
    /// ```
    /// use nakade::EyeValue;
    /// let v = |s: &str| s.parse::<EyeValue>().unwrap();
    /// // One and a half eyes and a half eye: two eyes, the attacker threatening one.
    /// assert_eq!(EyeValue::sum(&[v("1122"), v("0011")]), Some(v("1222")));
    /// // Two half eyes make one eye: each side takes one of them.
    /// assert_eq!(EyeValue::sum(&[v("0011"), v("0011")]), Some(v("0112")));
    /// ```
    pub fn sum(values: &[EyeValue]) -> Option<EyeValue> {
        let fixed: u8 = values
            .iter()
            .filter(|v| v.a == v.d)
            .fold(0u8, |s, v| s.saturating_add(v.a));
        let mut open: Vec<[u8; 4]> = values
            .iter()
            .filter(|v| v.a != v.d)
            .map(|v| v.digits())
            .collect();
        open.sort_unstable();
        if open.len() > SUM_MAX_SPACES {
            return None;
        }
        let mut game = SumGame {
            spaces: &open,
            memo: Default::default(),
        };
        let start = vec![Stage::Untouched; open.len()];
        let acc = fixed.min(2);
        let b = game.value(&mut start.clone(), acc, false, false);
        let c = game.value(&mut start.clone(), acc, true, false);
        // Two turns of one side (each a move or a pass), then the other side to move.
        let twice = |game: &mut SumGame<'_>, owner: bool| -> u8 {
            let pick = |x: u8, y: u8| if owner { x.max(y) } else { x.min(y) };
            let mut best = game.value(&mut start.clone(), acc, !owner, true);
            for i in 0..open.len() {
                let mut st = start.clone();
                let acc1 = SumGame::advance(&open, &mut st, acc, i, owner);
                best = pick(best, game.value(&mut st.clone(), acc1, !owner, true));
                best = pick(best, game.value(&mut st.clone(), acc1, !owner, false));
                for j in 0..open.len() {
                    if st[j] == Stage::Settled {
                        continue;
                    }
                    let mut st2 = st.clone();
                    let acc2 = SumGame::advance(&open, &mut st2, acc1, j, owner);
                    best = pick(best, game.value(&mut st2, acc2, !owner, false));
                }
            }
            best
        };
        let a = twice(&mut game, false);
        let d = twice(&mut game, true);
        Some(EyeValue { a, b, c, d })
    }
}

/// How far play has gone in one space of [`EyeValue::sum`]'s game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Stage {
    Untouched,
    /// The attacker has played there once.
    Attacked,
    /// The owner has played there once.
    Defended,
    /// Two moves: its digit is counted.
    Settled,
}

/// [`EyeValue::sum`]'s game: the spaces whose digits differ (sorted, so that equal ones
/// are side by side), and the values found, by state.
struct SumGame<'a> {
    spaces: &'a [[u8; 4]],
    memo: std::collections::HashMap<u32, u8>,
}

impl SumGame<'_> {
    /// Plays the side's move in space `i`; gives the eyes counted so far after it.
    fn advance(spaces: &[[u8; 4]], st: &mut [Stage], acc: u8, i: usize, owner: bool) -> u8 {
        let [a, b, c, d] = spaces[i];
        let (next, add) = match (st[i], owner) {
            (Stage::Untouched, false) => (Stage::Attacked, 0),
            (Stage::Untouched, true) => (Stage::Defended, 0),
            (Stage::Attacked, false) => (Stage::Settled, a),
            (Stage::Attacked, true) => (Stage::Settled, b),
            (Stage::Defended, false) => (Stage::Settled, c),
            (Stage::Defended, true) => (Stage::Settled, d),
            (Stage::Settled, _) => (Stage::Settled, 0),
        };
        st[i] = next;
        acc.saturating_add(add).min(2)
    }

    /// The eyes at the end: each space not settled counted as the other side may still
    /// move there first.
    fn counted(&self, st: &[Stage], acc: u8) -> u8 {
        st.iter()
            .zip(self.spaces)
            .fold(acc, |s, (stage, &[a, b, c, _])| {
                let add = match stage {
                    Stage::Untouched => b,
                    Stage::Attacked => a,
                    Stage::Defended => c,
                    Stage::Settled => 0,
                };
                s.saturating_add(add)
            })
            .min(2)
    }

    /// The state as a key: two bits a space, the stages of spaces with equal digits in
    /// order (they are interchangeable), then the count, the side and the pass.
    fn key(&self, st: &[Stage], acc: u8, owner: bool, passed: bool) -> u32 {
        // At most [`SUM_MAX_SPACES`] spaces (checked by `EyeValue::sum`).
        let mut buf = [0u8; SUM_MAX_SPACES];
        let stages = &mut buf[..st.len()];
        for (k, &s) in stages.iter_mut().zip(st) {
            *k = s as u8;
        }
        let mut i = 0;
        while i < stages.len() {
            let j = (i..stages.len())
                .find(|&j| self.spaces[j] != self.spaces[i])
                .unwrap_or(stages.len());
            stages[i..j].sort_unstable();
            i = j;
        }
        let k = stages.iter().fold(0u32, |k, &s| k << 2 | u32::from(s));
        k << 4 | u32::from(acc) << 2 | u32::from(owner) << 1 | u32::from(passed)
    }

    /// The eyes with `owner` (or the attacker) to move; `passed` when the last turn was a
    /// pass (a second one ends the game).
    fn value(&mut self, st: &mut [Stage], acc: u8, owner: bool, passed: bool) -> u8 {
        // The count only grows: two eyes counted are two whatever follows.
        if acc >= 2 {
            return 2;
        }
        // The least and the most the game can still end at: each space at the lowest and
        // the highest digit its stage can reach.
        let (low, high) = st.iter().zip(self.spaces).fold(
            (acc, acc),
            |(l, h), (stage, &[a, b, c, d])| match stage {
                Stage::Untouched => (l.saturating_add(a), h.saturating_add(d)),
                Stage::Attacked => (l.saturating_add(a), h.saturating_add(b)),
                Stage::Defended => (l.saturating_add(c), h.saturating_add(d)),
                Stage::Settled => (l, h),
            },
        );
        let (low, high) = (low.min(2), high.min(2));
        if low == high {
            return low;
        }
        let key = self.key(st, acc, owner, passed);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let best = if owner { high } else { low };
        let mut v = if passed {
            self.counted(st, acc)
        } else {
            self.value(st, acc, !owner, true)
        };
        for i in 0..st.len() {
            // One move of each kind: a space equal to the one before, at the same stage,
            // gives the same.
            let same = i > 0 && self.spaces[i] == self.spaces[i - 1] && st[i] == st[i - 1];
            if st[i] == Stage::Settled || same {
                continue;
            }
            if v == best {
                break;
            }
            let before = st[i];
            let acc1 = Self::advance(self.spaces, st, acc, i, owner);
            let after = self.value(st, acc1, !owner, false);
            st[i] = before;
            v = if owner { v.max(after) } else { v.min(after) };
        }
        self.memo.insert(key, v);
        v
    }
}

impl fmt::Display for EyeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

/// Why a string is not an eye value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EyeValueError {
    /// Not exactly four characters.
    #[error("an eye value has four digits, found {found}")]
    WrongLength {
        /// How many characters there were.
        found: usize,
    },
    /// A character that is not a digit 0, 1 or 2, at `index` (0-based).
    #[error("eye value digit {index} is '{ch}'; each digit is 0, 1 or 2")]
    BadDigit {
        /// Position of the offending character.
        index: usize,
        /// The character.
        ch: char,
    },
}

impl FromStr for EyeValue {
    type Err = EyeValueError;

    fn from_str(s: &str) -> Result<EyeValue, EyeValueError> {
        let chars: Vec<char> = s.chars().collect();
        if let Some((index, &ch)) = chars
            .iter()
            .enumerate()
            .find(|(_, c)| !matches!(c, '0'..='2'))
        {
            if chars.len() <= 4 || index < 4 {
                return Err(EyeValueError::BadDigit { index, ch });
            }
        }
        if chars.len() != 4 {
            return Err(EyeValueError::WrongLength { found: chars.len() });
        }
        let d = |i: usize| chars[i] as u8 - b'0';
        Ok(EyeValue {
            a: d(0),
            b: d(1),
            c: d(2),
            d: d(3),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let v: EyeValue = "1122".parse().unwrap();
        assert_eq!(v, EyeValue::new(1, 1, 2, 2).unwrap());
        assert_eq!(v.to_string(), "1122");
        assert!(v.needs_attack() && v.needs_defense());
        let w: EyeValue = "1112".parse().unwrap();
        assert!(!w.needs_attack() && w.needs_defense());
    }

    #[test]
    fn parse_errors() {
        assert_eq!(
            "112".parse::<EyeValue>(),
            Err(EyeValueError::WrongLength { found: 3 })
        );
        assert_eq!(
            "1132".parse::<EyeValue>(),
            Err(EyeValueError::BadDigit { index: 2, ch: '3' })
        );
        assert_eq!(
            "11222".parse::<EyeValue>(),
            Err(EyeValueError::WrongLength { found: 5 })
        );
    }

    /// The fifteen values that occur (`docs/PATTERNS.md`).
    fn all_values() -> Vec<EyeValue> {
        let mut v = Vec::new();
        for a in 0..3 {
            for b in a..3 {
                for c in b..3 {
                    for d in c..3 {
                        v.push(EyeValue { a, b, c, d });
                    }
                }
            }
        }
        v.retain(|v| v.b == v.c || v.b + 1 == v.c || (v.b, v.c) == (0, 2));
        v
    }

    #[test]
    fn a_space_alone_sums_to_itself() {
        let values = all_values();
        assert_eq!(values.len(), 15);
        for v in values {
            assert_eq!(EyeValue::sum(&[v]), Some(v), "{v}");
        }
        assert_eq!(EyeValue::sum(&[]), Some(EyeValue::default()));
    }

    #[test]
    fn miai_spaces_give_two_eyes() {
        let v = |s: &str| s.parse::<EyeValue>().unwrap();
        // The vital points are miai: the owner answers a move in one in the other.
        assert_eq!(EyeValue::sum(&[v("1122"), v("0011")]).map(|s| s.b), Some(2));
        // Three half eyes: one and a half eyes.
        assert_eq!(
            EyeValue::sum(&[v("0011"), v("0011"), v("0011")]).map(|s| (s.b, s.c)),
            Some((1, 2))
        );
        // A second eye only by two moves in a row is no second eye.
        assert_eq!(
            EyeValue::sum(&[v("1111"), v("0001")]).map(|s| (s.b, s.c)),
            Some((1, 1))
        );
        // One eye and a half eye: the attacker's move in the half eye is sente-free.
        assert_eq!(
            EyeValue::sum(&[v("1111"), v("0011")]).map(|s| (s.b, s.c)),
            Some((1, 2))
        );
        assert_eq!(EyeValue::sum(&[v("1111"), v("1111")]).map(|s| s.b), Some(2));
    }

    #[test]
    fn the_sum_is_at_least_the_digits_added_and_monotone() {
        let values = all_values();
        let add = |xs: &[EyeValue], f: fn(&EyeValue) -> u8| xs.iter().map(f).sum::<u8>().min(2);
        for x in &values {
            for y in &values {
                for z in &values {
                    let xs = [*x, *y, *z];
                    let s = EyeValue::sum(&xs).unwrap();
                    assert!(s.is_monotone(), "{x} {y} {z}: {s}");
                    assert!(
                        s.b >= add(&xs, |v| v.b) && s.c >= add(&xs, |v| v.b),
                        "{x} {y} {z}"
                    );
                    assert!(s.d <= add(&xs, |v| v.d), "{x} {y} {z}");
                    assert_eq!(EyeValue::sum(&[*z, *x, *y]), Some(s));
                    // Lowering a digit of one space lowers no digit of the sum.
                    for w in &values {
                        if w.digits().iter().zip(x.digits()).all(|(p, q)| *p <= q) {
                            let t = EyeValue::sum(&[*w, *y, *z]).unwrap();
                            assert!(
                                t.digits().iter().zip(s.digits()).all(|(p, q)| *p <= q),
                                "{w} <= {x}, with {y} {z}: {t} against {s}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The game of [`EyeValue::sum`] read plainly: no memo, no bounds, every move.
    fn naive(sp: &[[u8; 4]], st: &mut Vec<u8>, acc: u8, owner: bool, passed: bool) -> u8 {
        let end = |st: &[u8]| {
            st.iter()
                .zip(sp)
                .map(|(&s, &[a, b, c, _])| [b, a, c, 0][usize::from(s)])
                .fold(acc, u8::saturating_add)
                .min(2)
        };
        let mut v = if passed {
            end(st)
        } else {
            naive(sp, st, acc, !owner, true)
        };
        for i in 0..st.len() {
            let [a, b, c, d] = sp[i];
            let (next, add) = match (st[i], owner) {
                (0, false) => (1, 0),
                (0, true) => (2, 0),
                (1, false) => (3, a),
                (1, true) => (3, b),
                (2, false) => (3, c),
                (2, true) => (3, d),
                _ => continue,
            };
            let before = st[i];
            st[i] = next;
            let after = naive(sp, st, acc.saturating_add(add).min(2), !owner, false);
            st[i] = before;
            v = if owner { v.max(after) } else { v.min(after) };
        }
        v
    }

    #[test]
    fn the_sum_is_the_game_read_plainly() {
        let values = all_values();
        // Every multiset of up to three values (with repeats), against a plain reading of
        // `b` and `c`.
        let mut sets: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..3 {
            let next: Vec<Vec<usize>> = sets
                .iter()
                .filter(|s| s.len() < 3)
                .flat_map(|s| {
                    let from = s.last().copied().unwrap_or(0);
                    (from..values.len()).map(move |k| {
                        let mut t = s.clone();
                        t.push(k);
                        t
                    })
                })
                .collect();
            sets.extend(next);
        }
        sets.sort();
        sets.dedup();
        assert_eq!(sets.len(), 816);
        for set in &sets {
            let vs: Vec<EyeValue> = set.iter().map(|&k| values[k]).collect();
            let sp: Vec<[u8; 4]> = vs.iter().map(|v| v.digits()).collect();
            let sum = EyeValue::sum(&vs).unwrap();
            let b = naive(&sp, &mut vec![0; sp.len()], 0, false, false);
            let c = naive(&sp, &mut vec![0; sp.len()], 0, true, false);
            assert_eq!((sum.b, sum.c), (b, c), "{vs:?}");
        }
    }
}
