//! What a game family is: the typed [`Ruleset`] a family writes, the erased [`DynRuleset`]
//! the analysis reads, the registry entry [`Family`], and the helpers families share for
//! parameters, arguments and heaps. The concrete families stand above this interface and
//! above the registry (`crate::families`); nothing here names one of them.

use std::fmt;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, ToPrimitive};

use crate::solve::Error;

mod erased;
mod seam;

/// The reasoning a family gives with [`Theory::explain`].
pub use crate::explanation::{Block, Explanation};
pub use erased::{arena_value, reduce, Comp, DynRuleset, Listing, RulesetRef, Searched, Typed};
pub use seam::{
    first_moves, first_moves_counted, options_via_list, Alone, Counted, HeapKernel, Opt, Pos, Rng,
    Ruleset, Source, Theory,
};

/// What a family's builder may use besides its parameters.
pub struct BuildContext<'a> {
    /// Where files named in an expression come from (the front decides; the core reads none).
    pub loader: &'a dyn crate::loader::Loader,
}

/// How a [`Family`] builds its ruleset from the text between the brackets (without them).
pub type BuildFn =
    dyn Fn(Option<&str>, &BuildContext<'_>) -> Result<RulesetRef, ParamError> + Send + Sync;

/// A registry entry: how to write a family, what it is, and how to build its rulesets.
#[derive(Clone)]
pub struct Family {
    /// The name used in expressions, e.g. `sub`.
    pub name: String,
    /// Other accepted spellings.
    pub aliases: Vec<String>,
    /// The syntax, e.g. `sub[SET](n, ...)`.
    pub syntax: String,
    /// One-line rule summary.
    pub summary: String,
    /// An example expression that `grundy analyze` accepts.
    pub example: String,
    /// Whether the family takes bracketed parameters: `Some(true)` required, `Some(false)`
    /// optional, `None` never.
    pub params: Option<bool>,
    /// Builds the ruleset.
    pub build: Arc<BuildFn>,
    /// A longer explanation of the notation, shown by `list` (empty when the syntax says
    /// all).
    pub help: String,
}

impl Family {
    /// A family entry; `build` makes the ruleset from the bracketed parameters.
    pub fn new(
        name: &str,
        aliases: &[&str],
        syntax: &str,
        summary: &str,
        example: &str,
        params: Option<bool>,
        build: impl Fn(Option<&str>, &BuildContext<'_>) -> Result<RulesetRef, ParamError>
            + Send
            + Sync
            + 'static,
    ) -> Family {
        Family {
            name: name.to_string(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            syntax: syntax.to_string(),
            summary: summary.to_string(),
            example: example.to_string(),
            params,
            build: Arc::new(build),
            help: String::new(),
        }
    }

    /// The same entry with a longer explanation of its notation.
    pub fn with_help(mut self, help: &str) -> Family {
        self.help = help.to_string();
        self
    }

    /// Whether `name` names this family.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.iter().any(|a| a == name)
    }
}

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
    match crate::literal::classify_word(t) {
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

pub use crate::syntax::Arg;

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

/// The nim-values of one-heap positions 0..=n and their period (the heap theory's own).
pub use grundy_heap::seq::{HeapTable, SEARCH_HEAP_LIMIT};

pub use crate::Period;

/// Reads a heap-size argument list as heap sizes: one component per argument.
pub fn heap_sizes(args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
    args.iter()
        .enumerate()
        .map(|(i, a)| a.as_natural().map_err(|m| ArgError::at(i, m)))
        .collect()
}

/// One to three random heaps of at most `max` counters, for [`Ruleset::sample`] of heap
/// families.
pub fn sample_heaps(seed: u64, max: u64) -> Vec<BigUint> {
    let mut rng = Rng::new(seed);
    (0..rng.range(1, 3))
        .map(|_| BigUint::from(rng.range(0, max)))
        .collect()
}

/// The argument list that writes a heap of size `n`.
pub fn heap_args(n: &BigUint) -> Vec<Arg> {
    vec![Arg::Int(BigInt::from(n.clone()))]
}

/// The heap size written by the arguments of a one-argument heap component.
pub fn heap_size(args: &[Arg]) -> BigUint {
    match args.first() {
        Some(Arg::Int(n)) => n.magnitude().clone(),
        _ => BigUint::default(),
    }
}

/// A message for a heap too large for the family's methods.
pub fn too_large(family: &str, n: &BigUint) -> Error {
    grundy_heap::seq::too_large(family, n).into()
}
