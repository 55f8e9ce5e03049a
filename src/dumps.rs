//! Running a command over request dumps: each dump read and worked on in turn, a bad one
//! reported while the others are still done; and the commands that only read dumps (`hash`,
//! `normalize`).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::event::{Event, Report};
use crate::key::{key_of, KeyMaterial};
use crate::request::{dump_files, Request};
use crate::settings::{store_for_request, Store};

/// Why the work on one request dump stopped (see [`each`]).
#[derive(Debug)]
pub enum Fault {
    /// The dump, or something its work needs, is bad: it is reported and the other dumps are
    /// still done.
    Input(Error),
    /// Writing the report failed: everything stops.
    Output(std::io::Error),
}

impl From<Error> for Fault {
    fn from(e: Error) -> Self {
        Fault::Input(e)
    }
}

impl From<std::io::Error> for Fault {
    fn from(e: std::io::Error) -> Self {
        Fault::Output(e)
    }
}

/// Reads every request dump of `paths` ([`dump_files`]) and hands each to `work` with the
/// reporter and whether there are several. A dump that cannot be read, or an input error that
/// `work` returns about one dump, goes to the reporter as [`Event::InputError`] and the other
/// dumps are still done; the count of those errors is returned (a command exits 2 on any).
/// A reporter's error stops everything.
pub fn each(
    paths: &[PathBuf],
    report: &mut dyn Report,
    mut work: impl FnMut(&mut dyn Report, &Path, Request, bool) -> Result<(), Fault>,
) -> Result<usize> {
    let files = dump_files(paths)?;
    let several = files.len() > 1;
    let mut errors = 0;
    for file in &files {
        let done = Request::from_file(file)
            .map_err(Fault::Input)
            .and_then(|r| work(report, file, r, several));
        match done {
            Ok(()) => {}
            Err(Fault::Input(e)) => {
                errors += 1;
                let e = e.with_file(file);
                report.emit(&Event::InputError(&e))?;
            }
            Err(Fault::Output(e)) => return Err(Error::output(e)),
        }
    }
    Ok(errors)
}

/// `hash`: reports the key and expected cassette path of every dump of `paths` (one
/// [`Event::Key`] each), under the store of `stores` it belongs to ([`store_for_request`]), or
/// under `cassettes` without a store. Returns how many dumps could not be read.
pub fn hash(stores: &[Store], paths: &[PathBuf], report: &mut dyn Report) -> Result<usize> {
    each(paths, report, |report, file, request, several| {
        let key = key_of(&request);
        let store = store_for_request(stores, &key);
        if let Some(store) = store {
            report.report(&Event::StoreOfRequest(store))?;
        }
        let root = store.map_or(Path::new("cassettes"), |s| s.root.as_path());
        report.report(&Event::Key {
            request: file,
            task: &key.task,
            prompt_version: key.prompt_version,
            hash: &key.hash,
            path: &key.path_under(root),
            several,
        })?;
        Ok(())
    })
}

/// `normalize`: reports what the key sees of every dump of `paths` (one [`Event::Normalized`]
/// each). Returns how many dumps could not be read.
pub fn normalize(paths: &[PathBuf], report: &mut dyn Report) -> Result<usize> {
    each(paths, report, |report, file, request, several| {
        let material = KeyMaterial::of(&request);
        report.report(&Event::Normalized {
            request: file,
            content: &material.content.text,
            map: &material.content.map,
            several,
            task: (&request.task, request.prompt_version),
        })?;
        Ok(())
    })
}
