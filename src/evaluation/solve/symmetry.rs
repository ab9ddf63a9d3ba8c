//! The symmetries of an eye space: the permutations of its vertices that keep adjacency, the
//! wall sides and the marginal marks, so the rules of the local game read the same on both
//! sides. Two moves that one of them maps onto each other, in a position it leaves unchanged,
//! lead to mirror positions of equal value: only the first of them needs reading.

use super::search::{byte_tables, Geometry, State, NO_KO};

/// The most symmetries kept: any subset of them prunes soundly, and open spaces have at most
/// eight (the square's).
const MAX_SYMMETRIES: usize = 16;
// The transposition table keeps a set of symmetries as a mask of 16 bits.
const _: () = assert!(MAX_SYMMETRIES <= 16);
/// Steps of the backtracking search for symmetries before it stops with what it has found.
const MAX_STEPS: u32 = 200_000;

/// Spaces of at least this many vertices map sets through byte tables (see
/// [`Symmetries::tables`]); smaller ones bit by bit, where a table would cost more to build
/// than it saves.
const TABLES_FROM: usize = 12;

/// The non-trivial symmetries of one geometry.
#[derive(Clone, Debug, Default)]
pub(crate) struct Symmetries {
    n: usize,
    perms: Vec<[u8; 32]>,
    /// Per symmetry, on spaces of [`TABLES_FROM`] vertices or more: `tables[i][k][b]` is the
    /// image under `perms[i]` of the vertices `8k + j` for the bits `j` of `b`. A set's
    /// image is then three loads (the search maps every position it probes the table for
    /// onto its mirror images, on large spaces 8% of the instructions bit by bit).
    tables: Vec<[[u32; 256]; 3]>,
}

impl Symmetries {
    /// The symmetries of `g` (identity left out).
    pub fn of(g: &Geometry) -> Symmetries {
        let mut out = Symmetries {
            n: g.n,
            perms: Vec::new(),
            tables: Vec::new(),
        };
        let mut perm = [0u8; 32];
        let mut steps = 0;
        out.extend(g, 0, &mut perm, 0, &mut steps);
        if g.n >= TABLES_FROM {
            out.tables = out
                .perms
                .iter()
                .map(|p| byte_tables(g.n, |v| 1 << p[v]))
                .collect();
        }
        out
    }

    /// Backtracking: vertices `0..v` are mapped by `perm` onto `used`.
    fn extend(&mut self, g: &Geometry, v: usize, perm: &mut [u8; 32], used: u32, steps: &mut u32) {
        if self.perms.len() >= MAX_SYMMETRIES || *steps >= MAX_STEPS {
            return;
        }
        *steps += 1;
        if v == g.n {
            if (0..g.n).any(|i| perm[i] as usize != i) {
                self.perms.push(*perm);
            }
            return;
        }
        let label = |u: usize| (g.adj[u].count_ones(), g.wall >> u & 1, g.marg >> u & 1);
        for w in 0..g.n {
            if used >> w & 1 == 1 || label(w) != label(v) {
                continue;
            }
            // Adjacency to the vertices already mapped must be kept.
            let fits = (0..v).all(|u| (g.adj[v] >> u & 1) == (g.adj[w] >> perm[u] & 1));
            if fits {
                perm[v] = w as u8;
                self.extend(g, v + 1, perm, used | 1 << w, steps);
            }
        }
    }

    /// The image of a vertex set (of the space's vertices) under symmetry `i`.
    #[inline]
    fn map(&self, i: usize, mut set: u32) -> u32 {
        if let Some(t) = self.tables.get(i) {
            let b = set.to_le_bytes();
            return t[0][b[0] as usize] | t[1][b[1] as usize] | t[2][b[2] as usize];
        }
        let p = &self.perms[i];
        let mut out = 0;
        while set != 0 {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            out |= 1 << p[v];
        }
        out
    }

