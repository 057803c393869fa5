//! Readers for the two graph formats: a plain edge list and the common subset of DOT.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::Read;
use std::path::{Path, PathBuf};

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
        let mut stream = Stream::new(text);
        let mut keyword = |k: usize, kw: &str| stream.keyword(k, kw).unwrap_or(false);
        let i = usize::from(keyword(0, "strict"));
        if !(keyword(i, "graph") || keyword(i, "digraph")) {
            return Format::EdgeList;
        }
        let kinds = (stream.kind(i + 1), stream.kind(i + 2));
        match kinds {
            (Ok(Kind::LBrace), _) | (Ok(Kind::Id), Ok(Kind::LBrace)) => Format::Dot,
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
    /// Returns: the graph, with vertex ids numbered in order of first appearance in the text;
    /// `GraphError::Parse` with the line number, line text and what was expected;
    /// `GraphError::Empty` when no vertex is declared. Self-loops are kept (a self-loop is a
    /// legal move, a pass) and repeated edges are merged.
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
        Graph::read_limited(path, MAX_FILE_BYTES)
    }

    /// Reads a graph file of at most `max_bytes` bytes, choosing the format with
    /// [`Format::detect`].
    ///
    /// Arguments: `path`; `max_bytes`, the largest file accepted.
    ///
    /// Returns: as [`Graph::read`], and [`GraphError::TooLarge`] as soon as the input passes
    /// `max_bytes` (a device like /dev/zero is never read without bound), or a parse error as
    /// soon as a line passes [`MAX_LINE_BYTES`] or the text stops being UTF-8.
    ///
    /// Complexity: as [`Graph::parse`]; memory at most about `max_bytes` for the text.
    pub fn read_limited(path: impl AsRef<Path>, max_bytes: u64) -> Result<Graph, GraphError> {
        let path = path.as_ref();
        let io = |source| GraphError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let text = read_text(file, max_bytes).map_err(|e| match e {
            ReadError::Io(source) => io(source),
            ReadError::Graph(g) => g,
        })?;
        let parsed = parse_parts(&text, Format::detect(&text))?;
        drop(text);
        Ok(Graph::build(parsed.names, parsed.edges))
    }

    /// Reads a graph from any byte source (a file, an upload, standard input) of at most
    /// `max_bytes` bytes; errors as for [`Graph::read_limited`], with `Io` for the source.
    pub fn from_reader(source: impl Read, max_bytes: u64) -> Result<Graph, GraphError> {
        let text = read_text(source, max_bytes).map_err(|e| match e {
            ReadError::Io(source) => GraphError::Io {
                path: PathBuf::from("<input>"),
                source,
            },
            ReadError::Graph(g) => g,
        })?;
        let parsed = parse_parts(&text, Format::detect(&text))?;
        drop(text);
        Ok(Graph::build(parsed.names, parsed.edges))
    }
}

/// The largest graph file [`Graph::read`] accepts: 4 GiB (a graph of 10^7 vertices and
/// 5 * 10^7 edges is about 0.5 GiB of text).
pub const MAX_FILE_BYTES: u64 = 4 << 30;

/// The longest line accepted in a graph file: 1 MiB. Checked while reading, so that a
/// stream without line breaks (a device, a binary file) fails at once.
pub const MAX_LINE_BYTES: usize = 1 << 20;

enum ReadError {
    Io(std::io::Error),
    Graph(GraphError),
}

/// Reads all of `source` as UTF-8 text, checking the size limit, the line length and the
/// encoding chunk by chunk, so that bad input is refused after reading little of it.
fn read_text(mut source: impl Read, max_bytes: u64) -> Result<String, ReadError> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 1 << 20];
    // Bytes before `checked` are valid UTF-8 ending at a line break.
    let mut checked = 0usize;
    let mut line = 1usize;
    loop {
        let got = match source.read(&mut chunk) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        if (bytes.len() + got) as u64 > max_bytes {
            return Err(ReadError::Graph(GraphError::TooLarge { limit: max_bytes }));
        }
        bytes.extend_from_slice(&chunk[..got]);
        let last_break = bytes[checked..]
            .iter()
            .rposition(|&b| b == b'\n')
            .map(|p| checked + p + 1);
        match last_break {
            Some(end) => {
                check_utf8(&bytes, checked, end, line)?;
                line += bytes[checked..end].iter().filter(|&&b| b == b'\n').count();
                checked = end;
                if bytes.len() - checked > MAX_LINE_BYTES {
                    return Err(ReadError::Graph(long_line(&bytes[checked..], line)));
                }
            }
            None if bytes.len() - checked > MAX_LINE_BYTES => {
                return Err(ReadError::Graph(long_line(&bytes[checked..], line)));
            }
            None => {}
        }
    }
    check_utf8(&bytes, checked, bytes.len(), line)?;
    String::from_utf8(bytes).map_err(|_| {
        ReadError::Graph(GraphError::Parse {
            line,
            text: String::new(),
            message: "the file is not valid UTF-8 text".to_string(),
        })
    })
}

