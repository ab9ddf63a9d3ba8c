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
