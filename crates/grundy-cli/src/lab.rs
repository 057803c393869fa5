//! `grundy table --out` and `grundy plot`: long heap-sequence runs written to files.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::expr;
use grundy_heap::{ComputeOptions, HeapError, HeapRules, PlotOptions, RunOptions};
use indicatif::{ProgressBar, ProgressStyle};

use crate::commands::parse_to;
use crate::failure::Failure;
use crate::output::Out;

/// The heap rules behind a ruleset text, or an input error saying which rulesets qualify.
fn heap_rules(ruleset: &str) -> Result<HeapRules, Failure> {
    let r = expr::parse_ruleset(ruleset).map_err(|e| Failure::parse(&e, ruleset))?;
    r.heap_rules().cloned().ok_or_else(|| {
        Failure::input(format!(
            "{} has no heap sequence for the laboratory; table files and plots take sub[...] and tb[...] rulesets",
            r.name()
        ))
    })
}

/// The number of values 0..=N, as a machine word.
fn count(to: &str) -> Result<usize, Failure> {
    let n = parse_to(to)?;
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

/// Reads a size in bytes: digits with an optional K, M, G or T (powers of 1024).
fn parse_bytes(text: &str) -> Result<u64, Failure> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => (&t[..i], t[i..].trim_end_matches(['B', 'b'])),
        None => (t, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => u32::MAX,
    };
    digits
        .parse::<u64>()
        .ok()
        .filter(|_| shift != u32::MAX)
        .and_then(|v| v.checked_mul(1u64 << shift.min(63)))
        .ok_or_else(|| {
            Failure::input(format!(
                "--memory-limit {text}: expected a size such as 500M, 8G or 1000000"
            ))
        })
}

fn heap_failure(e: HeapError) -> Failure {
    match e {
        HeapError::TooLarge { .. } | HeapError::ValueOverflow { .. } => {
            Failure::Limit(format!("{e} (grundy table takes --memory-limit)"))
        }
        HeapError::Cancelled { .. } => Failure::Interrupted(e.to_string()),
        HeapError::Io { path, source } => Failure::File(format!("{}: {source}", path.display())),
        _ => Failure::input(e.to_string()),
    }
}

/// Progress of a long table on stderr: a bar with rate and ETA on a terminal; when stderr
/// is a file or a pipe (a log), a plain line every [`PLAIN_EVERY`] instead, so that long
/// runs never look hung there either.
struct Progress {
    bar: ProgressBar,
    plain: Option<Mutex<PlainProgress>>,
}

struct PlainProgress {
    total: u64,
    started: Instant,
    last: Instant,
}

const PLAIN_EVERY: Duration = Duration::from_secs(10);

impl Progress {
    fn new(total: usize) -> Progress {
        if !std::io::stderr().is_terminal() {
            let now = Instant::now();
            return Progress {
                bar: ProgressBar::hidden(),
                plain: Some(Mutex::new(PlainProgress {
                    total: total as u64,
                    started: now,
                    last: now,
                })),
            };
        }
        let bar = ProgressBar::new(total as u64);
        let style = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} values ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress { bar, plain: None }
    }

    fn set(&self, done: u64) {
        let Some(plain) = &self.plain else {
            self.bar.set_position(done);
            return;
        };
        let Ok(mut p) = plain.lock() else {
            return;
        };
        let now = Instant::now();
        if now.duration_since(p.last) < PLAIN_EVERY {
            return;
        }
        p.last = now;
        let secs = now.duration_since(p.started).as_secs_f64().max(1e-9);
        let rate = done as f64 / secs;
        let left = p.total.saturating_sub(done) as f64 / rate.max(1e-9);
        eprintln!(
            "{done}/{} values ({:.1}%), {:.0} values/s, elapsed {:.0} s, eta {:.0} s",
            p.total,
            100.0 * done as f64 / (p.total.max(1) as f64),
            rate,
            secs,
            left
        );
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `grundy table RULESET --to N --out FILE [--checkpoint FILE]`.
pub fn table_to_file(
    ruleset: &str,
    to: &str,
    out: &Path,
    checkpoint: Option<&Path>,
    memory_limit: Option<&str>,
) -> Result<(), Failure> {
    let rules = heap_rules(ruleset)?;
    let n = count(to)?;
    let memory_limit = match memory_limit {
        Some(text) => parse_bytes(text)?,
        None => grundy_heap::default_memory_limit(),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    // Ctrl-C stops the run at the next block, after a last checkpoint: nothing is lost.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let bar = Progress::new(n);
    let progress = |done: u64| bar.set(done);
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
            o.line(&crate::commands::period_line(
                p.period,
                p.preperiod,
                p.saltus,
                p.proven.then_some(proof.as_str()),
            ))?
        }
        None => o.line("period: none found")?,
    }
    o.flush()
}

/// `grundy plot RULESET --to N --out FILE.svg|FILE.png`.
pub fn plot(ruleset: &str, to: &str, out: &Path, width: u32, height: u32) -> Result<(), Failure> {
    let rules = heap_rules(ruleset)?;
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
    let bar = Progress::new(n);
    let progress = |done: u64| bar.set(done);
    let opts = ComputeOptions {
        progress: Some(&progress),
        ..ComputeOptions::default()
    };
    let values = grundy_heap::values(&rules, n, &opts);
    bar.finish();
    let values = values.map_err(heap_failure)?;
    let period = grundy_heap::find_period(&rules, &values);
    let popts = PlotOptions {
        width,
        height,
        title: rules.to_string(),
    };
    let write = |bytes: &[u8]| {
        grundy_heap::write_output(out, |w| std::io::Write::write_all(w, bytes))
            .map_err(|e| Failure::File(format!("cannot write {}: {e}", out.display())))
    };
    if ext.as_deref() == Some("svg") {
        write(grundy_heap::plot_svg(&values, period.as_ref(), &popts).as_bytes())?;
    } else {
        let mut bytes = Vec::new();
        grundy_heap::plot_png(&mut bytes, &values, period.as_ref(), &popts)
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
