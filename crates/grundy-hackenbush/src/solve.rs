//! Values and winning cuts by the fusion and colon principles.
//!
//! One iterative depth-first search from the ground gives a spanning tree of what the ground
//! holds; every other edge joins a vertex to one of its ancestors (a back edge) or is a loop.
//! A tree edge is a bridge exactly when no back edge jumps over it, which a bottom-up count
//! finds. Removing the bridges leaves the 2-edge-connected blocks; they hang from one another
//! by bridges in a tree rooted at the ground's block.
//!
//! Fusion (Winning Ways, chapter 7): the vertices of a block may be fused into one without
//! changing the value, so each edge inside a block becomes a loop, worth *1 like a stalk of
//! one edge. Colon principle: what stands on a vertex adds by XOR, and an edge below a
//! position of value v is worth v + 1. So the value of a block with everything above it is
//! `(number of its edges mod 2) XOR` the XOR over its child bridges of (child's value + 1),
//! computed bottom-up in reverse preorder.
//!
//! Winning cuts: the value that a block's subtree must take for the whole to reach the target
//! goes down the bridges as in `tree(...)`: a child hanging by a bridge needs
//! `need = R(block) ^ G(block) ^ (G(child) + 1)`; `need == 0` means cutting that bridge wins,
//! otherwise the child must become `need - 1`. Inside a block, cutting an edge e keeps the
//! block connected, and the edges that become bridges are those f with {e, f} a 2-edge cut.
//! These "cut pairs" split the block's edges into classes; a class of size 1 leaves the block
//! 2-edge-connected (its value flips its lowest bit: one loop fewer). A class of n >= 2 edges
//! lies on one cycle of n segments S_0 ... S_{n-1} (S_0 holds the block's attachment); cutting
//! its j-th edge leaves S_0 with two chains of segments, whose values come from
//! [`crate::stalk::prefix_values`] for every j at once.
//!
//! The classes come from the DFS tree without hashing: with `cnt(v)` the number of back
//! edges over the tree edge above v and `high(v)` the depth of the deepest ancestor such an
//! edge reaches, two tree edges v (below) and u (above) are a cut pair exactly when
//! `cnt(u) == cnt(v)` and `high(v) < depth(u)` (every edge over v then also passes over u,
//! and the counts leave no room for more); the deepest ancestor with the same count is the
//! only candidate. A back edge is in a pair with the tree edges it alone jumps over
//! (`cnt == 1`); it is found as the XOR of the ids of the back edges over the tree edge.
//! `high` comes from processing back edges by decreasing depth of their upper end with a
//! union-find that skips vertices already set.
//!
//! Complexity: the value in O(V + E); winning cuts in O(V + E α(V) + Σ n_c · log E) over the
//! classes c of size n_c > 40 (smaller ones cost n_c²), so O(E log E) in the worst case (one
//! cycle through every edge) and close to linear on ordinary graphs. Every loop is iterative.

use serde::Serialize;

use crate::graph::{Graph, InputBounds};
use crate::stalk::{prefix_values, Trie};
use crate::ticker::Ticker;
use crate::HackenbushError;

const NONE: u32 = u32::MAX;
const NO_VALUE: u64 = u64::MAX;

/// Input bounds and the budget of a computation.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Size limits, checked before the working arrays are allocated.
    pub bounds: InputBounds,
    /// The request's budget, checked about every 65,000 steps: when it is cancelled the
    /// computation stops with `Cancelled`, when its time is up with `TimeLimit`.
    pub budget: Option<grundy_types::Limits>,
}

/// One 2-edge-connected block of the position that holds at least one edge, as fusion sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Block {
    /// The vertex by which the block hangs (nearest the ground; `g` for the ground's block).
    pub root: String,
    /// Number of vertices of the block (fused into one).
    pub vertices: usize,
    /// Number of edges inside the block (each one becomes a loop worth *1).
    pub edges: usize,
    /// The value of the block with everything standing on it.
    pub value: u64,
}

