//! Why a census could not run, resume or write its tables.

use std::path::PathBuf;

use grundy_types::ErrorKind;
use thiserror::Error;

/// Errors of a census. Problems of a single code that do not stop the census (a value that
/// overflows 32 bits, a certificate the checker refuses) are noted in its row instead.
#[derive(Debug, Error)]
pub enum CensusError {
    /// A ruleset in the list does not parse.
    #[error("ruleset {text:?}: {message}")]
    Rules {
        /// The text as given.
        text: String,
        /// What was wrong.
        message: String,
        /// The 1-based column (in characters) of `text` where it went wrong, when known.
        column: Option<usize>,
    },
    /// The list of rulesets is empty or asks for no values.
    #[error("nothing to compute: {0}")]
    Empty(String),
    /// The values cannot be computed at all (memory limit): raised before the census
    /// records anything for the code concerned.
    #[error("{rules}: {message}")]
    Compute {
        /// The ruleset concerned.
        rules: String,
        /// The underlying error, with what to do.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The state file is damaged or belongs to another census.
    #[error("{path}: {reason}")]
    BadState {
        /// The state file.
        path: PathBuf,
        /// What is wrong and what to do.
        reason: String,
    },
    /// The cancellation flag was raised; finished codes are in the state file.
    #[error(
        "cancelled after {done} of {total} rulesets; run again with the same state file to \
         continue"
    )]
    Cancelled {
        /// Rulesets finished (including those of earlier runs).
        done: usize,
        /// Rulesets in the census.
        total: usize,
    },
    /// The budget's time limit was reached; finished codes are in the state file.
    #[error(
        "the census reached its time limit of {limit:.1?} after {done} of {total} rulesets; run \
         again with the same state file to continue"
    )]
    TimeLimit {
        /// Rulesets finished (including those of earlier runs).
        done: usize,
        /// Rulesets in the census.
        total: usize,
        /// The time limit.
        limit: std::time::Duration,
    },
}

impl CensusError {
    /// What kind of error this is: a bad ruleset, an empty request or a damaged state file is
    /// wrong input, values that cannot be computed at all (the memory of one table) a limit,
    /// a failed read or write [`ErrorKind::Io`].
    pub fn kind(&self) -> ErrorKind {
        match self {
            CensusError::Rules { .. } | CensusError::Empty(_) | CensusError::BadState { .. } => {
                ErrorKind::Input
            }
            CensusError::Compute { .. } | CensusError::TimeLimit { .. } => ErrorKind::Limit,
            CensusError::Io { .. } => ErrorKind::Io,
            CensusError::Cancelled { .. } => ErrorKind::Cancelled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{canonical_rules, census, CensusOptions};

    #[test]
    fn kind_sorts_a_bad_ruleset_as_input_and_a_table_beyond_memory_as_a_limit() {
        let bad = canonical_rules(&["tb[0.x]"]).unwrap_err();
        assert!(matches!(bad, CensusError::Rules { .. }), "{bad}");
        assert_eq!(bad.kind(), ErrorKind::Input);
        let tiny = grundy_types::Limits {
            max_memory: 1,
            ..grundy_types::Limits::default()
        };
        let rules = canonical_rules(&["tb[0.07]"]).unwrap();
        let opts = CensusOptions::default();
        let big = census(&rules, 1_000_000, &opts, &tiny).err().unwrap();
        assert!(matches!(big, CensusError::Compute { .. }), "{big}");
        assert_eq!(big.kind(), ErrorKind::Limit);
    }
}
