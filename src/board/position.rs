//! A Go board: the position the eye code reads.
//!
//! Takes moves (from a caller, an SGF file via [`super::sgf`] or a text diagram via [`super::ascii`]) and
//! gives strings (chains) with their liberties, captures, suicide per rule, simple ko and exact
//! undo. The layout follows KataGo's `cpp/game/board.h`: locations are indices into a grid
//! padded by one line of wall on every side (one padding column shared by the left and right
//! sides), so the four neighbours of any on-board point are valid indices; strings are circular
//! lists through `next_in_chain` with their data stored at the head; every move leaves a
//! [`MoveRecord`], and a journal of every value it changed (points and string data), from
//! which [`Board::undo`] restores the position exactly without recomputing any string (the
//! tactical reader plays and takes back every move it reads).
//! [`Board::check_consistency`] recomputes everything from the colours and compares; the tests
//! call it after every move.
//!
//! Coordinates: `x` is the column counted from the left, `y` the row counted from the top
//! (the order of diagrams and SGF). GTP names (`A1` bottom left) live in [`super::vertex`].
//!
//! ```
//! use nakade::board::{ascii, vertex, Color};
//!
//! let p = ascii::parse_board("|. X O .\n|X O a .\n+-------", Some(5)).unwrap();
//! let mut board = p.board;
//! let white = vertex::parse(&board, "C2").unwrap();
//! assert_eq!(board.liberty_count(white), 3);
//! // Black at `a` takes the white stone B1 and a liberty of C2.
//! let b1 = vertex::parse(&board, "B1").unwrap();
//! let record = board.play(p.labels[&'a'], Color::Black).unwrap();
//! assert_eq!(record.captured, vec![b1]);
//! assert_eq!(board.liberty_count(white), 2);
//! board.check_consistency().unwrap();
//! assert!(board.undo());
//! assert_eq!(board.liberty_count(white), 3);
//! ```

use std::fmt;

/// The smallest board size supported (GNU Go's: a 1x1 board, where no move is legal).
pub const MIN_SIZE: usize = 1;
/// The largest board size supported.
pub const MAX_SIZE: usize = 25;
/// The default board size.
pub const DEFAULT_SIZE: usize = 19;

/// A player (stone colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, `X` in diagrams.
    Black,
    /// White, `O` in diagrams.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `X` for black, `O` for white.
    pub fn to_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// `black` or `white`, as GTP writes them.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// What stands on a location of the padded grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// An empty on-board point.
    Empty,
    /// A stone.
    Stone(Color),
    /// Padding outside the board.
    Wall,
}

/// A location: an index into the padded grid of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub(crate) u16);

impl Loc {
    /// The index into per-location arrays of length [`Board::grid_len`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The location is not on the board.
    #[error("the point is not on the board")]
    OffBoard,
    /// A stone is already there.
    #[error("the point is occupied")]
    Occupied,
    /// Simple ko forbids retaking now.
    #[error("the point is forbidden by ko")]
    Ko,
    /// The move would leave its own string without liberties and suicide is off.
    #[error("the move is suicide")]
    Suicide,
}

/// What one move changed, enough to undo it exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The point played, `None` for a pass.
    pub loc: Option<Loc>,
    /// Who moved.
    pub color: Color,
    /// Opponent stones removed by the move.
    pub captured: Vec<Loc>,
    /// Own stones removed by a suicide (the played stone included).
    pub suicided: Vec<Loc>,
    /// The ko point and forbidden colour before the move.
    pub prev_ko: Option<(Loc, Color)>,
}

/// A Go board with strings, liberties, ko and undo.
///
/// Two boards are equal when their points, ko, suicide rule and history are equal (the string
/// data follows from the points).
#[derive(Clone)]
pub struct Board {
    size: usize,
    stride: usize,
    points: Vec<Point>,
    /// Head of the string through each stone (meaningless on empty points).
    chain_head: Vec<u16>,
    /// Next stone of the same string (circular).
    next_in_chain: Vec<u16>,
    /// At a head: stone count of the string.
    num_stones: Vec<u16>,
    /// At a head: liberty count of the string.
    num_libs: Vec<u16>,
    ko: Option<(Loc, Color)>,
    suicide_allowed: bool,
    history: Vec<MoveRecord>,
    /// What each move changed in the points and the string data, as it was before: the
    /// moves' undo, in reverse. A move's changes start at its entry of `marks`.
    journal: Vec<Change>,
    /// Where each move of `history` starts in `journal`; `None` for a move played before a
    /// setup change ([`Board::set_stone`], [`Board::rebuild_all`]), undone by recomputing
    /// its strings from the colours instead.
    marks: Vec<Option<usize>>,
    /// Scratch marks for counting liberties: a point is counted when its stamp is `stamp_gen`.
    stamp: Vec<u32>,
    stamp_gen: u32,
    /// Zobrist hash of the stones (see [`Board::stones_hash`]), kept with every change.
    hash: u64,
    /// Emptied lists of captured stones that undone moves gave back, for the next captures:
    /// the tactical reader captures and takes back at many nodes, without allocating.
    spare: Vec<Vec<Loc>>,
}