fn long_line(_rest: &[u8], line: usize) -> GraphError {
    GraphError::LineTooLong {
        line,
        limit: MAX_LINE_BYTES,
    }
}

/// Checks that `bytes[from..to]` is UTF-8; `line` is the line number at `from`.
fn check_utf8(bytes: &[u8], from: usize, to: usize, line: usize) -> Result<(), ReadError> {
    let part = &bytes[from..to];
    let Err(e) = std::str::from_utf8(part) else {
        return Ok(());
    };
    let at = e.valid_up_to();
    let line = line + part[..at].iter().filter(|&&b| b == b'\n').count();
    let start = part[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let end = part[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(part.len(), |p| at + p)
        .min(start + 200);
    Err(ReadError::Graph(GraphError::Parse {
        line,
        text: String::from_utf8_lossy(&part[start..end]).into_owned(),
        message: "the file is not valid UTF-8 text".to_string(),
    }))
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

/// The kind of a DOT token; names carry their text in [`Token::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Id,
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
    /// The end of the input.
    End,
}

/// A DOT token; names borrow from the input unless a quoted name had escapes, so that a
/// DOT file with 5 * 10^7 edges is not one allocation per token.
struct Token<'a> {
    kind: Kind,
    text: Cow<'a, str>,
    line: usize,
}

struct Lexer<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    line: usize,
    /// The line of the last token, where "unexpected end" errors point (not at trailing
    /// blank lines).
    last_line: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            b: text.as_bytes(),
            pos: 0,
            line: 1,
            last_line: 1,
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
            if self.pos >= self.b.len() {
                return Ok(());
            }
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

    fn token(&self, kind: Kind, line: usize) -> Token<'a> {
        Token {
            kind,
            text: Cow::Borrowed(""),
            line,
        }
    }

    fn next_token(&mut self) -> Result<Token<'a>, GraphError> {
        self.skip()?;
        if self.pos >= self.b.len() {
            return Ok(self.token(Kind::End, self.last_line));
        }
        let line = self.line;
        self.last_line = line;
        let c = self.peek(0);
        let single = match c {
            b'{' => Some(Kind::LBrace),
            b'}' => Some(Kind::RBrace),
            b'[' => Some(Kind::LBracket),
            b']' => Some(Kind::RBracket),
            b';' => Some(Kind::Semi),
            b',' => Some(Kind::Comma),
            b'=' => Some(Kind::Eq),
            b':' => Some(Kind::Colon),
            _ => None,
        };
        if let Some(kind) = single {
            self.pos += 1;
            return Ok(self.token(kind, line));
        }
        if c == b'-' && (self.peek(1) == b'>' || self.peek(1) == b'-') {
            let directed = self.peek(1) == b'>';
            self.pos += 2;
            return Ok(self.token(Kind::Edge(directed), line));
        }
        if c == b'"' {
            return self.quoted(line);
        }
        if c == b'<' {
            return self.html(line);
        }
        let is_id = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b >= 0x80;
        if is_id(c) || (c == b'-' && (self.peek(1).is_ascii_digit() || self.peek(1) == b'.')) {
            let start = self.pos;
            self.pos += 1;
            while self.pos < self.b.len() && is_id(self.b[self.pos]) {
                self.pos += 1;
            }
            return self.slice(start, self.pos, line);
        }
        let ch = self
            .text
            .get(self.pos..)
            .and_then(|s| s.chars().next())
            .unwrap_or('?');
        Err(self.err(line, format!("unexpected character `{ch}` in DOT")))
    }

    fn slice(&self, start: usize, end: usize, line: usize) -> Result<Token<'a>, GraphError> {
        let text: &'a str = self.text;
        let s = text
            .get(start..end)
            .ok_or_else(|| self.err(line, "a name is not valid text"))?;
        Ok(Token {
            kind: Kind::Id,
            text: Cow::Borrowed(s),
            line,
        })
    }

    fn quoted(&mut self, line: usize) -> Result<Token<'a>, GraphError> {
        self.pos += 1;
        let start = self.pos;
        let mut escaped = false;
        loop {
            let Some(&c) = self.b.get(self.pos) else {
                return Err(self.err(line, "a quoted name is never closed with `\"`"));
            };
            self.pos += 1;
            match c {
                b'"' => break,
                b'\\' if self.peek(0) == b'"' || self.peek(0) == b'\n' => {
                    escaped = true;
                    if self.peek(0) == b'\n' {
                        self.line += 1;
                    }
                    self.pos += 1;
                }
                b'\n' => self.line += 1,
                _ => {}
            }
        }
        let mut tok = self.slice(start, self.pos - 1, line)?;
        if escaped {
            // DOT escapes only `\"`, and a backslash-newline continues the line.
            tok.text = Cow::Owned(tok.text.replace("\\\"", "\"").replace("\\\n", ""));
        }
        Ok(tok)
    }

    fn html(&mut self, line: usize) -> Result<Token<'a>, GraphError> {
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
        self.slice(start, self.pos - 1, line)
    }
}

