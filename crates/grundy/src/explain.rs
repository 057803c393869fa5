//! Explanations: the reasoning behind a value, step by step as a teacher would write it on a slide: the rule that applies, the values it gives, the XOR, the move that wins.
//!
//! Families describe their reasoning as [`Explanation`]s through the
//! [`crate::rules::Ruleset::explain`] hook; the renderers here turn them into plain text or
//! Markdown. **Boundary:** families build blocks, never strings with layout.

pub use crate::explanation::{Block, Explanation};

use std::collections::HashSet;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{self, Analysis, Options, Rule, Source};
use crate::position::{Component, Position};
use crate::rules::{heap_size, Arg, DynRuleset, HeapTable};
use crate::solve::{Error, Limits};
use crate::{Nimber, Outcome, Play};

/// The most components whose own explanation (hook, heap window) is shown.
const MAX_COMPONENT_EXPLANATIONS: usize = 8;

/// The most rows of the binary column table (the XOR row always covers every component).
const MAX_ROWS: usize = 24;

/// The largest heap whose neighbourhood of values is tabulated.
pub const WINDOW_HEAP_LIMIT: u64 = 1_000_000;

/// The reasoning behind a position's outcome, value and winning moves.
///
/// Arguments: a position, the play convention and the search limits.
/// Returns: explanations in reading order: first each distinct component's own reasoning (its
/// family's [`crate::rules::Theory::explain`] hook, else the values around a heap with their period, else
/// the mex of its options), then the sum: the binary column table of the values, their XOR,
/// which component to change and to what, and why the others cannot be changed that way.
/// Under misere play: Bouton's misere rule for Nim, else the outcome of the searched sum.
/// Complexity: one value per component and one analysis of the position; heap windows cost a
/// table up to the heap size (tabulated only up to [`WINDOW_HEAP_LIMIT`]).
/// Example: `explain_position(&parse("nim(3,4,5)")?, Play::Normal, &Limits::default())` shows
/// the columns 011, 100, 101 and XOR 010, and the one winning move 3 -> 1.
pub fn explain_position(
    pos: &Position,
    play: Play,
    limits: &Limits,
) -> Result<Vec<Explanation>, Error> {
    let opts = Options {
        play,
        limits: limits.clone(),
        max_moves: 20,
        ..Options::default()
    };
    let a = analysis::analyze(pos, &opts)?;
    if a.rule == Rule::Loopy {
        // A game with cycles, or a rule script's positions that met one.
        return Ok(vec![explain_loopy(pos, &a, limits)?]);
    }
    let comps = pos.components();
    let mut out = Vec::new();
    if play == Play::Normal {
        let sources = match &a.rule {
            Rule::Xor { sources, .. } => sources.as_slice(),
            _ => &[],
        };
        let mut seen = HashSet::new();
        for (i, (_, c)) in comps.iter().enumerate() {
            if out.len() >= MAX_COMPONENT_EXPLANATIONS {
                break;
            }
            if seen.insert(c.clone()) {
                if let Some(e) = explain_component(c, sources.get(i).copied(), limits)? {
                    out.push(e);
                }
            }
        }
    }
    let moves: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| format!("{}    ({})", m.shown(), m.text))
        .collect();
    let total = a.winning_moves_total.clone();
    let more = total
        .as_ref()
        .map(|t| t - BigUint::from(a.winning_moves.len()))
        .filter(|m| *m > BigUint::default());
    let mut sum = Explanation {
        title: format!("The whole position: {}", short(&pos.shown())),
        blocks: Vec::new(),
    };
    sum_by_rule(&comps, &a, &mut sum);
    if a.outcome == Outcome::N {
        sum.blocks.push(Block::Para(match &total {
            Some(t) => format!("Winning moves ({t}):"),
            None => "Winning moves (not all counted):".to_string(),
        }));
        let mut items = moves;
        if let Some(more) = more {
            items.push(format!("... and {more} more"));
        }
        sum.blocks.push(Block::List(items));
    } else if a.outcome == Outcome::P {
        sum.blocks.push(Block::Para(
            "There is no winning move: every move hands the opponent a winning position."
                .to_string(),
        ));
    }
    out.push(sum);
    Ok(out)
}

/// A long text cut for titles (a million-heap position stays one line).
fn short(s: &str) -> String {
    if s.chars().count() <= 80 {
        return s.to_string();
    }
    let head: String = s.chars().take(77).collect();
    format!("{head}...")
}

