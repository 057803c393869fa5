//! What the searches of many analyses share: the memos kept across the lines of one batch
//! (`analyze --batch`), and the outcome questions (`analyze --outcome`) that use them.
//!
//! Values of a family's own positions are kept by the family itself (its arena lives as long
//! as the registry); what an analysis searched beyond them, the outcomes of one component and
//! the misere outcomes of whole sums and the misere quotients of heap rulesets, is kept here when the caller hands the same [`Memo`] to
//! every analysis. Each memo is bounded by the limits of the query that uses it: one that
//! holds half of a query's positions or a quarter of its memory is emptied first, and a query
//! that reaches a limit with positions of earlier queries stored is run again on an empty
//! memo, so no query fails for the work of the ones before it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{component_refs, CompRef};
use crate::misere::MisereQuotient;
use crate::position::{Component, Position};
use crate::rules::{Comp, DynRuleset};
use crate::solve::{Lister, MisereSolver, OptionList, OutcomeMemo};
use crate::{Error, Limits, Nimber, Outcome};

/// Memos that analyses share; cheap to clone (clones share the memos).
///
/// The default shares nothing: each analysis searches with memos of its own, as a single
/// question does. [`Memo::shared`] gives one memo for every analysis it is handed to.
///
/// Example:
/// ```
/// use grundy::analysis::{Memo, Options};
/// use grundy::{Outcome, Play};
/// let reg = grundy::Registry::builtin();
/// // The lines of a batch, answered with one memo of misere sums.
/// let opts = Options { memo: Memo::shared(), ..Options::for_play(Play::Misere) };
/// for (line, want) in [("tb[0.07](5, 6)", Outcome::N), ("tb[0.07](5, 6, 7)", Outcome::N)] {
///     assert_eq!(grundy::api::analyze(&reg, line, &opts).unwrap().outcome, want);
/// }
/// ```
#[derive(Clone, Default)]
pub struct Memo(Option<Arc<Mutex<Kept>>>);

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Memo(shared)"
        } else {
            "Memo(none)"
        })
    }
}

/// The memos themselves.
#[derive(Default)]
struct Kept {
    /// Normal-play outcomes of one family's positions, by the family's canonical name
    /// (positions of two families may have the same type and compare equal).
    outcomes: HashMap<String, OutcomeMemo<Comp>>,
    /// Misere outcomes of whole sums (their components name their families).
    misere: Option<MisereSolver<Component>>,
    /// Misere quotients of heap rulesets, by the rules' description.
    quotients: HashMap<String, Arc<MisereQuotient>>,
}

/// The most misere quotients a memo keeps (each a few kilobytes: a multiplication table of
/// at most a few hundred elements); past it they are all dropped and kept afresh.
const QUOTIENTS: usize = 4096;

impl Memo {
    /// One memo for every analysis it is handed to (the lines of a batch).
    pub fn shared() -> Memo {
        Memo(Some(Arc::new(Mutex::new(Kept::default()))))
    }

    /// The misere quotient kept for the heap rules described `name`, if any.
    pub(super) fn quotient(&self, name: &str) -> Option<Arc<MisereQuotient>> {
        let kept = self.0.as_ref()?;
        let guard = kept.lock().unwrap_or_else(|p| p.into_inner());
        guard.quotients.get(name).cloned()
    }

    /// Keeps a misere quotient of the heap rules described `name` for the next analyses.
    pub(super) fn keep_quotient(&self, name: String, q: &Arc<MisereQuotient>) {
        let Some(kept) = &self.0 else {
            return;
        };
        let mut guard = kept.lock().unwrap_or_else(|p| p.into_inner());
        if guard.quotients.len() >= QUOTIENTS {
            guard.quotients.clear();
        }
        guard.quotients.insert(name, q.clone());
    }

    /// Runs `f` with the memo's misere solver (a fresh one when nothing is shared), made
    /// room in for `limits`, and again on an empty solver when it reached a limit holding
    /// states of earlier queries.
    pub(super) fn with_misere<T>(
        &self,
        limits: &Limits,
        mut f: impl FnMut(&mut MisereSolver<Component>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let Some(kept) = &self.0 else {
            return f(&mut MisereSolver::new(limits.clone()));
        };
        let mut guard = kept.lock().unwrap_or_else(|p| p.into_inner());
        let solver = guard
            .misere
            .get_or_insert_with(|| MisereSolver::new(limits.clone()));
        solver.make_room(limits);
        let earlier = !solver.is_empty();
        match f(solver) {
            Err(e) if earlier && is_room(&e) => {
                solver.clear();
                f(solver)
            }
            other => other,
        }
    }

    /// The normal-play outcome of one component by a search that stops at the first
    /// winning move, in the memo of its family.
    pub(super) fn outcome_of(
        &self,
        rules: &dyn DynRuleset,
        name: &str,
        c: &Comp,
        limits: &Limits,
    ) -> Result<Outcome, Error> {
        let lister = Erased { rules, limits };
        let mut value = |q: &Comp| rules.value(q, limits);
        let Some(kept) = &self.0 else {
            return OutcomeMemo::new().outcome(c, &lister, &mut value, limits);
        };
        let mut guard = kept.lock().unwrap_or_else(|p| p.into_inner());
        let memo = guard.outcomes.entry(name.to_string()).or_default();
        memo.make_room(limits);
        let earlier = !memo.is_empty();
        match memo.outcome(c, &lister, &mut value, limits) {
            Err(e) if earlier && is_room(&e) => {
                memo.clear();
                memo.outcome(c, &lister, &mut value, limits)
            }
            other => other,
        }
    }
}

/// Whether an error is a limit that an empty memo might not reach (positions or memory).
fn is_room(e: &Error) -> bool {
    matches!(
        e.limit_reached(),
        Some(crate::Limit::Positions(_) | crate::Limit::Memory(_))
    )
}

/// A family's positions, erased, as the outcome search lists them: its options, and the
/// values its theory gives without search.
struct Erased<'a> {
    rules: &'a dyn DynRuleset,
    limits: &'a Limits,
}

impl Lister<Comp> for Erased<'_> {
    fn known(&self, p: &Comp) -> Result<Option<Nimber>, Error> {
        // A theory that cannot give the value (a heap beyond its table) leaves it to search.
        Ok(self.rules.nimber(p, self.limits).ok().flatten())
    }

    fn list(&self, p: &Comp, out: &mut OptionList<Comp>) -> Result<(), Error> {
        for o in self.rules.options(p, self.limits)? {
            out.push_sum(o);
        }
        Ok(())
    }
}

/// How an outcome question is answered under normal play: the component to search for its
/// outcome alone, when exactly one component has no value without search and the others'
/// values add up to 0 (then the sum's outcome is that component's); `None` when the values
/// are needed (several components to search, or one beside a nonzero rest).
pub(super) fn lone_search(
    pos: &Position,
    limits: &Limits,
) -> Result<Option<(usize, Component)>, Error> {
    let mut rest = Nimber::ZERO;
    let mut lone = None;
    for (i, (_, c)) in component_refs(pos).into_iter().enumerate() {
        let known = match c {
            CompRef::Star(n) => Some(n.clone()),
            CompRef::Of(r, s) => match r.rules().nimber(s, limits) {
                Ok(v) => v,
                Err(e) if e.is_too_large() => None,
                Err(e) => return Err(e),
            },
        };
        match known {
            Some(v) => rest ^= &v,
            None if lone.is_none() => lone = Some((i, c.owned())),
            None => return Ok(None),
        }
    }
    Ok(lone.filter(|_| rest.is_zero()))
}
