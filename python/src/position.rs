//! Positions: a board with stones, from SGF, a diagram, lists of stones or a grid.
//!
//! Points the package gives are GTP vertices (`"D4"`: column letter without I, row counted
//! from the bottom). Points it takes are GTP vertices or `(column, row)` tuples, 0-based from
//! the top left: the indices of a grid, `grid[row][column]`.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyString;

use nakade::board::{ascii, sgf, vertex, Board, Color, Loc};

use crate::errors::Error;

/// A point as a caller gives it.
#[derive(FromPyObject)]
pub enum PointArg {
    /// A GTP vertex, `"D4"`.
    Name(String),
    /// `(column, row)`, 0-based from the top left.
    Xy((i64, i64)),
}

impl PointArg {
    pub fn loc(&self, board: &Board) -> Result<Loc, Error> {
        match self {
            PointArg::Name(name) => {
                vertex::parse(board, name).map_err(|e| Error::Vertex(e.to_string()))
            }
            &PointArg::Xy((x, y)) => usize::try_from(x)
                .ok()
                .zip(usize::try_from(y).ok())
                .and_then(|(x, y)| board.loc(x, y))
                .ok_or_else(|| {
                    Error::Vertex(format!(
                        "({x}, {y}) is off the {n}x{n} board; columns and rows are 0..{n}",
                        n = board.size()
                    ))
                }),
        }
    }
}

pub fn color_name(c: Color) -> &'static str {
    c.name()
}

fn parse_color(s: &str) -> Result<Color, Error> {
    match s.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Color::Black),
        "white" | "w" | "o" => Ok(Color::White),
        _ => Err(Error::Value(format!(
            "{s:?} is not a colour: expected \"black\" or \"white\""
        ))),
    }
}

pub fn optional_color(s: Option<&str>) -> Result<Option<Color>, Error> {
    s.map(parse_color).transpose()
}

/// A Go position: the stones on a board of 1x1 to 25x25 and whose turn it is. Immutable.
///
/// Points it gives are GTP vertices (`"D4"`); points it takes are vertices or `(column, row)`
/// tuples, 0-based from the top left, as the indices of `grid()` (`grid()[row][column]`).
///
/// >>> pos = nakade.Position(9, black=["C3", "D3"], white=[(4, 6)])
/// >>> pos.white
/// ['E3']
/// >>> pos.color("C3"), pos.color((3, 6)), pos.color("A1")
/// ('black', 'black', None)
#[pyclass(frozen, module = "nakade")]
pub struct Position {
    pub board: Board,
    to_move: Color,
    moves_played: usize,
    warnings: Vec<String>,
    komi: Option<f64>,
}

impl Position {
    fn plain(board: Board) -> Position {
        Position {
            board,
            to_move: Color::Black,
            moves_played: 0,
            warnings: Vec::new(),
            komi: None,
        }
    }

    /// Whose turn it is.
    pub fn to_move_color(&self) -> Color {
        self.to_move
    }

    /// The SGF's komi, when it had one.
    pub fn sgf_komi(&self) -> Option<f64> {
        self.komi
    }
}

fn new_board(size: usize) -> Result<Board, Error> {
    Board::new(size).map_err(|e| Error::Board {
        message: e.to_string(),
        at: None,
    })
}

/// Put a stone; refused when it leaves opponent stones without liberties (the board would take
/// them off: a position nobody gave).
fn place(board: &mut Board, loc: Loc, color: Color) -> Result<(), Error> {
    let removed = board
        .set_stone(loc, Some(color))
        .map_err(|e| Error::Board {
            message: e.to_string(),
            at: None,
        })?;
    if removed.is_empty() {
        return Ok(());
    }
    let mut removed = removed;
    removed.sort_unstable();
    let names: Vec<String> = removed.iter().map(|&l| vertex::name(board, l)).collect();
    Err(Error::Board {
        message: format!(
            "the {} {} {} would be left without liberties: not a legal position",
            color.opponent().name(),
            if names.len() == 1 { "stone" } else { "stones" },
            names.join(" ")
        ),
        at: None,
    })
}

/// Refuse a set-up position with a string without liberties.
fn check_liberties(board: &Board) -> Result<(), Error> {
    for s in board.strings() {
        if board.liberty_count(s) == 0 {
            let mut stones = board.string_stones(s);
            stones.sort_unstable();
            let names: Vec<String> = stones.iter().map(|&l| vertex::name(board, l)).collect();
            return Err(Error::Board {
                message: format!(
                    "the {} {} {} would be left without liberties: not a legal position",
                    board.color(s).map_or("", Color::name),
                    if names.len() == 1 { "stone" } else { "stones" },
                    names.join(" ")
                ),
                at: None,
            });
        }
    }
    Ok(())
}