/// Tokens with a few tokens of lookahead, lexed on demand so that memory stays flat.
struct Stream<'a> {
    lx: Lexer<'a>,
    buf: VecDeque<Token<'a>>,
}

impl<'a> Stream<'a> {
    fn new(text: &'a str) -> Self {
        Stream {
            lx: Lexer::new(text),
            buf: VecDeque::new(),
        }
    }

    /// Makes sure token `k` is lexed; almost every call finds it already buffered, so that
    /// check is kept apart from the lexing and inlined.
    #[inline]
    fn fill(&mut self, k: usize) -> Result<(), GraphError> {
        if self.buf.len() > k {
            return Ok(());
        }
        self.lex_more(k)
    }

    #[inline(never)]
    fn lex_more(&mut self, k: usize) -> Result<(), GraphError> {
        while self.buf.len() <= k {
            if self.buf.back().is_some_and(|t| t.kind == Kind::End) {
                return Ok(());
            }
            let t = self.lx.next_token()?;
            self.buf.push_back(t);
        }
        Ok(())
    }

    /// The kind of the token `k` places ahead (`End` past the end).
    fn kind(&mut self, k: usize) -> Result<Kind, GraphError> {
        self.fill(k)?;
        Ok(self.buf.get(k).map_or(Kind::End, |t| t.kind))
    }

    fn keyword(&mut self, k: usize, kw: &str) -> Result<bool, GraphError> {
        self.fill(k)?;
        Ok(
            matches!(self.buf.get(k), Some(t) if t.kind == Kind::Id && t.text.eq_ignore_ascii_case(kw)),
        )
    }

    fn line(&self, k: usize) -> usize {
        self.buf
            .get(k)
            .or(self.buf.back())
            .map_or(self.lx.line, |t| t.line)
    }

    fn err(&self, k: usize, msg: &str) -> GraphError {
        self.lx.err(self.line(k), msg)
    }

    fn bump(&mut self, n: usize) {
        for _ in 0..n {
            self.buf.pop_front();
        }
    }

