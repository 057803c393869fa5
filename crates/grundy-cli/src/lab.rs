//! `grundy table --out` and `grundy plot`: long heap-sequence runs written to files.

use std::path::Path;

use grundy::lab::{self, FileRun, Picture};
use grundy::Registry;

use crate::context::{self, Reporter};
use crate::failure::Failure;
use crate::output::Out;

/// The limits of a laboratory run: Ctrl-C, and progress shown by `bar`.
fn lab_limits(
    bar: &std::sync::Arc<Reporter>,
    timeout: Option<f64>,
) -> Result<grundy::Limits, Failure> {
    context::limits(grundy::Limits::default(), None, timeout, bar)
}

/// The number of values 0..=N, as a machine word.
fn count(to: &str) -> Result<usize, Failure> {
    let n = grundy::api::parse_natural(to, "--to")?;
    u64::try_from(&n)
        .ok()
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|v| v.checked_add(1))
        .ok_or_else(|| {
            Failure::Limit(format!(
                "--to {n} asks for more values than any memory holds; ask for fewer"
            ))
        })
}

/// The flags of `grundy table --out` besides the ruleset and the size.
pub struct FileFlags<'a> {
    /// `--out`.
    pub out: &'a Path,
    /// `--checkpoint`.
    pub checkpoint: Option<&'a Path>,
    /// `--memory-limit`, as written.
    pub memory_limit: Option<&'a str>,
    /// `--timeout`, in seconds.
    pub timeout: Option<f64>,
    /// `--certificate`.
    pub certificate: Option<&'a Path>,
}

/// `grundy table RULESET --to N --out FILE [--checkpoint FILE] [--certificate CERT]`.
pub fn table_to_file(
    reg: &Registry,
    ruleset: &str,
    to: &str,
    flags: &FileFlags<'_>,
) -> Result<(), Failure> {
    let FileFlags {
        out,
        checkpoint,
        memory_limit,
        timeout,
        certificate,
    } = *flags;
    let rules = lab::heap_rules(reg, ruleset).map_err(|e| Failure::at(e, ruleset))?;
    let n = count(to)?;
    // Ctrl-C stops the run at the next block, after a last checkpoint: nothing is lost.
    let bar = Reporter::new();
    let mut limits = lab_limits(&bar, timeout)?;
    if let Some(text) = memory_limit {
        limits.max_memory = context::parse_bytes("--memory-limit", text)?;
    }
    let result = lab::table_file(&rules, n, out, checkpoint, &limits);
    bar.finish();
    let (t, values) = match result? {
        FileRun::Done(t) => {
            let (summary, values) = t.into_parts();
            (summary, Some(values))
        }
        FileRun::OnDisk(summary) => (summary, None),
        FileRun::Stopped { done, why } => {
            let kept = match checkpoint {
                Some(cp) => format!(
                    "; the checkpoint {} holds them: run the same command again to resume",
                    cp.display()
                ),
                None => ", which are lost without a checkpoint; add --checkpoint FILE to keep \
                          the work of an interrupted run"
                    .to_string(),
            };
            return Err(match why {
                grundy::limits::Stop::Cancelled => {
                    Failure::Interrupted(format!("stopped after {done} values{kept}"))
                }
                // The library's words for the limit ("the computation reached its time
                // limit of 1.0s"), then what became of the values.
                time @ grundy::limits::Stop::Time(_) => Failure::Limit(format!(
                    "{time} after {done} values{kept}{}",
                    crate::failure::raise_advice("--timeout")
                )),
            });
        }
    };
    let mut o = Out::new();
    o.line(&format!("ruleset: {}", t.rules))?;
    o.line(&format!(
        "values: 0..{} written to {}{}",
        n - 1,
        out.display(),
        if values.is_none() {
            " (kept on disk while computed: the table does not fit in half the memory limit)"
        } else {
            ""
        }
    ))?;
    o.line(&format!(
        "largest value: {} (first at heap {})",
        t.stats.max_value, t.stats.max_value_at
    ))?;
    o.line(&format!(
        "rare values (mask {:#x}): {} heaps; last rare heap: {}",
        t.stats.rare_mask,
        t.stats.rare_count,
        t.stats
            .last_rare_at
            .map_or("none".to_string(), |v| v.to_string())
    ))?;
    o.line(&format!(
        "last new value first seen at heap {}",
        t.stats.last_new_value_at
    ))?;
    match &t.period {
        Some(p) => {
            let proof = format!("with {} values", p.values_needed);
            o.line(&grundy::render::period_line(
                p,
                p.proven.then_some(proof.as_str()),
            ))?
        }
        None => o.line("period: none found")?,
    }
    o.flush()?;
    // The table is written whatever becomes of the certificate.
    match (certificate, values) {
        (Some(path), Some(values)) => crate::verify::write_certificate(
            &t.rules,
            &values,
            t.period.as_ref(),
            path,
            grundy::lab::Form::Binary,
        ),
        (Some(_), None) => Err(Failure::Limit(format!(
            "no certificate: the table of {n} values was kept on disk, and certificates are \
             written from tables held in memory; raise --memory-limit to at least {} bytes",
            grundy_heap::memory_to_hold(n as u64)
        ))),
        (None, _) => Ok(()),
    }
}

/// How many values' counts the text of a table file shows (its JSON has them all).
const COUNTS_SHOWN: usize = 40;

