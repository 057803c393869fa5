//! Integration tests of grundy-misere: quotients against an independent brute-force
//! misere search of sums, published quotients, theorems, limits and output shapes.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod brute;
mod limits;
mod props;
mod published;
