//! What `verify` reports, and the sink that takes it.

use super::{Finding, Skipped, StoreFindings, StoreVerdict, VerifySummary};
use crate::sink::{Common, Context, Sink};
use serde::Serialize;

/// What `verify` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum VerifyEvent<'a> {
    /// One problem of one file.
    Finding(&'a Finding),
    /// The end: the totals and the verdict.
    Summary(&'a VerifySummary),
}

/// What `verify` says for display alone (never in JSON Lines).
#[derive(Debug)]
pub enum VerifyContext<'a> {
    /// One store is done: its verdict (human output writes its groups and skipped files).
    StoreDone(&'a StoreVerdict),
}

crate::sink::command_sink! {
    /// Takes what `verify` reports.
    VerifySink::verify(VerifyEvent), verify_context(VerifyContext)
}

/// A [`StoreFindings`] collects the typed findings and skipped files of a run.
impl Sink for StoreFindings {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        let Common::Skipped { path, why } = event;
        self.skipped.push(Skipped {
            path: path.to_path_buf(),
            why: why.to_string(),
        });
        Ok(())
    }

    fn context(&mut self, _: &Context<'_>) -> std::io::Result<()> {
        Ok(())
    }
}

impl VerifySink for StoreFindings {
    fn verify(&mut self, event: &VerifyEvent<'_>) -> std::io::Result<()> {
        match event {
            VerifyEvent::Finding(f) => self.findings.push((*f).clone()),
            VerifyEvent::Summary(_) => {}
        }
        Ok(())
    }

    fn verify_context(&mut self, _: &VerifyContext<'_>) -> std::io::Result<()> {
        Ok(())
    }
}
