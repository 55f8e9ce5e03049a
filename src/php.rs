//! PHP `json_encode` emulation: exactly the bytes the reference driver hashes and writes.
//!
//! The reference encodes with `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES` (and
//! `JSON_PRETTY_PRINT` for cassette files), after `json_decode(…, true)` turned every JSON object
//! and array into a PHP array. This module models that: [`PhpValue`] is a decoded PHP value,
//! [`PhpValue::canonical`] is the schema as the key sees it, and the writers produce PHP's bytes:
//!
//! - strings: `"` and `\` escaped, `/` raw, `\b \f \n \r \t` short escapes, other control
//!   characters as `\u00xx` (lowercase hex), U+2028/U+2029 escaped, everything else raw UTF-8;
//! - integers as digits; floats in PHP's shortest round-trip form (`serialize_precision = -1`):
//!   decimal when the decimal exponent is in `-4..17`, else `d.ddde±x` with a `.` always present;
//! - an array whose keys are exactly `0..n` in order is a JSON list, any other an object
//!   (`{}` and `[]` both come out as `[]`).

use std::cmp::Ordering;

use serde_json::Value;

/// A key of a PHP array: canonical decimal strings become integers, as in PHP.
#[derive(Debug, Clone, PartialEq)]
pub enum PhpKey {
    /// An integer key (`"10"` in JSON becomes `10`).
    Int(i64),
    /// Any other key.
    Str(String),
}

/// A value as PHP holds it after `json_decode($json, true)`.
#[derive(Debug, Clone, PartialEq)]
pub enum PhpValue {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A PHP int (a JSON integer that fits in i64).
    Int(i64),
    /// A PHP float (a JSON number with `.`/`e`, or an integer too big for i64).
    Float(f64),
    /// A string.
    Str(String),
    /// An ordered PHP array (from a JSON object or list).
    Array(Vec<(PhpKey, PhpValue)>),
}

/// A number the reference cannot encode (PHP's `json_encode` fails silently on it).
#[derive(Debug, Clone, PartialEq)]
pub struct NonFiniteNumber;

impl PhpKey {
    /// The key PHP makes of a JSON object member name.
    pub fn from_member(name: &str) -> PhpKey {
        if is_canonical_int(name) {
            if let Ok(n) = name.parse::<i64>() {
                return PhpKey::Int(n);
            }
        }
        PhpKey::Str(name.to_owned())
    }
}

/// `"0"`, `"10"`, `"-1"`: what PHP turns into an integer array key (not `"01"`, `"-0"`, `"+1"`).
fn is_canonical_int(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    match digits.as_bytes() {
        [] => false,
        [b'0'] => digits.len() == s.len(),
        [first, rest @ ..] => {
            (b'1'..=b'9').contains(first)
                && rest.iter().all(u8::is_ascii_digit)
                && digits.len() <= 19
        }
    }
}

