//! The OpenAI Responses API (`POST /v1/responses`), as the official SDKs speak it
//! (`client.responses.create`, `.stream`, `.parse`; `@ai-sdk/openai`'s default model).
//!
//! - `instructions`, then the `system` or `developer` input items before the first `user`
//!   item, are the prompt text; that item's content (a string, or `input_text` parts and
//!   `input_file` parts holding a base64 PDF as a data URL) is the request's blocks in order;
//!   the `assistant`/`user` items after it are the repair turns. A string `input` is one text
//!   block. The same content gives the same key as on the other wires.
//! - `text.format` (`json_schema`) carries the schema, matched by its provider form as on
//!   every wire; so does a forced function tool's `parameters`, whose call is then the answer.
//!   Tools the model may call, and function calls or their outputs among the items, are
//!   refused (a 400 naming them).
//! - The answer is a `response` whose id is the cassette's (`cassette:<hash>`): one `message`
//!   output item with an `output_text` part (or a `function_call` item), `usage` with every
//!   input token and the cached ones in `input_tokens_details.cached_tokens`; streamed as the
//!   API streams one (`response.created` … `response.output_text.delta` …
//!   `response.completed`).
//!
//! ```
//! use ulcas::wire::{openai::Responses, Answer, Shape, Usage, Wire};
//!
//! let request = Responses.parse(br#"{"model": "m", "instructions": "You write outlines.",
//!     "input": [{"role": "user", "content": [{"type": "input_text", "text": "Grind"}]}],
//!     "text": {"format": {"type": "json_schema", "name": "outline",
//!         "schema": {"type": "object", "title": "Outline"}}}}"#)?;
//! assert_eq!((request.system.as_str(), request.blocks.len()), ("You write outlines.", 1));
//! assert!(request.schema.is_some());
//!
//! let answer = Answer { id: "cassette:abc".into(), model: "m".into(), text: "{}".into(),
//!     stop_reason: "end_turn".into(), refusal_category: None,
//!     usage: Usage { input: 10, output: 2, cache_read: 5, ..Usage::default() } };
//! let streamed = Responses.render(&answer, &Shape::streamed()).body;
//! assert!(streamed.contains("event: response.completed\n"));
//! let recording = Responses.recording(streamed.as_bytes(), None, None)?;
//! assert_eq!((recording.text.as_str(), recording.usage["cache_read_tokens"].as_u64()), ("{}", Some(5)));
//! # Ok::<(), ulcas::Error>(())
//! ```

use serde_json::{Map, Value, json};

use super::{
    RAW, SCALAR, bounded_schema, created, document_of, failure_body, forced_function, input_tokens,
    list, object, pieces, text_of, usage_of,
};
use crate::error::Error;
use crate::request::{Block, Turn};
use crate::store::Recording;
use crate::wire::neutral::{Answer, Shape, WireRequest};
use crate::wire::read::pruned::Spec;
use crate::wire::read::{AGENT, one_schema};
use crate::wire::seam::{ApiError, Rendered, Upstreamed, Wire};

mod answer;

use answer::{events, response};

/// The OpenAI Responses API.
#[derive(Debug, Clone, Copy, Default)]
pub struct Responses;

