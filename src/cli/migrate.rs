//! `migrate`: carry answers that fit a task's new output schema over to its new key.

use ulcas::event::{Event, Summary, Verdict};
use ulcas::migrate::migrate as plan;
use ulcas::schema::Schema;
use ulcas::settings::Store;
use ulcas::Error;

use super::args::MigrateArgs;
use super::{finish, stores, Ctx, Outcome};

/// `ulcas migrate`.
pub fn migrate(args: MigrateArgs, ctx: Ctx) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    let schema = match &args.schema {
        Some(file) => {
            let bytes =
                ulcas::input::read_limited(file, ulcas::input::MAX_SMALL_FILE, "schema file")?;
            let text = String::from_utf8(bytes).map_err(|_| Error::in_file(file, "not UTF-8"))?;
            let schema = Schema::parse(&text).map_err(|e| Error {
                file: Some(file.clone()),
                position: Some((e.line, e.column)),
                message: e.message,
            })?;
            Some((schema, file.clone()))
        }
        None => None,
    };
    // Every store that has recordings of the task (an explicit ROOT always).
    let chosen: Vec<&Store> = if args.stores.roots.is_empty() {
        jobs.iter()
            .filter(|s| s.root.join(&args.task).is_dir())
            .collect()
    } else {
        jobs.iter().collect()
    };
    if chosen.is_empty() {
        return Err(Error::msg(format!("no store has recordings of task {:?}", args.task)).into());
    }
    let mut reporter = ctx.reporter(args.format.format.into());
    let mut verdict = Verdict::Pass;
    for store in chosen {
        let new = schema.as_ref().map(|(s, f)| (s, f.as_path()));
        let migration = plan(store, &args.task, new, args.write)?;
        reporter.report(&Event::Store(store))?;
        reporter.report(&Event::Migration {
            store,
            migration: &migration,
            write: args.write,
        })?;
        for outcome in &migration.outcomes {
            reporter.report(&Event::Migrate(outcome))?;
        }
        let summary = migration.summary(store);
        reporter.report(&Event::Summary(Summary::Migrate(&summary)))?;
        verdict = verdict.and(migration.verdict());
    }
    finish(&mut *reporter, verdict, 0)
}
