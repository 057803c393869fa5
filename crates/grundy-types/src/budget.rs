//! The parts of a budget that every crate shares and that need no engine: a cancellation
//! handle another thread raises (the one type every crate takes, so that a front hands the
//! same handle to all of them), how often a loop looks at it, progress reports and their
//! sink, and a watchdog that turns a deadline into a raised handle for code that knows no
//! clock.
//!
//! The engine's `grundy::Limits` adds the position and memory limits and the checks that
//! return its own errors; it re-exports these under `grundy::limits`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many steps of a cheap loop (a position expanded by a search, an interrupt of a Luau
/// call) pass between two looks at the cancellation handle and the clock: a look is an atomic
/// load and a read of the clock, tens of nanoseconds, so it costs nothing measurable once in
/// 1024 steps, and a step of a microsecond or less makes a cancellation or a deadline seen
/// within about a millisecond. Loops whose steps cost more, or grow with the input, choose
/// their own interval beside the loop (the heap kernels, the Fibonacci walk).
pub const CHECK_EVERY: usize = 1024;

/// A handle that cancels work from another thread (Ctrl-C, a web client that went away).
/// Every crate takes this one type; a hot loop may read [`Cancel::is_cancelled`] directly,
/// one relaxed atomic load.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A handle that is not cancelled yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every computation holding this handle to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`Cancel::cancel`] was called.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Whether `other` is a clone of this handle (the same flag, not merely an equal state):
    /// a script asks it before every call to know whether it already watches a query's
    /// handle, without cloning it.
    pub fn same_as(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// The flag itself, for code that takes a plain atomic flag.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }
}

/// A handle on an existing flag, shared: raising either raises both (for a caller that
/// already keeps a plain atomic flag).
impl From<Arc<AtomicBool>> for Cancel {
    fn from(flag: Arc<AtomicBool>) -> Cancel {
        Cancel(flag)
    }
}

/// A report of long work, for a progress bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being computed (`"values of tb[0.6]"`, `"positions searched"`).
    pub task: String,
    /// How much is done.
    pub done: u64,
    /// How much there is in all, when known.
    pub total: Option<u64>,
}

/// Where progress reports go.
pub type ProgressSink = Arc<dyn Fn(&Progress) + Send + Sync>;

/// The longest task text that [`short_task`] keeps whole.
pub const MAX_TASK_CHARS: usize = 100;

/// How many characters of a longer task text [`short_task`] keeps.
const TASK_HEAD_CHARS: usize = 60;

/// A task text fit for a progress line. A ruleset's name can be 400 KB (a subtraction set of
/// 60,000 elements), and a progress line every ten seconds must not reprint it: a text of more
/// than [`MAX_TASK_CHARS`] characters keeps its first 60, cut after an element when it lists
/// them in brackets, and says how many elements (or characters) there were.
///
/// Arguments: the task text, such as `values of sub[1,3,4]`.
///
/// Returns: the text itself when short, else its shortened form.
///
/// Complexity: linear in the length of the text.
///
/// Example:
/// ```
/// use grundy_types::short_task;
/// assert_eq!(short_task("values of sub[1,3,4]"), "values of sub[1,3,4]");
/// let set: Vec<String> = (1..=5000).map(|k| k.to_string()).collect();
/// let long = format!("values of sub[{}]", set.join(","));
/// assert_eq!(
///     short_task(&long),
///     "values of sub[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,...] (5000 elements)"
/// );
/// ```
pub fn short_task(task: &str) -> String {
    if task.len() <= MAX_TASK_CHARS || task.chars().count() <= MAX_TASK_CHARS {
        return task.to_string();
    }
    let head_end = task
        .char_indices()
        .nth(TASK_HEAD_CHARS)
        .map_or(task.len(), |(i, _)| i);
    let head = &task[..head_end];
    // A list of numbers in brackets: cut after a whole item and count the elements.
    if let (Some(open), Some(close)) = (head.find('['), task.rfind(']')) {
        let cut = head[open..].rfind(',').filter(|_| close > open);
        if let (Some(cut), Some(elements)) = (
            cut,
            cut.and_then(|_| count_elements(&task[open + 1..close])),
        ) {
            let tail = &task[close + 1..];
            let tail = if tail.chars().count() <= 40 { tail } else { "" };
            return format!("{}...]{tail} ({elements} elements)", &task[..=open + cut]);
        }
    }
    format!("{head}... ({} characters)", task.chars().count())
}

