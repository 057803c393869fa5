//! Work counted and the cancellation handle polled, shared by the solvers.

use grundy_types::Cancel;

use crate::error::HackenbushError;

/// Counts work and polls the cancellation handle now and then.
pub(crate) struct Ticker {
    cancel: Option<Cancel>,
    work: usize,
}

impl Ticker {
    pub(crate) fn new(cancel: Option<Cancel>) -> Ticker {
        Ticker { cancel, work: 0 }
    }

    /// Records `cost` steps; every 65,536 steps, returns `Cancelled` if the handle is raised.
    pub(crate) fn tick(&mut self, cost: usize) -> Result<(), HackenbushError> {
        self.work += cost;
        if self.work >= 1 << 16 {
            self.work = 0;
            return self.check();
        }
        Ok(())
    }

    /// Returns `Cancelled` if the handle is raised.
    pub(crate) fn check(&self) -> Result<(), HackenbushError> {
        match &self.cancel {
            Some(c) if c.is_cancelled() => Err(HackenbushError::Cancelled),
            _ => Ok(()),
        }
    }
}
