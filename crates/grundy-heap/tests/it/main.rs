//! Integration tests of grundy-heap: golden tables of published results and property tests.

mod golden;
mod props;
