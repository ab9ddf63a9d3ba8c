//! The library of solved shapes (after Dyer): every shape up to a size, in every placement,
//! with every legal filling of opponent stones, either player to move and 0 to
//! [`MAX_LIBERTIES`] outside liberties, solved; stored compactly and looked up in one probe.
//!
//! Takes a library file (written by `nakade library build`) or the blocks to write one; gives
//! [`Entry`]s: the outcome (alive, dead, a ko and the threats that turn it) and the best
//! move. The file (version [`VERSION`], little-endian):
//!
//! ```text
//! "NKSL" version:u16 up_to:u8 max_liberties:u8 shard_k:u16 shard_n:u16 placements:u32 blocks:u32
//! blocks: placement:u32 length:u32 bytes
//! block:  cells:u8 fillings:u16 filling:u16 * fillings  entry:[u8;2] * fillings * 2 * (max_liberties + 1)
//! ```
//!
//! Entries run filling by filling, then opponent to move before owner to move, then by
//! liberties. Placements are numbered shape by shape ([`placement_list`]); a shard holds the
//! placements whose number is `k - 1` modulo `n`, and merging the shards in number order
//! gives the bytes of the unsharded build.

pub mod entry;

use std::sync::OnceLock;

use crate::evaluation::solve::{LocalQuery, LocalReader, SolveError, MAX_KO_THREATS};
use crate::evaluation::theory::life::legal_fillings;
use crate::evaluation::theory::placement::{Edge, Placement};
use crate::evaluation::theory::polyomino::Cell;
use crate::evaluation::theory::zobrist::ShapeIndex;
pub use entry::{Entry, Outcome};

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"NKSL";
/// The file format's version.
pub const VERSION: u16 = 1;
/// Outside liberties stored: 0 to this.
pub const MAX_LIBERTIES: u8 = 2;
/// The largest shape size a library may hold.
pub const MAX_LIBRARY_SIZE: usize = 9;
/// The node budget of one reading while building.
pub const BUILD_NODE_LIMIT: u64 = 20_000_000;
const HEADER: usize = 4 + 2 + 1 + 1 + 2 + 2 + 4 + 4;

/// Why a library file cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LibraryError {
    /// Not a library file.
    #[error("not a shape library (no NKSL magic)")]
    Magic,
    /// A version this build does not read.
    #[error("library format version {0}; this build reads version {VERSION}")]
    Version(u16),
    /// Shorter than its header or blocks say.
    #[error("truncated at byte {0}")]
    Truncated(usize),
    /// A field out of range.
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

/// The block of one placement: every legal filling solved.
pub fn solve_block(placement: &Placement) -> Result<Vec<u8>, SolveError> {
    let space = placement.space();
    let cells = placement.cells.len();
    let fillings = legal_fillings(&space, cells);
    let mut reader = LocalReader::new(&space, BUILD_NODE_LIMIT)?;
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
    Ok(out)
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
    out
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

/// Read a file's header and its blocks' places.
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
    let header = Header {
        up_to: bytes[6],
        max_liberties: bytes[7],
        shard: (u16_at(bytes, 8)?, u16_at(bytes, 10)?),
        placements: u32_at(bytes, 12)?,
    };
    if header.up_to as usize > MAX_LIBRARY_SIZE || header.up_to == 0 {
        return Err(LibraryError::Bad {
            at: 6,
            what: format!("shape size {} (1 to {MAX_LIBRARY_SIZE})", header.up_to),
        });
    }
    if header.shard.0 == 0 || header.shard.0 > header.shard.1 {
        return Err(LibraryError::Bad {
            at: 8,
            what: format!("shard {}/{}", header.shard.0, header.shard.1),
        });
    }
    let count = u32_at(bytes, 16)? as usize;
    let mut at = HEADER;
    let mut blocks = Vec::with_capacity(count.min(bytes.len() / 8));
    let mut last: Option<u32> = None;
    for _ in 0..count {
        let p = u32_at(bytes, at)?;
        let len = u32_at(bytes, at + 4)? as usize;
        if p >= header.placements || last.is_some_and(|l| p <= l) {
            return Err(LibraryError::Bad {
                at,
                what: format!("placement {p} out of order or range"),
            });
        }
        last = Some(p);
        let start = at + 8;
        if bytes.len() < start + len {
            return Err(LibraryError::Truncated(bytes.len()));
        }
        blocks.push((p, start, len));
        at = start + len;
    }
    if at != bytes.len() {
        return Err(LibraryError::Bad {
            at,
            what: "bytes after the last block".to_string(),
        });
    }
    Ok((header, blocks))
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
    /// By placement number: start and length of its block.
    blocks: Vec<Option<(usize, usize)>>,
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
    /// A library from a file's bytes (the blocks are read when asked for).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Library, LibraryError> {
        let (header, layout) = read_layout(&bytes)?;
        let mut blocks = vec![None; header.placements as usize];
        for (p, s, l) in layout {
            blocks[p as usize] = Some((s, l));
        }
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

    /// The fillings of a placement's block and where its entries start.
    fn block(&self, placement: usize) -> Option<(&[u8], usize, usize)> {
        let (s, l) = (*self.blocks.get(placement)?)?;
        let b = &self.bytes[s..s + l];
        let m = u16::from_le_bytes([*b.get(1)?, *b.get(2)?]) as usize;
        Some((b, m, 3 + 2 * m))
    }

    /// Every filling of a placement, in block order.
    pub fn fillings(&self, placement: usize) -> Vec<u32> {
        let Some((b, m, _)) = self.block(placement) else {
            return Vec::new();
        };
        (0..m)
            .map(|i| u16::from_le_bytes([b[3 + 2 * i], b[4 + 2 * i]]) as u32)
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
            let v = u16::from_le_bytes([b[3 + 2 * mid], b[4 + 2 * mid]]);
            if v < f {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo >= m || u16::from_le_bytes([b[3 + 2 * lo], b[4 + 2 * lo]]) != f {
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
        self.blocks.len()
    }

    /// Positions held: fillings × 2 players × liberties, over the blocks present.
    pub fn positions(&self) -> usize {
        let per = 2 * (self.header.max_liberties as usize + 1);
        (0..self.blocks.len())
            .filter_map(|p| self.block(p))
            .map(|(_, m, _)| m * per)
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
