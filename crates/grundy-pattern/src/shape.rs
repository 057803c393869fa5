//! Rules of one-argument families that look at n through floor(n / k): self-similar rules
//! (k-regular sequences guessed from the k-kernel) and values constant on intervals whose
//! ends grow geometrically.
//!
//! Both are found on the values alone and returned only when they reproduce every value
//! given; their evaluators divide n by k until it is small, so they answer n = 10^18 in
//! O(log n) steps.

use serde::Serialize;

use crate::text::list;

/// The largest base tried by the self-similar rules (the FDIVGAME rule has base 12, the game
/// dividing by 4 or 9 base 36).
const MAX_BASE: u64 = 64;

/// The most intervals in one repeating block of an interval rule.
const MAX_BLOCK: usize = 6;

/// The fewest relations e_{i+q} = r e_i that an interval rule needs beyond its first block.
const MIN_REPEATS: usize = 3;

/// What G(k m + r) is, for one residue r, once k m + r is at least the rule's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "is", rename_all = "kebab-case")]
pub enum Step {
    /// G(k m + r) = G(m) + add.
    Recurse {
        /// Added to G(m).
        add: u64,
    },
    /// G(k m + r) = slope m + add.
    Linear {
        /// The factor of m.
        slope: u64,
        /// The constant.
        add: u64,
    },
}

/// A self-similar rule: G(n) = G(n) from `below` for n < `from`, else by the step of
/// n mod base at m = floor(n / base).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfSimilar {
    /// k.
    pub base: u64,
    /// The least n from which the steps hold (at least 1, so that the recursion ends).
    pub from: u64,
    /// G(0..from).
    pub below: Vec<u64>,
    /// The step of each residue 0..base.
    pub steps: Vec<Step>,
}

impl SelfSimilar {
    /// G(n) by the rule; `None` beyond 64 bits.
    pub fn at(&self, mut n: u64) -> Option<u64> {
        let mut acc: u64 = 0;
        while n >= self.from {
            let (m, r) = (n / self.base, n % self.base);
            match self.steps[r as usize] {
                Step::Recurse { add } => acc = acc.checked_add(add)?,
                Step::Linear { slope, add } => {
                    return slope.checked_mul(m)?.checked_add(add)?.checked_add(acc)
                }
            }
            n = m;
        }
        acc.checked_add(*self.below.get(usize::try_from(n).ok()?)?)
    }

    /// Whether every step is G(k m + r) = G(m): then G(n) = G(floor(n / k)) for n >= from.
    fn plain(&self) -> bool {
        self.steps.iter().all(|s| *s == Step::Recurse { add: 0 })
    }

    /// The rule in words.
    pub(crate) fn formula(&self) -> String {
        let (k, n0) = (self.base, self.from);
        let below = if n0 <= 40 {
            format!("; G(0..{}) = {}", n0 - 1, list(&self.below))
        } else {
            format!("; G(0..{}) as computed", n0 - 1)
        };
        if self.plain() {
            return format!("G(n) = G(floor(n / {k})) for n >= {n0}{below}");
        }
        let parts: Vec<String> = self
            .steps
            .iter()
            .enumerate()
            .map(|(r, s)| {
                let arg = if r == 0 {
                    format!("{k}m")
                } else {
                    format!("{k}m + {r}")
                };
                let rhs = match *s {
                    Step::Recurse { add: 0 } => "G(m)".to_string(),
                    Step::Recurse { add } => format!("G(m) + {add}"),
                    Step::Linear { slope, add } => linear_text(slope, add),
                };
                format!("G({arg}) = {rhs}")
            })
            .collect();
        format!("{} for {k}m + r >= {n0}{below}", parts.join(", "))
    }
}

fn linear_text(slope: u64, add: u64) -> String {
    match (slope, add) {
        (0, b) => b.to_string(),
        (1, 0) => "m".to_string(),
        (a, 0) => format!("{a}m"),
        (1, b) => format!("m + {b}"),
        (a, b) => format!("{a}m + {b}"),
    }
}

/// The self-similar rule of least base, then least start, that reproduces `g` (G(0..=N)),
/// with at least one residue that recurses, its start at most N / base^2 (so that the
/// recursion is seen at two levels at least) and at least 64 values.
///
/// Arguments: the values.
/// Returns: the rule, if any.
/// Complexity: O(N) per base, bases 2..=64.
pub(crate) fn find_self_similar(g: &[u64]) -> Option<SelfSimilar> {
    let len = g.len() as u64;
    if len < 64 {
        return None;
    }
    let last = len - 1;
    // Values constant from the middle on are a period of one value, not a rule of n / k.
    let tail = &g[(last / 2) as usize..];
    if tail.iter().all(|&v| v == tail[0]) {
        return None;
    }
    for k in 2..=MAX_BASE {
        if k * k * 2 > last {
            break;
        }
        let Some(steps) = fit_steps(g, k) else {
            continue;
        };
        if !steps.iter().any(|s| matches!(s, Step::Recurse { .. })) {
            continue;
        }
        let holds = |n: u64| step_at(g, &steps, k, n) == Some(g[n as usize]);
        let mut n0 = len;
        while n0 > 1 && holds(n0 - 1) {
            n0 -= 1;
        }
        if n0 == len || n0 * k * k > last {
            continue;
        }
        let rule = SelfSimilar {
            base: k,
            from: n0,
            below: g[..n0 as usize].to_vec(),
            steps,
        };
        if (0..len).all(|n| rule.at(n) == Some(g[n as usize])) {
            return Some(rule);
        }
    }
    None
}

