//! The source tree keeps the shape of the design (`docs/ARCHITECTURE.md`): a few folders at the
//! top of `src/`, one per layer; imports that point down only; no two modules of one name.
//!
//! Checked by reading the sources as text: every `crate::LAYER` path in a library file (code,
//! docs and tests alike) must name the file's own layer or one below it, and the former
//! root paths (`crate::db`, `crate::solve`, ...), kept for hosts, are not used inside the crate,
//! so no import can go round the check.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers, lowest first. `board` and `tools` stand side by side: neither uses the other.
/// `host` holds the protocol (`host/gtp`) and the C ABI (`host/ffi`).
fn rank(layer: &str) -> Option<u8> {
    Some(match layer {
        "value" => 0,
        "pattern" => 1,
        "evaluation" => 2,
        "board" | "tools" => 3,
        "host" => 4,
        _ => return None,
    })
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The library's files (the command line, `src/cli`, is the binary on top), with their layer.
fn library_files() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let rel = p.strip_prefix(src()).unwrap().to_path_buf();
            let first = rel.components().next()?.as_os_str().to_str()?.to_string();
            let layer = first.trim_end_matches(".rs").to_string();
            (layer != "cli").then_some((rel, layer))
        })
        .collect()
}

/// The segment after each `crate::` in `text`, with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // e.g. `nakade_crate::`, not ours
            }
            let seg: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((i + 1, seg));
        }
    }
    out
}

#[test]
fn src_has_at_most_eight_entries() {
    let entries: Vec<String> = std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        entries.len() <= 8,
        "src/ has {}: {entries:?}",
        entries.len()
    );
}

#[test]
fn imports_point_down_only() {
    let mut wrong = Vec::new();
    for (rel, layer) in library_files() {
        if layer == "lib" {
            continue; // the crate root declares the layers and re-exports former paths
        }
        let own = rank(&layer).unwrap_or_else(|| panic!("{} is in no layer", rel.display()));
        let text = std::fs::read_to_string(src().join(&rel)).unwrap();
        for (line, seg) in crate_paths(&text) {
            let target = if seg == "EyeValue" { "value" } else { &seg };
            match rank(target) {
                Some(r) if r < own || target == layer => {}
                Some(_) => wrong.push(format!(
                    "src/{}:{line}: the {layer} layer uses crate::{seg}, which is not below it",
                    rel.display()
                )),
                None => wrong.push(format!(
                    "src/{}:{line}: crate::{seg} is no layer (a former root path?); name the layer",
                    rel.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_modules_share_a_name() {
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (rel, _) in library_files() {
        let stem = rel.file_stem().unwrap().to_string_lossy().into_owned();
        let name = match stem.as_str() {
            "lib" => continue,
            // A folder's module is named by the folder.
            "mod" => rel
                .parent()
                .and_then(|p| p.file_name())
                .unwrap()
                .to_string_lossy()
                .into_owned(),
            _ => stem,
        };
        seen.entry(name)
            .or_default()
            .push(rel.display().to_string());
    }
    let shared: Vec<String> = seen
        .into_iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(
        shared.is_empty(),
        "modules sharing a name:\n{}",
        shared.join("\n")
    );
}

#[test]
fn the_scanner_sees_crate_paths() {
    // The check above is only as good as this reading of the text.
    let paths = crate_paths(
        "use crate::board::Board;\n//! [`crate::gtp`] and foo_crate::x, crate::EyeValue",
    );
    assert_eq!(
        paths,
        vec![
            (1, "board".to_string()),
            (2, "gtp".to_string()),
            (2, "EyeValue".to_string())
        ]
    );
}

#[test]
fn former_paths_still_work() {
    // Hosts written against 0.1 compile unchanged (CHANGELOG.md lists the moves).
    use nakade::db::default_database;
    use nakade::encoded::parse_graph;
    use nakade::graph::EyeGraph;
    use nakade::solve::{solve, Params, Space};

    let d = parse_graph(".!").unwrap();
    let m = default_database()
        .lookup(&EyeGraph::from_diagram(&d).unwrap())
        .unwrap();
    let s = solve(&Space::from_diagram(&d).unwrap(), &Params::default()).unwrap();
    assert_eq!(
        (m.value.to_string(), s.value.to_string()),
        ("0011".into(), "0011".into())
    );
    let p = nakade::board::diagram::parse_board("|. X\n|X .\n+---", Some(5)).unwrap();
    assert_eq!(p.board.size(), 5);
    let _: fn() -> nakade::gtp::Engine = nakade::eyegraph::engine;
    fn hook<E: nakade::gtp::EyeEvaluator>() {}
    hook::<nakade::analysis::GtpEvaluator>();
}

#[test]
fn the_two_host_faces_do_not_use_each_other() {
    // `host/gtp` (the protocol) and `host/ffi` (the C ABI) share a layer but not code.
    let mut wrong = Vec::new();
    for (rel, _) in library_files() {
        let text = std::fs::read_to_string(src().join(&rel)).unwrap();
        let (own, other) = if rel.starts_with("host/gtp") {
            ("gtp", "ffi")
        } else if rel.starts_with("host/ffi") {
            ("ffi", "gtp")
        } else {
            continue;
        };
        for (i, line) in text.lines().enumerate() {
            if line.contains(&format!("host::{other}"))
                || line.contains(&format!("super::super::{other}"))
            {
                wrong.push(format!(
                    "src/{}:{}: host/{own} uses host/{other}",
                    rel.display(),
                    i + 1
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The board layer's stages, in the order a position goes through them
/// (`docs/ARCHITECTURE.md`): the board and its inputs, then `strings`, `eyes`, `values`, the
/// `analysis` driver, and `finish` (the final status, which runs the driver). A file's stage is its folder (or, at the top of `src/board/`, the
/// board's own files and `analysis.rs`; `corpus.rs`, the unit tests' loader of
/// `tests/final/`, reads positions only). A file's unit tests (its `mod tests`, at the end)
/// may drive the later stages to check an outcome on a whole position; its code and docs
/// may not name them.
fn board_stage(name: &str) -> Option<u8> {
    Some(match name {
        "position" | "sgf" | "ascii" | "vertex" | "orientation" | "parallel" | "corpus" | "mod" => {
            0
        }
        "strings" => 1,
        "eyes" => 2,
        "values" => 3,
        "analysis" => 4,
        "finish" => 5,
        _ => return None,
    })
}

#[test]
fn board_stages_use_earlier_stages_only() {
    let board = src().join("board");
    let mut files = Vec::new();
    rust_files(&board, &mut files);
    let mut wrong = Vec::new();
    for path in files {
        let rel = path.strip_prefix(&board).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let own = board_stage(first.trim_end_matches(".rs"))
            .unwrap_or_else(|| panic!("src/board/{} is in no stage", rel.display()));
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("mod tests") {
                break;
            }
            let mut rest = line;
            while let Some(at) = rest.find("crate::board::") {
                rest = &rest[at + "crate::board::".len()..];
                let seg: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if seg.is_empty() || seg.starts_with(char::is_uppercase) {
                    continue; // `crate::board::{...}` or a type: the board's own items
                }
                match board_stage(&seg) {
                    Some(s) if s <= own => {}
                    Some(_) => wrong.push(format!(
                        "src/board/{}:{}: uses crate::board::{seg}, a later stage",
                        rel.display(),
                        i + 1
                    )),
                    None => wrong.push(format!(
                        "src/board/{}:{}: crate::board::{seg} is a former path; name the stage",
                        rel.display(),
                        i + 1
                    )),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
