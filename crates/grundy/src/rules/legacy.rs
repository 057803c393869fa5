//! The first family seam (positions as argument lists, moves with their text), adapted to the
//! typed [`Ruleset`] by [`Legacy`] so that families can move to typed positions one by one.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use super::seam::{Opt, Ruleset};
use super::{Arg, ArgError, BuildContext, HeapTable, ParamError, RulesetRef, State};
use crate::{Error, Limits, Nimber, Outcome};

/// One move of a component: what it becomes (a sum of zero or more components of the same
/// ruleset) and the move in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The components the moved component turns into.
    pub to: Vec<State>,
    /// The move in words, e.g. `take 2 from the heap of 5`.
    pub text: String,
}

/// The first family seam, kept while families move to the typed [`Ruleset`]: positions are
/// argument lists ([`State`]) and moves carry their text.
///
/// Implementations describe moves; solvers live in [`crate::solve`]. The methods other than
/// `name`, `components` and `moves` are hooks with correct defaults.
pub trait StateRuleset: Send + Sync + fmt::Debug {
    /// Canonical text of the ruleset (it parses back to an equal ruleset), e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Checks the arguments of a term and splits it into independent components.
    /// Heap families give one component per argument; others one component for the whole list.
    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError>;

    /// Every move of one component. Only called on positions that [`StateRuleset::searchable`]
    /// accepted.
    fn moves(&self, state: &State) -> Vec<Move>;

    /// Hook: refuse to enumerate moves of a component too large for search.
    fn searchable(&self, _state: &State) -> Result<(), String> {
        Ok(())
    }

    /// Hook: the nim-value of a component without search (closed form, table or period).
    /// `Ok(None)` means "search for it"; an error means it cannot be known (a limit).
    fn nimber(&self, _state: &State) -> Result<Option<Nimber>, Error> {
        Ok(None)
    }

    /// Hook: the moves of a component to a position of value `target`, without enumerating
    /// every move (Nim: one move, to `target`, when `target` is smaller). `Ok(None)` means
    /// "enumerate the moves".
    fn moves_to_value(&self, _state: &State, _target: &Nimber) -> Result<Option<Vec<Move>>, Error> {
        Ok(None)
    }

    /// Hook: the winning moves of a component too large to list move by move (a heap of 10^18
    /// in a game with a proven period): at most `cap` of the moves to value `target`, in a
    /// fixed order, and the exact number of all of them. `Ok(None)`: not available here.
    fn counted_moves_to_value(
        &self,
        _state: &State,
        _target: &Nimber,
        _cap: usize,
    ) -> Result<Option<(Vec<Move>, BigUint)>, Error> {
        Ok(None)
    }

    /// Hook: the outcome of a component played alone, for positions whose nim-value is out of
    /// reach while the outcome has a closed form (Wythoff's game with 1000-digit heaps).
    /// Called only when [`StateRuleset::nimber`] gave no value. `Ok(None)`: not known either.
    fn outcome_alone(&self, _state: &State) -> Result<Option<crate::Outcome>, Error> {
        Ok(None)
    }

    /// Hook: the winning moves of a component played alone (its moves to P-positions), for the
    /// same positions as [`StateRuleset::outcome_alone`]. `Ok(None)`: not known.
    fn winning_moves_alone(&self, _state: &State) -> Result<Option<Vec<Move>>, Error> {
        Ok(None)
    }

    /// Hook: Smith's generalized value of a component of a family whose games may have cycles
    /// (tokens on a graph). `Some` makes the analysis use the loopy rules for the whole sum;
    /// such families return `Ok(None)` from [`StateRuleset::nimber`] only when the value is infinite.
    fn loopy_value(&self, _state: &State) -> Option<crate::Value> {
        None
    }

    /// Hook: the reasoning behind this component's value and winning moves, for
    /// `grundy explain` (the seed slides' style: the P-position pair and the golden ratio for
    /// Wythoff, the Zeckendorf form for Fibonacci Nim, the colon principle for a tree).
    /// `None`: the generic explanation (values of the options and their mex) is used.
    fn explain(&self, _state: &State) -> Option<crate::explanation::Explanation> {
        None
    }

    /// Hook: the heap size of a component when the ruleset's misere play of a sum is exactly
    /// misere Nim on these sizes (only Nim itself); `None` otherwise.
    fn misere_nim_heap(&self, _state: &State) -> Option<Nimber> {
        None
    }

    /// Hook: the heap rules of a family whose one-heap sequence the heap laboratory computes
    /// (`sub`, `tb`), for long tables written to files and for plots. `None` otherwise.
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules> {
        None
    }

    /// Hook: the nim-values of single heaps 0..=n when this is a one-heap ruleset, with the
    /// period when one is found. `None` when the family is not a heap game.
    fn heap_table(&self, _n: u64) -> Option<Result<HeapTable, Error>> {
        None
    }

    /// Hook: small random positions (each a list of components) for the registry-wide property
    /// test. The default draws up to three arguments below 8 until [`StateRuleset::components`]
    /// accepts them; families whose valid positions are rare under that draw override it.
    fn sample(&self, seed: u64) -> Vec<State> {
        let mut rng = super::Rng::new(seed);
        for _ in 0..200 {
            let args: Vec<Arg> = (0..rng.range(1, 3))
                .map(|_| Arg::int(rng.range(0, 7)))
                .collect();
            if let Ok(c) = self.components(&args) {
                return c;
            }
        }
        Vec::new()
    }
}

