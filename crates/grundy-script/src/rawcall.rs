//! `moves` called through Luau's C API on the way that succeeds: the crate's second unsafe
//! module (the first is `interrupt.rs`).
//!
//! mlua's `Function::call` returns the prelude's buffer as a registry reference and copies
//! its bytes out through a cursor that locks the state per read; with the traceback handler
//! it pushes, that is about a tenth of a searched position's time. Here the function and its
//! numbers are pushed, called with `lua_pcall`, and the buffer's bytes are read in place
//! while nothing else runs on the state. A call that fails gives its error as mlua gives it
//! (its first line is all the caller reads: mlua's traceback is left out).
//!
//! `emit`, the function scripts call once an option, is a C function here too: it copies its
//! numbers into the list of the call under way (found through a plain thread-local pointer),
//! and their dense codes when the search takes codes, where a Luau `emit` called through
//! varargs and `select` wrote tagged bytes into a buffer that Rust then decoded.
#![allow(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::ffi::c_int;

use mlua::{ffi, Function, Lua, Value};

/// Calls `f(args...)`, which returns a buffer and how many of its bytes are used (-1 when
/// `moves` returned nothing: `read` is given `None`), and gives those bytes to `read`.
/// `Ok(None)` when the call returned anything else, or failed with an error that is neither a
/// string nor mlua's own (the caller calls again through mlua).
pub(crate) fn call_packed<'a, T>(
    lua: &Lua,
    f: &Function,
    args: impl ExactSizeIterator<Item = &'a Value>,
    read: impl FnOnce(Option<&[u8]>) -> T,
) -> mlua::Result<Option<T>> {
    call_raw(lua, f, args, 2, |state| {
        // SAFETY: the two results are on the stack (call_raw's contract). The slice lives
        // only while the buffer is on the stack and no Lua code runs: `read` is Rust code
        // that neither calls into the state nor keeps the slice.
        unsafe {
            let mut len = 0usize;
            let data = ffi::lua_tobuffer(state, -2, &mut len);
            let mut isnum = 0;
            let used = ffi::lua_tonumberx(state, -1, &mut isnum);
            if isnum != 0 && used == -1.0 {
                Some(read(None))
            } else if !data.is_null() && isnum != 0 && used >= 0.0 && used <= len as f64 {
                let bytes = std::slice::from_raw_parts(data as *const u8, used as usize);
                Some(read(Some(bytes)))
            } else {
                None
            }
        }
    })
}

/// Calls `f(args...)` for one result: `Some(Some(x))` for a number x, `Some(None)` for nil,
/// `Ok(None)` for anything else or an error that is neither a string nor mlua's own (the
/// caller calls again through mlua, which says what was wrong). `nimber` takes this way: an
/// mlua call builds a vector of its arguments and converts its result through the registry.
pub(crate) fn call_number<'a>(
    lua: &Lua,
    f: &Function,
    args: impl ExactSizeIterator<Item = &'a Value>,
) -> mlua::Result<Option<Option<f64>>> {
    call_raw(lua, f, args, 1, |state| {
        // SAFETY: the one result is on the stack (call_raw's contract).
        unsafe {
            match ffi::lua_type(state, -1) {
                ffi::LUA_TNIL => Some(None),
                ffi::LUA_TNUMBER => Some(Some(ffi::lua_tonumber(state, -1))),
                _ => None,
            }
        }
    })
}

