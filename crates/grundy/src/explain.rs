//! Explanations: the reasoning behind a value, in the style of the seed slides.
//!
//! Families describe their reasoning as [`Explanation`]s through the
//! [`crate::rules::Ruleset::explain`] hook; the renderers here turn them into plain text or
//! Markdown. **Boundary:** families build blocks, never strings with layout.

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
