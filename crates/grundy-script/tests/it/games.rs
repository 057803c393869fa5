//! Options of other families: `game(NAME, args...)` in a script's options is a position of a
//! built-in family, valued by that family (its closed forms, tables and periods), rendered in
//! its notation, and played move by move in either play.

use grundy::analysis::Options;
use grundy::{api, Nimber, Outcome, Play, Registry};

use crate::family::{analyze, registry};

/// A circle of coins (POJ 2484): the first move leaves a line of Kayles, as a built-in game.
const CIRCLE_LUAU: &str = r#"
NAME = "circle"
function moves(n)
    local out = {}
    if n >= 1 then out[#out + 1] = game("tb[0.77]", n - 1) end
    if n >= 2 then out[#out + 1] = game("tb[0.77]", n - 2) end
    return out
end
"#;

/// The same circle with the lines written out by hand (funny.luau's moves): the reference.
const CIRCLE_BY_HAND: &str = r#"
NAME = "hand"
function moves(p)
    local out = {}
    if type(p) == "number" then
        if p >= 1 then out[#out + 1] = {p - 1} end
        if p >= 2 then out[#out + 1] = {p - 2} end
        return out
    end
    local k = p[1]
    for a = 0, k - 1 do out[#out + 1] = sum({{a}, {k - 1 - a}}) end
    for a = 0, k - 2 do out[#out + 1] = sum({{a}, {k - 2 - a}}) end
    return out
end
"#;

/// Rhai: a heap that may be taken whole, or turned into two Nim heaps and a Wythoff position.
const MIXED_RHAI: &str = r#"
const NAME = "mixed";
fn moves(n) {
    let out = [];
    if n > 0 { out.push(0); }
    for a in 0..n {
        out.push(sum([game("nim", a), game("nim", n - 1 - a)]));
        out.push(game("wythoff", a, n - a));
    }
    out
}
"#;

fn reg() -> Registry {
    registry(&[
        ("circle.luau", CIRCLE_LUAU),
        ("hand.luau", CIRCLE_BY_HAND),
        ("mixed.rhai", MIXED_RHAI),
    ])
}

fn nimber(reg: &Registry, expr: &str) -> u64 {
    let a = analyze(reg, expr, Play::Normal);
    a.nimber
        .and_then(|v| v.to_u64())
        .unwrap_or_else(|| panic!("{expr}: no value"))
}

#[test]
fn a_circle_opened_into_kayles_has_the_values_of_the_search_by_hand() {
    let reg = reg();
    for n in 0..40 {
        assert_eq!(
            nimber(&reg, &format!("circle({n})")),
            nimber(&reg, &format!("hand({n})")),
            "circle({n})"
        );
    }
    // And at the judge's largest size, where the search by hand is out of reach: the value
    // is the mex of Kayles' values of the two lines.
    for n in [999_999u64, 1_000_000] {
        let k = |m: u64| nimber(&reg, &format!("tb[0.77]({m})"));
        let (a, b) = (k(n - 1), k(n - 2));
        let mex = (0..).find(|v| *v != a && *v != b).unwrap_or(0);
        assert_eq!(nimber(&reg, &format!("circle({n})")), mex, "circle({n})");
    }
}

#[test]
fn moves_to_other_families_are_written_in_their_notation_and_parse_back() {
    let reg = reg();
    let a = analyze(&reg, "circle(2) + nim(1)", Play::Normal);
    assert!(!a.winning_moves.is_empty());
    let mut saw_kayles = false;
    for m in &a.winning_moves {
        saw_kayles |= m.to.contains("tb[0.77](");
        assert!(!m.to.contains("game"), "{}", m.to);
        // The text parses back to a position of value 0 (every winning move leaves a
        // P-position).
        let back = analyze(&reg, &m.to, Play::Normal);
        assert_eq!(back.nimber, Some(Nimber::ZERO), "{}", m.to);
    }
    assert!(saw_kayles, "{:?}", a.winning_moves);
    // A move within the Kayles line is Kayles' own move.
    let b = analyze(&reg, "circle(9) + tb[0.77](1)", Play::Normal);
    assert_eq!(b.outcome, Outcome::N);
}

#[test]
fn misere_play_searches_through_the_other_family_as_through_the_script() {
    let reg = reg();
    for n in 0..9 {
        for m in 0..5 {
            let ours = analyze(&reg, &format!("circle({n}) + circle({m})"), Play::Misere);
            let hand = analyze(&reg, &format!("hand({n}) + hand({m})"), Play::Misere);
            assert_eq!(ours.outcome, hand.outcome, "circle({n}) + circle({m})");
        }
    }
}

#[test]
fn a_rhai_script_mixes_sums_of_nim_heaps_and_wythoff_positions() {
    let reg = reg();
    // By hand: the options of n are 0 (for n > 0), nim(a) + nim(n-1-a) and wythoff(a, n-a).
    let wythoff = |a: u64, b: u64| nimber(&reg, &format!("wythoff({a},{b})"));
    let mut want = Vec::new();
    for n in 0..24u64 {
        let mut seen = Vec::new();
        if n > 0 {
            seen.push(want[0]);
        }
        for a in 0..n {
            seen.push(a ^ (n - 1 - a));
            seen.push(wythoff(a, n - a));
        }
        let mex = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        want.push(mex);
        assert_eq!(nimber(&reg, &format!("mixed({n})")), mex, "mixed({n})");
    }
}

#[test]
fn a_wrong_game_is_an_input_error_that_names_it() {
    for (body, says) in [
        ("game(\"nosuch\", 3)", "nosuch"),
        ("game(\"nim\", 3, 4)", "sum of 2 positions"),
        ("game(\"tb[0.77]\", -1)", "tb[0.77]"),
        ("game(\"nim\", {1, 2})", "not arrays"),
    ] {
        let src = format!("NAME = \"bad\"\nfunction moves(n)\n  return {{ {body} }}\nend\n");
        let reg = registry(&[("bad.luau", src.as_str())]);
        let e = api::analyze(&reg, "bad(1)", &Options::for_play(Play::Normal)).expect_err(body);
        let text = e.to_string();
        assert!(text.contains(says), "{body}: {text}");
        assert_eq!(e.kind(), grundy::ErrorKind::Input, "{body}: {text}");
    }
    let src = "NAME = \"bad\"\nfunction moves(n)\n  return { game(7) }\nend\n";
    let reg = registry(&[("bad.luau", src)]);
    let e = api::analyze(&reg, "bad(1)", &Options::for_play(Play::Normal)).expect_err("game(7)");
    assert!(e.to_string().contains("game's name first"), "{e}");
}

#[test]
fn positions_of_another_family_are_exempt_from_the_scripts_arity() {
    let src = r#"
NAME = "board"
ARITY = 2
function moves(p)
    local out = {}
    if p[1] > 0 then out[#out + 1] = {p[1] - 1, p[2]} end
    if p[2] > 0 then out[#out + 1] = game("nim", p[2] - 1) end
    return out
end
"#;
    let reg = registry(&[("board.luau", src)]);
    // board(a, b): the options are board(a-1, b) and the Nim heap b-1, so by hand G(a, b) is
    // the mex of G(a-1, b) and b-1, row by row.
    for a in 0..6u64 {
        for b in 0..6u64 {
            let mut g = 0u64;
            // G(0, b) = mex{b - 1} for b > 0, else 0.
            let mut prev: Option<u64> = None;
            for _ in 0..=a {
                let mut seen = Vec::new();
                if let Some(p) = prev {
                    seen.push(p);
                }
                if b > 0 {
                    seen.push(b - 1);
                }
                g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
                prev = Some(g);
            }
            assert_eq!(
                nimber(&reg, &format!("board({a},{b})")),
                g,
                "board({a},{b})"
            );
        }
    }
}

/// A sum of many components writes its moves from pieces rendered once: the texts are those of
/// the position after the move, the canonical one (which parses back) and the one for people
/// (`display`), with the script's own positions and other games mixed.
#[test]
fn the_moves_of_a_large_sum_are_written_as_the_positions_they_lead_to() {
    let src = r#"
NAME = "pile"
function moves(n)
    local out = {}
    if n >= 1 then out[#out + 1] = n - 1 end
    if n >= 2 then out[#out + 1] = game("nim", n - 2) end
    return out
end
function display(n)
    return "pile of " .. n
end
"#;
    let reg = registry(&[("pile.luau", src)]);
    let piles: Vec<String> = (0..70).map(|i| format!("pile({})", i % 9 + 1)).collect();
    let expr = format!("{} + nim(6)", piles.join(" + "));
    let a = analyze(&reg, &expr, Play::Normal);
    assert!(a.winning_moves.len() >= 2, "{:?}", a.winning_moves);
    for m in &a.winning_moves {
        let back = reg.parse(&m.to).unwrap_or_else(|e| panic!("{}: {e}", m.to));
        assert_eq!(back.to_string(), m.to);
        assert_eq!(m.shown.as_deref(), Some(back.shown().as_str()), "{}", m.to);
        assert_eq!(
            analyze(&reg, &m.to, Play::Normal).nimber,
            Some(Nimber::ZERO),
            "{}",
            m.to
        );
    }
    // The texts for people differ from the canonical ones: the piles have their own.
    assert!(a.winning_moves.iter().all(|m| m.shown.is_some()));
}
