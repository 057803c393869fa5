//! Mock Turtles: a coin-turning game on a row of coins numbered 0, 1, 2, ... from the left.
//!
//! Rules: `turtles(x, ...)` lists the head-up coins (distinct positions, any size). A move turns
//! over one, two or three coins; the rightmost of them must go from heads to tails (the others
//! may go either way). The player who cannot move loses.
//! Theory (Winning Ways, chapter 14, "Turning Turtles"): a coin-turning position is the sum of
//! its single-head positions, and a head at x has value 2x when x has an odd number of 1 bits
//! (x is "odious") and 2x + 1 otherwise, so the values are the odious numbers 1, 2, 4, 7, 8, 11,
//! ... and the value of the row is their XOR. Exact for positions of any size.
//! Model: the whole row is one component whose state is the sorted set of heads, so a move that
//! turns a head elsewhere really turns it to tails (the state stays a set, misere play is the
//! real game's, and `turtles(3,3)` is refused: a coin cannot be head-up twice).
//! Worked example (HDU 3537 sample): turtles(0,1,2,3) has values 1, 2, 4, 7 with XOR 0, so the
//! player to move loses; turtles(0) has value 1 and wins by turning coin 0.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 14; HDU 3537 Daizhenyang's Coin.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::staircase::naturals_args;
use crate::rules::{
    first_moves_counted, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "turtles",
        &["mock_turtles"],
        "turtles(x, ...) with the distinct positions x >= 0 of the head-up coins",
        "Mock Turtles: turn 1, 2 or 3 coins, the rightmost from heads to tails",
        "turtles(0,1,2,3)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(Turtles)),
    )
}

/// The Mock Turtles ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Turtles;

/// Largest head position whose moves are listed one by one (a head at x has about x^2 / 2
/// moves; only searches of small rows, such as misere play, list them).
const ENUMERATE_LIMIT: u64 = 200;

/// Largest head position whose winning moves are found by scanning the coins to its left
/// (there may be about x of them, so the scan cannot be avoided when all are asked for).
const SCAN_LIMIT: u64 = 1 << 22;

/// The value of a single head at `x`: the odious number among 2x and 2x + 1.
///
/// Arguments: the position of the head. Returns: its nim-value. Complexity: O(bits of x).
/// Example: `turtle_value(&3u32.into()) == 7u32.into()` (3 = 0b11 is evil, so 2*3 + 1).
pub fn turtle_value(x: &BigUint) -> BigUint {
    let twice = x << 1usize;
    if x.count_ones() % 2 == 1 {
        twice
    } else {
        twice + 1u32
    }
}

/// The value of a single head at `x` for machine-word positions (see [`turtle_value`]).
pub fn turtle_value_u64(x: u64) -> u64 {
    2 * x + u64::from(x.count_ones() & 1 == 0)
}

/// The head whose single value is `v`, if `v` is odious (the values are exactly the odious
/// numbers, each once).
fn head_of_value(v: u64) -> Option<u64> {
    (v.count_ones() % 2 == 1).then_some(v >> 1)
}

/// The head-up coins of a row, sorted (a set).
type Heads = Vec<BigUint>;

/// The row after turning over the coins `turn` (each toggles between heads and tails); a row
/// without heads is no component at all.
fn toggled(heads: &[BigUint], turn: &[BigUint]) -> Opt<Heads> {
    let mut set = heads.to_vec();
    for c in turn {
        match set.binary_search(c) {
            Ok(i) => {
                set.remove(i);
            }
            Err(i) => set.insert(i, c.clone()),
        }
    }
    if set.is_empty() {
        return vec![];
    }
    vec![set]
}

fn turn_text(turn: &[BigUint]) -> String {
    match turn {
        [x] => format!("turn over coin {x}"),
        [y, x] => format!("turn over coins {y} and {x}"),
        [z, y, x] => format!("turn over coins {z}, {y} and {x}"),
        _ => "turn over coins".to_string(),
    }
}

fn turn_small(heads: &[BigUint], turn: &[u64]) -> Opt<Heads> {
    let turn: Vec<BigUint> = turn.iter().map(|&c| BigUint::from(c)).collect();
    toggled(heads, &turn)
}

impl Ruleset for Turtles {
    type P = Heads;

    fn name(&self) -> String {
        "turtles".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Heads>, ArgError> {
        let mut seen: Vec<(BigUint, usize)> = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let x = a.as_natural().map_err(|m| ArgError::at(i, m))?;
            seen.push((x, i));
        }
        seen.sort();
        for w in seen.windows(2) {
            if w[0].0 == w[1].0 {
                return Err(ArgError::at(
                    w[1].1,
                    format!(
                        "coin {} is listed twice (arguments {} and {}); a coin is head-up or \
                         not, so list each head-up coin once",
                        w[0].0,
                        w[0].1 + 1,
                        w[1].1 + 1
                    ),
                ));
            }
        }
        if seen.is_empty() {
            return Ok(vec![]);
        }
        Ok(vec![seen.into_iter().map(|(x, _)| x).collect()])
    }

    fn args(&self, heads: &Heads) -> Vec<Arg> {
        naturals_args(heads)
    }

