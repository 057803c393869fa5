//! `ScriptError`: everything that can go wrong with a rule script, typed so that fronts map
//! errors in the script to status 2 and reached limits to status 3.

use std::fmt;

use thiserror::Error;

use crate::limits::LimitKind;

/// Where in a script something happened: the file (or `<name>`), and the 1-based line and
/// column when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The script's name for messages: a file path or `<name>`.
    pub file: String,
    /// 1-based line and column, when the error has a place in the source (column 0: the
    /// line only, as Luau reports it).
    pub line_column: Option<(usize, usize)>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_column {
            // Luau reports lines without columns: column 0 means unknown.
            Some((line, 0)) => write!(f, "{}:{line}", self.file),
            Some((line, column)) => write!(f, "{}:{line}:{column}", self.file),
            None => f.write_str(&self.file),
        }
    }
}

/// The call during which an error happened: the script function and the position it was given,
/// written as the family writes it (`moves` of `lasker(5)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSite {
    /// The script function called from the engine: `moves`, `display` or `describe`; `<body>`
    /// for the script's top level, run once when compiling.
    pub function: String,
    /// The position's text, `NAME(args)`; empty for the top level.
    pub position: String,
}

impl fmt::Display for CallSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.position.is_empty() {
            write!(f, "in the script's {}", self.function)
        } else {
            write!(f, "in {} of {}", self.function, self.position)
        }
    }
}

/// An error of a rule script.
///
/// Fronts map [`ScriptError::Limit`] to "limit reached" (exit status 3), [`ScriptError::Cancelled`]
/// to their own stop, and every other kind to "error in the input" (exit status 2); see
/// [`ScriptError::is_limit`].
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ScriptError {
    /// The script does not compile, or lacks what the contract requires (`fn moves(p)`).
    #[error("{location}: {message}")]
    Compile {
        /// Where (line and column when the parser knows them).
        location: Location,
        /// What was wrong and what to do.
        message: String,
    },
    /// The script failed while running: `throw`, a type mismatch, an unknown function, an
    /// index out of bounds, ...
    #[error("{location}: {message} ({call})")]
    Runtime {
        /// Where the innermost failing expression is.
        location: Location,
        /// The call from the engine that failed.
        call: CallSite,
        /// Rhai's message, with the chain of script functions that led to it.
        message: String,
    },
    /// A call reached one of its limits.
    #[error("{}", limit_text(location, *limit, *value, call))]
    Limit {
        /// Where the script was when it stopped.
        location: Location,
        /// Which limit.
        limit: LimitKind,
        /// Its value.
        value: u64,
        /// The call that reached it.
        call: CallSite,
    },
    /// The caller's cancellation flag was set.
    #[error("the script was cancelled ({call})")]
    Cancelled {
        /// The call that was stopped.
        call: CallSite,
    },
    /// `moves` returned something that is not an array of options, or an option that is not a
    /// position of the family nor `sum([...])`.
    #[error("{file}: {call} returned {what}: {reason}")]
    BadOption {
        /// The script's name.
        file: String,
        /// The call (always `moves`) and the position whose options were wrong.
        call: CallSite,
        /// Which part was wrong, e.g. `option 3, 1.5` or `5 instead of an array`.
        what: String,
        /// Why it is wrong and what is expected.
        reason: String,
    },
    /// `display` or `describe` returned something other than a string (or `()` for "use the
    /// default text").
    #[error("{file}: {call} returned {value}, {reason}")]
    BadReturn {
        /// The script's name.
        file: String,
        /// The call.
        call: CallSite,
        /// The returned value, shortened.
        value: String,
        /// What was expected.
        reason: String,
    },
    /// A closed form (`nimber(p)` or `outcome(p)`) disagrees with the search of the script's
    /// own moves (found by `grundy rules check`).
    #[error(
        "{file}: {hook} gives {said} for {position}, but the search of the moves gives \
         {searched}; the closed form is wrong at this position (fix it, or return nothing there \
         to let the engine search)"
    )]
    WrongClosedForm {
        /// The script's name.
        file: String,
        /// `nimber` or `outcome`.
        hook: String,
        /// The position, as the family writes it.
        position: String,
        /// What the hook said.
        said: String,
        /// What the search found.
        searched: String,
    },
    /// A search hook (`canonical(p)` or `split(p)`) disagrees with the search of the
    /// script's own moves (found by `grundy rules check`).
    #[error(
        "{file}: {hook}({position}) gives {said}, but the search of the moves values \
         {position} at {searched}; the hook is wrong at this position (fix it, or return \
         nothing there to let the engine search the position itself)"
    )]
    WrongHook {
        /// The script's name.
        file: String,
        /// `canonical` or `split`.
        hook: String,
        /// The position, as the family writes it.
        position: String,
        /// What the hook gave, with the value the search finds for it.
        said: String,
        /// The value the search finds for the position.
        searched: String,
    },
    /// A position handed to the script is not one it can receive (nested too deeply, or an
    /// argument outside 64 bits when a front converts one).
    #[error("{file}: the position {position} cannot be given to the script: {reason}")]
    BadPosition {
        /// The script's name.
        file: String,
        /// The position's text.
        position: String,
        /// What is wrong.
        reason: String,
    },
}

