//! The laboratory's files beside the analysis: heap tables written to table files (with
//! checkpoints) and plots, and the period certificate of a table, written for
//! `grundy-verify`'s independent checker (which shares no code with the kernels that computed
//! the table). The fronts say where to write and render what was written.

use std::io::Read;
use std::path::Path;

use grundy_census::{Census, CensusOptions, FirstDigit};
use grundy_heap::{HeapError, HeapRules, RunOptions, Strategy, Values};
use grundy_verify::{CertError, Certificate, VerifyOptions};

use crate::error::Error;
use crate::registry::Registry;
use crate::{Limits, Period};

/// The heap rules behind a ruleset text (those of `tb[...]`, `sub[...]`, `take[p..q]` and
/// any family that gives its heap moves), or an input error saying which rulesets qualify.
pub fn heap_rules(reg: &Registry, ruleset: &str) -> Result<HeapRules, Error> {
    let r = reg.parse_ruleset(ruleset)?;
    r.rules().heap_rules().cloned().ok_or_else(|| {
        Error::input(format!(
            "{} has no heap sequence for the laboratory; table files and plots take heap games whose family gives its heap moves, such as tb[...], sub[...] and take[p..q]",
            r.name()
        ))
    })
}

/// What a run computing values of `rules` is called in progress reports (briefly: a
/// ruleset's name can be 400 KB).
pub fn values_task(rules: &HeapRules) -> String {
    crate::api::short_task(&format!("values of {rules}"))
}

/// How a run to a table file ended.
#[derive(Debug)]
pub enum FileRun {
    /// Every value was written: the table (its values, statistics and period).
    Done(grundy_heap::Table),
    /// Every value was written by a run that kept them on disk (the table does not fit in
    /// memory, see [`grundy_heap::fits_in_memory`]): the table's statistics and period.
    OnDisk(grundy_heap::TableSummary),
    /// Stopped after `done` values, which the checkpoint holds if there is one.
    Stopped {
        /// The values computed.
        done: u64,
        /// Why: cancelled, or the time limit of the request's budget.
        why: crate::limits::Stop,
    },
}

/// Computes the values 0..n-1 of `rules` into the table file `out`, resuming from and saving
/// to `checkpoint` if given (a cancelled run stops at the next block after a last
/// checkpoint), within `limits.max_memory` bytes; progress, cancellation and the deadline
/// come from `limits` too.
/// A table that does not fit in memory ([`grundy_heap::fits_in_memory`]) is computed into
/// its file, with only its first and last values resident ([`grundy_heap::compute_bounded`]).
///
/// Errors: the heap kernels' (a memory limit names it), a damaged or foreign checkpoint, I/O.
pub fn table_file(
    rules: &HeapRules,
    n: usize,
    out: &Path,
    checkpoint: Option<&Path>,
    limits: &Limits,
) -> Result<FileRun, Error> {
    let run = RunOptions {
        checkpoint: checkpoint.map(Path::to_path_buf),
        ..RunOptions::default()
    };
    let how = Strategy::default();
    let done = if grundy_heap::fits_in_memory(n as u64, limits.max_memory) {
        grundy_heap::compute_to_file(rules, n, out, &run, limits, how).map(FileRun::Done)
    } else {
        grundy_heap::compute_bounded(rules, n, out, &run, limits, how).map(FileRun::OnDisk)
    };
    match done {
        Ok(t) => Ok(t),
        Err(HeapError::Cancelled { done }) => Ok(FileRun::Stopped {
            done,
            why: crate::limits::Stop::Cancelled,
        }),
        Err(HeapError::TimeLimit { done, limit }) => Ok(FileRun::Stopped {
            done,
            why: crate::limits::Stop::Time(limit),
        }),
        Err(e) => Err(e.into()),
    }
}

/// How many values [`read_table_file`] shows when no last heap is asked for.
pub const SHOWN_BY_DEFAULT: u64 = 1000;

