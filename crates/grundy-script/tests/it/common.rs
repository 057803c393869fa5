//! Helpers shared by the integration tests.

use grundy_script::{Sandbox, Script, ScriptError};

/// Compiles a test script that is expected to compile.
pub fn compile(src: &str, file: &str) -> Script {
    compile_with(src, file, Sandbox::default())
}

/// Compiles with given limits a test script that is expected to compile.
pub fn compile_with(src: &str, file: &str, limits: Sandbox) -> Script {
    match Script::compile(src, file, limits) {
        Ok(s) => s,
        Err(e) => panic!("{file} should compile: {e}"),
    }
}

/// The error of a call that is expected to fail.
pub fn fails<T: std::fmt::Debug>(r: Result<T, ScriptError>) -> ScriptError {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e,
    }
}
