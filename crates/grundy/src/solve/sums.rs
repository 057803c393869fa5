//! Sums as search states, shared by the solvers that cannot add values (misere, remoteness).
//!
//! A state is the sorted multiset of a sum's non-terminal components: a component with no
//! move changes neither who wins nor how long play lasts, in either convention.

use std::collections::HashMap;

use super::{Error, Limits};
use crate::limits::Ticker;
use crate::Game;

/// The canonical states of sums, their options, and the work spent listing them.
#[derive(Debug)]
pub(crate) struct SumSpace<G: Game + Ord> {
    terminal: HashMap<G, bool>,
    limits: Limits,
    /// Whether components are listed within `limits` ([`Game::options_within`]): a search
    /// that is an optional extra (the remoteness) gives up before listing a component with
    /// more options than it may store, rather than after.
    within: bool,
    work: usize,
    ticker: Ticker,
}

impl<G: Game + Ord> SumSpace<G> {
    pub(crate) fn new(limits: Limits) -> Self {
        SumSpace {
            terminal: HashMap::new(),
            limits,
            within: false,
            work: 0,
            ticker: Ticker::default(),
        }
    }

    /// Takes the limits of a new query (the caches stay).
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Counts work against the limit: listing options is the costly step of a sum search, so
    /// a search of few but huge states stops as surely as one of many small states.
    pub(crate) fn spend(&mut self, units: usize) -> Result<(), Error> {
        self.work = self.work.saturating_add(units);
        self.ticker.tick(&self.limits)?;
        if self.work > self.limits.max_nodes.saturating_mul(8) {
            return Err(Error::positions(self.limits.max_nodes));
        }
        Ok(())
    }

    /// Lists components within the limits (see the field `within`).
    pub(crate) fn listing_within_limits(mut self) -> Self {
        self.within = true;
        self
    }

    fn list(&self, g: &G) -> Result<Vec<Vec<G>>, Error> {
        if self.within {
            g.options_within(&self.limits)
        } else {
            g.try_options()
        }
    }

    /// Starts a new query: the work budget is per query, the caches are kept.
    pub(crate) fn reset_work(&mut self) {
        self.work = 0;
    }

    fn is_terminal(&mut self, g: &G) -> Result<bool, Error> {
        if let Some(&t) = self.terminal.get(g) {
            return Ok(t);
        }
        g.searchable()?;
        let count = self.list(g)?.len();
        self.spend(count)?;
        let t = count == 0;
        self.terminal.insert(g.clone(), t);
        Ok(t)
    }

    /// The canonical state of a sum: its non-terminal components, sorted.
    pub(crate) fn normalise(&mut self, comps: &[G]) -> Result<Vec<G>, Error> {
        let mut out = Vec::with_capacity(comps.len());
        for c in comps {
            if !self.is_terminal(c)? {
                out.push(c.clone());
            }
        }
        out.sort();
        Ok(out)
    }

    /// Every option of a sum state, each normalised, repeats removed.
    pub(crate) fn options(&mut self, state: &[G]) -> Result<Vec<Vec<G>>, Error> {
        let mut out: Vec<Vec<G>> = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue; // the same component again gives the same options
            }
            state[i].searchable()?;
            for opt in self.list(&state[i])? {
                self.spend(state.len() + opt.len())?;
                let mut next: Vec<G> = Vec::with_capacity(state.len() + opt.len());
                next.extend(state[..i].iter().cloned());
                next.extend(state[i + 1..].iter().cloned());
                next.extend(opt);
                out.push(self.normalise(&next)?);
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
}
