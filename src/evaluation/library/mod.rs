//! The library of solved shapes (after Dyer): every shape up to a size, in every placement,
//! with every legal filling of opponent stones, either player to move and 0 to
//! [`MAX_LIBERTIES`] outside liberties, solved; stored compactly and looked up in one probe.
//!
//! Takes a library file (written by `nakade library build`) or the blocks to write one; gives
//! [`Entry`]s: the outcome (alive, dead, a ko and the threats that turn it) and the best
//! move. The file (version [`VERSION`], little-endian):
//!
//! ```text
//! "NKSL" version:u16 checksum:u64 up_to:u8 max_liberties:u8 shard_k:u16 shard_n:u16 placements:u32 blocks:u32
//! blocks: placement:u32 length:u32 bytes
//! block:  cells:u8 fillings:u16 filling:u16 * fillings  entry:[u8;2] * fillings * 2 * (max_liberties + 1)
//! ```
//!
//! The checksum is XXH64 with seed 0 of every byte after it. Entries run filling by filling
//! (ascending), then opponent to move before owner to move, then by liberties. Placements are
//! numbered shape by shape ([`placement_list`]); a shard holds every placement whose number
//! is `k - 1` modulo `n`, in order, and merging the shards in number order gives the bytes of
//! the unsharded build.
//!
//! Opening a file checks the checksum over the whole file (a damaged or cut file is refused
//! before any of it is used), then the header and every block's length against the file's
//! size and its filling count, and the fillings' order: so even a forged checksum cannot make
//! a reader allocate what the file does not hold or read past a block. The entries themselves
//! are decoded when asked for.

pub mod entry;

use std::sync::OnceLock;

use crate::evaluation::checksum::xxh64;
use crate::evaluation::solve::{LocalQuery, LocalReader, LocalSearch, SolveError, MAX_KO_THREATS};
use crate::evaluation::theory::life::legal_fillings;
use crate::evaluation::theory::placement::{Edge, Placement};
use crate::evaluation::theory::polyomino::Cell;
use crate::evaluation::theory::zobrist::ShapeIndex;
pub use entry::{Entry, Outcome};

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"NKSL";
/// The file format's version. Version 1 was the same without the checksum.
pub const VERSION: u16 = 2;
/// Outside liberties stored: 0 to this.
pub const MAX_LIBERTIES: u8 = 2;
/// The largest shape size a library may hold.
pub const MAX_LIBRARY_SIZE: usize = 9;
/// The node budget of one reading while building.
pub const BUILD_NODE_LIMIT: u64 = 20_000_000;
/// Where the checksum lies; it covers every byte after it.
const CHECKSUM_AT: usize = 6;
const CHECKED_FROM: usize = CHECKSUM_AT + 8;
const HEADER: usize = CHECKED_FROM + 1 + 1 + 2 + 2 + 4 + 4;
/// A block's shortest length: cells, a filling count of 1, the filling, its entries.
const MIN_BLOCK: usize = 1 + 2 + 2 + 2 * 2;

/// Why a library file cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LibraryError {
    /// Not a library file.
    #[error("not a shape library (no NKSL magic)")]
    Magic,
    /// A version this build does not read.
    #[error("library format version {0}; this nakade reads version {VERSION}: build the library again (nakade library build --up-to N --out FILE)")]
    Version(u16),
    /// Shorter than its header.
    #[error("truncated at byte {0}: shorter than the {HEADER}-byte header")]
    Truncated(usize),
    /// The checksum does not match the data.
    #[error("checksum mismatch: the file is damaged or truncated (expected {expected:016x}, found {found:016x})")]
    Checksum {
        /// The checksum the header holds.
        expected: u64,
        /// The checksum of the data.
        found: u64,
    },
    /// A field out of range (under a matching checksum: a forged file, or a writer's
    /// defect).
    #[error("at byte {at}: {what}")]
    Bad {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        what: String,
    },
    /// Parts that do not belong together.
    #[error("cannot merge: {0}")]
    Merge(String),
}