/// A table file read back: what `grundy table --from FILE` prints and its JSON.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TableFile {
    /// The canonical ruleset, such as `tb[0.6]`.
    pub ruleset: String,
    /// The number of values stored: heaps 0..length-1.
    pub length: u64,
    /// False for the checkpoint of a run not yet finished (then `length` is what it has
    /// done and `target` what it was asked for).
    pub finished: bool,
    /// The number of values the run was asked for.
    pub target: u64,
    /// The first heap of `values`.
    pub first: u64,
    /// The values of heaps `first`, `first + 1`, ...
    pub values: Vec<u32>,
    /// Each value that occurs with the number of heaps that have it, by increasing value.
    pub counts: Vec<ValueCount>,
    /// The largest value (`None` for an empty checkpoint).
    pub largest_value: Option<u32>,
    /// The first heap with the largest value.
    pub largest_value_at: Option<u64>,
    /// The period the run found in its values, if any.
    pub period: Option<Period>,
}

/// One value of a table and how many heaps have it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ValueCount {
    /// The nim-value.
    pub value: u32,
    /// The number of heaps with it.
    pub count: u64,
}

/// Reads back a table file written by [`table_file`] (or its checkpoint): the values of
/// heaps `first..=last` (`last` by default the [`SHOWN_BY_DEFAULT`]-th value from `first`,
/// or the file's last heap), and the statistics of every value in it.
///
/// Arguments: the file; the range of heaps to show; the limits, whose cancellation, deadline
/// and progress the read honours.
///
/// Returns: the [`TableFile`]; [`Error::Cancelled`] or a time limit; an input error for a file that is not a table file, cut
/// short or damaged, for a range outside the table or backwards; a limit error for a range
/// of more than [`grundy_heap::MAX_SCAN_VALUES`] values; an I/O error naming the file.
///
/// Complexity: one pass over the file, O(range + distinct values) memory.
///
/// Example:
/// ```no_run
/// let path = std::path::Path::new("kayles.tbl");
/// let t = grundy::lab::read_table_file(path, 0, Some(9), &Default::default()).unwrap();
/// println!("{} values, largest {:?}", t.length, t.largest_value);
/// ```
pub fn read_table_file(
    path: &Path,
    first: u64,
    last: Option<u64>,
    limits: &Limits,
) -> Result<TableFile, Error> {
    if let Some(last) = last {
        if last < first {
            return Err(Error::input(format!(
                "heaps {first}..{last}: the first heap comes after the last; ask for heaps \
                 A..B with A <= B"
            )));
        }
        let most = grundy_heap::MAX_SCAN_VALUES;
        if last - first >= most {
            return Err(Error::too_large(format!(
                "heaps {first}..{last} are more than the {most} values shown at once; ask \
                 for a shorter range"
            )));
        }
    }
    let end = last.unwrap_or(first.saturating_add(SHOWN_BY_DEFAULT - 1));
    let s = grundy_heap::scan_table(path, first, end, limits)?;
    let top = s.len.checked_sub(1);
    let beyond = |heap: u64| top.is_none_or(|t| heap > t);
    if (s.len > 0 || first > 0) && beyond(first) || last.is_some_and(beyond) {
        return Err(Error::input(format!(
            "{}: {} holds {}; ask for heaps within it",
            match last {
                Some(last) => format!("heaps {first}..{last}"),
                None => format!("heap {first}"),
            },
            path.display(),
            match top {
                Some(t) => format!("heaps 0..{t}"),
                None => "no value".to_string(),
            }
        )));
    }
    Ok(TableFile {
        ruleset: s.rules,
        length: s.len,
        finished: !s.checkpoint,
        target: s.target,
        first: s.first,
        values: s.values,
        counts: s
            .counts
            .into_iter()
            .map(|(value, count)| ValueCount { value, count })
            .collect(),
        largest_value: s.largest.map(|(v, _)| v),
        largest_value_at: s.largest.map(|(_, at)| at),
        period: s.period,
    })
}

