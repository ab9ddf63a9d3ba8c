//! Diagrams: the character grids that pattern files and GNU Go's encoded eye graphs share.
//!
//! A diagram is rows of cells; each cell is a vertex marker (`docs/PATTERNS.md`, "Markers"), a
//! board-edge marker (`|`, `-`, `+`) or nothing (a space in a pattern file, `O` in an encoded
//! graph).
//! The `dsl` stage and the `encoded` parser both produce a [`Diagram`]; [`crate::pattern::graph`] turns
//! it into an eye graph.

/// What may stand on an eye-space vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Content {
    /// An empty point.
    Empty,
    /// An opponent (attacker) stone.
    Stone,
    /// Either (the `x` wildcard of pattern files).
    Either,
    /// A stone of the space's owner (the defender) that the space closes in: every neighbour
    /// is a vertex of the space, another such stone or the board edge. It is not part of the
    /// surrounding wall but a string of its own, with liberties only in the space, so it can
    /// be captured. Never an eye-space vertex: in a diagram it is a cell outside the space
    /// that the space (and the board edge) encloses ([`Diagram::enclosed`]).
    Defender,
}

impl Content {
    /// True when a vertex with this requirement accepts a point that is (`stone`) or is not a stone.
    pub fn allows(self, stone: bool) -> bool {
        match self {
            Content::Empty => !stone,
            Content::Stone => stone,
            Content::Either => true,
            Content::Defender => false,
        }
    }
}

/// One of the eleven vertex markers of the `eyes.db` dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// `.` empty.
    Empty,
    /// `*` empty, attack and defence point.
    Vital,
    /// `<` empty, attack point.
    Attack,
    /// `>` empty, defence point.
    Defense,
    /// `x` empty or opponent stone.
    Either,
    /// `X` opponent stone.
    Stone,
    /// `!` marginal, empty.
    Margin,
    /// `@` marginal, attack and defence point.
    MarginVital,
    /// `(` marginal, attack point.
    MarginAttack,
    /// `)` marginal, defence point.
    MarginDefense,
    /// `$` marginal, opponent stone.
    MarginStone,
}

impl Marker {
    /// Every marker, in the order of the table of `docs/PATTERNS.md`, "Markers".
    pub const ALL: [Marker; 11] = [
        Marker::Empty,
        Marker::Vital,
        Marker::Attack,
        Marker::Defense,
        Marker::Either,
        Marker::Stone,
        Marker::Margin,
        Marker::MarginVital,
        Marker::MarginAttack,
        Marker::MarginDefense,
        Marker::MarginStone,
    ];

    /// The marker a character stands for, if any.
    pub fn from_char(c: char) -> Option<Marker> {
        Some(match c {
            '.' => Marker::Empty,
            '*' => Marker::Vital,
            '<' => Marker::Attack,
            '>' => Marker::Defense,
            'x' => Marker::Either,
            'X' => Marker::Stone,
            '!' => Marker::Margin,
            '@' => Marker::MarginVital,
            '(' => Marker::MarginAttack,
            ')' => Marker::MarginDefense,
            '$' => Marker::MarginStone,
            _ => return None,
        })
    }

    /// The character of this marker.
    pub fn to_char(self) -> char {
        match self {
            Marker::Empty => '.',
            Marker::Vital => '*',
            Marker::Attack => '<',
            Marker::Defense => '>',
            Marker::Either => 'x',
            Marker::Stone => 'X',
            Marker::Margin => '!',
            Marker::MarginVital => '@',
            Marker::MarginAttack => '(',
            Marker::MarginDefense => ')',
            Marker::MarginStone => '$',
        }
    }

    /// The marker for a vertex with these properties; `None` for combinations the dialect
    /// cannot write (a vital point on a stone, a marginal `x`).
    pub fn from_parts(
        marginal: bool,
        content: Content,
        attack: bool,
        defense: bool,
    ) -> Option<Marker> {
        Some(match (marginal, content, attack, defense) {
            (false, Content::Empty, false, false) => Marker::Empty,
            (false, Content::Empty, true, true) => Marker::Vital,
            (false, Content::Empty, true, false) => Marker::Attack,
            (false, Content::Empty, false, true) => Marker::Defense,
            (false, Content::Either, false, false) => Marker::Either,
            (false, Content::Stone, false, false) => Marker::Stone,
            (true, Content::Empty, false, false) => Marker::Margin,
            (true, Content::Empty, true, true) => Marker::MarginVital,
            (true, Content::Empty, true, false) => Marker::MarginAttack,
            (true, Content::Empty, false, true) => Marker::MarginDefense,
            (true, Content::Stone, false, false) => Marker::MarginStone,
            _ => return None,
        })
    }

