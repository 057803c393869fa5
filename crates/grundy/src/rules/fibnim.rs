//! Fibonacci Nim: one heap; each move takes at most twice what the previous move took.
//!
//! Rules: `fibnim(n, m)` is a heap of n counters where the player to move may take any k with
//! 1 <= k <= m (and k <= n); the move leaves `fibnim(n - k, min(2k, n - k))` (a limit above the
//! heap size means the same as the heap size, so it is stored capped). `fibnim(n)` is the start
//! of the game: the first move takes any number but not the whole heap (m = n - 1).
//! Positions after a move always render as `fibnim(n', m')`, so printing parses back.
//! Theory (Whinihan 1963): with the Zeckendorf representation of n (the unique sum of
//! non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...), the player to move wins iff the
//! smallest term z(n) is at most m; taking z(n) wins. At the start (m = n - 1) this says: the
//! first player loses iff n is a Fibonacci number.
//! All winning moves: k wins iff the opponent's position (n - k, 2k) is P, i.e. k = n (take all,
//! when allowed) or z(n - k) > 2k. In that case every Zeckendorf term of n - k exceeds 2k, so
//! k < F_t / 2 < F_{t-1} where F_t = z(n - k): the terms of k are at most F_{t-2}, and the
//! Zeckendorf representation of n is that of n - k followed by that of k. By uniqueness k is a
//! sum of the smallest few Zeckendorf terms of n; so the winning moves are among the O(log n)
//! suffix sums of the representation, each checked exactly.
//! Nim-values (for sums) come from search, for heaps up to [`SEARCH_LIMIT`].
//! Worked example (HDU 2516): fibnim(13) is P (13 is a Fibonacci number); fibnim(10000):
//! 10000 = 6765 + 2584 + 610 + 34 + 5 + 2, so the first player takes 2 and wins.
//! Source: M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963); HDU 2516.

use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_traits::{One, ToPrimitive, Zero};

use super::{legacy, ArgError, Family, Move, ParamError, State, StateRuleset};
use crate::explanation::{Block, Explanation};
use crate::rules::Arg;
use crate::solve::Error;
use crate::{Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "fibnim",
        &["fibonacci_nim"],
        "fibnim(n) (start) or fibnim(n, m) (at most m may be taken now)",
        "Fibonacci Nim: take at most twice the previous take; the first move not all",
        "fibnim(10000)",
        None,
        legacy(build),
    )
}

fn build(_params: Option<&str>) -> Result<Arc<dyn StateRuleset>, ParamError> {
    Ok(Arc::new(FibNim))
}

/// Largest heap whose moves are enumerated (the search visits O(n^2) states).
pub const SEARCH_LIMIT: u64 = 200;

/// The Fibonacci Nim ruleset.
#[derive(Debug, Clone, Copy)]
pub struct FibNim;

/// The heap and the most that may be taken now.
fn heap_and_limit(state: &State) -> (BigUint, BigUint) {
    let get = |i: usize| match state.get(i) {
        Some(Arg::Int(n)) => n.magnitude().clone(),
        _ => BigUint::zero(),
    };
    let n = get(0);
    let m = if state.len() >= 2 {
        get(1)
    } else if n.is_zero() {
        BigUint::zero()
    } else {
        &n - 1u32
    };
    (n, m)
}

/// The Zeckendorf representation of n, largest term first (empty for 0).
///
/// Complexity: O(log n) big-integer additions and comparisons.
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![BigUint::one(), BigUint::from(2u32)];
    while fibs.last().is_some_and(|f| f <= n) {
        let k = fibs.len();
        let next = &fibs[k - 1] + &fibs[k - 2];
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut out = Vec::new();
    for f in fibs.iter().rev() {
        if f <= &rest {
            rest -= f;
            out.push(f.clone());
        }
    }
    out
}

/// Whether (n, m) is a P-position: n = 0, or the smallest Zeckendorf term of n exceeds m.
pub fn is_p(n: &BigUint, m: &BigUint) -> bool {
    zeckendorf(n).last().is_none_or(|z| z > m)
}

/// Every winning take from (n, m), smallest first.
pub fn winning_takes(n: &BigUint, m: &BigUint) -> Vec<BigUint> {
    let z = zeckendorf(n);
    let mut out = Vec::new();
    let mut k = BigUint::zero();
    // Suffix sums: k is the sum of the j smallest terms; the rest starts with z[r - j - 1].
    for j in (0..z.len()).rev() {
        k += &z[j];
        if &k > m || &k > n {
            break;
        }
        let opponent_loses = match j.checked_sub(1) {
            None => true,
            Some(i) => z[i] > &k * 2u32,
        };
        if opponent_loses {
            out.push(k.clone());
        }
    }
    out
}

