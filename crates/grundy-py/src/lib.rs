//! `grundy._grundy`: the native half of the Python module `grundy`.
//!
//! **Boundary:** this crate only translates. It parses Python arguments, calls the typed API
//! of the `grundy` crate (`grundy::api`, play included) and hands back its results: the typed results as Python dicts and lists
//! by one serde path (`objects.rs`: the same objects the CLI prints with `--json`), raw bytes
//! of table values, tuples for moves. The pure-Python half (`python/grundy/__init__.py`)
//! wraps them in classes, numpy arrays and HTML; `python/grundy/_grundy.pyi` declares this
//! module, and a test holds the two equal.
//!
//! Every computation runs on a worker thread with the GIL released, while the calling thread
//! watches for signals (Ctrl-C cancels the work through `grundy::Cancel` and raises
//! `KeyboardInterrupt`) and forwards progress reports to a Python callback.

use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;

use grundy::api::{Options, DEFAULT_MAX_MOVES, DEFAULT_RENDER_BYTES};
use grundy::{api, Cancel, Error, ErrorKind, Limits, Play, Progress, Registry};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

mod objects;
mod rules;

use objects::to_object;
use rules::PyRules;

/// The module's registry: built-ins plus the families registered from Python. It is
/// replaced as a whole when a family is added, so that running computations keep theirs.
fn registry_slot() -> &'static Mutex<Arc<Registry>> {
    static REG: OnceLock<Mutex<Arc<Registry>>> = OnceLock::new();
    REG.get_or_init(|| {
        Mutex::new(Arc::new(
            // Files named in expressions (`graph[FILE](v)`) are read from the disk, as the
            // CLI does: a Python program names its own files.
            Registry::builtin().with_loader(Arc::new(grundy::loader::DiskLoader)),
        ))
    })
}

fn registry() -> Arc<Registry> {
    match registry_slot().lock() {
        Ok(r) => r.clone(),
        Err(p) => p.into_inner().clone(),
    }
}

/// The Python-defined families, by name, so that a failure inside one can be found after a
/// computation and so that a family can be defined again (a notebook cell run twice).
fn python_families() -> &'static Mutex<Vec<PyRules>> {
    static FAM: OnceLock<Mutex<Vec<PyRules>>> = OnceLock::new();
    FAM.get_or_init(|| Mutex::new(Vec::new()))
}

fn families_now() -> Vec<PyRules> {
    match python_families().lock() {
        Ok(v) => v.clone(),
        Err(p) => p.into_inner().clone(),
    }
}

/// Maps a library error to the Python exception the spec names (`grundy._errors` defines
/// the classes, so that `InputError` can also be a `ValueError`).
fn to_py(py: Python<'_>, e: Error) -> PyErr {
    if let Error::External { payload, .. } = &e {
        if let Some(obj) = payload.0.downcast_ref::<Py<PyAny>>() {
            return PyErr::from_value(obj.bind(py).clone());
        }
    }
    let class = match e.kind() {
        ErrorKind::Input => "InputError",
        ErrorKind::Limit => "LimitError",
        ErrorKind::Unsupported => "UnsupportedError",
        ErrorKind::Cancelled => "CancelledError",
        ErrorKind::Io => "GrundyIOError",
        ErrorKind::External => "GrundyError",
    };
    let made = (|| -> PyResult<PyErr> {
        let module = py.import("grundy._errors")?;
        let exc = module.getattr(class)?.call1((e.to_string(),))?;
        // The fields every JSON front writes, from the library's one writer.
        let body = e.body();
        exc.setattr("kind", body.kind)?;
        exc.setattr("column", body.column)?;
        exc.setattr("line", body.line)?;
        exc.setattr("file", body.file.as_deref())?;
        exc.setattr("limit", body.limit)?;
        exc.setattr("script_limit", body.script_limit.as_deref())?;
        Ok(PyErr::from_value(exc))
    })();
    made.unwrap_or_else(|err| err)
}

