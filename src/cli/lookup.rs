//! `lookup`: a hit with what it holds, or a miss with every diagnosis, most useful first.

use std::io;

use crate::cli::report::event::{Event, Report};
use ulcas::lookup::{LookupOptions, run};

use super::args::{LookupArgs, Mode};
use super::ctx::{Ctx, Exit, finish};
use super::output::Out;
use super::report::{Format, Reporter, human::Human};
use super::stores;

/// `ulcas lookup`.
pub fn lookup(args: LookupArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve(&args.stores, &[])?;
    let asked = LookupOptions {
        dumps: args.requests,
        schema_files: args.schema_files,
        replay: args.replay,
        synthetic: args.mode == Mode::Synthetic,
    };
    let format: Format = args.format.format.into();
    let mut reporter: Box<dyn Reporter> = if args.replay && format == Format::Human {
        Box::new(Replay {
            human: Human::new(Out::stderr(ctx.color), ctx.detail()),
            answers: Out::stdout(false),
        })
    } else {
        ctx.reporter(format)
    };
    let summary = run(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &summary)
}

/// `--replay` in human output: the answers alone on stdout (to pipe into `jq`), the rest of the
/// human report on stderr.
struct Replay {
    human: Human,
    answers: Out,
}

impl Report for Replay {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.human.report(event)?;
        if let Event::Lookup(l) = event {
            if let Some(text) = l.text {
                self.answers.raw(text)?;
            }
        }
        Ok(())
    }
}

impl Reporter for Replay {
    fn finish(&mut self) -> io::Result<()> {
        self.answers.flush()?;
        self.human.finish()
    }
}
