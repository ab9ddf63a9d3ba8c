//! Issue 11, "every input bounded, every command consistent": each test is named for what it
//! fixes and runs the built binary.

use pretty_assertions::assert_eq;

use crate::support::nakade;

/// A file in the temporary directory, unique to this process; removed when dropped.
struct Temp(std::path::PathBuf);

impl Temp {
    fn new(name: &str, bytes: &[u8]) -> Temp {
        let p = std::env::temp_dir().join(format!("nakade-i11-{}-{name}", std::process::id()));
        std::fs::write(&p, bytes).unwrap();
        Temp(p)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// `n` copies of the bent three, each shadowed by the first.
fn copies(n: usize) -> String {
    (1..=n)
        .map(|i| format!("Pattern {i}\n\n.*.\n\n:1122\n\n"))
        .collect()
}

// Item 2 and item 11 (check's streams).

#[test]
fn check_puts_warnings_on_stderr_and_the_summary_on_stdout() {
    let f = Temp::new("three.db", copies(3).as_bytes());
    let (out, err, code) = nakade(&["check", f.path()], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("{}: 3 patterns\n  size  3: 3\n2 warnings\n", f.path())
    );
    let gutter = |line: usize| " ".repeat(line.to_string().len());
    let warning = |n: usize, line: usize| {
        let pad = gutter(line);
        format!(
            "warning: pattern {n} is shadowed: every eye space it matches is matched first by pattern 1 (line 1)\n\
             {pad}--> {}:{line}:1\n\
             {pad} |\n\
             {line} | Pattern {n}\n\
             {pad} | ^ move it before them, or remove it\n\n",
            f.path()
        )
    };
    assert_eq!(err, format!("{}{}", warning(2, 7), warning(3, 13)));
}

#[test]
fn check_with_many_shadow_warnings_is_linear() {
    // 20,000 warnings: quadratic before (each searched the file's lines: 1.7 s here), a
    // fraction of a second now. The time is not asserted; the count and the last one are.
    let n = 20_000;
    let f = Temp::new("many.db", copies(n).as_bytes());
    let (out, err, code) = nakade(&["check", f.path()], "");
    assert_eq!(code, 0);
    assert!(out.ends_with(&format!("{} warnings\n", n - 1)), "{out}");
    assert_eq!(err.matches("warning: pattern ").count(), n - 1);
    let last_line = 6 * (n - 1) + 1;
    assert!(err.contains(&format!(
        "warning: pattern {n} is shadowed: every eye space it matches is matched first by pattern 1 (line 1)\n      --> {}:{last_line}:1\n",
        f.path()
    )));
    // The same for errors: each pattern's check counted all the file's diagnostics before.
    let bad = copies(n).replace(".*.", "...");
    let f = Temp::new("many-errors.db", bad.as_bytes());
    let (out, err, code) = nakade(&["check", f.path()], "");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        // Every error is a vital-point problem: the hint for --lenient follows.
        err.ends_with(&format!(
            "{}: {} errors\nhint: {}: every error above is a vital-point problem; with --lenient \
             they are warnings (GNU Go 3.8's eyes.db needs it)\n",
            f.path(),
            2 * n,
            f.path()
        )),
        "{}",
        &err[err.len().saturating_sub(200)..]
    );
}

#[test]
fn a_duplicate_number_names_the_line_of_the_first() {
    // 9 is at line 3; the second 9 (line 9) comes after 2 (line 6).
    let f = Temp::new(
        "dup.db",
        b"Pattern 1\n.\n:1111\nPattern 9\n.\n:1111\nPattern 2\n..\n:1111\nPattern 9\n.\n:1111\n",
    );
    let (_, err, code) = nakade(&["check", f.path()], "");
    assert_eq!(code, 1);
    assert!(
        err.contains("   |         ^ pattern 9 is already at line 4\n"),
        "{err}"
    );
}

// Item 6: a compiled database is read wherever a database is.

#[test]
fn compiled_databases_are_read_by_every_command_that_reads_a_database() {
    let src = Temp::new("corner.db", b"Pattern 7\n\n|.\n|X..\n+---\n\n:0000\n");
    let ndb = Temp::new("corner.ndb", b"");
    let (_, err, code) = nakade(&["compile", src.path(), "--out", ndb.path()], "");
    assert_eq!(
        (err, code),
        (format!("{}: 1 pattern, 1 key, 156 bytes\n", ndb.path()), 0)
    );
    let graph = "|.%|X..%+---";
    let (out, err, code) = nakade(&["match", "--db", ndb.path(), graph], "");
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(
        out.contains(&format!(
            "pattern: 7 ({}, line 1)\nvalue:   0000",
            ndb.path()
        )),
        "{out}"
    );
    let (out, _, code) = nakade(&["inspect", "--db", ndb.path(), graph], "");
    assert_eq!(code, 0);
    assert!(out.ends_with(&format!("match: pattern 7 value 0000 in {}\n", ndb.path())));
    let (out, err, code) = nakade(&["check", ndb.path()], "");
    assert_eq!(
        (out, err.as_str(), code),
        (
            format!("{}: 1 pattern (compiled)\n  size  4: 1\n", ndb.path()),
            "",
            0
        )
    );
    let corpus = Temp::new("corpus.txt", format!("{graph}\n...\n").as_bytes());
    let (out, _, code) = nakade(
        &["diff", ndb.path(), src.path(), "--corpus", corpus.path()],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.ends_with("2 graphs, 2 agree, 0 differ\n"), "{out}");
    // verify and compile need the diagrams: refused, saying what they need.
    for command in ["verify", "compile"] {
        let mut args = vec![command, ndb.path()];
        if command == "compile" {
            args.extend(["--out", "/nonexistent/x.ndb"]);
        }
        let (_, err, code) = nakade(&args, "");
        assert_eq!(
            (err, code),
            (
                format!(
                    "error: {}: a compiled database (nakade compile); {command} needs the pattern file it was compiled from\n",
                    ndb.path()
                ),
                1
            )
        );
    }
    // A cut compiled file is refused by its checksum (`tests/damaged_files.rs` has more).
    let mut bytes = std::fs::read(ndb.path()).unwrap();
    bytes.truncate(bytes.len() - 4);
    let cut = Temp::new("cut.ndb", &bytes);
    let (_, err, code) = nakade(&["match", "--db", cut.path(), graph], "");
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "error: {}: checksum mismatch: the file is damaged or truncated (expected ",
            cut.path()
        )),
        "{err}"
    );
}

