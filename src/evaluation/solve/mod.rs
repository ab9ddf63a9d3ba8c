//! The solver stage: exact eye values and vital points by exhaustive search.
//!
//! Takes an eye space ([`Space`]: adjacency bitmasks, marginal vertices, attacker stones, board
//! edges; built from a [`Diagram`](crate::pattern::diagram::Diagram) with [`Space::from_diagram`], or from GNU Go's encoded graph
//! text with [`crate::pattern::encoded::parse_graph`]) and gives a [`Solution`]: the four-digit [`EyeValue`](crate::EyeValue)
//! (`docs/PATTERNS.md`, "Eye values"), every attack and defence point, and a line of play for
//! each digit.
//! It is the referee behind the pattern database: what GNU Go 3.8's `analyze_eyegraph` computes,
//! rebuilt from its observed behaviour.
//!
//! # The model
//!
//! Go is played on the eye graph, not on a board. The space is embedded exactly as GNU Go
//! embeds it:
//!
//! * the defender (White) owns one wall string `W` around the space. A vertex has
//!   `4 - degree - edge` free sides; they are wall stones, except that a marginal vertex spends one
//!   of them on the line to its invincible attacker group. A vertex with a wall side left
//!   "touches" `W`. A defender stone on such a vertex, or connected to one, is part of `W`;
//!   other defender stones form ordinary strings that can be captured. An enclosed defender
//!   stone (one the position starts with off the wall) never touches `W`: its free sides, if
//!   it has any, are attacker stones outside the space (on a board, a stone the attacker's
//!   stones cut off from the wall, whose only liberties are in the space);
//! * each marginal vertex (`!`, `$`) touches an invincible attacker (Black) group: an attacker
//!   stone there, and every stone connected to it, can never be captured;
//! * `W` has [`Params::outer_liberties`] liberties outside the space (GNU Go 3.8: 2) that the
//!   attacker may fill (they lie next to an attacker group too), and in the "extra eye" game one
//!   more: an eye the attacker can only fill as the capturing move;
//! * captures and simple ko (with [`Params::attacker_ko_threats`] /
//!   [`Params::defender_ko_threats`] threats, each lifting one ko ban); GNU Go's superko test on
//!   non-capturing moves (a move that captures nothing may not recreate a board seen earlier on
//!   the line of play); and, as a last guarantee of termination, no line may repeat a whole state
//!   (board, ko, threats, player to move). **Suicide is not allowed**: GNU Go 3.8's
//!   `analyze_eyegraph` refuses it (`X.X` is `2222` there, though `eyes.db`'s comment, written
//!   for a suicide-allowing reading, gives `1222`), and matching the referee is the contract.
//!
//! There is no special rule for the bent four in the corner: it is read out as the ko it is,
//! under simple ko, so who wins it depends on the ko threats given (GNU Go 3.8 has no threat
//! parameter: 0 and 0, the default; giving the attacker threats models the "bent four is dead"
//! convention).
//!
//! The defender may pass; the attacker never needs to (a pass never helps a capture).
//! The question searched is "can the attacker capture `W`?". Eyes are counted as GNU Go does:
//! 2 when `W` survives without the extra eye (a seki counts as alive, so as two eyes), 1 when it
//! survives only with it, 0 otherwise. With `P` the position:
//!
//! * `b` = attacker to move in `P`; `c` = defender to move in `P` (both searched directly);
//! * `a` = the smallest count, over the attacker's first moves `m`, with the attacker to move
//!   again after `m` (the defender tenukis once), **except** that when `b = 1` a first move
//!   after which the attacker kills by moving again, but where the defender would make two eyes
//!   with two moves (`d = 2` of the position left), counts as 1, not 0: the defender answers it
//!   locally instead of tenuki, so it does not destroy the eye. This is the "Pattern 6141"
//!   subtlety of `eyes.db`'s header. The `d` of the position left is itself GNU Go's `d`, one
//!   level down ([`Params::tenuki_depth`] levels in all, then plain two-moves-in-a-row);
//! * `d` = the largest count, over the defender's first moves `n`, with the defender to move
//!   again after `n`, with the mirror exception: when `c = 1`, a first move after which the
//!   defender lives by moving again but the attacker would kill with two moves (`a = 0` of the
//!   position left, by the same rule one level down) counts as 1.
//!
//! Plain "two moves in a row" is the rule at depth 0; GNU Go's answers need the rule applied
//! several levels deep, and the default, [`DEFAULT_TENUKI_DEPTH`], is the depth that agrees
//! with GNU Go on the most graphs. The rule is a fit to GNU Go's answers, stated in terms of
//! the local game, not a derivation from its source; the depth costs next to nothing (the
//! transposition table is shared by every level). How each depth compares with GNU Go is
//! recorded in `docs/MEASUREMENTS.md`.
//!
//! Each first move is scored by the plain value of the position it leaves ([`FirstMove`]).
//! Vital points follow `eyes.db`: only moves that change the value are marked. Attack points
//! (when `a != c`) are the attacker's moves with the smallest pair (defender-to-move count,
//! count for `a`) after them, so the moves reaching `b`, and among them those reaching `a`;
//! defence points (when `b != d`) are the defender's moves with the largest pair
//! (attacker-to-move count, count for `d`). Outer-liberty moves and passes are never marked.
//!
//! Where the solver and GNU Go 3.8 disagree, and who is right, is recorded in
//! `docs/GNUGO_DISAGREEMENTS.md`; how often they agree, in `docs/MEASUREMENTS.md`.
//!
//! # Search
//!
//! Board geometry matters only through the edge counts, so a state is two bitmasks plus a few
//! counters: the transposition table is keyed on the packed state (and emptied when it reaches
//! a size limit, so memory stays bounded). A result that depended on the line of play (a move
//! below it cut by a repetition of a position *above* it: the graph-history interaction) is
//! stored with the indices of the positions it was cut against and the serial number of the
//! line entry at the highest, and used again only while that entry is still on the line; a
//! repetition of the position itself or of one below it does not make the result depend on the
//! line that led there, and those results are stored for any line. That alone is not sound: a
//! result read on one line can meet, on another, a position that line holds and the first did
//! not. With [`Features::sound_table`] a result is used only where that cannot happen: a
//! position's class (the wall's stones, the invincible attacker stones, the outer liberties
//! left) only grows along a line, and a proof stands as long as none of the winner's moves in
//! it is banned, so each result keeps a summary of the positions the winner's moves enter in
//! its proof, and is used only on a line none of whose positions of the same class can be one
//! of them (see `Searcher::wins` in `search.rs`); the answers then do not depend on the order
//! the moves are read in; symmetric moves are then pruned only where the symmetry maps those
//! positions of the line onto themselves too, and a result the line does not allow is read
//! again with its winning move first. Repetitions are tested against the line through a
//! counting filter of its keys, so the line is scanned only when a key may repeat. The search
//! runs on an explicit stack (no recursion, whatever the depth); moves are ordered
//! most-connected vertex first (with [`Features::history`], the attacker's by the history
//! heuristic first; with [`Features::joins_first`], the defender's that join the wall before
//! the others, on spaces of [`JOINS_FIRST_FROM`] vertices or more), then the attacker's move
//! that last won at the same depth (the killer heuristic, [`Features::killers_from`]) before
//! the others, and the defender's pass
//! last, and at the defender's turn a move after which the wall lives statically is read first
//! (on spaces of [`WIN_FIRST_FROM`] vertices or more; the positions that test plays are kept,
//! per stack depth, for the search to enter without playing their moves again, and once the
//! transposition table is large the attacker's moves are played ahead too and every child's
//! table slot is prefetched at once, so the reads from memory overlap); of two
//! moves that a symmetry of the space leaving the position unchanged maps onto each other
//! only the first is read (at the root, the second takes the first's answers); and two
//! vital regions of the wall in Benson's sense (regions whose every empty point is a liberty of
//! the wall) end a line at once, a region counting too when either of two defender moves there
//! makes it vital ([`Features::miai_regions`]). Nothing is allocated in the node loop once the
//! stack has grown. Lines of play are built only when asked for ([`Features::lines`]), and the
//! first moves' whole values only when asked for ([`Features::first_moves`]): their digits `a`
//! and `d` read every second move, which the value and the vital points do not need. Of a first
//! move's two counts only the one its tenuki digit needs is read first; the other only where
//! the vital points (`a != c` for the attacker's, `b != d` for the defender's) or a line of
//! play need it. The tenuki rule is the only recursion: at most [`Params::tenuki_depth`] (<=
//! [`MAX_TENUKI_DEPTH`]) levels, a few frames each. A solve that runs out of
//! [`FALLBACK_AFTER_NODES`] nodes ([`FALLBACK_AFTER_NODES_SMALL`] on a space of at most
//! [`SMALL_SPACE`] vertices) reads the space again with the history heuristic
//! ([`Features::history_fallback`]), and a corner space of [`HISTORY_FIRST_FROM`]
//! vertices or more is read that way at once: open corners are read far faster that way.
//! Large open spaces, corner ones first, can exceed [`Params::node_limit`] (the open 20-point
//! corner does), which turns into [`SolveError::SearchLimit`].
//!
//! The files: [`Space`] (the model) in `space.rs`; the packed state, moves and the search in
//! `search.rs`; reading a position in both games in `reading.rs`; the tenuki rule in
//! `tenuki.rs`; the root, first moves and vital points in `vital.rs`; lines of play in
//! `lines.rs`; the space's symmetries in `symmetry.rs`; the transposition table's store (one
//! cache line a probe, huge pages for a large table, a thread's small table kept for its next
//! solve) in `transposition.rs`; [`Solution`] in `solution.rs`.
//!
//! ```
//! use nakade::pattern::encoded::parse_graph;
//! use nakade::evaluation::solve::{solve, Params, Space};
//! let diagram = parse_graph(".!..%O$").unwrap();
//! let space = Space::from_diagram(&diagram).unwrap();
//! let sol = solve(&space, &Params::default()).unwrap();
//! assert_eq!(sol.value.to_string(), "0022");
//! assert_eq!(sol.annotate(&diagram).render('O'), vec![".)<.", "O$"]);
//! ```

