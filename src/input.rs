//! Reading the files a user names (request dumps, answers, schemas, journals, the config):
//! only regular files, and never more than a limit far above any real one, so that a mistyped
//! `/dev/zero` or a FIFO is a clear error instead of a hang or an exhausted memory.

use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};

/// The most a request dump, an answer or a cassette named on the command line may hold.
pub const MAX_DOCUMENT: u64 = 256 << 20;

/// The most a schema, journal or config file may hold.
pub const MAX_SMALL_FILE: u64 = 64 << 20;

/// The most JSON values (objects, arrays, members and elements) one cassette, or one answer in
/// it, may hold: far above any recording (a long outline has a few hundred), low enough that a
/// file under [`crate::store::MAX_CASSETTE`] never costs a command more than a few tens of MB
/// once parsed.
pub const MAX_JSON_VALUES: usize = 100_000;

/// Why `text` is too big a JSON document to parse ([`MAX_JSON_VALUES`]), counted without
/// parsing it: every `{`, `[` and `,` outside strings. `None` when it fits (a text of at most
/// [`MAX_JSON_VALUES`] bytes always does: each counted value takes a byte, and the check costs
/// nothing there).
pub fn json_too_big(text: &[u8]) -> Option<String> {
    if text.len() <= MAX_JSON_VALUES {
        return None;
    }
    let mut count = 0usize;
    let mut in_string = false;
    let mut i = 0;
    while i < text.len() {
        if in_string {
            match memchr::memchr2(b'"', b'\\', &text[i..]) {
                Some(at) if text[i + at] == b'\\' => i += at + 2,
                Some(at) => {
                    in_string = false;
                    i += at + 1;
                }
                None => break,
            }
            continue;
        }
        match text[i] {
            b'"' => in_string = true,
            b'{' | b'[' | b',' => count += 1,
            _ => {}
        }
        i += 1;
    }
    (count > MAX_JSON_VALUES)
        .then(|| format!("more than {MAX_JSON_VALUES} JSON values ({count}): too many to parse"))
}

/// Reads a whole file that must be a regular file of at most `limit` bytes; `what` names it in
/// errors ("request dump").
pub fn read_limited(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>> {
    let (file, size) = open_regular(path, what)?;
    if size > limit {
        return Err(too_large(limit, what).with_file(path));
    }
    read_sized(file, size, limit, what).map_err(|e| e.with_file(path))
}

/// [`read_limited`] of a file inside a store: its last component is never followed when it is
/// a symbolic link (a link out of the store is never read; the error says it is a link).
pub fn read_store_file(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>> {
    let (file, size) = open_store_file(path, what)?;
    if size > limit {
        return Err(too_large(limit, what).with_file(path));
    }
    read_sized(file, size, limit, what).map_err(|e| e.with_file(path))
}

/// Opens the store file `path` as [`read_store_file`] does (never through a link at its own
/// name, never a pipe); the file and its size, for a caller that checks the handle first.
pub fn open_store_file(path: &Path, what: &str) -> Result<(std::fs::File, u64)> {
    open_with(path, what, rustix::fs::OFlags::NOFOLLOW).map(|(f, meta)| (f, meta.len()))
}

/// [`open_store_file`], with the opened file's metadata.
pub fn open_store_file_meta(path: &Path, what: &str) -> Result<(std::fs::File, std::fs::Metadata)> {
    open_with(path, what, rustix::fs::OFlags::NOFOLLOW)
}

/// Opens `path` for reading only if it is a regular file: opened without blocking (a FIFO
/// without a writer would block an ordinary open forever) and checked on the opened handle, so
/// that nothing swapped in between a check and the open is read.
pub fn open_regular(path: &Path, what: &str) -> Result<(std::fs::File, u64)> {
    open_with(path, what, rustix::fs::OFlags::empty()).map(|(f, meta)| (f, meta.len()))
}

fn open_with(
    path: &Path,
    what: &str,
    extra: rustix::fs::OFlags,
) -> Result<(std::fs::File, std::fs::Metadata)> {
    use std::os::unix::fs::OpenOptionsExt;
    let flags = (rustix::fs::OFlags::NONBLOCK | extra).bits() as i32;
    let file = match std::fs::File::options()
        .read(true)
        .custom_flags(flags)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) => {
            return Err(Error::in_file(
                path,
                format!("a symbolic link: ulcas never reads a {what} through a link"),
            ));
        }
        Err(e) => return Err(Error::io(path, &e)),
    };
    let meta = file.metadata().map_err(|e| Error::io(path, &e))?;
    if !meta.is_file() {
        return Err(Error::in_file(
            path,
            format!("not a regular file (a {what} must be one)"),
        ));
    }
    // O_NONBLOCK has no effect on a regular file: reads of it never block.
    Ok((file, meta))
}

/// Reads `reader` to its end, refusing more than `limit` bytes.
pub fn read_capped(reader: impl Read, limit: u64, what: &str) -> Result<Vec<u8>> {
    read_sized(reader, 0, limit, what)
}

/// Below this size a file said to be `size` bytes is read in one call that asks for one byte
/// more: when exactly `size` come back, the file ended there (a cassette of a store costs one
/// `read`, not a second that returns nothing).
const ONE_READ: usize = 256 << 10;

