//! The work and memory budget of one quotient search, within the request's budget
//! (cancellation and deadline).

use grundy_types::{Limits, Stop};

use crate::error::QuotientError;

/// Counts work steps against a limit and checks the request's budget (its cancellation and
/// deadline) every few thousand steps.
pub(crate) struct Budget<'a> {
    used: u64,
    limit: u64,
    mem_used: usize,
    mem_limit: usize,
    next_poll: u64,
    request: Option<&'a Limits>,
    /// The heap being added, for error messages.
    pub(crate) heap: u64,
}

impl<'a> Budget<'a> {
    /// A budget of `limit` steps within the request's budget, if any.
    pub(crate) fn new(limit: u64, request: Option<&'a Limits>, heap: u64) -> Budget<'a> {
        Budget {
            used: 0,
            limit,
            mem_used: 0,
            mem_limit: usize::MAX,
            next_poll: 0,
            request,
            heap,
        }
    }

    /// Spends `n` steps.
    ///
    /// Errors: the limit is passed ([`QuotientError::WorkLimit`]), the request is cancelled
    /// ([`QuotientError::Cancelled`]) or its time is up ([`QuotientError::TimeLimit`]).
    pub(crate) fn tick(&mut self, n: u64) -> Result<(), QuotientError> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit {
            return Err(QuotientError::WorkLimit {
                limit: self.limit,
                heap: self.heap,
            });
        }
        if self.used >= self.next_poll {
            self.next_poll = self.used.saturating_add(1 << 12);
            match self.request.map(Limits::check) {
                Some(Err(Stop::Cancelled)) => {
                    return Err(QuotientError::Cancelled { heap: self.heap })
                }
                Some(Err(Stop::Time(limit))) => {
                    return Err(QuotientError::TimeLimit {
                        limit,
                        heap: self.heap,
                    })
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Sets the memory limit (bytes) of one search.
    pub(crate) fn with_memory(mut self, bytes: usize) -> Budget<'a> {
        self.mem_limit = bytes;
        self
    }

    /// Starts counting the memory of a new search.
    pub(crate) fn start_search(&mut self) {
        self.mem_used = 0;
    }

    /// Accounts for `bytes` more of memory kept by the current search.
    ///
    /// Errors: the limit is passed ([`QuotientError::MemoryLimit`]).
    pub(crate) fn mem(&mut self, bytes: usize) -> Result<(), QuotientError> {
        self.mem_used = self.mem_used.saturating_add(bytes);
        if self.mem_used > self.mem_limit {
            return Err(QuotientError::MemoryLimit {
                limit: self.mem_limit,
                heap: self.heap,
            });
        }
        Ok(())
    }

    /// Steps spent so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_and_cancel() {
        let mut b = Budget::new(10, None, 7);
        assert!(b.tick(10).is_ok());
        assert_eq!(
            b.tick(1),
            Err(QuotientError::WorkLimit { limit: 10, heap: 7 })
        );
        let raised = grundy_types::Cancel::new();
        raised.cancel();
        let request = Limits::default().with_cancel(raised);
        let mut b = Budget::new(100, Some(&request), 3);
        assert_eq!(b.tick(1), Err(QuotientError::Cancelled { heap: 3 }));
        let late = Limits::default().with_timeout(std::time::Duration::ZERO);
        let mut b = Budget::new(100, Some(&late), 4);
        assert!(matches!(
            b.tick(1),
            Err(QuotientError::TimeLimit { heap: 4, .. })
        ));
    }
}
