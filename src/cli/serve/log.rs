//! What `serve` says: one start line on stdout (a script reads the URL from it), one line per
//! request on stderr. Every line goes through one writer: secrets masked, and in human text
//! every control or bidirectional character written as a visible escape (JSON escapes them as
//! `\uXXXX`), whatever a prompt folder, a file name or an upstream's error holds.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use serde_json::json;

use crate::cli::report::escape::{is_risky, visible};

/// The log's format, and how much it says.
pub struct Log {
    json: bool,
    /// `-q`: no line for a request answered (a hit, a synthetic answer), no notes but warnings.
    quiet: bool,
    /// `-v`: each miss's whole explanation, as the client gets it.
    pub verbose: bool,
    /// Human text with the status words coloured (stderr is a terminal, or `--color always`).
    color: bool,
}

impl Log {
    /// A log in JSON Lines or human text. The masking's patterns are compiled meanwhile on a
    /// thread of their own (milliseconds that the start line does not wait for).
    pub fn new(json: bool, ctx: &crate::cli::ctx::Ctx) -> Log {
        std::thread::spawn(|| ulcas::secrets::mask(""));
        Log {
            json,
            quiet: ctx.quiet,
            verbose: ctx.verbose,
            color: ctx.color_stderr && !json,
        }
    }

    /// The start line: where the server listens. It is made of a socket address alone
    /// (digits, dots, colons, brackets), so it holds nothing to mask or escape.
    pub fn listening(&self, addr: std::net::SocketAddr) {
        let url = format!("http://{addr}");
        let line = if self.json {
            json!({"type": "listening", "url": url}).to_string()
        } else {
            format!("ulcas serve: listening on {url}")
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// One request: its status (`hit`, `miss`, `synthetic`, `recorded`, `relayed`, `refused`,
    /// `error`), the cassette path, the time taken and, for an error (or a miss with `-v`),
    /// why: in human text, its lines after the first follow indented.
    /// `test`: the test the request names (`x-ulcas-test`), said after the time.
    pub fn request(
        &self,
        status: &str,
        path: Option<&Path>,
        took: Duration,
        why: Option<&str>,
        test: Option<&str>,
    ) {
        if self.quiet && matches!(status, "hit" | "synthetic") {
            return;
        }
        let ms = took.as_secs_f64() * 1000.0;
        let line = if self.json {
            json!({
                "type": "request",
                "status": status,
                "path": path.map(|p| p.display().to_string()),
                "ms": (ms * 1000.0).round() / 1000.0,
                "error": why,
                "test": test,
            })
            .to_string()
        } else {
            let mut line = String::new();
            if let Some(p) = path {
                line.push_str(&p.display().to_string());
                line.push(' ');
            }
            line.push_str(&format!("{ms:.2} ms"));
            if let Some(test) = test {
                line.push_str(&format!(" [{test}]"));
            }
            let mut more = why.into_iter().flat_map(str::lines);
            if let Some(first) = more.next() {
                line.push_str(": ");
                line.push_str(first);
            }
            let mut err = std::io::stderr().lock();
            let word = self.status_word(status);
            let _ = writeln!(err, "{word} {}", self.safe(&line));
            for rest in more {
                let _ = writeln!(err, "  {}", self.safe(rest));
            }
            return;
        };
        self.emit(&line);
    }

    /// A fault injected into a request: which, and which request it took (`quiz v1 <hash>`;
    /// `None`: one naming no known prompt). Never left out by `-q`.
    pub fn fault(&self, fault: &str, request: Option<&str>) {
        let line = if self.json {
            json!({"type": "request", "status": "fault", "fault": fault, "request": request})
                .to_string()
        } else {
            let word = self.status_word("fault");
            let of = request.map_or_else(String::new, |r| format!(" ({r})"));
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "{word} {}", self.safe(&format!("{fault}{of}")));
            return;
        };
        self.emit(&line);
    }

    /// The status word, padded, and coloured when the log is.
    fn status_word(&self, status: &str) -> String {
        use owo_colors::OwoColorize;
        let padded = format!("{status:<9}");
        if !self.color {
            return padded;
        }
        match status {
            "hit" | "recorded" => padded.green().to_string(),
            "synthetic" => padded.cyan().to_string(),
            "miss" | "relayed" => padded.yellow().to_string(),
            _ => padded.red().to_string(),
        }
    }

    /// A note of the server itself (a warning at start, the stop).
    pub fn note(&self, kind: &str, text: &str) {
        if self.quiet && kind == "info" {
            return;
        }
        let line = if self.json {
            json!({"type": kind, "message": text}).to_string()
        } else {
            format!("ulcas serve: {text}")
        };
        self.emit(&line);
    }

    /// The end, and what the grace period could not finish.
    pub fn stopped(&self, unfinished: Option<&str>) {
        if let Some(what) = unfinished {
            self.note("warning", what);
        }
        self.note("stopped", "stopped");
    }

    fn emit(&self, line: &str) {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{}", self.safe(line));
    }

    /// The one writer's rule: secrets masked, risky characters escaped.
    fn safe(&self, line: &str) -> String {
        if self.json {
            json_safe(&ulcas::secrets::mask(line))
        } else {
            visible(line).into_owned()
        }
    }
}

/// JSON text with every risky character written as a `\uXXXX` escape (JSON text holds them
/// only inside strings, where the escape means the same character).
pub fn json_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_risky(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn json_stays_json_and_shows_nothing_raw() {
        let line = serde_json::json!({"why": "a\u{1b}]0;title\u{7}b\u{202e}c"}).to_string();
        let safe = super::json_safe(&line);
        assert!(
            !safe.chars().any(crate::cli::report::escape::is_risky),
            "{safe}"
        );
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["why"], "a\u{1b}]0;title\u{7}b\u{202e}c");
    }
}
