//! End-to-end tests of the `grundy` binary: the spec's surface, exit codes and messages.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod beyond;
mod boards;
mod cli;
mod conveniences;
mod docs;
mod explain;
mod hooks;
mod pattern;
mod robust;
mod rules;
mod serve;
mod theory;
