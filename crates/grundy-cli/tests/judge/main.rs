//! The judge problems of judge-problems.md, end to end.
//!
//! For every problem Grundy covers: the judge adapter (examples/judge.rs, or the grundy crate's
//! example program for games no ruleset covers) answers the problem's sample input with the
//! sample output; and every expression the adapter builds, given to the real `grundy analyze
//! --json` binary, yields the same answers, so the command line itself answers the problem.
//! The samples in samples/ are copied from ../shared/reference/judge-problems.md.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::hash::Hash;
use std::process::Command;

use serde_json::Value;

#[allow(dead_code)]
#[path = "../../examples/judge.rs"]
mod judge;

#[allow(dead_code)]
#[path = "../../../grundy/examples/cutting_game.rs"]
mod cutting_game;

#[allow(dead_code)]
#[path = "../../../grundy/examples/stone_game.rs"]
mod stone_game;

#[allow(dead_code)]
#[path = "../../../grundy/examples/coin_game.rs"]
mod coin_game;

use grundy::{Outcome, Play};
use judge::{Answer, Query};

/// Asks the real binary: `grundy analyze --json [--misere] EXPR`.
fn cli(q: &Query) -> Result<Answer, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(["analyze", "--json", "--max-moves", "100000"]);
    if q.play == Play::Misere {
        cmd.arg("--misere");
    }
    let out = cmd.arg(&q.expr).output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "grundy analyze {} failed: {}",
            q.expr,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let v: Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    let outcome = match v["outcome"].as_str() {
        Some("P") => Outcome::P,
        Some("N") => Outcome::N,
        other => return Err(format!("unexpected outcome {other:?}")),
    };
    let moves_to = match (q.moves, v["winning_moves"].as_array()) {
        (true, Some(ms)) => ms
            .iter()
            .filter_map(|m| m["to"].as_str().map(str::to_string))
            .collect(),
        _ => vec![],
    };
    let moves_total = if q.moves {
        v["winning_moves_total"]
            .as_u64()
            .map_or(moves_to.len(), |t| t as usize)
    } else {
        0
    };
    Ok(Answer {
        outcome,
        moves_to,
        moves_total,
    })
}

fn problem(name: &str) -> &'static judge::Problem {
    judge::problem(name).unwrap_or_else(|| panic!("no judge problem {name}"))
}

/// The adapter (library) answers the sample; the CLI answers every query alike.
fn check(name: &str, input: &str, output: &str) {
    let p = problem(name);
    assert_eq!(
        judge::answer(p, input).unwrap(),
        output,
        "{name} via the library"
    );
    let cases = (p.read)(input).unwrap();
    assert!(!cases.is_empty(), "{name}: the sample has cases");
    for case in &cases {
        for q in &case.queries {
            assert_eq!(
                cli(q).unwrap(),
                judge::library(q).unwrap(),
                "{name}: grundy analyze --json {:?} {}",
                q.play,
                q.expr
            );
        }
    }
    assert_eq!(
        judge::answer_with(p, input, &mut cli).unwrap(),
        output,
        "{name} via grundy analyze --json"
    );
}

macro_rules! sample {
    ($test:ident, $problem:literal, $file:literal) => {
        #[test]
        fn $test() {
            check(
                $problem,
                include_str!(concat!("samples/", $file, ".in")),
                include_str!(concat!("samples/", $file, ".out")),
            );
        }
    };
}

