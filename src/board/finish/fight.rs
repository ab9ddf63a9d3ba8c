//! Exhaustive reading of a small closed fight: can one side capture a stone of the other's
//! strings, every move of both sides tried on the few points of the fight?
//!
//! The final status asks it where the tactical reader's few candidate moves fall short: a
//! fight of weak groups whose every liberty lies in a small area walled off by strong strings
//! (a seki, a race of eyes with dead stones in them), where the saving move can be a throw-in
//! into the opponent's eye. The area ([`fight_area`]) is the strings, their liberties, and
//! every string of few liberties next to an empty point of it, grown until it closes; a
//! string of more liberties is a wall, never attacked. The search ([`captures`]) tries every
//! empty point of the area for both sides (the defender may pass too), under the simple ko
//! rule and with no ko threats, to a few plies and then to a fixed depth (a capture found
//! shallow is one found deep), with one table of positions read for all the depths (each
//! entry the depths it holds for, and the move that decided it, tried first when the
//! position is read again deeper) and, at each depth, the move that last decided a
//! position there tried next (a killer move), then the attacker's moves on the targets'
//! liberties, the defender's captures and extensions of strings in atari before its pass;
//! each depth gives up past a node budget of its own. The order changes no answer read to
//! the end, only how soon it comes. A
//! line ends, the attacker failing, where every target string has more liberties than the
//! attacker has moves left (a move takes at most one liberty from a string, and the
//! defender may pass): without that bound a seki's self-atari, once the other side takes
//! the stones, leaves a wide area to read to the full depth. Where the bound does not end
//! such a line, the fight has opened: a position where captures have left more empty points
//! in the area than it started with ([`AREA_EMPTY`] at least) is read within a few nodes
//! of its own ([`OPEN_NODES`]) and, past them, left open, neither a capture nor a failure;
//! a position whose every line that does not fail is left open is open too, and a question
//! left open at its root is unanswered (`None`), as one past its budget is (the seki of
//! the held-out game `9-l10-s1810`: 20,000 nodes spent on the 38 points its filling move
//! gives the other side, then unanswered all the same). A cycle (a double ko) ends at the
//! depth limit, the attacker failing. The final status asks most fights two questions, the
//! attacker first and the defender first: [`Fight`] reads the second on the first's table.

use rustc_hash::FxHashMap;

use crate::board::{Board, Color, Loc};

/// Strings of at most this many liberties next to the area join it; more make a wall.
pub const AREA_LIBERTIES: usize = 4;

/// The area is given up (no exhaustive reading) past this many empty points.
pub const AREA_EMPTY: usize = 12;

/// Or past this many points in all, stones included.
pub const AREA_POINTS: usize = 48;

/// Plies read at most.
pub const DEPTH: u8 = 16;

/// Plies read at most by [`captures_within`].
pub const MAX_DEPTH: u8 = 32;

/// Positions read at most per question.
pub const NODES: usize = 20_000;

/// The points of the closed fight around `strings` (their stones, their liberties, and the
/// stones and liberties of each string of at most [`AREA_LIBERTIES`] liberties next to an
/// empty point of it, and so on), or `None` when it grows past [`AREA_EMPTY`] empty points
/// or [`AREA_POINTS`] in all.
pub fn fight_area(board: &Board, strings: &[Loc]) -> Option<Vec<Loc>> {
    let mut inside = vec![false; board.grid_len()];
    let mut area: Vec<Loc> = Vec::new();
    let mut todo: Vec<Loc> = Vec::new();
    let add_string = |s: Loc, inside: &mut Vec<bool>, area: &mut Vec<Loc>, todo: &mut Vec<Loc>| {
        for p in board.string_stones(s).into_iter().chain(board.liberties(s)) {
            if !inside[p.index()] {
                inside[p.index()] = true;
                area.push(p);
                if board.is_empty(p) {
                    todo.push(p);
                }
            }
        }
    };
    for &s in strings {
        add_string(s, &mut inside, &mut area, &mut todo);
    }
    while let Some(p) = todo.pop() {
        if too_big(board, &area) {
            return None;
        }
        for m in board.neighbors(p) {
            if inside[m.index()] {
                continue;
            }
            if board.is_empty(m) {
                inside[m.index()] = true;
                area.push(m);
                todo.push(m);
            } else if board.liberty_count(m) <= AREA_LIBERTIES {
                add_string(board.string_id(m), &mut inside, &mut area, &mut todo);
            }
        }
    }
    (!too_big(board, &area)).then(|| {
        area.sort();
        area
    })
}

/// True when `area` has more than [`AREA_POINTS`] points or [`AREA_EMPTY`] empty ones.
pub(crate) fn too_big(board: &Board, area: &[Loc]) -> bool {
    area.len() > AREA_POINTS || area.iter().filter(|&&p| board.is_empty(p)).count() > AREA_EMPTY
}

