//! Families defined by a Python function (`@grundy.ruleset`), on the typed seam.
//!
//! A position is any hashable Python value. The engine's position type is a [`Key`] of 64
//! bits: the common positions are written into it without Python (a non-negative int, a pair
//! or a triple of small non-negative ints, as exact `int` and `tuple` objects), and every
//! other value is interned: a Python dict maps the value (hashed and compared by Python) to a
//! small id, and a list maps the id back. The solvers compare, hash and order keys without
//! the GIL; the GIL is taken only to call the function and to read its options.
//!
//! **Invariant:** two positions equal in Python and of the same shape (both written inline,
//! or both interned) get the same key, except in a rare race of two threads interning the
//! same new value at once. Values equal in Python but of other types (`1`, `1.0`, `True`; a
//! tuple and a named tuple) may get different keys: each key's value is found by calling the
//! function on its own value, so different keys of one game cost memo space, never a wrong
//! answer.

use std::sync::{Arc, Mutex};

use grundy::rules::{
    Arg, ArgError, BuildContext, Family, HeapKernel, HeapTable, Opt, Ruleset, RulesetRef, Source,
    Theory,
};
use grundy::solve::{Arena, Lister, OptionList};
use grundy::Payload;
use grundy::{Error, Limit, Limits, Nimber};
use grundy_script::Arity;
use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// A position of a Python-defined family as the engine holds it: a small value written
/// inline, or the id of an interned Python value.
///
/// The top two bits say which: a non-negative int below 2^62; a tuple of two ints below
/// 2^31; a tuple of three ints below 2^20; an interned value. Keys order ints first, by
/// value, so that sums print their heaps in increasing order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Key(u64);

/// What a [`Key`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Int(u64),
    Pair(u64, u64),
    Triple(u64, u64, u64),
    Object(u32),
}

const TAG_SHIFT: u32 = 62;
const TAG_INT: u64 = 0;
const TAG_PAIR: u64 = 1;
const TAG_TRIPLE: u64 = 2;
const TAG_OBJECT: u64 = 3;
/// Bits of each item of an inline pair, and of an inline triple.
const PAIR_BITS: u32 = 31;
const TRIPLE_BITS: u32 = 20;

impl Key {
    fn int(n: u64) -> Option<Key> {
        (n < 1 << TAG_SHIFT).then_some(Key(n))
    }

    /// A tuple of two or three small non-negative ints, inline; `None` for anything else.
    fn tuple(items: &[u64]) -> Option<Key> {
        match *items {
            [a, b] if a < 1 << PAIR_BITS && b < 1 << PAIR_BITS => {
                Some(Key(TAG_PAIR << TAG_SHIFT | a << PAIR_BITS | b))
            }
            [a, b, c] if a.max(b).max(c) < 1 << TRIPLE_BITS => Some(Key(TAG_TRIPLE << TAG_SHIFT
                | a << (2 * TRIPLE_BITS)
                | b << TRIPLE_BITS
                | c)),
            _ => None,
        }
    }

    fn object(id: u32) -> Key {
        Key(TAG_OBJECT << TAG_SHIFT | u64::from(id))
    }

    fn shape(self) -> Shape {
        let body = self.0 & ((1 << TAG_SHIFT) - 1);
        let item = |shift: u32, bits: u32| (body >> shift) & ((1 << bits) - 1);
        match self.0 >> TAG_SHIFT {
            TAG_INT => Shape::Int(body),
            TAG_PAIR => Shape::Pair(item(PAIR_BITS, PAIR_BITS), item(0, PAIR_BITS)),
            TAG_TRIPLE => Shape::Triple(
                item(2 * TRIPLE_BITS, TRIPLE_BITS),
                item(TRIPLE_BITS, TRIPLE_BITS),
                item(0, TRIPLE_BITS),
            ),
            _ => Shape::Object(body as u32),
        }
    }

    /// The heap size, for a key that is an inline int.
    fn as_int(self) -> Option<u64> {
        match self.shape() {
            Shape::Int(n) => Some(n),
            _ => None,
        }
    }
}

struct Inner {
    name: String,
    /// How many arguments write one position (`arity=` of `@grundy.ruleset`).
    arity: Arity,
    func: Py<PyAny>,
    sum_type: Py<PyAny>,
    /// The search hooks (`canonical=`, `split=` of `@grundy.ruleset`), boards.md.
    hooks: Hooks,
    /// Interned position value -> id.
    index: Py<PyDict>,
    /// Id -> interned position value.
    values: Py<PyList>,
    /// The first exception raised by the function during the current computation.
    failure: Mutex<Option<Py<PyAny>>>,
}

