//! Node Kayles: a move takes one vertex of a graph and all its neighbours; who cannot move
//! loses.
//!
//! Rules: `nodekayles(R, C)` is the R x C grid graph (cells side by side are neighbours);
//! `nodekayles("..#./....")` a grid drawn as in Cram (`.` a vertex, `#` a cell taken);
//! `nodekayles("GRAPH")` any simple graph written as edges `a-b` and lone vertices `a`,
//! separated by spaces or commas: `nodekayles("0-1 1-2 2-0 3")` (vertex names are
//! non-negative integers). The board or graph is one component; a move's position is written
//! in the same notation (a grid drawn, a graph as its remaining edges and vertices).
//! Theory: the graph falls into independent parts, valued apart and added; a path of n
//! vertices is octal 0.137 (Dawson's chess), computed from the rule; a complete part is *1; on
//! grids, parts are cropped and folded by the eight symmetries, and a part that a half turn or
//! a reflection maps onto itself, where no vertex is its own image or next to it, is 0 (the
//! second player copies every move), so every even by even grid is 0. Other values come from
//! the same pruned search as Cram's (`grundy_board`), on at most 128 vertices.
//! Worked example: `nodekayles("0-1 1-2 2-0 3")` is a triangle (*1) and a lone vertex (*1):
//! 1 ^ 1 = 0, a loss for the player to move.
//! Source: Schaefer (1978); Winning Ways, chapter 4 (Dawson's chess, octal 0.137).

use std::sync::{Arc, Mutex};

use grundy_board::kayles::GraphKayles;
use grundy_board::{Board, Graph, GridKaylesSolver, Search};
use hashbrown::HashMap;

use super::cram::{
    board_moves_to_value, cell_name, grid_args, grid_to_args, large_value, sample_board, small,
    with_grid_solver, Grid,
};
use crate::rules::{
    first_moves_counted, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Source, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "nodekayles",
        &[],
        "nodekayles(R, C) for the grid graph, nodekayles(\"..#./....\") for a drawn grid, or \
         nodekayles(\"0-1 1-2 3\") for any graph",
        "Node Kayles: take a vertex and all its neighbours",
        "nodekayles(\"0-1 1-2 2-0 3\")",
        None,
        |_params, _ctx| Ok(RulesetRef::of(NodeKayles::default())),
    )
}

/// The vertices left of a graph, compared by what they are (the names and edges left), so
/// that the position after a move equals the one its text parses to.
#[derive(Clone, Debug)]
pub struct Vertices {
    graph: Arc<Graph>,
    alive: u128,
    text: Arc<str>,
}

impl Vertices {
    fn new(graph: Arc<Graph>, alive: u128) -> Vertices {
        let text = graph.text(alive).into();
        Vertices { graph, alive, text }
    }
}

impl PartialEq for Vertices {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}
impl Eq for Vertices {}
impl std::hash::Hash for Vertices {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.text.hash(h);
    }
}
impl PartialOrd for Vertices {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Vertices {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

/// A position of Node Kayles: a grid or a graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KaylesPos {
    /// A grid graph (cells side by side are neighbours).
    Grid(Grid),
    /// Any graph.
    Graph(Vertices),
}

/// Node Kayles with its searches (one table for grids, one per graph).
#[derive(Debug, Default)]
pub struct NodeKayles {
    grid: Mutex<GridKaylesSolver>,
    graphs: Mutex<HashMap<Arc<Graph>, Search<GraphKayles>>>,
}

/// Most graphs whose tables are kept at once.
const GRAPHS_KEPT: usize = 64;

impl NodeKayles {
    fn grid_solver<T>(
        &self,
        limits: &Limits,
        f: impl FnOnce(&mut GridKaylesSolver) -> Result<T, grundy_types::Stop>,
    ) -> Result<T, Error> {
        with_grid_solver(&self.grid, limits, f)
    }

