//! The JSON record: one game per object (one per line in a corpus file), as in the pente.org
//! corpus: `{"id": "...", "variant": "pente" | "keryo-pente", "tournament_rule": true,
//! "moves": ["K10", "L9", ...], "result": "1-0" | "0-1" | null, ...}`; other fields are kept.

use super::pgn::FIELD_TAGS;
use super::RecordError;
use crate::pente::point::Point;
use crate::pente::position::{OpeningRule, Pente, Variant};
use crate::record::json_lines::{read_lines, write_lines, JsonLine};
use crate::record::{Format, Record, Step};

/// One game as stored in the JSON record format (see the module docs).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JsonRecord {
    /// The record's identifier, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The ruleset.
    #[serde(default)]
    pub variant: Variant,
    /// Whether the tournament rule applies (default: yes).
    #[serde(default = "yes")]
    pub tournament_rule: bool,
    /// The moves as written (checked on replay, so that a bad one is reported by ply).
    pub moves: Vec<String>,
    /// The recorded result (`1-0`: player 1 won), which may come from a resignation.
    #[serde(default)]
    pub result: Option<String>,
    /// Every other field, kept as it was.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

fn yes() -> bool {
    true
}

impl JsonRecord {
    /// Reads one JSON record.
    ///
    /// # Errors
    /// [`RecordError::Json`] with serde's message (it names the line and column), or for
    /// another game's record: one with a `layout` (Abalone's start).
    pub fn from_json(text: &str) -> Result<JsonRecord, RecordError> {
        let record: JsonRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.extra.contains_key("layout") {
            return Err(RecordError::Json(
                "a record with a layout is an Abalone record, not a Pente one".into(),
            ));
        }
        Ok(record)
    }

    /// The position the record starts from: the empty board of its variant and rule.
    #[must_use]
    pub fn start(&self) -> Pente {
        Pente::new(
            self.variant,
            OpeningRule::from_tournament_rule(self.tournament_rule),
        )
    }
}

/// JSON keys that map onto pente.org tag names.
const KEY_TAGS: [(&str, &str); 4] = [
    ("id", "Id"),
    ("site", "Site"),
    ("event", "Event"),
    ("date", "Date"),
];