/// The optional functions of a Python-defined family, each a function of the position: the
/// closed form `nimber` of rule scripts (rules.md) and the search hooks (boards.md,
/// "Rule-script hooks").
#[derive(Default)]
pub struct Hooks {
    /// `nimber(p)`: the nim-value of `p` (a whole number), or `None` to search.
    pub nimber: Option<Py<PyAny>>,
    /// `canonical(p)`: a position worth the same that stands for `p`, or `None`.
    pub canonical: Option<Py<PyAny>>,
    /// `split(p)`: the positions whose sum is `p`, or `None` when it does not split.
    pub split: Option<Py<PyAny>>,
}

/// A Python-defined family; cheap to clone (shared).
#[derive(Clone)]
pub struct PyRules(Arc<Inner>);

/// The most values one Python-defined family may intern (ints and small tuples of ints are
/// not interned).
const MAX_OBJECTS: usize = u32::MAX as usize;

/// Runs `f` on this thread with a Python thread state kept for the whole call, the GIL
/// released. A thread without one makes and frees a thread state (and its frame stack, an
/// mmap) every time it takes the GIL, which cost more than the Python call of a simple game;
/// with one kept, taking the GIL is a lock.
pub fn with_thread_state<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    Python::with_gil(|py| py.allow_threads(f))
}

impl PyRules {
    /// A family named `name` whose options are `func(position)`; `sum_type` is `grundy.Sum`.
    pub fn new(
        name: &str,
        arity: Arity,
        func: Py<PyAny>,
        sum_type: Py<PyAny>,
        hooks: Hooks,
    ) -> PyRules {
        Python::with_gil(|py| {
            PyRules(Arc::new(Inner {
                name: name.to_string(),
                arity,
                func,
                sum_type,
                hooks,
                index: PyDict::new(py).unbind(),
                values: PyList::empty(py).unbind(),
                failure: Mutex::new(None),
            }))
        })
    }

    /// The family's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The registry entry of this family.
    pub fn family(&self, summary: &str, example: &str) -> Family {
        let me = self.clone();
        let syntax = match self.0.arity {
            Arity::Fixed(1) => format!("{}(a, ...)", self.0.name),
            Arity::Fixed(k) => {
                let names: Vec<String> = (1..=k).map(|i| format!("a{i}")).collect();
                format!("{}({})", self.0.name, names.join(", "))
            }
            Arity::All => format!("{}(a, ...)", self.0.name),
        };
        let summary = if summary.is_empty() {
            "a game defined in Python"
        } else {
            summary
        };
        Family::new(
            &self.0.name,
            &[],
            &syntax,
            summary,
            example,
            None,
            move |_params: Option<&str>, _ctx: &BuildContext<'_>| Ok(RulesetRef::of(me.clone())),
        )
    }

    /// Forgets the failure of an earlier computation.
    pub fn clear_failure(&self) {
        if let Ok(mut f) = self.0.failure.lock() {
            *f = None;
        }
    }

    /// The exception raised by the function during the last computation, if any.
    pub fn take_failure(&self) -> Option<Py<PyAny>> {
        self.0.failure.lock().ok().and_then(|mut f| f.take())
    }

    /// Keeps the exception (the first one only) and makes the engine's error that carries it.
    fn fail(&self, py: Python<'_>, e: PyErr) -> Error {
        let value: Py<PyAny> = e.value(py).clone().into_any().unbind();
        let message = e.to_string();
        if let Ok(mut f) = self.0.failure.lock() {
            if f.is_none() {
                *f = Some(value.clone_ref(py));
            }
        }
        Error::External {
            message,
            payload: Payload(Arc::new(value)),
        }
    }

