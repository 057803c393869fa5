//! The one classification of errors that every crate's error type maps to with its own
//! `kind()`, so that each front maps kinds to its words (exit statuses, HTTP statuses, Python
//! exceptions) once, whatever crate the error came from.

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
