//! `EyeValue::sum` against the solver: a group's eye spaces played out together, read as one
//! space of several parts (the solver's wall touches each), give the `b` and `c` that the
//! sum of the parts' values gives, on every pair and triple of small shapes.

use nakade::evaluation::solve::{solve_value, Params, Space};
use nakade::pattern::encoded::parse_graph;
use nakade::EyeValue;
use pretty_assertions::assert_eq;

/// Small shapes in GNU Go's encoding: points, lines, bends, half eyes (a point and a
/// margin), attacker stones inside, edge and corner placements, a bent four in the corner.
const SHAPES: [&str; 25] = [
    ".",
    "..",
    "...",
    ".!",
    "!.!",
    "|.%+-",
    "|..%+--",
    "|...%+---",
    "|.!%+--",
    ".!.",
    "!..",
    "|!.%+--",
    "X.",
    ".X.!",
    "|X.%+--",
    "|..%|..%+--",
    "|.X%|..%+--",
    "....",
    "..%.",
    ".!..",
    "!..!",
    "|..!%+---",
    "!.",
    "!!.",
    "|.X.%+---",
];

/// Two spaces of one group: `b`'s vertices after `a`'s.
fn union(a: &Space, b: &Space) -> Space {
    let mut s = a.clone();
    s.n = a.n + b.n;
    for v in 0..b.n {
        s.adj[a.n + v] = b.adj[v] << a.n;
        s.edge[a.n + v] = b.edge[v];
    }
    s.marginal |= b.marginal << a.n;
    s.stone |= b.stone << a.n;
    s.defender |= b.defender << a.n;
    s
}

#[test]
fn the_sum_of_spaces_is_their_reading_together() {
    // Moves in a row for `a` and `d`, as the sum takes them.
    let params = Params {
        tenuki_depth: 0,
        ..Params::default()
    };
    let read = |s: &Space| solve_value(s, &params).unwrap().value;
    let shapes: Vec<(&str, Space, EyeValue)> = SHAPES
        .iter()
        .map(|g| {
            let s = Space::from_diagram(&parse_graph(g).unwrap()).unwrap();
            let v = read(&s);
            (*g, s, v)
        })
        .collect();
    let mut differ = Vec::new();
    let (mut pairs, mut triples) = (0, 0);
    for (i, a) in shapes.iter().enumerate() {
        for (j, b) in shapes.iter().enumerate().skip(i) {
            let ab = union(&a.1, &b.1);
            let sum = EyeValue::sum(&[a.2, b.2]).unwrap();
            let whole = read(&ab);
            pairs += 1;
            if (sum.b, sum.c) != (whole.b, whole.c) {
                differ.push(format!("{} + {}: sum {sum}, together {whole}", a.0, b.0));
            }
            for c in shapes.iter().skip(j).filter(|c| ab.n + c.1.n <= 12) {
                let sum = EyeValue::sum(&[a.2, b.2, c.2]).unwrap();
                let whole = read(&union(&ab, &c.1));
                triples += 1;
                if (sum.b, sum.c) != (whole.b, whole.c) {
                    differ.push(format!(
                        "{} + {} + {}: sum {sum}, together {whole}",
                        a.0, b.0, c.0
                    ));
                }
            }
        }
    }
    assert_eq!((pairs, triples), (325, 2925));
    assert_eq!(differ, Vec::<String>::new());
    // The case of `tests/final/composed/one_and_a_half_eyes_...`: each alone `1122` and
    // `0011`, their `b` added one eye; together two.
    let corner = Space::from_diagram(&parse_graph("|...%+---").unwrap()).unwrap();
    let half = Space::from_diagram(&parse_graph(".!").unwrap()).unwrap();
    assert_eq!(
        (read(&corner).to_string(), read(&half).to_string()),
        ("1122".into(), "0011".into())
    );
    assert_eq!(read(&union(&corner, &half)).b, 2);
}
