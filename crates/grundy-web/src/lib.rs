//! The playground: `grundy serve`, an HTTP server with a JSON API and a page to study and play
//! impartial games.
//!
//! The server is a thin front over [`grundy::api`]: each endpoint parses its JSON body, runs
//! one library call on a blocking thread under [`grundy::Limits`] (a position limit, a memory
//! limit and a [`grundy::Cancel`] raised when the client goes away or when the request's
//! time limit passes), and serializes the typed result. A body above the limit is read to
//! its end (to a bound) and refused with a 413 that names the limit. The contract is the project's web spec: `POST /api/analyze`
//! and `POST /api/table` answer the same JSON as `grundy analyze --json` and
//! `grundy table --json`; `GET /api/health` answers at once; errors are
//! `{"error": {"kind", "message", "column"}}` with a 4xx status.
//!
//! **Boundary:** only this crate knows HTTP; it reads no file of the server (graphs come as
//! uploaded text, the registry has no file loader) and holds no game logic.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! grundy_web::serve(listener, grundy_web::Config::default(), std::future::pending()).await
//! # }
//! ```

mod assets;
mod body;
mod error;
mod handlers;
mod work;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::routing::{get, post};
use axum::Router;

pub use error::ApiError;
pub use work::{RuleScript, RulesLoader, ScriptCheck, ScriptLanguage, Stats};

/// The address `grundy serve` listens on unless told otherwise (localhost only).
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// The server's limits and optional parts.
#[derive(Clone)]
pub struct Config {
    /// The largest request body accepted, in bytes (larger: 413).
    pub max_body_bytes: usize,
    /// The time limit of a light request (an analysis, a move list, an explanation).
    pub light_time: Duration,
    /// The time limit of a heavy request (a long table, a large grid, a graph).
    pub heavy_time: Duration,
    /// How many light computations run at once.
    pub light_permits: usize,
    /// How many heavy computations run at once (kept below the light ones, so that heavy
    /// requests never hold every thread).
    pub heavy_permits: usize,
    /// How long a request waits for a free slot before the answer is 503 (busy).
    pub queue_wait: Duration,
    /// The longest table served (values 0..=N).
    pub max_table: u64,
    /// The most bytes one computation may allocate for tables and searches.
    pub max_memory: u64,
    /// The most sum states an analysis spends looking for the remoteness, unless the request
    /// asks otherwise (`"remoteness": false` for none, `true` for the CLI's budget): an extra
    /// that must not cost more than the analysis.
    pub remoteness_budget: usize,
    /// How rule scripts sent with a request become families; `None` when this build has no
    /// script engine (such requests get a 400 `unsupported` error).
    pub rules: Option<Arc<dyn RulesLoader>>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("max_body_bytes", &self.max_body_bytes)
            .field("light_time", &self.light_time)
            .field("heavy_time", &self.heavy_time)
            .field("light_permits", &self.light_permits)
            .field("heavy_permits", &self.heavy_permits)
            .field("queue_wait", &self.queue_wait)
            .field("max_table", &self.max_table)
            .field("max_memory", &self.max_memory)
            .field("remoteness_budget", &self.remoteness_budget)
            .field("rules", &self.rules.is_some())
            .finish()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_body_bytes: 1 << 20,
            light_time: Duration::from_secs(5),
            heavy_time: Duration::from_secs(20),
            light_permits: 4,
            heavy_permits: 1,
            queue_wait: Duration::from_secs(3),
            max_table: 1_000_000,
            max_memory: 512 << 20,
            remoteness_budget: 500,
            rules: None,
        }
    }
}

/// The router of the page and the API, with the limits of `config`.
///
/// Arguments: the configuration.
/// Returns: an axum router (serve it with [`serve`] or any hyper server; tests drive it on a
/// loopback listener).
pub fn router(config: Config) -> Router {
    routes(work::State::new(config))
}

/// Serves the playground on `listener` until `shutdown` completes, then cancels the work in
/// progress and returns once the open requests have answered.
///
/// Arguments: a bound listener, the configuration, a future that completes on shutdown
/// (Ctrl-C in `grundy serve`).
/// Returns: an I/O error of the listener.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = work::State::new(config);
    let app = routes(state.clone());
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            // Running computations stop at their next check instead of holding the shutdown
            // for their whole time limit.
            state.cancel_all();
        })
        .await
}

fn routes(state: work::State) -> Router {
    let body_limit = state.config.max_body_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/health", get(handlers::health))
        .route("/api/status", get(handlers::status))
        .route("/api/families", get(handlers::families))
        .route("/api/analyze", post(handlers::analyze))
        .route("/api/table", post(handlers::table))
        .route("/api/pattern", post(handlers::pattern))
        .route("/api/explain", post(handlers::explain))
        .route("/api/moves", post(handlers::moves))
        .route("/api/engine", post(handlers::engine))
        .route("/api/grid", post(handlers::grid))
        .route("/api/graph", post(handlers::graph))
        .route("/api/rules/check", post(handlers::rules_check))
        .fallback(handlers::not_found)
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        // Every error of the API is JSON, including those made by the layers inside (405 of
        // the router).
        .layer(axum::middleware::map_response(error::json_errors))
        // Outermost: a body above the limit is refused with a 413 naming the limit, after the
        // rest of it is read and thrown away (to a bound), so that the client reads the 413.
        .layer(axum::middleware::from_fn_with_state(body_limit, body::gate))
        .with_state(state)
}
