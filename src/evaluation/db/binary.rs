//! A compiled database as bytes: written once (`nakade compile`), embedded, loaded fast.
//!
//! The format is little-endian `u32` words: a header (magic `NKDB`, version), the patterns
//! (number, packed value, size, line), then the buckets in sorted order, each with its keys in
//! sorted order and each key's candidates and automorphisms. Loading checks every count, index
//! and length against the data and the engine's limits: a damaged or hostile file is refused
//! with an error naming the word where it went wrong, never trusted.

use rustc_hash::FxHashMap;

use super::{Candidate, Database, Entry, Slot};
use crate::pattern::graph::canon::MAX_VERTICES;
use crate::value::EyeValue;

const MAGIC: u32 = u32::from_le_bytes(*b"NKDB");
const VERSION: u32 = 1;

/// Why bytes are not a compiled database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BinaryError {
    /// Not a compiled database, or another version.
    #[error("not a nakade compiled database (version {VERSION})")]
    NotADatabase,
    /// The data ends too early or holds an impossible value.
    #[error("damaged compiled database at word {word}: {what}")]
    Damaged {
        /// Index of the offending word.
        word: usize,
        /// What was wrong.
        what: &'static str,
    },
}

fn pack(bytes: &[u8], out: &mut Vec<u32>) {
    for chunk in bytes.chunks(4) {
        let mut w = [0u8; 4];
        w[..chunk.len()].copy_from_slice(chunk);
        out.push(u32::from_le_bytes(w));
    }
}

impl Database {
    /// The database as bytes, deterministic for a given database.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w: Vec<u32> = vec![MAGIC, VERSION, self.patterns.len() as u32];
        for p in &self.patterns {
            let v = p.value;
            w.extend([
                p.number,
                u32::from_le_bytes([v.a, v.b, v.c, v.d]),
                p.size as u32,
                p.line as u32,
            ]);
        }
        let mut buckets: Vec<_> = self.buckets.iter().collect();
        buckets.sort_unstable_by_key(|b| *b.0);
        w.push(buckets.len() as u32);
        for (bucket, slots) in buckets {
            w.extend([*bucket as u32, (*bucket >> 32) as u32, slots.len() as u32]);
            let mut keys: Vec<(&Box<[u32]>, &Slot)> = slots.iter().collect();
            keys.sort_unstable_by(|a, b| a.0.cmp(b.0));
            for (key, slot) in keys {
                let n = key[0] as usize;
                w.push(key.len() as u32);
                w.extend(key.iter());
                w.push(slot.candidates.len() as u32);
                for c in &slot.candidates {
                    w.extend([c.pattern, c.edge.is_some() as u32, c.attack, c.defense]);
                    if let Some(e) = &c.edge {
                        pack(e, &mut w);
                    }
                }
                w.push(slot.automorphisms.len() as u32);
                for a in &slot.automorphisms {
                    pack(&a[..n], &mut w);
                }
            }
        }
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
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
        bytes.len() >= 4 && u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) == MAGIC
    }

    /// A database from bytes written by [`Database::to_bytes`], checked throughout.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Database, BinaryError> {
        if bytes.len() % 4 != 0 || bytes.len() < 12 {
            return Err(BinaryError::NotADatabase);
        }
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if words[0] != MAGIC || words[1] != VERSION {
            return Err(BinaryError::NotADatabase);
        }
        let mut r = Reader {
            words: &words,
            at: 2,
        };
        let count = r.count(1 << 24, "pattern count")?;
        let mut patterns = Vec::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let number = r.word("pattern number")?;
            let [a, b, c, d] = r.word("pattern value")?.to_le_bytes();
            let value = EyeValue::new(a, b, c, d).ok_or(r.damaged("an eye value digit above 2"))?;
            let size = r.count(MAX_VERTICES, "pattern size")?;
            let line = r.word("pattern line")? as usize;
            patterns.push(Entry {
                number,
                value,
                size,
                line,
            });
        }
        let mut buckets = FxHashMap::default();
        for _ in 0..r.count(1 << 24, "bucket count")? {
            let bucket = r.word("bucket")? as u64 | (r.word("bucket")? as u64) << 32;
            let mut slots = FxHashMap::default();
            for _ in 0..r.count(1 << 24, "key count")? {
                let len = r.count(2 * MAX_VERTICES + 1, "key length")?;
                let key: Box<[u32]> = r.take(len, "key")?.into();
                let n = *key.first().ok_or(r.damaged("an empty key"))? as usize;
                if n > MAX_VERTICES || len != 1 + n.div_ceil(4) + n {
                    return Err(r.damaged("a key of the wrong length"));
                }
                let mut candidates = Vec::new();
                for _ in 0..r.count(1 << 16, "candidate count")? {
                    let pattern = r.word("candidate")?;
                    if pattern as usize >= patterns.len() {
                        return Err(r.damaged("a candidate naming no pattern"));
                    }
                    let has_edge = r.word("candidate")?;
                    let (attack, defense) = (r.word("candidate")?, r.word("candidate")?);
                    let edge = match has_edge {
                        0 => None,
                        1 => {
                            let e = r.bytes(n, "edge requirements")?;
                            if e.iter().any(|&x| x > 2) {
                                return Err(r.damaged("an edge requirement above 2"));
                            }
                            Some(e.into_boxed_slice())
                        }
                        _ => return Err(r.damaged("a candidate flag other than 0 or 1")),
                    };
                    candidates.push(Candidate {
                        pattern,
                        edge,
                        attack,
                        defense,
                    });
                }
                let mut automorphisms = Vec::new();
                for _ in 0..r.count(1 << 20, "automorphism count")? {
                    let perm = r.bytes(n, "automorphism")?;
                    let mut seen = 0u32;
                    let mut a = [0u8; MAX_VERTICES];
                    for (i, &p) in perm.iter().enumerate() {
                        if p as usize >= n || seen >> p & 1 == 1 {
                            return Err(r.damaged("an automorphism that is not a permutation"));
                        }
                        seen |= 1 << p;
                        a[i] = p;
                    }
                    automorphisms.push(a);
                }
                if candidates.iter().any(|c| c.edge.is_some()) && automorphisms.is_empty() {
                    return Err(r.damaged("edge requirements without automorphisms"));
                }
                slots.insert(
                    key,
                    Slot {
                        candidates,
                        automorphisms,
                    },
                );
            }
            buckets.insert(bucket, slots);
        }
        if r.at != words.len() {
            return Err(r.damaged("data after the end"));
        }
        Ok(Database {
            name: name.to_string(),
            patterns,
            buckets,
        })
    }
}