impl PhpValue {
    /// The value as `json_decode($json, true)` gives it, member order kept.
    pub fn from_json(value: &Value) -> Result<PhpValue, NonFiniteNumber> {
        Ok(match value {
            Value::Null => PhpValue::Null,
            Value::Bool(b) => PhpValue::Bool(*b),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    PhpValue::Int(i)
                } else {
                    // u64 above i64::MAX and every non-integer: a PHP float.
                    let f = n.as_f64().ok_or(NonFiniteNumber)?;
                    if !f.is_finite() {
                        return Err(NonFiniteNumber);
                    }
                    PhpValue::Float(f)
                }
            }
            Value::String(s) => PhpValue::Str(s.clone()),
            Value::Array(items) => PhpValue::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Ok((PhpKey::Int(i as i64), PhpValue::from_json(v)?)))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Object(members) => {
                let mut entries: Vec<(PhpKey, PhpValue)> = Vec::with_capacity(members.len());
                for (name, v) in members {
                    let key = PhpKey::from_member(name);
                    let v = PhpValue::from_json(v)?;
                    // Two member names can only meet in one key when they are the same string,
                    // which the JSON parser already merged (last value wins, first position kept).
                    entries.push((key, v));
                }
                PhpValue::Array(entries)
            }
        })
    }

    /// The canonical form the key hashes: every array that is not a list sorted by key (`ksort`).
    pub fn canonical(value: &Value) -> Result<PhpValue, NonFiniteNumber> {
        let mut v = PhpValue::from_json(value)?;
        v.canonicalise();
        Ok(v)
    }

    /// Sorts every array that is not a list by key, recursively (PHP `ksort`).
    pub fn canonicalise(&mut self) {
        if let PhpValue::Array(entries) = self {
            for (_, v) in entries.iter_mut() {
                v.canonicalise();
            }
            if !is_list(entries) {
                stable_sort_by(entries, |a, b| compare_keys(&a.0, &b.0));
            }
        }
    }

    /// Compact `json_encode` bytes (the form that goes into the key).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    /// Appends the compact encoding to `out`.
    pub fn write_compact(&self, out: &mut String) {
        match self {
            PhpValue::Array(entries) if is_list(entries) => {
                out.push('[');
                for (i, (_, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_compact(out);
                }
                out.push(']');
            }
            PhpValue::Array(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_key(out, k);
                    out.push(':');
                    v.write_compact(out);
                }
                out.push('}');
            }
            scalar => write_scalar(out, scalar),
        }
    }

    /// `JSON_PRETTY_PRINT` bytes at the given nesting depth (4 spaces a level).
    pub fn write_pretty(&self, out: &mut String, depth: usize) {
        match self {
            PhpValue::Array(entries) if entries.is_empty() => out.push_str("[]"),
            PhpValue::Array(entries) => {
                let list = is_list(entries);
                out.push(if list { '[' } else { '{' });
                for (i, (k, v)) in entries.iter().enumerate() {
                    out.push_str(if i > 0 { ",\n" } else { "\n" });
                    push_indent(out, depth + 1);
                    if !list {
                        write_key(out, k);
                        out.push_str(": ");
                    }
                    v.write_pretty(out, depth + 1);
                }
                out.push('\n');
                push_indent(out, depth);
                out.push(if list { ']' } else { '}' });
            }
            scalar => write_scalar(out, scalar),
        }
    }
}

/// Appends `4 * depth` spaces.
pub fn push_indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("    ");
    }
}

fn write_key(out: &mut String, key: &PhpKey) {
    match key {
        PhpKey::Int(i) => {
            out.push('"');
            out.push_str(&i.to_string());
            out.push('"');
        }
        PhpKey::Str(s) => write_string(out, s),
    }
}

fn write_scalar(out: &mut String, v: &PhpValue) {
    match v {
        PhpValue::Null => out.push_str("null"),
        PhpValue::Bool(true) => out.push_str("true"),
        PhpValue::Bool(false) => out.push_str("false"),
        PhpValue::Int(i) => out.push_str(&i.to_string()),
        PhpValue::Float(f) => write_float(out, *f),
        PhpValue::Str(s) => write_string(out, s),
        PhpValue::Array(_) => unreachable!("arrays are written by the caller"),
    }
}

/// PHP packs an array as a list when its keys are exactly 0, 1, …, n-1 in order.
fn is_list(entries: &[(PhpKey, PhpValue)]) -> bool {
    entries
        .iter()
        .enumerate()
        .all(|(i, (k, _))| matches!(k, PhpKey::Int(n) if *n == i as i64))
}

/// Bytes that need an escape, or a closer look (0xE2 may start U+2028/U+2029).
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[0xe2] = true;
    t
};

/// Feeds the PHP JSON string literal of `s` (quotes included) to `sink` in pieces: long
/// unescaped runs are passed as slices of `s`, so hashing needs no copy.
pub fn escape_into(s: &str, mut sink: impl FnMut(&str)) {
    sink("\"");
    escape_body(s, &mut sink);
    sink("\"");
}

