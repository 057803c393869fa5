//! Staircase Nim: coins on stairs 1, 2, ...; a move carries coins from one stair to the next one
//! down (stair 1 to the ground, where they leave the game).
//!
//! Rules: `staircase(c1, c2, ...)` is one component: c_i coins on stair i. A move picks a stair i
//! with c_i > 0 and carries any t with 1 <= t <= c_i to stair i - 1 (to the ground if i = 1).
//! Theory: the nim-value is the XOR of the odd stairs c_1 ^ c_3 ^ c_5 ^ ..., exact at any size.
//! Proof (mex directly): every move changes exactly one odd stair (a move from odd stair i
//! lowers c_i; a move from even stair i + 1 raises c_i; nothing else touches an odd stair), so
//! no option keeps the XOR x; and every value y < x is reached by a Nim move on an odd stair
//! (lower some c_i to c_i ^ x ^ y < c_i, carrying the rest down). So the value is x.
//! (The usual outcome argument says the same: a move from an even stair to an odd one is
//! reversible, since the opponent carries the same coins on to the next even stair or the
//! ground, so only the odd stairs matter.)
//! Winning moves, all of them: target value y (x ^ y the change needed on one odd stair i): lower
//! c_i to w = c_i ^ x ^ y when w < c_i (carry c_i - w down), or raise it to w when w > c_i by
//! carrying w - c_i from stair i + 1 (when it holds that many). These are all the moves that
//! change the XOR to y, found in one pass.
//! Worked example: staircase(3, 1, 2) has value 3 ^ 2 = 1; the one winning move carries one coin
//! from stair 1 to the ground (stair 3 would need a coin from stair 4, which does not exist).
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 4 (staircase Nim); contest tutorials.

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use crate::explanation::{Block, Explanation};
use crate::rules::{
    first_moves_counted, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "staircase",
        &["stair"],
        "staircase(c1, c2, ...) with c_i coins on stair i",
        "staircase Nim: carry coins from one stair to the next one down",
        "staircase(3,1,2)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(Staircase)),
    )
}

/// Largest total number of coins for which moves are enumerated.
pub const SEARCH_LIMIT: u64 = 100_000;

/// The staircase Nim ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Staircase;

/// Reads a list of counts, each a natural number (`what` names one in messages: "stair").
pub(crate) fn read_naturals(args: &[Arg], what: &str) -> Result<Vec<BigUint>, ArgError> {
    args.iter()
        .enumerate()
        .map(|(i, a)| {
            a.as_natural()
                .map_err(|m| ArgError::at(i, format!("{what} {}: {m}", i + 1)))
        })
        .collect()
}

/// The arguments that write a list of counts.
pub(crate) fn naturals_args(c: &[BigUint]) -> Vec<Arg> {
    c.iter()
        .map(|x| Arg::Int(BigInt::from(x.clone())))
        .collect()
}

/// The value of stairs `c` (`c[0]` is stair 1): the XOR of the odd stairs.
pub fn stair_value(c: &[BigUint]) -> BigUint {
    c.iter().step_by(2).fold(BigUint::zero(), |acc, x| acc ^ x)
}

/// A staircase move: carry `amount` coins from stair `from` (1-based) one stair down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StairMove {
    /// The stair the coins leave (1-based).
    pub from: usize,
    /// How many coins.
    pub amount: BigUint,
}

/// Every move of stairs `c` to a position of value `target`.
///
/// Arguments: the stairs (`c[0]` is stair 1) and the target value.
/// Returns: the moves, by odd stair.
/// Complexity: O(number of stairs) big-integer XORs.
/// Example: stairs (3, 1, 2) and target 0 give one move, 1 coin from stair 1.
pub fn stair_moves_to(c: &[BigUint], target: &BigUint) -> Vec<StairMove> {
    let x = stair_value(c) ^ target;
    let mut out = Vec::new();
    if x.is_zero() {
        return out;
    }
    for i in (0..c.len()).step_by(2) {
        let w = &c[i] ^ &x;
        if w < c[i] {
            out.push(StairMove {
                from: i + 1,
                amount: &c[i] - &w,
            });
        } else if let Some(above) = c.get(i + 1) {
            let need = &w - &c[i];
            if &need <= above {
                out.push(StairMove {
                    from: i + 2,
                    amount: need,
                });
            }
        }
    }
    out
}

