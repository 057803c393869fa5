//! End-to-end tests of the `grundy` binary: the spec's surface, exit codes and messages.

mod cli;
mod explain;
