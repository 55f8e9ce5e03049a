//! The command line, as clap sees it. Raw flags only: each command turns them into validated
//! options once, before doing any work.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod formats;

pub use formats::*;

use super::output::ColorChoice;

/// Manage the cassette stores of a fake LLM driver: compute keys byte for byte as the reference
/// driver does, record, verify, explain misses, diff and prune.
#[derive(Debug, Parser)]
#[command(
    name = "ulcas",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = "Exit codes: 0 done and nothing wrong, 1 the answer is no (a miss, errors, differences), 2 error."
)]
pub struct Cli {
    /// When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`);
    /// serve colours its log on stderr.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Print only errors and the verdict line (the exit code is the same); no progress bar
    /// (serve: no log line for a request answered from a cassette or synthetically).
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// Say more: verify lists every finding on its own line, as found; serve logs each miss's
    /// whole explanation.
    #[arg(long, short, global = true, conflicts_with = "quiet")]
    pub verbose: bool,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the normalised content and placeholder map of requests: exactly what the key sees.
    Normalize(NormalizeArgs),
    /// Print the key (hash) and expected cassette path of requests.
    Hash(HashArgs),
    /// Record an answer for a request into a store, in the reference format.
    Record(RecordArgs),
    /// Check cassette stores: format, location, placeholders, schemas, secrets, staleness.
    Verify(VerifyArgs),
    /// Find the cassette of requests and explain every miss.
    Lookup(LookupArgs),
    /// Compare two requests, cassettes or stores in the terms the key sees.
    Diff(DiffArgs),
    /// Find cassettes that can never be hit again, and delete them with --delete.
    Prune(PruneArgs),
    /// Add the request material of request dumps to the existing cassettes they hit.
    Backfill(BackfillArgs),
    /// Carry the answers that fit a task's new output schema over to its new key (--write).
    ///
    /// Only cassettes with request material can be re-keyed: collect request dumps and run
    /// `ulcas backfill` while the old schema still hits, before changing it.
    Migrate(MigrateArgs),
    /// What a prompt bump changed, answer by answer, before the old version goes; or, with
    /// --against REF, what a re-recording at the same version changed since a git revision.
    ///
    /// `ulcas review TASK [ROOT…]` pairs each recording of the old version with the new
    /// version's recording of the same request. `ulcas review --against [REF] [ROOT…]` pairs each
    /// cassette with the same path at REF (default HEAD); --reject PATH… restores REF's version
    /// of the answers you do not accept, --interactive asks pair by pair.
    Review(ReviewArgs),
    /// Write each store's ulcas.lock: what each recorded version was recorded with.
    ///
    /// The lock holds the sha256 of each recorded version's prompt text (as the app sends it) and
    /// schema; `verify` then fails when a prompt or schema is edited without a version bump. An
    /// entry that differs is never changed unless its version is named with --accept.
    Lock(LockArgs),
    /// Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint.
    ///
    /// Three wires, one key: the Anthropic Messages API (`POST /v1/messages`), OpenAI Chat
    /// Completions (`POST /v1/chat/completions`) and the OpenAI Responses API (`POST
    /// /v1/responses`); what was recorded through one replays through the others. Point the app
    /// at it (`ANTHROPIC_BASE_URL=http://127.0.0.1:PORT`, or an OpenAI client's base URL
    /// `http://127.0.0.1:PORT/v1`): each request is keyed exactly as the PHP driver keys it (task
    /// and prompt version from the system text, the full schema by its provider form whatever
    /// carried it, a response format or a forced tool, the content from the messages) and
    /// answered from its cassette, in the shape asked (a forced tool's call, a stream); a miss
    /// is a 404 that says why. `--mode synthetic` answers a miss with the synthetic answer,
    /// `--mode record` forwards it to --upstream and records the answer. Tools the model may
    /// call are refused with a 400: a replay answers one request with one answer.
    ///
    /// The headers `x-ulcas-task` and `x-ulcas-prompt-version` name the prompt instead of the
    /// system text (for an app without a registry, or prompts of two tasks that send one text:
    /// those are refused with a 400 until the headers say which). `GET /health` answers a probe.
    ///
    /// Prompts and schemas are watched: one added or edited while serving is picked up within a
    /// second, without a restart (ulcas.toml is read at start). A schema the app builds in code
    /// is known from its export (`code_schemas` in ulcas.toml) or from recordings with request
    /// material; in record mode a request whose schema is unknown is relayed, not recorded, and
    /// the `x-ulcas-not-recorded` header says why.
    Serve(ServeArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`).
    Manpage {
        /// The subcommand (default: the page of ulcas itself).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

/// Options of `normalize`.
#[derive(Debug, Args)]
pub struct NormalizeArgs {
    /// Request dumps (JSON files, folders of them, or `-` for standard input).
    #[arg(required = true, value_name = "REQUEST")]
    pub requests: Vec<PathBuf>,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Options of `hash`.
#[derive(Debug, Args)]
pub struct HashArgs {
    /// Request dumps (JSON files, folders of them, or `-` for standard input).
    #[arg(required = true, value_name = "REQUEST")]
    pub requests: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Options of `record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The request dump the answer belongs to (`-` for standard input).
    #[arg(value_name = "REQUEST")]
    pub request: PathBuf,
    /// The model's raw answer: a file, or `-` for standard input (taken byte for byte).
    #[arg(long, value_name = "FILE")]
    pub response: PathBuf,
    /// The model that answered [default: the dump's `model`, else `recorded`].
    #[arg(long, value_name = "M")]
    pub model: Option<String>,
    /// Why the model stopped.
    #[arg(long, value_name = "S", default_value = "end_turn")]
    pub stop_reason: String,
    /// The refusal category, for a refusal.
    #[arg(long, value_name = "C")]
    pub refusal_category: Option<String>,
    /// Usage counters as a JSON object (missing reference counters are 0).
    #[arg(long, value_name = "JSON")]
    pub usage: Option<String>,
    /// The prompt id to write (default: the request's `prompt_id`).
    #[arg(long, value_name = "ID")]
    pub prompt_id: Option<String>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// Replace an existing cassette that differs.
    #[arg(long)]
    pub force: bool,
    /// Leave out the `request` block: write exactly the reference recorder's bytes.
    #[arg(long)]
    pub no_request_material: bool,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Which stores a command works on, and with which prompt registries: the same flags on every
/// command that reads a store. Without a root: the stores of `ulcas.toml`, else `./cassettes`.
#[derive(Debug, Args)]
pub struct StoreArgs {
    /// A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes).
    #[arg(long = "cassettes", value_name = "ROOT", help_heading = "Stores")]
    pub cassettes: Vec<PathBuf>,
    /// Prompt registries: <DIR>/<task>/v<N>.md with front matter.
    #[arg(long = "prompts", value_name = "DIR", help_heading = "Stores")]
    pub prompts: Vec<PathBuf>,
    /// Where the prompts' `schema:` paths resolve (default: `schemas` beside each prompts folder).
    #[arg(long, value_name = "DIR", help_heading = "Stores")]
    pub schemas: Option<PathBuf>,
    /// Take version N as the task's current one.
    #[arg(long = "pin", value_name = "TASK=N", help_heading = "Stores")]
    pub pins: Vec<String>,
    /// A config file to read instead of looking for ulcas.toml.
    #[arg(long, value_name = "FILE", help_heading = "Stores")]
    pub config: Option<PathBuf>,
}

/// Options of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// Make warnings fail too (`--deny warnings`).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub deny: Option<DenyLevel>,
    /// Request dumps of a test run (files or folders): each must have its cassette.
    #[arg(long = "requests", value_name = "PATH")]
    pub requests: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = VerifyFormat::Human)]
    pub format: VerifyFormat,
}

