//! Limits that every solver honours: positions, memory, wall time, and cancellation from
//! another thread; and progress reports for long work.
//!
//! **Invariant:** a search checks [`Limits::check`] at least every [`CHECK_EVERY`] positions,
//! so a cancellation or a deadline stops it within a fraction of a second.
//!
//! The parts that need no engine ([`Cancel`], [`CHECK_EVERY`], [`Progress`] and its sink,
//! [`short_task`], the deadline [`Watchdog`]) live in `grundy-types`, below every crate, and
//! are re-exported here; [`Limits`] and [`Ticker`] stay, since their checks return the
//! engine's [`Error`] and the memory default is the heap kernels'.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

// CHECK_EVERY: how many positions a search expands between two checks of the cancellation
// flag and the deadline, the interval the cheap loops of every crate share.
pub use grundy_types::{
    short_task, Cancel, Progress, ProgressSink, Watchdog, CHECK_EVERY, MAX_TASK_CHARS,
};

use crate::error::{Error, Limit};
use crate::Play;

/// The default limit of a normal-play search: positions stored.
pub const NORMAL_NODES: usize = 5_000_000;

/// The default limit of a misere-play search: whole sums stored (each far costlier than one
/// position, so the limit is lower and a hopeless search stops within seconds).
pub const MISERE_NODES: usize = 200_000;

/// The limits of one request.
#[derive(Clone)]
pub struct Limits {
    /// The most positions a search may store (whole sums for the misere and remoteness
    /// searches).
    pub max_nodes: usize,
    /// The most bytes a table may take; checked before allocating.
    pub max_memory: u64,
    /// The instant after which work stops with a time limit error.
    pub deadline: Option<Instant>,
    /// The time limit the deadline came from (for messages).
    pub time_limit: Option<Duration>,
    /// Cancels the work from another thread.
    pub cancel: Option<Cancel>,
    /// Receives progress reports of long work (at most a few per second).
    pub progress: Option<ProgressSink>,
    /// The options that counting winning moves may still examine, shared by every clone
    /// ([`Limits::spend_count`]); `None`: only each family's own bound per component.
    pub count_budget: Option<Arc<AtomicU64>>,
}

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("max_nodes", &self.max_nodes)
            .field("max_memory", &self.max_memory)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl PartialEq for Limits {
    fn eq(&self, other: &Self) -> bool {
        self.max_nodes == other.max_nodes
            && self.max_memory == other.max_memory
            && self.deadline == other.deadline
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: NORMAL_NODES,
            max_memory: grundy_heap::default_memory_limit(),
            deadline: None,
            time_limit: None,
            cancel: None,
            progress: None,
            count_budget: None,
        }
    }
}

impl Limits {
    /// The defaults for a play convention: the same policy for every command and front.
    pub fn for_play(play: Play) -> Limits {
        Limits {
            max_nodes: match play {
                Play::Normal => NORMAL_NODES,
                Play::Misere => MISERE_NODES,
            },
            ..Limits::default()
        }
    }

    /// These limits with a different position limit.
    pub fn with_nodes(mut self, max_nodes: usize) -> Limits {
        self.max_nodes = max_nodes;
        self
    }

    /// These limits with a time limit starting now.
    pub fn with_timeout(mut self, limit: Duration) -> Limits {
        self.deadline = Instant::now().checked_add(limit);
        self.time_limit = Some(limit);
        self
    }

    /// These limits with a cancellation handle.
    pub fn with_cancel(mut self, cancel: Cancel) -> Limits {
        self.cancel = Some(cancel);
        self
    }

    /// These limits with a budget of `n` options for counting winning moves, shared by
    /// their clones.
    pub fn with_count_budget(mut self, n: u64) -> Limits {
        self.count_budget = Some(Arc::new(AtomicU64::new(n)));
        self
    }

    /// The options that counting may still examine (`u64::MAX` without a budget).
    pub fn count_left(&self) -> u64 {
        self.count_budget
            .as_ref()
            .map_or(u64::MAX, |b| b.load(Ordering::Relaxed))
    }

