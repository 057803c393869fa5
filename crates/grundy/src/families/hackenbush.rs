//! Green Hackenbush on any graph rooted at the ground: cycles, loops and multiple edges allowed.
//!
//! Rules: `hackenbush(g-1, 1-2, 2-g, 2-2)` lists the edges of one picture (the ground is `g`
//! or `0`; chains `g-1-2` are allowed; a repeated pair is a multiple edge, `a-a` a loop). A
//! move cuts one edge; every edge no longer connected to the ground falls; the player who
//! cannot move loses. One picture is one component; several pictures are a sum
//! (`hackenbush(g-1) + hackenbush(g-1-2)`). Edges not connected to the ground from the start
//! are not in play. The arguments may also be one quoted text, `hackenbush("g-1 1-2 2-g")`.
//! Theory (Winning Ways, chapter 7): the colon principle (a subtree of value v on an edge is a
//! stalk worth v + 1; branches add by XOR) and the fusion principle (the vertices of a cycle
//! fuse into one, each of its edges becoming a loop worth *1) give the value in O(V + E); the
//! winning cuts are found for every edge at once (see the crate `grundy-hackenbush`).
//! Worked example (POJ 3710 "Christmas Game"): a triangle on the ground, `g-1 1-2 2-g`, fuses
//! into three loops: *1. The only winning cut is `1-2`, which leaves two stalks of one edge
//! (1 XOR 1 = 0).
//! Source: Berlekamp, Conway and Guy, *Winning Ways*, chapter 7; POJ 3710.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use grundy_hackenbush::{self as hb, Graph, HackenbushError};

use crate::explanation::{Block, Explanation};
use crate::rules::{Arg, ArgError, Family, Opt, ParamError, Ruleset, RulesetRef, Theory};
use crate::{Error, Limit, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "hackenbush",
        &["green_hackenbush"],
        "hackenbush(u-v, ...) with the edges of one picture; g (or 0) is the ground",
        "green Hackenbush on any graph (cycles, loops, multiple edges): cut an edge, what is \
         no longer grounded falls",
        "hackenbush(g-1, 1-2, 2-g, 2-3, 3-3)",
        None,
        |_: Option<&str>, _: &crate::rules::BuildContext<'_>| -> Result<RulesetRef, ParamError> {
            Ok(RulesetRef::of(Hackenbush))
        },
    )
    .with_help(
        "Each argument is an edge u-v or a chain u-v-w; names are letters, digits and _; \
         g and 0 are the ground (one vertex for the game). Values by the colon and fusion \
         principles in linear time; the winning cuts of a picture of a million edges are \
         found in about a second. tree(p1, ..., pn) is the same game on a rooted tree.",
    )
}

/// The Green Hackenbush ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Hackenbush;

/// A picture: a grounded graph, shared (positions are cloned often; pictures can be large).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture(pub Arc<Graph>);

impl Hash for Picture {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl PartialOrd for Picture {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Picture {
    /// An arbitrary total order (sums are sorted multisets): by size, then edges, then names.
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (&*self.0, &*other.0);
        a.edge_count()
            .cmp(&b.edge_count())
            .then_with(|| a.vertex_count().cmp(&b.vertex_count()))
            .then_with(|| a.edges().cmp(b.edges()))
            .then_with(|| {
                (0..a.vertex_count() as u32)
                    .map(|v| a.name(v))
                    .cmp((0..b.vertex_count() as u32).map(|v| b.name(v)))
            })
    }
}

/// Largest picture whose cuts are listed one by one (each cut costs O(E)).
const ENUMERATE_LIMIT: usize = 4_000;

/// Largest picture whose move texts name the edge cut (found by trying every cut).
const DESCRIBE_LIMIT: usize = 2_000;

/// The crate's options under the request's budget (its cancellation and deadline).
fn options(limits: &Limits) -> hb::Options {
    hb::Options {
        budget: Some(limits.clone()),
        ..hb::Options::default()
    }
}

/// The engine's error for an error of the Hackenbush crate, of the crate's own kind (a
/// picture too large for its limits is too large for every method).
fn to_error(e: HackenbushError) -> Error {
    match e {
        HackenbushError::Cancelled => Error::Cancelled,
        HackenbushError::TimeLimit { limit } => Error::from(grundy_types::Stop::Time(limit)),
        e => Error::of_kind(e.kind(), e.to_string(), Limit::Size),
    }
}

fn after_cut(g: &Graph, e: usize) -> Result<Opt<Picture>, Error> {
    let cut = g.cut(e).map_err(to_error)?;
    Ok(if cut.graph.edge_count() == 0 {
        vec![]
    } else {
        vec![Picture(Arc::new(cut.graph))]
    })
}

impl Ruleset for Hackenbush {
    type P = Picture;

