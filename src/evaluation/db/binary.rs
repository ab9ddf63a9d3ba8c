//! A compiled database as bytes: written once (`nakade compile`), embedded, and used in place.
//!
//! The bytes are the database: a lookup reads them directly, so loading builds no hash map.
//! They are little-endian `u32` words (no alignment assumed):
//!
//! 1. a header: magic `NKDB`, format version, the checksum (a `u64`, two words: XXH64 with
//!    seed 0 of every byte after it), pattern count `P`, key count `K`, bucket count `B`, table
//!    size `T` (a power of two above `K`), record area length `R`, and a reserved 0;
//! 2. the patterns, four words each: number, packed value, size, header line;
//! 3. the buckets (vertex count, marginal count and neighbour class, as `u64`), ascending, two
//!    words each: a query whose bucket is absent is answered without canonicalisation;
//! 4. the key table, open addressing with linear probing, two words a slot: the key's hash
//!    ([`key_hash`]) and 1 + the record's offset in the record area (0: empty);
//! 5. the records: key length, key words, candidate count, automorphism count, then each
//!    candidate (pattern index, edge flag, attack and defence positions, and the edge
//!    requirements four to a word when flagged), then each automorphism, four bytes a word.
//!
//! Loading checks the checksum first: a damaged or cut file is refused before any of it is
//! used. Then, against a file whose checksum was forged, it checks every count, index and
//! length against the data and the engine's limits, and that each record is found by probing
//! the table, refusing with an error naming the word where it went wrong. The lookups
//! themselves read through bounds-checked accessors, so even unchecked bytes could not make
//! them panic.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use super::{Database, Layout, Slot};
use crate::evaluation::checksum::xxh64;
use crate::pattern::graph::canon::MAX_VERTICES;
use crate::value::EyeValue;

const MAGIC: u32 = u32::from_le_bytes(*b"NKDB");
/// The format version this build reads and writes. Version 1 was a serialised hash map, rebuilt
/// at every start; version 2 the same layout as 3 without the checksum.
pub(super) const VERSION: u32 = 3;
/// Header length in words.
pub(super) const HEADER: usize = 10;
/// The checksum's two words: it covers every byte after them.
const CHECKSUM_AT: usize = 2;
const CHECKED_FROM: usize = 4 * (CHECKSUM_AT + 2);

/// Why bytes are not a compiled database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BinaryError {
    /// Not a compiled database at all.
    #[error("not a nakade compiled database")]
    NotADatabase,
    /// A compiled database of another format version.
    #[error("compiled database of format version {found}; this nakade reads version {VERSION}: compile the pattern file again (nakade compile FILE --out OUT)")]
    Version {
        /// The version the file says.
        found: u32,
    },
    /// Shorter than the header.
    #[error("truncated: {length} bytes, shorter than the {}-byte header", 4 * HEADER)]
    Truncated {
        /// The length of the data.
        length: usize,
    },
    /// The checksum does not match the data.
    #[error("checksum mismatch: the file is damaged or truncated (expected {expected:016x}, found {found:016x})")]
    Checksum {
        /// The checksum the header holds.
        expected: u64,
        /// The checksum of the data.
        found: u64,
    },
    /// The data holds an impossible value (under a matching checksum: a forged file, or a
    /// writer's defect).
    #[error("damaged compiled database at word {word}: {what}")]
    Damaged {
        /// Index of the offending word.
        word: usize,
        /// What was wrong.
        what: &'static str,
    },
}

/// The word at index `i` of `bytes`, 0 past the end (a lookup over checked bytes never gets
/// there; over unchecked ones it reads zeros instead of panicking).
#[inline(always)]
pub(super) fn word(bytes: &[u8], i: usize) -> u32 {
    match bytes.get(4 * i..4 * i + 4) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => 0,
    }
}

/// Byte `k` of the little-endian packing starting at word `at`.
#[inline(always)]
pub(super) fn packed_byte(bytes: &[u8], at: usize, k: usize) -> u8 {
    bytes.get(4 * at + k).copied().unwrap_or(0)
}

