//! Playing a position move by move: the legal moves as a numbered list, reading a player's
//! move, and a perfect opponent.
//!
//! This is the logic of `grundy play`; the terminal loop lives in the CLI.
//! The engine plays a winning move whenever it has one (the one that wins fastest), and when it
//! is losing it plays the move that makes the game last longest (greatest Steinhaus
//! remoteness), so the other player must find every winning move. Positions too large for a
//! remoteness search fall back on nim-values (any winning move; when losing, a move that lowers
//! the largest component value by one, which keeps the game long in practice).

use std::fmt;

use num_bigint::BigUint;

use crate::analysis::{self, move_text, Options};
use crate::position::{Component, Place, Position, Replacement, Term};
use crate::rules::{Arg, Comp, DynRuleset};
use crate::solve::{Error, Limits, Remoteness, RemotenessSolver};
use crate::{Nimber, Outcome, Play, Registry};

/// The most sum states the engine's remoteness search stores before it falls back on
/// nim-values.
pub const PLAY_BUDGET: usize = 200_000;

/// One move of a whole position: which component changes, into what, and the move in words.
#[derive(Clone, Debug)]
pub struct PlayMove {
    /// The component that moves.
    pub place: Place,
    /// What it becomes.
    pub to: Replacement,
    /// The move in words, e.g. `take 2 from the heap of 3`.
    pub text: String,
}

impl PlayMove {
    /// The position after this move.
    pub fn apply(&self, pos: &Position) -> Position {
        pos.replace(self.place, self.to.clone())
    }
}

/// The legal moves of a position, possibly cut at a cap.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    /// The moves listed, in reading order of the components.
    pub moves: Vec<PlayMove>,
    /// Whether every legal move is listed (false when the cap cut the list or a component is
    /// too large to list its moves).
    pub complete: bool,
}

/// A player's entry that is not a legal move, with the reason and what to type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What was wrong and what to do.
    pub message: String,
}

fn err<T>(message: impl Into<String>) -> Result<T, MoveError> {
    Err(MoveError {
        message: message.into(),
    })
}

/// Lists the legal moves of a position, at most `cap` of them.
///
/// Arguments: a position and the most moves wanted.
/// Returns: the moves (components in reading order, each component's moves in its family's
/// order) and whether the list is complete; a component too large to list (a Nim heap of
/// 10^100) makes the list incomplete, its moves can still be typed.
/// Complexity: O(cap) moves built, plus one move listing per component visited.
/// Example: `legal_moves(&parse("nim(1,2)")?, 10).moves.len() == 3`.
pub fn legal_moves(pos: &Position, cap: usize) -> MoveList {
    let mut out = MoveList {
        moves: Vec::new(),
        complete: true,
    };
    for (place, c) in pos.components() {
        let full = out.moves.len() >= cap;
        match &c {
            Component::Star(n) => {
                let k = n.to_u64();
                if k != Some(0) && full {
                    out.complete = false;
                    break;
                }
                let k = k.unwrap_or(u64::MAX);
                for i in 0..k {
                    if out.moves.len() >= cap {
                        out.complete = false;
                        break;
                    }
                    let to = Nimber::new(i);
                    out.moves.push(PlayMove {
                        place,
                        text: format!("change {} to {}", n.star(), to.star()),
                        to: Replacement::Star(to),
                    });
                }
            }
            Component::Of(r, s) => {
                let ms = match r.rules().options(s, no_limits()) {
                    Ok(ms) => ms,
                    Err(_) => {
                        // Too large to list every move: list moves to the smallest values
                        // instead, through the family's hook (each value below the
                        // component's is reachable).
                        out.complete = false;
                        if let Ok(Some(v)) = r.rules().nimber(s, no_limits()) {
                            let mut t = 0u64;
                            while out.moves.len() < cap && Nimber::new(t) < v {
                                // Ask for no more moves than the list has room for: a huge
                                // component (a Hackenbush picture of 10^5 edges) would
                                // otherwise build every winning move before the cap applies.
                                let room = cap - out.moves.len();
                                let target = Nimber::new(t);
                                let found = r
                                    .rules()
                                    .counted_moves_to_value(s, &target, room, no_limits())
                                    .map(|found| found.map(|(ms, _)| ms));
                                match found {
                                    Ok(Some(ms)) => {
                                        out.moves.extend(ms.into_iter().take(room).map(|m| {
                                            let rep = Replacement::States(m);
                                            PlayMove {
                                                place,
                                                text: move_text(&c, &rep),
                                                to: rep,
                                            }
                                        }))
                                    }
                                    _ => break,
                                }
                                t += 1;
                            }
                        }
                        continue;
                    }
                };
                if !ms.is_empty() && full {
                    out.complete = false;
                    break;
                }
                for m in ms {
                    if out.moves.len() >= cap {
                        out.complete = false;
                        break;
                    }
                    let rep = Replacement::States(m);
                    out.moves.push(PlayMove {
                        place,
                        text: move_text(&c, &rep),
                        to: rep,
                    });
                }
            }
        }
    }
    out
}

