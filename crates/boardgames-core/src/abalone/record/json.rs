//! The JSON line of the reference corpora: one game per object,
//! `{"id": "...", "layout": "belgian_daisy", "moves": ["a1b2", "i5h5", ...], "result": "1-0",
//! "termination": "...", ...}`; other fields are kept.

use serde_json::{Map, Value};

use super::apgn::{FIELD_TAGS, ROSTER};
use super::report::ReplayReport;
use super::{two_player_layout, RecordError, START_TAGS};
use crate::abalone::layout::Layout;
use crate::abalone::notation::Notation;
use crate::abalone::position::{Abalone, Position};
use crate::record::json_lines::{read_lines, write_lines, JsonLine};
use crate::record::{replay_written, Format, Record, RecordedResult, Step};

/// One game as a JSON line of the reference corpora (`real/games.jsonl`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JsonGame {
    /// The game's identifier, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The starting layout (default standard): a two-player layout, by its name.
    #[serde(default, with = "two_player_layout")]
    pub layout: Layout,
    /// The moves as written (checked on replay, so that a bad one is reported by ply).
    pub moves: Vec<String>,
    /// The recorded result: `1-0`, `0-1`, `1/2-1/2`, `*`, or the source's own words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Every other field, kept as it was.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Why a game's layout is no start of a JSON record.
const NOT_TWO: &str = "a JSON record starts from a two-player layout";

/// The `layout` field as serde reads and writes it: the name of a two-player layout, the
/// layouts of more players being no JSON record's start.
mod two_player_layout {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::abalone::layout::Layout;

    /// The two-player layouts as the field names them.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename = "Layout", rename_all = "snake_case")]
    enum Name {
        Standard,
        BelgianDaisy,
        GermanDaisy,
        DutchDaisy,
        SwissDaisy,
    }

    impl From<Name> for Layout {
        fn from(name: Name) -> Layout {
            match name {
                Name::Standard => Layout::Standard,
                Name::BelgianDaisy => Layout::BelgianDaisy,
                Name::GermanDaisy => Layout::GermanDaisy,
                Name::DutchDaisy => Layout::DutchDaisy,
                Name::SwissDaisy => Layout::SwissDaisy,
            }
        }
    }

    /// Writes the layout's name; a layout of more players is an error.
    pub(super) fn serialize<S: Serializer>(layout: &Layout, s: S) -> Result<S::Ok, S::Error> {
        let name = match layout {
            Layout::Standard => Name::Standard,
            Layout::BelgianDaisy => Name::BelgianDaisy,
            Layout::GermanDaisy => Name::GermanDaisy,
            Layout::DutchDaisy => Name::DutchDaisy,
            Layout::SwissDaisy => Name::SwissDaisy,
            Layout::ThreePlayers
            | Layout::FourPlayers
            | Layout::FourPlayersRows
            | Layout::SixPlayers => {
                return Err(serde::ser::Error::custom(super::NOT_TWO));
            }
        };
        name.serialize(s)
    }

    /// Reads the name of a two-player layout.
    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Layout, D::Error> {
        Name::deserialize(d).map(Layout::from)
    }
}

/// JSON keys and the record fields or tags they become.
const KEY_TAGS: [(&str, &str); 2] = [("id", "Id"), ("date", "Date")];

/// The tag that keeps a result written in words (not `1-0`, `0-1`, `1/2-1/2` or `*`).
const RESULT_TEXT: &str = "ResultText";

impl JsonGame {
    /// Reads one JSON line.
    ///
    /// # Errors
    /// [`RecordError::Json`] with serde's message (it names the line and column).
    pub fn from_json(text: &str) -> Result<JsonGame, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The `replay --jsonl` report of this game: its moves as written replayed from the
    /// layout.
    ///
    /// # Errors
    /// [`RecordError::Unwritable`] when the layout is not one of two players.
    pub fn report(&self) -> Result<ReplayReport, RecordError> {
        let start = Abalone::new(self.layout).map_err(|_| RecordError::Unwritable(NOT_TWO))?;
        let trace = replay_written(&start, &self.moves);
        Ok(ReplayReport::of(self.id.clone(), &trace))
    }

