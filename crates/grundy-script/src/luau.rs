//! Rule scripts in [Luau](https://luau.org), the sandboxed Lua of Roblox, through `mlua`.
//!
//! The same contract as Rhai scripts (rules.md): `function moves(p)` returns an array (a
//! table with keys 1..n) of options, each a position or `sum({q1, q2, ...})`; optional
//! `display(p)`, `describe(p, q)`, `nimber(p)` and `outcome(p)`; `NAME` and `ARITY` as globals.
//! Luau runs rules about five times faster than Rhai, which is why it is here.
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
use crate::key::{Item, Key, KeyWriter};
use crate::limits::{Interrupt, LimitKind, Limits};
use crate::script::{CheckReport, FunctionInfo};
use crate::{Arity, Datum, ScriptOption, MAX_ARITY};

/// The largest integer a Luau number holds exactly.
const MAX_EXACT: i64 = 1 << 53;

/// How many interrupts pass between two looks at the cancellation flag and the clock.
const CHECK_EVERY: u64 = 1024;

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
struct Watch {
    ops: AtomicU64,
    max_ops: u64,
    interrupt: Arc<RwLock<Interrupt>>,
}

impl Watch {
    fn tick(&self) -> Result<VmState, mlua::Error> {
        let n = self.ops.fetch_add(1, Ordering::Relaxed);
        if n >= self.max_ops {
            return Err(mlua::Error::external(Stop::Operations));
        }
        if n % CHECK_EVERY == 0 {
            if let Some(stop) = self.stopped() {
                return Err(mlua::Error::external(stop));
            }
        }
        Ok(VmState::Continue)
    }

    fn stopped(&self) -> Option<Stop> {
        let i = self.interrupt.read().unwrap_or_else(|e| e.into_inner());
        if i.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Stop::Cancelled);
        }
        if i.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Deadline);
        }
        None
    }
}

/// The prelude run before the script: `sum` marks an array as a disjunctive sum with a
/// metatable that scripts can neither read nor forge (its `__metatable` hides it).
const PRELUDE: &str = r#"
local SUM = { __metatable = "sum" }
function sum(parts)
    if type(parts) ~= "table" then
        error("sum takes an array of positions, as in sum({a, b})", 2)
    end
    return setmetatable(parts, SUM)
end
function is_sum(q)
    return type(q) == "table" and getmetatable(q) == "sum"
end
return SUM
"#;

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
    moves: Function,
    display: Option<Function>,
    describe: Option<Function>,
    nimber: Option<Function>,
    outcome: Option<Function>,
    sum_mt: Table,
    watch: Arc<Watch>,
    position_depth: usize,
}

impl std::fmt::Debug for LuauScript {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LuauScript")
            .field("file", &self.file)
            .finish()
    }
}

/// The names of the hooks a script may define, with their parameter counts.
const HOOKS: [(&str, usize); 5] = [
    ("moves", 1),
    ("display", 1),
    ("describe", 2),
    ("nimber", 1),
    ("outcome", 1),
];

