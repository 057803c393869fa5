//! The directed graph in compressed sparse row form, with vertex names.

use crate::GraphError;

/// Marks an empty slot of the name tables.
const NONE: u32 = u32::MAX;

/// The largest number of vertices: two `u32` values stay free as sentinels for the solver.
pub const MAX_VERTICES: u64 = u32::MAX as u64 - 2;

/// The vertices of a graph built from code: a count (named `0`, `1`, ...) or explicit names.
#[derive(Debug, Clone)]
pub enum Vertices {
    /// `n` vertices named by their ids `0`, `1`, ..., `n - 1`.
    Count(u32),
    /// One vertex per name, in this order.
    Names(Vec<String>),
}

impl From<u32> for Vertices {
    fn from(n: u32) -> Self {
        Vertices::Count(n)
    }
}

impl From<Vec<String>> for Vertices {
    fn from(names: Vec<String>) -> Self {
        Vertices::Names(names)
    }
}

impl From<&[&str]> for Vertices {
    fn from(names: &[&str]) -> Self {
        Vertices::Names(names.iter().map(|s| s.to_string()).collect())
    }
}

impl<const N: usize> From<[&str; N]> for Vertices {
    fn from(names: [&str; N]) -> Self {
        Vertices::Names(names.iter().map(|s| s.to_string()).collect())
    }
}

/// Vertex names, stored in one buffer, with a lookup from name to id.
///
/// Canonical decimal names (`0`, `17`, not `017`) are looked up in a dense table, because
/// generated graphs with 10^7 vertices name them by number and a hash probe per token would
/// dominate the parsing time; other names go to an open-addressing hash table of ids.
#[derive(Debug, Clone, Default)]
pub(crate) struct NameTable {
    buf: String,
    /// `off[i]..off[i + 1]` is the name of vertex `i` in `buf`.
    off: Vec<usize>,
    /// `numeric[k]` is the id of the vertex named by the decimal number `k`, or `NONE`.
    numeric: Vec<u32>,
    /// True once a decimal name went to `slots` because `numeric` was too short then.
    numeric_in_slots: bool,
    /// Open-addressing table of ids (length a power of two, or zero), probed linearly.
    slots: Vec<u32>,
    in_slots: usize,
    /// True while vertex `i` is named by the decimal `i` for every `i` (files that declare
    /// `0`, `1`, ... in order): then a name is its own id and the lookup touches no memory,
    /// which matters because table lookups are cache misses on 10^7 vertices.
    identity: bool,
}

/// The value of a canonical decimal name, if it is one small enough for the dense table.
fn canonical_number(s: &[u8]) -> Option<usize> {
    if s.is_empty() || s.len() > 9 || (s.len() > 1 && s[0] == b'0') {
        return None;
    }
    let mut k = 0usize;
    for &b in s {
        if !b.is_ascii_digit() {
            return None;
        }
        k = k * 10 + usize::from(b - b'0');
    }
    Some(k)
}

