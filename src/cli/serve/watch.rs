//! Prompts and schemas picked up while serving: the registries are read again when a file
//! they come from changes (on the kernel's news of their folders, else checked every quarter
//! second, and at once when a request names a prompt or schema the registries do not hold),
//! and each request is decided on one reading.

use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use ulcas::registry::{Fingerprint, Registry};
use ulcas::store_settings::StoreSettings;
use ulcas::wire::Resolver;

use super::Server;

/// How often the registries' files are looked at without the kernel's news of them.
pub const EVERY: Duration = Duration::from_millis(250);

/// How long the watcher sleeps on the kernel's news before it looks anyway: a change the news
/// cannot tell (the target of a linked prompt file edited elsewhere) is seen within this.
const AT_LEAST_EVERY: Duration = Duration::from_secs(5);

/// How long the watcher lets a change settle before it reads the registries again.
const SETTLE: Duration = Duration::from_millis(20);

/// One reading of the registries: the decision and the stores it serves.
pub struct Catalog {
    /// The decision.
    pub resolver: Resolver,
    /// The stores with their settings (a miss is explained as `ulcas lookup` explains it).
    pub stores: Vec<StoreSettings>,
    /// The registry folders a config named, inside its tree at start: each must still be
    /// inside it at every reading (a folder swapped for a link out of it is not read).
    confined: Vec<Confined>,
}

/// A registry folder an `ulcas.toml` names: the config, what the folder is, the folder.
#[derive(Debug, Clone)]
struct Confined {
    config: std::path::PathBuf,
    what: &'static str,
    folder: std::path::PathBuf,
}

impl Confined {
    /// The folders the configs of `stores` name that lie inside their trees now.
    fn of(stores: &[StoreSettings]) -> Vec<Confined> {
        let mut all = Vec::new();
        for store in stores {
            let ulcas::store_settings::SettingsOrigin::Config(config) = &store.origin else {
                continue;
            };
            let source = &store.source;
            let folders = (source.prompts.iter().map(|f| ("prompts", f)))
                .chain(source.schemas.iter().map(|f| ("schemas", f)))
                .chain(source.code_schemas.iter().map(|f| ("code_schemas", f)));
            for (what, folder) in folders {
                if ulcas::config::check_still_inside(config, what, folder).is_ok() {
                    all.push(Confined {
                        config: config.clone(),
                        what,
                        folder: folder.clone(),
                    });
                }
            }
        }
        all
    }

    /// Whether it is still inside its config's tree.
    fn check(&self) -> ulcas::Result<()> {
        ulcas::config::check_still_inside(&self.config, self.what, &self.folder)
    }
}

impl Catalog {
    /// The problems of every store's registry, each once, in order.
    pub fn problems(&self) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for store in &self.stores {
            for problem in &store.registry.problems {
                let text = problem.to_string();
                if !all.contains(&text) {
                    all.push(text);
                }
            }
        }
        all
    }

    /// The catalog of `stores` as their registries read now.
    pub fn new(stores: Vec<StoreSettings>) -> ulcas::Result<Catalog> {
        let resolver =
            Resolver::of_settings(stores.clone()).map_err(|e| ulcas::Error::msg(e.to_string()))?;
        let confined = Confined::of(&stores);
        Ok(Catalog {
            resolver,
            stores,
            confined,
        })
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
    /// groups of prompts the wire cannot tell apart that the reading before could.
    Read {
        prompts: usize,
        indistinguishable: Vec<Vec<String>>,
        /// The registries' problems the reading before did not have.
        problems: Vec<String>,
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

    /// Reads the registries again when a file they come from changed since the last reading;
    /// `throttled`: not when the files were looked at less than [`LEAST`] ago. `announce` is
    /// told the change before a request can be decided on the new reading.
    pub fn refresh(&self, throttled: bool, announce: impl FnOnce(&Change)) -> Option<Change> {
        let mut guard = self.read_from.lock().unwrap_or_else(|e| e.into_inner());
        if throttled && guard.1.elapsed() < LEAST {
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
        let inside: ulcas::Result<()> = current.confined.iter().try_for_each(Confined::check);
        let stores: ulcas::Result<Vec<StoreSettings>> = inside.and_then(|()| {
            current
                .stores
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.registry = Registry::load(&s.source)?;
                    Ok(s)
                })
                .collect()
        });
        match stores.and_then(Catalog::new) {
            Ok(mut catalog) => {
                catalog.confined = current.confined.clone();
                // Groups warned of before are not warned of again at each reading.
                let before = current.resolver.indistinguishable();
                let problems_before = current.problems();
                let change = Change::Read {
                    prompts: catalog.resolver.prompts(),
                    indistinguishable: (catalog.resolver.indistinguishable().into_iter())
                        .filter(|group| !before.contains(group))
                        .collect(),
                    problems: (catalog.problems().into_iter())
                        .filter(|p| !problems_before.contains(p))
                        .collect(),
                };
                announce(&change);
                *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(catalog);
                Some(change)
            }
            Err(e) => {
                let change = Change::Failed(e.to_string());
                announce(&change);
                Some(change)
            }
        }
    }
}

