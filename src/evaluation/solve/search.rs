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

use super::symmetry::Symmetries;
use super::transposition::Table;
use super::{
    Features, CLOCK_INTERVAL, EARLY_GIVE_UP_SHARE, JOINS_FIRST_FROM, MIRROR_TABLE_FROM, TT_MEMORY,
    WIN_FIRST_FROM,
};

/// The most slots the transposition table has: the largest power of two whose slots (a key
/// and an entry, and half a reach of the arena each) fit in [`TT_MEMORY`] together with the
/// half-size table they grow from, which is held while the table doubles.
const TT_BUCKETS: usize = {
    // A slot and a share of the reach arena, which is emptied with the table once it holds
    // half of [`TT_LIMIT`] reaches.
    let per_bucket = Table::SLOT_BYTES + std::mem::size_of::<[u64; 4]>() / 2;
    let n = TT_MEMORY / per_bucket * 2 / 3;
    // The largest power of two not above `n`.
    1 << (usize::BITS - 1 - n.leading_zeros())
};
/// Most entries the transposition table holds before it is emptied: seven eighths of its
/// largest size (the capacity a general hash map of that many buckets has; see
/// `transposition.rs`).
const TT_LIMIT: usize = TT_BUCKETS / 8 * 7;
/// Entry flag: the result holds on every line of play whose positions of the entry's class
/// (see [`Rules::class`]) all hold fewer than the entry's `min` stones.
const ANY_LINE: u64 = 1 << 1;
/// The deepest path index a line-dependent entry can name (8 bits).
const MAX_CUT: u32 = 0xff;
/// "No stone count": the `min` of a result that read no position of its own class.
pub(crate) const NO_COUNT: u8 = 31;

/// A summary of a set of positions: the fewest stones on one, and the attacker and defender
/// stones that every one holds. A board can be one of them only if it holds at least `min`
/// stones and all of those.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    min: u8,
    black: u32,
    white: u32,
    /// A one-hash Bloom filter of the boards: a board whose bit is clear is none of them.
    bloom: u64,
}

/// The Bloom filter bit of a board.
#[inline]
fn bloom_bit(board: u64) -> u64 {
    1 << ((board & 0xff_ffff_ffff).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58)
}

impl Seen {
    /// Nothing met.
    const NONE: Seen = Seen {
        min: NO_COUNT,
        black: u32::MAX,
        white: u32::MAX,
        bloom: 0,
    };

    /// One position met (a board, see [`State::board`]).
    #[inline]
    fn of(board: u64) -> Seen {
        Seen {
            min: stones(board),
            black: board as u32 & 0xf_ffff,
            white: (board >> 20) as u32 & 0xf_ffff,
            bloom: bloom_bit(board),
        }
    }

    #[inline]
    fn join(self, o: Seen) -> Seen {
        Seen {
            min: self.min.min(o.min),
            black: self.black & o.black,
            white: self.white & o.white,
            bloom: self.bloom | o.bloom,
        }
    }

    /// False when the board cannot be any position met.
    #[inline]
    fn may_meet(&self, board: u64) -> bool {
        let (black, white) = (board as u32 & 0xf_ffff, (board >> 20) as u32 & 0xf_ffff);
        self.bloom & bloom_bit(board) != 0
            && stones(board) >= self.min
            && black & self.black == self.black
            && white & self.white == self.white
    }

    /// Packed in two words.
    #[inline]
    fn pack(&self) -> [u64; 2] {
        [
            self.min as u64
                | (self.black as u64 & 0xf_ffff) << 5
                | (self.white as u64 & 0xf_ffff) << 25,
            self.bloom,
        ]
    }

    #[inline]
    fn unpack(v: [u64; 2]) -> Seen {
        Seen {
            min: (v[0] & 0x1f) as u8,
            black: (v[0] >> 5) as u32 & 0xf_ffff,
            white: (v[0] >> 25) as u32 & 0xf_ffff,
            bloom: v[1],
        }
    }
}

/// The positions of its own class (see [`Rules::class`]) that the winner's moves enter in the
/// proof of a result: those entered by a move that captures nothing (a position of the line
/// with the same board bans them, by superko) and the others (only a position of the line
/// with the same whole state bans them, so one with the loser to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    board: Seen,
    key: Seen,
}

impl Reach {
    /// Nothing met.
    const NONE: Reach = Reach {
        board: Seen::NONE,
        key: Seen::NONE,
    };

    /// One position, entered by a move that captured nothing (`by_board`) or not.
    #[inline]
    fn of(board: u64, by_board: bool) -> Reach {
        if by_board {
            Reach {
                board: Seen::of(board),
                key: Seen::NONE,
            }
        } else {
            Reach {
                board: Seen::NONE,
                key: Seen::of(board),
            }
        }
    }

    #[inline]
    fn join(self, o: Reach) -> Reach {
        Reach {
            board: self.board.join(o.board),
            key: self.key.join(o.key),
        }
    }

    /// The fewest stones on a position met.
    #[inline]
    fn min(&self) -> u8 {
        self.board.min.min(self.key.min)
    }

    /// False when the line's position (board, full key: `u64::MAX` for a board alone) can
    /// be none of the positions met, whose side to move is the loser (`loser_black`: the
    /// attacker).
    #[inline]
    fn may_meet(&self, board: u64, full: u64, loser_black: bool) -> bool {
        self.board.may_meet(board)
            || (full != u64::MAX
                && (full >> 52 & 1 == 1) == loser_black
                && self.key.may_meet(board))
    }

    #[inline]
    fn pack(&self) -> [u64; 4] {
        let (b, k) = (self.board.pack(), self.key.pack());
        [b[0], b[1], k[0], k[1]]
    }

    #[inline]
    fn unpack(v: [u64; 4]) -> Reach {
        Reach {
            board: Seen::unpack([v[0], v[1]]),
            key: Seen::unpack([v[2], v[3]]),
        }
    }
}

/// A table entry: the packed result ([`entry`]) and where the searcher's reach arena keeps
/// what its reading met ([`Reach::pack`]) and the symmetries its proof pruned a loser's move
/// by (see [`Frame::sym`]), or [`NO_REACH`] when it met nothing and pruned by none: most
/// entries (73% of the open 16-point corner's), which then take two words with the key
/// instead of six.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub meta: u64,
    pub reach_at: u32,
}

/// An entry's `reach_at` when its reach is [`Reach::NONE`] and its symmetries none.
const NO_REACH: u32 = u32::MAX;

/// Where the reach arena keeps the symmetries: above the 45 bits of a packed [`Seen`]'s first
/// word, in the reach's third word.
const SYM_SHIFT: u32 = 48;

/// "No move": the hint of an entry whose side to move lost.
const NO_HINT: u8 = 0x3f;
/// The stack depths the killer heuristic keeps a move for.
const KILLER_DEPTH: usize = 128;
/// From this many bytes of transposition table on, a frame's children are played and their
/// slots prefetched at its push (see [`Searcher::push`]): a table that size is out of the
/// processor's nearer caches, and each probe would wait on memory. On smaller tables the
/// early plays cost more than the waits (the final status's 20,000-node readings of
/// `benches/final_spaces.txt`: 3 to 10% more time).
const PLAY_AHEAD_FROM: usize = 4 << 20;