mod lines;
mod local;
mod reading;
mod search;
mod solution;
mod space;
mod symmetry;
mod tenuki;
mod transposition;
mod vital;

use reading::Ctx;
use search::{Exhausted, Searcher, State, NO_KO};
use symmetry::Symmetries;

pub use local::{LocalQuery, LocalReader, LocalSearch};
pub use solution::{FirstMove, Move, Solution};
pub use space::Space;

/// The largest eye space the solver accepts, in vertices: its points and the defender
/// stones they close in. (The board's analysis hands it spaces of at most 20 points by
/// default, so that a space of that size may close in a few stones.)
pub const MAX_VERTICES: usize = 24;
/// The most outer liberties the solver accepts.
pub const MAX_OUTER_LIBERTIES: u8 = 7;
/// The default [`Params::tenuki_depth`].
pub const DEFAULT_TENUKI_DEPTH: u8 = 7;
/// The largest [`Params::tenuki_depth`] accepted (the rule recurses that many levels).
pub const MAX_TENUKI_DEPTH: u8 = 8;
/// The most ko threats per side the solver accepts.
pub const MAX_KO_THREATS: u8 = 3;
/// The default [`Features::killers_from`]: the killer heuristic on spaces of nine vertices
/// and more (those beyond the default database's patterns).
pub const KILLERS_FROM: u8 = 9;
/// The nodes a first reading may take before [`Features::history_fallback`] reads again.
pub const FALLBACK_AFTER_NODES: u64 = 2_000_000;
/// [`FALLBACK_AFTER_NODES`] for a space of at most [`SMALL_SPACE`] vertices: such a space
/// reads within a few thousand nodes, and one that does not is read out of order. A space of
/// seven vertices that a three-by-three board gave (the wall touching one vertex, attacker
/// stones on two, two outer liberties) read `1122` in 604,045 nodes without the history
/// heuristic and in 2,081 with it; with three outer liberties the first reading ran out of
/// its two million.
pub const FALLBACK_AFTER_NODES_SMALL: u64 = 50_000;
/// The most vertices of a space [`FALLBACK_AFTER_NODES_SMALL`] applies to.
pub const SMALL_SPACE: usize = 8;
/// With [`Features::history_fallback`], corner spaces (a vertex in the board's corner) of this
/// many vertices or more are read with the history heuristic at once: the open 16-point corner
/// takes 1.44 M nodes that way and 1.76 M through a first reading. Other spaces are read
/// first without it: open ones read about as fast either way (the open 20-point edge 0.65 M
/// nodes against 0.66 M), but spaces rich in margins, where the attacker wins, slower with it
/// (a 12-point edge space with seven margins, `0011`: 282 thousand nodes against 173
/// thousand), and board analysis reads those within a budget.
pub const HISTORY_FIRST_FROM: usize = 10;
/// [`Features::win_first`] reads spaces of this many vertices or more: on smaller ones its
/// static tests of every defender move cost more than the nodes they save (the graphs of six
/// and seven vertices of the record read 6-8% more nodes without it, in 14% less time), on
/// larger ones it is what makes open spaces readable (the open 20-point centre: 0.9 M nodes
/// with it, 15.8 M without).
pub const WIN_FIRST_FROM: usize = 8;
/// [`Features::joins_first`] orders the defender's moves on spaces of this many vertices or
/// more: on smaller ones the order hardly changes the nodes read (the record's graphs of six
/// and seven vertices: 275 and 505 a graph with it, 274 and 500 without) and finding the wall
/// costs a flood at every defender's turn.
pub const JOINS_FIRST_FROM: usize = 8;
/// [`Features::mirror_table`] looks for mirror images on spaces of this many vertices or
/// more: on smaller ones the extra probes of a miss cost what the hits save (the record's
/// graphs of six vertices: 42.1 µs a graph with it, 41.2 without, 4% fewer nodes).
pub const MIRROR_TABLE_FROM: usize = 8;
/// Spaces of this many vertices or more read the attacker's two moves in a row before `b`
/// and `c` ([`Features::two_moves_first`]): on a large space the value is most often 2222,
/// and the counts read first are needed anyway; on a small one a space with no eye would
/// pay for counts nothing else needs.
pub const TWO_MOVES_FIRST_FROM: usize = 10;
/// The default [`Params::node_limit`].
pub const DEFAULT_NODE_LIMIT: u64 = 20_000_000;
/// How many search nodes pass between two readings of the clock under [`Params::time_limit`].
pub const CLOCK_INTERVAL: u64 = 4096;
/// The most memory the transposition table takes, in bytes (growing included: the table it
/// grows from is held while it doubles): it is emptied when it would grow past it, and when
/// the allocator refuses it room, so a solve under a memory limit goes on with a smaller table
/// (or ends in [`SolveError::OutOfMemory`]) instead of aborting.
pub const TT_MEMORY: usize = 320 << 20;