/// `grundy table --from FILE [--first A] [--to B] [--json]`: a table file read back.
pub fn table_from_file(
    file: &Path,
    first: Option<&str>,
    to: Option<&str>,
    json: bool,
) -> Result<(), Failure> {
    let heap = |flag: &str, text: &str| -> Result<u64, Failure> {
        let n = grundy::api::parse_natural(text, flag)?;
        u64::try_from(&n)
            .map_err(|_| Failure::input(format!("{flag} {n}: no table file holds that heap")))
    };
    let first = first.map(|t| heap("--first", t)).transpose()?.unwrap_or(0);
    let last = to.map(|t| heap("--to", t)).transpose()?;
    // A file of 10^10 values takes a while to read: progress, and Ctrl-C, as for a run.
    let bar = Reporter::new();
    let t = lab::read_table_file(file, first, last, &lab_limits(&bar, None)?);
    bar.finish();
    let t = t?;
    let mut o = Out::new();
    if json {
        o.line(&crate::output::to_json(&t)?)?;
    } else {
        o.put(&table_file_text(&t, file))?;
    }
    o.flush()
}

/// The text of a table file read back: what it holds, the values asked for (ten a row,
/// each row led by its first heap), the largest value, the count of each value, the period.
fn table_file_text(t: &lab::TableFile, file: &Path) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "file: {}", file.display());
    let _ = writeln!(out, "ruleset: {}", t.ruleset);
    let held = match t.length {
        0 => "no value".to_string(),
        n => format!("heaps 0..{}", n - 1),
    };
    if t.finished {
        let _ = writeln!(out, "length: {} values ({held})", t.length);
    } else {
        let _ = writeln!(
            out,
            "length: {} of {} values ({held}): the checkpoint of an unfinished run",
            t.length, t.target
        );
    }
    if let Some(last) = (t.first + t.values.len() as u64).checked_sub(1) {
        let _ = writeln!(out, "heaps {}..{last}:", t.first);
        for (i, row) in t.values.chunks(10).enumerate() {
            let _ = write!(out, "{:>8}:", t.first + 10 * i as u64);
            for v in row {
                let _ = write!(out, " {v:>3}");
            }
            out.push('\n');
        }
    }
    if let (Some(v), Some(at)) = (t.largest_value, t.largest_value_at) {
        let _ = writeln!(out, "largest value: {v} (first at heap {at})");
    }
    let _ = writeln!(out, "values: {} distinct", t.counts.len());
    for c in t.counts.iter().take(COUNTS_SHOWN) {
        let _ = writeln!(out, "{:>8}: {} heaps", c.value, c.count);
    }
    if t.counts.len() > COUNTS_SHOWN {
        let _ = writeln!(
            out,
            "     ...: {} more values (--json lists them all)",
            t.counts.len() - COUNTS_SHOWN
        );
    }
    match &t.period {
        Some(p) => {
            let proof = format!("with {} values", p.values_needed);
            out.push_str(&grundy::render::period_line(
                p,
                p.proven.then_some(proof.as_str()),
            ));
            out.push('\n');
        }
        None => out.push_str("period: none found\n"),
    }
    out
}

/// `grundy plot RULESET --to N --out FILE.svg|FILE.png`.
pub fn plot(
    reg: &Registry,
    ruleset: &str,
    to: &str,
    out: &Path,
    width: u32,
    height: u32,
) -> Result<(), Failure> {
    let n = count(to)?;
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if !matches!(ext.as_deref(), Some("svg") | Some("png")) {
        return Err(Failure::input(format!(
            "{}: the plot file must end in .svg or .png",
            out.display()
        )));
    }
    let picture = if ext.as_deref() == Some("svg") {
        Picture::Svg
    } else {
        Picture::Png
    };
    let bar = Reporter::new();
    let computed = lab::plot_values(reg, ruleset, n, &lab_limits(&bar, None)?);
    bar.finish();
    let (values, period, rules) = computed.map_err(|e| Failure::at(e, ruleset))?;
    let rule = lab::plot_rule(reg, ruleset, &values, period.as_ref())
        .map_err(|e| Failure::at(e, ruleset))?;
    let look = lab::Look {
        width,
        height,
        title: match rule {
            Some(rule) => format!("{rules}\n{rule}"),
            None => rules.clone(),
        },
    };
    lab::plot_file(out, picture, &values, period.as_ref(), &look)?;
    let line = match &period {
        Some(p) => format!(
            "{}: heaps 0..{} plotted to {}; period {} from heap {}{}",
            rules,
            n - 1,
            out.display(),
            p.period,
            p.preperiod,
            if p.proven {
                " (proven)"
            } else {
                " (seen, not proven)"
            }
        ),
        None => format!(
            "{}: heaps 0..{} plotted to {}; no period found",
            rules,
            n - 1,
            out.display()
        ),
    };
    crate::output::print_line(&line)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use grundy::lab::values_task;
    use grundy_heap::HeapRules;

    /// Table files and plots of a large subtraction set name it briefly in their progress.
    #[test]
    fn the_progress_of_a_large_set_names_it_briefly() {
        let set: Vec<String> = (1..=20_000u32).map(|k| (2 * k).to_string()).collect();
        let rules = HeapRules::Sub(grundy_heap::SubSet::parse(&set.join(",")).unwrap());
        assert_eq!(
            values_task(&rules),
            "values of sub[2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,...] (20000 elements)"
        );
        let small = HeapRules::parse("tb[0.07]").unwrap();
        assert_eq!(values_task(&small), "values of tb[0.07]");
    }
}
