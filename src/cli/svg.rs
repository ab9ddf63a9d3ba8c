//! `nakade analyze --svg`: the board as an SVG picture with the eye spaces marked.
//!
//! Each eye space is a letter (A, B, ...) and a tint of its owner's colour (blue for black,
//! orange for white); marginal points are lighter with a dashed outline; a half eye carries a
//! triangle, a false eye a cross; attack points a red ring, defence points a green ring; dead
//! stones are faded with a red cross; pass-alive stones have a purple ring; a small square of a
//! colour marks a point of that colour's unconditional area (territory, or a stone that can
//! never live). A legend under the
//! board lists each space's owner, value and source.

use std::fmt::Write as _;

use nakade::board::analysis::PositionReport;
use nakade::board::unconditional::{self, Unconditional};
use nakade::board::{Board, Color, Loc};

/// The distance between two lines of the board, in pixels.
pub const CELL: f64 = 32.0;
/// The tint of black's eye spaces.
pub const BLACK_TINT: &str = "#1f5fe0";
/// The tint of white's eye spaces.
pub const WHITE_TINT: &str = "#f08a00";
/// The colour of the board.
pub const BOARD: &str = "#e8c887";
/// The colour of attack points (and of the cross on dead stones).
pub const ATTACK: &str = "#d0021b";
/// The colour of defence points.
pub const DEFENCE: &str = "#1b9e3e";

