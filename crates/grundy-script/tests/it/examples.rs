//! The rule scripts of `examples/rules/`: each judge problem's samples, the theorems that
//! describe its P-positions on many random positions, and Lasker's Nim and the subtraction
//! game against the built-in families.

use grundy::{Outcome, Play, Registry, Value};
use proptest::prelude::*;

use crate::family::{analyze, registry};

/// The example scripts, as `(origin, source)`.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "examples/rules/lasker.rhai",
        include_str!("../../../../examples/rules/lasker.rhai"),
    ),
    (
        "examples/rules/subtraction.rhai",
        include_str!("../../../../examples/rules/subtraction.rhai"),
    ),
    (
        "examples/rules/digits.rhai",
        include_str!("../../../../examples/rules/digits.rhai"),
    ),
    (
        "examples/rules/calendar.rhai",
        include_str!("../../../../examples/rules/calendar.rhai"),
    ),
    (
        "examples/rules/cutting.rhai",
        include_str!("../../../../examples/rules/cutting.rhai"),
    ),
    (
        "examples/rules/paint.rhai",
        include_str!("../../../../examples/rules/paint.rhai"),
    ),
    (
        "examples/rules/chomp.rhai",
        include_str!("../../../../examples/rules/chomp.rhai"),
    ),
    (
        "examples/rules/kiki.rhai",
        include_str!("../../../../examples/rules/kiki.rhai"),
    ),
    (
        "examples/rules/euclid.rhai",
        include_str!("../../../../examples/rules/euclid.rhai"),
    ),
    (
        "examples/rules/bounce.rhai",
        include_str!("../../../../examples/rules/bounce.rhai"),
    ),
];

fn examples() -> Registry {
    registry(EXAMPLES)
}

fn outcome(reg: &Registry, expr: &str) -> Outcome {
    analyze(reg, expr, Play::Normal).outcome
}

#[test]
fn every_example_checks_clean() {
    for (origin, src) in EXAMPLES {
        let r = grundy_script::check_values(src, origin, &Default::default(), 5);
        assert!(r.is_ok(), "{origin}: {:?}", r.problems);
    }
}

/// Every script of `examples/rules/`, in either language, read from the directory (so a new
/// example is checked without being listed): it loads, and `rules check` finds no problem on
/// its first positions, where each closed form (`nimber`, `outcome`) is compared with the
/// search of the script's own moves.
#[test]
fn every_example_file_checks_clean_with_its_closed_forms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/rules is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rhai" || e == "luau"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut closed = 0;
    for path in &files {
        let src = std::fs::read_to_string(path).expect("an example is readable");
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let origin = format!("examples/rules/{}", name.unwrap_or_default());
        let r = grundy_script::check_values(&src, &origin, &Default::default(), 24);
        assert!(r.is_ok(), "{origin}: {:?}", r.problems);
        closed += r.closed_forms_checked.unwrap_or(0);
    }
    // The closed forms of the examples (kiki, dividing, stones, lasker, funny, euclid) were
    // compared with their searches.
    assert!(closed > 0);
}

#[test]
fn digital_deletions_hdu_1404_samples() {
    let reg = examples();
    // Sample input 0, 00, 1, 20; output Yes, Yes, No, No (Yes: the first player wins).
    for (s, first_wins) in [("0", true), ("00", true), ("1", false), ("20", false)] {
        let o = outcome(&reg, &format!("digits(\"{s}\")"));
        assert_eq!(o == Outcome::N, first_wins, "{s}");
    }
    // A string that starts with 0 is always won: erase everything.
    assert_eq!(outcome(&reg, "digits(\"0123\")"), Outcome::N);
}

