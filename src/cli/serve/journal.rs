//! The journal: what each request got (hit, miss, synthetic, recorded, …), kept in memory and
//! served at `GET /_ulcas/journal`, so that a test kit fails the test whose request missed with
//! ulcas's own explanation. A request names its test with the header `x-ulcas-test`, or by the
//! path prefix `/_ulcas/test/<id>/` for a client whose headers cannot be set (the base URL of
//! the app's driver).

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::http::HeaderMap;
use serde_json::{Value, json};

/// The header that names the test a request belongs to.
pub const TEST_HEADER: &str = "x-ulcas-test";

/// The longest test id kept (a longer one is cut, at a character boundary).
const MAX_TEST: usize = 512;

/// The entries kept (the oldest go first); the counts cover every request.
const MAX_ENTRIES: usize = 10_000;

/// The longest explanation kept per entry.
const MAX_WHY: usize = 16 << 10;

/// The most bytes of explanations, test ids and paths kept in all (the oldest entries go
/// first): ten thousand misses of long explanations stay a few MiB.
const MAX_BYTES: usize = 8 << 20;

/// One request: its test, status, cassette and why.
struct Entry {
    seq: u64,
    test: Option<String>,
    status: String,
    path: Option<String>,
    why: Option<String>,
    ms: f64,
}

/// The statuses a request gets (the log's words), counted.
const STATUSES: [&str; 8] = [
    "hit",
    "miss",
    "synthetic",
    "recorded",
    "relayed",
    "fault",
    "refused",
    "error",
];

/// What the server answered, request by request: every request counted (an atomic increment,
/// nothing more, for a request that names no test: the hot path of a benchmark or an app), the
/// requests that name a test kept whole.
#[derive(Default)]
pub struct Journal {
    inner: Mutex<KeptEntries>,
    counts: [AtomicU64; STATUSES.len()],
    next: AtomicU64,
}

#[derive(Default)]
struct KeptEntries {
    /// The requests answered (hits, synthetic answers, recordings, …), oldest first: the first
    /// to go when the journal is full.
    entries: VecDeque<Entry>,
    /// The requests that fail their test (a miss, a refusal, an error), oldest first: kept
    /// while any answered one can go instead, so that a test's miss outlives the thousands of
    /// hits of the tests around it until the test reads it.
    failing: VecDeque<Entry>,
    /// The bytes the entries' strings hold.
    bytes: usize,
}

/// The statuses that fail a test (what the kits fail a test for).
const FAILING: [&str; 3] = ["miss", "refused", "error"];

impl Entry {
    fn bytes(&self) -> usize {
        self.test.as_ref().map_or(0, String::len)
            + self.path.as_ref().map_or(0, String::len)
            + self.why.as_ref().map_or(0, String::len)
            + self.status.len()
    }
}

impl Journal {
    /// Adds one request.
    pub fn add(
        &self,
        test: Option<&str>,
        status: &str,
        path: Option<&Path>,
        took: Duration,
        why: Option<&str>,
    ) {
        if let Some(i) = STATUSES.iter().position(|s| *s == status) {
            self.counts[i].fetch_add(1, Ordering::Relaxed);
        }
        let seq = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        if test.is_none() {
            return;
        }
        // Masked as the answers and the log are: a kit prints these texts into a CI log.
        let masked = |text: &str| ulcas::secrets::mask(text).into_owned();
        let entry = Entry {
            seq,
            test: test.map(masked),
            status: status.to_owned(),
            path: path.map(|p| masked(&p.display().to_string())),
            why: why.map(|w| masked(cut(w, MAX_WHY))),
            ms: (took.as_secs_f64() * 1e6).round() / 1e3,
        };
        let mut kept = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        kept.bytes += entry.bytes();
        if FAILING.contains(&status) {
            kept.failing.push_back(entry);
        } else {
            kept.entries.push_back(entry);
        }
        while kept.entries.len() + kept.failing.len() > MAX_ENTRIES || kept.bytes > MAX_BYTES {
            let old = match kept.entries.pop_front() {
                Some(old) => old,
                None => match kept.failing.pop_front() {
                    Some(old) => old,
                    None => break,
                },
            };
            kept.bytes -= old.bytes();
        }
    }