impl Wire for Responses {
    fn name(&self) -> &'static str {
        "responses"
    }

    fn path(&self) -> &'static str {
        "/v1/responses"
    }

    fn upstream(&self) -> &'static str {
        "https://api.openai.com"
    }

    fn parse(&self, body: &[u8]) -> Result<WireRequest, Error> {
        crate::tally::parsed();
        let tree = crate::wire::read::pruned::read(body, &BODY)?;
        request_of(&tree).map_err(Error::msg)
    }

    fn render(&self, answer: &Answer, shape: &Shape) -> Rendered {
        if shape.stream {
            Rendered::event_stream(events(answer, shape))
        } else {
            Rendered::json(response(answer, shape, "completed").to_string())
        }
    }

    fn failure(&self, failure: ApiError, text: &str) -> String {
        failure_body(failure, text)
    }

    fn stream_failure(&self, failure: ApiError, text: &str) -> String {
        // The API's error event, with the error object the SDKs raise an error event by.
        let (kind, code) = super::kind(failure);
        let error = json!({
            "type": "error", "code": code.unwrap_or(kind), "message": text, "param": null,
            "sequence_number": 0, "error": {"type": kind, "code": code, "message": text},
        });
        format!("event: error\ndata: {error}\n\n")
    }

    fn request_id_header(&self) -> &'static str {
        "x-request-id"
    }

    fn rate_limit_headers(&self) -> &'static [(&'static str, &'static str)] {
        super::RATE_LIMIT_HEADERS
    }

    fn stream_ended(&self, stream: &[u8]) -> bool {
        crate::wire::seam::last_event_data(stream)
            .and_then(|data| serde_json::from_str::<Value>(data).ok())
            .is_some_and(|event| {
                matches!(
                    event["type"].as_str(),
                    Some(
                        "response.completed" | "response.incomplete" | "response.failed" | "error"
                    )
                )
            })
    }

    fn recording(
        &self,
        whole: &[u8],
        request_model: Option<&str>,
        tool: Option<&str>,
    ) -> Result<Recording, Error> {
        let response = accumulate(whole).map_err(Error::msg)?;
        let items = response["output"].as_array().map_or(&[][..], Vec::as_slice);
        let call = tool.and_then(|name| {
            items
                .iter()
                .find(|i| i["type"] == "function_call" && i["name"] == name)
        });
        let parts = || {
            items
                .iter()
                .filter(|i| i["type"] == "message")
                .filter_map(|i| i["content"].as_array())
                .flatten()
        };
        if let Some(refusal) = parts().find_map(|p| p["refusal"].as_str()) {
            return Err(Error::msg(format!("the upstream refused ({refusal:?})")));
        }
        let text = match call {
            Some(call) => call["arguments"]
                .as_str()
                .unwrap_or_default()
                .trim()
                .to_owned(),
            None => parts()
                .filter(|p| p["type"] == "output_text")
                .filter_map(|p| p["text"].as_str())
                .collect(),
        };
        // What the API said of the answer: whole, or cut short and why (kept as the cassette's
        // stop reason); a failed or unfinished response is no answer.
        let stop_reason = match (
            response["status"].as_str(),
            response["incomplete_details"]["reason"].as_str(),
        ) {
            (Some("completed") | None, _) => "end_turn",
            (Some("incomplete"), Some("max_output_tokens")) => "max_tokens",
            (Some("incomplete"), Some("content_filter")) => "refusal",
            (Some("incomplete"), reason) => {
                return Err(Error::msg(format!(
                    "the upstream's response is incomplete ({}): not a whole answer",
                    reason.unwrap_or("no reason given")
                )));
            }
            (Some(status), _) => {
                return Err(Error::msg(format!(
                    "the upstream's response is {status:?}, not completed: not an answer"
                )));
            }
        };
        let usage = &response["usage"];
        Upstreamed {
            text,
            model: response["model"].as_str(),
            stop_reason,
            refusal_category: None,
            usage: usage_of(
                &usage["input_tokens"],
                &usage["input_tokens_details"]["cached_tokens"],
                &usage["output_tokens"],
            ),
        }
        .recording(request_model, tool)
    }
}

/// What the key and the answer read of a body; the rest is skipped as it is read.
static BODY: Spec = object(&[
    ("model", SCALAR),
    ("instructions", SCALAR),
    ("previous_response_id", SCALAR),
    (
        "input",
        &list(&object(&[
            ("type", SCALAR),
            ("role", SCALAR),
            (
                "content",
                &list(&object(&[
                    ("type", SCALAR),
                    ("text", SCALAR),
                    ("file_data", SCALAR),
                ])),
            ),
        ])),
    ),
    ("stream", SCALAR),
    (
        "text",
        &object(&[("format", &object(&[("type", SCALAR), ("schema", RAW)]))]),
    ),
    (
        "tools",
        &list(&object(&[
            ("type", SCALAR),
            ("name", SCALAR),
            ("parameters", RAW),
        ])),
    ),
    (
        "tool_choice",
        &object(&[("type", SCALAR), ("name", SCALAR)]),
    ),
]);

/// The request a Responses API body carries.
fn request_of(tree: &Value) -> Result<WireRequest, String> {
    let body = tree.as_object().ok_or("the body is not a JSON object")?;
    let model = match body.get("model") {
        Some(Value::String(m)) => m.clone(),
        Some(_) => return Err("model: not a string".into()),
        None => return Err("model: missing".into()),
    };
    let mut system = match body.get("instructions") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(t)) => t.clone(),
        Some(_) => return Err("instructions: not a string".into()),
    };
    if body
        .get("previous_response_id")
        .is_some_and(|v| !v.is_null())
    {
        return Err("previous_response_id: a conversation kept by the server cannot be keyed: send its whole input".into());
    }
    let (blocks, turns) = match body.get("input") {
        Some(Value::String(t)) => (vec![Block::Text(t.clone())], Vec::new()),
        Some(Value::Array(items)) => items_of(items, &mut system)?,
        Some(_) => return Err("input: not a string or a list".into()),
        None => return Err("input: missing".into()),
    };
    let stream = match body.get("stream") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("stream: not a boolean".into()),
    };
    let mut carried = Vec::new();
    if let Some(schema) = text_format(body)? {
        carried.push(("text.format.schema".into(), schema));
    }
    let forced = forced_function(
        body,
        |tool| tool.get("name"),
        ("parameters", |tool| tool.get("parameters")),
    )?;
    let tool = forced.map(|(at, name, schema)| {
        carried.push((at.into(), schema));
        name
    });
    Ok(WireRequest {
        model,
        system,
        blocks,
        turns,
        schema: one_schema(carried)?,
        tool,
        stream,
        include_usage: false,
    })
}