    /// The key of an interned value, interning it when new.
    fn intern(&self, py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Result<Key, Error>> {
        let index = self.0.index.bind(py);
        if let Some(id) = index.get_item(v)? {
            return Ok(Ok(Key::object(id.extract()?)));
        }
        let values = self.0.values.bind(py);
        if values.len() >= MAX_OBJECTS {
            return Ok(Err(Error::limit(
                Limit::Positions(MAX_OBJECTS),
                format!(
                    "the Python-defined family {} met more than {MAX_OBJECTS} positions that \
                     are not ints or small tuples of ints",
                    self.0.name
                ),
            )));
        }
        // The value is appended before its id is read, with no Python code in between, so
        // that the list and the ids agree whatever other threads do while the dict hashes
        // and compares (which may run Python code and switch threads).
        values.append(v)?;
        let id = values.len() - 1;
        let got = index.call_method1(pyo3::intern!(py, "setdefault"), (v, id))?;
        // Another thread may have interned an equal value meanwhile: its id wins, and the
        // slot appended here stays unused.
        Ok(Ok(Key::object(got.extract()?)))
    }

    /// The Python value of a key (a new int or tuple for inline keys).
    fn value<'py>(&self, py: Python<'py>, k: Key) -> PyResult<Bound<'py, PyAny>> {
        Ok(match k.shape() {
            Shape::Int(n) => n.into_pyobject(py)?.into_any(),
            Shape::Pair(a, b) => PyTuple::new(py, [a, b])?.into_any(),
            Shape::Triple(a, b, c) => PyTuple::new(py, [a, b, c])?.into_any(),
            Shape::Object(id) => self.0.values.bind(py).get_item(id as usize)?,
        })
    }

    /// The key of a position value met as an option of `from` (or as a term's argument,
    /// `from` = `None`); an error when it does not have the shape of the family's positions.
    fn key_of(
        &self,
        py: Python<'_>,
        from: Option<Key>,
        v: &Bound<'_, PyAny>,
    ) -> PyResult<Result<Key, Error>> {
        if v.is_exact_instance_of::<PyInt>() {
            if let Some(e) = self.misfit(py, from, v, None) {
                return Ok(Err(e));
            }
            if let Some(k) = small_int(v).and_then(Key::int) {
                return Ok(Ok(k));
            }
            return self.intern(py, v);
        }
        if let Ok(t) = v.downcast_exact::<PyTuple>() {
            return self.tuple_key(py, from, t);
        }
        // A list is not hashable; it is read as the tuple with the same items, as rule
        // scripts write positions as arrays.
        if let Ok(l) = v.downcast::<PyList>() {
            return self.tuple_key(py, from, &l.to_tuple());
        }
        let len = v.downcast::<PyTuple>().ok().map(|t| t.len());
        if let Some(e) = self.misfit(py, from, v, len) {
            return Ok(Err(e));
        }
        self.intern(py, v)
    }

    /// The key of an exact tuple: inline for two or three small ints, interned otherwise.
    fn tuple_key(
        &self,
        py: Python<'_>,
        from: Option<Key>,
        t: &Bound<'_, PyTuple>,
    ) -> PyResult<Result<Key, Error>> {
        let len = t.len();
        if let Some(e) = self.misfit(py, from, t.as_any(), Some(len)) {
            return Ok(Err(e));
        }
        if len == 2 || len == 3 {
            let mut items = [0u64; 3];
            let mut small = true;
            for (i, slot) in items.iter_mut().enumerate().take(len) {
                match small_int(&*t.get_borrowed_item(i)?) {
                    Some(n) => *slot = n,
                    None => {
                        small = false;
                        break;
                    }
                }
            }
            if let Some(k) = small.then(|| Key::tuple(&items[..len])).flatten() {
                return Ok(Ok(k));
            }
        }
        self.intern(py, t.as_any())
    }

    /// Writes the options of `p` into `out`: one call of the function, each option read
    /// once (a `grundy.Sum` is several positions, any other value one).
    fn list_into(
        &self,
        py: Python<'_>,
        p: Key,
        out: &mut OptionList<Key>,
    ) -> PyResult<Result<(), Error>> {
        let got = self.0.func.bind(py).call1((self.value(py, p)?,))?;
        if let Ok(l) = got.downcast_exact::<PyList>() {
            for item in l.iter() {
                if let Err(e) = self.push_option(py, p, &item, out)? {
                    return Ok(Err(e));
                }
            }
        } else {
            for item in got.try_iter()? {
                if let Err(e) = self.push_option(py, p, &item?, out)? {
                    return Ok(Err(e));
                }
            }
        }
        Ok(Ok(()))
    }

    /// Calls a search hook on `p`: `None` for Python's `None`; else the positions it gave,
    /// read as options are (one position, or an iterable of them for `split`).
    fn hook(
        &self,
        py: Python<'_>,
        f: &Py<PyAny>,
        p: Key,
        many: bool,
    ) -> PyResult<Result<Option<Vec<Key>>, Error>> {
        let got = f.bind(py).call1((self.value(py, p)?,))?;
        if got.is_none() {
            return Ok(Ok(None));
        }
        let mut out = OptionList::new();
        if many {
            for item in got.try_iter()? {
                if let Err(e) = self.push_option(py, p, &item?, &mut out)? {
                    return Ok(Err(e));
                }
            }
        } else if let Err(e) = self.push_option(py, p, &got, &mut out)? {
            return Ok(Err(e));
        }
        Ok(Ok(Some(out.iter().flatten().copied().collect())))
    }

    /// [`PyRules::hook`] with the GIL, an exception kept as the computation's failure.
    fn call_hook(&self, f: &Py<PyAny>, p: Key, many: bool) -> Result<Option<Vec<Key>>, Error> {
        Python::with_gil(|py| match self.hook(py, f, p, many) {
            Ok(r) => r,
            Err(e) => Err(self.fail(py, e)),
        })
    }

    /// Adds one option of `p` to `out`.
    fn push_option(
        &self,
        py: Python<'_>,
        p: Key,
        item: &Bound<'_, PyAny>,
        out: &mut OptionList<Key>,
    ) -> PyResult<Result<(), Error>> {
        // Ints, tuples and strs are never sums: they skip the instance check.
        let plain = item.is_exact_instance_of::<PyInt>()
            || item.is_exact_instance_of::<PyTuple>()
            || item.is_exact_instance_of::<PyString>();
        if plain || !item.is_instance(self.0.sum_type.bind(py))? {
            return Ok(match self.key_of(py, Some(p), item)? {
                Ok(k) => {
                    out.push_one(k);
                    Ok(())
                }
                Err(e) => Err(e),
            });
        }
        let parts = item.getattr(pyo3::intern!(py, "positions"))?;
        for q in parts.try_iter()? {
            match self.key_of(py, Some(p), &q?)? {
                Ok(k) => out.push_part(k),
                Err(e) => return Ok(Err(e)),
            }
        }
        out.close();
        Ok(Ok(()))
    }

    /// The error for an option that does not have the shape of a position of the family's
    /// arity (a tuple or list of k values when the arity k is above 1; `len` is its length
    /// when it is one); `None` when it fits.
    fn misfit(
        &self,
        py: Python<'_>,
        from: Option<Key>,
        q: &Bound<'_, PyAny>,
        len: Option<usize>,
    ) -> Option<Error> {
        let Arity::Fixed(k) = self.0.arity else {
            return None;
        };
        if k == 1 || len == Some(k) {
            return None;
        }
        // A term's arguments always have the shape; only options are checked.
        let from = from?;
        let from = self
            .value(py, from)
            .map(|v| repr_text(&v))
            .unwrap_or_default();
        Some(Error::input(format!(
            "{}({from}) has the option {}, but a position of {} is a tuple of {k} values \
             (arity={k}); return positions of that shape, or register the family with the \
             arity its positions have",
            self.0.name,
            repr_text(q),
            self.0.name
        )))
    }

    /// The key of one term's group of arguments, without Python when they are small
    /// non-negative ints.
    fn key_of_args(&self, group: &[Arg]) -> Result<Key, ArgError> {
        let ints: Option<Vec<u64>> = group
            .iter()
            .map(|a| match a {
                Arg::Int(n) => u64::try_from(n).ok(),
                Arg::Name(_) => None,
            })
            .collect();
        let inline = match ints.as_deref() {
            Some(&[n]) => Key::int(n),
            Some(items) => Key::tuple(items),
            None => None,
        };
        if let Some(k) = inline {
            return Ok(k);
        }
        Python::with_gil(|py| {
            let made = (|| -> PyResult<Result<Key, Error>> {
                let v = if group.len() == 1 {
                    arg_value(py, &group[0])?
                } else {
                    let items = group
                        .iter()
                        .map(|a| arg_value(py, a))
                        .collect::<PyResult<Vec<_>>>()?;
                    PyTuple::new(py, items)?.into_any()
                };
                self.key_of(py, None, &v)
            })();
            match made {
                Ok(Ok(k)) => Ok(k),
                Ok(Err(e)) => Err(ArgError::whole(e.to_string())),
                Err(e) => Err(ArgError::whole(format!(
                    "the position cannot be made in Python: {e}"
                ))),
            }
        })
    }
}

