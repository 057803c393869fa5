//! `Script`: a rule script compiled once into a sandboxed Rhai engine, and the calls the game
//! engine makes (`moves`, `display`, `describe`).

use std::cell::Cell;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicFnPackage, BasicIteratorPackage, BasicMapPackage,
    BasicMathPackage, BasicStringPackage, BitFieldPackage, LogicPackage, MoreStringPackage,
    Package,
};
use rhai::{
    Array, CallFnOptions, Dynamic, Engine, EvalAltResult, ImmutableString, Module, ParseErrorType,
    Position, Scope, AST,
};

use crate::datum::{kind_of, show_dynamic, Arity, Datum, MAX_ARITY, SUM_TAG};
use crate::error::{CallSite, Location, ScriptError};
use crate::key::Key;
use crate::limits::{Interrupt, LimitKind, Sandbox};
use grundy::solve::OptionList;

/// How many operations pass between two looks at the cancellation flag and the clock: often
/// enough to stop within microseconds, rarely enough to cost nothing measurable.
const INTERRUPT_EVERY: u64 = 256;

/// The termination tokens the progress callback gives Rhai.
const TOKEN_CANCELLED: &str = "grundy:cancelled";
const TOKEN_DEADLINE: &str = "grundy:deadline";
const TOKEN_MEMORY: &str = "grundy:memory";

/// How often a running call looks at the process's resident memory: reading it costs tens of
/// microseconds, and in 10 ms a script can allocate at most tens of megabytes more.
const MEMORY_EVERY: Duration = Duration::from_millis(10);

thread_local! {
    /// When this thread next looks at the resident memory.
    static NEXT_MEMORY_CHECK: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// The resident memory of this process in bytes, from `/proc/self/status`; `None` where that
/// file does not exist or cannot be read.
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// Whether the process holds more than `limit` bytes, looked at no more often than
/// [`MEMORY_EVERY`] on each thread.
fn over_memory(limit: u64, now: Instant) -> bool {
    let due = NEXT_MEMORY_CHECK.with(|next| match next.get() {
        Some(at) if now < at => false,
        _ => {
            next.set(Some(now + MEMORY_EVERY));
            true
        }
    });
    due && resident_memory().is_some_and(|bytes| bytes > limit)
}

/// One option of a position, as `moves` returned it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScriptOption {
    /// A position of the same family.
    One(Datum),
    /// `sum([q1, q2, ...])`: the disjunctive sum of these positions (nested sums flattened;
    /// the empty sum is the end of the game, of value 0).
    Sum(Vec<Datum>),
}

impl ScriptOption {
    /// The positions this option is the sum of (one for [`ScriptOption::One`]).
    pub fn components(&self) -> &[Datum] {
        match self {
            ScriptOption::One(d) => std::slice::from_ref(d),
            ScriptOption::Sum(parts) => parts,
        }
    }

    /// The option in family `name`'s notation: `name(4)`, or `name(1) + name(3)` for a sum
    /// (`0` for the empty sum), as an expression would write it.
    pub fn text(&self, name: &str) -> String {
        match self {
            ScriptOption::One(d) => d.call_text(name),
            ScriptOption::Sum(parts) if parts.is_empty() => "0".to_string(),
            ScriptOption::Sum(parts) => parts
                .iter()
                .map(|d| d.call_text(name))
                .collect::<Vec<_>>()
                .join(" + "),
        }
    }

    /// The option as the script would see it: the position itself, or a `sum` value.
    fn to_dynamic(&self) -> Dynamic {
        match self {
            ScriptOption::One(d) => d.to_dynamic(),
            ScriptOption::Sum(parts) => {
                let mut d = Dynamic::from_array(parts.iter().map(Datum::to_dynamic).collect());
                d.set_tag(SUM_TAG);
                d
            }
        }
    }
}

/// A function the script defines: its name and number of parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionInfo {
    /// The function's name.
    pub name: String,
    /// How many parameters it takes.
    pub params: usize,
}

/// What [`crate::check`] found in a script, for `grundy rules check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The script's name for messages (its path or `<name>`).
    pub file: String,
    /// The family name (from `const NAME` or the file stem), when it could be determined.
    pub name: Option<String>,
    /// How many arguments write one position (`const ARITY`, 1 by default).
    pub arity: Arity,
    /// Every function the script defines, in the order Rhai lists them.
    pub functions: Vec<FunctionInfo>,
    /// Whether the optional `display(p)` is defined.
    pub has_display: bool,
    /// Whether the optional `describe(p, q)` is defined.
    pub has_describe: bool,
    /// Whether the optional closed form `nimber(p)` is defined.
    pub has_nimber: bool,
    /// Whether the optional closed form `outcome(p)` is defined.
    pub has_outcome: bool,
    /// Whether the optional search hook `canonical(p)` is defined.
    pub has_canonical: bool,
    /// Whether the optional search hook `split(p)` is defined.
    pub has_split: bool,
    /// Errors that prevent the script from being used; empty when it is usable.
    pub problems: Vec<ScriptError>,
    /// Things that work but are probably not what was meant.
    pub warnings: Vec<String>,
    /// The first values `G(0)`, `G(1)`, ... of a one-integer family (filled by
    /// [`crate::check_values`]; empty when they could not be computed).
    pub values: Vec<u64>,
    /// The values on a box of small positions of a family of several numbers (filled by
    /// [`crate::check_values`]; `None` when they could not be computed).
    pub grid: Option<ValueBox>,
    /// The period seen in [`CheckReport::values`] (never proven).
    pub period: Option<grundy::Period>,
    /// Why the first values are missing or stop early (a cycle, options that are not
    /// integers or of another game, an error of the script at some position), when they do.
    pub values_note: Option<String>,
    /// On how many small positions the closed forms (`nimber`, `outcome`) were compared
    /// with the search and agreed; `None` when there are none or they were not checked.
    pub closed_forms_checked: Option<usize>,
    /// On how many small positions `display` and `describe` (on every move) ran without an
    /// error; `None` when the script has neither or they were not tried.
    pub texts_checked: Option<usize>,
    /// On how many small positions the search hooks (`canonical`, `split`) were compared
    /// with the search and agreed; `None` when there are none or they were not checked.
    pub hooks_checked: Option<usize>,
}

