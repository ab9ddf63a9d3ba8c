//! The compiled database and its matcher (SEMANTICS.md §2).
//!
//! Takes validated [`Pattern`]s, gives a [`Database`]; [`Database::lookup`] takes an eye space
//! as an [`EyeGraph`] and gives the first matching pattern in file order, its eye value, and its
//! attack and defence points mapped onto the query's own vertices.
//!
//! # How a lookup stays cheap
//!
//! Each pattern is expanded into concrete labellings (every `x` as empty and as stone), and each
//! labelling is filed under
//! 1. a *bucket*: vertex count, marginal count and neighbour class (the sorted neighbour
//!    counts of Vilà & Cazenave), packed into one integer; then
//! 2. the *canonical key* of the graph labelled with marginal and stone flags.
//!
//! A key holds the patterns that can match it, in file order, with the edge requirements of each
//! as a list indexed by canonical position. A pattern without edge requirements matches every
//! space with its key, so nothing after it is kept. A lookup computes the bucket (a miss costs
//! no canonicalisation), the canonical labelling of the query, one hash probe, and checks edge
//! requirements under the key's automorphisms for the rare edge-specific candidates. Nothing
//! in it depends on how many patterns the database holds.

pub mod baseline;
mod binary;
mod default;

pub use binary::BinaryError;

use std::fmt;

use rustc_hash::FxHashMap;

use crate::pattern::diagram::Content;
use crate::pattern::dsl::{Diagnostic, Pattern, PatternFile, MAX_WILDCARDS};
use crate::pattern::graph::canon::{self, Compact, MAX_VERTICES};
use crate::pattern::graph::{key_words, EyeGraph, Vertex, MAX_DEGREE};
use crate::value::EyeValue;

pub use default::default_database;

/// A set of query vertices (bit `i` for vertex `i`): the attack or defence points of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VertexSet(pub u32);

impl VertexSet {
    /// True when the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when vertex `i` is in the set.
    pub fn contains(self, i: usize) -> bool {
        i < 32 && self.0 >> i & 1 == 1
    }

    /// The vertices, ascending.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..32).filter(move |&i| self.0 >> i & 1 == 1)
    }

    /// Number of vertices in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

/// The answer of a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// The matching pattern's number.
    pub pattern: u32,
    /// Its position in the database (0 = first in file order).
    pub index: usize,
    /// Its eye value.
    pub value: EyeValue,
    /// The query vertices that are attack points.
    pub attack: VertexSet,
    /// The query vertices that are defence points.
    pub defense: VertexSet,
}

/// A pattern as the database keeps it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its number.
    pub number: u32,
    /// Its eye value.
    pub value: EyeValue,
    /// Its vertex count.
    pub size: usize,
    /// The line of its header in the source file.
    pub line: usize,
}

struct Candidate {
    /// Index into `Database::patterns`.
    pattern: u32,
    /// Edge requirement at each canonical position, or `None` when all are 0.
    edge: Option<Box<[u8]>>,
    /// Attack points, as canonical positions.
    attack: u32,
    /// Defence points, as canonical positions.
    defense: u32,
}

#[derive(Default)]
struct Slot {
    candidates: Vec<Candidate>,
    /// Automorphisms of the key (canonical positions), identity first; listed only when some
    /// candidate has edge requirements.
    automorphisms: Vec<[u8; MAX_VERTICES]>,
}

impl Slot {
    fn closed(&self) -> bool {
        self.candidates.last().is_some_and(|c| c.edge.is_none())
    }
}

/// Why a set of patterns could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// A pattern whose graph has too many symmetries to list.
    #[error("pattern {number} (line {line}) has too many automorphisms to compile")]
    TooSymmetric {
        /// The pattern number.
        number: u32,
        /// Its header line.
        line: usize,
    },
    /// A pattern with more `x` wildcards than [`MAX_WILDCARDS`] (each doubles its concrete
    /// forms). The validator refuses such patterns in a file; this guards patterns built
    /// another way.
    #[error("pattern {number} (line {line}) has {given} 'x' wildcards; at most {limit} compile")]
    TooManyWildcards {
        /// The pattern number.
        number: u32,
        /// Its header line.
        line: usize,
        /// Its number of wildcards.
        given: usize,
        /// [`MAX_WILDCARDS`].
        limit: usize,
    },
}

/// Refuse a pattern with more wildcards than [`MAX_WILDCARDS`] before expanding it.
pub(crate) fn check_wildcards(p: &Pattern) -> Result<(), CompileError> {
    let given = (0..p.graph.len())
        .filter(|&i| p.graph.vertex(i).content == Content::Either)
        .count();
    if given > MAX_WILDCARDS {
        return Err(CompileError::TooManyWildcards {
            number: p.number,
            line: p.line,
            given,
            limit: MAX_WILDCARDS,
        });
    }
    Ok(())
}

