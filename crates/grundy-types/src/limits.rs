//! The budget of one request, the one every crate takes: positions, memory, wall time,
//! cancellation from another thread, and where progress reports go.
//!
//! **Invariant:** a search checks [`Limits::check`] at least every [`CHECK_EVERY`] positions
//! (a [`Ticker`] does the counting), so a cancellation or a deadline stops it within a
//! fraction of a second. A check that fails says why in a [`Stop`], which each crate turns
//! into its own error (its `kind()` is [`ErrorKind::Cancelled`] or [`ErrorKind::Limit`]).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::budget::{short_task, Cancel, Progress, ProgressSink, CHECK_EVERY};
use crate::{ErrorKind, Play};

/// Why a check of the [`Limits`] stopped the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The request was cancelled (Ctrl-C, a client gone, a caller's flag).
    Cancelled,
    /// The time limit given, reached.
    Time(Duration),
}

impl Stop {
    /// The kind of error this stop is, for every crate's `kind()`.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Stop::Cancelled => ErrorKind::Cancelled,
            Stop::Time(_) => ErrorKind::Limit,
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Cancelled => write!(f, "cancelled"),
            Stop::Time(limit) => {
                write!(f, "the computation reached its time limit of {limit:.1?}")
            }
        }
    }
}

impl std::error::Error for Stop {}

/// The default memory limit: three quarters of the memory the kernel reports available, and
/// at most half of the process's address-space limit (`ulimit -v`: address space counts
/// thread stacks and allocator arenas besides the tables) and three quarters of its cgroup's
/// memory limit, when those are set; 4 GiB when nothing can be read.
pub fn default_memory_limit() -> u64 {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let available = read("/proc/meminfo").and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map(|kb| kb.saturating_mul(1024) / 4 * 3)
    });
    let address_space = read("/proc/self/limits").and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("Max address space"))
            .and_then(|l| l.split_whitespace().nth(3))
            .and_then(|soft| soft.parse::<u64>().ok())
            .map(|bytes| bytes / 2)
    });
    let cgroup = read("/sys/fs/cgroup/memory.max")
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map(|bytes| bytes / 4 * 3);
    [available, address_space, cgroup]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(4 << 30)
}

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
            max_memory: default_memory_limit(),
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

    /// Whether the work must stop now: [`Stop::Cancelled`] or [`Stop::Time`].
    pub fn check(&self) -> Result<(), Stop> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Stop::Cancelled);
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return Err(Stop::Time(self.time_limit.unwrap_or_default()));
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
}

/// Counts work between checks: call [`Ticker::tick`] once per position expanded.
#[derive(Debug, Default)]
pub struct Ticker {
    n: usize,
}

impl Ticker {
    /// Checks the limits every [`CHECK_EVERY`] ticks.
    pub fn tick(&mut self, limits: &Limits) -> Result<(), Stop> {
        self.n += 1;
        if self.n % CHECK_EVERY == 0 {
            limits.check()?;
            if limits.progress.is_some() && self.n % (CHECK_EVERY * 64) == 0 {
                limits.report("positions searched", self.n as u64, None);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancel_and_deadline_stop_work() {
        let c = Cancel::new();
        let l = Limits::default().with_cancel(c.clone());
        assert!(l.check().is_ok());
        c.cancel();
        assert_eq!(l.check(), Err(Stop::Cancelled));
        assert_eq!(Stop::Cancelled.kind(), ErrorKind::Cancelled);
        let l = Limits::default().with_timeout(Duration::ZERO);
        assert_eq!(l.check(), Err(Stop::Time(Duration::ZERO)));
        assert_eq!(Stop::Time(Duration::ZERO).kind(), ErrorKind::Limit);
    }

    #[test]
    fn the_count_budget_is_shared_by_clones_and_spent_to_zero() {
        let l = Limits::default().with_count_budget(10);
        let m = l.clone();
        assert!(l.spend_count(4));
        assert_eq!(m.count_left(), 6);
        assert!(!m.spend_count(7));
        assert_eq!(l.count_left(), 0);
        assert_eq!(Limits::default().count_left(), u64::MAX);
    }
}