/// Every placement of every shape of `1..=up_to` cells, numbered in this order:
/// `(shape, placement within the shape, placement)`.
pub fn placement_list(index: &ShapeIndex) -> Vec<(usize, usize, &Placement)> {
    index
        .placements
        .iter()
        .enumerate()
        .flat_map(|(s, ps)| ps.iter().enumerate().map(move |(p, pl)| (s, p, pl)))
        .collect()
}

/// Solve one position: outcome with ko threats tried both ways, and the best move.
pub fn solve_entry(
    reader: &mut LocalReader,
    opponent: u32,
    owner: u32,
    opponent_to_move: bool,
    liberties: u8,
) -> Result<Entry, SolveError> {
    let q = |threats: [u8; 2]| LocalQuery {
        attacker: opponent,
        defender: owner,
        outer_liberties: liberties,
        threats,
        attacker_to_move: opponent_to_move,
    };
    let plain = reader.alive(&q([0, 0]))?;
    let outcome = if plain {
        if reader.alive(&q([MAX_KO_THREATS, 0]))? {
            Outcome::Alive
        } else {
            let t = (1..=MAX_KO_THREATS)
                .map(|t| reader.alive(&q([t, 0])).map(|a| (t, a)))
                .collect::<Result<Vec<_>, _>>()?;
            Outcome::Ko {
                owner_wins_without_threats: true,
                threats_to_turn: t.iter().find(|x| !x.1).map_or(4, |x| x.0),
            }
        }
    } else if !reader.alive(&q([0, MAX_KO_THREATS]))? {
        Outcome::Dead
    } else {
        let t = (1..=MAX_KO_THREATS)
            .map(|t| reader.alive(&q([0, t])).map(|a| (t, a)))
            .collect::<Result<Vec<_>, _>>()?;
        Outcome::Ko {
            owner_wins_without_threats: false,
            threats_to_turn: t.iter().find(|x| x.1).map_or(4, |x| x.0),
        }
    };
    let best = reader.best_move(&q([0, 0]))?;
    Ok(Entry { outcome, best })
}

/// The block of one placement: every legal filling solved, with the plain search and
/// [`BUILD_NODE_LIMIT`].
pub fn solve_block(placement: &Placement) -> Result<Vec<u8>, SolveError> {
    solve_block_with(placement, &BlockLimits::default(), LocalSearch::Plain).map(|b| b.bytes)
}

/// The budget of one placement's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockLimits {
    /// Nodes of one query (one position, one player to move, one count of liberties and of
    /// ko threats).
    pub node_limit: u64,
    /// Time of the whole placement: every query started after it has passed fails.
    pub time_limit: Option<std::time::Duration>,
}

impl Default for BlockLimits {
    /// [`BUILD_NODE_LIMIT`], no time limit.
    fn default() -> BlockLimits {
        BlockLimits {
            node_limit: BUILD_NODE_LIMIT,
            time_limit: None,
        }
    }
}

/// One placement's block and how it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's bytes, as [`write_file`] takes them.
    pub bytes: Vec<u8>,
    /// The search it was read with.
    pub search: LocalSearch,
    /// Search nodes of every query.
    pub nodes: u64,
    /// Search nodes of the largest query.
    pub most_nodes: u64,
}

/// [`solve_block`] within `limits`, with `search`. The bytes do not depend on the search
/// (every [`LocalSearch`] gives the same answers, and the best move is the first of a fixed
/// order that keeps the answer); only the reading's length does.
pub fn solve_block_with(
    placement: &Placement,
    limits: &BlockLimits,
    search: LocalSearch,
) -> Result<Block, SolveError> {
    let space = placement.space();
    let cells = placement.cells.len();
    let fillings = legal_fillings(&space, cells);
    let mut reader =
        LocalReader::with_search(&space, limits.node_limit, limits.time_limit, search)?;
    let mut out = vec![cells as u8];
    out.extend((fillings.len() as u16).to_le_bytes());
    for &x in &fillings {
        out.extend((x as u16).to_le_bytes());
    }
    for &x in &fillings {
        for opponent_to_move in [true, false] {
            for libs in 0..=MAX_LIBERTIES {
                let e = solve_entry(&mut reader, x, space.defender, opponent_to_move, libs)?;
                out.extend(e.encode());
            }
        }
    }
    Ok(Block {
        bytes: out,
        search,
        nodes: reader.total_nodes(),
        most_nodes: reader.most_nodes(),
    })
}

