//! The typed API that every front calls: analyze, table, list, explain and graphs, with typed
//! results that serialize (serde) to the JSON of the CLI spec, and one error type.
//!
//! **Boundary:** the fronts (CLI, web server, Python module) only translate: they parse their
//! input, call these functions and render the typed result; policy (default limits, the table
//! limit, move caps) lives here.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::analysis;
use crate::registry::Registry;
use crate::{Error, Limit, Limits, Period, Play};

/// The misere quotient of a heap ruleset (`grundy quotient`): see [`quotient`].
pub use crate::quotient::{QuotientLimits, QuotientReport};

/// The rule behind a family's values, with code (`grundy pattern`): see [`pattern`].
pub use crate::pattern::{
    Pattern, Proof, DEFAULT_TO_1, DEFAULT_TO_2, PATTERN_LIMIT_1, PATTERN_LIMIT_2,
    PATTERN_LIMIT_KERNEL,
};

/// The options of an analysis and their defaults (`grundy analyze`'s flags): see
/// [`crate::analysis`].
pub use crate::analysis::{
    Analysis, Options, Rule, DEFAULT_MAX_MOVES, DEFAULT_RENDER_BYTES, REMOTENESS_BUDGET,
};

/// The partial misere quotient of the heaps `0..=to` of the ruleset written `ruleset`.
///
/// Arguments: the registry; the ruleset text (`tb[0.77]`, `sub[1,3,4]`: any family with heap
/// rules); the largest heap; the quotient's own limits; the request's limits (memory for one
/// search, the deadline and cancellation).
/// Returns: the report, or an input error (not a heap ruleset), or a limit error naming the
/// limit that was reached (order, work, candidate size, memory, time).
/// Complexity: that of [`grundy_misere::quotient`]: one pruned search over sums of heaps per
/// heap added, and a few candidate monoids each time the quotient grows; bounded by
/// `qlimits.max_work`.
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let r = grundy::api::quotient(&reg, "tb[0.75]", &30u32.into(), &Default::default(),
///     &Default::default()).unwrap();
/// assert_eq!(r.quotient.order(), 8);
/// assert!(r.quotient.stability().is_proven());
/// ```
pub fn quotient(
    reg: &Registry,
    ruleset: &str,
    to: &BigUint,
    qlimits: &QuotientLimits,
    limits: &Limits,
) -> Result<QuotientReport, Error> {
    crate::quotient::of_ruleset(&reg.parse_ruleset(ruleset)?, to, qlimits, limits)
}

/// The rule behind the values of a family, with code that answers any size
/// (`grundy pattern`).
///
/// Arguments: the registry, the family as written (`sub[1,3,4]`, `tb[0.07]`, `wythoff`, a rule
/// script's name), the largest argument N (default [`DEFAULT_TO_1`] or [`DEFAULT_TO_2`]), the
/// limits.
/// Returns: the pattern (its JSON is `grundy pattern --json`), with the census of rare values
/// for a family with a heap table whose values are periodic or have no rule; an input error when the family
/// is not one of one or two integer arguments; a limit when N is above [`PATTERN_LIMIT_1`]
/// ([`PATTERN_LIMIT_KERNEL`] for a family with a heap kernel) or [`PATTERN_LIMIT_2`] or a search is.
/// The pattern is proven only by a theorem the engine applies to that family: a proven
/// period of the heap table (Guy-Smith for take-and-break codes, a repeated window for
/// subtraction sets and custom heap games, G(n) = n for Nim), Whinihan's theorem for
/// `fibnim`, Wythoff's theorem for `wythoff`.
/// Complexity: the family's table (or N + 1 searches, or (N + 1)^2 searches sharing the
/// ruleset's memo), then that of the rule finder.
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let p = grundy::api::pattern(&reg, "sub[1,2]", None, &Default::default()).unwrap();
/// assert_eq!(p.kind(), "periodic");
/// assert!(p.proven);
/// ```
pub fn pattern(
    reg: &Registry,
    family: &str,
    to: Option<&BigUint>,
    limits: &Limits,
) -> Result<Pattern, Error> {
    crate::pattern::of_ruleset(&reg.parse_ruleset(family)?, to, limits)
}

/// A progress task's text fit for one line (a ruleset's name can be 400 KB).
pub use crate::limits::short_task;

/// Play move by move (`grundy play`, Python's `Game`): the legal moves of a position, a move
/// read from what a player types, the perfect opponent, remoteness.
pub use crate::play::{
    has_moves, legal_moves, parse_move, remoteness, Engine, MoveError, MoveList, PlayMove,
    PLAY_BUDGET,
};

/// The largest N of a table held in memory and printed (files take more: see the heap crate).
pub const TABLE_LIMIT: u64 = 50_000_000;

/// Reads a count or size written as in expressions: `1000`, `10^6`.
///
/// Arguments: the text and what it is (`"--to"`, `"to"`) for messages.
/// Returns: the number, or an input error saying what was expected.
/// Example: `parse_natural("10^3", "to").unwrap() == 1000u32.into()`.
pub fn parse_natural(text: &str, what: &str) -> Result<BigUint, Error> {
    match crate::expr::classify_word(text.trim()) {
        Some(Ok(n)) => n
            .to_biguint()
            .ok_or_else(|| Error::input(format!("{what} {text}: must not be negative"))),
        Some(Err(m)) => Err(Error::input(format!("{what} {text}: {m}"))),
        None => Err(Error::input(format!(
            "{what} expects a whole number such as 1000 or 10^6, found '{text}'"
        ))),
    }
}

/// The nim-product of two natural numbers written as arguments are (`8`, `2^64`): the value
/// of a head at (a, b) in Turning Corners.
///
/// Arguments: the two factors as text.
/// Returns: the product, or an input error naming the factor that is not a natural number or
/// is too large for the product.
/// Complexity: about `(bits)^1.6` word operations (the field halved at each level).
/// Example:
/// ```
/// assert_eq!(grundy::api::nim_product("8", "8").unwrap(), 13u32.into());
/// ```
pub fn nim_product(a: &str, b: &str) -> Result<BigUint, Error> {
    let x = parse_natural(a, "the first factor")?;
    let y = parse_natural(b, "the second factor")?;
    crate::families::coins::nim_product(&x, &y)
}

/// Outcome, value and winning moves of the position written `expr`.
///
/// Arguments: the registry of families, the expression, the options.
/// Returns: the analysis (its JSON is `analyze --json`), or an input error with its column,
/// or a limit.
/// Complexity: that of [`analysis::analyze`].
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let a = grundy::api::analyze(&reg, "nim(3,4,5)", &Default::default()).unwrap();
/// assert_eq!(a.outcome, grundy::Outcome::N);
/// ```
pub fn analyze(reg: &Registry, expr: &str, opts: &Options) -> Result<Analysis, Error> {
    let pos = reg.parse(expr)?;
    analysis::analyze(&pos, opts)
}

/// [`analyze`] with the remoteness looked for within `budget` sum states, whatever
/// `opts.remoteness` says: a server answering many requests spends little on this extra
/// (with [`analysis::REMOTENESS_BUDGET`] it is `analyze` with `remoteness: true`).
///
/// Arguments: the registry, the expression, the options, the budget (0: no remoteness).
/// Returns: the analysis, with `remoteness` when the search found it within the budget; the
/// errors of [`analyze`], and cancellation during the remoteness search.
/// Complexity: that of [`analysis::analyze`] plus at most `budget` sum states.
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let a = grundy::api::analyze_within(&reg, "nim(1,1)", &Default::default(), 100).unwrap();
/// assert_eq!(a.remoteness, Some(2));
/// ```
pub fn analyze_within(
    reg: &Registry,
    expr: &str,
    opts: &Options,
    budget: usize,
) -> Result<Analysis, Error> {
    let pos = reg.parse(expr)?;
    let plain = Options {
        remoteness: false,
        ..opts.clone()
    };
    let mut a = analysis::analyze(&pos, &plain)?;
    if budget > 0 && a.outcome != crate::Outcome::D {
        let comps: Vec<_> = pos.components().into_iter().map(|(_, c)| c).collect();
        let limits = opts.limits.clone().with_nodes(budget);
        match crate::solve::remoteness(&comps, opts.play, &limits) {
            Ok(r) => a.remoteness = Some(r.moves),
            Err(Error::Cancelled) => return Err(Error::Cancelled),
            // Past the budget (or a position that may recur): answered without it.
            Err(_) => {}
        }
    }
    Ok(a)
}

/// The nim-values of single heaps 0..=N of a heap ruleset, with the period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The canonical name of the ruleset.
    pub ruleset: String,
    /// `values.get(n)` is G(n), n = 0..=N.
    pub values: grundy_heap::Values,
    /// The period found in these values, if any.
    pub period: Option<Period>,
}

