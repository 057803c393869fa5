//! What every command shares: the registry (built-ins plus rule scripts, reading graph files
//! from the disk), Ctrl-C as a cancellation, and progress on stderr for long work.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::{Cancel, Limits, Progress, Registry};
use indicatif::{ProgressBar, ProgressStyle};

use crate::failure::Failure;

/// The registry of the CLI: the built-in families, reading the files named in expressions
/// (`graph[FILE](v)`) from the disk.
pub fn registry() -> Registry {
    Registry::builtin().with_loader(Arc::new(grundy::loader::DiskLoader))
}

/// A cancellation raised by Ctrl-C (installed once per process).
pub fn ctrl_c() -> Cancel {
    static CANCEL: std::sync::OnceLock<Cancel> = std::sync::OnceLock::new();
    CANCEL
        .get_or_init(|| {
            let c = Cancel::new();
            let flag = c.clone();
            // Failing to install the handler only means Ctrl-C kills the process at once.
            let _ = ctrlc::set_handler(move || flag.cancel());
            c
        })
        .clone()
}

/// How soon long work starts to show progress.
const FIRST_REPORT: Duration = Duration::from_secs(2);

/// How often a plain progress line is written when stderr is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// How often the reporter's clock looks at the work.
const TICK: Duration = Duration::from_millis(100);

/// Progress on stderr: after two seconds of work, a bar (or a spinner when the total is not
/// known) on a terminal; a plain line at two seconds and then every ten seconds in a log or a
/// pipe, so that long work never looks hung.
///
/// A clock thread shows it, not the reports themselves: a step of the engine that reports
/// nothing (a period search, a count, rendering a huge answer) still shows that work goes on,
/// with the last figures reported.
pub struct Reporter {
    terminal: bool,
    state: Mutex<ReporterState>,
}

struct ReporterState {
    /// When the current work began; `None` between two pieces of work (a batch waiting for
    /// its next line).
    started: Option<Instant>,
    bar: Option<ProgressBar>,
    last_plain: Option<Instant>,
    /// The last report of the current work.
    last: Option<Progress>,
    /// The first report of the current task and when it came: rates count from it, so that
    /// a resumed run does not count the work of earlier runs as done at once.
    first: Option<(Progress, Instant)>,
}

impl Reporter {
    /// A reporter whose work begins now; it shows nothing until two seconds have passed.
    pub fn new() -> Arc<Reporter> {
        let r = Arc::new(Reporter {
            terminal: std::io::stderr().is_terminal(),
            state: Mutex::new(ReporterState {
                started: Some(Instant::now()),
                bar: None,
                last_plain: None,
                last: None,
                first: None,
            }),
        });
        // The clock holds a weak handle, so that it ends soon after the reporter does.
        let weak = Arc::downgrade(&r);
        let _ = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || loop {
                std::thread::sleep(TICK);
                match weak.upgrade() {
                    Some(r) => r.tick(),
                    None => break,
                }
            });
        r
    }

    /// Takes one report (shown by the clock).
    pub fn report(&self, p: &Progress) {
        self.report_at(p, Instant::now());
    }

    /// Takes one report that came at `now`.
    fn report_at(&self, p: &Progress, now: Instant) {
        let Ok(mut st) = self.state.lock() else {
            return;
        };
        if st.started.is_none() {
            return;
        }
        let new_task = st.first.as_ref().is_none_or(|(f, _)| f.task != p.task);
        if new_task {
            st.first = Some((p.clone(), now));
        }
        if let Some(bar) = &st.bar {
            bar.set_message(p.task.clone());
            if let Some(t) = p.total {
                bar.set_length(t);
            }
            bar.set_position(p.done);
            if new_task {
                // The bar's rate starts from here, not from zero.
                bar.reset_eta();
            }
        }
        st.last = Some(p.clone());
    }

    /// Shows the progress when the work has run for two seconds.
    fn tick(&self) {
        if let Some(line) = self.due(Instant::now()) {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }

    /// What the clock shows at `now`: on a terminal it starts the bar (and returns nothing);
    /// elsewhere it returns the plain line that is due, if one is.
    fn due(&self, now: Instant) -> Option<String> {
        let mut st = self.state.lock().ok()?;
        let elapsed = now.checked_duration_since(st.started?)?;
        if elapsed < FIRST_REPORT {
            return None;
        }
        if self.terminal {
            if st.bar.is_none() {
                let bar = new_bar(st.last.as_ref());
                // The work already reported is not work done in the bar's first tick.
                bar.reset_eta();
                st.bar = Some(bar);
            }
            return None;
        }
        if st
            .last_plain
            .is_some_and(|last| now.saturating_duration_since(last) < PLAIN_EVERY)
        {
            return None;
        }
        st.last_plain = Some(now);
        let first = st
            .first
            .as_ref()
            .map(|(p, at)| (p.done, now.saturating_duration_since(*at)));
        Some(plain_line(st.last.as_ref(), first, elapsed))
    }

    /// Begins a new piece of work (the next line of a batch): the two seconds start again.
    pub fn begin(&self) {
        if let Ok(mut st) = self.state.lock() {
            st.started = Some(Instant::now());
            st.last_plain = None;
            st.last = None;
            st.first = None;
        }
    }

    /// Ends the current work and clears the bar.
    pub fn finish(&self) {
        if let Ok(mut st) = self.state.lock() {
            st.started = None;
            st.last = None;
            st.first = None;
            if let Some(b) = st.bar.take() {
                b.finish_and_clear();
            }
        }
    }
}

