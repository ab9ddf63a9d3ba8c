//! Canonical labelling of small vertex-coloured graphs.
//!
//! The method is the individualisation-refinement scheme of McKay's *Practical Graph Isomorphism*
//! (nauty), cut down to what eye graphs need: at most [`MAX_VERTICES`] vertices, adjacency as
//! `u32` bit rows. The vertices are first split into cells by colour, then the ordered partition is
//! refined until it is equitable (every vertex of a cell has the same number of neighbours in every
//! cell). While a cell has more than one vertex, each of its vertices in turn is individualised
//! (moved to a cell of its own) and the partition refined again; every discrete partition reached
//! is a labelling, and the labelling whose adjacency rows are lexicographically smallest is the
//! canonical one. Every step depends only on the ordered partition as a sequence of *sets*, so two
//! isomorphic graphs reach the same canonical rows.
//!
//! The search runs on an explicit stack of fixed-size frames: no recursion and no allocation.
//! Twin vertices (same colour, same neighbours apart from each other) are interchangeable by an
//! automorphism that fixes everything else, so only the first of a set of twins is branched on
//! when only the canonical form is wanted. When automorphisms are wanted every branch is taken:
//! the leaves that give the canonical rows are then exactly the automorphisms.

/// The largest graph this module handles: adjacency rows are `u32` bit sets.
pub const MAX_VERTICES: usize = 32;

/// Most leaves the automorphism enumeration visits before giving up.
pub(crate) const AUTOMORPHISM_LEAF_LIMIT: usize = 1 << 18;

/// A graph in the compact form the canonical labelling works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Compact {
    /// Number of vertices, at most [`MAX_VERTICES`].
    pub n: usize,
    /// `adj[v]` has bit `w` set when `v` and `w` are adjacent. Symmetric, no loops.
    pub adj: [u32; MAX_VERTICES],
    /// The colour (label class) of each vertex.
    pub color: [u8; MAX_VERTICES],
}

impl Compact {
    pub(crate) fn empty() -> Compact {
        Compact {
            n: 0,
            adj: [0; MAX_VERTICES],
            color: [0; MAX_VERTICES],
        }
    }
}

/// An ordered partition of the vertices: `elems` lists the vertices, bit `i` of `starts` is set
/// where a cell begins at position `i`.
#[derive(Clone, Copy)]
struct Partition {
    elems: [u8; MAX_VERTICES],
    starts: u32,
}

impl Partition {
    /// End (exclusive) of the cell starting at `start`.
    #[inline]
    fn cell_end(&self, start: usize, n: usize) -> usize {
        // The starts above `start` (none when `start` is 31: the shift gives 0).
        let later = self.starts
            & !(2u32.wrapping_shl(start as u32).wrapping_sub(1)
                | u32::from(start >= 31).wrapping_neg());
        if later == 0 {
            n
        } else {
            later.trailing_zeros() as usize
        }
    }

    /// The starts of the cells with more than one vertex, as bits.
    #[inline]
    fn nonsingleton_starts(&self, n: usize) -> u32 {
        if n < 2 {
            return 0;
        }
        // A cell starting at s has more vertices when s + 1 < n starts no cell.
        let below_last = if n >= 33 {
            u32::MAX
        } else {
            (1u64 << (n - 1)) as u32 - 1
        };
        self.starts & !(self.starts >> 1) & below_last
    }

    #[inline]
    fn is_discrete(&self, n: usize) -> bool {
        n == 0 || self.starts.count_ones() as usize == n
    }

    #[inline]
    fn mask(&self, start: usize, end: usize) -> u32 {
        let mut m = 0u32;
        for &v in &self.elems[start..end] {
            m |= 1 << v;
        }
        m
    }

    /// The first cell with more than one vertex, as (start, end).
    fn first_nonsingleton(&self, n: usize) -> Option<(usize, usize)> {
        let mut start = 0;
        while start < n {
            let end = self.cell_end(start, n);
            if end - start > 1 {
                return Some((start, end));
            }
            start = end;
        }
        None
    }

