//! Rule scripts: game families written in [Luau](https://luau.org) or [Rhai](https://rhai.rs),
//! run in a sandbox.
//!
//! A rule script defines one impartial game family: `moves(p)` returns the options of
//! position `p`, each a position of the family or `sum([q1, q2, ...])`; the optional
//! `display(p)` and `describe(p, q)` give texts. Positions are [`Datum`]s: integers,
//! strings, or arrays of them, compared by value. The contract is in `docs/rules.md`.
//!
//! [`Script::compile`] compiles a script once into a sandboxed engine (no files, network,
//! clock, modules, `eval` or printing), and every call runs under [`Sandbox`] (operations,
//! call depth, sizes) and an [`Interrupt`] (the query's `grundy::Cancel` handle and a
//! deadline, which other threads can use). Errors are [`ScriptError`]s: in the script (with
//! `FILE:LINE:COLUMN`), a reached limit (with the key that raises it), a cancellation, or a
//! wrong shape.
//!
//! **Boundary:** this crate knows no solver and no front; the engine's family adapter turns
//! [`ScriptOption`]s into its own moves, and fronts turn errors into exit statuses.
//!
//! Example:
//! ```
//! use grundy_script::{mex_values, Sandbox, Script};
//! let lasker = "fn moves(n) {
//!     let out = [];
//!     for k in 1..=n { out.push(n - k); }
//!     for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }
//!     out
//! }";
//! let s = Script::compile(lasker, "games/lasker.rhai", Sandbox::default()).unwrap();
//! assert_eq!(mex_values(&s, 8, 1000).unwrap(), vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::useless_vec))]
#![allow(clippy::result_large_err)]

mod data;
mod datum;
mod error;
mod family;
mod interrupt;
mod key;
mod lang;
mod limits;
mod luau;
mod rawcall;
mod report;
mod safe;
mod script;
mod table;

pub use data::{ScriptData, MAX_DATA_NUMBER};
pub use datum::{Arity, Datum, ShapeError, GAME, MAX_ARITY};
pub use error::{CallSite, Location, ScriptError};
pub use family::{
    engine_error, family_of, load, load_in, register, seen_period, ScriptFamily, ScriptRules,
};
pub use key::{Item, Key, KeyReader, KeyWriter};
pub use lang::{check, check_in, Language, Script};
pub use limits::{with_stack, Interrupt, LimitKind, Sandbox};
pub use report::check_values;
pub use script::{CheckReport, FunctionInfo, ScriptOption, ValueBox};
pub use table::{box_values, mex_values, TableError};
