//! Wythoff's game: two heaps; take any positive number from one heap, or the same number from
//! both.
//!
//! Rules: `wythoff(a, b)` is one component (the pair). A move leaves (a - t, b), (a, b - t) or
//! (a - t, b - t) for some t >= 1.
//! Theory (Wythoff 1907): with phi = (1 + sqrt 5) / 2, the P-positions are the pairs
//! (a_k, b_k) = (floor(k phi), floor(k phi) + k), k = 0, 1, 2, ..., in either order.
//! The lower numbers a_k and the upper numbers b_k are complementary Beatty sequences: every
//! positive integer is in exactly one pair, exactly once. So a <= b is P iff
//! a = floor((b - a) phi), which integer arithmetic computes exactly:
//! floor(d phi) = floor((d + isqrt(5 d^2)) / 2) (sqrt(5 d^2) is irrational for d > 0, so taking
//! the integer square root first does not change the floor). No floating point anywhere.
//! Winning moves (from any size): a move keeps the difference (take from both) or keeps one heap.
//! Keeping the difference d, the only P-position is (a_d, b_d), reachable iff a_d < min(a, b).
//! Keeping heap v, the only P-position containing v is v's own pair (v, w(v)) (w(0) = 0), reachable
//! iff w(v) is smaller than the other heap. So there are at most three winning moves, each found
//! with O(1) big-integer square roots.
//! Nim-values (not only outcomes) come from a dense mex table for heaps up to [`TABLE_LIMIT`];
//! beyond that only the outcome and the winning moves alone are known.
//! Worked example (HDU 1527): wythoff(4, 7): d = 3, floor(3 phi) = (3 + isqrt(45)) / 2 = 4, so
//! (4, 7) is P and the first player loses. wythoff(8, 4) is N: d = 4 gives a_4 = 6 != 4; the one
//! winning move keeps the heap of 4 and takes the other to 4's partner 7, leaving (7, 4).
//! Source: W. A. Wythoff, "A modification of the game of Nim", 1907; HDU 1527 / POJ 1067.

use std::sync::RwLock;

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use crate::explanation::{Block, Explanation};
use crate::rules::{
    first_moves, Alone, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "wythoff",
        &[],
        "wythoff(a, b)",
        "Wythoff's game: take from one heap, or the same amount from both",
        "wythoff(4,7)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(Wythoff::default())),
    )
}

/// Largest heap for which nim-values are computed (by a dense table) and moves enumerated.
pub const TABLE_LIMIT: u64 = 2000;

/// The Wythoff ruleset, with its nim-value table grown on demand.
#[derive(Debug, Default)]
pub struct Wythoff {
    /// `table[a * side + b]` for a, b < side, where side is `table.len()` square root.
    table: RwLock<(usize, Vec<u32>)>,
}

/// floor(k phi) for k >= 0, exactly.
pub fn lower(k: &BigUint) -> BigUint {
    let five_k2 = k * k * 5u32;
    (k + five_k2.sqrt()) >> 1
}

/// The P-position partner of heap v: the w with {v, w} a P-position.
pub fn partner(v: &BigUint) -> BigUint {
    if v.is_zero() {
        return BigUint::zero();
    }
    // v = a_k for k near v / phi = v (sqrt 5 - 1) / 2, or v = b_k = a_k + k for k near v / phi^2.
    let s = (v * v * 5u32).sqrt();
    let k_low = (&s - v) >> 1;
    let start = if k_low > BigUint::from(2u32) {
        &k_low - 2u32
    } else {
        BigUint::zero()
    };
    for i in 0..6u32 {
        let k = &start + i;
        if &lower(&k) == v {
            return v + &k;
        }
    }
    // v is an upper number: v = a_k + k, so k is near v (3 - sqrt 5) / 2.
    let three_v = v * 3u32;
    let k_up = if three_v > s {
        (three_v - &s) >> 1
    } else {
        BigUint::zero()
    };
    let start = if k_up > BigUint::from(2u32) {
        k_up - 2u32
    } else {
        BigUint::zero()
    };
    for i in 0..6u32 {
        let k = &start + i;
        let a = lower(&k);
        if &a + &k == *v {
            return a;
        }
    }
    // Unreachable by Beatty's theorem (every v > 0 is a lower or an upper number, and the
    // windows above contain its index); answer something safe rather than panic.
    v.clone()
}