/// The value of a position and how fusion saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The nim-value of the position.
    pub value: u64,
    /// Edges of the graph, floating ones included.
    pub edges: usize,
    /// Edges connected to the ground (the moves).
    pub edges_in_play: usize,
    /// Edges not connected to the ground: not part of the game.
    pub floating_edges: usize,
    /// Edges in play on no cycle (bridges: the tree-like part).
    pub bridges: usize,
    /// Edges in play on a cycle, loops included: fusion turns each into a loop.
    pub cyclic_edges: usize,
    /// The blocks with at least one edge, in preorder from the ground.
    pub blocks: Vec<Block>,
}

/// The edges whose cut leaves a given value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningCuts {
    /// The value of the position before the cut.
    pub value: u64,
    /// The value the cut must leave (0 for a winning move).
    pub target: u64,
    /// How many edges reach the target.
    pub count: usize,
    /// The first of them by edge id, increasing, at most as many as asked for.
    pub edges: Vec<usize>,
}

/// The DFS from the ground and the bottom-up sums of every vertex it reaches.
struct Core {
    /// Grounded vertices in preorder.
    order: Vec<u32>,
    /// Preorder index, NONE when not reached.
    pre: Vec<u32>,
    parent: Vec<u32>,
    /// The tree edge above each vertex.
    pedge: Vec<u32>,
    depth: Vec<u32>,
    /// Back edges: (edge id, lower end, upper end).
    back: Vec<(u32, u32, u32)>,
    /// Loops at grounded vertices: (edge id, vertex).
    loops: Vec<(u32, u32)>,
    /// Back edges over the tree edge above v (0: a bridge).
    cnt: Vec<u32>,
    /// Sum over the part of v's subtree in v's block of the degree inside the block.
    deg: Vec<u32>,
    /// XOR over the same vertices of (child block's value + 1) for their child bridges.
    hang: Vec<u64>,
    /// Subtree sizes (winning cuts only).
    size: Vec<u32>,
    /// XOR of (back edge index + 1) over the back edges over v (winning cuts only).
    xid: Vec<u32>,
}

impl Core {
    fn build(graph: &Graph, opts: &Options, for_cuts: bool) -> Result<Core, HackenbushError> {
        opts.bounds.check_edges(graph.edge_count())?;
        let mut ticker = Ticker::new(opts.budget.as_ref());
        ticker.check()?;
        let n = graph.vertex_count();
        let edges = graph.edges();
        // Adjacency without loops, in CSR form.
        let mut start = vec![0u32; n + 1];
        let mut loops_at = Vec::new();
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a == b {
                loops_at.push((i as u32, a));
            } else {
                start[a as usize + 1] += 1;
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut adj = vec![(0u32, 0u32); start[n] as usize];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a != b {
                adj[next[a as usize] as usize] = (b, i as u32);
                next[a as usize] += 1;
                adj[next[b as usize] as usize] = (a, i as u32);
                next[b as usize] += 1;
            }
        }
        ticker.tick(n + edges.len())?;
        // Iterative DFS from the ground; `next` becomes each vertex's scan position.
        next.copy_from_slice(&start);
        let mut order = Vec::new();
        let mut pre = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut pedge = vec![NONE; n];
        let mut depth = vec![0u32; n];
        let mut back = Vec::new();
        let mut stack = vec![0u32];
        pre[0] = 0;
        order.push(0u32);
        while let Some(&v) = stack.last() {
            let vi = v as usize;
            if next[vi] == start[vi + 1] {
                stack.pop();
                continue;
            }
            let (w, e) = adj[next[vi] as usize];
            next[vi] += 1;
            ticker.tick(1)?;
            if e == pedge[vi] {
                continue;
            }
            let wi = w as usize;
            if pre[wi] == NONE {
                pre[wi] = order.len() as u32;
                order.push(w);
                parent[wi] = v;
                pedge[wi] = e;
                depth[wi] = depth[vi] + 1;
                stack.push(w);
            } else if pre[wi] < pre[vi] {
                // In an undirected DFS an edge to an earlier vertex goes to an ancestor; the
                // same edge seen later from that ancestor is skipped by the test above.
                back.push((e, v, w));
            }
        }
        drop(adj);
        drop(next);
        drop(start);
        let loops: Vec<(u32, u32)> = loops_at
            .into_iter()
            .filter(|&(_, v)| pre[v as usize] != NONE)
            .collect();
        // Bottom-up sums. Counts use wrapping arithmetic: partial sums may dip below zero,
        // the finished count of each vertex is exact.
        let mut cnt = vec![0u32; n];
        let mut deg = vec![0u32; n];
        let mut hang = vec![0u64; n];
        let mut xid = if for_cuts { vec![0u32; n] } else { Vec::new() };
        let mut size = if for_cuts { vec![1u32; n] } else { Vec::new() };
        for (i, &(_, lo, up)) in back.iter().enumerate() {
            cnt[lo as usize] = cnt[lo as usize].wrapping_add(1);
            cnt[up as usize] = cnt[up as usize].wrapping_sub(1);
            deg[lo as usize] += 1;
            deg[up as usize] += 1;
            if for_cuts {
                xid[lo as usize] ^= i as u32 + 1;
                xid[up as usize] ^= i as u32 + 1;
            }
        }
        for &(_, v) in &loops {
            deg[v as usize] += 2;
        }
        for &v in order.iter().skip(1).rev() {
            ticker.tick(1)?;
            let vi = v as usize;
            let p = parent[vi] as usize;
            cnt[p] = cnt[p].wrapping_add(cnt[vi]);
            if for_cuts {
                xid[p] ^= xid[vi];
                size[p] += size[vi];
            }
            if cnt[vi] == 0 {
                let g = block_value(hang[vi], deg[vi]);
                hang[p] ^= g + 1;
            } else {
                deg[vi] += 1;
                deg[p] += deg[vi] + 1;
                hang[p] ^= hang[vi];
            }
        }
        Ok(Core {
            order,
            pre,
            parent,
            pedge,
            depth,
            back,
            loops,
            cnt,
            deg,
            hang,
            size,
            xid,
        })
    }

