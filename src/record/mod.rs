//! `record`: one answer written into the store its request belongs to, as the driver's recorder
//! writes it.
//!
//! ```
//! use ulcas::record::{self, RecordOptions};
//! use ulcas::sink::Collect;
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let (request, response) = (dir.path().join("request.json"), dir.path().join("answer.json"));
//! std::fs::write(&request, br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! std::fs::write(&response, r#"{"title": "Grind"}"#)?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&dir.path().join("cassettes"), Default::default())?];
//! let asked = RecordOptions {
//!     request, response, prompt_id: None, model: Some("m".into()), stop_reason: "end_turn".into(),
//!     refusal_category: None, usage: None, write: Default::default(),
//! };
//! let recorded = record::run(&stores, &asked, &mut events)?;
//! assert!(recorded.path.starts_with(dir.path().join("cassettes/outline/v1")));
//! assert_eq!(events.of_type("recorded").next().unwrap()["status"], "created");
//! # Ok(())
//! # }
//! ```

mod events;

pub use events::{RecordEvent, RecordSink};

use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::request::Request;
use crate::sink::{Context, sent};
use crate::store::{Recorded, Recording, WriteOptions};
use crate::store_settings::{StoreSettings, store_for_request};

/// What `record` is asked: the request dump, the answer, and how to write it.
#[derive(Debug, Clone)]
pub struct RecordOptions {
    /// The request dump (`-`: standard input).
    pub request: PathBuf,
    /// The model's raw answer (`-`: standard input).
    pub response: PathBuf,
    /// The prompt id to write instead of the dump's.
    pub prompt_id: Option<String>,
    /// The model that answered (else the dump's `model`, else `recorded`).
    pub model: Option<String>,
    /// Why it stopped.
    pub stop_reason: String,
    /// The refusal category, if it refused.
    pub refusal_category: Option<String>,
    /// The usage counters as JSON text (`{"input_tokens":5}`), else zeros.
    pub usage: Option<String>,
    /// How to write the file.
    pub write: WriteOptions,
}

/// `record`: records the answer of `asked` into the store of `stores` its request belongs to
/// (`store_for_request`), through the store's write path, adds the
/// version's lock entry where the store has a lock, and reports the store and the
/// [`RecordEvent::Recorded`] event.
pub fn run(
    stores: &[StoreSettings],
    asked: &RecordOptions,
    sink: &mut dyn RecordSink,
) -> Result<Recorded> {
    if crate::input::is_stdin(&asked.request) && crate::input::is_stdin(&asked.response) {
        return Err(Error::msg(
            "the request and the response cannot both come from standard input",
        ));
    }
    let mut request = Request::from_file(&asked.request)?;
    if let Some(id) = &asked.prompt_id {
        request.prompt_id = Some(id.clone());
    }
    let recording = Recording {
        text: crate::input::read_answer(&asked.response)?,
        // The dump's model, as the app's recorder writes the model that answered.
        model: asked
            .model
            .clone()
            .or_else(|| request.model.clone())
            .unwrap_or_else(|| "recorded".to_owned()),
        stop_reason: asked.stop_reason.clone(),
        refusal_category: asked.refusal_category.clone(),
        usage: match &asked.usage {
            Some(raw) => crate::cassette::usage_from_json(raw)?,
            None => crate::cassette::usage_from(None),
        },
    };
    let store = store_for_request(stores, &crate::key::key_of(&request))
        .ok_or_else(|| Error::msg("no store to record into"))?;
    sink.emit_context(&Context::StoreOfRequest(store))?;
    let recorded = record_into(store, &request, &recording, asked.write)
        .map_err(|e| e.with_file(crate::input::shown_name(&asked.response)))?;
    let fails_schema = schema_errors(&request, &recording);
    let keyed_verbatim = request.keyed_verbatim();
    sent(sink.record(&RecordEvent::Recorded {
        path: &recorded.path,
        hash: &recorded.key.hash,
        status: recorded.status,
        fails_schema: &fails_schema,
        keyed_verbatim: &keyed_verbatim,
        prompt_in_code: request.prompt_in_code,
    }))?;
    Ok(recorded)
}

/// Why the answer of `recording` fails the output schema of `request` (`pointer: message`);
/// empty when it passes, when it is no `end_turn` answer, or when the request has no schema.
fn schema_errors(request: &Request, recording: &Recording) -> Vec<String> {
    if request.schema.is_empty() || recording.stop_reason != "end_turn" {
        return Vec::new();
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(request.schema.source()) else {
        return Vec::new();
    };
    let Ok(validator) = crate::schema::compile(&value) else {
        return Vec::new();
    };
    match crate::schema_check::validate_answer(&recording.text, &validator) {
        crate::schema_check::AnswerVerdict::Valid => Vec::new(),
        crate::schema_check::AnswerVerdict::NotObject => {
            vec!["the answer is not a JSON object".to_owned()]
        }
        crate::schema_check::AnswerVerdict::Invalid(errors) => errors
            .into_iter()
            .map(|(pointer, message)| match pointer.as_str() {
                "" => message,
                _ => format!("{pointer}: {message}"),
            })
            .collect(),
    }
}

/// Records `recording` as the answer of `request` into `store` through its write path, with
/// the version's lock entry where the store has a lock (under the same hold of the lock). An
/// answer that names placeholders the request does not have is refused.
pub fn record_into(
    store: &StoreSettings,
    request: &Request,
    recording: &Recording,
    options: crate::store::WriteOptions,
) -> Result<Recorded> {
    record_into_keyed(
        store,
        (request, &crate::key::key_of(request)),
        recording,
        options,
    )
}

/// [`record_into`] of a request whose key is known (a server that keyed it): not hashed again.
pub fn record_into_keyed(
    store: &StoreSettings,
    (request, key): (&Request, &crate::key::CassetteKey),
    recording: &Recording,
    options: crate::store::WriteOptions,
) -> Result<Recorded> {
    // An answer naming placeholders the request does not have is refused by the store's one
    // write path (crate::store::record_then), as for every writer.
    let entry = crate::lock::entry_for(store, &key.task, key.prompt_version);
    crate::store::record_keyed_then(
        &store.root,
        (request, key),
        recording,
        options,
        |lock, key| match &entry {
            Some(entry) => {
                crate::lock::add_missing(lock, &key.task, key.prompt_version, entry).map(drop)
            }
            None => Ok(()),
        },
    )
}

impl crate::outcome::Outcome for Recorded {
    /// A recorded answer passes (a refusal to overwrite is an error).
    fn verdict(&self) -> crate::outcome::Verdict {
        crate::outcome::Verdict::Pass
    }
}
