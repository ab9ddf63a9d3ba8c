//! The canonical labelling as first written, kept as the reference the current one
//! (`canon.rs`) must agree with, labelling for labelling, and as the baseline its cost is
//! measured against (`benches/speed_table`). Takes a [`Compact`] graph, gives a [`Labelling`].

use super::canon::{Compact, Labelling, MAX_VERTICES};

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
        let later = if start + 1 >= 32 {
            0
        } else {
            self.starts >> (start + 1) << (start + 1)
        };
        if later == 0 {
            n
        } else {
            later.trailing_zeros() as usize
        }
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
    fn refine(&mut self, g: &Compact) {
        let n = g.n;
        loop {
            let mut changed = false;
            let mut wstart = 0;
            while wstart < n {
                let wend = self.cell_end(wstart, n);
                let wmask = self.mask(wstart, wend);
                let mut cstart = 0;
                while cstart < n {
                    let cend = self.cell_end(cstart, n);
                    if cend - cstart > 1 && self.split(g, cstart, cend, wmask) {
                        changed = true;
                    }
                    cstart = cend;
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
    fn split(&mut self, g: &Compact, start: usize, end: usize, wmask: u32) -> bool {
        let mut counts = [0u8; MAX_VERTICES];
        let mut first = None;
        let mut differ = false;
        for (i, count) in counts.iter_mut().enumerate().take(end).skip(start) {
            let c = (g.adj[self.elems[i] as usize] & wmask).count_ones() as u8;
            *count = c;
            match first {
                None => first = Some(c),
                Some(f) if f != c => differ = true,
                _ => {}
            }
        }
        if !differ {
            return false;
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
    // Initial cells by colour: a stable sort, so the cells are sets fixed by the colours alone.
    for v in 0..n {
        let c = g.color[v];
        let mut j = v;
        while j > 0 && g.color[root.elems[j - 1] as usize] > c {
            root.elems[j] = root.elems[j - 1];
            j -= 1;
        }
        root.elems[j] = v as u8;
    }
    for i in 0..n {
        if i == 0 || g.color[root.elems[i] as usize] != g.color[root.elems[i - 1] as usize] {
            root.starts |= 1 << i;
        }
    }
    root.refine(g);

    let mut rows = [0u32; MAX_VERTICES];
    let mut stack: [Option<Frame>; MAX_VERTICES + 1] = std::array::from_fn(|_| None);
    let mut depth;
    match root.first_nonsingleton(n) {
        None => {
            rows_of(g, &root.elems, &mut rows);
            return on_leaf(&root.elems, &rows);
        }
        Some((s, e)) => {
            stack[0] = Some(Frame {
                part: root,
                start: s as u8,
                end: e as u8,
                next: s as u8,
                tried: 0,
            });
            depth = 1;
        }
    }
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
pub(crate) fn canonical(g: &Compact) -> Labelling {
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