/// A ruleset's values 0..n-1 and their period for a plot, and the ruleset's name: by the
/// heap kernels for a heap game, else from the family's table of one-argument positions (a
/// rule script); memory, progress, cancellation and the deadline come from `limits`.
pub fn plot_values(
    reg: &Registry,
    ruleset: &str,
    n: usize,
    limits: &Limits,
) -> Result<(Values, Option<Period>, String), Error> {
    let parsed = reg.parse_ruleset(ruleset)?;
    if parsed.rules().heap_rules().is_none() {
        let last = u64::try_from(n.saturating_sub(1)).unwrap_or(u64::MAX);
        let t = crate::api::table(reg, ruleset, &last.into(), limits)?;
        return Ok((t.values, t.period, t.ruleset));
    }
    let rules = heap_rules(reg, ruleset)?;
    let values = grundy_heap::values(&rules, n, limits, Strategy::default())?;
    let period = grundy_heap::find_period(&rules, &values);
    Ok((values, period, rules.to_string()))
}

/// The most values whose rule [`plot_rule`] looks for: the rule finder tries every period up
/// to a third of the values, which on a million values without one takes seconds.
pub const PLOT_RULE_LIMIT: usize = 100_000;

/// The line that a plot of `ruleset`'s `values` (G(0..N), with their `period` as
/// [`plot_values`] found it) shows under its title, as the playground shows it beside its
/// plot: the rule behind the values (`grundy pattern`'s) and whether a theorem proves it;
/// `None` when no rule is found or the values are more than [`PLOT_RULE_LIMIT`].
///
/// Errors: an input error when `ruleset` is not one.
pub fn plot_rule(
    reg: &Registry,
    ruleset: &str,
    values: &Values,
    period: Option<&Period>,
) -> Result<Option<String>, Error> {
    if values.len() > PLOT_RULE_LIMIT {
        return Ok(None);
    }
    let r = reg.parse_ruleset(ruleset)?;
    let g: Vec<u64> = values.iter().map(u64::from).collect();
    let p = crate::pattern::of_table(&r, &g, period);
    Ok((p.kind() != "none").then(|| {
        format!(
            "rule: {} ({})",
            p.formula,
            if p.proven {
                "proven"
            } else {
                "observed, not proven"
            }
        )
    }))
}

/// The picture formats of [`plot_file`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// Scalable vector graphics.
    Svg,
    /// Portable network graphics.
    Png,
}

/// How a plot looks: its size and title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    /// Image width in pixels (clamped to 90..=8192).
    pub width: u32,
    /// Image height in pixels (clamped to 90..=8192).
    pub height: u32,
    /// Title drawn above the plot (for example the rules, `tb[0.16]`); a second line, after
    /// a newline, is drawn below it in smaller type (for example the rule of the values).
    pub title: String,
}

impl Default for Look {
    fn default() -> Self {
        let d = grundy_plot::PlotOptions::default();
        Look {
            width: d.width,
            height: d.height,
            title: d.title,
        }
    }
}

impl Look {
    /// The plotter's options for this look.
    fn options(&self) -> grundy_plot::PlotOptions {
        grundy_plot::PlotOptions {
            width: self.width,
            height: self.height,
            title: self.title.clone(),
        }
    }
}

/// The plot of `values` (with their period, if any) as an SVG document: the P-positions in
/// red, the period shaded and labelled.
pub fn plot_svg(values: &Values, period: Option<&Period>, look: &Look) -> String {
    grundy_plot::plot_svg(values, period, &look.options())
}

/// Writes the plot of `values` (with their period, if any) to `out` as `picture`.
///
/// Errors: an I/O error naming the file.
pub fn plot_file(
    out: &Path,
    picture: Picture,
    values: &Values,
    period: Option<&Period>,
    look: &Look,
) -> Result<(), Error> {
    let opts = look.options();
    let bytes = match picture {
        Picture::Svg => grundy_plot::plot_svg(values, period, &opts).into_bytes(),
        Picture::Png => {
            let mut bytes = Vec::new();
            grundy_plot::plot_png(&mut bytes, values, period, &opts)?;
            bytes
        }
    };
    grundy_heap::write_output(out, |w| std::io::Write::write_all(w, &bytes)).map_err(|e| {
        Error::Io {
            message: format!("cannot write {}: {e}", out.display()),
        }
    })
}

