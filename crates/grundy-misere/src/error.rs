//! Errors of the quotient computation and of the analysis of sums.

use grundy_types::ErrorKind;
use thiserror::Error;

/// Why a quotient could not be computed or a sum could not be analysed.
///
/// Every limit of [`crate::QuotientOptions`] has its own variant naming the limit and the
/// heap being added when it was hit, so that a front can say which option to raise.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum QuotientError {
    /// A candidate quotient grew past `max_order` elements.
    #[error("the quotient would have more than {limit} elements (max_order) at heap {heap}; raise max_order or compute to a smaller heap")]
    OrderLimit {
        /// The limit (`max_order`).
        limit: usize,
        /// The heap being added.
        heap: u64,
    },
    /// An intermediate monoid (a candidate before reduction) would be too large.
    #[error("an intermediate monoid would have {size} elements at heap {heap}, over max_candidate = {limit}; raise max_candidate or compute to a smaller heap")]
    CandidateLimit {
        /// The size that was needed.
        size: u128,
        /// The limit (`max_candidate`).
        limit: usize,
        /// The heap being added.
        heap: u64,
    },
    /// The search steps ran out.
    #[error("the work limit of {limit} steps (max_work) was reached at heap {heap}; raise max_work or compute to a smaller heap")]
    WorkLimit {
        /// The limit (`max_work`).
        limit: u64,
        /// The heap being added.
        heap: u64,
    },
    /// A search would keep more memory than allowed.
    #[error("a search would keep more than {limit} bytes (max_memory) at heap {heap}; raise max_memory or compute to a smaller heap")]
    MemoryLimit {
        /// The limit (`max_memory`).
        limit: usize,
        /// The heap being added.
        heap: u64,
    },
    /// The options of the heaps up to the requested bound are too many to store.
    #[error("the heaps up to {heap} have more than {limit} option parts (max_option_parts); compute to a smaller heap")]
    OptionLimit {
        /// The limit (`max_option_parts`).
        limit: u64,
        /// The heap whose options crossed it.
        heap: u64,
    },
    /// The cancellation flag was raised.
    #[error("cancelled while adding heap {heap}")]
    Cancelled {
        /// The heap being added.
        heap: u64,
    },
    /// The budget's time limit was reached.
    #[error("the computation reached its time limit of {limit:.1?} while adding heap {heap}")]
    TimeLimit {
        /// The time limit.
        limit: std::time::Duration,
        /// The heap being added.
        heap: u64,
    },
    /// A ruleset gave an option that leaves a heap not smaller than the heap moved from.
    #[error(
        "heap {heap} has an option leaving a heap of {part}; options must leave smaller heaps"
    )]
    InvalidOption {
        /// The heap moved from.
        heap: u64,
        /// The offending part.
        part: u64,
    },
    /// A sum contains a heap beyond the computed range.
    #[error("heap {heap} is beyond the computed range 0..={computed_to}; compute the quotient to at least {heap}")]
    HeapOutOfRange {
        /// The heap in the sum.
        heap: u64,
        /// The largest heap of the quotient.
        computed_to: u64,
    },
    /// The search for the quotient stopped making progress (a bug: please report it with
    /// the ruleset and the heap).
    #[error("internal error: the quotient search made no progress at heap {heap}; please report this with the ruleset")]
    NoProgress {
        /// The heap being added.
        heap: u64,
    },
    /// The requested bound does not fit this machine's address space.
    #[error("heap bound {to} is too large for this machine; choose a smaller bound")]
    BoundTooLarge {
        /// The requested bound.
        to: u64,
    },
}

impl QuotientError {
    /// What kind of error this is: every limit of [`crate::QuotientOptions`] and a bound
    /// beyond the address space are limits, a heap beyond the computed range wrong input, an
    /// option that does not shrink its heap and a search that made no progress unsupported (a
    /// fault of the ruleset or of this crate, not of the request).
    pub fn kind(&self) -> ErrorKind {
        match self {
            QuotientError::OrderLimit { .. }
            | QuotientError::CandidateLimit { .. }
            | QuotientError::WorkLimit { .. }
            | QuotientError::MemoryLimit { .. }
            | QuotientError::TimeLimit { .. }
            | QuotientError::OptionLimit { .. }
            | QuotientError::BoundTooLarge { .. } => ErrorKind::Limit,
            QuotientError::Cancelled { .. } => ErrorKind::Cancelled,
            QuotientError::HeapOutOfRange { .. } => ErrorKind::Input,
            QuotientError::InvalidOption { .. } | QuotientError::NoProgress { .. } => {
                ErrorKind::Unsupported
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{quotient, QuotientOptions};

    #[test]
    fn kind_sorts_a_heap_beyond_the_range_as_input_and_max_order_as_a_limit() {
        let kayles = grundy_heap::HeapRules::parse("tb[0.77]").unwrap();
        let q = quotient(&kayles, 5, &QuotientOptions::default()).unwrap();
        let beyond = q.heap_element(6).unwrap_err();
        assert!(
            matches!(beyond, QuotientError::HeapOutOfRange { .. }),
            "{beyond}"
        );
        assert_eq!(beyond.kind(), ErrorKind::Input);
        let small = QuotientOptions {
            max_order: 2,
            ..QuotientOptions::default()
        };
        let order = quotient(&kayles, 30, &small).err().unwrap();
        assert!(matches!(order, QuotientError::OrderLimit { .. }), "{order}");
        assert_eq!(order.kind(), ErrorKind::Limit);
    }
}
