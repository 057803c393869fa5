//! Subtraction sets: the amounts that may be taken from one heap.

use std::fmt;
use std::str::FromStr;

use crate::code::CodeError;

/// A finite subtraction set stored as disjoint, sorted, non-adjacent inclusive ranges.
///
/// Ranges keep `1..1000000000000` small in memory; the invariant (sorted, merged, all
/// amounts at least 1) is established by [`SubSet::parse`] and [`FiniteSet::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FiniteSet {
    ranges: Vec<(u64, u64)>,
    /// The number of amounts (saturating), kept so that asking is O(1).
    count: u64,
}

impl FiniteSet {
    /// Builds a set from inclusive ranges in any order, merging overlaps.
    ///
    /// Returns `None` when a range is empty or contains 0 (taking nothing would be a pass).
    pub fn new(mut ranges: Vec<(u64, u64)>) -> Option<FiniteSet> {
        if ranges.iter().any(|&(lo, hi)| lo == 0 || lo > hi) {
            return None;
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        let count = merged
            .iter()
            .fold(0u64, |acc, &(lo, hi)| acc.saturating_add(hi - lo + 1));
        Some(FiniteSet {
            ranges: merged,
            count,
        })
    }

    /// The disjoint inclusive ranges of the set, ascending.
    pub fn ranges(&self) -> &[(u64, u64)] {
        &self.ranges
    }

    /// Number of amounts in the set (saturating at `u64::MAX`), in O(1).
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether the set is empty (never true for a parsed set).
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// A subtraction set: which amounts may be taken from one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubSet {
    /// A finite set such as `1,3,4`, `1..5` or `1,3..5,9`.
    Finite(FiniteSet),
    /// The powers of two: 1, 2, 4, 8, ...
    Pow2,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ...
    Fib,
}

fn parse_u64(chars: &[char], start: usize, end: usize) -> Result<u64, CodeError> {
    if start == end {
        let found = chars
            .get(start)
            .map_or("the end".to_string(), |c| format!("{c:?}"));
        return Err(CodeError::new(
            start,
            format!("expected a number, found {found}"),
        ));
    }
    let mut v: u64 = 0;
    for (i, c) in chars[start..end].iter().enumerate() {
        let d = c
            .to_digit(10)
            .ok_or_else(|| CodeError::new(start + i, format!("expected a digit, found {c:?}")))?;
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d)))
            .ok_or_else(|| CodeError::new(start, "number too large (at most 2^64 - 1)"))?;
    }
    Ok(v)
}

