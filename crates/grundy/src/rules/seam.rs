//! The typed family seam: a ruleset works on its own position type.
//!
//! A family implements [`Ruleset`] over a position type of its choosing (a heap size, a pair
//! of heaps, a tree, a script value). The registry and the solvers hold rulesets through the
//! object-safe [`crate::rules::DynRuleset`], which [`crate::rules::Typed`] provides for every
//! `Ruleset`; positions travel as [`crate::rules::Comp`] and are decoded once, when a term is
//! parsed. Move text is made only when a move is shown ([`Ruleset::describe`]).
//!
//! `Ruleset` is the core every family writes: notation, options and samples. What a family
//! knows beyond its moves is a capability it returns itself as ([`Theory`], [`Alone`],
//! [`HeapKernel`]), so that a family with none writes nothing more, and the erased view asks
//! each capability where one exists and searches where none does.

use std::fmt::Debug;
use std::hash::Hash;

pub use grundy_heap::seq::Counted;
use grundy_types::SplitMix64;
use num_bigint::BigUint;

use super::{Arg, ArgError, HeapTable};
use crate::explanation::Explanation;
use crate::solve::OptionList;
use crate::{Error, Limits, Nimber, Outcome, Value};

/// The bounds every position type meets: positions are compared, hashed, ordered (sums are
/// sorted multisets) and shared between threads.
pub trait Pos: Clone + Eq + Hash + Ord + Debug + Send + Sync + 'static {}
impl<T: Clone + Eq + Hash + Ord + Debug + Send + Sync + 'static> Pos for T {}

/// An option of a position: the sum of positions it becomes (empty: nothing is left).
pub type Opt<P> = Vec<P>;

