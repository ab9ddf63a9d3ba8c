//! `nakade catalogue FILE --html OUT [--max-size N] [--per-page N]`: a self-contained page of
//! a pattern file: every pattern drawn (`render::draw`), grouped by size and neighbour class,
//! each with its number, value and comment, a legend of the marks, and a search box (a few
//! lines of inline script that hide the patterns whose text does not contain what is typed).
//!
//! A page holds at most `--per-page` patterns ([`DEFAULT_PER_PAGE`]; a drawn pattern is about
//! 10 KB): a file with more, such as the default database (38,014 patterns, a single page of
//! over 300 MB), is written as an index page at OUT, with the legend and a link to every page,
//! and pages of one size each beside it (`STEM-sizeS-K.html`), each linking back to the index
//! and to the pages before and after it. The search box searches its own page.
//!
//! The page is well-formed XML as well as HTML (no character in the script or the style needs
//! escaping), so a test can read it with an XML parser.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use std::fmt::Write as _;

use nakade::board::Color;
use nakade::pattern::dsl::{self, Pattern};

use super::render::{draw, pattern_picture};
use super::svg::{self, xml, CELL};

const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; }
h2 { font-size: 1.15em; margin-top: 1.5em; border-bottom: 1px solid #bbb; }
h3 { font-size: 1em; color: #555; }
#search { font-size: 1em; padding: 0.3em; width: 24em; }
.group { display: flex; flex-wrap: wrap; gap: 12px; }
.pattern { border: 1px solid #ddd; border-radius: 4px; padding: 6px; max-width: 420px; }
.pattern pre { font-size: 0.8em; color: #555; white-space: pre-wrap; margin: 4px 0 0 0; }
.hidden { display: none; }
table.legend td { padding: 2px 8px; vertical-align: middle; }
table.pages td, table.pages th { padding: 2px 10px; text-align: left; }
";

/// The search: each pattern's `data-text` holds its number, value, class and comment.
const SCRIPT: &str = "
function search(text) {
  var want = text.trim().toLowerCase();
  document.querySelectorAll('.pattern').forEach(function (p) {
    var hit = want === '' || p.getAttribute('data-text').indexOf(want) !== -1;
    p.classList.toggle('hidden', !hit);
  });
  var shown = document.querySelectorAll('.pattern:not(.hidden)').length;
  document.getElementById('shown').textContent = shown;
}
";

/// The most patterns a page holds unless `--per-page` says otherwise: about 10 MB of page.
pub const DEFAULT_PER_PAGE: usize = 1000;

/// Patterns by size, then neighbour class, then file order.
type Groups<'a> = BTreeMap<usize, BTreeMap<String, Vec<&'a Pattern>>>;

fn group<'a>(patterns: impl IntoIterator<Item = &'a Pattern>) -> Groups<'a> {
    let mut groups = Groups::new();
    for p in patterns {
        groups
            .entry(p.size())
            .or_default()
            .entry(p.graph.neighbour_class().to_string())
            .or_default()
            .push(p);
    }
    groups
}

/// Where a page of a paged catalogue links to: `(text, file name)` of the index, the page
/// before and the page after.
struct Nav<'a> {
    index: &'a str,
    previous: Option<&'a str>,
    next: Option<&'a str>,
}

/// The legend: what the marks of a picture mean, each beside a small drawing of it.
fn legend(w: &mut dyn Write) -> std::io::Result<()> {
    let sample = |draw: &dyn Fn(&mut String)| {
        let mut s = String::new();
        let side = CELL + 4.0;
        s.push_str(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\"><rect width=\"{side}\" height=\"{side}\" fill=\"{}\"/>",
            svg::BOARD
        ));
        draw(&mut s);
        s.push_str("</svg>");
        s
    };
    let c = CELL / 2.0 + 2.0;
    let marks: [(String, &str); 8] = [
        (
            sample(&|s| svg::space_point(s, c, c, svg::BLACK_TINT, false)),
            "a point of the eye space; the defender, who owns the space, is drawn as black",
        ),
        (
            sample(&|s| svg::space_point(s, c, c, svg::BLACK_TINT, true)),
            "a marginal point (<code>!</code>, <code>@</code>, <code>(</code>, <code>)</code>, <code>$</code>): where the attacker can come in from outside (it touches an attacker group that cannot be captured)",
        ),
        (
            sample(&|s| {
                svg::space_point(s, c, c, svg::BLACK_TINT, false);
                svg::stone(s, c, c, Color::White, true);
            }),
            "an attacker stone, dead (<code>X</code>; <code>$</code> on a marginal point)",
        ),
        (
            sample(&|s| {
                svg::space_point(s, c, c, svg::BLACK_TINT, false);
                let _ = writeln!(s, "<circle cx=\"{c}\" cy=\"{c}\" r=\"{}\" fill=\"#fafafa\" fill-opacity=\"0.35\" stroke=\"#333\" stroke-width=\"1.2\" stroke-dasharray=\"3 3\"/>", CELL / 2.0 - 1.5);
            }),
            "<code>x</code>: an empty point or an attacker stone (a wildcard)",
        ),
        (
            sample(&|s| svg::stone(s, c, c, Color::Black, false)),
            "a cell the space closes in: a defender stone",
        ),
        (
            sample(&|s| {
                svg::space_point(s, c, c, svg::BLACK_TINT, false);
                svg::attack_ring(s, c, c);
            }),
            "an attack point (red ring; <code>*</code>, <code>&lt;</code>, <code>@</code>, <code>(</code>): where the attacker's move changes the value",
        ),
        (
            sample(&|s| {
                svg::space_point(s, c, c, svg::BLACK_TINT, false);
                svg::defence_ring(s, c, c);
            }),
            "a defence point (green ring; <code>*</code>, <code>&gt;</code>, <code>@</code>, <code>)</code>): where the defender's move changes the value",
        ),
        (
            sample(&|s| {
                let _ = writeln!(s, "<line x1=\"0\" y1=\"{c}\" x2=\"{}\" y2=\"{c}\" stroke=\"#000\" stroke-width=\"2.5\"/><line x1=\"{c}\" y1=\"{c}\" x2=\"{c}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"1\"/>", CELL + 4.0, CELL + 4.0);
            }),
            "a thick line: the board's edge (<code>|</code>, <code>-</code>, <code>+</code>); where a diagram is open, the board's lines run on past it",
        ),
    ];
    w.write_all("<section id=\"legend\">\n<h2>Legend</h2>\n<table class=\"legend\">\n".as_bytes())?;
    for (picture, text) in &marks {
        writeln!(w, "<tr><td>{picture}</td><td>{text}</td></tr>")?;
    }
    w.write_all(
        "</table>\n<p>Under each picture: the pattern's number, its value <code>:abcd</code> and \
         what the value means. Each digit is the number of eyes the space is worth (2: two or \
         more): <code>a</code> when the attacker moves first and gets another move (the \
         defender having played elsewhere), <code>b</code> when the attacker moves first, \
         <code>c</code> when the defender moves first, <code>d</code> when the defender moves \
         first and gets another move. The patterns of a size are grouped by neighbour class: \
         the sorted neighbour counts of their points (<code>112</code> for a three-point \
         path). The pattern language: <code>docs/PATTERNS.md</code>.</p>\n</section>\n"
            .as_bytes(),
    )?;
    Ok(())
}

