//! A Messages API body read in one pass, with memory a small multiple of what it keeps: the
//! members the key and the answer read are parsed into their types as they stream by (no JSON
//! tree of the whole body), everything else is skipped; a duplicate member anywhere, a wrong
//! type or an oversized schema is an error naming the member (`messages[0].content[2].text`).

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};

use crate::error::Error;
use crate::request::{Block, Turn};
use crate::wire::WireRequest;
use crate::wire::read::values::{
    At, MaybeStr, Members, Nullable, Scalar, Skip, Str, refuse_others, seed,
};
use crate::wire::read::{AGENT, Choice, one_line};

use super::carried::{OutputConfig, ToolChoice, Tools, carried_schema};

/// `system`: a string, or text blocks whose texts are joined.
struct System<'p> {
    at: At<'p>,
}

seed!(System => String);

impl<'de> Visitor<'de> for System<'_> {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string or text blocks")
    }
    fn visit_unit<E>(self) -> Result<String, E> {
        Ok(String::new())
    }
    fn visit_str<E>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }
    refuse_others!("a string or a list of text blocks"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64); containers visit_map: MapAccess);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<String, A::Error> {
        let mut text = String::new();
        let mut i = 0;
        while let Some(block) = seq.next_element_seed(BlockSeed {
            at: self.at.index(i),
        })? {
            match block.into_text() {
                Some(t) => text.push_str(&t),
                None => return Err(self.at.index(i).err("not a text block with a string text")),
            }
            i += 1;
        }
        Ok(text)
    }
}

/// A content block as it came: its members that matter, checked once the object is whole (its
/// `type` may come last).
#[derive(Default)]
struct RawBlock {
    kind: Option<String>,
    text: Option<String>,
    source: Option<Source>,
}

#[derive(Default)]
struct Source {
    kind: Option<String>,
    media_type: Option<String>,
    data: Option<String>,
}

impl RawBlock {
    /// The text of a text block.
    fn into_text(self) -> Option<String> {
        match (self.kind.as_deref(), self.text) {
            (Some("text"), Some(t)) => Some(t),
            _ => None,
        }
    }

    /// The block the key sees: text, or a base64 document.
    fn into_block(self) -> Result<Block, String> {
        match self.kind.as_deref() {
            Some("text") => self
                .text
                .map(Block::Text)
                .ok_or_else(|| "text: not a string".into()),
            Some("document") => {
                let source = self.source.ok_or("source: missing")?;
                if source.kind.as_deref() != Some("base64") {
                    return Err("source: only base64 documents are keyed".into());
                }
                let data = source.data.ok_or("source.data: not a string")?;
                Ok(Block::Document {
                    data,
                    media_type: source.media_type,
                })
            }
            Some(kind @ ("tool_use" | "tool_result" | "server_tool_use")) => {
                Err(format!("type {kind:?}: {AGENT}"))
            }
            Some(other) => Err(format!(
                "type {other:?}: the app sends text and document blocks"
            )),
            None => Err("type: missing".into()),
        }
    }
}

struct BlockSeed<'p> {
    at: At<'p>,
}

seed!(BlockSeed => RawBlock);

impl<'de> Visitor<'de> for BlockSeed<'_> {
    type Value = RawBlock;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a content block")
    }
    refuse_others!("a content block (an object)"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawBlock, A::Error> {
        let mut block = RawBlock::default();
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match &*key.0 {
                "type" => block.kind = Some(map.next_value_seed(Str { at })?),
                // A text that is not a string is said when the block is checked.
                "text" => block.text = map.next_value_seed(MaybeStr(at))?,
                "source" => block.source = Some(map.next_value_seed(SourceSeed { at })?),
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        Ok(block)
    }
}

struct SourceSeed<'p> {
    at: At<'p>,
}

seed!(SourceSeed => Source);

impl<'de> Visitor<'de> for SourceSeed<'_> {
    type Value = Source;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a document source")
    }
    refuse_others!("an object"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Source, A::Error> {
        let mut source = Source::default();
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match &*key.0 {
                "type" => source.kind = map.next_value_seed(MaybeStr(at))?,
                "media_type" => source.media_type = map.next_value_seed(MaybeStr(at))?,
                "data" => source.data = map.next_value_seed(MaybeStr(at))?,
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        Ok(source)
    }
}

/// A message's content: a string, or its blocks.
enum Content {
    Text(String),
    Blocks(Vec<RawBlock>),
}

/// One message of `messages`.
struct Message {
    role: Option<String>,
    content: Option<Content>,
}

struct MessageSeed<'p> {
    at: At<'p>,
}

seed!(MessageSeed => Message);

impl<'de> Visitor<'de> for MessageSeed<'_> {
    type Value = Message;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a message")
    }
    refuse_others!("a message (an object)"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Message, A::Error> {
        let mut message = Message {
            role: None,
            content: None,
        };
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match &*key.0 {
                "role" => message.role = Some(map.next_value_seed(Str { at })?),
                "content" => message.content = Some(map.next_value_seed(ContentSeed { at })?),
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        Ok(message)
    }
}

struct ContentSeed<'p> {
    at: At<'p>,
}

seed!(ContentSeed => Content);

impl<'de> Visitor<'de> for ContentSeed<'_> {
    type Value = Content;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string or a list")
    }
    fn visit_str<E>(self, v: &str) -> Result<Content, E> {
        Ok(Content::Text(v.to_owned()))
    }
    refuse_others!("a string or a list"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(); containers visit_map: MapAccess);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
        let mut blocks = Vec::new();
        while let Some(b) = seq.next_element_seed(BlockSeed {
            at: self.at.index(blocks.len()),
        })? {
            blocks.push(b);
        }
        Ok(Content::Blocks(blocks))
    }
}

