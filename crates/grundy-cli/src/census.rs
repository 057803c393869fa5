//! `grundy census`: values, periods and proofs of many octal games at once, in parallel and
//! resumable (the `grundy-census` crate does the work).

use std::path::PathBuf;

use grundy::lab;
use grundy_census::Census;

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
            // The library names the number of digits; the command line names its flag.
            None if req.rulesets.is_empty() => Failure::of_kind(e.kind(), format!("--digits: {e}")),
            None => Failure::from(e),
        }
    })?;
    let mut run = lab::CensusRun {
        state: req.state.clone(),
        certificates: req.certificates.clone(),
        threads: req.threads,
        ..lab::CensusRun::default()
    };
    if let Some(w) = &req.verify_max_work {
        run.verify_max_work = Some(crate::context::parse_count("--verify-max-work", w)?);
    }
    let reporter = Reporter::new();
    let mut limits = crate::context::limits(grundy::Limits::default(), None, None, &reporter)?;
    if let Some(m) = &req.memory_limit {
        limits.max_memory = crate::context::parse_bytes("--memory-limit", m)?;
    }
    let result = lab::census(&rules, to, &run, &limits);
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
        (_, Some(grundy::Limit::Size)) => Failure::of_kind(e.kind(), format!("--to: {e}")),
        _ if req.threads == Some(0) => Failure::of_kind(e.kind(), format!("--threads: {e}")),
        _ => Failure::of_kind(e.kind(), e.to_string()),
    })?;
    write(&table, req)
}

/// Writes the table to the files asked for, or to standard output.
fn write(table: &Census, req: &Request) -> Result<(), Failure> {
    lab::write_census(table, req.csv_file.as_deref(), req.json_file.as_deref())?;
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
