//! The two-dimensional coin-turning games as values: a product of two line games; their
//! analysis is in `grid.rs`, the brute force of small boards in `brute.rs`.

use serde::Serialize;

use crate::line::Line;

/// How the two line games combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProductKind {
    /// Cartesian products of a row move and a column move.
    Tartan,
    /// A move along one column or along one row.
    Acrostic,
}

/// A two-dimensional coin-turning game: a product of two line games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Product {
    /// Tartan or acrostic.
    pub kind: ProductKind,
    /// The game along each column (it numbers the rows, the first coordinate).
    pub rows: Line,
    /// The game along each row (it numbers the columns, the second coordinate).
    pub cols: Line,
}
