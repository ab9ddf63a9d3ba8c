//! The `nakade` command: a thin layer over the library. It parses arguments, runs one
//! subcommand, and maps its outcome to an exit code (0 success, 1 failure, 2 usage).
//!
//! The arguments and their dispatch are here; each subcommand's work is in a file of its own.

/// `println!` that hands back a write error (a full disk, a closed descriptor) instead of
/// panicking: `outln!(...)?` in a function returning `anyhow::Result`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*).map_err($crate::output::stdout_failed)
    }};
}

/// `print!` as [`outln`] is `println!`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*).map_err($crate::output::stdout_failed)
    }};
}

mod check;
mod compile;
mod diff;
mod generate;
mod inspect;
mod load;
mod matching;
mod output;
mod verify;

// Authoring: layout, lint, pictures.
mod catalogue;
mod fmt;
mod lint;
mod render;
// The static theory and the shape library.
mod classify;
mod library;
mod shapes;

// Board analysis and the GTP engine.
mod analyze;
mod gtp;
mod jsonl;
mod score;
mod svg;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use nakade::evaluation::theory::polyomino::MAX_SHAPE_SIZE;
use nakade::host::gtp::eye_commands::{GTP_NODE_LIMIT, GTP_TIME_LIMIT};
use nakade::tools::enumerate::MAX_UP_TO;

use std::time::Duration;

use nakade::evaluation::solve::{
    Params, DEFAULT_NODE_LIMIT, DEFAULT_TENUKI_DEPTH, MAX_KO_THREATS, MAX_OUTER_LIBERTIES,
    MAX_TENUKI_DEPTH,
};

/// nakade: how many eyes an eye space is worth, and where its vital points are.
#[derive(Parser, Debug)]
#[command(name = "nakade", version, about)]
pub struct Args {
    /// The same as `--lenient` after a subcommand that reads pattern files (kept so that
    /// `nakade --lenient check FILE` still works); refused before any other subcommand.
    #[arg(long)]
    lenient: bool,
    #[command(subcommand)]
    command: Command,
}