/// How often the calling thread looks for signals and progress while the work runs.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread with the GIL released; Ctrl-C (a pending signal handler
/// that raises) cancels it; progress reports reach `progress(task, done, total)`.
///
/// A failure inside a Python-defined game is raised unchanged, even when the engine went on
/// without it (a hook whose error it may ignore).
fn run<T: Send>(
    py: Python<'_>,
    limits: Limits,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce(&Limits) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let mut limits = limits.with_cancel(cancel.clone());
    let latest: Arc<Mutex<Option<Progress>>> = Arc::new(Mutex::new(None));
    if progress.is_some() {
        let slot = latest.clone();
        limits.progress = Some(Arc::new(move |p: &Progress| {
            if let Ok(mut s) = slot.lock() {
                *s = Some(p.clone());
            }
        }));
    }
    let families = families_now();
    for f in &families {
        f.clear_failure();
    }
    let mut interrupt: Option<PyErr> = None;
    let mut callback_error: Option<PyErr> = None;
    // Hands the latest progress report, if any, to the callback; its first error is kept
    // and cancels the work.
    let deliver = |py: Python<'_>, callback_error: &mut Option<PyErr>| {
        let report = latest.lock().ok().and_then(|mut s| s.take());
        if let (Some(cb), Some(p)) = (&progress, report) {
            if let Err(e) = cb.call1(py, (p.task, p.done, p.total)) {
                if callback_error.is_none() {
                    *callback_error = Some(e);
                    cancel.cancel();
                }
            }
        }
    };
    let outcome = py.allow_threads(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let limits = &limits;
            // The worker keeps a Python thread state, so that each call of a Python-defined
            // game only takes the GIL.
            let worker = s.spawn(move || {
                let _ = tx.send(rules::with_thread_state(|| work(limits)));
            });
            let result = loop {
                match rx.recv_timeout(WATCH_EVERY) {
                    Ok(r) => break Some(r),
                    Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                Python::with_gil(|py| {
                    if interrupt.is_none() {
                        if let Err(e) = py.check_signals() {
                            interrupt = Some(e);
                            cancel.cancel();
                        }
                    }
                    deliver(py, &mut callback_error);
                });
            };
            // The last report reaches the callback even when the work ended between two
            // looks (a short table's only report is its last); only after work that
            // succeeded, so that it cannot take the place of the work's own error, Ctrl-C or
            // the callback's first error.
            if matches!(result, Some(Ok(_))) && interrupt.is_none() && callback_error.is_none() {
                Python::with_gil(|py| deliver(py, &mut callback_error));
            }
            let joined = worker.join();
            match (result, joined) {
                (Some(r), _) => Some(r),
                _ => None,
            }
        })
    });
    if let Some(e) = interrupt {
        return Err(e);
    }
    if let Some(e) = callback_error {
        return Err(e);
    }
    for f in &families {
        if let Some(e) = f.take_failure() {
            return Err(PyErr::from_value(e.into_bound(py)));
        }
    }
    match outcome {
        Some(Ok(v)) => Ok(v),
        Some(Err(e)) => Err(to_py(py, e)),
        None => Err(PyRuntimeError::new_err(
            "internal error: the computation stopped without an answer; please report it with \
             the expression",
        )),
    }
}

fn play_of(misere: bool) -> Play {
    Play::from_misere(misere)
}

/// Limits of one call: the defaults for the play convention, with the caller's position
/// limit and time limit.
fn limits_for(play: Play, max_nodes: Option<usize>, timeout: Option<f64>) -> PyResult<Limits> {
    let mut l = Limits::for_play(play);
    if let Some(n) = max_nodes {
        l = l.with_nodes(n);
    }
    if let Some(t) = timeout {
        let d = Duration::try_from_secs_f64(t).map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "timeout must be a non-negative number of seconds, found {t}"
            ))
        })?;
        l = l.with_timeout(d);
    }
    Ok(l)
}

