//! Abalone game records: a format-independent model ([`GameRecord`]), the APGN file format,
//! and replay against the rules.
//!
//! * [`GameRecord`]: the header tags in order, the starting [`Layout`](super::Layout), the
//!   moves as Aba-Pro [`Notation`](super::Notation), the recorded result, how the game
//!   ended (termination) and the recorded number of plies; [`GameRecord::check`] plays it
//!   and names the game, the move number and the reason of the first illegal move.
//! * [`apgn`]: APGN files, PGN-like tags with Aba-Pro move text, several games per file, as
//!   the MiGs server's archive is published.
//! * [`replay`](mod@replay): a move list played ply by ply: the number of legal moves in every position
//!   reached, the ejections, the first illegal move and the final position; and the
//!   `replay --jsonl` report of the reference data (`id`, `legal_plies`, `first_illegal`,
//!   `captured`, `legal_move_counts`, `final_position`).
//! * `json` (feature `serde`): the one-game-per-line JSON form of the reference corpora
//!   (`{"id", "layout", "moves", "result", ...}`) and its conversions.
//!
//! ```
//! use boardgames_core::Game;
//! use boardgames_core::abalone::record::apgn::{read_apgn, write_apgn};
//!
//! let text = "[Event \"Friendly\"]\n[Variant \"belgian\"]\n[Result \"*\"]\n\n\
//!             1. a1b2 i5h5 2. a2b3 i6h6 *\n";
//! let games = read_apgn(text)?;
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].moves.len(), 4);
//! let end = games[0].check()?;
//! assert_eq!(end.count_legal_moves(), 59);
//! assert_eq!(read_apgn(&write_apgn(&games))?, games);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game_record;

pub mod apgn;
#[cfg(feature = "serde")]
pub mod json;
pub mod replay;

use super::notation::NotationError;

pub use game_record::{termination_meaning, GameRecord, RecordedResult, ReplayError};
#[cfg(feature = "serde")]
pub use json::JsonGame;
#[cfg(feature = "serde")]
pub use replay::ReplayReport;
pub use replay::{replay, FirstIllegal, Replay};

/// Why a record could not be read: what and where (line and column from 1, columns counted
/// in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A token of the move text is not an Aba-Pro move.
    #[error("line {line}, column {column}: {token:?} is not a move: {source}")]
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
    /// A JSON record could not be read (serde's message names the line and column).
    #[error("bad JSON record: {0}")]
    Json(String),
}

impl RecordError {
    /// The line of the problem (from 1); 0 for JSON errors, whose message has it.
    pub fn line(&self) -> usize {
        match self {
            RecordError::BadMove { line, .. } | RecordError::Syntax { line, .. } => *line,
            RecordError::Json(_) => 0,
        }
    }

    /// The column of the problem (from 1); 0 for JSON errors.
    pub fn column(&self) -> usize {
        match self {
            RecordError::BadMove { column, .. } | RecordError::Syntax { column, .. } => *column,
            RecordError::Json(_) => 0,
        }
    }
}
