//! Requests made in code and written out: a builder, and the dump the PHP hook writes.

use super::{Block, Request, Turn};
use crate::schema::Schema;

impl Request {
    /// A request of `task` at `prompt_version` with its output `schema`, no blocks yet (add
    /// them with [`Request::with_text`], [`Request::with_document`], [`Request::with_turn`]).
    pub fn new(task: impl Into<String>, prompt_version: i64, schema: Schema) -> Request {
        Request {
            task: task.into(),
            prompt_version,
            prompt_id: None,
            model: None,
            system: None,
            prompt_in_code: false,
            id_patterns: Default::default(),
            schema,
            blocks: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// With a text block after the others.
    pub fn with_text(mut self, text: impl Into<String>) -> Request {
        self.blocks.push(Block::Text(text.into()));
        self
    }

    /// With a base64 document block after the others.
    pub fn with_document(mut self, data: impl Into<String>, media_type: Option<String>) -> Request {
        self.blocks.push(Block::Document {
            data: data.into(),
            media_type,
        });
        self
    }

    /// With a follow-up turn (a repair attempt: the `assistant` answer, the `user` errors).
    pub fn with_turn(mut self, role: impl Into<String>, text: impl Into<String>) -> Request {
        self.turns.push(Turn {
            role: role.into(),
            text: text.into(),
        });
        self
    }

    /// With the model asked for (outside the key).
    pub fn with_model(mut self, model: impl Into<String>) -> Request {
        self.model = Some(model.into());
        self
    }

    /// With the system prompt sent (outside the key, unless the prompt is in code).
    pub fn with_system(mut self, system: impl Into<String>) -> Request {
        self.system = Some(system.into());
        self
    }

    /// As a prompt written in code: its system text is part of the key
    /// ([`Request::prompt_in_code`]).
    pub fn in_code(mut self) -> Request {
        self.prompt_in_code = true;
        self
    }

    /// With a store's own id patterns (a prompt in code's key numbers what they match:
    /// [`crate::id_patterns`]).
    pub fn with_id_patterns(mut self, ids: crate::id_patterns::IdPatterns) -> Request {
        self.id_patterns = ids;
        self
    }

    /// The request as the PHP hook dumps it (`json_encode` of the driver's request, camelCase,
    /// slashes and Unicode unescaped, one line and a newline): `Request::from_slice` reads it
    /// back to the same request and the same key (the schema is written as it was read).
    pub fn to_dump(&self) -> String {
        let blocks = self.blocks.iter().map(DumpBlock::of).collect();
        // The schema's own text, as PHP will read it back, on one line.
        let schema = serde_json::value::RawValue::from_string(minified(self.schema.source()))
            .or_else(|_| serde_json::value::to_raw_value(&self.schema.value));
        let Ok(schema) = schema else {
            unreachable!("a parsed schema is JSON")
        };
        let dump = Dump {
            task: &self.task,
            prompt_id: self.prompt_id.as_deref(),
            prompt_version: self.prompt_version,
            model: self.model.as_deref(),
            system: self.system.as_deref(),
            prompt_in_code: self.prompt_in_code,
            id_patterns: self.id_patterns.custom(),
            blocks,
            schema: &schema,
            turns: &self.turns,
        };
        let mut out = serde_json::to_string(&dump).expect("a dump serialises");
        out.push('\n');
        out
    }
}

/// JSON text without the whitespace between its tokens (strings untouched).
fn minified(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

/// A block of a dump, as the app writes it.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpBlock<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    text: &'a str,
    data: Option<&'a str>,
    media_type: &'a str,
    cache: bool,
}

impl<'a> DumpBlock<'a> {
    /// A block as the app's dump writes it.
    fn of(b: &'a Block) -> DumpBlock<'a> {
        match b {
            Block::Text(text) => DumpBlock {
                kind: "text",
                text,
                data: None,
                media_type: "text/plain",
                cache: false,
            },
            Block::Document { data, media_type } => DumpBlock {
                kind: "document",
                text: "",
                data: Some(data),
                media_type: media_type.as_deref().unwrap_or("application/pdf"),
                cache: false,
            },
        }
    }
}

/// A request dump, as the app writes it.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Dump<'a> {
    task: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt_id: Option<&'a str>,
    prompt_version: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    model: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    system: Option<&'a str>,
    /// Written only when true: a reference dump stays as the PHP hook writes it.
    #[serde(rename = "prompt_in_code", skip_serializing_if = "std::ops::Not::not")]
    prompt_in_code: bool,
    #[serde(rename = "id_patterns", skip_serializing_if = "<[String]>::is_empty")]
    id_patterns: &'a [String],
    blocks: Vec<DumpBlock<'a>>,
    schema: &'a serde_json::value::RawValue,
    turns: &'a [Turn],
}

#[cfg(test)]
mod tests {
    use super::minified;

    #[test]
    fn minified_keeps_strings_whole() {
        let text = "{ \"a b\" : [ 1 ,\n -0 ],\t\"q\\\" x\": \" \\\\ \" }";
        assert_eq!(minified(text), "{\"a b\":[1,-0],\"q\\\" x\":\" \\\\ \"}");
    }
}
