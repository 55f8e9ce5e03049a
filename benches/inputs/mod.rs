//! Generated inputs of the benchmarks and of `benches/compare.py`, written once under
//! `target/ulcas-bench/` and reused.

#![allow(dead_code)]

use std::path::PathBuf;

use ulcas::request::Request;
use ulcas::store::{Recording, cassette_for};

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
    written_once(&format!("store-{n}"), |root| write_generated(root, n))
}

/// The store `target/ulcas-bench/<name>`, written by `write` unless a whole one is there.
fn written_once(name: &str, write: impl FnOnce(&std::path::Path)) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/ulcas-bench")
        .join(name);
    if root.join(".complete").exists() {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    write(&root);
    std::fs::write(root.join(".complete"), b"").expect("marks the store complete");
    root
}

/// Writes the generated store of `n` cassettes at `root`.
fn write_generated(root: &std::path::Path, n: usize) {
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
        put(root, &key, &cassette);
    }
}

/// Writes `cassette` at its key's place under `root`.
fn put(
    root: &std::path::Path,
    key: &ulcas::key::CassetteKey,
    cassette: &ulcas::cassette::Cassette,
) {
    let path = key.path_under(root);
    std::fs::create_dir_all(path.parent().expect("has a folder")).expect("creates folders");
    std::fs::write(&path, cassette.render()).expect("writes");
}

/// A store as `ulcas record` and `serve --mode record` write it: every cassette with request
/// material holding the real monorepo's quiz schema (its `$schema` URL and `title` included) and
/// non-ASCII content (`§`, `Ü`, `é`), as a German course's recordings are.
pub fn recorded_store(n: usize) -> PathBuf {
    written_once(&format!("recorded-{n}"), |root| write_recorded(root, n))
}

/// Writes the recorded store of `n` cassettes at `root`.
fn write_recorded(root: &std::path::Path, n: usize) {
    let schema: serde_json::Value = serde_json::from_slice(
        &std::fs::read(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/ulams/course-builder/resources/schemas/outputs/quiz.json"),
        )
        .expect("the monorepo's quiz schema"),
    )
    .expect("parses");
    let answer = serde_json::json!({"questions": [{"type": "truefalse",
        "stem": "Über das Blühen: der Kaffee ruht dreißig Sekunden.",
        "options": [{"text": "Ja", "correct": true}, {"text": "Nein", "correct": false}],
        "explanation": "§ 2: so steht es in der Quelle, é.", "citations": ["frg_aaaaaaaaaaaa"],
        "objectiveIds": ["obj_1"]}]})
    .to_string();
    for i in 0..n {
        let dump = serde_json::json!({
            "task": "quiz", "prompt_version": 1, "model": "claude-sonnet-5-5", "schema": schema,
            "blocks": [{"type": "text", "text": format!(
                "<source_document untrusted=\"true\">\n<fragment id=\"frg_aaaaaaaaaaaa\" section=\"§{i}\">Über die Zubereitung ({i}): der Kaffee blüht, é.</fragment>\n</source_document>"
            )}],
        });
        let request = Request::from_slice(dump.to_string().as_bytes()).expect("valid dump");
        let (cassette, key) = cassette_for(
            &request,
            &Recording::new(answer.clone(), "claude-sonnet-5-5"),
            true,
        )
        .expect("records");
        put(root, &key, &cassette);
    }
}

/// The dump of recorded request `i` of the lookup store.
pub fn dump(i: usize) -> serde_json::Value {
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

/// 10,000 cassettes of one task and version, all with request material.
pub fn lookup_store() -> PathBuf {
    store_of_dumps("lookup-10000", dump)
}

/// A store of the 10,000 cassettes recorded from `dump(0..10_000)` under `target/ulcas-bench/`
/// (written once: a `.complete` marker beside it says it is whole).
fn store_of_dumps(name: &str, dump: fn(usize) -> serde_json::Value) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/ulcas-bench")
        .join(name);
    if root.with_extension("complete").exists() || root.join(".complete").exists() {
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
    std::fs::write(root.with_extension("complete"), b"").expect("marks complete");
    root
}

/// Recorded request 4,321 of the lookup store with a timestamp added: a miss whose nearest
/// request is in the store.
pub fn lookup_miss() -> Vec<u8> {
    let mut miss = dump(4321);
    let text = miss["blocks"][0]["text"].as_str().expect("text").to_owned();
    miss["blocks"][0]["text"] =
        format!("{text}\n<generated_at>2026-12-01T10:00:00Z</generated_at>").into();
    miss.to_string().into_bytes()
}

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

/// The words of one domain: every recording of the shared-vocabulary store is made of them.
const DOMAIN: [&str; 48] = [
    "sourdough",
    "starter",
    "levain",
    "flour",
    "water",
    "salt",
    "autolyse",
    "fold",
    "shape",
    "proof",
    "bake",
    "crust",
    "crumb",
    "hydration",
    "ferment",
    "yeast",
    "bacteria",
    "gluten",
    "dough",
    "oven",
    "steam",
    "score",
    "loaf",
    "rye",
    "wheat",
    "spelt",
    "temperature",
    "schedule",
    "feeding",
    "peak",
    "rise",
    "bench",
    "rest",
    "banneton",
    "lame",
    "dutch",
    "the",
    "a",
    "and",
    "of",
    "to",
    "with",
    "your",
    "until",
    "after",
    "before",
    "for",
    "in",
];

/// Recording `i` of the shared-vocabulary store: one course template (the same brief, the
/// same fragment layout), its texts drawn from one domain's words.
pub fn shared_dump(i: usize) -> serde_json::Value {
    let mut seed = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut text = String::from(
        "<brief>A beginner course on baking sourdough bread at home, in short lessons.</brief>\n<source_document untrusted=\"true\">\n",
    );
    for f in 0..8 {
        text.push_str(&format!("<fragment id=\"frg_{:012}\">", i * 8 + f));
        for _ in 0..60 {
            text.push_str(DOMAIN[(next() % DOMAIN.len() as u64) as usize]);
            text.push(' ');
        }
        text.push_str("</fragment>\n");
    }
    text.push_str("</source_document>");
    serde_json::json!({
        "task": "lesson", "prompt_version": 2,
        "schema": {"type": "object", "properties": {"citations": {"type": "array"}}},
        "blocks": [{"type": "text", "text": text}],
    })
}

/// 10,000 recordings of one task whose texts share one vocabulary.
pub fn shared_lookup_store() -> PathBuf {
    store_of_dumps("shared-10000", shared_dump)
}

/// Recording 6,789 of the shared-vocabulary store with one word changed: a miss whose nearest
/// request is that recording, among 9,999 others made of the same words.
pub fn shared_lookup_miss() -> Vec<u8> {
    let mut miss = shared_dump(6789);
    let text = miss["blocks"][0]["text"].as_str().expect("text").to_owned();
    let at = text.find("</fragment>").expect("a fragment");
    let (head, tail) = text.split_at(at);
    let head = head.trim_end();
    let cut = head.rfind(' ').expect("a word") + 1;
    miss["blocks"][0]["text"] = format!("{}croissant {tail}", &head[..cut]).into();
    miss.to_string().into_bytes()
}
