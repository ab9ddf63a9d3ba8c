//! The positions of `tests/final/` for the unit tests of the board stages.

use crate::board::{ascii, sgf, Board, Color};

/// Every position of `tests/final/` (the self-play games' ends and the composed ones), in
/// file order: its path, the board and the player to move (an SGF file's, black for a
/// diagram).
pub(crate) fn final_positions() -> Vec<(String, Board, Color)> {
    let mut out = Vec::new();
    for dir in ["selfplay", "composed"] {
        let dir = format!("{}/tests/final/{dir}", env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let (board, to_move) = match path.extension().and_then(|e| e.to_str()) {
                Some("sgf") => {
                    let pos = sgf::load(&text, None).unwrap();
                    (pos.board, pos.to_move)
                }
                _ => (ascii::parse_board(&text, None).unwrap().board, Color::Black),
            };
            out.push((path.display().to_string(), board, to_move));
        }
    }
    out
}