sample!(hdu_1846_brave_game, "hdu1846", "hdu1846");
sample!(hdu_2149_public_sale, "hdu2149", "hdu2149");
sample!(hdu_2188_volunteers, "hdu2188", "hdu2188");
sample!(hdu_1847_good_luck_in_cet4, "hdu1847", "hdu1847");
sample!(hdu_1907_john, "hdu1907", "hdu1907");
sample!(hdu_1850_good_boy, "hdu1850", "hdu1850");
sample!(poj_2975_nim, "poj2975", "poj2975");
sample!(hdu_2176_m_piles, "hdu2176", "hdu2176");
sample!(hdu_1849_rabbit_and_grass, "hdu1849", "hdu1849");
sample!(hdu_1848_fibonacci_again, "hdu1848", "hdu1848");
sample!(hdu_1536_s_nim, "hdu1536", "hdu1536");
sample!(hdu_3032_nim_or_not_nim, "hdu3032", "hdu3032");
sample!(hdu_1524_chess_game, "hdu1524", "hdu1524");
sample!(hdu_5795_simple_nim, "hdu5795", "hdu5795");
sample!(hdu_2509_be_the_winner, "hdu2509", "hdu2509");
sample!(hdu_3537_daizhenyang_coin, "hdu3537", "hdu3537");
sample!(poj_3537_crosses_first_sample, "poj3537", "poj3537_1");
sample!(poj_3537_crosses_second_sample, "poj3537", "poj3537_2");
sample!(hdu_1517_multiplication_game, "hdu1517", "hdu1517");
sample!(hdu_2897_take_p_to_q_misere, "hdu2897", "hdu2897");
sample!(hdu_1730_northcott, "hdu1730", "hdu1730");
sample!(hdu_4315_climbing_the_hill, "hdu4315", "hdu4315");
sample!(hdu_2516_fibonacci_nim, "hdu2516", "hdu2516");
sample!(hdu_1527_wythoff, "hdu1527", "hdu1527");
sample!(agc017d_game_on_tree_1, "agc017d", "agc017d_1");
sample!(agc017d_game_on_tree_2, "agc017d", "agc017d_2");
sample!(agc017d_game_on_tree_3, "agc017d", "agc017d_3");
sample!(agc017d_game_on_tree_4, "agc017d", "agc017d_4");
sample!(poj_1704_georgia_and_bob, "poj1704", "poj1704");
// The samples of the problems below come from their statements as found in solution reports
// (HDU 4664, HDU 3094, POJ 2484) and from examples/rules/paint.rhai (HDU 3980); HDU 5011's
// statement was not found, so its sample is rebuilt from the rules (the tests below check
// the reduction against the game itself).
sample!(hdu_4664_triangulation, "hdu4664", "hdu4664");
sample!(hdu_3980_paint_chain, "hdu3980", "hdu3980");
sample!(poj_2484_a_funny_game, "poj2484", "poj2484");
sample!(hdu_3094_a_tree_game, "hdu3094", "hdu3094");
sample!(hdu_5011_game, "hdu5011", "hdu5011");

// ---------------------------------------------------------------- the example programs

#[test]
fn poj_2311_cutting_game() {
    assert_eq!(
        cutting_game::answer(include_str!("samples/poj2311.in")),
        include_str!("samples/poj2311.out")
    );
}

#[test]
fn hdu_1729_stone_game() {
    assert_eq!(
        stone_game::answer(include_str!("samples/hdu1729.in")),
        include_str!("samples/hdu1729.out")
    );
}

#[test]
fn hdu_3951_coin_game() {
    assert_eq!(
        coin_game::answer(include_str!("samples/hdu3951.in")),
        include_str!("samples/hdu3951.out")
    );
}

// ---------------------------------------------------------------- the reductions, checked

/// Whether the first bidder wins HDU 2149's auction from price `p` (the rules, directly).
fn auction_wins(p: u64, m: u64, n: u64, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(w) = memo[p as usize] {
        return w;
    }
    let w = (1..=n).any(|k| p + k >= m || !auction_wins(p + k, m, n, memo));
    memo[p as usize] = Some(w);
    w
}

#[test]
fn hdu_2149_raises_equal_the_auction_played_directly() {
    // The mapping to sub[1..N](M) (a finishing move standing for every larger raise) against
    // the auction itself, and against the judge's key.
    for m in 1..25u64 {
        for n in 1..25u64 {
            let mut memo = vec![None; m as usize + 1];
            let want: Vec<String> = (1..=n)
                .filter(|&k| k >= m || !auction_wins(k, m, n, &mut memo))
                .map(|k| k.to_string())
                .collect();
            let want = if want.is_empty() {
                "none\n".to_string()
            } else {
                format!("{}\n", want.join(" "))
            };
            let got = judge::answer(problem("hdu2149"), &format!("{m} {n}\n")).unwrap();
            assert_eq!(got, want, "M={m} N={n}");
            let key = if n >= m {
                (m..=n).map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
            } else if m % (n + 1) == 0 {
                "none".to_string()
            } else {
                (m % (n + 1)).to_string()
            };
            assert_eq!(got, format!("{key}\n"), "key, M={m} N={n}");
        }
    }
}

