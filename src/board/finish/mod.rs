//! Final status: which strings are alive, dead or in seki at the end of a game, with the
//! reason for each, and the score ([`mod@score`]).
//!
//! Takes a [`Board`] (a finished or nearly finished position) and the player to move; gives
//! a [`FinalReport`]: every string in a [`Group`] with its [`FinalStatus`] and [`Reason`].
//! The last stage of the board reading: it runs the earlier stages ([`strings::read`], the
//! eye spaces and their values through [`analysis::analyze_with_liveness`]) and never feeds
//! anything back into them.
//!
//! # The rule
//!
//! 1. **Dead from the start**: a string the tactical reader captures even with its owner to
//!    move (unless it sits in a small closed fight that [`fight`] reads to the end and finds
//!    it holds), one in atari that the opponent, to move, takes ([`Reason::Atari`]: a ko too, as
//!    there are no threats at the end, unless its owner answers the capture with a capture in
//!    another ko: a double ko, where the captures are an even exchange, a prisoner each, so
//!    its stones stay; and not where the capture leaves the capturer in atari with more
//!    stones than it took, a snapback), and one in a pass-alive region of the other colour
//!    (Benson). (The eye stage's
//!    own rules for dead strings, [`Liveness::from_readings`], are not used: the steps below
//!    decide those strings from their eyes, and agree with GNU Go as often, at half the
//!    cost.) A save the reader finds where its node budget cut a line short is read again
//!    deeper only for a string the steps below do not call dead for a settled reason; where
//!    that reading finds the save fails, the steps run again with the string dead. A string
//!    dead for good either way keeps the reason found first (its group's eyes or race, not
//!    its capture).
//! 2. **Groups**: the strings of one colour that own one eye space together, or that share
//!    two liberties, or a liberty where the opponent cannot play (his stone there would be
//!    captured at once), live and die together. A space beside a pass-alive opponent
//!    string is dame between living groups, not an eye: it joins no pass-alive string to
//!    one that is not (a lone stone there lives or dies by its own eyes).
//! 3. **Eyes**: a group's eye spaces, valued exactly (database, shape library, solver; ko
//!    read both ways), add up: with the opponent moving first in each space and the owner
//!    answering there, the group has the sum of the spaces' second digits (`b` of `abcd`);
//!    where that is short of two eyes, the spaces are played out together
//!    ([`EyeValue::sum`](crate::EyeValue::sum)): the owner may answer a move in one space in
//!    another, where their vital points are miai (one and a half eyes and a half eye make
//!    two). The sum needs `a` as two moves in a row: a value whose `a` may be GNU Go's
//!    tenuki rule's (`a` and `b` both 1) or is not read has its small spaces read again so,
//!    and gives 0 where they cannot be. A group alive by miai, the opponent to move, gives
//!    up the strings the exchange takes (the opponent's first move in one space, the
//!    group's answer in another, read on the board: [`Reason::Miai`]).
//!    A space too large to read whole gives two eyes, read and settled, where two small
//!    parts of it each give an eye with the attacker given the rest
//!    ([`parts`](crate::board::values::parts)). Else a closed space beyond the solver's
//!    reach with at least [`LARGE_SPACE`] core points counts as two eyes (and the reason
//!    says so: [`Reason::LargeArea`]); so does a region
//!    of at least [`LARGE_AREA`] empty points that only the group and pass-alive opponent strings
//!    enclose (invaders of at most three stones a string inside, at most half as many
//!    stones as the empty points and fewer than the group's own: one stone in the opening
//!    does not own the board round two), such as the area between a wall and
//!    a living opponent group, which the eye-space stage leaves out. A group with two eyes,
//!    or a pass-alive string, is **alive**. The large spaces (more than eight vertices, no
//!    pattern: a search of its own each) are read last, and only for a group that the
//!    others leave short of two eyes: a group with two eyes without them is alive whatever
//!    they are worth, and its status and reason are those a reading of every space gives.
//!    A group alive without them in another way (an area counted, or two eyes with one in
//!    an area beside it) has them read once the rounds of step 5 are over, for its reason
//!    only: they cannot leave it short of eyes, and while the rounds take dead stones off
//!    around it they change. A group with as many large spaces as it is short of eyes (one
//!    beside an eye elsewhere, two or more beside none) asks of each only one eye: each is
//!    read first for one eye with the opponent moving first ([`Digits::OneEye`]), and for
//!    `b` and `c` where it gives none, or where it gives one and the group is short of two
//!    all the same (the eye found is then a lower bound). (With the default digits, `b` and
//!    `c`; limits that ask for more get more.)
//!    A space is valued with its walls whole. Where a string of a group with two eyes has
//!    two or three liberties, all in the group's spaces, the small closed fight there (the
//!    spaces' points it reaches, its group's strings there, at most ten empty points) is
//!    read to the end by [`fight`]: whether the opponent takes the string (of two stones
//!    or more, with walls that hold: opponent strings of five liberties or more, or of
//!    three or four in a group not short of eyes), and, where the area holds one other
//!    string of the group (its body) and at most seven empty points, whether it takes the
//!    body, read to 24 plies (a kill by throw-ins taken and played again; walls of fewer
//!    liberties hold there where the tactical reader cannot take them, the group's colour
//!    moving first). Where the opponent moving first takes the body,
//!    the group's strings in the area are **dead**, else where it takes the string, that
//!    string is, when the opponent is to move or takes it whoever moves first; the group
//!    is otherwise alive, not settled ([`Reason::ShortOfLiberties`]). Where the area holds
//!    two strings of the group (of two stones or more) short of liberties that share one,
//!    and at most twelve empty points, the wall is read as well, to eight plies, where
//!    nothing else took a string: whether the opponent moving first takes a stone of any
//!    of the group's strings there, the group choosing which to give up; where it does,
//!    the group is alive, not settled ([`Reason::WallShortOfLiberties`]: held-out
//!    `13-l1-s2924`, three white strings of two and three liberties joined only through
//!    their space). Where nothing there is taken, a string of two liberties whose own
//!    reading takes nothing is asked once more (a fight asks for a capture, and an
//!    atari's gain may be a seki): the opponent's atari on it, a stone of two liberties,
//!    and its owner's answer on the other; where the final status of that position, the
//!    opponent to move, leaves a string of the group dead, in seki or not settled, the
//!    group is alive, not settled ([`Reason::AtariCostsEyes`]: held-out `9-l1-s6611`,
//!    black C1 against white's corner, answered at D2, then makes a seki there). The
//!    readings of strings that share an area and a depth are asked first as one: where the
//!    opponent takes no stone of any of them, read to the end, it takes none of each
//!    (held-out `13-l1-s7024`: four readings of 6 to 11 ms each, 33 ms in all, now 5).
//! 4. **A group short of two eyes** is **dead** when, were it gone (and every group of its
//!    colour short of eyes: invaders side by side do not enclose each other), its stones
//!    would stand in the opponent's domain and outside its own (it is enclosed) and every
//!    opponent group beside it is alive; unless its owner is to move and one move gives it
//!    two eyes, and it is one string the tactical reader cannot take, or several that the
//!    move leaves uncut: after it, the reader takes none of them with the opponent moving
//!    next, and the final status of that position (the opponent to move) keeps each alive
//!    for a settled reason, with two eyes in two spaces (then it is alive, and
//!    [`Reason::Critical`] says that the position is not settled; where that reading of
//!    several strings does not hold, it is dead, [`Reason::SaveFails`]); or unless its owner is
//!    to move and joins it, a group of a few stones, to a pass-alive string of its colour
//!    whatever the opponent answers, read to the end on the empty points of the small
//!    closed area round it ([`fight::joins`]; then it is alive and not settled,
//!    [`Reason::Open`]).
//!    Beside an opponent group that is also short of eyes, it is in **seki** when no string
//!    of either can be captured even by a first move (read to the end by [`fight`] when the
//!    fight is small and closed, else by the tactical reader) and every liberty of both is
//!    shared or an eye (an eye may hold dead opponent stones); otherwise the two are in a
//!    capturing race. Where the group's strings and its neighbours make a small closed fight, the
//!    race is read to the end by [`fight`], the side to move first: the group loses when
//!    the opponent takes each of its strings, each read apart ([`Reason::LostRaceRead`];
//!    the winner may first take stones in atari inside). A reading proves a capture, not a
//!    hold (it stops at its depth), so where it finds none the race is counted by
//!    liberties ([`Reason::LostRace`]); but where the count's winner's reading is left
//!    open for a string of the group (every line that does not fail passes through
//!    captures by the group that open the fight: [`fight`]) and ends for none, and the
//!    winner is not taken in a reading of its own race either, no count decides a fight
//!    read to the end: the group
//!    and those it races are in **seki**, not settled ([`Reason::RaceLeftOpen`]: a ko in
//!    held-out `13-l1-s5005`). The count: an eye counting the moves it takes to fill (a big
//!    eye of four points five, of five eight; a region of more than six points, at least
//!    seven of them touching none but the group's stones, that no opponent string of more
//!    than two liberties touches, an eye no race fills: held-out `19-l10-s6754`), the last
//!    liberty of a string of the group in atari none (the opponent fills it by taking that
//!    string), a group with an eye against one with none having the liberties both share
//!    (an eye: a region its stones close in, none of whose strings the opponent can put in
//!    atari from outside it, or an opponent string in atari that it closes in; a point is
//!    no eye where it is false by its diagonals), the side to move winning a tie (but a
//!    group whose owner, to move, makes the second eye with one move, as above, loses no
//!    counted race: it is alive, [`Reason::Critical`]); a group whose neighbour is taken
//!    in a reading does not lose by counting, and of two groups each taken in a reading
//!    the side to move takes first. In a round only the races lost
//!    with the fewest liberties are decided; the others are read again once those stones
//!    are off. Before a round reads the large spaces of the groups short of eyes, it asks
//!    which strings die whatever those spaces are worth (dead with them unread, as a
//!    reading that gives up leaves them, and dead with each worth two eyes to its group,
//!    nothing else decided): where there are such strings, they are taken off first, with
//!    the reason they have beside groups that live, and the spaces, which change once they
//!    are off, are read in a later round.
//! 5. Dead groups turn into the opponent's eye space: the eye spaces are found and valued
//!    again, and the steps repeat until nothing changes. At the end, a dead string whose
//!    opponent strings around are all dead sits in their eye, and lives (where it neither
//!    touches nor shares a liberty with any of them, it races none: stones scattered on an
//!    open board are each alive and open, [`Reason::Open`]); a stone in a ko
//!    whose capture fills a liberty of a seki group of its colour is in the seki (a double
//!    ko: each capture is answered in the other ko). A group that is short of eyes and
//!    not enclosed is left **alive** ([`Reason::Open`]: it can still make eyes or connect).
//!    A group dead inside the opponent's area whose wall, in the end, lives only by an area
//!    counted, not read ([`Reason::LargeArea`]), is dead but not settled
//!    ([`Reason::EnclosedUnread`]): whether it could live there is not read.
//!
//! Every decision of a round is taken on the state at the round's start, so the answer does
//! not depend on the order the strings are visited in.
//!
//! ```
//! use nakade::board::finish::{final_status, score, FinalStatus, Rules};
//! use nakade::board::{ascii, vertex, Color};
//! use nakade::evaluation::evaluate::Evaluator;
//!
//! // Black's wall on column C, white's on column D, a white stone at A1 in black's ten points
//! // (GNU Go 3.8 answers the same: A1 dead, B+5.5 with komi 0.5).
//! let d = "\
//! +---------+
//! |. . X O .|
//! |. . X O .|
//! |. . X O .|
//! |. . X O .|
//! |O . X O .|
//! +---------+";
//! let board = ascii::parse_board(d, None).unwrap().board;
//! let report = final_status(&board, &Evaluator::with_default(), Color::Black, Default::default());
//! let a1 = vertex::parse(&board, "A1").unwrap();
//! assert_eq!(report.status_at(a1), Some(FinalStatus::Dead));
//! assert_eq!(score(&board, &report, Rules::Territory, 0.5).result(), "B+5.5");
//! ```

pub mod fight;
pub mod score;

use crate::board::analysis::{self, AnalysisLimits, Digits, MinMax, SpaceReport};
use crate::board::eyes::eyespace::{domain, Liveness};
use crate::board::eyes::topology::Detail;
use crate::board::orientation::Frame;
use crate::board::parallel::{in_pool, side_by_side, Tasks};
use crate::board::strings::tactics::{self, Attack, Defense, ReadLimits};
use crate::board::strings::{self, StringStatus};
use crate::board::values::valuation::{self, Defer, Source};
use crate::board::{vertex, Board, Color, Loc};
use crate::evaluation::evaluate::Evaluator;
use crate::value::EyeValue;

pub use score::{score, Rules, Score};

/// A space beyond the solver's reach with at least this many core points (neither marginal
/// nor holding a stone), and closed (no open side), counts as two eyes
/// ([`Reason::LargeArea`]). A smaller one is not counted: its group's status waits on it
/// and is not settled ([`Reason::EnclosedSpaceUnread`]). Of the shapes counted this way
/// at 8 core points on the corpus (`tests/final`, `tests/eval_eye`) and 54 held-out games,
/// read again with 3,000,000 nodes, the 54 of 12 core points or more that the solver reads
/// are all `2222`; of the four of 8 to 11 it reads, three are not two eyes: `0012` and
/// `1122` in the corner of the held-out `9-l10-s2107`, whose white stones were counted
/// alive (GNU Go 3.8 and KataGo: dead), and `0022`.
pub const LARGE_SPACE: usize = 12;

/// An area beside a group that only its own strings and pass-alive opponent strings
/// enclose (found by `enclosed_area`) counts with at least this many empty points.
pub const LARGE_AREA: usize = 8;

/// An area beside a living opponent group (found by `enclosed_area`) counts as two eyes only with
/// at least this many core points: empty points not beside an opponent stone (the opponent
/// plays those from his living group, safe). A smaller one (of at least [`LARGE_AREA`]
/// points) counts as one eye, and a second for the owner moving first, where the tactical
/// reader takes every opponent string inside, the owner moving first: read exactly, the
/// 3-by-5 corner area beside a living group (12 core points), with no liberty outside it,
/// is worth `1122` (`tests/final/composed/two_eyes_alive_inside_in_white_area.txt`). With
/// an opponent stone inside that the reader cannot take it can be worth no eye even to the
/// owner moving first (read apart: `tests/final/composed/dead_and_alive_invaders_in_black_area.txt`,
/// white C8 in black's area A7-E9), so it is not counted, and a group dead for want of it
/// is not settled: its reason says the area is not read ([`Reason::EnclosedSpaceUnread`]).
pub const LARGE_AREA_BESIDE: usize = 16;

/// Rounds of step 5 at most (each round kills at least one group; this bounds the cost).
pub const MAX_ROUNDS: usize = 32;

/// A string's final status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FinalStatus {
    /// Stays on the board and counts for its colour.
    Alive,
    /// Taken off at the end: the opponent's prisoner and territory.
    Dead,
    /// Alive without two eyes, beside an opponent group in the same state: neither can fill
    /// the liberties they share.
    Seki,
}

impl FinalStatus {
    /// GTP's word: `alive`, `dead` or `seki`.
    pub fn as_str(self) -> &'static str {
        match self {
            FinalStatus::Alive => "alive",
            FinalStatus::Dead => "dead",
            FinalStatus::Seki => "seki",
        }
    }

    /// The status named by GTP's word.
    pub fn parse(word: &str) -> Option<FinalStatus> {
        match word.to_ascii_lowercase().as_str() {
            "alive" => Some(FinalStatus::Alive),
            "dead" => Some(FinalStatus::Dead),
            "seki" => Some(FinalStatus::Seki),
            _ => None,
        }
    }
}

impl std::fmt::Display for FinalStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A group's eyes: with the opponent moving first (`min`), and with the owner moving first
/// (`max`), its spaces played out together where their `b` digits fall short
/// ([`EyeValue::sum`]); two means two or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eyes {
    /// Eyes when the opponent moves first.
    pub min: u8,
    /// Eyes when the owner moves first where it gains most.
    pub max: u8,
}

