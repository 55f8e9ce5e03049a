//! `ulcas.lock`: what each recorded prompt version was recorded with — the sha256 of its prompt
//! text as the app sends it and of its schema as the key hashes it — so that an edit the key
//! cannot see (a prompt reworded without a version bump, a schema changed on cassettes without
//! request material) fails `verify`.
//!
//! The file sits at the store root, beside the task folders (the reference loader never reads
//! it; `verify` and `prune` treat it as part of the store). It is TOML, written in one order (by
//! task, then version number) with one table per version, so that a change reads as a small
//! diff in a pull request:
//!
//! ```toml
//! ["outline/v1"]
//! prompt = "sha256:…"
//! schema = "sha256:…"          # or "built in code"
//! ```
//!
//! ```
//! let (p, s) = ("a".repeat(64), "b".repeat(64));
//! let text = format!("[\"outline/v1\"]\nprompt = \"sha256:{p}\"\nschema = \"sha256:{s}\"\n");
//! let lock = ulcas::lock::Lock::parse(&text)?;
//! let entry = &lock.entries[&("outline".to_owned(), 1)];
//! assert_eq!(entry.prompt, format!("sha256:{p}"));
//! assert_eq!(entry.schema.as_deref(), Some(format!("sha256:{s}").as_str()));
//! // Anything else is an error naming the entry.
//! assert!(ulcas::lock::Lock::parse("[\"outline/v1\"]\nprompt = \"sha256:aa\"\n").is_err());
//! // Written in its one order under a header that says what it is; read back the same.
//! assert!(lock.render().ends_with(&text));
//! assert_eq!(ulcas::lock::Lock::parse(&lock.render())?, lock);
//! # Ok::<(), ulcas::Error>(())
//! ```

mod events;

pub use events::{LockEvent, LockSink};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::advice::Advice;
use crate::error::{Error, Named, Phrase, Result};
use crate::outcome::{Outcome, Verdict};
use crate::registry::{Registry, SchemaSource};
use crate::sink::{Context, sent};

pub use crate::layout::LOCK_FILE;

/// What a schema that is built in code (not a file the registry reads) is locked as.
pub const BUILT_IN_CODE: &str = "built in code";

/// What one recorded version was recorded with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// `sha256:…` of the prompt text.
    pub prompt: String,
    /// `sha256:…` of the canonical schema JSON, or `None` for a schema built in code.
    pub schema: Option<String>,
}

/// A store's lock: one entry per `(task, version)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lock {
    /// The entries, by task and version.
    pub entries: BTreeMap<(String, i64), Entry>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    prompt: String,
    schema: String,
}

impl Lock {
    /// Parses the text of a lock file.
    pub fn parse(text: &str) -> crate::Result<Lock> {
        Lock::parse_text(text).map_err(crate::Error::msg)
    }

    /// [`Lock::parse`], its error as text.
    pub(crate) fn parse_text(text: &str) -> std::result::Result<Lock, String> {
        let raw: BTreeMap<String, RawEntry> = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            let message = quoted_values_hidden(e.message().trim()).replace('\n', "; ");
            match line {
                Some(line) => format!("line {line}: {message}"),
                None => message,
            }
        })?;
        let mut lock = Lock::default();
        for (key, e) in raw {
            let (task, version) = key
                .rsplit_once('/')
                .and_then(|(t, v)| Some((t, crate::layout::parse_version_folder(v)?)))
                .ok_or_else(|| format!("[{key:?}] is not \"<task>/v<N>\""))?;
            for (what, hash) in [("prompt", &e.prompt), ("schema", &e.schema)] {
                let ok = hash.strip_prefix("sha256:").is_some_and(|h| {
                    h.len() == 64 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                }) || (what == "schema" && hash == BUILT_IN_CODE);
                if !ok {
                    return Err(format!("[{key:?}]: {what} is not sha256:<64 hex digits>"));
                }
            }
            let schema = (e.schema != BUILT_IN_CODE).then_some(e.schema);
            lock.entries.insert(
                (task.to_owned(), version),
                Entry {
                    prompt: e.prompt,
                    schema,
                },
            );
        }
        Ok(lock)
    }

    /// The file's text: deterministic, one table per version, by task then version number.
    pub fn render(&self) -> String {
        let mut out = String::from(
            "# ulcas.lock: what each recorded prompt version was recorded with (the prompt text\n# the app sends, the schema the key hashes). Written by `ulcas lock`; commit it with the\n# cassettes. `ulcas verify` fails when a prompt or schema changes without a version bump.\n",
        );
        for ((task, version), e) in &self.entries {
            // A TOML string, quoted and escaped as TOML wants, whatever the task name holds.
            let key = toml::Value::String(format!("{task}/v{version}"));
            out.push_str(&format!(
                "\n[{key}]\nprompt = \"{}\"\nschema = \"{}\"\n",
                e.prompt,
                e.schema.as_deref().unwrap_or(BUILT_IN_CODE)
            ));
        }
        out
    }

    /// Reads the lock of the store at `root`: `None` when it has none.
    pub fn read(root: &Path) -> Result<Option<Lock>> {
        let path = root.join(LOCK_FILE);
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let bytes =
            crate::input::read_store_file(&path, crate::input::MAX_SMALL_FILE, "lock file")?;
        let text = String::from_utf8(bytes).map_err(|_| Error::in_file(&path, "not UTF-8"))?;
        Lock::parse(&text)
            .map(Some)
            .map_err(|e| Error::in_file(&path, format!("invalid lock: {e}")))
    }
}

