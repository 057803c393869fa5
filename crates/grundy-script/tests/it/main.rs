//! Integration tests of rule scripts: known values, brute force, texts, hostile scripts, the
//! sandbox, fuzzing and cancellation.

mod arity;
mod common;
mod copies;
mod examples;
mod family;
mod fuzz;
mod games;
mod hostile;
mod luau;
mod sandbox;
