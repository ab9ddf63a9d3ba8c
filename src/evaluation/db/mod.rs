//! The compiled database and its matcher (`docs/PATTERNS.md`, "Matching").
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

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::pattern::diagram::{Cell, Content, Diagram};
use crate::pattern::dsl::{Diagnostic, Pattern, PatternFile, MAX_WILDCARDS};
use crate::pattern::graph::canon::{self, Compact, MAX_VERTICES};
use crate::pattern::graph::{key_words, EyeGraph, Vertex, MAX_DEGREE};
use crate::pattern::quick::{QuickGraph, QuickRows};
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

/// `diagram` with the vital points marked (`*` `<` `>` `@` `(` `)`, any other mark
/// cleared) on the vertices of `g`, the graph built from it: `attack` and `defense` are sets
/// of `g`'s vertices, as a lookup or an evaluation gives them.
///
/// ```
/// use nakade::evaluation::db::{default_database, mark_vital};
/// use nakade::pattern::encoded::{encode, parse_graph};
/// use nakade::pattern::graph::EyeGraph;
///
/// let d = parse_graph("...").unwrap();
/// let g = EyeGraph::from_diagram(&d).unwrap();
/// let m = default_database().lookup(&g).unwrap();
/// assert_eq!(encode(&mark_vital(&d, &g, m.attack, m.defense)), ".*.");
/// ```
pub fn mark_vital(
    diagram: &Diagram,
    g: &EyeGraph,
    attack: VertexSet,
    defense: VertexSet,
) -> Diagram {
    let mut marked = diagram.clone();
    for i in 0..g.len() {
        if let Some((r, c)) = g.coordinate(i) {
            if let Some(Cell::Vertex(m)) = marked.rows.get(r).and_then(|row| row.get(c)).copied() {
                marked.rows[r][c] =
                    Cell::Vertex(m.with_vital(attack.contains(i), defense.contains(i)));
            }
        }
    }
    marked
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
    /// The query vertices that are attack points: the images of the pattern's under every
    /// bijection that matches it (so the same points whatever the order of the query's
    /// vertices).
    pub attack: VertexSet,
    /// The query vertices that are defence points, likewise.
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
    /// The compiled bytes failed their own check: a defect of the compiler, reported rather
    /// than trusted.
    #[error("internal error: the compiled database failed its check: {0}")]
    Layout(String),
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
///
/// It is its compiled bytes ([`Database::to_bytes`]), read in place: the embedded default
/// database is used where the binary holds it, with no table rebuilt at start.
pub struct Database {
    name: String,
    data: Cow<'static, [u8]>,
    layout: Layout,
    /// The patterns as structs, made on first call of [`Database::patterns`].
    entries: OnceLock<Vec<Entry>>,
    /// A bit per hash of a bucket key, made on first call of [`Database::may_hold`]: a bucket
    /// whose bit is clear holds no key, without a search of the bucket list.
    bucket_filter: OnceLock<Box<[u64]>>,
}

/// Words of [`Database::may_hold`]'s filter: 65,536 bits, 8 KiB.
const FILTER_WORDS: usize = 1 << 10;

/// The filter bit of a bucket key.
#[inline]
fn filter_bit(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize
}

/// Where the sections of the compiled bytes start, in words (see `binary.rs`).
#[derive(Clone, Copy, Debug)]
struct Layout {
    patterns_at: usize,
    patterns: usize,
    keys: usize,
    buckets_at: usize,
    buckets: usize,
    table_at: usize,
    table_mask: usize,
    records_at: usize,
}

impl Layout {
    /// Bucket `i` of the sorted list.
    #[inline]
    fn bucket(&self, bytes: &[u8], i: usize) -> u64 {
        let at = self.buckets_at + 2 * i;
        u64::from(binary::word(bytes, at)) | u64::from(binary::word(bytes, at + 1)) << 32
    }

    /// True when some key lies in bucket `b`.
    #[inline]
    fn has_bucket(&self, bytes: &[u8], b: u64) -> bool {
        // A binary search without a branch on the comparison (which goes either way at
        // random): the interval halves with a conditional move.
        let mut size = self.buckets;
        if size == 0 {
            return false;
        }
        let mut base = 0;
        while size > 1 {
            let half = size / 2;
            let mid = base + half;
            base = if self.bucket(bytes, mid) <= b {
                mid
            } else {
                base
            };
            size -= half;
        }
        self.bucket(bytes, base) == b
    }

    /// The offset (in the record area) of the record of `key`, if filed.
    #[inline]
    fn probe(&self, bytes: &[u8], key: &[u32]) -> Option<usize> {
        let h = binary::key_hash(key);
        let mut i = h as usize & self.table_mask;
        // The table has more slots than keys (checked at load), so an empty slot ends the walk.
        for _ in 0..=self.table_mask {
            let at = self.table_at + 2 * i;
            let slot = binary::word(bytes, at + 1) as usize;
            if slot == 0 {
                return None;
            }
            if binary::word(bytes, at) == h {
                let rec = self.records_at + slot - 1;
                let len = binary::word(bytes, rec) as usize;
                if len == key.len()
                    && key
                        .iter()
                        .enumerate()
                        .all(|(k, &w)| binary::word(bytes, rec + 1 + k) == w)
                {
                    return Some(slot - 1);
                }
            }
            i = (i + 1) & self.table_mask;
        }
        None
    }
}

/// The keys of a database being compiled, before they are laid out flat.
struct Builder {
    patterns: Vec<Entry>,
    buckets: FxHashMap<u64, FxHashMap<Box<[u32]>, Slot>>,
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("name", &self.name)
            .field("patterns", &self.layout.patterns)
            .field("buckets", &self.layout.buckets)
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
    let mut counts = [0u8; MAX_DEGREE + 1];
    for v in 0..g.n {
        counts[(g.adj[v].count_ones() as usize).min(MAX_DEGREE)] += 1;
    }
    bucket_key_of(g.n, marginals, &counts)
}

/// [`bucket_key`] from its parts: vertices, marginal vertices, and vertices by degree.
#[inline]
fn bucket_key_of(n: usize, marginals: usize, degrees: &[u8; MAX_DEGREE + 1]) -> u64 {
    let mut key = n as u64 | (marginals as u64) << 6;
    for (d, &c) in degrees.iter().enumerate() {
        key |= u64::from(c) << (12 + 6 * d);
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
        let mut db = Builder {
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
        let bytes = binary::write(&db.patterns, &db.buckets);
        let db = Database::from_data(name, Cow::Owned(bytes)).map_err(|e| {
            // The bytes were laid out just above; a refusal is a defect of this module.
            CompileError::Layout(e.to_string())
        })?;
        Ok((db, warnings))
    }
}

impl Builder {
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
        // Without edge requirements every automorphism of the key is a matching bijection:
        // the vital points are their images under all of them (the lookup takes the union
        // for the others), so that which bijection a query's vertex order finds first does
        // not change them (GNU Go's `*X/X.`, pattern 4300 of `eyes.db`: both empty points).
        let (attack, defense) = if edge.is_none() {
            let close = |m: u32| {
                auts.iter().fold(m, |acc, s| {
                    (0..n)
                        .filter(|&i| m >> i & 1 == 1)
                        .fold(acc, |acc, i| acc | 1 << s[i])
                })
            };
            (close(attack), close(defense))
        } else {
            (attack, defense)
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
}

impl Database {
    /// The database's name (the file it was compiled from).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The patterns, in file order.
    pub fn patterns(&self) -> &[Entry] {
        self.entries
            .get_or_init(|| (0..self.layout.patterns).map(|i| self.entry(i)).collect())
    }

    /// Pattern `index` in file order, read from the bytes (without making the whole list).
    pub fn pattern(&self, index: usize) -> Option<Entry> {
        (index < self.layout.patterns).then(|| self.entry(index))
    }

    /// Pattern `i` (an index checked at load), read from the bytes.
    fn entry(&self, i: usize) -> Entry {
        let at = self.layout.patterns_at + 4 * i;
        let [a, b, c, d] = binary::word(&self.data, at + 1).to_le_bytes();
        Entry {
            number: binary::word(&self.data, at),
            // Every value was checked at load.
            value: EyeValue::new(a, b, c, d).unwrap_or(EyeValue {
                a: 0,
                b: 0,
                c: 0,
                d: 0,
            }),
            size: binary::word(&self.data, at + 2) as usize,
            line: binary::word(&self.data, at + 3) as usize,
        }
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.layout.patterns
    }

    /// True when the database holds no pattern.
    pub fn is_empty(&self) -> bool {
        self.layout.patterns == 0
    }

    /// Number of canonical keys filed.
    pub fn key_count(&self) -> usize {
        self.layout.keys
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
        let mut edge_of = [0u8; MAX_VERTICES];
        for (i, e) in edge_of.iter_mut().enumerate().take(c.n) {
            *e = space.vertex(i).edge;
        }
        self.lookup_compact(&c, marginals, &edge_of)
    }

    /// False when no pattern can match the graph `rows` reads: no key lies in its bucket (its
    /// size, marginal vertices and degrees). A host that reads graphs with
    /// [`crate::pattern::quick::QuickRows::scan`] skips numbering one this refuses;
    /// [`Database::lookup_quick`] of its graph would be `None`.
    pub fn may_hold(&self, rows: &QuickRows) -> bool {
        let key = bucket_key_of(rows.vertices(), rows.marginals(), &rows.degrees());
        let filter = self.bucket_filter.get_or_init(|| {
            let mut bits = vec![0u64; FILTER_WORDS];
            for i in 0..self.layout.buckets {
                let b = filter_bit(self.layout.bucket(&self.data, i));
                bits[b / 64] |= 1 << (b % 64);
            }
            bits.into_boxed_slice()
        });
        let b = filter_bit(key);
        filter.get(b / 64).is_some_and(|w| w >> (b % 64) & 1 == 1)
            && self.layout.has_bucket(&self.data, key)
    }

    /// The first matching pattern for a space read by [`crate::pattern::quick::read`]: the
    /// same answer as [`Database::lookup`] on the same space, without building an [`EyeGraph`].
    pub fn lookup_quick(&self, space: &QuickGraph) -> Option<Match> {
        // As `canon::canonical`: the same code compiled with `popcnt` where the processor has
        // it (the bucket counts degrees).
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has popcnt, checked just above.
            return unsafe { self.lookup_quick_popcnt(space) };
        }
        self.lookup_quick_portable(space)
    }

    /// [`Database::lookup_quick`] compiled with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn lookup_quick_popcnt(&self, space: &QuickGraph) -> Option<Match> {
        self.lookup_quick_portable(space)
    }

    /// [`Database::lookup_quick`] for any processor (inlined into the `popcnt` one).
    #[inline(always)]
    fn lookup_quick_portable(&self, space: &QuickGraph) -> Option<Match> {
        let c = space.compact();
        self.lookup_compact(&c, space.marginal.count_ones() as usize, &space.edge)
    }

    /// The lookup proper: bucket, canonical labelling, probe, edge requirements.
    #[inline(always)]
    fn lookup_compact(
        &self,
        c: &Compact,
        marginals: usize,
        edge_of: &[u8; MAX_VERTICES],
    ) -> Option<Match> {
        let bytes: &[u8] = &self.data;
        let layout = &self.layout;
        if !layout.has_bucket(bytes, bucket_key(c, marginals)) {
            return None;
        }
        let labelling = canon::canonical(c);
        let mut words = [0u32; 2 * MAX_VERTICES];
        let len = key_words(c, &labelling.order, &labelling.rows, &mut words);
        let rec = layout.records_at + layout.probe(bytes, &words[..len])?;
        let n = c.n;
        let packed = n.div_ceil(4);
        let mut edge_at = [0u8; MAX_VERTICES];
        for (i, e) in edge_at.iter_mut().enumerate().take(n) {
            *e = edge_of[labelling.order[i] as usize];
        }
        let mut at = rec + 1 + len;
        let candidates = binary::word(bytes, at) as usize;
        let automorphisms = binary::word(bytes, at + 1) as usize;
        at += 2;
        // The automorphisms follow the candidates: find where they start.
        let auts_at = {
            let mut k = at;
            for _ in 0..candidates {
                k += 4 + if binary::word(bytes, k + 1) == 1 {
                    packed
                } else {
                    0
                };
            }
            k
        };
        let aut = |a: usize, i: usize| binary::packed_byte(bytes, auts_at + a * packed, i) as usize;
        for _ in 0..candidates {
            let pattern = binary::word(bytes, at) as usize;
            let has_edge = binary::word(bytes, at + 1) == 1;
            let (attack, defense) = (binary::word(bytes, at + 2), binary::word(bytes, at + 3));
            let req_at = at + 4;
            at += 4 + if has_edge { packed } else { 0 };
            let image = |mask: u32, sigma: Option<usize>| {
                let mut out = 0u32;
                let mut m = mask;
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let pos = sigma.map_or(i, |a| aut(a, i));
                    out |= 1 << (labelling.order[pos % MAX_VERTICES] % 32);
                }
                out
            };
            // The vital points under every bijection that meets the edge requirements (those
            // without are closed under the key's automorphisms when compiled).
            let (mut att, mut def) = (0u32, 0u32);
            if has_edge {
                let mut matched = false;
                for a in 0..automorphisms {
                    let fits = (0..n).all(|i| {
                        edge_at[aut(a, i) % MAX_VERTICES] >= binary::packed_byte(bytes, req_at, i)
                    });
                    if fits {
                        matched = true;
                        att |= image(attack, Some(a));
                        def |= image(defense, Some(a));
                    }
                }
                if !matched {
                    continue;
                }
            } else {
                att = image(attack, None);
                def = image(defense, None);
            }
            let entry = self.entry(pattern);
            return Some(Match {
                pattern: entry.number,
                index: pattern,
                value: entry.value,
                attack: VertexSet(att),
                defense: VertexSet(def),
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
