//! The solver against a reader that shares no code with it (`examples/support/local_rules.rs`,
//! plain rules on a board): for random eye shapes of 3 to 8 points in the corner, on the edge
//! and in the centre, with 0 to 2 outer liberties, the space's `b` is 2 exactly when the
//! owner's wall lives with the attacker moving first, and `c` is 2 exactly when it lives
//! with its owner moving first.
//!
//! The board: the shape empty; around it the owner's wall (every point within one step,
//! diagonals included, so that it is one string); the wall's outer liberties, empty points
//! beside it that either side may play; every other point the attacker's, with two eyes of
//! its own in the far corner, so that only the wall can be captured. The graph: the shape in
//! GNU Go's encoding, no margins, the same count of outer liberties.

#[path = "../examples/support/local_rules.rs"]
mod local_rules;

use local_rules::{parse_diagram, read, Answer};
use nakade::evaluation::solve::{solve_value, Params, Space};
use nakade::pattern::encoded::parse_graph;
use pretty_assertions::assert_eq;

const N: usize = 11;

/// A small deterministic generator (the test needs no more than a spread of shapes).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    Corner,
    Edge,
    Centre,
}

/// A random polyomino of `size` cells within 4x4, moved to row 0 and column 0.
fn shape(rng: &mut Lcg, size: usize) -> Vec<(usize, usize)> {
    let mut cells = vec![(0usize, 0usize)];
    while cells.len() < size {
        let (r, c) = cells[rng.below(cells.len())];
        let (r, c) = match rng.below(4) {
            0 => (r, c + 1),
            1 => (r + 1, c),
            2 => (r, c.wrapping_sub(1)),
            _ => (r.wrapping_sub(1), c),
        };
        if r < 4 && c < 4 && !cells.contains(&(r, c)) {
            cells.push((r, c));
        }
    }
    let (r0, c0) = (
        cells.iter().map(|p| p.0).min().unwrap_or(0),
        cells.iter().map(|p| p.1).min().unwrap_or(0),
    );
    let mut cells: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    cells.sort();
    cells
}

/// The shape in GNU Go's encoding: `O` for the cells of its box off the shape.
fn encode(cells: &[(usize, usize)], place: Place) -> String {
    let h = cells.iter().map(|p| p.0).max().unwrap_or(0) + 1;
    let w = cells.iter().map(|p| p.1).max().unwrap_or(0) + 1;
    let body: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| if cells.contains(&(r, c)) { '.' } else { 'O' })
                .collect()
        })
        .collect();
    let rows: Vec<String> = match place {
        Place::Corner => std::iter::once(format!("+{}", "-".repeat(w)))
            .chain(body.iter().map(|b| format!("|{b}")))
            .collect(),
        Place::Edge => std::iter::once("-".repeat(w)).chain(body).collect(),
        Place::Centre => body,
    };
    rows.join("%")
}

/// The board (see the module documentation) and a point of the owner's wall (row, column).
fn board(
    cells: &[(usize, usize)],
    place: Place,
    outer: usize,
    rng: &mut Lcg,
) -> (String, (usize, usize)) {
    let (dr, dc) = match place {
        Place::Corner => (0, 0),
        Place::Edge => (0, 3),
        Place::Centre => (3, 3),
    };
    let space: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
    let mut wall: Vec<(usize, usize)> = Vec::new();
    for &(r, c) in &space {
        for r2 in r.saturating_sub(1)..=(r + 1).min(N - 1) {
            for c2 in c.saturating_sub(1)..=(c + 1).min(N - 1) {
                if !space.contains(&(r2, c2)) && !wall.contains(&(r2, c2)) {
                    wall.push((r2, c2));
                }
            }
        }
    }
    wall.sort();
    let mut beside: Vec<(usize, usize)> = Vec::new();
    for &(r, c) in &wall {
        for (r2, c2) in [
            (r + 1, c),
            (r, c + 1),
            (r.wrapping_sub(1), c),
            (r, c.wrapping_sub(1)),
        ] {
            if r2 < N
                && c2 < N
                && !wall.contains(&(r2, c2))
                && !space.contains(&(r2, c2))
                && !beside.contains(&(r2, c2))
            {
                beside.push((r2, c2));
            }
        }
    }
    beside.sort();
    let mut liberties = Vec::new();
    for _ in 0..outer {
        liberties.push(beside.remove(rng.below(beside.len())));
    }
    let eyes = [(N - 1, N - 1), (N - 1, N - 3)];
    let mut text = String::new();
    for r in 0..N {
        for c in 0..N {
            let p = (r, c);
            text.push(if space.contains(&p) || liberties.contains(&p) {
                ','
            } else if wall.contains(&p) {
                'O'
            } else if eyes.contains(&p) {
                '.'
            } else {
                'X'
            });
        }
        text.push('\n');
    }
    (text, wall[0])
}

#[test]
fn the_solvers_life_and_death_is_that_of_plain_rules_on_a_board() {
    let mut rng = Lcg(29);
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    while seen.len() < 120 {
        let size = 3 + rng.below(6);
        let place = [Place::Corner, Place::Edge, Place::Centre][rng.below(3)];
        let outer = rng.below(3);
        let cells = shape(&mut rng, size);
        let graph = encode(&cells, place);
        if seen.contains(&(graph.clone(), outer)) {
            continue;
        }
        seen.push((graph.clone(), outer));
        let space = Space::from_diagram(&parse_graph(&graph).unwrap()).unwrap();
        let params = Params {
            outer_liberties: outer as u8,
            ..Params::default()
        };
        let value = solve_value(&space, &params).unwrap().value;
        let (text, wall) = board(&cells, place, outer, &mut rng);
        let diagram = parse_diagram(&text).unwrap();
        let wall = wall.0 * diagram.width + wall.1;
        let lives = |black_first| match read(&diagram, wall, black_first, 60).0 {
            Answer::Live => 2,
            Answer::Kill => 0,
            Answer::Unknown => panic!("{graph}: unread within 60 plies\n{text}"),
        };
        let two = |digit: u8| if digit == 2 { 2 } else { 0 };
        assert_eq!(
            (lives(true), lives(false)),
            (two(value.b), two(value.c)),
            "{graph}, {outer} outer liberties, value {value}\n{text}"
        );
        *kinds.entry((value.b, value.c)).or_insert(0) += 1;
    }
    // The shapes reach each kind of answer: alive, unsettled, and one eye at most.
    assert!(kinds.len() >= 3, "{kinds:?}");
}