/// Analyses a position; returns the object of `grundy analyze --json` as a dict.
#[pyfunction]
#[pyo3(signature = (expr, misere=false, max_nodes=None, max_moves=None, remoteness=true, timeout=None, progress=None, count=true, outcome_only=false))]
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    expr: String,
    misere: bool,
    max_nodes: Option<usize>,
    max_moves: Option<usize>,
    remoteness: bool,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
    count: bool,
    outcome_only: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let play = play_of(misere);
    let limits = limits_for(play, max_nodes, timeout)?;
    let reg = registry();
    let a = run(py, limits, progress, |limits| {
        let opts = Options {
            play,
            limits: limits.clone(),
            max_moves: max_moves.unwrap_or(DEFAULT_MAX_MOVES),
            max_render_bytes: match max_moves {
                Some(_) => usize::MAX,
                None => DEFAULT_RENDER_BYTES,
            },
            remoteness,
            count,
            outcome_only,
            memo: Default::default(),
        };
        api::analyze(&reg, &expr, &opts)
    })?;
    to_object(py, &a)
}

/// The raw values of a table: the bytes of the values (little-endian), the bytes per value.
fn value_bytes(v: &grundy_heap::Values) -> (Vec<u8>, usize) {
    use grundy_heap::Values;
    match v {
        Values::U8(x) => (x.clone(), 1),
        Values::U16(x) => (x.iter().flat_map(|a| a.to_le_bytes()).collect(), 2),
        Values::U32(x) => (x.iter().flat_map(|a| a.to_le_bytes()).collect(), 4),
    }
}

/// A computed table, kept native: the Python `Table` reads its values as bytes (one copy
/// into numpy), its period and its dict, and draws it as SVG.
#[pyclass(frozen, module = "grundy._grundy")]
struct NativeTable {
    t: api::Table,
}

#[pymethods]
impl NativeTable {
    /// The canonical name of the ruleset.
    #[getter]
    fn ruleset(&self) -> String {
        self.t.ruleset.clone()
    }

    /// The values as little-endian bytes, and the bytes per value (1, 2 or 4).
    fn value_bytes<'py>(&self, py: Python<'py>) -> (Bound<'py, PyBytes>, usize) {
        let (b, w) = value_bytes(&self.t.values);
        (PyBytes::new(py, &b), w)
    }

    /// The period as the dict `period` of `grundy table --json` (None when none was found).
    #[getter]
    fn period<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_object(py, &self.t.period)
    }

    /// The object `grundy table --json` prints, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_object(py, &self.t)
    }

    /// The table as `grundy table` prints it.
    fn text(&self) -> String {
        grundy::render::table_text(&self.t)
    }

    /// The nim-sequence drawn as an SVG document: the P-positions in red, the period shaded
    /// and labelled.
    #[pyo3(signature = (width=1000, height=500))]
    fn svg(&self, width: u32, height: u32) -> String {
        let look = grundy::lab::Look {
            width,
            height,
            title: self.t.ruleset.clone(),
        };
        grundy::lab::plot_svg(&self.t.values, self.t.period.as_ref(), &look)
    }
}

/// The table of heaps 0..=to of a heap ruleset.
#[pyfunction]
#[pyo3(signature = (ruleset, to, timeout=None, memory_limit=None, progress=None))]
fn table(
    py: Python<'_>,
    ruleset: String,
    to: &Bound<'_, PyAny>,
    timeout: Option<f64>,
    memory_limit: Option<u64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<NativeTable> {
    let n = api::parse_natural(&to.str()?.to_cow()?, "to").map_err(|e| to_py(py, e))?;
    let mut limits = limits_for(Play::Normal, None, timeout)?;
    if let Some(m) = memory_limit {
        limits.max_memory = m;
    }
    let reg = registry();
    let t = run(py, limits, progress, |limits| {
        api::table(&reg, &ruleset, &n, limits)
    })?;
    Ok(NativeTable { t })
}

/// The rule behind a family's values, as the object `grundy pattern --json` prints (a dict).
#[pyfunction]
#[pyo3(signature = (family, to=None, timeout=None, progress=None))]
fn pattern<'py>(
    py: Python<'py>,
    family: String,
    to: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = match to {
        Some(t) => Some(api::parse_natural(&t.str()?.to_cow()?, "to").map_err(|e| to_py(py, e))?),
        None => None,
    };
    let limits = limits_for(Play::Normal, None, timeout)?;
    let reg = registry();
    let p = run(py, limits, progress, |limits| {
        api::pattern(&reg, &family, n.as_ref(), limits)
    })?;
    to_object(py, &p)
}

