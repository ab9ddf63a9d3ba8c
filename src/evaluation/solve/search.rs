//! The search engine: abstract Go on the eye graph, boolean capture search with an explicit
//! stack and a transposition table.
//!
//! A position is two bitmasks over the eye vertices (attacker and defender stones), the number of
//! outer liberties the attacker has not filled yet, the simple-ko ban and the ko threats left.
//! The defender's wall string `W` is implicit: every defender stone on a vertex that touches the
//! wall, and every defender stone connected to one, belongs to it. `W`'s liberties are the empty
//! vertices it touches, the outer liberties left and (in the "extra eye" game) one eye that only
//! its last-liberty capture can fill.

use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use super::symmetry::Symmetries;
use super::{Features, CLOCK_INTERVAL, TT_MEMORY};

/// Most entries the transposition table holds before it is emptied: [`TT_MEMORY`] over the
/// size of an entry with the hash table's overhead (a power of two: the table's capacity).
const TT_LIMIT: usize = {
    let per_entry = 2 * (std::mem::size_of::<(u64, u64)>() + 1);
    let n = TT_MEMORY / per_entry;
    // The largest power of two not above `n`.
    1 << (usize::BITS - 1 - n.leading_zeros())
};
/// A table entry whose result holds whatever the line of play (its `cut` field).
const ANY_LINE: u64 = 0xffff;

/// A table entry: the result, the path index `cut` it depends on ([`ANY_LINE`]: none) and
/// the serial of the path entry there.
#[inline]
fn entry(value: bool, cut: u64, serial: u32) -> u64 {
    value as u64 | cut << 1 | (serial as u64) << 32
}
/// Entries the transposition table is made with: enough for most spaces of up to seven
/// vertices, so small solves never rehash and large ones rehash a few times only.
const TT_START: usize = 1 << 12;
/// Slots of the repetition filter (a power of two).
const FILTER: usize = 1 << 12;

/// The filter slot of a key: its top bits after a multiplicative mix.
#[inline]
fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - FILTER.trailing_zeros())) as usize
}

/// Sentinel "no ko ban".
pub(crate) const NO_KO: u8 = 31;
/// Move code: fill an outer liberty (attacker only).
pub(crate) const OUTER: u8 = 30;
/// Move code: pass (defender only; an attacker pass never helps a capture).
pub(crate) const PASS: u8 = 31;

/// The fixed geometry of one eye space, derived from a checked [`super::Space`].
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub n: usize,
    pub adj: [u32; 32],
    /// Vertices with a side on the defender's wall string.
    pub wall: u32,
    /// Vertices next to an invincible attacker group.
    pub marg: u32,
    /// Static move order (most connected first).
    pub order: [u8; 32],
}

impl Geometry {
    #[inline]
    pub fn nbrs(&self, mut set: u32) -> u32 {
        let mut out = 0;
        while set != 0 {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            out |= self.adj[i];
        }
        out
    }

    /// The connected part of `color` that contains `seed`.
    #[inline]
    pub fn flood(&self, seed: u32, color: u32) -> u32 {
        let mut g = seed & color;
        loop {
            let next = g | (self.nbrs(g) & color);
            if next == g {
                return g;
            }
            g = next;
        }
    }
}

/// One position of the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub black: u32,
    pub white: u32,
    pub outer: u8,
    pub ko: u8,
    /// Ko threats left: `[attacker, defender]` (each at most 3).
    pub threats: [u8; 2],
}

impl State {
    /// Board key: stones and outer liberties (what superko compares).
    #[inline]
    pub fn board(&self) -> u64 {
        self.black as u64 | (self.white as u64) << 20 | (self.outer as u64) << 40
    }

    /// Full key for the transposition table.
    #[inline]
    pub fn key(&self, black_to_move: bool, eye: bool) -> u64 {
        self.board()
            | (self.ko as u64) << 43
            | (self.threats[0] as u64) << 48
            | (self.threats[1] as u64) << 50
            | (black_to_move as u64) << 52
            | (eye as u64) << 53
    }
}

