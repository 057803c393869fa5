//! Compounds other than the disjunctive sum (Winning Ways, chapter 9), and Anti-SG.
//!
//! Each compound takes parts, each part an expression (a disjunctive sum of components), and
//! is itself one impartial game, so it may stand in a sum or inside another compound:
//!
//! - `conj(A, B, ...)`, the **conjunctive compound**: a move is a move in every part at once;
//!   play ends as soon as some part has no move (normal play: who cannot move loses).
//!   Theory (Smith; Winning Ways, chapter 9, "Slow Joe"): with Steinhaus' remoteness R (0 at
//!   the end; a won position is 1 + the least even R of its options, a lost one 1 + the
//!   greatest R), the compound's remoteness is the least R of its parts, and the player to
//!   move loses exactly when it is even.
//! - `every(A, B, ...)`, the **continued conjunctive compound** (Every-SG, HDU 3595 "GG and
//!   MM"): a move is a move in every part that still has one; play ends when no part has a
//!   move. Theory (Winning Ways' suspense numbers; Jia Zhihao, "Every-SG", 2009): step(v) = 0
//!   at the end; 1 + the greatest step of an option of value 0 when v has nonzero value (the
//!   winner prolongs); 1 + the least step of an option when v has value 0 (the loser
//!   hurries). The player to move wins exactly when the greatest step of the parts is odd.
//! - `select(A, B, ...)`, the **selective compound**: a move is a move in any nonempty set of
//!   parts; play ends when no part has a move. Theory (Winning Ways, chapter 9): the player to
//!   move loses exactly when every part has value 0; the winning moves move every part of
//!   nonzero value to value 0 and nothing else.
//! - `anti(A, B, ...)`, **Anti-SG with the SJ rule**: the sum of the parts under misere play
//!   (who makes the last move loses), where play also ends as soon as every part has value 0
//!   (then the player to move has won). SJ theorem (Jia Zhihao, 2009): the player to move
//!   wins exactly when the XOR of the parts' values is nonzero and some part has value above
//!   1, or the XOR is 0 and no part has value above 1. As a game of the engine (normal play),
//!   a position where every part has value 0 has a single move, "the game is over", after
//!   which the compound leaves the sum (alone, the position left is `0`).
//!
//! A compound has at least one part: `NAME()` is an input error of the parser. Inside the
//! theory, `Parts(vec![])` stands for the compound after "the game is over"; as an option it
//! is no component at all, so that every position the engine prints parses back.
//!
//! A compound alone is answered by the theory, never by a search of the product game: the
//! outcome from each part's remoteness, steps or value (each found by a search of that part
//! alone, memoised in a [`Theory`]), and the winning moves listed only as far as asked and
//! counted by arithmetic over the parts' moves. A move is the position it leads to: a part is
//! a sum kept as a sorted multiset, so moving either of two equal components is one move
//! (`select(nim(1,1,1))` has one winning move, `conj(nim(1), nim(2,2))` two), as a plain sum
//! lists one move per position it leads to. The nim-value of a compound (needed only when it stands in a
//! sum with other games) comes from a bounded search that takes the value 0 of every position
//! the theory calls lost without looking further.
//! **Boundary:** the parser knows compounds only by [`Kind::of`]; the analysis sees one
//! ruleset per kind, whose positions are [`Parts`]. Each compound is one file, an
//! [`Operator`] (its name, its words and its theory: moves, verdict, winning moves), and
//! one entry in [`OPERATORS`]; the memo of the parts' searches ([`Theory`]), the value
//! search of a compound in a sum, the ruleset and the printing are shared.

use hashbrown::HashMap;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::explanation::{Block, Explanation};
use crate::position::{Component, Position, Term};
use crate::rules::Theory as Known;
use crate::rules::{Alone, Arg, ArgError, BuildContext, Counted, Family, Opt, Ruleset, RulesetRef};
use crate::{Error, Game, Limits, Nimber, Outcome};

mod anti;
mod conj;
mod every;
mod select;
mod theory;

pub use theory::Theory;

