//! Writing a pattern database from answers: the default database is generated, not typed.
//!
//! Takes a size limit and an oracle (the solver, or any database) that answers every labelled
//! eye graph of [`crate::tools::enumerate::eye_graphs`]; gives the text of a pattern file whose
//! first-match answers equal the oracle's on every one of those graphs, in every placement.
//!
//! Compression, each step exact:
//! 1. *Ordering*: per labelled graph, the centre answer is one pattern without edge markers; a
//!    placement (edge, corner) gets a pattern of its own, placed before the general ones, only
//!    when the patterns chosen so far would answer it otherwise. Placements are visited fewest
//!    edges first, and patterns are written most edges first, so a placement's own pattern is
//!    the first to match it.
//! 2. *Wildcards*: two centre patterns on the same diagram that differ only in one non-marginal
//!    vertex, empty in one and a stone in the other, with equal values and equal vital points
//!    (none on that vertex), become one pattern with `x` there; repeated while any pair merges.
//!    The merged pattern matches exactly the union of the two.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::evaluation::db::baseline::Baseline;
use crate::evaluation::db::{mark_vital, VertexSet};
use crate::pattern::diagram::{Cell, Diagram, Marker};
use crate::pattern::dsl::Pattern;
use crate::pattern::graph::{CanonicalKey, EyeGraph, Vertex};
use crate::tools::enumerate::{eye_graphs_of, Placement, CONCRETE};
use crate::value::EyeValue;

/// An oracle's answer for one eye graph: value and vital points over the graph's vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The eye value.
    pub value: EyeValue,
    /// Attack points (only when the value needs them).
    pub attack: VertexSet,
    /// Defence points (only when the value needs them).
    pub defense: VertexSet,
}

/// What [`generate`] made.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The pattern file's text.
    pub text: String,
    /// Labelled graphs answered (all placements).
    pub graphs: usize,
    /// Graphs the oracle could not answer (left to the general pattern or to no pattern).
    pub unanswered: usize,
    /// Answered graphs whose deciding moves lie outside the space (such as filling the
    /// surrounding string's outer liberties): a != c with no attack point on an empty vertex,
    /// or b != d with no defence point. Their patterns are written without the mark, as GNU
    /// Go's `analyze_eyegraph` annotates them, and with a comment that says why and the
    /// directive `# outside: attack` (`defense`, or both) that the validator reads in place of
    /// the mark, so the file passes `nakade check` (GNU Go's compiler would refuse them).
    pub unwritable: Vec<String>,
    /// Patterns written.
    pub patterns: usize,
}

/// One labelled graph in one placement, with its answer.
struct Case {
    diagram: Diagram,
    graph: EyeGraph,
    answer: Option<Answer>,
    edges: u32,
}

/// The graph of a diagram with all its edge counts set to zero: the key that groups placements.
fn base_key(g: &EyeGraph) -> CanonicalKey {
    g.relabelled(|_, v| Vertex { edge: 0, ..*v })
        .canonical_key()
}

/// A pattern for `case`: its diagram with the answer's vital points marked. With `centre`, the
/// edge markers are left out.
fn pattern_of(case: &Case, answer: &Answer, centre: bool, number: u32) -> Pattern {
    let mut diagram = mark_vital(&case.diagram, &case.graph, answer.attack, answer.defense);
    if centre {
        diagram = strip_edges(&diagram);
    }
    let graph = EyeGraph::from_diagram(&diagram).unwrap_or_else(|_| case.graph.clone());
    let comments =
        if writable(&case.graph, answer) {
            Vec::new()
        } else {
            // The directive names each side whose deciding moves are all outside the space, so the
            // file passes `check` without `--lenient`.
            let inside = |set: VertexSet| {
                set.iter().any(|i| {
                    case.graph.vertex(i).content == crate::pattern::diagram::Content::Empty
                })
            };
            let mut sides = Vec::new();
            if answer.value.needs_attack() && !inside(answer.attack) {
                sides.push("attack");
            }
            if answer.value.needs_defense() && !inside(answer.defense) {
                sides.push("defense");
            }
            vec![
            " The deciding moves are outside the space (the surrounding string's outer liberties):"
                .to_string(),
            format!(" {} {}", crate::pattern::dsl::OUTSIDE_DIRECTIVE, sides.join(" ")),
        ]
        };
    Pattern {
        number,
        value: answer.value,
        diagram,
        graph,
        comments,
        line: 0,
        row_lines: Vec::new(),
    }
}

