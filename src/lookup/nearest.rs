//! The nearest recorded requests of a miss: candidates of the same task prefiltered by word and
//! word-pair overlap, the best few ranked by a word diff with a deadline, each with a verdict
//! per key part; values in the difference that look generated are called out.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rayon::prelude::*;
use regex::Regex;

use super::probes::Probes;
use super::similarity::{Candidate, scored_candidates};
use super::{
    DIFF_DEADLINE, Detail, Diagnosis, DiagnosisKind, DiffTag, KeyVerdicts, NEAREST, WordDiff,
};
use crate::key::KeyMaterial;
use crate::request::Request;

/// The nearest recorded requests of the task (with request material), each with a verdict
/// per key part and a word diff; `no-stored-content` when none carries material.
pub(super) fn compare_with_material(probes: &Probes, versions: &[i64], out: &mut Vec<Diagnosis>) {
    let (request, material) = (probes.request, probes.material);
    let files = candidate_files(probes.root, &request.task, versions);
    if files.is_empty() {
        return;
    }
    let candidates = scored_candidates(&files, &material.content.text);
    if candidates.is_empty() {
        out.push(Diagnosis::new(
            Detail::NoStoredContent,
            format!(
                "the {} cassette{} of {:?} {} no request material, so there is nothing to compare: dump the requests of a test run that hits them (docs/driver.md: \"Wiring ulcas into your driver\") and add their material with backfill (see `{}`); then lookup shows what changed",
                files.len(),
                if files.len() == 1 { "" } else { "s" },
                request.task,
                if files.len() == 1 { "carries" } else { "carry" },
                probes.backfill
            ),
        ));
        return;
    }
    let ranked = nearest(candidates, &material.content.text);
    report_nearest(ranked, probes, out);
}