    fn graph_solver<T>(
        &self,
        g: &Arc<Graph>,
        limits: &Limits,
        f: impl FnOnce(&mut Search<GraphKayles>) -> Result<T, grundy_types::Stop>,
    ) -> Result<T, Error> {
        let mut all = self
            .graphs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if all.len() >= GRAPHS_KEPT && !all.contains_key(g) {
            all.clear();
        }
        let s = all
            .entry(g.clone())
            .or_insert_with(|| Search::with_capacity(GraphKayles::new(g.adj.clone()), 1 << 16));
        let bytes = limits.max_memory / 2 / 48;
        s.set_capacity(usize::try_from(bytes).unwrap_or(usize::MAX));
        Ok(f(s)?)
    }
}

/// The grids after taking each vertex (with its neighbours), in order, with the vertex;
/// vertices that leave the same grid as an earlier one are left out (a move is the position
/// it leads to).
fn grid_moves(b: &Board) -> Vec<(Board, u32)> {
    let mut seen = std::collections::HashSet::new();
    let mut all = grid_moves_all(b);
    all.retain(|(n, _)| seen.insert(*n));
    all
}

fn grid_moves_all(b: &Board) -> Vec<(Board, u32)> {
    let (rows, cols) = (u32::from(b.rows), u32::from(b.cols));
    let mut out = Vec::new();
    for i in 0..rows * cols {
        if b.empty >> i & 1 == 0 {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let mut taken = 1u128 << i;
        if c > 0 {
            taken |= 1u128 << (i - 1);
        }
        if c + 1 < cols {
            taken |= 1u128 << (i + 1);
        }
        if r > 0 {
            taken |= 1u128 << (i - cols);
        }
        if r + 1 < rows {
            taken |= 1u128 << (i + cols);
        }
        let mut n = *b;
        n.empty &= !taken;
        out.push((n, i));
    }
    out
}

/// The vertex sets after taking each vertex, in order, with the vertex; vertices that leave
/// the same set as an earlier one are left out.
fn graph_moves(v: &Vertices) -> Vec<(u128, usize)> {
    let mut out: Vec<(u128, usize)> = Vec::new();
    let mut rest = v.alive;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        let left = v.alive & !(v.graph.adj[i] | (1u128 << i));
        if !out.iter().any(|&(l, _)| l == left) {
            out.push((left, i));
        }
        rest &= rest - 1;
    }
    out
}

impl Ruleset for NodeKayles {
    type P = KaylesPos;

    fn name(&self) -> String {
        "nodekayles".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<KaylesPos>, ArgError> {
        let graph_text = match args {
            [Arg::Name(t)] if t.chars().any(|c| c.is_ascii_digit()) => Some(t.clone()),
            // A lone vertex prints as a bare number.
            [Arg::Int(n)] => Some(n.to_string()),
            _ => None,
        };
        match graph_text {
            Some(t) => {
                let g = Graph::parse(&t).map_err(|e| {
                    ArgError::at(
                        0,
                        format!("the graph's character {}: {}", e.offset + 1, e.message),
                    )
                })?;
                let g = Arc::new(g);
                let all = g.all();
                Ok(vec![KaylesPos::Graph(Vertices::new(g, all))])
            }
            None => Ok(vec![KaylesPos::Grid(grid_args(args, "nodekayles")?)]),
        }
    }

    fn args(&self, p: &KaylesPos) -> Vec<Arg> {
        match p {
            KaylesPos::Grid(g) => grid_to_args(g),
            KaylesPos::Graph(v) => match v.text.parse::<u64>() {
                Ok(n) => vec![Arg::int(n)],
                Err(_) => vec![Arg::Name(v.text.to_string())],
            },
        }
    }

    fn options(&self, p: &KaylesPos, limits: &Limits) -> Result<Vec<Opt<KaylesPos>>, Error> {
        self.searchable(p)?;
        limits.check()?;
        Ok(match p {
            KaylesPos::Grid(Grid::Board(b)) => grid_moves(b)
                .into_iter()
                .map(|(n, _)| vec![KaylesPos::Grid(Grid::Board(n))])
                .collect(),
            KaylesPos::Grid(Grid::Large(..)) => Vec::new(),
            KaylesPos::Graph(v) => graph_moves(v)
                .into_iter()
                .map(|(alive, _)| graph_option(v, alive))
                .collect(),
        })
    }

    fn describe(&self, p: &KaylesPos, to: &[KaylesPos]) -> String {
        match (p, to) {
            (KaylesPos::Grid(Grid::Board(b)), [KaylesPos::Grid(Grid::Board(n))]) => {
                if let Some((_, i)) = grid_moves(b).into_iter().find(|(m, _)| m == n) {
                    return format!("take {} and its neighbours", cell_name(b, i));
                }
            }
            (KaylesPos::Graph(v), _) => {
                for (alive, i) in graph_moves(v) {
                    if graph_option(v, alive) == to {
                        return format!("take vertex {} and its neighbours", v.graph.names[i]);
                    }
                }
            }
            _ => {}
        }
        "take a vertex and its neighbours".to_string()
    }

    fn searchable(&self, p: &KaylesPos) -> Result<(), Error> {
        match p {
            KaylesPos::Grid(Grid::Large(r, c)) => {
                large_value(
                    *r,
                    *c,
                    "nodekayles",
                    "; a path of n vertices is tb[0.137](n)",
                )?;
                Err(Error::too_large(format!(
                    "nodekayles({r},{c}) has too many vertices to list its moves (at most \
                     128); its value is 0 by symmetry"
                )))
            }
            _ => Ok(()),
        }
    }

    fn one_term_per_component(&self) -> bool {
        true
    }

    fn sample(&self, seed: u64) -> Vec<KaylesPos> {
        if seed.is_multiple_of(2) {
            return vec![KaylesPos::Grid(sample_board(seed / 2))];
        }
        let mut rng = crate::rules::Rng::new(seed);
        let n = rng.range(1, 9) as usize;
        let mut text = String::new();
        for a in 0..n {
            text.push_str(&format!(" {a}"));
            for b in a + 1..n {
                if rng.range(0, 2) == 0 {
                    text.push_str(&format!(" {a}-{b}"));
                }
            }
        }
        match Graph::parse(&text) {
            Ok(g) => {
                let g = Arc::new(g);
                let all = g.all();
                vec![KaylesPos::Graph(Vertices::new(g, all))]
            }
            Err(_) => vec![],
        }
    }

    fn theory(&self) -> Option<&dyn Theory<KaylesPos>> {
        Some(self)
    }
}

/// The option of a graph position that leaves the vertices `alive` (nothing, when none).
fn graph_option(v: &Vertices, alive: u128) -> Opt<KaylesPos> {
    if alive == 0 {
        Vec::new()
    } else {
        vec![KaylesPos::Graph(Vertices::new(v.graph.clone(), alive))]
    }
}

impl Theory<KaylesPos> for NodeKayles {
    fn nimber(&self, p: &KaylesPos, limits: &Limits) -> Result<Option<Nimber>, Error> {
        let v = match p {
            KaylesPos::Grid(Grid::Board(b)) => self.grid_solver(limits, |s| s.value(b, limits))?,
            KaylesPos::Grid(Grid::Large(r, c)) => {
                return large_value(
                    *r,
                    *c,
                    "nodekayles",
                    "; a path of n vertices is tb[0.137](n)",
                )
                .map(Some)
            }
            KaylesPos::Graph(v) => self.graph_solver(&v.graph, limits, |s| {
                let parts = s.game().parts(v.alive);
                s.value_of_sum(&parts, limits)
            })?,
        };
        Ok(Some(Nimber::from(u64::from(v))))
    }

