//! What every wire reads a body with: the pieces of a one-pass reader ([`values`]: where a value
//! sits, duplicate members, skipped values, a JSON tree), a whole body as a tree, an output
//! schema within its bound, and a body's error in one line.

use std::sync::Arc;

use serde::de::{self, DeserializeSeed};
use serde_json::Value;
use serde_json::value::RawValue;

pub(in crate::wire) mod pruned;
#[macro_use]
pub(in crate::wire) mod values;

use values::{At, Tree};

use crate::error::Error;

/// The most JSON text `output_config.format.schema` may hold (real output schemas are a few
/// KB): the one member kept as a JSON tree, so its size is bounded on its own.
pub const MAX_SCHEMA: usize = 1 << 20;

/// The schema's JSON tree, within [`MAX_SCHEMA`] and without duplicate members.
pub(in crate::wire) fn schema_of<E: de::Error>(raw: &RawValue, at: &At) -> Result<Arc<Value>, E> {
    let text = raw.get();
    if !(text.starts_with('{') || text.starts_with('[')) {
        return Err(at.err("missing or not an object"));
    }
    if text.len() > MAX_SCHEMA {
        return Err(at.err(format_args!(
            "{} bytes, more than an output schema may hold ({} KiB)",
            text.len(),
            MAX_SCHEMA >> 10
        )));
    }
    if let Some(tree) = SEEN.get(text) {
        return Ok(tree);
    }
    let mut d = serde_json::Deserializer::from_str(text);
    let tree = Tree { at: *at }
        .deserialize(&mut d)
        .map_err(|e| E::custom(strip_position(&e)))?;
    let tree = Arc::new(tree);
    SEEN.keep(text, &tree);
    Ok(tree)
}

/// The trees of schema texts read before: reading one into a tree (each member checked for
/// duplicates) costs more than the rest of the body, and the same text is the same tree.
static SEEN: crate::wire::memo::Memo<Arc<Value>> = crate::wire::memo::Memo::new();

/// serde_json's message without its " at line L column C".
pub(in crate::wire) fn strip_position(e: &serde_json::Error) -> String {
    let mut message = e.to_string();
    if let Some(i) = message.rfind(" at line ") {
        message.truncate(i);
    }
    message
}

/// A schema sent as its JSON text (a [`pruned::Spec::RAW`] member), as a tree: within
/// [`MAX_SCHEMA`], an object, without duplicate members; the same text is the same tree.
pub(in crate::wire) fn schema_text(text: &str, at: &str) -> Result<Arc<Value>, String> {
    if !text.starts_with('{') {
        return Err(format!("{at}: missing or not an object"));
    }
    if text.len() > MAX_SCHEMA {
        return Err(format!(
            "{at}: {} bytes, more than an output schema may hold ({} KiB)",
            text.len(),
            MAX_SCHEMA >> 10
        ));
    }
    if let Some(tree) = SEEN.get(text) {
        return Ok(tree);
    }
    let mut d = serde_json::Deserializer::from_str(text);
    let tree = Tree { at: At::Top }
        .deserialize(&mut d)
        .map_err(|e| format!("{at}: {}", strip_position(&e)))?;
    let tree = Arc::new(tree);
    SEEN.keep(text, &tree);
    Ok(tree)
}

/// A body's error in one line: what is wrong with the data, or where the JSON breaks.
pub(in crate::wire) fn one_line(e: &serde_json::Error) -> Error {
    if e.is_data() {
        Error::msg(strip_position(e))
    } else {
        Error::json(e)
    }
}

/// Why a request with tools the model may call, or with tool calls and results among its
/// turns, is refused: a replay answers one request with one recorded answer.
pub(in crate::wire) const AGENT: &str = "tool-use conversations are not replayed: a replay answers a request whose only tool is one the request forces (tool_choice names it, or allows one tool only), whose input schema is the output schema";

/// The one output schema of a request, of the members that carried one (`(member, schema)`,
/// in the body's order): two that differ are an error naming both (the key has one schema).
pub(in crate::wire) fn one_schema(
    carried: Vec<(std::borrow::Cow<'static, str>, Arc<Value>)>,
) -> Result<Option<Arc<Value>>, String> {
    let mut carried = carried.into_iter();
    let Some((first_at, first)) = carried.next() else {
        return Ok(None);
    };
    for (at, other) in carried {
        if !Arc::ptr_eq(&first, &other) && !crate::wire::same_in_php(&first, &other) {
            return Err(format!(
                "{first_at} and {at}: two different output schemas in one request (an answer is keyed by one)"
            ));
        }
    }
    Ok(Some(first))
}

/// A tool a request defines: its name, its kind (`type`, if given) and where its schema is.
pub(in crate::wire) struct ToolDef<S> {
    pub name: Option<String>,
    pub kind: Option<String>,
    pub schema: Option<S>,
}

/// Which tool the request forces: `tool_choice` naming one (`named`), or allowing any of the
/// tools when there is one (`any`); `Ok(None)` without tools. Tools the model may or may not
/// call are an agent's request ([`AGENT`]), refused naming `tools_at`; so is a forced tool
/// that is not a function of the request's own (`custom`).
pub(in crate::wire) fn forced_tool<S>(
    tools: Vec<ToolDef<S>>,
    choice: Choice,
    tools_at: &str,
    custom: &[&str],
) -> Result<Option<(usize, String, S)>, String> {
    if tools.is_empty() {
        return match choice {
            Choice::Named(name) => Err(format!(
                "tool_choice: names the tool {name:?}, but the request defines no tools"
            )),
            _ => Ok(None),
        };
    }
    let index = match &choice {
        Choice::Named(name) => tools
            .iter()
            .position(|t| t.name.as_deref() == Some(name))
            .ok_or_else(|| {
                format!("tool_choice: names the tool {name:?}, which {tools_at} does not define")
            })?,
        Choice::Any if tools.len() == 1 => 0,
        Choice::Any => {
            return Err(format!(
                "{tools_at}: {} tools the model may choose among; {AGENT}",
                tools.len()
            ));
        }
        Choice::Auto => return Err(format!("{tools_at}: {AGENT}")),
    };
    let tool = tools
        .into_iter()
        .nth(index)
        .unwrap_or_else(|| unreachable!());
    if let Some(kind) = tool.kind.as_deref().filter(|k| !custom.contains(k)) {
        return Err(format!(
            "{tools_at}[{index}]: a {kind:?} tool is the API's own, not one whose input is an answer; {AGENT}"
        ));
    }
    let name = tool
        .name
        .ok_or_else(|| format!("{tools_at}[{index}].name: missing or not a string"))?;
    let schema = tool
        .schema
        .ok_or_else(|| format!("{tools_at}[{index}]: the forced tool has no input schema"))?;
    Ok(Some((index, name, schema)))
}

/// What `tool_choice` says, in every API's terms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(in crate::wire) enum Choice {
    /// The model may call a tool or answer (`auto`, `none`, or no `tool_choice`).
    #[default]
    Auto,
    /// The model must call one of the tools (`any`, `required`).
    Any,
    /// The model must call this tool.
    Named(String),
}