/// The head of a page, its title and the legend or a link to it.
fn head(w: &mut dyn Write, title: &str, with_script: bool) -> std::io::Result<()> {
    w.write_all("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n".as_bytes())?;
    writeln!(w, "<title>{}</title>", xml(title))?;
    writeln!(w, "<style>{STYLE}</style>")?;
    if with_script {
        writeln!(w, "<script>{SCRIPT}</script>")?;
    }
    writeln!(w, "</head>\n<body>")?;
    writeln!(w, "<h1>{}</h1>", xml(title))
}

/// A page of patterns (`groups`, `count` of them); with `nav`, one page of several.
fn page(
    w: &mut dyn Write,
    title: &str,
    groups: &Groups<'_>,
    count: usize,
    nav: Option<&Nav<'_>>,
) -> std::io::Result<()> {
    head(w, title, true)?;
    if let Some(nav) = nav {
        let link = |text: &str, to: Option<&str>| match to {
            Some(to) => format!("<a href=\"{}\">{text}</a>", xml(to)),
            None => text.to_string(),
        };
        writeln!(
            w,
            "<p class=\"nav\">{} | {} | {} (the legend is on the index)</p>",
            link("index", Some(nav.index)),
            link("previous page", nav.previous),
            link("next page", nav.next)
        )?;
    }
    writeln!(
        w,
        "<p><input id=\"search\" type=\"search\" placeholder=\"number, value, neighbour class or comment\" oninput=\"search(this.value)\"/> <span id=\"shown\">{count}</span> of {count} patterns{} shown</p>",
        if nav.is_some() { " of this page" } else { "" }
    )?;
    if nav.is_none() {
        legend(w)?;
    }
    for (size, classes) in groups {
        let n: usize = classes.values().map(Vec::len).sum();
        writeln!(
            w,
            "<section class=\"size\" id=\"size-{size}\">\n<h2>{size} {} ({n} pattern{})</h2>",
            if *size == 1 { "vertex" } else { "vertices" },
            if n == 1 { "" } else { "s" }
        )?;
        for (class, ps) in classes {
            writeln!(
                w,
                "<h3>neighbour class {class} ({} pattern{})</h3>\n<div class=\"group\">",
                ps.len(),
                if ps.len() == 1 { "" } else { "s" }
            )?;
            for p in ps {
                card(w, p, class)?;
            }
            w.write_all("</div>\n".as_bytes())?;
        }
        w.write_all("</section>\n".as_bytes())?;
    }
    w.write_all("</body>\n</html>\n".as_bytes())?;
    Ok(())
}

