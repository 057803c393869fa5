//! One-call analysis of a position: outcome, nim-value and every winning move.
//!
//! This is what the fronts call; it chooses the fast paths (closed forms, tables, the misere-Nim
//! formula) and falls back to the generic solvers.

use crate::position::{Component, Place, Position, Replacement};
use crate::rules::Move;
use crate::solve::{misere_nim_outcome, Limits, MisereSolver, SolveError, Solver};
use crate::{Nimber, Outcome, Play};

/// What the caller wants besides the defaults.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Play convention.
    pub play: Play,
    /// Search limits.
    pub limits: Limits,
    /// The most winning moves rendered (all are counted); rendering a move costs the length of
    /// the position, so a position of a million heaps needs a cap.
    pub max_moves: usize,
    /// The most bytes of rendered positions in the move lists (16 MiB by default): with a
    /// position of a million heaps, even a thousand moves would be gigabytes. The cap on the
    /// number of moves becomes `min(max_moves, max_render_bytes / length of the position)`.
    pub max_render_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            play: Play::Normal,
            limits: Limits::default(),
            max_moves: 1000,
            max_render_bytes: 16 << 20,
        }
    }
}

/// A move of the whole position, rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionMove {
    /// The canonical rendering of the position after the move.
    pub to: String,
    /// The move in words.
    pub text: String,
}

/// The analysis of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The canonical rendering of the position.
    pub game: String,
    /// The play convention used.
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-value under normal play; `None` under misere play, and for an N-position whose
    /// value is out of reach while its outcome is known (huge Wythoff heaps).
    pub nimber: Option<Nimber>,
    /// The value as text (`*2`, `0`, `∞(0,1)`) when known; `None` under misere play.
    pub value: Option<crate::Value>,
    /// The winning moves rendered (at most `Options::max_moves`).
    pub winning_moves: Vec<PositionMove>,
    /// How many winning moves there are in all.
    pub winning_moves_total: usize,
    /// Why the list or count of winning moves is incomplete, when it is (a component whose
    /// moves are too many to enumerate, or a count beyond a machine word, written exactly).
    pub winning_moves_note: Option<String>,
    /// For a draw (outcome D), the moves that keep the draw (at most `Options::max_moves`).
    pub drawing_moves: Vec<PositionMove>,
    /// How many drawing moves there are in all.
    pub drawing_moves_total: usize,
}

/// The nim-value of one component: its ruleset's fast path, else a search.
pub fn component_nimber(
    c: &Component,
    solver: &mut Solver<Component>,
) -> Result<Nimber, SolveError> {
    match c {
        Component::Star(n) => Ok(n.clone()),
        Component::Of(r, s) => match r.rules().nimber(s)? {
            Some(v) => Ok(v),
            None => solver.nimber(c),
        },
    }
}

/// The nim-value of a whole position under normal play.
///
/// Arguments: a position and search limits.
/// Returns: the XOR of its components' values.
/// Complexity: one fast-path call per component, plus searches where no fast path applies.
/// Example: `nimber(&parse("nim(3,4,5)")?, Limits::default())? == Nimber::new(2)`.
pub fn nimber(pos: &Position, limits: Limits) -> Result<Nimber, SolveError> {
    let mut solver = Solver::new(limits);
    let mut acc = Nimber::ZERO;
    for (_, c) in pos.components() {
        acc ^= &component_nimber(&c, &mut solver)?;
    }
    Ok(acc)
}

/// Every move of one component, as replacements with their text.
pub(crate) fn component_moves(c: &Component) -> Result<Vec<(Replacement, String)>, SolveError> {
    use crate::Game;
    c.searchable()
        .map_err(|reason| SolveError::TooLarge { reason })?;
    Ok(match c {
        Component::Star(n) => {
            let k = n.to_u64().unwrap_or(0);
            (0..k)
                .map(|i| {
                    (
                        Replacement::Star(Nimber::new(i)),
                        format!("change *{k} to {}", Nimber::new(i).star()),
                    )
                })
                .collect()
        }
        Component::Of(r, s) => r
            .rules()
            .moves(s)
            .iter()
            .map(|m: &Move| (Replacement::from(m), m.text.clone()))
            .collect(),
    })
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

/// Outcome, value and winning moves of a position.
///
/// Arguments: a position and the options (play convention, limits, move cap).
/// Returns: the analysis, or the limit that stopped it.
/// Complexity: normal play: one value per component plus, for each component, either the
/// family's direct winning-move rule or one value per option; misere play: the misere-Nim
/// formula when every component is a Nim heap, else a search of the whole sum.
/// Example: `analyze(&parse("nim(3,4,5)")?, &Options::default())?.winning_moves_total == 1`.
pub fn analyze(pos: &Position, opts: &Options) -> Result<Analysis, SolveError> {
    // The canonical rendering is needed for the answer anyway; render it once.
    let game = pos.to_string();
    let mut capped = *opts;
    if opts.max_render_bytes < usize::MAX {
        capped.max_moves = opts
            .max_moves
            .min(opts.max_render_bytes / game.len().max(1));
    }
    let opts = &capped;
    let mut a = if crate::loopy::is_loopy(pos) {
        crate::loopy::analyze_loopy(pos, opts)?
    } else {
        match opts.play {
            Play::Normal => analyze_normal(pos, opts)?,
            Play::Misere => analyze_misere(pos, opts)?,
        }
    };
    a.game = game;
    Ok(a)
}

/// A component borrowed from its position (cloning a million heaps costs more than answering).
#[derive(Clone, Copy)]
enum CompRef<'a> {
    Star(&'a Nimber),
    Of(&'a crate::rules::RulesetRef, &'a crate::rules::State),
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
            crate::position::Term::Star(n) => {
                out.push((Place { term: t, comp: 0 }, CompRef::Star(n)))
            }
            crate::position::Term::Game { rules, comps } => {
                for (c, st) in comps.iter().enumerate() {
                    out.push((Place { term: t, comp: c }, CompRef::Of(rules, st)));
                }
            }
        }
    }
    out
}

