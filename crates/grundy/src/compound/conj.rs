//! `conj(A, B, ...)`, the **conjunctive compound**: a move is a move in every part at once;
//! play ends as soon as some part has no move (normal play: who cannot move loses).
//! Theory (Smith; Winning Ways, chapter 9, "Slow Joe"): with Steinhaus' remoteness R (0 at
//! the end; a won position is 1 + the least even R of its options, a lost one 1 + the
//! greatest R), the compound's remoteness is the least R of its parts, and the player to
//! move loses exactly when it is even.

use num_bigint::BigUint;

use super::{Operator, Parts, Theory, Verdict, Words};
use crate::position::Component;
use crate::{Error, Limits};

/// What the conjunctive compound is called and how its theory reads.
const WORDS: Words = Words {
    name: "conj",
    title: "conjunctive compound",
    summary: "conjunctive compound: move in every part; ends when some part ends (remoteness)",
    example: "conj(nim(3), sub[1,2](7))",
    help: "Each argument is a whole expression (a sum such as nim(1,2) + *3). Alone, the \
           compound is lost for the player to move when the least remoteness of its parts \
           is even.",
    rule: "A move moves every part; play ends when some part cannot move. Remoteness R \
           (Steinhaus): 0 at the end; a won position is 1 + the least even R of its \
           options (the winner hurries), a lost one 1 + the greatest R (the loser \
           delays). The compound lasts as long as its shortest part: the player to move \
           loses exactly when the least R is even (Winning Ways, chapter 9).",
    column: "remoteness R",
    note: None,
};

/// The conjunctive compound.
pub(super) struct Conj;

impl Operator for Conj {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn move_count(&self, counts: &[u128]) -> u128 {
        counts.iter().fold(1u128, |a, &c| a.saturating_mul(c))
    }

    fn moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        _limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        // Every part moves: none stays.
        t.product_moves(parts, |_| false)
    }

    fn verdict(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Verdict, Error> {
        let numbers = t.part_facts(parts, |f| f.remoteness, limits)?;
        let won = numbers.iter().min().is_some_and(|r| r % 2 == 1);
        Ok(Verdict::new(won, numbers.into_iter().map(BigUint::from)))
    }

    fn winning_moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        // To an even least remoteness; a part without a move ends the compound.
        t.least_even_moves(parts, |f| f.remoteness, None, cap, limits)
    }
}