/// Why a group has its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Its strings are pass-alive (Benson): nothing can capture them. (A group of which only
    /// some strings are gives this only where neither two eyes nor a large area says more.)
    PassAlive,
    /// Its eye spaces give two eyes whoever moves first.
    TwoEyes(Eyes),
    /// An eye space beyond the solver's reach, of this many points, counted as two eyes.
    LargeArea(usize),
    /// Short of two eyes and enclosed, but one move of its owner gives it two: the opponent
    /// moving first kills it; not settled. Alive when its owner is to move (and the group is
    /// one string the reader cannot take, or several the save keeps: else
    /// [`Reason::SaveFails`]), else dead.
    Critical {
        /// Its eyes.
        eyes: Eyes,
        /// Where the opponent moving first kills it: the attacker's vital point of the space
        /// it gains most in (none when that gain is an area beside it, not a valued space).
        kill: Option<Loc>,
        /// Where its owner moving first makes the second eye: the defender's vital point of
        /// that space.
        save: Option<Loc>,
    },
    /// As [`Reason::Critical`], its owner to move, but the position after the owner's save,
    /// read on with the opponent moving next, does not keep every string of it alive for a
    /// settled reason (a string taken or cut off, or two eyes only in one space): dead. Not
    /// settled: that reading is the final status's own, not a search of the fight.
    SaveFails {
        /// Its eyes.
        eyes: Eyes,
        /// Where the opponent moving first kills it.
        kill: Option<Loc>,
        /// The owner's move that was read.
        save: Loc,
    },
    /// Not enclosed, but it has no eye to make and the tactical reader captures each of its
    /// strings, the opponent moving first.
    Capturable(Eyes),
    /// Short of two eyes but not enclosed: it can still make eyes or connect out. Also a
    /// small group its owner, to move, joins to a pass-alive string of its colour whatever
    /// the opponent answers ([`fight::joins`]), though the opponent's area seems to enclose
    /// it.
    Open(Eyes),
    /// The tactical reader captures it even with its owner to move, playing here first.
    Captured(Loc),
    /// In atari with the opponent to move, who takes it here (a ko included: at the end of
    /// the game there are no threats, unless the owner answers in another ko); its owner to
    /// move would save it.
    Atari(Loc),
    /// In a pass-alive region of the other colour.
    InPassAliveArea,
    /// In the eye of a dead opponent group: every opponent string around it is dead, and
    /// it stays when they are taken.
    InDeadEye,
    /// Short of two eyes, enclosed in the opponent's area, whose groups around it are alive.
    Enclosed(Eyes),
    /// As [`Reason::Enclosed`], but an opponent group around it is alive only by an area
    /// of this many points beyond exact reading ([`Reason::LargeArea`]): whether the group
    /// could live there (or kill that wall) is not read. Not settled.
    EnclosedUnread(Eyes, usize),
    /// As [`Reason::Enclosed`], but one of its own spaces, of this many points, is not read
    /// and not counted: beyond the solver's reach (a bound), or an area beside a living
    /// opponent group with an opponent string inside that the tactical reader cannot take
    /// ([`LARGE_AREA_BESIDE`]). Whether it gives an eye is open. Not settled.
    EnclosedSpaceUnread(Eyes, usize),
    /// In seki: these liberties are shared with the opponent's group beside it, and neither
    /// side can fill them.
    Seki(Vec<Loc>),
    /// Lost a capturing race against a group short of eyes: (its liberties, the winner's).
    LostRace(usize, usize),
    /// Lost a capturing race against a group short of eyes, read to the end in a small
    /// closed fight ([`fight`]): the opponent takes each of its strings (each read apart),
    /// the side to move moving first; settled when it does so even with the group's owner
    /// moving first.
    LostRaceRead {
        /// Taken whoever moves first.
        settled: bool,
    },
    /// In a capturing race in a small closed fight of this many empty points that neither
    /// side is shown to win: the fight reader ([`fight`]), every move of both sides tried,
    /// leaves the capture the liberties' count gives open (every line that does not fail
    /// passes through captures by the group that open the fight, as in a ko where it takes
    /// the stones round it), and does not take the other side's strings either. In seki,
    /// not settled.
    RaceLeftOpen {
        /// The fight's empty points.
        empty: usize,
    },
    /// Its group lives by two spaces whose vital points are miai ([`EyeValue::sum`]), but not
    /// with this string: the opponent, to move, plays `kill` in one space, the group answers
    /// at `answer` in another and lives, and the string is then taken. Its owner to move
    /// would keep it. Not settled.
    Miai {
        /// The opponent's first move.
        kill: Loc,
        /// The group's answer.
        answer: Loc,
    },
    /// A string of it has every liberty in its eye spaces, and the opponent moving first
    /// takes it in the small closed fight there, read to the end ([`fight`]): the eyes its
    /// spaces give assume walls that hold. Dead when the opponent is to move or takes it
    /// whoever moves first (`settled`), alive (not settled) when its owner, to move, keeps it.
    ShortOfLiberties {
        /// Taken whoever moves first.
        settled: bool,
        /// The opponent's first move that takes it, where the reading names one.
        kill: Option<Loc>,
        /// Its owner's first move that keeps it, where it is kept moving first (not
        /// `settled`) and the reading names one: a teire ([`Score::teire`]) while it is
        /// alive.
        save: Option<Loc>,
    },
    /// Its group's eye spaces hold every liberty of two of its strings short of liberties
    /// that share one, and the opponent moving first takes one of its strings there (which,
    /// the group chooses) in the closed fight, read to eight plies ([`fight`]): alive, not
    /// settled. Its owner moving first keeps them all where `kept`.
    WallShortOfLiberties {
        /// Its owner moving first keeps every string.
        kept: bool,
    },
    /// A string of it has two liberties, both in its eye spaces, and the opponent takes it
    /// in no line of the small closed fight there ([`fight`]); but the opponent's stone on
    /// one of them, a stone of two liberties, answered by its owner's on the other, leaves
    /// the group without two eyes for sure: in the final status of that position, the
    /// opponent to move, a string of it is dead, in seki or not settled (held-out
    /// `9-l1-s6611`: black C1 against white's corner, answered at D2, makes a seki there).
    /// Alive, not settled.
    AtariCostsEyes {
        /// The opponent's stone, an atari.
        atari: Loc,
        /// Its owner's answer, the other liberty.
        answer: Loc,
    },
}

impl Reason {
    /// False when the status depends on a move still to be played (a critical group, a
    /// capturing race of equal liberties, a group not enclosed) or on an assumption (a large
    /// area): the position is not settled there.
    pub fn settled(&self) -> bool {
        match self {
            // A race of equal liberties goes to the side to move.
            Reason::LostRace(a, b) => a != b,
            Reason::LostRaceRead { settled } | Reason::ShortOfLiberties { settled, .. } => *settled,
            Reason::Critical { .. }
            | Reason::SaveFails { .. }
            | Reason::Atari(_)
            | Reason::Capturable(_)
            | Reason::Open(_)
            | Reason::LargeArea(_)
            | Reason::Miai { .. }
            | Reason::WallShortOfLiberties { .. }
            | Reason::AtariCostsEyes { .. }
            | Reason::RaceLeftOpen { .. }
            | Reason::EnclosedUnread(..)
            | Reason::EnclosedSpaceUnread(..) => false,
            _ => true,
        }
    }

    /// The reason in a line of English, points named as GTP vertices.
    pub fn describe(&self, board: &Board) -> String {
        let eyes = |e: &Eyes| {
            if e.min == e.max {
                format!("{} eye{}", e.min, if e.min == 1 { "" } else { "s" })
            } else {
                format!("{} to {} eyes", e.min, e.max)
            }
        };
        // A move named, where there is one: " (E5)".
        let at =
            |p: &Option<Loc>| p.map_or(String::new(), |p| format!(" ({})", vertex::name(board, p)));
        match self {
            Reason::PassAlive => "pass-alive (Benson)".into(),
            Reason::TwoEyes(_) => "two eyes".into(),
            Reason::LargeArea(n) => {
                format!(
                    "{} {n}-point area beyond exact reading, counted as two eyes",
                    article(*n)
                )
            }
            Reason::Critical {
                eyes: e,
                kill,
                save,
            } => {
                format!(
                    "critical ({}): dies if the opponent moves first{}, lives if its owner does{}",
                    eyes(e),
                    at(kill),
                    at(save)
                )
            }
            Reason::SaveFails { eyes: e, save, .. } => format!(
                "critical ({}), its owner to move: after its move at {}, read on, a string of \
                 it is taken or short of eyes",
                eyes(e),
                vertex::name(board, *save)
            ),
            Reason::Capturable(_) => {
                "no eyes, and every string of it is captured by the opponent moving first".into()
            }
            Reason::Open(e) => format!("{}, not enclosed: can still make eyes or connect", eyes(e)),
            Reason::Captured(at) => {
                format!("captured even moving first ({})", vertex::name(board, *at))
            }
            Reason::Atari(at) => format!(
                "in atari, the opponent to move takes it at {}",
                vertex::name(board, *at)
            ),
            Reason::InPassAliveArea => "in the opponent's pass-alive area".into(),
            Reason::InDeadEye => "in the eye of a dead group: stays when it is taken".into(),
            Reason::Enclosed(e) => format!("{} inside the opponent's area", eyes(e)),
            Reason::EnclosedUnread(e, n) => format!(
                "{} inside the opponent's area, whose wall lives by {} {n}-point area beyond \
                 exact reading: whether it can live there is not read",
                eyes(e),
                article(*n)
            ),
            Reason::EnclosedSpaceUnread(e, n) => format!(
                "{} inside the opponent's area, not counting {} {n}-point space of its own, \
                 which is not read: whether it gives an eye is open",
                eyes(e),
                article(*n)
            ),
            Reason::Seki(shared) => format!(
                "seki: shares {} that neither side can fill",
                names(board, shared)
            ),
            Reason::LostRace(mine, theirs) => {
                let unit = if *mine == 1 { "liberty" } else { "liberties" };
                format!("lost a capturing race ({mine} {unit} against {theirs})")
            }
            Reason::LostRaceRead { settled: true } => {
                "lost a capturing race, read to the end: taken whoever moves first".into()
            }
            Reason::LostRaceRead { settled: false } => {
                "lost a capturing race, read to the end: taken with the opponent moving first"
                    .into()
            }
            Reason::RaceLeftOpen { empty } => format!(
                "in a capturing race in a closed fight of {empty} empty points that neither \
                 side is shown to win (read to the end, the capture the liberties' count \
                 gives is left open: the lines pass through captures that open the fight, \
                 as a ko's do): counted as seki"
            ),
            Reason::Miai { kill, answer } => format!(
                "taken if the opponent moves first ({}): its group answers at {}, the other \
                 of two miai points, and lives without it",
                vertex::name(board, *kill),
                vertex::name(board, *answer)
            ),
            Reason::ShortOfLiberties { settled: true, .. } => {
                "a string of it has its liberties only in its eye spaces and is taken in the \
                 closed fight there, read to the end, whoever moves first"
                    .into()
            }
            Reason::ShortOfLiberties {
                settled: false,
                kill,
                save,
            } => {
                format!(
                    "a string of it has its liberties only in its eye spaces: read to the end, \
                     the opponent moving first{} takes it in the closed fight there, its owner \
                     moving first{} keeps it",
                    at(kill),
                    at(save)
                )
            }
            Reason::WallShortOfLiberties { kept } => format!(
                "strings of it short of liberties have them only in its eye spaces: the \
                 opponent moving first takes one of them in the closed fight there (which, \
                 its owner chooses){}",
                if *kept {
                    ", its owner moving first keeps them all"
                } else {
                    ", and does so whoever moves first"
                }
            ),
            Reason::AtariCostsEyes { atari, answer } => format!(
                "a string of it has its two liberties in its eye spaces and is taken in no \
                 line of the closed fight there, but the opponent's atari at {}, answered at \
                 {}, leaves it without two eyes for sure (read on the board after them)",
                vertex::name(board, *atari),
                vertex::name(board, *answer)
            ),
        }
    }
}

/// "a" or "an" before a count of points written in figures ("an 8-point", "an 18-point"):
/// "an" where the number is read with a vowel first (a board has at most 625 points).
fn article(n: usize) -> &'static str {
    if matches!(n, 8 | 11 | 18 | 80..=89 | 800..=899) {
        "an"
    } else {
        "a"
    }
}

fn names(board: &Board, locs: &[Loc]) -> String {
    locs.iter()
        .map(|&l| vertex::name(board, l))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Strings that live and die together, with their status.
#[derive(Clone, Debug)]
pub struct Group {
    /// Their colour.
    pub color: Color,
    /// The heads of its strings, in board order.
    pub strings: Vec<Loc>,
    /// Its stones, in board order.
    pub stones: Vec<Loc>,
    /// The status.
    pub status: FinalStatus,
    /// Why.
    pub reason: Reason,
    /// Its eye spaces (their points), each with the eyes it gives with the opponent and with
    /// the group's owner moving first there (`b` and `c` of its value), when the last round
    /// read them: the evidence for [`Reason::TwoEyes`], [`Reason::Enclosed`] and the others.
    /// `None` for a space beyond the solver (a bound), and for a large space (more than eight
    /// vertices, no pattern) of a group that has two eyes without it: not read. A large
    /// space read only for the one eye its group needed ([`Digits::OneEye`]) gives `(1, 2)`:
    /// one eye at least with the opponent first.
    pub spaces: Vec<(Vec<Loc>, Option<MinMax>)>,
}

/// The solver's budget, in nodes, for one eye space in the final-status reading (the
/// analysis's default is ten times more): the spaces that decide life are small and read
/// well within it; a large one it cannot read is territory, counted by [`LARGE_SPACE`].
pub const FINAL_SOLVER_NODES: u64 = 20_000;

/// Limits of the final-status reading.
#[derive(Clone, Copy, Debug)]
pub struct FinalLimits {
    /// The analysis limits for the eye spaces and the tactical reader.
    pub analysis: AnalysisLimits,
}

/// The tactical reader's budget, in nodes, for one string in the final-status reading (the
/// analysis's default is ten times more): at the end of a game the strings that can be taken
/// are short of liberties and read within it.
pub const FINAL_READ_NODES: usize = 2_000;

impl Default for FinalLimits {
    fn default() -> Self {
        let analysis = AnalysisLimits::default();
        FinalLimits {
            analysis: AnalysisLimits {
                solver_nodes: FINAL_SOLVER_NODES,
                // Life asks `b` and `c` of a space, never two moves in a row.
                digits: Digits::MinMax,
                // And of a point of a space only whether it is a proper, half or false eye.
                topology: Detail::Classes,
                read: ReadLimits {
                    max_nodes: FINAL_READ_NODES,
                    ..analysis.read
                },
                ..analysis
            },
        }
    }
}

/// The final status of every string of a position.
#[derive(Clone, Debug)]
pub struct FinalReport {
    /// The groups, in the board order of their first stone.
    pub groups: Vec<Group>,
    /// The index into `groups` of each stone's group, by location index.
    group_of: Vec<Option<usize>>,
    /// Rounds of step 5 the reading took.
    pub rounds: usize,
}

impl FinalReport {
    /// The status of the stone at `loc`; `None` for an empty point.
    pub fn status_at(&self, loc: Loc) -> Option<FinalStatus> {
        self.group_at(loc).map(|g| g.status)
    }

    /// The group of the stone at `loc`.
    pub fn group_at(&self, loc: Loc) -> Option<&Group> {
        self.group_of
            .get(loc.index())
            .copied()
            .flatten()
            .map(|i| &self.groups[i])
    }

    /// The groups with this status.
    pub fn groups_with(&self, status: FinalStatus) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(move |g| g.status == status)
    }

    /// Every stone with this status, in board order.
    pub fn stones_with(&self, status: FinalStatus) -> Vec<Loc> {
        let mut v: Vec<Loc> = self
            .groups_with(status)
            .flat_map(|g| g.stones.iter().copied())
            .collect();
        v.sort();
        v
    }

    /// True when every group's reason is settled ([`Reason::settled`]).
    pub fn settled(&self) -> bool {
        self.groups.iter().all(|g| g.reason.settled())
    }
}

/// Union-find over location indices.
struct Union(Vec<usize>);

impl Union {
    fn new(n: usize) -> Union {
        Union((0..n).collect())
    }
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }
    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            // The smaller index leads, whatever the order of the calls.
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            self.0[hi] = lo;
        }
    }
}

/// One group under reading (live strings only).
#[derive(Clone)]
struct Candidate {
    color: Color,
    strings: Vec<Loc>,
    eyes: Eyes,
    large: Option<usize>,
    /// One of its strings is pass-alive.
    pass_alive: bool,
    /// Every one of its strings is.
    all_pass_alive: bool,
    spaces: Vec<usize>,
    /// The eyes its spaces give with the opponent first (their `b` added, or played out
    /// together where that gives more: [`EyeValue::sum`]), before any area beside it is
    /// counted; at most 2.
    space_min: u8,
    /// Two eyes only by its spaces played out together, not by their `b` added: its vital
    /// points are miai ([`EyeValue::sum`]).
    miai: bool,
    /// The empty points of an area beside it, enclosed by its strings and pass-alive
    /// opponent strings, that is not counted because an opponent string the tactical
    /// reader cannot take sits in it (see [`LARGE_AREA_BESIDE`]): not read.
    unread_area: Option<usize>,
}

impl Candidate {
    /// Short of two eyes: neither pass-alive, nor two eyes, nor a large area counted.
    fn weak(&self) -> bool {
        !self.pass_alive && self.eyes.min < 2 && self.large.is_none()
    }
}

/// The final status of every string of `board`, `to_move` to play (see the module docs).
pub fn final_status(
    board: &Board,
    ev: &Evaluator<'_>,
    to_move: Color,
    limits: FinalLimits,
) -> FinalReport {
    in_pool(|| final_status_with(board, ev, to_move, limits, true))
}

