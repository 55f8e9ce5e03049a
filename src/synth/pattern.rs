//! Strings for simple regular expressions: the anchored character-class patterns that output
//! schemas use (`^frg_[a-z2-7]{12}$`, `^[A-Z]{2}-\d{4}$`, `^(low|high)$`).
//!
//! Supported: literals, escapes (`\d \w \s \.` …), classes with ranges (`[a-z0-9_-]`), `.`,
//! groups with alternation, and the quantifiers `? * + {n} {n,} {n,m}`. Anything else (look-
//! arounds, back-references, negated classes) is refused, and the caller says so.

/// A parsed pattern piece.
#[derive(Debug, Clone)]
enum Atom {
    /// One of these characters.
    Class(Vec<char>),
    /// One of these alternatives.
    Group(Vec<Vec<(Atom, usize, usize)>>),
}

/// Parses `pattern` into a sequence of (atom, min, max).
fn parse(pattern: &str) -> Option<Vec<(Atom, usize, usize)>> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let seq = parse_alternatives(&chars, &mut i)?;
    (i == chars.len()).then_some(())?;
    match seq {
        mut alts if alts.len() == 1 => alts.pop(),
        alts => Some(vec![(Atom::Group(alts), 1, 1)]),
    }
}

fn parse_alternatives(c: &[char], i: &mut usize) -> Option<Vec<Vec<(Atom, usize, usize)>>> {
    let mut alts = vec![Vec::new()];
    while *i < c.len() {
        match c[*i] {
            ')' => break,
            '|' => {
                *i += 1;
                alts.push(Vec::new());
            }
            '^' if *i == 0 => *i += 1,
            '$' if *i + 1 == c.len()
                || c.get(*i + 1) == Some(&')')
                || c.get(*i + 1) == Some(&'|') =>
            {
                *i += 1
            }
            _ => {
                let atom = parse_atom(c, i)?;
                let (min, max) = parse_quantifier(c, i)?;
                alts.last_mut()?.push((atom, min, max));
            }
        }
    }
    Some(alts)
}

fn parse_atom(c: &[char], i: &mut usize) -> Option<Atom> {
    let ch = c[*i];
    *i += 1;
    Some(match ch {
        '[' => {
            if c.get(*i) == Some(&'^') {
                return None;
            }
            let mut set = Vec::new();
            while *i < c.len() && c[*i] != ']' {
                let start = if c[*i] == '\\' {
                    *i += 1;
                    let e = escape_class(*c.get(*i)?);
                    *i += 1;
                    if e.len() > 1 {
                        set.extend(e);
                        continue;
                    }
                    e[0]
                } else {
                    *i += 1;
                    c[*i - 1]
                };
                if c.get(*i) == Some(&'-') && c.get(*i + 1).is_some_and(|&n| n != ']') {
                    let end = c[*i + 1];
                    *i += 2;
                    set.extend((start..=end).filter(|ch| !ch.is_control()));
                } else {
                    set.push(start);
                }
            }
            *i += 1;
            Atom::Class(set)
        }
        '(' => {
            if c.get(*i) == Some(&'?') {
                // Only the non-capturing `(?:…)`.
                if c.get(*i + 1) != Some(&':') {
                    return None;
                }
                *i += 2;
            }
            let alts = parse_alternatives(c, i)?;
            if c.get(*i) != Some(&')') {
                return None;
            }
            *i += 1;
            Atom::Group(alts)
        }
        '\\' => {
            let e = *c.get(*i)?;
            *i += 1;
            if e.is_ascii_digit() || matches!(e, 'b' | 'B' | 'A' | 'z' | 'Z' | 'p' | 'P') {
                return None;
            }
            Atom::Class(escape_class(e))
        }
        '.' => Atom::Class(('a'..='z').collect()),
        '*' | '+' | '?' | '{' | ')' | '|' | '$' | '^' => return None,
        other => Atom::Class(vec![other]),
    })
}

fn escape_class(e: char) -> Vec<char> {
    match e {
        'd' => ('0'..='9').collect(),
        'w' => ('a'..='z')
            .chain('A'..='Z')
            .chain('0'..='9')
            .chain(['_'])
            .collect(),
        's' => vec![' '],
        'n' => vec!['\n'],
        't' => vec!['\t'],
        other => vec![other],
    }
}

fn parse_quantifier(c: &[char], i: &mut usize) -> Option<(usize, usize)> {
    let q = match c.get(*i) {
        Some('?') => (0, 1),
        Some('*') => (0, 8),
        Some('+') => (1, 8),
        Some('{') => {
            let close = c[*i..].iter().position(|&x| x == '}')? + *i;
            let inner: String = c[*i + 1..close].iter().collect();
            let (lo, hi) = match inner.split_once(',') {
                None => {
                    let n = inner.trim().parse().ok()?;
                    (n, n)
                }
                Some((lo, hi)) => {
                    let lo: usize = lo.trim().parse().ok()?;
                    let hi = if hi.trim().is_empty() {
                        lo + 8
                    } else {
                        hi.trim().parse().ok()?
                    };
                    (lo, hi)
                }
            };
            *i = close;
            (lo, hi)
        }
        _ => return Some((1, 1)),
    };
    *i += 1;
    // A lazy or possessive mark changes nothing for generation.
    if matches!(c.get(*i), Some('?' | '+')) {
        *i += 1;
    }
    (q.0 <= q.1).then_some(q)
}

/// A string matching `pattern`, picking with `pick(n)` (a number below `n`); `None` when the
/// pattern is outside the supported subset.
pub fn generate(pattern: &str, pick: &mut dyn FnMut(usize) -> usize) -> Option<String> {
    let seq = parse(pattern)?;
    let mut out = String::new();
    emit(&seq, pick, &mut out)?;
    Some(out)
}

fn emit(
    seq: &[(Atom, usize, usize)],
    pick: &mut dyn FnMut(usize) -> usize,
    out: &mut String,
) -> Option<()> {
    for (atom, min, max) in seq {
        let n = min + pick(max - min + 1);
        for _ in 0..n {
            match atom {
                Atom::Class(set) if set.is_empty() => return None,
                Atom::Class(set) => out.push(set[pick(set.len())]),
                Atom::Group(alts) => emit(&alts[pick(alts.len())], pick, out)?,
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pattern: &str) {
        let re = regex::Regex::new(pattern).unwrap();
        let mut state = 7usize;
        let mut pick = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for _ in 0..20 {
            let s = generate(pattern, &mut pick).unwrap_or_else(|| panic!("{pattern} unsupported"));
            assert!(re.is_match(&s), "{pattern}: {s:?}");
        }
    }

    #[test]
    fn generates_matching_strings() {
        for p in [
            "^frg_[a-z2-7]{12}$",
            "^[0-7][0-9A-HJKMNP-TV-Z]{25}$",
            r"^[A-Z]{2}-\d{4}$",
            "^(low|medium|high)$",
            r"^v\d+(\.\d+){0,2}$",
            "^[a-z0-9_-]+$",
            r"^\w{3,5}\.txt$",
        ] {
            check(p);
        }
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        let mut pick = |_: usize| 0;
        for p in ["^(?=a)b$", r"^(a)\1$", "^[^a]$"] {
            assert!(generate(p, &mut pick).is_none(), "{p}");
        }
    }
}
