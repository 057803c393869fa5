//! The limits of a script: per call (operations, depths, sizes) and per search (positions,
//! time), with the names by which a front lets a person raise them.

use std::fmt;
use std::time::Instant;

use grundy::Cancel;

/// The sandbox a script runs in: the bounds every call of it runs under (named apart from
/// the engine's search budget, `grundy::Limits`), and the data it is given to read. Defaults
/// suit rules of ordinary size; each
/// field can be raised by the caller (fronts expose them as `--script-limit KEY=N`, see
/// [`Sandbox::set`]). A value of 0 is read as 1: there is no "unlimited".
///
/// The sizes bound one value each, counted through nested arrays and maps. Rhai checks them
/// when a value is made, assigned or returned, but not when an element inside a nested array
/// is replaced (`a[i][j] = b`) nor when an entry is added to a map by `m[k] = v`, so a value can
/// outgrow them; the process-wide [`Sandbox::memory`] bound catches what the per-value checks
/// miss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// Operations (Rhai's count of evaluation steps) in one call of a script function.
    pub operations: u64,
    /// Depth of nested calls of script functions (recursion) in one call.
    pub call_depth: usize,
    /// Nesting depth of expressions at the top level of the script (checked when compiling).
    pub expr_depth: usize,
    /// Nesting depth of expressions inside functions (checked when compiling).
    pub function_expr_depth: usize,
    /// Elements in one array, counted through nested arrays (so also the number of options).
    pub array_size: usize,
    /// Bytes in one string, or in all the strings inside one array or map.
    pub string_size: usize,
    /// Entries in one object map, counted through nesting.
    pub map_size: usize,
    /// Live variables on the whole call stack of one call.
    pub variables: usize,
    /// How many arrays deep a position may nest.
    pub position_depth: usize,
    /// Bytes of script source.
    pub source_size: usize,
    /// Resident memory of the whole process, in bytes, above which a running call stops
    /// (read from `/proc/self/status` about every 10 ms of a call's running time; not checked
    /// where that file does not exist).
    pub memory: u64,
    /// Not a bound: the data the script is given to read (its globals `DATA` and
    /// `DATA_NUMBERS`), which travels with the sandbox's settings to every script compiled
    /// under them. None by default.
    pub data: crate::ScriptData,
}

impl Default for Sandbox {
    fn default() -> Self {
        Sandbox {
            operations: 10_000_000,
            call_depth: 48,
            expr_depth: 64,
            function_expr_depth: 32,
            array_size: 16_384,
            string_size: 262_144,
            map_size: 4_096,
            variables: 256,
            position_depth: 16,
            source_size: 1 << 20,
            memory: 4 << 30,
            data: crate::ScriptData::default(),
        }
    }
}

/// Which limit was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// [`Sandbox::operations`].
    Operations,
    /// [`Sandbox::call_depth`].
    CallDepth,
    /// [`Sandbox::expr_depth`] or [`Sandbox::function_expr_depth`].
    ExprDepth,
    /// [`Sandbox::array_size`].
    ArraySize,
    /// [`Sandbox::string_size`].
    StringSize,
    /// [`Sandbox::map_size`].
    MapSize,
    /// [`Sandbox::variables`].
    Variables,
    /// [`Sandbox::position_depth`].
    PositionDepth,
    /// [`Sandbox::source_size`].
    SourceSize,
    /// [`Sandbox::memory`].
    Memory,
    /// The deadline of [`Interrupt::deadline`] passed (the value is in milliseconds, 0 when
    /// unknown).
    Time,
    /// The number of positions a search may visit (the caller's bound, e.g. in
    /// [`crate::mex_values`]).
    Positions,
}

impl LimitKind {
    /// Every kind, in the order of [`Sandbox`]' fields.
    pub const ALL: [LimitKind; 12] = [
        LimitKind::Operations,
        LimitKind::CallDepth,
        LimitKind::ExprDepth,
        LimitKind::ArraySize,
        LimitKind::StringSize,
        LimitKind::MapSize,
        LimitKind::Variables,
        LimitKind::PositionDepth,
        LimitKind::SourceSize,
        LimitKind::Memory,
        LimitKind::Time,
        LimitKind::Positions,
    ];

