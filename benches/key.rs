//! The key of a 16 MB request of 40,000 fragments: parse + normalise + canonical schema +
//! sha256, against sha256 alone of the same bytes (the floor any key computation has to pay).
//!
//! The request is also written to `target/ulcas-bench/request-16mb.json`, so the whole-process
//! comparison can be run by hand: `time ulcas hash FILE` against `time sha256sum FILE`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sha2::{Digest, Sha256};
use ulcas::key::KeyMaterial;
use ulcas::request::Request;

/// A deterministic request dump of about 16 MB with 40,000 fragments.
pub fn big_request() -> Vec<u8> {
    let alphabet = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let words = [
        "bloom", "grind", "ratio", "kettle", "espresso", "filter", "roast", "scale", "water",
        "bean",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut doc = String::from("<source_document untrusted=\"true\">\n");
    for n in 0..40_000 {
        let id: String = (0..12)
            .map(|_| alphabet[(next() % 36) as usize] as char)
            .collect();
        doc.push_str(&format!("<fragment id=\"frg_{id}\" section=\"§{n}\">"));
        while doc.len() < (n + 1) * 400 {
            doc.push_str(words[(next() % 10) as usize]);
            doc.push(' ');
        }
        doc.push_str("</fragment>\n");
    }
    doc.push_str("</source_document>");
    let dump = serde_json::json!({
        "task": "outline", "prompt_version": 3,
        "schema": {"type": "object", "properties": {"citations": {"type": "array", "items": {"type": "string"}}}},
        "blocks": [{"type": "text", "text": doc}],
        "turns": [],
    });
    serde_json::to_vec_pretty(&dump).expect("serialises")
}

fn bench(c: &mut Criterion) {
    let bytes = big_request();
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
