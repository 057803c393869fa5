//! Luau rule scripts: the same contract as Rhai's (positions, sums, arity, hooks, limits,
//! errors), the same answers as Rhai scripts and built-in families on the same games, and the
//! sandbox tested as Rhai's is (no files, clock, modules, printing or global state; endless
//! loops, deep recursion and huge values stop at a limit).

use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::analysis::Options;
use grundy::{api, Cancel, Error, Nimber, Outcome};
use grundy_script::{Datum, Interrupt, LimitKind, Sandbox, Script, ScriptError, ScriptOption};

use crate::common::fails;
use crate::family::{registry, LASKER};

/// Lasker's Nim in Luau, as the contract's Rhai example.
pub const LASKER_LUAU: &str = "function moves(n)
    local out = {}
    for k = 1, n do out[#out + 1] = n - k end
    for a = 1, n // 2 do out[#out + 1] = sum({a, n - a}) end
    return out
end";

fn luau(src: &str) -> Script {
    match Script::compile(src, "games/t.luau", Sandbox::default()) {
        Ok(s) => s,
        Err(e) => panic!("should compile: {e}"),
    }
}

fn luau_error(src: &str, p: Datum) -> ScriptError {
    fails(luau(src).moves(&p))
}

fn nimber(reg: &grundy::Registry, expr: &str) -> Option<Nimber> {
    match api::analyze(reg, expr, &Options::default()) {
        Ok(a) => a.nimber,
        Err(e) => panic!("{expr}: {e}"),
    }
}

#[test]
fn lasker_in_luau_agrees_with_rhai_and_the_builtin() {
    let reg = registry(&[
        ("games/lasker.rhai", LASKER),
        ("games/llasker.luau", LASKER_LUAU),
    ]);
    for n in 0..40 {
        let want = nimber(&reg, &format!("tb[4.[3]]({n})"));
        assert_eq!(nimber(&reg, &format!("llasker({n})")), want, "{n}");
        assert_eq!(nimber(&reg, &format!("lasker({n})")), want, "{n}");
    }
    // Sums mix the two languages and the built-ins; arity 1 reads several arguments as a sum.
    assert_eq!(
        nimber(&reg, "llasker(4,7,9) + lasker(3)"),
        nimber(&reg, "tb[4.[3]](4,7,9,3)")
    );
    let t = api::table(&reg, "llasker", &60u32.into(), &grundy::Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let b = api::table(&reg, "tb[4.[3]]", &60u32.into(), &grundy::Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.values, b.values);
}

#[test]
fn arity_and_sums_in_luau() {
    let src = "ARITY = 2
function moves(p)
    local a, b = p[1], p[2]
    local out = {}
    for k = 1, a do out[#out + 1] = {a - k, b} end
    for k = 1, b do out[#out + 1] = {a, b - k} end
    for k = 1, math.min(a, b) do out[#out + 1] = {a - k, b - k} end
    return out
end";
    let reg = registry(&[("games/wy.luau", src)]);
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 3)] {
        assert_eq!(
            nimber(&reg, &format!("wy({a},{b})")),
            nimber(&reg, &format!("wythoff({a},{b})")),
            "{a},{b}"
        );
    }
    assert_eq!(
        nimber(&reg, "wy(1,2,4,7)"),
        nimber(&reg, "wythoff(1,2) + wythoff(4,7)")
    );
    match api::analyze(&reg, "wy(1,2,3)", &Options::default()) {
        Err(Error::Input { message, .. }) => assert!(message.contains("ARITY"), "{message}"),
        other => panic!("{other:?}"),
    }
    // Nested sums flatten; an empty sum ends the game.
    let s = luau("function moves(n) return {sum({1, sum({2, 3})}), sum({}), 4} end");
    assert_eq!(
        s.moves(&Datum::Int(0)).unwrap_or_default(),
        vec![
            ScriptOption::Sum(vec![Datum::Int(1), Datum::Int(2), Datum::Int(3)]),
            ScriptOption::Sum(vec![]),
            ScriptOption::One(Datum::Int(4)),
        ]
    );
    // Strings and arrays are positions, compared by value.
    let s = luau("function moves(p) return {\"ab\", {1, {2, \"x\"}}} end");
    assert_eq!(
        s.moves(&Datum::Int(0)).unwrap_or_default(),
        vec![
            ScriptOption::One(Datum::Str("ab".into())),
            ScriptOption::One(Datum::List(vec![
                Datum::Int(1),
                Datum::List(vec![Datum::Int(2), Datum::Str("x".into())])
            ])),
        ]
    );
}

#[test]
fn closed_form_hooks_answer_without_search() {
    // take 1 or 2: G(n) = n mod 3; the hook answers a heap no search could reach.
    let src = "function moves(n)
    local out = {}
    for k = 1, 2 do if k <= n then out[#out + 1] = n - k end end
    return out
end
function nimber(n) if n > 100 then return n % 3 end return nil end";
    let reg = registry(&[("games/bash.luau", src)]);
    assert_eq!(nimber(&reg, "bash(1000000000000)"), Some(Nimber::new(1)));
    assert_eq!(nimber(&reg, "bash(50)"), Some(Nimber::new(2)));
    let a = api::analyze(&reg, "bash(1000000000000)", &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].to, "bash(999999999999)");
}

#[test]
fn results_that_are_not_arrays_are_errors_not_silent_answers() {
    for (src, why) in [
        (
            "function moves(n) return {[0] = n - 1} end",
            "keys other than",
        ),
        (
            "function moves(n) local t = {} t[1] = 1 t[3] = 2 return t end",
            "key",
        ),
        ("function moves(n) return {a = 1} end", "key"),
        ("function moves(n) return 5 end", "array"),
        ("function moves(n) return nil end", "array"),
        ("function moves(n) return {1.5} end", "decimal"),
        ("function moves(n) return {2^60} end", "2^53"),
        ("function moves(n) return {true} end", "boolean"),
        ("function moves(n) return {{sum({1})}} end", "sum inside"),
    ] {
        let e = luau_error(src, Datum::Int(3));
        assert!(matches!(e, ScriptError::BadOption { .. }), "{src}: {e:?}");
        assert!(e.to_string().contains(why), "{src}: {e}");
    }
    // A position beyond 2^53 cannot be given to a Luau script.
    let e = luau_error("function moves(n) return {} end", Datum::Int(1 << 60));
    assert!(e.to_string().contains("2^53"), "{e}");
    // Nor as an item of a pair or a triple (passed as numbers, not as a table).
    for items in [
        vec![Datum::Int(1), Datum::Int(1 << 60)],
        vec![Datum::Int(1 << 60), Datum::Int(2), Datum::Int(3)],
    ] {
        let e = luau_error("function moves(p) return {} end", Datum::List(items));
        assert!(matches!(e, ScriptError::BadPosition { .. }), "{e:?}");
        assert!(e.to_string().contains("2^53"), "{e}");
    }
}

#[test]
fn errors_name_the_file_and_line() {
    let e = luau_error(
        "function moves(n)\n  error(\"bad position\")\nend",
        Datum::Int(1),
    );
    let text = e.to_string();
    assert!(text.contains("games/t.luau:2"), "{text}");
    assert!(text.contains("bad position"), "{text}");
    assert!(text.contains("moves of t(1)"), "{text}");
    let c = Script::compile(
        "function moves(n)\n  return {\nend",
        "games/t.luau",
        Sandbox::default(),
    );
    match c {
        Err(ScriptError::Compile { location, .. }) => {
            assert_eq!(location.file, "games/t.luau");
            assert!(location.line_column.is_some(), "{location}");
        }
        other => panic!("{other:?}"),
    }
    for (src, what) in [
        ("x = 1", "moves"),
        ("function moves(a, b) return {} end", "parameters"),
        ("ARITY = 0 function moves(p) return {} end", "ARITY"),
        ("NAME = 5 function moves(p) return {} end", "NAME"),
    ] {
        let r = grundy_script::check(src, "games/t.luau", &Sandbox::default());
        assert!(!r.is_ok(), "{src}");
        assert!(
            r.problems[0].to_string().contains(what),
            "{src}: {}",
            r.problems[0]
        );
    }
}

#[test]
fn the_sandbox_has_no_files_clock_modules_or_printing() {
    for src in [
        "function moves(n) local t = os.time() return {} end",
        "function moves(n) local t = os.clock() return {} end",
        "function moves(n) local f = io.open('/etc/passwd') return {} end",
        "function moves(n) local m = require('x') return {} end",
        "function moves(n) print('hello') return {} end",
        "function moves(n) local f = loadstring('return 1') return {} end",
        "function moves(n) local e = getfenv(1) return {} end",
        "function moves(n) collectgarbage() return {} end",
        "function moves(n) local r = math.random() return {} end",
        "function moves(n) local d = debug.traceback() return {} end",
        "function moves(n) local c = coroutine.create(print) return {} end",
    ] {
        let e = luau_error(src, Datum::Int(1));
        assert!(matches!(e, ScriptError::Runtime { .. }), "{src}: {e:?}");
    }
}

#[test]
fn calls_leave_no_state_behind() {
    // Globals and the tables the top level made are frozen: a call cannot change them.
    for src in [
        "count = 0 function moves(n) count = count + 1 return {} end",
        "S = {1, 2} function moves(n) S[1] = 5 return {} end",
        "function moves(n) helper = 1 return {} end",
        "function moves(n) string.len = nil return {} end",
    ] {
        let e = luau_error(src, Datum::Int(1));
        assert!(matches!(e, ScriptError::Runtime { .. }), "{src}: {e:?}");
    }
    // Reading constants is fine.
    let s = luau("S = {1, 3, 4} function moves(n) local o = {} for _, k in ipairs(S) do if k <= n then o[#o+1] = n - k end end return o end");
    assert_eq!(s.moves(&Datum::Int(4)).unwrap_or_default().len(), 3);
}

#[test]
fn runaway_scripts_stop_at_a_limit() {
    let limit_of = |e: &ScriptError| match e {
        ScriptError::Limit { limit, .. } => Some(*limit),
        _ => None,
    };
    let e = luau_error("function moves(n) while true do end end", Datum::Int(1));
    assert_eq!(limit_of(&e), Some(LimitKind::Operations), "{e}");
    let e = luau_error(
        "local function f(x) return f(x + 1) + 1 end function moves(n) return f(n) end",
        Datum::Int(1),
    );
    assert_eq!(limit_of(&e), Some(LimitKind::CallDepth), "{e}");
    let small = Sandbox {
        memory: 64 << 20,
        operations: 1 << 40,
        ..Sandbox::default()
    };
    for src in [
        "function moves(n) local t = {} for i = 1, 1e9 do t[i] = i end return t end",
        "function moves(n) local s = 'x' while true do s = s .. s end end",
        "function moves(n) return {string.rep('x', 2^27)} end",
        // Past Luau's largest table ("table overflow", "size out of range"), read as the
        // memory limit.
        "function moves(n) return table.create(4e8, 0) end",
        "function moves(n) return table.create(6e8) end",
    ] {
        let s =
            Script::compile(src, "games/t.luau", small.clone()).unwrap_or_else(|e| panic!("{e}"));
        let e = fails(s.moves(&Datum::Int(1)));
        assert!(
            matches!(
                limit_of(&e),
                Some(LimitKind::Memory) | Some(LimitKind::Operations)
            ),
            "{src}: {e}"
        );
    }
    // The game never ends: the search stops at its position limit, quickly.
    let reg = registry(&[("games/up.luau", "function moves(n) return {n + 1} end")]);
    let mut o = Options::default();
    o.limits = o.limits.with_nodes(100_000);
    let e = api::analyze(&reg, "up(0)", &o).err();
    assert!(matches!(e, Some(Error::Limit { .. })), "{e:?}");
}

#[test]
fn cancellation_and_deadline_stop_a_running_call() {
    let s = Arc::new(
        Script::compile(
            "function moves(n) while true do end end",
            "games/t.luau",
            Sandbox {
                operations: u64::MAX,
                ..Sandbox::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let flag = Cancel::new();
    s.set_interrupt(Interrupt {
        cancel: Some(flag.clone()),
        deadline: None,
    });
    let f2 = flag.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        f2.cancel();
    });
    let e = fails(s.moves(&Datum::Int(1)));
    assert!(matches!(e, ScriptError::Cancelled { .. }), "{e:?}");
    let _ = t.join();
    s.set_interrupt(Interrupt {
        cancel: None,
        deadline: Some(Instant::now() + Duration::from_millis(30)),
    });
    let e = fails(s.moves(&Datum::Int(1)));
    assert!(
        matches!(
            e,
            ScriptError::Limit {
                limit: LimitKind::Time,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn rules_check_compares_closed_forms_with_the_search() {
    // Right: take 1 to 3, G(n) = n mod 4.
    let right = "function moves(n) local o = {} for k = 1, 3 do if k <= n then o[#o+1] = n - k end end return o end
function nimber(n) return n % 4 end
function outcome(n) if n % 4 == 0 then return \"P\" end return \"N\" end";
    let r = grundy_script::check_values(right, "games/bash.luau", &Sandbox::default(), 40);
    assert!(r.is_ok(), "{:?}", r.problems);
    assert_eq!(r.closed_forms_checked, Some(41));
    // Wrong at 7 only: caught, with the position and both answers.
    let wrong = "function moves(n) local o = {} for k = 1, 3 do if k <= n then o[#o+1] = n - k end end return o end
function nimber(n) if n == 7 then return 0 end return n % 4 end";
    let r = grundy_script::check_values(wrong, "games/bash.luau", &Sandbox::default(), 40);
    assert!(!r.is_ok());
    let text = r.problems[0].to_string();
    assert!(text.contains("nimber gives 0 for bash(7)"), "{text}");
    // The same in Rhai, for an outcome of a two-number game (Wythoff's P-positions are not
    // n == m: the conjecture fails at (1, 1)).
    let rhai = "const ARITY = 2;
fn moves(p) { let o = []; for k in 1..=p[0] { o.push([p[0] - k, p[1]]); } for k in 1..=p[1] { o.push([p[0], p[1] - k]); } for k in 1..=min(p[0], p[1]) { o.push([p[0] - k, p[1] - k]); } o }
fn outcome(p) { if p[0] == p[1] { \"P\" } else { \"N\" } }";
    let r = grundy_script::check_values(rhai, "games/wy.rhai", &Sandbox::default(), 10);
    assert!(!r.is_ok());
    assert!(
        r.problems[0]
            .to_string()
            .contains("outcome gives \"P\" for wy(1, 1)"),
        "{}",
        r.problems[0]
    );
}

/// The operation limit counts each call afresh and to the operation: a loop of n back edges
/// passes under a limit of n + 100 and stops under n - 100, call after call (the interrupt
/// counts a grant of ticks at a time, and the grant never runs past the limit).
#[test]
fn the_operation_limit_is_per_call_and_exact_within_a_few_operations() {
    let n: u64 = 5000;
    let src = "function moves(n) local k = 0 for i = 1, n do k += 1 end return {} end";
    let with_limit = |operations: u64| {
        Script::compile(
            src,
            "games/t.luau",
            Sandbox {
                operations,
                ..Sandbox::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let roomy = with_limit(n + 100);
    for _ in 0..5 {
        assert!(roomy.moves(&Datum::Int(n as i64)).is_ok());
    }
    let tight = with_limit(n - 100);
    for _ in 0..3 {
        match tight.moves(&Datum::Int(n as i64)) {
            Err(ScriptError::Limit {
                limit: LimitKind::Operations,
                ..
            }) => {}
            other => panic!("expected the operations limit, got {other:?}"),
        }
        // A short call after a stopped one starts from zero.
        assert!(tight.moves(&Datum::Int(10)).is_ok());
    }
}

/// HDU 2873's bombs with options returned as arrays of sums of arrays.
const BOMB_ARRAYS: &str = "ARITY = 2
function moves(b)
    local p, q = b[1], b[2]
    local out = {}
    if p > 1 and q > 1 then
        for u = 1, p - 1 do for v = 1, q - 1 do out[#out + 1] = sum({{u, q}, {p, v}}) end end
    elseif p == 1 then
        for v = 1, q - 1 do out[#out + 1] = {1, v} end
    else
        for u = 1, p - 1 do out[#out + 1] = {u, 1} end
    end
    return out
end";

/// The same game with `emit`: half of the options of a position emitted, the other half
/// returned in its array (both count).
const BOMB_EMIT: &str = "ARITY = 2
function moves(b)
    local p, q = b[1], b[2]
    if p == 1 and q == 1 then return {} end
    local out = {}
    if p > 1 and q > 1 then
        for u = 1, p - 1 do
            for v = 1, q - 1 do
                if (u + v) % 2 == 0 then emit(u, q, p, v) else out[#out + 1] = sum({{u, q}, {p, v}}) end
            end
        end
    elseif p == 1 then
        for v = 1, q - 1 do emit(1, v) end
    else
        for u = 1, p - 1 do emit(u, 1) end
    end
    return out
end";

#[test]
fn emit_writes_the_options_arrays_write() {
    let reg = registry(&[("games/ba.luau", BOMB_ARRAYS), ("games/be.luau", BOMB_EMIT)]);
    let analysis = |e: &str, play| match api::analyze(&reg, e, &Options::for_play(play)) {
        Ok(a) => a,
        Err(err) => panic!("{e}: {err}"),
    };
    let mut sums = Vec::new();
    for p in 1..=7 {
        for q in 1..=7 {
            sums.push(format!("{p},{q}"));
        }
    }
    // Each bomb alone, and sums of two and three bombs, in both plays.
    let mut cases: Vec<String> = sums.clone();
    for (i, a) in sums.iter().enumerate().step_by(5) {
        cases.push(format!("{a},{}", sums[(i * 7 + 3) % sums.len()]));
        cases.push(format!(
            "{a},{},{}",
            sums[(i + 11) % sums.len()],
            sums[(i * 3) % sums.len()]
        ));
    }
    for c in &cases {
        // Misere play searches whole sums: small bombs only.
        let small = c.split(',').all(|x| x.parse::<u32>().is_ok_and(|x| x <= 3));
        let plays: &[grundy::Play] = if small {
            &[grundy::Play::Normal, grundy::Play::Misere]
        } else {
            &[grundy::Play::Normal]
        };
        for &play in plays {
            let a = analysis(&format!("ba({c})"), play);
            let b = analysis(&format!("be({c})"), play);
            assert_eq!(a.outcome, b.outcome, "{c} {play:?}");
            assert_eq!(a.nimber, b.nimber, "{c} {play:?}");
            assert_eq!(a.winning_moves_total, b.winning_moves_total, "{c} {play:?}");
            let moves = |x: &grundy::analysis::Analysis| {
                let mut m: Vec<String> = x
                    .winning_moves
                    .iter()
                    .map(|m| m.to.replace("be(", "ba("))
                    .collect();
                m.sort();
                m
            };
            assert_eq!(moves(&a), moves(&b), "{c} {play:?}");
        }
    }
    // emit() is the end of the game, and numbers are read in groups of ARITY = 1 too: heap n
    // goes to n - 1, to n - 2, and, when n is a multiple of 4, to the end.
    let reg = registry(&[(
        "games/e1.luau",
        "function moves(n)
            if n == 0 then return {} end
            emit(n - 1)
            if n >= 2 then emit(n - 2) end
            if n % 4 == 0 then emit() end
        end",
    )]);
    let mut want: Vec<u64> = Vec::new();
    for n in 0..40usize {
        let mut seen = Vec::new();
        if n >= 1 {
            seen.push(want[n - 1]);
        }
        if n >= 2 {
            seen.push(want[n - 2]);
        }
        if n >= 1 && n % 4 == 0 {
            seen.push(0);
        }
        want.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
        assert_eq!(
            nimber(&reg, &format!("e1({n})")),
            Some(Nimber::new(want[n])),
            "{n}"
        );
    }
    assert!(want.contains(&2), "{want:?}");
}

#[test]
fn emit_refuses_what_it_cannot_read() {
    for (src, p, why) in [
        // Numbers not in groups of ARITY.
        (
            "ARITY = 2 function moves(p) emit(1, 2, 3) end",
            Datum::List(vec![Datum::Int(1), Datum::Int(1)]),
            "multiple of ARITY = 2",
        ),
        // Anything but numbers.
        (
            "ARITY = 2 function moves(p) emit(1, {2}) end",
            Datum::List(vec![Datum::Int(1), Datum::Int(1)]),
            "emit takes numbers",
        ),
        (
            "function moves(n) emit('a') end",
            Datum::Int(3),
            "emit takes numbers",
        ),
        // No fixed arity to group the numbers by.
        (
            "ARITY = 'all' function moves(p) emit(1) end",
            Datum::List(vec![Datum::Int(1)]),
            "fixed ARITY",
        ),
    ] {
        let e = luau_error(src, p);
        assert!(e.to_string().contains(why), "{src}: {e}");
    }
    // Numbers that are not positions are refused as in an array.
    for (src, why) in [
        ("function moves(n) emit(1.5) end", "decimal"),
        ("function moves(n) emit(2^60) end", "2^53"),
    ] {
        let e = luau_error(src, Datum::Int(3));
        assert!(matches!(e, ScriptError::BadOption { .. }), "{src}: {e:?}");
        assert!(e.to_string().contains(why), "{src}: {e}");
    }
    // Returning nothing without emitting is the forgotten `return out`: an error, not a
    // position without moves.
    let e = luau_error(
        "function moves(n) local out = {} out[1] = n - 1 end",
        Datum::Int(3),
    );
    assert!(matches!(e, ScriptError::BadOption { .. }), "{e:?}");
    assert!(e.to_string().contains("emit"), "{e}");
    // An endless run of emits stops at a limit.
    let small = Sandbox {
        memory: 64 << 20,
        ..Sandbox::default()
    };
    let s = Script::compile(
        "function moves(n) while true do emit(n) end end",
        "t.luau",
        small,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let e = fails(s.moves(&Datum::Int(1)));
    assert!(matches!(e, ScriptError::Limit { .. }), "{e:?}");
    // So does an endless run of ends of the game, which have no numbers.
    let ends = Script::compile(
        "function moves(n) while true do emit() end end",
        "t.luau",
        Sandbox {
            memory: 64 << 20,
            operations: u64::MAX / 2,
            ..Sandbox::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let e = fails(ends.moves(&Datum::Int(1)));
    assert!(matches!(e, ScriptError::Limit { .. }), "{e:?}");
}

/// The search takes emitted options by their dense codes and makes a key only for a new
/// position; numbers beyond a code's fields (a pair's first item from 2^20, the first items of
/// four from 2^9) are read as keys, also when one option of a list has a code and the next has
/// none. Nim on the last two items, offset by B in the first, has value x ^ y either way.
#[test]
fn emitted_options_beyond_the_dense_codes_are_read_as_keys() {
    for (arity, offsets) in [
        (2, [0i64, (1 << 20) - 3, 1 << 40]),
        (4, [0, (1 << 9) - 3, 1 << 30]),
    ] {
        // The items between the first and the last: none for a pair, two 7s for four.
        let middle = if arity == 2 { "" } else { ", 7, 7" };
        for b in offsets {
            let src = format!(
                "ARITY = {arity}
                function moves(p)
                    local x, y = p[1], p[{arity}]
                    if x == {b} and y == 0 then return {{}} end
                    for a = {b}, x - 1 do emit(a{middle}, y) end
                    for c = 0, y - 1 do emit(x{middle}, c) end
                end"
            );
            let reg = registry(&[("games/off.luau", &src)]);
            let pos = |x: i64, y: i64| format!("{}{middle},{y}", b + x).replace(' ', "");
            for x in 0..7 {
                for y in 0..5 {
                    let v = nimber(&reg, &format!("off({})", pos(x, y)));
                    assert_eq!(v, Some(Nimber::new((x ^ y) as u64)), "B = {b}: ({x}, {y})");
                }
            }
            let sum = format!("off({},{})", pos(6, 2), pos(5, 4));
            assert_eq!(
                nimber(&reg, &sum),
                Some(Nimber::new(4 ^ 1)),
                "B = {b}: {sum}"
            );
        }
    }
}

/// A list read by dense codes that meets a number without one gives up the codes and reads
/// every option as a position: the same options as a list that takes no codes, also when
/// only options without parts (`emit()`) came before.
#[test]
fn a_list_that_gives_up_its_codes_keeps_no_option_twice() {
    use grundy::solve::OptionList;
    use grundy_script::Key;
    for body in [
        "emit() emit(3000000, 1)",
        "emit() emit() emit(1, 2) emit(3000000, 1) emit()",
        "emit(1, 2) emit(3000000, 1)",
        "emit() emit(1, 2)",
        // Emitted options and a returned array: the emitted ones come first, read back from
        // their codes when the list takes codes.
        "emit(1, 2) return {{3, 4}}",
        "emit(1, 2) emit() emit(-7, 9) return {{5, 6}, sum({{1, 1}, {2, 2}})}",
        "emit(1, 2, 3, 4) emit(3000000, 1) return {{5, 6}}",
    ] {
        let script = luau(&format!("ARITY = 2\nfunction moves(p) {body} end"));
        let p = Key::of(&Datum::List(vec![Datum::Int(5), Datum::Int(5)]));
        let shapes = |mut out: OptionList<Key>| {
            if let Err(e) = script.moves_into(&p, &mut out) {
                panic!("{body}: {e}");
            }
            let n = out.len();
            let parts: Vec<Vec<Key>> = if out.is_coded() {
                out.iter_codes()
                    .map(|o| o.iter().filter_map(|&c| Key::of_dense_code(c)).collect())
                    .collect()
            } else {
                out.to_vecs()
            };
            assert_eq!(parts.len(), n, "{body}");
            parts
        };
        assert_eq!(
            shapes(OptionList::accepting_codes()),
            shapes(OptionList::new()),
            "{body}"
        );
    }
}

/// The steps of `every` and `conj` parts are searched on the family's positions, by their
/// dense codes when the script emits its options: the same verdicts, and the same steps in
/// the explanation, as the same game returning arrays of options (no codes).
#[test]
fn compounds_of_emitted_options_agree_with_arrays() {
    let body = |emit: bool| {
        let out = if emit {
            "if r == 0 then emit() elseif r < small then emit(r, small) else emit(small, r) end"
        } else {
            "if r == 0 then out[#out + 1] = sum({}) elseif r < small then out[#out + 1] = {r, small} else out[#out + 1] = {small, r} end"
        };
        format!(
            "ARITY = 2
            function moves(p)
                local big, small = math.max(p[1], p[2]), math.min(p[1], p[2])
                local out = {{}}
                for k = 1, big // small do
                    local r = big - k * small
                    {out}
                end
                {}
            end",
            if emit { "" } else { "return out" }
        )
    };
    let reg = registry(&[
        ("games/ee.luau", &body(true)),
        ("games/ea.luau", &body(false)),
    ]);
    let pairs = [
        (3, 1000),
        (7, 999),
        (34, 12),
        (15, 24),
        (100, 37),
        (2, 1),
        (55, 89),
    ];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let (c, d) = pairs[(i * 3 + 1) % pairs.len()];
        for kind in ["every", "conj"] {
            let verdict = |name: &str| {
                let e = format!("{kind}({name}({a},{b}), {name}({c},{d}))");
                match api::analyze(&reg, &e, &Options::default()) {
                    Ok(x) => x.outcome,
                    Err(err) => panic!("{e}: {err}"),
                }
            };
            assert_eq!(verdict("ee"), verdict("ea"), "{kind} ({a},{b}) ({c},{d})");
            let explained = |name: &str| {
                let e = format!("{kind}({name}({a},{b}), {name}({c},{d}))");
                match api::explain(&reg, &e, grundy::Play::Normal, &grundy::Limits::default()) {
                    Ok(x) => x
                        .iter()
                        .map(api::explanation_text)
                        .collect::<String>()
                        .replace(&format!("{name}("), "e("),
                    Err(err) => panic!("{e}: {err}"),
                }
            };
            assert_eq!(
                explained("ee"),
                explained("ea"),
                "{kind} ({a},{b}) ({c},{d})"
            );
        }
    }
}