/// The message of a reached limit: which, its value and where. How to raise it is the
/// front's to say (from [`ScriptError::limit`] and [`LimitKind::key`]), in its own words.
fn limit_text(location: &Location, limit: LimitKind, value: u64, call: &CallSite) -> String {
    match limit {
        LimitKind::Time => format!("{location}: the search ran past its deadline ({call})"),
        _ => format!(
            "{location}: the script reached its limit of {value} {} ({call})",
            limit.describe()
        ),
    }
}

impl ScriptError {
    /// The error of a script longer than `limits.source_size` bytes, in either language (the
    /// first check before compiling); `None` when it fits.
    pub(crate) fn source_too_large(
        source: &str,
        file: &str,
        limits: &crate::Sandbox,
        call: CallSite,
    ) -> Option<ScriptError> {
        (source.len() > limits.source_size).then(|| ScriptError::Limit {
            location: Location {
                file: file.to_string(),
                line_column: None,
            },
            limit: LimitKind::SourceSize,
            value: limits.value(LimitKind::SourceSize),
            call,
        })
    }

    /// What kind of error this is: a reached limit is a limit, the caller's flag a
    /// cancellation, and everything else (the script, its answers or the position given to it
    /// are wrong) wrong input.
    pub fn kind(&self) -> grundy::ErrorKind {
        match self {
            ScriptError::Limit { .. } => grundy::ErrorKind::Limit,
            ScriptError::Cancelled { .. } => grundy::ErrorKind::Cancelled,
            ScriptError::Compile { .. }
            | ScriptError::Runtime { .. }
            | ScriptError::BadOption { .. }
            | ScriptError::BadReturn { .. }
            | ScriptError::WrongClosedForm { .. }
            | ScriptError::WrongHook { .. }
            | ScriptError::BadPosition { .. } => grundy::ErrorKind::Input,
        }
    }

    /// Whether a limit was reached (exit status 3 in the CLI) rather than the script or its
    /// input being wrong (exit status 2). Cancellation is neither and answers `false`.
    pub fn is_limit(&self) -> bool {
        matches!(self, ScriptError::Limit { .. })
    }

    /// Whether the caller's cancellation flag stopped the call.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, ScriptError::Cancelled { .. })
    }

    /// The limit that was reached, if any.
    pub fn limit(&self) -> Option<LimitKind> {
        match self {
            ScriptError::Limit { limit, .. } => Some(*limit),
            _ => None,
        }
    }

    /// The 1-based line and column the error points at, if any.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        match self {
            ScriptError::Compile { location, .. }
            | ScriptError::Runtime { location, .. }
            | ScriptError::Limit { location, .. } => location.line_column,
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_file_line_column_and_limit() {
        let at = Location {
            file: "games/x.rhai".into(),
            line_column: Some((3, 7)),
        };
        let call = CallSite {
            function: "moves".into(),
            position: "x(5)".into(),
        };
        let e = ScriptError::Runtime {
            location: at.clone(),
            call: call.clone(),
            message: "boom".into(),
        };
        assert_eq!(e.to_string(), "games/x.rhai:3:7: boom (in moves of x(5))");
        let e = ScriptError::Limit {
            location: at,
            limit: LimitKind::Operations,
            value: 100,
            call,
        };
        let text = e.to_string();
        assert_eq!(
            text,
            "games/x.rhai:3:7: the script reached its limit of 100 operations in one call \
             (in moves of x(5))"
        );
        // The library speaks no front's language: no command-line flag in its messages.
        assert!(!text.contains("--"), "{text}");
        assert!(e.is_limit());
        assert_eq!(e.limit(), Some(LimitKind::Operations));
        assert_eq!(e.kind(), grundy::ErrorKind::Limit);
    }

    #[test]
    fn kind_sorts_a_script_that_does_not_compile_as_input_and_a_reached_limit_as_a_limit() {
        let limits = crate::Sandbox::default();
        let broken = crate::Script::compile("fn moves(p) { [", "x.rhai", limits.clone())
            .err()
            .unwrap();
        assert!(matches!(broken, ScriptError::Compile { .. }), "{broken}");
        assert_eq!(broken.kind(), grundy::ErrorKind::Input);
        let long = "// padding\n".repeat(limits.source_size / 10 + 1);
        let too_long = crate::Script::compile(&long, "x.rhai", limits)
            .err()
            .unwrap();
        assert_eq!(too_long.limit(), Some(LimitKind::SourceSize), "{too_long}");
        assert_eq!(too_long.kind(), grundy::ErrorKind::Limit);
    }
}
