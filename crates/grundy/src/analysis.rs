//! One-call analysis of a position: outcome, nim-value and every winning move.
//!
//! This chooses the fast paths (closed forms, tables, periods, the misere-Nim formula, misere
//! quotients) and falls back to the generic solvers. Winning moves are counted exactly (a
//! count of any size, or `None` when it was not counted) and rendered only up to the cap.

use num_bigint::BigUint;

mod by_quotient;
mod memo;

use crate::position::{Component, Place, Position, Replacement, Term};
use crate::rules::Comp;
pub use crate::rules::Source;
use crate::solve::misere_nim_outcome;
use crate::{Error, Limit, Limits, Nimber, Outcome, Play, Value};
pub use memo::Memo;

/// Sums with loopy components (draws, drawing moves): a part of the analysis.
mod loopy;

/// What the caller wants besides the defaults.
#[derive(Clone, Debug)]
pub struct Options {
    /// Play convention.
    pub play: Play,
    /// Search limits, cancellation and progress.
    pub limits: Limits,
    /// The most winning moves rendered (all are counted, unless counting would cost more than
    /// the analysis: see [`count_budget`]).
    pub max_moves: usize,
    /// The most bytes of rendered positions in the move lists (16 MiB by default): with a
    /// position of a million heaps, even a thousand moves would be gigabytes. The cap on the
    /// number of moves becomes `min(max_moves, max_render_bytes / length of the position)`.
    pub max_render_bytes: usize,
    /// Whether to look for the remoteness (moves to the end under best play) with a small
    /// search; it is skipped silently when the search would be large.
    pub remoteness: bool,
    /// Whether to count every winning move. Without it only the moves to be rendered are
    /// looked for (none when `max_moves` is 0: the outcome and value alone, as a judge's
    /// answer needs), and `winning_moves_total` is `None` with a note saying so.
    pub count: bool,
    /// Whether only the outcome is asked for (`analyze --outcome`): no winning move is looked
    /// for, no remoteness, and a component that needs a search is searched for its outcome
    /// alone, stopping at the first winning move (its nim-value is then `None`, unless the
    /// outcome is P: value 0), when the other components' values add up to 0.
    pub outcome_only: bool,
    /// The memos shared with other analyses (the lines of a batch); none by default.
    pub memo: Memo,
}

/// The default number of winning moves rendered.
pub const DEFAULT_MAX_MOVES: usize = 1000;

/// The default cap on rendered positions, in bytes.
pub const DEFAULT_RENDER_BYTES: usize = 16 << 20;

/// The most sum states the remoteness search of an analysis stores: remoteness is an extra,
/// so a position beyond this is answered without it.
pub const REMOTENESS_BUDGET: usize = 20_000;

impl Default for Options {
    fn default() -> Self {
        Options {
            play: Play::Normal,
            limits: Limits::default(),
            max_moves: DEFAULT_MAX_MOVES,
            max_render_bytes: DEFAULT_RENDER_BYTES,
            remoteness: false,
            count: true,
            outcome_only: false,
            memo: Memo::default(),
        }
    }
}

impl Options {
    /// The defaults for a play convention (the same limits policy for every front).
    pub fn for_play(play: Play) -> Options {
        Options {
            play,
            limits: Limits::for_play(play),
            ..Options::default()
        }
    }
}

/// A move of the whole position: which component changes, into what, the position after it
/// and the move in words (made only for moves that are shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionMove {
    /// The component that moves.
    pub place: Place,
    /// What it becomes.
    pub replacement: Replacement,
    /// The canonical rendering of the position after the move (it parses back).
    pub to: String,
    /// The position after the move written for people, when a family has its own text for
    /// its positions (a rule script's `display`) and it differs from `to`.
    pub shown: Option<String>,
    /// The move in words.
    pub text: String,
}

impl PositionMove {
    /// The position after the move as people read it: `shown`, else `to`.
    pub fn shown(&self) -> &str {
        self.shown.as_deref().unwrap_or(&self.to)
    }
}

impl serde::Serialize for PositionMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("move", &self.text)?;
        m.serialize_entry("to", &self.to)?;
        if let Some(shown) = &self.shown {
            m.serialize_entry("shown", shown)?;
        }
        m.end()
    }
}