/// What a compound is called and how its theory reads, for `grundy list` and `explain`.
#[derive(Debug)]
pub struct Words {
    /// The name in expressions (`conj`).
    pub name: &'static str,
    /// What it is called in sentences (`conjunctive compound`).
    pub title: &'static str,
    /// One line for `grundy list`.
    pub summary: &'static str,
    /// An example expression.
    pub example: &'static str,
    /// More words for `grundy list NAME`.
    pub help: &'static str,
    /// The theory in words, for `explain`.
    pub rule: &'static str,
    /// The name of the number the theory gives each part (`remoteness R`).
    pub column: &'static str,
    /// A last paragraph for `explain`, when the compound is easily mistaken for another.
    pub note: Option<&'static str>,
}

/// A compound operator: its name and words, and its theory over the parts. One file each;
/// [`OPERATORS`] lists them.
pub trait Operator: Send + Sync + 'static {
    /// Its name and words.
    fn words(&self) -> &'static Words;

    /// How many moves the compound has when its parts have `counts` moves each (saturating;
    /// the listing's bound).
    fn move_count(&self, counts: &[u128]) -> u128;

    /// Every move of the compound of these parts (at least one part), as the compounds it
    /// leaves, each once (`Parts(vec![])`: the compound is over and leaves the sum).
    fn moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Vec<Parts>, Error>;

    /// The outcome of the compound alone and the per-part numbers it came from; never a
    /// search of the compound itself.
    fn verdict(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Verdict, Error>;

    /// The winning moves of the compound alone (at least one part): at most `cap` of them
    /// and how many there are (`None`: not counted); never a listing of the product's moves.
    #[allow(clippy::type_complexity)]
    fn winning_moves(
        &self,
        t: &mut Theory,
        parts: &[Vec<Component>],
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error>;
}

/// Every compound, in the order `grundy list` shows them. A new compound is a file of this
/// module and one entry here.
pub const OPERATORS: [&dyn Operator; 4] =
    [&conj::Conj, &every::Every, &select::Select, &anti::Anti];

/// Which compound: one of [`OPERATORS`], compared by name.
#[derive(Clone, Copy)]
pub struct Kind(&'static dyn Operator);

impl Kind {
    /// Every kind, in the order `grundy list` shows them.
    pub fn all() -> Vec<Kind> {
        OPERATORS.into_iter().map(Kind).collect()
    }

    /// The name in expressions.
    pub fn name(self) -> &'static str {
        self.0.words().name
    }

    /// The kind whose canonical ruleset name is `name` (the parser reads the arguments of
    /// these rulesets as expressions).
    pub fn of(name: &str) -> Option<Kind> {
        OPERATORS
            .into_iter()
            .find(|k| k.words().name == name)
            .map(Kind)
    }

    /// What it is called in sentences.
    pub fn title(self) -> &'static str {
        self.0.words().title
    }

    /// Its theory.
    pub fn operator(self) -> &'static dyn Operator {
        self.0
    }
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for Kind {
    fn eq(&self, other: &Kind) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Kind {}

impl std::hash::Hash for Kind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Kind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Kind {
    fn cmp(&self, other: &Kind) -> std::cmp::Ordering {
        self.name().cmp(other.name())
    }
}

/// The entry of the compound called `name`, if it is one.
pub fn family(name: &str) -> Option<Family> {
    families().into_iter().find(|f| f.answers_to(name))
}

/// The compounds, as entries the parser and `list` use (they are not registry entries).
pub fn families() -> Vec<Family> {
    Kind::all()
        .into_iter()
        .map(|kind| {
            Family::new(
                kind.name(),
                &[],
                &format!("{}(A, B, ...) with each part an expression", kind.name()),
                kind.0.words().summary,
                kind.0.words().example,
                None,
                move |_: Option<&str>, _: &BuildContext<'_>| {
                    Ok(RulesetRef::of(Compound::new(kind)))
                },
            )
            .with_help(kind.0.words().help)
        })
        .collect()
}

/// The parts of a compound: each part is a disjunctive sum, as its sorted components.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Parts(pub Vec<Vec<Component>>);

/// The text of one part: its components joined by ` + `, `0` when empty.
pub fn part_text(part: &[Component]) -> String {
    if part.is_empty() {
        return "0".to_string();
    }
    let t: Vec<String> = part.iter().map(Component::describe).collect();
    t.join(" + ")
}

/// The part written by a parsed sub-expression.
pub fn part_of(pos: &Position) -> Vec<Component> {
    let mut comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
    comps.sort();
    comps
}

/// Most moves one listing of a compound's moves may hold (a conjunctive move multiplies
/// choices).
pub const MAX_OPTIONS: usize = 200_000;

