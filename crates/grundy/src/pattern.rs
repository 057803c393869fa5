//! `grundy pattern`: the values of a family's positions handed to the rule finder
//! (`grundy_pattern`), with the theorems the engine knows for that family.
//!
//! The arity is decided from the family: a family with a heap table, or whose positions are
//! written with one integer, has arity 1; a family whose one position is written with two
//! integers has arity 2.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::rules::{Arg, Comp, RulesetRef};
use crate::{Error, Limit, Limits, Nimber};

pub use grundy_pattern::{Pattern, Proof};

/// The largest heap of a one-argument pattern computed without a heap table (one search per
/// heap), and of a table (the periods are looked for in O(N) per candidate).
pub const PATTERN_LIMIT_1: u64 = 1_000_000;

/// The largest heap of a one-argument pattern of a family with a heap kernel (take-and-break
/// codes, subtraction sets, custom heap games): their tables reach far past 10^6 (0.376's
/// period starts at 2268248 and is proven from heap 4536507 on).
pub const PATTERN_LIMIT_KERNEL: u64 = 16_000_000;

/// The largest N of a two-argument pattern ((N + 1)^2 values).
pub const PATTERN_LIMIT_2: u64 = 2_000;

/// The default N of a one-argument pattern.
pub const DEFAULT_TO_1: u64 = 1_000;

/// Without an asked N, a one-argument family whose search stops earlier than the default is
/// described on the values it has, if they are more than these.
const MIN_VALUES: u64 = 64;

/// The default N of a two-argument pattern.
pub const DEFAULT_TO_2: u64 = 48;

/// [`crate::api::pattern`] of a ruleset already read: the values of its positions handed to
/// the rule finder, with the theorems the engine knows for its family.
pub(crate) fn of_ruleset(
    r: &RulesetRef,
    to: Option<&BigUint>,
    limits: &Limits,
) -> Result<Pattern, Error> {
    let name = r.name().to_string();
    let limit1 = if r.rules().heap_rules().is_some() {
        PATTERN_LIMIT_KERNEL
    } else {
        PATTERN_LIMIT_1
    };
    let to1 = bounded(to, DEFAULT_TO_1, limit1)?;
    let table = match r.rules().heap_table(to1, limits) {
        // A family that refuses a table (a rule script of ARITY 2) is tried as the others.
        Some(Err(e))
            if matches!(
                e.kind(),
                crate::ErrorKind::Input | crate::ErrorKind::Unsupported
            ) =>
        {
            None
        }
        t => t,
    };
    if let Some(table) = table {
        let table = table?;
        let values: Vec<u64> = table.values.iter().map(u64::from).collect();
        // Heap rulesets (take-and-break codes above all) get the census of rare values
        // when their values have a plain period or no rule.
        let found = of_table(r, &values, table.period.as_ref()).with_census(&values);
        return further(r, found, to1, limits);
    }
    if one_position(r, &[Arg::int(1)]) {
        let origin = origin(r, 1, limits)?;
        let proof = (name == "fibnim").then(|| Proof::FibonacciPositions {
            theorem: "Whinihan's theorem (1963): the first player loses Fibonacci Nim exactly \
                      when the heap is a Fibonacci number (Zeckendorf representation)"
                .to_string(),
        });
        let mut values = Vec::with_capacity(to1 as usize + 1);
        for n in origin..=to1 {
            limits.check()?;
            match value(r, &[Arg::int(n)], limits) {
                Ok(v) => values.push(v),
                // The values stop where no method reaches (Fibonacci Nim's nim-values are
                // searched to 200 only); if the family knows its outcomes beyond, the pattern
                // is that of the outcomes (spec: outcome families), on the whole range.
                Err(e) if e.is_too_large() => {
                    if let Some(is_p) = outcomes(r, &values, origin, to1, limits)? {
                        return Ok(grundy_pattern::describe_outcomes_from(
                            &name,
                            &is_p,
                            origin,
                            proof.as_ref(),
                        ));
                    }
                    if to.is_none() && n > MIN_VALUES {
                        break;
                    }
                    return Err(e);
                }
                // Without an asked N, the values stop where the family's search stops:
                // checked_to says so.
                Err(e) if to.is_none() && n > MIN_VALUES && e.limit_reached().is_some() => break,
                Err(e) => return Err(e),
            }
        }
        let found = grundy_pattern::describe_sequence_from(&name, &values, origin, proof.as_ref());
        if found.proven || found.kind() == "none" || origin != 0 {
            return Ok(found);
        }
        // Checked past the table, one search per heap, for about a second.
        let deadline = std::time::Instant::now() + FURTHER_TIME;
        let first = values.len();
        let mut n = origin + first as u64;
        while n <= FURTHER_MAX && std::time::Instant::now() < deadline {
            limits.check()?;
            match value(r, &[Arg::int(n)], limits) {
                Ok(v) => values.push(v),
                Err(_) => break,
            }
            n += 1;
        }
        if values.len() == first {
            return Ok(found);
        }
        return Ok(match found.holds_on(first as u64, &values[first..]) {
            Ok(()) => Pattern {
                checked_further_to: Some(n - 1),
                ..found
            },
            Err(_) => {
                grundy_pattern::describe_sequence_from(&name, &values, origin, proof.as_ref())
            }
        });
    }
    if one_position(r, &[Arg::int(1), Arg::int(2)]) {
        let to2 = bounded(to, DEFAULT_TO_2, PATTERN_LIMIT_2)?;
        let origin = origin(r, 2, limits)?;
        let side = to2 as usize + 1;
        let mut grid = Vec::with_capacity(side);
        for a in origin..=to2 {
            // Cells already in the memo cost no search, so the deadline and Ctrl-C are
            // checked here too.
            limits.check()?;
            let mut row = Vec::with_capacity(side);
            for b in origin..=to2 {
                row.push(value(r, &[Arg::int(a), Arg::int(b)], limits)?);
            }
            grid.push(row);
        }
        let proof = match name.as_str() {
            "wythoff" => Some(Proof::WythoffPairs {
                theorem: "Wythoff's theorem (1907): the P-positions of Wythoff's game are \
                          (0, 0) and the pairs (floor(k phi), floor(k phi^2)), k >= 1, with \
                          their mirrors"
                    .to_string(),
            }),
            "corners" => Some(Proof::Formula {
                closed: grundy_pattern::Closed::NimProduct,
                theorem: "the Tartan theorem (Winning Ways, chapter 14): a head at (a, b) of a \
                          Tartan product G1 x G2 is worth G1(a) (*) G2(b), and Turning Corners \
                          is Twins x Twins, whose coin at x is worth x"
                    .to_string(),
            }),
            _ => None,
        };
        return Ok(grundy_pattern::describe_grid_from(
            &name,
            &grid,
            origin,
            proof.as_ref(),
        ));
    }
    Err(Error::input(format!(
        "{name} is not a family of one or two integer arguments, so it has no table of \
         values to describe; give a heap ruleset such as sub[1,3,4], or a family such as \
         wythoff"
    )))
}

