//! The rule behind a table of nim-values (`grundy pattern`): what a person does by hand with
//! a printed table, done by the tool and checked.
//!
//! [`describe_sequence`] takes G(0..=N) of a one-argument family, [`describe_grid`] takes
//! G(a, b) for 0 <= a, b <= N of a two-argument family; both return a [`Pattern`]: the kind of
//! rule found, the rule in words, and the rule as self-contained Python and C++ functions that
//! answer any size.
//! Before a rule is returned, its own evaluator (the same rule in Rust) is compared with every
//! value given; a rule that fails is never returned.
//! A rule is `proven` only when the caller hands a [`Proof`] (a theorem that the engine
//! applies to that family) and the rule found is the one the proof covers.
//!
//! **Boundary:** this crate knows no engine and no family: it sees numbers and the names the
//! caller gives, so that the engine (`grundy::api::pattern`) can call it.
//!
//! ```
//! let values: Vec<u64> = (0..=100).map(|n| n % 3).collect();
//! let p = grundy_pattern::describe_sequence("sub[1,2]", &values, None);
//! assert_eq!(p.kind(), "periodic");
//! assert!(p.code.python.contains("def grundy(n)"));
//! ```
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod census;
mod code;
mod grid;
mod recur;
mod seq;
mod shape;
mod text;

use serde::Serialize;

pub use census::{census, sparse_split, Census, SparseSplit, RARE_PER};
pub use grid::{describe_grid, describe_grid_from};
pub use recur::Recurrence;
pub use seq::{describe_outcomes_from, describe_sequence, describe_sequence_from};
pub use shape::{Intervals, SelfSimilar, Step};

/// A theorem that the caller (the engine) knows to hold for the family it describes.
///
/// The library trusts the caller on the theorem, never on the values: the rule still has to
/// reproduce every value given, and it is proven only if it is the rule the theorem states.
#[derive(Clone, Debug, PartialEq)]
pub enum Proof {
    /// G(n + period) = G(n) + saltus for every n >= preperiod (arity 1).
    Period {
        /// The first n of the relation.
        preperiod: u64,
        /// The period.
        period: u64,
        /// The constant added per period (0 for a plain period).
        saltus: u64,
        /// The theorem's name and how it applies, for people.
        theorem: String,
    },
    /// The P-positions are 0 and the Fibonacci numbers 1, 2, 3, 5, 8, ... (arity 1).
    FibonacciPositions {
        /// The theorem's name.
        theorem: String,
    },
    /// The P-positions are (0, 0) and the pairs (floor(k phi), floor(k phi^2)) with their
    /// mirrors (arity 2).
    WythoffPairs {
        /// The theorem's name.
        theorem: String,
    },
    /// G(a, b) is the closed form `closed` at every (a, b), without exceptions (arity 2; for
    /// example the nim-product of Turning Corners by the Tartan theorem).
    Formula {
        /// The closed form the theorem gives.
        closed: Closed,
        /// The theorem's name and how it applies, for people.
        theorem: String,
    },
}

/// The self-contained code of a rule: a function `grundy` (or `first_player_wins` for kind
/// `p-positions`) in each language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Code {
    /// Python 3, standard library only, exact for integers of any size.
    pub python: String,
    /// C++ (GCC or Clang: `unsigned __int128` where exactness needs it), for 64-bit arguments.
    pub cpp: String,
}

