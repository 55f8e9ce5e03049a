//! The key of a 16 MB request of 40,000 fragments: parse + normalise + canonical schema +
//! sha256, against sha256 alone of the same bytes (the floor any key computation has to pay).
//!
//! The request is also written to `target/ulcas-bench/request-16mb.json`, so the whole-process
//! comparison can be run by hand: `time ulcas hash FILE` against `time sha256sum FILE`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sha2::{Digest, Sha256};
use ulcas::key::KeyMaterial;
use ulcas::request::Request;

mod inputs;

fn bench(c: &mut Criterion) {
    let bytes = inputs::big_request();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/ulcas-bench");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::fs::write(dir.join("request-16mb.json"), &bytes);
    }
    let mut group = c.benchmark_group("key-16mb");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("sha256-of-file-bytes", |b| {
        b.iter(|| Sha256::digest(black_box(&bytes)))
    });
    group.bench_function("ulcas-key", |b| {
        b.iter(|| {
            let request = Request::from_slice(black_box(&bytes)).expect("valid dump");
            KeyMaterial::of(&request).key()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
