//! `ulcas prune`: build a store, prune it, compare the file tree before and after.

use crate::common;
use crate::common::MANIFEST;
use serde_json::json;
use std::collections::BTreeSet;
use std::path::Path;
use std::path::PathBuf;
use ulcas::request::Request;
use ulcas::store::Recording;
use ulcas::store::cassette_for;

fn fixture(p: &str) -> PathBuf {
    Path::new(MANIFEST).join("tests/fixtures").join(p)
}

/// Every file and folder under `dir`, relative, folders with a trailing `/`.
fn tree(dir: &Path) -> BTreeSet<String> {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if e.file_type().is_dir() {
                format!("{rel}/")
            } else {
                rel
            }
        })
        .collect()
}

/// A workspace with prompts (outline at v2), schemas and a store of the sample cassettes.
struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    fn new() -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        common::copy_tree(&fixture("prompts"), &dir.path().join("prompts"));
        common::copy_tree(&fixture("schemas"), &dir.path().join("schemas"));
        common::copy_tree(
            &Path::new(MANIFEST).join("cassettes"),
            &dir.path().join("store"),
        );
        // The scenarios start from the current versions only (the sample also keeps outline v1).
        std::fs::remove_dir_all(dir.path().join("store/outline/v1")).unwrap();
        Workspace { dir }
    }

    fn path(&self, p: &str) -> PathBuf {
        self.dir.path().join(p)
    }

    fn write(&self, p: &str, text: &str) {
        let path = self.path(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Records a fixture request with `edit` applied, returns the cassette's store-relative path.
    fn record(&self, name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut dump: serde_json::Value = serde_json::from_slice(
            &std::fs::read(fixture(&format!("requests/{name}.json"))).unwrap(),
        )
        .unwrap();
        edit(&mut dump);
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        let (cassette, key) = cassette_for(&request, &Recording::new("{}", "m"), true).unwrap();
        let rel = key.relative_path().to_string_lossy().into_owned();
        self.write(&format!("store/{rel}"), &cassette.render());
        rel
    }

    fn ulcas(&self, args: &[&str]) -> (i32, String, String) {
        let run = common::ulcas_in(self.dir.path(), args);
        (run.code, run.stdout, run.stderr)
    }

    fn store(&self) -> BTreeSet<String> {
        tree(&self.path("store"))
    }
}

fn minus(a: &BTreeSet<String>, b: &BTreeSet<String>) -> BTreeSet<String> {
    a.difference(b).cloned().collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn stale_version_orphan_task_and_schema_change() {
    let w = Workspace::new();
    let stale = w.record("outline", |d| d["prompt_version"] = 1.into());
    let orphan = w.record("lesson", |d| d["task"] = "glossary".into());
    let changed = w.record("lesson", |d| {
        d["schema"]["properties"]["sections"]["maxItems"] = 9.into()
    });
    w.write("store/README.md", "recorded cassettes\n");
    let before = w.store();

    let (code, out, err) = w.ulcas(&["prune", "store", "--prompts", "prompts", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(w.store(), before, "a report changes nothing");
    for (path, reason) in [
        (&stale, "stale-version"),
        (&orphan, "orphan-task"),
        (&changed, "schema-changed"),
    ] {
        assert!(
            out.contains(&format!(
                "\"path\":\"store/{path}\",\"reason\":\"{reason}\",\"deleted\":false"
            )),
            "{path} {reason}\n{out}"
        );
    }
    assert!(out.contains("{\"type\":\"skipped\",\"path\":\"store/README.md\""));

    // Orphans stay without --orphans.
    let (code, out, err) = w.ulcas(&["prune", "store", "--prompts", "prompts", "--delete"]);
    assert_eq!(code, 0, "{out}{err}");
    let gone = minus(&before, &w.store());
    assert_eq!(
        gone,
        set(&[stale.as_str(), changed.as_str(), "outline/v1/"]),
        "the orphan was deleted without --orphans"
    );
    let (code, out, err) = w.ulcas(&[
        "prune",
        "store",
        "--prompts",
        "prompts",
        "--delete",
        "--orphans",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let gone = minus(&before, &w.store());
    assert_eq!(
        gone,
        set(&[
            stale.as_str(),
            orphan.as_str(),
            changed.as_str(),
            "outline/v1/",
            "glossary/",
            "glossary/v1/"
        ]),
        "only the three cassettes and the folders they emptied"
    );
    assert!(w.store().contains("README.md"));
}

#[test]
fn journals_from_two_shards() {
    let w = Workspace::new();
    let before = w.store();
    let cassettes: Vec<&String> = before.iter().filter(|p| p.ends_with(".json")).collect();
    assert_eq!(cassettes.len(), 5);
    // Shard 1 names two cassettes relative to the root, shard 2 one absolute path and one that
    // no longer exists.
    w.write(
        "shard-1.txt",
        &format!("{}\n{}\n", cassettes[0], cassettes[1]),
    );
    let abs = w.path("store").join(cassettes[2]);
    w.write(
        "shard-2.txt",
        &format!(
            "{}\n{}\n",
            abs.display(),
            "quiz/v1/0123456789abcdef0123456789abcdef.json"
        ),
    );
    // Without --complete-run, two shards are never taken for the whole run: nothing current
    // goes.
    let (code, out, err) = w.ulcas(&[
        "prune",
        "store",
        "--journal",
        "shard-1.txt",
        "--journal",
        "shard-2.txt",
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("\"reason\":\"unreferenced\""), "{out}");
    assert_eq!(w.store(), before);
    let (code, out, err) = w.ulcas(&[
        "prune",
        "store",
        "--journal",
        "shard-1.txt",
        "--journal",
        "shard-2.txt",
        "--complete-run",
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"type\":\"journal-missing\""), "{out}");
    let gone = minus(&before, &w.store());
    let unreferenced: BTreeSet<String> = cassettes[3..].iter().map(|s| s.to_string()).collect();
    assert_eq!(
        gone.iter()
            .filter(|p| p.ends_with(".json"))
            .cloned()
            .collect::<BTreeSet<_>>(),
        unreferenced
    );
}

#[test]
fn refuses_bad_journals_and_changes_nothing() {
    let w = Workspace::new();
    let before = w.store();
    w.write("empty.txt", "\n# nothing loaded\n");
    w.write("outside.txt", "/etc/hostname\n");
    w.write(
        "stale.txt",
        "lesson/v1/00000000000000000000000000000000.json\n",
    );
    for (journal, says) in [
        ("empty.txt", "the journal is empty"),
        ("outside.txt", "outside every store root"),
        ("stale.txt", "names no existing cassette"),
        ("missing.txt", "no such file"),
    ] {
        let (code, _, err) = w.ulcas(&["prune", "store", "--journal", journal, "--delete"]);
        assert_eq!(code, 2, "{journal}: {err}");
        assert!(
            err.starts_with("ulcas: error: ") && err.contains(says),
            "{journal}: {err}"
        );
        assert_eq!(err.lines().count(), 1);
        assert_eq!(w.store(), before);
    }
}

#[cfg(unix)]
#[test]
fn symlinks_never_lead_out_of_the_root() {
    let w = Workspace::new();
    // A version folder that is a link to a folder outside the store, holding a stale cassette.
    let outside = w.path("outside/v1");
    std::fs::create_dir_all(&outside).unwrap();
    let stale = w.record("outline", |d| d["prompt_version"] = 1.into());
    std::fs::rename(w.path("store").join(&stale), outside.join("victim.json")).unwrap();
    std::fs::remove_dir(w.path("store/outline/v1")).unwrap();
    std::os::unix::fs::symlink(&outside, w.path("store/outline/v1")).unwrap();
    // A cassette-named link to a file outside.
    std::os::unix::fs::symlink(
        outside.join("victim.json"),
        w.path("store/outline/v2/0123456789abcdef0123456789abcdef.json"),
    )
    .unwrap();
    let outside_before = tree(&w.path("outside"));
    let (code, out, err) = w.ulcas(&[
        "prune",
        "store",
        "--prompts",
        "prompts",
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        tree(&w.path("outside")),
        outside_before,
        "nothing outside the root is touched"
    );
    assert!(
        w.path("store/outline/v1")
            .symlink_metadata()
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // A store root that is itself a link is refused.
    std::os::unix::fs::symlink(w.path("store"), w.path("linked")).unwrap();
    let (code, _, err) = w.ulcas(&["prune", "linked"]);
    assert_eq!(code, 2);
    assert!(err.contains("symbolic link"), "{err}");
    let (code, _, err) = w.ulcas(&["prune", "no-such-store"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_file_that_does_not_parse_is_never_deleted() {
    let w = Workspace::new();
    w.write(
        "store/outline/v1/0123456789abcdef0123456789abcdef.json",
        "{ not json",
    );
    let before = w.store();
    let (code, out, err) = w.ulcas(&[
        "prune",
        "store",
        "--prompts",
        "prompts",
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(w.store(), before);
    assert!(out.contains("\"type\":\"skipped\",\"path\":\"store/outline/v1/0123456789abcdef0123456789abcdef.json\""), "{out}");
}

#[test]
fn current_cassettes_are_kept_without_journals_for_every_store() {
    let w = Workspace::new();
    let before = w.store();
    // Request dumps alone: the unreferenced current cassettes stay.
    let (code, out, _) = w.ulcas(&[
        "prune",
        "store",
        "--requests",
        &fixture("requests/lesson.json").to_string_lossy(),
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(w.store(), before);
    assert!(out.contains("\"kept_unreferenced\":4"), "{out}");
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_is_reported_not_fatal_to_the_rest() {
    use std::os::unix::fs::PermissionsExt;
    let w = Workspace::new();
    let stale = w.record("outline", |d| d["prompt_version"] = 1.into());
    let folder = w.path("store/outline/v1");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permissions: then the deletion goes through, which is also correct.
    let is_root = std::fs::write(folder.join("probe"), "").is_ok();
    let _ = std::fs::remove_file(folder.join("probe"));
    let (code, out, err) = w.ulcas(&["prune", "store", "--prompts", "prompts", "--delete"]);
    let _ = std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755));
    if is_root {
        assert_eq!(code, 0, "{out}{err}");
        assert!(!w.path("store").join(&stale).exists());
    } else {
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains("not deleted") && err.contains("permission denied"),
            "{err}"
        );
        assert!(w.path("store").join(&stale).exists());
    }
}

/// `prune --verbose` lists every path that can go; without it, the first 20 per reason.
#[test]
fn prune_verbose_lists_every_path() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    for v in [1, 2] {
        for i in 0..25 {
            let dump = json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                              "blocks": [{"type": "text", "text": format!("input {i}")}]});
            let request = ulcas::request::Request::from_slice(dump.to_string().as_bytes()).unwrap();
            ulcas::store::record(
                &store,
                &request,
                &ulcas::store::Recording::new("{}", "m"),
                Default::default(),
            )
            .unwrap();
        }
    }
    let listed = |args: &[&str]| {
        let run = common::ulcas_in(dir.path(), args);
        let paths = run
            .stdout
            .lines()
            .filter(|l| l.contains("(stale-version)"))
            .count();
        (paths, run.stdout.contains("and 5 more stale-version"))
    };
    assert_eq!(listed(&["prune", "s"]), (20, true));
    assert_eq!(listed(&["prune", "s", "--verbose"]), (25, false));
}