/// How pattern files are read, for the subcommands that read them.
#[derive(clap::Args, Debug, Clone, Copy)]
struct PatternArgs {
    /// Vital-point problems in pattern files are warnings, not errors (GNU Go 3.8's eyes.db
    /// needs it).
    #[arg(long)]
    lenient: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate and compile pattern files: pattern count, count per size, warnings.
    Check {
        /// Pattern files (eyes.db dialect) or compiled databases.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        patterns: PatternArgs,
    },
    /// Match an eye graph (GNU Go's encoding, e.g. `OO!%O.X%!...`) against a database.
    Match {
        /// Pattern file (or compiled database) to use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        #[command(flatten)]
        patterns: PatternArgs,
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
    /// Compare two answer sources (`default`, `solver`, a pattern file or a compiled database)
    /// graph by graph; exit 1 when any graph differs.
    Diff {
        /// First source.
        a: String,
        /// Second source.
        b: String,
        /// A file of encoded graphs, one a line (`#` starts a comment).
        #[arg(long, conflicts_with = "up_to")]
        corpus: Option<PathBuf>,
        /// Every labelled eye graph up to this many vertices, centre, edge and corner (default 3;
        /// at most 7).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_UP_TO as i64))]
        up_to: Option<u8>,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Solve every pattern of a file and list those the solver disputes, with the refuting line.
    Verify {
        /// The pattern file.
        db: PathBuf,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Write a pattern file from the solver: every labelled eye graph up to N vertices.
    Generate {
        /// Largest eye graph, in vertices (at most 7).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_UP_TO as i64))]
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
        #[command(flatten)]
        patterns: PatternArgs,
    },
    /// Show every stage for a graph: diagram, eye graph, neighbour class, canonical key, matches.
    Inspect {
        /// Pattern file (or compiled database) to use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        #[command(flatten)]
        patterns: PatternArgs,
        /// The encoded eye graph (one starting with `-`, a top edge, is taken as the graph).
        #[arg(allow_hyphen_values = true, value_parser = graph_arg)]
        graph: String,
    },

    // Authoring: layout, lint, pictures.
    /// Rewrite pattern files in the canonical layout, in place (comments kept, rows aligned,
    /// one blank line between patterns).
    Fmt {
        /// Pattern files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write nothing; name the first line that would change and exit 1 if any would.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        patterns: PatternArgs,
    },
    /// Everything `check` warns about, plus duplicates, unreachable patterns and wildcards,
    /// and the solver's disputes; each finding as `file:line:col: rule: message`.
    Lint {
        /// Pattern files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// One JSON object per finding, one a line.
        #[arg(long)]
        json: bool,
        /// Leave out the rules that need the solver (solver-value, not-vital, unmarked-vital,
        /// unsolved).
        #[arg(long)]
        no_solver: bool,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Draw a pattern of a file, or an encoded eye graph (valued by the default database),
    /// as a Go diagram in SVG.
    Render {
        /// A pattern file, or an encoded eye graph.
        #[arg(allow_hyphen_values = true, value_parser = graph_arg)]
        input: String,
        /// The number of the pattern to draw (needed when the file has more than one).
        #[arg(long)]
        pattern: Option<u32>,
        /// Where to write the SVG.
        #[arg(long)]
        svg: PathBuf,
        #[command(flatten)]
        patterns: PatternArgs,
    },
    /// Self-contained HTML pages of a pattern file: every pattern drawn, grouped by size and
    /// neighbour class, with a legend of the marks and a search box; one page, or an index
    /// and pages of one size each when there are more than `--per-page` patterns.
    Catalogue {
        /// The pattern file.
        file: PathBuf,
        /// Where to write the page (or the index, the pages beside it).
        #[arg(long)]
        html: PathBuf,
        /// Only the patterns of at most this many vertices.
        #[arg(long)]
        max_size: Option<usize>,
        /// At most this many patterns on a page (about 10 KB each); with more, the page at
        /// `--html` is an index, and the pages, one size each, are written beside it.
        #[arg(long, default_value_t = catalogue::DEFAULT_PER_PAGE,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        per_page: usize,
        #[command(flatten)]
        patterns: PatternArgs,
    },

    // Board analysis and the GTP engine.
    /// Every eye space of a position (SGF or board diagram): points, marginals, half and false
    /// eyes, neighbour class, pattern or solver, value, vital points; and Benson's verdict.
    Analyze {
        /// An SGF file or a text diagram (`-` for standard input).
        #[arg(required_unless_present = "jsonl")]
        file: Option<PathBuf>,
        /// Read requests from standard input, one JSON object a line (`{"id": .., "sgf": ..}`
        /// or `"diagram"`, optional `move`, `komi`, `rules`, `to_move`, and `"analysis":
        /// false` for the final status and score alone), and answer each on
        /// its own line with the analysis and the final status, flushed at once.
        #[arg(long, conflicts_with_all = ["json", "svg", "at", "color", "move_number", "library"])]
        jsonl: bool,
        /// Analyse the position before this move, counted from 1 (SGF only; default: after
        /// all moves).
        #[arg(long = "move", value_parser = move_number)]
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
        /// Pattern file (or compiled database) to use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        /// A solved shape library (`nakade library build`): each plain eye it holds is also
        /// read from it.
        #[arg(long)]
        library: Option<PathBuf>,
        /// Search budget, in nodes, for each space of more than eight points that no pattern
        /// answers; a space not read within it is reported as a bound [default: 200,000].
        #[arg(long)]
        solver_nodes: Option<u64>,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// The end of the game: every string alive, dead or in seki with the reason, territory
    /// by point and the score.
    Score {
        /// An SGF file or a text diagram (`-` for standard input).
        file: PathBuf,
        /// Score the position before this move, counted from 1 (SGF only; default: after all
        /// moves).
        #[arg(long = "move", value_parser = move_number)]
        move_number: Option<usize>,
        /// Counting rules: area (Chinese) or territory (Japanese).
        #[arg(long, default_value = "territory", value_parser = parse_rules)]
        rules: nakade::board::finish::Rules,
        /// White's komi [default: the SGF's KM, else 0].
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<f64>,
        /// Who is to move (B or W) [default: as the file says; black for a diagram].
        #[arg(long, value_parser = parse_color)]
        to_move: Option<nakade::board::Color>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Also draw the statuses and the territory into this SVG file.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Pattern file (or compiled database) to use instead of the embedded default database.
        #[arg(long)]
        db: Option<PathBuf>,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Free polyominoes per size (holed ones apart) and Table 1's neighbour classes with the
    /// life property (Vilà and Cazenave).
    Shapes {
        /// Largest size (at most 10).
        #[arg(long, default_value_t = 7,
              value_parser = clap::value_parser!(u8).range(1..=MAX_SHAPE_SIZE as i64))]
        up_to: u8,
        /// Read the life property with the solver too (sizes up to 7), centre and side.
        #[arg(long)]
        solver: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The static reading of a plain eye: class, sub-class, life property, status, vital,
    /// end and hot points.
    Classify {
        /// An encoded eye graph, or (with --at) a board file (SGF or diagram).
        #[arg(allow_hyphen_values = true, value_parser = graph_arg)]
        input: String,
        /// The vertex of the eye space on the board (e.g. C3).
        #[arg(long)]
        at: Option<String>,
        /// Print one JSON object (keys class, sub_class, position, life_property,
        /// life_property_solver, status, vital, end, hot).
        #[arg(long)]
        json: bool,
        /// Search nodes for the solver's reading of the life property, all fillings together
        /// (default 20,000,000); past them the solver's column says `not read`.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        node_limit: Option<u64>,
        /// Seconds for the solver's reading of the life property, fractions allowed (default:
        /// 10); 0 means no time limit.
        #[arg(long, value_parser = seconds)]
        time_limit: Option<Duration>,
    },
    /// The library of solved shapes: build, merge shards, look up, statistics.
    Library {
        #[command(subcommand)]
        command: library::LibraryCommand,
    },
    /// A GTP engine on standard input/output with `eval_eye` and `analyze_eyegraph`.
    Gtp {
        /// Pattern file (or compiled database) for `eval_eye` instead of the embedded default.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Tactical readings kept between commands, per thread (about 100 bytes each; 0 keeps
        /// none). Changes no answer, only the time.
        #[arg(long, default_value_t = nakade::board::strings::tactics::DEFAULT_MEMO_ENTRIES)]
        memo_entries: usize,
        /// String readings kept between positions: a string the last move left as it was
        /// (the points its reading looked at unchanged) is not read again (a few hundred
        /// bytes each; 0 keeps none). Changes no answer, only the time.
        #[arg(long, default_value_t = nakade::board::strings::kept::DEFAULT_KEPT_READINGS)]
        kept_readings: usize,
        /// Solved shapes kept between commands (about 80 bytes each; 0 keeps none). Changes
        /// no answer, only the time.
        #[arg(long, default_value_t = nakade::evaluation::evaluate::DEFAULT_CACHE_SHAPES)]
        cache_shapes: usize,
        /// Counting rules of `final_score`: territory (Japanese, GNU Go 3.8's default) or area
        /// (Chinese); KGS's `kgs-rules` command changes them during the session.
        #[arg(long, default_value = "territory", value_parser = parse_rules)]
        rules: nakade::board::finish::Rules,
        /// The same as `--rules area` (GNU Go 3.8's option).
        #[arg(long, conflicts_with = "rules")]
        chinese_rules: bool,
        #[command(flatten)]
        patterns: PatternArgs,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Print a shell's completion script: `nakade completions bash > /etc/bash_completion.d/nakade`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `nakade man > nakade.1; man ./nakade.1`.
    Man,
}

impl Command {
    /// The pattern-file options of a subcommand that reads pattern files; `None` for the others.
    fn pattern_args_mut(&mut self) -> Option<&mut PatternArgs> {
        match self {
            Command::Check { patterns, .. }
            | Command::Match { patterns, .. }
            | Command::Diff { patterns, .. }
            | Command::Verify { patterns, .. }
            | Command::Compile { patterns, .. }
            | Command::Inspect { patterns, .. }
            | Command::Lint { patterns, .. }
            | Command::Render { patterns, .. }
            | Command::Catalogue { patterns, .. }
            | Command::Analyze { patterns, .. }
            | Command::Score { patterns, .. }
            | Command::Gtp { patterns, .. }
            | Command::Fmt { patterns, .. } => Some(patterns),
            Command::Solve { .. }
            | Command::Generate { .. }
            | Command::Shapes { .. }
            | Command::Classify { .. }
            | Command::Library { .. }
            | Command::Completions { .. }
            | Command::Man => None,
        }
    }
}

/// A graph argument. It may start with `-` (a top edge, `-----%.....`), so clap hands over
/// what it does not know as an option; `--` and a lower-case letter other than `x` is an
/// option misspelt, never a graph (the encoding's only letters are `O`, `X` and `x`), and is
/// refused as a usage error.
fn graph_arg(s: &str) -> Result<String, String> {
    if s.starts_with("--") && s[2..].starts_with(|c: char| c.is_ascii_lowercase() && c != 'x') {
        return Err(format!("no option {s} here (and not an eye graph)"));
    }
    Ok(s.to_string())
}

/// Exit with a usage error (exit 2) in clap's form, with the usage of the subcommand run.
fn usage_error(subcommand: &str, kind: clap::error::ErrorKind, message: String) -> ! {
    let mut command = Args::command();
    command.build();
    match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message).exit(),
        None => command.error(kind, message).exit(),
    }
}

/// A `--move`: moves count from 1.
fn move_number(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("moves count from 1 (--move 1 is the position before the first move)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?}: expected a move number, counted from 1")),
    }
}

fn parse_rules(s: &str) -> Result<nakade::board::finish::Rules, String> {
    nakade::board::finish::Rules::parse(s)
        .ok_or_else(|| format!("{s:?}: expected area (chinese) or territory (japanese)"))
}

fn parse_color(s: &str) -> Result<nakade::board::Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(nakade::board::Color::Black),
        "w" | "white" => Ok(nakade::board::Color::White),
        _ => Err(format!("{s:?}: expected B or W")),
    }
}

