//! What `ulcas serve` does for a hit, in process, on the sample store: the wire body parsed,
//! the prompt found by its text, the full schema by its provider form, the key derived (the
//! content normalised, escaped and hashed), the cassette found fresh, the answer replayed and
//! rendered as the API's message; the same with the answer kept as rendered for this request
//! (what `ulcas serve` does for a hit seen before); the same body again, byte for byte (found
//! by its bytes, not read and keyed again: what `ulcas serve` does for a request it answered
//! before); beside parsing the body alone (the least any server does).
//! The whole server against its peers is `benches/peers.py`.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ulcas::registry::{Registry, RegistrySource};
use ulcas::wire::{Answer, Shape};
use ulcas::wire::{Overrides, Resolver, WireRequest};

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
    group.bench_function("parse-key-replay-render", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(&body)).expect("valid");
            let replay = resolver.hit(&wire, &overrides).expect("a hit");
            Answer::of_replay(replay).message_json(&Shape::whole())
        })
    });
    // The same request again: the answer kept as its wire rendered it (the cassette still
    // found fresh), as `ulcas serve` answers a hit.
    let api = ulcas::wire::WIRES[0];
    group.bench_function("parse-key-kept-answer", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(&body)).expect("valid");
            resolver
                .hit_rendered(api, &wire, &overrides)
                .expect("a hit")
        })
    });
    // The same bytes again: `ulcas serve` finds the body it keyed before and looks only for its
    // cassette (fresh) and its kept answer.
    group.bench_function("a-body-seen-before", |b| {
        b.iter(|| {
            match resolver
                .hit_of_body(api, black_box(&body), &overrides)
                .expect("valid")
            {
                ulcas::wire::BodyHit::Hit(hit) => hit,
                ulcas::wire::BodyHit::Read(_) => unreachable!("a hit"),
            }
        })
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
    let wire = WireRequest::parse(body).expect("valid");
    let resolved = resolver
        .resolve(&wire, &overrides)
        .expect("a prompt in code")
        .remove(0);
    let answer = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/responses/quiz.json"),
    )
    .expect("the answer");
    resolver
        .record(
            &resolved,
            &ulcas::store::Recording::new(answer, "claude-sonnet-5-5"),
            ulcas::store::WriteOptions::with_request_material(),
        )
        .expect("recorded");
    let api = ulcas::wire::WIRES[0];
    let mut group = c.benchmark_group("serve-hit-in-code");
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_function("parse-key-replay-render", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(body)).expect("valid");
            let replay = resolver.hit(&wire, &overrides).expect("a hit");
            Answer::of_replay(replay).message_json(&Shape::whole())
        })
    });
    group.bench_function("parse-key-kept-answer", |b| {
        b.iter(|| {
            let wire = WireRequest::parse(black_box(body)).expect("valid");
            resolver
                .hit_rendered(api, &wire, &overrides)
                .expect("a hit")
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