    /// Refine to the coarsest equitable partition finer than this one.
    ///
    /// Each pass takes every cell in turn as the splitter and splits every other cell by the
    /// number of neighbours its vertices have in it; passes repeat until one changes nothing.
    /// The order of the cells this gives is part of the canonical form: any faster scheme must
    /// give the same ordered partition (`tests::the_reference_gives_the_same_labelling`).
    #[inline(always)]
    fn refine(&mut self, g: &Compact) {
        let n = g.n;
        loop {
            let mut changed = false;
            let mut wstart = 0;
            while wstart < n {
                // Only cells of two or more vertices can split; none left, nothing changes.
                let mut cells = self.nonsingleton_starts(n);
                if cells == 0 {
                    return;
                }
                let wend = self.cell_end(wstart, n);
                let wmask = self.mask(wstart, wend);
                // A split only adds starts inside the cell split, so the cells to visit and
                // their ends are those of the partition before this splitter.
                while cells != 0 {
                    let cstart = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let cend = self.cell_end(cstart, n);
                    if self.split(g, cstart, cend, wmask) {
                        changed = true;
                    }
                }
                // The splitter cell itself may have been split: carry on from its new end.
                wstart = self.cell_end(wstart, n);
            }
            if !changed {
                return;
            }
        }
    }

    /// Split the cell `start..end` by the number of neighbours each vertex has in `wmask`,
    /// fewest first. Returns whether the cell was split.
    #[inline(always)]
    fn split(&mut self, g: &Compact, start: usize, end: usize, wmask: u32) -> bool {
        // Most cells do not split: find the first vertex whose count differs before
        // anything else.
        let count = |i: usize| (g.adj[self.elems[i] as usize] & wmask).count_ones() as u8;
        let first = count(start);
        let Some(differs) = (start + 1..end).find(|&i| count(i) != first) else {
            return false;
        };
        let mut counts = [0u8; MAX_VERTICES];
        counts[start..differs].fill(first);
        for (i, c) in counts.iter_mut().enumerate().take(end).skip(differs) {
            *c = count(i);
        }
        // Stable insertion sort of the cell by count (cells are tiny).
        for i in start + 1..end {
            let (v, c) = (self.elems[i], counts[i]);
            let mut j = i;
            while j > start && counts[j - 1] > c {
                self.elems[j] = self.elems[j - 1];
                counts[j] = counts[j - 1];
                j -= 1;
            }
            self.elems[j] = v;
            counts[j] = c;
        }
        for i in start + 1..end {
            if counts[i] != counts[i - 1] {
                self.starts |= 1 << i;
            }
        }
        true
    }

    /// Move the vertex at position `pos` (inside the cell `start..end`) to the front of its cell
    /// and make it a cell of its own.
    fn individualize(&mut self, start: usize, end: usize, pos: usize) {
        let v = self.elems[pos];
        let mut j = pos;
        while j > start {
            self.elems[j] = self.elems[j - 1];
            j -= 1;
        }
        self.elems[start] = v;
        if start + 1 < end {
            self.starts |= 1 << (start + 1);
        }
    }
}

/// The adjacency rows of `g` relabelled so that position `i` holds vertex `order[i]`.
#[inline(always)]
fn rows_of(g: &Compact, order: &[u8; MAX_VERTICES], rows: &mut [u32; MAX_VERTICES]) {
    let mut pos = [0u8; MAX_VERTICES];
    for i in 0..g.n {
        pos[order[i] as usize] = i as u8;
    }
    for i in 0..g.n {
        let mut a = g.adj[order[i] as usize];
        let mut row = 0u32;
        while a != 0 {
            let w = a.trailing_zeros() as usize;
            a &= a - 1;
            row |= 1 << pos[w];
        }
        rows[i] = row;
    }
}

/// The result of canonical labelling.
#[derive(Clone, Copy)]
pub(crate) struct Labelling {
    /// `order[i]` is the vertex at canonical position `i`.
    pub order: [u8; MAX_VERTICES],
    /// The canonical adjacency rows: bit `j` of `rows[i]` when positions `i` and `j` are adjacent.
    pub rows: [u32; MAX_VERTICES],
}

struct Frame {
    part: Partition,
    start: u8,
    end: u8,
    /// Next position inside the target cell to branch on.
    next: u8,
    /// Vertices of the target cell already branched on.
    tried: u32,
}