/// Feeds the escaped text of `s`, without quotes, to `sink` (see [`escape_into`]). Pieces of
/// one string may be escaped one after another: the result is the same as for the whole.
pub fn escape_body(s: &str, mut sink: impl FnMut(&str)) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    let mut hex = [b'\\', b'u', b'0', b'0', 0, 0];
    while i < bytes.len() {
        if !SPECIAL[usize::from(bytes[i])] {
            i += 1;
            continue;
        }
        let b = bytes[i];
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
            0xe2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) =>
            {
                if bytes[i + 2] == 0xa8 {
                    "\\u2028"
                } else {
                    "\\u2029"
                }
            }
            0xe2 => {
                i += 1;
                continue;
            }
            _ => {
                hex[4] = hex_digit(b >> 4) as u8;
                hex[5] = hex_digit(b & 0xf) as u8;
                std::str::from_utf8(&hex).unwrap_or_default()
            }
        };
        sink(&s[start..i]);
        sink(escape);
        i += if b == 0xe2 { 3 } else { 1 };
        start = i;
    }
    sink(&s[start..]);
}

/// Appends `s` as a PHP JSON string literal (quotes included).
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    escape_into(s, |piece| out.push_str(piece));
}

fn hex_digit(n: u8) -> char {
    char::from(b"0123456789abcdef"[usize::from(n)])
}

/// A PHP JSON string literal of `s`.
pub fn encode_string(s: &str) -> String {
    let mut out = String::new();
    write_string(&mut out, s);
    out
}

/// Appends a finite float as PHP 8 `json_encode` writes it (`serialize_precision = -1`).
pub fn write_float(out: &mut String, f: f64) {
    // Rust's `{:e}` gives the shortest round-trip digits, as PHP's zend_gcvt in mode 0 does.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..17).contains(&exp) {
        // Decimal form; Rust's Display writes the same shortest digits without an exponent.
        out.push_str(&format!("{f}"));
    } else {
        out.push_str(mantissa);
        if !mantissa.contains('.') {
            out.push_str(".0");
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&exp.unsigned_abs().to_string());
    }
}

/// PHP 8 `ksort` order: numbers (int keys and numeric strings) compare as numbers when both
/// sides are numeric, anything else as byte strings.
fn compare_keys(a: &PhpKey, b: &PhpKey) -> Ordering {
    match (a, b) {
        (PhpKey::Int(x), PhpKey::Int(y)) => x.cmp(y),
        (PhpKey::Str(x), PhpKey::Str(y)) => match (numeric_string(x), numeric_string(y)) {
            (Some(nx), Some(ny)) => {
                compare_numbers(nx, ny).unwrap_or_else(|| x.as_bytes().cmp(y.as_bytes()))
            }
            _ => x.as_bytes().cmp(y.as_bytes()),
        },
        (PhpKey::Int(x), PhpKey::Str(y)) => compare_int_to_string(*x, y),
        (PhpKey::Str(x), PhpKey::Int(y)) => compare_int_to_string(*y, x).reverse(),
    }
}

fn compare_int_to_string(i: i64, s: &str) -> Ordering {
    match numeric_string(s) {
        Some(n) => compare_numbers(Number::Int(i), n).unwrap_or(Ordering::Equal),
        None => i.to_string().as_bytes().cmp(s.as_bytes()),
    }
}

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

/// Numbers compared as PHP does; `None` when both overflowed to the same infinity (PHP then
/// falls back to comparing the strings).
fn compare_numbers(a: Number, b: Number) -> Option<Ordering> {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Some(x.cmp(&y)),
        (x, y) => {
            let fx = match x {
                Number::Int(i) => i as f64,
                Number::Float(f) => f,
            };
            let fy = match y {
                Number::Int(i) => i as f64,
                Number::Float(f) => f,
            };
            if fx == fy && !fx.is_finite() {
                return None;
            }
            Some(fx.partial_cmp(&fy).unwrap_or(Ordering::Equal))
        }
    }
}

