//! Playing sums of tokens: the value of a position, winning and drawing moves, and the
//! counter strategy that turns a finite value into a real win.
//!
//! Why a move to a P-position is a real win, even on a graph with cycles (Smith 1966):
//! a sum is P exactly when every token has a finite value and their XOR is 0. From such a
//! position, whatever the opponent does to token i (from u, value a, to v), [`counter_reply`]
//! answers so that the sum is P again:
//! - if γ(v) = b < a, a Nim move on some token j lowers its value from c to c ⊕ a ⊕ b < c;
//! - if γ(v) > a or γ(v) = ∞, token i moves on to a follower w of v with γ(w) = a and a counter
//!   c(w) < c(u), which exists by the definition of γ (see [`crate::GraphValues`]).
//!
//! Every round replaces one or two (value, counter) pairs of the multiset of tokens by
//! lexicographically smaller pairs, and the multiset order on a well-founded order is
//! well-founded, so the rounds end; they can only end with the opponent unable to move.
//! Without the counter condition a "reversal" could lead back to where it started and the
//! game would cycle: a draw, not a win.

use crate::solve::INF;
use crate::{sum_value, Graph, GraphError, GraphValues, LoopyValue};

/// A summary of the tokens other than one: how many are infinite, the XOR of the finite ones,
/// and the one infinite token if there is exactly one.
struct Others {
    infinite: usize,
    xor: u64,
    the_infinite: Option<usize>,
}

fn check_tokens(graph: &Graph, values: &GraphValues, tokens: &[u32]) -> Result<(), GraphError> {
    if values.len() != graph.vertex_count() {
        return Err(GraphError::ValuesMismatch {
            values: values.len() as u64,
            vertices: graph.vertex_count() as u64,
        });
    }
    tokens.iter().try_for_each(|&t| graph.check_vertex(t))
}

fn others(values: &GraphValues, tokens: &[u32], skip: usize) -> Others {
    let mut o = Others {
        infinite: 0,
        xor: 0,
        the_infinite: None,
    };
    for (j, &t) in tokens.iter().enumerate() {
        if j == skip {
            continue;
        }
        match values.finite(t) {
            Some(x) => o.xor ^= x,
            None => {
                o.infinite += 1;
                o.the_infinite = Some(j);
            }
        }
    }
    o
}

/// The value of the sum of tokens on the given vertices (a vertex may carry several tokens).
///
/// Arguments: the `graph`, its `values` from [`crate::solve`], and the token vertices.
///
/// Returns: the sum's [`LoopyValue`] by Smith's rules ([`sum_value`]); its outcome says who
/// wins; `VertexOutOfRange` for a token that is not a vertex.
///
/// Complexity: O(k + the out-degree of the infinite tokens) for k tokens.
///
/// Example:
/// ```
/// use grundy_graph::{position_value, solve, Graph, LoopyValue};
/// let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// let vals = solve(&g);
/// // The path 0 -> 1 -> 2 has values 0, *1, 0.
/// assert_eq!(position_value(&g, &vals, &[0, 1]).unwrap(), LoopyValue::finite(1));
/// ```
pub fn position_value(
    graph: &Graph,
    values: &GraphValues,
    tokens: &[u32],
) -> Result<LoopyValue, GraphError> {
    check_tokens(graph, values, tokens)?;
    let vals: Vec<LoopyValue> = tokens.iter().map(|&t| values.value(graph, t)).collect();
    Ok(sum_value(&vals))
}

/// Every move of the sum of tokens to a P-position: the winning moves of an N-position.
///
/// Arguments: the `graph`, its `values`, and `tokens` (the vertex of each token).
///
/// Returns: pairs `(token index, vertex the token moves to)`, empty for P and D positions.
/// A target is P exactly when all its tokens are finite with XOR 0, so with an infinite token
/// the only winning moves take that token to a follower whose value is the XOR of the others.
/// Moves that lower the moved token's value (or leave ∞) come first, each group by increasing
/// counter of the target: the first move is the one the counter strategy makes, and every
/// listed move wins when followed by [`counter_reply`] (see the module documentation).
///
/// Complexity: O(k + sum of the out-degrees of the tokens) for k tokens.
///
/// Example:
/// ```
/// use grundy_graph::{solve, winning_moves, Graph};
/// // 0 <-> 1, 1 -> 2: a token on 1 wins by moving to 0 (value 0) or to 2 (terminal).
/// let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
/// let vals = solve(&g);
/// let moves = winning_moves(&g, &vals, &[1]).unwrap();
/// assert_eq!(moves.len(), 2);
/// assert!(winning_moves(&g, &vals, &[0]).unwrap().is_empty());
/// ```
pub fn winning_moves(
    graph: &Graph,
    values: &GraphValues,
    tokens: &[u32],
) -> Result<Vec<(usize, u32)>, GraphError> {
    check_tokens(graph, values, tokens)?;
    // (goes up?, counter of target, token, target): sorting puts the counter strategy first.
    let mut found: Vec<(bool, u32, usize, u32)> = Vec::new();
    for (i, &t) in tokens.iter().enumerate() {
        let o = others(values, tokens, i);
        if o.infinite > 0 {
            continue;
        }
        let here = values.raw(t);
        for &w in graph.successors(t) {
            if values.finite(w) == Some(o.xor) {
                let up = here != INF && u64::from(here) < o.xor;
                found.push((up, values.counter(w), i, w));
            }
        }
    }
    found.sort_unstable();
    Ok(found.into_iter().map(|(_, _, i, w)| (i, w)).collect())
}

