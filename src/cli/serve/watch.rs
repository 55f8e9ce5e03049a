//! Prompts and schemas picked up while serving: the registries are read again when a file
//! they come from changes (checked every quarter second, and at once when a request names a
//! prompt or schema the registries do not hold), and each request is decided on one reading.

use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use ulcas::registry::{Fingerprint, Registry};
use ulcas::settings::StoreSettings;
use ulcas::wire::Endpoint;

use super::Server;

/// How often the registries' files are looked at.
pub const EVERY: Duration = Duration::from_millis(250);

/// One reading of the registries: the decision and the stores it serves.
pub struct Catalog {
    /// The decision.
    pub endpoint: Endpoint,
    /// The stores with their settings (a miss is explained as `ulcas lookup` explains it).
    pub stores: Vec<StoreSettings>,
}

impl Catalog {
    /// The catalog of `stores` as their registries read now.
    pub fn new(stores: Vec<StoreSettings>) -> ulcas::Result<Catalog> {
        let endpoint =
            Endpoint::of_settings(stores.clone()).map_err(|e| ulcas::Error::msg(e.to_string()))?;
        Ok(Catalog { endpoint, stores })
    }
}

/// The current reading, and the state of the files it was read from.
pub struct Watched {
    current: RwLock<Arc<Catalog>>,
    /// Held while the files are compared and read again: one reading at a time.
    /// The fingerprints, and when they were last taken.
    read_from: Mutex<(Vec<Fingerprint>, Instant)>,
}

/// The least time between two looks at the files: a flood of requests naming unknown prompts
/// costs one walk of the folders per interval, not one per request.
const LEAST: Duration = Duration::from_millis(50);

/// What a look at the registries' files found changed.
pub enum Change {
    /// The registries were read again: how many prompt versions they hold now, and the
    /// groups of prompts the wire cannot tell apart.
    Read {
        prompts: usize,
        indistinguishable: Vec<Vec<String>>,
    },
    /// They could not be read again (the reading before stays): why.
    Failed(String),
}

impl Watched {
    /// Watches the registries of `catalog`'s stores.
    pub fn new(catalog: Catalog) -> Watched {
        let read_from = catalog
            .stores
            .iter()
            .map(|s| s.source.fingerprint())
            .collect();
        Watched {
            current: RwLock::new(Arc::new(catalog)),
            read_from: Mutex::new((read_from, Instant::now())),
        }
    }

    /// The current reading.
    pub fn get(&self) -> Arc<Catalog> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Reads the registries again when a file they come from changed since the last reading.
    pub fn refresh(&self) -> Option<Change> {
        let mut guard = self.read_from.lock().unwrap_or_else(|e| e.into_inner());
        if guard.1.elapsed() < LEAST {
            return None;
        }
        guard.1 = Instant::now();
        let read_from = &mut guard.0;
        let current = self.get();
        let now: Vec<Fingerprint> = current
            .stores
            .iter()
            .map(|s| s.source.fingerprint())
            .collect();
        if now == *read_from {
            return None;
        }
        // A failed reading is not tried again until the files change again.
        *read_from = now;
        let stores: ulcas::Result<Vec<StoreSettings>> = current
            .stores
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.registry = Registry::load(&s.source)?;
                Ok(s)
            })
            .collect();
        match stores.and_then(Catalog::new) {
            Ok(catalog) => {
                let change = Change::Read {
                    prompts: catalog.endpoint.prompts(),
                    indistinguishable: catalog.endpoint.indistinguishable(),
                };
                *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(catalog);
                Some(change)
            }
            Err(e) => Some(Change::Failed(e.to_string())),
        }
    }
}

/// Looks at the registries' files every [`EVERY`] while the server runs.
pub fn spawn(server: Weak<Server>) {
    let log_to = server.clone();
    let looking = std::thread::Builder::new()
        .name("ulcas-watch".into())
        .spawn(move || loop {
            std::thread::sleep(EVERY);
            let Some(server) = server.upgrade() else {
                return;
            };
            server.refresh();
        });
    if let (Err(e), Some(server)) = (looking, log_to.upgrade()) {
        // Without the thread, an unknown prompt still makes a request look.
        let why = format!("prompts are watched only when a request names an unknown one: {e}");
        server.log.note("warning", &why);
    }
}

impl Server {
    /// Reads the registries again when their files changed, and says so in the log; whether
    /// they were read again.
    pub fn refresh(&self) -> bool {
        match self.catalog.refresh() {
            None => false,
            Some(Change::Read {
                prompts,
                indistinguishable,
            }) => {
                self.log.note(
                    "info",
                    &format!(
                        "prompts changed: the registries read again ({prompts} prompt versions)"
                    ),
                );
                self.warn_indistinguishable(&indistinguishable);
                true
            }
            Some(Change::Failed(why)) => {
                self.log.note(
                    "warning",
                    &format!(
                        "prompts changed, but cannot be read again (the last reading stays): {why}"
                    ),
                );
                false
            }
        }
    }

    /// Warns of each group of prompts the wire cannot tell apart.
    pub fn warn_indistinguishable(&self, groups: &[Vec<String>]) {
        for group in groups {
            self.log.note(
                "warning",
                &format!(
                    "the wire cannot tell apart {}: the same system text and the same output schema (or none); a request of them is refused unless x-ulcas-task names its task",
                    group.join(", ")
                ),
            );
        }
    }
}