struct Search<'a> {
    attacker: Color,
    /// One stone of each target string (a string is taken whole, and stays one string
    /// until then): the stones the reading asks after at every node.
    targets: Vec<Loc>,
    area: &'a [Loc],
    /// Per position and side to move: the greatest depth read that fails the attacker,
    /// the least that wins (a win within fewer plies is a win within more), and the index
    /// in `area` of the move that decided the last reading ([`NO_MOVE`] when none did,
    /// [`PASS_MOVE`] for the defender's pass).
    memo: FxHashMap<(u64, u16, bool), (u8, u8, u8)>,
    /// The positions (key and depth) whose reading passed only through opened ones
    /// ([`Search::opened`]) read past their nodes: neither won nor failed.
    open: rustc_hash::FxHashSet<((u64, u16, bool), u8)>,
    /// Inside an opened position's reading, the nodes it has left.
    open_left: Option<usize>,
    /// More empty points in the area than this opens the fight: the area's empty points
    /// at the start, or [`AREA_EMPTY`] where those are fewer.
    open_past: usize,
    nodes: usize,
    /// Per depth left, the move that last decided a position there: the attacker's
    /// capture, then the defender's save (a killer move, read early at its depth).
    killers: [[u8; 2]; MAX_DEPTH as usize + 1],
    /// Tests only: read without [`Search::out_of_reach`].
    #[cfg(test)]
    unbounded: bool,
    /// Tests only: read without the killer moves.
    #[cfg(test)]
    no_killers: bool,
    /// Tests only: both sides' moves in the area's order (the defender's after its pass),
    /// not the attacker's on its targets' liberties first nor the defender's captures and
    /// extensions first.
    #[cfg(test)]
    plain_order: bool,
}

/// No deciding move is known (see [`Search::memo`]).
const NO_MOVE: u8 = u8::MAX;
/// The defender's pass decided (see [`Search::memo`]).
const PASS_MOVE: u8 = u8::MAX - 1;
/// The most points an area given to [`captures`] may have: the reading keeps each
/// position's deciding move as its index in the area, in one byte with two codes set
/// aside.
pub const MAX_AREA: usize = PASS_MOVE as usize;
const _: () = assert!(AREA_POINTS <= MAX_AREA);

#[derive(Debug, PartialEq, Eq)]
struct OutOfBudget;

/// Why a reading stopped short.
enum Spent {
    /// The question's node budget ([`NODES`]).
    All,
    /// An opened position's own ([`OPEN_NODES`]).
    Open,
}

/// Nodes an opened position's reading may spend: a position where captures have left
/// more empty points in the area than it had ([`AREA_EMPTY`] at least), so that moves on
/// all of them could be read to the full depth.
pub const OPEN_NODES: usize = 1_000;

/// One more node read: past [`NODES`], the reading gives up.
fn tick(nodes: &mut usize) -> Result<(), OutOfBudget> {
    *nodes += 1;
    if *nodes > NODES {
        Err(OutOfBudget)
    } else {
        Ok(())
    }
}

impl<'a> Search<'a> {
    fn new(board: &Board, attacker: Color, targets: &[Loc], area: &'a [Loc]) -> Self {
        let empty = area.iter().filter(|&&p| board.is_empty(p)).count();
        let mut heads: Vec<Loc> = Vec::new();
        let mut kept: Vec<Loc> = Vec::new();
        for &t in targets {
            if board.is_empty(t) {
                kept.push(t);
            } else if !heads.contains(&board.string_id(t)) {
                heads.push(board.string_id(t));
                kept.push(t);
            }
        }
        Search {
            attacker,
            targets: kept,
            area,
            memo: FxHashMap::default(),
            open: Default::default(),
            open_left: None,
            open_past: empty.max(AREA_EMPTY),
            nodes: 0,
            killers: [[NO_MOVE; 2]; MAX_DEPTH as usize + 1],
            #[cfg(test)]
            unbounded: false,
            #[cfg(test)]
            no_killers: false,
            #[cfg(test)]
            plain_order: false,
        }
    }

    fn taken(&self, b: &Board) -> bool {
        self.targets.iter().any(|&t| b.is_empty(t))
    }

    /// The heads of the target strings left, the first four (a target may have joined
    /// another of its colour's), and their number.
    fn target_heads(&self, b: &Board) -> ([Loc; 4], usize) {
        let mut heads = [Loc(0); 4];
        let mut k = 0;
        for &t in &self.targets {
            if k < heads.len() && !b.is_empty(t) && !heads[..k].contains(&b.string_id(t)) {
                heads[k] = b.string_id(t);
                k += 1;
            }
        }
        (heads, k)
    }

    /// The attacker's moves in the order [`Search::attack`] tries them, written to `order`
    /// (their count returned): the moves of `early` that are not [`NO_MOVE`], then the empty
    /// points of the area that are liberties of a target string (a capture takes them all:
    /// the attacker's wins come soonest there: the fights of the final status over 439
    /// positions, `tests/final/`, `tests/eval_eye/` and held-out games, read 39% fewer nodes
    /// than in the area's order, and five of nine that gave up end), then the others. Points
    /// not empty are left out.
    fn attack_order(&self, b: &Board, early: [u8; 2], order: &mut [u8; MAX_AREA + 3]) -> usize {
        let plain = self.plain();
        let (heads, k) = self.target_heads(b);
        let heads = &heads[..k];
        self.ranked(b, early, None, order, |p| {
            let liberty = b
                .neighbors(p)
                .any(|q| !b.is_empty(q) && heads.contains(&b.string_id(q)));
            usize::from(plain || !liberty)
        })
    }

    /// The defender's moves in the order [`Search::defend`] tries them, written to `order`
    /// (their count returned): the moves of `early` (the pass not among them), then the
    /// captures of attacker strings in atari, then the extensions of defender strings in
    /// atari, then the pass, then the other empty points of the area in its order. The
    /// captures and extensions first save most (the fights of the final status over 753
    /// positions, `tests/final/`, `tests/eval_eye/` and held-out games, each side to move,
    /// read 37% fewer nodes than with the pass first, and 6 instead of 22 give up).
    fn defend_order(&self, b: &Board, early: [u8; 2], order: &mut [u8; MAX_AREA + 3]) -> usize {
        let defender = self.attacker.opponent();
        // A move at the last liberty of a string of `color`.
        let fills_last = |p: Loc, color: Color| {
            b.neighbors(p)
                .any(|q| b.color(q) == Some(color) && b.liberty_count(q) == 1)
        };
        if self.plain() {
            return self.ranked(b, early, Some(0), order, |_| 0);
        }
        self.ranked(b, early, Some(2), order, |p| {
            if fills_last(p, self.attacker) {
                0
            } else if fills_last(p, defender) {
                1
            } else {
                2
            }
        })
    }

