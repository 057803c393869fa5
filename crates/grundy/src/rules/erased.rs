//! Rulesets and positions with their types erased, so that sums mix families.
//!
//! [`Comp`] holds a position of any family; [`DynRuleset`] is the object-safe face of a
//! [`Ruleset`], provided for every ruleset by [`Typed`]; [`RulesetRef`] is the shared handle
//! that terms hold, compared by the ruleset's canonical name.

use std::any::Any;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use super::seam::{Counted, Opt, Pos, Ruleset, Source};
use super::{Arg, ArgError, HeapTable};
use crate::explanation::Explanation;
use crate::solve::{Arena, Lister, OptionList, StepMemo, Steps};
use crate::{Error, Game, Limits, Nimber, Outcome, Value};

/// A position of some family, its type erased; cheap to clone.
#[derive(Clone)]
pub struct Comp(Arc<dyn PosObj>);

/// What [`Comp`] needs of a position: comparison, hashing, ordering and downcasting.
trait PosObj: Any + Send + Sync {
    fn eq_dyn(&self, other: &dyn PosObj) -> bool;
    fn cmp_dyn(&self, other: &dyn PosObj) -> Ordering;
    fn hash_dyn(&self, h: &mut dyn Hasher);
    fn debug_dyn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Pos> PosObj for T {
    fn eq_dyn(&self, other: &dyn PosObj) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn cmp_dyn(&self, other: &dyn PosObj) -> Ordering {
        match other.as_any().downcast_ref::<T>() {
            Some(o) => self.cmp(o),
            // Positions of different types never meet inside one ruleset; order them by type
            // so that the order stays total.
            None => self.as_any().type_id().cmp(&other.as_any().type_id()),
        }
    }
    fn hash_dyn(&self, mut h: &mut dyn Hasher) {
        self.hash(&mut h);
    }
    fn debug_dyn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Comp {
    /// A position, erased.
    pub fn new<T: Pos>(p: T) -> Comp {
        Comp(Arc::new(p))
    }

    /// The position, when it has type `T`.
    pub fn get<T: Pos>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
}

impl PartialEq for Comp {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.eq_dyn(other.0.as_ref())
    }
}
impl Eq for Comp {}
impl Hash for Comp {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_dyn(state)
    }
}
impl PartialOrd for Comp {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Comp {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp_dyn(other.0.as_ref())
    }
}
impl fmt::Debug for Comp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug_dyn(f)
    }
}