/// One encoded graph, or a batch of them on standard input; text or JSON.
#[derive(clap::Args, Debug)]
struct GraphInput {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Read one encoded graph per line of standard input; write one JSON object per line
    /// (blank lines and `#` comment lines are skipped).
    #[arg(long, conflicts_with = "graph")]
    batch: bool,
    /// The encoded eye graph (one starting with `-`, a top edge, is taken as the graph).
    #[arg(allow_hyphen_values = true, value_parser = graph_arg)]
    graph: Option<String>,
}

impl GraphInput {
    /// The graph argument, or a usage error (exit 2) that points at `--batch` when there is
    /// none or it is `-`.
    fn graph(&self, subcommand: &str) -> Option<&str> {
        if self.batch {
            return None;
        }
        let hint = "to read graphs from standard input, one a line, use --batch";
        match self.graph.as_deref() {
            None => usage_error(
                subcommand,
                clap::error::ErrorKind::MissingRequiredArgument,
                format!("no eye graph given (such as 'OO!%O.X%!...'); {hint}"),
            ),
            Some("-") => usage_error(
                subcommand,
                clap::error::ErrorKind::ValueValidation,
                format!("'-' is no eye graph; {hint}"),
            ),
            Some(g) => Some(g),
        }
    }
}

/// The solver's parameters.
#[derive(clap::Args, Debug, Clone, Copy)]
struct SolverArgs {
    /// Liberties of the defender's surrounding string outside the space (GNU Go 3.8: 2).
    #[arg(long, default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_OUTER_LIBERTIES)))]
    outer_liberties: u8,
    /// Ko threats the attacker may use.
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_KO_THREATS)))]
    attacker_ko_threats: u8,
    /// Ko threats the defender may use.
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_KO_THREATS)))]
    defender_ko_threats: u8,
    /// Plies over which GNU Go's tenuki rule for the digits a and d applies (0: plain "two
    /// moves in a row").
    #[arg(long, default_value_t = DEFAULT_TENUKI_DEPTH,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_TENUKI_DEPTH)))]
    tenuki_depth: u8,
    /// Give up on a space after this many search nodes (default 20,000,000; `gtp`:
    /// 50,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Give up on a space after this many seconds, fractions allowed (default: none; `gtp`:
    /// 5); 0 means no time limit.
    #[arg(long, value_parser = seconds)]
    time_limit: Option<Duration>,
}