/// The time a rule observed on the table is given to be checked on further values.
const FURTHER_TIME: std::time::Duration = std::time::Duration::from_millis(1000);

/// The fewest further values tried first (the table of a cheap family then doubles to far
/// more: 10^5 values within the second when a value costs a few microseconds).
const FURTHER_MIN: u64 = 1 << 12;

/// The most values a rule is checked on past the table.
const FURTHER_MAX: u64 = 1 << 22;

/// A rule observed (not proven) on the table G(0..=to) checked on the family's values past
/// the table, as far as they come within about a second (the table four times as long,
/// then doubled while time remains, from at least [`FURTHER_MIN`] values to at most [`FURTHER_MAX`]): when it holds,
/// the pattern says how far (`checked_further_to`); when it fails, the rule is looked for
/// again on all the values computed, and that pattern is returned.
fn further(r: &RulesetRef, found: Pattern, to: u64, limits: &Limits) -> Result<Pattern, Error> {
    if found.proven || found.kind() == "none" {
        return Ok(found);
    }
    let deadline = std::time::Instant::now() + FURTHER_TIME;
    let mut bounded = limits.clone();
    bounded.deadline = Some(limits.deadline.map_or(deadline, |d| d.min(deadline)));
    let mut best: Option<crate::rules::HeapTable> = None;
    let mut m = to.saturating_mul(4).clamp(FURTHER_MIN, FURTHER_MAX);
    while m > to {
        let began = std::time::Instant::now();
        match r.rules().heap_table(m, &bounded) {
            Some(Ok(t)) => best = Some(t),
            // The time given (or memory) ran out: the values so far are checked.
            _ => break,
        }
        // A table twice as long takes about twice as long: it is computed only if that fits.
        let now = std::time::Instant::now();
        if m >= FURTHER_MAX || now + 2 * (now - began) > deadline {
            break;
        }
        m = m.saturating_mul(2).min(FURTHER_MAX);
    }
    // Ctrl-C or the caller's own deadline stop the command, as everywhere.
    limits.check()?;
    let Some(t) = best else {
        return Ok(found);
    };
    let far: Vec<u64> = t.values.iter().map(u64::from).collect();
    let last = far.len() as u64 - 1;
    let start = to as usize + 1;
    match found.holds_on(to + 1, &far[start.min(far.len())..]) {
        Ok(()) => Ok(Pattern {
            checked_further_to: Some(last),
            ..found
        }),
        // The rule seen on the table is wrong past it: the rule of all the values computed.
        Err(_) => Ok(of_table(r, &far, t.period.as_ref()).with_census(&far)),
    }
}

