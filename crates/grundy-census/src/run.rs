//! Running a census: rulesets in parallel, a state file after every ruleset, cancellation.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use grundy_heap::{values, HeapError, HeapRules, Strategy};
use grundy_types::{Limits, Stop};
use grundy_verify::CertError;

use crate::error::CensusError;
use crate::file::write_atomic;
use crate::row::{analyze, Proofs, Row};

/// How to run a census, beside its budget (a [`Limits`], given beside these options).
#[derive(Clone, Debug)]
pub struct CensusOptions {
    /// The state file that makes the census resumable: finished rows are saved there
    /// (through a temporary file and a rename) after every ruleset; a census started with
    /// an existing state file skips the rulesets it holds. `None`: nothing is saved.
    pub state: Option<PathBuf>,
    /// Where to write the certificate of every proven period, as `<code>.cert`.
    pub cert_dir: Option<PathBuf>,
    /// Largest recomputation (option evaluations) the independent checker may do for one
    /// certificate; 0 skips the check. The default, 10^9, checks every certificate of a
    /// three-digit census in well under a second each.
    pub verify_max_work: u128,
}

impl Default for CensusOptions {
    fn default() -> Self {
        CensusOptions {
            state: None,
            cert_dir: None,
            verify_max_work: 1_000_000_000,
        }
    }
}

/// The task of the progress report sent after `rules` is finished.
fn finished_task(rules: &str) -> String {
    format!("rulesets ({rules} done)")
}

/// A finished census.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Census {
    /// Values computed per ruleset.
    pub n: u64,
    /// One row per ruleset, in the order of the list given.
    pub rows: Vec<Row>,
}

/// The state file: the census's parameters and the rows finished so far.
#[derive(Serialize, Deserialize)]
struct State {
    format: String,
    version: u32,
    n: u64,
    rules: Vec<String>,
    rows: Vec<Row>,
}

const STATE_FORMAT: &str = "grundy-census-state";
const STATE_VERSION: u32 = 1;

/// Canonical ruleset texts for a list given by a user: `tb[...]`, `sub[...]` or a bare
/// code such as `0.07`, each once, in the order given.
///
/// Returns: the canonical texts, or [`CensusError::Rules`] for the first that does not
/// parse.
///
/// Example:
/// ```
/// use grundy_census::canonical_rules;
/// let r = canonical_rules(&["0.070", "tb[0.07]", "sub[3,1]"]).unwrap();
/// assert_eq!(r, vec!["tb[0.07]".to_string(), "sub[1,3]".to_string()]);
/// ```
pub fn canonical_rules<S: AsRef<str>>(list: &[S]) -> Result<Vec<String>, CensusError> {
    let mut out: Vec<String> = Vec::new();
    for item in list {
        let text = item.as_ref().trim();
        let full = if text.starts_with("tb[") || text.starts_with("sub[") {
            text.to_string()
        } else {
            format!("tb[{text}]")
        };
        // A code typed without its `tb[` is read with it: columns count in the text typed.
        let added = full.chars().count() - text.chars().count() - usize::from(full != text);
        let rules = HeapRules::parse(&full).map_err(|e| CensusError::Rules {
            text: text.to_string(),
            column: Some(e.offset.saturating_sub(added).min(text.chars().count()) + 1),
            message: e.message.clone(),
        })?;
        let canon = rules.to_string();
        if !out.contains(&canon) {
            out.push(canon);
        }
    }
    Ok(out)
}

