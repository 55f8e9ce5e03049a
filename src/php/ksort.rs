//! PHP 8 `ksort`: the key order of canonical schemas.

use std::cmp::Ordering;

use super::PhpKey;

/// PHP 8 `ksort` order: numbers (int keys and numeric strings) compare as numbers when both
/// sides are numeric, anything else as byte strings.
pub(super) fn compare_keys(a: &PhpKey, b: &PhpKey) -> Ordering {
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
pub(super) fn stable_sort_by<T: Clone>(
    items: &mut Vec<T>,
    mut cmp: impl FnMut(&T, &T) -> Ordering,
) {
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
