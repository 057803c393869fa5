#![warn(missing_docs)]
//! Impartial games on directed graphs, with cycles: Smith's generalized Sprague-Grundy
//! function, outcomes with draws, sums of tokens, and the strategies that realise them.
//!
//! A position is a set of tokens on the vertices of a [`Graph`]; a move slides one token
//! along an edge; the player who cannot move loses. [`solve`] labels every vertex with its
//! [`LoopyValue`] (a nimber, or `∞(K)` when the game may go on forever), [`sum_value`] adds
//! the values of several tokens by Smith's rules, and [`winning_moves`], [`drawing_moves`] and
//! [`counter_reply`] say how to play.
//!
//! ```
//! use grundy_graph::{solve, winning_moves, Format, Graph, Outcome};
//! let g = Graph::parse("a b\nb a\nb c\n", Format::EdgeList).unwrap();
//! let vals = solve(&g);
//! let b = g.index("b").unwrap();
//! assert_eq!(vals.outcome(&g, b), Outcome::N);
//! // b wins by moving to c (terminal) or to a (value 0); the counter strategy prefers c.
//! let c = g.index("c").unwrap();
//! let a = g.index("a").unwrap();
//! assert_eq!(winning_moves(&g, &vals, &[b]).unwrap(), vec![(0, c), (0, a)]);
//! ```

mod error;
mod graph;
mod parse;
mod play;
mod solve;
mod value;

pub use error::GraphError;
pub use graph::{Graph, Vertices, MAX_VERTICES};
pub use parse::{Format, MAX_FILE_BYTES, MAX_LINE_BYTES};
pub use play::{counter_reply, drawing_moves, position_value, winning_moves};
pub use solve::{misere_outcomes, solve, GraphValues};
pub use value::{sum_value, LoopyValue, Outcome};
