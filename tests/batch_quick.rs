//! `match --batch` takes a quick path (bytes to bit rows to JSON, chunks on every core): its
//! output must be byte for byte that of the full path, kept as `NAKADE_BATCH_BASELINE=1`.

use crate::support;

fn batch(args: &[&str], input: &str, baseline: bool) -> (String, String, i32) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nakade"));
    child
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NAKADE_BATCH_BASELINE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if baseline {
        child.env("NAKADE_BATCH_BASELINE", "1");
    }
    let mut child = child.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from a thread: the output may fill its pipe before the input is all read.
    let writer = std::thread::spawn(move || {
        std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_eyes_db_form_is_answered_as_by_the_full_path() {
    let Some(path) = support::shared_file("gnugo/eyes.db") else {
        return;
    };
    let file = nakade::pattern::dsl::read_file_with(
        &path,
        nakade::pattern::dsl::Options { lenient: true },
    )
    .unwrap();
    let queries = support::eyes_db_queries(&file);
    assert!(queries.len() > 20_000, "{}", queries.len());
    let input = queries.join("\n") + "\n";
    let db = path.to_str().unwrap();
    let args = ["match", "--batch", "--lenient", "--db", db, "--no-solver"];
    let quick = batch(&args, &input, false);
    let full = batch(&args, &input, true);
    assert_eq!(quick.2, 0, "{}", quick.1);
    assert_eq!(quick.0.lines().count(), queries.len());
    let unanswered: Vec<&str> = quick
        .0
        .lines()
        .filter(|l| !l.ends_with(r#""source":"pattern"}"#))
        .collect();
    // Every line a pattern's answer but the 64 forms whose `x` as a stone takes the last
    // liberty of an enclosed defender stone: no legal position, an error from the full path.
    assert_eq!(unanswered.len(), 64);
    assert!(unanswered
        .iter()
        .all(|l| l.ends_with(r#"has no liberty: not a legal position"}"#)));
    assert!(
        quick.0 == full.0,
        "the quick path's output differs from the full path's"
    );
}

/// Lines that get an answer: all but blank and comment lines.
fn answered(input: &str) -> usize {
    input
        .lines()
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .count()
}

#[test]
fn mixed_lines_keep_their_order_and_their_bytes() {
    // Matches, the solver, errors, enclosed stones, comments, blank lines, padding, CR LF,
    // non-ASCII and a last line without a newline, each many times so that chunks split them.
    let lines = [
        "...",
        "  |..%|.!%+--  ",
        "OO!%O.X%!...",
        "..x",
        "",
        "# a comment",
        "|...%|XO.%+---",
        "é..",
        "# un commentaire accentué",
        "\u{a0}",
        ".!\r",
        "\u{0b}.$.\u{0c}",
        "..%..%.O.",
        ".|.",
    ];
    let mut input = String::new();
    for k in 0..3000 {
        input.push_str(lines[k * 7 % lines.len()]);
        input.push('\n');
    }
    input.push_str("X.X");
    let quick = batch(&["match", "--batch"], &input, false);
    let full = batch(&["match", "--batch"], &input, true);
    assert_eq!((quick.2, full.2), (0, 0));
    assert_eq!(quick.0.lines().count(), answered(&input));
    assert!(
        quick.0 == full.0,
        "the quick path's output differs from the full path's"
    );
    let some: String = input.lines().take(200).map(|l| format!("{l}\n")).collect();
    let solve = batch(&["solve", "--batch"], &some, false);
    let solve_full = batch(&["solve", "--batch"], &some, true);
    assert_eq!(solve.0.lines().count(), answered(&some));
    assert!(solve.0 == solve_full.0);
}

#[test]
fn a_host_that_writes_one_line_and_waits_gets_its_answer() {
    use std::io::{BufRead, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nakade"))
        .args(["match", "--batch"])
        .env_remove("NAKADE_BATCH_BASELINE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // Each answer comes while the input stays open: the batch does not wait for more lines.
    let wait = std::time::Duration::from_secs(60);
    for (line, pattern) in [("...", "300022"), ("|..%|.!%+--", "400240")] {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let answer = rx
            .recv_timeout(wait)
            .expect("an answer before the input ends");
        let expected = format!(r#"{{"graph":"{line}","pattern":{pattern},"#);
        assert!(answer.starts_with(&expected), "{answer}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

/// Eye spaces as a host sends them (GNU Go's form: the bounding box, `O` off the space):
/// every space of at most 12 points of every position of the six random games
/// (`tests/batch/host_graphs.txt`, 423 distinct graphs, a third of them no pattern of the
/// default database holds). With and without the solver, the quick path answers as the full
/// one, the unmatched graphs included.
#[test]
fn host_graphs_are_answered_as_by_the_full_path() {
    let input = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/batch/host_graphs.txt"),
    )
    .unwrap();
    let graphs = input.lines().count();
    assert!(graphs > 400, "{graphs}");
    for args in [
        &["match", "--batch", "--no-solver"][..],
        &["match", "--batch"][..],
    ] {
        let quick = batch(args, &input, false);
        let full = batch(args, &input, true);
        assert_eq!(quick.2, 0, "{}", quick.1);
        assert_eq!(quick.0.lines().count(), graphs);
        pretty_assertions::assert_eq!(quick.0, full.0, "{args:?}");
        let unmatched = quick
            .0
            .lines()
            .filter(|l| l.contains(r#""pattern":null"#))
            .count();
        assert!(unmatched > 100, "{args:?}: {unmatched} unmatched");
    }
}

#[path = "../benches/support/host_corpus.rs"]
mod host_corpus;

/// The corpus of the batch bench (`cargo bench --bench batch`): 200,000 distinct eye spaces in
/// GNU Go's form, from the random games' positions and the shape enumeration.
fn corpus() -> Vec<String> {
    let host = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/batch/host_graphs.txt"),
    )
    .unwrap();
    host_corpus::host_corpus(200_000, &host)
}

/// The quick reader takes every graph of the corpus the full reader takes (enclosed defender
/// stones included), and gives the same graph: vertices in the same order, neighbours, edges,
/// markers, coordinates; it declines only what the full reader refuses.
#[test]
fn the_quick_reader_takes_every_valid_host_graph() {
    use nakade::pattern::diagram::Content;
    use nakade::pattern::encoded::parse_graph;
    use nakade::pattern::graph::EyeGraph;
    use nakade::pattern::quick;
    let corpus = corpus();
    assert_eq!(corpus.len(), 200_000);
    let (mut enclosed, mut refused) = (0, 0);
    let mut sizes = [0usize; 13];
    for text in &corpus {
        let full = parse_graph(text)
            .map_err(|e| e.to_string())
            .and_then(|d| EyeGraph::from_diagram(&d).map_err(|e| e.to_string()))
            .and_then(|g| g.check_liberties().map(|_| g).map_err(|e| e.to_string()));
        let q = quick::read(text.as_bytes());
        let (g, q) = match (full, q) {
            (Err(_), None) => {
                refused += 1;
                continue;
            }
            (Ok(g), Some(q)) => (g, q),
            (full, q) => panic!("{text}: full reader {full:?}, quick reader {q:?}"),
        };
        sizes[g.len().min(12)] += 1;
        enclosed += usize::from(g.enclosed_len() > 0);
        assert_eq!(
            (q.len(), q.n),
            (g.len(), g.len() + g.enclosed_len()),
            "{text}"
        );
        for v in 0..q.n {
            let x = g.vertex(v);
            assert_eq!(q.edge[v], x.edge, "{text} vertex {v}");
            assert_eq!(q.marginal >> v & 1 == 1, x.marginal, "{text} vertex {v}");
            assert_eq!(
                q.stone >> v & 1 == 1,
                x.content == Content::Stone,
                "{text} vertex {v}"
            );
            assert_eq!(q.defender >> v & 1 == 1, x.content == Content::Defender);
            let c = q.coord[v];
            assert_eq!(
                Some((c.0 as usize, c.1 as usize)),
                g.coordinate(v),
                "{text}"
            );
            let row = g.adjacent(v).iter().fold(0u32, |m, &w| m | 1 << w);
            assert_eq!(q.adj[v], row, "{text} vertex {v}");
        }
    }
    // Every size, enclosed stones in thousands of graphs, and few graphs no board holds.
    assert!(sizes[1..].iter().all(|&k| k > 0), "{sizes:?}");
    assert!(enclosed > 2_000, "{enclosed} with enclosed stones");
    assert!(refused < 2_000, "{refused} refused");
}

/// The whole corpus through `match --batch --no-solver`: the quick path answers every line as
/// the full path does, byte for byte.
#[test]
fn the_host_corpus_is_answered_as_by_the_full_path() {
    let corpus = corpus();
    let input = corpus.join("\n") + "\n";
    let args = ["match", "--batch", "--no-solver"];
    let quick = batch(&args, &input, false);
    let full = batch(&args, &input, true);
    assert_eq!(quick.2, 0, "{}", quick.1);
    assert_eq!(quick.0.lines().count(), corpus.len());
    if quick.0 != full.0 {
        let first = quick
            .0
            .lines()
            .zip(full.0.lines())
            .find(|(a, b)| a != b)
            .expect("a differing line");
        pretty_assertions::assert_eq!(first.0, first.1);
    }
}
