//! One-dimensional coin-turning games.
//!
//! Coins lie in a row, numbered from the left. A move turns over a set of coins allowed by the
//! rules, the rightmost of them from heads to tails; which sets are allowed depends only on the
//! position of that rightmost coin. A position is therefore the disjunctive sum of its single
//! heads, and its value is the nim-sum of the values `G(x)` of the head-up coins `x`
//! (Winning Ways, chapter 14; Ferguson, Game Theory, Part I, chapter 5).
//!
//! Named games with closed forms, exact for every coordinate up to `2^64 - 1` (sources: Winning
//! Ways, chapter 14; Ferguson, sections 5.1 and 5.4):
//!
//! | game | a move turns | coins from | `G(x)` |
//! |---|---|---|---|
//! | [`Line::Ruler`] | any number of consecutive coins | 1 | the largest power of 2 dividing `x` |
//! | [`Line::TurningTurtles`] | one or two coins | 1 | `x` |
//! | [`Line::Twins`] | exactly two coins | 0 | `x` |
//! | [`Line::MockTurtles`] | one, two or three coins | 0 | `2x` or `2x + 1`, whichever is odious |
//!
//! (An odious number has an odd number of 1 bits.) Twins is Turning Turtles renumbered from 0:
//! turning a coin alone in Turning Turtles is turning it with coin 0, of value 0, in Twins.
//! [`Line::Rule`] is any game given by a turning code ([`TurnRule`]), valued by brute force
//! (mex over its moves) on boards of at most [`RULE_COIN_LIMIT`] coins.

use std::fmt;
use std::sync::{Arc, Mutex};

use serde::{Serialize, Serializer};

use crate::error::CoinError;
use crate::parse::Cursor;

/// Most coins of a [`Line::Rule`] game whose values are computed by brute force.
pub const RULE_COIN_LIMIT: u64 = 4096;

/// Most moves enumerated by one brute-force computation (values or a move search).
pub const MOVE_BUDGET: u64 = 50_000_000;

/// Most coins listed one by one (longer runs of Ruler moves stay ranges).
pub const LIST_LIMIT: u64 = 1 << 20;

/// One alternative of a turning code: turn between `min` and `max` coins (unbounded when
/// `max` is `None`), consecutive ones only when `consecutive`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CountItem {
    min: u64,
    max: Option<u64>,
    consecutive: bool,
}

/// The rule of a one-dimensional coin-turning game as a turning code.
///
/// Syntax: alternatives separated by commas, each a count `k`, a range `a-b` or `a+` (at least
/// `a`), optionally followed by `C` (the coins must be consecutive); then optionally `@1` to
/// number the coins from 1 instead of 0. The counts include the rightmost coin. Examples:
/// `2` is Twins, `1-3` Mock Turtles, `1-2@1` Turning Turtles, `1+C@1` Ruler, `3` Triplets,
/// `2+C@1` Rulerette. (The notation follows CGSuite's turning codes.)
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnRule {
    items: Vec<CountItem>,
    first: u64,
}

impl TurnRule {
    /// Parses a turning code such as `1-3` or `1+C@1`.
    ///
    /// Errors: a malformed code, a count of 0, a range whose end is below its start, a
    /// numbering other than `@0` or `@1`.
    pub fn parse(code: &str) -> Result<TurnRule, CoinError> {
        let mut c = Cursor::new(code);
        let rule = Self::parse_at(&mut c)?;
        c.expect_end()?;
        Ok(rule)
    }

    pub(crate) fn parse_at(c: &mut Cursor<'_>) -> Result<TurnRule, CoinError> {
        let mut items = Vec::new();
        loop {
            let at = c.pos;
            let min = c.number("a number of coins")?;
            if min == 0 {
                return Err(CoinError::parse(
                    c.text,
                    at,
                    "a move turns at least one coin; counts start at 1",
                ));
            }
            let max = if c.eat('-') {
                let at = c.pos;
                let max = c.number("the largest number of coins")?;
                if max < min {
                    return Err(CoinError::parse(
                        c.text,
                        at,
                        format!("the range {min}-{max} is empty; write the smaller count first"),
                    ));
                }
                Some(max)
            } else if c.eat('+') {
                None
            } else {
                Some(min)
            };
            let consecutive = c.eat('C') || c.eat('c');
            items.push(CountItem {
                min,
                max,
                consecutive,
            });
            if !c.eat(',') {
                break;
            }
        }
        let mut first = 0;
        if c.eat('@') {
            let at = c.pos;
            first = c.number("the number of the first coin")?;
            if first > 1 {
                return Err(CoinError::parse(
                    c.text,
                    at,
                    "coins are numbered from 0 or from 1; write @0 or @1",
                ));
            }
        }
        Ok(TurnRule { items, first })
    }

