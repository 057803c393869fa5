//! Misere quotients (Plambeck and Siegel) in the engine: the report of `grundy quotient`, and
//! the quotients that misere analysis of sums of heaps multiplies in.
//!
//! The mathematics lives in the `grundy-misere` crate (re-exported as [`crate::misere`]);
//! this module turns a ruleset of the registry into its heap rules, maps the crate's errors
//! to [`Error`] kinds and keeps a few recent quotients, so that repeated misere questions on
//! one ruleset (the `play` command, a web session) pay for the quotient once.
//!
//! **Invariant:** a quotient answers only for heaps it covers: heaps `0..=computed_to`, or
//! every heap when its [`Stability`] is proven (the heap map is then periodic).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

use grundy_heap::HeapRules;
use grundy_misere::{HeapGame, MisereQuotient, QuotientError, QuotientOptions, Stability};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::rules::RulesetRef;
use crate::{Error, ErrorKind, Limit, Limits};

/// What a quotient computation may spend, besides the request's memory, time and
/// cancellation ([`Limits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The largest quotient allowed (its table takes `4 * max_order^2` bytes).
    pub max_order: usize,
    /// Search steps for the whole computation (roughly one per position visited).
    pub max_work: u64,
}

impl Default for QuotientLimits {
    /// The defaults of `grundy-misere` (order 2048, 2^32 steps).
    fn default() -> Self {
        let d = QuotientOptions::default();
        QuotientLimits {
            max_order: d.max_order,
            max_work: d.max_work,
        }
    }
}

/// The partial misere quotient of a heap ruleset, as `grundy quotient --json` prints it: the
/// fields of [`MisereQuotient`] (`rules`, `computed_to`, `order`, `generators`, `relations`,
/// `elements`, `p_portion`, `table`, `heaps`, `growth`, `stability`, `work`) after the
/// canonical `ruleset` and the `presentation` in one line.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The canonical name of the ruleset.
    pub ruleset: String,
    /// The presentation in one line, such as `<a, b | a^2 = 1, b^3 = b>`.
    pub presentation: String,
    /// The quotient itself.
    #[serde(flatten)]
    pub quotient: MisereQuotient,
}

/// The largest heap bound that `grundy quotient --to` accepts (the quotient computation keeps
/// the options of every heap, and takes heaps as 32-bit numbers).
pub const QUOTIENT_TO_LIMIT: u64 = 1_000_000;

/// [`crate::api::quotient`] of a ruleset already read.
pub(crate) fn of_ruleset(
    r: &RulesetRef,
    to: &BigUint,
    qlimits: &QuotientLimits,
    limits: &Limits,
) -> Result<QuotientReport, Error> {
    let Some(rules) = r.rules().heap_rules() else {
        return Err(Error::input(format!(
            "{} is not a heap ruleset, so it has no misere quotient of heaps here; quotients \
             take heap games whose family gives its heap moves, such as tb[...], sub[...] and \
             take[p..q]",
            r.name()
        )));
    };
    let to = match to.to_u64() {
        Some(n) if n <= QUOTIENT_TO_LIMIT => n,
        _ => {
            return Err(Error::limit(
                Limit::Size,
                format!(
                    "a quotient of heaps up to {to} is above the limit of {QUOTIENT_TO_LIMIT} \
                     heaps; ask for fewer"
                ),
            ))
        }
    };
    let q = compute(rules, to, qlimits, limits)?;
    Ok(QuotientReport {
        ruleset: r.name().to_string(),
        presentation: q.presentation_text(),
        quotient: q,
    })
}

/// Computes a quotient within both kinds of limits.
fn compute(
    rules: &HeapRules,
    to: u64,
    qlimits: &QuotientLimits,
    limits: &Limits,
) -> Result<MisereQuotient, Error> {
    limits.check()?;
    let opts = QuotientOptions {
        max_order: qlimits.max_order,
        max_work: qlimits.max_work,
        max_memory: usize::try_from(limits.max_memory).unwrap_or(usize::MAX),
        budget: Some(limits.clone()),
        ..QuotientOptions::default()
    };
    grundy_misere::quotient(rules, to, &opts).map_err(quotient_error)
}

/// The engine's error for an error of the quotient crate, of the crate's own kind.
fn quotient_error(e: QuotientError) -> Error {
    match (e.kind(), &e) {
        (ErrorKind::Cancelled, _) => Error::Cancelled,
        // The engine's words for the request's time limit.
        (_, QuotientError::TimeLimit { limit, .. }) => {
            Error::from(grundy_types::Stop::Time(*limit))
        }
        (kind, QuotientError::MemoryLimit { limit, .. }) => {
            Error::of_kind(kind, e.to_string(), Limit::Memory(*limit as u64))
        }
        (kind, _) => Error::of_kind(kind, e.to_string(), Limit::Size),
    }
}

