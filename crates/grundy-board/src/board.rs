//! Boards and graphs as users write them, read with errors that name the column.
//!
//! - A drawn board: rows separated by `/`, `.` an empty cell, `#` a covered (or taken) one:
//!   `..#./..../....`. Rows of different lengths, other characters and an empty text are
//!   errors; a board with no empty cell is a position with no move.
//! - A graph: edges `a-b` (chains `a-b-c` too) and lone vertices `a`, separated by spaces or
//!   commas: `0-1 1-2 2-0 3`. Vertex names are non-negative integers; a loop `a-a` is an error.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::region::MAX_CELLS;

/// A text that is not a board or a graph: where (a character offset from 0) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {}: {message}", offset + 1)]
pub struct TextError {
    /// Character offset of the offending text (0-based).
    pub offset: usize,
    /// What was wrong and what to write instead.
    pub message: String,
}

fn err(offset: usize, message: impl Into<String>) -> TextError {
    TextError {
        offset,
        message: message.into(),
    }
}

/// A rectangular board of at most 128 cells with some cells empty (cell `(r, c)` is bit
/// `r * cols + c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The empty cells.
    pub empty: u128,
}

impl Board {
    /// The empty board of `rows` x `cols` cells, when it has at most 128 cells.
    pub fn empty(rows: u64, cols: u64) -> Option<Board> {
        let cells = rows.checked_mul(cols)?;
        if rows == 0 || cols == 0 || cells > u64::from(MAX_CELLS) {
            return None;
        }
        Some(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty: crate::region::low_bits(cells as u32),
        })
    }

    /// Whether every cell is empty.
    pub fn is_full(&self) -> bool {
        self.empty == crate::region::low_bits(u32::from(self.rows) * u32::from(self.cols))
    }

    /// Reads a drawn board (`..#./....`).
    pub fn parse(text: &str) -> Result<Board, TextError> {
        if text.trim().is_empty() {
            return Err(err(
                0,
                "the board is empty; draw its rows with '.' for an empty cell and '#' for a \
                 covered one, separated by '/', as in \"..#./....\"",
            ));
        }
        let mut rows: Vec<Vec<bool>> = vec![Vec::new()];
        let mut row_start = vec![0usize];
        for (i, ch) in text.chars().enumerate() {
            match ch {
                '.' => rows.last_mut().map_or((), |r| r.push(true)),
                '#' => rows.last_mut().map_or((), |r| r.push(false)),
                '/' => {
                    rows.push(Vec::new());
                    row_start.push(i + 1);
                }
                c => {
                    return Err(err(
                        i,
                        format!(
                            "'{c}' is not a cell; write '.' for an empty cell, '#' for a covered \
                             one and '/' between rows"
                        ),
                    ))
                }
            }
        }
        let width = rows[0].len();
        for (k, r) in rows.iter().enumerate() {
            if r.is_empty() {
                return Err(err(
                    row_start[k],
                    format!("row {} is empty; every row needs at least one cell", k + 1),
                ));
            }
            if r.len() != width {
                return Err(err(
                    row_start[k],
                    format!(
                        "row {} has {} cells but row 1 has {width}; every row of a board has \
                         the same length",
                        k + 1,
                        r.len()
                    ),
                ));
            }
        }
        let cells = rows.len() * width;
        if cells > MAX_CELLS as usize {
            return Err(err(
                0,
                format!(
                    "the board has {} x {width} = {cells} cells; boards of at most {MAX_CELLS} \
                     cells are searched",
                    rows.len()
                ),
            ));
        }
        let mut empty = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, &e) in row.iter().enumerate() {
                if e {
                    empty |= 1u128 << (r * width + c);
                }
            }
        }
        Ok(Board {
            rows: rows.len() as u8,
            cols: width as u8,
            empty,
        })
    }

    /// The drawn form (`..#./....`), which [`Board::parse`] reads back.
    pub fn drawn(&self) -> String {
        let mut s = String::new();
        for r in 0..u32::from(self.rows) {
            if r > 0 {
                s.push('/');
            }
            for c in 0..u32::from(self.cols) {
                let i = r * u32::from(self.cols) + c;
                s.push(if self.empty >> i & 1 == 1 { '.' } else { '#' });
            }
        }
        s
    }
}

/// A simple undirected graph of at most 128 vertices, with the names users gave them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    /// The vertex names, in increasing order (vertex `i` is `names[i]`).
    pub names: Vec<u64>,
    /// The neighbours of each vertex.
    pub adj: Vec<u128>,
}

