//! Period certificates: the data, the writer and the text format.

use std::fmt::{self, Write as _};

use crate::checksum::checksum;
use crate::claim::{check_claim, least_certified_period};
use crate::error::CertError;
use crate::rules::Rules;
use crate::theorem::Theorem;
use crate::values::ValueSink;

/// The version of the text format written by [`Certificate::to_text`] and read by
/// [`Certificate::parse`].
pub const FORMAT_VERSION: u32 = 1;

/// The first word of a certificate file.
pub const MAGIC: &str = "grundy-period-certificate";

/// Values per `values` line in the text form.
const VALUES_PER_LINE: usize = 32;

/// A period certificate: the claim that G(n + period) = G(n) for every n >= preperiod, with
/// the values that the theorem needs to prove it.
///
/// Build one with [`Certificate::new`] (from values already computed) or [`certify`]
/// (which also finds the period); check one with [`crate::verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The ruleset, canonical (`tb[0.07]`, `sub[2,3,7]`).
    pub rules: String,
    /// The theorem and its parameters, as derived from the rules when written (the
    /// checker derives it again and compares).
    pub theorem: String,
    /// The least n0 from which the period holds.
    pub preperiod: u64,
    /// The least period p.
    pub period: u64,
    /// The constant added per period: always 0 for the rules covered here.
    pub saltus: u64,
    /// The ogsolve-compatible checksum of `values` (see [`crate::Checksum`]).
    pub checksum: u32,
    /// G(0), G(1), ..., as many as [`Theorem::values_needed`] asks for.
    pub values: Vec<u32>,
}

impl Certificate {
    /// Writes the certificate of a period already found (what `grundy table` calls).
    ///
    /// Arguments: `rules`, the ruleset text (`tb[0.07]`, `0.07`, `sub[2,3,7]`); `values`,
    /// G(0), G(1), ... in heap order (at least the count the theorem needs; later values are
    /// not read, so a long table can be passed as an iterator); `preperiod`, `period`,
    /// `saltus`, the claim (for example the fields of `grundy_heap::Period`).
    ///
    /// Returns: the certificate, or an error when the rules are not covered (`!`, repeating
    /// codes, infinite sets), the saltus is not 0, too few values are given
    /// ([`CertError::TooFewValues`]), or the values contradict the claim (the period fails,
    /// or the period or preperiod is not the least). The writer checks the claim on the
    /// values it is given, but does not recompute them: that is [`crate::verify`]'s job.
    ///
    /// Complexity: O(count + p * number of divisors of p) where count is the number of
    /// values the theorem needs.
    ///
    /// Example:
    /// ```
    /// use grundy_verify::{plain_values, Certificate, Rules};
    /// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, None).unwrap();
    /// let cert = Certificate::new("tb[0.07]", g.iter().copied(), 53, 34, 0).unwrap();
    /// assert_eq!(cert.values.len(), 176);
    /// assert!(Certificate::new("tb[0.07]", g.iter().copied(), 53, 17, 0).is_err());
    /// ```
    pub fn new(
        rules: &str,
        values: impl IntoIterator<Item = u32>,
        preperiod: u64,
        period: u64,
        saltus: u64,
    ) -> Result<Certificate, CertError> {
        let parsed = Rules::parse(rules)?;
        if saltus != 0 {
            return Err(CertError::Saltus { saltus });
        }
        let theorem = Theorem::for_rules(&parsed);
        let needed = theorem.values_needed(preperiod, period)?;
        let cap = usize::try_from(needed).map_err(|_| CertError::Overflow { preperiod, period })?;
        let values: Vec<u32> = values.into_iter().take(cap).collect();
        if values.len() < cap {
            return Err(CertError::TooFewValues {
                needed,
                given: values.len() as u64,
                theorem: theorem.to_string(),
            });
        }
        check_claim(&values, preperiod, period)?;
        Ok(Certificate {
            rules: parsed.to_string(),
            theorem: theorem.to_string(),
            preperiod,
            period,
            saltus,
            checksum: checksum(values.iter().copied()),
            values,
        })
    }

    /// The text form (format version [`FORMAT_VERSION`]); see the crate documentation.
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// Reads the text form.
    ///
    /// Arguments: `text`, a whole certificate file.
    ///
    /// Returns: the certificate as written (nothing is checked but the format; call
    /// [`crate::verify`] for that), or [`CertError::Format`] with the line number,
    /// [`CertError::Version`] for another format version.
    ///
    /// Complexity: linear in the length of `text`.
    ///
    /// Example:
    /// ```
    /// use grundy_verify::{plain_values, Certificate, Rules};
    /// let g = plain_values(&Rules::parse("0.77").unwrap(), 200, None).unwrap();
    /// let cert = Certificate::new("0.77", g, 71, 12, 0).unwrap();
    /// assert_eq!(Certificate::parse(&cert.to_text()).unwrap(), cert);
    /// ```
    pub fn parse(text: &str) -> Result<Certificate, CertError> {
        let (mut cert, values) = Certificate::parse_into::<Vec<u32>>(text)?;
        cert.values = values;
        Ok(cert)
    }

