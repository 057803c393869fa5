//! The subcommands of misere quotients and certified periods: `quotient`, `verify` and
//! `census`. They are flattened into the main command list, so that adding them touches the
//! dispatcher in one line.

use std::path::PathBuf;

use clap::Subcommand;
use grundy::Registry;

use crate::failure::Failure;

/// Misere quotients, certificates and the census of octal games.
#[derive(Debug, Subcommand)]
pub enum TheoryCommand {
    /// The misere quotient of a heap ruleset for heaps 0..N: order, presentation, P-portion,
    /// heap map, multiplication table, and whether it is proven for every heap
    Quotient {
        /// The heap ruleset, e.g. 'tb[0.77]' (Kayles) or 'sub[1,3,4]'
        ruleset: String,
        /// The largest heap size
        #[arg(long)]
        to: String,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// The largest quotient allowed (default 2048; its table takes 4 * order^2 bytes)
        #[arg(long)]
        max_order: Option<usize>,
        /// The most search steps, about one per position visited (default 2^32)
        #[arg(long)]
        max_work: Option<u64>,
        /// The most memory one search may keep, like 500M or 2G (default: three quarters of
        /// the available memory)
        #[arg(long)]
        memory_limit: Option<String>,
        /// Stop after this many seconds (exit 3)
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// Check a period certificate (written by 'table --certificate' or 'census
    /// --certificates') from scratch: exit 0 when it proves its period, 2 when it is wrong
    /// or altered, 3 when checking it would exceed a limit
    Verify {
        /// The certificate file; '-' reads it from standard input
        cert: PathBuf,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// The most option evaluations the check may take (default 2*10^10, tens of seconds
        /// on one core)
        #[arg(long)]
        max_work: Option<String>,
        /// How to check the values: 'auto' (sparse where it applies), 'plain' (recompute
        /// every value by mex over every option) or 'sparse' (check each value against its
        /// options with the checker's own rare/common split; codes it does not cover are
        /// checked plainly)
        #[arg(long, default_value = "auto", value_parser = ["auto", "plain", "sparse"])]
        method: String,
        /// Threads for the sparse check (0: one per core)
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The most values a certificate may list (default 10^8; 0.1777's lists 4.4*10^8)
        #[arg(long)]
        max_values: Option<String>,
    },
    /// A census of octal games: every code with up to --digits digits after the point (or the
    /// rulesets given), values of heaps 0..N, periods found and proven, rare values; CSV on
    /// standard output, or JSON, or files
    Census {
        /// Rulesets to compute instead of every code: 'tb[0.07]', '0.07' or 'sub[1,3]'
        rulesets: Vec<String>,
        /// The largest heap size
        #[arg(long)]
        to: String,
        /// Codes with 1 to this many digits after the point (1 to 6; 3 gives 511 codes)
        #[arg(long, default_value_t = 3)]
        digits: usize,
        /// Also the codes 4.d1d2... (a heap may be split in two without taking)
        #[arg(long)]
        with_four: bool,
        /// Print JSON instead of CSV
        #[arg(long)]
        json: bool,
        /// Write the CSV table to this file (crash-safe) instead of printing it
        #[arg(long)]
        csv_file: Option<PathBuf>,
        /// Write the JSON table to this file (crash-safe) instead of printing it
        #[arg(long)]
        json_file: Option<PathBuf>,
        /// Save finished rows to this file after every ruleset and skip them when run again:
        /// an interrupted census continues where it stopped
        #[arg(long)]
        state: Option<PathBuf>,
        /// Write the certificate of every proven period to this directory, as CODE.cert
        #[arg(long)]
        certificates: Option<PathBuf>,
        /// Worker threads (default: one per core)
        #[arg(long)]
        threads: Option<usize>,
        /// The most option evaluations spent checking one certificate independently; 0
        /// skips the check (default 10^9)
        #[arg(long)]
        verify_max_work: Option<String>,
        /// The most memory one table of values may take, like 500M or 2G
        #[arg(long)]
        memory_limit: Option<String>,
    },
}

/// Runs one of these subcommands.
pub fn run(reg: &Registry, cmd: TheoryCommand) -> Result<(), Failure> {
    match cmd {
        TheoryCommand::Quotient {
            ruleset,
            to,
            json,
            max_order,
            max_work,
            memory_limit,
            timeout,
        } => crate::quotient::run(
            reg,
            &crate::quotient::Request {
                ruleset,
                to,
                json,
                max_order,
                max_work,
                memory_limit,
                timeout,
            },
        ),
        TheoryCommand::Verify {
            cert,
            json,
            max_work,
            method,
            threads,
            max_values,
        } => crate::verify::run(&crate::verify::Request {
            path: &cert,
            json,
            max_work: max_work.as_deref(),
            max_values: max_values.as_deref(),
            method: &method,
            threads,
        }),
        TheoryCommand::Census {
            rulesets,
            to,
            digits,
            with_four,
            json,
            csv_file,
            json_file,
            state,
            certificates,
            threads,
            verify_max_work,
            memory_limit,
        } => crate::census::run(&crate::census::Request {
            rulesets,
            to,
            digits,
            with_four,
            json,
            csv_file,
            json_file,
            state,
            certificates,
            threads,
            verify_max_work,
            memory_limit,
        }),
    }
}
