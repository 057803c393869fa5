//! The grammar of the expression language, below the families: it reads
//! `nim(3,4,5) + tb[0.07](20) + 2*conj(*1, nim(2)) + *2` and hands each piece to a [`Build`],
//! which says what the names stand for. The parser knows sums, nimbers, counts of copies,
//! rulesets with their parameters, arguments and compounds (a call whose arguments are
//! expressions); it knows no family, no registry and no theory, so that the families and the
//! analysis can sit above it ([`crate::expr`] binds the names to the registry's families and
//! the compound operators).
//!
//! Grammar (see the CLI spec):
//! ```text
//! EXPR    := TERM ('+' TERM)*
//! TERM    := '*' INT | '*' | '0' | RULESET '(' ARGS? ')' | '(' EXPR ')' | INT '*' TERM
//! RULESET := NAME | NAME '[' PARAMS ']'
//! COMPOUND := RULESET '(' EXPR (',' EXPR)* ')'   (a TERM, when the builder says the ruleset
//!                                                  takes parts: conj, every, select, anti)
//! ARG     := INT | INT '^' INT | WORD | '"' text '"'
//! ```
//! Every error names its 1-based column and what was expected; nesting is bounded
//! ([`MAX_NESTING`]), so no input overflows the stack.

use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_traits::{Num, Signed, ToPrimitive, Zero};

use crate::literal::{classify_word, MAX_INT_BITS};

/// An error in an expression, with the 1-based column (in characters) where it was found.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// 1-based column of the offending text, counted in characters.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// The deepest nesting of parentheses accepted (deeper input is refused, never a stack overflow).
pub const MAX_NESTING: usize = 200;

/// An argument of a position, as written: an integer of any size or a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arg {
    /// An integer (possibly negative: families say whether they accept that).
    Int(BigInt),
    /// A name (a graph vertex, for example).
    Name(String),
}

impl Arg {
    /// An integer argument.
    pub fn int(n: impl Into<BigInt>) -> Arg {
        Arg::Int(n.into())
    }

    /// The argument as a non-negative integer.
    pub fn as_natural(&self) -> Result<BigUint, String> {
        match self {
            Arg::Int(n) if n.is_negative() => Err(format!(
                "{n} is negative; sizes and counts must be 0 or more"
            )),
            Arg::Int(n) => Ok(n.magnitude().clone()),
            Arg::Name(s) => Err(format!("expected a number, found the name '{s}'")),
        }
    }

    /// The argument as a non-negative machine word.
    pub fn as_u64(&self) -> Result<u64, String> {
        let n = self.as_natural()?;
        n.to_u64()
            .ok_or_else(|| format!("{n} is too large here (at most {})", u64::MAX))
    }

    /// A small integer argument (used in move enumeration, which only sees small states).
    pub fn small(&self) -> u64 {
        match self {
            Arg::Int(n) => n.to_u64().unwrap_or(u64::MAX),
            Arg::Name(_) => 0,
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Most arguments fit a machine word, which prints without big-number division.
            Arg::Int(n) => match n.to_i64() {
                Some(v) => write!(f, "{v}"),
                None => write!(f, "{n}"),
            },
            Arg::Name(s) => {
                let plain = !s.is_empty()
                    && s.chars()
                        .all(|c| !c.is_whitespace() && !",()[]+\"".contains(c))
                    && crate::literal::classify_word(s).is_none();
                if plain {
                    f.write_str(s)
                } else {
                    write!(f, "\"{}\"", s.replace('"', "\\\""))
                }
            }
        }
    }
}

/// What the names of an expression stand for: the parser calls these as it reads, left to
/// right, so that the first error in the text is the one reported (an unknown name before a
/// bad argument after it).
pub trait Build {
    /// What a name stands for before its parameters are read (a family).
    type Family;
    /// A ruleset: a family with its parameters.
    type Ruleset: Clone;
    /// A term of a sum, as the builder keeps it.
    type Term;

    /// The family called `name`, written at `at` (0-based, in characters).
    fn family(&mut self, name: &str, at: usize) -> Result<Self::Family, ParseError>;

    /// The ruleset of `family` with the text between its brackets (`None` without brackets),
    /// which starts at `params_at`; `end` is where the ruleset's text ends.
    fn ruleset(
        &mut self,
        family: Self::Family,
        params: Option<&str>,
        params_at: usize,
        end: usize,
    ) -> Result<Self::Ruleset, ParseError>;

    /// The ruleset's name, for messages.
    fn name(&self, rules: &Self::Ruleset) -> String;

