//! Misere analysis of a sum of heaps of one ruleset through its misere quotient: the sum is a
//! P-position iff the product of its heaps' elements lies in the P-portion, and a move is
//! winning iff it turns the product into an element of the P-portion. No sum is searched, so
//! a hundred heaps cost what one does.

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{component_moves, count_budget, over_budget_note, render, Analysis, Options};
use crate::position::{Component, Place, Position, Replacement};
use crate::quotient::{for_analysis, heap_element, may_prove, ANALYSIS_BOUND};
use crate::rules::Comp;
use crate::{Error, Outcome, Play};

/// Heaps whose options are listed one by one to find winning moves; the moves of larger heaps
/// (reachable only through a proven period) are counted as unknown instead.
const MOVE_LIST_LIMIT: u64 = 1 << 16;

/// What the quotient could do for a sum.
pub(super) enum Attempt {
    /// The sum was answered through the quotient.
    Answered(Box<Analysis>),
    /// The sum is not a sum of heaps of one heap ruleset.
    NotApplicable,
    /// The sum qualifies but no quotient covering its heaps is within reach (why).
    OutOfReach(String),
}

/// The heap size of a component of a heap ruleset.
fn heap_of(c: &Component) -> Option<u64> {
    match c {
        Component::Of(_, s) => s.get::<BigUint>().and_then(ToPrimitive::to_u64),
        Component::Star(_) => None,
    }
}

/// The winning options of one heap size: how many, and the options themselves once listed.
type SizeWins = (u64, Option<Vec<Replacement>>);

/// Whether the options of a heap of `h` may be walked through the heap rules: at most as many
/// as a search may store (the bound the families check before listing them), for codes and
/// subtraction sets; a family's own moves go through its options.
fn bounded_options(rules: &grundy_heap::HeapRules, h: u64, limits: &crate::Limits) -> bool {
    let max = limits.max_nodes as u128;
    match rules {
        grundy_heap::HeapRules::Tb(code) => code.option_bound(h) <= max,
        grundy_heap::HeapRules::Sub(_) => u128::from(h) <= max,
        grundy_heap::HeapRules::Custom(_) => false,
    }
}