/// What the search may use beyond plain alpha-beta with a table of line-independent results,
/// and what a solve gives beyond the value and vital points. Every combination without
/// [`Features::history`], and every combination with [`Features::sound_table`], gives the
/// same value and vital points on every recorded graph; [`Features::BASELINE`] is the search
/// as it was before any of them, kept to measure them against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Keep results that depend on the line of play (a repetition cut them against a position
    /// above) for the positions reached again below the position they depend on.
    pub local_results: bool,
    /// Test repetitions against the line through a counting filter of its keys, scanning the
    /// line only when the filter does not rule a repetition out.
    pub repetition_filter: bool,
    /// Read only one of the moves that a symmetry of the space, leaving the position
    /// unchanged, maps onto each other.
    pub symmetry: bool,
    /// Make the transposition table with room for a few thousand entries at once.
    pub presized_table: bool,
    /// End a line as soon as the wall has two vital regions in Benson's sense (regions of any
    /// size whose every empty point is a liberty of the wall), not only two sure eyes of one
    /// or two empty points.
    pub static_life: bool,
    /// With [`Features::static_life`], also count a region that one defender move makes
    /// vital, with two such moves to choose from (miai): the defender answers the
    /// attacker's move there on the other (see `Rules::vital_regions` in `search.rs`).
    pub miai_regions: bool,
    /// On spaces of this many vertices or more, read first, at each depth of the search
    /// stack, the attacker's move that last won at that depth (the killer heuristic);
    /// `u8::MAX`: never. The default, [`KILLERS_FROM`], leaves it off on small spaces, whose
    /// readings are a few hundred nodes: there one reading's killers mislead the next (the
    /// 6-point graphs read 8% more nodes with them). The defender's killers are not read
    /// first: with them the open 20-point edge read 1.8 M nodes, without 0.67 M, the open
    /// 16-point corner 2.1 M and 1.5 M (a 12-point edge space with seven margins, where the
    /// attacker wins, 108 thousand and 164 thousand; one killer a side then, two of the
    /// attacker's now).
    pub killers_from: u8,
    /// Where a solve with the sound table and without history runs out of
    /// [`FALLBACK_AFTER_NODES`] nodes ([`FALLBACK_AFTER_NODES_SMALL`] on a small space) (and
    /// may search more), read the space again with the
    /// history heuristic (the attacker's killers kept), in the budget left; a corner space of
    /// [`HISTORY_FIRST_FROM`] vertices or more is read that way at once. Open corner spaces
    /// need it (the open 16-point corner: 1.44 M nodes with history, 1.76 M without). The
    /// answers are the same either way.
    pub history_fallback: bool,
    /// Order the defender's moves with those that join the wall first (a vertex beside a
    /// wall side or a wall stone: a stone there is captured only with the wall), each group most-connected
    /// vertex first. A stone off the wall can be captured, and reading its capture and
    /// recapture makes long lines: the open 20-point centre reads 264 thousand nodes without
    /// it, 95 thousand with it; the open 16-point edge 442 thousand and 51 thousand; the open
    /// 20-point edge gives up at 20 M without it, and reads 0.66 M with it. On spaces of
    /// [`JOINS_FIRST_FROM`] vertices or more.
    pub joins_first: bool,
    /// At the defender's turn, read first a move after which the wall lives statically (see
    /// [`Features::static_life`]), so a line the defender ends at once costs one move; on
    /// spaces of [`WIN_FIRST_FROM`] vertices or more.
    pub win_first: bool,
    /// Order the attacker's moves by how often they ended a reading before in this solve (the
    /// history heuristic), the static order breaking ties. Without
    /// [`Features::sound_table`] it gives a wrong vital point on `|.!O%|XOO%|XOO%|.X.%+---`
    /// (the marginal point is attack point only, where it is attack and defence point),
    /// because a table entry of an earlier query of the solve is reused where the line of
    /// play differs; see `docs/MEASUREMENTS.md`.
    pub history: bool,
    /// Use a table result on another line of play only where the proof it stands for is a
    /// proof there too: none of the winner's moves in it can be banned by a repetition of one
    /// of the line's positions (see the module documentation, "Search"). Without it a result
    /// is used wherever its own repetition cuts allow, which is unsound: the answer can then
    /// depend on the order the moves are read in. On by default; it costs reading on open
    /// edge spaces rich in ko (the positions of a long ko fight can repeat).
    pub sound_table: bool,
    /// On spaces of [`TWO_MOVES_FIRST_FROM`] vertices or more, read the attacker's two moves
    /// in a row (what `a` needs of every first move) before `b` and `c`; where each leaves
    /// two eyes, with no ko ban, `b` and `c` are 2 without a reading of their own (the
    /// defender may pass into each of those positions). The open 20-point edge reads 0.60 M
    /// nodes with it, 0.66 M without; the open 16-point corner 1.43 M and 1.44 M.
    pub two_moves_first: bool,
    /// Where the table has no entry for a position, use one for a mirror image of it under a
    /// symmetry of the space, if that entry holds on any line whatever (its reading met no
    /// position of its class and pruned by no symmetry); on spaces of [`MIRROR_TABLE_FROM`]
    /// vertices or more. The open 16-point corner reads 1.00 M nodes with it, 1.43 M
    /// without; the open 20-point edge 0.39 M and 0.60 M.
    pub mirror_table: bool,
    /// Build [`Solution::pv`], the lines of play (else they are empty strings).
    pub lines: bool,
    /// Give [`Solution::first_moves`], every first move with the whole plain value it leaves
    /// (else it is empty). Its digits `a` and `d` cost a reading of every second move, which
    /// nothing else of a solve needs: on open spaces most of the solve's time.
    pub first_moves: bool,
    /// Read only the two digits of one move each: `b` (the attacker first) and `c` (the
    /// defender first), what a final status asks of a space (does its owner live, whoever
    /// moves first there?). `a` and `d` are not read and are given as their upper bounds,
    /// `b` and 2 (as [`Solution::value`] documents). Where `b != c`, one vital point a
    /// side: the first vertex whose move reaches its digit (`b` for the attacker, `c` for
    /// the defender), where the budget left after the digits finds one; no first moves, no
    /// lines of play. Without the readings of two moves in a row, a large space costs a fraction of a
    /// whole solve: the open 16-point corner 161 thousand nodes (0.1 s) against 1.0 M; the
    /// fourteen spaces of 12 to 20 points of the 19x19 final positions of `tests/final/`
    /// that a whole solve cannot read in 20,000 nodes, 1 to 19 times less time. The open
    /// 20-point corner is still beyond 20 M nodes.
    pub min_max: bool,
    /// With [`Features::min_max`], read `b` alone: `c` is given as 2 (its upper bound) and no
    /// vital point is named. For a test that asks only whether a space gives two eyes with
    /// the attacker moving first.
    pub only_b: bool,
    /// With [`Features::min_max`], read first only whether the defender makes one eye at
    /// least with the attacker moving first, and stop there where he does: the value then
    /// gives `b` (and `a`) as 1, which is a lower bound (`b` may be 2), `c` and `d` as 2,
    /// and no vital point. Where he does not, `b` is 0 and `c` is read as
    /// [`Features::min_max`] reads it. For a group with one sure eye elsewhere, which asks
    /// of the space only its second: the open 18-point corner of `19-l6-s7` answers in
    /// 1,417 nodes, where `b` alone (2, two eyes) takes 58,856.
    pub one_eye: bool,
    /// With [`Features::min_max`], name every first move that reaches `b` (the
    /// attacker's) and `c` (the defender's) as a vital point, not only the first found: a
    /// point in both is the shape's shared vital point.
    pub all_vital: bool,
    /// Give up ([`SolveError::SearchLimit`]) as soon as the moves begun at a reading's root,
    /// of [`EARLY_GIVE_UP_SHARE`] moves or more, have taken more than one
    /// [`EARLY_GIVE_UP_SHARE`]th of [`Params::node_limit`] each without an answer (the
    /// first move a quarter of it, the first two half of it, ...): at that rate the
    /// root's moves need more than the whole budget. For a caller whose budget is
    /// small beside the spaces it reads, which gives up on most large ones either way: the
    /// final status's large areas (their readings that give up, still inside the
    /// attacker's first move, cost a quarter as much). An answer it gives is exact; it
    /// gives up on some readings that would have ended within the budget.
    pub give_up_early: bool,
}

