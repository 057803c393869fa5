#![warn(missing_docs)]
//! Cram and Node Kayles on boards and graphs, valued by a search that splits positions into
//! their independent regions, folds symmetric regions together and prunes.
//!
//! * [`region`]: sets of cells of a grid packed in a word, split, cropped and made canonical.
//! * [`search`]: the pruned search ([`Search`]) over any game of independent parts
//!   ([`Parts`]), with its bounded transposition table.
//! * [`cram`], [`kayles`]: the two games, on grid regions and (Node Kayles) on any graph.
//! * [`board`]: boards as users write them (`R x C`, drawn rows, edge lists), parsed with
//!   errors that name the column.

pub mod board;
pub mod cram;
pub mod kayles;
pub mod region;
pub mod search;
pub mod solve;
pub mod word;

pub use board::{Board, Graph, TextError};
pub use cram::Cram;
pub use kayles::{GraphKayles, GridKayles};
pub use region::{Frame, Region};
pub use search::{Parts, Search, Stats};
pub use solve::{CramSolver, GridKaylesSolver, GridSolver};
pub use word::Word;

#[cfg(test)]
mod tests;
