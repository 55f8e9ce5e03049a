//! The neutral request and answer every wire reads into and renders from: the key does not
//! depend on the wire (the same request content gives the same cassette on every wire), and
//! one answer renders in every wire's shape.

use std::sync::Arc;

use serde_json::Value;

use crate::request::{Block, Turn};

/// What a wire takes from a request body: what the key sees, and how the answer is asked for.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct WireRequest {
    /// `model`.
    pub model: String,
    /// The system text: the prompt text the app sends (its text blocks or messages, joined).
    pub system: String,
    /// The first user message's blocks (text, and base64 documents).
    pub blocks: Vec<Block>,
    /// The messages after it: the repair turns.
    pub turns: Vec<Turn>,
    /// The output schema as sent, full or in its provider form, whatever carried it (a
    /// response format, or a forced tool); `None`: a plain call, keyed with the empty schema.
    /// Shared: the same schema text sent again is the same tree.
    pub schema: Option<Arc<Value>>,
    /// The forced tool that carried the schema (its name): the answer is a call of it.
    pub tool: Option<String>,
    /// Whether the answer is streamed.
    pub stream: bool,
    /// Whether a stream ends with its usage (Chat Completions' `stream_options.include_usage`).
    pub include_usage: bool,
}

impl WireRequest {
    /// A request of `model` with `system` text and these blocks: no schema, not streamed.
    pub fn new(model: impl Into<String>, system: impl Into<String>, blocks: Vec<Block>) -> Self {
        WireRequest {
            model: model.into(),
            system: system.into(),
            blocks,
            ..WireRequest::default()
        }
    }

    /// How it asked for its answer.
    pub fn shape(&self) -> Shape<'_> {
        Shape {
            stream: self.stream,
            tool: self.tool.as_deref(),
            include_usage: self.include_usage,
        }
    }
}

/// How a request asked for its answer: what a wire renders the answer as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Shape<'a> {
    /// As the API's event stream.
    pub stream: bool,
    /// As a call of this forced tool (whose input schema is the output schema).
    pub tool: Option<&'a str>,
    /// A stream ends with its usage (Chat Completions; the other APIs always send it).
    pub include_usage: bool,
}

impl<'a> Shape<'a> {
    /// A shape: streamed or not, a call of `tool` or text, with a stream's usage or not.
    pub fn new(stream: bool, tool: Option<&'a str>, include_usage: bool) -> Shape<'a> {
        Shape {
            stream,
            tool,
            include_usage,
        }
    }

    /// Whole, as text.
    pub fn whole() -> Shape<'static> {
        Shape::default()
    }

    /// Streamed, as text.
    pub fn streamed() -> Shape<'static> {
        Shape {
            stream: true,
            ..Shape::default()
        }
    }
}

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

    /// The answer as the input of a forced tool's call: its text, once a Markdown code fence
    /// around it is stripped (as the app strips one), when that is a JSON object and the model
    /// did not stop short of an answer (a refusal, or out of tokens). `None`: the answer is
    /// sent as text, as the API sends an answer that is no call.
    pub fn tool_input(&self) -> Option<&str> {
        if matches!(self.stop_reason.as_str(), "refusal" | "max_tokens") {
            return None;
        }
        let json = strip_fence(self.text.trim());
        let object = json.starts_with('{')
            && serde_json::from_str::<&serde_json::value::RawValue>(json).is_ok();
        object.then_some(json)
    }

    /// An id for the tool call of this answer, `prefix` then the answer's id in the letters
    /// ids take (the same answer, the same call id).
    pub fn call_id(&self, prefix: &str) -> String {
        let mut id = String::with_capacity(prefix.len() + self.id.len());
        id.push_str(prefix);
        id.extend(
            self.id
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }),
        );
        id
    }

    /// Why the model stopped, as the API says it of this answer in `shape`: a call of a forced
    /// tool stopped for it (`tool_use`); an answer sent as text did not, whatever carried it
    /// when it was recorded.
    pub fn stop_reason_in(&self, shape: &Shape) -> &str {
        let called = shape.tool.is_some() && self.tool_input().is_some();
        match self.stop_reason.as_str() {
            "end_turn" | "tool_use" if called => "tool_use",
            "tool_use" => "end_turn",
            other => other,
        }
    }
}

/// `text` without one Markdown code fence around it (```` ```json … ``` ````).
fn strip_fence(text: &str) -> &str {
    let Some(rest) = text.strip_prefix("```") else {
        return text;
    };
    let Some(body) = rest.strip_suffix("```") else {
        return text;
    };
    // The fence's info string (`json`) ends its first line.
    body.split_once('\n').map_or(body, |(_, b)| b).trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str, stop: &str) -> Answer {
        Answer {
            id: "cassette:0a1b".into(),
            model: "m".into(),
            text: text.into(),
            stop_reason: stop.into(),
            refusal_category: None,
            usage: Usage::default(),
        }
    }

    #[test]
    fn a_json_object_answer_is_a_tool_input() {
        assert_eq!(
            answer(" {\"a\": 1}\n", "end_turn").tool_input(),
            Some("{\"a\": 1}")
        );
        assert_eq!(
            answer("```json\n{\"a\": [1]}\n```", "end_turn").tool_input(),
            Some("{\"a\": [1]}")
        );
        for (text, stop) in [
            ("[1]", "end_turn"),
            ("{\"a\":", "end_turn"),
            ("I can't.", "end_turn"),
            ("{}", "refusal"),
            ("{}", "max_tokens"),
        ] {
            assert_eq!(answer(text, stop).tool_input(), None, "{text} {stop}");
        }
        assert_eq!(
            answer("{}", "end_turn").call_id("toolu_"),
            "toolu_cassette_0a1b"
        );
    }

    #[test]
    fn the_stop_reason_follows_the_shape_the_answer_is_sent_in() {
        let tool = Shape {
            tool: Some("t"),
            ..Shape::default()
        };
        let text = Shape::default();
        assert_eq!(answer("{}", "end_turn").stop_reason_in(&tool), "tool_use");
        assert_eq!(answer("{}", "tool_use").stop_reason_in(&text), "end_turn");
        assert_eq!(answer("no", "end_turn").stop_reason_in(&tool), "end_turn");
        assert_eq!(
            answer("{}", "max_tokens").stop_reason_in(&tool),
            "max_tokens"
        );
    }
}
