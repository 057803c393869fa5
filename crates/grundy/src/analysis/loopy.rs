//! Analysis of sums that contain loopy components (tokens on graphs with cycles, rule scripts
//! whose positions recur).
//!
//! Values follow Smith's rules ([`crate::value_sum`]); a move wins when the sum after it has
//! outcome P, and keeps a draw when the sum after it has outcome D.
//!
//! A component of a family that [`crate::rules::DynRuleset::may_loop`] and whose search met a
//! cycle is solved by exploring the positions it reaches: the states are sorted multisets of
//! components (an option may be a sum), the moves of a state are the moves of its parts, and
//! Smith's algorithm ([`grundy_graph::solve`]) labels that graph. Exploring whole sum states
//! keeps the answer exact when an option is a sum of two loopy parts, whose value is not a
//! function of the parts' values alone. Misere play explores the whole position the same way
//! and labels it by retrograde analysis ([`grundy_graph::misere_outcomes`]).

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::analysis::{
    component_moves, component_nimber, render, replacement_components, Analysis, Options,
};
use crate::position::{Component, Position, Term};
use crate::{value_sum as sum, Value};
use crate::{Error, Limits};
use crate::{Nimber, Outcome, Play};

/// Whether some component of the position belongs to a family whose positions may recur.
pub(crate) fn may_loop(pos: &Position) -> bool {
    pos.terms.iter().any(|t| match t {
        Term::Game { rules, .. } => rules.rules().may_loop(),
        Term::Star(_) => false,
    })
}

/// Whether some component of the position belongs to a loopy family.
pub(crate) fn is_loopy(pos: &Position) -> bool {
    // Looks at the terms in place: cloning every component of a million-heap Nim position
    // just to ask this would cost more than the whole answer.
    pos.terms.iter().any(|t| match t {
        Term::Game { rules, comps } => comps.iter().any(|s| rules.rules().loopy_value(s).is_some()),
        Term::Star(_) => false,
    })
}

/// The values of components already found in one analysis (exploring one component labels
/// every position it reaches).
type Memo = HashMap<Component, Value>;

