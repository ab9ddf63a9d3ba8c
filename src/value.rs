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
}
