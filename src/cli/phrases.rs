//! The binary's words for the library's advice: its commands and flags, each quoted for a POSIX
//! shell, so that a hint that names a command gives one that runs as written.

use std::path::Path;
use std::sync::Arc;

use ulcas::advice::{Advice, Phrasebook, PromptsAt, Selector};
use ulcas::shell;

/// The phrasebook of the `ulcas` binary.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cli;

/// The binary's phrasebook, shared by every store it resolves.
pub fn phrasebook() -> Arc<dyn Phrasebook> {
    Arc::new(Cli)
}

impl Phrasebook for Cli {
    fn phrase(&self, advice: &Advice<'_>, store: Option<&Selector>) -> String {
        let chosen = store.map(selector_words).unwrap_or_default();
        let run = |sub: &str, args: &[&str], extra: &[&str]| line(sub, args, &chosen, extra);
        // A command on one request dump names the store by its root alone.
        let root = store.map(|s| vec!["--cassettes".into(), s.root.display().to_string()]);
        let on_dump = |sub: &str, dump: &Path, extra: &[&str]| {
            let dump = dump.display().to_string();
            line(sub, &[&dump], root.as_deref().unwrap_or_default(), extra)
        };
        match *advice {
            Advice::Prune { orphans: false } => run("prune", &[], &["--delete"]),
            Advice::Prune { orphans: true } => run("prune", &[], &["--orphans", "--delete"]),
            Advice::PruneLast => run("prune", &[], &["--include-last-recordings", "--delete"]),
            Advice::Migrate { task, write } => {
                run("migrate", &[task], if write { &["--write"] } else { &[] })
            }
            Advice::Lock { accept: None } => run("lock", &[], &[]),
            Advice::Lock {
                accept: Some((task, version)),
            } => run("lock", &[], &["--accept", &format!("{task}/v{version}")]),
            Advice::Lookup { dump } => on_dump("lookup", dump, &[]),
            Advice::Record { dump } => on_dump("record", dump, &["--response", "-"]),
            Advice::Backfill => "ulcas backfill --help".into(),
            Advice::Recorder => "ulcas record".into(),
            Advice::ReviewAgainst { reference } => format!("ulcas review --against {reference}"),
            Advice::Prompts(PromptsAt::Registry) => {
                "--prompts DIR, or `prompts` in ulcas.toml".into()
            }
            Advice::Prompts(PromptsAt::ThisStore) => {
                "--prompts, or this store's `prompts` in ulcas.toml".into()
            }
            Advice::Prompts(PromptsAt::App) => "--prompts (or `prompts` in ulcas.toml)".into(),
            // Advice newer than this phrasebook: the library's own words.
            _ => ulcas::advice::Plain.phrase(advice, store),
        }
    }
}

/// `ulcas SUB ARGS… <the store and the settings that chose it> EXTRA…` (ARGS: positionals that
/// come before the store roots, as `migrate`'s TASK).
pub fn command(store: &Selector, sub: &str, args: &[&str], extra: &[&str]) -> String {
    line(sub, args, &selector_words(store), extra)
}

/// The words that choose `store` again: its root, then the settings given beside it.
fn selector_words(store: &Selector) -> Vec<String> {
    let mut words = vec![store.root.display().to_string()];
    if let Some(file) = &store.config {
        words.extend(["--config".into(), file.display().to_string()]);
    }
    for p in &store.prompts {
        words.extend(["--prompts".into(), p.display().to_string()]);
    }
    if let Some(s) = &store.schemas {
        words.extend(["--schemas".into(), s.display().to_string()]);
    }
    for (task, n) in &store.pins {
        words.extend(["--pin".into(), format!("{task}={n}")]);
    }
    words
}

/// `ulcas SUB ARGS… MIDDLE… EXTRA…`, each word quoted for a POSIX shell.
fn line(sub: &str, args: &[&str], middle: &[String], extra: &[&str]) -> String {
    let all: Vec<&str> = ["ulcas", sub]
        .into_iter()
        .chain(args.iter().copied())
        .chain(middle.iter().map(String::as_str))
        .chain(extra.iter().copied())
        .collect();
    shell::words(&all)
}

/// The warning of a recording whose key takes id-like `tokens` as they are
/// ([`ulcas::id_patterns::keyed_verbatim`]); `in_code`: its prompt is in code.
pub fn keyed_verbatim(tokens: &[String], in_code: bool) -> String {
    let shown: Vec<&str> = tokens.iter().take(3).map(String::as_str).collect();
    let more = match tokens.len() {
        0..=3 => String::new(),
        n => format!(" and {} more", n - 3),
    };
    let fix = match in_code {
        true => {
            "name their pattern in the store's `id_patterns` (ulcas.toml) and record again: the key then numbers them as it numbers UUIDs"
        }
        false => {
            "the key of a registry's prompt is the PHP driver's, which numbers fragment ids and ULIDs only: make the app send one of those, or keep the ids fixed in the test"
        }
    };
    format!(
        "warning: the key takes {} as {} (looks like a generated id): this recording hits only a request that carries the same again; {fix}",
        shown.join(", ") + &more,
        if tokens.len() == 1 {
            "it is"
        } else {
            "they are"
        },
    )
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// A store chosen by `root` with `prompts` given beside it (which settings a selector holds
    /// is the library's to test).
    fn selector(root: &str, prompts: &[&str]) -> Selector {
        let mut store = Selector::default();
        store.root = PathBuf::from(root);
        store.prompts = prompts.iter().map(PathBuf::from).collect();
        store
    }

    #[test]
    fn a_store_is_selected_again_by_what_chose_it() {
        let mut store = selector("a/cassettes", &["b/prompts"]);
        store.config = Some(PathBuf::from("ulcas.toml"));
        store.schemas = Some(PathBuf::from("s"));
        store.pins.insert("x".into(), 3);
        assert_eq!(
            command(&store, "verify", &[], &[]),
            "ulcas verify a/cassettes --config ulcas.toml --prompts b/prompts --schemas s --pin x=3"
        );
        let migrate = Advice::Migrate {
            task: "x",
            write: true,
        };
        assert_eq!(
            Cli.phrase(&migrate, Some(&selector("a", &[]))),
            "ulcas migrate x a --write"
        );
        let accept = Advice::Lock {
            accept: Some(("quiz", 3)),
        };
        assert_eq!(
            Cli.phrase(&accept, Some(&selector("./b/../b", &["p"]))),
            "ulcas lock ./b/../b --prompts p --accept quiz/v3"
        );
    }

    #[test]
    fn words_are_quoted() {
        let store = selector("c d", &["it's"]);
        assert_eq!(
            Cli.phrase(&Advice::Prune { orphans: true }, Some(&store)),
            "ulcas prune 'c d' --prompts 'it'\"'\"'s' --orphans --delete"
        );
        let dump = Path::new("run/a b.json");
        assert_eq!(
            Cli.phrase(&Advice::Record { dump }, Some(&store)),
            "ulcas record 'run/a b.json' --cassettes 'c d' --response -"
        );
        assert_eq!(
            Cli.phrase(&Advice::Lookup { dump }, Some(&store)),
            "ulcas lookup 'run/a b.json' --cassettes 'c d'"
        );
    }

    #[test]
    fn advice_about_no_store_names_none() {
        let accept = Advice::Lock {
            accept: Some(("quiz", 3)),
        };
        assert_eq!(Cli.phrase(&accept, None), "ulcas lock --accept quiz/v3");
        assert_eq!(
            Cli.phrase(&Advice::Prune { orphans: false }, None),
            "ulcas prune --delete"
        );
    }
}
