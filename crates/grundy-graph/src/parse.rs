//! Readers for the two graph formats: a plain edge list and the common subset of DOT.

use std::path::Path;

use crate::error::parse_error;
use crate::graph::NameTable;
use crate::{Graph, GraphError};

/// The text format of a graph file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One `u v` edge per line; a line with one name declares a vertex; `#` starts a comment.
    EdgeList,
    /// Graphviz DOT, the common subset: `digraph { a -> b -> c; "x y" -> a [color=red]; }`.
    Dot,
}

impl Format {
    /// Guesses the format of `text`: DOT when, after whitespace and comments, it starts with
    /// `strict`, `graph` or `digraph` (in any case) followed by an optional name and `{`;
    /// an edge list otherwise.
    ///
    /// Complexity: O(length of the leading comments).
    ///
    /// Example:
    /// ```
    /// use grundy_graph::Format;
    /// assert_eq!(Format::detect("// a game\ndigraph G { a -> b }"), Format::Dot);
    /// assert_eq!(Format::detect("graph x\nx y"), Format::EdgeList);
    /// ```
    pub fn detect(text: &str) -> Format {
        let mut lexer = Lexer::new(text);
        let mut toks = Vec::new();
        while toks.len() < 4 {
            match lexer.next_token() {
                Ok(Some(t)) => toks.push(t.kind),
                _ => break,
            }
        }
        let mut i = 0;
        if matches!(toks.first(), Some(Tok::Id(s)) if s.eq_ignore_ascii_case("strict")) {
            i = 1;
        }
        match toks.get(i) {
            Some(Tok::Id(s))
                if s.eq_ignore_ascii_case("graph") || s.eq_ignore_ascii_case("digraph") => {}
            _ => return Format::EdgeList,
        }
        match (toks.get(i + 1), toks.get(i + 2)) {
            (Some(Tok::LBrace), _) | (Some(Tok::Id(_)), Some(Tok::LBrace)) => Format::Dot,
            _ => Format::EdgeList,
        }
    }
}

/// Names and edges collected by a parser before the CSR arrays are built.
pub(crate) struct Parsed {
    pub(crate) names: NameTable,
    pub(crate) edges: Vec<(u32, u32)>,
}

impl Graph {
    /// Parses a graph from text.
    ///
    /// Arguments: `text`, the file contents; `format`, how to read it (see [`Format::detect`]).
    ///
    /// Returns: the graph; `GraphError::Parse` with the line number, line text and what was
    /// expected; `GraphError::Empty` when no vertex is declared.
    ///
    /// Complexity: O(length of text + E log d); no allocation per line in edge lists.
    ///
    /// Example:
    /// ```
    /// use grundy_graph::{Format, Graph};
    /// let g = Graph::parse("a b\nb c # comment\nlonely\n", Format::EdgeList).unwrap();
    /// assert_eq!((g.vertex_count(), g.edge_count()), (4, 2));
    /// let d = Graph::parse("graph { x -- y }", Format::Dot).unwrap();
    /// assert_eq!(d.edge_count(), 2);
    /// ```
    pub fn parse(text: &str, format: Format) -> Result<Graph, GraphError> {
        let parsed = parse_parts(text, format)?;
        Ok(Graph::build(parsed.names, parsed.edges))
    }

    /// Reads a graph file, choosing the format with [`Format::detect`].
    ///
    /// Arguments: `path`, the file to read.
    ///
    /// Returns: the graph, or `Io` (missing or unreadable file), `Parse` (including text that
    /// is not UTF-8), or `Empty`.
    ///
    /// Complexity: as [`Graph::parse`]; the file text is released before the CSR is built.
    ///
    /// Example:
    /// ```
    /// use grundy_graph::{Graph, GraphError};
    /// let err = Graph::read("/nonexistent/graph.txt").unwrap_err();
    /// assert!(matches!(err, GraphError::Io { .. }));
    /// ```
    pub fn read(path: impl AsRef<Path>) -> Result<Graph, GraphError> {
        let path = path.as_ref();
        let io = |source| GraphError::Io {
            path: path.to_path_buf(),
            source,
        };
        let bytes = std::fs::read(path).map_err(io)?;
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                let bytes = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
                let start = bytes[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                let end = bytes[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |p| at + p);
                return Err(GraphError::Parse {
                    line,
                    text: String::from_utf8_lossy(&bytes[start..end]).into_owned(),
                    message: "the file is not valid UTF-8 text".to_string(),
                });
            }
        };
        let parsed = parse_parts(&text, Format::detect(&text))?;
        drop(text);
        Ok(Graph::build(parsed.names, parsed.edges))
    }
}

