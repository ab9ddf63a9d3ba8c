//! `nakade library build|merge|lookup|stats`: the solved shape library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Subcommand;
use serde_json::json;

use nakade::evaluation::library::{
    orient, read_layout, BlockLimits, Library, Outcome, BUILD_NODE_LIMIT, MAX_LIBERTIES,
    MAX_LIBRARY_SIZE,
};
use nakade::evaluation::solve::LocalSearch;
use nakade::evaluation::theory::placement::Edge;
use nakade::evaluation::theory::polyomino::Cell;
use nakade::pattern::diagram::Content;
use nakade::pattern::encoded::parse_graph;
use nakade::tools::library_build::{build_with, BuildError, BuildOptions};

use crate::output::write_whole;

#[derive(Subcommand, Debug)]
pub enum LibraryCommand {
    /// Solve every shape up to N cells in every placement (or one shard of them).
    Build {
        /// Largest shape, in cells.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_LIBRARY_SIZE as i64))]
        up_to: u8,
        /// Compute only shard K of N (placements numbered K-1 modulo N) into a part file.
        #[arg(long, value_parser = shard_arg)]
        shard: Option<(u16, u16)>,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
        /// Give up when one query (one position, player to move, liberty count and ko
        /// threats) reads more than this many search nodes (default 20,000,000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        node_limit: Option<u64>,
        /// Give up when one placement's reading takes longer than this many seconds,
        /// fractions allowed (default: none); 0 means no time limit.
        #[arg(long, value_parser = crate::seconds)]
        time_limit: Option<Duration>,
        /// The search: `static` ends a line once the wall has two vital regions and reads
        /// joining and winning moves first; `plain` is the search without those (the same
        /// answers; it gives up on some 8-cell placements).
        #[arg(long, default_value = "static", value_parser = ["static", "plain"])]
        search: String,
    },
    /// Join part files into the library file (the same bytes as one unsharded build).
    Merge {
        /// Part files, any order.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Look a position up: an encoded eye graph (`X` for opponent stones).
    Lookup {
        /// The library file.
        #[arg(long)]
        library: PathBuf,
        /// The encoded eye graph.
        #[arg(allow_hyphen_values = true)]
        graph: String,
        /// Who moves: `owner` or `opponent`.
        #[arg(long, default_value = "opponent", value_parser = ["owner", "opponent"])]
        to_move: String,
        /// The owner's outside liberties.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_LIBERTIES)))]
        liberties: u8,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The library's positions and their breakdown by factor.
    Stats {
        /// The library file.
        #[arg(long)]
        library: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn shard_arg(s: &str) -> Result<(u16, u16), String> {
    let bad = || format!("{s:?}: expected K/N with 1 <= K <= N, such as 2/4");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k: u16 = k.trim().parse().map_err(|_| bad())?;
    let n: u16 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub fn open(path: &Path) -> anyhow::Result<Library> {
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    Library::from_bytes(bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn run(cmd: LibraryCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        LibraryCommand::Build {
            up_to,
            shard,
            out,
            node_limit,
            time_limit,
            search,
        } => {
            let started = Instant::now();
            let options = BuildOptions {
                up_to: usize::from(up_to),
                shard: shard.unwrap_or((1, 1)),
                progress: true,
                limits: BlockLimits {
                    node_limit: node_limit.unwrap_or(BUILD_NODE_LIMIT),
                    time_limit: time_limit.filter(|t| !t.is_zero()),
                },
                search: if search == "plain" {
                    LocalSearch::Plain
                } else {
                    LocalSearch::Static
                },
            };
            let built = build_with(&options).map_err(|e| match e {
                BuildError::Solve { .. } => anyhow::anyhow!(
                    "{e}; nothing written (raise --node-limit or --time-limit, or try the \
                     other --search)"
                ),
                e => e.into(),
            })?;
            write_whole(&out, &built.bytes)?;
            eprintln!(
                "{}: {} bytes in {:.1} s",
                out.display(),
                built.bytes.len(),
                started.elapsed().as_secs_f64()
            );
            eprintln!(
                "{} placements read with the {search} search, {} search nodes",
                built.placements, built.nodes
            );
            if let Some(h) = &built.hardest {
                eprintln!(
                    "hardest: placement {} ({}-cell {} shape {}), {} nodes in its largest query, {} in all",
                    h.placement, h.cells, h.edge, h.shape, h.most_nodes, h.nodes
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        LibraryCommand::Merge { parts, out } => {
            let mut all = Vec::new();
            for p in &parts {
                let bytes =
                    std::fs::read(p).with_context(|| format!("{}: cannot read", p.display()))?;
                // Each part checked here too, so that an error names its file.
                read_layout(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
                all.push(bytes);
            }
            let bytes = nakade::evaluation::library::merge(&all)?;
            write_whole(&out, &bytes)?;
            Ok(ExitCode::SUCCESS)
        }
        LibraryCommand::Lookup {
            library,
            graph,
            to_move,
            liberties,
            json,
        } => lookup(
            &open(&library)?,
            &graph,
            to_move == "opponent",
            liberties,
            json,
        ),
        LibraryCommand::Stats { library, json } => stats(&open(&library)?, json),
    }
}

fn lookup(
    lib: &Library,
    graph: &str,
    opponent_to_move: bool,
    liberties: u8,
    json_out: bool,
) -> anyhow::Result<ExitCode> {
    let d = parse_graph(graph).map_err(|e| anyhow::anyhow!("{graph}: {e}"))?;
    let vs = d.vertices();
    if vs.iter().any(|v| v.marker.is_marginal()) || !d.enclosed().is_empty() {
        anyhow::bail!(
            "{graph}: the library holds plain eyes: no marginal vertex, no enclosed stone"
        );
    }
    let cells: Vec<Cell> = vs.iter().map(|v| (v.row as i8, v.col as i8)).collect();
    let edges: Vec<u8> = vs.iter().map(|v| v.edge).collect();
    let Some((edge, moved)) = orient(&cells, &edges) else {
        anyhow::bail!("{graph}: no placement on a board fits its edges");
    };
    let opponent: Vec<Cell> = vs
        .iter()
        .zip(&moved)
        .filter(|(v, _)| v.marker.content() == Content::Stone)
        .map(|(_, &c)| c)
        .collect();
    let started = Instant::now();
    let found = lib.lookup(edge, &moved, &opponent, opponent_to_move, liberties);
    let micros = started.elapsed().as_secs_f64() * 1e6;
    let Some((entry, at)) = found else {
        if json_out {
            outln!("{}", json!({ "found": false }))?;
        } else {
            outln!("not in the library")?;
        }
        return Ok(ExitCode::from(1));
    };
    // The best move on the graph as given: `[row, col]` over its characters (as `match`
    // names points), the wall's outer liberty, a pass, or none.
    let point = match (entry.best, at) {
        (Some(nakade::evaluation::solve::Move::Vertex(_)), Some(c)) => moved
            .iter()
            .position(|&m| m == c)
            .map(|i| (vs[i].row, vs[i].col)),
        _ => None,
    };
    let (best_text, best_json) = match (entry.best, point) {
        (Some(nakade::evaluation::solve::Move::Vertex(_)), Some((r, c))) => {
            (format!("{r},{c}"), json!([r, c]))
        }
        (Some(nakade::evaluation::solve::Move::OuterLiberty), _) => {
            ("outer liberty".to_string(), json!("outer_liberty"))
        }
        (Some(nakade::evaluation::solve::Move::Pass), _) => ("pass".to_string(), json!("pass")),
        _ => ("none".to_string(), serde_json::Value::Null),
    };
    if json_out {
        outln!(
            "{}",
            json!({ "found": true, "edge": edge.to_string(), "outcome": entry.outcome.to_string(), "best": best_json, "micros": micros })
        )?;
    } else {
        outln!("placement: {edge}")?;
        outln!("outcome: {}", entry.outcome)?;
        outln!("best move: {best_text}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn stats(lib: &Library, json_out: bool) -> anyhow::Result<ExitCode> {
    let h = lib.header();
    let index = lib.index();
    let shapes = index.placements.len();
    let mut by_edge = [0usize; 3];
    let mut by_size = vec![0usize; h.up_to as usize + 1];
    let mut fillings = 0usize;
    let (mut alive, mut dead, mut ko) = (0usize, 0usize, 0usize);
    let mut placement = 0;
    for ps in &index.placements {
        for p in ps {
            let entries = lib.entries(placement);
            if !entries.is_empty() {
                by_edge[p.edge as usize] += 1;
                by_size[p.cells.len()] += entries.len();
                fillings += lib.fillings(placement).len();
            }
            for (_, e) in entries {
                match e.outcome {
                    Outcome::Alive => alive += 1,
                    Outcome::Dead => dead += 1,
                    Outcome::Ko { .. } => ko += 1,
                }
            }
            placement += 1;
        }
    }
    let positions = lib.positions();
    let libs = h.max_liberties as usize + 1;
    if json_out {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "positions": positions,
                "dyer_positions": 560_523,
                "up_to": h.up_to,
                "shard": format!("{}/{}", h.shard.0, h.shard.1),
                "factors": {
                    "shapes": shapes,
                    "placements": lib.placements(),
                    "placements_by_edge": {
                        "centre": by_edge[Edge::Centre as usize],
                        "side": by_edge[Edge::Side as usize],
                        "corner": by_edge[Edge::Corner as usize],
                    },
                    "fillings": fillings,
                    "players_to_move": 2,
                    "outside_liberties": libs,
                },
                "positions_by_size": by_size[1..],
                "outcomes": { "alive": alive, "dead": dead, "ko": ko },
            }))?
        )?;
    } else {
        outln!("positions: {positions} (Dyer: 560,523)")?;
        outln!(
            "  = {fillings} fillings (over {} placements of {shapes} shapes: {} centre, {} side, {} corner) x 2 to move x {libs} liberties",
            lib.placements(),
            by_edge[0],
            by_edge[1],
            by_edge[2]
        )?;
        for (s, n) in by_size.iter().enumerate().skip(1) {
            outln!("  size {s}: {n}")?;
        }
        outln!("outcomes: {alive} alive, {dead} dead, {ko} ko")?;
    }
    Ok(ExitCode::SUCCESS)
}
