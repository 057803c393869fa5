//! Families defined by a Python function (`@grundy.ruleset`), on the typed seam.
//!
//! A position is any hashable Python value. The ruleset interns each position it meets: a
//! Python dict maps the value (hashed and compared by Python) to a small id, and a list maps
//! the id back. The engine's position type is that id, so the solvers compare, hash and order
//! positions without the GIL; the GIL is taken only to call the function and to intern its
//! options.
//!
//! **Invariant:** two positions equal in Python get the same id, except in a rare race of two
//! threads interning the same new value at once; ids are then different labels of the same
//! game, which costs memo space, never a wrong answer.

use std::sync::{Arc, Mutex};

use grundy::rules::{
    Arg, ArgError, BuildContext, Family, HeapTable, Opt, Ruleset, RulesetRef, Searched,
};
use grundy::solve::Solver;
use grundy::Payload;
use grundy::{Error, Limit, Limits, Nimber};
use grundy_script::Arity;
use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};

struct Inner {
    name: String,
    /// How many arguments write one position (`arity=` of `@grundy.ruleset`).
    arity: Arity,
    func: Py<PyAny>,
    sum_type: Py<PyAny>,
    /// Position value -> id.
    index: Py<PyDict>,
    /// Id -> position value.
    values: Py<PyList>,
    /// The first exception raised by the function during the current computation.
    failure: Mutex<Option<Py<PyAny>>>,
}

/// A Python-defined family; cheap to clone (shared).
#[derive(Clone)]
pub struct PyRules(Arc<Inner>);

/// The most positions one Python-defined family may intern.
const MAX_POSITIONS: usize = u32::MAX as usize;

