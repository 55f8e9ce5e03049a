//! The monorepo, continued: hints run as written, closed pipes keep the exit code, a task the\nregistry does not know, commands from any folder, one review page for both stores.

use crate::common;
use common::MANIFEST;
use common::{events, of_type};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::monorepo::*;

/// The commands inside backticks of `text` that start with `ulcas prune`.
fn prune_commands(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|c| c.starts_with("ulcas prune"))
        .map(str::to_owned)
        .collect()
}

/// Runs a hint as written by a POSIX shell, with this build's `ulcas` first on the PATH.
fn run_hint(m: &Monorepo, command: &str) -> i32 {
    let bin = Path::new(env!("CARGO_BIN_EXE_ulcas"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("PATH", path)
        .current_dir(m.dir.path())
        .stdout(Stdio::null())
        .status()
        .unwrap()
        .code()
        .unwrap_or(-1)
}

#[test]
fn hints_run_as_written() {
    // No config: the hint must carry the store and the flags.
    let m = Monorepo::new(false);
    let own = [
        LC_STORE,
        "--prompts",
        "api/packages/living-course/resources/prompts",
    ];
    let run = m.ulcas(&[&["verify"][..], &own].concat());
    let commands = prune_commands(&run.stdout);
    assert!(!commands.is_empty(), "{}", run.stdout);
    for c in &commands {
        assert!(!c.contains('<'), "placeholder in {c}");
    }
    let orphan = commands.iter().find(|c| c.contains("--orphans")).unwrap();
    assert_eq!(run_hint(&m, orphan), 0);
    assert_eq!(m.count_under(&format!("{LC_STORE}/grounding")), 0);

    // With a config: the store alone, settings from the config.
    let m = Monorepo::new(true);
    let v1 =
        std::fs::read_to_string(m.path(&format!("{CB}/resources/prompts/outline/v1.md"))).unwrap();
    m.write(
        &format!("{CB}/resources/prompts/outline/v2.md"),
        &v1.replace("version: 1", "version: 2"),
    );
    let outline = std::fs::read_dir(m.path(&format!("{CB_STORE}/outline/v1")))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::create_dir_all(m.path(&format!("{CB_STORE}/outline/v2"))).unwrap();
    std::fs::copy(
        &outline,
        m.path(&format!("{CB_STORE}/outline/v2/copy.json")),
    )
    .unwrap();
    let run = m.ulcas(&["verify"]);
    let stale = prune_commands(&run.stdout)
        .into_iter()
        .find(|c| c.ends_with("--delete") && !c.contains("--orphans"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert_eq!(stale, format!("ulcas prune {CB_STORE} --delete"));
    assert_eq!(run_hint(&m, &stale), 0);
    assert!(!outline.exists());

    // prune's own closing hint.
    let m = Monorepo::new(false);
    let update = std::fs::read_dir(m.path(&format!("{LC_STORE}/update/v1")))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::create_dir_all(m.path(&format!("{LC_STORE}/update/v0"))).unwrap();
    let old = m.path(&format!("{LC_STORE}/update/v0/old.json"));
    std::fs::copy(&update, &old).unwrap();
    let run = m.ulcas(&[
        "prune",
        LC_STORE,
        "--prompts",
        "api/packages/living-course/resources/prompts",
    ]);
    assert_eq!(run.code, 1);
    let hint = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("to delete them: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert_eq!(run_hint(&m, hint), 0);
    assert!(!old.exists());
    assert_eq!(
        m.count_under(&format!("{LC_STORE}/grounding")),
        7,
        "orphans went without --orphans"
    );
}

/// Runs `ulcas ARGS` in `dir` with stdout and/or stderr a pipe whose reader has gone.
fn with_closed(dir: &Path, args: &[&str], stdout: bool, stderr: bool) -> i32 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .stdout(if stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(if stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .unwrap();
    // Close the read ends at once: every write of the child hits a broken pipe.
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn closed_pipes_keep_the_exit_code() {
    let m = Monorepo::new(true);
    m.write(
        &format!("{CB_STORE}/outline/v1/b5e21dce3800f2488e3d918d26f760c1.json"),
        "{",
    );
    assert_eq!(m.ulcas(&["verify"]).code, 1);
    assert_eq!(with_closed(m.dir.path(), &["verify"], true, false), 1);
    assert_eq!(with_closed(m.dir.path(), &["verify"], true, true), 1);
    assert_eq!(
        with_closed(m.dir.path(), &["verify", "--format", "json"], true, false),
        1
    );
    let vectors = Path::new(MANIFEST).join("tests/data/vectors/requests");
    let v = vectors.to_string_lossy();
    assert_eq!(
        with_closed(m.dir.path(), &["hash", "missing.json", &v], false, true),
        2
    );
    assert_eq!(
        with_closed(m.dir.path(), &["hash", "missing.json", &v], true, true),
        2
    );
    assert_eq!(with_closed(m.dir.path(), &["hash", &v], true, false), 0);
}

/// The current version of a task the registry does not know: `migrate` takes the highest
/// recorded one, `review` asks for `--to`, and a task neither knows nor recorded is unknown.
#[test]
fn a_task_the_registry_does_not_know() {
    let m = Monorepo::new(false);
    let own_prompts = "api/packages/living-course/resources/prompts";
    let schema = "api/packages/course-builder/resources/schemas/outputs/grounding.json";
    let run = m.ulcas(&[
        "migrate",
        "grounding",
        LC_STORE,
        "--prompts",
        own_prompts,
        "--schema",
        schema,
        "--format",
        "json",
    ]);
    let all = events(&run.stdout);
    let summary = of_type(&all, "summary");
    assert_eq!(summary.len(), 1, "{}", run.stderr);
    assert_eq!(summary[0]["prompt_version"], 1);
    let run = m.ulcas(&["migrate", "grounding", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("no known output schema for \"grounding\" v1"),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["migrate", "nosuch", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown task \"nosuch\""),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["migrate", "nosuch", LC_STORE]);
    assert!(
        run.stderr.contains("no recordings of task \"nosuch\""),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["review", "grounding", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("has no prompt in the prompt folders read: give --to N"),
        "{}",
        run.stderr
    );
}

/// Every store command works from any folder of the repository (issue 33): at the top, in a
/// package, inside either store and below it; the same verdict, the same counts, every store
/// checked, and paths written from where it runs.
#[test]
fn store_commands_run_from_any_folder() {
    let m = Monorepo::new(true);
    crate::review_against::git(m.dir.path(), &["init", "-q", "-b", "main"]);
    crate::review_against::git(m.dir.path(), &["add", "-A"]);
    crate::review_against::git(m.dir.path(), &["commit", "-qm", "stores"]);
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

/// `review --against --format html` over both stores (the README's `ulcas.toml`): one
/// document with unique ids, and a reject ticked in the second store makes a command that
/// restores that file in that store (issue 33).
#[test]
fn one_review_page_for_both_stores() {
    if !common::chromium_available("one_review_page_for_both_stores") {
        return;
    }
    let m = Monorepo::new(true);
    let git = |args: &[&str]| crate::review_against::git(m.dir.path(), args);
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "stores"]);
    let first = |store: &str| {
        walkdir::WalkDir::new(m.path(store))
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .find(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "json"))
            .unwrap()
            .into_path()
    };
    let (a, b) = (first(CB_STORE), first(LC_STORE));
    for file in [&a, &b] {
        let mut c: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        c["model"] = "claude-opus-5".into();
        c["text"] = c["text"].as_str().unwrap().replacen('a', "A", 1).into();
        std::fs::write(file, serde_json::to_string_pretty(&c).unwrap()).unwrap();
    }
    let page = m.ulcas(&["review", "--against", "--format", "html"]);
    assert_eq!(page.code, 1, "{}", page.stderr);
    assert_eq!(
        page.stdout.matches("<!doctype html>").count(),
        1,
        "one document"
    );
    // Long paths wrap after a slash, not inside a name.
    assert!(
        page.stdout.contains("tests/<wbr>cassettes/<wbr>"),
        "paths wrap at slashes"
    );
    for id in [
        "id=\"command\"",
        "id=\"count\"",
        "id=\"copy\"",
        "id=\"only-changed\"",
    ] {
        assert_eq!(page.stdout.matches(id).count(), 1, "{id} once");
    }
    // Reject the last listed cassette: the living-course one.
    let command = common::drive_page(
        &page.stdout,
        "var fs = d.querySelectorAll('fieldset.choice');
  fs[fs.length - 1].querySelector('input[value=reject]').click();
  out.textContent = d.getElementById('command').textContent;",
    );
    assert!(
        command.starts_with(&format!(
            "ulcas review --against HEAD {CB_STORE} {LC_STORE} --reject "
        )),
        "{command}"
    );
    let run = common::paste_in("sh", m.dir.path(), &command);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let rel = |p: &Path| {
        p.strip_prefix(m.dir.path())
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    };
    assert!(
        git(&["status", "--porcelain", "--", &rel(&b)]).is_empty(),
        "restored in its store"
    );
    assert!(
        !git(&["status", "--porcelain", "--", &rel(&a)]).is_empty(),
        "the other kept"
    );
}

/// A gate that checks nothing does not pass in silence (issue 57): a mistyped `root` in
/// `ulcas.toml` is a `no-cassettes` warning in every format, naming the folder meant, and
/// `--deny warnings` fails on it; a folder above the store likewise.
#[test]
fn a_mistyped_root_or_a_folder_above_the_store_is_a_warning_naming_the_store() {
    let m = Monorepo::new(false);
    m.write(
        "ulcas.toml",
        &CONFIG.replacen(
            "course-builder/tests/cassettes\"",
            "course-builder/tests/casettes\"",
            1,
        ),
    );
    let meant = format!("did you mean {CB_STORE}?");
    let strict = m.ulcas(&["verify", "--deny", "warnings"]);
    assert_eq!(strict.code, 1, "{}{}", strict.stdout, strict.stderr);
    assert!(strict.stdout.contains(&meant), "{}", strict.stdout);
    for format in ["json", "github", "sarif"] {
        let run = m.ulcas(&["verify", "--format", format]);
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        assert!(
            run.stdout.contains("no-cassettes") && run.stdout.contains(&meant),
            "{format}: {}",
            run.stdout
        );
    }
    // Run on the package folder instead of its store: the store is named.
    std::fs::write(m.path("ulcas.toml"), CONFIG).unwrap();
    let above = m.ulcas(&["verify", "api/packages/course-builder"]);
    assert_eq!(above.code, 0, "{}", above.stderr);
    assert!(
        above.stdout.contains("1 warning (no-cassettes 1)") && above.stdout.contains(&meant),
        "{}",
        above.stdout
    );
}

/// A prompt bumped inside its old file (`version: 2` in `v1.md`) is said once, with the file
/// to add, and its task is not called a schema built in code.
#[test]
fn a_bump_written_into_the_old_file_is_said_once_with_the_file_to_add() {
    let m = Monorepo::new(true);
    let file = "api/packages/course-builder/resources/prompts/metadata/v1.md";
    let text = std::fs::read_to_string(m.path(file)).unwrap();
    m.write(file, &text.replacen("version: 1", "version: 2", 1));
    let run = m.ulcas(&["verify"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.matches("add v2.md beside v1.md").count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("no known schema: metadata"),
        "{}",
        run.stdout
    );
}

/// Without a store named or an `ulcas.toml`, the error says what was looked for.
#[test]
fn no_store_and_no_config_says_what_was_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["verify", "lock", "prune"] {
        let run = common::ulcas_in(dir.path(), &[command]);
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("no ulcas.toml in")
                && run.stderr.contains("no `cassettes` folder here"),
            "{command}: {}",
            run.stderr
        );
    }
}

/// `lock` over two stores that lock the same task names each entry's store.
#[test]
fn lock_names_the_store_of_each_entry() {
    let m = Monorepo::new(true);
    let run = m.ulcas(&["lock"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for store in [CB_STORE, LC_STORE] {
        assert!(
            run.stdout
                .contains(&format!("added     {store}/grounding/v1")),
            "{}",
            run.stdout
        );
    }
}
