//! `nakade gtp`: a GTP engine on standard input and output, with `eval_eye` and
//! `analyze_eyegraph` answered as GNU Go 3.8 formats them.

use std::io;
use std::process::ExitCode;

use nakade::board::finish::Rules;
use nakade::evaluation::evaluate::Evaluator;
use nakade::evaluation::solve::Params;
use nakade::host::gtp::eye_commands::engine_with;

use super::matching::Db;

/// Serve GTP: `eval_eye` and the GoGui commands through `db` and the solver with `params`,
/// `analyze_eyegraph` with `params` too (the engine's limits unless the command line gave
/// others). The evaluator keeps at most `cache_shapes` solved shapes; `final_score` counts
/// under `rules` until the host's `kgs-rules` changes them.
pub fn run(db: Db, params: Params, cache_shapes: usize, rules: Rules) -> anyhow::Result<ExitCode> {
    // The engine's commands live as long as the process: so does the database they read.
    let db: &'static nakade::evaluation::db::Database = match db {
        Db::Default => nakade::evaluation::db::default_database(),
        Db::Loaded(db) => Box::leak(db),
    };
    let evaluator = Evaluator::new(db, params).with_cache_capacity(cache_shapes);
    let mut engine = engine_with(evaluator, params);
    engine.state.rules = rules;
    let stdin = io::stdin();
    let stdout = io::stdout();
    // Standard error is not held for the session: a message another thread writes there
    // (the analysis runs on rayon's pool) would wait for it forever.
    engine.run_with_log(stdin.lock(), stdout.lock(), io::stderr())?;
    Ok(ExitCode::SUCCESS)
}