/// What `--deny` makes fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DenyLevel {
    /// Warnings fail like errors.
    Warnings,
}

/// How `lookup` answers a miss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// A miss is a miss (the driver's cassette-only mode).
    Cassette,
    /// A miss is answered with a deterministic schema-valid answer.
    Synthetic,
}

/// Options of `lookup`.
#[derive(Debug, Args)]
pub struct LookupArgs {
    /// Request dumps (JSON files, folders of them, or `-` for standard input).
    #[arg(required = true, value_name = "REQUEST")]
    pub requests: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// Also try this schema (a JSON file) in place of the request's.
    #[arg(long = "schema", value_name = "FILE")]
    pub schema_files: Vec<PathBuf>,
    /// Print only the answer on stdout, as the driver would return it (the rest on stderr).
    #[arg(long)]
    pub replay: bool,
    /// What a miss gives: nothing (cassette) or a synthetic answer.
    #[arg(long, value_enum, default_value_t = Mode::Cassette)]
    pub mode: Mode,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Options of `diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// A request dump, cassette file or store folder.
    pub a: PathBuf,
    /// A request dump, cassette file or store folder.
    pub b: PathBuf,
    /// For two stores: only the summary of added, removed and changed cassettes.
    #[arg(long)]
    pub stat: bool,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Options of `prune`.
#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// Journals of the cassettes a test run loaded (one path per line; one file per shard):
    /// the cassettes they list are used, and never deleted.
    #[arg(long = "journal", value_name = "FILE")]
    pub journals: Vec<PathBuf>,
    /// Request dumps (files or folders) of a test run: the cassettes they hit are used, and
    /// never deleted.
    #[arg(long = "requests", value_name = "PATH")]
    pub requests: Vec<PathBuf>,
    /// The journals and dumps given are a whole test run (every shard): current cassettes that
    /// none of them references can go as `unreferenced`.
    #[arg(long)]
    pub complete_run: bool,
    /// Delete what can go (default: only report).
    #[arg(long)]
    pub delete: bool,
    /// Also delete orphan-task cassettes (no prompt folder has their task).
    #[arg(long)]
    pub orphans: bool,
    /// Also delete the last recordings of a task whose current version has none yet.
    #[arg(long)]
    pub include_last_recordings: bool,
    #[command(flatten)]
    pub format: CheckFormatArg,
}

/// Options of `backfill`.
#[derive(Debug, Args)]
pub struct BackfillArgs {
    /// Request dumps: a file or folder (e.g. the ULCAS_DUMP_DIR of a test run); repeatable.
    #[arg(long = "requests", value_name = "PATH", required = true)]
    pub requests: Vec<PathBuf>,
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

/// Options of `lock`.
#[derive(Debug, Args)]
pub struct LockArgs {
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// Take the current prompt and schema of TASK/vN for its entry: its recordings were
    /// re-made with them (repeatable).
    #[arg(long, value_name = "TASK/vN")]
    pub accept: Vec<String>,
    #[command(flatten)]
    pub format: CheckFormatArg,
}

/// Options of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// The address to listen on (port 0: any free port, printed at start).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:0")]
    pub listen: String,
    /// Listen on an address other machines reach (anything but loopback): the store's answers
    /// and the requests' texts become visible there.
    #[arg(long)]
    pub expose: bool,
    /// What a request without a cassette gets.
    #[arg(long, value_enum, default_value_t = ServeMode::Cassette)]
    pub mode: ServeMode,
    /// Faults on cue, `TARGET:FAULT[,FAULT…]` (repeatable): the successive requests that match
    /// TARGET (`*`, a task, `task@vN`, a cassette's hash) get the faults in order, one each, then
    /// their answers. FAULT: ok, rate-limit[:retry-after=S], overloaded, server-error[:STATUS],
    /// cut:N, stream-error:N, latency:MS. Armed at run time too (`POST /_ulcas/faults`), or for
    /// one request by the header `x-ulcas-fault`.
    #[arg(long = "fault", value_name = "SPEC")]
    pub faults: Vec<String>,
    /// Serve no `/_ulcas/faults` (faults are then armed only by --fault and `x-ulcas-fault`).
    #[arg(long)]
    pub no_fault_routes: bool,
    /// With --mode record: the API a miss is forwarded to (the client's key headers passed
    /// through, never printed or written).
    #[arg(long, value_name = "URL", required_if_eq("mode", "record"))]
    pub upstream: Option<String>,
    /// With --mode record: the store a miss is recorded into when several stores read its
    /// prompt and not exactly one holds it in its own prompts folder.
    #[arg(long, value_name = "ROOT", requires = "upstream")]
    pub record_into: Option<PathBuf>,
    /// Write every request served as a request dump here, as the PHP hook writes them (for
    /// `verify --requests`, `prune --requests --complete-run`, `backfill --requests`).
    #[arg(long, value_name = "DIR")]
    pub dump_dir: Option<PathBuf>,
    /// Format of the start line (stdout) and of the log (stderr): human text or JSON Lines.
    #[arg(long, value_enum, default_value_t = ServeFormat::Human)]
    pub format: ServeFormat,
    #[command(flatten)]
    pub limits: super::serve::limits::Limits,
}

/// What `serve` does with a request that has no cassette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ServeMode {
    /// A miss is a 404 naming the expected cassette and why (the app's tests).
    Cassette,
    /// A miss gets the deterministic, schema-valid synthetic answer (id `synthetic`).
    Synthetic,
    /// A miss is forwarded to --upstream, streamed back and recorded as a cassette.
    Record,
}

/// Options of `migrate`.
#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The task whose output schema changed.
    #[arg(value_name = "TASK")]
    pub task: String,
    /// Store roots (the same as --cassettes ROOT).
    #[arg(value_name = "ROOT")]
    pub roots: Vec<PathBuf>,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// The new schema (default: the registry's schema of the task's current version).
    #[arg(long, value_name = "FILE")]
    pub schema: Option<PathBuf>,
    /// Write the carried-over cassettes (default: only report).
    #[arg(long)]
    pub write: bool,
    #[command(flatten)]
    pub format: CheckFormatArg,
}

/// Options of `review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The task whose prompt was bumped, then store roots (the same as --cassettes ROOT);
    /// with --against, store roots only.
    #[arg(value_name = "TASK|ROOT")]
    pub targets: Vec<PathBuf>,
    /// Review a re-recording against a git revision instead: each cassette paired with the
    /// same path at REF (default HEAD).
    #[arg(long, value_name = "REF", num_args = 0..=1, default_missing_value = ulcas::review::against::DEFAULT_REVISION)]
    pub against: Option<String>,
    /// With --against: only this task (repeatable).
    #[arg(long = "task", value_name = "TASK", requires = "against")]
    pub tasks: Vec<String>,
    /// With --against: restore REF's version of these listed cassettes (remove one REF lacks).
    #[arg(long, value_name = "PATH", num_args = 1.., requires = "against", conflicts_with = "interactive")]
    pub reject: Vec<PathBuf>,
    /// With --against: as --reject, each PATH percent-encoded (%XX for any byte): what printed
    /// commands use for a name no shell quoting carries safely (control characters, not UTF-8).
    #[arg(long = "reject-encoded", value_name = "PATH", num_args = 1.., requires = "against", conflicts_with = "interactive")]
    pub reject_encoded: Vec<String>,
    /// With --against: accept, reject, skip or quit pair by pair on a terminal.
    #[arg(long, requires = "against")]
    pub interactive: bool,
    #[command(flatten)]
    pub stores: StoreArgs,
    /// The old version (default: the newest older version with recordings).
    #[arg(long, value_name = "N", conflicts_with = "against")]
    pub from: Option<i64>,
    /// The new version (default: the task's current version).
    #[arg(long, value_name = "M", conflicts_with = "against")]
    pub to: Option<i64>,
    /// Only the summary.
    #[arg(long)]
    pub stat: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReviewFormat::Human)]
    pub format: ReviewFormat,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// Every command that reads a store takes the same store flags, and the commands that take
    /// no other positional argument also take store roots positionally.
    #[test]
    fn one_set_of_store_arguments() {
        let store_flags = ["cassettes", "prompts", "schemas", "pins", "config"];
        let cli = Cli::command();
        let mut with_stores = Vec::new();
        for sub in cli.get_subcommands() {
            let ids: Vec<&str> = sub.get_arguments().map(|a| a.get_id().as_str()).collect();
            let has = store_flags.iter().filter(|f| ids.contains(f)).count();
            assert!(
                has == 0 || has == store_flags.len(),
                "{} has only some of the store flags: {ids:?}",
                sub.get_name()
            );
            if has > 0 {
                with_stores.push(sub.get_name());
                let roots = sub.get_arguments().find(|a| a.get_id() == "roots");
                if let Some(roots) = roots {
                    assert!(roots.is_positional(), "{}", sub.get_name());
                }
                for flag in store_flags {
                    let arg = sub.get_arguments().find(|a| a.get_id() == flag).unwrap();
                    assert_eq!(
                        arg.get_help_heading(),
                        Some("Stores"),
                        "{} --{flag}",
                        sub.get_name()
                    );
                }
            }
        }
        assert_eq!(
            with_stores,
            [
                "hash", "record", "verify", "lookup", "prune", "backfill", "migrate", "review",
                "lock", "serve"
            ]
        );
        // The commands whose only positional arguments could be stores take them so.
        for name in ["verify", "prune", "backfill", "migrate", "lock", "serve"] {
            let sub = cli.find_subcommand(name).unwrap();
            assert!(sub.get_arguments().any(|a| a.get_id() == "roots"), "{name}");
        }
        // `review TASK [ROOT…]`, or `review --against [REF] [ROOT…]`.
        let review = cli.find_subcommand("review").unwrap();
        assert!(review.get_arguments().any(|a| a.get_id() == "targets"));
    }

    /// `--cassettes` and positional roots are the same roots, in order.
    #[test]
    fn cassettes_flag_adds_roots() {
        let cli = <Cli as clap::Parser>::try_parse_from([
            "ulcas",
            "verify",
            "a",
            "--cassettes",
            "b",
            "--pin",
            "outline=1",
        ])
        .unwrap();
        let super::Command::Verify(args) = cli.command else {
            panic!("verify")
        };
        assert_eq!(args.roots, [std::path::PathBuf::from("a")]);
        assert_eq!(args.stores.cassettes, [std::path::PathBuf::from("b")]);
        assert_eq!(args.stores.pins, ["outline=1"]);
    }
}