fn parse_parts(text: &str, format: Format) -> Result<Parsed, GraphError> {
    let parsed = match format {
        Format::EdgeList => parse_edge_list(text)?,
        Format::Dot => parse_dot(text)?,
    };
    if parsed.names.len() == 0 {
        return Err(GraphError::Empty);
    }
    Ok(parsed)
}

/// The edge-list reader: a byte loop without per-line allocation, since a benchmark file has
/// 5 * 10^7 lines.
fn parse_edge_list(text: &str) -> Result<Parsed, GraphError> {
    let bytes = text.as_bytes();
    let mut names = NameTable::new();
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(bytes.len() / 12);
    let mut line_no = 0usize;
    let mut pos = 0usize;
    while pos < bytes.len() {
        line_no += 1;
        let end = bytes[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| pos + p);
        let mut toks = [(0usize, 0usize); 2];
        let mut count = 0usize;
        let mut i = pos;
        while i < end {
            let b = bytes[i];
            if b == b'#' {
                break;
            }
            if b.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            while i < end && !bytes[i].is_ascii_whitespace() && bytes[i] != b'#' {
                i += 1;
            }
            if count < 2 {
                toks[count] = (start, i);
            }
            count += 1;
        }
        let tok = |k: usize| -> Result<&str, GraphError> {
            let (a, b) = toks[k];
            text.get(a..b)
                .ok_or_else(|| parse_error(text, line_no, "a vertex name is not valid text"))
        };
        match count {
            0 => {}
            1 => {
                names.intern(tok(0)?).map_err(|e| at_line(e, text, line_no))?;
            }
            2 => {
                let a = names.intern(tok(0)?).map_err(|e| at_line(e, text, line_no))?;
                let b = names.intern(tok(1)?).map_err(|e| at_line(e, text, line_no))?;
                edges.push((a, b));
            }
            n => {
                return Err(parse_error(
                    text,
                    line_no,
                    format!(
                        "expected an edge `u v` (two vertex names) or one vertex name, found {n} names (names cannot contain spaces)"
                    ),
                ))
            }
        }
        pos = end + 1;
    }
    Ok(Parsed { names, edges })
}

/// Attaches a line to an error raised by the name table (only `TooManyVertices`).
fn at_line(e: GraphError, text: &str, line: usize) -> GraphError {
    parse_error(text, line, e.to_string())
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Id(String),
    /// `->` (true) or `--` (false).
    Edge(bool),
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Semi,
    Comma,
    Eq,
    Colon,
}

struct Token {
    kind: Tok,
    line: usize,
}