/// The analysis of a position; serialized, it is the object `analyze --json` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The canonical rendering of the position (it parses back).
    pub game: String,
    /// The position written for people, when a family has its own text for its positions (a
    /// rule script's `display`) and it differs from `game`.
    pub shown: Option<String>,
    /// The play convention used.
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-value under normal play; `None` under misere play, for loopy values, and for an
    /// N-position whose value is out of reach while its outcome is known.
    pub nimber: Option<Nimber>,
    /// The value (`*2`, `0`, `∞(0,1)`) when known; `None` under misere play.
    pub value: Option<Value>,
    /// The winning moves rendered (at most `Options::max_moves`).
    pub winning_moves: Vec<PositionMove>,
    /// How many winning moves there are in all, exactly; `None` when they were not counted
    /// (a component whose moves are too many to list, see the note).
    pub winning_moves_total: Option<BigUint>,
    /// Why the list or the count of winning moves is incomplete, when it is.
    pub winning_moves_note: Option<String>,
    /// For a draw (outcome D), the moves that keep the draw.
    pub drawing_moves: Vec<PositionMove>,
    /// How many drawing moves there are in all.
    pub drawing_moves_total: usize,
    /// The remoteness (moves to the end: the winner hurries, the loser delays), when asked for
    /// and found by a small search.
    pub remoteness: Option<u64>,
    /// How the answer was found, when it is not the plain one (`misere quotient`).
    pub method: Option<String>,
    /// Which rule gave the answer, with what it rested on: the record that
    /// `explain` narrates (not part of the JSON).
    pub rule: Rule,
}

/// Which rule gave an analysis its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Normal play: the XOR of the components' nim-values (Sprague-Grundy), given in the
    /// order of the position's components.
    Xor {
        /// The nim-value of each component.
        parts: Vec<Nimber>,
        /// How each component's value was found (closed form, proven period, table, search).
        sources: Vec<Source>,
    },
    /// Normal play: one component whose nim-value is out of reach at its size, or was not
    /// asked for (an outcome question), while its outcome alone is known (its family's closed
    /// form, or a search for the outcome that stops at the first winning move), every other
    /// component of value 0.
    OutcomeAlone {
        /// The component's index among the position's components.
        part: usize,
    },
    /// Misere play, every component a Nim heap: Bouton's misere rule.
    MisereNim {
        /// The heaps.
        heaps: Vec<Nimber>,
    },
    /// Misere play: one component whose family has a closed form in misere play alone.
    MisereAlone {
        /// The family's name.
        family: String,
    },
    /// Misere play: a sum of heaps of one ruleset, multiplied in its misere quotient (how, in
    /// [`Analysis::method`]).
    MisereQuotient,
    /// Misere play: a search of the whole sum.
    MisereSearch,
    /// Positions that may recur: retrograde analysis (Smith's values under normal play).
    Loopy,
}

impl Analysis {
    /// Whether some winning moves exist that are not in the list (or were not counted).
    pub fn truncated(&self) -> bool {
        match &self.winning_moves_total {
            Some(n) => *n > BigUint::from(self.winning_moves.len()),
            None => self.outcome == Outcome::N,
        }
    }

    fn empty(play: Play, outcome: Outcome, rule: Rule) -> Analysis {
        Analysis {
            game: String::new(),
            shown: None,
            play,
            outcome,
            nimber: None,
            value: None,
            winning_moves: Vec::new(),
            winning_moves_total: Some(BigUint::default()),
            winning_moves_note: None,
            drawing_moves: Vec::new(),
            drawing_moves_total: 0,
            remoteness: None,
            method: None,
            rule,
        }
    }
}

impl serde::Serialize for Analysis {
    /// The CLI spec's object, keys in its order, with the project's extensions after them.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("game", &self.game)?;
        if let Some(shown) = &self.shown {
            m.serialize_entry("shown", shown)?;
        }
        m.serialize_entry("play", &self.play)?;
        m.serialize_entry("outcome", &self.outcome)?;
        m.serialize_entry("nimber", &self.nimber)?;
        if let Some(v) = &self.value {
            m.serialize_entry("value", v)?;
        }
        m.serialize_entry("winning_moves", &self.winning_moves)?;
        match &self.winning_moves_total {
            Some(n) => m.serialize_entry("winning_moves_total", &BigCount(n))?,
            None => m.serialize_entry("winning_moves_total", &None::<u64>)?,
        }
        if self.truncated() {
            m.serialize_entry("winning_moves_truncated", &true)?;
        }
        if let Some(note) = &self.winning_moves_note {
            m.serialize_entry("winning_moves_note", note)?;
        }
        if self.outcome == Outcome::D {
            m.serialize_entry("drawing_moves", &self.drawing_moves)?;
            m.serialize_entry("drawing_moves_total", &self.drawing_moves_total)?;
        }
        if let Some(r) = self.remoteness {
            m.serialize_entry("remoteness", &r)?;
        }
        if let Some(method) = &self.method {
            m.serialize_entry("method", method)?;
        }
        m.end()
    }
}

/// A count of any size, serialized as an exact JSON integer.
struct BigCount<'a>(&'a BigUint);

impl serde::Serialize for BigCount<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        grundy_types::serialize_big(self.0, s)
    }
}

/// The nim-value of one component: its ruleset's fast path, else a memoised search.
pub fn component_nimber(c: &Component, limits: &Limits) -> Result<Nimber, Error> {
    match c {
        Component::Star(n) => Ok(n.clone()),
        Component::Of(r, p) => r.rules().value(p, limits),
    }
}

