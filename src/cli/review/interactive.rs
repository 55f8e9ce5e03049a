//! `review --against REF --interactive`: every listed cassette walked on the terminal, one key
//! a choice (the terminal raw while it asks, restored whatever happens), then the command that
//! rejects what was marked.

use std::path::PathBuf;

use ulcas::review::against::{ChangeKind, Rerecording};

use crate::cli::ctx::{Ctx, Failure};
use crate::cli::output::{Out, note};
use crate::cli::report::human::review::pair_block;
use crate::cli::report::shown;

/// What the user chose for one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Accept,
    Reject,
    Skip,
    Quit,
}

/// Walks every listed cassette on the terminal, asking for each; returns the paths rejected,
/// or `None` on quit (nothing changes then).
pub fn walk(reviews: &[Rerecording], ctx: Ctx) -> Result<Option<Vec<PathBuf>>, Failure> {
    let total: usize = reviews.iter().map(|r| r.changes.len()).sum();
    let mut out = Out::stdout(ctx.color);
    let mut keys = Keys::new();
    let (mut accepted, mut rejected, mut skipped) = (0, Vec::new(), 0);
    let mut n = 0;
    for r in reviews {
        for change in &r.changes {
            n += 1;
            out.line(&format!("\n[{n}/{total}] {}", shown(&change.path)))?;
            describe(&mut out, r, change)?;
            let choice = loop {
                out.raw("accept this re-recording? [a]ccept, [r]eject, [s]kip, [q]uit: ")?;
                out.flush()?;
                // One key, no Enter (as cargo-insta asks); end of input or Ctrl-C quits.
                let Some(key) = keys.next()? else {
                    break Choice::Quit;
                };
                if !key.is_ascii_whitespace() {
                    out.raw(&char::from(key).to_string())?;
                }
                match key.to_ascii_lowercase() {
                    b'a' | b'y' => break Choice::Accept,
                    b'r' | b'n' => break Choice::Reject,
                    b's' | b'\n' | b'\r' | b' ' => break Choice::Skip,
                    b'q' | 0x03 | 0x04 => break Choice::Quit,
                    _ => out.line("  a, r, s or q")?,
                }
            };
            match choice {
                Choice::Accept => accepted += 1,
                Choice::Reject => rejected.push(change.path.clone()),
                Choice::Skip => skipped += 1,
                Choice::Quit => {
                    out.line(&format!(
                        "\nquit: nothing changed ({accepted} accepted, {} marked to reject, {skipped} skipped, {} not seen)",
                        rejected.len(),
                        total - n + 1
                    ))?;
                    if !rejected.is_empty() {
                        out.line(&format!(
                            "to reject what you marked: {}",
                            reject_command(&rejected)
                        ))?;
                    }
                    out.flush()?;
                    return Ok(None);
                }
            }
        }
    }
    out.line(&format!(
        "\n{accepted} accepted, {} rejected, {skipped} skipped",
        rejected.len()
    ))?;
    out.flush()?;
    if rejected.is_empty() {
        note("nothing to reject: nothing changed");
    }
    Ok(Some(rejected))
}

/// One listed cassette in the walk: the pair's changes, or what was added or removed.
fn describe(
    out: &mut Out,
    r: &Rerecording,
    change: &ulcas::review::against::Change,
) -> std::io::Result<()> {
    match &change.kind {
        ChangeKind::Changed(pair) => pair_block(out, pair),
        ChangeKind::Added(_) => out.line(&format!(
            "  only in the working tree (not at {})",
            r.reference
        )),
        ChangeKind::Removed(_) => out.line(&format!("  only at {} (removed since)", r.reference)),
        ChangeKind::Unreadable => out.line("  one side does not read as a cassette"),
    }
}

/// The command that was run, without `--interactive`, with each path marked to reject: quoted
/// for bash, zsh, dash and fish alike ([`ulcas::shell`]).
fn reject_command(paths: &[PathBuf]) -> String {
    let mut words: Vec<String> = vec!["ulcas".into()];
    words.extend(std::env::args().skip(1).filter(|a| a != "--interactive"));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut command = ulcas::shell::words(&words);
    for path in paths {
        command.push(' ');
        command.push_str(&ulcas::shell::path_arg("--reject", path.as_os_str()));
    }
    command
}

/// The keys typed on the terminal, one at a time: the terminal is put in non-canonical mode
/// without echo (and without signals: Ctrl-C arrives as a key, so that the terminal is always
/// restored) while this lives.
struct Keys {
    saved: Option<rustix::termios::Termios>,
}

impl Keys {
    fn new() -> Keys {
        use rustix::termios::{self, LocalModes, OptionalActions, SpecialCodeIndex};
        let stdin = std::io::stdin();
        let saved = termios::tcgetattr(&stdin).ok();
        if let Some(saved) = &saved {
            let mut raw = saved.clone();
            raw.local_modes
                .remove(LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG);
            raw.special_codes[SpecialCodeIndex::VMIN] = 1;
            raw.special_codes[SpecialCodeIndex::VTIME] = 0;
            let _ = termios::tcsetattr(&stdin, OptionalActions::Now, &raw);
        }
        Keys { saved }
    }

    /// The next key; `None` at the end of input.
    fn next(&mut self) -> std::io::Result<Option<u8>> {
        use std::io::Read;
        let mut byte = [0u8; 1];
        loop {
            return match std::io::stdin().lock().read(&mut byte) {
                Ok(0) => Ok(None),
                Ok(_) => Ok(Some(byte[0])),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => Err(e),
            };
        }
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        if let Some(saved) = &self.saved {
            let _ = rustix::termios::tcsetattr(
                std::io::stdin(),
                rustix::termios::OptionalActions::Now,
                saved,
            );
        }
    }
}