/// The hash of a key's words, part of the format: the table is laid out by it.
#[inline]
pub(super) fn key_hash(words: &[u32]) -> u32 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3;
    for &w in words {
        h = (h ^ u64::from(w)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    (h >> 32) as u32
}

fn pack(bytes: &[u8], out: &mut Vec<u32>) {
    for chunk in bytes.chunks(4) {
        let mut w = [0u8; 4];
        w[..chunk.len()].copy_from_slice(chunk);
        out.push(u32::from_le_bytes(w));
    }
}

/// The bytes of a database being compiled: patterns and buckets of keys, laid out flat.
pub(super) fn write(
    patterns: &[super::Entry],
    buckets: &FxHashMap<u64, FxHashMap<Box<[u32]>, Slot>>,
) -> Vec<u8> {
    let mut keys: Vec<(&Box<[u32]>, &Slot)> = buckets.values().flat_map(|b| b.iter()).collect();
    keys.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut bucket_list: Vec<u64> = buckets.keys().copied().collect();
    bucket_list.sort_unstable();
    let table_size = (2 * keys.len() + 1).next_power_of_two();
    let mut table = vec![0u32; 2 * table_size];
    let mut records: Vec<u32> = Vec::new();
    for (key, slot) in &keys {
        let offset = records.len() as u32;
        let n = key[0] as usize;
        records.push(key.len() as u32);
        records.extend(key.iter());
        records.push(slot.candidates.len() as u32);
        records.push(slot.automorphisms.len() as u32);
        for c in &slot.candidates {
            records.extend([c.pattern, c.edge.is_some() as u32, c.attack, c.defense]);
            if let Some(e) = &c.edge {
                pack(e, &mut records);
            }
        }
        for a in &slot.automorphisms {
            pack(&a[..n], &mut records);
        }
        let h = key_hash(key);
        let mut i = h as usize & (table_size - 1);
        while table[2 * i + 1] != 0 {
            i = (i + 1) & (table_size - 1);
        }
        table[2 * i] = h;
        table[2 * i + 1] = offset + 1;
    }
    let mut w: Vec<u32> = vec![
        MAGIC,
        VERSION,
        0,
        0,
        patterns.len() as u32,
        keys.len() as u32,
        bucket_list.len() as u32,
        table_size as u32,
        records.len() as u32,
        0,
    ];
    for p in patterns {
        let v = p.value;
        w.extend([
            p.number,
            u32::from_le_bytes([v.a, v.b, v.c, v.d]),
            p.size as u32,
            p.line as u32,
        ]);
    }
    for b in bucket_list {
        w.extend([b as u32, (b >> 32) as u32]);
    }
    w.extend(table);
    w.extend(records);
    let mut bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
    seal(&mut bytes);
    bytes
}

/// Write the checksum of `bytes` (a whole header at least) into its header.
pub(super) fn seal(bytes: &mut [u8]) {
    let sum = xxh64(&bytes[CHECKED_FROM..]);
    bytes[4 * CHECKSUM_AT..CHECKED_FROM].copy_from_slice(&sum.to_le_bytes());
}

impl Database {
    /// The database as bytes, deterministic for a given database: the compiled form itself.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.data.to_vec()
    }

    /// True when `bytes` start with the compiled form's magic (`NKDB`): a reader of database
    /// files tells a compiled database from a pattern file by it (a pattern file is text and
    /// cannot start so: `N` would open a junk line). The rest is checked by [`Database::from_bytes`].
    ///
    /// ```
    /// use nakade::evaluation::db::{default_database, Database};
    /// assert!(Database::is_compiled(&default_database().to_bytes()));
    /// assert!(!Database::is_compiled(b"Pattern 1\n\n.\n\n:2222\n"));
    /// ```
    pub fn is_compiled(bytes: &[u8]) -> bool {
        bytes.len() >= 4 && word(bytes, 0) == MAGIC
    }

    /// A database from bytes written by [`Database::to_bytes`], checked throughout (the
    /// checksum first: a damaged or cut file is [`BinaryError::Checksum`]), then used as they
    /// are.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Database, BinaryError> {
        Database::from_data(name, Cow::Owned(bytes.to_vec()))
    }

    /// [`Database::from_bytes`] over bytes that live as long as the program (embedded ones):
    /// nothing is copied.
    pub fn from_static_bytes(name: &str, bytes: &'static [u8]) -> Result<Database, BinaryError> {
        Database::from_data(name, Cow::Borrowed(bytes))
    }

    /// The embedded default database: its header checked, its body trusted, its checksum not
    /// computed: it is part of the binary, not a file read at run time, and hashing all of it
    /// would be a noticeable part of the start-up time (`docs/MEASUREMENTS.md`). The body is
    /// the compiled text, which the test
    /// `compiled_default_is_the_compiled_text` checks byte for byte and
    /// `the_embedded_bytes_pass_every_check` word by word, checksum included; and a lookup
    /// reads through bounds-checked accessors whatever the bytes hold.
    pub(super) fn embedded(name: &str, data: &'static [u8]) -> Result<Database, BinaryError> {
        Ok(Database {
            name: name.to_string(),
            data: Cow::Borrowed(data),
            layout: header(data)?,
            entries: std::sync::OnceLock::new(),
            bucket_filter: std::sync::OnceLock::new(),
        })
    }

    pub(super) fn from_data(name: &str, data: Cow<'static, [u8]>) -> Result<Database, BinaryError> {
        verify(&data)?;
        let layout = check(&data)?;
        Ok(Database {
            name: name.to_string(),
            data,
            layout,
            entries: std::sync::OnceLock::new(),
            bucket_filter: std::sync::OnceLock::new(),
        })
    }
}

