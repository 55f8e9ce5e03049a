//! `verify` (and the plan of `prune`) of a generated store of 100,000 cassettes (12 tasks, 1-3 versions each, answers of
//! 200 B to 6 KB, half of them with request material; about 450 MB), against reading every
//! file (what `cat` of the store costs). `ULCAS_BENCH_CASSETTES=N` changes the size.
//!
//! The store is written once to `target/ulcas-bench/store-<N>` and reused, so the whole-process
//! comparison can be run by hand with a warm page cache:
//! `time ulcas verify --quiet target/ulcas-bench/store-100000` against
//! `time find target/ulcas-bench/store-100000 -type f -exec cat {} + >/dev/null`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use ulcas::registry::Registry;
use ulcas::request::Request;
use ulcas::store::{cassette_for, Recording};
use ulcas::verify::verify_store;

const TASKS: [&str; 12] = [
    "outline",
    "lesson",
    "quiz",
    "metadata",
    "grounding",
    "critic_ux",
    "critic_pedagogy",
    "interview",
    "price",
    "selfcheck",
    "update",
    "patch",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Writes the store if it is not there yet; returns its root.
pub fn generated_store(n: usize) -> PathBuf {
    let root =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("target/ulcas-bench/store-{n}"));
    if root.join(".complete").exists() {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    let words = [
        "bloom", "grind", "ratio", "kettle", "espresso", "filter", "roast", "scale", "water",
        "bean", "acid",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let alphabet = b"abcdefghijklmnopqrstuvwxyz234567";
    for i in 0..n {
        let task = TASKS[i % TASKS.len()];
        let versions = 1 + (i % TASKS.len()) as u64 % 3;
        let version = 1 + rng.below(versions) as i64;
        let fragments: Vec<String> = (0..6)
            .map(|_| {
                format!(
                    "frg_{}",
                    (0..12)
                        .map(|_| alphabet[rng.below(32) as usize] as char)
                        .collect::<String>()
                )
            })
            .collect();
        let mut source = String::new();
        for (k, f) in fragments.iter().enumerate() {
            source.push_str(&format!(
                "<fragment id=\"{f}\">{} {} {i}</fragment>\n",
                words[k % 11],
                words[(k + i) % 11]
            ));
        }
        let target = 200 + rng.below(5_800) as usize;
        let mut message = String::new();
        while message.len() < target {
            message.push_str(words[rng.below(11) as usize]);
            message.push(' ');
        }
        let answer =
            serde_json::json!({"message": message, "citations": [fragments[0], fragments[3]]})
                .to_string();
        let dump = serde_json::json!({
            "task": task, "prompt_version": version,
            "schema": {"type": "object", "required": ["message", "citations"], "properties": {
                "message": {"type": "string"},
                "citations": {"type": "array", "items": {"type": "string", "pattern": "^frg_[a-z2-7]{12}$"}}}},
            "blocks": [{"type": "text", "text": source}],
        });
        let request = Request::from_slice(dump.to_string().as_bytes()).expect("valid dump");
        let (cassette, key) =
            cassette_for(&request, &Recording::new(answer, "model-x"), i % 2 == 0)
                .expect("records");
        let path = key.path_under(&root);
        std::fs::create_dir_all(path.parent().expect("has a folder")).expect("creates folders");
        std::fs::write(&path, cassette.render()).expect("writes");
    }
    std::fs::write(root.join(".complete"), b"").expect("marks the store complete");
    root
}

fn read_all(root: &Path) -> usize {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| std::fs::read(e.path()).map(|b| b.len()).unwrap_or(0))
        .sum()
}

fn bench(c: &mut Criterion) {
    let n = std::env::var("ULCAS_BENCH_CASSETTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let root = generated_store(n);
    let registry = Registry::default();
    let mut group = c.benchmark_group(format!("verify-{n}"));
    group.sample_size(10);
    group.bench_function("read-every-file", |b| b.iter(|| black_box(read_all(&root))));
    group.bench_function("ulcas-verify", |b| {
        b.iter(|| {
            let report = verify_store(&root, &registry, &|_| {}).expect("verifies");
            assert_eq!(report.count(ulcas::verify::Severity::Error), 0);
            report.cassettes
        })
    });
    group.bench_function("ulcas-prune-plan", |b| {
        let live = ulcas::prune::LiveSet::default();
        b.iter(|| {
            ulcas::prune::plan(&root, &registry, &live, Default::default(), &|_| {})
                .expect("plans")
                .candidates
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