#[test]
fn calendar_game_hdu_1079_samples_and_parity_rule() {
    let reg = examples();
    for (date, yes) in [
        ((2001, 11, 3), true),
        ((2001, 11, 2), false),
        ((2001, 10, 3), false),
    ] {
        let (y, m, d) = date;
        assert_eq!(
            outcome(&reg, &format!("calendar({y}, {m}, {d})")) == Outcome::N,
            yes
        );
    }
    // The known rule: the first player wins iff month + day is even, or the date is
    // September 30 or November 30.
    for y in [1900, 1950, 1999, 2000] {
        for m in 1..=12 {
            for d in [1, 2, 15, 28, 29, 30, 31] {
                let days = match m {
                    2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
                    2 => 28,
                    4 | 6 | 9 | 11 => 30,
                    _ => 31,
                };
                if d > days {
                    continue;
                }
                let yes = (m + d) % 2 == 0 || (d == 30 && (m == 9 || m == 11));
                let o = outcome(&reg, &format!("calendar({y}, {m}, {d})"));
                assert_eq!(o == Outcome::N, yes, "{y}-{m}-{d}");
            }
        }
    }
}

#[test]
fn cutting_game_poj_2311_samples() {
    let reg = examples();
    for (w, h, win) in [(2, 2, false), (3, 2, false), (4, 2, true)] {
        assert_eq!(
            outcome(&reg, &format!("cutting({w}, {h})")) == Outcome::N,
            win
        );
    }
    // A sheet and its transpose are the same game.
    for (w, h) in [(5, 7), (6, 3), (8, 8)] {
        let a = analyze(&reg, &format!("cutting({w}, {h})"), Play::Normal).nimber;
        let b = analyze(&reg, &format!("cutting({h}, {w})"), Play::Normal).nimber;
        assert_eq!(a, b);
    }
}

/// The example `examples/rules/{file}` (Luau) gives the Rhai example's value and count of
/// winning moves on every expression of `cases` (each of which must have a value); returns
/// how many were compared.
fn luau_equals_rhai(file: &str, src: &str, cases: impl IntoIterator<Item = String>) -> usize {
    let rhai = examples();
    let luau = registry(&[(file, src)]);
    let mut count = 0;
    for e in cases {
        let a = analyze(&luau, &e, Play::Normal);
        let b = analyze(&rhai, &e, Play::Normal);
        assert!(a.nimber.is_some(), "{file}: {e}");
        assert_eq!(a.nimber, b.nimber, "{file}: {e}");
        assert_eq!(a.winning_moves_total, b.winning_moves_total, "{file}: {e}");
        count += 1;
    }
    count
}

/// Every pair `(a, b)` with `1 <= a, b <= n`, as `NAME(a, b)`.
fn pairs(name: &str, n: u64) -> Vec<String> {
    (1..=n)
        .flat_map(|a| (1..=n).map(move |b| (a, b)))
        .map(|(a, b)| format!("{name}({a}, {b})"))
        .collect()
}

/// The Luau examples that write their options with `emit` (or keep positions as numbers)
/// against the Rhai examples of the same games, which return arrays: POJ 2311's sheets up to
/// 11 x 11, kiki's boards up to 14 x 14, Lasker's heaps to 60 and pairs of heaps to 12, Euclid's pairs up to 30 (the closed-form script,
/// whose moves are emitted), and Digital Deletions on every string of up to three digits and
/// on numbers given as such.
#[test]
fn luau_examples_equal_the_rhai_scripts() {
    let n = luau_equals_rhai(
        "examples/rules/cutting.luau",
        include_str!("../../../../examples/rules/cutting.luau"),
        pairs("cutting", 11),
    );
    assert_eq!(n, 121);
    luau_equals_rhai(
        "examples/rules/kiki.luau",
        include_str!("../../../../examples/rules/kiki.luau"),
        pairs("kiki", 14),
    );
    // Lasker's Nim: single heaps to 60 and sums of two heaps (the options emitted as one
    // heap or two).
    let n = luau_equals_rhai(
        "examples/rules/lasker.luau",
        include_str!("../../../../examples/rules/lasker.luau"),
        (0..=60)
            .map(|h| format!("lasker({h})"))
            .chain(pairs("lasker", 12)),
    );
    assert_eq!(n, 61 + 144);
    luau_equals_rhai(
        "examples/rules/euclid_closed.luau",
        include_str!("../../../../examples/rules/euclid_closed.luau"),
        pairs("euclid", 30),
    );
    let mut strings = vec![String::new()];
    for len in 1..=3 {
        let mut longer = Vec::new();
        for s in strings.iter().filter(|s| s.len() == len - 1) {
            for d in '0'..='9' {
                longer.push(format!("{s}{d}"));
            }
        }
        strings.extend(longer);
    }
    let cases = strings[1..]
        .iter()
        .map(|s| format!("digits(\"{s}\")"))
        .chain([
            "digits(0)".into(),
            "digits(407)".into(),
            "digits(1,20)".into(),
        ]);
    let n = luau_equals_rhai(
        "examples/rules/digits.luau",
        include_str!("../../../../examples/rules/digits.luau"),
        cases,
    );
    assert_eq!(n, 1113);
}