/// A game family with its parameters fixed (`sub[1,3,4]`, `tb[0.07]`), over its own positions.
///
/// The core is the notation (`name`, `components`, `args` and the printing hooks), the
/// moves (`options` and the search's hooks) and `sample`; implement `name`, `components`,
/// `args`, `options` and `sample`, the other methods have correct defaults. What a family
/// knows beyond its moves comes as optional capabilities, each a trait of its own that the
/// family returns itself as: [`Theory`] (values without search, moves to a value with their
/// count), [`Alone`] (play of a component alone) and [`HeapKernel`] (one-heap families).
/// Every capability a family gives is checked against plain search over its own `options`
/// by the registry-wide property test.
pub trait Ruleset: Send + Sync + 'static {
    /// The position type.
    type P: Pos;

    /// Canonical text of the ruleset (it parses back to an equal ruleset), e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Checks the arguments of a term and splits it into independent components (one per
    /// heap for heap families, one for the whole list otherwise).
    fn components(&self, args: &[Arg]) -> Result<Vec<Self::P>, ArgError>;

    /// The arguments that write one component (the printer joins them with commas).
    fn args(&self, p: &Self::P) -> Vec<Arg>;

    /// Hook: the text between the parentheses of a component whose arguments are not plain
    /// words (a compound's parts are expressions: `conj(nim(3), nim(4))`). `None`: the
    /// printer joins [`Ruleset::args`] with commas.
    fn text(&self, _p: &Self::P) -> Option<String> {
        None
    }

    /// Hook: the whole text of a component for people, in place of `NAME(args)` (a rule
    /// script's `display(p)`). Only families with [`Ruleset::one_term_per_component`] are
    /// asked; the shown text need not parse back. `None`: the canonical `NAME(args)`.
    fn display(&self, _p: &Self::P) -> Option<String> {
        None
    }

    /// Hook: the canonical text of a component that is a position of another family, in that
    /// family's notation, in place of `NAME(args)` (a rule script's option
    /// `game("tb[0.77]", 8)` is written `tb[0.77](8)`). It parses back to that family's
    /// position, the same game. Only families with [`Ruleset::one_term_per_component`] are
    /// asked. `None`: the component is the family's own.
    fn other_family(&self, _p: &Self::P) -> Option<String> {
        None
    }

    /// `k` copies of `p` (k at least 2) as one component, when the family keeps a
    /// multiplicity (rule scripts' `copies(k, q)`): the expression `K*NAME(args)` reads as it,
    /// and [`Ruleset::other_family`] writes it so. `None`: the family has none, and `K*TERM`
    /// is written out as K terms.
    fn copies(&self, _k: u64, _p: &Self::P) -> Option<Self::P> {
        None
    }

    /// Every option of a component. Only called on positions that [`Ruleset::searchable`]
    /// accepted; an error stops the search (a rule script that failed, a limit).
    fn options(&self, p: &Self::P, limits: &Limits) -> Result<Vec<Opt<Self::P>>, Error>;

    /// Hook: every option of a component written into a flat list (the arena search's
    /// form, which allocates nothing per option). The default copies [`Ruleset::options`];
    /// families whose positions come from outside (rule scripts) fill it directly.
    fn options_into(
        &self,
        p: &Self::P,
        out: &mut OptionList<Self::P>,
        limits: &Limits,
    ) -> Result<(), Error> {
        for o in self.options(p, limits)? {
            out.push_sum(o);
        }
        Ok(())
    }

    /// Hook: a number that only `p` has among this family's positions, for positions of a
    /// few small integers (a board square, a bit mask with a count): the arena search then
    /// keeps them in paged arrays instead of a hash table (see
    /// [`crate::solve::Lister::dense_code`]). Positions whose numbers differ only in the
    /// low bits should get codes that differ only in the low bits. `None`: hashed.
    fn dense_code(&self, _p: &Self::P) -> Option<u64> {
        None
    }

    /// The position whose [`Ruleset::dense_code`] is `code`: a family whose `options_into`
    /// gives parts by code when the list accepts them ([`crate::solve::OptionList::push_code`])
    /// must have it. `None` for a number that is no position's code.
    fn of_dense_code(&self, _code: u64) -> Option<Self::P> {
        None
    }

    /// The move from `p` to `to` in words (`take 2 from the heap of 5`); called only for
    /// moves that are shown.
    fn describe(&self, p: &Self::P, to: &[Self::P]) -> String {
        let show = |q: &Self::P| {
            let a: Vec<String> = self.args(q).iter().map(ToString::to_string).collect();
            a.join(",")
        };
        let after: Vec<String> = to.iter().map(show).collect();
        let after = if after.is_empty() {
            "nothing".to_string()
        } else {
            after.join(" + ")
        };
        format!("{} -> {}", show(p), after)
    }

    /// Hook: whether the family gives [`Ruleset::canonical`] or [`Ruleset::split`] for some
    /// positions. `false` (the default) spares the search asking them at every position.
    fn reduces(&self) -> bool {
        false
    }

    /// Hook: a position with the same nim-value as `p` that stands for every position of its
    /// class (the least of its symmetric images, a board cropped to its cells), so that the
    /// search values and stores one position per class. Only the value is read through it:
    /// moves shown to people stay the real positions. Asked only when [`Ruleset::reduces`];
    /// `Ok(None)`: `p` stands for itself. An error stops the search (a rule script that
    /// failed).
    fn canonical(&self, _p: &Self::P, _limits: &Limits) -> Result<Option<Self::P>, Error> {
        Ok(None)
    }

    /// Hook: the independent parts whose sum is `p` (the regions of a board that no move
    /// joins), valued apart and added (XOR) by the search. Asked only when
    /// [`Ruleset::reduces`], and only for normal-play values (a sum's misere value is not its
    /// parts' values added). `Ok(None)`: `p` does not split.
    fn split(&self, _p: &Self::P, _limits: &Limits) -> Result<Option<Vec<Self::P>>, Error> {
        Ok(None)
    }

    /// Hook: refuse to enumerate the options of a component too large for search.
    fn searchable(&self, _p: &Self::P) -> Result<(), Error> {
        Ok(())
    }

    /// Hook: whether positions of this family may recur (a rule script may loop); such
    /// families are solved by exploring the reachable positions (draws, loopy values).
    fn may_loop(&self) -> bool {
        false
    }

    /// Hook: whether a term holds exactly one component, so that a term with several
    /// components (after a move to a sum) is written as a sum of terms, `f(2,2) + f(2,3)`,
    /// and a term with none as `0` (rule scripts, whose arguments all make one position).
    fn one_term_per_component(&self) -> bool {
        false
    }

    /// Small random positions of this family (each a list of components), for the
    /// registry-wide property test that checks every capability against plain search.
    /// `seed` chooses the position; families return positions whose full search is cheap.
    /// A family outside the built-in registry (a rule script, a Python class) whose
    /// positions the test cannot make returns none.
    fn sample(&self, seed: u64) -> Vec<Self::P>;

    /// Capability: what the family knows of its positions' values without search (closed
    /// forms, tables, periods, moves to a value, Smith's loopy values, the reasoning).
    fn theory(&self) -> Option<&dyn Theory<Self::P>> {
        None
    }

    /// Capability: play of a component alone, when its nim-value is out of reach but its
    /// outcome has a closed form.
    fn alone(&self) -> Option<&dyn Alone<Self::P>> {
        None
    }

    /// Capability: the heap kernels, for one-heap families (`P = BigUint`).
    fn heap(&self) -> Option<&dyn HeapKernel> {
        None
    }
}