    /// Whether the moves are read in the area's order ([`Search::plain_order`]).
    fn plain(&self) -> bool {
        #[cfg(test)]
        return self.plain_order;
        #[cfg(not(test))]
        false
    }

    /// Write to `order` the moves of `early` on the area (neither [`NO_MOVE`] nor the pass),
    /// then the other empty points of the area by `rank` (0, 1 or 2; the area's order
    /// within a rank), with the pass before rank `pass` where that is given; their count.
    fn ranked(
        &self,
        b: &Board,
        early: [u8; 2],
        pass: Option<usize>,
        order: &mut [u8; MAX_AREA + 3],
        rank: impl Fn(Loc) -> usize,
    ) -> usize {
        let mut n = 0;
        for m in early {
            if m < PASS_MOVE && !order[..n].contains(&m) {
                order[n] = m;
                n += 1;
            }
        }
        let mut ranks = [[NO_MOVE; MAX_AREA]; 3];
        let mut counts = [0; 3];
        for (i, &p) in self.area.iter().enumerate() {
            let i = i as u8;
            if !b.is_empty(p) || early.contains(&i) {
                continue;
            }
            let r = rank(p).min(2);
            ranks[r][counts[r]] = i;
            counts[r] += 1;
        }
        for (r, moves) in ranks.iter().enumerate() {
            if pass == Some(r) {
                order[n] = PASS_MOVE;
                n += 1;
            }
            order[n..n + counts[r]].copy_from_slice(&moves[..counts[r]]);
            n += counts[r];
        }
        n
    }

    /// True when no target can be taken within `moves` moves of the attacker's: every
    /// target string has more liberties than that (a move takes at most one liberty from
    /// a string, and the defender may pass throughout).
    fn out_of_reach(&self, b: &Board, moves: u8) -> bool {
        #[cfg(test)]
        if self.unbounded {
            return false;
        }
        self.targets
            .iter()
            .all(|&t| b.liberty_count(t) > usize::from(moves))
    }

    fn key(b: &Board, attacker_to_move: bool) -> (u64, u16, bool) {
        let ko = b.ko().map_or(0, |(l, _)| l.index() as u16 + 1);
        (b.stones_hash(), ko, attacker_to_move)
    }

    fn known(&self, key: &(u64, u16, bool), depth: u8) -> Option<bool> {
        let &(fails, wins, _) = self.memo.get(key)?;
        if depth <= fails {
            Some(false)
        } else if depth >= wins {
            Some(true)
        } else {
            None
        }
    }

    /// The killer move at `depth` of the attacker (`side` 0) or the defender (1).
    fn killer(&self, depth: u8, side: usize) -> u8 {
        #[cfg(test)]
        if self.no_killers {
            return NO_MOVE;
        }
        self.killers[usize::from(depth)][side]
    }

    /// The move that decided the last reading of `key`, if any.
    fn decided(&self, key: &(u64, u16, bool)) -> u8 {
        self.memo.get(key).map_or(NO_MOVE, |e| e.2)
    }

    fn store(&mut self, key: (u64, u16, bool), depth: u8, win: bool, decided: u8) {
        let e = self.memo.entry(key).or_insert((0, u8::MAX, NO_MOVE));
        if win {
            e.1 = e.1.min(depth);
        } else {
            e.0 = e.0.max(depth);
        }
        if decided != NO_MOVE {
            e.2 = decided;
        }
    }

