//! Work counted and the cancellation flag polled, shared by the solvers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::error::HackenbushError;

/// Counts work and polls the cancellation flag now and then.
pub(crate) struct Ticker {
    cancel: Option<Arc<AtomicBool>>,
    work: usize,
}

impl Ticker {
    pub(crate) fn new(cancel: Option<Arc<AtomicBool>>) -> Ticker {
        Ticker { cancel, work: 0 }
    }

    /// Records `cost` steps; every 65,536 steps, returns `Cancelled` if the flag is set.
    pub(crate) fn tick(&mut self, cost: usize) -> Result<(), HackenbushError> {
        self.work += cost;
        if self.work >= 1 << 16 {
            self.work = 0;
            return self.check();
        }
        Ok(())
    }

    /// Returns `Cancelled` if the flag is set.
    pub(crate) fn check(&self) -> Result<(), HackenbushError> {
        match &self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(HackenbushError::Cancelled),
            _ => Ok(()),
        }
    }
}
