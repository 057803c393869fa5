//! The subcommands: argument definitions and their dispatch to the library's typed API.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand};
use grundy::api::{Options, DEFAULT_MAX_MOVES, DEFAULT_RENDER_BYTES};
use grundy::{api, render, Limits, Play, Registry};

use crate::context::{self, Reporter};
use crate::failure::Failure;
use crate::output::{to_json, Out};

/// Grundy: outcomes, nim-values and winning moves of impartial games.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    rules: crate::rules::RulesArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Outcome, nim-value and every winning move of a position
    Analyze {
        /// The position, e.g. 'nim(3,4,5) + tb[0.07](20)'; '-' reads it from standard input
        /// (with --batch: one position a line)
        expr: String,
        /// Misere play: the player who cannot move wins
        #[arg(long)]
        misere: bool,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// Many positions in one run: one expression a line on standard input, one JSON
        /// object a line out (an error is an object with "error"); give '-' as EXPR
        #[arg(long)]
        batch: bool,
        /// The most positions a search may store (default 5000000; with --misere 200000,
        /// since a misere search stores whole sums, each far costlier than one position)
        #[arg(long)]
        max_nodes: Option<usize>,
        /// The most winning moves printed (all are counted when counting costs no more than the
        /// analysis: 64 options per component, at least 2^24); by default a screenful on a
        /// terminal, else up to 1000 (fewer when they would exceed 16 MiB of text)
        #[arg(long)]
        max_moves: Option<usize>,
        /// Do not count the winning moves: only those printed are looked for (with
        /// --max-moves 0 none, so only the outcome and value are computed, all a judge's
        /// answer needs; counting lists every option of every component once more)
        #[arg(long)]
        no_count: bool,
        /// Do not look for the remoteness (how many moves the game lasts when the winner
        /// hurries and the loser delays: a small extra search that --json runs by default)
        #[arg(long)]
        no_remoteness: bool,
        /// Only the outcome: the search stops at the first winning move, no move is looked
        /// for, and "nimber" is null where no value was computed
        #[arg(long)]
        outcome: bool,
        /// Stop after this many seconds (exit 3)
        #[arg(long)]
        timeout: Option<f64>,
        /// The most memory a search may hold, like 8G or 500M (default: three quarters of
        /// the available memory)
        #[arg(long)]
        memory_limit: Option<String>,
    },
    /// Nim-values of single heaps 0..N of a heap ruleset, with the period when one is found;
    /// with --from, the values and statistics of a table file written by --out
    Table {
        /// The ruleset, e.g. 'tb[0.07]' or 'sub[1,3,4]'
        #[arg(required_unless_present = "from")]
        ruleset: Option<String>,
        /// The largest heap size (default 1000; with --from, the last heap shown: by default
        /// the 1000th from --first, within the file)
        #[arg(long)]
        to: Option<String>,
        /// Print one JSON object instead of text
        #[arg(long, conflicts_with = "out")]
        json: bool,
        /// Write the values and statistics to this compact binary file instead of printing
        /// them (heap games: sub, tb, take; for long runs, with a progress bar); read it back
        /// with --from
        #[arg(long)]
        out: Option<PathBuf>,
        /// Read the table file FILE (written by --out, or its checkpoint) instead of
        /// computing: the values of heaps --first..--to, the count of each value, the
        /// largest value, the length and the period (the format: docs/cli.md)
        #[arg(long, value_name = "FILE", conflicts_with_all = ["ruleset", "out", "checkpoint", "certificate", "memory_limit", "timeout"])]
        from: Option<PathBuf>,
        /// With --from: the first heap shown (default 0)
        #[arg(long, requires = "from")]
        first: Option<String>,
        /// With --out: resume from and save to this checkpoint file, so that a run killed at
        /// any instant continues where it stopped
        #[arg(long, requires = "out")]
        checkpoint: Option<PathBuf>,
        /// The most memory the table may take, like 8G or 500M (default: three quarters of
        /// the available memory)
        #[arg(long)]
        memory_limit: Option<String>,
        /// Stop after this many seconds (exit 3)
        #[arg(long)]
        timeout: Option<f64>,
        /// Also write a period certificate to this file, for 'grundy verify' (the period must
        /// be proven in heaps 0..N); with --out in the binary form, a byte or so a value
        #[arg(long)]
        certificate: Option<PathBuf>,
    },
    /// The rule behind a family's values (period, closed form, sum, P-positions), how far it
    /// was checked, whether a theorem proves it, and the rule as Python and C++ code
    Pattern {
        /// The family, e.g. 'sub[1,3,4]', 'tb[0.07]', 'wythoff' or a rule script's name
        family: String,
        /// The largest argument (default 1000 for one-argument families, 48 for two)
        #[arg(long)]
        to: Option<String>,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// Stop after this many seconds (exit 3)
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// Plot the nim-sequence of a heap ruleset as SVG or PNG: P-positions in red, the period
    /// and the rule of the values marked
    Plot {
        /// The ruleset, e.g. 'tb[0.16]'
        ruleset: String,
        /// The largest heap size
        #[arg(long)]
        to: String,
        /// The image file: .svg or .png
        #[arg(long)]
        out: PathBuf,
        /// Width in pixels
        #[arg(long, default_value_t = 1000)]
        width: u32,
        /// Height in pixels
        #[arg(long, default_value_t = 500)]
        height: u32,
    },
    /// Values and outcomes of every vertex of a graph file (edge list or DOT; cycles allowed)
    Graph {
        /// The graph file: an edge list, one edge 'u v' a line (a name alone on a line is a
        /// vertex with no edges; '#' starts a comment), or a DOT digraph
        file: PathBuf,
        /// Print one JSON object
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV: vertex,value,outcome (RFC 4180: a field with a comma or a quote is
        /// quoted, so a loopy value such as ∞(0,1) is written "∞(0,1)")
        #[arg(long)]
        csv: bool,
        /// Misere play: the outcome of one token on each vertex when the player who cannot
        /// move wins (values do not add under misere play, so only outcomes are given)
        #[arg(long)]
        misere: bool,
    },
    /// Play a position against the engine, move by move (line-based; quit, end of input or
    /// Ctrl-C leave)
    Play {
        /// The position, e.g. 'nim(3,4,5)'
        expr: String,
        /// Misere play: the player who cannot move wins
        #[arg(long)]
        misere: bool,
        /// Let the engine move first
        #[arg(long)]
        engine_first: bool,
        /// Allow the command 'hint' (or '?'), which shows a winning move
        #[arg(long)]
        hint: bool,
    },
    /// The reasoning behind a position's value and winning moves, step by step
    Explain {
        /// The position, e.g. 'nim(3,4,5)'; '-' reads it from standard input
        expr: String,
        /// Print Markdown (for notes and slides) instead of plain text
        #[arg(long)]
        markdown: bool,
        /// Print one JSON object: {"explanations": [{"title", "blocks", "markdown"}]}, as the
        /// playground's /api/explain
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Misere play: the player who cannot move wins
        #[arg(long)]
        misere: bool,
        /// The most positions a search may store (the same defaults as analyze)
        #[arg(long)]
        max_nodes: Option<usize>,
        /// Stop after this many seconds (exit 3)
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// The nim-product a (*) b in Conway's field of nimbers, exact at any size (the value of
    /// corners(a, b), Turning Corners)
    NimMul {
        /// The first factor, e.g. 8 or 2^64
        a: String,
        /// The second factor
        b: String,
    },
    /// Serve the playground page and its JSON API (localhost unless --bind says otherwise);
    /// exit status 2 when the address cannot be listened on (a port in use, an address not
    /// of this machine, a port below 1024 without the right)
    Serve {
        /// The address and port to listen on
        #[arg(long, default_value = grundy_web::DEFAULT_BIND)]
        bind: String,
    },
    /// Print a shell completion script, e.g. 'grundy completions bash >
    /// ~/.local/share/bash-completion/completions/grundy' (zsh: as _grundy in a directory of
    /// $fpath; fish: ~/.config/fish/completions/grundy.fish)
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): 'grundy man > grundy.1; man ./grundy.1'; with --dir,
    /// write it and a page for each command (grundy-table.1, ...) into a directory
    Man {
        /// The directory for grundy.1 and the commands' pages (it must exist)
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Every ruleset the engine knows, with syntax, rule summary and example
    List {
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    #[command(flatten)]
    Theory(crate::theory::TheoryCommand),
    /// Rule scripts: games written in Luau or Rhai (see docs/rules.md)
    Rules {
        #[command(subcommand)]
        command: crate::rules::RulesCommand,
    },
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Rules { command } => return crate::rules::run(command, &cli.rules),
        Command::Completions { shell } => {
            // Written to memory first: clap_complete panics when its writer fails (a closed
            // pipe), and Out reports that instead.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut script);
            let mut out = Out::new();
            out.write_all(&script).map_err(Failure::Output)?;
            return out.flush();
        }
        Command::Man { dir: None } => {
            let mut out = Out::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut out)
                .map_err(Failure::Output)?;
            return out.flush();
        }
        Command::Man { dir: Some(dir) } => {
            clap_mangen::generate_to(Cli::command(), &dir).map_err(|e| {
                Failure::File(format!(
                    "cannot write the manual pages into {}: {e}",
                    dir.display()
                ))
            })?;
            return crate::output::print_line(&format!(
                "manual pages written to {}: grundy.1 and grundy-COMMAND.1 for each command \
                 (read one with man -l FILE, or put the directory on MANPATH)",
                dir.display()
            ));
        }
        _ => {}
    }
    let reg = cli.rules.registry()?;
    if cli.rules.rules.is_empty() {
        return run_command(cli.command, reg);
    }
    // Rule scripts: one stack with room for every script call of the command, allocated once
    // (otherwise each call of the script allocates its own).
    let limits = cli.rules.limits()?;
    grundy_script::with_stack(&limits, || run_command(cli.command, reg))
}

fn run_command(command: Command, reg: grundy::Registry) -> Result<(), Failure> {
    match command {
        Command::Rules { .. } | Command::Completions { .. } | Command::Man { .. } => Ok(()),
        Command::Analyze {
            expr,
            misere,
            json,
            batch,
            max_nodes,
            max_moves,
            no_count,
            no_remoteness,
            outcome,
            timeout,
            memory_limit,
        } => {
            let play = Play::from_misere(misere);
            let reporter = Reporter::new();
            let mut limits =
                context::limits(Limits::for_play(play), max_nodes, timeout, &reporter)?;
            if let Some(m) = &memory_limit {
                limits.max_memory = context::parse_bytes("--memory-limit", m)?;
            }
            let on_terminal = !json && !batch && std::io::stdout().is_terminal();
            let opts = Options {
                play,
                limits,
                // An explicit --max-moves is taken as asked; the default also caps the text,
                // and a terminal gets a screenful.
                max_moves: max_moves.unwrap_or(if on_terminal {
                    TERMINAL_MOVES
                } else {
                    DEFAULT_MAX_MOVES
                }),
                max_render_bytes: match max_moves {
                    Some(_) => usize::MAX,
                    None => DEFAULT_RENDER_BYTES,
                },
                remoteness: (json || batch) && !no_remoteness,
                count: !no_count,
                outcome_only: outcome,
                memo: grundy::analysis::Memo::default(),
            };
            if batch {
                reporter.finish();
                return analyze_batch(&reg, &expr, &opts, &reporter);
            }
            let text = read_expr(expr)?;
            // Rendering a huge answer takes time too: the progress stays on meanwhile.
            let shown = api::analyze(&reg, &text, &opts)
                .map_err(|e| Failure::at(e, &text))
                .and_then(|a| {
                    if json {
                        to_json(&a).map(|j| j + "\n")
                    } else {
                        Ok(render::analysis_text(
                            &a,
                            " (raise --max-moves to see them)",
                        ))
                    }
                });
            reporter.finish();
            let shown = shown?;
            let mut out = Out::new();
            out.put(&shown)?;
            out.flush()
        }
        Command::Table {
            from: Some(file),
            first,
            to,
            json,
            ..
        } => crate::lab::table_from_file(&file, first.as_deref(), to.as_deref(), json),
        Command::Table {
            ruleset: Some(ruleset),
            to,
            out: Some(out),
            checkpoint,
            memory_limit,
            timeout,
            certificate,
            ..
        } => crate::lab::table_to_file(
            &reg,
            &ruleset,
            &table_to(to.as_deref()),
            &crate::lab::FileFlags {
                out: &out,
                checkpoint: checkpoint.as_deref(),
                memory_limit: memory_limit.as_deref(),
                timeout,
                certificate: certificate.as_deref(),
            },
        ),
        Command::Table {
            ruleset,
            to,
            json,
            memory_limit,
            timeout,
            certificate,
            ..
        } => table(
            &reg,
            ruleset.as_deref().unwrap_or_default(),
            &table_to(to.as_deref()),
            json,
            memory_limit.as_deref(),
            timeout,
            certificate.as_deref(),
        ),
        Command::Pattern {
            family,
            to,
            json,
            timeout,
        } => pattern(&reg, &family, to.as_deref(), json, timeout),
        Command::Plot {
            ruleset,
            to,
            out,
            width,
            height,
        } => crate::lab::plot(&reg, &ruleset, &to, &out, width, height),
        Command::Graph {
            file,
            json,
            csv,
            misere,
        } => crate::graph::run(&file, json, csv, misere),
        Command::Play {
            expr,
            misere,
            engine_first,
            hint,
        } => crate::play::run(&reg, &expr, misere, engine_first, hint),
        Command::Explain {
            expr,
            markdown,
            json,
            misere,
            max_nodes,
            timeout,
        } => {
            let play = Play::from_misere(misere);
            let reporter = Reporter::new();
            let limits = context::limits(Limits::for_play(play), max_nodes, timeout, &reporter)?;
            let text = read_expr(expr)?;
            let parts = api::explain(&reg, &text, play, &limits);
            reporter.finish();
            let parts =
                parts.map_err(|e| match e {
                    // Play that can return to a position it left has no nim-value to narrate;
                    // analyze gives its outcome and the moves that win or keep the draw.
                    grundy::Error::Cycle => {
                        Failure::input(format!(
                    "{e}; explain narrates nim-values and Smith's values of graphs, not this \
                     game: 'grundy analyze {}' (with the same --rules) gives its outcome and \
                     the moves that win or keep a draw",
                    if text.chars().count() <= 80 { text.as_str() } else { "EXPR" }
                ))
                    }
                    e => Failure::at(e, &text),
                })?;
            if json {
                let reports: Vec<api::ExplanationReport> = parts.iter().map(Into::into).collect();
                let mut o = Out::new();
                o.line(&to_json(&serde_json::json!({ "explanations": reports }))?)?;
                return o.flush();
            }
            let render = if markdown {
                api::explanation_markdown
            } else {
                api::explanation_text
            };
            let shown: Vec<String> = parts.iter().map(render).collect();
            let mut o = Out::new();
            o.put(&shown.join("\n"))?;
            o.flush()
        }
        Command::NimMul { a, b } => {
            let p = api::nim_product(&a, &b).map_err(Failure::from)?;
            let mut o = Out::new();
            o.line(&p.to_string())?;
            o.flush()
        }
        Command::Serve { bind } => crate::serve::run(&bind),
        Command::List { json } => {
            let families = api::list(&reg);
            let mut out = Out::new();
            if json {
                out.line(&to_json(&families)?)?;
            } else {
                out.put(&render::list_text(&families))?;
            }
            out.flush()
        }
        Command::Theory(cmd) => crate::theory::run(&reg, cmd),
    }
}

/// `table --to`, or the default end of a table (that of `pattern` for one-argument families).
fn table_to(to: Option<&str>) -> String {
    to.map_or_else(|| api::DEFAULT_TO_1.to_string(), str::to_string)
}

/// How many winning moves a terminal shows by default (a screenful).
const TERMINAL_MOVES: usize = 20;

/// `analyze --batch`: one expression a line in, one JSON object a line out. The registry is
/// shared, so a graph file or a heap table is built once for all the lines, and so are the
/// searches' memos (bounded by the limits: see [`grundy::analysis::Memo`]).
fn analyze_batch(
    reg: &Registry,
    expr: &str,
    opts: &Options,
    reporter: &Reporter,
) -> Result<(), Failure> {
    if expr.trim() != "-" {
        return Err(Failure::input(
            "--batch reads the positions from standard input: give '-' as the expression",
        ));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock().take(u64::MAX);
    let mut out = Out::new();
    let mut line = Vec::new();
    let mut number = 0usize;
    let opts = &Options {
        memo: grundy::analysis::Memo::shared(),
        ..opts.clone()
    };
    loop {
        line.clear();
        let got = (&mut input)
            .take(MAX_EXPR_BYTES + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| Failure::input(format!("cannot read standard input: {e}")))?;
        if got == 0 {
            break;
        }
        number += 1;
        if line.len() as u64 > MAX_EXPR_BYTES {
            return Err(Failure::Limit(format!(
                "line {number} of standard input is longer than the limit of {MAX_EXPR_BYTES} bytes"
            )));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // Progress is about one line's work, not the wait for the next line.
        reporter.begin();
        let result = api::analyze(reg, text, opts);
        reporter.finish();
        let json = match result {
            Ok(a) => to_json(&a)?,
            Err(grundy::Error::Cancelled) => {
                out.flush()?;
                return Err(Failure::Interrupted(format!(
                    "stopped at line {number}; the lines before it were answered"
                )));
            }
            Err(e) => to_json(&serde_json::json!({"line": number, "error": e}))?,
        };
        out.line(&json)?;
        // Each answer leaves at once, so that a program driving the batch can read it.
        out.flush()?;
    }
    out.flush()
}

fn table(
    reg: &Registry,
    ruleset: &str,
    to: &str,
    json: bool,
    memory_limit: Option<&str>,
    timeout: Option<f64>,
    certificate: Option<&std::path::Path>,
) -> Result<(), Failure> {
    let n = api::parse_natural(to, "--to")?;
    let reporter = Reporter::new();
    let mut limits = context::limits(Limits::default(), None, timeout, &reporter)?;
    if let Some(m) = memory_limit {
        limits.max_memory = context::parse_bytes("--memory-limit", m)?;
    }
    let t = api::table(reg, ruleset, &n, &limits);
    // A table of 5 * 10^7 values takes seconds to render: the progress stays on meanwhile.
    let text = match (&t, json) {
        (Ok(t), false) => Some(render::table_text(t)),
        _ => None,
    };
    reporter.finish();
    let t = t.map_err(|e| Failure::at(e, ruleset))?;
    if let Some(path) = certificate {
        crate::verify::write_certificate(
            &t.ruleset,
            &t.values,
            t.period.as_ref(),
            path,
            grundy::lab::Form::Text,
        )?;
    }
    let mut out = Out::new();
    if let Some(text) = text {
        out.put(&text)?;
    } else {
        serde_json::to_writer(&mut out, &t).map_err(|e| match e.io_error_kind() {
            Some(kind) => Failure::Output(std::io::Error::new(kind, e.to_string())),
            None => Failure::input(format!("cannot write JSON: {e}")),
        })?;
        out.put("\n")?;
    }
    out.flush()
}

/// `pattern`: the rule behind a family's values, as text or JSON.
fn pattern(
    reg: &Registry,
    family: &str,
    to: Option<&str>,
    json: bool,
    timeout: Option<f64>,
) -> Result<(), Failure> {
    let n = to.map(|t| api::parse_natural(t, "--to")).transpose()?;
    let reporter = Reporter::new();
    let limits = context::limits(Limits::default(), None, timeout, &reporter)?;
    let p = api::pattern(reg, family, n.as_ref(), &limits);
    reporter.finish();
    let p = p.map_err(|e| Failure::at(e, family))?;
    let mut out = Out::new();
    if json {
        out.line(&to_json(&p)?)?;
    } else {
        out.put(&render::pattern_text(&p))?;
    }
    out.flush()
}

/// The longest expression read from standard input (Nim with 10^6 heaps takes about 7 MB).
pub const MAX_EXPR_BYTES: u64 = 256 << 20;

/// The expression argument, or standard input when it is `-` (at most [`MAX_EXPR_BYTES`]).
pub fn read_expr(arg: String) -> Result<String, Failure> {
    if arg.trim() != "-" {
        return Ok(arg);
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(MAX_EXPR_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            Failure::input(format!(
                "cannot read the expression from standard input: {e}"
            ))
        })?;
    if bytes.len() as u64 > MAX_EXPR_BYTES {
        return Err(Failure::Limit(format!(
            "the expression on standard input is longer than the limit of {MAX_EXPR_BYTES} bytes"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "the expression on standard input is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}
