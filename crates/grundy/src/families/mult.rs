//! The multiplication game: a product starts at p; a move multiplies it by a factor in a..b;
//! whoever first makes the product reach N or more wins.
//!
//! Rules: `mult[a..b, N](p, ...)` (2 <= a <= b), one component per argument. The player who
//! makes the product at least N wins, so a product p >= N is a position whose player to move
//! has already lost: it has no moves, and the game is normal play with terminal states p >= N.
//! Theory (exact for N of any size): working down from N, the products split into alternating
//! intervals. With B_0 = N, B_1 = ceil(B_0 / b), B_2 = ceil(B_1 / a), B_3 = ceil(B_2 / b), ...
//! (dividing alternately by b and by a) until B reaches 1:
//! [B_1, B_0 - 1] is N (multiply by b to reach N), [B_2, B_1 - 1] is P (the smallest product
//! p a is at least B_1 and the largest p b is below B_0, so every move lands in the N-interval),
//! [B_3, B_2 - 1] is N, and so on. For an N-interval [B_{2i+1}, B_{2i} - 1] with i >= 1: p b >= B_{2i}
//! and the smallest multiple p f >= B_{2i} is below B_{2i} + p <= 2 B_{2i} - 2 < 2 B_{2i-1} / a
//! <= B_{2i-1} because a >= 2, so a move lands in the P-interval above. Each boundary costs one
//! big-integer division: O(log N) intervals in all.
//! Winning moves: every factor f in a..b whose product lands in a P-interval (or reaches N).
//! Nim-values (for sums) come from search when N <= [`SEARCH_LIMIT`].
//! Worked example (HDU 1517, p = 1, factors 2..9): N = 162: B = 162, 18, 9, 1; 1 lies in [1, 8],
//! the interval below B_2 = 9, an N-interval: Stan (first) wins. N = 17: B = 17, 2, 1: 1 is in
//! [1, 1], a P-interval: Ollie wins.
//! Source: HDU 1517 / POJ 2505 / UVa 847 "A Multiplication Game".

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::explanation::{Block, Explanation};
use crate::rules::{
    first_moves, heap_args, param_number, param_u64, Alone, Arg, ArgError, BuildContext, Counted,
    Family, Opt, ParamError, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "mult",
        &["multiplication"],
        "mult[a..b, N](p, ...) with 2 <= a <= b",
        "multiplication game: multiply by a factor in a..b; reaching N or more wins",
        "mult[2..9,162](1)",
        Some(true),
        build,
    )
}

/// Largest factor accepted (winning moves try every factor).
pub const MAX_FACTOR: u64 = 1_000_000;

/// Largest goal N for which nim-values are searched.
pub const SEARCH_LIMIT: u64 = 1_000_000;

/// Most decimal digits of N.
const MAX_GOAL_DIGITS: usize = 100_000;

fn parse_u64(text: &str, start: usize, what: &str) -> Result<u64, ParamError> {
    param_u64(text, start, what)
}

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let (Some(dots), Some(comma)) = (text.find(".."), text.find(',')) else {
        return Err(ParamError::new(
            0,
            format!("expected a factor range and the goal, such as 2..9,162; found '{text}'"),
        ));
    };
    if comma < dots {
        return Err(ParamError::new(
            0,
            "write the factor range first, then the goal: mult[a..b, N]",
        ));
    }
    let a = parse_u64(&text[..dots], 0, "the smallest factor")?;
    let b = parse_u64(&text[dots + 2..comma], dots + 2, "the largest factor")?;
    if a < 2 {
        return Err(ParamError::new(
            0,
            format!(
                "the factor range {a}..{b} includes {a}; factors must be at least 2 (a factor \
                 of 0 or 1 would let the game stall forever)"
            ),
        ));
    }
    if a > b {
        return Err(ParamError::new(
            0,
            format!("the factor range {a}..{b} is empty: a must be at most b"),
        ));
    }
    if b > MAX_FACTOR {
        return Err(ParamError::new(
            dots + 2,
            format!("the largest factor {b} is too large (at most {MAX_FACTOR})"),
        ));
    }
    let goal_at = comma + 1 + text[comma + 1..].len() - text[comma + 1..].trim_start().len();
    let goal = param_number(&text[comma + 1..], comma + 1, "the goal N")?;
    // Decimal digits of N, at least bits * log10(2) (rounded down).
    if goal.bits().saturating_mul(30_103) / 100_000 > MAX_GOAL_DIGITS as u64 {
        return Err(ParamError::new(
            goal_at,
            format!("the goal N has more than {MAX_GOAL_DIGITS} digits"),
        ));
    }
    if goal.is_zero() {
        return Err(ParamError::new(goal_at, "the goal N must be at least 1"));
    }
    let bounds = boundaries(a, b, &goal);
    Ok(RulesetRef::of(Mult { a, b, goal, bounds }))
}

/// The interval boundaries B_0 = N > B_1 > ... >= 1 (alternately divided by b and a, rounding up).
pub fn boundaries(a: u64, b: u64, goal: &BigUint) -> Vec<BigUint> {
    let mut out = vec![goal.clone()];
    let mut by_b = true;
    while out.last().is_some_and(|x| x > &BigUint::one()) {
        let last = out.last().cloned().unwrap_or_default();
        let d = BigUint::from(if by_b { b } else { a });
        out.push(last.div_ceil(&d));
        by_b = !by_b;
    }
    out
}