/// [`final_status`], with (`look_ahead`) or without the reading of a critical group of
/// several strings after its owner's move ([`lives_after_save`]), which runs this without.
fn final_status_with(
    board: &Board,
    ev: &Evaluator<'_>,
    to_move: Color,
    limits: FinalLimits,
    look_ahead: bool,
) -> FinalReport {
    let mut work = board.clone();
    let read = limits.analysis.read;
    // A string its owner saves with one move is not read: its defence never fails. Whether
    // it can be captured (asked of a few groups below) is read when asked.
    let mut readings = strings::read_unless_safe(&mut work, read);
    // A save found at the edge of the reading's budget is read again deeper (the deeper
    // reading may find that the save fails: the string is then dead by capture) only for
    // the strings the status found without it does not call dead for a settled reason: a
    // string dead for good either way keeps the reason found first. Where a deeper reading
    // changes what the steps below use (the defence fails, or the attack), the status is
    // found again with it.
    loop {
        let report = from_readings(board, &mut work, ev, to_move, limits, look_ahead, &readings);
        let todo: Vec<Loc> = readings
            .deeper
            .iter()
            .copied()
            .filter(|&s| {
                report
                    .group_at(s)
                    .is_none_or(|g| g.status != FinalStatus::Dead || !g.reason.settled())
            })
            .collect();
        if todo.is_empty() {
            return report;
        }
        readings.deeper.retain(|s| !todo.contains(s));
        let mut changed = false;
        for (s, deeper) in todo
            .iter()
            .zip(strings::read_deeper(&mut work, &todo, read))
        {
            let Some(entry) = readings.strings.iter_mut().find(|(t, _)| t == s) else {
                continue;
            };
            let uses = |st: Option<StringStatus>| match st {
                Some(StringStatus::Read { attack, defense }) => (
                    matches!(attack, Attack::Captures(_)),
                    defense == Defense::Fails,
                ),
                _ => (false, false),
            };
            changed |= uses(entry.1) != uses(Some(deeper));
            entry.1 = Some(deeper);
        }
        if !changed {
            return report;
        }
    }
}

/// [`final_status_with`] from the reading of dead strings.
fn from_readings(
    board: &Board,
    work: &mut Board,
    ev: &Evaluator<'_>,
    to_move: Color,
    limits: FinalLimits,
    look_ahead: bool,
    readings: &strings::ReadUnlessSafe,
) -> FinalReport {
    // Step 1.
    let mut dead_reason: Vec<(Loc, Reason)> = Vec::new();
    let mut pass_alive = vec![false; board.grid_len()];
    let mut capturable: Vec<Option<bool>> = vec![Some(false); board.grid_len()];
    for &(s, status) in &readings.strings {
        let Some(status) = status else {
            capturable[s.index()] = None;
            continue;
        };
        if let StringStatus::Read {
            attack: Attack::Captures(_),
            ..
        } = status
        {
            capturable[s.index()] = Some(true);
        }
        match status {
            StringStatus::PassAlive => pass_alive[s.index()] = true,
            StringStatus::InOpponentsRegion => dead_reason.push((s, Reason::InPassAliveArea)),
            StringStatus::Read {
                attack: Attack::Captures(at),
                defense: Defense::Fails,
            } if !lives_locally(work, s) => dead_reason.push((s, Reason::Captured(at))),
            StringStatus::Read {
                attack: Attack::Captures(at),
                ..
            } if to_move != board.color(s).expect("a string has a colour")
                && board.liberty_count(s) == 1
                && board.is_legal(at, to_move)
                && !answered_in_another_ko(board, s, at)
                && !snapped_back(board, s, at) =>
            {
                // In atari, the opponent to move takes it (a ko it then wins: no threats at
                // the end of the game).
                dead_reason.push((s, Reason::Atari(at)))
            }
            StringStatus::Read { .. } => {}
        }
    }
    // Kept apart from the dead, decided for good: seki groups and race winners.
    let mut fixed: Vec<(Vec<Loc>, FinalStatus, Reason)> = Vec::new();
    let mut rounds = 0;
    let fights = std::cell::RefCell::new(FightsRead::default());
    let (mut groups, reports) = loop {
        rounds += 1;
        let dead_heads: Vec<Loc> = dead_reason.iter().map(|(d, _)| *d).collect();
        let live = Liveness::from_dead(board, &dead_heads);
        // The large spaces (those only a search beyond the evaluator's own size values) are
        // read only for the groups that need them: a group whose other spaces give it two
        // eyes, or a pass-alive one, is alive whatever they are worth.
        let (mut reports, deferred): (Vec<SpaceReport>, Vec<bool>) =
            analysis::analyze_deferring(work, ev, &live, limits.analysis, Defer::Large)
                .into_iter()
                .unzip();
        // The groups of this round's spaces, with what the readings so far say of each
        // string's capture.
        let regroup = |r: &[SpaceReport], known: &[Option<bool>]| {
            candidates(board, ev, &live, r, &pass_alive, known, limits.analysis)
        };
        // A group alive without them all the same (an area counted, or a second eye in a
        // small area beside it) has its large spaces read once the rounds are over, for its
        // reason: they cannot make it short of eyes, and while the rounds take dead stones
        // off around it they change, so a reading of each would be spent for nothing.
        let mut groups = regroup(&reports, &capturable);
        let mut needed = vec![None; reports.len()];
        let mut at_end = vec![None; reports.len()];
        for g in groups.iter().filter(|g| !g.pass_alive && g.space_min < 2) {
            let later = !g.weak();
            #[cfg(test)]
            let later = later && !tests::LARGE_AT_ONCE.with(|c| c.get());
            let which = if later { &mut at_end } else { &mut needed };
            // A group with as many large spaces as it is short of eyes asks of each only one
            // eye (where the limits ask for `b` and `c`, the default: a host that asks for
            // more gets more); [`read_marked`] reads `b` and `c` of those that give one where
            // the group is short all the same.
            let large = g.spaces.iter().filter(|&&i| deferred[i]).count();
            let digits = if large + usize::from(g.space_min) >= 2
                && limits.analysis.digits == Digits::MinMax
            {
                Digits::OneEye
            } else {
                limits.analysis.digits
            };
            for &i in g.spaces.iter().filter(|&&i| deferred[i]) {
                which[i] = Some(digits);
            }
        }
        // Strings that die in this round whatever the large spaces `needed` marks are worth
        // are taken off before those spaces are read: the spaces change once they are off
        // (the walls of `19-l1-s13` are short of eyes only because of the invaders N4 and
        // R14 beside them, and their 12- and 16-point spaces, read now, give up at the
        // budget), so a reading of each would be spent for nothing. "Whatever they are
        // worth": dead in this round's decisions with those spaces unread (as a reading
        // that gives up leaves them) and with each worth two eyes to its group; the strings
        // of the groups that need them are not decided so. Such strings are given the
        // reason they have beside groups that live (a group short of eyes beside an
        // invader's wall is then often only the invader's). Where some are not dead both
        // ways, or this round also decides a seki or a group that lives, the spaces are
        // read first, as before.
        let round = Round {
            fights: &fights,
            board,
            ev,
            to_move,
            limits,
            look_ahead,
            live: &live,
        };
        let is_needed = |g: &Candidate| g.weak() && g.spaces.iter().any(|&i| needed[i].is_some());
        let first = rounds <= MAX_ROUNDS && groups.iter().any(is_needed);
        #[cfg(test)]
        let first = first && !tests::READ_NEEDED_FIRST.with(|c| c.get());
        if first {
            if let Some(sure) = dead_whatever_needed(
                &round,
                work,
                &mut capturable,
                &groups,
                &reports,
                &fixed,
                is_needed,
            ) {
                dead_reason.extend(sure);
                continue;
            }
        }
        if let Some(again) = read_marked(work, ev, &mut reports, &needed, limits.analysis, |r| {
            regroup(r, &capturable)
        }) {
            groups = again;
        }
        if rounds > MAX_ROUNDS {
            if let Some(again) =
                read_marked(work, ev, &mut reports, &at_end, limits.analysis, |r| {
                    regroup(r, &capturable)
                })
            {
                groups = again;
            }
            break (groups, reports);
        }
        let Decisions {
            dead: mut new_dead,
            fixed: new_fixed,
        } = decide(&round, work, &mut capturable, &groups, &reports, &fixed);
        new_dead.sort_by_key(|(s, _)| *s);
        new_dead.dedup_by_key(|(s, _)| *s);
        let changed = !new_dead.is_empty() || !new_fixed.is_empty();
        dead_reason.extend(new_dead);
        fixed.extend(new_fixed);
        if !changed {
            if let Some(again) =
                read_marked(work, ev, &mut reports, &at_end, limits.analysis, |r| {
                    regroup(r, &capturable)
                })
            {
                groups = again;
            }
            break (groups, reports);
        }
    };
    // A stone in a ko on a liberty of a seki group of its colour (a double ko in a seki):
    // the opponent's capture fills that liberty and is answered by a capture in the other
    // ko, so neither side removes it for good: it is part of the seki.
    let in_seki_ko: Vec<(Loc, Loc)> = dead_reason
        .iter()
        .filter_map(|(s, why)| match why {
            Reason::Captured(at) | Reason::Atari(at) => Some((*s, *at)),
            _ => None,
        })
        .filter(|&(s, at)| {
            let c = board.color(s).expect("a dead string has stones");
            let beside_seki = board.neighbors(at).any(|m| {
                board.color(m) == Some(c)
                    && fixed.iter().any(|(strings, st, _)| {
                        *st == FinalStatus::Seki && strings.contains(&board.string_id(m))
                    })
            });
            beside_seki && is_ko_capture(board, s, at)
        })
        .collect();
    dead_reason.retain(|(s, _)| !in_seki_ko.iter().any(|(t, _)| t == s));
    for (s, at) in in_seki_ko {
        fixed.push((vec![s], FinalStatus::Seki, Reason::Seki(vec![at])));
    }
    // A dead string whose opponent strings around are all dead sits in the eye of a dead
    // group (black A1 in white's dead corner): the group dies with it there, so it lives.
    // Where such strings sit in each other's dead group, not all of them live:
    // - one beside a string dead on its own account (with a living opponent around) lives:
    //   it sits in that group's eye (white A3 and B2 in a dead black group's area);
    // - then one beside a string that lives that way stays dead (black B1 beside them);
    // - the others sit only in each other's eyes (a board that their stones share, nothing
    //   alive outside). The one the tactical reader takes (captured, or in atari with its
    //   opponent to move) stays dead (`XX./XO./XX.`: white B2); where the reader takes
    //   neither, they race: the fewer liberties lose, and with as many the side to move
    //   wins (`XXX/X.O/...`: black to move takes white C2, white to move black's four), as
    //   GNU Go 3.8 reads both. Strings with no contact (no shared liberty, not side by
    //   side) do not race: each is open (three stones in the opening).
    let string_of = |t: Loc| board.string_id(t);
    let is_dead = |t: Loc| {
        dead_reason
            .iter()
            .any(|(d, _)| string_of(*d) == string_of(t))
    };
    let candidates: Vec<(Loc, Vec<Loc>)> = dead_reason
        .iter()
        .map(|(s, _)| *s)
        .filter_map(|s| {
            let c = board.color(s).expect("a dead string has stones");
            let around = opponents_around(board, s, c);
            (!around.is_empty() && around.iter().all(|&t| is_dead(t))).then_some((s, around))
        })
        .collect();
    let is_candidate = |t: Loc| {
        candidates
            .iter()
            .any(|(s, _)| string_of(*s) == string_of(t))
    };
    let firm: Vec<Loc> = candidates
        .iter()
        .filter(|(_, around)| around.iter().any(|&t| !is_candidate(t)))
        .map(|(s, _)| *s)
        .collect();
    let is_firm = |t: Loc| firm.iter().any(|&s| string_of(s) == string_of(t));
    let tactically_dead = |s: Loc| {
        dead_reason
            .iter()
            .any(|(d, why)| *d == s && matches!(why, Reason::Captured(_) | Reason::Atari(_)))
    };
    let loses_race_to =
        |s: Loc, c: Color, t: Loc| loses_counted_race(board, &[s], &[t], c, to_move);
    let mut lost: Vec<(Loc, Reason)> = Vec::new();
    let mut revived = firm.clone();
    // Strings in contact with none of the dead opponent strings around them: alive, open.
    let mut opened: Vec<Loc> = Vec::new();
    for (s, around) in &candidates {
        let s = *s;
        if is_firm(s) || around.iter().any(|&t| is_firm(t)) || tactically_dead(s) {
            continue;
        }
        if around.iter().any(|&t| tactically_dead(t)) {
            revived.push(s);
            continue;
        }
        let c = board.color(s).expect("a dead string has stones");
        // A race needs contact: strings that neither touch nor share a liberty (stones
        // scattered on an open board, each in the others' region) race nobody.
        let touching = board.adjacent_strings(s, c.opponent());
        let in_contact =
            |t: Loc| touching.contains(&board.string_id(t)) || shares_liberty(board, s, t);
        if !around.iter().any(|&t| in_contact(t)) {
            opened.push(s);
            continue;
        }
        match around
            .iter()
            .filter(|&&t| in_contact(t))
            .find_map(|&t| loses_race_to(s, c, t))
        {
            Some((mine, theirs)) => lost.push((s, Reason::LostRace(mine, theirs))),
            None => revived.push(s),
        }
    }
    for (s, why) in lost {
        if let Some(entry) = dead_reason.iter_mut().find(|(d, _)| *d == s) {
            entry.1 = why;
        }
    }
    dead_reason.retain(|(s, _)| !revived.contains(s) && !opened.contains(s));
    for s in revived {
        fixed.push((vec![s], FinalStatus::Alive, Reason::InDeadEye));
    }
    for s in opened {
        let eyes = groups
            .iter()
            .find(|g| g.strings.contains(&s))
            .map_or_else(Eyes::default, |g| g.eyes);
        fixed.push((vec![s], FinalStatus::Alive, Reason::Open(eyes)));
    }
    // A group alive by miai, the opponent to move: the strings it gives up in the exchange
    // (the opponent's move in one space, its answer in another) are dead.
    if look_ahead {
        for g in groups.iter_mut() {
            let decided = fixed_for(&fixed, &g.strings).is_some();
            if !g.miai || g.color == to_move || g.all_pass_alive || decided || g.eyes.min < 2 {
                continue;
            }
            let lost = miai_losses(board, ev, limits, g, &reports);
            g.strings.retain(|s| !lost.iter().any(|(t, _)| t == s));
            dead_reason.extend(lost);
        }
    }
    report(board, &groups, &reports, &dead_reason, &fixed, rounds)
}

/// The most answers and first moves [`miai_losses`] reads (the first in the board's
/// canonical order, [`Frame`]: the same points however the board is turned).
const MIAI_MOVES: usize = 4;

/// The strings of a group alive by miai (`g.miai`) that the opponent, to move, takes: each
/// of his first moves at an attack point of a space of the group that a move still changes
/// (`b` below `c`), each answered at a defence point of such a space, the position after
/// the two read again ([`final_status_with`], the opponent to move, without look-ahead).
/// The group answers where it gives up fewest stones, the opponent moves where that is
/// most; the strings given up then (taken by the two moves, or dead after them) are dead
/// with [`Reason::Miai`]. None where every string is given up: the reading after the
/// exchange contradicts the sum, and the group keeps the sum's status. The answers to a
/// first move are read only until one shows that it is not the worst (see the loop): the
/// outcome is the one every pair read gives, at a fraction of the readings.
fn miai_losses(
    board: &Board,
    ev: &Evaluator<'_>,
    limits: FinalLimits,
    g: &Candidate,
    reports: &[SpaceReport],
) -> Vec<(Loc, Reason)> {
    let opponent = g.color.opponent();
    // The points in the board's canonical order, not its row order: which four are read,
    // and which of two answers (or first moves) that give up as much is kept, are then the
    // same however the board is turned.
    let frame = Frame::of(board, None);
    let points = |pick: fn(&SpaceReport) -> &Vec<Loc>| -> Vec<Loc> {
        let mut v: Vec<Loc> = g
            .spaces
            .iter()
            .map(|&i| &reports[i])
            .filter(|r| r.min_max().is_some_and(|(b, c)| b < c))
            .flat_map(|r| pick(r).iter().copied())
            .collect();
        v.sort_unstable();
        v.dedup();
        frame.sort(board, &mut v);
        v.truncate(MIAI_MOVES);
        v
    };
    let (kills, answers) = (points(|r| &r.attack), points(|r| &r.defense));
    let stones = |s: Loc| board.string_stones(s);
    // (stones given up, strings given up, first move, answer)
    let mut worst: Option<(usize, Vec<Loc>, Loc, Loc)> = None;
    for &kill in &kills {
        let mut first = board.clone();
        if first.play(kill, opponent).is_err() {
            continue;
        }
        let mut best: Option<(usize, Vec<Loc>, Loc)> = None;
        for &answer in answers.iter().filter(|&&q| q != kill) {
            let mut after = first.clone();
            if after.play(answer, g.color).is_err() {
                continue;
            }
            #[cfg(test)]
            tests::MIAI_READ.with(|c| c.set(c.get() + 1));
            let report = final_status_with(&after, ev, opponent, limits, false);
            let lost: Vec<Loc> = g
                .strings
                .iter()
                .copied()
                .filter(|&s| {
                    stones(s).iter().any(|&t| {
                        after.color(t) != Some(g.color)
                            || report.status_at(t) == Some(FinalStatus::Dead)
                    })
                })
                .collect();
            let n: usize = lost.iter().map(|&s| stones(s).len()).sum();
            if best.as_ref().is_none_or(|(m, _, _)| n < *m) {
                best = Some((n, lost, answer));
            }
            // The group answers where it gives up least: once an answer gives up nothing,
            // or no more than the worst first move so far, this first move cannot be the
            // worst (that takes more), and its other answers are not read.
            let settled = n == 0 || worst.as_ref().is_some_and(|(m, ..)| n <= *m);
            #[cfg(test)]
            let settled = settled && !tests::MIAI_EVERY_PAIR.with(|c| c.get());
            if settled {
                break;
            }
        }
        if let Some((n, lost, answer)) = best {
            if worst.as_ref().is_none_or(|(m, ..)| n > *m) {
                worst = Some((n, lost, kill, answer));
            }
        }
    }
    match worst {
        Some((n, lost, kill, answer)) if n > 0 && lost.len() < g.strings.len() => lost
            .into_iter()
            .map(|s| (s, Reason::Miai { kill, answer }))
            .collect(),
        _ => Vec::new(),
    }
}

