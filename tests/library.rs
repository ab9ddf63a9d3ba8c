//! The solved shape library: sharded builds merge to the same bytes, entries agree with a
//! fresh reading by the solver, lookups from cells in any orientation.

use nakade::evaluation::library::{
    merge, placement_list, solve_block_with, solve_entry, BlockLimits, Entry, Library, Outcome,
    PositionKey, BUILD_NODE_LIMIT,
};
use nakade::evaluation::solve::{LocalReader, LocalSearch, Move, SolveError, Space};
use nakade::evaluation::theory::placement::{apply, edge_symmetries, Edge};
use nakade::evaluation::theory::zobrist::ShapeIndex;
use nakade::tools::library_build::{build, build_with, picture, BuildOptions};

use crate::support::{nakade, Rng};

#[test]
fn four_shards_merge_to_the_single_build() {
    let whole = build(4, (1, 1), false).unwrap();
    let parts: Vec<Vec<u8>> = [3u16, 1, 4, 2]
        .iter()
        .map(|&k| build(4, (k, 4), false).unwrap())
        .collect();
    assert!(parts.iter().all(|p| p != &whole));
    assert_eq!(merge(&parts).unwrap(), whole);
    // A missing or repeated shard is refused.
    assert!(merge(&parts[..3]).is_err());
    let twice = vec![
        parts[0].clone(),
        parts[0].clone(),
        parts[1].clone(),
        parts[2].clone(),
    ];
    assert!(merge(&twice).is_err());
}

/// The entry of `key` read by a fresh reader: nothing shared with the build's transposition
/// table.
fn fresh_entry(space: &Space, key: &PositionKey) -> Entry {
    let mut reader = LocalReader::new(space, 1_000_000).unwrap();
    solve_entry(
        &mut reader,
        key.filling,
        space.defender,
        key.opponent_to_move,
        key.liberties,
    )
    .unwrap()
}

#[test]
fn sampled_entries_agree_with_the_solver() {
    let lib = Library::from_bytes(build(5, (1, 1), false).unwrap()).unwrap();
    let mut rng = Rng(0x5eed_1234);
    let index = lib.index();
    let all: Vec<_> = index.placements.iter().flatten().collect();
    assert_eq!(all.len(), lib.placements());
    for _ in 0..300 {
        let p = (rng.next() % all.len() as u64) as usize;
        let fillings = lib.fillings(p);
        let f = fillings[(rng.next() % fillings.len() as u64) as usize];
        let key = PositionKey {
            placement: p,
            filling: f,
            opponent_to_move: rng.next() % 2 == 0,
            liberties: (rng.next() % 3) as u8,
        };
        let stored = lib.get(&key).unwrap();
        let fresh = fresh_entry(&all[p].space(), &key);
        assert_eq!(stored, fresh, "placement {p} {:?} key {key:?}", all[p]);
    }
}

#[test]
fn known_positions_and_lookup_in_every_orientation() {
    let lib = Library::from_bytes(build(4, (1, 1), false).unwrap()).unwrap();
    // The straight three in the centre, empty, opponent to move: the opponent kills in the
    // middle; owner to move lives there.
    let three = [(0i8, 0i8), (0, 1), (0, 2)];
    for t in 0..8 {
        let cells = apply(Edge::Centre, &three, t);
        let (e, at) = lib.lookup(Edge::Centre, &cells, &[], true, 2).unwrap();
        assert_eq!(e.outcome, Outcome::Dead);
        assert_eq!(at, Some(cells[1]));
        let (e, at) = lib.lookup(Edge::Centre, &cells, &[], false, 2).unwrap();
        assert_eq!(e.outcome, Outcome::Alive);
        assert_eq!(at, Some(cells[1]));
    }
    // The square is dead whoever moves, whatever the liberties.
    let square = [(0, 0), (0, 1), (1, 0), (1, 1)];
    for libs in 0..=2 {
        for opp in [true, false] {
            let (e, _) = lib.lookup(Edge::Centre, &square, &[], opp, libs).unwrap();
            assert_eq!(e.outcome, Outcome::Dead);
        }
    }
    // The bent four in the corner, bend on the corner point, opponent stones on the corner
    // and on the point beside it: recognised in both orientations that keep the corner, with
    // the same entry, and the best move mapped back onto the same point.
    let bent: Vec<(i8, i8)> = vec![(0, 0), (0, 1), (0, 2), (1, 0)];
    let mut seen = Vec::new();
    for &t in edge_symmetries(Edge::Corner) {
        let cells = apply(Edge::Corner, &bent, t);
        let opp = [cells[0], cells[1]];
        let (e, at) = lib.lookup(Edge::Corner, &cells, &opp, false, 1).unwrap();
        let back = at.map(|c| bent[cells.iter().position(|&x| x == c).unwrap()]);
        seen.push((e.outcome, back));
    }
    assert_eq!(seen[0], seen[1]);
    // Straight three with both ends filled: the owner captures whoever moves.
    let (e, _) = lib
        .lookup(Edge::Centre, &three, &[(0, 0), (0, 2)], true, 1)
        .unwrap();
    assert_eq!(e.outcome, Outcome::Alive);
    assert!(matches!(
        e.best,
        Some(Move::OuterLiberty) | None | Some(Move::Vertex(_))
    ));
    // A shape larger than the library's is not held.
    let five = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)];
    assert_eq!(lib.lookup(Edge::Centre, &five, &[], true, 2), None);
}

