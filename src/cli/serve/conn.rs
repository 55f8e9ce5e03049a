//! Connections: at most `--max-connections` served at once (more wait in the listen queue),
//! headers read within `--read-timeout`, and a shutdown that ends within `--grace` whatever
//! clients do: requests in flight finish, recordings in flight are written (a recording whose
//! client left included), then the server stops.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

use super::Server;
use super::workers::Workers;

/// The work that must finish before the server stops (recordings): each holds a token; the
/// shutdown waits until every token is gone.
pub struct InFlight {
    token: Mutex<Option<mpsc::Sender<()>>>,
    done: tokio::sync::Mutex<mpsc::Receiver<()>>,
}

/// Held while a piece of work that a shutdown waits for runs.
#[allow(dead_code)] // held, never read
pub struct Token(Option<mpsc::Sender<()>>);

impl InFlight {
    pub fn new() -> InFlight {
        let (tx, rx) = mpsc::channel(1);
        InFlight {
            token: Mutex::new(Some(tx)),
            done: tokio::sync::Mutex::new(rx),
        }
    }

    /// A token for work starting now.
    pub fn token(&self) -> Token {
        Token(self.token.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    /// Waits until the work holding tokens has finished.
    async fn finished(&self) {
        self.token.lock().unwrap_or_else(|e| e.into_inner()).take();
        let _ = self.done.lock().await.recv().await;
    }
}

/// Serves `app` on `listener` until `shutdown`, then stops within the grace period; what did not
/// finish in it, if anything.
pub async fn serve(
    server: Arc<Server>,
    listener: TcpListener,
    workers: &Workers,
    app: Router,
    shutdown: impl Future<Output = ()>,
) -> Option<String> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(server.limits.read_timeout())
        .max_buf_size(64 << 10);
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(tokio::sync::Semaphore::new(
        server.limits.max_connections as usize,
    ));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => p,
            () = &mut shutdown => break,
        };
        let Ok(permit) = permit else { break };
        let stream = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let stream = match stream {
            Ok((stream, _)) => stream,
            // Out of file descriptors, a connection reset before it was accepted: the
            // listener goes on after a breath.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(stream) = stream.into_std() else {
            continue;
        };
        let (service, http, watcher) = (
            TowerToHyperService::new(app.clone()),
            http.clone(),
            graceful.watcher(),
        );
        workers.spawn(async move {
            // Registered with the reactor of the thread that serves it.
            if let Ok(stream) = tokio::net::TcpStream::from_std(stream) {
                let conn = watcher.watch(http.serve_connection(TokioIo::new(stream), service));
                let _ = super::workers::noted(conn).await;
            }
            drop(permit);
        });
    }
    drop(listener);
    stop(&server, graceful).await
}

/// Waits for the requests and recordings in flight, within the grace period; what did not
/// finish in it, if anything.
async fn stop(server: &Server, graceful: GracefulShutdown) -> Option<String> {
    let deadline = tokio::time::Instant::now() + server.limits.grace();
    let requests = tokio::time::timeout_at(deadline, graceful.shutdown()).await;
    let recordings = tokio::time::timeout_at(deadline, server.recordings.finished()).await;
    match (requests.is_ok(), recordings.is_ok()) {
        (true, true) => None,
        (r, w) => Some(format!(
            "the grace period ({} s) ended with {} still in flight: stopped without them{}",
            server.limits.grace,
            match (r, w) {
                (false, false) => "requests and recordings",
                (false, true) => "requests",
                _ => "recordings",
            },
            if w { "" } else { " (nothing half-written)" }
        )),
    }
}