/// Most components one listing of a compound's moves may copy (moves times the components of
/// the compound): past it the compound is not searched as a game of its own, and alone it is
/// answered by the theory.
pub const MAX_LISTING_WORK: usize = 250_000;

/// Most positions the bounded search for a compound's nim-value may visit.
pub const VALUE_SEARCH_NODES: usize = 10_000;

/// Most components the bounded search for a compound's nim-value may copy while listing
/// moves.
pub const VALUE_SEARCH_WORK: usize = 2_000_000;

/// Most products of per-part counts that counting winning moves of `conj` or `every` may
/// take (distinct even keys times parts); past it the count is left out (`None`).
const COUNT_WORK: usize = 20_000_000;

/// The runs of equal components of a sorted part: (first index, multiplicity).
fn runs(part: &[Component]) -> Vec<(usize, u64)> {
    let mut out: Vec<(usize, u64)> = Vec::new();
    for (i, c) in part.iter().enumerate() {
        match out.last_mut() {
            Some((j, k)) if part[*j] == *c => *k += 1,
            _ => out.push((i, 1)),
        }
    }
    out
}

/// The part after component `i` became `to`, sorted.
fn replaced(part: &[Component], i: usize, to: Vec<Component>) -> Vec<Component> {
    let mut next: Vec<Component> = Vec::with_capacity(part.len() + to.len());
    next.extend(part[..i].iter().cloned());
    next.extend(part[i + 1..].iter().cloned());
    next.extend(to);
    next.sort();
    next
}

/// Every option of a disjunctive sum, each position once: one component moves, and moving
/// either of two equal components leaves the same sum (a part is a sorted multiset), so it
/// is one move.
///
/// Arguments: the sorted components of a sum. Returns: the sums after each move, sorted,
/// one per distinct component and option.
/// Complexity: one option listing per distinct component, each result sorted.
pub fn sum_options(part: &[Component]) -> Result<Vec<Vec<Component>>, Error> {
    let mut out = Vec::new();
    for (i, _) in runs(part) {
        for o in part[i].try_options()? {
            out.push(replaced(part, i, o));
            limit_options(out.len())?;
        }
    }
    Ok(out)
}

fn limit_options(n: usize) -> Result<(), Error> {
    if n > MAX_OPTIONS {
        return Err(Error::too_large(format!(
            "the compound has more than {MAX_OPTIONS} moves to list; alone, its outcome and \
             winning moves come from the theory without listing them"
        )));
    }
    Ok(())
}

/// The nim-value of a part (a sum): the XOR of its components' values.
pub fn part_value(part: &[Component], limits: &Limits) -> Result<Nimber, Error> {
    let mut v = Nimber::ZERO;
    for c in part {
        v ^= &crate::analysis::component_nimber(c, limits)?;
    }
    Ok(v)
}

/// The options of component `c` of value `target` (at most `room` of them) and how many
/// there are (`None`: not counted), by the family's hooks where it has them.
fn component_moves_to(
    c: &Component,
    target: &Nimber,
    room: usize,
    limits: &Limits,
) -> Result<(Vec<Vec<Component>>, Option<BigUint>), Error> {
    let (r, s) = match c {
        Component::Star(n) => {
            if target >= n {
                return Ok((Vec::new(), Some(BigUint::default())));
            }
            let to = if target.is_zero() {
                vec![]
            } else {
                vec![Component::Star(target.clone())]
            };
            let listed = if room > 0 { vec![to] } else { Vec::new() };
            return Ok((listed, Some(BigUint::from(1u32))));
        }
        Component::Of(r, s) => (r, s),
    };
    let wrap = |o: Vec<crate::rules::Comp>| -> Vec<Component> {
        o.into_iter().map(|p| Component::Of(r.clone(), p)).collect()
    };
    if let Some((found, n)) = r.rules().counted_moves_to_value(s, target, room, limits)? {
        return Ok((found.into_iter().take(room).map(wrap).collect(), n));
    }
    let mut listed = Vec::new();
    let mut count = 0u64;
    for (i, o) in r.rules().options(s, limits)?.into_iter().enumerate() {
        if i % 1024 == 1023 {
            limits.check()?;
        }
        let mut v = Nimber::ZERO;
        for p in &o {
            v ^= &r.rules().value(p, limits)?;
        }
        if v == *target {
            count += 1;
            if listed.len() < room {
                listed.push(wrap(o));
            }
        }
    }
    Ok((listed, Some(BigUint::from(count))))
}

