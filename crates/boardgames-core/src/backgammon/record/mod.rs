//! Backgammon records: match files as formats of the match game ([`MatchText`],
//! [`MatchJson`]) and their replay ([`replay_matches`]); the syntax of match text
//! ([`mat`]: [`MatchRecord`], the games and actions as written), and the one-turn-a-line
//! record of the checker game ([`Turns`]).
//!
//! ```
//! use boardgames_core::backgammon::record::{replay_matches, MatchText};
//! use boardgames_core::record::Format;
//!
//! let text = " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
//! let records = MatchText.read(text)?;
//! let matches = replay_matches(&records, true);
//! let game = &matches[0].games[0];
//! // The game is not over by the rules: the Wins line is read as B's resignation.
//! assert!(matches[0].first_problem().is_none());
//! assert_eq!(game.actions[0].played.as_ref().map(|(_, pid)| pid.as_str()), Some("sGfwATDgc/ABMA"));
//! assert_eq!(game.end.map(|(e, _)| e.points), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod mat;
mod model;
pub mod turns;

pub use mat::{read_match, read_matches, write_match};
pub use model::{Action, ActionKind, GameRecord, MatchRecord, Wins};
pub use turns::{Turns, TurnsError};

pub use super::session::record::{
    replay_matches, resolve_written, GameReplay, MatchFileError, MatchJson, MatchReplay, MatchText,
    Refusal, ReplayError, SomePlays, WorthOf, WrittenAction, WrittenPlayError,
};

/// Why a match file could not be read: the line and column (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct RecordError {
    /// Line, from 1.
    pub line: usize,
    /// Column (in bytes), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    pub(crate) fn new(line: usize, column: usize, message: String) -> RecordError {
        RecordError {
            line,
            column,
            message,
        }
    }
}
