//! First values of a one-integer family by plain memoised mex, for `grundy rules check`.
//!
//! This is deliberately the simplest correct method (the engine has the fast and the loopy
//! ones): each position's value is the mex of its options' values, a sum's value the XOR of
//! its parts'. It serves as a preview and as an independent check of the engine.

use std::collections::HashMap;

use thiserror::Error;

use crate::error::{CallSite, Location};
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
            TableError::Cycle { .. } | TableError::NotInteger { .. } => {
                grundy::ErrorKind::Unsupported
            }
        }
    }
}

/// One position being expanded: its options and how far their parts have been looked at.
struct Frame {
    n: i64,
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
/// use grundy_script::{mex_values, Limits, Script};
/// let src = "fn moves(n) { let o = []; for k in [1, 3, 4] { if k <= n { o.push(n - k); } } o }";
/// let s = Script::compile(src, "<sub134>", Limits::default()).unwrap();
/// assert_eq!(mex_values(&s, 7, 100).unwrap(), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// ```
#[allow(clippy::result_large_err)]
pub fn mex_values(script: &Script, to: u64, max_positions: usize) -> Result<Vec<u64>, TableError> {
    let too_many = |n: i64| {
        TableError::Script(ScriptError::Limit {
            location: Location {
                file: script.file().to_string(),
                line_column: None,
            },
            limit: LimitKind::Positions,
            value: u64::try_from(max_positions).unwrap_or(u64::MAX),
            call: CallSite {
                function: "moves".into(),
                position: Datum::Int(n).call_text(script.name()),
            },
        })
    };
    let last = i64::try_from(to).map_err(|_| too_many(i64::MAX))?;
    let mut memo: HashMap<i64, Slot> = HashMap::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut out = Vec::new();
    for root in 0..=last {
        if !matches!(memo.get(&root), Some(Slot::Done(_))) {
            open(
                script,
                root,
                &mut memo,
                &mut stack,
                max_positions,
                &too_many,
            )?;
        }
        while let Some(top) = stack.last_mut() {
            // Finds the next part not yet valued; opens it or reports a cycle.
            let mut next = None;
            while top.option < top.options.len() {
                let parts = top.options[top.option].components();
                if top.part >= parts.len() {
                    top.option += 1;
                    top.part = 0;
                    continue;
                }
                let Some(m) = parts[top.part].as_int() else {
                    return Err(TableError::NotInteger {
                        file: script.file().to_string(),
                        position: Datum::Int(top.n).call_text(script.name()),
                        option: top.options[top.option].text(script.name()),
                    });
                };
                top.part += 1;
                match memo.get(&m) {
                    Some(Slot::Done(_)) => {}
                    Some(Slot::Open) => {
                        let start = stack.iter().position(|f| f.n == m).unwrap_or(0);
                        let mut cycle: Vec<String> = stack[start..]
                            .iter()
                            .map(|f| Datum::Int(f.n).call_text(script.name()))
                            .collect();
                        cycle.push(Datum::Int(m).call_text(script.name()));
                        return Err(TableError::Cycle {
                            file: script.file().to_string(),
                            cycle,
                        });
                    }
                    None => {
                        next = Some(m);
                        break;
                    }
                }
            }
            if let Some(m) = next {
                open(script, m, &mut memo, &mut stack, max_positions, &too_many)?;
                continue;
            }
            // Every part is valued: the value is the mex of the options' XORs.
            let Some(frame) = stack.pop() else { break };
            let mut seen = vec![false; frame.options.len() + 1];
            for option in &frame.options {
                let mut v = 0u64;
                for part in option.components() {
                    if let Some(Slot::Done(x)) = part.as_int().and_then(|m| memo.get(&m)) {
                        v ^= x;
                    }
                }
                if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            memo.insert(frame.n, Slot::Done(mex));
        }
        match memo.get(&root) {
            Some(Slot::Done(v)) => out.push(*v),
            _ => return Err(too_many(root)),
        }
    }
    Ok(out)
}

/// Calls `moves(n)` and pushes its frame, counting positions against the limit.
fn open(
    script: &Script,
    n: i64,
    memo: &mut HashMap<i64, Slot>,
    stack: &mut Vec<Frame>,
    max_positions: usize,
    too_many: &dyn Fn(i64) -> TableError,
) -> Result<(), TableError> {
    if memo.len() >= max_positions {
        return Err(too_many(n));
    }
    let options = script.moves(&Datum::Int(n))?;
    memo.insert(n, Slot::Open);
    stack.push(Frame {
        n,
        options,
        option: 0,
        part: 0,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn compile(src: &str) -> Script {
        match Script::compile(src, "<t>", Limits::default()) {
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
