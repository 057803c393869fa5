//! `every(A, B, ...)`, the **continued conjunctive compound** (Every-SG, HDU 3595 "GG and
//! MM"): a move is a move in every part that still has one; play ends when no part has a
//! move. Theory (Winning Ways' suspense numbers; Jia Zhihao, "Every-SG", 2009): step(v) = 0
//! at the end; 1 + the greatest step of an option of value 0 when v has nonzero value (the
//! winner prolongs); 1 + the least step of an option when v has value 0 (the loser
//! hurries). The player to move wins exactly when the greatest step of the parts is odd.

use num_bigint::BigUint;

use super::theory::EVEN_TOP;
use super::{Operator, Parts, Theory, Verdict, Words};
use crate::position::Component;
use crate::{Error, Limits};

/// What the continued conjunctive compound (Every-SG) is called and how its theory reads.
const WORDS: Words = Words {
    name: "every",
    title: "continued conjunctive compound (Every-SG)",
    summary: "Every-SG: move in every part that can move; ends when all parts end (steps)",
    example: "every(nim(2), nim(1,1))",
    help: "HDU 3595 GG and MM. Alone, the compound is won for the player to move when the \
           greatest step (suspense number) of its parts is odd.",
    rule: "A move moves every part that still can; play ends when no part can. Step \
           (suspense number): 0 at the end; for a part of nonzero value, 1 + the \
           greatest step of its options of value 0 (the winner prolongs); for a part of \
           value 0, 1 + the least step of its options (the loser hurries). The last part \
           to end decides: the player to move wins exactly when the greatest step is \
           odd (Every-SG, Jia Zhihao 2009; Winning Ways, chapter 9).",
    column: "step",
    note: None,
};

/// The continued conjunctive compound (Every-SG).
pub(super) struct Every;

impl Operator for Every {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn move_count(&self, counts: &[u128]) -> u128 {
        counts
            .iter()
            .fold(1u128, |a, &c| a.saturating_mul(c.max(1)))
    }

    fn moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        _limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        // Every part that can move moves; a finished part stays.
        t.product_moves(parts, |has_moves| !has_moves)
    }

    fn verdict(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Verdict, Error> {
        let numbers = t.part_facts(parts, |f| f.step, limits)?;
        let won = numbers.iter().max().is_some_and(|s| s % 2 == 1);
        Ok(Verdict::new(won, numbers.into_iter().map(BigUint::from)))
    }

    fn winning_moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        // An even greatest step is an even least key `EVEN_TOP - step`; a finished part
        // stays (step 0).
        t.least_even_moves(parts, |f| EVEN_TOP - f.step, Some(EVEN_TOP), cap, limits)
    }
}
