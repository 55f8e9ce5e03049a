//! `review` in human text, and the pieces its Markdown and HTML share: a block per pair with
//! its changes as JSON pointers, the unpaired recordings with what to do, the summary.

use std::io;

use serde_json::Value;
use ulcas::lookup::word_diff;
use ulcas::review::against::{ChangeKind, Listed, RerecordSummary, Rerecording};
use ulcas::review::{
    AnswerChange, ChangeOp, Pair, Review, ReviewEvent, ReviewSummary, Side, UnpairedWhy,
};
use ulcas::store_settings::StoreSettings;

use super::render::compact_diff;
use crate::cli::output::{Out, Tone};
use crate::cli::report::Detail;
use crate::cli::report::group::count;
use crate::cli::report::review_text::{from_to, retire_sentence, short, unpaired_hint, verdict};
use crate::cli::report::shown;

/// Strings longer than this are shown as a word diff.
pub const LONG_STRING: usize = 80;

/// The events of `review`: a rejected cassette and what `--against` leaves to do (the pairs
/// and summaries are written with the review, its context).
pub fn event(out: &mut Out, event: &ReviewEvent<'_>, quiet: bool) -> io::Result<()> {
    match event {
        ReviewEvent::Rejected(r) if !quiet => {
            let action = match r.action {
                ulcas::review::against::RejectAction::Restored => "restored",
                ulcas::review::against::RejectAction::Removed => "removed",
            };
            out.line(&format!("rejected: {action} {}", shown(&r.path)))
        }
        ReviewEvent::AgainstSummary(s) if s.rejected > 0 && !quiet => out.line(&format!(
            "{}: {} rejected; `git diff` shows what is kept",
            shown(&s.store),
            count(s.rejected, "re-recording", "re-recordings")
        )),
        ReviewEvent::AgainstSummary(s) if s.differing > 0 && !quiet => out.line(&format!(
            "  to keep {}'s answer of a cassette: ulcas review --against {} --reject PATH… (or --interactive)",
            s.against, s.against
        )),
        ReviewEvent::Pair(_)
        | ReviewEvent::Unpaired(_)
        | ReviewEvent::Summary(_)
        | ReviewEvent::Rejected(_)
        | ReviewEvent::AgainstSummary(_) => Ok(()),
    }
}

/// The review: pairs and unpaired recordings (unless `--stat` or quiet), then the summary.
pub fn review(
    out: &mut Out,
    store: &StoreSettings,
    r: &Review,
    s: &ReviewSummary,
    detail: Detail,
) -> io::Result<()> {
    if detail.quiet {
        return out.line(&summary_lines(store, r, s)[0]);
    }
    human(out, store, r, s, detail.stat)
}

/// The summary lines shared by human output (plain text, one per line).
pub fn summary_lines(store: &StoreSettings, r: &Review, s: &ReviewSummary) -> Vec<String> {
    let mut lines = vec![format!(
        "{} {}: v{} → v{}: {} (identical {}, changed {})",
        shown(&store.root),
        r.task,
        r.from_version,
        r.to_version,
        count(s.pairs, "pair", "pairs"),
        s.identical,
        s.changed
    )];
    if !s.top_pointers.is_empty() {
        let top: Vec<String> = s
            .top_pointers
            .iter()
            .map(|(p, n)| format!("{} ({n})", if p.is_empty() { "/" } else { p }))
            .collect();
        lines.push(format!("  most changed: {}", top.join(", ")));
    }
    if s.pairs > 0 {
        let (a, b) = (&s.tokens_from, &s.tokens_to);
        for (side, totals, means) in [
            (
                "input",
                (a.input_total, b.input_total),
                (a.input_mean, b.input_mean),
            ),
            (
                "output",
                (a.output_total, b.output_total),
                (a.output_mean, b.output_mean),
            ),
        ] {
            lines.push(format!(
                "  {side} tokens: total {}, mean {}",
                from_to(totals.0 as f64, totals.1 as f64),
                from_to(means.0, means.1)
            ));
        }
    }
    lines.push(format!(
        "  schema failures: v{} {}, v{} {}",
        r.from_version, s.schema_failures_from, r.to_version, s.schema_failures_to
    ));
    lines.push(format!(
        "  not re-recorded: {}, new inputs: {}, without request material: {}",
        s.unpaired_from, s.unpaired_to, s.without_material
    ));
    lines.push(format!(
        "  {}",
        retire_sentence(r.from_version, &r.retire(store), &|c| c.to_owned())
    ));
    lines
}

