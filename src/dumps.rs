//! Running a command over request dumps: each dump read and worked on in turn, a bad one
//! reported while the others are still done.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::request::{dump_files, Request};
use crate::sink::{Common, Sink};

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
/// `work` returns about one dump, goes to the sink as [`Common::InputError`] and the other
/// dumps are still done; the count of those errors is returned (a command exits 2 on any).
/// A reporter's error stops everything.
pub fn each<S: Sink + ?Sized>(
    paths: &[PathBuf],
    sink: &mut S,
    mut work: impl FnMut(&mut S, &Path, Request, bool) -> Result<(), Fault>,
) -> Result<usize> {
    let files = dump_files(paths)?;
    let several = files.len() > 1;
    let mut errors = 0;
    for file in &files {
        let done = Request::from_file(file)
            .map_err(Fault::Input)
            .and_then(|r| work(sink, file, r, several));
        match done {
            Ok(()) => {}
            Err(Fault::Input(e)) => {
                errors += 1;
                let e = e.with_file(file);
                sink.emit_common(&Common::InputError(&e))?;
            }
            Err(Fault::Output(e)) => return Err(Error::output(e)),
        }
    }
    Ok(errors)
}
