//! `review`: what a prompt bump changed, answer by answer, in the format asked for; with
//! `--against REF`, what a re-recording changed since a git revision (and `--reject`,
//! `--interactive` to keep only the answers accepted).

use std::io::IsTerminal;
use std::path::PathBuf;

use ulcas::review::against::AgainstOptions;
use ulcas::review::{ReviewOptions, read_against, report_against, run};

use super::args::{ReviewArgs, ReviewFormat};
use super::ctx::{Ctx, Exit, finish};
use super::report::Detail;
use super::stores;
use ulcas::outcome::Verdict;

mod interactive;

/// `review` as parsed: a prompt bump or a re-recording, each with only what it takes.
#[derive(Debug)]
enum ReviewJob {
    /// `review TASK [ROOT…] [--from N] [--to M]`.
    Bump {
        roots: Vec<PathBuf>,
        request: ReviewOptions,
    },
    /// `review --against [REF] [ROOT…] [--task T] [--reject PATH… | --interactive]`.
    Against {
        roots: Vec<PathBuf>,
        request: AgainstOptions,
        interactive: bool,
    },
}

impl ReviewJob {
    /// The job `args` ask for (clap has refused the flags of the other one already).
    fn of(args: &ReviewArgs) -> ulcas::Result<ReviewJob> {
        if let Some(reference) = &args.against {
            return Ok(ReviewJob::Against {
                roots: args.targets.clone(),
                request: AgainstOptions {
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
            request: ReviewOptions {
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
    mut asked: AgainstOptions,
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
        match interactive::walk(&reviews, ctx)? {
            Some(chosen) => asked.reject = chosen,
            None => return Ok(Verdict::Fail),
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