/// The object-safe face of a [`Ruleset`]: the same hooks over erased positions.
#[allow(missing_docs)]
pub trait DynRuleset: Send + Sync {
    fn name(&self) -> String;
    fn components(&self, args: &[Arg]) -> Result<Vec<Comp>, ArgError>;
    fn args(&self, c: &Comp) -> Vec<Arg>;
    /// The text between the parentheses when the arguments are not plain words.
    fn text(&self, _c: &Comp) -> Option<String> {
        None
    }
    /// The whole text of a component for people, when the family gives one.
    fn display(&self, _c: &Comp) -> Option<String> {
        None
    }
    /// The canonical text of a component of another family ([`Ruleset::other_family`]).
    fn other_family(&self, _c: &Comp) -> Option<String> {
        None
    }
    /// `k` copies of a component as one ([`Ruleset::copies`]).
    fn copies(&self, _k: u64, _c: &Comp) -> Option<Comp> {
        None
    }
    fn options(&self, c: &Comp, limits: &Limits) -> Result<Vec<Vec<Comp>>, Error>;
    fn describe(&self, c: &Comp, to: &[Comp]) -> String;
    fn searchable(&self, c: &Comp) -> Result<(), Error>;
    fn nimber(&self, c: &Comp, limits: &Limits) -> Result<Option<Nimber>, Error>;
    /// The nim-value by the family's hook, else by a memoised search over its own positions.
    fn value(&self, c: &Comp, limits: &Limits) -> Result<Nimber, Error> {
        Ok(self.valued(c, limits)?.0)
    }
    /// [`DynRuleset::value`] with how it was found: the family's [`super::Theory::source`]
    /// when its theory gave the value, else [`Source::Search`].
    fn valued(&self, c: &Comp, limits: &Limits) -> Result<(Nimber, Source), Error>;
    fn counted_moves_to_value(
        &self,
        c: &Comp,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Comp>>, Error>;
    /// The options of `c` of value `target`, found by listing every option and reading its
    /// parts' values (the fallback when the family has no rule for them): at most `room`
    /// listed; counted while [`Limits::spend_count`] grants one look-up per option, else the
    /// count is `None` and the listing stops once `room` are listed.
    fn listed_moves_to_value(
        &self,
        c: &Comp,
        target: &Nimber,
        room: usize,
        limits: &Limits,
    ) -> Result<(Vec<Vec<Comp>>, Option<usize>), Error>;
    fn outcome_alone(&self, c: &Comp, limits: &Limits) -> Result<Option<Outcome>, Error>;
    /// [`Theory::value_is`] of a component.
    fn value_is(&self, c: &Comp, x: &Nimber, limits: &Limits) -> Result<Option<bool>, Error>;
    fn counted_winning_moves_alone(
        &self,
        c: &Comp,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Comp>>, Error>;
    #[allow(clippy::type_complexity)]
    fn misere_alone(
        &self,
        c: &Comp,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Outcome, Vec<Vec<Comp>>, Option<BigUint>)>, Error>;
    fn loopy_value(&self, c: &Comp) -> Option<Value>;
    /// Remoteness and Every-SG step of `c` by a search of the family's own positions, or
    /// `None` when some position it reaches has an option that is a sum (see
    /// [`crate::solve::StepMemo`]).
    fn steps(&self, c: &Comp, limits: &Limits) -> Result<Option<Steps>, Error>;
    fn may_loop(&self) -> bool;
    fn one_term_per_component(&self) -> bool;
    fn explain(&self, c: &Comp) -> Option<Explanation>;
    /// The nimber this component is, not only is worth ([`Source::Nimber`]): `None` for
    /// any other component, without computing its value.
    fn as_nimber(&self, c: &Comp, limits: &Limits) -> Result<Option<Nimber>, Error>;
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules>;
    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>>;
    fn sample(&self, seed: u64) -> Vec<Comp>;
}

/// The ruleset and the limits of one query, shared by the positions it creates.
struct Ctx<R: Ruleset> {
    r: Arc<R>,
    limits: Limits,
}

/// A position of `R` with the ruleset at hand, so that the generic solver
/// ([`crate::solve::Solver`]) can list its options; compared and hashed by the position
/// alone. Fronts that tabulate a family of their own (rule scripts, Python games) search
/// through it too.
pub struct Searched<R: Ruleset> {
    ctx: Arc<Ctx<R>>,
    p: R::P,
}

impl<R: Ruleset> Searched<R> {
    /// Position `p` of ruleset `r`, searched under `limits`.
    pub fn new(r: Arc<R>, limits: Limits, p: R::P) -> Searched<R> {
        Searched {
            ctx: Arc::new(Ctx { r, limits }),
            p,
        }
    }

    /// Another position of the same ruleset and query.
    pub fn at(&self, p: R::P) -> Searched<R> {
        Searched {
            ctx: self.ctx.clone(),
            p,
        }
    }
}

impl<R: Ruleset> Clone for Searched<R> {
    fn clone(&self) -> Self {
        Searched {
            ctx: self.ctx.clone(),
            p: self.p.clone(),
        }
    }
}
impl<R: Ruleset> PartialEq for Searched<R> {
    fn eq(&self, other: &Self) -> bool {
        self.p == other.p
    }
}
impl<R: Ruleset> Eq for Searched<R> {}
impl<R: Ruleset> Hash for Searched<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.p.hash(state)
    }
}

impl<R: Ruleset> Game for Searched<R> {
    fn options(&self) -> Vec<Vec<Self>> {
        self.try_options().unwrap_or_default()
    }

    fn try_options(&self) -> Result<Vec<Vec<Self>>, Error> {
        Ok(self
            .ctx
            .r
            .options(&self.p, &self.ctx.limits)?
            .into_iter()
            .map(|o| {
                o.into_iter()
                    .map(|p| Searched {
                        ctx: self.ctx.clone(),
                        p,
                    })
                    .collect()
            })
            .collect())
    }

