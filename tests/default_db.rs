//! The embedded default database against GNU Go 3.8's `analyze_eyegraph`: every eye graph of up
//! to three vertices, every labelling over `. ! X $`, centre, edge and corner placements. The
//! database is generated from the solver, so this checks both against the referee: every graph
//! GNU Go answers (leaving out its pockets, where it reads a graph with an extra vertex) gets the
//! same value and the same vital points.
//!
//! Two conventions follow GNU Go's reading, though one could argue otherwise:
//! - `X`, `XX`, `XXX` (every vertex a stone, none marginal) are strings without a liberty, which
//!   cannot stand on a board. GNU Go leaves them there and says 0000; so does nakade. (eyes.db's
//!   patterns 100, 200 and 302 say 1111, as if they had been removed.)
//! - In the corner bent `X.X` (1222) the attacker's threat is to fill the surrounding string's
//!   outer liberties: GNU Go marks no attack point and neither does the pattern.

use nakade::evaluation::db::default_database;
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;
use pretty_assertions::assert_eq;

use crate::support::{gnugo, Gnugo};

/// Every labelled graph of 1 to 3 vertices in every placement, encoded for `analyze_eyegraph`.
fn small_graphs() -> Vec<String> {
    let shapes: [&[(i32, i32)]; 4] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (0, 1), (1, 0)],
    ];
    let mut out = Vec::new();
    for shape in shapes {
        let mut orients: Vec<Vec<(i32, i32)>> = Vec::new();
        for sym in 0..8 {
            let mut pts: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(r, c)| {
                    let (mut r, mut c) = (r, c);
                    for _ in 0..(sym & 3) {
                        (r, c) = (c, -r);
                    }
                    if sym & 4 != 0 {
                        c = -c;
                    }
                    (r, c)
                })
                .collect();
            let (mr, mc) = (
                pts.iter().map(|p| p.0).min().unwrap(),
                pts.iter().map(|p| p.1).min().unwrap(),
            );
            pts.iter_mut().for_each(|p| *p = (p.0 - mr, p.1 - mc));
            let mut key = pts.clone();
            key.sort();
            if !orients.iter().any(|o| {
                let mut k = o.clone();
                k.sort();
                k == key
            }) {
                orients.push(pts);
            }
        }
        for cells in orients {
            let n = cells.len();
            let (h, w) = (
                cells.iter().map(|p| p.0).max().unwrap() + 1,
                cells.iter().map(|p| p.1).max().unwrap() + 1,
            );
            for labels in 0..4usize.pow(n as u32) {
                for (bottom, left) in [(false, false), (true, false), (true, true)] {
                    let mut grid = vec![vec!['O'; w as usize]; h as usize];
                    for (k, &(r, c)) in cells.iter().enumerate() {
                        grid[(h - 1 - r) as usize][c as usize] =
                            ['.', '!', 'X', '$'][labels / 4usize.pow(k as u32) % 4];
                    }
                    let mut rows: Vec<String> =
                        grid.into_iter().map(|r| r.into_iter().collect()).collect();
                    if left {
                        rows.iter_mut().for_each(|r| r.insert(0, '|'));
                    }
                    if bottom {
                        rows.push(format!(
                            "{}{}",
                            if left { "+" } else { "" },
                            "-".repeat(w as usize)
                        ));
                    }
                    out.push(rows.join("%"));
                }
            }
        }
    }
    out
}

/// The vital points of an annotated diagram, as (row, col) sets.
type Points = Vec<(usize, usize)>;

fn vital(rows: &[String]) -> (Points, Points) {
    let mut attack = Vec::new();
    let mut defense = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if "*<@(".contains(ch) {
                attack.push((r, c));
            }
            if "*>@)".contains(ch) {
                defense.push((r, c));
            }
        }
    }
    (attack, defense)
}

#[test]
fn default_database_agrees_with_gnugo_up_to_three_vertices() {
    let Some(path) = gnugo() else { return };
    let mut gg = Gnugo::start(&path);
    let db = default_database();
    let (mut asked, mut answered, mut agree) = (0, 0, 0);
    let mut differences = Vec::new();
    for graph in small_graphs() {
        asked += 1;
        let space = EyeGraph::from_diagram(&parse_graph(&graph).unwrap()).unwrap();
        let Some((value, rows)) = gg.analyze_eyegraph(&graph) else {
            continue;
        };
        // GNU Go's pocket quirk: it analysed a graph with more vertices than it was given.
        let marked = rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|c| ".*<>X!@()$".contains(*c))
            .count();
        if marked != space.len() {
            continue;
        }
        answered += 1;
        let coords = |set: nakade::evaluation::db::VertexSet| {
            let mut v: Vec<(usize, usize)> =
                set.iter().filter_map(|i| space.coordinate(i)).collect();
            v.sort();
            v
        };
        let mine = db
            .lookup(&space)
            .map(|m| (m.value.to_string(), coords(m.attack), coords(m.defense)));
        let (ga, gd) = vital(&rows);
        let theirs = (value, ga, gd);
        if mine.as_ref() == Some(&theirs) {
            agree += 1;
        } else {
            differences.push(format!("{graph}: gnugo {theirs:?}, nakade {mine:?}"));
        }
    }
    eprintln!(
        "default database vs gnugo: {asked} graphs asked, {answered} answered, {agree} agree"
    );
    assert_eq!(Vec::<String>::new(), differences);
    assert!(answered > 1000);
}