fn ref_nimber(c: CompRef<'_>, solver: &mut Solver<Component>) -> Result<Nimber, SolveError> {
    match c {
        CompRef::Star(n) => Ok(n.clone()),
        CompRef::Of(r, s) => match r.rules().nimber(s)? {
            Some(v) => Ok(v),
            None => solver.nimber(&c.owned()),
        },
    }
}

fn analyze_normal(pos: &Position, opts: &Options) -> Result<Analysis, SolveError> {
    let mut solver = Solver::new(opts.limits);
    let comps = component_refs(pos);
    let mut values = Vec::with_capacity(comps.len());
    let mut unknown: Option<(usize, SolveError)> = None;
    for (i, (_, c)) in comps.iter().enumerate() {
        match ref_nimber(*c, &mut solver) {
            Ok(v) => values.push(v),
            Err(e @ SolveError::TooLarge { .. }) if unknown.is_none() => {
                unknown = Some((i, e));
                values.push(Nimber::ZERO);
            }
            Err(e) => return Err(e),
        }
    }
    if let Some((i, e)) = unknown {
        return analyze_outcome_only(pos, &pos.components(), &values, i, e, opts);
    }
    let total = crate::nim_sum(values.iter());
    let mut moves = Vec::new();
    let mut count = num_bigint::BigUint::default();
    let mut notes: Vec<String> = Vec::new();
    if !total.is_zero() {
        for ((place, c), v) in comps.iter().zip(&values) {
            let target = &total ^ v;
            if let CompRef::Of(r, s) = *c {
                let room = opts.max_moves - moves.len().min(opts.max_moves);
                if let Some((found, n)) = r.rules().counted_moves_to_value(s, &target, room)? {
                    count += n;
                    for m in found.iter().take(room) {
                        moves.push(render(pos, *place, Replacement::from(m), m.text.clone()));
                    }
                    continue;
                }
            }
            let c = c.owned();
            let found = match winning_replacements(&c, &target, &mut solver) {
                Ok(found) => found,
                Err(SolveError::TooLarge { reason }) => {
                    notes.push(format!("moves of {} not listed: {reason}", describe(&c)));
                    continue;
                }
                Err(e) => return Err(e),
            };
            for (rep, text) in found {
                count += 1u32;
                if moves.len() < opts.max_moves {
                    moves.push(render(pos, *place, rep, text));
                }
            }
        }
    }
    let exact = usize::try_from(&count).ok();
    if exact.is_none() {
        notes.push(format!("there are exactly {count} winning moves"));
    }
    let count = exact.unwrap_or(usize::MAX);
    Ok(Analysis {
        game: String::new(),
        play: Play::Normal,
        outcome: Outcome::of_nimber(&total),
        value: Some(crate::Value::Finite(total.clone())),
        nimber: Some(total),
        winning_moves: moves,
        winning_moves_total: count,
        winning_moves_note: (!notes.is_empty()).then(|| notes.join("; ")),
        drawing_moves: Vec::new(),
        drawing_moves_total: 0,
    })
}

/// A sum where component `i` has no computable nim-value but may have a known outcome: it is
/// answerable when every other component has value 0 (then the sum's outcome is that
/// component's, and its winning moves are that component's moves to P-positions).
fn analyze_outcome_only(
    pos: &Position,
    comps: &[(Place, Component)],
    values: &[Nimber],
    i: usize,
    err: SolveError,
    opts: &Options,
) -> Result<Analysis, SolveError> {
    let (place, c) = &comps[i];
    let Component::Of(r, s) = c else {
        return Err(err);
    };
    let rest = crate::nim_sum(values.iter());
    let Some(outcome) = r.rules().outcome_alone(s)? else {
        return Err(err);
    };
    if !rest.is_zero() {
        return Err(SolveError::TooLarge {
            reason: format!(
                "{err}; its outcome alone is known ({outcome}), but in a sum with a nonzero \
                 part the nim-value itself is needed"
            ),
        });
    }
    let mut moves = Vec::new();
    let mut count = 0;
    if outcome == Outcome::N {
        let Some(found) = r.rules().winning_moves_alone(s)? else {
            return Err(err);
        };
        for m in &found {
            count += 1;
            if moves.len() < opts.max_moves {
                moves.push(render(pos, *place, Replacement::from(m), m.text.clone()));
            }
        }
    }
    Ok(Analysis {
        game: String::new(),
        play: Play::Normal,
        outcome,
        // A P-position has value 0 by definition; an N-position's value is not known here.
        nimber: (outcome == Outcome::P).then_some(Nimber::ZERO),
        value: (outcome == Outcome::P).then_some(crate::Value::Finite(Nimber::ZERO)),
        winning_moves: moves,
        winning_moves_total: count,
        winning_moves_note: None,
        drawing_moves: Vec::new(),
        drawing_moves_total: 0,
    })
}