/// PHP 8 `is_numeric_string`: optional surrounding white space, sign, digits, fraction, exponent.
fn numeric_string(s: &str) -> Option<Number> {
    let is_ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c');
    let t = s.trim_start_matches(is_ws).trim_end_matches(is_ws);
    let b = t.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    let mut is_float = false;
    if i < b.len() && b[i] == b'.' {
        is_float = true;
        i += 1;
        let f = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = i - f;
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    if i < b.len() && matches!(b[i], b'e' | b'E') {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let e = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > e {
            is_float = true;
            i = j;
        }
    }
    if i != b.len() {
        return None;
    }
    if !is_float {
        if let Ok(n) = t.parse::<i64>() {
            return Some(Number::Int(n));
        }
    }
    t.parse::<f64>().ok().map(Number::Float)
}

/// A stable merge sort that stays well-defined for any comparator (PHP's key order need not
/// be transitive, and the standard library's sort may panic on such an order).
fn stable_sort_by<T: Clone>(items: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let n = items.len();
    if n < 2 {
        return;
    }
    let mut src = items.clone();
    let mut dst = items.clone();
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j, mut k) = (lo, mid, lo);
            while i < mid && j < hi {
                if cmp(&src[j], &src[i]) == Ordering::Less {
                    dst[k] = src[j].clone();
                    j += 1;
                } else {
                    dst[k] = src[i].clone();
                    i += 1;
                }
                k += 1;
            }
            while i < mid {
                dst[k] = src[i].clone();
                i += 1;
                k += 1;
            }
            while j < hi {
                dst[k] = src[j].clone();
                j += 1;
                k += 1;
            }
            lo = hi;
        }
        std::mem::swap(&mut src, &mut dst);
        width *= 2;
    }
    *items = src;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(f: f64) -> String {
        let mut s = String::new();
        write_float(&mut s, f);
        s
    }

    #[test]
    fn floats_match_php() {
        assert_eq!(float(0.5), "0.5");
        assert_eq!(float(0.1), "0.1");
        assert_eq!(float(100.0), "100");
        assert_eq!(float(-0.0), "-0");
        assert_eq!(float(1e16), "10000000000000000");
        assert_eq!(float(1e17), "1.0e+17");
        assert_eq!(float(1e-5), "1.0e-5");
        assert_eq!(float(1.5e-7), "1.5e-7");
        assert_eq!(float(0.0001), "0.0001");
        assert_eq!(float(1.2345678901234568e17), "1.2345678901234568e+17");
        assert_eq!(float(18446744073709551615.0), "1.8446744073709552e+19");
    }

    #[test]
    fn strings_match_php() {
        assert_eq!(encode_string("a/b\"c\\"), r#""a/b\"c\\""#);
        assert_eq!(
            encode_string("\u{8}\u{c}\n\r\t\u{1}\u{1f}"),
            r#""\b\f\n\r\t\u0001\u001f""#
        );
        assert_eq!(
            encode_string("\u{2028}\u{2029}\u{7f}é␞"),
            "\"\\u2028\\u2029\u{7f}é␞\""
        );
    }

    #[test]
    fn canonical_schema_follows_php_arrays() {
        let v: Value =
            serde_json::from_str(r#"{"b":1,"a":{},"10":[],"9":2,"01":3,"c":{"1":"x","0":"y"}}"#)
                .unwrap();
        assert_eq!(
            PhpValue::canonical(&v).unwrap().to_json(),
            r#"{"01":3,"9":2,"10":[],"a":[],"b":1,"c":["y","x"]}"#
        );
    }

    #[test]
    fn canonical_ints() {
        assert!(is_canonical_int("0"));
        assert!(is_canonical_int("-1"));
        assert!(is_canonical_int("10"));
        assert!(!is_canonical_int("01"));
        assert!(!is_canonical_int("-0"));
        assert!(!is_canonical_int("+1"));
        assert!(!is_canonical_int(""));
        assert!(!is_canonical_int("-"));
        assert_eq!(
            PhpKey::from_member("99999999999999999999"),
            PhpKey::Str("99999999999999999999".into())
        );
    }

    #[test]
    fn merge_sort_never_panics_on_cycles() {
        let mut v = vec![3, 1, 2, 5, 4, 0];
        stable_sort_by(
            &mut v,
            |a, b| if (a + b) % 2 == 0 { a.cmp(b) } else { b.cmp(a) },
        );
        assert_eq!(v.len(), 6);
        let mut w = vec![5, 3, 9, 1];
        stable_sort_by(&mut w, |a, b| a.cmp(b));
        assert_eq!(w, vec![1, 3, 5, 9]);
    }
}

/// A JSON text PHP's `json_decode` would refuse, with the 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// PHP's default `json_decode` depth limit.
pub const MAX_DEPTH: usize = 512;

/// Decodes JSON text as `json_decode($json, true)` does: integers that fit in i64 are ints
/// (`-0` is the int 0), other numbers floats, duplicate keys keep their first position and
/// their last value, nesting deeper than 512 is refused. Non-finite numbers are refused too.
pub fn decode(input: &str) -> Result<PhpValue, DecodeError> {
    let mut p = Decoder {
        s: input.as_bytes(),
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.error("trailing characters after the JSON value"));
    }
    Ok(v)
}

