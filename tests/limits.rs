//! Issue 11: every input bounded. Each test is named for the limit it checks and fails on the
//! code before that limit existed.

use std::time::{Duration, Instant};

use crate::support::nakade;

/// A scratch file under the target directory, unique per test.
fn scratch(name: &str, text: &str) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/limits-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// One pattern: a row of 22 `x` (4 million forms before the limit: 73 s and 6.3 GB in `check`).
const TWENTY_TWO_WILDCARDS: &str = "Pattern 1\n\nxxxxxxxxxxxxxxxxxxxxxx\n\n:1222\n";

#[test]
fn wildcards_beyond_the_limit_are_refused_at_the_first_one_too_many() {
    let path = scratch("wildcards.db", TWENTY_TWO_WILDCARDS);
    let start = Instant::now();
    let (out, err, code) = nakade(&["check", &path], "");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!(code, 1, "{out}{err}");
    let expected = format!(
        "error: pattern 1 has 22 'x' wildcards\n --> {path}:3:13\n  |\n3 | xxxxxxxxxxxxxxxxxxxxxx\n  |             ^ a pattern has at most 12 'x' (each doubles the forms it compiles to): this is the 13th\n"
    );
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn wildcards_beyond_the_limit_are_refused_by_every_command_that_compiles() {
    let path = scratch("wildcards-commands.db", TWENTY_TWO_WILDCARDS);
    for args in [
        vec!["match", "--db", &path, "..."],
        vec!["verify", &path],
        vec!["diff", &path, "solver", "--up-to", "1"],
        vec!["compile", &path, "--out", "/dev/null"],
    ] {
        let start = Instant::now();
        let (out, err, code) = nakade(&args, "");
        assert!(start.elapsed() < Duration::from_secs(5), "{args:?}");
        assert_ne!(code, 0, "{args:?}: {out}{err}");
        assert!(err.contains(":3:13"), "{args:?}: {err}");
        assert!(err.contains("at most 12 'x'"), "{args:?}: {err}");
    }
}

#[test]
fn twelve_wildcards_still_compile() {
    let path = scratch(
        "wildcards-twelve.db",
        "Pattern 1\n\nxxxxxx\nxxxxxx\n\n:2222\n",
    );
    let (out, err, code) = nakade(&["check", &path], "");
    assert_eq!(code, 0, "{out}{err}");
}
