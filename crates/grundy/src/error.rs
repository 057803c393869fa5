//! The one error type of the library, sorted by what the caller should do.
//!
//! Messages say what was wrong in the library's own words; they never give a front's advice
//! (a command-line flag, an HTTP field, a Python argument): each front maps the [`ErrorKind`]
//! and the [`Limit`] to its own words (exit statuses 2 and 3, HTTP 400 and 422, Python's
//! `InputError` and `LimitError`).

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// Which resource limit was reached, with the value in force.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "limit", content = "value", rename_all = "snake_case")]
pub enum Limit {
    /// The most positions (or whole sums) a search may store.
    Positions(usize),
    /// The most bytes a table or search may take.
    Memory(u64),
    /// The most wall-clock time a request may take.
    Time(Duration),
    /// The largest input accepted (bytes of an expression, a file or an upload).
    InputSize(u64),
    /// A position too large for every method the engine has (a heap beyond the tables with
    /// no closed form or proven period, a table longer than the table limit).
    Size,
    /// A per-call limit of a rule script (operations, call depth, array or string size),
    /// named by the script engine.
    Script(String),
}

impl Limit {
    /// A short name of the limit, as the JSON of errors gives it.
    pub fn name(&self) -> &'static str {
        match self {
            Limit::Positions(_) => "positions",
            Limit::Memory(_) => "memory",
            Limit::Time(_) => "time",
            Limit::InputSize(_) => "input_size",
            Limit::Size => "size",
            Limit::Script(_) => "script",
        }
    }
}

/// What kind of error, for a front deciding what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The input (an expression, a ruleset, a file's text, a rule script) is wrong.
    Input,
    /// A resource limit was reached.
    Limit,
    /// The request combines things the engine does not support.
    Unsupported,
    /// The caller cancelled the work.
    Cancelled,
    /// Reading or writing outside the engine failed.
    Io,
    /// Code the caller supplied (a Python-defined game) raised an error of its own.
    External,
}

impl ErrorKind {
    /// `input`, `limit`, ... as the JSON of errors gives it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Input => "input",
            ErrorKind::Limit => "limit",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::Io => "io",
            ErrorKind::External => "external",
        }
    }
}

/// An error raised by caller-supplied code, carried through the engine unchanged.
#[derive(Clone)]
pub struct Payload(pub Arc<dyn Any + Send + Sync>);

impl fmt::Debug for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Payload(..)")
    }
}

impl PartialEq for Payload {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
impl Eq for Payload {}

/// Every error the library reports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The input is wrong. `column` (1-based, in characters) points into the text the caller
    /// gave when it applies; `location` names a place in a file (`FILE:LINE:COLUMN`).
    #[error("{}{message}", location.as_ref().map(|l| format!("{l}: ")).unwrap_or_default())]
    Input {
        /// What was wrong and what was expected.
        message: String,
        /// 1-based column in the expression or ruleset text.
        column: Option<usize>,
        /// A place in a file, such as `games/digits.rhai:3:14`.
        location: Option<String>,
    },
    /// A resource limit was reached.
    #[error("{message}")]
    Limit {
        /// Which limit, and its value.
        limit: Limit,
        /// What reached it.
        message: String,
    },
    /// The request combines things the engine does not support.
    #[error("{message}")]
    Unsupported {
        /// What is unsupported and what to do instead.
        message: String,
    },
    /// A position can be reached from itself where a method needs an acyclic game.
    #[error("the game has a cycle: a position can be reached from itself, so it has no nim-value")]
    Cycle,
    /// The caller cancelled the work (from another thread, on Ctrl-C, when a client left).
    #[error("the computation was cancelled")]
    Cancelled,
    /// Reading or writing outside the engine failed.
    #[error("{message}")]
    Io {
        /// What failed, naming the file.
        message: String,
    },
    /// Caller-supplied code raised an error; `payload` is that error, unchanged.
    #[error("{message}")]
    External {
        /// The error as text.
        message: String,
        /// The original error object.
        payload: Payload,
    },
}

impl Error {
    /// An input error without a column.
    pub fn input(message: impl Into<String>) -> Error {
        Error::Input {
            message: message.into(),
            column: None,
            location: None,
        }
    }

    /// An input error at a 1-based column of the text.
    pub fn input_at(column: usize, message: impl Into<String>) -> Error {
        Error::Input {
            message: message.into(),
            column: Some(column),
            location: None,
        }
    }

