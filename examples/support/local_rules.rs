//! The rules and the search of `examples/local_reader.rs`, a life-and-death reader that
//! shares no code with nakade (included with `#[path]` by that example and by
//! `tests/solver_vs_local_reader.rs`; not an example of its own). See the example for the
//! rules it plays by.

// Each includer uses a part: the example `read_for`, the test `read`.
#![allow(dead_code)]

use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Point {
    Empty,
    Black,
    White,
}

/// The board's shape: its neighbours and the points either side may play.
pub struct Grid {
    pub playable: Vec<usize>,
    pub neighbours: Vec<Vec<usize>>,
}

/// The stones of the string at `p` and its liberties.
fn string_and_liberties(board: &[Point], grid: &Grid, p: usize) -> (Vec<usize>, Vec<usize>) {
    let colour = board[p];
    let mut in_string = vec![false; board.len()];
    let mut is_liberty = vec![false; board.len()];
    let (mut stones, mut liberties, mut todo) = (Vec::new(), Vec::new(), vec![p]);
    in_string[p] = true;
    while let Some(q) = todo.pop() {
        stones.push(q);
        for &n in &grid.neighbours[q] {
            if board[n] == colour && !in_string[n] {
                in_string[n] = true;
                todo.push(n);
            } else if board[n] == Point::Empty && !is_liberty[n] {
                is_liberty[n] = true;
                liberties.push(n);
            }
        }
    }
    (stones, liberties)
}

/// The board after `colour` plays at `p`, and the point the ko forbids next; `None` when the
/// move is illegal.
fn play(
    board: &[Point],
    grid: &Grid,
    p: usize,
    colour: Point,
    ko: Option<usize>,
) -> Option<(Vec<Point>, Option<usize>)> {
    if board[p] != Point::Empty || ko == Some(p) {
        return None;
    }
    let mut next = board.to_vec();
    next[p] = colour;
    let other = if colour == Point::Black {
        Point::White
    } else {
        Point::Black
    };
    let mut captured = Vec::new();
    for &n in &grid.neighbours[p] {
        if next[n] == other {
            let (stones, liberties) = string_and_liberties(&next, grid, n);
            if liberties.is_empty() {
                for q in stones {
                    next[q] = Point::Empty;
                    captured.push(q);
                }
            }
        }
    }
    let (stones, liberties) = string_and_liberties(&next, grid, p);
    if liberties.is_empty() {
        return None;
    }
    let ko =
        (captured.len() == 1 && stones.len() == 1 && liberties.len() == 1).then(|| captured[0]);
    Some((next, ko))
}

/// True when the string at `target` has two liberties surrounded by its own stones alone.
fn two_eyes(board: &[Point], grid: &Grid, target: usize) -> bool {
    let (stones, liberties) = string_and_liberties(board, grid, target);
    let mut in_string = vec![false; board.len()];
    for q in stones {
        in_string[q] = true;
    }
    liberties
        .iter()
        .filter(|&&l| grid.neighbours[l].iter().all(|&n| in_string[n]))
        .count()
        >= 2
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    Kill,
    Live,
    Unknown,
}

type Key = (Vec<Point>, bool, Option<usize>, bool);

/// What black must take.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// The target string.
    String,
    /// Any stone of the target string or of a white string beside a point marked `,`: the
    /// whole wall around the fight, where white may not give up one string to save another.
    Wall,
}

struct Reader<'a> {
    grid: &'a Grid,
    target: usize,
    /// With [`Goal::Wall`], every stone black wins by taking.
    wall: Vec<usize>,
    memo: HashMap<Key, Answer>,
    /// Positions read `Unknown`, with the plies that were left: such a position is
    /// `Unknown` again with as many plies left or fewer (a line that ends within fewer
    /// plies ends within more), so it is not read again then.
    unknown: HashMap<Key, u32>,
    nodes: u64,
    max_plies: u32,
}

