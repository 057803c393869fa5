//! Take-and-break codes in the notation of Winning Ways and CGSuite.
//!
//! A code `d0.d1d2d3...` says, for every number `k` of tokens removed from one heap,
//! what may be left behind: digit `d_k` is a sum of bits, where 1 means "remove the
//! whole heap" (only when it has exactly `k` tokens), 2 means "leave one nonempty heap",
//! 4 means "leave two nonempty heaps" and 8 means "leave three nonempty heaps".
//! A `!` after a digit requires the heaps left to be pairwise unequal (`4!.0` is Grundy's
//! game), and a bracketed block repeats forever (`0.[3]` is Nim). A run of one digit may
//! be written with its length in braces: `0.0{999}7` is `0.` then 999 zeros then `7` (HDU 3980
//! with m = 1000); the canonical form uses a run wherever it is shorter than the digits.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A parse error in a take-and-break code or a subtraction set.
///
/// `offset` is the character offset (not byte offset) inside the text that was parsed,
/// so that a front end can point at the offending character.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("at offset {offset}: {message}")]
pub struct CodeError {
    /// Character offset of the offending character inside the parsed text.
    pub offset: usize,
    /// What was wrong and what was expected instead.
    pub message: String,
}

impl CodeError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> Self {
        CodeError {
            offset,
            message: message.into(),
        }
    }

    /// Returns the same error with its offset moved by `by` characters, for errors found
    /// in a piece of a larger text (such as the code inside `tb[...]`).
    pub fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }
}

/// One digit of a code: its bits and whether the heaps left must be pairwise unequal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Digit {
    pub(crate) bits: u8,
    pub(crate) distinct: bool,
}

/// Bit of a digit: the whole heap may be removed.
pub(crate) const BIT_ALL: u8 = 1;
/// Bit of a digit: one nonempty heap may be left.
pub(crate) const BIT_ONE: u8 = 2;
/// Bit of a digit: two nonempty heaps may be left.
pub(crate) const BIT_TWO: u8 = 4;
/// Bit of a digit: three nonempty heaps may be left.
pub(crate) const BIT_THREE: u8 = 8;

/// A take-and-break code such as `0.07`, `4!.0` or `4.[3]`.
///
/// The representation is canonical (see the [`fmt::Display`] impl), so two codes that
/// describe the same rules compare equal and hash alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `finite[k]` is the digit for removing `k` tokens; `finite[0]` is the digit before
    /// the point and is always present.
    finite: Vec<Digit>,
    /// The repeating block after the finite part; empty when the code is finite.
    repeat: Vec<Digit>,
}

/// One option (move) from a single heap: how many tokens were taken and the heaps left.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Number of tokens removed.
    pub take: u64,
    /// Sizes of the heaps left after the move: all nonzero, sorted ascending.
    pub parts: Vec<u64>,
}

/// The most digits a code may have once its runs are spelled out (a run `0{999}` counts 999):
/// the kernels keep a few bytes per digit, and no known game needs more.
pub const MAX_CODE_DIGITS: usize = 1_000_000;

/// A run shorter than this is printed digit by digit (`0.00007`); from it on, as `0{5}`
/// (only where the run notation is shorter than the digits it stands for).
fn run_is_shorter(len: usize, distinct: bool) -> bool {
    let digit = if distinct { 2 } else { 1 };
    len * digit > digit + 2 + len.to_string().len()
}

/// Reads the run count `{N}` that starts at `chars[open]` (a `{`).
///
/// Returns: N and the position after the `}`; N may be 0 (the digit is dropped), so that a
/// program can write `0{m-1}7` for every m >= 1.
fn parse_run(chars: &[char], open: usize) -> Result<(usize, usize), CodeError> {
    let mut pos = open + 1;
    let mut n: usize = 0;
    let mut any = false;
    while let Some(&c) = chars.get(pos) {
        match c.to_digit(10) {
            Some(d) => {
                any = true;
                n = n
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(d as usize))
                    .filter(|&n| n <= MAX_CODE_DIGITS)
                    .ok_or_else(|| {
                        CodeError::new(
                            open + 1,
                            format!(
                                "a run is longer than the limit of {MAX_CODE_DIGITS} digits; use \
                                 a shorter run"
                            ),
                        )
                    })?;
                pos += 1;
            }
            None if c == '}' && any => return Ok((n, pos + 1)),
            None => {
                return Err(CodeError::new(
                    pos,
                    format!(
                        "expected the decimal length of the run and '}}', as in 0{{999}}, found \
                         {c:?}"
                    ),
                ))
            }
        }
    }
    Err(CodeError::new(
        open,
        "unbalanced '{': expected the length of the run and '}', as in 0{999}",
    ))
}

