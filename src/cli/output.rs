//! Where command output goes: stdout for results, stderr for errors and progress; colour
//! decided once from `--color`, `NO_COLOR`, `CLICOLOR_FORCE`, `TERM` and the tty.

use std::io::{self, IsTerminal, Write};

use owo_colors::{OwoColorize, Style};

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with
    /// CLICOLOR_FORCE).
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Whether to colour output on stdout.
pub fn use_color(choice: ColorChoice) -> bool {
    use_color_on(choice, io::stdout().is_terminal())
}

/// Whether to colour output on stderr.
pub fn use_color_on_stderr(choice: ColorChoice) -> bool {
    use_color_on(choice, io::stderr().is_terminal())
}

/// Whether to colour a stream that is a terminal (`tty`) or not.
fn use_color_on(choice: ColorChoice, tty: bool) -> bool {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let force = var("CLICOLOR_FORCE").is_some_and(|v| v != "0");
    color_for(
        choice,
        var("NO_COLOR").is_some(),
        force,
        var("TERM").is_some_and(|t| t == "dumb"),
        tty,
    )
}

/// The colour decision: `--color` first; under `auto`, `NO_COLOR` wins, then `CLICOLOR_FORCE`,
/// then a dumb terminal means none, else colour on a terminal.
pub fn color_for(choice: ColorChoice, no_color: bool, force: bool, dumb: bool, tty: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !no_color && (force || (!dumb && tty)),
    }
}

/// A writer that stops writing once its reader has gone (a closed pipe, `ulcas … | head -1`):
/// later writes succeed without output, so the command runs to its end and keeps its exit code.
struct UntilClosed<W: Write> {
    inner: W,
    closed: bool,
}

impl<W: Write> Write for UntilClosed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// A writer that masks every secret the `secret` check knows (see [`ulcas::secrets::mask`])
/// in what passes through it, line by line: the one place where no output of any format can
/// print a secret whole, whatever text it quotes.
struct MaskSecrets<W: Write> {
    inner: W,
    line: Vec<u8>,
}

impl<W: Write> MaskSecrets<W> {
    fn new(inner: W) -> Self {
        MaskSecrets {
            inner,
            line: Vec::new(),
        }
    }

    fn write_line(&mut self) -> io::Result<()> {
        match std::str::from_utf8(&self.line) {
            Ok(text) => self.inner.write_all(ulcas::secrets::mask(text).as_bytes()),
            Err(_) => self.inner.write_all(&self.line),
        }?;
        self.line.clear();
        Ok(())
    }
}

impl<W: Write> Write for MaskSecrets<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            self.line.extend_from_slice(&rest[..=i]);
            self.write_line()?;
            rest = &rest[i + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_line()?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for MaskSecrets<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// Writes `bytes` to stdout whole, unless the reader has gone (see [`UntilClosed`]).
pub fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    let mut w = MaskSecrets::new(UntilClosed {
        inner: io::stdout().lock(),
        closed: false,
    });
    w.write_all(bytes)?;
    w.flush()
}

/// Appends `text` to the file `path` (the job summary) through the same masking as every other
/// output; a file that cannot be opened or written is passed over (a summary is a courtesy).
pub fn append_masked(path: &std::path::Path, text: &str) {
    if let Ok(file) = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
    {
        let mut w = MaskSecrets::new(file);
        let _ = w.write_all(text.as_bytes()).and_then(|()| w.flush());
    }
}

/// A library error in this command line's words: the caller's options it names written as
/// their flags, and its typed hint phrased with the flag that acts on it (the library names no
/// flag).
pub fn said(e: &ulcas::Error) -> String {
    let mut text = e.to_string();
    if !e.named().is_empty() {
        let start = text.len() - e.message.len();
        text.truncate(start);
        text.push_str(&flagged(&e.message, e.named()));
    }
    text.push_str(match e.hint {
        Some(ulcas::Hint::Replace) => " (use --force to replace it)",
        Some(ulcas::Hint::GiveRegistry) => " (--prompts DIR, or `prompts` in ulcas.toml)",
        Some(ulcas::Hint::GiveRoot) => " (give --cassettes ROOT)",
        Some(ulcas::Hint::GiveTo) => ": give --to N",
        Some(ulcas::Hint::GiveFrom) => " (give --from N)",
        _ => "",
    });
    text
}