/// Applies a staircase move.
pub fn apply(c: &[BigUint], m: &StairMove) -> Vec<BigUint> {
    let mut next = c.to_vec();
    next[m.from - 1] -= &m.amount;
    if m.from >= 2 {
        next[m.from - 2] += &m.amount;
    }
    next
}

fn move_text(m: &StairMove) -> String {
    let to = if m.from == 1 {
        "the ground".to_string()
    } else {
        format!("stair {}", m.from - 1)
    };
    format!("carry {} coins from stair {} to {to}", m.amount, m.from)
}

/// Stairs as written (c[0] is stair 1).
type Stairs = Vec<BigUint>;

impl Ruleset for Staircase {
    type P = Stairs;

    fn name(&self) -> String {
        "staircase".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Stairs>, ArgError> {
        Ok(vec![read_naturals(args, "stair")?])
    }

    fn args(&self, c: &Stairs) -> Vec<Arg> {
        naturals_args(c)
    }

    fn options(&self, c: &Stairs, limits: &Limits) -> Result<Vec<Opt<Stairs>>, Error> {
        limits.check()?;
        let mut out = Vec::new();
        for (i, ci) in c.iter().enumerate() {
            let k = ci.to_u64().unwrap_or(0);
            for t in 1..=k {
                let m = StairMove {
                    from: i + 1,
                    amount: BigUint::from(t),
                };
                out.push(vec![apply(c, &m)]);
            }
        }
        Ok(out)
    }

    fn describe(&self, c: &Stairs, to: &[Stairs]) -> String {
        // Only the stair the coins leave loses coins; the one below gains them.
        let next = to.first().map(Vec::as_slice).unwrap_or(&[]);
        let from = (0..c.len().min(next.len())).rev().find(|&i| next[i] < c[i]);
        match from {
            Some(i) => move_text(&StairMove {
                from: i + 1,
                amount: &c[i] - &next[i],
            }),
            None => "carry no coins".to_string(),
        }
    }

    fn searchable(&self, c: &Stairs) -> Result<(), Error> {
        let total: BigUint = c.iter().sum();
        if total > BigUint::from(SEARCH_LIMIT) {
            return Err(Error::too_large(format!(
                "the staircase holds {total} coins, too many to search move by move (at most \
                 {SEARCH_LIMIT}); in normal play its value has a closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Stairs> {
        let mut rng = crate::rules::Rng::new(seed);
        vec![(0..rng.range(0, 4))
            .map(|_| BigUint::from(rng.range(0, 3)))
            .collect()]
    }

    fn theory(&self) -> Option<&dyn Theory<Stairs>> {
        Some(self)
    }
}

impl Theory<Stairs> for Staircase {
    fn nimber(&self, c: &Stairs, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::from_big(stair_value(c))))
    }

    fn counted_moves_to_value(
        &self,
        c: &Stairs,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Stairs>>, Error> {
        Ok(Some(first_moves_counted(
            stair_moves_to(c, &target.to_biguint())
                .iter()
                .map(|m| vec![apply(c, m)])
                .collect(),
            cap,
            limits,
        )))
    }

    fn explain(&self, c: &Stairs) -> Option<Explanation> {
        Some(stair_explanation(
            format!("Staircase Nim {}", state_text(c)),
            c,
            "stair",
        ))
    }
}

fn state_text(c: &[BigUint]) -> String {
    let parts: Vec<String> = c.iter().map(ToString::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The staircase explanation shared by the families that reduce to it.
pub(crate) fn stair_explanation(title: String, c: &[BigUint], what: &str) -> Explanation {
    let rows = c
        .iter()
        .enumerate()
        .map(|(i, x)| {
            vec![
                (i + 1).to_string(),
                x.to_string(),
                if i % 2 == 0 { "yes" } else { "no" }.to_string(),
            ]
        })
        .take(64)
        .collect();
    let x = stair_value(c);
    Explanation {
        title,
        blocks: vec![
            Block::Para(format!(
                "Every move changes exactly one odd stair, and coins moved from an even stair \
                 can be carried on by the opponent, so the value is the XOR of the odd stairs \
                 (here each {what} is one stair)."
            )),
            Block::Table {
                header: vec!["stair".into(), "coins".into(), "odd".into()],
                rows,
            },
            Block::Pre(vec![format!("XOR of the odd stairs = {x}")]),
        ],
    }
}
