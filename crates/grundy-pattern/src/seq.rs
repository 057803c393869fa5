//! Rules of one-argument families: periods, arithmetic periods, closed forms, rules of the
//! P-positions.

use crate::code;
use crate::text::list;
use crate::{none_pattern, Closed, Code, Exception, PRule, Pattern, Proof, Rule};

/// The least number of relations G(n + p) = G(n) + s a period needs in the values: without a
/// proof, a period is claimed only when the values after the preperiod hold three full
/// periods (two periods of evidence) and at least this many relations.
const MIN_RELATIONS: usize = 24;

/// The largest preperiod that a closed form may leave as exceptions.
const MAX_EXCEPTIONS: usize = 8;

/// The fewest P-positions a rule of the P-positions needs to be claimed.
const MIN_P_POSITIONS: u64 = 8;

/// The rule behind G(0..=N) of a one-argument family.
///
/// Arguments: the family as written canonically; `values[n]` = G(n) for n = 0..=N; a proof
/// the caller holds for this family, if any.
/// Returns: the pattern: with a proof whose rule reproduces the values, that rule, proven;
/// else the first of: the least preperiod and then least period (plain or arithmetic) seen
/// at least three times, a closed form of the binary digits with at most 8 exceptions, a rule
/// of the P-positions (Fibonacci numbers, periodic); else kind `none` with what was tried.
/// Every rule returned reproduces every value given.
/// Complexity: O(N * P) for the periods in the worst case, usually O(N) per candidate period
/// up to N / 3; O(N) for each closed form.
/// Example:
/// ```
/// let values: Vec<u64> = (0..=1000).collect();
/// let p = grundy_pattern::describe_sequence("nim", &values, None);
/// assert_eq!(p.kind(), "arithmetic-periodic");
/// assert_eq!(p.formula, "G(n) = n");
/// ```
pub fn describe_sequence(family: &str, values: &[u64], proof: Option<&Proof>) -> Pattern {
    describe_named(family, values, proof, "grundy")
}

/// [`describe_sequence`] for a family whose positions start at `origin`: `values[i]` is
/// G(i + origin).
///
/// The closed forms (without exceptions) and the Fibonacci P-positions are looked for in the
/// family's own n; periods and the other rules in n - origin, and their code then calls the
/// shifted rule ([`Pattern::starting_at`]).
/// Returns: as [`describe_sequence`], with `origin` and `checked_to` = origin + len - 1.
/// Complexity: that of [`describe_sequence`].
/// Example:
/// ```
/// // The ruler function on 1..=200: the largest power of 2 dividing n.
/// let values: Vec<u64> = (1..=200u64).map(|n| n & n.wrapping_neg()).collect();
/// let p = grundy_pattern::describe_sequence_from("ruler", &values, 1, None);
/// assert_eq!((p.formula.as_str(), p.origin), ("G(n) = largest power of 2 dividing n", 1));
/// ```
pub fn describe_sequence_from(
    family: &str,
    values: &[u64],
    origin: u64,
    proof: Option<&Proof>,
) -> Pattern {
    if origin == 0 || values.is_empty() {
        return describe_sequence(family, values, proof);
    }
    let checked_to = origin + values.len() as u64 - 1;
    let at_own = |rule: &Rule| {
        values
            .iter()
            .enumerate()
            .all(|(i, &v)| value_at(rule, i as u64 + origin) == Some(v))
    };
    let pattern = |rule: Rule, proof: Option<String>| {
        let described = describe_rule(&rule, "grundy");
        Pattern::found(family, 1, checked_to, origin, rule, proof, described)
    };
    if values.len() >= 32 {
        for closed in closed_forms() {
            let rule = Rule::Formula {
                rule: closed_name(&closed),
                exceptions: vec![],
                closed,
            };
            if at_own(&rule) {
                return pattern(rule, None);
            }
        }
    }
    if let Some(p) = fibonacci_from(family, values, origin, proof) {
        return p;
    }
    describe_named(family, values, proof, "grundy").starting_at(origin)
}

/// The rule of the P-positions of a one-argument family whose values are unknown but whose
/// outcomes are (`p_positions[i]` says whether i + origin is a P-position): the first rule
/// of the P-positions that reproduces every outcome given (0 and the Fibonacci numbers,
/// periodic, intervals growing geometrically), proven when `proof` is the theorem of that
/// rule; else kind `none` with what was tried. No rule of the values is looked for.
///
/// Arguments: the family as written canonically; the outcomes of origin..=origin + len - 1;
/// the least argument of the family's positions; a proof the caller holds, if any.
/// Returns: a pattern of kind `p-positions` (its code `first_player_wins`) or `none`.
/// Complexity: O(N * P) for the periods of the P-positions, O(N) for the other rules.
/// Example:
/// ```
/// // Fibonacci Nim: the first player loses exactly at 0 and the Fibonacci numbers.
/// let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
/// let is_p: Vec<bool> = (0..=300u64).map(|n| n == 0 || fib.contains(&n)).collect();
/// let p = grundy_pattern::describe_outcomes_from("fibnim", &is_p, 0, None);
/// assert_eq!((p.kind(), p.checked_to), ("p-positions", 300));
/// assert!(p.code.python.contains("def first_player_wins(n)"));
/// ```
pub fn describe_outcomes_from(
    family: &str,
    p_positions: &[bool],
    origin: u64,
    proof: Option<&Proof>,
) -> Pattern {
    // Outcomes as values: 0 at a P-position, 1 elsewhere; only the P-positions are read.
    let values: Vec<u64> = p_positions.iter().map(|&p| u64::from(!p)).collect();
    if let Some(p) = fibonacci_from(family, &values, origin, proof) {
        return p;
    }
    let checked_to = (values.len() as u64).saturating_sub(1);
    match p_positions_pattern(family, &values, proof, "grundy", checked_to) {
        Ok(p) => p,
        Err(tried) => none_pattern(
            family,
            1,
            checked_to,
            vec![
                "no rule of the values: only the outcomes are known at these sizes".to_string(),
                tried,
            ],
        ),
    }
    .starting_at(origin)
}

