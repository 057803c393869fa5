//! Positions of the expression language: disjunctive sums of terms.
//!
//! A term is a nimber (`*3`) or a ruleset applied to arguments (`nim(3,4,5)`); a term splits
//! into components, and the whole position is the sum of all components.

use std::fmt;

use num_bigint::BigUint;

use crate::rules::{Comp, RulesetRef};
use crate::{Error, Game, Limits, Nimber};

/// One term of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// A nimber `*n` (`0` is the empty game).
    Star(Nimber),
    /// A position of a ruleset, as its list of components.
    Game {
        /// The ruleset (shared by all terms that name the same ruleset).
        rules: RulesetRef,
        /// The components, in the order they were written.
        comps: Vec<Comp>,
    },
}

/// A position: the disjunctive sum of its terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// The terms, in the order they were written.
    pub terms: Vec<Term>,
}

/// One component of a position, usable by the generic solvers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// A nimber.
    Star(Nimber),
    /// A component of a ruleset.
    Of(RulesetRef, Comp),
}

/// Where a component sits in a position: term index and component index inside the term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Index of the term.
    pub term: usize,
    /// Index of the component inside the term (0 for a nimber).
    pub comp: usize,
}

impl Position {
    /// Every component with its place, in reading order.
    pub fn components(&self) -> Vec<(Place, Component)> {
        let mut out = Vec::new();
        for (t, term) in self.terms.iter().enumerate() {
            match term {
                Term::Star(n) => out.push((Place { term: t, comp: 0 }, Component::Star(n.clone()))),
                Term::Game { rules, comps } => {
                    for (c, s) in comps.iter().enumerate() {
                        out.push((
                            Place { term: t, comp: c },
                            Component::Of(rules.clone(), s.clone()),
                        ));
                    }
                }
            }
        }
        out
    }

    /// The position after replacing the component at `place` by `to` (a sum of components of
    /// the same ruleset; for a nimber, `to` is the new nimber's single component).
    pub fn replace(&self, place: Place, to: Replacement) -> Position {
        let mut next = self.clone();
        match (&mut next.terms[place.term], to) {
            (Term::Star(n), Replacement::Star(m)) => *n = m,
            (Term::Game { comps, .. }, Replacement::States(states)) => {
                comps.splice(place.comp..place.comp + 1, states);
            }
            // A mismatch cannot be built by the engine; keep the position unchanged.
            _ => {}
        }
        next
    }
}

/// What a component becomes in [`Position::replace`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replacement {
    /// A new nimber.
    Star(Nimber),
    /// A list of components of the term's ruleset.
    States(Vec<Comp>),
}

/// Largest nimber `*n` whose options the search will enumerate.
const STAR_SEARCH_LIMIT: u64 = 1_000_000;

/// Limits for listing options where no request's limits are at hand (the sum searches check
/// their own limits between positions).
fn no_limits() -> &'static Limits {
    static L: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
    L.get_or_init(Limits::default)
}

impl Game for Component {
    fn options(&self) -> Vec<Vec<Self>> {
        self.try_options().unwrap_or_default()
    }

    fn try_options(&self) -> Result<Vec<Vec<Self>>, Error> {
        self.options_within(no_limits())
    }

    fn options_within(&self, limits: &Limits) -> Result<Vec<Vec<Self>>, Error> {
        Ok(match self {
            Component::Star(n) => {
                let k = n.to_u64().unwrap_or(0);
                (0..k)
                    .map(|i| {
                        if i == 0 {
                            vec![]
                        } else {
                            vec![Component::Star(Nimber::new(i))]
                        }
                    })
                    .collect()
            }
            Component::Of(r, c) => r
                .rules()
                .options(c, limits)?
                .into_iter()
                .map(|o| o.into_iter().map(|p| Component::Of(r.clone(), p)).collect())
                .collect(),
        })
    }

    fn known_nimber(&self) -> Option<Nimber> {
        match self {
            Component::Star(n) => Some(n.clone()),
            Component::Of(r, c) => r.rules().nimber(c, no_limits()).ok().flatten(),
        }
    }

    fn searchable(&self) -> Result<(), Error> {
        match self {
            Component::Star(n) => match n.to_u64() {
                Some(k) if k <= STAR_SEARCH_LIMIT => Ok(()),
                _ => Err(Error::too_large(format!(
                    "the nimber *{n} is too large to search in misere play (at most *{STAR_SEARCH_LIMIT})"
                ))),
            },
            Component::Of(r, c) => r.rules().searchable(c),
        }
    }
}