/// Magic, version, a whole header, then the checksum over everything after it: what passes
/// is the file as it was written (or a forgery, which the other checks meet).
fn verify(bytes: &[u8]) -> Result<(), BinaryError> {
    magic_and_version(bytes)?;
    let expected =
        u64::from(word(bytes, CHECKSUM_AT)) | u64::from(word(bytes, CHECKSUM_AT + 1)) << 32;
    let found = xxh64(&bytes[CHECKED_FROM..]);
    if expected != found {
        return Err(BinaryError::Checksum { expected, found });
    }
    Ok(())
}

/// Magic, version and a whole header.
fn magic_and_version(bytes: &[u8]) -> Result<(), BinaryError> {
    if bytes.len() < 4 || word(bytes, 0) != MAGIC {
        return Err(BinaryError::NotADatabase);
    }
    if bytes.len() < 8 {
        return Err(BinaryError::Truncated {
            length: bytes.len(),
        });
    }
    if word(bytes, 1) != VERSION {
        return Err(BinaryError::Version {
            found: word(bytes, 1),
        });
    }
    if bytes.len() < 4 * HEADER {
        return Err(BinaryError::Truncated {
            length: bytes.len(),
        });
    }
    Ok(())
}

/// The header checked: magic, version, counts within limits, sections that add up to the
/// length. The section offsets.
fn header(bytes: &[u8]) -> Result<Layout, BinaryError> {
    magic_and_version(bytes)?;
    let total = bytes.len() / 4;
    let damaged = |word: usize, what: &'static str| BinaryError::Damaged { word, what };
    if bytes.len() % 4 != 0 {
        return Err(damaged(total, "a length that is not whole words"));
    }
    if word(bytes, 9) != 0 {
        return Err(damaged(9, "a reserved word other than 0"));
    }
    let count = |i: usize, limit: usize, what| {
        let n = word(bytes, i) as usize;
        if n > limit {
            Err(damaged(i, what))
        } else {
            Ok(n)
        }
    };
    let patterns = count(4, 1 << 24, "pattern count")?;
    let keys = count(5, 1 << 24, "key count")?;
    let buckets = count(6, 1 << 24, "bucket count")?;
    let table = count(7, 1 << 26, "table size")?;
    if !table.is_power_of_two() || table <= keys {
        return Err(damaged(
            7,
            "a table size that is not a power of two above the key count",
        ));
    }
    let record_len = count(8, 1 << 28, "record area length")?;
    let layout = Layout {
        patterns_at: HEADER,
        patterns,
        keys,
        buckets_at: HEADER + 4 * patterns,
        buckets,
        table_at: HEADER + 4 * patterns + 2 * buckets,
        table_mask: table - 1,
        records_at: HEADER + 4 * patterns + 2 * buckets + 2 * table,
    };
    let end = layout.records_at + record_len;
    if end > total {
        return Err(damaged(
            total,
            "data ending before the sections the header lists",
        ));
    }
    if end < total {
        return Err(damaged(end, "data after the end"));
    }
    Ok(layout)
}