/// POJ 2484's circle with its lines kept as negative numbers and emitted (`funny.luau`):
/// every line of up to 40 coins (16 in misere play, whose search of sums is exhaustive), and
/// sums of two lines, have the values of the engine's Kayles (`tb[0.77]`), in both plays; a circle of n has the mex of the values of Kayles
/// rows of n - 1 and n - 2, with a winning move for each of them that is 0.
#[test]
fn emitted_lines_of_coins_are_kayles() {
    let reg = registry(&[(
        "examples/rules/funny.luau",
        include_str!("../../../../examples/rules/funny.luau"),
    )]);
    for (play, longest) in [(Play::Normal, 40u64), (Play::Misere, 16)] {
        for k in 0..=longest {
            let line = analyze(&reg, &format!("funny(-{})", k + 1), play);
            let kayles = analyze(&reg, &format!("tb[0.77]({k})"), play);
            assert_eq!(line.outcome, kayles.outcome, "{play:?} line {k}");
            assert_eq!(line.nimber, kayles.nimber, "{play:?} line {k}");
        }
        for (a, b) in [(3, 5), (4, 4), (0, 9), (6, 7)] {
            let two = analyze(&reg, &format!("funny(-{}, -{})", a + 1, b + 1), play);
            let kayles = analyze(&reg, &format!("tb[0.77]({a}, {b})"), play);
            assert_eq!(two.outcome, kayles.outcome, "{play:?} lines {a}, {b}");
            assert_eq!(two.nimber, kayles.nimber, "{play:?} lines {a}, {b}");
        }
    }
    let kayles = |k: u64| {
        analyze(&reg, &format!("tb[0.77]({k})"), Play::Normal)
            .nimber
            .and_then(|v| v.to_u64())
            .unwrap_or(u64::MAX)
    };
    for n in 0..=60u64 {
        let options: Vec<u64> = (1..=2).filter(|&t| t <= n).map(|t| kayles(n - t)).collect();
        let mex = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        let circle = analyze(&reg, &format!("funny({n})"), Play::Normal);
        assert_eq!(
            circle.nimber.and_then(|v| v.to_u64()),
            Some(mex),
            "circle {n}"
        );
        let zeros = options.iter().filter(|&&v| v == 0).count();
        assert_eq!(
            circle.winning_moves_total,
            Some((if mex == 0 { 0 } else { zeros }).into()),
            "circle {n}"
        );
    }
}

/// Codeforces 603C (`lieges.luau`): the judge's samples, and the values of piles up to 2000
/// for small and huge k (its `nimber` hook, the copies it leaves) against a search written
/// here: G(a) = mex{G(a - 1), and for an even a the k piles of a / 2, worth G(a / 2) for an
/// odd k and 0 for an even k}.
#[test]
fn lieges_equal_a_search_written_here() {
    let reg = registry(&[(
        "examples/rules/lieges.luau",
        include_str!("../../../../examples/rules/lieges.luau"),
    )]);
    assert_eq!(outcome(&reg, "lieges(1, 3, 1, 4)"), Outcome::N);
    assert_eq!(outcome(&reg, "lieges(2, 3)"), Outcome::P);
    for k in [1u64, 2, 3, 4, 999_999_999, 1_000_000_000] {
        let mut g = vec![0u64; 2001];
        for a in 1..=2000usize {
            let split = if a % 2 == 0 && k % 2 == 1 {
                Some(g[a / 2])
            } else if a % 2 == 0 {
                Some(0)
            } else {
                None
            };
            g[a] = (0..)
                .find(|&v| v != g[a - 1] && Some(v) != split)
                .unwrap_or(0);
        }
        for a in (0..=2000usize).step_by(7).chain([2000]) {
            let got = analyze(&reg, &format!("lieges({k}, {a})"), Play::Normal).nimber;
            assert_eq!(got.and_then(|v| v.to_u64()), Some(g[a]), "k = {k}, a = {a}");
        }
    }
}