/// [`read_capped`] of a file of `size` bytes (the buffer is allocated once).
pub fn read_sized(mut reader: impl Read, size: u64, limit: u64, what: &str) -> Result<Vec<u8>> {
    let expected = usize::try_from(size.min(limit)).unwrap_or(0);
    let mut bytes = Vec::new();
    if expected > 0 && expected < ONE_READ {
        bytes.resize(expected + 1, 0);
        let got = loop {
            match reader.read(&mut bytes) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                got => break got.map_err(|e| Error::msg(crate::error::io_message(&e)))?,
            }
        };
        bytes.truncate(got);
        if got == expected {
            return Ok(bytes);
        }
        // Shorter or longer than it was said to be: read on to the end as any reader.
    } else {
        bytes.reserve(expected + 1);
    }
    reader
        .take((limit + 1).saturating_sub(bytes.len() as u64))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::msg(crate::error::io_message(&e)))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit, what));
    }
    Ok(bytes)
}

fn too_large(limit: u64, what: &str) -> Error {
    Error::msg(format!(
        "larger than {} MiB: too large for a {what}",
        limit >> 20
    ))
}

/// [`read_limited`] as UTF-8 text.
pub fn read_text(path: &Path, limit: u64, what: &str) -> Result<String> {
    String::from_utf8(read_limited(path, limit, what)?).map_err(|e| {
        Error::in_file(
            path,
            format!(
                "not UTF-8 (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Whether `path` is `-`: standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name errors give `path`: `<stdin>` for `-`, else the path.
pub fn shown_name(path: &Path) -> &Path {
    if is_stdin(path) {
        Path::new("<stdin>")
    } else {
        path
    }
}

/// [`read_limited`] of a file given on the command line, where `-` is standard input.
pub fn read_input(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>> {
    if is_stdin(path) {
        read_capped(std::io::stdin().lock(), limit, what).map_err(|e| e.with_file("<stdin>"))
    } else {
        read_limited(path, limit, what)
    }
}

/// A model's raw answer, byte for byte: the file `path`, or standard input for `-`.
#[cfg(feature = "tools")]
pub fn read_answer(path: &Path) -> Result<String> {
    let bytes = read_input(path, MAX_DOCUMENT, "response")?;
    String::from_utf8(bytes).map_err(|e| {
        Error::in_file(
            shown_name(path),
            format!(
                "the response is not UTF-8 (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    /// A reader that gives at most `piece` bytes a call (a network file system's short reads).
    struct Pieces<'a> {
        left: &'a [u8],
        piece: usize,
    }

    impl std::io::Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.left.len().min(buf.len()).min(self.piece);
            buf[..n].copy_from_slice(&self.left[..n]);
            self.left = &self.left[n..];
            Ok(n)
        }
    }

    /// A file of the size it was said to be is read whole however its reads come (one call
    /// when it fits); one that changed since is read whole to its end.
    #[test]
    fn a_file_is_read_whole_whatever_its_size_said() {
        use super::read_sized;
        let file: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
        for piece in [1, 7, 4096, 5000, usize::MAX] {
            let reader = Pieces { left: &file, piece };
            let got = read_sized(reader, 5000, 1 << 20, "cassette").unwrap();
            assert_eq!(got, file, "pieces of {piece}");
        }
        for said in [0, 1, 4999, 5001, 400_000] {
            for piece in [4096, usize::MAX] {
                let reader = Pieces { left: &file, piece };
                let got = read_sized(reader, said, 1 << 20, "cassette").unwrap();
                assert_eq!(got, file, "said {said}, pieces of {piece}");
            }
        }
        let reader = Pieces {
            left: &file,
            piece: 4096,
        };
        let err = read_sized(reader, 5000, 4999, "cassette").unwrap_err();
        assert!(
            err.to_string().contains("too large for a cassette"),
            "{err}"
        );
    }

    #[test]
    fn json_values_are_counted_outside_strings() {
        use super::{MAX_JSON_VALUES, json_too_big};
        let many = |n: usize| format!("[{}]", vec!["[]"; n].join(","));
        assert!(json_too_big(many(MAX_JSON_VALUES / 2).as_bytes()).is_none());
        assert!(json_too_big(many(MAX_JSON_VALUES / 2 + 1).as_bytes()).is_some());
        // Short enough to skip the count and still over: impossible.
        let dense = "[".repeat(MAX_JSON_VALUES);
        assert!(json_too_big(dense.as_bytes()).is_none());
        assert!(json_too_big(format!("{dense}[").as_bytes()).is_some());
        // Inside a string nothing counts, escaped quotes included.
        let text = format!(
            "[\"{}\\\"{}\"]",
            ",".repeat(MAX_JSON_VALUES),
            "[".repeat(10)
        );
        assert!(json_too_big(text.as_bytes()).is_none());
    }

    use super::*;

    #[test]
    fn limits() {
        assert_eq!(read_capped(&b"abc"[..], 3, "x").unwrap(), b"abc");
        let err = read_capped(&[0u8; (2 << 20) + 1][..], 2 << 20, "request dump").unwrap_err();
        assert_eq!(
            err.message,
            "larger than 2 MiB: too large for a request dump"
        );
        let dir = tempfile::tempdir().unwrap();
        let err = read_limited(dir.path(), 10, "journal")
            .unwrap_err()
            .to_string();
        assert!(
            err.ends_with("not a regular file (a journal must be one)"),
            "{err}"
        );
    }
}
