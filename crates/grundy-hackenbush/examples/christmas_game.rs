//! POJ 3710 "Christmas Game": reads the judge's input from stdin and prints the winner of
//! each test case.
//!
//! Statement (poj.org/problem?id=3710; copies at wjhsh.net/Y-E-T-I-p-8438446.html and
//! hzwer.com/1962.html): each test case is N (< 100), the number of pictures, then for each
//! picture a line `m k` (m < 100 nodes numbered 1..m, k < 500 edges) and k lines `a b`, an
//! edge. Node 1 is the root of its picture. A picture is a tree in which some vertices carry
//! simple polygons (cycles sharing only that vertex with the rest, no edge on two of them).
//! Players alternately cut an edge; what no longer reaches the root is removed; Sally moves
//! first; who cannot move loses. Output `Sally` or `Harry` per test case; test cases run until
//! the end of the input.
//!
//! Each picture is a Green Hackenbush graph grounded at node 1; the pictures are a sum. The
//! judges' solution uses fusion on the rings (an odd ring is worth one edge, an even ring a
//! vertex); this program uses the general [`value`], which covers any graph.
//!
//! Usage: `cargo run --release -p grundy-hackenbush --example christmas_game < input.txt`

use std::io::Read;

use grundy_hackenbush::{value, Graph, InputBounds, Options};

/// Reads whitespace-separated integers, naming what it expected when the input ends or is
/// not a number.
struct Numbers<'a> {
    words: std::str::SplitWhitespace<'a>,
}

impl Numbers<'_> {
    fn next(&mut self, what: &str) -> Result<Option<usize>, String> {
        match self.words.next() {
            None => Ok(None),
            Some(w) => w
                .parse::<usize>()
                .map(Some)
                .map_err(|_| format!("expected {what} (a non-negative integer), found `{w}`")),
        }
    }

    fn need(&mut self, what: &str) -> Result<usize, String> {
        self.next(what)?
            .ok_or_else(|| format!("the input ends where {what} was expected"))
    }
}

/// The answers (`Sally` or `Harry`, one a line) to every test case of `input`.
pub fn solve(input: &str) -> Result<String, String> {
    let limits = InputBounds::default();
    let opts = Options::default();
    let mut nums = Numbers {
        words: input.split_whitespace(),
    };
    let mut out = String::new();
    while let Some(pictures) = nums.next("the number of pictures N")? {
        let mut total = 0u64;
        for _ in 0..pictures {
            let nodes = nums.need("the number of nodes m")?;
            let k = nums.need("the number of edges k")?;
            if k > limits.max_edges {
                return Err(format!(
                    "a picture has {k} edges, over the limit of {}",
                    limits.max_edges
                ));
            }
            let mut edges = Vec::with_capacity(k);
            for _ in 0..k {
                let a = nums.need("an edge's first node")?;
                let b = nums.need("an edge's second node")?;
                if a == 0 || b == 0 || a > nodes || b > nodes {
                    return Err(format!("edge {a} {b} names a node outside 1..={nodes}"));
                }
                edges.push((a, b));
            }
            // Node 1 is the root: a ground vertex (vertex 0 is unused by the judge's numbering).
            let graph = Graph::from_edges(&edges, &[1], &limits).map_err(|e| e.to_string())?;
            total ^= value(&graph, &opts).map_err(|e| e.to_string())?;
        }
        out.push_str(if total != 0 { "Sally\n" } else { "Harry\n" });
    }
    Ok(out)
}

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("christmas_game: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match solve(&input) {
        Ok(answers) => print!("{answers}"),
        Err(e) => {
            eprintln!("christmas_game: {e}");
            std::process::exit(2);
        }
    }
}