/// The nim-value of a whole position under normal play.
///
/// Arguments: a position and search limits.
/// Returns: the XOR of its components' values.
/// Complexity: one fast-path call per component, plus searches where no fast path applies.
/// Example: `nimber(&parse("nim(3,4,5)")?, &Limits::default())? == Nimber::new(2)`.
pub fn nimber(pos: &Position, limits: &Limits) -> Result<Nimber, Error> {
    let mut acc = Nimber::ZERO;
    for (_, c) in component_refs(pos) {
        acc ^= &ref_nimber(c, limits)?;
    }
    Ok(acc)
}

/// Every move of one component, as replacements.
pub(crate) fn component_moves(c: &Component, limits: &Limits) -> Result<Vec<Replacement>, Error> {
    Ok(match c {
        Component::Star(n) => {
            let k = n
                .to_u64()
                .filter(|&k| k <= STAR_LIST_LIMIT)
                .ok_or_else(|| {
                    Error::too_large(format!(
                        "the nimber {} has too many moves to list (at most *{STAR_LIST_LIMIT})",
                        n.star()
                    ))
                })?;
            (0..k).map(|i| Replacement::Star(Nimber::new(i))).collect()
        }
        Component::Of(r, p) => r
            .rules()
            .options(p, limits)?
            .into_iter()
            .map(Replacement::States)
            .collect(),
    })
}

/// The largest nimber whose moves are listed one by one.
const STAR_LIST_LIMIT: u64 = 10_000_000;

/// The move of `c` to `rep` in words.
pub(crate) fn move_text(c: &Component, rep: &Replacement) -> String {
    match (c, rep) {
        (Component::Star(n), Replacement::Star(m)) => {
            format!("change {} to {}", n.star(), m.star())
        }
        (Component::Of(r, p), Replacement::States(to)) => r.rules().describe(p, to),
        _ => "a move".to_string(),
    }
}

/// The components a replacement turns into.
pub(crate) fn replacement_components(c: &Component, rep: &Replacement) -> Vec<Component> {
    match (c, rep) {
        (_, Replacement::Star(n)) => {
            if n.is_zero() {
                vec![]
            } else {
                vec![Component::Star(n.clone())]
            }
        }
        (Component::Of(r, _), Replacement::States(states)) => states
            .iter()
            .map(|s| Component::Of(r.clone(), s.clone()))
            .collect(),
        (Component::Star(_), Replacement::States(_)) => vec![],
    }
}

/// Positions of at least this many components write their moves from pieces rendered once
/// ([`crate::position::Pieces`]) rather than whole, move after move.
const PIECES_FROM: usize = 64;

thread_local! {
    /// The pieces of the last large position whose moves were rendered on this thread, with
    /// the position (they are reused only for an equal position) and whether any of its
    /// components has a text of its own; emptied when an analysis ends.
    static PIECES: std::cell::RefCell<Option<(Position, crate::position::Pieces, bool)>> =
        const { std::cell::RefCell::new(None) };
}

/// Empties [`PIECES`] when dropped: an analysis lets go of its position's pieces however it
/// ends.
struct ForgetPieces;

impl Drop for ForgetPieces {
    fn drop(&mut self) {
        // `try_with`: a thread being torn down has nothing left to free.
        let _ = PIECES.try_with(|cache| {
            if let Ok(mut c) = cache.try_borrow_mut() {
                *c = None;
            }
        });
    }
}

/// A move of the whole position, rendered: the position after it and its text.
pub(crate) fn render(
    pos: &Position,
    place: Place,
    c: &Component,
    rep: Replacement,
) -> PositionMove {
    let count: usize = pos
        .terms
        .iter()
        .map(|t| match t {
            Term::Star(_) => 1,
            Term::Game { comps, .. } => comps.len(),
        })
        .sum();
    let (to, shown) = if count >= PIECES_FROM {
        PIECES.with_borrow_mut(|cache| {
            if !cache.as_ref().is_some_and(|(p, _, _)| p == pos) {
                let own = pos.shown_if_other("").is_some();
                *cache = Some((pos.clone(), pos.pieces(), own));
            }
            let Some((_, pieces, own)) = cache.as_ref() else {
                let after = pos.replace(place, rep.clone());
                let to = after.to_string();
                let shown = after.shown_if_other(&to);
                return (to, shown);
            };
            let to = pieces.replaced(place, &rep);
            let fresh_own = match (c, &rep) {
                (Component::Of(r, _), Replacement::States(states)) => {
                    states.iter().any(|q| r.rules().display(q).is_some())
                }
                _ => false,
            };
            let shown = if *own || fresh_own {
                pos.replace(place, rep.clone()).shown_if_other(&to)
            } else {
                None
            };
            (to, shown)
        })
    } else {
        let after = pos.replace(place, rep.clone());
        let to = after.to_string();
        let shown = after.shown_if_other(&to);
        (to, shown)
    };
    PositionMove {
        place,
        to,
        shown,
        text: move_text(c, &rep),
        replacement: rep,
    }
}