/// What the theory needs of one sum, found by a search of that sum alone: Steinhaus'
/// remoteness under normal play and the step (suspense number) of Every-SG (see
/// [`crate::solve::Steps`]).
pub type Facts = crate::solve::Steps;

/// A compound's verdict as the theory gives it: the outcome, and the numbers it came from
/// (remoteness, steps or values of the parts, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who wins (N: the player to move).
    pub outcome: Outcome,
    /// The per-part numbers the theory used.
    pub numbers: Vec<BigUint>,
}

impl Verdict {
    /// The verdict `won` (for the player to move) from the per-part numbers.
    pub fn new(won: bool, numbers: impl IntoIterator<Item = BigUint>) -> Verdict {
        Verdict {
            outcome: if won { Outcome::N } else { Outcome::P },
            numbers: numbers.into_iter().collect(),
        }
    }
}

/// The outcome of a compound alone, by the theory of its kind (a one-off [`Theory`]).
///
/// Arguments: the kind, the parts, limits for the parts' own searches.
/// Returns: the [`Verdict`]. Complexity: one search per part (remoteness, steps) or one value
/// per component (selective, Anti-SG); never a search of the compound itself.
/// Example: `conj(nim(1), nim(2))` has remoteness min(1, 1) = 1, odd: N.
pub fn verdict(kind: Kind, parts: &Parts, limits: &Limits) -> Result<Verdict, Error> {
    Theory::new().verdict(kind, parts, limits)
}

/// The winning moves of a compound alone, at most `cap` of them, and their count (a one-off
/// [`Theory`]; see [`Theory::winning_moves`]).
#[allow(clippy::type_complexity)]
pub fn winning_moves(
    kind: Kind,
    parts: &Parts,
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
    Theory::new().winning_moves(kind, parts, cap, limits)
}

/// The remoteness of each part under normal play, each by a search of that part alone.
pub fn remotenesses(parts: &Parts, limits: &Limits) -> Result<Vec<u64>, Error> {
    let mut t = Theory::new();
    parts
        .0
        .iter()
        .map(|part| Ok(t.facts(part, limits)?.remoteness))
        .collect()
}

/// The step (suspense number) of a part, as Every-SG defines it, by an explicit-stack search
/// of that part alone.
///
/// Arguments: a part and limits (the sums stored are bounded by `max_nodes`).
/// Returns: step(v) = 0 at the end; 1 + the greatest step of an option of value 0 when v has
/// nonzero value; 1 + the least step of an option when v has value 0.
/// Complexity: every sum reachable from the part is stored once.
/// Example: `nim(1) + nim(1)` (value 0) has step 2.
pub fn step(part: &[Component], limits: &Limits) -> Result<u64, Error> {
    Ok(Theory::new().facts(part, limits)?.step)
}

/// Every move of a compound (an empty option, the compound leaving the sum, when the Anti-SG
/// game is over).
///
/// Arguments: the kind, the parts, limits (for the parts' values of Anti-SG).
/// Returns: the options, one per position they lead to (moving either of two equal
/// components of a part leaves the same compound: one move). Complexity: the product of the parts' move
/// counts for `conj` and `every`, the product of (count + 1) for `select`, bounded by
/// [`MAX_OPTIONS`] and [`MAX_LISTING_WORK`].
pub fn compound_options(
    kind: Kind,
    parts: &Parts,
    limits: &Limits,
) -> Result<Vec<Opt<Parts>>, Error> {
    Ok(Theory::new()
        .moves(kind, parts, limits)?
        .into_iter()
        .map(option_of)
        .collect())
}

/// A compound ruleset: one per kind.
#[derive(Debug)]
pub struct Compound {
    kind: Kind,
    /// What the theory found, kept between queries on this ruleset (an analysis asks for the
    /// value, the outcome and the winning moves of one compound in turn).
    memo: Mutex<Option<Theory>>,
    /// The texts of parts written so far (a pure function of the part), with the bytes they
    /// hold: the winning moves of `every(...)` of a thousand parts each write the whole
    /// compound, all but one part as before. At most [`PART_TEXT_BYTES`] (the ruleset is
    /// shared by every query of a server).
    texts: Mutex<(PartTexts, usize)>,
}