    /// True for the marginal markers `! @ ( ) $`.
    pub fn is_marginal(self) -> bool {
        matches!(
            self,
            Marker::Margin
                | Marker::MarginVital
                | Marker::MarginAttack
                | Marker::MarginDefense
                | Marker::MarginStone
        )
    }

    /// What may stand on the vertex.
    pub fn content(self) -> Content {
        match self {
            Marker::Either => Content::Either,
            Marker::Stone | Marker::MarginStone => Content::Stone,
            _ => Content::Empty,
        }
    }

    /// True for the attack points `* < @ (`.
    pub fn is_attack(self) -> bool {
        matches!(
            self,
            Marker::Vital | Marker::Attack | Marker::MarginVital | Marker::MarginAttack
        )
    }

    /// True for the defence points `* > @ )`.
    pub fn is_defense(self) -> bool {
        matches!(
            self,
            Marker::Vital | Marker::Defense | Marker::MarginVital | Marker::MarginDefense
        )
    }

    /// The same vertex with its vital-point marks replaced.
    pub fn with_vital(self, attack: bool, defense: bool) -> Marker {
        Marker::from_parts(self.is_marginal(), self.content(), attack, defense).unwrap_or(self)
    }
}

/// One cell of a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not part of the eye space (a space in a pattern, `O` in an encoded graph).
    Off,
    /// An eye-space vertex.
    Vertex(Marker),
    /// `|`: a left or right board edge.
    EdgeVertical,
    /// `-`: a top or bottom board edge.
    EdgeHorizontal,
    /// `+`: a corner of the board.
    Corner,
}

impl Cell {
    /// True for the edge markers `|`, `-`, `+`.
    pub fn is_edge(self) -> bool {
        matches!(
            self,
            Cell::EdgeVertical | Cell::EdgeHorizontal | Cell::Corner
        )
    }
}

/// A vertex of a diagram, with its position and board-edge count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagramVertex {
    /// Row, counted from 0.
    pub row: usize,
    /// Column, counted from 0 over the characters of the row.
    pub col: usize,
    /// The marker there.
    pub marker: Marker,
    /// How many board edges the vertex lies on: 0 inside, 1 on an edge, 2 in a corner.
    pub edge: u8,
}

/// A cell outside the eye space that the space closes in: a defender stone (see
/// [`Content::Defender`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnclosedCell {
    /// Row, counted from 0.
    pub row: usize,
    /// Column, counted from 0 over the characters of the row.
    pub col: usize,
    /// How many board edges the cell lies on.
    pub edge: u8,
}

/// A grid of cells, row by row, rows of any length.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Diagram {
    /// The rows, top to bottom.
    pub rows: Vec<Vec<Cell>>,
}

impl Diagram {
    /// The cell at (`row`, `col`), `Cell::Off` outside the grid.
    pub fn cell(&self, row: isize, col: isize) -> Cell {
        if row < 0 || col < 0 {
            return Cell::Off;
        }
        self.rows
            .get(row as usize)
            .and_then(|r| r.get(col as usize))
            .copied()
            .unwrap_or(Cell::Off)
    }

    /// Board edges beside the cell at (`r`, `c`): 0 inside, 1 on an edge, 2 in a corner.
    fn edge_count(&self, r: isize, c: isize) -> u8 {
        let mut edge = 0u8;
        for dc in [-1, 1] {
            if self.cell(r, c + dc) == Cell::EdgeVertical {
                edge += 1;
            }
        }
        for dr in [-1, 1] {
            if self.cell(r + dr, c) == Cell::EdgeHorizontal {
                edge += 1;
            }
        }
        edge.min(2)
    }