    fn known_nimber(&self) -> Option<Nimber> {
        let t = self.ctx.r.theory()?;
        t.nimber(&self.p, &self.ctx.limits).ok().flatten()
    }

    fn searchable(&self) -> Result<(), Error> {
        self.ctx.r.searchable(&self.p)
    }
}

/// Every [`Ruleset`] as a [`DynRuleset`], with a memo of searched values that lasts as long
/// as the ruleset (the registry keeps rulesets between queries).
pub struct Typed<R: Ruleset> {
    r: Arc<R>,
    memo: Mutex<Arena<R::P>>,
    steps: Mutex<StepMemo<R::P>>,
}

/// A ruleset and the limits of one query, as the arena search lists positions.
pub struct Listing<'a, R: Ruleset> {
    /// The ruleset.
    pub r: &'a R,
    /// The limits of the query.
    pub limits: &'a Limits,
}

impl<R: Ruleset> Lister<R::P> for Listing<'_, R> {
    fn known(&self, p: &R::P) -> Result<Option<Nimber>, Error> {
        // A hook that cannot give the value (a heap beyond its table) leaves it to search.
        Ok(self
            .r
            .theory()
            .and_then(|t| t.nimber(p, self.limits).ok().flatten()))
    }

    fn list(&self, p: &R::P, out: &mut OptionList<R::P>) -> Result<(), Error> {
        self.r.searchable(p)?;
        self.r.options_into(p, out, self.limits)
    }

    fn dense_code(&self, p: &R::P) -> Option<u64> {
        self.r.dense_code(p)
    }

    fn of_dense_code(&self, code: u64) -> Option<R::P> {
        self.r.of_dense_code(code)
    }
}

/// A ruleset that [`Ruleset::reduces`], as the arena search lists its positions: every part
/// of every option is split and replaced by its canonical form ([`reduce`]), so the arena
/// stores only canonical positions that do not split.
struct Reduced<'a, R: Ruleset> {
    listing: Listing<'a, R>,
    /// The options as the family gives them, before they are reduced (kept between calls).
    raw: RefCell<OptionList<R::P>>,
    /// The parts each position met as an option reduced to (the hooks are functions of the
    /// position, and a search meets most option positions many times: a script's hooks are
    /// then called once a position), emptied when it holds [`REDUCED_KEPT`] positions.
    reduced: RefCell<HashMap<R::P, Vec<R::P>>>,
}

/// Most option positions whose reduced parts a search keeps.
const REDUCED_KEPT: usize = 1 << 17;

impl<R: Ruleset> Lister<R::P> for Reduced<'_, R> {
    fn known(&self, p: &R::P) -> Result<Option<Nimber>, Error> {
        self.listing.known(p)
    }

    fn list(&self, p: &R::P, out: &mut OptionList<R::P>) -> Result<(), Error> {
        let mut own = OptionList::new();
        let mut held = self.raw.try_borrow_mut();
        let raw = match held.as_deref_mut() {
            Ok(raw) => raw,
            Err(_) => &mut own,
        };
        raw.clear();
        self.listing.list(p, raw)?;
        let mut cache = self.reduced.borrow_mut();
        for option in raw.iter() {
            for part in option {
                if let Some(parts) = cache.get(part) {
                    for q in parts {
                        out.push_part(q.clone());
                    }
                    continue;
                }
                let mut parts = Vec::new();
                reduce(self.listing.r, part, self.listing.limits, |q| parts.push(q))?;
                for q in &parts {
                    out.push_part(q.clone());
                }
                if cache.len() >= REDUCED_KEPT {
                    cache.clear();
                }
                cache.insert(part.clone(), parts);
            }
            out.close();
        }
        Ok(())
    }

    fn dense_code(&self, p: &R::P) -> Option<u64> {
        self.listing.dense_code(p)
    }

    fn of_dense_code(&self, code: u64) -> Option<R::P> {
        self.listing.of_dense_code(code)
    }
}

