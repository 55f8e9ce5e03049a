//! An answer as the Messages API returns it: the whole message (non-streaming), the server-sent
//! events in the order the SDKs accumulate them (streaming), and the API's error shape.
//!
//! ```
//! use ulcas::wire::anthropic::message::{error, sse};
//!
//! let body = error("not_found_error", "No cassette");
//! assert_eq!(sse("error", &body),
//!     "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"No cassette\"}}\n\n");
//! ```

use serde_json::{Value, json};

use crate::wire::neutral::{Answer, Shape, Usage};

impl Usage {
    /// The usage of a message (`usage` of the API, `message_start` and `message_delta`
    /// merged as the SDKs accumulate them), as a cassette stores it.
    pub fn of_message(usage: &Value) -> Usage {
        let n = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0);
        let mut u = Usage {
            input: n(usage.get("input_tokens")),
            output: n(usage.get("output_tokens")),
            cache_write_5m: n(usage.pointer("/cache_creation/ephemeral_5m_input_tokens")),
            cache_write_1h: n(usage.pointer("/cache_creation/ephemeral_1h_input_tokens")),
            cache_read: n(usage.get("cache_read_input_tokens")),
        };
        // As the app reads it: a total without its split counts as a 1h write.
        let total = n(usage.get("cache_creation_input_tokens"));
        if u.cache_write_5m + u.cache_write_1h == 0 && total > 0 {
            u.cache_write_1h = total;
        }
        u
    }

    /// [`Usage::input_side`] as JSON text (the same members in the same order), appended
    /// without building the tree (one is written for every answer served).
    fn push_input_side(self, out: &mut String, output: u64) {
        let mut digits = itoa::Buffer::new();
        let mut number = |out: &mut String, n: u64| out.push_str(digits.format(n));
        out.push_str("{\"input_tokens\":");
        number(out, self.input);
        out.push_str(",\"cache_creation_input_tokens\":");
        number(out, self.cache_write_5m + self.cache_write_1h);
        out.push_str(",\"cache_read_input_tokens\":");
        number(out, self.cache_read);
        out.push_str(",\"cache_creation\":{\"ephemeral_5m_input_tokens\":");
        number(out, self.cache_write_5m);
        out.push_str(",\"ephemeral_1h_input_tokens\":");
        number(out, self.cache_write_1h);
        out.push_str("},\"output_tokens\":");
        number(out, output);
        out.push('}');
    }

    /// The input side, as `message_start` and a whole message carry it.
    fn input_side(self, output: u64) -> Value {
        json!({
            "input_tokens": self.input,
            "cache_creation_input_tokens": self.cache_write_5m + self.cache_write_1h,
            "cache_read_input_tokens": self.cache_read,
            "cache_creation": {
                "ephemeral_5m_input_tokens": self.cache_write_5m,
                "ephemeral_1h_input_tokens": self.cache_write_1h,
            },
            "output_tokens": output,
        })
    }
}

impl Answer {
    fn stop_details(&self) -> Value {
        match &self.refusal_category {
            Some(category) => json!({"type": "refusal", "category": category}),
            None => Value::Null,
        }
    }

    /// The content block of the answer in `shape`: its text, or a call of the forced tool.
    fn block(&self, shape: &Shape) -> Value {
        match (shape.tool, self.tool_input()) {
            (Some(name), Some(input)) => json!({
                "type": "tool_use",
                "id": self.call_id(TOOL_ID),
                "name": name,
                "input": serde_json::from_str::<Value>(input).unwrap_or_default(),
            }),
            _ => json!({"type": "text", "text": self.text}),
        }
    }

    /// The whole message (a non-streaming answer) in `shape`.
    pub fn message(&self, shape: &Shape) -> Value {
        json!({
            "id": self.id,
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": [self.block(shape)],
            "stop_reason": self.stop_reason_in(shape),
            "stop_sequence": null,
            "stop_details": self.stop_details(),
            "usage": self.usage.input_side(self.usage.output),
        })
    }

