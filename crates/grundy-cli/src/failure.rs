//! Errors of the command line, sorted into the exit statuses of the spec.

use grundy::expr::ParseError;
use grundy::solve::SolveError;

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
}

impl Failure {
    /// A plain input error.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure::Input {
            message: message.into(),
            source_text: None,
        }
    }

    /// An error in an expression or ruleset text, shown with a caret under the column.
    pub fn parse(e: &ParseError, text: &str) -> Failure {
        Failure::Input {
            message: format!("{e}"),
            source_text: Some((text.to_string(), e.column)),
        }
    }

    /// The exit status for this failure.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Input { .. } => 2,
            Failure::Limit(_) => 3,
        }
    }

    /// The message for stderr.
    pub fn render(&self) -> String {
        match self {
            Failure::Input {
                message,
                source_text,
            } => {
                let mut out = format!("error: {message}");
                if let Some((text, column)) = source_text {
                    // Show a window of the text around the column, so that a million-heap
                    // expression does not flood the terminal.
                    let chars: Vec<char> = text.chars().collect();
                    let col = column.saturating_sub(1).min(chars.len());
                    let from = col.saturating_sub(60);
                    let to = (col + 60).min(chars.len());
                    let window: String = chars[from..to]
                        .iter()
                        .map(|&c| if c == '\n' || c == '\t' { ' ' } else { c })
                        .collect();
                    let prefix = if from > 0 { "..." } else { "" };
                    out.push_str(&format!(
                        "\n  {prefix}{window}\n  {}^",
                        " ".repeat(prefix.len() + col - from)
                    ));
                }
                out
            }
            Failure::Limit(m) => format!("error: {m}"),
        }
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Cycle | SolveError::Unsupported { .. } => Failure::input(e.to_string()),
            _ => Failure::Limit(e.to_string()),
        }
    }
}
