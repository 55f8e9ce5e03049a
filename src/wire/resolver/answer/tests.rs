//! Every path of a request parses its body once and hashes its key once: counted, not timed.

use super::*;
use crate::registry::{Registry, RegistrySource};
use crate::tally;

const BODY: &str = r#"{"model": "m", "max_tokens": 100,
    "system": [{"type": "text", "text": "You write outlines."}],
    "messages": [{"role": "user", "content": [{"type": "text",
        "text": "<fragment id=\"frg_abcdefghijkm\">Grind</fragment> IDS"}]}],
    "output_config": {"format": {"type": "json_schema", "schema": {"type": "object",
        "required": ["title"], "properties": {"title": {"type": "string"}}}}}}"#;

fn body(words: &str) -> Vec<u8> {
    BODY.replace("IDS", words).into_bytes()
}

/// A store with the outline prompt (`registry`) or none (a prompt in code).
fn resolver(dir: &std::path::Path, registry: bool) -> Resolver {
    let (prompts, store) = (dir.join("prompts"), dir.join("cassettes"));
    std::fs::create_dir_all(prompts.join("outline")).unwrap();
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    std::fs::create_dir_all(&store).unwrap();
    std::fs::write(
        prompts.join("outline/v1.md"),
        "---\nid: outline\nversion: 1\nschema: outline.json\n---\nYou write outlines.\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("schemas/outline.json"),
        r#"{"type": "object", "required": ["title"], "properties": {"title": {"type": "string", "maxLength": 80}}}"#,
    )
    .unwrap();
    let source = match registry {
        true => RegistrySource {
            prompts: vec![prompts],
            ..Default::default()
        },
        false => RegistrySource::default(),
    };
    Resolver::new(vec![(store, Registry::load(&source).unwrap())]).unwrap()
}

/// (parses, keys) of `f`.
fn counted<T>(f: impl FnOnce() -> T) -> (T, (usize, usize)) {
    tally::take();
    let out = f();
    (out, tally::take())
}

fn each_path(registry: bool) {
    let dir = tempfile::tempdir().unwrap();
    let resolver = resolver(dir.path(), registry);
    let api = crate::wire::WIRES[0];
    let ask = Ask::default();
    let miss = body("first");
    // A miss: read once, keyed once; said (the task's folders read), explained, recorded
    // and looked for again, with no parse and no key more.
    let (decision, n) = counted(|| resolver.answer(api, &miss, &ask));
    assert_eq!(n, (1, 1), "a miss decided");
    let Outcome::NotRecorded(not) = decision.outcome else {
        panic!("{:?}", decision.outcome)
    };
    let (served, n) = counted(|| resolver.settle((*not).clone(), Mode::Cassette));
    assert_eq!(n, (0, 0), "a miss said");
    #[cfg(feature = "tools")]
    {
        let Served::Miss { miss, resolved } = served else {
            panic!("{served:?}")
        };
        let (_, n) = counted(|| resolver.explain(&miss, &resolved, None));
        // Its own key is the miss's; a prompt in code is also looked for under another
        // key, the reference key (recorded before ulcas keyed prompts in code): a probe.
        let probes = usize::from(!registry);
        assert_eq!(n, (0, probes), "a miss explained");
    }
    let _ = served;
    #[cfg(feature = "synthetic")]
    {
        let (synthetic, n) = counted(|| resolver.settle((*not).clone(), Mode::Synthetic));
        assert!(
            matches!(synthetic, Served::Synthetic { .. }),
            "{synthetic:?}"
        );
        assert_eq!(n, (0, 0), "a synthetic answer");
    }
    let recording = crate::store::Recording::new(r#"{"title":"{{frg_1}}"}"#, "m");
    let options = crate::store::WriteOptions::with_request_material();
    let (recorded, n) = counted(|| resolver.record_keyed(&not, &recording, options));
    recorded.unwrap();
    assert_eq!(n, (0, 0), "a miss recorded");
    let (again, n) = counted(|| resolver.look_again(api, &not));
    assert!(again.is_some_and(|hit| hit.body.contains("frg_abcdefghijkm")));
    assert_eq!(n, (0, 0), "looked for again");
    hit_paths(&resolver);
}

/// Hits, once recorded: a body read and keyed once each, the same bytes again neither.
fn hit_paths(resolver: &Resolver) {
    let api = crate::wire::WIRES[0];
    let ask = Ask::default();
    let hit = |decision: &Decision| matches!(decision.outcome, Outcome::Hit(..));
    // A hit: read and keyed once. The same bytes again: neither.
    let first = body("first");
    let (decision, n) = counted(|| resolver.answer(api, &first, &ask));
    assert!(
        hit(&decision) && n == (1, 1),
        "{n:?} {:?}",
        decision.outcome
    );
    let (decision, n) = counted(|| resolver.answer(api, &first, &ask));
    assert!(
        hit(&decision) && n == (0, 0),
        "{n:?} {:?}",
        decision.outcome
    );
    // Other words: read and keyed once, a miss.
    let (decision, n) = counted(|| resolver.answer(api, &body("another"), &ask));
    let missed = matches!(decision.outcome, Outcome::NotRecorded(_));
    assert!(missed && n == (1, 1), "{n:?} {:?}", decision.outcome);
    // Fresh ids: read and keyed once, the answer mapped to them.
    let fresh = String::from_utf8(body("first"))
        .unwrap()
        .replace("abcdefghijkm", "zyxwvutsrqpo");
    let (decision, n) = counted(|| resolver.answer(api, fresh.as_bytes(), &ask));
    let Outcome::Hit(hit, _) = decision.outcome else {
        panic!("{:?}", decision.outcome)
    };
    assert!(hit.body.contains("frg_zyxwvutsrqpo"), "{}", hit.body);
    assert_eq!(n, (1, 1), "fresh ids");
    // A body that cannot be read: one parse, no key.
    let (decision, n) = counted(|| resolver.answer(api, b"{\"model\":", &ask));
    assert!(matches!(decision.outcome, Outcome::Unreadable(_)));
    assert_eq!(n, (1, 0), "unreadable");
}

#[test]
fn a_registrys_prompt_is_parsed_once_and_keyed_once_on_every_path() {
    each_path(true);
}

#[test]
fn a_prompt_in_code_is_parsed_once_and_keyed_once_on_every_path() {
    each_path(false);
}
