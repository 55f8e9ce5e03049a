//! `verify` (and the plan of `prune`) of a generated store of 100,000 cassettes (12 tasks, 1-3 versions each, answers of
//! 200 B to 6 KB, half of them with request material; about 450 MB), against reading every
//! file (what `cat` of the store costs). `ULCAS_BENCH_CASSETTES=N` changes the size.
//!
//! The store is written once to `target/ulcas-bench/store-<N>` and reused, so the whole-process
//! comparison can be run by hand with a warm page cache:
//! `time ulcas verify --quiet target/ulcas-bench/store-100000` against
//! `time find target/ulcas-bench/store-100000 -type f -exec cat {} + >/dev/null`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

mod inputs;
use inputs::{generated_store, recorded_store};
use ulcas::registry::Registry;
use ulcas::verify::verify_store;

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
                .deletable()
        })
    });
    group.finish();
    // The shape `record` and `serve --mode record` write: request material with a real schema
    // (a `$schema` URL) and non-ASCII content.
    let recorded = recorded_store(20_000);
    let mut group = c.benchmark_group("verify-recorded-20000");
    group.sample_size(10);
    group.bench_function("read-every-file", |b| {
        b.iter(|| black_box(read_all(&recorded)))
    });
    group.bench_function("ulcas-verify", |b| {
        b.iter(|| {
            let report = verify_store(&recorded, &registry, &|_| {}).expect("verifies");
            assert_eq!(report.count(ulcas::verify::Severity::Error), 0);
            report.cassettes
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
