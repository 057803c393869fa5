//! Integration tests of the engine library (one test binary, as STYLE.md asks).

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod architecture;
mod brute;
mod cancel;
mod cliffs;
mod common;
mod compound;
mod counting;
mod examples;
mod families;
mod families_b;
mod golden;
mod hooks;
mod loopy;
mod misere;
mod outcome;
mod parse;
mod props;
mod quotient;
mod record;
mod registry;
