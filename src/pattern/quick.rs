//! A quick reader of encoded eye spaces straight to bit rows, for hosts that match in a loop.
//!
//! Takes the bytes of one encoded graph (GNU Go's `OO!%O.X%!...`, see [`crate::pattern::encoded`]);
//! gives a [`QuickGraph`]: adjacency as bit rows, marginal and stone masks, edge counts and
//! coordinates, vertices in reading order, exactly as [`crate::pattern::graph::EyeGraph::from_diagram`]
//! numbers them. Nothing is allocated. It reads only the plain case: every character a cell
//! marker, at most [`QUICK_ROWS`] rows and [`QUICK_COLUMNS`] columns, one connected space, edge
//! markers where edges can be, no cell the space closes in. Anything else (an error to report,
//! an enclosed defender stone) gives `None`, and the caller takes the full reader, which says
//! what is wrong or handles the rarer case.

use crate::pattern::graph::canon::{Compact, MAX_VERTICES};

/// Most rows the quick reader takes.
pub const QUICK_ROWS: usize = 16;
/// Most cells in a row the quick reader takes (the padded grid fits a `u32`).
pub const QUICK_COLUMNS: usize = 30;

/// An eye space without enclosed stones, as bit rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickGraph {
    /// Number of vertices.
    pub n: usize,
    /// Bit `w` of `adj[v]` when vertices `v` and `w` are neighbours.
    pub adj: [u32; MAX_VERTICES],
    /// Bit `v` when vertex `v` is marginal.
    pub marginal: u32,
    /// Bit `v` when an attacker stone stands on vertex `v`.
    pub stone: u32,
    /// Board edges beside each vertex: 0, 1 or 2.
    pub edge: [u8; MAX_VERTICES],
    /// The (row, column) of each vertex in the encoding.
    pub coord: [(u8, u8); MAX_VERTICES],
}

impl QuickGraph {
    /// The compact form, coloured as a database lookup keys it (marginal, stone).
    pub(crate) fn compact(&self) -> Compact {
        let mut c = Compact::empty();
        c.n = self.n;
        c.adj = self.adj;
        for v in 0..self.n {
            c.color[v] = (self.marginal >> v & 1) as u8 | ((self.stone >> v & 1) as u8) << 1;
        }
        c
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
const ROW: u8 = 1;
const OFF: u8 = 2;
const VERTICAL: u8 = 3;
const HORIZONTAL: u8 = 4;
const CORNER: u8 = 5;
const VERTEX: u8 = 8;
const MARGINAL: u8 = 16;
const STONE: u8 = 32;

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
    // As `canon::canonical`: the same code compiled with `popcnt` where the processor has it.
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has popcnt, checked just above.
        return unsafe { read_popcnt(text) };
    }
    read_portable(text)
}

/// [`read`] compiled with `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn read_popcnt(text: &[u8]) -> Option<QuickGraph> {
    read_portable(text)
}