/// The emitting examples without a Rhai twin against searches written here: HDU 2873's bombs
/// (a bomb (p, q) goes to the sum of (u, q) and (p, v), u < p and v < q, or along the first
/// row or column) on boards up to 8 x 8 and sums of two bombs, and LeetCode 464 (the first
/// player wins exactly when the search with early exit says so) for M up to 8 and every total.
#[test]
fn emitting_examples_equal_searches_written_here() {
    let reg = registry(&[
        (
            "examples/rules/bomb.luau",
            include_str!("../../../../examples/rules/bomb.luau"),
        ),
        (
            "examples/rules/canwin.luau",
            include_str!("../../../../examples/rules/canwin.luau"),
        ),
    ]);
    let n = 8usize;
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for p in 1..=n {
        for q in 1..=n {
            let mut seen = [false; 64];
            if p > 1 && q > 1 {
                for u in 1..p {
                    for v in 1..q {
                        seen[(g[u][q] ^ g[p][v]) as usize] = true;
                    }
                }
            } else if p == 1 {
                (1..q).for_each(|v| seen[g[1][v] as usize] = true);
            } else {
                (1..p).for_each(|u| seen[g[u][1] as usize] = true);
            }
            g[p][q] = seen.iter().position(|s| !s).unwrap_or(0) as u64;
            let e = format!("bomb({p}, {q})");
            let a = analyze(&reg, &e, Play::Normal);
            assert_eq!(a.nimber, Some(grundy::Nimber::new(g[p][q])), "{e}");
        }
    }
    for (p, q, r, s) in [(3, 5, 5, 3), (8, 8, 2, 7), (4, 6, 6, 2), (1, 8, 8, 1)] {
        let e = format!("bomb({p}, {q}, {r}, {s})");
        let want = g[p][q] ^ g[r][s];
        assert_eq!(
            analyze(&reg, &e, Play::Normal).nimber,
            Some(grundy::Nimber::new(want))
        );
    }
    // LeetCode 464 by the contestant's search: whoever reaches the total wins.
    fn wins(
        m: u32,
        used: u32,
        togo: i64,
        memo: &mut std::collections::HashMap<(u32, i64), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(used, togo)) {
            return w;
        }
        let w = (1..=m).any(|k| {
            let b = 1 << (k - 1);
            used & b == 0 && (i64::from(k) >= togo || !wins(m, used | b, togo - i64::from(k), memo))
        });
        memo.insert((used, togo), w);
        w
    }
    for m in 1..=8u32 {
        let most = i64::from(m * (m + 1) / 2);
        for t in 0..=most + 2 {
            let want = t <= most && (t == 0 || wins(m, 0, t, &mut Default::default()));
            let e = format!("canwin({m}, {t}, 0)");
            assert_eq!(outcome(&reg, &e) == Outcome::N, want, "{e}");
        }
    }
}

