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

use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use super::{legacy, ArgError, Family, Move, ParamError, State, StateRuleset};
use crate::rules::Arg;
use crate::solve::Error;
use crate::Nimber;

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "turtles",
        &["mock_turtles"],
        "turtles(x, ...) with the distinct positions x >= 0 of the head-up coins",
        "Mock Turtles: turn 1, 2 or 3 coins, the rightmost from heads to tails",
        "turtles(0,1,2,3)",
        None,
        legacy(build),
    )
}

fn build(_params: Option<&str>) -> Result<Arc<dyn StateRuleset>, ParamError> {
    Ok(Arc::new(Turtles))
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

/// The heads of a state, as they were validated by `components`.
fn heads(state: &State) -> Vec<BigUint> {
    state
        .iter()
        .filter_map(|a| match a {
            Arg::Int(n) => Some(n.magnitude().clone()),
            Arg::Name(_) => None,
        })
        .collect()
}

/// The state after turning over the coins `turn` (each toggles between heads and tails).
fn toggled(state: &State, turn: &[BigUint]) -> Vec<State> {
    let mut set: Vec<BigUint> = heads(state);
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
    vec![set.into_iter().map(|n| Arg::Int(BigInt::from(n))).collect()]
}

fn describe(turn: &[BigUint]) -> String {
    match turn {
        [x] => format!("turn over coin {x}"),
        [y, x] => format!("turn over coins {y} and {x}"),
        [z, y, x] => format!("turn over coins {z}, {y} and {x}"),
        _ => "turn over coins".to_string(),
    }
}

fn turn_move(state: &State, turn: &[u64]) -> Move {
    let turn: Vec<BigUint> = turn.iter().map(|&c| BigUint::from(c)).collect();
    turn_big(state, &turn)
}

fn turn_big(state: &State, turn: &[BigUint]) -> Move {
    Move {
        to: toggled(state, turn),
        text: describe(turn),
    }
}

impl StateRuleset for Turtles {
    fn name(&self) -> String {
        "turtles".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
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
        Ok(vec![seen
            .into_iter()
            .map(|(x, _)| Arg::Int(BigInt::from(x)))
            .collect()])
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let mut out = Vec::new();
        for a in state {
            let x = a.small();
            out.push(turn_move(state, &[x]));
            for y in 0..x {
                out.push(turn_move(state, &[y, x]));
                for z in y + 1..x {
                    out.push(turn_move(state, &[y, z, x]));
                }
            }
        }
        out
    }

    fn searchable(&self, state: &State) -> Result<(), String> {
        for x in heads(state) {
            if x > BigUint::from(ENUMERATE_LIMIT) {
                return Err(format!(
                    "the head-up coin {x} is too far right to list every move (at most \
                     {ENUMERATE_LIMIT}); normal play uses the closed form, misere play needs a \
                     smaller row"
                ));
            }
        }
        Ok(())
    }

    fn nimber(&self, state: &State) -> Result<Option<Nimber>, Error> {
        let mut acc = BigUint::zero();
        for x in heads(state) {
            acc ^= turtle_value(&x);
        }
        Ok(Some(Nimber::from_big(acc)))
    }

    fn moves_to_value(&self, state: &State, target: &Nimber) -> Result<Option<Vec<Move>>, Error> {
        let hs = heads(state);
        let mut total = BigUint::zero();
        for x in &hs {
            total ^= turtle_value(x);
        }
        let mut out = Vec::new();
        for x in &hs {
            // Turning x (and coins y, z to its left) changes the value by v(x) ^ v(y) ^ v(z),
            // whether y and z were heads or tails: w = v(y) ^ v(z) is what the others must give.
            let w = &total ^ target.to_biguint() ^ turtle_value(x);
            if w.is_zero() {
                out.push(turn_big(state, std::slice::from_ref(x)));
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
                    out.push(turn_move(state, &[y, xs]));
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
                    out.push(turn_move(state, &[y, z, xs]));
                }
            }
        }
        Ok(Some(out))
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
