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
            .map_err(|e| Failure::File(format!("cannot listen on {addr}: {e}")))?;
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

/// Rule scripts sent with a request (`"rules": [{"name", "source"}]`), registered for that
/// request only by the script engine, in its sandbox with its default limits.
struct Scripts;

impl grundy_web::RulesLoader for Scripts {
    fn load(
        &self,
        reg: &mut grundy::Registry,
        scripts: &[grundy_web::RuleScript],
        _limits: &grundy::Limits,
    ) -> Result<(), grundy::Error> {
        for s in scripts {
            let origin = format!("{}.rhai", s.name);
            grundy_script::register(reg, &s.source, &origin, &grundy_script::Limits::default())?;
        }
        Ok(())
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
