//! The graph of a Green Hackenbush position: named vertices, the ground, and edges (loops and
//! multiple edges allowed).

use std::collections::HashMap;
use std::fmt;

use crate::error::HackenbushError;

/// The name the ground prints as; `0` is accepted as a synonym when parsing.
pub const GROUND: &str = "g";

/// Default for [`InputBounds::max_edges`]: about 100 bytes of working memory per edge.
pub const DEFAULT_MAX_EDGES: usize = 4_000_000;

/// Default for [`InputBounds::max_text_bytes`].
pub const DEFAULT_MAX_TEXT_BYTES: usize = 128 << 20;

/// The largest number of edges any limit allows: vertex and edge ids are `u32`, and degree
/// sums (twice the edges) must fit one too.
pub const HARD_MAX_EDGES: usize = 1 << 30;

/// Bounds on the size of an input (not a budget: the request's budget is a
/// `grundy_types::Limits`), checked before anything proportional to the input is allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputBounds {
    /// Most edges a graph may have (capped at [`HARD_MAX_EDGES`]).
    pub max_edges: usize,
    /// Most bytes of text a parser reads.
    pub max_text_bytes: usize,
}

impl Default for InputBounds {
    fn default() -> Self {
        InputBounds {
            max_edges: DEFAULT_MAX_EDGES,
            max_text_bytes: DEFAULT_MAX_TEXT_BYTES,
        }
    }
}

impl InputBounds {
    /// Returns `TooLarge` when `edges` is over the edge limit.
    pub(crate) fn check_edges(&self, edges: usize) -> Result<(), HackenbushError> {
        let limit = self.max_edges.min(HARD_MAX_EDGES);
        if edges > limit {
            return Err(HackenbushError::TooLarge {
                what: "the number of edges",
                size: edges as u64,
                limit_name: "max_edges",
                limit: limit as u64,
                hint: "raise InputBounds::max_edges (each edge needs about 100 bytes) or give a \
                       smaller graph",
            });
        }
        Ok(())
    }

    /// Returns `TooLarge` when a text of `bytes` bytes is over the text limit.
    pub(crate) fn check_text(&self, bytes: u64) -> Result<(), HackenbushError> {
        if bytes > self.max_text_bytes as u64 {
            return Err(HackenbushError::TooLarge {
                what: "the text of the graph, in bytes,",
                size: bytes,
                limit_name: "max_text_bytes",
                limit: self.max_text_bytes as u64,
                hint: "raise InputBounds::max_text_bytes or give a smaller graph",
            });
        }
        Ok(())
    }
}

/// A Green Hackenbush position: an undirected multigraph with one ground vertex.
///
/// Vertex 0 is the ground (every ground vertex of the input is fused into it: for the game
/// they are one vertex). The other vertices are numbered 1, 2, ... in order of first
/// appearance in the edge list, and each appears in at least one edge, so the graph is
/// canonical: two graphs with the same names and the same edges in the same order are equal,
/// and `Graph::parse(&g.to_string())` gives back `g`. Edge ids are positions in the edge
/// list and survive every constructor (but not [`Graph::cut`], which drops edges).
///
/// A move cuts one edge; every edge no longer connected to the ground falls. Edges that are
/// not connected to the ground from the start are *floating*: they are not in play (they
/// would have fallen already), are never a move, and do not count in the value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    /// names[0] is the ground, [`GROUND`].
    names: Vec<String>,
    edges: Vec<(u32, u32)>,
}

impl Default for Graph {
    fn default() -> Self {
        Graph::empty()
    }
}

/// The result of [`Graph::cut`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The position after the move: the edges still connected to the ground, in their old
    /// order, with their old vertex names.
    pub graph: Graph,
    /// How many edges fell with the cut one (not counting it, nor edges that were floating
    /// before the move).
    pub fallen: usize,
}

impl Graph {
    /// The graph with no edge (value 0: the player to move loses).
    pub fn empty() -> Graph {
        Graph {
            names: vec![GROUND.to_string()],
            edges: Vec::new(),
        }
    }

    /// Builds a graph from names already numbered canonically (used by the parser).
    pub(crate) fn from_canonical(names: Vec<String>, edges: Vec<(u32, u32)>) -> Graph {
        Graph { names, edges }
    }

