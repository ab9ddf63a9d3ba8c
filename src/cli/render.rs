//! `nakade render GRAPH|FILE [--pattern N] --svg OUT`: one pattern (or an encoded eye graph)
//! drawn as a Go diagram, in the marks and colours of `analyze --svg` (`svg.rs`).
//!
//! The defender owns the space and is drawn as black: the space is tinted in black's colour,
//! marginal points lighter with a dashed outline; dead attacker stones (`X`, `$`) are faded
//! white stones with a red cross, an `x` a dashed empty circle (a stone or not); a cell the
//! space closes in is a black stone. Attack points carry a red ring, defence points a green
//! one. Board edges are thick lines where the lines of the board stop; where the diagram is
//! open, the lines run on past it. The value, and what it means, are written under it.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use nakade::board::Color;
use nakade::evaluation::db::mark_vital;
use nakade::evaluation::evaluate::{Evaluator, Source};
use nakade::pattern::diagram::{Cell, Content, Diagram};
use nakade::pattern::dsl::{self, Pattern};
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;
use nakade::value::EyeValue;

use super::svg::{self, xml, CELL};

/// Space around the diagram, in pixels.
const MARGIN: f64 = 24.0;
/// Height of a caption line, in pixels.
const CAPTION_LINE: f64 = 16.0;

/// A diagram drawn with a caption under it: what [`draw`] needs.
pub struct Picture<'a> {
    /// The diagram, vital points marked.
    pub diagram: &'a Diagram,
    /// The caption's first line (bold), e.g. `Pattern 301`.
    pub title: String,
    /// Its value, when known.
    pub value: Option<EyeValue>,
    /// Further caption lines (the source of a value, ...).
    pub notes: Vec<String>,
}

/// The centre of cell (`r`, `c`) of the diagram in the drawing (which has a row and a column
/// of board around the diagram).
pub fn centre(r: usize, c: usize) -> (f64, f64) {
    at(r as isize, c as isize)
}

/// The centre of cell (`r`, `c`), -1 and the diagram's size included.
fn at(r: isize, c: isize) -> (f64, f64) {
    (
        MARGIN + CELL * (c + 1) as f64,
        MARGIN + CELL * (r + 1) as f64,
    )
}

/// The picture as an SVG document.
pub fn draw(p: &Picture<'_>) -> String {
    let d = p.diagram;
    let h = d.rows.len();
    let w = d.rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let cell = |r: isize, c: isize| d.cell(r, c);
    // A board point: a cell of the diagram that is not an edge marker; a cell around the
    // diagram is one unless the diagram's nearest cell is an edge marker (it lies beyond the
    // edge). So the board runs on around the diagram where no edge stops it.
    let (hi, wi) = (h as isize - 1, w as isize - 1);
    let board = |r: isize, c: isize| !cell(r.clamp(0, hi.max(0)), c.clamp(0, wi)).is_edge();
    let mut caption = vec![format!(
        "<tspan font-weight=\"bold\">{}</tspan>",
        xml(&p.title)
    )];
    if let Some(v) = p.value {
        caption[0].push_str(&xml(&format!("  :{v}")));
        caption.push(xml(v.describe()));
    }
    caption.extend(p.notes.iter().map(|n| xml(n)));
    let longest = p
        .notes
        .iter()
        .map(String::len)
        .chain(p.value.map(|v| v.describe().len()))
        .chain([p.title.len() + 7])
        .max()
        .unwrap_or(0) as f64;
    let drawing_w = 2.0 * MARGIN + CELL * (w as f64 + 1.0);
    // Caption characters at 7.5 px (12 px sans-serif, generously).
    let width = drawing_w.max(16.0 + 7.5 * longest).ceil();
    let drawing_h = 2.0 * MARGIN + CELL * (h as f64 + 1.0);
    let height = drawing_h + CAPTION_LINE * caption.len() as f64 + 8.0;
    let mut s = String::new();
    writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    )
    .unwrap();
    writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )
    .unwrap();
    // The board centred over a caption wider than it.
    let offset = ((width - drawing_w) / 2.0).floor();
    writeln!(s, r#"<g transform="translate({offset} 0)">"#).unwrap();
    let half = CELL / 2.0;
    // The wood: a tile per board point, stopping a little short of a cell past an edge line
    // (room for the marks of a point on the edge).
    for r in -1..=h as isize {
        for c in -1..=w as isize {
            if !board(r, c) {
                continue;
            }
            let (x, y) = at(r, c);
            let past = |open: bool| if open { half } else { half - 2.0 };
            let (l, rt) = (past(board(r, c - 1)), past(board(r, c + 1)));
            let (t, b) = (past(board(r - 1, c)), past(board(r + 1, c)));
            writeln!(
                s,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                x - l,
                y - t,
                l + rt,
                t + b,
                svg::BOARD
            )
            .unwrap();
        }
    }
    // The lines: from each point half-way to each neighbour that is a board point; an edge
    // line (thick) along each point beside an edge marker.
    for r in -1..=h as isize {
        for c in -1..=w as isize {
            if !board(r, c) {
                continue;
            }
            let (x, y) = at(r, c);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if !board(r + dr, c + dc) {
                    continue;
                }
                let (x2, y2) = (x + half * dc as f64, y + half * dr as f64);
                // Along a `-` (above or below) a horizontal line is the edge; along a `|`
                // (left or right) a vertical one.
                let edge_line = if dr == 0 {
                    [cell(r - 1, c), cell(r + 1, c)].contains(&Cell::EdgeHorizontal)
                } else {
                    [cell(r, c - 1), cell(r, c + 1)].contains(&Cell::EdgeVertical)
                };
                let width = if edge_line { 2.5 } else { 1.0 };
                writeln!(
                    s,
                    r##"<line x1="{x}" y1="{y}" x2="{x2}" y2="{y2}" stroke="#000" stroke-width="{width}"/>"##
                )
                .unwrap();
            }
        }
    }
    // The space, the stones, the vital points.
    for v in d.vertices() {
        let (x, y) = centre(v.row, v.col);
        svg::space_point(&mut s, x, y, svg::BLACK_TINT, v.marker.is_marginal());
        match v.marker.content() {
            Content::Stone => svg::stone(&mut s, x, y, Color::White, true),
            Content::Either => {
                writeln!(s, r##"<circle class="either" cx="{x}" cy="{y}" r="{}" fill="#fafafa" fill-opacity="0.35" stroke="#333" stroke-width="1.2" stroke-dasharray="3 3"/>"##, CELL / 2.0 - 1.5).unwrap();
            }
            Content::Empty | Content::Defender => {}
        }
        if v.marker.is_attack() {
            svg::attack_ring(&mut s, x, y);
        }
        if v.marker.is_defense() {
            svg::defence_ring(&mut s, x, y);
        }
    }
    for e in d.enclosed() {
        let (x, y) = centre(e.row, e.col);
        svg::stone(&mut s, x, y, Color::Black, false);
    }
    s.push_str("</g>\n");
    let mut y = drawing_h + 4.0;
    for line in &caption {
        writeln!(
            s,
            r#"<text x="8" y="{}" font-size="12">{line}</text>"#,
            y + 8.0
        )
        .unwrap();
        y += CAPTION_LINE;
    }
    s.push_str("</svg>\n");
    s
}

