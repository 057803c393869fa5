//! The one error type of the crate.

use grundy_types::ErrorKind;
use thiserror::Error;

/// What went wrong: bad input (with what to do), a limit, or an internal inconsistency that is
/// reported instead of panicking.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoinError {
    /// A coin lies left of (or above) the first coin of its game's numbering.
    #[error(
        "coin {coin} does not exist in {game}: its coins are numbered from {first}; number \
         the coins from {first}"
    )]
    BeforeFirst {
        /// The game, as it is written.
        game: String,
        /// The offending coordinate.
        coin: u64,
        /// The first coin of the numbering.
        first: u64,
    },
    /// The same head-up coin is listed twice.
    #[error(
        "coin {coin} is listed twice (heads {first} and {second}); a coin is head-up or not, so \
         list each head-up coin once"
    )]
    Duplicate {
        /// The coin, as written (`5` or `(3, 4)`).
        coin: String,
        /// The 1-based index of its first listing.
        first: usize,
        /// The 1-based index of its second listing.
        second: usize,
    },
    /// A computation would exceed a limit; raised before doing the work.
    #[error("{what}")]
    TooLarge {
        /// What was too large, the limit, and what to ask instead.
        what: String,
    },
    /// Text that does not parse.
    #[error("at offset {offset} of '{input}': {message}")]
    Parse {
        /// The text.
        input: String,
        /// Byte offset of the problem.
        offset: usize,
        /// What was expected.
        message: String,
    },
    /// A flat list of cells with an odd count of numbers.
    #[error(
        "cells are given as row, column pairs, but {count} numbers were given; the last row \
         {row} has no column"
    )]
    UnpairedRow {
        /// How many numbers were given.
        count: usize,
        /// The last number, a row without a column.
        row: u64,
    },
    /// A move that the rules do not allow.
    #[error("illegal move: {reason}")]
    IllegalMove {
        /// Why.
        reason: String,
    },
    /// The winning-move search found nothing although theory says a move exists. Never seen in
    /// the exhaustive checks; reported rather than panicking.
    #[error(
        "no winning move was found for a position of value {value}, which should not happen; \
         please report the position"
    )]
    NoMoveFound {
        /// The nim-value of the position.
        value: u128,
    },
}

impl CoinError {
    /// What kind of error this is: a computation beyond a limit is a limit, a winning move
    /// that theory promises and the search did not find unsupported (an inconsistency of this
    /// crate, reported rather than panicking), everything else wrong input.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CoinError::TooLarge { .. } => ErrorKind::Limit,
            CoinError::NoMoveFound { .. } => ErrorKind::Unsupported,
            CoinError::BeforeFirst { .. }
            | CoinError::Duplicate { .. }
            | CoinError::Parse { .. }
            | CoinError::UnpairedRow { .. }
            | CoinError::IllegalMove { .. } => ErrorKind::Input,
        }
    }

    pub(crate) fn parse(input: &str, offset: usize, message: impl Into<String>) -> CoinError {
        CoinError::Parse {
            input: input.to_string(),
            offset,
            message: message.into(),
        }
    }

    pub(crate) fn too_large(what: impl Into<String>) -> CoinError {
        CoinError::TooLarge { what: what.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Line;

    #[test]
    fn kind_sorts_a_bad_game_as_input_and_a_board_beyond_brute_force_as_a_limit() {
        let bad = Line::parse("turn[").unwrap_err();
        assert!(matches!(bad, CoinError::Parse { .. }), "{bad}");
        assert_eq!(bad.kind(), ErrorKind::Input);
        let code = Line::parse("turn[1-3]").unwrap();
        let far = code.position_value(&[100_000]).unwrap_err();
        assert!(matches!(far, CoinError::TooLarge { .. }), "{far}");
        assert_eq!(far.kind(), ErrorKind::Limit);
    }
}
