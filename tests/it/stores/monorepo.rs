//! Prune you can trust, on a copy of the real ulams stores laid out as a monorepo
//! (`api/packages/<package>/…` with an `ulcas.toml`), with the mistakes users make: a mistyped
//! `--schemas`, a broken schema, a store whose prompts live in another package, an explicit
//! root, a prompt bump not yet recorded, hints run as written, closed pipes.

use crate::common;
use crate::common::MANIFEST;
use crate::common::copy_tree;
use crate::common::events;
use crate::common::of_type;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::path::PathBuf;

pub(crate) const CB: &str = "api/packages/course-builder";
pub(crate) const LC: &str = "api/packages/living-course";
pub(crate) const CB_STORE: &str = "api/packages/course-builder/tests/cassettes";
pub(crate) const LC_STORE: &str = "api/packages/living-course/tests/cassettes";

pub(crate) const CONFIG: &str = r#"[[store]]
root = "api/packages/course-builder/tests/cassettes"
prompts = ["api/packages/course-builder/resources/prompts"]

[[store]]
root = "api/packages/living-course/tests/cassettes"
# its grounding cassettes answer course-builder's prompt
prompts = ["api/packages/living-course/resources/prompts",
           "api/packages/course-builder/resources/prompts"]
"#;

pub(crate) struct Monorepo {
    pub(crate) dir: tempfile::TempDir,
}

impl Monorepo {
    /// The two real packages under `api/packages/`; with `ulcas.toml` when `config`.
    pub(crate) fn new(config: bool) -> Monorepo {
        let dir = tempfile::tempdir().unwrap();
        let data = Path::new(MANIFEST).join("tests/data/ulams");
        copy_tree(&data.join("course-builder"), &dir.path().join(CB));
        copy_tree(&data.join("living-course"), &dir.path().join(LC));
        if config {
            std::fs::write(dir.path().join("ulcas.toml"), CONFIG).unwrap();
        }
        Monorepo { dir }
    }

    pub(crate) fn path(&self, p: &str) -> PathBuf {
        self.dir.path().join(p)
    }

    pub(crate) fn write(&self, p: &str, text: &str) {
        std::fs::write(self.path(p), text).unwrap();
    }

    pub(crate) fn ulcas(&self, args: &[&str]) -> common::Run {
        common::ulcas_in(self.dir.path(), args)
    }

