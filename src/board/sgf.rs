//! SGF input: text in, the [`Board`] at a chosen move and the colour to play out.
//!
//! The tree comes from the `sgf-parse` crate; the first game tree's main variation is followed.
//! Read: `SZ` (square sizes 2..=25, default 19), `AB`/`AW`/`AE` in any node (setup, without
//! rules), `B`/`W` moves (played with the rules; an empty value or `tt` on boards up to 19 is a
//! pass). `move_number` *n* stops before the *n*-th move (GTP `loadsgf FILE n`); `None` plays
//! them all.
//!
//! Errors are typed and located: syntax errors at the 1-based `line:col` found by a small
//! scanner of our own (the crate reports no positions), bad property values at the property,
//! illegal moves by move number and vertex. The number of nodes is limited
//! ([`SgfLimits::max_nodes`]) because the parsed tree nests one level per node.

use std::fmt;

use sgf_parse::go::{Move, Point, Prop};

use super::{vertex, Board, Color, IllegalMove, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// Limits on SGF input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgfLimits {
    /// Most nodes accepted in the whole file.
    pub max_nodes: usize,
}

impl Default for SgfLimits {
    fn default() -> Self {
        SgfLimits { max_nodes: 5000 }
    }
}

/// A position read from SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfPosition {
    /// The board.
    pub board: Board,
    /// Whose turn it is: the opponent of the last mover, black when no move was played
    /// (unless `PL` says otherwise).
    pub to_move: Color,
    /// How many moves were played.
    pub moves_played: usize,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// Malformed SGF text.
    Syntax {
        /// What was expected.
        expected: String,
    },
    /// More nodes than [`SgfLimits::max_nodes`].
    TooManyNodes {
        /// Nodes found.
        found: usize,
        /// The limit.
        limit: usize,
    },
    /// A property value that cannot be used.
    BadValue {
        /// Property identifier.
        prop: String,
        /// Why.
        expected: String,
    },
    /// A move the rules refuse.
    IllegalMove {
        /// 1-based move number.
        number: usize,
        /// Who.
        color: Color,
        /// GTP vertex.
        vertex: String,
        /// Why.
        reason: IllegalMove,
    },
    /// A move number past the end of the game.
    NoSuchMove {
        /// Asked for.
        asked: usize,
        /// Moves in the main variation.
        available: usize,
    },
}

/// An SGF error, located at `line:col` when known (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Line and column, when the error has a place in the text.
    pub at: Option<(usize, usize)>,
    /// What went wrong.
    pub kind: SgfErrorKind,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Located errors start "LINE:COL: "; the others start with a space, so that a file
        // name can be put in front of either form with a colon.
        match self.at {
            Some((l, c)) => write!(f, "{l}:{c}: ")?,
            None if f.alternate() => write!(f, " ")?,
            None => {}
        }
        match &self.kind {
            SgfErrorKind::Syntax { expected } => write!(f, "SGF syntax: expected {expected}"),
            SgfErrorKind::TooManyNodes { found, limit } => {
                write!(f, "{found} nodes, more than the limit of {limit}")
            }
            SgfErrorKind::BadValue { prop, expected } => {
                write!(f, "bad {prop} value: expected {expected}")
            }
            SgfErrorKind::IllegalMove {
                number,
                color,
                vertex,
                reason,
            } => {
                write!(
                    f,
                    "move {number} ({} {vertex}) is illegal: {reason}",
                    color.name()
                )
            }
            SgfErrorKind::NoSuchMove { asked, available } => {
                write!(f, "no move {asked}: the game has {available} moves")
            }
        }
    }
}

impl std::error::Error for SgfError {}

/// One property occurrence found by the scanner, with the place of its identifier.
struct ScannedProp {
    ident: String,
    values: Vec<String>,
    at: (usize, usize),
}

struct Scan {
    nodes: usize,
    props: Vec<ScannedProp>,
}

