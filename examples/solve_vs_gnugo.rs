//! Compare `nakade::evaluation::solve` with GNU Go 3.8's `analyze_eyegraph` on every centre eye graph
//! (free polyomino, labels `. ! X $`, one per symmetry class) up to N cells.
//!
//! `cargo run --release --example solve_vs_gnugo -- N [--list]`; gnugo from `$NAKADE_GNUGO`
//! (default `/usr/games/gnugo`).

#[path = "../tests/solver_harness.rs"]
mod harness;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let list = args.iter().any(|a| a == "--list");
    if args.iter().any(|a| a == "--print") {
        for g in harness::graphs(max) {
            println!("{g}");
        }
        return;
    }
    let Some(mut g) = harness::Gnugo::start() else {
        eprintln!(
            "gnugo not found at {}; nothing to compare",
            harness::gnugo_path()
        );
        return;
    };
    let start = std::time::Instant::now();
    let t = harness::compare(&mut g, max);
    let pct = |k: usize| 100.0 * k as f64 / t.answered.max(1) as f64;
    println!(
        "graphs {} answered {} rejected {} crashed {} restarts {}",
        t.graphs, t.answered, t.rejected, t.crashed, g.restarts
    );
    println!("value agree {} ({:.2}%)", t.value_agree, pct(t.value_agree));
    for (i, d) in t.digit_agree.iter().enumerate() {
        println!(
            "digit {} agree {} ({:.2}%)",
            "abcd".as_bytes()[i] as char,
            d,
            pct(*d)
        );
    }
    println!(
        "pockets {}; value agree without pockets {} of {} ({:.2}%)",
        t.pockets,
        t.value_agree_no_pocket,
        t.answered - t.pockets,
        100.0 * t.value_agree_no_pocket as f64 / (t.answered - t.pockets).max(1) as f64
    );
    println!(
        "value and vital points agree {} ({:.2}%)",
        t.marks_agree,
        pct(t.marks_agree)
    );
    println!("time {:.1}s", start.elapsed().as_secs_f64());
    if list {
        for m in &t.value_mismatches {
            println!("VALUE\t{m}");
        }
        for m in &t.mark_mismatches {
            println!("MARKS\t{m}");
        }
    }
}