/// The value of an exact `int` that is not negative and fits in 63 bits (a bool, an int
/// subclass or a larger int: `None`).
fn small_int(v: &Bound<'_, PyAny>) -> Option<u64> {
    if !v.is_exact_instance_of::<PyInt>() {
        return None;
    }
    // i64 rather than u64: a negative int then raises no OverflowError to be caught.
    v.extract::<i64>().ok().and_then(|n| u64::try_from(n).ok())
}

/// One argument as a Python value: an int or a str.
fn arg_value<'py>(py: Python<'py>, a: &Arg) -> PyResult<Bound<'py, PyAny>> {
    Ok(match a {
        Arg::Int(n) => match i64::try_from(n) {
            Ok(small) => small.into_pyobject(py)?.into_any(),
            Err(_) => py
                .import("builtins")?
                .getattr("int")?
                .call1((n.to_string(),))?,
        },
        Arg::Name(s) => PyString::new(py, s).into_any(),
    })
}

/// One Python value as an argument, when it is an int or a str.
fn value_arg(v: &Bound<'_, PyAny>) -> Option<Arg> {
    if v.is_instance_of::<PyBool>() {
        return None;
    }
    if v.is_instance_of::<PyInt>() {
        if let Ok(n) = v.extract::<i64>() {
            return Some(Arg::int(n));
        }
        let text = v.str().ok()?;
        return text.to_cow().ok()?.parse::<BigInt>().ok().map(Arg::Int);
    }
    if let Ok(s) = v.downcast::<PyString>() {
        return s.to_cow().ok().map(|s| Arg::Name(s.into_owned()));
    }
    None
}

