//! The eyes.db corpus: the compiled matcher against the baseline, on every pattern in every
//! orientation, vertices shuffled, each `x` as empty and as stone.

use nakade::evaluation::db::baseline::Baseline;
use nakade::evaluation::db::Database;

use crate::support::{shared_file, spaces_of, Rng};

fn corpus(name: &str, options: nakade::pattern::dsl::Options) {
    let Some(path) = shared_file(name) else {
        return;
    };
    let file = nakade::pattern::dsl::read_file_with(&path, options).unwrap();
    let (db, _) = Database::compile(&file).unwrap();
    let baseline = Baseline::new(&file.patterns);
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let (mut queries, mut same) = (0usize, 0usize);
    let mut bad = Vec::new();
    for (index, p) in file.patterns.iter().enumerate() {
        for sym in 0..8 {
            for space in spaces_of(p, sym, &mut rng) {
                queries += 1;
                let fast = db.lookup(&space);
                let slow = baseline.lookup(&space);
                let (f, s) = (fast.map(|m| m.index), slow.map(|m| m.index));
                if f == s && f.is_some_and(|i| i <= index) {
                    same += 1;
                } else if bad.len() < 10 {
                    bad.push(format!(
                        "pattern {} sym {sym}: fast {:?} baseline {:?}",
                        p.number,
                        fast.map(|m| m.pattern),
                        slow.map(|m| m.pattern)
                    ));
                }
            }
        }
    }
    eprintln!("{name}: {same} of {queries} queries agree");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert_eq!(same, queries);
    assert!(queries > 8 * file.patterns.len());
}

#[test]
fn eyes_db_fast_matcher_equals_baseline() {
    corpus("gnugo/eyes.db", nakade::pattern::dsl::Options::default());
}

#[test]
fn eyes_3_8_db_fast_matcher_equals_baseline() {
    corpus(
        "gnugo/eyes-3.8.db",
        nakade::pattern::dsl::Options { lenient: true },
    );
}

#[test]
fn eyes_3_8_db_breaks_the_vital_point_rule_226_times() {
    let Some(path) = shared_file("gnugo/eyes-3.8.db") else {
        return;
    };
    let strict = nakade::pattern::dsl::read_file(&path).unwrap_err();
    let nakade::pattern::dsl::LoadError::Invalid(diags) = strict else {
        panic!("{strict}")
    };
    let vital = |d: &&nakade::pattern::dsl::Diagnostic| {
        d.message.ends_with("attack point")
            || d.message.ends_with("defence point")
            || d.message
                .contains("point in a pattern whose value needs none")
    };
    assert_eq!(diags.iter().filter(|d| d.is_error()).count(), 226);
    assert_eq!(diags.iter().filter(vital).count(), 226);
    let lenient = nakade::pattern::dsl::read_file_with(
        &path,
        nakade::pattern::dsl::Options { lenient: true },
    )
    .unwrap();
    assert_eq!(lenient.patterns.len(), 721);
    assert_eq!(lenient.warnings.len(), 226);
}