/// The diagram without edge rows and columns.
fn strip_edges(d: &Diagram) -> Diagram {
    let rows: Vec<Vec<Cell>> = d
        .rows
        .iter()
        .filter(|r| {
            !r.iter()
                .all(|c| matches!(c, Cell::EdgeHorizontal | Cell::Corner | Cell::Off))
                || r.is_empty()
        })
        .map(|r| {
            r.iter()
                .map(|&c| if c.is_edge() { Cell::Off } else { c })
                .collect::<Vec<_>>()
        })
        .collect();
    // Drop the leading column that held `|`.
    let lead = rows
        .iter()
        .all(|r| r.first().is_none_or(|c| *c == Cell::Off));
    let rows = if lead {
        rows.into_iter()
            .map(|r| r.into_iter().skip(1).collect())
            .collect()
    } else {
        rows
    };
    Diagram { rows }
}

/// Can the dialect write this answer on this graph? A value with a != c needs an attack point
/// on an empty vertex, one with b != d a defence point on an empty vertex.
fn writable(g: &EyeGraph, answer: &Answer) -> bool {
    let empty = |set: VertexSet| {
        set.iter()
            .any(|i| g.vertex(i).content == crate::pattern::diagram::Content::Empty)
    };
    (!answer.value.needs_attack() || empty(answer.attack))
        && (!answer.value.needs_defense() || empty(answer.defense))
}

/// Does the first-match answer of `patterns` for `case` equal its own answer?
fn answered_alike(patterns: &[Pattern], case: &Case, answer: &Answer) -> bool {
    let m = Baseline::new(patterns).lookup(&case.graph);
    m.is_some_and(|m| {
        m.value == answer.value && m.attack == answer.attack && m.defense == answer.defense
    })
}

