//! `moves`: the legal plays of a position and roll, one at a time or as JSON lines.
//!
//! The batch interface (`moves --jsonl`) is the record format of the reference corpora:
//! for each input line one line `{"id", "count", "results", "plays"}` (see [`MovesReport`]).

use boardgames_core::backgammon::{Backgammon, Dice, Setup, Side};
use serde::Serialize;
use serde_json::Value;

/// A position in the neutral format, without dice: `board` (point `i + 1` of X's numbering,
/// positive for X's checkers, negative for O's), `bar` and `off` as `[X, O]`, `turn`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Neutral {
    /// The 24 points.
    pub board: [i8; 24],
    /// Checkers on the bar, `[X, O]`.
    pub bar: [u8; 2],
    /// Checkers borne off, `[X, O]`.
    pub off: [u8; 2],
    /// The side on roll.
    pub turn: Side,
}

impl Neutral {
    /// The neutral form of a position (its dice and cube left out).
    pub fn of(pos: &Backgammon) -> Neutral {
        let s = Setup::of(pos);
        Neutral {
            board: s.board,
            bar: s.bar,
            off: s.off,
            turn: s.turn,
        }
    }
}

/// One distinct result of a roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayResult {
    /// The gnubg Position ID of the result, with the opponent on roll.
    pub pid: String,
    /// The result, the opponent on roll.
    pub position: Neutral,
    /// The play in gnubg notation (`pass` when nothing can move).
    pub play: String,
}

/// One output line of `moves --jsonl`, fields in this order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The input's `id`, as given (`null` without one).
    pub id: Value,
    /// The number of distinct resulting positions.
    pub count: usize,
    /// Every distinct result, sorted by `pid`.
    pub results: Vec<PlayResult>,
    /// The plays of the results, sorted.
    pub plays: Vec<String>,
}

/// The distinct results of `dice` for the side on roll of `pos`, sorted by Position ID.
pub fn results(pos: &Backgammon, dice: Dice) -> Vec<PlayResult> {
    let mut out: Vec<PlayResult> = pos
        .plays(dice)
        .iter()
        .map(|p| {
            let after = pos.after(p);
            PlayResult {
                pid: after.position_id(),
                position: Neutral::of(&after),
                play: p.to_string(),
            }
        })
        .collect();
    out.sort_by(|a, b| a.pid.cmp(&b.pid));
    out
}

/// The report of one input line: a neutral position with `dice`, or an object with `id` and
/// `input` holding one.
///
/// # Errors
/// A message when the line is not JSON, not a valid position, or has no dice.
pub fn report(line: &str) -> Result<MovesReport, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let Some(object) = value.as_object() else {
        return Err("not a JSON object".to_owned());
    };
    let id = object.get("id").cloned().unwrap_or(Value::Null);
    let input = object.get("input").unwrap_or(&value);
    let setup: Setup = serde_json::from_value(input.clone())
        .map_err(|e| format!("not a neutral position: {e}"))?;
    let pos = setup.into_position().map_err(|e| e.to_string())?;
    let Some(dice) = pos.dice() else {
        return Err("the position has no dice: add \"dice\": [d1, d2]".to_owned());
    };
    let results = results(&pos, dice);
    let mut plays: Vec<String> = results.iter().map(|r| r.play.clone()).collect();
    plays.sort();
    Ok(MovesReport {
        id,
        count: results.len(),
        results,
        plays,
    })
}
