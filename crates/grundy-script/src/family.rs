//! A rule script as a family of the engine: [`ScriptRules`] implements the typed seam
//! [`grundy::rules::Ruleset`] with the packed [`Key`] as position type, and [`load`] turns a
//! script's text into a [`grundy::rules::Family`] that a [`grundy::Registry`] registers.
//!
//! The script is compiled once. The engine's arena search ([`grundy::solve::Arena`]) stores
//! each position once as its key (24 bytes for small positions) with its value, and asks the
//! script for the options of a position only while it is being valued; sums returned by
//! `moves` become options with several components, which the engine decomposes as for
//! built-in take-and-break games. Every family says that its positions may recur
//! ([`Ruleset::may_loop`]), so the analysis answers games with cycles with draws and loopy
//! values. A script's closed forms, `nimber(p)` and `outcome(p)`, answer without search
//! where they give an answer.

use std::sync::{Arc, Mutex};

use grundy::rules::{
    first_moves, Alone, Arg, ArgError, Comp, Family, HeapKernel, HeapTable, Opt, Ruleset,
    RulesetRef, Source, Theory,
};
use grundy::solve::{Arena, OptionList};
use grundy::{Error, ErrorKind, Limit, Nimber, Outcome, Period};
use num_bigint::BigInt;

use crate::error::ScriptError;
use crate::key::{Key, KeyWriter};
use crate::limits::{Interrupt, LimitKind, Sandbox};
use crate::script::ScriptOption;
use crate::{Arity, Datum, Language, Script};

/// A rule script as a ruleset of the engine.
///
/// Positions are [`Key`]s: with `ARITY` 1, `NAME(a, b)` is the sum of the positions `a` and
/// `b`; with `ARITY` k, `NAME(a1, ..., ak)` is the array `[a1, ..., ak]` (rules.md,
/// Positions). A term holds one component, so a sum is written as a sum of terms:
/// `NAME(1) + NAME(3)`.
pub struct ScriptRules {
    script: Arc<Script>,
    /// The memo of the table's searches, kept between tables.
    table_arena: Mutex<Arena<Key>>,
    /// Whether the script's closed forms (`nimber`, `outcome`) answer; off for the search
    /// that `rules check` compares them with.
    hooks: bool,
    /// The closed form's answers so far (a pure function of the position: the script's
    /// globals are frozen), so that a sum of a million piles of sixty sizes calls it sixty
    /// times; at most [`CLOSED_MEMO`] entries.
    closed: Mutex<hashbrown::HashMap<Key, u64>>,
    /// The families of the script's `game(NAME, ...)` options, by NAME as written.
    games: Mutex<std::collections::HashMap<String, RulesetRef>>,
}

/// The most families of `game(NAME, ...)` options a script family keeps parsed.
const GAMES_KEPT: usize = 256;

/// The most positions whose closed-form value a script family remembers.
const CLOSED_MEMO: usize = 1 << 16;

/// The handle the engine holds: the ruleset shared with the positions of its searches.
#[derive(Clone, Debug)]
pub struct ScriptFamily(pub Arc<ScriptRules>);

impl std::fmt::Debug for ScriptRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptRules")
            .field("script", &self.script)
            .finish()
    }
}

impl ScriptRules {
    /// The ruleset of a compiled script.
    pub fn new(script: Script) -> ScriptRules {
        ScriptRules::shared(Arc::new(script), true)
    }

