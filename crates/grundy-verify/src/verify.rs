//! The independent check of a certificate.

use std::fmt;
use std::time::{Duration, Instant};

use grundy_types::Limits;

use crate::cert::Certificate;
use crate::checksum::checksum;
use crate::claim::check_claim;
use crate::error::CertError;
use crate::naive::{plain_values_counted, work_estimate};
use crate::rules::{Rules, BIT_THREE, BIT_TWO};
use crate::sparse::{self, Run, Split};
use crate::theorem::Theorem;
use crate::values::{Compact, Val, ValueSink};

/// How [`verify`] checks the listed values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The sparse check where it applies (codes whose moves leave at most two heaps, some
    /// of them two), the plain one otherwise.
    #[default]
    Auto,
    /// Recompute every value by plain mex over every option ([`crate::plain_values`]):
    /// O(L^2) option evaluations for codes that split in two.
    Plain,
    /// Check each listed value against its options with this crate's own rare/common
    /// split (see [`Work`]); falls back to [`Method::Plain`] for rules it does not cover
    /// (subtraction sets, codes that never leave two heaps or may leave three), and
    /// [`Work::method`] says which ran.
    Sparse,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Auto => "auto",
            Method::Plain => "plain",
            Method::Sparse => "sparse",
        })
    }
}

/// The work limits, method and threads of [`verify`]; its budget (cancellation, deadline,
/// progress) is the request's [`Limits`], given beside these options.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Most option evaluations the check may take: the plain check is refused beforehand
    /// when [`crate::work_estimate`] is above it, the sparse check when its own estimate
    /// is, and stops when its count passes it. The default, 2 * 10^10, is tens of seconds
    /// on one core.
    pub max_work: u128,
    /// Most values the check may hold in memory (1, 2 or 4 bytes each, whichever holds
    /// the largest).
    pub max_values: u64,
    /// Which check to run.
    pub method: Method,
    /// Threads for the sparse check (its heaps are checked independently); 0 means one
    /// per available core.
    pub threads: usize,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            max_work: 20_000_000_000,
            max_values: 100_000_000,
            method: Method::Auto,
            threads: 1,
        }
    }
}

/// How much work a check did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// The check that ran: [`Method::Plain`] or [`Method::Sparse`].
    pub method: Method,
    /// Option values read (plain: every option of every heap; sparse: single heaps, pairs
    /// with a rare heap, full scans and witnesses).
    pub option_evaluations: u64,
    /// Sparse: of those, pairs read while looking for witnesses of the values below G(n).
    pub witness_evaluations: u64,
    /// Sparse: the mask on keys `G(x) * 2 + (x mod 2)`; a heap is rare when the bits of
    /// `key & mask` are even in number.
    pub rare_mask: u32,
    /// Sparse: heaps (from 1) with a rare key.
    pub rare_heaps: u64,
    /// Sparse: splits whose target key was rare, so that every pair was scanned.
    pub full_scans: u64,
    /// Bytes per value held by the check (1, 2 or 4).
    pub bytes_per_value: u8,
    /// Wall time of the check of the values (parsing excluded).
    pub elapsed: Duration,
}

/// What a successful check established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The rules, canonical.
    pub rules: String,
    /// The theorem used.
    pub theorem: Theorem,
    /// The least preperiod n0.
    pub preperiod: u64,
    /// The least period p.
    pub period: u64,
    /// Values the theorem needed.
    pub values_needed: u64,
    /// Values listed and checked.
    pub values_checked: u64,
    /// Their checksum (ogsolve-compatible).
    pub checksum: u32,
    /// How much work the check did.
    pub work: Work,
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: period {} from heap {} (saltus 0) proven by {} on {} checked values \
             (checksum {:X})",
            self.rules,
            self.period,
            self.preperiod,
            self.theorem,
            self.values_checked,
            self.checksum
        )
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} check: {} option evaluations",
            self.method, self.option_evaluations
        )?;
        if self.method == Method::Sparse {
            write!(
                f,
                " ({} for witnesses), rare mask {:#x}, {} rare heaps, {} full scans",
                self.witness_evaluations, self.rare_mask, self.rare_heaps, self.full_scans
            )?;
        }
        write!(
            f,
            ", {} byte(s) per value, {:.2} s",
            self.bytes_per_value,
            self.elapsed.as_secs_f64()
        )
    }
}