/// Result of trying a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Played {
    /// Not allowed (occupied, ko without threat, defender self-capture of `W`).
    Illegal,
    /// The attacker captured `W`.
    CapturedWall,
    /// A new position; `captured` says whether opponent stones were removed.
    Next { state: State, captured: bool },
}

/// The game rules on one geometry, for one setting of the extra eye.
pub(crate) struct Rules<'g> {
    pub g: &'g Geometry,
    pub eye: bool,
}

impl Rules<'_> {
    /// Defender stones belonging to the wall string.
    #[inline]
    pub fn wall_stones(&self, s: &State) -> u32 {
        self.g.flood(s.white & self.g.wall, s.white)
    }

    /// Number of liberties of the wall string.
    #[inline]
    pub fn wall_libs(&self, s: &State) -> u32 {
        let empty = !(s.black | s.white) & self.all();
        let w = self.wall_stones(s);
        (empty & (self.g.wall | self.g.nbrs(w))).count_ones() + s.outer as u32 + self.eye as u32
    }

    #[inline]
    fn all(&self) -> u32 {
        if self.g.n >= 32 {
            u32::MAX
        } else {
            (1u32 << self.g.n) - 1
        }
    }

    /// Play `mv` (a vertex, [`OUTER`] or [`PASS`]) for the attacker (`black`) or the defender.
    pub fn play(&self, s: &State, black: bool, mv: u8) -> Played {
        let mut t = *s;
        t.ko = NO_KO;
        if mv == PASS {
            return Played::Next {
                state: t,
                captured: false,
            };
        }
        if mv == OUTER {
            if !black || s.outer == 0 {
                return Played::Illegal;
            }
            t.outer -= 1;
            if self.wall_libs(&t) == 0 {
                return Played::CapturedWall;
            }
            return Played::Next {
                state: t,
                captured: false,
            };
        }
        let bit = 1u32 << mv;
        if (s.black | s.white) & bit != 0 {
            return Played::Illegal;
        }
        let all = self.all();
        let mut captured_count = 0u32;
        let mut captured_at = 0u32;
        if black {
            t.black |= bit;
            // Opponent strings next to the stone.
            let touches_wall = self.g.wall & bit != 0;
            let w = self.wall_stones(&t);
            if touches_wall || self.g.adj[mv as usize] & w != 0 {
                let empty = !(t.black | t.white) & all;
                let libs = (empty & (self.g.wall | self.g.nbrs(w))).count_ones()
                    + t.outer as u32
                    + self.eye as u32;
                if libs == 0 {
                    return Played::CapturedWall;
                }
            }
            let mut cand = self.g.adj[mv as usize] & t.white & !w;
            while cand != 0 {
                let str_ = self.g.flood(cand & cand.wrapping_neg(), t.white);
                cand &= !str_;
                let empty = !(t.black | t.white) & all;
                if self.g.nbrs(str_) & empty == 0 {
                    t.white &= !str_;
                    captured_count += str_.count_ones();
                    captured_at |= str_;
                }
            }
        } else {
            t.white |= bit;
            let mut cand = self.g.adj[mv as usize] & t.black;
            while cand != 0 {
                let str_ = self.g.flood(cand & cand.wrapping_neg(), t.black);
                cand &= !str_;
                if str_ & self.g.marg != 0 {
                    continue;
                }
                let empty = !(t.black | t.white) & all;
                if self.g.nbrs(str_) & empty == 0 {
                    t.black &= !str_;
                    captured_count += str_.count_ones();
                    captured_at |= str_;
                }
            }
        }
        // Ko: retaking a single stone at the banned point.
        if s.ko == mv && captured_count == 1 {
            let side = if black { 0 } else { 1 };
            if t.threats[side] == 0 {
                return Played::Illegal;
            }
            t.threats[side] -= 1;
        }
        // The mover's own string: suicide removes it.
        let empty = !(t.black | t.white) & all;
        if black {
            let own = self.g.flood(bit, t.black);
            let libs = self.g.nbrs(own) & empty;
            if own & self.g.marg == 0 && libs == 0 {
                return Played::Illegal;
            } else if captured_count == 1 && own == bit && libs == captured_at {
                t.ko = captured_at.trailing_zeros() as u8;
            }
        } else {
            let own = self.g.flood(bit, t.white);
            let libs = self.g.nbrs(own) & empty;
            if own & self.g.wall != 0 {
                let w = self.wall_stones(&t);
                let wl = (empty & (self.g.wall | self.g.nbrs(w))).count_ones()
                    + t.outer as u32
                    + self.eye as u32;
                if wl == 0 {
                    return Played::Illegal;
                }
            } else if libs == 0 {
                return Played::Illegal;
            } else if captured_count == 1 && own == bit && libs == captured_at {
                t.ko = captured_at.trailing_zeros() as u8;
            }
        }
        Played::Next {
            state: t,
            captured: captured_count > 0,
        }
    }

    /// True when the wall has at least `need` sure eyes: empty regions of one or two vertices,
    /// none marginal, whose every neighbour is a wall stone. The attacker can fill all but one
    /// point of such a region and no more (the last would be suicide while the wall keeps a
    /// liberty elsewhere), so with two of them (or one and the extra eye) the wall lives.
    pub fn sure_eyes(&self, s: &State, need: u32) -> bool {
        if need == 0 {
            return true;
        }
        let empty = !(s.black | s.white) & self.all();
        let mut cand = empty & !self.g.marg;
        if cand == 0 {
            return false;
        }
        let w = self.wall_stones(s);
        let mut found = 0;
        while cand != 0 {
            let region = self.g.flood(cand & cand.wrapping_neg(), empty);
            cand &= !region;
            if region.count_ones() <= 2
                && region & self.g.marg == 0
                && self.g.nbrs(region) & !region & !w == 0
            {
                found += 1;
                if found >= need {
                    return true;
                }
            }
        }
        false
    }

    /// True when the wall has at least `need` vital regions in Benson's sense: connected sets
    /// of points off the wall string (empty or attacker stones, no marginal vertex, no
    /// defender stone outside the wall) with at least one empty point, every empty point a
    /// liberty of the wall. The attacker cannot fill the last empty point of such a region
    /// while the wall keeps a liberty elsewhere (it would be suicide: the region's attacker
    /// strings have no liberty outside it), so with two of them (or one and the extra eye)
    /// the wall lives whatever either side plays. Every region [`Rules::sure_eyes`] counts
    /// is one.
    pub fn vital_regions(&self, s: &State, need: u32) -> bool {
        if need == 0 {
            return true;
        }
        let all = self.all();
        let w = self.wall_stones(s);
        let empty = !(s.black | s.white) & all;
        let libs = empty & (self.g.wall | self.g.nbrs(w));
        let off = all & !w;
        let mut cand = empty & !self.g.marg;
        let mut found = 0;
        while cand != 0 {
            let region = self.g.flood(cand & cand.wrapping_neg(), off);
            cand &= !region;
            if region & self.g.marg == 0 && region & s.white == 0 && region & empty & !libs == 0 {
                found += 1;
                if found >= need {
                    return true;
                }
            }
        }
        false
    }

    /// Candidate moves in search order.
    pub fn moves(&self, s: &State, black: bool, out: &mut [u8; 34]) -> usize {
        let mut k = 0;
        let empty = !(s.black | s.white) & self.all();
        if black {
            // A wall in atari is captured at once by the caller; here: vertices, then outer.
            for &v in &self.g.order[..self.g.n] {
                if empty & (1 << v) != 0 {
                    out[k] = v;
                    k += 1;
                }
            }
            if s.outer > 0 {
                out[k] = OUTER;
                k += 1;
            }
        } else {
            // Vertices first, most connected first (the vital points of a shape), pass last.
            for &v in &self.g.order[..self.g.n] {
                if empty & (1 << v) != 0 {
                    out[k] = v;
                    k += 1;
                }
            }
            out[k] = PASS;
            k += 1;
        }
        k
    }
}