    /// The ruleset of a script already shared; `hooks` says whether its closed forms answer
    /// (off: every value comes from searching its moves).
    pub fn shared(script: Arc<Script>, hooks: bool) -> ScriptRules {
        ScriptRules {
            script,
            table_arena: Mutex::new(Arena::new()),
            hooks,
            closed: Mutex::new(hashbrown::HashMap::new()),
            games: Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The compiled script.
    pub fn script(&self) -> &Script {
        &self.script
    }

    /// Points the script's calls at this query's cancellation flag and deadline.
    fn watch(&self, limits: &grundy::Limits) {
        let wanted = Interrupt {
            cancel: limits.cancel.clone(),
            deadline: limits.deadline,
        };
        if !self.script.watches(&wanted) {
            self.script.set_interrupt(wanted);
        }
    }

    /// The family and the position of an option `game(NAME, args...)`, which is a position
    /// of another family (a built-in one) inside this one; `None` for the script's own
    /// positions.
    fn game(&self, p: &Key) -> Option<Result<(RulesetRef, Comp), Error>> {
        p.is_game().then(|| self.resolve_game(&datum(p)))
    }

    fn resolve_game(&self, d: &Datum) -> Result<(RulesetRef, Comp), Error> {
        let written = || format!("{} in the options of {}", d, self.script.name());
        let Some((Datum::Str(name), args)) = d.game() else {
            return Err(Error::input(format!(
                "{}: game takes the game's name first, as a string: game(\"tb[0.77]\", 8)",
                written()
            )));
        };
        let rules = {
            let mut games = lock(&self.games);
            match games.get(name) {
                Some(r) => r.clone(),
                None => {
                    let r = grundy::expr::parse_ruleset(name).map_err(|e| {
                        Error::input(format!(
                            "{}: {e} (game names a built-in game, such as \"tb[0.77]\" or \"nim\")",
                            written()
                        ))
                    })?;
                    // A script naming ever new games (`game("sub[" .. n .. "]", 1)`) keeps
                    // at most this many parsed.
                    if games.len() >= GAMES_KEPT {
                        games.clear();
                    }
                    games.insert(name.clone(), r.clone());
                    r
                }
            }
        };
        let mut words = Vec::with_capacity(args.len());
        for a in args {
            words.push(match a {
                Datum::Int(n) => Arg::int(*n),
                Datum::Str(s) => Arg::Name(s.clone()),
                Datum::List(_) => {
                    return Err(Error::input(format!(
                        "{}: the arguments of a game are numbers and strings, not arrays",
                        written()
                    )))
                }
            });
        }
        let comps = rules
            .rules()
            .components(&words)
            .map_err(|e| Error::input(format!("{}: {}", written(), e.message)))?;
        let [comp] = <[Comp; 1]>::try_from(comps).map_err(|comps| {
            Error::input(format!(
                "{}: this is a sum of {} positions of {}; write each as its own game(...), in \
                 sum({{...}})",
                written(),
                comps.len(),
                rules.name()
            ))
        })?;
        if rules.rules().text(&comp).is_some() {
            return Err(Error::unsupported(format!(
                "{}: a compound game cannot be an option of a rule script",
                written()
            )));
        }
        Ok((rules, comp))
    }

    /// The key of a position of `rules` (an option of a `game(...)` position), written
    /// straight into its bytes (a heap of Kayles has half a million options).
    fn game_key(rules: &RulesetRef, c: &Comp, w: &mut KeyWriter) -> Result<Key, Error> {
        let args = rules.rules().args(c);
        w.clear();
        w.list(args.len() + 2);
        w.str(crate::datum::GAME);
        w.str(rules.name());
        for a in &args {
            match a {
                Arg::Int(n) => w.int(i64::try_from(n).map_err(|_| {
                    Error::too_large(format!(
                        "{n}, an argument of {}, is beyond the 64-bit integers of rule scripts",
                        rules.name()
                    ))
                })?),
                Arg::Name(s) => w.str(s),
            }
        }
        Ok(w.finish())
    }

    /// The canonical text of a `game(...)` position: `NAME(args)` in its own family.
    fn game_text(rules: &RulesetRef, c: &Comp) -> String {
        format!("{}({})", rules.name(), rules.args_text(c))
    }

    /// The text of a position for move descriptions: the script's `display(p)`, else
    /// `NAME(args)`.
    fn shown(&self, p: &Datum) -> String {
        if let Some((k, q)) = p.copies() {
            return format!("{k}*{}", self.shown(q));
        }
        if p.game().is_some() {
            if let Ok((rules, c)) = self.resolve_game(p) {
                return ScriptRules::game_text(&rules, &c);
            }
        }
        match self.script.display(p) {
            Ok(Some(s)) => s,
            _ => p.call_text(self.script.name()),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The value of a key, for texts; a damaged key (which no writer makes) reads as an empty
/// list.
fn datum(p: &Key) -> Datum {
    p.to_datum().unwrap_or(Datum::List(Vec::new()))
}

/// How many copies of which position, when `p` is `copies(k, q)` with k at least 2 (the only
/// counts `copies` makes; a script that writes the marker itself with another count gets a
/// position of its own, searched by its moves).
fn copies_of(p: &Key) -> Option<(u64, Key)> {
    if !p.is_copies() {
        return None;
    }
    let d = datum(p);
    let (k, q) = d.copies()?;
    (k >= 2).then(|| (k, Key::of(q)))
}

/// The key of `k` copies of `q` (k at least 1: one copy is `q` itself).
fn copies_key(k: u64, q: &Key) -> Key {
    if k == 1 {
        return q.clone();
    }
    Key::of(&Datum::copies_of(k, datum(q)))
}

/// A script error as an engine error, of the script crate's own kind ([`ScriptError::kind`]):
/// a reached per-call limit or the search's time, positions and memory limits are limits
/// (exit status 3 in the CLI), a cancellation is a cancellation, and an input error names
/// `FILE:LINE:COLUMN` (status 2).
///
/// Arguments: the script's error and the limits of the query (for the time limit's value).
pub fn engine_error(e: ScriptError, limits: &grundy::Limits) -> Error {
    let text = e.to_string();
    match (e.kind(), &e) {
        (kind, ScriptError::Limit { limit, .. }) => {
            let which = match limit {
                LimitKind::Time => Limit::Time(limits.time_limit.unwrap_or_default()),
                LimitKind::Positions => Limit::Positions(limits.max_nodes),
                other => Limit::Script(other.key().to_string()),
            };
            Error::of_kind(kind, text, which)
        }
        // An input error keeps its place (`FILE:LINE:COLUMN`) apart from its message.
        (ErrorKind::Input, _) => {
            let location = e
                .line_column()
                .and_then(|_| text.split(": ").next().map(str::to_string));
            let message = match &location {
                Some(l) => text
                    .strip_prefix(l.as_str())
                    .and_then(|t| t.strip_prefix(": "))
                    .unwrap_or(&text)
                    .to_string(),
                None => text.clone(),
            };
            Error::Input {
                message,
                column: None,
                location,
            }
        }
        (kind, _) => Error::of_kind(kind, text, Limit::Size),
    }
}

impl Ruleset for ScriptFamily {
    type P = Key;

    /// None: a rule script's positions are its own values, which the registry-wide test
    /// cannot make; `grundy rules check` holds a script's hooks against plain search instead.
    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        self.0.script.name().to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Key>, ArgError> {
        if let Some(keys) = int_components(self.0.script.arity(), args) {
            return Ok(keys);
        }
        let mut items = Vec::with_capacity(args.len());
        let depth = self.0.script.limits().position_depth;
        for (i, a) in args.iter().enumerate() {
            items.push(datum_of_arg(a, depth).map_err(|m| ArgError::at(i, m))?);
        }
        let arity = self.0.script.arity();
        let positions = arity
            .positions(items)
            .map_err(|m| ArgError::whole(format!("{}: {m}", self.0.script.name())))?;
        Ok(positions.iter().map(Key::of).collect())
    }

    fn args(&self, p: &Key) -> Vec<Arg> {
        if let Some(n) = p.as_int() {
            return vec![Arg::int(n)];
        }
        // An array of integers of a fixed arity (a pair, a board) is written as its items.
        if let (Some(ints), Arity::Fixed(2..)) = (p.int_items(), self.0.script.arity()) {
            return ints.iter().map(|&n| Arg::int(n)).collect();
        }
        let d = datum(p);
        match self.0.script.arity() {
            // A list is one argument in brackets (`NAME("[1, 2]")`): `NAME(1, 2)` is a sum.
            Arity::Fixed(1) => vec![arg_of_datum(&d)],
            _ => d.to_args().iter().map(arg_of_datum).collect(),
        }
    }

    fn display(&self, p: &Key) -> Option<String> {
        if !self.0.script.has_display() || p.is_game() || p.is_copies() {
            return None;
        }
        self.0.script.display(&datum(p)).ok().flatten()
    }

    fn searchable(&self, p: &Key) -> Result<(), Error> {
        if let Some((_, q)) = copies_of(p) {
            return self.searchable(&q);
        }
        match self.0.game(p) {
            Some(game) => {
                let (rules, c) = game?;
                rules.rules().searchable(&c)
            }
            None => Ok(()),
        }
    }

    fn other_family(&self, p: &Key) -> Option<String> {
        if let Some((k, q)) = copies_of(p) {
            // `K*NAME(args)`, which the expression language reads back as these copies.
            let args: Vec<String> = self.args(&q).iter().map(ToString::to_string).collect();
            return Some(format!("{k}*{}({})", self.0.script.name(), args.join(",")));
        }
        let (rules, c) = self.0.game(p)?.ok()?;
        Some(ScriptRules::game_text(&rules, &c))
    }

    fn copies(&self, k: u64, p: &Key) -> Option<Key> {
        // As `copies(k, q)` in a script: copies of copies multiply, and another family's
        // position has none.
        if p.is_game() || k < 2 {
            return None;
        }
        if let Some((j, q)) = copies_of(p) {
            return Some(copies_key(j.checked_mul(k)?, &q));
        }
        Some(copies_key(k, p))
    }

    fn options(&self, p: &Key, limits: &grundy::Limits) -> Result<Vec<Opt<Key>>, Error> {
        grundy::rules::options_via_list(self, p, limits)
    }

    fn options_into(
        &self,
        p: &Key,
        out: &mut OptionList<Key>,
        limits: &grundy::Limits,
    ) -> Result<(), Error> {
        if let Some((k, q)) = copies_of(p) {
            // A move is a move in one of the copies: the other k - 1 stay as they are.
            let mut one = OptionList::new();
            self.options_into(&q, &mut one, limits)?;
            let rest = copies_key(k - 1, &q);
            for o in one.iter() {
                out.push_part(rest.clone());
                for part in o {
                    out.push_part(part.clone());
                }
                out.close();
            }
            return Ok(());
        }
        if let Some(game) = self.0.game(p) {
            let (rules, c) = game?;
            let mut w = KeyWriter::new();
            for o in rules.rules().options(&c, limits)? {
                for q in &o {
                    out.push_part(ScriptRules::game_key(&rules, q, &mut w)?);
                }
                out.close();
            }
            return Ok(());
        }
        self.0.watch(limits);
        self.0
            .script
            .moves_into(p, out)
            .map_err(|e| engine_error(e, limits))
    }

    fn reduces(&self) -> bool {
        self.0.hooks && (self.0.script.has_canonical() || self.0.script.has_split())
    }

    fn canonical(&self, p: &Key, limits: &grundy::Limits) -> Result<Option<Key>, Error> {
        // Another family's position and copies are the engine's, not the script's.
        if !self.0.hooks || p.is_game() || p.is_copies() {
            return Ok(None);
        }
        self.0.watch(limits);
        self.0
            .script
            .canonical(p)
            .map_err(|e| engine_error(e, limits))
    }

    fn split(&self, p: &Key, limits: &grundy::Limits) -> Result<Option<Vec<Key>>, Error> {
        if !self.0.hooks || p.is_game() || p.is_copies() {
            return Ok(None);
        }
        self.0.watch(limits);
        self.0.script.split(p).map_err(|e| engine_error(e, limits))
    }

    fn dense_code(&self, p: &Key) -> Option<u64> {
        p.dense_code()
    }

    fn of_dense_code(&self, code: u64) -> Option<Key> {
        Key::of_dense_code(code)
    }

    fn describe(&self, p: &Key, to: &[Key]) -> String {
        if let Some((k, q)) = copies_of(p) {
            // A move in one copy, as that copy's move.
            let same = to.first().is_some_and(|r| *r == copies_key(k - 1, &q));
            if same {
                return format!("in one of {k} copies: {}", self.describe(&q, &to[1..]));
            }
            let after: Vec<String> = to.iter().map(|r| self.0.shown(&datum(r))).collect();
            return format!("{} -> {}", self.0.shown(&datum(p)), after.join(" + "));
        }
        if let Some(Ok((rules, c))) = self.0.game(p) {
            let to: Option<Vec<Comp>> = to
                .iter()
                .map(|q| match self.0.game(q) {
                    Some(Ok((r, qc))) if r.name() == rules.name() => Some(qc),
                    _ => None,
                })
                .collect();
            if let Some(to) = to {
                return rules.rules().describe(&c, &to);
            }
        }
        let p = datum(p);
        let to: Vec<Datum> = to.iter().map(datum).collect();
        let option = match to.as_slice() {
            [one] => ScriptOption::One(one.clone()),
            parts => ScriptOption::Sum(parts.to_vec()),
        };
        if let Ok(Some(text)) = self.0.script.describe(&p, &option) {
            return text;
        }
        let after: Vec<String> = to.iter().map(|q| self.0.shown(q)).collect();
        let after = if after.is_empty() {
            "nothing".to_string()
        } else {
            after.join(" + ")
        };
        format!("{} -> {after}", self.0.shown(&p))
    }

    fn may_loop(&self) -> bool {
        true
    }

    fn one_term_per_component(&self) -> bool {
        true
    }

    fn theory(&self) -> Option<&dyn Theory<Key>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Key>> {
        Some(self)
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }
}

impl Theory<Key> for ScriptFamily {
    fn source(&self, p: &Key) -> Source {
        // Copies by their parity, another family's game by that family's theory; else the
        // script's own closed form.
        if copies_of(p).is_some() || p.is_game() {
            Source::Theory
        } else {
            Source::ClosedForm
        }
    }

    fn nimber(&self, p: &Key, limits: &grundy::Limits) -> Result<Option<Nimber>, Error> {
        if let Some((k, q)) = copies_of(p) {
            // In normal play two copies of a game cancel: an even number is worth 0 and an
            // odd number is worth one copy. An odd number is searched when the one copy's
            // value is not known at once (its options are a move in one copy beside the
            // others, an even number, worth 0: one level, not k).
            if k % 2 == 0 {
                return Ok(Some(Nimber::ZERO));
            }
            return self.nimber(&q, limits);
        }
        if let Some(game) = self.0.game(p) {
            // Another family's value, from its closed forms and tables: not the script's
            // closed form, so it answers with the hooks off too.
            let (rules, c) = game?;
            return rules.rules().value(&c, limits).map(Some);
        }
        if !self.0.hooks || !self.0.script.has_nimber() {
            return Ok(None);
        }
        if let Some(&v) = self.0.closed.lock().ok().as_ref().and_then(|m| m.get(p)) {
            return Ok(Some(Nimber::new(v)));
        }
        self.0.watch(limits);
        let v = self
            .0
            .script
            .nimber(p)
            .map_err(|e| engine_error(e, limits))?;
        if let (Some(v), Ok(mut memo)) = (v, self.0.closed.lock()) {
            if memo.len() < CLOSED_MEMO {
                memo.insert(p.clone(), v);
            }
        }
        Ok(v.map(Nimber::new))
    }
}

impl Alone<Key> for ScriptFamily {
    fn outcome_alone(&self, p: &Key, limits: &grundy::Limits) -> Result<Option<Outcome>, Error> {
        if !self.0.hooks || !self.0.script.has_outcome() || p.is_game() || p.is_copies() {
            return Ok(None);
        }
        self.0.watch(limits);
        Ok(self
            .0
            .script
            .outcome(p)
            .map_err(|e| engine_error(e, limits))?
            .map(|n| if n { Outcome::N } else { Outcome::P }))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &Key,
        cap: usize,
        limits: &grundy::Limits,
    ) -> Result<Option<(Vec<Opt<Key>>, Option<num_bigint::BigUint>)>, Error> {
        if !self.0.hooks || !self.0.script.has_outcome() {
            return Ok(None);
        }
        let mut winning = Vec::new();
        for o in self.options(p, limits)? {
            // A move wins when it leaves a P-position; a sum's outcome needs values, which
            // the outcome hook does not give.
            let [q] = o.as_slice() else {
                return Ok(None);
            };
            match self.outcome_alone(q, limits)? {
                Some(Outcome::P) => winning.push(o),
                Some(_) => {}
                None => return Ok(None),
            }
        }
        Ok(Some(first_moves(winning, cap)))
    }
}

impl HeapKernel for ScriptFamily {
    fn heap_table(&self, n: u64, limits: &grundy::Limits) -> Option<Result<HeapTable, Error>> {
        let arity = self.0.script.arity();
        if arity != Arity::Fixed(1) {
            return Some(Err(Error::unsupported(format!(
                "a table lists {name}(0) .. {name}(N), positions of one argument, but a \
                 position of {name} has {} (ARITY {}); analyze its positions instead",
                arity.argument_count(),
                arity.text(),
                name = self.0.script.name()
            ))));
        }
        Some(table(&self.0, n, limits))
    }
}

/// The values of `NAME(0)` .. `NAME(n)`, with the period seen in them (never proven: no
/// theorem covers an arbitrary script).
fn table(me: &Arc<ScriptRules>, n: u64, limits: &grundy::Limits) -> Result<HeapTable, Error> {
    // One stack for the whole table, so that no call of the script allocates its own.
    crate::limits::with_stack(me.script.limits(), || table_here(me, n, limits))
}

fn table_here(me: &Arc<ScriptRules>, n: u64, limits: &grundy::Limits) -> Result<HeapTable, Error> {
    let needed = n.saturating_add(1).saturating_mul(4);
    if needed > limits.max_memory {
        return Err(Error::limit(
            Limit::Memory(limits.max_memory),
            format!("a table of {n} values needs {needed} bytes, more than the memory limit"),
        ));
    }
    let values = match dense_table(me, n, limits)? {
        Some(v) => v,
        None => searched_table(me, n, limits)?,
    };
    let period = seen_period(&values);
    Ok(HeapTable {
        values: grundy_heap::Values::from_u32(&values),
        period,
    })
}

/// The table by one `moves` call per heap, when every option of every heap is a sum of
/// smaller heaps (the classic heap games); `None` as soon as one is not (the general
/// search then takes over).
///
/// Complexity: one call per heap plus the size of its options; the values, 4 bytes a heap.
fn dense_table(
    me: &Arc<ScriptRules>,
    n: u64,
    limits: &grundy::Limits,
) -> Result<Option<Vec<u32>>, Error> {
    let family = ScriptFamily(me.clone());
    let len = usize::try_from(n.saturating_add(1))
        .map_err(|_| Error::too_large("a table beyond the address space"))?;
    let mut values: Vec<u32> = Vec::with_capacity(len);
    // Options emitted as numbers come as dense codes: no key per option.
    let mut out = OptionList::accepting_codes();
    let mut seen: Vec<u32> = Vec::new();
    let mut stamp: Vec<u32> = Vec::new();
    let mut now = 0u32;
    let (mut work, mut next) = (0u64, 1u64 << 16);
    for k in 0..=n {
        let heap = i64::try_from(k).map_err(|_| Error::too_large("a table beyond 2^63"))?;
        let key = Key::int(heap);
        if let Some(v) = family.nimber(&key, limits)? {
            values.push(small_value(me, k, &v)?);
            continue;
        }
        out.clear();
        family.options_into(&key, &mut out, limits)?;
        seen.clear();
        if out.is_coded() {
            for o in out.iter_codes() {
                let mut x = 0u32;
                for &code in o {
                    match Key::int_of_dense_code(code).and_then(|h| u64::try_from(h).ok()) {
                        Some(h) if h < k => x ^= values[h as usize],
                        _ => return Ok(None),
                    }
                }
                seen.push(x);
            }
        } else {
            for o in out.iter() {
                let mut x = 0u32;
                for part in o {
                    match part.as_int().and_then(|h| u64::try_from(h).ok()) {
                        Some(h) if h < k => x ^= values[h as usize],
                        _ => return Ok(None),
                    }
                }
                seen.push(x);
            }
        }
        now = now.wrapping_add(1).max(1);
        if stamp.len() < seen.len() + 1 {
            stamp.resize(seen.len() + 1, 0);
        }
        for &v in &seen {
            if (v as usize) < stamp.len() {
                stamp[v as usize] = now;
            }
        }
        let mex = (0..stamp.len())
            .find(|&v| stamp[v] != now)
            .unwrap_or(seen.len());
        values.push(mex as u32);
        // A look at the limits and a progress report every 4096 heaps or 2^16 options,
        // whichever comes first (Lasker's heaps have as many options as counters).
        work += out.len() as u64;
        if k % 4096 == 0 || work >= next {
            next = work + (1 << 16);
            limits.check()?;
            limits.report(&format!("values of {}", me.script.name()), k, Some(n + 1));
        }
    }
    Ok(Some(values))
}

/// A closed form's value as a table entry.
fn small_value(me: &ScriptRules, k: u64, v: &Nimber) -> Result<u32, Error> {
    v.to_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| {
            Error::too_large(format!(
                "the nim-value of {}({k}) does not fit in 32 bits",
                me.script.name()
            ))
        })
}

/// The table by the arena search, heap by heap (options may be larger heaps or other
/// positions).
fn searched_table(
    me: &Arc<ScriptRules>,
    n: u64,
    limits: &grundy::Limits,
) -> Result<Vec<u32>, Error> {
    let family = ScriptFamily(me.clone());
    let mut arena = lock(&me.table_arena);
    let mut values = Vec::with_capacity(usize::try_from(n).unwrap_or(0).saturating_add(1));
    for k in 0..=n {
        let heap = i64::try_from(k).map_err(|_| Error::too_large("a table beyond 2^63"))?;
        let v = grundy::rules::arena_value(&mut arena, &family, &Key::int(heap), limits).map_err(
            |e| match e {
                Error::Cycle => Error::unsupported(format!(
                    "{}({k}) can reach itself: the game has cycles, so some positions have no \
                     nim-value and a table cannot show them; analyze positions one by one to \
                     see draws and loopy values",
                    me.script.name()
                )),
                other => other,
            },
        )?;
        values.push(small_value(me, k, &v)?);
    }
    Ok(values)
}

/// The least period (with saltus) seen at the end of a computed sequence: G(n + p) = G(n) + s
/// for n0 <= n < N - p, accepted when it was seen on at least max(3p, 24) values (the same
/// evidence the heap laboratory asks of periods it cannot prove). Never `proven`.
///
/// Complexity: O(N) per candidate period, stopping at the first mismatch from the end.
pub fn seen_period(g: &[u32]) -> Option<Period> {
    let len = g.len();
    if len < 2 {
        return None;
    }
    for p in 1..=len / 2 {
        let last = len - 1;
        let (hi, lo) = (g[last], g[last - p]);
        if hi < lo {
            continue;
        }
        let s = hi - lo;
        let mut n0 = last - p;
        while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1].wrapping_add(s) {
            n0 -= 1;
        }
        let seen = (len - p - n0) as u64;
        if seen >= (3 * p as u64).max(24) {
            return Some(Period {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: u64::from(s),
                proven: false,
                values_needed: 0,
            });
        }
    }
    None
}

/// An argument of an expression as a script value: an integer within 64 bits, a string, or
/// a list written as a quoted argument in brackets (`"[1, 2]"`, how positions that nest
/// lists are printed).
/// The components of a sum of positions of a fixed arity written as integers alone (the
/// common case, a million piles), made without a [`Datum`] each: the keys
/// `Arity::positions` and [`Key::of`] would make. `None` for anything else (text, lists,
/// integers beyond 64 bits, a count that is not a multiple of the arity), which the general
/// way reads and reports.
fn int_components(arity: Arity, args: &[Arg]) -> Option<Vec<Key>> {
    let Arity::Fixed(k @ 1..=4) = arity else {
        return None;
    };
    if args.is_empty() || args.len() % k != 0 {
        return None;
    }
    let mut keys = Vec::with_capacity(args.len() / k);
    let mut group = [0i64; 4];
    for chunk in args.chunks_exact(k) {
        for (slot, a) in group.iter_mut().zip(chunk) {
            let Arg::Int(n) = a else {
                return None;
            };
            *slot = i64::try_from(n).ok()?;
        }
        keys.push(if k == 1 {
            Key::int_inline(group[0])
        } else {
            // Items too long to be held inline (four near 2^63) take the writer.
            Key::ints(&group[..k]).unwrap_or_else(|| {
                Key::of(&Datum::List(
                    group[..k].iter().map(|&x| Datum::Int(x)).collect(),
                ))
            })
        });
    }
    Some(keys)
}

fn datum_of_arg(a: &Arg, max_depth: usize) -> Result<Datum, String> {
    match a {
        Arg::Int(n) => i64::try_from(n).map(Datum::Int).map_err(|_| {
            format!(
                "{n} is outside the 64-bit integers that rule scripts use (from -2^63 to 2^63-1)"
            )
        }),
        Arg::Name(s) => Ok(parse_list(s, max_depth).unwrap_or_else(|| Datum::Str(s.clone()))),
    }
}

/// The argument that writes one part of a position.
fn arg_of_datum(d: &Datum) -> Arg {
    match d {
        Datum::Int(n) => Arg::Int(BigInt::from(*n)),
        Datum::Str(s) => Arg::Name(s.clone()),
        Datum::List(items) => Arg::Name(list_text(items)),
    }
}

/// A list in brackets, as one argument: `[1, "a", [2]]`. (A list of one element already
/// displays in brackets; other lists display as their elements.)
fn list_text(items: &[Datum]) -> String {
    let list = Datum::List(items.to_vec());
    if items.len() == 1 {
        list.to_string()
    } else {
        format!("[{list}]")
    }
}

/// Reads `[a, b, [c, "d"]]` (integers, double-quoted strings with `\"`, nested lists) as a
/// list; `None` when the text is not exactly such a list or nests deeper than `max_depth`.
/// Iterative, so no input can exhaust the stack.
fn parse_list(text: &str, max_depth: usize) -> Option<Datum> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let skip = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip(&mut i);
    if chars.get(i) != Some(&'[') {
        return None;
    }
    let mut stack: Vec<Vec<Datum>> = Vec::new();
    let mut done: Option<Datum> = None;
    // After '[' or ',' an item is expected; after an item, ',' or ']'.
    let mut want_item = true;
    while i < chars.len() {
        skip(&mut i);
        let Some(&c) = chars.get(i) else { break };
        if done.is_some() {
            return None;
        }
        match c {
            '[' if want_item => {
                if stack.len() >= max_depth {
                    return None;
                }
                stack.push(Vec::new());
                i += 1;
            }
            ']' => {
                let items = stack.pop()?;
                // `[]` is an empty list; `[1,]` is not accepted.
                if want_item && !items.is_empty() {
                    return None;
                }
                let d = Datum::List(items);
                match stack.last_mut() {
                    Some(parent) => parent.push(d),
                    None => done = Some(d),
                }
                want_item = false;
                i += 1;
            }
            ',' if !want_item => {
                want_item = true;
                i += 1;
            }
            '"' if want_item => {
                let mut s = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return None,
                        Some('\\') if chars.get(i + 1) == Some(&'"') => {
                            s.push('"');
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) => {
                            s.push(ch);
                            i += 1;
                        }
                    }
                }
                stack.last_mut()?.push(Datum::Str(s));
                want_item = false;
            }
            c if want_item && (c == '-' || c.is_ascii_digit()) => {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let n: i64 = word.parse().ok()?;
                stack.last_mut()?.push(Datum::Int(n));
                want_item = false;
            }
            _ => return None,
        }
    }
    if stack.is_empty() {
        done
    } else {
        None
    }
}

