//! `copies(k, q)`: k copies of a position as one part of an option, and `K*NAME(args)` in
//! expressions. Held against the same games with the copies written out as sums (values,
//! outcomes in both plays, counts of winning moves), at counts no array could hold, and on the
//! texts that parse back.

use grundy::{Outcome, Play};
use num_bigint::BigUint;

use crate::family::{analyze, registry};

/// Codeforces 603C's move (remove one, or a pile of 2x becomes K piles of x) with the K piles
/// as `copies`, in both languages, and as a sum written out, for a K set by `{K}`.
fn scripts(k: u64) -> Vec<(String, String)> {
    vec![
        (
            "cows.luau".into(),
            format!(
                "K = {k}\nfunction moves(n)\n    if n == 0 then return {{}} end\n    local out = {{ n - 1 }}\n    if n % 2 == 0 then out[#out + 1] = copies(K, n // 2) end\n    return out\nend\n"
            ),
        ),
        (
            "rcows.rhai".into(),
            format!(
                "const K = {k};\nfn moves(n) {{\n    if n == 0 {{ return []; }}\n    let out = [n - 1];\n    if n % 2 == 0 {{ out.push(copies(K, n / 2)); }}\n    out\n}}\n"
            ),
        ),
        (
            "hand.luau".into(),
            format!(
                "K = {k}\nfunction moves(n)\n    if n == 0 then return {{}} end\n    local out = {{ n - 1 }}\n    if n % 2 == 0 then\n        local parts = {{}}\n        for i = 1, K do parts[i] = n // 2 end\n        out[#out + 1] = sum(parts)\n    end\n    return out\nend\n"
            ),
        ),
    ]
}

fn reg_for(k: u64) -> grundy::Registry {
    let s = scripts(k);
    let refs: Vec<(&str, &str)> = s.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    registry(&refs)
}

#[test]
fn copies_equal_the_sums_written_out() {
    // Misere play searches the copies themselves: one copy moved, the others kept (a position
    // holding the same game as copies and as parts is searched apart, so its searches are
    // larger than the written-out sums', hence the smaller piles).
    for k in [0u64, 1, 2, 3, 4, 5] {
        let reg = reg_for(k);
        for (play, largest) in [(Play::Normal, 40u64), (Play::Misere, 7)] {
            for n in 0..=largest {
                let hand = analyze(&reg, &format!("hand({n})"), play);
                for name in ["cows", "rcows"] {
                    let a = analyze(&reg, &format!("{name}({n})"), play);
                    let at = format!("{play:?}, K = {k}, {name}({n})");
                    assert_eq!(a.outcome, hand.outcome, "{at}");
                    assert_eq!(a.nimber, hand.nimber, "{at}");
                    assert_eq!(a.winning_moves_total, hand.winning_moves_total, "{at}");
                }
            }
        }
    }
}

#[test]
fn counts_no_array_could_hold_answer_by_parity() {
    // 10^12 and 10^12 + 1 piles: worth 0 and one pile's value in normal play.
    for (k, odd) in [(1_000_000_000_000u64, false), (1_000_000_000_001, true)] {
        let reg = reg_for(k);
        let three = reg_for(3);
        for n in 0..=30u64 {
            let a = analyze(&reg, &format!("cows({n})"), Play::Normal);
            let b = analyze(&reg, &format!("rcows({n})"), Play::Normal);
            let like = analyze(&three, &format!("cows({n})"), Play::Normal);
            let two = analyze(&reg_for(2), &format!("cows({n})"), Play::Normal);
            let want = if odd { like.nimber } else { two.nimber };
            assert_eq!(a.nimber, want, "K = {k}, cows({n})");
            assert_eq!(b.nimber, want, "K = {k}, rcows({n})");
        }
    }
}

