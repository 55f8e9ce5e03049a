//! GitHub output: annotations and job summary paths are relative to the checkout, wherever in
//! the repository ulcas ran.

use crate::common;
use crate::common::MANIFEST;
use crate::common::sample_with_registry;
use std::path::Path;

/// The job summary names files as the annotations do: relative to the workspace of the job,
/// wherever in the repository `ulcas` ran.
#[test]
fn the_job_summary_paths_are_relative_to_the_workspace() {
    let dir = sample_with_registry();
    let d = dir.path();
    let package = d.join("pkg");
    std::fs::create_dir_all(&package).unwrap();
    std::fs::rename(d.join("cassettes"), package.join("cassettes")).unwrap();
    std::fs::write(
        package.join("cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"),
        "{broken",
    )
    .unwrap();
    let summary = d.join("summary.md");
    let run = crate::common::ulcas_with(
        &package,
        &["verify", "cassettes", "--format", "github"],
        b"",
        &[
            ("GITHUB_WORKSPACE", d.to_str().unwrap()),
            ("GITHUB_STEP_SUMMARY", summary.to_str().unwrap()),
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("file=pkg/cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"),
        "{}",
        run.stdout
    );
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(
        md.contains("`pkg/cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json`"),
        "{md}"
    );
    assert!(md.contains("`pkg/cassettes/quiz/v1`"), "{md}");
}

/// Annotations and SARIF results name files relative to the checkout (`GITHUB_WORKSPACE`), run
/// from a package subfolder or given an absolute root.
#[test]
fn annotations_are_relative_to_the_checkout() {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(MANIFEST).join("tests/data/ulams/course-builder");
    let package = dir.path().join("api/packages/course-builder");
    common::copy_tree(&data, &package);
    let absolute_root = package.join("tests/cassettes");
    let absolute_root = absolute_root.to_str().unwrap();
    let expected = "api/packages/course-builder/tests/cassettes/";
    let prompts = package.join("resources/prompts");
    let prompts = prompts.to_str().unwrap();
    for (cwd, root) in [
        (&package, "tests/cassettes"),
        (&dir.path().to_path_buf(), absolute_root),
    ] {
        for format in ["github", "sarif"] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_ulcas"))
                .current_dir(cwd)
                .args(["verify", root, "--prompts", prompts, "--format", format])
                .env("GITHUB_WORKSPACE", dir.path())
                .output()
                .unwrap();
            let stdout = String::from_utf8(out.stdout).unwrap();
            let named = match format {
                "github" => stdout.contains(&format!("file={expected}")),
                _ => stdout.contains(&format!("\"uri\":\"{expected}")),
            };
            assert!(named, "{format} from {}: {stdout}", cwd.display());
        }
    }
}
