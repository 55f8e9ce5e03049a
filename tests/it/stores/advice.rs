//! Every command a report advises runs as written, from where the user is.

use crate::stores::monorepo::*;
use std::path::Path;
use std::process::Command;
use std::process::Stdio;

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