/// The Zobrist key of `p` at grid index `i`: zero for an empty point or a wall, else a
/// fixed pseudo-random word (SplitMix64 of the index and colour), from [`ZOBRIST`].
#[inline]
fn zobrist(i: usize, p: Point) -> u64 {
    match p {
        Point::Stone(Color::Black) => ZOBRIST[i][0],
        Point::Stone(Color::White) => ZOBRIST[i][1],
        _ => 0,
    }
}

/// The key of a stone of colour `c` (1 black, 2 white) at grid index `i`: SplitMix64 of
/// `2i + c`.
const fn zobrist_key(i: usize, c: u64) -> u64 {
    let mut z = (i as u64 * 2 + c).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every grid index's keys for a black and a white stone, computed when the program is
/// built: a move changes the hash by two table reads per point instead of two mixes.
static ZOBRIST: [[u64; 2]; MAX_GRID] = {
    let mut t = [[0; 2]; MAX_GRID];
    let mut i = 0;
    while i < MAX_GRID {
        t[i] = [zobrist_key(i, 1), zobrist_key(i, 2)];
        i += 1;
    }
    t
};

/// Grid indices of the largest board (25x25 with its wall: 26 columns by 27 rows, plus one).
const MAX_GRID: usize = (MAX_SIZE + 1) * (MAX_SIZE + 2) + 1;
// The tactical reader packs a location in 10 bits (`tactics::Reader::memo_key`).
const _: () = assert!(MAX_GRID <= 1 << 10);

/// Up to this many liberties or neighbouring strings are gathered in a list rather than in a
/// [`LocSet`].
const SMALL_SET: usize = 8;

/// A set of locations as one bit per grid index, on the stack: the board's queries that
/// gather liberties or neighbouring strings test membership in constant time and give their
/// answer in location order without sorting (the tactical reader asks them at every node).
struct LocSet([u64; MAX_GRID.div_ceil(64)]);

impl LocSet {
    fn new() -> LocSet {
        LocSet([0; MAX_GRID.div_ceil(64)])
    }

    /// Whether `loc` is in the set.
    #[inline]
    fn contains(&self, loc: Loc) -> bool {
        self.0[loc.index() / 64] & (1 << (loc.index() % 64)) != 0
    }

    /// Add `loc`; true when it was not in the set.
    #[inline]
    fn insert(&mut self, loc: Loc) -> bool {
        let (w, b) = (loc.index() / 64, loc.index() % 64);
        let fresh = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        fresh
    }

    /// Write the members to the front of `out`, in location order; their number, or `None`
    /// when `out` is too short.
    fn write_sorted(&self, out: &mut [Loc]) -> Option<usize> {
        let mut k = 0;
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                *out.get_mut(k)? = Loc((w * 64 + bits.trailing_zeros() as usize) as u16);
                k += 1;
                bits &= bits - 1;
            }
        }
        Some(k)
    }

    /// Append the members to `out`, in location order.
    fn extend_sorted(&self, out: &mut Vec<Loc>) {
        out.reserve(self.0.iter().map(|w| w.count_ones() as usize).sum());
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push(Loc((w * 64 + bits.trailing_zeros() as usize) as u16));
                bits &= bits - 1;
            }
        }
    }
}

/// The most emptied capture lists a board keeps for reuse ([`Board::undo`]).
const SPARE_LISTS: usize = 16;

/// One value changed by a move, with the value it had before.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// A location's entry of one of the string arrays.
    Value(Field, u16, u16),
    Point(u16, Point),
}

/// The string arrays a move changes.
#[derive(Clone, Copy, Debug)]
enum Field {
    Head,
    Next,
    Stones,
    Libs,
}

/// Why a board cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The size is outside [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[error("board size {given} is not supported; sizes are {min}..={max}")]
    BadSize {
        /// The size asked for.
        given: usize,
        /// The smallest size.
        min: usize,
        /// The largest size.
        max: usize,
    },
}

