//! Where a Messages API body carries its schema: `output_config.format`, the structured-outputs
//! beta's `output_format`, or a forced tool's `input_schema` (read into a tree only for the
//! forced tool); exactly one of them, or none.

use std::fmt;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::wire::read::values::{At, MaybeStr, Members, Skip, Str, refuse_others, seed};
use crate::wire::read::{Choice, ToolDef, forced_tool, one_schema, schema_of};

/// `output_config`: the schema of its `format`, if any.
pub(super) struct OutputConfig<'p> {
    pub(super) at: At<'p>,
    /// Inside `format`.
    pub(super) format: bool,
}

seed!(OutputConfig => Option<Arc<Value>>);

impl<'de> Visitor<'de> for OutputConfig<'_> {
    type Value = Option<Arc<Value>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_unit<E>(self) -> Result<Option<Arc<Value>>, E> {
        Ok(None)
    }
    refuse_others!("an object"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Arc<Value>>, A::Error> {
        let mut schema = None;
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match (&*key.0, self.format) {
                ("format", false) => {
                    schema = map.next_value_seed(OutputConfig { at, format: true })?;
                }
                ("schema", true) => {
                    let raw: &'de RawValue = map.next_value()?;
                    schema = Some(schema_of(raw, &at)?);
                }
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        if self.format && schema.is_none() {
            return Err(self.at.key("schema").err("missing or not an object"));
        }
        Ok(schema)
    }
}

/// `tools`: each tool's name, type and input schema (kept as its text until the forced one is
/// known: only that one is read into a tree).
pub(super) struct Tools<'p> {
    pub(super) at: At<'p>,
}

impl<'de> DeserializeSeed<'de> for Tools<'_> {
    type Value = Vec<ToolDef<&'de RawValue>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Tools<'_> {
    type Value = Vec<ToolDef<&'de RawValue>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of tools")
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    refuse_others!("a list"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_str(&str); containers visit_map: MapAccess);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut tools = Vec::new();
        while let Some(tool) = seq.next_element_seed(ToolSeed {
            at: self.at.index(tools.len()),
        })? {
            tools.push(tool);
        }
        Ok(tools)
    }
}

/// One tool of `tools`.
struct ToolSeed<'p> {
    at: At<'p>,
}

impl<'de> DeserializeSeed<'de> for ToolSeed<'_> {
    type Value = ToolDef<&'de RawValue>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ToolSeed<'_> {
    type Value = ToolDef<&'de RawValue>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tool")
    }
    refuse_others!("a tool (an object)"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut tool = ToolDef {
            name: None,
            kind: None,
            schema: None,
        };
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match &*key.0 {
                "name" => tool.name = map.next_value_seed(MaybeStr(at))?,
                "type" => tool.kind = map.next_value_seed(MaybeStr(at))?,
                "input_schema" => tool.schema = Some(map.next_value::<&'de RawValue>()?),
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        Ok(tool)
    }
}

/// `tool_choice`: `{"type": "auto" | "any" | "none" | "tool", "name": …}`.
pub(super) struct ToolChoice<'p> {
    pub(super) at: At<'p>,
}

seed!(ToolChoice => Choice);

impl<'de> Visitor<'de> for ToolChoice<'_> {
    type Value = Choice;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tool choice")
    }
    fn visit_unit<E>(self) -> Result<Choice, E> {
        Ok(Choice::Auto)
    }
    refuse_others!("an object"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_str(&str); containers visit_seq: SeqAccess);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Choice, A::Error> {
        let (mut kind, mut name) = (None, None);
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match &*key.0 {
                "type" => kind = Some(map.next_value_seed(Str { at })?),
                "name" => name = map.next_value_seed(MaybeStr(at))?,
                _ => map.next_value_seed(Skip(at))?,
            }
        }
        match (kind.as_deref(), name) {
            (Some("tool"), Some(name)) => Ok(Choice::Named(name)),
            (Some("tool"), None) => Err(self.at.key("name").err("missing or not a string")),
            (Some("any"), _) => Ok(Choice::Any),
            (Some("auto" | "none"), _) => Ok(Choice::Auto),
            (Some(other), _) => Err(self.at.key("type").err(format_args!(
                "{other:?}: not a tool choice (auto, any, tool, none)"
            ))),
            (None, _) => Err(self.at.key("type").err("missing")),
        }
    }
}

/// The one schema a body carries (in `output_config.format`, the beta's `output_format`, or a
/// forced tool's `input_schema`), and the forced tool's name.
pub(super) fn carried_schema<E: de::Error>(
    [format, output_format]: [Option<Arc<Value>>; 2],
    tools: Vec<ToolDef<&RawValue>>,
    choice: Choice,
) -> Result<(Option<Arc<Value>>, Option<String>), E> {
    let mut carried = Vec::new();
    if let Some(s) = format {
        carried.push(("output_config.format.schema".into(), s));
    }
    if let Some(s) = output_format {
        carried.push(("output_format.schema".into(), s));
    }
    let forced = forced_tool(tools, choice, "tools", &["custom"]).map_err(E::custom)?;
    let tool = match forced {
        Some((i, name, raw)) => {
            let tools_at = At::Top.key("tools");
            let tool_at = tools_at.index(i);
            let at = tool_at.key("input_schema");
            carried.push((at.to_string().into(), schema_of(raw, &at)?));
            Some(name)
        }
        None => None,
    };
    Ok((one_schema(carried).map_err(E::custom)?, tool))
}
