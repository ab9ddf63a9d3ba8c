//! Eye graphs: the eye space as a labelled graph, its neighbour class and canonical form.
//!
//! Takes a [`Diagram`] (from a pattern file or an encoded graph), a host engine's coordinates,
//! or an explicit adjacency list; gives an [`EyeGraph`] (a petgraph `UnGraph` of [`Vertex`]
//! labels), which the database compiles and looks up by [`CanonicalKey`].
//!
//! Two eye graphs get the same canonical key exactly when they are isomorphic as labelled graphs
//! (adjacency, marginal flag, content, edge count and vital flags all preserved).

pub(crate) mod canon;
mod canon_reference;

use std::fmt;

use petgraph::graph::{NodeIndex, UnGraph};

use crate::pattern::diagram::{Content, Diagram, Marker};
use canon::Compact;
pub use canon::MAX_VERTICES;

/// The most neighbours a vertex may have: an eye space lies on a Go board.
pub const MAX_DEGREE: usize = 4;

/// The label of an eye-graph vertex.
///
/// For an eye space handed over by a host, `content` is [`Content::Empty`] or
/// [`Content::Stone`] and `edge` is the vertex's own edge count. For a pattern, `content` may be
/// [`Content::Either`] and `edge` is a requirement: the space vertex must lie on at least that
/// many edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vertex {
    /// Next to an empty point outside the space (`docs/PATTERNS.md`, "Markers").
    pub marginal: bool,
    /// What stands there.
    pub content: Content,
    /// Board edges: 0 inside, 1 on an edge, 2 in a corner.
    pub edge: u8,
    /// An attack point (patterns and answers).
    pub attack: bool,
    /// A defence point (patterns and answers).
    pub defense: bool,
}

impl Vertex {
    /// An empty, non-marginal vertex inside the board.
    pub const EMPTY: Vertex = Vertex {
        marginal: false,
        content: Content::Empty,
        edge: 0,
        attack: false,
        defense: false,
    };

    /// An empty vertex, marginal or not.
    pub fn empty(marginal: bool) -> Vertex {
        Vertex {
            marginal,
            ..Vertex::EMPTY
        }
    }

    /// A vertex holding an opponent stone, marginal or not.
    pub fn stone(marginal: bool) -> Vertex {
        Vertex {
            marginal,
            content: Content::Stone,
            ..Vertex::EMPTY
        }
    }

    /// The same vertex on `edge` board edges.
    pub fn on_edges(self, edge: u8) -> Vertex {
        Vertex { edge, ..self }
    }

    /// The vertex a diagram marker stands for, with the given edge count.
    pub fn from_marker(marker: Marker, edge: u8) -> Vertex {
        Vertex {
            marginal: marker.is_marginal(),
            content: marker.content(),
            edge,
            attack: marker.is_attack(),
            defense: marker.is_defense(),
        }
    }

    /// The diagram marker for this vertex, if the dialect can write it.
    pub fn marker(&self) -> Option<Marker> {
        Marker::from_parts(self.marginal, self.content, self.attack, self.defense)
    }

    /// Every property, packed: the colour used for the full canonical key.
    fn full_colour(&self) -> u8 {
        let content = match self.content {
            Content::Empty => 0,
            Content::Stone => 1,
            Content::Either => 2,
            Content::Defender => 3,
        };
        self.marginal as u8
            | content << 1
            | self.edge.min(3) << 3
            | (self.attack as u8) << 5
            | (self.defense as u8) << 6
    }
}