struct Reader<'a> {
    words: &'a [u32],
    at: usize,
}

impl Reader<'_> {
    fn damaged(&self, what: &'static str) -> BinaryError {
        BinaryError::Damaged {
            word: self.at,
            what,
        }
    }

    fn word(&mut self, what: &'static str) -> Result<u32, BinaryError> {
        let w = *self.words.get(self.at).ok_or(BinaryError::Damaged {
            word: self.at,
            what,
        })?;
        self.at += 1;
        Ok(w)
    }

    fn count(&mut self, limit: usize, what: &'static str) -> Result<usize, BinaryError> {
        let n = self.word(what)? as usize;
        if n > limit {
            return Err(BinaryError::Damaged {
                word: self.at - 1,
                what,
            });
        }
        Ok(n)
    }

    fn take(&mut self, len: usize, what: &'static str) -> Result<&[u32], BinaryError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.words.len());
        let end = end.ok_or(BinaryError::Damaged {
            word: self.at,
            what,
        })?;
        let s = &self.words[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn bytes(&mut self, n: usize, what: &'static str) -> Result<Vec<u8>, BinaryError> {
        let words = self.take(n.div_ceil(4), what)?;
        Ok(words.iter().flat_map(|w| w.to_le_bytes()).take(n).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::db::default_database;

    #[test]
    fn round_trip_and_damage() {
        let file = crate::pattern::dsl::parse(
            "t.db",
            b"Pattern 1\n\n|.\n|.*.\n+---\n\n:1122\n\nPattern 2\n\nx*x\n\n:1122\n",
        )
        .unwrap();
        let (db, _) = Database::compile(&file).unwrap();
        let bytes = db.to_bytes();
        let back = Database::from_bytes("t", &bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        // Every truncation and every flipped word is refused or read back as some database:
        // never a panic.
        for cut in (0..bytes.len()).step_by(4) {
            assert!(Database::from_bytes("t", &bytes[..cut]).is_err());
        }
        for i in (0..bytes.len()).step_by(4) {
            let mut bad = bytes.clone();
            bad[i] ^= 0xff;
            let _ = Database::from_bytes("t", &bad);
        }
        assert_eq!(
            Database::from_bytes("t", b"NKDB").err(),
            Some(BinaryError::NotADatabase)
        );
    }

    #[test]
    fn the_default_database_round_trips() {
        let db = default_database();
        let bytes = db.to_bytes();
        assert_eq!(Database::from_bytes("x", &bytes).unwrap().to_bytes(), bytes);
    }
}