    fn name(&self) -> String {
        "hackenbush".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Picture>, ArgError> {
        // Check each argument alone first, so that an error names its argument.
        let mut text = String::new();
        for (i, a) in args.iter().enumerate() {
            let item = match a {
                Arg::Int(n) => n.to_string(),
                Arg::Name(s) => s.clone(),
            };
            if let Err(e) = Graph::parse(&item, &hb::InputBounds::default()) {
                return Err(ArgError::at(
                    i,
                    format!("'{item}' is not an edge list: {e}; write edges such as g-1 or 1-2-3"),
                ));
            }
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&item);
        }
        let g = Graph::parse(&text, &hb::InputBounds::default())
            .map_err(|e| ArgError::whole(format!("the picture is not valid: {e}")))?;
        Ok(vec![Picture(Arc::new(g.grounded()))])
    }

    fn args(&self, p: &Picture) -> Vec<Arg> {
        let g = &p.0;
        (0..g.edge_count())
            .filter_map(|e| g.edge_label(e))
            .map(Arg::Name)
            .collect()
    }

    fn options(&self, p: &Picture, limits: &Limits) -> Result<Vec<Opt<Picture>>, Error> {
        let g = &p.0;
        let mut out = Vec::with_capacity(g.edge_count());
        for e in 0..g.edge_count() {
            if e % 256 == 255 {
                limits.check()?;
            }
            out.push(after_cut(g, e)?);
        }
        Ok(out)
    }

    fn describe(&self, p: &Picture, to: &[Picture]) -> String {
        let g = &p.0;
        if g.edge_count() <= DESCRIBE_LIMIT {
            for e in 0..g.edge_count() {
                let Ok(cut) = g.cut(e) else { continue };
                let same = match to {
                    [] => cut.graph.edge_count() == 0,
                    [q] => *q.0 == cut.graph,
                    _ => false,
                };
                if same {
                    let label = g.edge_label(e).unwrap_or_default();
                    return match cut.fallen {
                        0 => format!("cut the edge {label}"),
                        1 => format!("cut the edge {label} (1 more edge falls)"),
                        k => format!("cut the edge {label} ({k} more edges fall)"),
                    };
                }
            }
        }
        let left = to.first().map_or(0, |q| q.0.edge_count());
        format!(
            "cut an edge of the picture of {} edges ({left} stay)",
            g.edge_count()
        )
    }