/// A small SGF scanner: checks brackets and parentheses and locates properties.
fn scan(text: &str) -> Result<Scan, SgfError> {
    let syntax = |at: (usize, usize), expected: &str| SgfError {
        at: Some(at),
        kind: SgfErrorKind::Syntax {
            expected: expected.to_string(),
        },
    };
    let mut line = 1;
    let mut col = 0;
    let mut chars = text.chars().peekable();
    let mut open_parens: Vec<(usize, usize)> = Vec::new();
    let mut seen_tree = false;
    let mut nodes = 0;
    let mut props = Vec::new();
    let mut ident = String::new();
    let mut ident_at = (0, 0);
    let mut in_node = false;
    while let Some(ch) = chars.next() {
        if ch == '\n' {
            line += 1;
            col = 0;
        } else {
            col += 1;
        }
        let here = (line, col);
        match ch {
            '(' => {
                if !ident.is_empty() {
                    return Err(syntax(here, "'[' after a property identifier"));
                }
                if !open_parens.is_empty() && !in_node {
                    return Err(syntax(here, "';' (a node) before a variation"));
                }
                if open_parens.is_empty() && seen_tree {
                    // a further game tree: fine, only the first is used
                }
                open_parens.push(here);
                seen_tree = true;
                in_node = false;
            }
            ')' => {
                if !ident.is_empty() {
                    return Err(syntax(here, "'[' after a property identifier"));
                }
                if open_parens.pop().is_none() {
                    return Err(syntax(here, "'(' before ')'"));
                }
                if !in_node {
                    return Err(syntax(here, "';' (a node) in every game tree"));
                }
            }
            ';' => {
                if open_parens.is_empty() {
                    return Err(syntax(here, "'(' before the first node"));
                }
                if !ident.is_empty() {
                    return Err(syntax(here, "'[' after a property identifier"));
                }
                nodes += 1;
                in_node = true;
            }
            'A'..='Z' | 'a'..='z' => {
                if open_parens.is_empty() {
                    continue; // text outside game trees is ignored by SGF readers
                }
                if !in_node {
                    return Err(syntax(here, "';' before a property"));
                }
                if ident.is_empty() {
                    ident_at = here;
                }
                ident.push(ch);
            }
            '[' => {
                let own = if ident.is_empty() {
                    match props.last_mut() {
                        Some(p @ ScannedProp { .. }) if in_node => p,
                        _ => return Err(syntax(here, "a property identifier before '['")),
                    }
                } else {
                    let id: String = ident.chars().filter(|c| c.is_ascii_uppercase()).collect();
                    ident.clear();
                    props.push(ScannedProp {
                        ident: id,
                        values: Vec::new(),
                        at: ident_at,
                    });
                    props.last_mut().unwrap()
                };
                let mut value = String::new();
                let mut closed = false;
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        col = 0;
                    } else {
                        col += 1;
                    }
                    if escaped {
                        value.push(c);
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == ']' {
                        closed = true;
                        break;
                    } else {
                        value.push(c);
                    }
                }
                if !closed {
                    return Err(syntax(here, "']' to close the value opened here"));
                }
                own.values.push(value);
            }
            c if c.is_whitespace() => {
                if !ident.is_empty() && chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
                    return Err(syntax(here, "'[' after a property identifier"));
                }
            }
            _ => {
                if open_parens.is_empty() && !seen_tree {
                    // text before the first game tree is ignored by SGF readers
                    continue;
                }
                if open_parens.is_empty() {
                    continue;
                }
                return Err(syntax(here, "'(', ')', ';', a property or '['"));
            }
        }
    }
    if !ident.is_empty() {
        return Err(syntax(ident_at, "'[' after a property identifier"));
    }
    if let Some(&at) = open_parens.last() {
        return Err(syntax(at, "')' to close the game tree opened here"));
    }
    if !seen_tree {
        return Err(SgfError {
            at: Some((1, 1)),
            kind: SgfErrorKind::Syntax {
                expected: "a game tree '(;...)'".to_string(),
            },
        });
    }
    Ok(Scan { nodes, props })
}

/// An SGF error with the file it came from.
#[derive(Debug, thiserror::Error)]
pub enum SgfFileError {
    /// The file could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Larger than [`MAX_FILE_BYTES`].
    #[error("{path}: more than the limit of {limit} bytes")]
    TooLarge {
        /// The file.
        path: String,
        /// The limit.
        limit: u64,
    },
    /// The text is not usable.
    #[error("{path}:{error:#}")]
    Sgf {
        /// The file.
        path: String,
        /// What is wrong, located in the file.
        error: SgfError,
    },
}