/// `message` with every quoted value replaced by `"…"`: a parse error says where and what kind
/// of thing is wrong, never what a value holds (a lock is data of the store, and what it holds
/// is nobody's business in a CI log).
fn quoted_values_hidden(message: &str) -> String {
    static QUOTED: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = QUOTED.get_or_init(|| {
        regex::Regex::new(r#""(?:[^"\\]|\\.)*"|'[^']*'"#).expect("a valid pattern")
    });
    re.replace_all(message, "\"…\"").into_owned()
}

/// What the registry says `task` v`version` is now: its lock entry, and the prompt file (and
/// schema file) it comes from; `None` when the registry has no prompt file for it.
pub(crate) fn current(
    registry: &Registry,
    task: &str,
    version: i64,
) -> Option<(Entry, PathBuf, Option<PathBuf>)> {
    let prompt = registry.prompt(task, version)?;
    let (schema, schema_file) = match &prompt.schema {
        SchemaSource::File { path, schema } => (
            Some(crate::key::sha256_tagged(schema.canonical_json())),
            Some(path.clone()),
        ),
        SchemaSource::Plain => (
            Some(crate::key::sha256_tagged(
                crate::schema::Schema::empty().canonical_json(),
            )),
            None,
        ),
        SchemaSource::Unknown { .. } => (None, None),
        SchemaSource::Broken { .. } => return None,
    };
    Some((
        Entry {
            prompt: prompt.text_hash.clone()?,
            schema,
        },
        prompt.path.clone(),
        schema_file,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Another writer that changed the lock between the read and the swap (what the write lock
    /// rules out, save on a file system without `flock`): read and edited again, its change
    /// kept, never an error that leaves a cassette without its entry.
    #[test]
    fn an_edit_of_the_lock_is_made_again_over_another_writers_change() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let entry = |p: &str| Entry {
            prompt: crate::registry::prompt_hash(p),
            schema: None,
        };
        let mut lock = Lock::default();
        lock.entries.insert(("quiz".into(), 1), entry("quiz"));
        std::fs::write(root.join(LOCK_FILE), lock.render()).unwrap();
        let store = crate::store::StoreDir::open(root).unwrap();
        let guard = store.write_guard().unwrap();
        let mut calls = 0;
        let changed = update(&guard, |l| {
            calls += 1;
            if calls == 1 {
                // The other writer, after this read: it adds lesson/v1.
                let mut other = lock.clone();
                other.entries.insert(("lesson".into(), 1), entry("lesson"));
                std::fs::write(root.join(LOCK_FILE), other.render()).unwrap();
            }
            l.entries.insert(("outline".into(), 1), entry("outline"));
            true
        })
        .unwrap();
        assert!(changed);
        assert_eq!(calls, 2);
        let now = Lock::read(root).unwrap().unwrap();
        let keys: Vec<_> = now.entries.keys().map(|(t, _)| t.as_str()).collect();
        assert_eq!(keys, ["lesson", "outline", "quiz"]);
    }

    /// What a working write lock rules out, and the order alone must still survive: a record
    /// made `outline/v1` after `lock` counted the versions, found the entry still there, and
    /// `lock` then wrote a lock without it: counted again, the version gets its entry.
    #[test]
    fn a_version_made_while_lock_counted_gets_its_entry() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("cassettes");
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for e in walkdir::WalkDir::new(here.join("cassettes")) {
            let e = e.unwrap();
            let to = root.join(e.path().strip_prefix(here.join("cassettes")).unwrap());
            if e.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(e.path(), &to).unwrap();
            }
        }
        let source = crate::registry::RegistrySource {
            prompts: vec![here.join("tests/fixtures/prompts")],
            ..Default::default()
        };
        let store = crate::store_settings::StoreSettings::new(&root, source).unwrap();
        let mut lock = Lock::read(&root).unwrap().unwrap();
        let entry = lock.entries.remove(&("outline".into(), 1)).unwrap();
        std::fs::write(root.join(LOCK_FILE), lock.render()).unwrap();
        let dir = crate::store::StoreDir::open(&root).unwrap();
        add_counted_again(&dir.write_guard().unwrap(), &store).unwrap();
        let now = Lock::read(&root).unwrap().unwrap();
        assert_eq!(now.entries.get(&("outline".into(), 1)), Some(&entry));
        assert_eq!(now.entries.len(), lock.entries.len() + 1);
    }

    #[test]
    fn renders_deterministically_and_reads_back() {
        let mut lock = Lock::default();
        let e = |p: &str, s: Option<&str>| Entry {
            prompt: crate::registry::prompt_hash(p),
            schema: s.map(crate::key::sha256_tagged),
        };
        lock.entries
            .insert(("outline".into(), 10), e("a", Some("{}")));
        lock.entries.insert(("outline".into(), 2), e("b", None));
        lock.entries
            .insert(("lesson".into(), 1), e("c", Some("[]")));
        let text = lock.render();
        let order: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
        assert_eq!(
            order,
            ["[\"lesson/v1\"]", "[\"outline/v2\"]", "[\"outline/v10\"]"]
        );
        assert!(text.contains("schema = \"built in code\""));
        assert_eq!(Lock::parse(&text).unwrap(), lock);
        assert!(Lock::parse("[\"x/v01\"]\nprompt = \"a\"\nschema = \"b\"\n").is_err());
        assert!(
            Lock::parse("[\"x/v1\"]\nprompt = \"sha256:00\"\nschema = \"built in code\"\n")
                .is_err()
        );
    }

    #[test]
    fn prompt_text_is_trimmed_as_php_trims() {
        let text = |file: &str| crate::prompt_file::load(file.as_bytes(), 1).unwrap().text;
        let file = "---\nid: x\nversion: 1\n---\n\n  Hello.\u{a0}\n\t\u{b}\0\r\n";
        assert_eq!(text(file), "Hello.\u{a0}");
        assert_eq!(text("---\nversion: 1\n---"), "");
    }
}

/// What `ulcas lock` did to one version's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum LockChange {
    /// A recorded version the lock lacked.
    Added,
    /// The entry was changed to the current text, as `--accept` asked.
    Accepted,
    /// The version has no recordings any more.
    Dropped,
    /// The entry matches the registry.
    Unchanged,
    /// The prompt or schema now differs from the entry, which was kept (exit 1).
    Differs,
}