    /// The number of the leftmost coin (0 or 1).
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Whether every move turns an even number of coins.
    pub fn is_even(&self) -> bool {
        self.items
            .iter()
            .all(|it| it.max == Some(it.min) && it.min % 2 == 0)
    }

    /// Whether a move may turn `count` coins (consecutive ones when `consecutive`).
    pub fn allows(&self, count: u128, consecutive: bool) -> bool {
        self.items.iter().any(|it| {
            u128::from(it.min) <= count
                && it.max.map_or(true, |m| count <= u128::from(m))
                && (consecutive || !it.consecutive)
        })
    }

    /// Calls `f` with the other coins (increasing) of every move whose rightmost coin is `x`.
    ///
    /// A set allowed by two alternatives is reported twice. Errors: more than `*budget` moves
    /// (the budget is decreased by the moves reported).
    pub fn for_each_move(
        &self,
        x: u64,
        budget: &mut u64,
        mut f: impl FnMut(&[u64]),
    ) -> Result<(), CoinError> {
        if x < self.first {
            return Ok(());
        }
        let left = x - self.first;
        // Each move costs at least one step, and a run costs its length, so that no run is
        // built beyond the budget.
        let spend = |budget: &mut u64, cost: u64| -> Result<(), CoinError> {
            if *budget < cost.max(1) {
                return Err(CoinError::too_large(format!(
                    "listing the moves of coin {x} needs more than {MOVE_BUDGET} steps; use a \
                     smaller board"
                )));
            }
            *budget -= cost.max(1);
            Ok(())
        };
        let mut others: Vec<u64> = Vec::new();
        for it in &self.items {
            let top = it.max.unwrap_or(u64::MAX).min(left.saturating_add(1));
            let mut m = it.min;
            while m <= top {
                let k = m - 1;
                if it.consecutive || k <= 1 {
                    if it.consecutive {
                        spend(budget, k)?;
                        others.clear();
                        others.extend(x - k..x);
                        f(&others);
                    } else if k == 0 {
                        spend(budget, 1)?;
                        f(&[]);
                    } else {
                        for a in self.first..x {
                            spend(budget, 1)?;
                            f(&[a]);
                        }
                    }
                } else {
                    // k-subsets of the `left` coins to the left, by an index array.
                    let k = k as usize;
                    let n = left as usize;
                    if k <= n {
                        let mut idx: Vec<usize> = (0..k).collect();
                        loop {
                            spend(budget, 1)?;
                            others.clear();
                            others.extend(idx.iter().map(|&i| self.first + i as u64));
                            f(&others);
                            let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
                                break;
                            };
                            idx[i] += 1;
                            for j in i + 1..k {
                                idx[j] = idx[j - 1] + 1;
                            }
                        }
                    }
                }
                m += 1;
            }
        }
        Ok(())
    }

    /// Extends `values` (the values of coins `first`, `first + 1`, ...) to `count` coins by
    /// brute force: each value is the mex of the nim-sums of the other coins of the moves.
    fn extend_values(&self, values: &mut Vec<u128>, count: u64) -> Result<(), CoinError> {
        let mut budget = MOVE_BUDGET;
        while (values.len() as u64) < count {
            let x = self.first + values.len() as u64;
            // Option values are nim-sums of earlier values, so they stay below the next power
            // of two above the largest earlier value.
            let top = values.iter().copied().max().unwrap_or(0);
            let span = (top + 1).next_power_of_two().max(1) as usize;
            let mut seen = vec![false; span + 1];
            self.for_each_move(x, &mut budget, |others| {
                let mut v = 0u128;
                for &a in others {
                    v ^= values[(a - self.first) as usize];
                }
                let v = v as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            })?;
            let mex = seen.iter().position(|&b| !b).unwrap_or(seen.len());
            values.push(mex as u128);
        }
        Ok(())
    }

    /// The values of coins `first .. first + count` by brute force.
    ///
    /// Arguments: `count` coins, at most [`RULE_COIN_LIMIT`]. Returns: `G(first + i)` at index
    /// `i`. Complexity: the total number of moves (for `1-3`, about `count^3 / 6`), at most
    /// [`MOVE_BUDGET`]. Example: `TurnRule::parse("1-3")?.values(4)` is `[1, 2, 4, 7]`.
    pub fn values(&self, count: u64) -> Result<Vec<u128>, CoinError> {
        if count > RULE_COIN_LIMIT {
            return Err(rule_limit(count));
        }
        let mut v = Vec::new();
        self.extend_values(&mut v, count)?;
        Ok(v)
    }
}

