//! The unconditional status of a point, in GNU Go 3.8's words (its `unconditional_status`).
//!
//! Takes a [`Board`]; gives, for any point, one of [`Unconditional`]'s five answers:
//!
//! * `alive`: a stone of a string the opponent can never capture, even playing any number of
//!   moves in a row;
//! * `dead`: a stone in the other colour's unconditional territory;
//! * `black_territory` / `white_territory`: an empty point of that colour's unconditional
//!   territory;
//! * `undecided`: anything else.
//!
//! # The rule, for one colour C (its opponent A)
//!
//! Moves are played on a copy of the board, legally (no suicide, no retaking a ko), and kept
//! unless said otherwise; strings are visited in board order (top row first, left to right,
//! by their first stone), liberties in board order.
//!
//! 1. **A takes what it can**: for every C string (in board order) but C's *potential
//!    sekis* (strings of two stones with no other C stone and no board edge among their eight
//!    neighbours), A plays on each of its liberties where it may; when that captures the
//!    string or leaves it one liberty (A then takes it there, a ko notwithstanding), the
//!    moves stay, else they are taken back. Repeated until nothing falls. The C strings left
//!    (potential sekis aside) are **invincible**: their stones are alive. With none, C has
//!    nothing unconditional.
//! 2. **A fills**: A plays on every liberty of the invincible strings where it may; then,
//!    until nothing changes, A extends each of its strings in atari. Then the **small
//!    sekis**: a potential seki's string whose liberties (two or more) are exactly those of
//!    an A string beside it is taken as invincible (alive), and A fills those liberties but
//!    the last (in board order): the A string is left in atari. Then A plays wherever its
//!    stone has two empty neighbours (big eyes split), then wherever it has one (two-point
//!    eyes reduced), first where its string keeps two liberties, then anywhere.
//! 3. C's **unconditional territory** is then every empty point beside an invincible string
//!    or beside an A string in atari, and every point of an A string in atari. An A stone of
//!    the position there is dead; an empty point of the position there is C's territory; a C
//!    stone of the position there (a string step 1 took, on a point the fill leaves to C, as
//!    the stone beside a mutual atari that C wins) is alive, as GNU Go answers it.
//!
//! A point is answered from black's reading first, then white's. The steps follow GNU Go's
//! documentation of `unconditional_life` and were checked against GNU Go 3.8 point by point
//! (`examples/unconditional_vs_gnugo.rs`; `docs/MEASUREMENTS.md` has the figures): the same
//! answer at every point of the self-play final positions, of every position of six random
//! games, of the composed positions and of the random positions saved. The order of the
//! moves is fixed (board order), as GNU Go's is; on rare shapes another order could give
//! another answer, so a rotated board may differ where GNU Go's own answer does.

use crate::board::{Board, Color, Loc};

/// One point's unconditional status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unconditional {
    /// A stone of a pass-alive string, or a stone standing on its colour's territory.
    Alive,
    /// A stone inside the opponent's pass-alive area: it can never live.
    Dead,
    /// An empty point of black's pass-alive area.
    BlackTerritory,
    /// An empty point of white's pass-alive area.
    WhiteTerritory,
    /// None of the above.
    Undecided,
}

impl Unconditional {
    /// GNU Go 3.8's word for it: `alive`, `dead`, `black_territory`, `white_territory`,
    /// `undecided`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unconditional::Alive => "alive",
            Unconditional::Dead => "dead",
            Unconditional::BlackTerritory => "black_territory",
            Unconditional::WhiteTerritory => "white_territory",
            Unconditional::Undecided => "undecided",
        }
    }

    /// Every status, in the order reports list them.
    pub const ALL: [Unconditional; 5] = [
        Unconditional::Alive,
        Unconditional::Dead,
        Unconditional::BlackTerritory,
        Unconditional::WhiteTerritory,
        Unconditional::Undecided,
    ];
}

impl std::fmt::Display for Unconditional {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One colour's unconditional reading ([`unconditional_life`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnconditionalLife {
    /// The colour read.
    pub color: Color,
    /// Its invincible stones, by location index.
    pub alive: Vec<bool>,
    /// Its unconditional territory, by location index (points of the position: empty points
    /// and the opponent's stones there).
    pub territory: Vec<bool>,
}