#[cfg(test)]
thread_local! {
    /// A test's own [`PLAY_AHEAD_FROM`] for the solves of its thread: the readings of the
    /// tests are too small to reach the real one.
    static PLAY_AHEAD_TEST: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// [`PLAY_AHEAD_FROM`], or a test's own.
#[inline]
fn play_ahead_from() -> usize {
    #[cfg(test)]
    if let Some(bytes) = PLAY_AHEAD_TEST.with(|c| c.get()) {
        return bytes;
    }
    PLAY_AHEAD_FROM
}

/// A table entry's result (bit 0), [`ANY_LINE`] (bit 1), the lowest (`lo`, bits 2..10)
/// and highest (`hi`, bits 10..18) path index of the repetitions it depends on, the winning
/// move (bits 18..24, [`NO_HINT`] for a loss) and the serial of the path entry at `hi` (bits
/// 32..64).
#[inline]
fn entry(value: bool, any_line: bool, lo: u32, hi: u32, hint: u8, serial: u32) -> u64 {
    value as u64
        | if any_line { ANY_LINE } else { 0 }
        | (lo as u64 & 0xff) << 2
        | (hi as u64 & 0xff) << 10
        | (hint as u64 & 0x3f) << 18
        | (serial as u64) << 32
}
/// The `lo` and `hi` fields of an entry.
#[inline]
fn fields(e: u64) -> (u32, u32) {
    ((e >> 2 & 0xff) as u32, (e >> 10 & 0xff) as u32)
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
    /// The neighbours of every set of vertices within one byte of the vertex numbers:
    /// `bytes[k][b]` is the union of `adj` over the vertices `8k + i` for the bits `i` of
    /// `b`. [`Geometry::nbrs`] is then three loads whatever the set's size (the search asks
    /// it at every move, for captures, liberties and regions; a space has at most
    /// [`super::MAX_VERTICES`] vertices, within three bytes).
    pub bytes: [[u32; 256]; 3],
    /// Every vertex: the set `0..n`.
    pub all: u32,
    /// `order` cut into runs of ascending vertex numbers (its degree classes, for the order
    /// a space gives): the vertices of a set in `order` are those of each run's part of it,
    /// lowest first, run after run. `runs[..nruns]`; none where `order` needs more than
    /// eight runs (then it is walked vertex by vertex).
    runs: [u32; 8],
    nruns: u8,
}

// Three bytes of vertex numbers hold every space's vertices.
const _: () = assert!(super::MAX_VERTICES <= 24);

/// The tables that give a union over a set of vertices in three loads: `t[k][b]` is the
/// union of `image(v)` over the vertices `v = 8k + j` for the bits `j` of `b` (vertices
/// from `n` on have none). Each entry is the entry without its lowest bit, plus that
/// vertex's image.
pub(crate) fn byte_tables(n: usize, image: impl Fn(usize) -> u32) -> [[u32; 256]; 3] {
    let mut t = [[0u32; 256]; 3];
    for (k, table) in t.iter_mut().enumerate() {
        if 8 * k >= n {
            break;
        }
        for b in 1..256usize {
            let v = 8 * k + b.trailing_zeros() as usize;
            let add = if v < n { image(v) } else { 0 };
            table[b] = table[b & (b - 1)] | add;
        }
    }
    t
}

impl Geometry {
    /// A geometry of `n` vertices with adjacency `adj`; the byte table is filled here.
    pub fn new(n: usize, adj: [u32; 32], wall: u32, marg: u32, order: [u8; 32]) -> Geometry {
        debug_assert!(n <= super::MAX_VERTICES);
        let bytes = byte_tables(n, |v| adj[v]);
        let (mut runs, mut nruns) = ([0u32; 8], 0usize);
        let mut last = None;
        for &v in &order[..n] {
            if last.is_none_or(|l| v < l) {
                nruns += 1;
                if nruns > runs.len() {
                    break;
                }
            }
            runs[nruns - 1] |= 1 << v;
            last = Some(v);
        }
        let nruns = if nruns > runs.len() { 0 } else { nruns as u8 };
        Geometry {
            n,
            adj,
            wall,
            marg,
            order,
            bytes,
            all: if n >= 32 { u32::MAX } else { (1u32 << n) - 1 },
            runs,
            nruns,
        }
    }

    /// Write the vertices of `set` to `out` from `k` on, in `order`; the new count.
    #[inline]
    pub fn write_in_order(&self, set: u32, out: &mut [u8; 34], mut k: usize) -> usize {
        if self.nruns == 0 {
            for &v in &self.order[..self.n] {
                if set & (1 << v) != 0 {
                    out[k] = v;
                    k += 1;
                }
            }
            return k;
        }
        for &run in &self.runs[..self.nruns as usize] {
            let mut part = set & run;
            while part != 0 {
                out[k] = part.trailing_zeros() as u8;
                k += 1;
                part &= part - 1;
            }
        }
        k
    }

    #[inline]
    pub fn nbrs(&self, set: u32) -> u32 {
        let b = set.to_le_bytes();
        self.bytes[0][b[0] as usize] | self.bytes[1][b[1] as usize] | self.bytes[2][b[2] as usize]
    }

    /// The connected part of `color` that contains `seed`. Each round takes the neighbours
    /// of the vertices the last round added only, so every vertex's neighbours are read once.
    #[inline]
    pub fn flood(&self, seed: u32, color: u32) -> u32 {
        let mut g = seed & color;
        let mut frontier = g;
        while frontier != 0 {
            frontier = self.nbrs(frontier) & color & !g;
            g |= frontier;
        }
        g
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
        self.wall_libs_of(s, self.wall_stones(s))
    }

    /// [`Rules::wall_libs`] with the wall string's stones `w` known.
    #[inline]
    fn wall_libs_of(&self, s: &State, w: u32) -> u32 {
        let empty = !(s.black | s.white) & self.all();
        (empty & (self.g.wall | self.g.nbrs(w))).count_ones() + s.outer as u32 + self.eye as u32
    }

    /// The class of a board (see [`State::board`]): the parts of it that never go back along
    /// a line of play. The wall string's stones (the wall is never captured: that ends the
    /// game), the attacker stones joined to a marginal vertex (invincible), and the outer
    /// liberties left (filled, never emptied). Along any line every part only grows (the
    /// liberties only shrink), so a position can recur, or a board repeat, only among positions
    /// of one class, and the positions of a line that share a class are consecutive.
    #[inline]
    pub fn class(&self, board: u64) -> u64 {
        let white = (board >> 20) as u32 & 0xf_ffff;
        self.class_of(board, self.g.flood(white & self.g.wall, white))
    }

    /// The wall string's stones of a class (its low 20 bits, see [`Rules::class`]).
    #[inline]
    fn wall_in(class: u64) -> u32 {
        class as u32 & 0xf_ffff
    }

    /// [`Rules::class`] with the wall string's stones `wall` known.
    #[inline]
    fn class_of(&self, board: u64, wall: u32) -> u64 {
        let black = board as u32 & 0xf_ffff;
        let inv = if self.g.marg == 0 {
            0
        } else {
            self.g.flood(black & self.g.marg, black)
        };
        wall as u64 | (inv as u64) << 20 | (board >> 40) << 40
    }

    #[inline]
    fn all(&self) -> u32 {
        self.g.all
    }

    /// Play `mv` (a vertex, [`OUTER`] or [`PASS`]) for the attacker (`black`) or the defender.
    pub fn play(&self, s: &State, black: bool, mv: u8) -> Played {
        self.play_from(s, self.wall_stones(s), black, mv).0
    }

    /// [`Rules::play`] with the wall string's stones `wall` known; gives the wall string's
    /// stones after the move too (the search carries them in its class, so no position
    /// floods for them again).
    #[inline]
    fn play_from(&self, s: &State, wall: u32, black: bool, mv: u8) -> (Played, u32) {
        let mut t = *s;
        t.ko = NO_KO;
        if mv == PASS {
            let next = Played::Next {
                state: t,
                captured: false,
            };
            return (next, wall);
        }
        if mv == OUTER {
            if !black || s.outer == 0 {
                return (Played::Illegal, wall);
            }
            t.outer -= 1;
            if self.wall_libs_of(&t, wall) == 0 {
                return (Played::CapturedWall, wall);
            }
            let next = Played::Next {
                state: t,
                captured: false,
            };
            return (next, wall);
        }
        let bit = 1u32 << mv;
        if (s.black | s.white) & bit != 0 {
            return (Played::Illegal, wall);
        }
        let mut wall = wall;
        let all = self.all();
        let mut captured_count = 0u32;
        let mut captured_at = 0u32;
        if black {
            t.black |= bit;
            // Opponent strings next to the stone.
            // An attacker stone leaves the wall string as it was.
            let touches_wall = self.g.wall & bit != 0;
            let w = wall;
            if touches_wall || self.g.adj[mv as usize] & w != 0 {
                let empty = !(t.black | t.white) & all;
                let libs = (empty & (self.g.wall | self.g.nbrs(w))).count_ones()
                    + t.outer as u32
                    + self.eye as u32;
                if libs == 0 {
                    return (Played::CapturedWall, wall);
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
            // Strings of one colour beside the move are apart, so a capture gives none of the
            // others a liberty: the empty points are the same for each of them.
            let empty = !(t.black | t.white) & all;
            while cand != 0 {
                let first = cand & cand.wrapping_neg();
                if self.g.nbrs(first) & empty != 0 {
                    // A liberty beside this stone: its string stays (its other stones beside
                    // the move, if any, are read on their own and give the same).
                    cand &= !first;
                    continue;
                }
                let str_ = self.g.flood(first, t.black);
                cand &= !str_;
                if str_ & self.g.marg != 0 {
                    continue;
                }
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
                return (Played::Illegal, wall);
            }
            t.threats[side] -= 1;
        }
        // The mover's own string: suicide removes it.
        let empty = !(t.black | t.white) & all;
        if black {
            let own = self.g.flood(bit, t.black);
            let libs = self.g.nbrs(own) & empty;
            if own & self.g.marg == 0 && libs == 0 {
                return (Played::Illegal, wall);
            } else if captured_count == 1 && own == bit && libs == captured_at {
                t.ko = captured_at.trailing_zeros() as u8;
            }
        } else {
            // The stones the move joins apart from the wall string, then the wall string if
            // they touch it: the wall is not flooded again.
            let mut own = self.g.flood(bit, t.white & !wall);
            if own & self.g.wall != 0 || self.g.nbrs(own) & wall != 0 {
                own |= wall;
            }
            let libs = self.g.nbrs(own) & empty;
            if own & self.g.wall != 0 {
                // The stone's string has a wall side: it is the wall string now (every wall
                // stone is joined to a wall side, so a string that touches none is apart).
                wall |= own;
                let wl = (empty & (self.g.wall | self.g.nbrs(wall))).count_ones()
                    + t.outer as u32
                    + self.eye as u32;
                if wl == 0 {
                    return (Played::Illegal, wall);
                }
            } else if libs == 0 {
                return (Played::Illegal, wall);
            } else if captured_count == 1 && own == bit && libs == captured_at {
                t.ko = captured_at.trailing_zeros() as u8;
            }
        }
        let next = Played::Next {
            state: t,
            captured: captured_count > 0,
        };
        (next, wall)
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
    ///
    /// With `miai`, a region also counts when it is vital but for a few inner points (empty,
    /// not liberties of the wall) and has two empty points `x`, both liberties of the wall,
    /// each beside every inner point, and at least three empty points: whatever the attacker
    /// plays there, the defender answers on the `x` left, which joins the wall and makes
    /// every empty point of the region a liberty, with one empty point left at least (a
    /// vital region from then on). The regions are apart (wall stones between them) and none
    /// holds a defender stone, so a move in one changes no other and captures nothing there;
    /// the answer joins the wall, so it is never a repetition (the wall only grows along a
    /// line). Two such regions, or one and a vital one, live against any play.
    ///
    /// The wall string's stones `w` are known (the search carries them in its class).
    #[inline]
    pub fn vital_regions(&self, s: &State, w: u32, need: u32, miai: bool) -> bool {
        need == 0 || self.vital_count_of(s, w, need, miai) >= need
    }

    /// How many vital regions the wall has (see [`Rules::vital_regions`]), counted up to
    /// `cap` at most: one pass answers both "two?" and "one?". The wall string's stones `w`
    /// are known (the search carries them in its class).
    #[inline]
    fn vital_count_of(&self, s: &State, w: u32, cap: u32, miai: bool) -> u32 {
        let all = self.all();
        let empty = !(s.black | s.white) & all;
        let libs = empty & (self.g.wall | self.g.nbrs(w));
        let off = all & !w;
        // The regions with a marginal vertex or a defender stone off the wall never count:
        // one flood from all of those takes them out together.
        let out = self.g.flood((self.g.marg | s.white) & off, off);
        let mut cand = empty & !out;
        let mut found = 0;
        while cand != 0 {
            let region = self.g.flood(cand & cand.wrapping_neg(), off);
            cand &= !region;
            let inner = region & empty & !libs;
            if inner == 0 || (miai && self.miai(region & empty, inner, libs)) {
                found += 1;
                if found >= cap {
                    return found;
                }
            }
        }
        found
    }

    /// True when a region with empty points `empty` and inner points `inner` (empty, not
    /// liberties of the wall) has two liberties of the wall `libs` each beside every inner
    /// point, and three empty points at least (see [`Rules::vital_regions`]).
    #[inline]
    fn miai(&self, empty: u32, inner: u32, libs: u32) -> bool {
        if empty.count_ones() < 3 {
            return false;
        }
        let mut xs = empty & libs;
        let mut found = 0;
        while xs != 0 {
            let x = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            if inner & !self.g.adj[x] == 0 {
                found += 1;
                if found == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Candidate moves in search order (see [`super::Features::joins_first`] for
    /// `joins_first`).
    pub fn moves(&self, s: &State, black: bool, joins_first: bool, out: &mut [u8; 34]) -> usize {
        self.moves_of(s, self.wall_stones(s), black, joins_first, out)
    }

    /// [`Rules::moves`] with the wall string's stones `wall` known.
    #[inline]
    fn moves_of(
        &self,
        s: &State,
        wall: u32,
        black: bool,
        joins_first: bool,
        out: &mut [u8; 34],
    ) -> usize {
        let mut k = 0;
        let empty = !(s.black | s.white) & self.all();
        if black {
            // A wall in atari is captured at once by the caller; here: vertices, then outer.
            k = self.g.write_in_order(empty, out, k);
            if s.outer > 0 {
                out[k] = OUTER;
                k += 1;
            }
        } else {
            // Vertices first, most connected first (the vital points of a shape), pass last;
            // with `joins_first`, those that join the wall before the others.
            let join = if joins_first {
                empty & (self.g.wall | self.g.nbrs(wall))
            } else {
                0
            };
            for group in [join, empty & !join] {
                k = self.g.write_in_order(group, out, k);
            }
            out[k] = PASS;
            k += 1;
        }
        k
    }
}

/// Move a move that wins at once (for the defender: one after which the wall lives
/// statically) to the front. Where none does and the wall needs two vital regions (with
/// `static_life`), the moves after which it has one come before the others, each group in
/// the order given: the first move read is then one that makes an eye, where there is one
/// (the open 20-point centre reads 95 thousand nodes this way, 216 thousand without; the
/// open 20-point edge 0.67 M and 1.4 M).
///
/// Gives the moves (a mask by move code) found not to make the wall live statically, so the
/// search need not test them again when it plays them; and keeps in `played` what each move
/// it played gave (by move code, with the mask of those played), so the search does not play
/// them again either (on the open 16-point corner's `b` and `c`, 4% of the instructions).
fn win_first(
    rules: &Rules,
    s: &State,
    wall: u32,
    black: bool,
    moves: &mut [u8],
    features: &Features,
    played: &mut ([(Played, u32); 32], u32),
) -> u32 {
    let (static_life, miai) = (features.static_life, features.miai_regions);
    played.1 = 0;
    if black {
        return 0;
    }
    let need = 2 - rules.eye as u32;
    let grade = need == 2 && static_life;
    // The moves (by index; at most 34) after which the wall has one vital region.
    let mut one = 0u64;
    let mut not_alive = 0u32;
    for i in 0..moves.len() {
        let result = rules.play_from(s, wall, false, moves[i]);
        played.0[moves[i] as usize & 31] = result;
        played.1 |= 1 << (moves[i] & 31);
        if let (Played::Next { state, .. }, wall) = result {
            let regions = if static_life {
                rules.vital_count_of(&state, wall, need, miai)
            } else {
                rules.sure_eyes(&state, need) as u32 * need
            };
            if regions >= need {
                moves[..=i].rotate_right(1);
                return not_alive;
            }
            not_alive |= 1 << (moves[i] & 31);
            if grade && regions == 1 {
                one |= 1 << i;
            }
        }
    }
    if one != 0 {
        let mut out = [0u8; 34];
        let mut k = 0;
        for first in [true, false] {
            for (i, &m) in moves.iter().enumerate() {
                if (one >> i & 1 == 1) == first {
                    out[k] = m;
                    k += 1;
                }
            }
        }
        moves.copy_from_slice(&out[..moves.len()]);
    }
    not_alive
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
    /// The frame's class ([`Rules::class`]).
    class: u64,
    /// Whether the move that entered the frame's position captured nothing (and was no
    /// pass): superko bans it by its board alone.
    by_board: bool,
    /// The lowest and highest path index a repetition below this frame was cut against
    /// (`lo == u32::MAX`: none). A result with `lo` at or above the frame's own index depends
    /// on no position above it on this line; a lower one depends on the line that led here.
    lo: u32,
    hi: u32,
    /// The positions of the frame's class that the opponent's proofs against the moves
    /// read so far entered by the opponent's moves (see [`Searcher::wins`]).
    lost: Reach,
    /// The symmetries (a mask over [`Symmetries`]) by which the proof of a loss here pruned
    /// a move, here or below: the mirror move's refutation is the mirror of the one read,
    /// which holds on a line only if they map the line's positions of this class onto
    /// themselves. At most 16 bits (the symmetries are at most 16, asserted in
    /// `symmetry.rs`): a `u16` keeps the frame within 128 bytes, which the compiler copies
    /// inline (past it, through `memmove`: 5% of the open 16-point corner's time).
    sym: u16,
    /// The defender's moves (a mask by move code) that [`win_first`] found not to make the
    /// wall live statically: their positions need no static test of life again.
    not_alive: u32,
}

// Frames are moved on every push and pop: within 128 bytes they are copied inline.
const _: () = assert!(std::mem::size_of::<Frame>() <= 128);

/// One position of the line of play.
#[derive(Clone, Copy)]
struct PathEntry {
    board: u64,
    /// The full key ([`State::key`]); `u64::MAX` for a board played before the query's root.
    full: u64,
    /// Never reused within a solve: a line-dependent entry names the path entry it needs by it.
    serial: u32,
    class: u64,
    /// The most stones on a position of this entry's class from the first of them on the line
    /// to this one.
    most: u8,
}

/// What a finished child passes to its parent: the result ("the side to move there wins"),
/// the lowest and highest path index it was cut against, the positions of the parent's class
/// that the winner's moves enter in the proof of that result, and the child itself if it is
/// of the parent's class.
type Ret = (bool, u32, u32, Reach, Reach, u32);

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
    /// The transposition table ([`entry`]s): one table for line-independent and
    /// line-dependent results, so a position costs one probe (see [`Searcher::wins`]).
    tt: Table,
    /// The reaches and symmetries of the table's entries that have some (see [`Entry`]),
    /// emptied with the table.
    reaches: Vec<[u64; 4]>,
    stack: Vec<Frame>,
    /// The line of play.
    path: Vec<PathEntry>,
    /// Serial numbers handed to path entries: never reused within a solve.
    serial: u32,
    /// Counting filters over the path's full keys and boards: a zero slot proves that no
    /// position of the line has that key, so the line is scanned only on a slot hit.
    filter_full: Box<[u16; FILTER]>,
    filter_board: Box<[u16; FILTER]>,
    /// The attacker's cut-offs per move code (a vertex, or [`OUTER`], a code no space of
    /// [`super::MAX_VERTICES`] uses): the history heuristic.
    history: [u32; 32],
    /// Per stack depth, the attacker's two moves that last won there, the latest first: the
    /// killer heuristic. The defender's are not kept: read first, they made spaces where the
    /// attacker wins read faster but open ones slower (see [`super::Features::killers_from`]).
    killers: [[u8; 2]; KILLER_DEPTH],
    /// Per stack index, the moves played at that frame's push (by move code, `& 31`), with
    /// the wall after each, and which of them were played (a mask by move code): every move
    /// of the attacker's, the defender's [`win_first`] played. The search plays each of them
    /// again from the cache, not from the rules.
    played: Vec<([(Played, u32); 32], u32)>,
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
    /// The nodes counted when the reading under way ([`Searcher::wins`]) began.
    root_nodes: u64,
}

/// True when a stone of `black`'s colour played on vertex `v` in `s` may grow the class
/// ([`Rules::class`]): a defender stone with a wall side or next to a defender stone (it may
/// join the wall), an attacker stone on a marginal vertex or next to an attacker stone (it may
/// join an invincible string). Any other stone stands alone, and what it captures is never
/// part of the class: the class stays as it was.
#[inline]
fn may_grow_class(g: &Geometry, s: &State, v: u8, black: bool) -> bool {
    let bit = 1u32 << v;
    if black {
        g.marg != 0 && (g.marg & bit != 0 || g.adj[v as usize] & s.black != 0)
    } else {
        g.wall & bit != 0 || g.adj[v as usize] & s.white != 0
    }
}

/// Stones on a board.
#[inline]
fn stones(board: u64) -> u8 {
    (board & 0xff_ffff_ffff).count_ones() as u8
}

impl Searcher {
    pub fn new(
        node_limit: u64,
        time_limit: Option<Duration>,
        features: Features,
        symmetries: Symmetries,
    ) -> Searcher {
        let started = Instant::now();
        let tt = Table::new(
            if features.presized_table { TT_START } else { 0 },
            TT_BUCKETS,
        );
        Searcher {
            tt,
            reaches: Vec::new(),
            stack: Vec::new(),
            path: Vec::new(),
            serial: 0,
            filter_full: Box::new([0; FILTER]),
            filter_board: Box::new([0; FILTER]),
            history: [0; 32],
            killers: [[NO_HINT; 2]; KILLER_DEPTH],
            played: Vec::new(),
            features,
            symmetries,
            stats: Stats::default(),
            node_limit,
            started,
            // A limit too large for the clock is no limit.
            deadline: time_limit.and_then(|t| started.checked_add(t)),
            exhausted: None,
            root_nodes: 0,
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

    /// With [`Features::give_up_early`], the budget given up where the moves begun at the
    /// root have taken more than their share of it (see [`EARLY_GIVE_UP_SHARE`]).
    #[inline]
    fn past_projection(&self) -> Option<Exhausted> {
        let root = self.stack.first()?;
        let spent = self.stats.nodes - self.root_nodes;
        (self.features.give_up_early
            && u64::from(root.nmoves) >= EARLY_GIVE_UP_SHARE
            && spent.saturating_mul(EARLY_GIVE_UP_SHARE)
                > self.node_limit.saturating_mul(u64::from(root.next)))
        .then_some(Exhausted::Nodes)
    }

    /// True when a position the reading `reach` stands for may be one of the line's after
    /// index `from` (all of them if `None`) of class `class`. The entries of one class are
    /// the last ones of the path, so the scan stops at the first entry of another class; the
    /// running maximum of stones answers most probes at once.
    #[inline]
    fn may_meet_line(
        &self,
        reach: &Reach,
        loser_black: bool,
        class: u64,
        from: Option<usize>,
    ) -> bool {
        let Some(last) = self.path.last() else {
            return false;
        };
        if last.class != class || (from.is_none() && last.most < reach.min()) {
            return false;
        }
        let start = from.map_or(0, |f| f + 1);
        self.path[start..]
            .iter()
            .rev()
            .take_while(|e| e.class == class)
            .any(|e| reach.may_meet(e.board, e.full, loser_black))
    }

    /// True when the symmetries `sym` map every position of the line of class `class` after
    /// index `from` (all of them if `None`) onto itself.
    #[inline]
    fn mirrors_hold(&self, sym: u32, class: u64, from: Option<usize>) -> bool {
        if sym == 0 {
            return true;
        }
        let start = from.map_or(0, |f| f + 1);
        self.path[start.min(self.path.len())..]
            .iter()
            .rev()
            .take_while(|e| e.class == class)
            .all(|e| self.symmetries.fixing_entry(e.board, e.full) & sym == sym)
    }

    /// Where the table has no entry for `key`: an entry for a mirror image of the position
    /// (under a symmetry of the space, which the rules read the same on both sides) that holds
    /// on any line whatever (its reading met no position of its class and pruned by no
    /// symmetry), so its value is the position's too. Other entries of the mirror images are
    /// not used: what their reading met, and their winning move, lie on the mirror's side.
    fn mirror_entry(&self, key: u64) -> Option<Entry> {
        if !self.features.mirror_table || self.symmetries.vertices() < MIRROR_TABLE_FROM {
            return None;
        }
        self.symmetries
            .mirror_keys(key)
            .filter_map(|mirror| self.tt.get(mirror))
            .find(|e| e.meta & ANY_LINE != 0 && e.reach_at == NO_REACH)
    }

    /// Brings the table's slots for `key` and, where [`Searcher::mirror_entry`] would look,
    /// for its mirror images into the cache: their reads from memory then overlap.
    #[inline]
    fn prefetch(&self, key: u64) {
        self.tt.prefetch(key);
        if self.features.mirror_table && self.symmetries.vertices() >= MIRROR_TABLE_FROM {
            for mirror in self.symmetries.mirror_keys(key) {
                self.tt.prefetch(mirror);
            }
        }
    }

    /// The table's answer for `key` (a position of class `class`, board `board`, the next on
    /// the line), if it holds on the present line: the result, the `lo` and `hi` its user
    /// inherits, and what its user's reading met through it.
    #[inline]
    fn probe(&self, key: u64, class: u64, board: u64, by_board: bool) -> Result<Ret, u8> {
        // A mirror image's entry is clean (see [`Searcher::mirror_entry`]): it holds on this
        // line, and its winning move is never read.
        let Some(entry) = self.tt.get(key).or_else(|| self.mirror_entry(key)) else {
            return Err(NO_HINT);
        };
        let e = entry.meta;
        let (reach, sym) = self.reach_of(entry);

        // Where the entry does not hold on this line, its winning move is still the first
        // to read again.
        let hint = (e >> 18 & 0x3f) as u8;
        let value = e & 1 == 1;
        // The side to move there wins when `value`: the positions its proof's moves enter
        // have the other side to move.
        let loser_black = (key >> 52 & 1 == 1) != value;
        let (lo, hi) = fields(e);
        let sound = self.features.sound_table;
        let same = self.path.last().is_some_and(|p| p.class == class);
        let (reach_c, itself, sym_c) = if same {
            (reach, Reach::of(board, by_board), sym)
        } else {
            (Reach::NONE, Reach::NONE, 0)
        };
        if e & ANY_LINE != 0 {
            if !sound
                || (!self.may_meet_line(&reach, loser_black, class, None)
                    && self.mirrors_hold(sym, class, None))
            {
                return Ok((value, u32::MAX, 0, reach_c, itself, sym_c));
            }
            return Err(hint);
        }
        let at = if sound { hi } else { lo };
        let Some(p) = self.path.get(at as usize) else {
            return Err(hint);
        };
        if p.serial != (e >> 32) as u32 {
            return Err(hint);
        }
        // The line up to `at` is the one the result was read on (serials are never reused):
        // every repetition it was cut by is still there; the positions after `at` are new.
        if sound
            && (self.may_meet_line(&reach, loser_black, class, Some(at as usize))
                || !self.mirrors_hold(sym, class, Some(at as usize)))
        {
            return Err(hint);
        }
        Ok((value, lo, at, reach_c, itself, sym_c))
    }

    /// True when the player to move (`black` = attacker) wins from `root`: the attacker wins by
    /// capturing `W`, the defender by keeping it. `history` holds the boards (see
    /// [`State::board`]) played before `root`, for superko.
    ///
    /// # Repetition and the table (the graph-history interaction)
    ///
    /// A move that repeats a position of the line (or, capturing nothing, its board) is not
    /// allowed, so a result depends on the line that led to the position. With
    /// [`Features::sound_table`] a table result is used only where that cannot matter:
    ///
    /// * Every part of a position's class ([`Rules::class`]) only grows along a line, so a
    ///   reading below a position can meet only the line's positions of the same class, and
    ///   those are the last ones of the line before it (the path's `most` keeps their largest
    ///   stone count, so most probes are answered at once).
    /// * Taking a move away from a player never helps that player. A result "the winner wins"
    ///   therefore stands on any line that bans none of the winner's moves in its proof: one
    ///   winning move at each of the winner's turns, every move at the loser's. Each result
    ///   keeps a [`Reach`] of the positions the winner's moves enter in that proof,
    ///   repetitions cut left out: for those entered by a move that captures nothing (banned
    ///   by a line position with the same board) and for the others (banned only by one with
    ///   the same whole state, so the loser to move), the fewest stones on them, the stones
    ///   all of them hold and a 64-bit Bloom filter of their boards. A summary can only say
    ///   "maybe" for a position it holds, never "no".
    /// * A loser's move pruned by a symmetry is refuted by the mirror of the refutation read;
    ///   that holds on a line only if the symmetry maps the line's positions of the class onto
    ///   themselves, so each result keeps the symmetries its proof pruned by.
    /// * A result cut against nothing above its position is used on a line whose positions of
    ///   its class none can be one of that reach. A result cut against positions above it
    ///   (`lo` to `hi`, path indices) is used while the line up to `hi` is the one it was read
    ///   on (the path entry there has the serial recorded: every repetition that cut it still
    ///   cuts) and none of the line's positions after `hi` can be one of its reach.
    ///
    /// Then the proof the result stands for is a proof on the new line too, so the answer
    /// cannot depend on the order the moves are read in. A result that cannot be used is read
    /// again, its winning move first (the entry's hint). Without the sound table a result is
    /// used wherever its own cuts allow, whatever the line's other positions (the search as
    /// it was; its answers can depend on move order).
    pub fn wins(&mut self, rules: &Rules, root: &State, black: bool, history: &[u64]) -> bool {
        if let Some(v) = self.terminal(rules, root, black) {
            return v;
        }
        let key = root.key(black, rules.eye);
        let root_class = rules.class(root.board());
        if let Some(entry) = self.tt.get(key) {
            let e = entry.meta;
            if e & ANY_LINE != 0 {
                let (reach, sym) = self.reach_of(entry);
                let meets = history.iter().any(|&b| {
                    rules.class(b) == root_class
                        && (reach.may_meet(b, u64::MAX, false)
                            || self.symmetries.fixing_entry(b, u64::MAX) & sym != sym)
                });
                if !self.features.sound_table || !meets {
                    return e & 1 == 1;
                }
            }
        }
        if self.exhausted.is_some() {
            return !black;
        }
        self.stack.clear();
        while self.pop_path() {}
        for &b in history {
            if !self.push_path(b, u64::MAX, rules.class(b)) {
                return !black;
            }
        }
        if !self.push(rules, root, black, root_class, false, NO_HINT) {
            return !black;
        }
        self.root_nodes = self.stats.nodes;
        // `ret` carries the result of the frame just finished to its parent (see [`Ret`]).
        let mut ret: Option<Ret> = None;
        loop {
            let depth = self.stack.len();
            if let Some((r, lo, hi, reach, itself, sym)) = ret.take() {
                // The child (opponent to move) finished with `r` = "opponent wins".
                let top = &mut self.stack[depth - 1];
                top.lo = top.lo.min(lo);
                top.hi = top.hi.max(hi);
                if r {
                    // A refuted move: the opponent's proof is part of the proof of a loss.
                    top.lost = top.lost.join(reach);
                    top.sym |= sym as u16;
                } else {
                    let top = self.stack.pop().expect("frame");
                    if top.black
                        && rules.g.n >= self.features.killers_from as usize
                        && depth - 1 < KILLER_DEPTH
                    {
                        let mv = top.moves[top.next as usize - 1];
                        let k = &mut self.killers[depth - 1];
                        if k[0] != mv {
                            *k = [mv, k[0]];
                        }
                    }
                    if self.features.history && top.black {
                        let mv = top.moves[top.next as usize - 1];
                        let h = &mut self.history[mv as usize & 31];
                        *h = h.saturating_add(1);
                    }
                    self.pop_path();
                    // The proof of the win: the move played and the proof below it.
                    let won = reach.join(itself);
                    self.finish(&top, true, won, sym);
                    if self.stack.is_empty() {
                        return true;
                    }
                    ret = Some(self.returned(&top, true, won, sym));
                    continue;
                }
            }
            let top = &mut self.stack[depth - 1];
            if top.next >= top.nmoves {
                let top = self.stack.pop().expect("frame");
                self.pop_path();
                self.finish(&top, false, top.lost, top.sym as u32);
                if self.stack.is_empty() {
                    return false;
                }
                ret = Some(self.returned(&top, false, top.lost, top.sym as u32));
                continue;
            }
            let mv = top.moves[top.next as usize];
            top.next += 1;
            let (state, black, class) = (top.state, top.black, top.class);
            let known_not_alive = top.not_alive >> (mv & 31) & 1 == 1;
            // A move played already at the frame's push (the cache of the frame's index is
            // filled at each push of a frame there, on spaces of `WIN_FIRST_FROM` vertices or
            // more: every move of the attacker's, the defender's `win_first` played).
            let cached = self
                .played
                .get(depth - 1)
                .filter(|(_, played)| played >> (mv & 31) & 1 == 1)
                .map(|(cache, _)| cache[mv as usize & 31]);
            let (played, child_wall) =
                cached.unwrap_or_else(|| rules.play_from(&state, Rules::wall_in(class), black, mv));
            let (child, child_class, by_board) = match played {
                Played::Illegal => continue,
                Played::CapturedWall => {
                    ret = Some((false, u32::MAX, 0, Reach::NONE, Reach::NONE, 0));
                    continue;
                }
                Played::Next { state, captured } => {
                    let board = state.board();
                    let full = state.key(!black, rules.eye);
                    self.prefetch(full);
                    let by_board = !captured && mv != PASS;
                    let may_repeat = !self.features.repetition_filter
                        || self.filter_full[slot(full)] != 0
                        || (by_board && self.filter_board[slot(board)] != 0);
                    let repeats = if may_repeat {
                        self.path
                            .iter()
                            .position(|p| p.full == full || (by_board && p.board == board))
                    } else {
                        None
                    };
                    if let Some(i) = repeats {
                        let top = &mut self.stack[depth - 1];
                        top.lo = top.lo.min(i as u32);
                        top.hi = top.hi.max(i as u32);
                        continue;
                    }
                    // Only a move that grows the class can change it: the others keep it.
                    let grows = match mv {
                        PASS => false,
                        OUTER => true,
                        v => may_grow_class(rules.g, &state, v, black),
                    };
                    let class = if grows {
                        rules.class_of(board, child_wall)
                    } else {
                        class
                    };
                    (state, class, by_board)
                }
            };
            let child_board = child.board();
            let itself = if child_class == class {
                Reach::of(child_board, by_board)
            } else {
                Reach::NONE
            };
            // The table first: a static result is never stored (its position is never
            // pushed), so an entry is never for one, and a hit saves the static test.
            let child_key = child.key(!black, rules.eye);
            let hint = match self.probe(child_key, child_class, child_board, by_board) {
                Ok(r) => {
                    ret = Some(r);
                    continue;
                }
                Err(hint) => hint,
            };
            // A defender's move `win_first` tested: only the capture of the wall is left to
            // test (the attacker to move).
            let terminal = if known_not_alive {
                (rules.wall_libs_of(&child, child_wall) <= 1).then_some(true)
            } else {
                self.terminal_of(rules, &child, child_wall, !black)
            };
            if let Some(v) = terminal {
                // A static result holds whatever the line: nothing below it to meet.
                ret = Some((v, u32::MAX, 0, Reach::NONE, itself, 0));
                continue;
            }
            if self.exhausted.is_none() {
                self.exhausted = self.count_node().or_else(|| self.past_projection());
            }
            if self.exhausted.is_some()
                || !self.push(rules, &child, !black, child_class, by_board, hint)
            {
                // Out of budget: count the child as a win for the defender (no capture proven),
                // and never store what follows from it.
                ret = Some((!black, 0, 0, Reach::NONE, Reach::NONE, 0));
                continue;
            }
        }
    }

    /// What a frame just finished passes to its parent (the new top of the stack).
    #[inline]
    fn returned(&self, top: &Frame, value: bool, reach: Reach, sym: u32) -> Ret {
        let parent = self.stack.last().expect("parent frame");
        if parent.class == top.class {
            let itself = Reach::of(top.state.board(), top.by_board);
            (value, top.lo, top.hi, reach, itself, sym)
        } else {
            // No position of the parent's class can be met below: nor can a mirror matter.
            (value, top.lo, top.hi, Reach::NONE, Reach::NONE, 0)
        }
    }

    /// The reach and the symmetries of an entry.
    #[inline]
    fn reach_of(&self, entry: Entry) -> (Reach, u32) {
        match self.reaches.get(entry.reach_at as usize) {
            None => (Reach::NONE, 0),
            Some(&packed) => {
                let mut reach = packed;
                let sym = (reach[2] >> SYM_SHIFT) as u32;
                reach[2] &= (1 << SYM_SHIFT) - 1;
                (Reach::unpack(reach), sym)
            }
        }
    }

    /// Record a result: its packed `meta` ([`entry`]), and its reach and symmetries in the
    /// arena where it has some. The table and the arena are emptied together when the table
    /// reaches [`TT_LIMIT`] entries or, full, would grow past room for them (whatever the
    /// hash table's load factor), when the arena holds half of [`TT_LIMIT`] reaches, and
    /// when the allocator refuses the table room to grow (it then goes on, smaller), so their
    /// memory stays bounded whatever the space and whatever the process's memory limit.
    fn store(&mut self, key: u64, meta: u64, reach: Reach, sym: u32) {
        let (len, capacity) = (self.tt.len(), self.tt.capacity());
        if len >= TT_LIMIT
            || (len == capacity && capacity * 2 > TT_LIMIT)
            || self.reaches.len() >= TT_LIMIT / 2
        {
            self.tt.clear();
            self.reaches.clear();
        }
        if self.tt.len() == self.tt.capacity() {
            self.tt.grow();
        }
        if !self.tt.make_room() {
            // Growing doubles the table: give its memory back and start again small.
            self.tt.reset();
            self.reaches = Vec::new();
            self.tt.grow();
            if !self.tt.make_room() {
                return;
            }
        }
        let reach_at = if reach == Reach::NONE && sym == 0 {
            NO_REACH
        } else {
            if self.reaches.try_reserve(1).is_err() {
                return;
            }
            let mut packed = reach.pack();
            packed[2] |= (sym as u64 & 0xffff) << SYM_SHIFT;
            self.reaches.push(packed);
            (self.reaches.len() - 1) as u32
        };
        self.tt.insert(key, Entry { meta, reach_at });
    }

    /// Record the result of a frame just taken off the stack (the path already popped, so the
    /// frame's own index is the path's length): as holding on any line when it was cut against
    /// nothing above it, else, with [`Features::local_results`], as a line-dependent result.
    fn finish(&mut self, top: &Frame, value: bool, reach: Reach, sym: u32) {
        if self.exhausted.is_some() {
            return;
        }
        let own = self.path.len();
        let hint = if value {
            top.moves[top.next as usize - 1]
        } else {
            NO_HINT
        };
        if top.lo as usize >= own {
            self.store(top.key, entry(value, true, 0, 0, hint, 0), reach, sym);
        } else if self.features.local_results {
            // Every repetition at or above the frame's own index lies in its own reading.
            let hi = if self.features.sound_table {
                top.hi.min(own as u32 - 1)
            } else {
                top.lo
            };
            if hi > MAX_CUT {
                return;
            }
            // A result that holds whatever the line is never replaced by one that does not.
            let permanent = self.tt.get(top.key).is_some_and(|e| e.meta & ANY_LINE != 0);
            if !permanent {
                let serial = self.path[hi as usize].serial;
                let meta = entry(value, false, top.lo, hi, hint, serial);
                self.store(top.key, meta, reach, sym);
            }
        }
    }

    /// Push one entry on the repetition path; false when the allocator refuses it room (the
    /// search is then out of memory).
    fn push_path(&mut self, board: u64, full: u64, class: u64) -> bool {
        if self.path.try_reserve(1).is_err() {
            self.exhausted = Some(Exhausted::Memory);
            return false;
        }
        self.serial = self.serial.wrapping_add(1);
        let count = stones(board);
        let most = match self.path.last() {
            Some(p) if p.class == class => p.most.max(count),
            _ => count,
        };
        self.path.push(PathEntry {
            board,
            full,
            serial: self.serial,
            class,
            most,
        });
        self.filter_full[slot(full)] += 1;
        self.filter_board[slot(board)] += 1;
        true
    }

    /// Pop the last entry of the repetition path; false when it was empty.
    fn pop_path(&mut self) -> bool {
        let Some(p) = self.path.pop() else {
            return false;
        };
        self.filter_full[slot(p.full)] -= 1;
        self.filter_board[slot(p.board)] -= 1;
        true
    }

    /// Push a frame; false when the allocator refuses it room (the search is then out of
    /// memory).
    fn push(
        &mut self,
        rules: &Rules,
        s: &State,
        black: bool,
        class: u64,
        by_board: bool,
        hint: u8,
    ) -> bool {
        let mut moves = [0u8; 34];
        let joins_first = self.features.joins_first && rules.g.n >= JOINS_FIRST_FROM;
        let wall = Rules::wall_in(class);
        let mut nmoves = rules.moves_of(s, wall, black, joins_first, &mut moves) as u8;
        let mut sym = 0;
        if self.features.symmetry && !self.symmetries.is_empty() {
            let mut fix = self.symmetries.fixing(s);
            if self.features.sound_table {
                // Mirror moves lead to mirror positions, of equal value only if the line's
                // positions they could meet (those of this class) are mirrored onto themselves
                // too.
                for p in self.path.iter().rev() {
                    if fix == 0 || p.class != class {
                        break;
                    }
                    fix &= self.symmetries.fixing_entry(p.board, p.full);
                }
            }
            let kept = self.symmetries.prune(fix, &mut moves, nmoves);
            if kept < nmoves {
                sym = fix;
            }
            nmoves = kept;
        }
        // The attacker's moves only: ordering the defender's too made open centres and
        // corners read millions of nodes more.
        if self.features.history && black {
            let h = &self.history;
            moves[..nmoves as usize].sort_by_key(|&m| std::cmp::Reverse(h[m as usize & 31]));
        }
        let depth = self.stack.len();
        if black && rules.g.n >= self.features.killers_from as usize && depth < KILLER_DEPTH {
            // The older first, so the latest ends in front.
            for k in self.killers[depth].into_iter().rev() {
                if let Some(i) = moves[..nmoves as usize].iter().position(|&m| m == k) {
                    moves[..=i].rotate_right(1);
                }
            }
        }
        if self.features.sound_table && hint != NO_HINT {
            if let Some(i) = moves[..nmoves as usize].iter().position(|&m| m == hint) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut not_alive = 0;
        if self.features.win_first && rules.g.n >= WIN_FIRST_FROM {
            if self.played.len() <= depth {
                if self
                    .played
                    .try_reserve(depth + 1 - self.played.len())
                    .is_err()
                {
                    self.exhausted = Some(Exhausted::Memory);
                    return false;
                }
                self.played
                    .resize(depth + 1, ([(Played::Illegal, 0); 32], 0));
            }
            not_alive = win_first(
                rules,
                s,
                wall,
                black,
                &mut moves[..nmoves as usize],
                &self.features,
                &mut self.played[depth],
            );
            // Every child of the frame is played now, the attacker's here and the defender's
            // by `win_first` (up to a move that wins at once), and their slots asked for at
            // once: the reads from memory then overlap each other and the work before each
            // probe, instead of one stall a probe. Most of the attacker's frames on a proof
            // are read to the last move, so the early plays are seldom wasted (the open
            // 20-point corner's `b`, 3 M nodes: 5 to 10% less time; the same nodes). Only
            // once the table is large ([`PLAY_AHEAD_FROM`]).
            if self.tt.takes_at_least(play_ahead_from()) {
                if black {
                    let (cache, mask) = &mut self.played[depth];
                    for &mv in &moves[..nmoves as usize] {
                        cache[mv as usize & 31] = rules.play_from(s, wall, true, mv);
                        *mask |= 1 << (mv & 31);
                    }
                }
                let (cache, mask) = &self.played[depth];
                for &mv in &moves[..nmoves as usize] {
                    if mask >> (mv & 31) & 1 == 1 {
                        if let Played::Next { state, .. } = cache[mv as usize & 31].0 {
                            self.prefetch(state.key(!black, rules.eye));
                        }
                    }
                }
            }
        }
        let key = s.key(black, rules.eye);
        if self.stack.try_reserve(1).is_err() || !self.push_path(s.board(), key, class) {
            self.exhausted = Some(Exhausted::Memory);
            return false;
        }
        self.stack.push(Frame {
            state: *s,
            black,
            key,
            moves,
            nmoves,
            next: 0,
            class,
            lo: u32::MAX,
            hi: 0,
            by_board,
            lost: Reach::NONE,
            sym: sym as u16,
            not_alive,
        });
        true
    }

    /// Immediate results: an attacker to move against a wall with one liberty captures it.
    #[inline]
    fn terminal(&self, rules: &Rules, s: &State, black: bool) -> Option<bool> {
        self.terminal_of(rules, s, rules.wall_stones(s), black)
    }

    /// [`Searcher::terminal`] with the wall string's stones `wall` known.
    #[inline]
    fn terminal_of(&self, rules: &Rules, s: &State, wall: u32, black: bool) -> Option<bool> {
        if black && rules.wall_libs_of(s, wall) <= 1 {
            return Some(true);
        }
        let need = 2 - rules.eye as u32;
        let alive = if self.features.static_life {
            rules.vital_regions(s, wall, need, self.features.miai_regions)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::solve::Space;
    use crate::pattern::encoded::parse_graph;

    fn geometry(text: &str) -> Geometry {
        Space::from_diagram(&parse_graph(text).expect("a graph"))
            .expect("a space")
            .geometry()
    }

    /// The vertices of a set come out in the geometry's order, by runs (a space's order,
    /// its degree classes) or vertex by vertex (an order of more than eight runs).
    #[test]
    fn a_set_is_written_in_the_static_order() {
        let g = geometry("|.....%|.....%|.....%|.....%+------");
        let mut reversed = [0u8; 32];
        for (i, o) in reversed.iter_mut().enumerate().take(g.n) {
            *o = (g.n - 1 - i) as u8;
        }
        let r = Geometry::new(g.n, g.adj, g.wall, g.marg, reversed);
        assert!(g.nruns > 0 && r.nruns == 0);
        let mut set = 0x2545_f491u32;
        for _ in 0..500 {
            set ^= set << 13;
            set ^= set >> 17;
            set ^= set << 5;
            for geo in [&g, &r] {
                let s = set & geo.all;
                let want: Vec<u8> = geo.order[..geo.n]
                    .iter()
                    .copied()
                    .filter(|&v| s >> v & 1 == 1)
                    .collect();
                let mut out = [0u8; 34];
                out[0] = 99;
                let k = geo.write_in_order(s, &mut out, 1);
                assert_eq!(out[0], 99);
                assert_eq!(&out[1..k], &want[..], "set {s:#x}");
            }
        }
    }

    /// The byte table gives every set's neighbours as the union over its vertices does, on
    /// spaces whose vertex numbers fill one, two and three bytes of the set.
    #[test]
    fn the_byte_table_gives_the_union_of_the_neighbours() {
        for text in [
            "|...%|.X.%+---",
            "|....%|....%|....%|....%+-----",
            "-----%.....%.....%.....%.....",
        ] {
            let g = geometry(text);
            let all = if g.n == 32 {
                u32::MAX
            } else {
                (1u32 << g.n) - 1
            };
            let mut seed: u32 = 0x9e37_79b9;
            for _ in 0..2_000 {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let set = seed & all;
                let union = (0..g.n)
                    .filter(|&v| set >> v & 1 == 1)
                    .fold(0, |m, v| m | g.adj[v]);
                assert_eq!(g.nbrs(set), union, "{text}: set {set:#x}");
            }
        }
    }

    /// No stone on the space, two outer liberties, no ko, `threats` ko threats a side.
    fn empty(threats: u8) -> State {
        State {
            black: 0,
            white: 0,
            outer: 2,
            ko: NO_KO,
            threats: [threats, threats],
        }
    }

    /// Every legal move either leaves the class as it was or is one `may_grow_class` flags,
    /// and no move ever takes a part of the class away (the soundness of the table rests on
    /// both), over random lines of play.
    #[test]
    fn the_class_only_grows_and_only_where_flagged_and_the_wall_is_carried() {
        for text in ["!..%.X.%..!", "|....%|....%|....%+-----", "-----%.!..%...."] {
            let g = geometry(text);
            let rules = Rules { g: &g, eye: false };
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..200 {
                let mut s = empty(1);
                let mut black = true;
                for _ in 0..40 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mut moves = [0u8; 34];
                    let k = rules.moves(&s, black, false, &mut moves);
                    let mv = moves[(seed % k as u64) as usize];
                    let (played, wall) = rules.play_from(&s, rules.wall_stones(&s), black, mv);
                    assert_eq!(played, rules.play(&s, black, mv));
                    if let Played::Next { state, .. } = played {
                        // The wall the search carries is the wall a flood finds.
                        assert_eq!(wall, rules.wall_stones(&state), "{text}: {s:?} {mv}");
                        let (before, after) = (rules.class(s.board()), rules.class(state.board()));
                        assert_eq!(after, rules.class_of(state.board(), wall));
                        let grows = match mv {
                            PASS => false,
                            OUTER => true,
                            v => may_grow_class(&g, &s, v, black),
                        };
                        assert!(grows || before == after, "{text}: {s:?} {mv} {state:?}");
                        // Stones of the class stay; outer liberties never come back.
                        assert_eq!(after & before & 0xff_ffff_ffff, before & 0xff_ffff_ffff);
                        assert!(after >> 40 <= before >> 40);
                        s = state;
                        black = !black;
                    } else {
                        break;
                    }
                }
            }
        }
    }

    /// With `joins_first`, the defender's moves in the open 4×4 corner start with the seven
    /// points beside the wall (the top row and the right column, vertices numbered in reading
    /// order), then the nine others, then the pass; a defender stone joined to the wall makes
    /// its neighbours join too. Without it, the order is the most-connected one alone.
    #[test]
    fn the_defenders_moves_that_join_the_wall_come_first() {
        let g = geometry("|....%|....%|....%|....%+-----");
        let rules = Rules { g: &g, eye: false };
        let mut s = empty(0);
        let mask = |moves: &[u8]| moves.iter().fold(0u32, |m, &v| m | 1 << v);
        let mut moves = [0u8; 34];
        let k = rules.moves(&s, false, true, &mut moves);
        assert_eq!(k, 17);
        assert_eq!(moves[16], PASS);
        let beside_wall = 0b1000_1000_1000_1111;
        assert_eq!(mask(&moves[..7]), beside_wall);
        assert_eq!(mask(&moves[7..16]), 0xffff & !beside_wall);
        // A stone on vertex 1 (top row) joins the wall: vertex 5 below it joins now too.
        s.white = 1 << 1;
        let k = rules.moves(&s, false, true, &mut moves);
        assert_eq!(k, 16);
        assert_eq!(mask(&moves[..7]), (beside_wall | 1 << 5) & !(1 << 1));
        // Without the feature the most-connected vertices, none of them beside the wall here
        // (vertex 5 has four neighbours in the space), come first.
        let k = rules.moves(&s, false, false, &mut moves);
        assert_eq!(k, 16);
        assert_eq!(moves[0], 5);
        assert_eq!(
            moves[..k - 1].to_vec(),
            g.order[..g.n]
                .iter()
                .copied()
                .filter(|&v| v != 1)
                .collect::<Vec<_>>()
        );
    }

    /// An open 3×3 centre has one inner point, beside four liberties of the wall: a miai
    /// region (the defender answers the attacker there, or anywhere, by joining the wall
    /// beside it); an open 4×4 centre has four inner points no single point is beside.
    #[test]
    fn a_region_one_of_two_moves_makes_vital_is_counted_with_miai() {
        let empty = empty(0);
        let g = geometry("...%...%...");
        let rules = Rules { g: &g, eye: true };
        assert!(!rules.vital_regions(&empty, rules.wall_stones(&empty), 1, false));
        assert!(rules.vital_regions(&empty, rules.wall_stones(&empty), 1, true));
        // The attacker on the inner point: vital without miai.
        let centre = State {
            black: 1 << 4,
            ..empty
        };
        assert!(rules.vital_regions(&centre, rules.wall_stones(&centre), 1, false));
        // Two regions are needed without the extra eye.
        let rules = Rules { g: &g, eye: false };
        assert!(!rules.vital_regions(&empty, rules.wall_stones(&empty), 2, true));
        let g = geometry("....%....%....%....");
        let rules = Rules { g: &g, eye: true };
        assert!(!rules.vital_regions(&empty, rules.wall_stones(&empty), 1, true));
        // Defender stones on 1 and 5 (joined to the wall by 1) leave one inner point, 10,
        // beside the liberties 6, 9, 11 and 14.
        let one = State {
            white: 1 << 1 | 1 << 5,
            ..empty
        };
        assert!(!rules.vital_regions(&one, rules.wall_stones(&one), 1, false));
        assert!(rules.vital_regions(&one, rules.wall_stones(&one), 1, true));
        // On 1 alone: inner points 5, 6, 9, 10; none is beside all of them.
        let edge = State {
            white: 1 << 1,
            ..empty
        };
        assert!(!rules.vital_regions(&edge, rules.wall_stones(&edge), 1, true));
    }

    /// An entry without reach or symmetries takes no room in the arena; one with either
    /// reads back what was stored, and its packed result is kept as given.
    #[test]
    fn an_entry_keeps_its_reach_and_symmetries_in_the_arena_only_when_it_has_some() {
        let mut s = Searcher::new(1000, None, Features::default(), Symmetries::default());
        s.store(1, entry(true, true, 0, 0, 3, 0), Reach::NONE, 0);
        assert!(s.reaches.is_empty());
        let reach = Reach::of(0x1_0001 << 20 | 0x0_0003, false).join(Reach::of(0x7, true));
        s.store(2, entry(false, false, 1, 2, NO_HINT, 9), reach, 0b101);
        s.store(3, entry(true, true, 0, 0, 1, 0), Reach::NONE, 0b10);
        assert_eq!(s.reaches.len(), 2);
        // Compared packed: a packed reach keeps only the 20 bits of a board's stones.
        let read = |k: u64| {
            let (r, sym) = s.reach_of(s.tt.get(k).expect("stored"));
            (r.pack(), sym)
        };
        assert_eq!(read(1), (Reach::NONE.pack(), 0));
        assert_eq!(read(2), (reach.pack(), 0b101));
        assert_eq!(read(3), (Reach::NONE.pack(), 0b10));
        assert_eq!(
            s.tt.get(2).expect("stored").meta,
            entry(false, false, 1, 2, NO_HINT, 9)
        );
    }

    /// A summary never rules out a position it was built from.
    #[test]
    fn playing_ahead_changes_no_answer_and_no_node_count() {
        // Spaces of 12 to 16 vertices, two of which the attacker reduces to one eye, read
        // for `b` and `c` (with the vital points where they differ) and whole, with the
        // lines of play: with every frame played ahead (from a table of no bytes) and with
        // none, the same solution and the same nodes.
        let spaces = [
            "|....%|....%|....%+-----",
            "!X..!%.O.X.%..X..",
            "|...!%|.X..%|....%+-----",
            "!.X..%.....%..O..%.....",
        ];
        let params = crate::evaluation::solve::Params {
            outer_liberties: 1,
            ..Default::default()
        };
        for text in spaces {
            let space = Space::from_diagram(&parse_graph(text).expect("a graph")).expect("a space");
            for min_max in [true, false] {
                if !min_max && text.starts_with("!.X") {
                    continue; // a million nodes whole: too long for a test
                }
                let features = crate::evaluation::solve::Features {
                    min_max,
                    first_moves: false,
                    ..Default::default()
                };
                let solve = |bytes: usize| {
                    PLAY_AHEAD_TEST.with(|c| c.set(Some(bytes)));
                    let sol = crate::evaluation::solve::solve_with(&space, &params, features);
                    PLAY_AHEAD_TEST.with(|c| c.set(None));
                    sol.expect("solved")
                };
                let (ahead, never) = (solve(0), solve(usize::MAX));
                assert_eq!(ahead, never, "{text}, min_max {min_max}");
            }
        }
    }

    #[test]
    fn a_reach_meets_every_position_it_holds() {
        let boards = [
            0x0_0003u64,
            0x1_0001 << 20 | 0x0_0003,
            0x0_0007,
            0x4_0000 << 20,
        ];
        let mut r = Reach::NONE;
        for (i, &b) in boards.iter().enumerate() {
            r = r.join(Reach::of(b, i % 2 == 0));
        }
        let r = Reach::unpack(r.pack());
        for (i, &b) in boards.iter().enumerate() {
            if i % 2 == 0 {
                assert!(r.may_meet(b, u64::MAX, true), "{b:x}");
            } else {
                // Entered by a capture: met only by the same whole state, loser to move.
                let full = b | 1 << 52;
                assert!(r.may_meet(b, full, true), "{b:x}");
            }
        }
        assert!(!Reach::NONE.may_meet(0, 0, false));
    }
}
