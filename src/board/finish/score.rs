//! The score of a finished position, from its [`FinalReport`].
//!
//! Takes a [`Board`] and the final status of its strings; gives a [`Score`]: who owns each
//! point, the dame, the points in seki, and each side's points under area (Chinese) or
//! territory (Japanese) rules.
//!
//! Dead stones come off. A region (empty points and the points of dead stones, connected)
//! that touches stones of one colour only, all alive and none in seki, is that colour's
//! territory. A region that touches only one colour where a group of it is in seki is a seki
//! eye: the owner's under area rules, nobody's under territory rules. Every other region is
//! dame (neutral); its points next to a seki group are the seki's shared liberties.
//!
//! * **Area**: stones on the board that stay, plus territory.
//! * **Territory**: territory (the dead stones' points included), plus prisoners: the dead
//!   stones, and the stones captured during the game (the board's move history; a position
//!   set up stone by stone has none).
//!
//! White adds the komi; the result reads as GNU Go 3.8's `final_score` writes it: `B+3.5`,
//! `W+36.0` (one decimal), `0` for a tie.

use crate::board::finish::{FinalReport, FinalStatus, Reason};
use crate::board::orientation::Frame;
use crate::board::{Board, Color, Loc};

/// The counting rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rules {
    /// Area (Chinese) counting: stones and territory.
    Area,
    /// Territory (Japanese) counting: territory and prisoners.
    #[default]
    Territory,
}

impl Rules {
    /// `area` or `territory`.
    pub fn as_str(self) -> &'static str {
        match self {
            Rules::Area => "area",
            Rules::Territory => "territory",
        }
    }

    /// Reads `area`/`chinese` or `territory`/`japanese`.
    pub fn parse(word: &str) -> Option<Rules> {
        match word.to_ascii_lowercase().as_str() {
            "area" | "chinese" => Some(Rules::Area),
            "territory" | "japanese" => Some(Rules::Territory),
            _ => None,
        }
    }
}

/// What a point counts as at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// A stone of this colour that stays, or this colour's territory.
    Color(Color),
    /// Neutral: a point of a region both colours touch.
    Dame,
    /// An eye of a group in seki, or a liberty shared in a seki.
    Seki(Option<Color>),
}

/// The score of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The rules counted by.
    pub rules: Rules,
    /// White's komi.
    pub komi: f64,
    /// Black's territory points (empty points and dead white stones' points), in board
    /// order.
    pub black_territory: Vec<Loc>,
    /// White's territory points, likewise.
    pub white_territory: Vec<Loc>,
    /// Neutral points.
    pub dame: Vec<Loc>,
    /// Points in seki: eyes of seki groups and the liberties they share.
    pub seki: Vec<Loc>,
    /// Teire: points in a side's territory it must still fill, because once the opponent
    /// has filled the dame one of its strings would be in atari there (the string's last
    /// liberty), and the vital point where a critical group's status is still to be played
    /// out ([`Reason::Critical`]: its owner's second eye when it is alive, the opponent's
    /// kill when it is dead; the same for a string short of liberties whose closed fight the
    /// side to move decides, [`Reason::ShortOfLiberties`]), and a group's answer where it
    /// lives by miai and gives up a string ([`Reason::Miai`]). Named, not counted: under
    /// territory rules each costs its owner a point when played (GNU Go 3.8's `final_score`
    /// counts a critical group's vital point as dame).
    pub teire: Vec<Loc>,
    /// Prisoners each side holds at the end: (taken by black, taken by white); dead stones
    /// included.
    pub prisoners: (usize, usize),
    /// Black's points under the rules.
    pub black: f64,
    /// White's points under the rules, komi included.
    pub white: f64,
}

impl Score {
    /// Black's points less white's: positive when black wins.
    pub fn margin(&self) -> f64 {
        self.black - self.white
    }

    /// The result as GNU Go 3.8's `final_score` writes it: `B+3.5`, `W+36.0`, or `0`.
    pub fn result(&self) -> String {
        let m = self.margin();
        if m > 0.0 {
            format!("B+{}", fmt_points(m))
        } else if m < 0.0 {
            format!("W+{}", fmt_points(-m))
        } else {
            "0".into()
        }
    }