/// Outcome, value and winning moves of a position.
///
/// Arguments: a position and the options (play convention, limits, move cap).
/// Returns: the analysis, or the limit that stopped it.
/// Complexity: normal play: one value per component plus, for each component, either the
/// family's direct winning-move rule or one value per option; misere play: the misere-Nim
/// formula when every component is a Nim heap; for a sum of heaps of one heap ruleset, the
/// product of their elements in its misere quotient ([`crate::api::quotient`]); else a search of
/// the whole sum.
/// Example: `analyze(&parse("nim(3,4,5)")?, &Options::default())?.winning_moves.len() == 1`.
pub fn analyze(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    let _forget = ForgetPieces;
    // The canonical rendering is needed for the answer anyway; render it once.
    let game = pos.to_string();
    let mut capped = opts.clone();
    if opts.max_render_bytes < usize::MAX {
        capped.max_moves = opts
            .max_moves
            .min(opts.max_render_bytes / game.len().max(1));
    }
    if opts.outcome_only {
        capped.max_moves = 0;
        capped.count = false;
        capped.remoteness = false;
    }
    let opts = &capped;
    let mut a = if loopy::is_loopy(pos) {
        loopy::analyze_loopy(pos, opts)?
    } else {
        let plain = match opts.play {
            Play::Normal if opts.outcome_only => analyze_normal_outcome(pos, opts),
            Play::Normal => analyze_normal(pos, opts),
            Play::Misere => analyze_misere(pos, opts),
        };
        match plain {
            // A family whose positions may recur (a rule script) met a cycle: solve it with
            // the loopy machinery, which explores the positions it reaches.
            Err(Error::Cycle) if loopy::may_loop(pos) => loopy::analyze_loopy(pos, opts)?,
            other => other?,
        }
    };
    a.shown = pos.shown_if_other(&game);
    a.game = game;
    if opts.outcome_only && a.outcome == Outcome::N {
        a.winning_moves_total = None;
        a.winning_moves_note = Some(NOT_LOOKED_FOR.into());
    } else if !opts.count && a.outcome == Outcome::N {
        // Every way of analysing stops at the moves it renders; some count on the way.
        a.winning_moves_total = None;
        a.winning_moves_note = Some(match a.winning_moves_note.take() {
            Some(note) => format!("{NOT_COUNTED}; {note}"),
            None => NOT_COUNTED.into(),
        });
    }
    if opts.remoteness && a.outcome != Outcome::D {
        let limits = opts.limits.clone().with_nodes(REMOTENESS_BUDGET);
        if !root_in_budget(pos, &limits) {
            // Every option of the root is a state of the search: a root with more options
            // than the budget cannot be answered, and listing them (a million for a heap of
            // Dawson's Kayles of 1.9 * 10^6) costs more than the whole analysis.
        } else if let Ok(r) = crate::solve::remoteness(
            &pos.components()
                .into_iter()
                .map(|(_, c)| c)
                .collect::<Vec<_>>(),
            opts.play,
            &limits,
        ) {
            a.remoteness = Some(r.moves);
        }
    }
    Ok(a)
}

/// Whether the options of a position's components, which the remoteness search lists first,
/// number at most the search's budget of states. Families that bound their option count
/// (heaps of `tb` and `sub`) refuse before listing; a component too large to search is out.
fn root_in_budget(pos: &Position, limits: &Limits) -> bool {
    let mut total = 0usize;
    for (_, c) in component_refs(pos) {
        let n = match c {
            CompRef::Star(n) => n.to_u64().and_then(|k| usize::try_from(k).ok()),
            CompRef::Of(r, s) => r.rules().options(s, limits).ok().map(|o| o.len()),
        };
        match n {
            Some(n) => total = total.saturating_add(n),
            None => return false,
        }
        if total > limits.max_nodes {
            return false;
        }
    }
    true
}

/// A component borrowed from its position (cloning a million heaps costs more than answering).
#[derive(Clone, Copy)]
enum CompRef<'a> {
    Star(&'a Nimber),
    Of(&'a crate::rules::RulesetRef, &'a Comp),
}

impl CompRef<'_> {
    fn owned(self) -> Component {
        match self {
            CompRef::Star(n) => Component::Star(n.clone()),
            CompRef::Of(r, s) => Component::Of(r.clone(), s.clone()),
        }
    }
}

/// Every component of a position, borrowed, with its place.
fn component_refs(pos: &Position) -> Vec<(Place, CompRef<'_>)> {
    let mut out = Vec::new();
    for (t, term) in pos.terms.iter().enumerate() {
        match term {
            Term::Star(n) => out.push((Place { term: t, comp: 0 }, CompRef::Star(n))),
            Term::Game { rules, comps } => {
                for (c, st) in comps.iter().enumerate() {
                    out.push((Place { term: t, comp: c }, CompRef::Of(rules, st)));
                }
            }
        }
    }
    out
}