#[test]
fn hdu_2509_misere_nim_has_the_outcomes_of_the_real_game() {
    // Taking consecutive apples is tb[0.[7]]; its misere outcomes equal misere Nim's on every
    // position of up to three groups of up to six apples.
    let opts = grundy::analysis::Options {
        play: Play::Misere,
        ..Default::default()
    };
    let outcome = |text: &str| {
        grundy::analysis::analyze(&grundy::expr::parse(text).unwrap(), &opts)
            .unwrap()
            .outcome
    };
    for a in 1..=6 {
        for b in 0..=a {
            for c in 0..=b {
                let h = format!("{a},{b},{c}");
                assert_eq!(
                    outcome(&format!("tb[0.[7]]({h})")),
                    outcome(&format!("nim({h})")),
                    "{h}"
                );
            }
        }
    }
}

/// Whether the player to move wins Crosses and Crosses on a strip of n cells with crosses
/// `mask` (the rules directly: three crosses in a row win).
fn crosses_wins(n: u32, mask: u32, memo: &mut std::collections::HashMap<u32, bool>) -> bool {
    if let Some(&w) = memo.get(&mask) {
        return w;
    }
    let three = |m: u32| (0..n.saturating_sub(2)).any(|i| (m >> i) & 7 == 7);
    let free: Vec<u32> = (0..n).filter(|c| mask & (1 << c) == 0).collect();
    let w = free.iter().any(|&c| three(mask | 1 << c))
        || free.iter().any(|&c| !crosses_wins(n, mask | 1 << c, memo));
    memo.insert(mask, w);
    w
}

#[test]
fn poj_3537_code_agrees_with_the_strip_and_the_judge_key() {
    let ask = |n: u64| judge::answer(problem("poj3537"), &format!("{n}\n")).unwrap();
    // The strip itself, by brute force over every placement of crosses.
    for n in 3..=13u32 {
        let mut memo = std::collections::HashMap::new();
        let want = if crosses_wins(n, 0, &mut memo) {
            "1\n"
        } else {
            "2\n"
        };
        assert_eq!(ask(u64::from(n)), want, "n={n}");
    }
    // The judge's key: g(n) = mex over i of g(i-3) ^ g(n-i-2), g(<=0) = 0.
    let mut g = vec![0u64; 301];
    for n in 1..=300usize {
        let at = |k: i64| if k <= 0 { 0 } else { g[k as usize] };
        let opts: Vec<u64> = (1..=n as i64)
            .map(|i| at(i - 3) ^ at(n as i64 - i - 2))
            .collect();
        g[n] = (0..).find(|v| !opts.contains(v)).unwrap();
    }
    let r = grundy::expr::parse_ruleset("tb[0.11337]").unwrap();
    let table = r
        .rules()
        .heap_table(300, &Default::default())
        .unwrap()
        .unwrap();
    let got: Vec<u64> = table.values.iter().map(u64::from).collect();
    assert_eq!(got, g);
}

#[test]
fn hdu_3537_repeated_coins_are_one_coin() {
    let p = problem("hdu3537");
    assert_eq!(
        judge::answer(p, "3\n5 1 5\n").unwrap(),
        judge::answer(p, "2\n1 5\n").unwrap()
    );
}

#[test]
fn bad_judge_input_is_an_error_not_a_panic() {
    let err = judge::answer(problem("hdu1846"), "2\n23 x\n").unwrap_err();
    assert!(err.contains("'x'"), "{err}");
    let err = judge::answer(problem("hdu1907"), "1\n3\n1 2\n").unwrap_err();
    assert!(err.contains("ended"), "{err}");
    let err = judge::answer(problem("hdu1524"), "2\n1 5\n0\n1 0\n0\n").unwrap_err();
    assert!(err.contains("does not exist"), "{err}");
}

