//! PHP's `json_decode($json, true)`: the schema as the reference holds it.

use super::{PhpKey, PhpValue};

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

/// The deepest nesting PHP's `json_decode` accepts with its default depth of 512 (arrays and
/// objects; checked against PHP 8.2: 511 levels decode, 512 do not).
pub const MAX_DEPTH: usize = 511;

/// Decodes JSON text as `json_decode($json, true)` does: integers that fit in i64 are ints
/// (`-0` is the int 0), other numbers floats, duplicate keys keep their first position and
/// their last value, nesting deeper than [`MAX_DEPTH`] is refused. A non-finite number (`1e400`)
/// is refused where it survives (PHP would decode it, then fail to encode it), not where a later
/// duplicate key replaced it.
pub fn decode(input: &str) -> Result<PhpValue, DecodeError> {
    decode_to_depth(input, MAX_DEPTH)
}

/// Whether PHP's `json_decode` accepts `input` at all (syntax, escapes, depth): what a member
/// outside the key must pass. Non-finite numbers are accepted, as PHP decodes them.
pub fn validate(input: &str) -> Result<(), DecodeError> {
    let mut p = Decoder {
        s: input.as_bytes(),
        i: 0,
        max_depth: MAX_DEPTH,
        non_finite: None,
    };
    p.ws();
    p.value(0)?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.error("trailing characters after the JSON value"));
    }
    Ok(())
}

/// [`decode`] with nesting limited to `max_depth` levels.
pub fn decode_to_depth(input: &str, max_depth: usize) -> Result<PhpValue, DecodeError> {
    let mut p = Decoder {
        s: input.as_bytes(),
        i: 0,
        max_depth,
        non_finite: None,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.error("trailing characters after the JSON value"));
    }
    if let Some(at) = p.non_finite.filter(|_| has_non_finite(&v)) {
        p.i = at;
        return Err(p.error("a non-finite number, which the reference cannot encode"));
    }
    Ok(v)
}

/// Whether a non-finite float is anywhere in `v`.
fn has_non_finite(v: &PhpValue) -> bool {
    match v {
        PhpValue::Float(f) => !f.is_finite(),
        PhpValue::Array(entries) => entries.iter().any(|(_, v)| has_non_finite(v)),
        _ => false,
    }
}

struct Decoder<'a> {
    s: &'a [u8],
    i: usize,
    max_depth: usize,
    /// Where the first non-finite number was read (reported if one survives).
    non_finite: Option<usize>,
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
        if depth > self.max_depth {
            return Err(self.error(&format!(
                "nested deeper than {} levels, which PHP's json_decode refuses",
                self.max_depth
            )));
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
        if depth > self.max_depth {
            return Err(self.error(&format!(
                "nested deeper than {} levels, which PHP's json_decode refuses",
                self.max_depth
            )));
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
            Ok(f) => {
                if !f.is_finite() && self.non_finite.is_none() {
                    self.non_finite = Some(start);
                }
                Ok(PhpValue::Float(f))
            }
            Err(_) => {
                self.i = start;
                Err(self.error("invalid number"))
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
        // PHP keeps the last of duplicate keys: an overwritten infinity is no error.
        let v = decode(r#"{"default": -1e400, "default": 1.5}"#).unwrap();
        assert_eq!(v.to_json(), r#"{"default":1.5}"#);
        let err = decode(r#"{"a": 1, "b": [2, -1e400]}"#).unwrap_err();
        assert_eq!((err.line, err.column), (1, 19));
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(decode(&deep(511)).is_ok());
        assert!(
            decode(&deep(512))
                .unwrap_err()
                .message
                .contains("deeper than 511")
        );
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
