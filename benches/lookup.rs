//! A full `lookup` diagnosis of a miss in a store of 10,000 cassettes with request material,
//! all of the same task and version (the worst case for the nearest-request search: every
//! cassette is a candidate). Target: under 200 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use ulcas::lookup::lookup;
use ulcas::request::Request;

mod inputs;

fn bench(c: &mut Criterion) {
    let root = inputs::lookup_store();
    let store = ulcas::store_settings::StoreSettings::with_registry(&root, Default::default());
    let request = Request::from_slice(&inputs::lookup_miss()).expect("valid");
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
