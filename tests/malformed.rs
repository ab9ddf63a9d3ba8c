//! Malformed pattern files: each gives its expected diagnostics (golden files
//! `tests/malformed/NAME.expected`, regenerated with `NAKADE_BLESS=1`) and a non-zero exit.

use std::path::Path;
use std::process::Command;

use pretty_assertions::assert_eq;

fn check_output(rel: &str) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_nakade"))
        .arg("check")
        .arg(rel)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the nakade binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // A signal (a panic that aborts) has no code: count it as a failure of its own.
    (text, out.status.code().unwrap_or(-1))
}

#[test]
fn malformed_files_give_their_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".expected"))
        .collect();
    names.sort();
    assert!(names.len() >= 12, "only {} malformed files", names.len());
    let bless = std::env::var_os("NAKADE_BLESS").is_some();
    let mut failing = 0;
    for name in &names {
        let (text, code) = check_output(&format!("tests/malformed/{name}"));
        let got = format!("{text}exit {code}\n");
        let golden = dir.join(format!("{name}.expected"));
        if bless {
            std::fs::write(&golden, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&golden).unwrap_or_default();
        assert_eq!(want, got, "golden file {}", golden.display());
        assert!(!text.contains("panicked"), "{name}: panic");
        if code != 0 {
            failing += 1;
        }
    }
    // Every file but the one that only warns is refused.
    if !bless {
        assert_eq!(failing, names.len() - 1);
    }
}