    /// The value of the block rooted at `a` with everything on it.
    fn g(&self, a: usize) -> u64 {
        block_value(self.hang[a], self.deg[a])
    }

    fn edges_in_play(&self) -> usize {
        self.order.len() - 1 + self.back.len() + self.loops.len()
    }

    fn bridges(&self) -> usize {
        self.order
            .iter()
            .skip(1)
            .filter(|&&v| self.cnt[v as usize] == 0)
            .count()
    }

    /// The block root of every grounded vertex.
    fn block_roots(&self) -> Vec<u32> {
        let mut root = vec![NONE; self.pre.len()];
        root[0] = 0;
        for &v in self.order.iter().skip(1) {
            let vi = v as usize;
            root[vi] = if self.cnt[vi] == 0 {
                v
            } else {
                root[self.parent[vi] as usize]
            };
        }
        root
    }
}

/// Fused block: its internal edges are loops (each *1), XOR what hangs on it.
fn block_value(hang: u64, deg: u32) -> u64 {
    hang ^ u64::from((deg / 2) & 1)
}

/// The nim-value of a Green Hackenbush position.
///
/// Arguments: `graph`; `opts` (limits, cancellation).
///
/// Returns: the value (0 exactly when the player to move loses); `TooLarge` when the graph
/// is over the edge limit; `Cancelled`. Floating edges are ignored.
///
/// Complexity: O(V + E) time and memory, iterative (a path of 10^6 edges is fine).
///
/// Example:
/// ```
/// use grundy_hackenbush::{value, Graph, InputBounds, Options};
/// // A triangle on the ground fuses into three loops: *1. A square on a stalk: 1 + 0 = *1.
/// let tri = Graph::parse("g-1-2-g", &InputBounds::default()).unwrap();
/// assert_eq!(value(&tri, &Options::default()).unwrap(), 1);
/// let sq = Graph::parse("g-1 1-2-3-4-1", &InputBounds::default()).unwrap();
/// assert_eq!(value(&sq, &Options::default()).unwrap(), 1);
/// ```
pub fn value(graph: &Graph, opts: &Options) -> Result<u64, HackenbushError> {
    let core = Core::build(graph, opts, false)?;
    Ok(core.g(0))
}

