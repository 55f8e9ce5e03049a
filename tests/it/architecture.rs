//! The library's module graph has no circles: no module imports one that imports it back,
//! directly or around a loop (the events of each command sit beside its run; the union of all
//! of them, `event`, sits above the commands).

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
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        // Comments name modules without importing them.
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
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
        graph["event"].contains("verify"),
        "the union names the commands"
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
    for leaf in ["outcome", "layout", "answer"] {
        for command in ["verify", "prune", "lookup", "review", "migrate", "event"] {
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
