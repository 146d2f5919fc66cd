//! The format-independent record of one Pente game.

use super::replay::{replay, Replay};
use crate::pente::point::Point;
use crate::pente::position::{Pente, Variant};

pub use crate::record::RecordedResult;

/// One Pente game, independent of the file it came from: the ruleset, the header tags, the
/// moves and the recorded result.
///
/// Read from pente.org PGN text ([`super::pgn`]), a bare move list ([`super::movelist`]) or a
/// JSON record ([`super::json`]), and written back to any of them; writing then reading gives
/// the same record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The ruleset (pente.org's `[Game ...]` tag).
    pub variant: Variant,
    /// Whether the tournament rule applies (pente.org plays it in rated games: `[Rated "Y"]`).
    pub tournament_rule: bool,
    /// Every other header tag as `(name, value)`, in file order (`Site`, `Event`, `Date`,
    /// players, ratings, ...).
    pub tags: Vec<(String, String)>,
    /// The moves, ply 1 first.
    pub moves: Vec<Point>,
    /// The recorded result, if any.
    pub result: Option<RecordedResult>,
}

/// Why a record's moves are not a legal game: which game, which move, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game}: move {move_number} ({mover}, ply {ply}) {point}: {reason}")]
pub struct ReplayError {
    /// The game, as its tags name it (event, date, players) or `game` when untagged.
    pub game: String,
    /// The ply of the refused move, from 1.
    pub ply: usize,
    /// Its move number as records count them (two plies a move), from 1.
    pub move_number: usize,
    /// `player 1` or `player 2`.
    pub mover: String,
    /// The refused point.
    pub point: Point,
    /// Why the rules refuse it.
    pub reason: String,
}

impl GameRecord {
    /// The value of a tag, if present (first match, exact name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::record::tag(&self.tags, name)
    }

    /// A short name for messages: the `Id` tag, else the event, date and players, else
    /// `game`.
    pub fn label(&self) -> String {
        crate::record::label(&self.tags, ["Player 1 Name", "Player 2 Name"])
    }

    /// Plays the moves from the empty board, ply by ply (see [`replay`]).
    pub fn replay(&self) -> Replay {
        let names: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        replay(self.variant, self.tournament_rule, &names)
    }

    /// Plays the moves and returns the final position.
    ///
    /// # Errors
    /// [`ReplayError`] naming the game, the move number and the rule for the first move the
    /// rules refuse.
    pub fn check(&self) -> Result<Pente, ReplayError> {
        let mut pos = Pente::new(self.variant, self.tournament_rule);
        for (i, &point) in self.moves.iter().enumerate() {
            if let Err(e) = pos.place(point) {
                return Err(ReplayError {
                    game: self.label(),
                    ply: i + 1,
                    move_number: i / 2 + 1,
                    mover: format!("player {}", i % 2 + 1),
                    point,
                    reason: e.to_string(),
                });
            }
        }
        Ok(pos)
    }
}
