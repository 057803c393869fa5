//! What an explanation is made of: blocks of prose, tables and preformatted lines. Families
//! build these through their `explain` hook; [`crate::explain`] composes and renders them.

/// One piece of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A paragraph of prose (one or more sentences).
    Para(String),
    /// A table with a header row.
    Table {
        /// Column titles.
        header: Vec<String>,
        /// Rows of cells (each as long as the header).
        rows: Vec<Vec<String>>,
    },
    /// Preformatted lines (binary columns, a computation), shown as they are.
    Pre(Vec<String>),
    /// A list of items.
    List(Vec<String>),
}

/// The reasoning behind one component's (or a whole position's) value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Explanation {
    /// A short heading, e.g. `Wythoff's game (4, 7)`.
    pub title: String,
    /// The body.
    pub blocks: Vec<Block>,
}
