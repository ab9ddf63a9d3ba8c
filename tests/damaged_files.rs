//! Issue 35 items 2 and 10, issue 34 item 11: the two binary formats, the compiled database
//! (`.ndb`) and the solved shape library (`.nksl`), refuse damage. One flipped byte or a cut,
//! in the header, the index or the body, is an error that says what is wrong (and, from the
//! command line or the C ABI, names the file); never a panic, an abort, an allocation the file
//! does not justify, or a file that loads and answers differently.
//!
//! Before the checksum, flipping each byte of the small `.ndb` below with `0xff` left 123 of its
//! 480 variants loading without error; of the 1,397 variants of the size-3 library, 1,213
//! loaded and 35 crashed every reader (byte 15 made it allocate 102 GB).

use std::path::PathBuf;
use std::sync::OnceLock;

use proptest::prelude::*;

use nakade::evaluation::db::Database;
use nakade::evaluation::library::Library;
use nakade::tools::library_build::build;

use crate::support::{nakade, shared_file, Rng};

/// A folder in the temporary directory, unique to this process and name; removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("nakade-damage-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// Write `bytes` to the file `name` in the folder; its path.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.path(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// The small pattern file of the `.ndb` tests: three patterns, edge requirements and
/// automorphisms among them.
const SMALL_DB: &str = include_str!("old_formats/small.db");

/// Header lengths in bytes: `NKDB`, version, checksum, five counts and a reserved word;
/// `NKSL`, version, checksum, sizes, shard, placement and block counts.
const NDB_HEADER: usize = 40;
const NKSL_HEADER: usize = 28;

/// `SMALL_DB` compiled by `nakade compile` in a temporary folder (once).
fn small_ndb() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = TempDir::new("compile");
        let src = dir.file("small.db", SMALL_DB.as_bytes());
        let out = dir.path("small.ndb");
        let (_, err, code) = nakade(&["compile", &src, "--out", &out], "");
        assert_eq!(code, 0, "{err}");
        std::fs::read(&out).unwrap()
    })
}

/// The library of shapes up to 3 cells (once).
fn small_nksl() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| build(3, (1, 1), false).unwrap())
}

fn word(bytes: &[u8], i: usize) -> usize {
    bytes
        .get(4 * i..4 * i + 4)
        .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize)
}

/// The byte positions of a `.ndb`: header; index (patterns, buckets, key table); records.
fn ndb_classes(bytes: &[u8]) -> [Vec<usize>; 3] {
    let (patterns, buckets, table) = (word(bytes, 4), word(bytes, 6), word(bytes, 7));
    let records = (4 * (10 + 4 * patterns + 2 * buckets + 2 * table)).min(bytes.len());
    [
        (0..NDB_HEADER).collect(),
        (NDB_HEADER..records).collect(),
        (records..bytes.len()).collect(),
    ]
}

/// The byte positions of a `.nksl`: header; block heads (placement and length); block bodies.
fn nksl_classes(bytes: &[u8]) -> [Vec<usize>; 3] {
    let (mut heads, mut bodies) = (Vec::new(), Vec::new());
    let mut at = NKSL_HEADER;
    while at + 8 <= bytes.len() {
        heads.extend(at..at + 8);
        let len = word(&bytes[at + 4..], 0);
        let end = (at + 8 + len).min(bytes.len());
        bodies.extend(at + 8..end);
        at = end;
    }
    [(0..NKSL_HEADER).collect(), heads, bodies]
}

/// What loading `.ndb` bytes gives: `Ok` or the error's text.
fn load_ndb(bytes: &[u8]) -> Result<(), String> {
    Database::from_bytes("small.ndb", bytes)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// What loading `.nksl` bytes gives: `Ok` or the error's text.
fn load_nksl(bytes: &[u8]) -> Result<(), String> {
    Library::from_bytes(bytes.to_vec())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

const CHECKSUM: &str = "checksum mismatch: the file is damaged or truncated (expected ";

/// The start of the error a `.ndb` with byte `at` changed must give.
fn ndb_flip_error(at: usize) -> &'static str {
    match at {
        0..4 => "not a nakade compiled database",
        4..8 => "compiled database of format version ",
        _ => CHECKSUM,
    }
}

/// The start of the error a `.nksl` with byte `at` changed must give.
fn nksl_flip_error(at: usize) -> &'static str {
    match at {
        0..4 => "not a shape library",
        4..6 => "library format version ",
        _ => CHECKSUM,
    }
}

