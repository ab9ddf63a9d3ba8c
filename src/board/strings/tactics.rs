//! Tactical reading: can a string be captured, can it be saved?
//!
//! Takes a [`Board`] and a string (any of its stones); gives an [`Attack`] (the capturing move)
//! or a [`Defense`] (the saving move). The reader is a plain alternating search over few
//! candidate moves, the usual shape of a tactical reader (GNU Go's `attack`/`find_defense`,
//! Fuego's ladder code):
//!
//! * attacker to move: a string with one liberty is taken; with two liberties, three in the
//!   first [`WIDE`] attacker moves of a line, or four below the root while
//!   [`FOUR_LIBERTY_WIDE`] of those moves are left (a string that reaches four liberties in
//!   the middle of a chase is often still caught: GNU Go's reader attacks four-liberty
//!   strings to a smaller depth too), the attacker tries each liberty and wins if
//!   the defender then has no rescue (the liberties in order, first the one where the
//!   defender's extension would gain most new liberties: the way out is blocked first, as in
//!   a ladder or an edge crawl, so a capture is found early and the node budget lasts; it
//!   also tries saving, at its liberty, an attacker
//!   string next to the target that a counter-atari left in atari (such a rescue, up to
//!   [`FREE_RESCUES`] on a line, spends none of the [`WIDE`] moves), and, at the root and in
//!   the first reply to a saving move, giving a neighbouring attacker string of two liberties
//!   a third before the defender can counter-atari it, and, against a string of two
//!   liberties neither of which it can fill (the move there illegal or a self-atari), an
//!   empty point beside one: the approach that turns a false eye's points into ataris);
//!   this reads ladders, since
//!   a string in atari has few answers, and chases where the defender gets out with three
//!   liberties and is caught again (along the edge, in a small enclosure);
//! * defender to move: below the root a string with five or more liberties is safe, one with
//!   four once fewer than [`FOUR_LIBERTY_WIDE`] attacker moves are left, and one with three
//!   once the attacker has no wide moves left; otherwise the defender tries doing
//!   nothing, capturing each neighbouring attacker string that is in atari (a defence by
//!   capture), each liberty, for a string of at most two liberties each counter-atari (a
//!   liberty of a neighbouring attacker string that has two), and, for a string of two
//!   liberties while the chase may go on, each empty point beside a liberty (so that a
//!   stone can run by a diagonal or a jump, and a lone stone on an empty board lives) and
//!   each point that joins two friendly strings beside the two liberties (the liberties
//!   are then miai; these are tried right after the liberties), and, for a string of
//!   three liberties while the chase may go on, each empty point beside a liberty that
//!   touches another string of the owner's (the string runs towards a friend: black B15
//!   beside C15, joining towards B16, for black C13-C14 after white B14).
//!   A saving move tried at the root is refuted also when it leaves four liberties: the
//!   attacker's first reply may then take one of the four (a move that captures a weak
//!   neighbour often does), and the chase goes on as above. Without this, a move that
//!   reaches four liberties for one move was read as saving (GNU Go's reader attacks strings
//!   of four liberties too, to a smaller depth).
//!
//! The root readings are built so that the answers agree with each other: after an
//! [`Attack::Captures`] move, [`defend`] fails; after a [`Defense::Saves`] move, [`attack`]
//! fails (a property test checks it on random boards). A capture tried at the root of
//! [`attack`] is checked by [`defend`]'s own root reading of the new position, and a saving
//! move found at the root of [`defend`] must also survive [`attack`]'s root reading (each
//! with a fresh node budget): the inner readings, with one attacker move fewer in which
//! three-liberty strings are chased, can disagree with the root's. For that check the root
//! attack also attacks a string of four liberties, each capture checked by the full root
//! defence: the first reply read inside the defence runs out of chase moves sooner, and a
//! save to four liberties that a sealing reply refutes was read as saving. (So a saving
//! move survives a root attack wider than [`attack`]'s own, and the agreement holds.)
//!
//! The board analysis decides which strings are dead with a wider root attack (the
//! crate's `status_hemmed`): a string of four liberties is attacked at the root too when it
//! is hemmed in, with at most [`HEMMED_IN`] empty points among its liberties and the points
//! beside them, and read with a [`HEMMED_BUDGET_SHARE`]th of the node budget (a wall that
//! holds costs the whole of each fresh budget the root's checks use). [`attack`],
//! [`defend`] and [`status`] keep the narrower root: the eye analysis asks them about many
//! points, and a wall is seldom taken by a move there.
//!
//! Each node tries its kinds of moves in the order above, and the moves of one kind in the
//! order of the root position's canonical orientation ([`Frame`], the target's string
//! marked; the attacker's blocks first by the liberties the defender's extension would
//! gain). A reading cut short by its budget depends on the order its moves were tried in,
//! and so does the move it names; with the board's own point order both turned with the
//! board, and a position and its rotation read dead in one orientation and alive in
//! another. In the canonical order every orientation reads the same lines: the answers are
//! the same, point for mapped point (`tests/orientation.rs`).
//!
//! The search is bounded: by depth in plies ([`ReadLimits::max_depth`], so the recursion can
//! never exhaust the stack) and by nodes ([`ReadLimits::max_nodes`] for each reading, the
//! root's checks included, and [`CALL_BUDGET_FACTOR`] budgets for a whole call, however the
//! checks nest). The reading of dead strings reads a string it finds capturable but saved
//! once more, with [`SAVED_REREAD_FACTOR`] times the budget. When a limit is hit the
//! reading gives up on that line in the defender's favour: an attack found is real, a defence
//! reported may be optimistic. Simple ko is obeyed as the board enforces it, except in
//! [`defend_through_ko`], where the owner of the string wins the kos of its capture. The board is
//! borrowed mutably and given back unchanged.

use crate::board::orientation::Frame;
use crate::board::{Board, Color, Loc};

/// The deepest reading allowed whatever [`ReadLimits::max_depth`] says: far more than the
/// longest ladder on a 25x25 board, far less than what could strain a thread's stack.
pub const MAX_DEPTH_CAP: usize = 400;

/// The attacker moves, from the root, in which a string of three liberties is still attacked
/// (beyond them only strings of one or two liberties are). One is enough for a string that
/// gets out of atari with three liberties right away; a string that gets three liberties and
/// is then chased along the edge (the defender's stone joining a friend on the first line)
/// needs more. GNU Go's reader attacks three-liberty strings to its full depth.
pub const WIDE: u8 = 4;

/// The attacker moves left (see [`WIDE`]) from which a string of four liberties is still
/// attacked below the root.
pub const FOUR_LIBERTY_WIDE: u8 = 2;
/// The attacker's rescues on one line that spend none of its [`WIDE`] moves: a move that
/// saves one of its own strings from atari beside the target (extending, or capturing the
/// stone that ataris it) and is no liberty of the target. A counter-atari and its answer
/// leave the chase where it was, and the defender's counter-ataris should not run the
/// attacker out of the moves in which it still attacks three-liberty strings (19x19 R7 of
/// `tests::a_rescue_of_the_attackers_own_string_spends_no_chase_move` needs three). Without a
/// bound a line of counter-ataris would keep every string attacked to the depth limit.
pub const FREE_RESCUES: u8 = 3;

/// The most empty points (the liberties and the empty points beside them) a string of four
/// liberties may have for the reading of dead strings to attack it at the root (seven: the
/// 9x9 G2 of `a_hemmed_in_string_of_four_liberties_is_attacked_when_liveness_is_read`).
pub const HEMMED_IN: usize = 7;

/// The share of [`ReadLimits::max_nodes`] a string of four liberties is read with when it
/// is hemmed in (an eighth: 2,500 of the default 20,000 nodes): see the module documentation.
pub const HEMMED_BUDGET_SHARE: usize = 8;

/// The most positions one call of [`attack`] or [`defend`] visits in all, as a multiple of
/// [`ReadLimits::max_nodes`]. The root's checks (a capture checked by the defender's root
/// reading, a save by the attacker's) each read with a fresh budget, and they nest: without
/// a bound on the whole, one string in a ko fight (white S19 of the bench's
/// `middle_game_6`) took 64 ms of reading, a tenth of the analysis of six positions. Four
/// budgets leave the bench positions' answers as they were (the random-games sample at
/// level 10: 11 answers gained, 14 lost); two lost 52 and gained 11 (9x9 G2, whose hemmed-in
/// reading has an eighth of the budget, read alive again).
pub const CALL_BUDGET_FACTOR: usize = 4;

/// How much larger a budget the reading of dead strings gives a second reading of a string
/// it found capturable but saved. A reading that runs out of nodes gives the line to the
/// defender, so a save found at the edge of the budget may be one a deeper reading refutes
/// (19x19 R7 of `tests::a_string_that_reaches_four_liberties_in_a_chase_is_read_on`; 13x13
/// G2 of `board::eyespace`'s test `a_save_beyond_the_second_readings_budget_stays_alive`
/// needs eight times).
pub const SAVED_REREAD_FACTOR: usize = 4;

/// Bounds of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// Deepest line read, in plies (at most [`MAX_DEPTH_CAP`] is used).
    pub max_depth: usize,
    /// Most positions visited by one reading: the root's checks each start a fresh count,
    /// and one call visits at most [`CALL_BUDGET_FACTOR`] times this in all.
    pub max_nodes: usize,
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits {
            max_depth: 120,
            max_nodes: 20_000,
        }
    }
}

/// The answer of [`attack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// Playing here captures the string whatever the defender does (within the limits).
    Captures(Loc),
    /// No capture was found.
    Fails,
}

/// The answer of [`defend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defense {
    /// The string cannot be captured even if its owner passes.
    NotNeeded,
    /// Playing here saves the string.
    Saves(Loc),
    /// Nothing saves it: it is captured whatever its owner plays.
    Fails,
}

/// Which attack is read: the root's (its captures checked by the defender's root reading),
/// the first reply to a saving move tried at the root (strings of four liberties attacked
/// too), or any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Root,
    FirstReply,
    Inner,
}

