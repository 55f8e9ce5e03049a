//! `review --format html`: one self-contained page (no network, no external file): the summary,
//! a filter for changed pairs, and the two answers of each pair side by side with the changes
//! marked.

use std::fmt::Write as _;

use serde_json::Value;
use ulcas::cassette::strip_fence;
use ulcas::lookup::word_diff;
use ulcas::review::against::{ChangeKind, Listed, RerecordSummary, Rerecording};
use ulcas::review::{AnswerChange, ChangeOp, Pair, Review, ReviewSummary, Side};
use ulcas::store_settings::StoreSettings;

use super::escape::html;
use super::review_text::{capitalised, from_to, retire_sentence, unpaired_hint, verdict};
use crate::cli::report::shown;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use ulcas::lookup::DiffTag;

const STYLE: &str = "
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1rem;margin:0;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}.summary p{margin:.2rem 0}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
section.pair{border:1px solid #d0d7de;border-radius:6px;padding:.75rem;margin:1rem 0}
.badge{display:inline-block;border-radius:1em;padding:0 .6em;font-size:12px;margin-left:.5em}
.changed .badge{background:#fff8c5;color:#7d4e00}.identical .badge{background:#dafbe1;color:#116329}
.facts{color:#59636e;margin:.3rem 0 .6rem}.sides{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.side h3{font-size:12px;margin:0 0 .2rem;color:#59636e}
pre{margin:0;padding:.5rem;background:#f6f8fa;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
.l{display:block}.add{background:#dafbe1}.rm{background:#ffebe9}.chg{background:#fff8c5}
ins{background:#aceebb;text-decoration:none}del{background:#ffcecb}
body.only-changed section.identical{display:none}.unpaired li{margin:.2rem 0}.muted{color:#59636e}
";

const SCRIPT: &str = "document.getElementById('only-changed').addEventListener('change',function(e){document.body.classList.toggle('only-changed',e.target.checked)});";

/// The page.
pub fn render(store: &StoreSettings, r: &Review, s: &ReviewSummary) -> String {
    let mut h = String::new();
    let title = format!(
        "ulcas review: {} v{} → v{}",
        r.task, r.from_version, r.to_version
    );
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{}</title><style>{STYLE}</style></head>\n<body class=\"only-changed\">\n<h1>{}</h1>\n",
        html(&title),
        html(&title)
    );
    summary(&mut h, store, r, s);
    h.push_str("<p><label><input type=\"checkbox\" id=\"only-changed\" checked> show only changed pairs</label></p>\n");
    let labels = (format!("v{}", r.from_version), format!("v{}", r.to_version));
    for p in &r.pairs {
        pair(&mut h, (&labels.0, &labels.1), p, None);
    }
    unpaired(&mut h, store, r);
    let _ = write!(h, "\n<script>{SCRIPT}</script>\n</body></html>");
    h
}

/// The summary block: the token and schema-failure table, the counts, the most changed
/// pointers and the command that retires the old version.
fn summary(h: &mut String, store: &StoreSettings, r: &Review, s: &ReviewSummary) {
    h.push_str("<div class=\"summary\">");
    let _ = write!(
        h,
        "<table><tr><th></th><th>v{}</th><th>v{}</th><th>change</th></tr>",
        r.from_version, r.to_version
    );
    let (from, to) = (&s.tokens_from, &s.tokens_to);
    for (label, a, b) in [
        (
            "input tokens (total)",
            from.input_total as f64,
            to.input_total as f64,
        ),
        ("input tokens (mean)", from.input_mean, to.input_mean),
        (
            "output tokens (total)",
            from.output_total as f64,
            to.output_total as f64,
        ),
        ("output tokens (mean)", from.output_mean, to.output_mean),
        (
            "schema failures",
            s.schema_failures_from as f64,
            s.schema_failures_to as f64,
        ),
    ] {
        change_row(h, label, a, b);
    }
    h.push_str("</table>");
    let _ = write!(
        h,
        "<p>{}. Not re-recorded: {}. New inputs: {}. Without request material: {}.</p>",
        pair_counts(s.pairs, s.identical, s.changed),
        s.unpaired_from,
        s.unpaired_to,
        s.without_material
    );
    if !s.top_pointers.is_empty() {
        let top: Vec<String> = s
            .top_pointers
            .iter()
            .map(|(p, n)| {
                format!(
                    "<code>{}</code> ({n})",
                    html(if p.is_empty() { "/" } else { p })
                )
            })
            .collect();
        let _ = write!(h, "<p>Most changed: {}</p>", top.join(", "));
    }
    let retire = retire_sentence(r.from_version, &r.retire(store), &|c| {
        format!("<code>{}</code>", html(c))
    });
    let _ = write!(h, "<p>{}</p>", capitalised(&retire));
    h.push_str("</div>\n");
}

/// One row of a summary table: a measure on each side and its change in percent.
fn change_row(h: &mut String, label: &str, a: f64, b: f64) {
    let pct = if a == 0.0 {
        "–".to_owned()
    } else {
        format!("{:+.1}%", (b - a) / a * 100.0)
    };
    let _ = write!(
        h,
        "<tr><td>{label}</td><td>{a:.0}</td><td>{b:.0}</td><td>{pct}</td></tr>"
    );
}

/// The recordings without a partner, each with what to do.
fn unpaired(h: &mut String, store: &StoreSettings, r: &Review) {
    if r.unpaired.is_empty() {
        return;
    }
    h.push_str("<h2>Without a partner</h2><ul class=\"unpaired\">");
    for u in &r.unpaired {
        let side = match u.side {
            Side::From => r.from_version,
            Side::To => r.to_version,
        };
        let _ = write!(
            h,
            "<li><code>{}</code> <span class=\"muted\">(v{side} only)</span>: {}</li>",
            html_path(&shown(&u.path)),
            html(&unpaired_hint(store, u.why))
        );
    }
    h.push_str("</ul>");
}

/// One pair; with `choice` (`--against`: the path to reject), its accept/reject controls.
fn pair(h: &mut String, labels: (&str, &str), p: &Pair, choice: Option<&Path>) {
    let class = if p.differs() { "changed" } else { "identical" };
    let badge = super::pair_status(p);
    let _ = write!(
        h,
        "<section class=\"pair {class}\"><h2>{} → {}<span class=\"badge\">{badge}</span></h2>",
        html_path(&shown(&p.from.path)),
        html_path(&shown(&p.to.path))
    );
    if let Some(path) = choice {
        controls(h, path);
    }
    if let Some(system) = p.system_edit() {
        let _ = write!(
            h,
            "<p class=\"facts\">the prompt (system text) changed: <del>{}</del> → <ins>{}</ins></p>",
            html(system.from),
            html(system.to)
        );
    }
    let (fi, fo) = p.from.tokens();
    let (ti, to) = p.to.tokens();
    let model = if p.from.cassette.model == p.to.cassette.model {
        String::new()
    } else {
        format!(
            "model {} → {} · ",
            html(&p.from.cassette.model),
            html(&p.to.cassette.model)
        )
    };
    let _ = write!(
        h,
        "<p class=\"facts\">{model}stop {} → {} · input tokens {} · output tokens {} · schema {} → {}</p><div class=\"sides\">",
        html(&p.from.cassette.stop_reason),
        html(&p.to.cassette.stop_reason),
        html(&from_to(fi as f64, ti as f64)),
        html(&from_to(fo as f64, to as f64)),
        verdict(p.from.schema_ok),
        verdict(p.to.schema_ok)
    );
    let old = &p.from.cassette.text;
    let new = &p.to.cassette.text;
    let parse = |t: &str| serde_json::from_str::<Value>(strip_fence(t)).ok();
    let (left, right) = match (parse(old), parse(new)) {
        (Some(a), Some(b)) => (
            marked(&a, &p.changes, Side::From),
            marked(&b, &p.changes, Side::To),
        ),
        _ => words(old, new),
    };
    let _ = writeln!(
        h,
        "<div class=\"side\"><h3>{}</h3><pre>{left}</pre></div><div class=\"side\"><h3>{}</h3><pre>{right}</pre></div></div></section>",
        html(labels.0),
        html(labels.1)
    );
}

/// The answer pretty-printed, each line marked when a change touches it.
fn marked(v: &Value, changes: &[AnswerChange], side: Side) -> String {
    let mut lines = Vec::new();
    pretty(v, "", 0, None, false, &mut lines);
    let mut out = String::new();
    for (pointer, text) in lines {
        let hit = changes.iter().find(|c| {
            let relevant = match c.op {
                ChangeOp::Changed => true,
                ChangeOp::Added => side == Side::To,
                ChangeOp::Removed => side == Side::From,
            };
            relevant
                && (pointer == c.pointer || pointer.starts_with(&format!("{}/", c.pointer)))
                && !c.pointer.is_empty()
        });
        let class = match hit.map(|c| c.op) {
            Some(ChangeOp::Added) => " add",
            Some(ChangeOp::Removed) => " rm",
            Some(ChangeOp::Changed) => " chg",
            None => "",
        };
        let _ = write!(out, "<span class=\"l{class}\">{}</span>", html(&text));
    }
    out
}

/// Lines of `v` printed with 2-space indents, each with the pointer of the value it shows.
fn pretty(
    v: &Value,
    pointer: &str,
    depth: usize,
    key: Option<&str>,
    comma: bool,
    out: &mut Vec<(String, String)>,
) {
    let indent = "  ".repeat(depth);
    let prefix = key.map_or_else(String::new, |k| {
        format!("{}: ", Value::String(k.to_owned()))
    });
    let end = if comma { "," } else { "" };
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push((pointer.to_owned(), format!("{indent}{prefix}{{")));
            let n = m.len();
            for (i, (k, x)) in m.iter().enumerate() {
                let p = format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1"));
                pretty(x, &p, depth + 1, Some(k), i + 1 < n, out);
            }
            out.push((pointer.to_owned(), format!("{indent}}}{end}")));
        }
        Value::Array(a) if !a.is_empty() => {
            out.push((pointer.to_owned(), format!("{indent}{prefix}[")));
            let n = a.len();
            for (i, x) in a.iter().enumerate() {
                pretty(
                    x,
                    &format!("{pointer}/{i}"),
                    depth + 1,
                    None,
                    i + 1 < n,
                    out,
                );
            }
            out.push((pointer.to_owned(), format!("{indent}]{end}")));
        }
        other => out.push((pointer.to_owned(), format!("{indent}{prefix}{other}{end}"))),
    }
}

/// Two texts with the deleted words marked on the left and the inserted ones on the right.
fn words(old: &str, new: &str) -> (String, String) {
    let (diff, _) = word_diff(old, new);
    let (mut left, mut right) = (String::new(), String::new());
    for (tag, text) in diff {
        match tag {
            DiffTag::Same => {
                left.push_str(&html(&text));
                right.push_str(&html(&text));
            }
            DiffTag::Removed => {
                let _ = write!(left, "<del>{}</del>", html(&text));
            }
            DiffTag::Added => {
                let _ = write!(right, "<ins>{}</ins>", html(&text));
            }
        }
    }
    (left, right)
}

/// The script of a re-recording page: each choice rebuilds the `--reject` command.
const AGAINST_SCRIPT: &str = r#"
(function(){
  // Each command word is in the page as the hex of its UTF-8 bytes, built and quoted by ulcas
  // (ulcas::shell): decoded here to exactly those bytes, never re-quoted, never masked.
  function unhex(h){ var b = new Uint8Array(h.length / 2); for (var i = 0; i < b.length; i++) b[i] = parseInt(h.substr(2 * i, 2), 16); return new TextDecoder('utf-8', {fatal: true}).decode(b); }
  var base = unhex(document.getElementById('command').dataset.baseHex);
  function update(){
    var rejected = [];
    document.querySelectorAll('fieldset.choice').forEach(function(f){
      var r = f.querySelector('input[value=reject]');
      f.closest('section').classList.toggle('rejected', r.checked);
      if (r.checked) rejected.push(unhex(f.dataset.argHex));
    });
    var cmd = document.getElementById('command');
    cmd.textContent = rejected.length ? base + ' ' + rejected.join(' ') : '(every re-recording accepted: nothing to run; commit the store)';
    document.getElementById('count').textContent = rejected.length;
  }
  document.querySelectorAll('fieldset.choice input').forEach(function(i){ i.addEventListener('change', update); });
  document.getElementById('copy').addEventListener('click', function(){
    var t = document.getElementById('command').textContent;
    if (navigator.clipboard) navigator.clipboard.writeText(t);
  });
  var only = document.getElementById('only-changed');
  only.addEventListener('change', function(e){ document.body.classList.toggle('only-changed', e.target.checked); });
  update();
})();
"#;

const AGAINST_STYLE: &str = "
fieldset.choice{border:0;padding:0;margin:.3rem 0;display:flex;gap:1rem}fieldset.choice label{cursor:pointer}
section.rejected{border-color:#cf222e;background:#fff5f5}section.item{border:1px solid #d0d7de;border-radius:6px;padding:.75rem;margin:1rem 0}
.command{position:sticky;top:0;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:.5rem .75rem;margin:1rem 0;z-index:1}
.command pre{white-space:pre-wrap;word-break:break-all}.command button{margin-top:.4rem}
";

/// Accept/reject radios for the listed cassette `path` (accept is the default), with the
/// command argument that names it (`--reject 'PATH'`) as the hex of its bytes.
fn controls(h: &mut String, path: &Path) {
    let id = controls_id(path.as_os_str().as_bytes());
    let arg = ulcas::shell::path_arg("--reject", path.as_os_str());
    let _ = write!(
        h,
        "<fieldset class=\"choice\" data-arg-hex=\"{}\"><label><input type=\"radio\" name=\"{id}\" value=\"accept\" checked> accept</label><label><input type=\"radio\" name=\"{id}\" value=\"reject\"> reject (keep the revision's)</label></fieldset>",
        hex(arg.as_bytes())
    );
}

/// A form name for a path (hex of its bytes: any path, one name).
fn controls_id(path: &[u8]) -> String {
    format!("c{}", hex(path))
}

/// A path as HTML text that wraps after a `/` (a `<wbr>` there), never inside a name unless one
/// name alone is wider than the line.
fn html_path(path: &str) -> String {
    html(path).replace('/', "/<wbr>")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The page of `review --against` over every store of the run: one document, one command the
/// choices make (naming every store's root, so that each path is rejected in its own store),
/// then per store its totals and each listed cassette with its controls.
pub fn against(reviews: &[(Rerecording, RerecordSummary)], base: &str) -> String {
    let mut h = String::new();
    let Some((_, first)) = reviews.first() else {
        return h;
    };
    let short: String = first.commit.chars().take(12).collect();
    let what = match reviews {
        [(r, _)] => shown(&r.root),
        _ => format!("{} stores", reviews.len()),
    };
    let title = format!("ulcas review: {what} against {} ({short})", first.against);
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{}</title><style>{STYLE}{AGAINST_STYLE}</style></head>\n<body class=\"only-changed\">\n<h1>{}</h1>\n",
        html(&title),
        html(&title)
    );
    let _ = writeln!(
        h,
        "<div class=\"command\">Rejected: <b id=\"count\">0</b>. Run this where the review was made, then commit:<pre id=\"command\" data-base-hex=\"{}\"></pre><button id=\"copy\" type=\"button\">copy</button></div>",
        hex(base.as_bytes())
    );
    h.push_str("<p><label><input type=\"checkbox\" id=\"only-changed\" checked> show only changed pairs</label></p>\n");
    for (r, s) in reviews {
        if reviews.len() > 1 {
            let _ = writeln!(h, "<h2 class=\"store\">{}</h2>", html_path(&shown(&r.root)));
        }
        store_part(&mut h, r, s);
    }
    let _ = write!(h, "\n<script>{AGAINST_SCRIPT}</script>\n</body></html>");
    h
}

/// One store's totals and listed cassettes on the `review --against` page.
fn store_part(h: &mut String, r: &Rerecording, s: &RerecordSummary) {
    h.push_str("<div class=\"summary\">");
    // The token table only where something was re-recorded.
    if r.pairs().next().is_some() {
        token_table(h, s);
    }
    let only_metadata = if s.metadata_changed > 0 {
        format!(
            ", {} with only the model or stop reason changed",
            s.metadata_changed
        )
    } else {
        String::new()
    };
    let _ = write!(
        h,
        "<p>{}{only_metadata}; {} added, {} removed. Model changed in {}, stop reason in {}.</p>",
        pair_counts(s.pairs, s.identical, s.changed),
        s.added,
        s.removed,
        s.model_changed,
        s.stop_reason_changed
    );
    if !s.lock_changed.is_empty() {
        let _ = write!(
            h,
            "<p>ulcas.lock entries changed since {}: {}. Reject all of a version's cassettes or none: its entry goes back with them.</p>",
            html(&s.against),
            html(&s.lock_changed.join(", "))
        );
    }
    h.push_str("</div>\n");
    let labels = (s.against.as_str(), "now");
    for item in r.listed() {
        let change = match item {
            Listed::Edit(e) => {
                pair(h, labels, &e.pair, Some(r.changes[e.added].path.as_path()));
                continue;
            }
            Listed::Change(change) => change,
        };
        let path = change.path.as_path();
        match &change.kind {
            ChangeKind::Changed(p) => pair(h, labels, p, Some(path)),
            other => {
                let what = match other {
                    ChangeKind::Added(_) => format!("added (not at {})", s.against),
                    ChangeKind::Removed(_) => format!("removed (only at {})", s.against),
                    ChangeKind::Unreadable | ChangeKind::Changed(_) => {
                        "one side does not read as a cassette".to_owned()
                    }
                };
                let _ = write!(
                    h,
                    "<section class=\"item changed\"><h2>{}<span class=\"badge\">{}</span></h2>",
                    html_path(&shown(&change.path)),
                    html(&what)
                );
                controls(h, path);
                h.push_str("</section>\n");
            }
        }
    }
}

/// The token totals of the re-recorded pairs, REF against now.
fn token_table(h: &mut String, s: &RerecordSummary) {
    let _ = write!(
        h,
        "<table><tr><th>re-recorded pairs</th><th>{}</th><th>now</th><th>change</th></tr>",
        html(&s.against)
    );
    let (a, b) = (&s.tokens.from, &s.tokens.to);
    for (label, x, y) in [
        (
            "input tokens (total)",
            a.input_total as f64,
            b.input_total as f64,
        ),
        (
            "output tokens (total)",
            a.output_total as f64,
            b.output_total as f64,
        ),
        ("output tokens (mean)", a.output_mean, b.output_mean),
        (
            "schema failures",
            s.schema_failures.from as f64,
            s.schema_failures.to as f64,
        ),
    ] {
        change_row(h, label, x, y);
    }
    h.push_str("</table>");
}

/// The opening of both review pages' summary paragraph: `<b>N pairs</b>: I identical, C changed`.
fn pair_counts(pairs: usize, identical: usize, changed: usize) -> String {
    let s = if pairs == 1 { "" } else { "s" };
    format!("<b>{pairs} pair{s}</b>: {identical} identical, {changed} changed")
}