    /// Spends `k` options of the counting budget: `false`, and the budget emptied, when fewer
    /// than `k` remain.
    pub fn spend_count(&self, k: u64) -> bool {
        let Some(b) = &self.count_budget else {
            return true;
        };
        let before = b
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(k))
            })
            .unwrap_or(0);
        before >= k
    }

    /// Whether the work must stop now: `Err(Cancelled)` or a time limit error.
    pub fn check(&self) -> Result<(), Error> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Error::Cancelled);
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                let limit = self.time_limit.unwrap_or_default();
                return Err(Error::limit(
                    Limit::Time(limit),
                    format!("the computation reached its time limit of {limit:.1?}"),
                ));
            }
        }
        Ok(())
    }

    /// Reports progress, when someone listens. A long task text (a ruleset with a large
    /// subtraction set) is shortened by [`short_task`], so that a progress line stays a line.
    pub fn report(&self, task: &str, done: u64, total: Option<u64>) {
        if let Some(p) = &self.progress {
            p(&Progress {
                task: short_task(task),
                done,
                total,
            });
        }
    }

    /// A cancellation handle for code that polls a handle and knows no clock (the heap
    /// kernels), raised when this request is cancelled or its deadline passes. A watchdog
    /// thread is started only when there is a deadline; it ends with the returned guard.
    pub fn heap_flag(&self) -> (Option<Cancel>, Option<Watchdog>) {
        match (self.deadline, &self.cancel) {
            (None, None) => (None, None),
            (None, Some(c)) => (Some(c.clone()), None),
            (Some(deadline), cancel) => {
                let (stop, watchdog) = Watchdog::start(deadline, cancel.clone());
                (Some(stop), Some(watchdog))
            }
        }
    }
}

/// Counts work between checks: call [`Ticker::tick`] once per position expanded.
#[derive(Debug, Default)]
pub struct Ticker {
    n: usize,
}

impl Ticker {
    /// Checks the limits every [`CHECK_EVERY`] ticks.
    pub fn tick(&mut self, limits: &Limits) -> Result<(), Error> {
        self.n += 1;
        if self.n.is_multiple_of(CHECK_EVERY) {
            limits.check()?;
            if limits.progress.is_some() && self.n.is_multiple_of(CHECK_EVERY * 64) {
                limits.report("positions searched", self.n as u64, None);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ruleset of 63,214 elements (Codeforces 1091H) reported its whole name, 400 KB, in
    /// every progress line; the report now carries a line's worth.
    #[test]
    fn long_task_texts_reach_the_sink_shortened() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        let l = Limits {
            progress: Some(Arc::new(move |p: &Progress| {
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(p.task.clone())
            })),
            ..Limits::default()
        };
        let set: Vec<String> = (0..63_214u64).map(|k| (3 * k + 2).to_string()).collect();
        let name = format!("sub[{}]", set.join(","));
        assert!(name.len() > 400_000);
        l.report(&format!("values of {name}"), 10, Some(100));
        l.report("values of tb[0.07]", 10, Some(100));
        let seen = seen.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(seen[1], "values of tb[0.07]");
        let short = &seen[0];
        assert!(short.chars().count() <= MAX_TASK_CHARS, "{short}");
        assert!(short.starts_with("values of sub[2,5,8,"), "{short}");
        assert!(short.ends_with(",...] (63214 elements)"), "{short}");
        // Ranges count every element they hold (a subtraction set prints runs as ranges).
        let ranged = format!("values of sub[2..7,9..11,{}]", set.join(","));
        assert!(short_task(&ranged).starts_with("values of sub[2..7,9..11,2,5,"));
        assert!(short_task(&ranged).ends_with(",...] (63223 elements)"));
        // A list of other things is measured in characters.
        let spec = format!("values of dag[{}]", vec!["1,2;3"; 40].join(";"));
        assert!(
            short_task(&spec).ends_with("... (254 characters)"),
            "{}",
            short_task(&spec)
        );
        // Without a list: the head and the length; multibyte text is cut on a character.
        let words = "é".repeat(150);
        assert_eq!(
            short_task(&words),
            format!("{}... (150 characters)", "é".repeat(60))
        );
        // A text just at the limit is kept whole.
        let edge = "x".repeat(MAX_TASK_CHARS);
        assert_eq!(short_task(&edge), edge);
    }

    #[test]
    fn cancel_and_deadline_stop_work() {
        let c = Cancel::new();
        let l = Limits::default().with_cancel(c.clone());
        assert!(l.check().is_ok());
        c.cancel();
        assert_eq!(l.check(), Err(Error::Cancelled));
        let l = Limits::default().with_timeout(Duration::ZERO);
        assert!(matches!(
            l.check(),
            Err(Error::Limit {
                limit: Limit::Time(_),
                ..
            })
        ));
    }
}