/// A certificate written: its claim, and the count and checksum of the values it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// The least period.
    pub period: u64,
    /// The least preperiod.
    pub preperiod: u64,
    /// The values held (as many as the theorem needs).
    pub count: u64,
    /// Their checksum (ogsolve's).
    pub checksum: u32,
}

/// The form of a certificate file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Text, a value a number (format 1): for tables up to about 10^8 values.
    Text,
    /// A text header and the values as one, two or four bytes each (format 2), written from
    /// the table's own storage without a copy (0.1777's 4.4 * 10^8 values in 443 MB).
    Binary,
}

/// Writes to `path` (whole or not at all) the certificate of the period of `ruleset`'s table
/// `values` (heaps 0, 1, ...).
///
/// Errors: an input error when the period is missing or not proven (compute a longer table),
/// when the checker does not cover the rules (take-and-break codes and subtraction sets
/// only), or when the values contradict the claim; an I/O error naming the file.
pub fn write_certificate(
    ruleset: &str,
    values: &Values,
    period: Option<&Period>,
    path: &Path,
    form: Form,
) -> Result<Written, Error> {
    let top = values.len().saturating_sub(1);
    let period = proven(ruleset, period, top)?;
    let not_written = |e: grundy_census::CensusError| Error::Io {
        message: format!("cannot write the certificate: {e}"),
    };
    match form {
        Form::Text => {
            let cert = Certificate::new(
                ruleset,
                values.iter(),
                period.preperiod,
                period.period,
                period.saltus,
            )
            .map_err(|e| refused(ruleset, e))?;
            grundy_census::write_atomic(path, cert.to_text().as_bytes()).map_err(not_written)?;
            Ok(Written {
                period: cert.period,
                preperiod: cert.preperiod,
                count: cert.values.len() as u64,
                checksum: cert.checksum,
            })
        }
        Form::Binary => {
            // Heaps below the table's length are always held.
            let value = |i: usize| values.get(i).unwrap_or(u32::MAX);
            let streamed = Certificate::streamed(
                ruleset,
                values.len(),
                value,
                period.preperiod,
                period.period,
                period.saltus,
            )
            .map_err(|e| refused(ruleset, e))?;
            grundy_census::write_atomic_with(path, |w| streamed.write_binary(value, w))
                .map_err(not_written)?;
            Ok(Written {
                period: streamed.period(),
                preperiod: streamed.preperiod(),
                count: streamed.count(),
                checksum: streamed.checksum(),
            })
        }
    }
}

/// The period of a table of heaps 0..=top if it is proven, else why there is no certificate.
fn proven<'a>(ruleset: &str, period: Option<&'a Period>, top: usize) -> Result<&'a Period, Error> {
    match period {
        Some(p) if p.proven => Ok(p),
        Some(p) => Err(Error::input(format!(
            "no certificate: the period {} from heap {} of {ruleset} is only seen in heaps \
             0..{top}, not proven{}; compute a longer table",
            p.period,
            p.preperiod,
            if p.values_needed > 0 {
                format!(" (the proof needs heaps 0..{})", p.values_needed)
            } else {
                String::new()
            }
        ))),
        None => Err(Error::input(format!(
            "no certificate: {ruleset} has no period in heaps 0..{top}; compute a longer table, \
             or ask for no certificate"
        ))),
    }
}

/// Why the checker's writer refused the certificate of `ruleset`.
fn refused(ruleset: &str, e: CertError) -> Error {
    match e {
        // The checker shares no code with the families: it reads codes and subtraction sets.
        CertError::Rules { .. } => Error::input(format!(
            "no certificate for {ruleset}: the independent checker covers take-and-break codes \
             tb[...] and subtraction sets sub[...] only; ask for no certificate"
        )),
        e => Error::input(format!("no certificate for {ruleset}: {e}")),
    }
}

/// The most digits after the point a census of octal codes takes (8^6 codes).
pub const CENSUS_MAX_DIGITS: usize = 6;

