//! The solver stage: exact eye values and vital points by exhaustive search.
//!
//! Takes an eye space ([`Space`]: adjacency bitmasks, marginal vertices, attacker stones, board
//! edges; built from a [`Diagram`] with [`Space::from_diagram`], or from GNU Go's encoded graph
//! text with [`crate::encoded::parse_graph`]) and gives a [`Solution`]: the four-digit [`EyeValue`]
//! (SEMANTICS.md §3), every attack and defence point, and a line of play for each digit.
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
//!   other defender stones form ordinary strings that can be captured;
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
//! Plain "two moves in a row" differs from GNU Go on 2 of the 837 centre graphs of size <= 4
//! (`!.X%OXO` is `1122` there, not `0122`); the rule applied one level deep still misses 5 of the
//! 7,403 graphs of size <= 5, two levels 34 of size 6, three levels 2, four levels none. On the
//! larger and edge shapes of GNU Go's own `eyes.db` (every pattern form in every placement its
//! edge markers allow, 22,751 that gnugo answers without a pocket) the depth still matters:
//! 4 levels miss 45, 5 miss 31, 6 miss 23, 7 and 8 miss 20 (7 of them in digits `b`/`c`, which
//! the rule does not touch), and the value at a given depth can alternate between odd and even
//! depths on a few 7-vertex shapes. The default is 7, which also keeps every centre graph of
//! size <= 6 outside pockets in agreement, vital points included. The rule is a fit to GNU Go's
//! answers, stated in terms of the local game, not a derivation from its source; the depth
//! costs next to nothing (the transposition table is shared by every level).
//!
//! Each first move is scored by the plain value of the position it leaves ([`FirstMove`]).
//! Vital points follow `eyes.db`: only moves that change the value are marked. Attack points
//! (when `a != c`) are the attacker's moves with the smallest pair (defender-to-move count,
//! count for `a`) after them, so the moves reaching `b`, and among them those reaching `a`;
//! defence points (when `b != d`) are the defender's moves with the largest pair
//! (attacker-to-move count, count for `d`). Outer-liberty moves and passes are never marked.
//!
//! Measured against GNU Go 3.8 (`examples/solve_vs_gnugo.rs`, centre graphs, every labelling
//! over `. ! X $`, one per symmetry class): all 837 graphs of size <= 4 and all 7,403 of size
//! <= 5 that gnugo answers agree in value and vital points. Of the 72,183 of size <= 6, 71,855
//! (99.55%) agree in value: all but the 461 where gnugo turns a wall cell into a playable
//! "pocket" (its lines to the invincible groups can cut a wall stone off, changing the position
//! it reads), so 71,722 of 71,722 outside pockets; 71,720 (99.36%) agree in value and vital
//! points, 2 differences outside pockets. Every disagreement
//! examined, with the reasoning about who is right, is in `src/solve/GNUGO_DISAGREEMENTS.md`.
//!
//! # Search
//!
//! Board geometry matters only through the edge counts, so a state is two bitmasks plus a few
//! counters: the transposition table is keyed on the packed state (and emptied when it reaches
//! a size limit, so memory stays bounded); a result that depended on the line of play (a move
//! below it cut by a repetition of a position *above* it) is not stored, so a stored answer
//! never depends on the line that first reached it (before this, reordering the defender's
//! moves changed 2 size-6 values; a repetition of the position itself or of one below it does
//! not make the result depend on the line, and storing those too took 7-vertex corner shapes
//! from over 20 million nodes to a few thousand); the search runs on an explicit stack (no recursion,
//! whatever the depth), moves are ordered most-connected vertex first and the defender's pass
//! last (trying the pass first was 10 to 40 times slower on 12- to 15-vertex spaces), and two
//! sure eyes (empty one- or two-point regions ringed by the wall) end a line at once. Nothing is
//! allocated in the node loop once the stack has grown. The tenuki rule is the only recursion:
//! at most [`Params::tenuki_depth`] (<= [`MAX_TENUKI_DEPTH`]) levels, a few frames each.
//! Open centre spaces of up to 15 vertices solve in under a second; open corner and edge
//! spaces of 12 or more vertices, and larger open spaces (18 to 20 vertices), can exceed the
//! default [`Params::node_limit`], which turns that into [`SolveError::SearchLimit`].
//!
//! ```
//! use nakade::encoded::parse_graph;
//! use nakade::solve::{solve, Params, Space};
//! let diagram = parse_graph(".!..%O$").unwrap();
//! let space = Space::from_diagram(&diagram).unwrap();
//! let sol = solve(&space, &Params::default()).unwrap();
//! assert_eq!(sol.value.to_string(), "0022");
//! assert_eq!(sol.annotate(&diagram).render('O'), vec![".)<.", "O$"]);
//! ```