/// A compiled eye-shape database: immutable, shareable between threads.
pub struct Database {
    name: String,
    patterns: Vec<Entry>,
    buckets: FxHashMap<u64, FxHashMap<Box<[u32]>, Slot>>,
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("name", &self.name)
            .field("patterns", &self.patterns.len())
            .field("buckets", &self.buckets.len())
            .finish()
    }
}

/// The colour a lookup keys on: marginal, attacker stone, enclosed defender stone.
#[inline]
fn query_colour(v: &Vertex) -> u8 {
    v.marginal as u8
        | ((v.content == Content::Stone) as u8) << 1
        | ((v.content == Content::Defender) as u8) << 2
}

/// The bucket of a graph: vertex count, marginal count and neighbour class, packed.
#[inline]
fn bucket_key(g: &Compact, marginals: usize) -> u64 {
    let mut counts = [0u64; MAX_DEGREE + 1];
    for v in 0..g.n {
        counts[(g.adj[v].count_ones() as usize).min(MAX_DEGREE)] += 1;
    }
    let mut key = g.n as u64 | (marginals as u64) << 6;
    for (d, c) in counts.iter().enumerate() {
        key |= c << (12 + 6 * d);
    }
    key
}

impl Database {
    /// Compile a validated pattern file. Returns the database and warnings: each pattern that
    /// earlier ones make unreachable (shadowed), naming them.
    pub fn compile(file: &PatternFile) -> Result<(Database, Vec<Diagnostic>), CompileError> {
        Database::compile_patterns(&file.path, &file.patterns, &file.syntax)
    }

    fn compile_patterns(
        name: &str,
        patterns: &[Pattern],
        syntax: &crate::pattern::dsl::syntax::SourceFile,
    ) -> Result<(Database, Vec<Diagnostic>), CompileError> {
        let mut db = Database {
            name: name.to_string(),
            patterns: Vec::new(),
            buckets: FxHashMap::default(),
        };
        let mut warnings = Vec::new();
        for (index, p) in patterns.iter().enumerate() {
            db.patterns.push(Entry {
                number: p.number,
                value: p.value,
                size: p.size(),
                line: p.line,
            });
            check_wildcards(p)?;
            let mut covered_by: Vec<usize> = Vec::new();
            let mut all_covered = true;
            for expansion in expansions(&p.graph) {
                match db.insert(index, &expansion) {
                    Ok(None) => all_covered = false,
                    Ok(Some(by)) => covered_by.push(by),
                    Err(()) => {
                        return Err(CompileError::TooSymmetric {
                            number: p.number,
                            line: p.line,
                        })
                    }
                }
            }
            if all_covered {
                covered_by.sort_unstable();
                covered_by.dedup();
                warnings.push(shadow_warning(name, syntax, p, &covered_by, &db.patterns));
            }
        }
        Ok((db, warnings))
    }

    /// File one concrete labelling of pattern `index`. Gives `Some(earlier)` when an earlier
    /// pattern already matches every space this labelling matches.
    fn insert(&mut self, index: usize, g: &EyeGraph) -> Result<Option<usize>, ()> {
        let c = g.compact(query_colour);
        let marginals = g.marginal_count();
        let (labelling, auts) = canon::canonical_with_automorphisms(&c).ok_or(())?;
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(&c, &labelling.order, &labelling.rows, &mut words);
        let n = c.n;
        let req: Vec<u8> = (0..n)
            .map(|i| g.vertex(labelling.order[i] as usize).edge)
            .collect();
        let mask = |f: fn(&Vertex) -> bool| {
            (0..n)
                .filter(|&i| f(g.vertex(labelling.order[i] as usize)))
                .fold(0u32, |m, i| m | 1 << i)
        };
        let (attack, defense) = (mask(|v| v.attack), mask(|v| v.defense));
        let slot = self
            .buckets
            .entry(bucket_key(&c, marginals))
            .or_default()
            .entry(words[..len].into())
            .or_default();
        // An earlier candidate covers this one when, under some automorphism, it asks for no
        // more edge than this one at every position.
        for cand in &slot.candidates {
            let covers = match &cand.edge {
                None => true,
                Some(r) => auts
                    .iter()
                    .any(|s| (0..n).all(|i| r[s[i] as usize] <= req[i])),
            };
            if covers {
                return Ok(Some(cand.pattern as usize));
            }
        }
        let edge = if req.iter().all(|&e| e == 0) {
            None
        } else {
            Some(req.into_boxed_slice())
        };
        if edge.is_some() && slot.automorphisms.is_empty() {
            slot.automorphisms = auts;
        }
        slot.candidates.push(Candidate {
            pattern: index as u32,
            edge,
            attack,
            defense,
        });
        debug_assert!(
            slot.candidates
                .iter()
                .rev()
                .skip(1)
                .all(|c| c.edge.is_some())
                || slot.closed()
        );
        Ok(None)
    }