/// G(k m + r) by the step of r from G(m) in the values.
fn step_at(g: &[u64], steps: &[Step], k: u64, n: u64) -> Option<u64> {
    let (m, r) = (n / k, n % k);
    match steps[r as usize] {
        Step::Recurse { add } => g[m as usize].checked_add(add),
        Step::Linear { slope, add } => slope.checked_mul(m)?.checked_add(add),
    }
}

/// The step of each residue mod k, fitted on the upper half of the values: G(k m + r) =
/// G(m) first, then a linear function of m, then G(m) + c with c > 0.
fn fit_steps(g: &[u64], k: u64) -> Option<Vec<Step>> {
    let last = g.len() as u64 - 1;
    let lo = last / 2;
    let mut steps = Vec::with_capacity(k as usize);
    for r in 0..k {
        // The n = k m + r of the upper half.
        let first = lo + (r + k - lo % k) % k;
        let ns: Vec<u64> = (first..=last).step_by(k as usize).collect();
        if ns.len() < 3 {
            return None;
        }
        let val = |n: u64| g[n as usize];
        let rec = |n: u64| val(n).checked_sub(val(n / k));
        let step = if let Some(c) =
            rec(ns[0]).filter(|&c| c == 0 && ns.iter().all(|&n| rec(n) == Some(c)))
        {
            Step::Recurse { add: c }
        } else if let Some(s) = linear_fit(&ns, k, val) {
            s
        } else {
            let c = rec(ns[0])?;
            if !ns.iter().all(|&n| rec(n) == Some(c)) {
                return None;
            }
            Step::Recurse { add: c }
        };
        steps.push(step);
    }
    Some(steps)
}

/// G(k m + r) = a m + b on every n of `ns`, with integers a, b >= 0.
fn linear_fit(ns: &[u64], k: u64, val: impl Fn(u64) -> u64) -> Option<Step> {
    let (n1, n2) = (ns[0], ns[1]);
    let (m1, m2) = (n1 / k, n2 / k);
    let dv = val(n2).checked_sub(val(n1))?;
    let dm = m2 - m1;
    if dv % dm != 0 {
        return None;
    }
    let slope = dv / dm;
    let add = val(n1).checked_sub(slope.checked_mul(m1)?)?;
    let s = Step::Linear { slope, add };
    ns.iter()
        .all(|&n| slope.checked_mul(n / k).and_then(|x| x.checked_add(add)) == Some(val(n)))
        .then_some(s)
}

/// Values constant on intervals [e_i, e_{i+1}) whose ends, from interval `from` on, repeat
/// scaled: e_{i+block} = ratio e_i and v_{i+block} = v_i; so G(n) = G(floor(n / ratio)) for
/// n >= e_{from+block}.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intervals {
    /// The ends seen (e_0 = 0), through the values given.
    pub ends: Vec<u64>,
    /// The value on [e_i, e_{i+1}).
    pub values: Vec<u64>,
    /// The first interval of the geometric part.
    pub from: usize,
    /// How many intervals one factor spans.
    pub block: usize,
    /// The factor.
    pub ratio: u64,
}

impl Intervals {
    /// The first n at which G(n) = G(floor(n / ratio)) is used.
    pub fn scaled_from(&self) -> u64 {
        self.ends[self.from + self.block]
    }

    /// G(n) by the rule.
    pub fn at(&self, mut n: u64) -> Option<u64> {
        let lim = self.scaled_from();
        while n >= lim {
            n /= self.ratio;
        }
        let i = self.ends.partition_point(|&e| e <= n);
        self.values.get(i.checked_sub(1)?).copied()
    }

    /// The rule in words.
    pub(crate) fn formula(&self) -> String {
        let shown: Vec<String> = self
            .ends
            .iter()
            .zip(&self.values)
            .take(self.from + 2 * self.block + 1)
            .map(|(e, v)| format!("{e}: {v}"))
            .collect();
        format!(
            "G is constant on intervals [e_i, e_(i+1)); from e_{f} = {ef} on, e_(i+{q}) = {r} e_i \
             and the values repeat every {q} intervals, so G(n) = G(floor(n / {r})) for n >= {s}; \
             the first ends and their values: {}",
            shown.join(", "),
            f = self.from,
            ef = self.ends[self.from],
            q = self.block,
            r = self.ratio,
            s = self.scaled_from(),
        )
    }
}