// ---------------------------------------------------------------- games played by their rules

/// Whether the player to move wins, by plain search over `moves` (normal play).
fn first_wins<S: Clone + Eq + Hash>(
    s: &S,
    moves: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&w) = memo.get(s) {
        return w;
    }
    let w = moves(s).iter().any(|t| !first_wins(t, moves, memo));
    memo.insert(s.clone(), w);
    w
}

/// The nim-value of `s`, by plain search over `moves`.
fn value<S: Clone + Eq + Hash>(
    s: &S,
    moves: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, u64>,
) -> u64 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let opts: Vec<u64> = moves(s).iter().map(|t| value(t, moves, memo)).collect();
    let v = (0..).find(|v| !opts.contains(v)).unwrap();
    memo.insert(s.clone(), v);
    v
}

/// A small deterministic generator (a linear congruential one is enough for test shapes).
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

#[test]
fn hdu_4664_segments_between_points_are_dawsons_kayles() {
    // n points in convex position; a move draws a segment between two points, and segments
    // may neither touch nor cross. A state is the set of segments drawn.
    for n in 0..=11u32 {
        let moves = |drawn: &Vec<(u32, u32)>| {
            let used = |p: u32| drawn.iter().any(|&(a, b)| a == p || b == p);
            let crosses = |a: u32, b: u32| {
                drawn
                    .iter()
                    .any(|&(c, d)| (a < c && c < b && b < d) || (c < a && a < d && d < b))
            };
            let mut out = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if !used(a) && !used(b) && !crosses(a, b) {
                        let mut next = drawn.clone();
                        next.push((a, b));
                        next.sort_unstable();
                        out.push(next);
                    }
                }
            }
            out
        };
        let got = value(&Vec::new(), &moves, &mut HashMap::new());
        let want = grundy::analysis::nimber(
            &grundy::expr::parse(&format!("tb[0.07]({n})")).unwrap(),
            &Default::default(),
        )
        .unwrap();
        assert_eq!(grundy::Nimber::new(got), want, "{n} points");
    }
}

/// A circle of `n` beads (a bit mask of the painted ones): a move paints `k` consecutive
/// unpainted beads for some `k` in `takes`.
fn circle_moves(n: u32, takes: &'static [u32]) -> impl Fn(&u32) -> Vec<u32> {
    move |&painted: &u32| {
        let mut out = Vec::new();
        for &k in takes.iter().filter(|&&k| k <= n) {
            for start in 0..n {
                let run = (0..k).fold(0u32, |m, i| m | 1 << ((start + i) % n));
                if painted & run == 0 {
                    out.push(painted | run);
                }
            }
        }
        out
    }
}

#[test]
fn hdu_3980_and_poj_2484_open_the_circle_into_a_line() {
    // Paint Chain: every circle of up to 12 beads with every m, against the circle itself.
    static TAKES: [u32; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    for n in 1..=12u32 {
        for m in 1..=13u32 {
            let takes: &'static [u32] = if m <= 12 {
                &TAKES[m as usize..=m as usize]
            } else {
                &[]
            };
            let first = first_wins(&0, &circle_moves(n, takes), &mut HashMap::new());
            let who = if first { "aekdycoin" } else { "abcdxyzk" };
            let got = judge::answer(problem("hdu3980"), &format!("1\n{n} {m}\n")).unwrap();
            assert_eq!(got, format!("Case #1: {who}\n"), "n={n} m={m}");
        }
    }
    // A Funny Game: take one coin or two adjacent coins of the circle.
    for n in 1..=16u32 {
        let first = first_wins(&0, &circle_moves(n, &[1, 2]), &mut HashMap::new());
        let got = judge::answer(problem("poj2484"), &format!("{n}\n0\n")).unwrap();
        assert_eq!(got, if first { "Alice\n" } else { "Bob\n" }, "n={n}");
    }
}

