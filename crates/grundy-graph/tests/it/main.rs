//! Integration tests: the loopy engine against brute force, Northcott's game, and files.

// Tests unwrap results of inputs they built themselves; a panic is the failure report.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use grundy_graph::{
    counter_reply, drawing_moves, misere_outcomes, position_value, solve, sum_value, winning_moves,
    Format, Graph, GraphError, GraphValues, LoopyValue, Outcome,
};
use proptest::prelude::*;

/// A position of the sum: the vertex of each token.
type State = Vec<u32>;

/// Every state of `k` tokens on `n` vertices, in base-n order.
fn all_states(n: u32, k: usize) -> Vec<State> {
    let mut out = vec![vec![]];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|s| {
                (0..n).map(move |v| {
                    let mut t = s.clone();
                    t.push(v);
                    t
                })
            })
            .collect();
    }
    out
}

fn code(n: u32, s: &[u32]) -> usize {
    s.iter()
        .fold(0usize, |acc, &v| acc * n as usize + v as usize)
}

/// The moves of a sum: (token, target, resulting state).
fn moves(g: &Graph, s: &[u32]) -> Vec<(usize, u32, State)> {
    let mut out = Vec::new();
    for (i, &t) in s.iter().enumerate() {
        for &w in g.successors(t) {
            let mut next = s.to_vec();
            next[i] = w;
            out.push((i, w, next));
        }
    }
    out
}