/// The rulesets of a census: `rulesets` in canonical form when some are given, else every
/// octal code of `digits` digits after the point (`4.` codes too with `with_four`).
///
/// Errors: an input error for a ruleset that is not a take-and-break code or subtraction set,
/// or a number of digits outside 1..=[`CENSUS_MAX_DIGITS`].
pub fn census_rules(
    rulesets: &[String],
    digits: usize,
    with_four: bool,
) -> Result<Vec<String>, Error> {
    if !rulesets.is_empty() {
        return grundy_census::canonical_rules(rulesets).map_err(census_error);
    }
    if !(1..=CENSUS_MAX_DIGITS).contains(&digits) {
        return Err(Error::input(format!(
            "a census of codes of {digits} digits: expected 1 to {CENSUS_MAX_DIGITS} digits \
             after the point"
        )));
    }
    let first = if with_four {
        FirstDigit::ZeroAndFour
    } else {
        FirstDigit::Zero
    };
    Ok(grundy_census::octal_codes(digits, first))
}

/// How to run a census, beside its budget.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CensusRun {
    /// The state file that makes the census resumable (finished rows are saved there after
    /// every ruleset, and a census started with it skips them); `None`: nothing is saved.
    pub state: Option<std::path::PathBuf>,
    /// Where to write the certificate of every proven period, as `<code>.cert`.
    pub certificates: Option<std::path::PathBuf>,
    /// Largest recomputation (option evaluations) the independent checker may do for one
    /// certificate (0 skips the check); `None`: the census's default, 10^9.
    pub verify_max_work: Option<u128>,
    /// Threads (`None`: one a core).
    pub threads: Option<usize>,
}

/// The census of `rules` to heap `to` (values 0..=to), run as `run` says, within `limits`:
/// the memory of one table (`max_memory`), cancellation, deadline, and progress after every
/// ruleset (the task names the ruleset just finished).
///
/// Errors: a limit error for `to` above [`crate::api::TABLE_LIMIT`] (tables are held in
/// memory, one a thread), for a table beyond the memory limit (naming
/// [`crate::Limit::Memory`]) or at the deadline (naming [`crate::Limit::Time`]); an input
/// error for zero threads or a damaged state file; [`Error::Cancelled`]; I/O errors naming
/// the file.
pub fn census(
    rules: &[String],
    to: u64,
    run: &CensusRun,
    limits: &Limits,
) -> Result<Census, Error> {
    let most = crate::api::TABLE_LIMIT;
    if to > most {
        return Err(Error::too_large(format!(
            "heaps 0..{to} are more than the limit of {most} values per ruleset; ask for fewer"
        )));
    }
    // Heaps 0..=to are to + 1 values.
    let n = to + 1;
    let mut opts = CensusOptions {
        state: run.state.clone(),
        cert_dir: run.certificates.clone(),
        ..CensusOptions::default()
    };
    if let Some(w) = run.verify_max_work {
        opts.verify_max_work = w;
    }
    let result = match run.threads {
        Some(0) => return Err(Error::input("0 threads: expected at least one thread")),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| Error::input(format!("{t} threads: {e}")))?
            .install(|| grundy_census::census(rules, n, &opts, limits)),
        None => grundy_census::census(rules, n, &opts, limits),
    };
    result.map_err(|e| {
        let limit = match e {
            grundy_census::CensusError::TimeLimit { limit, .. } => crate::Limit::Time(limit),
            _ => crate::Limit::Memory(limits.max_memory),
        };
        Error::of_kind(e.kind(), e.to_string(), limit)
    })
}

/// Writes a census as CSV (`csv`) and JSON (`json`) to the files given, each whole or not at
/// all.
///
/// Errors: an I/O error naming the file.
pub fn write_census(table: &Census, csv: Option<&Path>, json: Option<&Path>) -> Result<(), Error> {
    if let Some(path) = csv {
        table.write_csv(path).map_err(census_error)?;
    }
    if let Some(path) = json {
        table.write_json(path).map_err(census_error)?;
    }
    Ok(())
}

