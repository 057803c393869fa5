//! Generalized Sprague-Grundy values of every vertex: Kahn's algorithm for the acyclic part,
//! then the labelling algorithm of Smith (1966) and Fraenkel & Yesha (1986) for the rest.

use crate::{Graph, LoopyValue, Outcome};

/// The raw label of a vertex whose value is `∞(K)`.
pub(crate) const INF: u32 = u32::MAX;
/// The raw label of a vertex not yet labelled (only during the solve).
const UNLABELED: u32 = u32::MAX - 1;
/// Flag: the vertex has a follower labelled with the current value `m`.
const BLOCKED: u8 = 1;
/// Flag: the (unlabelled or infinite) vertex has a follower labelled `m`, so it is no
/// obstacle to its predecessors getting the value `m`.
const HAS_M: u8 = 2;

/// The generalized Sprague-Grundy function γ of every vertex of a graph, with its counter.
///
/// γ(v) is a finite nim-value or `∞(K)`; the counter `c` is what makes a finite value a real
/// win: if γ(u) = m and a follower v has γ(v) > m (or ∞), then v has a follower w with
/// γ(w) = m and c(w) < c(u), so the player who "reverses" an opponent's escape always lands
/// on a smaller counter and the reversals cannot go on forever.
#[derive(Debug, Clone)]
pub struct GraphValues {
    gamma: Vec<u32>,
    counter: Vec<u32>,
    acyclic: bool,
    stages: u32,
}

impl GraphValues {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.gamma.len()
    }

    /// True for the values of an empty graph.
    pub fn is_empty(&self) -> bool {
        self.gamma.is_empty()
    }

    /// The finite value of `v`, or `None` when it is infinite (or `v` is not a vertex).
    pub fn finite(&self, v: u32) -> Option<u64> {
        match self.gamma.get(v as usize) {
            Some(&g) if g < UNLABELED => Some(u64::from(g)),
            _ => None,
        }
    }

    /// True when γ(v) is `∞(K)` for some `K`.
    pub fn is_infinite(&self, v: u32) -> bool {
        self.gamma.get(v as usize) == Some(&INF)
    }

    /// The counter of `v`: the order in which finite values were assigned (0 for infinite).
    pub fn counter(&self, v: u32) -> u32 {
        self.counter.get(v as usize).copied().unwrap_or(0)
    }

    /// True when the graph had no cycle, so every value is an ordinary nim-value.
    pub fn is_acyclic(&self) -> bool {
        self.acyclic
    }

    /// The number of labelling rounds the loopy algorithm ran (0 for an acyclic graph).
    pub fn stages(&self) -> u32 {
        self.stages
    }

    pub(crate) fn raw(&self, v: u32) -> u32 {
        self.gamma.get(v as usize).copied().unwrap_or(INF)
    }

    /// The value γ(v); for `∞(K)` the set `K` (the finite values of the followers) is
    /// computed here rather than stored, which saves a vector per vertex on huge graphs.
    ///
    /// Arguments: the `graph` these values were computed for, and a vertex `v` of it.
    ///
    /// Returns: `Finite(n)` or `Infinite(K)` with `K` sorted.
    ///
    /// Complexity: O(1) for finite values, O(d log d) for `∞(K)` with d = out-degree.
    ///
    /// Example:
    /// ```
    /// use grundy_graph::{solve, Graph, LoopyValue};
    /// // 0 <-> 1 is a cycle; 1 -> 2 where 2 is terminal.
    /// let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
    /// let vals = solve(&g);
    /// assert_eq!(vals.value(&g, 2), LoopyValue::finite(0));
    /// assert_eq!(vals.value(&g, 1), LoopyValue::finite(1));
    /// assert_eq!(vals.value(&g, 0), LoopyValue::finite(0));
    /// ```
    pub fn value(&self, graph: &Graph, v: u32) -> LoopyValue {
        match self.finite(v) {
            Some(n) => LoopyValue::finite(n),
            None => LoopyValue::Infinite(self.k_set(graph, v)),
        }
    }

    /// The set K of finite values among the followers of `v`, sorted.
    pub(crate) fn k_set(&self, graph: &Graph, v: u32) -> Vec<u64> {
        let mut k: Vec<u64> = graph
            .successors(v)
            .iter()
            .filter_map(|&w| self.finite(w))
            .collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// The outcome of one token on `v`: P for value 0, N for another finite value or for
    /// `∞(K)` with 0 in K, D otherwise.
    ///
    /// Complexity: O(out-degree of v).
    pub fn outcome(&self, graph: &Graph, v: u32) -> Outcome {
        match self.finite(v) {
            Some(0) => Outcome::P,
            Some(_) => Outcome::N,
            None if graph
                .successors(v)
                .iter()
                .any(|&w| self.finite(w) == Some(0)) =>
            {
                Outcome::N
            }
            None => Outcome::D,
        }
    }
}

