//! The checks of one cassette file.

use std::path::Path;

use serde_json::Value;

use super::fields::{Fields, check_fields, format_message, in_field_order};
use super::findings::MAX_PER_CHECK;
use super::{Check, Finding, StoreContext};
use crate::advice::Advice;
use crate::cassette::is_recorder_format;
use crate::key::is_hash;
use crate::normalise::{id_matches, unknown_placeholders};
use crate::request::kind_of;
use crate::request::validate_task;
use crate::schema_check::{digest, repaired_contents};
use crate::secrets::find_secrets;
use crate::store::CassetteFile;

/// What one file contributes to the report.
#[derive(Debug, Default)]
pub struct FileResult {
    /// Findings that stand on their own.
    pub findings: Vec<Finding>,
    /// Validation findings of the answer, dropped when a recorded repair turn answers them.
    pub invalid_answer: Vec<Finding>,
    /// Digest of the stored request content, when the cassette carries it.
    pub content_digest: Option<[u8; 16]>,
    /// Digests of the stored content before each of its repair attempts.
    pub repair_prefixes: Vec<[u8; 16]>,
    /// Whether the answer could not be validated for want of a schema.
    pub unvalidated: bool,
}

/// Runs every check on one file.
pub fn check_file(file: &CassetteFile, ctx: &StoreContext<'_>) -> FileResult {
    let only = |check, message| FileResult {
        findings: vec![Finding::new(&file.path, check, message)],
        ..Default::default()
    };
    let max = crate::store::MAX_CASSETTE;
    // One open and one fstat per file: the size decides before a byte is read.
    let read = crate::input::open_regular(&file.path, "cassette").and_then(|(f, size)| {
        if size > max {
            return Ok(Err(size));
        }
        crate::input::read_sized(f, size, max, "cassette").map(Ok)
    });
    match read {
        Ok(Ok(bytes)) => check_bytes(file, &bytes, ctx),
        Ok(Err(size)) => only(
            Check::TooLarge,
            format!(
                "{} MiB: larger than the {} MiB any command reads (never read whole); an answer this size is no recording: re-record it",
                size >> 20,
                max >> 20
            ),
        ),
        Err(e) => only(Check::Unreadable, format!("cannot read: {}", e.message)),
    }
}

/// Runs every check on the bytes of one file.
pub fn check_bytes(file: &CassetteFile, bytes: &[u8], ctx: &StoreContext<'_>) -> FileResult {
    let mut r = FileResult::default();
    let path = file.path.as_path();
    let Some((text, value)) = parse(path, bytes, &mut r.findings) else {
        return r;
    };
    let Some(obj) = value.as_object() else {
        r.findings.push(Finding::new(
            path,
            Check::Fields,
            format!("a cassette is a JSON object, not {}", kind_of(&value)),
        ));
        return r;
    };
    let fields = check_fields(path, obj, &mut r.findings);
    let exact = is_recorder_format(bytes, &value) && in_field_order(obj);
    if !exact {
        r.findings.push(Finding::new(
            path,
            Check::Format,
            format_message(bytes, &value),
        ));
    }
    let Some(fields) = fields else { return r };
    check_location(file, &fields, ctx, &mut r.findings);
    check_placeholders(path, fields.text, &mut r.findings);
    check_staleness(file, ctx, &mut r.findings);
    let material = obj.get("request").and_then(Value::as_object).and_then(|m| {
        let system = m.get("system").and_then(Value::as_str);
        Some((
            m.get("content")?.as_str()?,
            m.get("schema")?.as_str()?,
            system,
        ))
    });
    if let Some((content, schema, system)) = material {
        // In the recorder's exact format the file holds the content's literal as the key
        // encodes it: hashed as it stands, not encoded again.
        let literal = exact
            .then(|| crate::cassette::content_literal(bytes))
            .flatten()
            .map(|r| &text[r]);
        check_material(
            file,
            &fields,
            (content, literal),
            (schema, system),
            ctx,
            &mut r,
        );
    }
    let answer = super::answer::Answer {
        text: fields.text,
        stop_reason: fields.stop_reason,
        stored_schema: material.map(|m| m.1),
    };
    let checked = super::answer::check(file, &answer, ctx);
    r.findings.extend(checked.findings);
    r.invalid_answer.extend(checked.invalid_answer);
    r.unvalidated |= checked.unvalidated;
    r
}