/// Looks at the registries' files while the server runs: when the kernel says that one of
/// their folders changed (and at least every [`AT_LEAST_EVERY`]), else every [`EVERY`].
pub fn spawn(server: Weak<Server>) {
    let log_to = server.clone();
    let looking = std::thread::Builder::new()
        .name("ulcas-watch".into())
        .spawn(move || {
            loop {
                // The watches are placed before the look, so a change after it is news.
                let news = server
                    .upgrade()
                    .and_then(|s| News::of(&s.catalog.get().stores));
                if let Some(server) = server.upgrade() {
                    // Never throttled: a change made since the last look is before the watches.
                    server.look(false);
                }
                match news {
                    Some(news) => {
                        news.wait(AT_LEAST_EVERY);
                        // An editor's save is several changes: they are read together.
                        std::thread::sleep(SETTLE);
                    }
                    None => std::thread::sleep(EVERY),
                }
                if server.strong_count() == 0 {
                    return;
                }
            }
        });
    if let (Err(e), Some(server)) = (looking, log_to.upgrade()) {
        // Without the thread, an unknown prompt still makes a request look.
        let why = format!("prompts are watched only when a request names an unknown one: {e}");
        server.log.note("warning", &why);
    }
}

/// The kernel's news (inotify) of the folders the registries are read from, and of the folders
/// that hold them (a folder made or replaced). Of a folder that holds one, only news naming it
/// counts: a log file written fifty times a second beside `prompts/` wakes the watcher, but
/// never makes it walk the prompts.
struct News {
    inotify: std::os::fd::OwnedFd,
    /// The watches on folders that hold a registry folder: the names that matter in each.
    parents: std::collections::HashMap<i32, Vec<std::ffi::OsString>>,
}

/// The most folders one look watches (each user's watches are shared by all their programs):
/// a quarter of the user's watches, from 1,024 to 65,536.
fn max_watched() -> usize {
    std::fs::read_to_string("/proc/sys/fs/inotify/max_user_watches")
        .ok()
        .and_then(|n| n.trim().parse::<usize>().ok())
        .map_or(1024, |n| (n / 4).clamp(1024, 65536))
}

