//! The shape library's lookup from cells: recognition by Zobrist hash, one probe, the entry
//! read from the block (a size-5 library built first; `examples/library_size7.rs` times the
//! size-7 one).

use criterion::{criterion_group, criterion_main, Criterion};
use nakade::evaluation::library::Library;
use nakade::evaluation::theory::placement::Edge;
use nakade::tools::library_build::build;

fn lookup(c: &mut Criterion) {
    let lib = Library::from_bytes(build(5, (1, 1), false).expect("build")).expect("library");
    // The bulky five, shifted, with an opponent stone on its vital point; and a bent four in
    // the corner.
    let bulky = [(10i8, 10i8), (10, 11), (10, 12), (11, 10), (11, 11)];
    let bent = [(0i8, 0i8), (0, 1), (0, 2), (1, 0)];
    lib.lookup(Edge::Centre, &bulky, &[(10, 11)], true, 2)
        .expect("held");
    c.bench_function("library lookup centre bulky five", |b| {
        b.iter(|| {
            lib.lookup(
                Edge::Centre,
                std::hint::black_box(&bulky),
                &[(10, 11)],
                true,
                2,
            )
        })
    });
    c.bench_function("library lookup corner bent four", |b| {
        b.iter(|| lib.lookup(Edge::Corner, std::hint::black_box(&bent), &[], false, 1))
    });
}

criterion_group!(benches, lookup);
criterion_main!(benches);
