//! A quick reader of encoded eye spaces straight to bit rows, for hosts that match in a loop.
//!
//! Takes the bytes of one encoded graph (GNU Go's `OO!%O.X%!...`, see [`crate::pattern::encoded`]);
//! gives a [`QuickGraph`]: adjacency as bit rows, marginal and stone masks, edge counts and
//! coordinates, vertices in reading order, exactly as [`crate::pattern::graph::EyeGraph::from_diagram`]
//! numbers them. Nothing is allocated. It reads every valid graph whose characters are cell
//! markers, of at most [`QUICK_ROWS`] rows and [`QUICK_COLUMNS`] columns: one connected space,
//! edge markers where edges can be, any number of `O` (or space) cells off it, and the cells
//! the space closes in taken as enclosed defender stones (vertices after the space's, in
//! reading order, as [`crate::pattern::diagram::Diagram::enclosed`] finds them), each string of
//! them with a liberty. Anything else (an error to report, or a larger grid) gives `None`, and
//! the caller takes the full reader, which says what is wrong or reads the larger grid; but
//! [`read_checked`] names itself the one error it meets on its way, a string of enclosed
//! stones without a liberty, as the full reader would.
//!
//! It reads in two halves. [`QuickRows::scan`] reads the bytes into bit rows (one per kind
//! of cell) and checks them; it knows then the graph's size, marginal count and degrees, all
//! a database bucket is keyed by, so a host that batches lookups skips the second half for
//! a graph no bucket holds (most of them). [`QuickRows::graph`] numbers the vertices and
//! gives the [`QuickGraph`].

use crate::pattern::graph::canon::{Compact, MAX_VERTICES};

/// Most rows the quick reader takes.
pub const QUICK_ROWS: usize = 16;
/// Most cells in a row the quick reader takes (the padded grid fits a `u32`).
pub const QUICK_COLUMNS: usize = 30;

/// An eye space, as bit rows: the space's vertices, then its enclosed defender stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickGraph {
    /// Number of vertices, enclosed defender stones included.
    pub n: usize,
    /// Bit `w` of `adj[v]` when vertices `v` and `w` are neighbours.
    pub adj: [u32; MAX_VERTICES],
    /// Bit `v` when vertex `v` is marginal.
    pub marginal: u32,
    /// Bit `v` when an attacker stone stands on vertex `v`.
    pub stone: u32,
    /// Bit `v` when vertex `v` is an enclosed defender stone (the last vertices).
    pub defender: u32,
    /// Board edges beside each vertex: 0, 1 or 2.
    pub edge: [u8; MAX_VERTICES],
    /// The (row, column) of each vertex in the encoding.
    pub coord: [(u8, u8); MAX_VERTICES],
}

impl QuickGraph {
    /// The compact form, coloured as a database lookup keys it (marginal, stone, enclosed
    /// defender stone).
    pub(crate) fn compact(&self) -> Compact {
        let mut c = Compact::empty();
        c.n = self.n;
        c.adj = self.adj;
        // Most vertices are plain (colour 0, as `empty` leaves them): only the others.
        let mut coloured = self.marginal | self.stone | self.defender;
        while coloured != 0 {
            let v = coloured.trailing_zeros() as usize;
            coloured &= coloured - 1;
            c.color[v] = (self.marginal >> v & 1) as u8
                | ((self.stone >> v & 1) as u8) << 1
                | ((self.defender >> v & 1) as u8) << 2;
        }
        c
    }

    /// Number of eye-space vertices (enclosed defender stones not counted).
    pub fn len(&self) -> usize {
        self.n - self.defender.count_ones() as usize
    }

    /// True when the graph has no vertex (never, for a graph [`read`] gives).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
}

