//! Integration tests of grundy-heap: golden tables of published results, property tests,
//! table files and checkpoints.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod bounded;
mod custom;
mod files;
mod golden;
mod known;
mod periods;
mod pieces;
mod props;
mod subsets;

/// A cancellation flag raised by the progress callback once `stop_at` values are done.
pub(crate) fn cancel_at(
    stop_at: u64,
) -> (
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    impl Fn(u64) + Sync,
) {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let f2 = flag.clone();
    let progress = move |done: u64| {
        if done >= stop_at {
            f2.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    (flag, progress)
}
