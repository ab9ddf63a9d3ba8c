//! A life-and-death reader that shares no code with nakade, for reading a disputed position
//! apart from both nakade and GNU Go: the rules of Go on a small board, moves only on the
//! points marked playable, and an exhaustive alternating search with a memo.
//!
//! ```sh
//! cargo run --release --example local_reader -- FILE COLUMN,ROW b|w [MAX_PLIES]
//! ```
//!
//! FILE is the whole board, one line a row from the top: `X` black, `O` white, `.` an empty
//! point nobody plays (a living group's eye, ground outside the fight), `,` an empty point
//! either side may play. Black attacks the white string at COLUMN,ROW (from 0, counted from
//! the top left); `b` or `w` moves first. The answer is `Kill` when black captures the
//! string against every defence, `Live` when white keeps it against every attack, `Unknown`
//! when a line reaches MAX_PLIES (default 40) before the question is settled.
//!
//! The rules: a move captures the opponent's strings it takes the last liberty of, suicide is
//! illegal, a single stone that captured a single stone cannot be taken back at once (simple
//! ko; longer cycles end at the ply limit). Either side may pass; two passes in a row end the
//! fight with the string on the board (a seki counts as living). A string with two liberties
//! each of whose neighbours all belong to it has two eyes: it lives, and the line stops.
//!
//! Each answer is a proof over every line within the ply limit: `Kill` lists no unread
//! defence, `Live` no unread attack. A position and the side to move are read once (the
//! memo keeps settled answers only, keyed by the board, the side, the ko ban and a pass just
//! made).

use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Point {
    Empty,
    Black,
    White,
}

/// The board's shape: its neighbours and the points either side may play.
struct Grid {
    playable: Vec<usize>,
    neighbours: Vec<Vec<usize>>,
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
enum Answer {
    Kill,
    Live,
    Unknown,
}

type Key = (Vec<Point>, bool, Option<usize>, bool);

struct Reader<'a> {
    grid: &'a Grid,
    target: usize,
    memo: HashMap<Key, Answer>,
    nodes: u64,
    max_plies: u32,
}

impl Reader<'_> {
    fn read(
        &mut self,
        board: &[Point],
        black: bool,
        ko: Option<usize>,
        passed: bool,
        ply: u32,
    ) -> Answer {
        self.nodes += 1;
        if board[self.target] != Point::White {
            return Answer::Kill;
        }
        if two_eyes(board, self.grid, self.target) {
            return Answer::Live;
        }
        if ply >= self.max_plies {
            return Answer::Unknown;
        }
        let key = (board.to_vec(), black, ko, passed);
        if let Some(&a) = self.memo.get(&key) {
            return a;
        }
        let (colour, goal) = if black {
            (Point::Black, Answer::Kill)
        } else {
            (Point::White, Answer::Live)
        };
        let mut unread = false;
        let mut reached = false;
        for i in 0..self.grid.playable.len() {
            let p = self.grid.playable[i];
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
        if answer != Answer::Unknown {
            self.memo.insert(key, answer);
        }
        answer
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let usage = "usage: local_reader FILE COLUMN,ROW b|w [MAX_PLIES]";
    let [file, at, first, rest @ ..] = args else {
        return Err(usage.into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let width = rows.first().map_or(0, |r| r.chars().count());
    if width == 0 || rows.iter().any(|r| r.chars().count() != width) {
        return Err(format!(
            "{file}: every row must have the same number of points"
        ));
    }
    let height = rows.len();
    let mut board = vec![Point::Empty; width * height];
    let mut playable = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = y * width + x;
            match c {
                'X' => board[p] = Point::Black,
                'O' => board[p] = Point::White,
                ',' => playable.push(p),
                '.' => {}
                _ => {
                    return Err(format!(
                        "{file}:{}:{}: expected X, O, . or , and found {c:?}",
                        y + 1,
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
    let parse = |s: &str| s.trim().parse::<usize>().ok();
    let (column, row) = at
        .split_once(',')
        .and_then(|(c, r)| Some((parse(c)?, parse(r)?)))
        .ok_or(format!("{at}: expected COLUMN,ROW"))?;
    if column >= width || row >= height || board[row * width + column] != Point::White {
        return Err(format!("{at}: no white stone there"));
    }
    let black = match first.as_str() {
        "b" => true,
        "w" => false,
        _ => return Err(format!("{first}: expected b or w, the side to move")),
    };
    let max_plies = match rest {
        [] => 40,
        [n] => n
            .parse()
            .map_err(|_| format!("{n}: expected a number of plies"))?,
        _ => return Err(usage.into()),
    };
    let grid = Grid {
        playable,
        neighbours,
    };
    let mut reader = Reader {
        grid: &grid,
        target: row * width + column,
        memo: HashMap::new(),
        nodes: 0,
        max_plies,
    };
    let started = std::time::Instant::now();
    let answer = reader.read(&board, black, None, false, 0);
    Ok(format!(
        "{answer:?} ({} nodes, {:.1} s)",
        reader.nodes,
        started.elapsed().as_secs_f64()
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("local_reader: {e}");
            std::process::exit(2);
        }
    }
}