/// Whether (a, b) is a P-position.
pub fn is_p(a: &BigUint, b: &BigUint) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let d = hi - lo;
    &lower(&d) == lo
}

impl Wythoff {
    /// The nim-value of (a, b) for a, b <= TABLE_LIMIT from the table.
    fn table_value(&self, a: usize, b: usize) -> u32 {
        let need = a.max(b) + 1;
        let have = self.table.read().map(|t| t.0).unwrap_or(0);
        if have < need {
            let side = need.max(have * 2).clamp(64, TABLE_LIMIT as usize + 1);
            let t = compute_table(side);
            if let Ok(mut w) = self.table.write() {
                if w.0 < side {
                    *w = (side, t);
                }
            }
        }
        match self.table.read() {
            Ok(t) if t.0 >= need => t.1[a * t.0 + b],
            _ => compute_table(need)[a * need + b],
        }
    }
}

/// The nim-values of (a, b) for a, b < side: mex over the row to the left, the column below and
/// the diagonal, each kept as a bit set so a cell costs O(side / 64).
fn compute_table(side: usize) -> Vec<u32> {
    // Values are at most a + b < 2 side.
    let words = (2 * side).div_ceil(64) + 1;
    let mut rows = vec![0u64; side * words];
    let mut cols = vec![0u64; side * words];
    let mut diags = vec![0u64; 2 * side * words];
    let mut t = vec![0u32; side * side];
    for a in 0..side {
        for b in 0..side {
            let d = a + side - b;
            let mut v = 0usize;
            for w in 0..words {
                let seen = rows[a * words + w] | cols[b * words + w] | diags[d * words + w];
                if seen != u64::MAX {
                    v = w * 64 + (!seen).trailing_zeros() as usize;
                    break;
                }
            }
            t[a * side + b] = v as u32;
            let (w, bit) = (v / 64, 1u64 << (v % 64));
            rows[a * words + w] |= bit;
            cols[b * words + w] |= bit;
            diags[d * words + w] |= bit;
        }
    }
    t
}

fn take_text(t: &BigUint, which: &str) -> String {
    format!("take {t} from {which}")
}

/// A position: the two heaps, in the order written.
type Pair = (BigUint, BigUint);

impl Ruleset for Wythoff {
    type P = Pair;

