//! Lookups per second on the eyes.db corpus (every pattern, 8 orientations, vertices shuffled,
//! each `x` as empty and as stone): the compiled matcher against the baseline (GNU Go's linear
//! scan with backtracking), in one run. Reads `$NAKADE_SHARED/gnugo/eyes.db` (default
//! `../shared`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nakade::evaluation::db::baseline::Baseline;
use nakade::evaluation::db::Database;
use nakade::pattern::graph::EyeGraph;

#[path = "../tests/support.rs"]
#[allow(dead_code)]
mod support;

fn corpus() -> Option<(Database, Baseline, Vec<EyeGraph>)> {
    let path = support::shared_file("gnugo/eyes.db")?;
    let file = nakade::pattern::dsl::read_file(&path).ok()?;
    let (db, _) = Database::compile(&file).ok()?;
    let baseline = Baseline::new(&file.patterns);
    let mut rng = support::Rng(0x9e3779b97f4a7c15);
    let mut spaces = Vec::new();
    for p in &file.patterns {
        for sym in 0..8 {
            spaces.extend(support::spaces_of(p, sym, &mut rng));
        }
    }
    // The result being timed is the right one.
    for s in spaces.iter().step_by(97) {
        assert_eq!(
            db.lookup(s).map(|m| m.index),
            baseline.lookup(s).map(|m| m.index)
        );
    }
    Some((db, baseline, spaces))
}

fn lookups(c: &mut Criterion) {
    let Some((db, baseline, spaces)) = corpus() else {
        return;
    };
    let mut group = c.benchmark_group("eyes.db lookup");
    group.throughput(Throughput::Elements(spaces.len() as u64));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("compiled", |b| {
        b.iter(|| {
            let mut found = 0usize;
            for s in &spaces {
                found += db.lookup(black_box(s)).is_some() as usize;
            }
            assert_eq!(found, spaces.len());
            found
        })
    });
    group.bench_function("baseline", |b| {
        b.iter(|| {
            let mut found = 0usize;
            for s in &spaces {
                found += baseline.lookup(black_box(s)).is_some() as usize;
            }
            found
        })
    });
    group.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);
