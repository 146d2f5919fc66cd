//! Serde for records (feature `serde`): `{"start": <position>, "tags": [[name, value], ...],
//! "steps": [{"move": "a1b2"}, {"chance": "31"}, {"written": "zz"}, ...], "result": "1-0"
//! or null}`; moves and chance outcomes in their notation; a record with notes adds
//! `"notes": [{"at": 0, "name": "game", "value": "1"}, ...]`.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Note, Record, RecordedResult, Step, Tags};
use crate::game::Game;

/// A step as JSON: one key naming its kind, its text as the value.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum StepText {
    Move(String),
    Chance(String),
    Written(String),
}

/// A note as JSON.
#[derive(Serialize, Deserialize)]
struct NoteText {
    at: usize,
    name: String,
    value: String,
}

#[derive(Serialize)]
struct RecordOut<'a, G> {
    start: &'a G,
    tags: &'a Tags,
    steps: Vec<StepText>,
    result: Option<RecordedResult>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<NoteText>,
}

#[derive(Deserialize)]
struct RecordIn<G> {
    start: G,
    #[serde(default)]
    tags: Tags,
    #[serde(default)]
    steps: Vec<StepText>,
    #[serde(default)]
    result: Option<RecordedResult>,
    #[serde(default)]
    notes: Vec<NoteText>,
}

impl<G: Game + Serialize> Serialize for Record<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let steps = self
            .steps
            .iter()
            .map(|step| match step {
                Step::Move(n) => StepText::Move(n.to_string()),
                Step::Chance(c) => StepText::Chance(c.to_string()),
                Step::Written(t) => StepText::Written(t.clone()),
            })
            .collect();
        RecordOut {
            start: &self.start,
            tags: &self.tags,
            steps,
            result: self.result,
            notes: self
                .notes
                .iter()
                .map(|n| NoteText {
                    at: n.at,
                    name: n.name.clone(),
                    value: n.value.clone(),
                })
                .collect(),
        }
        .serialize(s)
    }
}

impl<'de, G: Game + DeserializeOwned> Deserialize<'de> for Record<G> {
    /// Reads the JSON form; a move or chance outcome whose notation does not parse is an
    /// error naming the step.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = RecordIn::<G>::deserialize(d)?;
        let steps = raw
            .steps
            .into_iter()
            .enumerate()
            .map(|(i, step)| match step {
                StepText::Move(t) => t
                    .parse()
                    .map(Step::Move)
                    .map_err(|e| D::Error::custom(format!("step {}: {t:?}: {e}", i + 1))),
                StepText::Chance(t) => t
                    .parse()
                    .map(Step::Chance)
                    .map_err(|e| D::Error::custom(format!("step {}: {t:?}: {e}", i + 1))),
                StepText::Written(t) => Ok(Step::Written(t)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Record {
            start: raw.start,
            tags: raw.tags,
            steps,
            result: raw.result,
            notes: raw
                .notes
                .into_iter()
                .map(|n| Note::new(n.at, n.name, n.value))
                .collect(),
        })
    }
}
