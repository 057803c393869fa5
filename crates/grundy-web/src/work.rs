//! Running computations: two pools of slots (light and heavy), limits per request, and
//! cancellation when the client goes away or the server stops.
//!
//! **Invariant:** a computation holds its slot until it has really stopped (the permit moves
//! into the blocking thread), so that cancelled work never makes room for more work than the
//! machine can run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use grundy::{Cancel, Limits, Play, Registry};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::{ApiError, Config};

/// A rule script sent with a request: its family name, its source, and its language.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub struct RuleScript {
    /// The family name (as the file stem is in the CLI).
    pub name: String,
    /// The script's text.
    pub source: String,
    /// `"rhai"` or `"luau"`; absent, Rhai (the first language). Read it with
    /// [`RuleScript::language`], which refuses any other name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// The languages a rule script may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScriptLanguage {
    /// [Rhai](https://rhai.rs): `fn moves(p) { ... }`.
    Rhai,
    /// [Luau](https://luau.org): `function moves(p) ... end`.
    Luau,
}

impl ScriptLanguage {
    /// The language's name in requests, which is also the extension of its files.
    pub fn name(self) -> &'static str {
        match self {
            ScriptLanguage::Rhai => "rhai",
            ScriptLanguage::Luau => "luau",
        }
    }
}

impl RuleScript {
    /// The script's language: Rhai when the request names none.
    ///
    /// Returns: an input error naming the choices for any other name.
    pub fn language(&self) -> Result<ScriptLanguage, grundy::Error> {
        match self.language.as_deref() {
            None | Some("rhai") => Ok(ScriptLanguage::Rhai),
            Some("luau") => Ok(ScriptLanguage::Luau),
            Some(other) => Err(grundy::Error::input(format!(
                "\"{}\" is not a language of rule scripts (the script \"{}\"): use \"luau\" or \
                 \"rhai\" (the default)",
                other.chars().take(40).collect::<String>(),
                self.name
            ))),
        }
    }

    /// The script's name in messages, `NAME.luau` or `NAME.rhai`: the origin the engine
    /// reads its language from, and the `file` of its errors.
    pub fn origin(&self) -> Result<String, grundy::Error> {
        Ok(format!("{}.{}", self.name, self.language()?.name()))
    }
}

/// What checking a rule script found beyond loading it (see [`RulesLoader::check`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScriptCheck {
    /// The family's name.
    pub family: String,
    /// The first values `G(0)`, `G(1)`, ... of a family of one number a position; empty when
    /// they do not apply.
    pub values: Vec<u64>,
    /// Why the first values are missing or stop early, when they do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Makes families of rule scripts, for one request (the script engine's front door).
///
/// The server holds no script engine of its own: the binary that starts it passes one in
/// [`Config::rules`], so that this crate does not depend on the engine's crate. With the
/// `grundy-script` crate, `grundy serve` wires it as (for each script)
/// `grundy_script::register(reg, &s.source, &s.origin()?, &Default::default())`; names and
/// languages are checked (an identifier, never a path; `rhai` or `luau`) before the loader
/// sees them.
pub trait RulesLoader: Send + Sync {
    /// Adds a family for each script to `reg`, each call bounded as in the CLI.
    ///
    /// Returns: an input error naming `FILE:LINE:COLUMN` in its location for an error in a
    /// script, or a limit.
    fn load(
        &self,
        reg: &mut Registry,
        scripts: &[RuleScript],
        limits: &Limits,
    ) -> Result<(), grundy::Error>;

    /// Checks scripts that [`RulesLoader::load`] accepted as `grundy rules check` does: runs
    /// them on their first positions, so that an endless loop, a huge array, deep recursion
    /// or a game that never ends is found now rather than at the next analysis.
    ///
    /// Returns: what each script's check found (by default nothing: no check beyond
    /// loading), or the first problem as an error: a limit (`Limit::Script` naming the
    /// script's limit, or positions), or an input error naming `FILE:LINE:COLUMN`.
    fn check(
        &self,
        scripts: &[RuleScript],
        limits: &Limits,
    ) -> Result<Vec<ScriptCheck>, grundy::Error> {
        let _ = (scripts, limits);
        Ok(Vec::new())
    }
}

/// Which pool a computation runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A small computation (an analysis, a move list): many at once, a short time limit.
    Light,
    /// A large computation (a long table, a grid, a graph): few at once, a longer limit.
    Heavy,
}

/// Counters of the server, as `GET /api/status` shows them.
#[derive(Debug, Default, Serialize)]
pub struct Stats {
    /// Computations running now, light and heavy together.
    pub running: u64,
    /// Heavy computations running now.
    pub running_heavy: u64,
    /// Computations finished (with any answer).
    pub finished: u64,
    /// Computations stopped because their client went away or the server stopped.
    pub cancelled: u64,
    /// Requests refused because every slot stayed busy.
    pub refused_busy: u64,
}

