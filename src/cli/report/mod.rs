//! One reporter per output format, each written once over the library's [`Event`]s: a command
//! hands its events to the reporter `--format` chose and never formats anything itself.

pub mod escape;
pub mod event;
mod github;
pub mod group;
pub mod html;
pub mod human;
mod json;
pub mod markdown;
mod review_text;
mod sarif;

use std::io;
use std::path::Path;

pub use event::Reporter;
use event::{Context, Event, Report};
use ulcas::review::against::{RerecordSummary, Rerecording};
use ulcas::review::{Review, ReviewContext, ReviewEvent, ReviewSummary};
use ulcas::store_settings::StoreSettings;

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
            against: markdown::against_all,
            reviews: Vec::new(),
        }),
        Format::Html => Box::new(Document {
            out,
            stat: detail.stat,
            render: |store, review, summary, _| html::render(store, review, summary),
            against: |reviews, base, _| html::against(reviews, base),
            reviews: Vec::new(),
        }),
    }
}

/// A review as one document (Markdown, HTML): a version review written when it arrives, the
/// re-recordings of every store of a `review --against` run gathered and written as one at the
/// end (one page, one command for every store).
struct Document {
    out: Out,
    stat: bool,
    render: fn(&StoreSettings, &Review, &ReviewSummary, bool) -> String,
    against: fn(&[(Rerecording, RerecordSummary)], &str, bool) -> String,
    reviews: Vec<(Rerecording, RerecordSummary)>,
}

impl Report for Document {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        match event {
            Event::Context(Context::Review(ReviewContext::Review {
                store,
                review,
                summary,
            })) => self
                .out
                .raw(&(self.render)(store, review, summary, self.stat))?,
            Event::Context(Context::Review(ReviewContext::Against {
                rerecording,
                summary,
                ..
            })) => self
                .reviews
                .push(((*rerecording).clone(), (*summary).clone())),
            // The document is the review: its pairs, summaries and rejections are in it.
            Event::Review(
                ReviewEvent::Pair(_)
                | ReviewEvent::Unpaired(_)
                | ReviewEvent::Summary(_)
                | ReviewEvent::Rejected(_)
                | ReviewEvent::AgainstSummary(_),
            ) => {}
            // An input error is on stderr (the sink writes it); which store it is, the review
            // says itself.
            Event::Context(Context::Common(_)) => {}
            // Markdown and HTML are `review`'s formats alone (see `args`): no other command's
            // events reach a document.
            Event::Context(Context::Verify(_) | Context::Prune(_) | Context::Migrate(_))
            | Event::Common(_)
            | Event::Request(_)
            | Event::Record(_)
            | Event::Lookup(_)
            | Event::Verify(_)
            | Event::Prune(_)
            | Event::Diff(_)
            | Event::Lock(_)
            | Event::Backfill(_)
            | Event::Migrate(_) => {}
        }
        Ok(())
    }
}

impl Reporter for Document {
    fn finish(&mut self) -> io::Result<()> {
        if !self.reviews.is_empty() {
            let roots: Vec<&Rerecording> = self.reviews.iter().map(|(r, _)| r).collect();
            let base = against_command(&roots);
            self.out
                .raw(&(self.against)(&self.reviews, &base, self.stat))?;
        }
        self.out.flush()
    }
}

/// `ulcas review --against REF ROOT…` with the root of every store reviewed: what the reject
/// command of a document starts with (each path then rejected in its own store).
pub fn against_command(reviews: &[&Rerecording]) -> String {
    let reference = reviews
        .first()
        .map_or(ulcas::review::against::DEFAULT_REVISION, |r| {
            r.reference.as_str()
        });
    let roots: Vec<String> = reviews
        .iter()
        .map(|r| r.root.display().to_string())
        .collect();
    let mut words = vec!["ulcas", "review", "--against", reference];
    words.extend(roots.iter().map(String::as_str));
    ulcas::shell::words(&words)
}

/// A pair's status as every document shows it: its answer's changes, else what else changed
/// (model, stop reason), else "identical".
pub fn pair_status(p: &ulcas::review::Pair) -> String {
    match p.changes.len() {
        0 if p.from.cassette.model != p.to.cassette.model => "model changed".to_owned(),
        0 if p.differs() => "stop reason changed".to_owned(),
        0 => "identical".to_owned(),
        1 => "1 change".to_owned(),
        n => format!("{n} changes"),
    }
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
    let absolute = ulcas::store_settings::lexical_absolute(cwd, path);
    absolute
        .strip_prefix(workspace)
        .map_or_else(|_| path.to_path_buf(), std::path::Path::to_path_buf)
}

/// A path in human output: as given, with control characters (a newline or an escape sequence
/// in a crafted file name) written as visible escapes, so that it stays on its line.
pub fn shown(path: &Path) -> String {
    crate::cli::output::terminal_safe(&path.display().to_string(), false, false).into_owned()
}

/// A path exactly as given (JSON output and annotations, which escape it themselves).
pub fn exact(path: &Path) -> String {
    path.display().to_string()
}

/// The command line that was run, with `flag` added, quoted for a POSIX shell.
pub fn rerun_with(flag: &str) -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut words: Vec<&str> = vec!["ulcas"];
    words.extend(args.iter().map(String::as_str));
    words.push(flag);
    ulcas::shell::words(&words)
}