/// Part texts by part.
type PartTexts = HashMap<Vec<Component>, Arc<str>>;

/// The most bytes of part texts a compound ruleset remembers (keys counted at 64 bytes a
/// component).
const PART_TEXT_BYTES: usize = 64 << 20;

impl Compound {
    /// The ruleset of a kind.
    pub fn new(kind: Kind) -> Compound {
        Compound {
            kind,
            memo: Mutex::new(None),
            texts: Mutex::new((HashMap::new(), 0)),
        }
    }

    /// The text of a part, remembered. The lock is not held while the part is written: a
    /// part may hold a compound of this same ruleset.
    fn part_text(&self, part: &[Component]) -> Arc<str> {
        if let Some(t) = self.texts.lock().ok().and_then(|m| m.0.get(part).cloned()) {
            return t;
        }
        let t: Arc<str> = Arc::from(part_text(part));
        let bytes = t.len() + 64 * part.len();
        if let Ok(mut m) = self.texts.lock() {
            let (map, held) = &mut *m;
            if *held + bytes > PART_TEXT_BYTES {
                map.clear();
                *held = 0;
            }
            if bytes <= PART_TEXT_BYTES && map.insert(part.to_vec(), t.clone()).is_none() {
                *held += bytes;
            }
        }
        t
    }

    /// Runs `f` with the shared theory. A compound nested in one of its own kind asks for
    /// values while the outer query holds the theory: the inner query then works with a
    /// theory of its own, and the larger of the two is kept.
    fn with_theory<T>(&self, f: impl FnOnce(&mut Theory) -> Result<T, Error>) -> Result<T, Error> {
        let taken = self.memo.lock().ok().and_then(|mut g| g.take());
        let mut theory = taken.unwrap_or_default();
        let out = f(&mut theory);
        if let Ok(mut g) = self.memo.lock() {
            let keep = match g.as_ref() {
                Some(kept) => kept.size() < theory.size(),
                None => true,
            };
            if keep {
                *g = Some(theory);
            }
        }
        out
    }

    /// At most `cap` moves of `p` to compounds of nim-value `target`, and their count.
    fn moves_to(
        &self,
        p: &Parts,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Counted<Parts>, Error> {
        let wrap = |(listed, n): (Vec<Parts>, Option<BigUint>)| {
            (listed.into_iter().map(option_of).collect(), n)
        };
        self.with_theory(|t| {
            if target.is_zero() {
                // Value 0 is the theory's "lost": no value search at all.
                return t.winning_moves(self.kind, p, cap, limits).map(wrap);
            }
            let mut listed = Vec::new();
            let mut count = 0u64;
            for (i, q) in t.moves(self.kind, p, limits)?.into_iter().enumerate() {
                if i % 256 == 255 {
                    limits.check()?;
                }
                if t.nimber(self.kind, &q, limits)? == *target {
                    count += 1;
                    if listed.len() < cap {
                        listed.push(q);
                    }
                }
            }
            Ok(wrap((listed, Some(BigUint::from(count)))))
        })
    }
}

impl Ruleset for Compound {
    type P = Parts;

    fn name(&self) -> String {
        self.kind.name().to_string()
    }

    fn components(&self, _args: &[Arg]) -> Result<Vec<Parts>, ArgError> {
        // Reached only when a caller builds a compound from arguments: reading a part needs
        // the whole expression language (and its registry), which depends on this module, so
        // the parser reads parts itself.
        Err(ArgError::whole(format!(
            "the parts of {}(...) are read by the expression parser; write the compound in an \
             expression, e.g. {}(nim(3), nim(4))",
            self.kind.name(),
            self.kind.name()
        )))
    }

    fn args(&self, p: &Parts) -> Vec<Arg> {
        p.0.iter().map(|part| Arg::Name(part_text(part))).collect()
    }

    fn text(&self, p: &Parts) -> Option<String> {
        let t: Vec<Arc<str>> = p.0.iter().map(|part| self.part_text(part)).collect();
        Some(t.join(", "))
    }

    fn options(&self, p: &Parts, limits: &Limits) -> Result<Vec<Opt<Parts>>, Error> {
        self.with_theory(|t| t.moves(self.kind, p, limits))
            .map(|all| all.into_iter().map(option_of).collect())
    }

