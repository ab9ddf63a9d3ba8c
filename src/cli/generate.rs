//! `nakade generate --up-to N [--out FILE]`: the default database, written from the solver.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::db::VertexSet;
use nakade::evaluation::solve::{self, Params, Space};
use nakade::tools::generate::{generate, Answer};

pub fn run(up_to: usize, out: Option<&Path>, params: Params) -> anyhow::Result<ExitCode> {
    let started = std::time::Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if terminal {
            let width = 40;
            let filled = done * width / total.max(1);
            eprint!(
                "\r[{}{}] {done}/{total} graphs",
                "#".repeat(filled),
                " ".repeat(width - filled)
            );
            if done == total {
                eprintln!();
            }
        }
    };
    let oracle = |d: &nakade::pattern::diagram::Diagram, _: &nakade::pattern::graph::EyeGraph| {
        let s = solve::solve_value(&Space::from_diagram(d).ok()?, &params).ok()?;
        Some(Answer {
            value: s.value,
            attack: VertexSet(s.attack),
            defense: VertexSet(s.defense),
        })
    };
    let generated = generate(up_to, &oracle, &progress);
    match out {
        Some(path) => {
            super::output::write_whole(path, generated.text.as_bytes())?;
        }
        None => print!("{}", generated.text),
    }
    eprintln!(
        "generate --up-to {up_to}: {} graphs, {} unanswered, {} not writable in the dialect, {} patterns, {:.1} s",
        generated.graphs,
        generated.unanswered,
        generated.unwritable.len(),
        generated.patterns,
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
