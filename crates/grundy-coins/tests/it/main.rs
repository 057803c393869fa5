//! Integration tests of grundy-coins: the nimber field against an independent reference and
//! its axioms, line games and products against brute-force mex, winning moves on small boards
//! (checked by brute force) and on boards of 2^64 coins a side (checked symbolically), and the
//! published tables of Ferguson's notes; acrostic products against a search of the whole
//! two-dimensional game.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod acrostic;
mod common;
mod factor;
mod golden;
mod grids;
mod lines;
mod nim;