fn digit_value(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

fn hex_char(bits: u8) -> char {
    char::from_digit(u32::from(bits), 16).unwrap_or('?')
}

impl Code {
    /// Parses a code such as `0.07`, `.6`, `4!.0`, `0.[3]` or `0.1[37]`.
    ///
    /// Arguments: `text`, the code; digits are hexadecimal (`0`-`9`, `a`-`f`, either
    /// case), a `!` may follow any digit, one bracketed repeating block may end the code.
    /// A code may start with the point, which means `d0 = 0` (Winning Ways writes `·07`).
    /// After the point, a digit (with its `!`) followed by `{N}` stands for N copies of it
    /// (`0.0{999}7`; N may be 0); the code spelled out has at most `MAX_CODE_DIGITS` (a million)
    /// digits.
    ///
    /// Returns: the canonical code, or a [`CodeError`] naming the character offset and
    /// what was expected (a missing point, an invalid digit, an unbalanced bracket or
    /// brace, a digit before the point that would allow a pass, a run over the limit).
    ///
    /// Complexity: linear in the length of the code spelled out.
    ///
    /// Example:
    /// ```
    /// use grundy_heap::Code;
    /// let kayles = Code::parse("0.770").unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert!(Code::parse("0.7x").is_err());
    /// let paint = Code::parse("0.0{999}7").unwrap();
    /// assert_eq!(paint.max_take(), Some(1000));
    /// assert_eq!(paint.to_string(), "0.0{999}7");
    /// ```
    pub fn parse(text: &str) -> Result<Code, CodeError> {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = 0usize;
        let mut finite = Vec::new();
        let mut repeat = Vec::new();

        // The digit before the point; `.07` means `0.07`.
        match chars.first() {
            None => {
                return Err(CodeError::new(
                    0,
                    "empty code: expected a code such as 0.07 or 4!.0",
                ))
            }
            Some('.') => finite.push(Digit::default()),
            Some(&c) => {
                let bits = digit_value(c).ok_or_else(|| {
                    CodeError::new(0, format!("expected a hexadecimal digit, found {c:?}"))
                })?;
                if bits & (BIT_ALL | BIT_ONE) != 0 {
                    return Err(CodeError::new(
                        0,
                        format!(
                            "the digit before the point may only be 0, 4, 8 or c (split without \
                             taking); {c} would allow a move that leaves the heap unchanged"
                        ),
                    ));
                }
                pos = 1;
                let mut distinct = false;
                if chars.get(pos) == Some(&'!') {
                    distinct = true;
                    pos += 1;
                }
                if chars.get(pos) == Some(&'{') {
                    return Err(CodeError::new(
                        pos,
                        "the part before the point is one digit: a run such as 0{5} may only \
                         follow the point",
                    ));
                }
                finite.push(Digit { bits, distinct });
            }
        }
        match chars.get(pos) {
            Some('.') => pos += 1,
            Some(&c) => {
                return Err(CodeError::new(
                    pos,
                    format!("expected '.' after the first digit, found {c:?}"),
                ))
            }
            None => {
                return Err(CodeError::new(
                    pos,
                    "expected '.' after the first digit (a code looks like 0.07)",
                ))
            }
        }

        let mut in_repeat = false;
        let mut repeat_open = 0usize;
        let mut closed = false;
        while pos < chars.len() {
            let c = chars[pos];
            if closed {
                return Err(CodeError::new(
                    pos,
                    format!("expected the end of the code after ']', found {c:?}"),
                ));
            }
            match c {
                '[' if in_repeat => {
                    return Err(CodeError::new(pos, "nested '[': expected a digit or ']'"))
                }
                '[' => {
                    in_repeat = true;
                    repeat_open = pos;
                    pos += 1;
                }
                ']' if !in_repeat => {
                    return Err(CodeError::new(pos, "']' without a matching '['"));
                }
                ']' => {
                    if repeat.is_empty() {
                        return Err(CodeError::new(
                            pos,
                            "empty repeating block: expected at least one digit before ']'",
                        ));
                    }
                    in_repeat = false;
                    closed = true;
                    pos += 1;
                }
                '!' => {
                    return Err(CodeError::new(pos, "'!' must follow a digit"));
                }
                '{' => {
                    return Err(CodeError::new(
                        pos,
                        "'{' must follow a digit: a run is written like 0{999}",
                    ));
                }
                '}' => {
                    return Err(CodeError::new(pos, "'}' without a matching '{'"));
                }
                _ => {
                    let bits = digit_value(c).ok_or_else(|| {
                        CodeError::new(
                            pos,
                            format!(
                                "expected a hexadecimal digit (0-9, a-f), '[' or ']', found {c:?}"
                            ),
                        )
                    })?;
                    let start = pos;
                    pos += 1;
                    let mut distinct = false;
                    if chars.get(pos) == Some(&'!') {
                        distinct = true;
                        pos += 1;
                    }
                    let d = Digit { bits, distinct };
                    let times = match chars.get(pos) {
                        Some('{') => {
                            let (times, next) = parse_run(&chars, pos)?;
                            pos = next;
                            times
                        }
                        _ => 1,
                    };
                    if finite.len() + repeat.len() + times > MAX_CODE_DIGITS {
                        return Err(CodeError::new(
                            start,
                            format!(
                                "the code is longer than the limit of {MAX_CODE_DIGITS} digits; \
                                 use a shorter run"
                            ),
                        ));
                    }
                    let target = if in_repeat { &mut repeat } else { &mut finite };
                    target.extend(std::iter::repeat(d).take(times));
                }
            }
        }
        if in_repeat {
            return Err(CodeError::new(
                repeat_open,
                "unbalanced '[': expected ']' to close the repeating block",
            ));
        }
        Ok(Code::normalized(finite, repeat))
    }

    /// Builds the canonical form: `!` only where it matters, the shortest repeating block,
    /// no finite digits that the block already describes, no trailing zeros.
    fn normalized(mut finite: Vec<Digit>, mut repeat: Vec<Digit>) -> Code {
        for d in finite.iter_mut().chain(repeat.iter_mut()) {
            if d.bits & (BIT_TWO | BIT_THREE) == 0 {
                d.distinct = false;
            }
        }
        if !repeat.is_empty() {
            let len = repeat.len();
            if let Some(p) =
                (1..=len).find(|&p| len % p == 0 && (0..len).all(|i| repeat[i] == repeat[i % p]))
            {
                repeat.truncate(p);
            }
            // A finite digit equal to the last digit of the block is the block shifted by one.
            while finite.len() > 1 && finite.last() == repeat.last() {
                finite.pop();
                repeat.rotate_right(1);
            }
            if repeat.iter().all(|d| d.bits == 0) {
                repeat.clear();
            }
        }
        if repeat.is_empty() {
            while finite.len() > 1 && finite.last().is_some_and(|d| d.bits == 0) {
                finite.pop();
            }
        }
        Code { finite, repeat }
    }

    /// The digit that governs removing `k` tokens.
    /// The digit for taking `k` tokens: its bits (1 take all, 2 leave one heap, 4 leave
    /// two, 8 leave three) and whether the heaps left must be unequal (`!`).
    pub fn digit_at(&self, k: u64) -> (u8, bool) {
        let d = self.digit(k);
        (d.bits, d.distinct)
    }

    pub(crate) fn digit(&self, k: u64) -> Digit {
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        if k < self.finite.len() {
            self.finite[k]
        } else if self.repeat.is_empty() {
            Digit::default()
        } else {
            self.repeat[(k - self.finite.len()) % self.repeat.len()]
        }
    }

    /// Number of digits before the repeating block (including `d0`).
    pub(crate) fn finite_len(&self) -> usize {
        self.finite.len()
    }

    /// The repeating block (empty for a finite code).
    pub(crate) fn repeat_block(&self) -> &[Digit] {
        &self.repeat
    }

    /// Whether some digit allows leaving three heaps.
    pub(crate) fn has_three_way_split(&self) -> bool {
        self.finite
            .iter()
            .chain(self.repeat.iter())
            .any(|d| d.bits & BIT_THREE != 0)
    }

    /// Whether some digit allows leaving three heaps that may be equal (no `!`).
    pub(crate) fn has_plain_three_way_split(&self) -> bool {
        self.finite
            .iter()
            .chain(self.repeat.iter())
            .any(|d| d.bits & BIT_THREE != 0 && !d.distinct)
    }

    /// Whether some digit that splits carries a `!`.
    pub(crate) fn has_distinct(&self) -> bool {
        self.finite
            .iter()
            .chain(self.repeat.iter())
            .any(|d| d.distinct)
    }

    /// The most heaps a single move can leave (0 to 3).
    pub(crate) fn max_parts(&self) -> u64 {
        let all = self
            .finite
            .iter()
            .chain(self.repeat.iter())
            .fold(0u8, |acc, d| acc | d.bits);
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

    /// The largest number of tokens a move may remove.
    ///
    /// Returns: `Some(t)` for a finite code (`Some(0)` when only splitting without taking
    /// is allowed or no move at all), `None` when a repeating block makes it unbounded.
    ///
    /// Complexity: O(1).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::Code;
    /// assert_eq!(Code::parse("0.137").unwrap().max_take(), Some(3));
    /// assert_eq!(Code::parse("0.[3]").unwrap().max_take(), None);
    /// ```
    pub fn max_take(&self) -> Option<u64> {
        if self.repeat.is_empty() {
            // The canonical form has no trailing zeros, so the last digit is the largest take.
            Some(self.finite.len() as u64 - 1)
        } else {
            None
        }
    }

    /// Whether the code has no (nonzero) repeating block.
    ///
    /// Complexity: O(1).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::Code;
    /// assert!(Code::parse("0.07").unwrap().is_finite());
    /// assert!(!Code::parse("4.[3]").unwrap().is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        self.repeat.is_empty()
    }

    /// An upper bound on the number of options of one heap of `n` tokens, without listing
    /// them, so that a caller can refuse a list too long to hold.
    ///
    /// Complexity: O(1).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::Code;
    /// let dawson = Code::parse("0.07").unwrap();
    /// assert!(dawson.option_bound(10) >= dawson.options(10).len() as u128);
    /// ```
    pub fn option_bound(&self, n: u64) -> u128 {
        let takes = u128::from(self.max_take().map_or(n, |t| t.min(n))) + 1;
        let n = u128::from(n);
        let per_take = match self.max_parts() {
            3 => 2 + n / 2 + (n + 1) * (n + 1) / 12 + 1,
            2 => 2 + n / 2,
            _ => 2,
        };
        takes.saturating_mul(per_take)
    }

    /// Every distinct option of one heap of `n` tokens, each once.
    ///
    /// Arguments: `n`, the heap size.
    ///
    /// Returns: the moves ordered by `take`, then by the parts (sorted ascending, all
    /// nonzero). Two moves with equal parts are always the same move, since the parts sum
    /// to `n - take`.
    ///
    /// Complexity: O(n) moves for codes that split in two, O(n^2) for three-way splits;
    /// meant for brute force and for small heaps, not for long tables (see
    /// [`crate::values`]).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::{Code, Move};
    /// let grundy = Code::parse("4!.0").unwrap();
    /// assert_eq!(grundy.options(4), vec![Move { take: 0, parts: vec![1, 3] }]);
    /// ```
    pub fn options(&self, n: u64) -> Vec<Move> {
        let mut out = Vec::new();
        let last = match self.max_take() {
            Some(t) => t.min(n),
            None => n,
        };
        for k in 0..=last {
            let d = self.digit(k);
            if d.bits == 0 {
                continue;
            }
            let r = n - k;
            if d.bits & BIT_ALL != 0 && r == 0 && k > 0 {
                out.push(Move {
                    take: k,
                    parts: vec![],
                });
            }
            if d.bits & BIT_ONE != 0 && r > 0 && k > 0 {
                out.push(Move {
                    take: k,
                    parts: vec![r],
                });
            }
            if d.bits & BIT_TWO != 0 {
                for a in 1..=r / 2 {
                    let b = r - a;
                    if d.distinct && a == b {
                        continue;
                    }
                    out.push(Move {
                        take: k,
                        parts: vec![a, b],
                    });
                }
            }
            if d.bits & BIT_THREE != 0 {
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        let c = r - a - b;
                        if d.distinct && (a == b || b == c) {
                            continue;
                        }
                        out.push(Move {
                            take: k,
                            parts: vec![a, b, c],
                        });
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_digit = |f: &mut fmt::Formatter<'_>, d: &Digit| -> fmt::Result {
            write!(f, "{}", hex_char(d.bits))?;
            if d.distinct {
                write!(f, "!")?;
            }
            Ok(())
        };
        // Runs of one digit are written `d{n}` where that is shorter, so that a code with
        // a thousand zeros prints (and names its ruleset) in a few characters.
        let write_digits = |f: &mut fmt::Formatter<'_>, ds: &[Digit]| -> fmt::Result {
            let mut i = 0;
            while i < ds.len() {
                let len = ds[i..].iter().take_while(|d| **d == ds[i]).count();
                write_digit(f, &ds[i])?;
                if run_is_shorter(len, ds[i].distinct) {
                    write!(f, "{{{len}}}")?;
                } else {
                    for d in &ds[i + 1..i + len] {
                        write_digit(f, d)?;
                    }
                }
                i += len;
            }
            Ok(())
        };
        write_digit(f, &self.finite[0])?;
        write!(f, ".")?;
        write_digits(f, &self.finite[1..])?;
        if !self.repeat.is_empty() {
            write!(f, "[")?;
            write_digits(f, &self.repeat)?;
            write!(f, "]")?;
        } else if self.finite.len() == 1 {
            // "0." alone reads like a typo; "0.0" is the game with no move.
            write!(f, "0")?;
        }
        Ok(())
    }
}

impl FromStr for Code {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Code::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        match Code::parse(s) {
            Ok(c) => c.to_string(),
            Err(e) => format!("error {e}"),
        }
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canon("0.070"), "0.07");
        assert_eq!(canon(".07"), "0.07");
        assert_eq!(canon("4!.0"), "4!.0");
        assert_eq!(canon("0.0"), "0.0");
        assert_eq!(canon("0."), "0.0");
        assert_eq!(canon("0.[3]"), "0.[3]");
        assert_eq!(canon("0.3[3]"), "0.[3]");
        assert_eq!(canon("0.[33]"), "0.[3]");
        assert_eq!(canon("0.1[37]"), "0.1[37]");
        assert_eq!(canon("0.7[37]"), "0.[73]");
        assert_eq!(canon("0.[0]"), "0.0");
        assert_eq!(canon("0.7[0]"), "0.7");
        assert_eq!(canon("0.3!"), "0.3");
        assert_eq!(canon("0.F"), "0.f");
        assert_eq!(canon("8.[3]"), "8.[3]");
    }

    #[test]
    fn errors_carry_offsets() {
        let e = |s: &str| Code::parse(s).err().map(|e| e.offset);
        assert_eq!(e(""), Some(0));
        assert_eq!(e("07"), Some(1));
        assert_eq!(e("0.7g"), Some(3));
        assert_eq!(e("0.[3"), Some(2));
        assert_eq!(e("0.3]"), Some(3));
        assert_eq!(e("0.[]"), Some(3));
        assert_eq!(e("0.[3]1"), Some(5));
        assert_eq!(e("0.!"), Some(2));
        assert_eq!(e("2.0"), Some(0));
        assert_eq!(e("0.7é"), Some(3));
        assert_eq!(e("é.7x"), Some(0));
    }

    /// The run shorthand `d{n}` parses to the spelled-out code and prints where shorter.
    #[test]
    fn runs_of_one_digit() {
        let spelled = format!("0.{}7", "0".repeat(999));
        let paint = Code::parse("0.0{999}7").unwrap();
        assert_eq!(paint, Code::parse(&spelled).unwrap());
        assert_eq!(paint.max_take(), Some(1000));
        assert_eq!(paint.digit_at(1000), (7, false));
        assert_eq!(paint.digit_at(999), (0, false));
        assert_eq!(paint.to_string(), "0.0{999}7");
        assert_eq!(Code::parse(&spelled).unwrap().to_string(), "0.0{999}7");
        // Only where the run is shorter than its digits.
        assert_eq!(canon("0.00007"), "0.00007");
        assert_eq!(canon("0.000007"), "0.0{5}7");
        assert_eq!(canon("0.0{4}7"), "0.00007");
        assert_eq!(canon("0.4!4!4!"), "0.4!{3}");
        assert_eq!(canon("0.4!{2}"), "0.4!4!");
        assert_eq!(canon("0.3{7}1"), "0.3{7}1");
        assert_eq!(canon("0.[0{9}3]"), "0.[0{9}3]");
        assert_eq!(canon("0.[3{6}]"), "0.[3]");
        assert_eq!(canon("0.7{10}[7]"), "0.[7]");
        assert_eq!(canon("0.0{0}7"), "0.7");
        assert_eq!(canon("0.0{2}1{2}"), "0.0011");
        assert_eq!(canon("0.f{12}"), "0.f{12}");
        assert_eq!(canon("0.0{1000}"), "0.0");
    }

    #[test]
    fn run_errors_carry_offsets() {
        let e = |s: &str| Code::parse(s).err().map(|e| e.offset);
        assert_eq!(e("0.{3}"), Some(2));
        assert_eq!(e("0.0{}7"), Some(4));
        assert_eq!(e("0.0{3"), Some(3));
        assert_eq!(e("0.0{x}"), Some(4));
        assert_eq!(e("0.0{-1}"), Some(4));
        assert_eq!(e("0.}"), Some(2));
        assert_eq!(e("0{2}.7"), Some(1));
        assert_eq!(e("0.[{2}]"), Some(3));
        assert_eq!(e("0.[3{0}]"), Some(7));
        assert_eq!(e("0.0{99999999999999999999999}7"), Some(4));
        assert_eq!(e("0.0{1000001}7"), Some(4));
        assert_eq!(e("0.0{999999}7{2}"), Some(11));
        assert!(Code::parse("0.0{999998}7").is_ok());
    }

    proptest::proptest! {
        /// parse(print(c)) == c, and a code written with runs equals the code spelled out.
        #[test]
        fn runs_round_trip(
            pieces in proptest::collection::vec((0u8..16, proptest::bool::ANY, 0usize..14), 0..6),
            block in proptest::collection::vec((0u8..16, 0usize..9), 0..3),
        ) {
            let digit = |b: u8, bang: bool| {
                let mut d = format!("{b:x}");
                if bang {
                    d.push('!');
                }
                d
            };
            let (mut short, mut long) = ("0.".to_string(), "0.".to_string());
            for &(b, bang, n) in &pieces {
                short.push_str(&format!("{}{{{n}}}", digit(b, bang)));
                long.push_str(&digit(b, bang).repeat(n));
            }
            if block.iter().any(|&(_, n)| n > 0) {
                short.push('[');
                long.push('[');
                for &(b, n) in &block {
                    short.push_str(&format!("{b:x}{{{n}}}"));
                    long.push_str(&format!("{b:x}").repeat(n));
                }
                short.push(']');
                long.push(']');
            }
            let a = Code::parse(&short).unwrap();
            let b = Code::parse(&long).unwrap();
            proptest::prop_assert_eq!(&a, &b);
            let printed = a.to_string();
            proptest::prop_assert_eq!(Code::parse(&printed).unwrap(), a.clone());
            proptest::prop_assert!(printed.chars().count() <= long.chars().count().max(4));
            for n in 0..12 {
                proptest::prop_assert_eq!(a.options(n), b.options(n));
            }
        }
    }

    #[test]
    fn max_take_and_finiteness() {
        let c = Code::parse("0.137").unwrap();
        assert_eq!(c.max_take(), Some(3));
        assert!(c.is_finite());
        let c = Code::parse("4!.0").unwrap();
        assert_eq!(c.max_take(), Some(0));
        let c = Code::parse("4.[3]").unwrap();
        assert_eq!(c.max_take(), None);
        assert!(!c.is_finite());
    }

    #[test]
    fn options_of_small_heaps() {
        let kayles = Code::parse("0.77").unwrap();
        let mv = |take, parts: &[u64]| Move {
            take,
            parts: parts.to_vec(),
        };
        assert_eq!(
            kayles.options(3),
            vec![mv(1, &[2]), mv(1, &[1, 1]), mv(2, &[1])]
        );
        assert_eq!(kayles.options(1), vec![mv(1, &[])]);
        let grundy = Code::parse("4!.0").unwrap();
        assert_eq!(grundy.options(2), vec![]);
        assert_eq!(grundy.options(3), vec![mv(0, &[1, 2])]);
        let three = Code::parse("8.0").unwrap();
        assert_eq!(three.options(4), vec![mv(0, &[1, 1, 2])]);
        let three_distinct = Code::parse("8!.0").unwrap();
        assert_eq!(three_distinct.options(6), vec![mv(0, &[1, 2, 3])]);
        let nim = Code::parse("0.[3]").unwrap();
        assert_eq!(nim.options(2), vec![mv(1, &[1]), mv(2, &[])]);
    }
}