    /// Builds a graph from numbered vertices.
    ///
    /// Arguments: `edges`, pairs of vertex numbers (a pair `(v, v)` is a loop; repeated
    /// pairs are multiple edges); `ground`, the vertices that are ground besides vertex 0,
    /// which always is (as in `tree(...)`); `limits`, checked before allocating.
    ///
    /// Returns: the graph, edges in the given order (edge `i` is `edges[i]`), every ground
    /// vertex fused into the ground (so an edge between two ground vertices is a loop at the
    /// ground), other vertices named by their number; `TooLarge` when there are too many
    /// edges.
    ///
    /// Complexity: O(E) expected (numbers above 2E + 1 go through a hash map).
    ///
    /// Example:
    /// ```
    /// use grundy_hackenbush::{Graph, InputBounds};
    /// // Two ground contacts 0 and 5 joined through 1: a cycle through the ground.
    /// let g = Graph::from_edges(&[(0, 1), (1, 5), (1, 1)], &[5], &InputBounds::default()).unwrap();
    /// assert_eq!(g.to_string(), "g-1 1-g 1-1");
    /// ```
    pub fn from_edges(
        edges: &[(usize, usize)],
        ground: &[usize],
        limits: &InputBounds,
    ) -> Result<Graph, HackenbushError> {
        limits.check_edges(edges.len())?;
        // Numbers below `dense.len()` (a graph numbered 0, 1, 2, ... stays below it) are
        // looked up in a table, larger ones in a hash map.
        const UNSET: u32 = u32::MAX;
        let mut dense = vec![UNSET; 2 * edges.len() + 2];
        let mut sparse: HashMap<usize, u32> = HashMap::new();
        for &v in ground.iter().chain(&[0]) {
            match dense.get_mut(v) {
                Some(slot) => *slot = 0,
                None => {
                    sparse.insert(v, 0);
                }
            }
        }
        let mut names = vec![GROUND.to_string()];
        let mut out = Vec::with_capacity(edges.len());
        for &(a, b) in edges {
            let mut id = |v: usize| -> u32 {
                let slot = match dense.get_mut(v) {
                    Some(slot) => slot,
                    None => sparse.entry(v).or_insert(UNSET),
                };
                if *slot == UNSET {
                    names.push(v.to_string());
                    // At most 2 * HARD_MAX_EDGES + 1 names, which fits a u32.
                    *slot = (names.len() - 1) as u32;
                }
                *slot
            };
            let (a, b) = (id(a), id(b));
            out.push((a, b));
        }
        Ok(Graph { names, edges: out })
    }

    /// Builds the graph of a rooted forest given as `tree(...)` takes it: node `i` (1-based)
    /// hangs from `parents[i - 1]`, and 0 is the ground.
    ///
    /// Arguments: the parent list; `limits`.
    ///
    /// Returns: the graph with edges `p_i-i` in order (edge `i - 1` is the edge above node
    /// `i`), nodes named by their numbers; `Parse` (offset = the entry's index) when a parent
    /// is not 0 or a node `1..=n`. A parent list with a cycle is accepted: that cycle is not
    /// connected to the ground and floats.
    ///
    /// Complexity: O(n).
    ///
    /// Example:
    /// ```
    /// use grundy_hackenbush::{value, Graph, InputBounds, Options};
    /// let g = Graph::from_parents(&[0, 1, 1], &InputBounds::default()).unwrap();
    /// assert_eq!(g.to_string(), "g-1 1-2 1-3");
    /// assert_eq!(value(&g, &Options::default()).unwrap(), 1);
    /// ```
    pub fn from_parents(parents: &[usize], limits: &InputBounds) -> Result<Graph, HackenbushError> {
        limits.check_edges(parents.len())?;
        let n = parents.len();
        let mut edges = Vec::with_capacity(n);
        for (i, &p) in parents.iter().enumerate() {
            if p > n {
                let list: Vec<String> = parents.iter().map(ToString::to_string).collect();
                let text = list.join(",");
                let at = list[..i].iter().map(|s| s.len() + 1).sum::<usize>();
                return Err(crate::error::parse_error(
                    &text,
                    at,
                    &p.to_string(),
                    format!(
                        "the parent of node {} is {p}, out of range: parents are 0 (the ground) \
                         or a node 1..={n}",
                        i + 1
                    ),
                ));
            }
            edges.push((p, i + 1));
        }
        Graph::from_edges(&edges, &[], limits)
    }