/// `text.format`'s JSON schema, as sent.
fn text_format(body: &Map<String, Value>) -> Result<Option<std::sync::Arc<Value>>, String> {
    let format = match body.get("text").and_then(|t| t.get("format")) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(f)) => f,
        Some(_) => return Err("text.format: not an object".into()),
    };
    if format.get("type").and_then(Value::as_str) != Some("json_schema") {
        return Ok(None);
    }
    bounded_schema(format.get("schema"), "text.format.schema").map(Some)
}

/// The blocks and turns of `input`'s items; the prompt text of its system and developer
/// items appended to `system`.
fn items_of(items: &[Value], system: &mut String) -> Result<(Vec<Block>, Vec<Turn>), String> {
    let (mut blocks, mut turns) = (None, Vec::new());
    for (i, item) in items.iter().enumerate() {
        let at = format!("input[{i}]");
        let item = item.as_object().ok_or(format!("{at}: not an object"))?;
        match item.get("type").and_then(Value::as_str) {
            None | Some("message") => {}
            Some(
                kind @ ("function_call"
                | "function_call_output"
                | "custom_tool_call"
                | "custom_tool_call_output"),
            ) => return Err(format!("{at}: type {kind:?}: {AGENT}")),
            Some(kind) => {
                return Err(format!(
                    "{at}: type {kind:?}: not a message of a replayed request"
                ));
            }
        }
        let role = item
            .get("role")
            .and_then(Value::as_str)
            .ok_or(format!("{at}.role: missing or not a string"))?;
        let content = item.get("content").unwrap_or(&Value::Null);
        match (role, blocks.is_some()) {
            ("system" | "developer", false) => {
                system.push_str(&text_of(content, &at, &["input_text"])?)
            }
            ("system" | "developer", true) => {
                return Err(format!(
                    "{at}: a {role} item after the first user item (the prompt text comes first)"
                ));
            }
            ("user", false) => blocks = Some(blocks_of(content, &at)?),
            ("assistant", false) => return Err(format!("{at}: not a user message")),
            ("user" | "assistant", true) => turns.push(Turn {
                role: role.to_owned(),
                text: text_of(content, &at, &["input_text", "output_text"])?,
            }),
            (other, _) => {
                return Err(format!(
                    "{at}.role: {other:?}: not a role of a replayed request (system, developer, user, assistant)"
                ));
            }
        }
    }
    let blocks = blocks.ok_or("input: no user item")?;
    Ok((blocks, turns))
}

/// The blocks of the first user item: `input_text` parts, and PDFs as base64 data URLs.
fn blocks_of(content: &Value, at: &str) -> Result<Vec<Block>, String> {
    let parts = match content {
        Value::String(t) => return Ok(vec![Block::Text(t.clone())]),
        Value::Array(parts) => parts,
        _ => return Err(format!("{at}.content: not a string or a list")),
    };
    let mut blocks = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let at = format!("{at}.content[{i}]");
        match part["type"].as_str() {
            Some("input_text") => match part["text"].as_str() {
                Some(t) => blocks.push(Block::Text(t.to_owned())),
                None => return Err(format!("{at}.text: missing or not a string")),
            },
            Some("input_file") => blocks.push(document_of(
                part.get("file_data"),
                &format!("{at}.file_data"),
            )?),
            Some(other) => {
                return Err(format!(
                    "{at}: type {other:?}: the app sends input_text and input_file parts"
                ));
            }
            None => return Err(format!("{at}.type: missing or not a string")),
        }
    }
    Ok(blocks)
}

