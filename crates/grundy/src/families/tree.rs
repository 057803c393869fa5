//! Green Hackenbush on rooted trees: remove an edge, and everything no longer connected to the
//! ground falls away.
//!
//! Rules: `tree(p1, ..., pn)`: node i (1-based) hangs from its parent p_i by one edge; p_i = 0
//! means the edge goes to the ground (several nodes may hang from the ground: a forest). A move
//! removes the edge above some node i; i's whole subtree falls.
//! Renumbering after a move: the nodes left keep their relative order and are numbered 1, 2, ...
//! again (node j becomes the number of nodes kept among 1..=j), and their parents are renumbered
//! the same way; the result is again a parent list, so the rendering parses back.
//! Theory (colon principle, Winning Ways chapter 7): a stalk of k edges is *k, and edges in
//! parallel add by XOR, so G(v) = XOR over the children c of v of (G(c) + 1), and the value of
//! the whole tree is that formula at the ground. Computed bottom-up in breadth-first order
//! without recursion: O(n).
//! Winning moves in O(n): removing the edge above node i changes only the values on the path
//! from i to the ground. Going down from the ground with the value R(v) that v's subtree must
//! take (R(ground) = target), a child c needs G'(c) + 1 = R(v) ^ G(v) ^ (G(c) + 1) =: need(c):
//! need(c) = 0 means removing the edge above c itself wins; need(c) > 0 means a removal inside
//! c's subtree must make it R(c) = need(c) - 1. One top-down pass finds every winning edge.
//! Worked example: tree(0,1,1) (a root edge with two edges above it): G(2) = G(3) = 0, so
//! G(1) = 1 ^ 1 = 0 and the tree is *1; the winning move removes the root edge.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 7; AtCoder AGC017 D "Game on Tree".

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::explanation::{Block, Explanation};
use crate::rules::{Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "tree",
        &[],
        "tree(p1, ..., pn): node i hangs from parent p_i, 0 is the ground",
        "green Hackenbush on a rooted tree: cut an edge, what hangs above it falls",
        "tree(0,1,2,2,4)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(Tree)),
    )
}

/// Largest tree whose moves are enumerated one by one.
pub const SEARCH_LIMIT: usize = 2000;

/// The green Hackenbush tree ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Tree;

/// A validated tree: parents (0 = ground, nodes 1..=n) with children lists and a top-down order.
pub struct Shape {
    /// parent[i - 1] is node i's parent.
    pub parent: Vec<usize>,
    /// Children of node v (0 = ground) are `child[start[v]..start[v + 1]]`.
    start: Vec<usize>,
    child: Vec<usize>,
    /// Nodes in breadth-first order from the ground.
    pub order: Vec<usize>,
}