    fn tick(&mut self) -> Result<(), Spent> {
        tick(&mut self.nodes).map_err(|OutOfBudget| Spent::All)?;
        match &mut self.open_left {
            Some(0) => Err(Spent::Open),
            Some(n) => {
                *n -= 1;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// True when the position has opened past the closed fight: captures have left more
    /// empty points in the area than [`Search::open_past`].
    fn opened(&self, b: &Board) -> bool {
        self.area.iter().filter(|&&p| b.is_empty(p)).count() > self.open_past
    }

    /// What the reading already knows of `key` at `depth`: a win or a failure from the
    /// table, or open (`None`) from [`Search::open`].
    fn recalled(&self, key: &(u64, u16, bool), depth: u8) -> Option<Option<bool>> {
        if let Some(r) = self.known(key, depth) {
            return Some(Some(r));
        }
        self.open.contains(&(*key, depth)).then_some(None)
    }

    /// The answer at `key` and `depth` once its moves are read, kept: `decided`, the move
    /// that decided it ([`NO_MOVE`] when none did: a capture for the attacker to move
    /// (`attacker`), a save for the defender), and whether a move left the line open. With
    /// no deciding move and a line open, the position is open (`None`).
    fn conclude(
        &mut self,
        key: (u64, u16, bool),
        depth: u8,
        decided: u8,
        open: bool,
        attacker: bool,
    ) -> Option<bool> {
        if decided == NO_MOVE && open {
            self.open.insert((key, depth));
            return None;
        }
        let win = (decided != NO_MOVE) == attacker;
        self.store(key, depth, win, decided);
        Some(win)
    }

    /// Read `read` from a position reached in the reading, unless the table or
    /// [`Search::open`] already answers it: where it is the first opened one of its line
    /// ([`Search::opened`]), within [`OPEN_NODES`] nodes of its own, `None` past them.
    fn guarded(
        &mut self,
        b: &mut Board,
        key: (u64, u16, bool),
        depth: u8,
        read: impl FnOnce(&mut Self, &mut Board) -> Result<Option<bool>, Spent>,
    ) -> Result<Option<bool>, Spent> {
        if let Some(r) = self.recalled(&key, depth) {
            return Ok(r);
        }
        if self.open_left.is_some() || !self.opened(b) {
            return read(self, b);
        }
        self.open_left = Some(OPEN_NODES);
        let r = read(self, b);
        self.open_left = None;
        match r {
            Err(Spent::Open) => {
                self.open.insert((key, depth));
                Ok(None)
            }
            r => r,
        }
    }

    /// The attacker to move: does it take a target within `depth` plies? `None` where
    /// every line that does not fail passes through an opened position ([`Search::opened`])
    /// whose reading ran past its nodes.
    fn attack(&mut self, b: &mut Board, depth: u8) -> Result<Option<bool>, Spent> {
        if depth == 0 || self.out_of_reach(b, depth.div_ceil(2)) {
            return Ok(Some(false));
        }
        let key = Self::key(b, true);
        self.guarded(b, key, depth, |s, b| s.attack_from(b, key, depth))
    }

    /// [`Search::attack`] past its bounds and the table.
    fn attack_from(
        &mut self,
        b: &mut Board,
        key: (u64, u16, bool),
        depth: u8,
    ) -> Result<Option<bool>, Spent> {
        self.tick()?;
        let first = self.decided(&key);
        let killer = self.killer(depth, 0);
        let killer = if killer == first { NO_MOVE } else { killer };
        let mut win = NO_MOVE;
        let mut open = false;
        // The move that decided a shallower reading of the position first, then the last
        // capture at this depth, then the liberties of the targets, then the rest of the
        // area in order.
        let mut order = [NO_MOVE; MAX_AREA + 3];
        let n = self.attack_order(b, [first, killer], &mut order);
        for &i in &order[..n] {
            let i = usize::from(i);
            let p = self.area[i];
            // An illegal move is refused by `play` before it changes anything.
            if !b.is_empty(p) || b.play(p, self.attacker).is_err() {
                continue;
            }
            let r = if self.taken(b) {
                Ok(Some(true))
            } else {
                self.defend(b, depth - 1)
            };
            b.undo();
            match r? {
                Some(true) => {
                    win = i as u8;
                    self.killers[usize::from(depth)][0] = win;
                    break;
                }
                Some(false) => {}
                None => open = true,
            }
        }
        Ok(self.conclude(key, depth, win, open, true))
    }

    /// The defender to move (or pass): does the attacker still take a target? `None` as
    /// for [`Search::attack`].
    fn defend(&mut self, b: &mut Board, depth: u8) -> Result<Option<bool>, Spent> {
        if depth == 0 || self.out_of_reach(b, depth / 2) {
            return Ok(Some(false));
        }
        let key = Self::key(b, false);
        self.guarded(b, key, depth, |s, b| s.defend_from(b, key, depth))
    }

    /// [`Search::defend`] past its bounds and the table.
    fn defend_from(
        &mut self,
        b: &mut Board,
        key: (u64, u16, bool),
        depth: u8,
    ) -> Result<Option<bool>, Spent> {
        self.tick()?;
        let defender = self.attacker.opponent();
        let first = self.decided(&key);
        let killer = self.killer(depth, 1);
        let killer = if killer == first || killer == PASS_MOVE {
            NO_MOVE
        } else {
            killer
        };
        let mut order = [NO_MOVE; MAX_AREA + 3];
        let n = self.defend_order(b, [first, killer], &mut order);
        let mut saved = NO_MOVE;
        let mut open = false;
        for &i in &order[..n] {
            if i == PASS_MOVE {
                b.pass(defender);
            } else {
                let p = self.area[usize::from(i)];
                if !b.is_empty(p) || b.play(p, defender).is_err() {
                    continue;
                }
            }
            let r = self.attack(b, depth - 1);
            b.undo();
            match r? {
                Some(false) => {
                    saved = i;
                    self.killers[usize::from(depth)][1] = i;
                    break;
                }
                Some(true) => {}
                None => open = true,
            }
        }
        Ok(self.conclude(key, depth, saved, open, false))
    }
}

/// Can `attacker` take a stone of `targets` (stones of the other colour) with moves on the
/// empty points of `area` only, the defender moving first when `defender_first`? `None`
/// when the reading runs out of its node budget or leaves the question open (every line
/// that does not fail passes through a position where captures opened the fight: see the
/// module docs), or when `area` has more than [`MAX_AREA`] points (beyond any closed fight; [`fight_area`] gives at most
/// [`AREA_POINTS`]).
///
/// Read first to [`SHALLOW`] plies: a capture within fewer plies is one within [`DEPTH`],
/// and most questions asked are captures found there with a few hundred positions, where
/// the full depth read first can spend its whole budget on the wrong first moves. Only when
/// no shallow reading finds one is the question read to [`DEPTH`], with a budget of its own
/// and the table the shallow readings filled (their entries hold for the depths they say,
/// and order the deeper reading's moves).
pub fn captures(
    board: &mut Board,
    attacker: Color,
    targets: &[Loc],
    area: &[Loc],
    defender_first: bool,
) -> Option<bool> {
    captures_within(board, attacker, targets, area, defender_first, DEPTH)
}

/// [`captures`] read to `depth` plies at most (at most [`MAX_DEPTH`]) instead of [`DEPTH`].
pub fn captures_within(
    board: &mut Board,
    attacker: Color,
    targets: &[Loc],
    area: &[Loc],
    defender_first: bool,
    depth: u8,
) -> Option<bool> {
    match read(board, attacker, targets, area, defender_first, depth) {
        Outcome::Captures => Some(true),
        Outcome::Fails => Some(false),
        Outcome::Open | Outcome::OutOfBudget => None,
    }
}

/// How a reading of [`captures_within`] ends, its `None` told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker takes a stone of the targets against every defence.
    Captures,
    /// No capture within the depth.
    Fails,
    /// Left open: every line that does not fail passes through a position where captures
    /// opened the fight (see the module docs), as a ko's line does where the defender takes
    /// the attacker's stones round it.
    Open,
    /// Past the node budget, or an area beyond [`MAX_AREA`] points.
    OutOfBudget,
}

/// [`captures_within`], with how it ends ([`Outcome`]).
pub fn read(
    board: &mut Board,
    attacker: Color,
    targets: &[Loc],
    area: &[Loc],
    defender_first: bool,
    depth: u8,
) -> Outcome {
    Fight::new(board, attacker, targets, area).read(board, defender_first, depth)
}

/// One closed fight (an attacker, its targets, an area) asked more than once: who moves
/// first, to what depth. The table of positions read is kept from one question to the next:
/// each entry is a fact of the position (a capture within so many plies, none within so
/// many), whoever moved first at the root, so an answer read to the end is the one a
/// reading of its own gives, only sooner (the defender-first question after the
/// attacker-first one meets the positions the first read after the defender's moves). What
/// a question left open is read again by the next.
pub struct Fight<'a> {
    /// `None` for an area beyond [`MAX_AREA`] points.
    search: Option<Search<'a>>,
    /// The last answer to each question: the attacker first, the defender first.
    last: [Option<Outcome>; 2],
}

impl<'a> Fight<'a> {
    /// The fight of `attacker` against `targets` (stones of the other colour) on the empty
    /// points of `area`, as `board` has it.
    pub fn new(board: &Board, attacker: Color, targets: &[Loc], area: &'a [Loc]) -> Self {
        let search = (area.len() <= MAX_AREA).then(|| Search::new(board, attacker, targets, area));
        Fight {
            search,
            last: [None; 2],
        }
    }