/// Move a move that wins at once (for the defender: one after which the wall lives
/// statically) to the front.
fn win_first(rules: &Rules, s: &State, black: bool, moves: &mut [u8], static_life: bool) {
    if black {
        return;
    }
    let need = 2 - rules.eye as u32;
    for i in 0..moves.len() {
        if let Played::Next { state, .. } = rules.play(s, false, moves[i]) {
            let alive = if static_life {
                rules.vital_regions(&state, need)
            } else {
                rules.sure_eyes(&state, need)
            };
            if alive {
                moves[..=i].rotate_right(1);
                return;
            }
        }
    }
}

/// One frame of the explicit search stack.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    black: bool,
    key: u64,
    moves: [u8; 34],
    nmoves: u8,
    next: u8,
    /// The lowest path index a repetition below this frame was cut against (`u32::MAX`: none).
    /// A result with `cut` at or below the frame's own index depends only on positions inside
    /// its own subtree, so it may be stored; a lower one depends on the line that led here.
    cut: u32,
}

/// Counters for one solve.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub nodes: u64,
}

/// Which budget a search ran out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exhausted {
    /// [`super::Params::node_limit`].
    Nodes,
    /// [`super::Params::time_limit`].
    Time,
    /// The allocator refused the search stack room.
    Memory,
}