    fn searchable(&self, p: &Picture) -> Result<(), Error> {
        if p.0.edge_count() > ENUMERATE_LIMIT {
            return Err(Error::too_large(format!(
                "the picture has {} edges, too many to list its cuts one by one (at most \
                 {ENUMERATE_LIMIT}); its value and winning cuts need no listing",
                p.0.edge_count()
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Picture> {
        let g = hb::random_graph(seed, 7).grounded();
        if g.edge_count() == 0 {
            return vec![];
        }
        vec![Picture(Arc::new(g))]
    }

    fn theory(&self) -> Option<&dyn Theory<Picture>> {
        Some(self)
    }
}

impl Theory<Picture> for Hackenbush {
    fn nimber(&self, p: &Picture, limits: &Limits) -> Result<Option<Nimber>, Error> {
        let v = hb::value(&p.0, &options(limits)).map_err(to_error)?;
        Ok(Some(Nimber::new(v)))
    }

    fn counted_moves_to_value(
        &self,
        p: &Picture,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Vec<Opt<Picture>>, Option<num_bigint::BigUint>)>, Error> {
        // A cut leaves at most E - 1 edges, so a value of 64 bits or more is never reached.
        let Some(t) = target.to_u64() else {
            return Ok(Some((vec![], Some(0u32.into()))));
        };
        let w = hb::winning_cuts(&p.0, t, cap, &options(limits)).map_err(to_error)?;
        let mut moves = Vec::with_capacity(w.edges.len());
        for (i, &e) in w.edges.iter().enumerate() {
            if i % 64 == 63 {
                limits.check()?;
            }
            moves.push(after_cut(&p.0, e)?);
        }
        Ok(Some((moves, Some(w.count.into()))))
    }

    fn explain(&self, p: &Picture) -> Option<Explanation> {
        let a = hb::analyze(&p.0, &hb::Options::default()).ok()?;
        let mut blocks = vec![Block::Para(format!(
            "The picture has {} edges in play: {} bridges (edges on no cycle) and {} edges on \
             cycles or loops. Fusion principle: the vertices of a cycle may be fused into one \
             without changing the value, each edge of the cycle becoming a loop worth *1. \
             Colon principle: what stands on a vertex is worth the XOR of its branches, and a \
             branch of value v on an edge is worth v + 1.",
            a.edges_in_play, a.bridges, a.cyclic_edges
        ))];
        if !a.blocks.is_empty() {
            let rows: Vec<Vec<String>> = a
                .blocks
                .iter()
                .take(40)
                .map(|b| {
                    vec![
                        b.root.clone(),
                        b.vertices.to_string(),
                        b.edges.to_string(),
                        b.value.to_string(),
                    ]
                })
                .collect();
            blocks.push(Block::Para(format!(
                "The {} blocks (fused cycles and the ground's block), from the ground up{}:",
                a.blocks.len(),
                if a.blocks.len() > 40 {
                    ", the first 40"
                } else {
                    ""
                }
            )));
            blocks.push(Block::Table {
                header: vec![
                    "hangs from".to_string(),
                    "vertices".to_string(),
                    "edges (loops)".to_string(),
                    "value with all above".to_string(),
                ],
                rows,
            });
        }
        blocks.push(Block::Para(format!(
            "So the picture is worth *{} ({}).",
            a.value,
            if a.value == 0 {
                "a P-position: the player to move loses"
            } else {
                "an N-position: cut an edge that leaves 0"
            }
        )));
        Some(Explanation {
            title: format!("Green Hackenbush, {} edges", a.edges_in_play),
            blocks,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::solve::Solver;
    use crate::Game;

    /// An independent model: a picture as the list of edges still standing, searched by the
    /// engine's generic solver over cut-and-drop moves computed here, not by the crate.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Edges(Vec<(u32, u32)>);

    impl Game for Edges {
        fn options(&self) -> Vec<Vec<Self>> {
            (0..self.0.len())
                .map(|skip| {
                    let rest: Vec<(u32, u32)> = self
                        .0
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != skip)
                        .map(|(_, &e)| e)
                        .collect();
                    // Keep what the ground still reaches (vertex 0 is the ground).
                    let mut seen = vec![0u32];
                    let mut changed = true;
                    while changed {
                        changed = false;
                        for &(a, b) in &rest {
                            let (ia, ib) = (seen.contains(&a), seen.contains(&b));
                            if ia != ib {
                                seen.push(if ia { b } else { a });
                                changed = true;
                            }
                        }
                    }
                    let kept: Vec<(u32, u32)> =
                        rest.into_iter().filter(|(a, _)| seen.contains(a)).collect();
                    vec![Edges(kept)]
                })
                .collect()
        }
    }

    #[test]
    fn values_and_winning_cuts_match_plain_search() {
        let r = Hackenbush;
        let limits = Limits::default();
        for seed in 0..150u64 {
            let Some(p) = r.sample(seed).pop() else {
                continue;
            };
            let mut solver = Solver::new(Limits::default());
            let plain = solver
                .nimber(&Edges(p.0.edges().to_vec()))
                .unwrap()
                .to_u64()
                .unwrap();
            let fast = r.nimber(&p, &limits).unwrap().unwrap();
            assert_eq!(fast, Nimber::new(plain), "seed {seed}: {}", p.0);
            // Winning cuts: compare with the options whose plain value is 0.
            let want = r
                .options(&p, &limits)
                .unwrap()
                .into_iter()
                .filter(|o| {
                    o.iter().all(|q| {
                        solver.nimber(&Edges(q.0.edges().to_vec())).unwrap() == Nimber::ZERO
                    })
                })
                .count();
            let (_, n) = r
                .counted_moves_to_value(&p, &Nimber::ZERO, 0, &limits)
                .unwrap()
                .unwrap();
            let n = if plain == 0 { 0u32.into() } else { n.unwrap() };
            assert_eq!(n, want.into(), "seed {seed}: {}", p.0);
        }
    }

    /// A triangle standing on the ground: g-1, 1-2, 2-g.
    fn triangle() -> Picture {
        Hackenbush
            .components(&[Arg::Name("g-1".into()), Arg::Name("1-2-g".into())])
            .unwrap()
            .pop()
            .unwrap()
    }

    #[test]
    fn triangle_on_the_ground_is_star_one() {
        let (r, p) = (Hackenbush, triangle());
        assert_eq!(
            r.nimber(&p, &Limits::default()).unwrap(),
            Some(Nimber::new(1))
        );
        let (m, n) = r
            .counted_moves_to_value(&p, &Nimber::ZERO, 5, &Limits::default())
            .unwrap()
            .unwrap();
        assert_eq!(n, Some(1u32.into()));
        assert_eq!(r.describe(&p, &m[0]), "cut the edge 1-2");
    }

    /// The family hands the request's budget to the Hackenbush crate: a cancelled request
    /// stops its value and its winning cuts (they ignored the budget and ran to the end).
    #[test]
    fn the_request_budget_reaches_the_solver() {
        let (r, p) = (Hackenbush, triangle());
        let cancel = crate::Cancel::new();
        cancel.cancel();
        let limits = Limits::default().with_cancel(cancel);
        assert_eq!(r.nimber(&p, &limits), Err(Error::Cancelled));
        assert!(matches!(
            r.counted_moves_to_value(&p, &Nimber::ZERO, 5, &limits),
            Err(Error::Cancelled)
        ));
        let late = Limits::default().with_timeout(std::time::Duration::ZERO);
        assert_eq!(
            r.nimber(&p, &late).unwrap_err().kind(),
            crate::ErrorKind::Limit
        );
    }
}