/// The engine's error for a census crate's error of its own kind.
fn census_error(e: grundy_census::CensusError) -> Error {
    match e {
        // A ruleset that does not parse keeps its column, for a caret under it.
        grundy_census::CensusError::Rules {
            column: Some(column),
            ..
        } => Error::input_at(column, e.to_string()),
        e => Error::of_kind(e.kind(), e.to_string(), crate::Limit::Size),
    }
}

/// The largest certificate read: 10^8 values, the checker's default, take about 300 MB of
/// text; a binary certificate takes one to four bytes a value (0.1777's 4.4 * 10^8 values,
/// 443 MB).
pub const MAX_CERT_BYTES: u64 = 4 << 30;

/// The bytes of a certificate from `source` (named `name` in errors), refused unread past
/// the most that a certificate of at most `max_values` values takes: 11 bytes a value (ten
/// digits and a space) and its header, at most [`MAX_CERT_BYTES`].
///
/// Errors: a limit error for a longer input; an I/O error naming it.
pub fn read_certificate(
    mut source: impl std::io::Read,
    name: &str,
    max_values: u64,
) -> Result<Vec<u8>, Error> {
    let most = max_values
        .saturating_mul(11)
        .saturating_add(1 << 20)
        .min(MAX_CERT_BYTES);
    let mut bytes = Vec::new();
    std::io::Read::take(&mut source, most + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Io {
            message: format!("cannot read {name}: {e}"),
        })?;
    if bytes.len() as u64 > most {
        return Err(Error::too_large(format!(
            "{name} is longer than {most} bytes, the most a certificate of at most {max_values} \
             values takes (at most {MAX_CERT_BYTES} bytes in all)"
        )));
    }
    Ok(bytes)
}

/// How the independent checker checks the listed values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckMethod {
    /// The sparse check where it applies, the plain one otherwise.
    #[default]
    Auto,
    /// Recompute every value by plain mex over every option.
    Plain,
    /// Check each listed value against its options with the checker's own rare/common
    /// split, falling back to the plain check for rules it does not cover.
    Sparse,
}

/// How to check a certificate, beside the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// Most option evaluations the check may take (refused beforehand above it).
    pub max_work: u128,
    /// Most values the certificate may hold.
    pub max_values: u64,
    /// Which check to run.
    pub method: CheckMethod,
    /// Threads for the sparse check; 0 means one per available core.
    pub threads: usize,
}

impl Default for Check {
    fn default() -> Self {
        let d = VerifyOptions::default();
        Check {
            max_work: d.max_work,
            max_values: d.max_values,
            method: CheckMethod::Auto,
            threads: d.threads,
        }
    }
}

