//! What `grundy rules check` reports, for every front: the checked script with its first
//! values, as text or as JSON (serde).

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::script::CheckReport;
use crate::script::ValueBox;
use crate::table::{box_positions, box_values, mex_values, TableError};
use crate::{check, Script};
use std::sync::Arc;

use grundy::rules::{Alone, Theory};
use grundy::solve::Arena;

use crate::{Arity, Datum, Key, Sandbox, ScriptError, ScriptFamily, ScriptRules};

/// The most positions the first values may visit (options may lead above the last one).
const CHECK_POSITIONS: usize = 100_000;

/// About how many positions the box of a family of several numbers holds.
const BOX_POSITIONS: u64 = 400;

/// The most positions of a box whose sides are 0 and 1 (families of 9 numbers).
const BOX_MOST: u64 = 512;

/// The most positions on which `display` and `describe` are tried.
const TEXT_POSITIONS: usize = 400;

/// Checks a script and computes its first values: `G(0)`..`G(to)` for a family of one
/// number, or the values on a box of small positions for a family of k numbers (each number
/// from 0 to a bound that keeps the box a few hundred positions, at most `to`).
///
/// Arguments: the script's text; its origin (a path or `<name>`); the limits of every call;
/// the last position of the first values (the last number of the box's coordinates).
///
/// Returns: the report: name, functions, problems (each with `FILE:LINE:COLUMN` where the
/// source has one), warnings, values (or the box) and the period seen in them. The values
/// come from a plain memoised mex, independent of the engine's solvers; a cycle, options of
/// another game, or an error of the script at some position leave them empty, with a note
/// (in a box, a position the script refuses is left out and marked). The closed forms
/// (`nimber`, `outcome`) are compared with the engine's search on the same positions, and
/// `display` and `describe` are tried on them.
///
/// Complexity: compiling, plus one `moves` call per position reached from the small
/// positions.
///
/// Example:
/// ```
/// let src = "fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }";
/// let r = grundy_script::check_values(src, "games/bash.rhai", &Default::default(), 8);
/// assert!(r.is_ok());
/// assert_eq!(r.values, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
/// ```
pub fn check_values(source: &str, origin: &str, limits: &Sandbox, to: u64) -> CheckReport {
    let mut report = check(source, origin, limits);
    if !report.is_ok() {
        return report;
    }
    let script = match Script::compile(source, origin, limits.clone()) {
        Ok(s) => s,
        Err(e) => {
            report.problems.push(e);
            return report;
        }
    };
    let script = Arc::new(script);
    let positions = small_positions(script.arity(), to);
    check_with_search(&script, &positions, &mut report);
    if !report.is_ok() {
        return report;
    }
    match script.arity() {
        Arity::Fixed(1) => first_values(&script, to, &mut report),
        Arity::Fixed(k) => match box_last(k, to) {
            Some(last) => box_of_values(&script, last, &mut report),
            None => {
                report.values_note = Some(format!(
                    "no first values: a box of small positions of {k} numbers holds more than \
                     {BOX_MOST}; analyze the positions you choose"
                ))
            }
        },
        Arity::All => {
            report.values_note = Some(format!(
                "no first values: a position of this family is an array of any length ({}), \
                 so there is no box of small positions to value; analyze the positions you \
                 choose",
                script.language().declaration("ARITY", &Arity::All.text())
            ))
        }
    }
    if report.is_ok() {
        check_texts(&script, &positions, &mut report);
    }
    report
}

/// The values `G(0)`..`G(to)` of a one-number family into `report`.
fn first_values(script: &Script, to: u64, report: &mut CheckReport) {
    match mex_values(script, to, CHECK_POSITIONS) {
        Ok(values) => {
            let small: Vec<u32> = values
                .iter()
                .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
                .collect();
            report.period = crate::seen_period(&small);
            report.values = values;
        }
        Err(e) => values_failed(
            e,
            " (first values are computed for one-integer positions 0, 1, 2, ...)",
            report,
        ),
    }
}

/// The values on the box of small positions of a family of several numbers into `report`.
fn box_of_values(script: &Script, last: u64, report: &mut CheckReport) {
    match box_values(script, last, CHECK_POSITIONS) {
        Ok(b) => report.grid = Some(b),
        Err(e) => values_failed(e, "", report),
    }
}