/// `messages`: the first one's blocks, and the repair turns after it.
struct Messages<'p> {
    at: At<'p>,
}

seed!(Messages => (Vec<Block>, Vec<Turn>));

impl<'de> Visitor<'de> for Messages<'_> {
    type Value = (Vec<Block>, Vec<Turn>);
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of messages")
    }
    refuse_others!("a list"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(), visit_str(&str); containers visit_map: MapAccess);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut blocks = None;
        let mut turns = Vec::new();
        let mut i = 0;
        while let Some(m) = seq.next_element_seed(MessageSeed {
            at: self.at.index(i),
        })? {
            let at = self.at.index(i);
            if i == 0 {
                blocks = Some(first_blocks(m, &at).map_err(A::Error::custom)?);
            } else {
                turns.push(turn(m).map_err(|e| at.err(e))?);
            }
            i += 1;
        }
        let blocks = blocks.ok_or_else(|| self.at.err("empty"))?;
        Ok((blocks, turns))
    }
}

/// The blocks of the first message, which must be the user's.
fn first_blocks(m: Message, at: &At) -> Result<Vec<Block>, String> {
    if m.role.as_deref() != Some("user") {
        return Err(format!("{at}: not a user message"));
    }
    match m.content {
        Some(Content::Text(t)) => Ok(vec![Block::Text(t)]),
        Some(Content::Blocks(blocks)) => blocks
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                b.into_block()
                    .map_err(|e| format!("{}: {e}", at.key("content").index(i)))
            })
            .collect(),
        None => Err(format!("{}: not a string or a list", at.key("content"))),
    }
}

/// A repair turn: its role and the text of its content.
fn turn(m: Message) -> Result<Turn, String> {
    let role = m.role.ok_or("role: missing or not a string")?;
    if role != "user" && role != "assistant" {
        return Err(format!(
            "role {role:?}: a turn is the user's or the assistant's"
        ));
    }
    let text = match m.content {
        Some(Content::Text(t)) => t,
        Some(Content::Blocks(blocks)) => {
            let mut text = String::new();
            for (i, b) in blocks.into_iter().enumerate() {
                if let Some(kind @ ("tool_use" | "tool_result" | "server_tool_use")) =
                    b.kind.as_deref()
                {
                    return Err(format!("content[{i}]: type {kind:?}: {AGENT}"));
                }
                text.push_str(
                    &b.into_text()
                        .ok_or("content: a repair turn holds text blocks only")?,
                );
            }
            text
        }
        None => return Err("content: not a string or a list".into()),
    };
    Ok(Turn { role, text })
}

/// The top level.
struct Body;

impl<'de> Visitor<'de> for Body {
    type Value = WireRequest;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<WireRequest, A::Error> {
        let top = At::Top;
        let (mut model, mut system, mut messages, mut stream) = (None, String::new(), None, false);
        let (mut format, mut output_format, mut tools, mut choice) =
            (None, None, Vec::new(), Choice::Auto);
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &top)? {
            let at = top.key(&key.0);
            match &*key.0 {
                "model" => model = Some(map.next_value_seed(Str { at })?),
                "system" => system = map.next_value_seed(System { at })?,
                "messages" => messages = Some(map.next_value_seed(Messages { at })?),
                "output_config" => {
                    format = map.next_value_seed(OutputConfig { at, format: false })?;
                }
                // The structured-outputs beta's member (LiteLLM sends it): a format itself.
                "output_format" => {
                    output_format = map.next_value_seed(OutputConfig { at, format: true })?;
                }
                "tools" => tools = map.next_value_seed(Tools { at })?,
                "tool_choice" => choice = map.next_value_seed(ToolChoice { at })?,
                "stream" => {
                    stream = map
                        .next_value_seed(Nullable {
                            at,
                            kind: Scalar::Bool,
                        })?
                        .unwrap_or(false);
                }
                "max_tokens" => {
                    map.next_value_seed(Nullable {
                        at,
                        kind: Scalar::Integer,
                    })?;
                }
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        let model = model.ok_or_else(|| de::Error::custom("model: missing"))?;
        let (blocks, turns) = messages.ok_or_else(|| de::Error::custom("messages: missing"))?;
        let (schema, tool) = carried_schema([format, output_format], tools, choice)?;
        Ok(WireRequest {
            model,
            system,
            blocks,
            turns,
            schema,
            tool,
            stream,
            include_usage: false,
        })
    }
    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<WireRequest, A::Error> {
        Err(de::Error::custom("the body is not a JSON object"))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
    fn visit_unit<E: de::Error>(self) -> Result<WireRequest, E> {
        Err(E::custom("the body is not a JSON object"))
    }
}

/// Parses a request body in one pass.
pub(crate) fn parse(body: &[u8]) -> Result<WireRequest, Error> {
    // UTF-8 checked once for the whole body (then no string is checked again); a body that is
    // not UTF-8 is read from its bytes, for serde_json's error at the place it breaks.
    let parsed = match std::str::from_utf8(body) {
        Ok(text) => {
            let mut d = serde_json::Deserializer::from_str(text);
            d.deserialize_any(Body).and_then(|w| d.end().map(|()| w))
        }
        Err(_) => {
            let mut d = serde_json::Deserializer::from_slice(body);
            d.deserialize_any(Body).and_then(|w| d.end().map(|()| w))
        }
    };
    parsed.map_err(|e| one_line(&e))
}
