//! A miss explained as `ulcas lookup` explains it (feature `tools`): the same words for
//! `ulcas serve` and for an app that uses the resolver in-process.

use std::borrow::Cow;
use std::path::Path;

use super::{Resolved, Resolver};
use crate::driver::Miss;
use crate::key::KeyMaterial;
use crate::lookup::words::{Shade, compact};
use crate::lookup::{Detail, DiffTag, lookup_keyed};
use crate::store_settings::StoreSettings;

/// Why a request has no cassette, in words a client reads.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explained {
    /// The reference's miss line (a parser that takes the path to the end of the line gets
    /// the path).
    pub line: String,
    /// Why, then what a lookup adds (what differs from the nearest recording, and the words
    /// that differ), each said once.
    pub reasons: Vec<String>,
}

impl std::fmt::Display for Explained {
    /// The miss line alone on the first line, then each reason on a line of its own.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.line)?;
        for reason in &self.reasons {
            write!(f, "\n{reason}")?;
        }
        Ok(())
    }
}

/// The most diagnoses of a lookup an explanation takes.
const DIAGNOSES: usize = 3;

impl Resolver {
    /// Opens the stores with their settings (as [`Resolver::new`] does), so that a miss is
    /// explained ([`Resolver::explain`]) and a recording written ([`Resolver::record`]) with
    /// each store's own settings, as the commands do.
    pub fn of_settings(stores: Vec<StoreSettings>) -> Result<Resolver, crate::driver::DriverError> {
        let mut resolver = Resolver::new(
            stores
                .iter()
                .map(|s| (s.root.clone(), s.registry.clone()))
                .collect(),
        )?;
        resolver.settings = stores;
        Ok(resolver)
    }

    /// The settings of store `store`: as given to [`Resolver::of_settings`], else its root
    /// and registry alone.
    pub(super) fn settings_of(&self, store: usize) -> Option<Cow<'_, StoreSettings>> {
        if let Some(settings) = self.settings.get(store) {
            return Some(Cow::Borrowed(settings));
        }
        let (driver, registry) = self.stores.get(store)?;
        Some(Cow::Owned(StoreSettings::with_registry(
            driver.root(),
            registry.clone(),
        )))
    }

    /// Why `resolved` missed (`miss`): the reference's miss line, the miss's reason, then
    /// what `ulcas lookup` finds (the most useful of its diagnoses and the words that differ
    /// from the nearest recording). `dump` is the request's dump, when one was written: the
    /// lookup names it in what it advises.
    pub fn explain(&self, miss: &Miss, resolved: &Resolved, dump: Option<&Path>) -> Explained {
        let mut reasons = vec![miss.why()];
        if resolved.request.prompt_in_code {
            reasons.push(
                "keyed as a prompt written in code: no prompt registry holds its system text, so the text is part of its key (docs/serve.md: \"Prompts in code\")"
                    .to_owned(),
            );
        }
        let line = miss.line();
        let found = self.settings_of(resolved.store).and_then(|store| {
            // Normalised for the words it compares; its key is the miss's, not hashed again.
            let material = KeyMaterial::of(&resolved.request);
            lookup_keyed(
                &store,
                &resolved.request,
                (material, miss.key.clone()),
                dump,
                &[],
            )
            .ok()
        });
        let plain = |_: Shade, s: &str| s.to_owned();
        let mut words_shown = false;
        for d in found
            .iter()
            .flat_map(|f| f.diagnoses.iter().take(DIAGNOSES))
        {
            let said = |l: &String| l.contains(&d.message) || d.message.contains(l.as_str());
            if !said(&line) && !reasons.iter().any(said) {
                reasons.push(d.message.clone());
            }
            // The words that differ from the nearest recording, as `ulcas lookup` shows them.
            let diff = match &d.detail {
                Detail::ContentChanged { diff, .. } | Detail::SystemChanged { diff, .. } => {
                    Some(diff)
                }
                _ => None,
            };
            if let Some(diff) = diff {
                if !words_shown && diff.iter().any(|(t, _)| *t != DiffTag::Same) {
                    words_shown = true;
                    let words = compact(diff, &plain);
                    reasons.extend(words.lines.iter().map(|l| l.trim_start().to_owned()));
                    if words.more > 0 {
                        reasons.push(format!("… {} more lines of difference", words.more));
                    }
                }
            }
        }
        Explained { line, reasons }
    }
}