/// The rule behind a table of values, as `grundy pattern --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pattern {
    /// The family as written canonically (for the sides of a sum: `FAMILY(a, 0)`).
    pub family: String,
    /// 1 or 2: how many integers write a position.
    pub arity: u8,
    /// The largest argument whose value was computed and checked.
    pub checked_to: u64,
    /// The least argument of a position (0, or 1 for a family whose positions start at 1);
    /// the rule and the code's inner function are written in n - origin.
    #[serde(skip_serializing_if = "is_zero")]
    pub origin: u64,
    /// The kind of rule (`kind` in JSON) and its own fields.
    #[serde(flatten)]
    pub rule: Rule,
    /// True only when a theorem (named in `proof`) makes the rule hold at every size.
    pub proven: bool,
    /// The theorem, when `proven`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// The rule in words and symbols, for people.
    pub formula: String,
    /// The rule as code.
    pub code: Code,
    /// The largest n on which the rule was also checked past the table (values computed
    /// after the rule was found, arity 1); absent when it was not checked further.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked_further_to: Option<u64>,
    /// The census of rare values (arity 1, attached by [`Pattern::with_census`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub census: Option<Census>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Pattern {
    /// The pattern of a family whose positions start at `origin` in every argument, from the
    /// pattern of its values shifted to start at 0 (`values[n] = G(n + origin)`): the formula
    /// says so, and the code's function calls the shifted rule with n - origin.
    ///
    /// Arguments: the pattern of the shifted values, the origin.
    /// Returns: the same rule, for the family's own arguments.
    /// Example:
    /// ```
    /// let shifted: Vec<u64> = (0..100).map(|n| n % 2).collect();
    /// let p = grundy_pattern::describe_sequence("f", &shifted, None).starting_at(1);
    /// assert!(p.code.python.contains("return _grundy_at_0(n - 1)"));
    /// ```
    pub fn starting_at(mut self, origin: u64) -> Pattern {
        if origin == 0 {
            return self;
        }
        self.origin = origin;
        self.checked_to += origin;
        if let Rule::None { .. } = self.rule {
            return self;
        }
        let (vars, shifted) = if self.arity == 2 {
            (
                format!("a' = a - {origin}, b' = b - {origin} and G'(a', b') = G(a, b)"),
                format!("a - {origin}, b - {origin}"),
            )
        } else {
            (
                format!("n' = n - {origin} and G'(n') = G(n)"),
                format!("n - {origin}"),
            )
        };
        // The rule was found for the shifted values: every G and every argument in it is
        // the shifted one.
        let mut f = self
            .formula
            .replace("G(", "G'(")
            .replace("G1(", "G1'(")
            .replace("G2(", "G2'(");
        let names: &[&str] = if self.arity == 2 { &["a", "b"] } else { &["n"] };
        for x in names {
            // Not " a " alone: that is also the article.
            f = f.replace(&format!("({x}"), &format!("({x}'"));
            f = f.replace(&format!("[{x} "), &format!("[{x}' "));
            for after in [",", ")", " mod", " >=", " <=", " -", " +", " ="] {
                f = f.replace(&format!(" {x}{after}"), &format!(" {x}'{after}"));
            }
        }
        self.formula = format!("positions start at {origin}; with {vars}: {f}");
        let (name, ret) = match self.rule {
            Rule::PPositions { .. } | Rule::Recurrence { .. } => ("first_player_wins", "bool"),
            _ => ("grundy", "unsigned long long"),
        };
        let (params, cparams) = if self.arity == 2 {
            ("a, b", "unsigned long long a, unsigned long long b")
        } else {
            ("n", "unsigned long long n")
        };
        let inner = format!("_{name}_at_0");
        self.code.python = format!(
            "{}\ndef {name}({params}):\n    # Positions start at {origin}.\n    return {inner}({shifted})\n",
            self.code.python.replace(&format!("def {name}("), &format!("def {inner}("))
        );
        self.code.cpp = format!(
            "{}\n{ret} {name}({cparams}) {{\n    // Positions start at {origin}.\n    return {inner}({shifted});\n}}\n",
            self.code
                .cpp
                .replace(&format!(" {name}(unsigned"), &format!(" {inner}(unsigned"))
        );
        self
    }

    /// The pattern with the census of rare values of `values` (G(0..=N), as described)
    /// attached, when the values have a plain period or no rule of their own (kinds
    /// `periodic`, `p-positions` and `none`) and the pattern has arity 1; otherwise as it is.
    ///
    /// Arguments: the values the pattern was found from.
    /// Returns: the same pattern, with `census` set where it applies.
    /// Complexity: that of [`census()`].
    /// Example:
    /// ```
    /// let g: Vec<u64> = (0..300).map(|n| if n == 7 { 3 } else { n % 2 }).collect();
    /// let p = grundy_pattern::describe_sequence("f", &g, None).with_census(&g);
    /// assert_eq!(p.census.unwrap().rare_by_frequency, vec![3]);
    /// ```
    pub fn with_census(mut self, values: &[u64]) -> Pattern {
        if self.arity == 1
            && matches!(
                self.rule,
                Rule::Periodic { .. } | Rule::PPositions { .. } | Rule::None { .. }
            )
        {
            self.census = census(values);
        }
        self
    }

    /// Checks the rule on values computed past the table: `values[i]` = G(start + i), in the
    /// family's own n (arity 1, a pattern of origin 0).
    ///
    /// Arguments: the first n of `values`; the values.
    /// Returns: `Ok` when the rule gives every one of them (or has no values to give: kinds
    /// `none`, `sum`, arity 2, or a family starting past 0), else the first n it misses.
    /// Complexity: O(len) evaluations of the rule (O(log n) each for the self-similar kinds).
    /// Example:
    /// ```
    /// let g: Vec<u64> = (0..100).map(|n| n % 3).collect();
    /// let p = grundy_pattern::describe_sequence("f", &g, None);
    /// assert_eq!(p.holds_on(100, &[1, 2, 0]), Ok(()));
    /// assert_eq!(p.holds_on(100, &[1, 2, 2]), Err(102));
    /// ```
    pub fn holds_on(&self, start: u64, values: &[u64]) -> Result<(), u64> {
        if self.arity != 1 || self.origin != 0 || matches!(self.rule, Rule::None { .. }) {
            return Ok(());
        }
        for (i, &v) in values.iter().enumerate() {
            let n = start + i as u64;
            let ok = match &self.rule {
                Rule::PPositions { p, .. } | Rule::Recurrence { p, .. } => p.is_p(n) == (v == 0),
                rule => seq::value_at(rule, n) == Some(v),
            };
            if !ok {
                return Err(n);
            }
        }
        Ok(())
    }

    /// The kind as the JSON writes it (`"periodic"`, `"sum"`, `"none"`, ...).
    pub fn kind(&self) -> &'static str {
        match &self.rule {
            Rule::Periodic { .. } => "periodic",
            Rule::ArithmeticPeriodic { .. } => "arithmetic-periodic",
            Rule::Formula { .. } => "formula",
            Rule::Sum { .. } => "sum",
            Rule::PPositions { .. } => "p-positions",
            Rule::Recurrence { .. } => "recurrence",
            Rule::SelfSimilar { .. } => "self-similar",
            Rule::Intervals { .. } => "intervals",
            Rule::None { .. } => "none",
        }
    }
}