fn rule_limit(count: u64) -> CoinError {
    CoinError::too_large(format!(
        "a game given by a turning code is valued by brute force on at most {RULE_COIN_LIMIT} \
         coins, and {count} were asked for; use a named game with a closed form or a smaller \
         board"
    ))
}

impl fmt::Display for TurnRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, it) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match it.max {
                Some(m) if m == it.min => write!(f, "{m}")?,
                Some(m) => write!(f, "{}-{m}", it.min)?,
                None => write!(f, "{}+", it.min)?,
            }
            if it.consecutive {
                f.write_str("C")?;
            }
        }
        if self.first != 0 {
            write!(f, "@{}", self.first)?;
        }
        Ok(())
    }
}

/// A game given by a turning code, with its values computed on demand and kept.
#[derive(Clone, Debug)]
pub struct RuleLine {
    rule: TurnRule,
    cache: Arc<Mutex<Vec<u128>>>,
}

impl RuleLine {
    /// The game of a turning code.
    pub fn new(rule: TurnRule) -> RuleLine {
        RuleLine {
            rule,
            cache: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// Its turning code.
    pub fn rule(&self) -> &TurnRule {
        &self.rule
    }

    fn value(&self, x: u64) -> Result<u128, CoinError> {
        let i = x - self.rule.first;
        if i >= RULE_COIN_LIMIT {
            return Err(rule_limit(i + 1));
        }
        // A poisoned lock only means another thread failed midway; the prefix is still valid.
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if (cache.len() as u64) <= i {
            self.rule.extend_values(&mut cache, i + 1)?;
        }
        cache
            .get(i as usize)
            .copied()
            .ok_or(CoinError::NoMoveFound { value: 0 })
    }
}

impl PartialEq for RuleLine {
    fn eq(&self, other: &Self) -> bool {
        self.rule == other.rule
    }
}

impl Eq for RuleLine {}

impl std::hash::Hash for RuleLine {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rule.hash(state);
    }
}

/// A move of a one-dimensional game: the coins it turns, the rightmost last.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineMove {
    /// These coins, increasing.
    Coins {
        /// The coins turned, increasing; the last goes from heads to tails.
        coins: Vec<u64>,
    },
    /// Every coin from `first` to `last` inclusive (Ruler moves can be 2^63 coins long).
    Run {
        /// Leftmost coin turned.
        first: u64,
        /// Rightmost coin turned (heads to tails).
        last: u64,
    },
}

impl LineMove {
    /// The rightmost coin, which goes from heads to tails (`None` for an empty list).
    pub fn last(&self) -> Option<u64> {
        match self {
            LineMove::Coins { coins } => coins.last().copied(),
            LineMove::Run { last, .. } => Some(*last),
        }
    }

    /// How many coins the move turns.
    pub fn len(&self) -> u128 {
        match self {
            LineMove::Coins { coins } => coins.len() as u128,
            LineMove::Run { first, last } => u128::from(last.saturating_sub(*first)) + 1,
        }
    }

    /// Whether the move turns no coin (never true of a legal move).
    pub fn is_empty(&self) -> bool {
        matches!(self, LineMove::Coins { coins } if coins.is_empty())
    }

    /// Whether the move turns coin `c`.
    pub fn contains(&self, c: u64) -> bool {
        match self {
            LineMove::Coins { coins } => coins.binary_search(&c).is_ok(),
            LineMove::Run { first, last } => *first <= c && c <= *last,
        }
    }

