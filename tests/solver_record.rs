//! The solver against the record of its own answers (`tests/golden/solver_record/`, written
//! by `examples/solver_record.rs` before the search got its transposition-table, repetition
//! and symmetry work): every graph of up to four points and every tenth graph of five, in
//! every placement, must keep its value and its attack and defence points, with each search
//! feature on and with none of them. The full record (sizes 6 and 7 as block hashes) is
//! compared by `cargo run --release --example solver_record -- check tests/golden/solver_record 7`
//! (size 7 in full: 2,506,432 graphs, recorded with the search of `9b63457`).

use nakade::evaluation::solve::{solve_with, Features, Params, Space};
use nakade::pattern::encoded::{encode, parse_graph};
use pretty_assertions::assert_eq;

/// The record's line for one graph under `features`.
fn line(text: &str, features: Features) -> String {
    let d = parse_graph(text).expect("a recorded graph parses");
    let answer = Space::from_diagram(&d)
        .map_err(|e| e.to_string())
        .and_then(|space| {
            solve_with(&space, &Params::default(), features).map_err(|e| e.to_string())
        })
        .map(|sol| format!("{}\t{}", sol.value, encode(&sol.annotate(&d))))
        .unwrap_or_else(|e| format!("-\t{e}"));
    format!("{text}\t{answer}")
}

/// The sampled record lines: all of sizes 1 to 4, every `step`-th of size 5.
fn sample(step: usize) -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/solver_record");
    let mut out = Vec::new();
    for n in 1..=5 {
        let text = std::fs::read_to_string(format!("{dir}/size_{n}.txt")).expect("record");
        let every = if n == 5 { step } else { 1 };
        out.extend(text.lines().step_by(every).map(str::to_string));
    }
    out
}

fn compare(features: Features, step: usize) {
    let recorded = sample(step);
    assert!(recorded.len() > 3000, "{} lines", recorded.len());
    let fresh: Vec<String> = recorded
        .iter()
        .map(|l| line(l.split('\t').next().unwrap_or_default(), features))
        .collect();
    assert_eq!(recorded.join("\n"), fresh.join("\n"));
}

#[test]
fn every_feature_keeps_the_recorded_answers() {
    compare(
        Features {
            lines: false,
            ..Features::default()
        },
        10,
    );
}

/// The sound table with every other feature, history included (the answers may not depend
/// on the order the moves are read in).
#[test]
fn the_sound_table_with_history_keeps_the_recorded_answers() {
    compare(
        Features {
            lines: false,
            sound_table: true,
            history: true,
            ..Features::default()
        },
        10,
    );
}

#[test]
fn the_baseline_search_keeps_the_recorded_answers() {
    compare(
        Features {
            lines: false,
            ..Features::BASELINE
        },
        40,
    );
}

/// Each feature alone changes nothing either (a sample of size 5).
#[test]
fn each_feature_alone_keeps_the_recorded_answers() {
    let none = Features {
        lines: false,
        ..Features::BASELINE
    };
    for f in [
        Features {
            local_results: true,
            ..none
        },
        Features {
            symmetry: true,
            ..none
        },
        Features {
            static_life: true,
            ..none
        },
        Features {
            static_life: true,
            miai_regions: true,
            ..none
        },
        Features {
            killers_from: 0,
            ..none
        },
        Features {
            win_first: true,
            ..none
        },
        Features {
            history: true,
            ..none
        },
        Features {
            sound_table: true,
            ..none
        },
        Features {
            sound_table: true,
            local_results: true,
            symmetry: true,
            history: true,
            ..none
        },
    ] {
        compare(f, 97);
    }
}
