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
pub use turns::{StartError, Turns, TurnsError};

pub use super::session::record::{
    read_match_file, replay_matches, resolve_written, GameReplay, MatchFileError, MatchJson,
    MatchReplay, MatchText, Refusal, ReplayError, SomePlays, WorthOf, WrittenAction,
    WrittenPlayError,
};

/// Why a match file could not be read: the line and column (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct RecordError {
    /// Line, from 1.
    pub line: usize,
    /// Column (in bytes), from 1.
    pub column: usize,
    /// What is wrong.
    pub problem: TextProblem,
}

impl RecordError {
    pub(crate) fn new(line: usize, column: usize, problem: TextProblem) -> RecordError {
        RecordError {
            line,
            column,
            problem,
        }
    }
}

/// What is wrong with a line of match text (see [`RecordError`]); the texts quoted are as
/// read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextProblem {
    /// A score line before any `Game N` line.
    #[error("no game")]
    NoGame,
    /// A second `N point match` line, or one after a game.
    #[error("a second match length")]
    SecondLength,
    /// A match length that is no number, or above the Match ID's limit.
    #[error("{0:?} is not a match length (0 for money, at most {max})", max = crate::backgammon::MAX_SCORE)]
    Length(String),
    /// A line before the first game that is no tag, match length or game.
    #[error("{0:?}: expected a tag, 'N point match' or 'Game N'")]
    NotAHeader(String),
    /// A cell after the game's `Wins` line.
    #[error("an action after the result line")]
    AfterResult,
    /// A text that ends where a game's score line should be.
    #[error("the last game has no score line")]
    NoScoreLine,
    /// A text with neither a match length nor a game.
    #[error("no 'N point match' line and no game")]
    Empty,
    /// A `Losses` line that disagrees with the `Wins` line.
    #[error("Losses {losses} points but Wins {wins} points")]
    LossesAndWins {
        /// The points of the `Losses` line.
        losses: u32,
        /// The points of the `Wins` line.
        wins: u32,
    },
    /// A line where a game's score line should be.
    #[error("{0:?}: expected a score line like ' P1 : 0     P2 : 0'")]
    NotAScoreLine(String),
    /// A move line that starts with neither a move number nor a cell.
    #[error("{0:?}: expected a move number like '12)', a roll, or a result line")]
    NotAMoveLine(String),
    /// A word where a cell should start.
    #[error("{0:?}: expected a roll like '52:', Doubles, Takes, Drops or Wins")]
    NotACell(String),
    /// A cell whose number is no number (`Doubles => x`).
    #[error("{what}: {word:?} is not a number")]
    NotANumber {
        /// The cell, as `Doubles => N`.
        what: &'static str,
        /// The word read.
        word: String,
    },
    /// A roll with a die other than 1 to 6 (`71:`).
    #[error("{0:?}: a die shows 1 to 6")]
    Die(String),
}
