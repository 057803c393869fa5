//! `grundy graph FILE`: the value and outcome of every vertex of a graph.

use std::io::{BufWriter, Write};
use std::path::Path;

use grundy::graph::{self, Graph, LoopyValue};
use serde_json::json;

use crate::failure::Failure;

/// Reads, solves and prints a graph; output errors are reported (a closed pipe quietly).
pub fn run(file: &Path, json_out: bool, csv: bool, misere: bool) -> Result<(), Failure> {
    let g = Graph::read(file).map_err(graph_failure)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if misere {
        let outcomes = graph::misere_outcomes(&g);
        return write_misere(&mut out, &g, &outcomes, json_out, csv).map_err(Failure::Output);
    }
    let values = graph::solve(&g);
    write_all(&mut out, &g, &values, json_out, csv).map_err(Failure::Output)
}

fn write_misere(
    out: &mut impl Write,
    g: &Graph,
    outcomes: &[graph::Outcome],
    json_out: bool,
    csv: bool,
) -> std::io::Result<()> {
    if json_out {
        write!(
            out,
            "{{\"vertices\":{},\"edges\":{},\"play\":\"misere\",\"values\":[",
            g.vertex_count(),
            g.edge_count(),
        )?;
        for (v, o) in outcomes.iter().enumerate() {
            if v > 0 {
                out.write_all(b",")?;
            }
            let item = json!({"vertex": g.name(v as u32), "outcome": o.to_string()});
            write!(out, "{item}")?;
        }
        writeln!(out, "]}}")?;
    } else if csv {
        writeln!(out, "vertex,outcome")?;
        for (v, o) in outcomes.iter().enumerate() {
            writeln!(out, "{},{o}", csv_field(g.name(v as u32)))?;
        }
    } else {
        writeln!(
            out,
            "{} vertices, {} edges, misere play (one token; outcomes only)",
            g.vertex_count(),
            g.edge_count()
        )?;
        for (v, o) in outcomes.iter().enumerate() {
            writeln!(out, "{}\t{o}", g.name(v as u32))?;
        }
    }
    out.flush()
}

fn write_all(
    out: &mut impl Write,
    g: &Graph,
    values: &graph::GraphValues,
    json_out: bool,
    csv: bool,
) -> std::io::Result<()> {
    let n = g.vertex_count() as u32;
    if json_out {
        write!(
            out,
            "{{\"vertices\":{},\"edges\":{},\"acyclic\":{},\"values\":[",
            g.vertex_count(),
            g.edge_count(),
            values.is_acyclic()
        )?;
        for v in 0..n {
            let val = values.value(g, v);
            let nimber = match &val {
                LoopyValue::Finite(k) => json!(k),
                LoopyValue::Infinite(_) => serde_json::Value::Null,
            };
            let item = json!({
                "vertex": g.name(v),
                "value": val.to_string(),
                "nimber": nimber,
                "outcome": outcome_letter(&val),
            });
            if v > 0 {
                out.write_all(b",")?;
            }
            write!(out, "{item}")?;
        }
        writeln!(out, "]}}")?;
    } else if csv {
        writeln!(out, "vertex,value,outcome")?;
        for v in 0..n {
            let val = values.value(g, v);
            writeln!(
                out,
                "{},{},{}",
                csv_field(g.name(v)),
                csv_field(&val.to_string()),
                outcome_letter(&val)
            )?;
        }
    } else {
        writeln!(
            out,
            "{} vertices, {} edges, {}",
            g.vertex_count(),
            g.edge_count(),
            if values.is_acyclic() {
                "acyclic"
            } else {
                "with cycles (values by Smith's generalized Sprague-Grundy function)"
            }
        )?;
        for v in 0..n {
            let val = values.value(g, v);
            writeln!(out, "{}\t{}\t{}", g.name(v), val, outcome_letter(&val))?;
        }
    }
    out.flush()
}

fn outcome_letter(v: &LoopyValue) -> &'static str {
    match v.outcome() {
        graph::Outcome::P => "P",
        graph::Outcome::N => "N",
        graph::Outcome::D => "D",
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Size limits of graph input are resource limits (exit 3); the rest is wrong input.
pub fn graph_failure(e: grundy::graph::GraphError) -> Failure {
    use grundy::graph::GraphError;
    match e {
        GraphError::TooLarge { .. }
        | GraphError::LineTooLong { .. }
        | GraphError::TooManyVertices { .. } => Failure::Limit(e.to_string()),
        GraphError::Io { ref source, .. } => Failure::input(format!("{e}: {source}")),
        _ => Failure::input(e.to_string()),
    }
}
