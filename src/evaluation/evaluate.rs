//! Evaluation: the database first, the solver behind it, so a host never gets a guess.
//!
//! Takes an [`EyeGraph`] (an eye space from a host, a diagram or a board); gives an
//! [`Evaluation`]: the eye value and vital points on the graph's own vertices, and the
//! [`Source`] they came from. When no pattern matches, the solver reads the space under the
//! rules of Go; its answers are cached by the canonical key of the space (graph, marginal and
//! stone labels, edge counts), so a shape is solved once per [`Evaluator`].

use std::sync::Mutex;

use rustc_hash::FxHashMap;

use crate::evaluation::db::{default_database, Database, Match, VertexSet};
use crate::evaluation::solve::{self, Params, SolveError, Space};
use crate::pattern::diagram::Content;
use crate::pattern::graph::canon::{self, MAX_VERTICES};
use crate::pattern::graph::{key_words, EyeGraph, GraphError};
use crate::value::EyeValue;

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The first matching pattern of the database.
    Pattern {
        /// Its number.
        number: u32,
        /// Its position in the database.
        index: usize,
    },
    /// The solver (no pattern matched).
    Solver,
}

/// What [`Evaluator::solve_reading`] reads of a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// All four digits.
    Whole,
    /// `b` and `c` alone ([`Features::min_max`](solve::Features::min_max)): `a` and `d`
    /// given as their upper bounds, at most one vital point a side.
    MinMax,
    /// One eye with the attacker first, then `b` and `c` where there is none
    /// ([`Features::one_eye`](solve::Features::one_eye)).
    OneEye,
    /// `b` and `c`, with every first move reaching each as a vital point
    /// ([`Features::all_vital`](solve::Features::all_vital)).
    MinMaxVital,
}

impl Reading {
    /// The solver's features for this reading spending the budget as `budget` says, without
    /// lines of play (the value and vital points only).
    pub(crate) fn features(self, budget: Budget) -> solve::Features {
        solve::Features {
            lines: false,
            min_max: self != Reading::Whole,
            one_eye: self == Reading::OneEye,
            all_vital: self == Reading::MinMaxVital,
            give_up_early: budget == Budget::Projected,
            ..solve::Features::default()
        }
    }
}

/// How a reading of [`Evaluator::solve_reading`] spends its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Budget {
    /// To its last node.
    Whole,
    /// Giving up once the reading is projected to need more
    /// ([`Features::give_up_early`](solve::Features::give_up_early)).
    Projected,
}

/// An eye space's value and vital points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The eye value.
    pub value: EyeValue,
    /// Attack points, over the graph's vertices.
    pub attack: VertexSet,
    /// Defence points, over the graph's vertices.
    pub defense: VertexSet,
    /// How it was found.
    pub source: Source,
}

/// Why a space could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// No pattern matched and the solver could not answer.
    #[error("no pattern matches, and the solver failed: {0}")]
    Solver(#[from] SolveError),
    /// No legal position: an enclosed defender stone without a liberty.
    #[error(transparent)]
    Illegal(#[from] GraphError),
    /// A vertex that is neither empty nor a stone (`x`).
    #[error("vertex {vertex} is a wildcard; an eye space is empty or a stone at each vertex")]
    Wildcard {
        /// The vertex.
        vertex: usize,
    },
}

/// The solver's view of an eye graph.
pub fn space_of(g: &EyeGraph) -> Result<Space, EvalError> {
    let mut s = Space {
        n: g.len() + g.enclosed_len(),
        adj: [0; 32],
        marginal: 0,
        stone: 0,
        defender: 0,
        edge: [0; 32],
    };
    for i in 0..s.n {
        let v = g.vertex(i);
        match v.content {
            Content::Either => return Err(EvalError::Wildcard { vertex: i }),
            Content::Stone => s.stone |= 1 << i,
            Content::Defender => s.defender |= 1 << i,
            Content::Empty => {}
        }
        if v.marginal {
            s.marginal |= 1 << i;
        }
        s.edge[i] = v.edge;
        for j in g.adjacent(i) {
            s.adj[i] |= 1 << j;
        }
    }
    s.check()?;
    Ok(s)
}

/// A cached solver answer: vital points as canonical positions.
#[derive(Clone, Copy)]
struct Cached {
    value: EyeValue,
    attack: u32,
    defense: u32,
}

/// The database and the solver, with a cache of solved shapes. Shareable between threads.
pub struct Evaluator<'db> {
    db: &'db Database,
    params: Params,
    /// The outer liberties the database's values hold for.
    db_outer: u8,
    fallback: bool,
    cache: Mutex<FxHashMap<Box<[u32]>, Cached>>,
    /// Shapes whose reading gave up at a node limit, with the largest such limit: asked again
    /// within it (a host analysing one position after another meets the same large space
    /// move after move), they give up at once; a larger limit reads them again.
    gave_up: Mutex<FxHashMap<Box<[u32]>, u64>>,
    /// The most shapes each of the two caches holds; a cache that reaches it starts again
    /// empty ([`Evaluator::with_cache_capacity`]).
    capacity: usize,
}

