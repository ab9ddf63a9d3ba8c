//! Every eye graph up to a size: the corpus for `diff --up-to`, `generate` and the comparisons
//! with GNU Go.
//!
//! Takes a size limit, the placements and the vertex labels wanted; gives [`Diagram`]s, one per
//! labelled graph up to isomorphism (graph, marginal and stone labels, and each vertex's edge
//! count), in a deterministic order. Shapes are the polyominoes (connected sets of board
//! points); a placement puts a shape in the centre, against the bottom edge, or into the
//! bottom-left corner (GNU Go 3.8 aborts on graphs in the top-left corner, so none are made
//! there), so the diagrams can be handed to `analyze_eyegraph` as they are.

use std::collections::BTreeSet;

use rustc_hash::FxHashSet;

use crate::pattern::diagram::{Cell, Diagram, Marker};
use crate::pattern::graph::{CanonicalKey, EyeGraph};

/// Where a shape lies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Placement {
    /// Away from every edge.
    Centre,
    /// Against one edge (the bottom one).
    Edge,
    /// Against two edges (the bottom-left corner).
    Corner,
}

impl Placement {
    /// All three placements.
    pub const ALL: [Placement; 3] = [Placement::Centre, Placement::Edge, Placement::Corner];
}

/// The points of a graph's local position: its vertices and its enclosed defender stones.
pub fn points(g: &EyeGraph) -> usize {
    g.len() + g.enclosed_len()
}

/// The four concrete labels of an eye-space vertex: `.` `!` `X` `$`.
pub const CONCRETE: [Marker; 4] = [
    Marker::Empty,
    Marker::Margin,
    Marker::Stone,
    Marker::MarginStone,
];

/// The fixed polyominoes (every orientation counted apart) of `size` cells, each normalised to
/// start at row 0 and column 0 and sorted, in sorted order.
///
/// ```
/// use nakade::tools::enumerate::polyominoes;
/// let counts: Vec<usize> = (1..=6).map(|n| polyominoes(n).len()).collect();
/// assert_eq!(counts, vec![1, 2, 6, 19, 63, 216]);
/// ```
pub fn polyominoes(size: usize) -> Vec<Vec<(u8, u8)>> {
    if size == 0 {
        return Vec::new();
    }
    let mut level: BTreeSet<Vec<(i16, i16)>> = BTreeSet::new();
    level.insert(vec![(0, 0)]);
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for shape in &level {
            for &(r, c) in shape {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if shape.contains(&cell) {
                        continue;
                    }
                    let mut grown = shape.clone();
                    grown.push(cell);
                    next.insert(normalise(grown));
                }
            }
        }
        level = next;
    }
    level
        .into_iter()
        .map(|s| s.into_iter().map(|(r, c)| (r as u8, c as u8)).collect())
        .collect()
}

fn normalise(mut cells: Vec<(i16, i16)>) -> Vec<(i16, i16)> {
    let (mr, mc) = (
        cells.iter().map(|p| p.0).min().unwrap_or(0),
        cells.iter().map(|p| p.1).min().unwrap_or(0),
    );
    for p in cells.iter_mut() {
        *p = (p.0 - mr, p.1 - mc);
    }
    cells.sort_unstable();
    cells
}

/// The diagram of `cells` (row 0 at the top) with `labels`, placed as asked: a bottom edge row
/// `-` for [`Placement::Edge`], and also a left edge column `|` and the corner `+` for
/// [`Placement::Corner`].
///
/// The diagram always touches the edges it draws, since shapes start at row 0 and column 0
/// and the bottom row of the diagram holds a vertex.
pub fn place(cells: &[(u8, u8)], labels: &[Marker], placement: Placement) -> Diagram {
    let h = cells
        .iter()
        .map(|p| p.0)
        .max()
        .map_or(0, |m| m as usize + 1);
    let w = cells
        .iter()
        .map(|p| p.1)
        .max()
        .map_or(0, |m| m as usize + 1);
    let left = placement == Placement::Corner;
    let bottom = placement != Placement::Centre;
    let offset = left as usize;
    let mut rows = vec![vec![Cell::Off; w + offset]; h];
    if left {
        rows.iter_mut().for_each(|r| r[0] = Cell::EdgeVertical);
    }
    for (&(r, c), &m) in cells.iter().zip(labels) {
        rows[r as usize][c as usize + offset] = Cell::Vertex(m);
    }
    if bottom {
        let mut edge = vec![Cell::EdgeHorizontal; w + offset];
        if left {
            edge[0] = Cell::Corner;
        }
        rows.push(edge);
    }
    Diagram { rows }
}

/// Every labelled eye graph of 1 to `max` vertices, up to isomorphism, over the given labels and
/// placements. Each comes once, as the first diagram met in a fixed order (size, shape,
/// placement, labelling), so the output is deterministic.
///
/// A shape against an edge can close in cells outside it: defender stones of their own
/// ([`Diagram::enclosed`]), which the graph keeps. They are points of the local position, so
/// they count toward `max`: a graph comes here when its vertices and enclosed stones together
/// number at most `max` ([`points`]). One whose enclosed stones have no liberty is no position
/// and is left out.
///
/// ```
/// use nakade::tools::enumerate::{eye_graphs, Placement, CONCRETE};
/// // Centre graphs: 4 labellings of one vertex, 10 of two, 40 of three (path) = 54.
/// assert_eq!(eye_graphs(3, &[Placement::Centre], &CONCRETE).len(), 54);
/// ```
pub fn eye_graphs(max: usize, placements: &[Placement], labels: &[Marker]) -> Vec<Diagram> {
    let mut seen: FxHashSet<CanonicalKey> = FxHashSet::default();
    let mut out = Vec::new();
    for size in 1..=max {
        label_shapes(
            size,
            placements,
            labels,
            |_| true,
            |diagram, g| {
                if points(g) <= max && g.check_liberties().is_ok() && seen.insert(g.canonical_key())
                {
                    out.push(diagram);
                }
            },
        );
    }
    out
}