/// With [`Features::give_up_early`]: a reading whose root has at least this many moves
/// gives up once the `i` moves begun at its root have taken more than `i` times this
/// fraction (one over it) of the node budget without an answer.
pub const EARLY_GIVE_UP_SHARE: u64 = 4;

impl Features {
    /// The search as it was before these features: none of them, lines of play built.
    pub const BASELINE: Features = Features {
        local_results: false,
        repetition_filter: false,
        symmetry: false,
        presized_table: false,
        static_life: false,
        miai_regions: false,
        killers_from: u8::MAX,
        history_fallback: false,
        joins_first: false,
        win_first: false,
        history: false,
        sound_table: false,
        two_moves_first: false,
        mirror_table: false,
        lines: true,
        first_moves: true,
        min_max: false,
        only_b: false,
        one_eye: false,
        all_vital: false,
        give_up_early: false,
    };
}

impl Default for Features {
    /// Every search feature but [`Features::history`] (the sound table included), lines of
    /// play built, first moves not given.
    fn default() -> Features {
        Features {
            local_results: true,
            repetition_filter: true,
            symmetry: true,
            presized_table: true,
            static_life: true,
            miai_regions: true,
            killers_from: KILLERS_FROM,
            history_fallback: true,
            joins_first: true,
            win_first: true,
            history: false,
            sound_table: true,
            two_moves_first: true,
            mirror_table: true,
            lines: true,
            first_moves: false,
            min_max: false,
            only_b: false,
            one_eye: false,
            all_vital: false,
            give_up_early: false,
        }
    }
}

/// Search parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Liberties of the defender's wall string outside the space (GNU Go 3.8 uses 2).
    pub outer_liberties: u8,
    /// Ko threats the attacker may use (each lifts one ko ban).
    pub attacker_ko_threats: u8,
    /// Ko threats the defender may use.
    pub defender_ko_threats: u8,
    /// Give up (with [`SolveError::SearchLimit`]) after this many search nodes.
    pub node_limit: u64,
    /// Give up (with [`SolveError::TimeLimit`]) once a solve has run this long; `None`: no
    /// limit. The clock is read every [`CLOCK_INTERVAL`] nodes (a few milliseconds), but not
    /// while the transposition table grows, so a solve can stop up to one growth late: on
    /// this machine, alone, up to 40 ms late (1.04 s for a 1 s limit); on one whose cores
    /// other programs kept busy, 5.56 s for 5 s (the limit is wall-clock time).
    pub time_limit: Option<std::time::Duration>,
    /// How many plies deep GNU Go's tenuki rule for the digits `a` and `d` is applied (see the
    /// module documentation); 0 means plain "two moves in a row".
    pub tenuki_depth: u8,
}

impl Default for Params {
    /// GNU Go 3.8's setting: two outer liberties, no ko threats.
    fn default() -> Params {
        Params {
            outer_liberties: 2,
            attacker_ko_threats: 0,
            defender_ko_threats: 0,
            node_limit: DEFAULT_NODE_LIMIT,
            time_limit: None,
            tenuki_depth: DEFAULT_TENUKI_DEPTH,
        }
    }
}

/// Why a space cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// More vertices than the solver handles.
    #[error("the eye space has {given} vertices; the solver handles at most {limit}")]
    TooManyVertices {
        /// Vertices given.
        given: usize,
        /// The limit, [`MAX_VERTICES`].
        limit: usize,
    },
    /// No vertex at all.
    #[error("the eye space has no vertex")]
    Empty,
    /// No vertex of the space has a side on its owner's wall: every side of every point is a
    /// neighbour in the space, a board edge, an enclosed defender stone or a line to a
    /// marginal attacker group (on a board, an owner whose every string the space closes
    /// in: a whole board of three by three). The eyes are the wall's, and there is none.
    #[error(
        "no vertex of the eye space touches its owner's wall: there is no wall whose eyes to read"
    )]
    NoWall,
    /// A mask names a vertex `>= n`.
    #[error("{what} names vertex {vertex}, but the space has {n} vertices")]
    VertexOutOfRange {
        /// Which field.
        what: &'static str,
        /// The offending vertex.
        vertex: usize,
        /// Number of vertices.
        n: usize,
    },
    /// A vertex adjacent to itself.
    #[error("vertex {vertex} is adjacent to itself")]
    SelfLoop {
        /// The vertex.
        vertex: usize,
    },
    /// `u` lists `v` as a neighbour but not the other way round.
    #[error("adjacency is not symmetric: {u} lists {v} but {v} does not list {u}")]
    NotSymmetric {
        /// One end.
        u: usize,
        /// The other end.
        v: usize,
    },
    /// An edge count above 2.
    #[error("vertex {vertex} has edge count {edge}; it must be 0, 1 or 2")]
    BadEdge {
        /// The vertex.
        vertex: usize,
        /// The count given.
        edge: u8,
    },
    /// More neighbours plus board edges than a point of a Go board has sides.
    #[error("vertex {vertex} has {degree} neighbours and {edge} board edges: more than 4 sides")]
    TooManySides {
        /// The vertex.
        vertex: usize,
        /// Its neighbours in the space.
        degree: u32,
        /// Its edge count.
        edge: u8,
    },
    /// A parameter above its limit.
    #[error("{what} is {given}; at most {limit} allowed")]
    ParameterTooLarge {
        /// Which parameter.
        what: &'static str,
        /// Value given.
        given: u8,
        /// The limit.
        limit: u8,
    },
    /// A diagram vertex that does not say whether it holds a stone (`x`).
    #[error(
        "vertex {vertex} (row {row}, column {col}) is a wildcard `x`; the solver needs a position"
    )]
    Wildcard {
        /// Vertex index.
        vertex: usize,
        /// Diagram row.
        row: usize,
        /// Diagram column.
        col: usize,
    },
    /// An enclosed defender string with no empty point beside it: not a legal position.
    #[error("the enclosed defender stone {} has no liberty: not a legal position", stone_name(*.vertex, *.at))]
    EnclosedWithoutLiberty {
        /// One of its vertices.
        vertex: usize,
        /// Its diagram position `(row, col)`, when the space came from a diagram.
        at: Option<(usize, usize)>,
    },
    /// An enclosed defender stone on a marginal vertex or on an attacker stone.
    #[error("vertex {vertex} holds an enclosed defender stone but is marked marginal or as an attacker stone")]
    EnclosedOnSpacePoint {
        /// The vertex.
        vertex: usize,
    },
    /// The search ran out of its node budget ([`Params::node_limit`]).
    #[error("the search gave up after {nodes} nodes (node limit)")]
    SearchLimit {
        /// Nodes searched.
        nodes: u64,
    },
    /// The search ran out of time ([`Params::time_limit`]).
    #[error("the search gave up after {:.2} s (time limit; {nodes} nodes)", elapsed.as_secs_f64())]
    TimeLimit {
        /// Time spent.
        elapsed: std::time::Duration,
        /// Nodes searched.
        nodes: u64,
    },
    /// The allocator refused the search even the smallest room it needs (its stack).
    #[error("the search ran out of memory after {nodes} nodes")]
    OutOfMemory {
        /// Nodes searched.
        nodes: u64,
    },
}