    /// The coins turned, increasing. Errors: more than `limit` coins.
    pub fn coins(&self, limit: u64) -> Result<Vec<u64>, CoinError> {
        if self.len() > u128::from(limit) {
            return Err(CoinError::too_large(format!(
                "the move turns {} coins, more than the {limit} that can be listed; read it as \
                 a range",
                self.len()
            )));
        }
        Ok(match self {
            LineMove::Coins { coins } => coins.clone(),
            LineMove::Run { first, last } => (*first..=*last).collect(),
        })
    }

    /// Whether the coins are increasing and consecutive.
    fn consecutive(&self) -> bool {
        match self {
            LineMove::Coins { coins } => {
                coins.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]))
            }
            LineMove::Run { .. } => true,
        }
    }

    fn increasing(&self) -> bool {
        match self {
            LineMove::Coins { coins } => coins.windows(2).all(|w| w[0] < w[1]),
            LineMove::Run { first, last } => first <= last,
        }
    }

    fn lowest(&self) -> Option<u64> {
        match self {
            LineMove::Coins { coins } => coins.first().copied(),
            LineMove::Run { first, .. } => Some(*first),
        }
    }

    /// A move of one coin.
    pub fn single(x: u64) -> LineMove {
        LineMove::Coins { coins: vec![x] }
    }
}

impl fmt::Display for LineMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineMove::Coins { coins } => {
                let parts: Vec<String> = coins.iter().map(u64::to_string).collect();
                write!(f, "{{{}}}", parts.join(","))
            }
            LineMove::Run { first, last } => write!(f, "{first}..{last}"),
        }
    }
}

/// A one-dimensional coin-turning game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Turn any number of consecutive coins; coins from 1; `G(x)` = largest power of 2 dividing x.
    Ruler,
    /// Turn one or two coins; coins from 1; `G(x) = x`.
    TurningTurtles,
    /// Turn exactly two coins; coins from 0; `G(x) = x`.
    Twins,
    /// Turn one, two or three coins; coins from 0; `G(x)` the odious one of `2x`, `2x + 1`.
    MockTurtles,
    /// A game given by a turning code, valued by brute force on small boards.
    Rule(RuleLine),
}

impl Line {
    /// Parses `ruler`, `turning_turtles` (or `tt`), `twins`, `mock_turtles` (or `turtles`),
    /// or `turn[CODE]` with a turning code (see [`TurnRule`]).
    ///
    /// Example: `Line::parse("turn[1-2@1]")` is the brute-force twin of Turning Turtles.
    pub fn parse(text: &str) -> Result<Line, CoinError> {
        let mut c = Cursor::new(text);
        let line = Self::parse_at(&mut c)?;
        c.expect_end()?;
        Ok(line)
    }

    pub(crate) fn parse_at(c: &mut Cursor<'_>) -> Result<Line, CoinError> {
        let at = c.pos;
        let Some(name) = c.ident() else {
            return Err(c.error(
                "expected a game: ruler, turning_turtles, twins, mock_turtles or turn[code]",
            ));
        };
        Ok(match name.as_str() {
            "ruler" => Line::Ruler,
            "turning_turtles" | "tt" => Line::TurningTurtles,
            "twins" => Line::Twins,
            "mock_turtles" | "turtles" => Line::MockTurtles,
            "turn" => {
                c.expect('[', "after turn, to open the turning code")?;
                let rule = TurnRule::parse_at(c)?;
                c.expect(']', "to close the turning code")?;
                Line::Rule(RuleLine::new(rule))
            }
            _ => {
                return Err(CoinError::parse(
                    c.text,
                    at,
                    format!(
                        "unknown game '{name}'; the games are ruler, turning_turtles, twins, \
                         mock_turtles and turn[code]"
                    ),
                ))
            }
        })
    }

    /// A game given by a turning code.
    pub fn rule_game(rule: TurnRule) -> Line {
        Line::Rule(RuleLine::new(rule))
    }

    /// The number of the leftmost coin.
    pub fn first_coin(&self) -> u64 {
        match self {
            Line::Ruler | Line::TurningTurtles => 1,
            Line::Twins | Line::MockTurtles => 0,
            Line::Rule(r) => r.rule.first,
        }
    }

