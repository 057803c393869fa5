//! `grundy quotient RULESET --to N [--json]`: the misere quotient of a heap ruleset.

use grundy::api::{self, QuotientLimits};
use grundy::{Limits, Registry};

use crate::context::{self, Reporter};
use crate::failure::Failure;
use crate::output::Out;

/// The arguments of `grundy quotient`.
pub struct Request {
    pub ruleset: String,
    pub to: String,
    pub json: bool,
    pub max_order: Option<usize>,
    pub max_work: Option<u64>,
    pub memory_limit: Option<String>,
    pub timeout: Option<f64>,
}

/// The largest `--max-order`: a table of 4 * 2^30 bytes.
const MAX_ORDER_FLAG: usize = 1 << 15;

/// Runs `grundy quotient`.
pub fn run(reg: &Registry, req: &Request) -> Result<(), Failure> {
    let to = api::parse_natural(&req.to, "--to")?;
    let mut qlimits = QuotientLimits::default();
    if let Some(m) = req.max_order {
        if m == 0 || m > MAX_ORDER_FLAG {
            return Err(Failure::input(format!(
                "--max-order {m}: expected 1 to {MAX_ORDER_FLAG} (the table takes 4 * order^2 bytes)"
            )));
        }
        qlimits.max_order = m;
    }
    if let Some(w) = req.max_work {
        qlimits.max_work = w;
    }
    let reporter = Reporter::new();
    let mut limits = context::limits(Limits::default(), None, req.timeout, &reporter)?;
    if let Some(m) = &req.memory_limit {
        limits.max_memory = context::parse_bytes("--memory-limit", m)?;
    }
    let report = api::quotient(reg, &req.ruleset, &to, &qlimits, &limits);
    reporter.finish();
    let report = report.map_err(|e| with_advice(Failure::at(e, &req.ruleset)))?;
    let mut out = Out::new();
    if req.json {
        out.line(&crate::output::to_json(&report)?)?;
    } else {
        out.put(&grundy::misere::render::quotient_text(&report.quotient))?;
    }
    out.flush()
}

/// A limit of the quotient named by its library option, with the flag that raises it.
fn with_advice(f: Failure) -> Failure {
    match f {
        Failure::Limit(m) => {
            let flag = [("(max_order)", "--max-order"), ("(max_work)", "--max-work")]
                .iter()
                .find(|(key, _)| m.contains(key))
                .map(|(_, flag)| *flag);
            match flag {
                Some(flag) => Failure::Limit(format!("{m} (the command line sets it with {flag})")),
                None => Failure::Limit(m),
            }
        }
        other => other,
    }
}