/// What each byte of the encoding is, for the quick reader: 0 for anything the full reader
/// must look at, [`ROW`] between rows, [`OFF`] off the space, an edge marker, or [`VERTEX`]
/// with [`MARGINAL`] and [`STONE`].
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'%' as usize] = ROW;
    t[b'O' as usize] = OFF;
    t[b' ' as usize] = OFF;
    t[b'|' as usize] = VERTICAL;
    t[b'-' as usize] = HORIZONTAL;
    t[b'+' as usize] = CORNER;
    let plain = [b'.', b'*', b'<', b'>'];
    let mut k = 0;
    while k < plain.len() {
        t[plain[k] as usize] = VERTEX;
        k += 1;
    }
    let margin = [b'!', b'@', b'(', b')'];
    let mut k = 0;
    while k < margin.len() {
        t[margin[k] as usize] = VERTEX | MARGINAL;
        k += 1;
    }
    t[b'X' as usize] = VERTEX | STONE;
    t[b'$' as usize] = VERTEX | MARGINAL | STONE;
    t
};
/// Which row set of the grid a cell byte marks: 0 off the space, 1 a vertex, 2 `|`, 3 `-`,
/// 4 `+` (bytes [`CLASS`] refuses, and `%`, never get here).
const KIND: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match CLASS[b] {
            VERTICAL => 2,
            HORIZONTAL => 3,
            CORNER => 4,
            c if c & VERTEX != 0 => 1,
            _ => 0,
        };
        b += 1;
    }
    t
};
/// [`CLASS`] and [`KIND`] in one byte, for the byte loop of [`QuickRows::scan`]: bits 0 to 2
/// the kind's row set ([`JUNK`] for `%` and for bytes the quick reader refuses), bits 3 and 4
/// the vertex's attributes (1 marginal, 2 stone), [`NEXT_ROW`] for `%`, [`REFUSED`] for a
/// byte the full reader must look at.
const CELL: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let class = CLASS[b];
        t[b] = if class == ROW {
            JUNK | NEXT_ROW
        } else if class == 0 {
            JUNK | REFUSED
        } else {
            KIND[b] | ((class >> 4) & 3) << 3
        };
        b += 1;
    }
    t
};
/// The row set nothing reads: where `%` and refused bytes write their bit.
const JUNK: u8 = 5;
/// [`CELL`]'s flag of `%` (bit 5: the byte loop shifts it down).
const NEXT_ROW: u8 = 32;
/// [`CELL`]'s flag of a byte the quick reader refuses.
const REFUSED: u8 = 64;
const ROW: u8 = 1;
const OFF: u8 = 2;
const VERTICAL: u8 = 3;
const HORIZONTAL: u8 = 4;
const CORNER: u8 = 5;
const VERTEX: u8 = 8;
const MARGINAL: u8 = 16;
const STONE: u8 = 32;

/// What [`read_checked`] makes of a text.
// The graph is returned by value on purpose: boxing it would allocate once a line.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quick {
    /// A valid graph, read.
    Graph(QuickGraph),
    /// A graph valid but for a string of enclosed defender stones without a liberty: not a
    /// legal position. The full reader's error names the string's first stone in reading
    /// order, at this row and column of the encoding.
    NoLiberty {
        /// The stone's vertex number (after the space's vertices, in reading order).
        vertex: u8,
        /// The stone's row in the encoding.
        row: u8,
        /// The stone's column in the encoding.
        column: u8,
    },
    /// Anything else: the full reader says what is wrong, or reads the larger grid.
    Declined,
}

/// An encoded graph as bit rows, before its vertices are numbered: what
/// [`QuickRows::scan`] reads and [`QuickRows::graph`] numbers. Its size, marginal count and
/// degrees are known here, so a host can tell a graph no database bucket holds without
/// numbering it. One value reads graph after graph: each scan clears only the rows it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickRows {
    /// Rows of the encoding (0 until a scan reads a valid graph).
    rows: usize,
    /// Vertices of the space.
    space: usize,
    /// Enclosed defender stones.
    stones: usize,
    /// Marginal vertices.
    marginals: usize,
    /// Vertices (enclosed stones included) by number of neighbours, 0 to 4.
    degrees: [u8; 5],
    /// Per kind of cell (0 off the space, 1 a vertex, 2 `|`, 3 `-`, 4 `+`, 5 [`JUNK`], 6 and 7 unused) and row (one down:
    /// row `r` of the encoding is `r + 1`, and row 0 stays empty), bit `c` for column `c`.
    kinds: [[u32; QUICK_ROWS + 2]; 8],
    /// The same per pair of attributes of a vertex: 0 none, 1 marginal, 2 attacker stone,
    /// 3 both.
    attrs: [[u32; QUICK_ROWS + 2]; 4],
    /// The same for an enclosed defender stone.
    encl: [u32; QUICK_ROWS + 2],
    /// The last row the byte loop of the scan before wrote (rows of [`QuickRows::kinds`] 1
    /// to 4 and of [`QuickRows::attrs`] 1 to 3 are zero beyond it).
    dirty: usize,
}

