//! What was made from a text the server saw before: an app sends the same few schemas and
//! system texts with every request, and hashing or parsing a text of a few kilobytes costs more
//! than finding it again. At most [`MAX`] texts of at most [`TEXT`] bytes are kept (then the
//! memory starts again), found by a scan that compares lengths first: never more than 64
//! comparisons, and no hash of the text at all.

use std::sync::Mutex;

/// How many texts are kept.
pub(crate) const MAX: usize = 64;

/// The longest text kept.
pub(crate) const TEXT: usize = 64 << 10;

/// Texts and what was made of each.
#[derive(Debug)]
pub(crate) struct Memo<T> {
    kept: Mutex<Vec<(Box<str>, T)>>,
}

impl<T: Clone> Memo<T> {
    pub(crate) const fn new() -> Memo<T> {
        Memo {
            kept: Mutex::new(Vec::new()),
        }
    }

    /// What was made of `text`, when it was kept.
    pub(crate) fn get(&self, text: &str) -> Option<T> {
        if text.len() > TEXT {
            return None;
        }
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        // `==` on text compares the lengths first.
        kept.iter()
            .find(|(known, _)| **known == *text)
            .map(|(_, made)| made.clone())
    }

    /// Keeps what was made of `text`.
    pub(crate) fn keep(&self, text: &str, made: &T) {
        if text.len() > TEXT {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.iter().any(|(known, _)| **known == *text) {
            return;
        }
        if kept.len() >= MAX {
            kept.clear();
        }
        kept.push((text.into(), made.clone()));
    }

    /// What was made of `text`: kept, else made by `make` and kept.
    pub(crate) fn get_or_make(&self, text: &str, make: impl FnOnce(&str) -> T) -> T {
        if let Some(made) = self.get(text) {
            return made;
        }
        let made = make(text);
        self.keep(text, &made);
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_found_by_its_whole_text_and_the_memory_is_bounded() {
        let memo: Memo<usize> = Memo::new();
        memo.keep("ab", &1);
        memo.keep("ba", &2);
        assert_eq!(memo.get("ab"), Some(1));
        assert_eq!(memo.get("ba"), Some(2), "the same length, another text");
        assert_eq!(memo.get("abc"), None);
        let long = "x".repeat(TEXT + 1);
        memo.keep(&long, &3);
        assert_eq!(
            memo.get(&long),
            None,
            "a text longer than TEXT is never kept"
        );
        for i in 0..MAX {
            memo.keep(&format!("t{i}"), &i);
        }
        assert!(memo.kept.lock().unwrap().len() <= MAX);
        let mut made = 0;
        assert_eq!(
            memo.get_or_make("new", |t| {
                made += 1;
                t.len()
            }),
            3
        );
        assert_eq!(
            memo.get_or_make("new", |t| {
                made += 1;
                t.len()
            }),
            3
        );
        assert_eq!(made, 1, "made once, then found");
    }
}