    /// The table key ([`State::key`]) of the image of a position under each symmetry, in
    /// order: its stones and ko ban mapped, the rest (outer liberties, threats, the side to
    /// move, the extra eye) as it is.
    pub fn mirror_keys(&self, key: u64) -> impl Iterator<Item = u64> + '_ {
        let (black, white) = (key as u32 & 0xf_ffff, (key >> 20) as u32 & 0xf_ffff);
        let ko = (key >> 43 & 31) as u8;
        let kept = key & !(0xff_ffff_ffff | 31 << 43);
        self.perms.iter().enumerate().map(move |(i, p)| {
            let ko = if ko == NO_KO { ko } else { p[ko as usize] };
            kept | self.map(i, black) as u64 | (self.map(i, white) as u64) << 20 | (ko as u64) << 43
        })
    }

    /// The symmetries that leave `s` unchanged (stones and ko ban), as a bitmask over
    /// [`Symmetries::perms`].
    pub fn fixing(&self, s: &State) -> u32 {
        self.fixing_parts(s.black, s.white, s.ko)
    }

    /// The symmetries that leave a position of the line unchanged, given by its board and
    /// full key (`u64::MAX` for a board alone: its ko ban does not matter).
    pub fn fixing_entry(&self, board: u64, full: u64) -> u32 {
        let ko = if full == u64::MAX {
            NO_KO
        } else {
            (full >> 43 & 31) as u8
        };
        self.fixing_parts(board as u32 & 0xf_ffff, (board >> 20) as u32 & 0xf_ffff, ko)
    }

    fn fixing_parts(&self, black: u32, white: u32, ko: u8) -> u32 {
        let mut out = 0;
        for (i, p) in self.perms.iter().enumerate() {
            if (ko == NO_KO || p[ko as usize] == ko)
                && self.map(i, black) == black
                && self.map(i, white) == white
            {
                out |= 1 << i;
            }
        }
        out
    }

    /// The images of vertex `v` under the symmetries in `fix`.
    #[inline]
    fn images(&self, fix: u32, v: usize) -> u32 {
        let mut out = 0;
        let mut f = fix;
        while f != 0 {
            let i = f.trailing_zeros() as usize;
            f &= f - 1;
            out |= 1 << self.perms[i][v];
        }
        out
    }

    /// The vertices of the space the symmetries permute.
    pub fn vertices(&self) -> usize {
        self.n
    }

    /// Whether there is any symmetry at all.
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// Drop from `moves[..k]` every vertex move that a symmetry of `fix` (a set of symmetries
    /// leaving the position unchanged, see [`Symmetries::fixing`]) maps from an earlier move
    /// of the list; give the new count. Other moves (outer liberty, pass) are kept.
    pub fn prune(&self, fix: u32, moves: &mut [u8; 34], k: u8) -> u8 {
        if fix == 0 {
            return k;
        }
        let mut images = 0u32;
        let mut kept = 0u8;
        for i in 0..k as usize {
            let m = moves[i];
            if (m as usize) < self.n {
                if images >> m & 1 == 1 {
                    continue;
                }
                images |= self.images(fix, m as usize);
            }
            moves[kept as usize] = m;
            kept += 1;
        }
        kept
    }

    /// For each vertex, the first vertex (in index order) that a symmetry leaving `s`
    /// unchanged maps onto it, or itself.
    pub fn representatives(&self, s: &State) -> [u8; 32] {
        let mut rep = [0u8; 32];
        for (v, r) in rep.iter_mut().enumerate() {
            *r = v as u8;
        }
        let fix = self.fixing(s);
        for v in 0..self.n {
            if rep[v] as usize != v {
                continue;
            }
            let mut img = self.images(fix, v);
            while img != 0 {
                let w = img.trailing_zeros() as usize;
                img &= img - 1;
                if w > v && rep[w] as usize == w {
                    rep[w] = v as u8;
                }
            }
        }
        rep
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::solve::Space;
    use crate::pattern::encoded::parse_graph;

    /// On a space large enough for the byte tables, a set's image by the tables is its image
    /// vertex by vertex, for every symmetry of the open 4x4 centre (the square's seven) and
    /// many sets.
    #[test]
    fn the_byte_tables_map_a_set_as_its_vertices_do() {
        let space = Space::from_diagram(&parse_graph("....%....%....%....").unwrap()).unwrap();
        let sym = Symmetries::of(&space.geometry());
        assert_eq!(sym.perms.len(), 7);
        assert_eq!(sym.tables.len(), 7);
        let mut set = 0x9e37_79b9u32;
        for _ in 0..2000 {
            set ^= set << 13;
            set ^= set >> 17;
            set ^= set << 5;
            let s = set & 0xffff;
            for (i, p) in sym.perms.iter().enumerate() {
                let by_vertex = (0..16)
                    .filter(|&v| s >> v & 1 == 1)
                    .fold(0u32, |m, v| m | 1 << p[v]);
                assert_eq!(sym.map(i, s), by_vertex, "set {s:#x}, symmetry {i}");
            }
        }
    }

    /// The 2×2 corner's one symmetry is the diagonal through the corner point: it swaps the
    /// vertex away from the corner (0) with the one inside (3). A key's stones and ko ban
    /// move with it; its outer liberties, threats, side to move and extra eye stay.
    #[test]
    fn a_mirror_key_maps_the_stones_and_the_ko_and_keeps_the_rest() {
        let space = Space::from_diagram(&parse_graph("|..%|..%+--").unwrap()).unwrap();
        let sym = Symmetries::of(&space.geometry());
        assert_eq!(sym.perms.len(), 1);
        let s = State {
            black: 0b0001,
            white: 0b0010,
            outer: 2,
            ko: 0,
            threats: [1, 0],
        };
        let mirror = State {
            black: 0b1000,
            ko: 3,
            ..s
        };
        for (black_to_move, eye) in [(true, false), (false, true)] {
            assert_eq!(
                sym.mirror_keys(s.key(black_to_move, eye))
                    .collect::<Vec<_>>(),
                vec![mirror.key(black_to_move, eye)]
            );
        }
    }
}
