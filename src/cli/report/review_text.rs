//! The pieces of `review` that its human text, Markdown and HTML share: numbers as changes,
//! verdicts, what to do with an unpaired recording, the retire sentence.

use serde_json::Value;
use ulcas::review::UnpairedWhy;
use ulcas::store_settings::StoreSettings;

use crate::cli::report::group::count;

/// A JSON value on one line, cut to `max` characters.
pub fn short(v: &Value, max: usize) -> String {
    let s = v.to_string();
    if s.chars().count() <= max {
        s
    } else {
        format!("{}…", s.chars().take(max).collect::<String>())
    }
}

/// `1180 → 1200 (+1.7%)`.
pub fn from_to(a: f64, b: f64) -> String {
    let pct = if a == 0.0 {
        String::new()
    } else {
        format!(" ({:+.1}%)", (b - a) / a * 100.0)
    };
    let n = |x: f64| {
        if x.fract() == 0.0 {
            format!("{x:.0}")
        } else {
            format!("{x:.1}")
        }
    };
    format!("{} → {}{pct}", n(a), n(b))
}

/// `ok`, `fails` or `unknown` for a schema verdict.
pub fn verdict(ok: Option<bool>) -> &'static str {
    match ok {
        Some(true) => "passes",
        Some(false) => "fails",
        None => "unknown",
    }
}

/// What to do about an unpaired recording.
pub fn unpaired_hint(store: &StoreSettings, why: UnpairedWhy) -> String {
    match why {
        UnpairedWhy::NotRerecorded => format!(
            "not re-recorded yet: record it with {}",
            store.record_hint()
        ),
        UnpairedWhy::NewInput => "a new input (only in the new version)".into(),
        UnpairedWhy::NoMaterial => {
            format!(
                "no request material, cannot be paired yet: {}",
                material_first_text()
            )
        }
        UnpairedWhy::NotACassette => "not readable as a cassette (verify says why)".into(),
        UnpairedWhy::Added => "added since (only in the working tree)".into(),
        UnpairedWhy::Removed => "removed since (only at the revision)".into(),
    }
}

/// How a recording without request material gets it, said the same by `review` and `prune`:
/// the dumps of a run after a prompt bump are the new version's, so they cannot give it.
/// `code` writes the command for the medium.
pub fn material_first(code: &dyn Fn(&str) -> String) -> String {
    format!(
        "a recording pairs once {} gives it request material from the dumps of a test run made before the prompt bump (check out the commit before it, e.g. with git worktree, and run the tests there with the dump hook); the dumps of a run after the bump are the new version's requests and cannot give it",
        code("ulcas backfill --requests DUMPS")
    )
}

/// [`material_first`] in plain text, the command in backticks.
fn material_first_text() -> String {
    material_first(&|c| format!("`{c}`"))
}

/// What `prune` says of stale versions before deleting them: review first, as `review` says;
/// how a recording gets request material only when `without_material` of them lack it.
pub fn review_before_retiring(tasks: &[&str], without_material: usize) -> String {
    let task = match tasks {
        [one] => (*one).to_owned(),
        _ => "TASK".to_owned(),
    };
    let review = format!(
        "before deleting a stale version, `ulcas review {task}` compares its answers with the current version's"
    );
    match without_material {
        0 => review,
        n => format!(
            "{review}; {} without request material: {}",
            crate::cli::report::group::count(n, "recording is", "recordings are"),
            material_first_text()
        ),
    }
}

/// The retire advice of a review as one sentence, the same in every format; `code` writes a
/// command for the medium (as is in a terminal, a code span in Markdown, `<code>` in HTML).
pub fn retire_sentence(
    from: i64,
    retire: &ulcas::review::Retire,
    code: &dyn Fn(&str) -> String,
) -> String {
    let Some(version) = retire.version else {
        return match retire.current {
            Some(current) => {
                format!("v{from} is not older than the current v{current}: prune never retires it")
            }
            None => format!("v{from} has no current version to retire it for"),
        };
    };
    let prune = code(&retire.command);
    let backfill = code("ulcas backfill --help");
    match (retire.record_first, retire.backfill_first) {
        (0, 0) => format!("to retire v{version}: {prune}"),
        (n, 0) => format!(
            "record the {} first; then retire v{version}: {prune}",
            count(n, "input not re-recorded", "inputs not re-recorded"),
        ),
        (0, _) => format!(
            "the v{version} recordings without request material cannot be paired yet: {} ({backfill}); or retire v{version} without comparing them: {prune}",
            material_first(code)
        ),
        (n, m) => format!(
            "record the {} first; the {} without request material: {} ({backfill}); then retire v{version}: {prune}",
            count(n, "input not re-recorded", "inputs not re-recorded"),
            count(
                m,
                &format!("v{version} recording"),
                &format!("v{version} recordings")
            ),
            material_first(code),
        ),
    }
}

/// `text` with its first letter upper-case (a sentence that starts a paragraph).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