impl PyRules {
    /// A family named `name` whose options are `func(position)`; `sum_type` is `grundy.Sum`.
    pub fn new(name: &str, arity: Arity, func: Py<PyAny>, sum_type: Py<PyAny>) -> PyRules {
        Python::with_gil(|py| {
            PyRules(Arc::new(Inner {
                name: name.to_string(),
                arity,
                func,
                sum_type,
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

    /// The id of a position value, interning it when new.
    fn intern(&self, py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Result<u32, Error>> {
        // A list is not hashable; it is read as the tuple with the same items, as rule
        // scripts write positions as arrays.
        let v = if let Ok(l) = v.downcast::<PyList>() {
            l.to_tuple().into_any()
        } else {
            v.clone()
        };
        let index = self.0.index.bind(py);
        if let Some(id) = index.get_item(&v)? {
            return Ok(Ok(id.extract()?));
        }
        let values = self.0.values.bind(py);
        let id = values.len();
        if id >= MAX_POSITIONS {
            return Ok(Err(Error::limit(
                Limit::Positions(MAX_POSITIONS),
                format!(
                    "the Python-defined family {} met more than {MAX_POSITIONS} positions",
                    self.0.name
                ),
            )));
        }
        let got = index.call_method1("setdefault", (&v, id))?;
        let got: usize = got.extract()?;
        if got == id {
            values.append(&v)?;
        }
        Ok(Ok(got as u32))
    }

    fn value<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        self.0.values.bind(py).get_item(id as usize)
    }

    /// The options of the position `id`: one `Vec` per option (a `grundy.Sum` is several
    /// positions, a single value one).
    fn options_of(&self, py: Python<'_>, id: u32) -> PyResult<Result<Vec<Opt<u32>>, Error>> {
        let p = self.value(py, id)?;
        let got = self.0.func.bind(py).call1((p,))?;
        let sum_type = self.0.sum_type.bind(py);
        let mut out = Vec::new();
        for item in got.try_iter()? {
            let item = item?;
            let mut opt = Vec::new();
            if item.is_instance(sum_type)? {
                for q in item.getattr("positions")?.try_iter()? {
                    let q = q?;
                    if let Some(e) = self.misfit(py, id, &q) {
                        return Ok(Err(e));
                    }
                    match self.intern(py, &q)? {
                        Ok(i) => opt.push(i),
                        Err(e) => return Ok(Err(e)),
                    }
                }
            } else {
                if let Some(e) = self.misfit(py, id, &item) {
                    return Ok(Err(e));
                }
                match self.intern(py, &item)? {
                    Ok(i) => opt.push(i),
                    Err(e) => return Ok(Err(e)),
                }
            }
            out.push(opt);
        }
        Ok(Ok(out))
    }
}

impl PyRules {
    /// The error for an option that does not have the shape of a position of the family's
    /// arity (a tuple or list of k values when the arity k is above 1); `None` when it fits.
    fn misfit(&self, py: Python<'_>, from: u32, q: &Bound<'_, PyAny>) -> Option<Error> {
        let Arity::Fixed(k) = self.0.arity else {
            return None;
        };
        if k == 1 {
            return None;
        }
        let len = if let Ok(t) = q.downcast::<PyTuple>() {
            Some(t.len())
        } else {
            q.downcast::<PyList>().ok().map(|l| l.len())
        };
        if len == Some(k) {
            return None;
        }
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
}

/// One argument as a Python value: an int or a str.
fn arg_value<'py>(py: Python<'py>, a: &Arg) -> PyResult<Bound<'py, PyAny>> {
    Ok(match a {
        Arg::Int(n) => py
            .import("builtins")?
            .getattr("int")?
            .call1((n.to_string(),))?,
        Arg::Name(s) => PyString::new(py, s).into_any(),
    })
}

/// One Python value as an argument, when it is an int or a str.
fn value_arg(v: &Bound<'_, PyAny>) -> Option<Arg> {
    if v.is_instance_of::<pyo3::types::PyBool>() {
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
    type P = u32;

    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<u32>, ArgError> {
        let arity = self.0.arity;
        let groups: Vec<&[Arg]> = match arity {
            Arity::All => vec![args],
            Arity::Fixed(k) if k == 0 || args.is_empty() || args.len() % k != 0 => {
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
        Python::with_gil(|py| {
            let mut out = Vec::with_capacity(groups.len());
            for group in groups {
                let made = (|| -> PyResult<Result<u32, Error>> {
                    let v = if group.len() == 1 {
                        arg_value(py, &group[0])?
                    } else {
                        let items = group
                            .iter()
                            .map(|a| arg_value(py, a))
                            .collect::<PyResult<Vec<_>>>()?;
                        PyTuple::new(py, items)?.into_any()
                    };
                    self.intern(py, &v)
                })();
                match made {
                    Ok(Ok(id)) => out.push(id),
                    Ok(Err(e)) => return Err(ArgError::whole(e.to_string())),
                    Err(e) => {
                        return Err(ArgError::whole(format!(
                            "the position cannot be made in Python: {e}"
                        )))
                    }
                }
            }
            Ok(out)
        })
    }

    fn args(&self, p: &u32) -> Vec<Arg> {
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

    fn options(&self, p: &u32, _limits: &Limits) -> Result<Vec<Opt<u32>>, Error> {
        Python::with_gil(|py| match self.options_of(py, *p) {
            Ok(r) => r,
            Err(e) => Err(self.fail(py, e)),
        })
    }

    fn may_loop(&self) -> bool {
        false
    }

    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>> {
        Some(self.table(n, limits))
    }
}

impl PyRules {
    /// The nim-values of the positions 0..=n (one integer argument), by one memoised search.
    fn table(&self, n: u64, limits: &Limits) -> Result<HeapTable, Error> {
        let me = Arc::new(self.clone());
        let mut solver = Solver::new(limits.clone());
        let mut values = Vec::new();
        for k in 0..=n {
            let id = Python::with_gil(|py| {
                let Ok(v) = k.into_pyobject(py);
                self.intern(py, v.as_any())
                    .map_err(|e| self.fail(py, e))
                    .and_then(|r| r)
            })?;
            let v: Nimber = solver.nimber(&Searched::new(me.clone(), limits.clone(), id))?;
            let v = v
                .to_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| {
                    Error::too_large(format!(
                        "the value of {}({k}) is too large for a table of 32-bit values",
                        self.0.name
                    ))
                })?;
            values.push(v);
            if k % 64 == 0 {
                limits.report(&format!("values of {}", self.0.name), k, Some(n + 1));
            }
        }
        Ok(HeapTable {
            values: grundy_heap::Values::from_u32(&values),
            period: None,
        })
    }
}