    /// [`read`] on the board the fight was made for (its moves played and taken back).
    pub fn read(&mut self, board: &mut Board, defender_first: bool, depth: u8) -> Outcome {
        let outcome = self.read_all(board, defender_first, depth);
        self.last[usize::from(defender_first)] = Some(outcome);
        outcome
    }

    fn read_all(&mut self, board: &mut Board, defender_first: bool, depth: u8) -> Outcome {
        let Some(s) = self.search.as_mut() else {
            return Outcome::OutOfBudget;
        };
        s.open.clear();
        for depth in SHALLOW {
            if s.read_to(board, defender_first, depth) == Ok(Some(true)) {
                return Outcome::Captures;
            }
        }
        match s.read_to(board, defender_first, depth.min(MAX_DEPTH)) {
            Ok(Some(true)) => Outcome::Captures,
            Ok(Some(false)) => Outcome::Fails,
            Ok(None) => Outcome::Open,
            Err(OutOfBudget) => Outcome::OutOfBudget,
        }
    }

    /// The move that decided the last answer at the root of the question asked with
    /// `defender_first`, on the board as it was asked: the attacker's capture where it
    /// captures moving first, the defender's save where the attacker, the defender moving
    /// first, fails. `None` where no move decided it (the attacker failing moving first, a
    /// capture the defender cannot stop, a pass that saves, a question left open or not
    /// asked).
    pub fn root_move(&self, board: &Board, defender_first: bool) -> Option<Loc> {
        let decisive = if defender_first {
            Outcome::Fails
        } else {
            Outcome::Captures
        };
        if self.last[usize::from(defender_first)] != Some(decisive) {
            return None;
        }
        let s = self.search.as_ref()?;
        let key = Search::key(board, !defender_first);
        let decided = s.decided(&key);
        (decided < PASS_MOVE).then(|| s.area[usize::from(decided)])
    }

    /// [`Fight::read`] as [`captures_within`] answers: `None` left open or past the budget.
    pub fn captures_within(
        &mut self,
        board: &mut Board,
        defender_first: bool,
        depth: u8,
    ) -> Option<bool> {
        match self.read(board, defender_first, depth) {
            Outcome::Captures => Some(true),
            Outcome::Fails => Some(false),
            Outcome::Open | Outcome::OutOfBudget => None,
        }
    }
}

/// The depths [`captures`] reads to before [`DEPTH`].
pub const SHALLOW: [u8; 2] = [4, 8];

impl Search<'_> {
    /// One reading to `depth` plies, with a node budget of its own; `Ok(None)` left open.
    fn read_to(
        &mut self,
        board: &mut Board,
        defender_first: bool,
        depth: u8,
    ) -> Result<Option<bool>, OutOfBudget> {
        self.nodes = 0;
        let r = if defender_first {
            self.defend(board, depth)
        } else {
            self.attack(board, depth)
        };
        match r {
            Ok(r) => Ok(r),
            // (An opened position's own budget ends at the position, left open there.)
            Err(Spent::Open) => Ok(None),
            Err(Spent::All) => Err(OutOfBudget),
        }
    }
}

