//! The JSON record: one game per object (one per line in a corpus file), as in the pente.org
//! corpus: `{"id": "...", "variant": "pente" | "keryo-pente", "tournament_rule": true,
//! "moves": ["K10", "L9", ...], "result": "1-0" | "0-1" | null, ...}`; other fields are kept.

use super::game_record::GameRecord;
use super::replay::{replay, Replay};
use super::RecordError;
use crate::pente::point::Point;
use crate::pente::position::Variant;

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
    /// [`RecordError::Json`] with serde's message (it names the line and column).
    pub fn from_json(text: &str) -> Result<JsonRecord, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// Replays the record's moves under its variant and tournament rule.
    pub fn replay(&self) -> Replay {
        replay(self.variant, self.tournament_rule, &self.moves)
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
    pub fn to_game_record(&self) -> Result<GameRecord, RecordError> {
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
            Some(r) => Some(r.parse().map_err(RecordError::Json)?),
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
        Ok(GameRecord {
            variant: self.variant,
            tournament_rule: self.tournament_rule,
            tags,
            moves,
            result,
        })
    }

    /// The JSON record of a game record: the inverse of [`JsonRecord::to_game_record`].
    pub fn from_game_record(record: &GameRecord) -> JsonRecord {
        let mut extra = serde_json::Map::new();
        let mut id = None;
        let mut players: [Option<String>; 2] = [None, None];
        for (name, value) in &record.tags {
            let key = KEY_TAGS.iter().find(|(_, t)| t == name).map(|(k, _)| *k);
            match (name.as_str(), key) {
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
            if record.tournament_rule { "Y" } else { "N" }.into(),
        );
        if let [Some(p1), Some(p2)] = players {
            extra.insert("players".to_owned(), vec![p1, p2].into());
        }
        JsonRecord {
            id,
            variant: record.variant,
            tournament_rule: record.tournament_rule,
            moves: record.moves.iter().map(ToString::to_string).collect(),
            result: record.result.map(|r| r.token().to_owned()),
            extra,
        }
    }
}
