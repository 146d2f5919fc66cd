//! Abalone records as [`Format`](crate::record::Format)s of
//! [`Record<Position<SEATS>>`](crate::record::Record): APGN ([`Apgn`], `apgn`), the JSON line of
//! the reference corpora (`AbaloneJson`, `json`, with the `serde` feature) and the plain Aba-Pro record of the
//! command-line tools ([`AbaPro`], `abapro`); and the reference data's replay report.
//!
//! * [`apgn`]: APGN files, PGN-like tags with Aba-Pro move text, several games per file, as
//!   the MiGs server's archive is published (two players).
//! * `json` (feature `serde`): the one-game-per-line JSON form of the reference corpora
//!   (`{"id", "layout", "moves", "result", ...}`, two players).
//! * [`plain`]: `[Layout "belgian_daisy"]` or `[Position "..."]` headers and numbered moves,
//!   for any number of players.
//! * `report` (feature `serde`): the `replay --jsonl` report of the reference data (`id`,
//!   `legal_plies`, `first_illegal`, `captured`, `legal_move_counts`, `final_position`), a fold
//!   over the record's [`Trace`](crate::record::Trace).
//!
//! ```
//! use boardgames_core::abalone::record::apgn::{read_apgn, write_apgn};
//! use boardgames_core::record::replay;
//! use boardgames_core::Game;
//!
//! let text = "[Event \"Friendly\"]\n[Variant \"belgian\"]\n[Result \"*\"]\n\n\
//!             1. a1b2 i5h5 2. a2b3 i6h6 *\n";
//! let games = read_apgn(text)?;
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].steps.len(), 4);
//! let trace = replay(&games[0]);
//! assert!(trace.illegal.is_none());
//! assert_eq!(trace.last().count_legal_moves(), 59);
//! // Written back with the Notation tag APGN files carry; that text writes back as itself.
//! let written = write_apgn(&games)?;
//! assert!(written.contains("[Notation \"Aba-Pro\"]"));
//! assert_eq!(write_apgn(&read_apgn(&written)?)?, written);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod apgn;
#[cfg(feature = "serde")]
pub mod json;
pub mod plain;
pub mod players;
#[cfg(feature = "serde")]
pub mod report;

use super::layout::Layout;
use super::notation::NotationError;
use super::position::Position;

pub use crate::record::RecordedResult;
pub use apgn::Apgn;
#[cfg(feature = "serde")]
pub use json::{AbaloneJson, JsonGame};
pub use plain::AbaPro;
pub use players::{layout_players, position_players, record_players};
#[cfg(feature = "serde")]
pub use report::{board_move_count, FirstIllegal, ReplayReport};

/// Tags that name the start in the plain record (`Layout`, `Position` and their other
/// spellings, `MoveLimit`): the other formats state the start their own way.
pub const START_TAGS: [&str; 5] = ["Layout", "Variant", "Position", "Setup", "MoveLimit"];

/// Why a record could not be read or written: what and where (line and column from 1,
/// columns counted in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// A token of the move text is not an Aba-Pro move (the notation error names the token).
    #[error("line {line}, column {column}: {source}")]
    BadMove {
        /// Line of the token.
        line: usize,
        /// Column of the token's first character.
        column: usize,
        /// The token as written.
        token: String,
        /// Why it is not a move.
        #[source]
        source: NotationError,
    },
    /// Something else is wrong at this place: a malformed tag, an unknown variant, a move
    /// number out of sequence, an unclosed comment, ...
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A header of the plain record names something that does not read (its line from 1).
    #[error("line {line}: {message}")]
    Header {
        /// Line of the header.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A JSON record could not be read (serde's message names the line and column).
    #[error("bad JSON record: {0}")]
    Json(String),
    /// The record's header names another start than the one chosen for it.
    #[error("{0}")]
    Start(String),
    /// The record cannot be stated in this format: APGN and JSON records are two-player
    /// games from a layout.
    #[error("{0}")]
    Unwritable(&'static str),
    /// Writing: a step kept as written would not read back as that step (it would read as
    /// a result, a move number, a comment, a move, or several steps).
    #[error("the step {0:?} kept as written would not read back as one")]
    UnwritableStep(String),
}

impl RecordError {
    /// The line of the problem (from 1); 0 for JSON and writing errors.
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            RecordError::BadMove { line, .. }
            | RecordError::Syntax { line, .. }
            | RecordError::Header { line, .. } => *line,
            RecordError::Json(_)
            | RecordError::Start(_)
            | RecordError::Unwritable(_)
            | RecordError::UnwritableStep(_) => 0,
        }
    }

    /// The column of the problem (from 1); 0 where there is none.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            RecordError::BadMove { column, .. } | RecordError::Syntax { column, .. } => *column,
            _ => 0,
        }
    }

    /// The same error with its line `lines` further down (a game read from the middle of a
    /// file).
    #[must_use]
    pub fn moved_down(mut self, lines: usize) -> RecordError {
        match &mut self {
            RecordError::BadMove { line, .. }
            | RecordError::Syntax { line, .. }
            | RecordError::Header { line, .. } => *line += lines,
            _ => {}
        }
        self
    }
}

/// The meaning of a termination word of the MiGs server (French), in English; `None` for a
/// word it does not use.
///
/// `Au score` = six marbles ejected (`score (6 marbles)`), `Abandon` = resignation, `Au
/// temps` = time, `Déco` = disconnection, `Match nul` = draw (agreed).
#[must_use]
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

/// The layout a start is, the move limit set aside; `None` for any other start.
#[must_use]
pub fn layout_of<const SEATS: usize>(start: &Position<SEATS>) -> Option<Layout> {
    let mut bare = *start;
    bare.set_move_limit(None);
    Layout::of_players(SEATS)
        .iter()
        .copied()
        .find(|&l| Position::<SEATS>::new(l).ok() == Some(bare))
}

/// Why APGN and JSON records cannot hold a start.
pub(crate) const NOT_A_LAYOUT: &str =
    "the record starts from a position that is no layout; APGN and JSON records start from a layout";

/// The layout of a record's start, for the two-player formats.
///
/// # Errors
/// [`RecordError::Unwritable`] when the start is no two-player layout.
pub(crate) fn two_player_layout<const SEATS: usize>(
    start: &Position<SEATS>,
) -> Result<Layout, RecordError> {
    if SEATS != 2 {
        return Err(RecordError::Unwritable(
            "APGN and JSON records are two-player games (leave out --players)",
        ));
    }
    layout_of(start).ok_or(RecordError::Unwritable(NOT_A_LAYOUT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abalone::Colour;
    use crate::record::replay;

    #[test]
    fn replay_names_the_move_the_side_and_the_reason() {
        // Hand-worked from the standard layout: Black a1b2 (A1, B2, C3 go north-east), White
        // i5h5 (I5, H5, G5 go south-east), then Black a1b2 again: A1 is empty now.
        let games = apgn::read_apgn("[Event \"Test\"]\n\n1. a1b2 i5h5 2. a1b2 *\n").unwrap();
        let trace = replay(&games[0]);
        let err = trace.illegal.as_ref().expect("refused");
        assert_eq!((err.ply, err.index), (3, 2));
        assert_eq!(trace.last().side_to_move(), Colour::Black);
        assert_eq!(err.written, "a1b2");
        assert!(err.error.reason().contains("A1"), "{err:?}");
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
