//! `const ARITY = k;` (rules.md, Positions): with arity 1 a term of several arguments is a sum,
//! as for `nim`; with arity k > 1 a position is k arguments and a multiple of k is a sum; any
//! other count is an input error naming the arity. The first version read `NAME(4, 7, 9)` as
//! one array position, so a heap script answered a lost position with no moves: these tests
//! pin the new reading against the built-in families and against a plain search.

use grundy::analysis::Options;
use grundy::{api, Error, Nimber, Outcome};

use crate::family::{registry, LASKER};

/// Take 1 to 3, or split a heap of at least 4 into two unequal heaps (the script).
const SPLITTER: &str = "fn moves(n) {
    let out = [];
    for k in 1..=3 { if k <= n { out.push(n - k); } }
    if n >= 4 { for a in 1..n { if a < n - a { out.push(sum([a, n - a])); } } }
    out
}";

/// Plain mex search of the splitter's heap values (independent of the engine).
fn splitter_values(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let mut seen = vec![false; 4 * (n + 2)];
        for k in 1..=3.min(h) {
            seen[g[h - k] as usize] = true;
        }
        if h >= 4 {
            for a in 1..h {
                if a < h - a {
                    seen[(g[a] ^ g[h - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap_or(0) as u64);
    }
    g
}

fn nimber(reg: &grundy::Registry, expr: &str) -> Option<Nimber> {
    match api::analyze(reg, expr, &Options::default()) {
        Ok(a) => a.nimber,
        Err(e) => panic!("{expr}: {e}"),
    }
}

#[test]
fn arity_one_reads_several_arguments_as_a_sum() {
    let reg = registry(&[("games/splitter.rhai", SPLITTER)]);
    let g = splitter_values(12);
    let want = g[4] ^ g[7] ^ g[9];
    let a = api::analyze(&reg, "splitter(4,7,9)", &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.nimber, Some(Nimber::new(want)));
    assert_eq!(a.outcome, Outcome::of_nimber(&Nimber::new(want)));
    // The same position written as a sum of terms.
    assert_eq!(
        nimber(&reg, "splitter(4) + splitter(7) + splitter(9)"),
        Some(Nimber::new(want))
    );
    // Every heap up to 12 against the plain search, alone and in threes.
    for a in 0..=12usize {
        assert_eq!(
            nimber(&reg, &format!("splitter({a})")),
            Some(Nimber::new(g[a])),
            "{a}"
        );
        let (b, c) = ((a * 5 + 3) % 13, (a * 7 + 1) % 13);
        assert_eq!(
            nimber(&reg, &format!("splitter({a},{b},{c})")),
            Some(Nimber::new(g[a] ^ g[b] ^ g[c])),
            "{a},{b},{c}"
        );
    }
}

#[test]
fn arity_one_agrees_with_the_builtin_in_sums() {
    // Lasker's Nim is tb[4.[3]]: lasker(a, b, c) must equal tb[4.[3]](a, b, c).
    let reg = registry(&[("games/lasker.rhai", LASKER)]);
    for (a, b, c) in [(1, 2, 3), (4, 7, 9), (5, 5, 6), (10, 3, 8)] {
        let script = nimber(&reg, &format!("lasker({a},{b},{c})"));
        let builtin = nimber(&reg, &format!("tb[4.[3]]({a},{b},{c})"));
        assert_eq!(script, builtin, "{a},{b},{c}");
    }
    // Winning moves name one heap each and parse back.
    let a =
        api::analyze(&reg, "lasker(4,7,9)", &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    for m in &a.winning_moves {
        let p = reg.parse(&m.to).unwrap_or_else(|e| panic!("{}: {e}", m.to));
        assert_eq!(p.to_string(), m.to);
        let after =
            api::analyze(&reg, &m.to, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(after.outcome, Outcome::P, "{}", m.to);
    }
}

/// A two-heap game: take from either heap, or the same from both (Wythoff).
const WYTHOFF: &str = "const ARITY = 2;
fn moves(p) {
    let a = p[0]; let b = p[1];
    let out = [];
    for k in 1..=a { out.push([a - k, b]); }
    for k in 1..=b { out.push([a, b - k]); }
    for k in 1..=min(a, b) { out.push([a - k, b - k]); }
    out
}";

#[test]
fn arity_two_reads_pairs_and_sums_of_pairs() {
    let reg = registry(&[("games/wy.rhai", WYTHOFF)]);
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (2, 2), (6, 3)] {
        assert_eq!(
            nimber(&reg, &format!("wy({a},{b})")),
            nimber(&reg, &format!("wythoff({a},{b})")),
            "{a},{b}"
        );
    }
    // Four arguments: the sum of two pairs.
    assert_eq!(
        nimber(&reg, "wy(1,2,4,7)"),
        nimber(&reg, "wythoff(1,2) + wythoff(4,7)")
    );
    let p = reg.parse("wy(1,2,4,7)").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reg.parse(&p.to_string()).ok(), Some(p));
}

#[test]
fn a_count_that_is_not_a_multiple_of_the_arity_is_an_input_error() {
    let reg = registry(&[("games/wy.rhai", WYTHOFF)]);
    for expr in ["wy(1,2,3)", "wy(1)", "wy()"] {
        match api::analyze(&reg, expr, &Options::default()) {
            Err(Error::Input { message, .. }) => {
                assert!(message.contains("ARITY"), "{expr}: {message}");
            }
            other => panic!("{expr}: expected an input error, got {other:?}"),
        }
    }
}

#[test]
fn an_option_of_the_wrong_shape_is_an_error_not_a_silent_answer() {
    // Declares arity 2 but returns single integers.
    let reg = registry(&[(
        "games/bad.rhai",
        "const ARITY = 2; fn moves(p) { if p[0] > 0 { [p[0] - 1] } else { [] } }",
    )]);
    match api::analyze(&reg, "bad(3, 1)", &Options::default()) {
        Err(Error::Input { message, .. }) => assert!(message.contains("ARITY"), "{message}"),
        other => panic!("expected an input error, got {other:?}"),
    }
}

#[test]
fn arity_all_keeps_every_argument_in_one_position() {
    let src = "const ARITY = \"all\"; fn moves(p) {
        let out = [];
        if type_of(p) == \"i64\" { return out; }
        for i in 0..p.len() { let q = p; q.remove(i); out.push(q); }
        out
    }";
    let reg = registry(&[("games/drop.rhai", src)]);
    // drop(a, b, c) is one position of three items: every move removes one item, so the
    // game lasts exactly as many moves as there are items, down to the empty list.
    let a =
        api::analyze(&reg, "drop(5,6,7)", &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.outcome, Outcome::N);
    let b = api::analyze(&reg, "drop(5,6)", &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.outcome, Outcome::P);
}

#[test]
fn a_bad_arity_declaration_is_reported() {
    for decl in ["0", "-2", "\"two\"", "1.5", "1000"] {
        let src = format!("const ARITY = {decl}; fn moves(p) {{ [] }}");
        let r = grundy_script::check(&src, "<x>", &Default::default());
        assert!(!r.is_ok(), "{decl}");
        assert!(
            r.problems[0].to_string().contains("ARITY"),
            "{decl}: {}",
            r.problems[0]
        );
    }
    let r = grundy_script::check(
        "const ARITY = 3; fn moves(p) { [] }",
        "<x>",
        &Default::default(),
    );
    assert_eq!(r.arity, grundy_script::Arity::Fixed(3));
}

#[test]
fn tables_of_families_of_several_arguments_are_refused_with_the_reason() {
    let reg = registry(&[("games/wy.rhai", WYTHOFF)]);
    match api::table(&reg, "wy", &10u32.into(), &grundy::Limits::default()) {
        Err(e) => assert!(e.to_string().contains("ARITY"), "{e}"),
        Ok(_) => panic!("a table of a two-argument family"),
    }
}

/// `moves_into` reads integers, short arrays of integers and sums of them without building
/// values on the way (`small_options` in script.rs); every other shape goes the general way.
/// Both must give the options `moves` gives, in order, for every shape and arity, and the
/// shapes the arity refuses must stay errors.
#[test]
fn options_read_straight_into_keys_equal_the_general_reading() {
    use grundy::solve::OptionList;
    use grundy_script::{Datum, Key, Sandbox, Script, ScriptOption};
    // Position n returns one of eight mixes of shapes, chosen by n % 8.
    let body = "fn moves(p) {
        let n = if type_of(p) == \"array\" { p[0] } else { p };
        let m = n % 8;
        if m == 0 { [n - 1, n - 2, sum([1, 2]), sum([])] }
        else if m == 1 { [[n, 1], [n - 1, 2], sum([[1, 2], [3, 4]])] }
        else if m == 2 { [[1], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5]] }
        else if m == 3 { [sum([1, sum([2, 3])]), \"x\", [\"y\", 1]] }
        else if m == 4 { [[-5, 9_000_000_000], -1, sum([[7, 8], 9])] }
        else if m == 5 { [] }
        else if m == 6 { [[[1, 2]], [1, [2]]] }
        else { [n, [n, n], sum([[n, n], [n, n]])] }
    }";
    for arity in ["", "const ARITY = 2;", "const ARITY = \"all\";"] {
        let src = format!("{arity}\n{body}");
        let s = Script::compile(&src, "t.rhai", Sandbox::default())
            .unwrap_or_else(|e| panic!("{arity}: {e}"));
        for n in 8..24i64 {
            let p = if arity.is_empty() {
                Datum::Int(n)
            } else {
                Datum::List(vec![Datum::Int(n), Datum::Int(0)])
            };
            let general = s.moves(&p);
            let mut out = OptionList::new();
            let fast = s.moves_into(&Key::of(&p), &mut out);
            match general {
                Ok(options) => {
                    assert!(fast.is_ok(), "{arity} {n}: {fast:?}");
                    let want: Vec<Vec<Key>> = options
                        .iter()
                        .map(|o| match o {
                            ScriptOption::One(q) => vec![Key::of(q)],
                            ScriptOption::Sum(parts) => parts.iter().map(Key::of).collect(),
                        })
                        .collect();
                    assert_eq!(out.to_vecs(), want, "{arity} {n}");
                }
                Err(e) => {
                    let f = fast.err().map(|f| f.to_string());
                    assert_eq!(f, Some(e.to_string()), "{arity} {n}");
                }
            }
        }
    }
}

/// Take 1, 2 or 3 counters (Luau), the issue's `bash.luau`.
const BASH_LUAU: &str = "function moves(n)
    local out = {}
    for k = 1, 3 do if k <= n then out[#out + 1] = n - k end end
    return out
end";

/// kiki's board (HDU 2147) in Luau: a coin moves left, down or down-left.
const KIKI_LUAU: &str = "ARITY = 2
function moves(p)
    local n, m = p[1], p[2]
    local out = {}
    if m > 1 then out[#out + 1] = {n, m - 1} end
    if n > 1 then out[#out + 1] = {n - 1, m} end
    if n > 1 and m > 1 then out[#out + 1] = {n - 1, m - 1} end
    return out
end";

#[test]
fn a_script_position_typed_as_a_move_is_read_with_the_scripts() {
    // The play session read a typed position with the built-in families only, so `bash(7)`
    // was "unknown ruleset 'bash'" and a two-number game could be played by numbers only.
    let reg = registry(&[
        ("games/bash.luau", BASH_LUAU),
        ("games/kiki.luau", KIKI_LUAU),
        ("games/wy.rhai", WYTHOFF),
    ]);
    for (start, typed, after) in [
        ("bash(10)", "bash(7)", "bash(7)"),
        ("bash(10) + nim(3)", "bash(8) + nim(3)", "bash(8) + nim(3)"),
        ("kiki(3,3)", "kiki(2, 2)", "kiki(2,2)"),
        ("kiki(3,3,2,2)", "kiki(3,2,2,2)", "kiki(3,2) + kiki(2,2)"),
        ("wy(4,7)", "wy(2,5)", "wy(2,5)"),
    ] {
        let pos = reg.parse(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        let list = api::legal_moves(&pos, 30);
        let m = api::parse_move(&reg, &pos, typed, &list)
            .unwrap_or_else(|e| panic!("{start}: {typed}: {}", e.message));
        assert_eq!(m.apply(&pos).to_string(), after, "{start}: {typed}");
    }
    // A position that is not one move away is refused with the reason, not as unknown.
    let pos = reg.parse("kiki(3,3)").unwrap_or_else(|e| panic!("{e}"));
    let list = api::legal_moves(&pos, 30);
    let e = api::parse_move(&reg, &pos, "kiki(1,1)", &list)
        .err()
        .map(|e| e.message)
        .unwrap_or_default();
    assert!(e.contains("cannot be reached in one move"), "{e}");
}
