//! One reporter per output format, each written once over the library's [`Event`]s: a command
//! hands its events to the reporter `--format` chose and never formats anything itself.

pub mod escape;
mod github;
pub mod group;
pub mod html;
pub mod human;
mod json;
pub mod markdown;
mod sarif;

use std::io;

use ulcas::event::{Event, Report};
use ulcas::review::against::{RerecordSummary, Rerecording};
use ulcas::review::{Review, ReviewEvent, ReviewSummary};
use ulcas::settings::Store;

use super::output::Out;

/// Every output format (each command offers some of them, see `args`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Readable text.
    Human,
    /// JSON Lines, one object per event.
    Json,
    /// GitHub workflow annotations and a job summary.
    Github,
    /// SARIF 2.1.0 (GitHub code scanning).
    Sarif,
    /// Markdown (a pull-request comment).
    Markdown,
    /// One self-contained HTML page.
    Html,
}

/// How much human and GitHub output say.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Detail {
    /// Only errors and the verdict line.
    pub quiet: bool,
    /// Every path of every group (human: each finding on its own line, as found).
    pub verbose: bool,
    /// Colour human output.
    pub color: bool,
    /// Summaries only (`diff --stat`, `review --stat`).
    pub stat: bool,
}

/// A reporter: takes events, then finishes its output.
pub trait Reporter: Report {
    /// Writes what waits for the end (a document's close, a job summary) and flushes.
    fn finish(&mut self) -> io::Result<()>;
}

/// The reporter of `format`, writing to stdout.
pub fn reporter(format: Format, detail: Detail) -> Box<dyn Reporter> {
    let out = Out::stdout(detail.color && format == Format::Human);
    match format {
        Format::Human => Box::new(human::Human::new(out, detail)),
        Format::Json => Box::new(json::JsonLines::new(out, detail)),
        Format::Github => Box::new(github::Github::new(out, detail)),
        Format::Sarif => Box::new(sarif::Sarif::new(out)),
        Format::Markdown => Box::new(Document {
            out,
            stat: detail.stat,
            render: |store, review, summary, stat| markdown::render(store, review, summary, stat),
            against: |r, summary, base, stat| markdown::against(r, summary, base, stat),
        }),
        Format::Html => Box::new(Document {
            out,
            stat: detail.stat,
            render: |store, review, summary, _| html::render(store, review, summary),
            against: |r, summary, base, _| html::against(r, summary, base),
        }),
    }
}

/// A review as one document (Markdown, HTML), written when the review arrives.
struct Document {
    out: Out,
    stat: bool,
    render: fn(&Store, &Review, &ReviewSummary, bool) -> String,
    against: fn(&Rerecording, &RerecordSummary, &str, bool) -> String,
}

impl Report for Document {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        if input_error(event) {
            return Ok(());
        }
        match event {
            Event::Review(ReviewEvent::Review {
                store,
                review,
                summary,
            }) => self
                .out
                .raw(&(self.render)(store, review, summary, self.stat))?,
            Event::Review(ReviewEvent::Against {
                rerecording,
                summary,
                ..
            }) => {
                let base = against_command(rerecording);
                self.out
                    .raw(&(self.against)(rerecording, summary, &base, self.stat))?
            }
            _ => {}
        }
        Ok(())
    }
}

impl Reporter for Document {
    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `ulcas review --against REF ROOT`: what the reject command of a document starts with.
pub fn against_command(r: &Rerecording) -> String {
    let root = r.root.display().to_string();
    ulcas::shell::words(&["ulcas", "review", "--against", &r.reference, &root])
}

/// Writes an input error on stderr (every format: stdout keeps its own format).
pub fn input_error(event: &Event<'_>) -> bool {
    if let Event::Common(ulcas::outcome::Common::InputError(e)) = event {
        super::output::error_line(&e.to_string());
        return true;
    }
    false
}

/// `path` as the checkout sees it, for annotations and SARIF results: relative to the
/// workspace root of a GitHub Actions job (`GITHUB_WORKSPACE`) when the path lies in it, so that
/// they land on the right file wherever in the repository ulcas ran (a package subfolder, an
/// absolute root); elsewhere as given.
pub fn checkout_relative(path: &std::path::Path) -> std::path::PathBuf {
    use std::sync::OnceLock;
    static ROOTS: OnceLock<Option<(std::path::PathBuf, std::path::PathBuf)>> = OnceLock::new();
    let roots = ROOTS.get_or_init(|| {
        let workspace = std::env::var_os("GITHUB_WORKSPACE").filter(|w| !w.is_empty())?;
        let workspace = std::path::PathBuf::from(workspace).canonicalize().ok()?;
        let cwd = std::env::current_dir().ok()?.canonicalize().ok()?;
        Some((workspace, cwd))
    });
    let Some((workspace, cwd)) = roots else {
        return path.to_path_buf();
    };
    let absolute = ulcas::settings::lexical_absolute(cwd, path);
    absolute
        .strip_prefix(workspace)
        .map_or_else(|_| path.to_path_buf(), std::path::Path::to_path_buf)
}
