//! Period certificates: `grundy table ... --certificate FILE` writes one, `grundy verify CERT`
//! checks one with `grundy-verify`'s independent checker (its own parser, plain mex and
//! sparse-space check; it shares no code with the fast kernels that computed the table).

use std::io::Read;
use std::path::Path;

use grundy::ErrorKind;
use grundy_verify::{CertError, Certificate, Method, Verified, VerifyOptions};

use crate::failure::Failure;
use crate::output::Out;

/// The largest certificate file read: 10^8 values, the checker's default, take about 300 MB
/// of text; a binary certificate takes one to four bytes a value (0.1777's 4.4 * 10^8 values,
/// 443 MB).
const MAX_CERT_BYTES: u64 = 4 << 30;

/// Writes the certificate of a table's proven period to `path`, as text.
///
/// Fails with an input error (exit 2) when the table has no period proven by a theorem, or its
/// rules are not covered by one, so that no certificate can be written.
pub fn write_certificate(t: &grundy::api::Table, path: &Path) -> Result<(), Failure> {
    let top = t.values.len().saturating_sub(1);
    let cert = certificate_of(&t.ruleset, t.values.iter(), t.period.as_ref(), top)?;
    save(path, cert.to_text().into_bytes(), &cert)
}

/// Writes the certificate of a table file's proven period to `path`, in the binary form
/// (`grundy table --out FILE --certificate CERT`: tables of 10^8 values and more).
/// The values are read from the table where it holds them, not copied into a list.
pub fn write_binary_certificate(t: &grundy_heap::Table, path: &Path) -> Result<(), Failure> {
    let top = t.values.len().saturating_sub(1);
    let period = proven(&t.rules, t.period.as_ref(), top)?;
    // Heaps below the table's length are always held.
    let value = |i: usize| t.values.get(i).unwrap_or(u32::MAX);
    let streamed = Certificate::streamed(
        &t.rules,
        t.values.len(),
        value,
        period.preperiod,
        period.period,
        period.saltus,
    )
    .map_err(|e| refused(&t.rules, e))?;
    grundy_census::write_atomic_with(path, |w| streamed.write_binary(value, w))
        .map_err(|e| Failure::File(format!("cannot write the certificate: {e}")))?;
    written(
        path,
        streamed.period(),
        streamed.preperiod(),
        streamed.count(),
        streamed.checksum(),
    );
    Ok(())
}

/// The certificate of `ruleset`'s values (heaps 0..=top) with its proven `period`.
fn certificate_of(
    ruleset: &str,
    values: impl Iterator<Item = u32>,
    period: Option<&grundy::Period>,
    top: usize,
) -> Result<Certificate, Failure> {
    let period = proven(ruleset, period, top)?;
    Certificate::new(
        ruleset,
        values,
        period.preperiod,
        period.period,
        period.saltus,
    )
    .map_err(|e| refused(ruleset, e))
}

/// The period of a table of heaps 0..=top if it is proven, else why no certificate.
fn proven<'a>(
    ruleset: &str,
    period: Option<&'a grundy::Period>,
    top: usize,
) -> Result<&'a grundy::Period, Failure> {
    match period {
        Some(p) if p.proven => Ok(p),
        Some(p) => Err(Failure::input(format!(
            "no certificate: the period {} from heap {} of {ruleset} is only seen in heaps \
             0..{top}, not proven{}; raise --to",
            p.period,
            p.preperiod,
            if p.values_needed > 0 {
                format!(" (the proof needs heaps 0..{})", p.values_needed)
            } else {
                String::new()
            }
        ))),
        None => Err(Failure::input(format!(
            "no certificate: {ruleset} has no period in heaps 0..{top}; raise --to, or \
             leave out --certificate"
        ))),
    }
}