/// The cassette's text and JSON, or the findings that say why it has none (not UTF-8, too
/// large, not JSON); its secrets are found either way.
fn parse<'b>(
    path: &Path,
    bytes: &'b [u8],
    findings: &mut Vec<Finding>,
) -> Option<(&'b str, Value)> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let f = Finding::new(
                path,
                Check::Json,
                format!("not UTF-8: invalid byte at offset {}", e.valid_up_to()),
            );
            findings.push(f);
            return None;
        }
    };
    for secret in find_secrets(text) {
        let mut f = Finding::new(
            path,
            Check::Secret,
            format!(
                "{} ({}): remove it from the file and revoke it; re-record with the secret kept out of the request",
                secret.kind, secret.preview
            ),
        );
        f.line = Some(secret.line);
        findings.push(f);
    }
    if let Some(why) = crate::input::json_too_big(bytes) {
        findings.push(Finding::new(
            path,
            Check::TooLarge,
            format!("{why}; an answer this size is no recording: re-record it"),
        ));
        return None;
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let mut f = Finding::new(
                path,
                Check::Json,
                format!(
                    "invalid JSON at {}:{}: {}",
                    e.line(),
                    e.column(),
                    json_reason(&e)
                ),
            );
            f.line = Some(e.line());
            findings.push(f);
            return None;
        }
    };
    Some((text, value))
}

fn json_reason(e: &serde_json::Error) -> String {
    let s = e.to_string();
    s.rfind(" at line ")
        .map_or(s.clone(), |i| s[..i].to_owned())
}

fn check_location(
    file: &CassetteFile,
    f: &Fields<'_>,
    ctx: &StoreContext<'_>,
    out: &mut Vec<Finding>,
) {
    let path = file.path.as_path();
    if let Err(why) = validate_task(f.task) {
        out.push(Finding::new(
            path,
            Check::TaskName,
            format!("{why}: the reference would write outside the store or ambiguously"),
        ));
        return;
    }
    if !is_hash(f.hash) {
        out.push(Finding::new(
            path,
            Check::HashFormat,
            format!("hash {:?} is not 32 lowercase hex digits", f.hash),
        ));
    }
    let expected =
        crate::layout::version_in(Path::new(f.task), f.version).join(format!("{}.json", f.hash));
    if file.relative() != expected {
        out.push(Finding::new(
            path,
            Check::Location,
            format!(
                "its fields say it belongs at {}: the driver will never load it here; move it there (or fix task/prompt_version/hash)",
                ctx.store.root.join(&expected).display()
            ),
        ));
    }
}

fn check_placeholders(path: &Path, text: &str, out: &mut Vec<Finding>) {
    let lookalikes = crate::normalise::placeholder_lookalikes(text);
    if !lookalikes.is_empty() {
        out.push(Finding::new(
            path,
            Check::PlaceholderSyntax,
            format!(
                "{} in the answer: replay only replaces {{{{frg_N}}}} and {{{{id_N}}}} (N from 1, no spaces or leading zeros), so these come back as written",
                listed(&lookalikes)
            ),
        ));
    }
    let raw: Vec<String> = id_matches(text).map(|m| text[m].to_owned()).collect();
    if !raw.is_empty() {
        out.push(Finding::new(
            path,
            Check::RawId,
            format!(
                "raw generated id{} {} in the answer: not in the recorded request, so replay returns an id of the recording's database; re-record, or check the model did not invent it",
                if raw.len() == 1 { "" } else { "s" },
                listed(&raw)
            ),
        ));
    }
}

/// `"a", "b" and 3 more`.
fn listed(items: &[String]) -> String {
    let mut shown: Vec<String> = items
        .iter()
        .take(MAX_PER_CHECK)
        .map(|s| format!("{s:?}"))
        .collect();
    if items.len() > MAX_PER_CHECK {
        shown.push(format!("{} more", items.len() - MAX_PER_CHECK));
    }
    shown.join(", ")
}

