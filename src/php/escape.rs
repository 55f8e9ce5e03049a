//! How PHP's `json_encode` writes a string (with `JSON_UNESCAPED_SLASHES |
//! JSON_UNESCAPED_UNICODE`): the escapes and the literal written or matched in a file.

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

/// How many bytes of `word` (little-endian) come before the first that [`escape_body`] may
/// escape (a control, `"`, `\\`, 0xE2 of U+2028/9); 8 when none. Exact: these tests borrow
/// only upward from a byte that matches, so no byte before the first match is flagged.
#[inline]
fn plain_prefix(word: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_in = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    let flagged = below_space
        | zero_in(word ^ (ONES * u64::from(b'"')))
        | zero_in(word ^ (ONES * u64::from(b'\\')))
        | zero_in(word ^ (ONES * 0xe2));
    (flagged.trailing_zeros() / 8) as usize
}

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
    let mut hex = HEX_ESCAPE;
    while i < bytes.len() {
        // Eight bytes at a time up to the first that may need escaping.
        while let Some(word) = bytes.get(i..i + 8) {
            let plain = plain_prefix(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
            if plain < 8 {
                i += plain;
                break;
            }
            i += 8;
        }
        if i >= bytes.len() {
            break;
        }
        let Some((escape, len)) = escape_at(bytes, i, &mut hex) else {
            i += 1;
            continue;
        };
        sink(&s[start..i]);
        sink(std::str::from_utf8(escape).unwrap_or_default());
        i += len;
        start = i;
    }
    sink(&s[start..]);
}

/// `\u00XX`, its last two digits filled in for each control character.
const HEX_ESCAPE: [u8; 6] = [b'\\', b'u', b'0', b'0', 0, 0];

/// The escape of the byte at `bytes[i]` and how many bytes of `bytes` it stands for; `None`
/// when the byte is written as it is. `hex` holds the escape of a control character.
#[inline]
fn escape_at<'h>(bytes: &[u8], i: usize, hex: &'h mut [u8; 6]) -> Option<(&'h [u8], usize)> {
    let b = bytes[i];
    if !SPECIAL[usize::from(b)] {
        return None;
    }
    let escape: &[u8] = match b {
        b'"' => b"\\\"",
        b'\\' => b"\\\\",
        b'\n' => b"\\n",
        b'\r' => b"\\r",
        b'\t' => b"\\t",
        0x08 => b"\\b",
        0x0c => b"\\f",
        // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
        0xe2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xa8) => {
            return Some((b"\\u2028", 3));
        }
        0xe2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xa9) => {
            return Some((b"\\u2029", 3));
        }
        0xe2 => return None,
        _ => {
            hex[4] = hex_digit(b >> 4) as u8;
            hex[5] = hex_digit(b & 0xf) as u8;
            return Some((&hex[..], 1));
        }
    };
    Some((escape, 1))
}

/// The rest of `file` after the PHP JSON string literal of `s` (quotes included), when `file`
/// starts with it: [`escape_into`] and a comparison in one pass, up to eight bytes at a time
/// where nothing needs escaping.
pub(super) fn strip_literal<'f>(file: &'f [u8], s: &str) -> Option<&'f [u8]> {
    let mut rest = file.strip_prefix(b"\"")?;
    let bytes = s.as_bytes();
    let mut hex = HEX_ESCAPE;
    let mut i = 0;
    while i < bytes.len() {
        if let (Some(word), Some(there)) = (bytes.get(i..i + 8), rest.get(..8)) {
            // The bytes before the first that may need escaping, compared at once.
            let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            let there = u64::from_le_bytes(there.try_into().unwrap_or([0; 8]));
            let plain = plain_prefix(word);
            if plain == 8 {
                // A fixed stride first: the next word's load waits for no test of this one.
                if word != there {
                    return None;
                }
                i += 8;
                rest = &rest[8..];
                continue;
            }
            if plain > 0 {
                let mask = u64::MAX >> (64 - 8 * plain);
                if (word ^ there) & mask != 0 {
                    return None;
                }
                i += plain;
                rest = &rest[plain..];
                continue;
            }
        }
        match escape_at(bytes, i, &mut hex) {
            Some((escape, len)) => {
                rest = rest.strip_prefix(escape)?;
                i += len;
            }
            None => {
                let (&first, after) = rest.split_first()?;
                if first != bytes[i] {
                    return None;
                }
                rest = after;
                i += 1;
            }
        }
    }
    rest.strip_prefix(b"\"")
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