/// The number of elements of a list such as `1,4,9..12` (numbers and ranges `a..b`), or
/// `None` when it lists anything else.
fn count_elements(list: &str) -> Option<u128> {
    list.split(',').try_fold(0u128, |total, item| {
        let item = item.trim();
        let n = match item.split_once("..") {
            Some((a, b)) => {
                let (a, b): (u128, u128) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                b.checked_sub(a)?.checked_add(1)?
            }
            None => item.parse::<u128>().map(|_| 1).ok()?,
        };
        total.checked_add(n)
    })
}

/// A thread that raises a cancellation handle when a deadline passes or another handle is
/// raised, for code that polls a handle and knows no clock (the heap kernels); the thread
/// stops when the watchdog is dropped.
pub struct Watchdog {
    done: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    /// How often the thread looks at the clock and the handle.
    const POLL: Duration = Duration::from_millis(20);

    /// Starts a watchdog for `deadline` and `cancel`.
    ///
    /// Arguments: the instant after which the flag is raised, and the handle whose
    /// cancellation raises it too.
    ///
    /// Returns: the handle to give the work, and the watchdog, which must live as long as the
    /// work (dropping it stops and joins the thread).
    ///
    /// Complexity: one thread that wakes every 20 ms, so the handle is raised within about
    /// 20 ms of the deadline or the cancellation.
    ///
    /// Example:
    /// ```
    /// use grundy_types::{Cancel, Watchdog};
    /// let cancel = Cancel::new();
    /// let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    /// let (stop, watchdog) = Watchdog::start(far, Some(cancel.clone()));
    /// cancel.cancel();
    /// while !stop.is_cancelled() {
    ///     std::thread::yield_now();
    /// }
    /// drop(watchdog);
    /// ```
    pub fn start(deadline: Instant, cancel: Option<Cancel>) -> (Cancel, Watchdog) {
        let stop = Cancel::new();
        let done = Arc::new(AtomicBool::new(false));
        let (s, d) = (stop.clone(), done.clone());
        let handle = std::thread::spawn(move || {
            while !d.load(Ordering::Relaxed) {
                if Instant::now() >= deadline || cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                    s.cancel();
                    return;
                }
                std::thread::sleep(Watchdog::POLL);
            }
        });
        (
            stop,
            Watchdog {
                done,
                handle: Some(handle),
            },
        )
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_past_deadline_raises_the_flag_and_a_handle_reports_its_cancellation() {
        let (stop, watchdog) = Watchdog::start(Instant::now(), None);
        // The thread raises the handle on its first look; dropping the watchdog joins it.
        while !stop.is_cancelled() {
            std::thread::yield_now();
        }
        drop(watchdog);
        let c = Cancel::new();
        let same = c.clone();
        assert!(!same.is_cancelled());
        c.cancel();
        assert!(same.is_cancelled());
        assert!(c.flag().load(Ordering::SeqCst));
        // A handle on a plain flag shares it.
        let flag = Arc::new(AtomicBool::new(false));
        let on_flag = Cancel::from(flag.clone());
        flag.store(true, Ordering::SeqCst);
        assert!(on_flag.is_cancelled());
        // A clone is the same handle; a fresh one, even in the same state, is not.
        assert!(c.same_as(&same));
        let other = Cancel::new();
        other.cancel();
        assert!(!c.same_as(&other));
    }
}
