//! `Script`: a rule script in either language (Rhai or Luau), compiled once, with one
//! position model ([`Datum`] and its packed [`Key`]), one set of hooks (`moves`, `display`,
//! `describe`, `nimber`, `outcome`, `canonical`, `split`), one limits contract and one error
//! type.

use std::fmt;
use std::path::Path;
use std::sync::{Arc, RwLock};

use grundy::solve::OptionList;

use crate::key::Key;
use crate::limits::{Interrupt, Sandbox};
use crate::luau::LuauScript;
use crate::script::{CheckReport, FunctionInfo, RhaiScript};
use crate::{Arity, Datum, ScriptError, ScriptOption};

/// The language of a rule script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// [Rhai](https://rhai.rs): `fn moves(p) { ... }` (the first language, `.rhai` files).
    Rhai,
    /// [Luau](https://luau.org): `function moves(p) ... end` (`.luau` or `.lua` files), the
    /// faster of the two (docs/rules.md gives the figure).
    Luau,
}

impl Language {
    /// The language of a file by its extension: `.luau` and `.lua` are Luau, anything else
    /// (`.rhai`, `<name>`) Rhai.
    ///
    /// Example:
    /// ```
    /// use grundy_script::Language;
    /// assert_eq!(Language::of_file("games/kiki.luau"), Language::Luau);
    /// assert_eq!(Language::of_file("games/kiki.rhai"), Language::Rhai);
    /// ```
    pub fn of_file(file: &str) -> Language {
        match Path::new(file).extension().and_then(|e| e.to_str()) {
            Some("luau") | Some("lua") => Language::Luau,
            _ => Language::Rhai,
        }
    }

    /// The language named `name` (`rhai`, `luau`, `lua`), for fronts that take it as text.
    pub fn named(name: &str) -> Option<Language> {
        match name.to_ascii_lowercase().as_str() {
            "rhai" => Some(Language::Rhai),
            "luau" | "lua" => Some(Language::Luau),
            _ => None,
        }
    }

    /// How a script in this language declares a global constant, for advice in messages:
    /// `const ARITY = 2;` in Rhai, `ARITY = 2` in Luau.
    ///
    /// Example:
    /// ```
    /// use grundy_script::Language;
    /// assert_eq!(Language::Luau.declaration("ARITY", "2"), "ARITY = 2");
    /// assert_eq!(Language::Rhai.declaration("ARITY", "2"), "const ARITY = 2;");
    /// ```
    pub fn declaration(self, name: &str, value: &str) -> String {
        match self {
            Language::Rhai => format!("const {name} = {value};"),
            Language::Luau => format!("{name} = {value}"),
        }
    }

    /// The language's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Language::Rhai => "rhai",
            Language::Luau => "luau",
        }
    }
}

enum Backend {
    Rhai(Box<RhaiScript>),
    Luau(Box<LuauScript>),
}

/// A rule script, compiled once, ready to be called from any number of threads.
///
/// Every call runs under [`Sandbox`] and the current [`Interrupt`]; the script's top level ran
/// once when it was compiled, and its constants are visible to its functions.
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
/// let luau = "function moves(n) local o = {} for k = 1, 2 do if k <= n then o[#o + 1] = n - k end end return o end";
/// let s = Script::compile(luau, "games/twos.luau", Sandbox::default()).unwrap();
/// assert_eq!(s.moves(&Datum::Int(3)).unwrap().len(), 2);
/// ```
pub struct Script {
    backend: Backend,
    language: Language,
    name: String,
    arity: Arity,
    file: String,
    limits: Sandbox,
    report: CheckReport,
    interrupt: Arc<RwLock<Interrupt>>,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("language", &self.language)
            .field("name", &self.name)
            .field("file", &self.file)
            .finish()
    }
}

/// Compiles a script in `language` and inspects it.
fn analyse(
    language: Language,
    source: &str,
    file: &str,
    limits: &Sandbox,
) -> (Option<Script>, CheckReport) {
    let interrupt = Arc::new(RwLock::new(Interrupt::default()));
    let (backend, report) = match language {
        Language::Rhai => {
            let stack = limits.stack_size().min(crate::limits::MAX_STACK_SIZE);
            let (s, r) = stacker::maybe_grow(stack, stack, || {
                crate::script::analyse(source, file, limits, interrupt.clone())
            });
            (s.map(|s| Backend::Rhai(Box::new(s))), r)
        }
        Language::Luau => {
            let (s, r) = crate::luau::analyse(source, file, limits, interrupt.clone());
            (s.map(|s| Backend::Luau(Box::new(s))), r)
        }
    };
    let script = match backend {
        Some(backend) if report.problems.is_empty() => {
            let name = report.name.clone().unwrap_or_default();
            Some(Script {
                backend,
                language,
                name,
                arity: report.arity,
                file: file.to_string(),
                limits: limits.clone(),
                report: report.clone(),
                interrupt,
            })
        }
        _ => None,
    };
    (script, report)
}

