//! What every command shares: the registry (built-ins plus rule scripts, reading graph files
//! from the disk), Ctrl-C as a cancellation, and progress on stderr for long work.

use std::collections::VecDeque;
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

/// How far back the rate of a progress bar looks: long enough to smooth the blocks in which
/// the kernels report, short enough to follow a run that slows down as values grow.
const RATE_WINDOW: Duration = Duration::from_secs(10);

/// The least time a rate is measured over before the bar shows it (and the time left).
const RATE_AFTER: Duration = Duration::from_secs(1);

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
    /// The reports of the current task in the last [`RATE_WINDOW`] (and the one before),
    /// when they came and how much was done: the bar's rate.
    samples: VecDeque<(Instant, u64)>,
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
                samples: VecDeque::new(),
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
            st.samples.clear();
        }
        st.samples.push_back((now, p.done));
        while st.samples.len() > 2
            && st
                .samples
                .get(1)
                .is_some_and(|&(at, _)| now.saturating_duration_since(at) >= RATE_WINDOW)
        {
            st.samples.pop_front();
        }
        if let Some(bar) = &st.bar {
            if let Some(t) = p.total {
                bar.set_length(t);
            }
            bar.set_position(p.done);
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
            // The figures are the reporter's own: indicatif's rate counts a resumed run's
            // first position as done in its first instant, and its time left read 0 s.
            let figures = bar_message(st.last.as_ref(), window_rate(&st.samples));
            match &st.bar {
                Some(bar) => bar.set_message(figures),
                None => st.bar = Some(new_bar(st.last.as_ref(), figures, elapsed)),
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
            st.samples.clear();
        }
    }

    /// Ends the current work and clears the bar.
    pub fn finish(&self) {
        if let Ok(mut st) = self.state.lock() {
            st.started = None;
            st.last = None;
            st.first = None;
            st.samples.clear();
            if let Some(b) = st.bar.take() {
                b.finish_and_clear();
            }
        }
    }
}

