//! The expression language: `nim(3,4,5) + tb[0.07](20) + *2`.
//!
//! Grammar (see the CLI spec):
//! ```text
//! EXPR    := TERM ('+' TERM)*
//! TERM    := '*' INT | '*' | '0' | RULESET '(' ARGS? ')' | '(' EXPR ')' | INT '*' TERM
//! RULESET := NAME | NAME '[' PARAMS ']'
//! COMPOUND := ('conj' | 'every' | 'select' | 'anti') '(' EXPR (',' EXPR)* ')'   (a TERM)
//! ARG     := INT | INT '^' INT | WORD | '"' text '"'
//! ```
//! Parenthesised sums are flattened, so printing a parsed position gives the canonical text and
//! `parse(print(x)) == x` for every position.

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::{Num, Zero};

use crate::position::{Position, Term};
use crate::registry::Registry;
use crate::rules::{Arg, Comp, RulesetRef};
use crate::{Error, Nimber};

/// An error in an expression, with the 1-based column (in characters) where it was found.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// 1-based column of the offending text, counted in characters.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// The most terms `K*TERM` writes out for a family that keeps no count of copies (a rule
/// script keeps any count as one component, see [`crate::rules::Ruleset::copies`]).
pub const MAX_WRITTEN_COPIES: u64 = 1000;

/// The deepest nesting of parentheses accepted (deeper input is refused, never a stack overflow).
pub const MAX_NESTING: usize = 200;

pub use crate::literal::{classify_word, MAX_INT_BITS};

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::input_at(e.column, e.message)
    }
}

/// Parses an expression into a position, with the built-in families.
///
/// Arguments: the text of an expression.
/// Returns: the position, or an input error with its column and what was expected.
/// Complexity: linear in the length of the text (plus the rulesets' own parameter parsing).
/// Example: `parse("nim(3,4,5)").unwrap().to_string() == "nim(3,4,5)"`.
pub fn parse(text: &str) -> Result<Position, Error> {
    parse_with(crate::registry::builtin(), text)
}

/// Parses an expression with the families of `reg` (see [`Registry::parse`]).
pub fn parse_with(reg: &Registry, text: &str) -> Result<Position, Error> {
    let mut p = Parser {
        chars: text.chars().collect(),
        pos: 0,
        depth: 0,
        interned: HashMap::new(),
        reg,
    };
    p.skip_ws();
    if p.at_end() {
        return Err(p
            .error_here("the expression is empty; write a position such as nim(3,4,5)")
            .into());
    }
    let terms = p.sum()?;
    p.skip_ws();
    if !p.at_end() {
        let c = p.chars[p.pos];
        return Err(p
            .error_here(&format!(
                "unexpected '{c}'; expected '+' and another term, or the end of the expression"
            ))
            .into());
    }
    Ok(Position { terms })
}

/// Parses a ruleset alone (`sub[1,3,4]`, `tb[0.07]`, `nim`), as a table takes it, with the
/// built-in families.
pub fn parse_ruleset(text: &str) -> Result<RulesetRef, Error> {
    parse_ruleset_with(crate::registry::builtin(), text)
}

/// Parses a ruleset alone with the families of `reg`.
pub fn parse_ruleset_with(reg: &Registry, text: &str) -> Result<RulesetRef, Error> {
    let mut p = Parser {
        chars: text.chars().collect(),
        pos: 0,
        depth: 0,
        interned: HashMap::new(),
        reg,
    };
    p.skip_ws();
    let r = p.ruleset()?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p
            .error_here("unexpected text after the ruleset; write only a ruleset such as tb[0.07]")
            .into());
    }
    Ok(r)
}

struct Parser<'r> {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    interned: HashMap<String, RulesetRef>,
    reg: &'r Registry,
}

const WORD_STOP: &str = ",()[]+\"*";

