//! What `grundy rules check` reports, for every front: the checked script with its first
//! values, as text or as JSON (serde).

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::script::CheckReport;
use crate::table::{mex_values, TableError};
use crate::{check, Script};
use std::sync::Arc;

use grundy::rules::{Alone, Theory};
use grundy::solve::Arena;

use crate::{Arity, Key, Limits, ScriptError, ScriptFamily, ScriptRules};

/// The most positions the first values may visit (options may lead above the last one).
const CHECK_POSITIONS: usize = 100_000;

/// Checks a script and computes its first values `G(0)`..`G(to)` when it is usable and its
/// positions are single integers.
///
/// Arguments: the script's text; its origin (a path or `<name>`); the limits of every call;
/// the last position of the first values.
///
/// Returns: the report: name, functions, problems (each with `FILE:LINE:COLUMN` where the
/// source has one), warnings, values and the period seen in them. The values come from a
/// plain memoised mex, independent of the engine's solvers; a cycle, options that are not
/// integers, or an error of the script at some position leave them empty, with a note.
///
/// Complexity: compiling, plus one `moves` call per position reached from `0..=to`.
///
/// Example:
/// ```
/// let src = "fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }";
/// let r = grundy_script::check_values(src, "games/bash.rhai", &Default::default(), 8);
/// assert!(r.is_ok());
/// assert_eq!(r.values, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
/// ```
pub fn check_values(source: &str, origin: &str, limits: &Limits, to: u64) -> CheckReport {
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
    if script.has_nimber() || script.has_outcome() {
        check_closed_forms(&script, to, &mut report);
        if !report.is_ok() {
            return report;
        }
    }
    if script.arity() != Arity::Fixed(1) {
        report.values_note = Some(format!(
            "no first values: they are computed for families of one argument, and a position \
             of this family has {} (const ARITY = {})",
            script.arity().argument_count(),
            script.arity().text()
        ));
        return report;
    }
    match mex_values(script.as_ref(), to, CHECK_POSITIONS) {
        Ok(values) => {
            let small: Vec<u32> = values
                .iter()
                .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
                .collect();
            report.period = crate::seen_period(&small);
            report.values = values;
        }
        // A limit reached on the first values (an endless loop, a huge array, endless
        // recursion, a game that never ends) is a problem: the family fails the same way
        // in any analysis, and rules.md gives it exit status 3.
        Err(TableError::Script(e)) if e.is_limit() => report.problems.push(e),
        // A script whose positions are not integers is not wrong; the first values only
        // apply to one-integer families, so every other failure here is a note.
        Err(e) => {
            let hint = match e {
                TableError::Script(_) => {
                    " (first values are computed for one-integer positions 0, 1, 2, ...)"
                }
                _ => "",
            };
            report.values_note = Some(format!("no first values: {e}{hint}"));
        }
    }
    report
}

/// The positions a closed form is compared on: `0..=to` for one-argument families; for
/// families of k arguments, every array of k numbers from 0 to a bound that keeps them a few
/// hundred (positions the script refuses are skipped).
fn small_positions(arity: Arity, to: u64) -> Vec<Key> {
    match arity {
        Arity::Fixed(1) => (0..=to.min(100_000))
            .filter_map(|n| i64::try_from(n).ok())
            .map(Key::int)
            .collect(),
        Arity::Fixed(k) => {
            let side: i64 = match k {
                2 => 20,
                3 => 7,
                4 => 4,
                _ => 2,
            };
            let mut out = Vec::new();
            let mut digits = vec![0i64; k];
            loop {
                let d = crate::Datum::List(digits.iter().map(|&x| crate::Datum::Int(x)).collect());
                out.push(Key::of(&d));
                // The next array in counting order.
                let mut i = 0;
                loop {
                    if i == k {
                        return out;
                    }
                    digits[i] += 1;
                    if digits[i] < side {
                        break;
                    }
                    digits[i] = 0;
                    i += 1;
                }
            }
        }
        Arity::All => Vec::new(),
    }
}

/// The most positions the search behind the closed-form check may store.
const HOOK_CHECK_POSITIONS: usize = 2_000_000;

/// Compares the script's `nimber` and `outcome` with the search of its moves on small
/// positions; a disagreement is a problem, a limit of the search is one too.
fn check_closed_forms(script: &Arc<Script>, to: u64, report: &mut CheckReport) {
    let searched = ScriptFamily(Arc::new(ScriptRules::shared(script.clone(), false)));
    let hooked = ScriptFamily(Arc::new(ScriptRules::shared(script.clone(), true)));
    let limits = grundy::Limits::default().with_nodes(HOOK_CHECK_POSITIONS);
    let mut arena = Arena::new();
    let mut checked = 0usize;
    let positions = small_positions(script.arity(), to);
    if positions.is_empty() {
        report.warnings.push(
            "the closed forms were not checked: small positions are generated for a fixed ARITY \
             only; check them with grundy analyze on positions you choose"
                .to_string(),
        );
        return;
    }
    for p in positions {
        let v = match grundy::rules::arena_value(&mut arena, &searched, &p, &limits) {
            Ok(v) => v,
            Err(grundy::Error::Limit { .. }) => {
                report.warnings.push(format!(
                    "the closed forms were checked on {checked} positions: the search reached \
                     its limit of {HOOK_CHECK_POSITIONS} positions"
                ));
                return;
            }
            // A position the rules refuse (or one with cycles) has nothing to compare.
            Err(_) => continue,
        };
        let shown = p
            .to_datum()
            .map(|d| d.call_text(script.name()))
            .unwrap_or_default();
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
    report.closed_forms_checked = Some(checked);
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
        if let Some(note) = &self.values_note {
            out.push_str(&format!("{note}\n"));
        }
        if let Some(n) = self.closed_forms_checked {
            out.push_str(&format!(
                "closed forms: agree with the search on {n} positions\n"
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
    /// "values_note"}`.
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
        m.end()
    }
}
