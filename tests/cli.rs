//! The command line: exact machine-readable output, exit codes, golden reports.

use pretty_assertions::assert_eq;

use crate::support::{nakade, shared_file};

/// Compare with a golden file under tests/golden/, or write it when NAKADE_BLESS is set.
fn golden(name: &str, got: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("NAKADE_BLESS").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(want, got, "golden file {}", path.display());
}

#[test]
fn match_json_gives_coordinates_over_the_characters_as_given() {
    // The bent three in the corner: coordinates count the edge markers.
    let (out, _, code) = nakade(&["match", "--json", "|.*%|.%+--"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["graph"], "|.*%|.%+--");
    assert_eq!(v["value"], "1122");
    assert_eq!(v["attack"], serde_json::json!([[0, 1]]));
    assert_eq!(v["defense"], serde_json::json!([[0, 1]]));
    // The keys in the documented order.
    assert!(
        out.starts_with("{\"graph\":\"|.*%|.%+--\",\"pattern\":"),
        "{out}"
    );
    let tail = out.split_once(",\"value\"").unwrap().1;
    assert_eq!(
        tail.trim(),
        ":\"1122\",\"attack\":[[0,1]],\"defense\":[[0,1]],\"source\":\"pattern\"}"
    );
}

#[test]
fn match_batch_answers_every_line_in_order() {
    // The blank line gives no output line (as in a --corpus file); `%` has no vertex.
    let input = "...\n..?\n\n%\n.x\nOO!%O.X%!...\n!X\n";
    let (out, err, code) = nakade(&["match", "--batch"], input);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0]["value"], "1122");
    assert_eq!(lines[1]["error"], "column 3: unexpected '?'; expected a vertex marker (. * < > X ! @ ( ) $), O for a cell outside the space, an edge marker (| - +) or % between rows");
    assert_eq!(lines[2]["graph"], "%");
    assert_eq!(lines[2]["error"], "the graph has no eye vertex");
    assert_eq!(
        lines[3]["error"],
        "column 2: 'x' is a pattern wildcard; an eye space says '.' (empty) or 'X' (stone)"
    );
    // Seven vertices: no pattern in the default database, so the solver answers (GNU Go's
    // analyze_eyegraph gives the same: 0112, annotated OO@O%O.XO%!.*.).
    assert_eq!(lines[4]["pattern"], serde_json::Value::Null);
    assert_eq!(lines[4]["value"], "0112");
    assert_eq!(lines[4]["source"], "solver");
    assert_eq!(lines[4]["attack"], serde_json::json!([[0, 2], [2, 2]]));
    assert_eq!(lines[5]["value"], "0011");
    assert_eq!(lines[5]["attack"], serde_json::json!([[0, 0]]));
}

#[test]
fn match_without_the_solver_leaves_unmatched_graphs_unanswered() {
    let (out, _, code) = nakade(&["match", "--json", "--no-solver", "OO!%O.X%!..."], "");
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "{\"graph\":\"OO!%O.X%!...\",\"pattern\":null,\"value\":null,\"attack\":[],\"defense\":[],\"source\":null}"
    );
}

#[test]
fn solve_json_and_batch() {
    let (out, _, code) = nakade(&["solve", "--json", ".!..%O$"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "{\"graph\":\".!..%O$\",\"value\":\"0022\",\"attack\":[[0,2]],\"defense\":[[0,1]],\"source\":\"solver\"}"
    );
    let (out, _, _) = nakade(
        &["solve", "--batch"],
        "|..%|..%+--\n.........................\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "{\"graph\":\"|..%|..%+--\",\"value\":\"1112\",\"attack\":[],\"defense\":[[0,1],[0,2],[1,1],[1,2]],\"source\":\"solver\"}");
    assert_eq!(lines[1], "{\"graph\":\".........................\",\"error\":\"the eye space has 25 vertices; the solver handles at most 24\"}");
}

#[test]
fn match_with_a_bad_database_names_its_errors() {
    let (out, err, code) = nakade(
        &["match", "--db", "tests/malformed/digit_three.db", "..."],
        "",
    );
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with("error: digit 3 out of range\n --> tests/malformed/digit_three.db:5:4\n"),
        "{err}"
    );
}

#[test]
fn check_reports_counts_per_size_and_warnings() {
    let Some(eyes) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let eyes = eyes.to_string_lossy().into_owned();
    let (out, err, code) = nakade(&["check", &eyes], "");
    assert_eq!(code, 0);
    // The summary on standard output, the warnings on standard error: together, the golden
    // report (written when both went to standard output).
    assert!(!out.contains("warning:"), "{out}");
    assert!(err.starts_with("warning: "), "{err}");
    golden(
        "check_eyes_db.txt",
        &format!("{out}{err}").replace(&eyes, "eyes.db"),
    );
    assert!(out.contains(": 1816 patterns\n"));
}

#[test]
fn diff_default_against_eyes_db_up_to_two() {
    let Some(eyes) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let eyes = eyes.to_string_lossy().into_owned();
    let (out, err, code) = nakade(&["diff", "default", &eyes, "--up-to", "2"], "");
    // 29 graphs differ: exit 1, as diff(1).
    assert_eq!((code, err.as_str()), (1, ""));
    golden("diff_default_eyes_db_2.txt", &out.replace(&eyes, "eyes.db"));
}

#[test]
fn default_database_equals_the_solver_up_to_four_vertices() {
    // The whole claim (up to 6 points, 290,227 graphs) takes minutes; 4 keeps the suite quick.
    let (out, err, code) = nakade(&["diff", "default", "solver", "--up-to", "4"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "A = default, B = solver: 3539 graphs, 3539 agree, 0 differ\n"
    );
}