fn check_staleness(file: &CassetteFile, ctx: &StoreContext<'_>, out: &mut Vec<Finding>) {
    let path = file.path.as_path();
    let store = ctx.store;
    if let Some(current) = ctx
        .staleness
        .current_version(&file.task)
        .filter(|c| file.version < *c)
    {
        let message = if ctx.staleness.is_last_recorded(&file.task, file.version) {
            format!(
                "prompt v{} of {:?} is older than the current v{current}, but {}: prune keeps them; once v{current} is recorded, `{}` removes them",
                file.version,
                file.task,
                crate::staleness::last_recordings_text(&file.task, file.version, Some(current)),
                store.advise(Advice::Prune { orphans: false })
            )
        } else {
            format!(
                "prompt v{} of {:?} is older than the current v{current}: it can never be hit again; `{}` removes it",
                file.version,
                file.task,
                store.advise(Advice::Prune { orphans: false })
            )
        };
        out.push(Finding::new(path, Check::StaleVersion, message));
        return;
    }
    if ctx.staleness.is_orphan(&file.task) {
        out.push(Finding::new(
            path,
            Check::OrphanTask,
            format!(
                "{}; if the task is gone, `{}` deletes its cassettes",
                crate::staleness::orphan_text(store, &file.task),
                store.advise(Advice::Prune { orphans: true })
            ),
        ));
    }
}

fn check_material(
    file: &CassetteFile,
    f: &Fields<'_>,
    (content, literal): (&str, Option<&str>),
    (schema, system): (&str, Option<&str>),
    ctx: &StoreContext<'_>,
    r: &mut FileResult,
) {
    let path = file.path.as_path();
    r.content_digest = Some(digest(content));
    r.repair_prefixes = repaired_contents(content).map(digest).collect();
    let recomputed = match literal {
        Some(literal) => crate::key::hash_parts_encoded(f.task, f.version, schema, system, literal),
        None => crate::key::hash_parts_with(f.task, f.version, schema, system, content),
    };
    if recomputed != f.hash {
        r.findings.push(Finding::new(
            path,
            Check::KeyMismatch,
            format!("the stored request material hashes to {recomputed}, not {}: the file was edited by hand or recorded by a different key; re-record it", f.hash),
        ));
    }
    // A prompt in code numbers its system text's ids first: the answer may name those too.
    let keyed = match system {
        Some(system) => std::borrow::Cow::Owned(format!("{system}\n{content}")),
        None => std::borrow::Cow::Borrowed(content),
    };
    let unknown = unknown_placeholders(f.text, &keyed);
    if !unknown.is_empty() {
        r.findings.push(Finding::new(
            path,
            Check::UnknownPlaceholder,
            format!("{} in the answer but not in the recorded request: replay leaves them as written; re-record", listed(&unknown)),
        ));
    }
    if let Some(current) = ctx.store.registry.schema(&file.task, file.version) {
        if current.canonical_json() != schema {
            r.findings.push(Finding::new(
                path,
                Check::SchemaChanged,
                schema_changed_hint(file, ctx),
            ));
        }
    }
}

/// What to do about a `schema-changed` cassette: `migrate` carries over the answers of the
/// task's current version only; an older version's recordings are stale and only go.
fn schema_changed_hint(file: &CassetteFile, ctx: &StoreContext<'_>) -> String {
    let (task, version, store) = (&file.task, file.version, ctx.store);
    let prune = store.advise(Advice::Prune { orphans: false });
    match ctx.staleness.current_version(task) {
        Some(current) if version < current => format!(
            "the output schema of {task:?} v{version} changed since this was recorded, and v{version} is older than the current v{current}: nothing replays it; `{prune}` removes it"
        ),
        _ => format!(
            "the output schema of {task:?} v{version} changed since this was recorded: requests now have another key; `{}` carries over the answers that still fit, record the others anew with {}; then `{prune}` removes this one",
            store.advise(Advice::Migrate { task, write: true }),
            store.record_hint(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::cassette::strip_fence;

    #[test]
    fn fences() {
        assert_eq!(strip_fence("```json\n{\"a\":1}\n```"), "{\"a\":1}");
        assert_eq!(strip_fence("  {\"a\":1} "), "{\"a\":1}");
        assert_eq!(strip_fence("```\n{}\n```"), "{}");
    }
}