/// Why the values could not be computed: a problem when a limit was reached, a note
/// otherwise (`hint` follows a script error).
fn values_failed(e: TableError, hint: &str, report: &mut CheckReport) {
    match e {
        // A limit reached on the first values (an endless loop, a huge array, endless
        // recursion, a game that never ends) is a problem: the family fails the same way
        // in any analysis, and rules.md gives it exit status 3.
        TableError::Script(e) if e.is_limit() => report.problems.push(e),
        // Options of another shape or game, or a cycle, are not wrong; the plain search only
        // does not apply, so every other failure here is a note.
        e => {
            let hint = if matches!(e, TableError::Script(_)) {
                hint
            } else {
                ""
            };
            report.values_note = Some(format!("no first values: {e}{hint}"));
        }
    }
}

/// The last number of each coordinate of the box of a family of `k` numbers: the largest
/// that keeps the box within [`BOX_POSITIONS`] (0 and 1 up to [`BOX_MOST`] positions), and at
/// most `to`; `None` when even 0 and 1 make too many.
fn box_last(k: usize, to: u64) -> Option<u64> {
    let size = |side: u64| u32::try_from(k).ok().and_then(|k| side.checked_pow(k));
    let mut side = 2;
    while size(side + 1).is_some_and(|n| n <= BOX_POSITIONS) {
        side += 1;
    }
    if !size(side).is_some_and(|n| n <= BOX_MOST) {
        return None;
    }
    Some((side - 1).min(to))
}

/// The positions the closed forms and texts are tried on: `0..=to` for one-number families;
/// for families of k numbers, the box of the first values; none for arrays of any length.
fn small_positions(arity: Arity, to: u64) -> Vec<Datum> {
    match arity {
        Arity::Fixed(1) => box_positions(1, to.min(100_000)),
        Arity::Fixed(k) => box_last(k, to).map_or_else(Vec::new, |last| box_positions(k, last)),
        Arity::All => Vec::new(),
    }
}

/// The most positions the search behind the closed-form check may store.
const HOOK_CHECK_POSITIONS: usize = 2_000_000;

/// Compares the script's closed forms (`nimber`, `outcome`) and search hooks (`canonical`,
/// `split`) with the search of its moves on small positions; a disagreement is a problem, a
/// limit of the search is one too.
fn check_with_search(script: &Arc<Script>, positions: &[Datum], report: &mut CheckReport) {
    let closed = script.has_nimber() || script.has_outcome();
    let hooks = script.has_canonical() || script.has_split();
    let what = match (closed, hooks) {
        (false, false) => return,
        (true, false) => "closed forms",
        (false, true) => "search hooks",
        (true, true) => "closed forms and search hooks",
    };
    let searched = ScriptFamily(Arc::new(ScriptRules::shared(script.clone(), false)));
    let hooked = ScriptFamily(Arc::new(ScriptRules::shared(script.clone(), true)));
    let limits = grundy::Limits::default().with_nodes(HOOK_CHECK_POSITIONS);
    let mut arena = Arena::new();
    let mut checked = 0usize;
    if positions.is_empty() {
        report.warnings.push(format!(
            "the {what} were not checked: small positions are generated for a fixed ARITY \
             only; check them with grundy analyze on positions you choose"
        ));
        return;
    }
    for d in positions {
        let p = Key::of(d);
        let mut value = |q: &Key| grundy::rules::arena_value(&mut arena, &searched, q, &limits);
        let v = match value(&p) {
            Ok(v) => v,
            Err(grundy::Error::Limit { .. }) => {
                report.warnings.push(format!(
                    "the {what} were checked on {checked} positions: the search reached \
                     its limit of {HOOK_CHECK_POSITIONS} positions"
                ));
                return;
            }
            // A position the rules refuse (or one with cycles) has nothing to compare.
            Err(_) => continue,
        };
        if hooks {
            if let Err(e) = check_hooks(script, &p, &v, &mut value) {
                report.problems.push(e);
                return;
            }
        }
        if !closed {
            checked += 1;
            continue;
        }
        let shown = d.call_text(script.name());
        let wrong = |hook: &str, said: String, searched: String| ScriptError::WrongClosedForm {
            file: script.file().to_string(),
            hook: hook.to_string(),
            position: shown.clone(),
            said,
            searched,
        };
        match hooked.nimber(&p, &limits) {
            Ok(Some(h)) if h != v => {
                report
                    .problems
                    .push(wrong("nimber", h.to_string(), v.to_string()));
                return;
            }
            Err(e) => {
                report.warnings.push(format!("nimber({shown}) failed: {e}"));
                return;
            }
            _ => {}
        }
        let outcome = if v.is_zero() {
            grundy::Outcome::P
        } else {
            grundy::Outcome::N
        };
        match hooked.outcome_alone(&p, &limits) {
            Ok(Some(o)) if o != outcome => {
                report.problems.push(wrong(
                    "outcome",
                    format!("\"{o}\""),
                    format!("\"{outcome}\" (nim-value {v})"),
                ));
                return;
            }
            Err(e) => {
                report
                    .warnings
                    .push(format!("outcome({shown}) failed: {e}"));
                return;
            }
            _ => {}
        }
        checked += 1;
    }
    report.closed_forms_checked = closed.then_some(checked);
    report.hooks_checked = hooks.then_some(checked);
}