/// Computes G(0..n) of every ruleset in `rules` in parallel (rayon), finds and proves
/// periods, and records one [`Row`] each.
///
/// Arguments: `rules`, ruleset texts `tb[...]` or `sub[...]` (from [`crate::octal_codes`]
/// or [`canonical_rules`]), each ruleset once; `n`, values per ruleset; `opts`, state file,
/// certificates and checking; `limits`, the budget: its `max_memory` bounds one table of
/// values; its cancellation and deadline stop the census soon (long computations within
/// about 16384 values), after saving what is finished; its progress sink hears, after every
/// ruleset and from whichever thread finished it, the rulesets done (counting those of
/// earlier runs) out of all, the task naming the ruleset just finished.
///
/// Returns: the census (rows in the order of `rules`), or an error: a ruleset that does
/// not parse, a table over the memory limit, a file that cannot be read or written, a
/// state file of another census, or [`CensusError::Cancelled`] or
/// [`CensusError::TimeLimit`] (finished rows are saved).
/// A ruleset is computed once: rows found in the state file are reused, and each
/// finished row is saved before the next progress call.
///
/// Complexity: the sum over rulesets of `grundy_heap::values` (between O(n) and O(n^2)
/// each), divided among rayon's threads; one state-file write per ruleset.
///
/// Example:
/// ```
/// use grundy_census::{census, octal_codes, CensusOptions, FirstDigit};
/// use grundy_types::Limits;
/// let codes = octal_codes(1, FirstDigit::Zero);
/// let c = census(&codes, 200, &CensusOptions::default(), &Limits::default()).unwrap();
/// let officers = c.rows.iter().find(|r| r.code == "0.6").unwrap();
/// assert!(!officers.proven);
/// assert!(c.rows.iter().filter(|r| r.code != "0.6").all(|r| r.proven));
/// ```
pub fn census(
    rules: &[String],
    n: u64,
    opts: &CensusOptions,
    limits: &Limits,
) -> Result<Census, CensusError> {
    if rules.is_empty() {
        return Err(CensusError::Empty("the list of rulesets is empty".into()));
    }
    let parsed: Vec<HeapRules> = rules
        .iter()
        .map(|t| {
            HeapRules::parse(t).map_err(|e| CensusError::Rules {
                text: t.clone(),
                column: Some(e.offset + 1),
                message: e.message.clone(),
            })
        })
        .collect::<Result<_, _>>()?;
    // Rows are keyed by the canonical text: two spellings of one ruleset would otherwise
    // share a row and leave the census looking unfinished.
    let canonical: Vec<String> = parsed.iter().map(HeapRules::to_string).collect();
    for (i, c) in canonical.iter().enumerate() {
        if canonical[..i].contains(c) {
            return Err(CensusError::Rules {
                text: rules[i].clone(),
                message: format!("{c} is listed twice; list each ruleset once"),
                column: None,
            });
        }
    }
    let rules = &canonical[..];
    let len = usize::try_from(n)
        .map_err(|_| CensusError::Empty(format!("{n} values do not fit in memory")))?;
    let mut done: HashMap<String, Row> = HashMap::new();
    if let Some(path) = &opts.state {
        if let Some(state) = load_state(path)? {
            if state.n != n || state.rules != rules {
                return Err(CensusError::BadState {
                    path: path.clone(),
                    reason: format!(
                        "this state file belongs to another census ({} rulesets to N = {}); \
                         use another state file or the same rulesets and N",
                        state.rules.len(),
                        state.n
                    ),
                });
            }
            for row in state.rows {
                done.insert(row.rules.clone(), row);
            }
        }
    }
    if let Some(dir) = &opts.cert_dir {
        std::fs::create_dir_all(dir).map_err(|source| CensusError::Io {
            path: dir.clone(),
            source,
        })?;
    }
    let total = rules.len();
    let shared = Mutex::new(done);
    let failure: Mutex<Option<CensusError>> = Mutex::new(None);
    let cancelled = || limits.check().is_err();
    let pending: Vec<usize> = {
        let done = lock(&shared);
        (0..total)
            .filter(|&i| !done.contains_key(&rules[i]))
            .collect()
    };
    pending.par_iter().for_each(|&i| {
        if cancelled() || lock(&failure).is_some() {
            return;
        }
        match one_row(&parsed[i], len, opts, limits) {
            Ok(Some(row)) => {
                let mut done = lock(&shared);
                done.insert(rules[i].clone(), row);
                let saved = match &opts.state {
                    Some(path) => save_state(path, n, rules, &done),
                    None => Ok(()),
                };
                let count = done.len();
                drop(done);
                if let Err(e) = saved {
                    lock(&failure).get_or_insert(e);
                    return;
                }
                limits.report(&finished_task(&rules[i]), count as u64, Some(total as u64));
            }
            Ok(None) => {}
            Err(e) => {
                lock(&failure).get_or_insert(e);
            }
        }
    });
    if let Some(e) = lock(&failure).take() {
        return Err(e);
    }
    let mut done = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    if done.len() < total {
        return Err(match limits.check() {
            Err(Stop::Time(limit)) => CensusError::TimeLimit {
                done: done.len(),
                total,
                limit,
            },
            _ => CensusError::Cancelled {
                done: done.len(),
                total,
            },
        });
    }
    let rows = rules
        .iter()
        .filter_map(|r| done.remove(r))
        .collect::<Vec<Row>>();
    Ok(Census { n, rows })
}