    fn value_is(&self, p: &KaylesPos, x: &Nimber, limits: &Limits) -> Result<Option<bool>, Error> {
        let Some(x) = small(x) else {
            return Ok(None);
        };
        Ok(Some(match p {
            KaylesPos::Grid(Grid::Board(b)) => {
                self.grid_solver(limits, |s| s.value_is(b, x, limits))?
            }
            KaylesPos::Grid(Grid::Large(..)) => return Ok(None),
            KaylesPos::Graph(v) => self.graph_solver(&v.graph, limits, |s| {
                let parts = s.game().parts(v.alive);
                s.sum_is(&parts, x, limits)
            })?,
        }))
    }

    fn source(&self, p: &KaylesPos) -> Source {
        match p {
            KaylesPos::Grid(Grid::Large(..)) => Source::Theory,
            _ => Source::Search,
        }
    }

    fn counted_moves_to_value(
        &self,
        p: &KaylesPos,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<KaylesPos>>, Error> {
        match p {
            KaylesPos::Grid(g) => {
                let found = board_moves_to_value(
                    g,
                    target,
                    cap,
                    limits,
                    |b, x| self.grid_solver(limits, |s| s.value_is(b, x, limits)),
                    |b| grid_moves(b).into_iter().map(|(n, _)| n).collect(),
                )?;
                Ok(found.map(|(moves, count)| {
                    let moves = moves
                        .into_iter()
                        .map(|o| o.into_iter().map(KaylesPos::Grid).collect())
                        .collect();
                    (moves, count)
                }))
            }
            KaylesPos::Graph(v) => {
                let Some(x) = small(target) else {
                    return Ok(Some((Vec::new(), Some(0u32.into()))));
                };
                let mut found = Vec::new();
                for (alive, _) in graph_moves(v) {
                    let hit = self.graph_solver(&v.graph, limits, |s| {
                        let parts = s.game().parts(alive);
                        s.sum_is(&parts, x, limits)
                    })?;
                    if hit {
                        found.push(graph_option(v, alive));
                    }
                }
                Ok(Some(first_moves_counted(found, cap, limits)))
            }
        }
    }
}