/// Plain win/loss/draw retrograde analysis of the whole sum graph, by fixpoint: a state is P
/// when every move goes to N (so terminal states are P), N when some move goes to P, and
/// whatever is left when nothing changes any more is a draw.
fn brute_outcomes(g: &Graph, k: usize) -> Vec<Outcome> {
    let n = g.vertex_count() as u32;
    let states = all_states(n, k);
    let succ: Vec<Vec<usize>> = states
        .iter()
        .map(|s| moves(g, s).iter().map(|(_, _, t)| code(n, t)).collect())
        .collect();
    let mut out: Vec<Option<Outcome>> = vec![None; states.len()];
    loop {
        let mut changed = false;
        for i in 0..states.len() {
            if out[i].is_some() {
                continue;
            }
            if succ[i].iter().any(|&j| out[j] == Some(Outcome::P)) {
                out[i] = Some(Outcome::N);
                changed = true;
            } else if succ[i].iter().all(|&j| out[j] == Some(Outcome::N)) {
                out[i] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

/// Checks that the labels satisfy the definition of Smith's γ with its counter.
fn check_definition(g: &Graph, vals: &GraphValues) {
    for u in 0..g.vertex_count() as u32 {
        let finite: BTreeSet<u64> = g
            .successors(u)
            .iter()
            .filter_map(|&w| vals.finite(w))
            .collect();
        let mex = (0..).find(|x| !finite.contains(x)).unwrap_or(0);
        match vals.finite(u) {
            Some(m) => {
                assert_eq!(
                    m, mex,
                    "vertex {u}: a finite value is the mex of the followers"
                );
                for &v in g.successors(u) {
                    if vals.finite(v).map_or(true, |x| x > m) {
                        assert!(
                            g.successors(v)
                                .iter()
                                .any(|&w| vals.finite(w) == Some(m) && vals.counter(w) < vals.counter(u)),
                            "vertex {u} (value {m}): follower {v} has no reversal with a smaller counter"
                        );
                    }
                }
            }
            None => {
                // ∞ is right only if giving u the value mex would break the definition: some
                // infinite follower cannot be reversed to mex.
                assert!(
                    g.successors(u).iter().any(|&v| vals.is_infinite(v)
                        && !g.successors(v).iter().any(|&w| vals.finite(w) == Some(mex))),
                    "vertex {u} is ∞ but nothing forbids the value {mex}"
                );
                assert_eq!(
                    vals.value(g, u),
                    LoopyValue::Infinite(finite.into_iter().collect())
                );
            }
        }
    }
}

/// The sum of two copies of `g` as one graph: vertex (a, b) is a * n + b.
fn product(g: &Graph) -> Graph {
    let n = g.vertex_count() as u32;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in 0..n {
            for &x in g.successors(a) {
                edges.push((a * n + b, x * n + b));
            }
            for &y in g.successors(b) {
                edges.push((a * n + b, a * n + y));
            }
        }
    }
    Graph::from_edges(n * n, &edges).unwrap()
}

/// Plays the counter strategy from every P-state against every opponent move and checks it
/// always answers back into P and that the answers cannot cycle: the graph of P-states under
/// "opponent move, then reply" must be acyclic, so the winner's play ends in finite time.
fn check_counter_strategy(g: &Graph, vals: &GraphValues, k: usize, brute: &[Outcome]) {
    let n = g.vertex_count() as u32;
    let states = all_states(n, k);
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
    for s in &states {
        let c = code(n, s);
        if brute[c] != Outcome::P {
            continue;
        }
        for (_, _, after) in moves(g, s) {
            let reply = counter_reply(g, vals, s, &after).unwrap();
            let Some((i, w)) = reply else {
                panic!("no reply from {s:?} after the opponent moved to {after:?}");
            };
            assert!(
                g.successors(after[i]).contains(&w),
                "the reply must be a legal move"
            );
            let mut back = after.clone();
            back[i] = w;
            assert_eq!(
                brute[code(n, &back)],
                Outcome::P,
                "reply from {after:?} to {back:?}"
            );
            next[c].push(code(n, &back));
        }
    }
    // Kahn's algorithm on the reply graph: everything must be removable.
    let mut indeg = vec![0usize; states.len()];
    for list in &next {
        for &j in list {
            indeg[j] += 1;
        }
    }
    let mut stack: Vec<usize> = (0..states.len()).filter(|&i| indeg[i] == 0).collect();
    let mut removed = 0;
    while let Some(i) = stack.pop() {
        removed += 1;
        for &j in &next[i] {
            indeg[j] -= 1;
            if indeg[j] == 0 {
                stack.push(j);
            }
        }
    }
    assert_eq!(removed, states.len(), "the counter strategy can cycle");
}

/// Runs every check on one graph with sums of 1 to `max_tokens` tokens.
fn check_graph(g: &Graph, max_tokens: usize) {
    let vals = solve(g);
    check_definition(g, &vals);
    let n = g.vertex_count() as u32;
    for k in 1..=max_tokens {
        let brute = brute_outcomes(g, k);
        for s in all_states(n, k) {
            let c = code(n, &s);
            let value = position_value(g, &vals, &s).unwrap();
            assert_eq!(
                value.outcome(),
                brute[c],
                "outcome of {s:?} (value {value})"
            );
            let expect_win: BTreeSet<(usize, u32)> = moves(g, &s)
                .into_iter()
                .filter(|(_, _, t)| brute[code(n, t)] == Outcome::P)
                .map(|(i, w, _)| (i, w))
                .collect();
            let got_win: BTreeSet<(usize, u32)> =
                winning_moves(g, &vals, &s).unwrap().into_iter().collect();
            assert_eq!(got_win, expect_win, "winning moves of {s:?}");
            let expect_draw: BTreeSet<(usize, u32)> = moves(g, &s)
                .into_iter()
                .filter(|(_, _, t)| brute[code(n, t)] == Outcome::D)
                .map(|(i, w, _)| (i, w))
                .collect();
            let got_draw: BTreeSet<(usize, u32)> =
                drawing_moves(g, &vals, &s).unwrap().into_iter().collect();
            assert_eq!(got_draw, expect_draw, "drawing moves of {s:?}");
            if brute[c] == Outcome::D {
                assert!(!got_draw.is_empty(), "a draw always has a move keeping it");
            }
        }
        check_counter_strategy(g, &vals, k, &brute);
    }
    // Smith's sum rule, K included: the solved sum graph equals sum_value of the parts.
    let p = product(g);
    let pv = solve(&p);
    for a in 0..n {
        for b in 0..n {
            let expect = sum_value(&[vals.value(g, a), vals.value(g, b)]);
            assert_eq!(pv.value(&p, a * n + b), expect, "value of {a} + {b}");
        }
    }
}

fn graph_strategy() -> impl Strategy<Value = Graph> {
    (1u32..=6).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n), 0..=14)
            .prop_map(move |edges| Graph::from_edges(n, &edges).unwrap())
    })
}