/// The shapes an [`Evaluator`] keeps by default in each of its caches (solved shapes and
/// give-ups): about 20 MB at most.
pub const DEFAULT_CACHE_SHAPES: usize = 1 << 18;

impl Evaluator<'static> {
    /// The embedded default database with GNU Go 3.8's solver parameters.
    pub fn with_default() -> Evaluator<'static> {
        Evaluator::new(default_database(), Params::default())
    }
}

impl<'db> Evaluator<'db> {
    /// An evaluator over `db`, solving with `params` when no pattern matches.
    ///
    /// The database is taken to hold values for `params`' outer liberties, except the
    /// embedded default database, which holds them for GNU Go's two ([`Params::default`]):
    /// with other parameters it is consulted only for spaces whose wall has two.
    pub fn new(db: &'db Database, params: Params) -> Evaluator<'db> {
        let db_outer = if std::ptr::eq(db, default_database()) {
            Params::default().outer_liberties
        } else {
            params.outer_liberties
        };
        Evaluator {
            db,
            params,
            db_outer,
            fallback: true,
            cache: Mutex::new(FxHashMap::default()),
            gave_up: Mutex::new(FxHashMap::default()),
            capacity: DEFAULT_CACHE_SHAPES,
        }
    }

    /// The same evaluator keeping at most `shapes` solved shapes (and as many give-ups):
    /// a cache that reaches the bound is emptied and fills again. The bound changes no
    /// answer, only how often a shape is read again; 0 keeps nothing.
    pub fn with_cache_capacity(mut self, shapes: usize) -> Evaluator<'db> {
        self.capacity = shapes;
        self
    }

