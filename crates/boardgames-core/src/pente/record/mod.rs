//! Pente game records: a format-independent model ([`GameRecord`]), its file formats, and
//! replay against the rules.
//!
//! * [`movelist`]: the bare move text `1. K10 L9 2. ...` (with optional tags and comments).
//! * [`pgn`]: pente.org's PGN-like game files: tag lines (`[Game "Pente"]`, `[Rated "Y"]`,
//!   players, `[Result "1-0"]`, ...), a blank line, then the move text and the result.
//! * `json` (feature `serde`): the JSON record of the pente.org corpus, one object per game.
//! * [`mod@replay`]: a move list played against the rules, ply by ply, and the expected-results
//!   report (`id`, `variant`, `tournament_rule`, `n_moves`, `caps`, `removed`, `result`,
//!   `illegal`) of the reference data.

mod game_record;
#[cfg(feature = "serde")]
pub mod json;
pub mod movelist;
pub mod pgn;
pub mod replay;

use crate::pente::point::PointError;

pub use game_record::{GameRecord, RecordedResult, ReplayError};
#[cfg(feature = "serde")]
pub use json::JsonRecord;
pub use movelist::{parse_move_list, parse_tags, write_move_list};
#[cfg(feature = "serde")]
pub use replay::ReplayReport;
pub use replay::{replay, IllegalAt, Replay, ReplayResult};

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A token of the move list is not a point, a move number or a result.
    #[error("line {line}, column {column}: {token:?} is not a move: {source}")]
    BadMove {
        /// Line of the token, from 1.
        line: usize,
        /// Column of the token's first character, from 1.
        column: usize,
        /// The token as written.
        token: String,
        /// Why it is not a point.
        #[source]
        source: PointError,
    },
    /// The JSON record could not be read.
    #[error("bad JSON record: {0}")]
    Json(String),
    /// A header tag line is malformed or names something unknown.
    #[error("line {line}: {message}")]
    BadTag {
        /// Line of the tag, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
}
