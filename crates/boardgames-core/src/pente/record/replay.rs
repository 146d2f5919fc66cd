//! Replay of a move list against the rules, ply by ply, and the expected-results report.

use std::collections::BTreeMap;

use crate::game::{Game, Turn};
use crate::pente::error::IllegalMove;
use crate::pente::point::Point;
use crate::pente::position::{Pente, Variant};

#[cfg(feature = "serde")]
use super::json::JsonRecord;

/// How a replayed game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReplayResult {
    /// 1 or 2 for the winning player, 0 for a draw.
    pub winner: u8,
    /// The ply (from 1) that ended the game.
    pub ply: usize,
    /// `five`, `captures`, `five+captures` or `draw-board-full`.
    pub reason: String,
}

/// The first move the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IllegalAt {
    /// Its ply, from 1.
    pub ply: usize,
    /// The move as written.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: String,
    /// Why: an [`IllegalMove`] message, or why the text is not a point.
    pub why: String,
}

/// What replaying a move list did, ply by ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Stones captured by player 1 and by player 2 after each applied ply.
    pub caps: Vec<[u16; 2]>,
    /// The points emptied at each ply (from 1) that captured, sorted by name.
    pub removed: BTreeMap<usize, Vec<Point>>,
    /// How the game ended by the rules, if it did.
    pub result: Option<ReplayResult>,
    /// The first refused move, if any; the replay stops there.
    pub illegal: Option<IllegalAt>,
    /// The position after the last applied ply.
    pub position: Pente,
}

/// Plays `moves` (as written) from the empty board and reports what happened; stops at the
/// first illegal move or text that is not a point.
pub fn replay<S: AsRef<str>>(variant: Variant, tournament_rule: bool, moves: &[S]) -> Replay {
    let mut pos = Pente::new(variant, tournament_rule);
    let mut report = Replay {
        caps: Vec::with_capacity(moves.len()),
        removed: BTreeMap::new(),
        result: None,
        illegal: None,
        position: pos,
    };
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        let ply = i + 1;
        let placed = text
            .parse::<Point>()
            .map_err(|e| e.to_string())
            .and_then(|p| pos.place(p).map_err(|e: IllegalMove| e.to_string()));
        match placed {
            Ok(placement) => {
                report.caps.push(pos.captures());
                if !placement.removed.is_empty() {
                    let mut points = placement.removed.to_vec();
                    points.sort_by_key(|p| p.to_string());
                    report.removed.insert(ply, points);
                }
                if pos.turn() == Turn::Over {
                    let reason = pos.end_reason().map_or("", |r| r.name()).to_owned();
                    let winner = pos.winner().map_or(0, |s| s.0 + 1);
                    report.result = Some(ReplayResult {
                        winner,
                        ply,
                        reason,
                    });
                }
            }
            Err(why) => {
                report.illegal = Some(IllegalAt {
                    ply,
                    mv: text.to_owned(),
                    why,
                });
                break;
            }
        }
    }
    report.position = pos;
    report
}

/// A replay in the expected-results format of the reference data, for JSON output.
#[cfg(feature = "serde")]
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

#[cfg(feature = "serde")]
impl ReplayReport {
    /// Replays a JSON record and reports it.
    pub fn of(record: &JsonRecord) -> ReplayReport {
        let replay = record.replay();
        ReplayReport {
            id: record.id.clone(),
            variant: record.variant,
            tournament_rule: record.tournament_rule,
            n_moves: record.moves.len(),
            caps: replay.caps,
            removed: replay.removed,
            result: replay.result,
            illegal: replay.illegal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_stops_at_first_illegal_move() {
        // Hand-worked: the second K10 is on an occupied point.
        let r = replay(Variant::Pente, true, &["K10", "L9", "K10", "A1"]);
        assert_eq!(r.caps.len(), 2);
        let illegal = r.illegal.unwrap();
        assert_eq!((illegal.ply, illegal.why.as_str()), (3, "occupied"));
    }
}