/// The text of one component, e.g. `nim(3)` or `*2`.
fn component_text(c: &Component) -> String {
    match c {
        Component::Star(n) => n.star(),
        Component::Of(..) => short(&c.describe()),
    }
}

/// One component's reasoning: its family's own, else the heap window (narrating how the
/// analysis found the value, `source`, when it recorded one), else the mex of its options.
fn explain_component(
    c: &Component,
    source: Option<Source>,
    limits: &Limits,
) -> Result<Option<Explanation>, Error> {
    let Component::Of(r, s) = c else {
        return Ok(None);
    };
    let rules = r.rules();
    if let Some(e) = rules.explain(s) {
        return Ok(Some(e));
    }
    let args = rules.args(s);
    // One whole-number argument: a heap (a rule script's option of another family or its
    // copies, `game(...)` and `copies(...)`, is one argument that is not a number).
    let is_heap = matches!(args.as_slice(), [Arg::Int(_)]) && rules.heap_table(0, limits).is_some();
    if is_heap {
        // A Nim heap is the nimber of its size: the sum's columns say all there is.
        if source == Some(Source::Nimber) {
            return Ok(None);
        }
        let n = heap_size(&args);
        return Ok(Some(heap_window(c, rules, &n, source, limits)?));
    }
    options_mex(c, limits)
}

/// The values of the heaps around `n`, their period, and the mex at `n`; a heap beyond the
/// tables by the method that gave its value (`source`).
fn heap_window(
    c: &Component,
    rules: &dyn DynRuleset,
    n: &BigUint,
    source: Option<Source>,
    limits: &Limits,
) -> Result<Explanation, Error> {
    let name = rules.name();
    let value = analysis::component_nimber(c, limits)?;
    let mut e = Explanation {
        title: format!("{}: one heap of {n}", name),
        blocks: vec![Block::Para(
            "SG(x) = mex{SG(y) : y reachable from x in one move}: the least value that no \
             move reaches. SG(x) = 0 exactly at the P-positions (the player to move loses)."
                .to_string(),
        )],
    };
    let Some(k) = n.to_u64().filter(|&k| k <= WINDOW_HEAP_LIMIT) else {
        let how = match source {
            Some(Source::ClosedForm) => "the closed form proven for",
            Some(Source::Period) => "the period proven for",
            Some(Source::Pieces) => "the periodic pieces proven for",
            _ => "the theory of",
        };
        e.blocks.push(Block::Para(format!(
            "The heap {n} is beyond the tables; its value SG({n}) = {value} comes from {how} \
             {name}."
        )));
        return Ok(e);
    };
    let upto = (k + 6).max(40);
    let table: HeapTable = match rules.heap_table(upto, limits) {
        Some(t) => t?,
        None => return Ok(e),
    };
    let lo = k.saturating_sub(8);
    let hi = (k + 6).min(table.values.len() as u64 - 1);
    let mut header = vec!["x".to_string()];
    let mut row = vec!["SG(x)".to_string()];
    let mut pn = vec!["N/P".to_string()];
    for i in lo..=hi {
        let v = table.values.get(i as usize).unwrap_or(0);
        header.push(if i == k {
            format!("[{i}]")
        } else {
            i.to_string()
        });
        row.push(v.to_string());
        pn.push(if v == 0 { "P" } else { "N" }.to_string());
    }
    e.blocks.push(Block::Table {
        header,
        rows: vec![row, pn],
    });
    let (period, proven) = match table.period {
        Some(p) => {
            let proven = p.proven;
            (Some(p), proven)
        }
        None if table.values.len() <= SEEN_PERIOD_LIMIT => {
            (grundy_heap::seen_period(&table.values), false)
        }
        None => (None, false),
    };
    if let Some(p) = period {
        let how = if proven {
            "proven for every heap size".to_string()
        } else {
            format!("seen in heaps 0..{}, not proven", table.values.len() - 1)
        };
        let mut text = format!(
            "The values repeat with period {} from heap {} on ({how})",
            p.period, p.preperiod
        );
        if p.saltus != 0 {
            text.push_str(&format!(", each period adding {}", p.saltus));
        }
        if p.saltus == 0 && k >= p.preperiod {
            let r = p.preperiod + (k - p.preperiod) % p.period;
            text.push_str(&format!(
                ": SG({k}) = SG({r}) = {}, since ({k} - {}) mod {} = {}",
                table.values.get(r as usize).unwrap_or(0),
                p.preperiod,
                p.period,
                r - p.preperiod
            ));
        }
        text.push('.');
        e.blocks.push(Block::Para(text));
    }
    if let Some(b) = mex_block(c, limits)? {
        e.blocks.push(b);
    }
    e.blocks.push(Block::Para(format!(
        "So SG({k}) = {value}: {}.",
        if value.is_zero() {
            "alone, this heap is lost for the player to move"
        } else {
            "alone, this heap is won by the player to move"
        }
    )));
    Ok(e)
}

