//! The checksum of the binary formats (`.ndb`, `.nksl`): XXH64 with seed 0, as specified in
//! xxHash's `doc/xxhash_spec.md` (Yann Collet), written out here rather than taken as a
//! dependency. It reads eight bytes at a time in four independent lanes, so checking a file
//! costs a small fraction of reading it; it is a guard against damage (a flipped byte, a cut),
//! not against an adversary, who can forge it: the loaders check every count and offset
//! against the file's size as well.

const P1: u64 = 0x9e37_79b1_85eb_ca87;
const P2: u64 = 0xc2b2_ae3d_27d4_eb4f;
const P3: u64 = 0x1656_67b1_9e37_79f9;
const P4: u64 = 0x85eb_ca77_c2b2_ae63;
const P5: u64 = 0x27d4_eb2f_1656_67c5;

/// The little-endian `u64` at the start of `b` (at least eight bytes, as every caller's
/// `chunks_exact` guarantees).
#[inline(always)]
fn u64_at(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

#[inline(always)]
fn round(acc: u64, input: u64) -> u64 {
    acc.wrapping_add(input.wrapping_mul(P2))
        .rotate_left(31)
        .wrapping_mul(P1)
}

#[inline(always)]
fn merge_round(acc: u64, lane: u64) -> u64 {
    (acc ^ round(0, lane)).wrapping_mul(P1).wrapping_add(P4)
}

/// XXH64 of `data` with seed 0.
pub(crate) fn xxh64(data: &[u8]) -> u64 {
    let seed = 0u64;
    let mut h = if data.len() >= 32 {
        let mut v = [
            seed.wrapping_add(P1).wrapping_add(P2),
            seed.wrapping_add(P2),
            seed,
            seed.wrapping_sub(P1),
        ];
        for stripe in data.chunks_exact(32) {
            for (lane, at) in v.iter_mut().zip([0, 8, 16, 24]) {
                *lane = round(*lane, u64_at(&stripe[at..]));
            }
        }
        let mut h = v[0]
            .rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18));
        for lane in v {
            h = merge_round(h, lane);
        }
        h
    } else {
        seed.wrapping_add(P5)
    };
    h = h.wrapping_add(data.len() as u64);
    let tail = &data[data.len() / 32 * 32..];
    let mut words = tail.chunks_exact(8);
    for w in &mut words {
        h = (h ^ round(0, u64_at(w)))
            .rotate_left(27)
            .wrapping_mul(P1)
            .wrapping_add(P4);
    }
    let mut rest = words.remainder();
    if let [a, b, c, d, more @ ..] = rest {
        h = (h ^ u64::from(u32::from_le_bytes([*a, *b, *c, *d])).wrapping_mul(P1))
            .rotate_left(23)
            .wrapping_mul(P2)
            .wrapping_add(P3);
        rest = more;
    }
    for &b in rest {
        h = (h ^ u64::from(b).wrapping_mul(P5))
            .rotate_left(11)
            .wrapping_mul(P1);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(P2);
    h ^= h >> 29;
    h = h.wrapping_mul(P3);
    h ^ h >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values of the reference implementation (libxxhash 0.8.1, `XXH64(data, len, 0)`): every
    /// path, the four lanes, the eight-byte, four-byte and one-byte tails.
    #[test]
    fn agrees_with_the_reference_implementation() {
        let counting = |n: u8| (0..n).collect::<Vec<u8>>();
        for (data, want) in [
            (b"".to_vec(), 0xef46_db37_51d8_e999),
            (b"a".to_vec(), 0xd24e_c4f1_a98c_6e5b),
            (b"abc".to_vec(), 0x44bc_2cf5_ad77_0999),
            (b"nakade".to_vec(), 0xf8fb_be0b_4988_7375),
            (counting(16), 0x44b6_ef2f_b841_69f7),
            (counting(31), 0xc346_d2b5_9b4d_8ee1),
            (counting(32), 0xcbf5_9c51_16ff_32b4),
            (counting(39), 0x00a3_96ef_1679_a859),
            (counting(45), 0x10fd_d84d_6409_abdf),
            (counting(100), 0x6ac1_e580_3216_6597),
            (counting(255), 0x0f7d_9750_7caa_d693),
        ] {
            assert_eq!(xxh64(&data), want, "{} bytes", data.len());
        }
    }

    #[test]
    fn every_single_byte_change_changes_it() {
        let data: Vec<u8> = (0..200u32).map(|i| (i * 37 % 251) as u8).collect();
        let h = xxh64(&data);
        for at in 0..data.len() {
            for mask in [0x01, 0x80, 0xff] {
                let mut bad = data.clone();
                bad[at] ^= mask;
                assert_ne!(xxh64(&bad), h, "byte {at} ^ {mask:#x}");
            }
        }
        for len in 0..data.len() {
            assert_ne!(xxh64(&data[..len]), h, "cut to {len}");
        }
    }
}
