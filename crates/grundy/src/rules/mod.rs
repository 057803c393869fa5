//! Game families (rulesets) and the registry that every front reads.
//!
//! A family is one file in this module plus one line in [`FAMILIES`].
//! **Invariant:** the fronts (CLI, server, bindings) never name a family; they go through the
//! registry, so adding a family needs no edit outside this module.

use std::fmt;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, ToPrimitive};

use crate::solve::SolveError;
use crate::Nimber;

pub mod beans;
pub mod dag;
pub mod fibnim;
pub mod georgia;
pub mod graph;
mod heap_seq;
pub mod hill;
pub mod mult;
pub mod nim;
pub mod northcott;
pub mod staircase;
pub mod sub;
pub mod take;
pub mod tb;
pub mod tree;
pub mod turtles;
pub mod wythoff;

/// Every family the engine knows, in the order `grundy list` shows them.
pub static FAMILIES: &[&Family] = &[
    &nim::FAMILY,
    &sub::FAMILY,
    &tb::FAMILY,
    &graph::FAMILY,
    &turtles::FAMILY,
    &beans::FAMILY,
    &dag::FAMILY,
    &wythoff::FAMILY,
    &fibnim::FAMILY,
    &staircase::FAMILY,
    &georgia::FAMILY,
    &hill::FAMILY,
    &northcott::FAMILY,
    &take::FAMILY,
    &mult::FAMILY,
    &tree::FAMILY,
];

/// Looks a family up by its name or one of its aliases.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES
        .iter()
        .copied()
        .find(|f| f.name == name || f.aliases.contains(&name))
}

/// A registry entry: how to write a family, what it is, and how to build its rulesets.
pub struct Family {
    /// The name used in expressions, e.g. `sub`.
    pub name: &'static str,
    /// Other accepted spellings.
    pub aliases: &'static [&'static str],
    /// The syntax, e.g. `sub[SET](n, ...)`.
    pub syntax: &'static str,
    /// One-line rule summary.
    pub summary: &'static str,
    /// An example expression that `grundy analyze` accepts.
    pub example: &'static str,
    /// Whether the family takes bracketed parameters: `Some(true)` required, `Some(false)`
    /// optional, `None` never.
    pub params: Option<bool>,
    /// Builds the ruleset from the text between the brackets (without them), if any.
    pub build: BuildRuleset,
}

/// How a [`Family`] builds its ruleset from the text between the brackets.
pub type BuildRuleset = fn(params: Option<&str>) -> Result<Arc<dyn Ruleset>, ParamError>;

impl fmt::Debug for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Family").field("name", &self.name).finish()
    }
}

/// A ruleset's parameters were wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamError {
    /// Character offset inside the parameter text.
    pub offset: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParamError {
    /// An error at `offset` with a message.
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        ParamError {
            offset,
            message: message.into(),
        }
    }
}

/// Reads a nonnegative whole number inside a family's brackets, written as arguments are
/// (`162`, `10^100`); `text` starts at offset `start` of the parameters and may be padded
/// with spaces; `what` names the number in messages ("the goal N").
///
/// Example:
/// ```
/// use grundy::rules::param_number;
/// assert_eq!(param_number(" 10^3", 0, "the goal").unwrap(), 1000u32.into());
/// assert_eq!(param_number("x", 4, "the goal").unwrap_err().offset, 4);
/// ```
pub fn param_number(text: &str, start: usize, what: &str) -> Result<BigUint, ParamError> {
    let t = text.trim();
    let offset = start + text.len() - text.trim_start().len();
    match crate::expr::classify_word(t) {
        Some(Ok(v)) if !v.is_negative() => Ok(v.magnitude().clone()),
        Some(Ok(_)) => Err(ParamError::new(
            offset,
            format!("{what} must not be negative, found '{t}'"),
        )),
        Some(Err(e)) => Err(ParamError::new(offset, e)),
        None => Err(ParamError::new(
            offset,
            format!("expected {what} (a whole number such as 12 or 10^6), found '{t}'"),
        )),
    }
}

/// [`param_number`] for numbers that must fit in 64 bits.
pub fn param_u64(text: &str, start: usize, what: &str) -> Result<u64, ParamError> {
    let n = param_number(text, start, what)?;
    n.to_u64().ok_or_else(|| {
        let offset = start + text.len() - text.trim_start().len();
        ParamError::new(
            offset,
            format!("{what} is too large, found '{}'", text.trim()),
        )
    })
}