/// What one round of step 5 decides: the strings found dead, with their reasons, and the
/// groups decided for good (seki, or alive).
struct Decisions {
    dead: Vec<(Loc, Reason)>,
    fixed: Vec<(Vec<Loc>, FinalStatus, Reason)>,
}

/// What one round's decisions read from (see [`decide`]).
struct Round<'a, 'e> {
    board: &'a Board,
    ev: &'a Evaluator<'e>,
    to_move: Color,
    limits: FinalLimits,
    look_ahead: bool,
    live: &'a Liveness,
    /// The closed fights read around strings short of liberties ([`short_of_liberties`]),
    /// by string, area and depth: whether the opponent moving first takes it, and moving
    /// second.
    fights: &'a std::cell::RefCell<FightsRead>,
}

/// See [`Round::fights`].
type FightsRead = rustc_hash::FxHashMap<(Loc, Vec<Loc>, u8, bool), FightRead>;

/// What [`decide`] reads of a closed fight: whether the opponent takes the string moving
/// first (`taken`, with its first move `kill`), and whether it does whoever moves first
/// (`settled`; else the owner's first move that keeps it, `save`, where the reading ends).
#[derive(Clone, Copy, Debug)]
struct FightRead {
    taken: bool,
    settled: bool,
    kill: Option<Loc>,
    save: Option<Loc>,
}

/// One round of step 5: each weak group not yet decided, enclosed or open, raced or in seki,
/// from the groups and their spaces' reports (`fixed`: the groups decided in earlier
/// rounds).
fn decide(
    round: &Round<'_, '_>,
    work: &mut Board,
    capturable: &mut [Option<bool>],
    groups: &[Candidate],
    reports: &[SpaceReport],
    fixed: &[(Vec<Loc>, FinalStatus, Reason)],
) -> Decisions {
    let Round {
        board,
        ev,
        to_move,
        limits,
        look_ahead,
        live,
        fights: read_fights,
    } = *round;
    let read = limits.analysis.read;
    let decided = |g: &Candidate, fixed: &[(Vec<Loc>, FinalStatus, Reason)]| {
        fixed_for(fixed, &g.strings).is_some()
    };
    let weak = |g: &Candidate| g.weak();
    let mut new_dead: Vec<(Loc, Reason)> = Vec::new();
    let mut new_fixed: Vec<(Vec<Loc>, FinalStatus, Reason)> = Vec::new();
    // Races lost: the group, its liberties, the reason, and (read to the end) the
    // groups it raced.
    let mut races: Vec<(usize, usize, Reason, Vec<usize>)> = Vec::new();
    // Races lost by the count in a small closed fight that the reading leaves open: the
    // group, the fight's empty points, the groups it raced.
    let mut left_open: Vec<(usize, usize, Vec<usize>)> = Vec::new();
    // The strings of each colour's groups short of eyes: the enclosure test takes them
    // all off (invaders side by side enclose each other's points otherwise).
    let weak_of = |c: Color| -> Vec<Loc> {
        groups
            .iter()
            .filter(|h| h.color == c && weak(h))
            .flat_map(|h| h.strings.iter().copied())
            .collect()
    };
    let weak_strings = [weak_of(Color::Black), weak_of(Color::White)];
    let weak_with = |c: Color| &weak_strings[usize::from(c == Color::White)];
    // A group with two eyes whose spaces hold every liberty of one of its strings: the
    // spaces are valued with their walls whole, so the small closed fight there is read
    // (the fights not read in an earlier round side by side). Each fight is asked twice:
    // whether the opponent takes the string short of liberties (which dies alone), and,
    // where the area holds one other string of the group and few empty points, whether it
    // takes that one, the body the short string leans on (the whole group in the area
    // dies): a weak string on the wall of a small space can cost the group its eyes.
    let mut walled: Vec<(&Candidate, Vec<ShortRead>)> = Vec::new();
    for g in groups.iter().filter(|g| {
        !g.pass_alive
            && g.large.is_none()
            && g.eyes.min >= 2
            && !decided(g, fixed)
            && !g.spaces.iter().any(|&i| reports[i].is_bound())
    }) {
        let mut short = Vec::new();
        let mut wall: Option<ShortRead> = None;
        for &s in &g.strings {
            let Some(fight) = short_of_liberties(board, reports, groups, g, s) else {
                continue;
            };
            let mut heads: Vec<Loc> = fight
                .area
                .iter()
                .filter(|&&p| board.color(p) == Some(g.color))
                .map(|&p| board.string_id(p))
                .collect();
            heads.sort();
            heads.dedup();
            let others: Vec<Loc> = heads
                .iter()
                .copied()
                .filter(|&h| h != board.string_id(s))
                .collect();
            let empty = fight.area.iter().filter(|&&p| board.is_empty(p)).count();
            // The wall, read once a group (its first area), where its walls hold.
            if wall.is_none() {
                wall = wall_reading(board, &heads, &fight.area).filter(|_| {
                    fight
                        .loose
                        .iter()
                        .all(|&w| !is_capturable(work, capturable, w, read))
                });
            }
            if empty > SHORT_AREA_EMPTY {
                continue;
            }
            // The body: the one other string of the group in a small area, where the walls
            // of few liberties hold (the tactical reader cannot take them, the group's
            // colour moving first).
            let body = match others[..] {
                [body] if empty <= BODY_AREA_EMPTY => Some(body),
                _ => None,
            }
            .filter(|_| {
                fight
                    .loose
                    .iter()
                    .all(|&w| !is_capturable(work, capturable, w, read))
            });
            if let Some(body) = body {
                short.push(ShortRead {
                    target: body,
                    area: fight.area.clone(),
                    depth: BODY_DEPTH,
                    dies: heads,
                    wall: false,
                });
            }
            // The string's own reading asks for walls that hold unread, and two stones or
            // more: a single stone taken may be taken back (a throw-in, a ko; the reading
            // stops at the first capture). In a fight as small as a body's, it is read as
            // deep as a body's.
            if fight.loose.is_empty() && board.string_stones(s).len() >= 2 {
                short.push(ShortRead {
                    target: s,
                    area: fight.area,
                    depth: if empty <= BODY_AREA_EMPTY {
                        BODY_DEPTH
                    } else {
                        fight::DEPTH
                    },
                    dies: vec![s],
                    wall: false,
                });
            }
        }
        // Read last: it names no string, and a group another reading decides needs it not.
        short.extend(wall);
        if !short.is_empty() {
            walled.push((g, short));
        }
    }
    let unread: Vec<(Color, &ShortRead)> = walled
        .iter()
        .flat_map(|(g, short)| short.iter().map(|r| (g.color.opponent(), r)))
        .filter(|(_, r)| !read_fights.borrow().contains_key(&r.key()))
        .collect();
    // The fight's points in the board's canonical order: the moves the reading names (the
    // kill, the save) are then the same however the board is turned.
    let frame = (!unread.is_empty()).then(|| Frame::of(board, None));
    // Those that share an area are asked first together.
    let unread = read_together(work, &unread, frame.as_ref(), read_fights);
    let answers = side_by_side(work, &unread, 2, Tasks::OneEach, |b, (attacker, r)| {
        let stones = r.targets(b);
        let mut area = r.area.clone();
        if let Some(frame) = &frame {
            frame.sort(b, &mut area);
        }
        // Both questions of one fight: the second reads on the first's table.
        let mut reading = fight::Fight::new(b, *attacker, &stones, &area);
        let mut takes = |b: &mut Board, defender_first: bool| {
            reading.captures_within(b, defender_first, r.depth) == Some(true)
        };
        let taken = takes(b, false);
        let settled = taken && takes(b, true);
        FightRead {
            taken,
            settled,
            kill: reading.root_move(b, false),
            save: reading.root_move(b, true),
        }
    });
    for ((_, r), answer) in unread.iter().zip(answers) {
        read_fights.borrow_mut().insert(r.key(), answer);
    }
    for (g, short) in walled {
        // Whether a reading of a string or of the body took something here.
        let mut took = false;
        // The strings whose own readings take nothing: where no reading here takes
        // anything, the opponent's atari on one of them may still cost the group its eyes
        // (the fight asks for a capture, and the atari's gain may be a seki).
        let held = |r: &ShortRead| {
            !r.wall
                && r.dies == [r.target]
                && read_fights.borrow().get(&r.key()).is_some_and(|f| !f.taken)
        };
        let held: Vec<Loc> = short.iter().filter(|r| held(r)).map(|r| r.target).collect();
        let fixed_before = new_fixed.len();
        for r in short {
            let Some(&FightRead {
                taken,
                settled,
                kill,
                save,
            }) = read_fights.borrow().get(&r.key())
            else {
                continue;
            };
            if !taken {
                continue;
            }
            if r.wall {
                // The opponent takes a string of the wall, which the owner chooses: the
                // group lives, not settled.
                if !took {
                    let why = Reason::WallShortOfLiberties { kept: !settled };
                    new_fixed.push((g.strings.clone(), FinalStatus::Alive, why));
                }
                break;
            }
            took = true;
            let why = Reason::ShortOfLiberties {
                settled,
                kill,
                save,
            };
            if settled || to_move != g.color {
                for &s in &r.dies {
                    new_dead.push((s, why.clone()));
                }
                if r.dies.len() > 1 {
                    // The body's strings die with it: the short string's own reading adds
                    // nothing.
                    break;
                }
            } else {
                new_fixed.push((g.strings.clone(), FinalStatus::Alive, why));
                break;
            }
        }
        if look_ahead && !took && new_fixed.len() == fixed_before {
            if let Some((atari, answer)) = held
                .iter()
                .find_map(|&t| atari_costs_eyes(board, ev, limits, g, t))
            {
                let why = Reason::AtariCostsEyes { atari, answer };
                new_fixed.push((g.strings.clone(), FinalStatus::Alive, why));
            }
        }
    }
    for (gi, g) in groups.iter().enumerate() {
        if !weak(g) || decided(g, fixed) {
            continue;
        }
        if !enclosed(board, live, g, weak_with(g.color)) {
            // Open: alive, unless it has no eyes to make and the reader captures every
            // string of it, the opponent moving first.
            if g.eyes.max == 0
                && g.strings
                    .iter()
                    .all(|&s| is_capturable(work, capturable, s, read))
            {
                for &s in &g.strings {
                    new_dead.push((s, Reason::Capturable(g.eyes)));
                }
            }
            continue;
        }
        let foes: Vec<usize> = neighbour_groups(board, groups, gi)
            .into_iter()
            .filter(|&h| {
                let h_ = &groups[h];
                weak(h_) && enclosed(board, live, h_, weak_with(h_.color))
            })
            .collect();
        // Its owner to move makes the second eye with one move, at the save of `why` (its
        // `critical` reason), and lives by it.
        let owner_lives = |work: &mut Board,
                           capturable: &mut [Option<bool>],
                           g: &Candidate,
                           why: &Reason|
         -> bool {
            if to_move != g.color || g.eyes.max < 2 {
                return false;
            }
            if g.strings.len() == 1 {
                return !is_capturable(work, capturable, g.strings[0], read);
            }
            let save = match why {
                Reason::Critical { save, .. } => *save,
                _ => None,
            };
            look_ahead && save.is_some_and(|at| lives_after_save(board, ev, limits, g, at))
        };
        if foes.is_empty() {
            let why = if g.eyes.max >= 2 {
                let why = critical(board, reports, g);
                if owner_lives(work, capturable, g, &why) {
                    // Its owner moves first and makes the second eye: alive, not
                    // settled. (A group of one string the reader cannot take; a group of
                    // several whose links the opponent, moving next, cannot cut: see
                    // `lives_after_save`.)
                    new_fixed.push((g.strings.clone(), FinalStatus::Alive, why));
                    continue;
                }
                match why {
                    // The save was read on the board (see `owner_lives`) and does not hold.
                    Reason::Critical {
                        eyes,
                        kill,
                        save: Some(save),
                    } if look_ahead && to_move == g.color && g.strings.len() > 1 => {
                        Reason::SaveFails { eyes, kill, save }
                    }
                    why => why,
                }
            } else if to_move == g.color && joins_out(work, groups, g) {
                // Its owner to move joins it to a pass-alive string of its colour, read
                // to the end in the closed area round it: not enclosed after all.
                new_fixed.push((g.strings.clone(), FinalStatus::Alive, Reason::Open(g.eyes)));
                continue;
            } else {
                // A space of its own beyond the solver's reach, or an area beside it
                // with an opponent string inside that the reader cannot take, is not
                // counted: the status is not settled.
                let unread = g
                    .spaces
                    .iter()
                    .filter(|&&i| reports[i].is_bound())
                    .map(|&i| reports[i].analyzed.space.points.len())
                    .chain(g.unread_area)
                    .max();
                match unread {
                    Some(n) => Reason::EnclosedSpaceUnread(g.eyes, n),
                    None => Reason::Enclosed(g.eyes),
                }
            };
            for &s in &g.strings {
                new_dead.push((s, why.clone()));
            }
            continue;
        }
        if let Some(shared) = seki(work, live, read, groups, gi, &foes) {
            new_fixed.push((g.strings.clone(), FinalStatus::Seki, Reason::Seki(shared)));
            continue;
        }
        // A capturing race against its weak neighbours: read to the end where the fight
        // is small and closed (the winner may take stones in atari inside first), else
        // by liberties, the fewest losing (an eye counted as the moves it takes to fill:
        // a big eye gives more).
        let mine = race_liberties(board, &g.strings);
        match race_read(work, groups, gi, &foes, to_move) {
            RaceRead::Taken(settled) => {
                races.push((gi, mine, Reason::LostRaceRead { settled }, foes.clone()));
            }
            read => {
                let lost = foes.iter().find_map(|&h| {
                    loses_counted_race(board, &g.strings, &groups[h].strings, g.color, to_move)
                });
                // A race lost by counting is no race where its owner, to move, makes the
                // second eye: two eyes are never taken (`9-l10-s702`, held out: black's
                // corner space, worth `0122`, beside white's eyeless D8-D6). A race read
                // to the end has tried that move already.
                if let Some((counted, theirs)) = lost {
                    let why = critical(board, reports, g);
                    if owner_lives(work, capturable, g, &why) {
                        new_fixed.push((g.strings.clone(), FinalStatus::Alive, why));
                    } else if let (RaceRead::LeftOpen(empty), false) =
                        (read, foes.iter().any(|&h| decided(&groups[h], fixed)))
                    {
                        // A small closed fight the reading leaves open: no count decides
                        // it (below).
                        left_open.push((gi, empty, foes.clone()));
                    } else {
                        // Ordered by its own liberties, not those left once the winner's eye
                        // has the shared ones: a group short of liberties against every
                        // neighbour is decided first.
                        let why = Reason::LostRace(counted, theirs);
                        races.push((gi, mine, why, foes.clone()));
                    }
                }
            }
        }
    }
    // A race read to the end overrules the liberties: a group whose neighbour is taken
    // in a reading does not lose by counting (the winner may take stones in atari
    // inside first). Where each of two groups is taken in a reading (each side, moving,
    // takes the other), the one whose owner is to move takes first, and lives.
    let read_lost: Vec<usize> = races
        .iter()
        .filter(|r| matches!(r.2, Reason::LostRaceRead { .. }))
        .map(|r| r.0)
        .collect();
    races.retain(|(gi, _, why, foes)| {
        let read = matches!(why, Reason::LostRaceRead { .. });
        let overruled =
            (!read || groups[*gi].color == to_move) && foes.iter().any(|h| read_lost.contains(h));
        !overruled
    });
    // Only the races lost with the fewest liberties are decided in a round: the others
    // are read again once those stones are off (two walls short of eyes only because
    // of the invaders between them are alive once the invaders are taken).
    if let Some(fewest) = races.iter().map(|r| r.1).min() {
        for (gi, _, why, _) in races.iter().filter(|r| r.1 == fewest) {
            for &s in &groups[*gi].strings {
                new_dead.push((s, why.clone()));
            }
        }
    }
    // A race in a small closed fight that the reading leaves open (its neighbours not yet
    // decided), the group taken by no reading and none of its neighbours in a reading of
    // their own: the count is no proof where every line was tried and none ends (held-out
    // `13-l1-s5005`: black's M2 and L1 inside white's eyeless N6-H1, all liberties in five
    // empty points; the count gives white the race, 4 to 3, but every line that takes
    // black's stones passes through captures that open the fight, a ko, and black does
    // not take white's string). Neither side is shown to take the other: the group and
    // the groups it races are in seki, not settled. Where one of them dies or is placed
    // in this round all the same, it waits for the next.
    for (gi, empty, foes) in left_open {
        if foes.iter().any(|h| read_lost.contains(h)) {
            continue;
        }
        let all: Vec<&Candidate> = std::iter::once(gi)
            .chain(foes)
            .map(|h| &groups[h])
            .collect();
        let dies = |s: &Loc| new_dead.iter().any(|(d, _)| d == s);
        let placed = |s: &Loc| new_fixed.iter().any(|(f, _, _)| f.contains(s));
        if all
            .iter()
            .any(|h| h.strings.iter().any(|s| dies(s) || placed(s)))
        {
            continue;
        }
        for h in all {
            let why = Reason::RaceLeftOpen { empty };
            new_fixed.push((h.strings.clone(), FinalStatus::Seki, why));
        }
    }
    Decisions {
        dead: new_dead,
        fixed: new_fixed,
    }
}