/// A `--time-limit`: seconds, fractions allowed, 0 for none (as `Duration::ZERO`).
fn seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?}: expected a number of seconds, such as 2 or 0.5"))?;
    let limit = Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("{s:?}: expected a number of seconds from 0 to {}", u64::MAX))?;
    // A positive time too short for a `Duration` is its shortest, not "no limit".
    Ok(if secs > 0.0 && limit.is_zero() {
        Duration::from_nanos(1)
    } else {
        limit
    })
}

impl SolverArgs {
    /// The solver's parameters, with the command line's limits or the given defaults.
    fn params_with(self, node_limit: u64, time_limit: Option<Duration>) -> Params {
        Params {
            outer_liberties: self.outer_liberties,
            attacker_ko_threats: self.attacker_ko_threats,
            defender_ko_threats: self.defender_ko_threats,
            tenuki_depth: self.tenuki_depth,
            node_limit: self.node_limit.unwrap_or(node_limit),
            time_limit: match self.time_limit {
                Some(Duration::ZERO) => None,
                Some(t) => Some(t),
                None => time_limit,
            },
        }
    }

    /// The solver's parameters: the library's defaults, no time limit unless given.
    fn params(self) -> Params {
        self.params_with(DEFAULT_NODE_LIMIT, None)
    }
}