/// One version's entry, as `lock` reports it (`{"type":"locked",…}`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct LockedVersion {
    /// The task.
    pub task: String,
    /// The prompt version.
    pub version: i64,
    /// `sha256:…` of the prompt text now.
    pub prompt: String,
    /// `sha256:…` of the schema now (`null` for a schema built in code).
    pub schema: Option<String>,
    /// What happened to the entry.
    pub change: LockChange,
    /// The prompt file (for `differs`: what was edited).
    #[serde(serialize_with = "crate::machine_json::path")]
    pub prompt_file: PathBuf,
}

/// The totals of `lock` (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct LockSummary {
    /// Entries added.
    pub added: usize,
    /// Entries accepted.
    pub accepted: usize,
    /// Entries dropped.
    pub dropped: usize,
    /// Entries unchanged.
    pub unchanged: usize,
    /// Entries that differ and were kept.
    pub differs: usize,
    /// Recorded versions without a prompt file (no entry), prompts in code not counted.
    pub no_prompt: usize,
    /// Recorded versions of prompts written in code (no entry needed: their system text is
    /// part of their key).
    pub in_code: usize,
    /// Lock files written.
    pub written: usize,
}

impl Outcome for LockSummary {
    /// Exit 0 unless an entry differs (kept, not accepted): exit 1.
    fn verdict(&self) -> Verdict {
        Verdict::of(self.differs == 0)
    }
}

