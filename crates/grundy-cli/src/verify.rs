//! Period certificates: `grundy table ... --certificate FILE` writes one, `grundy verify CERT`
//! checks one with `grundy-verify`'s independent checker (its own parser, plain mex and
//! sparse-space check; it shares no code with the fast kernels that computed the table).

use std::path::Path;

use grundy::{lab, ErrorKind};
use grundy_verify::Verified;

use crate::failure::Failure;
use crate::output::Out;

/// Writes the certificate of the proven period of `ruleset`'s table `values` to `path`: as
/// text for `grundy table --certificate`, in the binary form for a table file (`grundy table
/// --out FILE --certificate CERT`: 10^8 values and more), read from the table's own storage.
///
/// Fails with an input error (exit 2) when the table has no period proven by a theorem, or its
/// rules are not covered by one, so that no certificate can be written.
pub fn write_certificate(
    ruleset: &str,
    values: &grundy_heap::Values,
    period: Option<&grundy::Period>,
    path: &Path,
    form: lab::Form,
) -> Result<(), Failure> {
    let w = lab::write_certificate(ruleset, values, period, path, form)?;
    written(path, &w);
    Ok(())
}

/// Says on standard error that a certificate was written (the table goes to standard output).
fn written(path: &Path, w: &lab::Written) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "certificate written to {}: period {} from heap {}, {} values, checksum {:X}",
        path.display(),
        w.period,
        w.preperiod,
        w.count,
        w.checksum
    );
}

/// The arguments of `grundy verify`.
pub struct Request<'a> {
    /// The certificate file, or `-` for standard input.
    pub path: &'a Path,
    /// Print JSON.
    pub json: bool,
    /// `--max-work`.
    pub max_work: Option<&'a str>,
    /// `--max-values`.
    pub max_values: Option<&'a str>,
    /// `--method`: `auto`, `plain` or `sparse` (clap has checked it).
    pub method: &'a str,
    /// `--threads`.
    pub threads: usize,
}

/// `grundy verify CERT [--json] [--max-work W] [--method M] [--threads T]`.
pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    let mut check = lab::Check {
        method: match req.method {
            "plain" => lab::CheckMethod::Plain,
            "sparse" => lab::CheckMethod::Sparse,
            _ => lab::CheckMethod::Auto,
        },
        threads: req.threads,
        ..lab::Check::default()
    };
    if let Some(w) = req.max_work {
        check.max_work = crate::context::parse_count("--max-work", w)?;
    }
    if let Some(v) = req.max_values {
        // A count beyond 2^64 is no limit at all.
        check.max_values =
            u64::try_from(crate::context::parse_count("--max-values", v)?).unwrap_or(u64::MAX);
    }
    let path = req.path;
    let shown = path.display();
    // The library names no flag: the command line says which of its flags sets a limit.
    let flagged = |e: grundy::Error| {
        let flag = match e.limit_reached() {
            Some(grundy::Limit::InputSize(_)) => "--max-values",
            Some(grundy::Limit::Size) => "--max-work",
            _ => return Failure::from(e),
        };
        Failure::of_kind(
            e.kind(),
            format!("{e} (the command line sets it with {flag})"),
        )
    };
    // A longer file than a certificate of --max-values values takes is refused unread.
    let name = shown.to_string();
    let text = if path.as_os_str() == "-" {
        lab::read_certificate(std::io::stdin(), &name, check.max_values)
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::File(format!("cannot read {name}: {e}")))?;
        lab::read_certificate(file, &name, check.max_values)
    }
    .map_err(|e| match e.kind() {
        ErrorKind::Limit => Failure::Limit(format!(
            "{e} (the command line sets the number of values with --max-values)"
        )),
        _ => Failure::from(e),
    })?;
    let reporter = crate::context::Reporter::new();
    let limits = crate::context::limits(grundy::Limits::default(), None, None, &reporter)?;
    // verify_bytes reads the values (text or binary) straight into one, two or four bytes
    // each.
    let ok = lab::verify_certificate(&text, &name, &check, &limits);
    reporter.finish();
    let ok = ok.map_err(|e| match e.kind() {
        ErrorKind::Cancelled => Failure::Interrupted(format!("{shown} was not checked")),
        _ => flagged(e),
    })?;
    let mut out = Out::new();
    if req.json {
        out.line(&crate::output::to_json(&verified_json(
            &ok,
            &shown.to_string(),
        ))?)?;
    } else {
        out.line(&format!("verified: {ok}"))?;
        out.line(&format!("work: {}", ok.work))?;
    }
    out.flush()
}

/// The JSON of a certificate that verified.
fn verified_json(ok: &Verified, file: &str) -> serde_json::Value {
    let w = &ok.work;
    serde_json::json!({
        "file": file,
        "verified": true,
        "rules": ok.rules,
        "theorem": ok.theorem.to_string(),
        "preperiod": ok.preperiod,
        "period": ok.period,
        "saltus": 0,
        "values_needed": ok.values_needed,
        "values_checked": ok.values_checked,
        "checksum": format!("{:X}", ok.checksum),
        "work": {
            "method": w.method.to_string(),
            "option_evaluations": w.option_evaluations,
            "witness_evaluations": w.witness_evaluations,
            "rare_mask": w.rare_mask,
            "rare_heaps": w.rare_heaps,
            "full_scans": w.full_scans,
            "bytes_per_value": w.bytes_per_value,
            "seconds": w.elapsed.as_secs_f64(),
        },
    })
}
