//! Random positions for property tests.

use grundy_types::SplitMix64;

use crate::graph::{Graph, InputBounds, DEFAULT_MAX_EDGES};

/// grundy-types' SplitMix64 (small, fast, and the same stream on every platform), drawing
/// vertex numbers and counts.
struct Rng(SplitMix64);

impl Rng {
    /// Uniform in 0..bound (bound > 0), by multiply-shift.
    fn below(&mut self, bound: usize) -> usize {
        self.0.below(bound as u64) as usize
    }
}

/// A random position of at most `max_edges` edges, the same for the same seed.
///
/// Arguments: `seed`; `max_edges` (the edge count is uniform in `0..=max_edges`, and at most
/// [`DEFAULT_MAX_EDGES`]).
///
/// Returns: a graph grown edge by edge from the ground: mostly new vertices hung from old
/// ones (tree-like parts), chords between old vertices (cycles, and multiple edges when they
/// repeat a pair), loops, repeated edges, sometimes a second or third ground contact (fused
/// into the ground, so chords to it close cycles through the ground) and sometimes an edge
/// between two new vertices (floating, not in play). Meant for property tests over the
/// registry: small `max_edges` (up to about 14) keeps brute force cheap.
///
/// Complexity: O(max_edges).
///
/// Example:
/// ```
/// use grundy_hackenbush::random_graph;
/// let g = random_graph(7, 12);
/// assert!(g.edge_count() <= 12);
/// assert_eq!(g, random_graph(7, 12));
/// ```
pub fn random_graph(seed: u64, max_edges: usize) -> Graph {
    let mut rng = Rng(SplitMix64::new(seed));
    let m = rng.below(max_edges.min(DEFAULT_MAX_EDGES) + 1);
    // Vertex numbers: 0 is the ground; extra ground contacts get numbers like any vertex.
    let mut next = 1usize;
    let mut ground = Vec::new();
    for _ in 0..rng.below(3) {
        ground.push(next);
        next += 1;
    }
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(m);
    for _ in 0..m {
        let kind = rng.below(20);
        let edge = match kind {
            0..=8 => {
                let u = rng.below(next);
                next += 1;
                (u, next - 1)
            }
            9..=14 => (rng.below(next), rng.below(next)),
            15 | 16 => {
                let u = rng.below(next);
                (u, u)
            }
            17 | 18 if !edges.is_empty() => edges[rng.below(edges.len())],
            _ => {
                next += 2;
                (next - 2, next - 1)
            }
        };
        // Orientation carries no meaning; vary it so parsers and printers see both.
        edges.push(if rng.below(2) == 0 {
            edge
        } else {
            (edge.1, edge.0)
        });
    }
    Graph::from_edges(&edges, &ground, &InputBounds::default()).unwrap_or_default()
}