impl Shape {
    /// Builds the shape from a parent list already checked to be a forest on the ground.
    pub fn new(parent: Vec<usize>) -> Shape {
        let n = parent.len();
        let mut start = vec![0usize; n + 2];
        for &p in &parent {
            start[p + 1] += 1;
        }
        for v in 0..=n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut child = vec![0usize; n];
        for (i, &p) in parent.iter().enumerate() {
            child[fill[p]] = i + 1;
            fill[p] += 1;
        }
        let mut order = Vec::with_capacity(n);
        let mut queue = vec![0usize];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &c in &child[start[v]..start[v + 1]] {
                order.push(c);
                queue.push(c);
            }
        }
        Shape {
            parent,
            start,
            child,
            order,
        }
    }

    /// The children of v (0 = the ground).
    pub fn children(&self, v: usize) -> &[usize] {
        &self.child[self.start[v]..self.start[v + 1]]
    }

    /// G(v) for every v (index 0 is the ground, i.e. the whole tree).
    pub fn values(&self) -> Vec<u64> {
        let n = self.parent.len();
        let mut g = vec![0u64; n + 1];
        for &v in self.order.iter().rev() {
            let p = self.parent[v - 1];
            g[p] ^= g[v] + 1;
        }
        g
    }

    /// Every node whose edge removal leaves a tree of value `target`, in increasing order.
    pub fn removals_to(&self, target: u64) -> Vec<usize> {
        let g = self.values();
        let n = self.parent.len();
        // r[v]: the value v's subtree must take; None when no removal inside it can help.
        let mut r: Vec<Option<u64>> = vec![None; n + 1];
        r[0] = Some(target);
        let mut out = Vec::new();
        for &c in &self.order {
            let v = self.parent[c - 1];
            let Some(rv) = r[v] else { continue };
            let need = rv ^ g[v] ^ (g[c] + 1);
            if need == 0 {
                out.push(c);
            } else {
                r[c] = Some(need - 1);
            }
        }
        out.sort_unstable();
        out
    }

    /// The tree without node i's subtree, renumbered (kept nodes in their old order).
    pub fn without(&self, i: usize) -> Vec<usize> {
        let n = self.parent.len();
        let mut gone = vec![false; n + 1];
        gone[i] = true;
        let mut stack = vec![i];
        while let Some(v) = stack.pop() {
            for &c in self.children(v) {
                gone[c] = true;
                stack.push(c);
            }
        }
        let mut new_id = vec![0usize; n + 1];
        let mut next = 0;
        for v in 1..=n {
            if !gone[v] {
                next += 1;
                new_id[v] = next;
            }
        }
        (1..=n)
            .filter(|&v| !gone[v])
            .map(|v| new_id[self.parent[v - 1]])
            .collect()
    }
}

/// Most steps [`Ruleset::describe`] spends comparing candidate removals with a shown move
/// (each candidate costs up to the size of the tree; usually the first one matches); beyond,
/// the text names no node.
const DESCRIBE_BUDGET: usize = 2_000_000;

impl Shape {
    /// The number of nodes in each node's subtree (index 0: the whole forest).
    fn sizes(&self) -> Vec<usize> {
        let mut size = vec![1usize; self.parent.len() + 1];
        size[0] = 0;
        for &v in self.order.iter().rev() {
            let p = self.parent[v - 1];
            size[p] += size[v];
        }
        size
    }

    /// Whether removing the edge above `i` leaves exactly `rest`, comparing entry by entry and
    /// stopping at the first difference; `steps` counts the work.
    fn removal_gives(&self, i: usize, rest: &[usize], steps: &mut usize) -> bool {
        let mut gone = vec![i];
        let mut head = 0;
        while head < gone.len() {
            let v = gone[head];
            head += 1;
            gone.extend_from_slice(self.children(v));
        }
        gone.sort_unstable();
        *steps += gone.len();
        // The new number of a kept node is its old number less the removed nodes below it.
        let new_id = |v: usize| v - gone.partition_point(|&g| g < v);
        let mut k = 0;
        for v in 1..=self.parent.len() {
            if gone.binary_search(&v).is_ok() {
                continue;
            }
            *steps += 1;
            let p = self.parent[v - 1];
            if rest.get(k) != Some(&if p == 0 { 0 } else { new_id(p) }) {
                return false;
            }
            k += 1;
        }
        k == rest.len()
    }
}

fn removal_text(i: Option<usize>, fallen: usize) -> String {
    let s = if fallen == 1 { "" } else { "s" };
    let fall = if fallen == 1 { "s" } else { "" };
    match i {
        Some(i) => format!("remove the edge above node {i} ({fallen} edge{s} fall{fall})"),
        None => format!("remove an edge ({fallen} edge{s} fall{fall})"),
    }
}

/// A parent list (node i + 1 hangs from `parent[i]`, 0 is the ground).
type Parents = Vec<usize>;

/// The option that removes the edge above node `i`.
fn removal(shape: &Shape, i: usize) -> Opt<Parents> {
    vec![shape.without(i)]
}