/// The Fibonacci rule of the P-positions in the family's own n (`values[i]` = G(i + origin),
/// or any value that is 0 exactly at the P-positions), if it holds with enough P-positions.
fn fibonacci_from(
    family: &str,
    values: &[u64],
    origin: u64,
    proof: Option<&Proof>,
) -> Option<Pattern> {
    let p_count = values.iter().filter(|&&v| v == 0).count() as u64;
    let p = PRule::Fibonacci;
    let holds = values
        .iter()
        .enumerate()
        .all(|(i, &v)| p.is_p(i as u64 + origin) == (v == 0));
    if p_count < MIN_P_POSITIONS || !holds {
        return None;
    }
    let rule = Rule::PPositions {
        rule: "0 and the Fibonacci numbers".to_string(),
        p_positions_seen: p_count,
        p,
    };
    let proof = match proof {
        Some(Proof::FibonacciPositions { theorem }) => Some(theorem.clone()),
        _ => None,
    };
    let checked_to = origin + values.len() as u64 - 1;
    let described = describe_rule(&rule, "grundy");
    Some(Pattern::found(
        family, 1, checked_to, origin, rule, proof, described,
    ))
}

/// [`describe_sequence`] with the code's function named `fname` (the sides of a sum).
pub(crate) fn describe_named(
    family: &str,
    values: &[u64],
    proof: Option<&Proof>,
    fname: &str,
) -> Pattern {
    let checked_to = values.len().saturating_sub(1) as u64;
    let pattern = |rule: Rule, proof: Option<String>, formula: String, code: Code| {
        Pattern::found(family, 1, checked_to, 0, rule, proof, (formula, code))
    };
    let mut tried = Vec::new();
    if let Some(Proof::Period {
        preperiod,
        period,
        saltus,
        theorem,
    }) = proof
    {
        match periodic_rule(values, *preperiod, *period, *saltus) {
            Some(rule) if check(&rule, values) => {
                let (formula, code) = describe_rule(&rule, fname);
                return pattern(rule, Some(theorem.clone()), formula, code);
            }
            _ => tried.push(format!(
                "the proven period {period} from {preperiod} (saltus {saltus}): it does not \
                 reproduce the values given, or they are too few"
            )),
        }
    }
    // A period of one constant value (a last run of equal values) is held back while a rule
    // of intervals explains the same values with their changes: the run is then the last
    // interval seen, not a period.
    let mut constant_tail = None;
    if let Some((n0, p, s)) = least_period(values) {
        let rule = with_exceptions(values, n0, p, s)
            .or_else(|| periodic_rule(values, n0 as u64, p as u64, s));
        if let Some(rule) = rule {
            if check(&rule, values) {
                let constant = matches!(&rule, Rule::Periodic { period_values, .. }
                    if period_values.iter().all(|&v| v == period_values[0]));
                if !constant {
                    let (formula, code) = describe_rule(&rule, fname);
                    return pattern(rule, None, formula, code);
                }
                constant_tail = Some(rule);
            }
        }
    }
    tried.push(format!(
        "periods and arithmetic periods: none holds from some n0 <= {} to {checked_to} over \
         three full periods and at least {MIN_RELATIONS} values",
        checked_to / 2
    ));
    for closed in closed_forms() {
        if let Some(k) = closed_from(&closed, values) {
            let rule = Rule::Formula {
                rule: closed_name(&closed),
                exceptions: values[..k].to_vec(),
                closed,
            };
            if check(&rule, values) {
                let (formula, code) = describe_rule(&rule, fname);
                return pattern(rule, None, formula, code);
            }
        }
    }
    tried.push(format!(
        "closed forms with at most {MAX_EXCEPTIONS} exceptions: the 2-adic valuation of n and \
         n + 1 (plus 0 or 1), the largest power of 2 dividing n or n + 1, the number of ones \
         in binary n and its parity, the number of binary digits of n and n + 1, the odious and \
         evil numbers"
    ));
    if let Some(rule) = shape_rule(values) {
        let (formula, code) = describe_rule(&rule, fname);
        return pattern(rule, None, formula, code);
    }
    if let Some(rule) = constant_tail {
        let (formula, code) = describe_rule(&rule, fname);
        return pattern(rule, None, formula, code);
    }
    tried.push(format!(
        "self-similar rules G(k m + r) = G(m) + c or a linear function of m, k = 2..64, and \
         values constant on intervals whose ends grow geometrically: none reproduces 0..{checked_to}"
    ));
    match p_positions_pattern(family, values, proof, fname, checked_to) {
        Ok(p) => p,
        Err(why) => {
            tried.push(why);
            none_pattern(family, 1, checked_to, tried)
        }
    }
}

/// The first rule of the P-positions (the n with `values[n] == 0`) that reproduces them,
/// proven when `proof` is its theorem; else what was tried, as one line.
fn p_positions_pattern(
    family: &str,
    values: &[u64],
    proof: Option<&Proof>,
    fname: &str,
    checked_to: u64,
) -> Result<Pattern, String> {
    let p_count = values.iter().filter(|&&v| v == 0).count() as u64;
    if p_count >= MIN_P_POSITIONS {
        for (p, name) in p_rules(values) {
            let rule = Rule::PPositions {
                rule: name.to_string(),
                p_positions_seen: p_count,
                p,
            };
            if check(&rule, values) {
                let proof = match (proof, &rule) {
                    (
                        Some(Proof::FibonacciPositions { theorem }),
                        Rule::PPositions {
                            p: PRule::Fibonacci,
                            ..
                        },
                    ) => Some(theorem.clone()),
                    _ => None,
                };
                let described = describe_rule(&rule, fname);
                return Ok(Pattern::found(
                    family, 1, checked_to, 0, rule, proof, described,
                ));
            }
        }
    }
    if p_count >= MIN_P_POSITIONS {
        let ps: Vec<u64> = (0..values.len() as u64)
            .filter(|&n| values[n as usize] == 0)
            .collect();
        if let Some(r) = crate::recur::find(&ps) {
            let rule = Rule::Recurrence {
                of: "p-positions".to_string(),
                terms: r.terms(12),
                p_positions_seen: p_count,
                p: PRule::Recurrence(r),
            };
            if check(&rule, values) {
                let described = describe_rule(&rule, fname);
                return Ok(Pattern::found(
                    family, 1, checked_to, 0, rule, None, described,
                ));
            }
        }
    }
    Err(format!(
        "rules of the P-positions (needs at least {MIN_P_POSITIONS}, found {p_count}): a \
         linear recurrence of order at most 4 (Berlekamp-Massey), 0 and \
         the Fibonacci numbers, P-positions periodic in n, intervals growing geometrically \
         ({MIN_INTERVALS} whole ones at least)"
    ))
}

