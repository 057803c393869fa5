//! The sandbox: no file, network, clock, module, eval or printing escapes.

use grundy_script::{check, Datum, LimitKind, Sandbox, Script, ScriptError};

use crate::common::{compile, fails};

/// The error of compiling `src`, which must not compile.
fn compile_error(src: &str) -> ScriptError {
    match Script::compile(src, "<sandbox>", Sandbox::default()) {
        Ok(_) => panic!("should not compile: {src}"),
        Err(e) => e,
    }
}

/// The error of `moves(0)` of `src`, which compiles and must fail when run.
fn run_error(src: &str) -> ScriptError {
    fails(compile(src, "<sandbox>").moves(&Datum::Int(0)))
}

#[test]
fn no_clock() {
    // `timestamp` and `elapsed` are compiled out (Rhai's no_time), and `sleep`, which lives
    // in the language-core package, is not included.
    for src in [
        "fn moves(p) { let t = timestamp(); [] }",
        "fn moves(p) { sleep(1000); [] }",
        "fn moves(p) { sleep(1.5); [] }",
    ] {
        let e = run_error(src);
        assert!(
            matches!(e, ScriptError::Runtime { .. }) && e.to_string().contains("not found"),
            "{src}: {e}"
        );
    }
}

#[test]
fn no_modules_files_or_eval() {
    // Modules are compiled out (Rhai's no_module): `import` is not even a statement.
    let e = compile_error("import \"/etc/passwd\" as m; fn moves(p) { [] }");
    assert!(matches!(e, ScriptError::Compile { .. }), "{e}");
    let e = compile_error("fn moves(p) { import \"x\" as y; [] }");
    assert!(matches!(e, ScriptError::Compile { .. }), "{e}");
    // `eval` is a disabled keyword.
    let e = compile_error("fn moves(p) { eval(\"[1]\") }");
    assert!(matches!(e, ScriptError::Compile { .. }), "{e}");
    // Nor can it be reached by name through a function pointer.
    let e = run_error("fn moves(p) { let f = Fn(\"eval\"); f.call(\"[1]\") }");
    assert!(!matches!(e, ScriptError::BadOption { .. }), "{e}");
    // There is no function that opens files or sockets.
    for call in [
        "open_file(\"/etc/passwd\")",
        "read_file(\"x\")",
        "http_get(\"x\")",
        "exit(3)",
    ] {
        let e = run_error(&format!("fn moves(p) {{ {call}; [] }}"));
        assert!(e.to_string().contains("not found"), "{call}: {e}");
    }
    // Currying, whose arguments escape the size checks, is disabled.
    let e = compile_error("fn f(a, b) { a } fn moves(p) { let g = Fn(\"f\").curry(1); [] }");
    assert!(matches!(e, ScriptError::Compile { .. }), "{e}");
}

#[test]
fn print_and_debug_go_nowhere() {
    // They run (a script may keep its debugging lines) and print nothing: the test harness
    // would show stray output, and a server must never write to its terminal for a client.
    let s = compile("fn moves(p) { print(\"hello\"); debug(p); [] }", "<print>");
    assert_eq!(s.moves(&Datum::Int(1)).map(|v| v.len()), Ok(0));
}

#[test]
fn scripts_cannot_forge_or_inspect_sums_by_tag() {
    // The tag that marks sums lives in the language-core package, which is left out.
    let e = run_error("fn moves(p) { let a = [1, 2]; a.tag = 21333; [a] }");
    assert!(matches!(e, ScriptError::Runtime { .. }), "{e}");
    let e = run_error("fn moves(p) { let a = [1, 2]; set_tag(a, 21333); [a] }");
    assert!(matches!(e, ScriptError::Runtime { .. }), "{e}");
}

#[test]
fn a_checked_script_reports_limits_of_its_top_level() {
    let r = check(
        "let x = 0; loop { x += 1; } fn moves(p) { [] }",
        "<t>",
        &Sandbox::default(),
    );
    assert_eq!(r.problems.len(), 1);
    assert_eq!(r.problems[0].limit(), Some(LimitKind::Operations));
}

// FIXME: a sweep that called every package function with extreme arguments (about 160
// names, 28 x 28 x 8 argument triples each) took minutes on the shared machine; it should come
// back as a sampled proptest.

#[test]
fn the_precedence_trap_is_explained() {
    // `x & 1 == 1` is `x & (1 == 1)` in Rhai: an error that says how to write it.
    let e = fails(
        compile("fn moves(x) { if x & 1 == 1 { [] } else { [] } }", "<trap>").moves(&Datum::Int(3)),
    );
    assert!(e.to_string().contains("(x & 1) == 1"), "{e}");
    // With the parentheses the script runs.
    let s = compile(
        "fn moves(x) { if (x & 1) == 1 { [] } else { [] } }",
        "<trap>",
    );
    assert!(s.moves(&Datum::Int(3)).is_ok());
}