#[test]
fn hdu_3094_the_tree_game_is_hackenbush_on_its_edges() {
    // Random trees of up to 9 vertices, given in a random order with random edge directions;
    // a move removes an edge and every edge no longer joined to vertex 1.
    let mut seed = 23;
    for case in 0..300 {
        let n = 1 + next(&mut seed) % 9;
        let mut edges: Vec<(u64, u64)> = (2..=n)
            .map(|v| (1 + next(&mut seed) % (v - 1), v))
            .collect();
        // Relabel every vertex but the root, so that parents need not come first.
        let mut label: Vec<u64> = (2..=n).collect();
        for i in (1..label.len()).rev() {
            label.swap(i, next(&mut seed) as usize % (i + 1));
        }
        let relabel = |v: u64| if v == 1 { 1 } else { label[(v - 2) as usize] };
        for e in edges.iter_mut() {
            *e = if next(&mut seed).is_multiple_of(2) {
                (relabel(e.0), relabel(e.1))
            } else {
                (relabel(e.1), relabel(e.0))
            };
        }
        let moves = |left: &Vec<(u64, u64)>| {
            (0..left.len())
                .map(|cut| {
                    let mut keep: Vec<(u64, u64)> = Vec::new();
                    let mut reached = vec![1u64];
                    let mut rest: Vec<(u64, u64)> = left
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != cut)
                        .map(|(_, &e)| e)
                        .collect();
                    while let Some(i) = rest
                        .iter()
                        .position(|&(a, b)| reached.contains(&a) || reached.contains(&b))
                    {
                        let (a, b) = rest.remove(i);
                        reached.extend([a, b]);
                        keep.push((a, b));
                    }
                    keep.sort_unstable();
                    keep
                })
                .collect()
        };
        let mut start = edges.clone();
        start.sort_unstable();
        let first = first_wins(&start, &moves, &mut HashMap::new());
        let lines: Vec<String> = edges.iter().map(|(a, b)| format!("{a} {b}")).collect();
        let input = format!("1\n{n}\n{}\n", lines.join("\n"));
        let got = judge::answer(problem("hdu3094"), &input).unwrap();
        assert_eq!(
            got,
            if first { "Alice\n" } else { "Bob\n" },
            "case {case}: {input}"
        );
    }
}

#[test]
fn hdu_5011_take_then_split_is_nim() {
    // The game itself on up to three piles of up to five beads: take at least one bead from a
    // pile, then leave the rest as it is or split it into two nonempty piles.
    let moves = |piles: &Vec<u64>| {
        let mut out = Vec::new();
        for (i, &p) in piles.iter().enumerate() {
            let others: Vec<u64> = [&piles[..i], &piles[i + 1..]].concat();
            for rest in 0..p {
                let mut shapes = vec![vec![rest]];
                shapes.extend((1..rest).map(|a| vec![a, rest - a]));
                for shape in shapes {
                    let mut next: Vec<u64> = others
                        .iter()
                        .chain(&shape)
                        .copied()
                        .filter(|&x| x > 0)
                        .collect();
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    };
    let mut memo = HashMap::new();
    for a in 1..=5u64 {
        for b in 0..=a {
            for c in 0..=b {
                let piles: Vec<u64> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                let first = first_wins(&piles, &moves, &mut memo);
                let words: Vec<String> = piles.iter().map(u64::to_string).collect();
                let input = format!("{}\n{}\n", piles.len(), words.join(" "));
                let got = judge::answer(problem("hdu5011"), &input).unwrap();
                assert_eq!(got, if first { "Win\n" } else { "Lose\n" }, "{input}");
            }
        }
    }
    // And the code of the game, tb[0.[7]], has Nim's values: G(n) = n.
    let r = grundy::expr::parse_ruleset("tb[0.[7]]").unwrap();
    let t = r
        .rules()
        .heap_table(500, &Default::default())
        .unwrap()
        .unwrap();
    let got: Vec<u64> = t.values.iter().map(u64::from).collect();
    assert_eq!(got, (0..=500).collect::<Vec<u64>>());
}