/// An argument of a position, as written: an integer of any size or a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arg {
    /// An integer (possibly negative: families say whether they accept that).
    Int(BigInt),
    /// A name (a graph vertex, for example).
    Name(String),
}

impl Arg {
    /// An integer argument.
    pub fn int(n: impl Into<BigInt>) -> Arg {
        Arg::Int(n.into())
    }

    /// The argument as a non-negative integer.
    pub fn as_natural(&self) -> Result<BigUint, String> {
        match self {
            Arg::Int(n) if n.is_negative() => Err(format!(
                "{n} is negative; sizes and counts must be 0 or more"
            )),
            Arg::Int(n) => Ok(n.magnitude().clone()),
            Arg::Name(s) => Err(format!("expected a number, found the name '{s}'")),
        }
    }

    /// The argument as a non-negative machine word.
    pub fn as_u64(&self) -> Result<u64, String> {
        let n = self.as_natural()?;
        n.to_u64()
            .ok_or_else(|| format!("{n} is too large here (at most {})", u64::MAX))
    }

    /// A small integer argument (used in move enumeration, which only sees small states).
    pub fn small(&self) -> u64 {
        match self {
            Arg::Int(n) => n.to_u64().unwrap_or(u64::MAX),
            Arg::Name(_) => 0,
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Name(s) => {
                let plain = !s.is_empty()
                    && s.chars()
                        .all(|c| !c.is_whitespace() && !",()[]+\"".contains(c))
                    && crate::expr::classify_word(s).is_none();
                if plain {
                    f.write_str(s)
                } else {
                    write!(f, "\"{}\"", s.replace('"', "\\\""))
                }
            }
        }
    }
}

/// The state of one component: the arguments it was written with.
pub type State = Vec<Arg>;

/// A position argument was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgError {
    /// Which argument (0-based); `None` when the argument list as a whole is wrong.
    pub index: Option<usize>,
    /// What was wrong and what to do.
    pub message: String,
}

impl ArgError {
    /// An error about argument `index`.
    pub fn at(index: usize, message: impl Into<String>) -> Self {
        ArgError {
            index: Some(index),
            message: message.into(),
        }
    }
    /// An error about the argument list as a whole.
    pub fn whole(message: impl Into<String>) -> Self {
        ArgError {
            index: None,
            message: message.into(),
        }
    }
}

/// One move of a component: what it becomes (a sum of zero or more components of the same
/// ruleset) and the move in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The components the moved component turns into.
    pub to: Vec<State>,
    /// The move in words, e.g. `take 2 from the heap of 5`.
    pub text: String,
}

/// A game family with its parameters fixed: `sub[1,3,4]`, `tb[0.07]`.
///
/// Implementations describe moves; solvers live in [`crate::solve`]. The methods other than
/// `name`, `components` and `moves` are hooks with correct defaults.
pub trait Ruleset: Send + Sync + fmt::Debug {
    /// Canonical text of the ruleset (it parses back to an equal ruleset), e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Checks the arguments of a term and splits it into independent components.
    /// Heap families give one component per argument; others one component for the whole list.
    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError>;

    /// Every move of one component. Only called on positions that [`Ruleset::searchable`]
    /// accepted.
    fn moves(&self, state: &State) -> Vec<Move>;

    /// Hook: refuse to enumerate moves of a component too large for search.
    fn searchable(&self, _state: &State) -> Result<(), String> {
        Ok(())
    }

    /// Hook: the nim-value of a component without search (closed form, table or period).
    /// `Ok(None)` means "search for it"; an error means it cannot be known (a limit).
    fn nimber(&self, _state: &State) -> Result<Option<Nimber>, SolveError> {
        Ok(None)
    }

    /// Hook: the moves of a component to a position of value `target`, without enumerating
    /// every move (Nim: one move, to `target`, when `target` is smaller). `Ok(None)` means
    /// "enumerate the moves".
    fn moves_to_value(
        &self,
        _state: &State,
        _target: &Nimber,
    ) -> Result<Option<Vec<Move>>, SolveError> {
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
    ) -> Result<Option<(Vec<Move>, BigUint)>, SolveError> {
        Ok(None)
    }

