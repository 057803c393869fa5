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
//! sum of the smallest few Zeckendorf terms of n; so the winning moves are among the suffix
//! sums of the representation, each checked exactly.
//! Size: the representation is kept as Fibonacci indices, and the Fibonacci numbers are walked
//! in place (down from the largest one at most n, found by fast doubling, with
//! F(k-1) = F(k+1) - F(k); up again for the suffix sums), so memory stays a few copies of n and
//! time is O(log n) big-number subtractions: a heap of 10^100000 takes about two seconds.
//! Nim-values (for sums) come from search, for heaps up to [`SEARCH_LIMIT`].
//! Misere play (whoever takes the last counter loses), one heap: a position with no move
//! (n = 0, or m = 0) is won by the player to move. Otherwise taking the last counter loses at
//! once, so no one takes it by choice, and the game is normal-play Fibonacci Nim on n - 1
//! counters with the same limit (a limit above the n - 1 counters means the same as n - 1):
//! (n, m) is P iff n = 1 or z(n - 1) > m, and its winning takes are those of (n - 1, m) in
//! normal play. At the start (m = n - 1 >= 1) the first player always wins (taking n - 1
//! leaves the last counter to the opponent). Found and checked by brute force over every
//! (n, m) with n <= 3000 (4.5 million states); the tests check it to n = 1000.
//! Worked example (HDU 2516): fibnim(13) is P (13 is a Fibonacci number); fibnim(10000):
//! 10000 = 6765 + 2584 + 610 + 34 + 5 + 2, so the first player takes 2 and wins.
//! Source: M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963); HDU 2516.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::explanation::{Block, Explanation};
use crate::rules::{Alone, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory};
use crate::{Error, Limit, Limits, Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "fibnim",
        &["fibonacci_nim"],
        "fibnim(n) (start) or fibnim(n, m) (at most m may be taken now)",
        "Fibonacci Nim: take at most twice the previous take; the first move not all",
        "fibnim(10000)",
        None,
        |_, _| Ok(RulesetRef::of(FibNim::default())),
    )
    .with_help(
        "One heap at any size (10^5 digits): normal play by Zeckendorf's representation \
         (Whinihan), misere play (taking the last counter loses) as normal play on one counter \
         fewer. Nim-values, for sums, are searched up to 200 counters.",
    )
}

/// Largest heap whose moves are enumerated (the search visits O(n^2) states).
pub const SEARCH_LIMIT: u64 = 200;

/// Steps of a Fibonacci walk between two checks of the limits (cancel, deadline).
const CHECK_EVERY: u64 = 1 << 12;

/// The Fibonacci Nim ruleset. It keeps the last Zeckendorf representation it made: one
/// analysis asks for the value, the outcome and the winning moves of the same heap, and on a
/// heap of 10^5 digits each walk takes about a second.
#[derive(Debug, Default)]
pub struct FibNim {
    last: Mutex<Option<(BigUint, Zeckendorf)>>,
}

/// A Zeckendorf representation: the Fibonacci indices, largest first, and the smallest term.
type Zeckendorf = (Vec<u64>, Option<BigUint>);

impl FibNim {
    /// The Zeckendorf representation of n, from the cache when it is the last one asked for.
    fn zeckendorf(&self, n: &BigUint, limits: &Limits) -> Result<Zeckendorf, Error> {
        if let Ok(last) = self.last.lock() {
            if let Some((m, z)) = last.as_ref() {
                if m == n {
                    return Ok(z.clone());
                }
            }
        }
        let z = zeckendorf(n, limits)?;
        // Small heaps are cheap to walk again; keep only the ones worth keeping.
        if n.bits() > 4096 {
            if let Ok(mut last) = self.last.lock() {
                *last = Some((n.clone(), z.clone()));
            }
        }
        Ok(z)
    }

    /// Whether (n, m) is a P-position: n = 0, or the smallest Zeckendorf term of n exceeds m
    /// (Whinihan).
    fn is_p(&self, n: &BigUint, m: &BigUint, limits: &Limits) -> Result<bool, Error> {
        Ok(self.zeckendorf(n, limits)?.1.is_none_or(|z| z > *m))
    }
}

/// A position: the heap and, after the first move, the most that may be taken now (`None`
/// is the start, where anything but the whole heap may be taken).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fib {
    /// Counters in the heap.
    pub n: BigUint,
    /// The most that may be taken now; `None` at the start (n - 1).
    pub m: Option<BigUint>,
}

