//! The subcommands: argument definitions and their dispatch.

use std::io::Read;

use clap::{Parser, Subcommand};
use grundy::analysis::{self, Analysis, Options};
use grundy::solve::Limits;
use grundy::{expr, rules, Play};
use serde_json::{json, Value};

use crate::failure::Failure;
use crate::output::Out;

/// Grundy: outcomes, nim-values and winning moves of impartial games.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Outcome, nim-value and every winning move of a position
    Analyze {
        /// The position, e.g. 'nim(3,4,5) + tb[0.07](20)'; '-' reads it from standard input
        expr: String,
        /// Misere play: the player who cannot move wins
        #[arg(long)]
        misere: bool,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// The most positions a search may store (default 5000000; with --misere 200000,
        /// since a misere search stores whole sums, each far costlier than one position)
        #[arg(long)]
        max_nodes: Option<usize>,
        /// The most winning moves printed (all are counted); by default up to 1000, fewer when
        /// the position is so long that they would exceed 16 MiB of text
        #[arg(long)]
        max_moves: Option<usize>,
    },
    /// Nim-values of single heaps 0..N of a heap ruleset, with the period when one is found
    Table {
        /// The ruleset, e.g. 'tb[0.07]' or 'sub[1,3,4]'
        ruleset: String,
        /// The largest heap size
        #[arg(long)]
        to: String,
        /// Print one JSON object instead of text
        #[arg(long, conflicts_with = "out")]
        json: bool,
        /// Write the values and statistics to this compact binary file instead of printing
        /// them (sub and tb rulesets; for long runs, with a progress bar)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// With --out: resume from and save to this checkpoint file, so that a run killed at
        /// any instant continues where it stopped
        #[arg(long, requires = "out")]
        checkpoint: Option<std::path::PathBuf>,
        /// With --out: the most memory the table may take, like 8G or 500M (default: three
        /// quarters of the available memory)
        #[arg(long, requires = "out")]
        memory_limit: Option<String>,
    },
    /// Plot the nim-sequence of a heap ruleset as SVG or PNG, the period marked
    Plot {
        /// The ruleset, e.g. 'tb[0.16]'
        ruleset: String,
        /// The largest heap size
        #[arg(long)]
        to: String,
        /// The image file: .svg or .png
        #[arg(long)]
        out: std::path::PathBuf,
        /// Width in pixels
        #[arg(long, default_value_t = 1000)]
        width: u32,
        /// Height in pixels
        #[arg(long, default_value_t = 500)]
        height: u32,
    },
    /// Values and outcomes of every vertex of a graph file (edge list or DOT; cycles allowed)
    Graph {
        /// The graph file
        file: std::path::PathBuf,
        /// Print one JSON object
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV: vertex,value,outcome
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
    /// The reasoning behind a position's value and winning moves, in the seed slides' style
    Explain {
        /// The position, e.g. 'nim(3,4,5)'; '-' reads it from standard input
        expr: String,
        /// Print Markdown (for notes and slides) instead of plain text
        #[arg(long)]
        markdown: bool,
        /// Misere play: the player who cannot move wins
        #[arg(long)]
        misere: bool,
        /// The most positions a search may store
        #[arg(long, default_value_t = Limits::default().max_nodes)]
        max_nodes: usize,
    },
    /// Every ruleset the engine knows, with syntax, rule summary and example
    List {
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Analyze {
            expr,
            misere,
            json,
            max_nodes,
            max_moves,
        } => {
            let text = read_expr(expr)?;
            let pos = expr::parse(&text).map_err(|e| Failure::parse(&e, &text))?;
            let opts = Options {
                play: if misere { Play::Misere } else { Play::Normal },
                limits: Limits {
                    max_nodes: max_nodes.unwrap_or(if misere {
                        MISERE_DEFAULT_NODES
                    } else {
                        Limits::default().max_nodes
                    }),
                },
                // An explicit --max-moves is taken as asked; the default also caps the text.
                max_moves: max_moves.unwrap_or(Options::default().max_moves),
                max_render_bytes: match max_moves {
                    Some(_) => usize::MAX,
                    None => Options::default().max_render_bytes,
                },
            };
            let a = analysis::analyze(&pos, &opts)?;
            let mut out = Out::new();
            if json {
                out.line(&crate::play::with_remoteness(
                    analysis_json(&a),
                    &pos,
                    opts.play,
                ))?;
            } else {
                out.put(&analysis_text(&a))?;
            }
            out.flush()
        }
        Command::Table {
            ruleset,
            to,
            json,
            out: Some(out),
            checkpoint,
            memory_limit,
        } => {
            let _ = json;
            crate::lab::table_to_file(
                &ruleset,
                &to,
                &out,
                checkpoint.as_deref(),
                memory_limit.as_deref(),
            )
        }
        Command::Table {
            ruleset, to, json, ..
        } => table(&ruleset, &to, json),
        Command::Plot {
            ruleset,
            to,
            out,
            width,
            height,
        } => crate::lab::plot(&ruleset, &to, &out, width, height),
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
        } => crate::play::run(&expr, misere, engine_first, hint),
        Command::Explain {
            expr,
            markdown,
            misere,
            max_nodes,
        } => crate::explain::run(&expr, markdown, misere, max_nodes),
        Command::List { json } => list(json),
    }
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