struct Lexer<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            b: text.as_bytes(),
            pos: 0,
            line: 1,
        }
    }

    fn err(&self, line: usize, msg: impl Into<String>) -> GraphError {
        parse_error(self.text, line, msg)
    }

    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.pos + k).copied().unwrap_or(0)
    }

    /// Skips whitespace and the three comment styles of DOT.
    fn skip(&mut self) -> Result<(), GraphError> {
        loop {
            let c = self.peek(0);
            if c == b'\n' {
                self.line += 1;
                self.pos += 1;
            } else if c.is_ascii_whitespace() {
                self.pos += 1;
            } else if c == b'#' || (c == b'/' && self.peek(1) == b'/') {
                while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else if c == b'/' && self.peek(1) == b'*' {
                let start = self.line;
                self.pos += 2;
                loop {
                    if self.pos >= self.b.len() {
                        return Err(self.err(start, "a `/*` comment is never closed with `*/`"));
                    }
                    if self.b[self.pos] == b'*' && self.peek(1) == b'/' {
                        self.pos += 2;
                        break;
                    }
                    if self.b[self.pos] == b'\n' {
                        self.line += 1;
                    }
                    self.pos += 1;
                }
            } else {
                return Ok(());
            }
        }
    }

    fn next_token(&mut self) -> Result<Option<Token>, GraphError> {
        self.skip()?;
        let line = self.line;
        let c = self.peek(0);
        if self.pos >= self.b.len() {
            return Ok(None);
        }
        let single = match c {
            b'{' => Some(Tok::LBrace),
            b'}' => Some(Tok::RBrace),
            b'[' => Some(Tok::LBracket),
            b']' => Some(Tok::RBracket),
            b';' => Some(Tok::Semi),
            b',' => Some(Tok::Comma),
            b'=' => Some(Tok::Eq),
            b':' => Some(Tok::Colon),
            _ => None,
        };
        if let Some(kind) = single {
            self.pos += 1;
            return Ok(Some(Token { kind, line }));
        }
        if c == b'-' && (self.peek(1) == b'>' || self.peek(1) == b'-') {
            let directed = self.peek(1) == b'>';
            self.pos += 2;
            return Ok(Some(Token {
                kind: Tok::Edge(directed),
                line,
            }));
        }
        if c == b'"' {
            return self.quoted(line).map(Some);
        }
        if c == b'<' {
            return self.html(line).map(Some);
        }
        let is_id = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b >= 0x80;
        if is_id(c) || (c == b'-' && (self.peek(1).is_ascii_digit() || self.peek(1) == b'.')) {
            let start = self.pos;
            self.pos += 1;
            while self.pos < self.b.len() && is_id(self.b[self.pos]) {
                self.pos += 1;
            }
            let s = self
                .text
                .get(start..self.pos)
                .ok_or_else(|| self.err(line, "a name is not valid text"))?;
            return Ok(Some(Token {
                kind: Tok::Id(s.to_string()),
                line,
            }));
        }
        let ch = self
            .text
            .get(self.pos..)
            .and_then(|s| s.chars().next())
            .unwrap_or('?');
        Err(self.err(line, format!("unexpected character `{ch}` in DOT")))
    }

    fn quoted(&mut self, line: usize) -> Result<Token, GraphError> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.pos) else {
                return Err(self.err(line, "a quoted name is never closed with `\"`"));
            };
            self.pos += 1;
            match c {
                b'"' => break,
                b'\\' if self.peek(0) == b'"' => {
                    out.push(b'"');
                    self.pos += 1;
                }
                b'\\' if self.peek(0) == b'\n' => {
                    // A backslash-newline continues the string on the next line (DOT rule).
                    self.pos += 1;
                    self.line += 1;
                }
                b'\n' => {
                    self.line += 1;
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        let s = String::from_utf8(out)
            .map_err(|_| self.err(line, "a quoted name is not valid text"))?;
        Ok(Token {
            kind: Tok::Id(s),
            line,
        })
    }

    fn html(&mut self, line: usize) -> Result<Token, GraphError> {
        let start = self.pos + 1;
        let mut depth = 0usize;
        loop {
            let Some(&c) = self.b.get(self.pos) else {
                return Err(self.err(line, "an HTML name `<...>` is never closed with `>`"));
            };
            self.pos += 1;
            match c {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b'\n' => self.line += 1,
                _ => {}
            }
        }
        let s = self
            .text
            .get(start..self.pos - 1)
            .ok_or_else(|| self.err(line, "an HTML name is not valid text"))?;
        Ok(Token {
            kind: Tok::Id(s.to_string()),
            line,
        })
    }
}

