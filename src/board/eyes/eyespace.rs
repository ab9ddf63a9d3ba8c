//! Eye spaces: which points of the board are a colour's eye space, split into spaces.
//!
//! Takes a [`Board`] and a [`Liveness`] (which strings are dead); gives, per colour, a list of
//! [`EyeSpace`]s: points with their marginal flag, attacker stone and board-edge count, and the
//! owning strings. The next stage, [`crate::board::eyes::topology`], reads diagonals around these points.
//!
//! ```
//! use nakade::board::{ascii, Color};
//! use nakade::board::eyespace::{eye_spaces, Liveness};
//! use nakade::board::tactics::ReadLimits;
//!
//! let d = "+-------------+\n|. . . O X . .|\n|O O O O X . .|\n|X X X X X . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n+-------------+";
//! let mut board = ascii::parse_board(d, None).unwrap().board;
//! let live = Liveness::read(&mut board, ReadLimits::default());
//! let spaces = eye_spaces(&mut board, &live, Color::White, ReadLimits::default());
//! assert_eq!(spaces[0].summary(&board), "white 3: A7 B7 C7 owners D7");
//! assert_eq!(spaces[0].render(&board), "+---\n|...");
//! ```
//!
//! # The rule
//!
//! Written for an owner C and an attacker A. Dead strings are invisible: their points count as
//! open (empty), as in GNU Go's `make_domains` (seed `002`, "Functions in optics.c"). The
//! *domain* of a colour is grown from its lively stones by an influence count (seed `002`,
//! "Functions in optics.c", as GNU Go 3.8's `eye_data` shows it):
//!
//! 1. its lively stones are in it (influence 1); lively enemy stones have influence -1;
//! 2. an open point next to one of its lively stones is in it (influence 1), unless it is a
//!    false margin (below), which joins neither domain; every other open point starts outside
//!    at 0. Any open point has one less when it touches a lively enemy stone (its threshold
//!    is then 1 instead of 0) or, failing that, when it lies on the first line;
//! 3. until nothing changes, an open point joins (its influence rises by one) when an
//!    orthogonal neighbour `q` and the diagonal `r` next to both have influences summing above
//!    its threshold. Low first-line influence keeps the domain from leaking under a
//!    third-line stone, the threshold from leaking past a knight's move, and the lowered
//!    influence of points between two enemy stones from leaking through a two-space jump.
//!
//! An open point in C's domain and not A's is *core*; in both, *contested*. C's eye space is
//! the core points and the contested points next to a point only C's domain holds (a core
//! point or a lively C stone). Contested points of the space are **marginal**, and so are core
//! points next to a point only A's domain holds (a lively A stone, or an open point only A
//! reaches). This is GNU Go's eye space (`eye_data` answers it point by point): a contested
//! point beside C's wall is a margin of C's space even with no open core point beside it.
//!
//! **C's own dead stones** are not points of C's space (unlike GNU Go, which keeps them and
//! then finds no `eyes.db` pattern, since its patterns want those points empty): C cannot
//! play there and cannot save them, and A takes them when he likes and may then play on
//! their points, so a point beside one is marginal, as beside a point only A reaches.
//!
//! **False margins** (seed `002`, "False Margins"): a marginal empty point with neighbours of
//! both colours, among them a dead A stone and a lively A string that reading cannot capture,
//! where A cannot safely play, can never be A's way in; it is dropped from the space.
//!
//! The spaces are the components of what is left, two neighbouring points linked unless both
//! are marginal (a row of margins along a wall is a row of one-point spaces, as in GNU Go);
//! the owners of a space are the lively C strings next to it.
//!
//! # Liveness
//!
//! [`Liveness::read`] calls a string dead when (a) tactical reading captures it whatever its
//! owner does (the reading attacks a string of four liberties too when it is hemmed in,
//! [`tactics::HEMMED_IN`]), (b) it lies in a pass-alive region of the other colour (Benson), or (c) reading
//! can capture it (its owner moving second) and it lies in a region of the other colour (a
//! maximal set of points without the other colour's stones) of at most [`SMALL_REGION`]
//! points, too small for two eyes, or (d) reading can capture it, none of its liberties is a
//! core point of its own colour, and, were it gone, its points and liberties would lie in the
//! other colour's domain and outside its own (a string cut off inside the opponent's area,
//! which GNU Go's dragon code also calls dead: the lone stone A1 of
//! `tests/positions/bent_three.sgf`) and no other string of its colour lies in its region
//! (the points without the other colour's stones connected to it: a string with a friend
//! there is not cut off and can run to it), or (e) it lies in a closed region of the other
//! colour of at most [`READ_REGION`] points (the other colour's strings around it have two
//! liberties or more outside) where the solver reads that the other colour makes two eyes
//! even when the string's colour moves first: then no stone there lives, whatever its
//! liberties (two stones in a nine-point edge space, a straight three in a twelve-point
//! centre space, a ring around a square four; a lone stone in an open twenty-point corner
//! is beyond the solver's budget here). Before the whole region, rule (e) asks whether the
//! string's colour lives there by itself, moving first: with one stone that makes one of its
//! strings pass-alive, or by an eye space of at most [`INTRUDER_EYE`] points that one of its
//! strings alone closes, read by the solver as two eyes or a seki (the wall's stones beside
//! it taken as invincible). Then the wall makes no two eyes there, and the region is not
//! read: a reading that shows it costs the whole of [`READ_REGION_NODES`] where the region
//! is large. Pass-alive strings
//! are never dead, and neither is a string that these rules call dead when every opponent
//! string beside it is dead too: it sits in the eye of a dead group (black on the vital
//! point of white's corner straight three), and the group dies with it there. The capture condition in (c) and (d) keeps seki alive: a string that
//! reading cannot capture stays lively (position `tests/positions/seki.txt`, where GNU Go
//! calls the seki ring dead). This stands in for GNU Go's dragon status; callers who know better pass their
//! own list ([`Liveness::from_dead`]).
//!
//! Where this differs from GNU Go: GNU Go's eye spaces see only tactical status (a string is
//! dead when it can be captured and not saved, or an "inessential" string sealed in the other
//! colour's cavity); rules (b) to (e) call more strings dead than that, and our tactical
//! reader is weaker than GNU Go's, so some strings are lively for one and dead for the other.

use crate::board::strings::benson;
use crate::board::strings::tactics::{self, Attack, Defense, ReadLimits};
use crate::board::strings::{self, StringReadings, StringStatus};
use crate::board::{vertex, Board, Color, Loc};
use crate::evaluation::solve::{solve_with, Features, Params, Space, MAX_OUTER_LIBERTIES};
use crate::pattern::diagram::{Cell, Content, Diagram, Marker};

/// The largest eye space of an intruder that rule (e) reads before the whole region (see
/// `intruder_lives`).
pub const INTRUDER_EYE: usize = 12;

/// The solver's budget, in nodes, for an intruder's own eye space (see [`INTRUDER_EYE`]).
pub const INTRUDER_NODES: u64 = 20_000;