/// Every word of `bytes` checked; the section offsets.
fn check(bytes: &[u8]) -> Result<Layout, BinaryError> {
    let layout = header(bytes)?;
    let damaged = |word: usize, what: &'static str| BinaryError::Damaged { word, what };
    let count = |i: usize, limit: usize, what| {
        let n = word(bytes, i) as usize;
        if n > limit {
            Err(damaged(i, what))
        } else {
            Ok(n)
        }
    };
    let (patterns, keys, buckets) = (layout.patterns, layout.keys, layout.buckets);
    let table = layout.table_mask + 1;
    let end = bytes.len() / 4;
    for p in 0..patterns {
        let at = layout.patterns_at + 4 * p;
        let [a, b, c, d] = word(bytes, at + 1).to_le_bytes();
        if EyeValue::new(a, b, c, d).is_none() {
            return Err(damaged(at + 1, "an eye value digit above 2"));
        }
        count(at + 2, MAX_VERTICES, "pattern size")?;
    }
    for b in 1..buckets {
        if layout.bucket(bytes, b - 1) >= layout.bucket(bytes, b) {
            return Err(damaged(layout.buckets_at + 2 * b, "buckets out of order"));
        }
    }
    let filled = (0..table)
        .filter(|&i| word(bytes, layout.table_at + 2 * i + 1) != 0)
        .count();
    if filled != keys {
        return Err(damaged(
            layout.table_at,
            "a key table that does not hold every key",
        ));
    }
    let mut at = layout.records_at;
    for _ in 0..keys {
        at = check_record(bytes, &layout, at, end)?;
    }
    if at != end {
        return Err(damaged(at, "data after the last record"));
    }
    Ok(layout)
}

