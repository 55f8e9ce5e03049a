//! The one error type of the library: what went wrong, with the file and JSON position it
//! concerns, ready to be printed as one line.
//!
//! ```
//! use ulcas::{Error, ErrorKind};
//!
//! let error = Error::in_file("cassettes/quiz/v1/a.json", "not a cassette");
//! assert_eq!(error.to_string(), "cassettes/quiz/v1/a.json: not a cassette");
//! assert_eq!(Error::msg("x").of_kind(ErrorKind::Refused).kind, ErrorKind::Refused);
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

/// What kind of thing went wrong: a driver tells a bad input from a failed read or write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A file or argument is not what it must be (bad JSON, a wrong field, a bad flag value).
    #[default]
    Input,
    /// Reading or writing a file failed (permissions, a missing file, a full disk).
    Io,
    /// Writing the report failed (a reporter's error): the run stopped.
    Output,
    /// The run refused to do what could lose data or escape the store (a link, a race).
    Refused,
}

/// What a caller can do about an error, typed: the library names no command-line flag, and
/// the `ulcas` binary phrases each hint in its own words (a driver in its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// A different file is already there: asking to replace it would write over it
    /// ([`crate::store::WriteOptions::force`]; the binary's `--force`).
    Replace,
    /// A prompt registry is needed: give the store its prompt folders.
    GiveRegistry,
    /// A store root that is a folder is needed: give it.
    GiveRoot,
    /// The version to review cannot be told: give the newer one (`to`).
    GiveTo,
    /// The version to review cannot be told: give the older one (`from`).
    GiveFrom,
}

/// One of the caller's options that an error's message names where it says what to give or
/// what was given: the library writes its name in backticks (`` `from` ``, the field of the
/// request it was given), and the `ulcas` binary writes its flag there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Named {
    /// The counters of a recording.
    Usage,
    /// A pin of a task to a version (`TASK=N`).
    Pin,
    /// A version asked to be accepted as recorded against the current text (the lock).
    Accept,
    /// The git revision to review against.
    Against,
    /// A task the run is limited to.
    Task,
    /// The older version of a bump to review.
    From,
    /// The newer version of a bump to review.
    To,
    /// That the evidence given is a whole test run.
    CompleteRun,
    /// Test-run journals given as evidence.
    Journals,
    /// Request dumps given as evidence.
    Requests,
    /// A schema file given in place of the registry's.
    Schema,
    /// The prompt folders to read.
    Prompts,
}

impl Named {
    /// How the library's message names it.
    pub fn name(self) -> &'static str {
        match self {
            Named::Usage => "`usage`",
            Named::Pin => "`pin`",
            Named::Accept => "`accept`",
            Named::Against => "`against`",
            Named::Task => "`task`",
            Named::From => "`from`",
            Named::To => "`to`",
            Named::CompleteRun => "`complete_run`",
            Named::Journals => "`journals`",
            Named::Requests => "`requests`",
            Named::Schema => "`schema`",
            Named::Prompts => "`prompts`",
        }
    }
}

/// A message that names the caller's options ([`Named`]), built piece by piece.
#[derive(Debug, Default)]
pub(crate) struct Phrase {
    message: String,
    named: Vec<(usize, Named)>,
}

impl Phrase {
    /// Text as it is.
    pub(crate) fn text(mut self, text: impl fmt::Display) -> Phrase {
        use fmt::Write as _;
        let _ = write!(self.message, "{text}");
        self
    }

    /// The caller's option `named`.
    pub(crate) fn name(mut self, named: Named) -> Phrase {
        self.named.push((self.message.len(), named));
        self.message.push_str(named.name());
        self
    }

    /// The error that says it.
    pub(crate) fn error(self) -> Error {
        let mut e = Error::msg(self.message);
        e.named = (!self.named.is_empty()).then(|| Box::new(Names(self.named)));
        e
    }
}

/// The options an error's message names, by offset (one pointer in the error when there are
/// none: an error travels in every `Result`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Names(Vec<(usize, Named)>);

/// An error that names its file (and, for JSON, line and column). An I/O error keeps the
/// `std::io::Error` it came from as its [`source`](std::error::Error::source).
#[derive(Debug, Clone)]
pub struct Error {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// The file the error is about, when there is one.
    pub file: Option<PathBuf>,
    /// 1-based line and column in that file, for JSON syntax errors.
    pub position: Option<(usize, usize)>,
    /// What is wrong, with its causes joined by `: `.
    pub message: String,
    /// What the caller can do about it, when the library knows.
    pub hint: Option<Hint>,
    /// The caller's options the message names, each at its byte offset in `message` (boxed:
    /// most errors name none, and an error travels in every `Result`).
    named: Option<Box<Names>>,
    /// The I/O error this one reports, when it is one.
    io: Option<std::sync::Arc<std::io::Error>>,
}