    /// Who counts `loc` at the end.
    pub fn owner(&self, board: &Board, report: &FinalReport, loc: Loc) -> Owner {
        if self.black_territory.binary_search(&loc).is_ok() {
            return Owner::Color(Color::Black);
        }
        if self.white_territory.binary_search(&loc).is_ok() {
            return Owner::Color(Color::White);
        }
        if self.seki.binary_search(&loc).is_ok() {
            return Owner::Seki(board.color(loc));
        }
        match (board.color(loc), report.status_at(loc)) {
            (Some(c), Some(FinalStatus::Alive)) => Owner::Color(c),
            (Some(c), Some(FinalStatus::Seki)) => Owner::Seki(Some(c)),
            _ => Owner::Dame,
        }
    }
}

/// Points as GNU Go 3.8 writes them: one decimal (`36.0`, `0.5`).
fn fmt_points(p: f64) -> String {
    format!("{p:.1}")
}

/// Count `board` under `rules` with `komi` (see the module docs).
pub fn score(board: &Board, report: &FinalReport, rules: Rules, komi: f64) -> Score {
    let n = board.grid_len();
    let dead = |l: Loc| report.status_at(l) == Some(FinalStatus::Dead);
    let open = |l: Loc| board.is_empty(l) || dead(l);
    let mut seen = vec![false; n];
    let (mut black_t, mut white_t, mut dame, mut seki) = (vec![], vec![], vec![], vec![]);
    // The points of the seki eyes of each colour (regions in `seki` that touch it only).
    let mut seki_eyes = [0usize, 0usize];
    for start in board.locs() {
        if seen[start.index()] || !open(start) {
            continue;
        }
        let mut region = vec![start];
        seen[start.index()] = true;
        let mut i = 0;
        // (touches black, touches white, touches a seki group)
        let mut touch = [false, false];
        let mut touch_seki = false;
        while i < region.len() {
            let p = region[i];
            i += 1;
            for m in board.neighbors(p) {
                if open(m) {
                    if !seen[m.index()] {
                        seen[m.index()] = true;
                        region.push(m);
                    }
                } else if let Some(c) = board.color(m) {
                    touch[c as usize] = true;
                    if report.status_at(m) == Some(FinalStatus::Seki) {
                        touch_seki = true;
                    }
                }
            }
        }
        match (touch, touch_seki) {
            ([true, false], false) => black_t.extend(region),
            ([false, true], false) => white_t.extend(region),
            ([true, false], true) | ([false, true], true) => {
                seki_eyes[usize::from(touch[1])] += region.len();
                seki.extend(region)
            }
            _ => {
                for p in region {
                    let beside_seki = board
                        .neighbors(p)
                        .any(|m| report.status_at(m) == Some(FinalStatus::Seki));
                    if beside_seki && board.is_empty(p) {
                        seki.push(p);
                    } else {
                        dame.push(p);
                    }
                }
            }
        }
    }
    for v in [&mut black_t, &mut white_t, &mut dame, &mut seki] {
        v.sort();
    }
    // Captures during the game, by the capturing colour.
    let mut captured = [0usize, 0usize];
    for rec in board.history() {
        captured[rec.color as usize] += rec.captured.len();
        captured[rec.color.opponent() as usize] += rec.suicided.len();
    }
    let dead_of = |c: Color| {
        report
            .stones_with(FinalStatus::Dead)
            .into_iter()
            .filter(|&s| board.color(s) == Some(c))
            .count()
    };
    let prisoners = (
        captured[Color::Black as usize] + dead_of(Color::White),
        captured[Color::White as usize] + dead_of(Color::Black),
    );
    let empty_count = |v: &[Loc]| v.len();
    let (black, white) = match rules {
        Rules::Territory => (
            (empty_count(&black_t) + prisoners.0) as f64,
            (empty_count(&white_t) + prisoners.1) as f64 + komi,
        ),
        Rules::Area => {
            let stays = |c: Color| {
                board
                    .locs()
                    .filter(|&l| board.color(l) == Some(c) && !dead(l))
                    .count()
            };
            (
                (stays(Color::Black) + black_t.len() + seki_eyes[0]) as f64,
                (stays(Color::White) + white_t.len() + seki_eyes[1]) as f64 + komi,
            )
        }
    };
    let teire = teire(board, report, &dame);
    Score {
        rules,
        komi,
        teire,
        black_territory: black_t,
        white_territory: white_t,
        dame,
        seki,
        prisoners,
        black,
        white,
    }
}

