#![warn(missing_docs)]
//! Green Hackenbush on any graph: exact nim-values by the fusion and colon principles, and
//! the winning cuts.
//!
//! A position is a [`Graph`] rooted at the ground: vertices, edges (loops and multiple edges
//! allowed), and any number of ground vertices, which are one vertex for the game. A move
//! cuts one edge; everything no longer connected to the ground falls; the player who cannot
//! move loses. Edges not connected to the ground from the start are *floating*: they are not
//! part of the game (not moves, no value) and are reported as such by [`analyze`].
//!
//! * [`Graph::parse`] / [`Graph::read`] read the text form `g-1 1-2 2-3 3-1 3-3` (the ground
//!   is `g` or `0`; chains `g-1-2-3` allowed); `Display` prints it back canonically.
//! * [`value`] computes the nim-value in O(V + E); [`analyze`] adds what fusion saw.
//! * [`winning_cuts`] lists the edges whose cut leaves a given value (0 for winning moves),
//!   with the exact count, in O(E log E) at worst.
//! * [`Graph::cut`] plays a move; [`random_graph`] makes test positions.
//!
//! Theory: Berlekamp, Conway and Guy, *Winning Ways*, chapter 7 (the colon and fusion
//! principles; a loop is worth *1, like a stalk of one edge).
//!
//! ```
//! use grundy_hackenbush::{value, winning_cuts, Graph, InputBounds, Options};
//! let g = Graph::parse("g-1 1-2 2-3 3-1 3-3", &InputBounds::default()).unwrap();
//! let opts = Options::default();
//! // The triangle and the loop fuse into 4 loops on vertex 1: 0, and the edge below: *1.
//! assert_eq!(value(&g, &opts).unwrap(), 1);
//! let w = winning_cuts(&g, 0, 10, &opts).unwrap();
//! assert_eq!(w.edges, vec![0]); // cut g-1: everything falls
//! ```

mod error;
mod graph;
mod parse;
mod random;
mod solve;
mod stalk;
mod ticker;

pub use error::HackenbushError;
pub use graph::{
    Cut, Graph, InputBounds, DEFAULT_MAX_EDGES, DEFAULT_MAX_TEXT_BYTES, GROUND, HARD_MAX_EDGES,
};
pub use random::random_graph;
pub use solve::{analyze, value, winning_cuts, Analysis, Block, Options, WinningCuts};