/// Checks a script without keeping it: compiles it, runs its top level once under `limits`,
/// and reports the family name, the functions, and every problem found (a syntax error with
/// its line and column, a missing `moves`, a wrong number of parameters, a bad `NAME` or
/// `ARITY`). The language is the file's ([`Language::of_file`]).
///
/// Example:
/// ```
/// let r = grundy_script::check("fn moves(n) { [] }", "games/empty.rhai", &Default::default());
/// assert!(r.is_ok());
/// assert_eq!(r.name.as_deref(), Some("empty"));
/// let r = grundy_script::check("fn moves(a, b) { [] }", "<x>", &Default::default());
/// assert!(!r.is_ok());
/// ```
pub fn check(source: &str, file: &str, limits: &Sandbox) -> CheckReport {
    check_in(Language::of_file(file), source, file, limits)
}

/// [`check`] in a given language.
pub fn check_in(language: Language, source: &str, file: &str, limits: &Sandbox) -> CheckReport {
    analyse(language, source, file, limits).1
}

impl Script {
    /// Compiles a script and runs its top level once, in the file's language
    /// ([`Language::of_file`]).
    ///
    /// Arguments: the source text; its name for messages (a path whose stem names the family
    /// unless the script declares `NAME`, or `<name>`); the limits of every call.
    ///
    /// Returns the script, or the first problem [`check`] would report.
    ///
    /// Complexity: linear in the source, plus the top level's own work (bounded by `limits`).
    pub fn compile(source: &str, file: &str, limits: Sandbox) -> Result<Script, ScriptError> {
        Script::compile_in(Language::of_file(file), source, file, limits)
    }

    /// [`Script::compile`] in a given language.
    pub fn compile_in(
        language: Language,
        source: &str,
        file: &str,
        limits: Sandbox,
    ) -> Result<Script, ScriptError> {
        let (script, mut report) = analyse(language, source, file, &limits);
        match script {
            Some(s) => Ok(s),
            None if !report.problems.is_empty() => Err(report.problems.swap_remove(0)),
            None => Err(ScriptError::Compile {
                location: crate::error::Location {
                    file: file.to_string(),
                    line_column: None,
                },
                message: "the script could not be compiled".into(),
            }),
        }
    }

    /// The script's language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The family name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many arguments write one position (`ARITY`, 1 by default).
    pub fn arity(&self) -> Arity {
        self.arity
    }

    /// The script's name for messages (its path or `<name>`).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The limits every call runs under.
    pub fn limits(&self) -> &Sandbox {
        &self.limits
    }

    /// The functions the script defines.
    pub fn functions(&self) -> &[FunctionInfo] {
        &self.report.functions
    }

    /// Whether the script defines `display(p)`.
    pub fn has_display(&self) -> bool {
        self.report.has_display
    }

    /// Whether the script defines `describe(p, q)`.
    pub fn has_describe(&self) -> bool {
        self.report.has_describe
    }

    /// Whether the script defines the closed form `nimber(p)`.
    pub fn has_nimber(&self) -> bool {
        self.report.has_nimber
    }

    /// Whether the script defines the closed form `outcome(p)`.
    pub fn has_outcome(&self) -> bool {
        self.report.has_outcome
    }

    /// Whether the script defines the search hook `canonical(p)`.
    pub fn has_canonical(&self) -> bool {
        self.report.has_canonical
    }

    /// Whether the script defines the search hook `split(p)`.
    pub fn has_split(&self) -> bool {
        self.report.has_split
    }

    /// The position that stands for `p` in the search, from the script's `canonical(p)`;
    /// `None` when the script has none or it gave nothing for `p`.
    pub fn canonical(&self, p: &Key) -> Result<Option<Key>, ScriptError> {
        if !self.report.has_canonical {
            return Ok(None);
        }
        match &self.backend {
            Backend::Rhai(s) => match p.to_datum() {
                Some(d) => Ok(s.canonical(&d)?.map(|c| Key::of(&c))),
                None => Ok(None),
            },
            Backend::Luau(s) => s.canonical(p, self.arity, &self.limits),
        }
    }

