//! `review --format markdown`: a pull-request comment. A summary table, then one collapsible
//! `<details>` per changed pair, always under GitHub's comment limit (what was cut is said).

use serde_json::Value;
use ulcas::review::against::{ChangeKind, Listed, RerecordSummary, Rerecording};
use ulcas::review::{AnswerChange, ChangeOp, Review, ReviewSummary, Side};
use ulcas::store_settings::StoreSettings;

use super::escape::{html, md_code, md_text};
use super::review_text::{capitalised, from_to, retire_sentence, short, unpaired_hint, verdict};
use crate::cli::report::shown;

/// GitHub refuses comments longer than this many characters.
pub const COMMENT_LIMIT: usize = 65_536;

/// Room kept for the closing lines (what was cut, the retire command).
const RESERVE: usize = 2_000;

/// The comment.
pub fn render(store: &StoreSettings, r: &Review, s: &ReviewSummary, stat: bool) -> String {
    let mut md = summary(r, s);
    let cut = if stat { 0 } else { details(&mut md, store, r) };
    if cut > 0 {
        md.push_str(&format!(
            "_{cut} more changed pairs are not shown: a comment is limited to {COMMENT_LIMIT} characters; {} lists every one._\n\n",
            md_code(&format!("ulcas review {} --format json", r.task))
        ));
    }
    let retire = retire_sentence(r.from_version, &r.retire(store), &|c| md_code(c));
    md.push_str(&format!("{}\n", capitalised(&retire)));
    md
}

/// The heading, the token and schema-failure table, the counts and the most changed pointers.
fn summary(r: &Review, s: &ReviewSummary) -> String {
    let (from, to) = (&s.tokens_from, &s.tokens_to);
    let mut md = format!(
        "### ulcas review: {} v{} → v{}\n\n| | v{} | v{} |\n|---|---|---|\n",
        md_code(&r.task),
        r.from_version,
        r.to_version,
        r.from_version,
        r.to_version
    );
    md.push_str(&format!(
        "| input tokens (total) | {} | {} ({}) |\n",
        from.input_total,
        to.input_total,
        change(from.input_total as f64, to.input_total as f64)
    ));
    md.push_str(&format!(
        "| output tokens (total) | {} | {} ({}) |\n",
        from.output_total,
        to.output_total,
        change(from.output_total as f64, to.output_total as f64)
    ));
    md.push_str(&format!(
        "| output tokens (mean) | {:.1} | {:.1} |\n| schema failures | {} | {} |\n\n",
        from.output_mean, to.output_mean, s.schema_failures_from, s.schema_failures_to
    ));
    md.push_str(&format!(
        "**{}**: {} identical, {} changed. Not re-recorded: {}. New inputs: {}. Without request material: {}.\n\n",
        if s.pairs == 1 { "1 pair".to_owned() } else { format!("{} pairs", s.pairs) },
        s.identical, s.changed, s.unpaired_from, s.unpaired_to, s.without_material
    ));
    if !s.top_pointers.is_empty() {
        let top: Vec<String> = s
            .top_pointers
            .iter()
            .map(|(p, n)| format!("{} ({n})", md_code(if p.is_empty() { "/" } else { p })))
            .collect();
        md.push_str(&format!("Most changed: {}\n\n", top.join(", ")));
    }
    md
}

/// One `<details>` per changed pair and the list of inputs not re-recorded, as far as the
/// comment limit allows; returns how many changed pairs were cut.
fn details(md: &mut String, store: &StoreSettings, r: &Review) -> usize {
    let mut cut = 0;
    for p in r.pairs.iter().filter(|p| p.changed()) {
        let block = pair_block(
            (
                &format!("v{}", r.from_version),
                &format!("v{}", r.to_version),
            ),
            p,
        );
        if md.len() + block.len() + RESERVE > COMMENT_LIMIT {
            cut += 1;
            continue;
        }
        md.push_str(&block);
    }
    let missing: Vec<_> = r
        .unpaired
        .iter()
        .filter(|u| u.side == Side::From && u.why == ulcas::review::UnpairedWhy::NotRerecorded)
        .collect();
    if missing.is_empty() {
        return cut;
    }
    let mut list = String::from("<details><summary>Not re-recorded yet</summary>\n\n");
    for u in &missing {
        list.push_str(&format!(
            "- {}: {}\n",
            md_code(&shown(&u.path)),
            md_text(&unpaired_hint(store, u.why))
        ));
    }
    list.push_str("\n</details>\n\n");
    if md.len() + list.len() + RESERVE <= COMMENT_LIMIT {
        md.push_str(&list);
    } else {
        md.push_str(&format!(
            "{} inputs are not re-recorded yet (list cut for length).\n\n",
            missing.len()
        ));
    }
    cut
}

fn change(a: f64, b: f64) -> String {
    from_to(a, b)
        .split(" (")
        .nth(1)
        .map_or_else(|| "–".to_owned(), |p| p.trim_end_matches(')').to_owned())
}

fn pair_block(labels: (&str, &str), p: &ulcas::review::Pair) -> String {
    let mut b = format!(
        "<details><summary><code>{}</code> → <code>{}</code>: {} (schema {} → {})</summary>\n\n| pointer | change | {} | {} |\n|---|---|---|---|\n",
        html(&shown(&p.from.path)),
        html(&shown(&p.to.path)),
        if p.changes.len() == 1 {
            "1 change".to_owned()
        } else {
            format!("{} changes", p.changes.len())
        },
        verdict(p.from.schema_ok),
        verdict(p.to.schema_ok),
        html(labels.0),
        html(labels.1)
    );
    if let Some(system) = p.system_edit() {
        b.push_str(&format!(
            "| (system text) | changed | {} | {} |\n",
            md_code(&short(&Value::from(system.from), 200)),
            md_code(&short(&Value::from(system.to), 200))
        ));
    }
    for c in p.changes.iter().take(50) {
        b.push_str(&row(c));
    }
    if p.changes.len() > 50 {
        b.push_str(&format!("| … | {} more | | |\n", p.changes.len() - 50));
    }
    b.push_str("\n</details>\n\n");
    b
}