fn after(n: &BigUint, k: &BigUint) -> State {
    let left = n - k;
    let limit = (k * 2u32).min(left.clone());
    vec![Arg::Int(BigInt::from(left)), Arg::Int(BigInt::from(limit))]
}

fn take_move(n: &BigUint, k: &BigUint) -> Move {
    Move {
        to: vec![after(n, k)],
        text: format!("take {k} of {n}"),
    }
}

impl StateRuleset for FibNim {
    fn name(&self) -> String {
        "fibnim".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        if args.is_empty() || args.len() > 2 {
            return Err(ArgError::whole(format!(
                "Fibonacci Nim takes the heap and optionally the most that may be taken now, \
                 found {} arguments; write fibnim(n) or fibnim(n, m)",
                args.len()
            )));
        }
        for (i, a) in args.iter().enumerate() {
            a.as_natural().map_err(|m| ArgError::at(i, m))?;
        }
        Ok(vec![args.to_vec()])
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let (n, m) = heap_and_limit(state);
        let top = n.clone().min(m).to_u64().unwrap_or(0);
        (1..=top)
            .map(|k| take_move(&n, &BigUint::from(k)))
            .collect()
    }

    fn searchable(&self, state: &State) -> Result<(), String> {
        let (n, _) = heap_and_limit(state);
        if n > BigUint::from(SEARCH_LIMIT) {
            return Err(format!(
                "the Fibonacci Nim heap {n} is too large to search (at most {SEARCH_LIMIT}); \
                 alone, its outcome and winning moves have a closed form"
            ));
        }
        Ok(())
    }

    fn nimber(&self, state: &State) -> Result<Option<Nimber>, Error> {
        let (n, m) = heap_and_limit(state);
        if n <= BigUint::from(SEARCH_LIMIT) {
            return Ok(None);
        }
        if is_p(&n, &m) {
            return Ok(Some(Nimber::ZERO));
        }
        Err(Error::too_large(format!(
            "the nim-value of Fibonacci Nim with {n} counters is only searched up to \
                 {SEARCH_LIMIT}; its outcome alone is known exactly"
        )))
    }

    fn outcome_alone(&self, state: &State) -> Result<Option<Outcome>, Error> {
        let (n, m) = heap_and_limit(state);
        Ok(Some(if is_p(&n, &m) { Outcome::P } else { Outcome::N }))
    }

    fn winning_moves_alone(&self, state: &State) -> Result<Option<Vec<Move>>, Error> {
        let (n, m) = heap_and_limit(state);
        Ok(Some(
            winning_takes(&n, &m)
                .iter()
                .map(|k| take_move(&n, k))
                .collect(),
        ))
    }

    fn explain(&self, state: &State) -> Option<Explanation> {
        let (n, m) = heap_and_limit(state);
        let z = zeckendorf(&n);
        let terms = z.iter().map(ToString::to_string).collect::<Vec<_>>();
        let mut blocks = vec![
            Block::Para(
                "Every n is uniquely a sum of non-consecutive Fibonacci numbers (Zeckendorf); \
                 the player to move wins iff the smallest term is at most the most that may \
                 be taken now, and taking that term wins."
                    .to_string(),
            ),
            Block::Pre(vec![
                format!(
                    "{n} = {}",
                    if terms.is_empty() {
                        "0".to_string()
                    } else {
                        terms.join(" + ")
                    }
                ),
                format!("most that may be taken now: {m}"),
            ]),
        ];
        match z.last() {
            None => blocks.push(Block::Para(
                "No counters are left: the player to move loses.".to_string(),
            )),
            Some(small) if small > &m => blocks.push(Block::Para(format!(
                "The smallest term {small} exceeds {m}: every take leaves the opponent a \
                 winning reply, so this is a P-position."
            ))),
            Some(small) => {
                let takes = winning_takes(&n, &m)
                    .iter()
                    .map(|k| format!("take {k}"))
                    .collect();
                blocks.push(Block::Para(format!(
                    "The smallest term {small} is at most {m}: taking it leaves a heap whose \
                     smallest term exceeds twice the take. All winning moves:"
                )));
                blocks.push(Block::List(takes));
            }
        }
        Some(Explanation {
            title: format!("Fibonacci Nim ({n} counters, take at most {m})"),
            blocks,
        })
    }
}
