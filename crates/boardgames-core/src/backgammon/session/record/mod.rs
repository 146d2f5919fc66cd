//! Match files as record formats of the match game: match text ([`MatchText`], the
//! Jellyfish-style `.mat` / `.txt` of GNU Backgammon and the servers) and its JSON form
//! ([`MatchJson`], one match a line), each reading into one [`Record<Match>`] per game and
//! writing any records of the match game, a whole played session included.
//!
//! ```
//! use boardgames_core::backgammon::record::MatchText;
//! use boardgames_core::record::{replay, Format};
//! use boardgames_core::Game;
//!
//! let text = " 1 point match\n\n Game 1\n A : 0                            B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
//! let records = MatchText.read(text)?;
//! let trace = replay(&records[0]);
//! assert!(trace.illegal.is_none());
//! // The opening throw (A, the left column, is O: gnubg's player 0) and A's play.
//! assert_eq!(trace.applied.len(), 2);
//! // Written back as gnubg lays the columns out; that text reads back to the same text.
//! let written = MatchText.write(&records)?;
//! assert!(written.contains("  1) 31: 8/5 6/5"));
//! assert_eq!(MatchText.write(&MatchText.read(&written)?)?, written);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod explain;
mod notes;
mod read;
mod refusal;
mod replay;
mod write;

pub use explain::resolve_written;
pub(crate) use read::records_of;
pub use refusal::{Refusal, SomePlays, WorthOf, WrittenPlayError};
pub use replay::{replay_matches, GameReplay, MatchReplay, ReplayError, WrittenAction};

use crate::backgammon::record::mat::{read_matches, write_match};
use crate::backgammon::record::RecordError;
use crate::backgammon::{Backgammon, Match, Phase};
use crate::record::{Format, Record};

/// Why a match file does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchFileError {
    /// Match text that does not read: the line, the column and what is wrong.
    #[error(transparent)]
    Text(#[from] RecordError),
    /// A line of the JSON form that is no match record (`line` from 1).
    #[error("line {line}: not a JSON match record: {message}")]
    Json {
        /// The line, from 1 (1 for a record written over several lines).
        line: usize,
        /// The JSON reader's message.
        message: String,
        /// The lines of records the text holds (1 for a record written over several lines).
        lines: usize,
    },
    /// Writing: a record that does not start at a game's opening throw from the standard
    /// position (a session set up mid-game by IDs), which a match file cannot state.
    #[error("record {record}: a match file starts each game at its opening throw; this one starts mid-game")]
    Start {
        /// The record, from 1.
        record: usize,
    },
    /// The JSON form without the `serde` feature.
    #[error("JSON match records need the serde feature")]
    JsonUnsupported,
}

/// The games of a match file, in whichever of its forms the text is: the JSON form
/// ([`MatchJson`]) when it begins with `{`, else match text ([`MatchText`]). One record per
/// game; none for a blank text.
///
/// # Errors
/// The form's [`MatchFileError`]: the line and what does not read.
pub fn read_match_file(text: &str) -> Result<Vec<Record<Match>>, MatchFileError> {
    if MatchJson.detect(text) {
        MatchJson.read(text)
    } else {
        MatchText.read(text)
    }
}

/// Match text (`.mat`, `.txt`) as a [`Format`] of the match game, named `mat`: see
/// `backgammon::record::mat` for the text and what reading accepts. One record per game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchText;

/// Refuses records a match file cannot state (see [`MatchFileError::Start`]).
fn check_starts(records: &[Record<Match>]) -> Result<(), MatchFileError> {
    match records.iter().position(|r| {
        r.start.phase() != Phase::Opening || r.start.position().board() != Backgammon::new().board()
    }) {
        Some(i) => Err(MatchFileError::Start { record: i + 1 }),
        None => Ok(()),
    }
}

/// Whether `text` holds a match-length line (`5 point match`) or a game header (`Game 1`):
/// what tells match text from the one-turn-a-line record of the checker game.
fn has_match_lines(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim();
        t.ends_with("point match")
            || t.strip_prefix("Game ")
                .is_some_and(|n| n.trim().parse::<u32>().is_ok())
    })
}

impl Format<Match> for MatchText {
    type Error = MatchFileError;

    fn name(&self) -> &'static str {
        "mat"
    }

    /// Text that is not JSON (`{` first) with a match-length line or a game header.
    fn detect(&self, text: &str) -> bool {
        !text.trim_start().starts_with('{') && has_match_lines(text)
    }

    /// Every game of every match of the text; none for a blank text.
    fn read(&self, text: &str) -> Result<Vec<Record<Match>>, MatchFileError> {
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let matches = read_matches(text)?;
        Ok(matches.iter().flat_map(read::records_of).collect())
    }

    fn write(&self, records: &[Record<Match>]) -> Result<String, MatchFileError> {
        check_starts(records)?;
        Ok(write::matches_of(records).iter().map(write_match).collect())
    }
}

/// The JSON form of match files as a [`Format`] of the match game, named `json`: one match a
/// line, `{"tags", "match_length", "games": [{"number", "players", "score", "crawford",
/// "actions": [...], "wins"}]}` (what `backgammon-cli convert --to json` writes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchJson;

impl Format<Match> for MatchJson {
    type Error = MatchFileError;

    fn name(&self) -> &'static str {
        "json"
    }

    fn detect(&self, text: &str) -> bool {
        text.trim_start().starts_with('{')
    }

    /// Every game of every match of the text; none for a blank text.
    #[cfg(feature = "serde")]
    fn read(&self, text: &str) -> Result<Vec<Record<Match>>, MatchFileError> {
        use crate::backgammon::record::MatchRecord;
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let count = if lines.len() < 2 { 1 } else { lines.len() };
        let bad = |line: usize| {
            move |e: serde_json::Error| MatchFileError::Json {
                line,
                message: e.to_string(),
                lines: count,
            }
        };
        let matches: Vec<MatchRecord> = if lines.len() < 2 {
            vec![serde_json::from_str(text).map_err(bad(1))?]
        } else {
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| serde_json::from_str(l).map_err(bad(i + 1)))
                .collect::<Result<_, _>>()?
        };
        Ok(matches.iter().flat_map(read::records_of).collect())
    }

    #[cfg(not(feature = "serde"))]
    fn read(&self, _text: &str) -> Result<Vec<Record<Match>>, MatchFileError> {
        Err(MatchFileError::JsonUnsupported)
    }

    #[cfg(feature = "serde")]
    fn write(&self, records: &[Record<Match>]) -> Result<String, MatchFileError> {
        check_starts(records)?;
        let mut out = String::new();
        for m in write::matches_of(records) {
            let json = serde_json::to_string(&m).map_err(|e| MatchFileError::Json {
                line: 0,
                message: e.to_string(),
                lines: 0,
            })?;
            out.push_str(&json);
            out.push('\n');
        }
        Ok(out)
    }

    #[cfg(not(feature = "serde"))]
    fn write(&self, _records: &[Record<Match>]) -> Result<String, MatchFileError> {
        Err(MatchFileError::JsonUnsupported)
    }
}