/// Can the owner of `targets`, moving first with moves on the empty points of `area` only,
/// join a stone of them to a string through `homes` (living strings of its colour) within
/// `depth` plies, whatever the opponent plays there? The opponent taking a target stone
/// ends the line, failed; so does the depth, and the node budget ([`NODES`]): `false` means
/// no join was found, not that none exists. Simple ko, no threats; the opponent may pass,
/// the owner does not (which only ever costs it a join).
pub fn joins(board: &mut Board, targets: &[Loc], homes: &[Loc], area: &[Loc], depth: u8) -> bool {
    let Some(&first) = targets.first() else {
        return false;
    };
    let Some(owner) = board.color(first) else {
        return false;
    };
    let mut j = Join {
        owner,
        targets,
        homes,
        area,
        memo: FxHashMap::default(),
        nodes: 0,
    };
    j.owner_move(board, depth.min(MAX_DEPTH)).unwrap_or(false)
}

struct Join<'a> {
    owner: Color,
    targets: &'a [Loc],
    homes: &'a [Loc],
    area: &'a [Loc],
    /// Per position and side to move: the least depth that joins, the greatest that does not.
    memo: FxHashMap<(u64, u16, bool), (u8, u8)>,
    nodes: usize,
}

impl Join<'_> {
    fn joined(&self, b: &Board) -> bool {
        self.targets.iter().any(|&t| {
            b.color(t) == Some(self.owner)
                && self.homes.iter().any(|&h| b.string_id(h) == b.string_id(t))
        })
    }

    fn taken(&self, b: &Board) -> bool {
        self.targets.iter().any(|&t| b.color(t) != Some(self.owner))
    }

    fn known(&self, key: &(u64, u16, bool), depth: u8) -> Option<bool> {
        let &(joins, fails) = self.memo.get(key)?;
        if depth >= joins {
            Some(true)
        } else if depth <= fails {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, key: (u64, u16, bool), depth: u8, joins: bool) {
        let e = self.memo.entry(key).or_insert((u8::MAX, 0));
        if joins {
            e.0 = e.0.min(depth);
        } else {
            e.1 = e.1.max(depth);
        }
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        tick(&mut self.nodes)
    }

    /// The owner to move: does some move of it join, now or by the end of `depth` plies?
    fn owner_move(&mut self, b: &mut Board, depth: u8) -> Result<bool, OutOfBudget> {
        if depth == 0 {
            return Ok(false);
        }
        let key = Search::key(b, false);
        if let Some(r) = self.known(&key, depth) {
            return Ok(r);
        }
        self.tick()?;
        let mut joins = false;
        for &p in self.area {
            if !b.is_empty(p) || b.play(p, self.owner).is_err() {
                continue;
            }
            let r = if self.joined(b) {
                Ok(true)
            } else if self.taken(b) {
                Ok(false)
            } else {
                self.opponent_move(b, depth - 1)
            };
            b.undo();
            if r? {
                joins = true;
                break;
            }
        }
        self.store(key, depth, joins);
        Ok(joins)
    }

    /// The opponent to move: does the owner join whatever it plays?
    fn opponent_move(&mut self, b: &mut Board, depth: u8) -> Result<bool, OutOfBudget> {
        if depth == 0 {
            return Ok(false);
        }
        let key = Search::key(b, true);
        if let Some(r) = self.known(&key, depth) {
            return Ok(r);
        }
        self.tick()?;
        // The opponent's pass first (its moves here may all be worse for it), then each
        // point.
        b.pass(self.owner.opponent());
        let r = self.owner_move(b, depth - 1);
        b.undo();
        let mut joins = r?;
        for &p in self.area {
            if !joins {
                break;
            }
            if !b.is_empty(p) || b.play(p, self.owner.opponent()).is_err() {
                continue;
            }
            let r = if self.taken(b) {
                Ok(false)
            } else {
                self.owner_move(b, depth - 1)
            };
            b.undo();
            joins = r?;
        }
        self.store(key, depth, joins);
        Ok(joins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{ascii, vertex};

    fn board(d: &str) -> Board {
        ascii::parse_board(d, None).unwrap().board
    }

    /// A lone white stone in the dame between black's corner and white's pass-alive group
    /// F7-J9: white to move joins it (D8, then E8 or D9 whatever black answers); after
    /// black D8 it cannot.
    #[test]
    fn a_stone_joins_its_living_group_moving_first() {
        let d = "\
+-----------------+
|. X . . . O O O O|
|X X O . . O . O .|
|. X . . . O O O O|
|X X X X X X X X X|
|O O O O O O O O O|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
|. . . . . . . . .|
+-----------------+";
        let mut b = board(d);
        let at = |b: &Board, s: &str| vertex::parse(b, s).unwrap();
        let stone = [at(&b, "C8")];
        let homes = [at(&b, "F8")];
        let area = fight_area(&b, &stone).unwrap();
        let empty: Vec<Loc> = area.iter().copied().filter(|&p| b.is_empty(p)).collect();
        assert_eq!(empty.len(), 8);
        assert!(joins(&mut b, &stone, &homes, &empty, 9));
        b.play(at(&b, "D8"), Color::Black).unwrap();
        let empty: Vec<Loc> = empty.into_iter().filter(|&p| b.is_empty(p)).collect();
        assert!(!joins(&mut b, &stone, &homes, &empty, 9));
    }

    /// A seki without eyes (two shared liberties, D3 and D7): neither side takes the other;
    /// the area is the two strings and the two points, not the wall.
    #[test]
    fn neither_side_takes_the_other_in_a_seki() {
        let d = "\
+-----------------+
|. O O O O O . . .|
|. O X X X O . . .|
|. O X . X O . . .|
|. O X O X O . . .|
|. O X O X O . . .|
|. O X O X O . . .|
|. O X . X O . . .|
|. O X X X O . . .|
|. O O O O O . . .|
+-----------------+";
        let mut b = board(d);
        let at = |b: &Board, s: &str| vertex::parse(b, s).unwrap();
        let ring = b.string_stones(at(&b, "C2"));
        let inner = b.string_stones(at(&b, "D4"));
        let heads = [at(&b, "C2"), at(&b, "D4")];
        let area = fight_area(&b, &heads).unwrap();
        assert!(area.contains(&at(&b, "D3")) && area.contains(&at(&b, "D7")));
        assert!(!area.contains(&at(&b, "B5")), "the wall is not in the area");
        // A self-atari at D3 or D7 gives the other side the taken stones' points to read in,
        // where the strings left have more liberties than the moves left can fill: read to
        // the end, neither captures.
        assert_eq!(
            captures(&mut b, Color::White, &ring, &area, false),
            Some(false)
        );
        assert_eq!(
            captures(&mut b, Color::Black, &inner, &area, false),
            Some(false)
        );
        // Without the bound on liberties, black's reading (after the shallow ones, as
        // `captures` reads) is left open: its lines pass through the self-ataris' captures,
        // which open the fight.
        let mut s = Search::new(&b, Color::Black, &inner, &area);
        s.unbounded = true;
        for depth in SHALLOW {
            assert_eq!(s.read_to(&mut b, false, depth), Ok(Some(false)));
        }
        assert_eq!(s.read_to(&mut b, false, DEPTH), Ok(None));
    }

    /// A seki of a one-point eye each (white's 34 stones with J5, black's stones J2 and H1
    /// with J1, sharing H2; the final position of the held-out game `9-l10-s1810`): white filling
    /// H2 or J5 gives black its 34 stones, and the lines after read on 38 empty points.
    /// Those positions are read within [`OPEN_NODES`] each and left open: the question
    /// ends unanswered long before the budget (20,001 nodes without it), and white's
    /// reading of the seki, which opens nothing, still ends (`Some(false)`).
    #[test]
    fn a_fight_opened_by_a_large_capture_is_left_open_early() {
        let d = "\
+-----------------+
|O X . . . X . X X|
|O X X X X O . X O|
|O O X O O X X X O|
|O O O O O O X O O|
|X X X O X O O O .|
|. X O O X X X O O|
|X . X X . X O O O|
|X X X X X X O . X|
|X O O O O O O X .|
+-----------------+";
        let mut b = board(d);
        let at = |b: &Board, s: &str| vertex::parse(b, s).unwrap();
        let whites = b.string_stones(at(&b, "J4"));
        let blacks = [at(&b, "J2"), at(&b, "H1")];
        assert_eq!(whites.len(), 34);
        let area = fight_area(&b, &[at(&b, "J4"), at(&b, "J2"), at(&b, "H1")]).unwrap();
        let mut empty: Vec<String> = area
            .iter()
            .filter(|&&p| b.is_empty(p))
            .map(|&p| vertex::name(&b, p))
            .collect();
        empty.sort();
        assert_eq!(empty, ["H2", "J1", "J5"]);
        let mut s = Search::new(&b, Color::White, &blacks, &area);
        assert_eq!(s.read_to(&mut b, false, DEPTH), Ok(None));
        assert_eq!(
            read(&mut b, Color::White, &blacks, &area, false, DEPTH),
            Outcome::Open
        );
        assert!(s.nodes < NODES / 2, "{} nodes", s.nodes);
        assert!(!s.open.is_empty());
        assert_eq!(
            captures(&mut b, Color::Black, &whites, &area, false),
            Some(false)
        );
    }

    /// The bound on liberties only ends lines whose answer it knows: wherever the reading
    /// without it finishes, both readings answer the same, for every string of up to four
    /// liberties in a closed fight of the composed final positions, both sides to move
    /// first; and it finishes more of them.
    #[test]
    fn the_bound_on_liberties_changes_no_answer_read_to_the_end() {
        let (mut compared, mut finished_only_bounded) = (0, 0);
        each_fight(|path, b, s, stones, area, attacker, first| {
            let bounded = captures(b, attacker, stones, area, first);
            let mut u = Search::new(b, attacker, stones, area);
            u.unbounded = true;
            let mut unbounded = None;
            for depth in SHALLOW.into_iter().chain([DEPTH]) {
                unbounded = u.read_to(b, first, depth).ok().flatten();
                if unbounded == Some(true) {
                    break;
                }
            }
            match unbounded {
                Some(_) => {
                    assert_eq!(bounded, unbounded, "{path} {}", vertex::name(b, s));
                    compared += 1;
                }
                None => finished_only_bounded += usize::from(bounded.is_some()),
            }
        });
        assert!(compared > 100, "{compared} readings compared");
        assert!(finished_only_bounded > 0);
    }

    /// A fight asked both questions on one table (the attacker first, then the defender
    /// first, and the other way round) answers each as a reading of its own does, wherever
    /// that one ends: every string of up to four liberties in a closed fight of the composed
    /// final positions.
    #[test]
    fn a_fight_asked_twice_answers_as_two_readings() {
        let mut compared = 0;
        each_fight(|path, b, s, stones, area, attacker, first| {
            let apart = [first, !first].map(|f| read(b, attacker, stones, area, f, DEPTH));
            let mut fight = Fight::new(b, attacker, stones, area);
            let shared = [first, !first].map(|f| fight.read(b, f, DEPTH));
            for (a, t) in apart.into_iter().zip(shared) {
                if matches!(a, Outcome::Captures | Outcome::Fails) {
                    assert_eq!(a, t, "{path} {}", vertex::name(b, s));
                    compared += 1;
                }
            }
        });
        assert!(compared > 200, "{compared} answers compared");
    }

    /// Every string of up to four liberties in a closed fight of the composed final
    /// positions, read by `read` (the file, the board, the string, its stones, the fight's
    /// area, the attacker, and whether the defender moves first), both sides first.
    fn each_fight(mut read: impl FnMut(&str, &mut Board, Loc, &[Loc], &[Loc], Color, bool)) {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/final/composed");
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut b = board(&text);
            let heads: Vec<Loc> = b
                .locs()
                .filter(|&l| b.color(l).is_some() && b.string_id(l) == l)
                .filter(|&l| b.liberty_count(l) <= AREA_LIBERTIES)
                .collect();
            for s in heads {
                let Some(area) = fight_area(&b, &[s]) else {
                    continue;
                };
                let stones = b.string_stones(s);
                let attacker = b.color(s).unwrap().opponent();
                for first in [true, false] {
                    read(
                        &path.display().to_string(),
                        &mut b,
                        s,
                        &stones,
                        &area,
                        attacker,
                        first,
                    );
                }
            }
        }
    }

    /// The orders (the attacker's on the targets' liberties first, the defender's captures
    /// and extensions first) change no answer read to the end, and read fewer positions:
    /// every string of up to four liberties in a closed fight of the composed final
    /// positions, both sides to move first, read in the area's order too (208 readings
    /// that end both ways: 47,489 positions against 111,183).
    #[test]
    fn the_move_orders_change_no_answer_read_to_the_end() {
        let (mut compared, mut nodes, mut plain_nodes) = (0, 0, 0);
        each_fight(|path, b, s, stones, area, attacker, first| {
            let read = |b: &mut Board, plain: bool| {
                let mut r = Search::new(b, attacker, stones, area);
                r.plain_order = plain;
                let (mut answer, mut spent) = (None, 0);
                for depth in SHALLOW.into_iter().chain([DEPTH]) {
                    answer = r.read_to(b, first, depth).ok().flatten();
                    spent += r.nodes;
                    if answer == Some(true) {
                        break;
                    }
                }
                (answer, spent)
            };
            let (ordered, n) = read(b, false);
            let (plain, p) = read(b, true);
            if let (Some(o), Some(q)) = (ordered, plain) {
                assert_eq!(o, q, "{path} {}", vertex::name(b, s));
                compared += 1;
                nodes += n;
                plain_nodes += p;
            }
        });
        assert!(compared > 100, "{compared} readings compared");
        assert!(nodes < plain_nodes, "{nodes} against {plain_nodes}");
    }

    /// A dead string whose fight the full depth, read first in the area's order, reads past
    /// its budget: the shallow readings find the capture, and so does the full depth read
    /// first with the killer moves and the orders of [`Search::attack_order`] and
    /// [`Search::defend_order`] (19x19 F1 of the
    /// self-play game `19-l1-s10`, its owner moving first).
    #[test]
    fn a_capture_the_full_depth_reads_past_its_budget_is_found_shallow() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/final/selfplay/19-l1-s10.sgf"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut b = crate::board::sgf::load(&text, None).unwrap().board;
        let s = vertex::parse(&b, "F1").unwrap();
        let attacker = b.color(s).unwrap().opponent();
        let stones = b.string_stones(s);
        let area = fight_area(&b, &[s]).unwrap();
        assert_eq!(area.len(), 22);
        let mut s = Search::new(&b, attacker, &stones, &area);
        s.no_killers = true;
        s.plain_order = true;
        assert_eq!(s.read_to(&mut b, true, DEPTH), Err(OutOfBudget));
        let mut s = Search::new(&b, attacker, &stones, &area);
        assert_eq!(s.read_to(&mut b, true, DEPTH), Ok(Some(true)));
        let mut s = Search::new(&b, attacker, &stones, &area);
        assert_eq!(s.read_to(&mut b, true, SHALLOW[0]), Ok(Some(true)));
        assert_eq!(captures(&mut b, attacker, &stones, &area, true), Some(true));
    }

    /// An area of more points than the table's move codes hold is refused, not read with
    /// indices that wrap: every point of a 19x19 board given as the area.
    #[test]
    fn an_area_beyond_the_move_codes_is_not_read() {
        let mut b = Board::new(19).unwrap();
        let at = |b: &Board, s: &str| vertex::parse(b, s).unwrap();
        b.play(at(&b, "D4"), Color::White).unwrap();
        let area: Vec<Loc> = b.locs().collect();
        assert!(area.len() > MAX_AREA);
        let stones = b.string_stones(at(&b, "D4"));
        assert_eq!(captures(&mut b, Color::Black, &stones, &area, false), None);
        assert_eq!(
            captures(&mut b, Color::Black, &stones, &area[..4], false),
            Some(false)
        );
    }

    /// Two stones in atari inside a living wall: taken, even with their owner to move.
    #[test]
    fn stones_short_of_liberties_are_taken() {
        let d = "\
+-----------+
|. X O . X .|
|X O O X X .|
|X X X X . .|
|. . . . . .|
|. . . . . .|
|. . . . . .|
+-----------+";
        let mut b = board(d);
        let w = vertex::parse(&b, "B5").unwrap();
        let stones = b.string_stones(w);
        let area = fight_area(&b, &[w]).unwrap();
        assert_eq!(
            captures(&mut b, Color::Black, &stones, &area, true),
            Some(true)
        );
    }
}