/// What `lock` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct LockOptions {
    /// The versions whose differing entries are replaced: "these recordings were re-made with
    /// the current text" (`--accept TASK/vN`).
    pub accept: Vec<(String, i64)>,
}

/// `TASK/vN` as `--accept` takes it.
pub fn parse_accept(text: &str) -> Result<(String, i64)> {
    text.rsplit_once('/')
        .and_then(|(t, v)| Some((t.to_owned(), crate::layout::parse_version_folder(v)?)))
        .filter(|(t, _)| crate::request::validate_task(t).is_ok())
        .ok_or_else(|| {
            Error::of_option(
                crate::error::Named::Accept,
                format_args!(" {text:?}: expected TASK/vN (quiz/v1)"),
            )
        })
}

/// `ulcas lock`: writes each store's `ulcas.lock` from its registry for every recorded
/// version, reporting each entry and a summary. Never changes an entry that differs unless
/// its version is in `accept`; refuses a store without a registry or whose registry has
/// problems.
pub fn run(
    stores: &[crate::store_settings::StoreSettings],
    asked: &LockOptions,
    sink: &mut dyn LockSink,
) -> Result<LockSummary> {
    let accept = asked.accept.as_slice();
    lockable(stores)?;
    accepted(stores, accept)?;
    let mut summary = LockSummary::default();
    for store in stores {
        sink.emit_context(&Context::Store(store))?;
        lock_store(store, accept, &mut summary, sink)?;
    }
    sent(sink.lock(&LockEvent::Summary(&summary)))?;
    Ok(summary)
}

/// Refuses a store without a registry or whose registry has problems.
fn lockable(stores: &[crate::store_settings::StoreSettings]) -> Result<()> {
    for store in stores {
        crate::store::check_folder(&store.root)?;
        if !store.registry.present {
            if let Some(tasks) = all_in_code(&store.root)? {
                return Err(Error::in_file(
                    &store.root,
                    format!(
                        "nothing to lock: the recordings ({tasks}) are of prompts written in code, whose system text is part of their key, so an edited text is a new key and never replays an old answer; ulcas.lock is for prompt files, whose text the key does not cover"
                    ),
                ));
            }
            return Err(Error::in_file(
                &store.root,
                "ulcas lock needs the prompt registry the recordings answer",
            )
            .with_hint(crate::error::Hint::GiveRegistry));
        }
        if let Some(p) = store.registry.problems.first() {
            return Err(Error::in_file(
                &p.path,
                format!("not locking while the registry has problems: {}", p.message),
            ));
        }
    }
    Ok(())
}

/// The tasks of the store at `root` (listed in a line) when every one is recorded as a
/// prompt in code; `None` when some task is not (or the store is empty).
fn all_in_code(root: &std::path::Path) -> Result<Option<String>> {
    let census = crate::store::census(root)?;
    if census.is_empty() {
        return Ok(None);
    }
    for (task, versions) in &census {
        let all = versions
            .keys()
            .all(|&v| crate::in_code::version_recorded_in_code(root, task, v));
        if !all {
            return Ok(None);
        }
    }
    let mut names: Vec<&str> = census.keys().map(String::as_str).take(5).collect();
    if census.len() > 5 {
        names.push("…");
    }
    Ok(Some(names.join(", ")))
}

/// Every --accept names a version that some store recorded and has a prompt for: a typo is an
/// error before anything is written, never a silent no-op.
fn accepted(
    stores: &[crate::store_settings::StoreSettings],
    accept: &[(String, i64)],
) -> Result<()> {
    let censuses = if accept.is_empty() {
        Vec::new()
    } else {
        stores
            .iter()
            .map(|s| crate::store::census(&s.root))
            .collect::<Result<Vec<_>>>()?
    };
    for (task, version) in accept {
        let mut recorded = false;
        for (store, census) in stores.iter().zip(&censuses) {
            if census.get(task).is_some_and(|v| v.contains_key(version)) {
                recorded = true;
                if current(&store.registry, task, *version).is_some() {
                    continue;
                }
                return Err(Error::of_option(
                    crate::error::Named::Accept,
                    format_args!(
                        " {task}/v{version}: {} has recordings of it but the registry has no prompt file for it (nothing to accept): nothing was written",
                        store.root.display()
                    ),
                ));
            }
        }
        if !recorded {
            return Err(Phrase::default()
                .name(Named::Accept)
                .text(format_args!(" {task}/v{version}: no store has recordings of {task} v{version} (a typo? lock without "))
                .name(Named::Accept)
                .text(" lists the recorded versions): nothing was written")
                .error());
        }
    }
    Ok(())
}