struct Decoder<'a> {
    s: &'a [u8],
    i: usize,
}

impl Decoder<'_> {
    fn error(&self, message: &str) -> DecodeError {
        let before = &self.s[..self.i.min(self.s.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        DecodeError {
            line,
            column,
            message: message.to_owned(),
        }
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<PhpValue, DecodeError> {
        match self.s.get(self.i) {
            None => Err(self.error("unexpected end of input, expected a value")),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(PhpValue::Str(self.string()?)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                for (word, v) in [
                    ("true", PhpValue::Bool(true)),
                    ("false", PhpValue::Bool(false)),
                    ("null", PhpValue::Null),
                ] {
                    if self.s[self.i..].starts_with(word.as_bytes()) {
                        self.i += word.len();
                        return Ok(v);
                    }
                }
                Err(self.error("expected a value"))
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<PhpValue, DecodeError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting deeper than 512 levels"));
        }
        self.i += 1;
        let mut entries: Vec<(PhpKey, PhpValue)> = Vec::new();
        let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        self.ws();
        if self.eat(b'}') {
            return Ok(PhpValue::Array(entries));
        }
        loop {
            self.ws();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(self.error("expected a string key"));
            }
            let name = self.string()?;
            self.ws();
            if !self.eat(b':') {
                return Err(self.error("expected `:` after an object key"));
            }
            self.ws();
            let v = self.value(depth)?;
            match index.get(&name) {
                Some(&at) => entries[at].1 = v,
                None => {
                    index.insert(name.clone(), entries.len());
                    entries.push((PhpKey::from_member(&name), v));
                }
            }
            self.ws();
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                return Ok(PhpValue::Array(entries));
            }
            return Err(self.error("expected `,` or `}`"));
        }
    }

    fn array(&mut self, depth: usize) -> Result<PhpValue, DecodeError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting deeper than 512 levels"));
        }
        self.i += 1;
        let mut entries = Vec::new();
        self.ws();
        if self.eat(b']') {
            return Ok(PhpValue::Array(entries));
        }
        loop {
            self.ws();
            let v = self.value(depth)?;
            entries.push((PhpKey::Int(entries.len() as i64), v));
            self.ws();
            if self.eat(b',') {
                continue;
            }
            if self.eat(b']') {
                return Ok(PhpValue::Array(entries));
            }
            return Err(self.error("expected `,` or `]`"));
        }
    }

    fn number(&mut self) -> Result<PhpValue, DecodeError> {
        let start = self.i;
        self.eat(b'-');
        let digits = |d: &mut Self| {
            let from = d.i;
            while d.i < d.s.len() && d.s[d.i].is_ascii_digit() {
                d.i += 1;
            }
            d.i - from
        };
        let int_start = self.i;
        let n = digits(self);
        if n == 0 || (n > 1 && self.s[int_start] == b'0') {
            return Err(self.error("invalid number"));
        }
        let mut is_float = false;
        if self.eat(b'.') {
            is_float = true;
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected after `.`"));
            }
        }
        if self.eat(b'e') || self.eat(b'E') {
            is_float = true;
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected in the exponent"));
            }
        }
        // Only ASCII was consumed, so this is a char boundary.
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("0");
        if !is_float {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(PhpValue::Int(i));
            }
        }
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(PhpValue::Float(f)),
            _ => {
                self.i = start;
                Err(self.error("a non-finite number, which the reference cannot encode"))
            }
        }
    }

    fn string(&mut self) -> Result<String, DecodeError> {
        self.i += 1;
        let mut out = String::new();
        let mut run = self.i;
        loop {
            let Some(&b) = self.s.get(self.i) else {
                return Err(self.error("unterminated string"));
            };
            match b {
                b'"' => {
                    out.push_str(self.utf8(run, self.i)?);
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    out.push_str(self.utf8(run, self.i)?);
                    self.i += 1;
                    self.escape(&mut out)?;
                    run = self.i;
                }
                0x00..=0x1f => return Err(self.error("control character in a string")),
                _ => self.i += 1,
            }
        }
    }

    fn utf8(&self, from: usize, to: usize) -> Result<&str, DecodeError> {
        std::str::from_utf8(&self.s[from..to]).map_err(|_| self.error("invalid UTF-8 in a string"))
    }

    fn escape(&mut self, out: &mut String) -> Result<(), DecodeError> {
        let Some(&c) = self.s.get(self.i) else {
            return Err(self.error("unterminated escape"));
        };
        self.i += 1;
        match c {
            b'"' => out.push('"'),
            b'\\' => out.push('\\'),
            b'/' => out.push('/'),
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let hi = self.hex4()?;
                let c = if (0xd800..0xdc00).contains(&hi) {
                    if !(self.eat(b'\\') && self.eat(b'u')) {
                        return Err(self.error("single unpaired UTF-16 surrogate"));
                    }
                    let lo = self.hex4()?;
                    if !(0xdc00..0xe000).contains(&lo) {
                        return Err(self.error("single unpaired UTF-16 surrogate"));
                    }
                    char::from_u32(0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00))
                } else {
                    char::from_u32(hi)
                };
                out.push(c.ok_or_else(|| self.error("single unpaired UTF-16 surrogate"))?);
            }
            _ => return Err(self.error("invalid escape")),
        }
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, DecodeError> {
        let digits = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.error("invalid \\u escape"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.error("invalid \\u escape"))?;
        let n = u32::from_str_radix(text, 16).map_err(|_| self.error("invalid \\u escape"))?;
        self.i += 4;
        Ok(n)
    }
}