/// Holds `canonical(p)` and `split(p)` against `v`, the value the search finds for `p`:
/// the canonical form must have the same value, and the parts must XOR to it.
///
/// Returns: the problem to report (a hook that failed, or a wrong answer naming `p`).
fn check_hooks(
    script: &Script,
    p: &Key,
    v: &grundy::Nimber,
    value: &mut impl FnMut(&Key) -> Result<grundy::Nimber, grundy::Error>,
) -> Result<(), ScriptError> {
    let text = |q: &Key| {
        q.to_datum()
            .map_or_else(String::new, |d| d.call_text(script.name()))
    };
    let wrong = |hook: &str, said: String| ScriptError::WrongHook {
        file: script.file().to_string(),
        hook: hook.to_string(),
        position: text(p),
        said,
        searched: v.to_string(),
    };
    let mut worth = |parts: &[Key]| -> Result<grundy::Nimber, String> {
        let mut sum = grundy::Nimber::ZERO;
        for q in parts {
            sum ^= &value(q).map_err(|e| format!("which the search cannot value ({e})"))?;
        }
        Ok(sum)
    };
    if let Some(c) = script.canonical(p)? {
        match worth(std::slice::from_ref(&c)) {
            Ok(w) if w == *v => {}
            Ok(w) => return Err(wrong("canonical", format!("{}, worth {w}", text(&c)))),
            Err(why) => return Err(wrong("canonical", format!("{}, {why}", text(&c)))),
        }
    }
    if let Some(parts) = script.split(p)? {
        let shown: Vec<String> = parts.iter().map(text).collect();
        let shown = if shown.is_empty() {
            "no part".to_string()
        } else {
            shown.join(" + ")
        };
        match worth(&parts) {
            Ok(w) if w == *v => {}
            Ok(w) => return Err(wrong("split", format!("{shown}, worth {w} in all"))),
            Err(why) => return Err(wrong("split", format!("{shown}, {why}"))),
        }
    }
    Ok(())
}

/// Tries the script's `display` on the small positions and its `describe` on their moves;
/// a failure is a warning (the default text is shown instead), with the position.
fn check_texts(script: &Script, positions: &[Datum], report: &mut CheckReport) {
    if !script.has_display() && !script.has_describe() {
        return;
    }
    let mut tried = 0usize;
    for p in positions.iter().take(TEXT_POSITIONS) {
        // A position the rules refuse has no texts to try.
        let Ok(options) = script.moves(p) else {
            continue;
        };
        let shown = p.call_text(script.name());
        if script.has_display() {
            if let Err(e) = script.display(p) {
                report.warnings.push(format!(
                    "display({shown}) failed, so the position is shown as {shown}: {e}"
                ));
                return;
            }
        }
        if script.has_describe() {
            for q in &options {
                if let Err(e) = script.describe(p, q) {
                    report.warnings.push(format!(
                        "describe({shown}, {}) failed, so the move is described without it: {e}",
                        q.text(script.name())
                    ));
                    return;
                }
            }
        }
        tried += 1;
    }
    report.texts_checked = Some(tried);
}