fn human(
    out: &mut Out,
    store: &StoreSettings,
    r: &Review,
    s: &ReviewSummary,
    stat: bool,
) -> io::Result<()> {
    if !stat {
        for p in &r.pairs {
            pair_block(out, p)?;
        }
        for u in &r.unpaired {
            let side = match u.side {
                Side::From => format!("v{} only", r.from_version),
                Side::To => format!("v{} only", r.to_version),
            };
            let tone = if u.why == UnpairedWhy::NewInput {
                Tone::Dim
            } else {
                Tone::Warn
            };
            let line = format!(
                "{} ({side}): {}",
                shown(&u.path),
                unpaired_hint(store, u.why)
            );
            out.line(&out.paint(tone, &line))?;
        }
        if !r.pairs.is_empty() || !r.unpaired.is_empty() {
            out.line("")?;
        }
    }
    for (i, line) in summary_lines(store, r, s).into_iter().enumerate() {
        let line = if i == 0 {
            out.paint(Tone::Strong, &line)
        } else {
            line
        };
        out.line(&line)?;
    }
    Ok(())
}

/// One pair: its paths, tokens, schema verdicts, stop reason and model when they changed, and
/// each change of the answer.
pub fn pair_block(out: &mut Out, p: &Pair) -> io::Result<()> {
    let tone = if p.differs() { Tone::Warn } else { Tone::Good };
    let status = out.paint(tone, &crate::cli::report::pair_status(p));
    let head = format!("{} → {}", shown(&p.from.path), shown(&p.to.path));
    out.line(&format!("{}  {status}", out.paint(Tone::Strong, &head)))?;
    let (fi, fo) = p.from.tokens();
    let (ti, to) = p.to.tokens();
    let mut facts = vec![
        format!("tokens in {}", from_to(fi as f64, ti as f64)),
        format!("out {}", from_to(fo as f64, to as f64)),
        format!(
            "schema {} → {}",
            verdict(p.from.schema_ok),
            verdict(p.to.schema_ok)
        ),
    ];
    if p.from.cassette.model != p.to.cassette.model {
        facts.insert(
            0,
            format!("model {} → {}", p.from.cassette.model, p.to.cassette.model),
        );
    }
    if p.from.cassette.stop_reason != p.to.cassette.stop_reason {
        facts.insert(
            0,
            format!(
                "stop {} → {}",
                p.from.cassette.stop_reason, p.to.cassette.stop_reason
            ),
        );
    }
    out.line(&out.paint(Tone::Dim, &format!("  {}", facts.join(", "))))?;
    if let Some(system) = p.system_edit() {
        out.line("  the prompt (system text) changed:")?;
        let (diff, _) = ulcas::lookup::word_diff(system.from, system.to);
        for line in super::render::compact_diff(out, &diff) {
            out.line(&line)?;
        }
    }
    for c in &p.changes {
        change_lines(out, c)?;
    }
    Ok(())
}

fn change_lines(out: &mut Out, c: &AnswerChange) -> io::Result<()> {
    let at = if c.pointer.is_empty() {
        "/"
    } else {
        &c.pointer
    };
    match (c.op, &c.from, &c.to) {
        (ChangeOp::Changed, Some(Value::String(a)), Some(Value::String(b)))
            if a.chars().count() > LONG_STRING || b.chars().count() > LONG_STRING =>
        {
            out.line(&format!("  {} {at}:", out.paint(Tone::Warn, "~")))?;
            for line in compact_diff(out, &word_diff(a, b).0) {
                out.line(&line)?;
            }
        }
        (ChangeOp::Changed, Some(a), Some(b)) => out.line(&format!(
            "  {} {at}: {} → {}",
            out.paint(Tone::Warn, "~"),
            out.paint(Tone::Bad, &short(a, 100)),
            out.paint(Tone::Good, &short(b, 100))
        ))?,
        (ChangeOp::Added, _, Some(b)) => out.line(&format!(
            "  {} {at}: {}",
            out.paint(Tone::Good, "+"),
            out.paint(Tone::Good, &short(b, 160))
        ))?,
        (ChangeOp::Removed, Some(a), _) => out.line(&format!(
            "  {} {at}: {}",
            out.paint(Tone::Bad, "-"),
            out.paint(Tone::Bad, &short(a, 160))
        ))?,
        // A change without the value it names: the answers' diff never makes one.
        (ChangeOp::Changed, _, _) | (ChangeOp::Added, _, None) | (ChangeOp::Removed, None, _) => {}
    }
    Ok(())
}