/// How an error names a stone: by its diagram position when there is one.
fn stone_name(vertex: usize, at: Option<(usize, usize)>) -> String {
    match at {
        Some((r, c)) => format!("at row {r}, column {c}"),
        None => format!("(vertex {vertex})"),
    }
}

/// Solve a space: its eye value, vital points and lines of play.
pub fn solve(space: &Space, params: &Params) -> Result<Solution, SolveError> {
    solve_with(space, params, Features::default())
}

/// Solve a space for its eye value and vital points only: [`solve`] without the lines of
/// play ([`Solution::pv`] is left empty), which a host that prints no line need not pay for
/// (the open 20-point edge: 657 thousand nodes against 734 thousand; graphs of up to seven
/// vertices about a sixth less time).
///
/// ```
/// use nakade::evaluation::solve::{solve_value, Params, Space};
/// use nakade::pattern::encoded::parse_graph;
///
/// let space = Space::from_diagram(&parse_graph("|...%|XO.%+---")?)?;
/// let sol = solve_value(&space, &Params::default())?;
/// assert_eq!(sol.value.to_string(), "1222");
/// assert!(sol.pv.iter().all(String::is_empty));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_value(space: &Space, params: &Params) -> Result<Solution, SolveError> {
    let features = Features {
        lines: false,
        ..Features::default()
    };
    solve_with(space, params, features)
}

/// Solve a space using the search features given (see [`Features`]); without
/// [`Features::lines`] the lines of play are left empty, which saves their reading.
pub fn solve_with(
    space: &Space,
    params: &Params,
    features: Features,
) -> Result<Solution, SolveError> {
    space.check()?;
    if params.outer_liberties > MAX_OUTER_LIBERTIES {
        return Err(SolveError::ParameterTooLarge {
            what: "outer liberties",
            given: params.outer_liberties,
            limit: MAX_OUTER_LIBERTIES,
        });
    }
    for (what, given, limit) in [
        (
            "attacker ko threats",
            params.attacker_ko_threats,
            MAX_KO_THREATS,
        ),
        (
            "defender ko threats",
            params.defender_ko_threats,
            MAX_KO_THREATS,
        ),
        ("tenuki depth", params.tenuki_depth, MAX_TENUKI_DEPTH),
    ] {
        if given > limit {
            return Err(SolveError::ParameterTooLarge { what, given, limit });
        }
    }
    let g = space.geometry();
    let root = State {
        black: space.stone,
        white: space.defender,
        outer: params.outer_liberties,
        ko: NO_KO,
        threats: [params.attacker_ko_threats, params.defender_ko_threats],
    };
    // Where the features leave the history heuristic to a second reading, a first reading
    // with the features given; where it runs out of its nodes, a second one with the history
    // heuristic, in the budget left. With the sound table the answers do not
    // depend on the order the moves are read in, so either gives the same. A large corner
    // space goes to the second at once, whatever its budget: the second reads it faster.
    let second_reading = features.history_fallback && features.sound_table && !features.history;
    let corner = space.n >= HISTORY_FIRST_FROM && space.edge[..space.n].contains(&2);
    let history_at_once = second_reading && corner;
    let after = if space.n <= SMALL_SPACE {
        FALLBACK_AFTER_NODES_SMALL
    } else {
        FALLBACK_AFTER_NODES
    };
    let fallback = second_reading && params.node_limit > after;
    if !(fallback || history_at_once) {
        return read(&g, &root, params, features);
    }
    let started = std::time::Instant::now();
    let spent = if history_at_once {
        0
    } else {
        let first = Params {
            node_limit: after,
            ..*params
        };
        match read(&g, &root, &first, features) {
            Err(SolveError::SearchLimit { nodes }) => nodes,
            done => return done,
        }
    };
    let second = Params {
        node_limit: params.node_limit.saturating_sub(spent),
        time_limit: params
            .time_limit
            .map(|t| t.saturating_sub(started.elapsed())),
        ..*params
    };
    let history = Features {
        history: true,
        ..features
    };
    match read(&g, &root, &second, history) {
        Ok(mut sol) => {
            sol.nodes += spent;
            Ok(sol)
        }
        Err(SolveError::SearchLimit { nodes }) => Err(SolveError::SearchLimit {
            nodes: nodes + spent,
        }),
        Err(SolveError::TimeLimit { nodes, .. }) => Err(SolveError::TimeLimit {
            elapsed: started.elapsed(),
            nodes: nodes + spent,
        }),
        Err(SolveError::OutOfMemory { nodes }) => Err(SolveError::OutOfMemory {
            nodes: nodes + spent,
        }),
        Err(e) => Err(e),
    }
}

