//! Rule scripts in [Luau](https://luau.org), the sandboxed Lua of Roblox, through `mlua`.
//!
//! The same contract as Rhai scripts (rules.md): `function moves(p)` returns an array (a
//! table with keys 1..n) of options, each a position or `sum({q1, q2, ...})`; optional
//! `display(p)`, `describe(p, q)`, `nimber(p)` and `outcome(p)`; `NAME` and `ARITY` as globals.
//! Luau runs rules several times faster than Rhai (docs/rules.md gives the measured figure),
//! which is why it is here.
//!
//! The sandbox: only the `string`, `table`, `math` (without `random`), `bit32`, `utf8`,
//! `buffer` and `vector` libraries and the safe base functions; no `os` (no clock), no `io`,
//! no `require`, `loadstring`, `getfenv`, `setfenv`, `print` or `collectgarbage`; text chunks
//! only (never bytecode); globals and every table the top level made are frozen after it ran,
//! so no call can leave state for the next (a script's answers depend on the position alone).
//! Every call runs under an interrupt that counts operations (calls and loop iterations)
//! and looks at the cancellation flag and the deadline, and under a memory limit on the
//! script's own heap; Luau's own stack limit stops endless recursion.
//!
//! Numbers: Luau numbers are doubles, exact for integers up to 2^53 in size; a position with
//! a larger integer, or a number with a fraction, is refused with the reason.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use grundy::solve::OptionList;
use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};

use crate::error::{CallSite, Location, ScriptError};
use crate::interrupt;
use crate::key::{Item, Key, KeyWriter};
use crate::limits::{Interrupt, LimitKind, Sandbox};
use crate::rawcall;
use crate::script::{CheckReport, FunctionInfo};
use crate::{Arity, Datum, ScriptOption, MAX_ARITY};

/// The largest integer a Luau number holds exactly.
const MAX_EXACT: i64 = 1 << 53;

/// How many interrupts pass between two looks at the operation count, the cancellation flag
/// and the clock: the interval every cheap loop shares ([`grundy::limits::CHECK_EVERY`]).
const CHECK_EVERY: u64 = grundy::limits::CHECK_EVERY as u64;

/// The most bytes the script's own heap may hold, whatever the process limit says.
const MAX_HEAP: u64 = 2 << 30;

/// Why the interrupt stopped a call (carried through Luau as an external error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Operations,
    Cancelled,
    Deadline,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Operations => "grundy: operations",
            Stop::Cancelled => "grundy: cancelled",
            Stop::Deadline => "grundy: deadline",
        })
    }
}

impl std::error::Error for Stop {}

/// What the interrupt watches, shared with its callback.
///
/// Luau calls the interrupt at every call and loop back edge, and mlua's own trampoline around
/// a Rust closure costs about 45 ns a call (a tenth of a searched position's time). So the
/// interrupt installed is [`interrupt::install`]'s: it counts a grant of ticks down in a
/// thread-local and calls mlua's trampoline, and through it [`Watch::tick`], only when the
/// grant is spent. `tick` adds the grant to the call's count, stops the call past the
/// operation limit, looks at the cancellation flag and the clock, and grants the next ticks,
/// never more than the limit has left: the limit stops a call at the same operation as a
/// tick per interrupt would.
struct Watch {
    ops: AtomicU64,
    /// The ticks granted by the last [`Watch::start`] or [`Watch::tick`].
    granted: AtomicU64,
    max_ops: u64,
    interrupt: Arc<RwLock<Interrupt>>,
}

impl Watch {
    /// A fresh count for the call about to start on this thread.
    fn start(&self) {
        self.ops.store(0, Ordering::Relaxed);
        self.grant();
    }

    /// Grants the ticks up to the next look: `CHECK_EVERY`, or what the limit has left plus
    /// one (the tick past the limit is the one that stops).
    fn grant(&self) {
        let used = self.ops.load(Ordering::Relaxed);
        let left = self.max_ops.saturating_add(1).saturating_sub(used);
        let g = CHECK_EVERY.min(left).max(1);
        self.granted.store(g, Ordering::Relaxed);
        interrupt::grant(g);
    }

    fn tick(&self) -> Result<VmState, mlua::Error> {
        let n = self
            .ops
            .load(Ordering::Relaxed)
            .saturating_add(self.granted.load(Ordering::Relaxed));
        self.ops.store(n, Ordering::Relaxed);
        if n > self.max_ops {
            return Err(mlua::Error::external(Stop::Operations));
        }
        if let Some(stop) = self.stopped() {
            return Err(mlua::Error::external(stop));
        }
        self.grant();
        Ok(VmState::Continue)
    }

    fn stopped(&self) -> Option<Stop> {
        let i = self.interrupt.read().unwrap_or_else(|e| e.into_inner());
        if i.cancel.as_ref().is_some_and(grundy::Cancel::is_cancelled) {
            return Some(Stop::Cancelled);
        }
        if i.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Deadline);
        }
        None
    }
}

/// The prelude run before the script: `sum` marks an array as a disjunctive sum with a
/// metatable that scripts can neither read nor forge (its `__metatable` hides it); `bind`
/// wraps a script's `moves` into the engine's fast path, which receives the position as a
/// flat list of values and returns every option packed in one buffer (an option's number of
/// parts, then each part: a tagged number, string or array), so that a call crosses between
/// Rust and Luau twice rather than once per value.
/// Shape errors are raised with the prefix `BAD` and no position, and read back as such.
const PRELUDE: &str = r##"
local SUM = { __metatable = "sum" }
local BAD = "[grundy-shape] "
local type, getmetatable, setmetatable, error, pairs, rawlen, tostring, next =
    type, getmetatable, setmetatable, error, pairs, rawlen, tostring, next
local tcreate = table.create
function sum(parts)
    if type(parts) ~= "table" then
        error("sum takes an array of positions, as in sum({a, b})", 2)
    end
    return setmetatable(parts, SUM)
end
function is_sum(q)
    return type(q) == "table" and getmetatable(q) == "sum"
end
local GAME = "\1game"
local COPIES = "\1copies"
-- copies(k, q): k copies of the position q, as one part (see datum.rs, COPIES).
function copies(k, q)
    if type(k) ~= "number" or k < 0 or k % 1 ~= 0 or k > 2 ^ 53 then
        error("copies takes the number of copies first, a whole number of at least 0: copies(3, q)", 2)
    end
    if type(q) == "table" then
        if getmetatable(q) == "sum" then
            local parts = tcreate(rawlen(q))
            for i = 1, rawlen(q) do
                parts[i] = copies(k, q[i])
            end
            return setmetatable(parts, SUM)
        elseif q[1] == GAME then
            error("copies takes a position of this game; copies of game(...) are not supported: write the copies out, or make the position one of this game", 2)
        elseif q[1] == COPIES then
            return copies(k * q[2], q[3])
        end
    elseif q == nil then
        error("copies takes the position to copy second: copies(3, q)", 2)
    end
    if k == 0 then
        return setmetatable({}, SUM)
    elseif k == 1 then
        return q
    end
    return { COPIES, k, q }
end
function game(name, ...)
    if type(name) ~= "string" then
        error("game takes the game's name first, as a string: game(\"tb[0.77]\", 8)", 2)
    end
    return { GAME, name, ... }
end
local function what(v)
    local t = type(v)
    if t == "number" then
        return tostring(v)
    elseif t == "nil" then
        return "nil"
    elseif t == "boolean" then
        return tostring(v) .. " (a boolean)"
    else
        return "a " .. t
    end
end
local function is_array(t)
    local n = rawlen(t)
    local c = 0
    for _ in pairs(t) do
        c += 1
    end
    return c == n