/// The longest table in which [`grundy_heap::seen_period`] looks for a period the family did
/// not give: its search is quadratic at worst, and the heap kernels' own period search has
/// already looked at longer tables.
const SEEN_PERIOD_LIMIT: usize = 4096;

/// `SG(x) = mex{...}` over the options of a small component, as a computation line.
fn mex_block(c: &Component, limits: &Limits) -> Result<Option<Block>, Error> {
    use crate::Game;
    if c.searchable().is_err() {
        return Ok(None);
    }
    let Component::Of(r, s) = c else {
        return Ok(None);
    };
    let moves = r.rules().options(s, limits)?;
    if moves.is_empty() || moves.len() > 16 {
        return Ok(None);
    }
    let mut lines = Vec::new();
    let mut values = Vec::new();
    for m in &moves {
        let mut v = Nimber::ZERO;
        let mut parts = Vec::new();
        for st in m {
            let part = Component::Of(r.clone(), st.clone());
            let x = analysis::component_nimber(&part, limits)?;
            parts.push(format!("SG({}) = {x}", component_text(&part)));
            v ^= &x;
        }
        let how = if parts.len() > 1 {
            format!("{} -> {}", parts.join(" XOR "), v)
        } else {
            parts.join("")
        };
        lines.push(format!("{:<40} {how}", r.rules().describe(s, m)));
        values.push(v);
    }
    let mut set: Vec<Nimber> = values.clone();
    set.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    set.dedup();
    let list: Vec<String> = set.iter().map(|v| v.to_string()).collect();
    lines.push(format!(
        "mex{{{}}} = {}",
        list.join(", "),
        crate::mex(&values)
    ));
    Ok(Some(Block::Pre(lines)))
}

fn options_mex(c: &Component, limits: &Limits) -> Result<Option<Explanation>, Error> {
    let Some(b) = mex_block(c, limits)? else {
        return Ok(None);
    };
    Ok(Some(Explanation {
        title: component_text(c),
        blocks: vec![
            Block::Para("SG(x) = mex of the values of the positions one move away:".to_string()),
            b,
        ],
    }))
}

fn binary(v: &Nimber, width: usize) -> String {
    let s = v.to_biguint().to_str_radix(2);
    format!("{s:0>width$}")
}

/// The sum's reasoning, as the analysis found it ([`Rule`]).
fn sum_by_rule(comps: &[(crate::position::Place, Component)], a: &Analysis, e: &mut Explanation) {
    let who = if a.outcome == Outcome::P {
        "the player to move loses"
    } else {
        "the player to move wins"
    };
    let text = match &a.rule {
        Rule::Xor { parts, sources } => return sum_normal(comps, parts, sources, e),
        Rule::MisereNim { heaps } => return misere_nim(heaps, who, e),
        Rule::OutcomeAlone { part } => format!(
            "The nim-value of {} is out of reach at this size, so there is no XOR table; the \
             outcome comes from the family's closed form above.",
            comps
                .get(*part)
                .map_or(String::new(), |(_, c)| component_text(c))
        ),
        Rule::MisereAlone { family } => format!(
            "Misere play: the player who cannot move wins. One position of {family} alone has \
             a closed form in misere play (see the family's rule), so nothing was searched: \
             {who}."
        ),
        Rule::MisereQuotient => format!(
            "Misere play: the player who cannot move wins. Misere values do not add like \
             nim-values, but the heaps of one ruleset multiply in its misere quotient{}. So \
             {who}.",
            a.method
                .as_deref()
                .map_or(String::new(), |m| format!(": here the {m}"))
        ),
        Rule::MisereSearch => format!(
            "Misere play: the player who cannot move wins. Misere values do not add like \
             nim-values, so the whole sum was searched: {who}."
        ),
        Rule::Loopy => format!(
            "The positions may recur, so the game was solved by retrograde analysis: {who}."
        ),
    };
    e.blocks.push(Block::Para(text));
}