/// One page of a paged catalogue: its file name, size, number among that size's pages, and
/// its patterns in page order.
struct PageOf<'a> {
    file: String,
    size: usize,
    part: usize,
    parts: usize,
    patterns: Vec<(&'a str, &'a Pattern)>,
}

/// The index of a paged catalogue: the legend and a link to every page.
fn index(
    w: &mut dyn Write,
    title: &str,
    pages: &[PageOf<'_>],
    total: usize,
    per_page: usize,
) -> std::io::Result<()> {
    head(w, title, false)?;
    writeln!(
        w,
        "<p>{total} patterns on {} pages, at most {per_page} a page (<code>--per-page</code>), each page one size; the search box of a page searches that page.</p>",
        pages.len()
    )?;
    legend(w)?;
    w.write_all("<h2>Pages</h2>\n<table class=\"pages\">\n<tr><th>size</th><th>patterns</th><th>pages</th></tr>\n".as_bytes())?;
    let mut sizes: BTreeMap<usize, Vec<&PageOf<'_>>> = BTreeMap::new();
    for p in pages {
        sizes.entry(p.size).or_default().push(p);
    }
    for (size, ps) in &sizes {
        let n: usize = ps.iter().map(|p| p.patterns.len()).sum();
        let links: Vec<String> = ps
            .iter()
            .map(|p| {
                format!(
                    "<a href=\"{}\">{} of {} ({} patterns)</a>",
                    xml(&p.file),
                    p.part,
                    p.parts,
                    p.patterns.len()
                )
            })
            .collect();
        writeln!(
            w,
            "<tr><td>{size}</td><td>{n}</td><td>{}</td></tr>",
            links.join(", ")
        )?;
    }
    w.write_all("</table>\n</body>\n</html>\n".as_bytes())?;
    Ok(())
}

fn card(w: &mut dyn Write, p: &Pattern, class: &str) -> std::io::Result<()> {
    let comment = p
        .comments
        .iter()
        .map(|c| c.trim())
        .collect::<Vec<_>>()
        .join("\n");
    let text = format!("{} {} {class} {comment}", p.number, p.value).to_lowercase();
    writeln!(
        w,
        "<div class=\"pattern\" id=\"p{}\" data-text=\"{}\">",
        p.number,
        xml(&text)
    )?;
    // The SVG's own XML declaration-free root, inlined.
    w.write_all(draw(&pattern_picture(p)).as_bytes())?;
    if !comment.trim().is_empty() {
        writeln!(w, "<pre>{}</pre>", xml(&comment))?;
    }
    w.write_all("</div>\n".as_bytes())?;
    Ok(())
}

pub fn run(
    file: &Path,
    out: &Path,
    max_size: Option<usize>,
    per_page: usize,
    options: dsl::Options,
) -> anyhow::Result<ExitCode> {
    let Some(f) = super::load::read_pattern_file(file, options, "catalogue")? else {
        return Ok(ExitCode::from(1));
    };
    let patterns: Vec<&Pattern> = f
        .patterns
        .iter()
        .filter(|p| max_size.is_none_or(|m| p.size() <= m))
        .collect();
    let name = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let title = format!("{name}: {} patterns", patterns.len());
    let groups = group(patterns.iter().copied());
    // Streamed to the file: a page of every default pattern is over 300 MB.
    if patterns.len() <= per_page {
        super::output::write_with(out, |w| page(w, &title, &groups, patterns.len(), None))?;
        return Ok(ExitCode::SUCCESS);
    }
    // Pages beside OUT, named after it: OUT must be a file's path.
    if std::fs::metadata(out).is_ok_and(|m| !m.is_file()) {
        anyhow::bail!(
            "{}: not a file; {} patterns make more than one page (at most {per_page} a page): \
             give a file's path, whose directory gets the pages, or a larger --per-page",
            out.display(),
            patterns.len()
        );
    }
    let stem = out.file_stem().map_or_else(
        || "catalogue".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let extension = out
        .extension()
        .map_or_else(|| "html".to_string(), |e| e.to_string_lossy().into_owned());
    let mut pages: Vec<PageOf<'_>> = Vec::new();
    for (size, classes) in &groups {
        let all: Vec<(&str, &Pattern)> = classes
            .iter()
            .flat_map(|(class, ps)| ps.iter().map(move |p| (class.as_str(), *p)))
            .collect();
        let parts = all.len().div_ceil(per_page);
        for (k, chunk) in all.chunks(per_page).enumerate() {
            pages.push(PageOf {
                file: format!("{stem}-size{size}-{}.{extension}", k + 1),
                size: *size,
                part: k + 1,
                parts,
                patterns: chunk.to_vec(),
            });
        }
    }
    let index_name = out.file_name().map_or_else(
        || format!("{stem}.{extension}"),
        |n| n.to_string_lossy().into_owned(),
    );
    let dir = out.parent().unwrap_or(Path::new(""));
    for (i, p) in pages.iter().enumerate() {
        let mut groups = Groups::new();
        for (class, pattern) in &p.patterns {
            groups
                .entry(p.size)
                .or_default()
                .entry((*class).to_string())
                .or_default()
                .push(*pattern);
        }
        let nav = Nav {
            index: &index_name,
            previous: i.checked_sub(1).map(|j| pages[j].file.as_str()),
            next: pages.get(i + 1).map(|q| q.file.as_str()),
        };
        let title = format!(
            "{name}: {} vertices, page {} of {}",
            p.size, p.part, p.parts
        );
        super::output::write_with(&dir.join(&p.file), |w| {
            page(w, &title, &groups, p.patterns.len(), Some(&nav))
        })?;
    }
    super::output::write_with(out, |w| index(w, &title, &pages, patterns.len(), per_page))?;
    outln!(
        "{}: the index of {} pages of {} patterns (at most {per_page} a page), written beside it as {stem}-sizeS-K.{extension}",
        out.display(),
        pages.len(),
        patterns.len()
    )?;
    Ok(ExitCode::SUCCESS)
}