    /// The database's name (the file it was compiled from).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The patterns, in file order.
    pub fn patterns(&self) -> &[Entry] {
        &self.patterns
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True when the database holds no pattern.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Number of canonical keys filed.
    pub fn key_count(&self) -> usize {
        self.buckets.values().map(|b| b.len()).sum()
    }

    /// The first pattern, in file order, that matches the eye space `space`.
    ///
    /// The query's vertices must be concrete: [`Content::Either`] counts as empty. Graphs with
    /// more vertices than any pattern never match.
    ///
    /// ```
    /// use nakade::evaluation::db::default_database;
    /// use nakade::pattern::encoded::parse_graph;
    /// use nakade::pattern::graph::EyeGraph;
    /// let space = EyeGraph::from_diagram(&parse_graph("...").unwrap()).unwrap();
    /// let m = default_database().lookup(&space).unwrap();
    /// assert_eq!(m.value.to_string(), "1122");
    /// assert_eq!(m.attack.iter().collect::<Vec<_>>(), vec![1]); // the middle point
    /// ```
    pub fn lookup(&self, space: &EyeGraph) -> Option<Match> {
        let c = space.compact(query_colour);
        let marginals = space.vertices().filter(|v| v.marginal).count();
        let bucket = self.buckets.get(&bucket_key(&c, marginals))?;
        let labelling = canon::canonical(&c);
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(&c, &labelling.order, &labelling.rows, &mut words);
        let slot = bucket.get(&words[..len])?;
        let n = c.n;
        let mut edge_at = [0u8; MAX_VERTICES];
        for (i, e) in edge_at.iter_mut().enumerate().take(n) {
            *e = space.vertex(labelling.order[i] as usize).edge;
        }
        for cand in &slot.candidates {
            let sigma = match &cand.edge {
                None => None,
                Some(req) => {
                    match slot
                        .automorphisms
                        .iter()
                        .find(|s| (0..n).all(|i| edge_at[s[i] as usize] >= req[i]))
                    {
                        Some(s) => Some(s),
                        None => continue,
                    }
                }
            };
            let image = |mask: u32| {
                let mut out = 0u32;
                let mut m = mask;
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let pos = sigma.map_or(i, |s| s[i] as usize);
                    out |= 1 << labelling.order[pos];
                }
                VertexSet(out)
            };
            let entry = &self.patterns[cand.pattern as usize];
            return Some(Match {
                pattern: entry.number,
                index: cand.pattern as usize,
                value: entry.value,
                attack: image(cand.attack),
                defense: image(cand.defense),
            });
        }
        None
    }
}

/// Every concrete labelling of a pattern graph: each `x` once empty, once a stone.
fn expansions(g: &EyeGraph) -> Vec<EyeGraph> {
    let wild: Vec<usize> = (0..g.len())
        .filter(|&i| g.vertex(i).content == Content::Either)
        .collect();
    (0..1u32 << wild.len())
        .map(|bits| {
            g.relabelled(|i, v| match wild.iter().position(|&w| w == i) {
                Some(k) if bits >> k & 1 == 1 => Vertex {
                    content: Content::Stone,
                    ..*v
                },
                Some(_) => Vertex {
                    content: Content::Empty,
                    ..*v
                },
                None => *v,
            })
        })
        .collect()
}

fn shadow_warning(
    path: &str,
    syntax: &crate::pattern::dsl::syntax::SourceFile,
    p: &Pattern,
    by: &[usize],
    entries: &[Entry],
) -> Diagnostic {
    let names: Vec<String> = by
        .iter()
        .map(|&i| format!("{} (line {})", entries[i].number, entries[i].line))
        .collect();
    // Line numbers count from 1 and every line is kept, so the header is at `p.line - 1`: an
    // index, not a search (a search per warning made `check` quadratic in the warnings).
    let text = p
        .line
        .checked_sub(1)
        .and_then(|i| syntax.lines.get(i))
        .filter(|l| l.number == p.line)
        .map_or("", |l| l.text.as_str());
    let differs: Vec<String> = by
        .iter()
        .filter(|&&i| entries[i].value != p.value)
        .map(|&i| format!("{} gives {}", entries[i].number, entries[i].value))
        .collect();
    let mut msg = format!(
        "pattern {} is shadowed: every eye space it matches is matched first by {} {}",
        p.number,
        if by.len() == 1 { "pattern" } else { "patterns" },
        names.join(", ")
    );
    if !differs.is_empty() {
        msg.push_str(&format!("; it says {} but {}", p.value, differs.join(", ")));
    }
    Diagnostic::warning(path, p.line, 1, text, msg).expected("move it before them, or remove it")
}