#[cfg(test)]
mod decode_tests {
    use super::*;

    #[test]
    fn numbers_as_php_decodes_them() {
        assert_eq!(decode("-0").unwrap(), PhpValue::Int(0));
        assert_eq!(decode("-0.0").unwrap().to_json(), "-0");
        assert_eq!(
            decode("9223372036854775807").unwrap(),
            PhpValue::Int(i64::MAX)
        );
        assert_eq!(
            decode("9223372036854775808").unwrap().to_json(),
            "9.223372036854776e+18"
        );
        assert!(decode("1e999").unwrap_err().message.contains("non-finite"));
        assert!(decode("01").is_err());
    }

    #[test]
    fn duplicate_keys_keep_first_position_last_value() {
        assert_eq!(
            decode(r#"{"a":1,"b":2,"a":3}"#).unwrap().to_json(),
            r#"{"a":3,"b":2}"#
        );
    }

    #[test]
    fn errors_have_positions() {
        let e = decode("{\n  \"a\": tru\n}").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
        assert!(decode(r#""\ud800""#).is_err());
        assert_eq!(
            decode(r#""\ud83d\ude00\/""#).unwrap(),
            PhpValue::Str("😀/".into())
        );
        let deep = "[".repeat(600) + &"]".repeat(600);
        assert!(decode(&deep).is_err());
    }
}