impl CheckReport {
    /// The report of a script not yet looked at.
    pub(crate) fn empty(file: &str) -> CheckReport {
        CheckReport {
            file: file.to_string(),
            name: None,
            arity: Arity::default(),
            functions: Vec::new(),
            has_display: false,
            has_describe: false,
            has_nimber: false,
            has_outcome: false,
            has_canonical: false,
            has_split: false,
            problems: Vec::new(),
            warnings: Vec::new(),
            values: Vec::new(),
            grid: None,
            period: None,
            values_note: None,
            closed_forms_checked: None,
            texts_checked: None,
            hooks_checked: None,
        }
    }

    /// Whether the script can be used.
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A rule script, compiled once, ready to be called from any number of threads.
///
/// Every call runs in a fresh evaluation state under [`Sandbox`] and the current [`Interrupt`];
/// the script's top level ran once when it was compiled, and its constants (`const SET = [1,
/// 3, 4];`) are visible to its functions.
///
/// Example:
/// ```
/// use grundy_script::{Datum, Sandbox, Script, ScriptOption};
/// let src = "fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }";
/// let s = Script::compile(src, "games/twos.rhai", Sandbox::default()).unwrap();
/// assert_eq!(s.name(), "twos");
/// assert_eq!(
///     s.moves(&Datum::Int(3)).unwrap(),
///     vec![ScriptOption::One(Datum::Int(2)), ScriptOption::One(Datum::Int(1))]
/// );
/// ```
pub(crate) struct RhaiScript {
    engine: Engine,
    ast: AST,
    name: String,
    arity: Arity,
    file: String,
    limits: Sandbox,
    functions: Vec<FunctionInfo>,
    has_display: bool,
    has_describe: bool,
    has_nimber: bool,
    has_outcome: bool,
    has_canonical: bool,
    has_split: bool,
    /// The scope left by the top level (its constants), copied into each pooled scope.
    globals: Scope<'static>,
    /// Scopes ready for calls, one per thread that called at the same time, so that the
    /// globals are copied once per thread rather than once per call.
    pool: Mutex<Vec<Scope<'static>>>,
    interrupt: Arc<RwLock<Interrupt>>,
    /// [`Sandbox::stack_size`], computed once.
    stack: usize,
}

impl fmt::Debug for RhaiScript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RhaiScript")
            .field("name", &self.name)
            .field("file", &self.file)
            .field("functions", &self.functions)
            .finish()
    }
}

impl RhaiScript {
    /// The options of position `p`: calls the script's `moves(p)` and checks that it returned
    /// an array whose every element is a position of the family or `sum([...])`.
    ///
    /// Returns the options in the script's order, or the error of the call (a runtime error
    /// with its line and column, a limit, a cancellation, an option of the wrong shape).
    ///
    /// Complexity: the script's own work, plus linear in the size of the options.
    pub fn moves(&self, p: &Datum) -> Result<Vec<ScriptOption>, ScriptError> {
        self.check_position(p)?;
        self.on_stack(|| {
            let value = self.call_moves(p)?;
            self.read_options(value, p, "moves")
        })
    }

    /// The text of position `p` from the script's `display(p)`; `None` when the script has no
    /// `display` or it returned `()` (the default text, [`Datum::call_text`], applies).
    pub fn display(&self, p: &Datum) -> Result<Option<String>, ScriptError> {
        if !self.has_display {
            return Ok(None);
        }
        self.check_position(p)?;
        self.on_stack(|| {
            let value = self.call("display", vec![p.to_dynamic()], p)?;
            self.read_text(value, "display", p)
        })
    }

    /// The move from `p` to its option `q`, in words, from the script's `describe(p, q)`;
    /// `None` when the script has no `describe` or it returned `()`. The script receives `q` as
    /// `moves` gave it: a position, or a `sum` value (`is_sum(q)`, `q.parts`).
    pub fn describe(&self, p: &Datum, q: &ScriptOption) -> Result<Option<String>, ScriptError> {
        if !self.has_describe {
            return Ok(None);
        }
        self.check_position(p)?;
        for part in q.components() {
            self.check_position(part)?;
        }
        self.on_stack(|| {
            let value = self.call("describe", vec![p.to_dynamic(), q.to_dynamic()], p)?;
            self.read_text(value, "describe", p)
        })
    }

    /// The script's `nimber(p)`: a whole number, or `None` when the script has no `nimber`
    /// or it returned `()` (search instead).
    pub fn nimber(&self, p: &Datum) -> Result<Option<u64>, ScriptError> {
        if !self.has_nimber {
            return Ok(None);
        }
        self.check_position(p)?;
        self.on_stack(|| {
            let value = self.call("nimber", vec![p.to_dynamic()], p)?;
            if value.is_unit() {
                return Ok(None);
            }
            match value.as_int().ok().and_then(|n| u64::try_from(n).ok()) {
                Some(n) => Ok(Some(n)),
                None => Err(ScriptError::BadReturn {
                    file: self.file.clone(),
                    call: self.site("nimber", p),
                    value: format!("{} ({})", show_dynamic(&value), kind_of(&value)),
                    reason: "expected a nim-value (a whole number, 0 or more) or () to search"
                        .into(),
                }),
            }
        })
    }

    /// The script's `outcome(p)`: `Some(true)` for "N" (the player to move wins),
    /// `Some(false)` for "P", `None` when there is no `outcome` or it returned `()`.
    pub fn outcome(&self, p: &Datum) -> Result<Option<bool>, ScriptError> {
        if !self.has_outcome {
            return Ok(None);
        }
        self.check_position(p)?;
        self.on_stack(|| {
            let value = self.call("outcome", vec![p.to_dynamic()], p)?;
            if value.is_unit() {
                return Ok(None);
            }
            match value
                .read_lock::<ImmutableString>()
                .as_deref()
                .map(|s| s.as_str())
            {
                Some("N") => Ok(Some(true)),
                Some("P") => Ok(Some(false)),
                _ => Err(ScriptError::BadReturn {
                    file: self.file.clone(),
                    call: self.site("outcome", p),
                    value: format!("{} ({})", show_dynamic(&value), kind_of(&value)),
                    reason: "expected \"N\" (the player to move wins), \"P\" or ()".into(),
                }),
            }
        })
    }

