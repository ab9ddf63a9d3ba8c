//! A GTP version 2 engine loop (Go Text Protocol, G. Farnebäck's specification).
//!
//! Takes command lines (bytes: anything, including invalid UTF-8 and overlong lines); gives
//! responses `=id result` or `?id message`, each ended by an empty line. Commands are a table
//! of closures ([`Handler`]) over an [`EngineState`]; the built-ins are `protocol_version`,
//! `name`, `version`, `known_command`, `list_commands`, `boardsize`, `clear_board`, `komi`,
//! `play`, `undo`, `loadsgf FILE [MOVE]`, `showboard` and `quit`. Other commands plug in with
//! [`Engine::register`]; the eye commands are in [`super::eye_commands`] (the loop knows
//! nothing of eyes).
//!
//! Input handling follows the specification's preprocessing: control characters other than
//! tab and newline are dropped, tabs become spaces, `#` starts a comment, empty lines are
//! skipped. Lines longer than [`MAX_LINE`] bytes are answered with an error and skipped.
//!
//! GNU Go 3.8's answers are the model where the specification leaves a choice: `boardsize`
//! reads its argument as C's `sscanf("%d")` does (a leading integer; `9.0` is 9) and accepts
//! GNU Go's sizes 1 to 19 and this board's up to [`MAX_SIZE`] (GNU Go says `unacceptable size`
//! above 19); `undo` takes back the last move or pass, those of a loaded SGF game included,
//! and says `cannot undo` when there is none; `loadsgf` sets the komi to the file's `KM`,
//! and where it has none to 5.5, or 0.5 with a handicap (`HA`). Warnings a command gives besides its answer
//! (stones an SGF setup leaves without liberties) go to the log of [`Engine::run_with_log`],
//! never into the protocol's output.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

use crate::board::finish::Rules;
use crate::board::strings::tactics::ReadLimits;
use crate::board::{sgf, vertex, Board, Color, DEFAULT_SIZE, MAX_SIZE};

/// Longest command line accepted, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// What commands work on.
#[derive(Clone, Debug)]
pub struct EngineState {
    /// The position.
    pub board: Board,
    /// Komi.
    pub komi: f64,
    /// Whose turn it is (after `loadsgf`, the colour it reports).
    pub to_move: Color,
    /// Reading limits for commands that read.
    pub limits: ReadLimits,
    /// The counting rules `final_score` uses: territory (GNU Go 3.8's default) unless the
    /// host says otherwise (`nakade gtp --rules area`, or KGS's `kgs-rules chinese`).
    pub rules: Rules,
    /// Set by `quit`.
    pub quit: bool,
    /// Warnings the last command gave besides its answer, one a line; [`Engine::run_with_log`]
    /// writes them to its log and empties the list after each command.
    pub warnings: Vec<String>,
}

impl Default for EngineState {
    fn default() -> Self {
        EngineState {
            board: Board::new(DEFAULT_SIZE).expect("default size"),
            komi: 0.0,
            to_move: Color::Black,
            limits: ReadLimits::default(),
            rules: Rules::Territory,
            quit: false,
            warnings: Vec::new(),
        }
    }
}

/// A command: arguments in, `Ok(result)` (printed after `=`) or `Err(message)` (after `?`).
pub type Handler = Box<dyn FnMut(&mut EngineState, &[&str]) -> Result<String, String> + Send>;

/// A GTP engine: state plus a command table.
pub struct Engine {
    /// The state the commands share.
    pub state: EngineState,
    commands: BTreeMap<String, Handler>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

pub(super) fn parse_color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color".to_string()),
    }
}