    fn pop(&mut self) -> Result<Token<'a>, GraphError> {
        self.fill(0)?;
        Ok(self
            .buf
            .pop_front()
            .unwrap_or_else(|| self.lx.token(Kind::End, self.lx.line)))
    }

    /// Skips attribute lists `[ ... ]` (several may follow each other).
    fn skip_attrs(&mut self) -> Result<(), GraphError> {
        while self.kind(0)? == Kind::LBracket {
            let open = self.line(0);
            loop {
                self.bump(1);
                match self.kind(0)? {
                    Kind::RBracket => {
                        self.bump(1);
                        break;
                    }
                    Kind::LBracket | Kind::LBrace | Kind::RBrace | Kind::End => {
                        return Err(self
                            .lx
                            .err(open, "an attribute list `[` is not closed with `]`"));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

const SUBGRAPH_ENDPOINT: &str =
    "subgraphs as edge endpoints are not supported; write the edges one by one";

/// A streaming DOT reader: statements are flat, and nested `{ }` blocks (subgraphs) are
/// tracked with a depth counter so that deep nesting cannot overflow a stack.
fn parse_dot(text: &str) -> Result<Parsed, GraphError> {
    let mut st = Stream::new(text);
    let mut names = NameTable::new();
    let mut edges = Vec::new();
    if st.keyword(0, "strict")? {
        st.bump(1);
    }
    let directed = if st.keyword(0, "digraph")? {
        true
    } else if st.keyword(0, "graph")? {
        false
    } else {
        return Err(st.err(
            0,
            "expected a DOT graph starting with `digraph {` or `graph {`",
        ));
    };
    st.bump(1);
    if st.kind(0)? == Kind::Id {
        st.bump(1);
    }
    if st.kind(0)? != Kind::LBrace {
        return Err(st.err(0, "expected `{` after the graph header"));
    }
    st.bump(1);
    let mut depth = 1usize;
    while depth > 0 {
        match st.kind(0)? {
            Kind::End => return Err(st.err(0, "the graph is not closed with `}`")),
            Kind::RBrace => {
                depth -= 1;
                st.bump(1);
            }
            Kind::Semi | Kind::Comma => st.bump(1),
            Kind::LBrace => {
                depth += 1;
                st.bump(1);
            }
            Kind::Id if st.keyword(0, "subgraph")? => {
                st.bump(1);
                if st.kind(0)? == Kind::Id {
                    st.bump(1);
                }
                if st.kind(0)? != Kind::LBrace {
                    return Err(st.err(0, "expected `{` after `subgraph`"));
                }
            }
            Kind::Id
                if (st.keyword(0, "graph")?
                    || st.keyword(0, "node")?
                    || st.keyword(0, "edge")?)
                    && st.kind(1)? == Kind::LBracket =>
            {
                st.bump(1);
                st.skip_attrs()?;
            }
            Kind::Id if st.kind(1)? == Kind::Eq => {
                // A graph attribute `rankdir = LR` says nothing about the game.
                if st.kind(2)? != Kind::Id {
                    return Err(st.err(2, "expected a value after `=`"));
                }
                st.bump(3);
            }
            Kind::Id => {
                // A node statement or an edge chain `a -> b -> c`, each endpoint with an
                // optional `:port` that we ignore.
                let mut prev: Option<u32> = None;
                loop {
                    if st.kind(0)? == Kind::LBrace || st.keyword(0, "subgraph")? {
                        return Err(st.err(0, SUBGRAPH_ENDPOINT));
                    }
                    if st.kind(0)? != Kind::Id {
                        return Err(st.err(0, "expected a vertex name after the edge operator"));
                    }
                    let tok = st.pop()?;
                    let v = names
                        .intern(&tok.text)
                        .map_err(|e| at_line(e, text, tok.line))?;
                    while st.kind(0)? == Kind::Colon {
                        if st.kind(1)? != Kind::Id {
                            return Err(st.err(0, "expected a port name after `:`"));
                        }
                        st.bump(2);
                    }
                    if let Some(u) = prev {
                        edges.push((u, v));
                        if !directed {
                            edges.push((v, u));
                        }
                    }
                    prev = Some(v);
                    match st.kind(0)? {
                        Kind::Edge(d) if d == directed => st.bump(1),
                        Kind::Edge(_) => {
                            let msg = if directed {
                                "expected `->` in a digraph, found `--`"
                            } else {
                                "expected `--` in an undirected graph, found `->`"
                            };
                            return Err(st.err(0, msg));
                        }
                        _ => break,
                    }
                }
                st.skip_attrs()?;
            }
            _ => {
                return Err(st.err(
                    0,
                    "expected a statement: a vertex name, an edge `a -> b`, or an attribute",
                ));
            }
        }
    }
    if st.kind(0)? != Kind::End {
        return Err(st.err(0, "unexpected text after the closing `}` of the graph"));
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
        let q = Graph::parse(
            "digraph { \"say \\\"hi\\\"\" -> \"two\\\nlines\" }",
            Format::Dot,
        )
        .unwrap();
        assert_eq!((q.name(0), q.name(1)), ("say \"hi\"", "twolines"));
        let u = Graph::parse("graph { x -- y -- z }", Format::Dot).unwrap();
        assert_eq!(u.edge_count(), 4);
    }

    #[test]
    fn dot_errors() {
        let cases = [
            ("digraph { a -- b }", 1, "expected `->`"),
            ("digraph {\n a -> \n}", 3, "expected a vertex name"),
            ("digraph {\n a -> b", 2, "not closed"),
            ("digraph {\n a -> b\n\n\n", 2, "not closed"),
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
