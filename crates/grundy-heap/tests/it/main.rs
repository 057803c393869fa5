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

/// A budget cancelled by its own progress sink once `stop_at` values are done.
pub(crate) fn cancel_at(stop_at: u64) -> grundy_types::Limits {
    let cancel = grundy_types::Cancel::new();
    let raise = cancel.clone();
    let sink: grundy_types::ProgressSink =
        std::sync::Arc::new(move |p: &grundy_types::Progress| {
            if p.done >= stop_at {
                raise.cancel();
            }
        });
    grundy_types::Limits {
        progress: Some(sink),
        ..grundy_types::Limits::default().with_cancel(cancel)
    }
}

/// The default budget with a memory limit of `bytes`.
pub(crate) fn memory(bytes: u64) -> grundy_types::Limits {
    grundy_types::Limits {
        max_memory: bytes,
        ..grundy_types::Limits::default()
    }
}