impl Component {
    /// The component as it is written (`nim(3)`, `*2`), for messages.
    pub fn describe(&self) -> String {
        match self {
            Component::Star(n) => n.star(),
            Component::Of(r, c) => {
                if r.rules().one_term_per_component() {
                    if let Some(text) = r.rules().display(c) {
                        return text;
                    }
                    if let Some(text) = r.rules().other_family(c) {
                        return text;
                    }
                }
                if let Some(text) = r.rules().text(c) {
                    return format!("{}({text})", r.name());
                }
                format!("{}({})", r.name(), r.args_text(c))
            }
        }
    }
}

impl fmt::Display for Term {
    /// The canonical rendering (it parses back to an equal term).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Term {
    /// Writes the term; `shown` uses a family's own text for people (a rule script's
    /// `display`), which need not parse back.
    fn write(&self, f: &mut fmt::Formatter<'_>, shown: bool) -> fmt::Result {
        match self {
            Term::Star(n) => f.write_str(&n.star()),
            Term::Game { rules, comps } if rules.rules().one_term_per_component() => {
                if comps.is_empty() {
                    return f.write_str("0");
                }
                for (i, c) in comps.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" + ")?;
                    }
                    if shown {
                        if let Some(text) = rules.rules().display(c) {
                            f.write_str(&text)?;
                            continue;
                        }
                    }
                    f.write_str(&each_piece(rules, c))?;
                }
                Ok(())
            }
            Term::Game { rules, comps } => {
                write!(f, "{}(", rules.name())?;
                let mut first = true;
                for c in comps {
                    if let Some(text) = rules.rules().text(c) {
                        // A compound's parts are expressions, written as they are.
                        if !first {
                            f.write_str(",")?;
                        }
                        first = false;
                        f.write_str(&text)?;
                        continue;
                    }
                    for a in rules.rules().args(c) {
                        if !first {
                            f.write_str(",")?;
                        }
                        first = false;
                        write!(f, "{a}")?;
                    }
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for Position {
    /// The canonical rendering: terms joined by ` + `, `0` for the empty sum. It parses back
    /// to an equal position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// A position's canonical text in pieces, one per component, rendered once:
/// [`Pieces::replaced`] writes the position after replacing one component without rendering
/// the others again (each of the thousand winning moves of a sum of a thousand bombs is the
/// whole sum written out). The text is exactly [`Position::replace`]'s `to_string`.
#[derive(Clone, Debug)]
pub struct Pieces {
    terms: Vec<TermPieces>,
}

#[derive(Clone, Debug)]
enum TermPieces {
    Star(String),
    /// A family written one term per component: `NAME(args)` each, joined by ` + `.
    Each(RulesetRef, Vec<String>),
    /// A family written `NAME(...)` with every component's arguments inside (`None`: a
    /// component with no argument).
    Inside(RulesetRef, Vec<Option<String>>),
}

/// The canonical text of a component of a family written one term per component.
fn each_piece(rules: &RulesetRef, c: &Comp) -> String {
    if let Some(text) = rules.rules().other_family(c) {
        return text;
    }
    if let Some(text) = rules.rules().text(c) {
        // A compound (one component a term): its parts are expressions, written as they are.
        return format!("{}({text})", rules.name());
    }
    format!("{}({})", rules.name(), rules.args_text(c))
}

/// A component's text inside `NAME(...)`; `None` when it writes nothing.
fn inside_piece(rules: &RulesetRef, c: &Comp) -> Option<String> {
    if let Some(text) = rules.rules().text(c) {
        return Some(text);
    }
    let args = rules.rules().args(c);
    (!args.is_empty()).then(|| rules.args_text(c))
}

impl Position {
    /// The position's canonical text in pieces (see [`Pieces`]).
    pub fn pieces(&self) -> Pieces {
        let terms = self
            .terms
            .iter()
            .map(|t| match t {
                Term::Star(n) => TermPieces::Star(n.star()),
                Term::Game { rules, comps } if rules.rules().one_term_per_component() => {
                    TermPieces::Each(
                        rules.clone(),
                        comps.iter().map(|c| each_piece(rules, c)).collect(),
                    )
                }
                Term::Game { rules, comps } => TermPieces::Inside(
                    rules.clone(),
                    comps.iter().map(|c| inside_piece(rules, c)).collect(),
                ),
            })
            .collect();
        Pieces { terms }
    }
}

impl Pieces {
    /// The canonical text of the position after replacing the component at `place` by `to`:
    /// the same text as `position.replace(place, to).to_string()`.
    pub fn replaced(&self, place: Place, to: &Replacement) -> String {
        let mut out = String::new();
        for (t, term) in self.terms.iter().enumerate() {
            let here = t == place.term;
            // An empty term of one component a term is left out (see `Position::write`).
            let empty = match (term, to) {
                (TermPieces::Each(_, pieces), Replacement::States(states))
                    if here && place.comp < pieces.len() =>
                {
                    pieces.len() - 1 + states.len() == 0
                }
                (TermPieces::Each(_, pieces), _) => pieces.is_empty(),
                _ => false,
            };
            if empty {
                continue;
            }
            if !out.is_empty() {
                out.push_str(" + ");
            }
            match (term, to) {
                (TermPieces::Star(_), Replacement::Star(m)) if here => out.push_str(&m.star()),
                (TermPieces::Star(s), _) => out.push_str(s),
                (TermPieces::Each(rules, pieces), _) => {
                    let fresh: Vec<String>;
                    let mut parts: Vec<&str> = Vec::with_capacity(pieces.len() + 1);
                    match to {
                        Replacement::States(states) if here && place.comp < pieces.len() => {
                            fresh = states.iter().map(|c| each_piece(rules, c)).collect();
                            parts.extend(pieces[..place.comp].iter().map(String::as_str));
                            parts.extend(fresh.iter().map(String::as_str));
                            parts.extend(pieces[place.comp + 1..].iter().map(String::as_str));
                        }
                        _ => parts.extend(pieces.iter().map(String::as_str)),
                    }
                    for (i, p) in parts.iter().enumerate() {
                        if i > 0 {
                            out.push_str(" + ");
                        }
                        out.push_str(p);
                    }
                }
                (TermPieces::Inside(rules, pieces), _) => {
                    let fresh: Vec<Option<String>>;
                    let mut parts: Vec<&str> = Vec::with_capacity(pieces.len() + 1);
                    match to {
                        Replacement::States(states) if here && place.comp < pieces.len() => {
                            fresh = states.iter().map(|c| inside_piece(rules, c)).collect();
                            parts.extend(pieces[..place.comp].iter().flatten().map(String::as_str));
                            parts.extend(fresh.iter().flatten().map(String::as_str));
                            parts.extend(
                                pieces[place.comp + 1..]
                                    .iter()
                                    .flatten()
                                    .map(String::as_str),
                            );
                        }
                        _ => parts.extend(pieces.iter().flatten().map(String::as_str)),
                    }
                    out.push_str(rules.name());
                    out.push('(');
                    out.push_str(&parts.join(","));
                    out.push(')');
                }
            }
        }
        if out.is_empty() {
            out.push('0');
        }
        out
    }
}

/// A position written for people ([`Position::shown`]).
struct Shown<'a>(&'a Position);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}

impl Position {
    fn write(&self, f: &mut fmt::Formatter<'_>, shown: bool) -> fmt::Result {
        // A term of one component a term holding none (a finished compound) adds nothing:
        // it is left out, as the parser leaves out `0`, so the text parses back.
        let mut written = false;
        for t in &self.terms {
            if let Term::Game { rules, comps } = t {
                if comps.is_empty() && rules.rules().one_term_per_component() {
                    continue;
                }
            }
            if written {
                f.write_str(" + ")?;
            }
            written = true;
            t.write(f, shown)?;
        }
        if !written {
            f.write_str("0")?;
        }
        Ok(())
    }

    /// The position written for people: like the canonical rendering, but with a family's
    /// own text for its positions where it has one (a rule script's `display`, such as
    /// `2001-11-3` for a date). It need not parse back; `to_string` does.
    pub fn shown(&self) -> String {
        Shown(self).to_string()
    }

    /// [`Position::shown`] when it differs from `canonical` (this position's `to_string`),
    /// else `None`; a position none of whose components has a text of its own is not
    /// rendered a second time (a sum of a million heaps renders once).
    pub fn shown_if_other(&self, canonical: &str) -> Option<String> {
        let own = self.terms.iter().any(|t| match t {
            Term::Game { rules, comps } if rules.rules().one_term_per_component() => {
                comps.iter().any(|c| rules.rules().display(c).is_some())
            }
            _ => false,
        });
        if !own {
            return None;
        }
        Some(self.shown()).filter(|s| s != canonical)
    }
}

/// The number of decimal digits of `n` (for size checks on user input).
pub fn digits(n: &BigUint) -> u64 {
    (n.bits() as f64 * std::f64::consts::LOG10_2) as u64 + 1
}
