//! Lines of play: for each digit, a readable line reaching it.

use super::reading::Ctx;
use super::search::{Played, Rules, State, OUTER, PASS};
use super::JOINS_FIRST_FROM;

impl Ctx<'_> {
    /// A readable line of play for one digit: the first move reaching `target`, then (if
    /// `again`) a second move by the same player, then best play in the game that decides it.
    /// At each turn the winner plays its first winning move in the search's own order (with
    /// [`super::Features::joins_first`], the defender's moves that join the wall first): the
    /// winning move is then found early, and few losing ones are refuted on the way (the
    /// open 20-point edge's lines cost 78 thousand nodes this way, 329 thousand in the
    /// most-connected order).
    pub(super) fn line(
        &mut self,
        root: &State,
        firsts: &[(u8, u8, u8)],
        black: bool,
        target: u8,
        again: bool,
    ) -> String {
        let first = firsts
            .iter()
            .find(|&&(_, alt, ag)| if again { ag == target } else { alt == target });
        let Some(&(mv, _, _)) = first else {
            return String::new();
        };
        // The game that decides the digit: without the extra eye when the answer is 2 eyes
        // (defender lives) or the attacker kills outright; with it otherwise.
        let eye = target == 1;
        let rules = Rules { g: self.g, eye };
        let mut moves = vec![name(mv, black)];
        let mut hist = vec![root.board()];
        let mut state = match rules.play(root, black, mv) {
            Played::Next { state, .. } => state,
            _ => return moves.join(", "),
        };
        let mut to_move = if again { black } else { !black };
        if again {
            moves.push(name(PASS, !black));
        }
        let joins_first = self.s.features.joins_first && self.g.n >= JOINS_FIRST_FROM;
        for _ in 0..24 {
            let mut buf = [0u8; 34];
            let k = rules.moves(&state, to_move, joins_first, &mut buf);
            let mut chosen: Option<(u8, Played)> = None;
            if to_move && rules.wall_libs(&state) <= 1 {
                moves.push("B captures".to_string());
                break;
            }
            let wins_here = self.s.wins(&rules, &state, to_move, &hist);
            let mut fallback: Option<(u8, Played)> = None;
            hist.push(state.board());
            for &m in &buf[..k] {
                let p = rules.play(&state, to_move, m);
                match p {
                    Played::Illegal => continue,
                    Played::CapturedWall => {
                        chosen = Some((m, p));
                        break;
                    }
                    Played::Next { state: t, captured } => {
                        if !captured && m != PASS && hist.contains(&t.board()) {
                            continue;
                        }
                        if fallback.is_none() {
                            fallback = Some((m, p));
                        }
                        if wins_here && !self.s.wins(&rules, &t, !to_move, &hist) {
                            chosen = Some((m, p));
                            break;
                        }
                    }
                }
            }
            let Some((m, p)) = chosen.or(fallback) else {
                break;
            };
            moves.push(name(m, to_move));
            match p {
                Played::Next { state: t, .. } => {
                    if m == PASS
                        && moves.len() >= 2
                        && moves[moves.len() - 2] == moves[moves.len() - 1]
                    {
                        break;
                    }
                    state = t;
                }
                _ => {
                    moves.push("(W captured)".to_string());
                    break;
                }
            }
            to_move = !to_move;
            if !to_move && m == PASS {
                break;
            }
        }
        moves.join(", ")
    }
}

fn name(mv: u8, black: bool) -> String {
    let who = if black { 'B' } else { 'W' };
    match mv {
        PASS => format!("{who} pass"),
        OUTER => format!("{who} outer"),
        v => format!("{who} v{v}"),
    }
}