/// `review --against`: each listed cassette (unless `--stat` or quiet), then the totals and how
/// to reject.
pub fn against(
    out: &mut Out,
    r: &Rerecording,
    s: &RerecordSummary,
    detail: Detail,
) -> io::Result<()> {
    if !detail.stat && !detail.quiet {
        for item in r.listed() {
            let change = match item {
                Listed::Edit(e) => {
                    pair_block(out, &e.pair)?;
                    continue;
                }
                Listed::Change(change) => change,
            };
            match &change.kind {
                ChangeKind::Changed(p) => pair_block(out, p)?,
                ChangeKind::Added(_) => out.line(&out.paint(
                    Tone::Warn,
                    &format!("{}: added (not at {})", shown(&change.path), r.reference),
                ))?,
                ChangeKind::Removed(_) => out.line(&out.paint(
                    Tone::Warn,
                    &format!("{}: removed (only at {})", shown(&change.path), r.reference),
                ))?,
                ChangeKind::Unreadable => out.line(&out.paint(
                    Tone::Bad,
                    &format!(
                        "{}: one side does not read as a cassette (verify says why)",
                        shown(&change.path)
                    ),
                ))?,
            }
        }
        if !r.changes.is_empty() {
            out.line("")?;
        }
    }
    for (i, line) in against_lines(r, s).into_iter().enumerate() {
        if i == 0 {
            out.line(&out.paint(Tone::Strong, &line))?;
        } else if !detail.quiet {
            out.line(&line)?;
        }
    }
    Ok(())
}

/// The totals of a re-recording, one line each (human text).
pub fn against_lines(r: &Rerecording, s: &RerecordSummary) -> Vec<String> {
    let short_commit: String = s.commit.chars().take(12).collect();
    let only_metadata = if s.metadata_changed > 0 {
        format!(", only model or stop reason {}", s.metadata_changed)
    } else {
        String::new()
    };
    let mut lines = vec![format!(
        "{} against {} ({short_commit}): {} (identical {}, changed {}{only_metadata}), added {}, removed {}",
        shown(&r.root),
        s.against,
        count(s.pairs, "pair", "pairs"),
        s.identical,
        s.changed,
        s.added,
        s.removed
    )];
    if s.unreadable > 0 {
        lines.push(format!("  unreadable on one side: {}", s.unreadable));
    }
    if s.prompt_edits > 0 {
        lines.push(format!(
            "  prompts in code edited: {} (each an old recording removed and a new one added, shown as a pair)",
            s.prompt_edits
        ));
    }
    let (a, b) = (&s.tokens.from, &s.tokens.to);
    if r.pairs().next().is_some() {
        lines.push(format!(
            "  tokens of the re-recorded pairs: in {}, out {}",
            from_to(a.input_total as f64, b.input_total as f64),
            from_to(a.output_total as f64, b.output_total as f64)
        ));
        lines.push(format!(
            "  model changed: {}, stop reason changed: {}, schema failures: {} {} → now {}",
            s.model_changed,
            s.stop_reason_changed,
            s.against,
            s.schema_failures.from,
            s.schema_failures.to
        ));
    }
    if !s.lock_changed.is_empty() {
        lines.push(format!(
            "  ulcas.lock entries changed since {}: {} (reject all of a version's cassettes or none; its entry goes back with them)",
            s.against,
            s.lock_changed.join(", ")
        ));
    }
    lines
}
