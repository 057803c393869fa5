//! The endpoints: each reads its JSON body, runs one call of the library in a slot, and
//! answers the typed result as JSON.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State as Extract};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::api::Options;
use grundy::{api, Play};
use num_bigint::BigUint;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::work::{Class, RuleScript, State};
use crate::ApiError;

/// A JSON request body; every way it can be wrong is a 400 (or 413) in the contract's shape.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    "the request body is larger than the server accepts; send a shorter one",
                )
            } else {
                ApiError::input(format!("the request body could not be read: {e}"))
            }
        })?;
        serde_json::from_slice(&bytes).map(Body).map_err(|e| {
            let mut err = ApiError::new(
                StatusCode::BAD_REQUEST,
                "json",
                format!("the request body is not the JSON this endpoint expects: {e}"),
            );
            if e.line() > 0 {
                err.error.line = u32::try_from(e.line()).ok();
                err.error.column = u32::try_from(e.column()).ok();
            }
            err
        })
    }
}

/// A finished JSON answer, serialized on the computing thread.
pub struct JsonText(Vec<u8>);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

fn to_json(v: &impl Serialize) -> Result<JsonText, ApiError> {
    serde_json::to_vec(v).map(JsonText).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("cannot write the answer as JSON: {e}"),
        )
    })
}

/// `GET /api/health`: `{"ok": true}`, with no computation.
pub async fn health() -> Json<serde_json::Value> {
    Json(json!({"ok": true}))
}

/// `GET /api/status`: the counters of running, finished and cancelled computations.
pub async fn status(Extract(st): Extract<State>) -> Json<crate::Stats> {
    Json(st.stats())
}

/// `GET /api/families`: every family, as `grundy list --json` prints them.
pub async fn families(Extract(st): Extract<State>) -> Json<Vec<api::FamilyInfo>> {
    Json(api::list(&st.registry))
}

/// Any other path.
pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "there is nothing at this path; the page is at / and the API under /api/",
    )
}

/// The most winning moves an analysis lists (all are counted, within the counting budget).
const MAX_MOVES: usize = 1000;

/// The most bytes of positions rendered in one answer's move lists.
const MAX_RENDER_BYTES: usize = 4 << 20;

#[derive(Deserialize)]
pub struct AnalyzeReq {
    expr: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    rules: Vec<RuleScript>,
    #[serde(default)]
    max_moves: Option<usize>,
    /// `false`: only the moves listed are looked for, and the total is left out (as
    /// `grundy analyze --no-count`).
    #[serde(default = "yes")]
    count: bool,
    /// `false`: no remoteness; `true`: looked for as `grundy analyze --json` does; absent:
    /// within the server's small budget.
    #[serde(default)]
    remoteness: Option<bool>,
    /// `true`: the outcome alone, as `grundy analyze --outcome` (no moves, no remoteness).
    #[serde(default)]
    outcome: bool,
}

/// Serde's default of a flag that is on unless the request turns it off.
fn yes() -> bool {
    true
}

/// `POST /api/analyze`: what `grundy analyze --json` prints, with the remoteness when a
/// search within [`crate::Config::remoteness_budget`] sum states finds it (the CLI's larger
/// search with `"remoteness": true`, none with `false`).
pub async fn analyze(
    Extract(st): Extract<State>,
    Body(mut req): Body<AnalyzeReq>,
) -> Result<JsonText, ApiError> {
    let play = Play::from_misere(req.misere);
    let budget = match req.remoteness {
        _ if req.outcome => 0,
        None => st.config.remoteness_budget,
        Some(true) => grundy::api::REMOTENESS_BUDGET,
        Some(false) => 0,
    };
    let rules = std::mem::take(&mut req.rules);
    st.run_with_rules(Class::Light, play, rules, move |reg, limits| {
        let opts = Options {
            play,
            limits: limits.clone(),
            max_moves: req.max_moves.unwrap_or(MAX_MOVES).min(MAX_MOVES),
            max_render_bytes: MAX_RENDER_BYTES,
            remoteness: false,
            count: req.count,
            outcome_only: req.outcome,
            memo: Default::default(),
        };
        to_json(&api::analyze_within(reg, &req.expr, &opts, budget)?)
    })
    .await
}

#[derive(Deserialize)]
pub struct TableReq {
    ruleset: String,
    to: serde_json::Value,
    #[serde(default)]
    rules: Vec<RuleScript>,
}

