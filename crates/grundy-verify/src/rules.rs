//! The checker's own reading of a heap ruleset: finite take-and-break codes without `!`
//! and finite subtraction sets, nothing else.
//!
//! This parser shares no code with `grundy-heap` on purpose: a certificate is only worth
//! something if the checker could disagree with the program that wrote it.

use std::fmt;

use crate::error::CertError;

/// Longest code accepted, in digits after the point; longer codes are refused before
/// anything is allocated for them.
pub const MAX_CODE_DIGITS: usize = 4096;

/// Most items (numbers or ranges) accepted in a subtraction set.
pub const MAX_SET_ITEMS: usize = 4096;

/// Bit of a code digit: the whole heap may be removed (when it has exactly k tokens).
const BIT_ALL: u8 = 1;
/// Bit of a code digit: one nonempty heap may be left.
const BIT_ONE: u8 = 2;
/// Bit of a code digit: two nonempty heaps may be left.
pub(crate) const BIT_TWO: u8 = 4;
/// Bit of a code digit: three nonempty heaps may be left.
pub(crate) const BIT_THREE: u8 = 8;

/// A ruleset that a period certificate can cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// A finite take-and-break code `d0.d1d2...dt` (octal or hexadecimal digits, no `!`,
    /// no repeating block); `digits[k]` governs taking `k` tokens, trailing zeros removed.
    Code(Vec<u8>),
    /// A finite subtraction set as sorted, disjoint, non-adjacent inclusive ranges.
    Sub(Vec<(u64, u64)>),
}

fn rules_error(text: &str, offset: usize, message: impl Into<String>) -> CertError {
    CertError::Rules {
        text: text.to_string(),
        offset,
        message: message.into(),
    }
}

impl Rules {
    /// Parses `tb[CODE]`, `sub[SET]` or a bare code such as `0.07` or `.137`.
    ///
    /// Arguments: `text`; a code has hexadecimal digits (`4.07`, `0.f`, `8.0`), a set is a
    /// comma-separated list of positive numbers and ranges `a..b`.
    ///
    /// Returns: the rules, or [`CertError::Rules`] with the character offset for text that
    /// is malformed, and for rules no theorem here covers (`!`, a repeating block `[..]`,
    /// `pow2`, `fib`), saying why.
    ///
    /// Complexity: linear in the length of `text`.
    ///
    /// Example:
    /// ```
    /// use grundy_verify::Rules;
    /// assert_eq!(Rules::parse("tb[0.070]").unwrap().to_string(), "tb[0.07]");
    /// assert_eq!(Rules::parse("sub[4,1,2,3]").unwrap().to_string(), "sub[1..4]");
    /// assert!(Rules::parse("tb[4!.0]").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Rules, CertError> {
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        let lead_chars = text[..lead].chars().count();
        if let Some(inner) = trimmed.strip_prefix("tb[") {
            let inner = inner.strip_suffix(']').ok_or_else(|| {
                rules_error(text, lead_chars + trimmed.chars().count(), "expected ']'")
            })?;
            parse_code(text, inner, lead_chars + 3)
        } else if let Some(inner) = trimmed.strip_prefix("sub[") {
            let inner = inner.strip_suffix(']').ok_or_else(|| {
                rules_error(text, lead_chars + trimmed.chars().count(), "expected ']'")
            })?;
            parse_set(text, inner, lead_chars + 4)
        } else if trimmed.contains('.') && !trimmed.contains("..") {
            parse_code(text, trimmed, lead_chars)
        } else {
            Err(rules_error(
                text,
                lead_chars,
                "expected tb[CODE], sub[SET] or a code such as 0.07",
            ))
        }
    }

    /// The largest number of tokens one move removes: `t`, the index of the last nonzero
    /// code digit, or `max(S)` for a subtraction set.
    pub fn max_take(&self) -> u64 {
        match self {
            Rules::Code(d) => d.len() as u64 - 1,
            Rules::Sub(r) => r.last().map_or(0, |&(_, hi)| hi),
        }
    }

    /// The most heaps one move leaves (0 to 3); 1 for a subtraction set.
    pub fn max_parts(&self) -> u64 {
        match self {
            Rules::Code(d) => {
                let all = d.iter().fold(0u8, |acc, &x| acc | x);
                if all & BIT_THREE != 0 {
                    3
                } else if all & BIT_TWO != 0 {
                    2
                } else if all & BIT_ONE != 0 {
                    1
                } else {
                    0
                }
            }
            Rules::Sub(_) => 1,
        }
    }
}

