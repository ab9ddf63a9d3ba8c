//! The C ABI (`src/host/ffi`, `include/nakade.h`): the header is what cbindgen generates, the
//! C example builds and prints what `examples/c/expected.txt` says, and the calls keep their
//! contract (status codes for null pointers and bad arguments, vital points on the caller's
//! own indices, handles shared between threads).

use std::ffi::{c_char, CStr, CString};
use std::path::{Path, PathBuf};
use std::ptr::null_mut;

use pretty_assertions::assert_eq;

use nakade::host::ffi::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compare `got` with the file at `path`, or write it when NAKADE_BLESS is set.
fn golden(path: &Path, got: &str) {
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(
        want,
        got,
        "{} is stale (NAKADE_BLESS=1 rewrites it)",
        path.display()
    );
}

/// The `cbindgen` command (`$NAKADE_CBINDGEN`, else `cbindgen` on the path). cbindgen
/// (MPL-2.0) is a tool the test runs, as GNU Go is, not a dependency:
/// `cargo install cbindgen --version 0.29.4 --locked` (`.ci/run` does it).
fn cbindgen() -> Option<String> {
    tool(
        "NAKADE_CBINDGEN",
        "cbindgen",
        "to check include/nakade.h (cargo install cbindgen)",
    )
}

#[test]
fn the_header_is_what_cbindgen_generates() {
    let Some(cmd) = cbindgen() else { return };
    let out = std::process::Command::new(cmd)
        .current_dir(root())
        .args([
            "--config",
            "cbindgen.toml",
            "--quiet",
            "src/host/ffi/mod.rs",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cbindgen failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    golden(
        &root().join("include/nakade.h"),
        &String::from_utf8(out.stdout).unwrap(),
    );
}

/// The C compiler (`$CC`, else `cc`).
fn c_compiler() -> Option<String> {
    tool("CC", "cc", "(a C compiler) to build examples/c")
}

/// The command named by `$var`, else `default`, when it answers `--version`; else `None` with
/// a plain message (a failure under `NAKADE_REQUIRE_EXTERNAL=1`).
fn tool(var: &str, default: &str, why: &str) -> Option<String> {
    let cmd = std::env::var(var).unwrap_or_else(|_| default.to_string());
    let found = std::process::Command::new(&cmd)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(cmd);
    }
    let msg = format!("no {cmd} {why}");
    assert!(
        !crate::support::external_required(),
        "{msg}, and NAKADE_REQUIRE_EXTERNAL=1"
    );
    eprintln!("SKIPPED: {msg}");
    None
}

#[test]
fn the_c_example_builds_and_prints_what_is_expected() {
    let Some(cc) = c_compiler() else { return };
    // The test binary is target/PROFILE/deps/tests-HASH; the static library built with it
    // is beside it (`cargo build` copies it up to target/PROFILE).
    let exe = std::env::current_exe().unwrap();
    let lib = exe.with_file_name("libnakade.a");
    assert!(lib.is_file(), "{} is missing", lib.display());
    let out = std::env::temp_dir().join(format!("nakade-c-example-{}", std::process::id()));
    let status = std::process::Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(root().join("include"))
        .arg(root().join("examples/c/eyes.c"))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{cc} failed on examples/c/eyes.c");
    let run = std::process::Command::new(&out)
        .arg("examples/c/lines.db")
        .current_dir(root())
        .output()
        .unwrap();
    std::fs::remove_file(&out).ok();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    golden(
        &root().join("examples/c/expected.txt"),
        &String::from_utf8(run.stdout).unwrap(),
    );
}

fn last_error() -> String {
    // SAFETY: after a failure, a NUL-terminated string owned by this thread.
    unsafe { CStr::from_ptr(nakade_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

fn encoded(text: &str) -> *mut NakadeSpace {
    let c = CString::new(text).unwrap();
    let mut space = null_mut();
    // SAFETY: a C string and an out-pointer.
    let s = unsafe { nakade_space_from_encoded(c.as_ptr(), &mut space) };
    assert_eq!(s, NakadeStatus::Ok, "{}", last_error());
    space
}

fn points(rows: &[u32], cols: &[u32], labels: &[u8]) -> Result<*mut NakadeSpace, NakadeStatus> {
    let mut space = null_mut();
    // SAFETY: three arrays of `rows.len()` and an out-pointer.
    let s = unsafe {
        nakade_space_from_points(
            rows.len(),
            rows.as_ptr(),
            cols.as_ptr(),
            labels.as_ptr(),
            &mut space,
        )
    };
    if s == NakadeStatus::Ok {
        Ok(space)
    } else {
        assert!(space.is_null());
        Err(s)
    }
}

/// Value, pattern number (-1 for the solver), attack and defence indices of a result; frees it.
fn read(r: *mut NakadeResult) -> (String, i64, Vec<usize>, Vec<usize>) {
    let mut v = NakadeValue {
        a: 9,
        b: 9,
        c: 9,
        d: 9,
    };
    let mut pattern = 0;
    let mut attack = [0usize; NAKADE_MAX_POINTS];
    let mut defense = [0usize; NAKADE_MAX_POINTS];
    let (mut na, mut nd) = (0, 0);
    // SAFETY: a live result and buffers of NAKADE_MAX_POINTS.
    unsafe {
        assert_eq!(nakade_result_value(r, &mut v), NakadeStatus::Ok);
        assert_eq!(nakade_result_pattern(r, &mut pattern), NakadeStatus::Ok);
        let cap = NAKADE_MAX_POINTS;
        assert_eq!(
            nakade_result_attack(r, attack.as_mut_ptr(), cap, &mut na),
            NakadeStatus::Ok
        );
        assert_eq!(
            nakade_result_defense(r, defense.as_mut_ptr(), cap, &mut nd),
            NakadeStatus::Ok
        );
        nakade_result_free(r);
    }
    (
        format!("{}{}{}{}", v.a, v.b, v.c, v.d),
        pattern,
        attack[..na].to_vec(),
        defense[..nd].to_vec(),
    )
}

fn default_db() -> *mut NakadeDb {
    let mut db = null_mut();
    // SAFETY: an out-pointer.
    assert_eq!(unsafe { nakade_db_open_default(&mut db) }, NakadeStatus::Ok);
    db
}

#[test]
fn vital_points_come_back_on_the_callers_own_indices() {
    // The straight three along an edge, given in two orders: the middle point is the vital
    // one, index 1 in the first order and index 0 in the second.
    let db = default_db();
    let one = points(&[0, 0, 0], &[3, 4, 5], &[NAKADE_EDGE; 3]).unwrap();
    let two = points(&[0, 0, 0], &[4, 5, 3], &[NAKADE_EDGE; 3]).unwrap();
    let mut r1 = null_mut();
    let mut r2 = null_mut();
    // SAFETY: live handles and out-pointers.
    unsafe {
        assert_eq!(nakade_db_match(db, one, &mut r1), NakadeStatus::Ok);
        assert_eq!(nakade_db_match(db, two, &mut r2), NakadeStatus::Ok);
    }
    let (v1, p1, a1, d1) = read(r1);
    let (v2, p2, a2, d2) = read(r2);
    assert_eq!(
        (v1.as_str(), &a1[..], &d1[..]),
        ("1122", &[1][..], &[1][..])
    );
    assert_eq!(
        (v2.as_str(), &a2[..], &d2[..]),
        ("1122", &[0][..], &[0][..])
    );
    assert_eq!(p1, p2);
    assert!(p1 > 0);
    // The solver agrees, on the same indices.
    let mut r = null_mut();
    // SAFETY: as above.
    assert_eq!(unsafe { nakade_solve(two, &mut r) }, NakadeStatus::Ok);
    assert_eq!(read(r), ("1122".to_string(), -1, vec![0], vec![0]));
    // Limits a host sets: 0 and 0 are the defaults (the same answer); a node limit or a
    // time limit the reading reaches is `UNSOLVED`, with the limit in the message.
    // SAFETY: as above.
    assert_eq!(
        unsafe { nakade_solve_limited(two, 0, 0, &mut r) },
        NakadeStatus::Ok
    );
    assert_eq!(read(r), ("1122".to_string(), -1, vec![0], vec![0]));
    let corner = encoded("|.....%|.....%|.....%|.....%+-----");
    // SAFETY: as above.
    assert_eq!(
        unsafe { nakade_solve_limited(corner, 1_000, 0, &mut r) },
        NakadeStatus::Unsolved
    );
    assert!(r.is_null());
    assert!(last_error().contains("node limit"), "{}", last_error());
    // SAFETY: as above.
    assert_eq!(
        unsafe { nakade_solve_limited(corner, 0, 50, &mut r) },
        NakadeStatus::Unsolved
    );
    assert!(last_error().contains("time limit"), "{}", last_error());
    // A whole board of three by three: no wall touches the space, which the solver refuses
    // as an invalid argument (not as a search that ran out of its limit).
    let board = encoded("+---+%|...|%|...|%|...|%+---+");
    // SAFETY: as above.
    assert_eq!(
        unsafe { nakade_solve(board, &mut r) },
        NakadeStatus::InvalidArgument
    );
    assert!(r.is_null());
    assert_eq!(
        last_error(),
        "no vertex of the eye space touches its owner's wall: there is no wall whose eyes to read"
    );
    // SAFETY: each handle freed once.
    unsafe {
        nakade_space_free(one);
        nakade_space_free(two);
        nakade_space_free(board);
        nakade_space_free(corner);
        nakade_db_free(db);
    }
}

/// An evaluator with a host's limits: a large open space no pattern matches is `UNSOLVED`
/// within them (the default evaluator reads it, up to 20 M nodes); a small one is read.
#[test]
fn an_evaluator_with_limits_gives_up_within_them() {
    let db = default_db();
    let corner = encoded("|.....%|.....%|.....%|.....%+-----");
    let two = encoded("..");
    let mut r = null_mut();
    // SAFETY: live handles, each freed once.
    unsafe {
        let mut ev = null_mut();
        assert_eq!(nakade_evaluator_new(db, &mut ev), NakadeStatus::Ok);
        assert_eq!(nakade_evaluate(ev, two, &mut r), NakadeStatus::Ok);
        let unlimited = read(r);
        nakade_evaluator_free(ev);
        for (nodes, ms, words) in [(1_000, 0, "node limit"), (0, 50, "time limit")] {
            let mut ev = null_mut();
            assert_eq!(
                nakade_evaluator_new_limited(db, nodes, ms, &mut ev),
                NakadeStatus::Ok
            );
            assert_eq!(nakade_evaluate(ev, corner, &mut r), NakadeStatus::Unsolved);
            assert!(r.is_null());
            assert!(last_error().contains(words), "{}", last_error());
            assert_eq!(nakade_evaluate(ev, two, &mut r), NakadeStatus::Ok);
            assert_eq!(read(r), unlimited);
            nakade_evaluator_free(ev);
        }
        let mut ev = null_mut();
        assert_eq!(
            nakade_evaluator_new_limited(null_mut(), 0, 0, &mut ev),
            NakadeStatus::NullPointer
        );
        assert!(ev.is_null());
        nakade_space_free(corner);
        nakade_space_free(two);
        nakade_db_free(db);
    }
}

#[test]
fn null_pointers_and_bad_arguments_are_status_codes() {
    let db = default_db();
    let space = encoded(".!");
    let mut r = null_mut();
    let mut n = 0usize;
    // SAFETY: every pointer below is null or valid; that is the point of the test.
    unsafe {
        assert_eq!(
            nakade_db_open_default(null_mut()),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `out` is a null pointer");
        assert_eq!(
            nakade_db_open_file(std::ptr::null(), &mut null_mut()),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `path` is a null pointer");
        assert_eq!(
            nakade_db_match(null_mut(), space, &mut r),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `db` is a null pointer");
        assert!(r.is_null());
        assert_eq!(
            nakade_db_match(db, null_mut(), &mut r),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `space` is a null pointer");
        assert_eq!(
            nakade_evaluate(null_mut(), space, &mut r),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `evaluator` is a null pointer");
        assert_eq!(
            nakade_space_len(space, null_mut()),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `count` is a null pointer");
        assert_eq!(
            nakade_space_coordinate(space, 5, &mut 0, &mut 0),
            NakadeStatus::InvalidArgument
        );
        assert_eq!(last_error(), "vertex 5 is not in a space of 2");
        assert_eq!(nakade_space_len(space, &mut n), NakadeStatus::Ok);
        assert_eq!(n, 2);
        // Bad points: null arrays, too many, one coordinate twice, unknown label bits.
        let mut s = null_mut();
        assert_eq!(
            nakade_space_from_points(1, std::ptr::null(), [0].as_ptr(), [0].as_ptr(), &mut s),
            NakadeStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `rows` is a null pointer");
        assert_eq!(
            nakade_space_from_points(
                33,
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null(),
                &mut s
            ),
            NakadeStatus::InvalidArgument
        );
        assert_eq!(last_error(), "33 points; an eye space has at most 32");
    }
    assert_eq!(
        points(&[2, 2], &[1, 1], &[0, 0]),
        Err(NakadeStatus::InvalidArgument)
    );
    assert_eq!(last_error(), "two vertices at row 2, column 1");
    // The centre of a plus labelled a corner: four neighbours and two board edges.
    assert_eq!(
        points(
            &[1, 0, 2, 1, 1],
            &[1, 1, 1, 0, 2],
            &[NAKADE_CORNER, 0, 0, 0, 0]
        ),
        Err(NakadeStatus::InvalidArgument)
    );
    assert_eq!(
        last_error(),
        "point 0 (row 1, column 1) has 4 neighbours in the space and 2 board edges: more than the four sides of a point"
    );
    assert_eq!(
        points(&[0], &[0], &[NAKADE_EDGE | NAKADE_CORNER]),
        Err(NakadeStatus::InvalidArgument)
    );
    assert_eq!(
        last_error(),
        "point 0: label 12 is not an OR of NAKADE_MARGINAL, NAKADE_STONE and one of NAKADE_EDGE, NAKADE_CORNER"
    );
    // A buffer too small is told, with the count needed.
    let mut r = null_mut();
    let mut one = [0usize; 1];
    // SAFETY: live handles, a buffer of one.
    unsafe {
        let wide = encoded("...");
        let ev = {
            let mut ev = null_mut();
            assert_eq!(nakade_evaluator_new(db, &mut ev), NakadeStatus::Ok);
            ev
        };
        assert_eq!(nakade_evaluate(ev, wide, &mut r), NakadeStatus::Ok);
        let mut count = 0;
        assert_eq!(
            nakade_result_attack(r, one.as_mut_ptr(), 0, &mut count),
            NakadeStatus::BufferTooSmall
        );
        assert_eq!(count, 1);
        assert_eq!(
            nakade_result_attack(r, one.as_mut_ptr(), 1, &mut count),
            NakadeStatus::Ok
        );
        assert_eq!(one, [1]);
        nakade_result_free(r);
        nakade_evaluator_free(ev);
        nakade_space_free(wide);
        nakade_space_free(space);
        nakade_db_free(db);
        // Freeing NULL does nothing.
        nakade_space_free(null_mut());
        nakade_result_free(null_mut());
        nakade_evaluator_free(null_mut());
        nakade_db_free(null_mut());
    }
}

#[test]
fn a_pattern_file_with_an_error_names_its_place() {
    let dir = std::env::temp_dir().join(format!("nakade-ffi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.db");
    std::fs::write(&file, "Pattern 1\n\n.?.\n\n:1122\n").unwrap();
    let path = CString::new(file.to_str().unwrap()).unwrap();
    let mut db = null_mut();
    // SAFETY: a C string and an out-pointer.
    let s = unsafe { nakade_db_open_file(path.as_ptr(), &mut db) };
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(s, NakadeStatus::Parse);
    assert!(db.is_null());
    let msg = last_error();
    assert!(msg.contains(&format!("{}:3:2", file.display())), "{msg}");
    // A file that never ends is refused at the limit, not read on into the memory.
    #[cfg(unix)]
    {
        let zero = CString::new("/dev/zero").unwrap();
        // SAFETY: as above.
        let s = unsafe { nakade_db_open_file(zero.as_ptr(), &mut db) };
        assert_eq!(s, NakadeStatus::Io);
        assert!(db.is_null());
        assert_eq!(
            last_error(),
            "/dev/zero: cannot read: more than the limit of 268435456 bytes"
        );
    }
}

#[test]
fn a_database_is_shared_between_threads_and_outlived_by_its_evaluators() {
    let path = CString::new(root().join("examples/c/lines.db").to_str().unwrap()).unwrap();
    let mut db = null_mut();
    // SAFETY: a C string and an out-pointer.
    let s = unsafe { nakade_db_open_file(path.as_ptr(), &mut db) };
    assert_eq!(s, NakadeStatus::Ok, "{}", last_error());
    // Raw pointers are not Send: the address crosses, the contract makes it sound.
    let shared = db as usize;
    let answers: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                let db = shared as *const NakadeDb;
                let space = encoded(".*.");
                let mut ev = null_mut();
                let mut r = null_mut();
                // SAFETY: the database handle lives until every thread is joined.
                unsafe {
                    assert_eq!(nakade_evaluator_new(db, &mut ev), NakadeStatus::Ok);
                    assert_eq!(nakade_evaluate(ev, space, &mut r), NakadeStatus::Ok);
                    nakade_space_free(space);
                }
                (read(r), ev as usize)
            })
        })
        .map(|t| t.join().unwrap())
        .collect();
    // SAFETY: no thread uses it any more.
    unsafe { nakade_db_free(db) };
    for ((answer, ev), _) in answers.iter().zip(0..) {
        assert_eq!(answer, &("1122".to_string(), 1, vec![1], vec![1]));
        // The evaluator still answers with its database handle gone.
        let ev = *ev as *mut NakadeEvaluator;
        let space = encoded(".!");
        let mut r = null_mut();
        // SAFETY: live handles, each freed once.
        unsafe {
            assert_eq!(nakade_evaluate(ev, space, &mut r), NakadeStatus::Ok);
            assert_eq!(read(r), ("0011".to_string(), 2, vec![1], vec![1]));
            nakade_space_free(space);
            nakade_evaluator_free(ev);
        }
    }
}

#[test]
fn the_version_is_the_crates() {
    // SAFETY: a static C string.
    let v = unsafe { CStr::from_ptr(nakade_version() as *const c_char) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

/// `nakade_value_sum`: a group's spaces played out together, with status codes for a digit
/// out of range, too many values whose digits differ, and null pointers.
#[test]
fn the_values_of_several_spaces_add_up_as_a_game() {
    let v = |a, b, c, d| NakadeValue { a, b, c, d };
    let mut sum = v(9, 9, 9, 9);
    // SAFETY: a buffer of `values.len()` values and a value to write.
    unsafe {
        // One and a half eyes and a half eye: miai, two eyes whoever moves first.
        let values = [v(1, 1, 2, 2), v(0, 0, 1, 1)];
        assert_eq!(
            nakade_value_sum(values.as_ptr(), 2, &mut sum),
            NakadeStatus::Ok
        );
        assert_eq!((sum.a, sum.b, sum.c, sum.d), (1, 2, 2, 2));
        assert_eq!(
            nakade_value_sum(std::ptr::null(), 0, &mut sum),
            NakadeStatus::Ok
        );
        assert_eq!((sum.a, sum.b, sum.c, sum.d), (0, 0, 0, 0));
        let bad = [v(1, 1, 2, 2), v(0, 0, 3, 3)];
        assert_eq!(
            nakade_value_sum(bad.as_ptr(), 2, &mut sum),
            NakadeStatus::InvalidArgument
        );
        assert!(last_error().contains("values[1]"), "{}", last_error());
        let many = [v(0, 0, 1, 1); 9];
        assert_eq!(
            nakade_value_sum(many.as_ptr(), 9, &mut sum),
            NakadeStatus::InvalidArgument
        );
        assert_eq!(
            nakade_value_sum(std::ptr::null(), 1, &mut sum),
            NakadeStatus::NullPointer
        );
        assert_eq!(
            nakade_value_sum(values.as_ptr(), 2, null_mut()),
            NakadeStatus::NullPointer
        );
    }
}