impl Fib {
    /// The most that may be taken now.
    fn limit(&self) -> BigUint {
        match &self.m {
            Some(m) => m.clone(),
            None if self.n.is_zero() => BigUint::zero(),
            None => &self.n - 1u32,
        }
    }
}

/// F(k) and F(k + 1), with F(0) = 0 and F(1) = 1, by fast doubling.
///
/// Complexity: O(log k) big-number multiplications.
fn fib_pair(k: u64) -> (BigUint, BigUint) {
    let (mut a, mut b) = (BigUint::zero(), BigUint::one());
    for bit in (0..64 - k.leading_zeros()).rev() {
        // F(2j) = F(j) (2 F(j+1) - F(j)); F(2j+1) = F(j)^2 + F(j+1)^2.
        let c = &a * ((&b << 1u32) - &a);
        let d = &a * &a + &b * &b;
        if k >> bit & 1 == 1 {
            b = &c + &d;
            a = d;
        } else {
            a = c;
            b = d;
        }
    }
    (a, b)
}

/// The Zeckendorf representation of n as Fibonacci indices (F(2) = 1, F(3) = 2, F(4) = 3, ...),
/// largest first, with the smallest term itself (`None` for n = 0).
///
/// Arguments: `n`; `limits` for cancellation and the deadline on huge heaps.
/// Returns: the indices (non-consecutive, each at least 2) and F(last index).
/// Complexity: O(log n) in-place subtractions of numbers of O(log n) bits.
/// Example: 10000 = F(20) + F(18) + F(15) + F(9) + F(5) + F(3) = 6765 + 2584 + 610 + 34 + 5 + 2.
pub fn zeckendorf(n: &BigUint, limits: &Limits) -> Result<Zeckendorf, Error> {
    if n.is_zero() {
        return Ok((Vec::new(), None));
    }
    // F(k) is about phi^k / sqrt 5: start a little below the largest index with F(k) <= n.
    let bits = n.bits() as f64;
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let guess = ((bits - 1.0) * std::f64::consts::LN_2 + 0.5 * 5f64.ln()) / phi.ln();
    let mut k = (guess.floor() as u64).saturating_sub(3).max(2);
    let (mut a, mut b) = fib_pair(k);
    while a > *n && k > 2 {
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
    while b <= *n {
        a += &b;
        std::mem::swap(&mut a, &mut b);
        k += 1;
    }
    // Now F(k) <= n < F(k + 1): walk down, taking each Fibonacci number that fits.
    let mut rest = n.clone();
    let mut out = Vec::new();
    loop {
        if a <= rest {
            rest -= &a;
            out.push(k);
            if rest.is_zero() {
                return Ok((out, Some(a)));
            }
        }
        if k.is_multiple_of(CHECK_EVERY) {
            limits.check()?;
        }
        // (F(k), F(k + 1)) becomes (F(k - 1), F(k)) in place.
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
        if k < 2 {
            // Unreachable for n >= 1 (F(2) = 1 takes any rest of 1); kept total.
            return Ok((out, None));
        }
    }
}

/// Whether (n, m) is a P-position: n = 0, or the smallest Zeckendorf term of n exceeds m
/// (Whinihan), without a ruleset, for the tests.
#[cfg(test)]
fn is_p(n: &BigUint, m: &BigUint, limits: &Limits) -> Result<bool, Error> {
    Ok(zeckendorf(n, limits)?.1.is_none_or(|z| z > *m))
}

/// The winning takes from (n, m), smallest first: at most `cap` of them, and how many there
/// are in all.
///
/// Complexity: one upward Fibonacci walk to the largest term needed, O(log n) additions.
#[cfg(test)]
fn winning_takes(
    n: &BigUint,
    m: &BigUint,
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<BigUint>, usize), Error> {
    takes_of(&zeckendorf(n, limits)?.0, n, m, cap, limits)
}

/// The winning takes from (n, m) given the Zeckendorf indices `z` of n, smallest first: at
/// most `cap` of them, and how many there are in all.
fn takes_of(
    z: &[u64],
    n: &BigUint,
    m: &BigUint,
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<BigUint>, usize), Error> {
    let mut listed = Vec::new();
    let mut count = 0usize;
    let Some(&first) = z.last() else {
        return Ok((listed, 0));
    };
    // Twice the suffix sum, compared with twice m and n, so that no comparison allocates.
    let (m2, n2): (BigUint, BigUint) = (m << 1u32, n << 1u32);
    let mut k2 = BigUint::zero();
    // (a, b) = (F(i), F(i + 1)), walked up to the index of each term in turn.
    let (mut a, mut b, mut i) = (BigUint::one(), BigUint::from(2u32), 2u64);
    let mut up_to = |target: u64, a: &mut BigUint, b: &mut BigUint| -> Result<(), Error> {
        while i < target {
            *a += &*b;
            std::mem::swap(a, b);
            i += 1;
            if i.is_multiple_of(CHECK_EVERY) {
                limits.check()?;
            }
        }
        Ok(())
    };
    up_to(first, &mut a, &mut b)?;
    for j in (0..z.len()).rev() {
        // a = F(z[j]): the take is the sum of the terms z[j..].
        k2 += &a;
        k2 += &a;
        if k2 > m2 || k2 > n2 {
            break;
        }
        let opponent_loses = match j.checked_sub(1) {
            None => true,
            Some(above) => {
                up_to(z[above], &mut a, &mut b)?;
                a > k2
            }
        };
        if opponent_loses {
            count += 1;
            if listed.len() < cap {
                listed.push(&k2 >> 1u32);
            }
        }
    }
    Ok((listed, count))
}

/// At most `cap` of the winning takes from `(heap, m)` (by the Zeckendorf indices `z` of
/// `heap`), as moves of the heap `n` (the heap itself in normal play, one more in misere play),
/// and the number of them all.
///
/// Each listed move holds two numbers as long as the heap: a list beyond the memory limit is
/// refused rather than built (the count is exact either way).
fn listed_takes(
    z: &[u64],
    heap: &BigUint,
    n: &BigUint,
    m: &BigUint,
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<Opt<Fib>>, BigUint), Error> {
    let per_move = n.bits() / 4 + 64;
    let mut listed = cap;
    if (cap as u64).saturating_mul(per_move) > limits.max_memory {
        listed = cap.min(takes_of(z, heap, m, 0, limits)?.1);
    }
    let bytes = (listed as u64).saturating_mul(per_move);
    if bytes > limits.max_memory {
        return Err(Error::limit(
            Limit::Memory(limits.max_memory),
            format!(
                "listing {listed} winning moves of Fibonacci Nim with {} counters would take \
                 about {bytes} bytes, over the memory limit of {} bytes; ask for fewer moves",
                short(n),
                limits.max_memory
            ),
        ));
    }
    let (takes, count) = takes_of(z, heap, m, cap, limits)?;
    let moves = takes.iter().map(|k| vec![after(n, k)]).collect();
    Ok((moves, BigUint::from(count)))
}

/// The position after taking k from n.
fn after(n: &BigUint, k: &BigUint) -> Fib {
    let left = n - k;
    let limit = (k << 1u32).min(left.clone());
    Fib {
        n: left,
        m: Some(limit),
    }
}

/// A number as text, or its length when it is too long to read.
fn short(n: &BigUint) -> String {
    let text = n.to_string();
    if text.len() <= 60 {
        text
    } else {
        format!("a {}-digit number", text.len())
    }
}

impl Ruleset for FibNim {
    type P = Fib;

    fn name(&self) -> String {
        "fibnim".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Fib>, ArgError> {
        if args.is_empty() || args.len() > 2 {
            return Err(ArgError::whole(format!(
                "Fibonacci Nim takes the heap and optionally the most that may be taken now, \
                 found {} arguments; write fibnim(n) or fibnim(n, m)",
                args.len()
            )));
        }
        let mut nat = args
            .iter()
            .enumerate()
            .map(|(i, a)| a.as_natural().map_err(|m| ArgError::at(i, m)));
        let n = nat.next().transpose()?.unwrap_or_default();
        let m = nat.next().transpose()?;
        Ok(vec![Fib { n, m }])
    }

    fn args(&self, p: &Fib) -> Vec<Arg> {
        let mut out = vec![Arg::Int(p.n.clone().into())];
        if let Some(m) = &p.m {
            out.push(Arg::Int(m.clone().into()));
        }
        out
    }

    fn options(&self, p: &Fib, limits: &Limits) -> Result<Vec<Opt<Fib>>, Error> {
        limits.check()?;
        let top = p.n.clone().min(p.limit()).to_u64().unwrap_or(0);
        Ok((1..=top)
            .map(|k| vec![after(&p.n, &BigUint::from(k))])
            .collect())
    }

    fn describe(&self, p: &Fib, to: &[Fib]) -> String {
        let left = to.first().map(|q| q.n.clone()).unwrap_or_default();
        let k = if left <= p.n {
            &p.n - &left
        } else {
            BigUint::zero()
        };
        format!("take {k} of {}", p.n)
    }

    fn searchable(&self, p: &Fib) -> Result<(), Error> {
        if p.n > BigUint::from(SEARCH_LIMIT) {
            return Err(Error::too_large(format!(
                "the Fibonacci Nim heap {} is too large to search (at most {SEARCH_LIMIT}): \
                 alone, in normal or misere play, its outcome and winning moves have a closed \
                 form, but in a sum normal play needs its nim-value and misere play a search \
                 of the whole sum, and neither is known at this size",
                short(&p.n)
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Fib> {
        let mut rng = crate::rules::Rng::new(seed);
        let n = BigUint::from(rng.range(0, 40));
        let m = match rng.range(0, 2) {
            0 => None,
            _ => Some(BigUint::from(rng.range(0, 45))),
        };
        vec![Fib { n, m }]
    }

    fn theory(&self) -> Option<&dyn Theory<Fib>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Fib>> {
        Some(self)
    }
}

impl Theory<Fib> for FibNim {
    fn nimber(&self, p: &Fib, limits: &Limits) -> Result<Option<Nimber>, Error> {
        if p.n <= BigUint::from(SEARCH_LIMIT) {
            return Ok(None);
        }
        if self.is_p(&p.n, &p.limit(), limits)? {
            return Ok(Some(Nimber::ZERO));
        }
        Err(Error::too_large(format!(
            "the nim-value of Fibonacci Nim with {} counters is only searched up to \
             {SEARCH_LIMIT}; its outcome alone is known exactly",
            short(&p.n)
        )))
    }

    fn explain(&self, p: &Fib) -> Option<Explanation> {
        let limits = Limits::default();
        let (n, m) = (&p.n, p.limit());
        let (z, smallest) = self.zeckendorf(n, &limits).ok()?;
        const SHOWN: usize = 12;
        let term = |k: u64| -> String {
            let f = fib_pair(k).0;
            if f.bits() <= 200 {
                f.to_string()
            } else {
                format!("F({k})")
            }
        };
        let mut terms: Vec<String> = z.iter().take(SHOWN).map(|&k| term(k)).collect();
        if z.len() > SHOWN {
            terms.push(format!("... ({} terms in all)", z.len()));
        }
        let mut blocks = vec![
            Block::Para(
                "Every n is uniquely a sum of non-consecutive Fibonacci numbers (Zeckendorf); \
                 the player to move wins iff the smallest term is at most the most that may \
                 be taken now, and taking that term wins. F(2) = 1, F(3) = 2, F(4) = 3, ... \
                 names the terms too long to print."
                    .to_string(),
            ),
            Block::Pre(vec![
                format!(
                    "{} = {}",
                    short(n),
                    if terms.is_empty() {
                        "0".to_string()
                    } else {
                        terms.join(" + ")
                    }
                ),
                format!("most that may be taken now: {}", short(&m)),
            ]),
        ];
        match smallest {
            None => blocks.push(Block::Para(
                "No counters are left: the player to move loses.".to_string(),
            )),
            Some(small) if small > m => blocks.push(Block::Para(format!(
                "The smallest term {} exceeds {}: every take leaves the opponent a winning \
                 reply, so this is a P-position.",
                short(&small),
                short(&m)
            ))),
            Some(small) => {
                let (takes, count) = takes_of(&z, n, &m, SHOWN, &limits).ok()?;
                let mut list: Vec<String> =
                    takes.iter().map(|k| format!("take {}", short(k))).collect();
                if count > takes.len() {
                    list.push(format!("... and {} more", count - takes.len()));
                }
                blocks.push(Block::Para(format!(
                    "The smallest term {} is at most {}: taking it leaves a heap whose \
                     smallest term exceeds twice the take. All {count} winning moves:",
                    short(&small),
                    short(&m)
                )));
                blocks.push(Block::List(list));
            }
        }
        Some(Explanation {
            title: format!(
                "Fibonacci Nim (heap {}, take at most {})",
                short(n),
                short(&m)
            ),
            blocks,
        })
    }
}

impl Alone<Fib> for FibNim {
    fn outcome_alone(&self, p: &Fib, limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(Some(if self.is_p(&p.n, &p.limit(), limits)? {
            Outcome::P
        } else {
            Outcome::N
        }))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &Fib,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Fib>>, Error> {
        let (z, _) = self.zeckendorf(&p.n, limits)?;
        let (moves, count) = listed_takes(&z, &p.n, &p.n, &p.limit(), cap, limits)?;
        Ok(Some((moves, Some(count))))
    }

    fn misere_alone(
        &self,
        p: &Fib,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Outcome, Vec<Opt<Fib>>, Option<BigUint>)>, Error> {
        let m = p.limit();
        if p.n.is_zero() || m.is_zero() {
            // No move: under misere play the player to move has already won.
            return Ok(Some((Outcome::N, Vec::new(), Some(BigUint::zero()))));
        }
        // See `misere` in the module's documentation: normal play on n - 1 counters.
        let rest = &p.n - 1u32;
        let (z, smallest) = self.zeckendorf(&rest, limits)?;
        if smallest.is_none_or(|s| s > m) {
            return Ok(Some((Outcome::P, Vec::new(), Some(BigUint::zero()))));
        }
        let (moves, count) = listed_takes(&z, &rest, &p.n, &m, cap, limits)?;
        Ok(Some((Outcome::N, moves, Some(count))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The Fibonacci numbers 1, 2, 3, 5, ... up to `n`, by addition (the independent check).
    fn fibs_upto(n: &BigUint) -> Vec<BigUint> {
        let mut f = vec![BigUint::one(), BigUint::from(2u32)];
        while f.last().is_some_and(|x| x <= n) {
            let k = f.len();
            let next = &f[k - 1] + &f[k - 2];
            f.push(next);
        }
        f
    }

    /// The greedy Zeckendorf terms of n, largest first, by a list of every Fibonacci number.
    fn naive_terms(n: &BigUint) -> Vec<BigUint> {
        let mut rest = n.clone();
        let mut out = Vec::new();
        for f in fibs_upto(n).iter().rev() {
            if *f <= rest {
                rest -= f;
                out.push(f.clone());
            }
        }
        out
    }

    /// Outcomes of every (n, m) with n, m <= 60 by plain backward induction.
    fn brute_p(size: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![true; size + 1]; size + 1];
        for n in 1..=size {
            for m in 0..=size {
                let top = m.min(n);
                p[n][m] = !(1..=top).any(|k| p[n - k][(2 * k).min(size)]);
            }
        }
        p
    }

    #[test]
    fn fast_doubling_matches_addition() {
        let (mut a, mut b) = (BigUint::zero(), BigUint::one());
        for k in 0..300u64 {
            assert_eq!(fib_pair(k), (a.clone(), b.clone()), "k = {k}");
            let c = &a + &b;
            a = b;
            b = c;
        }
    }

    #[test]
    fn outcomes_and_every_winning_take_match_backward_induction() {
        const SIZE: usize = 60;
        let p = brute_p(SIZE);
        let limits = Limits::default();
        for n in 0..=SIZE {
            for m in 0..=SIZE {
                let (nb, mb) = (BigUint::from(n), BigUint::from(m));
                assert_eq!(is_p(&nb, &mb, &limits).unwrap(), p[n][m], "({n}, {m})");
                let want: Vec<BigUint> = (1..=m.min(n))
                    .filter(|&k| p[n - k][(2 * k).min(SIZE)])
                    .map(BigUint::from)
                    .collect();
                let (got, count) = winning_takes(&nb, &mb, usize::MAX, &limits).unwrap();
                assert_eq!(got, want, "({n}, {m})");
                assert_eq!(count, want.len());
                let (first, count2) = winning_takes(&nb, &mb, 1, &limits).unwrap();
                assert_eq!(first, want.iter().take(1).cloned().collect::<Vec<_>>());
                assert_eq!(count2, want.len());
            }
        }
    }

    /// Misere play by plain backward induction over every (n, m) with m <= n <= size: whether
    /// the player to move wins; a player with no move (n = 0 or m = 0) wins.
    fn brute_misere_win(size: usize) -> Vec<Vec<bool>> {
        let mut win: Vec<Vec<bool>> = Vec::with_capacity(size + 1);
        for n in 0..=size {
            let mut row = vec![true; n + 1];
            for m in 1..=n {
                let k = m;
                let takes_k_wins = !win[n - k][(2 * k).min(n - k)];
                row[m] = (m > 1 && row[m - 1]) || takes_k_wins;
            }
            win.push(row);
        }
        win
    }

    /// The misere rule (normal play on n - 1 counters, with the positions without a move won)
    /// gives the outcome and every winning move that backward induction finds, for every
    /// (n, m) with n <= 1000, the start positions among them.
    #[test]
    fn misere_outcomes_and_winning_moves_match_backward_induction() {
        const SIZE: usize = 1000;
        let win = brute_misere_win(SIZE);
        let rules = FibNim::default();
        let limits = Limits::default();
        let at = |n: usize, m: usize| win[n][m.min(n)];
        for n in 0..=SIZE {
            let mut limits_m: Vec<Option<usize>> = (0..=n + 2).map(Some).collect();
            limits_m.push(None);
            for m in limits_m {
                // Full lists only for the smaller heaps; counts and first moves for all.
                if n > 300 && m.is_some_and(|m| m % 7 != 0 && m + 1 != n) {
                    continue;
                }
                let p = Fib {
                    n: BigUint::from(n),
                    m: m.map(BigUint::from),
                };
                let limit = m.unwrap_or(n.saturating_sub(1));
                let want: Vec<usize> = (1..=limit.min(n)).filter(|&k| !at(n - k, 2 * k)).collect();
                let (outcome, moves, count) = rules
                    .misere_alone(&p, usize::MAX, &limits)
                    .unwrap()
                    .unwrap();
                let want_outcome = if at(n, limit) { Outcome::N } else { Outcome::P };
                assert_eq!(outcome, want_outcome, "misere ({n}, {m:?})");
                assert_eq!(
                    count,
                    Some(BigUint::from(want.len())),
                    "misere ({n}, {m:?})"
                );
                let got: Vec<usize> = moves
                    .iter()
                    .map(|o| n - o[0].n.to_usize().unwrap())
                    .collect();
                assert_eq!(got, want, "misere ({n}, {m:?})");
                for (o, k) in moves.iter().zip(&want) {
                    assert_eq!(o[0], after(&p.n, &BigUint::from(*k)));
                }
            }
        }
    }

    /// Misere play of a heap of ten thousand digits: the first player wins, and every winning
    /// take leaves the opponent a P-position by the same rule.
    #[test]
    fn misere_heap_of_ten_thousand_digits() {
        let n = BigUint::from(10u32).pow(10_000);
        let rules = FibNim::default();
        let limits = Limits::default();
        let start = Fib { n, m: None };
        let (outcome, moves, count) = rules.misere_alone(&start, 4, &limits).unwrap().unwrap();
        assert_eq!(outcome, Outcome::N);
        let count = count.unwrap();
        assert!(count >= BigUint::from(moves.len()) && !moves.is_empty() && moves.len() <= 4);
        for to in &moves {
            let (o, _, _) = rules.misere_alone(&to[0], 0, &limits).unwrap().unwrap();
            assert_eq!(o, Outcome::P);
        }
    }

    proptest! {
        #[test]
        fn indices_give_the_greedy_terms(digits in "[1-9][0-9]{0,120}") {
            let n: BigUint = digits.parse().unwrap();
            let (z, smallest) = zeckendorf(&n, &Limits::default()).unwrap();
            let terms: Vec<BigUint> = z.iter().map(|&k| fib_pair(k).0).collect();
            prop_assert_eq!(&terms, &naive_terms(&n));
            prop_assert_eq!(smallest, terms.last().cloned());
            prop_assert!(z.windows(2).all(|w| w[0] >= w[1] + 2));
        }
    }

    #[test]
    fn a_heap_of_ten_thousand_digits_is_walked_without_the_whole_list() {
        // 10^10000 is not a Fibonacci number: the first player wins, by the smallest term.
        let n = BigUint::from(10u32).pow(10_000);
        let limits = Limits::default();
        let (z, smallest) = zeckendorf(&n, &limits).unwrap();
        let sum = z.iter().fold(BigUint::zero(), |s, &k| s + fib_pair(k).0);
        assert_eq!(sum, n);
        let (takes, count) = winning_takes(&n, &(&n - 1u32), 3, &limits).unwrap();
        assert_eq!(takes.first(), smallest.as_ref());
        assert!(count >= takes.len() && takes.len() <= 3);
    }
}