struct Reader<'a> {
    board: &'a mut Board,
    limits: ReadLimits,
    nodes: usize,
    /// Nodes visited by the whole call, the fresh budgets of the root's checks included.
    total: usize,
    /// The most nodes the whole call may visit ([`CALL_BUDGET_FACTOR`] budgets).
    call_budget: usize,
    /// Whether a node limit cut a line short (a save found may then be the budget's).
    gave_up: bool,
    /// Whether a saving move found at the root must also survive the root attack
    /// ([`attack`]'s own reading, with a fresh budget): set only by [`defend`].
    verify_saves: bool,
    /// The attacker's rescues left on the current line that spend no chase move.
    free_rescues: u8,
    /// Whether the root attack also attacks a string of four liberties: set only while a
    /// saving move found at the root of [`defend`] is checked.
    four_at_root: bool,
    /// Whether the root attack also attacks a string of four liberties with little room
    /// round it ([`HEMMED_IN`]): set only by [`status`].
    hemmed_four: bool,
    /// Whether a capture of the target that its owner could take back at once as a ko (one
    /// stone taken by one stone left with one liberty) counts as no capture: the owner is
    /// given every such ko. Set only by [`defend_through_ko`].
    owner_wins_kos: bool,
    /// The string read, as the root position has it.
    target: Loc,
    /// Moves played on the board when the reading began: the root position.
    root_moves: usize,
    /// The root position's canonical orientation (with the target marked), found when a
    /// node first orders its moves (always at the root, before any move is played).
    frame: Option<Frame>,
    /// What the inner readings of this call found, by position and reading state.
    memo: Memo,
    /// The deepest ply a node of the current reading reached.
    deepest: usize,
    /// How many times a node limit or the depth limit cut a line short.
    cuts: usize,
    /// How many of those cuts were a node limit's.
    spent_cuts: usize,
    /// Where the moves of the reading so far were played (the inner readings served by the
    /// memo included): what [`recorded`] reports.
    bbox: BBox,
}

/// What an inner reading ([`Reader::attack`] below the root, or [`Reader::defend`] below
/// the root) found at a position, kept so that the same reading met again by another order
/// of moves is not read again. A reading is kept only when no node limit cut it short and
/// it visited [`MEMO_MIN_NODES`] nodes at least, with the nodes it visited and the plies it
/// went down; it is reused only where the nodes left would have let it run to the end
/// again and the plies left would have let it run the same course (to its end, or, for one
/// the depth limit cut short, to the same cuts: as many plies from the limit, which a
/// transposition, the same moves in another order, meets), and charges those nodes as if
/// it had: the reader answers exactly as it would without the memo, only sooner.
type Memo = std::collections::HashMap<MemoKey, MemoEntry, rustc_hash::FxBuildHasher>;

/// Everything an inner reading's course depends on besides the limits: the position (its
/// stones' hash) and, packed in one word, its ko, the string, the kind of reading and its
/// width, and the reader's state (see [`Reader::memo_key`]). Two words, so a probe hashes
/// two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct MemoKey {
    stones: u64,
    rest: u64,
}

/// The fewest nodes a reading must have visited to be kept in the memo: a shorter one costs
/// less to read again than to keep (an insert into a table of megabytes is a cache miss),
/// and most readings are that short (the 23 19x19 final positions of `tests/final/`: 15%
/// less time with 4 than with every reading kept).
const MEMO_MIN_NODES: usize = 4;

/// The readings the memo keeps between calls by default (about 100 bytes each, so 26 MB
/// per thread at most): [`set_memo_capacity`].
pub const DEFAULT_MEMO_ENTRIES: usize = 1 << 18;

static MEMO_CAPACITY: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(DEFAULT_MEMO_ENTRIES);

/// Bound the memo each thread keeps between readings to `entries` readings (0: keep
/// nothing between calls). A memo past the bound when a call ends is emptied and fills
/// again. The bound changes no answer, only how soon one comes.
pub fn set_memo_capacity(entries: usize) {
    MEMO_CAPACITY.store(entries, std::sync::atomic::Ordering::Relaxed);
}

/// The bound [`set_memo_capacity`] set ([`DEFAULT_MEMO_ENTRIES`] unless changed).
pub fn memo_capacity() -> usize {
    MEMO_CAPACITY.load(std::sync::atomic::Ordering::Relaxed)
}

thread_local! {
    /// The memo between calls on this thread: its keys name the whole position, so what one
    /// call read serves any later call that meets the same position in the same state.
    static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::default();
}

/// A rectangle of the board, in columns and rows: where a reading played its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BBox {
    /// Least column and row.
    pub(crate) lo: (u8, u8),
    /// Greatest column and row (below `lo` when empty).
    pub(crate) hi: (u8, u8),
}

impl BBox {
    /// No point.
    pub(crate) const EMPTY: BBox = BBox {
        lo: (u8::MAX, u8::MAX),
        hi: (0, 0),
    };

    /// Grown to hold `loc`.
    #[inline]
    pub(crate) fn add(&mut self, board: &Board, loc: Loc) {
        let (x, y) = board.xy(loc);
        let (x, y) = (x as u8, y as u8);
        self.lo = (self.lo.0.min(x), self.lo.1.min(y));
        self.hi = (self.hi.0.max(x), self.hi.1.max(y));
    }

    /// The smallest rectangle holding both.
    #[inline]
    pub(crate) fn join(self, o: BBox) -> BBox {
        BBox {
            lo: (self.lo.0.min(o.lo.0), self.lo.1.min(o.lo.1)),
            hi: (self.hi.0.max(o.hi.0), self.hi.1.max(o.hi.1)),
        }
    }
}

/// What a reading looked at beyond the board round its target, as [`recorded`] gathers it:
/// where its moves were played, and each canonical orientation ([`Frame`]) it took, with the
/// moves from the root of the reading to the position it was taken in. Every reader of
/// the call adds to it (the root's checks and their fresh readers too).
#[derive(Clone, Debug)]
pub(crate) struct Recording {
    /// Moves on the board when the recording began.
    root_len: usize,
    /// Where moves were played.
    pub(crate) bbox: BBox,
    /// The frames taken.
    pub(crate) frames: Vec<FrameTaken>,
}

/// A frame a reading took ([`Recording`]).
#[derive(Clone, Debug)]
pub(crate) struct FrameTaken {
    /// The moves from the root of the reading (point, or pass, and colour).
    pub(crate) moves: Vec<(Option<Loc>, Color)>,
    /// The string marked.
    pub(crate) target: Loc,
    /// The frame's code.
    pub(crate) code: u16,
}

thread_local! {
    /// The recording under way on this thread, if any ([`recorded`]).
    static RECORDING: std::cell::RefCell<Option<Recording>> = const { std::cell::RefCell::new(None) };
}

/// Run `read` (readings of this module on `board`) and give, with its answer, what the
/// readings looked at beyond the board round their target ([`Recording`]). A reading
/// depends on the board only through the points round its moves and its target and
/// through the frames it took: what the stage that keeps readings between positions checks.
pub(crate) fn recorded<T>(board: &mut Board, read: impl FnOnce(&mut Board) -> T) -> (T, Recording) {
    let root_len = board.history().len();
    let outer = RECORDING.with(|r| {
        r.borrow_mut().replace(Recording {
            root_len,
            bbox: BBox::EMPTY,
            frames: Vec::new(),
        })
    });
    let answer = read(board);
    let rec = RECORDING
        .with(|r| std::mem::replace(&mut *r.borrow_mut(), outer))
        .expect("the recording begun above");
    (answer, rec)
}

fn record_frame(board: &Board, target: Loc, frame: Frame) {
    RECORDING.with(|r| {
        if let Some(rec) = r.borrow_mut().as_mut() {
            let moves = board.history()[rec.root_len..]
                .iter()
                .map(|m| (m.loc, m.color))
                .collect();
            rec.frames.push(FrameTaken {
                moves,
                target,
                code: frame.code(),
            });
        }
    });
}

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        let bbox = self.bbox;
        RECORDING.with(|r| {
            if let Some(rec) = r.borrow_mut().as_mut() {
                rec.bbox = rec.bbox.join(bbox);
            }
        });
        let mut memo = std::mem::take(&mut self.memo);
        if memo.len() > memo_capacity() {
            // Emptied. Its room is kept when the bound would fill it about as much (filling
            // it again then does not grow it step by step), given back when it is far larger.
            if memo.capacity() <= 2 * memo_capacity() {
                memo.clear();
            } else {
                memo = Memo::default();
            }
        }
        // Keep the fuller of this reader's memo and the thread's (a nested reader that
        // handed its memo back leaves an empty one).
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if memo.len() >= m.len() {
                *m = memo;
            }
        });
    }
}

#[derive(Clone, Copy, Debug)]
struct MemoEntry {
    answer: Option<Option<Loc>>,
    nodes: usize,
    /// The plies below its first node the reading went down.
    reach: usize,
    /// Where its moves were played.
    bbox: BBox,
    /// For a reading the depth limit cut short (never the node limit: such a reading is
    /// not kept), the plies the limit left it: it reads the same only that far from it.
    cut_with_left: Option<usize>,
    /// How many lines the depth limit cut short in it (charged again where it is reused,
    /// so a reading around it is kept as one cut short too).
    depth_cuts: usize,
}

/// A short list of locations as the reader holds it: up to `N` on the stack, more in a
/// `Vec` (a string's liberties, its neighbouring strings: few at every node but the root's).
enum Few<const N: usize> {
    Stack([Loc; N], usize),
    Heap(Vec<Loc>),
}

/// A string's liberties: up to four on the stack.
type Libs = Few<4>;

/// A list of candidate moves: on the stack up to sixteen (the reader makes a few at every
/// node, and a heap list each cost an allocation there).
type Moves = smallvec::SmallVec<[Loc; 16]>;

/// A string's neighbouring strings of one colour: up to sixteen on the stack (a string
/// crawling along the edge touches many single blocking stones).
type Strings = Few<16>;

impl Libs {
    /// The liberties of the string through `target`, sorted.
    fn of(board: &Board, target: Loc) -> Libs {
        let mut few = [Loc(0); 4];
        match board.liberties_into(target, &mut few) {
            Some(n) => Few::Stack(few, n),
            None => Few::Heap(board.liberties(target)),
        }
    }
}

impl Strings {
    /// The strings of `color` beside the string through `target`, by their heads, sorted.
    fn beside(board: &Board, target: Loc, color: Color) -> Strings {
        let mut few = [Loc(0); 16];
        match board.adjacent_strings_into(target, color, &mut few) {
            Some(n) => Few::Stack(few, n),
            None => Few::Heap(board.adjacent_strings(target, color)),
        }
    }
}

impl<const N: usize> std::ops::Deref for Few<N> {
    type Target = [Loc];

