//! Scalars of a synthetic answer: numbers within their bounds, strings of their length,
//! format or pattern, and words and prose that read as text.

use serde_json::{Map, Number, Value};

use super::pattern;
use crate::error::Result;

use super::generate::{bounds, cites_fragments, is_fragment_pattern, is_id_name, is_ulid_pattern};
use super::walk::{Walker, fail};

impl Walker<'_> {
    pub(super) fn number(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        integer: bool,
    ) -> Result<Value> {
        let get = |k: &str| obj.get(k).and_then(Value::as_f64);
        let (lo, hi) = number_range(obj, integer);
        let step = get("multipleOf")
            .filter(|m| *m > 0.0)
            .unwrap_or(if integer { 1.0 } else { 0.5 });
        let first = (lo / step).ceil();
        let last = (hi / step).floor();
        if first > last || (integer && (step.fract() != 0.0 && (first..=last).is_empty())) {
            return Err(fail(
                at,
                format!(
                    "no {} between {lo} and {hi}{}",
                    if integer { "integer" } else { "number" },
                    obj.get("multipleOf")
                        .map(|m| format!(" that is a multiple of {m}"))
                        .unwrap_or_default()
                ),
            ));
        }
        let span = ((last - first) as u64).min(1_000_000);
        let k = first + self.rng.below(span as usize + 1) as f64;
        let v = k * step;
        if integer || (v.fract() == 0.0 && v.abs() < 9e15) {
            if v.fract() != 0.0 {
                return Err(fail(at, "multipleOf gives no whole number in range"));
            }
            return Ok(Value::Number(Number::from(v as i64)));
        }
        Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| fail(at, "no finite number in range"))
    }

    pub(super) fn string(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        name: &str,
    ) -> Result<Value> {
        let (min, max) = bounds(obj, ("minLength", "maxLength"), at)?;
        let fits = |s: &str| (min..=max).contains(&s.chars().count());
        if let Some(p) = obj.get("pattern").and_then(Value::as_str) {
            return self.patterned(p, (min, max), at).map(Value::String);
        }
        if let Some(format) = obj.get("format").and_then(Value::as_str) {
            let s = self.formatted(format);
            if !s.is_empty() {
                return if fits(&s) {
                    Ok(Value::String(s))
                } else {
                    Err(fail(
                        at,
                        format!("a {format} does not fit {min} to {max} characters"),
                    ))
                };
            }
        }
        if is_id_name(name) && !self.g.ulids.is_empty() {
            let id = self.g.ulids[self.next_ulid % self.g.ulids.len()].clone();
            if fits(&id) {
                self.next_ulid += 1;
                return Ok(Value::String(id));
            }
        }
        if cites_fragments(name) && !self.g.fragments.is_empty() {
            let id = self.g.fragments[self.next_fragment % self.g.fragments.len()].clone();
            if fits(&id) {
                self.next_fragment += 1;
                return Ok(Value::String(id));
            }
        }
        let target_max = max.min(min.max(60) + 60);
        Ok(Value::String(self.prose(min, target_max)))
    }

    /// A string of `min..=max` characters matching the pattern `p`: a request id when the
    /// pattern is that of fragment ids or ULIDs, else one generated from the pattern.
    pub(super) fn patterned(
        &mut self,
        p: &str,
        (min, max): (usize, usize),
        at: &str,
    ) -> Result<String> {
        let fits = |s: &str| (min..=max).contains(&s.chars().count());
        let re = regex::Regex::new(p).map_err(|e| {
            fail(
                &format!("{at}/pattern"),
                format!("not a regular expression: {e}"),
            )
        })?;
        let pool = if is_fragment_pattern(p) {
            self.g.fragments.clone()
        } else if is_ulid_pattern(p) {
            self.g.ulids.clone()
        } else {
            Vec::new()
        };
        let grounded: Vec<&String> = pool
            .iter()
            .filter(|id| re.is_match(id) && fits(id))
            .collect();
        if !grounded.is_empty() {
            let next = if is_fragment_pattern(p) {
                &mut self.next_fragment
            } else {
                &mut self.next_ulid
            };
            let id = grounded[*next % grounded.len()].clone();
            *next += 1;
            return Ok(id);
        }
        for _ in 0..16 {
            let rng = &mut self.rng;
            let mut pick = |n: usize| rng.below(n);
            let s = pattern::generate(p, &mut pick).ok_or_else(|| {
                fail(
                    &format!("{at}/pattern"),
                    format!("the pattern {p:?} is beyond the supported subset"),
                )
            })?;
            if re.is_match(&s) && fits(&s) {
                return Ok(s);
            }
        }
        Err(fail(
            &format!("{at}/pattern"),
            format!("no string of {min} to {max} characters matching {p:?} was found"),
        ))
    }

    /// A string of the JSON Schema `format`, or empty for a format without a generator.
    pub(super) fn formatted(&mut self, format: &str) -> String {
        let n = self.rng.next();
        match format {
            "date-time" => format!(
                "2026-{:02}-{:02}T{:02}:{:02}:00Z",
                1 + n % 12,
                1 + (n >> 8) % 28,
                (n >> 16) % 24,
                (n >> 24) % 60
            ),
            "date" => format!("2026-{:02}-{:02}", 1 + n % 12, 1 + (n >> 8) % 28),
            "time" => format!("{:02}:{:02}:00Z", n % 24, (n >> 8) % 60),
            "uri" | "url" | "iri" => format!("https://example.com/{}", self.slug()),
            "email" | "idn-email" => format!("{}@example.com", self.slug()),
            "uuid" => {
                let h = format!("{:016x}{:016x}", n, self.rng.next());
                format!(
                    "{}-{}-4{}-8{}-{}",
                    &h[..8],
                    &h[8..12],
                    &h[13..16],
                    &h[17..20],
                    &h[20..32]
                )
            }
            "hostname" => format!("{}.example.com", self.slug()),
            "ipv4" => format!("192.0.2.{}", n % 250 + 1),
            _ => String::new(),
        }
    }

    pub(super) fn slug(&mut self) -> String {
        let w = self.word().to_lowercase();
        w.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            + &format!("{}", self.rng.below(100))
    }

    pub(super) fn word(&mut self) -> String {
        let w = self.g.words[self.next_word % self.g.words.len()].clone();
        self.next_word += 1;
        w
    }

    /// Words of the request, between `min` and `max` characters long.
    pub(super) fn prose(&mut self, min: usize, max: usize) -> String {
        let mut s = String::new();
        let want = min.max((min + max.min(min + 120)) / 2).max(1);
        let mut guard = 0;
        while s.chars().count() < want && guard < 10_000 {
            let w = self.word();
            let sep = usize::from(!s.is_empty());
            if s.chars().count() + sep + w.chars().count() > max {
                if s.chars().count() >= min {
                    break;
                }
                // Fill the rest with part of a word.
                let room = max.saturating_sub(s.chars().count() + sep);
                if room > 0 {
                    if sep == 1 {
                        s.push(' ');
                    }
                    s.extend(w.chars().take(room));
                }
                guard += 1;
                continue;
            }
            if sep == 1 {
                s.push(' ');
            }
            s.push_str(&w);
            guard += 1;
        }
        while s.chars().count() < min {
            s.push('x');
        }
        if let Some(first) = s.chars().next() {
            s = first.to_uppercase().collect::<String>() + &s[first.len_utf8()..];
        }
        s.chars().take(max).collect()
    }
}

