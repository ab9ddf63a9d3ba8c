//! The quick reader (`pattern::quick`) against the full reader on random encoded graphs: the
//! same graph, the same error, or a decline; and its first half's counts (size, marginals,
//! degrees) are the graph's, so that a database bucket it refuses holds no match.

use nakade::evaluation::db::default_database;
use nakade::pattern::diagram::Content;
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::{EyeGraph, GraphError};
use nakade::pattern::quick::{self, Quick, QuickRows, Scan};
use proptest::prelude::*;

/// Random encoded graphs as hosts write them: a rectangle of cells (mostly empty points, `O`
/// off the space, marginal points, attacker stones), framed by no edge, the left and bottom
/// edges (a corner), the top edge or the right and bottom edges; now and then one byte
/// replaced by any marker, a refused one included.
fn grid() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        10 => Just('.'),
        4 => Just('O'),
        2 => Just('!'),
        3 => Just('X'),
        1 => Just('$'),
        1 => Just('*'),
    ];
    let any = prop_oneof![
        Just('.'),
        Just('O'),
        Just('|'),
        Just('-'),
        Just('+'),
        Just('x'),
        Just('%')
    ];
    (1usize..8, 1usize..7)
        .prop_flat_map(move |(w, h)| {
            (
                proptest::collection::vec(cell.clone(), w * h),
                0usize..4,
                proptest::option::weighted(0.2, (0usize..64, any.clone())),
                Just(w),
            )
        })
        .prop_map(|(cells, frame, mutation, w)| {
            let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
            let rows: Vec<String> = match frame {
                1 => rows
                    .iter()
                    .map(|r| format!("|{r}"))
                    .chain(std::iter::once(format!("+{}", "-".repeat(w))))
                    .collect(),
                2 => std::iter::once("-".repeat(w)).chain(rows).collect(),
                3 => rows
                    .iter()
                    .map(|r| format!("{r}|"))
                    .chain(std::iter::once(format!("{}+", "-".repeat(w))))
                    .collect(),
                _ => rows,
            };
            let mut text: Vec<char> = rows.join("%").chars().collect();
            if let Some((at, c)) = mutation {
                let at = at % text.len();
                text[at] = c;
            }
            text.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn the_quick_reader_reads_as_the_full_reader(text in grid()) {
        let full = parse_graph(&text)
            .map_err(|_| None)
            .and_then(|d| EyeGraph::from_diagram(&d).map_err(|_| None))
            .and_then(|g| g.check_liberties().map(|_| g).map_err(Some));
        let mut rows = QuickRows::new();
        let scanned = rows.scan(text.as_bytes());
        match (&full, quick::read_checked(text.as_bytes())) {
            (Ok(g), Quick::Graph(q)) => {
                prop_assert_eq!(scanned, Scan::Read);
                prop_assert_eq!((q.len(), q.n), (g.len(), g.len() + g.enclosed_len()));
                for v in 0..q.n {
                    let x = g.vertex(v);
                    prop_assert_eq!(q.edge[v], x.edge);
                    prop_assert_eq!(q.marginal >> v & 1 == 1, x.marginal);
                    prop_assert_eq!(q.stone >> v & 1 == 1, x.content == Content::Stone);
                    prop_assert_eq!(q.defender >> v & 1 == 1, x.content == Content::Defender);
                    let row = g.adjacent(v).iter().fold(0u32, |m, &w| m | 1 << w);
                    prop_assert_eq!(q.adj[v], row);
                }
                let mut degrees = [0u8; 5];
                for v in 0..q.n {
                    degrees[q.adj[v].count_ones() as usize] += 1;
                }
                prop_assert_eq!(
                    (rows.vertices(), rows.marginals(), rows.degrees()),
                    (q.n, q.marginal.count_ones() as usize, degrees)
                );
                prop_assert_eq!(rows.graph(), q);
                // A graph no bucket holds matches no pattern.
                let db = default_database();
                if !db.may_hold(&rows) {
                    prop_assert!(db.lookup_quick(&q).is_none());
                }
            }
            (Err(Some(e)), Quick::NoLiberty { vertex, row, column }) => {
                let quick = GraphError::EnclosedWithoutLiberty {
                    vertex: vertex as usize,
                    at: Some((row as usize, column as usize)),
                };
                prop_assert_eq!(e, &quick);
                prop_assert_eq!(scanned, Scan::NoLiberty { vertex, row, column });
            }
            // A decline: only what the full reader refuses (an error it names).
            (Err(None), Quick::Declined) => {
                prop_assert_eq!(scanned, Scan::Declined);
                prop_assert_eq!(rows.graph().n, 0);
            }
            (full, q) => prop_assert!(false, "{}: full {:?}, quick {:?}", text, full, q),
        }
    }
}