fn analysis_json(a: &Analysis) -> String {
    let moves: Vec<Value> = a
        .winning_moves
        .iter()
        .map(|m| json!({"to": m.to, "move": m.text}))
        .collect();
    // A nimber is written as a bare JSON integer of any size (JSON numbers are unbounded).
    let nimber = a
        .nimber
        .as_ref()
        .map(|n| n.to_string())
        .unwrap_or_else(|| "null".to_string());
    let value = a.value.as_ref().map(|v| v.to_string());
    // Key order follows the spec's example; serde_json's map keeps insertion order only with
    // preserve_order, so the object is written by hand around serialised pieces.
    let mut out = String::from("{");
    out.push_str(&format!("\"game\":{}", json!(a.game)));
    out.push_str(&format!(",\"play\":{}", json!(a.play.name())));
    out.push_str(&format!(",\"outcome\":{}", json!(a.outcome.letter())));
    out.push_str(&format!(",\"nimber\":{nimber}"));
    if let Some(v) = value {
        out.push_str(&format!(",\"value\":{}", json!(v)));
    }
    out.push_str(&format!(",\"winning_moves\":{}", Value::Array(moves)));
    out.push_str(&format!(
        ",\"winning_moves_total\":{}",
        a.winning_moves_total
    ));
    if a.winning_moves_total > a.winning_moves.len() {
        out.push_str(",\"winning_moves_truncated\":true");
    }
    if let Some(note) = &a.winning_moves_note {
        out.push_str(&format!(",\"winning_moves_note\":{}", json!(note)));
    }
    if a.outcome == grundy::Outcome::D {
        let drawing: Vec<Value> = a
            .drawing_moves
            .iter()
            .map(|m| json!({"to": m.to, "move": m.text}))
            .collect();
        out.push_str(&format!(",\"drawing_moves\":{}", Value::Array(drawing)));
        out.push_str(&format!(
            ",\"drawing_moves_total\":{}",
            a.drawing_moves_total
        ));
    }
    out.push('}');
    out
}

fn analysis_text(a: &Analysis) -> String {
    let mut out = String::new();
    out.push_str(&format!("position: {}\n", a.game));
    out.push_str(&format!("play:     {}\n", a.play.name()));
    let meaning = match a.outcome {
        grundy::Outcome::P => "the player to move loses",
        grundy::Outcome::N => "the player to move wins",
        grundy::Outcome::D => "a draw",
    };
    out.push_str(&format!("outcome:  {} ({meaning})\n", a.outcome));
    match (&a.value, a.play) {
        (Some(v), _) => out.push_str(&format!("value:    {v}\n")),
        (None, Play::Misere) => {
            out.push_str("value:    (misere play: values do not add, only the outcome is given)\n")
        }
        (None, Play::Normal) => out.push_str(
            "value:    (not computed: the position is beyond this game's nim-value search; \
             the outcome and winning moves are exact)\n",
        ),
    }
    if a.winning_moves_total > 0 {
        out.push_str(&format!("winning moves ({}):\n", a.winning_moves_total));
        for m in &a.winning_moves {
            out.push_str(&format!("  {}    ({})\n", m.to, m.text));
        }
        if a.winning_moves_total > a.winning_moves.len() {
            out.push_str(&format!(
                "  ... {} more (raise --max-moves to see them)\n",
                a.winning_moves_total - a.winning_moves.len()
            ));
        }
    } else if a.outcome == grundy::Outcome::P {
        out.push_str("winning moves: none (every move loses)\n");
    }
    if let Some(note) = &a.winning_moves_note {
        out.push_str(&format!("note: {note}\n"));
    }
    if a.outcome == grundy::Outcome::D {
        out.push_str(&format!(
            "drawing moves ({}), which keep the draw:\n",
            a.drawing_moves_total
        ));
        for m in &a.drawing_moves {
            out.push_str(&format!("  {}    ({})\n", m.to, m.text));
        }
    }
    out
}

