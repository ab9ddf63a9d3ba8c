use nakade::board::tactics::{self, ReadLimits};
use nakade::board::vertex;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let mut b = nakade::board::sgf::load(&text, None).unwrap().board;
    let loc = vertex::parse(&b, &a[2]).unwrap();
    for nodes in [20_000usize, 200_000, 2_000_000] {
        let t = std::time::Instant::now();
        let st = tactics::status(
            &mut b,
            loc,
            ReadLimits {
                max_depth: 120,
                max_nodes: nodes,
            },
        );
        println!("{nodes}: {:?} {:?}", st, t.elapsed());
    }
}