/// A table file written by `grundy table --out` read back, as the object
/// `grundy table --from FILE --json` prints (a dict): the values of heaps `first..=last`
/// and the statistics of the whole file.
#[pyfunction]
#[pyo3(signature = (path, first=0, last=None))]
fn read_table(
    py: Python<'_>,
    path: std::path::PathBuf,
    first: u64,
    last: Option<u64>,
) -> PyResult<Bound<'_, PyAny>> {
    // On a worker, as every computation: Ctrl-C stops the read of a large file.
    let t = run(py, Limits::default(), None, |limits| {
        grundy::lab::read_table_file(&path, first, last, limits)
    })?;
    to_object(py, &t)
}

/// Tables of many rulesets at once, on `threads` threads; one result per ruleset, in order.
#[pyfunction]
#[pyo3(signature = (rulesets, to, threads=None, timeout=None, progress=None))]
fn census(
    py: Python<'_>,
    rulesets: Vec<String>,
    to: &Bound<'_, PyAny>,
    threads: Option<usize>,
    timeout: Option<f64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Vec<NativeTable>> {
    let n = api::parse_natural(&to.str()?.to_cow()?, "to").map_err(|e| to_py(py, e))?;
    let limits = limits_for(Play::Normal, None, timeout)?;
    let reg = registry();
    // Python-defined families take the GIL in each call: each worker keeps a thread state.
    let tables = run(py, limits, progress, |limits| {
        api::tables(&reg, &rulesets, &n, threads, limits, &|work| {
            rules::with_thread_state(work)
        })
    })?;
    Ok(tables.into_iter().map(|t| NativeTable { t }).collect())
}

/// Every family of the registry, as the objects of `grundy list --json` (a list of dicts).
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_object(py, &api::list(&registry()))
}

/// The reasoning behind a position, as text or Markdown.
#[pyfunction]
#[pyo3(signature = (expr, misere=false, markdown=false, max_nodes=None, timeout=None))]
fn explain(
    py: Python<'_>,
    expr: String,
    misere: bool,
    markdown: bool,
    max_nodes: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<String> {
    let play = play_of(misere);
    let limits = limits_for(play, max_nodes, timeout)?;
    let reg = registry();
    let parts = run(py, limits, None, |limits| {
        api::explain(&reg, &expr, play, limits)
    })?;
    let render = if markdown {
        grundy::api::explanation_markdown
    } else {
        grundy::api::explanation_text
    };
    let shown: Vec<String> = parts.iter().map(render).collect();
    Ok(shown.join("\n"))
}

fn graph_object(
    py: Python<'_>,
    g: grundy::graph::Graph,
    misere: bool,
) -> PyResult<Bound<'_, PyAny>> {
    let play = play_of(misere);
    let report = run(py, Limits::default(), None, |limits| {
        api::graph_report(&g, play, limits)
    })?;
    to_object(py, &report)
}

/// Values and outcomes of every vertex of a graph file (edge list or DOT), as the object of
/// `grundy graph --json` (a dict).
#[pyfunction]
#[pyo3(signature = (path, misere=false))]
fn graph_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    misere: bool,
) -> PyResult<Bound<'_, PyAny>> {
    let g = grundy::graph::Graph::read(&path).map_err(|e| to_py(py, Error::from(e)))?;
    graph_object(py, g, misere)
}