/// The most liberties of a string [`short_of_liberties`] reads a closed fight around: the
/// walls of a group with two eyes that the opponent can take from inside its spaces have
/// two or three (a reading that takes none spends its whole budget, 10 to 30 ms).
const SHORT_LIBERTIES: usize = 3;

/// The most empty points of the fight [`short_of_liberties`] finds whose string and body
/// [`decide`] reads (the wall's reading takes up to [`fight::AREA_EMPTY`]; of those:
/// on the 170 positions of `tests/final/` the fights of eleven or twelve that take nothing
/// spend the whole budget, 15 to 25 ms each).
const SHORT_AREA_EMPTY: usize = 10;

/// The most empty points of a fight whose body [`decide`] reads as well (the string the
/// short one leans on): `19-l1-s1108` of the held-out games (six points) and
/// `tests/eval_eye/gnugo9_42_black_edge_three` (seven) are killed only by lines of 20 to 24
/// plies, throw-ins taken and played again.
const BODY_AREA_EMPTY: usize = 7;

/// The plies a body's fight is read to (of [`fight::MAX_DEPTH`]), and a short string's own
/// fight of at most [`BODY_AREA_EMPTY`] empty points: held-out `13-l1-s5725`, white's
/// 10-stone B1-K1 with two liberties (K2, L1) in its group's 7-point corner space, beside
/// white K3-N3 and M4 across the cutting point K2, is taken by black moving first only
/// at 24 plies (`examples/local_reader`, which counts plies its own way: 16).
const BODY_DEPTH: u8 = 24;

/// The plies a wall's fight is read to (its strings short of liberties read as one): the
/// kills it finds are short (held-out `13-l1-s2924`: within six plies), and on the 174
/// positions of `tests/final/` its 21 readings, none of which takes a string, cost 4 ms
/// in all read to eight plies, 21 ms to twelve and more to [`fight::DEPTH`] (up to 17 ms
/// one).
const WALL_DEPTH: u8 = 8;

/// One reading of a closed fight of [`decide`]: whether the opponent takes `target`, read
/// to `depth` plies on `area`; where it does, the strings in `dies` die.
struct ShortRead {
    target: Loc,
    area: Vec<Loc>,
    depth: u8,
    dies: Vec<Loc>,
    /// A reading of the wall: whether the opponent takes a stone of any string in `dies`
    /// (the group's strings in the area, `target` the first), the owner free to choose
    /// which to keep. Where it does, nothing dies that the reading names: the group is
    /// alive, not settled.
    wall: bool,
}

/// The reading of a wall ([`ShortRead::wall`]): the group's strings in the fight `area`
/// (`heads`) read as one where two of them short of liberties share one, which a move fills
/// for both (the area may be as large as a fight reads: [`fight::AREA_EMPTY`]). Its strings
/// of two stones or more: a single stone taken may be taken back, or be a throw-in's.
/// `None` where no two short strings share a liberty (so `strings` has two at least).
fn wall_reading(board: &Board, heads: &[Loc], area: &[Loc]) -> Option<ShortRead> {
    let strings: Vec<Loc> = heads
        .iter()
        .copied()
        .filter(|&h| board.string_stones(h).len() >= 2)
        .collect();
    let short_libs: Vec<Vec<Loc>> = strings
        .iter()
        .map(|&h| board.liberties(h))
        .filter(|l| (2..=SHORT_LIBERTIES).contains(&l.len()))
        .collect();
    let shared = short_libs.iter().enumerate().any(|(i, a)| {
        short_libs[i + 1..]
            .iter()
            .any(|b| a.iter().any(|l| b.contains(l)))
    });
    shared.then(|| ShortRead {
        target: strings[0],
        area: area.to_vec(),
        depth: WALL_DEPTH,
        dies: strings,
        wall: true,
    })
}

impl ShortRead {
    /// Its key in [`Round::fights`].
    fn key(&self) -> (Loc, Vec<Loc>, u8, bool) {
        (self.target, self.area.clone(), self.depth, self.wall)
    }

    /// The stones whose capture the reading asks.
    fn targets(&self, board: &Board) -> Vec<Loc> {
        if self.wall {
            self.dies
                .iter()
                .flat_map(|&s| board.string_stones(s))
                .collect()
        } else {
            board.string_stones(self.target)
        }
    }
}