/// A bar for a known total, else a spinner, already showing the last report.
fn new_bar(last: Option<&Progress>) -> ProgressBar {
    let bar = match last.and_then(|p| p.total) {
        Some(t) => {
            let b = ProgressBar::new(t);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} {msg} ({per_sec}, eta {eta})",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b
        }
        None => {
            let b = ProgressBar::new_spinner();
            b.set_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg} {pos}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            b
        }
    };
    match last {
        Some(p) => {
            bar.set_message(p.task.clone());
            bar.set_position(p.done);
        }
        None => bar.set_message("working"),
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// The plain progress line: the last figures reported, or that work goes on. The rate is
/// the work done since the task's first report (`first`: how much it said was done, and how
/// long ago), so that the values of an earlier run, resumed, do not count as done now.
fn plain_line(
    last: Option<&Progress>,
    first: Option<(u64, Duration)>,
    elapsed: Duration,
) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    match last {
        Some(p) => {
            let (base, since) = first.unwrap_or((0, elapsed));
            let moved = p.done.saturating_sub(base);
            let rate = moved as f64 / since.as_secs_f64().max(1e-9);
            match p.total {
                // Nothing done yet: no rate, so no time left to tell.
                Some(t) if p.done == 0 => {
                    format!("{}: 0/{t}, elapsed {:.0} s", p.task, secs)
                }
                // Nothing done since the first report (a resumed run): the share, no rate.
                Some(t) if moved == 0 => format!(
                    "{}: {}/{t} ({:.1}%), elapsed {:.0} s",
                    p.task,
                    p.done,
                    100.0 * p.done as f64 / (t.max(1) as f64),
                    secs
                ),
                Some(t) => {
                    let left = t.saturating_sub(p.done) as f64 / rate.max(1e-9);
                    format!(
                        "{}: {}/{t} ({:.1}%), {:.0}/s, elapsed {:.0} s, eta {:.0} s",
                        p.task,
                        p.done,
                        100.0 * p.done as f64 / (t.max(1) as f64),
                        rate,
                        secs,
                        left
                    )
                }
                None => format!("{}: {}, elapsed {:.0} s", p.task, p.done, secs),
            }
        }
        None => format!("working, elapsed {secs:.0} s"),
    }
}

/// Limits for one command: its position limit and time limit, Ctrl-C and progress.
pub fn limits(
    base: Limits,
    max_nodes: Option<usize>,
    timeout: Option<f64>,
    reporter: &Arc<Reporter>,
) -> Result<Limits, Failure> {
    let mut l = base.with_cancel(ctrl_c());
    if let Some(n) = max_nodes {
        l = l.with_nodes(n);
    }
    if let Some(t) = timeout {
        if !(t.is_finite() && t > 0.0) {
            return Err(Failure::input(format!(
                "--timeout {t}: expected a positive number of seconds such as 10 or 0.5"
            )));
        }
        l = l.with_timeout(Duration::from_secs_f64(t.min(1e9)));
    }
    let r = reporter.clone();
    l.progress = Some(Arc::new(move |p: &Progress| r.report(p)));
    Ok(l)
}

/// Reads a size in bytes: digits with an optional K, M, G or T (powers of 1024).
pub fn parse_bytes(flag: &str, text: &str) -> Result<u64, Failure> {
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
                "{flag} {text}: expected a size such as 500M, 8G or 1000000"
            ))
        })
}