/// Computes Smith's generalized Sprague-Grundy value of every vertex.
///
/// Arguments: `graph`, any finite directed graph (cycles and self-loops allowed).
///
/// Returns: the values and counters of all vertices.
///
/// The algorithm, without recursion:
/// 0. If every edge goes from a lower to a higher id (or every edge the other way), the ids are
///    a topological order and the nim-values are computed by one sequential sweep.
/// 1. Kahn's algorithm in reverse (from terminal vertices back along predecessors) labels every
///    vertex that cannot reach a cycle with its ordinary nim-value (the mex of its followers);
///    the processing order is its counter. When every vertex is labelled the graph is acyclic.
/// 2. For the rest, for m = 0, 1, 2, ... (Fraenkel & Yesha's algorithm GSG):
///    while some unlabelled u has no follower labelled m and every follower of u that is
///    unlabelled or labelled ∞ has a follower labelled m, label u with m and the next counter;
///    then label ∞ every unlabelled vertex with no follower labelled m.
///    The "while" is a work-list: `cnt[u]` counts u's unlabelled-or-∞ followers that have no
///    follower labelled m yet, and a vertex joins the list when `cnt` drops to zero.
///    Vertices labelled in step 1 take part as already labelled: a step-1 vertex with a value
///    above m has a follower of value m with a smaller counter by the mex rule, which is
///    exactly what the condition asks of such a follower.
///
/// Complexity: O(V + E) for an acyclic graph; O((M + 2)(V + E)) otherwise, where M is the
/// largest finite value of a vertex on or above a cycle. Memory: about 20 bytes per vertex on
/// top of the graph.
///
/// Example:
/// ```
/// use grundy_graph::{solve, Graph, LoopyValue, Outcome};
/// // A self-loop is a pass: a lone token on it can never lose, nor force a win.
/// let g = Graph::from_edges(2, &[(0, 0), (0, 1)]).unwrap();
/// let vals = solve(&g);
/// assert_eq!(vals.value(&g, 0), LoopyValue::Infinite(vec![0]));
/// assert_eq!(vals.outcome(&g, 0), Outcome::N);
/// ```
pub fn solve(graph: &Graph) -> GraphValues {
    let n = graph.vertex_count();
    let mut gamma = vec![UNLABELED; n];
    let mut counter = vec![0u32; n];
    let mut next_counter = 0u32;

    let max_degree = (0..n as u32)
        .map(|v| graph.successors(v).len())
        .max()
        .unwrap_or(0);
    // `seen[x] == v` marks that value x occurs among the followers of v (no clearing needed).
    let mut seen = vec![u32::MAX; max_degree + 2];
    let mut label_mex = |v: u32, gamma: &mut [u32]| {
        let followers = graph.successors(v);
        for &w in followers {
            let g = gamma[w as usize] as usize;
            if g <= followers.len() {
                seen[g] = v;
            }
        }
        let mut mex = 0usize;
        while seen[mex] == v {
            mex += 1;
        }
        gamma[v as usize] = mex as u32;
    };

    // Fast path: when every edge goes from a lower to a higher id (or every edge the other
    // way), the ids themselves are a topological order. Walking them is sequential, while
    // Kahn's work-list jumps around memory; on 10^7 vertices that is several times faster.
    // The check costs one look at each (sorted) successor list.
    let all_up = (0..n as u32).all(|v| graph.successors(v).first().map_or(true, |&w| w > v));
    let all_down =
        !all_up && (0..n as u32).all(|v| graph.successors(v).last().map_or(true, |&w| w < v));
    if all_up || all_down {
        for i in 0..n as u32 {
            let v = if all_up { n as u32 - 1 - i } else { i };
            label_mex(v, &mut gamma);
            counter[v as usize] = i;
        }
        return GraphValues {
            gamma,
            counter,
            acyclic: true,
            stages: 0,
        };
    }

    // Step 1: Kahn's algorithm; `remaining[v]` counts the followers of v not yet labelled.
    let mut remaining: Vec<u32> = (0..n as u32)
        .map(|v| graph.successors(v).len() as u32)
        .collect();
    let mut order: Vec<u32> = (0..n as u32)
        .filter(|&v| remaining[v as usize] == 0)
        .collect();
    let mut head = 0usize;
    while head < order.len() {
        let v = order[head];
        head += 1;
        label_mex(v, &mut gamma);
        counter[v as usize] = next_counter;
        next_counter += 1;
        for &p in graph.predecessors(v) {
            let r = &mut remaining[p as usize];
            *r -= 1;
            if *r == 0 {
                order.push(p);
            }
        }
    }
    drop(remaining);
    if order.len() == n {
        return GraphValues {
            gamma,
            counter,
            acyclic: true,
            stages: 0,
        };
    }

    // The acyclic part sorted by value, so each stage m can replay its vertices of value m.
    let max_pre = order.iter().map(|&v| gamma[v as usize]).max().unwrap_or(0) as usize;
    let mut start = vec![0usize; max_pre + 2];
    for &v in &order {
        start[gamma[v as usize] as usize + 1] += 1;
    }
    for i in 0..=max_pre {
        start[i + 1] += start[i];
    }
    let mut by_value = vec![0u32; order.len()];
    {
        let mut fill = start.clone();
        for &v in &order {
            let g = gamma[v as usize] as usize;
            by_value[fill[g]] = v;
            fill[g] += 1;
        }
    }
    drop(order);

    // Step 2: the loopy labelling.
    let mut unlabeled: Vec<u32> = (0..n as u32)
        .filter(|&v| gamma[v as usize] == UNLABELED)
        .collect();
    let mut cnt = vec![0u32; n];
    let mut flags = vec![0u8; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut m = 0u32;
    let mut stages = 0u32;
    while !unlabeled.is_empty() {
        stages += 1;
        flags.iter_mut().for_each(|f| *f = 0);
        queue.clear();
        for &u in &unlabeled {
            let c = graph
                .successors(u)
                .iter()
                .filter(|&&w| gamma[w as usize] >= UNLABELED)
                .count() as u32;
            cnt[u as usize] = c;
            if c == 0 {
                queue.push(u);
            }
        }
        let mut st = State {
            graph,
            gamma: &mut gamma,
            cnt: &mut cnt,
            flags: &mut flags,
            queue: &mut queue,
        };
        if (m as usize) <= max_pre {
            for &v in &by_value[start[m as usize]..start[m as usize + 1]] {
                st.labelled_m(v);
            }
        }
        let mut head = 0usize;
        while head < st.queue.len() {
            let u = st.queue[head] as usize;
            head += 1;
            if st.flags[u] & BLOCKED != 0 || st.gamma[u] != UNLABELED {
                continue;
            }
            st.gamma[u] = m;
            counter[u] = next_counter;
            next_counter += 1;
            st.labelled_m(u as u32);
        }
        // Step 3: a vertex with no follower of value m can never get a finite value.
        for &u in &unlabeled {
            let u = u as usize;
            if gamma[u] == UNLABELED && flags[u] & BLOCKED == 0 {
                gamma[u] = INF;
            }
        }
        unlabeled.retain(|&u| gamma[u as usize] == UNLABELED);
        m += 1;
    }
    GraphValues {
        gamma,
        counter,
        acyclic: false,
        stages,
    }
}

/// The mutable state of one stage of the labelling, so the event handler can be a method.
struct State<'a> {
    graph: &'a Graph,
    gamma: &'a mut [u32],
    cnt: &'a mut [u32],
    flags: &'a mut [u8],
    queue: &'a mut Vec<u32>,
}