impl Serialize for Table {
    /// `{"ruleset": ..., "values": [...], "period": {...} or null}`, as the CLI spec says.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Vals<'a>(&'a grundy_heap::Values);
        impl Serialize for Vals<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.iter())
            }
        }
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("ruleset", &self.ruleset)?;
        m.serialize_entry("values", &Vals(&self.values))?;
        m.serialize_entry("period", &self.period)?;
        m.end()
    }
}

/// The most threads [`tables`] starts, whatever it is asked: threads beyond a few per core
/// only cost memory, and an absurd count must not make the thread spawner panic.
pub const MAX_TABLE_THREADS: usize = 64;

/// A worker of [`tables`], given to the front's `on_thread` to run.
pub type Worker<'a> = &'a mut (dyn FnMut() + Send);

/// The tables of heaps 0..=`to` of many rulesets at once, on `threads` threads (`None`: one
/// a core; at least one, at most one a ruleset and [`MAX_TABLE_THREADS`]): one table a
/// ruleset, in order.
///
/// Arguments: as [`table`], with the rulesets' texts; `on_thread` runs each worker on its
/// thread (a front whose families need a state per thread wraps it, as Python's keeps a
/// thread state; others call it: `&|work| work()`). Progress counts the rulesets done; each
/// table gets the limits without their progress sink.
/// Returns: the tables, or the first ruleset's error in order, prefixed `in RULESET: `
/// (cancellation stops the workers).
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let rulesets = ["tb[0.07]".to_string(), "tb[0.77]".to_string()];
/// let t = grundy::api::tables(&reg, &rulesets, &300u32.into(), Some(2), &Default::default(), &|work| work())
///     .unwrap();
/// assert_eq!((t[0].period.as_ref().unwrap().period, t[1].period.as_ref().unwrap().period), (34, 12));
/// ```
pub fn tables(
    reg: &Registry,
    rulesets: &[String],
    to: &BigUint,
    threads: Option<usize>,
    limits: &Limits,
    on_thread: &(dyn Fn(Worker<'_>) + Sync),
) -> Result<Vec<Table>, Error> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, rulesets.len().max(1))
        .min(MAX_TABLE_THREADS);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<Table, Error>>>> =
        rulesets.iter().map(|_| Mutex::new(None)).collect();
    let mut inner = limits.clone();
    inner.progress = None;
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                on_thread(&mut || loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(text) = rulesets.get(i) else { break };
                    let r = table(reg, text, to, &inner);
                    let stop = matches!(r, Err(Error::Cancelled));
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(r);
                    }
                    let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                    limits.report("rulesets", d as u64, Some(rulesets.len() as u64));
                    if stop {
                        break;
                    }
                })
            });
        }
    });
    let mut out = Vec::with_capacity(slots.len());
    for (slot, text) in slots.into_iter().zip(rulesets) {
        // A ruleset no worker reached was left by a cancelled run.
        let r = slot
            .into_inner()
            .ok()
            .flatten()
            .unwrap_or(Err(Error::Cancelled));
        out.push(r.map_err(|e| e.context(&format!("in {text}: ")))?);
    }
    Ok(out)
}