/// The interval rule of least start, then least block, that reproduces `g` (G(0..=N)) with
/// at least `MIN_REPEATS` relations e_{i+q} = r e_i among the ends seen, the last interval
/// (cut by N) agreeing with its value.
///
/// Arguments: the values.
/// Returns: the rule, if any.
/// Complexity: O(N) for the runs, then O(I^2 q) in the number I of intervals.
pub(crate) fn find_intervals(g: &[u64]) -> Option<Intervals> {
    let mut ends = Vec::new();
    let mut values = Vec::new();
    for (n, &v) in g.iter().enumerate() {
        if values.last() != Some(&v) {
            ends.push(n as u64);
            values.push(v);
        }
    }
    let count = ends.len();
    for from in 1..count {
        for block in 1..=MAX_BLOCK {
            let Some(&e) = ends.get(from + block) else {
                break;
            };
            if e % ends[from] != 0 || e / ends[from] < 2 {
                continue;
            }
            let ratio = e / ends[from];
            // Every end seen after the first block is the scaled end a block before.
            let ok = (from + block..count)
                .all(|i| ends[i] == ratio * ends[i - block] && values[i] == values[i - block]);
            if !ok || count - from - block < MIN_REPEATS + 1 {
                continue;
            }
            let rule = Intervals {
                ends: ends.clone(),
                values: values.clone(),
                from,
                block,
                ratio,
            };
            if (0..g.len() as u64).all(|n| rule.at(n) == Some(g[n as usize])) {
                return Some(rule);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: usize, moves: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        for x in 0..=n as u64 {
            let seen: Vec<u64> = moves(x).iter().map(|&m| g[m as usize]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
        }
        g
    }

    #[test]
    fn fdivgame_is_self_similar_in_base_12_and_intervals_of_ratio_12() {
        // CodeChef FDIVGAME: n -> floor(n / d), d = 2..6.
        let g = table(3000, |n| {
            if n == 0 {
                vec![]
            } else {
                (2..=6).map(|d| n / d).collect()
            }
        });
        let s = find_self_similar(&g).unwrap();
        assert_eq!((s.base, s.from), (12, 6));
        assert_eq!(
            s.formula(),
            "G(n) = G(floor(n / 12)) for n >= 6; G(0..5) = [0, 1, 2, 2, 3, 3]"
        );
        let i = find_intervals(&g).unwrap();
        assert_eq!((i.ratio, i.block), (12, 4));
        assert_eq!(&i.ends[..9], &[0, 1, 2, 4, 6, 12, 24, 48, 72]);
        // Exact at 10^18 against the memoized recursion on floor(n / d).
        let mut memo = std::collections::HashMap::new();
        for n in [
            10u64.pow(18),
            10u64.pow(18) - 1,
            123_456_789_012_345_678,
            u64::MAX,
        ] {
            let v = fdiv(n, &mut memo);
            assert_eq!(s.at(n), Some(v), "{n}");
            assert_eq!(i.at(n), Some(v), "{n}");
        }
    }

    fn fdiv(n: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        if n == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let seen: Vec<u64> = (2..=6).map(|d| fdiv(n / d, memo)).collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        memo.insert(n, v);
        v
    }

    #[test]
    fn taking_at_most_half_is_self_similar_in_base_2() {
        let g = table(2000, |n| (1..=n / 2).map(|k| n - k).collect());
        let s = find_self_similar(&g).unwrap();
        assert_eq!(s.base, 2);
        assert_eq!(
            s.steps,
            vec![Step::Linear { slope: 1, add: 0 }, Step::Recurse { add: 0 }]
        );
        assert_eq!(
            s.formula(),
            "G(2m) = m, G(2m + 1) = G(m) for 2m + r >= 1; G(0..0) = [0]"
        );
        // G(2m) = m, G(2m + 1) = G(m): the odd part's half.
        let exact = |mut n: u64| {
            while n % 2 == 1 {
                n /= 2;
            }
            n / 2
        };
        for n in [10u64.pow(18), 10u64.pow(18) + 1, u64::MAX, u64::MAX - 2] {
            assert_eq!(s.at(n), Some(exact(n)), "{n}");
        }
    }

    #[test]
    fn noise_and_periods_are_not_self_similar() {
        let noise: Vec<u64> = (0..3000u64)
            .map(|n| (n.wrapping_mul(2_654_435_761) >> 7) % 13)
            .collect();
        assert!(find_self_similar(&noise).is_none());
        assert!(find_intervals(&noise).is_none());
        let per: Vec<u64> = (0..3000u64).map(|n| n % 3).collect();
        assert!(find_intervals(&per).is_none());
    }
}
