//! `nakade lint`: GNU Go's eyes.db, every finding and the count per rule, as a golden file
//! (`tests/golden/lint_eyes_db.txt`, regenerated with `NAKADE_BLESS=1`); and `--json`.
//!
//! The solver rules read every form of every pattern (as `verify` does), with the solver's
//! default limits; in release this takes seconds.

use pretty_assertions::assert_eq;

use crate::support::{nakade, shared_file};

#[test]
fn eyes_db_findings_are_recorded() {
    let Some(path) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let path_s = path.to_str().unwrap();
    let (out, err, code) = nakade(&["lint", path_s], "");
    assert_eq!((code, err.as_str()), (1, ""));
    // The golden file names the file as `eyes.db`, wherever it lies.
    let got = out.replace(path_s, "eyes.db");
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/lint_eyes_db.txt");
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(&golden, &got).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap();
    assert_eq!(got, want);
    // Every rule is counted, and the counts add up to the findings listed.
    let summary: Vec<&str> = got
        .lines()
        .skip_while(|l| !l.starts_with("eyes.db: "))
        .collect();
    assert_eq!(summary.len(), 1 + nakade::tools::lint::RULES.len());
    let listed = got
        .lines()
        .filter(|l| l.starts_with("eyes.db:") && l.split(':').count() >= 5)
        .count();
    let counted: usize = summary[1..]
        .iter()
        .map(|l| {
            l.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(listed, counted);
}

#[test]
fn json_has_one_object_per_finding() {
    let dir = std::env::temp_dir().join(format!("nakade-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("t.db");
    std::fs::write(
        &f,
        "Pattern 1\n\n...\n\n:1111\n\nPattern 2\n\n.*.\n\n:1122\n\nPattern 3\n\nX\n\n:0000\n",
    )
    .unwrap();
    let (out, _, code) = nakade(&["lint", "--json", f.to_str().unwrap()], "");
    assert_eq!(code, 1);
    let findings: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let brief: Vec<(u64, u64, &str, u64)> = findings
        .iter()
        .map(|f| {
            (
                f["line"].as_u64().unwrap(),
                f["col"].as_u64().unwrap(),
                f["rule"].as_str().unwrap(),
                f["pattern"].as_u64().unwrap(),
            )
        })
        .collect();
    // The straight three is 1122: digit c of pattern 1 is wrong (line 5, column 4); pattern
    // 2 repeats its graph and is shadowed by it; a lone attacker stone has no liberty.
    assert_eq!(
        brief,
        vec![
            (5, 4, "solver-value", 1),
            (7, 1, "shadowed", 2),
            (7, 1, "duplicate", 2),
            (13, 1, "unreachable", 3),
        ]
    );
    assert_eq!(findings[0]["file"].as_str(), f.to_str());
    let message = findings[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the solver reads 1122, not 1111, on ..."),
        "{message}"
    );
    assert!(message.contains("line of play: "), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}