/// `message` with each caller's option it names ([`ulcas::Named`], at its offset) written as
/// the flag that gives it.
fn flagged(message: &str, named: &[(usize, ulcas::Named)]) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    let mut last = 0;
    for &(at, option) in named {
        let name = option.name();
        if at < last || message.get(at..at + name.len()) != Some(name) {
            continue;
        }
        out.push_str(&message[last..at]);
        out.push_str(match option {
            ulcas::Named::Usage => "--usage",
            ulcas::Named::Pin => "--pin",
            ulcas::Named::Accept => "--accept",
            ulcas::Named::Against => "--against",
            ulcas::Named::Task => "--task",
            ulcas::Named::From => "--from",
            ulcas::Named::To => "--to",
            ulcas::Named::CompleteRun => "--complete-run",
            ulcas::Named::Journals => "--journal",
            ulcas::Named::Requests => "--requests",
            ulcas::Named::Schema => "--schema FILE",
            ulcas::Named::Prompts => "--prompts",
            _ => name,
        });
        last = at + name.len();
    }
    out.push_str(&message[last..]);
    out
}

/// Prints `ulcas: error: …` on stderr, terminal-safe; a closed stderr is ignored (never a panic).
pub fn error_line(message: &str) {
    let _ = writeln!(
        io::stderr(),
        "ulcas: error: {}",
        terminal_safe(&ulcas::secrets::mask(message), false, true)
    );
}

/// The printer every reporter writes through.
pub struct Out {
    w: Box<dyn Write>,
    /// Whether to colour.
    pub color: bool,
}

/// The styles of human output.
#[derive(Clone, Copy)]
pub enum Tone {
    /// Paths, headings.
    Strong,
    /// Secondary text.
    Dim,
    /// Good news.
    Good,
    /// Warnings.
    Warn,
    /// Errors, removed text.
    Bad,
    /// Placeholders, hashes.
    Accent,
}

impl Out {
    /// A printer on stdout.
    pub fn stdout(color: bool) -> Out {
        Out {
            w: Box::new(MaskSecrets::new(UntilClosed {
                inner: io::BufWriter::new(io::stdout()),
                closed: false,
            })),
            color,
        }
    }

    /// A printer on stderr (what `lookup --replay` says beside the answer).
    pub fn stderr(color: bool) -> Out {
        Out {
            w: Box::new(MaskSecrets::new(UntilClosed {
                inner: io::stderr(),
                closed: false,
            })),
            color,
        }
    }

    /// Writes raw text as it is (an answer for a pipe, a document), then a newline.
    pub fn raw(&mut self, text: &str) -> io::Result<()> {
        self.w.write_all(text.as_bytes())?;
        self.w.write_all(b"\n")
    }

    /// `text` in `tone` when colouring, else as is.
    pub fn paint(&self, tone: Tone, text: &str) -> String {
        if !self.color {
            return text.to_owned();
        }
        let style = match tone {
            Tone::Strong => Style::new().bold(),
            Tone::Dim => Style::new().dimmed(),
            Tone::Good => Style::new().green(),
            Tone::Warn => Style::new().yellow(),
            Tone::Bad => Style::new().red(),
            Tone::Accent => Style::new().cyan(),
        };
        text.style(style).to_string()
    }

    /// Writes human text and a newline, made safe for a terminal (see [`terminal_safe`]): each
    /// of its lines is cut to a readable length.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.lines(text, true)
    }

    /// Writes text the user asked to see whole (normalised content) and a newline: escaped for a
    /// terminal like [`Out::line`], never cut.
    pub fn block(&mut self, text: &str) -> io::Result<()> {
        self.lines(text, false)
    }

    fn lines(&mut self, text: &str, cut: bool) -> io::Result<()> {
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                self.w.write_all(b"\n")?;
            }
            self.w
                .write_all(terminal_safe(line, self.color, cut).as_bytes())?;
        }
        self.w.write_all(b"\n")
    }

    /// Writes text as it is, without a newline (a document written in pieces).
    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        self.w.write_all(text.as_bytes())
    }

    /// Writes one JSON Lines record.
    pub fn json(&mut self, value: &impl serde::Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.w, value)?;
        self.w.write_all(b"\n")
    }

    /// Flushes stdout.
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// Writes a progress or warning line on stderr (never fails the command).
pub fn note(text: &str) {
    let _ = writeln!(
        io::stderr(),
        "ulcas: {}",
        terminal_safe(&ulcas::secrets::mask(text), false, true)
    );
}

/// The most characters one human line shows; the middle of a longer one is cut.
const MAX_LINE: usize = 2_000;

