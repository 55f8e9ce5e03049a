//! What a miss is diagnosed as: each [`Diagnosis`] has a stable kind, typed detail and a
//! message.

use std::path::PathBuf;

/// Which side a run of a word diff is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffTag {
    /// On both sides (`=` in JSON).
    Same,
    /// Only on the old side, the recorded one (`-`).
    Removed,
    /// Only on the new side, the request (`+`).
    Added,
}

impl DiffTag {
    /// `=`, `-` or `+`.
    pub fn sign(self) -> char {
        match self {
            DiffTag::Same => '=',
            DiffTag::Removed => '-',
            DiffTag::Added => '+',
        }
    }
}

impl serde::Serialize for DiffTag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_char(self.sign())
    }
}

/// A word diff: `(tag, text)` runs.
pub type WordDiff = Vec<(DiffTag, String)>;

/// The stable names of diagnoses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum DiagnosisKind {
    /// The request hits with another prompt version.
    HitWithVersion,
    /// The request hits without its last repair attempt(s): it is a repair turn of that cassette.
    HitWithoutRepairTurns,
    /// The request hits with another schema (`schema-changed` carries which).
    SchemaChanged,
    /// The request hits once its text is normalised (line endings, white space, NFC).
    HitWithNormalisedText,
    /// No folder for the task.
    TaskMissing,
    /// No `v<N>` folder for this version.
    VersionMissing,
    /// A recorded request is near: what differs.
    ContentChanged,
    /// A prompt in code: the same request was recorded with another system text (the prompt
    /// was edited since).
    SystemChanged,
    /// A prompt in code whose request was recorded before ulcas keyed such a prompt by its
    /// text (with the `x-ulcas-task` headers): the old cassette cannot tell which text it
    /// answers.
    RecordedWithoutSystem,
    /// Values in the difference look generated but are not normalised.
    GeneratedValues,
    /// Candidates exist but carry no request material to compare.
    NoStoredContent,
    /// A hit whose version's prompt or schema differs from the store's `ulcas.lock`: the answer
    /// replays, but it answers an older text.
    LockDiffers,
    /// A hit in a store with an `ulcas.lock` that could not be compared with it (no registry,
    /// a registry with problems, no prompt file or no entry for its version): why.
    LockUnchecked,
}

/// Whether one part of the key matches a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct KeyVerdicts {
    /// Same task.
    pub task: bool,
    /// Same prompt version.
    pub version: bool,
    /// Same canonical schema.
    pub schema: bool,
    /// Same normalised content.
    pub content: bool,
}

/// What a diagnosis found, with the data of its kind (JSON: `kind` and these fields).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Detail {
    /// The request hits with another prompt version.
    HitWithVersion {
        /// The version that would hit.
        version: i64,
    },
    /// The request hits without its last repair attempt(s): a repair turn of that cassette.
    HitWithoutRepairTurns {
        /// How many turns were dropped.
        turns_removed: usize,
    },
    /// The request hits with another schema.
    SchemaChanged {
        /// Which schema.
        variant: String,
    },
    /// The request hits once its text is normalised.
    HitWithNormalisedText {
        /// Which normalisation (line endings, white space, NFC).
        variant: String,
    },
    /// No folder for the task.
    TaskMissing,
    /// No `v<N>` folder for this version.
    VersionMissing {
        /// Versions present in the store.
        versions: Vec<i64>,
    },
    /// A recorded request is near: what differs.
    ContentChanged {
        /// Similarity of the normalised contents, 0 to 1.
        similarity: f64,
        /// Verdict per key part.
        #[serde(rename = "parts")]
        verdicts: KeyVerdicts,
        /// The content difference (recorded `-`, request `+`).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        diff: WordDiff,
    },
    /// A prompt in code: the same request was recorded with another system text.
    SystemChanged {
        /// Similarity of the two system texts, 0 to 1.
        similarity: f64,
        /// The system text's difference (recorded `-`, request `+`).
        diff: WordDiff,
    },
    /// A prompt in code recorded under the reference key, without its system text.
    RecordedWithoutSystem,
    /// Values in the difference look generated but are not normalised.
    GeneratedValues {
        /// The values.
        values: Vec<String>,
    },
    /// Candidates exist but carry no request material to compare.
    NoStoredContent,
    /// A hit that answers an older prompt or schema than the registry's (see `ulcas.lock`).
    LockDiffers,
    /// A hit whose lock entry could not be compared (see [`DiagnosisKind::LockUnchecked`]).
    LockUnchecked,
}

/// One reason for a miss (or, for `lock-differs`, a caveat of a hit).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[non_exhaustive]
pub struct Diagnosis {
    /// What was found.
    #[serde(flatten)]
    pub detail: Detail,
    /// What it means and what to do.
    pub message: String,
    /// The cassette it concerns, when there is one.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::machine_json::opt_path"
    )]
    pub cassette: Option<PathBuf>,
}

impl Diagnosis {
    pub(super) fn new(detail: Detail, message: impl Into<String>) -> Diagnosis {
        Diagnosis {
            detail,
            message: message.into(),
            cassette: None,
        }
    }

    pub(super) fn at(mut self, cassette: PathBuf) -> Diagnosis {
        self.cassette = Some(cassette);
        self
    }

    /// Its kind.
    pub fn kind(&self) -> DiagnosisKind {
        match self.detail {
            Detail::HitWithVersion { .. } => DiagnosisKind::HitWithVersion,
            Detail::HitWithoutRepairTurns { .. } => DiagnosisKind::HitWithoutRepairTurns,
            Detail::SchemaChanged { .. } => DiagnosisKind::SchemaChanged,
            Detail::HitWithNormalisedText { .. } => DiagnosisKind::HitWithNormalisedText,
            Detail::TaskMissing => DiagnosisKind::TaskMissing,
            Detail::VersionMissing { .. } => DiagnosisKind::VersionMissing,
            Detail::ContentChanged { .. } => DiagnosisKind::ContentChanged,
            Detail::SystemChanged { .. } => DiagnosisKind::SystemChanged,
            Detail::RecordedWithoutSystem => DiagnosisKind::RecordedWithoutSystem,
            Detail::GeneratedValues { .. } => DiagnosisKind::GeneratedValues,
            Detail::NoStoredContent => DiagnosisKind::NoStoredContent,
            Detail::LockDiffers => DiagnosisKind::LockDiffers,
            Detail::LockUnchecked => DiagnosisKind::LockUnchecked,
        }
    }
}
