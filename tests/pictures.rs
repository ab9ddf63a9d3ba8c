//! `nakade render` and `nakade catalogue`: the SVG and the page are parsed as XML and their
//! content checked: the marks where the pattern puts them, every pattern drawn once.

use std::path::PathBuf;

use pretty_assertions::assert_eq;
use roxmltree::{Document, Node, ParsingOptions};

use crate::support::{nakade, shared_file};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nakade-pic-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn parse(text: &str) -> Document<'_> {
    let options = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, options).expect("well-formed XML")
}

/// The (cx, cy) of every circle with this stroke and radius.
fn rings(doc: &Document<'_>, stroke: &str, r: &str) -> Vec<(String, String)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter(|n| n.attribute("stroke") == Some(stroke) && n.attribute("r") == Some(r))
        .map(|n| {
            (
                n.attribute("cx").unwrap().to_string(),
                n.attribute("cy").unwrap().to_string(),
            )
        })
        .collect()
}

fn texts(doc: &Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(Node::is_text)
                .map(|t| t.text().unwrap_or(""))
                .collect()
        })
        .collect()
}

#[test]
fn a_pattern_is_drawn_with_its_edges_space_and_vital_points() {
    let dir = scratch("render");
    let db = dir.join("bent.db");
    std::fs::write(
        &db,
        "Pattern 3\n\n..\n\n:1111\n\nPattern 7\n# bent four in the corner\n\n|!\n|.*X\n+---\n\n:1122\n",
    )
    .unwrap();
    let out = dir.join("p7.svg");
    let (o, e, code) = nakade(
        &[
            "render",
            db.to_str().unwrap(),
            "--pattern",
            "7",
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{o}{e}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // The `*` at row 1, column 2, with a row and a column of board before the diagram:
    // 24 + 3 * 32 = 120, 24 + 2 * 32 = 88.
    let both = vec![("120".to_string(), "88".to_string())];
    assert_eq!(rings(&doc, "#d0021b", "12"), both);
    assert_eq!(rings(&doc, "#1b9e3e", "7.5"), both);
    // Four points of space; the marginal one dashed.
    let squares: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("rx") == Some("4"))
        .collect();
    assert_eq!(squares.len(), 4);
    assert_eq!(
        squares
            .iter()
            .filter(|n| n.attribute("stroke-dasharray").is_some())
            .count(),
        1
    );
    // The dead stone at row 1, column 3: a faded white stone.
    let stones: Vec<(&str, &str, &str)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("r") == Some("14.5"))
        .map(|n| {
            (
                n.attribute("cx").unwrap(),
                n.attribute("cy").unwrap(),
                n.attribute("opacity").unwrap(),
            )
        })
        .collect();
    assert_eq!(stones, vec![("152", "88", "0.45")]);
    // Thick edge lines where the board stops, in half-segments: the left edge from the row
    // above the diagram to the corner (3), the bottom edge from the corner to half-way past
    // the last `-` (5).
    let thick = doc
        .descendants()
        .filter(|n| n.has_tag_name("line") && n.attribute("stroke-width") == Some("2.5"))
        .count();
    assert_eq!(thick, 8);
    let captions = texts(&doc);
    assert_eq!(captions[0], "Pattern 7  :1122");
    assert_eq!(captions[1], "3/2 eyes");
    // A file of several patterns needs --pattern; an unknown number is an error.
    let (_, e, code) = nakade(
        &[
            "render",
            db.to_str().unwrap(),
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        e.contains("has 2 patterns: choose one with --pattern N"),
        "{e}"
    );
    let (_, e, code) = nakade(
        &[
            "render",
            db.to_str().unwrap(),
            "--pattern",
            "9",
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(e.contains("no pattern 9"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_encoded_graph_is_valued_by_the_default_database() {
    let dir = scratch("graph");
    let out = dir.join("three.svg");
    let (o, e, code) = nakade(&["render", "...", "--svg", out.to_str().unwrap()], "");
    assert_eq!(code, 0, "{o}{e}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    // The straight three: 1122, the middle point (24 + 2 * 32, 24 + 32) vital for both.
    let middle = vec![("88".to_string(), "56".to_string())];
    assert_eq!(rings(&doc, "#d0021b", "12"), middle);
    assert_eq!(rings(&doc, "#1b9e3e", "7.5"), middle);
    let captions = texts(&doc);
    assert_eq!(captions[0], "...  :1122");
    assert!(captions[2].starts_with("from pattern "), "{captions:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pattern cards of a catalogue page: (id, heading of their group).
fn cards(doc: &Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("div") && n.attribute("class") == Some("pattern"))
        .map(|n| n.attribute("id").unwrap().to_string())
        .collect()
}

#[test]
fn a_catalogue_groups_patterns_by_size_and_class() {
    let dir = scratch("catalogue");
    let db = dir.join("small.db");
    std::fs::write(
        &db,
        "Pattern 1\n\n!\n\n:0000\n\nPattern 2\n# straight three\n\nx*x\n\n:1122\n\nPattern 3\n\n.\n*.\n\n:1122\n\nPattern 4\n# three & more\n\n.*.\n\n:1122\n",
    )
    .unwrap();
    let out = dir.join("small.html");
    let (o, e, code) = nakade(
        &[
            "catalogue",
            db.to_str().unwrap(),
            "--html",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{o}{e}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    assert_eq!(doc.root_element().tag_name().name(), "html");
    assert_eq!(cards(&doc), vec!["p1", "p2", "p3", "p4"]);
    let headings: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("h2") || n.has_tag_name("h3"))
        .filter(|n| n.parent().and_then(|p| p.attribute("class")) == Some("size"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        headings,
        vec![
            "1 vertex (1 pattern)",
            "neighbour class 0 (1 pattern)",
            "3 vertices (3 patterns)",
            "neighbour class 112 (3 patterns)",
        ]
    );
    // Bent and straight three share the class 112; each card has its picture, the commented
    // ones their comment, and what the search looks in.
    assert_eq!(card_pictures(&doc), 4);
    // One page: the legend on it.
    assert_eq!(legend(&doc).len(), 8);
    let pres: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("pre"))
        .map(|n| n.text().unwrap_or(""))
        .collect();
    assert_eq!(pres, vec!["straight three", "three & more"]);
    let p4 = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("p4"))
        .unwrap();
    assert_eq!(p4.attribute("data-text"), Some("4 1122 112 three & more"));
    let input = doc.descendants().find(|n| n.has_tag_name("input")).unwrap();
    assert_eq!(input.attribute("oninput"), Some("search(this.value)"));
    let script = doc
        .descendants()
        .find(|n| n.has_tag_name("script"))
        .unwrap();
    assert!(script.text().unwrap().contains("function search(text)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pictures drawn on the cards of a page.
fn card_pictures(doc: &Document<'_>) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name("svg"))
        .filter(|n| n.parent().and_then(|p| p.attribute("class")) == Some("pattern"))
        .count()
}

/// The legend's rows: (has a picture, text).
fn legend(doc: &Document<'_>) -> Vec<String> {
    let Some(section) = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("legend"))
    else {
        return Vec::new();
    };
    section
        .descendants()
        .filter(|n| n.has_tag_name("tr"))
        .map(|tr| {
            let cells: Vec<Node<'_, '_>> = tr.children().filter(|c| c.has_tag_name("td")).collect();
            assert_eq!(cells.len(), 2);
            assert!(cells[0].children().any(|c| c.has_tag_name("svg")));
            cells[1]
                .descendants()
                .filter(|d| d.is_text())
                .map(|d| d.text().unwrap_or(""))
                .collect::<String>()
        })
        .collect()
}

/// The links of a page (`href`s), in order.
fn links(doc: &Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("a"))
        .map(|n| n.attribute("href").unwrap().to_string())
        .collect()
}

/// A paged catalogue read from its index: every page's card ids, each page's size in bytes,
/// and that every page links back to the index and to its neighbours.
fn read_paged(dir: &std::path::Path, index: &str) -> (Vec<Vec<String>>, Vec<usize>) {
    let text = std::fs::read_to_string(dir.join(index)).unwrap();
    let doc = parse(&text);
    assert_eq!(card_pictures(&doc), 0);
    let rows = legend(&doc);
    assert_eq!(rows.len(), 8, "{rows:?}");
    assert!(rows
        .iter()
        .any(|r| r.starts_with("an attack point (red ring")));
    assert!(rows.iter().any(|r| r.starts_with("a marginal point")));
    let pages = links(&doc);
    let (mut ids, mut sizes) = (Vec::new(), Vec::new());
    for (i, page) in pages.iter().enumerate() {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        sizes.push(text.len());
        let doc = parse(&text);
        let nav = links(&doc);
        assert_eq!(nav[0], index);
        let mut neighbours: Vec<&String> = Vec::new();
        neighbours.extend(i.checked_sub(1).map(|j| &pages[j]));
        neighbours.extend(pages.get(i + 1));
        assert_eq!(nav[1..].iter().collect::<Vec<_>>(), neighbours, "{page}");
        assert_eq!(card_pictures(&doc), cards(&doc).len());
        ids.push(cards(&doc));
    }
    (ids, sizes)
}

/// Issue 34, item 8: a catalogue of more patterns than a page holds (`--per-page`, 1,000 by
/// default) is an index, with the legend and a link to each page, and pages of one size
/// each: every pattern on one page, no page over the limit (the default database's whole
/// catalogue was one page of 307 MB without a legend).
#[test]
fn a_catalogue_of_gnugo_eyes_db_draws_every_pattern() {
    let Some(path) = shared_file("gnugo/eyes.db") else {
        return;
    };
    let dir = scratch("eyes");
    let out = dir.join("eyes.html");
    let (o, e, code) = nakade(
        &[
            "catalogue",
            path.to_str().unwrap(),
            "--html",
            out.to_str().unwrap(),
            "--per-page",
            "300",
        ],
        "",
    );
    assert_eq!(code, 0, "{o}{e}");
    assert_eq!(
        o,
        format!(
            "{}: the index of 14 pages of 1816 patterns (at most 300 a page), written beside it as eyes-sizeS-K.html\n",
            out.display()
        )
    );
    let (pages, _) = read_paged(&dir, "eyes.html");
    assert_eq!(pages.len(), 14);
    assert!(pages.iter().all(|p| !p.is_empty() && p.len() <= 300));
    // Every pattern once.
    let mut ids: Vec<String> = pages.concat();
    assert_eq!(ids.len(), 1816);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 1816);
    // Sizes 1 to 10, one page each but sizes 6 (670 patterns) and 7 (786): 3 pages each.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 15);
    assert!(dir.join("eyes-size6-3.html").exists() && !dir.join("eyes-size6-4.html").exists());
    // Under a page's limit, one page, with the legend.
    let (o, e, code) = nakade(
        &[
            "catalogue",
            path.to_str().unwrap(),
            "--html",
            dir.join("one.html").to_str().unwrap(),
            "--per-page",
            "1816",
        ],
        "",
    );
    assert_eq!((code, o.as_str()), (0, ""), "{e}");
    let text = std::fs::read_to_string(dir.join("one.html")).unwrap();
    let doc = parse(&text);
    assert_eq!(cards(&doc).len(), 1816);
    assert_eq!(legend(&doc).len(), 8);
    let sizes: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("h2"))
        .map(|n| n.text().unwrap_or(""))
        .collect();
    assert_eq!(sizes[0], "Legend");
    assert_eq!(sizes[1], "1 vertex (3 patterns)");
    assert_eq!(sizes[10], "10 vertices (8 patterns)");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 34, item 8: the default database's catalogue, in pages of at most 1,000 patterns
/// (here its patterns up to 5 points: 8,364 patterns, 12 pages, none over 16 MB); pages need
/// a file's path to be written beside, and `--per-page 0` is refused.
#[test]
fn the_default_database_catalogue_is_paged() {
    let dir = scratch("default");
    let out = dir.join("default.html");
    let (o, e, code) = nakade(
        &[
            "catalogue",
            "patterns/default.db",
            "--max-size",
            "5",
            "--html",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{o}{e}");
    let (pages, sizes) = read_paged(&dir, "default.html");
    assert_eq!(pages.len(), 12);
    assert_eq!(pages.iter().map(Vec::len).sum::<usize>(), 8364);
    assert!(pages.iter().all(|p| p.len() <= 1000));
    assert!(sizes.iter().all(|&s| s < 16 << 20), "{sizes:?}");
    assert!(std::fs::metadata(&out).unwrap().len() < 64 << 10);
    // A directory cannot have pages beside it.
    let (_, e, code) = nakade(
        &[
            "catalogue",
            "patterns/default.db",
            "--max-size",
            "5",
            "--html",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        e.contains("not a file; 8364 patterns make more than one page"),
        "{e}"
    );
    let (_, _, code) = nakade(
        &[
            "catalogue",
            "patterns/default.db",
            "--per-page",
            "0",
            "--html",
            "x.html",
        ],
        "",
    );
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 34, item 9: the board is centred over a caption wider than it (it was drawn at the
/// left edge): the wood's extent, moved by its group's translation, has equal margins.
#[test]
fn the_board_is_centred_over_its_caption() {
    let dir = scratch("centred");
    let out = dir.join("two.svg");
    let (o, e, code) = nakade(&["render", "..%..", "--svg", out.to_str().unwrap()], "");
    assert_eq!(code, 0, "{o}{e}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let group = doc.descendants().find(|n| n.has_tag_name("g")).unwrap();
    let dx: f64 = group
        .attribute("transform")
        .and_then(|t| {
            t.strip_prefix("translate(")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .unwrap();
    let wood: Vec<(f64, f64)> = group
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#e8c887"))
        .map(|n| {
            let x: f64 = n.attribute("x").unwrap().parse().unwrap();
            let w: f64 = n.attribute("width").unwrap().parse().unwrap();
            (x, x + w)
        })
        .collect();
    let left = wood.iter().map(|w| w.0).fold(f64::MAX, f64::min) + dx;
    let right = wood.iter().map(|w| w.1).fold(f64::MIN, f64::max) + dx;
    assert!(
        (left - (width - right)).abs() <= 18.0,
        "margins {left} and {}",
        width - right
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 34, item 9: on a 19x19 middle game a space's letter was drawn on its first point,
/// often a vital point, whose ring ran under the letter's box. The letter goes on a point no
/// ring marks, wherever the space has one: the letters on ringed points are exactly those of
/// the spaces every point of which is ringed (`middle_game_2`: 5 of 86, where 8 were).
#[test]
fn space_letters_stand_clear_of_the_vital_point_rings() {
    let dir = scratch("letters");
    let out = dir.join("mg2.svg");
    let file = "benches/positions/middle_game_2.sgf";
    let (o, e, code) = nakade(&["analyze", file, "--svg", out.to_str().unwrap()], "");
    assert_eq!(code, 0, "{o}{e}");
    let (json, e, code) = nakade(&["analyze", file, "--json"], "");
    assert_eq!(code, 0, "{e}");
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let spaces = report["spaces"].as_array().unwrap();
    let names = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .map(|a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    let ringed: std::collections::HashSet<String> = spaces
        .iter()
        .flat_map(|sp| {
            names(&sp["attack"])
                .into_iter()
                .chain(names(&sp["defense"]))
        })
        .collect();
    let all_ringed = spaces
        .iter()
        .filter(|sp| names(&sp["points"]).iter().all(|p| ringed.contains(p)))
        .count();
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    let num = |n: &Node<'_, '_>, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    let letters: Vec<(i64, i64)> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("rect")
                && n.attribute("width") == Some("12")
                && n.attribute("height") == Some("11")
        })
        .map(|n| ((num(&n, "x") + 15.0) as i64, (num(&n, "y") + 15.0) as i64))
        .collect();
    assert_eq!(letters.len(), spaces.len());
    let rings: Vec<(i64, i64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && matches!(n.attribute("r"), Some("12" | "7.5")))
        .map(|n| (num(&n, "cx") as i64, num(&n, "cy") as i64))
        .collect();
    let under = letters.iter().filter(|l| rings.contains(l)).count();
    assert_eq!(under, all_ringed);
    assert!(all_ringed < 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pictures of issue 34 item 9 as golden files (`tests/golden/picture_*.svg`;
/// `NAKADE_BLESS=1` rewrites them): a 19x19 middle game's analysis (letters clear of the
/// rings, the legend with the brown of a point in both colours' spaces) and a pattern drawn
/// by `render` (the board centred over its caption).
#[test]
fn the_pictures_are_the_golden_ones() {
    let dir = scratch("golden");
    let cases: [(&str, Vec<&str>); 2] = [
        (
            "picture_middle_game_2.svg",
            vec!["analyze", "benches/positions/middle_game_2.sgf", "--svg"],
        ),
        (
            "picture_render_bent_four.svg",
            vec!["render", "|..%|..%+--", "--svg"],
        ),
    ];
    for (name, args) in cases {
        let out = dir.join(name);
        let mut args = args;
        args.push(out.to_str().unwrap());
        let (o, e, code) = nakade(&args, "");
        assert_eq!(code, 0, "{o}{e}");
        let got = std::fs::read_to_string(&out).unwrap();
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(name);
        if std::env::var_os("NAKADE_BLESS").is_some() {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(want, got, "golden file {}", path.display());
    }
}

/// A space read for `b` and `c` alone is drawn with those two digits, never as a four-digit
/// value: `middle_game_5`'s 13-point space S13, whose whole reading gives up within the
/// default budget.
#[test]
fn a_space_read_for_two_digits_is_labelled_with_them() {
    let dir = scratch("minmax");
    let out = dir.join("mg5.svg");
    let (o, e, code) = nakade(
        &[
            "analyze",
            "benches/positions/middle_game_5.sgf",
            "--svg",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{o}{e}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    let lines: Vec<String> = texts(&doc)
        .into_iter()
        .filter(|t| t.contains("13 points"))
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        lines,
        [
            "W1 white: 13 points, ?22? (2 eyes with the attacker first, 2 eyes with the \
             owner first), solver (the eyes with either side first only)"
        ]
    );
}