    /// The record: `id` becomes the tag `Id`, `date` `Date`, `players` `Black` and `White`,
    /// `termination` and `plies_in_header` the tags `Termination` and `Plies`, `move_limit`
    /// the start's move limit, a result in words the tag `ResultText`; every other field a tag of the same name (its
    /// JSON text when it is not a string). The tags are in APGN's order: `Id`, the roster
    /// (`Event`, `Site`, `Date`, `Round`, `Black`, `White`), then the others by name.
    ///
    /// # Errors
    /// [`RecordError::BadMove`] (line 1, column = the move's place in the list, from 1) for
    /// a move that is not Aba-Pro notation.
    pub fn to_record<const SEATS: usize>(&self) -> Result<Record<Position<SEATS>>, RecordError> {
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                m.parse::<Notation>()
                    .map_err(|source| RecordError::BadMove {
                        line: 1,
                        column: i + 1,
                        token: m.clone(),
                        source,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let start = Position::<SEATS>::new(self.layout).map_err(|_| {
            RecordError::Unwritable(if SEATS == 2 {
                NOT_TWO
            } else {
                "APGN and JSON records are two-player games (leave out --players)"
            })
        })?;
        let mut record = Record {
            steps: moves.into_iter().map(Step::Move).collect(),
            ..Record::new(start)
        };
        if let Some(id) = &self.id {
            record.tags.push(("Id".to_owned(), id.clone()));
        }
        match self.result.as_deref().map(str::trim) {
            None | Some("*") => {}
            Some(text) => match text.parse::<RecordedResult>() {
                Ok(r) => record.result = Some(r),
                Err(_) => record.tags.push((RESULT_TEXT.to_owned(), text.to_owned())),
            },
        }
        for (key, value) in &self.extra {
            let tag = KEY_TAGS.iter().find(|(k, _)| k == key).map(|(_, t)| *t);
            match (key.as_str(), value, tag) {
                ("termination", Value::String(s), _) => {
                    record.tags.push(("Termination".to_owned(), s.clone()));
                }
                ("plies_in_header", Value::Number(n), _) if n.as_u64().is_some() => {
                    record.tags.push(("Plies".to_owned(), n.to_string()));
                }
                ("move_limit", Value::Number(n), _) => {
                    let limit = n
                        .as_u64()
                        .and_then(|n| u16::try_from(n).ok())
                        .filter(|&n| n > 0);
                    let limit = limit.ok_or_else(|| {
                        RecordError::Json(format!("move_limit {n} is not 1..=65535"))
                    })?;
                    record.start.set_move_limit(Some(limit));
                }
                ("players", Value::Array(names), _)
                    if names.len() == 2 && names.iter().all(Value::is_string) =>
                {
                    for (tag, name) in ["Black", "White"].iter().zip(names) {
                        let name = name.as_str().unwrap_or_default();
                        record.tags.push(((*tag).to_owned(), name.to_owned()));
                    }
                }
                (_, Value::String(s), Some(tag)) => record.tags.push((tag.to_owned(), s.clone())),
                (_, Value::String(s), None) => record.tags.push((key.clone(), s.clone())),
                (_, other, _) => record.tags.push((key.clone(), other.to_string())),
            }
        }
        // JSON objects have no order: the tags take the order APGN files use, `Id`, then
        // `Event`, `Site`, `Date`, `Round`, `Black`, `White`, then the others.
        record.tags.sort_by_key(|(name, _)| match name.as_str() {
            "Id" => 0,
            n => ROSTER
                .iter()
                .position(|&r| r == n)
                .map_or(ROSTER.len() + 1, |i| i + 1),
        });
        Ok(record)
    }

    /// The JSON line of a record: the inverse of [`JsonGame::to_record`]. The result is
    /// always written (`*` when there is none).
    ///
    /// # Errors
    /// [`RecordError::Unwritable`] when the record does not start from a two-player layout.
    pub fn from_record<const SEATS: usize>(
        record: &Record<Position<SEATS>>,
    ) -> Result<JsonGame, RecordError> {
        let layout = two_player_layout(&record.start)?;
        if let Some(text) = record.first_written() {
            return Err(RecordError::UnwritableStep(text.to_owned()));
        }
        let mut extra = Map::new();
        let (mut termination, mut plies) = (None, None);
        let mut id = None;
        let mut result = record.result.map_or("*", RecordedResult::token).to_owned();
        let mut players: [Option<String>; 2] = [None, None];
        for (name, value) in &record.tags {
            let key = KEY_TAGS.iter().find(|(_, t)| t == name).map(|(k, _)| *k);
            match (name.as_str(), key) {
                ("Termination", _) => termination = Some(value.clone()),
                ("Plies", _) => plies = value.trim().parse::<u64>().ok(),
                (field, _) if FIELD_TAGS.contains(&field) || START_TAGS.contains(&field) => {}
                ("Id", _) => id = Some(value.clone()),
                ("Black", _) => players[0] = Some(value.clone()),
                ("White", _) => players[1] = Some(value.clone()),
                (RESULT_TEXT, _) => result = value.clone(),
                (_, Some(key)) => {
                    extra.insert(key.to_owned(), value.clone().into());
                }
                (_, None) => {
                    // Values that were JSON (numbers, lists, objects) go back as JSON.
                    let v = match serde_json::from_str::<Value>(value) {
                        Ok(v) if !v.is_string() => v,
                        _ => value.clone().into(),
                    };
                    extra.insert(name.clone(), v);
                }
            }
        }
        match players {
            [Some(black), Some(white)] => {
                extra.insert("players".to_owned(), vec![black, white].into());
            }
            [black, white] => {
                for (name, player) in [("Black", black), ("White", white)] {
                    if let Some(p) = player {
                        extra.insert(name.to_owned(), p.into());
                    }
                }
            }
        }
        if let Some(t) = termination {
            extra.insert("termination".to_owned(), t.into());
        }
        if let Some(n) = plies {
            extra.insert("plies_in_header".to_owned(), n.into());
        }
        if let Some(limit) = record.start.move_limit() {
            extra.insert("move_limit".to_owned(), limit.into());
        }
        Ok(JsonGame {
            id,
            layout,
            moves: record.move_texts(),
            result: Some(result),
            extra,
        })
    }
}

/// JSON lines as a [`Format`]: `json`, one game per line as the reference corpora
/// (`real/games.jsonl`), two players.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AbaloneJson;

impl<const SEATS: usize> Format<Position<SEATS>> for AbaloneJson {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "json"
    }

    /// Text starting with `{`.
    fn detect(&self, text: &str) -> bool {
        text.trim_start().starts_with('{')
    }

    /// One game per non-blank line; errors name the line when the text has several.
    fn read(&self, text: &str) -> Result<Vec<Record<Position<SEATS>>>, RecordError> {
        read_lines::<Position<SEATS>, JsonGame>(text)
    }

    fn write(&self, records: &[Record<Position<SEATS>>]) -> Result<String, RecordError> {
        write_lines::<Position<SEATS>, JsonGame>(records)
    }
}

impl<const SEATS: usize> JsonLine<Position<SEATS>> for JsonGame {
    type Error = RecordError;