/// The table of heaps 0..=`to` of the ruleset written `ruleset`.
///
/// Arguments: the registry, the ruleset text (`tb[0.07]`), the largest heap, the limits
/// (progress reports and cancellation reach the heap kernels).
/// Returns: the table, an input error (not a ruleset, not a one-heap ruleset), or a limit
/// (`to` above [`TABLE_LIMIT`], memory, time).
/// Complexity: that of the family's table (the dense heap kernels for `sub` and `tb`).
/// Example:
/// ```
/// let reg = grundy::Registry::builtin();
/// let t = grundy::api::table(&reg, "tb[0.07]", &300u32.into(), &Default::default()).unwrap();
/// assert_eq!(t.period.unwrap().period, 34);
/// ```
pub fn table(reg: &Registry, ruleset: &str, to: &BigUint, limits: &Limits) -> Result<Table, Error> {
    let r = reg.parse_ruleset(ruleset)?;
    let n = match to.to_u64() {
        Some(v) if v <= TABLE_LIMIT => v,
        _ => {
            return Err(Error::limit(
                Limit::Size,
                format!(
                    "a table to {to} is above the table limit of {TABLE_LIMIT} values; ask for \
                     fewer values, or write a table file"
                ),
            ))
        }
    };
    let Some(t) = r.rules().heap_table(n, limits) else {
        return Err(Error::input(format!(
            "{} is not a one-heap ruleset, so it has no table of heap values; the list of \
             families says which rulesets have one",
            r.name()
        )));
    };
    let t = t?;
    Ok(Table {
        ruleset: r.name().to_string(),
        values: t.values,
        period: t.period,
    })
}