    /// [`Answer::message`] as JSON text, written directly (the answer's text escaped in long
    /// unescaped runs, as the key's encoder escapes it: valid JSON, the same value).
    pub fn message_json(&self, shape: &Shape) -> String {
        // Escapes make the text longer: room for one in eight bytes.
        let mut out = String::with_capacity(self.text.len() * 9 / 8 + 512);
        out.push_str("{\"id\":");
        push_str(&mut out, &self.id);
        out.push_str(",\"type\":\"message\",\"role\":\"assistant\",\"model\":");
        push_str(&mut out, &self.model);
        match (shape.tool, self.tool_input()) {
            (Some(name), Some(input)) => {
                out.push_str(",\"content\":[{\"type\":\"tool_use\",\"id\":");
                push_str(&mut out, &self.call_id(TOOL_ID));
                out.push_str(",\"name\":");
                push_str(&mut out, name);
                out.push_str(",\"input\":");
                // The answer's JSON as written: a JSON object, checked by tool_input.
                out.push_str(input);
            }
            _ => {
                out.push_str(",\"content\":[{\"type\":\"text\",\"text\":");
                push_str(&mut out, &self.text);
            }
        }
        out.push_str("}],\"stop_reason\":");
        push_str(&mut out, self.stop_reason_in(shape));
        out.push_str(",\"stop_sequence\":null,\"stop_details\":");
        self.push_stop_details(&mut out);
        out.push_str(",\"usage\":");
        self.usage.push_input_side(&mut out, self.usage.output);
        out.push('}');
        out
    }

    /// [`Answer::stop_details`] as JSON text, appended.
    fn push_stop_details(&self, out: &mut String) {
        match &self.refusal_category {
            Some(category) => {
                out.push_str("{\"type\":\"refusal\",\"category\":");
                push_str(out, category);
                out.push('}');
            }
            None => out.push_str("null"),
        }
    }

    /// The stream in `shape`: `message_start` (no content, the input side of the usage), one
    /// content block (text in `text_delta`s, or the forced tool's call with its input in
    /// `input_json_delta`s) in deltas of at most `chunk` bytes (at character boundaries),
    /// `message_delta` (stop reason, stop details, output tokens), `message_stop`. Each item is
    /// one whole event (`event: …\ndata: …\n\n`).
    pub fn events(&self, chunk: usize, shape: &Shape) -> Vec<String> {
        let mut out = Vec::new();
        self.write_events(chunk, shape, |event| out.push(event.to_owned()));
        out
    }

    /// [`Answer::events`] as one text, written into one buffer.
    pub fn events_text(&self, chunk: usize, shape: &Shape) -> String {
        let mut out = String::with_capacity(self.text.len() * 5 / 4 + 1024);
        self.write_events(chunk, shape, |event| out.push_str(event));
        out
    }

