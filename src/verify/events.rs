//! What `verify` reports, and the sink that takes it.

use super::{Finding, Skipped, StoreVerdict, VerifyReport, VerifySummary};
use crate::sink::{Common, Sink};
use serde::Serialize;

/// What `verify` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum VerifyEvent<'a> {
    /// One problem of one file.
    Finding(&'a Finding),
    /// Context: one store's verify is done (human output prints its verdict line).
    #[serde(skip)]
    VerifyDone(&'a StoreVerdict),
    /// The end: the totals and the verdict.
    Summary(&'a VerifySummary),
}

impl crate::sink::CommandEvent for VerifyEvent<'_> {
    fn is_context(&self) -> bool {
        matches!(self, VerifyEvent::VerifyDone(_))
    }
}

crate::sink::command_sink! {
    /// Takes what `verify` reports.
    VerifySink::verify(VerifyEvent)
}

/// A [`VerifyReport`] collects the typed findings and skipped files of a run.
impl Sink for VerifyReport {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        if let Common::Skipped { path, why } = event {
            self.skipped.push(Skipped {
                path: path.to_path_buf(),
                why: why.to_string(),
            });
        }
        Ok(())
    }
}

impl VerifySink for VerifyReport {
    fn verify(&mut self, event: &VerifyEvent<'_>) -> std::io::Result<()> {
        if let VerifyEvent::Finding(f) = event {
            self.findings.push((*f).clone());
        }
        Ok(())
    }
}
