//! Errors of the command line, sorted into the exit statuses of the spec.

use grundy::ErrorKind;

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Wrong input (exit 2): the message and, for an expression, the text and column.
    Input {
        message: String,
        source_text: Option<(String, usize)>,
    },
    /// A resource limit was reached (exit 3).
    Limit(String),
    /// The user interrupted the command with Ctrl-C (exit 130, as for any program stopped by
    /// SIGINT); the message says what was kept.
    Interrupted(String),
    /// Writing the output failed (exit 1; a closed pipe ends the program quietly instead).
    Output(std::io::Error),
    /// Reading or writing a file failed (exit 1): the message names the file.
    File(String),
}

impl Failure {
    /// A plain input error.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure::Input {
            message: message.into(),
            source_text: None,
        }
    }

    /// A library error about `text` (an expression or a ruleset): an input error with a
    /// column is shown with a caret under that column.
    pub fn at(e: grundy::Error, text: &str) -> Failure {
        match e.column() {
            Some(column) => Failure::Input {
                message: format!("column {column}: {e}"),
                source_text: Some((text.to_string(), column)),
            },
            None => Failure::from(e),
        }
    }

    /// A failure of the kind an error's own crate gave it (its `kind()`): limits exit 3,
    /// cancellations 130, failed reads and writes 1, everything else 2. The one place that
    /// sorts kinds; callers only choose the message.
    pub fn of_kind(kind: ErrorKind, message: String) -> Failure {
        match kind {
            ErrorKind::Limit => Failure::Limit(message),
            ErrorKind::Cancelled => Failure::Interrupted(message),
            ErrorKind::Io => Failure::File(message),
            ErrorKind::Input | ErrorKind::Unsupported | ErrorKind::External => {
                Failure::input(message)
            }
        }
    }

    /// The exit status for this failure.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Input { .. } => 2,
            Failure::Limit(_) => 3,
            Failure::Interrupted(_) => 130,
            Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
            Failure::Output(_) | Failure::File(_) => 1,
        }
    }

    /// The message for stderr, with control characters of the input escaped (an escape
    /// sequence typed into an expression must not reach the terminal); `None` when nothing is
    /// to be said (a closed pipe).
    pub fn message(&self) -> Option<String> {
        match self {
            Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => None,
            _ => Some(self.render()),
        }
    }

    fn render(&self) -> String {
        match self {
            Failure::Input {
                message,
                source_text,
            } => {
                let mut out = format!("error: {}", escape_controls(message));
                if let Some((text, column)) = source_text {
                    // Show a window of the text around the column, so that a million-heap
                    // expression does not flood the terminal; control characters are shown
                    // escaped, and the caret counts their escaped width.
                    let chars: Vec<char> = text.chars().collect();
                    let col = column.saturating_sub(1).min(chars.len());
                    let from = col.saturating_sub(60);
                    let to = (col + 60).min(chars.len());
                    let shown = |c: char| match c {
                        '\n' | '\t' | '\r' => " ".to_string(),
                        c => escape_controls(&c.to_string()),
                    };
                    let window: String = chars[from..to].iter().map(|&c| shown(c)).collect();
                    let before: usize = chars[from..col]
                        .iter()
                        .map(|&c| shown(c).chars().count())
                        .sum();
                    let prefix = if from > 0 { "..." } else { "" };
                    out.push_str(&format!(
                        "\n  {prefix}{window}\n  {}^",
                        " ".repeat(prefix.len() + before)
                    ));
                }
                out
            }
            Failure::Limit(m) => format!("error: {}", escape_controls(m)),
            Failure::Interrupted(m) => format!("interrupted: {}", escape_controls(m)),
            Failure::Output(e) => format!("error: cannot write the output: {e}"),
            Failure::File(m) => format!("error: {}", escape_controls(m)),
        }
    }
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Self {
        use grundy::Limit;
        let advice = match e.limit_reached() {
            Some(Limit::Positions(_)) => raise_advice("--max-nodes"),
            Some(Limit::Memory(_)) => raise_advice("--memory-limit"),
            Some(Limit::Time(_)) => raise_advice("--timeout"),
            Some(Limit::Script(key)) => script_limit_advice(key),
            _ => String::new(),
        };
        Failure::of_kind(e.kind(), format!("{e}{advice}"))
    }
}

/// The CLI's words after the message of a reached limit, naming the `flag` that raises it:
/// `; raise it with --timeout`.
pub fn raise_advice(flag: &str) -> String {
    format!("; raise it with {flag}")
}

/// The CLI's words for raising the script limit named `key` (a [`grundy_script::Sandbox`]
/// key, carried by the library's typed error): `; raise it with --script-limit KEY=N`.
pub fn script_limit_advice(key: &str) -> String {
    raise_advice(&format!("--script-limit {key}=N"))
}

/// Writes control characters (other than line breaks) as `\x1b`-style escapes.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            let code = c as u32;
            if code <= 0xff {
                out.push_str(&format!("\\x{code:02x}"));
            } else {
                out.push_str(&format!("\\u{{{code:x}}}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("nim(3\u{1b},4)\n"), "nim(3\\x1b,4)\n");
        assert_eq!(escape_controls("a\u{7f}\u{9b}b"), "a\\x7f\\x9bb");
        assert_eq!(escape_controls("∞(0,1)"), "∞(0,1)");
    }

    #[test]
    fn a_reached_limit_names_the_flag_that_raises_it() {
        use grundy::{Error, Limit};
        let rendered = |e: Error| Failure::from(e).message().unwrap_or_default();
        let cases = [
            (Error::positions(5), "; raise it with --max-nodes"),
            (
                Error::limit(Limit::Memory(8), "m"),
                "; raise it with --memory-limit",
            ),
            (
                Error::limit(Limit::Time(std::time::Duration::from_secs(1)), "t"),
                "; raise it with --timeout",
            ),
            (
                Error::limit(Limit::Script("operations".into()), "s"),
                "; raise it with --script-limit operations=N",
            ),
        ];
        for (e, advice) in cases {
            let text = rendered(e);
            assert!(text.ends_with(advice), "{text}");
        }
        assert_eq!(
            rendered(Error::limit(Limit::Size, "too large")),
            "error: too large"
        );
    }
}