/// Why an eye graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// More vertices than the engine handles.
    #[error("the eye graph has {given} vertices; the limit is {limit}")]
    TooManyVertices {
        /// Vertices given.
        given: usize,
        /// The limit, [`MAX_VERTICES`].
        limit: usize,
    },
    /// A vertex with more than four neighbours.
    #[error("vertex {vertex} has {given} neighbours; a point on a Go board has at most {limit}")]
    TooManyNeighbours {
        /// The vertex index.
        vertex: usize,
        /// Its number of neighbours.
        given: usize,
        /// The limit, [`MAX_DEGREE`].
        limit: usize,
    },
    /// An edge names a vertex that does not exist.
    #[error("edge {index} names vertex {vertex}, but there are only {len} vertices")]
    NoSuchVertex {
        /// The edge's index in the list.
        index: usize,
        /// The vertex it names.
        vertex: usize,
        /// Number of vertices.
        len: usize,
    },
    /// An edge from a vertex to itself.
    #[error("edge {index} joins vertex {vertex} to itself")]
    SelfLoop {
        /// The edge's index in the list.
        index: usize,
        /// The vertex.
        vertex: usize,
    },
    /// Two vertices at one coordinate.
    #[error("two vertices at row {row}, column {col}")]
    DuplicateCoordinate {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
    },
    /// An enclosed defender stone listed before an eye-space vertex.
    #[error("vertex {vertex} is an enclosed defender stone before an eye-space vertex; list the space's vertices first")]
    EnclosedOutOfOrder {
        /// The vertex index.
        vertex: usize,
    },
    /// An enclosed defender string without an empty point beside it: not a legal position.
    #[error("the enclosed defender stone {} has no liberty: not a legal position", stone_name(*.vertex, *.at))]
    EnclosedWithoutLiberty {
        /// The index of one of its stones.
        vertex: usize,
        /// Its coordinate `(row, col)`, when the graph was built from coordinates.
        at: Option<(usize, usize)>,
    },
    /// An edge count above 2.
    #[error("vertex {vertex} has edge count {edge}; it is 0, 1 or 2")]
    BadEdgeCount {
        /// The vertex index.
        vertex: usize,
        /// The count given.
        edge: u8,
    },
}

/// How an error names a stone: by its coordinate when there is one.
fn stone_name(vertex: usize, at: Option<(usize, usize)>) -> String {
    match at {
        Some((r, c)) => format!("at row {r}, column {c}"),
        None => format!("(vertex {vertex})"),
    }
}

/// The neighbour classification of Vilà & Cazenave: every vertex's number of neighbours inside
/// the space, sorted, e.g. `112224` for the rabbity six.
///
/// ```
/// use nakade::pattern::graph::EyeGraph;
/// use nakade::pattern::encoded::parse_graph;
/// let g = EyeGraph::from_diagram(&parse_graph("O.O%...%O.O").unwrap()).unwrap();
/// assert_eq!(g.neighbour_class().to_string(), "11114");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NeighbourClass(pub Vec<u8>);

impl fmt::Display for NeighbourClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A canonical key: equal for two graphs exactly when they are isomorphic as labelled graphs.
///
/// It holds the vertex count, the labels in canonical order and the canonical adjacency rows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CanonicalKey(pub(crate) Box<[u32]>);

impl fmt::Display for CanonicalKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, w) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{w:x}")?;
        }
        Ok(())
    }
}

/// Write the key words of a labelled graph into `out`: `[n, colours packed four a word, rows]`.
/// Returns the number of words written.
pub(crate) fn key_words(
    g: &Compact,
    order: &[u8; MAX_VERTICES],
    rows: &[u32; MAX_VERTICES],
    out: &mut [u32; 2 * MAX_VERTICES],
) -> usize {
    let n = g.n;
    out[0] = n as u32;
    let colour_words = n.div_ceil(4);
    for w in 0..colour_words {
        let mut word = 0u32;
        for k in 0..4 {
            let i = w * 4 + k;
            if i < n {
                word |= (g.color[order[i] as usize] as u32) << (8 * k);
            }
        }
        out[1 + w] = word;
    }
    out[1 + colour_words..1 + colour_words + n].copy_from_slice(&rows[..n]);
    1 + colour_words + n
}

/// A graph's canonical form: its key, the canonical order of its vertices and its automorphisms.
#[derive(Clone, Debug)]
pub struct CanonicalForm {
    /// The canonical key.
    pub key: CanonicalKey,
    /// `order[i]` is the graph vertex at canonical position `i`.
    pub order: Vec<usize>,
    /// The automorphisms, as permutations of the graph's own vertex indices; identity first.
    pub automorphisms: Vec<Vec<usize>>,
}