#[test]
fn cli_build_merge_stats_lookup() {
    let dir = std::env::temp_dir().join(format!("nakade-library-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = |name: &str| dir.join(name).display().to_string();
    let (_, err, code) = nakade(
        &[
            "library",
            "build",
            "--up-to",
            "3",
            "--out",
            &p("whole.nksl"),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let (_, err, code) = nakade(
            &[
                "library",
                "build",
                "--up-to",
                "3",
                "--shard",
                &shard,
                "--out",
                &p(&format!("part{k}")),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
    }
    let (_, err, code) = nakade(
        &[
            "library",
            "merge",
            &p("part2"),
            &p("part1"),
            "--out",
            &p("merged.nksl"),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(p("whole.nksl")).unwrap(),
        std::fs::read(p("merged.nksl")).unwrap()
    );
    let (out, err, code) = nakade(
        &["library", "stats", "--library", &p("whole.nksl"), "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Sizes 1-3: 1 + 2 + 2 + 4 + ... placements; every count below is read off the file and
    // checked against the product of its factors.
    let f = &v["factors"];
    assert_eq!(
        v["positions"].as_u64().unwrap(),
        f["fillings"].as_u64().unwrap() * 2 * f["outside_liberties"].as_u64().unwrap()
    );
    assert_eq!(f["shapes"], 4);
    assert_eq!(v["dyer_positions"], 560_523);
    let (out, err, code) = nakade(
        &[
            "library",
            "lookup",
            "--library",
            &p("whole.nksl"),
            "...",
            "--to-move",
            "opponent",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "dead");
    assert_eq!(v["best"], serde_json::json!([0, 1]));
    let (_, err, code) = nakade(&["library", "stats", "--library", &p("part1")], "");
    assert_eq!(code, 0, "{err}");
    let (_, err, code) = nakade(&["library", "stats", "--library", "Cargo.toml"], "");
    assert_eq!(code, 1);
    assert!(err.contains("Cargo.toml: not a shape library"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The build reads every position of a placement with one reader, one transposition table
/// for all its queries. Before the reader used the sound table (`Features::sound_table`), a
/// result stored by one query as holding whatever the line was reused by a later query whose
/// line it did not hold on: 184 of the 793,320 positions of the size-7 library were wrong
/// (113 of them ko instead of alive), some in each placement listed here. Each entry of
/// those placements must be what a reader fresh to that position reads.
#[test]
fn every_entry_of_a_placement_is_what_a_fresh_reader_reads() {
    let lib = Library::from_bytes(build(6, (1, 1), false).unwrap()).unwrap();
    let all: Vec<_> = lib.index().placements.iter().flatten().collect();
    let mut checked = 0;
    for p in [84, 182, 217, 243] {
        let space = all[p].space();
        for (key, stored) in lib.entries(p) {
            let fresh = fresh_entry(&space, &key);
            assert_eq!(stored, fresh, "placement {p} {:?} key {key:?}", all[p]);
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} entries");
}

/// Issue 35 item 1: `library build --up-to 8` gave up on placement 1812 after 20,000,001
/// nodes. That placement is an 8-cell corner shape closing in one of the owner's stones;
/// empty, the opponent to move with 2 outside liberties, the plain search does not read it
/// within its budget (here: within a million nodes, where the plain search stops), and the
/// static search (two vital regions end a line) reads every query of the placement in a few
/// thousand nodes.
#[test]
fn issue_35_item_1_placement_1812_is_read_by_the_static_search() {
    let index = ShapeIndex::new(8);
    let all = placement_list(&index);
    let p = all[1812].2;
    assert_eq!((p.edge, p.cells.len()), (Edge::Corner, 8));
    assert_eq!(picture(p), "..../.O.-/..--");
    let block = solve_block_with(p, &BlockLimits::default(), LocalSearch::Static).unwrap();
    assert!(block.most_nodes < 10_000, "{}", block.most_nodes);
    assert!(block.nodes < 100_000, "{}", block.nodes);
    let plain = BlockLimits {
        node_limit: 1_000_000,
        time_limit: None,
    };
    assert!(matches!(
        solve_block_with(p, &plain, LocalSearch::Plain),
        Err(SolveError::SearchLimit { .. })
    ));
    // Its empty position, the opponent to move, as a reader fresh to each query (a table of
    // its own) reads it: the stored entry is that.
    let lib = Library::from_bytes(build_with(&BuildOptions::new(8)).unwrap().bytes).unwrap();
    let space = p.space();
    for (key, stored) in lib.entries(1812).into_iter().take(40) {
        let mut fresh =
            LocalReader::with_search(&space, BUILD_NODE_LIMIT, None, LocalSearch::Static).unwrap();
        let entry = solve_entry(
            &mut fresh,
            key.filling,
            space.defender,
            key.opponent_to_move,
            key.liberties,
        )
        .unwrap();
        assert_eq!(stored, entry, "{key:?}");
    }
    // The whole size-8 library: Dyer's count of positions times the factors stored.
    assert_eq!(lib.placements(), 4402);
    assert_eq!(lib.positions(), 5_579_160);
}

/// The two searches write the same bytes: the answers do not depend on the search, and the
/// best move is the first of a fixed order that keeps the answer.
#[test]
fn the_static_and_plain_searches_write_the_same_library() {
    let read = |search| {
        build_with(&BuildOptions {
            search,
            ..BuildOptions::new(6)
        })
        .unwrap()
    };
    let (fast, plain) = (read(LocalSearch::Static), read(LocalSearch::Plain));
    assert_eq!(fast.bytes, plain.bytes);
    assert_eq!(fast.placements, plain.placements);
    // The static search reads fewer nodes (at size 7: 2.3 M against 4.6 M).
    assert!(fast.nodes < plain.nodes, "{} {}", fast.nodes, plain.nodes);
    let hardest = fast.hardest.unwrap();
    assert!(hardest.most_nodes > 0 && hardest.most_nodes <= hardest.nodes);
}

/// `library build` takes the limits other commands take; a placement the search gives up on
/// is named (number, shape, search) with the limit it hit, and nothing is written; a build
/// says how it was read and which placement was the hardest.
#[test]
fn cli_build_limits_and_record() {
    let dir = std::env::temp_dir().join(format!("nakade-library-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("l.nksl");
    let out_s = out.to_str().unwrap();
    let (_, err, code) = nakade(
        &[
            "library",
            "build",
            "--up-to",
            "4",
            "--out",
            out_s,
            "--node-limit",
            "3",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.starts_with("error: placement "), "{err}");
    assert!(
        err.contains("static search): the search gave up after 4 nodes (node limit)"),
        "{err}"
    );
    assert!(err.contains("nothing written (raise --node-limit"), "{err}");
    assert!(!out.exists());
    let (_, err, code) = nakade(
        &[
            "library",
            "build",
            "--up-to",
            "4",
            "--out",
            out_s,
            "--time-limit",
            "1e-9",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("(time limit;"), "{err}");
    assert!(!out.exists());
    let (_, err, code) = nakade(
        &[
            "library",
            "build",
            "--up-to",
            "4",
            "--out",
            out_s,
            "--node-limit",
            "0",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    for search in ["static", "plain"] {
        let (_, err, code) = nakade(
            &[
                "library",
                "build",
                "--up-to",
                "4",
                "--out",
                out_s,
                "--search",
                search,
                "--time-limit",
                "0",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{err}");
        assert!(lines[0].starts_with(&format!("{out_s}: ")), "{err}");
        assert!(
            lines[1].starts_with(&format!("44 placements read with the {search} search, ")),
            "{err}"
        );
        assert!(lines[2].starts_with("hardest: placement "), "{err}");
        assert_eq!(
            std::fs::read(&out).unwrap(),
            build(4, (1, 1), false).unwrap()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