/// Check the record at word `at`; the word after it.
fn check_record(
    bytes: &[u8],
    layout: &Layout,
    at: usize,
    end: usize,
) -> Result<usize, BinaryError> {
    let damaged = |word: usize, what: &'static str| BinaryError::Damaged { word, what };
    let start = at;
    let len = word(bytes, at) as usize;
    if len == 0 || len > 2 * MAX_VERTICES + 1 || at + 1 + len > end {
        return Err(damaged(at, "key length"));
    }
    let n = word(bytes, at + 1) as usize;
    if n > MAX_VERTICES || len != 1 + n.div_ceil(4) + n {
        return Err(damaged(at + 1, "a key of the wrong length"));
    }
    let key: Vec<u32> = (0..len).map(|k| word(bytes, at + 1 + k)).collect();
    let mut at = at + 1 + len;
    if at + 2 > end {
        return Err(damaged(at, "candidate count"));
    }
    let candidates = word(bytes, at) as usize;
    let automorphisms = word(bytes, at + 1) as usize;
    if candidates > 1 << 16 {
        return Err(damaged(at, "candidate count"));
    }
    if automorphisms > 1 << 20 {
        return Err(damaged(at + 1, "automorphism count"));
    }
    at += 2;
    let packed = n.div_ceil(4);
    let mut any_edge = false;
    for _ in 0..candidates {
        if at + 4 > end {
            return Err(damaged(at, "candidate"));
        }
        if word(bytes, at) as usize >= layout.patterns {
            return Err(damaged(at, "a candidate naming no pattern"));
        }
        match word(bytes, at + 1) {
            0 => at += 4,
            1 => {
                any_edge = true;
                at += 4;
                if at + packed > end {
                    return Err(damaged(at, "edge requirements"));
                }
                if (0..n).any(|k| packed_byte(bytes, at, k) > 2) {
                    return Err(damaged(at, "an edge requirement above 2"));
                }
                at += packed;
            }
            _ => return Err(damaged(at + 1, "a candidate flag other than 0 or 1")),
        }
    }
    if any_edge && automorphisms == 0 {
        return Err(damaged(at, "edge requirements without automorphisms"));
    }
    for _ in 0..automorphisms {
        if at + packed > end {
            return Err(damaged(at, "automorphism"));
        }
        let mut seen = 0u64;
        for k in 0..n {
            let p = packed_byte(bytes, at, k) as usize;
            if p >= n || seen >> p & 1 == 1 {
                return Err(damaged(at, "an automorphism that is not a permutation"));
            }
            seen |= 1 << p;
        }
        at += packed;
    }
    if layout.probe(bytes, &key) != Some(start - layout.records_at) {
        return Err(damaged(start, "a record the key table does not lead to"));
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::db::default_database;

    fn small() -> Vec<u8> {
        let file = crate::pattern::dsl::parse(
            "t.db",
            b"Pattern 1\n\n|.\n|.*.\n+---\n\n:1122\n\nPattern 2\n\nx*x\n\n:1122\n",
        )
        .unwrap();
        let (db, _) = Database::compile(&file).unwrap();
        db.to_bytes()
    }

    #[test]
    fn round_trip_and_damage() {
        let bytes = small();
        let back = Database::from_bytes("t", &bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        // Every truncation and every flipped byte is refused (`tests/damaged_files.rs` says
        // with which error).
        for cut in 0..bytes.len() {
            assert!(
                Database::from_bytes("t", &bytes[..cut]).is_err(),
                "cut {cut}"
            );
        }
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0xff;
            assert!(Database::from_bytes("t", &bad).is_err(), "byte {i}");
        }
        assert_eq!(
            Database::from_bytes("t", b"NKDB").err(),
            Some(BinaryError::Truncated { length: 4 })
        );
        assert_eq!(
            Database::from_bytes("t", b"NKDBxxxx").err(),
            Some(BinaryError::Version {
                found: u32::from_le_bytes(*b"xxxx")
            })
        );
    }

    /// A file whose checksum was forged after the damage (recomputed over the damaged bytes):
    /// every flipped byte and every cut is refused by the other checks or read back as some
    /// database that answers without panicking.
    #[test]
    fn a_forged_checksum_still_cannot_make_a_lookup_panic() {
        let bytes = small();
        let space = crate::pattern::graph::EyeGraph::from_diagram(
            &crate::pattern::encoded::parse_graph("X*X").unwrap(),
        )
        .unwrap();
        let mut loaded = 0;
        for i in CHECKED_FROM..bytes.len() {
            for mask in [0x01, 0x80, 0xff] {
                let mut bad = bytes.clone();
                bad[i] ^= mask;
                seal(&mut bad);
                if let Ok(db) = Database::from_bytes("t", &bad) {
                    let _ = db.lookup(&space);
                    let _ = db.patterns().len();
                    loaded += 1;
                }
            }
        }
        // Some changes leave a sound database (a pattern's number or line, say).
        assert!(loaded > 0);
        for cut in 4 * HEADER..bytes.len() {
            let mut bad = bytes[..cut].to_vec();
            seal(&mut bad);
            assert!(Database::from_bytes("t", &bad).is_err(), "cut {cut}");
        }
    }

    #[test]
    fn a_changed_byte_is_a_checksum_mismatch() {
        let mut bytes = small();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x10;
        let e = Database::from_bytes("t", &bytes).unwrap_err();
        let BinaryError::Checksum { expected, found } = e else {
            panic!("{e:?}")
        };
        assert_ne!(expected, found);
        assert_eq!(
            e.to_string(),
            format!(
                "checksum mismatch: the file is damaged or truncated (expected {expected:016x}, \
                 found {found:016x})"
            )
        );
    }

    #[test]
    fn an_old_version_is_named() {
        let mut bytes = small();
        bytes[4..8].copy_from_slice(&1u32.to_le_bytes());
        let e = Database::from_bytes("t", &bytes).unwrap_err();
        assert_eq!(e, BinaryError::Version { found: 1 });
        assert_eq!(
            e.to_string(),
            "compiled database of format version 1; this nakade reads version 3: compile the \
             pattern file again (nakade compile FILE --out OUT)"
        );
    }

    #[test]
    fn a_record_the_table_does_not_reach_is_refused() {
        let bytes = small();
        let mut bad = bytes.clone();
        // The first record's first key word (its vertex count) changed: the key no longer
        // hashes to where the table files it.
        let records_at = 4
            * (HEADER
                + 4 * word(&bytes, 4) as usize
                + 2 * word(&bytes, 6) as usize
                + 2 * word(&bytes, 7) as usize);
        bad[records_at + 8] ^= 0x01;
        seal(&mut bad);
        assert!(matches!(
            Database::from_bytes("t", &bad),
            Err(BinaryError::Damaged { .. })
        ));
    }

    #[test]
    fn the_embedded_bytes_pass_every_check() {
        let bytes = default_database().to_bytes();
        assert_eq!(verify(&bytes), Ok(()));
        assert!(check(&bytes).is_ok());
        // The embedded database is read in place, not copied.
        assert_eq!(default_database().to_bytes().len(), bytes.len());
    }

    #[test]
    fn the_default_database_round_trips() {
        let db = default_database();
        let bytes = db.to_bytes();
        assert_eq!(Database::from_bytes("x", &bytes).unwrap().to_bytes(), bytes);
    }
}
