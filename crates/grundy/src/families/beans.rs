//! The bean game (splitting game on a strip), from a contest tutorial's slides (kkcoding 1408).
//!
//! Rules: `beans[n](i, ...)`: a strip of n cells numbered 0..n-1 holds beans, one argument per
//! bean giving its cell (several beans may share a cell). A move takes one bean from a cell i
//! and puts two beans on cells j and k with i < j <= k <= n-1 (j = k is allowed). The player who
//! cannot move (every bean on the last cell) loses. This is HNOI 2007 "分裂游戏" (BZOJ 1188).
//! Theory (the slides: "不能以堆作为独立游戏而要以豆子为独立游戏", take each bean, not each
//! cell, as a game): each bean is a component. With d = n-1-i the distance to the last cell,
//! G(0) = 0 and G(d) = mex{G(a) ^ G(b) : 0 <= b <= a < d}. Two equal beans cancel and a bean on
//! the last cell is worth 0, so a bean at distance d >= 1 has exactly the options of a Mock
//! Turtles head at d - 1 (nothing, one coin y < d-1, two coins y < z < d-1), hence
//! G(d) = 2(d-1) or 2(d-1) + 1, whichever is odious: 0, 1, 2, 4, 7, 8, 11, ... Exact for strips of
//! any size; the tests check this closed form against the engine's search of the moves below.
//! Worked example (the slides): three cells holding 2, 3 and 1 beans are
//! `beans[3](0,0,1,1,1,2)`; the values are 2, 2, 1, 1, 1, 0 with XOR 1, so the first player wins,
//! by splitting a bean of cell 1 into two beans on cell 2.
//! Source: slides of kkcoding 1408 ("1颗豆子分裂出2颗豆子"); BZOJ 1188 \[HNOI2007\] 分裂游戏.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use super::turtles::{turtle_value, turtle_value_u64};
use crate::rules::{
    first_moves_counted, heap_args, param_number, Arg, ArgError, BuildContext, Counted, Family,
    Opt, ParamError, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "beans",
        &["split"],
        "beans[n](i, ...): one argument per bean, its cell i in 0..n-1 of a strip of n cells",
        "bean game: a bean at cell i becomes two beans at cells j, k with i < j <= k < n",
        "beans[3](0,0,1,1,1,2)",
        Some(true),
        build,
    )
}

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let raw = params.unwrap_or("");
    let offset = raw.len() - raw.trim_start().len();
    let n: BigUint = param_number(raw, 0, "the number of cells")?;
    if n.is_zero() {
        return Err(ParamError::new(offset, "the strip needs at least 1 cell"));
    }
    Ok(RulesetRef::of(Beans { cells: n }))
}

/// The bean game on a strip of `cells` cells.
#[derive(Debug, Clone)]
pub struct Beans {
    cells: BigUint,
}

/// Largest distance to the last cell whose moves are listed one by one (about d^2 / 2 moves).
const ENUMERATE_LIMIT: u64 = 200;

/// Largest distance whose winning moves are found by scanning the cells to the right.
const SCAN_LIMIT: u64 = 1 << 22;

/// The value of a bean at distance `d` from the last cell (see the module doc).
///
/// Arguments: the distance. Returns: its nim-value. Complexity: O(bits of d).
/// Example: `bean_value(&2u32.into()) == 2u32.into()`.
pub fn bean_value(d: &BigUint) -> BigUint {
    if d.is_zero() {
        BigUint::zero()
    } else {
        turtle_value(&(d - 1u32))
    }
}

fn bean_value_u64(d: u64) -> u64 {
    if d == 0 {
        0
    } else {
        turtle_value_u64(d - 1)
    }
}

/// The distance whose bean value is `v`, if any (values are 0 and the odious numbers).
fn distance_of_value(v: u64) -> Option<u64> {
    if v == 0 {
        Some(0)
    } else {
        (v.count_ones() % 2 == 1).then_some((v >> 1) + 1)
    }
}

impl Beans {
    /// The distance of a bean's cell from the last cell.
    fn distance(&self, i: &BigUint) -> BigUint {
        if i < &self.cells {
            &self.cells - 1u32 - i
        } else {
            BigUint::zero()
        }
    }

    /// The two beans a split leaves, at distances `a >= b` from the last cell.
    fn split(&self, a: u64, b: u64) -> Opt<BigUint> {
        let last = &self.cells - BigUint::one();
        vec![&last - a, &last - b]
    }
}

impl Ruleset for Beans {
    /// The cell of one bean.
    type P = BigUint;

    fn name(&self) -> String {
        format!("beans[{}]", self.cells)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        let mut out = Vec::with_capacity(args.len());
        for (idx, a) in args.iter().enumerate() {
            let i = a.as_natural().map_err(|m| ArgError::at(idx, m))?;
            if i >= self.cells {
                return Err(ArgError::at(
                    idx,
                    format!(
                        "cell {i} is off the strip: the cells are 0..{}",
                        &self.cells - 1u32
                    ),
                ));
            }
            out.push(i);
        }
        Ok(out)
    }

    fn args(&self, i: &BigUint) -> Vec<Arg> {
        heap_args(i)
    }

    fn options(&self, i: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        limits.check()?;
        let Some(ds) = self.distance(i).to_u64() else {
            return Ok(vec![]);
        };
        let mut out = Vec::new();
        for a in 0..ds {
            for b in 0..=a {
                out.push(self.split(a, b));
            }
        }
        Ok(out)
    }

    fn describe(&self, i: &BigUint, to: &[BigUint]) -> String {
        match to {
            [j, k] => format!("split a bean of cell {i} into beans on cells {j} and {k}"),
            _ => format!("split a bean of cell {i}"),
        }
    }

    fn searchable(&self, i: &BigUint) -> Result<(), Error> {
        let d = self.distance(i);
        if d > BigUint::from(ENUMERATE_LIMIT) {
            return Err(Error::too_large(format!(
                "a bean {d} cells from the end has too many moves to list (at most \
                 {ENUMERATE_LIMIT} cells away); normal play uses the closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        // One to three beans within five cells of the end of the strip (a misere search of
        // two of them explores every multiset of beans they split into).
        let mut rng = crate::rules::Rng::new(seed);
        let last = &self.cells - 1u32;
        (0..rng.range(1, 3))
            .map(|_| {
                let d = BigUint::from(rng.range(0, 4)).min(last.clone());
                &last - d
            })
            .collect()
    }

    fn theory(&self) -> Option<&dyn Theory<BigUint>> {
        Some(self)
    }
}

impl Theory<BigUint> for Beans {
    fn nimber(&self, i: &BigUint, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::from_big(bean_value(&self.distance(i)))))
    }

    fn counted_moves_to_value(
        &self,
        i: &BigUint,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<BigUint>>, Error> {
        let d = self.distance(i);
        let Some(ds) = d.to_u64().filter(|&v| v <= SCAN_LIMIT) else {
            return Err(Error::too_large(format!(
                "listing the winning moves of a bean {d} cells from the end means scanning \
                     every cell to its right (at most {SCAN_LIMIT}); the value and outcome are \
                     exact at any size, so ask for them alone"
            )));
        };
        // Values of distances below d are below 2d, so a larger target has no move.
        let Some(t) = target.to_u64() else {
            return Ok(Some((vec![], Some(BigUint::default()))));
        };
        let mut out = Vec::new();
        for a in 0..ds {
            if let Some(b) = distance_of_value(t ^ bean_value_u64(a)) {
                if b <= a {
                    out.push(self.split(a, b));
                }
            }
        }
        Ok(Some(first_moves_counted(out, cap, limits)))
    }
}