/// One family as `list` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyInfo {
    /// The name used in expressions.
    pub name: String,
    /// Other accepted spellings.
    pub aliases: Vec<String>,
    /// How a position is written.
    pub syntax: String,
    /// The rule in one line.
    pub summary: String,
    /// An example expression.
    pub example: String,
    /// A longer explanation of the notation (codes of take-and-break games), if any.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub help: String,
}

/// Every family of the registry, in order.
pub fn list(reg: &Registry) -> Vec<FamilyInfo> {
    let compounds = crate::compound::families();
    reg.families()
        .chain(compounds.iter())
        .map(|f| FamilyInfo {
            name: f.name.clone(),
            aliases: f.aliases.clone(),
            syntax: f.syntax.clone(),
            summary: f.summary.clone(),
            example: f.example.clone(),
            help: f.help.clone(),
        })
        .collect()
}

/// The explanations of a parsed position, and their parts: see [`explain`].
pub use crate::explain::{explain_position, Block, Explanation, WINDOW_HEAP_LIMIT};
/// An explanation as plain text, and as Markdown (the renderings of [`explain`]'s parts).
pub use crate::explain::{to_markdown as explanation_markdown, to_text as explanation_text};

/// The reasoning behind the position written `expr` (render it with [`explanation_text`] or
/// [`explanation_markdown`]).
pub fn explain(
    reg: &Registry,
    expr: &str,
    play: Play,
    limits: &Limits,
) -> Result<Vec<Explanation>, Error> {
    let pos = reg.parse(expr)?;
    crate::explain::explain_position(&pos, play, limits)
}

/// An explanation as a front hands it out: its title, its blocks (serialized with their
/// `kind`) and the same reasoning rendered as Markdown.
#[derive(Clone, Debug, Serialize)]
pub struct ExplanationReport {
    /// The heading.
    pub title: String,
    /// The body, block by block.
    pub blocks: Vec<crate::explanation::Block>,
    /// The whole explanation as Markdown.
    pub markdown: String,
}

impl From<&Explanation> for ExplanationReport {
    fn from(e: &Explanation) -> Self {
        ExplanationReport {
            title: e.title.clone(),
            blocks: e.blocks.clone(),
            markdown: crate::explain::to_markdown(e),
        }
    }
}

/// The explanations of the position written `expr`, as [`ExplanationReport`]s (the web's
/// `/api/explain` serializes them).
pub fn explain_report(
    reg: &Registry,
    expr: &str,
    play: Play,
    limits: &Limits,
) -> Result<Vec<ExplanationReport>, Error> {
    Ok(explain(reg, expr, play, limits)?
        .iter()
        .map(ExplanationReport::from)
        .collect())
}

/// The value and outcome of every vertex of a graph, or only outcomes under misere play;
/// rows are made one at a time, so that a graph of 10^7 vertices is never copied.
pub struct GraphReport<'g> {
    /// The graph.
    pub graph: &'g grundy_graph::Graph,
    /// The play convention.
    pub play: Play,
    solved: Solved,
}

enum Solved {
    Values(grundy_graph::GraphValues),
    Misere(Vec<crate::Outcome>),
}

/// One vertex of a [`GraphReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VertexRow<'g> {
    /// The vertex name.
    pub vertex: &'g str,
    /// Its value (`0`, `*`, `*3`, `∞(0,1)`); absent under misere play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<crate::Value>,
    /// Its nim-value when finite (null when infinite); absent under misere play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nimber: Option<Option<crate::Nimber>>,
    /// Its outcome.
    pub outcome: crate::Outcome,
}