mod search;

use crate::diagram::{Cell, Content, Diagram};
use crate::EyeValue;
use search::{Geometry, Played, Rules, Searcher, State, NO_KO, OUTER, PASS};

/// The largest eye space the solver accepts.
pub const MAX_VERTICES: usize = 20;
/// The most outer liberties the solver accepts.
pub const MAX_OUTER_LIBERTIES: u8 = 7;
/// The default [`Params::tenuki_depth`].
pub const DEFAULT_TENUKI_DEPTH: u8 = 7;
/// The largest [`Params::tenuki_depth`] accepted (the rule recurses that many levels).
pub const MAX_TENUKI_DEPTH: u8 = 8;
/// The most ko threats per side the solver accepts.
pub const MAX_KO_THREATS: u8 = 3;

/// An eye space as bitmasks over vertex indices `0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    /// Number of vertices.
    pub n: usize,
    /// `adj[v]`: the vertices adjacent to `v`.
    pub adj: [u32; 32],
    /// Marginal vertices (next to an invincible attacker group).
    pub marginal: u32,
    /// Vertices holding an attacker stone.
    pub stone: u32,
    /// `edge[v]`: 0 inside the board, 1 on an edge, 2 in a corner.
    pub edge: [u8; 32],
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
            node_limit: 20_000_000,
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
    /// The search ran out of its node budget.
    #[error("the search gave up after {nodes} nodes")]
    SearchLimit {
        /// Nodes searched.
        nodes: u64,
    },
}

impl Space {
    /// The space of a diagram: vertices in [`Diagram::vertices`] order, orthogonal neighbours in
    /// the grid adjacent, edge counts from the edge markers. `x` is refused.
    pub fn from_diagram(d: &Diagram) -> Result<Space, SolveError> {
        let vs = d.vertices();
        if vs.len() > MAX_VERTICES {
            return Err(SolveError::TooManyVertices {
                given: vs.len(),
                limit: MAX_VERTICES,
            });
        }
        let mut s = Space {
            n: vs.len(),
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            edge: [0; 32],
        };
        for (i, v) in vs.iter().enumerate() {
            match v.marker.content() {
                Content::Either => {
                    return Err(SolveError::Wildcard {
                        vertex: i,
                        row: v.row,
                        col: v.col,
                    })
                }
                Content::Stone => s.stone |= 1 << i,
                Content::Empty => {}
            }
            if v.marker.is_marginal() {
                s.marginal |= 1 << i;
            }
            s.edge[i] = v.edge;
            for (j, w) in vs.iter().enumerate() {
                let dr = v.row.abs_diff(w.row);
                let dc = v.col.abs_diff(w.col);
                if dr + dc == 1 {
                    s.adj[i] |= 1 << j;
                }
            }
        }
        debug_assert!(d
            .rows
            .iter()
            .flatten()
            .all(|c| !matches!(c, Cell::Vertex(_)) || s.n > 0));
        s.check()?;
        Ok(s)
    }