/// A [`StateRuleset`] seen as a typed [`Ruleset`] over [`State`]; the texts of moves that
/// hooks return are kept (a few thousand at most) so that showing them costs nothing.
#[derive(Debug)]
pub struct Legacy(pub Arc<dyn StateRuleset>, TextCache);

/// Texts of moves returned by hooks, by (position, option).
#[derive(Debug, Default)]
pub struct TextCache(Mutex<HashMap<(State, Vec<State>), String>>);

/// The most texts kept.
const TEXT_CACHE: usize = 4096;

/// Positions whose moves are listed again to find one move's text only up to this many
/// arguments (a huge tree or board would be copied once per move).
const RELIST_ARGS: usize = 64;

impl Legacy {
    /// The adapter of a first-seam ruleset.
    pub fn new(r: Arc<dyn StateRuleset>) -> Legacy {
        Legacy(r, TextCache::default())
    }

    fn tos(&self, p: &State, moves: Vec<Move>) -> Vec<Opt<State>> {
        if let Ok(mut c) = self.1 .0.lock() {
            if c.len() + moves.len() > TEXT_CACHE {
                c.clear();
            }
            if moves.len() <= TEXT_CACHE {
                for m in &moves {
                    c.insert((p.clone(), m.to.clone()), m.text.clone());
                }
            }
        }
        moves.into_iter().map(|m| m.to).collect()
    }
}

fn tos(moves: Vec<Move>) -> Vec<Opt<State>> {
    moves.into_iter().map(|m| m.to).collect()
}

impl Ruleset for Legacy {
    type P = State;

    fn name(&self) -> String {
        self.0.name()
    }
    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        self.0.components(args)
    }
    fn args(&self, p: &State) -> Vec<Arg> {
        p.clone()
    }
    fn options(&self, p: &State, limits: &Limits) -> Result<Vec<Opt<State>>, Error> {
        limits.check()?;
        Ok(tos(self.0.moves(p)))
    }
    fn describe(&self, p: &State, to: &[State]) -> String {
        let key = (p.clone(), to.to_vec());
        if let Some(t) = self.1 .0.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return t;
        }
        // The first seam makes the text with the move: find it again (only shown moves, and
        // only for small positions).
        let small = p.len() <= RELIST_ARGS && self.0.searchable(p).is_ok();
        let found = if small {
            self.0
                .moves(p)
                .into_iter()
                .find(|m| m.to.as_slice() == to)
                .map(|m| m.text)
        } else {
            None
        };
        match found {
            Some(t) => t,
            None => {
                let show = |s: &State| {
                    let a: Vec<String> = s.iter().map(ToString::to_string).collect();
                    a.join(",")
                };
                let after: Vec<String> = to.iter().map(show).collect();
                format!("{} -> {}", show(p), after.join(" + "))
            }
        }
    }
    fn searchable(&self, p: &State) -> Result<(), Error> {
        self.0.searchable(p).map_err(Error::too_large)
    }
    fn nimber(&self, p: &State, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        self.0.nimber(p)
    }
    fn moves_to_value(
        &self,
        p: &State,
        target: &Nimber,
        _limits: &Limits,
    ) -> Result<Option<Vec<Opt<State>>>, Error> {
        Ok(self.0.moves_to_value(p, target)?.map(|m| self.tos(p, m)))
    }
    fn counted_moves_to_value(
        &self,
        p: &State,
        target: &Nimber,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<(Vec<Opt<State>>, Option<BigUint>)>, Error> {
        Ok(self
            .0
            .counted_moves_to_value(p, target, cap)?
            .map(|(m, n)| (self.tos(p, m), Some(n))))
    }
    fn outcome_alone(&self, p: &State, _limits: &Limits) -> Result<Option<Outcome>, Error> {
        self.0.outcome_alone(p)
    }
    fn winning_moves_alone(
        &self,
        p: &State,
        _limits: &Limits,
    ) -> Result<Option<Vec<Opt<State>>>, Error> {
        Ok(self.0.winning_moves_alone(p)?.map(|m| self.tos(p, m)))
    }
    fn loopy_value(&self, p: &State) -> Option<crate::Value> {
        self.0.loopy_value(p)
    }
    fn explain(&self, p: &State) -> Option<crate::explanation::Explanation> {
        self.0.explain(p)
    }
    fn misere_nim_heap(&self, p: &State) -> Option<Nimber> {
        self.0.misere_nim_heap(p)
    }
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules> {
        self.0.heap_rules()
    }
    fn heap_table(&self, n: u64, _limits: &Limits) -> Option<Result<HeapTable, Error>> {
        self.0.heap_table(n)
    }
    fn sample(&self, seed: u64) -> Vec<State> {
        self.0.sample(seed)
    }
}

/// How a family on the first seam builds its rules from the text in brackets.
pub type LegacyBuild = fn(Option<&str>) -> Result<Arc<dyn StateRuleset>, ParamError>;

/// The builder of a family on the first seam, for its registry entry.
pub fn legacy(
    build: LegacyBuild,
) -> impl Fn(Option<&str>, &BuildContext<'_>) -> Result<RulesetRef, ParamError> + Send + Sync {
    move |params, _ctx| build(params).map(|r| RulesetRef::of(Legacy::new(r)))
}