/// Search state shared by every query of one solve: the transposition table and the stack.
pub(crate) struct Searcher {
    /// The transposition table ([`entry`]s). A result that depends on the line of play is
    /// valid while the path entry at its index `cut` is the one pushed with its serial (see
    /// [`Searcher::wins`]); one table, so a position costs one probe.
    tt: FxHashMap<u64, u64>,
    stack: Vec<Frame>,
    /// The line of play: `(board, full key, serial)` per position.
    path: Vec<(u64, u64, u32)>,
    /// Serial numbers handed to path entries: never reused within a solve.
    serial: u32,
    /// Counting filters over the path's full keys and boards: a zero slot proves that no
    /// position of the line has that key, so the line is scanned only on a slot hit.
    filter_full: Box<[u16; FILTER]>,
    filter_board: Box<[u16; FILTER]>,
    /// The attacker's cut-offs per move code (a vertex, or [`OUTER`], a code no space of
    /// [`super::MAX_VERTICES`] uses): the history heuristic.
    history: [u32; 32],
    /// What the search may use.
    pub features: Features,
    /// The symmetries of the geometry (empty unless [`Features::symmetry`]).
    pub symmetries: Symmetries,
    pub stats: Stats,
    pub node_limit: u64,
    /// When the solve started, and when it must stop.
    pub started: Instant,
    deadline: Option<Instant>,
    pub exhausted: Option<Exhausted>,
}

impl Searcher {
    pub fn new(
        node_limit: u64,
        time_limit: Option<Duration>,
        features: Features,
        symmetries: Symmetries,
    ) -> Searcher {
        let started = Instant::now();
        let mut tt = FxHashMap::default();
        if features.presized_table {
            // A refusal only means the table starts small.
            let _ = tt.try_reserve(TT_START);
        }
        Searcher {
            tt,
            stack: Vec::new(),
            path: Vec::new(),
            serial: 0,
            filter_full: Box::new([0; FILTER]),
            filter_board: Box::new([0; FILTER]),
            history: [0; 32],
            features,
            symmetries,
            stats: Stats::default(),
            node_limit,
            started,
            // A limit too large for the clock is no limit.
            deadline: time_limit.and_then(|t| started.checked_add(t)),
            exhausted: None,
        }
    }