/// The kinds of rule, each with its fields (serialized with the tag `kind`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Rule {
    /// G(n + period) = G(n) for n >= preperiod.
    Periodic {
        /// The least n0 from which the values repeat.
        preperiod: u64,
        /// The least period from that n0.
        period: u64,
        /// G(0..preperiod).
        preperiod_values: Vec<u64>,
        /// G(preperiod..preperiod + period).
        period_values: Vec<u64>,
        /// The n below the preperiod's old end where the rule does not hold, with their
        /// values (a period off a finite set, in place of a long preperiod).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        exceptions: Vec<Exception>,
    },
    /// G(n + period) = G(n) + saltus for n >= preperiod, saltus > 0.
    ArithmeticPeriodic {
        /// The least n0 from which the relation holds.
        preperiod: u64,
        /// The least period from that n0.
        period: u64,
        /// What each period adds.
        saltus: u64,
        /// G(0..preperiod).
        preperiod_values: Vec<u64>,
        /// G(preperiod..preperiod + period).
        period_values: Vec<u64>,
        /// The n below the preperiod's old end where the rule does not hold, with their
        /// values (a period off a finite set, in place of a long preperiod).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        exceptions: Vec<Exception>,
    },
    /// A closed form (with a few exceptions below `exceptions.len()`).
    Formula {
        /// The closed form's name (`"a xor b"`, `"2-adic valuation of n"`, ...).
        rule: String,
        /// G(0..k) when the closed form holds from k on (arity 1).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        exceptions: Vec<u64>,
        /// The closed form, evaluated by the check.
        #[serde(skip)]
        closed: Closed,
    },
    /// G(a, b) = G1(a) XOR G2(b).
    Sum {
        /// G1, the values G(a, 0), described in turn.
        left: Box<Pattern>,
        /// G2, the values G(0, b), described in turn.
        right: Box<Pattern>,
    },
    /// The values have no rule found, the P-positions do; the code answers the outcome.
    PPositions {
        /// The rule of the P-positions' name (`"fibonacci"`, `"wythoff pairs"`, `"periodic"`).
        rule: String,
        /// How many P-positions the values hold.
        p_positions_seen: u64,
        /// The rule, evaluated by the check.
        #[serde(skip)]
        p: PRule,
    },
    /// G at n from G at floor(n / base) (a k-regular sequence): G(k m + r) = G(m) + c or
    /// a linear function of m, residue by residue, for k m + r >= `from`.
    SelfSimilar {
        /// k.
        base: u64,
        /// The least n from which the rule holds; below, the values as computed.
        from: u64,
        /// The rule, evaluated by the check and written as code.
        #[serde(skip)]
        rule: SelfSimilar,
    },
    /// G is constant on intervals whose ends grow geometrically by blocks.
    Intervals {
        /// The ends seen (where the value changes; the first is 0).
        ends: Vec<u64>,
        /// The value on each interval.
        values: Vec<u64>,
        /// The factor from one block of ends to the next.
        ratio: u64,
        /// How many intervals one block holds.
        block: usize,
        /// The rule, evaluated by the check and written as code.
        #[serde(skip)]
        rule: Intervals,
    },
    /// The P-positions follow a linear recurrence found from the data; the code answers the
    /// outcome.
    Recurrence {
        /// What follows the recurrence (`"p-positions"`).
        of: String,
        /// The first terms.
        terms: Vec<u64>,
        /// How many P-positions the values hold.
        p_positions_seen: u64,
        /// The rule, evaluated by the check.
        #[serde(skip)]
        p: PRule,
    },
    /// No rule found.
    None {
        /// What was looked for, and why each did not fit.
        tried: Vec<String>,
    },
}

