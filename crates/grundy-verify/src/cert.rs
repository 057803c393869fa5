//! Period certificates: the data, the writer and the text format.

use std::fmt::{self, Write as _};

use crate::checksum::checksum;
use crate::claim::{check_claim, check_claim_by, least_certified_period};
use crate::error::CertError;
use crate::rules::Rules;
use crate::theorem::Theorem;
use crate::values::ValueSink;

/// The version of the text format written by [`Certificate::to_text`] and read by
/// [`Certificate::parse`].
pub const FORMAT_VERSION: u32 = 1;

/// The version of the binary format written by [`Certificate::write_binary`]: the same
/// header, then the values as raw bytes (for tables of 10^8 values and more, whose text
/// would take gigabytes).
pub const BINARY_VERSION: u32 = 2;

/// The first word of a certificate file.
pub const MAGIC: &str = "grundy-period-certificate";

/// The line that starts the values of a binary certificate, before their width in bytes.
const BINARY_VALUES: &str = "values-binary";

/// What follows the raw values of a binary certificate: the file ends there.
const BINARY_END: &[u8] = b"\nend\n";

/// The most bytes of a binary certificate's header (its text lines).
const MAX_HEADER: usize = 1 << 16;

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
    /// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, &grundy_verify::Limits::default()).unwrap();
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
        let (parsed, theorem, needed, cap) = terms(rules, preperiod, period, saltus)?;
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
    /// let g = plain_values(&Rules::parse("0.77").unwrap(), 200, &grundy_verify::Limits::default()).unwrap();
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
        let head = read_head(&mut lines, last_line, FORMAT_VERSION)?;
        let count = head.count;
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
        Ok((head.into_certificate(), values))
    }
}

/// The items of a certificate before its values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Head {
    rules: String,
    theorem: String,
    preperiod: u64,
    period: u64,
    saltus: u64,
    count: u64,
    checksum: u32,
}

impl Head {
    /// The lines of the file before its values, for format `version` (1: text, 2: binary).
    fn text(&self, version: u32) -> String {
        let mut h = String::new();
        let _ = writeln!(
            h,
            "# Period certificate: G(n + period) = G(n) for every n >= preperiod."
        );
        let _ = writeln!(
            h,
            "# Check it with `grundy verify FILE` (format: crates/grundy-verify docs)."
        );
        let _ = writeln!(h, "{MAGIC} {version}");
        let _ = writeln!(h, "rules {}", self.rules);
        let _ = writeln!(h, "theorem {}", self.theorem);
        let _ = writeln!(h, "preperiod {}", self.preperiod);
        let _ = writeln!(h, "period {}", self.period);
        let _ = writeln!(h, "saltus {}", self.saltus);
        let _ = writeln!(h, "count {}", self.count);
        let _ = writeln!(h, "checksum {:X}", self.checksum);
        h
    }

    /// The certificate of this header, its values left empty.
    fn into_certificate(self) -> Certificate {
        Certificate {
            rules: self.rules,
            theorem: self.theorem,
            preperiod: self.preperiod,
            period: self.period,
            saltus: self.saltus,
            checksum: self.checksum,
            values: Vec::new(),
        }
    }
}

/// Reads the header (the magic word and version, then `rules` to `checksum`) from `lines`
/// (numbered, trimmed, without blank and comment lines); `version` is the one this form of
/// the file must have (`last_line`: where an early end is reported).
fn read_head<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    last_line: usize,
    version: u32,
) -> Result<Head, CertError> {
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
    let (line, found) = next(MAGIC)?;
    if found != version.to_string() {
        if found.is_empty() {
            return Err(CertError::Format {
                line,
                message: "expected a format version after the first word".into(),
            });
        }
        return Err(CertError::Version {
            found,
            supported: version,
        });
    }
    let (_, rules) = next("rules")?;
    let (_, theorem) = next("theorem")?;
    let preperiod = number(next("preperiod")?)?;
    let period = number(next("period")?)?;
    let saltus = number(next("saltus")?)?;
    let count = number(next("count")?)?;
    let (line, sum) = next("checksum")?;
    let checksum =
        if !sum.is_empty() && sum.len() <= 8 && sum.chars().all(|c| c.is_ascii_hexdigit()) {
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
    Ok(Head {
        rules,
        theorem,
        preperiod,
        period,
        saltus,
        count,
        checksum,
    })
}

/// The rules of a certificate to be written, its theorem, and the values the theorem needs
/// for this claim (as a count and as a length), or why there is no such certificate.
fn terms(
    rules: &str,
    preperiod: u64,
    period: u64,
    saltus: u64,
) -> Result<(Rules, Theorem, u64, usize), CertError> {
    let parsed = Rules::parse(rules)?;
    if saltus != 0 {
        return Err(CertError::Saltus { saltus });
    }
    let theorem = Theorem::for_rules(&parsed);
    let needed = theorem.values_needed(preperiod, period)?;
    let cap = usize::try_from(needed).map_err(|_| CertError::Overflow { preperiod, period })?;
    Ok((parsed, theorem, needed, cap))
}

/// A certificate checked by [`Certificate::streamed`], to be written with its values read
/// again from where they are held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Streamed {
    head: Head,
    /// The bytes of each value in the binary form.
    width: usize,
}