/// Generate a pattern file for every labelled eye graph up to `max` vertices (centre, edge and
/// corner placements), answered by `oracle` in parallel. `progress` is called with the number of
/// graphs of the current size answered so far and that size's total, now and then.
///
/// The work goes size by size ([`eye_graphs_of`]): the patterns of a size depend only on the
/// graphs of that size, so each size's graphs are dropped once its section is written, and
/// memory is bounded by the largest size's working set.
pub fn generate(
    max: usize,
    oracle: &(dyn Fn(&Diagram, &EyeGraph) -> Option<Answer> + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Generated {
    let mut generated = Generated {
        text: String::from(HEADER),
        graphs: 0,
        unanswered: 0,
        unwritable: Vec::new(),
        patterns: 0,
    };
    for size in 1..=max {
        section(size, oracle, progress, &mut generated);
    }
    generated
}

/// The section of `size` points: its graphs enumerated, answered and written into `out`.
fn section(
    size: usize,
    oracle: &(dyn Fn(&Diagram, &EyeGraph) -> Option<Answer> + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
    out: &mut Generated,
) {
    let diagrams = eye_graphs_of(size, &Placement::ALL, &CONCRETE);
    let total = diagrams.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    // Answers are kept with their diagrams only: a graph is rebuilt where it is needed, which
    // halves the working set of a size (the graphs were half of it).
    let solved: Vec<(Diagram, Option<Answer>, u32)> = diagrams
        .into_par_iter()
        .filter_map(|diagram| {
            let graph = EyeGraph::from_diagram(&diagram).ok()?;
            let answer = oracle(&diagram, &graph);
            let edges = graph.vertices().map(|v| v.edge as u32).sum();
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if n % 1024 == 0 || n == total {
                progress(n, total);
            }
            Some((diagram, answer, edges))
        })
        .collect();
    out.graphs += solved.len();
    out.unanswered += solved.iter().filter(|c| c.1.is_none()).count();

    // Group the placements of each labelled graph, in enumeration order.
    let mut order: Vec<CanonicalKey> = Vec::new();
    let mut groups: FxHashMap<CanonicalKey, Vec<usize>> = FxHashMap::default();
    for (i, (diagram, _, _)) in solved.iter().enumerate() {
        // Every diagram here gave a graph above.
        let Ok(graph) = EyeGraph::from_diagram(diagram) else {
            continue;
        };
        groups
            .entry(base_key(&graph))
            .or_insert_with_key(|k| {
                order.push(k.clone());
                Vec::new()
            })
            .push(i);
    }
    let case = |i: usize| {
        let (diagram, answer, edges) = &solved[i];
        EyeGraph::from_diagram(diagram).ok().map(|graph| Case {
            diagram: diagram.clone(),
            graph,
            answer: *answer,
            edges: *edges,
        })
    };

    // Step 1: per group, fewest edges first, a pattern for each placement the group's patterns
    // so far (kept most edges first) would answer otherwise. The centre's is the general one.
    let mut centre: Vec<Pattern> = Vec::new();
    let mut specific: Vec<(u32, Pattern)> = Vec::new(); // (edges, pattern)
    for key in &order {
        let mut members = groups[key].clone();
        members.sort_by_key(|&i| solved[i].2);
        let mut list: Vec<(u32, Pattern)> = Vec::new();
        for &i in &members {
            let Some(case) = case(i) else { continue };
            let case = &case;
            let Some(answer) = case.answer else { continue };
            let current: Vec<Pattern> = list.iter().map(|(_, p)| p.clone()).collect();
            if !answered_alike(&current, case, &answer) {
                if !writable(&case.graph, &answer) {
                    out.unwritable
                        .push(crate::pattern::encoded::encode(&case.diagram));
                }
                // Visited in ascending edge count: the new pattern has the most edges so far.
                list.insert(
                    0,
                    (case.edges, pattern_of(case, &answer, case.edges == 0, 0)),
                );
            }
        }
        for (e, p) in list {
            if e == 0 {
                centre.push(p);
            } else {
                specific.push((e, p));
            }
        }
    }
    drop(groups);
    drop(solved);

    // Step 2: wildcards among the general patterns.
    let centre = merge_wildcards(centre);

    // Write: placement patterns (most edges first), then the general ones.
    let mut block: Vec<&Pattern> = Vec::new();
    let mut spec: Vec<&(u32, Pattern)> = specific.iter().collect();
    spec.sort_by_key(|s| std::cmp::Reverse(s.0));
    block.extend(spec.iter().map(|s| &s.1));
    block.extend(centre.iter());
    if block.is_empty() {
        return;
    }
    let text = &mut out.text;
    text.push_str(&format!(
        "\n\n{}\n#{:^29}#\n{}\n",
        "#".repeat(31),
        format!("{size} vertices"),
        "#".repeat(31)
    ));
    for (k, p) in block.iter().enumerate() {
        out.patterns += 1;
        let number = size as u64 * 100_000 + k as u64 + 1;
        text.push_str(&format!("\n\nPattern {number}\n"));
        if !p.comments.is_empty() {
            for c in &p.comments {
                text.push_str(&format!("#{c}\n"));
            }
        }
        text.push('\n');
        for row in p.diagram.render(' ') {
            text.push_str(row.trim_end());
            text.push('\n');
        }
        text.push_str(&format!("\n:{}\n", p.value));
    }
}

/// Merge pairs of general patterns that differ only in `.` against `X` on one vertex, pass
/// after pass (each pass merges disjoint pairs) until none is left.
fn merge_wildcards(mut patterns: Vec<Pattern>) -> Vec<Pattern> {
    loop {
        // Key: the diagram (vital points and value included) with one vertex made `x`.
        let mut index: FxHashMap<(Vec<String>, usize, usize), usize> = FxHashMap::default();
        let mut merges: Vec<(usize, usize, usize, usize)> = Vec::new();
        let mut used = vec![false; patterns.len()];
        for (i, p) in patterns.iter().enumerate() {
            if used[i] {
                continue;
            }
            'cells: for (r, row) in p.diagram.rows.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if !matches!(
                        cell,
                        Cell::Vertex(Marker::Empty) | Cell::Vertex(Marker::Stone)
                    ) {
                        continue;
                    }
                    let mut d = p.diagram.clone();
                    d.rows[r][c] = Cell::Vertex(Marker::Either);
                    let mut key = d.render(' ');
                    key.push(p.value.to_string());
                    match index.get(&(key.clone(), r, c)) {
                        Some(&j) if !used[j] && patterns[j].diagram.rows[r][c] != *cell => {
                            used[i] = true;
                            used[j] = true;
                            merges.push((j, i, r, c));
                            break 'cells;
                        }
                        Some(_) => {}
                        None => {
                            index.insert((key, r, c), i);
                        }
                    }
                }
            }
        }
        if merges.is_empty() {
            return patterns;
        }
        let mut dropped = vec![false; patterns.len()];
        for &(keep, drop, r, c) in &merges {
            patterns[keep].diagram.rows[r][c] = Cell::Vertex(Marker::Either);
            if let Ok(g) = EyeGraph::from_diagram(&patterns[keep].diagram) {
                patterns[keep].graph = g;
            }
            dropped[drop] = true;
        }
        let mut k = 0;
        patterns.retain(|_| {
            k += 1;
            !dropped[k - 1]
        });
    }
}

