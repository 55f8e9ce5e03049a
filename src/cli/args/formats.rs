//! The output formats each command offers, and the reporter format each one is.

use clap::{Args, ValueEnum};

use crate::cli::report::Format;

/// `--format` for commands that print human or JSON output.
#[derive(Debug, Args)]
pub struct FormatArg {
    /// Output format: human text or JSON Lines.
    #[arg(long, value_enum, default_value_t = TextFormat::Human)]
    pub format: TextFormat,
}

/// The formats of commands without annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextFormat {
    /// Readable text.
    Human,
    /// JSON Lines on stdout, one object per event.
    Json,
}

/// The formats of `serve`'s start line and log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ServeFormat {
    /// Readable text: the start line on stdout, a line per request or note on stderr.
    Human,
    /// JSON Lines: the start line's object on stdout, an object per request or note on stderr.
    Json,
}

impl From<TextFormat> for Format {
    fn from(f: TextFormat) -> Format {
        match f {
            TextFormat::Human => Format::Human,
            TextFormat::Json => Format::Json,
        }
    }
}

/// The formats of commands that also print GitHub annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Readable text.
    Human,
    /// JSON Lines on stdout, one object per event.
    Json,
    /// GitHub workflow annotations and a job summary.
    Github,
}

impl From<CheckFormat> for Format {
    fn from(f: CheckFormat) -> Format {
        match f {
            CheckFormat::Human => Format::Human,
            CheckFormat::Json => Format::Json,
            CheckFormat::Github => Format::Github,
        }
    }
}

/// `--format` for commands that also print GitHub annotations.
#[derive(Debug, Args)]
pub struct CheckFormatArg {
    /// Output format: human text, JSON Lines or GitHub workflow annotations.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
}

/// The formats of `verify`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VerifyFormat {
    /// Readable text, findings grouped.
    Human,
    /// JSON Lines on stdout, one object per finding.
    Json,
    /// GitHub workflow annotations and a job summary.
    Github,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
}

impl From<VerifyFormat> for Format {
    fn from(f: VerifyFormat) -> Format {
        match f {
            VerifyFormat::Human => Format::Human,
            VerifyFormat::Json => Format::Json,
            VerifyFormat::Github => Format::Github,
            VerifyFormat::Sarif => Format::Sarif,
        }
    }
}

/// The formats of `review`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReviewFormat {
    /// Readable text.
    Human,
    /// JSON Lines on stdout, one object per event.
    Json,
    /// Markdown for a pull-request comment (under GitHub's 65,536-character limit).
    Markdown,
    /// One self-contained HTML page.
    Html,
}

impl From<ReviewFormat> for Format {
    fn from(f: ReviewFormat) -> Format {
        match f {
            ReviewFormat::Human => Format::Human,
            ReviewFormat::Json => Format::Json,
            ReviewFormat::Markdown => Format::Markdown,
            ReviewFormat::Html => Format::Html,
        }
    }
}
