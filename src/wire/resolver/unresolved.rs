//! Why a wire request resolves to no prompt version and schema, and the reason in one line.

use super::nearest::Nearest;

/// Why a wire request names no known prompt or schema (each a miss that says so).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Unresolved {
    /// No store's registry holds the system text (and no headers name the task).
    UnknownPrompt {
        /// The most similar prompts the registries hold: one, or those tied for it (none
        /// when no prompt shares a word).
        nearest: Vec<Nearest>,
    },
    /// The prompt is known, but no schema of that version has the wire's provider form.
    UnknownSchema {
        /// The prompt versions (`task vN`) the request can be, in the order tried.
        versions: Vec<String>,
        /// How many schemas were compared (the registry's, the exported and the recorded
        /// ones).
        compared: usize,
        /// When the prompt's schema is built in code (the front matter names no file): the
        /// version, and what its front matter says instead.
        built_in_code: Option<(String, String)>,
    },
    /// `x-ulcas-prompt-version` is not an integer, the headers disagree with the prompt the
    /// system text is, or the schema of a prompt in code cannot be keyed.
    BadOverride(String),
    /// `x-ulcas-task` and `x-ulcas-prompt-version` name a prompt a registry holds, and the
    /// system text is not its text: the headers choose between prompts that send one text,
    /// they never stand for a text that is not theirs.
    NotTheText {
        /// The prompt the headers name (`task vN`).
        named: String,
        /// The prompt versions whose text the system text is (`task vN`), if any.
        text_is: Vec<String>,
    },
    /// The request is the prompt of more than one task (the same system text, and a schema
    /// that does not tell them apart): never a guess.
    Ambiguous {
        /// The prompt versions it can be (`task vN`), in the order tried.
        candidates: Vec<String>,
    },
}

impl Unresolved {
    /// The reason, in one line.
    pub fn message(&self) -> String {
        match self {
            Unresolved::UnknownPrompt { nearest } => unknown_prompt(nearest),
            Unresolved::UnknownSchema {
                built_in_code: Some((version, said)),
                compared,
                ..
            } => format!(
                "the output schema of {version} is built in code (its prompt file says `schema: {said}`), and none of the {compared} schema(s) ulcas knows for it (exported into a code_schemas folder, or recorded with request material) has the provider form this request sent: export the app's schemas into a folder that ulcas.toml names as code_schemas, or record the request once with request material"
            ),
            Unresolved::UnknownSchema {
                versions, compared, ..
            } => {
                let of = match versions.as_slice() {
                    [one] => one.clone(),
                    many => format!(
                        "the {} prompt versions that send this system text ({}{})",
                        many.len(),
                        many.iter().take(5).cloned().collect::<Vec<_>>().join(", "),
                        if many.len() > 5 { ", …" } else { "" }
                    ),
                };
                format!(
                    "the output schema is unknown: none of the {compared} schema(s) of {of} (the registry's and the recorded ones) has the provider form this request sent; the schema changed since the prompt file (or the recordings), or the registry reads another schemas folder"
                )
            }
            Unresolved::BadOverride(why) => why.clone(),
            Unresolved::NotTheText { named, text_is } => match text_is.as_slice() {
                [] => format!(
                    "the headers name the prompt {named}, but the system text is not its text (nor any prompt's a registry holds): the prompt was edited without a version bump, or the headers name the wrong prompt; the registry's text of {named} is what the app must send"
                ),
                found => format!(
                    "the headers name the prompt {named}, but the system text is the text of {}: send the headers of that prompt, or its text",
                    found.join(", ")
                ),
            },
            Unresolved::Ambiguous { candidates } => format!(
                "the request is the prompt of {} tasks ({}): they send the same system text, and its schema does not tell them apart; the headers x-ulcas-task and x-ulcas-prompt-version say which",
                distinct_tasks(candidates),
                candidates.join(", ")
            ),
        }
    }
}

/// A system text that is no prompt: the nearest prompts, or that none shares a word with it.
fn unknown_prompt(nearest: &[super::Nearest]) -> String {
    match nearest {
        [] => "the system text is no prompt of any store's registry and shares no word with one: give the stores the app's prompts folder, or send the headers x-ulcas-task and x-ulcas-prompt-version".into(),
        [one] => format!(
            "the system text is no prompt of any store's registry; the nearest is {} ({} v{}, {:.0}% of its words): the app sends another text than the registry holds (a prompt edited without a version bump, or another prompts folder)",
            one.path.display(),
            one.task,
            one.version,
            one.similarity * 100.0
        ),
        tied => format!(
            "the system text is no prompt of any store's registry; {} prompts are tied for the nearest, each with {:.0}% of its words ({}): the app sends another text than the registry holds (a prompt edited without a version bump, or another prompts folder)",
            tied.len(),
            tied[0].similarity * 100.0,
            tied.iter()
                .take(5)
                .map(|n| format!("{} v{} in {}", n.task, n.version, n.path.display()))
                .chain((tied.len() > 5).then(|| "…".to_owned()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// How many tasks `task vN` names hold.
fn distinct_tasks(names: &[String]) -> usize {
    let mut tasks: Vec<&str> = names
        .iter()
        .map(|n| n.rsplit_once(' ').map_or(n.as_str(), |(t, _)| t))
        .collect();
    tasks.sort_unstable();
    tasks.dedup();
    tasks.len()
}

#[cfg(test)]
mod tests {
    use super::Unresolved;

    #[test]
    fn an_unknown_schema_names_every_version_the_text_can_be() {
        let one = Unresolved::UnknownSchema {
            versions: vec!["quiz v2".into()],
            compared: 3,
            built_in_code: None,
        };
        assert!(
            one.message()
                .contains("none of the 3 schema(s) of quiz v2 "),
            "{}",
            one.message()
        );
        let many = Unresolved::UnknownSchema {
            versions: (1..=7).map(|v| format!("t{v} v1")).collect(),
            compared: 9,
            built_in_code: None,
        };
        let m = many.message();
        assert!(m.contains("of the 7 prompt versions that send this system text (t1 v1, t2 v1, t3 v1, t4 v1, t5 v1, …)"), "{m}");
    }
}