    /// The turning code of the game (the named games have one too; it drives the brute force).
    pub fn rule(&self) -> TurnRule {
        let item = |min, max, consecutive| CountItem {
            min,
            max,
            consecutive,
        };
        match self {
            Line::Ruler => TurnRule {
                items: vec![item(1, None, true)],
                first: 1,
            },
            Line::TurningTurtles => TurnRule {
                items: vec![item(1, Some(2), false)],
                first: 1,
            },
            Line::Twins => TurnRule {
                items: vec![item(2, Some(2), false)],
                first: 0,
            },
            Line::MockTurtles => TurnRule {
                items: vec![item(1, Some(3), false)],
                first: 0,
            },
            Line::Rule(r) => r.rule.clone(),
        }
    }

    /// Whether every move turns an even number of coins (then acrostic products are sums).
    pub fn is_even(&self) -> bool {
        match self {
            Line::Twins => true,
            Line::Ruler | Line::TurningTurtles | Line::MockTurtles => false,
            Line::Rule(r) => r.rule.is_even(),
        }
    }

    /// Whether the values have a closed form valid at every coordinate.
    pub fn has_closed_form(&self) -> bool {
        !matches!(self, Line::Rule(_))
    }

    fn check_coin(&self, x: u64) -> Result<(), CoinError> {
        let first = self.first_coin();
        if x < first {
            return Err(CoinError::BeforeFirst {
                game: self.to_string(),
                coin: x,
                first,
            });
        }
        Ok(())
    }

    /// The value `G(x)` of a single head at `x`.
    ///
    /// Arguments: a coin `x >= first_coin()`. Returns: its nim-value (below `2^65`).
    /// Complexity: O(1) for the named games; brute force once per coin for [`Line::Rule`].
    /// Example: `Line::Ruler.value(12) == Ok(4)`, `Line::MockTurtles.value(3) == Ok(7)`.
    pub fn value(&self, x: u64) -> Result<u128, CoinError> {
        self.check_coin(x)?;
        Ok(match self {
            Line::Ruler => 1u128 << x.trailing_zeros(),
            Line::TurningTurtles | Line::Twins => u128::from(x),
            Line::MockTurtles => 2 * u128::from(x) + u128::from(x.count_ones() % 2 == 0),
            Line::Rule(r) => r.value(x)?,
        })
    }

    /// The nim-value of a row of coins: the nim-sum of the values of its heads.
    ///
    /// Errors: a head left of the first coin, a head listed twice, or a [`Line::Rule`] board
    /// too large.
    pub fn position_value(&self, heads: &[u64]) -> Result<u128, CoinError> {
        check_distinct(heads)?;
        let mut v = 0u128;
        for &x in heads {
            v ^= self.value(x)?;
        }
        Ok(v)
    }

    /// A move whose rightmost coin is `x` and whose other coins have values of nim-sum `u`.
    ///
    /// Arguments: a coin `x` and a target `u`. Returns: such a move, or `None`. For the named
    /// games a move is found for every `u < G(x)` (the mex guarantees one) and `None` is
    /// returned for larger `u`; for [`Line::Rule`] every move is searched.
    /// Complexity: O(1) for the named games, the number of moves of `x` for rules.
    /// Example: in Ruler, `move_to(8, 5)` is the run 2..8 (values 2 1 4 1 2 1 of coins 2..7).
    pub fn move_to(&self, x: u64, u: u128) -> Result<Option<LineMove>, CoinError> {
        let g = self.value(x)?;
        Ok(match self {
            Line::Ruler => (u < g).then(|| {
                // For 0 < i < g, the largest power of 2 dividing x - i is that of i, and the
                // nim-sum of G(1) .. G(m) is the Gray code m + (m >> 1); invert it.
                let mut m = u;
                let mut t = u >> 1;
                while t != 0 {
                    m ^= t;
                    t >>= 1;
                }
                // m < g <= x, so the run starts at coin x - m >= 1.
                LineMove::Run {
                    first: x - m as u64,
                    last: x,
                }
            }),
            Line::TurningTurtles => match u {
                0 => Some(LineMove::single(x)),
                u if u < g => Some(LineMove::Coins {
                    coins: vec![u as u64, x],
                }),
                _ => None,
            },
            Line::Twins => (u < g).then(|| LineMove::Coins {
                coins: vec![u as u64, x],
            }),
            Line::MockTurtles => {
                if u >= g {
                    None
                } else if u == 0 {
                    Some(LineMove::single(x))
                } else if u.count_ones() % 2 == 1 {
                    // An odious u is the value of the coin u >> 1, left of x since u < G(x).
                    Some(LineMove::Coins {
                        coins: vec![(u >> 1) as u64, x],
                    })
                } else {
                    // An evil u is the nim-sum of two smaller odious numbers: its lowest bit
                    // and the rest. Both are below G(x), so both coins are left of x.
                    let low = u & u.wrapping_neg();
                    let rest = u ^ low;
                    let (a, b) = ((low >> 1) as u64, (rest >> 1) as u64);
                    Some(LineMove::Coins {
                        coins: vec![a.min(b), a.max(b), x],
                    })
                }
            }
            Line::Rule(r) => {
                let mut found = None;
                let mut budget = MOVE_BUDGET;
                // Values of the coins left of x are already cached by value(x).
                let cache = r.cache.lock().unwrap_or_else(|e| e.into_inner());
                r.rule.for_each_move(x, &mut budget, |others| {
                    if found.is_some() {
                        return;
                    }
                    let mut v = 0u128;
                    for &a in others {
                        v ^= cache.get((a - r.rule.first) as usize).copied().unwrap_or(0);
                    }
                    if v == u {
                        let mut coins = others.to_vec();
                        coins.push(x);
                        found = Some(LineMove::Coins { coins });
                    }
                })?;
                found
            }
        })
    }

