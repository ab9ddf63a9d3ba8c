//! Hostile inputs and faults (issue 35): each test reproduces one defect of the hostile-input
//! run, named by its item, and holds the fix.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;

use crate::support::nakade;

/// A fresh, empty folder of this test's own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nakade-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_nakade"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// `nakade` with `input` written to its standard input from a thread (the output may fill its
/// pipe before the input is all read): (stdout, stderr, exit code).
/// With `baseline`, the batch takes the full path alone (`NAKADE_BATCH_BASELINE=1`).
fn nakade_bytes(args: &[&str], input: Vec<u8>, baseline: bool) -> (String, String, i32) {
    let mut c = bin();
    c.env_remove("NAKADE_BATCH_BASELINE");
    if baseline {
        c.env("NAKADE_BATCH_BASELINE", "1");
    }
    let mut child = c
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The command may stop reading early; what it answered is what is checked.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

const UNFORMATTED: &str = "Pattern 1\n\n  .\n\n:1111\n";

#[test]
fn item_3_a_batch_line_keeps_its_leading_space() {
    // A space is a wall cell: ' <%.(' has its first row shifted one column right.
    let (one, _, code) = nakade(&["match", "--json", " <%.("], "");
    assert_eq!(code, 0);
    assert!(one.contains(r#""value":"0022""#), "{one}");
    for baseline in [false, true] {
        let (batch, _, code) = nakade_bytes(&["match", "--batch"], b" <%.(\n".to_vec(), baseline);
        assert_eq!(code, 0);
        assert_eq!(batch, one, "baseline: {baseline}");
    }
    // A corpus file of `diff` reads its lines as the batch does.
    let dir = scratch("corpus");
    let corpus = dir.join("corpus.txt");
    std::fs::write(&corpus, " <%.(\n").unwrap();
    let (out, err, code) = nakade(
        &[
            "diff",
            "default",
            "solver",
            "--corpus",
            corpus.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn item_7_a_batch_line_longer_than_any_graph_is_answered_and_read_past() {
    // 8 MB of one line without its end, then a graph: the long line gets one error answer, the
    // graph its own, and the long line is never held whole.
    let mut input = vec![b'.'; 8 << 20];
    input.extend_from_slice(b"\n...\n");
    let (out, err, code) = nakade_bytes(&["match", "--batch"], input, false);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        r#"{"graph":"...................................","error":"the line is longer than 16386 bytes; an encoded graph has at most 4096 characters"}"#
    );
    assert!(
        lines[1].starts_with(r#"{"graph":"...","pattern":300022"#),
        "{}",
        lines[1]
    );
    // The same line through the full path alone (and so whichever way a pipe splits it).
    let mut input = vec![b'.'; 20_000];
    input.extend_from_slice(b"\n");
    let (base, _, _) = nakade_bytes(&["match", "--batch"], input.clone(), true);
    let (quick, _, _) = nakade_bytes(&["match", "--batch"], input, false);
    assert_eq!(quick, base);
    assert_eq!(quick.lines().count(), 1);
}

#[test]
fn item_4_the_gtp_time_limit_reaches_eval_eye() {
    // An open 3x3 board: before the fix, `eval_eye` read without the engine's 5 s limit for
    // 28 to 34 s.
    let started = Instant::now();
    let (out, err, code) = nakade(
        &["gtp"],
        "boardsize 3\nplay b b3\nplay w a3\neval_eye b2\nquit\n",
    );
    let elapsed = started.elapsed();
    assert_eq!(code, 0, "{err}");
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 5, "{out}");
    assert!(
        answers[3].starts_with("= ") || answers[3].starts_with("? "),
        "{out}"
    );
    // One space of the board read within 5 s, the others at once; generous for a loaded machine.
    assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
}

#[test]
fn item_5_generate_under_a_limit_fails_and_writes_nothing() {
    let dir = scratch("generate");
    let out = dir.join("g.db");
    let (stdout, err, code) = nakade(
        &[
            "generate",
            "--up-to",
            "4",
            "--node-limit",
            "30",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        err.contains("the search gave up after 31 nodes (node limit)")
            && err.contains("nothing was written"),
        "{err}"
    );
    assert!(!out.exists());
    // Nothing on standard output either, when the file would go there.
    let (stdout, _, code) = nakade(&["generate", "--up-to", "3", "--node-limit", "30"], "");
    assert_eq!(code, 1);
    assert_eq!(stdout, "");
    // Within its limits the run writes the file.
    let (_, err, code) = nakade(
        &["generate", "--up-to", "3", "--out", out.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 unanswered"), "{err}");
}

#[test]
fn item_6_classify_reads_within_a_budget() {
    // Twenty stones in a row have 2^20 fillings to read: before the fix, no answer after 240 s.
    let line = "X".repeat(20);
    let started = Instant::now();
    let (out, err, code) = nakade(&["classify", &line, "--node-limit", "100000"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("life property: yes (theorem), not read (solver)"),
        "{out}"
    );
    assert!(
        out.contains("note: the solver did not read the life property: the search gave up after"),
        "{out}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    let (out, _, code) = nakade(&["classify", &line, "--time-limit", "0.2", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["life_property_solver"], serde_json::Value::Null);
    assert_eq!(v["life_property"], true);
}

#[cfg(unix)]
#[test]
fn item_11_a_link_is_written_through() {
    let dir = scratch("links");
    let real = dir.join("real.db");
    let link = dir.join("link.db");
    std::fs::write(&real, UNFORMATTED).unwrap();
    std::os::unix::fs::symlink("real.db", &link).unwrap();
    let (_, err, code) = nakade(&["fmt", link.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let formatted = std::fs::read_to_string(&real).unwrap();
    assert_ne!(formatted, UNFORMATTED);
    let (_, _, code) = nakade(&["fmt", "--check", real.to_str().unwrap()], "");
    assert_eq!(code, 0);

    // `--svg /dev/stdout` writes to the descriptor the shell opened, not over the link.
    let svg = dir.join("f.svg");
    let status = bin()
        .args([
            "analyze",
            "tests/eval_eye/centre_one.sgf",
            "--svg",
            "/dev/stdout",
        ])
        .stdout(std::fs::File::create(&svg).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("<svg") && text.trim_end().ends_with("</svg>"),
        "{text}"
    );
    assert!(std::fs::symlink_metadata("/dev/stdout")
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn item_12_a_rewritten_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("modes");
    let file = dir.join("private.db");
    std::fs::write(&file, UNFORMATTED).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (_, err, code) = nakade(&["fmt", file.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert_ne!(std::fs::read_to_string(&file).unwrap(), UNFORMATTED);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o600);
    // A compiled database written over a 0640 file stays 0640.
    let out = dir.join("out.ndb");
    std::fs::write(&out, b"old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let (_, err, code) = nakade(
        &[
            "compile",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::metadata(&out).unwrap().permissions().mode() & 0o7777,
        0o640
    );
}

#[cfg(unix)]
#[test]
fn item_16_a_killed_runs_temporary_file_is_removed_by_the_next_run() {
    let dir = scratch("stale");
    let file = dir.join("p.db");
    std::fs::write(&file, UNFORMATTED).unwrap();
    // A process number no process has (above the kernel's largest), and one that lives: this.
    let stale = dir.join(".out.ndb.nakade-4194305.tmp");
    let live = dir.join(format!(".out.ndb.nakade-{}.tmp", std::process::id()));
    let other = dir.join(".other.ndb.nakade-4194305.tmp");
    for f in [&stale, &live, &other] {
        std::fs::write(f, b"half a database").unwrap();
    }
    let out = dir.join("out.ndb");
    let (_, err, code) = nakade(
        &[
            "compile",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!stale.exists(), "the stale temporary file is left");
    assert!(live.exists(), "a live process's file was removed");
    assert!(other.exists(), "another target's file was removed");

    // A run killed while it writes leaves its file; the next run removes it.
    let mut child = bin()
        .args([
            "generate",
            "--up-to",
            "6",
            "--out",
            dir.join("big.db").to_str().unwrap(),
        ])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    child.kill().unwrap();
    child.wait().unwrap();
    let left = dir.join(format!(".big.db.nakade-{pid}.tmp"));
    std::fs::write(&left, b"half").unwrap();
    let (_, err, code) = nakade(
        &[
            "generate",
            "--up-to",
            "1",
            "--out",
            dir.join("big.db").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!left.exists());
}

#[cfg(target_os = "linux")]
#[test]
fn item_14_inputs_are_read_within_a_bound() {
    for (args, limit) in [
        (&["check", "/dev/zero"][..], 268435456),
        (&["analyze", "/dev/zero"][..], 4194304),
        (&["classify", "/dev/zero", "--at", "A1"][..], 4194304),
        (&["fmt", "--check", "/dev/zero"][..], 268435456),
    ] {
        let (out, err, code) = nakade(args, "");
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert_eq!(
            err.trim_end(),
            format!("error: /dev/zero: more than the limit of {limit} bytes"),
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn item_15_a_full_standard_output_is_an_error_not_a_panic() {
    let dir = scratch("full");
    let db = dir.join("p.db");
    std::fs::write(&db, UNFORMATTED).unwrap();
    let db = db.to_str().unwrap();
    for args in [
        &["generate", "--up-to", "2"][..],
        &["shapes", "--up-to", "4"],
        &["check", db],
        &["analyze", "tests/eval_eye/centre_one.sgf"],
        &["solve", "..."],
        &["match", "..."],
        &["verify", db],
        &["diff", "default", "solver", "--up-to", "2"],
        &["classify", "O..%...%O.O"],
        &["inspect", "..."],
    ] {
        let out = bin()
            .args(args)
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn item_17_a_time_limit_below_a_nanosecond_is_a_limit() {
    // The open 4x4 corner reads for seconds; a limit of 1e-12 s stops it at the first clock.
    let (out, err, code) = nakade(
        &[
            "solve",
            "--time-limit",
            "1e-12",
            "|....%|....%|....%|....%+----",
        ],
        "",
    );
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("(time limit;"), "{err}");
}

#[test]
fn item_17_an_empty_one_point_board_is_undecided() {
    // As GNU Go 3.8 answers it: no string rings the point.
    let (out, _, code) = nakade(
        &["gtp"],
        "boardsize 1\nclear_board\nunconditional_status A1\nquit\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "=\n\n=\n\n= undecided\n\n=\n\n");
}

#[test]
fn item_17_conflicting_setup_is_said() {
    let dir = scratch("setup");
    let sgf = dir.join("conflict.sgf");
    std::fs::write(&sgf, "(;SZ[5]AB[aa][bb]\nAW[cc][aa])").unwrap();
    let (_, err, code) = nakade(&["analyze", sgf.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        format!(
            "warning: {}:2:1: AW sets A5, which AB of the same node set already; AW's setting is kept\n",
            sgf.display()
        )
    );
}

#[test]
fn item_17_the_c_abi_refuses_a_disconnected_space_and_reads_any_file_name() {
    use nakade::host::ffi::*;
    use std::ffi::CStr;
    let mut space = std::ptr::null_mut();
    // SAFETY: three points, each array of three; `space` is a valid out pointer.
    let status = unsafe {
        nakade_space_from_points(
            3,
            [0u32, 0, 0].as_ptr(),
            [0u32, 1, 3].as_ptr(),
            [0u8; 3].as_ptr(),
            &mut space,
        )
    };
    assert_eq!(status, NakadeStatus::InvalidArgument);
    assert!(space.is_null());
    // SAFETY: the last error is a NUL-terminated string this thread owns.
    let message = unsafe { CStr::from_ptr(nakade_last_error()) }
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(
        message,
        "point 2 (row 0, column 3) is not joined to point 0 (row 0, column 0); an eye space is connected"
    );

    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("ffi-names");
        let name = std::ffi::OsStr::from_bytes(b"caf\xe9.db");
        let path = dir.join(name);
        std::fs::write(&path, "Pattern 1\n\n.\n\n:1111\n").unwrap();
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        let mut db = std::ptr::null_mut();
        // SAFETY: a NUL-terminated path and a valid out pointer.
        let status = unsafe { nakade_db_open_file(c.as_ptr(), &mut db) };
        assert_eq!(status, NakadeStatus::Ok);
        let mut count = 0usize;
        // SAFETY: a live handle and a valid out pointer.
        assert_eq!(unsafe { nakade_db_len(db, &mut count) }, NakadeStatus::Ok);
        assert_eq!(count, 1);
        // SAFETY: the handle from the call above, freed once.
        unsafe { nakade_db_free(db) };
    }
}

/// Issue 34, item 1 with issue 35, item 14: a file is read once, so a pipe, `-`, `/dev/stdin`
/// and a process substitution give what the file gives.
#[cfg(unix)]
#[test]
fn input_from_a_pipe_is_read_once() {
    let file = "benches/positions/middle_game_1.sgf";
    let (want, err, code) = nakade(&["analyze", file], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    for args in [&["analyze", "-"][..], &["analyze", "/dev/stdin"]] {
        let (got, err, code) = nakade(args, &text);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(got, want, "{args:?}");
    }
    // A named pipe, read once.
    let dir = scratch("fifo");
    let fifo = dir.join("position");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let path = fifo.clone();
        let writer = std::thread::spawn(move || std::fs::write(path, text).unwrap());
        let (got, err, code) = nakade(&["analyze", fifo.to_str().unwrap()], "");
        writer.join().unwrap();
        assert_eq!(code, 0, "{err}");
        assert_eq!(got, want);
    }
    // A pattern file from standard input.
    let (out, err, code) = nakade(&["check", "-"], UNFORMATTED);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<stdin>: 1 pattern"), "{out}");
    let (out, err, code) = nakade(&["fmt", "-"], UNFORMATTED);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Pattern 1\n\n.\n\n:1111\n");
}

/// Item 8: `generate --up-to 7` holds about 1.3 GB at its peak. Under a 1 GB limit on its
/// address space it aborted (SIGABRT, an allocation failed); it is refused at once, with an
/// error and exit code 1, and writes nothing.
#[cfg(unix)]
#[test]
fn item_8_generate_under_a_memory_limit_is_an_error_not_an_abort() {
    let dir = scratch("generate-memory");
    let out = dir.join("g.db");
    let started = Instant::now();
    let run = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1048576 && exec '{}' generate --up-to 7 --out '{}'",
            env!("CARGO_BIN_EXE_nakade"),
            out.display()
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(
        err.contains("generate --up-to 7 needs about")
            && err.contains("this process may use 1024 MiB")
            && err.contains("nothing was written"),
        "{err}"
    );
    assert!(!out.exists());
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Issue 35, item 13: `catalogue` built the whole page in memory (1.6 GB for a 1.5 GB page).
/// The default database on one page (about 300 MB, `--per-page` past its pattern count) is
/// written within a 200 MB address space: the page is streamed to the file.
#[test]
fn item_13_the_catalogue_streams_its_page() {
    let dir = scratch("catalogue-stream");
    let out = dir.join("all.html");
    let run = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 204800 && exec '{}' catalogue patterns/default.db --per-page 1000000 --html '{}'",
            env!("CARGO_BIN_EXE_nakade"),
            out.display()
        ))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let size = std::fs::metadata(&out).unwrap().len();
    assert!(size > 250 << 20, "{size} bytes: one page of every pattern");
    let _ = std::fs::remove_dir_all(&dir);
}