    /// The script's `canonical(p)`: the position that stands for `p` in the search, or
    /// `None` when the script has no `canonical` or it returned `()`.
    pub fn canonical(&self, p: &Datum) -> Result<Option<Datum>, ScriptError> {
        if !self.has_canonical {
            return Ok(None);
        }
        self.positions_hook("canonical", p, |value| vec![value])
            .map(|parts| parts.and_then(|mut v| v.pop()))
    }

    /// The script's `split(p)`: the positions whose sum is `p`, or `None` when the script has
    /// no `split` or it returned `()` (`p` does not split).
    pub fn split(&self, p: &Datum) -> Result<Option<Vec<Datum>>, ScriptError> {
        if !self.has_split {
            return Ok(None);
        }
        self.positions_hook("split", p, |value| value.into_array().unwrap_or_default())
    }

    /// Calls a hook that returns positions (`canonical`, `split`), read as `moves` reads its
    /// options after `items` made them an array; `()` is `None`. A sum among them gives its
    /// parts.
    fn positions_hook(
        &self,
        name: &str,
        p: &Datum,
        items: impl FnOnce(Dynamic) -> Vec<Dynamic>,
    ) -> Result<Option<Vec<Datum>>, ScriptError> {
        self.check_position(p)?;
        self.on_stack(|| {
            let value = self.call(name, vec![p.to_dynamic()], p)?;
            if value.is_unit() {
                return Ok(None);
            }
            if name == "split" && !value.is_array() {
                return Err(ScriptError::BadReturn {
                    file: self.file.clone(),
                    call: self.site(name, p),
                    value: format!("{} ({})", show_dynamic(&value), kind_of(&value)),
                    reason: "split must return an array of positions, or () when the position \
                             does not split"
                        .into(),
                });
            }
            let options = self.read_options(Dynamic::from_array(items(value)), p, name)?;
            Ok(Some(
                options
                    .into_iter()
                    .flat_map(|o| o.components().to_vec())
                    .collect(),
            ))
        })
    }

    /// Calls `moves(p)` and writes its options into `out` as keys.
    pub(crate) fn moves_into(&self, p: &Key, out: &mut OptionList<Key>) -> Result<(), ScriptError> {
        let d = p.to_datum().ok_or_else(|| ScriptError::BadPosition {
            file: self.file.clone(),
            position: self.name.clone(),
            reason: "a damaged position".into(),
        })?;
        self.check_position(&d)?;
        let general = self.on_stack(|| {
            let value = self.call_moves(&d)?;
            // Integers and short arrays of integers, and sums of them, straight into keys;
            // anything else (and anything to refuse) by the general reading.
            if small_options(&value, self.arity, out) {
                return Ok(None);
            }
            self.read_options(value, &d, "moves").map(Some)
        })?;
        for o in general.into_iter().flatten() {
            match o {
                ScriptOption::One(q) => out.push_one(Key::of(&q)),
                ScriptOption::Sum(parts) => out.push_sum(parts.iter().map(Key::of)),
            }
        }
        Ok(())
    }

    /// Runs `f` where at least [`Sandbox::stack_size`] bytes of stack are free: everything that
    /// touches a value the script made (the call, reading its result, dropping it) happens
    /// inside, because Rhai recurses once per level of nested arrays.
    fn on_stack<R>(&self, f: impl FnOnce() -> R) -> R {
        stacker::maybe_grow(self.stack, self.stack, f)
    }

    /// Refuses positions nested deeper than the limit, so that neither the conversion nor the
    /// script recurses without bound.
    fn check_position(&self, p: &Datum) -> Result<(), ScriptError> {
        if p.depth() > self.limits.position_depth {
            return Err(ScriptError::BadPosition {
                file: self.file.clone(),
                position: crate::datum::shorten(&p.call_text(&self.name)),
                reason: format!(
                    "it nests arrays more than {} deep (the script limit {})",
                    self.limits.position_depth,
                    LimitKind::PositionDepth.key()
                ),
            });
        }
        Ok(())
    }

    fn site(&self, function: &str, p: &Datum) -> CallSite {
        CallSite {
            function: function.to_string(),
            position: crate::datum::shorten(&p.call_text(&self.name)),
        }
    }

    /// Calls `moves(p)`; a list built with `options()` reads as the array it holds.
    fn call_moves(&self, p: &Datum) -> Result<Dynamic, ScriptError> {
        let value = self.call("moves", vec![p.to_dynamic()], p)?;
        Ok(match value.try_cast_result::<Options>() {
            Ok(o) => Dynamic::from_array(o.items),
            Err(value) => value,
        })
    }