    /// A limit error.
    pub fn limit(limit: Limit, message: impl Into<String>) -> Error {
        Error::Limit {
            limit,
            message: message.into(),
        }
    }

    /// A position too large for every method (a size limit).
    pub fn too_large(message: impl Into<String>) -> Error {
        Error::limit(Limit::Size, message)
    }

    /// The search stored `max` positions and needed more.
    pub fn positions(max: usize) -> Error {
        Error::limit(
            Limit::Positions(max),
            format!("the search reached its limit of {max} positions"),
        )
    }

    /// An unsupported combination.
    pub fn unsupported(message: impl Into<String>) -> Error {
        Error::Unsupported {
            message: message.into(),
        }
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input { .. } => ErrorKind::Input,
            Error::Limit { .. } => ErrorKind::Limit,
            Error::Unsupported { .. } | Error::Cycle => ErrorKind::Unsupported,
            Error::Cancelled => ErrorKind::Cancelled,
            Error::Io { .. } => ErrorKind::Io,
            Error::External { .. } => ErrorKind::External,
        }
    }

    /// The column of an input error, when it has one.
    pub fn column(&self) -> Option<usize> {
        match self {
            Error::Input { column, .. } => *column,
            _ => None,
        }
    }

    /// The limit reached, for a limit error.
    pub fn limit_reached(&self) -> Option<&Limit> {
        match self {
            Error::Limit { limit, .. } => Some(limit),
            _ => None,
        }
    }

    /// Whether this says that a position is too large for every method (so that a caller may
    /// try another way, such as an outcome-only answer).
    pub fn is_too_large(&self) -> bool {
        matches!(
            self,
            Error::Limit {
                limit: Limit::Size,
                ..
            }
        )
    }

    /// The same error with its column moved by `by` characters (an error found inside a part
    /// of a larger text).
    pub fn shifted(self, by: usize) -> Error {
        match self {
            Error::Input {
                message,
                column: Some(c),
                location,
            } => Error::Input {
                message,
                column: Some(c + by),
                location,
            },
            other => other,
        }
    }

    /// The message with more context in front (`"in tb[0.07]: "`), for any kind.
    pub fn context(self, prefix: &str) -> Error {
        match self {
            Error::Input {
                message,
                column,
                location,
            } => Error::Input {
                message: format!("{prefix}{message}"),
                column,
                location,
            },
            Error::Limit { limit, message } => Error::Limit {
                limit,
                message: format!("{prefix}{message}"),
            },
            Error::Unsupported { message } => Error::Unsupported {
                message: format!("{prefix}{message}"),
            },
            Error::Io { message } => Error::Io {
                message: format!("{prefix}{message}"),
            },
            other => other,
        }
    }
}

/// The error as the JSON fronts send it: `{"kind": ..., "message": ..., "column": ...}`.
impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind().name())?;
        m.serialize_entry("message", &self.to_string())?;
        if let Some(c) = self.column() {
            m.serialize_entry("column", &c)?;
        }
        if let Some(l) = self.limit_reached() {
            m.serialize_entry("limit", l.name())?;
        }
        m.end()
    }
}

impl From<grundy_heap::HeapError> for Error {
    fn from(e: grundy_heap::HeapError) -> Self {
        use grundy_heap::HeapError;
        match e {
            HeapError::TooLarge { limit, .. } => Error::limit(Limit::Memory(limit), e.to_string()),
            HeapError::Cancelled { .. } => Error::Cancelled,
            HeapError::ValueOverflow { .. } => Error::too_large(e.to_string()),
            HeapError::Io { .. } => Error::Io {
                message: e.to_string(),
            },
            HeapError::BadFile { .. } => Error::input(e.to_string()),
            // A family's own moves broke the heap contract: a fault of the family, not of
            // the request.
            HeapError::NotShrinking { .. } => Error::unsupported(e.to_string()),
        }
    }
}

impl From<grundy_graph::GraphError> for Error {
    fn from(e: grundy_graph::GraphError) -> Self {
        use grundy_graph::GraphError;
        match e {
            GraphError::TooLarge { limit } => Error::limit(Limit::InputSize(limit), e.to_string()),
            GraphError::LineTooLong { limit, .. } => {
                Error::limit(Limit::InputSize(limit as u64), e.to_string())
            }
            GraphError::TooManyVertices { .. } => Error::too_large(e.to_string()),
            // A file named by the user that cannot be read is wrong input, not a failed write.
            GraphError::Io { ref source, .. } => Error::input(format!("{e}: {source}")),
            _ => Error::input(e.to_string()),
        }
    }
}