/// The status of `loc` (see the module docs).
///
/// ```
/// use nakade::board::ascii;
/// use nakade::board::unconditional::{status, Unconditional};
/// use nakade::board::Color;
///
/// // White's group in the corner has two eyes, `a` and `b`: unconditionally alive. `c` is open.
/// let d = ascii::parse_board("---------\n|a O b O c\n|O O O O .\n|. . . . .", None).unwrap();
/// let (board, at) = (&d.board, |k: char| d.labels[&k]);
/// assert_eq!(status(board, at('a')), Unconditional::WhiteTerritory);
/// assert_eq!(status(board, at('c')), Unconditional::Undecided);
/// let stone = board.locs().find(|&l| board.color(l) == Some(Color::White)).unwrap();
/// assert_eq!(status(board, stone).as_str(), "alive");
/// ```
pub fn status(board: &Board, loc: Loc) -> Unconditional {
    let both = [
        unconditional_life(board, Color::Black),
        unconditional_life(board, Color::White),
    ];
    status_from(board, &both, loc)
}

/// The status of `loc` from both colours' readings, black's first.
pub fn status_from(board: &Board, both: &[UnconditionalLife; 2], loc: Loc) -> Unconditional {
    let i = loc.index();
    for life in both {
        if life.alive[i] {
            return Unconditional::Alive;
        }
        if life.territory[i] {
            match board.color(loc) {
                None => {
                    return match life.color {
                        Color::Black => Unconditional::BlackTerritory,
                        Color::White => Unconditional::WhiteTerritory,
                    }
                }
                Some(c) if c != life.color => return Unconditional::Dead,
                Some(_) => {}
            }
        }
    }
    Unconditional::Undecided
}

/// Every point of the board with its status, in board order.
pub fn all(board: &Board) -> Vec<(Loc, Unconditional)> {
    let both = [
        unconditional_life(board, Color::Black),
        unconditional_life(board, Color::White),
    ];
    board
        .locs()
        .map(|l| (l, status_from(board, &both, l)))
        .collect()
}

/// The strings of `color` on `b`, each by its stones, in board order of their first stone.
fn strings_of(b: &Board, color: Color) -> Vec<Loc> {
    b.strings()
        .into_iter()
        .filter(|&s| b.color(s) == Some(color))
        .map(|s| {
            b.string_stones(s)
                .into_iter()
                .min()
                .expect("a string has stones")
        })
        .collect()
}

/// The liberties of the string through `s`, in board order.
fn libs_sorted(b: &Board, s: Loc) -> Vec<Loc> {
    let mut l = b.liberties(s);
    l.sort();
    l
}

/// Step 1 and 2's capture: `attacker` plays on the liberties of every string of the other
/// colour (but those at `set_aside`), keeping the moves that capture a string or leave it
/// one liberty (then taken there). Gives true when some such string was found at all.
fn capture_what_falls(b: &mut Board, attacker: Color, set_aside: &[bool]) -> bool {
    let target = attacker.opponent();
    let mut found = false;
    loop {
        let mut fell = false;
        for s in strings_of(b, target) {
            // An earlier capture of this round may have changed it.
            if b.color(s) != Some(target) || set_aside[s.index()] {
                if b.color(s) == Some(target) {
                    continue;
                }
                continue;
            }
            found = true;
            let mut played = 0;
            for l in libs_sorted(b, s) {
                if b.is_legal(l, attacker) && b.play(l, attacker).is_ok() {
                    played += 1;
                }
            }
            if b.color(s) != Some(target) {
                fell = true;
            } else if b.liberty_count(s) == 1 {
                let last = b.liberties(s)[0];
                if b.play(last, attacker).is_err() {
                    // A ko forbids it: take the string all the same.
                    for t in b.string_stones(s) {
                        let _ = b.set_stone(t, None);
                    }
                    let _ = b.set_stone(last, Some(attacker));
                }
                fell = true;
            } else {
                for _ in 0..played {
                    b.undo();
                }
            }
        }
        if !fell {
            return found;
        }
    }
}

/// Two-stone strings of `color` with no other stone of theirs and no board edge among the
/// eight neighbours of their stones: they may be a small seki's, and are not tried.
fn potential_sekis(b: &Board, color: Color) -> Vec<bool> {
    let mut out = vec![false; b.grid_len()];
    for s in b.strings() {
        if b.color(s) != Some(color) {
            continue;
        }
        let stones = b.string_stones(s);
        if stones.len() != 2 {
            continue;
        }
        let isolated = stones.iter().all(|&t| {
            let orth = b.adjacent(t);
            let diag = b.diagonals(t);
            orth.iter()
                .chain(diag.iter().map(|(d, _, _)| d))
                .all(|&n| b.on_board(n) && (b.color(n) != Some(color) || stones.contains(&n)))
        });
        if isolated {
            for t in stones {
                out[t.index()] = true;
            }
        }
    }
    out
}