/// The binary column table of the parts' values, their XOR, and which part to change.
fn sum_normal(
    comps: &[(crate::position::Place, Component)],
    values: &[Nimber],
    sources: &[Source],
    e: &mut Explanation,
) {
    let x = crate::nim_sum(values.iter());
    let width = values
        .iter()
        .chain(std::iter::once(&x))
        .map(|v| v.to_biguint().bits() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    e.blocks.push(Block::Para(
        "Sprague-Grundy theorem: the value of a sum is the XOR (addition without carry) of the \
         values of its parts, and the player to move wins exactly when it is not 0. Write the \
         values in binary, one per line, and XOR each column (a column's XOR bit is 1 when it \
         has an odd number of 1s):"
            .to_string(),
    ));
    let labels: Vec<String> = comps.iter().map(|(_, c)| component_text(c)).collect();
    let lw = labels
        .iter()
        .take(MAX_ROWS)
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    let mut lines = Vec::new();
    for (l, v) in labels.iter().zip(values).take(MAX_ROWS) {
        lines.push(format!("{l:<lw$}  {}   ({v})", binary(v, width)));
    }
    if comps.len() > MAX_ROWS {
        lines.push(format!("{:<lw$}  ... {} more", "", comps.len() - MAX_ROWS));
    }
    lines.push(format!("{:<lw$}  {}", "", "-".repeat(width)));
    lines.push(format!("{:<lw$}  {}   ({x})", "XOR", binary(&x, width)));
    e.blocks.push(Block::Pre(lines));
    if x.is_zero() {
        e.blocks.push(Block::Para(
            "The XOR is 0: a P-position, the player to move loses. A move changes exactly one \
             part's value, and changing one number of an XOR always changes the XOR, so every \
             move leaves the opponent a nonzero XOR, from which the opponent restores 0."
                .to_string(),
        ));
        return;
    }
    let d = x.to_biguint().bits() - 1;
    e.blocks.push(Block::Para(format!(
        "The XOR is {x} = {} in binary: an N-position, the player to move wins by making the \
         XOR 0 again. A part of value v must become v XOR {x}; that is smaller than v exactly when v \
         has a 1 in the highest column where the XOR has one (the column of 2^{d}), and the \
         mex rule guarantees that every smaller value is one move away.",
        binary(&x, width)
    )));
    let mut items = Vec::new();
    let mut seen = HashSet::new();
    for (((l, v), (_, c)), source) in labels.iter().zip(values).zip(comps).zip(sources) {
        if items.len() >= MAX_ROWS || !seen.insert(c.clone()) {
            continue;
        }
        let t = v ^ &x;
        if t < *v {
            items.push(format!(
                "{l}: {v} XOR {x} = {t} < {v}, so change it to a position of value {t}"
            ));
        } else {
            let why = match c {
                Component::Star(_) => "a nimber can only become smaller".to_string(),
                Component::Of(..) if *source == Source::Nimber => {
                    format!("a heap of {v} can only shrink, never become {t}")
                }
                Component::Of(..) => format!(
                    "only an option of value exactly {t} would do, and the mex rule does not \
                     promise one (any that exists is listed below)"
                ),
            };
            items.push(format!(
                "{l}: {v} XOR {x} = {t} > {v} (no 1 in the column of 2^{d}): {why}"
            ));
        }
    }
    e.blocks.push(Block::List(items));
}

/// Bouton's misere rule on the heaps of a misere Nim position.
fn misere_nim(heaps: &[Nimber], who: &str, e: &mut Explanation) {
    let one = Nimber::new(1);
    let big = heaps.iter().filter(|h| **h > one).count();
    let ones = heaps.iter().filter(|h| **h == one).count();
    let x = crate::nim_sum(heaps.iter());
    e.blocks.push(Block::Para(
        "Misere Nim (Bouton): the one who takes the last counter loses. While some heap \
         has 2 or more, play exactly as in normal Nim (make the XOR 0); the only change \
         is at the end: when your move would leave only heaps of 1, leave an odd number \
         of them instead of an even one."
            .to_string(),
    ));
    let text = if big == 0 {
        format!(
            "Every heap is 0 or 1, and there are {ones} heaps of 1: {} number, so {who}.",
            if ones % 2 == 1 { "an odd" } else { "an even" }
        )
    } else {
        format!("{big} heap(s) have 2 or more, and the XOR of the heaps is {x}, so {who}.")
    };
    e.blocks.push(Block::Para(text));
}

/// Renders explanations as plain text: a title underlined, paragraphs wrapped at 90 columns,
/// tables aligned, preformatted lines indented.
pub fn to_text(e: &Explanation) -> String {
    let mut out = String::new();
    out.push_str(&e.title);
    out.push('\n');
    out.push_str(&"=".repeat(e.title.chars().count().min(90)));
    out.push('\n');
    for b in &e.blocks {
        out.push('\n');
        match b {
            Block::Para(p) => {
                out.push_str(&wrap(p, 90, ""));
            }
            Block::Table { header, rows } => {
                let all: Vec<&Vec<String>> = std::iter::once(header).chain(rows.iter()).collect();
                let cols = all.iter().map(|r| r.len()).max().unwrap_or(0);
                let widths: Vec<usize> = (0..cols)
                    .map(|i| {
                        all.iter()
                            .filter_map(|r| r.get(i))
                            .map(|c| c.chars().count())
                            .max()
                            .unwrap_or(0)
                    })
                    .collect();
                for (k, r) in all.iter().enumerate() {
                    let cells: Vec<String> = r
                        .iter()
                        .enumerate()
                        .map(|(i, c)| format!("{c:>w$}", w = widths[i]))
                        .collect();
                    out.push_str("  ");
                    out.push_str(cells.join(" | ").trim_end());
                    out.push('\n');
                    if k == 0 {
                        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
                        out.push_str("  ");
                        out.push_str(&rule.join("-+-"));
                        out.push('\n');
                    }
                }
            }
            Block::Pre(lines) => {
                for l in lines {
                    out.push_str("    ");
                    out.push_str(l);
                    out.push('\n');
                }
            }
            Block::List(items) => {
                for i in items {
                    out.push_str(&wrap(i, 90, "  - "));
                }
            }
        }
    }
    out
}

/// Renders explanations as Markdown (for notes and slides): `##` title, pipe tables, fenced
/// preformatted blocks, bullet lists.
pub fn to_markdown(e: &Explanation) -> String {
    let mut out = format!("## {}\n", e.title);
    for b in &e.blocks {
        out.push('\n');
        match b {
            Block::Para(p) => {
                out.push_str(p);
                out.push('\n');
            }
            Block::Table { header, rows } => {
                let cell = |c: &String| c.replace('|', "\\|");
                out.push_str(&format!(
                    "| {} |\n",
                    header.iter().map(cell).collect::<Vec<_>>().join(" | ")
                ));
                out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
                for r in rows {
                    out.push_str(&format!(
                        "| {} |\n",
                        r.iter().map(cell).collect::<Vec<_>>().join(" | ")
                    ));
                }
            }
            Block::Pre(lines) => {
                out.push_str("```text\n");
                for l in lines {
                    out.push_str(l);
                    out.push('\n');
                }
                out.push_str("```\n");
            }
            Block::List(items) => {
                for i in items {
                    out.push_str(&format!("- {i}\n"));
                }
            }
        }
    }
    out
}

/// Wraps a paragraph at `width` columns; the first line starts with `bullet`, the others are
/// indented as far.
fn wrap(text: &str, width: usize, bullet: &str) -> String {
    let indent = " ".repeat(bullet.chars().count());
    let mut out = String::new();
    let mut line = bullet.to_string();
    let mut empty = true;
    for w in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + w.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = indent.clone();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(w);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A sum with components of a game with cycles: Smith's values and his rules for sums.
fn explain_loopy(pos: &Position, a: &Analysis, limits: &Limits) -> Result<Explanation, Error> {
    let mut rows = Vec::new();
    for (_, c) in pos.components().iter().take(MAX_COMPONENT_EXPLANATIONS) {
        let v = match c {
            Component::Of(r, s) => match r.rules().loopy_value(s) {
                Some(v) => v,
                None => crate::Value::Finite(analysis::component_nimber(c, limits)?),
            },
            Component::Star(n) => crate::Value::Finite(n.clone()),
        };
        let label = c.describe();
        rows.push(vec![short(&label), v.to_string(), v.outcome().to_string()]);
    }
    let mut blocks = vec![
        Block::Para(
            "Play can go on forever here, so values are Smith's generalized Sprague-Grundy \
             values: a vertex has the finite value m when it can move to every smaller value, \
             cannot move to m, and every move to something larger (or infinite) can be answered \
             by a move back to m; the rest have the value ∞(K), K the finite values one move \
             away. ∞(K) is a win for the player to move when 0 is in K, a draw otherwise."
                .to_string(),
        ),
        Block::Table {
            header: vec!["part".into(), "value".into(), "outcome".into()],
            rows,
        },
        Block::Para(
            "Smith's rules for a sum: finite values add by XOR as in Nim; one ∞(K) plus a finite \
             part a is ∞(K XOR a), a win exactly when a is in K; two or more infinite parts \
             make a draw."
                .to_string(),
        ),
    ];
    let value = a.value.as_ref().map(|v| v.to_string()).unwrap_or_default();
    blocks.push(Block::Para(format!(
        "The whole position has the value {value}: outcome {}.",
        a.outcome
    )));
    let list = |ms: &[analysis::PositionMove]| -> Vec<String> {
        ms.iter()
            .map(|m| format!("{}    ({})", short(m.shown()), m.text))
            .collect()
    };
    if !a.winning_moves.is_empty() {
        let total = a
            .winning_moves_total
            .as_ref()
            .map_or("not all counted".to_string(), |t| t.to_string());
        blocks.push(Block::Para(format!(
            "Winning moves ({total}), each to a position lost for the opponent:"
        )));
        blocks.push(Block::List(list(&a.winning_moves)));
    }
    if !a.drawing_moves.is_empty() {
        blocks.push(Block::Para(format!(
            "No move wins; these {} moves keep the draw (any other lets the opponent win):",
            a.drawing_moves_total
        )));
        blocks.push(Block::List(list(&a.drawing_moves)));
    }
    Ok(Explanation {
        title: format!("The whole position: {}", short(&pos.shown())),
        blocks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn text(s: &str, play: Play) -> String {
        let pos = parse(s).unwrap();
        explain_position(&pos, play, &Limits::default())
            .unwrap()
            .iter()
            .map(to_text)
            .collect::<Vec<_>>()
            .join("\n")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn nim_345_columns_and_single_winning_move() {
        let t = text("nim(3,4,5)", Play::Normal);
        for needle in [
            "011",
            "100",
            "101",
            "XOR 010",
            "nim(1,4,5)",
            "4 XOR 2 = 6 > 4",
        ] {
            assert!(t.contains(needle), "missing {needle} in\n{t}");
        }
        assert!(t.contains("Winning moves (1)"), "{t}");
        assert!(!t.contains("nim(3,2,5)"), "{t}");
    }

    #[test]
    fn bash_window_shows_period() {
        let t = text("sub[1..3](10)", Play::Normal);
        assert!(t.contains("period 4"), "{t}");
        assert!(t.contains("SG(10) = SG(2) = 2"), "{t}");
        // A subtraction game whose first values are the heaps themselves is not Nim: its
        // window is shown (it was left out when the first five values decided "Nim").
        let t = text("sub[1..4](7)", Play::Normal);
        assert!(t.contains("period 5"), "{t}");
        assert!(t.contains("SG(7) = SG(2) = 2"), "{t}");
        // A Nim heap is its own value: no window, the sum's columns say it.
        let t = text("nim(7) + sub[1..4](7)", Play::Normal);
        assert_eq!(t.matches(": one heap of 7").count(), 1, "{t}");
    }

    #[test]
    fn markdown_has_fences_and_tables() {
        let pos = parse("sub[1,3,4](7) + nim(2)").unwrap();
        let md: String = explain_position(&pos, Play::Normal, &Limits::default())
            .unwrap()
            .iter()
            .map(to_markdown)
            .collect();
        assert!(md.contains("## "), "{md}");
        assert!(md.contains("```text"), "{md}");
        assert!(md.contains("|---|"), "{md}");
    }

    #[test]
    fn misere_nim_explains_bouton() {
        let t = text("nim(1,1,1)", Play::Misere);
        assert!(t.contains("3 heaps of 1"), "{t}");
        assert!(t.contains("loses"), "{t}");
    }
}
