//! No import circle anywhere (issue 59): the graph of files, the library's and the binary's
//! (`src/cli` included), has no two files that reach each other. A file's edges are the paths
//! it names (`crate::…`, `super::…`, `self::…`, the binary's `ulcas::…`), each resolved to the
//! file of the longest module it names. A module's own `mod.rs` (or `lib.rs`, `main.rs`) is its
//! facade: the edges between a file and its ancestors are its declaration, not a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Which crate a file belongs to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Crate {
    Lib,
    Bin,
}

/// A module: its crate and path (`cli::serve::http` is `[cli, serve, http]`).
type Module = (Crate, Vec<String>);

/// Every `.rs` file under `src` as a module, with its code (tests and comments left out).
fn files(src: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    for entry in walkdir::WalkDir::new(src) {
        let entry = entry.unwrap();
        let rel = entry
            .path()
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let Some(stem) = rel.strip_suffix(".rs") else {
            continue;
        };
        let mut path: Vec<String> = stem.split('/').map(str::to_owned).collect();
        if path.last().is_some_and(|l| l == "mod") {
            path.pop();
        }
        let krate = if rel == "main.rs" || rel.starts_with("cli/") {
            Crate::Bin
        } else {
            Crate::Lib
        };
        if path == ["main"] || path == ["lib"] {
            path.clear();
        }
        let code =
            crate::project::architecture::code_of(&std::fs::read_to_string(entry.path()).unwrap());
        out.insert((krate, path), code);
    }
    out
}

/// The paths a use-tree names, from `text` just after its first `::` (`a::b`, `{a, b::{c}}`).
fn use_paths(text: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], at: &mut usize) -> Vec<Vec<String>> {
        let mut segments = Vec::new();
        loop {
            while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
                *at += 1;
            }
            if chars.get(*at) == Some(&'{') {
                *at += 1;
                let mut out = Vec::new();
                loop {
                    for mut sub in tree(chars, at) {
                        let mut full = segments.clone();
                        full.append(&mut sub);
                        out.push(full);
                    }
                    while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
                        *at += 1;
                    }
                    match chars.get(*at) {
                        Some(',') => *at += 1,
                        Some('}') => {
                            *at += 1;
                            return out;
                        }
                        _ => return out,
                    }
                    if chars
                        .get(*at..)
                        .is_some_and(|r| r.iter().find(|c| !c.is_whitespace()) == Some(&'}'))
                    {
                        while chars.get(*at) != Some(&'}') {
                            *at += 1;
                        }
                        *at += 1;
                        return out;
                    }
                }
            }
            let start = *at;
            while chars
                .get(*at)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                *at += 1;
            }
            if *at == start {
                return vec![segments];
            }
            segments.push(chars[start..*at].iter().collect());
            if chars.get(*at..*at + 2) == Some(&[':', ':']) {
                *at += 2;
            } else {
                return vec![segments];
            }
        }
    }
    let chars: Vec<char> = text.chars().take(2000).collect();
    tree(&chars, &mut 0)
}

/// The graph: each file → the files it names (ancestors and descendants left out).
fn graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = files(src);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    let prefix = regex::Regex::new(r"\b(crate|super|self|ulcas)::").unwrap();
    for ((krate, here), code) in &files {
        let deps = graph.entry((*krate, here.clone())).or_default();
        for m in prefix.find_iter(code) {
            // `super::super::x`: count the chain from its first segment.
            if code[..m.start()].ends_with("::") {
                continue;
            }
            let (target_crate, mut base): (Crate, Vec<String>) = match &code[m.start()..m.end() - 2]
            {
                "crate" => (*krate, Vec::new()),
                "ulcas" if *krate == Crate::Bin => (Crate::Lib, Vec::new()),
                "ulcas" => continue,
                "self" => (*krate, here.clone()),
                // `super` of `a::b` (a.rs's b.rs, or b/mod.rs) is `a`.
                _ => (*krate, here[..here.len().saturating_sub(1)].to_vec()),
            };
            for path in use_paths(&code[m.end()..]) {
                let mut segments = path.into_iter().peekable();
                while segments.peek().is_some_and(|s| s == "super") {
                    segments.next();
                    base.pop();
                }
                let mut full = base.clone();
                full.extend(segments);
                // The longest module the path names.
                let target = (0..=full.len())
                    .rev()
                    .map(|n| (target_crate, full[..n].to_vec()))
                    .find(|m| files.contains_key(m));
                let Some(target) = target else { continue };
                let related = target.0 == *krate
                    && (target.1.starts_with(here) || here.starts_with(&target.1));
                if !related {
                    deps.insert(target);
                }
            }
        }
    }
    graph
}

/// The circles of `graph`: its strongly connected components of two files or more.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    let name = |m: &Module| {
        let crate_name = if m.0 == Crate::Bin { "bin" } else { "lib" };
        format!("{crate_name}::{}", m.1.join("::"))
    };
    let reaches = |from: &Module| -> BTreeSet<Module> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&Module, BTreeSet<Module>> =
        graph.keys().map(|m| (m, reaches(m))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for m in graph.keys() {
        if done.contains(m) || !reach[m].contains(m) {
            continue;
        }
        let mut circle: Vec<String> = graph
            .keys()
            .filter(|o| reach[m].contains(*o) && reach[*o].contains(m))
            .inspect(|o| {
                done.insert((*o).clone());
            })
            .map(name)
            .collect();
        circle.sort();
        out.push(circle);
    }
    out
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let src = Path::new(crate::common::MANIFEST).join("src");
    let graph = graph(&src);
    assert!(
        graph.len() > 150,
        "the walk found the files: {}",
        graph.len()
    );
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles (files that reach each other): {found:#?}"
    );
}

/// The guard sees a circle planted anywhere: between two siblings of a folder of the binary,
/// through `super::` and a group, and across folders of the library.
#[test]
fn the_guard_sees_a_planted_circle() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |rel: &str, text: &str| {
        let path = src.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("main.rs", "mod cli;\nfn main() { cli::serve::run(); }\n");
    write("lib.rs", "pub mod a;\npub mod b;\n");
    write("cli/mod.rs", "pub mod serve;\n");
    write(
        "cli/serve/mod.rs",
        "mod http;\nmod record;\npub fn run() { http::go(); }\n",
    );
    write(
        "cli/serve/http.rs",
        "use super::{record::Miss, Server};\npub fn go() {}\n",
    );
    write(
        "cli/serve/record.rs",
        "pub struct Miss;\nfn f() { super::http::go(); }\n",
    );
    write("a/mod.rs", "pub mod x;\n");
    write("a/x.rs", "use crate::b::y::Y;\npub struct X;\n");
    write("b/mod.rs", "pub mod y;\n");
    write(
        "b/y.rs",
        "pub struct Y;\n// crate::a::x::X named in a comment is no import\n",
    );
    let found = circles(&graph(src));
    assert_eq!(
        found,
        vec![vec![
            "bin::cli::serve::http".to_owned(),
            "bin::cli::serve::record".to_owned()
        ]]
    );
    // Across the library's folders too, once y names x back.
    write("b/y.rs", "pub struct Y;\nfn f(_: crate::a::x::X) {}\n");
    let found = circles(&graph(src));
    assert!(
        found.contains(&vec!["lib::a::x".to_owned(), "lib::b::y".to_owned()]),
        "{found:?}"
    );
}