impl State<'_> {
    /// Records that `v` carries the current value m: its unlabelled predecessors may no
    /// longer take m, and each unlabelled-or-∞ predecessor stops obstructing its own
    /// predecessors.
    fn labelled_m(&mut self, v: u32) {
        for &p in self.graph.predecessors(v) {
            let pi = p as usize;
            let gp = self.gamma[pi];
            if gp == UNLABELED {
                self.flags[pi] |= BLOCKED;
            }
            if gp >= UNLABELED && self.flags[pi] & HAS_M == 0 {
                self.flags[pi] |= HAS_M;
                for &q in self.graph.predecessors(p) {
                    let qi = q as usize;
                    if self.gamma[qi] == UNLABELED {
                        self.cnt[qi] -= 1;
                        if self.cnt[qi] == 0 && self.flags[qi] & BLOCKED == 0 {
                            self.queue.push(q);
                        }
                    }
                }
            }
        }
    }
}

/// The outcome of a single token on every vertex under misere play (the player who cannot
/// move wins), by retrograde analysis; play may go on forever, which is a draw.
///
/// Arguments: the graph.
/// Returns: `outcomes[v]` for every vertex: `N` when the player to move can force a win
/// (a terminal vertex is `N`: the player to move cannot move and so wins), `P` when every move
/// leads to an `N` vertex, `D` when neither player can force a win.
/// Complexity: O(V + E), iterative.
/// Example:
/// ```
/// use grundy_graph::{misere_outcomes, Graph, Outcome};
/// // 0 -> 1 -> 2: the token on 2 cannot move (its mover wins), so 1 is P and 0 is N.
/// let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// assert_eq!(misere_outcomes(&g), vec![Outcome::N, Outcome::P, Outcome::N]);
/// ```
pub fn misere_outcomes(graph: &Graph) -> Vec<Outcome> {
    let n = graph.vertex_count();
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    // How many successors are not yet known to be N (a vertex is P once this reaches 0).
    let mut open: Vec<usize> = (0..n as u32).map(|v| graph.successors(v).len()).collect();
    let mut queue: Vec<u32> = Vec::new();
    for v in 0..n as u32 {
        if open[v as usize] == 0 {
            outcome[v as usize] = Some(Outcome::N);
            queue.push(v);
        }
    }
    while let Some(w) = queue.pop() {
        let w_out = outcome[w as usize];
        for &v in graph.predecessors(w) {
            if outcome[v as usize].is_some() {
                continue;
            }
            match w_out {
                Some(Outcome::P) => {
                    outcome[v as usize] = Some(Outcome::N);
                    queue.push(v);
                }
                _ => {
                    open[v as usize] -= 1;
                    if open[v as usize] == 0 {
                        outcome[v as usize] = Some(Outcome::P);
                        queue.push(v);
                    }
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::D))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap inputs they built themselves.
mod tests {
    use super::*;

    #[test]
    fn acyclic_chain_is_nim() {
        // Vertex i moves to every j < i: a Nim heap of size i.
        let g = Graph::from_edges(4, &[(3, 2), (2, 1), (1, 0), (3, 0), (3, 1), (2, 0)]).unwrap();
        let v = solve(&g);
        assert!(v.is_acyclic());
        let got: Vec<Option<u64>> = (0..4).map(|x| v.finite(x)).collect();
        assert_eq!(got, [Some(0), Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn two_cycle_is_a_draw() {
        let g = Graph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
        let v = solve(&g);
        assert!(!v.is_acyclic());
        assert_eq!(v.value(&g, 0), LoopyValue::Infinite(vec![]));
        assert_eq!(v.outcome(&g, 1), Outcome::D);
    }

    #[test]
    fn escape_through_a_cycle_makes_infinity() {
        // 0 -> 1 (terminal), 0 <-> 2, 2 -> 3 (terminal). Both 0 and 2 win alone by moving to a
        // terminal vertex, yet neither is *1: next to a heap *1 the players can shuttle
        // between 0 and 2 forever, so both are ∞(0).
        let g = Graph::from_edges(4, &[(0, 1), (0, 2), (2, 0), (2, 3)]).unwrap();
        let v = solve(&g);
        assert_eq!(v.value(&g, 1), LoopyValue::finite(0));
        assert_eq!(v.value(&g, 0), LoopyValue::Infinite(vec![0]));
        assert_eq!(v.value(&g, 2), LoopyValue::Infinite(vec![0]));
        assert_eq!(v.outcome(&g, 0), Outcome::N);
    }

    #[test]
    fn reversible_escape_keeps_a_finite_value() {
        // 0 <-> 1 and 1 -> 2 (terminal): the only move from 0 goes to 1, from where the
        // opponent moves to 2 and wins, so 0 is P although the players could shuttle; the
        // counter of 2 is below that of 0, which is what makes the reversal final.
        let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
        let v = solve(&g);
        assert_eq!(v.value(&g, 0), LoopyValue::finite(0));
        assert_eq!(v.value(&g, 1), LoopyValue::finite(1));
        assert!(v.counter(2) < v.counter(0));
    }
}
