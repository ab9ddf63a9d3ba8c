//! A running GNU Go 3.8 over GTP, for the examples that compare with it (included with
//! `#[path]`; not an example of its own).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use nakade::board::{Board, Color};

/// GNU Go in GTP mode (`$NAKADE_GNUGO`, else `/usr/games/gnugo`).
pub struct Gnugo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gnugo {
    pub fn start() -> std::io::Result<Gnugo> {
        Gnugo::start_with(&[])
    }

    /// GNU Go with these options besides `--mode gtp --quiet` (`--chinese-rules`).
    pub fn start_with(options: &[&str]) -> std::io::Result<Gnugo> {
        let path = std::env::var("NAKADE_GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".into());
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--quiet"])
            .args(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let stdout = child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        Ok(Gnugo {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// Send one command; the answer without `= `, or the error text.
    pub fn ask(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if self
                .stdout
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err("gnugo ended".into());
            }
            if line.trim().is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push_str(&line);
        }
        let text = text.trim_end();
        match text.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_string()),
            None => Err(text.to_string()),
        }
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// The position as SGF setup stones (GNU Go reads no diagram).
pub fn setup_sgf(board: &Board) -> String {
    let n = board.size();
    let mut s = format!("(;GM[1]FF[4]SZ[{n}]KM[0]");
    for (tag, c) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<String> = board
            .locs()
            .filter(|&l| board.color(l) == Some(c))
            .map(|l| {
                let (x, y) = board.xy(l);
                format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
            })
            .collect();
        if !stones.is_empty() {
            s.push_str(tag);
            s.push_str(&stones.concat());
        }
    }
    s.push_str("PL[B])\n");
    s
}