/// FNV-1a: short names dominate and a dependency-free hash keeps the crate lean.
fn hash(s: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in s {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (h >> 29)
}

impl NameTable {
    pub(crate) fn new() -> Self {
        NameTable {
            off: vec![0],
            identity: true,
            ..Default::default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.off.len() - 1
    }

    pub(crate) fn name(&self, id: u32) -> &str {
        let i = id as usize;
        match (self.off.get(i), self.off.get(i + 1)) {
            (Some(&a), Some(&b)) => self.buf.get(a..b).unwrap_or(""),
            _ => "",
        }
    }

    fn slot_lookup(&self, s: &str) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = (hash(s.as_bytes()) as usize) & mask;
        loop {
            let id = self.slots[i];
            if id == NONE {
                return None;
            }
            if self.name(id) == s {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    fn slot_insert(&mut self, id: u32) {
        if (self.in_slots + 1) * 2 > self.slots.len() {
            let cap = (self.slots.len() * 2).max(64);
            let old = std::mem::replace(&mut self.slots, vec![NONE; cap]);
            for old_id in old.into_iter().filter(|&x| x != NONE) {
                self.slot_place(old_id);
            }
        }
        self.slot_place(id);
        self.in_slots += 1;
    }

    fn slot_place(&mut self, id: u32) {
        let mask = self.slots.len() - 1;
        let mut i = (hash(self.name(id).as_bytes()) as usize) & mask;
        while self.slots[i] != NONE {
            i = (i + 1) & mask;
        }
        self.slots[i] = id;
    }

    /// The id of `s`, if it names a vertex.
    pub(crate) fn get(&self, s: &str) -> Option<u32> {
        if let Some(k) = canonical_number(s.as_bytes()) {
            if self.identity {
                return (k < self.len()).then_some(k as u32);
            }
            if let Some(&id) = self.numeric.get(k) {
                if id != NONE {
                    return Some(id);
                }
            }
            if !self.numeric_in_slots {
                return None;
            }
        }
        self.slot_lookup(s)
    }

    /// The id of `s`, inserting it as a new vertex when it is new.
    pub(crate) fn intern(&mut self, s: &str) -> Result<u32, GraphError> {
        let number = canonical_number(s.as_bytes());
        if let Some(k) = number {
            if self.identity && k < self.len() {
                return Ok(k as u32);
            }
            if let Some(&id) = self.numeric.get(k) {
                if id != NONE {
                    return Ok(id);
                }
            }
        }
        if number.is_none() || self.numeric_in_slots {
            if let Some(id) = self.slot_lookup(s) {
                return Ok(id);
            }
        }
        self.push_new(s, number)
    }

    /// Appends a vertex known to be new.
    pub(crate) fn push_new(&mut self, s: &str, number: Option<usize>) -> Result<u32, GraphError> {
        let id = self.len() as u64;
        if id >= MAX_VERTICES {
            return Err(GraphError::TooManyVertices { max: MAX_VERTICES });
        }
        let id = id as u32;
        if number != Some(id as usize) {
            self.identity = false;
        }
        self.buf.push_str(s);
        self.off.push(self.buf.len());
        match number {
            Some(k) if self.grow_numeric(k) => self.numeric[k] = id,
            Some(_) => {
                self.numeric_in_slots = true;
                self.slot_insert(id);
            }
            None => self.slot_insert(id),
        }
        Ok(id)
    }

    /// Makes room for `k` in the dense table unless that would waste memory on a sparse
    /// numbering (a single name `999999999` must not allocate 4 GB).
    fn grow_numeric(&mut self, k: usize) -> bool {
        if k < self.numeric.len() {
            return true;
        }
        let cap = 4 * (self.len() + 1) + 4096;
        if k >= cap {
            return false;
        }
        let new_len = (k + 1).max(2 * self.numeric.len()).min(cap);
        self.numeric.resize(new_len, NONE);
        true
    }

    /// Releases spare capacity once parsing is over.
    fn shrink(&mut self) {
        self.buf.shrink_to_fit();
        self.off.shrink_to_fit();
    }
}

/// A directed graph in compressed sparse row form: the positions of a game and its moves.
///
/// Vertices are `u32` ids `0..vertex_count()`; each has a name. Successor and predecessor
/// lists are sorted and free of repeats (duplicate edges are merged); self-loops are kept,
/// since a self-loop is a legal move (a pass) in the game.
#[derive(Debug, Clone)]
pub struct Graph {
    succ_off: Vec<usize>,
    succ: Vec<u32>,
    pred_off: Vec<usize>,
    pred: Vec<u32>,
    names: NameTable,
}

impl Graph {
    /// Builds a graph from a vertex set and a list of edges.
    ///
    /// Arguments: `vertices`, a count `n` (vertices named `0`..`n-1`) or a list of unique
    /// names (`Vertices::from(["a", "b"])`); `edges`, pairs `(from, to)` of vertex ids.
    ///
    /// Returns: the graph, or `VertexOutOfRange` / `DuplicateName` / `TooManyVertices`.
    ///
    /// Complexity: O(V + E log d) where d is the largest out-degree (the lists are sorted).
    ///
    /// Example:
    /// ```
    /// use grundy_graph::Graph;
    /// let g = Graph::from_edges(3, &[(0, 1), (1, 2), (1, 2)]).unwrap();
    /// assert_eq!(g.edge_count(), 2);
    /// assert_eq!(g.successors(1), &[2]);
    /// assert_eq!(g.index("2"), Some(2));
    /// ```
    pub fn from_edges(
        vertices: impl Into<Vertices>,
        edges: &[(u32, u32)],
    ) -> Result<Graph, GraphError> {
        let mut names = NameTable::new();
        match vertices.into() {
            Vertices::Count(n) => {
                if u64::from(n) > MAX_VERTICES {
                    return Err(GraphError::TooManyVertices { max: MAX_VERTICES });
                }
                let mut buf = itoa_buf();
                for i in 0..n {
                    let s = fmt_u32(&mut buf, i);
                    names.push_new(s, canonical_number(s.as_bytes()))?;
                }
            }
            Vertices::Names(list) => {
                for s in &list {
                    if names.get(s).is_some() {
                        return Err(GraphError::DuplicateName { name: s.clone() });
                    }
                    names.push_new(s, canonical_number(s.as_bytes()))?;
                }
            }
        }
        let n = names.len() as u64;
        for &(a, b) in edges {
            for v in [a, b] {
                if u64::from(v) >= n {
                    return Err(GraphError::VertexOutOfRange {
                        vertex: u64::from(v),
                        count: n,
                    });
                }
            }
        }
        Ok(Graph::build(names, edges.to_vec()))
    }

    /// Builds the CSR arrays; every edge endpoint must be a vertex of `names`.
    pub(crate) fn build(mut names: NameTable, edges: Vec<(u32, u32)>) -> Graph {
        names.shrink();
        let n = names.len();
        // Counting sort by source: one pass to count, one to scatter.
        let mut succ_off = vec![0usize; n + 1];
        for &(a, _) in &edges {
            succ_off[a as usize + 1] += 1;
        }
        for i in 0..n {
            succ_off[i + 1] += succ_off[i];
        }
        let mut fill = succ_off.clone();
        let mut succ = vec![0u32; edges.len()];
        for &(a, b) in &edges {
            let slot = &mut fill[a as usize];
            succ[*slot] = b;
            *slot += 1;
        }
        drop(fill);
        drop(edges);
        // Sorting each list lets us drop duplicate edges in place and makes output stable.
        let mut write = 0usize;
        let mut start = 0usize;
        for v in 0..n {
            let end = succ_off[v + 1];
            let list = &mut succ[start..end];
            list.sort_unstable();
            let mut last = None;
            let begin = write;
            for i in start..end {
                let w = succ[i];
                if last != Some(w) {
                    succ[write] = w;
                    write += 1;
                    last = Some(w);
                }
            }
            succ_off[v] = begin;
            start = end;
        }
        succ_off[n] = write;
        succ.truncate(write);
        succ.shrink_to_fit();
        // Predecessors by a second counting sort; scanning sources in order keeps them sorted.
        let mut pred_off = vec![0usize; n + 1];
        for &w in &succ {
            pred_off[w as usize + 1] += 1;
        }
        for i in 0..n {
            pred_off[i + 1] += pred_off[i];
        }
        let mut fill = pred_off.clone();
        let mut pred = vec![0u32; succ.len()];
        for v in 0..n {
            for &w in &succ[succ_off[v]..succ_off[v + 1]] {
                let slot = &mut fill[w as usize];
                pred[*slot] = v as u32;
                *slot += 1;
            }
        }
        Graph {
            succ_off,
            succ,
            pred_off,
            pred,
            names,
        }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.succ_off.len() - 1
    }

    /// The number of distinct edges (duplicates merged, self-loops counted).
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The followers of `v` (the vertices one move away), sorted; empty for an unknown id.
    pub fn successors(&self, v: u32) -> &[u32] {
        let i = v as usize;
        match (self.succ_off.get(i), self.succ_off.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.succ[a..b],
            _ => &[],
        }
    }

    /// The vertices with a move to `v`, sorted; empty for an unknown id.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let i = v as usize;
        match (self.pred_off.get(i), self.pred_off.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.pred[a..b],
            _ => &[],
        }
    }

    /// The name of vertex `v`; empty for an unknown id.
    pub fn name(&self, v: u32) -> &str {
        self.names.name(v)
    }

    /// The id of the vertex called `name`, if there is one.
    pub fn index(&self, name: &str) -> Option<u32> {
        self.names.get(name)
    }

    /// Checks that `v` is a vertex id of this graph.
    pub fn check_vertex(&self, v: u32) -> Result<(), GraphError> {
        if (v as usize) < self.vertex_count() {
            Ok(())
        } else {
            Err(GraphError::VertexOutOfRange {
                vertex: u64::from(v),
                count: self.vertex_count() as u64,
            })
        }
    }

    /// The edges `(from, to)` in order of source, then target.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.vertex_count() as u32)
            .flat_map(move |v| self.successors(v).iter().map(move |&w| (v, w)))
    }
}

/// A scratch buffer for [`fmt_u32`].
pub(crate) fn itoa_buf() -> [u8; 10] {
    [0u8; 10]
}

/// Formats `x` in decimal without allocating.
pub(crate) fn fmt_u32(buf: &mut [u8; 10], mut x: u32) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("0")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap inputs they built themselves.
mod tests {
    use super::*;

    #[test]
    fn csr_dedupes_and_keeps_self_loops() {
        let g = Graph::from_edges(3, &[(2, 0), (0, 0), (0, 2), (0, 2), (0, 1)]).unwrap();
        assert_eq!(g.successors(0), &[0, 1, 2]);
        assert_eq!(g.predecessors(0), &[0, 2]);
        assert_eq!(g.predecessors(2), &[0]);
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.successors(7), &[] as &[u32]);
    }

    #[test]
    fn names_numeric_and_other() {
        let g = Graph::from_edges(["b", "007", "7", "x y"], &[(0, 1)]).unwrap();
        assert_eq!(g.index("007"), Some(1));
        assert_eq!(g.index("7"), Some(2));
        assert_eq!(g.index("x y"), Some(3));
        assert_eq!(g.index("c"), None);
        assert_eq!(g.name(3), "x y");
        assert!(matches!(
            Graph::from_edges(["a", "a"], &[]),
            Err(GraphError::DuplicateName { .. })
        ));
        assert!(matches!(
            Graph::from_edges(2, &[(0, 2)]),
            Err(GraphError::VertexOutOfRange {
                vertex: 2,
                count: 2
            })
        ));
    }

    #[test]
    fn identity_numbering_then_break() {
        let mut t = NameTable::new();
        for k in 0..3u32 {
            assert_eq!(t.intern(&k.to_string()).unwrap(), k);
        }
        assert!(t.identity);
        assert_eq!(t.get("3"), None);
        assert_eq!(t.intern("5").unwrap(), 3);
        assert!(!t.identity);
        assert_eq!(t.intern("3").unwrap(), 4);
        assert_eq!(t.intern("x").unwrap(), 5);
        assert_eq!(
            [t.get("0"), t.get("5"), t.get("3"), t.get("x"), t.get("4")],
            [Some(0), Some(3), Some(4), Some(5), None]
        );
    }

    #[test]
    fn sparse_numbers_fall_back_to_hashing() {
        let mut t = NameTable::new();
        let a = t.intern("999999999").unwrap();
        let b = t.intern("5").unwrap();
        for k in 0..20_000u32 {
            t.intern(&k.to_string()).unwrap();
        }
        assert_eq!(t.intern("999999999").unwrap(), a);
        assert_eq!(t.get("5"), Some(b));
        assert_eq!(t.get("999999999"), Some(a));
        assert_eq!(t.len(), 20_001);
        assert!(t.numeric.len() < 200_000);
    }
}