    /// The independent parts whose sum is `p`, from the script's `split(p)`; `None` when the
    /// script has none or `p` does not split.
    pub fn split(&self, p: &Key) -> Result<Option<Vec<Key>>, ScriptError> {
        if !self.report.has_split {
            return Ok(None);
        }
        match &self.backend {
            Backend::Rhai(s) => match p.to_datum() {
                Some(d) => Ok(s.split(&d)?.map(|v| v.iter().map(Key::of).collect())),
                None => Ok(None),
            },
            Backend::Luau(s) => s.split(p, self.arity, &self.limits),
        }
    }

    /// Replaces the cancellation flag and deadline that calls watch (for the next calls and
    /// for calls already running).
    pub fn set_interrupt(&self, interrupt: Interrupt) {
        let mut guard = self.interrupt.write().unwrap_or_else(|e| e.into_inner());
        *guard = interrupt;
    }

    /// Whether calls watch exactly this flag (the same one, not an equal one) and deadline:
    /// a look under the read lock, without cloning (it is asked before every call).
    pub fn watches(&self, wanted: &Interrupt) -> bool {
        let now = self.interrupt.read().unwrap_or_else(|e| e.into_inner());
        now.deadline == wanted.deadline
            && match (&now.cancel, &wanted.cancel) {
                (None, None) => true,
                (Some(a), Some(b)) => a.same_as(b),
                _ => false,
            }
    }

    /// The cancellation flag and deadline that calls watch.
    pub fn interrupt(&self) -> Interrupt {
        self.interrupt
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The options of position `p`: calls the script's `moves(p)` and checks that it returned
    /// an array whose every element is a position of the family (of the family's arity) or a
    /// sum of positions.
    ///
    /// Returns the options in the script's order, or the error of the call.
    pub fn moves(&self, p: &Datum) -> Result<Vec<ScriptOption>, ScriptError> {
        match &self.backend {
            Backend::Rhai(s) => s.moves(p),
            Backend::Luau(s) => s.moves(p, self.arity, &self.limits),
        }
    }

    /// The options of `p` written into `out` as packed positions: the engine's fast path.
    pub fn moves_into(&self, p: &Key, out: &mut OptionList<Key>) -> Result<(), ScriptError> {
        match &self.backend {
            Backend::Rhai(s) => s.moves_into(p, out),
            Backend::Luau(s) => s.moves_into(p, out, self.arity, &self.limits),
        }
    }

    /// The text of position `p` from the script's `display(p)`; `None` when the script has no
    /// `display` or it returned nothing (the default text, [`Datum::call_text`], applies).
    pub fn display(&self, p: &Datum) -> Result<Option<String>, ScriptError> {
        match &self.backend {
            Backend::Rhai(s) => s.display(p),
            Backend::Luau(s) => s.display(&Key::of(p), &self.limits),
        }
    }

    /// The move from `p` to its option `q`, in words, from the script's `describe(p, q)`.
    pub fn describe(&self, p: &Datum, q: &ScriptOption) -> Result<Option<String>, ScriptError> {
        match &self.backend {
            Backend::Rhai(s) => s.describe(p, q),
            Backend::Luau(s) => s.describe(&Key::of(p), q, &self.limits),
        }
    }

    /// The nim-value of `p` from the script's closed form `nimber(p)`; `None` when the script
    /// has none or it gave nothing for `p` (the engine searches then).
    pub fn nimber(&self, p: &Key) -> Result<Option<u64>, ScriptError> {
        if !self.report.has_nimber {
            return Ok(None);
        }
        match &self.backend {
            Backend::Rhai(s) => match p.to_datum() {
                Some(d) => s.nimber(&d),
                None => Ok(None),
            },
            Backend::Luau(s) => s.nimber(p, &self.limits),
        }
    }

    /// The outcome of `p` alone from the script's closed form `outcome(p)`: `Some(true)` when
    /// the player to move wins; `None` when the script has none or it gave nothing for `p`.
    pub fn outcome(&self, p: &Key) -> Result<Option<bool>, ScriptError> {
        if !self.report.has_outcome {
            return Ok(None);
        }
        match &self.backend {
            Backend::Rhai(s) => match p.to_datum() {
                Some(d) => s.outcome(&d),
                None => Ok(None),
            },
            Backend::Luau(s) => s.outcome(p, &self.limits),
        }
    }
}