fn value_of(c: &Component, limits: &Limits, memo: &mut Memo) -> Result<Value, Error> {
    if let Component::Of(r, s) = c {
        if let Some(v) = r.rules().loopy_value(s) {
            return Ok(v);
        }
        if let Some(v) = memo.get(c) {
            return Ok(v.clone());
        }
        if r.rules().may_loop() {
            match component_nimber(c, limits) {
                Ok(n) => return Ok(Value::Finite(n)),
                Err(Error::Cycle) => {
                    let explored = explore(std::slice::from_ref(c), limits)?;
                    let values = grundy_graph::solve(&explored.graph);
                    for (v, state) in explored.states.into_iter().enumerate() {
                        if state.len() == 1 {
                            if let Some(one) = state.into_iter().next() {
                                memo.insert(one, values.value(&explored.graph, v as u32));
                            }
                        }
                    }
                    return memo.get(c).cloned().ok_or(Error::Cycle);
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Value::Finite(component_nimber(c, limits)?))
}

/// The graph of the sum states reachable from a start state, vertex 0 being the start.
struct Explored {
    /// Each vertex's state: a sorted multiset of components.
    states: Vec<Vec<Component>>,
    /// The moves between states.
    graph: grundy_graph::Graph,
}

/// The bytes a component takes in a state's list (its handle; what it points to is shared).
const COMPONENT_BYTES: usize = std::mem::size_of::<Component>();

/// Explores every sum state reachable from `start`, by breadth-first search.
///
/// Arguments: the start (any components; they are sorted) and the limits (positions, time,
/// cancellation).
/// Returns: the states and the graph of their moves, or the limit that stopped the search
/// (more states than `limits.max_nodes`, or their components past `limits.max_memory`).
/// Complexity: one option listing per distinct component met (listings are kept), plus
/// O(k log k) per move for states of k components; memory linear in states and moves.
fn explore(start: &[Component], limits: &Limits) -> Result<Explored, Error> {
    let mut first = start.to_vec();
    first.sort();
    let mut index: HashMap<Vec<Component>, u32> = HashMap::new();
    let mut states: Vec<Vec<Component>> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut listings: HashMap<Component, Vec<Vec<Component>>> = HashMap::new();
    let mut ticker = crate::limits::Ticker::default();
    let mut held = 0usize;
    index.insert(first.clone(), 0);
    states.push(first);
    let mut next = 0usize;
    while next < states.len() {
        ticker.tick(limits)?;
        let state = states[next].clone();
        for (i, part) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == *part {
                continue;
            }
            if !listings.contains_key(part) {
                let mut outs = Vec::new();
                for rep in component_moves(part, limits)? {
                    outs.push(replacement_components(part, &rep));
                }
                listings.insert(part.clone(), outs);
            }
            let Some(outs) = listings.get(part) else {
                continue;
            };
            for out in outs {
                let mut to: Vec<Component> = Vec::with_capacity(state.len() + out.len());
                to.extend(state[..i].iter().cloned());
                to.extend(state[i + 1..].iter().cloned());
                to.extend(out.iter().cloned());
                to.sort();
                let id = match index.get(&to) {
                    Some(&id) => id,
                    None => {
                        if states.len() >= limits.max_nodes {
                            return Err(Error::positions(limits.max_nodes));
                        }
                        // Each state is kept twice (its index and its list), with the table's
                        // and the lists' overheads about three times its components (measured:
                        // 4.5 GB resident where twice the components came to 2.9 GB): a game
                        // whose sums grow with every move (0 -> 0 + 0) holds states of ever
                        // more components long before it has many states.
                        held = held.saturating_add(3 * to.len().max(1) * COMPONENT_BYTES + 64);
                        if held as u64 > limits.max_memory {
                            return Err(Error::limit(
                                crate::Limit::Memory(limits.max_memory),
                                format!(
                                    "the sums reachable from this position hold about {} MiB \
                                     in {} states, more than the memory limit",
                                    held >> 20,
                                    states.len()
                                ),
                            ));
                        }
                        let id = u32::try_from(states.len())
                            .map_err(|_| Error::positions(limits.max_nodes))?;
                        index.insert(to.clone(), id);
                        states.push(to);
                        id
                    }
                };
                edges.push((next as u32, id));
            }
        }
        next += 1;
    }
    let count = u32::try_from(states.len()).map_err(|_| Error::positions(limits.max_nodes))?;
    let graph = grundy_graph::Graph::from_edges(count, &edges)?;
    Ok(Explored { states, graph })
}

/// Misere play of a position with a component whose positions recur: the outcome of the
/// whole sum by retrograde analysis of its state graph, and the moves to P-positions.
fn analyze_loopy_misere(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    let comps = pos.components();
    let all: Vec<Component> = comps.iter().map(|(_, c)| c.clone()).collect();
    let explored = explore(&all, &opts.limits)?;
    let outcomes = grundy_graph::misere_outcomes(&explored.graph);
    let outcome = outcomes.first().copied().unwrap_or(Outcome::N);
    let mut winning = Vec::new();
    let mut winning_total = 0usize;
    let mut drawing = Vec::new();
    let mut drawing_total = 0usize;
    if outcome != Outcome::P {
        // Every option of the start was explored, so each is found here.
        let index: HashMap<&[Component], usize> = explored
            .states
            .iter()
            .enumerate()
            .map(|(v, s)| (s.as_slice(), v))
            .collect();
        for (i, (place, c)) in comps.iter().enumerate() {
            for rep in component_moves(c, &opts.limits)? {
                let mut next: Vec<Component> = Vec::with_capacity(all.len() + 1);
                next.extend(all[..i].iter().cloned());
                next.extend(all[i + 1..].iter().cloned());
                next.extend(replacement_components(c, &rep));
                next.sort();
                let after = index
                    .get(next.as_slice())
                    .and_then(|&v| outcomes.get(v).copied())
                    .unwrap_or(Outcome::D);
                let keep = match (outcome, after) {
                    (Outcome::N, Outcome::P) => &mut winning,
                    (Outcome::D, Outcome::D) => &mut drawing,
                    _ => continue,
                };
                if outcome == Outcome::N {
                    winning_total += 1;
                } else {
                    drawing_total += 1;
                }
                if keep.len() < opts.max_moves {
                    keep.push(render(pos, *place, c, rep));
                }
            }
        }
    }
    Ok(Analysis {
        game: String::new(),
        shown: None,
        play: Play::Misere,
        outcome,
        nimber: None,
        value: None,
        winning_moves: winning,
        winning_moves_total: Some(BigUint::from(winning_total)),
        winning_moves_note: None,
        drawing_moves: drawing,
        drawing_moves_total: drawing_total,
        remoteness: None,
        method: Some("retrograde analysis of the sum's positions (the game has cycles)".into()),
        rule: super::Rule::Loopy,
    })
}

/// Outcome, value, winning and drawing moves of a sum with loopy components (normal play).
pub(crate) fn analyze_loopy(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    if opts.play == Play::Misere && !is_loopy(pos) {
        return analyze_loopy_misere(pos, opts);
    }
    if opts.play == Play::Misere {
        return Err(Error::unsupported(
            "misere play of a sum with cycles is not supported: Smith's theory of loopy values \
             is for normal play (one token on a graph: the graph command answers misere play)",
        ));
    }
    let limits = &opts.limits;
    let comps = pos.components();
    let mut memo = Memo::new();
    let mut values = Vec::with_capacity(comps.len());
    for (_, c) in &comps {
        values.push(value_of(c, limits, &mut memo)?);
    }
    let total = sum(&values);
    let outcome = total.outcome();
    let mut winning = Vec::new();
    let mut winning_total = 0usize;
    let mut drawing = Vec::new();
    let mut drawing_total = 0usize;
    if outcome != Outcome::P {
        for (i, (place, c)) in comps.iter().enumerate() {
            let mut others: Vec<Value> = Vec::with_capacity(values.len() + 2);
            others.extend(values[..i].iter().cloned());
            others.extend(values[i + 1..].iter().cloned());
            let base = others.len();
            for rep in component_moves(c, limits)? {
                others.truncate(base);
                for part in replacement_components(c, &rep) {
                    others.push(value_of(&part, limits, &mut memo)?);
                }
                let after = sum(&others).outcome();
                let keep = match (outcome, after) {
                    (Outcome::N, Outcome::P) => &mut winning,
                    (Outcome::D, Outcome::D) => &mut drawing,
                    _ => continue,
                };
                if outcome == Outcome::N {
                    winning_total += 1;
                } else {
                    drawing_total += 1;
                }
                if keep.len() < opts.max_moves {
                    keep.push(render(pos, *place, c, rep));
                }
            }
        }
    }
    let nimber: Option<Nimber> = total.nimber().cloned();
    Ok(Analysis {
        game: String::new(),
        shown: None,
        play: Play::Normal,
        outcome,
        nimber,
        value: Some(total),
        winning_moves: winning,
        winning_moves_total: Some(BigUint::from(winning_total)),
        winning_moves_note: None,
        drawing_moves: drawing,
        drawing_moves_total: drawing_total,
        remoteness: None,
        method: None,
        rule: super::Rule::Loopy,
    })
}