#[test]
fn k_times_a_term_reads_back_as_the_copies() {
    let reg = reg_for(3);
    // The same position written with a count, as a sum and with the count of a sum.
    let counted = analyze(&reg, "3*cows(4) + cows(2)", Play::Normal);
    let written = analyze(&reg, "cows(4) + cows(4) + cows(4) + cows(2)", Play::Normal);
    let of_sum = analyze(&reg, "3*(cows(4)) + 1*cows(2) + 0*cows(9)", Play::Normal);
    assert_eq!(counted.nimber, written.nimber);
    // The copies are one component: the winning move "in one of the 3 copies" is one move,
    // where written out it is one move in each of three components.
    assert_eq!(
        counted.winning_moves_total.map(|n| n * 3u32),
        written.winning_moves_total
    );
    assert_eq!(of_sum.game, counted.game);
    assert_eq!(counted.game, "3*cows(4) + cows(2)");
    // Every winning move's text parses back to a position of the value 0.
    let big = analyze(&reg, "7*cows(12) + 1000000*cows(6) + cows(5)", Play::Normal);
    assert_eq!(big.outcome, Outcome::N);
    assert!(!big.winning_moves.is_empty());
    for m in &big.winning_moves {
        let after = analyze(&reg, &m.to, Play::Normal);
        assert_eq!(after.nimber, Some(grundy::Nimber::ZERO), "{}", m.to);
        assert_eq!(after.game, m.to, "{}", m.to);
    }
    // The explanation of the copies is the mex of their options, not a table of heaps (the
    // one argument of `3*cows(4)` is no heap size).
    let parts = grundy::api::explain(&reg, "3*cows(4)", Play::Normal, &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let text: String = parts.iter().map(grundy::api::explanation_text).collect();
    assert!(!text.contains("one heap of"), "{text}");
    assert!(text.contains("in one of 3 copies"), "{text}");
    // Families without a count of their own are written out, up to a thousand copies.
    let nim = analyze(&reg, "3*nim(5) + 2*(*4)", Play::Normal);
    assert_eq!(nim.game, "nim(5) + nim(5) + nim(5) + *4 + *4");
    let too_many = grundy::api::analyze(&reg, "2000*nim(3)", &Default::default())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(too_many.contains("at most 1000"), "{too_many}");
}

#[test]
fn copies_refuse_what_they_cannot_count() {
    for (file, src, why) in [
        (
            "neg.luau",
            "function moves(n) return { copies(-1, n) } end",
            "at least 0",
        ),
        (
            "half.luau",
            "function moves(n) return { copies(1.5, n) } end",
            "whole number",
        ),
        (
            "other.luau",
            "function moves(n) return { copies(2, game(\"nim\", n)) } end",
            "game(...)",
        ),
        ("neg.rhai", "fn moves(n) { [copies(-1, n)] }", "at least 0"),
        (
            "deep.rhai",
            "fn moves(n) { if n == 0 { return []; } let s = sum([n - 1]); for i in 0..100 { s = sum([s]); } [copies(2, s)] }",
            "nest more than 64",
        ),
        (
            "other.rhai",
            "fn moves(n) { [copies(2, game(\"nim\", n))] }",
            "game(...)",
        ),
    ] {
        let reg = registry(&[(file, src)]);
        let name = file.split('.').next().unwrap_or_default();
        let e = grundy::api::analyze(&reg, &format!("{name}(3)"), &Default::default())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(why), "{file}: {e}");
    }
    // Copies of copies multiply, and copies of a sum are the sum of the copies.
    let reg = registry(&[(
        "nest.luau",
        "function moves(n) if n == 0 then return {} end return { copies(2, copies(3, n - 1)), copies(3, sum({n - 1, n - 1})) } end",
    )]);
    let a = analyze(&reg, "nest(3)", Play::Normal);
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    let total = a.winning_moves_total.clone().unwrap_or_default();
    assert!(total <= BigUint::from(2u32), "{texts:?}");
    let all: Vec<String> =
        grundy::api::moves(&reg, "nest(3)", Play::Normal, &Default::default(), 100)
            .map(|r| r.moves.into_iter().map(|m| m.to).collect())
            .unwrap_or_default();
    assert!(all.contains(&"6*nest(2)".to_string()), "{all:?}");
}

/// `options()` and `add` (Rhai): the same options as an array built with `push`, in the same
/// order, for positions, sums and copies, and `len()` counts them.
#[test]
fn rhai_options_equal_arrays() {
    let reg = registry(&[
        (
            "pushed.rhai",
            "fn moves(n) { let out = []; for k in 1..=n { out.push(n - k); } if n > 0 && n % 2 == 0 { out.push(copies(3, n / 2)); } for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } } out }",
        ),
        (
            "added.rhai",
            "fn moves(n) { let out = options(); for k in 1..=n { out.add(n - k); } if n > 0 && n % 2 == 0 { out.add(copies(3, n / 2)); } for a in 1..n { if a <= n - a { out.add(sum([a, n - a])); } } if out.len() != n + n / 2 + (if n > 0 && n % 2 == 0 { 1 } else { 0 }) { throw `len ${out.len()}`; } out }",
        ),
    ]);
    for n in 0..=40u64 {
        let a = analyze(&reg, &format!("pushed({n})"), Play::Normal);
        let b = analyze(&reg, &format!("added({n})"), Play::Normal);
        assert_eq!(a.nimber, b.nimber, "{n}");
        assert_eq!(a.winning_moves_total, b.winning_moves_total, "{n}");
        let ma: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| m.to.replace("pushed", ""))
            .collect();
        let mb: Vec<String> = b
            .winning_moves
            .iter()
            .map(|m| m.to.replace("added", ""))
            .collect();
        assert_eq!(ma, mb, "{n}");
    }
}

/// Input that would recurse or break the count: `2*2*...*TERM` nested past the parser's depth is
/// refused (not a stack overflow), and a script that writes the copies marker itself with a
/// count `copies` never makes (0, 1, a string) gets an answer or an error, never a panic.
#[test]
fn counts_nested_deep_and_forged_markers_are_refused_cleanly() {
    let reg = reg_for(3);
    let deep = format!("{}cows(1)", "2*".repeat(100_000));
    let e = grundy::api::analyze(&reg, &deep, &Default::default())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("nested"), "{e}");
    for count in ["0", "1", "'x'", "-5"] {
        let src = format!(
            "function moves(n)\n  if type(n) ~= 'number' or n <= 0 then return {{}} end\n  return {{ {{ '\\1copies', {count}, n - 1 }} }}\nend\n"
        );
        let reg = registry(&[("forged.luau", src.as_str())]);
        for play in [Play::Normal, Play::Misere] {
            let opts = grundy::analysis::Options::for_play(play);
            // An answer or an error; the test fails on a panic.
            let _ = grundy::api::analyze(&reg, "forged(4)", &opts);
        }
    }
}
