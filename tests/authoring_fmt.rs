//! `nakade fmt`: the canonical layout of GNU Go's pattern files and of the default database,
//! idempotent, every comment kept, and the same database compiled from it (`nakade diff` over
//! every concrete form of every pattern, in every placement: 0 differences).

use std::path::{Path, PathBuf};

use nakade::pattern::dsl::{self, syntax::LineKind, Options};
use nakade::pattern::encoded::encode;
use nakade::tools::verify::concrete_forms;
use pretty_assertions::assert_eq;

use crate::support::{nakade, shared_file};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nakade-fmt-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The comment lines of a file, trailing white space aside.
fn comments(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = dsl::syntax::SourceFile::parse("f", &text).unwrap();
    file.lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Comment(_)))
        .map(|l| l.text.trim_end().to_string())
        .collect()
}

/// Format a copy of `original`; check idempotence, comments and the compiled database; give
/// what `fmt --check` says about the original.
fn round_trip(original: &Path, name: &str, flags: &[&str]) -> (String, i32) {
    let dir = scratch(name);
    let copy = dir.join(name);
    std::fs::copy(original, &copy).unwrap();
    let copy_s = copy.to_str().unwrap();
    let (out, err, code) = nakade(&[&["fmt", copy_s][..], flags].concat(), "");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert_eq!(out, format!("formatted {copy_s}\n"));
    let once = std::fs::read(&copy).unwrap();
    // Idempotent: a second run changes nothing and --check agrees.
    let (out, _, code) = nakade(&[&["fmt", copy_s][..], flags].concat(), "");
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(std::fs::read(&copy).unwrap(), once);
    let (out, _, code) = nakade(&[&["fmt", "--check", copy_s][..], flags].concat(), "");
    assert_eq!((code, out.as_str()), (0, ""));
    // Nothing left beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // Every comment kept, in order.
    assert_eq!(comments(original), comments(&copy));
    // The same patterns, and the same answers on every form of every pattern.
    let lenient = Options { lenient: true };
    let a = dsl::read_file_with(original, lenient).unwrap();
    let b = dsl::read_file_with(&copy, lenient).unwrap();
    assert_eq!(a.patterns.len(), b.patterns.len());
    for (p, q) in a.patterns.iter().zip(&b.patterns) {
        assert_eq!((p.number, p.value), (q.number, q.value));
        assert!(
            p.graph.canonical_key() == q.graph.canonical_key(),
            "pattern {}",
            p.number
        );
        assert_eq!(p.comments.len(), q.comments.len(), "pattern {}", p.number);
    }
    let corpus: Vec<String> = a
        .patterns
        .iter()
        .flat_map(|p| concrete_forms(p).into_iter().map(|(d, _)| encode(&d)))
        .collect();
    let corpus_file = dir.join("forms.txt");
    std::fs::write(&corpus_file, corpus.join("\n")).unwrap();
    let (out, err, code) = nakade(
        &[
            "diff",
            "--lenient",
            original.to_str().unwrap(),
            copy_s,
            "--corpus",
            corpus_file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.ends_with(&format!(
            "{} graphs, {} agree, 0 differ\n",
            corpus.len(),
            corpus.len()
        )),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let (out, _, code) = nakade(
        &[&["fmt", "--check", original.to_str().unwrap()][..], flags].concat(),
        "",
    );
    (out, code)
}

#[test]
fn gnugo_eyes_db() {
    let Some(path) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let (out, code) = round_trip(&path, "eyes.db", &[]);
    // Line 43 is `# criterium first: ` with a trailing space.
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "{}:43: not in the canonical layout (nakade fmt would change this line)\n",
            path.display()
        )
    );
}

#[test]
fn gnugo_eyes_3_8_db() {
    let Some(path) = shared_file("gnugo/eyes-3.8.db") else {
        return;
    };
    let (out, code) = round_trip(&path, "eyes-3.8.db", &["--lenient"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "{}:43: not in the canonical layout (nakade fmt would change this line)\n",
            path.display()
        )
    );
}

#[test]
fn default_db() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns/default.db");
    let (out, code) = round_trip(&path, "default.db", &[]);
    // `generate` writes two blank lines before a section's banner; the second (line 13) goes.
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "{}:13: not in the canonical layout (nakade fmt would change this line)\n",
            path.display()
        )
    );
}

#[test]
fn a_file_with_errors_is_left_alone() {
    let dir = scratch("bad");
    let bad = dir.join("bad.db");
    let text = "Pattern 1\n\n  x?x\n\n:1122\n";
    std::fs::write(&bad, text).unwrap();
    let (out, err, code) = nakade(&["fmt", bad.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("bad.db:3:4"), "{err}");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 34 item 8: `fmt` rewrote a file that parses but fails validation (`check` refuses
/// it: a vital point marked where the value needs none). It refuses as `check` does, with the
/// same diagnostics (file:line:col), exit 1 and the file untouched; `--lenient` makes the
/// vital-point problems warnings there as in `check`.
#[test]
fn a_file_that_fails_validation_is_left_alone() {
    let dir = scratch("invalid");
    let bad = dir.join("invalid.db");
    let bad_s = bad.to_str().unwrap();
    let text = "Pattern 1\n\n   .*.\n\n:1111\n";
    std::fs::write(&bad, text).unwrap();
    let (_, check_err, check_code) = nakade(&["check", bad_s], "");
    assert_eq!(check_code, 1);
    for flags in [&[][..], &["--check"][..]] {
        let (out, err, code) = nakade(&[&["fmt", bad_s][..], flags].concat(), "");
        assert_eq!((code, out.as_str()), (1, ""), "fmt {flags:?}: {err}");
        assert!(err.contains("invalid.db:3:5"), "{err}");
        assert!(
            err.contains("error: attack point in a pattern whose value needs none"),
            "{err}"
        );
        // The same diagnostics as `check`.
        assert!(err.starts_with(check_err.split("invalid.db: 2 errors").next().unwrap()));
        assert!(err.contains("nothing written"), "{err}");
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }
    // From standard input: nothing on standard output either.
    let (out, err, code) = nakade(&["fmt", "-"], text);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("<stdin>:3:5"), "{err}");
    // Lenient, the marks are warnings and the file is formatted.
    let (out, _, code) = nakade(&["fmt", "--lenient", bad_s], "");
    assert_eq!((code, out), (0, format!("formatted {bad_s}\n")));
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        "Pattern 1\n\n.*.\n\n:1111\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_names_the_first_changed_line_and_writes_nothing() {
    let dir = scratch("check");
    let f = dir.join("f.db");
    let text = "Pattern 1\n\n.*.\n\n:1122\nPattern 2\n\n   .\n\n:1111\n";
    std::fs::write(&f, text).unwrap();
    let (out, _, code) = nakade(&["fmt", "--check", f.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "{}:6: not in the canonical layout (nakade fmt would change this line)\n",
            f.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    let (_, _, code) = nakade(&["fmt", f.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "Pattern 1\n\n.*.\n\n:1122\n\nPattern 2\n\n.\n\n:1111\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