/// A value off the rule: G(n) = value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Exception {
    /// The argument.
    pub n: u64,
    /// Its value.
    pub value: u64,
}

/// A closed form of the values.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Closed {
    /// No closed form (the default of a skipped field).
    #[default]
    Nothing,
    /// G(n) = v2(n + shift) + add, where v2 is the 2-adic valuation.
    Valuation {
        /// Added to n first.
        shift: u64,
        /// Added to the valuation.
        add: u64,
    },
    /// G(n) = the largest power of 2 dividing n + shift.
    LowBit {
        /// Added to n first.
        shift: u64,
    },
    /// G(n) = the number of ones in binary n, modulo `modulus` (0: not reduced).
    Ones {
        /// 0 for the plain count, 2 for its parity.
        modulus: u64,
    },
    /// G(n) = the number of binary digits of n + shift.
    BitLength {
        /// Added to n first.
        shift: u64,
    },
    /// G(a, b) = a XOR b.
    Xor,
    /// G(a, b) = a + b.
    Add,
    /// G(a, b) = |a - b|.
    Diff,
    /// G(a, b) = min(a, b).
    Min,
    /// G(a, b) = max(a, b).
    Max,
    /// G(a, b) = (a + b) mod k.
    AddMod(u64),
    /// G(a, b) = a (*) b, the nim-product (Conway's field of nimbers).
    NimProduct,
    /// G(a, b) = h(c(a, b)) for a combination c (a + b, |a - b|, min, max) and a
    /// one-argument rule h, described in turn.
    Of {
        /// The combination.
        combine: Combine,
        /// The pattern of h (its code's function is `_h`).
        inner: Box<Pattern>,
    },
    /// G(n) = 2n + 1 when n has an even number of ones in binary, else 2n: the odious numbers
    /// (`odd` true), or 2n + (ones of n mod 2): the evil numbers (`odd` false).
    TwiceWithParity {
        /// Whether the values are the odious numbers (else the evil ones).
        odd: bool,
    },
    /// `G(a, b) = table[a mod ka][b mod kb]`, `ka = table.len()`, `kb = table[0].len()`.
    Table2(Vec<Vec<u64>>),
}

/// A combination of the two arguments that a closed form may depend on alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// a + b.
    Sum,
    /// |a - b|.
    Diff,
    /// min(a, b).
    Min,
    /// max(a, b).
    Max,
}

impl Combine {
    /// Every combination, in the order tried.
    pub const ALL: [Combine; 4] = [Combine::Sum, Combine::Diff, Combine::Min, Combine::Max];

    /// c(a, b); `None` when a + b is beyond 64 bits.
    pub fn at(self, a: u64, b: u64) -> Option<u64> {
        match self {
            Combine::Sum => a.checked_add(b),
            Combine::Diff => Some(a.abs_diff(b)),
            Combine::Min => Some(a.min(b)),
            Combine::Max => Some(a.max(b)),
        }
    }