/// The same for a graph given as vertex names and edges between their indices.
#[pyfunction]
#[pyo3(signature = (names, edges, misere=false))]
fn graph_edges(
    py: Python<'_>,
    names: Vec<String>,
    edges: Vec<(u32, u32)>,
    misere: bool,
) -> PyResult<Bound<'_, PyAny>> {
    let g = grundy::graph::Graph::from_edges(names, &edges).map_err(|e| to_py(py, e.into()))?;
    graph_object(py, g, misere)
}

/// The legal moves of a position, at most `cap`: ([(text, position after)], complete).
#[pyfunction]
#[pyo3(signature = (expr, cap=1000))]
fn moves(py: Python<'_>, expr: String, cap: usize) -> PyResult<(Vec<(String, String)>, bool)> {
    let reg = registry();
    run(py, Limits::default(), None, |_| {
        let pos = reg.parse(&expr)?;
        let list = grundy::api::legal_moves(&pos, cap);
        let shown = list
            .moves
            .iter()
            .map(|m| (m.text.clone(), m.apply(&pos).to_string()))
            .collect();
        Ok((shown, list.complete))
    })
}

/// Reads a player's move (its number in the list of `moves(expr, 30)`, the position after
/// it, or `a -> b`): (text, position after).
#[pyfunction]
fn parse_move(py: Python<'_>, expr: String, entry: String) -> PyResult<(String, String)> {
    let reg = registry();
    run(py, Limits::default(), None, |_| {
        let pos = reg.parse(&expr)?;
        let list = grundy::api::legal_moves(&pos, 30);
        let m = grundy::api::parse_move(&reg, &pos, &entry, &list)
            .map_err(|e| Error::input(e.message))?;
        Ok((m.text.clone(), m.apply(&pos).to_string()))
    })
}

/// A perfect opponent's move (`api::engine_move`, whose search stores at most the play budget
/// of positions): a dict with `move`, `to`, `wins` and `remoteness_after`, or None when there
/// is no move.
#[pyfunction]
#[pyo3(signature = (expr, misere=false, max_nodes=None, timeout=None))]
fn engine_move<'py>(
    py: Python<'py>,
    expr: String,
    misere: bool,
    max_nodes: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let play = play_of(misere);
    let limits = limits_for(play, max_nodes, timeout)?;
    let reg = registry();
    let report = run(py, limits, None, |limits| {
        api::engine_move(&reg, &expr, play, limits, false)
    })?;
    to_object(py, &report.chosen)
}