    /// Calls a script function with a pooled scope and without re-running the top level.
    fn call(&self, function: &str, args: Vec<Dynamic>, p: &Datum) -> Result<Dynamic, ScriptError> {
        if let Some(stop) = interrupted(&self.interrupt) {
            return Err(self.stop_error(stop, Position::NONE, self.site(function, p)));
        }
        let mut scope = self.take_scope();
        let base = scope.len();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = self
            .engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, function, args);
        scope.rewind(base);
        self.give_scope(scope);
        result.map_err(|e| convert_error(*e, &self.file, &self.limits, self.site(function, p)))
    }

    fn take_scope(&self) -> Scope<'static> {
        let popped = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
        popped.unwrap_or_else(|| self.globals.clone())
    }

    fn give_scope(&self, scope: Scope<'static>) {
        self.pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(scope);
    }

    fn stop_error(&self, stop: Stop, pos: Position, call: CallSite) -> ScriptError {
        stop_error(stop, &self.file, pos, call)
    }

    /// Reads `moves`' result (or that of `function`, another hook giving positions): an
    /// array of positions and sums.
    fn read_options(
        &self,
        value: Dynamic,
        p: &Datum,
        function: &str,
    ) -> Result<Vec<ScriptOption>, ScriptError> {
        let bad = |what: String, reason: String| ScriptError::BadOption {
            file: self.file.clone(),
            call: self.site(function, p),
            what,
            reason,
        };
        if !value.is_array() {
            return Err(self.not_an_array(&value, p));
        }
        let array = match value.into_array() {
            Ok(a) => a,
            Err(_) => return Err(bad("a value".into(), "it is not an array".into())),
        };
        let depth = self.limits.position_depth;
        let mut out = Vec::with_capacity(array.len());
        for (i, item) in array.into_iter().enumerate() {
            if is_sum(&item) {
                let shown = show_dynamic(&item);
                let parts = flatten_sum(item);
                let mut components = Vec::with_capacity(parts.len());
                for part in &parts {
                    let d = Datum::from_dynamic(part, depth).map_err(|e| {
                        bad(
                            format!("the option at index {i}, {shown}"),
                            format!("a part of the sum is {e}"),
                        )
                    })?;
                    if !self.arity.fits(&d) {
                        return Err(bad(
                            format!("the option at index {i}, {shown}"),
                            self.misfit(&d),
                        ));
                    }
                    components.push(d);
                }
                out.push(ScriptOption::Sum(components));
            } else {
                let d = Datum::from_dynamic(&item, depth).map_err(|e| {
                    bad(
                        format!("the option at index {i}, {}", e.value),
                        format!("{}, or sum([...]) of positions", e.reason),
                    )
                })?;
                if !self.arity.fits(&d) {
                    return Err(bad(
                        format!("the option at index {i}, {}", show_dynamic(&item)),
                        self.misfit(&d),
                    ));
                }
                out.push(ScriptOption::One(d));
            }
        }
        Ok(out)
    }

    /// Why a position does not fit the family's arity.
    fn misfit(&self, d: &Datum) -> String {
        let what = match d {
            Datum::List(items) => format!("an array of {} values", items.len()),
            Datum::Int(_) => "an integer".to_string(),
            Datum::Str(_) => "a string".to_string(),
        };
        format!(
            "it is {what}, but a position of this family is an array of {} (const ARITY = {}); \
             return positions of that shape, or declare the ARITY the positions have",
            self.arity.argument_count().replace(" arguments", " values"),
            self.arity.text()
        )
    }

    /// The error for a `moves` that returned something other than an array.
    fn not_an_array(&self, value: &Dynamic, p: &Datum) -> ScriptError {
        let shown = (show_dynamic(value), kind_of(value));
        let hint = if shown.0 == "()" {
            "; a Rhai function returns its last expression, so end moves with the array \
             (for example `out`) and no semicolon after it"
        } else {
            ""
        };
        ScriptError::BadOption {
            file: self.file.clone(),
            call: self.site("moves", p),
            what: format!("{} ({})", shown.0, shown.1),
            reason: format!(
                "moves must return an array of options (an empty array when there is no move){hint}"
            ),
        }
    }

    /// Reads the result of `display` or `describe`: a string, or `()` for the default.
    fn read_text(
        &self,
        value: Dynamic,
        function: &str,
        p: &Datum,
    ) -> Result<Option<String>, ScriptError> {
        if value.is_unit() {
            return Ok(None);
        }
        if let Some(s) = value.read_lock::<ImmutableString>() {
            return Ok(Some(s.to_string()));
        }
        Err(ScriptError::BadReturn {
            file: self.file.clone(),
            call: self.site(function, p),
            value: format!("{} ({})", show_dynamic(&value), kind_of(&value)),
            reason: format!(
                "{function} must return a string (or () for the default text); \
                 write for example `${{p}}` or `p.to_string()`"
            ),
        })
    }
}

/// Whether `value` is an array marked by `sum([...])`.
pub(crate) fn is_sum(value: &Dynamic) -> bool {
    value.is_array() && value.tag() == SUM_TAG
}

/// The key of `v` when it is an integer or a plain array of one to four integers that fits
/// `arity` (the shapes of most options); `None` for anything else.
fn small_key(v: &Dynamic, arity: Arity) -> Option<Key> {
    let wants = match arity {
        Arity::Fixed(k) if k > 1 => Some(k),
        _ => None,
    };
    if let Ok(n) = v.as_int() {
        return wants.is_none().then(|| Key::int_inline(n));
    }
    if !v.is_array() || is_sum(v) {
        return None;
    }
    let items = v.as_array_ref().ok()?;
    if items.is_empty() || items.len() > 4 || wants.is_some_and(|k| k != items.len()) {
        return None;
    }
    let mut ints = [0i64; 4];
    for (slot, item) in ints.iter_mut().zip(items.iter()) {
        *slot = item.as_int().ok()?;
    }
    Key::ints(&ints[..items.len()])
}

/// Writes `moves`' result into `out` when every option is a [`small_key`] or a sum (not
/// nested) of them, and says whether it did; otherwise writes nothing, and the general
/// reading (with its errors) takes the result.
fn small_options(value: &Dynamic, arity: Arity, out: &mut OptionList<Key>) -> bool {
    let Ok(items) = value.as_array_ref() else {
        return false;
    };
    if is_sum(value) {
        return false;
    }
    let small = |v: &Dynamic| small_key(v, arity).is_some();
    let all = items.iter().all(|o| {
        if is_sum(o) {
            o.as_array_ref()
                .is_ok_and(|parts| parts.iter().all(|q| !is_sum(q) && small(q)))
        } else {
            small(o)
        }
    });
    if !all {
        return false;
    }
    for o in items.iter() {
        if is_sum(o) {
            if let Ok(parts) = o.as_array_ref() {
                for q in parts.iter() {
                    if let Some(k) = small_key(q, arity) {
                        out.push_part(k);
                    }
                }
            }
            out.close();
        } else if let Some(k) = small_key(o, arity) {
            out.push_one(k);
        }
    }
    true
}

/// The parts of a `sum` value, nested sums flattened (a sum of sums is one sum), without
/// recursion.
fn flatten_sum(value: Dynamic) -> Vec<Dynamic> {
    let mut out = Vec::new();
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        if is_sum(&v) {
            if let Ok(parts) = v.into_array() {
                stack.extend(parts.into_iter().rev());
            }
        } else {
            out.push(v);
        }
    }
    out
}

/// Whether `value` nests arrays or maps more than `cap` deep; recursion stops at `cap`.
fn nests_deeper(value: &Dynamic, cap: usize) -> bool {
    if let Some(array) = value.read_lock::<Array>() {
        cap == 0 || array.iter().any(|v| nests_deeper(v, cap - 1))
    } else if let Some(map) = value.read_lock::<rhai::Map>() {
        cap == 0 || map.values().any(|v| nests_deeper(v, cap - 1))
    } else {
        false
    }
}

