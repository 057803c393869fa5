//! Typed errors of the Hackenbush crate.

use std::path::PathBuf;

use grundy_types::ErrorKind;

/// Everything that can go wrong while reading, building or solving a [`crate::Graph`].
#[derive(Debug, thiserror::Error)]
pub enum HackenbushError {
    /// The text of a graph could not be parsed.
    #[error("line {line}, column {column}: {message} (at `{found}`)")]
    Parse {
        /// 1-based line of the offending text.
        line: usize,
        /// 1-based column of the offending text within its line, counted in characters.
        column: usize,
        /// 0-based offset of the offending text from the start of the whole text, in
        /// characters (a caller that embeds the text in a larger one adds its own start).
        offset: usize,
        /// The offending text (the token, or the character, shortened when long).
        found: String,
        /// What was wrong and what to write instead.
        message: String,
    },
    /// An input is larger than a limit of [`crate::InputBounds`]; checked before allocating.
    #[error("{what} is {size}, over the limit {limit_name} = {limit}; {hint}")]
    TooLarge {
        /// What was measured ("the text", "the number of edges").
        what: &'static str,
        /// Its size.
        size: u64,
        /// The name of the limit (a field of [`crate::InputBounds`]).
        limit_name: &'static str,
        /// The value of the limit.
        limit: u64,
        /// What the caller can do.
        hint: &'static str,
    },
    /// A graph file could not be read.
    #[error("cannot read the graph file {}: {source}", path.display())]
    Io {
        /// The file that was asked for.
        path: PathBuf,
        /// The error of the operating system.
        source: std::io::Error,
    },
    /// An edge id given by code is not an edge of the graph.
    #[error("edge {edge} does not exist: the graph has {count} edges, numbered from 0")]
    NoSuchEdge {
        /// The offending edge id.
        edge: usize,
        /// The number of edges of the graph.
        count: usize,
    },
    /// An edge not connected to the ground was asked to be cut: it is not in play.
    #[error(
        "edge {edge} ({label}) is not connected to the ground, so it is not in play and \
         cutting it is no move; cut an edge that the ground still holds"
    )]
    FloatingEdge {
        /// The edge id.
        edge: usize,
        /// The edge as text (`u-v`).
        label: String,
    },
    /// The computation was stopped through the cancellation handle of [`crate::Options`].
    #[error("the computation was cancelled")]
    Cancelled,
    /// The time limit of the request's budget ([`crate::Options::budget`]) was reached.
    #[error("the computation reached its time limit of {limit:.1?}")]
    TimeLimit {
        /// The time limit.
        limit: std::time::Duration,
    },
}

impl HackenbushError {
    /// What kind of error this is: an input over a limit of [`crate::InputBounds`] is a limit, the
    /// raised flag a cancellation, everything else wrong input (a graph file that cannot be
    /// read included, as for `grundy-graph`: the file was named by the user).
    pub fn kind(&self) -> ErrorKind {
        match self {
            HackenbushError::TooLarge { .. } | HackenbushError::TimeLimit { .. } => {
                ErrorKind::Limit
            }
            HackenbushError::Cancelled => ErrorKind::Cancelled,
            HackenbushError::Parse { .. }
            | HackenbushError::Io { .. }
            | HackenbushError::NoSuchEdge { .. }
            | HackenbushError::FloatingEdge { .. } => ErrorKind::Input,
        }
    }
}

/// Builds a [`HackenbushError::Parse`] for the byte offset `at` of `text`.
pub(crate) fn parse_error(
    text: &str,
    at: usize,
    found: &str,
    message: impl Into<String>,
) -> HackenbushError {
    let at = floor_boundary(text, at);
    let before = &text[..at];
    let line = 1 + before.bytes().filter(|&b| b == b'\n').count();
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    HackenbushError::Parse {
        line,
        column: 1 + text[line_start..at].chars().count(),
        offset: before.chars().count(),
        found: shorten(found),
        message: message.into(),
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Keeps messages readable when a token is huge.
fn shorten(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        return s.to_string();
    }
    let mut out: String = s.chars().take(MAX).collect();
    out.push_str("...");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Graph, InputBounds};

    #[test]
    fn kind_sorts_a_bad_edge_as_input_and_a_long_text_as_a_limit() {
        let Err(bad) = Graph::parse("g-", &InputBounds::default()) else {
            panic!("an edge without its end parsed");
        };
        assert!(matches!(bad, HackenbushError::Parse { .. }), "{bad}");
        assert_eq!(bad.kind(), ErrorKind::Input);
        let small = InputBounds {
            max_text_bytes: 3,
            ..InputBounds::default()
        };
        let Err(long) = Graph::parse("g-1 1-2 2-3", &small) else {
            panic!("a text over the limit parsed");
        };
        assert!(matches!(long, HackenbushError::TooLarge { .. }), "{long}");
        assert_eq!(long.kind(), ErrorKind::Limit);
    }
}