    /// The key that names this limit in [`Sandbox::set`] (fronts build their own advice from
    /// it, such as the CLI's `--script-limit operations=N`).
    pub fn key(self) -> &'static str {
        match self {
            LimitKind::Operations => "operations",
            LimitKind::CallDepth => "call-depth",
            LimitKind::ExprDepth => "expr-depth",
            LimitKind::ArraySize => "array-size",
            LimitKind::StringSize => "string-size",
            LimitKind::MapSize => "map-size",
            LimitKind::Variables => "variables",
            LimitKind::PositionDepth => "position-depth",
            LimitKind::SourceSize => "source-size",
            LimitKind::Memory => "memory",
            LimitKind::Time => "time",
            LimitKind::Positions => "positions",
        }
    }

    /// What the limit counts, in words ("operations in one call").
    pub fn describe(self) -> &'static str {
        match self {
            LimitKind::Operations => "operations in one call",
            LimitKind::CallDepth => "nested function calls",
            LimitKind::ExprDepth => "levels of nested expressions",
            LimitKind::ArraySize => {
                "elements in one array, counted through the arrays inside it (the array of \
                 options counts every position in it)"
            }
            LimitKind::StringSize => {
                "bytes of text in one value: one string, or all the strings inside one array or \
                 map together (an array of 800 strings of 800 characters counts 640,000)"
            }
            LimitKind::MapSize => "entries in one object map",
            LimitKind::Variables => "live variables",
            LimitKind::PositionDepth => "levels of arrays nested in a position",
            LimitKind::SourceSize => "bytes of script source",
            LimitKind::Memory => "bytes of resident memory",
            LimitKind::Time => "milliseconds of running time",
            LimitKind::Positions => "positions in one search",
        }
    }

    /// Whether this is a limit of [`Sandbox`] (settable by [`Sandbox::set`] under
    /// [`LimitKind::key`]) rather than one of the search's own (time, positions).
    pub fn is_script_limit(self) -> bool {
        !matches!(self, LimitKind::Time | LimitKind::Positions)
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The largest depth limit a user may set (call, expression and position depths).
pub const MAX_DEPTH: usize = 128;

impl Sandbox {
    /// The keys accepted by [`Sandbox::set`], in order.
    pub const KEYS: [&'static str; 11] = [
        "operations",
        "call-depth",
        "expr-depth",
        "function-expr-depth",
        "array-size",
        "string-size",
        "map-size",
        "variables",
        "position-depth",
        "source-size",
        "memory",
    ];

    /// Sets the limit named `key` (one of [`Sandbox::KEYS`]) to `value`, for fronts that read
    /// `--script-limit KEY=N`. `expr-depth` also raises `function-expr-depth` to at least half
    /// of it, so that one key suffices.
    ///
    /// Example:
    /// ```
    /// let mut l = grundy_script::Sandbox::default();
    /// l.set("operations", 5).unwrap();
    /// assert_eq!(l.operations, 5);
    /// assert!(l.set("speed", 1).is_err());
    /// ```
    pub fn set(&mut self, key: &str, value: u64) -> Result<(), String> {
        if value == 0 {
            return Err(format!("the script limit {key} must be at least 1"));
        }
        let size = usize::try_from(value).unwrap_or(usize::MAX);
        // Depths are walked by recursion (Rhai's evaluator, reading nested positions): past
        // a bound that fits the stack they would overflow it instead of failing cleanly.
        let depth_keys = [
            "call-depth",
            "expr-depth",
            "function-expr-depth",
            "position-depth",
        ];
        if depth_keys.contains(&key) && size > MAX_DEPTH {
            return Err(format!(
                "the script limit {key} may be at most {MAX_DEPTH} (deeper nesting would \
                 overflow the stack)"
            ));
        }
        match key {
            "operations" => self.operations = value,
            "call-depth" => self.call_depth = size,
            "expr-depth" => {
                self.expr_depth = size;
                self.function_expr_depth = self.function_expr_depth.max(size / 2);
            }
            "function-expr-depth" => self.function_expr_depth = size,
            "array-size" => self.array_size = size,
            "string-size" => self.string_size = size,
            "map-size" => self.map_size = size,
            "variables" => self.variables = size,
            "position-depth" => self.position_depth = size,
            "source-size" => self.source_size = size,
            "memory" => self.memory = value,
            _ => {
                return Err(format!(
                    "unknown script limit '{key}'; expected one of {}",
                    Self::KEYS.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// Reads `KEY=N` (N may use `_` separators) and sets that limit, for `--script-limit`.
    pub fn set_from_text(&mut self, text: &str) -> Result<(), String> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(format!(
                "expected KEY=N for a script limit, found '{text}' (keys: {})",
                Self::KEYS.join(", ")
            ));
        };
        let digits: String = value.trim().chars().filter(|&c| c != '_').collect();
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("the script limit {key} needs a whole number, found '{value}'"))?;
        self.set(key.trim(), n)
    }

    /// The value of the limit of `kind`, as a number (0 for the search's own limits, which
    /// [`Sandbox`] does not hold).
    pub fn value(&self, kind: LimitKind) -> u64 {
        let v = match kind {
            LimitKind::Operations => return self.operations,
            LimitKind::CallDepth => self.call_depth,
            LimitKind::ExprDepth => self.expr_depth,
            LimitKind::ArraySize => self.array_size,
            LimitKind::StringSize => self.string_size,
            LimitKind::MapSize => self.map_size,
            LimitKind::Variables => self.variables,
            LimitKind::PositionDepth => self.position_depth,
            LimitKind::SourceSize => self.source_size,
            LimitKind::Memory => return self.memory,
            LimitKind::Time | LimitKind::Positions => 0,
        };
        u64::try_from(v).unwrap_or(u64::MAX)
    }
}

/// The largest stack [`Sandbox::stack_size`] may ask for; limits that need more are refused
/// when compiling, because allocating such a stack could fail.
pub const MAX_STACK_SIZE: usize = 4 << 30;

impl Sandbox {
    /// The bytes of stack a call under these limits may need, counted generously from
    /// measurements (Rhai 1.27 on x86-64): about 7 KiB per nested script call plus up to 2 KiB
    /// per level of nested expressions, and about 2 KiB per level of nested arrays or maps
    /// (comparing or printing nested arrays recurses once per level, and nesting can be as
    /// deep as the array and map sizes allow).
    ///
    /// Calls made on a thread with less stack left than this run on a fresh stack of this
    /// size (allocated for the call, which costs a few microseconds); a front that runs a
    /// search on a thread spawned with `stack_size()` plus its own needs avoids that cost.
    pub fn stack_size(&self) -> usize {
        const BASE: usize = 1 << 20;
        const PER_EXPR_LEVEL: usize = 2 << 10;
        const PER_CALL: usize = 16 << 10;
        const PER_NESTING: usize = 3 << 10;
        let per_call =
            PER_CALL.saturating_add(self.function_expr_depth.saturating_mul(PER_EXPR_LEVEL));
        BASE.saturating_add(self.expr_depth.saturating_mul(PER_EXPR_LEVEL))
            .saturating_add(self.call_depth.saturating_mul(per_call))
            .saturating_add(
                self.array_size
                    .saturating_add(self.map_size)
                    .saturating_mul(PER_NESTING),
            )
    }
}

/// Runs `f` on a stack with room for every call of a script under `limits`: the calls made
/// inside then find the stack they need and run in place, instead of each allocating a fresh
/// stack of [`Sandbox::stack_size`] bytes (a map and unmap of tens of MiB per call, which was
/// most of the cost of a cheap `moves`). Fronts wrap a whole query in it; when the current
/// stack already has the room, `f` runs in place.
///
/// Arguments: the script limits in force, and the work.
/// Returns: what `f` returns.
/// Complexity: one stack allocation (virtual memory, touched pages only) at most.
///
/// Example:
/// ```
/// let limits = grundy_script::Sandbox::default();
/// let n = grundy_script::with_stack(&limits, || 6 * 7);
/// assert_eq!(n, 42);
/// ```
pub fn with_stack<R>(limits: &Sandbox, f: impl FnOnce() -> R) -> R {
    // The calls inside ask for `stack_size()` bytes left; the margin covers the engine's own
    // frames between here and the script call.
    const MARGIN: usize = 8 << 20;
    let need = limits
        .stack_size()
        .min(MAX_STACK_SIZE)
        .saturating_add(MARGIN);
    stacker::maybe_grow(need, need, f)
}

/// How a running search is stopped from outside: a handle another thread may cancel (the
/// query's own [`grundy::Cancel`]), and a deadline. Both are checked every few hundred
/// operations inside a call and before each call.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    /// When cancelled, calls stop with [`crate::ScriptError::Cancelled`].
    pub cancel: Option<Cancel>,
    /// When passed, calls stop with a [`LimitKind::Time`] limit error.
    pub deadline: Option<Instant>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_every_key() {
        for key in Sandbox::KEYS {
            let mut l = Sandbox::default();
            l.set(key, 7).unwrap_or_else(|e| panic!("{e}"));
            assert_ne!(l, Sandbox::default(), "{key} changed nothing");
        }
        let mut l = Sandbox::default();
        assert!(l.set("operations", 0).is_err());
        l.set_from_text("array-size=1_000")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(l.array_size, 1000);
        assert!(l.set_from_text("array-size").is_err());
        assert!(l.set_from_text("array-size=x").is_err());
    }

    #[test]
    fn keys_of_kinds_are_settable() {
        for kind in LimitKind::ALL {
            if kind.is_script_limit() {
                assert!(Sandbox::KEYS.contains(&kind.key()), "{kind}");
            }
        }
    }

    #[test]
    fn default_stack_is_modest() {
        // The default limits hold a call to well under the 24 GiB of the project's machines.
        assert!(Sandbox::default().stack_size() < 128 << 20);
    }
}
