//! An answer as the Messages API returns it: the whole message (non-streaming), the server-sent
//! events in the order the SDKs accumulate them (streaming), and the API's error shape.

use serde_json::{json, Value};

/// Token counts, as the API reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// `input_tokens`.
    pub input: u64,
    /// `output_tokens`.
    pub output: u64,
    /// `cache_creation.ephemeral_5m_input_tokens`.
    pub cache_write_5m: u64,
    /// `cache_creation.ephemeral_1h_input_tokens`.
    pub cache_write_1h: u64,
    /// `cache_read_input_tokens`.
    pub cache_read: u64,
}

impl Usage {
    /// A cassette's `usage` (`input_tokens`, `output_tokens`, `cache_write_5m_tokens`,
    /// `cache_write_1h_tokens`, `cache_read_tokens`), one to one.
    pub fn of_cassette(usage: &Value) -> Usage {
        let n = |k: &str| usage.get(k).and_then(Value::as_u64).unwrap_or(0);
        Usage {
            input: n("input_tokens"),
            output: n("output_tokens"),
            cache_write_5m: n("cache_write_5m_tokens"),
            cache_write_1h: n("cache_write_1h_tokens"),
            cache_read: n("cache_read_tokens"),
        }
    }

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

    /// As a cassette stores it ([`crate::cassette::usage_from`]: its fields, in its order).
    pub fn to_cassette(self) -> Value {
        let given: serde_json::Map<String, Value> = crate::cassette::USAGE_FIELDS
            .iter()
            .zip([
                self.input,
                self.output,
                self.cache_write_5m,
                self.cache_write_1h,
                self.cache_read,
            ])
            .map(|(k, v)| ((*k).to_owned(), Value::from(v)))
            .collect();
        crate::cassette::usage_from(Some(&given))
    }

    /// [`Usage::input_side`] as JSON text (the same members in the same order), appended
    /// without building the tree (one is written for every answer served).
    fn push_input_side(self, out: &mut String, output: u64) {
        let mut digits = [0; 20];
        let mut number =
            |out: &mut String, n: u64| out.push_str(crate::php::decimal(n, &mut digits));
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

/// One answer to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// `cassette:<hash>`, `synthetic`, or the upstream's id.
    pub id: String,
    /// The model that answered.
    pub model: String,
    /// The answer text.
    pub text: String,
    /// Why the model stopped.
    pub stop_reason: String,
    /// A refusal's category.
    pub refusal_category: Option<String>,
    /// The token counts.
    pub usage: Usage,
}

impl Answer {
    /// The answer a cassette replays: its id `cassette:<hash>`, its model, text, stop reason,
    /// refusal category and counts.
    pub fn of_replay(replay: crate::driver::Replay) -> Answer {
        Answer {
            id: replay.id(),
            usage: Usage::of_cassette(&replay.usage),
            model: replay.model,
            text: replay.text,
            stop_reason: replay.stop_reason,
            refusal_category: replay.refusal_category,
        }
    }

    /// The synthetic stand-in for a miss: id `synthetic`, `end_turn`, the app's estimates of
    /// the counts.
    #[cfg(feature = "synthetic")]
    pub fn of_synthetic(synthetic: &crate::driver::Synthetic) -> Answer {
        Answer {
            id: "synthetic".into(),
            model: synthetic.model.clone(),
            text: synthetic.text.clone(),
            stop_reason: "end_turn".into(),
            refusal_category: None,
            usage: Usage {
                input: synthetic.input_tokens,
                output: synthetic.output_tokens,
                ..Usage::default()
            },
        }
    }

    fn stop_details(&self) -> Value {
        match &self.refusal_category {
            Some(category) => json!({"type": "refusal", "category": category}),
            None => Value::Null,
        }
    }

    /// The whole message (a non-streaming answer).
    pub fn message(&self) -> Value {
        json!({
            "id": self.id,
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": [{"type": "text", "text": self.text}],
            "stop_reason": self.stop_reason,
            "stop_sequence": null,
            "stop_details": self.stop_details(),
            "usage": self.usage.input_side(self.usage.output),
        })
    }

    /// [`Answer::message`] as JSON text, written directly (the answer's text escaped in long
    /// unescaped runs, as the key's encoder escapes it: valid JSON, the same value).
    pub fn message_json(&self) -> String {
        // Escapes make the text longer: room for one in eight bytes.
        let mut out = String::with_capacity(self.text.len() * 9 / 8 + 512);
        out.push_str("{\"id\":");
        push_str(&mut out, &self.id);
        out.push_str(",\"type\":\"message\",\"role\":\"assistant\",\"model\":");
        push_str(&mut out, &self.model);
        out.push_str(",\"content\":[{\"type\":\"text\",\"text\":");
        push_str(&mut out, &self.text);
        out.push_str("}],\"stop_reason\":");
        push_str(&mut out, &self.stop_reason);
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

    /// The stream: `message_start` (no content, the input side of the usage), one text block
    /// in deltas of at most `chunk` bytes (at character boundaries), `message_delta` (stop
    /// reason, stop details, output tokens), `message_stop`. Each item is one whole event
    /// (`event: …\ndata: …\n\n`).
    pub fn events(&self, chunk: usize) -> Vec<String> {
        let mut out = Vec::new();
        self.write_events(chunk, |event| out.push(event.to_owned()));
        out
    }

    /// [`Answer::events`] as one text, written into one buffer.
    pub fn events_text(&self, chunk: usize) -> String {
        let mut out = String::with_capacity(self.text.len() * 5 / 4 + 1024);
        self.write_events(chunk, |event| out.push_str(event));
        out
    }

    /// Each event of the stream, in order, to `emit`.
    fn write_events(&self, chunk: usize, mut emit: impl FnMut(&str)) {
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
        emit("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n");
        for piece in pieces(&self.text, chunk.max(4)) {
            event.clear();
            event.push_str("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":");
            push_str(&mut event, piece);
            event.push_str("}}\n\n");
            emit(&event);
        }
        emit("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n");
        emit(&sse(
            "message_delta",
            &json!({
                "type": "message_delta",
                "delta": {"stop_reason": self.stop_reason, "stop_sequence": null, "stop_details": self.stop_details()},
                "usage": {"output_tokens": self.usage.output},
            }),
        ));
        emit("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
    }
}

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
            let written = a.message_json();
            assert_eq!(
                serde_json::from_str::<Value>(&written).unwrap(),
                a.message()
            );
            // The same member order as the tree's.
            assert_eq!(
                written.replace("\\u2028", "\u{2028}"),
                a.message().to_string()
            );
            for event in a.events(3) {
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
        let events = a.events(5);
        let deltas: Vec<&String> = events
            .iter()
            .filter(|e| e.starts_with("event: content_block_delta"))
            .collect();
        assert_eq!(deltas.len(), 2, "{events:?}");
        assert!(events[0].starts_with("event: message_start\ndata: "));
        assert!(events.last().unwrap().contains("message_stop"));
    }
}