#[derive(Default)]
struct Counters {
    running: AtomicU64,
    running_heavy: AtomicU64,
    finished: AtomicU64,
    cancelled: AtomicU64,
    refused_busy: AtomicU64,
}

/// What the handlers share.
#[derive(Clone)]
pub struct State {
    pub config: Arc<Config>,
    /// The built-in families, with the rulesets built so far (heap tables stay cached).
    pub registry: Arc<Registry>,
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    counters: Arc<Counters>,
    active: Arc<Mutex<HashMap<u64, Cancel>>>,
    next_id: Arc<AtomicU64>,
}

impl State {
    pub fn new(config: Config) -> State {
        State {
            light: Arc::new(Semaphore::new(config.light_permits.max(1))),
            heavy: Arc::new(Semaphore::new(config.heavy_permits.max(1))),
            config: Arc::new(config),
            // No file loader: `graph[FILE](v)` is refused, the server's files stay closed.
            registry: Arc::new(Registry::builtin()),
            counters: Arc::default(),
            active: Arc::default(),
            next_id: Arc::default(),
        }
    }

    /// The counters now.
    pub fn stats(&self) -> Stats {
        let c = &self.counters;
        Stats {
            running: c.running.load(Ordering::Relaxed),
            running_heavy: c.running_heavy.load(Ordering::Relaxed),
            finished: c.finished.load(Ordering::Relaxed),
            cancelled: c.cancelled.load(Ordering::Relaxed),
            refused_busy: c.refused_busy.load(Ordering::Relaxed),
        }
    }

    /// Cancels every running computation (the server is stopping).
    pub fn cancel_all(&self) {
        if let Ok(a) = self.active.lock() {
            for c in a.values() {
                c.cancel();
            }
        }
    }