fn parse_code(full: &str, code: &str, base: usize) -> Result<Rules, CertError> {
    let chars: Vec<char> = code.chars().collect();
    if chars.len() > MAX_CODE_DIGITS + 2 {
        return Err(rules_error(
            full,
            base,
            format!("code longer than {MAX_CODE_DIGITS} digits; use a shorter code"),
        ));
    }
    let mut digits: Vec<u8> = Vec::with_capacity(chars.len());
    let mut pos = 0usize;
    match chars.first() {
        None => return Err(rules_error(full, base, "empty code: expected such as 0.07")),
        Some('.') => digits.push(0),
        Some(&c) => {
            let d = hex(c).ok_or_else(|| {
                rules_error(
                    full,
                    base,
                    format!("expected a hexadecimal digit, found {c:?}"),
                )
            })?;
            if d & (BIT_ALL | BIT_ONE) != 0 {
                return Err(rules_error(
                    full,
                    base,
                    format!("the digit before the point may only be 0, 4, 8 or c, not {c}"),
                ));
            }
            digits.push(d);
            pos = 1;
            if chars.get(pos) == Some(&'!') {
                return Err(rules_error(
                    full,
                    base + pos,
                    "'!' (heaps left must differ) breaks the pairing in the Guy-Smith proof; \
                     no certificate covers such codes",
                ));
            }
            if chars.get(pos) != Some(&'.') {
                return Err(rules_error(
                    full,
                    base + pos,
                    "expected '.' after the first digit",
                ));
            }
        }
    }
    pos += 1;
    for (i, &c) in chars.iter().enumerate().skip(pos) {
        match c {
            '!' => {
                return Err(rules_error(
                    full,
                    base + i,
                    "'!' (heaps left must differ) breaks the pairing in the Guy-Smith proof; \
                     no certificate covers such codes",
                ))
            }
            '[' | ']' => {
                return Err(rules_error(
                    full,
                    base + i,
                    "a repeating block makes the code infinite; the Guy-Smith theorem needs a \
                     finite code",
                ))
            }
            _ => {
                let d = hex(c).ok_or_else(|| {
                    rules_error(
                        full,
                        base + i,
                        format!("expected a hexadecimal digit, found {c:?}"),
                    )
                })?;
                digits.push(d);
            }
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(Rules::Code(digits))
}

fn hex(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

fn parse_set(full: &str, set: &str, base: usize) -> Result<Rules, CertError> {
    let word = set.trim();
    if word == "pow2" || word == "fib" {
        return Err(rules_error(
            full,
            base,
            format!("{word} is an infinite set; certificates cover finite sets only"),
        ));
    }
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    let mut offset = base;
    for item in set.split(',') {
        if ranges.len() >= MAX_SET_ITEMS {
            return Err(rules_error(
                full,
                offset,
                format!("more than {MAX_SET_ITEMS} items; write long runs as ranges a..b"),
            ));
        }
        let lead = item.chars().take_while(|c| c.is_whitespace()).count();
        let body = item.trim();
        let at = offset + lead;
        let (lo, hi) = match body.split_once("..") {
            Some((a, b)) => (
                number(full, a, at)?,
                number(full, b, at + a.chars().count() + 2)?,
            ),
            None => {
                let v = number(full, body, at)?;
                (v, v)
            }
        };
        if lo == 0 {
            return Err(rules_error(
                full,
                at,
                "0 is not an amount (taking nothing is a pass)",
            ));
        }
        if lo > hi {
            return Err(rules_error(full, at, format!("empty range {lo}..{hi}")));
        }
        ranges.push((lo, hi));
        offset += item.chars().count() + 1;
    }
    ranges.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    Ok(Rules::Sub(merged))
}

fn number(full: &str, s: &str, at: usize) -> Result<u64, CertError> {
    let s = s.trim();
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return Err(rules_error(
            full,
            at,
            format!("expected a number, found {s:?}"),
        ));
    }
    s.parse::<u64>()
        .map_err(|_| rules_error(full, at, "number too large (at most 2^64 - 1)"))
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rules::Code(d) => {
                write!(f, "tb[{:x}.", d[0])?;
                if d.len() == 1 {
                    write!(f, "0")?;
                }
                for x in &d[1..] {
                    write!(f, "{x:x}")?;
                }
                write!(f, "]")
            }
            Rules::Sub(r) => {
                write!(f, "sub[")?;
                for (i, &(lo, hi)) in r.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    match hi - lo {
                        0 => write!(f, "{lo}")?,
                        1 => write!(f, "{lo},{hi}")?,
                        _ => write!(f, "{lo}..{hi}")?,
                    }
                }
                write!(f, "]")
            }
        }
    }
}