impl<'g> GraphReport<'g> {
    /// Whether the graph has no cycle (normal play only).
    pub fn acyclic(&self) -> Option<bool> {
        match &self.solved {
            Solved::Values(v) => Some(v.is_acyclic()),
            Solved::Misere(_) => None,
        }
    }

    /// The row of vertex `v`.
    pub fn row(&self, v: u32) -> VertexRow<'g> {
        match &self.solved {
            Solved::Values(values) => {
                let val = values.value(self.graph, v);
                VertexRow {
                    vertex: self.graph.name(v),
                    nimber: Some(val.nimber().cloned()),
                    outcome: val.outcome(),
                    value: Some(val),
                }
            }
            Solved::Misere(o) => VertexRow {
                vertex: self.graph.name(v),
                value: None,
                nimber: None,
                outcome: o.get(v as usize).copied().unwrap_or(crate::Outcome::D),
            },
        }
    }

    /// Every row, in vertex order.
    pub fn rows(&self) -> impl Iterator<Item = VertexRow<'g>> + '_ {
        (0..self.graph.vertex_count() as u32).map(|v| self.row(v))
    }
}

impl Serialize for GraphReport<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Rows<'a, 'g>(&'a GraphReport<'g>);
        impl Serialize for Rows<'_, '_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.rows())
            }
        }
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("vertices", &self.graph.vertex_count())?;
        m.serialize_entry("edges", &self.graph.edge_count())?;
        if let Some(a) = self.acyclic() {
            m.serialize_entry("acyclic", &a)?;
        }
        if self.play == Play::Misere {
            m.serialize_entry("play", &self.play)?;
        }
        m.serialize_entry("values", &Rows(self))?;
        m.end()
    }
}

/// Solves every vertex of a graph (Smith's values), or its misere outcomes.
///
/// Arguments: the graph (read by the front from a file or an upload), the play, the limits.
/// Returns: the report.
/// Complexity: that of [`grundy_graph::solve`] or [`grundy_graph::misere_outcomes`].
pub fn graph_report<'g>(
    g: &'g grundy_graph::Graph,
    play: Play,
    limits: &Limits,
) -> Result<GraphReport<'g>, Error> {
    limits.check()?;
    let solved = match play {
        Play::Misere => Solved::Misere(grundy_graph::misere_outcomes(g)),
        Play::Normal => Solved::Values(grundy_graph::solve(g)),
    };
    Ok(GraphReport {
        graph: g,
        play,
        solved,
    })
}

/// A legal move with what it leaves, for a front that colours moves (`POST /api/moves`).
#[derive(Clone, Debug, Serialize)]
pub struct JudgedMove {
    /// The move in words.
    #[serde(rename = "move")]
    pub text: String,
    /// The canonical text of the position after the move (it parses back).
    pub to: String,
    /// The outcome of that position for the player who moves next.
    pub outcome: crate::Outcome,
    /// Its remoteness, when the engine's search reached it.
    pub remoteness: Option<u64>,
}

/// The legal moves of a position, each judged ([`moves`]).
#[derive(Clone, Debug, Serialize)]
pub struct MovesReport {
    /// The canonical text of the position.
    pub game: String,
    /// The play convention.
    pub play: Play,
    /// The outcome for the player to move.
    pub outcome: crate::Outcome,
    /// Its remoteness, when the engine's search reached it.
    pub remoteness: Option<u64>,
    /// Whether the game is over (no move at all).
    pub over: bool,
    /// Whether `moves` lists every legal move.
    pub complete: bool,
    /// The moves listed (at most the cap).
    pub moves: Vec<JudgedMove>,
}

/// Outcome and remoteness of `pos` for the player to move: the engine's search while it
/// stays within its budget, else the analysis (outcome only).
fn judge(
    engine: &mut Option<crate::play::Engine>,
    pos: &crate::position::Position,
    play: Play,
    limits: &Limits,
) -> Result<(crate::Outcome, Option<u64>), Error> {
    limits.check()?;
    if let Some(e) = engine.as_mut() {
        match e.remoteness(pos) {
            Ok(r) => return Ok((r.outcome, Some(r.moves))),
            Err(Error::Cancelled) => return Err(Error::Cancelled),
            // Too large for the search: stop asking it for this request.
            Err(_) => *engine = None,
        }
    }
    let opts = outcome_only(play, limits);
    Ok((analysis::analyze(pos, &opts)?.outcome, None))
}

