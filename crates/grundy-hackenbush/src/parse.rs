//! The text form of a Hackenbush graph: `g-1 1-2 2-3 3-1 3-3`.
//!
//! Grammar (whitespace, `,` and `;` separate items; `#` starts a comment to the end of line):
//! ```text
//! GRAPH := ITEM*
//! ITEM  := NAME ('-' NAME)+        a chain a-b-c is the edges a-b and b-c
//! NAME  := [A-Za-z0-9_]+           `g` and `0` are the ground; numbers have no leading zero
//! ```
//! A repeated pair is a multiple edge, `a-a` is a loop. The same text works inside an
//! expression argument (`hackenbush("g-1 1-2 2-g")`) and as a file, one or many edges a line.

use std::collections::HashMap;
use std::path::Path;

use crate::error::{parse_error, HackenbushError};
use crate::graph::{Graph, InputBounds, GROUND};

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b';')
}

/// The character at byte offset `at` (which is a char boundary), as text for messages.
fn char_at(text: &str, at: usize) -> String {
    text[at..]
        .chars()
        .next()
        .map(String::from)
        .unwrap_or_default()
}

impl Graph {
    /// Parses the text form of a graph.
    ///
    /// Arguments: `text`, edges `u-v` (chains `a-b-c` allowed) separated by whitespace, `,` or
    /// `;`, with `#` comments; vertex names are letters, digits and `_`, and `g` or `0` is the
    /// ground. `limits`: the text length and the number of edges (counted as the number of
    /// `-` before any allocation).
    ///
    /// Returns: the graph (edges in the order written, vertices numbered by first
    /// appearance), or `Parse` with line, column, character offset, the offending text and
    /// what to write instead, or `TooLarge`. The empty text is the empty graph.
    ///
    /// Complexity: O(length of text) expected.
    ///
    /// Example:
    /// ```
    /// use grundy_hackenbush::{Graph, HackenbushError, InputBounds};
    /// let g = Graph::parse("0-1-2-3-1, 3-3 # a triangle with a loop", &InputBounds::default()).unwrap();
    /// assert_eq!(g.to_string(), "g-1 1-2 2-3 3-1 3-3");
    /// let err = Graph::parse("g-1 1-", &InputBounds::default()).unwrap_err();
    /// assert!(matches!(err, HackenbushError::Parse { column: 7, .. }));
    /// ```
    pub fn parse(text: &str, limits: &InputBounds) -> Result<Graph, HackenbushError> {
        limits.check_text(text.len() as u64)?;
        let dashes = text.bytes().filter(|&b| b == b'-').count();
        limits.check_edges(dashes)?;
        let bytes = text.as_bytes();
        let mut ids = Names::new(dashes);
        let mut names = vec![GROUND.to_string()];
        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(dashes);
        let mut pos = 0;
        while pos < bytes.len() {
            let b = bytes[pos];
            if is_separator(b) {
                pos += 1;
                continue;
            }
            if b == b'#' {
                while pos < bytes.len() && bytes[pos] != b'\n' {
                    pos += 1;
                }
                continue;
            }
            // One item: a chain of names joined by '-'.
            let item_start = pos;
            let first = name_at(text, pos)?;
            pos += first.len();
            let mut prev = ids.intern(first, &mut names);
            let mut links = 0usize;
            while pos < bytes.len() && bytes[pos] == b'-' {
                pos += 1;
                let next = name_at(text, pos)?;
                pos += next.len();
                let id = ids.intern(next, &mut names);
                edges.push((prev, id));
                prev = id;
                links += 1;
            }
            if pos < bytes.len() && !is_separator(bytes[pos]) && bytes[pos] != b'#' {
                let c = char_at(text, pos);
                return Err(parse_error(
                    text,
                    pos,
                    &c,
                    format!(
                        "unexpected '{c}' after an edge: vertex names are letters, digits and \
                         '_', and items are separated by spaces, ',' or ';'"
                    ),
                ));
            }
            if links == 0 {
                return Err(parse_error(
                    text,
                    item_start,
                    first,
                    format!(
                        "'{first}' is a lone vertex, not an edge; write an edge such as g-{first} \
                         or {first}-{first} (a vertex without edges plays no part)"
                    ),
                ));
            }
        }
        Ok(Graph::from_canonical(names, edges))
    }