/// Whether the player to move has any move at all.
pub fn has_moves(pos: &Position) -> bool {
    pos.components().iter().any(|(_, c)| match c {
        Component::Star(n) => !n.is_zero(),
        // A component too large to list its moves is a huge heap: it has moves.
        Component::Of(r, s) => r
            .rules()
            .options(s, no_limits())
            .map_or(true, |o| !o.is_empty()),
    })
}

/// Reads a player's move: its number in `listed` (from 1), the position after it (compared
/// after parsing, so any spelling of the same position works), or the family's short form
/// `a -> b` (a heap of a becomes b; `a -> b c` for a heap split in two, `a -> 0` to take all;
/// `*a -> *b` for a nimber).
///
/// Arguments: the registry the position was parsed with (a position typed as a move is parsed
/// with it, so that families it adds, such as rule scripts, can be typed as built-ins are), the
/// position, the text typed, and the moves shown to the player.
/// Returns: the legal move meant, or why the entry is not one (and what to type instead).
/// Complexity: linear in the size of the position, plus one move listing of the component
/// that changes.
/// Example: `parse_move(reg, &reg.parse("nim(3,4,5)")?, "3 -> 1", &list)?.apply(..)` is
/// `nim(1,4,5)`.
pub fn parse_move(
    reg: &Registry,
    pos: &Position,
    input: &str,
    listed: &MoveList,
) -> Result<PlayMove, MoveError> {
    let text = input.trim();
    if text.is_empty() {
        return err("type a move: its number, the position after it, or a short form like 3 -> 1");
    }
    if text.chars().all(|c| c.is_ascii_digit()) {
        let n = listed.moves.len();
        return match text.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(listed.moves[k - 1].clone()),
            _ if n == 0 => err(
                "there are no numbered moves here; type the position after your move or a \
                 short form like a -> b"
                    .to_string(),
            ),
            _ => err(format!(
                "there is no move {text}: the moves are numbered 1 to {n}{}",
                if listed.complete {
                    ""
                } else {
                    " (other moves can be typed as the position after them or as a -> b)"
                }
            )),
        };
    }
    if let Some((from, to)) = text.split_once("->") {
        return parse_short(pos, from.trim(), to.trim());
    }
    let entered = match reg.parse(text) {
        Ok(p) => p,
        Err(e) => {
            return err(format!(
                "'{text}' is neither a move number, nor a short move like 3 -> 1, nor a \
                 position ({e})"
            ))
        }
    };
    if entered == *pos {
        return err("that is the position now: a move must change it");
    }
    match diff(pos, &entered) {
        Ok((place, c, rep)) => check(&c, place, &rep).map_err(|m| MoveError {
            message: format!("{entered} cannot be reached in one move: {m}"),
        }),
        Err(why) => {
            // A reordered or otherwise respelled sum: compare as multisets with every listed move.
            if listed.complete {
                let want = multiset(&entered);
                for m in &listed.moves {
                    if multiset(&m.apply(pos)) == want {
                        return Ok(m.clone());
                    }
                }
            }
            err(format!("{entered} cannot be reached in one move: {why}"))
        }
    }
}