/// Options of an analysis asked only for its outcome (no moves, no remoteness; a search that
/// stops at the first winning move where one component needs it).
fn outcome_only(play: Play, limits: &Limits) -> Options {
    Options {
        play,
        limits: limits.clone(),
        max_moves: 0,
        max_render_bytes: 0,
        remoteness: false,
        count: false,
        outcome_only: true,
        memo: analysis::Memo::default(),
    }
}

/// The engine of one play request: a perfect opponent within the play budget.
fn play_engine(play: Play, limits: &Limits) -> crate::play::Engine {
    crate::play::Engine::new(
        play,
        limits
            .clone()
            .with_nodes(crate::play::PLAY_BUDGET.min(limits.max_nodes)),
    )
}

/// The legal moves of a position (at most `cap`), each with the outcome and remoteness of
/// the position it leaves, so that a front can colour them.
///
/// Arguments: the registry, the expression, the play convention, the limits, the cap.
/// Returns: the report, or the first error (a parse error, a limit, cancellation).
/// Complexity: one remoteness search shared by all moves, within the play budget; past it,
/// one analysis per move.
pub fn moves(
    reg: &Registry,
    expr: &str,
    play: Play,
    limits: &Limits,
    cap: usize,
) -> Result<MovesReport, Error> {
    let pos = reg.parse(expr)?;
    let mut engine = Some(play_engine(play, limits));
    let (outcome, remoteness) = judge(&mut engine, &pos, play, limits)?;
    let list = crate::play::legal_moves(&pos, cap);
    let mut moves = Vec::with_capacity(list.moves.len());
    for m in &list.moves {
        let child = m.apply(&pos);
        let (o, r) = judge(&mut engine, &child, play, limits)?;
        moves.push(JudgedMove {
            text: m.text.clone(),
            to: child.to_string(),
            outcome: o,
            remoteness: r,
        });
    }
    Ok(MovesReport {
        game: pos.to_string(),
        play,
        outcome,
        remoteness,
        over: list.moves.is_empty() && list.complete,
        complete: list.complete,
        moves,
    })
}

/// The perfect opponent's move ([`engine_move`]).
#[derive(Clone, Debug, Serialize)]
pub struct EngineMove {
    /// The move in words.
    #[serde(rename = "move")]
    pub text: String,
    /// The canonical text of the position after it.
    pub to: String,
    /// Whether it wins (leaves the opponent a lost position).
    pub wins: bool,
    /// Moves left after it under best play, when the search reached it.
    pub remoteness_after: Option<u64>,
}

/// A position and the engine's move in it (`None`: no move, or no winning move for a hint).
#[derive(Clone, Debug, Serialize)]
pub struct EngineReport {
    /// The canonical text of the position.
    pub game: String,
    /// The move chosen.
    #[serde(rename = "move")]
    pub chosen: Option<EngineMove>,
}

/// The perfect opponent's move in a position; with `hint`, a winning move for the player to
/// move, or `None` when there is none.
///
/// Arguments: the registry, the expression, the play convention, the limits, `hint`.
/// Returns: the report, or the first error.
/// Complexity: one remoteness search within the play budget.
pub fn engine_move(
    reg: &Registry,
    expr: &str,
    play: Play,
    limits: &Limits,
    hint: bool,
) -> Result<EngineReport, Error> {
    let pos = reg.parse(expr)?;
    let mut engine = play_engine(play, limits);
    let choice = if hint {
        engine.hint(&pos)?
    } else {
        engine.choose(&pos)?
    };
    Ok(EngineReport {
        game: pos.to_string(),
        chosen: choice.map(|c| EngineMove {
            text: c.mv.text.clone(),
            to: c.mv.apply(&pos).to_string(),
            wins: c.wins,
            remoteness_after: c.remoteness_after,
        }),
    })
}

#[cfg(test)]
mod play_tests {
    use super::*;