/// `text` as a terminal may show it: control characters (a newline, an escape sequence from a
/// crafted file name or answer) and bidirectional overrides written as visible escapes (`\x1b`,
/// `\n`, `\u{202e}`), only colour sequences (`ESC[…m`) kept when `colour` is on, and a line
/// longer than [`MAX_LINE`] characters cut in the middle when `cut`.
pub fn terminal_safe(text: &str, colour: bool, cut: bool) -> std::borrow::Cow<'_, str> {
    use super::report::escape::{is_risky as risky, push_visible};
    if !text.chars().any(risky) && (!cut || text.len() <= MAX_LINE) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.char_indices().peekable();
    let mut shown = 0usize;
    let total = text.chars().count();
    let cut_from = if cut && total > MAX_LINE {
        MAX_LINE - 200
    } else {
        usize::MAX
    };
    let cut_to = total.saturating_sub(200);
    while let Some((i, c)) = chars.next() {
        if shown == cut_from {
            out.push_str(&format!(" … [{} characters cut] … ", cut_to - cut_from));
        }
        let in_cut = shown >= cut_from && shown < cut_to;
        shown += 1;
        if colour && c == '\x1b' {
            let rest = &text[i + 1..];
            if let Some(body) = rest.strip_prefix('[') {
                let len = body
                    .bytes()
                    .take_while(|b| b.is_ascii_digit() || *b == b';')
                    .count();
                if body.as_bytes().get(len) == Some(&b'm') {
                    // A colour sequence: kept whole (it is never cut away, so colours close).
                    out.push_str(&text[i..i + 1 + 1 + len + 1]);
                    for _ in 0..len + 2 {
                        chars.next();
                    }
                    continue;
                }
            }
        }
        if in_cut {
            continue;
        }
        if risky(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A progress bar on stderr for long runs; hidden when stderr is not a terminal or `quiet`.
pub struct Bar {
    quiet: bool,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
}

impl Bar {
    /// A bar that shows unless `quiet`.
    pub fn new(quiet: bool) -> Bar {
        Bar {
            quiet,
            bar: std::sync::Mutex::new(None),
        }
    }

    fn with(&self, f: impl FnOnce(&mut Option<indicatif::ProgressBar>)) {
        if let Ok(mut bar) = self.bar.lock() {
            f(&mut bar);
        }
    }
}

impl ulcas::outcome::Progress for Bar {
    fn start(&self, what: &str, total: u64) {
        if self.quiet || total < 2_000 || !io::stderr().is_terminal() {
            return;
        }
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
            "{what} {{bar:40}} {{pos}}/{{len}} {{elapsed}}"
        )) {
            bar.set_style(style);
        }
        self.with(|b| *b = Some(bar));
    }

    fn step(&self) {
        self.with(|b| {
            if let Some(b) = b {
                b.inc(1)
            }
        });
    }

    fn finish(&self) {
        self.with(|b| {
            if let Some(b) = b.take() {
                b.finish_and_clear()
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{ColorChoice, color_for, terminal_safe};

    #[test]
    fn colour_decision() {
        let auto = ColorChoice::Auto;
        // (no_color, force, dumb, tty)
        assert!(color_for(auto, false, false, false, true));
        assert!(!color_for(auto, false, false, false, false));
        assert!(!color_for(auto, false, false, true, true), "TERM=dumb");
        assert!(!color_for(auto, true, true, false, true), "NO_COLOR wins");
        assert!(color_for(auto, false, true, true, false), "CLICOLOR_FORCE");
        assert!(color_for(ColorChoice::Always, true, false, true, false));
        assert!(!color_for(ColorChoice::Never, false, true, false, true));
    }

    #[test]
    fn terminal_safe_lines() {
        assert_eq!(terminal_safe("plain\ttext", false, true), "plain\ttext");
        assert_eq!(terminal_safe("a\x1b[2Jb\nc", false, true), "a\\x1b[2Jb\\nc");
        assert_eq!(
            terminal_safe("\x1b[31mred\x1b[0m", true, true),
            "\x1b[31mred\x1b[0m"
        );
        assert_eq!(terminal_safe("\x1b[31mred", false, true), "\\x1b[31mred");
        assert_eq!(
            terminal_safe("x\u{202e}y\u{9b}", false, true),
            "x\\u{202e}y\\x9b"
        );
        let long = "x".repeat(30_000);
        let cut = terminal_safe(&long, false, true);
        assert_eq!(terminal_safe(&long, false, false).len(), 30_000);
        assert!(cut.chars().count() < 2_100, "{}", cut.len());
        assert!(cut.contains("[28000 characters cut]"), "{cut}");
    }
}