/// Why a call was stopped from outside.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Cancelled,
    Deadline,
}

/// Looks at the cancellation flag and the deadline.
fn interrupted(interrupt: &RwLock<Interrupt>) -> Option<Stop> {
    let guard = interrupt.read().unwrap_or_else(|e| e.into_inner());
    if guard
        .cancel
        .as_ref()
        .is_some_and(grundy::Cancel::is_cancelled)
    {
        return Some(Stop::Cancelled);
    }
    if guard.deadline.is_some_and(|d| Instant::now() >= d) {
        return Some(Stop::Deadline);
    }
    None
}

fn location(file: &str, pos: Position) -> Location {
    Location {
        file: file.to_string(),
        line_column: pos.line().map(|l| (l, pos.position().unwrap_or(1))),
    }
}

fn stop_error(stop: Stop, file: &str, pos: Position, call: CallSite) -> ScriptError {
    match stop {
        Stop::Cancelled => ScriptError::Cancelled { call },
        Stop::Deadline => ScriptError::Limit {
            location: location(file, pos),
            limit: LimitKind::Time,
            value: 0,
            call,
        },
    }
}

/// Turns Rhai's error into ours: limits by kind, the caller's stops, and every other failure
/// as a runtime error at the innermost failing place, with the chain of functions that led
/// there.
fn convert_error(err: EvalAltResult, file: &str, limits: &Sandbox, call: CallSite) -> ScriptError {
    // Rhai wraps an error inside a script function in one layer per call; the innermost error
    // has the useful position.
    let mut chain: Vec<String> = Vec::new();
    let mut err = err;
    while let EvalAltResult::ErrorInFunctionCall(name, _, inner, _) = err {
        chain.push(name);
        err = *inner;
    }
    let pos = err.position();
    let limit = |kind: LimitKind| ScriptError::Limit {
        location: location(file, pos),
        limit: kind,
        value: limits.value(kind),
        call: call.clone(),
    };
    match &err {
        EvalAltResult::ErrorTooManyOperations(_) => return limit(LimitKind::Operations),
        EvalAltResult::ErrorStackOverflow(_) => return limit(LimitKind::CallDepth),
        EvalAltResult::ErrorTooManyVariables(_) => return limit(LimitKind::Variables),
        EvalAltResult::ErrorDataTooLarge(what, _) => {
            let what = what.to_ascii_lowercase();
            let kind = if what.contains("string") {
                LimitKind::StringSize
            } else if what.contains("map") {
                LimitKind::MapSize
            } else {
                LimitKind::ArraySize
            };
            return limit(kind);
        }
        EvalAltResult::ErrorTerminated(token, _) => {
            let token = token.to_string();
            if token == TOKEN_MEMORY {
                return limit(LimitKind::Memory);
            }
            let stop = if token == TOKEN_DEADLINE {
                Stop::Deadline
            } else {
                Stop::Cancelled
            };
            return stop_error(stop, file, pos, call);
        }
        EvalAltResult::ErrorParsing(ParseErrorType::ExprTooDeep, _) => {
            return limit(LimitKind::ExprDepth)
        }
        _ => {}
    }
    let mut err = err;
    err.clear_position();
    let mut message = match &err {
        EvalAltResult::ErrorRuntime(value, _) => match value.read_lock::<ImmutableString>() {
            Some(s) => s.to_string(),
            None => format!("the script threw {}", show_dynamic(value)),
        },
        EvalAltResult::ErrorFunctionNotFound(sig, _)
            if ["& (", "| (", "^ ("].iter().any(|op| sig.starts_with(op))
                && sig.contains("bool") =>
        {
            format!(
                "function not found: {sig}: comparisons bind tighter than the bitwise operators \
                 in Rhai, so `x & 1 == 1` means `x & (1 == 1)`; write `(x & 1) == 1`"
            )
        }
        EvalAltResult::ErrorFunctionNotFound(sig, _) => {
            format!("function not found: {sig} (this sandbox has no file, network, clock or module functions)")
        }
        other => other.to_string(),
    };
    if !chain.is_empty() {
        let shown: Vec<&str> = chain.iter().rev().take(4).map(String::as_str).collect();
        message.push_str(&format!(" (in {}", shown.join(", called from ")));
        if chain.len() > 4 {
            message.push_str(", ...");
        }
        message.push(')');
    }
    ScriptError::Runtime {
        location: location(file, pos),
        call,
        message,
    }
}

