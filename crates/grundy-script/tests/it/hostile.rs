//! Hostile scripts: each must fail quickly with the right typed error, never panic, never
//! exhaust memory.

use grundy_script::{Datum, LimitKind, Sandbox, Script, ScriptError};

use crate::common::{compile, compile_with, fails};

/// The limit reached by `moves(0)` of `src` under the default limits.
fn limit_of(src: &str) -> (LimitKind, ScriptError) {
    let s = compile(src, "<hostile>");
    let e = fails(s.moves(&Datum::Int(0)));
    match e.limit() {
        Some(k) => (k, e),
        None => panic!("expected a limit, got: {e}"),
    }
}

#[test]
fn infinite_loops_reach_the_operation_limit() {
    for src in [
        "fn moves(p) { while true { } [] }",
        "fn moves(p) { loop { } }",
        "fn moves(p) { let x = 0; loop { x += 1; } }",
        "fn moves(p) { for i in 0..9223372036854775807 { p += i; } [] }",
    ] {
        let (k, e) = limit_of(src);
        assert_eq!(k, LimitKind::Operations, "{src}: {e}");
        let text = e.to_string();
        assert!(text.starts_with("<hostile>"), "{text}");
        assert!(text.contains("operations in one call"), "{text}");
    }
}

#[test]
fn recursion_reaches_the_call_depth_limit() {
    for src in [
        "fn moves(p) { moves(p) }",
        "fn f(n) { f(n + 1) } fn moves(p) { f(0) }",
        "fn f(n) { let a = [n, n, n]; g(a) } fn g(a) { f(a[0] + 1) } fn moves(p) { f(0) }",
    ] {
        let (k, e) = limit_of(src);
        assert_eq!(k, LimitKind::CallDepth, "{src}: {e}");
    }
}

#[test]
fn huge_data_reaches_size_limits() {
    let cases = [
        (
            "fn moves(p) { let a = []; loop { a.push(1); } }",
            LimitKind::ArraySize,
        ),
        (
            "fn moves(p) { let a = []; a.pad(9223372036854775807, 0); a }",
            LimitKind::ArraySize,
        ),
        (
            "fn moves(p) { let a = [1]; loop { a += a; } }",
            LimitKind::ArraySize,
        ),
        (
            "fn moves(p) { let s = \"x\"; loop { s += s; } }",
            LimitKind::StringSize,
        ),
        (
            "fn moves(p) { let s = \"\"; s.pad(9223372036854775807, 'x'); [s] }",
            LimitKind::StringSize,
        ),
        (
            "fn moves(p) { let a = []; loop { a = [a, a]; } }",
            LimitKind::ArraySize,
        ),
        // options() keeps an array's limits on its total: elements, and string bytes.
        (
            "fn moves(p) { let o = options(); loop { o.add(1); } }",
            LimitKind::ArraySize,
        ),
        (
            "fn moves(p) { let o = options(); loop { o.add([1, 2, [3, 4]]); } }",
            LimitKind::ArraySize,
        ),
        (
            "fn moves(p) { let o = options(); let s = \"\"; s.pad(1000, 'x'); loop { o.add(s); } }",
            LimitKind::StringSize,
        ),
        (
            "fn moves(p) { let m = #{}; loop { m[`k${m.len()}`] = 1; } }",
            LimitKind::MapSize,
        ),
        (
            "fn moves(p) { let m = #{}; loop { m += #{x: m}; } }",
            LimitKind::MapSize,
        ),
    ];
    for (src, want) in cases {
        let (k, e) = limit_of(src);
        assert_eq!(k, want, "{src}: {e}");
    }
}

#[test]
fn deep_nesting_is_bounded() {
    // Arrays nested 3000 deep: Rhai's comparisons and printing recurse once per level through
    // its function calls (about 2 KiB of stack each), so these overflow a 2 MiB test thread
    // unless calls run on a stack sized for the limits; and such a value is not a position.
    // (Building the value costs time quadratic in the depth, so the test stays at 3000.)
    let src = "fn moves(p) {
        let a = []; for i in 0..p { a = [a]; }
        let b = a;
        let same = a == b && [a].contains(b) && [b, a].index_of(a) == 0;
        let text = `${a}`;
        if same && text.len() > 0 { [a] } else { [] }
    }";
    let s = compile(src, "<deep>");
    let e = fails(s.moves(&Datum::Int(3000)));
    assert!(matches!(e, ScriptError::BadOption { .. }), "{e}");
    assert!(e.to_string().contains("too deeply"), "{e}");
}

#[test]
fn nested_element_assignment_reaches_the_memory_limit() {
    // Rhai does not check sizes when an element inside a nested array is replaced, so this
    // grows to 16000 x 16000 elements (4 GB) unless the memory bound stops it.
    let mut limits = Sandbox::default();
    let now = resident_memory().unwrap_or(0);
    limits.memory = now + (256 << 20);
    let s = compile_with(
        "fn moves(p) {
            let b = []; b.pad(16000, 0);
            let c = []; c.pad(16000, 0); c = [c];
            for i in 0..16000 { c[0][i] = b; }
            [c[0].len()]
        }",
        "<grow>",
        limits,
    );
    let e = fails(s.moves(&Datum::Int(0)));
    if cfg!(target_os = "linux") {
        assert_eq!(e.limit(), Some(LimitKind::Memory), "{e}");
    }
}

/// This process's resident memory, read as the library reads it.
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[test]
fn many_variables_reach_the_variable_limit() {
    let mut src = String::from("fn moves(p) {");
    for i in 0..300 {
        src.push_str(&format!("let v{i} = {i};"));
    }
    src.push_str("[] }");
    let (k, e) = limit_of(&src);
    assert_eq!(k, LimitKind::Variables, "{e}");
}

#[test]
fn deep_expressions_are_refused_when_compiling() {
    let src = format!("fn moves(p) {{ {}1{} }}", "(".repeat(200), ")".repeat(200));
    let e = match Script::compile(&src, "<deep>", Sandbox::default()) {
        Ok(_) => panic!("should not compile"),
        Err(e) => e,
    };
    assert_eq!(e.limit(), Some(LimitKind::ExprDepth), "{e}");
}
