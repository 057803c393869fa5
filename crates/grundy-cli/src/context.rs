//! What every command shares: the registry (built-ins plus rule scripts, reading graph files
//! from the disk), Ctrl-C as a cancellation, and progress on stderr for long work.

use std::io::{IsTerminal, Read};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::{Cancel, Error, Limits, Loader, Progress, Registry};
use indicatif::{ProgressBar, ProgressStyle};

use crate::failure::Failure;

/// Files named in expressions (`graph[FILE](v)`) are read from the disk by the CLI only.
pub struct DiskLoader;

impl Loader for DiskLoader {
    fn open(&self, name: &str) -> Result<Box<dyn Read + Send>, Error> {
        std::fs::File::open(name)
            .map(|f| Box::new(f) as Box<dyn Read + Send>)
            .map_err(|e| Error::Io {
                message: format!("cannot read {name}: {e}"),
            })
    }
}

/// The registry of the CLI: the built-in families, reading graph files from the disk.
pub fn registry() -> Registry {
    Registry::builtin().with_loader(Arc::new(DiskLoader))
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

/// Progress on stderr: after two seconds of work, a bar (or a spinner when the total is not
/// known) on a terminal; a plain line at two seconds and then every ten seconds in a log or a
/// pipe, so that long work never looks hung.
pub struct Reporter {
    started: Instant,
    terminal: bool,
    state: Mutex<ReporterState>,
}

struct ReporterState {
    bar: Option<ProgressBar>,
    last_plain: Option<Instant>,
}

impl Reporter {
    /// A reporter that shows nothing until work has run for two seconds.
    pub fn new() -> Arc<Reporter> {
        Arc::new(Reporter {
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            state: Mutex::new(ReporterState {
                bar: None,
                last_plain: None,
            }),
        })
    }

    /// Takes one report.
    pub fn report(&self, p: &Progress) {
        let now = Instant::now();
        if now.duration_since(self.started) < FIRST_REPORT {
            return;
        }
        let Ok(mut st) = self.state.lock() else {
            return;
        };
        if self.terminal {
            let bar = st.bar.get_or_insert_with(|| {
                let bar = match p.total {
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
                            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {pos} {msg}")
                                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                        );
                        b
                    }
                };
                bar.enable_steady_tick(Duration::from_millis(250));
                bar
            });
            bar.set_message(p.task.clone());
            if let Some(t) = p.total {
                bar.set_length(t);
            }
            bar.set_position(p.done);
            return;
        }
        if st
            .last_plain
            .is_some_and(|last| now.duration_since(last) < PLAIN_EVERY)
        {
            return;
        }
        st.last_plain = Some(now);
        let secs = now.duration_since(self.started).as_secs_f64().max(1e-9);
        let rate = p.done as f64 / secs;
        let line = match p.total {
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
        };
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{line}");
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Ok(mut st) = self.state.lock() {
            if let Some(b) = st.bar.take() {
                b.finish_and_clear();
            }
        }
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