/// Writes one store's lock under its write lock, reporting each entry.
fn lock_store(
    store: &crate::store_settings::StoreSettings,
    accept: &[(String, i64)],
    summary: &mut LockSummary,
    sink: &mut dyn LockSink,
) -> Result<()> {
    let dir = crate::store::StoreDir::open(&store.root)?;
    let write = dir.write_guard()?;
    // Counted under the lock: a version recorded a moment ago keeps its entry.
    let census = crate::store::census(&store.root)?;
    let read = dir.read_root(LOCK_FILE)?;
    let old = match &read {
        Some(r) => {
            let text = std::str::from_utf8(&r.bytes)
                .map_err(|_| Error::in_file(store.root.join(LOCK_FILE), "not UTF-8"))?;
            Lock::parse(text).map_err(|e| {
                Error::in_file(store.root.join(LOCK_FILE), format!("invalid lock: {e}"))
            })?
        }
        None => Lock::default(),
    };
    let mut new = Lock::default();
    for (task, versions) in &census {
        for &version in versions.keys() {
            let key = (task.clone(), version);
            let Some((now, prompt_file, _)) = current(&store.registry, task, version) else {
                let path = crate::layout::version_dir(&store.root, task, version);
                let in_code = store.registry.names_in_code(task)
                    || crate::in_code::version_recorded_in_code(&store.root, task, version);
                match in_code {
                    true => summary.in_code += 1,
                    false => summary.no_prompt += 1,
                }
                sent(sink.lock(&LockEvent::NoPrompt {
                    task,
                    version,
                    path: &path,
                    in_code,
                }))?;
                continue;
            };
            let change = match old.entries.get(&key) {
                None => LockChange::Added,
                Some(e) if *e == now => LockChange::Unchanged,
                Some(_) if accept.contains(&key) => LockChange::Accepted,
                Some(_) => LockChange::Differs,
            };
            let kept = match change {
                LockChange::Differs => old.entries[&key].clone(),
                _ => now.clone(),
            };
            new.entries.insert(key, kept);
            summary.count(change);
            sent(sink.lock(&LockEvent::Locked(&LockedVersion {
                task: task.clone(),
                version,
                prompt: now.prompt,
                schema: now.schema,
                change,
                prompt_file,
            })))?;
        }
    }
    for ((task, version), e) in &old.entries {
        if !new.entries.contains_key(&(task.clone(), *version))
            && !census.get(task).is_some_and(|v| v.contains_key(version))
        {
            summary.count(LockChange::Dropped);
            sent(sink.lock(&LockEvent::Locked(&LockedVersion {
                task: task.clone(),
                version: *version,
                prompt: e.prompt.clone(),
                schema: e.schema.clone(),
                change: LockChange::Dropped,
                prompt_file: PathBuf::new(),
            })))?;
        }
    }
    if read.is_none() || new != old {
        write.write_root(LOCK_FILE, read.as_ref(), new.render().as_bytes())?;
        summary.written += 1;
        add_counted_again(&write, store)?;
    }
    Ok(())
}

/// After `ulcas lock` wrote the lock of `store`: the versions counted again that lack an entry
/// get theirs. A writer the write lock does not hold back (the app's own recorder, which never
/// takes it; any writer on a file system without `flock`) may have made a version after `lock`
/// counted: a record that found the entry `lock` then left out. A record asks for its entry
/// after its cassette is written, so one of the two always sees the other. Done only when the
/// lock was written; a count without reading a file (0.04 s for 100,000 cassettes).
fn add_counted_again(
    write: &crate::store::WriteGuard<'_>,
    store: &crate::store_settings::StoreSettings,
) -> Result<()> {
    let again = crate::store::census(&store.root)?;
    update(write, |lock| {
        let mut added = false;
        for (task, versions) in &again {
            for &version in versions.keys() {
                let key = (task.clone(), version);
                if lock.entries.contains_key(&key) {
                    continue;
                }
                if let Some((entry, ..)) = current(&store.registry, task, version) {
                    lock.entries.insert(key, entry);
                    added = true;
                }
            }
        }
        added
    })
    .map(drop)
}

