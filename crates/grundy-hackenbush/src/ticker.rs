//! Work counted and the request's budget (cancellation, deadline) checked, shared by the
//! solvers.

use grundy_types::{Limits, Stop};

use crate::error::HackenbushError;

/// Counts work and checks the request's budget now and then.
pub(crate) struct Ticker<'a> {
    budget: Option<&'a Limits>,
    work: usize,
}

impl<'a> Ticker<'a> {
    pub(crate) fn new(budget: Option<&'a Limits>) -> Ticker<'a> {
        Ticker { budget, work: 0 }
    }

    /// Records `cost` steps; every 65,536 steps, checks the budget (see [`Ticker::check`]).
    pub(crate) fn tick(&mut self, cost: usize) -> Result<(), HackenbushError> {
        self.work += cost;
        if self.work >= 1 << 16 {
            self.work = 0;
            return self.check();
        }
        Ok(())
    }

    /// Returns `Cancelled` when the request was cancelled, `TimeLimit` when its time is up.
    pub(crate) fn check(&self) -> Result<(), HackenbushError> {
        match self.budget.map(Limits::check) {
            Some(Err(Stop::Cancelled)) => Err(HackenbushError::Cancelled),
            Some(Err(Stop::Time(limit))) => Err(HackenbushError::TimeLimit { limit }),
            _ => Ok(()),
        }
    }
}