/// The largest N accepted by `grundy table` (values are kept in memory and printed).
const TABLE_LIMIT: u64 = 50_000_000;

/// Default search limit of `analyze --misere`: about ten seconds of the slowest searches.
const MISERE_DEFAULT_NODES: usize = 200_000;

/// The text line that reports a period, shared by the table and table-file outputs.
pub fn period_line(period: u64, preperiod: u64, saltus: u64, proof: Option<&str>) -> String {
    let how = match proof {
        Some(p) => format!("proven {p}"),
        None => "seen in these values only, not proven".to_string(),
    };
    format!("period: {period} (preperiod {preperiod}, saltus {saltus}, {how})")
}

/// Reads `--to`: a natural number, possibly written `10^8`.
pub fn parse_to(to: &str) -> Result<num_bigint::BigUint, Failure> {
    let n = match expr::classify_word(to.trim()) {
        Some(Ok(n)) => n,
        Some(Err(m)) => return Err(Failure::input(format!("--to {to}: {m}"))),
        None => {
            return Err(Failure::input(format!(
                "--to expects a heap size such as 1000 or 10^6, found '{to}'"
            )))
        }
    };
    grundy::rules::Arg::Int(n)
        .as_natural()
        .map_err(|m| Failure::input(format!("--to {to}: {m}")))
}

fn table(ruleset: &str, to: &str, json: bool) -> Result<(), Failure> {
    let r = expr::parse_ruleset(ruleset).map_err(|e| Failure::parse(&e, ruleset))?;
    let n = parse_to(to)?;
    let n = match u64::try_from(&n) {
        Ok(v) if v <= TABLE_LIMIT => v,
        _ => {
            return Err(Failure::Limit(format!(
                "--to {n} is above the table limit of {TABLE_LIMIT} values; ask for fewer values"
            )))
        }
    };
    let Some(t) = r.heap_table(n) else {
        return Err(Failure::input(format!(
            "{} is not a one-heap ruleset, so it has no table of heap values; 'grundy list' says which rulesets have one",
            r.name()
        )));
    };
    let t = t?;
    let mut out = Out::new();
    if json {
        let values: Vec<String> = t.values.iter().map(|v| v.to_string()).collect();
        let period = match &t.period {
            Some(p) => format!(
                "{{\"preperiod\":{},\"period\":{},\"saltus\":{},\"proven\":{}}}",
                p.preperiod, p.period, p.saltus, p.proven
            ),
            None => "null".to_string(),
        };
        out.line(&format!(
            "{{\"ruleset\":{},\"values\":[{}],\"period\":{}}}",
            json!(r.name()),
            values.join(","),
            period
        ))?;
    } else {
        out.line(&format!("ruleset: {}", r.name()))?;
        out.line(&format!("heaps 0..{n}:"))?;
        for (row, chunk) in t.values.chunks(10).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
            out.line(&format!("{:>8}: {}", row * 10, cells.join(" ")))?;
        }
        match &t.period {
            Some(p) => out.line(&period_line(
                p.period,
                p.preperiod,
                p.saltus,
                p.proven.then_some("for every heap size"),
            ))?,
            None => out.line(&format!("period: none found in 0..{n}"))?,
        }
    }
    out.flush()
}

fn list(json: bool) -> Result<(), Failure> {
    let mut out = Out::new();
    if json {
        let items: Vec<Value> = rules::FAMILIES
            .iter()
            .map(|f| {
                json!({
                    "name": f.name,
                    "aliases": f.aliases,
                    "syntax": f.syntax,
                    "summary": f.summary,
                    "example": f.example,
                })
            })
            .collect();
        out.line(&Value::Array(items).to_string())?;
        return out.flush();
    }
    for f in rules::FAMILIES {
        out.line(f.name)?;
        out.line(&format!("    syntax:  {}", f.syntax))?;
        out.line(&format!("    rule:    {}", f.summary))?;
        out.line(&format!("    example: {}", f.example))?;
        if !f.aliases.is_empty() {
            out.line(&format!("    aliases: {}", f.aliases.join(", ")))?;
        }
    }
    out.flush()
}