    fn searchable(&self, p: &Parts) -> Result<(), Error> {
        self.with_theory(|t| t.check_listing(self.kind, p).map(|_| ()))
    }

    fn describe(&self, p: &Parts, to: &[Parts]) -> String {
        let Some(next) = to.first() else {
            return "the game is over (every part has value 0): take the win, the compound \
                    leaves the sum"
                .to_string();
        };
        const SHOWN: usize = 8;
        let changed: Vec<(usize, &Vec<Component>, &Vec<Component>)> =
            p.0.iter()
                .zip(&next.0)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, a, b))
                .collect();
        let mut text: Vec<String> = changed
            .iter()
            .take(SHOWN)
            .map(|(i, a, b)| {
                let equal = moved_copies(a, b);
                let note = if equal > 1 {
                    format!(" (one of {equal} equal components moves)")
                } else {
                    String::new()
                };
                format!("part {}: {} -> {}{note}", i + 1, part_text(a), part_text(b))
            })
            .collect();
        if changed.len() > SHOWN {
            text.push(format!("and {} more parts", changed.len() - SHOWN));
        }
        text.join("; ")
    }

    fn sample(&self, seed: u64) -> Vec<Parts> {
        vec![random_parts(seed)]
    }

    /// A compound term is one compound; after "the game is over" it holds none and is
    /// written `0` (`NAME()` is not an expression).
    fn one_term_per_component(&self) -> bool {
        true
    }

    fn theory(&self) -> Option<&dyn Known<Parts>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Parts>> {
        Some(self)
    }
}

impl Known<Parts> for Compound {
    fn nimber(&self, p: &Parts, limits: &Limits) -> Result<Option<Nimber>, Error> {
        self.with_theory(|t| t.nimber(self.kind, p, limits))
            .map(Some)
    }