impl Reader<'_> {
    /// The playable empty points, the target's liberties first, then the points beside a
    /// string of one or two liberties (a capture or an atari): the order only, every point
    /// is read.
    fn moves(&self, board: &[Point]) -> Vec<usize> {
        let (_, target_libs) = string_and_liberties(board, self.grid, self.target);
        let mut scored: Vec<(u32, usize)> = self
            .grid
            .playable
            .iter()
            .filter(|&&p| board[p] == Point::Empty)
            .map(|&p| {
                let mut score = if target_libs.contains(&p) { 100 } else { 0 };
                for &n in &self.grid.neighbours[p] {
                    if board[n] != Point::Empty {
                        let libs = string_and_liberties(board, self.grid, n).1.len();
                        score += 10 * 3u32.saturating_sub(libs as u32);
                    }
                }
                (score, p)
            })
            .collect();
        // Stable: equal scores keep the diagram's order.
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, p)| p).collect()
    }

    fn read(
        &mut self,
        board: &[Point],
        black: bool,
        ko: Option<usize>,
        passed: bool,
        ply: u32,
    ) -> Answer {
        self.nodes += 1;
        if board[self.target] != Point::White || self.wall.iter().any(|&q| board[q] != Point::White)
        {
            return Answer::Kill;
        }
        // Two eyes keep the target string; the rest of a wall may still be taken.
        if self.wall.is_empty() && two_eyes(board, self.grid, self.target) {
            return Answer::Live;
        }
        if ply >= self.max_plies {
            return Answer::Unknown;
        }
        let key = (board.to_vec(), black, ko, passed);
        if let Some(&a) = self.memo.get(&key) {
            return a;
        }
        let left = self.max_plies - ply;
        if self.unknown.get(&key).is_some_and(|&d| d >= left) {
            return Answer::Unknown;
        }
        let (colour, goal) = if black {
            (Point::Black, Answer::Kill)
        } else {
            (Point::White, Answer::Live)
        };
        let mut unread = false;
        let mut reached = false;
        for p in self.moves(board) {
            let Some((next, next_ko)) = play(board, self.grid, p, colour, ko) else {
                continue;
            };
            match self.read(&next, !black, next_ko, false, ply + 1) {
                a if a == goal => {
                    reached = true;
                    break;
                }
                Answer::Unknown => unread = true,
                _ => {}
            }
        }
        if !reached {
            let after_pass = if passed {
                Answer::Live
            } else {
                self.read(board, !black, None, true, ply + 1)
            };
            if after_pass == goal {
                reached = true;
            } else if after_pass == Answer::Unknown {
                unread = true;
            }
        }
        let answer = match (reached, unread) {
            (true, _) => goal,
            (false, true) => Answer::Unknown,
            (false, false) if black => Answer::Live,
            (false, false) => Answer::Kill,
        };
        if answer == Answer::Unknown {
            let d = self.unknown.entry(key).or_insert(0);
            *d = (*d).max(left);
        } else {
            self.memo.insert(key, answer);
        }
        answer
    }
}

/// A board read from a diagram (see the example): its points, its shape and its width.
pub struct Diagram {
    pub board: Vec<Point>,
    pub grid: Grid,
    pub width: usize,
}

/// Read a diagram: one line a row from the top, `X`, `O`, `.` (empty, not played) and `,`
/// (empty, playable). The error names the row and column (from 1) of a bad character.
pub fn parse_diagram(text: &str) -> Result<Diagram, String> {
    // Each row with its line in the file (from 1): blank lines are skipped.
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect();
    let width = rows.first().map_or(0, |r| r.1.chars().count());
    if width == 0 {
        return Err("1:1: expected a row of points, found none".into());
    }
    if let Some((line, row)) = rows.iter().find(|r| r.1.chars().count() != width) {
        return Err(format!(
            "{line}:1: expected {width} points, as in the first row, found {}",
            row.chars().count()
        ));
    }
    let height = rows.len();
    let mut board = vec![Point::Empty; width * height];
    let mut playable = Vec::new();
    for (y, &(line, row)) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = y * width + x;
            match c {
                // A stone's point is playable once the stone is taken (a ko retaken, a
                // snapback, a point played again inside), as in a game; `play` refuses it
                // while the stone stands.
                'X' => {
                    board[p] = Point::Black;
                    playable.push(p);
                }
                'O' => {
                    board[p] = Point::White;
                    playable.push(p);
                }
                ',' => playable.push(p),
                '.' => {}
                _ => {
                    return Err(format!(
                        "{line}:{}: expected X, O, . or , and found {c:?}",
                        x + 1
                    ))
                }
            }
        }
    }
    let mut neighbours = vec![Vec::new(); width * height];
    for y in 0..height {
        for x in 0..width {
            let n = &mut neighbours[y * width + x];
            if x > 0 {
                n.push(y * width + x - 1);
            }
            if x + 1 < width {
                n.push(y * width + x + 1);
            }
            if y > 0 {
                n.push((y - 1) * width + x);
            }
            if y + 1 < height {
                n.push((y + 1) * width + x);
            }
        }
    }
    Ok(Diagram {
        board,
        grid: Grid {
            playable,
            neighbours,
        },
        width,
    })
}

/// Whether black captures the white string at point `target` (black moving first or not),
/// within `max_plies`, and the nodes read.
pub fn read(diagram: &Diagram, target: usize, black_first: bool, max_plies: u32) -> (Answer, u64) {
    read_for(diagram, target, Goal::String, black_first, max_plies)
}

/// [`read`] with black's goal: the target string, or any stone of the wall around the fight.
pub fn read_for(
    diagram: &Diagram,
    target: usize,
    goal: Goal,
    black_first: bool,
    max_plies: u32,
) -> (Answer, u64) {
    let mut wall = Vec::new();
    if goal == Goal::Wall {
        let (stones, _) = string_and_liberties(&diagram.board, &diagram.grid, target);
        wall.extend(stones);
        let empty = diagram
            .grid
            .playable
            .iter()
            .filter(|&&p| diagram.board[p] == Point::Empty);
        for &p in empty {
            for &n in &diagram.grid.neighbours[p] {
                if diagram.board[n] == Point::White && !wall.contains(&n) {
                    wall.extend(string_and_liberties(&diagram.board, &diagram.grid, n).0);
                }
            }
        }
    }
    let mut reader = Reader {
        grid: &diagram.grid,
        target,
        wall,
        memo: HashMap::new(),
        unknown: HashMap::new(),
        nodes: 0,
        max_plies,
    };
    let answer = reader.read(&diagram.board, black_first, None, false, 0);
    (answer, reader.nodes)
}