/// The parts by which the search values `p`, given to `each`: the parts of
/// [`Ruleset::split`] (`p` itself when it does not split), each replaced by its
/// [`Ruleset::canonical`] form. Their values XOR to the value of `p` when the family's hooks
/// are right, which `grundy rules check` holds against plain search.
///
/// Arguments: the ruleset, a position, the query's limits (the hooks of a rule script run
/// under them), and where each part goes.
/// Returns: the hooks' error, if one failed.
/// Complexity: one call of each hook per part.
pub fn reduce<R: Ruleset + ?Sized>(
    r: &R,
    p: &R::P,
    limits: &Limits,
    mut each: impl FnMut(R::P),
) -> Result<(), Error> {
    let canonical = |q: R::P| -> Result<R::P, Error> { Ok(r.canonical(&q, limits)?.unwrap_or(q)) };
    match r.split(p, limits)? {
        Some(parts) => {
            for q in parts {
                each(canonical(q)?);
            }
        }
        None => each(canonical(p.clone())?),
    }
    Ok(())
}

/// The nim-value of `p` by the arena search, in `arena`: read there when a search already
/// valued it (the options of a component just valued, when its winning moves are counted),
/// else searched, the arena emptied first when it holds more than half the query's position
/// limit, so a long-lived memo stays bounded. A family that [`Ruleset::reduces`] is valued
/// through its hooks: `p`'s parts ([`reduce`]) valued apart and XORed, and every position
/// the search meets split and made canonical, so the arena holds only canonical positions.
pub fn arena_value<R: Ruleset>(
    arena: &mut Arena<R::P>,
    r: &R,
    p: &R::P,
    limits: &Limits,
) -> Result<Nimber, Error> {
    let listing = Listing { r, limits };
    if !r.reduces() {
        return valued_in(arena, &listing, p, limits);
    }
    let lister = Reduced {
        listing,
        raw: RefCell::new(OptionList::new()),
        reduced: RefCell::new(HashMap::new()),
    };
    let mut parts = Vec::new();
    reduce(r, p, limits, |q| parts.push(q))?;
    let mut v = Nimber::ZERO;
    for q in &parts {
        v ^= &valued_in(arena, &lister, q, limits)?;
    }
    Ok(v)
}

/// [`arena_value`] of one position through one lister.
fn valued_in<P: Pos>(
    arena: &mut Arena<P>,
    lister: &impl Lister<P>,
    p: &P,
    limits: &Limits,
) -> Result<Nimber, Error> {
    if let Some(v) = arena.get(p, lister) {
        return Ok(v);
    }
    if arena.len() >= limits.max_nodes / 2 || arena.bytes() as u64 >= limits.max_memory / 4 {
        arena.clear();
    }
    arena.value(p, lister, limits)
}

impl<R: Ruleset> Typed<R> {
    /// The erased face of a ruleset.
    pub fn new(r: R) -> Typed<R> {
        Typed {
            r: Arc::new(r),
            memo: Mutex::new(Arena::new()),
            steps: Mutex::new(StepMemo::default()),
        }
    }

    /// The ruleset itself.
    pub fn inner(&self) -> &R {
        &self.r
    }

    fn pos<'a>(&self, c: &'a Comp) -> Result<&'a R::P, Error> {
        c.get::<R::P>().ok_or_else(|| {
            Error::unsupported(format!(
                "a position of another family was given to {}",
                self.r.name()
            ))
        })
    }

    fn wrap(opts: Vec<Opt<R::P>>) -> Vec<Vec<Comp>> {
        opts.into_iter()
            .map(|o| o.into_iter().map(Comp::new).collect())
            .collect()
    }

    fn unwrap_opt(&self, to: &[Comp]) -> Option<Vec<R::P>> {
        to.iter().map(|c| c.get::<R::P>().cloned()).collect()
    }
}