    /// Each event of the stream, in order, to `emit`.
    fn write_events(&self, chunk: usize, shape: &Shape, mut emit: impl FnMut(&str)) {
        let mut event = String::with_capacity(chunk.max(4) * 5 / 4 + 256);
        event.push_str(
            "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":",
        );
        push_str(&mut event, &self.id);
        event.push_str(",\"type\":\"message\",\"role\":\"assistant\",\"model\":");
        push_str(&mut event, &self.model);
        event.push_str(",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"stop_details\":null,\"usage\":");
        self.usage.push_input_side(&mut event, 1);
        event.push_str("}}\n\n");
        emit(&event);
        let (text, delta) = match (shape.tool, self.tool_input()) {
            (Some(name), Some(input)) => {
                let block = json!({"type": "tool_use", "id": self.call_id(TOOL_ID), "name": name, "input": {}});
                emit(&sse(
                    "content_block_start",
                    &json!({"type": "content_block_start", "index": 0, "content_block": block}),
                ));
                (input, "{\"type\":\"input_json_delta\",\"partial_json\":")
            }
            _ => {
                emit(
                    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
                );
                (self.text.as_str(), "{\"type\":\"text_delta\",\"text\":")
            }
        };
        for piece in pieces(text, chunk.max(4)) {
            event.clear();
            event.push_str("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":");
            event.push_str(delta);
            push_str(&mut event, piece);
            event.push_str("}}\n\n");
            emit(&event);
        }
        emit("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n");
        emit(&sse(
            "message_delta",
            &json!({
                "type": "message_delta",
                "delta": {"stop_reason": self.stop_reason_in(shape), "stop_sequence": null, "stop_details": self.stop_details()},
                "usage": {"output_tokens": self.usage.output},
            }),
        ));
        emit("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
    }
}

/// How a tool call's id starts, as the API's do.
const TOOL_ID: &str = "toolu_";

/// `s` as a JSON string literal.
fn push_str(out: &mut String, s: &str) {
    crate::php::escape_into(s, |piece| out.push_str(piece));
}

/// One server-sent event.
pub fn sse(event: &str, data: &Value) -> String {
    format!("event: {event}\ndata: {data}\n\n")
}

/// The API's error body: `{"type":"error","error":{"type":kind,"message":…}}`.
pub fn error(kind: &str, message: &str) -> Value {
    json!({"type": "error", "error": {"type": kind, "message": message}})
}

/// `text` in pieces of at most `max` bytes, cut at character boundaries.
fn pieces(text: &str, max: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(max);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_writes_as_the_app_reads_them() {
        let u = Usage::of_message(
            &json!({"input_tokens": 3, "output_tokens": 4, "cache_creation_input_tokens": 9}),
        );
        assert_eq!((u.cache_write_5m, u.cache_write_1h), (0, 9));
        let stored = json!({"input_tokens": 1, "output_tokens": 2, "cache_write_5m_tokens": 3, "cache_write_1h_tokens": 4, "cache_read_tokens": 5});
        assert_eq!(Usage::of_cassette(&stored).to_cassette(), stored);
    }

    #[test]
    fn the_written_message_is_the_message() {
        for text in ["{\"a\": \"b\\n\"}", "ą\u{1}\u{2028}\t\"\\/", ""] {
            let a = Answer {
                id: "cassette:x".into(),
                model: "m\"".into(),
                text: text.into(),
                stop_reason: "refusal".into(),
                refusal_category: Some("cyber".into()),
                usage: Usage {
                    input: 3,
                    output: 4,
                    cache_write_5m: 5,
                    cache_write_1h: 6,
                    cache_read: 7,
                },
            };
            let written = a.message_json(&Shape::whole());
            assert_eq!(
                serde_json::from_str::<Value>(&written).unwrap(),
                a.message(&Shape::whole())
            );
            // The same member order as the tree's.
            assert_eq!(
                written.replace("\\u2028", "\u{2028}"),
                a.message(&Shape::whole()).to_string()
            );
            for event in a.events(3, &Shape::whole()) {
                let data = event
                    .lines()
                    .nth(1)
                    .unwrap()
                    .strip_prefix("data: ")
                    .unwrap();
                let data: Value = serde_json::from_str(data).unwrap();
                if data["type"] == "message_start" {
                    assert_eq!(data["message"]["usage"], a.usage.input_side(1));
                }
            }
        }
    }

    #[test]
    fn the_stream_cuts_text_at_character_boundaries() {
        let a = Answer {
            id: "x".into(),
            model: "m".into(),
            text: "ąąąą".into(),
            stop_reason: "end_turn".into(),
            refusal_category: None,
            usage: Usage::default(),
        };
        let events = a.events(5, &Shape::whole());
        let deltas: Vec<&String> = events
            .iter()
            .filter(|e| e.starts_with("event: content_block_delta"))
            .collect();
        assert_eq!(deltas.len(), 2, "{events:?}");
        assert!(events[0].starts_with("event: message_start\ndata: "));
        assert!(events.last().unwrap().contains("message_stop"));
    }
}
