//! `grundy census`: values, periods and proofs of many octal games at once, in parallel and
//! resumable (the `grundy-census` crate does the work).

use std::path::PathBuf;

use grundy::lab;
use grundy_census::{Census, CensusError, CensusOptions};

use crate::context::Reporter;
use crate::failure::Failure;
use crate::output::Out;

/// The arguments of `grundy census`.
pub struct Request {
    pub rulesets: Vec<String>,
    pub to: String,
    pub digits: usize,
    pub with_four: bool,
    pub json: bool,
    pub csv_file: Option<PathBuf>,
    pub json_file: Option<PathBuf>,
    pub state: Option<PathBuf>,
    pub certificates: Option<PathBuf>,
    pub threads: Option<usize>,
    pub verify_max_work: Option<String>,
    pub memory_limit: Option<String>,
}

/// Runs `grundy census`.
pub fn run(req: &Request) -> Result<(), Failure> {
    let to = grundy::api::parse_natural(&req.to, "--to")?;
    let to = u64::try_from(&to).unwrap_or(u64::MAX);
    let rules = lab::census_rules(&req.rulesets, req.digits, req.with_four).map_err(|e| {
        // The ruleset that does not parse is shown with a caret under its column.
        let bad = req
            .rulesets
            .iter()
            .map(|r| r.trim())
            .find(|r| lab::census_rules(&[r.to_string()], req.digits, req.with_four).is_err());
        match bad {
            Some(text) => Failure::at(e, text),
            None => Failure::from(e),
        }
    })?;
    let mut opts = CensusOptions {
        state: req.state.clone(),
        cert_dir: req.certificates.clone(),
        cancel: Some(crate::context::ctrl_c()),
        ..CensusOptions::default()
    };
    if let Some(w) = &req.verify_max_work {
        opts.verify_max_work = crate::context::parse_count("--verify-max-work", w)?;
    }
    if let Some(m) = &req.memory_limit {
        opts.memory_limit = crate::context::parse_bytes("--memory-limit", m)?;
    }
    let reporter = Reporter::new();
    let progress = |p: &grundy_census::Progress| {
        reporter.report(&grundy::Progress {
            task: format!("rulesets ({} done)", p.rules),
            done: p.done as u64,
            total: Some(p.total as u64),
        })
    };
    opts.progress = Some(&progress);
    let result = lab::census(&rules, to, req.threads, &opts);
    reporter.finish();
    let table = result.map_err(|e| match (e.kind(), e.limit_reached()) {
        (grundy::ErrorKind::Cancelled, _) => Failure::Interrupted(match &req.state {
            Some(s) => format!(
                "the census was cancelled; {} holds the rulesets finished: run the same \
                 command again to resume",
                s.display()
            ),
            None => "the census was cancelled; nothing was saved: give --state FILE to make a \
                     census resumable"
                .to_string(),
        }),
        (_, Some(grundy::Limit::Memory(_))) => Failure::of_kind(
            e.kind(),
            format!("{e} (the command line sets the memory of one table with --memory-limit)"),
        ),
        _ => Failure::of_kind(e.kind(), e.to_string()),
    })?;
    write(&table, req)
}

/// Writes the table to the files asked for, or to standard output.
fn write(table: &Census, req: &Request) -> Result<(), Failure> {
    if let Some(path) = &req.csv_file {
        table.write_csv(path).map_err(census_failure)?;
    }
    if let Some(path) = &req.json_file {
        table.write_json(path).map_err(census_failure)?;
    }
    if req.csv_file.is_some() || req.json_file.is_some() {
        let proven = table.rows.iter().filter(|r| r.proven).count();
        let verified = table
            .rows
            .iter()
            .filter(|r| r.verified == Some(true))
            .count();
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "{} rulesets to heap {}: {proven} periods proven, {verified} certificates checked",
            table.rows.len(),
            table.n.saturating_sub(1)
        );
        return Ok(());
    }
    let mut out = Out::new();
    if req.json {
        out.line(&table.to_json())?;
    } else {
        out.put(&table.to_csv())?;
    }
    out.flush()
}

/// The command line's failure for a census error, of the kind the census crate gave it; a
/// limit says which flag raises it.
fn census_failure(e: CensusError) -> Failure {
    let message = match e.kind() {
        grundy::ErrorKind::Limit => {
            format!("{e} (the command line sets the memory of one table with --memory-limit)")
        }
        _ => e.to_string(),
    };
    Failure::of_kind(e.kind(), message)
}
