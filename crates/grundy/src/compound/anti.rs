//! `anti(A, B, ...)`, **Anti-SG with the SJ rule**: the sum of the parts under misere play
//! (who makes the last move loses), where play also ends as soon as every part has value 0
//! (then the player to move has won). SJ theorem (Jia Zhihao, 2009): the player to move
//! wins exactly when the XOR of the parts' values is nonzero and some part has value above
//! 1, or the XOR is 0 and no part has value above 1. As a game of the engine (normal play),
//! a position where every part has value 0 has a single move, "the game is over", after
//! which the compound leaves the sum (the theory writes that finished game `Parts(vec![])`).

use num_bigint::BigUint;

use super::{sum_options, Operator, Parts, Theory, Verdict, Words};
use crate::position::Component;
use crate::{Error, Limits, Nimber};

/// What the Anti-SG sum with the SJ rule is called and how its theory reads.
const WORDS: Words = Words {
    name: "anti",
    title: "Anti-SG sum with the SJ rule",
    summary: "Anti-SG: misere sum of the parts that also ends when every part has value 0 (SJ)",
    example: "anti(nim(1), nim(1), nim(2))",
    help: "SJ theorem: the player to move wins when the XOR is nonzero and some part is \
           above 1, or the XOR is 0 and no part is above 1. A position where every part has \
           value 0 is over; the engine shows it as N with the single move 'the game is over', \
           after which the compound leaves the sum (alone: 0). This is not --misere, which plays the sum to its \
           last move: the two agree when every part of value 0 has no move (Nim heaps), and \
           differ on trees (tree(0,1,0,3) is P under --misere, N as anti(tree(0,1,0,3))). \
           Judges of Anti-SG on trees (HDU 3590) expect anti(...).",
    rule: "The sum under misere play (the last mover loses) that also ends when every \
           part has value 0. SJ theorem (Jia Zhihao 2009): the player to move wins \
           exactly when the XOR of the values is nonzero and some part is above 1, or \
           the XOR is 0 and no part is above 1.",
    column: "value",
    note: Some(
        "This is not the literal misere sum (--misere), which plays on until nobody \
         can move: a part of value 0 may still have moves (a tree of two equal \
         branches). The two agree when every part of value 0 has no move, as in Nim; \
         on trees they differ (tree(0,1,0,3) is P under --misere and N here). Judges \
         of Anti-SG (HDU 3590, trees) expect this answer.",
    ),
};

/// The Anti-SG sum with the SJ rule.
pub(super) struct Anti;

impl Operator for Anti {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn move_count(&self, counts: &[u128]) -> u128 {
        counts.iter().sum::<u128>().max(1)
    }

    fn moves(
        &self,
        t: &mut Theory,
        p: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        if t.all_zero(p, limits)? {
            // The game is over: its one move is to the finished game.
            return Ok(vec![Parts(Vec::new())]);
        }
        let mut out = Vec::new();
        for (i, part) in p.iter().enumerate() {
            for to in sum_options(part)? {
                let mut next = p.to_vec();
                next[i] = to;
                out.push(Parts(next));
            }
        }
        Ok(out)
    }

    fn verdict(
        &self,
        t: &mut Theory,
        p: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Verdict, Error> {
        let v = t.part_values(p, limits)?;
        let won = if p.is_empty() {
            // The finished game (after "the game is over"): lost for the player to move.
            false
        } else {
            let x = crate::nim_sum(v.iter());
            let big = v.iter().any(|n| *n > Nimber::new(1));
            x.is_zero() != big
        };
        Ok(Verdict::new(won, v.iter().map(Nimber::to_biguint)))
    }

    fn winning_moves(
        &self,
        t: &mut Theory,
        p: &[Vec<Component>],
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        let v = t.part_values(p, limits)?;
        let one = Nimber::new(1);
        let big = v.iter().filter(|n| **n > one).count();
        if big == 0 && v.iter().all(Nimber::is_zero) {
            // The game is over: its one move, to the finished game, wins.
            let listed = if cap > 0 {
                vec![Parts(Vec::new())]
            } else {
                Vec::new()
            };
            return Ok((listed, Some(BigUint::from(1u32))));
        }
        let x = crate::nim_sum(v.iter());
        let mut out = Vec::new();
        let mut count = Some(BigUint::default());
        for (i, part) in p.iter().enumerate() {
            if i % 256 == 255 {
                limits.check()?;
            }
            // SJ: the position after the move is lost when its XOR is 0 and some part
            // is above 1, or its XOR is not 0 and no part is above 1. With the other
            // parts fixed, one value w of this part does it.
            let rest = &x ^ &v[i];
            let big_rest = big - usize::from(v[i] > one);
            let w = if big_rest > 0 { rest } else { &rest ^ &one };
            if w == v[i] {
                continue;
            }
            let room = cap - out.len().min(cap);
            let (listed, n) = t.part_moves_to(part, &v[i], &w, room, limits)?;
            count = match (count, n) {
                (Some(a), Some(b)) => Some(a + b),
                _ => None,
            };
            for to in listed {
                let mut next = p.to_vec();
                next[i] = to;
                out.push(Parts(next));
            }
        }
        Ok((out, count))
    }
}
