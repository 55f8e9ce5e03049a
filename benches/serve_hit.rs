//! What `ulcas serve` does for a hit, in process, on the sample store, through the one request
//! path ([`Resolver::answer`]): a body with fresh ids every time (parsed, the prompt found by
//! its text, the full schema by its provider form, the key derived, the cassette found fresh,
//! the answer replayed for the ids and rendered as the API's message); the same request again
//! read anew (its answer kept as rendered); the same body again, byte for byte (found by its
//! bytes, not read and keyed again); beside parsing the body alone (the least any server does).
//! The whole server against its peers is `benches/peers.py`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;
use ulcas::registry::{Registry, RegistrySource};

use ulcas::wire::{Ask, Outcome, Overrides, RenderedHit, Resolver, WireRequest};

fn bench(c: &mut Criterion) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The quiz prompt alone (the sample prompts share one text, which the slower path tells
    // apart by schema): a registry as an app's, where each prompt's text is its own.
    let registry = tempfile::tempdir().expect("a temporary folder");
    let fixtures = here.join("tests/fixtures");
    let prompts = registry.path().join("prompts");
    let schemas = registry.path().join("schemas/outputs");
    std::fs::create_dir_all(prompts.join("quiz")).expect("a folder");
    std::fs::create_dir_all(&schemas).expect("a folder");
    std::fs::copy(
        fixtures.join("prompts/quiz/v1.md"),
        prompts.join("quiz/v1.md"),
    )
    .expect("copied");
    std::fs::copy(
        fixtures.join("schemas/outputs/quiz.json"),
        schemas.join("quiz.json"),
    )
    .expect("copied");
    let source = RegistrySource {
        prompts: vec![prompts],
        ..Default::default()
    };
    let registry = Registry::load(&source).expect("the sample prompts");
    let resolver = Resolver::new(vec![(here.join("cassettes"), registry)]).expect("the store");
    let body = std::fs::read(here.join("tests/fixtures/wire/quiz.json")).expect("the request");
    let overrides = Overrides::default();
    let mut group = c.benchmark_group("serve-hit");
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_function("parse-the-body", |b| {
        b.iter(|| WireRequest::parse(black_box(&body)).expect("valid"))
    });
    let api = ulcas::wire::WIRES[0];
    let ask = Ask::new(overrides);
    // Every request with ids never sent before (an app's tests on a fresh database).
    let fresh = fresh_ids(&body);
    let mut next = fresh.iter().cycle();
    group.bench_function("fresh-ids", |b| {
        b.iter(|| {
            hit(resolver
                .answer(api, black_box(next.next().expect("a body")), &ask)
                .outcome)
        })
    });
    // The same request again, read anew: the answer kept as its wire rendered it (the cassette
    // still found fresh).
    group.bench_function("parse-key-kept-answer", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(&body)).expect("valid");
            hit(resolver.answer_wire(api, Arc::new(wire), &ask).outcome)
        })
    });
    // The same bytes again: `ulcas serve` finds the body it keyed before and looks only for its
    // cassette (fresh) and its kept answer.
    group.bench_function("a-body-seen-before", |b| {
        b.iter(|| hit(resolver.answer(api, black_box(&body), &ask).outcome))
    });
    group.finish();
    in_code(c, &body);
}

/// The same request from an app whose prompt is in its code (no registry: the system text is
/// part of the key), recorded by the resolver: it must cost no more than the registry's path.
fn in_code(c: &mut Criterion, body: &[u8]) {
    let store = tempfile::tempdir().expect("a temporary folder");
    let empty = Registry::load(&RegistrySource::default()).expect("no registry");
    let resolver = Resolver::new(vec![(store.path().to_path_buf(), empty)]).expect("the store");
    let overrides = Overrides::default();
    let api = ulcas::wire::WIRES[0];
    let Outcome::NotRecorded(not) = resolver
        .answer(api, body, &Ask::new(overrides.clone()))
        .outcome
    else {
        panic!("an empty store records the prompt in code")
    };
    let answer = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/responses/quiz.json"),
    )
    .expect("the answer");
    resolver
        .record_keyed(
            &not,
            &ulcas::store::Recording::new(answer, "claude-sonnet-5-5"),
            ulcas::store::WriteOptions::with_request_material(),
        )
        .expect("recorded");
    let mut group = c.benchmark_group("serve-hit-in-code");
    group.throughput(Throughput::Bytes(body.len() as u64));
    let ask = Ask::new(overrides);
    let fresh = fresh_ids(body);
    let mut next = fresh.iter().cycle();
    group.bench_function("fresh-ids", |b| {
        b.iter(|| {
            hit(resolver
                .answer(api, black_box(next.next().expect("a body")), &ask)
                .outcome)
        })
    });
    group.bench_function("parse-key-kept-answer", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(body)).expect("valid");
            hit(resolver.answer_wire(api, Arc::new(wire), &ask).outcome)
        })
    });
    group.finish();
}

/// A hit's answer (anything else is a broken bench).
fn hit(outcome: Outcome) -> RenderedHit {
    match outcome {
        Outcome::Hit(hit, _) => hit,
        other => panic!("not a hit: {other:?}"),
    }
}

/// 4,096 copies of `body`, each with every fragment id replaced by one no other copy has: more
/// than the server keeps of bodies and answers, so each is read, keyed and rendered anew.
fn fresh_ids(body: &[u8]) -> Vec<Vec<u8>> {
    let text = std::str::from_utf8(body).expect("UTF-8");
    let ids = regex::Regex::new(r"frg_[a-z0-9]{12}").expect("a pattern");
    (0..4096)
        .map(|n| {
            let mut seen: Vec<String> = Vec::new();
            let fresh = ids.replace_all(text, |c: &regex::Captures<'_>| {
                let i = match seen.iter().position(|s| *s == c[0]) {
                    Some(i) => i,
                    None => {
                        seen.push(c[0].to_owned());
                        seen.len() - 1
                    }
                };
                format!("frg_{n:0>6}{i:0>6}")
            });
            fresh.into_owned().into_bytes()
        })
        .collect()
}

criterion_group!(benches, bench);
criterion_main!(benches);