impl Parser<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
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

    fn sum(&mut self) -> Result<Vec<Term>, ParseError> {
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

    fn term(&mut self, out: &mut Vec<Term>) -> Result<(), ParseError> {
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
                    out.push(Term::Star(Nimber::new(1)));
                    return Ok(());
                }
                let word: String = self.chars[digits_start..self.pos].iter().collect();
                let n = BigUint::from_str_radix(&word, 10)
                    .map_err(|_| self.error_at(digits_start, "expected the digits of a nimber"))?;
                if n.bits() > MAX_INT_BITS {
                    return Err(self.error_at(digits_start, "this nimber is too large"));
                }
                if !n.is_zero() {
                    // `*0` is the empty game, which adds nothing to a sum (like `0`).
                    out.push(Term::Star(Nimber::from_big(n)));
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
                        rules.name(),
                        self.found()
                    );
                    return Err(self.error_here(&msg));
                }
                let open = self.pos;
                self.pos += 1;
                if crate::compound::Kind::of(rules.name()).is_some() {
                    let parts = self.parts(open)?;
                    let comps = vec![Comp::new(crate::compound::Parts(parts))];
                    out.push(Term::Game { rules, comps });
                    return Ok(());
                }
                let (args, spans) = self.args(open)?;
                let comps = rules.rules().components(&args).map_err(|e| {
                    let col = match e.index {
                        Some(i) => spans.get(i).copied().unwrap_or(open),
                        None => open,
                    };
                    let what = match e.index {
                        Some(i) => format!("argument {} of {}: ", i + 1, rules.name()),
                        None => format!("{}: ", rules.name()),
                    };
                    self.error_at(col, &format!("{what}{}", e.message))
                })?;
                if rules.rules().one_term_per_component() && comps.len() > 1 {
                    // Such a family prints each component as a term of its own (`f(1,2) +
                    // f(4,7)`), so a term of several components is read as those terms:
                    // parse(print(x)) == x.
                    for c in comps {
                        out.push(Term::Game {
                            rules: rules.clone(),
                            comps: vec![c],
                        });
                    }
                    return Ok(());
                }
                out.push(Term::Game { rules, comps });
                Ok(())
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
        if self.chars.get(star) != Some(&'*') {
            return Ok(None);
        }
        let word: String = self.chars[start..end].iter().collect();
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

    /// `K*TERM`: K copies of each component of the term, as one component each where the
    /// family keeps a count ([`crate::rules::Ruleset::copies`]), else written out.
    fn copies(&mut self, k: u64, out: &mut Vec<Term>) -> Result<(), ParseError> {
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
        let terms = inner.len() as u64;
        for t in inner {
            if k == 0 {
                continue;
            }
            if k > 1 {
                if let Term::Game { rules, comps } = &t {
                    let counted: Option<Vec<Comp>> =
                        comps.iter().map(|c| rules.rules().copies(k, c)).collect();
                    if let Some(comps) = counted {
                        out.push(Term::Game {
                            rules: rules.clone(),
                            comps,
                        });
                        continue;
                    }
                }
            }
            if k.saturating_mul(terms) > MAX_WRITTEN_COPIES {
                let what = match &t {
                    Term::Game { rules, .. } => {
                        format!("{} keeps no count of copies", rules.name())
                    }
                    Term::Star(_) => "a nimber keeps no count of copies".to_string(),
                };
                return Err(self.error_at(
                    at,
                    &format!(
                        "{k} copies: {what}, and K*TERM writes out at most {MAX_WRITTEN_COPIES} \
                         copies of it (a rule script keeps any number: copies(k, q) in its \
                         moves, K*NAME(args) in an expression)"
                    ),
                ));
            }
            for _ in 0..k {
                out.push(t.clone());
            }
        }
        Ok(())
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !WORD_STOP.contains(c))
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn ruleset(&mut self) -> Result<RulesetRef, ParseError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if name.is_empty() {
            return Err(self.error_here(&format!(
                "expected the name of a ruleset, found {}",
                self.found()
            )));
        }
        // Compounds (`conj(A, B)`) are operators of the language, like `+`: not registry
        // entries, so that the registry does not depend on the compound theory.
        let compound = crate::compound::family(&name);
        let Some(family) = self.reg.find(&name).or(compound.as_ref()) else {
            let hint = self
                .reg
                .suggest(&name)
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            return Err(self.error_at(
                start,
                &format!(
                    "unknown ruleset '{name}'{hint}; the list of families shows every ruleset"
                ),
            ));
        };
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
            params = Some(
                self.chars[params_start..self.pos]
                    .iter()
                    .collect::<String>(),
            );
            self.pos += 1;
        }
        match (family.params, &params) {
            (Some(true), None) => {
                return Err(self.error_at(
                    self.pos,
                    &format!(
                        "{} needs parameters in brackets: {}",
                        family.name, family.syntax
                    ),
                ))
            }
            (None, Some(_)) => {
                return Err(self.error_at(
                    params_start.saturating_sub(1),
                    &format!(
                        "{} takes no parameters in brackets: {}",
                        family.name, family.syntax
                    ),
                ))
            }
            _ => {}
        }
        let built = self.reg.build(family, params.as_deref()).map_err(|e| {
            self.error_at(
                params_start + e.offset,
                &format!("{}: {}", family.name, e.message),
            )
        })?;
        let key = built.name().to_string();
        Ok(self.interned.entry(key).or_insert(built).clone())
    }

    /// Parses the parts of a compound (`conj(A, B)`) after '(' up to the matching ')': each
    /// part is a whole expression, read as its sorted components; `conj()` has none.
    fn parts(&mut self, open: usize) -> Result<Vec<Vec<crate::position::Component>>, ParseError> {
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
                // `anti()`: the compound of no parts, a finished game (no move).
                self.pos += 1;
                self.depth -= 1;
                return Ok(parts);
            }
            let terms = self.sum()?;
            parts.push(crate::compound::part_of(&Position { terms }));
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
                            Some('\\') if self.chars.get(self.pos + 1) == Some(&'"') => {
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

/// Parsing lives with the parser, so that the registry does not depend on it.
impl Registry {
    /// Parses an expression with these families.
    ///
    /// Arguments: the text of an expression.
    /// Returns: the position, or an input error with its column.
    /// Complexity: linear in the text, plus building each ruleset named (once per registry).
    /// Example:
    /// ```
    /// let reg = grundy::Registry::builtin();
    /// assert_eq!(reg.parse("nim(3, 4) + *2").unwrap().to_string(), "nim(3,4) + *2");
    /// ```
    pub fn parse(&self, text: &str) -> Result<Position, Error> {
        parse_with(self, text)
    }

    /// Parses a ruleset alone (`sub[1,3,4]`), as `table` takes it.
    pub fn parse_ruleset(&self, text: &str) -> Result<RulesetRef, Error> {
        parse_ruleset_with(self, text)
    }
}
