//! One question of the local game, asked many times on one space: does the wall live with this
//! player to move, these stones inside, these outer liberties and these ko threats?
//!
//! Takes a [`Space`] (its geometry: adjacency, edges, marginal vertices) and, per query, the
//! stones on it; gives a yes or no and a move that reaches it. Unlike [`super::solve`] it reads
//! only the game without the extra eye (a group whose only eye space is this one), and every
//! query on one space shares one transposition table: a stored result never depends on the
//! line that reached it, and the key holds the stones, outer liberties, ko and threats, so the
//! table stays sound across queries. This is what a library of solved shapes needs: many
//! stone patterns on one shape, read fast.

use std::time::Duration;

use super::search::{Exhausted, Geometry, Played, Rules, Searcher, State, NO_KO, OUTER, PASS};
use super::symmetry::Symmetries;
use super::{Features, Move, SolveError, Space, MAX_KO_THREATS, MAX_OUTER_LIBERTIES};

/// A query: the stones inside, the wall's outer liberties, the ko threats, who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalQuery {
    /// Attacker (opponent) stones inside the space.
    pub attacker: u32,
    /// Defender (owner) stones inside the space.
    pub defender: u32,
    /// Liberties of the wall outside the space.
    pub outer_liberties: u8,
    /// Ko threats: `[attacker, defender]`.
    pub threats: [u8; 2],
    /// True when the attacker moves first.
    pub attacker_to_move: bool,
}

/// How a [`LocalReader`] searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LocalSearch {
    /// The search as it was before the features of [`Features`] (`Features::BASELINE`,
    /// without lines of play), with the sound table.
    #[default]
    Plain,
    /// [`LocalSearch::Plain`] and the features that only end a line sooner or order moves:
    /// a line ends as soon as the wall has two vital regions, a miai of them counted
    /// ([`Features::static_life`], [`Features::miai_regions`]); the defender's moves that
    /// join the wall, and those after which it lives statically, are read first
    /// ([`Features::joins_first`], [`Features::win_first`]); the attacker's killer moves
    /// first ([`Features::killers_from`]). The same answers; on some spaces far fewer nodes:
    /// the empty 8-cell corner shape of placement 1812 of the size-8 library (an owner's
    /// stone in its hole), the opponent to move with 2 outer liberties, reads more than 20 M
    /// nodes plainly and 2 thousand so. What `nakade library build` reads with unless told
    /// `--search plain`.
    Static,
}

impl std::fmt::Display for LocalSearch {
    /// `plain` or `static`, as `nakade library build --search` names them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LocalSearch::Plain => "plain",
            LocalSearch::Static => "static",
        })
    }
}

/// The search for many queries sharing one table. Results that depend on the line of play are
/// tagged with positions of one search's line, which a later query's line would not share, so
/// they must not be kept across queries ([`Features::local_results`] off); and a result stored
/// as holding whatever the line is used on a later query's line only where its proof holds
/// there too ([`Features::sound_table`]), as the queries start from different positions.
fn searcher(node_limit: u64, time_limit: Option<Duration>, search: LocalSearch) -> Searcher {
    let features = match search {
        LocalSearch::Plain => Features {
            lines: false,
            sound_table: true,
            ..Features::BASELINE
        },
        LocalSearch::Static => Features {
            lines: false,
            sound_table: true,
            static_life: true,
            miai_regions: true,
            joins_first: true,
            win_first: true,
            killers_from: super::KILLERS_FROM,
            repetition_filter: true,
            presized_table: true,
            ..Features::BASELINE
        },
    };
    Searcher::new(node_limit, time_limit, features, Symmetries::default())
}

/// Many queries on one space, sharing a transposition table.
pub struct LocalReader {
    g: Geometry,
    n: usize,
    s: Searcher,
    node_limit: u64,
    time_limit: Option<Duration>,
    search: LocalSearch,
    /// Nodes of every query answered, and of the largest one.
    total: u64,
    most: u64,
}

impl LocalReader {
    /// A reader for `space` (checked as [`super::solve`] checks it); each query may visit at
    /// most `node_limit` nodes.
    pub fn new(space: &Space, node_limit: u64) -> Result<LocalReader, SolveError> {
        LocalReader::with_search(space, node_limit, None, LocalSearch::Plain)
    }

    /// [`LocalReader::new`], searching as `search` says; with a `time_limit`, every query
    /// fails with [`SolveError::TimeLimit`] once that long has passed since the reader was
    /// made (the clock read as [`super::Params::time_limit`] says).
    pub fn with_search(
        space: &Space,
        node_limit: u64,
        time_limit: Option<Duration>,
        search: LocalSearch,
    ) -> Result<LocalReader, SolveError> {
        space.check()?;
        Ok(LocalReader {
            g: space.geometry(),
            n: space.n,
            s: searcher(node_limit, time_limit, search),
            node_limit,
            time_limit,
            search,
            total: 0,
            most: 0,
        })
    }

