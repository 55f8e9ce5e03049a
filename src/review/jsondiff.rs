//! Changes between two JSON answers as JSON pointers: objects member by member, arrays by
//! position.

use serde::Serialize;
use serde_json::Value;

/// What happened at a pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeOp {
    /// Only in the new answer.
    Added,
    /// Only in the old answer.
    Removed,
    /// In both, with another value.
    Changed,
}

/// One change between two answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerChange {
    /// JSON pointer into the answers (`""` for the whole answer).
    pub pointer: String,
    /// What happened.
    pub op: ChangeOp,
    /// The old value (absent when added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    /// The new value (absent when removed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

/// Every change from `old` to `new`, in document order.
pub fn diff(old: &Value, new: &Value) -> Vec<AnswerChange> {
    let mut out = Vec::new();
    walk(old, new, &mut String::new(), &mut out);
    out
}

fn walk(old: &Value, new: &Value, pointer: &mut String, out: &mut Vec<AnswerChange>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let len = pointer.len();
                push_token(pointer, k);
                match b.get(k) {
                    Some(vb) => walk(va, vb, pointer, out),
                    None => out.push(change(pointer, ChangeOp::Removed, Some(va), None)),
                }
                pointer.truncate(len);
            }
            for (k, vb) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                let len = pointer.len();
                push_token(pointer, k);
                out.push(change(pointer, ChangeOp::Added, None, Some(vb)));
                pointer.truncate(len);
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for i in 0..a.len().max(b.len()) {
                let len = pointer.len();
                pointer.push('/');
                pointer.push_str(&i.to_string());
                match (a.get(i), b.get(i)) {
                    (Some(va), Some(vb)) => walk(va, vb, pointer, out),
                    (Some(va), None) => {
                        out.push(change(pointer, ChangeOp::Removed, Some(va), None))
                    }
                    (None, Some(vb)) => out.push(change(pointer, ChangeOp::Added, None, Some(vb))),
                    (None, None) => {}
                }
                pointer.truncate(len);
            }
        }
        _ if old != new => out.push(change(pointer, ChangeOp::Changed, Some(old), Some(new))),
        _ => {}
    }
}

fn change(pointer: &str, op: ChangeOp, from: Option<&Value>, to: Option<&Value>) -> AnswerChange {
    AnswerChange {
        pointer: pointer.to_owned(),
        op,
        from: from.cloned(),
        to: to.cloned(),
    }
}

/// Appends `/token` with RFC 6901 escaping (`~` → `~0`, `/` → `~1`).
fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    pointer.push_str(&token.replace('~', "~0").replace('/', "~1"));
}

/// The pointer with array indices as `*`: changes at the same place of every item count alike.
pub fn pattern(pointer: &str) -> String {
    pointer
        .split('/')
        .map(|t| {
            if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                "*"
            } else {
                t
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn members_and_positions() {
        let old = json!({"a": 1, "b": [1, 2, 3], "c/d": {"x": "y"}, "gone": true});
        let new = json!({"a": 2, "b": [1, 5], "c/d": {"x": "y"}, "new": null});
        let got: Vec<(String, ChangeOp)> = diff(&old, &new)
            .into_iter()
            .map(|c| (c.pointer, c.op))
            .collect();
        assert_eq!(
            got,
            vec![
                ("/a".into(), ChangeOp::Changed),
                ("/b/1".into(), ChangeOp::Changed),
                ("/b/2".into(), ChangeOp::Removed),
                ("/gone".into(), ChangeOp::Removed),
                ("/new".into(), ChangeOp::Added),
            ]
        );
        assert!(diff(&old, &old).is_empty());
        assert_eq!(diff(&json!(1), &json!("1"))[0].pointer, "");
        let escaped = diff(&json!({"a/b~": 1}), &json!({"a/b~": 2}));
        assert_eq!(escaped[0].pointer, "/a~1b~0");
    }

    #[test]
    fn patterns() {
        assert_eq!(
            pattern("/modules/0/lessons/12/minutes"),
            "/modules/*/lessons/*/minutes"
        );
        assert_eq!(pattern(""), "");
    }
}
