//! `normalize` and `hash`: what the key sees of a request, and the key itself.

use serde_json::{json, Map, Value};
use ulcas::key::KeyMaterial;
use ulcas::normalise::PlaceholderMap;
use ulcas::settings::store_for_request;

use super::args::{HashArgs, NormalizeArgs};
use super::output::{Format, Out, Tone};
use super::{each_request, exact, shown, Answer, Outcome};

/// The placeholder map as a JSON object, in order of first appearance.
pub fn map_json(map: &PlaceholderMap) -> Value {
    Value::Object(
        map.iter()
            .map(|(p, id)| (p.to_string(), Value::from(id)))
            .collect::<Map<_, _>>(),
    )
}

/// `ulcas normalize`.
pub fn normalize(args: NormalizeArgs, color: bool) -> Outcome {
    let mut out = Out::stdout(args.format.format.into(), color);
    let done = each_request(&args.requests, |file, request, several| {
        let material = KeyMaterial::of(&request);
        if out.format == Format::Json {
            out.event(&json!({
                "type": "normalized",
                "request": exact(file),
                "content": material.content.text,
                "map": map_json(&material.content.map),
            }))?;
            return Ok(());
        }
        if several {
            let head = format!(
                "== {} ({} v{})",
                shown(file),
                request.task,
                request.prompt_version
            );
            let head = out.paint(Tone::Strong, &head);
            out.line(&head)?;
        }
        let text = highlight_placeholders(&out, &material.content.text);
        out.block(&text)?;
        let map = &material.content.map;
        let summary = match map.len() {
            0 => "no generated ids".to_owned(),
            1 => "1 placeholder:".to_owned(),
            n => format!("{n} placeholders:"),
        };
        let summary = out.paint(Tone::Dim, &format!("\n{summary}"));
        out.line(&summary)?;
        for (placeholder, id) in map.iter() {
            let p = out.paint(Tone::Accent, &format!("{{{{{placeholder}}}}}"));
            out.line(&format!("  {p:<12} {id}"))?;
        }
        if several {
            out.line("")?;
        }
        Ok(())
    });
    out.flush()?;
    done.map(|()| Answer::Yes)
}

/// Placeholders painted so they stand out in normalised content.
pub fn highlight_placeholders(out: &Out, text: &str) -> String {
    if !out.color {
        return text.to_owned();
    }
    let mut result = String::with_capacity(text.len());
    let mut last = 0;
    for p in ulcas::normalise::placeholders_in(text) {
        let end = p.end();
        result.push_str(&text[last..p.offset]);
        result.push_str(&out.paint(Tone::Accent, &text[p.offset..end]));
        last = end;
    }
    result.push_str(&text[last..]);
    result
}

/// `ulcas hash`.
pub fn hash(args: HashArgs, color: bool) -> Outcome {
    let stores = super::stores::for_requests(&args.store, &[], &None)?;
    let mut out = Out::stdout(args.format.format.into(), color);
    let mut said = out.format != Format::Human;
    let done = each_request(&args.requests, |file, request, several| {
        let key = ulcas::key::key_of(&request);
        let root = match store_for_request(&stores, &key) {
            Some(store) => {
                super::stores::say_origin(store, &mut said);
                store.root.as_path()
            }
            None => std::path::Path::new("cassettes"),
        };
        let path = key.path_under(root);
        if out.format == Format::Json {
            out.event(&json!({
                "type": "key",
                "request": exact(file),
                "task": key.task,
                "prompt_version": key.prompt_version,
                "hash": key.hash,
                "path": exact(&path),
            }))?;
        } else {
            let hash = out.paint(Tone::Accent, &key.hash);
            let prefix = if several {
                format!("{}: ", shown(file))
            } else {
                String::new()
            };
            out.line(&format!("{prefix}{hash}  {}", shown(&path)))?;
        }
        Ok(())
    });
    out.flush()?;
    done.map(|()| Answer::Yes)
}