    #[test]
    fn judged_moves_agree_with_the_analysis_of_each_target() {
        let reg = Registry::builtin();
        let limits = Limits::default();
        for (expr, play) in [
            ("nim(1,2,3) + tb[0.07](9)", Play::Normal),
            ("nim(1,1,2)", Play::Misere),
            ("wythoff(3,5)", Play::Normal),
        ] {
            let r = moves(&reg, expr, play, &limits, 1000).unwrap();
            assert!(r.complete && !r.over, "{expr}");
            let opts = Options {
                play,
                ..Options::default()
            };
            assert_eq!(r.outcome, analyze(&reg, expr, &opts).unwrap().outcome);
            for m in &r.moves {
                let a = analyze(&reg, &m.to, &opts).unwrap();
                assert_eq!(m.outcome, a.outcome, "{expr} -> {}", m.to);
            }
            // The engine's move wins exactly when the position is N, and leaves a P-position.
            let e = engine_move(&reg, expr, play, &limits, false).unwrap();
            let chosen = e.chosen.unwrap();
            let after = analyze(&reg, &chosen.to, &opts).unwrap().outcome;
            assert_eq!(chosen.wins, after == crate::Outcome::P, "{expr}");
            assert_eq!(chosen.wins, r.outcome == crate::Outcome::N, "{expr}");
        }
        let over = moves(&reg, "nim(0)", Play::Normal, &limits, 10).unwrap();
        assert!(over.over && over.moves.is_empty());
    }

    #[test]
    fn grid_cells_agree_with_the_analysis_of_each_position() {
        let reg = Registry::builtin();
        let limits = Limits::default();
        for play in [Play::Normal, Play::Misere] {
            let g = grid(&reg, "wythoff", 6, play, &limits).unwrap();
            let opts = Options {
                play,
                ..Options::default()
            };
            for a in 0..6 {
                for b in 0..6 {
                    let an = analyze(&reg, &format!("wythoff({a},{b})"), &opts).unwrap();
                    assert_eq!(g.outcomes[a][b], an.outcome, "({a},{b})");
                    assert_eq!(g.values[a][b], an.nimber, "({a},{b})");
                }
            }
        }
    }
}

/// The values (misere: outcomes only) of `GAME(a, b)` for a, b below a side ([`grid`]).
#[derive(Clone, Debug, Serialize)]
pub struct GridReport {
    /// The canonical name of the ruleset.
    pub game: String,
    /// The side of the grid.
    pub size: u32,
    /// The play convention.
    pub play: Play,
    /// `values[a][b]`: the nim-value of `GAME(a, b)` (`None` under misere play).
    pub values: Vec<Vec<Option<crate::Nimber>>>,
    /// `outcomes[a][b]`: who wins `GAME(a, b)`.
    pub outcomes: Vec<Vec<crate::Outcome>>,
}

/// The grid of two-argument positions `GAME(a, b)`, 0 <= a, b < `size`, for the picture of
/// the P-positions of games such as Wythoff's.
///
/// Arguments: the registry, the ruleset text, the side (the front bounds it), the play
/// convention and the limits.
/// Returns: the grid, or the first error (a position the ruleset refuses, a limit).
/// Complexity: size^2 analyses sharing the ruleset's memo.
pub fn grid(
    reg: &Registry,
    game: &str,
    size: u32,
    play: Play,
    limits: &Limits,
) -> Result<GridReport, Error> {
    let name = reg.parse_ruleset(game)?.name().to_string();
    let n = size as usize;
    let mut values = Vec::with_capacity(n);
    let mut outcomes = Vec::with_capacity(n);
    for a in 0..size {
        let mut vrow = Vec::with_capacity(n);
        let mut orow = Vec::with_capacity(n);
        for b in 0..size {
            limits.check()?;
            let pos = reg.parse(&format!("{name}({a},{b})"))?;
            match play {
                Play::Normal => {
                    let v = analysis::nimber(&pos, limits)?;
                    orow.push(crate::Outcome::of_nimber(&v));
                    vrow.push(Some(v));
                }
                Play::Misere => {
                    let opts = outcome_only(play, limits);
                    orow.push(analysis::analyze(&pos, &opts)?.outcome);
                    vrow.push(None);
                }
            }
        }
        values.push(vrow);
        outcomes.push(orow);
    }
    Ok(GridReport {
        game: name,
        size,
        play,
        values,
        outcomes,
    })
}