    fn deref(&self) -> &[Loc] {
        match self {
            Few::Stack(few, n) => &few[..*n],
            Few::Heap(v) => v,
        }
    }
}

/// The most liberties a string may have for the attack to read it: four in the first reply
/// to a saving move tried at the root, below the root while [`FOUR_LIBERTY_WIDE`] chase moves
/// are left, and at the root when `wider_root` (a root check, or a hemmed-in string read for
/// liveness); else three while chase moves are left; else two.
fn max_libs(mode: Mode, wide: u8, wider_root: bool) -> usize {
    if mode == Mode::FirstReply
        || (mode == Mode::Inner && wide >= FOUR_LIBERTY_WIDE)
        || (mode == Mode::Root && wider_root)
    {
        4
    } else if wide > 0 {
        3
    } else {
        2
    }
}

/// True when a string of `libs` liberties is safe below the root without a move of its
/// owner's: five or more, four once fewer than [`FOUR_LIBERTY_WIDE`] chase moves are left,
/// three once none is.
fn safe_below_root(libs: usize, wide: u8) -> bool {
    libs >= 5 || (libs == 4 && wide < FOUR_LIBERTY_WIDE) || (libs == 3 && wide == 0)
}

/// The most liberties a friend of a two-liberty string may have for the defence to try
/// giving it more ([`Reader::defend_read`]).
const FRIEND_LIBERTIES: usize = 4;

/// Can the string through `target` be captured, its opponent moving first?
pub fn attack(board: &mut Board, target: Loc, limits: ReadLimits) -> Attack {
    attack_with(board, target, limits, false)
}

/// Can the string through `target` be saved, its owner moving first?
pub fn defend(board: &mut Board, target: Loc, limits: ReadLimits) -> Defense {
    defend_with(board, target, limits, false)
}

fn reader(board: &mut Board, target: Loc, limits: ReadLimits, hemmed_four: bool) -> Reader<'_> {
    reader_with(board, target, limits, hemmed_four, false)
}

fn reader_with(
    board: &mut Board,
    target: Loc,
    limits: ReadLimits,
    hemmed_four: bool,
    owner_wins_kos: bool,
) -> Reader<'_> {
    let root_moves = board.history().len();
    Reader {
        board,
        limits,
        nodes: 0,
        total: 0,
        call_budget: limits.max_nodes.saturating_mul(CALL_BUDGET_FACTOR),
        gave_up: false,
        verify_saves: false,
        free_rescues: FREE_RESCUES,
        four_at_root: false,
        hemmed_four,
        owner_wins_kos,
        target,
        root_moves,
        frame: None,
        memo: MEMO.with(|m| std::mem::take(&mut *m.borrow_mut())),
        deepest: 0,
        cuts: 0,
        spent_cuts: 0,
        bbox: BBox::EMPTY,
    }
}

fn attack_with(board: &mut Board, target: Loc, limits: ReadLimits, hemmed_four: bool) -> Attack {
    if board.color(target).is_none() {
        return Attack::Fails;
    }
    match reader(board, target, limits, hemmed_four).attack(target, 0, WIDE, Mode::Root) {
        Some(m) => Attack::Captures(m),
        None => Attack::Fails,
    }
}

fn defend_with(board: &mut Board, target: Loc, limits: ReadLimits, hemmed_four: bool) -> Defense {
    if board.color(target).is_none() {
        return Defense::NotNeeded;
    }
    let mut r = reader(board, target, limits, hemmed_four);
    if r.attack(target, 0, WIDE, Mode::Root).is_none() {
        return Defense::NotNeeded;
    }
    r.root_defence(target)
}

/// Whether the string through `target`, read as lost by the reading of dead strings (the
/// board analysis's wider root attack: a hemmed-in string of four liberties attacked too,
/// see the module docs), is saved when its owner wins every ko: a capture of the string that
/// its owner could take back at once as a ko (one stone taken by one stone then left with
/// one liberty) counts as no capture, and a string in atari may also play beside its
/// liberty (so that the stone that takes it is left in atari). A save here where that
/// reading fails is a string saved only by winning a ko (GNU Go's `defend` codes 2 and 3).
/// Answers [`Defense::NotNeeded`] when the attack, with the kos given to the owner,
/// captures nothing, and [`Defense::Fails`] when even the kos do not save the string. Other
/// kos are played as the board enforces them. A save found where a node limit cut a line
/// short is read again with [`SAVED_REREAD_FACTOR`] times the budget, as the reading of dead
/// strings does.
pub fn defend_through_ko(board: &mut Board, target: Loc, limits: ReadLimits) -> Defense {
    let (defense, gave_up) = defend_through_ko_with(board, target, limits);
    if let (Defense::Saves(_), true) = (defense, gave_up) {
        let deeper = ReadLimits {
            max_nodes: limits.max_nodes.saturating_mul(SAVED_REREAD_FACTOR),
            ..limits
        };
        return defend_through_ko_with(board, target, deeper).0;
    }
    defense
}

fn defend_through_ko_with(board: &mut Board, target: Loc, limits: ReadLimits) -> (Defense, bool) {
    if board.color(target).is_none() {
        return (Defense::NotNeeded, false);
    }
    let limits = if board.liberty_count(target) == 4 {
        ReadLimits {
            max_nodes: limits.max_nodes / HEMMED_BUDGET_SHARE,
            ..limits
        }
    } else {
        limits
    };
    let mut r = reader_with(board, target, limits, true, true);
    if r.attack(target, 0, WIDE, Mode::Root).is_none() {
        return (Defense::NotNeeded, r.gave_up);
    }
    let d = r.root_defence(target);
    (d, r.gave_up)
}

/// Both readings at once: (attack, defence) of the string through `target`.
pub fn status(board: &mut Board, target: Loc, limits: ReadLimits) -> (Attack, Defense) {
    let (a, d, _) = status_with(board, target, limits, false);
    (a, d)
}

/// [`status`] with the root attack reading also a string of four liberties that has little
/// room round it ([`HEMMED_IN`]): the reading that decides which strings are dead. The
/// third answer says whether a node limit cut a line of the defence's reading short: a
/// save then may be the budget's rather than the board's.
pub(crate) fn status_hemmed(
    board: &mut Board,
    target: Loc,
    limits: ReadLimits,
) -> (Attack, Defense, bool) {
    status_with(board, target, limits, true)
}

fn status_with(
    board: &mut Board,
    target: Loc,
    limits: ReadLimits,
    hemmed_four: bool,
) -> (Attack, Defense, bool) {
    // A string of four liberties is read with an eighth of the budget: the root attack
    // checks each try with a fresh one, and a wall that holds costs the whole of each.
    let limits = if hemmed_four && board.liberty_count(target) == 4 {
        ReadLimits {
            max_nodes: limits.max_nodes / HEMMED_BUDGET_SHARE,
            ..limits
        }
    } else {
        limits
    };
    if board.color(target).is_none() {
        return (Attack::Fails, Defense::NotNeeded, false);
    }
    // The defence's reading starts with the same root attack (a fresh reader, the same
    // limits): read once, its reader goes on to the defence.
    let mut r = reader(board, target, limits, hemmed_four);
    match r.attack(target, 0, WIDE, Mode::Root) {
        None => (Attack::Fails, Defense::NotNeeded, false),
        Some(m) => (Attack::Captures(m), r.root_defence(target), r.gave_up),
    }
}