/// The value of a position with how fusion saw it: counts of edges and the cyclic blocks.
///
/// Arguments: `graph`; `opts`.
///
/// Returns: an [`Analysis`]; `TooLarge` or `Cancelled`.
///
/// Complexity: O(V + E).
///
/// Example:
/// ```
/// use grundy_hackenbush::{analyze, Graph, InputBounds, Options};
/// let g = Graph::parse("g-1 1-2 2-3 3-1 3-3 7-8", &InputBounds::default()).unwrap();
/// let a = analyze(&g, &Options::default()).unwrap();
/// assert_eq!((a.value, a.bridges, a.cyclic_edges, a.floating_edges), (1, 1, 4, 1));
/// assert_eq!(a.blocks.len(), 1);
/// assert_eq!((a.blocks[0].root.as_str(), a.blocks[0].vertices, a.blocks[0].edges), ("1", 3, 4));
/// ```
pub fn analyze(graph: &Graph, opts: &Options) -> Result<Analysis, HackenbushError> {
    let core = Core::build(graph, opts, false)?;
    let roots = core.block_roots();
    let mut members = vec![0usize; core.pre.len()];
    for &v in &core.order {
        members[roots[v as usize] as usize] += 1;
    }
    let mut blocks = Vec::new();
    for &v in &core.order {
        let vi = v as usize;
        if roots[vi] == v && core.deg[vi] > 0 {
            blocks.push(Block {
                root: graph.name(v).unwrap_or_default().to_string(),
                vertices: members[vi],
                edges: core.deg[vi] as usize / 2,
                value: core.g(vi),
            });
        }
    }
    let in_play = core.edges_in_play();
    let bridges = core.bridges();
    Ok(Analysis {
        value: core.g(0),
        edges: graph.edge_count(),
        edges_in_play: in_play,
        floating_edges: graph.edge_count() - in_play,
        bridges,
        cyclic_edges: in_play - bridges,
        blocks,
    })
}

/// Every edge whose cut leaves a position of value `target` (0: the winning moves).
///
/// Arguments: `graph`; `target`; `list`, how many of those edges to return (the count is
/// always exact); `opts`.
///
/// Returns: [`WinningCuts`] with the value, the count and the first `list` edge ids in
/// increasing order; `TooLarge` or `Cancelled`. Floating edges are never cuts.
///
/// Complexity: O(V + E α(V) + Σ n_c log E) over the cut-pair classes of more than 40 edges,
/// so O(E log E) at worst (a graph of a few thousand edges takes milliseconds); memory
/// O(V + E). See the module documentation for the method.
///
/// Example:
/// ```
/// use grundy_hackenbush::{winning_cuts, Graph, InputBounds, Options};
/// // A triangle on the ground is *1; cutting the edge opposite the ground leaves two
/// // stalks of one edge: 1 ^ 1 = 0.
/// let g = Graph::parse("g-1 1-2 2-g", &InputBounds::default()).unwrap();
/// let w = winning_cuts(&g, 0, 10, &Options::default()).unwrap();
/// assert_eq!((w.value, w.count, w.edges), (1, 1, vec![1]));
/// ```
pub fn winning_cuts(
    graph: &Graph,
    target: u64,
    list: usize,
    opts: &Options,
) -> Result<WinningCuts, HackenbushError> {
    let core = Core::build(graph, opts, true)?;
    let mut ticker = Ticker::new(opts.budget.as_ref());
    let win = cuts_to(&core, graph.edge_count(), target, &mut ticker)?;
    let count = win.iter().filter(|&&w| w).count();
    let edges = win
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w)
        .map(|(e, _)| e)
        .take(list)
        .collect();
    Ok(WinningCuts {
        value: core.g(0),
        target,
        count,
        edges,
    })
}