    fn counted_moves_to_value(
        &self,
        p: &Parts,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Parts>>, Error> {
        self.moves_to(p, target, cap, limits).map(Some)
    }

    fn explain(&self, p: &Parts) -> Option<Explanation> {
        let limits = Limits::default();
        let v = self
            .with_theory(|t| t.verdict(self.kind, p, &limits))
            .ok()?;
        let words = self.kind.operator().words();
        let (rule, column) = (words.rule, words.column);
        let rows: Vec<Vec<String>> =
            p.0.iter()
                .zip(&v.numbers)
                .enumerate()
                .take(40)
                .map(|(i, (part, n))| vec![(i + 1).to_string(), part_text(part), n.to_string()])
                .collect();
        let mut blocks = vec![
            Block::Para(rule.to_string()),
            Block::Table {
                header: vec!["part".to_string(), "game".to_string(), column.to_string()],
                rows,
            },
            Block::Para(format!(
                "So the compound is {} for the player to move.",
                if v.outcome == Outcome::N {
                    "won (N)"
                } else {
                    "lost (P)"
                }
            )),
        ];
        if let Some(note) = words.note {
            blocks.push(Block::Para(note.to_string()));
        }
        Some(Explanation {
            title: format!("{} of {} parts", self.kind.title(), p.0.len()),
            blocks,
        })
    }
}

impl Alone<Parts> for Compound {
    fn outcome_alone(&self, p: &Parts, limits: &Limits) -> Result<Option<Outcome>, Error> {
        self.with_theory(|t| t.verdict(self.kind, p, limits))
            .map(|v| Some(v.outcome))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &Parts,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Parts>>, Error> {
        self.moves_to(p, &Nimber::ZERO, cap, limits).map(Some)
    }
}

/// The option of a compound's move to `q`: `q` itself, or nothing when the move ends the
/// compound (`Parts(vec![])`, the Anti-SG move "the game is over"): the compound leaves the
/// sum, so the position left parses back (`NAME()` is not an expression).
fn option_of(q: Parts) -> Opt<Parts> {
    if q.0.is_empty() {
        Vec::new()
    } else {
        vec![q]
    }
}

/// How many equal copies of the component that moved from part `a` (to make part `b`) `a`
/// holds: the first component of `a` missing from `b`, counted in `a`.
fn moved_copies(a: &[Component], b: &[Component]) -> usize {
    let mut j = 0;
    for c in a {
        while j < b.len() && b[j] < *c {
            j += 1;
        }
        if j < b.len() && b[j] == *c {
            j += 1;
            continue;
        }
        return a.iter().filter(|d| *d == c).count();
    }
    1
}

/// One heap of a built-in heap family, built without the parser.
fn sample_term(name: &str, params: Option<&str>, heap: u64) -> Option<Term> {
    let family = crate::families::builtin_families()
        .into_iter()
        .find(|f| f.name == name)?;
    let ctx = BuildContext {
        loader: &crate::loader::NoFiles,
    };
    let rules = (family.build)(params, &ctx).ok()?;
    let comps = rules.rules().components(&[Arg::int(heap)]).ok()?;
    Some(Term::Game { rules, comps })
}

/// Small random parts for tests: sums of one or two Nim heaps, subtraction heaps and nimbers.
pub fn random_parts(seed: u64) -> Parts {
    let mut rng = crate::rules::Rng::new(seed);
    let k = rng.range(1, 3);
    let mut parts = Vec::new();
    for _ in 0..k {
        let mut terms = Vec::new();
        for _ in 0..rng.range(1, 2) {
            let n = rng.range(0, 4);
            terms.push(match rng.range(0, 3) {
                0 => sample_term("nim", None, n),
                1 => sample_term("sub", Some("1,2"), n + 1),
                2 => Some(Term::Star(Nimber::from(n))),
                _ => sample_term("tb", Some("0.07"), n + 1),
            });
        }
        let pos = Position {
            terms: terms.into_iter().flatten().collect(),
        };
        parts.push(part_of(&pos));
    }
    Parts(parts)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn parts_of(text: &str) -> Parts {
        let reg = crate::Registry::shared();
        let p = reg.parse(text).unwrap();
        let crate::position::Term::Game { comps, .. } = &p.terms[0] else {
            panic!("not a game term")
        };
        comps[0].get::<Parts>().unwrap().clone()
    }

    #[test]
    fn parse_print_round_trip_and_values() {
        let reg = crate::Registry::shared();
        for text in [
            "conj(nim(3), sub[1,2](7))",
            "every(nim(2), nim(1) + nim(1))",
            "select(nim(3), *2) + nim(1)",
            "anti(nim(1), nim(1), nim(2))",
            "conj(conj(nim(1), nim(2)), 0)",
            "anti(anti(nim(1), nim(2)), nim(1))",
        ] {
            let p = reg.parse(text).unwrap();
            let printed = p.to_string();
            assert_eq!(reg.parse(&printed).unwrap(), p, "{text} -> {printed}");
        }
        // A compound nested in its own kind is valued (no deadlock on the shared memo).
        let p = reg.parse("anti(anti(nim(1), nim(2)), nim(1))").unwrap();
        assert!(crate::analysis::nimber(&p, &Limits::default()).is_ok());
        // conj with an empty part is over at once: a P-position (value 0).
        for text in ["conj(nim(5), 0)", "every(0, *0)", "select(0)"] {
            let p = reg.parse(text).unwrap();
            assert_eq!(
                crate::analysis::nimber(&p, &Limits::default()).unwrap(),
                Nimber::ZERO,
                "{text}"
            );
        }
    }

    #[test]
    fn every_sg_hdu_3595_rule() {
        // every(nim(1), nim(2)): steps 1 and 1 (take all), greatest odd: N.
        let v = verdict(
            Kind::of("every").unwrap(),
            &parts_of("every(nim(1), nim(2))"),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(v.outcome, Outcome::N);
        assert_eq!(v.numbers, vec![BigUint::from(1u32), BigUint::from(1u32)]);
        // nim(1,1) has value 0: the loser hurries, and must take one heap then the other.
        let part = &parts_of("every(nim(1,1))").0[0];
        assert_eq!(step(part, &Limits::default()).unwrap(), 2);
    }

    #[test]
    fn facts_of_small_sums() {
        let limits = Limits::default();
        let mut t = Theory::new();
        // nim(2): won, take it all (remoteness 1); the winner prolongs, but nim(0) is the
        // only lost option (step 1).
        let f = t.facts(&parts_of("conj(nim(2))").0[0], &limits).unwrap();
        assert_eq!((f.remoteness, f.step), (1, 1));
        // nim(1,2): won, move to nim(1,1) (remoteness 2, step 2), so 3 and 3.
        let f = t.facts(&parts_of("conj(nim(1,2))").0[0], &limits).unwrap();
        assert_eq!((f.remoteness, f.step), (3, 3));
    }

    /// A part of one position is searched in its family's own type when its options stay
    /// single positions; the search of sums gives the same remoteness and step.
    #[test]
    fn steps_of_one_position_agree_with_the_search_of_sums() {
        let limits = Limits::default();
        let mut typed = 0;
        for family in [
            "nim",
            "sub[1,3,4]",
            "sub[2,5,7]",
            "wythoff",
            "tb[0.07]",
            "fibnim",
        ] {
            for n in 0..30 {
                let args = if family == "wythoff" {
                    format!("{n},{}", (n * 7) % 11)
                } else {
                    n.to_string()
                };
                let part = &parts_of(&format!("conj({family}({args}))")).0[0];
                let Component::Of(r, c) = &part[0] else {
                    continue;
                };
                let fast = r.rules().steps(c, &limits).unwrap();
                let general = Theory::new().sum_facts(part, &limits).unwrap();
                if let Some(st) = fast {
                    typed += 1;
                    assert_eq!(
                        (st.remoteness, st.step),
                        (general.remoteness, general.step),
                        "{family}({args})"
                    );
                }
                let f = Theory::new().facts(part, &limits).unwrap();
                assert_eq!(f, general, "{family}({args})");
            }
        }
        // Heaps of tb[0.07] break into sums: only the others were searched in their type.
        assert!(typed >= 4 * 30, "{typed}");
    }

    /// The search on the family's type lists n^2 / 2 options for a heap of n: it is refused
    /// at the work bound of the search of sums (8 options a position of the limit) and at the
    /// memory limit (its memo and the options on its stack), and leaves no position open for
    /// the next query.
    #[test]
    fn steps_of_a_large_heap_stop_at_the_limits() {
        let part = &parts_of("conj(nim(3000))").0[0];
        let few = Limits::default().with_nodes(1000);
        let e = Theory::new().facts(part, &few).unwrap_err();
        assert!(e.to_string().contains("1000"), "{e}");
        let small = Limits {
            max_memory: 1 << 16,
            ..Limits::default()
        };
        let e = Theory::new().facts(part, &small).unwrap_err();
        assert!(e.to_string().contains("memory limit"), "{e}");
        // The family's memo is shared: a query within the limits answers afterwards.
        let f = Theory::new().facts(part, &Limits::default()).unwrap();
        assert_eq!((f.remoteness, f.step), (1, 1));
    }

    #[test]
    fn anti_winning_move_is_to_the_finished_game() {
        let p = parts_of("anti(nim(1,1), sub[1,2](3))");
        let (moves, n) =
            winning_moves(Kind::of("anti").unwrap(), &p, 10, &Limits::default()).unwrap();
        assert_eq!(moves, vec![Parts(Vec::new())]);
        assert_eq!(n, Some(BigUint::from(1u32)));
        // The finished game has no move.
        let after = compound_options(
            Kind::of("anti").unwrap(),
            &Parts(Vec::new()),
            &Limits::default(),
        );
        assert!(after.unwrap().is_empty());
        // As an option, the compound leaves the sum: no component, nothing to print.
        let over = compound_options(Kind::of("anti").unwrap(), &p, &Limits::default()).unwrap();
        assert_eq!(over, vec![Vec::<Parts>::new()]);
    }

    #[test]
    fn moving_either_of_equal_components_is_one_move() {
        let limits = Limits::default();
        let (moves, n) = winning_moves(
            Kind::of("select").unwrap(),
            &parts_of("select(nim(1,1,1))"),
            10,
            &limits,
        )
        .unwrap();
        assert_eq!(n, Some(BigUint::from(1u32)));
        assert_eq!(moves, vec![parts_of("select(nim(0,1,1))")]);
        let (moves, n) = winning_moves(
            Kind::of("conj").unwrap(),
            &parts_of("conj(nim(1), nim(2,2))"),
            10,
            &limits,
        )
        .unwrap();
        // Part 2 (nim(2,2)) moves to nim(0,2) or nim(1,2): two moves, not four.
        assert_eq!(n, Some(BigUint::from(2u32)));
        assert_eq!(moves.len(), 2);
        assert_ne!(moves[0], moves[1]);
        // Every option of a compound is a distinct position.
        let p = parts_of("every(nim(2,2), sub[1,3,4](5))");
        let all = compound_options(Kind::of("every").unwrap(), &p, &limits).unwrap();
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(all.len(), distinct.len());
    }
}
