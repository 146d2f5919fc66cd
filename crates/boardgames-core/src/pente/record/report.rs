//! The `replay --jsonl` report of the reference data: a fold over the [`Trace`] of a JSON
//! record's moves as written.

use std::collections::BTreeMap;

use super::json::JsonRecord;
use crate::game::{Game, Turn};
use crate::pente::point::Point;
use crate::pente::position::{Pente, Variant};
use crate::record::{replay_written, Trace};

/// How a replayed game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReplayResult {
    /// 1 or 2 for the winning player, 0 for a draw.
    pub winner: u8,
    /// The ply (from 1) that ended the game.
    pub ply: usize,
    /// `five`, `captures`, `five+captures` or `draw-board-full`.
    pub reason: String,
}

/// The first move the rules refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct IllegalAt {
    /// Its ply, from 1.
    pub ply: usize,
    /// The move as written.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why: the rule it breaks, or why the text is not a point.
    pub why: String,
}

/// One line of `replay --jsonl`, the expected-results format of the reference data.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReplayReport {
    /// The record's id.
    pub id: Option<String>,
    /// `pente` or `keryo-pente`.
    pub variant: Variant,
    /// Whether the tournament rule applied.
    pub tournament_rule: bool,
    /// Moves in the record (applied or not).
    pub n_moves: usize,
    /// Captured stones `[by player 1, by player 2]` after each applied ply.
    pub caps: Vec<[u16; 2]>,
    /// Points emptied at each capturing ply, keyed by the ply number as a string.
    pub removed: BTreeMap<usize, Vec<Point>>,
    /// How the game ended by the rules.
    pub result: Option<ReplayResult>,
    /// The first refused move.
    pub illegal: Option<IllegalAt>,
}

impl ReplayReport {
    /// Replays a JSON record's moves as written and reports them.
    #[must_use]
    pub fn of(record: &JsonRecord) -> ReplayReport {
        let trace = replay_written(&record.start(), &record.moves);
        ReplayReport::fold(record, &trace)
    }

    /// The report of a replay of `record`'s moves.
    pub fn fold(record: &JsonRecord, trace: &Trace<Pente>) -> ReplayReport {
        let mut report = ReplayReport {
            id: record.id.clone(),
            variant: record.variant,
            tournament_rule: record.tournament_rule,
            n_moves: record.moves.len(),
            caps: Vec::with_capacity(trace.applied.len()),
            removed: BTreeMap::new(),
            result: None,
            illegal: None,
        };
        for (i, (before, _, after)) in trace.steps().enumerate() {
            let ply = i + 1;
            report.caps.push(after.captures());
            let them = before.side_to_move().0 ^ 1;
            let seat = crate::game::Seat(them);
            let mut points: Vec<Point> = before
                .stones(seat)
                .minus(after.stones(seat))
                .iter()
                .collect();
            if !points.is_empty() {
                points.sort_by_key(ToString::to_string);
                report.removed.insert(ply, points);
            }
            if after.turn() == Turn::Over {
                report.result = Some(ReplayResult {
                    winner: after.winner().map_or(0, |s| s.0 + 1),
                    ply,
                    reason: after.end_reason().map_or("", |r| r.name()).to_owned(),
                });
            }
        }
        report.illegal = trace.illegal.as_ref().map(|bad| IllegalAt {
            ply: bad.ply,
            mv: bad.written.clone(),
            why: bad.error.reason(),
        });
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_stops_at_first_illegal_move() {
        // Hand-worked: the second K10 is on an occupied point.
        let record =
            JsonRecord::from_json(r#"{"moves":["K10","L9","K10","A1"]}"#).expect("a record");
        let r = ReplayReport::of(&record);
        assert_eq!(r.caps.len(), 2);
        let illegal = r.illegal.unwrap();
        assert_eq!((illegal.ply, illegal.why.as_str()), (3, "occupied"));
    }
}
