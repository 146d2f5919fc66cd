//! One `bestmove --jsonl` line read once into a typed [`Request`]: its id, the raw JSON text
//! of the fields that give the position (whatever the game names them), and the budget.

use std::fmt;
use std::ops::RangeInclusive;
use std::time::Duration;

use arrayvec::ArrayVec;
use boardgames_ai::Budget;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::Value;

/// What a game's requests look like: the fields that give a position and the depths its
/// engine can search.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The fields that give the position (at most four), kept as raw JSON text.
    pub fields: &'static [&'static str],
    /// The fields in words, for the message of a line of another shape: `a "position"`.
    pub described: &'static str,
    /// The depths a line may ask for.
    pub depths: RangeInclusive<u64>,
}

impl Shape {
    /// The shape of the kit's games: a `position` field, depths 1 to 64.
    pub const POSITION: Shape = Shape {
        fields: &["position"],
        described: "a \"position\"",
        depths: 1..=64,
    };
}

/// One input line, read once: its id, the JSON text of each position field as written
/// (handed to the game without being parsed and written again), and the budget that replaces
/// the level's when any of its fields is given.
#[derive(Debug)]
pub struct Request<'a> {
    /// The `id`, or null.
    pub id: Value,
    /// The position fields present, with their JSON text, in the order of the line.
    pub fields: ArrayVec<(&'static str, &'a str), 4>,
    /// The budget of `movetime_ms`, `depth` and `nodes`, when any is given.
    pub budget: Option<Budget>,
}

impl<'a> Request<'a> {
    /// Reads `line` as a request of the kit's games (a `position` field; see
    /// [`Request::read_shaped`]).
    ///
    /// # Errors
    /// As [`Request::read_shaped`], and `no "position" field`.
    pub fn read(line: &'a str) -> Result<Request<'a>, String> {
        let request = Request::read_shaped(line, &Shape::POSITION)?;
        request.field("position").ok_or("no \"position\" field")?;
        Ok(request)
    }

    /// Reads `line`: a JSON object with an `id` (any value), the position fields of
    /// `shape`, and optionally `movetime_ms`, `depth` and `nodes`; other fields are ignored.
    ///
    /// # Errors
    /// `not JSON: ...` (a line that is no JSON), `not a bestmove request ...` (JSON of
    /// another shape, or a field given twice), or which budget field is not a whole number
    /// in its range.
    pub fn read_shaped(line: &'a str, shape: &Shape) -> Result<Request<'a>, String> {
        let mut json = serde_json::Deserializer::from_str(line);
        let f = Lines(shape)
            .deserialize(&mut json)
            .and_then(|f| json.end().map(|()| f))
            .map_err(|e| {
                if e.is_data() {
                    format!(
                        "not a bestmove request (a JSON object with {}): {e}",
                        shape.described
                    )
                } else {
                    format!("not JSON: {e}")
                }
            })?;
        // A budget field, when present, is a whole number in its range.
        let number = |key: &str, v: &Value, range: RangeInclusive<u64>| match v {
            Value::Null => Ok(None),
            x => x
                .as_u64()
                .filter(|n| range.contains(n))
                .map(Some)
                .ok_or_else(|| {
                    format!(
                        "\"{key}\" must be a whole number from {} to {}",
                        range.start(),
                        range.end()
                    )
                }),
        };
        let movetime = number("movetime_ms", &f.movetime_ms, 1..=u64::MAX)?;
        let depth = number("depth", &f.depth, shape.depths.clone())?;
        let nodes = number("nodes", &f.nodes, 1..=u64::MAX)?;
        let budget = (movetime.is_some() || depth.is_some() || nodes.is_some()).then(|| Budget {
            depth: depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
            nodes,
            time: movetime.map(Duration::from_millis),
        });
        Ok(Request {
            id: f.id,
            fields: f.fields,
            budget,
        })
    }

    /// The JSON text of the position field `name`, when the line has it.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&'a str> {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, text)| text)
    }

    /// The position field `name` when it is a JSON string.
    #[must_use]
    pub fn text(&self, name: &str) -> Option<String> {
        serde_json::from_str(self.field(name)?).ok()
    }
}

/// The fields of a line as they are read: the budget fields kept as JSON, so that a bad one
/// is named in the contract's words.
struct Fields<'a> {
    id: Value,
    fields: ArrayVec<(&'static str, &'a str), 4>,
    movetime_ms: Value,
    depth: Value,
    nodes: Value,
}

/// Reads [`Fields`] of a [`Shape`] in one pass, borrowing the position fields' text.
struct Lines<'s>(&'s Shape);

impl<'de> DeserializeSeed<'de> for Lines<'_> {
    type Value = Fields<'de>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Fields<'de>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Lines<'_> {
    type Value = Fields<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
        let mut f = Fields {
            id: Value::Null,
            fields: ArrayVec::new(),
            movetime_ms: Value::Null,
            depth: Value::Null,
            nodes: Value::Null,
        };
        let mut seen: ArrayVec<&'static str, 8> = ArrayVec::new();
        while let Some(key) = map.next_key::<String>()? {
            let known = ["id", "movetime_ms", "depth", "nodes"]
                .into_iter()
                .chain(self.0.fields.iter().copied().take(4))
                .find(|k| *k == key);
            let Some(name) = known else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if seen.contains(&name) {
                return Err(de::Error::duplicate_field(name));
            }
            seen.push(name);
            match name {
                "id" => f.id = map.next_value()?,
                "movetime_ms" => f.movetime_ms = map.next_value()?,
                "depth" => f.depth = map.next_value()?,
                "nodes" => f.nodes = map.next_value()?,
                _ => {
                    let raw: &'de RawValue = map.next_value()?;
                    f.fields.push((name, raw.get()));
                }
            }
        }
        Ok(f)
    }
}