/// A bar for a known total, else a spinner, already showing the last report; `figures`
/// (from [`bar_message`]) fill the rest of the line and are cut to the terminal's width; its
/// clock starts at `elapsed`, the time the work has already run.
fn new_bar(last: Option<&Progress>, figures: String, elapsed: Duration) -> ProgressBar {
    let bar = match last.and_then(|p| p.total) {
        Some(t) => {
            let b = ProgressBar::new(t);
            b.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {bar:20} {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b
        }
        None => {
            let b = ProgressBar::new_spinner();
            b.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            b
        }
    };
    if let Some(p) = last {
        bar.set_position(p.done);
    }
    bar.set_message(figures);
    let bar = bar.with_elapsed(elapsed);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// The rate of the work over the reports of the window (the oldest to the newest), in units
/// a second; `None` until they span [`RATE_AFTER`] with some work done.
fn window_rate(samples: &VecDeque<(Instant, u64)>) -> Option<f64> {
    let (&(t0, d0), &(t1, d1)) = (samples.front()?, samples.back()?);
    let span = t1.saturating_duration_since(t0);
    (span >= RATE_AFTER && d1 > d0).then(|| (d1 - d0) as f64 / span.as_secs_f64())
}

/// The text beside the bar: share, done of total, rate and time left (the last two once a
/// rate is known), then the task, which the terminal's width cuts first.
fn bar_message(last: Option<&Progress>, rate: Option<f64>) -> String {
    let Some(p) = last else {
        return "working".to_string();
    };
    let mut parts = Vec::new();
    match p.total {
        Some(t) => {
            parts.push(format!(
                "{:.1}% {}/{}",
                100.0 * p.done as f64 / t.max(1) as f64,
                count_text(p.done as f64),
                count_text(t as f64)
            ));
            if let Some(r) = rate {
                parts.push(format!("{}/s", count_text(r)));
                let left = t.saturating_sub(p.done) as f64 / r;
                parts.push(format!("eta {}", duration_text(left)));
            }
        }
        None => {
            parts.push(count_text(p.done as f64));
            if let Some(r) = rate {
                parts.push(format!("{}/s", count_text(r)));
            }
        }
    }
    parts.push(p.task.clone());
    parts.join(", ")
}

/// A count or a rate in three significant figures with an SI prefix: `999`, `12.3 k`,
/// `16.6 G`.
fn count_text(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        return "?".to_string();
    }
    if x < 999.5 {
        return format!("{x:.0}");
    }
    let mut v = x;
    let mut unit = "";
    for u in ["k", "M", "G", "T", "P", "E"] {
        if v < 999.5 {
            break;
        }
        v /= 1000.0;
        unit = u;
    }
    let digits = if v < 9.995 {
        2
    } else if v < 99.95 {
        1
    } else {
        0
    };
    format!("{v:.digits$} {unit}")
}

/// A time left in its two largest units: `45 s`, `12 min 05 s`, `3 h 20 min`, `2 d 04 h`.
fn duration_text(secs: f64) -> String {
    if !secs.is_finite() || secs >= 1e12 {
        return "a very long time".to_string();
    }
    let s = secs.max(0.0).round() as u64;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d} d {h:02} h")
    } else if h > 0 {
        format!("{h} h {m:02} min")
    } else if m > 0 {
        format!("{m} min {sec:02} s")
    } else {
        format!("{sec} s")
    }
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
                samples: VecDeque::new(),
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

    /// The bar's figures: three significant figures with a prefix (not 16600000000.0000/s),
    /// a time left from the rate over the window (not "eta 0s"), blank until a rate is
    /// known; the task comes last, where the terminal's width cuts.
    #[test]
    fn the_bar_shows_a_rounded_rate_and_a_real_time_left() {
        assert_eq!(count_text(0.0), "0");
        assert_eq!(count_text(999.0), "999");
        assert_eq!(count_text(1_000.0), "1.00 k");
        assert_eq!(count_text(12_345_678.0), "12.3 M");
        assert_eq!(count_text(16_600_000_000.0), "16.6 G");
        assert_eq!(count_text(999_999.0), "1.00 M");
        assert_eq!(duration_text(45.2), "45 s");
        assert_eq!(duration_text(725.0), "12 min 05 s");
        assert_eq!(duration_text(12_000.0), "3 h 20 min");
        assert_eq!(duration_text(187_200.0), "2 d 04 h");
        let p = Progress {
            task: "values of tb[0.6]".into(),
            done: 6_000_000_000,
            total: Some(10_000_000_000),
        };
        assert_eq!(
            bar_message(Some(&p), None),
            "60.0% 6.00 G/10.0 G, values of tb[0.6]"
        );
        assert_eq!(
            bar_message(Some(&p), Some(1_000_000.0)),
            "60.0% 6.00 G/10.0 G, 1.00 M/s, eta 1 h 06 min, values of tb[0.6]"
        );
        let t0 = Instant::now();
        let at = |ms: u64, done: u64| (t0 + Duration::from_millis(ms), done);
        // A resumed run's first report (six billion done) is not work done in an instant.
        let mut w: VecDeque<_> = [at(0, 6_000_000_000)].into();
        assert_eq!(window_rate(&w), None);
        w.push_back(at(500, 6_000_500_000));
        assert_eq!(window_rate(&w), None);
        w.push_back(at(2_000, 6_002_000_000));
        assert_eq!(window_rate(&w), Some(1_000_000.0));
    }

    /// The reporter keeps the reports of the last ten seconds (and the one before them) for
    /// the bar's rate, and starts them again with a new task.
    #[test]
    fn the_window_keeps_ten_seconds_of_reports() {
        let r = plain();
        let t0 = r.state.lock().unwrap().started.unwrap();
        let p = |task: &str, done: u64| Progress {
            task: task.into(),
            done,
            total: Some(1 << 40),
        };
        for s in 0..30u64 {
            r.report_at(&p("a", s * 100), t0 + Duration::from_secs(s));
        }
        let rate = window_rate(&r.state.lock().unwrap().samples);
        assert_eq!(rate, Some(100.0));
        assert_eq!(r.state.lock().unwrap().samples.len(), 11);
        r.report_at(&p("b", 5), t0 + Duration::from_secs(31));
        assert_eq!(r.state.lock().unwrap().samples.len(), 1);
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