/// The repr of a Python value, for positions that are not written with plain arguments.
fn repr_text(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .and_then(|r| r.to_cow().map(|c| c.into_owned()))
        .unwrap_or_else(|_| "?".to_string())
}

impl Ruleset for PyRules {
    type P = Key;

    /// None: a Python class's positions are its own objects, which the registry-wide test
    /// cannot make.
    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Key>, ArgError> {
        let arity = self.0.arity;
        let groups: Vec<&[Arg]> = match arity {
            Arity::All => vec![args],
            Arity::Fixed(k) if k == 0 || args.is_empty() || !args.len().is_multiple_of(k) => {
                return Err(ArgError::whole(format!(
                    "{}: found {} arguments: a position of this family is written with {} \
                     (arity={}), and a sum with a multiple of that",
                    self.0.name,
                    args.len(),
                    arity.argument_count(),
                    arity.text()
                )));
            }
            Arity::Fixed(k) => args.chunks(k).collect(),
        };
        groups.into_iter().map(|g| self.key_of_args(g)).collect()
    }

    fn args(&self, p: &Key) -> Vec<Arg> {
        let items: Vec<u64> = match p.shape() {
            Shape::Int(n) => return vec![Arg::int(n)],
            Shape::Pair(a, b) => vec![a, b],
            Shape::Triple(a, b, c) => vec![a, b, c],
            Shape::Object(_) => return self.object_args(p),
        };
        if self.0.arity == Arity::Fixed(1) {
            // One argument a position: a tuple is written as its repr, quoted.
            let shown: Vec<String> = items.iter().map(u64::to_string).collect();
            return vec![Arg::Name(format!("({})", shown.join(", ")))];
        }
        items.into_iter().map(Arg::int).collect()
    }

    fn options(&self, p: &Key, limits: &Limits) -> Result<Vec<Opt<Key>>, Error> {
        grundy::rules::options_via_list(self, p, limits)
    }

    /// A key is one 64-bit number already (an int, a tuple of small ints, or an interned
    /// object's id), so it is its own dense code: the arena finds it in paged arrays.
    fn dense_code(&self, p: &Key) -> Option<u64> {
        Some(p.0)
    }

    fn options_into(
        &self,
        p: &Key,
        out: &mut OptionList<Key>,
        _limits: &Limits,
    ) -> Result<(), Error> {
        Python::with_gil(|py| match self.list_into(py, *p, out) {
            Ok(r) => r,
            Err(e) => Err(self.fail(py, e)),
        })
    }

    fn may_loop(&self) -> bool {
        false
    }

    fn reduces(&self) -> bool {
        self.0.hooks.canonical.is_some() || self.0.hooks.split.is_some()
    }