    /// Whether the ruleset is a compound, whose arguments are expressions (`conj(A, B)`).
    fn takes_parts(&self, rules: &Self::Ruleset) -> bool;

    /// The terms of `rules(args)`; `open` is the column of its '(' and `spans` each
    /// argument's.
    fn game(
        &mut self,
        rules: Self::Ruleset,
        args: Vec<Arg>,
        spans: Vec<usize>,
        open: usize,
        out: &mut Vec<Self::Term>,
    ) -> Result<(), ParseError>;

    /// The compound `rules(A, B, ...)` of these parts (each a sum's terms).
    fn compound(
        &mut self,
        rules: Self::Ruleset,
        parts: Vec<Vec<Self::Term>>,
        out: &mut Vec<Self::Term>,
    );

    /// The nimber `*n`, never 0.
    fn star(&mut self, n: BigUint, out: &mut Vec<Self::Term>);

    /// `K*TERM`: `k` copies of the terms read, `at` being where the term starts.
    fn copies(
        &mut self,
        k: u64,
        at: usize,
        terms: Vec<Self::Term>,
        out: &mut Vec<Self::Term>,
    ) -> Result<(), ParseError>;
}

/// Reads a whole expression: the terms of its sum, built by `b`.
///
/// Arguments: the builder and the text.
/// Returns: the terms, or the first error in the text with its column.
/// Complexity: linear in the length of the text, plus the builder's work.
pub fn read<B: Build>(b: &mut B, text: &str) -> Result<Vec<B::Term>, ParseError> {
    let mut p = Parser::new(b, text);
    p.skip_ws();
    if p.at_end() {
        return Err(p.error_here("the expression is empty; write a position such as nim(3,4,5)"));
    }
    let terms = p.sum()?;
    p.skip_ws();
    if let Some(c) = p.peek() {
        return Err(p.error_here(&format!(
            "unexpected '{c}'; expected '+' and another term, or the end of the expression"
        )));
    }
    Ok(terms)
}

/// Reads a ruleset alone (`sub[1,3,4]`, `tb[0.07]`, `nim`), as a table takes it.
pub fn read_ruleset<B: Build>(b: &mut B, text: &str) -> Result<B::Ruleset, ParseError> {
    let mut p = Parser::new(b, text);
    p.skip_ws();
    let r = p.ruleset()?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p.error_here(
            "unexpected text after the ruleset; write only a ruleset such as tb[0.07]",
        ));
    }
    Ok(r)
}

/// The text by character, since positions and error columns count characters: an ASCII text
/// (every judge's input) is read in place, a byte a character; any other is decoded once, at
/// four bytes a character.
enum Chars<'t> {
    Ascii(&'t [u8]),
    Wide(Vec<char>),
}

impl<'t> Chars<'t> {
    fn of(text: &'t str) -> Self {
        if text.is_ascii() {
            Chars::Ascii(text.as_bytes())
        } else {
            Chars::Wide(text.chars().collect())
        }
    }

    fn len(&self) -> usize {
        match self {
            Chars::Ascii(b) => b.len(),
            Chars::Wide(c) => c.len(),
        }
    }

    /// The character at `i`, if the text is that long.
    fn get(&self, i: usize) -> Option<char> {
        match self {
            Chars::Ascii(b) => b.get(i).map(|&b| char::from(b)),
            Chars::Wide(c) => c.get(i).copied(),
        }
    }

    /// The characters `from..to` (within the text) as a string.
    fn string(&self, from: usize, to: usize) -> String {
        match self {
            Chars::Ascii(b) => b[from..to].iter().map(|&b| char::from(b)).collect(),
            Chars::Wide(c) => c[from..to].iter().collect(),
        }
    }
}

struct Parser<'t, 'b, B> {
    chars: Chars<'t>,
    pos: usize,
    depth: usize,
    b: &'b mut B,
}

const WORD_STOP: &str = ",()[]+\"*";

