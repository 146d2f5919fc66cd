//! How many players a record is for, read from its header before the record itself: a
//! plain Aba-Pro record names its start in a `Layout` or `Position` header, whose layout or
//! colours give the number of seats, and the record is then read as a game of that many.

use crate::abalone::{Layout, Setup};
use crate::record::tags::read_loose_tags;

/// The number of players a plain Aba-Pro record names in the `Layout` or `Position` header
/// (also `Variant`, `Setup`) of its first game; `None` without one before its first move, or
/// when it does not read (the game of two players then says what is wrong).
#[must_use]
pub fn record_players(text: &str) -> Option<usize> {
    // A byte-order mark some editors put first is no part of the text.
    for line in text.trim_start_matches('\u{feff}').lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if !line.starts_with('[') {
            return None;
        }
        let tags = read_loose_tags(line);
        let Some((name, value)) = tags.first() else {
            continue;
        };
        match name.to_ascii_lowercase().as_str() {
            "layout" | "variant" => return layout_players(value),
            "position" | "setup" => return position_players(value),
            _ => {}
        }
    }
    None
}

/// The number of players of a position given as text (the compact position string or,
/// with the `serde` feature, the neutral JSON position): its colours with marbles; `None`
/// when it does not read as a setup.
#[must_use]
pub fn position_players(text: &str) -> Option<usize> {
    let text = text.trim();
    #[cfg(feature = "serde")]
    if text.starts_with('{') {
        return serde_json::from_str::<Setup>(text)
            .ok()
            .map(|s| s.players());
    }
    text.parse::<Setup>().ok().map(|s| s.players())
}

/// The number of players of the layout `name` names, two-player or not; `None` for no
/// layout.
#[must_use]
pub fn layout_players(name: &str) -> Option<usize> {
    name.parse::<Layout>().ok().map(Layout::players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_from_the_header() {
        assert_eq!(
            record_players("[Layout \"six_players\"]\n1. a1b2\n"),
            Some(6)
        );
        assert_eq!(record_players("[Layout \"belgian_daisy\"]\n"), Some(2));
        assert_eq!(record_players("# a comment\n\n[Event \"x\"]\n"), None);
        assert_eq!(record_players("a1b2 i5h5\n"), None);
        assert_eq!(layout_players("nothing"), None);
    }
}
