//! `select(A, B, ...)`, the **selective compound**: a move is a move in any nonempty set of
//! parts; play ends when no part has a move. Theory (Winning Ways, chapter 9): the player to
//! move loses exactly when every part has value 0; the winning moves move every part of
//! nonzero value to value 0 and nothing else.

use num_bigint::BigUint;

use super::theory::odometer;
use super::{Operator, Parts, Theory, Verdict, Words};
use crate::position::Component;
use crate::{Error, Limits, Nimber};

/// What the selective compound is called and how its theory reads.
const WORDS: Words = Words {
    name: "select",
    title: "selective compound",
    summary: "selective compound: move in any nonempty set of parts",
    example: "select(nim(3), wythoff(1,2))",
    help: "Alone, the compound is lost for the player to move when every part is.",
    rule: "A move moves any nonempty set of parts. If every part has value 0, every move \
           leaves some part nonzero and the opponent restores them all to 0; otherwise \
           moving exactly the nonzero parts to 0 wins. So the player to move loses \
           exactly when every part has value 0 (Winning Ways, chapter 9).",
    column: "value",
    note: None,
};

/// The selective compound.
pub(super) struct Select;

impl Operator for Select {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn move_count(&self, counts: &[u128]) -> u128 {
        counts
            .iter()
            .fold(1u128, |a, &c| a.saturating_mul(c + 1))
            .saturating_sub(1)
    }

    fn moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        _limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        // Any part may stay, as long as one moves.
        t.product_moves(parts, |_| true)
    }

    fn verdict(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Verdict, Error> {
        let v = t.part_values(parts, limits)?;
        let won = v.iter().any(|n| !n.is_zero());
        Ok(Verdict::new(won, v.iter().map(Nimber::to_biguint)))
    }

    fn winning_moves(
        &self,
        t: &mut Theory,
        p: &[Vec<Component>],
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        // Every part of nonzero value to value 0, the others staying: the product of each
        // such part's moves to 0.
        let none = || Ok((Vec::new(), Some(BigUint::default())));
        let mut lists: Vec<(usize, Vec<Vec<Component>>)> = Vec::new();
        let mut count = Some(BigUint::from(1u32));
        for (i, part) in p.iter().enumerate() {
            let v = t.value(part, limits)?;
            if v.is_zero() {
                continue;
            }
            let (listed, n) = t.part_moves_to(part, &v, &Nimber::ZERO, cap, limits)?;
            count = match (count, n) {
                (Some(a), Some(b)) => Some(a * b),
                _ => None,
            };
            lists.push((i, listed));
        }
        if lists.is_empty() {
            return none();
        }
        let mut out = Vec::new();
        if cap > 0 {
            let lens: Vec<usize> = lists.iter().map(|(_, l)| l.len()).collect();
            odometer(&lens, |idx| {
                let mut next = p.to_vec();
                for (&x, (i, l)) in idx.iter().zip(&lists) {
                    next[*i] = l[x].clone();
                }
                out.push(Parts(next));
                Ok(out.len() < cap)
            })?;
        }
        Ok((out, count))
    }
}
