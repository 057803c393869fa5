//! Rule scripts on the command line: `--rules FILE` (repeatable, on every command),
//! `--script-limit KEY=N`, and `grundy rules check FILE`. Loading and checking live in
//! `grundy-script`; this file only reads files and translates.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use grundy::Registry;

use crate::failure::{raise_advice, script_limit_advice, Failure};
use crate::output::Out;

/// The options every command takes.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// A rule script in Luau (.luau, the faster) or Rhai (.rhai) that defines a family named
    /// after the file or its NAME; repeatable
    #[arg(long = "rules", value_name = "FILE", global = true)]
    pub rules: Vec<PathBuf>,
    /// Raise a limit of every call of a rule script, e.g. operations=100000000 (keys:
    /// operations, call-depth, expr-depth, array-size, string-size, map-size, variables,
    /// position-depth, source-size, memory); repeatable
    #[arg(long = "script-limit", value_name = "KEY=N", global = true)]
    pub script_limits: Vec<String>,
    /// A data file every rule script reads as the global DATA (its text) and DATA_NUMBERS
    /// (its numbers, when every token is an integer), e.g. a judge's input
    #[arg(long = "data", value_name = "FILE", global = true)]
    pub data: Option<PathBuf>,
}

/// `grundy rules ...`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Load a rule script and report its name, functions, problems and first values
    Check {
        /// The script file
        file: PathBuf,
        /// The last position valued: positions 0..N of a one-number family; for k numbers,
        /// each number from 0 to at most N, in a box of a few hundred positions
        #[arg(long, default_value_t = 30)]
        to: u64,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
    },
}

/// The CLI's words for a script error, of the kind the script crate gave it: the library's
/// message, with the flag that raises a reached limit.
fn script_failure(p: &grundy_script::ScriptError) -> Failure {
    let advice = match p.limit() {
        Some(kind) if kind.is_script_limit() => script_limit_advice(kind.key()),
        Some(grundy_script::LimitKind::Time) => raise_advice("--timeout"),
        Some(_) => raise_advice("--max-nodes"),
        None => String::new(),
    };
    Failure::of_kind(p.kind(), format!("{p}{advice}"))
}

/// The largest script file read.
const MAX_SCRIPT_BYTES: u64 = 4 << 20;

/// The largest data file read.
const MAX_DATA_BYTES: u64 = 256 << 20;

impl RulesArgs {
    /// The script limits, with every `--script-limit` applied.
    pub fn limits(&self) -> Result<grundy_script::Sandbox, Failure> {
        let mut l = grundy_script::Sandbox::default();
        for text in &self.script_limits {
            l.set_from_text(text)
                .map_err(|m| Failure::input(format!("--script-limit: {m}")))?;
        }
        if let Some(path) = &self.data {
            l.data =
                grundy_script::ScriptData::of_text(&read_text(path, "data file", MAX_DATA_BYTES)?);
        }
        Ok(l)
    }

    /// The CLI's registry with every `--rules` script registered.
    pub fn registry(&self) -> Result<Registry, Failure> {
        let mut reg = crate::context::registry();
        if self.rules.is_empty() {
            if let Some(data) = &self.data {
                return Err(Failure::input(format!(
                    "--data {} gives a file to rule scripts, but no script was given; add \
                     --rules FILE with the script that reads DATA",
                    data.display()
                )));
            }
            return Ok(reg);
        }
        let limits = self.limits()?;
        for path in &self.rules {
            let source = read_script(path)?;
            grundy_script::register(&mut reg, &source, &path.display().to_string(), &limits)?;
        }
        Ok(reg)
    }
}

fn read_script(path: &Path) -> Result<String, Failure> {
    read_text(path, "rule script", MAX_SCRIPT_BYTES)
}

/// The text of a file the CLI reads for a script (`what`: "rule script", "data file"), of at
/// most `max` bytes.
fn read_text(path: &Path, what: &str, max: u64) -> Result<String, Failure> {
    use std::io::Read;
    let cannot = |e: std::io::Error| {
        Failure::input(format!("cannot read the {what} {}: {e}", path.display()))
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > max {
        return Err(Failure::Limit(format!(
            "the {what} {} is larger than {max} bytes",
            path.display()
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!(
            "the {what} {} is not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// Runs `grundy rules ...`.
pub fn run(cmd: RulesCommand, args: &RulesArgs) -> Result<(), Failure> {
    match cmd {
        RulesCommand::Check { file, to, json } => {
            let limits = args.limits()?;
            let source = read_script(&file)?;
            let report =
                grundy_script::check_values(&source, &file.display().to_string(), &limits, to);
            let mut out = Out::new();
            if json {
                out.line(&crate::output::to_json(&report)?)?;
            } else {
                out.put(&report.to_text())?;
            }
            out.flush()?;
            match report.first_problem() {
                None => Ok(()),
                Some(p) => Err(script_failure(p)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_script::{CallSite, LimitKind, Location, ScriptError};

    #[test]
    fn a_script_reaching_a_limit_names_the_flag_that_raises_it() {
        let reached = |limit| ScriptError::Limit {
            location: Location {
                file: "g.rhai".into(),
                line_column: Some((3, 1)),
            },
            limit,
            value: 7,
            call: CallSite {
                function: "moves".into(),
                position: "g(1)".into(),
            },
        };
        for (limit, advice) in [
            (LimitKind::Time, "; raise it with --timeout"),
            (LimitKind::Positions, "; raise it with --max-nodes"),
            (
                LimitKind::Operations,
                "; raise it with --script-limit operations=N",
            ),
        ] {
            let failure = script_failure(&reached(limit));
            let text = failure.message().unwrap_or_default();
            assert!(text.ends_with(advice), "{text}");
            assert_eq!(failure.code(), 3, "{text}");
        }
    }
}