/// `other` extends its strings in atari where it may, until none can.
fn extend_ataris(b: &mut Board, other: Color) {
    loop {
        let mut changed = false;
        for s in strings_of(b, other) {
            if b.color(s) == Some(other) && b.liberty_count(s) == 1 {
                let l = b.liberties(s)[0];
                if b.is_legal(l, other) && b.play(l, other).is_ok() {
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// `color`'s unconditional reading of `board` (see the module docs).
pub fn unconditional_life(board: &Board, color: Color) -> UnconditionalLife {
    let n = board.grid_len();
    let other = color.opponent();
    let mut life = UnconditionalLife {
        color,
        alive: vec![false; n],
        territory: vec![false; n],
    };
    let mut b = board.clone();
    // Step 1.
    let aside = potential_sekis(&b, color);
    if !capture_what_falls(&mut b, other, &aside) {
        return life;
    }
    let invincible: Vec<Loc> = strings_of(&b, color)
        .into_iter()
        .filter(|s| !aside[s.index()])
        .collect();
    if invincible.is_empty() {
        return life;
    }
    for &s in &invincible {
        for t in b.string_stones(s) {
            if board.color(t) == Some(color) {
                life.alive[t.index()] = true;
            }
        }
    }
    // Step 2: the fill.
    for &s in &invincible {
        for l in libs_sorted(&b, s) {
            if b.is_legal(l, other) {
                let _ = b.play(l, other);
            }
        }
    }
    extend_ataris(&mut b, other);
    // A small seki: a potential seki's string of C beside an A string whose liberties are
    // all its own lives (A cannot take it without putting itself in atari first): A fills
    // all the shared liberties but the last, and the C string counts as invincible.
    let mut aside = aside;
    for s in strings_of(&b, color) {
        if !aside[s.index()] || b.color(s) != Some(color) {
            continue;
        }
        let own = libs_sorted(&b, s);
        let mut neighbours: Vec<Loc> = b
            .string_stones(s)
            .into_iter()
            .flat_map(|t| b.neighbors(t).collect::<Vec<_>>())
            .filter(|&m| b.color(m) == Some(other))
            .map(|m| {
                b.string_stones(m)
                    .into_iter()
                    .min()
                    .expect("a string has stones")
            })
            .collect();
        neighbours.sort();
        neighbours.dedup();
        let seki = neighbours.iter().any(|&w| {
            let mut libs = b.liberties(w);
            libs.sort();
            libs.len() >= 2 && libs == own
        });
        if !seki {
            continue;
        }
        for t in b.string_stones(s) {
            aside[t.index()] = false;
            life.alive[t.index()] = true;
        }
        for &l in &own[..own.len() - 1] {
            if b.is_legal(l, other) {
                let _ = b.play(l, other);
            }
        }
    }
    // Big eyes split (a stone with two empty neighbours), then two-point eyes reduced: first
    // where A's string keeps two liberties, then anywhere.
    for (wanted, into_atari) in [(2, true), (1, false), (1, true)] {
        loop {
            let mut changed = false;
            let empties: Vec<Loc> = b.locs().filter(|&l| b.is_empty(l)).collect();
            for l in empties {
                if !b.is_empty(l) {
                    continue;
                }
                let free = b.neighbors(l).filter(|&m| b.is_empty(m)).count();
                if free >= wanted && b.is_legal(l, other) && b.play(l, other).is_ok() {
                    if !into_atari && b.liberty_count(l) < 2 {
                        b.undo();
                    } else {
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    // Step 3.
    let mut saved = Vec::new();
    for p in b.locs() {
        let beside_invincible = || {
            b.neighbors(p)
                .any(|m| b.color(m) == Some(color) && life.alive[m.index()])
        };
        let beside_atari = || {
            b.neighbors(p)
                .any(|m| b.color(m) == Some(other) && b.liberty_count(m) == 1)
        };
        let in_territory = match b.color(p) {
            None => beside_invincible() || beside_atari(),
            Some(c) if c == other => b.liberty_count(p) == 1,
            Some(_) => false,
        };
        if in_territory {
            if board.color(p) == Some(color) {
                // A stone of the position on the colour's territory (a string step 1
                // captured, whose point the fill leaves to the colour): alive.
                saved.push(p);
            } else {
                life.territory[p.index()] = true;
            }
        }
    }
    for p in saved {
        life.alive[p.index()] = true;
    }
    life
}