const HEADER: &str = "# nakade's default eye-shape database, written by `nakade generate`.
#
# Every labelled eye graph up to the size below, in the centre, against an edge and in a corner;
# values and vital points from the solver. Patterns that need an edge come first, most edges
# first; `x` marks a vertex whose content does not change the answer. A blank cell that the
# space (and the board edge) closes in is a defender stone of its own, which can be captured;
# such stones count toward a section's size with the space's vertices.
#
# Markers: . empty  * attack+defence  < attack  > defence  X dead stone  x . or X
#          ! marginal  @ ( ) marginal vital points  $ marginal stone
#          | - + board edges and corner
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::db::{default_database, Database, VertexSet};
    use crate::evaluation::solve::{solve, Params, Space};
    use crate::tools::enumerate::eye_graphs;

    /// The committed default database, whose first sections a slice must reproduce.
    const SOURCE: (&str, &str) = (
        "patterns/default.db",
        include_str!("../../patterns/default.db"),
    );

    /// A database as an oracle.
    fn ask(db: &Database) -> impl Fn(&Diagram, &EyeGraph) -> Option<Answer> + Sync + '_ {
        move |_, g| {
            db.lookup(g).map(|m| Answer {
                value: m.value,
                attack: m.attack,
                defense: m.defense,
            })
        }
    }

    #[test]
    fn regenerating_the_default_database_keeps_every_answer() {
        let db = default_database();
        let generated = generate(3, &ask(db), &|_, _| {});
        let file = crate::pattern::dsl::parse("generated.db", generated.text.as_bytes())
            .unwrap_or_else(|e| panic!("{}", crate::pattern::dsl::render_all(&e)));
        let (regenerated, warnings) = Database::compile(&file).unwrap();
        assert!(
            warnings.is_empty(),
            "{}",
            crate::pattern::dsl::render_all(&warnings)
        );
        // Strict, without a warning: each pattern whose deciding move is outside the space
        // says so with the directive.
        assert!(
            file.warnings.is_empty(),
            "{}",
            crate::pattern::dsl::render_all(&file.warnings)
        );
        let directives = file
            .patterns
            .iter()
            .filter(|p| {
                p.comments
                    .iter()
                    .any(|c| c.trim_start().starts_with("outside: "))
            })
            .count();
        assert_eq!(directives, generated.unwritable.len());
        assert!(directives > 0);
        let mut compared = 0;
        for d in eye_graphs(3, &Placement::ALL, &CONCRETE) {
            let g = EyeGraph::from_diagram(&d).unwrap();
            let (a, b) = (db.lookup(&g), regenerated.lookup(&g));
            let strip =
                |m: Option<crate::evaluation::db::Match>| m.map(|m| (m.value, m.attack, m.defense));
            assert_eq!(
                strip(a),
                strip(b),
                "{}",
                crate::pattern::encoded::encode(&d)
            );
            compared += 1;
        }
        // 440 positions of up to 3 points. The 40 labellings of the corner L that closes in a
        // defender stone are no longer among them: 28 are positions of 4 points (they come
        // with size 4), and the 12 with a stone at both ends leave it without a liberty.
        assert_eq!(compared, 440);
        assert_eq!(generated.graphs, 440);
        assert_eq!(generated.unanswered, 0);
        // Ordering and wildcards make it smaller than one pattern per answered graph.
        assert!(
            generated.patterns < 440 - generated.unanswered,
            "{} patterns",
            generated.patterns
        );
        eprintln!(
            "{} graphs, {} unanswered, {} patterns",
            generated.graphs, generated.unanswered, generated.patterns
        );
    }

    #[test]
    fn regenerating_a_slice_gives_the_committed_file() {
        // Patterns of each size depend only on graphs of that size, so generating up to 3
        // vertices must give the committed file up to its "4 vertices" section, byte for byte.
        let oracle = |d: &crate::pattern::diagram::Diagram, _: &crate::pattern::graph::EyeGraph| {
            let s = solve(&Space::from_diagram(d).ok()?, &Params::default()).ok()?;
            Some(Answer {
                value: s.value,
                attack: VertexSet(s.attack),
                defense: VertexSet(s.defense),
            })
        };
        let slice = generate(3, &oracle, &|_, _| {});
        let end = SOURCE
            .1
            .find("\n\n\n###############################\n#         4 vertices")
            .expect("a size-4 section");
        pretty_assertions::assert_eq!(SOURCE.1[..end].trim_end(), slice.text.trim_end());
    }
}