/// One cell of a grid: 0/1/2, "."/"X"/"O" or None.
fn grid_cell(cell: &Bound<'_, PyAny>, row: usize, col: usize) -> Result<Option<Color>, Error> {
    let bad = || Error::Board {
        message: format!(
            "row {row}, column {col}: expected 0, 1, 2 or '.', 'X', 'O' (empty, black, white)"
        ),
        at: None,
    };
    if cell.is_none() {
        return Ok(None);
    }
    if let Ok(n) = cell.extract::<i64>() {
        return match n {
            0 => Ok(None),
            1 => Ok(Some(Color::Black)),
            2 => Ok(Some(Color::White)),
            _ => Err(bad()),
        };
    }
    match cell.extract::<String>().map_err(|_| bad())?.as_str() {
        "." | "+" | "" => Ok(None),
        "X" | "x" | "B" | "b" => Ok(Some(Color::Black)),
        "O" | "o" | "W" | "w" => Ok(Some(Color::White)),
        _ => Err(bad()),
    }
}

#[pymethods]
impl Position {
    /// A board of `size` lines with `black` and `white` stones set up (GTP vertices or
    /// `(column, row)` tuples). Raises BoardError for a size outside 1..=25 or a stone without
    /// liberties, VertexError for a point off the board.
    #[new]
    #[pyo3(signature = (size = 19, *, black = Vec::new(), white = Vec::new(), to_move = "black"),
           text_signature = "(size=19, *, black=(), white=(), to_move='black')")]
    fn new(
        size: usize,
        black: Vec<PointArg>,
        white: Vec<PointArg>,
        to_move: &str,
    ) -> PyResult<Position> {
        let mut board = new_board(size)?;
        let to_move = parse_color(to_move)?;
        for (color, points) in [(Color::Black, &black), (Color::White, &white)] {
            for p in points {
                let loc = p.loc(&board)?;
                if board.color(loc).is_some() {
                    return Err(Error::Board {
                        message: format!("{} is given twice", vertex::name(&board, loc)),
                        at: None,
                    }
                    .into());
                }
                place(&mut board, loc, color)?;
            }
        }
        check_liberties(&board)?;
        Ok(Position {
            to_move,
            ..Position::plain(board)
        })
    }

    /// A position from a grid: a list of rows from the top, each a list (or string) of cells
    /// `0`/`1`/`2` or `"."`/`"X"`/`"O"` (empty, black, white). The grid is square.
    ///
    /// >>> nakade.Position.from_grid(["X.", ".O"]).black
    /// ['A2']
    #[staticmethod]
    fn from_grid(rows: &Bound<'_, PyAny>) -> PyResult<Position> {
        let rows: Vec<Bound<'_, PyAny>> = rows.try_iter()?.collect::<PyResult<_>>()?;
        let size = rows.len();
        let mut board = new_board(size)?;
        for (y, row) in rows.iter().enumerate() {
            let cells: Vec<Bound<'_, PyAny>> = if let Ok(s) = row.cast::<PyString>() {
                s.to_cow()?
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| PyString::new(row.py(), &c.to_string()).into_any())
                    .collect()
            } else {
                row.try_iter()?.collect::<PyResult<_>>()?
            };
            if cells.len() != size {
                return Err(Error::Board {
                    message: format!(
                        "row {y} has {} cells; the grid has {size} rows and is square",
                        cells.len()
                    ),
                    at: None,
                }
                .into());
            }
            for (x, cell) in cells.iter().enumerate() {
                if let Some(c) = grid_cell(cell, y, x)? {
                    let loc = board.loc(x, y).expect("inside");
                    place(&mut board, loc, c)?;
                }
            }
        }
        check_liberties(&board)?;
        Ok(Position::plain(board))
    }

    /// The position of an SGF game before move `move` (1-based; None: after every move).
    /// Raises SgfError with `.line` and `.column`.
    ///
    /// >>> pos = nakade.Position.from_sgf("(;SZ[9];B[cc];W[gg];B[dc])", move=3)
    /// >>> pos.black, pos.white, pos.to_move, pos.moves_played
    /// (['C7'], ['G3'], 'black', 2)
    #[staticmethod]
    #[pyo3(signature = (text, r#move = None), text_signature = "(text, move=None)")]
    fn from_sgf(py: Python<'_>, text: &str, r#move: Option<usize>) -> PyResult<Position> {
        let p = py.detach(|| sgf::load(text, r#move).map_err(Error::from))?;
        Ok(Position {
            board: p.board,
            to_move: p.to_move,
            moves_played: p.moves_played,
            komi: p.komi,
            warnings: p
                .warnings
                .iter()
                .map(|w| w.to_string().trim().to_string())
                .collect(),
        })
    }

    /// [`Position.from_sgf`] of a file; errors name it (`.path`).
    #[staticmethod]
    #[pyo3(signature = (path, r#move = None), text_signature = "(path, move=None)")]
    fn from_sgf_file(py: Python<'_>, path: PathBuf, r#move: Option<usize>) -> PyResult<Position> {
        let p = py.detach(|| sgf::load_file(&path, r#move).map_err(Error::from))?;
        Ok(Position {
            board: p.board,
            to_move: p.to_move,
            moves_played: p.moves_played,
            komi: p.komi,
            warnings: p
                .warnings
                .iter()
                .map(|w| w.to_string().trim().to_string())
                .collect(),
        })
    }

    /// A position from a board diagram as `nakade analyze` reads one (`X`, `O`, `.`, edges
    /// `|` and `-`); `size` when the diagram shows a corner of a larger board. Raises
    /// BoardError with `.line` and `.column`.
    ///
    /// >>> nakade.Position.from_diagram("+---+\n|X .|\n|. O|\n+---+").white
    /// ['B1']
    #[staticmethod]
    #[pyo3(signature = (text, size = None))]
    fn from_diagram(text: &str, size: Option<usize>) -> PyResult<Position> {
        let d = ascii::parse_board(text, size).map_err(Error::from)?;
        Ok(Position::plain(d.board))
    }

    /// The number of lines.
    #[getter]
    fn size(&self) -> usize {
        self.board.size()
    }

    /// Whose turn it is: `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        color_name(self.to_move)
    }

    /// The komi of the SGF's `KM`; None for other positions.
    #[getter(komi)]
    fn komi_getter(&self) -> Option<f64> {
        self.komi
    }

    /// Moves played to reach the position (SGF); 0 otherwise.
    #[getter]
    fn moves_played(&self) -> usize {
        self.moves_played
    }

    /// What reading the SGF changed (setup stones without liberties removed), one message
    /// each, `LINE:COL: ...`.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The black stones, as GTP vertices in board order (from the top left).
    #[getter]
    fn black(&self) -> Vec<String> {
        self.stones(Color::Black)
    }

    /// The white stones, as GTP vertices in board order.
    #[getter]
    fn white(&self) -> Vec<String> {
        self.stones(Color::White)
    }

    /// The board as rows from the top, cells 0 (empty), 1 (black), 2 (white).
    fn grid(&self) -> Vec<Vec<u32>> {
        let b = &self.board;
        (0..b.size())
            .map(|y| {
                (0..b.size())
                    .map(|x| match b.color(b.loc(x, y).expect("inside")) {
                        None => 0,
                        Some(Color::Black) => 1,
                        Some(Color::White) => 2,
                    })
                    .collect()
            })
            .collect()
    }

    /// The stone on a point: `"black"`, `"white"` or None.
    fn color(&self, point: PointArg) -> PyResult<Option<&'static str>> {
        let loc = point.loc(&self.board)?;
        Ok(self.board.color(loc).map(color_name))
    }

    /// A point as a GTP vertex: `pos.vertex((3, 5)) == "D4"` on a 9x9 board.
    fn vertex(&self, point: PointArg) -> PyResult<String> {
        Ok(vertex::name(&self.board, point.loc(&self.board)?))
    }

    /// A point as `(column, row)`, 0-based from the top left: `pos.xy("D4") == (3, 5)` on 9x9.
    fn xy(&self, point: PointArg) -> PyResult<(usize, usize)> {
        Ok(self.board.xy(point.loc(&self.board)?))
    }

    /// The board as a diagram: `X`, `O`, `.`, a space between cells, a row a line.
    fn __str__(&self) -> String {
        self.board.to_diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({}, black={:?}, white={:?}, to_move={:?})",
            self.board.size(),
            self.black(),
            self.white(),
            self.to_move()
        )
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.to_move as u8, self.grid()).hash(&mut h);
        h.finish()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|o| {
            let o = o.get();
            o.to_move == self.to_move && o.grid() == self.grid()
        })
    }
}

impl Position {
    fn stones(&self, c: Color) -> Vec<String> {
        self.board
            .locs()
            .filter(|&l| self.board.color(l) == Some(c))
            .map(|l| vertex::name(&self.board, l))
            .collect()
    }
}
