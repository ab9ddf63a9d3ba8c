//! The `nakade` command: a thin layer over the library. It parses arguments, runs one
//! subcommand, and maps its outcome to an exit code (0 success, 1 failure, 2 usage).
//!
//! The arguments and their dispatch are here; each subcommand's work is in a file of its own.

mod check;
mod compile;
mod diff;
mod generate;
mod inspect;
mod matching;
mod verify;

// Board analysis and the GTP engine.
mod analyze;
mod gtp;
mod svg;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use nakade::evaluation::solve::Params;

/// nakade: how many eyes an eye space is worth, and where its vital points are.
#[derive(Parser, Debug)]
#[command(name = "nakade", version, about)]
pub struct Args {
    /// Vital-point problems in pattern files are warnings, not errors (GNU Go 3.8's eyes.db
    /// needs it).
    #[arg(long, global = true)]
    lenient: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate and compile pattern files: pattern count, count per size, warnings.
    Check {
        /// Pattern files (eyes.db dialect).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Match an eye graph (GNU Go's encoding, e.g. `OO!%O.X%!...`) against a database.
    Match {
        /// Pattern file to compile and use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        #[command(flatten)]
        input: GraphInput,
        /// Answer only from patterns: no solver when none matches.
        #[arg(long)]
        no_solver: bool,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Solve an eye graph by reading: value, vital points, a line of play for each digit.
    Solve {
        #[command(flatten)]
        input: GraphInput,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Compare two answer sources (`default`, `solver` or a pattern file) graph by graph.
    Diff {
        /// First source.
        a: String,
        /// Second source.
        b: String,
        /// A file of encoded graphs, one a line (`#` starts a comment).
        #[arg(long, conflicts_with = "up_to")]
        corpus: Option<PathBuf>,
        /// Every labelled eye graph up to this many vertices, centre, edge and corner (default 3).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=7))]
        up_to: Option<u8>,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Solve every pattern of a file and list those the solver disputes, with the refuting line.
    Verify {
        /// The pattern file.
        db: PathBuf,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Write a pattern file from the solver: every labelled eye graph up to N vertices.
    Generate {
        /// Largest eye graph, in vertices.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
        up_to: u8,
        /// Where to write it (standard output without it).
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Compile a pattern file to the binary form the engine embeds (`patterns/default.ndb`).
    Compile {
        /// The pattern file.
        file: PathBuf,
        /// Where to write the compiled database.
        #[arg(long)]
        out: PathBuf,
    },
    /// Show every stage for a graph: diagram, eye graph, neighbour class, canonical key, matches.
    Inspect {
        /// Pattern file to use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        /// The encoded eye graph.
        graph: String,
    },

    // Board analysis and the GTP engine.
    /// Every eye space of a position (SGF or board diagram): points, marginals, half and false
    /// eyes, neighbour class, pattern or solver, value, vital points; and Benson's verdict.
    Analyze {
        /// An SGF file or a text diagram.
        file: PathBuf,
        /// Analyse the position before this move (SGF only; default: after all moves).
        #[arg(long = "move")]
        move_number: Option<usize>,
        /// Only this colour's eye spaces (B or W).
        #[arg(long, value_parser = parse_color)]
        color: Option<nakade::board::Color>,
        /// Only the eye space at this vertex, as `eval_eye` picks it (black's first; --color is
        /// then ignored).
        #[arg(long)]
        at: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Also draw the board with the eye spaces marked into this SVG file.
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    /// A GTP engine on standard input/output with `eval_eye` and `analyze_eyegraph`.
    Gtp,
}

fn parse_color(s: &str) -> Result<nakade::board::Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(nakade::board::Color::Black),
        "w" | "white" => Ok(nakade::board::Color::White),
        _ => Err(format!("{s:?}: expected B or W")),
    }
}

/// Read a pattern file; `None`, after printing its diagnostics, when it has errors.
fn read_patterns(
    path: &std::path::Path,
    options: nakade::pattern::dsl::Options,
) -> anyhow::Result<Option<nakade::pattern::dsl::PatternFile>> {
    match nakade::pattern::dsl::read_file_with(path, options) {
        Ok(f) => Ok(Some(f)),
        Err(nakade::pattern::dsl::LoadError::Invalid(diags)) => {
            eprint!("{}", nakade::pattern::dsl::render_all(&diags));
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// One encoded graph, or a batch of them on standard input; text or JSON.
#[derive(clap::Args, Debug)]
struct GraphInput {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Read one encoded graph per line of standard input; write one JSON object per line.
    #[arg(long, conflicts_with = "graph")]
    batch: bool,
    /// The encoded eye graph.
    #[arg(required_unless_present = "batch")]
    graph: Option<String>,
}

/// The solver's parameters.
#[derive(clap::Args, Debug, Clone, Copy)]
struct SolverArgs {
    /// Liberties of the defender's surrounding string outside the space (GNU Go 3.8: 2).
    #[arg(long, default_value_t = 2)]
    outer_liberties: u8,
    /// Ko threats the attacker may use.
    #[arg(long, default_value_t = 0)]
    attacker_ko_threats: u8,
    /// Ko threats the defender may use.
    #[arg(long, default_value_t = 0)]
    defender_ko_threats: u8,
}

impl SolverArgs {
    fn params(self) -> Params {
        Params {
            outer_liberties: self.outer_liberties,
            attacker_ko_threats: self.attacker_ko_threats,
            defender_ko_threats: self.defender_ko_threats,
            ..Params::default()
        }
    }
}

/// Run the parsed command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = nakade::pattern::dsl::Options {
        lenient: args.lenient,
    };
    match args.command {
        Command::Check { files } => check::run(&files, options),
        Command::Match {
            db,
            input,
            no_solver,
            solver,
        } => {
            let Some(db) = matching::load_db(db.as_deref(), options)? else {
                return Ok(ExitCode::from(1));
            };
            let mut evaluator =
                nakade::evaluation::evaluate::Evaluator::new(db.get(), solver.params());
            if no_solver {
                evaluator = evaluator.without_solver();
            }
            matching::run(
                &matching::Mode::Match(&evaluator),
                input.batch,
                input.graph.as_deref(),
                input.json,
            )
        }
        Command::Solve { input, solver } => matching::run(
            &matching::Mode::Solve(solver.params()),
            input.batch,
            input.graph.as_deref(),
            input.json,
        ),
        Command::Diff {
            a,
            b,
            corpus,
            up_to,
            solver,
        } => diff::run(
            &a,
            &b,
            corpus.as_deref(),
            up_to.map(usize::from),
            options,
            solver.params(),
        ),
        Command::Verify { db, solver } => verify::run(&db, options, solver.params()),
        Command::Generate { up_to, out, solver } => {
            generate::run(usize::from(up_to), out.as_deref(), solver.params())
        }
        Command::Compile { file, out } => compile::run(&file, &out, options),
        Command::Inspect { db, graph } => {
            let Some(db) = matching::load_db(db.as_deref(), options)? else {
                return Ok(ExitCode::from(1));
            };
            inspect::run(db.get(), &graph)
        }

        // Board analysis and the GTP engine.
        Command::Analyze {
            file,
            move_number,
            color,
            at,
            json,
            svg,
        } => analyze::run(&analyze::Request {
            file: &file,
            move_number,
            color,
            at: at.as_deref(),
            json,
            svg: svg.as_deref(),
        }),
        Command::Gtp => gtp::run(),
    }
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing to a closed pipe (`nakade verify ... | head`) would
    // panic; like any Unix filter, end quietly instead.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let args = Args::parse();
    match run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