impl Board {
    /// An empty board of `size` lines, suicide forbidden.
    pub fn new(size: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize {
                given: size,
                min: MIN_SIZE,
                max: MAX_SIZE,
            });
        }
        let stride = size + 1;
        let len = stride * (size + 2) + 1;
        let mut points = vec![Point::Wall; len];
        for y in 0..size {
            for x in 0..size {
                points[(x + 1) + (y + 1) * stride] = Point::Empty;
            }
        }
        Ok(Board {
            size,
            stride,
            points,
            chain_head: vec![0; len],
            next_in_chain: vec![0; len],
            num_stones: vec![0; len],
            num_libs: vec![0; len],
            ko: None,
            suicide_allowed: false,
            history: Vec::new(),
            spare: Vec::new(),
            journal: Vec::new(),
            marks: Vec::new(),
            stamp: vec![0; len],
            hash: 0,
            stamp_gen: 0,
        })
    }

    /// The number of lines.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The length of per-location arrays (the padded grid).
    pub fn grid_len(&self) -> usize {
        self.points.len()
    }

    /// Whether suicide (of more than nothing) is legal.
    pub fn suicide_allowed(&self) -> bool {
        self.suicide_allowed
    }

    /// Allow or forbid suicide for the moves that follow.
    pub fn set_suicide_allowed(&mut self, allowed: bool) {
        self.suicide_allowed = allowed;
    }

    /// The location of column `x`, row `y` (from the top left), `None` off the board.
    pub fn loc(&self, x: usize, y: usize) -> Option<Loc> {
        (x < self.size && y < self.size).then(|| Loc(((x + 1) + (y + 1) * self.stride) as u16))
    }

    /// Column and row of an on-board location.
    pub fn xy(&self, loc: Loc) -> (usize, usize) {
        let i = loc.index();
        (i % self.stride - 1, i / self.stride - 1)
    }

    /// Every on-board location, row by row from the top left.
    pub fn locs(&self) -> impl Iterator<Item = Loc> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.loc(x, y).unwrap()))
    }

    /// What stands at `loc`.
    pub fn point(&self, loc: Loc) -> Point {
        self.points.get(loc.index()).copied().unwrap_or(Point::Wall)
    }

    /// The colour of the stone at `loc`, if there is one.
    pub fn color(&self, loc: Loc) -> Option<Color> {
        match self.point(loc) {
            Point::Stone(c) => Some(c),
            _ => None,
        }
    }

    /// True for an empty on-board point.
    pub fn is_empty(&self, loc: Loc) -> bool {
        self.point(loc) == Point::Empty
    }

    /// True for an on-board point.
    pub fn on_board(&self, loc: Loc) -> bool {
        self.point(loc) != Point::Wall
    }

    /// The four orthogonal neighbours of an on-board location (some may be walls).
    pub fn adjacent(&self, loc: Loc) -> [Loc; 4] {
        let i = loc.0;
        let s = self.stride as u16;
        [Loc(i - s), Loc(i - 1), Loc(i + 1), Loc(i + s)]
    }

    /// The on-board orthogonal neighbours.
    pub fn neighbors(&self, loc: Loc) -> impl Iterator<Item = Loc> + '_ {
        self.adjacent(loc)
            .into_iter()
            .filter(move |&n| self.on_board(n))
    }

    /// The four diagonal neighbours of an on-board location (some may be walls), each with the
    /// two orthogonal neighbours between it and `loc`.
    pub fn diagonals(&self, loc: Loc) -> [(Loc, Loc, Loc); 4] {
        let i = loc.0;
        let s = self.stride as u16;
        [
            (Loc(i - s - 1), Loc(i - s), Loc(i - 1)),
            (Loc(i - s + 1), Loc(i - s), Loc(i + 1)),
            (Loc(i + s - 1), Loc(i + s), Loc(i - 1)),
            (Loc(i + s + 1), Loc(i + s), Loc(i + 1)),
        ]
    }

    /// How many board edges `loc` lies on: 0 inside, 1 on an edge, 2 in a corner.
    pub fn edge_count(&self, loc: Loc) -> u8 {
        let (x, y) = self.xy(loc);
        let last = self.size - 1;
        u8::from(x == 0 || x == last) + u8::from(y == 0 || y == last)
    }

    /// The head of the string through the stone at `loc` (its identity).
    pub fn string_id(&self, loc: Loc) -> Loc {
        Loc(self.chain_head[loc.index()])
    }

    /// The stones of the string through `loc`, starting at `loc`.
    pub fn string_stones(&self, loc: Loc) -> Vec<Loc> {
        let mut out = Vec::with_capacity(self.stone_count(loc));
        self.each_stone(loc, |s| out.push(s));
        out
    }

    /// Call `f` on each stone of the string through `loc`, starting at `loc` (no allocation:
    /// the reader asks for liberties and neighbours at every move it reads).
    #[inline]
    fn each_stone(&self, loc: Loc, mut f: impl FnMut(Loc)) {
        let mut cur = loc.0;
        loop {
            f(Loc(cur));
            cur = self.next_in_chain[cur as usize];
            if cur == loc.0 {
                break;
            }
        }
    }

    /// The number of liberties of the string through the stone at `loc`.
    pub fn liberty_count(&self, loc: Loc) -> usize {
        self.num_libs[self.chain_head[loc.index()] as usize] as usize
    }

    /// The number of stones of the string through the stone at `loc`.
    pub fn stone_count(&self, loc: Loc) -> usize {
        self.num_stones[self.chain_head[loc.index()] as usize] as usize
    }

    /// The liberties of the string through `loc`, sorted.
    pub fn liberties(&self, loc: Loc) -> Vec<Loc> {
        let count = self.liberty_count(loc);
        let mut libs = Vec::with_capacity(count);
        if count <= SMALL_SET {
            // Few liberties (the reader's strings): gathered in a list, the walk ending as
            // soon as the count kept for the string is reached, then sorted.
            let mut cur = loc.0;
            'walk: loop {
                for n in self.adjacent(Loc(cur)) {
                    if self.points[n.index()] == Point::Empty && !libs.contains(&n) {
                        libs.push(n);
                        if libs.len() == count {
                            break 'walk;
                        }
                    }
                }
                cur = self.next_in_chain[cur as usize];
                if cur == loc.0 {
                    break;
                }
            }
            libs.sort_unstable();
            return libs;
        }
        let mut seen = LocSet::new();
        self.each_stone(loc, |s| {
            for n in self.adjacent(s) {
                if self.is_empty(n) {
                    seen.insert(n);
                }
            }
        });
        seen.extend_sorted(&mut libs);
        libs
    }

    /// The liberties of the string through `loc`, sorted, written to the front of `out`
    /// (no allocation: the tactical reader asks at every node); their number. `None` when
    /// the string has more than `out` holds.
    pub(crate) fn liberties_into(&self, loc: Loc, out: &mut [Loc]) -> Option<usize> {
        let count = self.liberty_count(loc);
        if count > out.len() {
            return None;
        }
        let mut k = 0;
        let mut cur = loc.0;
        'walk: while k < count {
            for n in self.adjacent(Loc(cur)) {
                if self.points[n.index()] == Point::Empty && !out[..k].contains(&n) {
                    out[k] = n;
                    k += 1;
                    if k == count {
                        break 'walk;
                    }
                }
            }
            cur = self.next_in_chain[cur as usize];
            if cur == loc.0 {
                break;
            }
        }
        out[..k].sort_unstable();
        Some(k)
    }

    /// The distinct strings of `color` next to the string through `loc`, by their heads.
    pub fn adjacent_strings(&self, loc: Loc, color: Color) -> Vec<Loc> {
        let mut seen = LocSet::new();
        let mut any = false;
        self.each_stone(loc, |s| {
            for n in self.adjacent(s) {
                if self.points[n.index()] == Point::Stone(color) {
                    seen.insert(self.string_id(n));
                    any = true;
                }
            }
        });
        let mut out = Vec::new();
        if any {
            seen.extend_sorted(&mut out);
        }
        out
    }

    /// [`Board::adjacent_strings`] written to the front of `out` (no allocation: the
    /// tactical reader asks at every node); their number. `None` when there are more than
    /// `out` holds.
    pub(crate) fn adjacent_strings_into(
        &self,
        loc: Loc,
        color: Color,
        out: &mut [Loc],
    ) -> Option<usize> {
        let mut seen = LocSet::new();
        self.each_stone(loc, |s| {
            for n in self.adjacent(s) {
                if self.points[n.index()] == Point::Stone(color) {
                    seen.insert(self.string_id(n));
                }
            }
        });
        seen.write_sorted(out)
    }

    /// The heads of all strings on the board, in board order of their first stone.
    pub fn strings(&self) -> Vec<Loc> {
        let mut seen = LocSet::new();
        let mut out = Vec::new();
        for loc in self.locs() {
            if self.color(loc).is_some() && seen.insert(self.string_id(loc)) {
                out.push(self.string_id(loc));
            }
        }
        out
    }

    /// The current ko point and the colour it forbids.
    pub fn ko(&self) -> Option<(Loc, Color)> {
        self.ko
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> &[MoveRecord] {
        &self.history
    }

    /// Whether `color` may play at `loc` now.
    pub fn is_legal(&self, loc: Loc, color: Color) -> bool {
        self.check_move(loc, color).is_ok()
    }

    fn check_move(&self, loc: Loc, color: Color) -> Result<(), IllegalMove> {
        match self.point(loc) {
            Point::Wall => return Err(IllegalMove::OffBoard),
            Point::Stone(_) => return Err(IllegalMove::Occupied),
            Point::Empty => {}
        }
        if self.ko == Some((loc, color)) {
            return Err(IllegalMove::Ko);
        }
        if !self.suicide_allowed && self.would_be_suicide(loc, color) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// True when a stone of `color` at the empty `loc` would have no liberty after captures.
    pub fn would_be_suicide(&self, loc: Loc, color: Color) -> bool {
        for n in self.adjacent(loc) {
            match self.point(n) {
                Point::Empty => return false,
                Point::Stone(c) if c == color => {
                    if self.liberty_count(n) > 1 {
                        return false;
                    }
                }
                Point::Stone(_) => {
                    if self.liberty_count(n) == 1 {
                        return false;
                    }
                }
                Point::Wall => {}
            }
        }
        true
    }

    /// Put a stone without any rule (setup: SGF `AB`/`AW`, diagrams). Opponent strings left
    /// without liberties are removed, as the SGF standard leaves to the application; returns them.
    pub fn set_stone(&mut self, loc: Loc, color: Option<Color>) -> Result<Vec<Loc>, IllegalMove> {
        if !self.on_board(loc) {
            return Err(IllegalMove::OffBoard);
        }
        self.forget_journal();
        self.put_point(
            loc.index(),
            match color {
                Some(c) => Point::Stone(c),
                None => Point::Empty,
            },
        );
        self.rebuild_around(&[loc]);
        self.ko = None;
        let mut removed = Vec::new();
        if let Some(c) = color {
            for n in self.adjacent(loc) {
                if self.color(n) == Some(c.opponent()) && self.liberty_count(n) == 0 {
                    removed.extend(self.remove_string(n));
                }
            }
        }
        Ok(removed)
    }

    /// Play a move; on success the record is pushed on the history and also returned.
    ///
    /// The strings are updated in place (a stone joins its neighbours' strings, captured
    /// strings leave, the liberties of the strings touched are counted again) and every
    /// value changed is written to the journal, so that [`Board::undo`] puts each back as it
    /// was instead of recomputing strings from the colours: the tactical reader plays and
    /// takes back every move it reads.
    pub fn play(&mut self, loc: Loc, color: Color) -> Result<&MoveRecord, IllegalMove> {
        self.check_move(loc, color)?;
        let mark = self.journal.len();
        let prev_ko = self.ko;
        let i = loc.index();
        self.set_point(i, Point::Stone(color));
        self.set(Field::Head, i, loc.0);
        self.set(Field::Next, i, loc.0);
        self.set(Field::Stones, i, 1);
        // The friendly strings beside the stone, each once.
        let mut friends = [0u16; 4];
        let mut k = 0;
        for n in self.adjacent(loc) {
            if self.points[n.index()] == Point::Stone(color) {
                let h = self.chain_head[n.index()];
                if !friends[..k].contains(&h) {
                    friends[k] = h;
                    k += 1;
                }
            }
        }
        // The liberties of the string the stone makes, counted before the strings merge.
        let libs = self.joined_libs(loc, color, &friends[..k]);
        let mut head = loc.0;
        for &h in &friends[..k] {
            head = self.merge(head, h);
        }
        self.set(Field::Libs, head as usize, libs);
        // Each opponent string beside the stone had the point as one liberty: it has one
        // fewer now, and none means it is captured.
        let mut captured = self.spare.pop().unwrap_or_default();
        let mut seen = [0u16; 4];
        let mut k = 0;
        for n in self.adjacent(loc) {
            if self.color(n) != Some(color.opponent()) {
                continue;
            }
            let h = self.chain_head[n.index()];
            if seen[..k].contains(&h) {
                continue;
            }
            seen[k] = h;
            k += 1;
            let left = self.num_libs[h as usize].saturating_sub(1);
            self.set(Field::Libs, h as usize, left);
            if left == 0 {
                self.take_off(h, &mut captured);
            }
        }
        let mut suicided = Vec::new();
        if self.liberty_count(loc) == 0 {
            self.take_off(self.chain_head[i], &mut suicided);
        }
        self.ko = None;
        if captured.len() == 1
            && suicided.is_empty()
            && self.stone_count(loc) == 1
            && self.liberty_count(loc) == 1
        {
            self.ko = Some((captured[0], color.opponent()));
        }
        self.history.push(MoveRecord {
            loc: Some(loc),
            color,
            captured,
            suicided,
            prev_ko,
        });
        self.marks.push(Some(mark));
        Ok(self.history.last().expect("a move was just pushed"))
    }

    /// Pass: clears the ko and records the pass.
    pub fn pass(&mut self, color: Color) {
        let prev_ko = self.ko.take();
        self.history.push(MoveRecord {
            loc: None,
            color,
            captured: Vec::new(),
            suicided: Vec::new(),
            prev_ko,
        });
        self.marks.push(Some(self.journal.len()));
    }

    /// Undo the last move or pass exactly; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(mut rec) = self.history.pop() else {
            return false;
        };
        match self.marks.pop().flatten() {
            Some(mark) => {
                while self.journal.len() > mark {
                    match self.journal.pop() {
                        Some(Change::Value(field, i, v)) => self.array(field)[i as usize] = v,
                        Some(Change::Point(i, p)) => self.put_point(i as usize, p),
                        None => break,
                    }
                }
            }
            None => {
                if let Some(loc) = rec.loc {
                    let mut touched = vec![loc];
                    self.put_point(loc.index(), Point::Empty);
                    for &s in &rec.suicided {
                        if s != loc {
                            self.put_point(s.index(), Point::Stone(rec.color));
                            touched.push(s);
                        }
                    }
                    for &s in &rec.captured {
                        self.put_point(s.index(), Point::Stone(rec.color.opponent()));
                        touched.push(s);
                    }
                    self.rebuild_around(&touched);
                }
            }
        }
        self.ko = rec.prev_ko;
        if rec.captured.capacity() > 0 && self.spare.len() < SPARE_LISTS {
            rec.captured.clear();
            self.spare.push(rec.captured);
        }
        true
    }

    /// After a setup change the journal no longer leads back to the earlier positions: the
    /// moves played before it are undone from the colours.
    fn forget_journal(&mut self) {
        self.journal.clear();
        for m in &mut self.marks {
            *m = None;
        }
    }

    /// Set the point at grid index `i` (unjournaled), keeping the hash.
    #[inline]
    fn put_point(&mut self, i: usize, p: Point) {
        self.hash ^= zobrist(i, self.points[i]) ^ zobrist(i, p);
        self.points[i] = p;
    }

    /// A 64-bit Zobrist hash of the stones on the board (not the ko, not whose turn it is):
    /// equal positions have equal hashes, kept up to date by every move and undo at the cost
    /// of two exclusive ors per point changed. The tactical reader keys what it has read by it.
    pub fn stones_hash(&self) -> u64 {
        self.hash
    }

    fn set_point(&mut self, i: usize, p: Point) {
        self.journal.push(Change::Point(i as u16, self.points[i]));
        self.put_point(i, p);
    }

    /// One of the string arrays.
    fn array(&mut self, field: Field) -> &mut [u16] {
        match field {
            Field::Head => &mut self.chain_head,
            Field::Next => &mut self.next_in_chain,
            Field::Stones => &mut self.num_stones,
            Field::Libs => &mut self.num_libs,
        }
    }

    /// Set a location's entry of a string array, journaled.
    fn set(&mut self, field: Field, i: usize, v: u16) {
        let array = self.array(field);
        let old = std::mem::replace(&mut array[i], v);
        self.journal.push(Change::Value(field, i as u16, old));
    }

    /// Join the strings with heads `a` and `b` (journaled); the head of the larger one heads
    /// the union, so the smaller one's stones are relabelled.
    fn merge(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.num_stones[a as usize] >= self.num_stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut cur = small;
        loop {
            self.set(Field::Head, cur as usize, big);
            cur = self.next_in_chain[cur as usize];
            if cur == small {
                break;
            }
        }
        // Two circular lists become one by exchanging the successors of one stone of each.
        let (after_big, after_small) = (
            self.next_in_chain[big as usize],
            self.next_in_chain[small as usize],
        );
        self.set(Field::Next, big as usize, after_small);
        self.set(Field::Next, small as usize, after_big);
        let stones = self.num_stones[big as usize] + self.num_stones[small as usize];
        self.set(Field::Stones, big as usize, stones);
        big
    }

    /// A fresh generation of [`Board::stamp`]: no point is marked with it yet.
    fn next_stamp(&mut self) -> u32 {
        self.stamp_gen = self.stamp_gen.wrapping_add(1);
        if self.stamp_gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_gen = 1;
        }
        self.stamp_gen
    }

    /// The liberties of the string a stone of `color` just put at `loc` makes with the
    /// strings `friends` (their heads, before they merge): those of the largest, less the
    /// point played, plus each empty point beside the stone or a smaller friend that is not
    /// beside the largest. Only the smaller strings are walked: a stone joining a long wall
    /// to a short string (the closed fights' throw-ins and connections) costs the short
    /// string's stones, not the wall's.
    fn joined_libs(&mut self, loc: Loc, color: Color, friends: &[u16]) -> u16 {
        let Some(&big) = friends.iter().max_by_key(|&&h| self.num_stones[h as usize]) else {
            return self
                .adjacent(loc)
                .iter()
                .filter(|n| self.points[n.index()] == Point::Empty)
                .count() as u16;
        };
        let gen = self.next_stamp();
        // `loc` was a liberty of every friend.
        let mut libs = self.num_libs[big as usize] - 1;
        // The stone is a string of its own until the merge: its chain is itself.
        let smaller = friends.iter().copied().filter(|&h| h != big);
        for start in std::iter::once(loc.0).chain(smaller) {
            let mut cur = start;
            loop {
                for n in self.adjacent(Loc(cur)) {
                    let j = n.index();
                    if self.points[j] != Point::Empty || self.stamp[j] == gen {
                        continue;
                    }
                    self.stamp[j] = gen;
                    let beside_big = self.adjacent(n).iter().any(|m| {
                        self.points[m.index()] == Point::Stone(color)
                            && self.chain_head[m.index()] == big
                    });
                    libs += u16::from(!beside_big);
                }
                cur = self.next_in_chain[cur as usize];
                if cur == start {
                    break;
                }
            }
        }
        libs
    }

    /// The liberties of the string with head `head`, counted once each.
    fn count_libs(&mut self, head: u16) -> u16 {
        let gen = self.next_stamp();
        let mut count = 0;
        let mut cur = head;
        loop {
            for n in self.adjacent(Loc(cur)) {
                if self.points[n.index()] == Point::Empty && self.stamp[n.index()] != gen {
                    self.stamp[n.index()] = gen;
                    count += 1;
                }
            }
            cur = self.next_in_chain[cur as usize];
            if cur == head {
                break;
            }
        }
        count
    }

    /// Take the string with head `head` off the board (journaled) and count again the
    /// liberties of the strings beside it; its stones are appended to `out`.
    fn take_off(&mut self, head: u16, out: &mut Vec<Loc>) {
        let start = out.len();
        self.each_stone(Loc(head), |s| out.push(s));
        let color = self.points[head as usize];
        for &s in &out[start..] {
            self.set_point(s.index(), Point::Empty);
        }
        // Each string beside the stones gains, as liberties, the points of the stones beside
        // it (they were stones, so none was one of its liberties): counted from the stones,
        // not from the strings beside them, which may be long. On the stack: a capture is
        // read at many nodes.
        let mut gained: smallvec::SmallVec<[(u16, u16); 8]> = smallvec::SmallVec::new();
        for &s in &out[start..] {
            let mut seen = [0u16; 4];
            let mut k = 0;
            for n in self.adjacent(s) {
                if matches!(self.points[n.index()], Point::Stone(_))
                    && self.points[n.index()] != color
                {
                    let h = self.chain_head[n.index()];
                    if seen[..k].contains(&h) {
                        continue;
                    }
                    seen[k] = h;
                    k += 1;
                    match gained.iter_mut().find(|(g, _)| *g == h) {
                        Some((_, count)) => *count += 1,
                        None => gained.push((h, 1)),
                    }
                }
            }
        }
        for (h, count) in gained {
            let libs = self.num_libs[h as usize] + count;
            self.set(Field::Libs, h as usize, libs);
        }
    }

    /// Remove the string through `loc`, returning its stones.
    fn remove_string(&mut self, loc: Loc) -> Vec<Loc> {
        let stones = self.string_stones(loc);
        for &s in &stones {
            self.put_point(s.index(), Point::Empty);
        }
        self.rebuild_around(&stones);
        stones
    }

    /// Recompute the strings through the stones at and next to every location of `seeds`.
    ///
    /// Linear in the stones of the strings met (membership in bit sets, not in lists): an
    /// SGF setup calls this for each stone it places, and a finished 19x19 position has
    /// strings of dozens of stones.
    fn rebuild_around(&mut self, seeds: &[Loc]) {
        let mut done = LocSet::new();
        let mut stones = Vec::new();
        for &seed in seeds {
            let [a, b, c, d] = self.adjacent(seed);
            for l in [seed, a, b, c, d] {
                if self.color(l).is_some() && !done.contains(l) {
                    self.flood_string(l, &mut stones);
                    self.link_string(&stones);
                    for &s in &stones {
                        done.insert(s);
                    }
                }
            }
        }
    }

    /// The stones connected to the stone at `loc`, by flood fill over colours only, into
    /// `stones` (emptied first), `loc` first.
    fn flood_string(&self, loc: Loc, stones: &mut Vec<Loc>) {
        let color = self.point(loc);
        let mut seen = LocSet::new();
        stones.clear();
        stones.push(loc);
        seen.insert(loc);
        let mut i = 0;
        while i < stones.len() {
            for n in self.adjacent(stones[i]) {
                if self.point(n) == color && seen.insert(n) {
                    stones.push(n);
                }
            }
            i += 1;
        }
    }

    fn link_string(&mut self, stones: &[Loc]) {
        let head = stones[0];
        for (k, &s) in stones.iter().enumerate() {
            self.chain_head[s.index()] = head.0;
            self.next_in_chain[s.index()] = stones[(k + 1) % stones.len()].0;
        }
        self.num_stones[head.index()] = stones.len() as u16;
        self.num_libs[head.index()] = self.count_libs(head.0);
    }

    /// Recompute every string from the colours (after setting points directly).
    pub(crate) fn rebuild_all(&mut self) {
        self.forget_journal();
        let locs: Vec<Loc> = self.locs().collect();
        self.rebuild_around(&locs);
    }

    /// Set a point's colour without updating strings; call [`Board::rebuild_all`] after.
    pub(crate) fn put_raw(&mut self, loc: Loc, color: Option<Color>) {
        self.put_point(loc.index(), color.map_or(Point::Empty, Point::Stone));
    }

    /// Recompute strings and liberties from the colours alone and compare with the
    /// incremental data; also checks the walls and the ko point.
    pub fn check_consistency(&self) -> Result<(), String> {
        let hash = (0..self.points.len()).fold(0, |h, i| h ^ zobrist(i, self.points[i]));
        if hash != self.hash {
            return Err("stones hash out of date".to_string());
        }
        for (i, p) in self.points.iter().enumerate() {
            let on = i % self.stride != 0 && i > self.stride && i < self.stride * (self.size + 1);
            if on != (*p != Point::Wall) {
                return Err(format!("index {i}: wall layout broken"));
            }
        }
        for loc in self.locs() {
            if self.color(loc).is_none() {
                continue;
            }
            let mut fresh = Vec::new();
            self.flood_string(loc, &mut fresh);
            let mut listed = self.string_stones(loc);
            if listed.len() > fresh.len() {
                return Err(format!("{loc:?}: chain list longer than the string"));
            }
            let head = self.string_id(loc);
            for &s in &fresh {
                if self.string_id(s) != head {
                    return Err(format!("{s:?}: head differs within one string"));
                }
            }
            listed.sort();
            let mut f = fresh.clone();
            f.sort();
            if listed != f {
                return Err(format!("{loc:?}: chain list {listed:?} != string {f:?}"));
            }
            if self.stone_count(loc) != fresh.len() {
                return Err(format!("{loc:?}: stone count wrong"));
            }
            if self.liberty_count(loc) != self.liberties(loc).len() {
                return Err(format!("{loc:?}: liberty count wrong"));
            }
            if self.liberty_count(loc) == 0 {
                return Err(format!("{loc:?}: string without liberties"));
            }
        }
        if let Some((k, _)) = self.ko {
            if !self.is_empty(k) {
                return Err(format!("ko point {k:?} is not empty"));
            }
        }
        Ok(())
    }

    /// The board as a diagram: `X`, `O`, `.` with a space between cells, one row a line.
    pub fn to_diagram(&self) -> String {
        let mut s = String::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if x > 0 {
                    s.push(' ');
                }
                let loc = self.loc(x, y).unwrap();
                s.push(self.color(loc).map_or('.', Color::to_char));
            }
            s.push('\n');
        }
        s
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.points == other.points
            && self.ko == other.ko
            && self.suicide_allowed == other.suicide_allowed
            && self.history == other.history
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{} ko {:?}", self.size, self.size, self.ko)?;
        f.write_str(&self.to_diagram())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ascii;

    #[test]
    fn sizes() {
        // GNU Go's smallest board, 1x1, is accepted (GTP `boardsize 1`).
        assert!(Board::new(0).is_err());
        assert!(Board::new(26).is_err());
        for n in MIN_SIZE..=MAX_SIZE {
            let bd = Board::new(n).unwrap();
            assert_eq!(bd.locs().count(), n * n);
            bd.check_consistency().unwrap();
        }
    }

    #[test]
    fn capture_and_undo() {
        let p = ascii::parse_board(
            "+-------+\n|a X . .|\n|X O . .|\n|b . . .|\n|. . . .|\n+-------+",
            None,
        )
        .unwrap();
        let mut bd = p.board;
        let (a, b) = (p.labels[&'a'], p.labels[&'b']);
        assert_eq!(bd.play(a, Color::White).unwrap_err(), IllegalMove::Suicide);
        let before = bd.clone();
        bd.play(b, Color::White).unwrap();
        bd.check_consistency().unwrap();
        let rec = bd.play(a, Color::White).unwrap().clone();
        assert_eq!(rec.captured, vec![bd.loc(0, 1).unwrap()]);
        assert_eq!(bd.to_diagram(), "O X . .\n. O . .\nO . . .\n. . . .\n");
        bd.check_consistency().unwrap();
        assert!(bd.undo() && bd.undo());
        bd.check_consistency().unwrap();
        assert_eq!(bd, before);
    }

    #[test]
    fn ko_is_simple() {
        let p = ascii::parse_board(". X O .\nX a b O\n. X O .", Some(6)).unwrap();
        let mut bd = p.board;
        let (a, b) = (p.labels[&'a'], p.labels[&'b']);
        bd.play(b, Color::Black).unwrap();
        bd.play(a, Color::White).unwrap();
        assert_eq!(bd.ko(), Some((b, Color::Black)));
        assert_eq!(bd.play(b, Color::Black).unwrap_err(), IllegalMove::Ko);
        bd.pass(Color::Black);
        assert!(bd.is_legal(b, Color::Black));
        bd.undo();
        assert_eq!(bd.ko(), Some((b, Color::Black)));
        bd.check_consistency().unwrap();
    }

    #[test]
    fn suicide_rule() {
        let p = ascii::parse_board("|X X .\n|a X .\n+-----", Some(5)).unwrap();
        let mut bd = p.board;
        let a = p.labels[&'a'];
        assert!(!bd.is_legal(a, Color::White));
        bd.set_suicide_allowed(true);
        let rec = bd.play(a, Color::White).unwrap().clone();
        assert_eq!(rec.suicided, vec![a]);
        assert!(bd.is_empty(a));
        bd.check_consistency().unwrap();
        bd.undo();
        bd.check_consistency().unwrap();
    }

    #[test]
    fn random_games_stay_consistent_and_undo_exactly() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        // 19x19: stones joining long strings to short ones (the liberties of the merged
        // string are counted from the shorter ones).
        for size in [2, 3, 5, 9, 19] {
            let mut bd = Board::new(size).unwrap();
            bd.set_suicide_allowed(size % 2 == 1);
            let mut snapshots = vec![bd.clone()];
            let mut color = Color::Black;
            for _ in 0..300 {
                let x = rng.random_range(0..size);
                let y = rng.random_range(0..size);
                let loc = bd.loc(x, y).unwrap();
                if rng.random_bool(0.05) {
                    bd.pass(color);
                } else if bd.play(loc, color).is_err() {
                    continue;
                }
                bd.check_consistency().unwrap();
                // The reader's lists on the stack are the lists, where they fit.
                for s in bd.strings() {
                    let mut few = [Loc(0); 4];
                    match bd.liberties_into(s, &mut few) {
                        Some(n) => assert_eq!(few[..n], bd.liberties(s)[..]),
                        None => assert!(bd.liberty_count(s) > 4),
                    }
                    for c in [Color::Black, Color::White] {
                        let all = bd.adjacent_strings(s, c);
                        let mut few = [Loc(0); 3];
                        match bd.adjacent_strings_into(s, c, &mut few) {
                            Some(n) => assert_eq!(few[..n], all[..]),
                            None => assert!(all.len() > 3),
                        }
                    }
                }
                snapshots.push(bd.clone());
                color = color.opponent();
            }
            snapshots.pop();
            while let Some(s) = snapshots.pop() {
                assert!(bd.undo());
                assert_eq!(bd, s);
                // The journal puts back the strings and liberties too, not the colours only.
                bd.check_consistency().unwrap();
            }
            assert!(!bd.undo());
        }
    }

    /// A setup change between moves: the moves before it are undone from the colours, those
    /// after it from the journal, and the strings stay right either way.
    #[test]
    fn moves_around_a_setup_change_undo_exactly() {
        let mut bd = Board::new(5).unwrap();
        let play_all = |bd: &mut Board, moves: [(usize, usize, Color); 3]| {
            for (x, y, c) in moves {
                let l = bd.loc(x, y).unwrap();
                bd.play(l, c).unwrap();
                bd.check_consistency().unwrap();
            }
        };
        let (b, w) = (Color::Black, Color::White);
        play_all(&mut bd, [(1, 1, b), (1, 2, w), (2, 1, b)]);
        let before_setup = bd.clone();
        let l = bd.loc(2, 2).unwrap();
        bd.set_stone(l, Some(w)).unwrap();
        bd.check_consistency().unwrap();
        let after_setup = bd.clone();
        play_all(&mut bd, [(3, 2, b), (2, 3, w), (3, 1, b)]);
        for _ in 0..3 {
            assert!(bd.undo());
            bd.check_consistency().unwrap();
        }
        assert_eq!(bd, after_setup);
        for _ in 0..3 {
            assert!(bd.undo());
            bd.check_consistency().unwrap();
        }
        assert!(!bd.undo());
        // The white stone set up stays; the three moves before it are gone.
        assert_eq!(bd.color(l), Some(Color::White));
        assert_eq!(bd.history().len(), 0);
        assert_ne!(bd, before_setup);
    }
}