/// Why the checker's writer refused the certificate of `ruleset`.
fn refused(ruleset: &str, e: CertError) -> Failure {
    match e {
        // The checker shares no code with the families: it reads codes and subtraction sets.
        CertError::Rules { .. } => Failure::input(format!(
            "no certificate for {ruleset}: the independent checker covers take-and-break codes \
             tb[...] and subtraction sets sub[...] only; leave out --certificate"
        )),
        e => Failure::input(format!("no certificate for {ruleset}: {e}")),
    }
}

/// Writes `bytes`, the certificate `cert`, to `path` (whole or not at all), and says so on
/// standard error (the table goes to standard output).
fn save(path: &Path, bytes: Vec<u8>, cert: &Certificate) -> Result<(), Failure> {
    grundy_census::write_atomic(path, &bytes)
        .map_err(|e| Failure::File(format!("cannot write the certificate: {e}")))?;
    written(
        path,
        cert.period,
        cert.preperiod,
        cert.values.len() as u64,
        cert.checksum,
    );
    Ok(())
}

/// Says on standard error that a certificate was written.
fn written(path: &Path, period: u64, preperiod: u64, count: u64, checksum: u32) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "certificate written to {}: period {period} from heap {preperiod}, {count} values, \
         checksum {checksum:X}",
        path.display(),
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
    let mut opts = VerifyOptions {
        cancel: Some(crate::context::ctrl_c()),
        method: match req.method {
            "plain" => Method::Plain,
            "sparse" => Method::Sparse,
            _ => Method::Auto,
        },
        threads: req.threads,
        ..VerifyOptions::default()
    };
    if let Some(w) = req.max_work {
        opts.max_work = crate::context::parse_count("--max-work", w)?;
    }
    if let Some(v) = req.max_values {
        // A count beyond 2^64 is no limit at all.
        opts.max_values =
            u64::try_from(crate::context::parse_count("--max-values", v)?).unwrap_or(u64::MAX);
    }
    let path = req.path;
    // A certificate of at most --max-values values takes at most 11 bytes a value (ten
    // digits and a space) and its header: a longer file is refused before it is read.
    let most = opts
        .max_values
        .saturating_mul(11)
        .saturating_add(1 << 20)
        .min(MAX_CERT_BYTES);
    let text = read_cert(path, most)?;
    let shown = path.display();
    let reporter = crate::context::Reporter::new();
    let bar = reporter.clone();
    opts.progress = Some(grundy_verify::Progress(std::sync::Arc::new(
        move |done, total| {
            bar.report(&grundy::Progress {
                task: "heaps checked".to_string(),
                done,
                total: Some(total),
            })
        },
    )));
    // verify_bytes reads the values (text or binary) straight into one, two or four bytes
    // each.
    let ok = grundy_verify::verify_bytes(&text, &opts);
    reporter.finish();
    let ok = ok.map_err(|e| {
        let message = match e.kind() {
            ErrorKind::Limit => match &e {
                CertError::TooManyValues { .. } => {
                    format!("{shown} was not checked: {e} (the command line sets it with --max-values)")
                }
                _ => format!(
                    "{shown} was not checked: {e} (the command line sets it with --max-work)"
                ),
            },
            ErrorKind::Cancelled => format!("{shown} was not checked"),
            // Input: a text that is no certificate, or a certificate whose claim fails.
            _ => match &e {
                CertError::Format { .. }
                | CertError::Version { .. }
                | CertError::CountMismatch { .. } => {
                    format!("{shown} is not a valid certificate: {e}")
                }
                _ => format!("{shown} does not verify: {e}"),
            },
        };
        Failure::of_kind(e.kind(), message)
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

/// The certificate's bytes from a file or standard input (`-`), at most `most` bytes.
fn read_cert(path: &Path, most: u64) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().take(most + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(most + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::File(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > most {
        return Err(Failure::Limit(format!(
            "{} is longer than {most} bytes, the most a certificate within the limits takes \
             (--max-values sets the number of values, at most {MAX_CERT_BYTES} bytes in all)",
            path.display()
        )));
    }
    Ok(bytes)
}