/// The response of a whole answer: a JSON body that is a `response`, or a stream that reached
/// `response.completed` (or `response.incomplete`), whose event holds the whole response.
fn accumulate(whole: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(whole).map_err(|_| "the upstream's answer is not UTF-8")?;
    if text.trim_start().starts_with('{') {
        let response: Value =
            serde_json::from_str(text).map_err(|e| format!("the upstream's response: {e}"))?;
        if response["object"] != "response" || !response["output"].is_array() {
            return Err("the upstream's answer is no response with an output".into());
        }
        return Ok(response);
    }
    for data in text.lines().filter_map(|l| l.strip_prefix("data:")) {
        let event: Value =
            serde_json::from_str(data.trim()).map_err(|e| format!("an upstream event: {e}"))?;
        match event["type"].as_str() {
            Some("response.completed" | "response.incomplete") => {
                return Ok(event["response"].clone());
            }
            Some("response.failed" | "error") => {
                return Err(format!("the upstream sent an error: {event}"));
            }
            _ => {}
        }
    }
    Err("the upstream's stream ended before response.completed: a cut answer".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Usage;

    fn answer(text: &str, stop: &str) -> Answer {
        Answer {
            id: "cassette:abc".into(),
            model: "m".into(),
            text: text.into(),
            stop_reason: stop.into(),
            refusal_category: None,
            usage: Usage {
                input: 10,
                output: 4,
                cache_write_5m: 1,
                cache_write_1h: 2,
                cache_read: 3,
            },
        }
    }

    #[test]
    fn an_answer_streamed_or_not_accumulates_to_the_same_recording() {
        for stop in ["end_turn", "max_tokens"] {
            let a = answer(&"ą{\"x\": 1}\n".repeat(300), stop);
            let whole = Responses.render(&a, &Shape::whole()).body;
            let streamed = Responses.render(&a, &Shape::streamed()).body;
            assert!(Responses.stream_ended(streamed.as_bytes()));
            let one = Responses.recording(whole.as_bytes(), None, None).unwrap();
            let other = Responses
                .recording(streamed.as_bytes(), None, None)
                .unwrap();
            assert_eq!(one, other);
            assert_eq!(
                (one.text.as_str(), one.stop_reason.as_str()),
                (a.text.as_str(), stop)
            );
            assert_eq!(one.usage["input_tokens"], 13);
            assert_eq!(one.usage["cache_read_tokens"], 3);
        }
        let tool = Shape {
            tool: Some("answer"),
            ..Shape::streamed()
        };
        let a = answer("{\"x\": [1, 2]}", "end_turn");
        let streamed = Responses.render(&a, &tool).body;
        assert!(streamed.contains("response.function_call_arguments.delta"));
        let recorded = Responses
            .recording(streamed.as_bytes(), None, Some("answer"))
            .unwrap();
        assert_eq!(
            (recorded.text.as_str(), recorded.stop_reason.as_str()),
            ("{\"x\": [1, 2]}", "end_turn")
        );
        let no_tool = Responses
            .recording(streamed.as_bytes(), None, None)
            .unwrap_err();
        assert!(no_tool.to_string().contains("no text"), "{no_tool}");
    }

    #[test]
    fn reads_instructions_items_and_turns() {
        let r = Responses
            .parse(br#"{"model": "m", "instructions": "P", "input": [
                {"role": "developer", "content": "Q"},
                {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "a"},
                    {"type": "input_file", "filename": "x.pdf", "file_data": "data:application/pdf;base64,JVBERi0="}]},
                {"role": "assistant", "content": [{"type": "output_text", "text": "bad"}]},
                {"role": "user", "content": "errors"}]}"#)
            .unwrap();
        assert_eq!(r.system, "PQ");
        assert_eq!(r.blocks.len(), 2);
        assert_eq!(
            (r.turns[0].text.as_str(), r.turns[1].role.as_str()),
            ("bad", "user")
        );
        assert_eq!(r.schema, None);
    }

    #[test]
    fn bad_bodies_say_what_is_wrong_naming_the_member() {
        let cases: [(&[u8], &str); 6] = [
            (br#"{"model": "m"}"#, "input: missing"),
            (br#"{"model": "m", "input": [{"role": "assistant", "content": "x"}]}"#, "input[0]: not a user message"),
            (br#"{"model": "m", "input": [{"role": "user", "content": "x"}, {"type": "function_call_output", "call_id": "c", "output": "1"}]}"#, "input[1]: type \"function_call_output\": tool-use conversations are not replayed"),
            (br#"{"model": "m", "input": "x", "tools": [{"type": "function", "name": "f", "parameters": {}}]}"#, "tools: tool-use conversations are not replayed"),
            (br#"{"model": "m", "input": "x", "tools": [{"type": "web_search"}], "tool_choice": "required"}"#, "tools[0]: a \"web_search\" tool is the API's own"),
            (br#"{"model": "m", "input": "x", "text": {"format": {"type": "json_schema", "name": "a", "schema": {"type": "object"}}}, "tools": [{"type": "function", "name": "f", "parameters": {"type": "string"}}], "tool_choice": {"type": "function", "name": "f"}}"#, "text.format.schema and tools[0].parameters: two different output schemas"),
        ];
        for (body, says) in cases {
            let e = Responses.parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
        }
    }
}