fn row(c: &AnswerChange) -> String {
    let op = match c.op {
        ChangeOp::Added => "added",
        ChangeOp::Removed => "removed",
        ChangeOp::Changed => "changed",
    };
    let v = |x: &Option<Value>| {
        x.as_ref()
            .map_or_else(String::new, |x| md_code(&short(x, 200)))
    };
    format!(
        "| {} | {op} | {} | {} |\n",
        md_code(if c.pointer.is_empty() {
            "/"
        } else {
            &c.pointer
        }),
        v(&c.from),
        v(&c.to)
    )
}

/// The comment of `review --against`: the totals, each changed pair as far as the limit allows,
/// the cassettes added and removed, and the command that rejects.
/// The `review --against` comment: one section per store, one after the other.
pub fn against_all(reviews: &[(Rerecording, RerecordSummary)], base: &str, stat: bool) -> String {
    reviews
        .iter()
        .map(|(r, s)| against(r, s, base, stat))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The heading, token table and counts of a re-recording.
fn against_head(r: &Rerecording, s: &RerecordSummary) -> String {
    let short_commit: String = s.commit.chars().take(12).collect();
    let (a, b) = (&s.tokens.from, &s.tokens.to);
    let mut md = format!(
        "### ulcas review: {} against {} ({})\n\n| re-recorded pairs | {} | now |\n|---|---|---|\n",
        md_code(&shown(&r.root)),
        md_code(&s.against),
        md_code(&short_commit),
        md_code(&s.against)
    );
    md.push_str(&format!(
        "| input tokens (total) | {} | {} ({}) |\n| output tokens (total) | {} | {} ({}) |\n| schema failures | {} | {} |\n\n",
        a.input_total,
        b.input_total,
        change(a.input_total as f64, b.input_total as f64),
        a.output_total,
        b.output_total,
        change(a.output_total as f64, b.output_total as f64),
        s.schema_failures.from,
        s.schema_failures.to
    ));
    md.push_str(&format!(
        "**{}**: {} identical, {} changed{}; {} added, {} removed. Model changed in {}, stop reason in {}.\n\n",
        if s.pairs == 1 { "1 pair".to_owned() } else { format!("{} pairs", s.pairs) },
        s.identical,
        s.changed,
        if s.metadata_changed > 0 {
            format!(", {} with only the model or stop reason changed", s.metadata_changed)
        } else {
            String::new()
        },
        s.added, s.removed, s.model_changed, s.stop_reason_changed
    ));
    md
}

fn against(r: &Rerecording, s: &RerecordSummary, base: &str, stat: bool) -> String {
    let mut md = against_head(r, s);
    if !s.lock_changed.is_empty() {
        md.push_str(&format!(
            "ulcas.lock entries changed since {}: {}. Reject all of a version's cassettes or none: its entry goes back with them.\n\n",
            md_code(&s.against),
            md_text(&s.lock_changed.join(", "))
        ));
    }
    let labels = (s.against.as_str(), "now");
    let mut cut = 0;
    let mut others = String::new();
    for item in r.listed() {
        let (kind, pair) = match item {
            Listed::Edit(e) => (None, Some(&e.pair)),
            Listed::Change(c) => match &c.kind {
                ChangeKind::Changed(p) => (Some(c), Some(&**p)),
                _ => (Some(c), None),
            },
        };
        match (kind, pair) {
            (_, Some(p)) if stat || !p.differs() => {}
            (_, Some(p)) => {
                let block = pair_block(labels, p);
                if md.len() + block.len() + RESERVE > COMMENT_LIMIT {
                    cut += 1;
                } else {
                    md.push_str(&block);
                }
            }
            (Some(change), None) => {
                let what = match change.kind {
                    ChangeKind::Added(_) => "added",
                    ChangeKind::Removed(_) => "removed",
                    ChangeKind::Unreadable | ChangeKind::Changed(_) => "unreadable on one side",
                };
                others.push_str(&format!("- {}: {what}\n", md_code(&shown(&change.path))));
            }
            (None, None) => {}
        }
    }
    if !others.is_empty() && !stat {
        let list =
            format!("<details><summary>Added and removed</summary>\n\n{others}\n</details>\n\n");
        if md.len() + list.len() + RESERVE <= COMMENT_LIMIT {
            md.push_str(&list);
        } else {
            md.push_str(&format!(
                "{} cassettes were added or removed (list cut for length).\n\n",
                s.added + s.removed + s.unreadable
            ));
        }
    }
    if cut > 0 {
        md.push_str(&format!(
            "_{cut} more changed pairs are not shown: a comment is limited to {COMMENT_LIMIT} characters; {} lists every one._\n\n",
            md_code(&format!("{base} --format json"))
        ));
    }
    if !r.changes.is_empty() {
        md.push_str(&format!(
            "To keep {}'s answer of a cassette: {}, or walk them with {}.\n",
            md_code(&s.against),
            md_code(&format!("{base} --reject PATH…")),
            md_code(&format!("{base} --interactive"))
        ));
    }
    md
}