/// Reads a count written as in expressions (`1000`, `10^9`) into a `u128`.
pub fn parse_count(flag: &str, text: &str) -> Result<u128, Failure> {
    let n = grundy::api::parse_natural(text, flag)?;
    u128::try_from(&n)
        .map_err(|_| Failure::input(format!("{flag} {text}: the number is too large")))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn plain() -> Reporter {
        Reporter {
            terminal: false,
            state: Mutex::new(ReporterState {
                started: Some(Instant::now()),
                bar: None,
                last_plain: None,
                last: None,
                first: None,
            }),
        }
    }

    /// Off a terminal, a line is due at two seconds even when the engine reported nothing
    /// (issue 18: a period search or a count ran for minutes without a word), then every ten
    /// seconds, with the last figures reported; nothing before two seconds or after the end.
    #[test]
    fn a_line_is_due_at_two_seconds_with_or_without_reports() {
        let r = plain();
        let t0 = r.state.lock().unwrap().started.unwrap();
        assert_eq!(r.due(t0 + Duration::from_millis(1900)), None);
        assert_eq!(
            r.due(t0 + Duration::from_millis(2100)).as_deref(),
            Some("working, elapsed 2 s")
        );
        assert_eq!(r.due(t0 + Duration::from_secs(5)), None);
        r.report(&Progress {
            task: "values of tb[0.6]".into(),
            done: 50,
            total: Some(100),
        });
        let line = r.due(t0 + Duration::from_millis(12_200)).unwrap();
        assert!(
            line.starts_with("values of tb[0.6]: 50/100 (50.0%)"),
            "{line}"
        );
        r.finish();
        assert_eq!(r.due(t0 + Duration::from_secs(40)), None);
        // A batch's next line starts the two seconds again.
        r.begin();
        let t1 = r.state.lock().unwrap().started.unwrap();
        assert_eq!(r.due(t1 + Duration::from_secs(1)), None);
        assert!(r.due(t1 + Duration::from_secs(3)).is_some());
    }

    /// A resumed run's first report already counts the earlier runs' values: the rate and the
    /// time left count only what this run did (it said 81152845/s, eta 61 s, at 64% of a
    /// 10^10 table that had hours to go).
    #[test]
    fn a_resumed_run_counts_its_rate_from_its_first_report() {
        let r = plain();
        let t0 = r.state.lock().unwrap().started.unwrap();
        let at = |done: u64, ms: u64| {
            let p = Progress {
                task: "values of tb[0.6]".into(),
                done,
                total: Some(10_000_000_000),
            };
            r.report_at(&p, t0 + Duration::from_millis(ms));
        };
        at(6_000_000_000, 1_000);
        let line = r.due(t0 + Duration::from_millis(2_100)).unwrap();
        assert_eq!(
            line,
            "values of tb[0.6]: 6000000000/10000000000 (60.0%), elapsed 2 s"
        );
        // A million values in the 11.1 s since the first report: 90090/s, 3999 * 10^6 left.
        at(6_001_000_000, 11_000);
        let line = r.due(t0 + Duration::from_millis(12_100)).unwrap();
        assert!(
            line.contains("(60.0%), 90090/s, elapsed 12 s, eta 44389 s"),
            "{line}"
        );
    }

    /// The line of a run over a subtraction set of 20,000 elements names the set in a few
    /// dozen characters, not 120 KB (issue 23).
    #[test]
    fn a_large_ruleset_is_named_briefly_in_progress_lines() {
        let r = Arc::new(plain());
        let t0 = r.state.lock().unwrap().started.unwrap();
        let set: Vec<String> = (1..=20_000u32).map(|k| (2 * k).to_string()).collect();
        let rules =
            grundy_heap::HeapRules::Sub(grundy_heap::SubSet::parse(&set.join(",")).unwrap());
        let l = limits(Limits::default(), None, None, &r).unwrap();
        l.report(&format!("values of {rules}"), 5, Some(10));
        let line = r.due(t0 + Duration::from_secs(3)).unwrap();
        assert!(line.len() < 200, "{} bytes: {}", line.len(), &line[..200]);
        assert!(
            line.starts_with("values of sub[2,4,6,8,")
                && line.contains(",...] (20000 elements): 5/10"),
            "{line}"
        );
    }
}