/// [`read`] for any processor (inlined into [`read_popcnt`]).
#[inline(always)]
fn read_portable(text: &[u8]) -> Option<QuickGraph> {
    let mut g = QuickGraph {
        n: 0,
        adj: [0; MAX_VERTICES],
        marginal: 0,
        stone: 0,
        edge: [0; MAX_VERTICES],
        coord: [(0, 0); MAX_VERTICES],
    };
    // Per row, bit c for each kind of cell; the vertex index at each cell.
    let mut vert = [0u32; QUICK_ROWS + 2];
    let mut vertical = [0u32; QUICK_ROWS + 2];
    let mut horizontal = [0u32; QUICK_ROWS + 2];
    let mut corner = [0u32; QUICK_ROWS + 2];
    let (mut row, mut col, mut width) = (0usize, 0usize, 0usize);
    for &b in text {
        let class = CLASS[b as usize];
        if class == ROW {
            row += 1;
            col = 0;
            if row >= QUICK_ROWS {
                return None;
            }
            continue;
        }
        if class == 0 || col >= QUICK_COLUMNS {
            return None;
        }
        // Rows are stored one down, so that row -1 exists and is empty. No branch on the kind
        // of cell (it changes from byte to byte, and branches on it are mispredicted): each
        // kind's row takes the bit or nothing, and a cell off the space writes a coordinate
        // the next vertex overwrites. A 33rd vertex wraps round and is refused below.
        let (r, bit) = (row + 1, 1u32 << col);
        let is_vertex = u32::from(class & VERTEX != 0);
        let v = g.n & (MAX_VERTICES - 1);
        vert[r] |= bit * is_vertex;
        vertical[r] |= bit * u32::from(class == VERTICAL);
        horizontal[r] |= bit * u32::from(class == HORIZONTAL);
        corner[r] |= bit * u32::from(class == CORNER);
        g.coord[v] = (row as u8, col as u8);
        // Only vertices have these bits (see CLASS).
        g.marginal |= u32::from(class & MARGINAL != 0) << v;
        g.stone |= u32::from(class & STONE != 0) << v;
        g.n += is_vertex as usize;
        col += 1;
        width = width.max(col);
    }
    let rows = row + 1;
    if g.n == 0 || g.n > MAX_VERTICES {
        return None;
    }
    if g.n < MAX_VERTICES {
        g.coord[g.n] = (0, 0);
    }
    // Edge markers only where a board edge can be (the full reader names the error).
    for r in 1..=rows {
        let beside = vert[r] << 1 | vert[r] >> 1;
        let (left, right) = (vert[r] << 1, vert[r] >> 1);
        let (up, down) = (vert[r - 1], vert[r + 1]);
        if vertical[r] & ((left & right) | up | down) != 0
            || horizontal[r] & ((up & down) | beside) != 0
            || corner[r] & (beside | up | down) != 0
        {
            return None;
        }
    }
    // No cell outside the space that the space and the edges close in. A cell off the space
    // on the grid's rim touches the outside, so only one further in can be closed in: most
    // spaces have none, and skip the flood.
    let inner_columns = ((1u64 << width) - 1) as u32 & !0b11;
    if (2..rows)
        .any(|r| !((vert[r] | vertical[r] | horizontal[r] | corner[r]) << 1) & inner_columns != 0)
        && enclosed_cell(&vert, &vertical, &horizontal, &corner, rows, width)
    {
        return None;
    }
    // Neighbours and edge counts. Vertices are numbered in reading order, so the vertex at a
    // cell is the number of vertices in the rows above and to its left in its row.
    let mut first_of_row = [0usize; QUICK_ROWS + 2];
    for r in 1..=rows {
        first_of_row[r + 1] = first_of_row[r] + vert[r].count_ones() as usize;
    }
    for v in 0..g.n {
        let (r, c) = (g.coord[v].0 as usize, g.coord[v].1 as usize);
        let pr = r + 1;
        let bit = 1u32 << c;
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
        let edges = (vertical[pr] & bit << 1 != 0) as u8
            + (c > 0 && vertical[pr] & bit >> 1 != 0) as u8
            + (horizontal[pr - 1] & bit != 0) as u8
            + (horizontal[pr + 1] & bit != 0) as u8;
        g.edge[v] = edges.min(2);
    }
    // One connected space: grown from vertex 0 over the neighbour rows.
    let all = (((1u64 << g.n) - 1) & u64::from(u32::MAX)) as u32;
    let (mut reached, mut frontier) = (1u32, 1u32);
    while frontier != 0 {
        let v = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = g.adj[v] & !reached;
        reached |= new;
        frontier |= new;
    }
    if reached != all {
        return None;
    }
    Some(g)
}

/// True when a cell off the space is closed in by the space and the edges: flood the cells off
/// the space from beyond the grid (padded by one all round, columns shifted up by one).
fn enclosed_cell(
    vert: &[u32; QUICK_ROWS + 2],
    vertical: &[u32; QUICK_ROWS + 2],
    horizontal: &[u32; QUICK_ROWS + 2],
    corner: &[u32; QUICK_ROWS + 2],
    rows: usize,
    width: usize,
) -> bool {
    let full = ((1u64 << (width + 2)) - 1) as u32;
    let mut off = [0u32; QUICK_ROWS + 2];
    off[0] = full;
    off[rows + 1] = full;
    for r in 1..=rows {
        off[r] = !((vert[r] | vertical[r] | horizontal[r] | corner[r]) << 1) & full;
    }
    let mut outside = [0u32; QUICK_ROWS + 2];
    outside[0] = full;
    outside[rows + 1] = full;
    for o in outside.iter_mut().take(rows + 1).skip(1) {
        *o = 1 | 1 << (width + 1);
    }
    loop {
        let mut grew = false;
        for r in 0..=rows + 1 {
            let mut around = outside[r] | outside[r] << 1 | outside[r] >> 1;
            if r > 0 {
                around |= outside[r - 1];
            }
            if r <= rows {
                around |= outside[r + 1];
            }
            let next = (around & off[r]) | outside[r];
            if next != outside[r] {
                outside[r] = next;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    (0..=rows + 1).any(|r| off[r] & !outside[r] != 0)
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
        let d = parse_graph(text).unwrap();
        let g = EyeGraph::from_diagram(&d).unwrap();
        assert_eq!(g.enclosed_len(), 0, "{text}");
        assert_eq!(q.n, g.len(), "{text}");
        for v in 0..q.n {
            let x = g.vertex(v);
            assert_eq!(q.edge[v], x.edge, "{text} vertex {v}");
            assert_eq!(q.marginal >> v & 1 == 1, x.marginal, "{text} vertex {v}");
            let c = q.coord[v];
            assert_eq!(Some((c.0 as usize, c.1 as usize)), g.coordinate(v));
            let row = g.adjacent(v).iter().fold(0u32, |m, &w| m | 1 << w);
            assert_eq!(q.adj[v], row, "{text} vertex {v}");
        }
        assert_eq!(
            q.compact(),
            g.compact(|v| {
                v.marginal as u8
                    | ((v.content == crate::pattern::diagram::Content::Stone) as u8) << 1
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
        ] {
            assert!(same_as_full(text), "{text}");
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
            "|...%|.O.%|...%+---",
            "é.",
            "...%.O.%...",
        ] {
            assert!(read(text.as_bytes()).is_none(), "{text}");
        }
    }
}