/// How a component's nim-value was found: the analysis records it for every component
/// ([`crate::analysis::Rule::Xor`]), and `explain` narrates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The component is the nimber `*n` itself, not only worth it: its options are exactly
    /// `*0`, ..., `*(n-1)`, each such a component again (a Nim heap, or `*n` written as a
    /// term). Misere play treats such components as Nim heaps (Bouton's misere rule), so a
    /// family says it of a position whatever it was asked before, and says it only of
    /// these: the registry-wide test compares misere play of its samples with plain search.
    Nimber,
    /// A closed form proven for every size (Lasker's Nim, a rule script's `nimber`).
    ClosedForm,
    /// The family's proven period, for a heap beyond its table.
    Period,
    /// Periodic pieces of the sequence, each proven (a subtraction set with amounts beyond
    /// any table, such as `sub[1,2,999999999]`).
    Pieces,
    /// The family's table of values, computed heap by heap up to the heap.
    Table,
    /// Another rule of the family's theory (Wythoff's pairs, the colon principle, ...).
    Theory,
    /// A search of the component's options: the mex of their values.
    Search,
}

impl From<grundy_heap::seq::Basis> for Source {
    fn from(b: grundy_heap::seq::Basis) -> Source {
        match b {
            grundy_heap::seq::Basis::ClosedForm => Source::ClosedForm,
            grundy_heap::seq::Basis::Period => Source::Period,
            grundy_heap::seq::Basis::Table => Source::Table,
        }
    }
}

/// What a family knows of its positions' values without search. Every method has a correct
/// default ("search for it"), and each one a family gives is checked against plain search
/// over its own options by the registry-wide property test.
pub trait Theory<P>: Send + Sync {
    /// Hook: the nim-value of a component without search (closed form, table or period).
    /// `Ok(None)` means "search for it".
    fn nimber(&self, _p: &P, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(None)
    }

    /// Hook: whether the nim-value of `p` is `x`, when the family can test it for less than
    /// the value costs (a pruned search stops at the first option of value `x`). `Ok(None)`:
    /// value it. An outcome question asks it with `x = 0` of a component alone.
    fn value_is(&self, _p: &P, _x: &Nimber, _limits: &Limits) -> Result<Option<bool>, Error> {
        Ok(None)
    }

    /// Hook: how [`Theory::nimber`] found the value it gave for `p` (asked right after it
    /// gave one), for the analysis's record and `explain`. The default is the family's
    /// theory in general; families whose values come from one of several methods say which.
    fn source(&self, _p: &P) -> Source {
        Source::Theory
    }