/// A table above this many values runs in the heavy pool.
const HEAVY_TABLE: u64 = 20_000;

/// Reads `"to"`: a JSON number or a string such as `"10^4"`.
fn read_to(v: &serde_json::Value, max: u64) -> Result<u64, ApiError> {
    let text = match v {
        // With arbitrary precision the number keeps its exact text, however long.
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.clone(),
        _ => {
            return Err(ApiError::input(
                "\"to\" must be a whole number such as 1000, or a string such as \"10^4\"",
            ))
        }
    };
    let n: BigUint = api::parse_natural(&text, "to")?;
    match u64::try_from(&n) {
        Ok(n) if n <= max => Ok(n),
        _ => {
            let mut e = ApiError::from(grundy::Error::too_large(format!(
                "\"to\" = {text} asks for more values than this server computes ({max} at \
                 most); ask for fewer, or run grundy on your own machine"
            )));
            e.error.limit = Some("size");
            Err(e)
        }
    }
}

/// `POST /api/table`: what `grundy table --json` prints.
pub async fn table(
    Extract(st): Extract<State>,
    Body(mut req): Body<TableReq>,
) -> Result<JsonText, ApiError> {
    let to = read_to(&req.to, st.config.max_table)?;
    let class = if to > HEAVY_TABLE {
        Class::Heavy
    } else {
        Class::Light
    };
    let rules = std::mem::take(&mut req.rules);
    st.run_with_rules(class, Play::Normal, rules, move |reg, limits| {
        to_json(&api::table(reg, &req.ruleset, &to.into(), limits)?)
    })
    .await
}

#[derive(Deserialize)]
pub struct PatternReq {
    family: String,
    #[serde(default)]
    to: Option<serde_json::Value>,
    #[serde(default)]
    rules: Vec<RuleScript>,
}

/// A pattern above this N runs in the heavy pool (a two-argument one computes (N + 1)^2
/// values).
const HEAVY_PATTERN: u64 = 200;

/// `POST /api/pattern`: what `grundy pattern --json` prints (`to` optional: the tool's
/// default N for the family's arity).
pub async fn pattern(
    Extract(st): Extract<State>,
    Body(mut req): Body<PatternReq>,
) -> Result<JsonText, ApiError> {
    let to = match &req.to {
        Some(v) if !v.is_null() => Some(read_to(v, st.config.max_table)?),
        _ => None,
    };
    let class = if to.is_some_and(|n| n > HEAVY_PATTERN) {
        Class::Heavy
    } else {
        Class::Light
    };
    let rules = std::mem::take(&mut req.rules);
    st.run_with_rules(class, Play::Normal, rules, move |reg, limits| {
        let to = to.map(BigUint::from);
        to_json(&api::pattern(reg, &req.family, to.as_ref(), limits)?)
    })
    .await
}

#[derive(Deserialize)]
pub struct PositionReq {
    expr: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    rules: Vec<RuleScript>,
    #[serde(default)]
    hint: bool,
}

impl PositionReq {
    /// Runs `f` on this position in the light pool, with the request's rule scripts read
    /// into the registry: what `explain`, `moves` and `engine` share.
    async fn run(
        mut self,
        st: &State,
        f: impl FnOnce(&grundy::Registry, &grundy::Limits, &Self, Play) -> Result<JsonText, ApiError>
            + Send
            + 'static,
    ) -> Result<JsonText, ApiError> {
        let play = Play::from_misere(self.misere);
        let rules = std::mem::take(&mut self.rules);
        st.run_with_rules(Class::Light, play, rules, move |reg, limits| {
            f(reg, limits, &self, play)
        })
        .await
    }
}

/// `POST /api/explain`: the reasoning behind a value, as blocks (paragraphs, tables,
/// preformatted columns, lists) and as Markdown.
pub async fn explain(
    Extract(st): Extract<State>,
    Body(req): Body<PositionReq>,
) -> Result<JsonText, ApiError> {
    req.run(&st, |reg, limits, req, play| {
        let parts = api::explain_report(reg, &req.expr, play, limits)?;
        to_json(&json!({ "explanations": parts }))
    })
    .await
}

/// The most moves `POST /api/moves` lists.
const MOVE_CAP: usize = 200;

/// `POST /api/moves`: the legal moves of a position, each with the outcome and remoteness of
/// the position it leaves (for the player who moves next), so that the page can colour them.
pub async fn moves(
    Extract(st): Extract<State>,
    Body(req): Body<PositionReq>,
) -> Result<JsonText, ApiError> {
    req.run(&st, |reg, limits, req, play| {
        to_json(&api::moves(reg, &req.expr, play, limits, MOVE_CAP)?)
    })
    .await
}