/// The readings of `unread` that share an area and a depth, the same opponent, asked first
/// as one: where the opponent takes no stone of any of their targets, read to the end, it
/// takes none of each, and each is answered so in `read_fights`. Gives the readings left to
/// read alone.
fn read_together<'r>(
    work: &mut Board,
    unread: &[(Color, &'r ShortRead)],
    frame: Option<&Frame>,
    read_fights: &std::cell::RefCell<FightsRead>,
) -> Vec<(Color, &'r ShortRead)> {
    let mut shared: Vec<(Color, &[Loc], u8, Vec<usize>)> = Vec::new();
    for (i, (attacker, r)) in unread.iter().enumerate() {
        if r.wall {
            continue;
        }
        match shared
            .iter_mut()
            .find(|(a, area, depth, _)| a == attacker && *area == r.area && *depth == r.depth)
        {
            Some((_, _, _, members)) => members.push(i),
            None => shared.push((*attacker, &r.area, r.depth, vec![i])),
        }
    }
    shared.retain(|(_, _, _, members)| members.len() >= 2);
    #[cfg(test)]
    if tests::EACH_FIGHT_ALONE.with(|c| c.get()) {
        shared.clear();
    }
    let none_taken = side_by_side(work, &shared, 2, Tasks::OneEach, |b, shared| {
        let (attacker, area, depth, members) = shared;
        let stones: Vec<Loc> = members
            .iter()
            .flat_map(|&i| unread[i].1.targets(b))
            .collect();
        let mut area = area.to_vec();
        if let Some(frame) = frame {
            frame.sort(b, &mut area);
        }
        fight::captures_within(b, *attacker, &stones, &area, false, *depth) == Some(false)
    });
    let mut answered = vec![false; unread.len()];
    for ((_, _, _, members), none) in shared.iter().zip(none_taken) {
        for &i in members.iter().filter(|_| none) {
            answered[i] = true;
            read_fights.borrow_mut().insert(
                unread[i].1.key(),
                FightRead {
                    taken: false,
                    settled: false,
                    kill: None,
                    save: None,
                },
            );
            #[cfg(test)]
            tests::FIGHTS_SHARED.with(|c| c.set(c.get() + 1));
        }
    }
    unread
        .iter()
        .zip(answered)
        .filter(|(_, a)| !a)
        .map(|(u, _)| *u)
        .collect()
}

/// A closed fight around a string short of liberties ([`short_of_liberties`]).
struct ShortFight {
    /// Its points, sorted.
    area: Vec<Loc>,
    /// The opponent strings beside it with a liberty outside and few liberties (fewer than
    /// three, or at most [`fight::AREA_LIBERTIES`] in a group short of eyes): the fight is
    /// closed only where the tactical reader cannot take them from outside, the group's
    /// colour moving first.
    loose: Vec<Loc>,
}

/// The small closed fight around the string `s` of the group `g` (alive by two eyes) when
/// every liberty of `s` lies in `g`'s eye spaces: the empty points and stones of those
/// spaces that `s` reaches through empty points and strings of its colour, those strings
/// (whose liberties must all lie in the spaces too: a string with one outside joins `s` to
/// the outside), and each opponent string beside them whose liberties all lie inside (it
/// can be taken there); with the walls of few liberties it assumes hold. `None` when `s`
/// has a liberty outside, or the area grows past [`fight::AREA_EMPTY`] empty points or
/// [`fight::AREA_POINTS`] in all.
fn short_of_liberties(
    board: &Board,
    reports: &[SpaceReport],
    groups: &[Candidate],
    g: &Candidate,
    s: Loc,
) -> Option<ShortFight> {
    // A string in atari is left to the rule for one ([`Reason::Atari`]: a snapback, a ko).
    // A single stone's fight is found too (the caller reads the body it leans on): on the
    // wall of a small space it can cost the group its eyes (`19-l1-s1108` of the held-out
    // games: white T5, two liberties in its group's six-point space, which the space's
    // value takes for a wall that holds).
    let libs = board.liberties(s);
    if !(2..=SHORT_LIBERTIES).contains(&libs.len()) {
        return None;
    }
    let mut in_spaces = vec![false; board.grid_len()];
    for &i in &g.spaces {
        for p in &reports[i].analyzed.space.points {
            in_spaces[p.loc.index()] = true;
        }
    }
    if libs.iter().any(|l| !in_spaces[l.index()]) {
        return None;
    }
    // The area's points, each once (`inside` marks them), and those to grow from.
    let mut inside = vec![false; board.grid_len()];
    let mut area: Vec<Loc> = Vec::new();
    let mut todo: Vec<Loc> = Vec::new();
    let mut walls: Vec<Loc> = Vec::new();
    // A string of `g`'s colour, or an opponent's inside the spaces, with its liberties.
    let add_string = |t: Loc, inside: &mut [bool], area: &mut Vec<Loc>, todo: &mut Vec<Loc>| {
        for p in board.string_stones(t).into_iter().chain(board.liberties(t)) {
            if board.is_empty(p) && !in_spaces[p.index()] {
                return None;
            }
            if !inside[p.index()] {
                inside[p.index()] = true;
                area.push(p);
                todo.push(p);
            }
        }
        Some(())
    };
    add_string(s, &mut inside, &mut area, &mut todo)?;
    while let Some(p) = todo.pop() {
        if fight::too_big(board, &area) {
            return None;
        }
        for m in board.neighbors(p) {
            if inside[m.index()] {
                continue;
            }
            match board.color(m) {
                None if in_spaces[m.index()] => {
                    inside[m.index()] = true;
                    area.push(m);
                    todo.push(m);
                }
                None => return None,
                Some(c) if c == g.color || in_spaces[m.index()] => {
                    add_string(board.string_id(m), &mut inside, &mut area, &mut todo)?
                }
                Some(_) => walls.push(board.string_id(m)),
            }
        }
    }
    // An opponent string beside the area with a liberty outside is a wall that holds when
    // it has more liberties than [`fight::AREA_LIBERTIES`], or three or more and its group
    // is not short of eyes; another holds only where the defender cannot take it from
    // outside (a string in atari in a double ko can be), as the caller reads (`loose`).
    walls.sort();
    walls.dedup();
    let mut loose = Vec::new();
    for w in walls {
        if inside[w.index()] {
            continue;
        }
        let libs = board.liberties(w);
        if libs.iter().all(|l| inside[l.index()]) {
            for p in board.string_stones(w) {
                inside[p.index()] = true;
                area.push(p);
            }
        } else if libs.len() < 3
            || (libs.len() <= fight::AREA_LIBERTIES
                && !groups.iter().any(|h| !h.weak() && h.strings.contains(&w)))
        {
            loose.push(w);
        }
    }
    if fight::too_big(board, &area) {
        return None;
    }
    area.sort();
    Some(ShortFight { area, loose })
}

/// The strings this round's decisions ([`decide`]) call dead both with the spaces of the
/// groups `is_needed` marks unread (bounds) and with each of those groups given two eyes,
/// with the reasons of the latter, sorted; `None` when there are none, when some string
/// dead with the spaces unread is not dead the other way, or when the round (spaces
/// unread) decides a group for good (a seki, a group that lives). The strings of the
/// groups marked are left out: their status waits for the reading.
fn dead_whatever_needed(
    round: &Round<'_, '_>,
    work: &mut Board,
    capturable: &mut [Option<bool>],
    groups: &[Candidate],
    reports: &[SpaceReport],
    fixed: &[(Vec<Loc>, FinalStatus, Reason)],
    is_needed: impl Fn(&Candidate) -> bool,
) -> Option<Vec<(Loc, Reason)>> {
    let unread = decide(round, work, capturable, groups, reports, fixed);
    if !unread.fixed.is_empty() {
        return None;
    }
    let waits = |s: Loc| {
        groups
            .iter()
            .any(|g| is_needed(g) && g.strings.contains(&s))
    };
    let mut unread: Vec<Loc> = unread
        .dead
        .into_iter()
        .map(|(s, _)| s)
        .filter(|&s| !waits(s))
        .collect();
    unread.sort();
    unread.dedup();
    if unread.is_empty() {
        return None;
    }
    let two_eyes: Vec<Candidate> = groups
        .iter()
        .map(|g| {
            let mut h = g.clone();
            if is_needed(g) {
                h.eyes = Eyes { min: 2, max: 2 };
            }
            h
        })
        .collect();
    let mut sure: Vec<(Loc, Reason)> = decide(round, work, capturable, &two_eyes, reports, fixed)
        .dead
        .into_iter()
        .filter(|(s, _)| unread.contains(s))
        .collect();
    sure.sort_by_key(|(s, _)| *s);
    sure.dedup_by_key(|(s, _)| *s);
    (sure.len() == unread.len()).then_some(sure)
}

/// Reads the large spaces `which` marks (left unread by [`analysis::analyze_deferring`]),
/// side by side, each for the digits it names, and gives the groups (`regroup`) after; `None`
/// when it marks none. A space read for one eye ([`Digits::OneEye`]) that gives one is read
/// again for `b` and `c` (`limits`' digits) where its group is short of two eyes all the
/// same: the eye found is a lower bound there, and the group's second may be in that space.
fn read_marked(
    work: &mut Board,
    ev: &Evaluator<'_>,
    reports: &mut [SpaceReport],
    which: &[Option<Digits>],
    limits: AnalysisLimits,
    regroup: impl Fn(&[SpaceReport]) -> Vec<Candidate>,
) -> Option<Vec<Candidate>> {
    if !read_spaces(work, ev, reports, which, limits) {
        return None;
    }
    let groups = regroup(reports);
    let mut again = vec![None; reports.len()];
    for g in groups.iter().filter(|g| g.space_min < 2) {
        for &i in &g.spaces {
            if which[i] == Some(Digits::OneEye) && reports[i].source == Source::SolverOneEye {
                again[i] = Some(limits.digits);
            }
        }
    }
    Some(if read_spaces(work, ev, reports, &again, limits) {
        regroup(reports)
    } else {
        groups
    })
}

/// Reads the large spaces `which` marks, side by side, each for the digits it names; false
/// when it marks none.
fn read_spaces(
    work: &mut Board,
    ev: &Evaluator<'_>,
    reports: &mut [SpaceReport],
    which: &[Option<Digits>],
    limits: AnalysisLimits,
) -> bool {
    let mut todo: Vec<(&mut SpaceReport, Digits)> = reports
        .iter_mut()
        .zip(which)
        .filter_map(|(r, &n)| n.map(|digits| (r, digits)))
        .collect();
    if todo.is_empty() {
        return false;
    }
    #[cfg(test)]
    tests::LARGE_READ.with(|c| c.set(c.get() + todo.len()));
    analysis::value_deferred(work, ev, &mut todo, limits);
    true
}

/// Whether the tactical reading captures the string through `s`, its opponent moving
/// first: as `known` has it, else read now (a string its owner saves with one move is not
/// read until asked) and kept there.
fn is_capturable(work: &mut Board, known: &mut [Option<bool>], s: Loc, read: ReadLimits) -> bool {
    *known[s.index()].get_or_insert_with(|| strings::capturable(work, s, read))
}

/// Whether the critical group `g`, its owner playing `save` (the vital point that gives it
/// its second eye), then lives: the tactical reader takes none of its strings with the
/// opponent moving next (the opponent may cut the strings apart: white's B3 in `9-l1-s9`
/// leaves black C2 cutting off D2 and D1 short of liberties, where the space they shared is
/// worth two eyes with its walls whole), and in the final status of that position, the
/// opponent to move and without this look-ahead, each string of it lives for a settled
/// reason, two eyes only as two valued spaces of an eye each.
fn lives_after_save(
    board: &Board,
    ev: &Evaluator<'_>,
    limits: FinalLimits,
    g: &Candidate,
    save: Loc,
) -> bool {
    let mut after = board.clone();
    if after.play(save, g.color).is_err() {
        return false;
    }
    // No string of it the opponent, moving next, takes: the eye spaces are valued with
    // their walls whole, and a cut that leaves a string short of liberties is read here.
    let read = limits.analysis.read;
    if g.strings
        .iter()
        .any(|&s| matches!(tactics::attack(&mut after, s, read), Attack::Captures(_)))
    {
        return false;
    }
    let report = final_status_with(&after, ev, g.color.opponent(), limits, false);
    // Each string alive for a settled reason, two eyes only as two valued spaces of an eye
    // each: a space is valued with its walls whole, and one space worth two eyes walled by
    // loose strings (invaders in the opponent's area) may be worth nothing; nor is a region's
    // eye counted without a reading evidence.
    g.strings.iter().all(|&s| {
        report.group_at(s).is_some_and(|h| {
            h.status != FinalStatus::Dead
                && h.reason.settled()
                && (!matches!(h.reason, Reason::TwoEyes(_))
                    || h.spaces
                        .iter()
                        .filter(|(_, v)| v.is_some_and(|(b, _)| b >= 1))
                        .count()
                        >= 2)
        })
    })
}

/// The opponent's atari on the string `s` of the group `g` (two liberties) and its owner's
/// answer, the other liberty, after which `g` has no two eyes for sure: a string of it not
/// alive for a settled reason in the final status of that position (read without this
/// look-ahead), the opponent to move. Only an atari that leaves the opponent's stone two
/// liberties or more, answered so too, is asked: a stone its owner can take at once is no
/// threat to the space. `None` where there is none.
fn atari_costs_eyes(
    board: &Board,
    ev: &Evaluator<'_>,
    limits: FinalLimits,
    g: &Candidate,
    s: Loc,
) -> Option<(Loc, Loc)> {
    let libs = board.liberties(s);
    let [a, b] = libs[..] else {
        return None;
    };
    [(a, b), (b, a)].into_iter().find(|&(atari, answer)| {
        let mut after = board.clone();
        if after.play(atari, g.color.opponent()).is_err()
            || after.liberty_count(atari) < 2
            || after.play(answer, g.color).is_err()
            || after.liberty_count(atari) < 2
        {
            return false;
        }
        let report = final_status_with(&after, ev, g.color.opponent(), limits, false);
        !g.strings.iter().all(|&t| {
            report
                .group_at(t)
                .is_some_and(|h| h.status == FinalStatus::Alive && h.reason.settled())
        })
    })
}

/// True when the string `s` sits in a small closed fight ([`fight::fight_area`]) in which
/// the opponent cannot take it, its owner moving first: read to the end, overruling the
/// tactical reader's capture.
fn lives_locally(board: &mut Board, s: Loc) -> bool {
    let Some(color) = board.color(s) else {
        return false;
    };
    let Some(area) = fight::fight_area(board, &[s]) else {
        return false;
    };
    let stones = board.string_stones(s);
    fight::captures(board, color.opponent(), &stones, &area, true) == Some(false)
}

/// What [`race_read`] finds of a group's capturing race.
enum RaceRead {
    /// The opponent takes each string of the group (a proof: every defence read); `true`
    /// when it does so even with the group's owner moving first.
    Taken(bool),
    /// A small closed fight of this many empty points, in which the reading of a string of
    /// the group is left open ([`fight::Outcome::Open`]: the ko of held-out `13-l1-s5005`)
    /// and none ends without the capture or past the budget.
    LeftOpen(usize),
    /// Anything else (no small closed fight, or a string not taken within the reading's
    /// depth or budget): the count decides.
    Counted,
}

/// The race of group `gi` against its weak neighbours `foes`, read to the end by [`fight`]
/// where their strings and liberties make a small closed fight, the opponent, `to_move`
/// moving first, trying to take each string of the group, each read apart ([`RaceRead`]).
/// A string that no reading takes (taking one of several, a cutting stone or a throw-in,
/// need not win the race) or no capture found (a reading that stops at its depth or budget
/// proves no hold) leaves the race to the liberties' count, unless the reading was left
/// open ([`decide`]).
fn race_read(
    board: &mut Board,
    groups: &[Candidate],
    gi: usize,
    foes: &[usize],
    to_move: Color,
) -> RaceRead {
    let g = &groups[gi];
    let strings = with_foes(groups, gi, foes);
    let Some(area) = fight::fight_area(board, &strings) else {
        return RaceRead::Counted;
    };
    let empty = area.iter().filter(|&&p| board.is_empty(p)).count();
    // Every string of the group, each read apart: taking one of several (a cutting stone,
    // a throw-in) need not win the race.
    let attacker = g.color.opponent();
    let owner_first = to_move == g.color;
    let mut settled = true;
    let mut open = false;
    for &s in &g.strings {
        let stones = board.string_stones(s);
        let mut reading = fight::Fight::new(board, attacker, &stones, &area);
        match reading.read(board, owner_first, fight::DEPTH) {
            fight::Outcome::Captures => {}
            // Left open: read on, another string may hold, whatever the order.
            fight::Outcome::Open => {
                open = true;
                continue;
            }
            // No capture within the reading's depth, or past its budget: the count
            // decides.
            fight::Outcome::Fails | fight::Outcome::OutOfBudget => return RaceRead::Counted,
        }
        // Settled only if every string is taken with the owner first too: once one is not,
        // the others need not be read that way.
        if settled && !owner_first && !open {
            settled = reading.captures_within(board, true, fight::DEPTH) == Some(true);
        }
    }
    if open {
        RaceRead::LeftOpen(empty)
    } else {
        RaceRead::Taken(settled)
    }
}

/// The strings of group `gi` and of its neighbours `foes`.
fn with_foes(groups: &[Candidate], gi: usize, foes: &[usize]) -> Vec<Loc> {
    let own = groups[gi].strings.iter();
    own.chain(foes.iter().flat_map(|&h| groups[h].strings.iter()))
        .copied()
        .collect()
}

/// True when the opponent's stone at `at` captures the single stone `s` (and nothing else)
/// and is left with one liberty, where `s` stood: a ko capture.
fn is_ko_capture(board: &Board, s: Loc, at: Loc) -> bool {
    let Some(c) = board.color(s) else {
        return false;
    };
    if board.stone_count(s) != 1 {
        return false;
    }
    let mut b = board.clone();
    match b.play(at, c.opponent()) {
        Ok(rec) => rec.captured == [s] && b.liberties(at) == [s],
        Err(_) => false,
    }
}

/// True when the opponent's capture of the single stone `s` at `at` is a ko capture that
/// the owner answers at once with a ko capture of its own elsewhere (a double ko): at the end
/// of the game there are no threats, but the other ko answers. The captures are an even
/// exchange, a prisoner each, so the stone is not taken off
/// (`tests/final/composed/one_eye_and_a_double_ko_alive_in_black_area.txt`: white's corner
/// lives by the double ko, and its ko stone E9 stays).
/// Whether taking the string `s` (in atari) at `at` leaves the capturing string in atari
/// with more stones than it took: the owner of `s` takes them back at once (a snapback),
/// so the capture is no move to make and `s` is not dead for being in atari (9x9 white J7
/// taking black J6 with four stones already in black's area: black takes the five back at
/// J6).
fn snapped_back(board: &Board, s: Loc, at: Loc) -> bool {
    let Some(c) = board.color(s) else {
        return false;
    };
    let mut after = board.clone();
    if after.play(at, c.opponent()).is_err() {
        return false;
    }
    after.liberty_count(at) == 1 && after.stone_count(at) > board.stone_count(s)
}

fn answered_in_another_ko(board: &Board, s: Loc, at: Loc) -> bool {
    let Some(c) = board.color(s) else {
        return false;
    };
    if !is_ko_capture(board, s, at) {
        return false;
    }
    let mut after = board.clone();
    if after.play(at, c.opponent()).is_err() {
        return false;
    }
    after.strings().into_iter().any(|t| {
        after.color(t) == Some(c.opponent())
            && t != at
            && after.stone_count(t) == 1
            && after.liberty_count(t) == 1
            && after.liberties(t).first().is_some_and(|&reply| {
                reply != s && after.is_legal(reply, c) && is_ko_capture(&after, t, reply)
            })
    })
}

/// The opponent strings around the region of `s`: its stones and the empty points reached
/// from them through empty points.
fn opponents_around(board: &Board, s: Loc, color: Color) -> Vec<Loc> {
    let mut seen = vec![false; board.grid_len()];
    let mut todo = board.string_stones(s);
    for &t in &todo {
        seen[t.index()] = true;
    }
    let mut out = Vec::new();
    while let Some(p) = todo.pop() {
        for m in board.neighbors(p) {
            if seen[m.index()] {
                continue;
            }
            match board.color(m) {
                None => {
                    seen[m.index()] = true;
                    todo.push(m);
                }
                Some(c) if c != color => {
                    let head = board.string_id(m);
                    if !out.contains(&head) {
                        out.push(head);
                    }
                }
                Some(_) => {}
            }
        }
    }
    out
}

/// [`Reason::Critical`] for `g`, with the vital points of the valued space it gains most
/// in (of equal gains, the space whose points come first in the board's canonical order).
fn critical(board: &Board, reports: &[SpaceReport], g: &Candidate) -> Reason {
    // Ties (between spaces that gain as much, between points as vital) go to the board's
    // canonical order, not its row order: the save the look-ahead plays, and so the status,
    // are the same however the board is turned.
    let frame = Frame::of(board, None);
    let key = |l: Option<Loc>| l.map(|l| frame.key(board, l));
    let mut best: Option<(u8, Option<Loc>, Option<Loc>)> = None;
    for r in g.spaces.iter().map(|&i| &reports[i]) {
        if let Some(v) = r.value.filter(|_| !r.is_bound()) {
            let [_, b, c, _] = v.digits();
            if c <= b {
                continue;
            }
            let (kill, save) = r.vital_pair_by(board, |l| frame.key(board, l));
            let better = best.is_none_or(|(gain, k, s)| {
                c - b > gain || (c - b == gain && (key(save), key(kill)) < (key(s), key(k)))
            });
            if better {
                best = Some((c - b, kill, save));
            }
        }
    }
    let (kill, save) = best.map_or((None, None), |(_, k, s)| (k, s));
    Reason::Critical {
        eyes: g.eyes,
        kill,
        save,
    }
}

/// Step 2: group the live strings and count their eyes. `known` holds what the readings
/// so far say of each string, by its head: whether the tactical reader captures it, the
/// opponent moving first (`None`: not read yet, read here where asked). The first reading
/// of a string answers as a reading of its own would (`strings::capturable`), so an
/// invader read there is not read again (`19-l10-s6562` of the held-out games: three
/// invaders of two liberties, 1.3 to 2.5 ms each, one after another).
fn candidates(
    board: &Board,
    ev: &Evaluator<'_>,
    live: &Liveness,
    reports: &[SpaceReport],
    pass_alive: &[bool],
    known: &[Option<bool>],
    limits: AnalysisLimits,
) -> Vec<Candidate> {
    let read = limits.read;
    let n = board.grid_len();
    // The board's canonical order, for the ties of `enclosed_area`: taken once, when asked.
    let frame = std::cell::OnceCell::new();
    let mut u = Union::new(n);
    let heads: Vec<Loc> = board
        .strings()
        .into_iter()
        .filter(|&s| !live.is_dead(s))
        .collect();
    for r in reports {
        let space = &r.analyzed.space;
        // A space beside a pass-alive opponent string is dame between living groups, not
        // an eye: a pass-alive owner lives whatever it is worth, and an owner that is not
        // lives or dies by its own eyes (a lone stone there is no part of the living group
        // beside it, and is dead where the opponent can cut it off).
        let dame = space.points.iter().any(|p| {
            board.neighbors(p.loc).any(|q| {
                board.color(q) == Some(space.color.opponent())
                    && pass_alive[board.string_id(q).index()]
            })
        });
        // The owners that it joins: all of them, or (dame) the pass-alive ones together and
        // the others together, whatever their order on the board.
        let mut first: [Option<Loc>; 2] = [None, None];
        for &o in &space.owners {
            let a = board.string_id(o);
            let side = usize::from(dame && pass_alive[a.index()]);
            match first[side] {
                Some(f) => u.join(f.index(), a.index()),
                None => first[side] = Some(a),
            }
        }
    }
    // Shared liberties: two, or one the opponent cannot take. Each empty point names the
    // live strings of each colour around it (at most four), and each pair counts it.
    let mut shared: rustc_hash::FxHashMap<(Loc, Loc), (u8, Loc)> = Default::default();
    for l in board.locs().filter(|&l| board.is_empty(l)) {
        for color in [Color::Black, Color::White] {
            let mut around: Vec<Loc> = board
                .neighbors(l)
                .filter(|&m| board.color(m) == Some(color) && !live.is_dead(m))
                .map(|m| board.string_id(m))
                .collect();
            around.sort();
            around.dedup();
            for (i, &a) in around.iter().enumerate() {
                for &b in &around[i + 1..] {
                    shared.entry((a, b)).or_insert((0, l)).0 += 1;
                }
            }
        }
    }
    let mut pairs: Vec<((Loc, Loc), (u8, Loc))> = shared.into_iter().collect();
    pairs.sort();
    for ((a, b), (count, l)) in pairs {
        let color = board.color(a).expect("a string has a colour");
        if count >= 2 || unsafe_for(board, l, color.opponent()) {
            u.join(a.index(), b.index());
        }
    }
    let mut by_root: Vec<Vec<Loc>> = vec![Vec::new(); n];
    for &h in &heads {
        by_root[u.find(h.index())].push(h);
    }
    let mut groups = Vec::new();
    for strings in by_root.into_iter().filter(|v| !v.is_empty()) {
        let color = board.color(strings[0]).expect("a string has a colour");
        let spaces: Vec<usize> = reports
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.color() == color
                    && r.analyzed
                        .space
                        .owners
                        .iter()
                        .any(|o| strings.contains(&board.string_id(*o)))
            })
            .map(|(i, _)| i)
            .collect();
        let (mut min, mut gain, mut large) = (0u8, 0u8, None);
        // Each valued space's digits for the sum, and whether its `a` is only not read.
        let mut digits: Vec<(EyeValue, Option<usize>)> = Vec::new();
        for &i in &spaces {
            let r = &reports[i];
            // Its core: the points neither marginal nor holding a stone.
            let size = r
                .analyzed
                .space
                .points
                .iter()
                .filter(|p| !p.marginal && !p.stone)
                .count();
            if r.is_bound() {
                // A space open to the outside is no territory yet: not counted.
                if size >= LARGE_SPACE && r.open_sides().is_empty() {
                    large = Some(large.map_or(size, |l: usize| l.max(size)));
                }
                continue;
            }
            if let Some(v) = r.value {
                let [_, b, c, _] = v.digits();
                min = min.saturating_add(b);
                gain = gain.max(c.saturating_sub(b));
            }
            if let Some((v, unread)) = valuation::sum_digits(r) {
                digits.push((v, unread.then_some(i)));
            }
        }
        let pass = strings.iter().any(|s| pass_alive[s.index()]);
        // Where the spaces' `b` fall short of two eyes, they are played out together: the
        // owner may answer a move in one space in another, where their vital points are
        // miai ([`EyeValue::sum`]).
        let mut plain_min = min;
        let (space_min, space_max) = eye_sum(ev, reports, &mut digits, limits.solver_nodes);
        min = min.max(space_min);
        gain = gain.max(space_max.saturating_sub(min));
        let space_min = min.min(2);
        let mut unread_area = None;
        if large.is_none() && !pass {
            let frame = frame.get_or_init(|| Frame::of(board, None));
            match enclosed_area(board, frame, live, pass_alive, &strings) {
                Some(a) if a.core >= LARGE_AREA_BESIDE => large = Some(a.size),
                // One eye whoever moves first there, a second for the owner moving first.
                Some(a)
                    if a.invaders.is_empty() || {
                        let mut work: Option<Board> = None;
                        a.invaders.iter().all(|&i| {
                            known[board.string_id(i).index()].unwrap_or_else(|| {
                                let work = work.get_or_insert_with(|| board.clone());
                                strings::capturable(work, i, read)
                            })
                        })
                    } =>
                {
                    // As a space of `b` 1 and `c` 2 whose `a` is not known.
                    digits.push((EyeValue::new(0, 1, 2, 2).expect("digits 0..=2"), None));
                    let (with_area, with_area_max) =
                        eye_sum(ev, reports, &mut digits, limits.solver_nodes);
                    plain_min = plain_min.saturating_add(1);
                    min = min.saturating_add(1).max(with_area);
                    gain = gain.max(1).max(with_area_max.saturating_sub(min));
                }
                // An opponent string inside that the reader cannot take may leave it no
                // eye even for the owner moving first: not counted, and not read.
                Some(a) => unread_area = Some(a.size),
                None => {}
            }
        }
        let all_pass_alive = pass && strings.iter().all(|s| pass_alive[s.index()]);
        groups.push(Candidate {
            color,
            eyes: Eyes {
                min: min.min(2),
                max: min.saturating_add(gain).min(2),
            },
            strings,
            large,
            pass_alive: pass,
            all_pass_alive,
            spaces,
            space_min,
            miai: plain_min < 2 && min >= 2,
            unread_area,
        });
    }
    groups.sort_by_key(|g| g.strings[0]);
    groups
}

/// The eyes a group's valued spaces give played out together ([`EyeValue::sum`]): with the
/// opponent and with the owner moving first, each at most 2, where they are more than the
/// spaces' `b` added; `(0, 0)` otherwise (the caller keeps its own counts). Spaces whose `a`
/// is not read (`Some` report index) are read whole with moves in a row first, within
/// `nodes`, only where their `a` as 0 leaves the group short of two eyes.
fn eye_sum(
    ev: &Evaluator<'_>,
    reports: &[SpaceReport],
    digits: &mut [(EyeValue, Option<usize>)],
    nodes: u64,
) -> (u8, u8) {
    let add = |f: fn(&EyeValue) -> u8, digits: &[(EyeValue, Option<usize>)]| {
        digits.iter().fold(0u8, |s, (v, _)| s.saturating_add(f(v)))
    };
    // Nothing to gain over `b` added: two already, or less than two even with every
    // space's `d` (the sum's digits never pass the spaces' `d` added).
    if add(|v| v.b, digits) >= 2 || add(|v| v.d, digits) < 2 {
        return (0, 0);
    }
    let sum = |digits: &[(EyeValue, Option<usize>)]| {
        let values: Vec<EyeValue> = digits.iter().map(|(v, _)| *v).collect();
        EyeValue::sum(&values).map_or((0, 0), |s| (s.b, s.c))
    };
    let first = sum(digits);
    if first.0 >= 2 || digits.iter().all(|(_, unread)| unread.is_none()) {
        return first;
    }
    for (v, unread) in digits.iter_mut() {
        if let Some(plain) = unread
            .take()
            .and_then(|i| valuation::plain_digits(ev, &reports[i], nodes))
        {
            *v = EyeValue {
                a: plain.a,
                d: v.d.max(plain.d),
                ..*v
            };
        }
    }
    sum(digits)
}