/// The components of a position as a sorted multiset, terminal ones left out.
fn multiset(pos: &Position) -> Vec<Component> {
    let mut v: Vec<Component> = pos
        .components()
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| !is_terminal(c))
        .collect();
    v.sort();
    v
}

fn is_terminal(c: &Component) -> bool {
    match c {
        Component::Star(n) => n.is_zero(),
        Component::Of(r, s) => r
            .rules()
            .options(s, no_limits())
            .is_ok_and(|o| o.is_empty()),
    }
}

/// The one component in which `entered` differs from `pos`, and what it became.
fn diff(pos: &Position, entered: &Position) -> Result<(Place, Component, Replacement), String> {
    if pos.terms.len() != entered.terms.len() {
        return Err(format!(
            "a move changes one component, but this has {} terms where the position has {}",
            entered.terms.len(),
            pos.terms.len()
        ));
    }
    let changed: Vec<usize> = (0..pos.terms.len())
        .filter(|&i| pos.terms[i] != entered.terms[i])
        .collect();
    let [t] = changed[..] else {
        return Err(format!(
            "a move changes one component, but {} terms differ",
            changed.len()
        ));
    };
    match (&pos.terms[t], &entered.terms[t]) {
        (Term::Star(n), Term::Star(m)) => Ok((
            Place { term: t, comp: 0 },
            Component::Star(n.clone()),
            Replacement::Star(m.clone()),
        )),
        (
            Term::Game { rules, comps: a },
            Term::Game {
                rules: rules_b,
                comps: b,
            },
        ) if rules == rules_b => {
            let mut p = 0;
            while p < a.len() && p < b.len() && a[p] == b[p] {
                p += 1;
            }
            let mut q = 0;
            while q < a.len() - p && q < b.len() - p && a[a.len() - 1 - q] == b[b.len() - 1 - q] {
                q += 1;
            }
            if a.len() - p - q != 1 {
                return Err(format!(
                    "a move changes one component, but {} components of {} differ",
                    a.len() - p - q,
                    rules.name()
                ));
            }
            Ok((
                Place { term: t, comp: p },
                Component::Of(rules.clone(), a[p].clone()),
                Replacement::States(b[p..b.len() - q].to_vec()),
            ))
        }
        _ => Err("a move keeps each term's game; only its components change".to_string()),
    }
}

fn parse_short(pos: &Position, from: &str, to: &str) -> Result<PlayMove, MoveError> {
    let usage = "a short move is written a -> b: the heap of a becomes b (a -> b c splits it, \
                 a -> 0 takes it all; *a -> *b for a nimber)";
    if let Some(a) = from.strip_prefix('*') {
        let a = parse_int(if a.is_empty() { "1" } else { a }, usage)?;
        let b = to.strip_prefix('*').unwrap_or(to);
        let b = parse_int(if b.is_empty() { "1" } else { b }, usage)?;
        let (Some(a), Some(b)) = (natural(&a), natural(&b)) else {
            return err(usage);
        };
        for (place, c) in pos.components() {
            if matches!(&c, Component::Star(n) if n.to_biguint() == a) {
                let rep = Replacement::Star(Nimber::from_big(b.clone()));
                return check(&c, place, &rep).map_err(|message| MoveError { message });
            }
        }
        return err(format!("there is no nimber *{a} in {pos}"));
    }
    let a = parse_int(from, usage)?;
    let mut parts: Vec<Arg> = Vec::new();
    if to != "nothing" {
        for w in to
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|w| !w.is_empty())
        {
            parts.push(Arg::Int(parse_int(w, usage)?));
        }
    }
    if parts.is_empty() && to != "nothing" {
        return err(usage);
    }
    let want = vec![Arg::Int(a.clone())];
    let mut first_reason = None;
    for (place, c) in pos.components() {
        let Component::Of(r, s) = &c else {
            continue;
        };
        if r.rules().args(s) != want {
            continue;
        }
        // The heaps after the move, read as the family reads arguments.
        let after = if parts.is_empty() {
            Ok(Vec::new())
        } else {
            r.rules().components(&parts)
        };
        let after = match after {
            Ok(v) => v,
            Err(e) => {
                first_reason.get_or_insert(e.message);
                continue;
            }
        };
        {
            match check(&c, place, &Replacement::States(after)) {
                Ok(m) => return Ok(m),
                Err(why) => {
                    first_reason.get_or_insert(why);
                }
            }
        }
    }
    match first_reason {
        Some(why) => err(format!("{from} -> {to} is not a move: {why}")),
        None => err(format!("there is no heap of {a} in {pos}")),
    }
}