    /// The journal as JSON: `{"requests": [...], "counts": {...}, "last": N}`: the requests that
    /// named a test (those of `test` only when given, after `since`, a `seq`, when given), the
    /// counts of all.
    pub fn listed(&self, test: Option<&str>, since: u64) -> Value {
        // Ids are kept masked: a test is asked for as it was kept.
        let test = test.map(|t| ulcas::secrets::mask(&test_key(t)).into_owned());
        let test = test.as_deref();
        let kept = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut chosen: Vec<&Entry> = kept
            .entries
            .iter()
            .chain(&kept.failing)
            .filter(|e| e.seq > since && (test.is_none() || e.test.as_deref() == test))
            .collect();
        chosen.sort_unstable_by_key(|e| e.seq);
        let requests: Vec<Value> = chosen
            .into_iter()
            .map(|e| {
                json!({
                    "seq": e.seq,
                    "test": e.test,
                    "status": e.status,
                    "path": e.path,
                    "why": e.why,
                    "ms": e.ms,
                })
            })
            .collect();
        let counts: BTreeMap<&str, u64> = STATUSES
            .iter()
            .zip(&self.counts)
            .map(|(s, n)| (*s, n.load(Ordering::Relaxed)))
            .filter(|(_, n)| *n > 0)
            .collect();
        let last = self.next.load(Ordering::Relaxed);
        json!({"requests": requests, "counts": counts, "last": last})
    }
}

/// The test a request names in its `x-ulcas-test` header, as the journal keeps it
/// ([`test_key`]): the kits send it percent-encoded (UTF-8), so that any name travels in a
/// header; a raw value is read as UTF-8, else byte by byte as Latin-1 (what a client that
/// writes a string's code points as bytes sends).
pub fn test_of(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(TEST_HEADER)?.as_bytes();
    let text = match std::str::from_utf8(value) {
        Ok(text) => percent_decoded(text.trim()),
        Err(_) => value.iter().map(|&b| char::from(b)).collect(),
    };
    let text = text.trim();
    (!text.is_empty()).then(|| test_key(text))
}

/// A test id as the journal keeps and finds it: whole up to [`MAX_TEST`] bytes; a longer one
/// is its start and a digest of the whole, so that two long ids never meet and a kit that asks
/// for a test by its whole id finds it (`?test=` is read through this too).
pub fn test_key(id: &str) -> String {
    if id.len() <= MAX_TEST {
        return id.to_owned();
    }
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(id.as_bytes());
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("{}…#{hex}", cut(id, MAX_TEST - 24))
}