    /// Hook: the outcome of a component played alone, for positions whose nim-value is out of
    /// reach while the outcome has a closed form (Wythoff's game with 1000-digit heaps).
    /// Called only when [`Ruleset::nimber`] gave no value. `Ok(None)`: not known either.
    fn outcome_alone(&self, _state: &State) -> Result<Option<crate::Outcome>, SolveError> {
        Ok(None)
    }

    /// Hook: the winning moves of a component played alone (its moves to P-positions), for the
    /// same positions as [`Ruleset::outcome_alone`]. `Ok(None)`: not known.
    fn winning_moves_alone(&self, _state: &State) -> Result<Option<Vec<Move>>, SolveError> {
        Ok(None)
    }

    /// Hook: Smith's generalized value of a component of a family whose games may have cycles
    /// (tokens on a graph). `Some` makes the analysis use the loopy rules for the whole sum;
    /// such families return `Ok(None)` from [`Ruleset::nimber`] only when the value is infinite.
    fn loopy_value(&self, _state: &State) -> Option<crate::Value> {
        None
    }

    /// Hook: the reasoning behind this component's value and winning moves, for
    /// `grundy explain` (the seed slides' style: the P-position pair and the golden ratio for
    /// Wythoff, the Zeckendorf form for Fibonacci Nim, the colon principle for a tree).
    /// `None`: the generic explanation (values of the options and their mex) is used.
    fn explain(&self, _state: &State) -> Option<crate::explain::Explanation> {
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
    fn heap_table(&self, _n: u64) -> Option<Result<HeapTable, SolveError>> {
        None
    }
}

/// The nim-values of one-heap positions 0..=n and their period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapTable {
    /// `values[n]` is the value of a single heap of size n.
    pub values: Vec<Nimber>,
    /// The period found in the values, if any.
    pub period: Option<Period>,
}

/// An (arithmetic) period of a heap sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least n0 with G(n + period) = G(n) + saltus for all n >= n0.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The saltus (0 for ordinary periodicity).
    pub saltus: u64,
    /// Whether a theorem certifies the period for every n, not only the values computed.
    pub proven: bool,
}

/// Reads a heap-size argument list: one component per argument, each a natural number.
pub fn heap_components(args: &[Arg]) -> Result<Vec<State>, ArgError> {
    let mut out = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        a.as_natural().map_err(|m| ArgError::at(i, m))?;
        out.push(vec![a.clone()]);
    }
    Ok(out)
}

/// The heap size of a one-argument heap component (validated by [`heap_components`]).
pub fn heap_size(state: &State) -> BigUint {
    match state.first() {
        Some(Arg::Int(n)) => n.magnitude().clone(),
        _ => BigUint::default(),
    }
}

/// A heap component of size `n`.
pub fn heap(n: u64) -> State {
    vec![Arg::int(n)]
}

/// A shared handle on a ruleset, compared by its canonical name (two terms that name the same
/// ruleset are the same game family, however they were parsed).
#[derive(Clone, Debug)]
pub struct RulesetRef {
    rules: Arc<dyn Ruleset>,
    name: Arc<str>,
}

impl RulesetRef {
    /// A handle on `rules`, caching its canonical name.
    pub fn new(rules: Arc<dyn Ruleset>) -> Self {
        let name = Arc::from(rules.name());
        RulesetRef { rules, name }
    }

    /// The ruleset.
    pub fn rules(&self) -> &dyn Ruleset {
        self.rules.as_ref()
    }

    /// The shared ruleset.
    pub fn arc(&self) -> Arc<dyn Ruleset> {
        self.rules.clone()
    }

    /// The canonical name, computed once.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl PartialEq for RulesetRef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for RulesetRef {}
impl std::hash::Hash for RulesetRef {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}
impl PartialOrd for RulesetRef {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for RulesetRef {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.name.cmp(&other.name)
    }
}

/// Caps the heap sizes that a plain search or table may reach.
pub const SEARCH_HEAP_LIMIT: u64 = 50_000_000;

/// A message for a heap too large for the family's methods.
pub fn too_large(family: &str, n: &BigUint) -> SolveError {
    SolveError::TooLarge {
        reason: format!(
            "the heap {n} is too large for {family}: no closed form or proven period covers it, \
             and tables stop at {SEARCH_HEAP_LIMIT}; use a smaller heap"
        ),
    }
}