impl<'t, 'b, B: Build> Parser<'t, 'b, B> {
    fn new(b: &'b mut B, text: &'t str) -> Self {
        Parser {
            chars: Chars::of(text),
            pos: 0,
            depth: 0,
            b,
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error_at(&self, pos: usize, message: &str) -> ParseError {
        ParseError {
            column: pos + 1,
            message: message.to_string(),
        }
    }

    fn error_here(&self, message: &str) -> ParseError {
        self.error_at(self.pos, message)
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the expression".to_string(),
        }
    }

    fn sum(&mut self) -> Result<Vec<B::Term>, ParseError> {
        let mut terms = Vec::new();
        loop {
            self.skip_ws();
            self.term(&mut terms)?;
            self.skip_ws();
            if self.peek() == Some('+') {
                self.pos += 1;
                continue;
            }
            return Ok(terms);
        }
    }

    fn term(&mut self, out: &mut Vec<B::Term>) -> Result<(), ParseError> {
        let start = self.pos;
        match self.peek() {
            None => Err(self.error_here(
                "expected a term (such as nim(3), *2 or 0) but the expression ends here",
            )),
            Some('*') => {
                self.pos += 1;
                let digits_start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                if digits_start == self.pos {
                    self.b.star(BigUint::from(1u8), out);
                    return Ok(());
                }
                let word = self.chars.string(digits_start, self.pos);
                let n = BigUint::from_str_radix(&word, 10)
                    .map_err(|_| self.error_at(digits_start, "expected the digits of a nimber"))?;
                if n.bits() > MAX_INT_BITS {
                    return Err(self.error_at(digits_start, "this nimber is too large"));
                }
                if !n.is_zero() {
                    // `*0` is the empty game, which adds nothing to a sum (like `0`).
                    self.b.star(n, out);
                }
                Ok(())
            }
            Some('(') => {
                if self.depth >= MAX_NESTING {
                    return Err(self.error_here(&format!(
                        "parentheses are nested more than {MAX_NESTING} deep; flatten the sum"
                    )));
                }
                self.depth += 1;
                self.pos += 1;
                let inner = self.sum()?;
                self.skip_ws();
                if self.peek() != Some(')') {
                    let msg = format!(
                        "expected ')' to close the '(' at column {}, found {}",
                        start + 1,
                        self.found()
                    );
                    return Err(self.error_here(&msg));
                }
                self.pos += 1;
                self.depth -= 1;
                out.extend(inner);
                Ok(())
            }
            Some(c) if c.is_ascii_digit() => {
                if let Some(k) = self.multiplicity()? {
                    return self.copies(k, out);
                }
                let word = self.word();
                if word == "0" {
                    // The empty game adds nothing to a sum.
                    return Ok(());
                }
                Err(self.error_at(
                    start,
                    &format!("'{word}' is not a term; write *{word} for a nimber or nim({word}) for a Nim heap"),
                ))
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let rules = self.ruleset()?;
                self.skip_ws();
                if self.peek() != Some('(') {
                    let msg = format!(
                        "expected '(' and the arguments of {}, found {}",
                        self.b.name(&rules),
                        self.found()
                    );
                    return Err(self.error_here(&msg));
                }
                let open = self.pos;
                self.pos += 1;
                if self.b.takes_parts(&rules) {
                    let name = self.b.name(&rules);
                    let parts = self.parts(start, &name, open)?;
                    self.b.compound(rules, parts, out);
                    return Ok(());
                }
                let (args, spans) = self.args(open)?;
                self.b.game(rules, args, spans, open, out)
            }
            Some(c) => Err(self.error_here(&format!(
                "unexpected '{c}'; expected a term such as nim(3,4), sub[1,2](7), *2 or 0"
            ))),
        }
    }

    /// The count of `K*TERM` when the digits here are followed by `*` (then read up to the
    /// term); `None`, reading nothing, otherwise.
    fn multiplicity(&mut self) -> Result<Option<u64>, ParseError> {
        let start = self.pos;
        let mut end = start;
        while self.chars.get(end).is_some_and(|c| c.is_ascii_digit()) {
            end += 1;
        }
        let mut star = end;
        while self.chars.get(star).is_some_and(|c| c.is_whitespace()) {
            star += 1;
        }
        if self.chars.get(star) != Some('*') {
            return Ok(None);
        }
        let word = self.chars.string(start, end);
        let k = word.parse::<u64>().map_err(|_| {
            self.error_at(
                start,
                &format!(
                    "{word} copies are too many: a count of copies is at most {}",
                    u64::MAX
                ),
            )
        })?;
        self.pos = star + 1;
        Ok(Some(k))
    }

    /// `K*TERM`: the builder makes the copies of the term read.
    fn copies(&mut self, k: u64, out: &mut Vec<B::Term>) -> Result<(), ParseError> {
        self.skip_ws();
        let at = self.pos;
        // `2*2*...*TERM` nests as parentheses do: bounded the same way.
        if self.depth >= MAX_NESTING {
            return Err(self.error_here(&format!(
                "counts of copies are nested more than {MAX_NESTING} deep; write one count"
            )));
        }
        self.depth += 1;
        let mut inner = Vec::new();
        let read = self.term(&mut inner);
        self.depth -= 1;
        read?;
        self.b.copies(k, at, inner, out)
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !WORD_STOP.contains(c))
        {
            self.pos += 1;
        }
        self.chars.string(start, self.pos)
    }

