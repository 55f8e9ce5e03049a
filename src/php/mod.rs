//! PHP `json_encode` emulation: exactly the bytes the reference driver hashes and writes.
//!
//! The reference encodes with `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES` (and
//! `JSON_PRETTY_PRINT` for cassette files), after `json_decode(…, true)` turned every JSON object
//! and array into a PHP array. This module models that: [`PhpValue`] is a decoded PHP value,
//! [`PhpValue::canonicalise`] makes the schema what the key sees, and the writers produce PHP's bytes:
//!
//! - strings: `"` and `\` escaped, `/` raw, `\b \f \n \r \t` short escapes, other control
//!   characters as `\u00xx` (lowercase hex), U+2028/U+2029 escaped, everything else raw UTF-8;
//! - integers as digits; floats in PHP's shortest round-trip form (`serialize_precision = -1`):
//!   decimal when the decimal exponent is in `-4..17`, else `d.ddde±x` with a `.` always present;
//! - an array whose keys are exactly `0..n` in order is a JSON list, any other an object
//!   (`{}` and `[]` both come out as `[]`).
//!
//! ```
//! use ulcas::php::PhpValue;
//!
//! // json_decode, ksort and json_encode as the driver does (with unescaped slashes and
//! // Unicode): keys sorted, 1.0 written as PHP writes it.
//! let value: serde_json::Value = serde_json::from_str(r#"{"b": 1.0, "a": "é/x"}"#).unwrap();
//! let mut php = PhpValue::from_json(&value).unwrap();
//! php.canonicalise();
//! assert_eq!(php.to_json(), r#"{"a":"é/x","b":1}"#);
//! ```

use serde_json::Value;

mod decode;
mod escape;
mod float;
mod ksort;

pub use decode::{DecodeError, MAX_DEPTH, decode, decode_to_depth, validate};
use escape::strip_literal;
pub use escape::{encode_string, escape_body, escape_into, write_string};
use ksort::php_ksort;

pub use float::write_float;

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

    /// Sorts every array that is not a list by key, recursively (PHP `ksort`).
    pub fn canonicalise(&mut self) {
        if let PhpValue::Array(entries) = self {
            for (_, v) in entries.iter_mut() {
                v.canonicalise();
            }
            if !is_list(entries) {
                php_ksort(entries, |e| &e.0);
            }
        }
    }

    /// The value as serde_json holds it: lists as arrays, other arrays as objects.
    pub fn to_json_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            PhpValue::Null => Value::Null,
            PhpValue::Bool(b) => Value::Bool(*b),
            PhpValue::Int(i) => Value::from(*i),
            PhpValue::Float(f) => {
                serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number)
            }
            PhpValue::Str(s) => Value::String(s.clone()),
            PhpValue::Array(entries) if is_list(entries) && !entries.is_empty() => {
                Value::Array(entries.iter().map(|(_, v)| v.to_json_value()).collect())
            }
            PhpValue::Array(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| {
                        let name = match k {
                            PhpKey::Int(i) => i.to_string(),
                            PhpKey::Str(s) => s.clone(),
                        };
                        (name, v.to_json_value())
                    })
                    .collect(),
            ),
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

/// Whether `bytes` are exactly what `JSON_PRETTY_PRINT` makes of `value` (as `json_decode`
/// holds it), plus a final newline. Compared while writing, up to the first difference: nothing
/// is built, so checking a store's files costs no allocation per file.
pub fn is_pretty_print_of(value: &Value, bytes: &[u8]) -> bool {
    let mut rest = bytes;
    take_pretty(value, 0, &mut rest).is_some() && rest == b"\n"
}

/// Takes the pretty print of [`PhpValue::write_pretty`], on a serde value (PHP's view of it:
/// `{}` is `[]`, an object keyed `"0"…"n-1"` in order is a list), off the front of `rest`;
/// `None` where `rest` differs, or on a non-finite number.
fn take_pretty(v: &Value, depth: usize, rest: &mut &[u8]) -> Option<()> {
    const INDENT: &[u8; 64] = b"                                                                ";
    fn take(rest: &mut &[u8], piece: &[u8]) -> Option<()> {
        *rest = rest.strip_prefix(piece)?;
        Some(())
    }
    let indent = |rest: &mut &[u8], depth: usize| {
        for _ in 0..depth / 16 {
            take(rest, INDENT)?;
        }
        take(rest, &INDENT[..(depth % 16) * 4])
    };
    match v {
        Value::Null => take(rest, b"null")?,
        Value::Bool(b) => take(rest, if *b { b"true" } else { b"false" })?,
        Value::Number(n) => *rest = strip_number(rest, n)?,
        Value::String(s) => *rest = strip_literal(rest, s)?,
        Value::Array(items) if items.is_empty() => take(rest, b"[]")?,
        Value::Object(members) if members.is_empty() => take(rest, b"[]")?,
        Value::Array(items) => {
            take(rest, b"[")?;
            for (i, item) in items.iter().enumerate() {
                take(rest, if i > 0 { b",\n" } else { b"\n" })?;
                indent(rest, depth + 1)?;
                take_pretty(item, depth + 1, rest)?;
            }
            take(rest, b"\n")?;
            indent(rest, depth)?;
            take(rest, b"]")?;
        }
        Value::Object(members) => {
            let list = members
                .keys()
                .enumerate()
                .all(|(i, k)| PhpKey::from_member(k) == PhpKey::Int(i as i64));
            take(rest, if list { b"[" } else { b"{" })?;
            for (i, (k, item)) in members.iter().enumerate() {
                take(rest, if i > 0 { b",\n" } else { b"\n" })?;
                indent(rest, depth + 1)?;
                if !list {
                    // A canonical integer key prints as the same digits it was read from.
                    *rest = strip_literal(rest, k)?;
                    take(rest, b": ")?;
                }
                take_pretty(item, depth + 1, rest)?;
            }
            take(rest, b"\n")?;
            indent(rest, depth)?;
            take(rest, if list { b"]" } else { b"}" })?;
        }
    }
    Some(())
}