impl Default for QuickRows {
    fn default() -> Self {
        QuickRows::new()
    }
}

/// What [`QuickRows::scan`] makes of a text: as [`Quick`], the graph kept in the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    /// A valid graph, in the rows.
    Read,
    /// As [`Quick::NoLiberty`].
    NoLiberty {
        /// The stone's vertex number (after the space's vertices, in reading order).
        vertex: u8,
        /// The stone's row in the encoding.
        row: u8,
        /// The stone's column in the encoding.
        column: u8,
    },
    /// As [`Quick::Declined`].
    Declined,
}

/// Read `text` when it is the plain case; `None` otherwise (see the module documentation).
///
/// ```
/// use nakade::pattern::quick::read;
/// let g = read(b"|..%|.!%+--").unwrap();
/// assert_eq!((g.n, g.marginal), (4, 0b1000));
/// assert_eq!(g.edge[..4], [1, 0, 2, 1]);
/// assert_eq!(g.coord[3], (1, 2));
/// assert!(read(b"..%.x").is_none()); // a wildcard: the full reader reports it
/// ```
pub fn read(text: &[u8]) -> Option<QuickGraph> {
    match read_checked(text) {
        Quick::Graph(g) => Some(g),
        _ => None,
    }
}

/// [`read`], telling apart the one error it finds itself: enclosed stones without a liberty.
///
/// ```
/// use nakade::pattern::quick::{read_checked, Quick};
/// // Black X at row 3, column 1 and the defender stone O beside it in the corner:
/// assert_eq!(
///     read_checked(b"X.O|%O.O|%O!X|%OXO|%---+"),
///     Quick::NoLiberty { vertex: 6, row: 3, column: 2 }
/// );
/// ```
pub fn read_checked(text: &[u8]) -> Quick {
    let mut rows = QuickRows::new();
    match rows.scan(text) {
        Scan::Read => Quick::Graph(rows.graph()),
        Scan::NoLiberty {
            vertex,
            row,
            column,
        } => Quick::NoLiberty {
            vertex,
            row,
            column,
        },
        Scan::Declined => Quick::Declined,
    }
}

/// True when `x` is one run of bits (or none).
#[inline]
fn one_run(x: u32) -> bool {
    x & x.wrapping_add(x & x.wrapping_neg()) == 0
}

/// Flood `reach` (a part of `within`) through `within`, rows `1..=rows`, along rows and
/// between neighbouring rows, down and up in turn until nothing grows.
#[inline]
fn flood(reach: &mut [u32; QUICK_ROWS + 2], within: &[u32; QUICK_ROWS + 2], rows: usize) {
    loop {
        let mut grew = false;
        for r in (1..=rows).chain((1..rows).rev()) {
            let seed = reach[r] | ((reach[r - 1] | reach[r + 1]) & within[r]);
            if seed != reach[r] {
                reach[r] = fill_along(seed, within[r]);
                grew = true;
            }
        }
        if !grew {
            return;
        }
    }
}

impl QuickRows {
    /// Empty rows, ready for [`QuickRows::scan`].
    pub fn new() -> QuickRows {
        QuickRows {
            rows: 0,
            space: 0,
            stones: 0,
            marginals: 0,
            degrees: [0; 5],
            kinds: [[0; QUICK_ROWS + 2]; 8],
            attrs: [[0; QUICK_ROWS + 2]; 4],
            encl: [0; QUICK_ROWS + 2],
            dirty: 0,
        }
    }