/// The rule of intervals growing geometrically, else the self-similar rule, that reproduces
/// the values.
fn shape_rule(values: &[u64]) -> Option<Rule> {
    let rule = if let Some(rule) = crate::shape::find_intervals(values) {
        Rule::Intervals {
            ends: rule.ends.clone(),
            values: rule.values.clone(),
            ratio: rule.ratio,
            block: rule.block,
            rule,
        }
    } else {
        let rule = crate::shape::find_self_similar(values)?;
        Rule::SelfSimilar {
            base: rule.base,
            from: rule.from,
            rule,
        }
    };
    check(&rule, values).then_some(rule)
}

/// The least preperiod n0, then the least period p, then s with G(n + p) = G(n) + s for
/// n0 <= n <= N - p, seen over three full periods and `MIN_RELATIONS` relations, the periodic
/// part covering at least half of the values.
///
/// A period seen and then broken is never returned: the relation is checked from the end of
/// the values back to n0.
fn least_period(g: &[u64]) -> Option<(usize, usize, u64)> {
    let len = g.len();
    let mut best: Option<(usize, usize, u64)> = None;
    // run_start[n]: where the run of equal values holding n starts. A relation that holds
    // between m and m + p holds between every m' and m' + p of the same two runs, so the walk
    // back jumps over them
    // (the values of `n -> floor(n / d)` games are long runs: without the jump the walk is
    // O(len) for each of len / 3 candidates).
    let mut run_start = vec![0usize; len];
    for n in 1..len {
        run_start[n] = if g[n] == g[n - 1] {
            run_start[n - 1]
        } else {
            n
        };
    }
    for p in 1..=len / 3 {
        let last = len - 1;
        let Some(s) = g[last].checked_sub(g[last - p]) else {
            continue;
        };
        let holds = |n: usize| g[n + p] == g[n].wrapping_add(s);
        // The periodic part covers at least half of the values, so the relation holds at
        // len / 2 (and 3 len / 4 when inside): one look each rejects most candidates before the walk back
        // (which is O(len) per candidate otherwise: O(len^2) on a long run of equal values).
        let q = 3 * len / 4;
        if !holds(len / 2) || (q + p < len && !holds(q)) {
            continue;
        }
        // Only a strictly smaller preperiod improves on the best (and multiples of a period
        // never do): one comparison rejects most candidates.
        if let Some((b0, _, _)) = best {
            if b0 == 0 || b0 - 1 + p >= len || !holds(b0 - 1) {
                continue;
            }
        }
        let mut n0 = len - p;
        while n0 > 0 && holds(n0 - 1) {
            // m and m + p lie in two runs (or one); the relation holds for every m' down to
            // where either run starts.
            let m = n0 - 1;
            n0 = run_start[m].max(run_start[m + p].saturating_sub(p)).min(m);
        }
        let relations = len - p - n0;
        // A sensible coverage: the periodic part is at least half of the values (a run of equal
        // values at the end of a growing sequence is not a period).
        let covered = 2 * (len - n0) >= len;
        if covered
            && len - n0 >= 3 * p
            && relations >= MIN_RELATIONS
            && best.map_or(true, |b| n0 < b.0)
        {
            best = Some((n0, p, s));
        }
    }
    best
}

/// The rule G(n + p) = G(n) + s from n0, with its first values taken from `g`.
fn periodic_rule(g: &[u64], n0: u64, p: u64, s: u64) -> Option<Rule> {
    let end = usize::try_from(n0.checked_add(p)?).ok()?;
    if p == 0 || end > g.len() {
        return None;
    }
    let preperiod_values = g[..n0 as usize].to_vec();
    let period_values = g[n0 as usize..end].to_vec();
    Some(if s == 0 {
        Rule::Periodic {
            preperiod: n0,
            period: p,
            preperiod_values,
            period_values,
            exceptions: vec![],
        }
    } else {
        Rule::ArithmeticPeriodic {
            preperiod: n0,
            period: p,
            saltus: s,
            preperiod_values,
            period_values,
            exceptions: vec![],
        }
    })
}

/// The periodic rule (n0, p, s) of `g` with its preperiod shortened to less than one period
/// when the values before n0 follow the same rule but at a few n (at most a quarter of n0):
/// those n are listed as exceptions. `None` when the preperiod is short or the exceptions many.
fn with_exceptions(g: &[u64], n0: usize, p: usize, s: u64) -> Option<Rule> {
    if n0 < 16 {
        return None;
    }
    let n1 = n0 % p;
    // The rule anchored at n1: G(n) = per[(n - n1) mod p] + s ((n - n1) div p).
    let per: Option<Vec<u64>> = (n1..n1 + p)
        .map(|n| {
            let k = (n0 - n1 + p - 1 - (n - n1)) / p; // whole periods from n to n0..n0+p
            let m = n + k * p;
            g[m].checked_sub(s.checked_mul(k as u64)?)
        })
        .collect();
    let per = per?;
    let exceptions: Vec<Exception> = (n1..n0)
        .filter_map(|n| {
            let want = per[(n - n1) % p].checked_add(s * ((n - n1) / p) as u64);
            (want != Some(g[n])).then_some(Exception {
                n: n as u64,
                value: g[n],
            })
        })
        .collect();
    if exceptions.is_empty() || exceptions.len() * 4 > n0 {
        return None;
    }
    let mut rule = periodic_rule(g, n1 as u64, p as u64, s)?;
    match &mut rule {
        Rule::Periodic {
            exceptions: e,
            period_values,
            ..
        }
        | Rule::ArithmeticPeriodic {
            exceptions: e,
            period_values,
            ..
        } => {
            *period_values = per;
            *e = exceptions;
        }
        _ => return None,
    }
    check(&rule, g).then_some(rule)
}