/// Whether each of origin..=to is a P-position: from `values` (G(origin..), as far as they
/// were computed) and then from the family's outcomes of a component alone; `None` when the
/// family does not know the outcome of some position beyond its values.
fn outcomes(
    r: &RulesetRef,
    values: &[u64],
    origin: u64,
    to: u64,
    limits: &Limits,
) -> Result<Option<Vec<bool>>, Error> {
    let mut is_p: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    for n in origin + values.len() as u64..=to {
        limits.check()?;
        let c = component(r, &[Arg::int(n)])?;
        match r.rules().outcome_alone(&c, limits)? {
            Some(crate::Outcome::P) => is_p.push(true),
            Some(crate::Outcome::N) => is_p.push(false),
            Some(crate::Outcome::D) | None => return Ok(None),
        }
    }
    Ok(Some(is_p))
}

/// The rule behind a one-argument family's table G(0..N), proven when `period` is proven
/// (by the theorem that proves it for the family); no census.
pub(crate) fn of_table(r: &RulesetRef, values: &[u64], period: Option<&crate::Period>) -> Pattern {
    let proof = period.filter(|p| p.proven).map(|p| Proof::Period {
        preperiod: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        theorem: period_theorem(r, p),
    });
    grundy_pattern::describe_sequence(r.name(), values, proof.as_ref())
}

/// N as asked or by default, within the limit.
fn bounded(to: Option<&BigUint>, default: u64, limit: u64) -> Result<u64, Error> {
    let Some(to) = to else {
        return Ok(default);
    };
    match to.to_u64() {
        Some(n) if n <= limit => Ok(n),
        _ => Err(Error::limit(
            Limit::Size,
            format!(
                "a pattern to {to} is above the limit of {limit} for this family; ask for less"
            ),
        )),
    }
}

/// The least argument of the family's positions: 0, or 1 when the family refuses 0 (a
/// board of at least one row, Euclid's positive numbers) and takes 1.
fn origin(r: &RulesetRef, arity: usize, limits: &Limits) -> Result<u64, Error> {
    let at = |k: u64| vec![Arg::int(k); arity];
    match value(r, &at(0), limits) {
        Ok(_) => Ok(0),
        Err(e0) if e0.kind() == crate::ErrorKind::Input => match value(r, &at(1), limits) {
            Ok(_) => Ok(1),
            Err(_) => Err(e0),
        },
        Err(e) => Err(e),
    }
}

/// Whether these arguments write exactly one position of the family.
fn one_position(r: &RulesetRef, args: &[Arg]) -> bool {
    matches!(r.rules().components(args), Ok(c) if c.len() == 1)
}

/// The one position these arguments write.
fn component(r: &RulesetRef, args: &[Arg]) -> Result<Comp, Error> {
    let comps = r.rules().components(args).map_err(|e| {
        Error::input(format!(
            "{}: a position of the pattern's range is refused: {}",
            r.name(),
            e.message
        ))
    })?;
    match <[Comp; 1]>::try_from(comps) {
        Ok([c]) => Ok(c),
        Err(_) => Err(Error::input(format!(
            "{}: a position of the pattern's range is not one position",
            r.name()
        ))),
    }
}

/// The nim-value of the one position these arguments write, as u64.
fn value(r: &RulesetRef, args: &[Arg], limits: &Limits) -> Result<u64, Error> {
    let c = component(r, args)?;
    let v: Nimber = r.rules().value(&c, limits)?;
    v.to_u64().ok_or_else(|| {
        Error::too_large(format!(
            "{}: a nim-value beyond 64 bits; ask for a smaller range",
            r.name()
        ))
    })
}

/// The theorem behind a proven period of the family's heap table.
fn period_theorem(r: &RulesetRef, p: &crate::Period) -> String {
    use grundy_heap::HeapRules;
    let checked = if p.values_needed > 0 {
        format!(" (the certificate: heaps 0..{})", p.values_needed)
    } else {
        String::new()
    };
    match r.rules().heap_rules() {
        Some(HeapRules::Tb(_)) => format!(
            "the periodicity theorem for finite take-and-break codes (Guy and Smith): once the \
             values repeat over a long enough window they repeat forever{checked}"
        ),
        Some(HeapRules::Sub(_)) => format!(
            "the window argument for finite subtraction games: G(n) depends only on the max(S) \
             values before n, and that window repeats{checked}"
        ),
        Some(HeapRules::Custom(_)) => format!(
            "the window argument: the family's moves are the same at every heap from some size \
             on, so a repeated window of values repeats forever{checked}"
        ),
        None if r.name() == "nim" => {
            "a Nim heap of n moves to every heap 0..n-1, so G(n) = mex{0..n-1} = n".to_string()
        }
        None => format!("the family's own closed form of its heap values{checked}"),
    }
}
