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

/// What kind of error: defined in `grundy-types`, below every crate, so that each crate's
/// errors say their own kind.
pub use grundy_types::ErrorKind;

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

impl From<grundy_types::Stop> for Error {
    fn from(stop: grundy_types::Stop) -> Error {
        match stop {
            grundy_types::Stop::Cancelled => Error::Cancelled,
            grundy_types::Stop::Time(limit) => Error::limit(Limit::Time(limit), stop.to_string()),
        }
    }
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

    /// The engine's error for an error of another crate, which its crate classified as
    /// `kind` (the crate's own `kind()`): `message` is its text, and `limit` names the limit
    /// reached when `kind` is [`ErrorKind::Limit`]. A cancellation carries no message, as
    /// [`Error::Cancelled`] says it in the engine's words.
    pub fn of_kind(kind: ErrorKind, message: String, limit: Limit) -> Error {
        match kind {
            ErrorKind::Input => Error::input(message),
            ErrorKind::Limit => Error::limit(limit, message),
            ErrorKind::Unsupported => Error::unsupported(message),
            ErrorKind::Cancelled => Error::Cancelled,
            ErrorKind::Io => Error::Io { message },
            ErrorKind::External => Error::External {
                payload: Payload(Arc::new(message.clone())),
                message,
            },
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

/// An error as every JSON front sends it (the CLI's `--batch`, the web server, and whatever
/// else serializes [`Error`]): written here once, so that the fronts cannot drift apart.
///
/// `{"kind": ..., "message": ..., "column": N, "line": N, "file": ..., "limit": ...,
/// "script_limit": ...}`, each field after `message` only where it applies. A front with
/// failures of its own (a server's `busy`, `not_found`) builds the same shape with
/// [`ErrorBody::new`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ErrorBody {
    /// The kind: one of [`ErrorKind::name`], or a front's own (`json`, `busy`, ...).
    pub kind: &'static str,
    /// What was wrong and what to do, lowercase.
    pub message: String,
    /// The 1-based column in the text given (an expression, a ruleset, a line of a script).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The 1-based line, for an error in a file of several lines (a rule script).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The file (a rule script) the error is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<Box<str>>,
    /// Which limit was reached ([`Limit::name`]), for a limit error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// Which limit of a rule script was reached (`operations`, `call-depth`, ...), for a
    /// limit error whose `limit` is `script`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_limit: Option<Box<str>>,
}

impl ErrorBody {
    /// A body with a kind and a message only.
    pub fn new(kind: &'static str, message: impl Into<String>) -> ErrorBody {
        ErrorBody {
            kind,
            message: message.into(),
            column: None,
            line: None,
            file: None,
            limit: None,
            script_limit: None,
        }
    }
}

impl From<&Error> for ErrorBody {
    /// The kind, the message, the column and the limit; an error placed in a rule script
    /// (`FILE:LINE:COLUMN`, or `FILE:LINE` as Luau says it) gives its file, line and column
    /// as fields and its message without the place in front.
    fn from(e: &Error) -> ErrorBody {
        let mut out = ErrorBody::new(e.kind().name(), e.to_string());
        out.column = e.column().and_then(|c| u32::try_from(c).ok());
        out.limit = e.limit_reached().map(Limit::name);
        if let Some(Limit::Script(key)) = e.limit_reached() {
            out.script_limit = Some(key.as_str().into());
        }
        if let Error::Input {
            location: Some(loc),
            message,
            ..
        } = e
        {
            // File names are identifiers with an extension, never with a colon.
            let mut parts = loc.splitn(3, ':');
            let file = parts.next().filter(|f| !f.is_empty());
            let line = parts.next().and_then(|l| l.parse().ok());
            let col = parts.next().and_then(|c| c.parse().ok()).filter(|&c| c > 0);
            if let (Some(f), Some(l)) = (file, line) {
                out.column = col;
                out.line = Some(l);
                out.file = Some(f.into());
                out.message = message.clone();
            }
        }
        out
    }
}

impl Error {
    /// This error as the JSON fronts send it (see [`ErrorBody`]).
    pub fn body(&self) -> ErrorBody {
        ErrorBody::from(self)
    }
}

/// The error as the JSON fronts send it: its [`ErrorBody`].
impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.body(), s)
    }
}

impl From<grundy_heap::HeapError> for Error {
    /// The heap crate's own kind; a table beyond the memory limit names that limit.
    fn from(e: grundy_heap::HeapError) -> Self {
        let limit = match e {
            grundy_heap::HeapError::TooLarge { limit, .. } => Limit::Memory(limit),
            grundy_heap::HeapError::TimeLimit { limit, .. } => Limit::Time(limit),
            _ => Limit::Size,
        };
        Error::of_kind(e.kind(), e.to_string(), limit)
    }
}

impl From<grundy_heap::seq::SeqError> for Error {
    fn from(e: grundy_heap::seq::SeqError) -> Self {
        use grundy_heap::seq::SeqError;
        match e {
            SeqError::Table(e) => e.into(),
            SeqError::Stop(s) => s.into(),
            SeqError::Size(message) => Error::too_large(message),
            SeqError::Options { max, message } => Error::limit(Limit::Positions(max), message),
            SeqError::Memory { limit, message } => Error::limit(Limit::Memory(limit), message),
        }
    }
}

impl From<grundy_graph::GraphError> for Error {
    /// The graph crate's own kind; an input over its size limit names that limit.
    fn from(e: grundy_graph::GraphError) -> Self {
        use grundy_graph::GraphError;
        let limit = match e {
            GraphError::TooLarge { limit } => Limit::InputSize(limit),
            GraphError::LineTooLong { limit, .. } => Limit::InputSize(limit as u64),
            _ => Limit::Size,
        };
        let message = match &e {
            GraphError::Io { source, .. } => format!("{e}: {source}"),
            _ => e.to_string(),
        };
        Error::of_kind(e.kind(), message, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine takes each crate's own kind, and adds which limit from the error's data.
    #[test]
    fn errors_of_other_crates_keep_their_kind_and_name_their_limit() {
        let damaged = Error::from(grundy_heap::HeapError::BadFile {
            path: "t.tbl".into(),
            reason: "not a table".into(),
        });
        assert_eq!(damaged.kind(), ErrorKind::Input);
        assert_eq!(damaged.to_string(), "t.tbl: not a table");
        let memory = Error::from(grundy_heap::HeapError::TooLarge {
            n: 10,
            needed_bytes: 10,
            limit: 1,
        });
        assert_eq!(memory.limit_reached(), Some(&Limit::Memory(1)));
        let stopped = Error::from(grundy_heap::HeapError::Cancelled { done: 3 });
        assert_eq!(stopped, Error::Cancelled);
        let input = Error::from(grundy_graph::GraphError::TooLarge { limit: 4 });
        assert_eq!(input.limit_reached(), Some(&Limit::InputSize(4)));
        let io = Error::of_kind(ErrorKind::Io, "t.tbl: denied".into(), Limit::Size);
        assert_eq!(io.kind(), ErrorKind::Io);
        assert_eq!(io.to_string(), "t.tbl: denied");
    }
}
