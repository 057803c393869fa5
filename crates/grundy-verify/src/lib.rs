//! Period certificates for the nim-sequences of heap games, and their independent checker.
//!
//! A certificate says: for these rules, G(n + p) = G(n) for **every** n >= n0, where p is
//! the least period and n0 the least preperiod; it carries the values G(0..L) that a
//! theorem needs to prove it, and their checksum. It covers finite take-and-break codes
//! without `!` (octal or hexadecimal digits, `d0` in 0, 4, 8, c) by the Guy-Smith
//! periodicity theorem and finite subtraction sets by window repetition; both theorems,
//! their exact counts and their sources are stated in [`theorem`](Theorem).
//!
//! - Writing: [`Certificate::new`] from values and a period already found (`grundy table`),
//!   [`certify`] when the period is still to be found (the census); [`Certificate::to_text`].
//! - Checking: [`verify_text`] / [`verify`] (`grundy verify CERT`) re-derive everything
//!   with this crate's own parser ([`Rules`]) and either its plain mex ([`plain_values`],
//!   O(L^2) for L values of a code that splits in two) or, for codes whose moves leave at
//!   most two heaps, its own sparse-space check of each listed value against its options
//!   ([`Method`]: a rare/common split chosen from the listed values, witnesses for the
//!   values below each G(n)); [`Work`] says how much work it did. This crate does not
//!   depend on `grundy-heap`, whose fast kernels it checks.
//! - Checksum: [`checksum`] / [`Checksum`] print the same number as ogsolve's `checksum:`
//!   (see the [`Checksum`] documentation for the correspondence).
//!
//! # File format, version 1
//!
//! Plain UTF-8 text, one item per line; blank lines and lines starting with `#` are
//! ignored; the items come in this order:
//!
//! ```text
//! grundy-period-certificate 1
//! rules tb[0.07]
//! theorem guy-smith parts=2 take=2
//! preperiod 53
//! period 34
//! saltus 0
//! count 176
//! checksum 8ABF01B2
//! values 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5
//! values ...
//! end
//! ```
//!
//! - `rules`: `tb[CODE]` or `sub[SET]`, canonical (trailing zeros dropped, sets sorted with
//!   runs written `a..b`).
//! - `theorem`: `guy-smith parts=M take=T` (M = max(2, heaps a move may leave), T = largest
//!   take) or `window max=S`; the checker derives it from the rules and compares.
//! - `preperiod`, `period`: the least n0 and least p; `saltus`: always 0.
//! - `count`: the number of values listed, which must be at least the theorem's count
//!   ([`Theorem::values_needed`]); `checksum`: [`checksum`] of the listed values in
//!   upper-case hexadecimal.
//! - `values`: G(0), G(1), ... in heap order, any number per line (32 when written);
//!   `end` closes the file, so a truncated file is refused.
//!
//! A change that old checkers could misread gets a new version number; checkers refuse
//! versions they do not know.
//!
//! # File format, version 2 (binary values)
//!
//! For tables of 10^8 values and more, whose text would take gigabytes: the same header with
//! version 2, then the line `values-binary W` (W = 1, 2 or 4) and the values as W-byte
//! little-endian numbers, then a newline and `end`, the last bytes of the file
//! ([`Certificate::write_binary`]). [`verify_bytes`] reads either version.
//!
//! ```
//! use grundy_verify::{certify, plain_values, verify_text, Rules, VerifyOptions};
//! let values = plain_values(&Rules::parse("tb[0.77]").unwrap(), 400, &grundy_verify::Limits::default()).unwrap();
//! let cert = certify("tb[0.77]", &values).unwrap().unwrap();
//! let ok = verify_text(&cert.to_text(), &VerifyOptions::default(), &grundy_verify::Limits::default()).unwrap();
//! assert_eq!((ok.preperiod, ok.period), (71, 12));
//! ```

// Tests may unwrap: their inputs are literals, not user input.
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod cert;
mod checksum;
mod claim;
mod error;
mod naive;
mod rules;
mod sparse;
mod theorem;
mod values;
mod verify;

pub use cert::{certify, Certificate, Streamed, BINARY_VERSION, FORMAT_VERSION, MAGIC};
pub use checksum::{checksum, Checksum};
pub use error::CertError;
/// The one budget of a request (cancellation, deadline, progress), which every check of
/// this crate takes.
pub use grundy_types::Limits;
pub use naive::{plain_values, work_estimate};
pub use rules::{Rules, MAX_CODE_DIGITS, MAX_SET_ITEMS};
pub use theorem::Theorem;
pub use verify::{verify, verify_bytes, verify_text, Method, Verified, VerifyOptions, Work};