    fn options(&self, heads: &Heads, limits: &Limits) -> Result<Vec<Opt<Heads>>, Error> {
        limits.check()?;
        let mut out = Vec::new();
        for h in heads {
            let x = h.to_u64().unwrap_or(u64::MAX);
            out.push(turn_small(heads, &[x]));
            for y in 0..x {
                out.push(turn_small(heads, &[y, x]));
                for z in y + 1..x {
                    out.push(turn_small(heads, &[y, z, x]));
                }
            }
        }
        Ok(out)
    }

    fn describe(&self, heads: &Heads, to: &[Heads]) -> String {
        // The coins turned over are those whose side changed, in increasing order.
        let after = to.first().map(Vec::as_slice).unwrap_or(&[]);
        let (mut i, mut j) = (0, 0);
        let mut turn = Vec::new();
        while i < heads.len() || j < after.len() {
            match (heads.get(i), after.get(j)) {
                (Some(a), Some(b)) if a == b => {
                    i += 1;
                    j += 1;
                }
                (Some(a), Some(b)) if a < b => {
                    turn.push(a.clone());
                    i += 1;
                }
                (Some(a), None) => {
                    turn.push(a.clone());
                    i += 1;
                }
                (_, Some(b)) => {
                    turn.push(b.clone());
                    j += 1;
                }
                (None, None) => break,
            }
        }
        turn_text(&turn)
    }

    fn searchable(&self, heads: &Heads) -> Result<(), Error> {
        for x in heads {
            if *x > BigUint::from(ENUMERATE_LIMIT) {
                return Err(Error::too_large(format!(
                    "the head-up coin {x} is too far right to list every move (at most \
                     {ENUMERATE_LIMIT}); normal play uses the closed form, misere play needs a \
                     smaller row"
                )));
            }
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Heads> {
        // Up to three distinct heads among the coins 0..=7.
        let mut rng = crate::rules::Rng::new(seed);
        let mut heads: Heads = (0..rng.range(1, 3))
            .map(|_| BigUint::from(rng.range(0, 7)))
            .collect();
        heads.sort();
        heads.dedup();
        vec![heads]
    }

    fn theory(&self) -> Option<&dyn Theory<Heads>> {
        Some(self)
    }
}

impl Theory<Heads> for Turtles {
    fn nimber(&self, heads: &Heads, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let mut acc = BigUint::zero();
        for x in heads {
            acc ^= turtle_value(x);
        }
        Ok(Some(Nimber::from_big(acc)))
    }

    fn counted_moves_to_value(
        &self,
        heads: &Heads,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Heads>>, Error> {
        let mut total = BigUint::zero();
        for x in heads {
            total ^= turtle_value(x);
        }
        let mut out = Vec::new();
        for x in heads {
            // Turning x (and coins y, z to its left) changes the value by v(x) ^ v(y) ^ v(z),
            // whether y and z were heads or tails: w = v(y) ^ v(z) is what the others must give.
            let w = &total ^ target.to_biguint() ^ turtle_value(x);
            if w.is_zero() {
                out.push(toggled(heads, std::slice::from_ref(x)));
                continue;
            }
            // Beyond 2^62 the values of coins to the left no longer fit a machine word.
            let Some(xs) = x.to_u64().filter(|&v| v < 1 << 62) else {
                return Err(scan_too_large(x));
            };
            // Every v(y) with y < x is below 2^63, and so is an XOR of two of them.
            let Some(w) = w.to_u64() else {
                continue;
            };
            if let Some(y) = head_of_value(w) {
                // An odious w is one coin's value; an XOR of two odious values is never odious.
                if y < xs {
                    out.push(turn_small(heads, &[y, xs]));
                }
                continue;
            }
            if xs > SCAN_LIMIT {
                return Err(scan_too_large(x));
            }
            for y in 0..xs {
                let Some(z) = head_of_value(turtle_value_u64(y) ^ w) else {
                    continue;
                };
                if y < z && z < xs {
                    out.push(turn_small(heads, &[y, z, xs]));
                }
            }
        }
        Ok(Some(first_moves_counted(out, cap, limits)))
    }
}

fn scan_too_large(x: &BigUint) -> Error {
    Error::too_large(format!(
        "listing the winning moves of the head-up coin {x} means scanning the coins to its \
             left (at most {SCAN_LIMIT}); the value and outcome are exact at any size, so ask \
             for them alone"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_are_the_odious_numbers() {
        let got: Vec<u64> = (0..10).map(turtle_value_u64).collect();
        assert_eq!(got, vec![1, 2, 4, 7, 8, 11, 13, 14, 16, 19]);
        assert_eq!(
            turtle_value(&BigUint::from(12345u32)),
            BigUint::from(turtle_value_u64(12345))
        );
    }

    #[test]
    fn duplicate_heads_are_refused() {
        let err = Turtles
            .components(&[Arg::int(3), Arg::int(1), Arg::int(3)])
            .unwrap_err();
        assert_eq!(err.index, Some(2));
        assert!(err.message.contains("listed twice"), "{}", err.message);
    }
}
