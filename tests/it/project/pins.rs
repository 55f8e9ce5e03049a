//! The pins of the guide: every version pin names the last release, the Action's and the
//! hooks' pinned commits hold today's files, and the kits' pinned commit is the release's.

use regex::Regex;

use crate::project::release::{last_release, read};

/// Every version pin of the README and docs/ (the binary, the library, the Action, the archive,
/// the kits, and the prose around them) names the last release.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn every_pin_of_the_guide_names_the_last_release() {
    let last = last_release();
    let guide = crate::common::guide();
    let pins = Regex::new(
        r#"pip install ulcas==([0-9]\S*?)`|npm install --save-dev ulcas@([0-9]\S*?)`|cargo install ulcas --version ([0-9]\S*?)[` ]|ulcas = \{ version = "([0-9][^"]*)"|version: (\S+)  # the ulcas release|releases/download/v([0-9][^/]*)/ulcas-([0-9][^-]*)-"#,
    )
    .unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for c in pins.captures_iter(&guide) {
        for (i, named) in c.iter().enumerate().skip(1) {
            if let Some(named) = named {
                kinds.insert(i.min(6));
                assert_eq!(
                    named.as_str(),
                    last,
                    "a pin that is not the last release {last}: {:?}",
                    &c[0]
                );
            }
        }
    }
    assert_eq!(
        kinds.len(),
        6,
        "pip, npm, cargo, the library, the Action and the archive are each pinned"
    );
    // The kits' pins and the prose around the pins: each names the last release.
    for (re, what) in [
        (
            r"pytest-ulcas==([0-9][0-9A-Za-z.+-]*[0-9A-Za-z])",
            "the pytest kit on PyPI",
        ),
        (
            r"@ulcas/test-kit@([0-9][0-9A-Za-z.+-]*[0-9A-Za-z])",
            "the vitest kit on npm",
        ),
        (
            r#""name": "ulcas/phpunit-kit", "version": "([^"]*)""#,
            "the PHPUnit kit's package",
        ),
        (
            r#""ulcas/phpunit-kit": "([^"]*)""#,
            "the PHPUnit kit's requirement",
        ),
        (
            r"pip install ulcas==([0-9][0-9A-Za-z.+-]*[0-9A-Za-z])",
            "pip in a command block",
        ),
        (r"`ulcas-([0-9][^-]*)-<target>", "the archive's name"),
        (
            r"(?:binary of|names|[Ii]nstall) release ([0-9]+\.[0-9]+\.[0-9]+)",
            "the prose",
        ),
    ] {
        let found: Vec<String> = Regex::new(re)
            .unwrap()
            .captures_iter(&guide)
            .map(|c| c[1].to_owned())
            .collect();
        assert!(!found.is_empty(), "{what} is pinned: {re}");
        for named in found {
            assert_eq!(
                named, last,
                "{what} names {named}, not the last release {last}"
            );
        }
    }
    // Nothing names a git tag: tags do not travel with a clone.
    for old in ["--tag v", "ULCAS_VERSION:", "rev: v"] {
        assert!(
            !guide.contains(old),
            "the guide still pins a git tag: {old:?}"
        );
    }
}

/// The commits the guide pins (`uses: ulcas/ulcas@…`, the hooks' `rev:`) are in the history and
/// hold today's Action and hooks (what the guide documents is what they run).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_pinned_commits_exist_with_todays_action_and_hooks() {
    if !crate::common::full_clone() {
        return crate::serve::kit::skipped("pinned commits: not a full git clone");
    }
    let git = |args: &[&str]| crate::common::git(args).map(String::into_bytes);
    let guide = crate::common::guide();
    let pinned = |re: &str| -> Vec<String> {
        Regex::new(re)
            .unwrap()
            .captures_iter(&guide)
            .map(|c| c[1].to_owned())
            .collect()
    };
    let actions = pinned(r"uses: ulcas/ulcas@([0-9a-f]{40})");
    let hooks = pinned(r"rev: ([0-9a-f]{40})  # the ulcas hooks");
    assert!(
        actions.len() >= 3 && hooks.len() >= 2,
        "{actions:?} {hooks:?}"
    );
    for (commits, files) in [
        (&actions, &["action.yml", "packaging/action/install.sh"][..]),
        (&hooks, &[".pre-commit-hooks.yaml"][..]),
    ] {
        for commit in commits {
            for file in files {
                let then = git(&["show", &format!("{commit}:{file}")]).unwrap_or_else(|| {
                    panic!("the pinned commit {commit} has no {file} (not in the history?)")
                });
                assert_eq!(
                    String::from_utf8_lossy(&then),
                    read(file),
                    "{file} changed since the pinned commit {commit}: cut a release (.ci/release) to move the pins"
                );
            }
        }
    }
}

/// The kit pages install the kits from one commit (pip from `kits/python` of it, composer as a
/// package of git at it): the commit "Release X" of the last release, in the history, so that
/// the kit a team installs is the released one, which that release's binary runs.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_kits_pinned_commit_is_the_last_releases() {
    if !crate::common::full_clone() {
        return crate::serve::kit::skipped("the kits' pinned commit: not a full git clone");
    }
    let git = |args: &[&str]| crate::common::git(args).map(|o| o.trim().to_owned());
    let guide = crate::common::guide();
    let pinned: std::collections::BTreeSet<String> = Regex::new(
        r#"github\.com/ulcas/ulcas@([0-9a-f]{40})#subdirectory=kits/|"reference": "([0-9a-f]{40})""#,
    )
    .unwrap()
    .captures_iter(&guide)
    .map(|c| c.get(1).or(c.get(2)).unwrap().as_str().to_owned())
    .collect();
    assert_eq!(pinned.len(), 1, "one commit for every kit: {pinned:?}");
    let commit = pinned.first().unwrap();
    let subject = git(&["log", "-1", "--format=%s", commit])
        .unwrap_or_else(|| panic!("the kits' pinned commit {commit} is not in the history"));
    let last = last_release();
    assert_eq!(
        subject,
        format!("Release {last}"),
        "the kits' pinned commit {commit} is not the commit of release {last} (.ci/release moves it)"
    );
}