    /// Reads a graph file in the text form of [`Graph::parse`].
    ///
    /// Arguments: `path`; `limits` (the file size is checked before it is read).
    ///
    /// Returns: the graph, or `Io`, `TooLarge`, or `Parse` (also for text that is not UTF-8).
    ///
    /// Complexity: O(file size).
    ///
    /// Example:
    /// ```
    /// use grundy_hackenbush::{Graph, HackenbushError, InputBounds};
    /// let err = Graph::read("/nonexistent/graph.txt", &InputBounds::default()).unwrap_err();
    /// assert!(matches!(err, HackenbushError::Io { .. }));
    /// ```
    pub fn read(path: impl AsRef<Path>, limits: &InputBounds) -> Result<Graph, HackenbushError> {
        let path = path.as_ref();
        let io = |source| HackenbushError::Io {
            path: path.to_path_buf(),
            source,
        };
        let size = std::fs::metadata(path).map_err(io)?.len();
        limits.check_text(size)?;
        let bytes = std::fs::read(path).map_err(io)?;
        limits.check_text(bytes.len() as u64)?;
        match String::from_utf8(bytes) {
            Ok(text) => Graph::parse(&text, limits),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let valid = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
                Err(parse_error(
                    &valid,
                    at,
                    "",
                    "the file is not valid UTF-8 text; write the graph as plain text",
                ))
            }
        }
    }
}

/// The vertex name starting at byte `pos`, checked.
fn name_at(text: &str, pos: usize) -> Result<&str, HackenbushError> {
    let bytes = text.as_bytes();
    let mut end = pos;
    while end < bytes.len() && is_name_byte(bytes[end]) {
        end += 1;
    }
    if end == pos {
        let after_dash = pos > 0 && bytes[pos - 1] == b'-';
        let found = if pos < bytes.len() {
            format!("'{}'", char_at(text, pos))
        } else {
            "the end of the text".to_string()
        };
        let message = if after_dash {
            format!(
                "expected a vertex name after '-', found {found}; write edges such as 1-2 (a \
                 loop is 1-1)"
            )
        } else {
            format!(
                "expected a vertex name, found {found}: vertex names are letters, digits and \
                 '_' (the ground is g or 0); write edges such as g-1 1-2"
            )
        };
        let shown = if pos < bytes.len() {
            char_at(text, pos)
        } else {
            String::new()
        };
        return Err(parse_error(text, pos, &shown, message));
    }
    let name = &text[pos..end];
    if name.len() > 1 && name.starts_with('0') && name.bytes().all(|b| b.is_ascii_digit()) {
        let plain = name.trim_start_matches('0');
        let plain = if plain.is_empty() { "0" } else { plain };
        return Err(parse_error(
            text,
            pos,
            name,
            format!(
                "the vertex number '{name}' has a leading zero; write {plain} (0 alone is the \
                 ground)"
            ),
        ));
    }
    Ok(name)
}

/// Vertex ids by name: a table indexed by the number for numeric names up to a bound
/// proportional to the text (the usual case, and much faster than hashing), a hash map for
/// the others.
struct Names<'a> {
    dense: Vec<u32>,
    other: HashMap<&'a str, u32>,
}

