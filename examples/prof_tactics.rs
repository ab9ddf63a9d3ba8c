use nakade::board::tactics::{self, Attack, Defense, ReadLimits};
use nakade::board::vertex;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let mut b = nakade::board::sgf::load(&text, None).unwrap().board;
    for m in a[3..].chunks(2) {
        let c = if m[0] == "B" {
            nakade::board::Color::Black
        } else {
            nakade::board::Color::White
        };
        let l = vertex::parse(&b, &m[1]).unwrap();
        b.play(l, c).unwrap();
    }
    let loc = vertex::parse(&b, &a[2]).unwrap();
    let (at, de) = tactics::status(&mut b, loc, ReadLimits::default());
    let n = |l| vertex::name(&b, l);
    let at = match at {
        Attack::Captures(l) => format!("captures {}", n(l)),
        Attack::Fails => "fails".into(),
    };
    let de = match de {
        Defense::Saves(l) => format!("saves {}", n(l)),
        Defense::Fails => "fails".into(),
        Defense::NotNeeded => "not needed".into(),
    };
    println!("{at}; {de}");
}
