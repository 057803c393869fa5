//! The engine's typed results as Python objects, by one serde path (pythonize): dicts, lists,
//! strs, ints, bools and None, built from the `Serialize` of the API's types, the same one
//! that the CLI's `--json` prints. The schema is written once, in those types; the Python
//! classes of `grundy` only read it.
//!
//! Integers stay exact at every size. Above 64 bits the engine writes them as serde_json's
//! arbitrary-precision numbers (`grundy_types::serialize_big`), which reach any serializer as
//! a struct of one field holding the digits; pythonize would make that a dict, so every dict
//! and list built here turns such a dict among its items into a Python int, and so does
//! [`to_object`] for the whole. Plain Rust tuples are built by pythonize alone, so a big
//! number inside one would stay a dict: no result type holds one.

use std::str::FromStr;

use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PySequence};
use pyo3::BoundObject;
use pythonize::{
    PythonizeListType, PythonizeMappingType, PythonizeTypes, PythonizeUnnamedMappingAdapter,
};
use serde::Serialize;

/// The name serde_json gives the struct of an arbitrary-precision number, and its one field
/// (a private name of serde_json: the Python test of big nimbers fails should it change).
const BIG_NUMBER: &str = "$serde_json::private::Number";

/// A typed result as a Python object (see the module's documentation).
///
/// Arguments: the result.
/// Returns: the object, or the error of a conversion (none is expected of the API's types).
/// Complexity: linear in the size of the result, plus the decimal reading of big integers.
pub(crate) fn to_object<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    exact(pythonize::pythonize_custom::<Exact, T>(py, value)?)
}

/// Pythonize's containers, with big numbers read as ints.
struct Exact;

impl<'py> PythonizeTypes<'py> for Exact {
    type Map = ExactDict;
    type NamedMap = PythonizeUnnamedMappingAdapter<'py, ExactDict>;
    type List = ExactList;
}

/// A dict whose values are read by [`exact`].
struct ExactDict;

impl<'py> PythonizeMappingType<'py> for ExactDict {
    type Builder = Bound<'py, PyDict>;

    fn builder(py: Python<'py>, _len: Option<usize>) -> PyResult<Self::Builder> {
        Ok(PyDict::new(py))
    }

    fn push_item(
        builder: &mut Self::Builder,
        key: Bound<'py, PyAny>,
        value: Bound<'py, PyAny>,
    ) -> PyResult<()> {
        builder.set_item(key, exact(value)?)
    }

    fn finish(builder: Self::Builder) -> PyResult<Bound<'py, PyMapping>> {
        Ok(builder.into_mapping())
    }
}

/// A list whose items are read by [`exact`], in one pass (a table's values are millions).
struct ExactList;

impl PythonizeListType for ExactList {
    fn create_sequence<'py, T, U>(
        py: Python<'py>,
        elements: impl IntoIterator<Item = T, IntoIter = U>,
    ) -> PyResult<Bound<'py, PySequence>>
    where
        T: IntoPyObject<'py>,
        U: ExactSizeIterator<Item = T>,
    {
        let mut failure: Option<PyErr> = None;
        let items = elements.into_iter().map(|e| {
            let item = e
                .into_pyobject(py)
                .map(|o| o.into_any().into_bound())
                .map_err(Into::into)
                .and_then(exact);
            item.unwrap_or_else(|err| {
                failure.get_or_insert(err);
                py.None().into_bound(py)
            })
        });
        let list = PyList::new(py, items)?;
        match failure {
            Some(err) => Err(err),
            None => Ok(list.into_sequence()),
        }
    }
}

/// The object itself, or the int it stands for when it is the dict pythonize made of an
/// arbitrary-precision number.
fn exact(value: Bound<'_, PyAny>) -> PyResult<Bound<'_, PyAny>> {
    let digits = match value.downcast_exact::<PyDict>() {
        Ok(d) if d.len() == 1 => match d.get_item(BIG_NUMBER)? {
            Some(digits) => digits.extract::<String>()?,
            None => return Ok(value),
        },
        _ => return Ok(value),
    };
    // Read in Rust, not by Python's int(): that refuses more than 4300 digits by default.
    let n = BigInt::from_str(&digits).map_err(|e| {
        pyo3::exceptions::PyRuntimeError::new_err(format!(
            "internal error: the engine wrote the integer {digits:.40} that does not read \
             back ({e}); please report it with the expression"
        ))
    })?;
    Ok(n.into_pyobject(value.py())?.into_any())
}
