//! The `grundy` command: parses arguments, dispatches to the engine, maps errors to exit codes.
//!
//! Exit status (fixed by the CLI spec): 0 success, 2 wrong input, 3 a resource limit.

mod commands;
mod explain;
mod failure;
mod graph;
mod lab;
mod play;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match commands::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with success, usage errors with status 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{}", f.render());
            ExitCode::from(f.code())
        }
    }
}
