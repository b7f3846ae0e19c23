//! `cgt serve`: starts the web playground of `cgt-web` and stops it on Ctrl-C.

use std::path::PathBuf;
use std::time::Duration;

use crate::output::CliError;
use crate::report::Output;

/// A request's time limit when `CGT_TIME_LIMIT` is not set.
const REQUEST_TIME: Duration = Duration::from_secs(10);
/// A request's memory when `CGT_MEMORY_LIMIT` is not set.
const REQUEST_MEMORY: u64 = 1 << 30;

pub(crate) fn run(
    bind: &str,
    tables: Option<PathBuf>,
    book: Option<PathBuf>,
    workers: Option<u16>,
) -> Result<Output, CliError> {
    let address: std::net::SocketAddr = bind.parse().map_err(|_| {
        CliError::input(format!(
            "--bind {bind:?} is not an address and port like 127.0.0.1:8080"
        ))
    })?;
    let mut limits = cgt_web::Limits::default();
    if std::env::var_os("CGT_TIME_LIMIT").is_some_and(|t| !t.is_empty()) {
        limits.time = crate::output::time_limit()?.unwrap_or(Duration::from_secs(24 * 3600));
    } else {
        limits.time = REQUEST_TIME;
    }
    limits.memory = if std::env::var_os("CGT_MEMORY_LIMIT").is_some_and(|t| !t.is_empty()) {
        u64::try_from(crate::output::memory_limit()?).unwrap_or(u64::MAX)
    } else {
        REQUEST_MEMORY
    };
    if let Some(n) = workers {
        limits.workers = usize::from(n);
    }
    let config = cgt_web::Config {
        limits,
        tables,
        connect4_book: book,
    };
    let app = cgt_web::router(config).map_err(CliError::input)?;
    Ok(Output::Interactive {
        refusal: Some("--json is not available for serve (the server's /api/… answers JSON)"),
        run: Box::new(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .map_err(|e| CliError::failure(format!("cannot start the server: {e}")))?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind(address)
                    .await
                    .map_err(|e| CliError::input(format!("cannot listen on {address}: {e}")))?;
                let local = listener
                    .local_addr()
                    .map_err(|e| CliError::failure(format!("cannot listen: {e}")))?;
                println!("cgt playground at http://{local}/ (Ctrl-C stops it)");
                let stop = async {
                    let _ = tokio::signal::ctrl_c().await;
                };
                cgt_web::serve(listener, app, stop)
                    .await
                    .map_err(|e| CliError::failure(format!("the server failed: {e}")))?;
                eprintln!("stopped");
                Ok(())
            })
        }),
    })
}
