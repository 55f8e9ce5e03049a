//! `serve`: the stores as a local Messages API (and Chat Completions) endpoint. The decision (wire → key → replay,
//! synthetic answer or miss) is the library's `wire` module; this is its HTTP glue (`http`), the
//! request log and the dumps (`log`), and the process around them: one line that says where it
//! listens, SIGINT/SIGTERM ending it after the requests in flight.

mod asked;
mod body;
mod conn;
mod control;
mod decide;
mod dump;
mod faults;
mod guard;
mod http;
mod inject;
mod journal;
pub mod limits;
mod log;
mod record;
mod reply;
mod watch;
mod workers;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use ulcas::wire::Mode;

use super::args::{ServeArgs, ServeFormat, ServeMode};
use crate::cli::ctx::{Ctx, Exit};
use crate::cli::stores;
use ulcas::outcome::Verdict;

/// What every request handler shares.
pub struct Server {
    /// The decision and the stores, as the registries read now.
    pub catalog: watch::Watched,
    /// What a miss gets.
    pub mode: Mode,
    /// The request log.
    pub log: log::Log,
    /// With `--dump-dir`: where each request served is written as a dump.
    pub dumps: Option<dump::Dumps>,
    /// With `--mode record`: where misses go.
    pub upstream: Option<record::Upstream>,
    /// With `--record-into`: the store (index) that records every miss.
    pub record_into: Option<usize>,
    /// Every bound on what the server spends.
    pub limits: limits::Limits,
    /// Who may call.
    pub guard: guard::Guard,
    /// The bytes of bodies read and keyed at once.
    pub budget: Arc<tokio::sync::Semaphore>,
    /// Recordings a shutdown waits for.
    pub recordings: conn::InFlight,
    /// The cassettes of every store as last counted (for `/health`): `None` before the first
    /// count ends.
    pub counted: std::sync::Mutex<Option<usize>>,
    /// The faults armed (`--fault`, `POST /_ulcas/faults`).
    pub faults: faults::Faults,
    /// Whether `/_ulcas/faults` is served (not with `--no-fault-routes`).
    pub fault_routes: bool,
    /// What each request got, for the test kits (`GET /_ulcas/journal`).
    pub journal: journal::Journal,
}

/// How often the stores' cassettes are counted for `/health`.
const COUNT_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

impl Server {
    /// Says what one request got: a line of the log, an entry of the journal.
    pub fn said(
        &self,
        test: Option<&str>,
        status: &str,
        path: Option<&std::path::Path>,
        took: std::time::Duration,
        why: Option<&str>,
    ) {
        self.journal.add(test, status, path, took, why);
        self.log.request(status, path, took, why, test);
    }

