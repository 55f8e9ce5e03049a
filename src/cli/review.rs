//! `review`: what a prompt bump changed, answer by answer, in the format asked for; with
//! `--against REF`, what a re-recording changed since a git revision (and `--reject`,
//! `--interactive` to keep only the answers accepted).

use std::io::IsTerminal;
use std::path::PathBuf;

use ulcas::review::against::{AgainstRequest, ChangeKind, Rerecording};
use ulcas::review::{read_against, report_against, run, ReviewRequest};

use super::args::{ReviewArgs, ReviewFormat};
use super::output::{note, Out};
use super::report::shown;
use super::report::Detail;
use super::{finish, stores, Answer, Ctx, Exit, Failure};

/// `review` as parsed: a prompt bump or a re-recording, each with only what it takes.
#[derive(Debug)]
enum ReviewJob {
    /// `review TASK [ROOT…] [--from N] [--to M]`.
    Bump {
        roots: Vec<PathBuf>,
        request: ReviewRequest,
    },
    /// `review --against [REF] [ROOT…] [--task T] [--reject PATH… | --interactive]`.
    Against {
        roots: Vec<PathBuf>,
        request: AgainstRequest,
        interactive: bool,
    },
}

impl ReviewJob {
    /// The job `args` ask for (clap has refused the flags of the other one already).
    fn of(args: &ReviewArgs) -> ulcas::Result<ReviewJob> {
        if let Some(reference) = &args.against {
            return Ok(ReviewJob::Against {
                roots: args.targets.clone(),
                request: AgainstRequest {
                    reference: reference.clone(),
                    tasks: args.tasks.clone(),
                    reject: rejected_paths(args)?,
                },
                interactive: args.interactive,
            });
        }
        let mut targets = args.targets.iter();
        let task = targets.next().ok_or_else(|| {
            ulcas::Error::msg("review needs TASK (the task whose prompt was bumped), or --against [REF] to review a re-recording")
        })?;
        Ok(ReviewJob::Bump {
            roots: targets.cloned().collect(),
            request: ReviewRequest {
                task: task.to_string_lossy().into_owned(),
                from: args.from,
                to: args.to,
            },
        })
    }
}

/// `ulcas review`.
pub fn review(args: ReviewArgs, ctx: Ctx) -> Exit {
    let detail = Detail {
        stat: args.stat,
        // Markdown and HTML are documents: never coloured.
        color: ctx.color && args.format == ReviewFormat::Human,
        ..ctx.detail()
    };
    match ReviewJob::of(&args)? {
        ReviewJob::Bump { roots, request } => {
            let stores = stores::resolve_existing(&args.stores, &roots)?;
            let mut reporter = super::report::reporter(args.format.into(), detail);
            let reviewed = run(&stores, &request, &mut reporter)?;
            finish(&mut *reporter, &reviewed)
        }
        ReviewJob::Against {
            roots,
            request,
            interactive,
        } => against(&args, roots, request, interactive, ctx, detail),
    }
}

/// `review --against REF`: the report, with `--reject` applied, or the interactive walk.
fn against(
    args: &ReviewArgs,
    roots: Vec<PathBuf>,
    mut asked: AgainstRequest,
    interactive: bool,
    ctx: Ctx,
    detail: Detail,
) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &roots)?;
    if interactive {
        if args.format != ReviewFormat::Human {
            return Err(ulcas::Error::msg(
                "--interactive talks on the terminal, in human text: drop --format, or list the pairs with --format json and reject with --reject PATH…",
            )
            .into());
        }
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            return Err(ulcas::Error::msg(
                "--interactive asks on a terminal, and there is none: list the pairs with `ulcas review --against REF --format json` and reject with `--reject PATH…`",
            )
            .into());
        }
    }
    // Read once: the walk shows these, and the report and the rejects use the same.
    let reviews = read_against(&stores, &asked)?;
    if interactive {
        match walk(&reviews, ctx)? {
            Some(chosen) => asked.reject = chosen,
            None => return Ok(Answer::Fail),
        }
    }
    // After the walk, or with the paths to reject, the pairs were seen: the totals and what
    // was rejected are enough.
    let detail = Detail {
        stat: detail.stat || interactive || !asked.reject.is_empty(),
        ..detail
    };
    let mut reporter = super::report::reporter(args.format.into(), detail);
    let run = report_against(&stores, &reviews, &asked.reject, &mut reporter)?;
    finish(&mut *reporter, &run)
}

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
fn walk(reviews: &[Rerecording], ctx: Ctx) -> Result<Option<Vec<PathBuf>>, Failure> {
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
        ChangeKind::Changed(pair) => super::report::human::review::pair_block(out, pair),
        ChangeKind::Added(_) => out.line(&format!(
            "  only in the working tree (not at {})",
            r.reference
        )),
        ChangeKind::Removed(_) => out.line(&format!("  only at {} (removed since)", r.reference)),
        ChangeKind::Unreadable => out.line("  one side does not read as a cassette"),
        _ => out.line("  changed"),
    }
}

/// The paths of `--reject` and of `--reject-encoded` (decoded), in that order.
fn rejected_paths(args: &ReviewArgs) -> ulcas::Result<Vec<PathBuf>> {
    use std::os::unix::ffi::OsStringExt;
    let mut paths = args.reject.clone();
    for encoded in &args.reject_encoded {
        let bytes = ulcas::shell::percent_decode(encoded)
            .map_err(|why| ulcas::Error::msg(format!("--reject-encoded {encoded:?}: {why}")))?;
        paths.push(PathBuf::from(std::ffi::OsString::from_vec(bytes)));
    }
    Ok(paths)
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::ReviewJob;
    use crate::cli::args::{Cli, Command};

    fn job(words: &[&str]) -> ulcas::Result<ReviewJob> {
        let cli = Cli::try_parse_from([&["ulcas", "review"], words].concat()).unwrap();
        let Command::Review(args) = cli.command else {
            panic!("not review")
        };
        ReviewJob::of(&args)
    }

    #[test]
    fn review_parses_into_one_of_two_jobs() {
        let Ok(ReviewJob::Bump { roots, request }) = job(&["quiz", "a", "b", "--from", "1"]) else {
            panic!("a bump")
        };
        assert_eq!(
            (request.task.as_str(), request.from, request.to),
            ("quiz", Some(1), None)
        );
        assert_eq!(roots, ["a", "b"].map(std::path::PathBuf::from));
        let Ok(ReviewJob::Against {
            roots,
            request,
            interactive,
        }) = job(&["--against", "--task", "quiz", "--", "store"])
        else {
            panic!("a re-recording")
        };
        assert_eq!(request.reference, "HEAD", "the default revision");
        assert_eq!(
            (request.tasks, roots, interactive),
            (vec!["quiz".to_owned()], vec!["store".into()], false)
        );
        let Ok(ReviewJob::Against { request, .. }) = job(&["--against=main~1"]) else {
            panic!()
        };
        assert_eq!(request.reference, "main~1");
        assert!(job(&[]).unwrap_err().message.contains("review needs TASK"));
    }
}