    fn root(&self, q: &LocalQuery) -> Result<State, SolveError> {
        let all = if self.n >= 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        for (mask, what) in [
            (q.attacker, "attacker stones"),
            (q.defender, "defender stones"),
        ] {
            if mask & !all != 0 {
                return Err(SolveError::VertexOutOfRange {
                    what,
                    vertex: (mask & !all).trailing_zeros() as usize,
                    n: self.n,
                });
            }
        }
        if q.outer_liberties > MAX_OUTER_LIBERTIES {
            return Err(SolveError::ParameterTooLarge {
                what: "outer liberties",
                given: q.outer_liberties,
                limit: MAX_OUTER_LIBERTIES,
            });
        }
        for (what, given) in [
            ("attacker ko threats", q.threats[0]),
            ("defender ko threats", q.threats[1]),
        ] {
            if given > MAX_KO_THREATS {
                return Err(SolveError::ParameterTooLarge {
                    what,
                    given,
                    limit: MAX_KO_THREATS,
                });
            }
        }
        Ok(State {
            black: q.attacker,
            white: q.defender & !q.attacker,
            outer: q.outer_liberties,
            ko: NO_KO,
            threats: q.threats,
        })
    }

    /// True when the wall lives (the defender keeps it) under best play. A position where the
    /// attacker to move captures at once is dead; one where the defender to move is already
    /// captured cannot arise (the query's stones are taken as they are).
    pub fn alive(&mut self, q: &LocalQuery) -> Result<bool, SolveError> {
        let root = self.root(q)?;
        let rules = Rules {
            g: &self.g,
            eye: false,
        };
        self.s.stats.nodes = 0;
        let w = self.s.wins(&rules, &root, q.attacker_to_move, &[]);
        self.check_budget()?;
        Ok(if q.attacker_to_move { !w } else { w })
    }

    /// A move for the player to move that keeps the best result they can reach: the first
    /// move (most connected vertex first, then the attacker's outer liberty or the defender's
    /// pass) after which the opponent does not win; `None` when every move loses (or none
    /// is legal).
    pub fn best_move(&mut self, q: &LocalQuery) -> Result<Option<Move>, SolveError> {
        let root = self.root(q)?;
        let rules = Rules {
            g: &self.g,
            eye: false,
        };
        let black = q.attacker_to_move;
        self.s.stats.nodes = 0;
        let mut buf = [0u8; 34];
        let k = rules.moves(&root, black, false, &mut buf);
        let hist = [root.board()];
        let mut found = None;
        for &m in &buf[..k] {
            match rules.play(&root, black, m) {
                Played::Illegal => continue,
                Played::CapturedWall => {
                    found = Some(m);
                    break;
                }
                Played::Next { state, captured } => {
                    if !captured && m != PASS && state.board() == root.board() {
                        continue;
                    }
                    if !self.s.wins(&rules, &state, !black, &hist) {
                        found = Some(m);
                        break;
                    }
                }
            }
        }
        self.check_budget()?;
        Ok(found.map(|m| match m {
            OUTER => Move::OuterLiberty,
            PASS => Move::Pass,
            v => Move::Vertex(v as usize),
        }))
    }

    /// Search nodes of the last query.
    pub fn nodes(&self) -> u64 {
        self.s.stats.nodes
    }

    /// Search nodes of every query this reader answered.
    pub fn total_nodes(&self) -> u64 {
        self.total
    }

    /// Search nodes of the largest query this reader answered.
    pub fn most_nodes(&self) -> u64 {
        self.most
    }

    fn check_budget(&mut self) -> Result<(), SolveError> {
        let nodes = self.s.stats.nodes;
        let exhausted = self.s.exhausted.take();
        if exhausted.is_none() && nodes <= self.node_limit {
            self.total = self.total.saturating_add(nodes);
            self.most = self.most.max(nodes);
            return Ok(());
        }
        let error = match exhausted {
            Some(Exhausted::Time) => SolveError::TimeLimit {
                elapsed: self.s.started.elapsed(),
                nodes,
            },
            Some(Exhausted::Memory) => SolveError::OutOfMemory { nodes },
            Some(Exhausted::Nodes) | None => SolveError::SearchLimit { nodes },
        };
        // The table may hold answers cut short: start again from an empty one (and a new
        // time limit).
        self.s = searcher(self.node_limit, self.time_limit, self.search);
        Err(error)
    }
}
