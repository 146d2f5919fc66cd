//! What the record formats of every game share: header tags as `(name, value)` pairs in file
//! order, the label a record gets in messages, and the PGN-style result of a two-player game.

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
    pub const fn token(self) -> &'static str {
        match self {
            RecordedResult::FirstPlayerWins => "1-0",
            RecordedResult::SecondPlayerWins => "0-1",
            RecordedResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for RecordedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl FromStr for RecordedResult {
    type Err = String;

    /// Reads `1-0`, `0-1` and `1/2-1/2` (also `½-½`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1-0" => Ok(RecordedResult::FirstPlayerWins),
            "0-1" => Ok(RecordedResult::SecondPlayerWins),
            "1/2-1/2" | "½-½" => Ok(RecordedResult::Draw),
            other => Err(format!("{other:?} is not a result (1-0, 0-1 or 1/2-1/2)")),
        }
    }
}

/// The value of the first tag called `name` (exact match), if any.
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A short name for a game in messages: its `Id` tag, else its `Event`, `Date` and the two
/// player tags (`players`, e.g. `["Black", "White"]`) that are present, joined by commas, else
/// `game`.
pub fn label(tags: &[(String, String)], players: [&str; 2]) -> String {
    if let Some(id) = tag(tags, "Id") {
        return id.to_owned();
    }
    let parts: Vec<&str> = ["Event", "Date", players[0], players[1]]
        .iter()
        .filter_map(|t| tag(tags, t))
        .collect();
    if parts.is_empty() {
        "game".to_owned()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_prefer_the_id_then_event_date_and_players() {
        let t = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        let players = ["Black", "White"];
        assert_eq!(label(&t(&[("Event", "E"), ("Id", "x1")]), players), "x1");
        assert_eq!(
            label(&t(&[("White", "W"), ("Event", "E")]), players),
            "E, W"
        );
        assert_eq!(label(&t(&[("Round", "3")]), players), "game");
        assert_eq!(tag(&t(&[("A", "1"), ("A", "2")]), "A"), Some("1"));
    }
}
