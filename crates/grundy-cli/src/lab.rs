//! `grundy table --out` and `grundy plot`: long heap-sequence runs written to files.

use std::path::Path;

use grundy::Registry;
use grundy_heap::{ComputeOptions, HeapError, HeapRules, RunOptions};
use grundy_plot::PlotOptions;

use crate::context::{self, Reporter};
use crate::failure::Failure;
use crate::output::Out;

/// The heap rules behind a ruleset text, or an input error saying which rulesets qualify.
fn heap_rules(reg: &Registry, ruleset: &str) -> Result<HeapRules, Failure> {
    let r = reg
        .parse_ruleset(ruleset)
        .map_err(|e| Failure::at(e, ruleset))?;
    r.rules().heap_rules().cloned().ok_or_else(|| {
        Failure::input(format!(
            "{} has no heap sequence for the laboratory; table files and plots take heap games whose family gives its heap moves, such as tb[...], sub[...] and take[p..q]",
            r.name()
        ))
    })
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

/// The command line's failure for an error of the heap kernels, of the kind the heap crate
/// gave it; a limit says which flag raises it.
fn heap_failure(e: HeapError) -> Failure {
    let message = match e.kind() {
        grundy::ErrorKind::Limit => format!("{e} (grundy table takes --memory-limit)"),
        _ => e.to_string(),
    };
    Failure::of_kind(e.kind(), message)
}

/// `grundy table RULESET --to N --out FILE [--checkpoint FILE] [--certificate CERT]`.
pub fn table_to_file(
    reg: &Registry,
    ruleset: &str,
    to: &str,
    out: &Path,
    checkpoint: Option<&Path>,
    memory_limit: Option<&str>,
    certificate: Option<&Path>,
) -> Result<(), Failure> {
    let rules = heap_rules(reg, ruleset)?;
    let n = count(to)?;
    let memory_limit = match memory_limit {
        Some(text) => context::parse_bytes("--memory-limit", text)?,
        None => grundy_heap::default_memory_limit(),
    };
    // Ctrl-C stops the run at the next block, after a last checkpoint: nothing is lost.
    let cancel = context::ctrl_c();
    let bar = Reporter::new();
    let progress = values_progress(&bar, &rules, n);
    let opts = ComputeOptions {
        progress: Some(&progress),
        cancel: Some(cancel),
        memory_limit,
        ..ComputeOptions::default()
    };
    let run = RunOptions {
        checkpoint: checkpoint.map(Path::to_path_buf),
        ..RunOptions::default()
    };
    let result = grundy_heap::compute_to_file(&rules, n, out, &run, &opts);
    bar.finish();
    let t = match result {
        Err(HeapError::Cancelled { done }) => {
            return Err(Failure::Interrupted(match checkpoint {
                Some(cp) => format!(
                    "stopped after {done} values; the checkpoint {} holds them: run the same \
                     command again to resume",
                    cp.display()
                ),
                None => format!(
                    "stopped after {done} values, which are lost without a checkpoint; add \
                     --checkpoint FILE to keep the work of an interrupted run"
                ),
            }))
        }
        other => other.map_err(heap_failure)?,
    };
    let mut o = Out::new();
    o.line(&format!("ruleset: {}", t.rules))?;
    o.line(&format!(
        "values: 0..{} written to {}",
        n - 1,
        out.display()
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
    match certificate {
        Some(path) => crate::verify::write_certificate(
            &t.rules,
            &t.values,
            t.period.as_ref(),
            path,
            grundy::lab::Form::Binary,
        ),
        None => Ok(()),
    }
}

/// The progress sink of a run computing `n` values of `rules`, shown by `bar`.
fn values_progress<'a>(bar: &'a Reporter, rules: &HeapRules, n: usize) -> impl Fn(u64) + Sync + 'a {
    let task = values_task(rules);
    move |done: u64| {
        bar.report(&grundy::Progress {
            task: task.clone(),
            done,
            total: Some(n as u64),
        })
    }
}

/// What a run computing values of `rules` is called in progress lines (briefly: a ruleset's
/// name can be 400 KB).
fn values_task(rules: &HeapRules) -> String {
    grundy::api::short_task(&format!("values of {rules}"))
}

/// The values 0..n-1 of a heap ruleset by the laboratory's kernels, with their period.
fn heap_values(
    rules: &HeapRules,
    n: usize,
) -> Result<(grundy_heap::Values, Option<grundy::Period>), Failure> {
    let bar = Reporter::new();
    let progress = values_progress(&bar, rules, n);
    let opts = ComputeOptions {
        progress: Some(&progress),
        cancel: Some(context::ctrl_c()),
        ..ComputeOptions::default()
    };
    let values = grundy_heap::values(rules, n, &opts);
    bar.finish();
    let values = values.map_err(heap_failure)?;
    let period = grundy_heap::find_period(rules, &values);
    Ok((values, period))
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
    // A family with a table of one-argument positions but no heap code (a rule script) is
    // plotted from that table.
    let parsed = reg
        .parse_ruleset(ruleset)
        .map_err(|e| Failure::at(e, ruleset))?;
    let (values, period, rules) = if parsed.rules().heap_rules().is_none() {
        let last = u64::try_from(n - 1).unwrap_or(u64::MAX);
        let t = grundy::api::table(reg, ruleset, &last.into(), &grundy::Limits::default())?;
        (t.values, t.period, t.ruleset)
    } else {
        let rules = heap_rules(reg, ruleset)?;
        let (values, period) = heap_values(&rules, n)?;
        (values, period, rules.to_string())
    };
    let popts = PlotOptions {
        width,
        height,
        title: rules.clone(),
    };
    let write = |bytes: &[u8]| {
        grundy_heap::write_output(out, |w| std::io::Write::write_all(w, bytes))
            .map_err(|e| Failure::File(format!("cannot write {}: {e}", out.display())))
    };
    if ext.as_deref() == Some("svg") {
        write(grundy_plot::plot_svg(&values, period.as_ref(), &popts).as_bytes())?;
    } else {
        let mut bytes = Vec::new();
        grundy_plot::plot_png(&mut bytes, &values, period.as_ref(), &popts)
            .map_err(heap_failure)?;
        write(&bytes)?;
    }
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
    use super::*;

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