fn parse_int(word: &str, usage: &str) -> Result<num_bigint::BigInt, MoveError> {
    match crate::literal::classify_word(word) {
        Some(Ok(n)) => Ok(n),
        Some(Err(m)) => err(format!("{word}: {m}")),
        None => err(format!("'{word}' is not a number; {usage}")),
    }
}

fn natural(n: &num_bigint::BigInt) -> Option<num_bigint::BigUint> {
    n.to_biguint()
}

/// Whether two component lists are the same sum, with terminal components left out.
fn same_states(r: &dyn DynRuleset, a: &[Comp], b: &[Comp]) -> bool {
    let keep = |v: &[Comp]| {
        let mut v: Vec<Comp> = v
            .iter()
            .filter(|s| !r.options(s, no_limits()).is_ok_and(|o| o.is_empty()))
            .cloned()
            .collect();
        v.sort();
        v
    };
    keep(a) == keep(b)
}

fn render_states(r: &dyn DynRuleset, name: &str, states: &[Comp]) -> String {
    let args: Vec<String> = states
        .iter()
        .flat_map(|s| r.args(s).into_iter().map(|a| a.to_string()))
        .collect();
    format!("{name}({})", args.join(","))
}

/// Checks that component `c` at `place` may become `rep` in one move; returns the legal move
/// (in the family's own canonical form) or why not.
fn check(c: &Component, place: Place, rep: &Replacement) -> Result<PlayMove, String> {
    match (c, rep) {
        (Component::Star(n), Replacement::Star(m)) => {
            if m < n {
                Ok(PlayMove {
                    place,
                    to: rep.clone(),
                    text: format!("change {} to {}", n.star(), m.star()),
                })
            } else {
                Err(if n.is_zero() {
                    "the nimber 0 has no move".to_string()
                } else {
                    format!(
                        "the nimber {} can only become a smaller nimber (0 to *{})",
                        n.star(),
                        n.to_biguint() - 1u32
                    )
                })
            }
        }
        (Component::Of(r, s), Replacement::States(v)) => {
            let rules = r.rules();
            let before = render_states(rules, r.name(), std::slice::from_ref(s));
            let after = render_states(rules, r.name(), v);
            if let Ok(ms) = rules.options(s, no_limits()) {
                if let Some(m) = ms.iter().find(|m| same_states(rules, m, v)) {
                    return Ok(PlayMove {
                        place,
                        to: Replacement::States(m.clone()),
                        text: rules.describe(s, m),
                    });
                }
                if ms.is_empty() {
                    return Err(format!("{before} has no move at all"));
                }
                let shown: Vec<String> = ms
                    .iter()
                    .take(6)
                    .map(|m| {
                        format!(
                            "{} ({})",
                            render_states(rules, r.name(), m),
                            rules.describe(s, m)
                        )
                    })
                    .collect();
                let more = if ms.len() > 6 {
                    format!(", and {} more", ms.len() - 6)
                } else {
                    String::new()
                };
                return Err(format!(
                    "{before} cannot become {after}; its moves lead to {}{more}",
                    shown.join(", ")
                ));
            }
            // Too large to list: find the moves to the value of `v` through the family's hook.
            let mut value = Nimber::ZERO;
            for st in v {
                match rules.nimber(st, no_limits()) {
                    Ok(Some(x)) => value ^= &x,
                    _ => {
                        return Err(format!(
                            "{before} is too large to list its moves, and the value of {after} \
                             is unknown"
                        ))
                    }
                }
            }
            // Ask for a bounded list: a huge component (a Hackenbush picture of 10^5 edges)
            // may have as many moves to that value, each as large as itself.
            let found = match rules.counted_moves_to_value(s, &value, CHECK_MOVES, no_limits()) {
                Ok(Some((ms, count))) => {
                    let complete = count.is_some_and(|n| n <= BigUint::from(ms.len()));
                    Some((ms, complete))
                }
                Ok(None) | Err(_) => None,
            };
            match found {
                Some((ms, complete)) => match ms.iter().find(|m| same_states(rules, m, v)) {
                    Some(m) => Ok(PlayMove {
                        place,
                        to: Replacement::States(m.clone()),
                        text: rules.describe(s, m),
                    }),
                    None if complete => Err(format!("{before} cannot become {after} in one move")),
                    None => Err(format!(
                        "{before} is too large to list its moves, and {after} is not among the \
                         first {CHECK_MOVES} moves to its value, so this move cannot be checked"
                    )),
                },
                None => Err(format!(
                    "{before} is too large to list its moves, so this move cannot be checked"
                )),
            }
        }
        _ => Err("a nimber stays a nimber and a game keeps its family".to_string()),
    }
}