/// An eye space or pattern as a labelled graph.
///
/// ```
/// use nakade::pattern::graph::{EyeGraph, Vertex};
/// // The bent three, given by coordinates.
/// let g = EyeGraph::from_coordinates(&[
///     ((0, 0), Vertex::empty(false)),
///     ((0, 1), Vertex::empty(false)),
///     ((1, 1), Vertex::empty(true)),
/// ]).unwrap();
/// // The same graph, given by adjacency in another order.
/// let h = EyeGraph::from_adjacency(
///     vec![Vertex::empty(false), Vertex::empty(true), Vertex::empty(false)],
///     &[(0, 1), (0, 2)],
/// ).unwrap();
/// assert_eq!(g.canonical_key(), h.canonical_key());
/// ```
///
/// Besides the eye-space vertices it may hold **enclosed defender stones** (vertices labelled
/// [`Content::Defender`], after all the space's vertices): stones of the owner that the space
/// closes in, which can be captured. A side of one that is neither a space vertex, another
/// enclosed stone nor the board edge is an attacker stone outside the space (on a board, a
/// stone the attacker's stones cut off from the wall): the solver takes it as invincible, so
/// once the stone is captured its point is marginal. A diagram's enclosed cells have no such
/// side. They take part in the canonical key (two spaces that
/// differ only in them are different positions) but not in the space's size, neighbour class,
/// marginal count or connectivity: [`EyeGraph::len`], [`EyeGraph::vertices`] and
/// [`EyeGraph::neighbors`] speak of the eye space alone.
#[derive(Clone, Debug)]
pub struct EyeGraph {
    /// Eye-space vertices `0..len`, then enclosed defender stones.
    graph: UnGraph<Vertex, ()>,
    coords: Vec<Option<(usize, usize)>>,
    /// Number of eye-space vertices.
    len: usize,
}

impl EyeGraph {
    /// The eye graph of a diagram: its vertices in reading order, orthogonal neighbours
    /// adjacent, edge counts from the edge markers; then the cells the space closes in
    /// ([`Diagram::enclosed`]), as enclosed defender stones.
    pub fn from_diagram(diagram: &Diagram) -> Result<EyeGraph, GraphError> {
        let points: Vec<((usize, usize), Vertex)> = diagram
            .vertices()
            .into_iter()
            .map(|v| ((v.row, v.col), Vertex::from_marker(v.marker, v.edge)))
            .collect();
        let enclosed: Vec<((usize, usize), u8)> = diagram
            .enclosed()
            .into_iter()
            .map(|e| ((e.row, e.col), e.edge))
            .collect();
        EyeGraph::from_coordinates_enclosing(&points, &enclosed)
    }

    /// An eye graph from board coordinates `(row, col)`: orthogonal neighbours are adjacent.
    /// The edge counts are the vertices' own.
    pub fn from_coordinates(points: &[((usize, usize), Vertex)]) -> Result<EyeGraph, GraphError> {
        EyeGraph::from_coordinates_enclosing(points, &[])
    }

    /// An eye graph from board coordinates, with the defender stones the space closes in:
    /// `enclosed` lists each such stone's coordinate and edge count. Its vertices are the
    /// points in the order given, then the enclosed stones.
    ///
    /// ```
    /// use nakade::pattern::graph::{EyeGraph, Vertex};
    /// // A ring of eight around the defender stone at (1, 1).
    /// let ring: Vec<((usize, usize), Vertex)> = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    ///     .into_iter()
    ///     .map(|p| (p, Vertex::EMPTY))
    ///     .collect();
    /// let g = EyeGraph::from_coordinates_enclosing(&ring, &[((1, 1), 0)]).unwrap();
    /// assert_eq!((g.len(), g.enclosed_len()), (8, 1));
    /// assert_ne!(g.canonical_key(), EyeGraph::from_coordinates(&ring).unwrap().canonical_key());
    /// ```
    pub fn from_coordinates_enclosing(
        points: &[((usize, usize), Vertex)],
        enclosed: &[((usize, usize), u8)],
    ) -> Result<EyeGraph, GraphError> {
        if points.len() + enclosed.len() > MAX_VERTICES {
            return Err(GraphError::TooManyVertices {
                given: points.len() + enclosed.len(),
                limit: MAX_VERTICES,
            });
        }
        let stone = |edge: u8| Vertex {
            content: Content::Defender,
            ..Vertex::EMPTY.on_edges(edge)
        };
        let all: Vec<((usize, usize), Vertex)> = points
            .iter()
            .copied()
            .chain(enclosed.iter().map(|&(p, edge)| (p, stone(edge))))
            .collect();
        let points = &all[..];
        let mut sorted: Vec<(usize, usize, usize)> = points
            .iter()
            .enumerate()
            .map(|(i, &((r, c), _))| (r, c, i))
            .collect();
        sorted.sort_unstable();
        for w in sorted.windows(2) {
            if (w[0].0, w[0].1) == (w[1].0, w[1].1) {
                return Err(GraphError::DuplicateCoordinate {
                    row: w[0].0,
                    col: w[0].1,
                });
            }
        }
        let find = |r: usize, c: usize| {
            sorted
                .binary_search_by(|&(a, b, _)| (a, b).cmp(&(r, c)))
                .ok()
                .map(|k| sorted[k].2)
        };
        let mut edges = Vec::new();
        for (i, &((r, c), _)) in points.iter().enumerate() {
            if let Some(j) = find(r, c + 1) {
                edges.push((i, j));
            }
            if let Some(j) = find(r + 1, c) {
                edges.push((i, j));
            }
        }
        let mut g = EyeGraph::from_adjacency(points.iter().map(|p| p.1).collect(), &edges)?;
        g.coords = points.iter().map(|p| Some(p.0)).collect();
        Ok(g)
    }