impl LockSummary {
    fn count(&mut self, change: LockChange) {
        match change {
            LockChange::Added => self.added += 1,
            LockChange::Accepted => self.accepted += 1,
            LockChange::Dropped => self.dropped += 1,
            LockChange::Unchanged => self.unchanged += 1,
            LockChange::Differs => self.differs += 1,
        }
    }
}

/// Changes the lock of the store `write` holds, when it has one (a store opts in by running
/// `ulcas lock`): `edit` says whether it changed anything, and only then is it written, through
/// the store's write path. `Ok(false)` when the store has no lock or nothing changed.
pub(crate) fn update(
    write: &crate::store::WriteGuard<'_>,
    mut edit: impl FnMut(&mut Lock) -> bool,
) -> Result<bool> {
    let store = write.store();
    let path = store.root().join(LOCK_FILE);
    // Read and edited again when another writer changed the file between the read and the
    // swap (which the write lock rules out, save on a file system without `flock`).
    let mut tries = 0;
    loop {
        let Some(read) = store.read_root(LOCK_FILE)? else {
            return Ok(false);
        };
        let text =
            std::str::from_utf8(&read.bytes).map_err(|_| Error::in_file(&path, "not UTF-8"))?;
        let mut lock =
            Lock::parse(text).map_err(|e| Error::in_file(&path, format!("invalid lock: {e}")))?;
        if !edit(&mut lock) {
            return Ok(false);
        }
        match write.write_root(LOCK_FILE, Some(&read), lock.render().as_bytes()) {
            Ok(()) => return Ok(true),
            Err(e) if e.kind == crate::ErrorKind::Refused && tries < 3 => tries += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Adds `task` v`version`'s entry `entry` to the lock of the store `write` holds, when it has a
/// lock that lacks it (never changes an entry). Whether an entry was added.
pub(crate) fn add_missing(
    write: &crate::store::WriteGuard<'_>,
    task: &str,
    version: i64,
    entry: &Entry,
) -> Result<bool> {
    update(write, |lock| {
        let key = (task.to_owned(), version);
        if lock.entries.contains_key(&key) {
            return false;
        }
        lock.entries.insert(key, entry.clone());
        true
    })
}

/// The `ulcas lock --accept TASK/vN` commands that bring the lock of `store` back in line after
/// its recordings were re-made (by `migrate --write`, `record`, a re-recording): one per
/// current version (`task` only, when given) whose recordings the lock covers with another
/// prompt or schema than the registry now has. A stale version is left out: the prune that
/// removes it also drops its entry. Empty without a lock or a registry.
pub(crate) fn to_accept(
    store: &crate::store_settings::StoreSettings,
    task: Option<&str>,
) -> Result<Vec<String>> {
    let Some(lock) = Lock::read(&store.root)? else {
        return Ok(Vec::new());
    };
    if !store.registry.present {
        return Ok(Vec::new());
    }
    let census = crate::store::census(&store.root)?;
    let staleness = crate::staleness::StalenessView::of_census(&census, &store.registry)
        .in_store(&store.root, &store.registry);
    let mut out = Vec::new();
    for (t, versions) in census
        .iter()
        .filter(|(t, _)| task.is_none_or(|x| x == t.as_str()))
    {
        for &version in versions.keys() {
            if staleness.current_version(t).is_some_and(|c| version < c) {
                continue;
            }
            let (Some(locked), Some((now, ..))) = (
                lock.entries.get(&(t.clone(), version)),
                current(&store.registry, t, version),
            ) else {
                continue;
            };
            if *locked != now {
                out.push(store.advise(Advice::Lock {
                    accept: Some((t, version)),
                }));
            }
        }
    }
    Ok(out)
}

/// The entry `task` v`version` of `store` gets when something is recorded into it: what its
/// registry says now (`None` without a prompt file for it).
pub(crate) fn entry_for(
    store: &crate::store_settings::StoreSettings,
    task: &str,
    version: i64,
) -> Option<Entry> {
    current(&store.registry, task, version).map(|(entry, ..)| entry)
}