/// A short description of a component for messages.
fn describe(c: &Component) -> String {
    match c {
        Component::Star(n) => n.star(),
        Component::Of(r, s) => {
            let args: Vec<String> = s.iter().map(|a| a.to_string()).collect();
            format!("{}({})", r.name(), args.join(","))
        }
    }
}

/// The moves of component `c` to a position of value `target`.
fn winning_replacements(
    c: &Component,
    target: &Nimber,
    solver: &mut Solver<Component>,
) -> Result<Vec<(Replacement, String)>, SolveError> {
    match c {
        Component::Star(n) => {
            if target < n {
                return Ok(vec![(
                    Replacement::Star(target.clone()),
                    format!("change {} to {}", n.star(), target.star()),
                )]);
            }
            Ok(vec![])
        }
        Component::Of(r, s) => {
            if let Some(ms) = r.rules().moves_to_value(s, target)? {
                return Ok(ms
                    .iter()
                    .map(|m| (Replacement::from(m), m.text.clone()))
                    .collect());
            }
            let mut out = Vec::new();
            for (rep, text) in component_moves(c)? {
                let mut v = Nimber::ZERO;
                for part in replacement_components(c, &rep) {
                    v ^= &component_nimber(&part, solver)?;
                }
                if v == *target {
                    out.push((rep, text));
                }
            }
            Ok(out)
        }
    }
}

pub(crate) fn render(pos: &Position, place: Place, rep: Replacement, text: String) -> PositionMove {
    PositionMove {
        to: pos.replace(place, rep).to_string(),
        text,
    }
}

fn analyze_misere(pos: &Position, opts: &Options) -> Result<Analysis, SolveError> {
    let comps = pos.components();
    let heaps: Option<Vec<Nimber>> = comps
        .iter()
        .map(|(_, c)| match c {
            Component::Star(n) => Some(n.clone()),
            Component::Of(r, s) => r.rules().misere_nim_heap(s),
        })
        .collect();
    let mut moves = Vec::new();
    let mut count = 0usize;
    let outcome;
    if let Some(heaps) = heaps {
        // Every component is a Nim heap: Bouton's misere rule, exact at any size.
        outcome = misere_nim_outcome(&heaps);
        if outcome == Outcome::N {
            let summary = MisereNimSummary::new(&heaps);
            for (i, (place, c)) in comps.iter().enumerate() {
                let Some(b) = summary.reply(&heaps[i]) else {
                    continue;
                };
                let rep = match c {
                    Component::Star(_) => Replacement::Star(b.clone()),
                    Component::Of(r, s) => {
                        let target_moves = r.rules().moves_to_value(s, &b)?.unwrap_or_default();
                        match target_moves.into_iter().next() {
                            Some(m) => Replacement::from(&m),
                            None => continue,
                        }
                    }
                };
                count += 1;
                if moves.len() < opts.max_moves {
                    let text = format!("change the heap of {} to {}", heaps[i], b);
                    moves.push(render(pos, *place, rep, text));
                }
            }
        }
    } else {
        let mut solver = MisereSolver::new(opts.limits);
        let all: Vec<Component> = comps.iter().map(|(_, c)| c.clone()).collect();
        outcome = solver.outcome(&all)?;
        if outcome == Outcome::N {
            for (i, (place, c)) in comps.iter().enumerate() {
                for (rep, text) in component_moves(c)? {
                    let mut next: Vec<Component> = Vec::with_capacity(all.len() + 1);
                    next.extend(all[..i].iter().cloned());
                    next.extend(all[i + 1..].iter().cloned());
                    next.extend(replacement_components(c, &rep));
                    if solver.outcome(&next)? == Outcome::P {
                        count += 1;
                        if moves.len() < opts.max_moves {
                            moves.push(render(pos, *place, rep, text));
                        }
                    }
                }
            }
        }
    }
    Ok(Analysis {
        game: String::new(),
        play: Play::Misere,
        outcome,
        nimber: None,
        value: None,
        winning_moves: moves,
        winning_moves_total: count,
        winning_moves_note: None,
        drawing_moves: Vec::new(),
        drawing_moves_total: 0,
    })
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