/// Builds the sandboxed engine: Rhai's raw engine, the pure standard packages (no
/// `LanguageCorePackage`, whose `sleep` blocks the thread; no time, no modules: those are not
/// compiled in), print and debug going nowhere, `eval` disabled, the limits, the progress
/// callback that watches the interrupt, and `sum`.
fn build_engine(limits: &Sandbox, interrupt: Arc<RwLock<Interrupt>>) -> Engine {
    let mut engine = Engine::new_raw();
    // The packages flattened into one module, in the order registering them one by one
    // would give precedence to (a later one first): Rhai looks a function up in each global
    // module in turn, and a call of `moves` starts with an empty resolution cache, so that
    // ten modules cost up to ten look-ups for each function a call of `moves` uses.
    let mut standard = Module::new();
    for package in [
        ArithmeticPackage::new().as_shared_module(),
        BasicStringPackage::new().as_shared_module(),
        BasicIteratorPackage::new().as_shared_module(),
        BasicFnPackage::new().as_shared_module(),
        LogicPackage::new().as_shared_module(),
        BitFieldPackage::new().as_shared_module(),
        BasicMathPackage::new().as_shared_module(),
        BasicArrayPackage::new().as_shared_module(),
        BasicMapPackage::new().as_shared_module(),
        MoreStringPackage::new().as_shared_module(),
    ] {
        standard.combine_flatten(Module::clone(&package));
    }
    standard.build_index();
    engine.register_global_module(standard.into());
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.disable_symbol("eval");
    engine.set_fail_on_invalid_map_property(true);
    // A function pointer's curried arguments escape Rhai's size checks, so currying a pointer
    // into itself would grow without bound.
    engine.disable_symbol("curry");

    engine.set_max_operations(limits.operations.max(1));
    engine.set_max_call_levels(limits.call_depth.max(1));
    engine.set_max_expr_depths(limits.expr_depth.max(1), limits.function_expr_depth.max(1));
    // The data given to the script fits in one value however large (the person chose it).
    let data = &limits.data;
    let data_items = data.numbers().map_or(0, <[i64]>::len);
    let data_bytes = data.text().map_or(0, str::len);
    engine.set_max_array_size(limits.array_size.max(data_items).max(1));
    engine.set_max_string_size(limits.string_size.max(data_bytes).max(1));
    engine.set_max_map_size(limits.map_size.max(1));
    engine.set_max_variables(limits.variables.max(1));

    let memory = limits.memory;
    engine.on_progress(move |ops| {
        if ops % INTERRUPT_EVERY != 0 {
            return None;
        }
        let token = match interrupted(&interrupt) {
            Some(Stop::Cancelled) => TOKEN_CANCELLED,
            Some(Stop::Deadline) => TOKEN_DEADLINE,
            _ if over_memory(memory, Instant::now()) => TOKEN_MEMORY,
            _ => return None,
        };
        Some(Dynamic::from(token))
    });

    engine.register_fn("sum", |parts: Array| {
        let mut d = Dynamic::from_array(parts);
        d.set_tag(SUM_TAG);
        d
    });
    engine.register_fn("is_sum", |v: Dynamic| is_sum(&v));
    engine.register_fn("copies", copies);
    // `options()`: a list of options that `add` grows in constant time (see `OptionList`).
    let (elements, bytes) = (limits.array_size.max(1), limits.string_size.max(1));
    engine.register_type_with_name::<Options>("Options");
    engine.register_fn("options", move || Options {
        items: Array::new(),
        elements: 0,
        bytes: 0,
        max_elements: elements,
        max_bytes: bytes,
    });
    engine.register_fn("add", Options::add);
    engine.register_fn("len", |o: &mut Options| o.items.len() as rhai::INT);
    // `game(NAME, args...)`: a position of another family (see `crate::datum::GAME`).
    let game = |name: ImmutableString, args: &[Dynamic]| -> Array {
        let mut a: Array = vec![Dynamic::from(ImmutableString::from(crate::datum::GAME))];
        a.push(Dynamic::from(name));
        a.extend(args.iter().cloned());
        a
    };
    engine.register_fn("game", move |n: ImmutableString| game(n, &[]));
    engine.register_fn("game", move |n: ImmutableString, a: Dynamic| game(n, &[a]));
    engine.register_fn("game", move |n: ImmutableString, a: Dynamic, b: Dynamic| {
        game(n, &[a, b])
    });
    engine.register_fn(
        "game",
        move |n: ImmutableString, a: Dynamic, b: Dynamic, c: Dynamic| game(n, &[a, b, c]),
    );
    engine.register_fn(
        "game",
        move |n: ImmutableString, a: Dynamic, b: Dynamic, c: Dynamic, d: Dynamic| {
            game(n, &[a, b, c, d])
        },
    );
    crate::safe::register_overrides(&mut engine);
    engine
}

/// The options a script builds with `let out = options(); out.add(q); ...; out`: an array
/// that Rhai does not walk after each call. With size limits set, Rhai counts an array's
/// elements (through nested arrays) after every call that may change it, so `out.push(q)`
/// costs the length of `out` and n options cost n^2 / 2; `add` counts only the option it
/// adds and keeps the totals that the limits on one array bound (elements and string bytes),
/// refusing the option past them as Rhai refuses an array that grows past them.
#[derive(Clone, Debug)]
struct Options {
    items: Array,
    elements: usize,
    bytes: usize,
    max_elements: usize,
    max_bytes: usize,
}

impl Options {
    fn add(&mut self, q: Dynamic) -> Result<(), Box<EvalAltResult>> {
        let (elements, bytes) = sizes(&q, 0);
        self.elements = self.elements.saturating_add(1 + elements);
        self.bytes = self.bytes.saturating_add(bytes);
        if self.elements > self.max_elements {
            return Err(
                EvalAltResult::ErrorDataTooLarge("Size of array".into(), Position::NONE).into(),
            );
        }
        if self.bytes > self.max_bytes {
            return Err(EvalAltResult::ErrorDataTooLarge(
                "Length of string".into(),
                Position::NONE,
            )
            .into());
        }
        self.items.push(q);
        Ok(())
    }
}

/// The elements inside a value (through nested arrays) and the bytes of its strings, as
/// Rhai's limits on one array count them. Past 64 levels it stops counting: such a value is
/// refused as a position anyway (the limit position-depth).
fn sizes(v: &Dynamic, depth: usize) -> (usize, usize) {
    if depth > 64 {
        return (0, 0);
    }
    if let Some(a) = v.read_lock::<Array>() {
        let mut total = (a.len(), 0usize);
        for x in a.iter() {
            let (e, b) = sizes(x, depth + 1);
            total = (total.0 + e, total.1 + b);
        }
        return total;
    }
    if let Some(s) = v.read_lock::<ImmutableString>() {
        return (0, s.len());
    }
    (0, 0)
}

/// `copies(k, q)`: `k` copies of the position `q`, as one part of an option (see
/// [`crate::datum::COPIES`]); a sum's copies are the sum of each part's, one copy is `q`, and
/// none is the empty sum.
fn copies(k: rhai::INT, q: Dynamic) -> Result<Dynamic, Box<rhai::EvalAltResult>> {
    copies_within(k, q, 0)
}