/// The closed forms tried, in order.
fn closed_forms() -> Vec<Closed> {
    let mut v = Vec::new();
    for shift in [0, 1] {
        for add in [0, 1] {
            v.push(Closed::Valuation { shift, add });
        }
    }
    v.push(Closed::LowBit { shift: 0 });
    v.push(Closed::LowBit { shift: 1 });
    v.push(Closed::Ones { modulus: 2 });
    v.push(Closed::Ones { modulus: 0 });
    v.push(Closed::BitLength { shift: 0 });
    v.push(Closed::BitLength { shift: 1 });
    v.push(Closed::TwiceWithParity { odd: true });
    v.push(Closed::TwiceWithParity { odd: false });
    v
}

/// The least k <= MAX_EXCEPTIONS from which the closed form gives every value, if the values
/// are many enough to tell (at least 4 k and 32 values after k).
fn closed_from(c: &Closed, g: &[u64]) -> Option<usize> {
    let mut k = g.len();
    while k > 0 && c.at(k as u64 - 1) == Some(g[k - 1]) {
        k -= 1;
    }
    (k <= MAX_EXCEPTIONS && g.len() >= 4 * k && g.len() - k >= 32).then_some(k)
}

fn closed_name(c: &Closed) -> String {
    match *c {
        Closed::Valuation { shift, add } => format!(
            "2-adic valuation of {}{}",
            plus("n", shift),
            if add > 0 {
                format!(", plus {add}")
            } else {
                String::new()
            }
        ),
        Closed::LowBit { shift } => format!("largest power of 2 dividing {}", plus("n", shift)),
        Closed::Ones { modulus: 0 } => "number of ones in binary n".to_string(),
        Closed::Ones { modulus } => format!("number of ones in binary n, mod {modulus}"),
        Closed::BitLength { shift } => format!("number of binary digits of {}", plus("n", shift)),
        Closed::Xor => "a xor b".to_string(),
        Closed::Add => "a + b".to_string(),
        Closed::Diff => "|a - b|".to_string(),
        Closed::Min => "min(a, b)".to_string(),
        Closed::Max => "max(a, b)".to_string(),
        Closed::AddMod(k) => format!("(a + b) mod {k}"),
        Closed::Table2(ref t) => format!("T[a mod {}][b mod {}]", t.len(), t[0].len()),
        Closed::NimProduct => "a (*) b, the nim-product".to_string(),
        Closed::Of { combine, .. } => format!("h({})", combine.text().0),
        Closed::TwiceWithParity { odd: true } => {
            "the n-th odious number: 2n, plus 1 when binary n has an even number of ones"
                .to_string()
        }
        Closed::TwiceWithParity { odd: false } => {
            "the n-th evil number: 2n, plus 1 when binary n has an odd number of ones".to_string()
        }
        Closed::Nothing => "nothing".to_string(),
    }
}

fn plus(x: &str, shift: u64) -> String {
    if shift == 0 {
        x.to_string()
    } else {
        format!("{x} + {shift}")
    }
}

/// Rules of the P-positions to try, in order.
fn p_rules(g: &[u64]) -> Vec<(PRule, &'static str)> {
    let mut v = vec![(PRule::Fibonacci, "0 and the Fibonacci numbers")];
    let is_p: Vec<u64> = g.iter().map(|&x| u64::from(x == 0)).collect();
    // A period of the P-positions holds at least one (else it would say that the
    // P-positions stop, which the values cannot show).
    if let Some((n0, p, 0)) =
        least_period(&is_p).filter(|&(n0, p, _)| is_p[n0..n0 + p].contains(&1))
    {
        let pre = is_p[..n0].iter().map(|&x| x == 1).collect();
        let per = is_p[n0..n0 + p].iter().map(|&x| x == 1).collect();
        v.push((PRule::Periodic { pre, per }, "periodic in n"));
    }
    if let Some(rule) = geometric(&is_p) {
        v.push((rule, "intervals growing geometrically"));
    }
    v
}

/// The fewest whole intervals of P-positions that a geometric rule needs.
const MIN_INTERVALS: usize = 3;

/// Maximal runs of P-positions that grow by a constant integer factor: (s_i, e_i] with
/// s_{i+1} = r s_i and e_{i+1} = r e_i, after at most two runs of exceptions; the last run may
/// be cut by the end of the values.
fn geometric(is_p: &[u64]) -> Option<PRule> {
    let mut runs: Vec<(u64, u64)> = Vec::new(); // (low excluded, high included)
    let mut n = 0;
    while n < is_p.len() {
        if is_p[n] == 1 {
            let start = n;
            while n < is_p.len() && is_p[n] == 1 {
                n += 1;
            }
            runs.push((start as u64, n as u64 - 1));
        }
        n += 1;
    }
    let last = is_p.len() as u64 - 1;
    for skip in 0..=2usize.min(runs.len()) {
        let rest = &runs[skip..];
        let whole = rest.iter().filter(|r| r.1 < last).count();
        if whole < MIN_INTERVALS {
            break;
        }
        let (s0, e0) = rest[0];
        let (s1, e1) = rest[1];
        let low = s0.saturating_sub(1);
        if low == 0 || e1 % e0 != 0 {
            continue;
        }
        let ratio = e1 / e0;
        if ratio < 2 || (s1 - 1) != low * ratio {
            continue;
        }
        let exceptions: Vec<u64> = runs[..skip].iter().flat_map(|&(a, b)| a..=b).collect();
        return Some(PRule::Geometric {
            exceptions,
            low,
            high: e0,
            ratio,
        });
    }
    None
}