    /// The same evaluator without the solver: unmatched spaces stay unanswered.
    pub fn without_solver(mut self) -> Evaluator<'db> {
        self.fallback = false;
        self
    }

    /// Whether unmatched spaces go to the solver (false after [`Evaluator::without_solver`]).
    pub fn has_solver(&self) -> bool {
        self.fallback
    }

    /// The database.
    pub fn database(&self) -> &'db Database {
        self.db
    }

    /// True when [`Evaluator::evaluate`] asks the database first: it holds values for this
    /// evaluator's outer liberties. A host with its own fast path may then answer a space by
    /// the database's [`Database::lookup_quick`] and come back here only on a miss.
    pub fn consults_database(&self) -> bool {
        self.params.outer_liberties.min(solve::MAX_OUTER_LIBERTIES) == self.db_outer
    }

    /// The value and vital points of `g`; `Ok(None)` only without the solver.
    ///
    /// ```
    /// use nakade::evaluation::evaluate::{Evaluator, Source};
    /// use nakade::pattern::encoded::parse_graph;
    /// use nakade::pattern::graph::EyeGraph;
    /// let ev = Evaluator::with_default();
    /// // Seven vertices: no pattern in the default database, so the solver answers.
    /// let g = EyeGraph::from_diagram(&parse_graph("OO!%O.X%!...").unwrap()).unwrap();
    /// let e = ev.evaluate(&g).unwrap().unwrap();
    /// assert_eq!((e.value.to_string(), e.source), ("0112".to_string(), Source::Solver));
    /// ```
    pub fn evaluate(&self, g: &EyeGraph) -> Result<Option<Evaluation>, EvalError> {
        self.evaluate_with_outer_liberties(g, self.params.outer_liberties)
    }

    /// The database's pattern for `g` when its wall has `outer_liberties` outside it, if the
    /// database holds values for that count and a pattern matches.
    pub fn lookup(&self, g: &EyeGraph, outer_liberties: u8) -> Option<Match> {
        (outer_liberties == self.db_outer)
            .then(|| self.db.lookup(g))
            .flatten()
    }

    /// [`Evaluator::evaluate_with_outer_liberties`] with the solver reading at most
    /// `node_limit` nodes (never more than its own limit): the database first (where it
    /// holds values for this count), the solver behind; a give-up is kept with its limit.
    pub(crate) fn evaluate_within(
        &self,
        g: &EyeGraph,
        outer: u8,
        node_limit: u64,
    ) -> Result<Option<Evaluation>, EvalError> {
        let outer = outer.min(solve::MAX_OUTER_LIBERTIES);
        g.check_liberties()?;
        if let Some(m) = self.lookup(g, outer) {
            return Ok(Some(Evaluation {
                value: m.value,
                attack: m.attack,
                defense: m.defense,
                source: Source::Pattern {
                    number: m.pattern,
                    index: m.index,
                },
            }));
        }
        if !self.fallback {
            return Ok(None);
        }
        let params = Params {
            outer_liberties: outer,
            node_limit: node_limit.min(self.params.node_limit),
            ..self.params
        };
        self.solve_with(g, &params).map(Some)
    }

    /// The solver's parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The value of `g` when the surrounding string has `outer_liberties` liberties outside
    /// the space (capped at [`solve::MAX_OUTER_LIBERTIES`]): the database's pattern where the
    /// database holds values for that count ([`Evaluator::new`]), the solver with that many
    /// otherwise; `Ok(None)` only without the solver.
    pub fn evaluate_with_outer_liberties(
        &self,
        g: &EyeGraph,
        outer_liberties: u8,
    ) -> Result<Option<Evaluation>, EvalError> {
        self.evaluate_within(g, outer_liberties, self.params.node_limit)
    }

    /// The solver's answer for `g`, from the cache when the shape was solved before.
    pub fn solve(&self, g: &EyeGraph) -> Result<Evaluation, EvalError> {
        self.solve_with(g, &self.params)
    }

    /// [`Evaluator::solve`] with other parameters; the cache keeps them apart (an exact
    /// answer holds whatever the node limit; a give-up is kept with its limit).
    pub(crate) fn solve_with(
        &self,
        g: &EyeGraph,
        params: &Params,
    ) -> Result<Evaluation, EvalError> {
        self.solve_reading(g, params, Reading::Whole, Budget::Whole)
    }

    /// [`Evaluator::solve_with`] reading what `reading` asks, spending the budget as
    /// `budget` says; the cache keeps each kind of reading and budget apart.
    pub(crate) fn solve_reading(
        &self,
        g: &EyeGraph,
        params: &Params,
        reading: Reading,
        budget: Budget,
    ) -> Result<Evaluation, EvalError> {
        let compact = g.compact(|v| {
            v.marginal as u8
                | ((v.content == Content::Stone) as u8) << 1
                | v.edge.min(3) << 2
                | ((v.content == Content::Defender) as u8) << 4
        });
        let labelling = canon::canonical(&compact);
        let mut words = [0u32; 2 * MAX_VERTICES];
        let mut len = key_words(&compact, &labelling.order, &labelling.rows, &mut words);
        let default = Params::default();
        if params.outer_liberties != default.outer_liberties {
            // The key words leave room for four more: a graph uses at most 1 + n / 4 + n.
            words[len] = 0x0100 | params.outer_liberties as u32;
            len += 1;
        }
        let threats = (params.attacker_ko_threats, params.defender_ko_threats);
        if threats != (default.attacker_ko_threats, default.defender_ko_threats) {
            words[len] = 0x1_0000 | u32::from(threats.0) << 8 | u32::from(threats.1);
            len += 1;
        }
        if params.tenuki_depth != default.tenuki_depth {
            words[len] = 0x2_0000 | u32::from(params.tenuki_depth);
            len += 1;
        }
        let projected = if budget == Budget::Projected {
            0x1000
        } else {
            0
        };
        let kind = match reading {
            Reading::Whole => 0,
            Reading::MinMax => 0x0200,
            Reading::OneEye => 0x0600,
            Reading::MinMaxVital => 0x0a00,
        } | projected;
        if kind != 0 {
            words[len] = kind;
            len += 1;
        }
        // Canonical position i holds vertex order[i] (enclosed stones included).
        let n = g.len() + g.enclosed_len();
        let to_vertices = |mask: u32| {
            VertexSet(
                (0..n)
                    .filter(|&i| mask >> i & 1 == 1)
                    .fold(0u32, |m, i| m | 1 << labelling.order[i]),
            )
        };
        let hit = self
            .cache
            .lock()
            .ok()
            .and_then(|c| c.get(&words[..len]).copied());
        let cached = match hit {
            Some(c) => c,
            None => {
                let gave_up_at = self
                    .gave_up
                    .lock()
                    .ok()
                    .and_then(|m| m.get(&words[..len]).copied());
                if let Some(limit) = gave_up_at.filter(|&l| l >= params.node_limit) {
                    return Err(EvalError::Solver(SolveError::SearchLimit { nodes: limit }));
                }
                // Only the value and vital points are kept: no lines of play.
                let features = reading.features(budget);
                // Read in the canonical order, so that a search the node limit cuts short
                // gives up (or not) whatever the order of the graph's vertices.
                let space = space_of(g)?.permuted(&labelling.order);
                let solved = solve::solve_with(&space, params, features);
                if let Err(SolveError::SearchLimit { .. }) = solved {
                    if let Ok(mut m) = self.gave_up.lock() {
                        if m.len() >= self.capacity {
                            *m = FxHashMap::default();
                        }
                        let limit = m.entry(words[..len].into()).or_insert(0);
                        *limit = (*limit).max(params.node_limit);
                    }
                }
                let sol = solved?;
                let c = Cached {
                    value: sol.value,
                    attack: sol.attack,
                    defense: sol.defense,
                };
                if let Ok(mut cache) = self.cache.lock() {
                    if cache.len() >= self.capacity {
                        *cache = FxHashMap::default();
                    }
                    if self.capacity > 0 {
                        cache.insert(words[..len].into(), c);
                    }
                }
                c
            }
        };
        Ok(Evaluation {
            value: cached.value,
            attack: to_vertices(cached.attack),
            defense: to_vertices(cached.defense),
            source: Source::Solver,
        })
    }

    /// Number of shapes the solver has answered so far.
    pub fn cached(&self) -> usize {
        self.cache.lock().map_or(0, |c| c.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::encoded::parse_graph;

    fn graph(s: &str) -> EyeGraph {
        EyeGraph::from_diagram(&parse_graph(s).unwrap()).unwrap()
    }

    /// A shape whose reading gave up is kept with its node limit: asked again within it, the
    /// evaluator gives up at once (the give-up reports the kept limit, where a reading
    /// reports the node past it); a larger limit reads it again, and its exact answer is
    /// kept for any limit.
    #[test]
    fn a_give_up_is_kept_with_its_node_limit() {
        let ev = Evaluator::with_default();
        let g = graph("|....%|....%|....%+-----");
        let small = Params {
            node_limit: 1_000,
            ..Params::default()
        };
        match ev.solve_with(&g, &small) {
            Err(EvalError::Solver(SolveError::SearchLimit { nodes })) => assert_eq!(nodes, 1_001),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            ev.gave_up
                .lock()
                .unwrap()
                .values()
                .copied()
                .collect::<Vec<_>>(),
            [1_000]
        );
        match ev.solve_with(&g, &small) {
            Err(EvalError::Solver(SolveError::SearchLimit { nodes })) => assert_eq!(nodes, 1_000),
            other => panic!("{other:?}"),
        }
        let e = ev.solve_with(&g, &Params::default()).unwrap();
        assert_eq!(e.value.to_string(), "2222");
        assert_eq!(ev.cached(), 1);
        // Now exact: the small limit takes the kept answer.
        assert_eq!(ev.solve_with(&g, &small).unwrap().value.to_string(), "2222");
    }

    /// A reading of `b` and `c` alone is kept apart from the whole value: asked for the whole
    /// value afterwards, the evaluator reads it (its `a` and its vital points), and the other
    /// way round the whole value does not answer a min-max query's cache slot.
    #[test]
    fn min_max_readings_are_cached_apart_from_whole_values() {
        let ev = Evaluator::with_default();
        let g = graph("OO!%O.X%!...");
        let min_max = ev
            .solve_reading(&g, &Params::default(), Reading::MinMax, Budget::Whole)
            .unwrap();
        // `a` given as `b`, its upper bound.
        assert_eq!(min_max.value.to_string(), "1112");
        assert_eq!(
            (min_max.attack, min_max.defense),
            (VertexSet(0), VertexSet(0))
        );
        let whole = ev.solve_with(&g, &Params::default()).unwrap();
        assert_eq!(whole.value.to_string(), "0112");
        assert_ne!(whole.attack, VertexSet(0));
        assert_eq!(ev.cached(), 2);
        assert_eq!(
            ev.solve_reading(&g, &Params::default(), Reading::MinMax, Budget::Whole)
                .unwrap()
                .value,
            min_max.value
        );
        assert_eq!(ev.cached(), 2);
    }

    #[test]
    fn the_cache_maps_vital_points_to_each_querys_own_vertices() {
        let ev = Evaluator::with_default();
        // The same shape twice, in two orientations and vertex orders.
        let a = ev.evaluate(&graph("OO!%O.X%!...")).unwrap().unwrap();
        let b = ev.evaluate(&graph("...!%OX.%O!")).unwrap().unwrap();
        assert_eq!(ev.cached(), 1);
        assert_eq!(a.value, b.value);
        let gb = graph("...!%OX.%O!");
        let coords = |e: &Evaluation, g: &EyeGraph| {
            let mut v: Vec<(usize, usize)> =
                e.attack.iter().filter_map(|i| g.coordinate(i)).collect();
            v.sort();
            v
        };
        // GNU Go's answer is OO@O%O.XO%!.*.: attack points (0,2) and (2,2); turned half a
        // circle, they are (2,1) and (0,1).
        assert_eq!(coords(&a, &graph("OO!%O.X%!...")), vec![(0, 2), (2, 2)]);
        assert_eq!(coords(&b, &gb), vec![(0, 1), (2, 1)]);
    }

    #[test]
    fn without_the_solver_unmatched_spaces_stay_unanswered() {
        let ev = Evaluator::with_default().without_solver();
        assert_eq!(ev.evaluate(&graph("OO!%O.X%!...")).unwrap(), None);
        assert!(ev.evaluate(&graph(".!")).unwrap().is_some());
    }

    #[test]
    fn the_default_database_answers_only_for_its_own_outer_liberties() {
        // The corner bent four: 1222 with GNU Go's two outer liberties (a pattern of the
        // default database), 1122 with none (the solver: the database holds no value for it).
        let g = EyeGraph::from_diagram(&parse_graph("|.%|...%+---").unwrap()).unwrap();
        let two = Evaluator::with_default().evaluate(&g).unwrap().unwrap();
        assert!(matches!(two.source, Source::Pattern { .. }));
        assert_eq!(two.value.to_string(), "1222");
        let none = Params {
            outer_liberties: 0,
            ..Params::default()
        };
        let ev = Evaluator::new(default_database(), none);
        let zero = ev.evaluate(&g).unwrap().unwrap();
        assert_eq!(
            (zero.source, zero.value.to_string()),
            (Source::Solver, "1122".into())
        );
        assert!(ev.lookup(&g, 0).is_none());
        assert!(ev.lookup(&g, 2).is_some());
    }
}