impl CheckReport {
    /// The first problem, which decides the exit status of a front (a limit or an error).
    pub fn first_problem(&self) -> Option<&ScriptError> {
        self.problems.first()
    }

    /// The report as text: one fact a line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("file: {}\n", self.file));
        out.push_str(&format!(
            "name: {}\n",
            self.name.as_deref().unwrap_or("(unknown)")
        ));
        out.push_str(&format!(
            "arity: {} ({} a position)\n",
            self.arity.text(),
            self.arity.argument_count()
        ));
        let functions: Vec<String> = self
            .functions
            .iter()
            .map(|f| format!("{}/{}", f.name, f.params))
            .collect();
        out.push_str(&format!("functions: {}\n", functions.join(", ")));
        if self.problems.is_empty() {
            out.push_str("problems: none\n");
        } else {
            out.push_str("problems:\n");
            for p in &self.problems {
                out.push_str(&format!("  {p}\n"));
            }
        }
        for w in &self.warnings {
            out.push_str(&format!("warning: {w}\n"));
        }
        if !self.values.is_empty() {
            let shown: Vec<String> = self.values.iter().map(u64::to_string).collect();
            out.push_str(&format!(
                "values 0..{}: {}\n",
                self.values.len() - 1,
                shown.join(" ")
            ));
            match &self.period {
                Some(p) => out.push_str(&format!(
                    "period: {} from {}{} (seen in these values, not proven)\n",
                    p.period,
                    p.preperiod,
                    if p.saltus == 0 {
                        String::new()
                    } else {
                        format!(", saltus {}", p.saltus)
                    }
                )),
                None => out.push_str("period: none seen\n"),
            }
        }
        if let Some(grid) = &self.grid {
            out.push_str(&grid.to_text(self.name.as_deref().unwrap_or("game")));
        }
        if let Some(note) = &self.values_note {
            out.push_str(&format!("{note}\n"));
        }
        if let Some(n) = self.closed_forms_checked {
            out.push_str(&format!(
                "closed forms: agree with the search on {n} positions\n"
            ));
        }
        if let Some(n) = self.hooks_checked {
            out.push_str(&format!(
                "search hooks: agree with the search on {n} positions\n"
            ));
        }
        if let Some(n) = self.texts_checked {
            out.push_str(&format!(
                "texts: display and describe ran on {n} positions\n"
            ));
        }
        out
    }
}

/// One problem as JSON: its kind, message, and place.
struct Problem<'a>(&'a ScriptError);

impl Serialize for Problem<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut m = s.serialize_map(None)?;
        let kind = if e.is_limit() {
            "limit"
        } else if e.is_cancelled() {
            "cancelled"
        } else {
            "input"
        };
        m.serialize_entry("kind", kind)?;
        m.serialize_entry("message", &e.to_string())?;
        if let Some((line, column)) = e.line_column() {
            m.serialize_entry("line", &line)?;
            m.serialize_entry("column", &column)?;
        }
        if let Some(limit) = e.limit() {
            m.serialize_entry("limit", limit.key())?;
        }
        m.end()
    }
}

impl Serialize for CheckReport {
    /// `{"file", "name", "functions": [{"name", "params"}], "display", "describe", "ok",
    /// "problems": [{"kind", "message", "line", "column"}], "warnings", "values", "period",
    /// "values_note", "closed_forms_checked", "box": {"arity", "last", "values", "refused"},
    /// "hooks_checked", "texts_checked"}`, the last four only when there is something to
    /// say.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct F<'a> {
            name: &'a str,
            params: usize,
        }
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("file", &self.file)?;
        m.serialize_entry("name", &self.name)?;
        match self.arity {
            Arity::Fixed(k) => m.serialize_entry("arity", &k)?,
            Arity::All => m.serialize_entry("arity", "all")?,
        }
        let fs: Vec<F<'_>> = self
            .functions
            .iter()
            .map(|f| F {
                name: &f.name,
                params: f.params,
            })
            .collect();
        m.serialize_entry("functions", &fs)?;
        m.serialize_entry("display", &self.has_display)?;
        m.serialize_entry("describe", &self.has_describe)?;
        m.serialize_entry("ok", &self.is_ok())?;
        let ps: Vec<Problem<'_>> = self.problems.iter().map(Problem).collect();
        m.serialize_entry("problems", &ps)?;
        m.serialize_entry("warnings", &self.warnings)?;
        m.serialize_entry("values", &self.values)?;
        m.serialize_entry("period", &self.period)?;
        m.serialize_entry("values_note", &self.values_note)?;
        if let Some(n) = self.closed_forms_checked {
            m.serialize_entry("closed_forms_checked", &n)?;
        }
        if let Some(grid) = &self.grid {
            m.serialize_entry("box", grid)?;
        }
        if let Some(n) = self.hooks_checked {
            m.serialize_entry("hooks_checked", &n)?;
        }
        if let Some(n) = self.texts_checked {
            m.serialize_entry("texts_checked", &n)?;
        }
        m.end()
    }
}

