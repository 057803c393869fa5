//! Cliffs of issue 23 at full input size: sums of huge heaps of games with a proven period,
//! the budget of counting winning moves, and misere Fibonacci Nim of one heap.

use grundy::analysis::{count_budget, Analysis, Options};
use grundy::api::analyze;
use grundy::{Nimber, Outcome, Play, Registry};
use grundy_heap::{HeapRules, Limits, Strategy};
use num_bigint::BigUint;

fn run(expr: &str, play: Play, max_moves: usize) -> Analysis {
    let opts = Options {
        max_moves,
        ..Options::for_play(play)
    };
    analyze(&Registry::builtin(), expr, &opts).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// `count` pseudo-random numbers of 31 bits from `seed` (a linear congruential generator).
fn random(seed: u64, count: usize) -> impl Iterator<Item = u64> {
    let mut x = seed;
    (0..count).map(move |_| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        x >> 33
    })
}

/// G of Dawson's Kayles for any heap, from a table of 2000 values and its period, by plain
/// arithmetic (independent of the engine's residue counting).
struct Dawson {
    g: Vec<u32>,
    n0: u64,
    p: u64,
}

impl Dawson {
    fn new() -> Dawson {
        let rules = HeapRules::parse("tb[0.07]").unwrap();
        let v = grundy_heap::values(&rules, 2000, &Limits::default(), Strategy::default()).unwrap();
        let p = grundy_heap::find_period(&rules, &v).unwrap();
        assert!(p.proven && p.saltus == 0);
        Dawson {
            g: (0..v.len()).map(|i| v.get(i).unwrap()).collect(),
            n0: p.preperiod,
            p: p.period,
        }
    }

    fn g(&self, x: u64) -> u32 {
        if x < self.n0 + self.p {
            self.g[x as usize]
        } else {
            self.g[(self.n0 + (x - self.n0) % self.p) as usize]
        }
    }

    /// The options of a heap of n (take 2, leaving 0, 1 or 2 heaps) with value `t`.
    fn winning(&self, n: u64, t: u32) -> u64 {
        let mut count = 0;
        if n == 2 && t == 0 {
            count += 1;
        }
        if n > 2 {
            let m = n - 2;
            if self.g(m) == t {
                count += 1;
            }
            for a in 1..=m / 2 {
                if self.g(a) ^ self.g(m - a) == t {
                    count += 1;
                }
            }
        }
        count
    }
}

/// Dawson's Kayles of three heaps of 10^6 and more (one below 2^20): the value is the XOR
/// of the period's values and the count of winning moves equals a plain scan of every
/// split, with and without listed moves (the analysis used to build a table to 1418666).
#[test]
fn dawson_kayles_of_huge_heaps_answers_from_the_period() {
    let heaps = [1_905_741u64, 709_332, 1_017_351];
    let d = Dawson::new();
    let total = heaps.iter().fold(0, |acc, &h| acc ^ d.g(h));
    let want: u64 = heaps.iter().map(|&h| d.winning(h, total ^ d.g(h))).sum();
    for max_moves in [0, 7] {
        let a = run("tb[0.07](1905741,709332,1017351)", Play::Normal, max_moves);
        assert_eq!(a.nimber, Some(Nimber::new(u64::from(total))));
        assert_eq!(a.winning_moves_total, Some(BigUint::from(want)));
        assert_eq!(a.winning_moves.len(), max_moves.min(want as usize));
        for m in &a.winning_moves {
            let after = run(&m.to, Play::Normal, 0);
            assert_eq!(after.outcome, Outcome::P, "{}", m.to);
        }
    }
}

/// A thousand heaps up to 10^9 (HDU 4664's shape, sizes spread over every magnitude): the
/// value is the XOR of the period's values.
#[test]
fn a_thousand_heaps_of_every_size_answer_from_the_period() {
    let d = Dawson::new();
    let heaps: Vec<u64> = random(4664, 1000)
        .enumerate()
        .map(|(i, x)| x % 10u64.pow(1 + i as u32 % 9))
        .collect();
    let text: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let expr = format!("tb[0.07]({})", text.join(","));
    let a = run(&expr, Play::Normal, 3);
    let total = heaps.iter().fold(0, |acc, &h| acc ^ d.g(h));
    assert_eq!(a.nimber, Some(Nimber::new(u64::from(total))));
    assert!(a.winning_moves_total.is_some());
}