impl Graph {
    /// Reads a graph (`0-1 1-2 2-0 3`).
    pub fn parse(text: &str) -> Result<Graph, TextError> {
        // Edges and lone vertices by name, each name with where it was first written.
        let mut names: BTreeMap<u64, usize> = BTreeMap::new();
        let mut edges: Vec<(u64, u64)> = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == ' ' || chars[i] == ',' || chars[i].is_whitespace() {
                i += 1;
                continue;
            }
            // One token: NAME(-NAME)*
            let mut prev: Option<u64> = None;
            loop {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if start == i {
                    let found = chars
                        .get(i)
                        .map_or("the end".to_string(), |c| format!("'{c}'"));
                    return Err(err(
                        i.min(chars.len()),
                        format!(
                            "expected a vertex number, found {found}; write edges like 0-1 and \
                             lone vertices like 3, separated by spaces or commas"
                        ),
                    ));
                }
                let word: String = chars[start..i].iter().collect();
                let v: u64 = word.parse().map_err(|_| {
                    err(
                        start,
                        format!("vertex {word} is too large; names are below 2^64"),
                    )
                })?;
                names.entry(v).or_insert(start);
                if let Some(u) = prev {
                    if u == v {
                        return Err(err(
                            start,
                            format!("the edge {u}-{v} joins a vertex to itself; Node Kayles is played on simple graphs"),
                        ));
                    }
                    edges.push((u, v));
                }
                prev = Some(v);
                if i < chars.len() && chars[i] == '-' {
                    i += 1;
                    continue;
                }
                break;
            }
            if i < chars.len() && !(chars[i] == ',' || chars[i].is_whitespace()) {
                return Err(err(
                    i,
                    format!(
                        "'{}' cannot follow a vertex; write edges like 0-1 separated by spaces or commas",
                        chars[i]
                    ),
                ));
            }
        }
        if names.is_empty() {
            return Err(err(
                0,
                "the graph has no vertex; write edges like 0-1 and lone vertices like 3",
            ));
        }
        if names.len() > MAX_CELLS as usize {
            let (&name, &at) = names.iter().nth(MAX_CELLS as usize).unwrap_or((&0, &0));
            return Err(err(
                at,
                format!(
                    "the graph has {} vertices (vertex {name} is the {}th); graphs of at most \
                     {MAX_CELLS} vertices are searched",
                    names.len(),
                    MAX_CELLS + 1
                ),
            ));
        }
        let order: Vec<u64> = names.keys().copied().collect();
        let index = |v: u64| order.binary_search(&v).unwrap_or(0);
        let mut adj = vec![0u128; order.len()];
        for (u, v) in edges {
            let (a, b) = (index(u), index(v));
            adj[a] |= 1u128 << b;
            adj[b] |= 1u128 << a;
        }
        Ok(Graph { names: order, adj })
    }

    /// The text of the subgraph on the vertices `alive` (edges `a-b` with `a < b`, then the
    /// lone vertices), which [`Graph::parse`] reads back to the same graph.
    pub fn text(&self, alive: u128) -> String {
        let mut s = String::new();
        let mut lone = Vec::new();
        for a in 0..self.names.len() {
            if alive >> a & 1 == 0 {
                continue;
            }
            let nb = self.adj[a] & alive;
            if nb == 0 {
                lone.push(self.names[a]);
            }
            for b in (a + 1)..self.names.len() {
                if nb >> b & 1 == 1 {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    let _ = write!(s, "{}-{}", self.names[a], self.names[b]);
                }
            }
        }
        for v in lone {
            if !s.is_empty() {
                s.push(' ');
            }
            let _ = write!(s, "{v}");
        }
        s
    }

    /// Every vertex.
    pub fn all(&self) -> u128 {
        crate::region::low_bits(self.names.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_back_and_errors_name_the_column() {
        let b = Board::parse("..#./..../....").expect("a board");
        assert_eq!((b.rows, b.cols, b.empty.count_ones()), (3, 4, 11));
        assert_eq!(b.drawn(), "..#./..../....");
        assert_eq!(Board::parse(&b.drawn()), Ok(b));
        assert_eq!(Board::parse("###").expect("a board").empty, 0);
        let e = Board::parse("../...").expect_err("ragged");
        assert_eq!(e.offset, 3);
        assert!(e.message.contains("row 2 has 3 cells"), "{e}");
        let e = Board::parse("..x.").expect_err("a letter");
        assert_eq!(e.to_string().split(':').next(), Some("column 3"));
        assert!(Board::parse("").is_err());
        assert!(Board::parse("../").is_err());
        assert!(Board::parse(&vec!["...........".to_string(); 12].join("/")).is_err());
    }

    #[test]
    fn graphs_read_back_and_errors_name_the_column() {
        let g = Graph::parse("0-1 1-2 2-0 3").expect("a graph");
        assert_eq!(g.names, vec![0, 1, 2, 3]);
        assert_eq!(g.adj[0], 0b110);
        assert_eq!(g.text(g.all()), "0-1 0-2 1-2 3");
        assert_eq!(Graph::parse(&g.text(g.all())), Ok(g.clone()));
        assert_eq!(g.text(0b1001), "0 3");
        let chain = Graph::parse("5-7-9,9-5").expect("a chain");
        assert_eq!(chain.text(chain.all()), "5-7 5-9 7-9");
        let e = Graph::parse("0-1 1-1").expect_err("a loop");
        assert_eq!(e.offset, 6);
        let e = Graph::parse("0-1 a").expect_err("a letter");
        assert_eq!(e.offset, 4);
        assert!(Graph::parse("  ").is_err());
        assert!(Graph::parse("0-").is_err());
    }
}