/// [`copies`] inside `depth` sums (at most 64, as sums nest).
fn copies_within(
    k: rhai::INT,
    q: Dynamic,
    depth: usize,
) -> Result<Dynamic, Box<rhai::EvalAltResult>> {
    if depth > 64 {
        return Err("copies of sums that nest more than 64 deep".into());
    }
    if k < 0 {
        return Err(format!(
            "copies takes the number of copies first, at least 0: copies(3, q), not copies({k}, ...)"
        )
        .into());
    }
    if is_sum(&q) {
        let parts = q.into_array().map_err(|t| format!("copies of a {t}"))?;
        let mut out = Array::with_capacity(parts.len());
        for p in parts {
            out.push(copies_within(k, p, depth + 1)?);
        }
        let mut d = Dynamic::from_array(out);
        d.set_tag(SUM_TAG);
        return Ok(d);
    }
    if let Some(items) = q.read_lock::<Array>() {
        let mark = items
            .first()
            .and_then(|m| m.read_lock::<ImmutableString>().map(|s| s.to_string()));
        if mark.as_deref() == Some(crate::datum::GAME) {
            return Err(
                "copies takes a position of this game; copies of game(...) are not \
                        supported: write the copies out, or make the position one of this game"
                    .into(),
            );
        }
        if mark.as_deref() == Some(crate::datum::COPIES) && items.len() == 3 {
            let inner = items[1].as_int().unwrap_or(1);
            let Some(n) = inner.checked_mul(k) else {
                return Err(format!("copies({k}, ...) of {inner} copies: too many copies").into());
            };
            let q = items[2].clone();
            drop(items);
            return copies_within(n, q, depth + 1);
        }
    }
    Ok(match k {
        0 => {
            let mut d = Dynamic::from_array(Array::new());
            d.set_tag(SUM_TAG);
            d
        }
        1 => q,
        _ => Dynamic::from_array(vec![
            Dynamic::from(ImmutableString::from(crate::datum::COPIES)),
            Dynamic::from(k),
            q,
        ]),
    })
}

/// The arity a script declares: a whole number from 1 to [`MAX_ARITY`], or `"all"`.
fn read_arity(value: &Dynamic) -> Option<Arity> {
    if let Ok(n) = value.as_int() {
        return usize::try_from(n)
            .ok()
            .filter(|k| (1..=MAX_ARITY).contains(k))
            .map(Arity::Fixed);
    }
    let text = value.read_lock::<ImmutableString>()?;
    (text.as_str() == "all").then_some(Arity::All)
}

