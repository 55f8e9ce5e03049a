//! The shape of the code, guarded: the library's module graph has no circles (each command's
//! events sit beside its run; the union of all of them lives in the binary's `cli/report`), no
//! file is over 600 lines and no function over 80, and reporters take their helpers from
//! `cli/report`, never back from `cli/mod.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level library module → the top-level modules its code names (`crate::x`, `crate::{x, y}`),
/// tests left out. The binary (`cli`, `main.rs`) is above everything and not counted.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(&src).unwrap().to_path_buf();
        let name = rel.to_string_lossy().into_owned();
        if !name.ends_with(".rs")
            || name.starts_with("cli")
            || name == "main.rs"
            || name == "lib.rs"
        {
            continue;
        }
        let top = name
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_owned();
        let code = code_of(&std::fs::read_to_string(entry.path()).unwrap());
        let deps = graph.entry(top.clone()).or_default();
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let mut depth = 0;
                let mut item = String::new();
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            deps.insert(first_word(&item));
                            item.clear();
                            continue;
                        }
                        _ => {}
                    }
                    item.push(c);
                }
                deps.insert(first_word(&item));
            } else {
                deps.insert(first_word(rest));
            }
        }
        deps.remove(&top);
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| modules.contains(d));
    }
    graph
}

/// A source file's code as the import guards read it: its tests and its comments left out
/// (comments name modules without importing them).
pub(crate) fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn first_word(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
        .collect()
}