/// Checks a parent list: range, self-loops, cycles.
pub fn check(args: &[Arg]) -> Result<Vec<usize>, ArgError> {
    let n = args.len();
    let mut parent = Vec::with_capacity(n);
    for (i, a) in args.iter().enumerate() {
        let node = i + 1;
        let p = a
            .as_natural()
            .map_err(|m| ArgError::at(i, format!("the parent of node {node}: {m}")))?;
        let p = match p.to_usize().filter(|&p| p <= n) {
            Some(p) => p,
            None => {
                return Err(ArgError::at(
                    i,
                    format!(
                        "the parent of node {node} is {p}, out of range: parents are 0 (the \
                         ground) or a node 1..={n}"
                    ),
                ))
            }
        };
        if p == node {
            return Err(ArgError::at(
                i,
                format!("node {node} is its own parent; a node hangs from another node or 0"),
            ));
        }
        parent.push(p);
    }
    if n > 0 && !parent.contains(&0) {
        return Err(ArgError::whole(
            "no node hangs from the ground (parent 0), so the parents form a cycle; give the \
             root parent 0",
        ));
    }
    // 0 unknown, 1 on the current path, 2 reaches the ground.
    let mut state = vec![0u8; n + 1];
    state[0] = 2;
    let mut path = Vec::new();
    for start in 1..=n {
        let mut v = start;
        while state[v] == 0 {
            state[v] = 1;
            path.push(v);
            v = parent[v - 1];
        }
        if state[v] == 1 {
            return Err(ArgError::at(
                v - 1,
                format!(
                    "node {v} is on a cycle: following its parents leads back to it and never \
                     reaches the ground (0)"
                ),
            ));
        }
        for u in path.drain(..) {
            state[u] = 2;
        }
    }
    Ok(parent)
}

impl Ruleset for Tree {
    type P = Parents;