/// The most moves to one value listed to check a move typed on a component too large to list
/// every move.
const CHECK_MOVES: usize = 4096;

/// The engine's choice: the move, whether it wins, and the remoteness after it when known.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move.
    pub mv: PlayMove,
    /// Whether the move wins (leaves the opponent a lost position).
    pub wins: bool,
    /// The number of moves left after this move under best play, when the search reached it.
    pub remoteness_after: Option<u64>,
}

/// A perfect opponent: it wins whenever it can, as fast as it can, and otherwise delays.
#[derive(Debug)]
pub struct Engine {
    play: Play,
    limits: Limits,
    solver: RemotenessSolver<Component>,
}

/// Values tried, from 0, for a move of a component whose moves are too many to list.
const DELAY_TARGETS: u64 = 64;

/// Components tried that way before the engine says it finds no move.
const DELAY_COMPONENTS: usize = 16;

impl Engine {
    /// An engine for the play convention `play`, searching at most `limits.max_nodes` states
    /// before it falls back on nim-values.
    pub fn new(play: Play, limits: Limits) -> Self {
        Engine {
            play,
            solver: RemotenessSolver::new(play, limits.clone()),
            limits,
        }
    }

    /// Outcome and remoteness of a position, when the search is within the limits.
    pub fn remoteness(&mut self, pos: &Position) -> Result<Remoteness, Error> {
        let comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
        self.solver.remoteness(&comps)
    }

    /// Who wins the position (the player to move: `N`).
    pub fn outcome(&mut self, pos: &Position) -> Result<Outcome, Error> {
        if let Ok(r) = self.remoteness(pos) {
            return Ok(r.outcome);
        }
        Ok(self.analyze(pos)?.outcome)
    }

    fn analyze(&self, pos: &Position) -> Result<analysis::Analysis, Error> {
        let opts = Options {
            play: self.play,
            limits: self
                .limits
                .clone()
                .with_nodes(self.limits.max_nodes.max(Limits::default().max_nodes)),
            max_moves: 1,
            // One move is played: the others are neither listed nor counted.
            count: false,
            ..Options::default()
        };
        analysis::analyze(pos, &opts)
    }