/// A library file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Largest shape size.
    pub up_to: u8,
    /// Outside liberties stored: 0 to this.
    pub max_liberties: u8,
    /// This part's shard (1-based) and the number of shards; 1 and 1 for a whole library.
    pub shard: (u16, u16),
    /// Placements in the whole library.
    pub placements: u32,
}

/// Write a library file (or a part) from its blocks, in placement order.
pub fn write_file(header: &Header, blocks: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + blocks.iter().map(|b| 8 + b.1.len()).sum::<usize>());
    out.extend(MAGIC);
    out.extend(VERSION.to_le_bytes());
    out.extend([0; 8]);
    out.push(header.up_to);
    out.push(header.max_liberties);
    out.extend(header.shard.0.to_le_bytes());
    out.extend(header.shard.1.to_le_bytes());
    out.extend(header.placements.to_le_bytes());
    out.extend((blocks.len() as u32).to_le_bytes());
    for (p, b) in blocks {
        out.extend(p.to_le_bytes());
        out.extend((b.len() as u32).to_le_bytes());
        out.extend(b);
    }
    seal(&mut out);
    out
}

/// Write the checksum of `bytes` (a whole header at least) into its header.
fn seal(bytes: &mut [u8]) {
    let sum = xxh64(&bytes[CHECKED_FROM..]);
    bytes[CHECKSUM_AT..CHECKED_FROM].copy_from_slice(&sum.to_le_bytes());
}