/// The most points [`eye_graphs`] and [`eye_graphs_of`] are asked for by the command line
/// (`generate --up-to`, `diff --up-to`): size 7 takes minutes and gigabytes, size 8 more memory
/// than a workstation has.
pub const MAX_UP_TO: usize = 7;

/// The labelled eye graphs of exactly `points` points ([`points`]: vertices and enclosed
/// stones), in the order [`eye_graphs`] lists them: `eye_graphs(max)` holds, for each `p` up to
/// `max`, exactly the graphs of `eye_graphs_of(p)`, in the same relative order. One size at a
/// time, so a caller working size by size never holds more than one size's graphs.
///
/// ```
/// use nakade::tools::enumerate::{eye_graphs, eye_graphs_of, points, Placement, CONCRETE};
/// use nakade::pattern::graph::EyeGraph;
/// let all = eye_graphs(4, &Placement::ALL, &CONCRETE);
/// let four: Vec<_> = all
///     .iter()
///     .filter(|d| points(&EyeGraph::from_diagram(d).unwrap()) == 4)
///     .cloned()
///     .collect();
/// assert_eq!(eye_graphs_of(4, &Placement::ALL, &CONCRETE), four);
/// ```
pub fn eye_graphs_of(
    points_wanted: usize,
    placements: &[Placement],
    labels: &[Marker],
) -> Vec<Diagram> {
    let mut seen: FxHashSet<CanonicalKey> = FxHashSet::default();
    let mut out = Vec::new();
    for size in 1..=points_wanted {
        // A shape's enclosed cells do not depend on its labels: skip the shapes and placements
        // that cannot make `points_wanted` points before labelling them.
        let fits = |unlabelled: &Diagram| size + unlabelled.enclosed().len() == points_wanted;
        label_shapes(size, placements, labels, fits, |diagram, g| {
            if points(g) == points_wanted
                && g.check_liberties().is_ok()
                && seen.insert(g.canonical_key())
            {
                out.push(diagram);
            }
        });
    }
    out
}

/// Every labelling of every shape of `size` cells in every placement, in the enumeration's
/// order, handed to `each` with its graph; shapes and placements whose unlabelled diagram
/// `wanted` refuses are skipped.
fn label_shapes(
    size: usize,
    placements: &[Placement],
    labels: &[Marker],
    wanted: impl Fn(&Diagram) -> bool,
    mut each: impl FnMut(Diagram, &EyeGraph),
) {
    if labels.is_empty() {
        return;
    }
    for cells in polyominoes(size) {
        for &placement in placements {
            if !wanted(&place(&cells, &vec![labels[0]; size], placement)) {
                continue;
            }
            let mut digits = vec![0usize; size];
            loop {
                let marks: Vec<Marker> = digits.iter().map(|&d| labels[d]).collect();
                let diagram = place(&cells, &marks, placement);
                if let Ok(g) = EyeGraph::from_diagram(&diagram) {
                    each(diagram, &g);
                }
                // Next labelling, as a base-|labels| counter.
                let mut k = 0;
                while k < size {
                    digits[k] += 1;
                    if digits[k] < labels.len() {
                        break;
                    }
                    digits[k] = 0;
                    k += 1;
                }
                if k == size {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::encoded::encode;

    #[test]
    fn placements_draw_edges() {
        let cells = [(0, 0), (0, 1), (1, 0)];
        let marks = [Marker::Empty, Marker::Margin, Marker::Stone];
        assert_eq!(encode(&place(&cells, &marks, Placement::Centre)), ".!%XO");
        assert_eq!(encode(&place(&cells, &marks, Placement::Edge)), ".!%XO%--");
        assert_eq!(
            encode(&place(&cells, &marks, Placement::Corner)),
            "|.!%|XO%+--"
        );
    }

    #[test]
    fn graphs_of_one_size_are_those_of_the_whole_enumeration() {
        let all = eye_graphs(5, &Placement::ALL, &CONCRETE);
        let by_size: Vec<Diagram> = (1..=5)
            .flat_map(|p| eye_graphs_of(p, &Placement::ALL, &CONCRETE))
            .collect();
        let mut sorted = all.clone();
        sorted.sort_by_key(|d| points(&EyeGraph::from_diagram(d).unwrap()));
        assert_eq!(by_size, sorted);
    }

    #[test]
    fn counts_of_small_graphs() {
        // Graphs, not shapes: the straight and the bent three are one graph.
        let centre = eye_graphs(4, &[Placement::Centre], &[Marker::Empty]);
        // 1, 1, 1 (path), 3 (path, star, square) graphs of sizes 1..4.
        assert_eq!(centre.len(), 6);
        let all = eye_graphs(2, &Placement::ALL, &[Marker::Empty]);
        // One vertex: edge count 0, 1, 2. Two: {0,0}, {1,1}, {2,1}, {0,1}; the vertical domino
        // in the corner is {1,2}, the same graph as the horizontal one.
        let encoded: Vec<String> = all.iter().map(encode).collect();
        assert_eq!(
            encoded,
            vec![".", ".%-", "|.%+-", "..", "..%--", "|..%+--", ".%.%-"]
        );
    }
}