    /// [`Certificate::parse`] with the values pushed into `S` (the checker's compact
    /// storage) rather than into the certificate, whose `values` are left empty.
    pub(crate) fn parse_into<S: ValueSink>(text: &str) -> Result<(Certificate, S), CertError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let last_line = text.lines().count().max(1);
        let mut next = |key: &str| -> Result<(usize, String), CertError> {
            let Some((line, l)) = lines.next() else {
                return Err(CertError::Format {
                    line: last_line,
                    message: format!("the certificate ends early: expected '{key}'"),
                });
            };
            let (word, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            if word != key {
                return Err(CertError::Format {
                    line,
                    message: format!("expected '{key}', found {word:?}"),
                });
            }
            Ok((line, rest.trim().to_string()))
        };
        let (line, version) = next(MAGIC)?;
        if version != FORMAT_VERSION.to_string() {
            if version.is_empty() {
                return Err(CertError::Format {
                    line,
                    message: "expected a format version after the first word".into(),
                });
            }
            return Err(CertError::Version {
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let (_, rules) = next("rules")?;
        let (_, theorem) = next("theorem")?;
        let preperiod = number(next("preperiod")?)?;
        let period = number(next("period")?)?;
        let saltus = number(next("saltus")?)?;
        let (count_line, count) = next("count")?;
        let count = number((count_line, count))?;
        let (line, sum) = next("checksum")?;
        let checksum = if !sum.is_empty()
            && sum.len() <= 8
            && sum.chars().all(|c| c.is_ascii_hexdigit())
        {
            u32::from_str_radix(&sum, 16).map_err(|e| CertError::Format {
                line,
                message: e.to_string(),
            })?
        } else {
            return Err(CertError::Format {
                line,
                message: format!("expected a checksum of 1 to 8 hexadecimal digits, found {sum:?}"),
            });
        };
        // The count bounds the allocation only up to the text's own size: every value
        // takes at least two characters.
        let mut values = S::with_capacity(usize::try_from(count).unwrap_or(0).min(text.len() / 2));
        let mut ended = false;
        for (line, l) in lines.by_ref() {
            let (word, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            match word {
                "values" => {
                    for item in rest.split_whitespace() {
                        let v = item.parse::<u32>().map_err(|_| CertError::Format {
                            line,
                            message: format!("expected a value (0 to 2^32 - 1), found {item:?}"),
                        })?;
                        values.push(v);
                    }
                }
                "end" if rest.trim().is_empty() => {
                    ended = true;
                    break;
                }
                _ => {
                    return Err(CertError::Format {
                        line,
                        message: format!("expected 'values' or 'end', found {word:?}"),
                    })
                }
            }
        }
        if !ended {
            return Err(CertError::Format {
                line: last_line,
                message: "the certificate ends without 'end': the file is truncated".into(),
            });
        }
        if let Some((line, l)) = lines.next() {
            return Err(CertError::Format {
                line,
                message: format!("text after 'end': {l:?}"),
            });
        }
        if values.count() as u64 != count {
            return Err(CertError::CountMismatch {
                stated: count,
                listed: values.count() as u64,
            });
        }
        let cert = Certificate {
            rules,
            theorem,
            preperiod,
            period,
            saltus,
            checksum,
            values: Vec::new(),
        };
        Ok((cert, values))
    }
}

fn number((line, text): (usize, String)) -> Result<u64, CertError> {
    text.parse::<u64>().map_err(|_| CertError::Format {
        line,
        message: format!("expected a number (0 to 2^64 - 1), found {text:?}"),
    })
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# Period certificate: G(n + period) = G(n) for every n >= preperiod."
        )?;
        writeln!(
            f,
            "# Check it with `grundy verify FILE` (format: crates/grundy-verify docs)."
        )?;
        writeln!(f, "{MAGIC} {FORMAT_VERSION}")?;
        writeln!(f, "rules {}", self.rules)?;
        writeln!(f, "theorem {}", self.theorem)?;
        writeln!(f, "preperiod {}", self.preperiod)?;
        writeln!(f, "period {}", self.period)?;
        writeln!(f, "saltus {}", self.saltus)?;
        writeln!(f, "count {}", self.values.len())?;
        writeln!(f, "checksum {:X}", self.checksum)?;
        for chunk in self.values.chunks(VALUES_PER_LINE) {
            let mut line = String::from("values");
            for v in chunk {
                let _ = write!(line, " {v}");
            }
            writeln!(f, "{line}")?;
        }
        writeln!(f, "end")
    }
}

/// Finds the least period that the theorem proves from `values` and writes its
/// certificate (what a census calls).
///
/// Arguments: `rules`, the ruleset text; `values`, G(0..L).
///
/// Returns: `Ok(Some(cert))` for the least period p (with its least preperiod) whose
/// proof fits in the L values, `Ok(None)` when no period is proven by L values, an error
/// when the rules are not covered.
///
/// Complexity: O(L) per candidate period for the scans, candidates 1..L/2 in increasing
/// order, each scan stopping at its first mismatch from the end (so usually O(L) in all).
///
/// Example:
/// ```
/// use grundy_verify::{certify, plain_values, Rules};
/// let g = plain_values(&Rules::parse("0.77").unwrap(), 200, None).unwrap();
/// let cert = certify("tb[0.77]", &g).unwrap().unwrap();
/// assert_eq!((cert.preperiod, cert.period), (71, 12));
/// assert!(certify("tb[0.77]", &g[..150]).unwrap().is_none());
/// ```
pub fn certify(rules: &str, values: &[u32]) -> Result<Option<Certificate>, CertError> {
    let parsed = Rules::parse(rules)?;
    match least_certified_period(&parsed, values) {
        Some((n0, p)) => Certificate::new(rules, values.iter().copied(), n0, p, 0).map(Some),
        None => Ok(None),
    }
}
