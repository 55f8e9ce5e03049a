//! PHP 8 `ksort`: the key order of canonical schemas, exactly as PHP computes it.
//!
//! PHP's key comparison is not transitive for some key mixes (`"5" < "10"` as numbers, `"10" <
//! "1a"` and `"1a" < "5"` as strings), so the order depends on the sort algorithm and the input
//! order: this module runs PHP's own algorithm (`zend_sort` from `Zend/zend_sort.c`: insertion
//! sort up to 16 elements with its special cases for 2 to 5, a hybrid quicksort above), with the
//! comparison of `php_array_key_compare` (`ext/standard/array.c`: ties broken by the original
//! position, which is what makes PHP 8 sorts stable).

use std::cmp::Ordering;

use super::PhpKey;

/// PHP 8 key order: two int keys as numbers; two string keys by `zendi_smart_strcmp` (numeric
/// strings as numbers, with PHP's overflow rules, else bytes); an int and a string by
/// `zend_compare` (as numbers when the string is numeric, else the int's digits as bytes).
pub(super) fn compare_keys(a: &PhpKey, b: &PhpKey) -> Ordering {
    match (a, b) {
        (PhpKey::Int(x), PhpKey::Int(y)) => x.cmp(y),
        (PhpKey::Str(x), PhpKey::Str(y)) => smart_strcmp(x, y),
        (PhpKey::Int(x), PhpKey::Str(y)) => compare_long_to_string(*x, y),
        (PhpKey::Str(x), PhpKey::Int(y)) => compare_long_to_string(*y, x).reverse(),
    }
}

/// A numeric string as `is_numeric_string_ex` reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Numeric {
    Long(i64),
    /// A double; `oflow` is ±1 when it is an integer that overflowed a long (PHP's `oflow_info`).
    Double {
        value: f64,
        oflow: i8,
    },
}

/// `zendi_smart_strcmp`.
fn smart_strcmp(s1: &str, s2: &str) -> Ordering {
    let (Some(n1), Some(n2)) = (numeric_string(s1), numeric_string(s2)) else {
        return s1.as_bytes().cmp(s2.as_bytes());
    };
    let oflow = |n: Numeric| match n {
        Numeric::Double { oflow, .. } => oflow,
        Numeric::Long(_) => 0,
    };
    let value = |n: Numeric| match n {
        Numeric::Double { value, .. } => value,
        Numeric::Long(l) => l as f64,
    };
    let (o1, o2) = (oflow(n1), oflow(n2));
    // Both integers overflowed to the same side: the doubles may have lost the difference.
    if o1 != 0 && o1 == o2 && value(n1) - value(n2) == 0.0 {
        return s1.as_bytes().cmp(s2.as_bytes());
    }
    match (n1, n2) {
        (Numeric::Long(a), Numeric::Long(b)) => a.cmp(&b),
        (Numeric::Long(_), Numeric::Double { .. }) if o2 != 0 => sign(-i32::from(o2)),
        (Numeric::Double { .. }, Numeric::Long(_)) if o1 != 0 => sign(i32::from(o1)),
        (Numeric::Double { value: a, .. }, Numeric::Double { value: b, .. })
            if a == b && !a.is_finite() =>
        {
            s1.as_bytes().cmp(s2.as_bytes())
        }
        _ => normalize(value(n1) - value(n2)),
    }
}

/// `compare_longs_to_string` (what `zend_compare` does for an int and a string).
fn compare_long_to_string(lval: i64, s: &str) -> Ordering {
    match numeric_string(s) {
        Some(Numeric::Long(l)) => lval.cmp(&l),
        Some(Numeric::Double { value, .. }) => normalize(lval as f64 - value),
        None => lval.to_string().as_bytes().cmp(s.as_bytes()),
    }
}