/// True when a stone of `color` at the empty `l` would be captured at once: suicide, or one
/// liberty left and nothing captured.
fn unsafe_for(board: &Board, l: Loc, color: Color) -> bool {
    if !board.is_legal(l, color) {
        return true;
    }
    let mut b = board.clone();
    match b.play(l, color) {
        Ok(rec) => rec.captured.is_empty() && b.liberty_count(l) <= 1,
        Err(_) => true,
    }
}

/// The groups of the other colour whose stones touch `gi`'s stones or share a liberty.
fn neighbour_groups(board: &Board, groups: &[Candidate], gi: usize) -> Vec<usize> {
    let g = &groups[gi];
    let opp = g.color.opponent();
    let mut touching: Vec<Loc> = Vec::new();
    for &s in &g.strings {
        touching.extend(board.adjacent_strings(s, opp));
        for l in board.liberties(s) {
            for m in board.neighbors(l) {
                if board.color(m) == Some(opp) {
                    touching.push(board.string_id(m));
                }
            }
        }
    }
    let mut out: Vec<usize> = groups
        .iter()
        .enumerate()
        .filter(|(_, h)| h.color == opp && h.strings.iter().any(|s| touching.contains(s)))
        .map(|(i, _)| i)
        .collect();
    out.dedup();
    out
}

/// A region [`enclosed_area`] finds.
#[derive(Clone, Debug)]
struct EnclosedArea {
    /// Its empty points.
    size: usize,
    /// Its core: the empty points not beside a pass-alive opponent stone outside it.
    core: usize,
    /// The opponent's strings inside it, not dead.
    invaders: Vec<Loc>,
}

/// Opponent strings of at most this many stones (not pass-alive) count as invaders inside
/// an area in [`enclosed_area`].
const INVADER_STONES: usize = 3;

/// The largest region of empty points (and dead stones, and invaders) beside the group that
/// only its own strings and pass-alive strings of the opponent enclose (a space the
/// eye-space stage leaves out, being beside opponent stones), when it has at least
/// [`LARGE_AREA`] empty points, at least twice as many as the opponent's stones inside, and
/// fewer of those than the group has: the group's area between its wall and a living
/// opponent group.
fn enclosed_area(
    board: &Board,
    frame: &Frame,
    live: &Liveness,
    pass_alive: &[bool],
    strings: &[Loc],
) -> Option<EnclosedArea> {
    let color = board.color(strings[0])?;
    let mut seen = vec![false; board.grid_len()];
    let mut best: Option<(EnclosedArea, u16)> = None;
    let own: usize = strings.iter().map(|&t| board.stone_count(t)).sum();
    for &s in strings {
        for start in board.liberties(s) {
            if seen[start.index()] {
                continue;
            }
            seen[start.index()] = true;
            let (mut stack, mut size, mut core, mut closed) = (vec![start], 0usize, 0usize, true);
            // The region's first point in the board's canonical order, for the last tie.
            let mut first = frame.key(board, start);
            // The opponent's stones inside, dead ones left out, and their strings.
            let mut invaders = 0usize;
            let mut invader_strings: Vec<Loc> = Vec::new();
            while let Some(p) = stack.pop() {
                size += usize::from(board.is_empty(p));
                first = first.min(frame.key(board, p));
                if board.color(p) == Some(color.opponent()) && !live.is_dead(p) {
                    invaders += 1;
                    let id = board.string_id(p);
                    if !invader_strings.contains(&id) {
                        invader_strings.push(id);
                    }
                }
                let beside_opponent = board.neighbors(p).any(|q| {
                    board.color(q) == Some(color.opponent())
                        && pass_alive[board.string_id(q).index()]
                });
                core += usize::from(board.is_empty(p) && !beside_opponent);
                for q in board.neighbors(p) {
                    // Part of the region: an empty point, a dead stone, or an invader (an
                    // opponent string of a few stones, not pass-alive).
                    let inside = match board.color(q) {
                        None => true,
                        Some(_) if live.is_dead(q) => true,
                        Some(c) => {
                            c != color
                                && !pass_alive[board.string_id(q).index()]
                                && board.string_stones(q).len() <= INVADER_STONES
                        }
                    };
                    match board.color(q) {
                        Some(c) if !inside => {
                            let id = board.string_id(q);
                            if (c == color && !strings.contains(&id))
                                || (c != color && !pass_alive[id.index()])
                            {
                                closed = false;
                            }
                        }
                        _ => {
                            if !seen[q.index()] {
                                seen[q.index()] = true;
                                stack.push(q);
                            }
                        }
                    }
                }
            }
            // Invaders are few in an area of the group's: where the opponent's stones are
            // half as many as its empty points or more, the region is the opponent's as
            // much (on a 5x5 board, black's living group of small strings around white's
            // one-eyed group is no area of white's); and they are fewer stones than the
            // group (white's one stone in the opening does not own the board round black's
            // two).
            // Of two such areas the larger, then the one with the larger core, then the
            // fewer invaders, then the first in the board's canonical order: the same area
            // however the board is turned.
            let rank = (size, core, std::cmp::Reverse(invader_strings.len()));
            if closed
                && size >= LARGE_AREA
                && 2 * invaders <= size
                && invaders < own
                && best.as_ref().is_none_or(|(b, key)| {
                    let theirs = (b.size, b.core, std::cmp::Reverse(b.invaders.len()));
                    rank > theirs || (rank == theirs && first < *key)
                })
            {
                best = Some((
                    EnclosedArea {
                        size,
                        core,
                        invaders: invader_strings,
                    },
                    first,
                ));
            }
        }
    }
    best.map(|(area, _)| area)
}

/// The most stones of a group [`joins_out`] reads.
const JOIN_STONES: usize = 6;

/// The plies [`joins_out`] reads.
const JOIN_DEPTH: u8 = 9;

/// Whether the owner of `g`, a small group short of eyes that its opponent's area seems to
/// enclose, moving first, joins it to a pass-alive string of its colour, whatever the
/// opponent answers: read to the end ([`fight::joins`]) on the empty points of the closed
/// area round it ([`fight::fight_area`]), the pass-alive strings next to that area the
/// homes. A stone in the dame between two living groups (`tests/final_status.rs`,
/// `a_stone_in_the_dame_beside_a_pass_alive_group_is_not_part_of_it`, white to move: white
/// D8, then E8 or D9).
fn joins_out(work: &mut Board, groups: &[Candidate], g: &Candidate) -> bool {
    let stones: Vec<Loc> = g
        .strings
        .iter()
        .flat_map(|&s| work.string_stones(s))
        .collect();
    if stones.len() > JOIN_STONES {
        return false;
    }
    let Some(area) = fight::fight_area(work, &g.strings) else {
        return false;
    };
    let homes: Vec<Loc> = groups
        .iter()
        .filter(|h| h.color == g.color && h.all_pass_alive)
        .flat_map(|h| h.strings.iter().copied())
        .filter(|&s| {
            work.string_stones(s).iter().any(|&p| {
                work.neighbors(p)
                    .any(|q| area.contains(&q) && work.is_empty(q))
            })
        })
        .collect();
    if homes.is_empty() {
        return false;
    }
    let empty: Vec<Loc> = area.iter().copied().filter(|&p| work.is_empty(p)).collect();
    fight::joins(work, &stones, &homes, &empty, JOIN_DEPTH)
}

/// Step 4's test: were the group gone, and every group of its colour short of eyes (`weak`),
/// its stones would lie in the opponent's domain and outside its own.
fn enclosed(board: &Board, live: &Liveness, g: &Candidate, weak: &[Loc]) -> bool {
    let mut dead: Vec<Loc> = live.dead_strings(board);
    dead.extend(g.strings.iter().copied());
    dead.extend(weak.iter().copied());
    let without = Liveness::from_dead(board, &dead);
    let theirs = domain(board, &without, g.color.opponent());
    let mine = domain(board, &without, g.color);
    g.strings
        .iter()
        .flat_map(|&s| board.string_stones(s))
        .all(|p| theirs[p.index()] && !mine[p.index()])
}

/// A group's liberties in a capturing race: each liberty once, except that an eye (a region
/// of empty points whose every neighbouring stone is the group's own) counts the moves the
/// opponent needs to fill it, 1, 2, 3, 5, 8, 12 for one to six points (a big eye of four
/// points is worth five liberties: the square four in the corner of two equal big eyes
/// sharing a liberty goes to the side to move, as read by GNU Go), and a larger region with
/// at least seven points inside the group's stones, touched by no opponent string of more
/// than two liberties, 17 and five more a point inside past seven ([`race_count`]).
fn race_liberties(board: &Board, strings: &[Loc]) -> usize {
    race_count(board, strings).count
}

/// A group's side of a capturing race: its count ([`race_liberties`]), its liberties (those
/// the count takes one by one, outside its eyes), and whether it has an eye.
struct RaceCount {
    count: usize,
    libs: Vec<Loc>,
    eye: bool,
}

impl RaceCount {
    /// The two counts of a race between `self` and `them`: a group with an eye against one
    /// with none also counts the liberties they share, which the other cannot fill without
    /// taking its own last ones (one eye beats none: `19-l1-s2601`, held out).
    fn against(&self, them: &RaceCount) -> (usize, usize) {
        let shared = self.libs.iter().filter(|l| them.libs.contains(l)).count();
        match (self.eye, them.eye) {
            (true, false) => (self.count, them.count.saturating_sub(shared)),
            (false, true) => (self.count.saturating_sub(shared), them.count),
            _ => (self.count, them.count),
        }
    }
}

/// Whether the strings `mine`, of colour `color`, lose a capturing race counted against
/// the strings `theirs` ([`RaceCount::against`]; the side to move wins a tie): the two
/// counts where they do.
fn loses_counted_race(
    board: &Board,
    mine: &[Loc],
    theirs: &[Loc],
    color: Color,
    to_move: Color,
) -> Option<(usize, usize)> {
    let (a, b) = (race_count(board, mine), race_count(board, theirs));
    let (m, t) = a.against(&b);
    (m < t || (m == t && to_move != color)).then_some((m, t))
}

/// [`RaceCount`] of a group. An eye is a region closed by the group's stones none of whose
/// strings the opponent can put in atari from outside it (a string of two liberties, one
/// outside: `19-l1-s2601`'s D14, where four black strings meet and white, filling D16,
/// leaves D15 only D14), or an opponent string in atari that the group's stones close in
/// (taking it leaves an eye: `19-l1-s2601`'s C11; a single stone's point not false by its
/// diagonals).
fn race_count(board: &Board, strings: &[Loc]) -> RaceCount {
    const BIG_EYE: [usize; 7] = [0, 1, 2, 3, 5, 8, 12];
    let mut libs = group_libs(board, strings);
    if strings.len() > 1 {
        // The last liberty of a string of the group in atari is no liberty of the group: the
        // opponent fills it by taking that string, and the others lose it with it (black
        // D13, in atari at C13, joined to B14 C14 and C12 by the space they share).
        let last: Vec<Loc> = strings
            .iter()
            .filter(|&&s| board.liberty_count(s) == 1)
            .flat_map(|&s| board.liberties(s))
            .collect();
        libs.retain(|l| !last.contains(l));
    }
    let own = |m: Loc| strings.contains(&board.string_id(m));
    let Some(color) = strings.first().and_then(|&s| board.color(s)) else {
        return RaceCount {
            count: 0,
            libs: Vec::new(),
            eye: false,
        };
    };
    let mut seen = vec![false; board.grid_len()];
    let mut count = 0;
    let mut eye = false;
    let mut single = Vec::new();
    for &l in &libs {
        if seen[l.index()] {
            continue;
        }
        seen[l.index()] = true;
        let (mut region, mut i, mut closed) = (vec![l], 0, true);
        let mut walls: Vec<Loc> = Vec::new();
        while i < region.len() {
            let p = region[i];
            i += 1;
            for m in board.neighbors(p) {
                match board.color(m) {
                    None if !seen[m.index()] => {
                        seen[m.index()] = true;
                        region.push(m);
                    }
                    None => {}
                    Some(_) => {
                        closed &= own(m);
                        let w = board.string_id(m);
                        if !walls.contains(&w) {
                            walls.push(w);
                        }
                    }
                }
            }
        }
        // The points of the region that no stone but the group's touches: the opponent
        // fills none of them without playing inside the group's own area first.
        let inner = region
            .iter()
            .filter(|&&p| {
                board
                    .neighbors(p)
                    .all(|m| board.color(m).is_none() || own(m))
            })
            .count();
        match BIG_EYE.get(region.len()) {
            // A region larger than the table, with as many points inside the group's own
            // area, that no opponent string of more than two liberties touches: an eye no
            // race fills (held-out `19-l10-s6754`: black's 30 stones round a 45-point area
            // that white's two weak strings J18 and H19 touch at one end).
            None if inner >= BIG_EYE.len()
                && walls.iter().all(|&w| own(w) || board.liberty_count(w) <= 2) =>
            {
                count += BIG_EYE[BIG_EYE.len() - 1] + 5 * (inner + 1 - BIG_EYE.len());
                eye = true;
            }
            Some(&n) if closed => {
                count += n;
                // A wall string the opponent can put in atari from outside the region
                // makes it false: the owner fills it to save that string.
                eye |= !(region.len() == 1 && false_by_diagonals(board, l, color))
                    && walls.iter().all(|&w| {
                        let libs = board.liberties(w);
                        let outside = libs.iter().filter(|p| !region.contains(p)).count();
                        !(libs.len() == 1 || (libs.len() == 2 && outside == 1))
                    });
            }
            _ => {
                let taken: Vec<Loc> = region
                    .iter()
                    .copied()
                    .filter(|p| libs.contains(p))
                    .collect();
                count += taken.len();
                single.extend(taken);
            }
        }
    }
    // An opponent string in atari at one of the group's liberties, closed in by the group's
    // stones: taking it leaves an eye.
    if !eye {
        eye = libs.iter().any(|&l| {
            board.neighbors(l).any(|m| {
                board.color(m) == Some(color.opponent())
                    && board.liberty_count(m) == 1
                    && board.string_stones(m).iter().all(|&x| {
                        board.neighbors(x).all(|y| {
                            y == l
                                || board.string_id(y) == board.string_id(m)
                                || (board.color(y).is_some() && own(y))
                        })
                    })
                    && (board.stone_count(m) > 1 || !false_by_diagonals(board, m, color))
            })
        });
    }
    RaceCount {
        count,
        libs: single,
        eye,
    }
}

/// Whether the point `p` is a false eye of `color` by its diagonals: an opponent stone on
/// two of them, or on one where `p` is on the edge (the test of the eye spaces' analysis,
/// without its reading of whether those stones can be taken).
fn false_by_diagonals(board: &Board, p: Loc, color: Color) -> bool {
    let opponent = Some(color.opponent());
    let on = board
        .diagonals(p)
        .iter()
        .filter(|(d, _, _)| board.on_board(*d) && board.color(*d) == opponent)
        .count();
    on >= if board.edge_count(p) > 0 { 1 } else { 2 }
}

/// Step 4's seki: no string of the group or of its weak neighbours can be captured even by
/// a first move, and every liberty of each is shared with the other side or lies in its own
/// eye space (which may hold dead opponent stones: a seki group's eye with a stone it can
/// take at leisure). Gives the shared liberties.
fn seki(
    board: &mut Board,
    live: &Liveness,
    read: tactics::ReadLimits,
    groups: &[Candidate],
    gi: usize,
    foes: &[usize],
) -> Option<Vec<Loc>> {
    let g = &groups[gi];
    let mine: Vec<Loc> = group_libs(board, &g.strings);
    let theirs: Vec<Loc> = foes
        .iter()
        .flat_map(|&h| group_libs(board, &groups[h].strings))
        .collect();
    let mut shared: Vec<Loc> = mine
        .iter()
        .copied()
        .filter(|l| theirs.contains(l))
        .collect();
    shared.sort();
    shared.dedup();
    if shared.is_empty() {
        return None;
    }
    // Every liberty is shared, or in an eye: a point whose neighbours on the board are all
    // the side's own stones, dead opponent stones (taken when the side likes: the point
    // stays its eye), or other such points.
    let own_eye = |b: &Board, l: Loc, c: Color| {
        b.neighbors(l).all(|m| match b.color(m) {
            Some(k) if k == c => true,
            Some(_) => live.is_dead(m),
            None => !shared.contains(&m),
        })
    };
    let all_in = |b: &Board, libs: &[Loc], c: Color| {
        libs.iter().all(|l| shared.contains(l) || own_eye(b, *l, c))
    };
    if !all_in(board, &mine, g.color) || !all_in(board, &theirs, g.color.opponent()) {
        return None;
    }
    // Neither side can fill a shared liberty without being captured at once.
    for &l in &shared {
        if !unsafe_for(board, l, g.color) || !unsafe_for(board, l, g.color.opponent()) {
            return None;
        }
    }
    let strings = with_foes(groups, gi, foes);
    // A small closed fight is read to the end: neither side takes a stone of the other,
    // whoever starts (the tactical reader misses a throw-in into an eye that holds off a
    // capture).
    if let Some(area) = fight::fight_area(board, &strings) {
        let stones =
            |v: &[Loc]| -> Vec<Loc> { v.iter().flat_map(|&s| board.string_stones(s)).collect() };
        let mine = stones(&g.strings);
        let theirs: Vec<Loc> = foes
            .iter()
            .flat_map(|&h| stones(&groups[h].strings))
            .collect();
        let them_first = fight::captures(board, g.color.opponent(), &mine, &area, false);
        let me_first = fight::captures(board, g.color, &theirs, &area, false);
        match (them_first, me_first) {
            (Some(false), Some(false)) => return Some(shared),
            (Some(true), _) | (_, Some(true)) => return None,
            _ => {}
        }
    }
    for s in strings {
        if let Attack::Captures(_) = tactics::attack(board, s, read) {
            return None;
        }
    }
    Some(shared)
}