impl JsonRecord {
    /// The format-independent record: `id`, `site`, `event`, `date` become the tags `Id`,
    /// `Site`, `Event`, `Date`; `players` becomes `Player 1 Name` / `Player 2 Name`; `rated` is
    /// implied by the tournament rule; any other field becomes a tag of the same name (its JSON
    /// text when it is not a string).
    ///
    /// # Errors
    /// [`RecordError::BadMove`] (line 1, column = the move's position in the list) for a move
    /// that is not a point, [`RecordError::Json`] for a result that is not `1-0`, `0-1` or
    /// `1/2-1/2`.
    pub fn to_record(&self) -> Result<Record<Pente>, RecordError> {
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                m.parse().map_err(|source| RecordError::BadMove {
                    line: 1,
                    column: i + 1,
                    token: m.clone(),
                    source,
                })
            })
            .collect::<Result<Vec<Point>, _>>()?;
        let result = match &self.result {
            None => None,
            Some(r) => Some(
                r.parse()
                    .map_err(|e: crate::record::ResultError| RecordError::Json(e.to_string()))?,
            ),
        };
        let mut tags = Vec::new();
        if let Some(id) = &self.id {
            tags.push(("Id".to_owned(), id.clone()));
        }
        for (key, value) in &self.extra {
            let tag = KEY_TAGS.iter().find(|(k, _)| k == key).map(|(_, t)| *t);
            match (key.as_str(), value, tag) {
                ("rated", _, _) => {}
                ("players", serde_json::Value::Array(names), _) if names.len() == 2 => {
                    for (i, name) in names.iter().enumerate() {
                        let name = name
                            .as_str()
                            .map_or_else(|| name.to_string(), str::to_owned);
                        tags.push((format!("Player {} Name", i + 1), name));
                    }
                }
                (_, serde_json::Value::String(s), Some(tag)) => {
                    tags.push((tag.to_owned(), s.clone()))
                }
                (_, serde_json::Value::String(s), None) => tags.push((key.clone(), s.clone())),
                (_, other, _) => tags.push((key.clone(), other.to_string())),
            }
        }
        Ok(Record {
            start: self.start(),
            tags,
            steps: moves.into_iter().map(Step::Move).collect(),
            result,
            notes: Vec::new(),
        })
    }

    /// The JSON record of a record: the inverse of [`JsonRecord::to_record`]. The tags
    /// that pente.org files use for the rules and the result (`Game`, `Rated`, `Result`)
    /// are the fields `variant`, `tournament_rule` (and `rated`) and `result`.
    ///
    /// # Errors
    /// [`RecordError::Start`] when the record does not start from the empty board.
    pub fn from_record(record: &Record<Pente>) -> Result<JsonRecord, RecordError> {
        let start = &record.start;
        if *start != Pente::new(start.variant(), start.opening_rule()) {
            return Err(RecordError::Start);
        }
        if let Some(text) = record.first_written() {
            return Err(RecordError::UnwritableStep(text.to_owned()));
        }
        let mut extra = serde_json::Map::new();
        let mut id = None;
        let mut players: [Option<String>; 2] = [None, None];
        for (name, value) in &record.tags {
            let key = KEY_TAGS.iter().find(|(_, t)| t == name).map(|(k, _)| *k);
            match (name.as_str(), key) {
                (field, _) if FIELD_TAGS.contains(&field) => {}
                ("Id", _) => id = Some(value.clone()),
                ("Player 1 Name", _) => players[0] = Some(value.clone()),
                ("Player 2 Name", _) => players[1] = Some(value.clone()),
                (_, Some(key)) => {
                    extra.insert(key.to_owned(), value.clone().into());
                }
                (_, None) => {
                    // Values that were JSON (numbers, booleans, lists) go back as JSON.
                    let v = match serde_json::from_str::<serde_json::Value>(value) {
                        Ok(v) if !v.is_string() => v,
                        _ => value.clone().into(),
                    };
                    extra.insert(name.clone(), v);
                }
            }
        }
        extra.insert(
            "rated".to_owned(),
            if start.tournament_rule() { "Y" } else { "N" }.into(),
        );
        if let [Some(p1), Some(p2)] = players {
            extra.insert("players".to_owned(), vec![p1, p2].into());
        }
        Ok(JsonRecord {
            id,
            variant: start.variant(),
            tournament_rule: start.tournament_rule(),
            moves: record.move_texts(),
            result: record.result.map(|r| r.token().to_owned()),
            extra,
        })
    }
}

/// JSON records as a [`Format`]: `json`, one record per line (JSON lines; a file of one
/// record is one line).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PenteJson;

impl Format<Pente> for PenteJson {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "json"
    }

    /// Text starting with `{`.
    fn detect(&self, text: &str) -> bool {
        text.trim_start().starts_with('{')
    }

    /// One record per non-blank line; the line number is given in errors when the text has
    /// several.
    fn read(&self, text: &str) -> Result<Vec<Record<Pente>>, RecordError> {
        read_lines::<Pente, JsonRecord>(text)
    }

    fn write(&self, records: &[Record<Pente>]) -> Result<String, RecordError> {
        write_lines::<Pente, JsonRecord>(records)
    }
}

impl JsonLine<Pente> for JsonRecord {
    type Error = RecordError;

    fn read_line(line: &str) -> Result<Record<Pente>, RecordError> {
        JsonRecord::from_json(line)?.to_record()
    }

    fn from_record(record: &Record<Pente>) -> Result<JsonRecord, RecordError> {
        JsonRecord::from_record(record)
    }

    /// A JSON error gets the line before its message; others name their own place.
    fn at_line(error: RecordError, line: usize) -> RecordError {
        match error {
            RecordError::Json(m) => RecordError::Json(format!("line {line}: {m}")),
            other => other,
        }
    }

    fn not_written(error: serde_json::Error) -> RecordError {
        RecordError::Json(error.to_string())
    }
}
