//! Tokens on a small directed acyclic graph written inline (judge style, HDU 1524).
//!
//! Rules: `dag[SPEC](v, ...)`: one argument per token, the vertex it stands on (several tokens
//! may share a vertex). A move slides one token along an edge; the player who cannot move loses.
//! SPEC lists the successors of vertices 0, 1, 2, ... in order, the lists separated by `;` and
//! the successors inside a list by `,` or spaces; an empty list is a sink. `dag[1,2;;3;]` has
//! four vertices with edges 0->1, 0->2, 2->3. Vertices are numbered from 0, as in the judge.
//! Each token is a component; a vertex's value is the mex of its successors' values, computed
//! in a topological order (Kahn's algorithm, no recursion), and in the same pass its misere
//! outcome alone (a sink is won for the player to move, who cannot move; any other vertex is
//! won when some successor is lost), so that a token alone under misere play is answered
//! without a search, as the graph module answers it. A cycle is a parameter error naming
//! a vertex on it; loopy games and graphs read from files belong to the graph module.
//! Worked example (HDU 1524 sample): in `dag[1,2;;3;]`, vertices 1 and 3 are sinks (value 0),
//! vertex 2 has value mex{0} = 1 and vertex 0 mex{0, 1} = 2; tokens on 0 and 2 give 2 ^ 1 = 3,
//! a win (WIN), while tokens on 1 and 1 give 0 (LOSE).
//! Source: HDU 1524 / POJ 2425 A Chess Game; Sprague-Grundy on a DAG.

use std::collections::VecDeque;
use std::fmt::Write as _;

use num_traits::ToPrimitive;

use num_bigint::BigUint;

use crate::rules::{
    first_moves, Alone, Arg, ArgError, BuildContext, Family, Opt, ParamError, Ruleset, RulesetRef,
    Theory,
};
use crate::{mex_u64, Error, Limits, Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "dag",
        &[],
        "dag[SUCC; SUCC; ...](v, ...): successor lists of vertices 0, 1, ... split by ';', one \
         argument per token",
        "tokens on a directed acyclic graph: slide one token along an edge",
        "dag[1,2;;3;](0,2)",
        Some(true),
        build,
    )
}

/// Most vertices an inline graph may have.
const MAX_VERTICES: usize = 1_000_000;

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let dag = Dag::parse(text)?;
    Ok(RulesetRef::of(dag))
}

/// A directed acyclic graph with the nim-value and the misere outcome of every vertex.
#[derive(Debug, Clone)]
pub struct Dag {
    succ: Vec<Vec<usize>>,
    values: Vec<u64>,
    /// Whether a token alone on the vertex is won for the player to move under misere play.
    misere_won: Vec<bool>,
}

impl Dag {
    /// Parses an inline successor-list spec and computes every vertex's value.
    ///
    /// Arguments: the text between the brackets. Returns: the graph, or a [`ParamError`] at the
    /// offending character (a bad number, a successor out of range, a vertex on a cycle).
    /// Complexity: O(vertices + edges).
    /// Example: `Dag::parse("1,2;;3;")` has values [2, 0, 1, 0].
    pub fn parse(text: &str) -> Result<Dag, ParamError> {
        // Split into lists, remembering where each list and each number starts (char offsets).
        let chars: Vec<char> = text.chars().collect();
        let mut lists: Vec<Vec<(String, usize)>> = vec![Vec::new()];
        let mut list_start = vec![0usize];
        let mut word = String::new();
        let mut word_start = 0;
        for (pos, &c) in chars.iter().enumerate() {
            if c == ';' || c == ',' || c.is_whitespace() {
                if let (false, Some(l)) = (word.is_empty(), lists.last_mut()) {
                    l.push((std::mem::take(&mut word), word_start));
                }
                if c == ';' {
                    if lists.len() >= MAX_VERTICES {
                        return Err(ParamError::new(
                            pos,
                            format!("at most {MAX_VERTICES} vertices fit an inline graph"),
                        ));
                    }
                    lists.push(Vec::new());
                    list_start.push(pos + 1);
                }
            } else {
                if word.is_empty() {
                    word_start = pos;
                }
                word.push(c);
            }
        }
        if let (false, Some(l)) = (word.is_empty(), lists.last_mut()) {
            l.push((word, word_start));
        }
        let n = lists.len();
        let mut succ = Vec::with_capacity(n);
        for list in &lists {
            let mut out = Vec::with_capacity(list.len());
            for (w, at) in list {
                let v: usize = w.parse().map_err(|_| {
                    ParamError::new(
                        *at,
                        format!("expected a vertex number, found '{w}'; write successor lists like 1,2;;3;"),
                    )
                })?;
                if v >= n {
                    return Err(ParamError::new(
                        *at,
                        format!(
                            "vertex {v} does not exist: the {n} lists define vertices 0..{}",
                            n - 1
                        ),
                    ));
                }
                out.push(v);
            }
            succ.push(out);
        }
        let (values, misere_won) = values(&succ).map_err(|v| {
            ParamError::new(
                list_start[v],
                format!(
                    "the graph has a cycle through vertex {v}; a dag needs none (loopy games \
                     belong to the graph family)"
                ),
            )
        })?;
        Ok(Dag {
            succ,
            values,
            misere_won,
        })
    }
}