/// Locks a mutex, taking the data even if another thread panicked while holding it (the
/// data, rows already finished, stay valid).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Computes one ruleset's row; `Ok(None)` when cancelled or out of time.
fn one_row(
    rules: &HeapRules,
    len: usize,
    opts: &CensusOptions,
    limits: &Limits,
) -> Result<Option<Row>, CensusError> {
    // The census reports rulesets, not the values of each.
    let budget = Limits {
        progress: None,
        ..limits.clone()
    };
    // The census is parallel across rulesets; one thread per table is enough.
    let how = Strategy {
        parallel: false,
        ..Strategy::default()
    };
    let text = rules.to_string();
    let g = match values(rules, len, &budget, how) {
        Ok(g) => g,
        Err(HeapError::Cancelled { .. } | HeapError::TimeLimit { .. }) => return Ok(None),
        Err(e @ HeapError::ValueOverflow { .. }) => {
            let code = match rules {
                HeapRules::Tb(c) => c.to_string(),
                HeapRules::Sub(_) | HeapRules::Custom(_) => text.clone(),
            };
            return Ok(Some(Row {
                rules: text,
                code,
                values: 0,
                preperiod: None,
                period: None,
                saltus: None,
                proven: false,
                values_needed: None,
                max_value: 0,
                rare_mask: None,
                rare_heaps: 0,
                last_rare: None,
                rare_values: Vec::new(),
                checksum: String::new(),
                verified: None,
                note: format!("error: {e}"),
            }));
        }
        Err(e) => {
            return Err(CensusError::Compute {
                rules: text,
                message: e.to_string(),
            })
        }
    };
    let proofs = Proofs {
        verify_max_work: opts.verify_max_work,
        keep_certificate: opts.cert_dir.is_some(),
        limits: &budget,
    };
    let (row, cert) = match analyze(rules, &g, &proofs) {
        Ok(x) => x,
        Err(CertError::Cancelled | CertError::TimeLimit { .. }) => return Ok(None),
        Err(e) => {
            return Err(CensusError::Compute {
                rules: text,
                message: e.to_string(),
            })
        }
    };
    if let (Some(dir), Some(cert)) = (&opts.cert_dir, cert) {
        let path = dir.join(format!("{}.cert", file_stem(&row.code)));
        write_atomic(&path, cert.to_text().as_bytes())?;
    }
    Ok(Some(row))
}

/// A file name for a code or ruleset: characters other than letters, digits, `.`, `-` and
/// `,` become `_`.
fn file_stem(code: &str) -> String {
    code.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ',') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn load_state(path: &Path) -> Result<Option<State>, CensusError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(CensusError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let state: State = serde_json::from_str(&text).map_err(|e| CensusError::BadState {
        path: path.to_path_buf(),
        reason: format!("not a census state file ({e}); remove it to start afresh"),
    })?;
    if state.format != STATE_FORMAT || state.version != STATE_VERSION {
        return Err(CensusError::BadState {
            path: path.to_path_buf(),
            reason: format!(
                "state format {} version {} is not {STATE_FORMAT} version {STATE_VERSION}",
                state.format, state.version
            ),
        });
    }
    Ok(Some(state))
}

fn save_state(
    path: &Path,
    n: u64,
    rules: &[String],
    done: &HashMap<String, Row>,
) -> Result<(), CensusError> {
    // Rows in list order, so that the file is stable and readable.
    let rows: Vec<Row> = rules.iter().filter_map(|r| done.get(r).cloned()).collect();
    let state = State {
        format: STATE_FORMAT.into(),
        version: STATE_VERSION,
        n,
        rules: rules.to_vec(),
        rows,
    };
    let text = serde_json::to_string(&state).map_err(|e| CensusError::BadState {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    write_atomic(path, text.as_bytes())
}