fn ref_nimber(c: CompRef<'_>, limits: &Limits) -> Result<Nimber, Error> {
    match c {
        CompRef::Star(n) => Ok(n.clone()),
        CompRef::Of(r, s) => r.rules().value(s, limits),
    }
}

/// [`ref_nimber`] with how the value was found.
fn ref_valued(c: CompRef<'_>, limits: &Limits) -> Result<(Nimber, Source), Error> {
    match c {
        CompRef::Star(n) => Ok((n.clone(), Source::Nimber)),
        CompRef::Of(r, s) => r.rules().valued(s, limits),
    }
}

fn analyze_normal(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    let limits = &opts.limits;
    let comps = component_refs(pos);
    let mut values = Vec::with_capacity(comps.len());
    let mut sources = Vec::with_capacity(comps.len());
    let mut unknown: Option<(usize, Error)> = None;
    for (i, (_, c)) in comps.iter().enumerate() {
        match ref_valued(*c, limits) {
            Ok((v, how)) => {
                values.push(v);
                sources.push(how);
            }
            Err(e) if e.is_too_large() && unknown.is_none() => {
                unknown = Some((i, e));
                values.push(Nimber::ZERO);
            }
            Err(e) => return Err(e),
        }
        if i % 4096 == 4095 {
            limits.check()?;
        }
    }
    if let Some((i, e)) = unknown {
        return analyze_outcome_only(pos, &comps, i, &values, e, opts);
    }
    let total = crate::nim_sum(values.iter());
    let mut moves = Vec::new();
    let mut count = Some(BigUint::default());
    let mut notes = Notes::default();
    // Counting never costs more than the analysis: see [`count_budget`].
    // Without a count asked for, only the moves to be rendered are looked for.
    let budget = if opts.count {
        count_budget(comps.len())
    } else {
        0
    };
    let counting = limits.clone().with_count_budget(budget);
    let mut over_budget = false;
    // Equal components with the same target have the same winning moves: a sum of a million
    // heaps of sixty sizes examines each size once.
    let mut seen: std::collections::HashMap<(Component, Nimber), Found> =
        std::collections::HashMap::new();
    // Components not examined after a rule script's limit stopped a listing.
    let mut unexamined = 0usize;
    let mut script_stopped = false;
    if !total.is_zero() {
        for ((place, c), v) in comps.iter().zip(&values) {
            let room = opts.max_moves - moves.len().min(opts.max_moves);
            if (over_budget || !opts.count) && room == 0 {
                // Nothing left to list, and the count is given up: the rest is not examined.
                break;
            }
            let target = &total ^ v;
            // A component can only move to a smaller value or to a larger one; a Nim heap of
            // value v reaches every smaller value, so most components are skipped at once.
            let c = c.owned();
            let key = (c, target);
            let cached = seen.get(&key).cloned();
            let (c, target) = key;
            if script_stopped && cached.is_none() {
                // One listing has already run into a script's limit (each costs up to a
                // call's whole budget): a million huge heaps are not tried one by one.
                unexamined += 1;
                continue;
            }
            let computed = match cached {
                Some(found) => Ok(found),
                None => winning_replacements(&c, &target, room, &counting).inspect(|found| {
                    if seen.len() < SEEN_COMPONENTS {
                        seen.insert((c.clone(), target.clone()), found.clone());
                    }
                }),
            };
            let found = match computed {
                Ok(found) => found,
                // The value is known (by a closed form, a table, a period) while listing the
                // moves is beyond a limit (a rule script's, on a position of 2^31 options):
                // the answer stands, and the note says what was not listed.
                Err(e)
                    if e.is_too_large() || matches!(e.limit_reached(), Some(Limit::Script(_))) =>
                {
                    notes.push(format!("moves of {} not listed: {e}", c.describe()));
                    script_stopped |= !e.is_too_large();
                    count = None;
                    continue;
                }
                Err(e) => return Err(e),
            };
            // Every component examined costs at least one look-up.
            let spent = counting.spend_count(1);
            match (found.count, &mut count) {
                _ if !opts.count => count = None,
                (Some(n), Some(total)) if spent => *total += n,
                (_, _) if !spent || counting.count_left() == 0 => {
                    count = None;
                    over_budget = true;
                }
                (None, _) => {
                    count = None;
                    notes.push(format!(
                        "the winning moves of {} were not all counted: it has too many moves \
                         to examine one by one",
                        c.describe()
                    ));
                }
                _ => {}
            }
            for rep in found.listed {
                if moves.len() < opts.max_moves {
                    moves.push(render(pos, *place, &c, rep));
                }
            }
        }
    }
    if over_budget && opts.count {
        notes.push(over_budget_note(budget));
    }
    if unexamined > 0 {
        notes.push(format!(
            "the moves of {unexamined} more component(s) were not examined after a script's \
             limit stopped a listing"
        ));
    }
    let mut a = Analysis::empty(
        Play::Normal,
        Outcome::of_nimber(&total),
        Rule::Xor {
            parts: values,
            sources,
        },
    );
    a.value = Some(Value::Finite(total.clone()));
    a.nimber = Some(total);
    a.winning_moves = moves;
    a.winning_moves_total = count;
    a.winning_moves_note = notes.joined();
    Ok(a)
}