/// Compiles a Luau script, runs its top level once, and reports as [`crate::check`] does.
pub(crate) fn analyse(
    source: &str,
    file: &str,
    limits: &Limits,
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
    if source.len() > limits.source_size {
        report.problems.push(ScriptError::Limit {
            location: Location {
                file: file.to_string(),
                line_column: None,
            },
            limit: LimitKind::SourceSize,
            value: limits.value(LimitKind::SourceSize),
            call: top_site(),
        });
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
        max_ops: limits.operations,
        interrupt,
    });
    let w = watch.clone();
    lua.set_interrupt(move |_| w.tick());
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
        lua.load(PRELUDE)
            .set_name("=prelude")
            .set_mode(ChunkMode::Text)
            .eval::<Table>()
    })();
    let sum_mt = match setup {
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
        watch.ops.store(0, Ordering::Relaxed);
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
    // Freeze what the top level made, so that calls cannot leave state behind.
    freeze(&lua, &g, &sum_mt);
    let mut it = hooks.into_iter();
    let (Some(Some(moves)), display, describe, nimber, outcome) = (
        it.next(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
        it.next().flatten(),
    ) else {
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
        sum_mt,
        watch,
        position_depth: limits.position_depth,
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
        Value::Number(x) if x.fract() == 0.0 && x.abs() <= MAX_EXACT as f64 => Some(*x as i64),
        _ => None,
    }
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

    fn error(&self, e: &mlua::Error, function: &str, p: &Key, limits: &Limits) -> ScriptError {
        convert_error(e, &self.file, limits, &self.watch, self.site(function, p))
    }

    fn bad(&self, p: &Key, what: String, reason: String) -> ScriptError {
        ScriptError::BadOption {
            file: self.file.clone(),
            call: self.site("moves", p),
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

    /// Writes a Luau value as a position key; `Err` names what is wrong.
    fn write_key(&self, v: &Value, w: &mut KeyWriter) -> Result<(), String> {
        // Values to write, with their depth.
        let mut todo: Vec<(Value, usize)> = vec![(v.clone(), 0)];
        while let Some((v, depth)) = todo.pop() {
            match &v {
                Value::String(s) => match s.to_str() {
                    Ok(text) => w.str(&text),
                    Err(_) => return Err("a string that is not UTF-8 is not a position".into()),
                },
                Value::Table(t) => {
                    if self.is_sum(t) {
                        return Err("a sum inside a position is not a position; a sum may only \
                                    be an option itself"
                            .into());
                    }
                    if depth >= self.position_depth {
                        return Err(format!(
                            "it nests tables more than {} deep (the script limit {})",
                            self.position_depth,
                            LimitKind::PositionDepth.key()
                        ));
                    }
                    let items = array_items(t)?;
                    w.list(items.len());
                    for item in items.into_iter().rev() {
                        todo.push((item, depth + 1));
                    }
                }
                other => match number_of(other) {
                    Some(n) => w.int(n),
                    None => return Err(not_a_position(other)),
                },
            }
        }
        Ok(())
    }

    fn is_sum(&self, t: &Table) -> bool {
        t.metatable()
            .is_some_and(|m| m.to_pointer() == self.sum_mt.to_pointer())
    }

    /// Calls `moves(p)` and writes its options into `out`.
    pub(crate) fn moves_into(
        &self,
        p: &Key,
        out: &mut OptionList<Key>,
        arity: Arity,
        limits: &Limits,
    ) -> Result<(), ScriptError> {
        let arg = self.to_lua(p).map_err(|m| self.bad_position(p, m))?;
        self.watch.ops.store(0, Ordering::Relaxed);
        let result = self
            .moves
            .call::<Value>(arg)
            .map_err(|e| self.error(&e, "moves", p, limits))?;
        let Value::Table(t) = result else {
            return Err(self.bad(
                p,
                show(&result),
                "moves must return an array of options (an empty table {} when there is no \
                 move)"
                    .into(),
            ));
        };
        let items = array_items(&t).map_err(|m| self.bad(p, "the result".into(), m))?;
        let mut w = KeyWriter::new();
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::Table(s) if self.is_sum(s) => {
                    // Nested sums flatten into one.
                    let mut parts = vec![Value::Table(s.clone())];
                    let mut flat = Vec::new();
                    while let Some(v) = parts.pop() {
                        match v {
                            Value::Table(s) if self.is_sum(&s) => {
                                let inner = array_items(&s).map_err(|m| {
                                    self.bad(p, format!("the option at index {}", i + 1), m)
                                })?;
                                parts.extend(inner.into_iter().rev());
                            }
                            other => flat.push(other),
                        }
                    }
                    for part in &flat {
                        w.clear();
                        self.write_key(part, &mut w).map_err(|m| {
                            self.bad(
                                p,
                                format!("the option at index {}", i + 1),
                                format!("a part of the sum: {m}"),
                            )
                        })?;
                        let k = w.finish();
                        self.check_fit(p, i, &k, arity)?;
                        out.push_part(k);
                    }
                    out.close();
                }
                other => {
                    w.clear();
                    self.write_key(other, &mut w).map_err(|m| {
                        self.bad(
                            p,
                            format!("the option at index {}, {}", i + 1, show(other)),
                            format!("{m}; an option is a position or sum({{...}}) of positions"),
                        )
                    })?;
                    let k = w.finish();
                    self.check_fit(p, i, &k, arity)?;
                    out.push_one(k);
                }
            }
        }
        Ok(())
    }

    fn check_fit(&self, p: &Key, i: usize, k: &Key, arity: Arity) -> Result<(), ScriptError> {
        let Arity::Fixed(n) = arity else {
            return Ok(());
        };
        if n == 1 {
            return Ok(());
        }
        match k.to_datum() {
            Some(d) if arity.fits(&d) => Ok(()),
            Some(d) => Err(self.bad(
                p,
                format!("the option at index {}, {d}", i + 1),
                format!(
                    "a position of this family is an array of {n} values (ARITY = {n}); return \
                     positions of that shape, or set the ARITY the positions have"
                ),
            )),
            None => Err(self.bad(
                p,
                format!("the option at index {}", i + 1),
                "damaged".into(),
            )),
        }
    }

    fn bad_position(&self, p: &Key, reason: String) -> ScriptError {
        ScriptError::BadPosition {
            file: self.file.clone(),
            position: self.site("moves", p).position,
            reason,
        }
    }

    /// Calls a hook that returns a text (`display`, `describe`); `None` for `nil`.
    fn text_hook(
        &self,
        f: &Function,
        name: &str,
        p: &Key,
        args: Vec<Value>,
        limits: &Limits,
    ) -> Result<Option<String>, ScriptError> {
        self.watch.ops.store(0, Ordering::Relaxed);
        let v = f
            .call::<Value>(mlua::MultiValue::from_iter(args))
            .map_err(|e| self.error(&e, name, p, limits))?;
        match v {
            Value::Nil => Ok(None),
            Value::String(s) => Ok(Some(s.to_string_lossy())),
            other => Err(ScriptError::BadReturn {
                file: self.file.clone(),
                call: self.site(name, p),
                value: show(&other),
                reason: "expected a string (or nil for the default text)".into(),
            }),
        }
    }

    /// `display(p)`.
    pub(crate) fn display(&self, p: &Key, limits: &Limits) -> Result<Option<String>, ScriptError> {
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
        limits: &Limits,
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
    pub(crate) fn nimber(&self, p: &Key, limits: &Limits) -> Result<Option<u64>, ScriptError> {
        let Some(f) = &self.nimber else {
            return Ok(None);
        };
        let arg = self.to_lua(p).map_err(|m| self.bad_position(p, m))?;
        self.watch.ops.store(0, Ordering::Relaxed);
        let v = f
            .call::<Value>(arg)
            .map_err(|e| self.error(&e, "nimber", p, limits))?;
        match v {
            Value::Nil => Ok(None),
            other => match number_of(&other).and_then(|n| u64::try_from(n).ok()) {
                Some(n) => Ok(Some(n)),
                None => Err(ScriptError::BadReturn {
                    file: self.file.clone(),
                    call: self.site("nimber", p),
                    value: show(&other),
                    reason: "expected a nim-value (a whole number, 0 or more) or nil".into(),
                }),
            },
        }
    }

    /// `outcome(p)`: `Some(true)` when the player to move wins ("N"), `Some(false)` for "P",
    /// `None` for `nil`.
    pub(crate) fn outcome(&self, p: &Key, limits: &Limits) -> Result<Option<bool>, ScriptError> {
        let Some(f) = &self.outcome else {
            return Ok(None);
        };
        let arg = self.to_lua(p).map_err(|m| self.bad_position(p, m))?;
        self.watch.ops.store(0, Ordering::Relaxed);
        let v = f
            .call::<Value>(arg)
            .map_err(|e| self.error(&e, "outcome", p, limits))?;
        match &v {
            Value::Nil => Ok(None),
            Value::String(s) if s.to_string_lossy() == "N" => Ok(Some(true)),
            Value::String(s) if s.to_string_lossy() == "P" => Ok(Some(false)),
            other => Err(ScriptError::BadReturn {
                file: self.file.clone(),
                call: self.site("outcome", p),
                value: show(other),
                reason: "expected \"N\" (the player to move wins), \"P\" or nil".into(),
            }),
        }
    }
}

/// The items of an array table in order; `Err` when it has keys other than 1..n.
fn array_items(t: &Table) -> Result<Vec<Value>, String> {
    let len = t.raw_len();
    let mut count = 0usize;
    let mut odd: Option<String> = None;
    t.for_each::<Value, Value>(|k, _| {
        count += 1;
        if odd.is_none() {
            let fits = number_of(&k).is_some_and(|i| i >= 1 && (i as usize) <= len);
            if !fits {
                odd = Some(show(&k));
            }
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    if let Some(k) = odd {
        return Err(format!(
            "a table with the key {k} is not an array; an array has the keys 1, 2, ..., n \
             (build it with `out[#out + 1] = q` or `table.insert(out, q)`)"
        ));
    }
    if count != len {
        return Err(
            "a table with holes (nil values) is not an array; an array has the keys 1, 2, \
             ..., n"
                .into(),
        );
    }
    let mut items = Vec::with_capacity(len);
    t.for_each_value::<Value>(|v| {
        items.push(v);
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    Ok(items)
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
    limits: &Limits,
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
    if message.contains("not enough memory") {
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
        limits: &Limits,
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