/// A subtraction set of 2000 elements and a sum of 10^4 distinct heaps: counting every winning
/// move one by one would examine 2 * 10^7 options, more than the budget, so the count is either
/// given up with a note or made by the heap tables without listing, and then exact; the moves
/// asked for are still listed (each winning). A sum of 100 such heaps is
/// counted within the budget, exactly, and so is a sum of 10^4 heaps of 100 sizes (each
/// size's winning moves are counted once and multiplied).
#[test]
fn counting_costs_no_more_than_the_analysis() {
    // Every third number from 1 to 6000, and a few more, so that no closed form applies.
    let set: Vec<String> = (0..2000u64)
        .map(|i| (3 * i + 1 + u64::from(i % 7 == 0)).to_string())
        .collect();
    let rules = format!("sub[{}]", set.join(","));
    let heap = |i: u64| 300 + (i * 7919) % 4000;
    // 6100, 6101, ..., 16099: no two alike, each with all 2000 moves.
    let distinct = |i: u64| 6100 + i;
    let sum_of = |heaps: &[u64]| {
        let heaps: Vec<String> = heaps.iter().map(ToString::to_string).collect();
        format!("{rules}({})", heaps.join(","))
    };
    let sum = |k: u64| {
        let heaps: Vec<String> = (0..k).map(|i| heap(i).to_string()).collect();
        format!("{rules}({})", heaps.join(","))
    };
    assert!(10_000 * 2000 > count_budget(10_000));
    // Make the sum an N-position: a heap of 1 (value 1) turns a value 0 into 1.
    let mut big = sum_of(&(0..10_000).map(distinct).collect::<Vec<_>>());
    if run(&big, Play::Normal, 0).outcome == Outcome::P {
        big = format!("{big} + {rules}(1)");
    }
    let a = run(&big, Play::Normal, 0);
    assert_eq!(a.outcome, Outcome::N);
    let big_count = a.winning_moves_total.clone();
    if big_count.is_none() {
        let note = a.winning_moves_note.clone().unwrap_or_default();
        assert!(note.contains("cost more than the analysis"), "{note}");
    }
    let listed = run(&big, Play::Normal, 4);
    assert_eq!(listed.winning_moves.len(), 4);
    assert_eq!(listed.winning_moves_total, big_count);
    for m in &listed.winning_moves {
        assert_eq!(
            run(&m.to, Play::Normal, 0).outcome,
            Outcome::P,
            "{}",
            m.text
        );
    }
    // A small sum is counted, and the count equals a plain count over the set.
    let mut small = sum(100);
    if run(&small, Play::Normal, 0).outcome == Outcome::P {
        small = format!("{small} + {rules}(1)");
    }
    let a = run(&small, Play::Normal, 0);
    let rules_h = HeapRules::parse(&rules).unwrap();
    let g = grundy_heap::values(&rules_h, 16_200, &Limits::default(), Strategy::default()).unwrap();
    let g = |x: u64| g.get(x as usize).unwrap();
    let set: Vec<u64> = set.iter().map(|s| s.parse().unwrap()).collect();
    // The winning moves of a sum of `heaps`, counted move by move.
    let want = |heaps: &[u64]| -> usize {
        let total = heaps.iter().fold(0, |acc, &h| acc ^ g(h));
        heaps
            .iter()
            .map(|&h| {
                set.iter()
                    .filter(|&&s| s <= h && g(h - s) == total ^ g(h))
                    .count()
            })
            .sum()
    };
    let mut heaps: Vec<u64> = (0..100).map(heap).collect();
    if small.contains(&format!(" + {rules}(1)")) {
        heaps.push(1);
    }
    assert_eq!(a.winning_moves_total, Some(BigUint::from(want(&heaps))));
    assert_eq!(a.winning_moves_note, None);
    // The large sum, when counted (the heap tables count a target's moves without listing
    // them), is counted exactly.
    if let Some(n) = big_count {
        let mut heaps: Vec<u64> = (0..10_000).map(distinct).collect();
        if big.contains(&format!(" + {rules}(1)")) {
            heaps.push(1);
        }
        assert_eq!(n, BigUint::from(want(&heaps)));
    }
    // 10^4 heaps of 100 sizes, each size 100 times (their values cancel), and the least heap
    // of a value other than 0.
    let mut repeated: Vec<u64> = (0..10_000).map(|i| heap(i % 100)).collect();
    repeated.extend((1..100).find(|&h| g(h) != 0));
    let a = run(&sum_of(&repeated), Play::Normal, 0);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves_total, Some(BigUint::from(want(&repeated))));
    assert_eq!(a.winning_moves_note, None);
}