    /// The move the engine plays: the fastest win when it has one, else the longest defence.
    ///
    /// Arguments: a position.
    /// Returns: `None` when there is no move; an error when not even the outcome can be
    /// computed, or (unsupported) when the position has moves but every component is too
    /// large to list them and none was found by value.
    /// Complexity: one remoteness search (memoised across calls), else one analysis.
    /// Example: from `nim(3,4,5)` the engine plays `nim(1,4,5)`.
    pub fn choose(&mut self, pos: &Position) -> Result<Option<Choice>, Error> {
        if !has_moves(pos) {
            return Ok(None);
        }
        let comps: Vec<(Place, Component)> = pos.components();
        let all: Vec<Component> = comps.iter().map(|(_, c)| c.clone()).collect();
        if let Ok(root) = self.solver.remoteness(&all) {
            let moves = legal_moves(pos, usize::MAX);
            let mut best: Option<(PlayMove, Remoteness)> = None;
            for m in moves.moves {
                let child: Vec<Component> = m
                    .apply(pos)
                    .components()
                    .into_iter()
                    .map(|(_, c)| c)
                    .collect();
                let r = self.solver.remoteness(&child)?;
                let better = match &best {
                    None => true,
                    Some((_, b)) => match root.outcome {
                        // Winning: a move to a lost position, the fastest one.
                        Outcome::N => {
                            r.outcome == Outcome::P
                                && (b.outcome != Outcome::P || r.moves < b.moves)
                        }
                        // Losing: the longest game.
                        _ => r.moves > b.moves,
                    },
                };
                if better {
                    best = Some((m, r));
                }
            }
            return Ok(best.map(|(mv, r)| Choice {
                mv,
                wins: r.outcome == Outcome::P,
                remoteness_after: Some(r.moves),
            }));
        }
        // Too large for remoteness: nim-values (or the misere analysis) decide.
        let a = self.analyze(pos)?;
        if a.outcome == Outcome::N {
            if let Some(w) = a.winning_moves.first() {
                // The analysis gives the move as which component becomes what: no parsing.
                return Ok(Some(Choice {
                    mv: PlayMove {
                        place: w.place,
                        to: w.replacement.clone(),
                        text: w.text.clone(),
                    },
                    wins: true,
                    remoteness_after: None,
                }));
            }
        }
        match self.delaying_move(pos)? {
            Some(mv) => Ok(Some(Choice {
                mv,
                wins: false,
                remoteness_after: None,
            })),
            // The position has moves, but none could be listed or reached by value (every
            // component too large to list its moves): say so rather than pretend the game is
            // over, which would make a front wait for a move forever.
            None => Err(Error::unsupported(format!(
                "the engine cannot find a move here: the moves of every component are too many \
                 to list, and no move of the first {DELAY_COMPONENTS} components leads to a \
                 value below {DELAY_TARGETS}"
            ))),
        }
    }

    /// A move for a losing position too large to search: lower the largest component value by
    /// one (every value below a component's value is an option's value, by the mex rule).
    fn delaying_move(&self, pos: &Position) -> Result<Option<PlayMove>, Error> {
        if self.play == Play::Normal {
            let limits = &self.limits;
            let mut best: Option<(Place, Component, Nimber)> = None;
            for (place, c) in pos.components() {
                let v = analysis::component_nimber(&c, limits)?;
                if !v.is_zero() && best.as_ref().is_none_or(|(_, _, b)| v > *b) {
                    best = Some((place, c, v));
                }
            }
            if let Some((place, c, v)) = best {
                let target = Nimber::from_big(v.to_biguint() - 1u32);
                match &c {
                    Component::Star(_) => {
                        return Ok(check(&c, place, &Replacement::Star(target)).ok());
                    }
                    Component::Of(r, s) => {
                        if let Ok(Some((ms, _))) =
                            r.rules().counted_moves_to_value(s, &target, 1, limits)
                        {
                            if let Some(m) = ms.first() {
                                return Ok(Some(PlayMove {
                                    place,
                                    text: r.rules().describe(s, m),
                                    to: Replacement::States(m.clone()),
                                }));
                            }
                        }
                        if let Ok(ms) = r.rules().options(s, limits) {
                            for m in ms {
                                let mut x = Nimber::ZERO;
                                for st in &m {
                                    x ^= &r.rules().value(st, limits)?;
                                }
                                if x == target {
                                    return Ok(Some(PlayMove {
                                        place,
                                        text: r.rules().describe(s, &m),
                                        to: Replacement::States(m),
                                    }));
                                }
                            }
                        }
                    }
                }
            }
        }
        if let Some(m) = legal_moves(pos, 1).moves.into_iter().next() {
            return Ok(Some(m));
        }
        // Every component is too large to list its moves (a huge staircase): a move to one of
        // the small values, found by the family's own `counted_moves_to_value`, is a legal move.
        let limits = &self.limits;
        // A few components suffice (a move of any one is a move); a sum of a million huge
        // components must not cost a million searches.
        for (place, c) in pos.components().into_iter().take(DELAY_COMPONENTS) {
            let Component::Of(r, s) = &c else { continue };
            for t in 0..DELAY_TARGETS {
                if let Ok(Some((ms, _))) =
                    r.rules()
                        .counted_moves_to_value(s, &Nimber::from(t), 1, limits)
                {
                    if let Some(m) = ms.into_iter().next() {
                        return Ok(Some(PlayMove {
                            place,
                            text: r.rules().describe(s, &m),
                            to: Replacement::States(m),
                        }));
                    }
                }
            }
        }
        Ok(None)
    }