/// Values and misere outcomes (won for the player to move) in Kahn order (sinks first); on a
/// cycle, `Err` with a vertex on it.
#[allow(clippy::type_complexity)]
fn values(succ: &[Vec<usize>]) -> Result<(Vec<u64>, Vec<bool>), usize> {
    let n = succ.len();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut left: Vec<usize> = vec![0; n];
    for (u, s) in succ.iter().enumerate() {
        left[u] = s.len();
        for &v in s {
            pred[v].push(u);
        }
    }
    let mut value: Vec<Option<u64>> = vec![None; n];
    let mut misere_won = vec![false; n];
    let mut ready: VecDeque<usize> = (0..n).filter(|&u| left[u] == 0).collect();
    while let Some(u) = ready.pop_front() {
        let opts: Vec<u64> = succ[u].iter().filter_map(|&v| value[v]).collect();
        value[u] = Some(mex_u64(&opts));
        // Every successor is finished (Kahn order): misere, the player who cannot move wins.
        misere_won[u] = succ[u].is_empty() || succ[u].iter().any(|&v| !misere_won[v]);
        for &p in &pred[u] {
            left[p] -= 1;
            if left[p] == 0 {
                ready.push_back(p);
            }
        }
    }
    if let Some(start) = (0..n).find(|&u| value[u].is_none()) {
        // Every unfinished vertex has an unfinished successor: walking them must repeat a
        // vertex, and the first repeated one lies on a cycle.
        let mut seen = vec![false; n];
        let mut u = start;
        while !seen[u] {
            seen[u] = true;
            u = succ[u]
                .iter()
                .copied()
                .find(|&v| value[v].is_none())
                .unwrap_or(u);
        }
        return Err(u);
    }
    Ok((
        value.into_iter().map(|v| v.unwrap_or(0)).collect(),
        misere_won,
    ))
}

impl Ruleset for Dag {
    /// The vertex a token stands on.
    type P = usize;

    fn name(&self) -> String {
        let mut s = String::from("dag[");
        for (u, list) in self.succ.iter().enumerate() {
            if u > 0 {
                s.push(';');
            }
            for (i, v) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "{v}");
            }
        }
        s.push(']');
        s
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<usize>, ArgError> {
        let n = self.succ.len();
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = a.as_natural().map_err(|m| ArgError::at(i, m))?;
            match v.to_usize().filter(|&v| v < n) {
                Some(v) => out.push(v),
                None => {
                    return Err(ArgError::at(
                        i,
                        format!(
                            "vertex {v} does not exist: the graph has vertices 0..{}",
                            n - 1
                        ),
                    ))
                }
            }
        }
        Ok(out)
    }

    fn args(&self, u: &usize) -> Vec<Arg> {
        vec![Arg::int(*u as u64)]
    }

    fn options(&self, u: &usize, limits: &Limits) -> Result<Vec<Opt<usize>>, Error> {
        limits.check()?;
        Ok(self
            .succ
            .get(*u)
            .map(|s| s.iter().map(|&v| vec![v]).collect())
            .unwrap_or_default())
    }

    fn describe(&self, u: &usize, to: &[usize]) -> String {
        let v = to.first().copied().unwrap_or_default();
        format!("move a token from vertex {u} to vertex {v}")
    }

    fn sample(&self, seed: u64) -> Vec<usize> {
        let mut rng = crate::rules::Rng::new(seed);
        let last = self.succ.len().saturating_sub(1) as u64;
        (0..rng.range(1, 3))
            .map(|_| rng.range(0, last) as usize)
            .collect()
    }

    fn theory(&self) -> Option<&dyn Theory<usize>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<usize>> {
        Some(self)
    }
}

impl Alone<usize> for Dag {
    /// A token alone under misere play, from the outcomes computed with the values: the
    /// winning moves are to successors lost for the player to move. O(out-degree).
    fn misere_alone(
        &self,
        u: &usize,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<(Outcome, Vec<Opt<usize>>, Option<BigUint>)>, Error> {
        let Some(&won) = self.misere_won.get(*u) else {
            return Ok(None);
        };
        let outcome = if won { Outcome::N } else { Outcome::P };
        let wins: Vec<Opt<usize>> = self.succ[*u]
            .iter()
            .filter(|&&v| !self.misere_won[v])
            .map(|&v| vec![v])
            .collect();
        let (listed, count) = first_moves(wins, cap);
        Ok(Some((outcome, listed, count)))
    }
}

impl Theory<usize> for Dag {
    fn nimber(&self, u: &usize, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::new(self.values.get(*u).copied().unwrap_or(0))))
    }
}