/// The element of heap `h` in `q`: from the heap map for covered heaps, from the proven period
/// beyond them; `None` when `h` is beyond the heaps computed and no period is proven.
pub fn heap_element(q: &MisereQuotient, h: u64) -> Option<u32> {
    if h <= q.computed_to() {
        return q.heap_element(h).ok();
    }
    match q.stability() {
        // A proven period needs `computed_to >= s * (n0 + p) + k`, so `h > n0` here.
        Stability::Proven {
            preperiod, period, ..
        } if *period > 0 && h >= *preperiod => {
            q.heap_element(preperiod + (h - preperiod) % period).ok()
        }
        _ => None,
    }
}

/// The heaps of a sum above which misere analysis does not compute a quotient to the largest
/// heap, but to this bound, and uses it only when it is proven for every heap.
pub const ANALYSIS_BOUND: u64 = 256;

/// The largest quotient misere analysis computes (a table of 4 MiB).
pub const ANALYSIS_MAX_ORDER: usize = 1024;

/// Quotient search steps granted to misere analysis per position of its search limit
/// (`max_nodes`): 160 gives 32 million steps, about two seconds, at the default limit.
pub const ANALYSIS_WORK_PER_NODE: u64 = 160;

/// How many quotients (and failures) are kept between requests.
const CACHE_SIZE: usize = 8;

/// One quotient kept for later requests, or the reason it could not be computed.
struct Cached {
    rules: String,
    bound: u64,
    work: u64,
    result: Result<Arc<MisereQuotient>, String>,
}

fn cache() -> &'static Mutex<VecDeque<Cached>> {
    static CACHE: OnceLock<Mutex<VecDeque<Cached>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(VecDeque::new()))
}

/// A quotient of `rules` that covers heaps up to `largest`, for misere analysis: from the
/// cache, or computed to `largest` (to [`ANALYSIS_BOUND`] when `largest` is beyond it, and
/// then useful only if proven).
///
/// Returns: `Ok(Ok(q))`, a quotient that covers every heap up to `largest`; `Ok(Err(why))`
/// when no quotient is within reach (a limit of the quotient, or no proof beyond the bound);
/// `Err` for cancellation and the request's deadline, which must stop the analysis.
pub(crate) fn for_analysis(
    rules: &HeapRules,
    largest: u64,
    limits: &Limits,
) -> Result<Result<Arc<MisereQuotient>, String>, Error> {
    let name = rules.describe();
    let covers = |q: &MisereQuotient| heap_element(q, largest).is_some();
    let bound = largest.min(ANALYSIS_BOUND);
    let work = (limits.max_nodes as u64).saturating_mul(ANALYSIS_WORK_PER_NODE);
    {
        let kept = cache().lock().unwrap_or_else(|p| p.into_inner());
        for c in kept.iter().filter(|c| c.rules == name) {
            match &c.result {
                Ok(q) if covers(q) => return Ok(Ok(q.clone())),
                Err(why) if c.bound == bound && c.work >= work => return Ok(Err(why.clone())),
                _ => {}
            }
        }
    }
    let qlimits = QuotientLimits {
        max_order: ANALYSIS_MAX_ORDER,
        max_work: work,
    };
    let result = match compute(rules, bound, &qlimits, limits) {
        Ok(q) => Ok(Arc::new(q)),
        Err(
            e @ (Error::Cancelled
            | Error::Limit {
                limit: Limit::Time(_),
                ..
            }),
        ) => return Err(e),
        Err(e) => Err(match e.limit_reached() {
            // The analysis's own budget, not an option the caller set: say what it was.
            Some(Limit::Size) => format!(
                "the quotient of {name} for heaps 0..={bound} is beyond the analysis's budget \
                 of {ANALYSIS_MAX_ORDER} elements and {work} steps ({})",
                // The library's advice names its own options, which the analysis sets.
                e.to_string().split("; ").next().unwrap_or_default()
            ),
            _ => e.to_string(),
        }),
    };
    let mut kept = cache().lock().unwrap_or_else(|p| p.into_inner());
    if kept.len() >= CACHE_SIZE {
        kept.pop_front();
    }
    kept.push_back(Cached {
        rules: name.clone(),
        bound,
        work,
        result: result.clone(),
    });
    drop(kept);
    Ok(match result {
        Ok(q) if covers(&q) => Ok(q),
        Ok(q) => Err(format!(
            "the heap {largest} is beyond the quotient of {name} for heaps 0..={bound}, which \
             is not proven for larger heaps ({})",
            q.stability().statement()
        )),
        Err(why) => Err(why),
    })
}

/// Whether a quotient computed to [`ANALYSIS_BOUND`] could ever cover heaps beyond it: only
/// rules with a bounded take have the periodicity proof.
pub(crate) fn may_prove(rules: &HeapRules) -> bool {
    rules.shape().is_some()
}