/// Largest SGF file [`load_file`] reads.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// [`load`] from a file; errors read `FILE:LINE:COL: message` (or `FILE: message` when the
/// problem has no place in the text). Invalid UTF-8 is replaced, not refused.
pub fn load_file(
    path: &std::path::Path,
    move_number: Option<usize>,
) -> Result<SgfPosition, SgfFileError> {
    let name = path.display().to_string();
    // Read through `take`, so that a device or a file growing while read cannot exhaust
    // memory: one byte past the limit tells it is too large.
    use std::io::Read as _;
    let file = std::fs::File::open(path).map_err(|source| SgfFileError::Io {
        path: name.clone(),
        source,
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| SgfFileError::Io {
            path: name.clone(),
            source,
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SgfFileError::TooLarge {
            path: name,
            limit: MAX_FILE_BYTES,
        });
    }
    load(&String::from_utf8_lossy(&bytes), move_number)
        .map_err(|error| SgfFileError::Sgf { path: name, error })
}

/// Read the position before move `move_number` (1-based; `None`: after all moves).
pub fn load(text: &str, move_number: Option<usize>) -> Result<SgfPosition, SgfError> {
    load_with(text, move_number, SgfLimits::default())
}

/// [`load`] with explicit limits.
pub fn load_with(
    text: &str,
    move_number: Option<usize>,
    limits: SgfLimits,
) -> Result<SgfPosition, SgfError> {
    let scanned = scan(text)?;
    if scanned.nodes > limits.max_nodes {
        return Err(SgfError {
            at: None,
            kind: SgfErrorKind::TooManyNodes {
                found: scanned.nodes,
                limit: limits.max_nodes,
            },
        });
    }
    let locate = |ident: &str| {
        scanned
            .props
            .iter()
            .find(|p| p.ident == ident)
            .map(|p| p.at)
    };
    let locate_value = |ident: &str, value: &str| {
        scanned
            .props
            .iter()
            .find(|p| p.ident == ident && p.values.iter().any(|v| v == value))
            .map(|p| p.at)
            .or_else(|| locate(ident))
    };
    let trees = sgf_parse::go::parse(text).map_err(|e| SgfError {
        at: None,
        kind: SgfErrorKind::Syntax {
            expected: format!("valid SGF ({e})"),
        },
    })?;
    let root = trees.first().ok_or(SgfError {
        at: None,
        kind: SgfErrorKind::Syntax {
            expected: "a game tree".to_string(),
        },
    })?;
    let bad = |prop: &str, value: &str, expected: String| SgfError {
        at: locate_value(prop, value),
        kind: SgfErrorKind::BadValue {
            prop: prop.to_string(),
            expected,
        },
    };
    let mut size = DEFAULT_SIZE;
    for p in root.properties() {
        match p {
            Prop::SZ((w, h)) => {
                let (w, h) = (*w as usize, *h as usize);
                if w != h || !(MIN_SIZE..=MAX_SIZE).contains(&w) {
                    let v = if w == h {
                        format!("{w}")
                    } else {
                        format!("{w}:{h}")
                    };
                    return Err(bad(
                        "SZ",
                        &v,
                        format!("a square size {MIN_SIZE}..={MAX_SIZE}, found {w}x{h}"),
                    ));
                }
                size = w;
            }
            Prop::Invalid(id, vals) if id == "SZ" => {
                let v = vals.first().cloned().unwrap_or_default();
                return Err(bad("SZ", &v, format!("a number {MIN_SIZE}..={MAX_SIZE}")));
            }
            _ => {}
        }
    }
    let mut board = Board::new(size).expect("size checked");
    let point = |board: &Board, prop: &str, pt: &Point| {
        board.loc(pt.x as usize, pt.y as usize).ok_or_else(|| {
            let v = format!("{}{}", (b'a' + pt.x) as char, (b'a' + pt.y) as char);
            bad(prop, &v, format!("a point on the {size}x{size} board"))
        })
    };
    let mut moves = 0usize;
    let mut to_move = Color::Black;
    let stop = move_number.unwrap_or(usize::MAX);
    'nodes: for node in root.main_variation() {
        // Setup first, then the move, as the SGF standard orders them within a node.
        for p in node.properties() {
            let (list, color) = match p {
                Prop::AB(l) => (l, Some(Color::Black)),
                Prop::AW(l) => (l, Some(Color::White)),
                Prop::AE(l) => (l, None),
                Prop::PL(c) => {
                    to_move = if *c == sgf_parse::Color::Black {
                        Color::Black
                    } else {
                        Color::White
                    };
                    continue;
                }
                Prop::Invalid(id, vals) if ["AB", "AW", "AE", "B", "W"].contains(&id.as_str()) => {
                    let v = vals.first().cloned().unwrap_or_default();
                    return Err(bad(
                        id,
                        &v,
                        "points written as two letters a..y".to_string(),
                    ));
                }
                _ => continue,
            };
            let mut pts: Vec<&Point> = list.iter().collect();
            pts.sort_by_key(|p| (p.y, p.x));
            let id = match color {
                Some(Color::Black) => "AB",
                Some(Color::White) => "AW",
                None => "AE",
            };
            for pt in pts {
                let loc = point(&board, id, pt)?;
                board.set_stone(loc, color).expect("on board");
            }
        }
        for p in node.properties() {
            let (mv, color, id) = match p {
                Prop::B(m) => (m, Color::Black, "B"),
                Prop::W(m) => (m, Color::White, "W"),
                _ => continue,
            };
            if moves + 1 >= stop {
                break 'nodes;
            }
            moves += 1;
            match mv {
                Move::Pass => board.pass(color),
                Move::Move(pt) if size <= 19 && pt.x == 19 && pt.y == 19 => board.pass(color),
                Move::Move(pt) => {
                    let loc = point(&board, id, pt)?;
                    if let Err(reason) = board.play(loc, color) {
                        return Err(SgfError {
                            at: None,
                            kind: SgfErrorKind::IllegalMove {
                                number: moves,
                                color,
                                vertex: vertex::name(&board, loc),
                                reason,
                            },
                        });
                    }
                }
            }
            to_move = color.opponent();
        }
    }
    if let Some(n) = move_number {
        if n > moves + 1 {
            return Err(SgfError {
                at: None,
                kind: SgfErrorKind::NoSuchMove {
                    asked: n,
                    available: moves,
                },
            });
        }
    }
    Ok(SgfPosition {
        board,
        to_move,
        moves_played: moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_and_moves() {
        let sgf = "(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ab];W[bb];B[ca];W[cb])";
        let p = load(sgf, None).unwrap();
        assert_eq!(p.moves_played, 3);
        assert_eq!(p.to_move, Color::Black);
        assert_eq!(
            p.board.to_diagram(),
            "X X X . .\nO O O . .\n. . . . .\n. . . . .\n. . . . .\n"
        );
        let q = load(sgf, Some(2)).unwrap();
        assert_eq!(q.moves_played, 1);
        assert_eq!(q.to_move, Color::Black);
        assert_eq!(load(sgf, Some(1)).unwrap().moves_played, 0);
        assert_eq!(
            load(sgf, Some(9)).unwrap_err().to_string(),
            "no move 9: the game has 3 moves"
        );
    }

    #[test]
    fn captures_and_passes() {
        let p = load("(;SZ[3];B[ab];W[aa];B[ba];W[];B[tt])", None).unwrap();
        assert_eq!(p.board.to_diagram(), ". X .\nX . .\n. . .\n");
        assert_eq!(p.moves_played, 5);
    }

    #[test]
    fn errors_are_located() {
        let e = load("(;SZ[5]\nAB[aa]\n;B[zz])", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:2: bad B value: expected a point on the 5x5 board"
        );
        let e = load("(;SZ[30])", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:3: bad SZ value: expected a square size 2..=25, found 30x30"
        );
        let e = load("(;SZ[5]AB[aa\n", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:10: SGF syntax: expected ']' to close the value opened here"
        );
        let e = load("(;SZ[5];B[aa]", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: SGF syntax: expected ')' to close the game tree opened here"
        );
        let e = load("(;SZ[5]AB[aa];W[aa])", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 1 (white A5) is illegal: the point is occupied"
        );
        let e = load("hello", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: SGF syntax: expected a game tree '(;...)'"
        );
        let e = load("(;SZ[5]B W[aa])", None).unwrap_err();
        assert_eq!(e.at, Some((1, 9)));
        let many = format!("(;SZ[5]{})", ";C[x]".repeat(20));
        let dir = std::env::temp_dir().join(format!("nakade-sgf-{}.sgf", std::process::id()));
        std::fs::write(&dir, "(;SZ[5]\n;B[aa]\n;W[aa])").unwrap();
        let e = load_file(&dir, None).unwrap_err().to_string();
        std::fs::write(&dir, "(;SZ[5]\n;B[aa]\n;W[za])").unwrap();
        let f = load_file(&dir, None).unwrap_err().to_string();
        std::fs::remove_file(&dir).ok();
        let name = dir.display().to_string();
        assert_eq!(
            e,
            format!("{name}: move 2 (white A5) is illegal: the point is occupied")
        );
        assert_eq!(
            f,
            format!("{name}:3:2: bad W value: expected a point on the 5x5 board")
        );
        let e = load_with(&many, None, SgfLimits { max_nodes: 10 }).unwrap_err();
        assert_eq!(
            e.kind,
            SgfErrorKind::TooManyNodes {
                found: 21,
                limit: 10
            }
        );
    }
}