    /// Check the space: size, masks in range, symmetric adjacency without loops, at most four
    /// sides to a point.
    pub fn check(&self) -> Result<(), SolveError> {
        let n = self.n;
        if n > MAX_VERTICES {
            return Err(SolveError::TooManyVertices {
                given: n,
                limit: MAX_VERTICES,
            });
        }
        if n == 0 {
            return Err(SolveError::Empty);
        }
        let all = (1u32 << n) - 1;
        let out = |what: &'static str, m: u32| -> Result<(), SolveError> {
            if m & !all != 0 {
                Err(SolveError::VertexOutOfRange {
                    what,
                    vertex: (m & !all).trailing_zeros() as usize,
                    n,
                })
            } else {
                Ok(())
            }
        };
        out("marginal", self.marginal)?;
        out("stone", self.stone)?;
        for v in 0..32 {
            if v >= n {
                if self.adj[v] != 0 {
                    return Err(SolveError::VertexOutOfRange {
                        what: "adj",
                        vertex: v,
                        n,
                    });
                }
                continue;
            }
            out("adj", self.adj[v])?;
            if self.adj[v] & (1 << v) != 0 {
                return Err(SolveError::SelfLoop { vertex: v });
            }
            let mut m = self.adj[v];
            while m != 0 {
                let u = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.adj[u] & (1 << v) == 0 {
                    return Err(SolveError::NotSymmetric { u: v, v: u });
                }
            }
            if self.edge[v] > 2 {
                return Err(SolveError::BadEdge {
                    vertex: v,
                    edge: self.edge[v],
                });
            }
            let degree = self.adj[v].count_ones();
            if degree + self.edge[v] as u32 > 4 {
                return Err(SolveError::TooManySides {
                    vertex: v,
                    degree,
                    edge: self.edge[v],
                });
            }
        }
        Ok(())
    }

    fn geometry(&self) -> Geometry {
        let mut g = Geometry {
            n: self.n,
            adj: self.adj,
            wall: 0,
            marg: self.marginal,
            order: [0; 32],
        };
        for v in 0..self.n {
            let free = 4 - self.adj[v].count_ones() as i32 - self.edge[v] as i32;
            let line = (self.marginal >> v & 1) as i32;
            if free - line > 0 {
                g.wall |= 1 << v;
            }
        }
        let mut order: Vec<u8> = (0..self.n as u8).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.adj[v as usize].count_ones()));
        g.order[..self.n].copy_from_slice(&order);
        g
    }
}

/// The answer for one eye space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The eye value.
    pub value: EyeValue,
    /// Attack points (bitmask over vertices); empty when `a == c`.
    pub attack: u32,
    /// Defence points (bitmask over vertices); empty when `b == d`.
    pub defense: u32,
    /// For each digit `a b c d`, a line of play reaching it, e.g. `B v2, W v0, B outer`.
    pub pv: [String; 4],
    /// Every legal first move of either player, with the plain value of the position it
    /// leaves (digits as for any position: attacker twice, attacker first, defender first,
    /// defender twice; `a` and `d` there are simply two moves in a row).
    pub first_moves: Vec<FirstMove>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A move of the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this vertex.
    Vertex(usize),
    /// The attacker fills one of the wall's outer liberties.
    OuterLiberty,
    /// The defender passes (plays elsewhere).
    Pass,
}

/// A first move and the value of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMove {
    /// True for the attacker.
    pub attacker: bool,
    /// The move.
    pub mv: Move,
    /// The plain value of the position it leaves.
    pub value: EyeValue,
}

impl Solution {
    /// The diagram with its vital points marked (`*` `<` `>` `@` `(` `)`), others cleared.
    /// The diagram's vertices must be those of the solved space, in the same order.
    pub fn annotate(&self, d: &Diagram) -> Diagram {
        let mut out = d.clone();
        let mut i = 0;
        for row in out.rows.iter_mut() {
            for cell in row.iter_mut() {
                if let Cell::Vertex(m) = *cell {
                    let (a, df) = (self.attack >> i & 1 == 1, self.defense >> i & 1 == 1);
                    *cell = Cell::Vertex(m.with_vital(a, df));
                    i += 1;
                }
            }
        }
        out
    }
}

/// Solve a space: its eye value, vital points and lines of play.
pub fn solve(space: &Space, params: &Params) -> Result<Solution, SolveError> {
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
        white: 0,
        outer: params.outer_liberties,
        ko: NO_KO,
        threats: [params.attacker_ko_threats, params.defender_ko_threats],
    };
    let mut ctx = Ctx {
        g: &g,
        s: Searcher::new(params.node_limit),
    };
    let sol = ctx.solve(&root, params.tenuki_depth as u32);
    if ctx.s.exhausted {
        return Err(SolveError::SearchLimit {
            nodes: ctx.s.stats.nodes,
        });
    }
    Ok(sol)
}

/// A position in both games at once: `[without extra eye, with it]`; `None` where the
/// attacker has already captured the wall.
type Node = [Option<State>; 2];

struct Ctx<'g> {
    g: &'g Geometry,
    s: Searcher,
}