/// Run the search. `on_leaf` sees each leaf's order and rows; it is called for every leaf when
/// `all_leaves`, otherwise twins are pruned. Returns false if `on_leaf` asked to stop.
#[inline(always)]
fn search(
    g: &Compact,
    all_leaves: bool,
    mut on_leaf: impl FnMut(&[u8; MAX_VERTICES], &[u32; MAX_VERTICES]) -> bool,
) -> bool {
    let n = g.n;
    let mut root = Partition {
        elems: [0; MAX_VERTICES],
        starts: 0,
    };
    // Initial cells by colour, ascending, vertices in index order inside each: the cells are
    // sets fixed by the colours alone. Colours are few and small (a lookup's are below 8): one
    // bit mask each, emitted in colour order; larger colours are gathered by a scan.
    let mut used = [0u64; 4];
    let mut small = [0u32; 8];
    for (v, &c) in g.color[..n].iter().enumerate() {
        used[(c >> 6) as usize] |= 1 << (c & 63);
        small[(c & 7) as usize] |= u32::from(c < 8) << v;
    }
    let mut at = 0;
    for (word, &bits) in used.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let c = (word * 64) as u8 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            root.starts |= 1 << at;
            if c < 8 {
                let mut members = small[c as usize];
                while members != 0 {
                    root.elems[at] = members.trailing_zeros() as u8;
                    members &= members - 1;
                    at += 1;
                }
            } else {
                for v in 0..n {
                    if g.color[v] == c {
                        root.elems[at] = v as u8;
                        at += 1;
                    }
                }
            }
        }
    }
    root.refine(g);

    let mut rows = [0u32; MAX_VERTICES];
    // Most eye graphs are told apart by refinement alone: one leaf, no stack.
    let Some((s, e)) = root.first_nonsingleton(n) else {
        rows_of(g, &root.elems, &mut rows);
        return on_leaf(&root.elems, &rows);
    };
    let mut stack: [Option<Frame>; MAX_VERTICES + 1] = std::array::from_fn(|_| None);
    stack[0] = Some(Frame {
        part: root,
        start: s as u8,
        end: e as u8,
        next: s as u8,
        tried: 0,
    });
    let mut depth = 1;
    while depth > 0 {
        let frame = match stack[depth - 1].as_mut() {
            Some(f) => f,
            None => break,
        };
        let (start, end) = (frame.start as usize, frame.end as usize);
        // Find the next vertex of the target cell worth branching on.
        let mut child = None;
        while (frame.next as usize) < end {
            let pos = frame.next as usize;
            frame.next += 1;
            let v = frame.part.elems[pos];
            let twin_of_tried = !all_leaves && {
                let mut t = frame.tried;
                let mut found = false;
                while t != 0 {
                    let u = t.trailing_zeros();
                    t &= t - 1;
                    let (bu, bv) = (1u32 << u, 1u32 << v);
                    if g.adj[u as usize] & !bv == g.adj[v as usize] & !bu {
                        found = true;
                        break;
                    }
                }
                found
            };
            frame.tried |= 1 << v;
            if !twin_of_tried {
                let mut part = frame.part;
                part.individualize(start, end, pos);
                part.refine(g);
                child = Some(part);
                break;
            }
        }
        let Some(part) = child else {
            stack[depth - 1] = None;
            depth -= 1;
            continue;
        };
        if part.is_discrete(n) {
            rows_of(g, &part.elems, &mut rows);
            if !on_leaf(&part.elems, &rows) {
                return false;
            }
        } else if let Some((s, e)) = part.first_nonsingleton(n) {
            stack[depth] = Some(Frame {
                part,
                start: s as u8,
                end: e as u8,
                next: s as u8,
                tried: 0,
            });
            depth += 1;
        }
    }
    true
}

/// The canonical labelling of `g`.
///
/// Refinement counts neighbours with `count_ones`; the baseline x86-64 target has no
/// instruction for it, and the portable sequence costs a fifth of a lookup, so on a processor
/// that has `popcnt` the same code runs compiled with it.
pub(crate) fn canonical(g: &Compact) -> Labelling {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has popcnt, checked just above.
        return unsafe { canonical_popcnt(g) };
    }
    canonical_portable(g)
}

/// [`canonical`] compiled with `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn canonical_popcnt(g: &Compact) -> Labelling {
    canonical_portable(g)
}

/// [`canonical`] for any processor (inlined into [`canonical_popcnt`]).
#[inline(always)]
fn canonical_portable(g: &Compact) -> Labelling {
    let mut best: Option<Labelling> = None;
    let n = g.n;
    search(g, false, |order, rows| {
        let better = match &best {
            None => true,
            Some(b) => rows[..n] < b.rows[..n],
        };
        if better {
            best = Some(Labelling {
                order: *order,
                rows: *rows,
            });
        }
        true
    });
    // The search always reaches at least one leaf (n = 0 included).
    best.unwrap_or(Labelling {
        order: [0; MAX_VERTICES],
        rows: [0; MAX_VERTICES],
    })
}