/// Compiles a rule script and makes it a family of the engine.
///
/// Arguments: the script's text; its origin for messages and for the family's name (a path,
/// whose stem names the family unless the script declares `const NAME = "...";`, or
/// `<name>`); the limits of every call of the script.
///
/// Returns: the family, ready for [`grundy::Registry::register`], or an input error naming
/// `FILE:LINE:COLUMN` (or a limit reached by the script's top level).
///
/// Complexity: compiling is linear in the source; nothing is searched until a query.
///
/// Example:
/// ```
/// let lasker = "fn moves(n) {
///     let out = [];
///     for k in 1..=n { out.push(n - k); }
///     for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }
///     out
/// }";
/// let family = grundy_script::load(lasker, "games/lasker.rhai", &Default::default()).unwrap();
/// let mut reg = grundy::Registry::builtin();
/// reg.register(family).unwrap();
/// let a = grundy::api::analyze(&reg, "lasker(3) + nim(4)", &Default::default()).unwrap();
/// // G(3) = 4 in Lasker's Nim, so lasker(3) + nim(4) is a P-position.
/// assert_eq!(a.outcome, grundy::Outcome::P);
/// ```
pub fn load(source: &str, origin: &str, limits: &Sandbox) -> Result<Family, Error> {
    load_in(Language::of_file(origin), source, origin, limits)
}