/// The picture of a pattern of a file.
pub fn pattern_picture(p: &Pattern) -> Picture<'_> {
    Picture {
        diagram: &p.diagram,
        title: format!("Pattern {}", p.number),
        value: Some(p.value),
        notes: Vec::new(),
    }
}

/// Render a pattern of a file, or an encoded graph valued by the default database (and the
/// solver behind it).
pub fn run(
    input: &str,
    number: Option<u32>,
    out: &Path,
    options: dsl::Options,
) -> anyhow::Result<ExitCode> {
    let path = Path::new(input);
    let picture_svg = if path.is_file() {
        let Some(file) = super::load::read_pattern_file(path, options, "render")? else {
            return Ok(ExitCode::from(1));
        };
        let p = match number {
            Some(n) => file
                .patterns
                .iter()
                .find(|p| p.number == n)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "{input}: no pattern {n} (the file has {} patterns)",
                        file.patterns.len()
                    )
                })?,
            None if file.patterns.len() == 1 => &file.patterns[0],
            None => anyhow::bail!(
                "{input} has {} patterns: choose one with --pattern N",
                file.patterns.len()
            ),
        };
        draw(&pattern_picture(p))
    } else {
        if number.is_some() {
            anyhow::bail!("--pattern applies to a pattern file, and {input:?} is no file");
        }
        let diagram = parse_graph(input).map_err(|e| {
            anyhow::anyhow!("{input:?} is neither a file nor an encoded eye graph: {e}")
        })?;
        let g = EyeGraph::from_diagram(&diagram).map_err(|e| anyhow::anyhow!("{input}: {e}"))?;
        let evaluation = Evaluator::with_default()
            .evaluate(&g)
            .map_err(|e| anyhow::anyhow!("{input}: {e}"))?;
        let mut marked = diagram.clone();
        let mut notes = Vec::new();
        let mut value = None;
        if let Some(e) = &evaluation {
            marked = mark_vital(&diagram, &g, e.attack, e.defense);
            value = Some(e.value);
            notes.push(match e.source {
                Source::Pattern { number, .. } => {
                    format!("from pattern {number} of the default database")
                }
                Source::Solver => "from the solver".to_string(),
            });
        } else {
            notes.push("no value: no pattern matches".to_string());
        }
        draw(&Picture {
            diagram: &marked,
            title: input.to_string(),
            value,
            notes,
        })
    };
    super::output::write_whole(out, picture_svg.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