/// Marks every edge whose cut leaves value `target`.
fn cuts_to(
    core: &Core,
    edge_count: usize,
    target: u64,
    ticker: &mut Ticker,
) -> Result<Vec<bool>, HackenbushError> {
    let n = core.pre.len();
    let mut win = vec![false; edge_count];
    let roots = core.block_roots();
    // Bridges, top-down: the value each block's subtree must take.
    let mut need_of = vec![NO_VALUE; n];
    need_of[0] = target;
    for &v in core.order.iter().skip(1) {
        ticker.tick(1)?;
        let vi = v as usize;
        if core.cnt[vi] != 0 {
            continue;
        }
        let a = roots[core.parent[vi] as usize] as usize;
        let r = need_of[a];
        if r == NO_VALUE {
            continue;
        }
        let need = r ^ core.g(a) ^ (core.g(vi) + 1);
        if need == 0 {
            win[core.pedge[vi] as usize] = true;
        } else {
            need_of[vi] = need - 1;
        }
    }
    // A cut that leaves its block 2-edge-connected removes one loop after fusion.
    let single = |v: u32, win: &mut Vec<bool>, e: u32| {
        let a = roots[v as usize] as usize;
        let r = need_of[a];
        if r != NO_VALUE && core.g(a) ^ 1 == r {
            win[e as usize] = true;
        }
    };
    for &(e, v) in &core.loops {
        single(v, &mut win, e);
    }
    if core.back.is_empty() {
        return Ok(win);
    }
    let high = highs(core, ticker)?;
    // Cut-pair classes of tree edges, linked to the deepest ancestor with the same count.
    let mut last = vec![NONE; core.back.len() + 1];
    let mut prev = vec![NONE; n];
    let mut class = vec![NONE; n];
    let mut class_len: Vec<u32> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    for (i, &v) in core.order.iter().enumerate().skip(1) {
        ticker.tick(1)?;
        while let Some(&t) = path.last() {
            let ti = t as usize;
            if (core.pre[ti] + core.size[ti]) as usize <= i {
                path.pop();
                last[core.cnt[ti] as usize] = prev[ti];
            } else {
                break;
            }
        }
        let vi = v as usize;
        let c = core.cnt[vi] as usize;
        if c == 0 {
            continue;
        }
        let above = last[c];
        if above != NONE && core.depth[above as usize] > high[vi] {
            class[vi] = class[above as usize];
            class_len[class[vi] as usize] += 1;
        } else {
            class[vi] = class_len.len() as u32;
            class_len.push(1);
        }
        prev[vi] = above;
        last[c] = v;
        path.push(v);
    }
    drop(last);
    drop(prev);
    // Members of each class, top-down (preorder).
    let mut class_start = vec![0u32; class_len.len() + 1];
    for (k, &l) in class_len.iter().enumerate() {
        class_start[k + 1] = class_start[k] + l;
    }
    let mut fill = class_start.clone();
    let mut members = vec![0u32; class_start[class_len.len()] as usize];
    for &v in core.order.iter().skip(1) {
        let k = class[v as usize];
        if k != NONE {
            members[fill[k as usize] as usize] = v;
            fill[k as usize] += 1;
        }
    }
    drop(fill);
    drop(class);
    // The back edge of each class, if any: the one edge over a tree edge with count 1.
    let mut back_class = vec![NONE; core.back.len()];
    let mut class_back = vec![NONE; class_len.len()];
    for k in 0..class_len.len() {
        let top = members[class_start[k] as usize] as usize;
        if core.cnt[top] == 1 {
            let b = core.xid[top] - 1;
            back_class[b as usize] = k as u32;
            class_back[k] = b;
        }
    }
    for (i, &(e, lo, _)) in core.back.iter().enumerate() {
        if back_class[i] == NONE {
            single(lo, &mut win, e);
        }
    }
    let bits = (64 - (core.edges_in_play() as u64).leading_zeros()).max(1);
    let mut trie = Trie::new();
    let mut seg_x: Vec<u64> = Vec::new();
    let mut seg_d: Vec<u32> = Vec::new();
    let mut cut_edges: Vec<u32> = Vec::new();
    let mut ws: Vec<u64> = Vec::new();
    let mut forward: Vec<u64> = Vec::new();
    let mut backward: Vec<u64> = Vec::new();
    for k in 0..class_len.len() {
        let u = &members[class_start[k] as usize..class_start[k + 1] as usize];
        let b = class_back[k];
        if u.len() == 1 && b == NONE {
            single(u[0], &mut win, core.pedge[u[0] as usize]);
            continue;
        }
        let a = roots[u[0] as usize] as usize;
        let r = need_of[a];
        if r == NO_VALUE {
            continue;
        }
        // Segments around the class's cycle, as (hang XOR, degree sum) of vertex sets
        // written with subtrees: S_0 holds the block root a.
        let x = |v: u32| core.hang[v as usize];
        let d = |v: u32| core.deg[v as usize];
        let (first, last_m) = (u[0], u[u.len() - 1]);
        seg_x.clear();
        seg_d.clear();
        cut_edges.clear();
        if b != NONE {
            seg_x.push(core.hang[a] ^ x(first));
            seg_d.push(core.deg[a].wrapping_sub(d(first)));
        } else {
            seg_x.push(core.hang[a] ^ x(first) ^ x(last_m));
            seg_d.push(core.deg[a].wrapping_sub(d(first)).wrapping_add(d(last_m)));
        }
        for pair in u.windows(2) {
            seg_x.push(x(pair[0]) ^ x(pair[1]));
            seg_d.push(d(pair[0]).wrapping_sub(d(pair[1])));
        }
        if b != NONE {
            seg_x.push(x(last_m));
            seg_d.push(d(last_m));
        }
        cut_edges.extend(u.iter().map(|&v| core.pedge[v as usize]));
        if b != NONE {
            cut_edges.push(core.back[b as usize].0);
        }
        // Each segment meets exactly two edges of the class; the rest of its degree sum
        // counts its inner edges twice.
        ws.clear();
        ws.extend(
            seg_x
                .iter()
                .zip(&seg_d)
                .map(|(&hx, &dd)| hx ^ u64::from((dd.saturating_sub(2) / 2) & 1)),
        );
        let len = ws.len();
        prefix_values(&ws[1..], bits, &mut trie, ticker, &mut forward)?;
        ws[1..].reverse();
        prefix_values(&ws[1..], bits, &mut trie, ticker, &mut backward)?;
        // Cutting edge j (1-based, between S_{j-1} and S_j mod len) leaves the chains
        // S_1..S_{j-1} and S_{len-1}..S_j on S_0.
        for j in 1..=len {
            let after = ws[0] ^ forward[j - 1] ^ backward[len - j];
            if after == r {
                win[cut_edges[j - 1] as usize] = true;
            }
        }
    }
    Ok(win)
}