/// The integer at the start of `s`, as C's `sscanf("%d")` reads it (GNU Go's
/// `gtp_decode_int`): an optional sign, then digits; what follows is ignored. `None` when `s`
/// does not start so, or the number is out of `i64`'s range.
fn leading_integer(s: &str) -> Option<i64> {
    let digits_from = usize::from(s.starts_with(['+', '-']));
    let end = s[digits_from..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(s.len(), |i| digits_from + i);
    if end == digits_from {
        return None;
    }
    // Only too many digits can fail now: the number is as far out of range as it gets.
    Some(s[..end].parse().unwrap_or(if s.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// The board as `showboard` prints it: coordinates around, `X` black, `O` white.
pub fn show_board(board: &Board) -> String {
    const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let n = board.size();
    let letters: String = LETTERS.chars().take(n).flat_map(|c| [' ', c]).collect();
    let mut s = format!("\n   {}\n", letters.trim_start());
    for y in 0..n {
        let row = n - y;
        s.push_str(&format!("{row:2}"));
        for x in 0..n {
            let loc = board.loc(x, y).expect("on board");
            s.push(' ');
            s.push(board.color(loc).map_or('.', Color::to_char));
        }
        s.push_str(&format!(" {row}\n"));
    }
    s.push_str(&format!("   {}", letters.trim_start()));
    s
}

impl Engine {
    /// An engine with the built-in commands on an empty 19x19 board.
    pub fn new() -> Engine {
        let mut e = Engine {
            state: EngineState::default(),
            commands: BTreeMap::new(),
        };
        e.register("protocol_version", Box::new(|_, _| Ok("2".into())));
        e.register("name", Box::new(|_, _| Ok("nakade".into())));
        e.register(
            "version",
            Box::new(|_, _| Ok(env!("CARGO_PKG_VERSION").into())),
        );
        e.register(
            "boardsize",
            Box::new(|st, args| {
                let n = args
                    .first()
                    .and_then(|a| leading_integer(a))
                    .ok_or_else(|| "boardsize not an integer".to_string())?;
                let size = usize::try_from(n)
                    .ok()
                    .filter(|n| (1..=MAX_SIZE).contains(n))
                    .ok_or_else(|| "unacceptable size".to_string())?;
                st.board = Board::new(size).map_err(|_| "unacceptable size".to_string())?;
                st.to_move = Color::Black;
                Ok(String::new())
            }),
        );
        e.register(
            "clear_board",
            Box::new(|st, _| {
                st.board = Board::new(st.board.size()).expect("same size");
                st.to_move = Color::Black;
                Ok(String::new())
            }),
        );
        e.register(
            "komi",
            Box::new(|st, args| {
                let k: f64 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .filter(|k: &f64| k.is_finite())
                    .ok_or_else(|| "komi not a float".to_string())?;
                st.komi = k;
                Ok(String::new())
            }),
        );
        e.register(
            "play",
            Box::new(|st, args| {
                let [c, v] = args else {
                    return Err("invalid color or coordinate".into());
                };
                let color = parse_color(c)?;
                if v.eq_ignore_ascii_case("pass") {
                    st.board.pass(color);
                } else {
                    let loc = vertex::parse(&st.board, v)
                        .map_err(|_| "invalid coordinate".to_string())?;
                    st.board
                        .play(loc, color)
                        .map_err(|_| "illegal move".to_string())?;
                }
                st.to_move = color.opponent();
                Ok(String::new())
            }),
        );
        e.register(
            "undo",
            Box::new(|st, _| {
                let Some(last) = st.board.history().last().map(|r| r.color) else {
                    return Err("cannot undo".into());
                };
                st.board.undo();
                st.to_move = last;
                Ok(String::new())
            }),
        );
        e.register(
            "loadsgf",
            Box::new(|st, args| {
                let file = args.first().ok_or_else(|| "missing filename".to_string())?;
                let number = match args.get(1) {
                    None => None,
                    Some(a) => Some(
                        a.parse::<usize>()
                            .map_err(|_| "move number not an integer".to_string())?,
                    ),
                };
                let pos = sgf::load_file(std::path::Path::new(file), number)
                    .map_err(|e| format!("cannot open or parse file: {e}"))?;
                st.warnings
                    .extend(pos.warnings.iter().map(|w| format!("{file}:{w}")));
                st.board = pos.board;
                st.to_move = pos.to_move;
                // As GNU Go 3.8 sets it: the file's `KM`, else 0.5 with a handicap and 5.5
                // without, whatever it was before (the answers to a file are the same
                // whatever was loaded before it).
                st.komi = pos.komi.unwrap_or(if pos.handicap > 0 { 0.5 } else { 5.5 });
                Ok(pos.to_move.name().into())
            }),
        );
        e.register("showboard", Box::new(|st, _| Ok(show_board(&st.board))));
        e.register(
            "quit",
            Box::new(|st, _| {
                st.quit = true;
                Ok(String::new())
            }),
        );
        e
    }

    /// Add or replace a command.
    pub fn register(&mut self, name: &str, handler: Handler) {
        self.commands.insert(name.to_string(), handler);
    }

    /// The command names, sorted.
    pub fn command_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.commands.keys().cloned().collect();
        for extra in ["known_command", "list_commands"] {
            if !v.iter().any(|n| n == extra) {
                v.push(extra.to_string());
            }
        }
        v.sort();
        v
    }

    /// Run one line; `None` when it holds no command (empty or comment).
    pub fn execute_line(&mut self, raw: &[u8]) -> Option<String> {
        let text = String::from_utf8_lossy(raw);
        let mut clean: String = text
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() && c != '\n' => None,
                c => Some(c),
            })
            .collect();
        if let Some(i) = clean.find('#') {
            clean.truncate(i);
        }
        let mut words = clean.split_whitespace();
        let first = words.next()?;
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            match words.next() {
                Some(n) => (Some(first.to_string()), n.to_string()),
                None => return Some(format!("?{first} missing command\n\n")),
            }
        } else {
            (None, first.to_string())
        };
        let args: Vec<&str> = words.collect();
        let id = id.unwrap_or_default();
        let result = match name.as_str() {
            "known_command" => Ok(match args.first() {
                Some(n) => self.command_names().iter().any(|c| c == n).to_string(),
                None => "false".to_string(),
            }),
            "list_commands" => Ok(self.command_names().join("\n")),
            _ => match self.commands.get_mut(&name) {
                Some(h) => h(&mut self.state, &args),
                None => Err("unknown command".to_string()),
            },
        };
        Some(match result {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) if r.starts_with('\n') => format!("={id}{r}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(m) => format!("?{id} {m}\n\n"),
        })
    }

    /// Serve commands from `input` until `quit` or end of input, writing responses to `output`
    /// (warnings are dropped: see [`Engine::run_with_log`]).
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, output: W) -> io::Result<()> {
        self.run_with_log(input, output, io::sink())
    }

    /// [`Engine::run`], writing the warnings of each command to `log`, one a line, each
    /// starting `warning: ` (`nakade gtp` logs to standard error).
    pub fn run_with_log<R: BufRead, W: Write, L: Write>(
        &mut self,
        mut input: R,
        mut output: W,
        mut log: L,
    ) -> io::Result<()> {
        let mut line = Vec::new();
        loop {
            line.clear();
            let mut too_long = false;
            let mut got_any = false;
            loop {
                let buf = input.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                got_any = true;
                let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (&buf[..i], Some(i + 1)),
                    None => (buf, None),
                };
                if !too_long {
                    if line.len() + chunk.len() > MAX_LINE {
                        too_long = true;
                        line.clear();
                    } else {
                        line.extend_from_slice(chunk);
                    }
                }
                let used = done.unwrap_or(buf.len());
                input.consume(used);
                if done.is_some() {
                    break;
                }
            }
            if !got_any {
                return Ok(());
            }
            let response = if too_long {
                Some(format!("? line longer than {MAX_LINE} bytes\n\n"))
            } else {
                self.execute_line(&line)
            };
            for w in self.state.warnings.drain(..) {
                // The log is a courtesy: a closed one does not end the session.
                let _ = writeln!(log, "warning: {w}");
            }
            if let Some(r) = response {
                output.write_all(r.as_bytes())?;
                output.flush()?;
            }
            if self.state.quit {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> String {
        let mut e = Engine::new();
        let mut out = Vec::new();
        e.run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn basic_commands() {
        let out = session("1 protocol_version\nname\n\n# comment\n2 boardsize 5\n3 play b c3\n4 play w C3\n5 showboard\n6 frobnicate\n7 known_command play\n8 known_command eval_eye\nquit\nname\n");
        assert_eq!(
            out,
            "=1 2\n\n= nakade\n\n=2\n\n=3\n\n?4 illegal move\n\n=5\n   A B C D E\n 5 . . . . . 5\n 4 . . . . . 4\n 3 . . X . . 3\n 2 . . . . . 2\n 1 . . . . . 1\n   A B C D E\n\n?6 unknown command\n\n=7 true\n\n=8 false\n\n=\n\n"
        );
    }

    #[test]
    fn errors_keep_the_session() {
        let out = session("boardsize 0\nboardsize x\nkomi nan\nkomi 6.5\nplay b Z9\nplay q A1\nplay b\nloadsgf /nonexistent.sgf\n12\n");
        assert_eq!(
            out,
            "? unacceptable size\n\n? boardsize not an integer\n\n? komi not a float\n\n=\n\n? invalid coordinate\n\n? invalid color\n\n? invalid color or coordinate\n\n? cannot open or parse file: /nonexistent.sgf: cannot read: No such file or directory (os error 2)\n\n?12 missing command\n\n"
        );
    }

    #[test]
    fn undo_restores_the_position_and_the_colour_to_play() {
        let mut e = Engine::new();
        let mut out = Vec::new();
        e.run(
            "boardsize 5\nplay b a1\nplay w b1\nplay w a2\nundo\nundo\nundo\nundo\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n? cannot undo\n\n"
        );
        // The capture of A1 is taken back exactly; black was the last to move.
        assert_eq!(e.state.board, Board::new(5).unwrap());
        assert_eq!(e.state.to_move, Color::Black);
    }

    #[test]
    fn boardsize_reads_a_leading_integer_as_gnu_go() {
        assert_eq!(leading_integer("9"), Some(9));
        assert_eq!(leading_integer("9.0"), Some(9));
        assert_eq!(leading_integer("+9x"), Some(9));
        assert_eq!(leading_integer("-3"), Some(-3));
        assert_eq!(leading_integer("x9"), None);
        assert_eq!(leading_integer("-"), None);
        assert_eq!(leading_integer("99999999999999999999"), Some(i64::MAX));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn endless_files_are_refused() {
        let out = session("loadsgf /dev/zero\nname\n");
        assert_eq!(
            out,
            "? cannot open or parse file: /dev/zero: more than the limit of 4194304 bytes\n\n= nakade\n\n"
        );
    }

    #[test]
    fn list_commands_is_sorted_and_complete() {
        let out = session("list_commands\n");
        assert_eq!(out, "= boardsize\nclear_board\nknown_command\nkomi\nlist_commands\nloadsgf\nname\nplay\nprotocol_version\nquit\nshowboard\nundo\nversion\n\n");
    }

    #[test]
    fn overlong_and_binary_lines() {
        let mut input = vec![b'a'; MAX_LINE + 10];
        input.extend_from_slice(b"\n\xff\xfe name\nname\x01\n");
        let mut e = Engine::new();
        let mut out = Vec::new();
        e.run(&input[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            format!("? line longer than {MAX_LINE} bytes\n\n? unknown command\n\n= nakade\n\n")
        );
    }
}