    /// Every cassette file of both stores, relative.
    pub(crate) fn cassettes(&self) -> BTreeSet<String> {
        walkdir::WalkDir::new(self.dir.path().join("api"))
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| {
                e.path().to_string_lossy().contains("/tests/cassettes/") && e.file_type().is_file()
            })
            .map(|e| {
                e.path()
                    .strip_prefix(self.dir.path())
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    }

    pub(crate) fn count_under(&self, folder: &str) -> usize {
        self.cassettes()
            .iter()
            .filter(|p| p.starts_with(folder))
            .count()
    }
}

#[test]
pub(crate) fn a_mistyped_schemas_folder_deletes_nothing_and_is_no_orphan() {
    let m = Monorepo::new(false);
    let before = m.cassettes();
    let flags = [
        CB_STORE,
        "--prompts",
        "api/packages/course-builder/resources/prompts",
        "--schemas",
        "api/packages/course-builder/resources/schema",
    ];
    let run = m.ulcas(&[&["prune"][..], &flags, &["--delete"]].concat());
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert_eq!(m.cassettes(), before, "a refused prune deleted files");
    assert!(run.stderr.contains("deleted nothing"), "{}", run.stderr);
    assert!(run.stdout.contains("refused"), "{}", run.stdout);
    assert!(
        run.stdout.contains("the schemas folder does not exist"),
        "{}",
        run.stdout
    );

    // The report without --delete shows the plan and why --delete would refuse.
    let run = m.ulcas(&[&["prune"][..], &flags, &["--format", "json"]].concat());
    let ev = events(&run.stdout);
    assert!(of_type(&ev, "prune").is_empty(), "{}", run.stdout);
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(summary["refused"], false);
    assert_eq!(summary["registry_problems"].as_array().unwrap().len(), 12);

    // verify says what is wrong with the registry, not "no prompt".
    let run = m.ulcas(&[&["verify"][..], &flags, &["--format", "json"]].concat());
    let ev = events(&run.stdout);
    let checks: BTreeSet<&str> = of_type(&ev, "finding")
        .iter()
        .map(|f| f["check"].as_str().unwrap())
        .collect();
    assert!(checks.contains("registry"), "{checks:?}");
    assert!(!checks.contains("orphan-task"), "{checks:?}");
    assert_eq!(run.code, 1);
}

#[test]
pub(crate) fn one_broken_schema_keeps_its_task_and_stops_deletion() {
    let m = Monorepo::new(true);
    m.write(
        &format!("{CB}/resources/schemas/outputs/quiz.json"),
        "{ \"type\": ",
    );
    let before = m.cassettes();
    let run = m.ulcas(&["prune", "--delete", "--orphans"]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert_eq!(m.cassettes(), before);
    assert!(run.stdout.contains("quiz.json:1:"), "{}", run.stdout);

    let run = m.ulcas(&["verify", "--format", "json"]);
    let ev = events(&run.stdout);
    let findings = of_type(&ev, "finding");
    assert!(
        findings.iter().any(
            |f| f["check"] == "registry" && f["path"].as_str().unwrap().ends_with("quiz/v1.md")
        )
    );
    assert!(
        !findings.iter().any(|f| f["check"] == "orphan-task"),
        "{}",
        run.stdout
    );
}

#[test]
pub(crate) fn orphans_are_reported_and_deleted_only_with_the_flag() {
    let m = Monorepo::new(false);
    let own = [
        LC_STORE,
        "--prompts",
        "api/packages/living-course/resources/prompts",
    ];
    let run = m.ulcas(&[&["prune"][..], &own, &["--delete", "--format", "json"]].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(m.count_under(&format!("{LC_STORE}/grounding")), 7);
    let ev = events(&run.stdout);
    let pruned = of_type(&ev, "prune");
    assert_eq!(pruned.len(), 7);
    for p in &pruned {
        assert_eq!(p["reason"], "orphan-task");
        assert_eq!(p["kept"], "orphans-opt-in");
        assert_eq!(p["deleted"], false);
    }

    // Human output says which folders were read and how to add another package's prompts.
    let run = m.ulcas(&[&["prune"][..], &own].concat());
    assert!(
        run.stdout
            .contains("prompt folders read (api/packages/living-course/resources/prompts)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("--prompts, or this store's `prompts` in ulcas.toml"),
        "{}",
        run.stdout
    );
    let verify = m.ulcas(&[&["verify"][..], &own].concat());
    assert!(
        verify.stdout.contains("add that prompts folder"),
        "{}",
        verify.stdout
    );

    // With the other package's prompts, grounding is no orphan at all.
    let both = m.ulcas(
        &[
            &["prune"][..],
            &own,
            &[
                "--prompts",
                "api/packages/course-builder/resources/prompts",
                "--format",
                "json",
            ],
        ]
        .concat(),
    );
    assert!(
        of_type(&events(&both.stdout), "prune").is_empty(),
        "{}",
        both.stdout
    );

    let run = m.ulcas(&[&["prune"][..], &own, &["--orphans", "--delete"]].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(m.count_under(&format!("{LC_STORE}/grounding")), 0);
    assert_eq!(m.count_under(&format!("{LC_STORE}/update")), 13);
    assert!(
        !m.path(&format!("{LC_STORE}/grounding")).exists(),
        "emptied folders stay"
    );
}

#[test]
pub(crate) fn an_explicit_root_named_by_the_config_gets_its_settings() {
    let m = Monorepo::new(true);
    let findings = |args: &[&str]| -> Vec<Value> {
        let run = m.ulcas(&[args, &["--format", "json"]].concat());
        of_type(&events(&run.stdout), "finding")
            .into_iter()
            .filter(|f| f["path"].as_str().unwrap().contains("living-course"))
            .cloned()
            .collect()
    };
    let bare = findings(&["verify"]);
    let rooted = findings(&["verify", LC_STORE]);
    let spelled = findings(&[
        "verify",
        &format!("./{LC}/../living-course/tests/cassettes/"),
    ]);
    assert_eq!(bare, rooted);
    assert_eq!(rooted.len(), spelled.len());
    assert!(
        !rooted.iter().any(|f| f["check"] == "orphan-task"),
        "{rooted:?}"
    );

    // Human output says which config applied: a note on stderr, as every command gives it.
    let run = m.ulcas(&["verify", LC_STORE]);
    assert!(
        run.stderr.contains("settings from ulcas.toml") && !run.stdout.contains("settings from"),
        "{}{}",
        run.stdout,
        run.stderr
    );

    // So does prune, which keeps everything.
    let before = m.cassettes();
    let run = m.ulcas(&["prune", LC_STORE, "--delete", "--orphans"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(m.cassettes(), before);

    // Flags override the config: only living-course's own prompts make grounding an orphan.
    let own = findings(&[
        "verify",
        LC_STORE,
        "--prompts",
        "api/packages/living-course/resources/prompts",
    ]);
    assert_eq!(
        own.iter().filter(|f| f["check"] == "orphan-task").count(),
        7
    );

    // hash and lookup pick the store of the request's task from the config.
    let dump = m.path("dump.json");
    std::fs::write(
        &dump,
        r#"{"task":"update","prompt_version":1,"schema":{"type":"object"},"blocks":[{"type":"text","text":"x"}]}"#,
    )
    .unwrap();
    let run = m.ulcas(&["hash", "dump.json", "--format", "json"]);
    let key = &events(&run.stdout)[0];
    assert!(key["path"].as_str().unwrap().starts_with(LC_STORE), "{key}");
    let run = m.ulcas(&["lookup", "dump.json"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("settings from ulcas.toml"),
        "{}",
        run.stderr
    );

    // A task both stores read the prompt of (grounding): lookup finds it where it is recorded.
    std::fs::write(
        &dump,
        r#"{"task":"grounding","prompt_version":1,"schema":{"type":"object"},"blocks":[{"type":"text","text":"y"}]}"#,
    )
    .unwrap();
    std::fs::write(m.path("answer.json"), "{}").unwrap();
    let run = m.ulcas(&[
        "record",
        "dump.json",
        "--response",
        "answer.json",
        "--cassettes",
        LC_STORE,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = m.ulcas(&["lookup", "dump.json", "--format", "json"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        events(&run.stdout)[0]["path"]
            .as_str()
            .unwrap()
            .starts_with(LC_STORE)
    );
}

/// One set of store flags on every command: `--cassettes ROOT` is a positional root where a
/// command takes those, and `hash`, `lookup`, `migrate`, `review` choose among the stores named
/// the same way.
#[test]
pub(crate) fn every_command_takes_the_same_store_flags() {
    let m = Monorepo::new(true);
    for command in ["verify", "prune"] {
        let positional = m.ulcas(&[command, LC_STORE, "--format", "json"]);
        let flag = m.ulcas(&[command, "--cassettes", LC_STORE, "--format", "json"]);
        assert_eq!(positional.stdout, flag.stdout, "{command}");
        assert_eq!(positional.code, flag.code, "{command}");
    }
    // Both ways together name two stores.
    let run = m.ulcas(&["verify", CB_STORE, "--cassettes", LC_STORE, "-q"]);
    assert!(run.stdout.contains("in 2 stores"), "{}", run.stdout);

    // A named store is the one a task command works on, even where the task is not recorded.
    let run = m.ulcas(&["review", "grounding", "--cassettes", CB_STORE]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("course-builder"), "{}", run.stderr);
    let run = m.ulcas(&[
        "migrate",
        "grounding",
        "--cassettes",
        LC_STORE,
        "--format",
        "json",
    ]);
    let all = events(&run.stdout);
    let summaries = of_type(&all, "summary");
    assert_eq!(summaries.len(), 1, "{}", run.stderr);
    assert_eq!(summaries[0]["store"], LC_STORE);
    let run = m.ulcas(&["review", "grounding", CB_STORE, "--cassettes", LC_STORE]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("review takes one store root"),
        "{}",
        run.stderr
    );

    // hash and lookup choose among the stores the same flags give, by the owner rule of every
    // command (record and serve's record mode too): the config's store of the task, another
    // config's store, the named store whose own prompts hold the task's prompt (course-builder,
    // though named second), else the first named store whose registry has the task.
    let dump = m.path("dump.json");
    std::fs::write(
        &dump,
        r#"{"task":"quiz","prompt_version":1,"schema":{"type":"object"},"blocks":[]}"#,
    )
    .unwrap();
    let hash = |extra: &[&str]| -> String {
        let run = m.ulcas(&[&["hash", "dump.json", "--format", "json"], extra].concat());
        assert_eq!(run.code, 0, "{}", run.stderr);
        events(&run.stdout)[0]["path"].as_str().unwrap().to_owned()
    };
    assert!(hash(&[]).starts_with(CB_STORE));
    let config = m.path("other.toml");
    std::fs::write(&config, format!("[[store]]\nroot = \"{LC_STORE}\"\n")).unwrap();
    assert!(hash(&["--config", "other.toml"]).starts_with(LC_STORE));
    let both = ["--cassettes", LC_STORE, "--cassettes", CB_STORE];
    assert!(hash(&both).starts_with(CB_STORE));
    let prompts = ["--prompts", "api/packages/course-builder/resources/prompts"];
    assert!(hash(&[&both[..], &prompts[..]].concat()).starts_with(LC_STORE));
    let run = m.ulcas(&[&["lookup", "dump.json", "--pin", "quiz=1"], &both[..]].concat());
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
pub(crate) fn a_prompt_bump_keeps_the_last_recordings() {
    let m = Monorepo::new(true);
    let v1 =
        std::fs::read_to_string(m.path(&format!("{CB}/resources/prompts/quiz/v1.md"))).unwrap();
    m.write(
        &format!("{CB}/resources/prompts/quiz/v2.md"),
        &v1.replace("version: 1", "version: 2"),
    );

    let run = m.ulcas(&["verify", "--format", "json"]);
    let ev = events(&run.stdout);
    let unrecorded: Vec<_> = of_type(&ev, "finding")
        .into_iter()
        .filter(|f| f["check"] == "unrecorded-version")
        .collect();
    assert_eq!(unrecorded.len(), 1, "{}", run.stdout);
    let f = unrecorded[0];
    assert_eq!(f["severity"], "warning");
    assert!(f["path"].as_str().unwrap().ends_with("quiz/v2.md"));
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("\"quiz\"") && message.contains("v2") && message.contains("quiz/v2.md"),
        "{message}"
    );
    assert_eq!(run.code, 0);
    assert_eq!(m.ulcas(&["verify", "--deny", "warnings"]).code, 1);

    let before = m.cassettes();
    let run = m.ulcas(&["prune", "--delete", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(m.cassettes(), before, "the last recordings were deleted");
    let ev = events(&run.stdout);
    let kept = of_type(&ev, "prune");
    assert_eq!(kept.len(), 4);
    assert!(
        kept.iter()
            .all(|p| p["kept"] == "last-recordings" && p["reason"] == "stale-version")
    );

    let run = m.ulcas(&["prune", "--delete", "--include-last-recordings"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(m.count_under(&format!("{CB_STORE}/quiz")), 0);
}

/// Every store command works from any folder of the repository (issue 33): at the top, in a
/// package, inside either store and below it; the same verdict, the same counts, every store
/// checked, and paths written from where it runs.
#[test]
fn store_commands_run_from_any_folder() {
    let m = Monorepo::new(true);
    crate::review::against::git(m.dir.path(), &["init", "-q", "-b", "main"]);
    crate::review::against::git(m.dir.path(), &["add", "-A"]);
    crate::review::against::git(m.dir.path(), &["commit", "-qm", "stores"]);
    let summary = |dir: &Path, args: &[&str]| {
        let run = common::ulcas_in(dir, args);
        let ev = events(&run.stdout);
        let mut totals: Vec<Value> = of_type(&ev, "summary")
            .into_iter()
            .map(|s| {
                let mut s = s.clone();
                if let Some(o) = s.as_object_mut() {
                    o.retain(|k, _| !matches!(k.as_str(), "store" | "stores" | "root" | "path"));
                }
                s
            })
            .collect();
        totals.sort_by_key(|v| v.to_string());
        (run.code, totals, run.stderr)
    };
    // The lock written once first: from then on `lock` finds the same entries from anywhere.
    assert_eq!(m.ulcas(&["lock"]).code, 0);
    let folders = [
        "",
        CB,
        CB_STORE,
        LC_STORE,
        "api/packages/living-course/tests/cassettes/grounding",
    ];
    for args in [
        &["verify", "--format", "json"][..],
        &["prune", "--format", "json"],
        &["lock", "--format", "json"],
        &["review", "--against", "HEAD", "--format", "json"],
    ] {
        let top = summary(m.dir.path(), args);
        assert!(top.0 <= 1, "{args:?} at the top: {}", top.2);
        for folder in &folders[1..] {
            let here = summary(&m.path(folder), args);
            assert_eq!(
                (here.0, &here.1),
                (top.0, &top.1),
                "{args:?} from {folder}: {}",
                here.2
            );
        }
    }
    // Paths are written from where it runs.
    let inside = common::ulcas_in(&m.path(CB_STORE), &["verify", "-q"]);
    assert!(
        inside.stdout.contains(": . — 15 cassettes"),
        "{}",
        inside.stdout
    );
    assert!(
        inside
            .stdout
            .contains("../../../living-course/tests/cassettes — 20 cassettes"),
        "{}",
        inside.stdout
    );
}