impl Streamed {
    /// The least preperiod claimed.
    pub fn preperiod(&self) -> u64 {
        self.head.preperiod
    }

    /// The least period claimed.
    pub fn period(&self) -> u64 {
        self.head.period
    }

    /// The number of values the certificate holds (what the theorem needs).
    pub fn count(&self) -> u64 {
        self.head.count
    }

    /// The checksum of those values.
    pub fn checksum(&self) -> u32 {
        self.head.checksum
    }

    /// Writes the binary form, as [`Certificate::write_binary`] does, reading the values
    /// through `value` again: the same values [`Certificate::streamed`] checked (the
    /// checksum in the header is theirs, so that other values make a certificate that
    /// `verify` refuses).
    pub fn write_binary(
        &self,
        value: impl Fn(usize) -> u32,
        w: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        w.write_all(self.head.text(BINARY_VERSION).as_bytes())?;
        // The count fits a usize: `streamed` read that many values.
        write_values(self.head.count as usize, value, self.width, w)
    }
}

/// The bytes of a value in the binary form when the widest is `largest`: 1, 2 or 4.
fn width_of(largest: u32) -> usize {
    if largest < 1 << 8 {
        1
    } else if largest < 1 << 16 {
        2
    } else {
        4
    }
}

/// The binary form's values and end: `values-binary W`, the `count` values as W-byte
/// little-endian numbers, a newline and `end`.
fn write_values(
    count: usize,
    value: impl Fn(usize) -> u32,
    width: usize,
    w: &mut impl std::io::Write,
) -> std::io::Result<()> {
    writeln!(w, "{BINARY_VALUES} {width}")?;
    let mut chunk = Vec::with_capacity(1 << 16);
    let mut start = 0;
    while start < count {
        let end = count.min(start + (1 << 14));
        chunk.clear();
        for i in start..end {
            chunk.extend_from_slice(&value(i).to_le_bytes()[..width]);
        }
        w.write_all(&chunk)?;
        start = end;
    }
    w.write_all(BINARY_END)
}

/// Whether `bytes` begin as a binary certificate (format [`BINARY_VERSION`]), after any
/// blank and comment lines.
pub(crate) fn is_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(MAX_HEADER)];
    let text = String::from_utf8_lossy(head);
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l == format!("{MAGIC} {BINARY_VERSION}"))
}

impl Certificate {
    /// Writes the binary form (format [`BINARY_VERSION`]): the text header of version 1
    /// with version 2, then `values-binary W` (W = 1, 2 or 4, the bytes of the widest
    /// value), then the values as W-byte little-endian numbers, then a newline and `end`.
    ///
    /// Example:
    /// ```
    /// use grundy_verify::{certify, plain_values, verify_bytes, Rules, VerifyOptions};
    /// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, &grundy_verify::Limits::default()).unwrap();
    /// let cert = certify("tb[0.07]", &g).unwrap().unwrap();
    /// let mut bytes = Vec::new();
    /// cert.write_binary(&mut bytes).unwrap();
    /// let ok = verify_bytes(&bytes, &VerifyOptions::default(), &grundy_verify::Limits::default()).unwrap();
    /// assert_eq!((ok.preperiod, ok.period), (53, 34));
    /// ```
    pub fn write_binary(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        w.write_all(self.head(BINARY_VERSION).as_bytes())?;
        let width = width_of(self.values.iter().copied().max().unwrap_or(0));
        write_values(self.values.len(), |i| self.values[i], width, w)
    }

    /// The lines of the file before its values, for format `version` (1: text, 2: binary).
    fn head(&self, version: u32) -> String {
        Head {
            rules: self.rules.clone(),
            theorem: self.theorem.clone(),
            preperiod: self.preperiod,
            period: self.period,
            saltus: self.saltus,
            count: self.values.len() as u64,
            checksum: self.checksum,
        }
        .text(version)
    }

