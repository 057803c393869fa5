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

use grundy_graph::{Graph, GraphValues};

use crate::rules::{
    Arg, ArgError, BuildContext, Family, Opt, ParamError, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber, Value};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "graph",
        &[],
        "graph[FILE](v, w, ...) with FILE an edge list (u v per line) or a DOT digraph",
        "tokens on a directed graph (cycles allowed): slide one token along an edge",
        "graph[examples/graphs/cycle.txt](a, c)",
        Some(true),
        build,
    )
}

fn build(params: Option<&str>, ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let path = params.unwrap_or("").trim();
    if path.is_empty() {
        return Err(ParamError::new(
            0,
            "expected the path of a graph file between the brackets",
        ));
    }
    let offset = params.unwrap_or("").len() - params.unwrap_or("").trim_start().len();
    let reader = ctx
        .loader
        .open(path)
        .map_err(|e| ParamError::new(offset, e.to_string()))?;
    let graph = Graph::from_reader(reader, grundy_graph::MAX_FILE_BYTES)
        .map_err(|e| ParamError::new(offset, format!("{path}: {}", Error::from(e))))?;
    let values = grundy_graph::solve(&graph);
    Ok(RulesetRef::of(GraphGame {
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
    fn arg(&self, v: u32) -> Arg {
        let name = self.graph.name(v);
        match crate::literal::classify_word(name) {
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
    type P = u32;

    fn name(&self) -> String {
        format!("graph[{}]", self.path)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<u32>, ArgError> {
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let name = match a {
                Arg::Int(n) => n.to_string(),
                Arg::Name(s) => s.clone(),
            };
            let Some(v) = self.graph.index(&name) else {
                return Err(ArgError::at(
                    i,
                    format!(
                        "'{a}' is not a vertex of {} ({} vertices); use a vertex name from the file",
                        self.path,
                        self.graph.vertex_count()
                    ),
                ));
            };
            out.push(v);
        }
        Ok(out)
    }

    fn args(&self, v: &u32) -> Vec<Arg> {
        vec![self.arg(*v)]
    }

    fn options(&self, v: &u32, _limits: &Limits) -> Result<Vec<Opt<u32>>, Error> {
        Ok(self.graph.successors(*v).iter().map(|&w| vec![w]).collect())
    }

    fn describe(&self, v: &u32, to: &[u32]) -> String {
        match to {
            [w] => format!(
                "move the token from {} to {}",
                self.graph.name(*v),
                self.graph.name(*w)
            ),
            _ => format!("move the token from {}", self.graph.name(*v)),
        }
    }

    fn sample(&self, seed: u64) -> Vec<u32> {
        let n = self.graph.vertex_count() as u64;
        if n == 0 {
            return Vec::new();
        }
        let mut rng = crate::rules::Rng::new(seed);
        (0..rng.range(1, 3))
            .map(|_| rng.range(0, n - 1) as u32)
            .collect()
    }

    fn theory(&self) -> Option<&dyn Theory<u32>> {
        Some(self)
    }
}

impl Theory<u32> for GraphGame {
    fn nimber(&self, v: &u32, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        match self.value(*v) {
            Value::Finite(n) => Ok(Some(n)),
            v @ Value::Infinite(_) => Err(Error::unsupported(format!(
                "this vertex has the loopy value {v}, not a nim-value"
            ))),
        }
    }

    fn loopy_value(&self, v: &u32) -> Option<Value> {
        // An acyclic graph is an ordinary game: nim-values, sums and misere play by search.
        if self.values.is_acyclic() {
            return None;
        }
        Some(self.value(*v))
    }
}