    /// Hook: the options of a component whose value is `target`, without listing every
    /// option: at most `cap` of them, in a fixed order, and the exact number of them (`None`
    /// when it was not counted). A family that builds the whole list gives it through
    /// [`first_moves_counted`]; one whose components may have too many such moves to build
    /// (a Hackenbush picture of 10^5 edges) builds only the listed ones. `Ok(None)`:
    /// enumerate the options.
    fn counted_moves_to_value(
        &self,
        _p: &P,
        _target: &Nimber,
        _cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<P>>, Error> {
        Ok(None)
    }

    /// Hook: Smith's generalized value of a component of a family whose games have cycles.
    /// `Some` makes the analysis use the loopy rules for the whole sum.
    fn loopy_value(&self, _p: &P) -> Option<Value> {
        None
    }

    /// Hook: the reasoning behind a component's value, for `explain`.
    fn explain(&self, _p: &P) -> Option<Explanation> {
        None
    }
}

/// Play of a component alone, when its nim-value is out of reach but its outcome has a
/// closed form (Wythoff's pairs, Fibonacci Nim, a rule script's `outcome`).
pub trait Alone<P>: Send + Sync {
    /// Hook: the outcome of a component played alone, when its nim-value is out of reach but
    /// its outcome has a closed form. Called only when [`Theory::nimber`] gave a size error.
    fn outcome_alone(&self, _p: &P, _limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(None)
    }

    /// Hook: at most `cap` of the winning moves of a component played alone (its options
    /// that are P-positions, in a fixed order) and the exact number of them (`None` when not
    /// counted), for the same positions as [`Alone::outcome_alone`]. Families whose
    /// winning moves alone are too many to build (Fibonacci Nim with 10^5 digits has about
    /// 10^5 winning takes, each as long as the heap) build only the listed ones; a family
    /// that builds the whole list gives it through [`first_moves`].
    fn counted_winning_moves_alone(
        &self,
        _p: &P,
        _cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<P>>, Error> {
        Ok(None)
    }

    /// Hook: misere play of a component alone, when a closed form gives it: the outcome, at
    /// most `cap` of the winning moves (in a fixed order) and their exact number (`None` when
    /// not counted). `Ok(None)`: search the sum.
    #[allow(clippy::type_complexity)]
    fn misere_alone(
        &self,
        _p: &P,
        _cap: usize,
        _limits: &Limits,
    ) -> Result<Option<(Outcome, Vec<Opt<P>>, Option<BigUint>)>, Error> {
        Ok(None)
    }
}

/// The heap kernels of a one-heap family (positions `BigUint`, options exactly the moves of
/// its heap rules).
pub trait HeapKernel: Send + Sync {
    /// Hook: the heap rules of a family whose one-heap sequence the heap laboratory computes
    /// (tables written to files, plots, misere quotients, misere sums through the quotient).
    /// A family of another move shape gives `HeapRules::Custom` of its own
    /// [`grundy_heap::HeapMoves`]. The family's positions must then be single heaps
    /// (`P = BigUint`) whose options are exactly those moves.
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules> {
        None
    }

    /// Hook: the nim-values of single heaps 0..=n, with the period, for one-heap families.
    fn heap_table(&self, _n: u64, _limits: &Limits) -> Option<Result<HeapTable, Error>> {
        None
    }
}

/// The first `cap` moves of a whole list and their number, as the counted hooks give them.
pub fn first_moves<P>(all: Vec<Opt<P>>, cap: usize) -> Counted<P> {
    let count = BigUint::from(all.len());
    (all.into_iter().take(cap).collect(), Some(count))
}

/// [`first_moves`] for the moves to a value ([`Theory::counted_moves_to_value`]): the
/// number is given while the request's counting budget grants one look-up per move
/// ([`Limits::spend_count`]), as when the analysis lists options one by one.
pub fn first_moves_counted<P>(all: Vec<Opt<P>>, cap: usize, limits: &Limits) -> Counted<P> {
    let n = all.len() as u64;
    let (listed, count) = first_moves(all, cap);
    (listed, if limits.spend_count(n) { count } else { None })
}

/// A small deterministic generator for [`Ruleset::sample`] (grundy-types' [`SplitMix64`]),
/// so that families need no random-number dependency.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed ^ SplitMix64::GAMMA))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            return lo;
        }
        lo + self.next_u64() % (hi - lo + 1)
    }
}

/// [`Ruleset::options`] of a family that lists its options with [`Ruleset::options_into`]
/// (rule scripts, Python games): the flat list, copied into owned vectors.
pub fn options_via_list<R: Ruleset + ?Sized>(
    rules: &R,
    p: &R::P,
    limits: &Limits,
) -> Result<Vec<Opt<R::P>>, Error> {
    let mut out = OptionList::new();
    rules.options_into(p, &mut out, limits)?;
    Ok(out.to_vecs())
}