    /// Number of vertices, the ground included.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// Number of edges, floating ones included.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The edges as pairs of vertex ids (0 is the ground), in order.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The name of vertex `v` (`g` for the ground), or `None` when out of range.
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names.get(v as usize).map(String::as_str)
    }

    /// The id of the vertex named `name` (`g` and `0` both name the ground). O(V).
    pub fn index(&self, name: &str) -> Option<u32> {
        if name == "0" {
            return Some(0);
        }
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Edge `e` as text, `u-v`, or `None` when out of range.
    pub fn edge_label(&self, e: usize) -> Option<String> {
        let &(a, b) = self.edges.get(e)?;
        Some(format!(
            "{}-{}",
            self.names[a as usize], self.names[b as usize]
        ))
    }

    /// Which edges are in play (connected to the ground), by edge id.
    ///
    /// Complexity: O(V + E), iterative.
    pub fn in_play(&self) -> Vec<bool> {
        self.reach(None).1
    }

    /// The same position without its floating edges (the value and the moves are unchanged).
    ///
    /// Complexity: O(V + E).
    pub fn grounded(&self) -> Graph {
        let (_, keep) = self.reach(None);
        self.keep_edges(&keep)
    }

    /// The position after cutting edge `e`.
    ///
    /// Arguments: `e`, an edge id (an index into [`Graph::edges`]).
    ///
    /// Returns: the remaining position (what the ground still holds, renumbered canonically,
    /// names kept) and how many further edges fell; `NoSuchEdge` when `e` is out of range;
    /// `FloatingEdge` when `e` is not in play.
    ///
    /// Complexity: O(V + E), iterative.
    ///
    /// Example:
    /// ```
    /// use grundy_hackenbush::{Graph, InputBounds};
    /// let g = Graph::parse("g-a a-b b-c c-a", &InputBounds::default()).unwrap();
    /// let cut = g.cut(0).unwrap();
    /// assert_eq!((cut.graph.edge_count(), cut.fallen), (0, 3));
    /// assert_eq!(g.cut(2).unwrap().graph.to_string(), "g-a a-b c-a");
    /// ```
    pub fn cut(&self, e: usize) -> Result<Cut, HackenbushError> {
        if e >= self.edges.len() {
            return Err(HackenbushError::NoSuchEdge {
                edge: e,
                count: self.edges.len(),
            });
        }
        let (_, before) = self.reach(None);
        if !before[e] {
            return Err(HackenbushError::FloatingEdge {
                edge: e,
                label: self.edge_label(e).unwrap_or_default(),
            });
        }
        let (_, after) = self.reach(Some(e));
        let kept = after.iter().filter(|&&k| k).count();
        let was = before.iter().filter(|&&k| k).count();
        Ok(Cut {
            graph: self.keep_edges(&after),
            fallen: was - kept - 1,
        })
    }

    /// Vertices and edges reachable from the ground, without edge `skip`.
    fn reach(&self, skip: Option<usize>) -> (Vec<bool>, Vec<bool>) {
        let n = self.names.len();
        let mut start = vec![0u32; n + 1];
        for &(a, b) in &self.edges {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![(0u32, 0u32); start[n] as usize];
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            adj[fill[a as usize] as usize] = (b, i as u32);
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = (a, i as u32);
            fill[b as usize] += 1;
        }
        let mut seen = vec![false; n];
        let mut edge_in = vec![false; self.edges.len()];
        seen[0] = true;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            for &(w, e) in &adj[start[v as usize] as usize..start[v as usize + 1] as usize] {
                if Some(e as usize) == skip {
                    continue;
                }
                edge_in[e as usize] = true;
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        (seen, edge_in)
    }

    /// The graph made of the kept edges, renumbered in order of first appearance.
    fn keep_edges(&self, keep: &[bool]) -> Graph {
        let mut id = vec![u32::MAX; self.names.len()];
        id[0] = 0;
        let mut names = vec![GROUND.to_string()];
        let mut edges = Vec::new();
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if !keep[i] {
                continue;
            }
            let mut map = |v: u32| {
                if id[v as usize] == u32::MAX {
                    id[v as usize] = names.len() as u32;
                    names.push(self.names[v as usize].clone());
                }
                id[v as usize]
            };
            let (a, b) = (map(a), map(b));
            edges.push((a, b));
        }
        Graph { names, edges }
    }
}

/// The canonical text: edges `u-v` separated by single spaces, in order, the ground as `g`;
/// the empty graph prints as the empty string. [`Graph::parse`] reads it back.
impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}-{}", self.names[a as usize], self.names[b as usize])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn from_edges_fuses_ground_and_numbers_by_appearance() {
        let g = Graph::from_edges(
            &[(7, 3), (3, 0), (9, 2), (3, 3)],
            &[9],
            &InputBounds::default(),
        )
        .unwrap();
        assert_eq!(g.to_string(), "7-3 3-g g-2 3-3");
        assert_eq!(g.edges(), &[(1, 2), (2, 0), (0, 3), (2, 2)]);
        assert_eq!(g.vertex_count(), 4);
    }

    #[test]
    fn cut_drops_what_falls_and_floating_edges() {
        let g = Graph::from_edges(
            &[(0, 1), (1, 2), (2, 3), (5, 6)],
            &[],
            &InputBounds::default(),
        )
        .unwrap();
        assert_eq!(g.in_play(), vec![true, true, true, false]);
        let c = g.cut(1).unwrap();
        assert_eq!(c.graph.to_string(), "g-1");
        assert_eq!(c.fallen, 1);
        assert!(matches!(
            g.cut(3),
            Err(HackenbushError::FloatingEdge { edge: 3, .. })
        ));
        assert!(matches!(g.cut(4), Err(HackenbushError::NoSuchEdge { .. })));
        assert_eq!(g.grounded().to_string(), "g-1 1-2 2-3");
    }

    #[test]
    fn edge_limit_is_checked_first() {
        let limits = InputBounds {
            max_edges: 2,
            ..InputBounds::default()
        };
        let err = Graph::from_edges(&[(0, 1), (1, 2), (2, 3)], &[], &limits).unwrap_err();
        assert!(err.to_string().contains("max_edges = 2"), "{err}");
    }

    #[test]
    fn parents_out_of_range_point_at_the_entry() {
        let err = Graph::from_parents(&[0, 9, 1], &InputBounds::default()).unwrap_err();
        match err {
            HackenbushError::Parse { offset, found, .. } => {
                assert_eq!((offset, found.as_str()), (2, "9"));
            }
            other => panic!("unexpected {other}"),
        }
    }
}