    /// Every move whose rightmost coin is `x`, from the turning code (small boards).
    ///
    /// Errors: more than [`LIST_LIMIT`] moves.
    pub fn moves(&self, x: u64) -> Result<Vec<LineMove>, CoinError> {
        self.check_coin(x)?;
        let mut out = Vec::new();
        let mut budget = LIST_LIMIT;
        self.rule().for_each_move(x, &mut budget, |others| {
            let mut coins = others.to_vec();
            coins.push(x);
            out.push(LineMove::Coins { coins });
        })?;
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// Checks that `m` is a move of this game: increasing coins from the first coin on, a
    /// number of them (and their being consecutive) that the rules allow.
    pub fn check_move(&self, m: &LineMove) -> Result<(), CoinError> {
        let Some(low) = m.lowest() else {
            return Err(CoinError::IllegalMove {
                reason: "a move turns at least one coin".to_string(),
            });
        };
        if !m.increasing() {
            return Err(CoinError::IllegalMove {
                reason: format!("the coins of {m} are not increasing"),
            });
        }
        self.check_coin(low)?;
        if !self.rule().allows(m.len(), m.consecutive()) {
            return Err(CoinError::IllegalMove {
                reason: format!("{self} does not allow turning the coins {m}"),
            });
        }
        Ok(())
    }

    /// A move to a position of value 0 from a row with these heads, if the row's value is not 0.
    ///
    /// Returns: `None` exactly when the value is 0. Complexity: one pass over the heads.
    /// Example: in Twins, heads at 1 and 3 have value `1 + 3 = 2`; the winning move turns coins
    /// 1 and 3, which leaves no head.
    pub fn winning_move(&self, heads: &[u64]) -> Result<Option<LineMove>, CoinError> {
        self.move_to_value(heads, 0)
    }

    /// A move from a row with these heads to a row of value `target`.
    ///
    /// Returns: a move whenever `target` is below the row's value (always found); for a larger
    /// target a move is looked for among the moves of each head ([`Line::move_to`]), and
    /// `None` does not prove there is none for the named games. `None` when `target` equals
    /// the value. Complexity: one pass over the heads.
    pub fn move_to_value(
        &self,
        heads: &[u64],
        target: u128,
    ) -> Result<Option<LineMove>, CoinError> {
        let value = self.position_value(heads)?;
        let s = value ^ target;
        if s == 0 {
            return Ok(None);
        }
        for &x in heads {
            let g = self.value(x)?;
            if let Some(m) = self.move_to(x, g ^ s)? {
                return Ok(Some(m));
            }
        }
        if target < value {
            Err(CoinError::NoMoveFound { value })
        } else {
            Ok(None)
        }
    }
}

impl Line {
    /// The row after a legal move from these heads (every coin of the move toggles), sorted.
    ///
    /// Errors: an illegal move, a rightmost coin that is not a head, or a move of more than
    /// [`LIST_LIMIT`] coins.
    pub fn apply(&self, heads: &[u64], m: &LineMove) -> Result<Vec<u64>, CoinError> {
        check_distinct(heads)?;
        self.check_move(m)?;
        let last = m.last().unwrap_or(0);
        if !heads.contains(&last) {
            return Err(CoinError::IllegalMove {
                reason: format!("the rightmost coin {last} of the move is tails; it must go from heads to tails"),
            });
        }
        let mut set: std::collections::BTreeSet<u64> = heads.iter().copied().collect();
        for c in m.coins(LIST_LIMIT)? {
            if !set.remove(&c) {
                set.insert(c);
            }
        }
        Ok(set.into_iter().collect())
    }
}

/// Refuses a coin listed twice.
fn check_distinct(heads: &[u64]) -> Result<(), CoinError> {
    let mut seen: Vec<(u64, usize)> = heads.iter().copied().zip(1..).collect();
    seen.sort_unstable();
    for w in seen.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(CoinError::Duplicate {
                coin: w[0].0.to_string(),
                first: w[0].1.min(w[1].1),
                second: w[0].1.max(w[1].1),
            });
        }
    }
    Ok(())
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Ruler => f.write_str("ruler"),
            Line::TurningTurtles => f.write_str("turning_turtles"),
            Line::Twins => f.write_str("twins"),
            Line::MockTurtles => f.write_str("mock_turtles"),
            Line::Rule(r) => write!(f, "turn[{}]", r.rule),
        }
    }
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_first_values() {
        // Ferguson, Game Theory, section 5.1, displays (2) and (3).
        let mock: Vec<u128> = (0..15)
            .map(|x| Line::MockTurtles.value(x).unwrap())
            .collect();
        assert_eq!(
            mock,
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28]
        );
        let ruler: Vec<u128> = (1..17).map(|x| Line::Ruler.value(x).unwrap()).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        // 2^64 - 1 has 64 one bits (evil), so its value is 2x + 1 = 2^65 - 1.
        assert_eq!(
            Line::MockTurtles.value(u64::MAX).unwrap(),
            (1u128 << 65) - 1
        );
        assert_eq!(Line::Ruler.value(1 << 63).unwrap(), 1 << 63);
    }

    #[test]
    fn numbering_is_checked() {
        let e = Line::Ruler.value(0).unwrap_err();
        assert!(e.to_string().contains("numbered from 1"), "{e}");
        assert!(Line::Twins.value(0).is_ok());
    }

    #[test]
    fn codes_round_trip() {
        for code in ["1-3", "2", "1+C@1", "1-2@1", "2,4C", "3+", "2-5C@1"] {
            let rule = TurnRule::parse(code).unwrap();
            assert_eq!(rule.to_string(), code);
            let line = Line::parse(&format!("turn[{code}]")).unwrap();
            assert_eq!(Line::parse(&line.to_string()).unwrap(), line);
        }
        for bad in ["0", "3-2", "1-3@2", "", "1-", "x"] {
            assert!(TurnRule::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Line::parse("turtles").unwrap(), Line::MockTurtles);
        assert!(Line::parse("rulers")
            .unwrap_err()
            .to_string()
            .contains("unknown game"));
    }

    #[test]
    fn rule_values_match_named_games() {
        assert_eq!(
            TurnRule::parse("1-3").unwrap().values(8).unwrap(),
            [1, 2, 4, 7, 8, 11, 13, 14]
        );
        assert_eq!(
            TurnRule::parse("1+C@1").unwrap().values(8).unwrap(),
            [1, 2, 1, 4, 1, 2, 1, 8]
        );
    }

    #[test]
    fn ruler_moves_are_gray_codes() {
        let m = Line::Ruler.move_to(8, 5).unwrap().unwrap();
        assert_eq!(m, LineMove::Run { first: 2, last: 8 });
        let huge = Line::Ruler
            .move_to(1 << 63, (1 << 62) + 1)
            .unwrap()
            .unwrap();
        assert!(huge.len() > 1 << 62);
        assert!(Line::Ruler.check_move(&huge).is_ok());
        assert!(huge.coins(1000).is_err());
    }
}
