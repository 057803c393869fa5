//! First values of a family by plain memoised mex, for `grundy rules check`: positions
//! `0..=N` of a one-integer family, or a small box of positions of several numbers.
//!
//! This is deliberately the simplest correct method (the engine has the fast and the loopy
//! ones): each position's value is the mex of its options' values, a sum's value the XOR of
//! its parts'. It serves as a preview and as an independent check of the engine.

use std::collections::HashMap;

use thiserror::Error;

use crate::error::{CallSite, Location};
use crate::script::ValueBox;
use crate::{Datum, LimitKind, Script, ScriptError, ScriptOption};

/// Why [`mex_values`] could not give the values.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// The script failed or reached a limit (including [`LimitKind::Positions`]).
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// A position can be reached from itself; plain mex does not apply.
    #[error(
        "{file}: the positions form a cycle ({}); a game with cycles has draws and loopy \
         values, which the engine's analysis computes but this plain table cannot",
        .cycle.join(" -> ")
    )]
    Cycle {
        /// The script's name.
        file: String,
        /// The positions around the cycle, written `NAME(n)`, the first repeated at the end.
        cycle: Vec<String>,
    },
    /// An option leads to another game (`game(...)`), which the plain search cannot value.
    #[error(
        "{file}: {position} has the option {option}, which is a position of another game; \
         the plain search behind the first values follows the family's own positions only"
    )]
    OtherGame {
        /// The script's name.
        file: String,
        /// The position, `NAME(args)`.
        position: String,
        /// The offending option, in the family's notation.
        option: String,
    },
    /// An option is not made of single integers, so the family is not a one-integer family.
    #[error(
        "{file}: {position} has the option {option}, which is not made of single integers; \
         first values are computed only for families of one integer argument"
    )]
    NotInteger {
        /// The script's name.
        file: String,
        /// The position, `NAME(n)`.
        position: String,
        /// The offending option, in the family's notation.
        option: String,
    },
}

impl TableError {
    /// What kind of error this is: the script's own kind, or unsupported for a family this
    /// plain table cannot take (with cycles, or not of one integer).
    pub fn kind(&self) -> grundy::ErrorKind {
        match self {
            TableError::Script(e) => e.kind(),
            TableError::Cycle { .. }
            | TableError::NotInteger { .. }
            | TableError::OtherGame { .. } => grundy::ErrorKind::Unsupported,
        }
    }
}

/// One position being expanded: its options and how far their parts have been looked at.
struct Frame {
    p: Datum,
    options: Vec<ScriptOption>,
    option: usize,
    part: usize,
}

/// What the memo knows about a position.
#[derive(Clone, Copy)]
enum Slot {
    /// On the search stack: reaching it again closes a cycle.
    Open,
    /// Its value.
    Done(u64),
}

/// Which positions may stand in an option.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parts {
    /// Single integers only: the first values of a one-integer family.
    Integers,
    /// Any position of the family (arrays of several numbers, strings).
    Own,
}

/// A part of an option as the plain search values it: the position whose value counts, and
/// whether it counts (an even number of copies is worth 0 and needs no value).
fn part_of(d: &Datum) -> (&Datum, bool) {
    match d.copies() {
        Some((k, q)) => (q, k % 2 == 1),
        None => (d, true),
    }
}

/// The plain memoised mex search behind [`mex_values`] and [`box_values`]: values stay
/// memoised from one root to the next, and a root that fails leaves the memo as it was
/// before it (apart from the values it completed).
struct Mex<'a> {
    script: &'a Script,
    memo: HashMap<Datum, Slot>,
    stack: Vec<Frame>,
    max_positions: usize,
    parts: Parts,
}

