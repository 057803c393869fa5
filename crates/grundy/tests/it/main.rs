//! Integration tests of the engine library (one test binary, as STYLE.md asks).

mod brute;
mod examples;
mod golden;
mod misere;
mod parse;
mod props;