    /// The cells outside the eye space that the space closes in, in reading order.
    ///
    /// A cell outside the space (a space in a pattern, `O` in an encoded graph) is normally
    /// part of the wall around it. But a cell that cannot be reached from beyond the diagram
    /// by stepping through cells outside the space (vertices and board edges bar the way)
    /// cannot be wall on a real board: it is a defender stone of its own, whose liberties all
    /// lie in the space ([`Content::Defender`]).
    ///
    /// ```
    /// use nakade::pattern::encoded::parse_graph;
    /// // In the corner, the O is closed in by the space and the bottom edge.
    /// let d = parse_graph("|...%|XO.%+---").unwrap();
    /// let cells: Vec<(usize, usize)> = d.enclosed().iter().map(|e| (e.row, e.col)).collect();
    /// assert_eq!(cells, vec![(1, 2)]);
    /// // In the centre, the same O has the open board below it: wall.
    /// assert!(parse_graph("...%XO.").unwrap().enclosed().is_empty());
    /// ```
    pub fn enclosed(&self) -> Vec<EnclosedCell> {
        let h = self.rows.len();
        let w = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        // Cells (r, c) of the grid padded by one on every side, at index (r + 1) * (w + 2) + c + 1.
        let (ph, pw) = (h + 2, w + 2);
        let mut reached = vec![false; ph * pw];
        let mut stack = Vec::new();
        for r in 0..ph {
            for c in 0..pw {
                if r == 0 || c == 0 || r == ph - 1 || c == pw - 1 {
                    reached[r * pw + c] = true;
                    stack.push((r, c));
                }
            }
        }
        while let Some((r, c)) = stack.pop() {
            let around = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in around {
                if nr >= ph || nc >= pw || reached[nr * pw + nc] {
                    continue;
                }
                if self.cell(nr as isize - 1, nc as isize - 1) == Cell::Off {
                    reached[nr * pw + nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (ri, ci) = (r as isize, c as isize);
                if self.cell(ri, ci) == Cell::Off && !reached[(r + 1) * pw + c + 1] {
                    out.push(EnclosedCell {
                        row: r,
                        col: c,
                        edge: self.edge_count(ri, ci),
                    });
                }
            }
        }
        out
    }

    /// The vertices in reading order (row by row, left to right), with their edge counts.
    ///
    /// A vertex lies on a board edge when a `|` is beside it or a `-` above or below it
    /// (`docs/PATTERNS.md`, "Markers": next to one edge marker on an edge, next to two in a
    /// corner).
    pub fn vertices(&self) -> Vec<DiagramVertex> {
        let mut out = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let Cell::Vertex(marker) = *cell {
                    out.push(DiagramVertex {
                        row: r,
                        col: c,
                        marker,
                        edge: self.edge_count(r as isize, c as isize),
                    });
                }
            }
        }
        out
    }

