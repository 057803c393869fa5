//! Cancellation from another thread: a long table and a long search stop soon after the
//! handle is triggered, with the `Cancelled` error (not a wrong or partial answer).

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use grundy::analysis::{analyze, Options};
use grundy::{Cancel, ErrorKind, Limits, Play};

/// How long a cancelled computation may take to stop. Checks run every few thousand positions
/// or values (about a millisecond); the bound leaves room for a loaded two-core machine.
const STOP_WITHIN: Duration = Duration::from_secs(1);

/// Runs `work` with a cancellation handle on a thread, cancels it after 300 ms, and returns
/// its error kind and how long it took to stop after the cancel.
fn cancel_after_start(
    work: impl FnOnce(Limits) -> Option<ErrorKind> + Send + 'static,
) -> (Option<ErrorKind>, Duration) {
    let cancel = Cancel::new();
    let limits = Limits::default()
        .with_nodes(usize::MAX)
        .with_cancel(cancel.clone());
    let (tx, rx) = mpsc::channel();
    let handle = thread::spawn(move || {
        let kind = work(limits);
        let _ = tx.send(Instant::now());
        kind
    });
    thread::sleep(Duration::from_millis(300));
    let cancelled_at = Instant::now();
    cancel.cancel();
    // A computation that ignored the handle would run for minutes: wait a bounded time.
    let stopped_at = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the computation stopped after the cancel");
    let kind = handle.join().expect("the worker did not panic");
    (kind, stopped_at.saturating_duration_since(cancelled_at))
}

#[test]
fn a_long_table_stops_when_cancelled() {
    // Officers to 4 * 10^7 takes about a minute on one core.
    let (kind, after) = cancel_after_start(|limits| {
        grundy::api::table(
            grundy::registry::builtin(),
            "tb[0.6]",
            &40_000_000u64.into(),
            &limits,
        )
        .err()
        .map(|e| e.kind())
    });
    assert_eq!(kind, Some(ErrorKind::Cancelled));
    assert!(after < STOP_WITHIN, "stopped {after:?} after the cancel");
}

#[test]
fn a_long_search_stops_when_cancelled() {
    // Misere play of this sum is searched whole: billions of positions.
    let (kind, after) = cancel_after_start(|limits| {
        let pos = grundy::expr::parse("wythoff(40,50) + wythoff(33,45) + nim(30,31,29)").unwrap();
        let opts = Options {
            play: Play::Misere,
            limits,
            ..Options::default()
        };
        analyze(&pos, &opts).err().map(|e| e.kind())
    });
    assert_eq!(kind, Some(ErrorKind::Cancelled));
    assert!(after < STOP_WITHIN, "stopped {after:?} after the cancel");
}