/// `%XX` sequences decoded (UTF-8 after decoding; a stray `%` stays as it is).
fn percent_decoded(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `text` percent-encoded but for unreserved characters (how a test's route id is put back
/// into the header, to be decoded once).
pub fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The path prefix that names a test (`/_ulcas/test/<id>/v1/messages`).
pub const TEST_PREFIX: &str = "/_ulcas/test/";

/// `text` cut to at most `max` bytes, at a character boundary.
fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_entries_and_every_count() {
        let journal = Journal::default();
        for i in 0..MAX_ENTRIES + 5 {
            let test = format!("t{}", i % 2);
            journal.add(Some(&test), "hit", None, Duration::ZERO, None);
        }
        journal.add(Some("t1"), "miss", None, Duration::ZERO, Some("why"));
        let all = journal.listed(None, 0);
        assert_eq!(all["requests"].as_array().unwrap().len(), MAX_ENTRIES);
        assert_eq!(all["counts"]["hit"], MAX_ENTRIES as u64 + 5);
        let t1 = journal.listed(Some("t1"), MAX_ENTRIES as u64);
        let statuses: Vec<&str> = t1["requests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses.last(), Some(&"miss"));
    }

    /// A test's miss outlives the journal's bound while answered requests can go instead: a
    /// run of more than ten thousand requests still fails the test that missed.
    #[test]
    fn a_miss_outlives_thousands_of_hits() {
        let journal = Journal::default();
        journal.add(Some("t::missed"), "miss", None, Duration::ZERO, Some("why"));
        for _ in 0..MAX_ENTRIES * 2 {
            journal.add(Some("t::other"), "hit", None, Duration::ZERO, None);
        }
        let missed = journal.listed(Some("t::missed"), 0);
        assert_eq!(missed["requests"][0]["status"], "miss", "{missed}");
        let all = journal.listed(None, 0);
        let requests = all["requests"].as_array().unwrap();
        assert_eq!(requests.len(), MAX_ENTRIES);
        // In the order they came.
        assert!(
            requests
                .windows(2)
                .all(|w| w[0]["seq"].as_u64() < w[1]["seq"].as_u64())
        );
    }

    #[test]
    fn long_explanations_are_kept_within_a_byte_budget() {
        let journal = Journal::default();
        let why = "x".repeat(MAX_WHY * 2);
        for _ in 0..2_000 {
            journal.add(Some("t"), "miss", None, Duration::ZERO, Some(&why));
        }
        let kept = journal.inner.lock().unwrap();
        assert!(kept.bytes <= MAX_BYTES, "{}", kept.bytes);
        assert_eq!(kept.failing.len(), MAX_BYTES / (MAX_WHY + 5));
        assert!(
            kept.failing
                .iter()
                .all(|e| e.why.as_ref().unwrap().len() == MAX_WHY)
        );
    }

    #[test]
    fn what_it_keeps_is_masked() {
        let journal = Journal::default();
        let token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
        let why = format!("the request differs: {token}");
        journal.add(
            Some(&format!("t {token}")),
            "miss",
            None,
            Duration::ZERO,
            Some(&why),
        );
        let listed = journal.listed(None, 0).to_string();
        assert!(
            !listed.contains(token) && listed.contains("ghp_ab"),
            "{listed}"
        );
        // Asked for by its own id, the test still finds its requests.
        let mine = journal.listed(Some(&format!("t {token}")), 0);
        assert_eq!(mine["requests"].as_array().unwrap().len(), 1, "{mine}");
    }

    #[test]
    fn a_test_id_is_cut_at_a_character_boundary() {
        let mut headers = HeaderMap::new();
        let long = "é".repeat(400);
        headers.insert(
            TEST_HEADER,
            long.parse().unwrap_or_else(|_| "x".parse().unwrap()),
        );
        // Header values are bytes: a non-ASCII value arrives as raw UTF-8.
        headers.insert(
            TEST_HEADER,
            axum::http::HeaderValue::from_bytes(long.as_bytes()).unwrap(),
        );
        let test = test_of(&headers).unwrap();
        assert!(test.len() <= MAX_TEST && test.starts_with("éé") && test.contains("…#"));
        // The whole id, asked for, finds what was kept; another long id does not.
        assert_eq!(test_key(&long), test);
        assert_ne!(test_key(&format!("{long}x")), test);
    }

    #[test]
    fn any_test_name_travels_in_the_header() {
        let name = "test_tip[🍞-ünïcode %41] > ok";
        let mut headers = HeaderMap::new();
        let encoded = percent_encoded(name);
        headers.insert(TEST_HEADER, encoded.parse().unwrap());
        assert_eq!(test_of(&headers).as_deref(), Some(name));
        // A client that writes a Latin-1 name as raw bytes.
        headers.insert(
            TEST_HEADER,
            axum::http::HeaderValue::from_bytes(b"caf\xe9").unwrap(),
        );
        assert_eq!(test_of(&headers).as_deref(), Some("café"));
    }
}
