//! The views of each game: the board as plain data for the page, the record its program
//! saves, its words for whose turn and seats, and its engine. One file a game.

pub mod abalone;
pub mod backgammon;
pub mod pente;

use boardgames_core::record::RecordedResult;
use boardgames_core::{Game, GameResult};

/// The result a record of a two-seat game that ended at `end` states, as the programs'
/// records state it: the winner's (`1-0`, `0-1`) or a draw; `None` while it goes on or with
/// more seats.
pub(crate) fn two_seat_result<G: Game>(end: &G) -> Option<RecordedResult> {
    if end.seat_count() != 2 {
        return None;
    }
    match end.outcome()?.result {
        GameResult::Draw => Some(RecordedResult::Draw),
        GameResult::Win { winner, .. } if winner.0 == 0 => Some(RecordedResult::FirstPlayerWins),
        GameResult::Win { .. } => Some(RecordedResult::SecondPlayerWins),
    }
}

/// A view serialised to JSON (plain data: the serialisation cannot fail).
pub(crate) fn to_json<T: serde::Serialize>(view: &T) -> serde_json::Value {
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}