end
-- Whether t holds exactly the keys 1..#t. The quick test (nothing after key #t in the
-- traversal) settles tables built in order, whose keys 1..n sit in the array part; anything
-- else is counted in full.
local function array_like(t, len)
    if next(t, len > 0 and len or nil) == nil then
        return true
    end
    return is_array(t)
end
local MAXDEPTH = 16
-- The index of the option being written (0: none), named in shape errors.
local at = 0
local function where()
    return at == 0 and "" or "the option at index " .. at
end
local bcreate, wu8, wu32, wf64, wstr, bcopy =
    buffer.create, buffer.writeu8, buffer.writeu32, buffer.writef64, buffer.writestring, buffer.copy
local cap = 4096
local buf = bcreate(cap)
local function grow(need)
    local newcap = cap
    while newcap < need do
        newcap *= 2
    end
    local nb = bcreate(newcap)
    bcopy(nb, 0, buf, 0, cap)
    buf = nb
    cap = newcap
end
-- Writes a position at byte n of buf; returns the next free byte. Items: 1 and a double (a
-- number), 2, a 32-bit length and the bytes (a string), 3 and a 32-bit length (an array,
-- whose items follow).
local function enc(v, n, depth)
    local t = type(v)
    if t == "number" then
        if n + 9 > cap then
            grow(n + 9)
        end
        wu8(buf, n, 1)
        wf64(buf, n + 1, v)
        return n + 9
    elseif t == "string" then
        local l = #v
        if n + 5 + l > cap then
            grow(n + 5 + l)
        end
        wu8(buf, n, 2)
        wu32(buf, n + 1, l)
        wstr(buf, n + 5, v)
        return n + 5 + l
    elseif t == "table" then
        if getmetatable(v) == "sum" then
            error(BAD .. where() .. ": a sum inside a position is not a position; a sum may only be an option itself", 0)
        end
        if depth >= MAXDEPTH then
            error(BAD .. where() .. ": it nests tables more than " .. MAXDEPTH .. " deep (the script limit position-depth)", 0)
        end
        local len = rawlen(v)
        if not array_like(v, len) then
            error(BAD .. where() .. ": a table with keys other than 1, 2, ..., n is not an array (build arrays with out[#out + 1] = q)", 0)
        end
        if n + 5 > cap then
            grow(n + 5)
        end
        wu8(buf, n, 3)
        wu32(buf, n + 1, len)
        n += 5
        for i = 1, len do
            n = enc(v[i], n, depth + 1)
        end
        return n
    else
        error(BAD .. where() .. ": " .. what(v) .. " is not a position; an option is a position or sum({...}) of positions", 0)
    end