    /// Checks the claim of a period already found on values held elsewhere, for
    /// [`Streamed::write_binary`], which writes the binary certificate without holding the
    /// values as a list (a table of 4.4 * 10^8 values is 1.8 GB as `u32`s).
    ///
    /// Arguments: as [`Certificate::new`], with the values as `len` and `value` (G(i) for
    /// i < len; read several times: the claim, the checksum, the widest value).
    ///
    /// Returns: what [`Certificate::new`] checks and refuses, the same way.
    ///
    /// Example:
    /// ```
    /// use grundy_verify::{plain_values, verify_bytes, Certificate, Rules, VerifyOptions};
    /// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, &grundy_verify::Limits::default()).unwrap();
    /// let s = Certificate::streamed("tb[0.07]", g.len(), |i| g[i], 53, 34, 0).unwrap();
    /// assert_eq!((s.count(), s.period(), s.preperiod()), (176, 34, 53));
    /// let mut bytes = Vec::new();
    /// s.write_binary(|i| g[i], &mut bytes).unwrap();
    /// assert!(verify_bytes(&bytes, &VerifyOptions::default(), &grundy_verify::Limits::default()).is_ok());
    /// ```
    pub fn streamed(
        rules: &str,
        len: usize,
        value: impl Fn(usize) -> u32,
        preperiod: u64,
        period: u64,
        saltus: u64,
    ) -> Result<Streamed, CertError> {
        let (parsed, theorem, needed, count) = terms(rules, preperiod, period, saltus)?;
        if len < count {
            return Err(CertError::TooFewValues {
                needed,
                given: len as u64,
                theorem: theorem.to_string(),
            });
        }
        check_claim_by(count, &value, preperiod, period)?;
        let largest = (0..count).map(&value).max().unwrap_or(0);
        Ok(Streamed {
            head: Head {
                rules: parsed.to_string(),
                theorem: theorem.to_string(),
                preperiod,
                period,
                saltus,
                count: needed,
                checksum: checksum((0..count).map(&value)),
            },
            width: width_of(largest),
        })
    }

    /// Reads the binary form; see [`Certificate::write_binary`].
    ///
    /// Returns: the certificate with its values, or [`CertError::Format`] (with the line of
    /// the header, or the byte where the values go wrong), [`CertError::Version`] for another
    /// version, [`CertError::CountMismatch`] when the bytes hold another number of values.
    pub fn parse_binary(bytes: &[u8]) -> Result<Certificate, CertError> {
        let (mut cert, values) = Certificate::parse_binary_into::<Vec<u32>>(bytes, u64::MAX)?;
        cert.values = values;
        Ok(cert)
    }

    /// [`Certificate::parse_binary`] with the values pushed into `S`, refused
    /// ([`CertError::TooManyValues`]) before any is read when there are more than
    /// `max_values`.
    pub(crate) fn parse_binary_into<S: ValueSink>(
        bytes: &[u8],
        max_values: u64,
    ) -> Result<(Certificate, S), CertError> {
        // The header: text lines up to the one that starts the values.
        let mut at = 0usize;
        let mut line_no = 0usize;
        let mut header_end = None;
        while at < bytes.len().min(MAX_HEADER) {
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| at + i);
            line_no += 1;
            let line = String::from_utf8_lossy(&bytes[at..end]);
            if line.trim_start().starts_with(BINARY_VALUES) {
                header_end = Some((at, end, line.trim().to_string()));
                break;
            }
            at = end + 1;
        }
        let Some((start, end, values_line)) = header_end else {
            return Err(CertError::Format {
                line: line_no.max(1),
                message: format!("no '{BINARY_VALUES}' line in the first {MAX_HEADER} bytes"),
            });
        };
        let text = std::str::from_utf8(&bytes[..start]).map_err(|e| CertError::Format {
            line: 1,
            message: format!("the header is not UTF-8 text: {e}"),
        })?;
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let head = read_head(&mut lines, line_no, BINARY_VERSION)?;
        if let Some((line, l)) = lines.next() {
            return Err(CertError::Format {
                line,
                message: format!("expected '{BINARY_VALUES}', found {l:?}"),
            });
        }
        let width = match values_line.strip_prefix(BINARY_VALUES).map(str::trim) {
            Some("1") => 1usize,
            Some("2") => 2,
            Some("4") => 4,
            _ => {
                return Err(CertError::Format {
                    line: line_no,
                    message: format!(
                        "expected '{BINARY_VALUES} W' with W = 1, 2 or 4, found {values_line:?}"
                    ),
                })
            }
        };
        let data = &bytes[(end + 1).min(bytes.len())..];
        let Some(raw) = data.strip_suffix(BINARY_END) else {
            return Err(CertError::Format {
                line: line_no,
                message: "the certificate does not end with a newline and 'end' after its values: \
                          the file is truncated or has bytes after its end"
                    .into(),
            });
        };
        if raw.len() % width != 0 {
            return Err(CertError::Format {
                line: line_no,
                message: format!(
                    "{} bytes of values, not a multiple of the width {width}",
                    raw.len()
                ),
            });
        }
        let listed = (raw.len() / width) as u64;
        if listed > max_values {
            return Err(CertError::TooManyValues {
                count: listed,
                limit: max_values,
            });
        }
        if listed != head.count {
            return Err(CertError::CountMismatch {
                stated: head.count,
                listed,
            });
        }
        let mut values = S::with_capacity(raw.len() / width);
        for item in raw.chunks_exact(width) {
            let mut four = [0u8; 4];
            four[..width].copy_from_slice(item);
            values.push(u32::from_le_bytes(four));
        }
        Ok((head.into_certificate(), values))
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
        f.write_str(&self.head(FORMAT_VERSION))?;
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
/// let g = plain_values(&Rules::parse("0.77").unwrap(), 200, &grundy_verify::Limits::default()).unwrap();
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
