//! The `grundy` command: parses arguments, dispatches to the engine, maps errors to exit codes.
//!
//! Exit status (fixed by the CLI spec): 0 success, 2 wrong input, 3 a resource limit.

// The arguments' doc comments are the help text clap prints: rulesets in them (`sub[1,3,4]`)
// stay as the user types them, not escaped for rustdoc.
#![allow(rustdoc::broken_intra_doc_links)]

mod census;
mod commands;
mod context;
mod failure;
mod graph;
mod lab;
mod output;
mod play;
mod quotient;
mod rules;
mod serve;
mod theory;
mod verify;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match commands::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with success, usage errors with status 2;
            // help that cannot be written is a failed write like any other output.
            let code = if e.use_stderr() { 2 } else { 0 };
            return match e.print() {
                Ok(()) => ExitCode::from(code),
                Err(io) => report(failure::Failure::Output(io)),
            };
        }
    };
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => report(f),
    }
}

/// Says why the command failed (nothing for a closed pipe) and gives its exit status.
fn report(f: failure::Failure) -> ExitCode {
    if let Some(message) = f.message() {
        use std::io::Write;
        // If even stderr is gone there is no one left to tell.
        let _ = writeln!(std::io::stderr(), "{message}");
    }
    ExitCode::from(f.code())
}