/// One reading of a checked space from `root` with `features`.
fn read(
    g: &search::Geometry,
    root: &State,
    params: &Params,
    features: Features,
) -> Result<Solution, SolveError> {
    let symmetries = if features.symmetry {
        Symmetries::of(g)
    } else {
        Symmetries::default()
    };
    let mut ctx = Ctx {
        g,
        s: Searcher::new(params.node_limit, params.time_limit, features, symmetries),
    };
    let sol = ctx.solve(root, params.tenuki_depth as u32);
    let nodes = ctx.s.stats.nodes;
    match ctx.s.exhausted {
        None => Ok(sol),
        Some(Exhausted::Nodes) => Err(SolveError::SearchLimit { nodes }),
        Some(Exhausted::Time) => Err(SolveError::TimeLimit {
            elapsed: ctx.s.started.elapsed(),
            nodes,
        }),
        Some(Exhausted::Memory) => Err(SolveError::OutOfMemory { nodes }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::diagram::{Cell, Diagram};

    fn run(text: &str) -> (String, String) {
        let d = crate::pattern::encoded::parse_graph(text).unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let sol = solve(&space, &Params::default()).unwrap();
        (
            sol.value.to_string(),
            sol.annotate(&d).render('O').join("%"),
        )
    }

    /// `solve_value` answers as `solve` does, value and vital points, with no line read:
    /// small graphs, enclosed stones, a margin, and open spaces of 12 and 15 points (whose
    /// lines `solve` reads in the search's order).
    #[test]
    fn solve_value_is_solve_without_the_lines() {
        for text in [
            "...",
            ".!..%O$",
            "|...%|XO.%+---",
            "...%XO$%---",
            "OO!%O.X%!...",
            "|....%|....%|....%+-----",
            "-----%.....%.....%.....",
        ] {
            let d = crate::pattern::encoded::parse_graph(text).unwrap();
            let space = Space::from_diagram(&d).unwrap();
            let full = solve(&space, &Params::default()).unwrap();
            let value = solve_value(&space, &Params::default()).unwrap();
            assert_eq!(
                (value.value, value.attack, value.defense),
                (full.value, full.attack, full.defense),
                "{text}"
            );
            assert!(value.pv.iter().all(String::is_empty), "{text}");
            assert!(full.pv.iter().all(|l| !l.is_empty()), "{text}");
            assert!(value.nodes <= full.nodes, "{text}");
        }
    }

    /// With [`Features::give_up_early`], a reading its budget cannot hold gives up once its
    /// first move at the root has taken a quarter of the budget without an answer, where
    /// the plain reading spends all of it; an answer it gives is the plain reading's.
    #[test]
    fn an_early_give_up_spends_a_share_of_the_budget_and_changes_no_answer() {
        let min_max = Features {
            lines: false,
            min_max: true,
            ..Features::default()
        };
        let early = Features {
            give_up_early: true,
            ..min_max
        };
        let params = Params {
            node_limit: 20_000,
            ..Params::default()
        };
        let space_of = |text: &str| {
            Space::from_diagram(&crate::pattern::encoded::parse_graph(text).unwrap()).unwrap()
        };
        // The open 15-point corner reads `2222` in about 30,000 nodes for `b` and `c`.
        let corner = space_of("+-----%|.....%|.....%|.....");
        let spent = |features| match solve_with(&corner, &params, features) {
            Err(SolveError::SearchLimit { nodes }) => nodes,
            other => panic!("the open corner within 20,000 nodes: {other:?}"),
        };
        let (plain, early_nodes) = (spent(min_max), spent(early));
        assert_eq!(plain, 20_001);
        assert!(
            early_nodes <= 20_000 / EARLY_GIVE_UP_SHARE + 1,
            "{early_nodes}"
        );
        for text in [
            "|XX..%|....%|...X%+-----",
            ".....",
            "..%...",
            "|....%|....%|....%+-----",
        ] {
            let space = space_of(text);
            let a = solve_with(&space, &params, min_max).unwrap();
            let b = solve_with(&space, &params, early).unwrap();
            assert_eq!(
                (a.value, a.attack, a.defense),
                (b.value, b.attack, b.defense),
                "{text}"
            );
        }
        // The price: a reading whose first move takes long and then wins. This edge space
        // with a margin reads `b` and `c` in about 10,000 nodes, its first move at the root
        // more than a quarter of them.
        let margin = space_of("|..!..%|.....%+------");
        assert!(solve_with(&margin, &params, min_max).is_ok());
        assert!(matches!(
            solve_with(&margin, &params, early),
            Err(SolveError::SearchLimit { nodes: 5_001 })
        ));
    }

    /// Read for `b` and `c` with every vital point ([`Features::all_vital`]), a space gets
    /// the whole solve's `b` and `c`, and where they differ every first move of each side
    /// that reaches its digit (the attacker's leaving `b`, the defender's `c`), the whole
    /// solve's shared vital points among them; none where they are equal.
    #[test]
    fn all_vital_names_every_first_move_reaching_b_and_c() {
        let whole_features = Features {
            lines: false,
            first_moves: true,
            ..Features::default()
        };
        let vital_features = Features {
            lines: false,
            min_max: true,
            all_vital: true,
            ..Features::default()
        };
        let mut critical = 0;
        for text in [
            "...",
            ".!..%O$",
            "|...%|XO.%+---",
            "OO!%O.X%!...",
            "|!...%|.X..%|....%+-----",
            "|..!..%|.....%+------",
            "|XX..%|....%|...X%+-----",
            "|...%|..%+---",
            "|..!%|..!%|.%+---",
            ".....",
            "..%...",
        ] {
            let d = crate::pattern::encoded::parse_graph(text).unwrap();
            let space = Space::from_diagram(&d).unwrap();
            let whole = solve_with(&space, &Params::default(), whole_features).unwrap();
            let vital = solve_with(&space, &Params::default(), vital_features).unwrap();
            let w = whole.value;
            assert_eq!((vital.value.b, vital.value.c), (w.b, w.c), "{text}");
            if w.b == w.c {
                assert_eq!((vital.attack, vital.defense), (0, 0), "{text}");
                continue;
            }
            critical += 1;
            // Every first move of each side whose position left has the digit asked: the
            // attacker's leave `b` with the defender to move, the defender's `c` with the
            // attacker to move.
            let reaching = |attacker: bool, target: u8| {
                whole
                    .first_moves
                    .iter()
                    .filter(|f| f.attacker == attacker)
                    .filter_map(|f| match f.mv {
                        Move::Vertex(v) => {
                            let k = if attacker { f.value.c } else { f.value.b };
                            (k == target).then_some(1u32 << v)
                        }
                        _ => None,
                    })
                    .fold(0, |m, b| m | b)
            };
            assert_eq!(vital.attack, reaching(true, w.b), "{text}");
            assert_eq!(vital.defense, reaching(false, w.c), "{text}");
            // The whole solve's shared vital points are among them.
            let shared = whole.attack & whole.defense;
            assert_eq!(shared & vital.attack & vital.defense, shared, "{text}");
        }
        assert!(critical >= 4, "{critical}");
    }

    /// Reading `b` and `c` alone (or `b` alone) gives the digits a whole solve gives, on
    /// small and large spaces, with margins, enclosed stones and each kind of value; `a` comes back as `b`
    /// and `d` as 2 (their upper bounds); where `b != c`, one vital point a side, a move
    /// that reaches its digit as the whole solve's first moves say; a large open space costs
    /// a fraction of the whole solve's nodes.
    #[test]
    fn min_max_reads_b_and_c_as_the_whole_solve_does() {
        let min_max = Features {
            lines: false,
            min_max: true,
            ..Features::default()
        };
        for (text, cheaper) in [
            ("...", false),
            (".!..%O$", false),
            ("|...%|XO.%+---", false),
            ("OO!%O.X%!...", false),
            ("|!...%|.X..%|....%+-----", false),
            ("|..!..%|.....%+------", false),
            ("|XX..%|....%|...X%+-----", false),
            ("|....%|.XX.%|.XX.%+-----", false),
            ("|....%|....%|....%+-----", true),
            ("-----%....%....%....%....", true),
        ] {
            let d = crate::pattern::encoded::parse_graph(text).unwrap();
            let space = Space::from_diagram(&d).unwrap();
            let whole = solve_value(&space, &Params::default()).unwrap();
            let read = solve_with(&space, &Params::default(), min_max).unwrap();
            let (w, r) = (whole.value, read.value);
            assert_eq!((r.a, r.b, r.c, r.d), (w.b, w.b, w.c, 2), "{text}");
            let only_b = Features {
                only_b: true,
                ..min_max
            };
            let b_alone = solve_with(&space, &Params::default(), only_b).unwrap();
            let v = b_alone.value;
            assert_eq!((v.a, v.b, v.c, v.d), (w.b, w.b, 2, 2), "{text}");
            assert_eq!((b_alone.attack, b_alone.defense), (0, 0), "{text}");
            assert!(b_alone.nodes <= read.nodes, "{text}");
            // Read for one eye: where there is one with the attacker first, `b` is given as
            // its lower bound 1 and no more is read; where there is none, `b` and `c` as
            // read above.
            let one_eye = Features {
                one_eye: true,
                ..min_max
            };
            let first = solve_with(&space, &Params::default(), one_eye).unwrap();
            let v = first.value;
            if w.b >= 1 {
                assert_eq!((v.a, v.b, v.c, v.d), (1, 1, 2, 2), "{text}");
                assert_eq!((first.attack, first.defense), (0, 0), "{text}");
            } else {
                assert_eq!(v, r, "{text}");
                assert_eq!((first.attack, first.defense), (read.attack, read.defense));
            }
            if w.b == w.c {
                assert_eq!((read.attack, read.defense), (0, 0), "{text}");
            } else {
                let with_firsts = Features {
                    lines: false,
                    first_moves: true,
                    ..Features::default()
                };
                let firsts = solve_with(&space, &Params::default(), with_firsts)
                    .unwrap()
                    .first_moves;
                // The position a first move leaves, with the other player to move: its `c`
                // after the attacker's move, its `b` after the defender's.
                let left = |attacker: bool, bits: u32| {
                    assert_eq!(bits.count_ones(), 1, "{text}");
                    let mv = Move::Vertex(bits.trailing_zeros() as usize);
                    let f = firsts
                        .iter()
                        .find(|f| f.attacker == attacker && f.mv == mv)
                        .unwrap();
                    if attacker {
                        f.value.c
                    } else {
                        f.value.b
                    }
                };
                assert_eq!(left(true, read.attack), w.b, "{text}");
                assert_eq!(left(false, read.defense), w.c, "{text}");
            }
            if cheaper {
                assert!(
                    read.nodes * 2 < whole.nodes,
                    "{text}: {} {}",
                    read.nodes,
                    whole.nodes
                );
            }
        }
    }

    /// The open 18-point corner of `19-l6-s7` (no liberty outside): two eyes with the
    /// attacker first, read in tens of thousands of nodes; one eye at least, in a few
    /// thousand.
    #[test]
    fn one_eye_stops_at_the_first_eye() {
        let d = crate::pattern::encoded::parse_graph("O--------+%O........|%OO.......|%OOO...OOO|")
            .unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let params = Params {
            outer_liberties: 0,
            ..Params::default()
        };
        let min_max = Features {
            lines: false,
            min_max: true,
            ..Features::default()
        };
        let read = solve_with(&space, &params, min_max).unwrap();
        let one_eye = Features {
            one_eye: true,
            ..min_max
        };
        let first = solve_with(&space, &params, one_eye).unwrap();
        assert_eq!(read.value.to_string(), "2222");
        assert_eq!(first.value.to_string(), "1122");
        // 58,856 nodes against 1,417.
        assert!(
            first.nodes * 10 < read.nodes,
            "{} {}",
            first.nodes,
            read.nodes
        );
    }

    /// A space solved with the default features and with `other`, after checking that both
    /// give the same value, vital points and lines of play.
    fn solved_both_ways(text: &str, other: Features) -> (Space, Solution, Solution) {
        let d = crate::pattern::encoded::parse_graph(text).unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let new = solve_with(&space, &Params::default(), Features::default()).unwrap();
        let old = solve_with(&space, &Params::default(), other).unwrap();
        assert_eq!(
            (new.value, new.attack, new.defense, &new.pv),
            (old.value, old.attack, old.defense, &old.pv),
            "{text}"
        );
        (space, new, old)
    }

    /// Reading the attacker's two moves in a row first changes no answer, lines of play
    /// included, on spaces of ten points or more of every kind of value; where each leaves
    /// two eyes it saves the readings of `b` and `c`; a space with a margin is read as before.
    #[test]
    fn two_moves_first_changes_no_answer_and_saves_b_and_c_on_open_spaces() {
        let before = Features {
            two_moves_first: false,
            ..Features::default()
        };
        for (text, value, fewer) in [
            ("-----%....%....%....%....", "2222", true),
            ("|....%|....%|....%+-----", "2222", true),
            ("......%.XXXX.%......", "2222", true),
            ("|...X%|....%|.X..%+-----", "1222", true),
            ("|XX..%|....%|...X%+-----", "0222", false),
            ("|....%|.XX.%|.XX.%+-----", "1122", false),
            ("|!...%|.X..%|....%+-----", "0012", false),
            ("|..!..%|.....%+------", "0122", false),
        ] {
            let (space, new, old) = solved_both_ways(text, before);
            assert!(space.n >= TWO_MOVES_FIRST_FROM, "{text}");
            assert_eq!(new.value.to_string(), value, "{text}");
            if fewer {
                assert!(new.nodes < old.nodes, "{text}: {} {}", new.nodes, old.nodes);
            }
            if space.marginal != 0 {
                assert_eq!(new.nodes, old.nodes, "{text}");
            }
        }
    }

    /// The mirror table changes no answer, lines of play included, on symmetric spaces with
    /// and without stones and margins, and reads fewer nodes where mirror images meet.
    #[test]
    fn the_mirror_table_changes_no_answer_and_reads_less_on_symmetric_spaces() {
        let before = Features {
            mirror_table: false,
            ..Features::default()
        };
        for (text, fewer) in [
            ("-----%....%....%....%....", true),
            (".....%.....%.....%.....", true),
            ("-----%..X..%.....%..!..", true),
            ("!....!%.XXX..", true),
            ("|...%|...%|...%+---", false),
            (".!..!%O$.$O", false),
            ("X.X%...%X.X", false),
        ] {
            let (_, new, old) = solved_both_ways(text, before);
            if fewer {
                assert!(new.nodes < old.nodes, "{text}: {} {}", new.nodes, old.nodes);
            }
        }
    }

    #[test]
    fn small_values_match_gnugo() {
        assert_eq!(run("..."), ("1122".into(), ".*.".into()));
        assert_eq!(run("!"), ("0000".into(), "!".into()));
        assert_eq!(run("X"), ("0000".into(), "X".into()));
        assert_eq!(run("."), ("1111".into(), ".".into()));
        assert_eq!(run(".!!.."), ("1122".into(), ".@(<.".into()));
        assert_eq!(run("OO!%O.X%!..."), ("0112".into(), "OO@%O.X%!.*.".into()));
        assert_eq!(run(".!..%O$"), ("0022".into(), ".)<.%O$".into()));
        assert_eq!(run("|..%|..%+--"), ("1112".into(), "|>>%|>>%+--".into()));
        assert_eq!(run("...."), ("1222".into(), ".<<.".into()));
        assert_eq!(run(".@"), ("0011".into(), ".@".into()));
    }

    #[test]
    fn tenuki_digits_follow_gnugo() {
        // Pattern 6141 of eyes.db: the attacker's second move does not destroy the eye.
        assert_eq!(run("OX%XX.!."), ("1122".into(), "OX%XX>@.".into()));
        assert_eq!(run("!.X%OXO"), ("1122".into(), ")*X%OXO".into()));
        // The rule applied one level deeper: here the attacker's second move does count.
        assert_eq!(run("!!%.X%.O%XO"), ("0122".into(), "!)%<X%.O%XO".into()));
        assert_eq!(run("!!.%O..%O.O"), ("0122".into(), "!).%O*.%O.O".into()));
        // Plain "two moves in a row" gives 0122 for the first one.
        let d = crate::pattern::encoded::parse_graph("!.X%OXO").unwrap();
        let plain = Params {
            tenuki_depth: 0,
            ..Params::default()
        };
        let sol = solve(&Space::from_diagram(&d).unwrap(), &plain).unwrap();
        assert_eq!(sol.value.to_string(), "0122");
        // No suicide: filling the middle of X.X would remove three stones.
        assert_eq!(run("X.X"), ("2222".into(), "X.X".into()));
        assert_eq!(run(".O%XX%XO"), ("1112".into(), ">O%XX%XO".into()));
    }

    #[test]
    fn corners_and_edges() {
        assert_eq!(
            run("|.X.%|X..%+--"),
            ("1112".into(), "|>X>%|X>.%+--".into())
        );
        assert_eq!(run("|...%|.%+--"), ("1222".into(), "|<<.%|.%+--".into()));
        assert_eq!(run("-----%!...!"), ("0111".into(), "-----%(<.<(".into()));
    }

    #[test]
    fn first_moves_and_lines() {
        let d = crate::pattern::encoded::parse_graph("...").unwrap();
        let space = Space::from_diagram(&d).unwrap();
        assert!(solve(&space, &Params::default())
            .unwrap()
            .first_moves
            .is_empty());
        let whole = Features {
            first_moves: true,
            ..Features::default()
        };
        let sol = solve_with(&space, &Params::default(), whole).unwrap();
        let centre = sol
            .first_moves
            .iter()
            .find(|m| m.attacker && m.mv == Move::Vertex(1))
            .unwrap();
        assert_eq!(centre.value.to_string(), "1111");
        assert!(sol.pv[1].starts_with("B v1"), "{}", sol.pv[1]);
        assert!(sol.pv[2].starts_with("W v1"), "{}", sol.pv[2]);
    }

    #[test]
    fn parameters() {
        let d = crate::pattern::encoded::parse_graph(".").unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let none = Params {
            outer_liberties: 0,
            ..Params::default()
        };
        // A one-point eye with no outer liberty is still one eye: without the extra eye the
        // wall is in atari and dies, with it the attacker's stone would be suicide.
        assert_eq!(solve(&space, &none).unwrap().value.to_string(), "1111");
        let two =
            Space::from_diagram(&crate::pattern::encoded::parse_graph("..").unwrap()).unwrap();
        assert_eq!(solve(&two, &none).unwrap().value.to_string(), "1111");
        let too_many = Params {
            defender_ko_threats: 4,
            ..Params::default()
        };
        assert_eq!(
            solve(&space, &too_many),
            Err(SolveError::ParameterTooLarge {
                what: "defender ko threats",
                given: 4,
                limit: 3
            })
        );
        let tiny = Params {
            node_limit: 10,
            ..Params::default()
        };
        let big =
            Space::from_diagram(&crate::pattern::encoded::parse_graph("!....%.....").unwrap())
                .unwrap();
        assert!(matches!(
            solve(&big, &tiny),
            Err(SolveError::SearchLimit { .. })
        ));
        let x = Diagram {
            rows: vec![vec![
                Cell::Vertex(crate::pattern::diagram::Marker::Either),
                Cell::Vertex(crate::pattern::diagram::Marker::Empty),
            ]],
        };
        assert_eq!(
            Space::from_diagram(&x),
            Err(SolveError::Wildcard {
                vertex: 0,
                row: 0,
                col: 0
            })
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Random small spaces (any graph with at most four sides a vertex): never a panic,
        /// the digits never decrease, vital points only where the value asks for them.
        #[test]
        fn random_spaces_solve(
            n in 1usize..=6,
            edges in proptest::collection::vec((0usize..6, 0usize..6), 0..9),
            marginal in 0u32..64,
            stone in 0u32..64,
        ) {
            let mut s = Space { n, adj: [0; 32], marginal: 0, stone: 0, defender: 0, edge: [0; 32] };
            let all = (1u32 << n) - 1;
            s.marginal = marginal & all;
            s.stone = stone & all;
            for (u, v) in edges {
                let (u, v) = (u % n, v % n);
                if u != v && s.adj[u].count_ones() < 4 && s.adj[v].count_ones() < 4 {
                    s.adj[u] |= 1 << v;
                    s.adj[v] |= 1 << u;
                }
            }
            let sol = match solve(&s, &Params::default()) {
                Ok(sol) => sol,
                // Refused only where no point has a side left for the wall (every side a
                // neighbour or the line to a margin: four marginal points all joined).
                Err(SolveError::NoWall) => {
                    let free = |v: usize| {
                        4 - s.adj[v].count_ones() as i32 - (s.marginal >> v & 1) as i32
                    };
                    proptest::prop_assert!((0..n).all(|v| free(v) <= 0));
                    return Ok(());
                }
                Err(e) => return Err(proptest::test_runner::TestCaseError::fail(e.to_string())),
            };
            proptest::prop_assert!(sol.value.is_monotone(), "{}", sol.value);
            if !sol.value.needs_attack() {
                proptest::prop_assert_eq!(sol.attack, 0);
            }
            if !sol.value.needs_defense() {
                proptest::prop_assert_eq!(sol.defense, 0);
            }
        }
    }

    #[test]
    fn bad_spaces_are_errors() {
        let mut s = Space {
            n: 2,
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            defender: 0,
            edge: [0; 32],
        };
        s.adj[0] = 0b10;
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::NotSymmetric { u: 0, v: 1 })
        );
        s.n = MAX_VERTICES + 1;
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::TooManyVertices {
                given: MAX_VERTICES + 1,
                limit: MAX_VERTICES
            })
        );
        let s = Space {
            n: 0,
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            defender: 0,
            edge: [0; 32],
        };
        assert_eq!(solve(&s, &Params::default()), Err(SolveError::Empty));
        let mut s = Space {
            n: 1,
            adj: [0; 32],
            marginal: 0b10,
            stone: 0,
            defender: 0,
            edge: [0; 32],
        };
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::VertexOutOfRange {
                what: "marginal",
                vertex: 1,
                n: 1
            })
        );
        s.marginal = 0;
        s.edge[0] = 3;
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::BadEdge { vertex: 0, edge: 3 })
        );
    }

    /// A small space the first reading does not finish within a few tens of thousands of
    /// nodes is read again with the history heuristic: seven vertices of a three-by-three
    /// board's final status (the wall touching one vertex, two attacker stones) read `1122`
    /// in 2,004,214 nodes with three outer liberties before the second reading took over
    /// after two million; now in 54,214.
    #[test]
    fn a_small_space_slow_to_read_is_read_again_with_the_history_heuristic() {
        let mut s = Space {
            n: 7,
            adj: [0; 32],
            marginal: 0,
            stone: 0b100_0100,
            defender: 0,
            edge: [0; 32],
        };
        s.adj[..7].copy_from_slice(&[10, 13, 18, 51, 76, 72, 48]);
        s.edge[..7].copy_from_slice(&[2, 1, 2, 0, 1, 1, 2]);
        let params = Params {
            outer_liberties: 3,
            ..Params::default()
        };
        let sol = solve(&s, &params).expect("a value");
        assert_eq!(sol.value.to_string(), "1122");
        assert!(
            sol.nodes <= FALLBACK_AFTER_NODES_SMALL + 10_000,
            "{} nodes",
            sol.nodes
        );
    }

    /// A whole board of three by three is a space no wall touches (every side a neighbour or
    /// an edge), with or without enclosed defender stones: an error at once, not a search
    /// (which, with only outer liberties to take, read for seconds).
    #[test]
    fn a_space_no_wall_touches_is_an_error() {
        for text in [
            "+---+%|...|%|...|%|...|%+---+",
            "+---+%|OO.|%|OX.|%|OO.|%+---+",
        ] {
            let d = crate::pattern::encoded::parse_graph(text).expect("a graph");
            assert_eq!(
                Space::from_diagram(&d).err(),
                Some(SolveError::NoWall),
                "{text}"
            );
        }
        // One side left open on the wall is enough.
        let d = crate::pattern::encoded::parse_graph("+---+%|...|%|...|%|...").expect("a graph");
        assert!(Space::from_diagram(&d).is_ok());
    }
}