    fn name(&self) -> String {
        "wythoff".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Pair>, ArgError> {
        if args.len() != 2 {
            return Err(ArgError::whole(format!(
                "Wythoff's game has exactly two heaps, found {} arguments; write wythoff(a, b)",
                args.len()
            )));
        }
        let mut heaps = Vec::with_capacity(2);
        for (i, a) in args.iter().enumerate() {
            heaps.push(a.as_natural().map_err(|m| ArgError::at(i, m))?);
        }
        let b = heaps.pop().unwrap_or_default();
        let a = heaps.pop().unwrap_or_default();
        Ok(vec![(a, b)])
    }

    fn args(&self, p: &Pair) -> Vec<Arg> {
        vec![
            Arg::Int(BigInt::from(p.0.clone())),
            Arg::Int(BigInt::from(p.1.clone())),
        ]
    }

    fn options(&self, p: &Pair, limits: &Limits) -> Result<Vec<Opt<Pair>>, Error> {
        limits.check()?;
        let (a, b) = (p.0.to_u64().unwrap_or(0), p.1.to_u64().unwrap_or(0));
        let st = |x: u64, y: u64| vec![(BigUint::from(x), BigUint::from(y))];
        let mut out = Vec::new();
        out.extend((0..a).map(|x| st(x, b)));
        out.extend((0..b).map(|y| st(a, y)));
        out.extend((1..=a.min(b)).map(|t| st(a - t, b - t)));
        Ok(out)
    }

    fn describe(&self, p: &Pair, to: &[Pair]) -> String {
        let Some((x, y)) = to.first() else {
            return "take everything".to_string();
        };
        let (a, b) = p;
        match (x < a, y < b) {
            (true, true) => take_text(&(a - x), "both heaps"),
            (true, false) => take_text(&(a - x), "the first heap"),
            _ => take_text(&(b - y), "the second heap"),
        }
    }

    fn searchable(&self, p: &Pair) -> Result<(), Error> {
        let (a, b) = p;
        let limit = BigUint::from(TABLE_LIMIT);
        if *a > limit || *b > limit {
            return Err(Error::too_large(format!(
                "the Wythoff heaps ({a}, {b}) are too large to search move by move (at most \
                 {TABLE_LIMIT} each); alone, their outcome and winning moves have a closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Pair> {
        let mut rng = crate::rules::Rng::new(seed);
        vec![(
            BigUint::from(rng.range(0, 9)),
            BigUint::from(rng.range(0, 9)),
        )]
    }

    fn theory(&self) -> Option<&dyn Theory<Pair>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Pair>> {
        Some(self)
    }
}

impl Theory<Pair> for Wythoff {
    fn nimber(&self, p: &Pair, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let (a, b) = p;
        match (a.to_u64(), b.to_u64()) {
            (Some(x), Some(y)) if x <= TABLE_LIMIT && y <= TABLE_LIMIT => {
                Ok(Some(Nimber::from(self.table_value(x as usize, y as usize))))
            }
            _ if is_p(a, b) => Ok(Some(Nimber::ZERO)),
            _ => Err(Error::too_large(format!(
                "the nim-value of wythoff({a},{b}) is only tabled for heaps up to \
                     {TABLE_LIMIT}; its outcome alone is known exactly"
            ))),
        }
    }

    fn explain(&self, p: &Pair) -> Option<Explanation> {
        let (a, b) = p;
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let d = hi - lo;
        let s = (&d * &d * 5u32).sqrt();
        let ad = lower(&d);
        let mut blocks = vec![
            Block::Para(
                "The P-positions of Wythoff's game are the pairs (a_k, a_k + k) with \
                 a_k = floor(k phi), phi = (1 + sqrt 5) / 2; every positive integer lies in \
                 exactly one pair (Beatty's theorem)."
                    .to_string(),
            ),
            Block::Pre(vec![
                format!("difference k = {hi} - {lo} = {d}"),
                format!("isqrt(5 k^2) = {s}"),
                format!("a_k = floor(k phi) = ({d} + {s}) div 2 = {ad}"),
                format!("pair for this difference: ({ad}, {})", &ad + &d),
            ]),
        ];
        if &ad == lo {
            blocks.push(Block::Para(format!(
                "The smaller heap {lo} equals a_k, so ({a}, {b}) is a P-position: the player to \
                 move loses."
            )));
        } else {
            let items = winning_moves(p)
                .into_iter()
                .map(|q| {
                    let text = self.describe(p, std::slice::from_ref(&q));
                    format!("{text} leaving the P-position ({}, {})", q.0, q.1)
                })
                .collect();
            blocks.push(Block::Para(format!(
                "The smaller heap {lo} differs from a_k = {ad}, so ({a}, {b}) is an \
                 N-position. Winning moves keep one heap and move the other to its partner \
                 in the pair containing the kept heap, or keep the difference and move to \
                 ({ad}, {}):",
                &ad + &d
            )));
            blocks.push(Block::List(items));
        }
        Some(Explanation {
            title: format!("Wythoff's game ({a}, {b})"),
            blocks,
        })
    }
}

impl Alone<Pair> for Wythoff {
    fn outcome_alone(&self, p: &Pair, _limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(Some(if is_p(&p.0, &p.1) {
            Outcome::P
        } else {
            Outcome::N
        }))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &Pair,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<Pair>>, Error> {
        Ok(Some(first_moves(
            winning_moves(p).into_iter().map(|q| vec![q]).collect(),
            cap,
        )))
    }
}

/// The P-positions one move away from (a, b), at any size: keep the first heap and move the
/// second to its partner, keep the second, or keep the difference (at most three moves).
fn winning_moves(p: &Pair) -> Vec<Pair> {
    let (a, b) = p;
    let mut out = Vec::new();
    let wa = partner(a);
    if wa < *b {
        out.push((a.clone(), wa));
    }
    let wb = partner(b);
    if wb < *a {
        out.push((wb, b.clone()));
    }
    let lo = a.min(b);
    let d = if a <= b { b - a } else { a - b };
    let ad = lower(&d);
    if ad < *lo {
        let t = lo - &ad;
        out.push((a - &t, b - &t));
    }
    out
}