end
local function flat(s, parts, depth)
    if depth > 64 then
        error(BAD .. where() .. ": sums nest more than 64 deep", 0)
    end
    if not is_array(s) then
        error(BAD .. where() .. ": a sum of a table with keys other than 1, 2, ..., n", 0)
    end
    for i = 1, rawlen(s) do
        local q = s[i]
        if type(q) == "table" and getmetatable(q) == "sum" then
            flat(q, parts, depth + 1)
        else
            parts[#parts + 1] = q
        end
    end
end
local function dec(args, i)
    local v = args[i]
    if v == true then
        local len = args[i + 1]
        local t = tcreate(len)
        i += 2
        for k = 1, len do
            t[k], i = dec(args, i)
        end
        return t, i
    end
    return v, i + 1
end
local function position(kind, ...)
    if kind == 0 then
        return (...)
    elseif kind == 2 then
        local a, b = ...
        return { a, b }
    elseif kind == 3 then
        local a, b, c = ...
        return { a, b, c }
    end
    return (dec({ ... }, 1))
end
-- `emit(x1, ..., xm)`, which writes one option with no table, is a C function (rawcall.rs):
-- its options come before those of the array moves returns.
local function bind(moves, maxdepth)
    MAXDEPTH = maxdepth
    return function(kind, ...)
        -- The position, inline (a call costs an interrupt each way).
        local p
        if kind == 0 then
            p = ...
        elseif kind == 2 then
            local a, b = ...
            p = { a, b }
        else
            p = position(kind, ...)
        end
        local r = moves(p)
        -- Nothing returned: the options are those emitted (Rust checks that there are some).
        if r == nil then
            return buf, -1
        end
        if type(r) ~= "table" or getmetatable(r) ~= nil then
            error(BAD .. "the result: " .. what(r) .. ": moves must return an array of options (an empty table {} when there is no move), or nothing after calling emit for each option", 0)
        end
        local len = rawlen(r)
        if not array_like(r, len) then
            error(BAD .. "the result: a table with keys other than 1, 2, ..., n is not an array of options (build it with out[#out + 1] = q)", 0)
        end
        -- Each option: a 32-bit count of parts, then the parts.
        local n = 0
        for i = 1, len do
            local o = r[i]
            local t = type(o)
            if t == "number" then
                if n + 13 > cap then
                    grow(n + 13)
                end
                wu32(buf, n, 1)
                wu8(buf, n + 4, 1)
                wf64(buf, n + 5, o)
                n += 13
            elseif t == "table" then
                local mt = getmetatable(o)
                local l = rawlen(o)
                if mt == nil and l == 2 and type(o[1]) == "number" and type(o[2]) == "number" and next(o, 2) == nil then
                    -- The common shape, a pair of numbers, written in line (a local function
                    -- here, even one the compiler may inline, costs 8 to 15% of kiki's time).
                    if n + 27 > cap then
                        grow(n + 27)
                    end
                    wu32(buf, n, 1)
                    wu8(buf, n + 4, 3)
                    wu32(buf, n + 5, 2)
                    wu8(buf, n + 9, 1)
                    wf64(buf, n + 10, o[1])
                    wu8(buf, n + 18, 1)
                    wf64(buf, n + 19, o[2])
                    n += 27
                elseif mt == "sum" and l == 2 and type(o[1]) == "number" and type(o[2]) == "number" and next(o, 2) == nil then
                    -- A heap broken in two, written without a call.
                    if n + 22 > cap then
                        grow(n + 22)
                    end
                    wu32(buf, n, 2)
                    wu8(buf, n + 4, 1)
                    wf64(buf, n + 5, o[1])
                    wu8(buf, n + 13, 1)
                    wf64(buf, n + 14, o[2])
                    n += 22
                elseif mt == "sum" then
                    at = i
                    -- A sum of numbers and short arrays of numbers (two bombs, two lines
                    -- of coins), written without a call; anything else by flat and enc.
                    local ok = array_like(o, l)
                    if ok then
                        if n + 4 + 41 * l > cap then
                            grow(n + 4 + 41 * l)
                        end
                        wu32(buf, n, l)
                        local m = n + 4
                        for j = 1, l do
                            local q = o[j]
                            local tq = type(q)
                            if tq == "number" then
                                wu8(buf, m, 1)
                                wf64(buf, m + 1, q)
                                m += 9
                            elseif tq == "table" and getmetatable(q) == nil then
                                -- An array of one to four numbers (a line of coins, a square),
                                -- in line; anything else is left to enc.
                                local ql = rawlen(q)
                                if ql < 1 or ql > 4 or next(q, ql) ~= nil then
                                    ok = false
                                    break
                                end
                                wu8(buf, m, 3)
                                wu32(buf, m + 1, ql)
                                m += 5
                                for k = 1, ql do
                                    local x = q[k]
                                    if type(x) ~= "number" then
                                        ok = false
                                        break
                                    end
                                    wu8(buf, m, 1)
                                    wf64(buf, m + 1, x)
                                    m += 9
                                end
                                if not ok then
                                    break
                                end
                            else
                                ok = false
                                break
                            end
                        end
                        if ok then
                            n = m
                        end
                    end
                    if not ok then
                        local parts = {}
                        flat(o, parts, 0)
                        if n + 4 > cap then
                            grow(n + 4)
                        end
                        wu32(buf, n, #parts)
                        n += 4
                        for j = 1, #parts do
                            n = enc(parts[j], n, 0)
                        end
                    end
                else
                    at = i
                    -- An array of one to four numbers (canwin's triples), in line.
                    local done = false
                    if mt == nil and l >= 1 and l <= 4 and next(o, l) == nil then
                        if n + 9 + 9 * l > cap then
                            grow(n + 9 + 9 * l)
                        end
                        local m = n + 9
                        done = true
                        for k = 1, l do
                            local x = o[k]
                            if type(x) ~= "number" then
                                done = false
                                break
                            end
                            wu8(buf, m, 1)
                            wf64(buf, m + 1, x)
                            m += 9
                        end
                        if done then
                            wu32(buf, n, 1)
                            wu8(buf, n + 4, 3)
                            wu32(buf, n + 5, l)
                            n = m
                        end
                    end
                    if not done then
                        if n + 4 > cap then
                            grow(n + 4)
                        end
                        wu32(buf, n, 1)
                        n = enc(o, n + 4, 0)
                    end
                end
            else
                at = i
                if n + 4 > cap then
                    grow(n + 4)
                end
                wu32(buf, n, 1)
                n = enc(o, n + 4, 0)
            end
        end
        -- The shared buffer and the bytes used: Rust copies those only.
        return buf, n
    end
end
local function bind_value(f)
    return function(kind, ...)
        return f(position(kind, ...))
    end
end
-- The search hooks as `moves` is read: `canonical` as one option, `split` as its parts;
-- nil (no answer) as the position itself.
local function as_one(f)
    return function(p)
        local c = f(p)
        if c == nil then
            return { p }
        end
        return { c }
    end
end
local function as_parts(f)
    return function(p)
        local r = f(p)
        if r == nil then
            return { p }
        end
        if type(r) ~= "table" or getmetatable(r) ~= nil then
            error(BAD .. "the result: " .. what(r) .. ": split must return an array of positions, or nil when the position does not split", 0)
        end
        return r
    end
end
return { SUM = SUM, bind = bind, bind_value = bind_value, BAD = BAD, as_one = as_one, as_parts = as_parts }
"##;

/// The prefix of the prelude's shape errors (its `BAD`).
const SHAPE: &str = "[grundy-shape] ";

/// Base functions a script may not reach.
const REMOVED: [&str; 8] = [
    "print",
    "require",
    "loadstring",
    "getfenv",
    "setfenv",
    "collectgarbage",
    "gcinfo",
    "load",
];

/// A compiled Luau rule script.
pub(crate) struct LuauScript {
    lua: Lua,
    file: String,
    name: String,
    /// `moves` wrapped by the prelude's `bind` (the fast path).
    moves: Function,
    display: Option<Function>,
    describe: Option<Function>,
    /// `nimber` and `outcome` wrapped by the prelude's `bind_value`.
    nimber: Option<Function>,
    outcome: Option<Function>,
    /// `canonical` and `split` wrapped so that `bind` reads them as it reads `moves`.
    canonical: Option<Function>,
    split: Option<Function>,
    sum_mt: Table,
    watch: Arc<Watch>,
}

impl std::fmt::Debug for LuauScript {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LuauScript")
            .field("file", &self.file)
            .finish()
    }
}

/// The names of the hooks a script may define, with their parameter counts.
const HOOKS: [(&str, usize); 7] = [
    ("moves", 1),
    ("display", 1),
    ("describe", 2),
    ("nimber", 1),
    ("outcome", 1),
    ("canonical", 1),
    ("split", 1),
];

/// Compiles a Luau script, runs its top level once, and reports as [`crate::check`] does.
pub(crate) fn analyse(
    source: &str,
    file: &str,
    limits: &Sandbox,
    interrupt: Arc<RwLock<Interrupt>>,
) -> (Option<LuauScript>, CheckReport) {
    let mut report = CheckReport::empty(file);
    let compile_error = |line: Option<usize>, message: String| ScriptError::Compile {
        location: Location {
            file: file.to_string(),
            line_column: line.map(|l| (l, 0)),
        },
        message,
    };
    if let Some(e) = ScriptError::source_too_large(source, file, limits, top_site()) {
        report.problems.push(e);
        return (None, report);
    }
    let libs = StdLib::STRING
        | StdLib::TABLE
        | StdLib::MATH
        | StdLib::BIT
        | StdLib::UTF8
        | StdLib::BUFFER
        | StdLib::VECTOR;
    let lua = match Lua::new_with(libs, LuaOptions::new()) {
        Ok(l) => l,
        Err(e) => {
            report
                .problems
                .push(compile_error(None, format!("Luau could not start: {e}")));
            return (None, report);
        }
    };
    let watch = Arc::new(Watch {
        ops: AtomicU64::new(0),
        granted: AtomicU64::new(0),
        max_ops: limits.operations,
        interrupt,
    });
    let w = watch.clone();
    if let Err(e) = interrupt::install(&lua, move || w.tick()) {
        report
            .problems
            .push(compile_error(None, format!("Luau could not start: {e}")));
        return (None, report);
    }
    // Level 2: local functions inlined and short loops unrolled (level 1, the default, does
    // neither). Interrupts stay at every loop's back edge and every call that is not inlined,
    // so the operation limit still stops endless loops and recursion.
    lua.set_compiler(mlua::chunk::Compiler::new().set_optimization_level(2));
    let heap = usize::try_from(limits.memory.min(MAX_HEAP)).unwrap_or(usize::MAX);
    let _ = lua.set_memory_limit(heap);
    let setup = (|| -> mlua::Result<Table> {
        let g = lua.globals();
        for name in REMOVED {
            g.raw_set(name, Value::Nil)?;
        }
        if let Ok(math) = g.raw_get::<Table>("math") {
            math.raw_set("random", Value::Nil)?;
            math.raw_set("randomseed", Value::Nil)?;
        }
        g.raw_set("emit", rawcall::emit_function(&lua)?)?;
        // The data given to the script (docs/rules.md, "Data"); nil without it.
        if let Some(text) = limits.data.text() {
            g.raw_set("DATA", lua.create_string(text)?)?;
        }
        if let Some(numbers) = limits.data.numbers() {
            let t = lua.create_table_with_capacity(numbers.len(), 0)?;
            for &n in numbers {
                t.raw_push(n as f64)?;
            }
            g.raw_set("DATA_NUMBERS", t)?;
        }
        lua.load(PRELUDE)
            .set_name("=prelude")
            .set_mode(ChunkMode::Text)
            .eval::<Table>()
    })();
    let prelude = match setup {
        Ok(t) => t,
        Err(e) => {
            report
                .problems
                .push(compile_error(None, format!("Luau could not start: {e}")));
            return (None, report);
        }
    };
    if let Err(e) = lua.sandbox(true) {
        report
            .problems
            .push(compile_error(None, format!("Luau could not start: {e}")));
        return (None, report);
    }
    // Compile and run the top level (it defines the functions and the constants).
    let chunk = lua
        .load(source)
        .set_name(format!("={file}"))
        .set_mode(ChunkMode::Text);
    let run = chunk.into_function().and_then(|f| {
        watch.start();
        f.call::<()>(())
    });
    if let Err(e) = run {
        let site = top_site();
        report
            .problems
            .push(convert_error(&e, file, limits, &watch, site));
        return (None, report);
    }
    let g = lua.globals();
    let mut hooks: Vec<Option<Function>> = Vec::new();
    for (name, params) in HOOKS {
        match g.raw_get::<Value>(name) {
            Ok(Value::Function(f)) => {
                let info = f.info();
                let n = usize::from(info.num_params);
                report.functions.push(FunctionInfo {
                    name: name.to_string(),
                    params: n,
                });
                if n != params {
                    report.problems.push(compile_error(
                        info.line_defined,
                        format!(
                            "`{name}` takes {n} parameters; it must take exactly {params} \
                             (`function {name}({})`)",
                            if params == 1 { "p" } else { "p, q" }
                        ),
                    ));
                }
                hooks.push(Some(f));
            }
            Ok(Value::Nil) => hooks.push(None),
            Ok(other) => {
                report.problems.push(compile_error(
                    None,
                    format!(
                        "`{name}` is {}, not a function; define `function {name}(...)`",
                        other.type_name()
                    ),
                ));
                hooks.push(None);
            }
            Err(e) => {
                report.problems.push(compile_error(None, e.to_string()));
                hooks.push(None);
            }
        }
    }
    if hooks[0].is_none() && report.problems.is_empty() {
        report.problems.push(compile_error(
            None,
            "the script defines no `function moves(p)`; a rule script must define it, \
             returning the array of options of position p"
                .to_string(),
        ));
    }
    report.has_display = hooks[1].is_some();
    report.has_describe = hooks[2].is_some();
    report.has_nimber = hooks[3].is_some();
    report.has_outcome = hooks[4].is_some();
    report.has_canonical = hooks[5].is_some();
    report.has_split = hooks[6].is_some();
    let name = match g.raw_get::<Value>("NAME") {
        Ok(Value::Nil) => crate::script::default_family_name(file),
        Ok(Value::String(s)) => s.to_string_lossy(),
        Ok(other) => {
            report.problems.push(compile_error(
                None,
                format!(
                    "NAME must be a string, as in `NAME = \"mygame\"`, found {}",
                    other.type_name()
                ),
            ));
            return (None, report);
        }
        Err(e) => {
            report.problems.push(compile_error(None, e.to_string()));
            return (None, report);
        }
    };
    if !crate::script::valid_family_name(&name) {
        report.problems.push(compile_error(
            None,
            format!(
                "the family name '{name}' cannot be written in an expression; use letters, \
                 digits and '_' (not first a digit), or set `NAME = \"mygame\"`"
            ),
        ));
        return (None, report);
    }
    report.name = Some(name.clone());
    report.arity = match g.raw_get::<Value>("ARITY") {
        Ok(Value::Nil) => Arity::default(),
        Ok(v) => match read_arity(&v) {
            Some(a) => a,
            None => {
                report.problems.push(compile_error(
                    None,
                    format!(
                        "ARITY must be a whole number from 1 to {MAX_ARITY} (how many \
                         arguments write one position, as in `ARITY = 2`) or \"all\" (every \
                         argument of a term makes one array position), found {}",
                        show(&v)
                    ),
                ));
                return (None, report);
            }
        },
        Err(e) => {
            report.problems.push(compile_error(None, e.to_string()));
            return (None, report);
        }
    };
    if !report.problems.is_empty() {
        return (None, report);
    }
    let bound = (|| -> mlua::Result<(Table, Function, Function, Function, Function)> {
        Ok((
            prelude.raw_get("SUM")?,
            prelude.raw_get("bind")?,
            prelude.raw_get("bind_value")?,
            prelude.raw_get("as_one")?,
            prelude.raw_get("as_parts")?,
        ))
    })();
    let Ok((sum_mt, bind, bind_value, as_one, as_parts)) = bound else {
        report.problems.push(compile_error(
            None,
            "Luau could not start: the prelude is incomplete".into(),
        ));
        return (None, report);
    };
    // Freeze what the top level made, so that calls cannot leave state behind.
    freeze(&lua, &g, &sum_mt);
    let mut it = hooks.into_iter();
    let (Some(Some(moves)), display, describe, nimber, outcome, canonical, split) = (
        it.next(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
    ) else {
        return (None, report);
    };
    type Bound = (Function, [Option<Function>; 4]);
    let wrapped = (|| -> mlua::Result<Bound> {
        let wrap = |f: Option<Function>| -> mlua::Result<Option<Function>> {
            f.map(|f| bind_value.call::<Function>(f)).transpose()
        };
        // The search hooks are read as `moves` is, through `bind`.
        let read_as = |shape: &Function, f: Option<Function>| -> mlua::Result<Option<Function>> {
            f.map(|f| {
                let shaped = shape.call::<Function>(f)?;
                bind.call::<Function>((shaped, limits.position_depth))
            })
            .transpose()
        };
        Ok((
            bind.call::<Function>((moves, limits.position_depth))?,
            [
                wrap(nimber)?,
                wrap(outcome)?,
                read_as(&as_one, canonical)?,
                read_as(&as_parts, split)?,
            ],
        ))
    })();
    let Ok((moves, [nimber, outcome, canonical, split])) = wrapped else {
        report.problems.push(compile_error(
            None,
            "Luau could not start: the hooks could not be bound".into(),
        ));
        return (None, report);
    };
    let script = LuauScript {
        lua,
        file: file.to_string(),
        name,
        moves,
        display,
        describe,
        nimber,
        outcome,
        canonical,
        split,
        sum_mt,
        watch,
    };
    (Some(script), report)
}

/// Makes the globals and every table reachable from them read-only (iteratively, each table
/// once).
fn freeze(lua: &Lua, globals: &Table, sum_mt: &Table) {
    let _ = lua;
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![globals.clone()];
    while let Some(t) = todo.pop() {
        if !seen.insert(t.to_pointer() as usize) {
            continue;
        }
        if t.to_pointer() != sum_mt.to_pointer() {
            let _ = t.for_each::<Value, Value>(|_, v| {
                if let Value::Table(inner) = v {
                    todo.push(inner);
                }
                Ok(())
            });
        }
        t.set_readonly(true);
    }
}

fn read_arity(v: &Value) -> Option<Arity> {
    match v {
        Value::String(s) if s.to_string_lossy() == "all" => Some(Arity::All),
        other => {
            let n = number_of(other)?;
            usize::try_from(n)
                .ok()
                .filter(|k| (1..=MAX_ARITY).contains(k))
                .map(Arity::Fixed)
        }
    }
}

/// An exact integer from a Luau number.
fn number_of(v: &Value) -> Option<i64> {
    match v {
        // Luau's numbers are doubles: beyond 2^53 an integer may already have lost digits.
        Value::Integer(i) if i.unsigned_abs() <= MAX_EXACT as u64 => Some(*i),
        Value::Number(x) => exact_int(*x),
        _ => None,
    }
}

/// A Luau number as an integer, when it is one of at most 2^53 in size (beyond, a double may
/// already have lost digits).
#[inline(always)]
fn exact_int(x: f64) -> Option<i64> {
    // In range first (false for NaN), then whole when it comes back unchanged: no call to
    // `trunc`, and no saturation, which `as` spends a few instructions on.
    if x.abs() > MAX_EXACT as f64 {
        return None;
    }
    let n = x as i64;
    (n as f64 == x).then_some(n)
}

/// A short text of a Luau value for messages.
fn show(v: &Value) -> String {
    match v {
        Value::Nil => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Number(x) => x.to_string(),
        Value::String(s) => format!("{:?}", crate::datum::shorten(&s.to_string_lossy())),
        other => other.type_name().to_string(),
    }
}

fn top_site() -> CallSite {
    CallSite {
        function: "top level".into(),
        position: String::new(),
    }
}

/// Why a Luau value is not a position.
fn not_a_position(v: &Value) -> String {
    match v {
        Value::Number(x) if x.fract() != 0.0 => {
            format!("{x} is a decimal number, which is not a position")
        }
        Value::Number(_) | Value::Integer(_) => format!(
            "{} is beyond 2^53, the largest integer a Luau number holds exactly; positions \
             of Luau scripts are integers of at most 2^53 in size",
            show(v)
        ),
        Value::Nil => "nil is not a position".into(),
        Value::Boolean(b) => format!("{b} (a boolean) is not a position"),
        other => format!("a {} is not a position", other.type_name()),
    }
}

impl LuauScript {
    fn site(&self, function: &str, p: &Key) -> CallSite {
        let text = match p.to_datum() {
            Some(d) => crate::datum::shorten(&d.call_text(&self.name)),
            None => format!("{}(?)", self.name),
        };
        CallSite {
            function: function.to_string(),
            position: text,
        }
    }

    fn error(&self, e: &mlua::Error, function: &str, p: &Key, limits: &Sandbox) -> ScriptError {
        // The prelude's shape errors: `BAD` then where, ": ", and why.
        let text = e.to_string();
        if let Some(at) = text.find(SHAPE) {
            let rest = &text[at + SHAPE.len()..];
            let rest = rest.lines().next().unwrap_or_default();
            let (what, why) = rest.split_once(": ").unwrap_or(("an option", rest));
            return self.bad_in(function, p, what.to_string(), why.to_string());
        }
        convert_error(e, &self.file, limits, &self.watch, self.site(function, p))
    }

    fn bad(&self, p: &Key, what: String, reason: String) -> ScriptError {
        self.bad_in("moves", p, what, reason)
    }

    /// A result of the wrong shape from `function` (`moves` or a hook read as it is).
    fn bad_in(&self, function: &str, p: &Key, what: String, reason: String) -> ScriptError {
        ScriptError::BadOption {
            file: self.file.clone(),
            call: self.site(function, p),
            what,
            reason,
        }
    }

    /// The position as a Luau value.
    fn to_lua(&self, p: &Key) -> Result<Value, String> {
        let mut r = p.reader();
        // Tables being filled, with how many items are still due.
        let mut open: Vec<(Table, usize)> = Vec::new();
        loop {
            let item = r.next_item().ok_or("a damaged position")?;
            let mut v = match item {
                Item::Int(n) => {
                    if n.unsigned_abs() > MAX_EXACT as u64 {
                        return Err(format!(
                            "{n} is beyond 2^53, the largest integer a Luau number holds \
                             exactly; a Luau script takes integers of at most 2^53 in size"
                        ));
                    }
                    Value::Number(n as f64)
                }
                Item::Str(s) => {
                    Value::String(self.lua.create_string(s).map_err(|e| e.to_string())?)
                }
                Item::List(n) => {
                    let t = self
                        .lua
                        .create_table_with_capacity(n, 0)
                        .map_err(|e| e.to_string())?;
                    if n > 0 {
                        open.push((t, n));
                        continue;
                    }
                    Value::Table(t)
                }
            };
            loop {
                let Some((t, due)) = open.last_mut() else {
                    return Ok(v);
                };
                t.raw_push(v).map_err(|e| e.to_string())?;
                *due -= 1;
                if *due > 0 {
                    break;
                }
                let (t, _) = open.pop().ok_or("a damaged position")?;
                v = Value::Table(t);
            }
        }
    }

    /// The position as the arguments of a bound hook: `(0, p)` for an integer or a string,
    /// `(1, flat...)` for an array (`true`, its length, its items, depth first).
    fn args_of(&self, p: &Key) -> Result<mlua::MultiValue, String> {
        let exact = |n: i64| exact_number(n).map(Value::Number);
        if let Some(n) = p.as_int() {
            return Ok(mlua::MultiValue::from_vec(vec![
                Value::Integer(0),
                exact(n)?,
            ]));
        }
        // Arrays of two or three integers (boards, pairs of heaps) go as their items.
        if let Some(len @ 2..=3) = p.list_len() {
            let mut r = p.reader();
            let mut values = Vec::with_capacity(len + 1);
            values.push(Value::Integer(len as i64));
            let _ = r.next_item();
            for _ in 0..len {
                match r.next_item() {
                    Some(Item::Int(n)) => values.push(exact(n)?),
                    _ => {
                        values.clear();
                        break;
                    }
                }
            }
            if !values.is_empty() && r.at_end() {
                return Ok(mlua::MultiValue::from_vec(values));
            }
        }
        let mut values = vec![Value::Integer(1)];
        let mut r = p.reader();
        while !r.at_end() {
            match r.next_item().ok_or("a damaged position")? {
                Item::Int(n) => values.push(exact(n)?),
                Item::Str(text) => values.push(Value::String(
                    self.lua.create_string(text).map_err(|e| e.to_string())?,
                )),
                Item::List(len) => {
                    values.push(Value::Boolean(true));
                    values.push(Value::Integer(len as i64));
                }
            }
        }
        if values.len() == 2 {
            // A lone string goes as itself.
            values[0] = Value::Integer(0);
        }
        Ok(mlua::MultiValue::from_vec(values))
    }

    /// Calls `moves(p)` and writes its options into `out`.
    pub(crate) fn moves_into(
        &self,
        p: &Key,
        out: &mut OptionList<Key>,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<(), ScriptError> {
        self.options_of(&self.moves, "moves", p, out, arity, limits)
    }

    /// The positions `canonical(p)` gives (one), read as `moves` is; `None` for nil.
    pub(crate) fn canonical(
        &self,
        p: &Key,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<Option<Key>, ScriptError> {
        Ok(self
            .positions_of(self.canonical.as_ref(), "canonical", p, arity, limits)?
            .and_then(|mut v| v.pop()))
    }

    /// The parts `split(p)` gives, read as `moves` is; `None` for nil.
    pub(crate) fn split(
        &self,
        p: &Key,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<Option<Vec<Key>>, ScriptError> {
        self.positions_of(self.split.as_ref(), "split", p, arity, limits)
    }

    /// The parts of every option a hook bound as `moves` gives, in order.
    fn positions_of(
        &self,
        f: Option<&Function>,
        name: &str,
        p: &Key,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<Option<Vec<Key>>, ScriptError> {
        let Some(f) = f else {
            return Ok(None);
        };
        let mut out = OptionList::new();
        self.options_of(f, name, p, &mut out, arity, limits)?;
        Ok(Some(out.iter().flatten().cloned().collect()))
    }

    /// Calls `f`, a hook bound as `moves` (named `name`), and writes its options into `out`.
    fn options_of(
        &self,
        f: &Function,
        name: &str,
        p: &Key,
        out: &mut OptionList<Key>,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<(), ScriptError> {
        type Packed = (mlua::Buffer, i64);
        // A number, or two or three numbers, go as numbers (no argument vector per call);
        // anything else as the values `args_of` writes.
        let small = match small_args(p) {
            Some(Ok(args)) => Some(args),
            Some(Err(m)) => return Err(self.bad_position(p, m)),
            None => None,
        };
        let ((numbers, n), args) = match small {
            Some(small) => (small.numbers(), mlua::MultiValue::new()),
            None => {
                let args = self.args_of(p).map_err(|m| self.bad_position(p, m))?;
                (SmallArgs::One(0.0).numbers(), args)
            }
        };
        // `emit` writes into a list of this thread for the length of the call, in groups of
        // the family's fixed arity, and at most the script's memory in numbers.
        let k = match arity {
            Arity::Fixed(k) => k,
            Arity::All => 0,
        };
        let max_numbers = usize::try_from(limits.memory.min(MAX_HEAP) / 8).unwrap_or(usize::MAX);
        // Through the C API; a call whose result or error that path does not read is made
        // again through mlua below.
        let coder = coder(arity, out.accepts_codes());
        let read = |bytes: Option<&[u8]>| rawcall::emitted(|e| read_all(e, bytes, out, arity));
        let fast = rawcall::emitting(k, max_numbers, coder, || {
            self.watch.start();
            if small.is_some() {
                rawcall::call_packed(&self.lua, f, numbers[..n].iter(), read)
            } else {
                rawcall::call_packed(&self.lua, f, args.iter(), read)
            }
        });
        match fast {
            Ok(Some(read)) => return read.map_err(|(what, why)| self.bad_in(name, p, what, why)),
            Err(e) => return Err(self.error(&e, name, p, limits)),
            Ok(None) => {}
        }
        let called = rawcall::emitting(k, max_numbers, coder, || {
            self.watch.start();
            match small {
                Some(SmallArgs::One(a)) => f.call::<Packed>((0.0, a)),
                Some(SmallArgs::Two(a, b)) => f.call::<Packed>((2.0, a, b)),
                Some(SmallArgs::Three(a, b, c)) => f.call::<Packed>((3.0, a, b, c)),
                None => f.call::<Packed>(args),
            }
        });
        let (packed, used) = called.map_err(|e| self.error(&e, name, p, limits))?;
        let bytes = match usize::try_from(used) {
            Ok(used) => {
                let mut bytes = vec![0u8; used];
                std::io::Read::read_exact(&mut packed.cursor(), &mut bytes).map_err(|_| {
                    self.bad_in(name, p, "the options".into(), "damaged options".into())
                })?;
                Some(bytes)
            }
            Err(_) => None,
        };
        rawcall::emitted(|e| read_all(e, bytes.as_deref(), out, arity))
            .map_err(|(what, why)| self.bad_in(name, p, what, why))
    }

    fn bad_position(&self, p: &Key, reason: String) -> ScriptError {
        ScriptError::BadPosition {
            file: self.file.clone(),
            position: self.site("moves", p).position,
            reason,
        }
    }

    /// Calls hook `f` (named `name`) on `p` with `args`, with a fresh operation count.
    fn call_hook(
        &self,
        f: &Function,
        name: &str,
        p: &Key,
        args: mlua::MultiValue,
        limits: &Sandbox,
    ) -> Result<Value, ScriptError> {
        self.watch.start();
        f.call::<Value>(args)
            .map_err(|e| self.error(&e, name, p, limits))
    }

    /// A hook's answer of the wrong kind: which call, what it returned, what was expected.
    fn bad_return(&self, name: &str, p: &Key, v: &Value, reason: &str) -> ScriptError {
        ScriptError::BadReturn {
            file: self.file.clone(),
            call: self.site(name, p),
            value: show(v),
            reason: reason.into(),
        }
    }

    /// Calls a hook that returns a text (`display`, `describe`); `None` for `nil`.
    fn text_hook(
        &self,
        f: &Function,
        name: &str,
        p: &Key,
        args: Vec<Value>,
        limits: &Sandbox,
    ) -> Result<Option<String>, ScriptError> {
        match self.call_hook(f, name, p, mlua::MultiValue::from_iter(args), limits)? {
            Value::Nil => Ok(None),
            Value::String(s) => Ok(Some(s.to_string_lossy())),
            other => Err(self.bad_return(
                name,
                p,
                &other,
                "expected a string (or nil for the default text)",
            )),
        }
    }

    /// `display(p)`.
    pub(crate) fn display(&self, p: &Key, limits: &Sandbox) -> Result<Option<String>, ScriptError> {
        let Some(f) = &self.display else {
            return Ok(None);
        };
        let arg = self.to_lua(p).map_err(|m| self.bad_position(p, m))?;
        self.text_hook(f, "display", p, vec![arg], limits)
    }

    /// `describe(p, q)`: `q` is a position, or a sum table for a sum.
    pub(crate) fn describe(
        &self,
        p: &Key,
        q: &ScriptOption,
        limits: &Sandbox,
    ) -> Result<Option<String>, ScriptError> {
        let Some(f) = &self.describe else {
            return Ok(None);
        };
        let arg = self.to_lua(p).map_err(|m| self.bad_position(p, m))?;
        let option = match q {
            ScriptOption::One(d) => self
                .to_lua(&Key::of(d))
                .map_err(|m| self.bad_position(p, m))?,
            ScriptOption::Sum(parts) => {
                let t = self
                    .lua
                    .create_table_with_capacity(parts.len(), 0)
                    .map_err(|e| self.error(&e, "describe", p, limits))?;
                for d in parts {
                    let v = self
                        .to_lua(&Key::of(d))
                        .map_err(|m| self.bad_position(p, m))?;
                    t.raw_push(v)
                        .map_err(|e| self.error(&e, "describe", p, limits))?;
                }
                t.set_metatable(Some(self.sum_mt.clone()))
                    .map_err(|e| self.error(&e, "describe", p, limits))?;
                Value::Table(t)
            }
        };
        self.text_hook(f, "describe", p, vec![arg, option], limits)
    }

    /// `nimber(p)`: a whole number, or `None` for `nil` (search instead).
    pub(crate) fn nimber(&self, p: &Key, limits: &Sandbox) -> Result<Option<u64>, ScriptError> {
        let Some(f) = &self.nimber else {
            return Ok(None);
        };
        // A number or an array of two or three integers goes through the C API (an mlua call
        // costs about a third of a closed form's time); anything else, and a result other
        // than a number or nil, through mlua below.
        match small_args(p) {
            Some(Ok(small)) => {
                let (numbers, n) = small.numbers();
                self.watch.start();
                match rawcall::call_number(&self.lua, f, numbers[..n].iter()) {
                    Ok(Some(None)) => return Ok(None),
                    Ok(Some(Some(x))) => return self.nim_value(p, Value::Number(x)).map(Some),
                    Err(e) => return Err(self.error(&e, "nimber", p, limits)),
                    Ok(None) => {}
                }
            }
            Some(Err(m)) => return Err(self.bad_position(p, m)),
            None => {}
        }
        let args = self.args_of(p).map_err(|m| self.bad_position(p, m))?;
        match self.call_hook(f, "nimber", p, args, limits)? {
            Value::Nil => Ok(None),
            other => self.nim_value(p, other).map(Some),
        }
    }

    /// The nim-value `nimber` returned on `p` (not nil), or why it is none.
    fn nim_value(&self, p: &Key, v: Value) -> Result<u64, ScriptError> {
        number_of(&v)
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| {
                self.bad_return(
                    "nimber",
                    p,
                    &v,
                    "expected a nim-value (a whole number, 0 or more) or nil",
                )
            })
    }

    /// `outcome(p)`: `Some(true)` when the player to move wins ("N"), `Some(false)` for "P",
    /// `None` for `nil`.
    pub(crate) fn outcome(&self, p: &Key, limits: &Sandbox) -> Result<Option<bool>, ScriptError> {
        let Some(f) = &self.outcome else {
            return Ok(None);
        };
        let args = self.args_of(p).map_err(|m| self.bad_position(p, m))?;
        match self.call_hook(f, "outcome", p, args, limits)? {
            Value::Nil => Ok(None),
            Value::String(s) if s.to_string_lossy() == "N" => Ok(Some(true)),
            Value::String(s) if s.to_string_lossy() == "P" => Ok(Some(false)),
            other => Err(self.bad_return(
                "outcome",
                p,
                &other,
                "expected \"N\" (the player to move wins), \"P\" or nil",
            )),
        }
    }
}

/// Reads the options of one call of `moves`: those `emit` wrote, then those of the array it
/// returned (`None`: it returned nothing, which is right only after an `emit`).
fn read_all(
    e: &rawcall::Emitted,
    returned: Option<&[u8]>,
    out: &mut OptionList<Key>,
    arity: Arity,
) -> Result<(), (String, String)> {
    if returned.is_none() && out.accepts_codes() && read_coded(e, out, arity) {
        return Ok(());
    }
    read_emitted(e, out, arity)?;
    match returned {
        Some(b) => read_options(b, out, arity, e.ends.len()),
        None if !e.ends.is_empty() => Ok(()),
        None => Err((
            "the result".into(),
            "nil: moves must return an array of options (an empty table {} when there is no \
             move), or nothing after calling emit for each option"
                .into(),
        )),
    }
}

/// Reads the options `emit` wrote as the dense codes of their parts, which it wrote with
/// [`coder`] (the arena's search takes them so, and writes a key only for a position it meets
/// for the first time): `true` when every part has a code; else nothing is kept, and
/// [`read_emitted`] reads them (and says what is wrong with a number that is not a whole
/// one).
fn read_coded(e: &rawcall::Emitted, out: &mut OptionList<Key>, arity: Arity) -> bool {
    let Arity::Fixed(k) = arity else {
        return false;
    };
    if e.ends.is_empty() || !e.coded || e.ends.last() != Some(&(e.codes.len() * k)) {
        return false;
    }
    // Each option's numbers are a multiple of k (emit checked), a code a group.
    out.extend_coded(&e.codes, e.ends.iter().map(|&end| end / k));
    true
}

/// What `emit` calls to write an option's codes for a family of this arity (one to four
/// numbers a position), if the search takes codes.
fn coder(arity: Arity, takes_codes: bool) -> Option<rawcall::Coder> {
    if !takes_codes {
        return None;
    }
    let code = match arity {
        Arity::Fixed(1) => coded::<1>,
        Arity::Fixed(2) => coded::<2>,
        Arity::Fixed(3) => coded::<3>,
        Arity::Fixed(4) => coded::<4>,
        _ => return None,
    };
    Some(rawcall::Coder {
        code,
        decode: decoded,
    })
}

/// [`rawcall::Coder::decode`]: the numbers of positions given by the codes [`coded`] wrote
/// (an integer, or an array of two to four; one position's numbers after another).
fn decoded(codes: &[u64], numbers: &mut Vec<f64>) -> bool {
    for &code in codes {
        let Some(key) = Key::of_dense_code(code) else {
            return false;
        };
        // Whole numbers within 2^53, as `coded` read them: exact as f64.
        match (key.as_int(), key.int_items()) {
            (Some(n), _) => numbers.push(n as f64),
            (None, Some(items)) => numbers.extend(items.iter().map(|&n| n as f64)),
            (None, None) => return false,
        }
    }
    true
}

/// [`rawcall::Coder`] for arity `K` (the arity a constant of each copy: grouping by a number
/// known only at run time costs a division per option).
fn coded<const K: usize>(numbers: &[f64], codes: &mut Vec<u64>) -> bool {
    codes.reserve(numbers.len() / K);
    for group in numbers.chunks_exact(K) {
        // Every number whole and within 2^53 (as exact_int, without an exit per number).
        let mut ints = [0i64; K];
        let mut whole = true;
        for (slot, &x) in ints.iter_mut().zip(group) {
            whole &= x.abs() <= MAX_EXACT as f64;
            let n = x as i64;
            whole &= n as f64 == x;
            *slot = n;
        }
        if !whole {
            return false;
        }
        let code = if K == 1 {
            Key::dense_code_of_ints(&ints, false)
        } else {
            Key::dense_code_of_array(&ints)
        };
        match code {
            Some(code) => codes.push(code),
            None => return false,
        }
    }
    true
}

/// Reads the options `emit` wrote: each a run of numbers in groups of the family's arity
/// (which `emit` checked), each group a position.
fn read_emitted(
    e: &rawcall::Emitted,
    out: &mut OptionList<Key>,
    arity: Arity,
) -> Result<(), (String, String)> {
    let Arity::Fixed(k) = arity else {
        // `emit` refuses every call without a fixed arity.
        return if e.ends.is_empty() {
            Ok(())
        } else {
            Err(("the options".into(), "damaged options".into()))
        };
    };
    let mut scratch = Vec::new();
    let Some(numbers) = e.all_numbers(&mut scratch) else {
        return Err(("the options".into(), "damaged options".into()));
    };
    let mut start = 0usize;
    let mut ints = [0i64; 4];
    let mut w = KeyWriter::new();
    for (i, &end) in e.ends.iter().enumerate() {
        let Some(option) = numbers.get(start..end) else {
            return Err(("the options".into(), "damaged options".into()));
        };
        start = end;
        for group in option.chunks_exact(k) {
            for (j, &x) in group.iter().enumerate() {
                let n = exact_int(x).ok_or_else(|| {
                    (
                        format!("the option at index {}", i + 1),
                        not_a_position(&Value::Number(x)),
                    )
                })?;
                if let Some(slot) = ints.get_mut(j) {
                    *slot = n;
                }
            }
            let key = match k {
                1 => Some(Key::int_inline(ints[0])),
                2..=4 => Key::ints(&ints[..k]),
                _ => None,
            };
            out.push_part(key.unwrap_or_else(|| {
                w.clear();
                w.list(k);
                for &x in group {
                    w.int(x as i64);
                }
                w.finish()
            }));
        }
        out.close();
    }
    Ok(())
}

/// Reads the options the prelude packed (see [`PRELUDE`]) into an option list, checking
/// each number (a whole number of at most 2^53 in size) and each part's arity.
///
/// Returns which option was wrong and why, or damage (bytes no prelude writes).
fn read_options(
    b: &[u8],
    out: &mut OptionList<Key>,
    arity: Arity,
    mut index: usize,
) -> Result<(), (String, String)> {
    let damaged = || ("the options".to_string(), "damaged options".to_string());
    let mut at = 0usize;
    let mut w = KeyWriter::new();
    let u32_at = |at: usize| -> Option<usize> {
        let bytes: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_le_bytes(bytes) as usize)
    };
    // Items still due in the arrays open in the part being read (one buffer for the call).
    let mut open: Vec<usize> = Vec::new();
    while at < b.len() {
        index += 1;
        let parts = u32_at(at).ok_or_else(damaged)?;
        at += 4;
        for _ in 0..parts {
            // A number or an array of up to four numbers, the common parts, without the
            // writer; anything else (and anything to refuse) by the general reading below.
            if let Some((k, shape, next)) = small_part(b, at) {
                let fits = match arity {
                    Arity::Fixed(n) if n > 1 => shape == n,
                    _ => true,
                };
                if fits {
                    at = next;
                    out.push_part(k);
                    continue;
                }
            }
            w.clear();
            open.clear();
            loop {
                let tag = *b.get(at).ok_or_else(damaged)?;
                at += 1;
                match tag {
                    1 => {
                        let bytes: [u8; 8] = b
                            .get(at..at + 8)
                            .and_then(|s| s.try_into().ok())
                            .ok_or_else(damaged)?;
                        at += 8;
                        let x = f64::from_le_bytes(bytes);
                        match number_of(&Value::Number(x)) {
                            Some(n) => w.int(n),
                            None => {
                                return Err((
                                    format!("the option at index {index}"),
                                    not_a_position(&Value::Number(x)),
                                ))
                            }
                        }
                    }
                    2 => {
                        let len = u32_at(at).ok_or_else(damaged)?;
                        at += 4;
                        let text = b.get(at..at + len).ok_or_else(damaged)?;
                        at += len;
                        match std::str::from_utf8(text) {
                            Ok(t) => w.str(t),
                            Err(_) => {
                                return Err((
                                    format!("the option at index {index}"),
                                    "a string that is not UTF-8 is not a position".into(),
                                ))
                            }
                        }
                    }
                    3 => {
                        let len = u32_at(at).ok_or_else(damaged)?;
                        at += 4;
                        w.list(len);
                        if len > 0 {
                            open.push(len);
                            continue;
                        }
                    }
                    _ => return Err(damaged()),
                }
                // One value is complete: close the arrays it completes.
                while let Some(top) = open.last_mut() {
                    *top -= 1;
                    if *top > 0 {
                        break;
                    }
                    open.pop();
                }
                if open.is_empty() {
                    break;
                }
            }
            let k = w.finish();
            if let Arity::Fixed(n) = arity {
                let copied = || k.to_datum().is_some_and(|d| arity.fits(&d));
                if n > 1 && k.list_len() != Some(n) && !k.is_game() && !(k.is_copies() && copied())
                {
                    let shown = k.to_datum().map(|d| d.to_string()).unwrap_or_default();
                    return Err((
                        format!("the option at index {index}, {shown}"),
                        format!(
                            "a position of this family is an array of {n} values (ARITY = {n}); \
                             return positions of that shape, or set the ARITY the positions have"
                        ),
                    ));
                }
            }
            out.push_part(k);
        }
        out.close();
    }
    Ok(())
}

/// The part at `b[at..]` when it is a whole number or an array of one to four whole numbers
/// (each at most 2^53 in size): its key, its shape (0 for a number, else the array's length)
/// and where the next part starts. `None` for anything else, which the general reading takes.
fn small_part(b: &[u8], at: usize) -> Option<(Key, usize, usize)> {
    let number = |at: usize| -> Option<i64> {
        if *b.get(at)? != 1 {
            return None;
        }
        exact_int(f64::from_le_bytes(b.get(at + 1..at + 9)?.try_into().ok()?))
    };
    match *b.get(at)? {
        1 => Some((Key::int_inline(number(at)?), 0, at + 9)),
        3 => {
            let len = u32::from_le_bytes(b.get(at + 1..at + 5)?.try_into().ok()?) as usize;
            if !(1..=4).contains(&len) {
                return None;
            }
            let mut items = [0i64; 4];
            for (i, item) in items.iter_mut().take(len).enumerate() {
                *item = number(at + 5 + 9 * i)?;
            }
            Some((Key::ints(&items[..len])?, len, at + 5 + 9 * len))
        }
        _ => None,
    }
}

/// An integer as a Luau number, or why it cannot be one exactly.
fn exact_number(n: i64) -> Result<f64, String> {
    if n.unsigned_abs() > MAX_EXACT as u64 {
        return Err(format!(
            "{n} is beyond 2^53, the largest integer a Luau number holds exactly; a Luau script \
             takes integers of at most 2^53 in size"
        ));
    }
    Ok(n as f64)
}

/// The arguments of `moves` for the common positions: an integer, or an array of two or three
/// integers (the prelude's kinds 0, 2 and 3).
#[derive(Clone, Copy)]
enum SmallArgs {
    One(f64),
    Two(f64, f64),
    Three(f64, f64, f64),
}

impl SmallArgs {
    /// The prelude's arguments (the shape, 0 for a number and 2 or 3 for an array of that
    /// many, then the numbers) and how many there are.
    fn numbers(self) -> ([Value; 4], usize) {
        let (x, n) = match self {
            SmallArgs::One(a) => ([0.0, a, 0.0, 0.0], 2),
            SmallArgs::Two(a, b) => ([2.0, a, b, 0.0], 3),
            SmallArgs::Three(a, b, c) => ([3.0, a, b, c], 4),
        };
        (x.map(Value::Number), n)
    }
}

/// `p` as [`SmallArgs`]; `None` for any other position (`args_of` writes those), an error for
/// an integer beyond 2^53.
fn small_args(p: &Key) -> Option<Result<SmallArgs, String>> {
    if let Some(n) = p.as_int() {
        return Some(exact_number(n).map(SmallArgs::One));
    }
    let len = p.list_len().filter(|l| (2..=3).contains(l))?;
    let mut r = p.reader();
    let _ = r.next_item();
    let mut x = [0f64; 3];
    for slot in x.iter_mut().take(len) {
        match r.next_item() {
            Some(Item::Int(n)) => match exact_number(n) {
                Ok(v) => *slot = v,
                Err(m) => return Some(Err(m)),
            },
            _ => return None,
        }
    }
    if !r.at_end() {
        return None;
    }
    Some(Ok(if len == 2 {
        SmallArgs::Two(x[0], x[1])
    } else {
        SmallArgs::Three(x[0], x[1], x[2])
    }))
}

/// The interrupt's stop inside an error, if it caused it.
fn stop_of(e: &mlua::Error) -> Option<Stop> {
    match e {
        mlua::Error::ExternalError(inner) => inner.downcast_ref::<Stop>().copied(),
        mlua::Error::CallbackError { cause, .. } => stop_of(cause),
        mlua::Error::WithContext { cause, .. } => stop_of(cause),
        _ => None,
    }
}

/// Turns an mlua error into ours: the interrupt's stops, memory, Luau's stack overflow, and
/// every other failure as a runtime error at `FILE:LINE` when Luau gives one.
fn convert_error(
    e: &mlua::Error,
    file: &str,
    limits: &Sandbox,
    watch: &Watch,
    call: CallSite,
) -> ScriptError {
    let limit = |kind: LimitKind, line: Option<usize>| ScriptError::Limit {
        location: Location {
            file: file.to_string(),
            line_column: line.map(|l| (l, 0)),
        },
        limit: kind,
        value: limits.value(kind),
        call: call.clone(),
    };
    let _ = watch;
    if let Some(stop) = stop_of(e) {
        return match stop {
            Stop::Operations => limit(LimitKind::Operations, None),
            Stop::Cancelled => ScriptError::Cancelled { call },
            Stop::Deadline => limit(LimitKind::Time, None),
        };
    }
    let text = match e {
        mlua::Error::MemoryError(_) => return limit(LimitKind::Memory, None),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::CallbackError { cause, .. } => cause.to_string(),
        other => other.to_string(),
    };
    let first = text.lines().next().unwrap_or_default().to_string();
    let (line, message) = split_location(&first, file);
    if message.contains("stack overflow") {
        return limit(LimitKind::CallDepth, line);
    }
    // "table overflow", "invalid argument #1 to 'create' (size out of range)": a table larger
    // than Luau allows (`table.create(n)` with n past about 2^26), which would also be past
    // the memory limit.
    if message.contains("not enough memory")
        || message.contains("table overflow")
        || message.contains("(size out of range)")
    {
        return limit(LimitKind::Memory, line);
    }
    let location = Location {
        file: file.to_string(),
        line_column: line.map(|l| (l, 0)),
    };
    if matches!(e, mlua::Error::SyntaxError { .. }) {
        return ScriptError::Compile { location, message };
    }
    ScriptError::Runtime {
        location,
        call,
        message,
    }
}

/// Splits `file:LINE: message` (Luau's form) into the line and the message.
fn split_location(text: &str, file: &str) -> (Option<usize>, String) {
    if let Some(rest) = text.strip_prefix(file).and_then(|r| r.strip_prefix(':')) {
        if let Some((line, message)) = rest.split_once(": ") {
            if let Ok(n) = line.parse::<usize>() {
                return (Some(n), message.to_string());
            }
        }
    }
    (None, text.to_string())
}

impl LuauScript {
    /// The options of `p` as values (the slow, general path, for tests and describe).
    pub(crate) fn moves(
        &self,
        p: &Datum,
        arity: Arity,
        limits: &Sandbox,
    ) -> Result<Vec<ScriptOption>, ScriptError> {
        let mut out = OptionList::new();
        let key = Key::of(p);
        self.moves_into(&key, &mut out, arity, limits)?;
        let mut options = Vec::with_capacity(out.len());
        let mut flat = Vec::new();
        for o in out.iter() {
            flat.clear();
            for k in o {
                flat.push(k.to_datum().ok_or_else(|| {
                    self.bad(&key, "an option".into(), "a damaged position".into())
                })?);
            }
            // An option of one position is that position; `sum({q})` reads the same.
            options.push(if flat.len() == 1 {
                ScriptOption::One(flat[0].clone())
            } else {
                ScriptOption::Sum(flat.clone())
            });
        }
        Ok(options)
    }
}