impl Ctx<'_> {
    /// Eyes with the attacker (`black`) or the defender to move at `node`.
    fn count(&mut self, node: &Node, black: bool, hist: &[u64]) -> u8 {
        let mut eyes = 2;
        for (i, eye) in [false, true].into_iter().enumerate() {
            let attacker_wins = match &node[i] {
                None => true,
                Some(s) => {
                    let rules = Rules { g: self.g, eye };
                    if black {
                        self.s.wins(&rules, s, true, hist)
                    } else {
                        !self.s.wins(&rules, s, false, hist)
                    }
                }
            };
            if !attacker_wins {
                return eyes;
            }
            eyes -= 1;
        }
        0
    }

    /// The node after `mv` by `black` (attacker) or the defender; `None` if illegal.
    fn after(&self, node: &Node, hist: &[u64], black: bool, mv: u8) -> Option<Node> {
        let mut out: Node = [None, None];
        for (i, eye) in [false, true].into_iter().enumerate() {
            let Some(s) = &node[i] else { continue };
            match (Rules { g: self.g, eye }).play(s, black, mv) {
                Played::Illegal => return None,
                Played::CapturedWall => {}
                Played::Next { state, captured } => {
                    let b = state.board();
                    if !captured && mv != PASS && (b == s.board() || hist.contains(&b)) {
                        return None;
                    }
                    out[i] = Some(state);
                }
            }
        }
        Some(out)
    }

    /// The board of a node, for superko histories.
    fn board(node: &Node) -> u64 {
        node[1].or(node[0]).map_or(u64::MAX, |s| s.board())
    }

    /// The candidate first moves of a player: every vertex, plus an outer liberty for the
    /// attacker and a pass for the defender.
    fn firsts(&self, black: bool) -> impl Iterator<Item = u8> {
        (0..self.g.n as u8).chain([if black { OUTER } else { PASS }])
    }

    /// The plain four digits of a node: `b`, `c` by search, `a` and `d` as two moves in a row.
    fn plain_value(&mut self, node: &Node, hist: &[u64]) -> [u8; 4] {
        let b = self.count(node, true, hist);
        let c = self.count(node, false, hist);
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut a = b;
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if let Some(child) = self.after(node, &h, true, mv) {
                a = a.min(self.count(&child, true, &h));
            }
        }
        let mut d = c;
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if let Some(child) = self.after(node, &h, false, mv) {
                d = d.max(self.count(&child, false, &h));
            }
        }
        [a, b, c, d]
    }

    /// GNU Go's `a` of a node, its tenuki rule applied `depth` levels deep (0: the attacker
    /// simply plays twice). With `b = 1`, a first move after which the attacker kills by moving
    /// again (`b' = 0`) counts only if the defender cannot make two eyes there with two moves
    /// (`d' < 2`, that `d'` by the same rules one level down); otherwise it counts as 1.
    fn tenuki_a(&mut self, node: &Node, hist: &[u64], depth: u32) -> u8 {
        let b = self.count(node, true, hist);
        if b == 0 {
            return 0;
        }
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut best = b;
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if best == 0 {
                break;
            }
            let Some(child) = self.after(node, &h, true, mv) else {
                continue;
            };
            let cb = self.count(&child, true, &h);
            if cb < best {
                let am = self.a_of(b, cb, &child, &h, depth);
                best = best.min(am);
            }
        }
        best
    }

    /// The attacker's count for one first move leaving `child`, whose attacker-to-move count
    /// is `cb` (see [`Ctx::tenuki_a`]).
    fn a_of(&mut self, b: u8, cb: u8, child: &Node, hist: &[u64], depth: u32) -> u8 {
        if depth > 0 && b == 1 && cb == 0 && self.tenuki_d(child, hist, depth - 1) == 2 {
            1
        } else {
            cb
        }
    }

    /// The mirror of [`Ctx::tenuki_a`]: GNU Go's `d`. With `c = 1`, a first move after which
    /// the defender makes two eyes by moving again counts as 2 only if the attacker cannot
    /// kill there with two moves (`a' > 0`); otherwise as 1.
    fn tenuki_d(&mut self, node: &Node, hist: &[u64], depth: u32) -> u8 {
        let c = self.count(node, false, hist);
        if c == 2 {
            return 2;
        }
        let mut h = hist.to_vec();
        h.push(Self::board(node));
        let mut best = c;
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if best == 2 {
                break;
            }
            let Some(child) = self.after(node, &h, false, mv) else {
                continue;
            };
            let dc = self.count(&child, false, &h);
            if dc > best {
                let dn = self.d_of(c, dc, &child, &h, depth);
                best = best.max(dn);
            }
        }
        best
    }

    /// The defender's count for one first move leaving `child` (see [`Ctx::tenuki_d`]).
    fn d_of(&mut self, c: u8, dc: u8, child: &Node, hist: &[u64], depth: u32) -> u8 {
        if depth > 0 && c == 1 && dc == 2 && self.tenuki_a(child, hist, depth - 1) == 0 {
            1
        } else {
            dc
        }
    }

    fn solve(&mut self, root: &State, depth: u32) -> Solution {
        let node: Node = [Some(*root), Some(*root)];
        let hist = [root.board()];
        let b = self.count(&node, true, &[]);
        let c = self.count(&node, false, &[]);
        // Every first move: (move, plain value left, count for the tenuki digit).
        let mut per_black: Vec<(u8, [u8; 4], u8)> = Vec::new();
        for mv in self.firsts(true).collect::<Vec<_>>() {
            if let Some(child) = self.after(&node, &[], true, mv) {
                let v = self.plain_value(&child, &hist);
                let am = self.a_of(b, v[1], &child, &hist, depth);
                per_black.push((mv, v, am));
            }
        }
        let mut per_white: Vec<(u8, [u8; 4], u8)> = Vec::new();
        for mv in self.firsts(false).collect::<Vec<_>>() {
            if let Some(child) = self.after(&node, &[], false, mv) {
                let v = self.plain_value(&child, &hist);
                let dn = self.d_of(c, v[2], &child, &hist, depth);
                per_white.push((mv, v, dn));
            }
        }
        let a = per_black.iter().map(|m| m.2).fold(b, u8::min);
        let d = per_white.iter().map(|m| m.2).fold(c, u8::max);
        let value = EyeValue { a, b, c, d };
        let n = self.g.n as u8;
        // Attack points: the moves that leave the smallest (c, a) of the next position, i.e.
        // those reaching `b`, and among them those reaching `a`; defence points likewise.
        let mut attack = 0u32;
        if a != c {
            let best = per_black
                .iter()
                .filter(|m| m.0 < n)
                .map(|m| (m.1[2], m.2))
                .min();
            for (mv, v, am) in &per_black {
                if *mv < n && Some((v[2], *am)) == best {
                    attack |= 1 << mv;
                }
            }
        }
        let mut defense = 0u32;
        if b != d {
            let best = per_white
                .iter()
                .filter(|m| m.0 < n)
                .map(|m| (m.1[1], m.2))
                .max();
            for (mv, v, dn) in &per_white {
                if *mv < n && Some((v[1], *dn)) == best {
                    defense |= 1 << mv;
                }
            }
        }
        let lines_b: Vec<(u8, u8, u8)> = per_black.iter().map(|m| (m.0, m.1[2], m.2)).collect();
        let lines_w: Vec<(u8, u8, u8)> = per_white.iter().map(|m| (m.0, m.1[1], m.2)).collect();
        let pv = [
            self.line(root, &lines_b, true, a, true),
            self.line(root, &lines_b, true, b, false),
            self.line(root, &lines_w, false, c, false),
            self.line(root, &lines_w, false, d, true),
        ];
        let to_move = |m: u8| match m {
            OUTER => Move::OuterLiberty,
            PASS => Move::Pass,
            v => Move::Vertex(v as usize),
        };
        let ev = |v: &[u8; 4]| EyeValue {
            a: v[0],
            b: v[1],
            c: v[2],
            d: v[3],
        };
        let first_moves = per_black
            .iter()
            .map(|(m, v, _)| FirstMove {
                attacker: true,
                mv: to_move(*m),
                value: ev(v),
            })
            .chain(per_white.iter().map(|(m, v, _)| FirstMove {
                attacker: false,
                mv: to_move(*m),
                value: ev(v),
            }))
            .collect();
        Solution {
            value,
            first_moves,
            attack,
            defense,
            pv,
            nodes: self.s.stats.nodes,
        }
    }

    /// A readable line of play for one digit: the first move reaching `target`, then (if
    /// `again`) a second move by the same player, then best play in the game that decides it.
    fn line(
        &mut self,
        root: &State,
        firsts: &[(u8, u8, u8)],
        black: bool,
        target: u8,
        again: bool,
    ) -> String {
        let first = firsts
            .iter()
            .find(|&&(_, alt, ag)| if again { ag == target } else { alt == target });
        let Some(&(mv, _, _)) = first else {
            return String::new();
        };
        // The game that decides the digit: without the extra eye when the answer is 2 eyes
        // (defender lives) or the attacker kills outright; with it otherwise.
        let eye = target == 1;
        let rules = Rules { g: self.g, eye };
        let mut moves = vec![name(mv, black)];
        let mut hist = vec![root.board()];
        let mut state = match rules.play(root, black, mv) {
            Played::Next { state, .. } => state,
            _ => return moves.join(", "),
        };
        let mut to_move = if again { black } else { !black };
        if again {
            moves.push(name(PASS, !black));
        }
        for _ in 0..24 {
            let mut buf = [0u8; 34];
            let k = rules.moves(&state, to_move, &mut buf);
            let mut chosen: Option<(u8, Played)> = None;
            if to_move && rules.wall_libs(&state) <= 1 {
                moves.push("B captures".to_string());
                break;
            }
            let wins_here = self.s.wins(&rules, &state, to_move, &hist);
            let mut fallback: Option<(u8, Played)> = None;
            hist.push(state.board());
            for &m in &buf[..k] {
                let p = rules.play(&state, to_move, m);
                match p {
                    Played::Illegal => continue,
                    Played::CapturedWall => {
                        chosen = Some((m, p));
                        break;
                    }
                    Played::Next { state: t, captured } => {
                        if !captured && m != PASS && hist.contains(&t.board()) {
                            continue;
                        }
                        if fallback.is_none() {
                            fallback = Some((m, p));
                        }
                        if wins_here && !self.s.wins(&rules, &t, !to_move, &hist) {
                            chosen = Some((m, p));
                            break;
                        }
                    }
                }
            }
            let Some((m, p)) = chosen.or(fallback) else {
                break;
            };
            moves.push(name(m, to_move));
            match p {
                Played::Next { state: t, .. } => {
                    if m == PASS
                        && moves.len() >= 2
                        && moves[moves.len() - 2] == moves[moves.len() - 1]
                    {
                        break;
                    }
                    state = t;
                }
                _ => {
                    moves.push("(W captured)".to_string());
                    break;
                }
            }
            to_move = !to_move;
            if !to_move && m == PASS {
                break;
            }
        }
        moves.join(", ")
    }
}