    /// How many cassettes the stores held at the last count (`None` before the first).
    pub fn cassettes(&self) -> Option<usize> {
        *self.counted.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts the stores' cassettes now (a store of a million folders takes seconds).
    fn count(&self) -> usize {
        self.catalog
            .get()
            .stores
            .iter()
            .filter_map(|s| ulcas::store::census(&s.root).ok())
            .flat_map(|c| c.into_values())
            .flat_map(|versions| versions.into_values())
            .sum()
    }

    /// Counts the cassettes on a thread of its own every [`COUNT_EVERY`], for as long as the
    /// server lives: a probe never waits for a count, and probes never fill a pool.
    fn count_in_background(server: std::sync::Weak<Server>) {
        let log_to = server.clone();
        let counting = std::thread::Builder::new()
            .name("ulcas-count".into())
            .spawn(move || {
                loop {
                    let Some(alive) = server.upgrade() else {
                        return;
                    };
                    let n = alive.count();
                    *alive.counted.lock().unwrap_or_else(|e| e.into_inner()) = Some(n);
                    drop(alive);
                    std::thread::sleep(COUNT_EVERY);
                }
            });
        if let (Err(e), Some(server)) = (counting, log_to.upgrade()) {
            let why = format!("/health counts no cassettes: {e}");
            server.log.note("warning", &why);
        }
    }

    /// What the log says after the start line: a server others reach without a token, the
    /// prompts the wire cannot tell apart, the registries' problems.
    fn warn_at_start(&self, local: SocketAddr, exposed: bool) {
        if exposed && !self.guard.has_token() {
            self.log.note(
                "warning",
                &format!("listening on {local}, which other machines reach, without a token: whoever reaches it reads every cassette and the requests' texts; --token (or ULCAS_SERVE_TOKEN) makes every request but GET /health carry it"),
            );
        }
        let catalog = self.catalog.get();
        self.warn_indistinguishable(&catalog.resolver.indistinguishable());
        self.warn_problems(&catalog.problems());
    }

    /// Writes `request` as a dump when `--dump-dir` is given; the file, or why not.
    pub fn dump(&self, request: &ulcas::request::Request) -> Option<Result<PathBuf, String>> {
        let written = self.dumps.as_ref()?.write(request);
        Some(written.map_err(|not| {
            if not.tell {
                let why = format!("request dump not written: {}", not.why);
                self.log.note("warning", &why);
            }
            not.why
        }))
    }
}

/// `ulcas serve`.
pub fn serve(args: ServeArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &args.roots)?;
    ulcas::store_settings::require_folders(&stores)?;
    let addr = listen_address(&args.listen, args.expose)?;
    let (upstream, faults) = upstream_and_faults(&args)?;
    let catalog = watch::Catalog::new(stores)?;
    let record_into = record_into(&args, &catalog, upstream.is_some())?;
    // The accept loop and the signals run here; the connections on a serving thread a core
    // (`workers`). What a serving thread does not answer at once reads the store on its
    // blocking pool: two threads each are enough on any load (each thread keeps its
    // allocator's caches, so hundreds of them would hold gigabytes).
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let cannot = |e: std::io::Error| ulcas::Error::msg(format!("cannot start the server: {e}"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(cannot)?;
    let (listener, local) = runtime.block_on(bind(addr))?;
    let expose = args.expose;
    let started = Started {
        catalog,
        upstream,
        faults,
        record_into,
        local,
    };
    let server = Arc::new(new_server(args, &ctx, started)?);
    let grace = server.limits.grace();
    let workers = workers::Workers::start(cores, 2, grace).map_err(cannot)?;
    let served = runtime.block_on(async {
        let shutdown = http::shutdown()?;
        // The prompts are watched from before the start line on.
        watch::spawn(Arc::downgrade(&server));
        Server::count_in_background(Arc::downgrade(&server));
        server.log.listening(local);
        server.warn_at_start(local, expose);
        let app = http::router(server.clone());
        let unfinished = conn::serve(server.clone(), listener, &workers, app, shutdown).await;
        server.log.stopped(unfinished.as_deref());
        Ok::<_, ulcas::Error>(())
    });
    // Blocking work still running after the grace period is not waited for.
    workers.stop();
    runtime.shutdown_timeout(grace);
    served?;
    Ok(Verdict::Pass)
}

/// The upstream a record-mode server forwards misses to, and the faults armed at start.
fn upstream_and_faults(
    args: &ServeArgs,
) -> Result<(Option<record::Upstream>, faults::Faults), ulcas::Error> {
    let upstream = match (&args.upstream, args.mode) {
        (Some(url), ServeMode::Record) => Some(record::Upstream::new(url, &args.limits)?),
        (Some(_), _) => {
            return Err(ulcas::Error::msg(
                "--upstream is for --mode record: add it, or drop --upstream",
            ));
        }
        (None, _) => None,
    };
    let faults = faults::Faults::of_specs(&args.faults).map_err(ulcas::Error::msg)?;
    Ok((upstream, faults))
}

/// What a server starts from: its stores, its upstream and faults, the store that records, and
/// the address it listens on.
struct Started {
    catalog: watch::Catalog,
    upstream: Option<record::Upstream>,
    faults: faults::Faults,
    record_into: Option<usize>,
    local: std::net::SocketAddr,
}

/// The server `args` ask for, from what it `started` with.
fn new_server(args: ServeArgs, ctx: &Ctx, started: Started) -> Result<Server, ulcas::Error> {
    let Started {
        catalog,
        upstream,
        faults,
        record_into,
        local,
    } = started;
    let json = args.format == ServeFormat::Json;
    Ok(Server {
        catalog: watch::Watched::new(catalog),
        mode: match args.mode {
            ServeMode::Cassette => Mode::Cassette,
            ServeMode::Synthetic => Mode::Synthetic,
            ServeMode::Record => Mode::Record,
        },
        log: log::Log::new(json, ctx),
        dumps: args
            .dump_dir
            .as_deref()
            .map(|dir| dump::Dumps::open(dir, args.limits.max_dumps()))
            .transpose()?,
        upstream,
        record_into,
        guard: guard::Guard::of_limits(local, &args.limits)?,
        budget: Arc::new(tokio::sync::Semaphore::new(args.limits.body_budget())),
        limits: args.limits,
        recordings: conn::InFlight::new(),
        counted: std::sync::Mutex::new(None),
        faults,
        fault_routes: !args.no_fault_routes,
        journal: journal::Journal::default(),
    })
}

/// The store (index) that records every miss: `--record-into`, else none when the stores'
/// prompts decide; refused when they cannot.
fn record_into(
    args: &ServeArgs,
    catalog: &watch::Catalog,
    recording: bool,
) -> ulcas::Result<Option<usize>> {
    let (stores, resolver) = (&catalog.stores, &catalog.resolver);
    let record_into = match &args.record_into {
        Some(root) => Some(stores.iter().position(|s| s.root == *root).ok_or_else(|| {
            ulcas::Error::msg(format!(
                "--record-into {}: not one of the stores served",
                root.display()
            ))
        })?),
        None => None,
    };
    if recording && record_into.is_none() {
        if let Some((version, roots)) = resolver.undecided_recordings().first() {
            let roots: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
            return Err(ulcas::Error::msg(format!(
                "--mode record: the prompt of {version} is read by the stores {}, and not exactly one holds it in its own prompts folder: --record-into ROOT decides which records its misses",
                roots.join(" and ")
            )));
        }
    }
    Ok(record_into)
}

/// The listener at `addr`, and the address it got.
async fn bind(addr: SocketAddr) -> ulcas::Result<(tokio::net::TcpListener, SocketAddr)> {
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
        ulcas::Error::msg(format!("--listen {addr}: {}", ulcas::error::io_message(&e)))
    })?;
    let local = listener
        .local_addr()
        .map_err(|e| ulcas::Error::msg(format!("--listen {addr}: {e}")))?;
    Ok((listener, local))
}

/// The address to listen on: loopback unless `--expose` says otherwise.
fn listen_address(listen: &str, expose: bool) -> ulcas::Result<SocketAddr> {
    let addr: SocketAddr = listen.parse().map_err(|_| {
        ulcas::Error::msg(format!(
            "--listen {listen:?}: not an address (IP:PORT, e.g. 127.0.0.1:8080)"
        ))
    })?;
    if !addr.ip().is_loopback() && !expose {
        return Err(ulcas::Error::msg(format!(
            "--listen {addr}: other machines reach that address, and every cassette and request would be served there: add --expose to mean it, or listen on 127.0.0.1"
        )));
    }
    Ok(addr)
}

#[cfg(test)]
mod tests {
    #[test]
    fn loopback_unless_exposed() {
        assert!(super::listen_address("127.0.0.1:0", false).is_ok());
        assert!(super::listen_address("[::1]:80", false).is_ok());
        let e = super::listen_address("0.0.0.0:8080", false).unwrap_err();
        assert!(e.message.contains("--expose"), "{e}");
        assert!(super::listen_address("0.0.0.0:8080", true).is_ok());
        assert!(super::listen_address("localhost", false).is_err());
    }
}
