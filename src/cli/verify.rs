//! `verify`: check stores, print findings as text, JSON Lines or GitHub annotations.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use ulcas::key::{key_of, CassetteKey};
use ulcas::request::Request;
use ulcas::settings::{store_for_request, Store};
use ulcas::store::scan;
use ulcas::verify::{missing_cassettes, verify_scanned, Finding, Severity, VerifyReport};

use super::args::{DenyLevel, VerifyArgs};
use super::output::{gh_data, gh_property, progress_bar, Format, Out, Tone};
use super::{exact, shown, stores, Answer, Outcome};

/// GitHub shows at most this many annotations per level in a step.
pub const GITHUB_ANNOTATIONS: usize = 10;

/// `ulcas verify`.
pub fn verify(args: VerifyArgs, color: bool) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    // Each dump is keyed once and checked in the one store it belongs to.
    let mut dumps: Vec<Vec<(PathBuf, CassetteKey)>> = vec![Vec::new(); jobs.len()];
    for file in super::request_files(&args.requests)? {
        let key = key_of(&Request::from_file(&file)?);
        if let Some(i) = store_for_request(&jobs, &key)
            .and_then(|s| jobs.iter().position(|j| std::ptr::eq(j, s)))
        {
            dumps[i].push((file, key));
        }
    }
    let mut out = Out::stdout(args.format.format, color);
    let mut reports = Vec::new();
    for job in &jobs {
        let listing = scan(&job.root)?;
        let bar = progress_bar(listing.cassettes.len() as u64, args.quiet, "verifying");
        let mut report = verify_scanned(job, listing, &|_| bar.inc(1));
        bar.finish_and_clear();
        let missing = missing_cassettes(job, &dumps[reports.len()]);
        if !missing.is_empty() {
            report.findings.extend(missing);
            report
                .findings
                .sort_by(|a, b| (&a.path, a.check, a.line).cmp(&(&b.path, b.check, b.line)));
        }
        reports.push(report);
    }
    let deny_warnings = args.deny == Some(DenyLevel::Warnings);
    match out.format {
        Format::Human => human(&mut out, &jobs, &reports, args.quiet)?,
        Format::Json => json_lines(&mut out, &reports)?,
        Format::Github => github(&mut out, &reports)?,
    }
    out.flush()?;
    let errors: usize = reports.iter().map(|r| r.count(Severity::Error)).sum();
    let warnings: usize = reports.iter().map(|r| r.count(Severity::Warning)).sum();
    Ok(if errors > 0 || (deny_warnings && warnings > 0) {
        Answer::No
    } else {
        Answer::Yes
    })
}

fn human(
    out: &mut Out,
    stores: &[Store],
    reports: &[VerifyReport],
    quiet: bool,
) -> std::io::Result<()> {
    for (store, report) in stores.iter().zip(reports) {
        if let Some(settings) = store.describe().filter(|_| !quiet) {
            let line = format!("{}: {settings}", shown(&store.root));
            out.line(&out.paint(Tone::Dim, &line))?;
        }
        let mut current = None;
        for f in &report.findings {
            if current != Some(&f.path) {
                if current.is_some() {
                    out.line("")?;
                }
                let head = out.paint(Tone::Strong, &shown(&f.path));
                out.line(&head)?;
                current = Some(&f.path);
            }
            let (tone, label) = match f.severity {
                Severity::Error => (Tone::Bad, "error  "),
                Severity::Warning => (Tone::Warn, "warning"),
            };
            let label = out.paint(tone, label);
            let check = out.paint(Tone::Accent, &format!("{:<19}", f.check.name()));
            let at = f.line.map(|l| format!("line {l}: ")).unwrap_or_default();
            out.line(&format!("  {label} {check} {at}{}", f.message))?;
        }
        if !report.findings.is_empty() {
            out.line("")?;
        }
        if !quiet && !report.skipped.is_empty() {
            let head = out.paint(
                Tone::Dim,
                &format!("not cassettes ({}), left alone:", report.skipped.len()),
            );
            out.line(&head)?;
            for s in &report.skipped {
                let line = out.paint(Tone::Dim, &format!("  {}: {}", shown(&s.path), s.why));
                out.line(&line)?;
            }
        }
        summary_line(out, report)?;
    }
    Ok(())
}

