//! Writes the inputs of `benches/compare.py` under `target/ulcas-bench/` (once; reused) and
//! prints their paths: `cargo bench --bench generate`. `ULCAS_BENCH_CASSETTES=N` sets the size of
//! the verify store (default 100,000).

use std::path::PathBuf;

mod inputs;

fn main() {
    let n = std::env::var("ULCAS_BENCH_CASSETTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/ulcas-bench");
    std::fs::create_dir_all(&dir).expect("creates target/ulcas-bench");
    let store = inputs::generated_store(n);
    let recorded = inputs::recorded_store(20_000);
    let lookup = inputs::lookup_store();
    let miss = dir.join("lookup-miss.json");
    std::fs::write(&miss, inputs::lookup_miss()).expect("writes the lookup query");
    let shared = inputs::shared_lookup_store();
    let shared_miss = dir.join("shared-miss.json");
    std::fs::write(&shared_miss, inputs::shared_lookup_miss()).expect("writes the query");
    let request = dir.join("request-16mb.json");
    if !request.exists() {
        std::fs::write(&request, inputs::big_request()).expect("writes the request");
    }
    println!("verify-store {}", store.display());
    println!("recorded-store {}", recorded.display());
    println!("lookup-store {}", lookup.display());
    println!("lookup-query {}", miss.display());
    println!("shared-store {}", shared.display());
    println!("shared-query {}", shared_miss.display());
    println!("request {}", request.display());
}