impl<'a> Mex<'a> {
    fn new(script: &'a Script, max_positions: usize, parts: Parts) -> Mex<'a> {
        Mex {
            script,
            memo: HashMap::new(),
            stack: Vec::new(),
            max_positions,
            parts,
        }
    }

    /// The limit error for the search reaching `p`.
    fn too_many(&self, p: &Datum) -> TableError {
        TableError::Script(ScriptError::Limit {
            location: Location {
                file: self.script.file().to_string(),
                line_column: None,
            },
            limit: LimitKind::Positions,
            value: u64::try_from(self.max_positions).unwrap_or(u64::MAX),
            call: CallSite {
                function: "moves".into(),
                position: p.call_text(self.script.name()),
            },
        })
    }

    /// The value of `root`, or why it has none; the positions left open by a failure are
    /// forgotten, so that the next root starts clean.
    fn value(&mut self, root: &Datum) -> Result<u64, TableError> {
        let v = self.search(root);
        if v.is_err() {
            for frame in self.stack.drain(..) {
                self.memo.remove(&frame.p);
            }
        }
        v
    }

    fn search(&mut self, root: &Datum) -> Result<u64, TableError> {
        if !matches!(self.memo.get(root), Some(Slot::Done(_))) {
            self.open(root.clone())?;
        }
        while let Some(top) = self.stack.last_mut() {
            // Finds the next part not yet valued; opens it or reports a cycle.
            let mut next = None;
            while top.option < top.options.len() {
                let option = &top.options[top.option];
                let parts = option.components();
                if top.part >= parts.len() {
                    top.option += 1;
                    top.part = 0;
                    continue;
                }
                let (m, counts) = part_of(&parts[top.part]);
                let name = self.script.name();
                if m.game().is_some() {
                    return Err(TableError::OtherGame {
                        file: self.script.file().to_string(),
                        position: top.p.call_text(name),
                        option: option.text(name),
                    });
                }
                if self.parts == Parts::Integers && m.as_int().is_none() {
                    return Err(TableError::NotInteger {
                        file: self.script.file().to_string(),
                        position: top.p.call_text(name),
                        option: option.text(name),
                    });
                }
                top.part += 1;
                if !counts {
                    continue;
                }
                match self.memo.get(m) {
                    Some(Slot::Done(_)) => {}
                    Some(Slot::Open) => {
                        next = Some((m.clone(), true));
                        break;
                    }
                    None => {
                        next = Some((m.clone(), false));
                        break;
                    }
                }
            }
            match next {
                Some((m, false)) => {
                    self.open(m)?;
                    continue;
                }
                Some((m, true)) => return Err(self.cycle(&m)),
                None => {}
            }
            // Every part is valued: the value is the mex of the options' XORs.
            let Some(frame) = self.stack.pop() else { break };
            let mut seen = vec![false; frame.options.len() + 1];
            for option in &frame.options {
                let mut v = 0u64;
                for part in option.components() {
                    let (m, counts) = part_of(part);
                    if let (true, Some(Slot::Done(x))) = (counts, self.memo.get(m)) {
                        v ^= x;
                    }
                }
                if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            self.memo.insert(frame.p, Slot::Done(mex));
        }
        match self.memo.get(root) {
            Some(Slot::Done(v)) => Ok(*v),
            _ => Err(self.too_many(root)),
        }
    }

    /// The cycle closed by reaching `m`, which is on the stack.
    fn cycle(&self, m: &Datum) -> TableError {
        let name = self.script.name();
        let start = self.stack.iter().position(|f| f.p == *m).unwrap_or(0);
        let mut cycle: Vec<String> = self.stack[start..]
            .iter()
            .map(|f| f.p.call_text(name))
            .collect();
        cycle.push(m.call_text(name));
        TableError::Cycle {
            file: self.script.file().to_string(),
            cycle,
        }
    }

    /// Calls `moves(p)` and pushes its frame, counting positions against the limit.
    fn open(&mut self, p: Datum) -> Result<(), TableError> {
        if self.memo.len() >= self.max_positions {
            return Err(self.too_many(&p));
        }
        let options = self.script.moves(&p)?;
        self.memo.insert(p.clone(), Slot::Open);
        self.stack.push(Frame {
            p,
            options,
            option: 0,
            part: 0,
        });
        Ok(())
    }
}

/// The nim-values of positions `0..=to` of a family whose positions are single integers,
/// by memoised mex over the script's `moves`.
///
/// Arguments: the script; the last position `to`; the most positions the search may expand
/// (options may lead above `to`, and a faulty script may lead anywhere).
///
/// Returns `values[n]` for `n` in `0..=to`, or a [`TableError`]: a cycle (with its
/// positions), an option that is not made of integers, or a script error or limit.
///
/// Complexity: one `moves` call per reachable position (at most `max_positions`), plus the
/// options' total size; memory linear in the positions. The search keeps its own stack, so a
/// chain of a million positions does not recurse.
///
/// Example:
/// ```
/// use grundy_script::{mex_values, Sandbox, Script};
/// let src = "fn moves(n) { let o = []; for k in [1, 3, 4] { if k <= n { o.push(n - k); } } o }";
/// let s = Script::compile(src, "<sub134>", Sandbox::default()).unwrap();
/// assert_eq!(mex_values(&s, 7, 100).unwrap(), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// ```
#[allow(clippy::result_large_err)]
pub fn mex_values(script: &Script, to: u64, max_positions: usize) -> Result<Vec<u64>, TableError> {
    let mut mex = Mex::new(script, max_positions, Parts::Integers);
    let last = i64::try_from(to).map_err(|_| mex.too_many(&Datum::Int(i64::MAX)))?;
    (0..=last).map(|n| mex.value(&Datum::Int(n))).collect()
}

/// The nim-values of a family of `k` numbers on a box of small positions: every position
/// `NAME(a1, ..., ak)` with each `ai` from 0 to `last`, by the plain memoised mex of
/// [`mex_values`].
///
/// Arguments: the script (of `ARITY` k); the last number of each coordinate; the most
/// positions the search may expand over the whole box.
///
/// Returns the box: one value per position, in counting order with the last number
/// fastest, `None` where the script refuses the position (its `moves` fails there or on a
/// position it leads to), with the first refusal. Small numbers may still lead far (a date
/// that runs to a year 2001): when the search reaches `max_positions`, the values stop there,
/// with the reason. Or a [`TableError`] that ends the search (a cycle, an option of another
/// game, another limit).
///
/// Complexity: one `moves` call per reachable position (at most `max_positions`).
///
/// Example:
/// ```
/// use grundy_script::{box_values, Sandbox, Script};
/// let src = "ARITY = 2
/// function moves(p)
///     local out = {}
///     for k = 1, p[1] do out[#out + 1] = {p[1] - k, p[2]} end
///     for k = 1, p[2] do out[#out + 1] = {p[1], p[2] - k} end
///     return out
/// end";
/// let s = Script::compile(src, "games/twoheaps.luau", Sandbox::default()).unwrap();
/// let b = box_values(&s, 2, 1000).unwrap();
/// // Two nim heaps: the value is a XOR b.
/// assert_eq!(b.values, [0, 1, 2, 1, 0, 3, 2, 3, 0].map(Some).to_vec());
/// ```
#[allow(clippy::result_large_err)]
pub fn box_values(
    script: &Script,
    last: u64,
    max_positions: usize,
) -> Result<ValueBox, TableError> {
    let arity = match script.arity() {
        crate::Arity::Fixed(k) => k,
        crate::Arity::All => 1,
    };
    let mut mex = Mex::new(script, max_positions, Parts::Own);
    let mut values = Vec::new();
    let mut refused = None;
    let mut stopped = None;
    for p in box_positions(arity, last) {
        match mex.value(&p) {
            Ok(v) => values.push(Some(v)),
            Err(TableError::Script(e)) if e.limit() == Some(LimitKind::Positions) => {
                stopped = Some((p.call_text(script.name()), e));
                break;
            }
            Err(TableError::Script(e)) if !e.is_limit() && !e.is_cancelled() => {
                refused.get_or_insert((p.call_text(script.name()), e));
                values.push(None);
            }
            Err(e) => return Err(e),
        }
    }
    Ok(ValueBox {
        arity,
        last,
        values,
        refused,
        stopped,
    })
}

/// The positions of a box, in counting order with the last number fastest: every array of
/// `arity` numbers from 0 to `last` (a single number when `arity` is 1).
pub(crate) fn box_positions(arity: usize, last: u64) -> Vec<Datum> {
    let last = i64::try_from(last).unwrap_or(i64::MAX);
    let mut out = Vec::new();
    let mut digits = vec![0i64; arity.max(1)];
    loop {
        out.push(match digits.as_slice() {
            [n] if arity == 1 => Datum::Int(*n),
            _ => Datum::List(digits.iter().map(|&x| Datum::Int(x)).collect()),
        });
        // The next array in counting order.
        let mut i = digits.len();
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if digits[i] < last {
                digits[i] += 1;
                break;
            }
            digits[i] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sandbox;

    fn compile(src: &str) -> Script {
        match Script::compile(src, "<t>", Sandbox::default()) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn cycle_is_reported_with_its_positions() {
        let s = compile("fn moves(n) { if n == 0 { [] } else if n == 3 { [1] } else { [n + 1] } }");
        match mex_values(&s, 3, 100) {
            Err(TableError::Cycle { cycle, .. }) => {
                assert_eq!(cycle, vec!["t(1)", "t(2)", "t(3)", "t(1)"]);
            }
            other => panic!("expected a cycle, got {other:?}"),
        }
    }

    #[test]
    fn unbounded_growth_hits_the_position_limit() {
        let s = compile("fn moves(n) { [n + 1] }");
        let e = mex_values(&s, 0, 50).unwrap_err();
        assert!(
            matches!(&e, TableError::Script(se) if se.limit() == Some(LimitKind::Positions)),
            "{e}"
        );
    }

    #[test]
    fn non_integer_options_are_refused() {
        let s = compile("fn moves(n) { if n > 0 { [\"a\"] } else { [] } }");
        assert!(matches!(
            mex_values(&s, 2, 100),
            Err(TableError::NotInteger { .. })
        ));
    }

    #[test]
    fn kind_sorts_the_position_limit_as_a_limit_and_a_family_out_of_reach_as_unsupported() {
        let grows = compile("fn moves(n) { [n + 1] }");
        let limit = mex_values(&grows, 0, 50).unwrap_err();
        assert_eq!(limit.kind(), grundy::ErrorKind::Limit, "{limit}");
        let strings = compile("fn moves(n) { if n > 0 { [\"a\"] } else { [] } }");
        let not_integer = mex_values(&strings, 2, 100).unwrap_err();
        assert!(
            matches!(not_integer, TableError::NotInteger { .. }),
            "{not_integer}"
        );
        assert_eq!(not_integer.kind(), grundy::ErrorKind::Unsupported);
        let broken = compile("fn moves(n) { if n > 0 { [undefined_function(n)] } else { [] } }");
        let input = mex_values(&broken, 2, 100).unwrap_err();
        assert!(
            matches!(input, TableError::Script(ScriptError::Runtime { .. })),
            "{input}"
        );
        assert_eq!(input.kind(), grundy::ErrorKind::Input);
    }

    #[test]
    fn a_long_chain_does_not_recurse() {
        // Position n moves only to n + 1 below 20000: the value of position 0 needs a chain
        // 20000 deep.
        let s = compile("fn moves(n) { if n < 20000 { [n + 1] } else { [] } }");
        let v = mex_values(&s, 0, 30_000).unwrap_or_default();
        assert_eq!(v, vec![0]);
        let v = mex_values(&s, 3, 30_000).unwrap_or_default();
        assert_eq!(v, vec![0, 1, 0, 1]);
    }
}
