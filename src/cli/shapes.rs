//! `nakade shapes --up-to N`: free polyominoes per size (holed ones apart) and the neighbour
//! classes of Table 1, with the life property by the theorem, by the solver on request, and
//! as the paper prints it.

use std::process::ExitCode;

use nakade::evaluation::theory::table::{class_table, SizeRow};

/// The largest size whose life property `--solver` reads (every filling of every shape).
pub const SOLVER_UP_TO: usize = 7;

pub fn run(up_to: usize, solver: bool, json: bool) -> anyhow::Result<ExitCode> {
    let rows = class_table(up_to, solver.then_some(SOLVER_UP_TO))?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    out!("{}", to_text(&rows))?;
    Ok(ExitCode::SUCCESS)
}

fn yes(b: bool) -> &'static str {
    if b {
        "Yes"
    } else {
        "No"
    }
}

pub fn to_text(rows: &[SizeRow]) -> String {
    let mut out = String::new();
    out.push_str("size  polyominoes  holed  eye shapes\n");
    let mut total = 0;
    for r in rows {
        total += r.polyominoes;
        out.push_str(&format!(
            "{:>4}  {:>11}  {:>5}  {:>10}\n",
            r.size,
            r.polyominoes,
            r.holed,
            r.polyominoes - r.holed
        ));
    }
    out.push_str(&format!("total {total} free polyominoes\n"));
    for r in rows {
        let corner_shapes: usize = r.classes.iter().map(|c| c.corner_eyes).sum();
        let breaks = r
            .classes
            .iter()
            .map(|c| c.chain_breaks)
            .sum::<Option<usize>>()
            .map_or(String::new(), |b| {
                format!(", {b} breaking the chain centre-side-corner")
            });
        out.push_str(&format!(
            "\nsize {}: {} classes, {} of {} shapes can be corner eyes{}\n  {:<11} {:>6}  {:>8}  {:>7}  {:>11}  {:>7}  {:>11}  {:>6}\n",
            r.size,
            r.classes.len(),
            corner_shapes,
            r.polyominoes - r.holed,
            breaks,
            "class",
            "shapes",
            "theorem",
            "solver",
            "side(ko)",
            "corners",
            "corner(ko)",
            "paper"
        ));
        for c in &r.classes {
            let solver = c
                .solver_life
                .map_or("-".to_string(), |l| format!("{l}/{}", c.shapes));
            let side = match (c.solver_side_life, c.side_lost_by_ko) {
                (Some(s), Some(k)) => format!("{s} ({k})"),
                _ => "-".to_string(),
            };
            let corner = match (c.solver_corner_life, c.corner_lost_by_ko) {
                (Some(s), Some(k)) => format!("{s} ({k})"),
                _ => "-".to_string(),
            };
            let paper = c
                .paper
                .map_or("-".to_string(), |(n, lp)| format!("{n} {}", yes(lp)));
            out.push_str(&format!(
                "  {:<11} {:>6}  {:>8}  {:>7}  {:>11}  {:>7}  {:>11}  {:>6}\n",
                format!("[{}]", c.class),
                c.shapes,
                format!("{}/{}", c.static_life, c.shapes),
                solver,
                side,
                c.corner_eyes,
                corner,
                paper
            ));
        }
    }
    out
}
