//! Analysis of sums that contain loopy components (tokens on graphs with cycles).
//!
//! Values follow Smith's rules ([`crate::value_sum`]); a move wins when the sum after it has
//! outcome P, and keeps a draw when the sum after it has outcome D.

use num_bigint::BigUint;

use crate::analysis::{
    component_moves, component_nimber, render, replacement_components, Analysis, Options,
};
use crate::position::{Component, Position, Term};
use crate::{value_sum as sum, Value};
use crate::{Error, Limits};
use crate::{Nimber, Outcome, Play};

/// Whether some component of the position belongs to a loopy family.
pub(crate) fn is_loopy(pos: &Position) -> bool {
    // Looks at the terms in place: cloning every component of a million-heap Nim position
    // just to ask this would cost more than the whole answer.
    pos.terms.iter().any(|t| match t {
        Term::Game { rules, comps } => comps.iter().any(|s| rules.rules().loopy_value(s).is_some()),
        Term::Star(_) => false,
    })
}

fn value_of(c: &Component, limits: &Limits) -> Result<Value, Error> {
    if let Component::Of(r, s) = c {
        if let Some(v) = r.rules().loopy_value(s) {
            return Ok(v);
        }
    }
    Ok(Value::Finite(component_nimber(c, limits)?))
}

/// Outcome, value, winning and drawing moves of a sum with loopy components (normal play).
pub(crate) fn analyze_loopy(pos: &Position, opts: &Options) -> Result<Analysis, Error> {
    if opts.play == Play::Misere {
        return Err(Error::unsupported(
            "misere play of a sum with cycles is not supported: Smith's theory of loopy values \
             is for normal play (one token on a graph: the graph command answers misere play)",
        ));
    }
    let limits = &opts.limits;
    let comps = pos.components();
    let mut values = Vec::with_capacity(comps.len());
    for (_, c) in &comps {
        values.push(value_of(c, limits)?);
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
                    others.push(value_of(&part, limits)?);
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
    })
}