    /// Every board placement the diagram's edge markers allow, the drawn one first.
    ///
    /// A pattern matches an eye space whose vertices lie on at least the board edges it draws
    /// (`docs/PATTERNS.md`, "Matching"), so a shape drawn in the centre also stands for the same
    /// shape along any of the four edges and in any corner, and one drawn along the bottom edge
    /// also for the two bottom corners. Each placement is redrawn with its edge markers: on
    /// each axis the shape touches neither side, the low side or the high side, as drawn where
    /// the diagram draws an edge on that axis. A placement against the top or right edge is
    /// drawn turned over, against the bottom or left edge, as `eyes.db` draws its edge patterns
    /// (the same graph; GNU Go's `analyze_eyegraph` misreads top-left corners: it answers
    /// `+------%|XXXXXX` with the corner stone gone). Nine placements at most, fewer where two
    /// give the same diagram. A diagram whose markers do not sit on the shape's outer rows and
    /// columns (or draw both sides of an axis) is returned as drawn, alone.
    ///
    /// ```
    /// use nakade::pattern::diagram::Diagram;
    /// use nakade::pattern::encoded::{encode, parse_graph};
    /// let edge = parse_graph("..%--").unwrap();
    /// let all: Vec<String> = edge.placements().iter().map(encode).collect();
    /// assert_eq!(all, vec!["..%--", "|..%+--"]);
    /// // Centre, against the left edge, against the bottom edge, in the corner.
    /// assert_eq!(parse_graph(".").unwrap().placements().len(), 4);
    /// ```
    pub fn placements(&self) -> Vec<Diagram> {
        let vs = self.vertices();
        let (Some(r0), Some(r1), Some(c0), Some(c1)) = (
            vs.iter().map(|v| v.row).min(),
            vs.iter().map(|v| v.row).max(),
            vs.iter().map(|v| v.col).min(),
            vs.iter().map(|v| v.col).max(),
        ) else {
            return vec![self.clone()];
        };
        // The sides drawn: 0 none, 1 low (left, top), 2 high (right, bottom).
        let (mut horizontal, mut vertical) = (0u8, 0u8);
        for v in &vs {
            let (r, c) = (v.row as isize, v.col as isize);
            if self.cell(r, c - 1) == Cell::EdgeVertical {
                horizontal |= 1;
            }
            if self.cell(r, c + 1) == Cell::EdgeVertical {
                horizontal |= 2;
            }
            if self.cell(r - 1, c) == Cell::EdgeHorizontal {
                vertical |= 1;
            }
            if self.cell(r + 1, c) == Cell::EdgeHorizontal {
                vertical |= 2;
            }
        }
        if horizontal == 3 || vertical == 3 {
            return vec![self.clone()];
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let draw = |side_h: u8, side_v: u8| -> Diagram {
            let (left, right) = (side_h == 1, side_h == 2);
            let (top, bottom) = (side_v == 1, side_v == 2);
            let (dr, dc) = (top as usize, left as usize);
            let width = w + dc + right as usize;
            let mut rows = vec![vec![Cell::Off; width]; h + dr + bottom as usize];
            for v in &vs {
                rows[v.row - r0 + dr][v.col - c0 + dc] = Cell::Vertex(v.marker);
            }
            for row in rows.iter_mut().skip(dr).take(h) {
                if left {
                    row[0] = Cell::EdgeVertical;
                }
                if right {
                    row[width - 1] = Cell::EdgeVertical;
                }
            }
            let mut edge_row = vec![Cell::EdgeHorizontal; width];
            if left {
                edge_row[0] = Cell::Corner;
            }
            if right {
                edge_row[width - 1] = Cell::Corner;
            }
            if top {
                rows[0] = edge_row.clone();
            }
            if bottom {
                rows[h + dr] = edge_row;
            }
            Diagram { rows }
        };
        let drawn = draw(horizontal, vertical);
        let edges = |d: &Diagram| d.vertices().iter().map(|v| v.edge).collect::<Vec<_>>();
        if edges(&drawn) != edges(self) {
            return vec![self.clone()];
        }
        // A placement against more edges can close in a cell the drawing leaves open: that is
        // another position (a defender stone there, not wall), which this pattern does not
        // stand for.
        let enclosed = self.enclosed().len();
        let mut out = vec![drawn];
        for side_v in 0..3u8 {
            for side_h in 0..3u8 {
                if (vertical != 0 && side_v != vertical)
                    || (horizontal != 0 && side_h != horizontal)
                {
                    continue;
                }
                // Drawn, like eyes.db's own edge patterns, against the bottom and left edges:
                // the shape turned over instead of a top or right edge (the same graph).
                let mut d = draw(side_h, side_v);
                if side_v == 1 {
                    d.rows.reverse();
                }
                if side_h == 2 {
                    d.rows.iter_mut().for_each(|r| r.reverse());
                }
                if !out.contains(&d) && d.enclosed().len() == enclosed {
                    out.push(d);
                }
            }
        }
        out
    }

    /// The diagram as text, one line a row, with `off` for cells outside the eye space.
    pub fn render(&self, off: char) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        Cell::Off => off,
                        Cell::Vertex(m) => m.to_char(),
                        Cell::EdgeVertical => '|',
                        Cell::EdgeHorizontal => '-',
                        Cell::Corner => '+',
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_round_trip() {
        for m in Marker::ALL {
            assert_eq!(Marker::from_char(m.to_char()), Some(m));
            assert_eq!(
                Marker::from_parts(m.is_marginal(), m.content(), m.is_attack(), m.is_defense()),
                Some(m)
            );
        }
    }

    #[test]
    fn corner_vertex_counts_two_edges() {
        let d = Diagram {
            rows: vec![
                vec![
                    Cell::EdgeVertical,
                    Cell::Vertex(Marker::Empty),
                    Cell::Vertex(Marker::Empty),
                ],
                vec![Cell::Corner, Cell::EdgeHorizontal, Cell::Off],
            ],
        };
        let edges: Vec<u8> = d.vertices().iter().map(|v| v.edge).collect();
        assert_eq!(edges, vec![2, 0]);
    }
}