/// Every move of the sum of tokens to a D-position: the moves that keep a draw.
///
/// Arguments: the `graph`, its `values`, and `tokens` (the vertex of each token).
///
/// Returns: pairs `(token index, vertex the token moves to)` after which the position is a
/// draw (so the opponent gets neither a win nor a lost position). From a D position such a
/// move always exists (a D position has no move to P, and if every move went to N it would
/// be P); from an N position the list may be empty. Listed in token order, then by target.
///
/// Complexity: O(k + sum over the moves of the out-degree of their targets).
///
/// Example:
/// ```
/// use grundy_graph::{drawing_moves, solve, Graph};
/// // 0 <-> 1: from 0 the only move, to 1, keeps the draw going.
/// let g = Graph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
/// let vals = solve(&g);
/// assert_eq!(drawing_moves(&g, &vals, &[0]).unwrap(), vec![(0, 1)]);
/// ```
pub fn drawing_moves(
    graph: &Graph,
    values: &GraphValues,
    tokens: &[u32],
) -> Result<Vec<(usize, u32)>, GraphError> {
    check_tokens(graph, values, tokens)?;
    let mut moves = Vec::new();
    for (i, &t) in tokens.iter().enumerate() {
        let o = others(values, tokens, i);
        // With exactly one other infinite token, the target is N iff the finite part is in
        // its K; compute that K once per token.
        let other_k = match (o.infinite, o.the_infinite) {
            (1, Some(j)) => values.k_set(graph, tokens[j]),
            _ => Vec::new(),
        };
        for &w in graph.successors(t) {
            let draw = match (o.infinite, values.finite(w)) {
                (0, Some(_)) => false,
                (0, None) => !graph
                    .successors(w)
                    .iter()
                    .any(|&x| values.finite(x) == Some(o.xor)),
                (1, Some(g)) => other_k.binary_search(&(o.xor ^ g)).is_err(),
                _ => true,
            };
            if draw {
                moves.push((i, w));
            }
        }
    }
    Ok(moves)
}

/// The counter strategy's answer to the opponent's move from a P-position.
///
/// Arguments: the `graph`, its `values`, `before` (a P-position: all tokens finite, XOR 0)
/// and `after` (the same tokens after the opponent moved exactly one of them).
///
/// Returns: `Ok(Some((token, vertex)))`, a move back to a P-position whose (value, counter)
/// pairs are smaller, so that repeating it wins in finitely many moves (see the module
/// documentation); `Ok(None)` when `before` is not P or `after` is not one move from it;
/// `VertexOutOfRange` for a token that is not a vertex.
///
/// Complexity: O(k + out-degree) for k tokens.
///
/// Example:
/// ```
/// use grundy_graph::{counter_reply, solve, Graph};
/// // 0 <-> 1, 1 -> 2: from 0 the opponent must go to 1; we answer 1 -> 2 (counter 0), not
/// // 1 -> 0, which would repeat the position.
/// let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
/// let vals = solve(&g);
/// assert_eq!(counter_reply(&g, &vals, &[0], &[1]).unwrap(), Some((0, 2)));
/// ```
pub fn counter_reply(
    graph: &Graph,
    values: &GraphValues,
    before: &[u32],
    after: &[u32],
) -> Result<Option<(usize, u32)>, GraphError> {
    check_tokens(graph, values, before)?;
    check_tokens(graph, values, after)?;
    if before.len() != after.len() {
        return Ok(None);
    }
    let mut xor = 0u64;
    for &t in before {
        match values.finite(t) {
            Some(x) => xor ^= x,
            None => return Ok(None),
        }
    }
    let mut changed = before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a);
    let (i, (&from, &to)) = match (changed.next(), changed.next()) {
        (Some(c), None) => c,
        _ => return Ok(None),
    };
    if xor != 0 || !graph.successors(from).contains(&to) {
        return Ok(None);
    }
    // `from` is finite because `before` is all finite.
    let a = values.finite(from).unwrap_or(0);
    let best = |v: u32, target: u64, below: Option<u32>| -> Option<u32> {
        graph
            .successors(v)
            .iter()
            .copied()
            .filter(|&w| values.finite(w) == Some(target))
            .filter(|&w| below.map_or(true, |c| values.counter(w) < c))
            .min_by_key(|&w| values.counter(w))
    };
    match values.finite(to) {
        Some(b) if b < a => {
            // A Nim move: lower the token whose value has the top bit of a ^ b set.
            let s = a ^ b;
            for (j, &t) in after.iter().enumerate() {
                let Some(c) = values.finite(t) else { continue };
                if c ^ s < c {
                    return Ok(best(t, c ^ s, None).map(|w| (j, w)));
                }
            }
            Ok(None)
        }
        _ => Ok(best(to, a, Some(values.counter(from))).map(|w| (i, w))),
    }
}