    /// An eye graph from vertex labels and an adjacency list of index pairs (duplicates are
    /// ignored). Enclosed defender stones ([`Content::Defender`]) come after every eye-space
    /// vertex. Whether they have liberties is not checked here (a pattern file may draw a
    /// position that cannot occur): [`EyeGraph::check_liberties`] says.
    pub fn from_adjacency(
        vertices: Vec<Vertex>,
        edges: &[(usize, usize)],
    ) -> Result<EyeGraph, GraphError> {
        let len = vertices.len();
        if len > MAX_VERTICES {
            return Err(GraphError::TooManyVertices {
                given: len,
                limit: MAX_VERTICES,
            });
        }
        if let Some((vertex, v)) = vertices.iter().enumerate().find(|(_, v)| v.edge > 2) {
            return Err(GraphError::BadEdgeCount {
                vertex,
                edge: v.edge,
            });
        }
        let mut adj = [0u32; MAX_VERTICES];
        for (index, &(a, b)) in edges.iter().enumerate() {
            for vertex in [a, b] {
                if vertex >= len {
                    return Err(GraphError::NoSuchVertex { index, vertex, len });
                }
            }
            if a == b {
                return Err(GraphError::SelfLoop { index, vertex: a });
            }
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        for (vertex, row) in adj.iter().enumerate().take(len) {
            let given = row.count_ones() as usize;
            if given > MAX_DEGREE {
                return Err(GraphError::TooManyNeighbours {
                    vertex,
                    given,
                    limit: MAX_DEGREE,
                });
            }
        }
        let eye_len = vertices
            .iter()
            .position(|v| v.content == Content::Defender)
            .unwrap_or(len);
        if let Some(vertex) = (eye_len..len).find(|&i| vertices[i].content != Content::Defender) {
            return Err(GraphError::EnclosedOutOfOrder { vertex });
        }
        let mut graph = UnGraph::with_capacity(len, len * 2);
        for v in vertices {
            graph.add_node(v);
        }
        for (a, row) in adj.iter().enumerate().take(len) {
            let mut bits = row >> a >> 1;
            let mut b = a + 1;
            while bits != 0 {
                if bits & 1 == 1 {
                    graph.add_edge(NodeIndex::new(a), NodeIndex::new(b), ());
                }
                bits >>= 1;
                b += 1;
            }
        }
        Ok(EyeGraph {
            graph,
            coords: vec![None; len],
            len: eye_len,
        })
    }

    /// `Ok` when every enclosed defender string has a liberty: an eye-space point beside it
    /// that is not (or need not be) an attacker stone. Otherwise no board holds this space, and
    /// the error names one stone of the string.
    ///
    /// ```
    /// use nakade::pattern::encoded::parse_graph;
    /// use nakade::pattern::graph::EyeGraph;
    /// let g = EyeGraph::from_diagram(&parse_graph("|.$$%|XOX%+---").unwrap()).unwrap();
    /// assert_eq!(
    ///     g.check_liberties().unwrap_err().to_string(),
    ///     "the enclosed defender stone at row 1, column 2 has no liberty: not a legal position"
    /// );
    /// ```
    pub fn check_liberties(&self) -> Result<(), GraphError> {
        let total = self.graph.node_count();
        let row = |v: usize| self.adjacent(v).into_iter().fold(0u32, |m, w| m | 1 << w);
        let stones = (self.len..total).fold(0u32, |m, v| m | 1 << v);
        let breathes = (0..self.len)
            .filter(|&v| self.vertex(v).content != Content::Stone)
            .fold(0u32, |m, v| m | 1 << v);
        let mut left = stones;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            let (mut string, mut around) = (0u32, 0u32);
            let mut grow = 1u32 << first;
            while grow != 0 {
                let v = grow.trailing_zeros() as usize;
                grow &= grow - 1;
                string |= 1 << v;
                let r = row(v);
                around |= r;
                grow |= r & stones & !string;
            }
            left &= !string;
            if around & breathes == 0 {
                return Err(GraphError::EnclosedWithoutLiberty {
                    vertex: first,
                    at: self.coordinate(first),
                });
            }
        }
        Ok(())
    }