    fn canonical(&self, p: &Key, _limits: &Limits) -> Result<Option<Key>, Error> {
        match &self.0.hooks.canonical {
            Some(f) => Ok(self.call_hook(f, *p, false)?.and_then(|mut v| v.pop())),
            None => Ok(None),
        }
    }

    fn split(&self, p: &Key, _limits: &Limits) -> Result<Option<Vec<Key>>, Error> {
        match &self.0.hooks.split {
            Some(f) => self.call_hook(f, *p, true),
            None => Ok(None),
        }
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }

    fn theory(&self) -> Option<&dyn Theory<Key>> {
        self.0
            .hooks
            .nimber
            .as_ref()
            .map(|_| self as &dyn Theory<Key>)
    }
}

impl PyRules {
    /// Calls a closed form on `p` and reads its answer with `read` (`None` for Python's
    /// `None`; `Err` with what was expected for any other answer it cannot read).
    fn closed_form<T>(
        &self,
        f: &Py<PyAny>,
        hook: &str,
        p: Key,
        read: impl Fn(&Bound<'_, PyAny>) -> Option<T>,
        expected: &str,
    ) -> Result<Option<T>, Error> {
        Python::with_gil(|py| {
            let value = self.value(py, p).map_err(|e| self.fail(py, e))?;
            let got = f.bind(py).call1((&value,)).map_err(|e| self.fail(py, e))?;
            if got.is_none() {
                return Ok(None);
            }
            read(&got).map(Some).ok_or_else(|| {
                Error::input(format!(
                    "{hook}({}) of the Python family {} returned {}: expected {expected}",
                    repr_text(&value),
                    self.0.name,
                    repr_text(&got)
                ))
            })
        })
    }
}

impl Theory<Key> for PyRules {
    fn source(&self, _p: &Key) -> Source {
        Source::ClosedForm
    }

    fn nimber(&self, p: &Key, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let Some(f) = &self.0.hooks.nimber else {
            return Ok(None);
        };
        let read = |v: &Bound<'_, PyAny>| {
            let exact = v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>();
            exact.then(|| v.extract::<u64>().ok()).flatten()
        };
        let v = self.closed_form(
            f,
            "nimber",
            *p,
            read,
            "a nim-value (an int, 0 or more) or None",
        )?;
        Ok(v.map(Nimber::new))
    }
}

impl HeapKernel for PyRules {
    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>> {
        Some(self.table(n, limits))
    }
}

impl PyRules {
    /// The arguments of an interned value.
    fn object_args(&self, p: &Key) -> Vec<Arg> {
        Python::with_gil(|py| {
            let Ok(v) = self.value(py, *p) else {
                return Vec::new();
            };
            if let Some(a) = value_arg(&v) {
                return vec![a];
            }
            if self.0.arity == Arity::Fixed(1) {
                // One argument a position: anything else is written as its repr, quoted.
                return vec![Arg::Name(repr_text(&v))];
            }
            if let Ok(t) = v.downcast::<PyTuple>() {
                let items: Option<Vec<Arg>> = t.iter().map(|x| value_arg(&x)).collect();
                if let Some(items) = items {
                    if items.len() != 1 {
                        return items;
                    }
                }
            }
            // Other values (frozensets, objects) are written as their repr, quoted.
            vec![Arg::Name(repr_text(&v))]
        })
    }