/// Regions of at most this many points cannot hold a living opponent group (rule (c)): two
/// eyes need two empty points each closed by the group's own stones, and the smallest such
/// group, in the corner, fills eight points.
pub const SMALL_REGION: usize = 6;

/// Closed regions of at most this many points are read by the solver for rule (e).
pub const READ_REGION: usize = 20;

/// The most vertices (points and the stones they close in) of a space these rules read.
/// The solver takes more ([`MAX_VERTICES`](crate::evaluation::solve::MAX_VERTICES)), but it
/// counts a seki as two eyes: a region whose intruders are in seki with a string of the
/// wall's colour closed in there (`tests/positions/seki.txt`: black's ring with its two
/// liberties, which it shares with white's inner string, 21 vertices) would read as two
/// eyes for the wall and call the intruders dead.
pub const READ_VERTICES: usize = 20;

/// The solver's budget, in nodes, for one closed region of rule (e). Every region read that
/// decided a string dead in the corpora (every position of the six random games, the bench
/// positions, the `eval_eye` corpus) took fewer than 50,000 nodes; a region read to its end
/// without deciding, or given up, costs the whole budget, and was most of the analysis time of
/// the corpus's small boards at 200,000 (the analyses are byte for byte the same at 60,000).
pub const READ_REGION_NODES: u64 = 60_000;

/// Which stones are dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Liveness {
    dead: Vec<bool>,
}

impl Liveness {
    /// Every stone alive.
    pub fn all_alive(board: &Board) -> Liveness {
        Liveness {
            dead: vec![false; board.grid_len()],
        }
    }

    /// The strings through the given stones dead, all others alive.
    pub fn from_dead(board: &Board, dead_stones: &[Loc]) -> Liveness {
        let mut l = Liveness::all_alive(board);
        for &s in dead_stones {
            if board.color(s).is_some() {
                for t in board.string_stones(s) {
                    l.dead[t.index()] = true;
                }
            }
        }
        l
    }

    /// The module's rule: tactically dead, in a pass-alive region, sealed in a small region,
    /// cut off in the opponent's area, or read dead in a closed region. Reads the strings
    /// first ([`strings::read`]); [`Liveness::from_readings`] when that is done.
    pub fn read(board: &mut Board, limits: ReadLimits) -> Liveness {
        let readings = strings::read(board, limits);
        Liveness::from_readings(board, &readings)
    }

    /// [`Liveness::read`] as GTP's `eval_eye` reads it (GNU Go's convention): the side to
    /// move known ([`Liveness::from_readings_to_move`]), and a string saved only by winning
    /// a ko counted as saved ([`strings::with_ko_saves`]).
    pub fn read_for_eval_eye(board: &mut Board, limits: ReadLimits, to_move: Color) -> Liveness {
        let readings = strings::read(board, limits);
        let readings = strings::with_ko_saves(board, &readings, limits);
        Liveness::from_readings_to_move(board, &readings, Some(to_move))
    }

    /// The module's rule on the string stage's output, whoever is to move (rules (c) and
    /// (d) take a string its opponent can capture as dead even when its owner is to move and
    /// can save it); [`Liveness::from_readings_to_move`] when the side to move is known.
    pub fn from_readings(board: &Board, readings: &StringReadings) -> Liveness {
        Liveness::from_readings_to_move(board, readings, None)
    }

    /// The module's rule on the string stage's output, with `to_move` the side to move when
    /// it is known. A string whose owner is to move and which reading saves (moving first)
    /// is not taken as dead by rules (c) and (d), which rest on the opponent capturing it
    /// first: the owner plays the save now (white J3 and black H3 in atari beside each other,
    /// white to move: white takes H3; a stone in atari in open ground, its owner to move:
    /// it runs out to four liberties). Rules (a), (b) and (e) hold whoever is to move.
    pub fn from_readings_to_move(
        board: &Board,
        readings: &StringReadings,
        to_move: Option<Color>,
    ) -> Liveness {
        let mut dead = Vec::new();
        for &(s, status) in &readings.strings {
            match status {
                StringStatus::PassAlive => {}
                StringStatus::InOpponentsRegion => dead.push(s),
                StringStatus::Read { attack, defense } => match (attack, defense) {
                    (Attack::Captures(_), Defense::Fails) => dead.push(s),
                    (Attack::Captures(_), Defense::Saves(_))
                        if to_move.is_some() && board.color(s) == to_move => {}
                    (Attack::Captures(_), _)
                        if in_small_region(board, s)
                            || (in_enemy_core(board, s) && !reaches_a_friend(board, s)) =>
                    {
                        dead.push(s)
                    }
                    _ => {}
                },
            }
        }
        dead.extend(dead_in_closed_regions(board, &dead, &readings.pass_alive));
        let live = Liveness::from_dead(board, &dead);
        // A dead string whose every neighbouring opponent string is dead too sits in the
        // eye of a dead group (black B1 on the vital point of white's dead straight three
        // in the corner): the group dies with it still there, so it is not dead.
        let revived: Vec<Loc> = live
            .dead_strings(board)
            .into_iter()
            .filter(|&s| {
                let c = board.color(s).expect("a dead string has stones");
                let around = board.adjacent_strings(s, c.opponent());
                !around.is_empty() && around.iter().all(|&t| live.is_dead(t))
            })
            .collect();
        if revived.is_empty() {
            return live;
        }
        dead.retain(|&d| {
            !revived
                .iter()
                .any(|&r| board.string_id(r) == board.string_id(d))
        });
        Liveness::from_dead(board, &dead)
    }

    /// True when the stone at `loc` is dead.
    pub fn is_dead(&self, loc: Loc) -> bool {
        self.dead.get(loc.index()).copied().unwrap_or(false)
    }

    /// The heads of the dead strings, in board order.
    pub fn dead_strings(&self, board: &Board) -> Vec<Loc> {
        board
            .strings()
            .into_iter()
            .filter(|&s| self.is_dead(s))
            .collect()
    }
}

/// Rule (d): the string at `s` is cut off inside the opponent's area. With the string
/// ignored (taken as dead, all others alive) its stones and liberties all lie in the other
/// colour's domain and outside its own; and with it alive, none of its liberties is a core
/// point of its own colour (so it has no eye space of its own to live in).
fn in_enemy_core(board: &Board, s: Loc) -> bool {
    let c = board.color(s).expect("a stone");
    let libs = board.liberties(s);
    let all = Liveness::all_alive(board);
    let mine_alive = domain(board, &all, c);
    let theirs_alive = domain(board, &all, c.opponent());
    if libs
        .iter()
        .any(|l| mine_alive[l.index()] && !theirs_alive[l.index()])
    {
        return false;
    }
    let live = Liveness::from_dead(board, &[s]);
    let mine = domain(board, &live, c);
    let theirs = domain(board, &live, c.opponent());
    let mut points = board.string_stones(s);
    points.extend(libs);
    points.iter().all(|p| theirs[p.index()] && !mine[p.index()])
}