impl PartialEq for Error {
    /// Errors are equal when they say the same (their sources are not compared).
    fn eq(&self, other: &Self) -> bool {
        (
            self.kind,
            &self.file,
            self.position,
            &self.message,
            self.hint,
            &self.named,
        ) == (
            other.kind,
            &other.file,
            other.position,
            &other.message,
            other.hint,
            &other.named,
        )
    }
}

impl Eq for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error about no particular file.
    pub fn msg(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Input,
            file: None,
            position: None,
            message: message.into(),
            hint: None,
            named: None,
            io: None,
        }
    }

    /// The caller's options the message names ([`Named`]), each at its byte offset in
    /// [`Error::message`], in order.
    pub fn named(&self) -> &[(usize, Named)] {
        self.named.as_deref().map_or(&[], |n| n.0.as_slice())
    }

    /// An error about `file`.
    pub fn in_file(file: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Input,
            file: Some(file.as_ref().to_path_buf()),
            position: None,
            message: message.into(),
            hint: None,
            named: None,
            io: None,
        }
    }

    /// Writing the output failed (a reporter's error).
    pub fn output(err: std::io::Error) -> Self {
        Error::msg(format!("writing output: {err}")).of_kind(ErrorKind::Output)
    }

    /// An I/O error about `file` (the error keeps a copy of `err`'s kind and text as its
    /// source).
    pub fn io(file: impl AsRef<Path>, err: &std::io::Error) -> Self {
        let mut e = Error::in_file(file, io_message(err)).of_kind(ErrorKind::Io);
        let copy = std::io::Error::new(err.kind(), err.to_string());
        e.io = Some(std::sync::Arc::new(copy));
        e
    }

    /// The `std::io::ErrorKind` of an I/O error.
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        self.io.as_ref().map(|e| e.kind())
    }

    /// The same error, of `kind`.
    pub fn of_kind(mut self, kind: ErrorKind) -> Self {
        self.kind = kind;
        self
    }

    /// A JSON error with serde_json's line and column; attach the file with [`Error::with_file`].
    pub fn json(err: &serde_json::Error) -> Self {
        let mut message = err.to_string();
        // serde_json appends " at line L column C"; the position is printed up front instead.
        if let Some(i) = message.rfind(" at line ") {
            message.truncate(i);
        }
        if message.starts_with("number out of range") {
            message =
                "number out of range (a non-finite number, which the reference cannot encode)"
                    .into();
        }
        let position = (err.line() > 0).then(|| (err.line(), err.column().max(1)));
        let prefix = if err.is_syntax() || err.is_eof() {
            "invalid JSON: "
        } else {
            ""
        };
        Error {
            kind: ErrorKind::Input,
            file: None,
            position,
            message: format!("{prefix}{message}"),
            hint: None,
            named: None,
            io: None,
        }
    }

    /// The same error, with what the caller can do about it.
    pub fn with_hint(mut self, hint: Hint) -> Self {
        self.hint = Some(hint);
        self
    }

    /// An error about the caller's option `named`: `message` follows its name (`` `usage`:
    /// invalid JSON``, `` `pin` "x": expected TASK=N``).
    pub fn of_option(named: Named, message: impl std::fmt::Display) -> Self {
        Phrase::default().name(named).text(message).error()
    }

    /// The same error, at 1-based `line` and `column` of its file.
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.position = Some((line, column));
        self
    }

    /// The same error, said of `file` when it names none yet.
    pub fn with_file(mut self, file: impl AsRef<Path>) -> Self {
        if self.file.is_none() {
            self.file = Some(file.as_ref().to_path_buf());
        }
        self
    }
}

/// An I/O error as a short message ("permission denied", "no such file or directory").
pub fn io_message(err: &std::io::Error) -> String {
    let s = err.to_string();
    // "No such file or directory (os error 2)" → "no such file or directory".
    let s = match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    };
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().collect::<String>() + chars.as_str(),
        None => s,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}", file.display())?;
            if let Some((line, col)) = self.position {
                write!(f, ":{line}:{col}")?;
            }
            write!(f, ": ")?;
        } else if let Some((line, col)) = self.position {
            write!(f, "{line}:{col}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A phrase names each option in backticks, at the offset it records (the binary writes
    /// the flag there), and names no flag itself.
    #[test]
    fn a_phrase_names_options_where_it_says() {
        let e = Phrase::default()
            .name(Named::From)
            .text(" and ")
            .name(Named::To)
            .text(format_args!(" are both v{}", 3))
            .error();
        assert_eq!(e.message, "`from` and `to` are both v3");
        assert_eq!(e.named(), [(0, Named::From), (11, Named::To)]);
        for (at, named) in e.named() {
            assert!(e.message[*at..].starts_with(named.name()));
        }
        assert!(!e.to_string().contains("--"));
        assert_ne!(
            e,
            Error::msg("`from` and `to` are both v3"),
            "the names are compared"
        );
    }
}
