//! The result a record states.

use core::fmt;
use core::str::FromStr;

/// A two-player result as a record states it (`1-0`, `0-1`, `1/2-1/2`): the server's or the
/// scorer's word, which includes resignations and time losses, so it need not be an end by
/// the rules. The first player is the one who moves first (pente.org's player 1, Abalone's
/// Black).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RecordedResult {
    /// `1-0`: the first player won.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    FirstPlayerWins,
    /// `0-1`: the second player won.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    SecondPlayerWins,
    /// `1/2-1/2`: a draw.
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
}

impl RecordedResult {
    /// The token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            RecordedResult::FirstPlayerWins => "1-0",
            RecordedResult::SecondPlayerWins => "0-1",
            RecordedResult::Draw => "1/2-1/2",
        }
    }

    /// The token of an optional result: `*` for none (not decided or not stated).
    pub fn token_or_star(result: Option<RecordedResult>) -> &'static str {
        result.map_or("*", RecordedResult::token)
    }
}

impl fmt::Display for RecordedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Why a text is not a result token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a result (1-0, 0-1 or 1/2-1/2)")]
pub struct ResultError(pub String);

impl FromStr for RecordedResult {
    type Err = ResultError;

    /// Reads `1-0`, `0-1` and `1/2-1/2` (also `½-½`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1-0" => Ok(RecordedResult::FirstPlayerWins),
            "0-1" => Ok(RecordedResult::SecondPlayerWins),
            "1/2-1/2" | "½-½" => Ok(RecordedResult::Draw),
            other => Err(ResultError(other.to_owned())),
        }
    }
}