fn u16_at(b: &[u8], at: usize) -> Result<u16, LibraryError> {
    b.get(at..at + 2)
        .map(|s| u16::from_le_bytes([s[0], s[1]]))
        .ok_or(LibraryError::Truncated(at))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, LibraryError> {
    b.get(at..at + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or(LibraryError::Truncated(at))
}

/// Where a block lies in a file: `(placement, start, length)`.
pub type BlockPlace = (u32, usize, usize);

/// The number of placements below `placements` whose number is `k - 1` modulo `n`: the
/// blocks of shard `k` of `n`.
fn shard_len(placements: u32, (k, n): (u16, u16)) -> usize {
    let (k, n, placements) = (usize::from(k), usize::from(n), placements as usize);
    if placements < k {
        0
    } else {
        (placements - k) / n + 1
    }
}

/// Read a file's header and its blocks' places: the checksum first, then every field against
/// the file's size, every block's length against its filling count, and the fillings' order.
pub fn read_layout(bytes: &[u8]) -> Result<(Header, Vec<BlockPlace>), LibraryError> {
    if bytes.len() < 4 || &bytes[..4] != MAGIC {
        return Err(LibraryError::Magic);
    }
    let version = u16_at(bytes, 4)?;
    if version != VERSION {
        return Err(LibraryError::Version(version));
    }
    if bytes.len() < HEADER {
        return Err(LibraryError::Truncated(bytes.len()));
    }
    let expected =
        u64::from(u32_at(bytes, CHECKSUM_AT)?) | u64::from(u32_at(bytes, CHECKSUM_AT + 4)?) << 32;
    let found = xxh64(&bytes[CHECKED_FROM..]);
    if expected != found {
        return Err(LibraryError::Checksum { expected, found });
    }
    let at = CHECKED_FROM;
    let header = Header {
        up_to: bytes[at],
        max_liberties: bytes[at + 1],
        shard: (u16_at(bytes, at + 2)?, u16_at(bytes, at + 4)?),
        placements: u32_at(bytes, at + 6)?,
    };
    let bad = |at: usize, what: String| Err(LibraryError::Bad { at, what });
    if header.up_to as usize > MAX_LIBRARY_SIZE || header.up_to == 0 {
        return bad(
            at,
            format!("shape size {} (1 to {MAX_LIBRARY_SIZE})", header.up_to),
        );
    }
    if header.max_liberties > MAX_LIBERTIES {
        return bad(
            at + 1,
            format!("{} liberties (0 to {MAX_LIBERTIES})", header.max_liberties),
        );
    }
    if header.shard.0 == 0 || header.shard.0 > header.shard.1 {
        return bad(
            at + 2,
            format!("shard {}/{}", header.shard.0, header.shard.1),
        );
    }
    let count = u32_at(bytes, at + 10)? as usize;
    // Every block of the shard is there, and each takes some bytes: a count the file cannot
    // hold is refused before anything is allocated for it.
    if count != shard_len(header.placements, header.shard)
        || count > (bytes.len() - HEADER) / (8 + MIN_BLOCK)
    {
        return bad(
            at + 6,
            format!(
                "{count} blocks of {} placements in shard {}/{}, in {} bytes",
                header.placements,
                header.shard.0,
                header.shard.1,
                bytes.len()
            ),
        );
    }
    let mut at = HEADER;
    let mut blocks = Vec::with_capacity(count);
    let (k, n) = (u32::from(header.shard.0), u32::from(header.shard.1));
    for i in 0..count as u32 {
        let (Ok(p), Ok(len)) = (u32_at(bytes, at), u32_at(bytes, at + 4)) else {
            return bad(at, "a block's head past the end".to_string());
        };
        let len = len as usize;
        if p != k - 1 + i * n {
            return bad(at, format!("placement {p} where {} belongs", k - 1 + i * n));
        }
        let start = at + 8;
        let Some(block) = bytes.get(start..start + len) else {
            return bad(at + 4, format!("a block of {len} bytes past the end"));
        };
        check_block(block, header).map_err(|(k, what)| LibraryError::Bad {
            at: start + k,
            what,
        })?;
        blocks.push((p, start, len));
        at = start + len;
    }
    if at != bytes.len() {
        return bad(at, "bytes after the last block".to_string());
    }
    Ok((header, blocks))
}

/// A block checked: its cell count within the library's sizes, its length what its filling
/// count makes it, its fillings ascending and within its cells. The offset in the block and
/// what is wrong.
fn check_block(b: &[u8], header: Header) -> Result<(), (usize, String)> {
    let (Some(&cells), Some(m)) = (b.first(), b.get(1..3)) else {
        return Err((0, format!("a block of {} bytes", b.len())));
    };
    if cells == 0 || cells > header.up_to {
        return Err((0, format!("a block of {cells} cells")));
    }
    let m = usize::from(u16::from_le_bytes([m[0], m[1]]));
    let per = 2 * (usize::from(header.max_liberties) + 1);
    if m == 0 || b.len() != 3 + 2 * m + 2 * m * per {
        return Err((1, format!("{m} fillings in a block of {} bytes", b.len())));
    }
    let mut last = None;
    for i in 0..m {
        let f = u16::from_le_bytes([b[3 + 2 * i], b[4 + 2 * i]]);
        if last.is_some_and(|l| f <= l) || u32::from(f) >> cells != 0 {
            return Err((3 + 2 * i, format!("filling {f} out of order or range")));
        }
        last = Some(f);
    }
    Ok(())
}

/// Join parts (any order) into the bytes of the whole library.
pub fn merge(parts: &[Vec<u8>]) -> Result<Vec<u8>, LibraryError> {
    let mut first: Option<Header> = None;
    let mut blocks: Vec<(u32, Vec<u8>)> = Vec::new();
    let mut shards: Vec<u16> = Vec::new();
    for part in parts {
        let (h, layout) = read_layout(part)?;
        match first {
            None => first = Some(h),
            Some(f) => {
                if (f.up_to, f.max_liberties, f.placements, f.shard.1)
                    != (h.up_to, h.max_liberties, h.placements, h.shard.1)
                {
                    return Err(LibraryError::Merge(format!(
                        "shard {}/{} of size {} does not belong with shard {}/{} of size {}",
                        h.shard.0, h.shard.1, h.up_to, f.shard.0, f.shard.1, f.up_to
                    )));
                }
            }
        }
        if shards.contains(&h.shard.0) {
            return Err(LibraryError::Merge(format!(
                "shard {} given twice",
                h.shard.0
            )));
        }
        shards.push(h.shard.0);
        blocks.extend(
            layout
                .into_iter()
                .map(|(p, s, l)| (p, part[s..s + l].to_vec())),
        );
    }
    let Some(h) = first else {
        return Err(LibraryError::Merge("no parts".to_string()));
    };
    if shards.len() != h.shard.1 as usize {
        return Err(LibraryError::Merge(format!(
            "{} of {} shards given",
            shards.len(),
            h.shard.1
        )));
    }
    blocks.sort_by_key(|b| b.0);
    if blocks.len() != h.placements as usize {
        return Err(LibraryError::Merge(format!(
            "{} of {} placements present",
            blocks.len(),
            h.placements
        )));
    }
    Ok(write_file(&Header { shard: (1, 1), ..h }, &blocks))
}

/// A library in memory: the file's bytes, its block table, and (built on first use) the
/// shape index that recognises cells.
pub struct Library {
    bytes: Vec<u8>,
    header: Header,
    /// The shard's blocks in placement order (placement `k - 1 + i * n` for shard `k` of
    /// `n`): start and length of each.
    blocks: Vec<(usize, usize)>,
    index: OnceLock<ShapeIndex>,
    /// First placement number of each shape (built with the index).
    first: OnceLock<Vec<usize>>,
}

/// Where a position sits in a library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionKey {
    /// Placement number.
    pub placement: usize,
    /// Opponent stones, by placement vertex.
    pub filling: u32,
    /// True when the opponent moves.
    pub opponent_to_move: bool,
    /// Outside liberties (0 to the library's maximum).
    pub liberties: u8,
}

impl Library {
    /// A library from a file's bytes, checked as [`read_layout`] says (the entries are read
    /// when asked for).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Library, LibraryError> {
        let (header, layout) = read_layout(&bytes)?;
        let blocks = layout.into_iter().map(|(_, s, l)| (s, l)).collect();
        Ok(Library {
            bytes,
            header,
            blocks,
            index: OnceLock::new(),
            first: OnceLock::new(),
        })
    }

    /// The header.
    pub fn header(&self) -> Header {
        self.header
    }

    /// The shape index of the library's sizes (built on first use).
    pub fn index(&self) -> &ShapeIndex {
        self.index
            .get_or_init(|| ShapeIndex::new(self.header.up_to as usize))
    }

    fn first(&self) -> &[usize] {
        self.first.get_or_init(|| {
            let mut acc = 0;
            self.index()
                .placements
                .iter()
                .map(|ps| {
                    let f = acc;
                    acc += ps.len();
                    f
                })
                .collect()
        })
    }

    /// The block of a placement, its filling count and where its entries start; `None` when
    /// this part does not hold the placement. The lengths were checked at load; the reads
    /// stay bounds-checked all the same.
    fn block(&self, placement: usize) -> Option<(&[u8], usize, usize)> {
        let (k, n) = (
            usize::from(self.header.shard.0),
            usize::from(self.header.shard.1),
        );
        if placement >= self.header.placements as usize || placement % n != k - 1 {
            return None;
        }
        let &(s, l) = self.blocks.get(placement / n)?;
        let b = self.bytes.get(s..s + l)?;
        let m = u16::from_le_bytes([*b.get(1)?, *b.get(2)?]) as usize;
        Some((b, m, 3 + 2 * m))
    }

    /// Filling `i` of a block.
    fn filling(b: &[u8], i: usize) -> Option<u16> {
        Some(u16::from_le_bytes([*b.get(3 + 2 * i)?, *b.get(4 + 2 * i)?]))
    }

    /// Every filling of a placement, in block order.
    pub fn fillings(&self, placement: usize) -> Vec<u32> {
        let Some((b, m, _)) = self.block(placement) else {
            return Vec::new();
        };
        (0..m)
            .map_while(|i| Library::filling(b, i).map(u32::from))
            .collect()
    }

    /// The entry of a position; `None` when the library does not hold it.
    pub fn get(&self, key: &PositionKey) -> Option<Entry> {
        if key.liberties > self.header.max_liberties {
            return None;
        }
        let (b, m, data) = self.block(key.placement)?;
        let f = key.filling as u16;
        // Fillings are stored ascending: binary search.
        let (mut lo, mut hi) = (0, m);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if Library::filling(b, mid)? < f {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo >= m || Library::filling(b, lo)? != f {
            return None;
        }
        let per = 2 * (self.header.max_liberties as usize + 1);
        let i = data
            + 2 * (lo * per
                + usize::from(!key.opponent_to_move) * (self.header.max_liberties as usize + 1)
                + key.liberties as usize);
        Entry::decode([*b.get(i)?, *b.get(i + 1)?])
    }

    /// Recognise cells (placed as `edge` says: see [`ShapeIndex::recognise`]) with opponent
    /// stones on some of them; gives the position's key and, for each cell, its placement
    /// vertex.
    pub fn key_of(
        &self,
        edge: Edge,
        cells: &[Cell],
        opponent: &[Cell],
        opponent_to_move: bool,
        liberties: u8,
    ) -> Option<(PositionKey, Vec<usize>)> {
        let r = self.index().recognise(edge, cells)?;
        let placement = self.first().get(r.shape)? + r.placement;
        let mut filling = 0u32;
        for (i, c) in cells.iter().enumerate() {
            if opponent.contains(c) {
                filling |= 1 << r.vertex_of[i];
            }
        }
        Some((
            PositionKey {
                placement,
                filling,
                opponent_to_move,
                liberties,
            },
            r.vertex_of,
        ))
    }

    /// Look a position up from its cells: the entry and the best move as a cell.
    pub fn lookup(
        &self,
        edge: Edge,
        cells: &[Cell],
        opponent: &[Cell],
        opponent_to_move: bool,
        liberties: u8,
    ) -> Option<(Entry, Option<Cell>)> {
        let (key, vertex_of) = self.key_of(edge, cells, opponent, opponent_to_move, liberties)?;
        let e = self.get(&key)?;
        let at = match e.best {
            Some(crate::evaluation::solve::Move::Vertex(v)) => {
                vertex_of.iter().position(|&x| x == v).map(|i| cells[i])
            }
            _ => None,
        };
        Some((e, at))
    }

    /// Placements in the library (present or not in this part).
    pub fn placements(&self) -> usize {
        self.header.placements as usize
    }

    /// Positions held: fillings × 2 players × liberties, over the blocks present.
    pub fn positions(&self) -> usize {
        let per = 2 * (self.header.max_liberties as usize + 1);
        self.blocks
            .iter()
            .filter_map(|&(s, l)| self.bytes.get(s + 1..s + 3).filter(|_| l >= 3))
            .map(|m| usize::from(u16::from_le_bytes([m[0], m[1]])) * per)
            .sum()
    }

    /// Every entry of a placement with its filling, player and liberties, in block order.
    pub fn entries(&self, placement: usize) -> Vec<(PositionKey, Entry)> {
        let fillings = self.fillings(placement);
        let mut out = Vec::new();
        for f in fillings {
            for opponent_to_move in [true, false] {
                for liberties in 0..=self.header.max_liberties {
                    let key = PositionKey {
                        placement,
                        filling: f,
                        opponent_to_move,
                        liberties,
                    };
                    if let Some(e) = self.get(&key) {
                        out.push((key, e));
                    }
                }
            }
        }
        out
    }
}

/// Turn cells with their board-edge counts into the orientation the library indexes: no edge,
/// the centre; one edge, row 0; two, row 0 and column 0. `None` when no orientation fits
/// (cells on two opposite edges, say).
pub fn orient(cells: &[Cell], edges: &[u8]) -> Option<(Edge, Vec<Cell>)> {
    use crate::evaluation::theory::polyomino::transform;
    let edge = match edges.iter().copied().max().unwrap_or(0) {
        0 => return Some((Edge::Centre, cells.to_vec())),
        1 => Edge::Side,
        _ => Edge::Corner,
    };
    for t in 0..8 {
        let moved: Vec<Cell> = cells.iter().map(|&c| transform(c, t)).collect();
        let r0 = moved.iter().map(|c| c.0).min()?;
        let c0 = moved.iter().map(|c| c.1).min()?;
        let moved: Vec<Cell> = moved.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        let fits = moved.iter().zip(edges).all(|(&(r, c), &e)| {
            let want = match edge {
                Edge::Side => u8::from(r == 0),
                _ => u8::from(r == 0) + u8::from(c == 0),
            };
            want == e
        });
        if fits {
            return Some((edge, moved));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library of shapes up to `up_to` cells, or shard `k` of `n` of it, as
    /// `tools::library_build` writes it (on one thread: that layer is above this one).
    fn build(up_to: usize, (k, n): (u16, u16)) -> Result<Vec<u8>, SolveError> {
        let index = ShapeIndex::new(up_to);
        let all = placement_list(&index);
        let blocks = all
            .iter()
            .enumerate()
            .filter(|(i, _)| i % usize::from(n) == usize::from(k - 1))
            .map(|(i, (_, _, p))| solve_block(p).map(|b| (i as u32, b)))
            .collect::<Result<Vec<_>, _>>()?;
        let header = Header {
            up_to: up_to as u8,
            max_liberties: MAX_LIBERTIES,
            shard: (k, n),
            placements: all.len() as u32,
        };
        Ok(write_file(&header, &blocks))
    }

    /// Every placement, filling, player and liberty count read, and the counts.
    fn read_everything(lib: &Library) -> usize {
        let mut n = lib.positions() + lib.placements();
        for p in 0..lib.placements() + 2 {
            n += lib.fillings(p).len() + lib.entries(p).len();
            for filling in [0, 1, 5, u32::MAX] {
                for liberties in 0..=3 {
                    let key = PositionKey {
                        placement: p,
                        filling,
                        opponent_to_move: true,
                        liberties,
                    };
                    n += usize::from(lib.get(&key).is_some());
                }
            }
        }
        n
    }

    /// The checksum forged after the damage (recomputed over the damaged bytes): every
    /// flipped byte and every cut is refused by the other checks, or read back as a library
    /// whose every read answers without panicking; the placement count that once made a
    /// reader allocate 102 GB is refused before anything is allocated.
    #[test]
    fn a_forged_checksum_still_cannot_make_a_reader_panic_or_allocate() {
        let bytes = build(3, (1, 1)).unwrap();
        read_everything(&Library::from_bytes(bytes.clone()).unwrap());
        let mut loaded = 0;
        for at in CHECKED_FROM..bytes.len() {
            for mask in [0x01, 0x02, 0x80, 0xff] {
                let mut bad = bytes.clone();
                bad[at] ^= mask;
                seal(&mut bad);
                if let Ok(lib) = Library::from_bytes(bad) {
                    read_everything(&lib);
                    loaded += 1;
                }
            }
        }
        // An entry's bytes are decoded when read, not at load.
        assert!(loaded > 0);
        for cut in HEADER..bytes.len() {
            let mut bad = bytes[..cut].to_vec();
            seal(&mut bad);
            assert!(Library::from_bytes(bad).is_err(), "cut {cut}");
        }
        // The top byte of the placement count.
        let placements = u32_at(&bytes, CHECKED_FROM + 6).unwrap();
        assert_eq!(placements, 17);
        let mut huge = bytes.clone();
        huge[CHECKED_FROM + 9] = 0xff;
        seal(&mut huge);
        assert_eq!(
            Library::from_bytes(huge).err(),
            Some(LibraryError::Bad {
                at: CHECKED_FROM + 6,
                what: format!(
                    "17 blocks of {} placements in shard 1/1, in {} bytes",
                    placements | 0xff00_0000,
                    bytes.len()
                )
            })
        );
    }

    #[test]
    fn a_shard_is_read_where_its_placements_are() {
        let whole = Library::from_bytes(build(3, (1, 1)).unwrap()).unwrap();
        let part = Library::from_bytes(build(3, (2, 3)).unwrap()).unwrap();
        assert_eq!(part.placements(), whole.placements());
        for p in 0..whole.placements() {
            if p % 3 == 1 {
                assert_eq!(part.entries(p), whole.entries(p), "placement {p}");
            } else {
                assert!(part.entries(p).is_empty(), "placement {p}");
            }
        }
    }

    #[test]
    fn a_changed_byte_is_a_checksum_mismatch() {
        let mut bytes = build(2, (1, 1)).unwrap();
        bytes[CHECKED_FROM] ^= 0x04;
        let e = Library::from_bytes(bytes).err().unwrap();
        let LibraryError::Checksum { expected, found } = e else {
            panic!("{e:?}")
        };
        assert_ne!(expected, found);
    }
}