    /// How people and both languages write it: (words, Python, C++).
    pub fn text(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Combine::Sum => ("a + b", "a + b", "a + b"),
            Combine::Diff => ("|a - b|", "abs(a - b)", "a > b ? a - b : b - a"),
            Combine::Min => ("min(a, b)", "min(a, b)", "a < b ? a : b"),
            Combine::Max => ("max(a, b)", "max(a, b)", "a > b ? a : b"),
        }
    }
}

/// A rule of the P-positions alone.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum PRule {
    /// No rule (the default of a skipped field).
    #[default]
    Nothing,
    /// n is P exactly when n = 0 or n is a Fibonacci number (1, 2, 3, 5, 8, ...).
    Fibonacci,
    /// Whether n is P repeats with a period: `pre[n]` below `pre.len()`, then `per`.
    Periodic {
        /// Whether n is P, n < pre.len().
        pre: Vec<bool>,
        /// Whether n is P, from pre.len() on, repeating.
        per: Vec<bool>,
    },
    /// (a, b) is P exactly when it is (0, 0) or a Wythoff pair (floor(k phi), floor(k phi^2))
    /// or its mirror.
    Wythoff,
    /// n is P exactly when it is one of `exceptions` or, for some k >= 0,
    /// low * ratio^k < n <= high * ratio^k (intervals growing geometrically, as in the
    /// multiplication game).
    Geometric {
        /// The P-positions below the first interval.
        exceptions: Vec<u64>,
        /// The first interval's lower bound (excluded).
        low: u64,
        /// The first interval's upper bound (included).
        high: u64,
        /// The factor from one interval to the next.
        ratio: u64,
    },
    /// (a, b) is P exactly when it is (0, 0) or, for some k >= 1, {a, b} =
    /// {floor(k alpha), floor(k beta)} with alpha = (2 - c + sqrt(c^2 + 4)) / 2 and
    /// beta = alpha + c, so that 1/alpha + 1/beta = 1 and b - a = c k (the P-positions of
    /// Fraenkel's a-Wythoff game with a = c; c = 1 is Wythoff's own, [`PRule::Wythoff`]).
    Beatty {
        /// The difference per pair: b_k - a_k = c k, c >= 1.
        c: u64,
    },
    /// n is P exactly when it is a term of a linear recurrence (arity 1).
    Recurrence(Recurrence),
    /// (a, b) is P exactly when table[a mod ka][b mod kb].
    Periodic2(Vec<Vec<bool>>),
    /// (a, b) is P exactly when 0 < min < max < phi * min (Euclid's game).
    Golden,
}

impl PRule {
    /// Whether position n is P (arity 1).
    fn is_p(&self, n: u64) -> bool {
        match self {
            PRule::Fibonacci => n == 0 || is_fibonacci(n),
            PRule::Periodic { pre, per } => match pre.get(n as usize) {
                Some(&p) if (n as usize) < pre.len() => p,
                _ => per[((n - pre.len() as u64) % per.len() as u64) as usize],
            },
            PRule::Geometric {
                exceptions,
                low,
                high,
                ratio,
            } => exceptions.contains(&n) || in_geometric(n, *low, *high, *ratio),
            PRule::Recurrence(r) => r.contains(n),
            PRule::Wythoff
            | PRule::Beatty { .. }
            | PRule::Periodic2(_)
            | PRule::Golden
            | PRule::Nothing => false,
        }
    }

    /// Whether position (a, b) is P (arity 2).
    fn is_p2(&self, a: u64, b: u64) -> bool {
        match self {
            PRule::Wythoff => is_wythoff_p(a, b),
            PRule::Beatty { c } => is_beatty_p(a, b, *c),
            PRule::Periodic2(t) => cell(t, a, b),
            PRule::Golden => is_golden_p(a, b),
            _ => false,
        }
    }
}

/// Whether 0 < s < l < phi s for s = min(a, b), l = max(a, b), by exact integer arithmetic:
/// l < phi s exactly when (2l - s)^2 < 5 s^2, that is l (l - s) < s^2.
fn is_golden_p(a: u64, b: u64) -> bool {
    let (s, l) = (u128::from(a.min(b)), u128::from(a.max(b)));
    0 < s && s < l && l * (l - s) < s * s
}

