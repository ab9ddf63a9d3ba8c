//! SGF input: text in, the [`Board`] at a chosen move and the colour to play out.
//!
//! The tree comes from the `sgf-parse` crate; the first game tree's main variation is followed.
//! Read: `SZ` (square sizes 1..=25, default 19), `AB`/`AW`/`AE` in any node (setup, without
//! rules), `B`/`W` moves (played with the rules; an empty value or `tt` on boards up to 19 is a
//! pass). `move_number` *n* stops before the *n*-th move (GTP `loadsgf FILE n`); `None` plays
//! them all.
//!
//! Errors are typed and located: syntax errors at the 1-based `line:col` found by a small
//! scanner of our own (the crate reports no positions), bad property values (a game other than
//! Go, `GM[2]`, included) at the property, illegal moves by move number and vertex. The number
//! of nodes is limited ([`SgfLimits::max_nodes`]) because the parsed tree nests one level per
//! node. Only the first game tree is read: text before it (a UTF-8 byte-order mark, a mail
//! header) and further trees are skipped, as SGF readers do.
//!
//! Setup is placed without rules, but a setup that leaves stones without liberties is not
//! taken silently: the stones are removed and [`SgfPosition::warnings`] names them and the
//! property that did it.

use std::fmt;

use sgf_parse::go::{Move, Point, Prop};

use super::{vertex, Board, Color, IllegalMove, Loc, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

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
#[derive(Clone, Debug, PartialEq)]
pub struct SgfPosition {
    /// The board.
    pub board: Board,
    /// Whose turn it is: the opponent of the last mover, black when no move was played
    /// (unless `PL` says otherwise).
    pub to_move: Color,
    /// How many moves were played.
    pub moves_played: usize,
    /// The komi of the root's `KM`, when it is a finite number.
    pub komi: Option<f64>,
    /// The root's `HA`, the handicap (0 where it is absent or not a whole number: the
    /// position reads the same either way).
    pub handicap: u32,
    /// What the reading changed in the file's position, in file order (setup stones left
    /// without liberties, and removed).
    pub warnings: Vec<SgfWarning>,
}

/// A change the reading made to the position the file describes, located at the property that
/// caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfWarning {
    /// Line and column (1-based) of the property.
    pub at: Option<(usize, usize)>,
    /// The property: `AB`, `AW` or `AE`.
    pub prop: String,
    /// What it changed.
    pub kind: SgfWarningKind,
}

/// What a setup property changed in the position the file describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfWarningKind {
    /// Stones left without liberties, removed.
    Removed {
        /// Their colour.
        color: Color,
        /// The stones, as GTP vertices.
        stones: Vec<String>,
    },
    /// A point that an earlier setup property of the same node set already (the SGF standard
    /// forbids it): this later setting is the one kept.
    SetTwice {
        /// The point, as a GTP vertex.
        point: String,
        /// The earlier property: `AB`, `AW` or `AE`.
        first: String,
    },
}

