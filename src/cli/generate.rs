//! `nakade generate --up-to N [--out FILE]`: the default database, written from the solver.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use nakade::evaluation::db::VertexSet;
use nakade::evaluation::solve::{self, Params, Space};
use nakade::tools::generate::{generate, Answer};

/// The address space `generate --up-to N` reaches at its peak, in MiB, with a margin: the
/// graphs of the largest size and their answers are held at once, and each thread reads with
/// its own solver. Measured with Linux's `VmPeak` on two threads (28 November): 1,487 MiB for
/// `--up-to 7` (1,333 MiB resident), about 150 MiB resident for 6. A process limited below it
/// (`ulimit -v`) would fail an allocation somewhere and abort; it is refused before any work.
fn address_space_needed_mib(up_to: usize) -> u64 {
    let per_thread = 100 * (rayon::current_num_threads().saturating_sub(2) as u64);
    match up_to {
        0..=5 => 0,
        6 => 300 + per_thread,
        _ => 1_700 + per_thread,
    }
}

/// The smallest of the process's limits on its address space and its data (`ulimit -v`,
/// `ulimit -d`), in bytes; `None` when neither is set.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let mut least: Option<u64> = None;
    for resource in [libc::RLIMIT_AS, libc::RLIMIT_DATA] {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is handed, which lives here.
        let ok = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
        if ok && limit.rlim_cur != libc::RLIM_INFINITY {
            // `rlim_t` is not `u64` on every platform.
            #[allow(clippy::useless_conversion)]
            let bytes = u64::try_from(limit.rlim_cur).unwrap_or(u64::MAX);
            least = Some(least.map_or(bytes, |l| l.min(bytes)));
        }
    }
    least
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

pub fn run(up_to: usize, out: Option<&Path>, params: Params) -> anyhow::Result<ExitCode> {
    let need = address_space_needed_mib(up_to);
    if let Some(limit) = address_space_limit().filter(|&l| l < need << 20) {
        anyhow::bail!(
            "generate --up-to {up_to} needs about {need} MiB of address space at its peak, and \
             this process may use {} MiB (ulimit -v or -d); nothing was written",
            limit >> 20
        );
    }
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
    // Name them: their patterns are written with the `# outside:` directive instead of a
    // vital-point mark (GNU Go's compiler would refuse them).
    for graph in &generated.unwritable {
        eprintln!("  not writable in the dialect (written with `# outside:`): {graph}");
    }
    Ok(ExitCode::SUCCESS)
}