/// The database of `--db FILE`, or the embedded one; `None` after printing the file's
/// diagnostics when it has errors.
fn database(
    db: Option<&std::path::Path>,
    patterns: PatternArgs,
) -> anyhow::Result<Option<matching::Db>> {
    let Some(path) = db else {
        return Ok(Some(matching::Db::Default));
    };
    Ok(load::read_database(path, options(patterns))?.map(|db| matching::Db::Loaded(Box::new(db))))
}

fn options(patterns: PatternArgs) -> nakade::pattern::dsl::Options {
    nakade::pattern::dsl::Options {
        lenient: patterns.lenient,
    }
}

/// Run the parsed command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut command = args.command;
    if args.lenient {
        match command.pattern_args_mut() {
            // `nakade --lenient check F`: as `nakade check --lenient F`.
            Some(patterns) => patterns.lenient = true,
            None => Args::command()
                .error(
                    clap::error::ErrorKind::ArgumentConflict,
                    "--lenient applies to the subcommands that read pattern files \
                     (check, match, diff, verify, compile, inspect, lint, render, catalogue, analyze, gtp)",
                )
                .exit(),
        }
    }
    match command {
        Command::Check { files, patterns } => check::run(&files, options(patterns)),
        Command::Shapes {
            up_to,
            solver,
            json,
        } => shapes::run(up_to as usize, solver, json),
        Command::Classify {
            input,
            at,
            json,
            node_limit,
            time_limit,
        } => classify::run(
            &input,
            at.as_deref(),
            json,
            classify::Limits {
                nodes: node_limit.unwrap_or(DEFAULT_NODE_LIMIT),
                time: match time_limit {
                    Some(Duration::ZERO) => None,
                    Some(t) => Some(t),
                    None => Some(classify::DEFAULT_TIME_LIMIT),
                },
            },
        ),
        Command::Library { command } => library::run(command),
        Command::Match {
            db,
            patterns,
            input,
            no_solver,
            solver,
        } => {
            let Some(db) = database(db.as_deref(), patterns)? else {
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
                input.graph("match"),
                input.json,
            )
        }
        Command::Solve { input, solver } => matching::run(
            &matching::Mode::Solve(solver.params()),
            input.batch,
            input.graph("solve"),
            input.json,
        ),
        Command::Diff {
            a,
            b,
            corpus,
            up_to,
            patterns,
            solver,
        } => diff::run(
            &a,
            &b,
            corpus.as_deref(),
            up_to.map(usize::from),
            options(patterns),
            solver.params(),
        ),
        Command::Verify {
            db,
            patterns,
            solver,
        } => verify::run(&db, options(patterns), solver.params()),
        Command::Generate { up_to, out, solver } => {
            generate::run(usize::from(up_to), out.as_deref(), solver.params())
        }
        Command::Compile {
            file,
            out,
            patterns,
        } => compile::run(&file, &out, options(patterns)),
        Command::Inspect {
            db,
            patterns,
            graph,
        } => {
            let Some(db) = database(db.as_deref(), patterns)? else {
                return Ok(ExitCode::from(1));
            };
            inspect::run(db.get(), &graph)
        }

        // Authoring: layout, lint, pictures.
        Command::Fmt {
            files,
            check,
            patterns,
        } => fmt::run(&files, check, options(patterns)),
        Command::Lint {
            files,
            json,
            no_solver,
            patterns,
            solver,
        } => lint::run(
            &lint::Request {
                files: &files,
                json,
                solver: !no_solver,
                params: solver.params(),
            },
            options(patterns),
        ),
        Command::Render {
            input,
            pattern,
            svg,
            patterns,
        } => render::run(&input, pattern, &svg, options(patterns)),
        Command::Catalogue {
            file,
            html,
            max_size,
            per_page,
            patterns,
        } => catalogue::run(&file, &html, max_size, per_page, options(patterns)),

        // Board analysis and the GTP engine.
        Command::Analyze {
            file,
            jsonl,
            move_number,
            color,
            at,
            json,
            svg,
            db,
            library,
            solver_nodes,
            patterns,
            solver,
        } => {
            let Some(db) = database(db.as_deref(), patterns)? else {
                return Ok(ExitCode::from(1));
            };
            let evaluator = nakade::evaluation::evaluate::Evaluator::new(db.get(), solver.params());
            let Some(file) = file.filter(|_| !jsonl) else {
                let stdin = std::io::stdin();
                jsonl::run(stdin.lock(), std::io::stdout().lock(), &evaluator)?;
                return Ok(ExitCode::SUCCESS);
            };
            analyze::run(
                &analyze::Request {
                    file: &file,
                    move_number,
                    color,
                    at: at.as_deref(),
                    json,
                    svg: svg.as_deref(),
                    library: library.as_deref(),
                    solver_nodes,
                },
                &evaluator,
            )
        }
        Command::Score {
            file,
            move_number,
            rules,
            komi,
            to_move,
            json,
            svg,
            db,
            patterns,
            solver,
        } => {
            let Some(db) = database(db.as_deref(), patterns)? else {
                return Ok(ExitCode::from(1));
            };
            if komi.is_some_and(|k| !k.is_finite()) {
                anyhow::bail!("--komi: expected a finite number");
            }
            let evaluator = nakade::evaluation::evaluate::Evaluator::new(db.get(), solver.params());
            score::run(
                &score::Request {
                    file: &file,
                    move_number,
                    rules,
                    komi,
                    to_move,
                    json,
                    svg: svg.as_deref(),
                },
                &evaluator,
            )
        }
        Command::Gtp {
            db,
            memo_entries,
            kept_readings,
            cache_shapes,
            rules,
            chinese_rules,
            patterns,
            solver,
        } => {
            let Some(db) = database(db.as_deref(), patterns)? else {
                return Ok(ExitCode::from(1));
            };
            // Every command of the engine reads within the engine's limits: `eval_eye` and the
            // GoGui commands as `analyze_eyegraph`.
            nakade::board::strings::tactics::set_memo_capacity(memo_entries);
            nakade::board::strings::kept::set_kept_capacity(kept_readings);
            gtp::run(
                db,
                solver.params_with(GTP_NODE_LIMIT, Some(GTP_TIME_LIMIT)),
                cache_shapes,
                if chinese_rules {
                    nakade::board::finish::Rules::Area
                } else {
                    rules
                },
            )
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Args::command(), "nakade", &mut out);
            out!("{}", String::from_utf8_lossy(&out))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let mut out = Vec::new();
            clap_mangen::Man::new(Args::command()).render(&mut out)?;
            out!("{}", String::from_utf8_lossy(&out))?;
            Ok(ExitCode::SUCCESS)
        }
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
    // Standard output is flushed here, not at exit, where a write error would pass unseen.
    let result = run(args).and_then(|code| {
        use std::io::Write as _;
        std::io::stdout().flush().map_err(output::stdout_failed)?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
