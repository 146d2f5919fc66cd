//! The format-independent record of one two-player Abalone game.

use super::replay::{replay, Replay};
use crate::abalone::layout::Layout;
use crate::abalone::notation::Notation;
use crate::abalone::position::{Abalone, Colour};
use crate::game::Game;

pub use crate::record::RecordedResult;

/// One two-player Abalone game, independent of the file it came from.
///
/// Read from APGN ([`super::apgn`]) or the JSON line of the reference corpora
/// ([`super::json`]) and written back to either; writing then reading gives the same record.
/// The moves are kept as notation (canonical: a broadside written with its larger extremity
/// first reads as the same move); [`GameRecord::check`] plays them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// Every header tag that is not a field below, as `(name, value)` in file order
    /// (`Event`, `Date`, `Black`, `White`, `Source`, ...).
    #[cfg_attr(feature = "serde", serde(default))]
    pub tags: Vec<(String, String)>,
    /// The starting layout (APGN's `Variant` tag); Black moves first.
    #[cfg_attr(feature = "serde", serde(default))]
    pub layout: Layout,
    /// The moves, ply 1 first, Black and White alternating.
    #[cfg_attr(feature = "serde", serde(with = "notation_list"))]
    pub moves: Vec<Notation>,
    /// The recorded result; `None` for `*` (not decided or not stated).
    #[cfg_attr(feature = "serde", serde(default))]
    pub result: Option<RecordedResult>,
    /// How the game ended, as written (MiGs: `Au score`, `Abandon`, `Au temps`, `Déco`,
    /// `Match nul`; see [`termination_meaning`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub termination: Option<String>,
    /// The number of plies the header states (APGN's `Plies` tag), if any.
    #[cfg_attr(feature = "serde", serde(default))]
    pub plies: Option<usize>,
}

/// The meaning of a termination word of the MiGs server (French), in English; `None` for a
/// word it does not use.
///
/// `Au score` = six marbles ejected (`score (6 marbles)`), `Abandon` = resignation, `Au
/// temps` = time, `Déco` = disconnection, `Match nul` = draw (agreed).
pub fn termination_meaning(word: &str) -> Option<&'static str> {
    match word.trim() {
        "Au score" => Some("score (6 marbles)"),
        "Abandon" => Some("resignation"),
        "Au temps" => Some("time"),
        "Déco" => Some("disconnection"),
        "Match nul" => Some("draw (agreed)"),
        _ => None,
    }
}

/// Why a record's moves are not a legal game: which game, which move, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game}: move {move_number} ({side}, ply {ply}) {token}: {reason}")]
pub struct ReplayError {
    /// The game, as its tags name it (event, date, players), or `game` when untagged.
    pub game: String,
    /// The ply of the refused move, from 1.
    pub ply: usize,
    /// Its move number as records count them (a Black ply and a White ply a move), from 1.
    pub move_number: usize,
    /// The side that was to play it.
    pub side: Colour,
    /// The refused move, in canonical notation.
    pub token: String,
    /// Why the rules refuse it.
    pub reason: String,
}

impl GameRecord {
    /// The value of a tag kept in [`GameRecord::tags`], if present (first match, exact name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::record::tag(&self.tags, name)
    }

    /// A short name for messages: the `Id` tag, else the event, date and players, else
    /// `game`.
    pub fn label(&self) -> String {
        crate::record::label(&self.tags, ["Black", "White"])
    }

    /// Plays the moves from the layout, ply by ply (see [`replay`]): legal-move counts,
    /// ejections, the first illegal move and the final position.
    pub fn replay(&self) -> Replay {
        let tokens: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        replay(self.layout, &tokens)
    }

    /// Plays the moves from the layout and returns the final position.
    ///
    /// A move after the game has ended (six marbles ejected) is refused like any illegal
    /// move.
    ///
    /// # Errors
    /// [`ReplayError`] naming the game, the move number, the side and the rule for the first
    /// move the rules refuse.
    pub fn check(&self) -> Result<Abalone, ReplayError> {
        let mut pos = Abalone::new(self.layout);
        for (i, notation) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            let played = pos.resolve(notation).and_then(|mv| pos.play(mv));
            if let Err(e) = played {
                return Err(ReplayError {
                    game: self.label(),
                    ply: i + 1,
                    move_number: i / 2 + 1,
                    side,
                    token: notation.to_string(),
                    reason: e.to_string(),
                });
            }
        }
        Ok(pos)
    }
}

/// Moves as their canonical notation strings in JSON; any spelling is read.
#[cfg(feature = "serde")]
mod notation_list {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::abalone::notation::Notation;

    pub fn serialize<S: Serializer>(moves: &[Notation], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(moves.iter().map(ToString::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Notation>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                t.parse::<Notation>()
                    .map_err(|e| D::Error::custom(format!("move {}: {e}", i + 1)))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &[&str]) -> GameRecord {
        GameRecord {
            tags: vec![("Event".into(), "Test".into())],
            layout: Layout::Standard,
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            ..GameRecord::default()
        }
    }

    #[test]
    fn check_names_game_move_side_and_reason() {
        // Hand-worked from the standard layout: Black a1b2 (A1, B2, C3 go north-east), White
        // i5h5 (I5, H5, G5 go south-east), then Black a1b2 again: A1 is empty now.
        let err = record(&["a1b2", "i5h5", "a1b2"]).check().unwrap_err();
        assert_eq!((err.ply, err.move_number, err.side), (3, 2, Colour::Black));
        assert_eq!(err.token, "a1b2");
        assert!(err.reason.contains("A1"), "{err}");
        assert!(
            err.to_string()
                .starts_with("Test: move 2 (Black, ply 3) a1b2: "),
            "{err}"
        );
    }

    #[test]
    fn results_and_terminations_read() {
        assert_eq!("0-1".parse(), Ok(RecordedResult::SecondPlayerWins));
        assert_eq!("½-½".parse(), Ok(RecordedResult::Draw));
        assert!("2-0".parse::<RecordedResult>().is_err());
        assert_eq!(termination_meaning("Déco"), Some("disconnection"));
        assert_eq!(termination_meaning("Checkmate"), None);
    }
}
