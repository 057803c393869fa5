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

impl serde::Serialize for Block {
    /// `{"kind": "para", "text": ...}`, `{"kind": "table", "header": [...], "rows": [[...]]}`,
    /// `{"kind": "pre", "lines": [...]}` or `{"kind": "list", "items": [...]}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        match self {
            Block::Para(text) => {
                m.serialize_entry("kind", "para")?;
                m.serialize_entry("text", text)?;
            }
            Block::Table { header, rows } => {
                m.serialize_entry("kind", "table")?;
                m.serialize_entry("header", header)?;
                m.serialize_entry("rows", rows)?;
            }
            Block::Pre(lines) => {
                m.serialize_entry("kind", "pre")?;
                m.serialize_entry("lines", lines)?;
            }
            Block::List(items) => {
                m.serialize_entry("kind", "list")?;
                m.serialize_entry("items", items)?;
            }
        }
        m.end()
    }
}

/// The reasoning behind one component's (or a whole position's) value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Explanation {
    /// A short heading, e.g. `Wythoff's game (4, 7)`.
    pub title: String,
    /// The body.
    pub blocks: Vec<Block>,
}

#[cfg(test)]
mod tests {
    use super::Block;

    #[test]
    fn blocks_serialize_with_their_kind() {
        let s = |b: Block| serde_json::to_string(&b).unwrap_or_default();
        assert_eq!(s(Block::Para("a".into())), r#"{"kind":"para","text":"a"}"#);
        assert_eq!(
            s(Block::Table {
                header: vec!["n".into()],
                rows: vec![vec!["1".into()]]
            }),
            r#"{"kind":"table","header":["n"],"rows":[["1"]]}"#
        );
        assert_eq!(
            s(Block::Pre(vec!["x".into()])),
            r#"{"kind":"pre","lines":["x"]}"#
        );
        assert_eq!(
            s(Block::List(vec!["y".into()])),
            r#"{"kind":"list","items":["y"]}"#
        );
    }
}