/// Whether a code digit has the bit that removes a whole heap of exactly `k` tokens.
pub(crate) fn takes_all(d: u8) -> bool {
    d & BIT_ALL != 0
}

/// Whether a code digit has the bit that leaves one nonempty heap.
pub(crate) fn leaves_one(d: u8) -> bool {
    d & BIT_ONE != 0
}

/// Whether a code digit has the bit that leaves two nonempty heaps.
pub(crate) fn leaves_two(d: u8) -> bool {
    d & BIT_TWO != 0
}

/// Whether a code digit has the bit that leaves three nonempty heaps.
pub(crate) fn leaves_three(d: u8) -> bool {
    d & BIT_THREE != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        match Rules::parse(s) {
            Ok(r) => r.to_string(),
            Err(CertError::Rules { offset, .. }) => format!("error at {offset}"),
            Err(e) => format!("other error {e}"),
        }
    }

    #[test]
    fn codes_and_sets_read_and_print() {
        assert_eq!(show("tb[0.07]"), "tb[0.07]");
        assert_eq!(show("0.070"), "tb[0.07]");
        assert_eq!(show(".137"), "tb[0.137]");
        assert_eq!(show("tb[4.0]"), "tb[4.0]");
        assert_eq!(show("tb[0.F]"), "tb[0.f]");
        assert_eq!(show(" sub[ 7, 2,3 ] "), "sub[2,3,7]");
        assert_eq!(show("sub[1..3,4,9]"), "sub[1..4,9]");
        assert_eq!(show("sub[5,4]"), "sub[4,5]");
    }

    #[test]
    fn uncovered_or_malformed_rules_are_refused_with_offsets() {
        assert_eq!(show("tb[4!.0]"), "error at 4");
        assert_eq!(show("tb[0.[3]]"), "error at 5");
        assert_eq!(show("tb[0.7x]"), "error at 6");
        assert_eq!(show("tb[2.0]"), "error at 3");
        assert_eq!(show("tb[07]"), "error at 4");
        assert_eq!(show("sub[pow2]"), "error at 4");
        assert_eq!(show("sub[1,0]"), "error at 6");
        assert_eq!(show("sub[1,x]"), "error at 6");
        assert_eq!(show("sub[3..1]"), "error at 4");
        assert_eq!(show("nim"), "error at 0");
        assert_eq!(show("tb[0.07"), "error at 7");
    }

    #[test]
    fn take_and_parts() {
        let r = Rules::parse("0.137").unwrap();
        assert_eq!((r.max_take(), r.max_parts()), (3, 2));
        let r = Rules::parse("8.0").unwrap();
        assert_eq!((r.max_take(), r.max_parts()), (0, 3));
        let r = Rules::parse("sub[2,3,7]").unwrap();
        assert_eq!((r.max_take(), r.max_parts()), (7, 1));
    }
}
