//! `grundy census`: values, periods and proofs of many octal games at once, in parallel and
//! resumable (the `grundy-census` crate does the work).

use std::path::PathBuf;

use grundy_census::{
    canonical_rules, census, octal_codes, Census, CensusError, CensusOptions, FirstDigit,
};

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

/// The most digits after the point a census takes (8^6 codes).
const MAX_DIGITS: usize = 6;

/// The largest `--to`: tables are held in memory one per thread.
const MAX_TO: u64 = grundy::api::TABLE_LIMIT;

/// Runs `grundy census`.
pub fn run(req: &Request) -> Result<(), Failure> {
    let to = grundy::api::parse_natural(&req.to, "--to")?;
    let to = u64::try_from(&to)
        .ok()
        .filter(|&n| n <= MAX_TO)
        .ok_or_else(|| {
            Failure::Limit(format!(
                "--to {to} is above the limit of {MAX_TO} values per ruleset; ask for fewer"
            ))
        })?;
    let rules = if req.rulesets.is_empty() {
        if !(1..=MAX_DIGITS).contains(&req.digits) {
            return Err(Failure::input(format!(
                "--digits {}: expected 1 to {MAX_DIGITS}",
                req.digits
            )));
        }
        let first = if req.with_four {
            FirstDigit::ZeroAndFour
        } else {
            FirstDigit::Zero
        };
        octal_codes(req.digits, first)
    } else {
        canonical_rules(&req.rulesets).map_err(census_failure)?
    };
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
    // Heaps 0..=to are to + 1 values.
    let n = to + 1;
    let result = match req.threads {
        Some(0) => return Err(Failure::input("--threads 0: expected at least one thread")),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| Failure::input(format!("--threads {t}: {e}")))?
            .install(|| census(&rules, n, &opts)),
        None => census(&rules, n, &opts),
    };
    reporter.finish();
    let table = result.map_err(|e| match e.kind() {
        grundy::ErrorKind::Cancelled => Failure::Interrupted(match &req.state {
            Some(s) => format!("{e} ({})", s.display()),
            None => format!("{e}; nothing was saved: give --state FILE to make a census resumable"),
        }),
        _ => census_failure(e),
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