impl News {
    /// Watches the registries' folders of `stores`; `None` where the system gives no news
    /// (then the files are looked at every [`EVERY`]).
    fn of(stores: &[StoreSettings]) -> Option<News> {
        use rustix::fs::inotify::{self, WatchFlags};
        let inotify =
            inotify::init(inotify::CreateFlags::CLOEXEC | inotify::CreateFlags::NONBLOCK).ok()?;
        let flags = WatchFlags::CREATE
            | WatchFlags::DELETE
            | WatchFlags::MODIFY
            | WatchFlags::ATTRIB
            | WatchFlags::CLOSE_WRITE
            | WatchFlags::MOVED_FROM
            | WatchFlags::MOVED_TO
            | WatchFlags::DELETE_SELF
            | WatchFlags::MOVE_SELF
            | WatchFlags::ONLYDIR;
        let mut watched = 0;
        let most = max_watched();
        // The watch placed (`None`: a folder that is not there yet, which is news of its
        // parent), or `Err` to stop: too many folders, or no watch left, is no news at all.
        let mut watch = |dir: &std::path::Path| -> Result<Option<i32>, ()> {
            use rustix::io::Errno;
            watched += 1;
            if watched > most {
                return Err(());
            }
            match inotify::add_watch(&inotify, dir, flags) {
                Ok(wd) => Ok(Some(wd)),
                Err(e)
                    if [Errno::NOENT, Errno::NOTDIR, Errno::ACCESS, Errno::LOOP].contains(&e) =>
                {
                    Ok(None)
                }
                Err(_) => Err(()),
            }
        };
        let mut parents: std::collections::HashMap<i32, Vec<std::ffi::OsString>> =
            std::collections::HashMap::new();
        let mut own = std::collections::HashSet::new();
        for (folder, depth) in stores.iter().flat_map(|s| s.source.folders()) {
            // The folder that holds it: the folder made, removed or replaced.
            let parent = folder.parent().filter(|p| !p.as_os_str().is_empty());
            let wd = watch(parent.unwrap_or(std::path::Path::new("."))).ok()?;
            if let (Some(wd), Some(name)) = (wd, folder.file_name()) {
                parents.entry(wd).or_default().push(name.to_owned());
            }
            // Each folder down to the one that holds the deepest files.
            let dirs = walkdir::WalkDir::new(&folder).max_depth(depth.saturating_sub(1));
            for entry in dirs.into_iter().filter_map(Result::ok) {
                if entry.file_type().is_dir() {
                    if let Some(wd) = watch(entry.path()).ok()? {
                        own.insert(wd);
                    }
                }
            }
        }
        // A registry's own folder counts whatever the news names, even where it also holds one.
        parents.retain(|wd, _| !own.contains(wd));
        Some(News { inotify, parents })
    }

    /// Sleeps until there is news that counts, or `at_most`: news of a registry's folder, or
    /// of a folder that holds one naming that one (or the holding folder itself).
    fn wait(&self, at_most: Duration) {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let until = std::time::Instant::now() + at_most;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            let mut fds = [PollFd::new(&self.inotify, PollFlags::IN)];
            let timeout = Timespec::try_from(left).ok();
            if !matches!(poll(&mut fds, timeout.as_ref()), Ok(n) if n > 0) || self.counts() {
                return;
            }
        }
    }

    /// Whether the news waiting (read now) counts.
    fn counts(&self) -> bool {
        use std::os::unix::ffi::OsStrExt;
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); 4096];
        let mut reader = rustix::fs::inotify::Reader::new(&self.inotify, &mut buf);
        let mut counts = false;
        // Every event waiting is read: the next wait starts on news not yet seen.
        loop {
            match reader.next() {
                Ok(event) => {
                    counts |= match (self.parents.get(&event.wd()), event.file_name()) {
                        (Some(names), Some(name)) => {
                            names.iter().any(|n| n.as_bytes() == name.to_bytes())
                        }
                        _ => true,
                    };
                }
                // Nothing more to read now (or the reader failed: look anyway).
                Err(rustix::io::Errno::AGAIN) => return counts,
                Err(_) => return true,
            }
        }
    }
}

impl Server {
    /// Reads the registries again when their files changed, and says so in the log; whether
    /// they were read again. A flood of requests looks at most once every [`LEAST`].
    pub fn refresh(&self) -> bool {
        self.look(true)
    }

    /// [`Server::refresh`], `throttled` or not. The log says what changed before a request is
    /// decided on the new reading.
    fn look(&self, throttled: bool) -> bool {
        let changed = self
            .catalog
            .refresh(throttled, |change| self.announce(change));
        matches!(changed, Some(Change::Read { .. }))
    }

    /// Says in the log what a look at the registries' files found changed.
    fn announce(&self, change: &Change) {
        match change {
            Change::Read {
                prompts,
                indistinguishable,
                problems,
            } => {
                self.log.note(
                    "info",
                    &format!(
                        "prompts changed: the registries read again ({prompts} prompt versions)"
                    ),
                );
                self.warn_indistinguishable(indistinguishable);
                self.warn_problems(problems);
            }
            Change::Failed(why) => self.log.note(
                "warning",
                &format!(
                    "prompts changed, but cannot be read again (the last reading stays): {why}"
                ),
            ),
        }
    }

    /// Warns of each problem of the registries: a prompt whose schema cannot be read answers
    /// no request but says so, so the log says it first.
    pub fn warn_problems(&self, problems: &[String]) {
        for problem in problems {
            self.log.note(
                "warning",
                &format!("a registry problem (its prompt version is not served): {problem}"),
            );
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