fn group_libs(board: &Board, strings: &[Loc]) -> Vec<Loc> {
    let mut libs: Vec<Loc> = strings.iter().flat_map(|&s| board.liberties(s)).collect();
    libs.sort();
    libs.dedup();
    libs
}

/// The decision kept for good ([`from_readings`]' `fixed`) that holds a string of `strings`,
/// the first made where several do, whichever of the strings comes first on the board (the
/// same answer however the board is turned): a group that holds one is not decided again.
/// Its status and reason are reported only for the group it was made of ([`report`]).
fn fixed_for<'a>(
    fixed: &'a [(Vec<Loc>, FinalStatus, Reason)],
    strings: &[Loc],
) -> Option<&'a (Vec<Loc>, FinalStatus, Reason)> {
    fixed
        .iter()
        .find(|(v, _, _)| strings.iter().any(|s| v.contains(s)))
}

/// The last step: every string in a group, with its status and reason.
fn report(
    board: &Board,
    live_groups: &[Candidate],
    reports: &[SpaceReport],
    dead_reason: &[(Loc, Reason)],
    fixed: &[(Vec<Loc>, FinalStatus, Reason)],
    rounds: usize,
) -> FinalReport {
    let spaces_of = |idx: &[usize]| -> Vec<(Vec<Loc>, Option<MinMax>)> {
        idx.iter()
            .map(|&i| (reports[i].points(), reports[i].min_max()))
            .collect()
    };
    let mut groups: Vec<Group> = Vec::new();
    for g in live_groups {
        let decided = fixed_for(fixed, &g.strings);
        let (status, reason) = if let Some((_, st, why)) = decided.filter(|(v, _, _)| {
            // A decision holds for the group it was made of; a group a later round joined
            // to others (the dead stones round it taken off) is read as that round reads it.
            g.strings.iter().all(|s| v.contains(s))
        }) {
            (*st, why.clone())
        } else if g.all_pass_alive {
            (FinalStatus::Alive, Reason::PassAlive)
        } else if g.eyes.min >= 2 {
            (FinalStatus::Alive, Reason::TwoEyes(g.eyes))
        } else if let Some(n) = g.large {
            // Where a string of the group is pass-alive and another is not, the other
            // lives by the area, and the reason says so.
            (FinalStatus::Alive, Reason::LargeArea(n))
        } else if g.pass_alive {
            (FinalStatus::Alive, Reason::PassAlive)
        } else {
            (FinalStatus::Alive, Reason::Open(g.eyes))
        };
        groups.push(Group {
            color: g.color,
            strings: g.strings.clone(),
            stones: g
                .strings
                .iter()
                .flat_map(|&s| board.string_stones(s))
                .collect(),
            status,
            reason,
            spaces: spaces_of(&g.spaces),
        });
    }
    // Strings kept alive at the end that the last round read as dead (in a dead eye).
    for (strings, status, why) in fixed {
        let covered = groups
            .iter()
            .any(|g| strings.iter().any(|s| g.strings.contains(s)));
        if !covered {
            let color = board.color(strings[0]).expect("a string has stones");
            groups.push(Group {
                color,
                strings: strings.clone(),
                stones: strings
                    .iter()
                    .flat_map(|&s| board.string_stones(s))
                    .collect(),
                status: *status,
                reason: why.clone(),
                spaces: Vec::new(),
            });
        }
    }
    // Dead strings: one group per dead string and reason, joined when they touch (a string
    // that touches two such groups joins them: the order of the strings decides nothing).
    let mut dead: Vec<(Loc, Reason)> = dead_reason.to_vec();
    dead.sort_by_key(|(s, _)| *s);
    for (s, why) in dead {
        let color = board.color(s).expect("a dead string has stones");
        let touching: Vec<usize> = (0..groups.len())
            .filter(|&i| {
                let g = &groups[i];
                g.status == FinalStatus::Dead
                    && g.color == color
                    && g.reason == why
                    && g.strings.iter().any(|&t| shares_liberty(board, s, t))
            })
            .collect();
        match touching[..] {
            [] => groups.push(Group {
                color,
                strings: vec![s],
                stones: board.string_stones(s),
                status: FinalStatus::Dead,
                reason: why,
                spaces: Vec::new(),
            }),
            [i, ref others @ ..] => {
                // The later groups go into the first, last first (their indices stay valid).
                for &j in others.iter().rev() {
                    let g = groups.remove(j);
                    groups[i].strings.extend(g.strings);
                    groups[i].stones.extend(g.stones);
                }
                groups[i].strings.push(s);
                groups[i].stones.extend(board.string_stones(s));
            }
        }
    }
    // A group dead inside the opponent's area whose wall, in the end, lives only by an area
    // counted, not read: its death rests on that count.
    let unread: Vec<Option<usize>> = groups
        .iter()
        .map(|g| {
            if !matches!(
                g.reason,
                Reason::Enclosed(_) | Reason::EnclosedSpaceUnread(..)
            ) {
                return None;
            }
            let around: Vec<Loc> = g
                .strings
                .iter()
                .flat_map(|&s| opponents_around(board, s, g.color))
                .collect();
            groups
                .iter()
                .filter(|h| h.strings.iter().any(|t| around.contains(t)))
                .filter_map(|h| match h.reason {
                    Reason::LargeArea(n) => Some(n),
                    _ => None,
                })
                .max()
        })
        .collect();
    for (g, n) in groups.iter_mut().zip(unread) {
        // The wall's area unread says more than a space of the group's own unread.
        if let (Reason::Enclosed(e) | Reason::EnclosedSpaceUnread(e, _), Some(n)) = (&g.reason, n) {
            g.reason = Reason::EnclosedUnread(*e, n);
        }
    }
    for g in &mut groups {
        g.strings.sort();
        g.stones.sort();
    }
    groups.sort_by_key(|g| g.stones[0]);
    let mut group_of = vec![None; board.grid_len()];
    for (i, g) in groups.iter().enumerate() {
        for s in &g.stones {
            group_of[s.index()] = Some(i);
        }
    }
    FinalReport {
        groups,
        group_of,
        rounds,
    }
}

fn shares_liberty(board: &Board, a: Loc, b: Loc) -> bool {
    let la = board.liberties(a);
    board.liberties(b).iter().any(|l| la.contains(l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::corpus::final_positions;

    thread_local! {
        /// Set by a test to read the large spaces of every group that needs them in the
        /// round it is met, a group alive without them too (as the rounds did before a
        /// reading for the reason alone was left to their end).
        pub(super) static LARGE_AT_ONCE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// The large spaces read on this thread.
        pub(super) static LARGE_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// Set by a test to read the large spaces a round needs before any string is
        /// found dead in it (as the rounds did before [`dead_whatever_needed`]).
        pub(super) static READ_NEEDED_FIRST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// Set by a test to read every pair of a first move and an answer in
        /// [`miai_losses`] (as it did before it stopped at a first move shown not the worst).
        pub(super) static MIAI_EVERY_PAIR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// The positions [`miai_losses`] read on this thread.
        pub(super) static MIAI_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// Set by a test to read each closed fight of [`decide`] alone, not first with the
        /// others of its area (as it did before).
        pub(super) static EACH_FIGHT_ALONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// The readings of closed fights answered by one of their area's together.
        pub(super) static FIGHTS_SHARED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// The closed fights of strings that share an area are read first together, and where
    /// the opponent takes none of their stones, none alone: on every position of
    /// `tests/final/` and on held-out `13-l1-s7024` (four black strings of two and three
    /// liberties in their group's ten-point space on the right, each reading 6 to 11 ms alone
    /// and taking nothing), each side to move, the report is the one the readings alone give,
    /// and many readings are answered together.
    #[test]
    fn fights_that_share_an_area_read_together_change_no_answer() {
        let held = "\
+---------------------------+
|. . X O O . . . . O X X .|
|. X . X O X O . O O O X .|
|. . . X O O . O O X X . .|
|. . . X O . O X O O X . .|
|. . . X O O O X O X . X .|
|. . . X X X O X X X X . .|
|. . . X O O O O X O O X X|
|X X X X X O X O X X O O X|
|X O O O X X X X O O O O X|
|O . . O O X . . X O X X X|
|. O . . O O X X X O O O O|
|. . . . . O X O O . O . .|
|. . . . . . O . . O . . .|
+---------------------------+";
        let board = crate::board::ascii::parse_board(held, None).unwrap().board;
        let mut positions = final_positions();
        positions.push(("13-l1-s7024".into(), board, Color::White));
        let mut shared = 0;
        for (name, board, _) in positions {
            for to_move in [Color::Black, Color::White] {
                let (together, n) =
                    counted(&board, to_move, &EACH_FIGHT_ALONE, false, &FIGHTS_SHARED);
                let (alone, none) =
                    counted(&board, to_move, &EACH_FIGHT_ALONE, true, &FIGHTS_SHARED);
                assert_eq!(
                    format!("{together:?}"),
                    format!("{alone:?}"),
                    "{name} {to_move:?}"
                );
                assert_eq!(none, 0);
                if name == "13-l1-s7024" {
                    assert_eq!(n, 4, "{to_move:?}");
                }
                shared += n;
            }
        }
        // 76 when written: 68 on `tests/final/`, 8 on the held-out position.
        assert!(shared >= 60, "{shared}");
    }

    type Flag = std::thread::LocalKey<std::cell::Cell<bool>>;
    type Counter = std::thread::LocalKey<std::cell::Cell<usize>>;

    /// The final status with the test switch `flag` set to `on` for its reading, and what
    /// `counter` counted during it. An evaluator of its own each time: it keeps what it
    /// read, give-ups too.
    fn counted(
        board: &Board,
        to_move: Color,
        flag: &'static Flag,
        on: bool,
        counter: &'static Counter,
    ) -> (FinalReport, usize) {
        // On a pool of its own, one thread: the final status runs on the pool it is called
        // from, where a thread waiting on its parts may take up another test's reading,
        // which would see this test's switch.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a thread");
        pool.install(|| {
            flag.with(|c| c.set(on));
            counter.with(|c| c.set(0));
            let ev = Evaluator::with_default();
            let report = final_status(board, &ev, to_move, FinalLimits::default());
            flag.with(|c| c.set(false));
            (report, counter.with(|c| c.get()))
        })
    }

    /// The final status, and the large spaces it read, with the spaces of a group alive
    /// without them read at the rounds' end (`at_end`) or in each round.
    fn final_with(board: &Board, to_move: Color, at_end: bool) -> (String, usize) {
        let (report, n) = counted(board, to_move, &LARGE_AT_ONCE, !at_end, &LARGE_READ);
        (format!("{report:?}"), n)
    }

    /// Strings dead whatever their neighbours' large spaces are worth are taken off before
    /// those spaces are read ([`dead_whatever_needed`]): on every position of
    /// `tests/final/`, every stone has the status a reading of the spaces first gives, with
    /// fewer spaces read. In `19-l1-s13` the walls around black N4 and white R14 are
    /// short of eyes only because of them; their 16- and 12-point spaces, read first, give
    /// up at the budget. N4 is now dead inside the wall, which lives by its 42-point area
    /// (before: a race lost against a wall short of eyes).
    #[test]
    fn strings_dead_whatever_the_needed_spaces_are_worth_go_first() {
        let run = |board: &Board, to_move: Color, first: bool| {
            counted(board, to_move, &READ_NEEDED_FIRST, first, &LARGE_READ)
        };
        let (mut fewer, mut more) = (Vec::new(), 0);
        for (name, board, to_move) in final_positions() {
            let (now, n_now) = run(&board, to_move, false);
            let (before, n_before) = run(&board, to_move, true);
            for l in board.locs().filter(|&l| !board.is_empty(l)) {
                assert_eq!(
                    now.status_at(l),
                    before.status_at(l),
                    "{name} {}",
                    vertex::name(&board, l)
                );
            }
            if n_now < n_before {
                fewer.push(name.clone());
            }
            more += usize::from(n_now > n_before);
            if name.ends_with("19-l1-s13.sgf") {
                assert_eq!((n_now, n_before), (1, 4), "{name}");
                let n4 = vertex::parse(&board, "N4").unwrap();
                let g = now.group_at(n4).unwrap();
                assert_eq!(g.status, FinalStatus::Dead);
                assert!(
                    matches!(g.reason, Reason::EnclosedUnread(_, 42)),
                    "{:?}",
                    g.reason
                );
                let g = before.group_at(n4).unwrap();
                assert!(
                    matches!(g.reason, Reason::LostRace(2, 13)),
                    "{:?}",
                    g.reason
                );
            }
        }
        assert_eq!(more, 0);
        assert!(fewer.len() >= 5, "{fewer:?}");
    }

    /// A group that lives without its large spaces (a large area counted, or two eyes with
    /// an area beside it) has them read once the rounds are over: on every position of
    /// `tests/final/`, the report is the one a reading of them in every round gives (every
    /// status, reason and space value), with fewer spaces read.
    #[test]
    fn the_large_spaces_of_a_group_alive_without_them_are_read_at_the_end() {
        let (mut read_at_end, mut read_at_once, mut fewer) = (0, 0, 0);
        for (name, board, to_move) in final_positions() {
            let (at_end, n_end) = final_with(&board, to_move, true);
            let (at_once, n_once) = final_with(&board, to_move, false);
            assert_eq!(at_end, at_once, "{name}");
            assert!(n_end <= n_once, "{name}: {n_end} > {n_once}");
            read_at_end += n_end;
            read_at_once += n_once;
            fewer += usize::from(n_end < n_once);
        }
        // The 170 positions: 150 spaces read against 192 (28 positions read fewer).
        assert!(fewer >= 20, "{fewer}");
        assert!(
            read_at_end + 30 <= read_at_once,
            "{read_at_end} {read_at_once}"
        );
    }

    /// [`miai_losses`] stops reading the answers to a first move once one shows that move is
    /// not the worst: every status and reason is the one every pair read gives, on every
    /// position of `tests/final/` with either side to move and on a random middle-game
    /// board whose groups alive by miai made it read 24 positions (1.2 s): 22 positions
    /// read against 44 (the random board 8 against 24, four cases fewer).
    #[test]
    fn miai_losses_read_only_the_answers_that_can_matter() {
        let run = |board: &Board, to_move: Color, every: bool| {
            let (report, n) = counted(board, to_move, &MIAI_EVERY_PAIR, every, &MIAI_READ);
            (format!("{report:?}"), n)
        };
        // 200 random legal moves tried on 19x19 (the kind `tests/final/midgame.py random` makes).
        let random = crate::board::ascii::parse_board(
            "O . . X . O X . X X O X . X O . O X X\n\
             . O X X O . O X O O O . . . O . X O .\n\
             . X . X X . . . X . . O X O . O X . O\n\
             . O O . . . X . X . O O X . . . . O O\n\
             . X O . X . X . . X X O X X O O X X O\n\
             X . X . X O O X X O X O . . . . X . O\n\
             X O . . X X O . . . . . O . . X X O X\n\
             . . X O X O O . O O X . . X X . X . .\n\
             . . . X . X O O O X . . O X O . . . O\n\
             X X O . . O . O . X . . X . . . . X .\n\
             . O . . X . . O X X X . O O . . O . X\n\
             . X . . . . O . . X X O X X . . X . X\n\
             X O O X O . O O O . . . O X . . . . O\n\
             . O . X O O X X O . O . O X X O . . O\n\
             O O X X . . . X . X . . . O O . X . .\n\
             . O O O X . . X O X . . O O O O . . X\n\
             X X . . . . O O X . O X . X . O . O O\n\
             X . . O O . . O X . . O X O . O . . O\n\
             . . . X . X . X . . . O X . X . . . .",
            Some(19),
        )
        .unwrap()
        .board;
        let mut positions: Vec<(String, Board)> = final_positions()
            .into_iter()
            .map(|(name, board, _)| (name, board))
            .collect();
        positions.push(("random 19x19".into(), random));
        let (mut pruned, mut every, mut fewer) = (0, 0, Vec::new());
        for (name, board) in &positions {
            for to_move in [Color::Black, Color::White] {
                let (now, n_now) = run(board, to_move, false);
                let (all, n_all) = run(board, to_move, true);
                assert_eq!(now, all, "{name} {to_move:?}");
                assert!(n_now <= n_all, "{name} {to_move:?}: {n_now} > {n_all}");
                pruned += n_now;
                every += n_all;
                if n_now < n_all {
                    fewer.push(format!("{name} {to_move:?} {n_now}/{n_all}"));
                }
            }
        }
        assert!(
            fewer.iter().any(|f| f.starts_with("random 19x19")),
            "{fewer:?}"
        );
        assert!(fewer.len() >= 3, "{fewer:?}");
        assert!(pruned * 2 <= every, "{pruned} {every}");
    }
}