    fn ruleset(&mut self) -> Result<B::Ruleset, ParseError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        let name = self.chars.string(start, self.pos);
        if name.is_empty() {
            return Err(self.error_here(&format!(
                "expected the name of a ruleset, found {}",
                self.found()
            )));
        }
        let family = self.b.family(&name, start)?;
        let mut params = None;
        let mut params_start = self.pos;
        if self.peek() == Some('[') {
            let open = self.pos;
            self.pos += 1;
            params_start = self.pos;
            let mut depth = 1usize;
            while let Some(c) = self.peek() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                self.pos += 1;
            }
            if self.at_end() {
                return Err(self.error_at(
                    open,
                    "this '[' is never closed; expected ']' after the parameters",
                ));
            }
            params = Some(self.chars.string(params_start, self.pos));
            self.pos += 1;
        }
        let end = self.pos;
        self.b.ruleset(family, params.as_deref(), params_start, end)
    }

    /// Parses the parts of a compound (`conj(A, B)`, written `name` from `start`) after '('
    /// up to the matching ')': each part is a whole expression, given as its terms. A
    /// compound has at least one part: `conj()` is an error at `start`.
    fn parts(
        &mut self,
        start: usize,
        name: &str,
        open: usize,
    ) -> Result<Vec<Vec<B::Term>>, ParseError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error_at(
                open,
                &format!("compounds are nested more than {MAX_NESTING} deep; flatten them"),
            ));
        }
        self.depth += 1;
        let mut parts = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(')') && parts.is_empty() {
                return Err(self.error_at(
                    start,
                    &format!(
                        "{name}() has no parts; a compound needs at least one part, each an \
                         expression, e.g. {name}(nim(3), nim(4))"
                    ),
                ));
            }
            parts.push(self.sum()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(parts);
                }
                _ => {
                    let msg = format!(
                        "expected ',' and another part or ')' to close the '(' at column {}, \
                         found {}",
                        open + 1,
                        self.found()
                    );
                    return Err(self.error_here(&msg));
                }
            }
        }
    }

    /// Parses arguments after '(' up to the matching ')'; returns them with their columns.
    fn args(&mut self, open: usize) -> Result<(Vec<Arg>, Vec<usize>), ParseError> {
        let mut args = Vec::new();
        let mut spans = Vec::new();
        self.skip_ws();
        if self.peek() == Some(')') {
            self.pos += 1;
            return Ok((args, spans));
        }
        loop {
            self.skip_ws();
            let start = self.pos;
            let arg = match self.peek() {
                Some('"') => {
                    self.pos += 1;
                    let mut s = String::new();
                    loop {
                        match self.peek() {
                            None => {
                                return Err(self.error_at(
                                    start,
                                    "this quoted name is never closed; expected '\"'",
                                ))
                            }
                            Some('\\') if self.chars.get(self.pos + 1) == Some('"') => {
                                s.push('"');
                                self.pos += 2;
                            }
                            Some('"') => {
                                self.pos += 1;
                                break;
                            }
                            Some(c) => {
                                s.push(c);
                                self.pos += 1;
                            }
                        }
                    }
                    Arg::Name(s)
                }
                _ => {
                    let w = self.word();
                    if w.is_empty() {
                        let msg = format!(
                            "expected an argument (a number or a name), found {}",
                            self.found()
                        );
                        return Err(self.error_here(&msg));
                    }
                    match classify_word(&w) {
                        Some(Ok(n)) => Arg::Int(n),
                        Some(Err(m)) => return Err(self.error_at(start, &m)),
                        None => Arg::Name(w),
                    }
                }
            };
            args.push(arg);
            spans.push(start);
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                }
                Some(')') => {
                    self.pos += 1;
                    return Ok((args, spans));
                }
                _ => {
                    let msg = format!(
                        "expected ',' or ')' to close the '(' at column {}, found {}",
                        open + 1,
                        self.found()
                    );
                    return Err(self.error_here(&msg));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A builder that knows two names, `f` (with any parameters) and the compound `pair`, and
    /// writes each term back as text: the grammar needs no family.
    struct Toy;

    impl Build for Toy {
        type Family = String;
        type Ruleset = String;
        type Term = String;

        fn family(&mut self, name: &str, at: usize) -> Result<String, ParseError> {
            match name {
                "f" | "pair" => Ok(name.to_string()),
                _ => Err(ParseError {
                    column: at + 1,
                    message: format!("unknown {name}"),
                }),
            }
        }

        fn ruleset(
            &mut self,
            family: String,
            params: Option<&str>,
            _params_at: usize,
            _end: usize,
        ) -> Result<String, ParseError> {
            Ok(match params {
                Some(p) => format!("{family}[{p}]"),
                None => family,
            })
        }

        fn name(&self, rules: &String) -> String {
            rules.clone()
        }

        fn takes_parts(&self, rules: &String) -> bool {
            rules == "pair"
        }

        fn game(
            &mut self,
            rules: String,
            args: Vec<Arg>,
            spans: Vec<usize>,
            _open: usize,
            out: &mut Vec<String>,
        ) -> Result<(), ParseError> {
            let args: Vec<String> = args
                .iter()
                .zip(spans)
                .map(|(a, at)| format!("{a}@{at}"))
                .collect();
            out.push(format!("{rules}({})", args.join(",")));
            Ok(())
        }

        fn compound(&mut self, rules: String, parts: Vec<Vec<String>>, out: &mut Vec<String>) {
            let parts: Vec<String> = parts.iter().map(|p| p.join("+")).collect();
            out.push(format!("{rules}<{}>", parts.join(";")));
        }

        fn star(&mut self, n: BigUint, out: &mut Vec<String>) {
            out.push(format!("*{n}"));
        }

        fn copies(
            &mut self,
            k: u64,
            _at: usize,
            terms: Vec<String>,
            out: &mut Vec<String>,
        ) -> Result<(), ParseError> {
            out.extend(terms.into_iter().map(|t| format!("{k}x{t}")));
            Ok(())
        }
    }

    #[test]
    fn the_grammar_reads_sums_copies_and_compounds_without_families() {
        let terms = read(
            &mut Toy,
            "2*f[a,b](1, x) + pair(*3 + f(), (f(7))) + *0 + 0 + *",
        )
        .unwrap();
        assert_eq!(terms, ["2xf[a,b](1@9,x@12)", "pair<*3+f();f(7@35)>", "*1"]);
        assert_eq!(read_ruleset(&mut Toy, " f[q] ").unwrap(), "f[q]");
        // Names are bound as they are read: an unknown name is reported before a bad
        // argument after it, and a bad argument before an unknown name after it.
        let e = read(&mut Toy, "g(1,, 2)").unwrap_err();
        assert_eq!((e.column, e.message.as_str()), (1, "unknown g"));
        let e = read(&mut Toy, "f(1,,2) + g(1)").unwrap_err();
        assert_eq!(e.column, 5, "{e}");
        // Nesting is bounded, never a stack overflow.
        let deep = format!(
            "{}f(1){}",
            "pair(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        let e = read(&mut Toy, &deep).unwrap_err();
        assert!(e.message.contains("nested more than"), "{e}");
        // A compound of no parts is an error at its name, which it names.
        for (text, column) in [("pair()", 1), ("f(1) + pair( )", 8), ("pair(pair())", 6)] {
            let e = read(&mut Toy, text).unwrap_err();
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.message.starts_with("pair() has no parts"), "{text}: {e}");
        }
    }

    /// Positions and columns count characters, whether the text is ASCII (read in place) or
    /// not (decoded): a two-byte character in a quoted name moves nothing after it.
    #[test]
    fn columns_count_characters_in_ascii_and_other_text() {
        for name in ["e", "\u{e9}", "\u{1F600}"] {
            let text = format!("f(\"{name}\", 7) + *2");
            let terms = read(&mut Toy, &text).unwrap();
            assert_eq!(
                terms,
                [format!("f({name}@2,7@7)"), "*2".to_string()],
                "{text}"
            );
            let unknown = format!("f(\"{name}\", 7) + g(1)");
            let e = read(&mut Toy, &unknown).unwrap_err();
            assert_eq!(
                (e.column, e.message.as_str()),
                (13, "unknown g"),
                "{unknown}"
            );
            let stray = format!("f(\"{name}\", 7) ?");
            let e = read(&mut Toy, &stray).unwrap_err();
            assert_eq!(e.column, 11, "{stray}");
            assert!(e.message.starts_with("unexpected '?'"), "{e}");
        }
    }
}
