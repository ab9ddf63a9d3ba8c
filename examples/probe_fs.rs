use nakade::board::finish::final_status;
use nakade::board::{ascii, Color};
use nakade::evaluation::evaluate::Evaluator;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let b = if a[1].ends_with(".sgf") {
        nakade::board::sgf::load(&text, None).unwrap().board
    } else {
        ascii::parse_board(&text, None).unwrap().board
    };
    let c = if a[2] == "B" {
        Color::Black
    } else {
        Color::White
    };
    let r = final_status(&b, &Evaluator::with_default(), c, Default::default());
    for g in &r.groups {
        let n = |v: &[nakade::board::Loc]| {
            v.iter()
                .map(|&s| nakade::board::vertex::name(&b, s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "{} {:?} {:?} spaces {:?}",
            n(&g.stones),
            g.status,
            g.reason,
            g.spaces.iter().map(|(p, v)| (n(p), *v)).collect::<Vec<_>>()
        );
    }
}