/// Calls `f(args...)` with `nresults` results through `lua_pcall` and gives the state to
/// `read` while the results are on top of its stack; `read` must not run Lua code nor
/// change the stack below them. `Ok(None)` when the arguments cannot be pushed, `read` says
/// `None`, or the call failed with an error that is neither a string nor mlua's own.
fn call_raw<'a, T>(
    lua: &Lua,
    f: &Function,
    args: impl ExactSizeIterator<Item = &'a Value>,
    nresults: c_int,
    read: impl FnOnce(*mut ffi::lua_State) -> Option<T>,
) -> mlua::Result<Option<T>> {
    let Ok(nargs) = c_int::try_from(args.len()) else {
        return Ok(None);
    };
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: the state is locked for this closure (exec_raw_lua holds mlua's guard) and
        // the stack is put back to `top` on every way out.
        unsafe {
            if ffi::lua_checkstack(state, nargs.saturating_add(nresults).saturating_add(1)) == 0 {
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
            let code = ffi::lua_pcall(state, nargs, nresults, 0);
            let out = if code == ffi::LUA_OK {
                Ok(read(state))
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

/// The options `emit` wrote in the current call of `moves` on this thread: their numbers one
/// after the other, and where each option's numbers end.
#[derive(Debug, Default)]
pub(crate) struct Emitted {
    /// The family's fixed arity (0 for "all", which `emit` cannot group by).
    arity: usize,
    /// The most numbers one call may emit (the script's memory limit, eight bytes a number).
    max_numbers: usize,
    /// The numbers, as Luau gave them (empty while `coded`: the codes hold them).
    pub(crate) numbers: Vec<f64>,
    /// The end of each option's numbers, counted over every number emitted in the call.
    pub(crate) ends: Vec<usize>,
    /// The numbers emitted in the call, as codes or in `numbers`.
    total: usize,
    /// Writes an option's numbers as the dense codes of its positions, and reads codes back
    /// into numbers (set by the caller of [`emitting`] when it takes codes).
    coder: Option<Coder>,
    /// Whether `codes` holds every option so far, a code a position, and `numbers` none
    /// (while `coder` is set and has coded every option).
    pub(crate) coded: bool,
    /// The options' positions as dense codes, while `coded`.
    pub(crate) codes: Vec<u64>,
}

/// How `emit` writes options as dense codes: `code` appends the codes of the positions an
/// option's numbers make (in groups of the family's arity), or says `false` (leaving the
/// list as it may) when a position has none; `decode` appends the numbers of codes that
/// `code` wrote, or says `false` for a code it did not write.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Coder {
    pub(crate) code: fn(&[f64], &mut Vec<u64>) -> bool,
    pub(crate) decode: fn(&[u64], &mut Vec<f64>) -> bool,
}

impl Emitted {
    /// The numbers emitted in the call: `numbers` itself, or the codes read back into
    /// `scratch` while `coded` (`None`: a code could not be read back, which `emit` never
    /// writes).
    pub(crate) fn all_numbers<'a>(&'a self, scratch: &'a mut Vec<f64>) -> Option<&'a [f64]> {
        if !self.coded {
            return Some(&self.numbers);
        }
        let coder = self.coder?;
        scratch.clear();
        (coder.decode)(&self.codes, scratch).then_some(scratch.as_slice())
    }
}

thread_local! {
    /// The lists' buffers, kept between calls of `moves` on this thread.
    static KEPT: RefCell<Emitted> = RefCell::new(Emitted::default());
    /// The list of the call of `moves` under way on this thread (null: none, and `emit` is
    /// an error). A plain pointer, so that `emit`, called once an option, reads it with no
    /// lazy initialisation and no borrow flag; [`emitting`] owns what it points to and
    /// clears it on every way out.
    static CURRENT: Cell<*mut Emitted> = const { Cell::new(std::ptr::null_mut()) };
}

/// The vectors' capacity kept between calls (a call that emitted more gives the rest back).
const KEPT_NUMBERS: usize = 1 << 20;

/// Puts back the list that was under way before a call of [`emitting`], however it ends.
struct Restore(*mut Emitted);

impl Drop for Restore {
    fn drop(&mut self) {
        CURRENT.set(self.0);
    }
}

/// Runs `call` as one call of `moves` of a family of this arity (0: none fixed), with `emit`
/// writing into an empty list, which [`emitted`] reads inside `call` and after it, until the
/// next call. With a `coder`, `emit` writes the options' codes too, as long as it can.
pub(crate) fn emitting<T>(
    arity: usize,
    max_numbers: usize,
    coder: Option<Coder>,
    call: impl FnOnce() -> T,
) -> T {
    let mut e = Box::new(KEPT.with_borrow_mut(std::mem::take));
    e.arity = arity;
    e.max_numbers = max_numbers;
    e.coder = coder;
    e.coded = coder.is_some();
    e.total = 0;
    e.numbers.clear();
    e.ends.clear();
    e.codes.clear();
    e.numbers.shrink_to(KEPT_NUMBERS);
    e.ends.shrink_to(KEPT_NUMBERS);
    e.codes.shrink_to(KEPT_NUMBERS);
    let out = {
        let _restore = Restore(CURRENT.replace(&mut *e));
        call()
    };
    KEPT.with_borrow_mut(|kept| *kept = *e);
    out
}

/// Reads the options `emit` wrote in the current (or last) call of `moves` on this thread.
/// Not to be called while Luau runs (`emit` writes the list).
pub(crate) fn emitted<T>(read: impl FnOnce(&Emitted) -> T) -> T {
    let current = CURRENT.get();
    if current.is_null() {
        KEPT.with_borrow(read)
    } else {
        // SAFETY: `emitting` owns the list for the length of its call and clears the pointer
        // before it drops the list; no Luau code (the only other user, through `emit`) runs
        // while `read` does.
        read(unsafe { &*current })
    }
}

/// The function [`emit`], for the global `emit`.
pub(crate) fn emit_function(lua: &Lua) -> mlua::Result<Function> {
    // SAFETY: `emit` is a Luau C function that reads only its own arguments.
    unsafe { lua.create_c_function(emit) }
}

/// The global `emit(x1, ..., xm)`: one option, the sum of the positions its numbers make in
/// groups of the family's arity, appended to the list of the call under way. Its errors name
/// the line of the call, as `error(message, 2)` would.
///
/// # Safety
/// Called by Luau only, as a C function, with its arguments on the stack.
unsafe extern "C-unwind" fn emit(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Luau's.
    let m = usize::try_from(unsafe { ffi::lua_gettop(state) }).unwrap_or(0);
    let current = CURRENT.get();
    let failed = if current.is_null() {
        Some(
            "emit writes an option of the position moves was called on: call it inside moves"
                .into(),
        )
    } else {
        // SAFETY: `emitting` owns the list while the pointer is set, and touches it only
        // after Luau returns; nothing else holds a reference to it while `emit` runs.
        // `append`'s contract is `emit`'s own.
        unsafe { append(state, m, &mut *current) }
    };
    match failed {
        None => 0,
        // SAFETY: the message is raised from this C function, with nothing of Rust's alive
        // but the message, which is copied onto the stack and dropped first.
        Some(message) => unsafe {
            ffi::luaL_where(state, 1);
            ffi::lua_pushlstring(state, message.as_ptr().cast(), message.len());
            drop(message);
            ffi::lua_concat(state, 2);
            ffi::lua_error(state)
        },
    }
}

/// `emit`'s `m` arguments appended to `e` as one option, or why they are not one.
///
/// # Safety
/// `state` is the state `emit` was called on, with its `m` arguments on the stack.
unsafe fn append(state: *mut ffi::lua_State, m: usize, e: &mut Emitted) -> Option<String> {
    let k = e.arity;
    if k == 0 {
        return Some("emit needs a fixed ARITY (such as ARITY = 2): it reads its numbers in groups of ARITY, as NAME(a1, ..., ak, b1, ...) does; with ARITY = 'all' return an array of options".into());
    }
    if m % k != 0 {
        return Some(format!(
            "emit takes a multiple of ARITY = {k} numbers, one group a position, not {m}"
        ));
    }
    // An option costs at least one number's room, so that `emit()` in a loop (the end of the
    // game, no numbers) is bounded too.
    if e.total
        .saturating_add(e.ends.len())
        .saturating_add(m.max(1))
        > e.max_numbers
    {
        return Some(format!(
            "not enough memory for the options emitted in one call of moves (more than {} numbers: the script limit memory)",
            e.max_numbers
        ));
    }
    // The numbers on Rust's stack first (up to a few), so that while the options are coded
    // they are written once, as codes.
    let mut inline = [0.0; INLINE_NUMBERS];
    let mut spilled = Vec::new();
    let read: &mut [f64] = if m <= INLINE_NUMBERS {
        &mut inline[..m]
    } else {
        spilled.resize(m, 0.0);
        &mut spilled
    };
    for (slot, i) in read.iter_mut().zip(1..) {
        // SAFETY: i is an argument's index (1..=gettop), which fits a c_int as gettop did.
        let (t, x) = unsafe {
            let i = i as c_int;
            let t = ffi::lua_type(state, i);
            (
                t,
                if t == ffi::LUA_TNUMBER {
                    ffi::lua_tonumber(state, i)
                } else {
                    0.0
                },
            )
        };
        if t != ffi::LUA_TNUMBER {
            // SAFETY: as above.
            return Some(unsafe { not_a_number(state, i as c_int, t) });
        }
        *slot = x;
    }
    if e.coded {
        if let Some(coder) = e.coder {
            let before = e.codes.len();
            if (coder.code)(read, &mut e.codes) {
                e.total += m;
                e.ends.push(e.total);
                return None;
            }
            // A position with no code: the options so far go back to numbers, and the rest
            // are kept as numbers.
            e.codes.truncate(before);
            e.coded = false;
            e.numbers.clear();
            if !(coder.decode)(&e.codes, &mut e.numbers) {
                return Some("emit could not read back the options it wrote (an error of Grundy's; please report it)".into());
            }
            e.codes.clear();
        }
    }
    e.numbers.extend_from_slice(read);
    e.total += m;
    e.ends.push(e.total);
    None
}

/// The most numbers one `emit` reads onto Rust's stack (more go through a vector).
const INLINE_NUMBERS: usize = 16;

/// `emit`'s message for its argument `i`, of type `t`, which is not a number.
///
/// # Safety
/// `i` is a valid stack index of `state`, and `t` its type.
#[cold]
unsafe fn not_a_number(state: *mut ffi::lua_State, i: c_int, t: c_int) -> String {
    // SAFETY: the caller's.
    let what = unsafe { shown(state, i, t) };
    format!(
        "emit takes numbers, and its argument {i} is {what}; return an array of options for positions of other shapes"
    )
}

/// A value that is not a number, as the prelude's `what` writes it.
///
/// # Safety
/// `i` is a valid stack index of `state`, and `t` its type.
unsafe fn shown(state: *mut ffi::lua_State, i: c_int, t: c_int) -> String {
    match t {
        ffi::LUA_TNIL => "nil".into(),
        ffi::LUA_TBOOLEAN => {
            // SAFETY: the caller's.
            let b = unsafe { ffi::lua_toboolean(state, i) } != 0;
            format!("{b} (a boolean)")
        }
        _ => {
            // SAFETY: lua_typename gives a static C string for any type tag.
            let name = unsafe { std::ffi::CStr::from_ptr(ffi::lua_typename(state, t)) };
            format!("a {}", name.to_string_lossy())
        }
    }
}