// Item 7: a missing file is reported once, with its path.

#[test]
fn a_missing_file_is_reported_once_with_its_path() {
    let missing = "/nonexistent/missing.db";
    let once = format!("error: {missing}: cannot read: No such file or directory (os error 2)\n");
    for args in [
        vec!["match", "--db", missing, "..."],
        vec!["inspect", "--db", missing, "..."],
        vec!["verify", missing],
        vec!["compile", missing, "--out", "/nonexistent/out.ndb"],
        vec!["diff", missing, "default"],
        vec!["diff", "default", "solver", "--corpus", missing],
        vec!["check", missing],
        vec!["analyze", missing],
        vec!["analyze", "--db", missing, "tests/positions/bent_three.sgf"],
        vec!["gtp", "--db", missing],
    ] {
        let (out, err, code) = nakade(&args, "");
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            ("", once.as_str(), 1),
            "{args:?}"
        );
    }
}

// Item 8: a graph starting with `-` is the positional argument.

#[test]
fn a_graph_starting_with_a_top_edge_is_the_graph_argument() {
    let graph = "-----%!...!";
    let want = "{\"graph\":\"-----%!...!\",\"pattern\":502597,\"value\":\"0111\",\"attack\":[[1,0],[1,1],[1,3],[1,4]],\"defense\":[],\"source\":\"pattern\"}\n";
    for args in [
        vec!["match", graph, "--json"],
        vec!["match", "--json", graph],
    ] {
        let (out, err, code) = nakade(&args, "");
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (want, "", 0),
            "{args:?}"
        );
    }
    let (out, err, code) = nakade(&["solve", "--json", graph], "");
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(
        out.starts_with("{\"graph\":\"-----%!...!\",\"value\":\"0111\""),
        "{out}"
    );
    let (out, err, code) = nakade(&["inspect", graph], "");
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.starts_with("diagram:\n  -----\n  !...!\n"), "{out}");
    // A misspelt option is still a usage error, not a graph.
    let (_, err, code) = nakade(&["solve", "--jsno"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no option --jsno here"), "{err}");
}

// Item 10: --lenient where pattern files are read; --db and the solver's parameters on analyze
// and gtp; the solver's ranges in clap.

#[test]
fn lenient_is_a_flag_of_the_commands_that_read_pattern_files() {
    let file = "tests/malformed/missing_attack.db";
    let summary = format!("{file}: 1 pattern\n  size  5: 1\n1 warning\n");
    for args in [
        vec!["check", "--lenient", file],
        vec!["--lenient", "check", file],
    ] {
        let (out, err, code) = nakade(&args, "");
        assert_eq!((out.as_str(), code), (summary.as_str(), 0), "{args:?}");
        assert!(err.starts_with("warning: pattern 1 has no attack point\n"));
    }
    let (_, _, code) = nakade(&["match", "--lenient", "--db", file, "..."], "");
    assert_eq!(code, 0);
    for args in [
        vec!["solve", "--lenient", "..."],
        vec!["generate", "--lenient", "--up-to", "1"],
        vec!["--lenient", "solve", "..."],
    ] {
        let (out, _, code) = nakade(&args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
    }
}

#[test]
fn solver_parameters_are_bounded_as_the_solver_bounds_them() {
    for (flag, max) in [
        ("--outer-liberties", 7),
        ("--attacker-ko-threats", 3),
        ("--defender-ko-threats", 3),
        ("--tenuki-depth", 8),
    ] {
        let ok = max.to_string();
        let (_, err, code) = nakade(&["solve", flag, &ok, "--json", "..."], "");
        assert_eq!((err.as_str(), code), ("", 0), "{flag} {ok}");
        let over = (max + 1).to_string();
        for command in ["solve", "match", "analyze"] {
            let mut args = vec![command, flag, &over];
            args.push(if command == "analyze" {
                "tests/positions/bent_three.sgf"
            } else {
                "..."
            });
            let (_, err, code) = nakade(&args, "");
            assert_eq!(code, 2, "{args:?}");
            assert!(
                err.contains(&format!("{over} is not in 0..={max}")),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn analyze_and_gtp_take_a_database_and_the_solvers_parameters() {
    // One pattern for the white corner space of corner_bent_four_stone.sgf, valued 0000.
    // White's wall there has no liberty outside the space, and a database is consulted only
    // for spaces whose wall has the solver's count of outer liberties: 0 here.
    let db = Temp::new("corner.db", b"Pattern 7\n\n|.\n|X..\n+---\n\n:0000\n");
    let sgf = "tests/eval_eye/corner_bent_four_stone.sgf";
    let (out, err, code) = nakade(
        &[
            "analyze",
            "--db",
            db.path(),
            "--outer-liberties",
            "0",
            sgf,
            "--color",
            "W",
        ],
        "",
    );
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(
        out.contains("  source:    pattern 7\n  value:     0000 (0 eyes)\n"),
        "{out}"
    );
    let session = format!("loadsgf {sgf}\neval_eye B1\nanalyze_eyegraph ...\n");
    let (out, err, code) = nakade(
        &["gtp", "--db", db.path(), "--outer-liberties", "0"],
        &session,
    );
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "= black\n\n= 0 0\n\n= 1122\n.*.\n\n");
    // The solver's parameters reach analyze_eyegraph: with no outer liberty, the defender's
    // wall can be short of liberties, and two attacker stones make the space worth less.
    let (default, _, _) = nakade(&["gtp"], "analyze_eyegraph X..X\n");
    assert_eq!(default, "= 2222\nX..X\n\n");
    let (none, err, code) = nakade(
        &["gtp", "--outer-liberties", "0"],
        "analyze_eyegraph X..X\n",
    );
    assert_eq!(
        (none.as_str(), err.as_str(), code),
        ("= 1222\nX<<X\n\n", "", 0)
    );
}

// Item 11: diff's exit code, comment lines in --batch, singular and plural.

#[test]
fn diff_exits_1_when_graphs_differ() {
    let db = Temp::new("corner.db", b"Pattern 7\n\n|.\n|X..\n+---\n\n:0000\n");
    let corpus = Temp::new("corpus.txt", b"# a corner\n\n|.%|X..%+---\n");
    let (out, _, code) = nakade(
        &["diff", "default", db.path(), "--corpus", corpus.path()],
        "",
    );
    assert_eq!(code, 1);
    assert!(out.ends_with(": 1 graph, 0 agree, 1 differs\n"), "{out}");
    let (_, _, code) = nakade(
        &["diff", "default", "default", "--corpus", corpus.path()],
        "",
    );
    assert_eq!(code, 0);
}

#[test]
fn batch_skips_comment_and_blank_lines_as_corpus_files_do() {
    let input = "# straight three\n...\n\n   \n# and a marginal one\n.!\n";
    for command in ["match", "solve"] {
        let (out, err, code) = nakade(&[command, "--batch"], input);
        assert_eq!((err.as_str(), code), ("", 0));
        let graphs: Vec<String> = out
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["graph"].to_string())
            .collect();
        assert_eq!(graphs, ["\"...\"", "\".!\""], "{command}");
    }
}

#[test]
fn one_point_is_singular_in_analyze_and_the_svg_legend() {
    let d = Temp::new(
        "half.txt",
        b"+-----------+\n|. O O O X .|\n|O O O O X .|\n|O O O X X .|\n|O O . O . .|\n|O O O . X .|\n|. . . . . .|\n+-----------+\n",
    );
    let svg = Temp::new("half.svg", b"");
    let (out, err, code) = nakade(
        &["analyze", d.path(), "--at", "C3", "--svg", svg.path()],
        "",
    );
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.contains("white space 1: 1 point\n"), "{out}");
    let picture = std::fs::read_to_string(&svg.0).unwrap();
    assert!(picture.contains(" white: 1 point, 0011"), "{picture}");
    assert!(!picture.contains("1 points"));
}

// Item 12: the SVG is as wide as its legend.

#[test]
fn svg_is_wide_enough_for_its_legend_on_small_boards() {
    // A 9x9 board (328 px) whose white space's legend line has 90 characters: cut at 440 px
    // before. A4 and B4 are open, so white's wall has two outside liberties and the
    // database answers (a pattern number in the legend).
    let d = Temp::new(
        "long.txt",
        b"+-------------------+\n| . . . . . . . . . |\n| . . . . . . . . . |\n| . . . . . . . . . |\n| . . . . . . . . . |\n| . . . . . . . . . |\n| . . X X X X X . . |\n| O O O O O O X . . |\n| O O O O O O X . . |\n| . . . . O O X . . |\n+-------------------+\n",
    );
    let svg = Temp::new("nine.svg", b"");
    let (_, err, code) = nakade(&["analyze", d.path(), "--svg", svg.path()], "");
    assert_eq!((err.as_str(), code), ("", 0));
    let picture = std::fs::read_to_string(&svg.0).unwrap();
    assert!(picture.contains(
        " white: 4 points, 1222 (2 eyes, the attacker can threaten to destroy one), pattern 400261</text>"
    ));
    let width: f64 = picture
        .split_once("width=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(w, _)| w.parse().unwrap())
        .unwrap();
    // Every legend line's text at 6.5 px a character (DejaVu Sans at 12 px averages 6.2 on
    // these lines; rendered with rsvg-convert) fits between the 8 px margins.
    let longest = picture
        .lines()
        .filter(|l| l.starts_with("<text x=\"8\""))
        .map(|l| {
            let mut text = String::new();
            let mut in_tag = false;
            for c in l.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text.replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .chars()
                .count()
        })
        .max()
        .unwrap();
    // The longest line of the legend is a bound's (`at most 2 eyes (a bound)`).
    assert_eq!(longest, 95);
    assert!(
        width >= 16.0 + 6.5 * longest as f64,
        "{width} px for {longest} characters"
    );
}

// Item 13: SGF setup that leaves stones without liberties, and errors without a place.

#[test]
fn sgf_setup_without_liberties_is_reported() {
    let f = Temp::new("setup.sgf", b"(;SZ[5]AB[aa][ba]\nAW[ca][ab][bb])");
    let (out, err, code) = nakade(&["analyze", f.path()], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("dead: -\n"));
    assert_eq!(
        err,
        format!(
            "warning: {}:2:1: AW setup leaves the black stones A5 B5 without liberties; they are removed\n",
            f.path()
        )
    );
    // Over GTP the warning goes to standard error; the protocol's answer is unchanged.
    let (out, err, code) = nakade(&["gtp"], &format!("loadsgf {}\n", f.path()));
    assert_eq!((out.as_str(), code), ("= black\n\n", 0));
    assert_eq!(
        err,
        format!(
            "warning: {}:2:1: AW setup leaves the black stones A5 B5 without liberties; they are removed\n",
            f.path()
        )
    );
}

#[test]
fn sgf_errors_without_a_place_get_one() {
    // A byte-order mark before the game tree is skipped, as SGF readers do.
    let bom = Temp::new("bom.sgf", b"\xef\xbb\xbf(;SZ[5]AB[aa])");
    let (out, err, code) = nakade(&["analyze", bom.path()], "");
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.starts_with("dead: -\n"));
    let gm = Temp::new("gm.sgf", b"(;FF[4]\nGM[2]SZ[9])");
    let (_, err, code) = nakade(&["analyze", gm.path()], "");
    assert_eq!(
        (err, code),
        (
            format!(
                "error: {}:2:1: bad GM value: expected 1 (the game of Go), found GM[2]\n",
                gm.path()
            ),
            1
        )
    );
    let twice = Temp::new("twice.sgf", b"\n  (;GM[1]SZ[9]GM[1])");
    let (_, err, code) = nakade(&["analyze", twice.path()], "");
    assert_eq!(
        (err, code),
        (
            format!(
                "error: {}:2:3: SGF syntax: expected each root property (GM, FF, SZ, ...) once in the game tree's first node\n",
                twice.path()
            ),
            1
        )
    );
}

// Item 14: GTP undo and boardsize, as GNU Go answers them.

/// The answers of a GTP session, without ids.
fn gtp_answers(engine: &str, commands: &[&str]) -> Vec<String> {
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    let out = if engine == "nakade" {
        nakade(&["gtp"], &input).0
    } else {
        let mut child = std::process::Command::new(engine)
            .args(["--mode", "gtp", "--quiet"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("gnugo runs");
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned()
    };
    out.split("\n\n")
        .filter(|a| !a.is_empty())
        .map(|a| a.trim_end().to_string())
        .collect()
}

const UNDO_SESSION: &[&str] = &[
    "undo",
    "boardsize 9",
    "play b c3",
    "play w d4",
    "undo",
    "showboard",
    "undo",
    "undo",
    "play b pass",
    "undo",
    "undo",
    "loadsgf tests/positions/bent_three.sgf",
    "undo",
    "undo",
    "undo",
    "undo",
];

const BOARDSIZES: &[&str] = &[
    "boardsize 1",
    "boardsize 2",
    "boardsize 7",
    "boardsize 19",
    "boardsize 0",
    "boardsize -3",
    "boardsize x",
    "boardsize",
    "boardsize 9.0",
    "boardsize +9",
    "boardsize 09",
    "boardsize 9 9",
    "boardsize 99999999999999999999",
];

#[test]
fn gtp_undo_takes_back_the_last_move() {
    let got = gtp_answers("nakade", UNDO_SESSION);
    let want = [
        "? cannot undo",
        "=",
        "=",
        "=",
        "=",
        "",
        "=",
        "? cannot undo",
        "=",
        "=",
        "? cannot undo",
        "= white",
        "=",
        "=",
        "=",
        "? cannot undo",
    ];
    assert_eq!(got.len(), want.len(), "{got:?}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if UNDO_SESSION[i] == "showboard" {
            // D4 taken back, C3 kept.
            assert!(g.contains(" 4 . . . . . . . . . 4"), "{g}");
            assert!(g.contains(" 3 . . X . . . . . . 3"), "{g}");
        } else {
            assert_eq!(g, w, "{}", UNDO_SESSION[i]);
        }
    }
}

#[test]
fn gtp_boardsize_accepts_what_gnu_go_accepts() {
    let got = gtp_answers("nakade", BOARDSIZES);
    let want = [
        "=",
        "=",
        "=",
        "=",
        "? unacceptable size",
        "? unacceptable size",
        "? boardsize not an integer",
        "? boardsize not an integer",
        "=",
        "=",
        "=",
        "=",
        "? unacceptable size",
    ];
    assert_eq!(got, want);
    // Beyond GNU Go's 19, the sizes this board supports.
    assert_eq!(
        gtp_answers("nakade", &["boardsize 25", "boardsize 26"]),
        ["=", "? unacceptable size"]
    );
}

#[test]
fn gtp_undo_and_boardsize_answer_as_gnu_go_does() {
    let Some(gnugo) = crate::support::gnugo() else {
        return;
    };
    let gnugo = gnugo.to_str().unwrap();
    // GNU Go's showboard adds capture counts: compare the other answers.
    let session: Vec<&str> = UNDO_SESSION
        .iter()
        .copied()
        .filter(|c| *c != "showboard")
        .collect();
    assert_eq!(
        gtp_answers("nakade", &session),
        gtp_answers(gnugo, &session)
    );
    // GNU Go's answer to a number past int's range is C's, undefined: left out.
    let sizes = &BOARDSIZES[..BOARDSIZES.len() - 1];
    assert_eq!(gtp_answers("nakade", sizes), gtp_answers(gnugo, sizes));
}