/// `rest` after the number `n` as PHP prints it; `None` where `rest` differs, or on a
/// non-finite number.
fn strip_number<'a>(rest: &'a [u8], n: &serde_json::Number) -> Option<&'a [u8]> {
    match n.as_i64() {
        Some(i) => {
            // Digits on the stack: a cassette's counters are many small numbers.
            let mut digits = [0u8; 20];
            let mut at = digits.len();
            let mut left = i.unsigned_abs();
            loop {
                at -= 1;
                digits[at] = b'0' + (left % 10) as u8;
                left /= 10;
                if left == 0 {
                    break;
                }
            }
            let rest = if i < 0 {
                rest.strip_prefix(b"-")?
            } else {
                rest
            };
            rest.strip_prefix(&digits[at..])
        }
        None => {
            let f = n.as_f64().filter(|f| f.is_finite())?;
            let mut text = String::new();
            write_float(&mut text, f);
            rest.strip_prefix(text.as_bytes())
        }
    }
}

/// Appends `4 * depth` spaces.
pub(crate) fn push_indent(out: &mut String, depth: usize) {
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

/// PHP's `(string)` cast of a value `json_decode(…, true)` gave: what the driver makes of a
/// cassette field that is not a string (`5` → `"5"`, `true` → `"1"`, `null` and `false` → `""`,
/// `1e25` → `"1.0E+25"`, an array → `"Array"`).
pub fn string_cast(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Null | Value::Bool(false) => String::new(),
        Value::Bool(true) => "1".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        Value::Number(n) => {
            let mut out = String::new();
            write_float(&mut out, n.as_f64().unwrap_or_default());
            out.replace('e', "E")
        }
        Value::Array(_) | Value::Object(_) => "Array".into(),
    }
}

/// PHP's `(int)` cast of a decoded value, as the driver reads a usage counter.
pub fn int_cast(v: &serde_json::Value) -> i64 {
    use serde_json::Value;
    match v {
        Value::Bool(b) => i64::from(*b),
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_u64().map(|u| u.min(i64::MAX as u64) as i64))
            .unwrap_or_else(|| n.as_f64().map_or(0, |f| f as i64)),
        Value::String(s) => {
            let t = s.trim_start();
            let end = t
                .char_indices()
                .take_while(|(i, c)| c.is_ascii_digit() || (*i == 0 && (*c == '-' || *c == '+')))
                .map(|(i, c)| i + c.len_utf8())
                .last()
                .unwrap_or(0);
            t[..end].parse().unwrap_or(0)
        }
        Value::Null | Value::Array(_) | Value::Object(_) => 0,
    }
}

#[cfg(test)]
mod tests {

    /// The escaping of one character at a time, as PHP's encoder works: what the word-at-a-time
    /// scan of `escape_body` must give for every string.
    fn escaped_char_by_char(s: &str) -> String {
        let mut out = String::new();
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                '\u{2028}' => out.push_str("\\u2028"),
                '\u{2029}' => out.push_str("\\u2029"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out
    }

    #[test]
    fn the_word_scan_escapes_what_each_character_does() {
        let pieces = [
            "a",
            "\"",
            "\\",
            "\n",
            "\u{1}",
            "\u{1f}",
            " ",
            "~",
            "\u{7f}",
            "é",
            "\u{2028}",
            "\u{2029}",
            "\u{2027}",
            "→",
            "😀",
            "abcdefgh",
            "0123456789abcdef",
            "\u{e2}",
        ];
        // Every piece at every offset of a longer run, so that each falls in every lane of a word.
        for p in pieces {
            for q in pieces {
                for pad in 0..17 {
                    let s = format!(
                        "{}{p}{}{q}{}",
                        "x".repeat(pad),
                        "y".repeat(pad % 9),
                        "z".repeat(16 - pad)
                    );
                    let mut got = String::new();
                    escape_body(&s, |piece| got.push_str(piece));
                    assert_eq!(got, escaped_char_by_char(&s), "{s:?}");
                    // The comparison in one pass takes exactly that literal, and nothing else.
                    let mut file = format!("\"{got}\"!").into_bytes();
                    assert_eq!(strip_literal(&file, &s), Some(&b"!"[..]), "{s:?}");
                    for at in 0..file.len() - 1 {
                        file[at] ^= 0x01;
                        assert_eq!(strip_literal(&file, &s), None, "{s:?} changed at {at}");
                        file[at] ^= 0x01;
                    }
                }
            }
        }
    }

    use super::*;

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
            {
                let mut c = PhpValue::from_json(&v).unwrap();
                c.canonicalise();
                c.to_json()
            },
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
}