    /// The registry for a request: the shared one, or a copy with the request's scripts.
    pub fn registry_for(
        &self,
        scripts: &[RuleScript],
        limits: &Limits,
    ) -> Result<Arc<Registry>, ApiError> {
        if scripts.is_empty() {
            return Ok(self.registry.clone());
        }
        const MAX_SCRIPTS: usize = 16;
        if scripts.len() > MAX_SCRIPTS {
            return Err(ApiError::input(format!(
                "{} rule scripts were sent; at most {MAX_SCRIPTS} are accepted with one request",
                scripts.len()
            )));
        }
        for s in scripts {
            // The name becomes the family's name and the script's file name in messages: a
            // plain identifier, never a path.
            let valid = s.name.len() <= 64
                && s.name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic())
                && s.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(ApiError::input(format!(
                    "'{}' is not a valid family name for a rule script: use letters, digits \
                     and _, starting with a letter, at most 64 characters",
                    s.name.chars().take(80).collect::<String>()
                )));
            }
            s.language()?;
        }
        let Some(loader) = &self.config.rules else {
            return Err(ApiError::from(grundy::Error::unsupported(
                "rule scripts are not available in this build of the server: it was built \
                 without the script engine; send the request without \"rules\"",
            )));
        };
        let mut reg = Registry::clone(&self.registry);
        loader.load(&mut reg, scripts, limits)?;
        Ok(Arc::new(reg))
    }

    /// Checks the request's scripts (already loaded by [`State::registry_for`]) with the
    /// loader's [`RulesLoader::check`].
    pub fn check_rules(
        &self,
        scripts: &[RuleScript],
        limits: &Limits,
    ) -> Result<Vec<ScriptCheck>, ApiError> {
        match &self.config.rules {
            Some(loader) if !scripts.is_empty() => Ok(loader.check(scripts, limits)?),
            _ => Ok(Vec::new()),
        }
    }

    /// The time limit of a computation of `class`.
    fn time_limit(&self, class: Class) -> Duration {
        match class {
            Class::Light => self.config.light_time,
            Class::Heavy => self.config.heavy_time,
        }
    }

    /// The limits of one computation under `play`.
    ///
    /// They carry no deadline: the time limit is a timer that raises `cancel` (see
    /// [`State::run`]), so a check is one atomic load, not a read of the clock.
    fn limits(&self, play: Play, cancel: Cancel) -> Limits {
        let mut l = Limits::for_play(play).with_cancel(cancel);
        l.max_memory = l.max_memory.min(self.config.max_memory);
        l
    }

    /// [`State::run`] of `f` with the registry of the request's rule scripts `rules` (the
    /// built-in families when there are none), made on the worker under the request's limits.
    pub async fn run_with_rules<T: Send + 'static>(
        &self,
        class: Class,
        play: Play,
        rules: Vec<RuleScript>,
        f: impl FnOnce(&Registry, &Limits) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let s = self.clone();
        self.run(class, play, move |limits| {
            let reg = s.registry_for(&rules, limits)?;
            f(&reg, limits)
        })
        .await
    }

    /// Runs `f` on a blocking thread in a slot of `class`, with the limits of one request.
    ///
    /// Waits at most [`Config::queue_wait`] for a slot (then 503). When the future is
    /// dropped (the client went away), the computation is cancelled: it stops at its next
    /// check of the limits, and only then gives back its slot.
    pub async fn run<T: Send + 'static>(
        &self,
        class: Class,
        play: Play,
        f: impl FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let pool = match class {
            Class::Light => &self.light,
            Class::Heavy => &self.heavy,
        };
        let permit = match tokio::time::timeout(
            self.config.queue_wait,
            pool.clone().acquire_owned(),
        )
        .await
        {
            Ok(Ok(p)) => p,
            _ => {
                self.counters.refused_busy.fetch_add(1, Ordering::Relaxed);
                return Err(ApiError::busy());
            }
        };
        let cancel = Cancel::new();
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut a) = self.active.lock() {
            a.insert(id, cancel.clone());
        }
        // The time limit: one timer on the runtime raises the cancellation flag, and says
        // that it did, so that the stop is reported as the time limit it is.
        let time = self.time_limit(class);
        let deadline = tokio::time::Instant::now() + time;
        let timed_out = Arc::new(AtomicBool::new(false));
        let timer = tokio::spawn({
            let (cancel, timed_out) = (cancel.clone(), timed_out.clone());
            async move {
                tokio::time::sleep_until(deadline).await;
                timed_out.store(true, Ordering::SeqCst);
                cancel.cancel();
            }
        });
        let guard = CancelOnDrop {
            cancel: cancel.clone(),
            timer: timer.abort_handle(),
            id,
            state: self.clone(),
        };
        let limits = self.limits(play, cancel);
        let counters = self.counters.clone();
        let running = Running::start(counters.clone(), class);
        let task = tokio::task::spawn_blocking(move || {
            let _slot = permit;
            let _running = running;
            // A time limit that ran out before the work began (a limit of zero, or blocking
            // threads all busy) is raised here rather than when the timer gets its turn: the
            // work then stops at its first check, whatever the clock and the scheduler do.
            if tokio::time::Instant::now() >= deadline {
                timed_out.store(true, Ordering::SeqCst);
                if let Some(c) = &limits.cancel {
                    c.cancel();
                }
            }
            let mut out = f(&limits);
            if matches!(&out, Err(e) if e.error.kind == "cancelled") {
                if timed_out.load(Ordering::SeqCst) {
                    out = Err(time_limit_error(time));
                } else {
                    counters.cancelled.fetch_add(1, Ordering::Relaxed);
                }
            }
            counters.finished.fetch_add(1, Ordering::Relaxed);
            out
        });
        let out = task.await;
        drop(guard);
        match out {
            Ok(r) => r,
            // A panic is a bug of the engine, not of the input: it is the one 500.
            Err(_) => Err(ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the computation failed inside the engine; please report the request",
            )),
        }
    }
}

/// The error of a computation stopped by its time limit (422, limit `time`).
fn time_limit_error(time: Duration) -> ApiError {
    ApiError::from(grundy::Error::limit(
        grundy::Limit::Time(time),
        format!(
            "the computation reached this server's time limit of {time:.1?}; ask for less \
             (a smaller position or table), or run grundy on your own machine"
        ),
    ))
}

/// Cancels a computation when its request future is dropped (the client went away), stops
/// its timer, and forgets it once it has answered.
struct CancelOnDrop {
    cancel: Cancel,
    timer: tokio::task::AbortHandle,
    id: u64,
    state: State,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.timer.abort();
        // After an answer this is harmless: the computation is over.
        self.cancel.cancel();
        if let Ok(mut a) = self.state.active.lock() {
            a.remove(&self.id);
        }
    }
}

/// Counts a running computation for the status page, until dropped.
struct Running {
    counters: Arc<Counters>,
    class: Class,
}

impl Running {
    fn start(counters: Arc<Counters>, class: Class) -> Running {
        counters.running.fetch_add(1, Ordering::Relaxed);
        if class == Class::Heavy {
            counters.running_heavy.fetch_add(1, Ordering::Relaxed);
        }
        Running { counters, class }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.counters.running.fetch_sub(1, Ordering::Relaxed);
        if self.class == Class::Heavy {
            self.counters.running_heavy.fetch_sub(1, Ordering::Relaxed);
        }
    }
}
