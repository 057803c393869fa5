//! `moves` called through Luau's C API on the way that succeeds: the crate's second unsafe
//! module (the first is `interrupt.rs`).
//!
//! mlua's `Function::call` returns the prelude's buffer as a registry reference and copies
//! its bytes out through a cursor that locks the state per read; with the traceback handler
//! it pushes, that is about a tenth of a searched position's time. Here the function and its
//! numbers are pushed, called with `lua_pcall`, and the buffer's bytes are read in place
//! while nothing else runs on the state. A call that fails gives its error as mlua gives it
//! (its first line is all the caller reads: mlua's traceback is left out).
#![allow(unsafe_code)]

use std::ffi::c_int;

use mlua::{ffi, Function, Lua, Value};

/// Calls `f(args...)`, which returns a buffer and how many of its bytes are used, and gives
/// those bytes to `read`. `Ok(None)` when the call returned anything else, or failed with an
/// error that is neither a string nor mlua's own (the caller calls again through mlua).
pub(crate) fn call_packed<'a, T>(
    lua: &Lua,
    f: &Function,
    args: impl ExactSizeIterator<Item = &'a Value>,
    read: impl FnOnce(&[u8]) -> T,
) -> mlua::Result<Option<T>> {
    let Ok(nargs) = c_int::try_from(args.len()) else {
        return Ok(None);
    };
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: the state is locked for this closure (exec_raw_lua holds mlua's guard) and
        // the stack is put back to `top` on every way out. The slice lives only while the
        // buffer is on the stack and no Lua code runs: `read` is Rust code that neither
        // calls into the state nor keeps the slice.
        unsafe {
            if ffi::lua_checkstack(state, nargs.saturating_add(3)) == 0 {
                return Ok(None);
            }
            let top = ffi::lua_gettop(state);
            let mut pushed = raw.push(f).is_ok();
            for a in args {
                pushed = pushed && raw.push_value(a).is_ok();
            }
            if !pushed {
                ffi::lua_settop(state, top);
                return Ok(None);
            }
            let code = ffi::lua_pcall(state, nargs, 2, 0);
            let out = if code == ffi::LUA_OK {
                let mut len = 0usize;
                let data = ffi::lua_tobuffer(state, -2, &mut len);
                let mut isnum = 0;
                let used = ffi::lua_tonumberx(state, -1, &mut isnum);
                if !data.is_null() && isnum != 0 && used >= 0.0 && used <= len as f64 {
                    let bytes = std::slice::from_raw_parts(data as *const u8, used as usize);
                    Ok(Some(read(bytes)))
                } else {
                    Ok(None)
                }
            } else {
                // The error object, as mlua's own calls turn it into an error.
                match raw.pop_value() {
                    Value::Error(e) => Err(*e),
                    Value::String(m) if code == ffi::LUA_ERRMEM => {
                        Err(mlua::Error::MemoryError(m.to_string_lossy()))
                    }
                    Value::String(m) => Err(mlua::Error::RuntimeError(m.to_string_lossy())),
                    _ => Ok(None),
                }
            };
            ffi::lua_settop(state, top);
            out
        }
    })
}
