//! Tokens on a directed graph read from a file, with cycles allowed.
//!
//! Rules: `graph[FILE](v, w, ...)` puts one token on each listed vertex of the graph in FILE
//! (an edge list `u v` per line, or Graphviz DOT); a move slides one token along an edge; the
//! player who cannot move loses. Tokens may share a vertex; several tokens are a sum.
//! With cycles, play can go on forever: values are Smith's generalized Sprague-Grundy values,
//! a nimber or `∞(K)`, and a position may be a draw (D).
//! Worked example (examples/graphs/cycle.txt): edges a-b, b-a, b-c, c-d, d-e, x-y, y-x. The
//! vertex e is terminal (0), d = *1, c = 0; b can move to c, so b = *1; a's only move goes to
//! b, so a = 0 even though a and b form a cycle; x and y can only chase each other: both are
//! `∞` (a draw). So `graph[cycle.txt](a)` is P, `graph[cycle.txt](b)` is N with the winning
//! move to c (or a), and `graph[cycle.txt](x)` is D.
//! Vertex names that look like integers are written as integers; others as names, quoted
//! when they contain characters of the expression syntax.
//! Source: C. A. B. Smith, "Graphs and composite games", J. Comb. Theory 1 (1966); A. S.
//! Fraenkel and Y. Yesha, "The generalized Sprague-Grundy function and its invariance under
//! certain mappings", J. Comb. Theory A 43 (1986).

use std::sync::Arc;

use grundy_graph::{Graph, GraphValues};

use super::{Arg, ArgError, Family, Move, ParamError, Ruleset, State};
use crate::solve::SolveError;
use crate::{Nimber, Value};

/// The registry entry.
pub static FAMILY: Family = Family {
    name: "graph",
    aliases: &[],
    syntax: "graph[FILE](v, w, ...) with FILE an edge list (u v per line) or a DOT digraph",
    summary: "tokens on a directed graph (cycles allowed): slide one token along an edge",
    example: "graph[examples/graphs/cycle.txt](a, c)",
    params: Some(true),
    build,
};

fn build(params: Option<&str>) -> Result<Arc<dyn Ruleset>, ParamError> {
    let path = params.unwrap_or("").trim();
    if path.is_empty() {
        return Err(ParamError::new(
            0,
            "expected the path of a graph file between the brackets",
        ));
    }
    let graph = Graph::read(path).map_err(|e| {
        // Keep the operating system's reason ("No such file or directory").
        let reason = std::error::Error::source(&e)
            .map(|s| format!(": {s}"))
            .unwrap_or_default();
        ParamError::new(0, format!("{e}{reason}"))
    })?;
    let values = grundy_graph::solve(&graph);
    Ok(Arc::new(GraphGame {
        path: path.to_string(),
        graph,
        values,
    }))
}

/// A graph read from a file, with the values of all its vertices.
#[derive(Debug)]
pub struct GraphGame {
    path: String,
    graph: Graph,
    values: GraphValues,
}

impl GraphGame {
    fn vertex(&self, state: &State) -> Option<u32> {
        let name = match state.first()? {
            Arg::Int(n) => n.to_string(),
            Arg::Name(s) => s.clone(),
        };
        self.graph.index(&name)
    }

    fn arg(&self, v: u32) -> Arg {
        let name = self.graph.name(v);
        match crate::expr::classify_word(name) {
            // Only names that print back identically may become integers ("007" stays a name).
            Some(Ok(n)) if n.to_string() == name => Arg::Int(n),
            _ => Arg::Name(name.to_string()),
        }
    }

    fn value(&self, v: u32) -> Value {
        self.values.value(&self.graph, v)
    }
}

impl Ruleset for GraphGame {
    fn name(&self) -> String {
        format!("graph[{}]", self.path)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let state = vec![a.clone()];
            let Some(v) = self.vertex(&state) else {
                return Err(ArgError::at(
                    i,
                    format!(
                        "'{a}' is not a vertex of {} ({} vertices); use a vertex name from the file",
                        self.path,
                        self.graph.vertex_count()
                    ),
                ));
            };
            out.push(vec![self.arg(v)]);
        }
        Ok(out)
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let Some(v) = self.vertex(state) else {
            return Vec::new();
        };
        self.graph
            .successors(v)
            .iter()
            .map(|&w| Move {
                to: vec![vec![self.arg(w)]],
                text: format!(
                    "move the token from {} to {}",
                    self.graph.name(v),
                    self.graph.name(w)
                ),
            })
            .collect()
    }

    fn nimber(&self, state: &State) -> Result<Option<Nimber>, SolveError> {
        match self.vertex(state).map(|v| self.value(v)) {
            Some(Value::Finite(n)) => Ok(Some(n)),
            Some(v @ Value::Infinite(_)) => Err(SolveError::Unsupported {
                reason: format!("this vertex has the loopy value {v}, not a nim-value"),
            }),
            None => Ok(Some(Nimber::ZERO)),
        }
    }

    fn loopy_value(&self, state: &State) -> Option<Value> {
        // An acyclic graph is an ordinary game: nim-values, sums and misere play by search.
        if self.values.is_acyclic() {
            return None;
        }
        Some(
            self.vertex(state)
                .map(|v| self.value(v))
                .unwrap_or(Value::Finite(Nimber::ZERO)),
        )
    }
}
