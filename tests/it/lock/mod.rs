//! What the key cannot see: `ulcas lock` and the `verify` checks it enables, on a copy of the
//! real monorepo stores (`api/packages/<package>/…` with an `ulcas.toml`). Their prompt bodies
//! are placeholders: an edit of a placeholder is still an edit.

use crate::common;
use crate::common::MANIFEST;
use crate::common::copy_tree;
use crate::common::events;
use crate::common::of_type;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use serde_json::Value;
use std::path::Path;
use std::path::PathBuf;

mod edits;
mod writers;

const CONFIG: &str = r#"[[store]]
root = "api/packages/course-builder/tests/cassettes"
prompts = ["api/packages/course-builder/resources/prompts"]

[[store]]
root = "api/packages/living-course/tests/cassettes"
prompts = ["api/packages/living-course/resources/prompts",
           "api/packages/course-builder/resources/prompts"]
"#;

const QUIZ_PROMPT: &str = "api/packages/course-builder/resources/prompts/quiz/v1.md";

const CB_STORE: &str = "api/packages/course-builder/tests/cassettes";

struct Monorepo {
    dir: tempfile::TempDir,
}

impl Monorepo {
    /// The two real packages with an `ulcas.toml`, locked.
    fn locked() -> Monorepo {
        let dir = tempfile::tempdir().unwrap();
        let data = Path::new(MANIFEST).join("tests/data/ulams");
        for package in ["course-builder", "living-course"] {
            copy_tree(
                &data.join(package),
                &dir.path().join("api/packages").join(package),
            );
        }
        std::fs::write(dir.path().join("ulcas.toml"), CONFIG).unwrap();
        let m = Monorepo { dir };
        let run = m.ulcas(&["lock"]);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        m
    }

    fn path(&self, p: &str) -> PathBuf {
        self.dir.path().join(p)
    }

    fn ulcas(&self, args: &[&str]) -> common::Run {
        common::ulcas_in(self.dir.path(), args)
    }

    fn edit(&self, file: &str, edit: impl FnOnce(String) -> String) {
        let text = std::fs::read_to_string(self.path(file)).unwrap();
        std::fs::write(self.path(file), edit(text)).unwrap();
    }

    /// verify's findings of `check`, as (path, message).
    fn findings(&self, check: &str) -> (i32, Vec<(String, String)>) {
        let run = self.ulcas(&["verify", "--format", "json"]);
        let found = events(&run.stdout)
            .into_iter()
            .filter(|e| e["check"] == check)
            .map(|e| {
                (
                    e["path"].as_str().unwrap().to_owned(),
                    e["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        (run.code, found)
    }
}