/// Misere outcomes of one token by plain fixpoint: a vertex without moves is N (its mover
/// cannot move and so wins), N when some move goes to P, P when it has moves and all go to N.
fn brute_misere(g: &Graph) -> Vec<Outcome> {
    let n = g.vertex_count();
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if out[v].is_some() {
                continue;
            }
            let succ = g.successors(v as u32);
            if succ.is_empty() || succ.iter().any(|&w| out[w as usize] == Some(Outcome::P)) {
                out[v] = Some(Outcome::N);
                changed = true;
            } else if succ.iter().all(|&w| out[w as usize] == Some(Outcome::N)) {
                out[v] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn misere_outcomes_match_brute_force(g in graph_strategy()) {
        prop_assert_eq!(misere_outcomes(&g), brute_misere(&g));
    }

    #[test]
    fn loopy_engine_matches_brute_force(g in graph_strategy()) {
        // Three tokens on six vertices is 216 states; enough to exercise every sum rule.
        check_graph(&g, 3);
    }

    #[test]
    fn value_display_parses_back(finite in any::<bool>(), x in 0u64..1000, k in proptest::collection::btree_set(0u64..20, 0..4)) {
        let v = if finite { LoopyValue::finite(x) } else { LoopyValue::Infinite(k.into_iter().collect()) };
        prop_assert_eq!(v.to_string().parse::<LoopyValue>().ok(), Some(v));
    }

    #[test]
    fn edge_list_prints_and_parses_back(g in graph_strategy()) {
        let mut text = String::new();
        for v in 0..g.vertex_count() as u32 {
            text.push_str(&format!("{}\n", g.name(v)));
        }
        for (a, b) in g.edges() {
            text.push_str(&format!("{} {}\n", g.name(a), g.name(b)));
        }
        let h = Graph::parse(&text, Format::EdgeList).unwrap();
        prop_assert_eq!(h.edges().collect::<Vec<_>>(), g.edges().collect::<Vec<_>>());
        // The same graph in DOT, with names that need quoting and escaping.
        let mut dot = String::from("digraph \"g\" {\n");
        let quote = |v: u32| format!("\"v {}\\\"\"", g.name(v));
        for v in 0..g.vertex_count() as u32 {
            dot.push_str(&format!("  {} [label=x];\n", quote(v)));
        }
        for (a, b) in g.edges() {
            dot.push_str(&format!("  {} -> {}\n", quote(a), quote(b)));
        }
        dot.push('}');
        prop_assert_eq!(Format::detect(&dot), Format::Dot);
        let d = Graph::parse(&dot, Format::Dot).unwrap();
        prop_assert_eq!(d.edges().collect::<Vec<_>>(), g.edges().collect::<Vec<_>>());
        prop_assert_eq!(d.name(0), format!("v {}\"", g.name(0)));
    }
}

#[test]
fn handmade_graphs() {
    // A self-loop alone, a 3-cycle with an exit, and a DAG hanging below.
    let g = Graph::from_edges(
        7,
        &[
            (0, 0),
            (1, 2),
            (2, 3),
            (3, 1),
            (3, 4),
            (4, 5),
            (5, 6),
            (4, 6),
            (0, 4),
        ],
    )
    .unwrap();
    check_graph(&g, 3);
}

/// A Northcott board: (Tom's column, Jerry's column) for each row.
type Board = Vec<(u32, u32)>;

/// Northcott's game (HDU 1730) as a loopy game graph.
///
/// What is modelled, exactly: `rows` rows of width `w` (columns 0..w); each row holds Tom's
/// piece at column `t` and Jerry's at `j != t`. A vertex of the graph is the whole board plus
/// whose turn it is (`Tom` or `Jerry`), so the partizan game becomes an impartial game on a
/// graph: the mover at a vertex is implied by the vertex. A move takes one of the mover's own
/// pieces, in one row, to any other empty column on its side of the opponent's piece (no
/// jumping), and passes the turn. Moving away from the opponent is allowed, so the graph has
/// cycles. The closed form (HDU 1730): the player to move wins iff the XOR of the gaps
/// `|t - j| - 1` is non-zero; in particular there are no draws, because a retreat is answered
/// by following it, and retreats are bounded by the edge of the board.
fn northcott_board(w: u32, rows: usize) -> (Graph, Vec<(Board, bool)>) {
    let mut row_cells = Vec::new();
    for t in 0..w {
        for j in (0..w).filter(|&j| j != t) {
            row_cells.push((t, j));
        }
    }
    let per_row = row_cells.len();
    let mut boards: Vec<Vec<(u32, u32)>> = vec![vec![]];
    for _ in 0..rows {
        boards = boards
            .into_iter()
            .flat_map(|b| {
                row_cells.iter().map(move |&c| {
                    let mut b2 = b.clone();
                    b2.push(c);
                    b2
                })
            })
            .collect();
    }
    let cell_index = |c: (u32, u32)| row_cells.iter().position(|&x| x == c).unwrap_or(0);
    let id = |b: &[(u32, u32)], tom: bool| -> u32 {
        let k = b
            .iter()
            .fold(0usize, |acc, &c| acc * per_row + cell_index(c));
        (2 * k + usize::from(!tom)) as u32
    };
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for b in &boards {
        for tom in [true, false] {
            vertices.push((b.clone(), tom));
            let from = id(b, tom);
            for r in 0..rows {
                let (t, j) = b[r];
                let (mine, theirs) = if tom { (t, j) } else { (j, t) };
                let range: Vec<u32> = if mine < theirs {
                    (0..theirs).collect()
                } else {
                    (theirs + 1..w).collect()
                };
                for to in range.into_iter().filter(|&x| x != mine) {
                    let mut b2 = b.clone();
                    b2[r] = if tom { (to, j) } else { (t, to) };
                    edges.push((from, id(&b2, !tom)));
                }
            }
        }
    }
    (
        Graph::from_edges(vertices.len() as u32, &edges).unwrap(),
        vertices,
    )
}

fn gap_xor(b: &[(u32, u32)]) -> u32 {
    b.iter()
        .map(|&(t, j)| t.abs_diff(j) - 1)
        .fold(0, |a, x| a ^ x)
}

#[test]
fn northcott_matches_the_closed_form() {
    for (w, rows) in [(2, 1), (3, 1), (6, 1), (9, 1), (3, 2), (5, 2), (4, 3)] {
        let (g, vertices) = northcott_board(w, rows);
        let vals = solve(&g);
        if w > 3 {
            assert!(!vals.is_acyclic(), "retreats make cycles");
        }
        for (v, (b, tom)) in vertices.iter().enumerate() {
            let expect = if gap_xor(b) == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(
                vals.outcome(&g, v as u32),
                expect,
                "width {w}, board {b:?}, Tom to move: {tom}"
            );
        }
    }
}

#[test]
fn northcott_small_board_against_brute_force() {
    // The same graph through retrograde analysis, with sums of tokens (two independent
    // boards played side by side) for good measure.
    let (g, _) = northcott_board(4, 1);
    check_graph(&g, 2);
}

#[test]
fn northcott_hdu_1730_samples() {
    // HDU 1730 sample: width 6, rows (T, J) = (4,5), (1,2), (1,2) -> BAD LUCK! (Tom loses);
    // (4,5), (1,3), (1,2) -> I WIN!. Columns are 1-based in the problem.
    let (g, vertices) = northcott_board(6, 3);
    let vals = solve(&g);
    let find =
        |b: &[(u32, u32)]| vertices.iter().position(|(x, tom)| *tom && x == b).unwrap() as u32;
    let first = find(&[(3, 4), (0, 1), (0, 1)]);
    let second = find(&[(3, 4), (0, 2), (0, 1)]);
    assert_eq!(vals.outcome(&g, first), Outcome::P);
    assert_eq!(vals.outcome(&g, second), Outcome::N);
    // Two winning moves: close the gap of the middle row (Tom from column 0 to 1), or open a
    // gap of 1 in the first row by retreating (Tom from column 3 to 2).
    let wins: Vec<_> = winning_moves(&g, &vals, &[second])
        .unwrap()
        .into_iter()
        .map(|(_, w)| vertices[w as usize].0.clone())
        .collect();
    assert_eq!(wins.len(), 2);
    assert!(wins.contains(&vec![(3, 4), (1, 2), (0, 1)]));
    assert!(wins.contains(&vec![(2, 4), (0, 2), (0, 1)]));
}

/// The naive impartial abstraction, where both players may move both pieces of a row, is not
/// Northcott's game: with room to spare nobody is ever forced to stop, so it is a draw. This
/// pins that down (and exercises the engine on a graph without terminal vertices).
#[test]
fn northcott_with_shared_pieces_is_a_draw() {
    for w in 3..=6u32 {
        let mut cells = Vec::new();
        for l in 0..w {
            for r in l + 1..w {
                cells.push((l, r));
            }
        }
        let id = |l: u32, r: u32| cells.iter().position(|&c| c == (l, r)).unwrap_or(0) as u32;
        let mut edges = Vec::new();
        for &(l, r) in &cells {
            edges.extend((0..r).filter(|&x| x != l).map(|l2| (id(l, r), id(l2, r))));
            edges.extend(
                (l + 1..w)
                    .filter(|&x| x != r)
                    .map(|r2| (id(l, r), id(l, r2))),
            );
        }
        let g = Graph::from_edges(cells.len() as u32, &edges).unwrap();
        let vals = solve(&g);
        for v in 0..cells.len() as u32 {
            assert_eq!(
                vals.value(&g, v),
                LoopyValue::Infinite(vec![]),
                "width {w}, cell {:?}",
                cells[v as usize]
            );
        }
        if w == 4 {
            check_graph(&g, 2);
        }
    }
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-graph-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn reading_files() {
    let missing = Graph::read("/nonexistent/dir/g.txt").unwrap_err();
    assert!(matches!(missing, GraphError::Io { .. }));
    assert!(missing.to_string().contains("/nonexistent/dir/g.txt"));

    let empty = temp_file("empty.txt", b"");
    assert!(matches!(Graph::read(&empty), Err(GraphError::Empty)));
    assert!(Graph::read(&empty)
        .unwrap_err()
        .to_string()
        .contains("empty"));

    let bad = temp_file("bad.txt", b"a b\nb c\nc d e\n");
    let err = Graph::read(&bad).unwrap_err();
    assert_eq!(err.to_string(), "line 3: expected an edge `u v` (two vertex names) or one vertex name, found 3 names (names cannot contain spaces): `c d e`");

    let latin1 = temp_file("latin1.txt", b"a b\n\xe9 c\n");
    assert!(matches!(
        Graph::read(&latin1),
        Err(GraphError::Parse { line: 2, .. })
    ));

    // Self-loops are moves and duplicate edges are harmless.
    let loops = temp_file("loops.txt", b"a a\na b\na b\nb a\n");
    let g = Graph::read(&loops).unwrap();
    assert_eq!(g.edge_count(), 3);
    let vals = solve(&g);
    assert_eq!(vals.value(&g, 0), LoopyValue::Infinite(vec![]));

    let dot = temp_file(
        "g.dot",
        b"// header\n/* more */\ndigraph {\n a -> b -> c\n}\n",
    );
    let g = Graph::read(&dot).unwrap();
    assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
    let vals = solve(&g);
    assert!(vals.is_acyclic());
    assert_eq!(vals.value(&g, 0), LoopyValue::finite(0));

    for p in [empty, bad, latin1, loops, dot] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn tokens_out_of_range_are_errors() {
    let g = Graph::from_edges(2, &[(0, 1)]).unwrap();
    let vals = solve(&g);
    assert!(matches!(
        winning_moves(&g, &vals, &[5]),
        Err(GraphError::VertexOutOfRange {
            vertex: 5,
            count: 2
        })
    ));
    assert!(drawing_moves(&g, &vals, &[2]).is_err());
    assert!(position_value(&g, &vals, &[0, 9]).is_err());
    assert!(counter_reply(&g, &vals, &[0], &[7]).is_err());
    let other = Graph::from_edges(3, &[(0, 1)]).unwrap();
    assert!(matches!(
        winning_moves(&other, &vals, &[0]),
        Err(GraphError::ValuesMismatch {
            values: 2,
            vertices: 3
        })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The three acyclic code paths (ids increasing along edges, decreasing, and Kahn's
    /// algorithm on shuffled ids) give the same nim-values, and they are plain mex values.
    #[test]
    fn acyclic_paths_agree(n in 2u32..40, raw in proptest::collection::vec((0u32..40, 0u32..40), 0..120), shift in 1u32..40) {
        let edges: Vec<(u32, u32)> = raw.iter().map(|&(a, b)| (a % n, b % n)).filter(|(a, b)| a != b).map(|(a, b)| (a.min(b), a.max(b))).collect();
        let up = Graph::from_edges(n, &edges).unwrap();
        let down_edges: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (n - 1 - a, n - 1 - b)).collect();
        let down = Graph::from_edges(n, &down_edges).unwrap();
        // A rotation of the ids breaks monotonicity whenever an edge wraps around.
        let rot = |x: u32| (x + shift) % n;
        let mixed = Graph::from_edges(n, &edges.iter().map(|&(a, b)| (rot(a), rot(b))).collect::<Vec<_>>()).unwrap();
        let (vu, vd, vm) = (solve(&up), solve(&down), solve(&mixed));
        prop_assert!(vu.is_acyclic() && vd.is_acyclic() && vm.is_acyclic());
        for v in (0..n).rev() {
            let mex = (0u64..).find(|x| !up.successors(v).iter().any(|&w| vu.finite(w) == Some(*x))).unwrap_or(0);
            prop_assert_eq!(vu.finite(v), Some(mex));
            prop_assert_eq!(vd.finite(n - 1 - v), Some(mex));
            prop_assert_eq!(vm.finite(rot(v)), Some(mex));
        }
        check_definition(&up, &vu);
        check_definition(&mixed, &vm);
    }
}