impl fmt::Display for SgfWarning {
    /// `LINE:COL: AW setup leaves the black stone A5 without liberties; it is removed`, or
    /// `LINE:COL: AW sets A5, which AB of the same node set already; AW's setting is kept` (no
    /// place: starting with a space, so a file name can be put in front with a colon).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((l, c)) => write!(f, "{l}:{c}: ")?,
            None => write!(f, " ")?,
        }
        match &self.kind {
            SgfWarningKind::Removed { color, stones } => {
                let one = stones.len() == 1;
                write!(
                    f,
                    "{} setup leaves the {} {} {} without liberties; {} removed",
                    self.prop,
                    color.name(),
                    if one { "stone" } else { "stones" },
                    stones.join(" "),
                    if one { "it is" } else { "they are" }
                )
            }
            SgfWarningKind::SetTwice { point, first } => write!(
                f,
                "{} sets {point}, which {first} of the same node set already; {}'s setting is kept",
                self.prop, self.prop
            ),
        }
    }
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
    /// The properties of the first game tree.
    props: Vec<ScannedProp>,
    /// The first game tree's bytes (from its `(` to its `)`), and the place of its `(`.
    first_tree: (std::ops::Range<usize>, (usize, usize)),
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
    let mut chars = text.char_indices().peekable();
    let mut first_tree: Option<(usize, (usize, usize))> = None;
    let mut first_tree_end: Option<usize> = None;
    let mut first_tree_props = 0;
    let mut open_parens: Vec<(usize, usize)> = Vec::new();
    let mut seen_tree = false;
    let mut nodes = 0;
    let mut props = Vec::new();
    let mut ident = String::new();
    let mut ident_at = (0, 0);
    let mut in_node = false;
    while let Some((offset, ch)) = chars.next() {
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
                if first_tree.is_none() {
                    first_tree = Some((offset, here));
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
                if open_parens.is_empty() && first_tree_end.is_none() {
                    first_tree_end = Some(offset + 1);
                    // Later game trees are checked, not kept.
                    first_tree_props = props.len();
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
                for (_, c) in chars.by_ref() {
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
                if !ident.is_empty() && chars.peek().is_some_and(|n| n.1.is_ascii_alphabetic()) {
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
    let (Some((start, at)), Some(end)) = (first_tree, first_tree_end) else {
        return Err(SgfError {
            at: Some((1, 1)),
            kind: SgfErrorKind::Syntax {
                expected: "a game tree '(;...)'".to_string(),
            },
        });
    };
    props.truncate(first_tree_props);
    Ok(Scan {
        nodes,
        props,
        first_tree: (start..end, at),
    })
}

/// What the SGF text should have been, for an error of the `sgf-parse` crate (the scanner has
/// caught most problems before; these are the rest).
fn parse_error_expected(e: &sgf_parse::SgfParseError) -> String {
    use sgf_parse::SgfParseError as E;
    match e {
        E::UnexpectedProperty => {
            "each root property (GM, FF, SZ, ...) once in the game tree's first node".to_string()
        }
        E::InvalidGameType | E::UnexpectedGameType => "GM[1] (the game of Go)".to_string(),
        E::NoGameTrees | E::UnexpectedEndOfData => "a game tree '(;...)'".to_string(),
        E::UnexpectedGameTreeStart => "a node ';' before a variation '('".to_string(),
        E::UnexpectedGameTreeEnd => "'(' before ')'".to_string(),
        other => {
            format!("property identifiers of capital letters, each with values in [ ] ({other})")
        }
    }
}

/// An SGF error with the file it came from.
#[derive(Debug, thiserror::Error)]
pub enum SgfFileError {
    /// The file could not be read. The system's message is part of this error's text, not
    /// also its `source()`, so that a chain printed whole says it once.
    #[error("{path}: cannot read: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
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
    let io = |error| SgfFileError::Io {
        path: name.clone(),
        error,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let Some(bytes) = crate::pattern::dsl::read_at_most(file, MAX_FILE_BYTES).map_err(io)? else {
        return Err(SgfFileError::TooLarge {
            path: name,
            limit: MAX_FILE_BYTES,
        });
    };
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
    // The game must be Go: `GM[1]`, or no GM at all.
    if let Some(gm) = scanned.props.iter().find(|p| p.ident == "GM") {
        if gm.values != ["1"] {
            return Err(SgfError {
                at: Some(gm.at),
                kind: SgfErrorKind::BadValue {
                    prop: "GM".to_string(),
                    expected: format!("1 (the game of Go), found GM[{}]", gm.values.join("][")),
                },
            });
        }
    }
    // The crate reads the first game tree alone (what comes before or after it is no concern
    // of ours); its errors carry no place, so they are put at the tree's '('.
    let (range, tree_at) = scanned.first_tree.clone();
    let trees = sgf_parse::go::parse(&text[range]).map_err(|e| SgfError {
        at: Some(tree_at),
        kind: SgfErrorKind::Syntax {
            expected: parse_error_expected(&e),
        },
    })?;
    let root = trees.first().ok_or(SgfError {
        at: Some(tree_at),
        kind: SgfErrorKind::Syntax {
            expected: "a game tree '(;...)'".to_string(),
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
    let mut warnings = Vec::new();
    // Stones removed by a setup property: the warning is placed at the property holding the
    // point that was placed (the capturing stone, or the stone without liberties).
    let setup_warning = |board: &Board, id: &str, pt: &Point, color: Color, stones: &[Loc]| {
        let mut stones = stones.to_vec();
        stones.sort_unstable();
        let value = format!("{}{}", (b'a' + pt.x) as char, (b'a' + pt.y) as char);
        SgfWarning {
            at: locate_value(id, &value),
            prop: id.to_string(),
            kind: SgfWarningKind::Removed {
                color,
                stones: stones.iter().map(|&l| vertex::name(board, l)).collect(),
            },
        }
    };
    let mut moves = 0usize;
    let mut to_move = Color::Black;
    let stop = move_number.unwrap_or(usize::MAX);
    'nodes: for node in root.main_variation() {
        // Setup first, then the move, as the SGF standard orders them within a node.
        let mut setup = false;
        // The points this node's setup has set, with the property that set each.
        let mut set_here: Vec<(Loc, &str)> = Vec::new();
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
                if let Some(&(_, first)) = set_here.iter().find(|(l, _)| *l == loc) {
                    let value = format!("{}{}", (b'a' + pt.x) as char, (b'a' + pt.y) as char);
                    warnings.push(SgfWarning {
                        at: locate_value(id, &value),
                        prop: id.to_string(),
                        kind: SgfWarningKind::SetTwice {
                            point: vertex::name(&board, loc),
                            first: first.to_string(),
                        },
                    });
                }
                set_here.push((loc, id));
                let removed = board.set_stone(loc, color).expect("on board");
                if let (Some(c), false) = (color, removed.is_empty()) {
                    warnings.push(setup_warning(&board, id, pt, c.opponent(), &removed));
                }
            }
            setup = true;
        }
        if setup {
            // Stones of the colour just placed can be left without liberties too (a black stone
            // put among white ones): removed as well, and said.
            for s in board.strings() {
                if board.color(s).is_none() || board.liberty_count(s) > 0 {
                    continue;
                }
                let c = board.color(s).expect("a stone");
                let stones = board.string_stones(s);
                for &l in &stones {
                    board.set_stone(l, None).expect("on board");
                }
                let first = *stones.iter().min().expect("a stone");
                let (x, y) = board.xy(first);
                let id = if c == Color::Black { "AB" } else { "AW" };
                let pt = Point {
                    x: x as u8,
                    y: y as u8,
                };
                warnings.push(setup_warning(&board, id, &pt, c, &stones));
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
    // Komi: a real number (a comma for the decimal point taken too); an empty value is no
    // komi; anything else is an error, not a komi of 0 (a score would rest on it).
    let komi = match scanned.props.iter().find(|p| p.ident == "KM") {
        None => None,
        Some(p) => {
            let v = p.values.first().map_or("", |v| v.trim());
            if v.is_empty() {
                None
            } else {
                let k = v
                    .parse::<f64>()
                    .or_else(|_| v.replace(',', ".").parse::<f64>())
                    .ok()
                    .filter(|k| k.is_finite());
                if k.is_none() {
                    return Err(SgfError {
                        at: Some(p.at),
                        kind: SgfErrorKind::BadValue {
                            prop: "KM".to_string(),
                            expected: format!("a number (the komi, such as 6.5), found KM[{v}]"),
                        },
                    });
                }
                k
            }
        }
    };
    let handicap = scanned
        .props
        .iter()
        .find(|p| p.ident == "HA")
        .and_then(|p| p.values.first())
        .and_then(|v| v.trim().parse::<u32>().ok())
        .unwrap_or(0);
    Ok(SgfPosition {
        board,
        to_move,
        moves_played: moves,
        komi,
        handicap,
        warnings,
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
    fn komi_is_a_number_or_an_error_at_its_place() {
        let komi = |text: &str| load(text, None).map(|p| p.komi);
        assert_eq!(komi("(;SZ[5]KM[6.5])"), Ok(Some(6.5)));
        assert_eq!(komi("(;SZ[5]KM[ 7,5 ])"), Ok(Some(7.5)));
        assert_eq!(komi("(;SZ[5]KM[])"), Ok(None));
        assert_eq!(komi("(;SZ[5])"), Ok(None));
        for bad in ["abc", "1e400", "nan", "inf"] {
            let err = load(&format!("(;SZ[5]\n  KM[{bad}])"), None).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "2:3: bad KM value: expected a number (the komi, such as 6.5), found KM[{bad}]"
                )
            );
        }
    }

    #[test]
    fn a_point_set_twice_in_one_node_is_said() {
        // Issue 35, item 17: conflicting setup was taken without a word.
        let p = load("(;SZ[5]AB[aa][bb]\nAW[cc][aa])", None).unwrap();
        let said: Vec<String> = p.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            said,
            ["2:1: AW sets A5, which AB of the same node set already; AW's setting is kept"]
        );
        assert_eq!(p.board.to_diagram().lines().next(), Some("O . . . ."));
        // The same point in two nodes is a change of setup, not a conflict.
        assert!(load("(;SZ[5]AB[aa];AW[aa])", None)
            .unwrap()
            .warnings
            .is_empty());
    }

    #[test]
    fn setup_left_without_liberties_is_removed_and_said() {
        // White's AW captures black's A5 B5 (opponent), and a black stone put among white
        // ones in a later node has no liberty either (its own colour).
        let p = load(
            "(;SZ[5]AB[aa][ba]\nAW[ca][ab][bb]\n;AW[ea][db]AB[da])",
            None,
        )
        .unwrap();
        let said: Vec<String> = p.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            said,
            [
                "2:1: AW setup leaves the black stones A5 B5 without liberties; they are removed",
                "3:12: AB setup leaves the black stone D5 without liberties; it is removed",
            ]
        );
        assert_eq!(
            p.warnings[1].kind,
            SgfWarningKind::Removed {
                color: Color::Black,
                stones: vec!["D5".to_string()]
            }
        );
        assert_eq!(p.board.to_diagram().lines().next(), Some(". . O . O"));
        p.board.check_consistency().unwrap();
        // Setup that leaves every stone a liberty says nothing.
        assert!(load("(;SZ[5]AB[aa]AW[ba])", None)
            .unwrap()
            .warnings
            .is_empty());
    }

    #[test]
    fn text_around_the_first_game_tree_is_skipped() {
        // A byte-order mark before it, another game after it.
        let p = load("\u{feff}(;SZ[5]AB[aa])(;GM[2])", None).unwrap();
        assert_eq!(p.board.to_diagram().lines().next(), Some("X . . . ."));
        let e = load("(;SZ[5]\n GM[2])", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:2: bad GM value: expected 1 (the game of Go), found GM[2]"
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
            "1:3: bad SZ value: expected a square size 1..=25, found 30x30"
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