impl<'a> Names<'a> {
    /// `edges` bounds the number of vertices, so numbers below `2 * edges + 2` cover a
    /// graph numbered 0, 1, 2, ...
    fn new(edges: usize) -> Names<'a> {
        Names {
            dense: vec![NONE; 2 * edges + 2],
            other: HashMap::new(),
        }
    }

    /// The id of `name`, giving it the next id when new; `g` and `0` are the ground.
    fn intern(&mut self, name: &'a str, names: &mut Vec<String>) -> u32 {
        if name == GROUND || name == "0" {
            return 0;
        }
        // Leading zeros were refused, so the number names the vertex exactly.
        let number = if name.len() <= 9 && name.bytes().all(|b| b.is_ascii_digit()) {
            name.parse::<usize>().ok().filter(|&n| n < self.dense.len())
        } else {
            None
        };
        let slot = match number {
            Some(n) => &mut self.dense[n],
            None => self.other.entry(name).or_insert(NONE),
        };
        if *slot == NONE {
            names.push(name.to_string());
            // The edge limit bounds the names by 2 * HARD_MAX_EDGES + 1, which fits a u32.
            *slot = (names.len() - 1) as u32;
        }
        *slot
    }
}

const NONE: u32 = u32::MAX;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn err(text: &str) -> (usize, usize, String, String) {
        match Graph::parse(text, &InputBounds::default()).unwrap_err() {
            HackenbushError::Parse {
                line,
                column,
                found,
                message,
                ..
            } => (line, column, found, message),
            other => panic!("unexpected {other}"),
        }
    }

    #[test]
    fn chains_separators_comments_and_ground_synonyms() {
        let g = Graph::parse(
            "# a house\n0-a-b;b-c ,c-a\r\n\tg-x_1 # roof\nx_1-x_1",
            &InputBounds::default(),
        )
        .unwrap();
        assert_eq!(g.to_string(), "g-a a-b b-c c-a g-x_1 x_1-x_1");
        assert_eq!(
            Graph::parse("", &InputBounds::default()).unwrap(),
            Graph::empty()
        );
        assert_eq!(
            Graph::parse(" # nothing\n", &InputBounds::default()).unwrap(),
            Graph::empty()
        );
    }

    #[test]
    fn errors_say_where_and_what_to_write() {
        let (line, col, found, msg) = err("g-1\n1-2 2-");
        assert_eq!((line, col, found.as_str()), (2, 7, ""));
        assert!(msg.contains("after '-'"), "{msg}");
        let (_, col, found, msg) = err("g-1 lonely");
        assert_eq!((col, found.as_str()), (5, "lonely"));
        assert!(msg.contains("lone vertex"), "{msg}");
        let (_, col, found, msg) = err("g-1 1-2)");
        assert_eq!((col, found.as_str()), (8, ")"));
        assert!(msg.contains("unexpected ')'"), "{msg}");
        let (_, col, found, msg) = err("g-1 -2");
        assert_eq!((col, found.as_str()), (5, "-"));
        assert!(msg.contains("expected a vertex name"), "{msg}");
        let (_, col, found, msg) = err("g-007");
        assert_eq!((col, found.as_str()), (3, "007"));
        assert!(msg.contains("write 7"), "{msg}");
        let (_, col, found, _) = err("g-é");
        assert_eq!((col, found.as_str()), (3, "é"));
        let (_, col, found, _) = err("é-1");
        assert_eq!((col, found.as_str()), (1, "é"));
    }

    #[test]
    fn limits_are_checked_before_parsing() {
        let limits = InputBounds {
            max_edges: 2,
            ..InputBounds::default()
        };
        let e = Graph::parse("g-1-2-3", &limits).unwrap_err();
        assert!(matches!(
            e,
            HackenbushError::TooLarge {
                limit_name: "max_edges",
                size: 3,
                ..
            }
        ));
        let limits = InputBounds {
            max_text_bytes: 4,
            ..InputBounds::default()
        };
        let e = Graph::parse("g-1 1-2", &limits).unwrap_err();
        assert!(e.to_string().contains("max_text_bytes"), "{e}");
    }

    #[test]
    fn print_parses_back() {
        for text in ["g-1 1-2 2-3 3-1 3-3", "g-g g-a a-g", "a-b"] {
            let g = Graph::parse(text, &InputBounds::default()).unwrap();
            assert_eq!(g.to_string(), text);
            assert_eq!(
                Graph::parse(&g.to_string(), &InputBounds::default()).unwrap(),
                g
            );
        }
    }
}