    /// Count one node; give the budget it exhausts, if any. The clock is read every
    /// [`CLOCK_INTERVAL`] nodes (and at the first), which costs nothing measurable.
    #[inline]
    fn count_node(&mut self) -> Option<Exhausted> {
        self.stats.nodes += 1;
        if self.stats.nodes > self.node_limit {
            return Some(Exhausted::Nodes);
        }
        if self.stats.nodes % CLOCK_INTERVAL == 1 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    return Some(Exhausted::Time);
                }
            }
        }
        None
    }

    /// True when the player to move (`black` = attacker) wins from `root`: the attacker wins by
    /// capturing `W`, the defender by keeping it. `history` holds the boards (see
    /// [`State::board`]) played before `root`, for superko.
    pub fn wins(&mut self, rules: &Rules, root: &State, black: bool, history: &[u64]) -> bool {
        if let Some(v) = self.terminal(rules, root, black) {
            return v;
        }
        let key = root.key(black, rules.eye);
        if let Some(&e) = self.tt.get(&key) {
            if e >> 1 & ANY_LINE == ANY_LINE {
                return e & 1 == 1;
            }
        }
        if self.exhausted.is_some() {
            return !black;
        }
        self.stack.clear();
        while self.pop_path() {}
        for &b in history {
            if !self.push_path(b, u64::MAX) {
                return !black;
            }
        }
        if !self.push(rules, root, black) {
            return !black;
        }
        // `ret` carries the result of the frame just finished to its parent, with the lowest
        // path index a repetition below it was cut against. A result cut against a position
        // above its own frame depends on the line of play and is not stored: the table holds
        // only results that hold whatever line reaches the position. (Not storing any result
        // touched by a repetition is also sound, but exponential in ko-rich spaces: 7-vertex
        // corner shapes ran past 20 million nodes.) With [`Features::local_results`], such a
        // result goes to a second table with the index `cut` and the serial of the path entry
        // there: it is used again only while that entry is still on the line, that is for the
        // positions reached again below the position it depends on, and the user inherits the
        // dependence (its own `cut`).
        let mut ret: Option<(bool, u32)> = None;
        loop {
            let depth = self.stack.len();
            if let Some((r, cut)) = ret.take() {
                // The child (opponent to move) finished with `r` = "opponent wins".
                let top = &mut self.stack[depth - 1];
                top.cut = top.cut.min(cut);
                if !r {
                    let top = self.stack.pop().expect("frame");
                    if self.features.history && top.black {
                        let mv = top.moves[top.next as usize - 1];
                        let h = &mut self.history[mv as usize & 31];
                        *h = h.saturating_add(1);
                    }
                    self.pop_path();
                    self.finish(&top, true);
                    if self.stack.is_empty() {
                        return true;
                    }
                    ret = Some((true, top.cut));
                    continue;
                }
            }
            let top = &mut self.stack[depth - 1];
            if top.next >= top.nmoves {
                let top = self.stack.pop().expect("frame");
                self.pop_path();
                self.finish(&top, false);
                if self.stack.is_empty() {
                    return false;
                }
                ret = Some((false, top.cut));
                continue;
            }
            let mv = top.moves[top.next as usize];
            top.next += 1;
            let (state, black) = (top.state, top.black);
            let child = match rules.play(&state, black, mv) {
                Played::Illegal => continue,
                Played::CapturedWall => {
                    ret = Some((false, u32::MAX));
                    continue;
                }
                Played::Next { state, captured } => {
                    let board = state.board();
                    let full = state.key(!black, rules.eye);
                    let by_board = !captured && mv != PASS;
                    let may_repeat = !self.features.repetition_filter
                        || self.filter_full[slot(full)] != 0
                        || (by_board && self.filter_board[slot(board)] != 0);
                    let repeats = if may_repeat {
                        self.path
                            .iter()
                            .position(|&(b, f, _)| f == full || (by_board && b == board))
                    } else {
                        None
                    };
                    if let Some(i) = repeats {
                        let top = &mut self.stack[depth - 1];
                        top.cut = top.cut.min(i as u32);
                        continue;
                    }
                    state
                }
            };
            if let Some(v) = self.terminal(rules, &child, !black) {
                ret = Some((v, u32::MAX));
                continue;
            }
            let child_key = child.key(!black, rules.eye);
            if let Some(&e) = self.tt.get(&child_key) {
                let (v, cut) = (e & 1 == 1, e >> 1 & ANY_LINE);
                if cut == ANY_LINE {
                    ret = Some((v, u32::MAX));
                    continue;
                }
                if self
                    .path
                    .get(cut as usize)
                    .is_some_and(|p| p.2 == (e >> 32) as u32)
                {
                    ret = Some((v, cut as u32));
                    continue;
                }
            }
            if self.exhausted.is_none() {
                self.exhausted = self.count_node();
            }
            if self.exhausted.is_some() || !self.push(rules, &child, !black) {
                // Out of budget: count the child as a win for the defender (no capture proven),
                // and never store what follows from it.
                ret = Some((!black, 0));
                continue;
            }
        }
    }

    /// Record a result. The table is emptied when it reaches [`TT_LIMIT`] entries, and when
    /// the allocator refuses it room to grow (it then goes on, smaller), so its memory stays
    /// bounded whatever the space and whatever the process's memory limit.
    fn store(&mut self, key: u64, value: u64) {
        if self.tt.len() >= TT_LIMIT {
            self.tt.clear();
        }
        if self.tt.len() == self.tt.capacity() && self.tt.try_reserve(1).is_err() {
            // Growing doubles the table: give its memory back and start again small.
            self.tt = FxHashMap::default();
            if self.tt.try_reserve(1).is_err() {
                return;
            }
        }
        self.tt.insert(key, value);
    }

    /// Record the result of a frame just taken off the stack (the path already popped, so the
    /// frame's own index is the path's length): in the table when it holds whatever the line,
    /// else, with [`Features::local_results`], as a line-dependent result.
    fn finish(&mut self, top: &Frame, value: bool) {
        let cut = top.cut as usize;
        if cut >= self.path.len() {
            self.store(top.key, entry(value, ANY_LINE, 0));
        } else if self.features.local_results && self.exhausted.is_none() && (cut as u64) < ANY_LINE
        {
            // A result that holds whatever the line is never replaced by one that does not.
            let permanent = self
                .tt
                .get(&top.key)
                .is_some_and(|e| e >> 1 & ANY_LINE == ANY_LINE);
            if !permanent {
                let serial = self.path[cut].2;
                self.store(top.key, entry(value, cut as u64, serial));
            }
        }
    }

    /// Push one entry on the repetition path; false when the allocator refuses it room (the
    /// search is then out of memory).
    fn push_path(&mut self, board: u64, full: u64) -> bool {
        if self.path.try_reserve(1).is_err() {
            self.exhausted = Some(Exhausted::Memory);
            return false;
        }
        self.serial = self.serial.wrapping_add(1);
        self.path.push((board, full, self.serial));
        self.filter_full[slot(full)] += 1;
        self.filter_board[slot(board)] += 1;
        true
    }

    /// Pop the last entry of the repetition path; false when it was empty.
    fn pop_path(&mut self) -> bool {
        let Some((board, full, _)) = self.path.pop() else {
            return false;
        };
        self.filter_full[slot(full)] -= 1;
        self.filter_board[slot(board)] -= 1;
        true
    }

    /// Push a frame; false when the allocator refuses it room (the search is then out of
    /// memory).
    fn push(&mut self, rules: &Rules, s: &State, black: bool) -> bool {
        let mut moves = [0u8; 34];
        let mut nmoves = rules.moves(s, black, &mut moves) as u8;
        if self.features.symmetry {
            nmoves = self.symmetries.prune(s, &mut moves, nmoves);
        }
        // The attacker's moves only: ordering the defender's too made open centres and
        // corners read millions of nodes more.
        if self.features.history && black {
            let h = &self.history;
            moves[..nmoves as usize].sort_by_key(|&m| std::cmp::Reverse(h[m as usize & 31]));
        }
        if self.features.win_first {
            win_first(
                rules,
                s,
                black,
                &mut moves[..nmoves as usize],
                self.features.static_life,
            );
        }
        if self.stack.try_reserve(1).is_err() || !self.push_path(s.board(), s.key(black, rules.eye))
        {
            self.exhausted = Some(Exhausted::Memory);
            return false;
        }
        self.stack.push(Frame {
            state: *s,
            black,
            key: s.key(black, rules.eye),
            moves,
            nmoves,
            next: 0,
            cut: u32::MAX,
        });
        true
    }

    /// Immediate results: an attacker to move against a wall with one liberty captures it.
    #[inline]
    fn terminal(&self, rules: &Rules, s: &State, black: bool) -> Option<bool> {
        if black && rules.wall_libs(s) <= 1 {
            return Some(true);
        }
        let need = 2 - rules.eye as u32;
        let alive = if self.features.static_life {
            rules.vital_regions(s, need)
        } else {
            rules.sure_eyes(s, need)
        };
        if alive {
            // The wall can never be brought down to one liberty: the defender has won.
            return Some(!black);
        }
        None
    }
}