/// The value the rule gives at n (arity 1); `None` for a rule of P-positions only.
pub(crate) fn value_at(rule: &Rule, n: u64) -> Option<u64> {
    match rule {
        Rule::Periodic {
            preperiod_values,
            period_values,
            exceptions,
            ..
        } => match exceptions.binary_search_by_key(&n, |e| e.n) {
            Ok(i) => Some(exceptions[i].value),
            Err(_) => periodic_at(preperiod_values, period_values, 0, n),
        },
        Rule::ArithmeticPeriodic {
            preperiod_values,
            period_values,
            saltus,
            exceptions,
            ..
        } => match exceptions.binary_search_by_key(&n, |e| e.n) {
            Ok(i) => Some(exceptions[i].value),
            Err(_) => periodic_at(preperiod_values, period_values, *saltus, n),
        },
        Rule::Formula {
            exceptions, closed, ..
        } => match exceptions.get(usize::try_from(n).ok()?) {
            Some(&v) => Some(v),
            None => closed.at(n),
        },
        Rule::SelfSimilar { rule, .. } => rule.at(n),
        Rule::Intervals { rule, .. } => rule.at(n),
        _ => None,
    }
}

fn periodic_at(pre: &[u64], per: &[u64], s: u64, n: u64) -> Option<u64> {
    if let Some(&v) = usize::try_from(n).ok().and_then(|i| pre.get(i)) {
        return Some(v);
    }
    let m = n - pre.len() as u64;
    let p = per.len() as u64;
    per[(m % p) as usize].checked_add(s.checked_mul(m / p)?)
}

/// Whether the rule reproduces every value (for a rule of P-positions: every outcome).
pub(crate) fn check(rule: &Rule, g: &[u64]) -> bool {
    match rule {
        Rule::PPositions { p, .. } | Rule::Recurrence { p, .. } => g
            .iter()
            .enumerate()
            .all(|(n, &v)| p.is_p(n as u64) == (v == 0)),
        _ => g
            .iter()
            .enumerate()
            .all(|(n, &v)| value_at(rule, n as u64) == Some(v)),
    }
}

/// The formula in words and the code of an arity-1 rule.
fn describe_rule(rule: &Rule, fname: &str) -> (String, Code) {
    let formula = match rule {
        Rule::Periodic {
            preperiod,
            period,
            preperiod_values,
            period_values,
            exceptions,
        } => {
            periodic_formula(*preperiod, *period, 0, preperiod_values, period_values)
                + &exceptions_text(exceptions)
        }
        Rule::ArithmeticPeriodic {
            preperiod,
            period,
            saltus,
            preperiod_values,
            period_values,
            exceptions,
        } => {
            periodic_formula(
                *preperiod,
                *period,
                *saltus,
                preperiod_values,
                period_values,
            ) + &exceptions_text(exceptions)
        }
        Rule::Formula {
            rule, exceptions, ..
        } => {
            let mut f = format!("G(n) = {rule}");
            if !exceptions.is_empty() {
                // Ranges are inclusive, as `0..N` is everywhere in the tool.
                f.push_str(&format!(
                    " for n >= {}; G(0..{}) = {}",
                    exceptions.len(),
                    exceptions.len() - 1,
                    list(exceptions)
                ));
            }
            f
        }
        Rule::PPositions { p, .. } => match p {
            PRule::Fibonacci => {
                "n is a P-position (G(n) = 0) exactly when n = 0 or n is a Fibonacci number 1, 2, \
                 3, 5, 8, 13, ..."
                    .to_string()
            }
            PRule::Geometric {
                exceptions,
                low,
                high,
                ratio,
            } => {
                let mut f = format!(
                    "n is a P-position (G(n) = 0) exactly when {low} * {ratio}^k < n <= {high} * \
                     {ratio}^k for some k >= 0"
                );
                if !exceptions.is_empty() {
                    f.push_str(&format!(", or n is one of {}", list(exceptions)));
                }
                f
            }
            PRule::Periodic { pre, per } => {
                let ps: Vec<String> = per
                    .iter()
                    .enumerate()
                    .filter(|(_, &b)| b)
                    .map(|(i, _)| i.to_string())
                    .collect();
                let exc: Vec<String> = pre
                    .iter()
                    .enumerate()
                    .filter(|(_, &b)| b)
                    .map(|(i, _)| i.to_string())
                    .collect();
                let mut f = format!(
                    "n >= {} is a P-position (G(n) = 0) exactly when (n - {}) mod {} is in {{{}}}",
                    pre.len(),
                    pre.len(),
                    per.len(),
                    ps.join(", ")
                );
                if !pre.is_empty() {
                    f.push_str(&format!(
                        "; below {}, the P-positions are {{{}}}",
                        pre.len(),
                        exc.join(", ")
                    ));
                }
                f
            }
            _ => String::new(),
        },
        Rule::SelfSimilar { rule, .. } => rule.formula(),
        Rule::Intervals { rule, .. } => rule.formula(),
        Rule::Recurrence {
            p: PRule::Recurrence(r),
            ..
        } => r.formula(),
        _ => String::new(),
    };
    (formula, code::sequence(rule, fname))
}

/// The exceptions of a rule, for people: "; except G(7) = 3, G(500) = 1".
fn exceptions_text(e: &[Exception]) -> String {
    if e.is_empty() {
        return String::new();
    }
    let items: Vec<String> = e
        .iter()
        .map(|x| format!("G({}) = {}", x.n, x.value))
        .collect();
    format!("; except {}", items.join(", "))
}