/// Checks a certificate (text or binary), named `name` in errors, with `grundy-verify`'s
/// independent checker, which shares no code with the kernels that computed the table;
/// cancellation, deadline and progress (heaps checked) come from `limits`.
///
/// Errors: an input error saying `name` is not a valid certificate (its text or form) or
/// does not verify (its claim fails); a limit error when the check would hold more than
/// `check.max_values` values (naming [`crate::Limit::InputSize`]) or take more than
/// `check.max_work` evaluations (naming [`crate::Limit::Size`]), or at the deadline;
/// [`Error::Cancelled`].
pub fn verify_certificate(
    bytes: &[u8],
    name: &str,
    check: &Check,
    limits: &Limits,
) -> Result<grundy_verify::Verified, Error> {
    let opts = VerifyOptions {
        max_work: check.max_work,
        max_values: check.max_values,
        method: match check.method {
            CheckMethod::Auto => grundy_verify::Method::Auto,
            CheckMethod::Plain => grundy_verify::Method::Plain,
            CheckMethod::Sparse => grundy_verify::Method::Sparse,
        },
        threads: check.threads,
    };
    grundy_verify::verify_bytes(bytes, &opts, limits).map_err(|e| match e {
        CertError::Cancelled => Error::Cancelled,
        CertError::TimeLimit { limit } => Error::limit(
            crate::Limit::Time(limit),
            format!("{name} was not checked: {e}"),
        ),
        CertError::TooManyValues { limit, .. } => Error::limit(
            crate::Limit::InputSize(limit),
            format!("{name} was not checked: {e}"),
        ),
        CertError::TooMuchWork { .. } => Error::too_large(format!("{name} was not checked: {e}")),
        CertError::Format { .. } | CertError::Version { .. } | CertError::CountMismatch { .. } => {
            Error::input(format!("{name} is not a valid certificate: {e}"))
        }
        e => Error::input(format!("{name} does not verify: {e}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{api, Limits, Registry};

    /// Both forms of a table's certificate verify with the independent checker and say the
    /// same claim; a table too short for the proof, and rules the checker does not cover,
    /// write nothing.
    #[test]
    fn certificates_of_a_table_verify_in_both_forms() {
        let reg = Registry::builtin();
        let dir = std::env::temp_dir().join(format!("grundy-lab-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t = api::table(&reg, "tb[0.07]", &300u32.into(), &Limits::default()).unwrap();
        let mut claims = Vec::new();
        for (form, name) in [(Form::Text, "a.cert"), (Form::Binary, "b.cert")] {
            let path = dir.join(name);
            let w =
                write_certificate(&t.ruleset, &t.values, t.period.as_ref(), &path, form).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            let ok = verify_certificate(&bytes, "a.cert", &Check::default(), &Limits::default())
                .unwrap();
            assert_eq!((ok.period, ok.preperiod), (w.period, w.preperiod));
            assert_eq!((ok.values_checked, ok.checksum), (w.count, w.checksum));
            claims.push(w);
        }
        assert_eq!(claims[0], claims[1]);
        assert_eq!((claims[0].preperiod, claims[0].period), (53, 34));

        // Too short for the proof of its period; no period at all.
        let path = dir.join("refused.cert");
        for (ruleset, to, form) in [("tb[0.07]", 100u32, Form::Binary), ("nim", 50, Form::Text)] {
            let t = api::table(&reg, ruleset, &to.into(), &Limits::default()).unwrap();
            let e = write_certificate(&t.ruleset, &t.values, t.period.as_ref(), &path, form)
                .unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Input, "{ruleset}: {e}");
            assert!(!path.exists(), "{ruleset}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A table file written by a run reads back with its range and statistics; a range
    /// outside it, backwards or too long is refused by kind, and so is a file that is not a
    /// table file.
    #[test]
    fn a_table_file_reads_back() {
        let reg = Registry::builtin();
        let dir = std::env::temp_dir().join(format!("grundy-lab-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.tbl");
        let rules = heap_rules(&reg, "tb[0.6]").unwrap();
        let run = table_file(&rules, 500, &path, None, &Limits::default()).unwrap();
        assert!(matches!(run, FileRun::Done(_)));
        let t = api::table(&reg, "tb[0.6]", &499u32.into(), &Limits::default()).unwrap();
        let l = Limits::default();
        let read = read_table_file(&path, 10, Some(19), &l).unwrap();
        let want: Vec<u32> = (10..20).map(|i| t.values.get(i).unwrap()).collect();
        assert_eq!(read.values, want);
        assert_eq!(
            (read.ruleset.as_str(), read.length, read.finished),
            ("tb[0.6]", 500, true)
        );
        assert_eq!(read.counts.iter().map(|c| c.count).sum::<u64>(), 500);
        assert_eq!(read.period, t.period);
        // By default the first thousand values from the first heap asked, within the table.
        assert_eq!(
            read_table_file(&path, 0, None, &l).unwrap().values.len(),
            500
        );
        assert_eq!(
            read_table_file(&path, 499, None, &l).unwrap().values.len(),
            1
        );
        for (first, last, kind) in [
            (500, None, crate::ErrorKind::Input),
            (0, Some(500), crate::ErrorKind::Input),
            (9, Some(3), crate::ErrorKind::Input),
            (0, Some(u64::MAX), crate::ErrorKind::Limit),
        ] {
            let e = read_table_file(&path, first, last, &l).unwrap_err();
            assert_eq!(e.kind(), kind, "{first}..{last:?}: {e}");
        }
        std::fs::write(&path, b"not a table").unwrap();
        let e = read_table_file(&path, 0, None, &l).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input, "{e}");
        assert!(e.to_string().contains("not a grundy table file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A census takes its codes, its thread count and its size limit in the library: the
    /// given rulesets or every code of so many digits, Dawson's Kayles proven on one thread
    /// and on two alike, and zero threads, too many digits or values refused by kind.
    #[test]
    fn a_census_takes_its_rules_threads_and_limits() {
        let given = census_rules(&["0.07".to_string()], 0, false).unwrap();
        assert_eq!(given, vec!["tb[0.07]".to_string()]);
        let codes = census_rules(&[], 2, true).unwrap();
        assert_eq!(
            codes,
            grundy_census::octal_codes(2, FirstDigit::ZeroAndFour)
        );
        let e = census_rules(&[], CENSUS_MAX_DIGITS + 1, false).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        let l = Limits::default();
        let rows = |threads| {
            let run = CensusRun {
                threads,
                ..CensusRun::default()
            };
            let c = census(&given, 300, &run, &l).unwrap();
            let r = &c.rows[0];
            (r.period, r.preperiod, r.proven, c.n)
        };
        assert_eq!(rows(Some(1)), (Some(34), Some(53), true, 301));
        assert_eq!(rows(Some(2)), rows(Some(1)));
        let none = CensusRun {
            threads: Some(0),
            ..CensusRun::default()
        };
        let e = census(&given, 300, &none, &l).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        let most = crate::api::TABLE_LIMIT + 1;
        let e = census(&given, most, &CensusRun::default(), &l).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Limit);
    }

    /// The laboratory's errors name no flag of the command line (Python users read them
    /// too): too many digits, zero threads, too many values, a certificate refused, one too
    /// long, a time limit, each in the library's words and of its kind.
    #[test]
    fn the_laboratory_names_no_flag() {
        let reg = Registry::builtin();
        let l = Limits::default();
        let given = census_rules(&["0.07".to_string()], 0, false).unwrap();
        let zero = CensusRun {
            threads: Some(0),
            ..CensusRun::default()
        };
        let short = api::table(&reg, "tb[0.07]", &100u32.into(), &l).unwrap();
        let nim = api::table(&reg, "nim", &50u32.into(), &l).unwrap();
        let path = std::env::temp_dir().join(format!("grundy-lab-flags-{}", std::process::id()));
        let cert = |t: &crate::api::Table| {
            write_certificate(&t.ruleset, &t.values, t.period.as_ref(), &path, Form::Text)
        };
        let expired = Limits::default().with_timeout(std::time::Duration::ZERO);
        let long = vec![b'x'; 2 << 20];
        let errors = [
            census_rules(&[], CENSUS_MAX_DIGITS + 1, false).unwrap_err(),
            census(&given, 300, &zero, &l).unwrap_err(),
            census(
                &given,
                crate::api::TABLE_LIMIT + 1,
                &CensusRun::default(),
                &l,
            )
            .unwrap_err(),
            census(&given, 300, &CensusRun::default(), &expired).unwrap_err(),
            cert(&short).unwrap_err(),
            cert(&nim).unwrap_err(),
            read_certificate(&long[..], "long.cert", 10).unwrap_err(),
            verify_certificate(b"not a certificate", "x.cert", &Check::default(), &l).unwrap_err(),
        ];
        for e in &errors {
            assert!(!e.to_string().contains("--"), "{e}");
        }
        let kinds: Vec<_> = errors.iter().map(Error::kind).collect();
        use crate::ErrorKind::{Input, Limit};
        assert_eq!(
            kinds,
            [Input, Input, Limit, Limit, Input, Input, Limit, Input]
        );
        assert_eq!(
            errors[3].limit_reached(),
            Some(&crate::Limit::Time(std::time::Duration::ZERO))
        );
        assert!(!path.exists());
    }
}