/// Checks a certificate from scratch: parses the rules with this crate's own parser,
/// checks every listed value (by plain recomputation, or by this crate's own sparse-space
/// check of each value against its options, see [`Method`]), and checks the period
/// claim, its minimality, the theorem's count and the checksum.
///
/// Arguments: `cert`, as read by [`Certificate::parse`]; `opts`, work limits, method and
/// threads; `limits`, the budget: cancelled, the check stops with [`CertError::Cancelled`],
/// at its deadline with [`CertError::TimeLimit`]; the sparse check reports the heaps
/// checked to its progress sink, about once per 4096 heaps, from the checking threads.
///
/// Returns: what was proven and the work it took, or the first failed check, in this
/// order: rules (malformed, or not covered), saltus, period 0, theorem line, checksum of
/// the listed values, number of values against the theorem, resource limits, each value
/// (the least wrong heap is reported with its true value), the period relation over
/// every listed value, the least preperiod, the least period.
///
/// Complexity: plain, that of [`crate::plain_values`] on the listed values (O(L^2) for
/// codes that split in two); sparse, O(L * (t + S * R) + F * L) for L values, largest take
/// t, S splits into two heaps, R rare heaps and F splits whose target is rare, plus the
/// witnesses (usually few); refused beforehand when the estimate is above
/// `opts.max_work`. Memory: the values once more, in 1, 2 or 4 bytes each.
///
/// Example:
/// ```
/// use grundy_verify::{certify, plain_values, verify, Certificate, Method, Rules, VerifyOptions};
/// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, &grundy_verify::Limits::default()).unwrap();
/// let mut cert = certify("0.07", &g).unwrap().unwrap();
/// let ok = verify(&cert, &VerifyOptions::default(), &grundy_verify::Limits::default()).unwrap();
/// assert_eq!((ok.preperiod, ok.period), (53, 34));
/// assert_eq!(ok.work.method, Method::Sparse);
/// cert.period = 17;
/// assert!(verify(&cert, &VerifyOptions::default(), &grundy_verify::Limits::default()).is_err());
/// ```
pub fn verify(
    cert: &Certificate,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    let sum = checksum(cert.values.iter().copied());
    let header = check_header(cert, sum, cert.values.len() as u64)?;
    if header.listed > opts.max_values {
        return Err(CertError::TooManyValues {
            count: header.listed,
            limit: opts.max_values,
        });
    }
    match sparse_digits(&header.rules, opts.method) {
        Some(digits) => {
            let compact = Compact::new(&cert.values);
            check_values(cert, header, &digits, &compact, opts, limits)
        }
        None => check_plain(cert, header, opts, limits),
    }
}

/// The checks that need no recomputation, and what they established.
struct Header {
    rules: Rules,
    theorem: Theorem,
    needed: u64,
    listed: u64,
    checksum: u32,
}

/// The checks of `cert`'s claim and lines, given the checksum and number of its values
/// (which may be held elsewhere than in `cert.values`).
fn check_header(cert: &Certificate, computed_sum: u32, listed: u64) -> Result<Header, CertError> {
    let rules = Rules::parse(&cert.rules)?;
    if cert.saltus != 0 {
        return Err(CertError::Saltus {
            saltus: cert.saltus,
        });
    }
    if cert.period == 0 {
        return Err(CertError::ZeroPeriod);
    }
    let theorem = Theorem::for_rules(&rules);
    if cert.theorem.trim() != theorem.to_string() {
        return Err(CertError::TheoremMismatch {
            stated: cert.theorem.clone(),
            computed: theorem.to_string(),
        });
    }
    if computed_sum != cert.checksum {
        return Err(CertError::Checksum {
            stated: cert.checksum,
            computed: computed_sum,
        });
    }
    let needed = theorem.values_needed(cert.preperiod, cert.period)?;
    if listed < needed {
        return Err(CertError::TooFewValues {
            needed,
            given: listed,
            theorem: theorem.to_string(),
        });
    }
    Ok(Header {
        rules,
        theorem,
        needed,
        listed,
        checksum: computed_sum,
    })
}

/// The code's digits when `method` runs the sparse check on `rules`: codes with a move
/// that leaves two heaps and none that leaves three.
fn sparse_digits(rules: &Rules, method: Method) -> Option<Vec<u8>> {
    match rules {
        Rules::Code(d) if method != Method::Plain => {
            let all = d.iter().fold(0u8, |acc, &x| acc | x);
            (all & BIT_TWO != 0 && all & BIT_THREE == 0).then(|| d.clone())
        }
        _ => None,
    }
}