/// Whether low * ratio^k < n <= high * ratio^k for some k >= 0 (ratio >= 2).
fn in_geometric(n: u64, low: u64, high: u64, ratio: u64) -> bool {
    let (n, mut lo, mut hi) = (u128::from(n), u128::from(low), u128::from(high));
    while lo < n {
        if n <= hi {
            return true;
        }
        lo *= u128::from(ratio);
        hi *= u128::from(ratio);
    }
    false
}

/// The nim-product of a, b < 2^bits (bits a power of 2): with F = 2^(bits/2),
/// (a1 F + a0)(b1 F + b0) = ((a0 + a1)(b0 + b1) + a0 b0) F + a0 b0 + a1 b1 (F/2), since
/// F (*) F = F + F/2 (every + a XOR, every product a nim-product).
fn nim_mul(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let c00 = nim_mul(a0, b0, h);
    let c11 = nim_mul(a1, b1, h);
    let c = nim_mul(a0 ^ a1, b0 ^ b1, h);
    ((c ^ c00) << h) ^ c00 ^ nim_mul(c11, 1 << (h - 1), h)
}

/// table[a mod ka][b mod kb] of a nonempty rectangular table.
fn cell<T: Copy>(t: &[Vec<T>], a: u64, b: u64) -> T {
    let row = &t[(a % t.len() as u64) as usize];
    row[(b % row.len() as u64) as usize]
}

/// Whether n >= 1 is in 1, 2, 3, 5, 8, ...
fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1u64, 2u64);
    while a < n {
        let Some(c) = a.checked_add(b) else {
            return b == n;
        };
        (a, b) = (b, c);
    }
    a == n
}

/// Whether (a, b) is a P-position of Wythoff's game, by exact integer arithmetic:
/// with a <= b and k = b - a >= 1, a = floor(k phi) exactly when a(a - k) < k^2 < (a + 1)(a + 1 - k).
pub(crate) fn is_wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let k = b - a;
    if k == 0 {
        return a == 0;
    }
    if a < k {
        return false;
    }
    let (a, k) = (u128::from(a), u128::from(k));
    a * (a - k) < k * k && k * k < (a + 1) * (a + 1 - k)
}

/// Whether (a, b) is (0, 0) or a pair {floor(k alpha), floor(k beta)}, alpha =
/// (2 - c + sqrt(c^2 + 4)) / 2, beta = alpha + c, by exact integer arithmetic.
///
/// With a <= b, the pair of k has b - a = c k. alpha is the root above 1 of
/// x^2 + (c - 2) x - c = 0, and c^2 + 4 is no square, so k alpha is irrational and
/// a = floor(k alpha) exactly when a < k alpha < a + 1. Written as
/// 2a + (c - 2) k < k sqrt(c^2 + 4) < 2a + 2 + (c - 2) k and squared (both sides are
/// nonnegative once b >= 2k; below, a + 1 <= k alpha fails), with b = a + c k:
/// a (b - 2k) < k (b - a) < (a + 1) (b + 1 - 2k). For c = 1 that is Wythoff's test.
pub(crate) fn is_beatty_p(a: u64, b: u64, c: u64) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let d = b - a;
    if d == 0 {
        return a == 0;
    }
    if c == 0 || d % c != 0 {
        return false;
    }
    let k = d / c;
    let (a, b, k, d) = (u128::from(a), u128::from(b), u128::from(k), u128::from(d));
    if b < 2 * k {
        return false;
    }
    a * (b - 2 * k) < k * d && k * d < (a + 1) * (b + 1 - 2 * k)
}

impl Closed {
    /// The closed form at n (arity 1); `None` where it is undefined (the valuation of 0).
    fn at(&self, n: u64) -> Option<u64> {
        match *self {
            Closed::Valuation { shift, add } => {
                let m = n.checked_add(shift)?;
                (m != 0).then(|| u64::from(m.trailing_zeros()) + add)
            }
            Closed::LowBit { shift } => {
                let m = n.checked_add(shift)?;
                (m != 0).then(|| m & m.wrapping_neg())
            }
            Closed::Ones { modulus } => {
                let c = u64::from(n.count_ones());
                Some(if modulus == 0 { c } else { c % modulus })
            }
            Closed::BitLength { shift } => {
                let m = n.checked_add(shift)?;
                Some(u64::from(64 - m.leading_zeros()))
            }
            Closed::TwiceWithParity { odd } => {
                let parity = u64::from(n.count_ones() % 2 == 1);
                n.checked_mul(2)?
                    .checked_add(if odd { 1 - parity } else { parity })
            }
            _ => None,
        }
    }