/// Whether `name` can be written as a family in an expression: letters, digits and `_`, not
/// starting with a digit.
pub(crate) fn valid_family_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The family name a script gets when it declares no `NAME`: the file's stem
/// (`games/digits.rhai` names `digits`), or the text inside `<...>` for a script that is not
/// a file (`<digits>`).
pub(crate) fn default_family_name(file: &str) -> String {
    if let Some(inner) = file.strip_prefix('<').and_then(|f| f.strip_suffix('>')) {
        return inner.to_string();
    }
    Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Compiles and inspects a script, keeping the compiled script when it is usable.
pub(crate) fn analyse(
    source: &str,
    file: &str,
    limits: &Sandbox,
    interrupt: Arc<RwLock<Interrupt>>,
) -> (Option<RhaiScript>, CheckReport) {
    let mut report = CheckReport::empty(file);
    let compile_error =
        |line_column: Option<(usize, usize)>, message: String| ScriptError::Compile {
            location: Location {
                file: file.to_string(),
                line_column,
            },
            message,
        };
    let body_site = || CallSite {
        function: "top level".into(),
        position: String::new(),
    };
    if limits.stack_size() > crate::limits::MAX_STACK_SIZE {
        let kind = if limits.call_depth > 10_000 {
            LimitKind::CallDepth
        } else {
            LimitKind::ArraySize
        };
        report.problems.push(compile_error(
            None,
            format!(
                "these script limits would need {} MiB of stack, more than the {} MiB allowed; \
                 lower the script limit {}",
                limits.stack_size() >> 20,
                crate::limits::MAX_STACK_SIZE >> 20,
                kind.key()
            ),
        ));
        return (None, report);
    }
    if let Some(e) = ScriptError::source_too_large(source, file, limits, body_site()) {
        report.problems.push(e);
        return (None, report);
    }

    let engine = build_engine(limits, interrupt.clone());
    let mut ast = match engine.compile(source) {
        Ok(ast) => ast,
        Err(e) => {
            let pos = e.position();
            let at = pos.line().map(|l| (l, pos.position().unwrap_or(1)));
            let problem = match e.err_type() {
                ParseErrorType::ExprTooDeep => ScriptError::Limit {
                    location: location(file, pos),
                    limit: LimitKind::ExprDepth,
                    value: limits.value(LimitKind::ExprDepth),
                    call: body_site(),
                },
                other => compile_error(at, other.to_string()),
            };
            report.problems.push(problem);
            return (None, report);
        }
    };
    ast.set_source(file);

    report.functions = ast
        .iter_functions()
        .map(|f| FunctionInfo {
            name: f.name.to_string(),
            params: f.params.len(),
        })
        .collect();
    let arities = |name: &str| -> Vec<usize> {
        report
            .functions
            .iter()
            .filter(|f| f.name == name)
            .map(|f| f.params)
            .collect()
    };
    let (moves, display, describe) = (arities("moves"), arities("display"), arities("describe"));
    let mut problems = Vec::new();
    if !moves.contains(&1) {
        let message = match moves.first() {
            None => "the script defines no `fn moves(p)`; a rule script must define it, \
                     returning the array of options of position p"
                .to_string(),
            Some(n) => format!(
                "`moves` takes {n} parameters; it must take exactly one, the position \
                 (`fn moves(p)`)"
            ),
        };
        problems.push(compile_error(None, message));
    }
    report.has_display = display.contains(&1);
    if !display.is_empty() && !report.has_display {
        problems.push(compile_error(
            None,
            format!(
                "`display` takes {} parameters; it must take exactly one, the position \
                 (`fn display(p)`)",
                display[0]
            ),
        ));
    }
    report.has_describe = describe.contains(&2);
    if !describe.is_empty() && !report.has_describe {
        problems.push(compile_error(
            None,
            format!(
                "`describe` takes {} parameters; it must take exactly two, the position and \
                 the option (`fn describe(p, q)`)",
                describe[0]
            ),
        ));
    }
    for (hook, slot) in [
        ("nimber", 0usize),
        ("outcome", 1),
        ("canonical", 2),
        ("split", 3),
    ] {
        let params = arities(hook);
        let has = params.contains(&1);
        if !params.is_empty() && !has {
            problems.push(compile_error(
                None,
                format!(
                    "`{hook}` takes {} parameters; it must take exactly one, the position \
                     (`fn {hook}(p)`)",
                    params[0]
                ),
            ));
        }
        match slot {
            0 => report.has_nimber = has,
            1 => report.has_outcome = has,
            2 => report.has_canonical = has,
            _ => report.has_split = has,
        }
    }
    if report.functions.iter().any(|f| f.name == "sum") {
        report.warnings.push(
            "the script defines its own `sum`, which hides the built-in sum([...]) that marks \
             a disjunctive sum of positions"
                .to_string(),
        );
    }
    report.problems.append(&mut problems);

    // Runs the top level once: it declares NAME and the constants the functions use.
    let mut globals = Scope::new();
    // The data given to the script (docs/rules.md, "Data"); () without it.
    let data = &limits.data;
    globals.push_constant(
        "DATA",
        data.text()
            .map_or(Dynamic::UNIT, |t| Dynamic::from(t.to_string())),
    );
    globals.push_constant(
        "DATA_NUMBERS",
        data.numbers().map_or(Dynamic::UNIT, |n| {
            Dynamic::from_array(n.iter().map(|&x| Dynamic::from_int(x)).collect())
        }),
    );
    if let Err(e) = engine.run_ast_with_scope(&mut globals, &ast) {
        report
            .problems
            .push(convert_error(*e, file, limits, body_site()));
        return (None, report);
    }
    let name = match globals.get("NAME") {
        Some(value) => match value.read_lock::<ImmutableString>() {
            Some(s) => s.to_string(),
            None => {
                report.problems.push(compile_error(
                    None,
                    format!(
                        "NAME must be a string, as in `const NAME = \"mygame\";`, found {}",
                        show_dynamic(value)
                    ),
                ));
                return (None, report);
            }
        },
        None => default_family_name(file),
    };
    if !valid_family_name(&name) {
        report.problems.push(compile_error(
            None,
            format!(
                "the family name '{name}' cannot be written in an expression; use letters, \
                 digits and '_' (not first a digit), or declare `const NAME = \"mygame\";`"
            ),
        ));
        return (None, report);
    }
    report.name = Some(name.clone());
    let arity = match globals.get("ARITY") {
        None => Arity::default(),
        Some(value) => match read_arity(value) {
            Some(a) => a,
            None => {
                report.problems.push(compile_error(
                    None,
                    format!(
                        "ARITY must be a whole number from 1 to {MAX_ARITY} (how many \
                         arguments write one position, as in `const ARITY = 2;`) or \"all\" \
                         (every argument of a term makes one array position), found {}",
                        show_dynamic(value)
                    ),
                ));
                return (None, report);
            }
        },
    };
    report.arity = arity;
    if let Some(deep) = globals
        .iter_raw()
        .find(|(_, _, v)| nests_deeper(v, limits.position_depth))
    {
        report.problems.push(compile_error(
            None,
            format!(
                "the top-level variable {} nests arrays more than {} deep (the script limit {})",
                deep.0,
                limits.position_depth,
                LimitKind::PositionDepth.key()
            ),
        ));
    }
    if !report.problems.is_empty() {
        return (None, report);
    }
    let script = RhaiScript {
        engine,
        ast,
        name,
        arity,
        file: file.to_string(),
        limits: limits.clone(),
        functions: report.functions.clone(),
        has_display: report.has_display,
        has_describe: report.has_describe,
        has_nimber: report.has_nimber,
        has_outcome: report.has_outcome,
        has_canonical: report.has_canonical,
        has_split: report.has_split,
        globals,
        pool: Mutex::new(Vec::new()),
        interrupt,
        stack: limits.stack_size(),
    };
    (Some(script), report)
}

/// The values of a family of several numbers on a box of small positions ([`crate::box_values`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueBox {
    /// How many numbers write one position.
    pub arity: usize,
    /// The last number of each coordinate (each runs from 0).
    pub last: u64,
    /// One value per position, the last number fastest; `None` where the script refuses it.
    /// Shorter than the box when the search stopped ([`ValueBox::stopped`]).
    pub values: Vec<Option<u64>>,
    /// The first position refused and the script's error there.
    pub refused: Option<(String, ScriptError)>,
    /// The position at which the search reached its limit of positions, and that limit: the
    /// values stop before it.
    pub stopped: Option<(String, ScriptError)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Script;

    fn script(src: &str) -> Script {
        match Script::compile(src, "<test>", Sandbox::default()) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn script_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Script>();
        assert_send_sync::<ScriptError>();
    }

    #[test]
    fn constants_reach_functions() {
        let s = script(
            "const S = [1, 3, 4]; const NAME = \"subs\";\n\
             fn moves(n) { let o = []; for k in S { if k <= n { o.push(n - k); } } o }",
        );
        assert_eq!(s.name(), "subs");
        let got = s.moves(&Datum::Int(4)).unwrap_or_default();
        let want: Vec<_> = [3, 1, 0]
            .into_iter()
            .map(|n| ScriptOption::One(Datum::Int(n)))
            .collect();
        assert_eq!(got, want);
        // A second call reuses the pooled scope and must give the same answer.
        assert_eq!(s.moves(&Datum::Int(4)).unwrap_or_default(), want);
    }

    #[test]
    fn sums_flatten_and_render() {
        let s = script("fn moves(n) { [sum([1, sum([2, 3])]), sum([]), 4] }");
        let got = s.moves(&Datum::Int(0)).unwrap_or_default();
        assert_eq!(
            got,
            vec![
                ScriptOption::Sum(vec![Datum::Int(1), Datum::Int(2), Datum::Int(3)]),
                ScriptOption::Sum(vec![]),
                ScriptOption::One(Datum::Int(4)),
            ]
        );
        assert_eq!(got[0].text("g"), "g(1) + g(2) + g(3)");
        assert_eq!(got[1].text("g"), "0");
    }

    #[test]
    fn family_names() {
        assert!(valid_family_name("lasker_2"));
        assert!(valid_family_name("_x"));
        assert!(!valid_family_name("2x"));
        assert!(!valid_family_name("my-game"));
        assert!(!valid_family_name(""));
        assert_eq!(default_family_name("games/digits.rhai"), "digits");
        assert_eq!(default_family_name("<digits>"), "digits");
        assert_eq!(default_family_name("a.b.rhai"), "a.b");
    }
}