impl ValueBox {
    /// The box as text: a line for each position of its numbers but the last (`NAME(a, *)`),
    /// with the values as the last number runs from 0; `-` where the script refuses the
    /// position, `?` where the search stopped before it, and the first of each named.
    pub fn to_text(&self, name: &str) -> String {
        let positions = box_positions(self.arity, self.last);
        let side = usize::try_from(self.last).map_or(usize::MAX, |l| l.saturating_add(1));
        let cell = |i: usize| match self.values.get(i) {
            Some(Some(v)) => v.to_string(),
            Some(None) => "-".to_string(),
            None => "?".to_string(),
        };
        let width = (0..positions.len())
            .map(|i| cell(i).len())
            .max()
            .unwrap_or(1);
        let mut out = format!(
            "values 0..{} in each of {} numbers ({} positions, the last number across):\n",
            self.last,
            self.arity,
            positions.len(),
        );
        for start in (0..positions.len()).step_by(side.max(1)) {
            let first = positions[start].call_text(name);
            let head = match first.rfind(',') {
                Some(i) if self.arity > 1 => format!("{}, *)", &first[..i]),
                _ => format!("{name}(*)"),
            };
            let cells: Vec<String> = (start..(start + side).min(positions.len()))
                .map(|i| format!("{:>width$}", cell(i)))
                .collect();
            out.push_str(&format!("  {head}: {}\n", cells.join(" ")));
        }
        if let Some((position, e)) = &self.refused {
            out.push_str(&format!(
                "refused: {position} and every position marked - ({e})\n"
            ));
        }
        if let Some((position, e)) = &self.stopped {
            out.push_str(&format!(
                "stopped: {position} and every position marked ? were not valued: {e}; small \
                 numbers of this game lead far, so analyze the positions you choose\n"
            ));
        }
        out
    }
}

impl Serialize for ValueBox {
    /// `{"arity", "last", "values", "refused", "stopped"}`: `values` nested `arity` deep, the
    /// last number innermost, `null` where the script refuses the position or the search
    /// stopped before it; `refused` and `stopped` the first such position and the message, or
    /// `null`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let side = usize::try_from(self.last).map_or(usize::MAX, |l| l.saturating_add(1));
        let count = box_positions(self.arity, self.last).len();
        let mut all = self.values.clone();
        all.resize(count, None);
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("arity", &self.arity)?;
        m.serialize_entry("last", &self.last)?;
        m.serialize_entry(
            "values",
            &Nested {
                values: &all,
                side,
                depth: self.arity,
            },
        )?;
        m.serialize_entry("refused", &at(&self.refused))?;
        m.serialize_entry("stopped", &at(&self.stopped))?;
        m.end()
    }
}
/// A position of a box and the script's message there, as JSON.
#[derive(serde::Serialize)]
struct At<'a> {
    position: &'a str,
    message: String,
}

fn at(x: &Option<(String, ScriptError)>) -> Option<At<'_>> {
    x.as_ref().map(|(p, e)| At {
        position: p,
        message: e.to_string(),
    })
}

/// A box's values as arrays nested `depth` deep.
struct Nested<'a> {
    values: &'a [Option<u64>],
    side: usize,
    depth: usize,
}

impl Serialize for Nested<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.depth <= 1 {
            return self.values.serialize(s);
        }
        let chunk = self.values.len() / self.side.max(1);
        let parts: Vec<Nested<'_>> = self
            .values
            .chunks(chunk.max(1))
            .map(|values| Nested {
                values,
                side: self.side,
                depth: self.depth - 1,
            })
            .collect();
        parts.serialize(s)
    }
}