fn verified(cert: &Certificate, h: Header, work: Work) -> Verified {
    Verified {
        rules: h.rules.to_string(),
        theorem: h.theorem,
        preperiod: cert.preperiod,
        period: cert.period,
        values_needed: h.needed,
        values_checked: h.listed,
        checksum: h.checksum,
        work,
    }
}

fn check_plain(
    cert: &Certificate,
    h: Header,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    let estimate = work_estimate(&h.rules, h.listed);
    if estimate > opts.max_work {
        return Err(CertError::TooMuchWork {
            count: h.listed,
            work: estimate,
            limit: opts.max_work,
        });
    }
    let started = Instant::now();
    let (computed, evaluations) = plain_values_counted(&h.rules, cert.values.len(), limits)?;
    if let Some(heap) = (0..cert.values.len()).find(|&n| cert.values[n] != computed[n]) {
        return Err(CertError::WrongValue {
            heap: heap as u64,
            stated: cert.values[heap],
            computed: computed[heap],
            rules: h.rules.to_string(),
        });
    }
    check_claim(&computed, cert.preperiod, cert.period)?;
    let work = Work {
        method: Method::Plain,
        option_evaluations: evaluations,
        witness_evaluations: 0,
        rare_mask: 0,
        rare_heaps: 0,
        full_scans: 0,
        bytes_per_value: 4,
        elapsed: started.elapsed(),
    };
    Ok(verified(cert, h, work))
}

/// The sparse check of the values held in `compact` (a copy of `cert.values`, whose own
/// list may have been dropped to save memory: only its length and checksum, already in
/// `h`, are read from `cert` besides the claim).
fn check_values(
    cert: &Certificate,
    h: Header,
    digits: &[u8],
    compact: &Compact,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    let width = compact.width();
    match compact {
        Compact::U8(g) => check_sparse(cert, h, digits, g, width, opts, limits),
        Compact::U16(g) => check_sparse(cert, h, digits, g, width, opts, limits),
        Compact::U32(g) => check_sparse(cert, h, digits, g, width, opts, limits),
    }
}

fn check_sparse<T: Val>(
    cert: &Certificate,
    h: Header,
    digits: &[u8],
    g: &[T],
    width: u8,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    let started = Instant::now();
    if let Some(m) = sparse::first_impossible(g, digits) {
        return Err(CertError::WrongValue {
            heap: m.heap,
            stated: m.stated,
            computed: m.computed,
            rules: h.rules.to_string(),
        });
    }
    let two: Vec<usize> = (0..digits.len())
        .filter(|&k| crate::rules::leaves_two(digits[k]))
        .collect();
    let split = Split::new(g, sparse::choose_mask(g, &two));
    let estimate = sparse::estimate(g, digits, &split);
    if estimate > opts.max_work {
        return Err(CertError::TooMuchWork {
            count: h.listed,
            work: estimate,
            limit: opts.max_work,
        });
    }
    let threads = if opts.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        opts.threads
    };
    let run = Run {
        digits,
        split: &split,
        threads,
        max_work: opts.max_work,
        limits,
    };
    let (counted, mismatch) = sparse::check(g, &run)?;
    if let Some(m) = mismatch {
        return Err(CertError::WrongValue {
            heap: m.heap,
            stated: m.stated,
            computed: m.computed,
            rules: h.rules.to_string(),
        });
    }
    check_claim(g, cert.preperiod, cert.period)?;
    let work = Work {
        method: Method::Sparse,
        option_evaluations: counted.evaluations,
        witness_evaluations: counted.witness_evaluations,
        rare_mask: counted.mask,
        rare_heaps: counted.rare_heaps,
        full_scans: counted.full_scans,
        bytes_per_value: width,
        elapsed: started.elapsed(),
    };
    Ok(verified(cert, h, work))
}

