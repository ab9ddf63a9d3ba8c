//! What a new user finds first (issue 34): usage errors that point the way, shell completions
//! and a manual page, the licence files, and the shared library's SONAME.

use pretty_assertions::assert_eq;

use crate::support::{nakade, shared_file};

#[test]
fn match_without_a_graph_points_at_batch() {
    for args in [&["match"][..], &["match", "-"], &["solve"]] {
        let (out, err, code) = nakade(args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(
            err.contains("to read graphs from standard input, one a line, use --batch"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(&format!("Usage: nakade {} ", args[0])),
            "{err}"
        );
    }
}

#[test]
fn classify_of_a_file_without_at_says_so() {
    let (_, err, code) = nakade(&["classify", "tests/eval_eye/centre_one.sgf"], "");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: tests/eval_eye/centre_one.sgf is a file, not an eye graph: add --at VERTEX to \
         classify the eye space at a vertex of its board\n"
    );
}

#[test]
fn moves_count_from_one() {
    let (_, err, code) = nakade(
        &["analyze", "tests/eval_eye/centre_one.sgf", "--move", "0"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("moves count from 1"), "{err}");
}

#[test]
fn gnugos_released_eyes_db_suggests_lenient() {
    let Some(path) = shared_file("gnugo/eyes-3.8.db") else {
        return;
    };
    let path = path.to_str().unwrap();
    let hint = format!(
        "hint: {path}: every error above is a vital-point problem; with --lenient they are \
         warnings (GNU Go 3.8's eyes.db needs it)\n"
    );
    let (_, err, code) = nakade(&["check", path], "");
    assert_eq!(code, 1);
    assert!(
        err.ends_with(&hint),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    let (out, err, code) = nakade(&["gtp", "--db", path], "quit\n");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.ends_with(&hint));
    // With it the engine answers.
    let (out, err, code) = nakade(&["gtp", "--lenient", "--db", path], "name\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "= nakade\n\n=\n\n");
}

#[test]
fn completions_and_a_manual_page() {
    for (shell, mark) in [
        ("bash", "complete -F _nakade"),
        ("zsh", "#compdef nakade"),
        ("fish", "complete -c nakade"),
    ] {
        let (out, err, code) = nakade(&["completions", shell], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(mark), "{shell}");
        assert!(out.contains("analyze"), "{shell}");
    }
    let (out, _, code) = nakade(&["man"], "");
    assert_eq!(code, 0);
    assert!(out.contains(".TH nakade 1"), "{out}");
    assert!(out.contains("completions"));
}

#[test]
fn the_licence_files_are_there() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("MIT License\n"));
    let apache = std::fs::read_to_string(root.join("LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"MIT OR Apache-2.0\""));
}

/// The shared library names itself `libnakade.so.0` (where `readelf` is there to tell).
#[cfg(target_os = "linux")]
#[test]
fn the_shared_library_has_a_soname() {
    let exe = std::path::PathBuf::from(env!("CARGO_BIN_EXE_nakade"));
    let dir = exe.parent().unwrap();
    let lib = [dir.join("deps/libnakade.so"), dir.join("libnakade.so")]
        .into_iter()
        .find(|p| p.is_file());
    let Some(lib) = lib else {
        eprintln!("SKIPPED: no libnakade.so beside {}", exe.display());
        return;
    };
    let Ok(out) = std::process::Command::new("readelf")
        .arg("-d")
        .arg(&lib)
        .output()
    else {
        eprintln!("SKIPPED: no readelf");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Library soname: [libnakade.so.0]"),
        "{}: {text}",
        lib.display()
    );
}

/// Issue 34, item 8: an indented `#` says a comment starts in the first column.
#[test]
fn an_indented_comment_says_where_a_comment_starts() {
    let dir = std::env::temp_dir().join(format!("nakade-newcomer-hash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("indented.db");
    std::fs::write(&file, "Pattern 1\n\n  # a comment\n.\n:1111\n").unwrap();
    let (out, err, code) = crate::support::nakade(&["check", file.to_str().unwrap()], "");
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(
        all.contains("a comment indented: '#' starts a comment only in the first column")
            && all.contains(":3:3")
            && all.contains("'#' in the first column (remove the spaces before it)"),
        "{all}"
    );
}

/// Issue 34, item 8: `generate` names each graph it could not write in the dialect.
#[test]
fn generate_names_the_graphs_it_cannot_write_in_the_dialect() {
    let (_, err, code) = crate::support::nakade(&["generate", "--up-to", "4"], "");
    assert_eq!(code, 0, "{err}");
    let summary = err
        .lines()
        .find(|l| l.starts_with("generate --up-to 4:"))
        .unwrap_or_else(|| panic!("{err}"));
    let count: usize = summary
        .split(", ")
        .find_map(|part| part.strip_suffix(" not writable in the dialect"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    let named: Vec<&str> = err
        .lines()
        .filter_map(|l| {
            l.strip_prefix("  not writable in the dialect (written with `# outside:`): ")
        })
        .collect();
    assert_eq!(named.len(), count, "{err}");
    assert!(count > 0, "{err}");
}

/// Issue 34, item 8: `lint` and `verify` agree on the forms no board has. A lone `x` valued
/// 1111: its `X` forms are an attacker stone without a liberty. `lint` says the wildcard could
/// be `.`; `verify` skips those forms (it reported them as disputes) and counts them.
#[test]
fn lint_and_verify_agree_on_forms_no_board_has() {
    let dir = std::env::temp_dir().join(format!("nakade-newcomer-x-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x.db");
    std::fs::write(&file, "Pattern 1\n\nx\n\n:1111\n").unwrap();
    let path = file.to_str().unwrap();
    let (out, err, code) = crate::support::nakade(&["verify", path], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("3 forms solved (0 left to earlier patterns, 3 that cannot occur on a board)")
            && out.contains("disputed: 0 patterns (0 forms)"),
        "{out}"
    );
    let (out, _, code) = crate::support::nakade(&["lint", path], "");
    assert_eq!(code, 1);
    assert!(
        out.contains(":3:1: wildcard: this 'x' could be '.'") && out.contains("solver-value    0"),
        "{out}"
    );
}