/// The multiplication game with its factor range and goal.
#[derive(Debug)]
pub struct Mult {
    a: u64,
    b: u64,
    goal: BigUint,
    bounds: Vec<BigUint>,
}

impl Mult {
    /// Whether product x (x >= 1) is a P-position.
    pub fn is_p(&self, x: &BigUint) -> bool {
        if x >= &self.goal {
            return true;
        }
        // bounds is decreasing; find j with bounds[j + 1] <= x < bounds[j].
        let j = self.bounds.partition_point(|bnd| bnd > x);
        // bounds[j] <= x < bounds[j - 1]: the interval below bounds[j - 1], N when j - 1 is even.
        j % 2 == 0
    }
}

impl Ruleset for Mult {
    type P = BigUint;

    fn name(&self) -> String {
        format!("mult[{}..{},{}]", self.a, self.b, self.goal)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let p = a.as_natural().map_err(|m| ArgError::at(i, m))?;
            if p.is_zero() {
                return Err(ArgError::at(
                    i,
                    "the product must be at least 1 (a product of 0 never grows)",
                ));
            }
            out.push(p);
        }
        Ok(out)
    }

    fn args(&self, p: &BigUint) -> Vec<Arg> {
        heap_args(p)
    }

    fn options(&self, p: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        limits.check()?;
        if *p >= self.goal {
            return Ok(vec![]);
        }
        Ok((self.a..=self.b).map(|f| vec![p * f]).collect())
    }

    fn describe(&self, p: &BigUint, to: &[BigUint]) -> String {
        let to = to.first().cloned().unwrap_or_default();
        // The factor is a machine word (at most MAX_FACTOR), so the quotient fits one.
        let f = if p.is_zero() {
            0
        } else {
            (&to / p).to_u64().unwrap_or(0)
        };
        format!("multiply {p} by {f}, making {to}")
    }

    fn searchable(&self, _p: &BigUint) -> Result<(), Error> {
        if self.goal > BigUint::from(SEARCH_LIMIT) {
            return Err(Error::too_large(format!(
                "the goal {} is too large to search (at most {SEARCH_LIMIT}); alone, the \
                 outcome and winning moves have a closed form",
                self.goal
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        // Products from 1 to just past the goal (those have no move), one to three of them.
        let top = self.goal.to_u64().unwrap_or(u64::MAX).min(300) + 2;
        let mut rng = crate::rules::Rng::new(seed);
        (0..rng.range(1, 3))
            .map(|_| BigUint::from(rng.range(1, top)))
            .collect()
    }

    fn theory(&self) -> Option<&dyn Theory<BigUint>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<BigUint>> {
        Some(self)
    }
}

impl Theory<BigUint> for Mult {
    fn nimber(&self, p: &BigUint, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        if *p >= self.goal {
            return Ok(Some(Nimber::ZERO));
        }
        if self.goal <= BigUint::from(SEARCH_LIMIT) {
            return Ok(None);
        }
        if self.is_p(p) {
            return Ok(Some(Nimber::ZERO));
        }
        Err(Error::too_large(format!(
            "the nim-value of the multiplication game to {} is only searched for goals up \
                 to {SEARCH_LIMIT}; its outcome alone is known exactly",
            self.goal
        )))
    }

    fn explain(&self, p: &BigUint) -> Option<Explanation> {
        let rows = self
            .bounds
            .windows(2)
            .enumerate()
            .take(40)
            .map(|(j, w)| {
                let hi = &w[0] - 1u32;
                vec![
                    format!("[{}, {hi}]", w[1]),
                    if j % 2 == 0 { "N" } else { "P" }.to_string(),
                ]
            })
            .collect();
        let outcome = if self.is_p(p) { "P" } else { "N" };
        Some(Explanation {
            title: format!(
                "Multiplication game, factors {}..{}, goal {}, product {p}",
                self.a, self.b, self.goal
            ),
            blocks: vec![
                Block::Para(format!(
                    "Products of {} or more are lost for the player to move. Below, the \
                     products split into intervals: dividing by {} (rounding up) gives the \
                     lowest product that can reach the goal in one move, then dividing by {} \
                     the lowest product whose every move lands there, and so on alternately.",
                    self.goal, self.b, self.a
                )),
                Block::Table {
                    header: vec!["products".into(), "outcome".into()],
                    rows,
                },
                Block::Para(format!("The product {p} is a {outcome}-position.")),
            ],
        })
    }
}

impl Alone<BigUint> for Mult {
    fn outcome_alone(&self, p: &BigUint, _limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(Some(if self.is_p(p) { Outcome::P } else { Outcome::N }))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &BigUint,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<BigUint>>, Error> {
        if *p >= self.goal {
            return Ok(Some((vec![], Some(BigUint::default()))));
        }
        Ok(Some(first_moves(
            (self.a..=self.b)
                .map(|f| p * f)
                .filter(|to| self.is_p(to))
                .map(|to| vec![to])
                .collect(),
            cap,
        )))
    }
}