    /// A winning move for the player to move, when there is one (the fastest win).
    pub fn hint(&mut self, pos: &Position) -> Result<Option<Choice>, Error> {
        Ok(self.choose(pos)?.filter(|c| c.wins))
    }
}

/// Outcome and remoteness of a whole position under `play`, by a search bounded by `limits`.
///
/// Arguments: a position, the play convention, the limits.
/// Returns: who wins and in how many moves (winner hurries, loser delays), or the limit that
/// stopped the search (a million-heap Nim fails at once, it does not run).
/// Complexity: see [`RemotenessSolver::remoteness`].
/// Example: `remoteness(&parse("nim(1,1)")?, Play::Normal, &limits)?.moves == 2`.
pub fn remoteness(pos: &Position, play: Play, limits: &Limits) -> Result<Remoteness, Error> {
    let comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
    crate::solve::remoteness(&comps, play, limits)
}

impl fmt::Display for PlayMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Limits for listing the moves of one component (no search is involved).
fn no_limits() -> &'static Limits {
    static L: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
    L.get_or_init(Limits::default)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn pos(s: &str) -> Position {
        parse(s).unwrap()
    }

    #[test]
    fn a_huge_picture_lists_only_as_many_moves_as_asked() {
        // 5001 ground edges: too many to enumerate, every cut wins (value *1 -> 0). The list
        // asks the family for at most `cap` moves, instead of building all 5001 pictures.
        let edges: Vec<String> = (1..=5001).map(|i| format!("g-{i}")).collect();
        let p = pos(&format!("hackenbush({})", edges.join(", ")));
        let list = legal_moves(&p, 20);
        assert_eq!(list.moves.len(), 20);
        assert!(!list.complete);
        for m in &list.moves {
            let after = m.apply(&p);
            let a = crate::analysis::nimber(&after, &Limits::default()).unwrap();
            assert_eq!(a, Nimber::ZERO, "{}", m.text);
        }
    }

    #[test]
    fn move_forms_agree() {
        let p = pos("nim(3,4,5)");
        let list = legal_moves(&p, 100);
        assert!(list.complete);
        assert_eq!(list.moves.len(), 12);
        let by_short = parse_move(Registry::shared(), &p, "3 -> 1", &list)
            .unwrap()
            .apply(&p);
        let by_pos = parse_move(Registry::shared(), &p, "nim(1, 4, 5)", &list)
            .unwrap()
            .apply(&p);
        assert_eq!(by_short.to_string(), "nim(1,4,5)");
        assert_eq!(by_pos, by_short);
        let k = list
            .moves
            .iter()
            .position(|m| m.apply(&p) == by_short)
            .unwrap();
        let by_number = parse_move(Registry::shared(), &p, &(k + 1).to_string(), &list)
            .unwrap()
            .apply(&p);
        assert_eq!(by_number, by_short);
        // Taking a whole heap, written by dropping it.
        let m = parse_move(Registry::shared(), &p, "nim(4,5)", &list).unwrap();
        assert_eq!(m.apply(&p).to_string(), "nim(0,4,5)");
    }

    #[test]
    fn wrong_entries_are_explained() {
        let p = pos("nim(3,4,5)");
        let list = legal_moves(&p, 100);
        for bad in [
            "",
            "0",
            "13",
            "3 -> 7",
            "6 -> 1",
            "nim(3,4,7)",
            "nim(1,1,5)",
            "nim(",
            "x",
        ] {
            let e = parse_move(Registry::shared(), &p, bad, &list).unwrap_err();
            assert!(!e.message.is_empty(), "{bad}");
        }
        assert!(parse_move(Registry::shared(), &p, "3 -> 7", &list)
            .unwrap_err()
            .message
            .contains("cannot become"));
        assert!(parse_move(Registry::shared(), &p, "nim(3,4,5)", &list)
            .unwrap_err()
            .message
            .contains("position now"));
    }

    #[test]
    fn huge_heaps_are_capped_but_playable() {
        let p = pos("nim(10^30, 7)");
        let list = legal_moves(&p, 20);
        assert!(!list.complete);
        assert_eq!(list.moves.len(), 20);
        assert_eq!(list.moves[0].apply(&p).to_string(), "nim(0,7)");
        let m = parse_move(Registry::shared(), &p, "10^30 -> 5", &list).unwrap();
        assert_eq!(m.apply(&p).to_string(), "nim(5,7)");
        assert!(parse_move(Registry::shared(), &p, "10^30 -> 10^31", &list).is_err());
        let mut e = Engine::new(Play::Normal, Limits::default().with_nodes(1000));
        let c = e.choose(&p).unwrap().unwrap();
        assert!(c.wins);
        assert_eq!(c.mv.apply(&p).to_string(), "nim(7,7)");
    }

    #[test]
    fn engine_wins_fast_and_loses_slowly() {
        let mut e = Engine::new(Play::Normal, Limits::default());
        let p = pos("nim(3,4,5)");
        let c = e.choose(&p).unwrap().unwrap();
        assert!(c.wins);
        assert_eq!(c.mv.apply(&p).to_string(), "nim(1,4,5)");
        // Losing in nim(1,1): any move; in nim(2,2) the longest defence takes 1, not 2.
        let p = pos("nim(2,2)");
        let c = e.choose(&p).unwrap().unwrap();
        assert!(!c.wins);
        assert_eq!(c.remoteness_after, Some(3));
        assert_eq!(e.choose(&pos("nim(0,0)")).unwrap().map(|c| c.wins), None);
    }

    #[test]
    fn engine_moves_where_no_move_can_be_listed() {
        // A lost staircase whose stairs hold 10^30 coins: too many moves to list, so the
        // engine finds one through the family's moves to a small value. Every move from a
        // P-position leads to an N-position, and coins only go down.
        let mut e = Engine::new(Play::Normal, Limits::default());
        let p = pos("staircase(10^30,5,10^30,7)");
        assert!(legal_moves(&p, 1).moves.is_empty());
        let c = e.choose(&p).unwrap().unwrap();
        assert!(!c.wins);
        let after = c.mv.apply(&p);
        assert_ne!(after, p);
        let a = crate::analysis::analyze(&after, &Options::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{after}");
    }

    #[test]
    fn tb_split_in_short_form() {
        let p = pos("tb[0.77](5)");
        let list = legal_moves(&p, 100);
        let m = parse_move(Registry::shared(), &p, "5 -> 1 2", &list).unwrap();
        assert_eq!(m.apply(&p).to_string(), "tb[0.77](1,2)");
        let m = parse_move(Registry::shared(), &p, "5 -> 2, 1", &list).unwrap();
        assert_eq!(m.apply(&p).to_string(), "tb[0.77](1,2)");
    }
}
