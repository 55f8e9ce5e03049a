//! The answer as Chat Completions returns it: whole, or as its event stream.

use serde_json::{Value, json};

use super::{created, input_tokens, pieces};
use crate::wire::neutral::{Answer, Shape};

/// Why the model stopped, in Chat Completions' words.
pub(super) fn finish_reason(stop_reason: &str) -> &'static str {
    match stop_reason {
        "max_tokens" => "length",
        "refusal" => "content_filter",
        "tool_use" => "tool_calls",
        _ => "stop",
    }
}

/// Why the model stopped, in a cassette's words (the Messages API's).
pub(super) fn stop_reason(finish_reason: Option<&str>) -> &'static str {
    match finish_reason {
        Some("length") => "max_tokens",
        Some("content_filter") => "refusal",
        Some("tool_calls") => "tool_use",
        _ => "end_turn",
    }
}

/// The `usage` of an answer.
pub(super) fn usage(a: &Answer) -> Value {
    let prompt = input_tokens(&a.usage);
    json!({
        "prompt_tokens": prompt,
        "completion_tokens": a.usage.output,
        "total_tokens": prompt + a.usage.output,
        "prompt_tokens_details": {"cached_tokens": a.usage.cache_read},
    })
}

/// The call of the forced tool `name` that the answer is (its arguments the answer's JSON).
pub(super) fn tool_call(a: &Answer, name: &str, arguments: &str) -> Value {
    json!({"id": a.call_id("call_"), "type": "function", "function": {"name": name, "arguments": arguments}})
}

/// The whole `chat.completion`.
pub(super) fn completion(a: &Answer, shape: &Shape) -> Value {
    let message = match (shape.tool, a.tool_input()) {
        (Some(name), Some(input)) => json!({
            "role": "assistant", "content": null, "refusal": null,
            "tool_calls": [tool_call(a, name, input)],
        }),
        _ => json!({"role": "assistant", "content": a.text, "refusal": null}),
    };
    json!({
        "id": a.id,
        "object": "chat.completion",
        "created": created(),
        "model": a.model,
        "choices": [{
            "index": 0,
            "message": message,
            "logprobs": null,
            "finish_reason": finish_reason(a.stop_reason_in(shape)),
        }],
        "usage": usage(a),
    })
}

/// The stream: a chunk with the role (and the forced tool's call, its arguments empty), the
/// text or the call's arguments in chunks of at most [`super::DELTA`] bytes (at character
/// boundaries), a chunk with the finish reason, a chunk of usage with no choice when the
/// request asked for it (`stream_options.include_usage`: then every other chunk's `usage` is
/// null, as the API sends it), then `[DONE]`.
pub(super) fn chunks(a: &Answer, shape: &Shape) -> String {
    let created = created();
    let chunk = |choices: Value, usage: Option<Value>| {
        let mut chunk = json!({
            "id": a.id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": a.model,
            "choices": choices,
        });
        if shape.include_usage {
            chunk["usage"] = usage.unwrap_or(Value::Null);
        }
        format!("data: {chunk}\n\n")
    };
    let choice = |delta: Value, finish: Value| json!([{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}]);
    let mut out = String::with_capacity(a.text.len() * 5 / 4 + 1024);
    match (shape.tool, a.tool_input()) {
        (Some(name), Some(input)) => {
            let mut call = tool_call(a, name, "");
            call["index"] = json!(0);
            let first = json!({"role": "assistant", "content": null, "tool_calls": [call]});
            out.push_str(&chunk(choice(first, Value::Null), None));
            for piece in pieces(input) {
                let delta = json!({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]});
                out.push_str(&chunk(choice(delta, Value::Null), None));
            }
        }
        _ => {
            let first = json!({"role": "assistant", "content": ""});
            out.push_str(&chunk(choice(first, Value::Null), None));
            for piece in pieces(&a.text) {
                out.push_str(&chunk(choice(json!({"content": piece}), Value::Null), None));
            }
        }
    }
    let finish = json!(finish_reason(a.stop_reason_in(shape)));
    out.push_str(&chunk(choice(json!({}), finish), None));
    if shape.include_usage {
        out.push_str(&chunk(json!([]), Some(usage(a))));
    }
    out.push_str("data: [DONE]\n\n");
    out
}