impl Reader<'_> {
    /// [`defend`]'s root reading, once its root attack has found a capture: a fresh count
    /// of nodes, and each save checked by the root attack.
    fn root_defence(&mut self, target: Loc) -> Defense {
        self.nodes = 0;
        self.verify_saves = true;
        match self.defend(target, 0, WIDE, true) {
            Some(Some(m)) => Defense::Saves(m),
            Some(None) => Defense::NotNeeded,
            None => Defense::Fails,
        }
    }

    fn out_of_budget(&mut self, depth: usize) -> bool {
        self.nodes += 1;
        self.total += 1;
        self.deepest = self.deepest.max(depth);
        let spent = self.nodes > self.limits.max_nodes || self.total > self.call_budget;
        self.gave_up |= spent;
        let cut = spent || depth >= self.max_depth();
        self.cuts += usize::from(cut);
        self.spent_cuts += usize::from(spent);
        cut
    }

    fn max_depth(&self) -> usize {
        self.limits.max_depth.min(MAX_DEPTH_CAP)
    }

    /// The memo's key for an inner reading of `kind` (see [`MemoKey`]) from here.
    fn memo_key(&self, target: Loc, kind: u8, wide: u8) -> MemoKey {
        // Every field in bits of its own (a location is below 2^10: `MAX_GRID`), so two
        // keys are equal only where every field is: the ko (its point and colour, bit 11
        // set when there is one), the string (10 bits), `kind` (0: attack, inner; 1:
        // attack, first reply; 2: defend, inner; 2 bits), `wide` and the rescues left (8
        // bits each), the four flags, and the frame (bit 11 set when there is one).
        let ko = self.board.ko().map_or(0, |(l, c)| {
            1 << 11 | u64::from(c == Color::White) << 10 | u64::from(l.0)
        });
        let flags = u64::from(self.four_at_root)
            | u64::from(self.hemmed_four) << 1
            | u64::from(self.verify_saves) << 2
            | u64::from(self.owner_wins_kos) << 3;
        let frame = self.frame.map_or(0, |f| 1 << 11 | u64::from(f.code()));
        MemoKey {
            stones: self.board.stones_hash(),
            rest: ko
                | u64::from(target.0) << 12
                | u64::from(kind) << 22
                | u64::from(wide) << 24
                | u64::from(self.free_rescues) << 32
                | flags << 40
                | frame << 44,
        }
    }

    /// An inner reading through the memo: the kept answer where reading again would run to
    /// its end within the limits left (its nodes charged), else `read` run and its answer
    /// kept when no limit cut it short.
    fn memoized(
        &mut self,
        key: MemoKey,
        depth: usize,
        read: impl FnOnce(&mut Self) -> Option<Option<Loc>>,
    ) -> Option<Option<Loc>> {
        #[cfg(test)]
        if tests::MEMO_OFF.with(|off| off.get()) {
            return read(self);
        }
        let left = self.max_depth().saturating_sub(depth);
        if let Some(e) = self.memo.get(&key).copied() {
            // A reading the depth limit cut short is read again the same way only as far
            // from that limit; one that ran to its end, wherever the limit leaves it room.
            let same_course = match e.cut_with_left {
                Some(l) => l == left,
                None => e.reach < left,
            };
            if self.nodes + e.nodes <= self.limits.max_nodes
                && self.total + e.nodes <= self.call_budget
                && same_course
            {
                self.nodes += e.nodes;
                self.total += e.nodes;
                self.cuts += e.depth_cuts;
                self.deepest = self.deepest.max(depth + e.reach);
                self.bbox = self.bbox.join(e.bbox);
                return e.answer;
            }
        }
        let (total, cuts, spent_cuts, deepest) =
            (self.total, self.cuts, self.spent_cuts, self.deepest);
        self.deepest = depth;
        let outer = std::mem::replace(&mut self.bbox, BBox::EMPTY);
        let answer = read(self);
        let inner = self.bbox;
        self.bbox = outer.join(inner);
        if self.spent_cuts == spent_cuts && self.total - total >= MEMO_MIN_NODES {
            let depth_cuts = self.cuts - cuts;
            let entry = MemoEntry {
                answer,
                nodes: self.total - total,
                reach: self.deepest - depth,
                bbox: inner,
                cut_with_left: (depth_cuts > 0).then_some(left),
                depth_cuts,
            };
            self.memo.insert(key, entry);
        }
        self.deepest = self.deepest.max(deepest);
        answer
    }

    /// A capturing move for the attacker, or `None`. While `wide` (the attacker moves left in
    /// which strings of three liberties are read) is above zero, a string of three liberties
    /// is attacked; of two otherwise; of four in [`Mode::FirstReply`] (only the first reply
    /// to a saving move tried at the root).
    fn attack(&mut self, target: Loc, depth: usize, wide: u8, mode: Mode) -> Option<Loc> {
        // The root's readings reset the node count and change the frame: never kept.
        let kind = match mode {
            Mode::Root => return self.attack_read(target, depth, wide, mode),
            Mode::Inner => 0,
            Mode::FirstReply => 1,
        };
        // The answers `attack_read` gives before its first node, without the memo: such a
        // reading is never kept (fewer than [`MEMO_MIN_NODES`] nodes), so a probe would
        // only miss, in a table of megabytes.
        if let Some(quick) = self.attack_at_once(target, wide, mode) {
            self.deepest = self.deepest.max(depth);
            return quick;
        }
        let key = self.memo_key(target, kind, wide);
        self.memoized(key, depth, |r| {
            r.attack_read(target, depth, wide, mode).map(Some)
        })
        .flatten()
    }

    /// What [`Reader::attack_read`] answers below the root without reading a node, when it
    /// does: no string, more liberties than the reading attacks, or a capture at once.
    #[inline]
    fn attack_at_once(&self, target: Loc, wide: u8, mode: Mode) -> Option<Option<Loc>> {
        let Some(owner) = self.board.color(target) else {
            return Some(None);
        };
        let libs = self.board.liberty_count(target);
        if libs > max_libs(mode, wide, false) {
            return Some(None);
        }
        if libs == 1 && !self.owner_wins_kos {
            let mut lib = [Loc(0); 1];
            if self.board.liberties_into(target, &mut lib) == Some(1)
                && self.board.is_legal(lib[0], owner.opponent())
            {
                return Some(Some(lib[0]));
            }
        }
        None
    }

    fn attack_read(&mut self, target: Loc, depth: usize, wide: u8, mode: Mode) -> Option<Loc> {
        let owner = self.board.color(target)?;
        let attacker = owner.opponent();
        // No reading attacks more than four liberties (`max_libs` below): the list of them
        // is not needed to say so.
        if self.board.liberty_count(target) > 4 {
            return None;
        }
        let libs = Libs::of(self.board, target);
        // A capture forbidden by ko falls through to the other tries (and so does a capture
        // the owner takes back as a ko, when he wins the kos).
        if libs.len() == 1 && self.board.is_legal(libs[0], attacker) && !self.owner_wins_kos {
            return Some(libs[0]);
        }
        let wider_root = mode == Mode::Root
            && (self.four_at_root || (self.hemmed_four && self.hemmed_in(&libs)));
        let max_libs = max_libs(mode, wide, wider_root);
        if libs.len() > max_libs || self.out_of_budget(depth) {
            return None;
        }
        // Besides the target's liberties, the attacker may first save one of his own strings
        // that a counter-atari left in atari next to the target: by extending at its
        // liberty, or, when extending leaves it in atari still, by capturing a defender
        // string in atari beside it (the counter-atari stone itself, often).
        // Each kind of move is tried in the frame's order (the module docs: the same lines
        // however the board is turned): the captures that rescue first, then the blocks, then
        // the extensions that rescue.
        let blocks = self.order_blocks(&libs);
        let mut rescues = Moves::new();
        let mut extensions = Moves::new();
        let mut captures = Moves::new();
        // The attacker's strings beside the target, read once for the rescues and the
        // thirds below (the board is as it was between the two).
        let neighbours = Strings::beside(self.board, target, attacker);
        for &s in neighbours.iter() {
            if self.board.liberty_count(s) == 1 {
                let l = Libs::of(self.board, s)[0];
                extensions.push(l);
                rescues.push(l);
                let extended = match self.play_move(l, attacker) {
                    Ok(_) => {
                        let n = self.board.liberty_count(l);
                        self.board.undo();
                        n
                    }
                    Err(_) => 0,
                };
                if extended > 1 {
                    continue;
                }
                for &d in Strings::beside(self.board, s, owner).iter() {
                    if self.board.liberty_count(d) == 1 {
                        let c = Libs::of(self.board, d)[0];
                        captures.push(c);
                        rescues.push(c);
                    }
                }
            }
        }
        let mut moves = Moves::new();
        self.append_sorted(
            &mut moves,
            captures.into_iter().filter(|c| !blocks.contains(c)),
        );
        moves.extend(blocks.iter().copied());
        self.append_sorted(&mut moves, extensions);
        // At the root and in the first reply to a saving move, when the attacker can fill
        // neither liberty (each move there is illegal, or a self-atari the defender takes
        // back), they are approached from outside: at an empty point beside one, so that
        // filling it later is an atari and not a gift (the corner's false eye, white A7
        // before A8). Deeper in a chase the approach is not tried: it widened every
        // inner node, cost a fifth more analysis time, and agreed with GNU Go less often.
        if mode != Mode::Inner
            && libs.len() == 2
            && libs.iter().all(|&l| self.is_self_atari(l, attacker))
        {
            let mut approaches = Moves::new();
            for &l in libs.iter() {
                approaches.extend(
                    self.board
                        .neighbors(l)
                        .filter(|&n| self.board.color(n).is_none()),
                );
            }
            self.append_sorted(&mut moves, approaches);
        }
        // When the owner wins the kos, a string in atari whose capture would be a ko is
        // attacked through the stones that make it one: the liberties of the owner's other
        // strings beside its liberty, when they have three at most (white B11 against black
        // A12-A11 beside A13, black B13's liberty).
        if self.owner_wins_kos && libs.len() == 1 {
            let weak = self.ko_makers_liberties(target, owner, libs[0], 3);
            self.append_sorted(&mut moves, weak);
        }
        // At the root and in the first reply to a saving move, the attacker may also first
        // give a neighbouring string of his with two liberties a third (at one of its
        // liberties): it takes away the counter-atari the defender would live by.
        if mode != Mode::Inner {
            let mut thirds = Moves::new();
            for &s in neighbours.iter() {
                if self.board.liberty_count(s) == 2 {
                    thirds.extend(Libs::of(self.board, s).iter().copied());
                }
            }
            self.append_sorted(&mut moves, thirds);
        }
        for m in moves {
            if self.play_move(m, attacker).is_err() {
                continue;
            }
            let win = match self.board.color(target) {
                // Taken as a ko: when the owner wins the kos he retakes (after a threat and
                // its answer, read as two passes), and the attacker must capture again.
                None => match self.board.ko() {
                    Some((k, c)) if self.owner_wins_kos && c == owner => {
                        self.ko_retaken_and_captured(k, owner, depth, wide)
                    }
                    _ => true,
                },
                // A capture found at the root is checked as [`defend`] will read the new
                // position (the defender's root reading, from depth 0 with a fresh budget),
                // so that the two agree.
                Some(_) if mode == Mode::Root => {
                    let nodes = std::mem::replace(&mut self.nodes, 0);
                    let lost = self.in_own_frame(|r| r.defend(target, 0, WIDE, true).is_none());
                    self.nodes = nodes;
                    lost
                }
                Some(_) => {
                    let free = self.free_rescues > 0 && rescues.contains(&m) && !libs.contains(&m);
                    let spent = if free { 0 } else { 1 };
                    self.free_rescues -= u8::from(free);
                    let lost = self
                        .defend(target, depth + 1, wide.saturating_sub(spent), false)
                        .is_none();
                    self.free_rescues += u8::from(free);
                    lost
                }
            };
            self.board.undo();
            if win {
                return Some(m);
            }
        }
        None
    }

    /// With the owner winning the kos: the target, one stone taken at `k` as a ko, is
    /// retaken there by `owner` after a ko threat and its answer (two passes, which clear the
    /// ko), and the attacker, to move, captures it again (an inner attack).
    fn ko_retaken_and_captured(&mut self, k: Loc, owner: Color, depth: usize, wide: u8) -> bool {
        self.board.pass(owner);
        self.board.pass(owner.opponent());
        if self.play_move(k, owner).is_err() {
            self.board.undo();
            self.board.undo();
            return true;
        }
        let captured = self.attack(k, depth + 1, wide, Mode::Inner).is_some();
        self.board.undo();
        self.board.undo();
        self.board.undo();
        captured
    }

    /// The liberties of the owner's strings other than the target's beside `point` (the
    /// target's liberty) that have at most `most` liberties: the stones that make a capture
    /// at `point` a ko, and what attacks or saves them.
    fn ko_makers_liberties(&self, target: Loc, owner: Color, point: Loc, most: usize) -> Vec<Loc> {
        let head = self.board.string_id(target);
        let mut weak = Vec::new();
        for n in self.board.neighbors(point) {
            if self.board.color(n) == Some(owner)
                && self.board.string_id(n) != head
                && self.board.liberty_count(n) <= most
            {
                weak.extend(self.board.liberties(n));
            }
        }
        weak
    }

    /// True when the liberties `libs` and the empty points beside them number at most
    /// [`HEMMED_IN`]: a string of four liberties with so little room around it is attacked
    /// at the root too.
    fn hemmed_in(&self, libs: &[Loc]) -> bool {
        if libs.len() > HEMMED_IN {
            return false;
        }
        // On the stack: the points counted so far, never more than HEMMED_IN of them.
        let mut room = [Loc(0); HEMMED_IN];
        room[..libs.len()].copy_from_slice(libs);
        let mut count = libs.len();
        for &l in libs {
            for n in self.board.neighbors(l) {
                if self.board.color(n).is_none() && !room[..count].contains(&n) {
                    if count == HEMMED_IN {
                        return false;
                    }
                    room[count] = n;
                    count += 1;
                }
            }
        }
        true
    }

    /// True when `color` cannot play at `loc`, or the stone played there has a single
    /// liberty.
    fn is_self_atari(&mut self, loc: Loc, color: Color) -> bool {
        // Two empty neighbours are two liberties whatever the move joins or captures.
        let empty = self
            .board
            .neighbors(loc)
            .filter(|&n| self.board.color(n).is_none())
            .count();
        if empty >= 2 {
            return false;
        }
        if self.play_move(loc, color).is_err() {
            return true;
        }
        let one = self.board.liberty_count(loc) == 1;
        self.board.undo();
        one
    }

    /// True when the root attack from the current position captures the target: the root
    /// attack widened to strings of four liberties (root mode, depth 0, a fresh budget, no
    /// verification of saves inside), and, when that finds no capture, [`attack`]'s own
    /// reading, as a fresh call reads it (its own frame and budgets), so that a saving move
    /// [`defend`] names is one [`attack`] cannot refute. (Within a node budget the wider
    /// reading does not always find what the narrower one finds: it may spend the budget on
    /// a string of four liberties.)
    fn root_attack_captures(&mut self, target: Loc) -> bool {
        let nodes = std::mem::replace(&mut self.nodes, 0);
        let verify = std::mem::replace(&mut self.verify_saves, false);
        let four = std::mem::replace(&mut self.four_at_root, true);
        let captures = self.in_own_frame(|r| r.attack(target, 0, WIDE, Mode::Root).is_some());
        self.four_at_root = four;
        self.nodes = nodes;
        self.verify_saves = verify;
        captures || {
            let memo = std::mem::take(&mut self.memo);
            let mut fresh = reader_with(
                self.board,
                target,
                self.limits,
                self.hemmed_four,
                self.owner_wins_kos,
            );
            fresh.memo = memo;
            let captures = fresh.attack(target, 0, WIDE, Mode::Root).is_some();
            self.gave_up |= fresh.gave_up;
            self.cuts += fresh.cuts;
            self.spent_cuts += fresh.spent_cuts;
            self.memo = std::mem::take(&mut fresh.memo);
            captures
        }
    }

    /// The target's liberties in the order the attacker tries them: first the liberty
    /// where the defender, extending, would gain most new liberties (the way out is blocked
    /// first, as in a ladder or an edge crawl), so that a capture is found early and the node
    /// budget is not spent on the wrong side of the chase. Ties in the frame's order.
    fn order_blocks(&mut self, libs: &[Loc]) -> Libs {
        let frame = self.frame();
        let score = |l: Loc| {
            let fresh = self
                .board
                .neighbors(l)
                .filter(|&n| self.board.color(n).is_none() && !libs.contains(&n))
                .count();
            (std::cmp::Reverse(fresh), frame.key(self.board, l), l)
        };
        if libs.len() <= 4 {
            // The attacker's node: at most four liberties, ordered on the stack.
            let mut scored = [(std::cmp::Reverse(0), 0, Loc(0)); 4];
            for (slot, &l) in scored.iter_mut().zip(libs) {
                *slot = score(l);
            }
            scored[..libs.len()].sort_unstable();
            let mut few = [Loc(0); 4];
            for (slot, &(_, _, l)) in few.iter_mut().zip(&scored[..libs.len()]) {
                *slot = l;
            }
            return Few::Stack(few, libs.len());
        }
        let mut scored: Vec<(std::cmp::Reverse<usize>, u16, Loc)> =
            libs.iter().map(|&l| score(l)).collect();
        scored.sort_unstable();
        Few::Heap(scored.into_iter().map(|(_, _, l)| l).collect())
    }

    /// The root position's frame ([`Frame::of`], the target marked), found at the first call:
    /// the reader orders its first node's moves before it plays any.
    fn frame(&mut self) -> Frame {
        if let Some(f) = self.frame {
            return f;
        }
        debug_assert_eq!(
            self.board.history().len(),
            self.root_moves,
            "the frame is the root position's"
        );
        let f = Frame::of(self.board, Some(self.target));
        record_frame(self.board, self.target, f);
        self.frame = Some(f);
        f
    }

    /// Play `loc` for `color` on the board, its place recorded.
    #[inline]
    fn play_move(&mut self, loc: Loc, color: Color) -> Result<(), crate::board::IllegalMove> {
        self.bbox.add(self.board, loc);
        self.board.play(loc, color).map(|_| ())
    }

    /// Run `read` in the frame of the current position (the target marked), as a fresh call
    /// from here would read it: the root's checks of a capture or a save read the new
    /// position as [`defend`] or [`attack`] will, so that the answers agree.
    fn in_own_frame<T>(&mut self, read: impl FnOnce(&mut Self) -> T) -> T {
        let here = Frame::of(self.board, Some(self.target));
        record_frame(self.board, self.target, here);
        let saved = self.frame.replace(here);
        let out = read(self);
        self.frame = saved;
        out
    }

    /// Append the moves of `more` that `moves` does not hold yet, in the frame's order.
    fn append_sorted(&mut self, moves: &mut Moves, more: impl IntoIterator<Item = Loc>) {
        // Appended in place (each once), then the new tail sorted: no list of its own.
        let start = moves.len();
        for m in more {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        let frame = self.frame();
        frame.sort(self.board, &mut moves[start..]);
    }

    /// `Some(None)` when the string is safe without a move, `Some(Some(m))` when `m` saves it,
    /// `None` when it is lost. `wide` is as in [`Reader::attack`]; at the `root` the answers
    /// are checked with the root's attack ([`WIDE`]), so that a saving move found here
    /// survives a root [`attack`] from the new position.
    fn defend(&mut self, target: Loc, depth: usize, wide: u8, root: bool) -> Option<Option<Loc>> {
        if root {
            return self.defend_read(target, depth, wide, root);
        }
        // The answers `defend_read` gives before its first node, without the memo (as in
        // [`Reader::attack`]).
        if self.board.color(target).is_none() {
            self.deepest = self.deepest.max(depth);
            return None;
        }
        if safe_below_root(self.board.liberty_count(target), wide) {
            self.deepest = self.deepest.max(depth);
            return Some(None);
        }
        let key = self.memo_key(target, 2, wide);
        self.memoized(key, depth, |r| r.defend_read(target, depth, wide, root))
    }

    fn defend_read(
        &mut self,
        target: Loc,
        depth: usize,
        wide: u8,
        root: bool,
    ) -> Option<Option<Loc>> {
        let owner = self.board.color(target)?;
        // Below the root, [`Reader::defend`] has answered a string safe without a move.
        let wide = if root { WIDE } else { wide };
        let libs = Libs::of(self.board, target);
        if self.out_of_budget(depth) {
            return Some(None);
        }
        // In `defend`'s own root reading the root attack has found a capture already: the
        // narrower inner attack missing it does not make a move needless (the string would
        // be called safe while `attack` captures it). The root attack's check of its own
        // captures (no `verify_saves`) keeps the test.
        let capture_known = root && self.verify_saves;
        if !capture_known
            && libs.len() >= 2
            && self.attack(target, depth + 1, wide, Mode::Inner).is_none()
        {
            return Some(None);
        }
        // Each kind of move in the frame's order: captures, liberties, joins, counter-ataris,
        // moves beside a liberty.
        let mut candidates = Moves::new();
        let mut captures = Moves::new();
        // The attacker's strings beside the target, read once for the captures and the
        // counter-ataris below.
        let neighbours = Strings::beside(self.board, target, owner.opponent());
        for &s in neighbours.iter() {
            if self.board.liberty_count(s) == 1 {
                captures.push(Libs::of(self.board, s)[0]);
            }
        }
        self.append_sorted(&mut candidates, captures);
        self.append_sorted(&mut candidates, libs.iter().copied());
        // With two liberties, a move that joins two friendly strings, each beside a different
        // liberty, makes the liberties miai: whichever the attacker fills, the other joins the
        // target to a stronger string.
        if libs.len() == 2 && wide > 0 {
            let head = self.board.string_id(target);
            let beside = |l: Loc| -> Moves {
                let mut out: Moves = self
                    .board
                    .neighbors(l)
                    .filter(|&n| self.board.color(n) == Some(owner))
                    .map(|n| self.board.string_id(n))
                    .filter(|&h| h != head)
                    .collect();
                out.sort();
                out.dedup();
                out
            };
            let (a, b) = (beside(libs[0]), beside(libs[1]));
            let mut joins = Moves::new();
            for &sa in &a {
                for &sb in &b {
                    if sa == sb {
                        continue;
                    }
                    for l in self.board.liberties(sa) {
                        if libs.contains(&l) || joins.contains(&l) {
                            continue;
                        }
                        if self.board.neighbors(l).any(|n| {
                            self.board.color(n) == Some(owner) && self.board.string_id(n) == sb
                        }) {
                            joins.push(l);
                        }
                    }
                }
            }
            self.append_sorted(&mut candidates, joins);
        }
        // Counter-ataris: a neighbouring attacker string with two liberties, put in atari,
        // must be saved before the target is taken. Only for a target short of liberties,
        // so the reading stays narrow.
        if libs.len() <= 2 {
            let mut counters = Moves::new();
            for &s in neighbours.iter() {
                if self.board.liberty_count(s) == 2 {
                    counters.extend(Libs::of(self.board, s).iter().copied());
                }
            }
            self.append_sorted(&mut candidates, counters);
        }
        // While three-liberty strings are still chased, a string of two liberties may also
        // get away by a move beside a liberty (a diagonal or a jump that makes a shape the
        // chase cannot close): without these a stone in the corner of an empty board would
        // be read dead.
        // A hemmed-in string of four liberties read at the root may live by an eye rather
        // than by liberties: a move beside a liberty makes it (white B1 in the corner's
        // bulky five, beside the liberties A2 and C1, with black on B2).
        let hemmed_root = root && self.hemmed_four && libs.len() >= 4;
        // When the owner wins the kos, a string in atari may also fill a point beside its
        // liberty, so that the stone that takes it is left in atari: a ko he retakes.
        let ko_approach = self.owner_wins_kos && libs.len() == 1;
        if (libs.len() == 2 && wide > 0) || hemmed_root || ko_approach {
            let mut beside = Moves::new();
            for &l in libs.iter() {
                beside.extend(
                    self.board
                        .neighbors(l)
                        .filter(|&n| self.board.color(n).is_none()),
                );
            }
            self.append_sorted(&mut candidates, beside);
        }
        // At the root, a string of three liberties may also run towards a friend: an empty
        // point beside a liberty that touches another string of the owner's (black B15
        // beside C15, joining B16, after white B14 against black C13-C14).
        if libs.len() == 3 && wide > 0 {
            let head = self.board.string_id(target);
            let mut toward = Moves::new();
            for &l in libs.iter() {
                for n in self.board.neighbors(l) {
                    if self.board.color(n).is_none()
                        && self.board.neighbors(n).any(|f| {
                            self.board.color(f) == Some(owner) && self.board.string_id(f) != head
                        })
                    {
                        toward.push(n);
                    }
                }
            }
            self.append_sorted(&mut candidates, toward);
        }
        // A string of two liberties saved by joining a friend through one of them may need
        // that friend to gain liberties first, when it has few and the last move took one
        // of them: a move at the friend's own liberty (white K2 for L2-M2, which N3-N4
        // joins at N2, after black's L3, when black's K2 would leave the joined string
        // short). Only after such a move: tried after every move, they made the reader take
        // J6 for a save of J4 in `tests::
        // a_move_joining_the_friends_beside_both_liberties_makes_them_miai` (black's G6
        // answers it).
        if libs.len() == 2 && wide >= 3 {
            let head = self.board.string_id(target);
            let mut friends: Moves = Moves::new();
            for &l in libs.iter() {
                for n in self.board.neighbors(l) {
                    if self.board.color(n) == Some(owner) && self.board.string_id(n) != head {
                        friends.push(self.board.string_id(n));
                    }
                }
            }
            friends.sort();
            friends.dedup();
            let mut reinforce = Moves::new();
            let last = self.board.history().last().and_then(|m| m.loc);
            for &f in &friends {
                let touched = last.is_some_and(|m| {
                    self.board
                        .neighbors(m)
                        .any(|n| self.board.color(n) == Some(owner) && self.board.string_id(n) == f)
                });
                if touched && self.board.liberty_count(f) <= FRIEND_LIBERTIES {
                    let fl = Libs::of(self.board, f);
                    reinforce.extend(fl.iter().copied().filter(|l| !libs.contains(l)));
                }
            }
            self.append_sorted(&mut candidates, reinforce);
        }
        // And the owner's other strings beside that liberty, the stones that make its
        // capture a ko, may be given liberties when they have two at most (black A10 for
        // A12-A11 beside A13, black B13's liberty, after white B11).
        if ko_approach {
            let weak = self.ko_makers_liberties(target, owner, libs[0], 2);
            self.append_sorted(&mut candidates, weak);
        }
        for m in candidates {
            if self.play_move(m, owner).is_err() {
                continue;
            }
            // At the root a move that reaches four liberties is read on (the first reply is
            // read in `Mode::FirstReply`): E9 beside
            // black's F9 in atari's company (`tests::a_saving_move_to_four_liberties_is_read`).
            let safe = self.board.color(target).is_some()
                && self
                    .attack(
                        target,
                        depth + 1,
                        wide,
                        if root { Mode::FirstReply } else { Mode::Inner },
                    )
                    .is_none()
                && !(root && self.verify_saves && self.root_attack_captures(target));
            self.board.undo();
            if safe {
                return Some(Some(m));
            }
        }
        None
    }
}