/// The canonical labelling of `g` and its automorphism group as permutations of canonical
/// positions (`perm[i]` is the position that position `i` maps to), identity first.
/// `None` when the group is too large to list (more than [`AUTOMORPHISM_LEAF_LIMIT`] leaves).
pub(crate) fn canonical_with_automorphisms(
    g: &Compact,
) -> Option<(Labelling, Vec<[u8; MAX_VERTICES]>)> {
    let canon = canonical(g);
    let n = g.n;
    let mut canon_pos = [0u8; MAX_VERTICES];
    for i in 0..n {
        canon_pos[canon.order[i] as usize] = i as u8;
    }
    let mut auts: Vec<[u8; MAX_VERTICES]> = Vec::new();
    let mut leaves = 0usize;
    let complete = search(g, true, |order, rows| {
        leaves += 1;
        if rows[..n] == canon.rows[..n] {
            // Position i of this leaf holds vertex order[i], which sits at canon_pos[order[i]] in
            // the canonical labelling; both leaves give the same rows, so i -> that is an
            // automorphism of the canonical graph.
            let mut perm = [0u8; MAX_VERTICES];
            for i in 0..n {
                perm[i] = canon_pos[order[i] as usize];
            }
            auts.push(perm);
        }
        leaves < AUTOMORPHISM_LEAF_LIMIT
    });
    if !complete {
        return None;
    }
    auts.sort_unstable_by_key(|p| (0..n).any(|i| p[i] as usize != i));
    Some((canon, auts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)], colors: &[u8]) -> Compact {
        let mut g = Compact::empty();
        g.n = n;
        for &(a, b) in edges {
            g.adj[a] |= 1 << b;
            g.adj[b] |= 1 << a;
        }
        g.color[..n].copy_from_slice(colors);
        g
    }

    #[test]
    fn relabelled_path_has_same_rows() {
        let a = graph(4, &[(0, 1), (1, 2), (2, 3)], &[0, 0, 0, 0]);
        let b = graph(4, &[(2, 0), (0, 3), (3, 1)], &[0, 0, 0, 0]);
        assert_eq!(canonical(&a).rows[..4], canonical(&b).rows[..4]);
    }

    #[test]
    fn colours_distinguish() {
        let a = graph(3, &[(0, 1), (1, 2)], &[1, 0, 0]);
        let b = graph(3, &[(0, 1), (1, 2)], &[0, 1, 0]);
        let (la, lb) = (canonical(&a), canonical(&b));
        let ca: Vec<u8> = (0..3).map(|i| a.color[la.order[i] as usize]).collect();
        let cb: Vec<u8> = (0..3).map(|i| b.color[lb.order[i] as usize]).collect();
        assert!(ca != cb || la.rows[..3] != lb.rows[..3]);
    }

    /// Random graphs on a grid (eye-graph-like) with random colours.
    fn random_graphs(count: usize) -> Vec<Compact> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..count)
            .map(|k| {
                let n = 1 + k % 20;
                // Cells of a 6-wide grid, a random walk so the graph is mostly connected.
                let mut cells: Vec<(i32, i32)> = vec![(0, 0)];
                while cells.len() < n {
                    let (r, c) = cells[next() as usize % cells.len()];
                    let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)][next() as usize % 4];
                    if !cells.contains(&(r + dr, c + dc)) {
                        cells.push((r + dr, c + dc));
                    }
                }
                let mut g = Compact::empty();
                g.n = n;
                for (i, a) in cells.iter().enumerate() {
                    for (j, b) in cells.iter().enumerate() {
                        if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                            g.adj[i] |= 1 << j;
                        }
                    }
                    g.color[i] = if next() % 3 == 0 {
                        (next() % 4) as u8
                    } else {
                        0
                    };
                }
                g
            })
            .collect()
    }

    #[test]
    fn the_reference_gives_the_same_labelling() {
        for g in random_graphs(4000) {
            let (a, b) = (canonical(&g), super::super::canon_reference::canonical(&g));
            assert_eq!(a.order[..g.n], b.order[..g.n], "{g:?}");
            assert_eq!(a.rows[..g.n], b.rows[..g.n], "{g:?}");
        }
    }

    #[test]
    fn automorphism_counts() {
        // Square (4-cycle): dihedral group of order 8.
        let sq = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)], &[0; 4]);
        assert_eq!(canonical_with_automorphisms(&sq).unwrap().1.len(), 8);
        // Star with four leaves: 4! = 24.
        let star = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4)], &[0; 5]);
        assert_eq!(canonical_with_automorphisms(&star).unwrap().1.len(), 24);
        // A path with one coloured end: only the identity.
        let p = graph(3, &[(0, 1), (1, 2)], &[1, 0, 0]);
        let (_, auts) = canonical_with_automorphisms(&p).unwrap();
        assert_eq!(auts.len(), 1);
        assert!((0..3).all(|i| auts[0][i] as usize == i));
    }
}