    /// Read `text` into the rows and check it (see the module documentation): the first half
    /// of [`read_checked`], every error found, the vertices not yet numbered. After anything
    /// but [`Scan::Read`] the rows hold no graph ([`QuickRows::graph`] is empty).
    ///
    /// ```
    /// use nakade::pattern::quick::{QuickRows, Scan};
    /// let mut rows = QuickRows::new();
    /// assert_eq!(rows.scan(b"|..%|.!%+--"), Scan::Read);
    /// assert_eq!((rows.len(), rows.marginals(), rows.degrees()), (4, 1, [0, 0, 4, 0, 0]));
    /// assert_eq!(rows.graph().marginal, 0b1000);
    /// assert_eq!(rows.scan(b"..%.x"), Scan::Declined);
    /// assert_eq!(rows.graph().n, 0);
    /// ```
    pub fn scan(&mut self, text: &[u8]) -> Scan {
        // As `canon::canonical`: the same code compiled with `popcnt` where the processor has
        // it.
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has popcnt, checked just above.
            return unsafe { self.scan_popcnt(text) };
        }
        self.scan_portable(text)
    }

    /// [`QuickRows::scan`] compiled with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn scan_popcnt(&mut self, text: &[u8]) -> Scan {
        self.scan_portable(text)
    }

    /// [`QuickRows::scan`] for any processor (inlined into [`QuickRows::scan_popcnt`]).
    #[inline(always)]
    fn scan_portable(&mut self, text: &[u8]) -> Scan {
        // No graph until one is read.
        (self.rows, self.space, self.stones) = (0, 0, 0);
        // Only the rows read are cleared: not those off the space, junk, or without
        // attributes, and only as far down as the scan before wrote.
        // (Row by row, a few stores each: no call to `memset` for a handful of words.)
        for r in 1..=self.dirty.min(QUICK_ROWS + 1) {
            for k in 1..=4 {
                self.kinds[k][r] = 0;
            }
            for a in 1..=3 {
                self.attrs[a][r] = 0;
            }
        }
        // No branch on the byte (cells and row ends alternate at random, and branches on
        // them are mispredicted): its kind's row takes its bit, and its attributes' row too
        // (the row of none is not read); `%` and refused bytes write to a row nothing reads,
        // `%` moves to the next row, and a refused byte is seen after the loop. Rows are
        // stored one down, so that row -1 exists and is empty.
        // A row past the last allowed writes to the padding row below it, a column past the
        // last to bits it wraps round to: both refused after the loop.
        let (mut r, mut col, mut width, mut seen) = (1usize, 0u32, 0u32, 0u8);
        for &b in text {
            let cell = CELL[b as usize];
            let bit = 1u32.wrapping_shl(col);
            self.kinds[(cell & 7) as usize][r] |= bit;
            self.attrs[((cell >> 3) & 3) as usize][r] |= bit;
            seen |= cell;
            width = width.max(col);
            let next_row = u32::from(cell >> 5) & 1;
            col = (col + 1) & next_row.wrapping_sub(1);
            r = (r + next_row as usize).min(QUICK_ROWS + 1);
        }
        self.dirty = r;
        let width = width.max(col) as usize;
        if seen & REFUSED != 0 || r > QUICK_ROWS || width > QUICK_COLUMNS {
            return Scan::Declined;
        }
        let rows = r;
        let [_, vert, vertical, horizontal, corner, ..] = &self.kinds;
        let space: usize = vert[1..=rows].iter().map(|v| v.count_ones() as usize).sum();
        if space == 0 || space > MAX_VERTICES {
            return Scan::Declined;
        }
        // Edge markers only where a board edge can be (the full reader names the error). The
        // space is one connected piece: when each row is one run and each touches the next,
        // at once; otherwise flooded from its first vertex.
        let mut runs = true;
        let mut first = 0;
        for r in 1..=rows {
            let beside = vert[r] << 1 | vert[r] >> 1;
            let (left, right) = (vert[r] << 1, vert[r] >> 1);
            let (up, down) = (vert[r - 1], vert[r + 1]);
            if vertical[r] & ((left & right) | up | down) != 0
                || horizontal[r] & ((up & down) | beside) != 0
                || corner[r] & (beside | up | down) != 0
            {
                return Scan::Declined;
            }
            if vert[r] != 0 {
                if first == 0 {
                    first = r;
                } else if vert[r - 1] & vert[r] == 0 {
                    runs = false;
                }
                runs &= one_run(vert[r]);
            }
        }
        if !runs {
            let mut reach = [0u32; QUICK_ROWS + 2];
            reach[first] = fill_along(vert[first] & vert[first].wrapping_neg(), vert[first]);
            flood(&mut reach, vert, rows);
            if reach[1..=rows] != vert[1..=rows] {
                return Scan::Declined;
            }
        }
        // The cells off the space that the space and the edges close in: enclosed defender
        // stones. A cell off the space on the grid's rim touches the outside, so only one
        // further in can be closed in: most spaces have none, and skip the flood.
        let encl = &mut self.encl;
        encl[..=rows + 1].fill(0);
        let inner_columns = ((1u64 << width) - 1) as u32 & !0b11;
        if (2..rows).any(|r| {
            !((vert[r] | vertical[r] | horizontal[r] | corner[r]) << 1) & inner_columns != 0
        }) {
            enclosed_cells(vert, vertical, horizontal, corner, rows, width, encl);
        }
        let stones: usize = encl[1..=rows].iter().map(|e| e.count_ones() as usize).sum();
        if space + stones > MAX_VERTICES {
            return Scan::Declined;
        }
        let attrs = &self.attrs;
        let marginal = |r: usize| attrs[1][r] | attrs[3][r];
        let stone = |r: usize| attrs[2][r] | attrs[3][r];
        // Every string of enclosed stones with a liberty: a point of the space beside it that
        // is not an attacker stone. The first stone in reading order of a string without one
        // is named, as the full reader names it.
        if stones > 0 {
            // Most enclosed stones have a liberty of their own: then no flood.
            let mut reach = [0u32; QUICK_ROWS + 2];
            let breathe = |r: usize| vert[r] & !stone(r);
            let mut all_breathe = true;
            for r in 1..=rows {
                let beside = breathe(r) << 1 | breathe(r) >> 1 | breathe(r - 1) | breathe(r + 1);
                reach[r] = encl[r] & beside;
                all_breathe &= reach[r] == encl[r];
            }
            if !all_breathe {
                for r in 1..=rows {
                    reach[r] = fill_along(reach[r], encl[r]);
                }
                flood(&mut reach, encl, rows);
            }
            let mut before = space;
            for r in 1..=rows {
                let left = encl[r] & !reach[r];
                if left != 0 {
                    let c = left.trailing_zeros();
                    let vertex = before + (encl[r] & ((1u32 << c) - 1)).count_ones() as usize;
                    return Scan::NoLiberty {
                        vertex: vertex as u8,
                        row: (r - 1) as u8,
                        column: c as u8,
                    };
                }
                before += encl[r].count_ones() as usize;
            }
        }
        // Degrees, four bits added at once in each row: the neighbours to the left, right,
        // above and below, as a number of three bits per cell.
        let mut degrees = [0u8; 5];
        let mut marginals = 0;
        for r in 1..=rows {
            let all = |r: usize| vert[r] | encl[r];
            let here = all(r);
            let (a, b, c, d) = (here << 1, here >> 1, all(r - 1), all(r + 1));
            let (ab0, ab1, cd0, cd1) = (a ^ b, a & b, c ^ d, c & d);
            let s0 = ab0 ^ cd0;
            let carry = ab0 & cd0;
            let s1 = ab1 ^ cd1 ^ carry;
            let s2 = (ab1 & cd1) | (carry & (ab1 ^ cd1));
            let (n0, n1) = (!s0 & here, s0 & here);
            degrees[0] += (n0 & !s1 & !s2).count_ones() as u8;
            degrees[1] += (n1 & !s1).count_ones() as u8;
            degrees[2] += (n0 & s1).count_ones() as u8;
            degrees[3] += (n1 & s1).count_ones() as u8;
            degrees[4] += (here & s2).count_ones() as u8;
            marginals += marginal(r).count_ones() as usize;
        }
        (self.rows, self.space, self.stones) = (rows, space, stones);
        (self.marginals, self.degrees) = (marginals, degrees);
        Scan::Read
    }

    /// Number of eye-space vertices (enclosed defender stones not counted).
    pub fn len(&self) -> usize {
        self.space
    }

    /// True when the rows hold no graph (no scan, or a scan that did not read one).
    pub fn is_empty(&self) -> bool {
        self.space == 0
    }

    /// Number of vertices, enclosed defender stones included.
    pub fn vertices(&self) -> usize {
        self.space + self.stones
    }

    /// Number of marginal vertices.
    pub fn marginals(&self) -> usize {
        self.marginals
    }

    /// How many vertices (enclosed defender stones included) have 0, 1, 2, 3 and 4
    /// neighbours.
    pub fn degrees(&self) -> [u8; 5] {
        self.degrees
    }

    /// The graph, its vertices numbered in reading order: the second half of
    /// [`read_checked`].
    pub fn graph(&self) -> QuickGraph {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has popcnt, checked just above.
            return unsafe { self.graph_popcnt() };
        }
        self.graph_portable()
    }

    /// [`QuickRows::graph`] compiled with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn graph_popcnt(&self) -> QuickGraph {
        self.graph_portable()
    }

    /// [`QuickRows::graph`] for any processor (inlined into [`QuickRows::graph_popcnt`]).
    #[inline(always)]
    fn graph_portable(&self) -> QuickGraph {
        let (rows, space, stones) = (self.rows, self.space, self.stones);
        let [_, vert, vertical, horizontal, ..] = &self.kinds;
        let encl = &self.encl;
        let attrs = &self.attrs;
        let marginal = |r: usize| attrs[1][r] | attrs[3][r];
        let stone = |r: usize| attrs[2][r] | attrs[3][r];
        let mut g = QuickGraph {
            n: space + stones,
            adj: [0; MAX_VERTICES],
            marginal: 0,
            stone: 0,
            defender: 0,
            edge: [0; MAX_VERTICES],
            coord: [(0, 0); MAX_VERTICES],
        };
        // Vertices are numbered in reading order, the space's first, then the enclosed
        // stones: the vertex at a cell is the number of its kind in the rows above and to
        // its left in its row, after the space's for a stone.
        let mut first_of_row = [0usize; QUICK_ROWS + 2];
        let mut first_stone_of_row = [0usize; QUICK_ROWS + 2];
        let (mut v, mut s) = (0usize, space);
        for r in 1..=rows {
            first_of_row[r] = v;
            first_stone_of_row[r] = s;
            let mut m = vert[r];
            while m != 0 {
                let c = m.trailing_zeros();
                m &= m - 1;
                g.coord[v] = ((r - 1) as u8, c as u8);
                g.marginal |= (marginal(r) >> c & 1) << v;
                g.stone |= (stone(r) >> c & 1) << v;
                v += 1;
            }
            let mut e = encl[r];
            while e != 0 {
                let c = e.trailing_zeros();
                e &= e - 1;
                g.coord[s] = ((r - 1) as u8, c as u8);
                g.defender |= 1 << s;
                s += 1;
            }
        }
        first_of_row[rows + 1] = v;
        first_stone_of_row[rows + 1] = s;
        let index = |r: usize, bit: u32| -> Option<usize> {
            if vert[r] & bit != 0 {
                Some(first_of_row[r] + (vert[r] & (bit - 1)).count_ones() as usize)
            } else if encl[r] & bit != 0 {
                Some(first_stone_of_row[r] + (encl[r] & (bit - 1)).count_ones() as usize)
            } else {
                None
            }
        };
        // Neighbours (to the right and below, both ways) and edge counts.
        for v in 0..g.n {
            let (r, c) = (g.coord[v].0 as usize, g.coord[v].1 as usize);
            let pr = r + 1;
            let bit = 1u32 << c;
            if stones == 0 {
                // The plain case: vertices only, the next one in reading order to the right.
                if vert[pr] & bit << 1 != 0 {
                    let w = v + 1;
                    g.adj[v] |= 1 << w;
                    g.adj[w] |= 1 << v;
                }
                if vert[pr + 1] & bit != 0 {
                    let w = first_of_row[pr + 1] + (vert[pr + 1] & (bit - 1)).count_ones() as usize;
                    g.adj[v] |= 1 << w;
                    g.adj[w] |= 1 << v;
                }
            } else {
                for w in [index(pr, bit << 1), index(pr + 1, bit)]
                    .into_iter()
                    .flatten()
                {
                    g.adj[v] |= 1 << w;
                    g.adj[w] |= 1 << v;
                }
            }
            let edges = (vertical[pr] & bit << 1 != 0) as u8
                + (c > 0 && vertical[pr] & bit >> 1 != 0) as u8
                + (horizontal[pr - 1] & bit != 0) as u8
                + (horizontal[pr + 1] & bit != 0) as u8;
            g.edge[v] = edges.min(2);
        }
        g
    }
}

