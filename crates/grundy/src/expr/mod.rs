//! The expression language: `nim(3,4,5) + tb[0.07](20) + *2`, its names bound to families.
//!
//! The grammar is the crate's `syntax` module, below the families; this module says what its names
//! stand for: a family of a [`Registry`] or a compound operator ([`crate::compound`]), and
//! builds the [`Position`]. Parenthesised sums are flattened, so printing a parsed position
//! gives the canonical text and `parse(print(x)) == x` for every position.

use std::borrow::Cow;
use std::collections::HashMap;

use num_bigint::BigUint;

use crate::position::{Position, Term};
use crate::registry::Registry;
use crate::rules::{Arg, Comp, Family, RulesetRef};
use crate::syntax::{self, Build};
use crate::{Error, Nimber};

pub use crate::literal::{classify_word, MAX_INT_BITS};
pub use crate::syntax::{ParseError, MAX_NESTING};

/// The most terms `K*TERM` writes out for a family that keeps no count of copies (a rule
/// script keeps any count as one component, see [`crate::rules::Ruleset::copies`]).
pub const MAX_WRITTEN_COPIES: u64 = 1000;

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
    parse_with(crate::Registry::shared(), text)
}

/// Parses an expression with the families of `reg` (see [`Registry::parse`]).
pub fn parse_with(reg: &Registry, text: &str) -> Result<Position, Error> {
    let terms = syntax::read(&mut Names::new(reg), text)?;
    Ok(Position { terms })
}

/// Parses a ruleset alone (`sub[1,3,4]`, `tb[0.07]`, `nim`), as a table takes it, with the
/// built-in families.
pub fn parse_ruleset(text: &str) -> Result<RulesetRef, Error> {
    parse_ruleset_with(crate::Registry::shared(), text)
}

/// Parses a ruleset alone with the families of `reg`.
pub fn parse_ruleset_with(reg: &Registry, text: &str) -> Result<RulesetRef, Error> {
    Ok(syntax::read_ruleset(&mut Names::new(reg), text)?)
}

/// The names of an expression bound to the families of a registry and to the compound
/// operators; each ruleset is built once per text.
struct Names<'r> {
    reg: &'r Registry,
    interned: HashMap<String, RulesetRef>,
}

impl<'r> Names<'r> {
    fn new(reg: &'r Registry) -> Self {
        Names {
            reg,
            interned: HashMap::new(),
        }
    }
}

fn error_at(pos: usize, message: &str) -> ParseError {
    ParseError {
        column: pos + 1,
        message: message.to_string(),
    }
}

impl<'r> Build for Names<'r> {
    type Family = Cow<'r, Family>;
    type Ruleset = RulesetRef;
    type Term = Term;

    fn family(&mut self, name: &str, start: usize) -> Result<Cow<'r, Family>, ParseError> {
        // Compounds (`conj(A, B)`) are operators of the language, like `+`: not registry
        // entries, so that the registry does not depend on the compound theory.
        if let Some(f) = self.reg.find(name) {
            return Ok(Cow::Borrowed(f));
        }
        if let Some(f) = crate::compound::family(name) {
            return Ok(Cow::Owned(f));
        }
        let hint = self
            .reg
            .suggest(name)
            .map(|s| format!(" (did you mean '{s}'?)"))
            .unwrap_or_default();
        Err(error_at(
            start,
            &format!("unknown ruleset '{name}'{hint}; the list of families shows every ruleset"),
        ))
    }

    fn ruleset(
        &mut self,
        family: Cow<'r, Family>,
        params: Option<&str>,
        params_start: usize,
        end: usize,
    ) -> Result<RulesetRef, ParseError> {
        match (family.params, params) {
            (Some(true), None) => {
                return Err(error_at(
                    end,
                    &format!(
                        "{} needs parameters in brackets: {}",
                        family.name, family.syntax
                    ),
                ))
            }
            (None, Some(_)) => {
                return Err(error_at(
                    params_start.saturating_sub(1),
                    &format!(
                        "{} takes no parameters in brackets: {}",
                        family.name, family.syntax
                    ),
                ))
            }
            _ => {}
        }
        let built = self.reg.build(&family, params).map_err(|e| {
            error_at(
                params_start + e.offset,
                &format!("{}: {}", family.name, e.message),
            )
        })?;
        let key = built.name().to_string();
        Ok(self.interned.entry(key).or_insert(built).clone())
    }

    fn name(&self, rules: &RulesetRef) -> String {
        rules.name().to_string()
    }

    fn takes_parts(&self, rules: &RulesetRef) -> bool {
        crate::compound::Kind::of(rules.name()).is_some()
    }

    fn compound(&mut self, rules: RulesetRef, parts: Vec<Vec<Term>>, out: &mut Vec<Term>) {
        let parts = parts
            .into_iter()
            .map(|terms| crate::compound::part_of(&Position { terms }))
            .collect();
        let comps = vec![Comp::new(crate::compound::Parts(parts))];
        out.push(Term::Game { rules, comps });
    }

    fn star(&mut self, n: BigUint, out: &mut Vec<Term>) {
        out.push(Term::Star(Nimber::from_big(n)));
    }

    fn game(
        &mut self,
        rules: RulesetRef,
        args: Vec<Arg>,
        spans: Vec<usize>,
        open: usize,
        out: &mut Vec<Term>,
    ) -> Result<(), ParseError> {
        let comps = rules.rules().components(&args).map_err(|e| {
            let col = match e.index {
                Some(i) => spans.get(i).copied().unwrap_or(open),
                None => open,
            };
            let what = match e.index {
                Some(i) => format!("argument {} of {}: ", i + 1, rules.name()),
                None => format!("{}: ", rules.name()),
            };
            error_at(col, &format!("{what}{}", e.message))
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

    /// `K*TERM`: K copies of each component of the term, as one component each where the
    /// family keeps a count ([`crate::rules::Ruleset::copies`]), else written out.
    fn copies(
        &mut self,
        k: u64,
        at: usize,
        inner: Vec<Term>,
        out: &mut Vec<Term>,
    ) -> Result<(), ParseError> {
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
                return Err(error_at(
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
