//! Luau's interrupt without mlua's per-call trampoline: one of the crate's two unsafe modules
//! (the other is `rawcall.rs`).
//!
//! Luau calls the interrupt at every call and loop back edge of a script. mlua's own
//! trampoline around a Rust closure (panic catching, its state's lookups) costs about 45 ns a
//! call, a tenth of a searched position's time. The interrupt installed here counts a grant
//! of ticks down in a thread-local and calls mlua's trampoline, and through it the closure,
//! only when the grant is spent; the closure grants the next ticks with [`grant`]. Errors the
//! closure returns reach Luau through mlua's trampoline, as they did before.
#![allow(unsafe_code)]

use std::cell::Cell;
use std::ffi::c_int;
use std::sync::OnceLock;

use mlua::{ffi, Lua, VmState};

thread_local! {
    /// Ticks left of the current grant on this thread. A call runs on the thread that starts
    /// it, one at a time; a call that was granted nothing calls the closure at its first tick.
    static TICKS_LEFT: Cell<u64> = const { Cell::new(0) };
}

/// The trampoline type Luau calls.
type Proc = unsafe extern "C-unwind" fn(*mut ffi::lua_State, c_int);

/// mlua's trampoline, read back after the first `set_interrupt` (one function for every
/// closure and state).
static MLUA_PROC: OnceLock<Option<Proc>> = OnceLock::new();

/// Grants `ticks` interrupts on this thread before the closure is called again.
pub(crate) fn grant(ticks: u64) {
    TICKS_LEFT.set(ticks);
}

/// A tick off the grant, and mlua's trampoline when it is spent. GC interrupts (`gc >= 0`)
/// are ignored, as mlua ignores them.
unsafe extern "C-unwind" fn fast(state: *mut ffi::lua_State, gc: c_int) {
    if gc >= 0 {
        return;
    }
    let left = TICKS_LEFT.get();
    if left > 1 {
        TICKS_LEFT.set(left - 1);
        return;
    }
    if let Some(Some(slow)) = MLUA_PROC.get() {
        // SAFETY: the trampoline mlua installed, called with the arguments Luau gave us; it
        // finds its closure through the state as it does when Luau calls it directly.
        unsafe { slow(state, gc) }
    }
}

/// Installs `tick` as the state's interrupt, behind the grant's count down. Where mlua's
/// trampoline is not the one seen first (never, as mlua is built), the trampoline stays
/// installed alone: every tick calls the closure, slower and as correct.
pub(crate) fn install<F>(lua: &Lua, tick: F) -> mlua::Result<()>
where
    F: Fn() -> mlua::Result<VmState> + Send + 'static,
{
    lua.set_interrupt(move |_| tick());
    // SAFETY: `lua_callbacks` is the state's global callback table, valid while the state
    // lives; reading and writing its interrupt while no script runs is what `set_interrupt`
    // itself does.
    unsafe {
        lua.exec_raw::<()>((), |state| {
            let callbacks = ffi::lua_callbacks(state);
            let installed = (*callbacks).interrupt;
            let first = *MLUA_PROC.get_or_init(|| installed);
            if let (Some(a), Some(b)) = (first, installed) {
                if a as usize == b as usize {
                    (*callbacks).interrupt = Some(fast);
                }
            }
        })
    }
}