/// Outcome and remoteness of a position by search: (outcome letter, moves to the end).
#[pyfunction]
#[pyo3(signature = (expr, misere=false, max_nodes=None, timeout=None))]
fn remoteness(
    py: Python<'_>,
    expr: String,
    misere: bool,
    max_nodes: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<(String, u64)> {
    let play = play_of(misere);
    let limits = limits_for(play, max_nodes, timeout)?;
    let reg = registry();
    run(py, limits, None, |limits| {
        let pos = reg.parse(&expr)?;
        let r = grundy::api::remoteness(&pos, play, limits)?;
        Ok((r.outcome.letter().to_string(), r.moves))
    })
}

/// The canonical text of an expression (parse, then print).
#[pyfunction]
fn canonical(py: Python<'_>, expr: String) -> PyResult<String> {
    registry()
        .parse(&expr)
        .map(|p| p.to_string())
        .map_err(|e| to_py(py, e))
}

/// Registers a family defined by a Python function (see `grundy.ruleset`).
#[pyfunction]
#[pyo3(signature = (name, func, sum_type, summary="", example="", arity=None, canonical=None, split=None, nimber=None))]
#[allow(clippy::too_many_arguments)]
fn register_ruleset(
    py: Python<'_>,
    name: String,
    func: Py<PyAny>,
    sum_type: Py<PyAny>,
    summary: &str,
    example: &str,
    arity: Option<&Bound<'_, PyAny>>,
    canonical: Option<Py<PyAny>>,
    split: Option<Py<PyAny>>,
    nimber: Option<Py<PyAny>>,
) -> PyResult<()> {
    let arity = read_arity(py, arity)?;
    let hooks = rules::Hooks {
        nimber,
        canonical,
        split,
    };
    let rules = PyRules::new(&name, arity, func, sum_type, hooks);
    let family = rules.family(summary, example);
    let mut slot = registry_slot()
        .lock()
        .map_err(|_| PyRuntimeError::new_err("internal error: the registry lock is poisoned"))?;
    let mut reg = Registry::clone(&slot);
    let mut fams = python_families()
        .lock()
        .map_err(|_| PyRuntimeError::new_err("internal error: the family list is poisoned"))?;
    let known = fams.iter().any(|f| f.name() == name);
    if known {
        reg.replace(family).map_err(|e| to_py(py, e))?;
        fams.retain(|f| f.name() != name);
    } else {
        reg.register(family).map_err(|e| to_py(py, e))?;
    }
    fams.push(rules);
    *slot = Arc::new(reg);
    Ok(())
}

/// The arity of `@grundy.ruleset(name, arity=k)`: a whole number from 1 to
/// `grundy_script::MAX_ARITY`, or `"all"`; `None` is 1.
fn read_arity(py: Python<'_>, arity: Option<&Bound<'_, PyAny>>) -> PyResult<grundy_script::Arity> {
    let Some(a) = arity else {
        return Ok(grundy_script::Arity::default());
    };
    if let Ok(s) = a.extract::<String>() {
        if s == "all" {
            return Ok(grundy_script::Arity::All);
        }
    } else if !a.is_instance_of::<pyo3::types::PyBool>() {
        if let Ok(k) = a.extract::<i64>() {
            if let Some(k) = usize::try_from(k)
                .ok()
                .filter(|k| (1..=grundy_script::MAX_ARITY).contains(k))
            {
                return Ok(grundy_script::Arity::Fixed(k));
            }
        }
    }
    Err(to_py(
        py,
        Error::input(format!(
            "arity must be a whole number from 1 to {} (how many arguments write one \
             position) or \"all\", found {}",
            grundy_script::MAX_ARITY,
            a.repr().map(|r| r.to_string()).unwrap_or_default()
        )),
    ))
}

/// Loads a rule script (see the rules spec) and registers its family, as `--rules FILE` does;
/// returns the family's name. `data`, a text, is what `--data FILE` gives a script: its
/// globals `DATA` and `DATA_NUMBERS`.
#[pyfunction]
#[pyo3(signature = (path, data = None))]
fn load_rules(py: Python<'_>, path: String, data: Option<String>) -> PyResult<String> {
    let source = std::fs::read_to_string(&path).map_err(|e| {
        to_py(
            py,
            Error::input(format!("cannot read the rule script {path}: {e}")),
        )
    })?;
    let limits = grundy_script::Sandbox {
        data: data.map_or_else(Default::default, |d| grundy_script::ScriptData::of_text(&d)),
        ..Default::default()
    };
    let family = grundy_script::load(&source, &path, &limits).map_err(|e| to_py(py, e))?;
    let name = family.name.clone();
    let mut slot = registry_slot()
        .lock()
        .map_err(|_| PyRuntimeError::new_err("internal error: the registry lock is poisoned"))?;
    let mut reg = Registry::clone(&slot);
    // Loading a script again replaces its family (an edited file); built-ins are refused.
    reg.replace(family).map_err(|e| to_py(py, e))?;
    *slot = Arc::new(reg);
    Ok(name)
}

/// The native module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<NativeTable>()?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(census, m)?)?;
    m.add_function(wrap_pyfunction!(read_table, m)?)?;
    m.add_function(wrap_pyfunction!(pattern, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(graph_file, m)?)?;
    m.add_function(wrap_pyfunction!(graph_edges, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(parse_move, m)?)?;
    m.add_function(wrap_pyfunction!(engine_move, m)?)?;
    m.add_function(wrap_pyfunction!(remoteness, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(register_ruleset, m)?)?;
    m.add_function(wrap_pyfunction!(load_rules, m)?)?;
    Ok(())
}