fn name(mv: u8, black: bool) -> String {
    let who = if black { 'B' } else { 'W' };
    match mv {
        PASS => format!("{who} pass"),
        OUTER => format!("{who} outer"),
        v => format!("{who} v{v}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> (String, String) {
        let d = crate::encoded::parse_graph(text).unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let sol = solve(&space, &Params::default()).unwrap();
        (
            sol.value.to_string(),
            sol.annotate(&d).render('O').join("%"),
        )
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
        let d = crate::encoded::parse_graph("!.X%OXO").unwrap();
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
        let d = crate::encoded::parse_graph("...").unwrap();
        let sol = solve(&Space::from_diagram(&d).unwrap(), &Params::default()).unwrap();
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
        let d = crate::encoded::parse_graph(".").unwrap();
        let space = Space::from_diagram(&d).unwrap();
        let none = Params {
            outer_liberties: 0,
            ..Params::default()
        };
        // A one-point eye with no outer liberty is still one eye: without the extra eye the
        // wall is in atari and dies, with it the attacker's stone would be suicide.
        assert_eq!(solve(&space, &none).unwrap().value.to_string(), "1111");
        let two = Space::from_diagram(&crate::encoded::parse_graph("..").unwrap()).unwrap();
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
            Space::from_diagram(&crate::encoded::parse_graph("!....%.....").unwrap()).unwrap();
        assert!(matches!(
            solve(&big, &tiny),
            Err(SolveError::SearchLimit { .. })
        ));
        let x = Diagram {
            rows: vec![vec![
                Cell::Vertex(crate::diagram::Marker::Either),
                Cell::Vertex(crate::diagram::Marker::Empty),
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
            let mut s = Space { n, adj: [0; 32], marginal: 0, stone: 0, edge: [0; 32] };
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
            let sol = solve(&s, &Params::default()).unwrap();
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
            edge: [0; 32],
        };
        s.adj[0] = 0b10;
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::NotSymmetric { u: 0, v: 1 })
        );
        s.n = 21;
        assert_eq!(
            solve(&s, &Params::default()),
            Err(SolveError::TooManyVertices {
                given: 21,
                limit: MAX_VERTICES
            })
        );
        let s = Space {
            n: 0,
            adj: [0; 32],
            marginal: 0,
            stone: 0,
            edge: [0; 32],
        };
        assert_eq!(solve(&s, &Params::default()), Err(SolveError::Empty));
        let mut s = Space {
            n: 1,
            adj: [0; 32],
            marginal: 0b10,
            stone: 0,
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
}