impl SubSet {
    /// Parses a subtraction set: a comma-separated list of amounts and ranges
    /// (`1,3,4`, `1..5`, `1,3..5,9`), or `pow2` or `fib` alone.
    ///
    /// Arguments: `text`; spaces around items are allowed.
    ///
    /// Returns: the set, or a [`CodeError`] with the character offset when an item is not
    /// a number, a range is empty, an amount is 0 (a pass) or the list is empty.
    ///
    /// Complexity: linear in the length of `text`.
    ///
    /// Example:
    /// ```
    /// use grundy_heap::SubSet;
    /// let s = SubSet::parse("4, 1, 3").unwrap();
    /// assert_eq!(s.to_string(), "1,3,4");
    /// assert_eq!(SubSet::parse("1,2,3,4,5").unwrap().to_string(), "1..5");
    /// assert!(SubSet::parse("0,1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<SubSet, CodeError> {
        let chars: Vec<char> = text.chars().collect();
        let trimmed: String = chars.iter().filter(|c| !c.is_whitespace()).collect();
        match trimmed.as_str() {
            "pow2" => return Ok(SubSet::Pow2),
            "fib" => return Ok(SubSet::Fib),
            _ => {}
        }
        let mut ranges = Vec::new();
        let mut pos = 0usize;
        loop {
            while pos < chars.len() && chars[pos].is_whitespace() {
                pos += 1;
            }
            let item_start = pos;
            while pos < chars.len() && chars[pos] != ',' {
                pos += 1;
            }
            // Trim the item, keeping offsets relative to the whole text.
            let mut end = pos;
            while end > item_start && chars[end - 1].is_whitespace() {
                end -= 1;
            }
            let item: String = chars[item_start..end].iter().collect();
            if item == "pow2" || item == "fib" {
                return Err(CodeError::new(
                    item_start,
                    format!("{item} must stand alone: expected a number or a range a..b"),
                ));
            }
            let dots = (item_start..end.saturating_sub(1))
                .find(|&i| chars[i] == '.' && chars[i + 1] == '.');
            let (lo, hi, hi_at) = match dots {
                Some(d) => {
                    let lo = parse_u64(&chars, item_start, d)?;
                    let hi = parse_u64(&chars, d + 2, end)?;
                    (lo, hi, d + 2)
                }
                None => {
                    let v = parse_u64(&chars, item_start, end)?;
                    (v, v, item_start)
                }
            };
            if lo == 0 {
                return Err(CodeError::new(
                    item_start,
                    "0 would let a player pass: amounts start at 1",
                ));
            }
            if lo > hi {
                return Err(CodeError::new(
                    hi_at,
                    format!("empty range {lo}..{hi}: expected an upper end at least {lo}"),
                ));
            }
            ranges.push((lo, hi));
            if pos >= chars.len() {
                break;
            }
            pos += 1; // the comma
        }
        FiniteSet::new(ranges)
            .map(SubSet::Finite)
            .ok_or_else(|| CodeError::new(0, "expected a nonempty set of positive amounts"))
    }

    /// Whether `k` tokens may be taken.
    ///
    /// Complexity: O(log r) for r ranges; O(log k) for `pow2` and `fib`.
    ///
    /// Example:
    /// ```
    /// use grundy_heap::SubSet;
    /// assert!(SubSet::parse("1,3..5").unwrap().contains(4));
    /// assert!(SubSet::Fib.contains(13) && !SubSet::Fib.contains(4));
    /// ```
    pub fn contains(&self, k: u64) -> bool {
        match self {
            SubSet::Finite(s) => {
                let i = s.ranges.partition_point(|&(_, hi)| hi < k);
                s.ranges.get(i).is_some_and(|&(lo, _)| lo <= k)
            }
            SubSet::Pow2 => k.is_power_of_two(),
            SubSet::Fib => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < k {
                    let Some(c) = a.checked_add(b) else {
                        return b == k;
                    };
                    (a, b) = (b, c);
                }
                a == k
            }
        }
    }

    /// The amounts `k <= n` that may be taken from a heap of `n`, ascending.
    ///
    /// Complexity: O(size of the answer + number of ranges).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::SubSet;
    /// assert_eq!(SubSet::Pow2.options(9), vec![1, 2, 4, 8]);
    /// ```
    pub fn options(&self, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        self.for_each_amount(n, |k| out.push(k));
        out
    }

    /// Calls `f` with every amount `k <= n` in the set, ascending, without allocating.
    pub(crate) fn for_each_amount(&self, n: u64, mut f: impl FnMut(u64)) {
        match self {
            SubSet::Finite(s) => {
                for &(lo, hi) in &s.ranges {
                    if lo > n {
                        break;
                    }
                    for k in lo..=hi.min(n) {
                        f(k);
                    }
                }
            }
            SubSet::Pow2 => {
                let mut k = 1u64;
                while k <= n {
                    f(k);
                    match k.checked_mul(2) {
                        Some(next) => k = next,
                        None => break,
                    }
                }
            }
            SubSet::Fib => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    f(a);
                    match a.checked_add(b) {
                        Some(c) => (a, b) = (b, c),
                        None => {
                            if b <= n && b > a {
                                f(b);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The largest amount, or `None` for the infinite sets `pow2` and `fib`.
    ///
    /// Complexity: O(1).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::SubSet;
    /// assert_eq!(SubSet::parse("2,3,7").unwrap().max(), Some(7));
    /// assert_eq!(SubSet::Pow2.max(), None);
    /// ```
    pub fn max(&self) -> Option<u64> {
        match self {
            SubSet::Finite(s) => s.ranges.last().map(|&(_, hi)| hi),
            SubSet::Pow2 | SubSet::Fib => None,
        }
    }
}

impl fmt::Display for SubSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubSet::Pow2 => write!(f, "pow2"),
            SubSet::Fib => write!(f, "fib"),
            SubSet::Finite(s) => {
                for (i, &(lo, hi)) in s.ranges.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    // Runs of three or more read better as ranges; "3,4" stays a list.
                    if hi == lo {
                        write!(f, "{lo}")?;
                    } else if hi == lo + 1 {
                        write!(f, "{lo},{hi}")?;
                    } else {
                        write!(f, "{lo}..{hi}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl FromStr for SubSet {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SubSet::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let p = |s: &str| SubSet::parse(s).map(|x| x.to_string());
        assert_eq!(p("1,3,4"), Ok("1,3,4".into()));
        assert_eq!(p(" 4 , 3,1 "), Ok("1,3,4".into()));
        assert_eq!(p("1..5"), Ok("1..5".into()));
        assert_eq!(p("1,3..5,9"), Ok("1,3..5,9".into()));
        assert_eq!(p("1,2,3,7,8"), Ok("1..3,7,8".into()));
        assert_eq!(p("pow2"), Ok("pow2".into()));
        assert_eq!(p(" fib "), Ok("fib".into()));
        assert_eq!(p("2..3,1"), Ok("1..3".into()));
    }

    #[test]
    fn parse_errors() {
        let e = |s: &str| SubSet::parse(s).err().map(|e| e.offset);
        assert_eq!(e(""), Some(0));
        assert_eq!(e("1,,2"), Some(2));
        assert_eq!(e("1,x"), Some(2));
        assert_eq!(e("0"), Some(0));
        assert_eq!(e("1,5..3"), Some(5));
        assert_eq!(e("1,pow2"), Some(2));
        assert_eq!(e("99999999999999999999"), Some(0));
        assert_eq!(e("1..,"), Some(3));
    }

    #[test]
    fn membership_and_options() {
        let s = SubSet::parse("1,3..5,9").unwrap();
        assert_eq!(s.options(6), vec![1, 3, 4, 5]);
        assert!(s.contains(9) && !s.contains(2) && !s.contains(10));
        assert_eq!(SubSet::Fib.options(13), vec![1, 2, 3, 5, 8, 13]);
        assert_eq!(SubSet::Pow2.options(0), Vec::<u64>::new());
        assert!(SubSet::Pow2.contains(1 << 63));
        let big = SubSet::parse("1..1000000000000").unwrap();
        assert_eq!(big.options(3), vec![1, 2, 3]);
        assert_eq!(big.max(), Some(1_000_000_000_000));
    }
}