/// The bits of `off` joined along the row to its first or its last bit (`off` holds both:
/// the padding columns of the grid `full` spans): the run of bits from each end.
#[inline]
fn along_from_sides(off: u32, full: u32) -> u32 {
    let left = off & !off.wrapping_add(1);
    let above = off | !full;
    let gaps = !above;
    let right = if gaps == 0 {
        full
    } else {
        let highest_gap = 31 - gaps.leading_zeros();
        above & !(((2u64 << highest_gap) - 1) as u32) & full
    };
    left | right
}

/// The bits of `within` joined to a bit of `seed` through bits of `within` along the row
/// (`seed` a part of `within`): each run of `within` holding a seed, whole. Shifts by 1, 2, 4,
/// 8 and 16 each way, no loop.
#[inline]
fn fill_along(seed: u32, within: u32) -> u32 {
    let (mut up, mut down) = (seed, seed);
    let (mut pu, mut pd) = (within, within);
    for k in [1, 2, 4, 8, 16] {
        up |= pu & (up << k);
        pu &= pu << k;
        down |= pd & (down >> k);
        pd &= pd >> k;
    }
    up | down
}

/// The cells off the space that the space and the edges close in, into `encl` (bit `c` of row
/// `r + 1` for the cell at row `r`, column `c`): flood the cells off the space from beyond the
/// grid (padded by one all round, columns shifted up by one), and take those not reached.
fn enclosed_cells(
    vert: &[u32; QUICK_ROWS + 2],
    vertical: &[u32; QUICK_ROWS + 2],
    horizontal: &[u32; QUICK_ROWS + 2],
    corner: &[u32; QUICK_ROWS + 2],
    rows: usize,
    width: usize,
    encl: &mut [u32; QUICK_ROWS + 2],
) {
    let full = ((1u64 << (width + 2)) - 1) as u32;
    let mut off = [0u32; QUICK_ROWS + 2];
    off[0] = full;
    off[rows + 1] = full;
    for r in 1..=rows {
        off[r] = !((vert[r] | vertical[r] | horizontal[r] | corner[r]) << 1) & full;
    }
    // A cell off the space in a straight line of such cells to the grid's border is outside.
    // Most grids have no other, and need no flood: the others are the candidates.
    let mut from_top = [0u32; QUICK_ROWS + 2];
    from_top[0] = full;
    for r in 1..=rows {
        from_top[r] = off[r] & from_top[r - 1];
    }
    let mut candidates = [0u32; QUICK_ROWS + 2];
    let (mut from_bottom, mut any) = (full, 0u32);
    for r in (1..=rows).rev() {
        from_bottom &= off[r];
        // The runs from the sides only where the straight lines up and down leave a cell.
        let left = off[r] & !(from_top[r] | from_bottom);
        candidates[r] = if left == 0 {
            0
        } else {
            left & !along_from_sides(off[r], full)
        };
        any |= candidates[r];
    }
    if any == 0 {
        return;
    }
    // Each piece of candidates, grown within the cells off the space (rows filled along at
    // once, only the rows beside the piece read again): a piece that meets a cell known to
    // be outside (a cell off the space that is no candidate) is outside, and one that stops
    // growing first is closed in. Closed-in pieces are small, and most end in a round.
    let mut first = 1;
    loop {
        while first <= rows && candidates[first] == 0 {
            first += 1;
        }
        if first > rows {
            break;
        }
        let mut piece = [0u32; QUICK_ROWS + 2];
        piece[first] = candidates[first] & candidates[first].wrapping_neg();
        let (mut lo, mut hi, mut outside) = (first, first, false);
        loop {
            let (from, to) = (lo.saturating_sub(1).max(1), (hi + 1).min(rows));
            let mut grew = false;
            for r in from..=to {
                let x = piece[r] | ((piece[r - 1] | piece[r + 1]) & off[r]);
                let x = fill_along(x, off[r]);
                if x != piece[r] {
                    piece[r] = x;
                    grew = true;
                    lo = lo.min(r);
                    hi = hi.max(r);
                }
            }
            if (lo..=hi).any(|r| piece[r] & !candidates[r] != 0) {
                outside = true;
                break;
            }
            if !grew {
                break;
            }
        }
        for r in lo..=hi {
            candidates[r] &= !piece[r];
            if !outside {
                encl[r] |= piece[r] >> 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::encoded::parse_graph;
    use crate::pattern::graph::EyeGraph;

    /// The quick reader's graph equals the full reader's, or the quick reader declines.
    fn same_as_full(text: &str) -> bool {
        let Some(q) = read(text.as_bytes()) else {
            return false;
        };
        // The first half's counts are the graph's: what a database bucket is keyed by.
        let mut rows = QuickRows::new();
        assert_eq!(rows.scan(text.as_bytes()), Scan::Read, "{text}");
        let mut degrees = [0u8; 5];
        for v in 0..q.n {
            degrees[q.adj[v].count_ones() as usize] += 1;
        }
        assert_eq!(
            (rows.vertices(), rows.marginals(), rows.degrees()),
            (q.n, q.marginal.count_ones() as usize, degrees),
            "{text}"
        );
        assert_eq!(rows.graph(), q, "{text}");
        let d = parse_graph(text).unwrap();
        let g = EyeGraph::from_diagram(&d).unwrap();
        assert!(g.check_liberties().is_ok(), "{text}");
        assert_eq!(
            (q.len(), q.n),
            (g.len(), g.len() + g.enclosed_len()),
            "{text}"
        );
        for v in 0..q.n {
            let x = g.vertex(v);
            assert_eq!(q.edge[v], x.edge, "{text} vertex {v}");
            assert_eq!(q.marginal >> v & 1 == 1, x.marginal, "{text} vertex {v}");
            assert_eq!(q.defender >> v & 1 == 1, v >= g.len(), "{text} vertex {v}");
            let c = q.coord[v];
            assert_eq!(Some((c.0 as usize, c.1 as usize)), g.coordinate(v));
            let row = g.adjacent(v).iter().fold(0u32, |m, &w| m | 1 << w);
            assert_eq!(q.adj[v], row, "{text} vertex {v}");
        }
        use crate::pattern::diagram::Content;
        assert_eq!(
            q.compact(),
            g.compact(|v| {
                v.marginal as u8
                    | ((v.content == Content::Stone) as u8) << 1
                    | ((v.content == Content::Defender) as u8) << 2
            })
        );
        true
    }

    #[test]
    fn reads_as_the_full_reader() {
        for text in [
            ".",
            "OO!%O.X%!...",
            "|..%|.!%+--",
            "-----%.....%.....",
            "..|%..|%--+",
            "+--%|.$%|*.",
            "O..%...",
            "  .%...",
            "|...%|.O.%|...%+---",
            "...%.O.%...",
            "OO...%O.OO.%O.OO.%O....",
            "-----%.OO.|%.O..|%.!..|",
            "X.X%.O.%X..",
            // Rows of more than one run, joined further down (the flood).
            ".O.%.O.%...",
            "..O..%.OOO.%.....",
            "|.O.%|...%+---",
            "O.O.O%.....%OOO.O%....O",
            // Enclosed strings with a liberty only through a friend.
            "XXX..%XOOO.%XXX..%.....",
            ".....%.OXO.%..O..%.....",
        ] {
            assert!(same_as_full(text), "{text}");
        }
    }

    #[test]
    fn the_runs_from_the_sides_are_the_fill_from_the_sides() {
        // Every row of up to 12 cells, padded: bits 0 and width + 1 set.
        for width in 1..=12usize {
            let full = ((1u64 << (width + 2)) - 1) as u32;
            let sides = 1 | 1 << (width + 1);
            for inner in 0..1u32 << width {
                let off = inner << 1 | sides;
                assert_eq!(
                    along_from_sides(off, full),
                    fill_along(off & sides, off),
                    "{off:b}"
                );
            }
        }
        // The widest rows, sampled.
        let full = u32::MAX;
        let sides = 1 | 1 << 31;
        for k in 0..100_000u32 {
            let off = k.wrapping_mul(2_654_435_761) | sides;
            assert_eq!(along_from_sides(off, full), fill_along(off & sides, off));
        }
    }

    #[test]
    fn names_the_stone_without_a_liberty_as_the_full_reader() {
        for text in [
            "|.$$%|XOX%+---",
            "X.O|%O.O|%O!X|%OXO|%---+",
            "OOO!|%OO.X|%!.XO|%----+",
            "OOO.X|%.!!$O|%OOX.X|%OOO!O|%-----+",
        ] {
            let full = EyeGraph::from_diagram(&parse_graph(text).unwrap())
                .unwrap()
                .check_liberties()
                .unwrap_err();
            let Quick::NoLiberty {
                vertex,
                row,
                column,
            } = read_checked(text.as_bytes())
            else {
                panic!("{text}: not read as a stone without a liberty");
            };
            let quick = crate::pattern::graph::GraphError::EnclosedWithoutLiberty {
                vertex: vertex as usize,
                at: Some((row as usize, column as usize)),
            };
            assert_eq!(full, quick, "{text}");
        }
    }

    #[test]
    fn declines_what_the_full_reader_must_see() {
        for text in [
            "",
            "OO%O",
            "..%.x",
            "..#",
            ".|.",
            "..+",
            "..%..%.O.",
            // Two pieces: rows that never meet, and runs of one row joined by nothing.
            "..%OO%..",
            ".O.%OOO",
            "é.",
            // An enclosed stone without a liberty: the full reader names it.
            "|.$$%|XOX%+---",
        ] {
            assert!(read(text.as_bytes()).is_none(), "{text}");
        }
    }
}
