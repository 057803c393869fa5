//! Typed errors of the graph crate.

use std::path::PathBuf;

use grundy_types::ErrorKind;

/// Everything that can go wrong while building, reading or querying a [`crate::Graph`].
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    /// The text of a graph could not be parsed.
    #[error("line {line}: {message}: `{text}`")]
    Parse {
        /// The 1-based line number of the offending text.
        line: usize,
        /// The offending line (shortened when very long).
        text: String,
        /// What was wrong and what was expected instead.
        message: String,
    },
    /// A graph file could not be read.
    #[error("cannot read graph file {}", path.display())]
    Io {
        /// The file that was asked for.
        path: PathBuf,
        /// The underlying error of the operating system.
        source: std::io::Error,
    },
    /// The input is larger than the limit in force.
    #[error("the graph input is larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// A line of the input is longer than the limit (a stream without line breaks, such as
    /// a device or a binary file, is refused at once).
    #[error("line {line} is longer than {limit} bytes; a graph file has one edge or vertex per line (is this a graph file?)")]
    LineTooLong {
        /// The 1-based line number.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// The input declares no vertex at all.
    #[error("the graph is empty: the file declares no vertex (write one `u v` edge or one vertex name per line)")]
    Empty,
    /// A vertex id given by code is not a vertex of the graph.
    #[error("vertex {vertex} does not exist: the graph has {count} vertices (ids 0 to count - 1)")]
    VertexOutOfRange {
        /// The offending vertex id.
        vertex: u64,
        /// The number of vertices of the graph.
        count: u64,
    },
    /// Two vertices were given the same name.
    #[error("vertex name `{name}` is given twice; names must be unique")]
    DuplicateName {
        /// The repeated name.
        name: String,
    },
    /// The graph has more vertices than ids of type `u32` can number.
    #[error("too many vertices: at most {max} are supported")]
    TooManyVertices {
        /// The largest supported number of vertices.
        max: u64,
    },
    /// Values were passed along with a graph they were not computed for.
    #[error("the values were computed for a graph with {values} vertices, not for this one with {vertices}; solve this graph first")]
    ValuesMismatch {
        /// The number of vertices the values cover.
        values: u64,
        /// The number of vertices of the graph given.
        vertices: u64,
    },
}

impl GraphError {
    /// What kind of error this is: input beyond its size limits and a graph beyond the
    /// vertex ids are limits; everything else is wrong input, a graph file that cannot be
    /// read included (the file was named by the user, so nothing outside failed).
    pub fn kind(&self) -> ErrorKind {
        match self {
            GraphError::TooLarge { .. }
            | GraphError::LineTooLong { .. }
            | GraphError::TooManyVertices { .. } => ErrorKind::Limit,
            GraphError::Parse { .. }
            | GraphError::Io { .. }
            | GraphError::Empty
            | GraphError::VertexOutOfRange { .. }
            | GraphError::DuplicateName { .. }
            | GraphError::ValuesMismatch { .. } => ErrorKind::Input,
        }
    }
}

/// Builds a [`GraphError::Parse`] for line `line` (1-based) of `text`.
pub(crate) fn parse_error(text: &str, line: usize, message: impl Into<String>) -> GraphError {
    let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
    GraphError::Parse {
        line,
        text: shorten(line_text.trim_end_matches('\r')),
        message: message.into(),
    }
}

/// Keeps error messages readable when a line is huge (a minified DOT file is one line).
fn shorten(line: &str) -> String {
    const MAX: usize = 200;
    if line.chars().count() <= MAX {
        return line.to_string();
    }
    let mut s: String = line.chars().take(MAX).collect();
    s.push_str("...");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, Graph};

    #[test]
    fn kind_sorts_a_bad_line_and_an_unreadable_file_as_input_and_a_large_file_as_a_limit() {
        let Err(bad) = Graph::parse("a -> b", Format::EdgeList) else {
            panic!("an arrow in an edge list parsed");
        };
        assert!(matches!(bad, GraphError::Parse { .. }), "{bad}");
        assert_eq!(bad.kind(), ErrorKind::Input);
        let dir = std::env::temp_dir();
        let path = dir.join(format!("grundy-graph-kind-{}.txt", std::process::id()));
        let written = std::fs::write(&path, "a b\nb c\nc d\n");
        assert!(written.is_ok(), "{written:?}");
        let large = Graph::read_limited(&path, 4);
        let _ = std::fs::remove_file(&path);
        let Err(large) = large else {
            panic!("a file over the limit was read");
        };
        assert!(matches!(large, GraphError::TooLarge { .. }), "{large}");
        assert_eq!(large.kind(), ErrorKind::Limit);
        let Err(missing) = Graph::read(dir.join("grundy-graph-kind-no-such-file.txt")) else {
            panic!("a missing file was read");
        };
        assert!(matches!(missing, GraphError::Io { .. }), "{missing}");
        assert_eq!(missing.kind(), ErrorKind::Input);
    }
}