    fn name(&self) -> String {
        "tree".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Parents>, ArgError> {
        Ok(vec![check(args)?])
    }

    fn args(&self, parent: &Parents) -> Vec<Arg> {
        parent.iter().map(|&p| Arg::int(p as u64)).collect()
    }

    fn options(&self, parent: &Parents, limits: &Limits) -> Result<Vec<Opt<Parents>>, Error> {
        limits.check()?;
        let shape = Shape::new(parent.clone());
        Ok((1..=shape.parent.len())
            .map(|i| removal(&shape, i))
            .collect())
    }

    fn describe(&self, parent: &Parents, to: &[Parents]) -> String {
        let rest = to.first().map(Vec::as_slice).unwrap_or(&[]);
        let fallen = parent.len().saturating_sub(rest.len());
        let shape = Shape::new(parent.clone());
        let sizes = shape.sizes();
        // The removed edge is among those that leave the value of `rest` and make `fallen`
        // edges fall. Several edges may leave the same tree (two leaves on one node); name the
        // last of them, as the lists of winning moves always have.
        let value = Shape::new(rest.to_vec()).values()[0];
        let mut steps = 0;
        let node = shape.removals_to(value).into_iter().rev().find(|&i| {
            steps < DESCRIBE_BUDGET
                && sizes[i] == fallen
                && shape.removal_gives(i, rest, &mut steps)
        });
        removal_text(node, fallen)
    }

    fn searchable(&self, parent: &Parents) -> Result<(), Error> {
        if parent.len() > SEARCH_LIMIT {
            return Err(Error::too_large(format!(
                "the tree has {} nodes, too many to search move by move (at most \
                 {SEARCH_LIMIT}); in normal play its value has a closed form",
                parent.len()
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Parents> {
        // A random forest of up to six nodes, each hanging from an earlier node or the ground;
        // half the time numbered backwards, so that parents also come after their children.
        let mut rng = crate::rules::Rng::new(seed);
        let n = rng.range(0, 6) as usize;
        let mut parent: Parents = (1..=n)
            .map(|v| rng.range(0, v as u64 - 1) as usize)
            .collect();
        if rng.range(0, 1) == 1 {
            let flip = |v: usize| if v == 0 { 0 } else { n + 1 - v };
            parent = (1..=n).map(|v| flip(parent[flip(v) - 1])).collect();
        }
        vec![parent]
    }

    fn theory(&self) -> Option<&dyn Theory<Parents>> {
        Some(self)
    }
}

impl Theory<Parents> for Tree {
    fn nimber(&self, parent: &Parents, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let shape = Shape::new(parent.clone());
        Ok(Some(Nimber::new(shape.values()[0])))
    }

    fn counted_moves_to_value(
        &self,
        parent: &Parents,
        target: &Nimber,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<Parents>>, Error> {
        let Some(t) = target.to_u64() else {
            return Ok(Some((vec![], Some(BigUint::default()))));
        };
        let shape = Shape::new(parent.clone());
        let nodes = shape.removals_to(t);
        // Only the listed moves are rendered (each costs the size of the tree); all are counted.
        let moves = nodes
            .iter()
            .take(cap)
            .map(|&i| removal(&shape, i))
            .collect();
        Ok(Some((moves, Some(BigUint::from(nodes.len())))))
    }

    fn explain(&self, parent: &Parents) -> Option<Explanation> {
        let shape = Shape::new(parent.clone());
        let g = shape.values();
        let mut rows = Vec::new();
        for &v in shape.order.iter().rev().take(60) {
            let kids = shape.children(v);
            let terms: Vec<String> = kids.iter().map(|&c| format!("({} + 1)", g[c])).collect();
            rows.push(vec![
                v.to_string(),
                shape.parent[v - 1].to_string(),
                if terms.is_empty() {
                    "leaf: 0".to_string()
                } else {
                    terms.join(" ^ ")
                },
                g[v].to_string(),
            ]);
        }
        let roots: Vec<String> = shape
            .children(0)
            .iter()
            .map(|&c| format!("({} + 1)", g[c]))
            .collect();
        let mut blocks = vec![
            Block::Para(
                "Colon principle: a node's subtree is worth the XOR over its children of \
                 (child's value + 1), since an edge below a subtree of value g is a stalk \
                 that shifts it to g + 1 and branches side by side add by XOR. Bottom-up:"
                    .to_string(),
            ),
            Block::Table {
                header: vec![
                    "node".into(),
                    "parent".into(),
                    "children".into(),
                    "G".into(),
                ],
                rows,
            },
            Block::Pre(vec![format!(
                "ground: {} = {}",
                if roots.is_empty() {
                    "0".to_string()
                } else {
                    roots.join(" ^ ")
                },
                g[0]
            )]),
        ];
        if g[0] != 0 {
            let nodes = shape.removals_to(0);
            let shown: Vec<String> = nodes
                .iter()
                .take(20)
                .map(|i| format!("remove the edge above node {i}"))
                .collect();
            blocks.push(Block::Para(format!(
                "The value is {}, so the first player wins; {} winning edge removal(s):",
                g[0],
                nodes.len()
            )));
            blocks.push(Block::List(shown));
        } else {
            blocks.push(Block::Para(
                "The value is 0: the player to move loses.".to_string(),
            ));
        }
        Some(Explanation {
            title: format!("Green Hackenbush tree of {} edges", shape.parent.len()),
            blocks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option of many small forests is described by the last edge whose removal leaves
    /// it, found by trying every edge.
    #[test]
    fn describe_names_the_last_edge_that_leaves_the_option() {
        for seed in 0..400 {
            let Some(parent) = Tree.sample(seed).pop() else {
                continue;
            };
            let shape = Shape::new(parent.clone());
            for i in 1..=parent.len() {
                let rest = shape.without(i);
                let last = (1..=parent.len()).rev().find(|&j| shape.without(j) == rest);
                let fallen = parent.len() - rest.len();
                assert_eq!(
                    Tree.describe(&parent, &[rest]),
                    removal_text(last, fallen),
                    "tree{parent:?}, edge above {i}"
                );
            }
        }
    }
}
