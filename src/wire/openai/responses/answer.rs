//! The answer as the Responses API returns it: whole, or as its event stream.

use serde_json::{Value, json};

use super::{created, input_tokens, pieces};
use crate::wire::neutral::{Answer, Shape};

/// The output item of the answer: a message with its text (or a refusal), or the forced
/// tool's call; `status` its status.
pub(super) fn item(a: &Answer, shape: &Shape, status: &str, whole: bool) -> Value {
    if let (Some(name), Some(input)) = (shape.tool, a.tool_input()) {
        return json!({
            "type": "function_call", "id": a.call_id("fc_"), "call_id": a.call_id("call_"),
            "name": name, "arguments": if whole { input } else { "" }, "status": status,
        });
    }
    let content = if whole { vec![part(a)] } else { Vec::new() };
    json!({
        "type": "message", "id": a.call_id("msg_"), "status": status, "role": "assistant",
        "content": content,
    })
}

/// The content part of a message answer: its text, or a refusal's.
pub(super) fn part(a: &Answer) -> Value {
    if a.stop_reason == "refusal" {
        json!({"type": "refusal", "refusal": a.text})
    } else {
        json!({"type": "output_text", "text": a.text, "annotations": [], "logprobs": []})
    }
}

/// The whole `response` (`status` `completed`, or `in_progress` with no output yet while
/// streaming).
pub(super) fn response(a: &Answer, shape: &Shape, status: &str) -> Value {
    let done = status == "completed";
    let out_of_tokens = done && a.stop_reason == "max_tokens";
    let input = input_tokens(&a.usage);
    json!({
        "id": a.id,
        "object": "response",
        "created_at": created(),
        "status": if out_of_tokens { "incomplete" } else { status },
        "error": null,
        "incomplete_details": if out_of_tokens { json!({"reason": "max_output_tokens"}) } else { Value::Null },
        "instructions": null,
        "max_output_tokens": null,
        "model": a.model,
        "output": if done { vec![item(a, shape, "completed", true)] } else { Vec::new() },
        "parallel_tool_calls": true,
        "previous_response_id": null,
        "reasoning": {"effort": null, "summary": null},
        "store": false,
        "temperature": null,
        "text": {"format": {"type": "text"}},
        "tool_choice": "auto",
        "tools": [],
        "top_p": null,
        "truncation": "disabled",
        "usage": if done { json!({
            "input_tokens": input,
            "input_tokens_details": {"cached_tokens": a.usage.cache_read},
            "output_tokens": a.usage.output,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": input + a.usage.output,
        }) } else { Value::Null },
        "metadata": {},
    })
}

/// The stream: `response.created`, `response.in_progress`, the output item added, its text
/// (or the call's arguments) in deltas of at most [`super::DELTA`] bytes, the item done, then
/// `response.completed` (or `response.incomplete`) with the whole response. Every event has
/// its `sequence_number`.
pub(super) fn events(a: &Answer, shape: &Shape) -> String {
    let mut out = String::with_capacity(a.text.len() * 5 / 2 + 4096);
    let mut sequence = 0;
    let mut emit = |kind: &str, mut data: Value| {
        data["type"] = json!(kind);
        data["sequence_number"] = json!(sequence);
        sequence += 1;
        out.push_str(&format!("event: {kind}\ndata: {data}\n\n"));
    };
    let started = response(a, shape, "in_progress");
    emit("response.created", json!({"response": started}));
    emit("response.in_progress", json!({"response": started}));
    let added = item(a, shape, "in_progress", false);
    let item_id = added["id"].clone();
    emit(
        "response.output_item.added",
        json!({"output_index": 0, "item": added}),
    );
    match (shape.tool, a.tool_input()) {
        (Some(name), Some(input)) => {
            for piece in pieces(input) {
                emit(
                    "response.function_call_arguments.delta",
                    json!({"item_id": item_id, "output_index": 0, "delta": piece}),
                );
            }
            emit(
                "response.function_call_arguments.done",
                json!({"item_id": item_id, "output_index": 0, "name": name, "arguments": input}),
            );
        }
        _ => text_events(a, &item_id, &mut emit),
    }
    emit(
        "response.output_item.done",
        json!({"output_index": 0, "item": item(a, shape, "completed", true)}),
    );
    let whole = response(a, shape, "completed");
    let last = if whole["status"] == "incomplete" {
        "response.incomplete"
    } else {
        "response.completed"
    };
    emit(last, json!({"response": whole}));
    out
}

/// The events of a message answer's one content part: added, its text (or refusal) in
/// deltas, done.
pub(super) fn text_events(a: &Answer, item_id: &Value, emit: &mut impl FnMut(&str, Value)) {
    let empty = match part(a) {
        mut p if p["type"] == "refusal" => {
            p["refusal"] = json!("");
            p
        }
        mut p => {
            p["text"] = json!("");
            p
        }
    };
    let at = json!({"item_id": item_id, "output_index": 0, "content_index": 0});
    let with = |extra: Value| {
        let mut v = at.clone();
        for (k, x) in extra.as_object().into_iter().flatten() {
            v[k] = x.clone();
        }
        v
    };
    emit("response.content_part.added", with(json!({"part": empty})));
    let refusal = a.stop_reason == "refusal";
    let (delta, done) = if refusal {
        ("response.refusal.delta", "response.refusal.done")
    } else {
        ("response.output_text.delta", "response.output_text.done")
    };
    for piece in pieces(&a.text) {
        let delta_data = if refusal {
            json!({"delta": piece})
        } else {
            json!({"delta": piece, "logprobs": []})
        };
        emit(delta, with(delta_data));
    }
    let done_data = if refusal {
        json!({"refusal": a.text})
    } else {
        json!({"text": a.text, "logprobs": []})
    };
    emit(done, with(done_data));
    emit("response.content_part.done", with(json!({"part": part(a)})));
}