impl<R: Ruleset> DynRuleset for Typed<R> {
    fn name(&self) -> String {
        self.r.name()
    }
    fn components(&self, args: &[Arg]) -> Result<Vec<Comp>, ArgError> {
        Ok(self
            .r
            .components(args)?
            .into_iter()
            .map(Comp::new)
            .collect())
    }
    fn args(&self, c: &Comp) -> Vec<Arg> {
        match c.get::<R::P>() {
            Some(p) => self.r.args(p),
            None => Vec::new(),
        }
    }
    fn text(&self, c: &Comp) -> Option<String> {
        self.r.text(c.get::<R::P>()?)
    }
    fn display(&self, c: &Comp) -> Option<String> {
        self.r.display(c.get::<R::P>()?)
    }
    fn other_family(&self, c: &Comp) -> Option<String> {
        self.r.other_family(c.get::<R::P>()?)
    }
    fn copies(&self, k: u64, c: &Comp) -> Option<Comp> {
        self.r.copies(k, c.get::<R::P>()?).map(Comp::new)
    }
    fn options(&self, c: &Comp, limits: &Limits) -> Result<Vec<Vec<Comp>>, Error> {
        let p = self.pos(c)?;
        self.r.searchable(p)?;
        Ok(Self::wrap(self.r.options(p, limits)?))
    }
    fn describe(&self, c: &Comp, to: &[Comp]) -> String {
        match (c.get::<R::P>(), self.unwrap_opt(to)) {
            (Some(p), Some(to)) => self.r.describe(p, &to),
            _ => String::from("a move"),
        }
    }
    fn searchable(&self, c: &Comp) -> Result<(), Error> {
        self.r.searchable(self.pos(c)?)
    }
    fn nimber(&self, c: &Comp, limits: &Limits) -> Result<Option<Nimber>, Error> {
        let p = self.pos(c)?;
        self.r.theory().map_or(Ok(None), |t| t.nimber(p, limits))
    }
    fn valued(&self, c: &Comp, limits: &Limits) -> Result<(Nimber, Source), Error> {
        let p = self.pos(c)?;
        if let Some(t) = self.r.theory() {
            if let Some(v) = t.nimber(p, limits)? {
                return Ok((v, t.source(p)));
            }
        }
        // The memo is shared by queries on this ruleset; a query that finds it busy (another
        // thread searching) uses a memo of its own.
        let v = match self.memo.try_lock() {
            Ok(mut guard) => arena_value(&mut guard, self.r.as_ref(), p, limits),
            Err(_) => arena_value(&mut Arena::new(), self.r.as_ref(), p, limits),
        }?;
        Ok((v, Source::Search))
    }
    fn counted_moves_to_value(
        &self,
        c: &Comp,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Comp>>, Error> {
        let p = self.pos(c)?;
        Ok(self
            .r
            .theory()
            .map_or(Ok(None), |t| {
                t.counted_moves_to_value(p, target, cap, limits)
            })?
            .map(|(m, n)| (Self::wrap(m), n)))
    }
    fn listed_moves_to_value(
        &self,
        c: &Comp,
        target: &Nimber,
        room: usize,
        limits: &Limits,
    ) -> Result<(Vec<Vec<Comp>>, Option<usize>), Error> {
        let p = self.pos(c)?;
        // The options in the flat list (nothing allocated per option), and the parts' values
        // read in the family's memo under one lock: the search that valued the component has
        // valued its options there.
        let mut options = OptionList::new();
        self.r.options_into(p, &mut options, limits)?;
        let mut guard = self.memo.try_lock();
        let mut own = Arena::new();
        let arena = match guard.as_deref_mut() {
            Ok(a) => a,
            Err(_) => &mut own,
        };
        let theory = self.r.theory();
        let mut listed = Vec::new();
        let mut count = Some(0usize);
        for (i, opt) in options.iter().enumerate() {
            if i % 1024 == 1023 {
                limits.check()?;
            }
            // Past the counting budget, options are examined only to fill the list.
            if count.is_some() && !limits.spend_count(1) {
                count = None;
            }
            if count.is_none() && listed.len() >= room {
                break;
            }
            let mut v = Nimber::ZERO;
            for part in opt {
                v ^= &match theory.map_or(Ok(None), |t| t.nimber(part, limits))? {
                    Some(v) => v,
                    None => arena_value(arena, self.r.as_ref(), part, limits)?,
                };
            }
            if v == *target {
                if let Some(c) = count.as_mut() {
                    *c += 1;
                }
                if listed.len() < room {
                    listed.push(opt.iter().cloned().map(Comp::new).collect());
                }
            }
        }
        Ok((listed, count))
    }
    fn value_is(&self, c: &Comp, x: &Nimber, limits: &Limits) -> Result<Option<bool>, Error> {
        let p = self.pos(c)?;
        self.r
            .theory()
            .map_or(Ok(None), |t| t.value_is(p, x, limits))
    }
    fn outcome_alone(&self, c: &Comp, limits: &Limits) -> Result<Option<Outcome>, Error> {
        let p = self.pos(c)?;
        self.r
            .alone()
            .map_or(Ok(None), |a| a.outcome_alone(p, limits))
    }
    fn counted_winning_moves_alone(
        &self,
        c: &Comp,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Comp>>, Error> {
        let p = self.pos(c)?;
        Ok(self
            .r
            .alone()
            .map_or(Ok(None), |a| a.counted_winning_moves_alone(p, cap, limits))?
            .map(|(m, n)| (Self::wrap(m), n)))
    }
    fn misere_alone(
        &self,
        c: &Comp,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Outcome, Vec<Vec<Comp>>, Option<BigUint>)>, Error> {
        let p = self.pos(c)?;
        Ok(self
            .r
            .alone()
            .map_or(Ok(None), |a| a.misere_alone(p, cap, limits))?
            .map(|(o, m, n)| (o, Self::wrap(m), n)))
    }
    fn steps(&self, c: &Comp, limits: &Limits) -> Result<Option<Steps>, Error> {
        let p = self.pos(c)?;
        let lister = Listing {
            r: self.r.as_ref(),
            limits,
        };
        // A query that finds the memo busy (another thread) uses one of its own.
        match self.steps.try_lock() {
            Ok(mut memo) => memo.steps(p, &lister, limits),
            Err(_) => StepMemo::default().steps(p, &lister, limits),
        }
    }
    fn loopy_value(&self, c: &Comp) -> Option<Value> {
        self.r.theory()?.loopy_value(c.get::<R::P>()?)
    }
    fn may_loop(&self) -> bool {
        self.r.may_loop()
    }
    fn one_term_per_component(&self) -> bool {
        self.r.one_term_per_component()
    }
    fn explain(&self, c: &Comp) -> Option<Explanation> {
        self.r.theory()?.explain(c.get::<R::P>()?)
    }
    fn as_nimber(&self, c: &Comp, limits: &Limits) -> Result<Option<Nimber>, Error> {
        let p = self.pos(c)?;
        match self.r.theory() {
            Some(t) if t.source(p) == Source::Nimber => t.nimber(p, limits),
            _ => Ok(None),
        }
    }
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules> {
        self.r.heap()?.heap_rules()
    }
    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>> {
        self.r.heap()?.heap_table(n, limits)
    }
    fn sample(&self, seed: u64) -> Vec<Comp> {
        self.r.sample(seed).into_iter().map(Comp::new).collect()
    }
}

/// A shared handle on a ruleset, compared by its canonical name (two terms that name the same
/// ruleset are the same game family, however they were parsed).
#[derive(Clone)]
pub struct RulesetRef {
    rules: Arc<dyn DynRuleset>,
    name: Arc<str>,
}

impl fmt::Debug for RulesetRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RulesetRef({})", self.name)
    }
}

impl RulesetRef {
    /// A handle on a typed ruleset.
    pub fn of<R: Ruleset>(r: R) -> RulesetRef {
        RulesetRef::new(Arc::new(Typed::new(r)))
    }

    /// The arguments of a component joined by commas, as `NAME(...)` writes them.
    pub fn args_text(&self, c: &Comp) -> String {
        let args: Vec<String> = self.rules.args(c).iter().map(|a| a.to_string()).collect();
        args.join(",")
    }

    /// A handle on an erased ruleset, caching its canonical name.
    pub fn new(rules: Arc<dyn DynRuleset>) -> Self {
        let name = Arc::from(rules.name());
        RulesetRef { rules, name }
    }

    /// The ruleset.
    pub fn rules(&self) -> &dyn DynRuleset {
        self.rules.as_ref()
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
impl Hash for RulesetRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}
impl PartialOrd for RulesetRef {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for RulesetRef {
    fn cmp(&self, other: &Self) -> Ordering {
        self.name.cmp(&other.name)
    }
}
