//! Backgammon match records: a format-independent model ([`MatchRecord`]), the
//! Jellyfish-style match text of GNU Backgammon and the servers ([`mat`]), and replay
//! against the rules ([`replay`]).
//!
//! ```
//! use boardgames_core::backgammon::record::{read_match, write_match};
//!
//! let text = " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
//! let rec = read_match(text)?;
//! assert_eq!(rec.games[0].actions.len(), 1);
//! assert_eq!(read_match(&write_match(&rec))?, rec);
//! // The game is not over by the rules: the Wins line is read as B's resignation.
//! let games = rec.check()?;
//! assert_eq!(games[0].pid_after, ["sGfwATDgc/ABMA"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "serde")]
pub mod jsonl;
pub mod mat;
mod model;
pub mod replay;
mod session;
pub mod turns;

pub use mat::{read_match, read_matches, write_match};
pub use model::{Action, ActionKind, GameRecord, MatchRecord, Wins};
pub use replay::{
    in_match, replay_game, replay_game_in, replay_game_with, replay_match, resolve_written,
    EndKind, GameEnd, GameReplay, IllegalAction, ReplayError,
};
pub use session::record_of_session;
pub use turns::{Turns, TurnsError};

pub use super::session::{MatchFileError, MatchJson, MatchText};

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
