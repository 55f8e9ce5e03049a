//! `verify --format sarif`: SARIF 2.1.0 for GitHub code scanning. One result per finding, rule
//! ids are check names; results are written as they come (the log is never held whole).

use std::io;

use crate::cli::report::event::{Context, Event, Report};
use serde::Serialize;
use strum::{EnumMessage, IntoEnumIterator};
use ulcas::verify::{Check, Finding, VerifyContext, VerifyEvent};

use super::Reporter;
use crate::cli::output::Out;

/// The schema a SARIF 2.1.0 log names.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF log on stdout.
pub struct Sarif {
    out: Out,
    /// Results written so far (a comma goes before the next).
    results: usize,
    /// Whether the log's head is written.
    open: bool,
}

/// What closes the results array and the log.
const CLOSE: &str = "]}]}";

// The head of the SARIF log, serialised once per run.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    short_description: Text,
    default_configuration: Level,
    help_uri: &'static str,
}
#[derive(Serialize)]
struct Text {
    text: String,
}
#[derive(Serialize)]
struct Level {
    level: &'static str,
}
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    information_uri: &'static str,
    rules: Vec<Rule>,
}
#[derive(Serialize)]
struct Tool {
    driver: Driver,
}
#[derive(Serialize)]
struct Uri {
    uri: &'static str,
}
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    column_kind: &'static str,
    original_uri_base_ids: std::collections::BTreeMap<&'static str, Uri>,
    results: [(); 0],
}
#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

impl Sarif {
    /// A reporter on `out`.
    pub fn new(out: Out) -> Self {
        Sarif {
            out,
            results: 0,
            open: false,
        }
    }

    fn head(&mut self) -> io::Result<()> {
        if self.open {
            return Ok(());
        }
        self.open = true;
        let rules: Vec<Rule> = Check::iter()
            .map(|c| Rule {
                id: c.name(),
                short_description: Text {
                    text: c.get_documentation().unwrap_or(c.name()).trim().to_owned(),
                },
                default_configuration: Level {
                    level: c.severity().name(),
                },
                help_uri: "https://github.com/ulcas/ulcas/blob/main/docs/verify.md",
            })
            .collect();
        let log = Log {
            schema: SCHEMA,
            version: "2.1.0",
            runs: [Run {
                tool: Tool {
                    driver: Driver {
                        name: "ulcas",
                        version: env!("CARGO_PKG_VERSION"),
                        information_uri: "https://github.com/ulcas/ulcas",
                        rules,
                    },
                },
                column_kind: "unicodeCodePoints",
                original_uri_base_ids: [("%SRCROOT%", Uri { uri: "./" })].into(),
                results: [],
            }],
        };
        // The whole log with no results, opened at its results array: results are streamed
        // into it and `finish` closes it.
        let whole = serde_json::to_string(&log)?;
        let head = whole
            .strip_suffix(CLOSE)
            .ok_or_else(|| io::Error::other("SARIF log does not end with its results"))?;
        self.out.write_str(head)
    }

    fn result(&mut self, f: &Finding) -> io::Result<()> {
        self.head()?;
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct SarifResult<'a> {
            rule_id: &'static str,
            level: &'static str,
            message: Message<'a>,
            locations: [Location; 1],
        }
        #[derive(Serialize)]
        struct Message<'a> {
            text: &'a str,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Location {
            physical_location: Physical,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Physical {
            artifact_location: Artifact,
            #[serde(skip_serializing_if = "Option::is_none")]
            region: Option<Region>,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Artifact {
            uri: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            uri_base_id: Option<&'static str>,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Region {
            start_line: usize,
        }
        let (uri, base) = uri_of(&super::checkout_relative(&f.path));
        let result = SarifResult {
            rule_id: f.check.name(),
            level: f.severity.name(),
            message: Message { text: &f.message },
            locations: [Location {
                physical_location: Physical {
                    artifact_location: Artifact {
                        uri,
                        uri_base_id: base,
                    },
                    region: f.line.map(|l| Region { start_line: l }),
                },
            }],
        };
        if self.results > 0 {
            self.out.write_str(",")?;
        }
        self.results += 1;
        self.out.write_str(&serde_json::to_string(&result)?)
    }
}

/// A path as a URI reference: relative paths against the checkout (`%SRCROOT%`), absolute ones
/// as `file://` URIs; every byte outside the unreserved set and `/` percent-encoded.
pub fn uri_of(path: &std::path::Path) -> (String, Option<&'static str>) {
    let text = path.to_string_lossy().replace('\\', "/");
    let text = text.strip_prefix("./").unwrap_or(&text).to_owned();
    let mut encoded = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    if path.is_absolute() {
        (format!("file://{encoded}"), None)
    } else {
        (encoded, Some("%SRCROOT%"))
    }
}

impl Report for Sarif {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        match event {
            Event::Verify(VerifyEvent::Finding(f)) => self.result(f),
            // The totals are the results' count; a store's verdict is its results.
            Event::Verify(VerifyEvent::Summary(_))
            | Event::Context(Context::Verify(VerifyContext::StoreDone(_))) => Ok(()),
            // A file that is not a cassette is no finding; an input error is on stderr.
            Event::Common(_) | Event::Context(Context::Common(_)) => Ok(()),
            // SARIF is `verify`'s format alone (see `args`).
            Event::Context(Context::Prune(_) | Context::Review(_) | Context::Migrate(_))
            | Event::Request(_)
            | Event::Record(_)
            | Event::Lookup(_)
            | Event::Prune(_)
            | Event::Diff(_)
            | Event::Review(_)
            | Event::Lock(_)
            | Event::Backfill(_)
            | Event::Migrate(_) => Ok(()),
        }
    }
}

impl Reporter for Sarif {
    fn finish(&mut self) -> io::Result<()> {
        self.head()?;
        self.out.write_str(CLOSE)?;
        self.out.write_str("\n")?;
        self.out.flush()
    }
}