/// The `*.json` files of the task's version folders, with their version.
fn candidate_files(root: &Path, task: &str, versions: &[i64]) -> Vec<(i64, PathBuf)> {
    versions
        .iter()
        .flat_map(|&v| {
            let dir = crate::layout::version_dir(root, task, v);
            std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok())
                .filter(crate::store::is_json_file)
                .map(move |e| (v, e.path()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Prefiltered by word overlap, then the best few ranked by a real diff (each with a deadline).
fn nearest(candidates: Vec<Candidate>, content: &str) -> Vec<(Candidate, WordDiff, f64)> {
    let mut ranked: Vec<(Candidate, WordDiff, f64)> = candidates
        .into_par_iter()
        .map(|c| {
            let (diff, ratio) = word_diff(&c.content, content);
            (c, diff, ratio)
        })
        .collect();
    ranked.sort_by(|a, b| b.2.total_cmp(&a.2).then_with(|| a.0.path.cmp(&b.0.path)));
    ranked.truncate(NEAREST);
    ranked
}

/// How similar a recorded request must be to be shown as a near one (with its word diff).
const NEAR: f64 = 0.6;

/// One `content-changed` per near request (and `schema-changed` when only the schema differs),
/// then `generated-values` before them when the differences hold generated-looking values.
fn report_nearest(
    ranked: Vec<(Candidate, WordDiff, f64)>,
    probes: &Probes,
    out: &mut Vec<Diagnosis>,
) {
    let (request, material) = (probes.request, probes.material);
    let mut generated: Vec<String> = Vec::new();
    let mut schema_reported = out.iter().any(|d| d.kind() == DiagnosisKind::SchemaChanged);
    let mut shown_far = false;
    for (c, diff, similarity) in ranked {
        // A far candidate is most likely another request's recording: at most one is named,
        // without its noise of a diff, with the command that compares the two in full.
        if similarity < NEAR {
            if !shown_far && out.is_empty() {
                shown_far = true;
                out.push(far_candidate(c, similarity, request, material));
            }
            continue;
        }
        let verdicts = KeyVerdicts {
            task: true,
            version: c.version == request.prompt_version,
            schema: c.schema == material.schema_json,
            content: c.content == material.content.text,
        };
        if !verdicts.schema && verdicts.content && !schema_reported {
            schema_reported = true;
            out.push(schema_recorded_otherwise(probes, &c.path));
        }
        // The same content under another version or schema is the hit-with-version or
        // schema-changed diagnosis that already names this cassette, not a content change.
        let named = out.iter().any(|d| d.cassette.as_ref() == Some(&c.path));
        if verdicts.content && named {
            continue;
        }
        for (tag, text) in &diff {
            if *tag != DiffTag::Same {
                generated.extend(generated_values(text));
            }
        }
        let message = format!(
            "nearest recorded request: {} ({})",
            c.path.display(),
            differences(&verdicts, c.version, request.prompt_version, similarity)
        );
        let d = Diagnosis::new(
            Detail::ContentChanged {
                similarity: (similarity * 1000.0).round() / 1000.0,
                verdicts,
                diff,
            },
            message,
        );
        out.push(d.at(c.path));
    }
    insert_generated(generated, out);
}

/// The generated values (ids, timestamps) the diffs found, said before the first content
/// change they explain.
fn insert_generated(mut generated: Vec<String>, out: &mut Vec<Diagnosis>) {
    generated.sort();
    generated.dedup();
    if !generated.is_empty() {
        // Most useful first: this explains the content difference.
        let at = out
            .iter()
            .position(|d| d.kind() == DiagnosisKind::ContentChanged)
            .unwrap_or(out.len());
        out.insert(at, generated_values_found(generated));
    }
}

/// The same request content recorded with another output schema, at `path`.
fn schema_recorded_otherwise(probes: &Probes, path: &std::path::Path) -> Diagnosis {
    let d = Diagnosis::new(
        Detail::SchemaChanged {
            variant: "the recorded schema".into(),
        },
        format!(
            "the same request content was recorded with a different output schema: the schema changed since recording; {}; then `{}` removes the old one",
            probes.schema_advice(),
            probes.prune
        ),
    );
    d.at(path.to_path_buf())
}

/// A far nearest recording (under [`NEAR`]): named once, without the noise of a diff, with
/// the command that compares the two in full.
fn far_candidate(
    c: Candidate,
    similarity: f64,
    request: &Request,
    material: &KeyMaterial,
) -> Diagnosis {
    let verdicts = KeyVerdicts {
        task: true,
        version: c.version == request.prompt_version,
        schema: c.schema == material.schema_json,
        content: false,
    };
    let d = Diagnosis::new(
        Detail::ContentChanged {
            similarity: (similarity * 1000.0).round() / 1000.0,
            verdicts,
            diff: Vec::new(),
        },
        format!(
            "the nearest recorded request, {}, is only {:.0}% similar: most likely no recording of this request exists; ulcas diff of this request and that cassette compares them in full",
            c.path.display(),
            similarity * 100.0
        ),
    );
    d.at(c.path)
}

/// The `generated-values` diagnosis of the generated-looking values the differences hold.
fn generated_values_found(generated: Vec<String>) -> Diagnosis {
    let shown = generated
        .iter()
        .take(5)
        .map(|v| format!("{v:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    Diagnosis::new(
        Detail::GeneratedValues { values: generated },
        format!(
            "the difference holds values that look generated but are not normalised ({shown}): they change on every run, so the request never matches twice; keep them out of the prompt, or make them fragment ids / ULIDs so the key replaces them"
        ),
    )
}

/// What differs between a recorded request's key material and the request's, in words.
fn differences(verdicts: &KeyVerdicts, recorded: i64, asked: i64, similarity: f64) -> String {
    let mut parts = Vec::new();
    if !verdicts.version {
        parts.push(format!("version v{recorded} ≠ v{asked}"));
    }
    if !verdicts.schema {
        parts.push("schema differs".to_owned());
    }
    if !verdicts.content {
        parts.push(format!("content {} similar", percent(similarity)));
    }
    if parts.is_empty() {
        "same key material".into()
    } else {
        parts.join(", ")
    }
}

/// A similarity ratio as a percentage with one decimal, the same in every command; never
/// `100.0%` for texts that differ (nor `0.0%` for texts that share anything).
pub fn percent(ratio: f64) -> String {
    let p = (ratio * 1000.0).round() / 10.0;
    let p = if ratio < 1.0 { p.min(99.9) } else { p };
    let p = if ratio > 0.0 { p.max(0.1) } else { p };
    format!("{p:.1}%")
}

/// A word-level diff (Patience, with a deadline) and the similarity ratio.
pub fn word_diff(old: &str, new: &str) -> (WordDiff, f64) {
    let diff = similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Patience)
        .timeout(DIFF_DEADLINE)
        .diff_words(old, new);
    let mut out: WordDiff = Vec::new();
    for change in diff.iter_all_changes() {
        let tag = match change.tag() {
            similar::ChangeTag::Equal => DiffTag::Same,
            similar::ChangeTag::Delete => DiffTag::Removed,
            similar::ChangeTag::Insert => DiffTag::Added,
        };
        match out.last_mut() {
            Some((t, text)) if *t == tag => text.push_str(change.value()),
            _ => out.push((tag, change.value().to_owned())),
        }
    }
    (out, f64::from(diff.ratio()))
}

/// Values that look generated: UUIDs, timestamps, long hex or numeric ids.
pub(crate) fn generated_values(text: &str) -> Vec<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"(?x)
            \b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b   # UUID
            | \b\d{4}-\d{2}-\d{2}[T\ ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?   # timestamp
            | \b1[5-9]\d{8}(?:\d{3})?\b                                                   # unix time
            | \b[0-9a-fA-F]{16,}\b                                                        # long hex
            | \b\d{9,}\b                                                                  # long number
            ",
        )
        .expect("the generated-value pattern compiles")
    });
    re.find_iter(text).map(|m| m.as_str().to_owned()).collect()
}

#[cfg(test)]
mod percent_tests {
    use super::percent;

    #[test]
    fn percentages_never_round_to_a_lie() {
        assert_eq!(percent(1.0), "100.0%");
        assert_eq!(percent(0.9996), "99.9%");
        assert_eq!(percent(0.996), "99.6%");
        assert_eq!(percent(0.0001), "0.1%");
        assert_eq!(percent(0.0), "0.0%");
    }
}
