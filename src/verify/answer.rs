//! The checks of a cassette's answer: what the client does with it on replay.

use super::findings::MAX_PER_CHECK;
use super::{Check, Finding, StoreContext};
use crate::schema_check::{AnswerVerdict, is_object_answer, validate_answer};
use crate::store::CassetteFile;

/// A cassette's answer, as the checks read it.
pub(super) struct Answer<'a> {
    pub text: &'a str,
    pub stop_reason: &'a str,
    /// The canonical schema of its request material, if it carries some.
    pub stored_schema: Option<&'a str>,
}

const EMPTY_TOOL_CALL: &str = "a tool_use answer with no text: the call of a forced tool was recorded without its input (a recording server did so before it recorded the call's input), so every replay answers nothing; delete it and record it again";

const NOT_OBJECT: &str = "the answer (an end_turn) is not a JSON object, even after stripping one code fence: replay makes the client send a repair turn, which misses unless it was recorded";

/// What the checks of an answer found: findings that stand on their own, validation findings
/// (which a recorded repair turn answers), and whether it could not be validated.
#[derive(Default)]
pub(super) struct Checked {
    pub findings: Vec<Finding>,
    pub invalid_answer: Vec<Finding>,
    pub unvalidated: bool,
}

/// Checks a cassette's answer: an `end_turn` answer against the output schema of its version
/// (a plain prompt's is text, which none checks); a `tool_use` answer for its text.
pub(super) fn check(file: &CassetteFile, answer: &Answer<'_>, ctx: &StoreContext<'_>) -> Checked {
    let mut r = Checked::default();
    match answer.stop_reason {
        "end_turn" => check_answer(file, answer, ctx, &mut r),
        "tool_use" if answer.text.trim().is_empty() => r.findings.push(Finding::new(
            file.path.as_path(),
            Check::EmptyToolCall,
            EMPTY_TOOL_CALL,
        )),
        _ => {}
    }
    r
}

fn check_answer(file: &CassetteFile, f: &Answer<'_>, ctx: &StoreContext<'_>, r: &mut Checked) {
    let stored_schema = f.stored_schema;
    let path = file.path.as_path();
    // A plain prompt's answer is text: the registry's (or the recorded) schema is the empty one.
    let plain = ctx.validators.registry(&file.task, file.version).is_none()
        && ctx
            .validators
            .is_plain(&file.task, file.version, stored_schema);
    if plain {
        return;
    }
    let validator = ctx
        .validators
        .registry(&file.task, file.version)
        .or_else(|| stored_schema.and_then(|s| ctx.validators.stored(s)));
    let Some(validator) = validator else {
        if !is_object_answer(f.text) {
            r.invalid_answer
                .push(Finding::new(path, Check::NotObject, NOT_OBJECT));
        } else {
            r.unvalidated = true;
        }
        return;
    };
    let errors = match validate_answer(f.text, &validator) {
        AnswerVerdict::Valid => return,
        AnswerVerdict::NotObject => {
            r.invalid_answer
                .push(Finding::new(path, Check::NotObject, NOT_OBJECT));
            return;
        }
        AnswerVerdict::Invalid(errors) => errors,
    };
    let total = errors.len();
    for (pointer, message) in errors.into_iter().take(MAX_PER_CHECK) {
        let mut finding = Finding::new(
            path,
            Check::Schema,
            format!(
                "answer at {}: {message}: replay makes the client send a repair turn; re-record",
                if pointer.is_empty() { "/" } else { &pointer }
            ),
        );
        finding.pointer = Some(pointer);
        r.invalid_answer.push(finding);
    }
    if total > MAX_PER_CHECK {
        let mut more = Finding::new(
            path,
            Check::Schema,
            format!(
                "and {} more schema errors in the answer",
                total - MAX_PER_CHECK
            ),
        );
        more.pointer = Some(String::new());
        r.invalid_answer.push(more);
    }
}
