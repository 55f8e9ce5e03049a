//! Where command output goes: stdout for results, stderr for errors and progress; one printer
//! per `--format`, colour decided once from `--color`, `NO_COLOR`, `CLICOLOR_FORCE` and the tty.

use std::io::{self, IsTerminal, Write};

use owo_colors::{OwoColorize, Style};
use serde_json::Value;

use super::args::ColorChoice;

/// The output format of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable text.
    Human,
    /// JSON Lines on stdout, one object per event.
    Json,
    /// GitHub workflow annotations.
    Github,
}

/// Whether to colour output on stdout.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
            if set("NO_COLOR") {
                false
            } else if std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0")
            {
                true
            } else {
                io::stdout().is_terminal()
            }
        }
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

/// Writes `bytes` to stdout whole, unless the reader has gone (see [`UntilClosed`]).
pub fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    let mut w = UntilClosed {
        inner: io::stdout().lock(),
        closed: false,
    };
    w.write_all(bytes)?;
    w.flush()
}

/// Prints `ulcas: error: …` on stderr; a closed stderr is ignored (never a panic).
pub fn error_line(message: &str) {
    let _ = writeln!(io::stderr(), "ulcas: error: {message}");
}

/// The printer every command writes through.
pub struct Out {
    w: Box<dyn Write>,
    /// Whether to colour.
    pub color: bool,
    /// The chosen format.
    pub format: Format,
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
    pub fn stdout(format: Format, color: bool) -> Out {
        Out {
            w: Box::new(UntilClosed {
                inner: io::BufWriter::new(io::stdout()),
                closed: false,
            }),
            color,
            format,
        }
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

    /// Writes one line of human text.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.w.write_all(text.as_bytes())?;
        self.w.write_all(b"\n")
    }

    /// Writes one JSON Lines event.
    pub fn event(&mut self, event: &Value) -> io::Result<()> {
        serde_json::to_writer(&mut self.w, event)?;
        self.w.write_all(b"\n")
    }

    /// Flushes stdout.
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// Writes a progress or warning line on stderr (never fails the command).
pub fn note(text: &str) {
    let _ = writeln!(io::stderr(), "ulcas: {text}");
}

/// A progress bar on stderr for long runs; hidden when stderr is not a terminal or `quiet`.
pub fn progress_bar(total: u64, quiet: bool, what: &str) -> indicatif::ProgressBar {
    if quiet || total < 2_000 || !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{what} {{bar:40}} {{pos}}/{{len}} {{elapsed}}"
    )) {
        bar.set_style(style);
    }
    bar
}

/// GitHub workflow command escaping of a message.
pub fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub workflow command escaping of a property value (file, title).
pub fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}
