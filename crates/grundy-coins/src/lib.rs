//! Nimbers and coin-turning games.
//!
//! - [`nim`]: Conway's field of nimbers: product, square, square root, inverse and quotient for
//!   `u64`, `u128` and `BigUint` (every field of order `2^(2^k)`).
//! - [`Line`]: one-dimensional coin-turning games (Ruler, Turning Turtles, Twins, Mock Turtles
//!   with closed forms; any turning code by brute force), values and winning moves.
//! - [`Product`]: two-dimensional games, Tartan products (values by the Tartan theorem,
//!   winning moves by [`factor`] on boards of `2^64` coins a side) and acrostic products;
//!   Turning Corners is `Product::turning_corners()`.
//! - [`brute`]: the mex reference for two-dimensional games on small boards.
//!
//! ```
//! use grundy_coins::{Product, parse_cells};
//! let corners = Product::parse("corners")?;
//! let far = u64::MAX;
//! let grid = corners.position(&parse_cells(&format!("(3,5),({far},{}),(7,2)", far - 1))?)?;
//! let analysis = corners.analyze(&grid)?;
//! assert_ne!(analysis.value, 0);
//! let mv = analysis.winning_move.expect("a nonzero value has a winning move");
//! corners.check_move(&grid, &mv)?;
//! # Ok::<(), grundy_coins::CoinError>(())
//! ```

// Tests may unwrap: their inputs are literals, not user input.
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod brute;
mod error;
pub mod factor;
mod grid;
mod line;
pub mod nim;
mod parse;
mod product;

pub use error::CoinError;
pub use grid::{Analysis, Grid, GridMove};
pub use line::{Line, LineMove, RuleLine, TurnRule, LIST_LIMIT, MOVE_BUDGET, RULE_COIN_LIMIT};
pub use parse::{cells_from_pairs, parse_cells, parse_coins};
pub use product::{Product, ProductKind};
