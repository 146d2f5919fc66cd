//! Abalone for 2, 3, 4 and 6 players: the board as its 61 cells with their owners, the
//! marbles ejected and lost, each legal move with its marbles and where they go (so that the
//! page can offer the moves of a selection); the record as a plain Aba-Pro record (what
//! `abalone-cli`'s `save` writes).
//!
//! The board's JSON: `players`, `cells` (`[{"cell": "E5", "row": 4, "number": 5, "owner":
//! 0 or null}, ...]`, 61 of them), `colours` (each seat's colour, lower case), `teams` (each
//! seat's team), `ejected` (marbles each seat pushed off), `lost` (marbles each seat lost),
//! `team_ejected`, `moves` (`[{"move": "a1b2", "marbles": ["A1", ...], "direction": "NE",
//! "targets": [...], "pushed": 0, "ejects": false, "broadside": false}, ...]`) and `last`
//! (the last move's `marbles`, `targets` and `direction`, or null).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use boardgames_ai::registry::Engines;
use boardgames_core::abalone::record::{AbaPro, RecordedResult};
use boardgames_core::abalone::{Cell, Colour, Move, Position};
use boardgames_core::record::{Applied, Format, Record};
use boardgames_core::{Game, Seat, Team};
use serde::Serialize;

use super::to_json;
use crate::engine;
use crate::error::ApiError;
use crate::session::{Thought, WebGame};

/// A cell and the seat whose marble is on it.
#[derive(Serialize)]
struct CellView {
    cell: String,
    row: usize,
    number: usize,
    owner: Option<u8>,
}

/// A move with what the page needs to offer it.
#[derive(Serialize)]
struct MoveView {
    #[serde(rename = "move")]
    text: String,
    marbles: Vec<String>,
    direction: &'static str,
    targets: Vec<String>,
    pushed: usize,
    ejects: bool,
    broadside: bool,
}

impl MoveView {
    fn of(mv: Move) -> MoveView {
        let marbles: Vec<Cell> = mv.cells().collect();
        MoveView {
            text: mv.to_string(),
            marbles: marbles.iter().map(ToString::to_string).collect(),
            direction: mv.direction().name(),
            targets: marbles
                .iter()
                .filter_map(|c| c.step(mv.direction()))
                .map(|c| c.to_string())
                .collect(),
            pushed: mv.pushed(),
            ejects: mv.ejects(),
            broadside: mv.is_broadside(),
        }
    }
}

/// The board as the page draws it.
#[derive(Serialize)]
struct Board {
    players: usize,
    cells: Vec<CellView>,
    colours: Vec<String>,
    teams: Vec<u8>,
    ejected: Vec<usize>,
    lost: Vec<usize>,
    team_ejected: Vec<usize>,
    moves: Vec<MoveView>,
    last: Option<MoveView>,
}

/// `line` without the diagram's one-character symbols in brackets (` (@)`, ` (#)`).
fn without_symbols(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        let symbol = chars
            .get(i..i + 4)
            .is_some_and(|w| w[0] == ' ' && w[1] == '(' && w[3] == ')' && !w[2].is_alphanumeric());
        if symbol {
            i += 4;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

impl<const SEATS: usize> WebGame for Position<SEATS>
where
    Position<SEATS>: Engines,
{
    fn board(pos: &Self, last: Option<(&Self, Move)>) -> serde_json::Value {
        let colours = &Colour::SEATS[..SEATS];
        to_json(&Board {
            players: SEATS,
            cells: Cell::all()
                .map(|c| CellView {
                    cell: c.to_string(),
                    row: c.row(),
                    number: c.number(),
                    owner: pos.at(c).map(|colour| colour.seat().0),
                })
                .collect(),
            colours: colours
                .iter()
                .map(|c| c.to_string().to_lowercase())
                .collect(),
            teams: (0..SEATS).map(|s| Self::team(s).0).collect(),
            ejected: colours.iter().map(|&c| pos.ejected_by(c)).collect(),
            lost: colours.iter().map(|&c| pos.lost(c)).collect(),
            team_ejected: (0..Self::team_count())
                .filter_map(|t| u8::try_from(t).ok())
                .map(|t| pos.team_ejected(Team(t)))
                .collect(),
            moves: pos.moves().iter().map(|&m| MoveView::of(m)).collect(),
            last: last.map(|(_, m)| MoveView::of(m)),
        })
    }

    /// The plain Aba-Pro record from the start (`abalone-cli`'s record format), with the
    /// result of a game between two sides.
    fn record(start: &Self, steps: &[Applied<Self>], end: &Self) -> String {
        let result = end.end_reason().and_then(|_| {
            (Self::team_count() == 2).then(|| match end.winning_team() {
                None => RecordedResult::Draw,
                Some(t) if t.0 == 0 => RecordedResult::FirstPlayerWins,
                Some(_) => RecordedResult::SecondPlayerWins,
            })
        });
        let written = Record::of_game(start, steps).ok().and_then(|mut record| {
            record.result = result;
            AbaPro::new(*start).write(&[record]).ok()
        });
        written.unwrap_or_else(|| "the game cannot be written as a record".to_owned())
    }

    /// The last line of the diagram: who is to move, or how the game ended.
    /// The diagram's status line, its colours named without the diagram's symbols
    /// (`Black to move`, not `Black (@) to move`).
    fn status(pos: &Self) -> String {
        let line = pos.to_string().lines().last().unwrap_or("").to_owned();
        without_symbols(&line)
    }

    fn seat_name(_pos: &Self, seat: Seat) -> String {
        Colour::of_seat(seat).map_or_else(|| seat.to_string(), |c| c.to_string())
    }

    fn think(
        positions: &[Self],
        _steps: &[Applied<Self>],
        level: Option<u8>,
        time: Duration,
        stop: Arc<AtomicBool>,
    ) -> Result<Thought, ApiError> {
        engine::search(positions, level, time, stop)
    }

    /// The rules' end on time: the seat's colour loses on time, which the rules adjudicate
    /// as at the move limit (more marbles ejected wins, equal is a draw).
    fn time_out(pos: &Self, seat: Seat) -> Option<Self> {
        let mut pos = *pos;
        pos.time_out(Colour::of_seat(seat)?).ok().map(|()| pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_names_colours_without_symbols() {
        assert_eq!(without_symbols("Black (@) to move"), "Black to move");
        assert_eq!(
            without_symbols("Green (#) to move; Purple (*) ejected 2"),
            "Green to move; Purple ejected 2"
        );
        assert_eq!(without_symbols("player 1 (X) wins"), "player 1 (X) wins");
        let pos = Position::<2>::new(boardgames_core::abalone::Layout::Standard).expect("a layout");
        assert_eq!(<Position<2> as WebGame>::status(&pos), "Black to move");
    }
}
