//! `nakade catalogue FILE --html OUT [--max-size N]`: one self-contained page of a pattern
//! file: every pattern drawn (`render::draw`), grouped by size and neighbour class, each with
//! its number, value and comment, and a search box (a few lines of inline script that hide the
//! patterns whose text does not contain what is typed).
//!
//! The page is well-formed XML as well as HTML (no character in the script or the style needs
//! escaping), so a test can read it with an XML parser.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use nakade::pattern::dsl::{self, Pattern};

use super::render::{draw, pattern_picture};
use super::svg::xml;

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

/// The page for the patterns of a file (those up to `max_size` vertices).
pub fn page(w: &mut dyn Write, title: &str, patterns: &[&Pattern]) -> std::io::Result<()> {
    // Size, then neighbour class, then file order.
    let mut groups: BTreeMap<usize, BTreeMap<String, Vec<&Pattern>>> = BTreeMap::new();
    for p in patterns {
        groups
            .entry(p.size())
            .or_default()
            .entry(p.graph.neighbour_class().to_string())
            .or_default()
            .push(p);
    }
    w.write_all("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n".as_bytes())?;
    writeln!(w, "<title>{}</title>", xml(title))?;
    writeln!(
        w,
        "<style>{STYLE}</style>\n<script>{SCRIPT}</script>\n</head>\n<body>"
    )?;
    writeln!(w, "<h1>{}</h1>", xml(title))?;
    writeln!(
        w,
        "<p><input id=\"search\" type=\"search\" placeholder=\"number, value, neighbour class or comment\" oninput=\"search(this.value)\"/> <span id=\"shown\">{}</span> of {} patterns shown</p>",
        patterns.len(),
        patterns.len()
    )
    ?;
    for (size, classes) in &groups {
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
    // Streamed to the file: a page of every default pattern is over a gigabyte.
    let title = format!("{name}: {} patterns", patterns.len());
    super::output::write_with(out, |w| page(w, &title, &patterns))?;
    Ok(ExitCode::SUCCESS)
}