fn next_up(x: f64, integer: bool) -> f64 {
    if integer {
        x.floor() + 1.0
    } else {
        x + 1e-6 * x.abs().max(1.0)
    }
}

fn next_down(x: f64, integer: bool) -> f64 {
    if integer {
        x.ceil() - 1.0
    } else {
        x - 1e-6 * x.abs().max(1.0)
    }
}

/// The range a number of `obj` may take (`exclusive…` as a draft-4 boolean on the plain bound,
/// or as a number of its own), ten wide on a side the schema leaves open.
fn number_range(obj: &Map<String, Value>, integer: bool) -> (f64, f64) {
    let get = |k: &str| obj.get(k).and_then(Value::as_f64);
    let exclusive = |key: &str,
                     plain: f64,
                     step: fn(f64, bool) -> f64,
                     tighter: fn(f64, f64) -> f64| match obj.get(key) {
        Some(Value::Bool(true)) => step(plain, integer),
        Some(v) => v
            .as_f64()
            .map_or(plain, |x| tighter(plain, step(x, integer))),
        None => plain,
    };
    let mut lo = exclusive(
        "exclusiveMinimum",
        get("minimum").unwrap_or(f64::NEG_INFINITY),
        next_up,
        f64::max,
    );
    let mut hi = exclusive(
        "exclusiveMaximum",
        get("maximum").unwrap_or(f64::INFINITY),
        next_down,
        f64::min,
    );
    if !lo.is_finite() && !hi.is_finite() {
        (lo, hi) = (0.0, 10.0);
    } else if !lo.is_finite() {
        lo = hi - 10.0;
    } else if !hi.is_finite() {
        hi = lo + 10.0;
    }
    (lo, hi)
}
