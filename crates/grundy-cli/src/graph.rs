//! `grundy graph FILE`: the value and outcome of every vertex of a graph.

use std::io::{BufWriter, Write};
use std::path::Path;

use grundy::graph::Graph;
use grundy::{api, render, Limits, Play};

use crate::failure::Failure;

/// Reads, solves and prints a graph; output errors are reported (a closed pipe quietly).
pub fn run(file: &Path, json_out: bool, csv: bool, misere: bool) -> Result<(), Failure> {
    let g = Graph::read(file).map_err(|e| Failure::from(grundy::Error::from(e)))?;
    let report = api::graph_report(&g, Play::from_misere(misere), &Limits::default())?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = if json_out {
        serde_json::to_writer(&mut out, &report)
            .map_err(|e| match e.io_error_kind() {
                Some(kind) => std::io::Error::new(kind, e.to_string()),
                None => std::io::Error::other(e.to_string()),
            })
            .and_then(|()| writeln!(out))
    } else if csv {
        render::graph_csv(&report, &mut out)
    } else {
        render::graph_text(&report, &mut out)
    };
    written.and_then(|()| out.flush()).map_err(Failure::Output)
}
