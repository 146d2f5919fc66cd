//! Pente records: the pente.org game file and move list ([`PenteOrg`], `pgn`) and the JSON
//! record of the reference data (`PenteJson`, `json`, with the `serde` feature) as [`Format`](crate::record::Format)s
//! of [`Record<Pente>`](crate::record::Record), and the reference data's replay report.
//!
//! * [`movelist`]: the bare move text `1. K10 L9 2. ...` (with optional tags and comments).
//! * [`pgn`]: pente.org's PGN-like game files: tag lines (`[Game "Pente"]`, `[Rated "Y"]`,
//!   players, `[Result "1-0"]`, ...), a blank line, then the move text and the result.
//! * `json` (feature `serde`): the JSON record of the pente.org corpus, one object per game.
//! * `report` (feature `serde`): the expected-results report (`id`, `variant`,
//!   `tournament_rule`, `n_moves`, `caps`, `removed`, `result`, `illegal`) of the reference
//!   data, a fold over the record's [`Trace`](crate::record::Trace).

#[cfg(feature = "serde")]
pub mod json;
pub mod movelist;
pub mod pgn;
#[cfg(feature = "serde")]
pub mod report;

use crate::pente::point::PointError;

#[cfg(feature = "serde")]
pub use json::{JsonRecord, PenteJson};
pub use movelist::{parse_move_list, write_move_list, PenteMoveList};
pub use pgn::{games, read_pgn, write_pgn, PenteOrg};
#[cfg(feature = "serde")]
pub use report::{IllegalAt, ReplayReport, ReplayResult};

/// Why a record could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// The record starts from a position other than the empty board, which pente.org files
    /// and JSON records cannot state.
    #[error("the record does not start from the empty board, which the format cannot state")]
    Start,
    /// Writing: a step kept as written ([`Step::Written`](crate::record::Step::Written)),
    /// which these formats never read back as such.
    #[error("the step {0:?} kept as written is no move these formats can write")]
    UnwritableStep(String),
}

impl RecordError {
    /// The same error with its line `lines` further down (a game read from the middle of a
    /// file).
    #[must_use]
    pub fn moved_down(self, lines: usize) -> RecordError {
        match self {
            RecordError::BadMove {
                line,
                column,
                token,
                source,
            } => RecordError::BadMove {
                line: line + lines,
                column,
                token,
                source,
            },
            RecordError::BadTag { line, message } => RecordError::BadTag {
                line: line + lines,
                message,
            },
            other => other,
        }
    }
}