/// Misere Fibonacci Nim of one heap is answered at any size (it was refused above 200); each
/// winning move leaves a P-position by the same rule; a misere sum with a huge heap is still
/// refused, and its message says why.
#[test]
fn misere_fibonacci_nim_of_one_heap_is_answered() {
    for n in ["10000", "10^300"] {
        let a = run(&format!("fibnim({n})"), Play::Misere, 5);
        assert_eq!(a.outcome, Outcome::N);
        assert!(!a.winning_moves.is_empty());
        assert!(a.winning_moves_total.as_ref().unwrap() >= &BigUint::from(a.winning_moves.len()));
        for m in &a.winning_moves {
            assert_eq!(run(&m.to, Play::Misere, 0).outcome, Outcome::P, "{}", m.to);
        }
    }
    // 10000 - 1 = 9999 = 6765 + 2584 + 610 + 34 + 5 + 1: the smallest take is 1, and the
    // largest (9999) leaves the last counter.
    let a = run("fibnim(10000)", Play::Misere, 100);
    let first = &a.winning_moves[0];
    assert_eq!(first.to, "fibnim(9999,2)");
    assert!(a.winning_moves.iter().any(|m| m.to == "fibnim(1,1)"));
    let one = run("fibnim(1,1)", Play::Misere, 5);
    assert_eq!(one.outcome, Outcome::P);
    let err = analyze(
        &Registry::builtin(),
        "fibnim(10000) + fibnim(3)",
        &Options::for_play(Play::Misere),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("misere play a search"), "{err}");
}

/// A misere sum of 3000 heaps of `tb[0.75]` up to 60000, answered through its misere
/// quotient: counting the winning moves of every size would examine some 4 * 10^7 options,
/// more than the budget, so the count is given up with a note; a sum of five heaps is
/// counted, every winning move is listed, and each leaves a P-position.
#[test]
fn misere_quotient_counting_stays_within_the_budget() {
    let heaps: Vec<String> = random(7, 3000)
        .map(|x| (1 + x % 60000).to_string())
        .collect();
    // One more heap, the first that makes the sum an N-position.
    let n_position = |base: &str| {
        (1..40)
            .map(|e| format!("tb[0.75]({base},{e})"))
            .find(|expr| run(expr, Play::Misere, 0).outcome == Outcome::N)
            .unwrap()
    };
    let expr = n_position(&heaps.join(","));
    let a = run(&expr, Play::Misere, 0);
    assert!(a.method.unwrap_or_default().contains("misere quotient"));
    assert_eq!(a.winning_moves_total, None);
    let note = a.winning_moves_note.unwrap_or_default();
    assert!(note.contains("cost more than the analysis"), "{note}");
    let a = run(&n_position("30,41,57,1000"), Play::Misere, 5000);
    let total = a.winning_moves_total.clone().unwrap();
    assert!(total > BigUint::from(0u32));
    assert_eq!(total, BigUint::from(a.winning_moves.len()));
    for m in &a.winning_moves {
        assert_eq!(run(&m.to, Play::Misere, 0).outcome, Outcome::P, "{}", m.to);
    }
}

/// An analysis asked not to count (`count: false`, `grundy analyze --no-count`) gives the
/// same outcome and value; it looks only for the moves it lists, each a winning move of the
/// counted analysis, and leaves the total out with a note when there are winning moves.
#[test]
fn an_analysis_not_counting_lists_only_what_is_asked() {
    let reg = Registry::builtin();
    let cases = [
        ("nim(3,4,5) + nim(7,9)", Play::Normal),
        ("nim(1,2,3)", Play::Normal),
        ("tb[0.07](20,31,9) + wythoff(10,17)", Play::Normal),
        ("nim(3,4,5) + nim(7,9)", Play::Misere),
        ("tb[0.77](4,7,9)", Play::Misere),
        ("fibnim(100) + sub[1,3,4](17)", Play::Normal),
    ];
    for (expr, play) in cases {
        let counted = run(expr, play, 1000);
        for max_moves in [0, 1, 2] {
            let opts = Options {
                max_moves,
                count: false,
                ..Options::for_play(play)
            };
            let a = analyze(&reg, expr, &opts).unwrap();
            let case = format!("{expr} ({play:?}, {max_moves} moves)");
            assert_eq!(a.outcome, counted.outcome, "{case}");
            assert_eq!(a.nimber, counted.nimber, "{case}");
            assert!(a.winning_moves.len() <= max_moves, "{case}");
            for m in &a.winning_moves {
                assert!(
                    counted.winning_moves.iter().any(|w| w.to == m.to),
                    "{case}: {} is not a winning move",
                    m.to
                );
            }
            if counted.outcome == Outcome::N {
                assert_eq!(a.winning_moves_total, None, "{case}");
                let note = a.winning_moves_note.clone().unwrap_or_default();
                assert!(note.contains("not counted"), "{case}: {note}");
                // Every way of analysing finds a first move when one is asked for.
                assert_eq!(a.winning_moves.is_empty(), max_moves == 0, "{case}");
            } else {
                assert!(a.winning_moves.is_empty(), "{case}");
            }
        }
    }
}