/// True when `last`, the last liberty of the string of the stone `s` once the dame are
/// filled, is a space of one point that a move could still change (its `b` below its `c`:
/// a half eye), of a group that lives only by its spaces played out together (their `b`
/// add to fewer than two eyes, [`EyeValue::sum`](crate::EyeValue::sum)): its owner answers
/// the dame's threat where the miai say, which may be another space, and filling this point
/// may give up the eye it needs. No teire is named for it. (A point of a larger space is
/// named: filling it leaves the rest of the space.)
fn needed_half_eye(report: &FinalReport, s: Loc, last: Loc) -> bool {
    let Some(g) = report.group_at(s) else {
        return false;
    };
    let in_space =
        |(points, _): &&(Vec<Loc>, Option<crate::board::analysis::MinMax>)| points.contains(&last);
    let open = g
        .spaces
        .iter()
        .find(in_space)
        .is_some_and(|(points, mm)| points.len() == 1 && mm.is_some_and(|(b, c)| b < c));
    // Alive only by its spaces played out together: their `b` add to fewer than two.
    let added = g
        .spaces
        .iter()
        .filter_map(|(_, mm)| mm.map(|(b, _)| b))
        .fold(0u8, u8::saturating_add);
    open && added < 2
}

/// The teire of both sides ([`Score::teire`]): with the dead stones off and every dame point
/// next to a string filled by that string's opponent (where the stone would keep a
/// liberty), the last liberty of each string left in atari, when it is an empty point of the
/// string's own territory (unless its group needs the eye there: [`needed_half_eye`]); each
/// critical group's vital point still to play (its owner's save when it is alive, the
/// opponent's kill when it is dead), and so for a string short of liberties in a closed fight
/// that the side to move decides ([`Reason::ShortOfLiberties`]); and where a group alive by
/// miai gives up a string to the opponent's first move, the answer it must still play
/// ([`Reason::Miai`]).
fn teire(board: &Board, report: &FinalReport, dame: &[Loc]) -> Vec<Loc> {
    let mut out: Vec<Loc> = report
        .groups
        .iter()
        .filter_map(|g| match (&g.reason, g.status) {
            (
                Reason::Critical { save, .. }
                | Reason::ShortOfLiberties {
                    settled: false,
                    save,
                    ..
                },
                FinalStatus::Alive,
            ) => *save,
            (
                Reason::Critical { kill, .. }
                | Reason::SaveFails { kill, .. }
                | Reason::ShortOfLiberties {
                    settled: false,
                    kill,
                    ..
                },
                FinalStatus::Dead,
            ) => *kill,
            // The answer its group must still play, giving the string up.
            (Reason::Miai { answer, .. }, FinalStatus::Dead) => Some(*answer),
            _ => None,
        })
        .filter(|&p| board.is_empty(p))
        .collect();
    // The dame are filled in the board's canonical order: one filled may leave the next
    // without a liberty, and the teire are then the same however the board is turned.
    let mut dame = dame.to_vec();
    Frame::of(board, None).sort(board, &mut dame);
    for color in [Color::Black, Color::White] {
        let mut b = board.clone();
        for s in report.stones_with(FinalStatus::Dead) {
            // Taking a stone off never fails on a board point.
            let _ = b.set_stone(s, None);
        }
        let filler = color.opponent();
        for &d in &dame {
            let beside = b.neighbors(d).any(|m| b.color(m) == Some(color));
            if !beside || !b.is_empty(d) {
                continue;
            }
            let before = b.clone();
            if b.set_stone(d, Some(filler)).is_err() || b.liberty_count(d) == 0 {
                b = before;
            }
        }
        for s in b.strings() {
            if b.color(s) != Some(color) || b.liberty_count(s) != 1 {
                continue;
            }
            let last = b.liberties(s)[0];
            if board.is_empty(last) && !dame.contains(&last) && !needed_half_eye(report, s, last) {
                out.push(last);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