/// `POST /api/engine`: the perfect opponent's move (`"hint": true`: a winning move for the
/// player to move, or null when there is none).
pub async fn engine(
    Extract(st): Extract<State>,
    Body(req): Body<PositionReq>,
) -> Result<JsonText, ApiError> {
    req.run(&st, |reg, limits, req, play| {
        to_json(&api::engine_move(reg, &req.expr, play, limits, req.hint)?)
    })
    .await
}

#[derive(Deserialize)]
pub struct GridReq {
    game: String,
    size: u32,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    rules: Vec<RuleScript>,
}

/// The largest side of a grid of two-heap positions.
const MAX_GRID: u32 = 128;

/// A grid above this side runs in the heavy pool.
const HEAVY_GRID: u32 = 40;

/// `POST /api/grid`: the nim-values (misere: outcomes) of `GAME(a, b)` for a, b below
/// `size`, for the picture of P-positions of two-heap games such as Wythoff's.
pub async fn grid(
    Extract(st): Extract<State>,
    Body(mut req): Body<GridReq>,
) -> Result<JsonText, ApiError> {
    if req.size == 0 || req.size > MAX_GRID {
        return Err(ApiError::input(format!(
            "\"size\" must be between 1 and {MAX_GRID}, found {}",
            req.size
        )));
    }
    let class = if req.size > HEAVY_GRID {
        Class::Heavy
    } else {
        Class::Light
    };
    let play = Play::from_misere(req.misere);
    let rules = std::mem::take(&mut req.rules);
    st.run_with_rules(class, play, rules, move |reg, limits| {
        to_json(&api::grid(reg, &req.game, req.size, play, limits)?)
    })
    .await
}

#[derive(Deserialize)]
pub struct GraphReq {
    text: String,
    #[serde(default)]
    misere: bool,
}

/// The most vertices for which the arcs are sent to be drawn.
const MAX_DRAWN: usize = 400;

/// `POST /api/graph`: the value of every vertex of an uploaded graph (edge list or DOT, as
/// `grundy graph --json` prints it), with its arcs when it is small enough to draw. The text
/// comes in the request: the server never reads a path.
pub async fn graph(
    Extract(st): Extract<State>,
    Body(req): Body<GraphReq>,
) -> Result<JsonText, ApiError> {
    let play = Play::from_misere(req.misere);
    st.run(Class::Heavy, play, move |limits| {
        let format = grundy::graph::Format::detect(&req.text);
        let g = grundy::graph::Graph::parse(&req.text, format).map_err(grundy::Error::from)?;
        let report = api::graph_report(&g, play, limits)?;
        let mut v = serde_json::to_value(&report).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("cannot write the answer as JSON: {e}"),
            )
        })?;
        let arcs: Option<Vec<[u32; 2]>> =
            (g.vertex_count() <= MAX_DRAWN).then(|| g.edges().map(|(a, b)| [a, b]).collect());
        v["arcs"] = json!(arcs);
        to_json(&v)
    })
    .await
}

#[derive(Deserialize)]
pub struct RulesReq {
    rules: Vec<RuleScript>,
}

/// `POST /api/rules/check`: loads the scripts as a request would, then checks them as
/// `grundy rules check` does (their first positions are run, so that a script that stops at a
/// limit is refused now rather than at the next analysis); answers the names of the families
/// they define with their first values, or the first problem (a limit as a 422 naming the
/// script limit, an error with its line and column).
///
/// The check runs in the heavy pool: the engine's check of the first values does not watch
/// the request's cancellation, so at most one runs at a time and analyses keep their slots.
pub async fn rules_check(
    Extract(st): Extract<State>,
    Body(req): Body<RulesReq>,
) -> Result<JsonText, ApiError> {
    let s = st.clone();
    st.run(Class::Heavy, Play::Normal, move |limits| {
        let reg = s.registry_for(&req.rules, limits)?;
        let checks = s.check_rules(&req.rules, limits)?;
        let builtin = s.registry.families().count();
        let names: Vec<&str> = reg
            .families()
            .skip(builtin)
            .map(|f| f.name.as_str())
            .collect();
        to_json(&json!({ "ok": true, "families": names, "scripts": checks }))
    })
    .await
}