/// Reads and checks a certificate file's text: what [`Certificate::parse`] then [`verify`]
/// do, with the values read straight into 1, 2 or 4 bytes each (what `grundy verify CERT`
/// calls, so that 2 * 10^7 values take 20 MB besides the text).
///
/// Example:
/// ```
/// use grundy_verify::{certify, plain_values, verify_text, Rules, VerifyOptions};
/// let g = plain_values(&Rules::parse("sub[2,3,7]").unwrap(), 40, &grundy_verify::Limits::default()).unwrap();
/// let text = certify("sub[2,3,7]", &g).unwrap().unwrap().to_text();
/// assert_eq!(verify_text(&text, &VerifyOptions::default(), &grundy_verify::Limits::default()).unwrap().period, 5);
/// assert!(verify_text(&text.replace("period 5", "period 10"), &Default::default(), &grundy_verify::Limits::default()).is_err());
/// ```
pub fn verify_text(
    text: &str,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    // The values are read straight into 1, 2 or 4 bytes each, whichever holds them.
    let (cert, compact) = Certificate::parse_into::<Compact>(text)?;
    verify_parsed(cert, compact, opts, limits)
}

/// [`verify_text`] for a certificate file in either form: the text of format 1, or the
/// binary form of [`crate::BINARY_VERSION`] ([`Certificate::write_binary`]), told apart by
/// their first line.
///
/// Example: see [`Certificate::write_binary`].
pub fn verify_bytes(
    bytes: &[u8],
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    if crate::cert::is_binary(bytes) {
        let (cert, compact) = Certificate::parse_binary_into::<Compact>(bytes, opts.max_values)?;
        return verify_parsed(cert, compact, opts, limits);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| CertError::Format {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        message: format!("the file is neither UTF-8 text nor a binary certificate: {e}"),
    })?;
    verify_text(text, opts, limits)
}

/// Checks a certificate read with its values in compact storage.
fn verify_parsed(
    mut cert: Certificate,
    compact: Compact,
    opts: &VerifyOptions,
    limits: &Limits,
) -> Result<Verified, CertError> {
    let header = check_header(&cert, checksum(compact.iter()), compact.count() as u64)?;
    if header.listed > opts.max_values {
        return Err(CertError::TooManyValues {
            count: header.listed,
            limit: opts.max_values,
        });
    }
    let Some(digits) = sparse_digits(&header.rules, opts.method) else {
        cert.values = compact.iter().collect();
        drop(compact);
        return check_plain(&cert, header, opts, limits);
    };
    check_values(&cert, header, &digits, &compact, opts, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::least_certified_period;

    #[test]
    fn the_sparse_check_reports_the_heaps_it_has_checked() {
        let rules = crate::Rules::parse("tb[0.77]").unwrap();
        let values = crate::plain_values(&rules, 400, &Limits::default()).unwrap();
        let cert = crate::certify("tb[0.77]", &values).unwrap().unwrap();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        let opts = VerifyOptions {
            method: Method::Sparse,
            ..VerifyOptions::default()
        };
        let limits = Limits {
            progress: Some(std::sync::Arc::new(move |p: &grundy_types::Progress| {
                sink.lock().unwrap().push((p.done, p.total.unwrap_or(0)));
            })),
            ..Limits::default()
        };
        verify_text(&cert.to_text(), &opts, &limits).unwrap();
        let seen = seen.lock().unwrap();
        let count = cert.values.len() as u64;
        // One report per block of 4096 heaps: Kayles' certificate holds 168 values, one block.
        assert_eq!(*seen, vec![(0, count)], "{seen:?}");
        assert_eq!(count, 168);
    }

    #[test]
    fn claims_on_a_small_sequence() {
        // 5, then 1 2 3 repeating: period 3 from 1.
        let g: [u32; 13] = [5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3];
        assert_eq!(check_claim(&g, 1, 3), Ok(()));
        assert!(matches!(
            check_claim(&g, 0, 3),
            Err(CertError::PeriodFails { heap: 0, .. })
        ));
        assert!(matches!(
            check_claim(&g, 2, 3),
            Err(CertError::PreperiodNotLeast { heap: 1, .. })
        ));
        assert!(matches!(
            check_claim(&g, 1, 6),
            Err(CertError::PeriodNotLeast { smaller: 3, .. })
        ));
        assert!(matches!(
            check_claim(&g, 1, 4),
            Err(CertError::PeriodFails { .. })
        ));
    }

    #[test]
    fn least_period_of_subtraction_games() {
        let r = Rules::parse("sub[1..3]").unwrap();
        let g: Vec<u32> = (0..20).map(|n| n % 4).collect();
        assert_eq!(least_certified_period(&r, &g), Some((0, 4)));
        // Too short to prove: n0 + max(s, p) + p = 0 + 4 + 4 = 8 values are needed.
        assert_eq!(least_certified_period(&r, &g[..7]), None);
        assert_eq!(least_certified_period(&r, &g[..8]), Some((0, 4)));
    }
}