    fn read_line(line: &str) -> Result<Record<Position<SEATS>>, RecordError> {
        JsonGame::from_json(line)?.to_record()
    }

    fn from_record(record: &Record<Position<SEATS>>) -> Result<JsonGame, RecordError> {
        JsonGame::from_record(record)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_becomes_a_record_and_back() {
        let line = r#"{"id":"g-1","layout":"belgian_daisy","moves":["a1b2","C5C3D6"],
            "result":"White won 6-3","players":["P1","P2"],"termination":"time",
            "plies_in_header":2,"kind":"human_vs_human","source":{"repo":"x"}}"#;
        let game = JsonGame::from_json(line).unwrap();
        let record = game.to_record::<2>().unwrap();
        assert_eq!(
            crate::record::label(&record.tags, ["Black", "White"]),
            "g-1"
        );
        assert_eq!(record.tag("Plies"), Some("2"));
        assert_eq!(record.steps[1].to_string(), "c3c5d4");
        assert_eq!(record.tag("source"), Some(r#"{"repo":"x"}"#));
        let back = JsonGame::from_record(&record).unwrap();
        let mut expected: Value = serde_json::from_str(line).unwrap();
        expected["moves"][1] = "c3c5d4".into();
        assert_eq!(serde_json::to_value(back).unwrap(), expected);
    }

    #[test]
    fn the_layout_field_holds_two_player_layouts_only() {
        let err = JsonGame::from_json(r#"{"layout":"six_players","moves":[]}"#).unwrap_err();
        assert!(
            err.to_string().contains(
                "unknown variant `six_players`, expected one of `standard`, `belgian_daisy`, \
                 `german_daisy`, `dutch_daisy`, `swiss_daisy`"
            ),
            "{err}"
        );
        let mut game = JsonGame::from_json(r#"{"moves":["a1b2"]}"#).unwrap();
        assert_eq!(game.layout, Layout::Standard);
        assert_eq!(game.report().unwrap().legal_plies, 1);
        game.layout = Layout::SixPlayers;
        assert!(game.report().is_err());
        assert!(game.to_record::<2>().is_err());
        assert!(serde_json::to_string(&game).is_err());
    }

    #[test]
    fn a_bad_move_is_located_in_the_list() {
        let game = JsonGame::from_json(r#"{"moves":["a1b2","a1b2c"]}"#).unwrap();
        let err = game.to_record::<2>().unwrap_err();
        assert_eq!((err.line(), err.column()), (1, 2));
    }
}
