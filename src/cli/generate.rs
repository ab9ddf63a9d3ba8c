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
    // A graph the solver gives up on (a node or time limit) fails the whole run: a pattern
    // file missing a graph's own pattern answers it by a more general one, wrongly. After the
    // first give-up the other graphs are not read.
    let gave_up: std::sync::Mutex<Option<(String, solve::SolveError)>> = Default::default();
    let failed = std::sync::atomic::AtomicBool::new(false);
    let oracle = |d: &nakade::pattern::diagram::Diagram, _: &nakade::pattern::graph::EyeGraph| {
        if failed.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        // A diagram that is no legal position (an enclosed stone without a liberty) has no
        // answer, and no host can ask for it.
        let space = Space::from_diagram(d).ok()?;
        match solve::solve_value(&space, &params) {
            Ok(s) => Some(Answer {
                value: s.value,
                attack: VertexSet(s.attack),
                defense: VertexSet(s.defense),
            }),
            Err(e) => {
                failed.store(true, std::sync::atomic::Ordering::Relaxed);
                let mut first = gave_up.lock().unwrap_or_else(|p| p.into_inner());
                first.get_or_insert_with(|| (nakade::pattern::encoded::encode(d), e));
                None
            }
        }
    };
    let generated = generate(up_to, &oracle, &progress);
    if let Some((graph, e)) = gave_up.into_inner().unwrap_or_else(|p| p.into_inner()) {
        anyhow::bail!(
            "generate --up-to {up_to}: graph {graph}: {e}; a generated database must answer \
             every graph, so nothing was written (raise --node-limit or --time-limit)"
        );
    }
    match out {
        Some(path) => {
            super::output::write_whole(path, generated.text.as_bytes())?;
        }
        None => out!("{}", generated.text)?,
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