/// A small recursive-descent-free DOT reader: statements are flat, and nested `{ }` blocks
/// (subgraphs) are tracked with a depth counter so that deep nesting cannot overflow a stack.
fn parse_dot(text: &str) -> Result<Parsed, GraphError> {
    let mut lx = Lexer::new(text);
    let mut toks = Vec::new();
    while let Some(t) = lx.next_token()? {
        toks.push(t);
    }
    let mut names = NameTable::new();
    let mut edges = Vec::new();
    let err = |line: usize, msg: &str| parse_error(text, line, msg);
    let last_line = toks.last().map_or(1, |t| t.line);
    let mut i = 0usize;
    let keyword = |t: Option<&Token>, k: &str| matches!(t, Some(Token { kind: Tok::Id(s), .. }) if s.eq_ignore_ascii_case(k));
    if keyword(toks.get(i), "strict") {
        i += 1;
    }
    let directed = if keyword(toks.get(i), "digraph") {
        true
    } else if keyword(toks.get(i), "graph") {
        false
    } else {
        let line = toks.get(i).map_or(last_line, |t| t.line);
        return Err(err(
            line,
            "expected a DOT graph starting with `digraph {` or `graph {`",
        ));
    };
    i += 1;
    if matches!(
        toks.get(i),
        Some(Token {
            kind: Tok::Id(_),
            ..
        })
    ) {
        i += 1;
    }
    match toks.get(i) {
        Some(Token {
            kind: Tok::LBrace, ..
        }) => i += 1,
        t => {
            return Err(err(
                t.map_or(last_line, |t| t.line),
                "expected `{` after the graph header",
            ));
        }
    }
    let mut depth = 1usize;
    let kind = |i: usize| toks.get(i).map(|t| &t.kind);
    let line_of = |i: usize| toks.get(i).map_or(last_line, |t| t.line);
    // Skips an attribute list `[ ... ]` (possibly several), returning the index after it.
    let skip_attrs = |mut i: usize| -> Result<usize, GraphError> {
        while kind(i) == Some(&Tok::LBracket) {
            let open = line_of(i);
            loop {
                i += 1;
                match kind(i) {
                    Some(Tok::RBracket) => {
                        i += 1;
                        break;
                    }
                    Some(Tok::LBracket | Tok::LBrace | Tok::RBrace) | None => {
                        return Err(err(open, "an attribute list `[` is not closed with `]`"));
                    }
                    _ => {}
                }
            }
        }
        Ok(i)
    };
    while depth > 0 {
        let line = line_of(i);
        match kind(i) {
            None => return Err(err(last_line, "the graph is not closed with `}`")),
            Some(Tok::RBrace) => {
                depth -= 1;
                i += 1;
            }
            Some(Tok::Semi | Tok::Comma) => i += 1,
            Some(Tok::LBrace) => {
                depth += 1;
                i += 1;
            }
            Some(Tok::Id(s)) if s.eq_ignore_ascii_case("subgraph") => {
                i += 1;
                if matches!(kind(i), Some(Tok::Id(_))) {
                    i += 1;
                }
                if kind(i) != Some(&Tok::LBrace) {
                    return Err(err(line, "expected `{` after `subgraph`"));
                }
            }
            Some(Tok::Id(s))
                if (s.eq_ignore_ascii_case("graph")
                    || s.eq_ignore_ascii_case("node")
                    || s.eq_ignore_ascii_case("edge"))
                    && kind(i + 1) == Some(&Tok::LBracket) =>
            {
                i = skip_attrs(i + 1)?;
            }
            Some(Tok::Id(_)) if kind(i + 1) == Some(&Tok::Eq) => {
                // A graph attribute `rankdir = LR` says nothing about the game.
                if !matches!(kind(i + 2), Some(Tok::Id(_))) {
                    return Err(err(line, "expected a value after `=`"));
                }
                i += 3;
            }
            Some(Tok::Id(_)) => {
                // A node statement or an edge chain `a -> b -> c`, each endpoint with an
                // optional `:port` that we ignore.
                let mut prev: Option<u32> = None;
                loop {
                    if kind(i) == Some(&Tok::LBrace) || keyword(toks.get(i), "subgraph") {
                        return Err(err(line_of(i), "subgraphs as edge endpoints are not supported; write the edges one by one"));
                    }
                    let Some(Tok::Id(name)) = kind(i) else {
                        return Err(err(
                            line_of(i),
                            "expected a vertex name after the edge operator",
                        ));
                    };
                    let v = names
                        .intern(name)
                        .map_err(|e| at_line(e, text, line_of(i)))?;
                    i += 1;
                    while kind(i) == Some(&Tok::Colon) {
                        if !matches!(kind(i + 1), Some(Tok::Id(_))) {
                            return Err(err(line_of(i), "expected a port name after `:`"));
                        }
                        i += 2;
                    }
                    if let Some(u) = prev {
                        edges.push((u, v));
                        if !directed {
                            edges.push((v, u));
                        }
                    }
                    prev = Some(v);
                    match kind(i) {
                        Some(Tok::Edge(d)) if *d == directed => i += 1,
                        Some(Tok::Edge(_)) => {
                            let msg = if directed {
                                "expected `->` in a digraph, found `--`"
                            } else {
                                "expected `--` in an undirected graph, found `->`"
                            };
                            return Err(err(line_of(i), msg));
                        }
                        _ => break,
                    }
                }
                i = skip_attrs(i)?;
            }
            Some(_) => {
                return Err(err(
                    line,
                    "expected a statement: a vertex name, an edge `a -> b`, or an attribute",
                ));
            }
        }
    }
    if let Some(t) = toks.get(i) {
        return Err(err(
            t.line,
            "unexpected text after the closing `}` of the graph",
        ));
    }
    Ok(Parsed { names, edges })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap inputs they built themselves.
mod tests {
    use super::*;

    fn names(g: &Graph) -> Vec<(String, String)> {
        g.edges()
            .map(|(a, b)| (g.name(a).to_string(), g.name(b).to_string()))
            .collect()
    }

    #[test]
    fn edge_list_basics() {
        let g = Graph::parse(
            "# header\n\na b\r\nb\tc  # tail\nz\nb c\nc c\n",
            Format::EdgeList,
        )
        .unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.index("z"), Some(3));
        assert_eq!(
            names(&g),
            [("a", "b"), ("b", "c"), ("c", "c")].map(|(a, b)| (a.into(), b.into()))
        );
    }

    #[test]
    fn edge_list_errors() {
        match Graph::parse("a b\na b c\n", Format::EdgeList) {
            Err(GraphError::Parse {
                line,
                text,
                message,
            }) => {
                assert_eq!((line, text.as_str()), (2, "a b c"));
                assert!(message.contains("found 3 names"), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(matches!(
            Graph::parse("", Format::EdgeList),
            Err(GraphError::Empty)
        ));
        assert!(matches!(
            Graph::parse("# only\n\n", Format::EdgeList),
            Err(GraphError::Empty)
        ));
    }

    #[test]
    fn dot_subset() {
        let src = r#"
            /* a game */ strict digraph "G 1" {
              rankdir = LR; node [shape=circle]; edge [color="red"]
              a -> b -> c [label="x"]; // chain
              "quoted name" -> a:p1:n
              # preprocessor-style comment
              lone
              subgraph cluster0 { c -> "quoted name" }
              c -> c
            }
        "#;
        assert_eq!(Format::detect(src), Format::Dot);
        let g = Graph::parse(src, Format::Dot).unwrap();
        assert_eq!(g.vertex_count(), 5);
        assert_eq!(g.index("quoted name"), Some(3));
        assert_eq!(g.successors(2), &[2, 3]);
        let u = Graph::parse("graph { x -- y -- z }", Format::Dot).unwrap();
        assert_eq!(u.edge_count(), 4);
    }

    #[test]
    fn dot_errors() {
        let cases = [
            ("digraph { a -- b }", 1, "expected `->`"),
            ("digraph {\n a -> \n}", 3, "expected a vertex name"),
            ("digraph {\n a -> b", 2, "not closed"),
            ("digraph { a [x=1 }", 1, "attribute list"),
            ("digraph { a -> { b c } }", 1, "subgraphs as edge endpoints"),
            ("digraph { a } b", 1, "after the closing"),
            ("digraph {\n \"abc\n}", 2, "never closed"),
            ("digraph { a @ b }", 1, "unexpected character `@`"),
        ];
        for (src, line_expected, needle) in cases {
            match Graph::parse(src, Format::Dot) {
                Err(GraphError::Parse { line, message, .. }) => {
                    assert_eq!(line, line_expected, "{src}: {message}");
                    assert!(message.contains(needle), "{src}: {message}");
                }
                other => panic!("{src}: unexpected {other:?}"),
            }
        }
        assert!(matches!(
            Graph::parse("digraph { }", Format::Dot),
            Err(GraphError::Empty)
        ));
    }
}