/// The start of the error a file cut to `len` bytes must give.
fn cut_error(len: usize, header: usize, magic: &'static str) -> &'static str {
    if len < 4 {
        magic
    } else if len < header {
        "truncated"
    } else {
        CHECKSUM
    }
}

/// Every refusal the loader must give for `bytes` with byte `at` xored with `mask`, as a
/// failure message (`None`: refused as it must be).
fn flip_refused(
    original: &[u8],
    at: usize,
    mask: u8,
    load: fn(&[u8]) -> Result<(), String>,
    want: fn(usize) -> &'static str,
) -> Option<String> {
    let mut bad = original.to_vec();
    bad[at] ^= mask;
    match load(&bad) {
        // Only the same bytes may load: a change must be refused.
        Ok(()) if bad == original => None,
        Ok(()) => Some(format!("byte {at} ^ {mask:#04x}: loaded")),
        Err(e) if e.starts_with(want(at)) => None,
        Err(e) => Some(format!(
            "byte {at} ^ {mask:#04x}: {e:?}, not {:?}",
            want(at)
        )),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn a_flipped_byte_of_a_compiled_database_is_refused(
        class in 0usize..3,
        pick in any::<prop::sample::Index>(),
        mask in 1u8..=255,
    ) {
        let bytes = small_ndb();
        let classes = ndb_classes(bytes);
        prop_assume!(!classes[class].is_empty());
        let at = *pick.get(&classes[class]);
        let failure = flip_refused(bytes, at, mask, load_ndb, ndb_flip_error);
        prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    }

    #[test]
    fn a_flipped_byte_of_a_shape_library_is_refused(
        class in 0usize..3,
        pick in any::<prop::sample::Index>(),
        mask in 1u8..=255,
    ) {
        let bytes = small_nksl();
        let classes = nksl_classes(bytes);
        prop_assume!(!classes[class].is_empty());
        let at = *pick.get(&classes[class]);
        let failure = flip_refused(bytes, at, mask, load_nksl, nksl_flip_error);
        prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    }

    #[test]
    fn a_cut_compiled_database_or_shape_library_is_refused(
        ndb_cut in any::<prop::sample::Index>(),
        nksl_cut in any::<prop::sample::Index>(),
    ) {
        let ndb = small_ndb();
        let len = ndb_cut.index(ndb.len());
        let e = load_ndb(&ndb[..len]).err().unwrap_or_default();
        prop_assert!(
            e.starts_with(cut_error(len, NDB_HEADER, "not a nakade compiled database")),
            ".ndb cut to {len}: {e:?}"
        );
        let nksl = small_nksl();
        let len = nksl_cut.index(nksl.len());
        let e = load_nksl(&nksl[..len]).err().unwrap_or_default();
        prop_assert!(
            e.starts_with(cut_error(len, NKSL_HEADER, "not a shape library")),
            ".nksl cut to {len}: {e:?}"
        );
    }
}

/// Every byte of each small file flipped with `0xff`, and every cut: all refused.
#[test]
fn every_byte_flipped_with_ff_and_every_cut_is_refused() {
    let mut failures = Vec::new();
    let ndb = small_ndb();
    failures.extend((0..ndb.len()).filter_map(|at| {
        flip_refused(ndb, at, 0xff, load_ndb, ndb_flip_error).map(|f| format!(".ndb {f}"))
    }));
    let nksl = small_nksl();
    failures.extend((0..nksl.len()).filter_map(|at| {
        flip_refused(nksl, at, 0xff, load_nksl, nksl_flip_error).map(|f| format!(".nksl {f}"))
    }));
    for len in 0..ndb.len() {
        let e = load_ndb(&ndb[..len]).err().unwrap_or_default();
        if !e.starts_with(cut_error(len, NDB_HEADER, "not a nakade compiled database")) {
            failures.push(format!(".ndb cut to {len}: {e:?}"));
        }
    }
    for len in 0..nksl.len() {
        let e = load_nksl(&nksl[..len]).err().unwrap_or_default();
        if !e.starts_with(cut_error(len, NKSL_HEADER, "not a shape library")) {
            failures.push(format!(".nksl cut to {len}: {e:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} variants not refused as they must be:\n{}",
        failures.len(),
        2 * (ndb.len() + nksl.len()),
        failures.join("\n")
    );
}

/// GNU Go's eyes.db compiled: before the checksum, 1 random flip in 40 loaded and changed
/// answers. 300 random flips, every one refused.
#[test]
fn random_flips_of_the_compiled_eyes_db_are_refused() {
    let Some(eyes) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let dir = TempDir::new("eyes");
    let out = dir.path("eyes.ndb");
    let (_, err, code) = nakade(&["compile", eyes.to_str().unwrap(), "--out", &out], "");
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    assert!(load_ndb(&bytes).is_ok());
    let mut rng = Rng(0xdead_beef_1234);
    let failures: Vec<String> = (0..300)
        .filter_map(|_| {
            let at = (rng.next() % bytes.len() as u64) as usize;
            let mask = (rng.next() % 255) as u8 + 1;
            flip_refused(&bytes, at, mask, load_ndb, ndb_flip_error)
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The reported crash: byte 15 of a size-3 library set to `0xff` made `library stats`,
/// `library lookup` and `analyze --library` abort allocating 102 GB (it was the top byte of
/// the placement count then; it is inside the checksum now). Both that byte and the top byte
/// of the placement count where it lies now: refused, naming the file.
#[test]
fn a_library_with_byte_15_set_to_ff_is_refused_by_every_reader() {
    let dir = TempDir::new("byte15");
    let whole = dir.path("whole.nksl");
    let (_, err, code) = nakade(&["library", "build", "--up-to", "3", "--out", &whole], "");
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(&whole).unwrap();
    assert_eq!(good, small_nksl());
    // The placement count is the `u32` at byte 20.
    for at in [15, 23] {
        let mut bad = good.clone();
        bad[at] = 0xff;
        let path = dir.file(&format!("byte{at}.nksl"), &bad);
        for args in [
            vec!["library", "stats", "--library", &path],
            vec!["library", "lookup", "--library", &path, "..."],
            vec![
                "analyze",
                "--library",
                &path,
                "tests/positions/bent_three.sgf",
            ],
            vec!["library", "merge", &path, "--out", "/nonexistent/out.nksl"],
        ] {
            let (out, err, code) = nakade(&args, "");
            assert_eq!((out.as_str(), code), ("", 1), "{args:?}: {err}");
            assert!(
                err.starts_with(&format!("error: {path}: {CHECKSUM}")),
                "{args:?}: {err}"
            );
        }
    }
}

/// `nakade check` said a damaged `.ndb` was fine. Every byte flipped with `0xff`: exit 1,
/// the file named on standard error, nothing on standard output.
#[test]
fn check_of_a_damaged_compiled_database_exits_non_zero_naming_the_file() {
    let dir = TempDir::new("check");
    let bytes = small_ndb();
    let good = dir.file("good.ndb", bytes);
    let (out, err, code) = nakade(&["check", &good], "");
    assert_eq!(
        (out, err.as_str(), code),
        (
            format!("{good}: 3 patterns (compiled)\n  size  3: 2\n  size  4: 1\n"),
            "",
            0
        )
    );
    let path = dir.path("damaged.ndb");
    for at in 0..bytes.len() {
        let mut bad = bytes.to_vec();
        bad[at] ^= 0xff;
        std::fs::write(&path, &bad).unwrap();
        let (out, err, code) = nakade(&["check", &path], "");
        assert_eq!((out.as_str(), code), ("", 1), "byte {at}: {err}");
        assert!(!err.contains("panicked"), "byte {at}: {err}");
        if at < 4 {
            // No `NKDB`: read as a pattern file, which binary is not.
            assert!(err.contains(&format!("--> {path}:")), "byte {at}: {err}");
        } else {
            let want = format!("error: {path}: {}", ndb_flip_error(at));
            assert!(err.starts_with(&want), "byte {at}: {err}");
        }
    }
}

/// Files of the previous formats say which version they are and how to rebuild them.
#[test]
fn an_old_format_says_so_and_how_to_rebuild() {
    let (_, err, code) = nakade(&["check", "tests/old_formats/version2.ndb"], "");
    assert_eq!(
        (err.as_str(), code),
        (
            "error: tests/old_formats/version2.ndb: compiled database of format version 2; \
             this nakade reads version 3: compile the pattern file again (nakade compile FILE \
             --out OUT)\n",
            1
        )
    );
    let (_, err, code) = nakade(
        &[
            "library",
            "stats",
            "--library",
            "tests/old_formats/version1.nksl",
        ],
        "",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "error: tests/old_formats/version1.nksl: library format version 1; this nakade \
             reads version 2: build the library again (nakade library build --up-to N --out \
             FILE)\n",
            1
        )
    );
}

/// The C ABI's `nakade_db_open_file` reads `.ndb` files through the same check.
#[test]
fn the_c_abi_refuses_a_damaged_compiled_database() {
    use nakade::host::ffi::{nakade_db_open_file, nakade_last_error, NakadeStatus};
    use std::ffi::{CStr, CString};
    let dir = TempDir::new("ffi");
    let mut bad = small_ndb().to_vec();
    let last = bad.len() - 1;
    bad[last] ^= 0x01;
    let path = dir.file("damaged.ndb", &bad);
    let c = CString::new(path.as_str()).unwrap();
    let mut db = std::ptr::null_mut();
    // SAFETY: a C string and an out-pointer.
    let status = unsafe { nakade_db_open_file(c.as_ptr(), &mut db) };
    assert_eq!(status, NakadeStatus::Parse);
    assert!(db.is_null());
    // SAFETY: after a failure, a NUL-terminated string owned by this thread.
    let msg = unsafe { CStr::from_ptr(nakade_last_error()) }
        .to_str()
        .unwrap()
        .to_string();
    assert!(msg.starts_with(&format!("{path}: {CHECKSUM}")), "{msg}");
}