/// The nim-values of lines of `0..=n` beads where a move paints `m` consecutive ones,
/// computed directly (independently of the script).
fn paint_lines(n: usize, m: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for k in 0..=n {
        let mut seen = vec![false; k + 2];
        if k >= m {
            for i in 0..=k - m {
                let v = (g[i] ^ g[k - m - i]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g[k] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
    }
    g
}

#[test]
fn paint_chain_hdu_3980_samples_and_values() {
    let reg = examples();
    // 3 1: aekdycoin (the first player) wins; 4 2: abcdxyzk wins.
    assert_eq!(outcome(&reg, "paint(3, 1)"), Outcome::N);
    assert_eq!(outcome(&reg, "paint(4, 2)"), Outcome::P);
    for m in 1..=4usize {
        let g = paint_lines(40, m);
        for n in 0..=40usize {
            let a = analyze(&reg, &format!("paint(\"line\", {n}, {m})"), Play::Normal);
            assert_eq!(
                a.nimber.and_then(|v| v.to_u64()),
                Some(g[n]),
                "line {n}, m = {m}"
            );
            let circle = n >= m && g[n - m] == 0;
            assert_eq!(
                outcome(&reg, &format!("paint({n}, {m})")) == Outcome::N,
                circle
            );
        }
    }
}

#[test]
fn chomp_facts() {
    let reg = examples();
    // The poison alone: no move.
    assert_eq!(outcome(&reg, "chomp(1)"), Outcome::P);
    // Every rectangle but 1 x 1 is a first-player win (Gale's strategy-stealing argument).
    for rows in 1..=4 {
        for cols in 1..=5 {
            if rows * cols == 1 {
                continue;
            }
            let args = vec![cols.to_string(); rows].join(", ");
            assert_eq!(
                outcome(&reg, &format!("chomp({args})")),
                Outcome::N,
                "{rows} x {cols}"
            );
        }
    }
    // An L whose arms are equal is two equal Nim heaps: a P-position; unequal arms are not.
    assert_eq!(outcome(&reg, "chomp(4, 1, 1, 1)"), Outcome::P);
    assert_eq!(outcome(&reg, "chomp(4, 1, 1)"), Outcome::N);
    // Two rows a, a - 1 are P (Zeilberger).
    for a in 2..=6 {
        assert_eq!(outcome(&reg, &format!("chomp({a}, {})", a - 1)), Outcome::P);
    }
    // The square's winning move leaves the L with equal arms.
    let a = analyze(&reg, "chomp(3, 3, 3)", Play::Normal);
    assert!(
        a.winning_moves.iter().any(|m| m.to == "chomp(3,1,1)"),
        "{:?}",
        a.winning_moves
    );
}

#[test]
fn euclid_hdu_1525_samples() {
    let reg = examples();
    assert_eq!(outcome(&reg, "euclid(34, 12)"), Outcome::N);
    assert_eq!(outcome(&reg, "euclid(15, 24)"), Outcome::P);
}

#[test]
fn kiki_hdu_2147_samples() {
    let reg = examples();
    assert_eq!(outcome(&reg, "kiki(5, 3)"), Outcome::P);
    assert_eq!(outcome(&reg, "kiki(5, 4)"), Outcome::N);
    assert_eq!(outcome(&reg, "kiki(6, 6)"), Outcome::N);
}

#[test]
fn bounce_agrees_with_the_graph_solver() {
    let reg = examples();
    let mut edges = Vec::new();
    for n in 0..=10u32 {
        if n >= 1 {
            edges.push((n, n - 1));
        }
        if n >= 2 {
            edges.push((n, n - 2));
        }
        if (1..=4).contains(&n) {
            edges.push((n, n + 3));
        }
    }
    let graph = grundy_graph::Graph::from_edges(11, &edges).unwrap_or_else(|e| panic!("{e}"));
    let solved = grundy_graph::solve(&graph);
    let mut loopy = 0;
    for n in 0..=10u32 {
        let a = analyze(&reg, &format!("bounce({n})"), Play::Normal);
        let want = solved.value(&graph, n);
        loopy += usize::from(matches!(want, Value::Infinite(_)));
        assert_eq!(a.value, Some(want), "bounce({n})");
        assert_eq!(a.outcome, solved.outcome(&graph, n));
    }
    assert!(loopy > 0, "the example should have loopy positions");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Stan wins Euclid's game iff the larger number is at least twice... more precisely,
    /// iff it is not strictly between the smaller and the golden ratio times the smaller
    /// (Cole and Davie).
    #[test]
    fn euclid_follows_the_golden_ratio(a in 1u64..80, b in 1u64..80) {
        let reg = examples();
        let (big, small) = (a.max(b) as f64, a.min(b) as f64);
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let p = big > small && big < phi * small;
        prop_assert_eq!(outcome(&reg, &format!("euclid({a}, {b})")) == Outcome::P, p);
    }

    /// kiki's game is lost exactly when both sides are odd.
    #[test]
    fn kiki_is_lost_when_both_sides_are_odd(n in 1u64..40, m in 1u64..40) {
        let reg = examples();
        let p = n % 2 == 1 && m % 2 == 1;
        prop_assert_eq!(outcome(&reg, &format!("kiki({n}, {m})")) == Outcome::P, p);
    }

    /// The example files of Lasker's Nim and of the subtraction game equal the built-in
    /// families on random sums: value, outcome and number of winning moves.
    #[test]
    fn lasker_and_subtraction_examples_equal_the_builtins(
        l in proptest::collection::vec(0u32..60, 1..4),
        s in proptest::collection::vec(0u32..200, 1..4),
    ) {
        let reg = examples();
        let script: String = l.iter().map(|h| format!("lasker({h}) + "))
            .chain(s.iter().map(|h| format!("s134({h}) + ")))
            .collect::<String>() + "0";
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let builtin = format!("tb[4.[3]]({}) + sub[1,3,4]({})", list(&l), list(&s));
        let a = analyze(&reg, &script, Play::Normal);
        let b = analyze(&reg, &builtin, Play::Normal);
        prop_assert_eq!(&a.nimber, &b.nimber);
        prop_assert_eq!(a.outcome, b.outcome);
        prop_assert_eq!(&a.winning_moves_total, &b.winning_moves_total);
    }
}

/// Euclid's game by its closed form at the judge's largest input (HDU 1525, pairs to 2^31 - 1):
/// the value comes from `nimber`, and the moves of euclid(1, 2^31 - 1) (2^31 - 1 options, past
/// the script's operation limit) are not listed, with a note, instead of failing the answer.
#[test]
fn euclid_closed_form_answers_beyond_the_moves_it_can_list() {
    let reg = registry(&[(
        "examples/rules/euclid_closed.luau",
        include_str!("../../../../examples/rules/euclid_closed.luau"),
    )]);
    let a = analyze(&reg, "euclid(1, 2147483647)", Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.nimber, Some(grundy::Nimber::new(2_147_483_647)));
    assert!(a.winning_moves.is_empty());
    assert_eq!(a.winning_moves_total, None);
    let note = a.winning_moves_note.unwrap_or_default();
    assert!(
        note.contains("not listed") && note.contains("operations"),
        "{note}"
    );
    // A small pair lists its moves as usual: (34, 12) wins by 34 - 2 * 12 = (10, 12).
    let a = analyze(&reg, "euclid(34, 12)", Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves_total.is_some());
}

/// Lasker's Nim by its closed form on HDU 3032's largest heaps: the value of a sum of huge
/// heaps is the XOR of the rule's values; listing the moves of the first heap runs into the
/// script's limit, and the other heaps are then not tried one by one (each would cost a
/// whole call's budget), with notes saying so.
#[test]
fn lasker_closed_form_answers_sums_of_huge_heaps() {
    let reg = registry(&[(
        "examples/rules/lasker_closed.luau",
        include_str!("../../../../examples/rules/lasker_closed.luau"),
    )]);
    let rule = |n: u64| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    let heaps: Vec<u64> = (0..50).map(|i| 2_000_000_000 - 7919 * i * i).collect();
    let total = heaps.iter().fold(0, |acc, &h| acc ^ rule(h));
    assert_ne!(total, 0);
    let text: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let a = analyze(&reg, &format!("lasker({})", text.join(", ")), Play::Normal);
    assert_eq!(a.nimber, Some(grundy::Nimber::new(total)));
    assert_eq!(a.winning_moves_total, None);
    let note = a.winning_moves_note.unwrap_or_default();
    assert!(note.contains("not listed"), "{note}");
    assert!(note.contains("not examined"), "{note}");
    // Repeated heaps answer from the closed form's memo, each as the rule says.
    for (expr, v) in [
        ("lasker(7, 7, 7, 8)", rule(7) ^ rule(8)),
        (
            "lasker(8, 7, 8, 8, 1000000003)",
            rule(7) ^ rule(8) ^ rule(1_000_000_003),
        ),
    ] {
        assert_eq!(
            analyze(&reg, expr, Play::Normal).nimber,
            Some(grundy::Nimber::new(v)),
            "{expr}"
        );
    }
    // Small heaps list their winning moves as before: 2 + 2 + 3 is won by 3 -> 0.
    let a = analyze(&reg, "lasker(2, 2, 3)", Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves_total.is_some());
}
