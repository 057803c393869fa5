//! `grundy serve`: the playground page and its JSON API, on localhost unless told otherwise.

use crate::failure::Failure;

/// Starts the server on `bind`, prints its URL, and stops cleanly on Ctrl-C (or SIGTERM).
pub fn run(bind: &str) -> Result<(), Failure> {
    let addr: std::net::SocketAddr = bind.parse().map_err(|_| {
        Failure::input(format!(
            "--bind {bind}: expected an address and port such as 127.0.0.1:8080"
        ))
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::File(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| cannot_listen(addr, &e))?;
        let local = listener
            .local_addr()
            .map_err(|e| Failure::File(format!("cannot listen on {addr}: {e}")))?;
        {
            use std::io::Write;
            let mut out = std::io::stdout();
            // The URL is the one line a script waits for (with --bind 127.0.0.1:0 it gives
            // the port chosen).
            writeln!(
                out,
                "grundy serve: listening on http://{local}/ (Ctrl-C stops)"
            )
            .and_then(|()| out.flush())
            .map_err(Failure::Output)?;
        }
        let config = grundy_web::Config {
            rules: Some(std::sync::Arc::new(Scripts)),
            ..grundy_web::Config::default()
        };
        grundy_web::serve(listener, config, stop_signal())
            .await
            .map_err(|e| Failure::File(format!("the server stopped: {e}")))
    })
}

/// Why the server cannot listen on `addr`, as an input error (exit 2): the address is the
/// user's choice, and another one may work.
fn cannot_listen(addr: std::net::SocketAddr, e: &std::io::Error) -> Failure {
    let advice = match e.kind() {
        std::io::ErrorKind::AddrInUse => format!(
            "another program (perhaps another grundy serve) listens on port {}; stop it, or \
             choose another port with --bind {}:PORT (port 0 lets the system choose)",
            addr.port(),
            addr.ip()
        ),
        std::io::ErrorKind::PermissionDenied => format!(
            "ports below 1024 need the right to bind them; choose a port of 1024 or more \
             with --bind {}:8080",
            addr.ip()
        ),
        _ => "choose an address of this machine with --bind, such as 127.0.0.1:8080".into(),
    };
    Failure::input(format!("cannot listen on {addr}: {e}; {advice}"))
}

/// Rule scripts sent with a request (`"rules": [{"name", "source", "language"}]`), registered
/// for that request only by the script engine, each in its language (origin `NAME.luau` or
/// `NAME.rhai`), in its sandbox with its default limits.
struct Scripts;

/// The last position whose value `POST /api/rules/check` computes (`grundy rules check --to`).
const CHECK_TO: u64 = 30;

impl grundy_web::RulesLoader for Scripts {
    fn load(
        &self,
        reg: &mut grundy::Registry,
        scripts: &[grundy_web::RuleScript],
        _limits: &grundy::Limits,
    ) -> Result<(), grundy::Error> {
        for s in scripts {
            grundy_script::register(
                reg,
                &s.source,
                &s.origin()?,
                &grundy_script::Sandbox::default(),
            )?;
        }
        Ok(())
    }

    /// What `grundy rules check --to 30` finds: the first problem (a limit reached on the
    /// first values, a closed form that disagrees with the search) as the engine's error.
    fn check(
        &self,
        scripts: &[grundy_web::RuleScript],
        limits: &grundy::Limits,
    ) -> Result<Vec<grundy_web::ScriptCheck>, grundy::Error> {
        let mut out = Vec::with_capacity(scripts.len());
        for s in scripts {
            limits.check()?;
            let report = grundy_script::check_values(
                &s.source,
                &s.origin()?,
                &grundy_script::Sandbox::default(),
                CHECK_TO,
            );
            if let Some(p) = report.first_problem() {
                return Err(grundy_script::engine_error(p.clone(), limits));
            }
            out.push(grundy_web::ScriptCheck {
                family: report.name.unwrap_or_else(|| s.name.clone()),
                values: report.values,
                note: report.values_note,
            });
        }
        Ok(out)
    }
}

/// Completes on Ctrl-C, or on SIGTERM where there is one.
async fn stop_signal() {
    let ctrl_c = async {
        // Without a handler the default action (ending the process) still applies.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