/// True when the region of the string at `s` (the points without the other colour's stones
/// connected to it) holds another string of its colour. Rule (d) then does not apply: no
/// opponent stones cut the string off from its friends, so it can run to them (an opening
/// stone beside a few opponent stones is not cut off inside the opponent's area).
fn reaches_a_friend(board: &Board, s: Loc) -> bool {
    let c = board.color(s).expect("a stone");
    let head = board.string_id(s);
    let mut seen = vec![false; board.grid_len()];
    let mut stack = vec![s];
    seen[s.index()] = true;
    while let Some(p) = stack.pop() {
        if board.color(p) == Some(c) && board.string_id(p) != head {
            return true;
        }
        for n in board.neighbors(p) {
            if board.color(n) != Some(c.opponent()) && !seen[n.index()] {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// Rule (e): the strings of a colour in a closed region of the other colour (a maximal set
/// of points without the other colour's stones) of at most [`READ_REGION`] points, where the
/// solver reads that the other colour makes two eyes even when these strings' colour moves
/// first (digit `b` of the region's value is 2). Two eyes for the enclosing wall with the
/// intruder moving first leave the intruder no life of its own there (no seki either: a wall
/// with two eyes fills the shared liberties), so every intruding string is dead, whatever
/// its liberties: the straight three inside a twelve-point centre space. A region whose wall has a dead string, or that holds a
/// pass-alive string, is left alone; a reading beyond [`READ_REGION_NODES`] decides nothing.
fn dead_in_closed_regions(board: &Board, dead: &[Loc], alive: &[benson::PassAlive; 2]) -> Vec<Loc> {
    let dead_head = |s: Loc| {
        dead.iter()
            .any(|&d| board.string_id(d) == board.string_id(s))
    };
    let mut judged = vec![false; board.grid_len()];
    let mut out = Vec::new();
    for s in board.strings() {
        if judged[s.index()] || dead_head(s) {
            continue;
        }
        let c = board.color(s).expect("a string");
        let Some(region) = closed_region(board, s, READ_REGION) else {
            continue;
        };
        for &p in &region {
            judged[p.index()] = true;
        }
        let intruders: Vec<Loc> = board
            .strings()
            .into_iter()
            .filter(|&t| board.color(t) == Some(c) && region.contains(&t))
            .collect();
        if intruders
            .iter()
            .any(|t| alive[c as usize].strings.contains(t))
        {
            continue;
        }
        let wall = EyeSpace {
            color: c.opponent(),
            points: region
                .iter()
                .map(|&loc| SpacePoint {
                    loc,
                    marginal: false,
                    stone: board.color(loc) == Some(c),
                    edge: board.edge_count(loc),
                })
                .collect(),
            owners: wall_strings(board, &region, c.opponent()),
            false_margins: Vec::new(),
        };
        if wall.owners.iter().any(|&o| dead_head(o)) {
            continue;
        }
        if !lives_in_one_move(board, &region, c)
            && !intruder_lives(board, &region, c)
            && wall_makes_two_eyes(board, &wall)
        {
            out.extend(intruders.into_iter().filter(|&t| !dead_head(t)));
        }
    }
    out
}

/// The region of the string at `s` (the points without the other colour's stones connected
/// to it), sorted, or `None` when it has more than `limit` points.
fn closed_region(board: &Board, s: Loc, limit: usize) -> Option<Vec<Loc>> {
    let other = board.color(s)?.opponent();
    let mut seen = vec![s];
    let mut i = 0;
    while i < seen.len() {
        for n in board.neighbors(seen[i]) {
            if board.color(n) != Some(other) && !seen.contains(&n) {
                seen.push(n);
                if seen.len() > limit {
                    return None;
                }
            }
        }
        i += 1;
    }
    seen.sort();
    Some(seen)
}

/// Heads of the strings of `color` next to `region`, sorted.
fn wall_strings(board: &Board, region: &[Loc], color: Color) -> Vec<Loc> {
    let mut heads: Vec<Loc> = region
        .iter()
        .flat_map(|&p| board.neighbors(p))
        .filter(|&n| board.color(n) == Some(color))
        .map(|n| board.string_id(n))
        .collect();
    heads.sort();
    heads.dedup();
    heads
}

/// True when `color`, moving first, makes one of its strings in `region` pass-alive
/// (Benson) with one stone there: the wall around the region then makes no two eyes in it
/// with `color` moving first, and rule (e) need not read it (a reading that shows it costs
/// the whole of [`READ_REGION_NODES`] where the intruder's eye space is large).
fn lives_in_one_move(board: &Board, region: &[Loc], color: Color) -> bool {
    let mut b = board.clone();
    for &p in region {
        if !b.is_empty(p) || b.play(p, color).is_err() {
            continue;
        }
        let alive = benson::pass_alive(&b, color);
        let lives = alive
            .strings
            .iter()
            .any(|s| region.binary_search(s).is_ok());
        b.undo();
        if lives {
            return true;
        }
    }
    false
}

/// True when a string of `color` in the closed `region` lives with `color` moving first by
/// an eye space of its own: an empty part of the region of at most [`INTRUDER_EYE`] points
/// that this one string alone closes (its points beside the wall's stones marginal, as if
/// the wall could never be captured), which the solver reads, within [`INTRUDER_NODES`]
/// nodes, as two eyes (or a seki) with `color` moving first. The string's other liberties
/// in the region are its outer liberties, which only the wall fills. The wall then makes no
/// two eyes there with `color` moving first, and rule (e) need not read the whole region
/// (a reading that shows it costs the whole of [`READ_REGION_NODES`] where the region is
/// large).
fn intruder_lives(board: &Board, region: &[Loc], color: Color) -> bool {
    let in_region = |l: Loc| region.binary_search(&l).is_ok();
    let mut seen = vec![false; board.grid_len()];
    for &start in region {
        if !board.is_empty(start) || seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            for n in board.neighbors(part[i]) {
                if board.is_empty(n) && in_region(n) && !seen[n.index()] {
                    seen[n.index()] = true;
                    part.push(n);
                }
            }
            i += 1;
        }
        if part.len() > INTRUDER_EYE {
            continue;
        }
        part.sort();
        let owners = wall_strings(board, &part, color);
        if owners.len() != 1 {
            continue;
        }
        let eye = EyeSpace {
            color,
            points: part
                .iter()
                .map(|&loc| SpacePoint {
                    loc,
                    marginal: board
                        .neighbors(loc)
                        .any(|n| board.color(n) == Some(color.opponent())),
                    stone: false,
                    edge: board.edge_count(loc),
                })
                .collect(),
            owners,
            false_margins: Vec::new(),
        };
        let outer = eye.outer_liberties(board).min(MAX_OUTER_LIBERTIES);
        if two_digits(board, &eye, outer, INTRUDER_NODES, false).is_some_and(|v| v.c == 2) {
            return true;
        }
    }
    false
}

/// True when the solver reads, within [`READ_REGION_NODES`] nodes, that the wall around the
/// closed region `wall` makes two eyes there with the intruder moving first.
fn wall_makes_two_eyes(board: &Board, wall: &EyeSpace) -> bool {
    // The solver counts a seki as two eyes. A seki needs a wall short of liberties: with two
    // outside liberties to fill before any inside, the intruders lose every race they could
    // draw with a wall that has no eye of its own inside.
    let outer = wall.outer_liberties(board);
    if outer < 2 {
        return false;
    }
    // Only `b` is asked: neither `c` nor the attacker's two moves in a row are read.
    two_digits(board, wall, outer, READ_REGION_NODES, true).is_some_and(|v| v.b == 2)
}

/// The solver's `b` and `c` of `eye` (only `b` when `only_b`), read within `nodes` nodes
/// with `outer` outer liberties; `None` when the space has no graph or the reading gives
/// up. Read in canonical order: a reading the node limit cuts short gives up (or not)
/// however the board is turned.
fn two_digits(
    board: &Board,
    eye: &EyeSpace,
    outer: u8,
    nodes: u64,
    only_b: bool,
) -> Option<crate::value::EyeValue> {
    let space = Space::from_diagram(&eye.diagram(board)).ok()?.canonical().0;
    if space.n > READ_VERTICES {
        return None;
    }
    let params = Params {
        outer_liberties: outer,
        node_limit: nodes,
        ..Params::default()
    };
    let features = Features {
        lines: false,
        min_max: true,
        only_b,
        ..Features::default()
    };
    solve_with(&space, &params, features)
        .ok()
        .map(|sol| sol.value)
}

/// True when the string at `s` sits in a small region of the other colour.
fn in_small_region(board: &Board, s: Loc) -> bool {
    closed_region(board, s, SMALL_REGION).is_some()
}

/// One point of an eye space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpacePoint {
    /// Where.
    pub loc: Loc,
    /// On the edge of the space: where the attacker can come in from outside (`docs/PATTERNS.md`,
    /// "Markers").
    pub marginal: bool,
    /// An attacker (dead) stone sits there.
    pub stone: bool,
    /// Board edges the point lies on: 0, 1 or 2.
    pub edge: u8,
}

/// A connected eye space of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpace {
    /// The owner.
    pub color: Color,
    /// The points, sorted by location.
    pub points: Vec<SpacePoint>,
    /// Heads of the lively owner strings next to the space, sorted.
    pub owners: Vec<Loc>,
    /// False margins dropped next to this space, sorted.
    pub false_margins: Vec<Loc>,
}

impl EyeSpace {
    /// The index of `loc` in [`EyeSpace::points`].
    pub fn index_of(&self, loc: Loc) -> Option<usize> {
        self.points.binary_search_by_key(&loc, |p| p.loc).ok()
    }

    /// True when `loc` is in the space.
    pub fn contains(&self, loc: Loc) -> bool {
        self.index_of(loc).is_some()
    }

    /// True when the owner's string `stones` (next to the space) is part of the local
    /// position rather than of the wall: every neighbour of it is a point of the space or one
    /// of its own stones; or it touches a dead attacker stone of the space (not a marginal
    /// one, which the solver takes as invincible, so the string could never win liberties
    /// by capturing it) and has no liberty
    /// outside the space, touching only attacker stones there, while another owner string of
    /// the space does have one. Such a string (white E1 between a dead black D1 and a lively
    /// F1 on the edge, its only liberty E2 in the space) is captured there and is no part of
    /// the wall, which lives by its outside liberties. A string that touches no dead stone of
    /// the space stays wall: when it is weak, the diagonals of the points it closes say so
    /// (a false eye, or an eye that depends on a ko), as GNU Go reads them.
    pub fn closes_in(&self, board: &Board, stones: &[Loc]) -> bool {
        let only_inside = |string: &[Loc], also: &dyn Fn(Loc) -> bool| {
            string.iter().all(|&s| {
                board
                    .neighbors(s)
                    .all(|m| self.contains(m) || string.contains(&m) || also(m))
            })
        };
        if only_inside(stones, &|_| false) {
            return true;
        }
        let attacker = self.color.opponent();
        let cut_off = |string: &[Loc]| only_inside(string, &|m| board.color(m) == Some(attacker));
        let beside_a_dead_stone = stones.iter().any(|&s| {
            board.neighbors(s).any(|m| {
                self.index_of(m)
                    .is_some_and(|i| self.points[i].stone && !self.points[i].marginal)
            })
        });
        beside_a_dead_stone
            && cut_off(stones)
            && self.owners.iter().any(|&o| {
                let other = board.string_stones(o);
                !other.contains(&stones[0]) && !cut_off(&other)
            })
    }

    /// The fewest liberties outside the space among the owner's strings around it (those the
    /// space closes in aside: they are part of the local position), capped at
    /// [`MAX_OUTER_LIBERTIES`]; the cap when no string surrounds it.
    pub fn outer_liberties(&self, board: &Board) -> u8 {
        self.weakest_wall(board)
            .map_or(MAX_OUTER_LIBERTIES, |(fewest, _)| {
                fewest.min(MAX_OUTER_LIBERTIES as usize) as u8
            })
    }

    /// The liberties outside the space of the owner strings [`EyeSpace::outer_liberties`]
    /// counts (every string with the fewest: which one is first depends on how the board is
    /// turned), sorted: where the attacker fills the wall's outer liberties. Empty when no
    /// string surrounds the space.
    pub fn outer_liberty_points(&self, board: &Board) -> Vec<Loc> {
        self.weakest_wall(board)
            .map(|(_, points)| points)
            .unwrap_or_default()
    }

    /// The fewest liberties outside the space of an owner string around it (the space
    /// closing in none of its stones), and those of every string with that many, sorted;
    /// `None` when no string surrounds the space.
    fn weakest_wall(&self, board: &Board) -> Option<(usize, Vec<Loc>)> {
        let mut best: Option<(usize, Vec<Loc>)> = None;
        for &head in &self.owners {
            let stones = board.string_stones(head);
            if self.closes_in(board, &stones) {
                continue;
            }
            let outside: Vec<Loc> = board
                .liberties(head)
                .into_iter()
                .filter(|&l| !self.contains(l))
                .collect();
            match &mut best {
                Some((fewest, points)) if outside.len() == *fewest => points.extend(outside),
                Some((fewest, _)) if outside.len() > *fewest => {}
                _ => best = Some((outside.len(), outside)),
            }
        }
        best.map(|(fewest, mut points)| {
            points.sort();
            points.dedup();
            (fewest, points)
        })
    }

    /// Indices of the space points orthogonally next to point `i`.
    pub fn neighbors(&self, board: &Board, i: usize) -> Vec<usize> {
        board
            .neighbors(self.points[i].loc)
            .filter_map(|n| self.index_of(n))
            .collect()
    }

    /// The space as an `eyes.db`-style diagram: `.` `!` `X` `$` on the points, edge markers
    /// where the space meets the board edge, [`Cell::Off`] elsewhere.
    pub fn diagram(&self, board: &Board) -> Diagram {
        let xy: Vec<(usize, usize)> = self.points.iter().map(|p| board.xy(p.loc)).collect();
        let last = board.size() - 1;
        let x0 = xy.iter().map(|p| p.0).min().unwrap_or(0);
        let x1 = xy.iter().map(|p| p.0).max().unwrap_or(0);
        let y0 = xy.iter().map(|p| p.1).min().unwrap_or(0);
        let y1 = xy.iter().map(|p| p.1).max().unwrap_or(0);
        // Bounding box in signed coordinates, one line wider where it meets an edge.
        let (bx0, bx1) = (
            x0 as isize - isize::from(x0 == 0),
            x1 as isize + isize::from(x1 == last),
        );
        let (by0, by1) = (
            y0 as isize - isize::from(y0 == 0),
            y1 as isize + isize::from(y1 == last),
        );
        let mut rows = Vec::new();
        for y in by0..=by1 {
            let mut row = Vec::new();
            for x in bx0..=bx1 {
                let off_x = x < 0 || x > last as isize;
                let off_y = y < 0 || y > last as isize;
                let cell = match (off_x, off_y) {
                    (true, true) => Cell::Corner,
                    (true, false) => Cell::EdgeVertical,
                    (false, true) => Cell::EdgeHorizontal,
                    (false, false) => {
                        let loc = board.loc(x as usize, y as usize).expect("on board");
                        match self.index_of(loc) {
                            Some(i) => {
                                let p = self.points[i];
                                let content = if p.stone {
                                    Content::Stone
                                } else {
                                    Content::Empty
                                };
                                Cell::Vertex(
                                    Marker::from_parts(p.marginal, content, false, false)
                                        .expect("writable marker"),
                                )
                            }
                            None => Cell::Off,
                        }
                    }
                };
                row.push(cell);
            }
            rows.push(row);
        }
        Diagram { rows }
    }

    /// [`EyeSpace::diagram`] as text, one row a line, spaces off the space, right-trimmed.
    pub fn render(&self, board: &Board) -> String {
        let lines: Vec<String> = self
            .diagram(board)
            .render(' ')
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        lines.join("\n")
    }

    /// One line: owner, size, points (GTP names, `!` after marginal ones, `X` after stones),
    /// owners (each named by its first stone in board order) and false margins.
    pub fn summary(&self, board: &Board) -> String {
        let pts: Vec<String> = self
            .points
            .iter()
            .map(|p| {
                format!(
                    "{}{}{}",
                    vertex::name(board, p.loc),
                    if p.stone { "X" } else { "" },
                    if p.marginal { "!" } else { "" }
                )
            })
            .collect();
        let mut firsts: Vec<Loc> = self
            .owners
            .iter()
            .map(|&o| *board.string_stones(o).iter().min().expect("a stone"))
            .collect();
        firsts.sort();
        let owners: Vec<String> = firsts.iter().map(|&o| vertex::name(board, o)).collect();
        let mut s = format!(
            "{} {}: {} owners {}",
            self.color.name(),
            self.points.len(),
            pts.join(" "),
            owners.join(",")
        );
        if !self.false_margins.is_empty() {
            let fm: Vec<String> = self
                .false_margins
                .iter()
                .map(|&o| vertex::name(board, o))
                .collect();
            s.push_str(&format!(" false-margins {}", fm.join(",")));
        }
        s
    }
}

/// Lively stones of `color`.
fn lively(board: &Board, live: &Liveness, loc: Loc, color: Color) -> bool {
    board.color(loc) == Some(color) && !live.is_dead(loc)
}

/// Open: empty or a dead stone.
fn open(board: &Board, live: &Liveness, loc: Loc) -> bool {
    board.is_empty(loc) || (board.color(loc).is_some() && live.is_dead(loc))
}

/// The domain of `color` (the module docs' rule, no false margins set aside), indexed by
/// location.
pub fn domain(board: &Board, live: &Liveness, color: Color) -> Vec<bool> {
    domain_without(board, live, color, &[])
}

/// The domain of `color`, the points of `excluded` (false margins, indexed by location) kept
/// out where they would join as neighbours of a lively `color` stone.
fn domain_without(board: &Board, live: &Liveness, color: Color, excluded: &[bool]) -> Vec<bool> {
    let enemy = color.opponent();
    let n = board.grid_len();
    let mut dom = vec![false; n];
    // Influence and threshold, as in the module docs; off-board points keep influence 0.
    let mut influence = vec![0i8; n];
    let mut threshold = vec![0i8; n];
    let mut candidates = Vec::new();
    for p in board.locs() {
        let i = p.index();
        if lively(board, live, p, color) {
            dom[i] = true;
            influence[i] = 1;
            continue;
        }
        if lively(board, live, p, enemy) {
            influence[i] = -1;
            continue;
        }
        let own = board.neighbors(p).any(|q| lively(board, live, q, color));
        let theirs = board.neighbors(p).any(|q| lively(board, live, q, enemy));
        if own {
            if !excluded.get(i).copied().unwrap_or(false) {
                dom[i] = true;
                influence[i] = 1;
            }
        } else {
            candidates.push(p);
        }
        if theirs {
            threshold[i] = 1;
            influence[i] -= 1;
        } else if board.edge_count(p) > 0 {
            influence[i] -= 1;
        }
    }
    // Grow to the fixpoint: the rule only ever adds points and raises influence, so the
    // order of the sweep does not change the result.
    loop {
        let mut changed = false;
        for &p in &candidates {
            let i = p.index();
            if dom[i] {
                continue;
            }
            let joins = board.diagonals(p).iter().any(|&(r, q1, q2)| {
                board.on_board(r)
                    && [q1, q2].iter().any(|&q| {
                        board.on_board(q)
                            && influence[q.index()] + influence[r.index()] > threshold[i]
                    })
            });
            if joins {
                dom[i] = true;
                influence[i] += 1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    dom
}

/// True when the empty point `p` is a false margin of `color`'s space (module docs): it has
/// neighbours of both colours, a dead attacker stone and an attacker string that reading
/// cannot capture among them, and the attacker cannot safely play there.
fn is_false_margin(
    board: &mut Board,
    live: &Liveness,
    p: Loc,
    color: Color,
    limits: ReadLimits,
) -> bool {
    let enemy = color.opponent();
    if !board.is_empty(p) {
        return false;
    }
    let ns: Vec<Loc> = board.neighbors(p).collect();
    let has = |c: Color| ns.iter().any(|&n| board.color(n) == Some(c));
    if !(has(color) && has(enemy)) {
        return false;
    }
    if !ns
        .iter()
        .any(|&n| board.color(n) == Some(enemy) && live.is_dead(n))
    {
        return false;
    }
    let mut lively_enemies: Vec<Loc> = ns
        .iter()
        .filter(|&&n| lively(board, live, n, enemy))
        .map(|&n| board.string_id(n))
        .collect();
    lively_enemies.sort();
    lively_enemies.dedup();
    let uncapturable = lively_enemies
        .iter()
        .any(|&s| tactics::attack(board, s, limits) == Attack::Fails);
    uncapturable && !tactics::safe_move(board, p, enemy, limits)
}

/// The false margins of the position, indexed by location: empty points next to a lively
/// black stone that are a false margin of either colour's space. They are kept out of both
/// domains where they would join as neighbours of a lively stone.
fn false_margins(board: &mut Board, live: &Liveness, limits: ReadLimits) -> Vec<bool> {
    let mut out = vec![false; board.grid_len()];
    let locs: Vec<Loc> = board.locs().collect();
    for p in locs {
        if board.is_empty(p)
            && board
                .neighbors(p)
                .any(|n| lively(board, live, n, Color::Black))
            && (is_false_margin(board, live, p, Color::Black, limits)
                || is_false_margin(board, live, p, Color::White, limits))
        {
            out[p.index()] = true;
        }
    }
    out
}

/// The eye spaces of `color`, sorted by their first point.
pub fn eye_spaces(
    board: &mut Board,
    live: &Liveness,
    color: Color,
    limits: ReadLimits,
) -> Vec<EyeSpace> {
    let excluded = false_margins(board, live, limits);
    let mine = domain_without(board, live, color, &excluded);
    let theirs = domain_without(board, live, color.opponent(), &excluded);
    let locs: Vec<Loc> = board.locs().collect();
    let only_mine = |l: Loc| mine[l.index()] && !theirs[l.index()];
    let only_theirs = |l: Loc| theirs[l.index()] && !mine[l.index()];
    let mut in_space = vec![false; board.grid_len()];
    let mut marginal = vec![false; board.grid_len()];
    // The owner's own dead stones: the owner cannot play there and cannot save them, the
    // attacker takes them when he likes and may then play on their points. So they are no
    // points of the owner's space, and a point beside one is a margin (as beside a point the
    // attacker reaches). Read as empty points, their points were vital points the owner
    // could "fill" (`docs/GNUGO_DISAGREEMENTS.md`, the owner's own dead stone). Not a
    // string that touches dead attacker stones: it dies only with them alive, and revives
    // when the owner takes them (black J1 inside white's dead ring, `edge_square_four_stone`).
    let own_dead_strings: Vec<Loc> = board
        .strings()
        .into_iter()
        .filter(|&s| {
            board.color(s) == Some(color)
                && live.is_dead(s)
                && !board.string_stones(s).iter().any(|&t| {
                    board
                        .neighbors(t)
                        .any(|n| board.color(n) == Some(color.opponent()) && live.is_dead(n))
                })
        })
        .map(|s| board.string_id(s))
        .collect();
    let own_dead =
        |l: Loc| board.color(l) == Some(color) && own_dead_strings.contains(&board.string_id(l));
    for &p in &locs {
        if !open(board, live, p) || !mine[p.index()] || own_dead(p) {
            continue;
        }
        if theirs[p.index()] {
            // Contested: a margin of the space next to it, if any.
            if board.neighbors(p).any(only_mine) {
                in_space[p.index()] = true;
                marginal[p.index()] = true;
            }
        } else {
            in_space[p.index()] = true;
            marginal[p.index()] = board.neighbors(p).any(|n| only_theirs(n) || own_dead(n));
        }
    }
    // Components.
    let mut seen = vec![false; board.grid_len()];
    let mut spaces = Vec::new();
    for &start in &locs {
        if !in_space[start.index()] || seen[start.index()] {
            continue;
        }
        let mut comp = vec![start];
        seen[start.index()] = true;
        let mut i = 0;
        while i < comp.len() {
            let here = comp[i];
            for n in board.neighbors(here) {
                let linked = !(marginal[here.index()] && marginal[n.index()]);
                if in_space[n.index()] && !seen[n.index()] && linked {
                    seen[n.index()] = true;
                    comp.push(n);
                }
            }
            i += 1;
        }
        comp.sort();
        let mut owners = Vec::new();
        let mut fms = Vec::new();
        for &p in &comp {
            for n in board.neighbors(p) {
                if lively(board, live, n, color) && !owners.contains(&board.string_id(n)) {
                    owners.push(board.string_id(n));
                }
                if excluded[n.index()] && !fms.contains(&n) {
                    fms.push(n);
                }
            }
        }
        owners.sort();
        fms.sort();
        let points = comp
            .iter()
            .map(|&p| SpacePoint {
                loc: p,
                marginal: marginal[p.index()],
                stone: board.color(p) == Some(color.opponent()),
                edge: board.edge_count(p),
            })
            .collect();
        spaces.push(EyeSpace {
            color,
            points,
            owners,
            false_margins: fms,
        });
    }
    spaces
}

/// The space at `loc` as `eval_eye` picks it: black's if `loc` is in a black eye space, else
/// white's, else `None`.
pub fn space_at(
    board: &mut Board,
    live: &Liveness,
    loc: Loc,
    limits: ReadLimits,
) -> Option<EyeSpace> {
    for color in [Color::Black, Color::White] {
        if let Some(s) = eye_spaces(board, live, color, limits)
            .into_iter()
            .find(|s| s.contains(loc))
        {
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii::parse_board;

    fn spaces(text: &str, size: Option<usize>, color: Color) -> Vec<String> {
        let mut b = parse_board(text, size).unwrap().board;
        let live = Liveness::read(&mut b, ReadLimits::default());
        let before = b.clone();
        let out = eye_spaces(&mut b, &live, color, ReadLimits::default())
            .iter()
            .map(|s| format!("{}\n{}", s.summary(&b), s.render(&b)))
            .collect();
        assert_eq!(b, before);
        out
    }

    const STRAIGHT_THREE: &str = "\
+-------------+
|. . . O X . .|
|O O O O X . .|
|X X X X X . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
|. . . . . . .|
+-------------+";

    /// The dead stones of a board diagram, by GTP name, in board order.
    fn dead(text: &str) -> Vec<String> {
        let mut b = parse_board(text, None).unwrap().board;
        let live = Liveness::read(&mut b, ReadLimits::default());
        live.dead_strings(&b)
            .into_iter()
            .flat_map(|s| b.string_stones(s))
            .map(|s| (s, vertex::name(&b, s)))
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_values()
            .collect()
    }

    #[test]
    fn a_straight_three_in_a_closed_twelve_point_space_is_dead() {
        // Black's E4 E5 E6 (seven liberties) in white's closed space D3-F8 (the test
        // position `centre_twelve_three_stones`): no tactical capture, but the solver reads
        // white's two eyes there with black first, and the wall has two outside liberties.
        let d = "\
+-----------------+
|. X X X X X X X .|
|. X O O O O O X .|
|. X O . . . O . X|
|. X O . X . O X .|
|. X O . X . O X .|
|. X O . X . O X .|
|. X O O O O O . X|
|. X X X X X X X .|
|. . . . . . . . .|
+-----------------+";
        assert_eq!(dead(d), vec!["E6", "E5", "E4"]);
    }

    #[test]
    fn a_hemmed_in_wall_with_one_eye_is_dead_and_the_stone_in_its_eye_is_not() {
        // White's straight three A1 B1 C1 in the corner with black on its vital point B1,
        // the wall A2-D2 D1 with two outside liberties (A3 B3): one eye either way (white A1
        // or C1 captures B1 and leaves one point; black A1 or C1 is a self-atari that
        // leaves two). The wall has four liberties hemmed in and is read dead; black B1,
        // which white could take, has only dead strings round it and is not dead
        // (`tests/eval_eye/corner_straight_three_stone.sgf`, GNU Go's `dragon_status`).
        let d = "\
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|X X X X X . . . .|
|. . X X X . . . .|
|O O O O X . . . .|
|. X . O X . . . .|
+-----------------+";
        assert_eq!(dead(d), vec!["A2", "B2", "C2", "D2", "D1"]);
    }

    #[test]
    fn a_hemmed_in_wall_that_makes_its_second_eye_lives() {
        // White's bulky five A1 B1 C1 A2 B2 in the corner with black on B2, two outside
        // liberties (A4 B4): white B1 (not one of the wall's liberties) makes two eyes, so
        // the wall's four hemmed-in liberties do not make it dead; black B2 is
        // (`tests/eval_eye/corner_bulky_five_stone.sgf`: 1 2 B1 B1 for both engines).
        let d = "\
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|X X X X X . . . .|
|. . X X X . . . .|
|O O O X X . . . .|
|. X O O X . . . .|
|. . . O X . . . .|
+-----------------+";
        assert_eq!(dead(d), vec!["B2"]);
    }

    #[test]
    fn stones_in_seki_inside_a_closed_space_stay_alive() {
        // White's C1-G1 holds black D1 E1 F1; white's wall has no liberty outside, so
        // neither side can play C1 or G1: seki. The solver counts a seki as two eyes for the
        // wall, which is why rule (e) wants two outside liberties.
        let d = "\
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|X X X X X X X X X|
|X O O O O O O O X|
|X O . X X X . O X|
+-----------------+";
        assert_eq!(dead(d), Vec::<String>::new());
    }

    #[test]
    fn a_ring_around_a_square_four_without_outside_liberties_is_dead() {
        // White's ring around the empty square A1 A2 B1 B2, black's wall around it with no
        // gap: one eye of four points, no liberty outside. Black's region (the ring and the
        // square) is read: black makes two eyes there even with white first.
        let d = "\
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|X X X X . . . . .|
|O O O X . . . . .|
|. . O X . . . . .|
|. . O X . . . . .|
+-----------------+";
        assert_eq!(dead(d), vec!["A3", "B3", "C3", "C2", "C1"]);
    }

    #[test]
    fn stones_gnu_gos_owl_reads_dead_in_a_closed_region_are_dead() {
        // From the random-games sample (9x9, seed 1): black B3 C3 D3, C5 and B6 inside
        // white's lower left (a closed region of twelve points with white's B5 in it). GNU Go
        // 3.8 (levels 1 and 10): `dragon_status D3` dead, `owl_attack D3` 1 C4,
        // `owl_defend D3` 0; its `eval_eye`, which sees tactical status only, still answers
        // A4 `1 1`. The solver reads white's two eyes with black first: all three dead.
        let d = "\
|X . X O . X . . .|
|X . . . . X O O X|
|O O O O X O . O X|
|. X O . O . O . O|
|. O X O . O X O .|
|. . . . O . . O .|
|. X X X O . O . O|
|O O O O . . X O .|
|X X X . X X X X .|
+-----------------+";
        // (Black's other stones in white's area, A1 B1 C1 among them, were dead before.)
        let got = dead(d);
        for s in ["B6", "C5", "B3", "C3", "D3"] {
            assert!(got.contains(&s.to_string()), "{s} not dead: {got:?}");
        }
    }

    /// The closed region of black's string at `at` in diagram `d`, and the board.
    fn region_of(d: &str, at: &str) -> (Board, Vec<Loc>) {
        let b = parse_board(d, None).unwrap().board;
        let s = vertex::parse(&b, at).unwrap();
        let region = closed_region(&b, s, READ_REGION).expect("a closed region");
        (b, region)
    }

    /// Rule (e) reads an intruder's own eye space before the whole region: black's wall
    /// closes a 3x3 corner alone, two eyes with black moving first (no move there makes it
    /// pass-alive), so black is not dead; a 2x2 square is one eye whoever moves, and the
    /// whole region's reading then finds white's two eyes: dead.
    #[test]
    fn an_intruder_that_lives_by_its_own_eye_space_is_not_read_dead() {
        let lives = "\
|. . . X O . . . .|
|. . . X O . . . .|
|. . . X O . . . .|
|X X X X O . . . .|
|O O O O O . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";
        let (b, region) = region_of(lives, "D6");
        assert_eq!(region.len(), 16);
        assert!(!lives_in_one_move(&b, &region, Color::Black));
        assert!(intruder_lives(&b, &region, Color::Black));
        assert!(dead(lives).is_empty(), "{:?}", dead(lives));
        let square = "\
|. . X O . . . . .|
|. . X O . . . . .|
|X X X O . . . . .|
|O O O O . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";
        let (b, region) = region_of(square, "C7");
        assert!(!lives_in_one_move(&b, &region, Color::Black));
        assert!(!intruder_lives(&b, &region, Color::Black));
        assert_eq!(dead(square), vec!["C9", "C8", "A7", "B7", "C7"]);
    }

    /// Black's string makes itself pass-alive with one stone (B9 in its straight three in
    /// the corner leaves two one-point eyes): rule (e) does not read the region.
    #[test]
    fn an_intruder_one_stone_makes_pass_alive_is_not_read_dead() {
        let d = "\
|. . . X O . . . .|
|X X X X O . . . .|
|O O O O O . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";
        let (b, region) = region_of(d, "D8");
        assert!(lives_in_one_move(&b, &region, Color::Black));
        assert!(dead(d).is_empty(), "{:?}", dead(d));
    }

    #[test]
    fn straight_three_in_the_corner() {
        let got = spaces(STRAIGHT_THREE, None, Color::White);
        assert_eq!(got, vec!["white 3: A7 B7 C7 owners D7\n+---\n|..."]);
        // Black's whole outside is one big open space.
        let black = spaces(STRAIGHT_THREE, None, Color::Black);
        assert_eq!(black.len(), 1);
        assert!(black[0].starts_with("black 34: F7 G7 F6 G6 "), "{black:?}");
    }

    #[test]
    fn false_margin_is_dropped() {
        // Seed 002, "False Margins", on the bottom edge: O's space is (X), not (X!).
        let d = "\
+-----------+
|. O . O X .|
|O O O O X .|
|O O O O X .|
|O O O O X .|
|O O O O X X|
|O X a X . .|
+-----------+";
        let got = spaces(d, None, Color::White);
        assert_eq!(
            got,
            vec![
                "white 1: A6 owners B6\n+-\n|.",
                "white 1: C6 owners B6\n-\n.",
                "white 1: B1X owners B6 false-margins C1\nX\n-",
            ]
        );
    }

    #[test]
    fn marginal_points_face_open_space() {
        // A white group on the top edge, its space open to the right.
        let d = "\
+-------------+
|X O . . . O X|
|X O O O . O X|
|X X X O . O X|
|. . X O . X X|
|. . X O O X .|
|. . X X X X .|
|. . . . . . .|
+-------------+";
        let got = spaces(d, None, Color::White);
        assert_eq!(
            got,
            vec!["white 6: C7 D7 E7 E6 E5 E4! owners B7,F7\n---\n...\n  .\n  .\n  !"]
        );
    }

    /// Random game, seed 1 (the measurement diary, `git show f540820:docs/MEASUREMENTS.md`):
    /// `(;SZ[9]AB[ec][ge][dg]AW[cc][fc][ed])`.
    /// Black E7 has two liberties, D7 and E8; white to move can chase it, so reading captures
    /// it, and with it gone its points would be white's. But black to move extends to E8 (four
    /// liberties: D8 F8 E9 and D7) and runs into the open top and left, toward its own stones
    /// D3 and G5: no white stone cuts it off from them. GNU Go's `defend` saves it too; it is
    /// alive, so D9 lies in no eye space of white's.
    const OPENING: &str = "\
+-----------------+
|. . . . . . . . .|
|. . . . . . . . .|
|. . O . X O . . .|
|. . . . O . . . .|
|. . . . . . X . .|
|. . . . . . . . .|
|. . . X . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";

    #[test]
    fn an_opening_stone_that_can_run_is_alive() {
        let mut b = parse_board(OPENING, None).unwrap().board;
        let e7 = b.loc(4, 2).unwrap();
        assert_eq!(b.color(e7), Some(Color::Black));
        assert_eq!(b.liberty_count(e7), 2);
        // What the old rule (d) saw: capturable, and inside white's domain.
        assert!(matches!(
            tactics::status(&mut b, e7, ReadLimits::default()).0,
            Attack::Captures(_)
        ));
        assert!(in_enemy_core(&b, e7));
        assert!(reaches_a_friend(&b, e7));
        let live = Liveness::read(&mut b, ReadLimits::default());
        assert!(!live.is_dead(e7));
        assert!(live.dead_strings(&b).is_empty());
        let d9 = b.loc(3, 0).unwrap();
        let white = eye_spaces(&mut b, &live, Color::White, ReadLimits::default());
        assert!(white.iter().all(|s| !s.contains(d9)));
    }

    /// Black's own dead stone N2 (random game, seed 1, game 2, 13x13): three liberties (M2
    /// N3 N1), dead for both engines (GNU Go 3.8's `attack N2` M2, `defend N2` 0). Read as
    /// an empty point, N2 made black's corner space N2 N1 the corner `!.` (0011), whose vital
    /// point N2 black cannot play: `eval_eye N1` was `0 1 PASS PASS`. Black cannot save N2
    /// and white takes it when he likes, so N2 is no point of black's space and N1 beside it
    /// is a margin: a one-point margin, no eye (GNU Go's `eval_eye N1`: `0 0`).
    #[test]
    fn the_owners_own_dead_stone_is_no_point_of_its_space() {
        let sgf = "(;SZ[13]AB[ba][da][hb][lb][ac][lc][bd][ed][gd][kd][be][ee][ge][ie][le][me]\
            [if][kf][lf][mf][ag][bg][cg][jg][kg][lg][ah][bh][gh][ih][bi][ak][ek][kk][cl][gl]\
            [ml][am][dm][gm][jm][km][lm]AW[ca][ja][la][bb][cb][ib][kb][ec][gc][hc][jc][dd][fd]\
            [id][jd][fe][he][je][df][ef][ff][gf][hg][fh][hh][ai][gi][ii][ji][aj][bj][cj][ej]\
            [lj][dk][fk][gk][ik][lk][bl][jl][kl][em][fm]PL[W])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let n2 = vertex::parse(&b, "N2").unwrap();
        let n1 = vertex::parse(&b, "N1").unwrap();
        assert_eq!(b.color(n2), Some(Color::Black));
        let limits = ReadLimits::default();
        let live = Liveness::read(&mut b, limits);
        assert!(live.is_dead(n2));
        let black = eye_spaces(&mut b, &live, Color::Black, limits);
        assert!(black.iter().all(|s| !s.contains(n2)));
        let corner = black.iter().find(|s| s.contains(n1)).unwrap();
        assert_eq!(corner.summary(&b), "black 1: N1! owners K1");
        let ev = crate::evaluation::evaluate::Evaluator::with_default();
        let report = crate::board::analysis::analyze_at(
            &mut b,
            &ev,
            n1,
            crate::board::analysis::AnalysisLimits::default(),
        )
        .unwrap();
        assert_eq!(report.eval_eye(&b), "0 0");
    }

    /// 13x13, random game of seed 1: black G2 G1 (liberties F2 H2 H1) under white's F3 G3,
    /// beside white's E1 F1 (liberties E2 F2). GNU Go 3.8 at level 10: `attack G2` H2,
    /// `defend G2` 0. Our reader, with the default budget, saves black by F2, the
    /// counter-atari on E1 F1. Read by hand: white E2 connects; black H2 (liberties H1 J2
    /// H3) is blocked by white H3, black J2 by white K2, and black is left with H1 and J1.
    /// Black D2 (atari on E1 F1 E2) is met by white E3, which joins D3 and F3; black E3 is
    /// taken by white E4; black K1 joins L1 and gives the string nothing. White fills H1 or
    /// J1 next. The first reading runs out of nodes inside that fight and gives the line to
    /// black. Read again with four times the budget, F2 still saves in the reader's frame
    /// (`board::orientation`); eight times refutes it. (The order of the board as first
    /// written refuted it at four times, as three of its eight orientations did; the others
    /// needed more, and the answer turned with the board.) So G2 is read alive, against GNU
    /// Go. The second reading does refute a save the first one found at the edge of its
    /// budget in `tactics::tests::a_string_that_reaches_four_liberties_in_a_chase_is_read_on`
    /// (19x19 R7).
    #[test]
    fn a_save_beyond_the_second_readings_budget_stays_alive() {
        let sgf = "(;GM[1]FF[4]SZ[13]AB[ba][da][hb][lb][ac][lc][bd][ed][gd][kd][be][ee][ge]\
            [ie][le][if][kf][lf][ag][bg][cg][jg][kg][lg][ah][bh][gh][ih][bi][ak][kk][cl][gl]\
            [ml][am][dm][gm][km]AW[ca][ja][la][bb][cb][ib][kb][ec][gc][hc][jc][dd][fd][fe][df]\
            [ef][ff][gf][hg][fh][hh][ai][gi][ii][ji][aj][bj][cj][lj][dk][fk][gk][ik][lk][bl]\
            [kl][em][fm]PL[W])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let at = |b: &Board, v: &str| vertex::parse(b, v).unwrap();
        let (g2, h2, f2) = (at(&b, "G2"), at(&b, "H2"), at(&b, "F2"));
        let limits = ReadLimits::default();
        assert_eq!(
            tactics::status_hemmed(&mut b, g2, limits),
            (Attack::Captures(h2), Defense::Saves(f2), true)
        );
        let deeper = ReadLimits {
            max_nodes: limits.max_nodes * tactics::SAVED_REREAD_FACTOR,
            ..limits
        };
        assert_eq!(
            tactics::status_hemmed(&mut b, g2, deeper),
            (Attack::Captures(h2), Defense::Saves(f2), true)
        );
        let deepest = ReadLimits {
            max_nodes: deeper.max_nodes * 2,
            ..limits
        };
        assert_eq!(
            tactics::status_hemmed(&mut b, g2, deepest).1,
            Defense::Fails
        );
        let live = Liveness::read(&mut b, limits);
        assert!(!live.is_dead(g2));
    }
}
