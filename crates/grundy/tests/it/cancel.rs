//! Cancellation from another thread: a long table and a long search stop at their next check
//! after the handle is triggered, with the `Cancelled` error (not a wrong or partial answer).
//!
//! No clock decides these tests: the work itself says when to cancel (at its first progress
//! report it waits while another thread raises the flag), and its later progress reports say
//! how far it went after that: at most one interval between checks of the flag. A computation
//! that ignored the flag would report on and on.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use grundy::analysis::{analyze, Options};
use grundy::{Cancel, ErrorKind, Limits, Play, Progress};

/// What the progress reports of a cancelled run saw.
#[derive(Debug, Default)]
struct Seen {
    /// The work done when the flag was raised (at the first report).
    cancelled_at: Option<u64>,
    /// The reports that came after the flag was raised.
    after: Vec<u64>,
}

impl Seen {
    /// Whether the work stopped within `interval` units of work after the cancel.
    fn stopped_within(&self, interval: u64) -> bool {
        self.cancelled_at
            .is_some_and(|at| self.after.iter().all(|&done| done <= at + interval))
    }
}

/// Runs `work` with a cancellation handle; at the work's first progress report another thread
/// cancels it (the work waits until the flag is raised). Returns the work's error kind and
/// what the reports saw.
fn cancel_at_first_report(
    work: impl FnOnce(Limits) -> Option<ErrorKind>,
) -> (Option<ErrorKind>, Seen) {
    let cancel = Cancel::new();
    let (ask, asked) = mpsc::channel::<()>();
    let (done, raised) = mpsc::channel::<()>();
    let canceller = thread::spawn({
        let cancel = cancel.clone();
        move || {
            if asked.recv().is_ok() {
                cancel.cancel();
                let _ = done.send(());
            }
        }
    });
    let seen = Arc::new(Mutex::new(Seen::default()));
    let link = Mutex::new((Some(ask), raised));
    let sink = {
        let seen = seen.clone();
        move |p: &Progress| {
            let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
            if seen.cancelled_at.is_some() {
                seen.after.push(p.done);
                return;
            }
            let mut link = link.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(ask) = link.0.take() {
                ask.send(()).expect("the canceller waits");
                link.1.recv().expect("the canceller raised the flag");
                seen.cancelled_at = Some(p.done);
            }
        }
    };
    let mut limits = Limits::default().with_nodes(usize::MAX).with_cancel(cancel);
    limits.progress = Some(Arc::new(sink));
    let kind = work(limits);
    canceller.join().expect("the canceller did not panic");
    let seen = std::mem::take(&mut *seen.lock().unwrap_or_else(|e| e.into_inner()));
    (kind, seen)
}

#[test]
fn a_long_table_stops_when_cancelled() {
    // Officers to 4 * 10^7 takes about a minute on one core. The dense kernels read the flag
    // every 16384 values, and report at those points and at the end of each stretch they are
    // asked for.
    let (kind, seen) = cancel_at_first_report(|limits| {
        grundy::api::table(
            grundy::Registry::shared(),
            "tb[0.6]",
            &40_000_000u64.into(),
            &limits,
        )
        .err()
        .map(|e| e.kind())
    });
    assert_eq!(kind, Some(ErrorKind::Cancelled), "{seen:?}");
    assert!(
        seen.stopped_within(1 << 14),
        "went on after the cancel: {seen:?}"
    );
}

#[test]
fn a_long_search_stops_when_cancelled() {
    // Misere play of this sum is searched whole: billions of positions. The search reads the
    // flag every CHECK_EVERY positions and reports every 64 of those intervals, so no report
    // comes after the cancel.
    let (kind, seen) = cancel_at_first_report(|limits| {
        let pos = grundy::expr::parse("wythoff(40,50) + wythoff(33,45) + nim(30,31,29)").unwrap();
        let opts = Options {
            play: Play::Misere,
            limits,
            ..Options::default()
        };
        analyze(&pos, &opts).err().map(|e| e.kind())
    });
    assert_eq!(kind, Some(ErrorKind::Cancelled), "{seen:?}");
    assert!(
        seen.cancelled_at.is_some() && seen.after.is_empty(),
        "went on after the cancel: {seen:?}"
    );
}
