//! What a request's headers ask instead of the prompt registry: the `x-ulcas-task` /
//! `x-ulcas-prompt-version` overrides.

use axum::http::HeaderMap;
use ulcas::wire::Overrides;

/// `x-ulcas-task` and `x-ulcas-prompt-version`.
pub fn overrides(headers: &HeaderMap) -> Result<Overrides, String> {
    let text = |name: &str| -> Result<Option<String>, String> {
        headers
            .get(name)
            .map(|v| {
                v.to_str()
                    .map(str::to_owned)
                    .map_err(|_| format!("{name}: not text"))
            })
            .transpose()
    };
    // The layout's own rules: a task is one folder name, a version a canonical v<N>.
    let task = text("x-ulcas-task")?;
    if let Some(t) = &task {
        ulcas::request::validate_task(t).map_err(|e| format!("x-ulcas-task: {e}"))?;
        if t.len() > 255 {
            return Err(format!(
                "x-ulcas-task: {} bytes, longer than a folder name may be (255)",
                t.len()
            ));
        }
    }
    let prompt_version = text("x-ulcas-prompt-version")?
        .map(|v| {
            ulcas::layout::parse_version_folder(&format!("v{}", v.trim())).ok_or_else(|| {
                let shown: String = v.chars().take(40).collect();
                format!("x-ulcas-prompt-version: {shown:?} is not an integer (a version: 1, 2, …, no sign or leading zero)")
            })
        })
        .transpose()?;
    Ok(Overrides {
        task,
        prompt_version,
    })
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::overrides;

    fn headers(pairs: &[(&'static str, &'static [u8])]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.insert(*name, HeaderValue::from_bytes(value).unwrap());
        }
        h
    }

    #[test]
    fn the_headers_obey_the_layouts_rules() {
        let got = overrides(&headers(&[
            ("x-ulcas-task", b"quiz"),
            ("x-ulcas-prompt-version", b" 2 "),
        ]))
        .unwrap();
        assert_eq!(
            (got.task.as_deref(), got.prompt_version),
            (Some("quiz"), Some(2))
        );
        assert_eq!(overrides(&HeaderMap::new()).unwrap(), Default::default());
        for (pairs, said) in [
            (
                &[("x-ulcas-task", &b"a/b"[..])][..],
                "x-ulcas-task: unsafe task name",
            ),
            (
                &[("x-ulcas-task", &b"\xff"[..])][..],
                "x-ulcas-task: not text",
            ),
            (
                &[("x-ulcas-prompt-version", &b"02"[..])][..],
                "is not an integer",
            ),
            (
                &[("x-ulcas-prompt-version", &b"-1"[..])][..],
                "is not an integer",
            ),
        ] {
            let why = overrides(&headers(pairs)).unwrap_err();
            assert!(why.contains(said), "{why}");
        }
        let long = "t".repeat(256);
        let mut h = HeaderMap::new();
        h.insert("x-ulcas-task", HeaderValue::from_str(&long).unwrap());
        assert!(
            overrides(&h)
                .unwrap_err()
                .contains("longer than a folder name may be (255)")
        );
    }
}