/// True when `color` can play at the empty `loc` and the stone cannot then be captured.
pub fn safe_move(board: &mut Board, loc: Loc, color: Color, limits: ReadLimits) -> bool {
    if board.play(loc, color).is_err() {
        return false;
    }
    let ok = attack(board, loc, limits) == Attack::Fails;
    board.undo();
    ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii::parse_board;
    use crate::board::vertex;

    thread_local! {
        /// Set by a test to read without the memo.
        pub(super) static MEMO_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Every string's (attack, defence, cut short) and `safe_move` at every empty point,
    /// read with the memo on or off.
    fn readings(board: &mut Board, memo: bool) -> Vec<String> {
        MEMO_OFF.with(|off| off.set(!memo));
        let limits = ReadLimits::default();
        let mut out: Vec<String> = board
            .strings()
            .into_iter()
            .map(|s| {
                format!(
                    "{s:?} {:?} {:?}",
                    status_hemmed(board, s, limits),
                    status(board, s, limits)
                )
            })
            .collect();
        let empty: Vec<Loc> = board.locs().filter(|&l| board.color(l).is_none()).collect();
        for l in empty {
            for c in [Color::Black, Color::White] {
                out.push(format!("{l:?} {c:?} {}", safe_move(board, l, c, limits)));
            }
        }
        MEMO_OFF.with(|off| off.set(false));
        out
    }

    #[test]
    fn the_memo_changes_no_answer() {
        // Random games on 9x9 (a fixed linear congruential sequence): each position read
        // without the memo, then with the memo the earlier positions filled.
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        let mut positions = 0;
        for _game in 0..3 {
            let mut b = Board::new(9).unwrap();
            let mut color = Color::Black;
            for ply in 0..70 {
                let empty: Vec<Loc> = b.locs().filter(|&l| b.is_legal(l, color)).collect();
                if empty.is_empty() {
                    break;
                }
                b.play(empty[next(empty.len())], color).unwrap();
                color = color.opponent();
                if ply % 5 == 4 {
                    let without = readings(&mut b, false);
                    let with = readings(&mut b, true);
                    let moves: Vec<Option<Loc>> = b.history().iter().map(|m| m.loc).collect();
                    assert_eq!(without, with, "after the moves {moves:?}");
                    b.check_consistency().unwrap();
                    positions += 1;
                }
            }
        }
        assert!(positions >= 30);
    }

    /// Put the target label on a stone: the label letter stands for a white stone here.
    fn with_stone(text: &str, label: char) -> String {
        text.replace(label, "O")
    }

    fn status_of(text: &str, size: usize) -> (String, String) {
        // `t` marks the white target stone.
        let p = parse_board(&with_stone(text, 't'), Some(size)).unwrap();
        let q = parse_board(text, Some(size)).unwrap();
        let t = q.labels[&'t'];
        let mut b = p.board;
        let before = b.clone();
        let (a, d) = status(&mut b, t, ReadLimits::default());
        assert_eq!(b, before);
        let name = |l: Loc| vertex::name(&b, l);
        (
            match a {
                Attack::Captures(m) => format!("captures {}", name(m)),
                Attack::Fails => "fails".into(),
            },
            match d {
                Defense::NotNeeded => "not needed".into(),
                Defense::Saves(m) => format!("saves {}", name(m)),
                Defense::Fails => "fails".into(),
            },
        )
    }

    /// A stone in atari in the open extends to three liberties and lives (GNU Go 3.8: `attack
    /// D5` E5, `defend D5` E5). The test once used this shape on a 5x5 board, where GNU Go
    /// answers `defend` 0 (the string is chased into the corner) and our reader still finds
    /// the extension saving.
    #[test]
    fn atari_can_be_saved_by_extending() {
        let text = "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . . . . .
. . X t . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";
        let (a, d) = status_of(text, 9);
        assert_eq!(a, "captures E5");
        assert_eq!(d, "saves E5");
    }

    /// A string the root attack captures is never "not needed" to defend. The white target
    /// C5 (with B5) has two liberties, A5 and D5, beside black's A4-B4-C4-C3 of two liberties
    /// (A5, C2). GNU Go 3.8, on the same position with the colours swapped: `attack` D5
    /// (level 1) or C2 (level 10), `defend` C2. Our root attack captures at D5, but `defend`
    /// answered "not needed": its root reading first asked the narrower inner attack, which
    /// misses the capture. Found by `board_fuzz::reader_is_self_consistent`.
    #[test]
    fn a_string_the_root_attack_captures_needs_a_defence() {
        let text = "\
. O t . .
X X X O .
O O X O .
. . . X .
. . . . .";
        let (a, d) = status_of(text, 5);
        assert_eq!(a, "captures D5");
        assert_eq!(d, "saves D5");
    }

    /// A two-liberty string saved by joining a friend short of liberties: the defence may
    /// give the friend liberties first. Held-out `13-l1-s5932` with a white stone added at
    /// N4 (the target): black N2, white N1 takes it, black L3 leaves the string N3-N4 (M4,
    /// N2) a join at N2 to L2-M2, which black's K2 would then leave short; white K2 (or J2,
    /// K3) first saves it. Without that move the reader called N4 captured at N2, so the
    /// attacker's stone there was "unsafe" and black's M5 counted as a proper eye, not a half
    /// eye (GNU Go 3.8: `attack N4` 0; KataGo, black to move: N3-N4 white's, -1.0).
    #[test]
    fn a_defence_may_give_liberties_to_the_friend_it_joins() {
        let text = "\
. . . . . . X X O . . . .
X X . X . . X O . . . O .
X O X . X . X O O O O X .
O O O X X . X X O X X O .
. O . O O X . X O . . O .
. . O O X . X X O O . . .
. O X X X . X X X O X X .
O O X X O X X O O O O X .
X X . X O O O O . O X . X
. . . X X O . . . . X . t
. . X . X O . . O . . X O
. . X . X X O . . . O O .
. . . X O O O . . . . . .";
        let (a, d) = status_of(text, 13);
        assert_eq!((a.as_str(), d.as_str()), ("fails", "not needed"));
    }

    const LADDER: &str = "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X . . . . . .
. X t . . . . . .
. . X X . . . . .
. . . . . . . . .";

    #[test]
    fn ladder_works_and_is_broken_by_a_breaker() {
        let (a, d) = status_of(LADDER, 9);
        assert_eq!((a.as_str(), d.as_str()), ("captures D3", "fails"));
        let broken = LADDER
            .replacen(". . . . . . . . .\n", ". . . . . . . O .\n", 2)
            .replacen(". . . . . . . O .\n", ". . . . . . . . .\n", 1);
        let (a, d) = status_of(&broken, 9);
        assert_eq!((a.as_str(), d.as_str()), ("captures D3", "saves D3"));
    }

    #[test]
    fn capture_to_escape_and_three_liberties() {
        // t is in atari but can capture a black stone in atari: A3 (at A4) or B2 (at B1).
        // Both save; the reader names the first in its frame's order (`board::orientation`).
        let (a, d) = status_of(". . . . .\n. X O . .\nX t . . .\nO X O . .\n. . . . .", 5);
        assert_eq!((a.as_str(), d.as_str()), ("captures C3", "saves B1"));
        let (a, d) = status_of(". . . . .\n. . . . .\n. . t . .\n. . . . .\n. . . . .", 5);
        assert_eq!((a.as_str(), d.as_str()), ("fails", "not needed"));
    }

    #[test]
    fn depth_limit_is_a_limit() {
        let p = parse_board(&with_stone(LADDER, 't'), Some(9)).unwrap();
        let mut b = p.board;
        // D3 extends the stone; then the ladder needs many plies.
        b.play(vertex::parse(&b, "D3").unwrap(), Color::White)
            .unwrap();
        let t = vertex::parse(&b, "C3").unwrap();
        let shallow = ReadLimits {
            max_depth: 4,
            max_nodes: 1000,
        };
        assert_eq!(attack(&mut b, t, shallow), Attack::Fails);
        assert!(matches!(
            attack(&mut b, t, ReadLimits::default()),
            Attack::Captures(_)
        ));
        let tiny = ReadLimits {
            max_depth: 100,
            max_nodes: 3,
        };
        assert_eq!(attack(&mut b, t, tiny), Attack::Fails);
    }

    /// A lone stone on an empty board, wherever it stands, is never dead: the widened reading
    /// of three-liberty strings must not chase a stone that can run into open space.
    #[test]
    fn a_lone_stone_on_an_empty_board_is_never_dead() {
        for size in [5, 7] {
            let empty = Board::new(size).unwrap();
            for loc in empty.locs().collect::<Vec<_>>() {
                let mut b = empty.clone();
                b.play(loc, Color::Black).unwrap();
                let (a, d) = status(&mut b, loc, ReadLimits::default());
                let name = vertex::name(&b, loc);
                assert_ne!(d, Defense::Fails, "{name} on {size}x{size}: {a:?}");
                // Four liberties: not even capturable.
                if b.liberty_count(loc) == 4 {
                    assert_eq!(a, Attack::Fails, "{name} on {size}x{size}");
                }
            }
        }
    }

    /// The string at `at` of the 9x9 `text` is captured, first by `by`, and cannot be saved.
    /// [`assert_dead_by`] for a position given as SGF.
    fn assert_sgf_dead_by(sgf: &str, at: &str, by: &str) {
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let loc = vertex::parse(&b, at).unwrap();
        let m = vertex::parse(&b, by).unwrap();
        assert_eq!(
            status(&mut b, loc, ReadLimits::default()),
            (Attack::Captures(m), Defense::Fails),
            "{at}"
        );
    }

    fn assert_dead_by(text: &str, at: &str, by: &str) {
        let mut b = parse_board(text, Some(9)).unwrap().board;
        let loc = vertex::parse(&b, at).unwrap();
        let (a, d) = status(&mut b, loc, ReadLimits::default());
        assert_eq!(a, Attack::Captures(vertex::parse(&b, by).unwrap()), "{at}");
        assert_eq!(d, Defense::Fails, "{at}");
    }

    /// The 9x9 position of the edge crawl (random game, seed 1, game 1): black E7 in atari
    /// beside white D7 E6 F7, black F9 above.
    const CRAWL: &str = "\
. . . . . X . . .
. . . . . . O . .
. . O O X O . . .
. . . . O . . . .
. . . . . . X . .
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. X . . . . . . .";

    /// The edge crawl that needs more than one attacker move on a string of three liberties:
    /// black E7 is in atari; E8 gives it three liberties (D8, F8, E9), white F8 takes one,
    /// black E9 joins F9 and has three again (D8, D9, G9), and white G9 and the first-line
    /// chase toward the corner take it. (Before the reading was widened, E9 with three
    /// liberties was taken as safe and E7 as saved; GNU Go 3.8's `attack`/`defend`: 1 E8, 0.)
    #[test]
    fn an_edge_crawl_is_read_to_the_capture() {
        assert_dead_by(CRAWL, "E7", "E8");
    }

    /// A saving move that reaches four liberties is read on (random game, seed 1, game 1):
    /// black F9 (three liberties E9 G9 F8) and E7 (in atari at E8). Black E9 gives F9 four
    /// liberties (D9 G9 F8 E8), but white E8 takes E7 and a liberty at once, and the first-line
    /// chase takes the rest; GNU Go 3.8's `attack`/`defend F9`: 1 E9, 0. Before, four
    /// liberties were safe and E9 saved F9.
    #[test]
    fn a_saving_move_to_four_liberties_is_read() {
        assert_dead_by(CRAWL, "F9", "E9");
    }

    /// The attacker saves his counter-ataried stone by capturing the stone that ataris it
    /// (random game, seed 1, game 1). Black C9 (liberties B9 C8); white D9 beside it has two
    /// (E9 D8). After black B9 and white C8, black D8 ataris D9; white E9 would leave D9 E9
    /// in atari at E8, so white takes D8 at E8 (capturing E7 too) and the chase goes on: C9
    /// is dead, as GNU Go 3.8 says (`attack`/`defend C9`: 1 C8, 0; our reader's first
    /// capture is B9, from the other side). Before, only the extension was tried, and D8
    /// saved C9.
    #[test]
    fn the_attacker_captures_a_counter_atari_stone() {
        let text = "\
. . X O . X . . .
. . . . . . O . .
. . O O X O . . .
. X O . O . . . .
. O . . . . X . .
. . . . . . . . X
. . . X . . . . .
. . O . . . . . .
. X . . . . X . .";
        assert_dead_by(text, "C9", "B9");
    }

    /// The longer crawl, without white's G8 and black's F9 (random game, seed 1, game 1): E7
    /// in atari; E8 gives three liberties (D8, F8, E9); white F8, black D8 (three again: C8,
    /// D9, E9), white C8, and whatever black does along the first line the string is taken
    /// (GNU Go 3.8's `attack`/`defend`: 1 E8, 0). Read with the liberties in the order given
    /// the defence E8 was not refuted within the 20,000 nodes (28,362 needed) and E7 was
    /// read alive; blocking the way out first (the liberty where the extension gains most)
    /// refutes it in 1,276, in 2,036 since strings of four liberties are read early in a
    /// chase ([`FOUR_LIBERTY_WIDE`]), and in 3,582 since the attacker's rescues spend no
    /// chase move ([`FREE_RESCUES`]) and the defender tries the move joining the friends
    /// beside both liberties.
    #[test]
    fn a_long_edge_crawl_is_read_within_the_budget() {
        let text = "\
. . . . . . . . .
. . . . . . . . .
. . O O X O . . .
. . . . O . . . .
. . . . . . X . .
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. X . . . . . . .";
        assert_dead_by(text, "E7", "E8");
        let mut b = parse_board(text, Some(9)).unwrap().board;
        let e7 = vertex::parse(&b, "E7").unwrap();
        let mut r = reader(&mut b, e7, ReadLimits::default(), false);
        assert_eq!(r.defend(e7, 0, WIDE, true), None);
        assert!(r.nodes < 4_000, "{} nodes", r.nodes);
    }

    /// 19x19, random game of seed 1: black R7 in atari between white Q7, S7 and R8, black to
    /// move. R6 gives three liberties; white R5, black Q6 (three again), white S6, and black
    /// P6 reaches four (O6, P5, P7, Q5), which the reader took as safe below the root. White
    /// Q5 and the chase goes on against white's Q4: GNU Go 3.8 at level 10 answers `defend
    /// R7` 0. Read since strings of four liberties are attacked while two of the [`WIDE`]
    /// attacker moves are left ([`FOUR_LIBERTY_WIDE`]). The chase is long: in the reader's
    /// frame (`board::orientation`) its refutation takes more than the default budget (the
    /// order of the board as first written found it within 10,000 nodes, four of its eight
    /// orientations not within 20,000), so `status` at the default budget names R6 with the
    /// budget cut short, and the reading of dead strings reads it again with
    /// [`SAVED_REREAD_FACTOR`] times the budget, where R6 fails.
    #[test]
    fn a_string_that_reaches_four_liberties_in_a_chase_is_read_on() {
        let sgf = "(;SZ[19]AB[na][gb][ob][mc][bd][sd][ke][hf][kf][nf][cg][hg][sh][ei][oi][cj][fj]\
            [nj][rj][bk][fk][ik][sl][qm][en][jn][ln][cp][ep][jp][mp][dr][or][rr]AW[bb][ib][rc]\
            [dd][hd][id][ee][pe][pf][bg][eg][mg][ng][ch][dh][lh][ph][lj][ql][rl][nm][pm][rm]\
            [hn][mn][gp][lp][pp][gq][iq][jq][lq][qq][qr]PL[B])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let (r7, r6) = (
            vertex::parse(&b, "R7").unwrap(),
            vertex::parse(&b, "R6").unwrap(),
        );
        let limits = ReadLimits::default();
        assert_eq!(
            status_hemmed(&mut b, r7, limits),
            (Attack::Captures(r6), Defense::Saves(r6), true)
        );
        let deeper = ReadLimits {
            max_nodes: limits.max_nodes * SAVED_REREAD_FACTOR,
            ..limits
        };
        assert_eq!(
            status(&mut b, r7, deeper),
            (Attack::Captures(r6), Defense::Fails)
        );
        let live = crate::board::eyes::eyespace::Liveness::read(&mut b, limits);
        assert!(live.is_dead(r7));
    }

    /// 13x13, random game of seed 1: black N2 (three liberties, M2 N1 N3) in white's lower
    /// right, white L2 beside it with two liberties (K2, L1). Black M2 gives the string the
    /// liberties M1 N1 N3, and after white N3 black K2 ataris L2 (the counter-atari the string
    /// lives by). White's refutation is L1 first, giving L2 a third liberty: GNU Go 3.8
    /// (levels 1 and 10) `attack N2` M2, `defend N2` 0, and after black M2 `attack` L1. The
    /// attacker's first reply now also tries the liberties of its own two-liberty strings
    /// beside the target.
    #[test]
    fn the_attacker_first_strengthens_a_string_the_defender_would_counter_atari() {
        let sgf = "(;SZ[13]AB[ba][ac][lc][ed][kd][ee][ge][ie][le][if][ag][bg][jg][kg][lg][ih][bi]\
            [kk][cl][ml][dm][gm]AW[bb][ec][gc][jc][dd][fd][fe][df][ef][ff][fh][gi][ji][bj]\
            [cj][lj][dk][fk][gk][ik][lk][kl]PL[B])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let n2 = vertex::parse(&b, "N2").unwrap();
        assert_eq!(status(&mut b, n2, ReadLimits::default()).1, Defense::Fails);
    }

    /// 19x19, random game of seed 1 (GNU Go at level 10 answers these positions): black R7
    /// in atari beside white Q7, S7 and R8. Black R6, white Q6, black R5, white S6, black Q5,
    /// white P5, and black (liberties S5 and R4) is caught: S5 runs along the edge into
    /// white's R3 and S6, the counter-atari Q8 is met by white P7 (joining O7), P4 by white O5
    /// (joining N5), R4 by white Q3 (read by hand). The inner attack used to run out of chase
    /// moves answering the counter-ataris and called R6 saving; an attacker's rescue of its
    /// own string from atari now spends no chase move (up to [`FREE_RESCUES`] a line).
    /// GNU Go 3.8 at level 10: `attack R7` R6, `defend R7` 0.
    #[test]
    fn a_rescue_of_the_attackers_own_string_spends_no_chase_move() {
        let sgf = "(;GM[1]FF[4]SZ[19]AB[na][gb][mb][ob][mc][bd][sd][ge][ke][af][hf][kf][nf]\
            [cg][hg][sh][ei][oi][cj][fj][nj][rj][bk][fk][ik][ll][sl][qm][en][fn][jn][ln][on]\
            [do][cp][ep][ip][jp][mp][dr][hr][kr][or][rr][ms]AW[bb][eb][ib][rc][dd][gd][hd]\
            [id][ee][ne][pe][mf][pf][bg][eg][mg][ng][ch][dh][fh][lh][ph][gi][lj][mk][ql][rl]\
            [nm][pm][rm][hn][mn][ho][mo][gp][lp][pp][gq][iq][jq][lq][qq][gr][qr]PL[W])";
        assert_sgf_dead_by(sgf, "R7", "R6");
    }

    /// 9x9, random game of seed 1: black J4 J5 with the liberties H5 and J6 (white J3, H4).
    /// Black G6 joins G5 (beside H5) and H6 (beside J6) into a string of six liberties: white
    /// J6 is then suicide, and after white H5 black J6 joins everything (read by hand; GNU Go
    /// 3.8 at levels 1 and 10: `defend J4` G6). Black J6 at once does not save: white G6 and
    /// black has two liberties left in white's area. The joining move is a candidate of the
    /// defender, so the deeper chase the rescue rule reads does not call the string dead; it
    /// is tried before the counter-ataris (black J2 on white J3 also saves, into a ko, which
    /// GNU Go reads as `attack` code 3).
    #[test]
    fn a_move_joining_the_friends_beside_both_liberties_makes_them_miai() {
        let sgf = "(;GM[1]FF[4]SZ[9]AB[aa][ca][fa][ab][fb][ib][ec][ic][bd][hd][ce][ge][ie][if]\
            [cg][dg][gh][ai][bi][gi]AW[da][gb][hb][bc][cc][dc][fc][hc][cd][ed][be][de][ef][hf]\
            [eg][gg][ig][bh][ch][dh][hh]PL[W])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let at = |b: &Board, v: &str| vertex::parse(b, v).unwrap();
        let j4 = at(&b, "J4");
        let g6 = at(&b, "G6");
        assert_eq!(
            defend(&mut b, j4, ReadLimits::default()),
            Defense::Saves(g6)
        );
        b.play(g6, Color::Black).unwrap();
        assert_eq!(attack(&mut b, j4, ReadLimits::default()), Attack::Fails);
        b.undo();
        let j6 = at(&b, "J6");
        b.play(j6, Color::Black).unwrap();
        assert_eq!(
            attack(&mut b, j4, ReadLimits::default()),
            Attack::Captures(g6)
        );
    }

    /// 9x9, random game of seed 1 (white to move): black G2 G1 H1 with the liberties F2,
    /// F1 and J1. Black F2 makes four liberties and reaches for G4 and black G5 through
    /// F3; white F3 seals it (E3, G3 and F3 one string), and black, with E2 F1 J1 left, has
    /// one eye at most: F1 after E2 and E1, while J1 never becomes one (black J2, an atari
    /// on white H2 and itself in atari at J1, is answered by white H3, which joins H2 to
    /// white's group and leaves J2 with J1 its only liberty). Black F3 first is met by
    /// white F2, which black's F1 ataris and white's E2 saves. Read by hand along these
    /// lines; GNU Go 3.8 at level 10: `attack G2` F2, `defend G2` 0. The first reply F3 was
    /// tried, but the chase after it ran out of moves; a saving move is now checked by a
    /// root attack that also attacks a string of four liberties, each of its captures
    /// checked by the full root defence.
    #[test]
    fn a_save_to_four_liberties_is_checked_by_a_full_root_attack() {
        let sgf = "(;GM[1]FF[4]SZ[9]AB[aa][ca][fa][ab][fb][ib][ec][ic][bd][hd][ce][ge][ie]\
            [if][cg][dg][gh][ai][bi][gi][hi]AW[da][gb][hb][bc][cc][dc][fc][hc][cd][ed][gd][be]\
            [de][ef][hf][eg][gg][ig][bh][ch][dh][hh]PL[W])";
        assert_sgf_dead_by(sgf, "G2", "F2");
    }

    /// Black C9 C8 B8 in the corner, closed in by white's wall from D9 to A6, with the
    /// liberties A8 and B9 (read by hand). Black A9 makes a false eye of A8 and B9: white
    /// cannot fill either at once (A8 is a self-atari black takes back at A7, B9 is
    /// suicide), but white A7 first makes both ataris and black is lost. The attacker now
    /// approaches a liberty it cannot fill (white A7); without that move black A9 was read
    /// as saving. Black A8 and B9 are answered by white A7 too, and black A7 is a
    /// self-atari, so nothing saves the string.
    #[test]
    fn a_liberty_the_attacker_cannot_fill_is_approached_from_outside() {
        let text = "\
. . X O . . . . .
. X X O . . . . .
. O O O . . . . .
O . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";
        let mut b = parse_board(text, Some(9)).unwrap().board;
        let at = |b: &Board, v: &str| vertex::parse(b, v).unwrap();
        let c9 = at(&b, "C9");
        assert_eq!(defend(&mut b, c9, ReadLimits::default()), Defense::Fails);
        b.play(at(&b, "A9"), Color::Black).unwrap();
        assert_eq!(
            attack(&mut b, c9, ReadLimits::default()),
            Attack::Captures(at(&b, "A7"))
        );
    }

    /// 9x9, random game of seed 1: black G2 E1 F1 G1 H1 with four liberties (D1 E2 F2 J1)
    /// and little room round them (C1 F3 J2). Read by hand: white F2 first, and black E2
    /// (the atari on F2) is met by white F3, leaving black D1 and J1, which white fills
    /// (black C1 into A1 B1 only gives white D1 with a capture); black's counter on white
    /// H2 (J2) is met by H3. Black moving first: F2 is sealed by white F3, E2 by F3 too,
    /// D1 by F2, and J2 by H3, and black has no second eye. GNU Go 3.8 at level 10:
    /// `attack G2` F2, `defend G2` 0. The plain root attack reads strings of three
    /// liberties at most; the reading that decides which strings are dead also attacks a
    /// string of four hemmed in ([`HEMMED_IN`]).
    #[test]
    fn a_hemmed_in_string_of_four_liberties_is_attacked_when_liveness_is_read() {
        let sgf = "(;GM[1]FF[4]SZ[9]AB[aa][ca][fa][ab][fb][ib][ec][ic][bd][ce][ge][bg][cg][dg]\
            [gh][ai][bi][ei][fi][gi][hi]AW[da][gb][hb][ac][bc][cc][dc][fc][hc][cd][ed][gd][id]\
            [be][de][fe][he][ef][hf][eg][gg][ig][ah][bh][ch][dh][hh]PL[B])";
        let mut b = crate::board::sgf::load(sgf, None).unwrap().board;
        let g2 = vertex::parse(&b, "G2").unwrap();
        let f2 = vertex::parse(&b, "F2").unwrap();
        assert_eq!(
            status(&mut b, g2, ReadLimits::default()),
            (Attack::Fails, Defense::NotNeeded)
        );
        let (attack, defense, _) = status_hemmed(&mut b, g2, ReadLimits::default());
        assert_eq!((attack, defense), (Attack::Captures(f2), Defense::Fails));
    }

    /// White S19 of the bench's `middle_game_6` (one stone, liberties R19 and T19, in a ko
    /// fight: GNU Go 3.8's `defend S19` answers a ko at Q17). The root's checks each read
    /// with a fresh budget, and they nest; without a bound on the whole call, the reading of
    /// its defence visited many budgets' worth of positions. The whole call now stays within
    /// [`CALL_BUDGET_FACTOR`] budgets, give or take the few nodes each open line visits on
    /// its way out once the bound is hit (84,327 nodes unbounded in the reader's frame, where
    /// the order of the board as first written read 192,000).
    #[test]
    fn one_call_reads_within_a_bounded_number_of_budgets() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/positions/middle_game_6.sgf"
        );
        let mut b = crate::board::sgf::load_file(std::path::Path::new(path), None)
            .unwrap()
            .board;
        let s19 = vertex::parse(&b, "S19").unwrap();
        let limits = ReadLimits::default();
        let read = |b: &mut Board, call_budget: usize| {
            let mut r = reader(b, s19, limits, false);
            r.call_budget = call_budget;
            r.verify_saves = true;
            let save = r.defend(s19, 0, WIDE, true);
            (save.is_some(), r.total)
        };
        let (_, unbounded) = read(&mut b, usize::MAX);
        let (_, bounded) = read(&mut b, limits.max_nodes * CALL_BUDGET_FACTOR);
        assert!(unbounded > limits.max_nodes * CALL_BUDGET_FACTOR);
        assert!(bounded <= limits.max_nodes * CALL_BUDGET_FACTOR + 100);
    }
}