/// The options that counting the winning moves of a sum may examine in all, at least
/// [`COUNT_FLOOR`]. The analysis looks up one value per component (the tables behind them are
/// shared); counting may spend [`COUNT_PER_COMPONENT`] look-ups per component, so it never
/// costs more than a small multiple of the analysis. Past it the count is `None` with a note,
/// and only the moves still to be listed are looked for.
///
/// Example: a sum of 2 * 10^5 heaps of a subtraction set of 63,214 elements may examine
/// 2^24 + 1.28 * 10^7 options, not the 10^10 of every move of every heap.
pub fn count_budget(components: usize) -> u64 {
    COUNT_FLOOR.max((components as u64).saturating_mul(COUNT_PER_COMPONENT))
}

/// The note of a count given up at the budget.
pub(crate) fn over_budget_note(budget: u64) -> String {
    format!(
        "the winning moves were not all counted: counting them would cost more than the \
         analysis (counting may examine {budget} options: {COUNT_PER_COMPONENT} per component \
         of the sum, and at least {COUNT_FLOOR})"
    )
}

/// The note of an analysis asked not to count the winning moves.
const NOT_COUNTED: &str = "the winning moves were not counted (not asked for)";

/// The note of an analysis asked for the outcome alone.
pub(crate) const NOT_LOOKED_FOR: &str =
    "the winning moves were not looked for (only the outcome was asked for)";

/// [`analyze_normal`] for an outcome question: a component that needs a search while the
/// others' values add up to 0 is searched for its outcome alone, stopping at the first
/// winning move; otherwise the values are needed (the sum is P iff they add up to 0), and
/// the analysis is the plain one without its moves.
fn analyze_normal_outcome(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    // A component alone whose family tests a value for less than it values (a board's pruned
    // search): is its value 0?
    if let [(_, CompRef::Of(r, s))] = component_refs(pos).as_slice() {
        if let Some(zero) = r.rules().value_is(s, &Nimber::ZERO, &opts.limits)? {
            let outcome = if zero { Outcome::P } else { Outcome::N };
            let mut a = Analysis::empty(Play::Normal, outcome, Rule::OutcomeAlone { part: 0 });
            if zero {
                a.nimber = Some(Nimber::ZERO);
                a.value = Some(Value::Finite(Nimber::ZERO));
            }
            return Ok(a);
        }
    }
    let Some((part, c)) = memo::lone_search(pos, &opts.limits)? else {
        return analyze_normal(pos, opts);
    };
    let Component::Of(r, s) = &c else {
        return analyze_normal(pos, opts);
    };
    // A family's closed form for the outcome alone answers before any search.
    let outcome = match r.rules().outcome_alone(s, &opts.limits)? {
        Some(o) => o,
        None => opts.memo.outcome_of(r.rules(), r.name(), s, &opts.limits)?,
    };
    let mut a = Analysis::empty(Play::Normal, outcome, Rule::OutcomeAlone { part });
    if outcome == Outcome::P {
        // A P-position has value 0 by definition; an N-position's value was not computed.
        a.nimber = Some(Nimber::ZERO);
        a.value = Some(Value::Finite(Nimber::ZERO));
    }
    Ok(a)
}

/// The options counting may always examine: a second or less of look-ups.
pub const COUNT_FLOOR: u64 = 1 << 24;

/// The options counting may examine per component of the sum.
pub const COUNT_PER_COMPONENT: u64 = 64;

/// The notes of an analysis, at most a few of them spelled out (a sum of a million
/// components too large to count would otherwise carry a million notes).
#[derive(Default)]
struct Notes {
    shown: Vec<String>,
    more: usize,
}

impl Notes {
    /// The most notes spelled out.
    const SHOWN: usize = 3;

    fn push(&mut self, note: String) {
        if self.shown.len() < Self::SHOWN {
            self.shown.push(note);
        } else {
            self.more += 1;
        }
    }

    fn joined(&self) -> Option<String> {
        if self.shown.is_empty() {
            return None;
        }
        let mut text = self.shown.join("; ");
        if self.more > 0 {
            text.push_str(&format!("; and {} more notes like these", self.more));
        }
        Some(text)
    }
}

