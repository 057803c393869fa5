//! Integration tests of grundy-heap: golden tables of published results, property tests,
//! table files and checkpoints.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod custom;
mod files;
mod golden;
mod known;
mod periods;
mod pieces;
mod props;
mod subsets;