/// Answers the misere analysis of `pos` through a misere quotient when every component is a
/// heap of one ruleset with heap rules.
///
/// Arguments: the position, its components with their places, the options of the analysis.
/// Returns: the attempt; an error only for cancellation and the deadline (a quotient out of
/// reach is [`Attempt::OutOfReach`], so that the caller can search instead).
/// Complexity: the quotient (cached between requests), then O(h + d log h) products for `h`
/// heaps of `d` distinct sizes, plus one product per option of each distinct size.
pub(super) fn analyze(
    pos: &Position,
    comps: &[(Place, Component)],
    opts: &Options,
) -> Result<Attempt, Error> {
    let Some((_, Component::Of(ruleset, _))) = comps.first() else {
        return Ok(Attempt::NotApplicable);
    };
    let Some(rules) = ruleset.rules().heap_rules() else {
        return Ok(Attempt::NotApplicable);
    };
    let mut heaps = Vec::with_capacity(comps.len());
    for (_, c) in comps {
        match (c, heap_of(c)) {
            (Component::Of(r, _), Some(h)) if r == ruleset => heaps.push(h),
            _ => return Ok(Attempt::NotApplicable),
        }
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > ANALYSIS_BOUND && !may_prove(rules) {
        return Ok(Attempt::OutOfReach(format!(
            "the heap {largest} is above {ANALYSIS_BOUND}, and the moves of {} are not bounded, \
             so no quotient can be proven for every heap",
            ruleset.name()
        )));
    }
    // The quotients of a batch's rulesets are kept by its memo (the engine's own cache holds
    // a few, and a batch of a thousand heaps of two hundred rulesets would compute most of
    // them again and again).
    let name = grundy_misere::HeapGame::describe(rules);
    let kept = opts
        .memo
        .quotient(&name)
        .filter(|q| heap_element(q, largest).is_some());
    let q = match kept {
        Some(q) => q,
        None => match for_analysis(rules, largest, &opts.limits)? {
            Ok(q) => {
                opts.memo.keep_quotient(name, &q);
                q
            }
            Err(why) => return Ok(Attempt::OutOfReach(why)),
        },
    };
    // Each covered heap has an element (checked by `for_analysis` for the largest, and every
    // smaller heap is covered when the largest is).
    let element = |h: u64| heap_element(&q, h).unwrap_or(0);
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for (i, &h) in heaps.iter().enumerate() {
        *counts.entry(h).or_insert(0) += 1;
        if i % 4096 == 4095 {
            opts.limits.check()?;
        }
    }
    let mul = |a: u32, b: u32| q.mul(a, b).unwrap_or(0);
    let pow = |a: u32, k: u64| q.pow(a, k).unwrap_or(0);
    let sizes: Vec<(u64, u64)> = counts.into_iter().collect();
    let powers: Vec<u32> = sizes.iter().map(|&(h, c)| pow(element(h), c)).collect();
    // Prefix and suffix products give "the rest of the sum" for each size without dividing
    // (a monoid has no inverses).
    let mut prefix = vec![0u32; sizes.len() + 1];
    for i in 0..sizes.len() {
        prefix[i + 1] = mul(prefix[i], powers[i]);
    }
    let mut suffix = vec![0u32; sizes.len() + 1];
    for i in (0..sizes.len()).rev() {
        suffix[i] = mul(suffix[i + 1], powers[i]);
    }
    let total = prefix[sizes.len()];
    let outcome = if q.is_p(total) {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut a = Analysis::empty(Play::Misere, outcome, super::Rule::MisereQuotient);
    let extended = largest > q.computed_to();
    let proof = match (extended, q.stability()) {
        (
            true,
            grundy_misere::Stability::Proven {
                preperiod, period, ..
            },
        ) => {
            format!(", proven for every heap: periodic from heap {preperiod} with period {period}")
        }
        _ => String::new(),
    };
    a.method = Some(format!(
        "misere quotient of {} for heaps 0..={} (order {}{proof}); the sum is the element {}{}",
        ruleset.name(),
        q.computed_to(),
        q.order(),
        q.name(total),
        if outcome == Outcome::P {
            ", in the P-portion"
        } else {
            ", outside the P-portion"
        }
    ));
    if outcome == Outcome::P || opts.outcome_only {
        return Ok(Attempt::Answered(Box::new(a)));
    }
    // The winning options of each distinct size, found once (when a heap of it is first met)
    // and shared by its heaps. Counting them never costs more than the analysis: past the
    // budget of [`count_budget`] options, the count is given up and sizes are examined only to
    // fill the list.
    let budget = count_budget(comps.len());
    let counting = opts.limits.clone().with_count_budget(budget);
    let index: HashMap<u64, usize> = sizes
        .iter()
        .enumerate()
        .map(|(i, &(h, _))| (h, i))
        .collect();
    // Per size: how many of its options win, and those options once they are to be listed.
    let mut winners: HashMap<u64, Option<SizeWins>> = HashMap::new();
    let mut count = Some(BigUint::default());
    let (mut over_budget, mut too_big) = (false, false);
    let element_of = |part: &Comp| {
        let size = part.get::<BigUint>().and_then(ToPrimitive::to_u64);
        size.and_then(|s| heap_element(&q, s)).unwrap_or(0)
    };
    // The options of a heap that turn the rest of the sum into an element of the P-portion.
    let list_wins = |c: &Component, rest: u32| -> Result<(u64, Vec<Replacement>), Error> {
        let all = component_moves(c, &opts.limits)?;
        let options = all.len() as u64;
        let won = all
            .into_iter()
            .filter(|rep| match rep {
                Replacement::States(parts) => {
                    q.is_p(parts.iter().fold(rest, |x, p| mul(x, element_of(p))))
                }
                Replacement::Star(_) => false,
            })
            .collect();
        Ok((options, won))
    };
    for (k, ((place, c), h)) in comps.iter().zip(&heaps).enumerate() {
        if count.is_none() && a.winning_moves.len() >= opts.max_moves {
            break;
        }
        let rest = index.get(h).map(|&i| {
            let mult = sizes[i].1;
            mul(mul(prefix[i], suffix[i + 1]), pow(element(*h), mult - 1))
        });
        let entry = match (winners.get(h), rest) {
            (Some(e), _) => e.clone(),
            (None, Some(rest)) if *h <= MOVE_LIST_LIMIT => {
                // Count through the heap rules (sizes only, nothing allocated per part) when
                // their options are few enough to list; else through the family's options.
                let counted = if bounded_options(rules, *h, &opts.limits) {
                    {
                        let (mut options, mut won) = (0u64, 0u64);
                        rules.for_each_option(*h, &mut |parts: &[u64]| {
                            options += 1;
                            let x = parts
                                .iter()
                                .fold(rest, |x, &p| mul(x, heap_element(&q, p).unwrap_or(0)));
                            if q.is_p(x) {
                                won += 1;
                            }
                        });
                        (options, won, None)
                    }
                } else {
                    let (options, won) = list_wins(c, rest)?;
                    (options, won.len() as u64, Some(won))
                };
                let (options, won, listed) = counted;
                if !counting.spend_count(options) {
                    over_budget = true;
                    count = None;
                }
                opts.limits.check()?;
                let e = Some((won, listed));
                winners.insert(*h, e.clone());
                e
            }
            _ => {
                winners.insert(*h, None);
                None
            }
        };
        match entry {
            Some((won, listed)) => {
                if let Some(n) = &mut count {
                    *n += won;
                }
                if won > 0 && a.winning_moves.len() < opts.max_moves {
                    // The winning options of this size, listed once for its heaps.
                    let listed = match listed {
                        Some(l) => l,
                        None => {
                            let (_, l) = list_wins(c, rest.unwrap_or(0))?;
                            winners.insert(*h, Some((won, Some(l.clone()))));
                            l
                        }
                    };
                    for rep in listed {
                        if a.winning_moves.len() >= opts.max_moves {
                            break;
                        }
                        a.winning_moves.push(render(pos, *place, c, rep));
                    }
                }
            }
            None => {
                count = None;
                too_big = true;
            }
        }
        if k % 4096 == 4095 {
            opts.limits.check()?;
        }
    }
    let mut notes = Vec::new();
    if too_big {
        notes.push(format!(
            "the winning moves of heaps above {MOVE_LIST_LIMIT} are neither listed nor counted"
        ));
    }
    if over_budget {
        notes.push(over_budget_note(budget));
    }
    a.winning_moves_note = (!notes.is_empty()).then(|| notes.join("; "));
    a.winning_moves_total = count;
    Ok(Attempt::Answered(Box::new(a)))
}