/// `high[v]`: the depth of the deepest proper ancestor of v that a back edge from v's
/// subtree reaches (NONE when no back edge passes over the tree edge above v).
fn highs(core: &Core, ticker: &mut Ticker) -> Result<Vec<u32>, HackenbushError> {
    let n = core.pre.len();
    let max_depth = core
        .back
        .iter()
        .map(|&(_, _, up)| core.depth[up as usize])
        .max()
        .unwrap_or(0) as usize;
    // Back edges by decreasing depth of the upper end (counting sort).
    let mut bucket = vec![0u32; max_depth + 2];
    for &(_, _, up) in &core.back {
        bucket[max_depth - core.depth[up as usize] as usize + 1] += 1;
    }
    for i in 0..=max_depth {
        bucket[i + 1] += bucket[i];
    }
    let mut sorted = vec![0u32; core.back.len()];
    for (i, &(_, _, up)) in core.back.iter().enumerate() {
        let slot = &mut bucket[max_depth - core.depth[up as usize] as usize];
        sorted[*slot as usize] = i as u32;
        *slot += 1;
    }
    drop(bucket);
    let mut high = vec![NONE; n];
    // jump[v]: v while high[v] is unset, else a vertex higher up (union-find toward the root).
    let mut jump: Vec<u32> = (0..n as u32).collect();
    let find = |jump: &mut Vec<u32>, v: u32| -> u32 {
        let mut r = v;
        while jump[r as usize] != r {
            r = jump[r as usize];
        }
        let mut v = v;
        while jump[v as usize] != r {
            let next = jump[v as usize];
            jump[v as usize] = r;
            v = next;
        }
        r
    };
    for &i in &sorted {
        let (_, lo, up) = core.back[i as usize];
        let top = core.depth[up as usize];
        let mut v = find(&mut jump, lo);
        while core.depth[v as usize] > top {
            ticker.tick(1)?;
            high[v as usize] = top;
            let p = core.parent[v as usize];
            jump[v as usize] = p;
            v = find(&mut jump, p);
        }
    }
    Ok(high)
}