    /// Number of eye-space vertices (enclosed defender stones not counted).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Number of enclosed defender stones; they are vertices `len()..len() + enclosed_len()`.
    pub fn enclosed_len(&self) -> usize {
        self.graph.node_count() - self.len
    }

    /// True when there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The label of vertex `i` (an eye-space vertex, or an enclosed stone from `len()` on).
    pub fn vertex(&self, i: usize) -> &Vertex {
        &self.graph[NodeIndex::new(i)]
    }

    /// The eye-space vertices' labels, in index order.
    pub fn vertices(&self) -> impl Iterator<Item = &Vertex> + '_ {
        self.graph.node_weights().take(self.len)
    }

    /// The coordinate vertex `i` was given at, if it was built from coordinates or a diagram.
    pub fn coordinate(&self, i: usize) -> Option<(usize, usize)> {
        self.coords.get(i).copied().flatten()
    }

    /// The eye-space neighbours of vertex `i`, ascending.
    pub fn neighbors(&self, i: usize) -> Vec<usize> {
        let mut v = self.adjacent(i);
        v.retain(|&j| j < self.len);
        v
    }

    /// Every vertex adjacent to `i`, enclosed defender stones included, ascending.
    pub fn adjacent(&self, i: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .graph
            .neighbors(NodeIndex::new(i))
            .map(|n| n.index())
            .collect();
        v.sort_unstable();
        v
    }

    /// The same graph (adjacency and coordinates) with each eye-space vertex's label replaced
    /// by `relabel(index, old label)`; enclosed stones keep theirs, but for their edge count
    /// when `relabel` changes it on a vertex.
    pub fn relabelled(&self, relabel: impl Fn(usize, &Vertex) -> Vertex) -> EyeGraph {
        let len = self.len;
        EyeGraph {
            graph: self.graph.map(
                |i, v| {
                    if i.index() < len {
                        relabel(i.index(), v)
                    } else {
                        v.on_edges(relabel(i.index(), v).edge)
                    }
                },
                |_, e| *e,
            ),
            coords: self.coords.clone(),
            len,
        }
    }

    /// The underlying petgraph graph.
    pub fn as_petgraph(&self) -> &UnGraph<Vertex, ()> {
        &self.graph
    }

    /// Number of marginal vertices.
    pub fn marginal_count(&self) -> usize {
        self.vertices().filter(|v| v.marginal).count()
    }

    /// The neighbour classification: sorted neighbour counts inside the space.
    pub fn neighbour_class(&self) -> NeighbourClass {
        let mut d: Vec<u8> = (0..self.len())
            .map(|i| {
                self.graph
                    .neighbors(NodeIndex::new(i))
                    .filter(|n| n.index() < self.len)
                    .count() as u8
            })
            .collect();
        d.sort_unstable();
        NeighbourClass(d)
    }

    /// True when every eye-space vertex can be reached from every other through the space
    /// (the empty graph counts).
    pub fn is_connected(&self) -> bool {
        if self.enclosed_len() == 0 {
            return petgraph::algo::connected_components(&self.graph) <= 1;
        }
        if self.len == 0 {
            return true;
        }
        // Enclosed stones join nothing: walk the space alone.
        let mut seen = vec![false; self.len];
        let mut stack = vec![0];
        while let Some(v) = stack.pop() {
            if !std::mem::replace(&mut seen[v], true) {
                stack.extend(self.neighbors(v));
            }
        }
        seen.iter().all(|&s| s)
    }

    /// The graph in compact form, enclosed stones included, each vertex coloured by `colour`.
    pub(crate) fn compact(&self, colour: impl Fn(&Vertex) -> u8) -> Compact {
        let mut c = Compact::empty();
        c.n = self.graph.node_count();
        for e in self.graph.raw_edges() {
            let (a, b) = (e.source().index(), e.target().index());
            c.adj[a] |= 1 << b;
            c.adj[b] |= 1 << a;
        }
        for (i, v) in self.graph.node_weights().enumerate() {
            c.color[i] = colour(v);
        }
        c
    }

    /// The canonical key of the fully labelled graph.
    pub fn canonical_key(&self) -> CanonicalKey {
        let c = self.compact(Vertex::full_colour);
        let l = canon::canonical(&c);
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(&c, &l.order, &l.rows, &mut words);
        CanonicalKey(words[..len].into())
    }

    /// [`EyeGraph::canonical_key`] by the canonical labelling as first written: the same key,
    /// more slowly. Kept to test and measure the current labelling against.
    pub fn reference_canonical_key(&self) -> CanonicalKey {
        let c = self.compact(Vertex::full_colour);
        let l = canon_reference::canonical(&c);
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(&c, &l.order, &l.rows, &mut words);
        CanonicalKey(words[..len].into())
    }

    /// The canonical form of the fully labelled graph, automorphisms included; `None` only for
    /// graphs whose automorphism group is too large to list.
    pub fn canonical_form(&self) -> Option<CanonicalForm> {
        let c = self.compact(Vertex::full_colour);
        let (l, auts) = canon::canonical_with_automorphisms(&c)?;
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(&c, &l.order, &l.rows, &mut words);
        let n = c.n;
        let order: Vec<usize> = l.order[..n].iter().map(|&v| v as usize).collect();
        let automorphisms = auts
            .iter()
            .map(|perm| {
                // perm maps canonical positions; as vertices: order[i] -> order[perm[i]].
                let mut m = vec![0; n];
                for i in 0..n {
                    m[order[i]] = order[perm[i] as usize];
                }
                m
            })
            .collect();
        Some(CanonicalForm {
            key: CanonicalKey(words[..len].into()),
            order,
            automorphisms,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::encoded::parse_graph;

    fn g(s: &str) -> EyeGraph {
        EyeGraph::from_diagram(&parse_graph(s).unwrap()).unwrap()
    }

    #[test]
    fn neighbour_classes() {
        assert_eq!(g("...").neighbour_class().to_string(), "112");
        assert_eq!(g("..%..").neighbour_class().to_string(), "2222");
        assert_eq!(g("O.O%...%O.O").neighbour_class().to_string(), "11114");
    }

    #[test]
    fn straight_and_bent_three_share_a_key() {
        assert_eq!(g("...").canonical_key(), g("..%O.").canonical_key());
        assert_ne!(g("...").canonical_key(), g("!..").canonical_key());
        assert_eq!(g("!..").canonical_key(), g("..!").canonical_key());
    }

    #[test]
    fn edge_counts_are_part_of_the_key() {
        assert_ne!(g("|..").canonical_key(), g("..").canonical_key());
        assert_eq!(g("|..").canonical_key(), g("..|").canonical_key());
    }

    #[test]
    fn automorphisms_of_the_square() {
        let f = g("..%..").canonical_form().unwrap();
        assert_eq!(f.automorphisms.len(), 8);
        assert_eq!(f.automorphisms[0], vec![0, 1, 2, 3]);
    }

    #[test]
    fn bad_input_is_an_error() {
        let e = EyeGraph::from_adjacency(vec![Vertex::EMPTY; 2], &[(0, 2)]).unwrap_err();
        assert_eq!(
            e,
            GraphError::NoSuchVertex {
                index: 0,
                vertex: 2,
                len: 2
            }
        );
        let e = EyeGraph::from_adjacency(
            vec![Vertex::EMPTY; 6],
            &[(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
        )
        .unwrap_err();
        assert_eq!(
            e,
            GraphError::TooManyNeighbours {
                vertex: 0,
                given: 5,
                limit: 4
            }
        );
        let e = EyeGraph::from_coordinates(&[((1, 1), Vertex::EMPTY), ((1, 1), Vertex::EMPTY)])
            .unwrap_err();
        assert_eq!(e, GraphError::DuplicateCoordinate { row: 1, col: 1 });
    }
}