/// `ZEND_NORMALIZE_BOOL` of a double difference (NaN compares equal).
fn normalize(d: f64) -> Ordering {
    if d > 0.0 {
        Ordering::Greater
    } else if d < 0.0 {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

fn sign(n: i32) -> Ordering {
    n.cmp(&0)
}

/// The number of digits a long has at most (`MAX_LENGTH_OF_LONG - 1` on 64 bits).
const LONG_DIGITS: usize = 19;

/// `_is_numeric_string_ex` without errors allowed: optional leading and trailing white space,
/// a sign, digits with an optional fraction and exponent (or a leading `.` and digits).
fn numeric_string(s: &str) -> Option<Numeric> {
    let is_ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let b = s.as_bytes();
    let mut start = 0;
    while start < b.len() && is_ws(b[start]) {
        start += 1;
    }
    let mut end = b.len();
    while end > start && is_ws(b[end - 1]) {
        end -= 1;
    }
    let t = &b[start..end];
    let (is_double, significant) = numeric_shape(t)?;
    let text = std::str::from_utf8(t).ok()?;
    let oflow = if t.first() == Some(&b'-') { -1 } else { 1 };
    // 20 or more integer digits (after leading zeros): a double, marked as overflowed, even
    // when a fraction or exponent follows (PHP stops counting there).
    if significant > LONG_DIGITS {
        let value: f64 = text.parse().ok()?;
        return Some(Numeric::Double { value, oflow });
    }
    if !is_double {
        return Some(match text.parse::<i64>() {
            Ok(l) => Numeric::Long(l),
            Err(_) => Numeric::Double {
                value: text.parse().ok()?,
                oflow,
            },
        });
    }
    Some(Numeric::Double {
        value: text.parse().ok()?,
        oflow: 0,
    })
}

/// Whether the trimmed `t` is a number PHP reads: `(is a double, significant integer digits)`;
/// `None` when it is not a number at all.
fn numeric_shape(t: &[u8]) -> Option<(bool, usize)> {
    let mut i = usize::from(matches!(t.first(), Some(b'+' | b'-')));
    let body = i;
    while i < t.len() && t[i] == b'0' {
        i += 1;
    }
    let first_significant = i;
    while i < t.len() && t[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = i - body;
    let significant = i - first_significant;
    let mut is_double = false;
    if i < t.len() && t[i] == b'.' {
        let frac = i + 1;
        let mut j = frac;
        while j < t.len() && t[j].is_ascii_digit() {
            j += 1;
        }
        if int_digits == 0 && j == frac {
            return None;
        }
        is_double = true;
        i = j;
    } else if int_digits == 0 {
        return None;
    }
    if i < t.len() && matches!(t[i], b'e' | b'E') {
        let mut j = i + 1;
        if matches!(t.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let digits = j;
        while j < t.len() && t[j].is_ascii_digit() {
            j += 1;
        }
        if j > digits {
            is_double = true;
            i = j;
        }
    }
    (i == t.len()).then_some((is_double, significant))
}

/// Sorts `items` as PHP's `ksort` does: `zend_sort` with the key order of [`compare_keys`],
/// ties broken by the original position.
pub(super) fn php_ksort<T>(items: &mut Vec<T>, key: impl Fn(&T) -> &PhpKey) {
    let mut indexed: Vec<(usize, T)> = std::mem::take(items).into_iter().enumerate().collect();
    zend_sort(&mut indexed, &|a: &(usize, T), b: &(usize, T)| {
        compare_keys(key(&a.1), key(&b.1)).then(a.0.cmp(&b.0))
    });
    *items = indexed.into_iter().map(|(_, t)| t).collect();
}

/// `cmp(a, b) > 0` as `zend_sort` asks it.
fn gt<T>(v: &[T], cmp: &dyn Fn(&T, &T) -> Ordering, a: usize, b: usize) -> bool {
    cmp(&v[a], &v[b]) == Ordering::Greater
}

fn sort2<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering, a: usize, b: usize) {
    if gt(v, cmp, a, b) {
        v.swap(a, b);
    }
}

fn sort3<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering, a: usize, b: usize, c: usize) {
    if !gt(v, cmp, a, b) {
        if !gt(v, cmp, b, c) {
            return;
        }
        v.swap(b, c);
        if gt(v, cmp, a, b) {
            v.swap(a, b);
        }
        return;
    }
    if !gt(v, cmp, c, b) {
        v.swap(a, c);
        return;
    }
    v.swap(a, b);
    if gt(v, cmp, b, c) {
        v.swap(b, c);
    }
}

fn sort4<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering, a: usize, b: usize, c: usize, d: usize) {
    sort3(v, cmp, a, b, c);
    if gt(v, cmp, c, d) {
        v.swap(c, d);
        if gt(v, cmp, b, c) {
            v.swap(b, c);
            if gt(v, cmp, a, b) {
                v.swap(a, b);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn sort5<T>(
    v: &mut [T],
    cmp: &dyn Fn(&T, &T) -> Ordering,
    a: usize,
    b: usize,
    c: usize,
    d: usize,
    e: usize,
) {
    sort4(v, cmp, a, b, c, d);
    if gt(v, cmp, d, e) {
        v.swap(d, e);
        if gt(v, cmp, c, d) {
            v.swap(c, d);
            if gt(v, cmp, b, c) {
                v.swap(b, c);
                if gt(v, cmp, a, b) {
                    v.swap(a, b);
                }
            }
        }
    }
}

/// `zend_insert_sort` on `v[start..start + n]`.
fn insert_sort<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering, start: usize, n: usize) {
    match n {
        0 | 1 => {}
        2 => sort2(v, cmp, start, start + 1),
        3 => sort3(v, cmp, start, start + 1, start + 2),
        4 => sort4(v, cmp, start, start + 1, start + 2, start + 3),
        5 => sort5(v, cmp, start, start + 1, start + 2, start + 3, start + 4),
        _ => {
            let end = start + n;
            let sentry = start + 6;
            for i in start + 1..sentry {
                let mut j = i - 1;
                if !gt(v, cmp, j, i) {
                    continue;
                }
                while j != start {
                    j -= 1;
                    if !gt(v, cmp, j, i) {
                        j += 1;
                        break;
                    }
                }
                v[j..=i].rotate_right(1);
            }
            for i in sentry..end {
                let mut j = i - 1;
                if !gt(v, cmp, j, i) {
                    continue;
                }
                loop {
                    j -= 2;
                    if !gt(v, cmp, j, i) {
                        j += 1;
                        if !gt(v, cmp, j, i) {
                            j += 1;
                        }
                        break;
                    }
                    if j == start {
                        break;
                    }
                    if j == start + 1 {
                        j -= 1;
                        if gt(v, cmp, i, j) {
                            j += 1;
                        }
                        break;
                    }
                }
                v[j..=i].rotate_right(1);
            }
        }
    }
}

/// `zend_sort` on the whole slice.
fn zend_sort<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    sort_range(v, cmp, 0, v.len());
}

fn sort_range<T>(v: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering, mut base: usize, mut n: usize) {
    loop {
        if n <= 16 {
            insert_sort(v, cmp, base, n);
            return;
        }
        let start = base;
        let end = start + n;
        let offset = n >> 1;
        let pivot = start + offset;
        if n >> 10 != 0 {
            let delta = offset >> 1;
            sort5(v, cmp, start, start + delta, pivot, pivot + delta, end - 1);
        } else {
            sort3(v, cmp, start, pivot, end - 1);
        }
        v.swap(start + 1, pivot);
        let pivot = start + 1;
        let mut i = pivot + 1;
        let mut j = end - 1;
        'partition: loop {
            while gt(v, cmp, pivot, i) {
                i += 1;
                if i == j {
                    break 'partition;
                }
            }
            j -= 1;
            if j == i {
                break 'partition;
            }
            while gt(v, cmp, j, pivot) {
                j -= 1;
                if j == i {
                    break 'partition;
                }
            }
            v.swap(i, j);
            i += 1;
            if i == j {
                break 'partition;
            }
        }
        v.swap(pivot, i - 1);
        if (i - 1) - start < end - i {
            sort_range(v, cmp, start, i - start - 1);
            base = i;
            n = end - i;
        } else {
            sort_range(v, cmp, i, end - i);
            base = start;
            n = i - start - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(list: &[&str]) -> Vec<PhpKey> {
        list.iter()
            .map(|k| match k.parse::<i64>() {
                Ok(i) if i.to_string() == *k => PhpKey::Int(i),
                _ => PhpKey::Str((*k).to_owned()),
            })
            .collect()
    }

    fn sorted(list: &[&str]) -> Vec<String> {
        let mut v = keys(list);
        php_ksort(&mut v, |k| k);
        v.iter()
            .map(|k| match k {
                PhpKey::Int(i) => i.to_string(),
                PhpKey::Str(s) => s.clone(),
            })
            .collect()
    }

    #[test]
    fn cyclic_key_sets_as_php_orders_them() {
        // PHP 8.2's answers, quoted in the hardening issue.
        assert_eq!(sorted(&["10", "9", "a", "1e1"]), ["9", "10", "1e1", "a"]);
        assert_eq!(sorted(&["a", "1e1", "9", "10"]), ["9", "1e1", "10", "a"]);
        assert_eq!(sorted(&["5", "10", "1a"]), ["5", "10", "1a"]);
    }

    #[test]
    fn overflowing_integer_strings_compare_as_strings() {
        assert_eq!(
            sorted(&["99999999999999999999", "99999999999999999998"]),
            ["99999999999999999998", "99999999999999999999"]
        );
        assert_eq!(
            sorted(&["9223372036854775809", "9223372036854775808"]),
            ["9223372036854775808", "9223372036854775809"]
        );
        assert_eq!(smart_strcmp("1e1", "10"), Ordering::Equal);
    }

    #[test]
    fn large_inputs_sort_like_a_sort() {
        let list: Vec<String> = (0..3000).map(|i| ((i * 7919) % 3001).to_string()).collect();
        let refs: Vec<&str> = list.iter().map(String::as_str).collect();
        let got = sorted(&refs);
        let mut want: Vec<i64> = list.iter().map(|s| s.parse().unwrap()).collect();
        want.sort();
        assert_eq!(got, want.iter().map(i64::to_string).collect::<Vec<_>>());
    }
}
