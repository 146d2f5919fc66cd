//! What the record formats of every game share: header tags as `(name, value)` pairs in file
//! order, and the label a record gets in messages.

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
