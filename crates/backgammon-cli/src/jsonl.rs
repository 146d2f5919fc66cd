//! `replay --jsonl`: the JSON-lines game records of the reference data (`real.jsonl`), one
//! game per line with every action as gnubg read it, replayed against the rules of the match
//! game into the report `{"id", "plies", "first_illegal", "pid_after"}`.

use boardgames_core::backgammon::record::{
    replay_matches, Action, ActionKind, GameRecord, MatchRecord,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The first refused action of a line.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct IllegalAction {
    /// Its index among the line's actions, from 0; their count when the problem is the
    /// result (or its absence).
    pub action: usize,
    /// Why.
    pub reason: String,
}

/// One input line: the game's id, match length, score, Crawford flag, actions and result.
/// `id` and `actions` are required; the others default to a money game at 0-0.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct JsonlGame {
    /// The game's id.
    pub id: String,
    /// Points to win the match; 0 for money.
    #[serde(default)]
    pub match_length: u32,
    /// Whether the game is the Crawford game (`null`: not a match).
    #[serde(default)]
    pub crawford: Option<bool>,
    /// The score at the start, `[player 0, player 1]`.
    #[serde(default)]
    pub score_before: [u32; 2],
    /// The actions: objects with `type` `move` (`player`, `dice`, `play`, optional `text`
    /// as written), `roll` (a roll without a play), `double` (`cube`), `take`, `drop`,
    /// `resign` (`value`); any other type is refused by the replay.
    pub actions: Vec<Value>,
    /// The result: `winner` and `points` are checked when given.
    #[serde(default)]
    pub result: Option<Value>,
}

/// The replay of one line.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct JsonlReport {
    /// The game's id.
    pub id: String,
    /// Checker plays applied.
    pub plies: usize,
    /// The first refused action (`action` indexes the input's `actions`; their count when
    /// the problem is the result).
    pub first_illegal: Option<IllegalAction>,
    /// The gnubg Position ID after every checker play, in order.
    pub pid_after: Vec<String>,
}

fn num(v: &Value, key: &str) -> Option<u64> {
    v.get(key).and_then(Value::as_u64)
}

/// One action of the line, or why it is not one.
fn action_of(v: &Value) -> Result<Action, String> {
    let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
    let player = num(v, "player").filter(|&p| p <= 1);
    let player = match (kind, player) {
        ("move" | "roll" | "double" | "beaver" | "take" | "drop" | "resign", Some(p)) => p as u8,
        ("move" | "roll" | "double" | "beaver" | "take" | "drop" | "resign", None) => {
            return Err(format!("a {kind} action without a player 0 or 1"))
        }
        _ => return Err(format!("an action the rules do not know: {v}")),
    };
    let dice = || -> Result<[u8; 2], String> {
        let d = v.get("dice").and_then(Value::as_array);
        match d.map(|d| d.as_slice()) {
            Some([a, b]) => {
                let die = |x: &Value| x.as_u64().filter(|n| (1..=6).contains(n));
                match (die(a), die(b)) {
                    (Some(a), Some(b)) => Ok([a as u8, b as u8]),
                    _ => Err("dice are two numbers 1 to 6".into()),
                }
            }
            _ => Err("a roll without two dice".into()),
        }
    };
    let text = |key: &str| v.get(key).and_then(Value::as_str).map(str::to_string);
    let kind = match kind {
        "move" => ActionKind::Roll {
            dice: dice()?,
            play: text("text").or_else(|| text("play")).unwrap_or_default(),
        },
        "roll" => ActionKind::Roll {
            dice: dice()?,
            play: text("text").unwrap_or_default(),
        },
        "double" => ActionKind::Double {
            cube: num(v, "cube").unwrap_or(0).min(u64::from(u32::MAX)) as u32,
        },
        "beaver" => ActionKind::Beaver {
            cube: num(v, "cube").unwrap_or(0).min(u64::from(u32::MAX)) as u32,
        },
        "take" => ActionKind::Take,
        "drop" => ActionKind::Drop,
        _ => ActionKind::Resign {
            value: num(v, "value").unwrap_or(0).min(255) as u8,
        },
    };
    Ok(Action { player, kind })
}

impl JsonlGame {
    /// Replays the line's actions against the rules and reports them; a result given is
    /// checked against the end by the rules (winner and points).
    #[must_use]
    pub fn replay(&self) -> JsonlReport {
        let mut game = GameRecord {
            number: 1,
            score: self.score_before,
            crawford: self.crawford == Some(true),
            ..GameRecord::default()
        };
        let mut bad = None;
        for (i, v) in self.actions.iter().enumerate() {
            match action_of(v) {
                Ok(a) => game.actions.push(a),
                Err(reason) => {
                    bad = Some(IllegalAction { action: i, reason });
                    break;
                }
            }
        }
        let count = game.actions.len();
        let record = MatchRecord {
            tags: Vec::new(),
            match_length: self.match_length,
            games: vec![game],
        };
        let replayed = replay_matches(&record.to_records(), false);
        let Some(r) = replayed.first().and_then(|m| m.games.first()) else {
            return JsonlReport {
                id: self.id.clone(),
                plies: 0,
                first_illegal: bad,
                pid_after: Vec::new(),
            };
        };
        let mut first_illegal = r.problem.as_ref().map(|p| IllegalAction {
            action: p.action,
            reason: p.reason.to_string(),
        });
        // An action the replay could not read comes after everything it replayed.
        if let Some(b) = bad {
            if first_illegal.as_ref().is_none_or(|f| f.action >= count) {
                first_illegal = Some(b);
            }
        }
        if first_illegal.is_none() {
            if let (Some(res), Some((end, _))) = (self.result.as_ref(), r.end) {
                let winner = num(res, "winner");
                let points = num(res, "points");
                let by_rules = end.winner.gnubg_player();
                if winner.is_some_and(|w| w != u64::from(by_rules))
                    || points.is_some_and(|p| p != u64::from(end.points))
                {
                    first_illegal = Some(IllegalAction {
                        action: self.actions.len(),
                        reason: format!(
                            "the result gives player {} {} points; by the rules player {} \
                             wins {}",
                            winner.map_or(0, |w| w + 1),
                            points.unwrap_or(0),
                            by_rules + 1,
                            end.points
                        ),
                    });
                }
            }
        }
        let upto = r.problem.as_ref().map_or(usize::MAX, |p| p.action);
        let pid_after = r
            .actions
            .iter()
            .take(upto)
            .filter_map(|a| a.played.as_ref().map(|(_, pid)| pid.clone()))
            .collect();
        JsonlReport {
            id: self.id.clone(),
            plies: r.plies(),
            first_illegal,
            pid_after,
        }
    }
}

/// Replays one JSON line (see [`JsonlGame`]).
///
/// # Errors
/// When the line is not a JSON object of that shape (an object with at least `id` and
/// `actions`).
pub fn replay_line(line: &str) -> Result<JsonlReport, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    if !value.is_object() {
        return Err("not a game record: a JSON object with \"id\" and \"actions\"".into());
    }
    let game: JsonlGame = serde_json::from_value(value).map_err(|e| e.to_string())?;
    Ok(game.replay())
}