/// A sum where one component has no computable nim-value but may have a known outcome: it is
/// answerable when every other component has value 0 (then the sum's outcome is that
/// component's, and its winning moves are that component's moves to P-positions).
fn analyze_outcome_only(
    pos: &Position,
    comps: &[(Place, CompRef<'_>)],
    part: usize,
    values: &[Nimber],
    err: Error,
    opts: &Options,
) -> Result<Analysis, Error> {
    let (place, c) = comps[part];
    let c = c.owned();
    let Component::Of(r, s) = &c else {
        return Err(err);
    };
    let rest = crate::nim_sum(values.iter());
    let Some(outcome) = r.rules().outcome_alone(s, &opts.limits)? else {
        return Err(err);
    };
    if !rest.is_zero() {
        return Err(err.context(&format!(
            "its outcome alone is known ({outcome}), but in a sum with a nonzero part the \
             nim-value itself is needed: "
        )));
    }
    let mut a = Analysis::empty(Play::Normal, outcome, Rule::OutcomeAlone { part });
    if outcome == Outcome::N {
        let Some((found, count)) =
            r.rules()
                .counted_winning_moves_alone(s, opts.max_moves, &opts.limits)?
        else {
            return Err(err);
        };
        a.winning_moves_total = count;
        for to in found.into_iter().take(opts.max_moves) {
            a.winning_moves
                .push(render(pos, place, &c, Replacement::States(to)));
        }
    } else {
        // A P-position has value 0 by definition; an N-position's value is not known here.
        a.nimber = Some(Nimber::ZERO);
        a.value = Some(Value::Finite(Nimber::ZERO));
    }
    Ok(a)
}

/// The winning moves found in one component: those listed (at most the room asked for) and
/// the count of all of them (`None` when not counted).
#[derive(Clone)]
struct Found {
    listed: Vec<Replacement>,
    count: Option<BigUint>,
}

/// How many distinct components (with their targets) the winning-move search of one sum
/// remembers.
const SEEN_COMPONENTS: usize = 4096;

/// The moves of component `c` to a position of value `target`.
fn winning_replacements(
    c: &Component,
    target: &Nimber,
    room: usize,
    limits: &Limits,
) -> Result<Found, Error> {
    match c {
        Component::Star(n) => Ok(if target < n {
            Found {
                listed: vec![Replacement::Star(target.clone())],
                count: Some(BigUint::from(1u32)),
            }
        } else {
            Found {
                listed: vec![],
                count: Some(BigUint::default()),
            }
        }),
        Component::Of(r, s) => {
            if let Some((found, n)) = r.rules().counted_moves_to_value(s, target, room, limits)? {
                return Ok(Found {
                    listed: found.into_iter().map(Replacement::States).collect(),
                    count: n,
                });
            }
            let (listed, count) = r.rules().listed_moves_to_value(s, target, room, limits)?;
            Ok(Found {
                listed: listed.into_iter().map(Replacement::States).collect(),
                count: count.map(BigUint::from),
            })
        }
    }
}

fn analyze_misere(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    let comps = pos.components();
    // A sum of nimbers (Nim heaps, `*n`) is misere Nim: Bouton's misere rule answers it.
    let mut heaps = Vec::with_capacity(comps.len());
    for (_, c) in &comps {
        let heap = match c {
            Component::Star(n) => Some(n.clone()),
            Component::Of(r, s) => r.rules().as_nimber(s, &opts.limits)?,
        };
        match heap {
            Some(n) => heaps.push(n),
            None => break,
        }
    }
    if heaps.len() == comps.len() {
        return Ok(misere_nim(pos, &comps, &heaps, opts));
    }
    // One component whose family has a closed form for misere play alone (Fibonacci Nim).
    if let [(place, c)] = comps.as_slice() {
        if let Some(a) = misere_alone(pos, *place, c, opts)? {
            return Ok(a);
        }
    }
    // A sum of heaps of one heap ruleset: multiply in its misere quotient, search otherwise.
    let method = match by_quotient::analyze(pos, &comps, opts)? {
        by_quotient::Attempt::Answered(a) => return Ok(*a),
        by_quotient::Attempt::NotApplicable => None,
        by_quotient::Attempt::OutOfReach(why) => Some(format!(
            "search of the whole sum (the misere quotient is out of reach: {why})"
        )),
    };
    // A component without a move adds nothing to a sum, under either play (the sum's game
    // tree is the same without it): the search, whose first step lists every component's
    // moves anyway, looks at the others only; one left alone may have a closed form (a token
    // on a dag among tokens on sinks).
    let mut live: Vec<(Place, Component)> = Vec::with_capacity(comps.len());
    for (i, (place, c)) in comps.iter().enumerate() {
        if i % 4096 == 4095 {
            opts.limits.check()?;
        }
        if !component_moves(c, &opts.limits)?.is_empty() {
            live.push((*place, c.clone()));
        }
    }
    if let [(place, c)] = live.as_slice() {
        if comps.len() > 1 {
            if let Some(mut a) = misere_alone(pos, *place, c, opts)? {
                a.method = Some(format!(
                    "{} component(s) without a move add nothing; {} alone by its misere rule",
                    comps.len() - 1,
                    c.describe()
                ));
                return Ok(a);
            }
        }
    }
    let all: Vec<Component> = live.iter().map(|(_, c)| c.clone()).collect();
    // The memo is shared with the other lines of a batch; the search stops at the first
    // winning move of every sum it expands, and an outcome question looks for no move.
    let mut a = opts.memo.with_misere(&opts.limits, |solver| {
        let outcome = solver.outcome(&all)?;
        let mut a = Analysis::empty(Play::Misere, outcome, Rule::MisereSearch);
        let mut count = 0usize;
        if outcome == Outcome::N && !opts.outcome_only {
            for (i, (place, c)) in live.iter().enumerate() {
                for rep in component_moves(c, &opts.limits)? {
                    let mut next: Vec<Component> = Vec::with_capacity(all.len() + 1);
                    next.extend(all[..i].iter().cloned());
                    next.extend(all[i + 1..].iter().cloned());
                    next.extend(replacement_components(c, &rep));
                    if solver.outcome(&next)? == Outcome::P {
                        count += 1;
                        if a.winning_moves.len() < opts.max_moves {
                            a.winning_moves.push(render(pos, *place, c, rep));
                        }
                    }
                }
            }
        }
        a.winning_moves_total = Some(BigUint::from(count));
        Ok(a)
    })?;
    a.method = method;
    Ok(a)
}

/// One component under misere play by its family's closed form ([`crate::rules::Alone`]),
/// when it has one.
fn misere_alone(
    pos: &Position,
    place: Place,
    c: &Component,
    opts: &Options,
) -> Result<Option<Analysis>, Error> {
    let Component::Of(r, s) = c else {
        return Ok(None);
    };
    let Some((outcome, found, count)) = r.rules().misere_alone(s, opts.max_moves, &opts.limits)?
    else {
        return Ok(None);
    };
    let family = r.name().to_string();
    let mut a = Analysis::empty(Play::Misere, outcome, Rule::MisereAlone { family });
    for to in found.into_iter().take(opts.max_moves) {
        a.winning_moves
            .push(render(pos, place, c, Replacement::States(to)));
    }
    a.winning_moves_total = count;
    Ok(Some(a))
}

/// Misere Nim by Bouton's rule, exact at any size.
fn misere_nim(
    pos: &Position,
    comps: &[(Place, Component)],
    heaps: &[Nimber],
    opts: &Options,
) -> Analysis {
    let outcome = misere_nim_outcome(heaps);
    let rule = Rule::MisereNim {
        heaps: heaps.to_vec(),
    };
    let mut a = Analysis::empty(Play::Misere, outcome, rule);
    let mut count = 0usize;
    if outcome == Outcome::N {
        let summary = MisereNimSummary::new(heaps);
        for (i, (place, c)) in comps.iter().enumerate() {
            let Some(b) = summary.reply(&heaps[i]) else {
                continue;
            };
            let rep = match c {
                Component::Star(_) => Replacement::Star(b.clone()),
                Component::Of(r, s) => {
                    let target = r
                        .rules()
                        .counted_moves_to_value(s, &b, 1, &opts.limits)
                        .ok()
                        .flatten()
                        .map(|(listed, _)| listed)
                        .unwrap_or_default();
                    match target.into_iter().next() {
                        Some(m) => Replacement::States(m),
                        None => continue,
                    }
                }
            };
            count += 1;
            if a.winning_moves.len() < opts.max_moves {
                let mut m = render(pos, *place, c, rep);
                m.text = format!("change the heap of {} to {}", heaps[i], b);
                a.winning_moves.push(m);
            }
        }
    }
    a.winning_moves_total = Some(BigUint::from(count));
    a
}

/// The heaps of a misere Nim position summarised, so that each heap's reply costs O(1):
/// the XOR of all heaps, how many exceed 1, how many equal 1.
struct MisereNimSummary {
    xor: Nimber,
    big: usize,
    ones: usize,
}

impl MisereNimSummary {
    fn new(heaps: &[Nimber]) -> Self {
        let one = Nimber::new(1);
        let mut s = MisereNimSummary {
            xor: Nimber::ZERO,
            big: 0,
            ones: 0,
        };
        for h in heaps {
            s.xor ^= h;
            if *h > one {
                s.big += 1;
            } else if *h == one {
                s.ones += 1;
            }
        }
        s
    }

    /// The size to which heap `a` must be reduced to win misere Nim, if any.
    ///
    /// With y the XOR of the other heaps: if another heap exceeds 1, the reply is y (when
    /// smaller); otherwise the result has only heaps <= 1 and must leave an odd number of ones.
    fn reply(&self, a: &Nimber) -> Option<Nimber> {
        let one = Nimber::new(1);
        let y = &self.xor ^ a;
        let big = self.big - usize::from(*a > one);
        let ones = self.ones - usize::from(*a == one);
        let b = if big > 0 {
            y
        } else if ones.is_multiple_of(2) {
            one
        } else {
            Nimber::ZERO
        };
        (b < *a).then_some(b)
    }
}