fn periodic_formula(n0: u64, p: u64, s: u64, pre: &[u64], per: &[u64]) -> String {
    if n0 == 0 && p == 1 && s == 1 && per == [0] {
        return "G(n) = n".to_string();
    }
    if n0 == 0 && s == 0 && p <= 24 {
        return format!("G(n) = {}[n mod {p}]", list(per));
    }
    let rel = if s == 0 {
        format!("G(n + {p}) = G(n) for n >= {n0}")
    } else {
        format!("G(n + {p}) = G(n) + {s} for n >= {n0}")
    };
    let mut f = rel;
    if p <= 40 {
        // Ranges are inclusive, as `0..N` is everywhere in the tool.
        f.push_str(&format!("; G({n0}..{}) = {}", n0 + p - 1, list(per)));
    }
    if n0 > 0 && n0 <= 40 {
        f.push_str(&format!("; G(0..{}) = {}", n0 - 1, list(pre)));
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(values: &[u64]) -> Pattern {
        describe_sequence("test", values, None)
    }

    #[test]
    fn pure_period_with_preperiod_is_least() {
        // 5 exceptions then 0, 1, 1, 2 repeating: preperiod 5, period 4.
        let mut g = vec![7, 7, 3, 9, 9];
        for n in 0..200 {
            g.push([0, 1, 1, 2][n % 4]);
        }
        let p = kind(&g);
        assert_eq!(p.kind(), "periodic");
        match &p.rule {
            Rule::Periodic {
                preperiod, period, ..
            } => assert_eq!((*preperiod, *period), (5, 4)),
            r => panic!("{r:?}"),
        }
        assert!(!p.proven && p.proof.is_none());
    }

    /// Ranges in formulas are inclusive, as `0..N` is everywhere in the tool: the old text
    /// wrote G(5..9) for the four values of heaps 5 to 8.
    /// Outcomes alone (the values unknown) get a rule of the P-positions, proven only by its
    /// theorem, checked against every outcome, and never a rule of the values.
    #[test]
    fn outcomes_alone_get_a_rule_of_the_p_positions() {
        let fib = |n: u64| n == 0 || is_fib(n);
        let is_p: Vec<bool> = (0..=300).map(fib).collect();
        let whinihan = Proof::FibonacciPositions {
            theorem: "Whinihan".into(),
        };
        let p = describe_outcomes_from("fibnim", &is_p, 0, Some(&whinihan));
        assert_eq!(
            (p.kind(), p.proven, p.checked_to),
            ("p-positions", true, 300)
        );
        assert!(p.code.python.contains("def first_player_wins(n)"));
        assert!(!describe_outcomes_from("f", &is_p, 0, None).proven);
        // From 1 on, in the family's own n.
        let p = describe_outcomes_from("f", &is_p[1..], 1, Some(&whinihan));
        assert_eq!((p.kind(), p.origin, p.checked_to), ("p-positions", 1, 300));
        // P every third heap: periodic P-positions, its code the outcome's.
        let third: Vec<bool> = (0..200).map(|n| n % 3 == 0).collect();
        let p = describe_outcomes_from("t", &third, 0, Some(&whinihan));
        assert_eq!((p.kind(), p.proven), ("p-positions", false));
        assert!(p.code.python.contains("def first_player_wins(n)"));
        // A Fibonacci number missing: no rule, and it says why.
        let mut bad = is_p.clone();
        bad[89] = false;
        let p = describe_outcomes_from("fibnim", &bad, 0, Some(&whinihan));
        assert_eq!(p.kind(), "none");
        match &p.rule {
            Rule::None { tried } => assert!(tried[0].contains("only the outcomes"), "{tried:?}"),
            r => panic!("{r:?}"),
        }
        assert_eq!(describe_outcomes_from("e", &[], 0, None).kind(), "none");
    }

    #[test]
    fn ranges_in_formulas_are_inclusive() {
        let mut g = vec![7, 7, 3, 9, 9];
        for n in 0..200 {
            g.push([0, 1, 1, 2][n % 4]);
        }
        let f = kind(&g).formula;
        assert!(f.contains("G(5..8) = [0, 1, 1, 2]"), "{f}");
        assert!(f.contains("G(0..4) = [7, 7, 3, 9, 9]"), "{f}");
        // Exceptions of a closed form: the number of ones of n, but for G(0..1).
        let mut ones: Vec<u64> = (0..200u64).map(|n| u64::from(n.count_ones())).collect();
        ones[..2].copy_from_slice(&[5, 6]);
        let f = kind(&ones).formula;
        assert!(f.ends_with("for n >= 2; G(0..1) = [5, 6]"), "{f}");
    }

    #[test]
    fn a_period_seen_then_broken_is_not_claimed() {
        // Period 3 for 300 values, then a different tail: no period may be claimed from
        // the first part, and the tail is too short to show one.
        let mut g: Vec<u64> = (0..300).map(|n| n % 3).collect();
        g.extend([5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]);
        let p = kind(&g);
        assert!(
            !matches!(
                p.rule,
                Rule::Periodic { .. } | Rule::ArithmeticPeriodic { .. }
            ),
            "{p:?}"
        );
    }

    #[test]
    fn a_late_period_with_long_candidates_after_it() {
        // 50 values without a rule, then 50 equal values: period 1 from 50, and the longer
        // candidate periods tried after it must stay inside the values.
        let mut g: Vec<u64> = (0..50u64).map(|n| (n * 7919 + 13) % 11 + 6).collect();
        g.extend([5; 50]);
        match kind(&g).rule {
            Rule::Periodic {
                preperiod, period, ..
            } => assert_eq!((preperiod, period), (50, 1)),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn a_run_of_equal_values_at_the_end_of_a_growing_sequence_is_not_a_period() {
        // Like Fibonacci Nim's values to 200: slowly growing, equal over the last 27
        // (floor(sqrt(n)) = 13 for n = 169..195).
        let g: Vec<u64> = (0..196u64)
            .map(|n| (0..=n).take_while(|r| r * r <= n).last().unwrap_or(0))
            .collect();
        assert_eq!(g[169..], [13; 27]);
        let p = kind(&g);
        assert!(
            !matches!(
                p.rule,
                Rule::Periodic { .. } | Rule::ArithmeticPeriodic { .. }
            ),
            "{p:?}"
        );
    }

    #[test]
    fn a_repeat_seen_fewer_than_three_times_is_not_a_period() {
        // 40 random-looking values, then the last 20 repeated once: two copies only.
        let mut g: Vec<u64> = (0..40u64).map(|n| (n * 7919 + 13) % 11).collect();
        let tail = g[20..40].to_vec();
        g.extend(tail);
        let p = kind(&g);
        assert!(
            !matches!(
                p.rule,
                Rule::Periodic { .. } | Rule::ArithmeticPeriodic { .. }
            ),
            "{p:?}"
        );
    }

    #[test]
    fn arithmetic_period_and_nim() {
        let g: Vec<u64> = (0..500)
            .map(|n| 2 * (n / 3) + [0, 1, 1][(n % 3) as usize])
            .collect();
        let p = kind(&g);
        match &p.rule {
            Rule::ArithmeticPeriodic {
                preperiod,
                period,
                saltus,
                ..
            } => assert_eq!((*preperiod, *period, *saltus), (0, 3, 2)),
            r => panic!("{r:?}"),
        }
        let nim = kind(&(0..100).collect::<Vec<u64>>());
        assert_eq!(nim.formula, "G(n) = n");
    }

    #[test]
    fn a_proof_makes_it_proven_only_when_it_reproduces_the_values() {
        let g: Vec<u64> = (0..100).map(|n| n % 3).collect();
        let good = Proof::Period {
            preperiod: 0,
            period: 3,
            saltus: 0,
            theorem: "T".into(),
        };
        let p = describe_sequence("s", &g, Some(&good));
        assert!(p.proven);
        assert_eq!(p.proof.as_deref(), Some("T"));
        let bad = Proof::Period {
            preperiod: 0,
            period: 4,
            saltus: 0,
            theorem: "T".into(),
        };
        let p = describe_sequence("s", &g, Some(&bad));
        assert_eq!(p.kind(), "periodic");
        assert!(!p.proven && p.proof.is_none());
    }

    #[test]
    fn closed_forms_of_binary_digits() {
        // The ruler sequence: G(n) = v2(n) + 1 for n >= 1, G(0) = 0.
        let g: Vec<u64> = (0..300u64)
            .map(|n| {
                if n == 0 {
                    0
                } else {
                    u64::from(n.trailing_zeros()) + 1
                }
            })
            .collect();
        let p = kind(&g);
        assert_eq!(p.kind(), "formula", "{p:?}");
        assert!(
            p.formula.contains("2-adic valuation of n, plus 1"),
            "{}",
            p.formula
        );
        let tm: Vec<u64> = (0..300u64).map(|n| u64::from(n.count_ones() % 2)).collect();
        assert_eq!(kind(&tm).kind(), "formula");
    }

    #[test]
    fn fibonacci_p_positions_proven_only_with_the_proof() {
        // Values with no rule of their own, zero exactly at 0 and the Fibonacci numbers.
        let g: Vec<u64> = (0..400u64)
            .map(|n| {
                if n == 0 || is_fib(n) {
                    0
                } else {
                    1 + (n * n * 31 + 7) % 5
                }
            })
            .collect();
        let p = kind(&g);
        assert_eq!(p.kind(), "p-positions", "{p:?}");
        assert!(!p.proven);
        let t = Proof::FibonacciPositions {
            theorem: "Whinihan".into(),
        };
        assert!(describe_sequence("fibnim", &g, Some(&t)).proven);
    }

    #[test]
    fn p_positions_in_intervals_growing_geometrically() {
        // The multiplication game to reach n (2..9 a move): the first player loses exactly
        // when 9 * 18^k < n <= 18^(k + 1); 0 and 1 are lost too (the goal is reached).
        let lost = |n: u64| {
            n <= 1
                || [(9u64, 18u64), (162, 324), (2916, 5832), (52488, 104976)]
                    .iter()
                    .any(|&(lo, hi)| lo < n && n <= hi)
        };
        let g: Vec<u64> = (0..=60000u64)
            .map(|n| {
                if lost(n) {
                    0
                } else {
                    1 + ((n * 2_654_435_761) >> 9) % 3
                }
            })
            .collect();
        let p = kind(&g);
        assert_eq!(p.kind(), "p-positions", "{p:?}");
        assert_eq!(
            p.formula,
            "n is a P-position (G(n) = 0) exactly when 9 * 18^k < n <= 18 * 18^k for some k >= 0, \
             or n is one of [0, 1]"
        );
        // Two whole intervals only (to 1000) are not enough.
        assert_eq!(kind(&g[..1001]).kind(), "none");
    }

    /// Values without a rule whose zeros are the terms of t(i) = 2 t(i-1) + t(i-2) + 1 after
    /// 0: kind `recurrence`, its Python and C++ exact far past the values (at the terms near
    /// 10^18 and their neighbours, against the recurrence in u128).
    #[test]
    fn p_positions_by_a_linear_recurrence_and_their_code_at_10_18() {
        let mut t: Vec<u128> = vec![0, 1, 3];
        while *t.last().unwrap() < u128::from(u64::MAX) {
            let k = t.len();
            t.push(2 * t[k - 1] + t[k - 2] + 1);
        }
        let is_term = |n: u64| t.contains(&u128::from(n));
        let g: Vec<u64> = (0..=5000u64)
            .map(|n| {
                if is_term(n) {
                    0
                } else {
                    1 + (n * n * 31 + 7) % 5
                }
            })
            .collect();
        let p = kind(&g);
        assert_eq!(p.kind(), "recurrence", "{p:?}");
        assert!(
            p.formula.contains("t(i) = 2 t(i-1) + t(i-2) + 1"),
            "{}",
            p.formula
        );
        let mut inputs: Vec<u64> = (0..200).collect();
        for &x in t.iter().filter(|&&x| x > 3 && x < u128::from(u64::MAX)) {
            inputs.extend([x as u64 - 1, x as u64, x as u64 + 1]);
        }
        inputs.extend([1_000_000_000_000_000_000, u64::MAX]);
        let expected: Vec<String> = inputs
            .iter()
            .map(|&n| u8::from(!is_term(n)).to_string())
            .collect();
        for (lang, out) in run_code(&p, "first_player_wins", &inputs) {
            assert_eq!(out, expected, "{lang}");
        }
    }

    /// The code of `p`'s function `fname` run by python3 and by g++ (each when it is there) on
    /// `inputs`, one line of output per input (booleans as 0 and 1).
    fn run_code(p: &Pattern, fname: &str, inputs: &[u64]) -> Vec<(&'static str, Vec<String>)> {
        let stdin: String = inputs.iter().map(|n| format!("{n}\n")).collect();
        let run = |cmd: &mut std::process::Command| -> Option<Vec<String>> {
            use std::io::Write;
            let mut child = cmd
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .ok()?;
            child.stdin.take()?.write_all(stdin.as_bytes()).ok()?;
            let out = child.wait_with_output().ok()?;
            Some(
                String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .map(str::to_string)
                    .collect(),
            )
        };
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("grundy-seq-{}-{k}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut outs = Vec::new();
        let py = dir.join("r.py");
        std::fs::write(
            &py,
            format!(
                "import sys\n{}\nfor line in sys.stdin:\n    print(int({fname}(int(line))))\n",
                p.code.python
            ),
        )
        .unwrap();
        if let Some(out) = run(std::process::Command::new("python3").arg(&py)) {
            outs.push(("Python", out));
        }
        let cpp = dir.join("r.cpp");
        let exe = dir.join("r.exe");
        std::fs::write(
            &cpp,
            format!(
                "#include <cstdio>\n{}\nint main() {{ unsigned long long n; while (scanf(\"%llu\", &n) == 1) printf(\"%llu\\n\", (unsigned long long){fname}(n)); }}\n",
                p.code.cpp
            ),
        )
        .unwrap();
        let built = std::process::Command::new("g++")
            .args([
                "-O2",
                "-std=c++17",
                "-Wall",
                "-Wextra",
                "-pedantic",
                "-Werror",
                "-o",
            ])
            .arg(&exe)
            .arg(&cpp)
            .output();
        if let Ok(b) = built {
            assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
            outs.push(("C++", run(&mut std::process::Command::new(&exe)).unwrap()));
        }
        let _ = std::fs::remove_dir_all(&dir);
        outs
    }

    /// n mod 5 but at three n: a period off a finite list, not a preperiod of 334 values; the
    /// code gives the exceptions and the rule to 10^18.
    #[test]
    fn a_period_off_a_few_exceptions_lists_them() {
        let odd = [(7u64, 9u64), (40, 8), (333, 7)];
        let rule = |n: u64| odd.iter().find(|e| e.0 == n).map_or(n % 5, |e| e.1);
        let g: Vec<u64> = (0..2000).map(rule).collect();
        let p = kind(&g);
        match &p.rule {
            Rule::Periodic {
                period, exceptions, ..
            } => {
                assert_eq!(*period, 5);
                let listed: Vec<(u64, u64)> = exceptions.iter().map(|e| (e.n, e.value)).collect();
                assert_eq!(listed, odd);
            }
            r => panic!("{r:?}"),
        }
        assert!(
            p.formula
                .ends_with("; except G(7) = 9, G(40) = 8, G(333) = 7"),
            "{}",
            p.formula
        );
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["exceptions"][2]["n"], 333);
        let inputs: Vec<u64> = (0..3000)
            .chain([1_000_000_000_000_000_000, u64::MAX])
            .collect();
        let expected: Vec<String> = inputs.iter().map(|&n| rule(n).to_string()).collect();
        for (lang, out) in run_code(&p, "grundy", &inputs) {
            assert_eq!(out, expected, "{lang}");
        }
    }

    proptest::proptest! {
        /// A sequence built with preperiod n0 and period p (and a saltus s) is described with a
        /// preperiod at most n0 and a period dividing p, and the rule's values are its values.
        #[test]
        fn built_periods_are_found(
            pre in proptest::collection::vec(0u64..6, 0..40),
            per in proptest::collection::vec(0u64..6, 1..12),
            s in 0u64..3,
            periods in 3usize..8,
        ) {
            let (n0, p) = (pre.len(), per.len());
            let len = (n0 + periods * p).max(2 * n0 + 2 * p).max(n0 + p + 40);
            let g: Vec<u64> = (0..len)
                .map(|n| if n < n0 { pre[n] } else { per[(n - n0) % p] + s * ((n - n0) / p) as u64 })
                .collect();
            let d = describe_sequence("built", &g, None);
            let (dn0, dp) = match d.rule {
                Rule::Periodic { preperiod, period, .. } => (preperiod, period),
                Rule::ArithmeticPeriodic { preperiod, period, .. } => (preperiod, period),
                ref r => panic!("{r:?} for {g:?}"),
            };
            proptest::prop_assert!(dn0 <= n0 as u64, "preperiod {dn0} > {n0}");
            proptest::prop_assert_eq!(p as u64 % dp, 0);
            for (n, &v) in g.iter().enumerate() {
                proptest::prop_assert_eq!(value_at(&d.rule, n as u64), Some(v));
            }
        }
    }

    fn is_fib(n: u64) -> bool {
        crate::is_fibonacci(n)
    }

    #[test]
    fn noise_is_none_and_says_what_was_tried() {
        let g: Vec<u64> = (0..300u64)
            .map(|n| (n.wrapping_mul(2654435761) >> 7) % 13 + 1)
            .collect();
        let p = kind(&g);
        assert_eq!(p.kind(), "none");
        match &p.rule {
            Rule::None { tried } => assert!(tried.len() >= 3),
            r => panic!("{r:?}"),
        }
    }
}