/// [`load`] in a given language (for scripts that do not come from a file).
pub fn load_in(
    language: Language,
    source: &str,
    origin: &str,
    limits: &Sandbox,
) -> Result<Family, Error> {
    let script = Script::compile_in(language, source, origin, limits.clone())
        .map_err(|e| engine_error(e, &grundy::Limits::default()))?;
    Ok(family_of(script))
}

/// The family of a compiled script (see [`load`]).
pub fn family_of(script: Script) -> Family {
    let name = script.name().to_string();
    let file = script.file().to_string();
    let syntax = match script.arity() {
        Arity::Fixed(1) => format!("{name}(p, ...)"),
        Arity::Fixed(k) => {
            let args: Vec<String> = (1..=k).map(|i| format!("a{i}")).collect();
            format!("{name}({})", args.join(", "))
        }
        Arity::All => format!("{name}(a, ...)"),
    };
    let handle = RulesetRef::of(ScriptFamily(Arc::new(ScriptRules::new(script))));
    Family::new(
        &name,
        &[],
        &syntax,
        &format!("rule script {file}"),
        &format!("{name}(0)"),
        None,
        move |_, _| Ok(handle.clone()),
    )
}

/// Reads, compiles and registers a rule script (what `--rules FILE` does).
///
/// Arguments: the registry; the script's text and origin (see [`load`]); the limits of every
/// call.
///
/// Returns: the family's name, or an input error (the script is wrong, or its name is taken).
pub fn register(
    reg: &mut grundy::Registry,
    source: &str,
    origin: &str,
    limits: &Sandbox,
) -> Result<String, Error> {
    let family = load(source, origin, limits)?;
    let name = family.name.clone();
    reg.register(family)
        .map_err(|e| e.context(&format!("{origin}: ")))?;
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of a sum written with integers alone are the keys the general way
    /// (a `Datum` per argument, grouped by the arity) makes, and their arguments write them
    /// back; anything else is left to the general way.
    #[test]
    fn integer_sums_read_as_the_general_way_reads_them() {
        let edges = [
            0i64,
            1,
            -1,
            63,
            64,
            -65,
            1 << 20,
            -(1 << 40),
            i64::MAX,
            i64::MIN,
            1999,
        ];
        for k in 1..=4usize {
            for n in 1..=3usize {
                let ints: Vec<i64> = (0..k * n)
                    .map(|i| edges[(i * 7 + k) % edges.len()])
                    .collect();
                let args: Vec<Arg> = ints.iter().map(|&x| Arg::int(x)).collect();
                let general: Vec<Key> = Arity::Fixed(k)
                    .positions(ints.iter().map(|&x| Datum::Int(x)).collect())
                    .unwrap_or_default()
                    .iter()
                    .map(Key::of)
                    .collect();
                assert_eq!(
                    int_components(Arity::Fixed(k), &args),
                    Some(general.clone()),
                    "{k} {ints:?}"
                );
                if k >= 2 {
                    for (key, group) in general.iter().zip(ints.chunks(k)) {
                        assert_eq!(key.int_items().as_deref(), Some(group), "{group:?}");
                    }
                }
            }
        }
        let big = Arg::Int(num_bigint::BigInt::from(i64::MAX) + 1);
        for (arity, args) in [
            (Arity::Fixed(2), vec![Arg::int(1)]),
            (Arity::Fixed(2), vec![Arg::int(1), Arg::Name("a".into())]),
            (Arity::Fixed(1), vec![big]),
            (Arity::Fixed(5), vec![Arg::int(1); 5]),
            (Arity::All, vec![Arg::int(1), Arg::int(2)]),
            (Arity::Fixed(1), vec![]),
        ] {
            assert_eq!(int_components(arity, &args), None, "{args:?}");
        }
    }

    #[test]
    fn lists_read_back() {
        let d = Datum::List(vec![
            Datum::Int(-3),
            Datum::Str("a\"b".into()),
            Datum::List(vec![Datum::Int(1), Datum::List(vec![])]),
        ]);
        let Datum::List(items) = &d else { return };
        let text = list_text(items);
        assert_eq!(text, "[-3, \"a\\\"b\", [1, []]]");
        assert_eq!(parse_list(&text, 16), Some(d.clone()));
        assert_eq!(list_text(&[Datum::Int(7)]), "[7]");
        assert_eq!(parse_list("[1,]", 16), None);
        assert_eq!(parse_list("[1 2]", 16), None);
        assert_eq!(parse_list("[[1]] x", 16), None);
        assert_eq!(parse_list("[[[1]]]", 2), None);
        assert_eq!(parse_list("[]", 16), Some(Datum::List(vec![])));
        assert_eq!(parse_list("x", 16), None);
    }

    #[test]
    fn periods_seen() {
        let g: Vec<u32> = (0..60).map(|n| [0, 1, 1, 2][n % 4]).collect();
        let p = seen_period(&g).unwrap_or_else(|| panic!("no period"));
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proven),
            (0, 4, 0, false)
        );
        // Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
        let g: Vec<u32> = (0..60u32)
            .map(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .collect();
        let p = seen_period(&g).unwrap_or_else(|| panic!("no period"));
        assert_eq!((p.period, p.saltus), (4, 4));
        assert!(seen_period(&[0, 1, 2, 3, 4, 9, 1]).is_none());
    }
}