/// A path from `from` back to `to`, if any.
fn path_to(
    graph: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    to: &str,
    seen: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    for next in &graph[from] {
        if next == to {
            return Some(vec![from.to_owned(), next.clone()]);
        }
        if seen.insert(next.clone()) {
            if let Some(mut rest) = path_to(graph, next, to, seen) {
                rest.insert(0, from.to_owned());
                return Some(rest);
            }
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(graph.len() > 20, "the walk found the modules: {graph:?}");
    assert!(
        !graph.contains_key("event"),
        "the union of events lives in the binary (cli/report/event.rs), not the library"
    );
    for module in graph.keys() {
        let circle = path_to(&graph, module, module, &mut BTreeSet::new());
        assert!(
            circle.is_none(),
            "import circle: {}",
            circle.unwrap().join(" → ")
        );
    }
}

#[test]
fn what_every_command_shares_names_no_command() {
    let graph = imports();
    for leaf in ["outcome", "sink", "machine_json", "layout", "schema_check"] {
        for command in ["verify", "prune", "lookup", "review", "migrate"] {
            assert!(!graph[leaf].contains(command), "{leaf} imports {command}");
        }
    }
}

/// Every command a message writes in backticks runs as written: a bare `` `ulcas prune` ``
/// (without the store it was about) does not, outside a repository with an `ulcas.toml`, so
/// messages name a subcommand without backticks or write the whole command (issue 33).
#[test]
fn no_message_writes_a_bare_command_in_backticks() {
    let bare = regex::Regex::new(r"`ulcas (verify|prune|lock|migrate|backfill|review)`").unwrap();
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(Path::new(crate::common::MANIFEST).join("src")) {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            // The lock file's own header comment names the command that writes it.
            if code.starts_with("//") || code.starts_with("\"# ulcas.lock") {
                continue;
            }
            if bare.is_match(line) {
                found.push(format!("{}:{}: {}", entry.path().display(), n + 1, code));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// Every `.rs` file under `src/`, with its text up to its tests (`#[cfg(test)]`).
fn sources() -> Vec<(String, String)> {
    let src = Path::new(crate::common::MANIFEST).join("src");
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&src).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = entry.path().strip_prefix(&src).unwrap();
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap().to_owned();
        out.push((rel.to_string_lossy().into_owned(), code));
    }
    out
}

/// Files that may be longer: one cohesive domain each (the one write path).
const LONG_FILES: &[&str] = &["store/handle.rs"];

#[test]
fn no_file_over_600_lines() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter(|(name, _)| !LONG_FILES.contains(&name.as_str()))
        .map(|(name, code)| (name, code.lines().count()))
        .filter(|(_, n)| *n > 600)
        .map(|(name, n)| format!("{name}: {n} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "split these by what they decide: {long:#?}"
    );
}

/// The test files keep the same rule: a file a reader can hold (the tests of one thing).
#[test]
fn no_test_file_over_600_lines() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let mut long: Vec<String> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            (
                p.clone(),
                std::fs::read_to_string(&p).unwrap().lines().count(),
            )
        })
        .filter(|(_, n)| *n > 600)
        .map(|(p, n)| format!("{}: {n} lines", p.display()))
        .collect();
    long.sort();
    assert!(long.is_empty(), "split these by what they test: {long:#?}");
}

#[test]
fn no_function_over_70_lines() {
    let head =
        regex::Regex::new(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?fn\s+(\w+)").unwrap();
    let mut long = Vec::new();
    let mut seen = 0;
    for (name, code) in sources() {
        let lines: Vec<&str> = code.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let Some(m) = head.captures(lines[i]) else {
                i += 1;
                continue;
            };
            // A declaration without a body (a trait's method) ends at its `;`.
            let mut j = i;
            while j < lines.len()
                && !lines[j].trim_end().ends_with('{')
                && !lines[j].trim_end().ends_with(';')
            {
                j += 1;
            }
            if j >= lines.len() || lines[j].trim_end().ends_with(';') {
                i += 1;
                continue;
            }
            seen += 1;
            let close = format!("{}}}", &m[1]);
            let end = (j + 1..lines.len())
                .find(|&k| lines[k].trim_end() == close)
                .unwrap_or(lines.len() - 1);
            let n = end - i + 1;
            if n > 70 {
                long.push(format!("{name}:{} fn {}: {n} lines", i + 1, &m[6]));
            }
            i = end + 1;
        }
    }
    assert!(seen > 500, "the scan found the functions ({seen})");
    assert!(long.is_empty(), "split these into named steps: {long:#?}");
}

#[test]
fn reporters_take_no_helper_from_cli_mod() {
    let mut found = Vec::new();
    let named = regex::Regex::new(r"crate::cli::[a-z_]+[;,}]").unwrap();
    for (name, code) in sources() {
        if !name.starts_with("cli/report/") {
            continue;
        }
        for (n, line) in code.lines().enumerate() {
            let l = line.trim_start();
            // `crate::cli::report::…`, `crate::cli::output::…` are fine; `crate::cli::{…}` or
            // `crate::cli::name` of an item of cli/mod.rs is not.
            let back =
                l.contains("crate::cli::{") || named.is_match(l) || l.contains("super::super::");
            if l.starts_with("use ") && back {
                found.push(format!("{name}:{}: {l}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "reporters import from cli/mod.rs: {found:#?}"
    );
}

/// The dispatcher (`cli/mod.rs`) imports the commands; a command imports what it shares with
/// the others from `cli/ctx.rs`, never an item of `cli/mod.rs` (an arrow back up). And the
/// reporters' events (`cli/report/event.rs`) import nothing back from `cli/report/mod.rs`.
#[test]
fn no_command_imports_the_dispatcher() {
    let sources = sources();
    let dispatcher = &sources.iter().find(|(n, _)| n == "cli/mod.rs").unwrap().1;
    // The modules of `cli`: importing a sibling module through `super` is no arrow up.
    let siblings: Vec<String> = regex::Regex::new(r"(?m)^(?:pub )?mod ([a-z_]+);")
        .unwrap()
        .captures_iter(dispatcher)
        .map(|c| c[1].to_owned())
        .collect();
    assert!(siblings.contains(&"ctx".to_owned()), "{siblings:?}");
    let item = regex::Regex::new(r"^use (super|crate::cli)::(\{[^}]*\}|[A-Za-z_]+);").unwrap();
    let mut found = Vec::new();
    for (name, code) in &sources {
        let depth = name.matches('/').count();
        let command = name.starts_with("cli/")
            && name != "cli/mod.rs"
            && (depth == 1 || depth == 2 && name.ends_with("/mod.rs"));
        for line in code.lines() {
            let l = line.trim_start();
            let up = item.captures(l).filter(|_| command).is_some_and(|m| {
                m[2].trim_matches(|c| c == '{' || c == '}')
                    .split(',')
                    .map(str::trim)
                    .any(|n| !n.is_empty() && !siblings.iter().any(|s| s == n))
            });
            let back = name == "cli/report/event.rs" && l.starts_with("use super::");
            if up || back {
                found.push(format!("{name}: {l}"));
            }
        }
    }
    assert!(found.is_empty(), "arrows back up: {found:#?}");
}

/// The library names no flag of the command line, nor a command to type: a driver, an HTTP
/// client of serve or a Rust caller of the tools is never told to pass one. What a caller can
/// do is typed (`ulcas::Hint`, `ulcas::Named`, `ulcas::advice::Advice`) and the binary's
/// phrasebook writes its flags. (git's own flags, which the library passes to git, are not
/// ulcas's; tests may name anything.)
#[test]
fn the_library_names_no_flag() {
    let flag = regex::Regex::new(r#""[^"]*--[a-z]|`--[a-z]|"ulcas [a-z]|`ulcas [a-z]"#).unwrap();
    // The header `ulcas lock` writes into every ulcas.lock: the file's own words, not advice.
    let lock_header = "\"# ulcas.lock: what each recorded prompt version";
    let mut found = Vec::new();
    for (name, code) in sources() {
        if name.starts_with("cli/") || name == "main.rs" || name == "git.rs" {
            continue;
        }
        let code = code.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let l = line.trim_start();
            if l.starts_with("//") || name == "lock/mod.rs" && l.starts_with(lock_header) {
                continue;
            }
            if flag.is_match(l) {
                found.push(format!("{name}:{}: {l}", n + 1));
            }
        }
    }
    assert!(found.is_empty(), "the library names a flag: {found:#?}");
}

/// No library error is about a flag: an error about the caller's options names them
/// ([`ulcas::Named`], [`ulcas::Hint`]) and the binary writes the flags.
#[test]
fn no_library_error_names_a_flag() {
    let error = regex::Regex::new(
        r#"Error::(msg|in_file|of_option)\(\s*(format!\(\s*)?(format_args!\(\s*)?"[^"]*--[a-z]"#,
    )
    .unwrap();
    for (name, code) in sources() {
        if name.starts_with("cli/") || name == "main.rs" {
            continue;
        }
        let found: Vec<&str> = error.find_iter(&code).map(|m| m.as_str()).collect();
        assert!(found.is_empty(), "{name}: {found:#?}");
    }
}

#[test]
fn no_library_module_names_the_union_of_events_or_the_cli() {
    let union = regex::Regex::new(r"(^|[^A-Za-z_])Event::").unwrap();
    for (name, code) in sources() {
        if name.starts_with("cli/") || name == "main.rs" {
            continue;
        }
        for bad in ["report::event", "cli::"] {
            assert!(!code.contains(bad), "{name} names {bad}");
        }
        assert!(!union.is_match(&code), "{name} names the union's Event");
    }
}

/// Every command is a folder of the same shape: `mod.rs` (its request, `run`, summary) and
/// `events.rs` (its events and sink trait) beside its logic files.
#[test]
fn every_command_is_a_folder_with_its_events() {
    let src = Path::new(crate::common::MANIFEST).join("src");
    for command in [
        "verify", "prune", "lookup", "review", "diff", "lock", "backfill", "migrate", "record",
        "dumps",
    ] {
        for file in ["mod.rs", "events.rs"] {
            assert!(
                src.join(command).join(file).is_file(),
                "src/{command}/{file} is missing"
            );
        }
        let events = std::fs::read_to_string(src.join(command).join("events.rs")).unwrap();
        assert!(
            events.contains("crate::sink::command_sink!"),
            "{command}: its sink beside its events"
        );
    }
}

/// Events are exhaustive: no command's events or context (nor `Common`, `Context`) are
/// `#[non_exhaustive]`, no event carries a `#[serde(skip)]` variant (context has its own type
/// and sink method), and no reporter has a catch-all arm that does nothing, so that a new event
/// is a compile error in every format until it says what it does with it.
#[test]
fn a_new_event_is_a_compile_error_in_every_format() {
    let enum_re = regex::Regex::new(r"pub enum (\w+(?:Event|Context)|Common)<").unwrap();
    let skipped_variant = regex::Regex::new(r"#\[serde\(skip\)\]\n    [A-Z]").unwrap();
    let catch_all = catch_all();
    let mut found = Vec::new();
    for (name, code) in sources() {
        for m in enum_re.captures_iter(&code) {
            let at = m.get(0).unwrap().start();
            let head = &code[code[..at].rfind("\n}").map_or(0, |i| i + 2)..at];
            if head.contains("#[non_exhaustive]") {
                found.push(format!("{name}: {} is #[non_exhaustive]", &m[1]));
            }
            let body = &code[at..];
            let body = &body[..body.find("\n}").unwrap_or(body.len())];
            if skipped_variant.is_match(body) {
                found.push(format!("{name}: {} has a skipped (context) variant", &m[1]));
            }
        }
        if name.starts_with("cli/report") || name == "cli/lookup.rs" {
            for m in catch_all.find_iter(&code) {
                let line = code[..m.start()].lines().count() + 1;
                found.push(format!(
                    "{name}:{line}: a catch-all that drops what it matches"
                ));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// An arm that matches anything and does nothing.
fn catch_all() -> regex::Regex {
    regex::Regex::new(r"(?m)^\s*_ => (Ok\(\(\)\)|\{\}|return Ok\(\(\)\)),?\s*$").unwrap()
}

/// Every public module of the library (the hidden `shell` aside) says what it is with a runnable
/// example in its own docs: every command module, every wire, every building block.
#[test]
fn every_public_module_has_a_runnable_example() {
    let src = Path::new(crate::common::MANIFEST).join("src");
    let declared = regex::Regex::new(r"(?m)^pub mod (\w+);").unwrap();
    let mut missing = Vec::new();
    let mut files = vec![src.join("lib.rs")];
    while let Some(file) = files.pop() {
        let code = std::fs::read_to_string(&file).unwrap();
        let code = code.split("#[cfg(test)]").next().unwrap();
        let base = match file.file_name().unwrap().to_str().unwrap() {
            "lib.rs" | "mod.rs" => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for m in declared.captures_iter(code) {
            let before = &code[..m.get(0).unwrap().start()];
            if before
                .lines()
                .last()
                .is_some_and(|l| l.contains("doc(hidden)"))
            {
                continue;
            }
            let flat = base.join(format!("{}.rs", &m[1]));
            let module = if flat.is_file() {
                flat
            } else {
                base.join(&m[1]).join("mod.rs")
            };
            let text = std::fs::read_to_string(&module).unwrap();
            // A code block that rustdoc runs: a bare or `rust` fence, not `text`, `ignore`,
            // `no_run` or another language's.
            let runs = text
                .lines()
                .take_while(|l| l.starts_with("//!"))
                .filter_map(|l| l.trim_start_matches("//!").trim().strip_prefix("```"))
                .step_by(2)
                .any(|info| info.is_empty() || info == "rust");
            if !runs {
                missing.push(module.strip_prefix(&src).unwrap().display().to_string());
            }
            files.push(module);
        }
    }
    assert!(
        missing.is_empty(),
        "a runnable example in the module docs: {missing:#?}"
    );
}

/// The guard above sees what it forbids.
#[test]
fn the_event_guard_sees_a_catch_all() {
    let catch_all = catch_all();
    assert!(catch_all.is_match("match e {\n    A => x(),\n    _ => Ok(()),\n}"));
    assert!(catch_all.is_match("        _ => {}\n"));
    assert!(!catch_all.is_match("        _ => None,\n"));
}

/// A message that sends the user to the guide names a page that exists, never a section of the
/// README that moved to `docs/`.
#[test]
fn every_page_a_message_names_exists() {
    let page = regex::Regex::new(r"docs/[a-z-]+\.md").unwrap();
    let mut missing = Vec::new();
    for entry in walkdir::WalkDir::new(Path::new(crate::common::MANIFEST).join("src")) {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for m in page.find_iter(&text) {
            if !Path::new(crate::common::MANIFEST)
                .join(m.as_str())
                .is_file()
            {
                missing.push(format!("{}: {}", entry.path().display(), m.as_str()));
            }
        }
        assert!(
            !text.contains("README: \\\""),
            "{}: a message sends the user to a README section",
            entry.path().display()
        );
    }
    assert!(missing.is_empty(), "{missing:?}");
}