    /// The closed form at (a, b) (arity 2).
    fn at2(&self, a: u64, b: u64) -> Option<u64> {
        match *self {
            Closed::Xor => Some(a ^ b),
            Closed::Add => a.checked_add(b),
            Closed::Diff => Some(a.abs_diff(b)),
            Closed::Min => Some(a.min(b)),
            Closed::Max => Some(a.max(b)),
            Closed::AddMod(k) => Some((a % k + b % k) % k),
            Closed::Table2(ref t) => Some(cell(t, a, b)),
            Closed::NimProduct => Some(nim_mul(a, b, 64)),
            Closed::Of { combine, ref inner } => seq::value_at(&inner.rule, combine.at(a, b)?),
            _ => None,
        }
    }
}

/// What the kind `none` says it tried, and the common line of the check.
pub(crate) fn none_pattern(
    family: &str,
    arity: u8,
    checked_to: u64,
    tried: Vec<String>,
) -> Pattern {
    let (py, cpp) = code::no_rule(arity);
    let code = Code { python: py, cpp };
    let formula = "no rule found".to_string();
    Pattern::found(
        family,
        arity,
        checked_to,
        0,
        Rule::None { tried },
        None,
        (formula, code),
    )
}

impl Pattern {
    /// A pattern found for `family` (of `arity`, checked on `origin..=checked_to`): its
    /// rule, the theorem that proves it if any (proven exactly when there is one), and its
    /// formula and code; no census (see [`Pattern::with_census`]).
    pub(crate) fn found(
        family: &str,
        arity: u8,
        checked_to: u64,
        origin: u64,
        rule: Rule,
        proof: Option<String>,
        (formula, code): (String, Code),
    ) -> Pattern {
        Pattern {
            family: family.to_string(),
            arity,
            checked_to,
            origin,
            rule,
            proven: proof.is_some(),
            proof,
            formula,
            code,
            checked_further_to: None,
            census: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_pairs_by_integers_match_the_greedy_construction() {
        // The P-positions by their definition: a is the least number not yet used, b = a + k.
        let mut used = vec![false; 2000];
        let mut pairs = vec![(0u64, 0u64)];
        let mut k = 1;
        for a in 1..700u64 {
            if used[a as usize] {
                continue;
            }
            let b = a + k;
            used[a as usize] = true;
            used[b as usize] = true;
            pairs.push((a, b));
            k += 1;
        }
        for a in 0..700u64 {
            for b in 0..700u64 {
                let p = pairs.contains(&(a, b)) || pairs.contains(&(b, a));
                assert_eq!(is_wythoff_p(a, b), p, "({a}, {b})");
            }
        }
        // At the edge of 64 bits: the pair of k = 4 * 10^18 (floor(k phi) from 128-bit
        // arithmetic in the same test form is the only a that passes).
        let k: u64 = 4_000_000_000_000_000_000;
        let hits: Vec<u64> = (6_472_135_954_999_579_000..6_472_135_954_999_580_000)
            .filter(|&a| is_wythoff_p(a, a + k))
            .collect();
        assert_eq!(hits, vec![6_472_135_954_999_579_392]);
    }

    #[test]
    fn beatty_pairs_by_integers_match_the_greedy_construction() {
        // Fraenkel's a-Wythoff P-positions by their definition: a_k is the least number not
        // yet used, b_k = a_k + c k; for c = 1 they are Wythoff's.
        for c in 1..=6u64 {
            let mut used = vec![false; 4000];
            let mut pairs = vec![(0u64, 0u64)];
            let mut k = 1;
            for a in 1..500u64 {
                if used[a as usize] {
                    continue;
                }
                let b = a + c * k;
                used[a as usize] = true;
                used[b as usize] = true;
                pairs.push((a, b));
                k += 1;
            }
            for a in 0..500u64 {
                for b in 0..500u64 {
                    let p = pairs.contains(&(a, b)) || pairs.contains(&(b, a));
                    assert_eq!(is_beatty_p(a, b, c), p, "c = {c}: ({a}, {b})");
                    if c == 1 {
                        assert_eq!(is_wythoff_p(a, b), p);
                    }
                }
            }
        }
        // c = 2: alpha = sqrt 2; the pair of k = 10^18 is (floor(k sqrt 2), that + 2k), with
        // floor(10^18 sqrt 2) = 1414213562373095048 (sqrt 2 = 1.414213562373095048801...).
        let k: u64 = 1_000_000_000_000_000_000;
        let a = 1_414_213_562_373_095_048;
        assert!(is_beatty_p(a, a + 2 * k, 2));
        assert!(is_beatty_p(a + 2 * k, a, 2));
        assert!(!is_beatty_p(a + 1, a + 1 + 2 * k, 2));
        assert!(!is_beatty_p(a - 1, a - 1 + 2 * k, 2));
    }

    #[test]
    fn a_family_that_starts_at_1_says_so_in_its_rule_and_code() {
        // G(n) = (n - 1) mod 3 for n >= 1: n' = n - 1 has period 3 from 0.
        let shifted: Vec<u64> = (0..60).map(|n| n % 3).collect();
        let p = describe_sequence("f", &shifted, None).starting_at(1);
        assert_eq!((p.origin, p.checked_to), (1, 60));
        assert_eq!(
            p.formula,
            "positions start at 1; with n' = n - 1 and G'(n') = G(n): G'(n') = [0, 1, 2][n' mod 3]"
        );
        assert!(p.code.python.contains("def _grundy_at_0(n):"));
        assert!(p.code.cpp.contains("return _grundy_at_0(n - 1);"));
        let none = describe_sequence("f", &[1, 5, 2], None).starting_at(1);
        assert_eq!(
            (none.kind(), none.formula.as_str()),
            ("none", "no rule found")
        );
    }

    #[test]
    fn nim_products_of_small_numbers() {
        // Conway's table: 2 (*) 2 = 3, 2 (*) 3 = 1, 3 (*) 3 = 2, 4 (*) 4 = 6, 8 (*) 8 = 13.
        let cases = [
            (2, 2, 3),
            (2, 3, 1),
            (3, 3, 2),
            (4, 4, 6),
            (8, 8, 13),
            (3, 5, 15),
            (16, 16, 24),
        ];
        for (a, b, p) in cases {
            assert_eq!(nim_mul(a, b, 64), p, "{a} (*) {b}");
        }
        // A field: multiplication distributes over XOR and has no zero divisors.
        for a in 1..40u64 {
            for b in 1..40u64 {
                assert_ne!(nim_mul(a, b, 64), 0);
                assert_eq!(nim_mul(a, b ^ 7, 64), nim_mul(a, b, 64) ^ nim_mul(a, 7, 64));
            }
        }
    }

    #[test]
    fn fibonacci_numbers_up_to_the_edge_of_64_bits() {
        let fibs: Vec<u64> = (0..40).filter(|&n| is_fibonacci(n)).collect();
        assert_eq!(fibs, vec![1, 2, 3, 5, 8, 13, 21, 34]);
        assert!(is_fibonacci(12_200_160_415_121_876_738));
        assert!(!is_fibonacci(u64::MAX));
    }
}

#[cfg(test)]
mod edge_tests {
    /// Empty or tiny inputs describe nothing and panic nowhere (a family whose first values
    /// are all it has, a grid of one cell, a ragged grid).
    #[test]
    fn empty_and_tiny_inputs_are_kind_none_or_a_rule_without_panic() {
        for values in [vec![], vec![0], vec![7, 7], vec![u64::MAX, 0, u64::MAX]] {
            let p = crate::describe_sequence("f", &values, None);
            assert!(!p.proven);
            let _ = crate::describe_sequence_from("f", &values, 1, None);
            let _ = p.with_census(&values);
        }
        for grid in [vec![], vec![vec![0]], vec![vec![0, 1], vec![1]]] {
            let p = crate::describe_grid("f", &grid, None);
            assert_eq!(p.kind(), "none");
        }
        assert!(crate::sparse_split(&[]).is_none());
        assert!(crate::census(&[u64::MAX]).is_none());
    }
}
