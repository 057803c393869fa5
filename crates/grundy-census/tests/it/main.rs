//! Integration tests of grundy-census: the published table of two-digit octal games,
//! grundy-heap's periods against grundy-verify's certificates, resuming and cancelling.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod certs;
mod published;
mod resume;