    /// The nim-values of the positions 0..=n (one integer argument), with the period seen
    /// at their end (never proven: no theorem covers an arbitrary function).
    ///
    /// Heap by heap, one call of the function each, while every option is a sum of smaller
    /// heaps (the values then come from the table itself); from the first heap with another
    /// option on, by the arena search, which knows the heaps tabulated before it.
    fn table(&self, n: u64, limits: &Limits) -> Result<HeapTable, Error> {
        let needed = n.saturating_add(1).saturating_mul(4);
        if needed > limits.max_memory {
            return Err(Error::limit(
                Limit::Memory(limits.max_memory),
                format!("a table of {n} values needs {needed} bytes, more than the memory limit"),
            ));
        }
        let task = format!("values of {}", self.0.name);
        let mut values: Vec<u32> = Vec::new();
        let mut out = OptionList::new();
        let mut mex = Mex::default();
        let mut k = 0u64;
        loop {
            // The GIL is taken once for a batch of heaps (taking it is a lock and a thread
            // switch); the calling thread still gets it while the function runs, at Python's
            // switch interval, to look for Ctrl-C.
            let end = k.saturating_add(TABLE_BATCH).min(n.saturating_add(1));
            let dense = Python::with_gil(|py| -> Result<bool, Error> {
                while k < end {
                    out.clear();
                    match self.list_into(py, self.heap_key(k)?, &mut out) {
                        Ok(Ok(())) => {}
                        Ok(Err(e)) => return Err(e),
                        Err(e) => return Err(self.fail(py, e)),
                    }
                    let Some(v) = mex.of_smaller(&out, k, &values) else {
                        return Ok(false);
                    };
                    values.push(v);
                    k += 1;
                }
                Ok(true)
            })?;
            limits.check()?;
            limits.report(&task, k, Some(n + 1));
            if !dense || k > n {
                break;
            }
        }
        if k <= n {
            let lister = TableLister {
                rules: self,
                known: &values,
                limits,
            };
            let mut arena = Arena::new();
            let mut rest = Vec::new();
            for k in k..=n {
                let v = arena
                    .value(&self.heap_key(k)?, &lister, limits)
                    .map_err(|e| self.cycle_in_table(e, k))?;
                rest.push(self.small_value(k, &v)?);
                if k.is_multiple_of(4096) {
                    limits.report(&task, k, Some(n + 1));
                }
            }
            values.extend(rest);
        }
        Ok(HeapTable {
            period: grundy_script::seen_period(&values),
            values: grundy_heap::Values::from_u32(&values),
        })
    }

    fn heap_key(&self, k: u64) -> Result<Key, Error> {
        Key::int(k).ok_or_else(|| Error::too_large("a table of a Python family beyond 2^62"))
    }

    fn small_value(&self, k: u64, v: &Nimber) -> Result<u32, Error> {
        v.to_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                Error::too_large(format!(
                    "the value of {}({k}) is too large for a table of 32-bit values",
                    self.0.name
                ))
            })
    }

    fn cycle_in_table(&self, e: Error, k: u64) -> Error {
        match e {
            Error::Cycle => Error::unsupported(format!(
                "{}({k}) can reach itself: the game has cycles, so some positions have no \
                 nim-value and a table cannot show them; analyze positions one by one to see \
                 draws and loopy values",
                self.0.name
            )),
            other => other,
        }
    }
}

/// Heaps a table lists under one hold of the GIL, between two looks at the limits.
const TABLE_BATCH: u64 = 64;

/// The mex of option values, with its marks kept between heaps.
#[derive(Default)]
struct Mex {
    seen: Vec<u32>,
    stamp: Vec<u32>,
    now: u32,
}

impl Mex {
    /// The nim-value of heap `k` from its options when each is a sum of heaps below `k`
    /// (whose values are `values`); `None` when one is not.
    fn of_smaller(&mut self, out: &OptionList<Key>, k: u64, values: &[u32]) -> Option<u32> {
        self.seen.clear();
        for o in out.iter() {
            let mut x = 0u32;
            for part in o {
                match part.as_int() {
                    Some(h) if h < k => x ^= values[h as usize],
                    _ => return None,
                }
            }
            self.seen.push(x);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
        let n = self.seen.len();
        if self.stamp.len() < n + 1 {
            self.stamp.resize(n + 1, 0);
        }
        for &v in &self.seen {
            if (v as usize) <= n {
                self.stamp[v as usize] = self.now;
            }
        }
        (0..=n)
            .find(|&v| self.stamp[v] != self.now)
            .map(|v| v as u32)
    }
}

/// The options of a Python family for the arena search of a table, with the values of the
/// heaps tabulated before it.
struct TableLister<'a> {
    rules: &'a PyRules,
    known: &'a [u32],
    limits: &'a Limits,
}

impl Lister<Key> for TableLister<'_> {
    fn known(&self, p: &Key) -> Result<Option<Nimber>, Error> {
        Ok(p.as_int()
            .and_then(|n| self.known.get(usize::try_from(n).ok()?))
            .map(|&v| Nimber::new(u64::from(v))))
    }

    fn list(&self, p: &Key, out: &mut OptionList<Key>) -> Result<(), Error> {
        self.rules.options_into(p, out, self.limits)
    }

    fn dense_code(&self, p: &Key) -> Option<u64> {
        self.rules.dense_code(p)
    }
}