fn summary_line(out: &mut Out, report: &VerifyReport) -> std::io::Result<()> {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    let verdict = if errors > 0 {
        out.paint(Tone::Bad, "FAILED")
    } else if warnings > 0 {
        out.paint(Tone::Warn, "ok with warnings")
    } else {
        out.paint(Tone::Good, "ok")
    };
    let mut line = format!(
        "{verdict}: {} — {} cassette{}, {errors} error{}, {warnings} warning{}",
        shown(&report.root),
        report.cassettes,
        plural(report.cassettes),
        plural(errors),
        plural(warnings)
    );
    let per_check = report.per_check();
    if !per_check.is_empty() {
        let parts: Vec<String> = per_check.iter().map(|(c, n)| format!("{c} {n}")).collect();
        line.push_str(&format!(" ({})", parts.join(", ")));
    }
    if !report.skipped.is_empty() {
        line.push_str(&format!(
            ", {} other file{} skipped",
            report.skipped.len(),
            plural(report.skipped.len())
        ));
    }
    out.line(&line)?;
    if report.repaired > 0 {
        let note = if report.repaired == 1 {
            "  1 answer fails validation, but its repair turn is recorded (fine)".to_owned()
        } else {
            format!(
                "  {} answers fail validation, but their repair turns are recorded (fine)",
                report.repaired
            )
        };
        let note = out.paint(Tone::Dim, &note);
        out.line(&note)?;
    }
    if !report.unvalidated_tasks.is_empty() {
        let tasks: Vec<&str> = report
            .unvalidated_tasks
            .iter()
            .map(String::as_str)
            .collect();
        let note = format!(
            "  not validated, no known schema: {} (pass --prompts, or record with request material)",
            tasks.join(", ")
        );
        let note = out.paint(Tone::Dim, &note);
        out.line(&note)?;
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn finding_json(f: &Finding) -> serde_json::Value {
    let mut v = json!({
        "type": "finding",
        "path": exact(&f.path),
        "check": f.check.name(),
        "severity": f.severity.name(),
        "message": f.message,
    });
    if let Some(line) = f.line {
        v["line"] = json!(line);
    }
    if let Some(pointer) = &f.pointer {
        v["pointer"] = json!(pointer);
    }
    v
}

fn json_lines(out: &mut Out, reports: &[VerifyReport]) -> std::io::Result<()> {
    let mut totals = (0, 0, 0, 0, 0);
    let mut checks: BTreeMap<&str, usize> = BTreeMap::new();
    for report in reports {
        for f in &report.findings {
            out.event(&finding_json(f))?;
        }
        for s in &report.skipped {
            out.event(&json!({"type": "skipped", "path": exact(&s.path), "why": s.why}))?;
        }
        totals.0 += report.cassettes;
        totals.1 += report.count(Severity::Error);
        totals.2 += report.count(Severity::Warning);
        totals.3 += report.skipped.len();
        totals.4 += report.repaired;
        for (c, n) in report.per_check() {
            *checks.entry(c).or_default() += n;
        }
    }
    let roots: Vec<String> = reports.iter().map(|r| exact(&r.root)).collect();
    let unvalidated: std::collections::BTreeSet<&String> =
        reports.iter().flat_map(|r| &r.unvalidated_tasks).collect();
    out.event(&json!({
        "type": "summary",
        "stores": roots,
        "cassettes": totals.0,
        "errors": totals.1,
        "warnings": totals.2,
        "skipped": totals.3,
        "repaired": totals.4,
        "checks": checks,
        "unvalidated_tasks": unvalidated,
    }))
}

fn github(out: &mut Out, reports: &[VerifyReport]) -> std::io::Result<()> {
    let all: Vec<&Finding> = reports.iter().flat_map(|r| &r.findings).collect();
    let mut shown_per_level: BTreeMap<Severity, usize> = BTreeMap::new();
    let mut rest = Vec::new();
    for f in &all {
        let n = shown_per_level.entry(f.severity).or_default();
        if *n >= GITHUB_ANNOTATIONS {
            rest.push(*f);
            continue;
        }
        *n += 1;
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let line = f.line.map(|l| format!(",line={l}")).unwrap_or_default();
        out.line(&format!(
            "::{level} file={}{line},title={}::{}",
            gh_property(&exact(&f.path)),
            gh_property(&format!("ulcas {}", f.check.name())),
            gh_data(&f.message)
        ))?;
    }
    let errors = all.iter().filter(|f| f.severity == Severity::Error).count();
    let warnings = all.len() - errors;
    let cassettes: usize = reports.iter().map(|r| r.cassettes).sum();
    out.line(&format!(
        "ulcas verify: {cassettes} cassettes, {errors} errors, {warnings} warnings"
    ))?;
    if !rest.is_empty() {
        out.line(&format!(
            "{} more findings (GitHub shows {GITHUB_ANNOTATIONS} annotations per level):",
            rest.len()
        ))?;
        for f in &rest {
            out.line(&format!(
                "  {} {} {}: {}",
                f.severity.name(),
                f.check.name(),
                shown(&f.path),
                f.message
            ))?;
        }
    }
    step_summary(&all, cassettes);
    Ok(())
}

/// Every finding as a Markdown table in the job summary, when GitHub provides one.
fn step_summary(findings: &[&Finding], cassettes: usize) {
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") else {
        return;
    };
    let mut md = format!(
        "### ulcas verify: {cassettes} cassettes, {} findings\n\n",
        findings.len()
    );
    if !findings.is_empty() {
        md.push_str("| severity | check | file | message |\n|---|---|---|---|\n");
        for f in findings {
            let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
            md.push_str(&format!(
                "| {} | {} | `{}` | {} |\n",
                f.severity.name(),
                f.check.name(),
                cell(&shown(&f.path)),
                cell(&f.message)
            ));
        }
    }
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
    {
        let _ = file.write_all(md.as_bytes());
    }
}
