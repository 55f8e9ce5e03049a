//! `lookup`: a hit with what it holds, or a miss with every diagnosis, most useful first.

use serde_json::{json, Value};
use ulcas::lookup::{lookup as find, registry_probes, schema_probe_from_file, Diagnosis, Lookup};
use ulcas::settings::store_for_request;

use super::args::{LookupArgs, Mode};
use super::output::{Format, Out, Tone};
use super::render::compact_diff;
use super::{each_request, exact, shown, Answer, Outcome};

/// `ulcas lookup`.
pub fn lookup(args: LookupArgs, color: bool) -> Outcome {
    let stores = super::stores::for_requests(&args.store, &args.prompts, &args.schemas)?;
    let file_probes = args
        .schema_files
        .iter()
        .map(|f| schema_probe_from_file(f))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Out::stdout(args.format.format.into(), color);
    // A mistyped root would read as "nothing recorded"; synthetic mode needs no store.
    if args.mode == Mode::Cassette {
        if let Some(missing) = stores.iter().find(|s| !s.root.is_dir()) {
            return Err(ulcas::Error::in_file(
                &missing.root,
                "no such store folder (give --cassettes ROOT)",
            )
            .into());
        }
    }
    let mut said = out.format != Format::Human;
    let mut any_miss = false;
    let done = each_request(&args.requests, |file, request, _| {
        let store = store_for_request(&stores, &ulcas::key::key_of(&request))
            .ok_or_else(|| ulcas::Error::msg("no store to look in"))?;
        super::stores::say_origin(store, &mut said);
        let mut probes = registry_probes(&store.registry, &request.task, request.prompt_version);
        probes.extend(file_probes.iter().cloned());
        let result = find(store, &request, Some(file), &probes)?;
        let synthetic = match (&result.hit, args.mode) {
            (None, Mode::Synthetic) => Some(ulcas::synth::answer(&request)?),
            _ => None,
        };
        any_miss |= result.hit.is_none() && synthetic.is_none();
        let synthetic = synthetic.as_deref();
        match out.format {
            Format::Json => out.event(&event(file, &result, args.replay, synthetic))?,
            _ => human(&mut out, file, &result, args.replay, synthetic)?,
        }
        Ok(())
    });
    out.flush()?;
    done?;
    Ok(if any_miss { Answer::No } else { Answer::Yes })
}

fn diagnosis_json(d: &Diagnosis) -> Value {
    let mut v = json!({"kind": d.kind.name(), "message": d.message});
    if let Some(c) = &d.cassette {
        v["cassette"] = json!(exact(c));
    }
    if !d.versions.is_empty() {
        v["versions"] = json!(d.versions);
    }
    if let Some(version) = d.version {
        v["version"] = json!(version);
    }
    if let Some(n) = d.turns_removed {
        v["turns_removed"] = json!(n);
    }
    if let Some(variant) = &d.variant {
        v["variant"] = json!(variant);
    }
    if let Some(s) = d.similarity {
        v["similarity"] = json!(s);
    }
    if let Some(k) = d.verdicts {
        v["parts"] =
            json!({"task": k.task, "version": k.version, "schema": k.schema, "content": k.content});
    }
    if !d.diff.is_empty() {
        v["diff"] = Value::Array(
            d.diff
                .iter()
                .map(|(t, s)| json!([t.to_string(), s]))
                .collect(),
        );
    }
    if !d.values.is_empty() {
        v["values"] = json!(d.values);
    }
    v
}

fn event(file: &std::path::Path, r: &Lookup, replay: bool, synthetic: Option<&str>) -> Value {
    let status = match (&r.hit, synthetic) {
        (Some(_), _) => "hit",
        (None, Some(_)) => "synthetic",
        (None, None) => "miss",
    };
    let mut v = json!({
        "type": "lookup",
        "request": exact(file),
        "status": status,
        "path": exact(&r.path),
        "hash": r.key.hash,
        "task": r.key.task,
        "prompt_version": r.key.prompt_version,
        "diagnosis": r.diagnoses.iter().map(diagnosis_json).collect::<Vec<_>>(),
    });
    if let Some(hit) = &r.hit {
        let c = &hit.cassette;
        v["model"] = json!(c.model);
        v["stop_reason"] = json!(c.stop_reason);
        v["usage"] = c.usage.clone();
        v["has_request_material"] = json!(c.request.is_some());
        if replay {
            v["text"] = json!(r.replayed());
        }
    }
    if let Some(text) = synthetic {
        v["text"] = json!(text);
    }
    v
}

fn human(
    out: &mut Out,
    file: &std::path::Path,
    r: &Lookup,
    replay: bool,
    synthetic: Option<&str>,
) -> std::io::Result<()> {
    let head = out.paint(Tone::Strong, &shown(file));
    out.line(&head)?;
    if let Some(hit) = &r.hit {
        let c = &hit.cassette;
        let label = out.paint(Tone::Good, "hit ");
        out.line(&format!("  {label} {}", shown(&hit.path)))?;
        let usage = ["input_tokens", "output_tokens"]
            .iter()
            .map(|k| c.usage_count(k).map_or("?".into(), |n| n.to_string()))
            .collect::<Vec<_>>();
        out.line(&format!(
            "  model {}, stop reason {}, usage {} in / {} out, request material: {}",
            c.model,
            c.stop_reason,
            usage[0],
            usage[1],
            if c.request.is_some() { "yes" } else { "no" }
        ))?;
        if replay {
            out.line(&r.replayed().unwrap_or_default())?;
        }
        return Ok(());
    }
    let label = out.paint(Tone::Bad, "miss");
    out.line(&format!(
        "  {label} No cassette for task {:?} (prompt v{}) at {}",
        r.key.task,
        r.key.prompt_version,
        shown(&r.path)
    ))?;
    for d in &r.diagnoses {
        let kind = out.paint(Tone::Accent, &format!("{:<25}", d.kind.name()));
        out.line(&format!("  {kind} {}", d.message))?;
        if let Some(c) = &d.cassette {
            if !d.message.contains(&shown(c)) {
                out.line(&format!("  {:<25} {}", "", shown(c)))?;
            }
        }
        if let Some(v) = d.verdicts {
            let mark = |ok: bool| {
                if ok {
                    out.paint(Tone::Good, "same")
                } else {
                    out.paint(Tone::Bad, "differs")
                }
            };
            out.line(&format!(
                "      task {}, version {}, schema {}, content {}",
                mark(v.task),
                mark(v.version),
                mark(v.schema),
                mark(v.content)
            ))?;
        }
        if !d.diff.is_empty() && d.diff.iter().any(|(t, _)| *t != '=') {
            for line in compact_diff(out, &d.diff) {
                out.line(&line)?;
            }
        }
    }
    if let Some(text) = synthetic {
        let label = out.paint(Tone::Warn, "synthetic answer (not a recording):");
        out.line(&format!("  {label}"))?;
        out.line(text)?;
    }
    Ok(())
}