/// An eye-space point at (`x`, `y`): a tinted square, lighter with a dashed outline when
/// marginal.
pub fn space_point(s: &mut String, x: f64, y: f64, tint: &str, marginal: bool) {
    let h = CELL / 2.0 - 2.0;
    if marginal {
        writeln!(s, r#"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{tint}" fill-opacity="0.22" stroke="{tint}" stroke-width="2" stroke-dasharray="4 3"/>"#, x - h, y - h, 2.0 * h, 2.0 * h).unwrap();
    } else {
        writeln!(s, r#"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{tint}" fill-opacity="0.6"/>"#, x - h, y - h, 2.0 * h, 2.0 * h).unwrap();
    }
}

/// A stone at (`x`, `y`); a dead one faded, with a red cross.
pub fn stone(s: &mut String, x: f64, y: f64, c: Color, dead: bool) {
    let (fill, stroke) = match c {
        Color::Black => ("#111", "#000"),
        Color::White => ("#fafafa", "#333"),
    };
    let op = if dead { 0.45 } else { 1.0 };
    writeln!(s, r#"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1" opacity="{op}"/>"#, CELL / 2.0 - 1.5).unwrap();
    if dead {
        let d = 6.0;
        writeln!(
            s,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{ATTACK}" stroke-width="2.5"/>"##,
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        )
        .unwrap();
    }
}

/// An attack point: a red ring.
pub fn attack_ring(s: &mut String, x: f64, y: f64) {
    writeln!(
        s,
        r##"<circle cx="{x}" cy="{y}" r="12" fill="none" stroke="{ATTACK}" stroke-width="3"/>"##
    )
    .unwrap();
}

/// A defence point: a smaller green ring.
pub fn defence_ring(s: &mut String, x: f64, y: f64) {
    writeln!(
        s,
        r##"<circle cx="{x}" cy="{y}" r="7.5" fill="none" stroke="{DEFENCE}" stroke-width="3"/>"##
    )
    .unwrap();
}
const MARGIN: f64 = 36.0;
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn label(k: usize) -> String {
    let a = (b'A' + (k % 26) as u8) as char;
    if k < 26 {
        a.to_string()
    } else {
        format!("{a}{}", k / 26)
    }
}

/// The picture.
pub fn render(board: &Board, r: &PositionReport) -> String {
    let n = board.size();
    let side = MARGIN * 2.0 + CELL * (n as f64 - 1.0);
    let legend = legend(r);
    let height = side + LEGEND_LINE * (legend.len() + 1) as f64 + 10.0;
    // As wide as the board or the longest legend line, whichever is wider.
    let longest = legend.iter().map(|l| l.width).fold(0.0, f64::max);
    let width = side.max((LEGEND_X * 2.0 + longest).ceil());
    let at = |l: Loc| {
        let (x, y) = board.xy(l);
        (MARGIN + CELL * x as f64, MARGIN + CELL * y as f64)
    };
    let mut s = board_frame(board, width, height);
    // Eye spaces under the stones (dead stones inside a space sit on its tint).
    for sp in &r.spaces {
        let tint = match sp.color() {
            Color::Black => BLACK_TINT,
            Color::White => WHITE_TINT,
        };
        for p in &sp.analyzed.space.points {
            let (x, y) = at(p.loc);
            space_point(&mut s, x, y, tint, p.marginal);
        }
    }
    // Stones.
    let dead: Vec<Loc> = r
        .dead
        .iter()
        .flat_map(|&d| board.string_stones(d))
        .collect();
    for l in board.locs() {
        let Some(c) = board.color(l) else { continue };
        let (x, y) = at(l);
        let is_dead = dead.contains(&l);
        stone(&mut s, x, y, c, is_dead);
        let pass_alive = r.pass_alive[c as usize].is_alive_stone(board, l);
        if pass_alive {
            writeln!(s, r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#8e24aa" stroke-width="3"/>"##, CELL / 2.0 - 3.0).unwrap();
        }
    }
    // Unconditional status: a small square of the colour whose pass-alive area holds the
    // point (GoGui's territory mark), on empty points and on stones that can never live.
    for (l, u) in unconditional::all(board) {
        let colour = match (u, board.color(l)) {
            (Unconditional::BlackTerritory, _) | (Unconditional::Dead, Some(Color::White)) => {
                "#111"
            }
            (Unconditional::WhiteTerritory, _) | (Unconditional::Dead, Some(Color::Black)) => {
                "#fafafa"
            }
            _ => continue,
        };
        let (x, y) = at(l);
        writeln!(s, r##"<rect x="{}" y="{}" width="9" height="9" fill="{colour}" stroke="#555" stroke-width="0.8"/>"##, x - 4.5, y - 4.5).unwrap();
    }
    // Half and false eyes, vital points, space letters. A letter goes on the space's first
    // point that no ring marks (a vital point's ring would run under the letter's box).
    let ringed: std::collections::HashSet<_> = r
        .spaces
        .iter()
        .flat_map(|sp| sp.attack.iter().chain(&sp.defense).copied())
        .collect();
    for (k, sp) in r.spaces.iter().enumerate() {
        let points = &sp.analyzed.space.points;
        let place = points
            .iter()
            .find(|p| !ringed.contains(&p.loc))
            .or(points.first());
        if let Some(first) = place {
            let (x, y) = at(first.loc);
            writeln!(s, r##"<rect x="{}" y="{}" width="12" height="11" fill="#fff" stroke="#222" stroke-width="0.8"/>"##, x - 15.0, y - 15.0).unwrap();
            writeln!(s, r##"<text x="{}" y="{}" font-size="9" font-weight="bold" text-anchor="middle" fill="#222">{}</text>"##, x - 9.0, y - 6.5, label(k)).unwrap();
        }
        for h in sp.half_eyes() {
            let (x, y) = at(h.loc);
            writeln!(s, r##"<path d="M{} {} L{} {} L{} {} Z" fill="none" stroke="#6a1b9a" stroke-width="2.5"/>"##, x, y - 8.0, x + 7.5, y + 6.0, x - 7.5, y + 6.0).unwrap();
        }
        for f in sp.false_eyes() {
            let (x, y) = at(f.loc);
            let d = 7.0;
            writeln!(
                s,
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#5d4037" stroke-width="3"/>"##,
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d
            )
            .unwrap();
        }
        for &a in &sp.attack {
            let (x, y) = at(a);
            attack_ring(&mut s, x, y);
        }
        for &d in &sp.defense {
            let (x, y) = at(d);
            defence_ring(&mut s, x, y);
        }
    }
    // Legend.
    let mut y = side + 14.0;
    for line in &legend {
        writeln!(
            s,
            r##"<text x="{LEGEND_X}" y="{y}" font-size="{FONT_SIZE}">{}</text>"##,
            line.svg
        )
        .unwrap();
        y += LEGEND_LINE;
    }
    s.push_str("</svg>\n");
    s
}

/// The legend's left margin, in pixels.
const LEGEND_X: f64 = 8.0;
/// The legend's line height, in pixels.
const LEGEND_LINE: f64 = 16.0;
/// The legend's font size, in pixels.
const FONT_SIZE: f64 = 12.0;

/// The width of `text` in the legend's font, in pixels, from above: each character counts at
/// least its advance in DejaVu Sans (the widest of the usual sans-serif fonts; Liberation Sans
/// and Helvetica are narrower), so the picture holds its text whatever font draws it.
fn text_width(text: &str) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | 'i' | 'j' | 'l' => 0.35,
            '(' | ')' | '[' | ']' | 'f' | 'r' | 't' | '-' | '/' => 0.45,
            'm' | 'w' | 'M' | 'W' => 1.0,
            c if c.is_ascii_uppercase() => 0.78,
            c if c.is_ascii() => 0.64,
            // The symbols: ■ △ ◎ ○ ✕ × and anything else.
            _ => 1.0,
        })
        .sum();
    em * FONT_SIZE
}

/// One legend line: its SVG content (inside `<text>`) and its width in pixels.
struct LegendLine {
    svg: String,
    width: f64,
}

/// The legend: the key to the marks, then one line per eye space.
fn legend(r: &PositionReport) -> Vec<LegendLine> {
    // Each line as (colour, text) runs; a run with no colour is plain (bold for the label).
    let line = |runs: &[(Option<&str>, String)]| {
        let mut svg = String::new();
        let mut width = 0.0;
        for (colour, text) in runs {
            width += text_width(text);
            match colour {
                Some("bold") => {
                    write!(svg, r#"<tspan font-weight="bold">{}</tspan>"#, xml(text)).unwrap()
                }
                Some(c) => write!(svg, r#"<tspan fill="{c}">{}</tspan>"#, xml(text)).unwrap(),
                None => svg.push_str(&xml(text)),
            }
        }
        LegendLine { svg, width }
    };
    let plain = |t: &str| (None, t.to_string());
    let mut lines = vec![
        line(&[
            (Some("#1f5fe0"), "■ black's space".into()),
            plain("  "),
            (Some("#f08a00"), "■ white's space".into()),
            plain("  dashed: marginal"),
            plain("  "),
            (Some("#8a6d3b"), "■ brown: in both colours' spaces".into()),
        ]),
        line(&[
            (Some("#6a1b9a"), "△ half eye".into()),
            plain("  "),
            (Some("#5d4037"), "✕ false eye".into()),
            plain("  "),
            (Some("#8e24aa"), "◎ pass-alive".into()),
            plain("  "),
            (Some("#d0021b"), "× dead stone".into()),
        ]),
        line(&[
            (Some("#d0021b"), "○ attack point".into()),
            plain("  "),
            (Some("#1b9e3e"), "○ defence point".into()),
        ]),
        line(&[plain(
            "▪ unconditional area: territory, and stones that can never live",
        )]),
    ];
    for (k, sp) in r.spaces.iter().enumerate() {
        let value = match sp.value {
            Some(_) if sp.is_bound() => "at most 2 eyes (a bound)".to_string(),
            // `b` and `c` alone: `a` and `d` are bounds, so no description of all four.
            Some(_) if sp.exact_value().is_none() => {
                format!(
                    "{} ({})",
                    sp.value_label(),
                    crate::analyze::min_max_words(sp)
                )
            }
            Some(v) => format!("{v} ({})", v.describe()),
            None => "?".to_string(),
        };
        let points = sp.analyzed.space.points.len();
        lines.push(line(&[
            (Some("bold"), label(k)),
            plain(&format!(
                " {}: {} point{}, {value}, {}",
                sp.color().name(),
                points,
                if points == 1 { "" } else { "s" },
                sp.source
            )),
        ]));
    }
    lines
}

/// Text escaped for XML (and HTML) content and attribute values.
pub fn xml(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture's opening: the white page, the board of `board`'s size with its lines and
/// coordinates; the caller draws on it and closes the `<svg>`.
fn board_frame(board: &Board, width: f64, height: f64) -> String {
    let n = board.size();
    let side = MARGIN * 2.0 + CELL * (n as f64 - 1.0);
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
    writeln!(
        s,
        r##"<rect x="4" y="4" width="{}" height="{}" fill="{BOARD}" rx="4"/>"##,
        side - 8.0,
        side - 8.0
    )
    .unwrap();
    let last = MARGIN + CELL * (n as f64 - 1.0);
    for (i, &letter) in LETTERS.iter().enumerate().take(n) {
        let p = MARGIN + CELL * i as f64;
        writeln!(s, r##"<line x1="{MARGIN}" y1="{p}" x2="{last}" y2="{p}" stroke="#000" stroke-width="1"/>"##).unwrap();
        writeln!(s, r##"<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{last}" stroke="#000" stroke-width="1"/>"##).unwrap();
        let col = letter as char;
        writeln!(
            s,
            r##"<text x="{p}" y="{}" font-size="12" text-anchor="middle">{col}</text>"##,
            MARGIN - 20.0
        )
        .unwrap();
        writeln!(
            s,
            r##"<text x="{p}" y="{}" font-size="12" text-anchor="middle">{col}</text>"##,
            last + 28.0
        )
        .unwrap();
        let row = n - i;
        writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle">{row}</text>"##,
            MARGIN - 24.0,
            p + 4.0
        )
        .unwrap();
        writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle">{row}</text>"##,
            last + 24.0,
            p + 4.0
        )
        .unwrap();
    }
    s
}

/// The end of the game drawn: territory as a small square of its owner's colour (on empty
/// points and dead stones), dead stones faded with a red cross, seki stones ringed green, the
/// score and the counts below the board.
pub fn render_score(
    board: &Board,
    report: &nakade::board::finish::FinalReport,
    score: &nakade::board::finish::Score,
) -> String {
    use nakade::board::finish::FinalStatus;
    let n = board.size();
    let side = MARGIN * 2.0 + CELL * (n as f64 - 1.0);
    let lines = [
        format!(
            "{} ({} counting, komi {}): black {}, white {}",
            score.result(),
            score.rules.as_str(),
            score.komi,
            score.black,
            score.white
        ),
        format!(
            "dead stones crossed ({}), seki stones ringed green ({}), territory a small square",
            report.stones_with(FinalStatus::Dead).len(),
            report.stones_with(FinalStatus::Seki).len()
        ),
    ];
    let height = side + LEGEND_LINE * (lines.len() + 1) as f64 + 10.0;
    let width = side.max(LEGEND_X * 2.0 + 7.0 * lines[1].len() as f64);
    let mut s = board_frame(board, width, height);
    let at = |l: Loc| {
        let (x, y) = board.xy(l);
        (MARGIN + CELL * x as f64, MARGIN + CELL * y as f64)
    };
    for l in board.locs() {
        let (x, y) = at(l);
        if let Some(c) = board.color(l) {
            let status = report.status_at(l);
            stone(&mut s, x, y, c, status == Some(FinalStatus::Dead));
            if status == Some(FinalStatus::Seki) {
                writeln!(s, r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{DEFENCE}" stroke-width="3"/>"##, CELL / 2.0 - 3.0).unwrap();
            }
        }
        let owner = if score.black_territory.binary_search(&l).is_ok() {
            "#111"
        } else if score.white_territory.binary_search(&l).is_ok() {
            "#fafafa"
        } else {
            continue;
        };
        writeln!(s, r##"<rect x="{}" y="{}" width="9" height="9" fill="{owner}" stroke="#555" stroke-width="0.8"/>"##, x - 4.5, y - 4.5).unwrap();
    }
    let mut y = side + LEGEND_LINE;
    for line in &lines {
        writeln!(
            s,
            r##"<text x="{LEGEND_X}" y="{y}" font-size="{FONT_SIZE}">{line}</text>"##
        )
        .unwrap();
        y += LEGEND_LINE;
    }
    s.push_str("</svg>\n");
    s
}
