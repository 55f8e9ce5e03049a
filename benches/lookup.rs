//! A full `lookup` diagnosis of a miss in a store of 10,000 cassettes with request material,
//! all of the same task and version (the worst case for the nearest-request search: every
//! cassette is a candidate). Target: under 200 ms.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use ulcas::lookup::lookup;
use ulcas::request::Request;
use ulcas::store::{cassette_for, Recording};

fn dump(i: usize) -> serde_json::Value {
    let words = [
        "bloom", "grind", "ratio", "kettle", "espresso", "filter", "roast", "scale", "water",
        "bean",
    ];
    let mut text = String::from("<source_document untrusted=\"true\">\n");
    for f in 0..8 {
        text.push_str(&format!("<fragment id=\"frg_{:012}\">", i * 8 + f));
        for w in 0..60 {
            text.push_str(words[(i * 7 + f * 3 + w * (i % 5 + 1)) % 10]);
            text.push(' ');
        }
        text.push_str("</fragment>\n");
    }
    text.push_str(&format!("</source_document>\n<brief>course {i}</brief>"));
    serde_json::json!({
        "task": "lesson", "prompt_version": 2,
        "schema": {"type": "object", "properties": {"citations": {"type": "array"}}},
        "blocks": [{"type": "text", "text": text}],
    })
}

fn store() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/ulcas-bench/lookup-10000");
    if root.join(".complete").exists() {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    for i in 0..10_000 {
        let request = Request::from_slice(dump(i).to_string().as_bytes()).expect("valid");
        let (cassette, key) =
            cassette_for(&request, &Recording::new("{\"citations\":[]}", "m"), true)
                .expect("records");
        let path = key.path_under(&root);
        std::fs::create_dir_all(path.parent().expect("folder")).expect("folders");
        std::fs::write(path, cassette.render()).expect("writes");
    }
    std::fs::write(root.join(".complete"), b"").expect("marks complete");
    root
}

fn bench(c: &mut Criterion) {
    let root = store();
    let store = ulcas::settings::Store::with_registry(&root, Default::default());
    // Recorded request 4,321 with a timestamp added: a miss whose nearest request is in the store.
    let mut miss = dump(4321);
    let text = miss["blocks"][0]["text"].as_str().expect("text").to_owned();
    miss["blocks"][0]["text"] =
        format!("{text}\n<generated_at>2026-12-01T10:00:00Z</generated_at>").into();
    let request = Request::from_slice(miss.to_string().as_bytes()).expect("valid");
    let mut group = c.benchmark_group("lookup-10000");
    group.sample_size(20);
    group.bench_function("full-diagnosis-of-a-miss", |b| {
        b.iter(|| {
            let result = lookup(&store, &request, None, &[]).expect("looks up");
            assert!(result.hit.is_none() && !result.diagnoses.is_empty());
            result.diagnoses.len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
