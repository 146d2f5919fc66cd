//! pente.org's PGN-like game files.
//!
//! ```text
//! [Game "Pente"]
//! [Site "Pente.org"]
//! [Event "Turn-based Game"]
//! [Date "12/13/2007"]
//! [Rated "Y"]
//! [Player 1 Name "P1"]
//! [Player 2 Name "P2"]
//! [Result "1-0"]
//!
//! 1. K10 L9 2. N8 J9 3. H9 L7 ... 20. M8 1-0
//! ```
//!
//! Reading: tag lines `[Name "value"]` (the name may contain spaces, as pente.org's
//! `Player 1 Name`), then the move text (see [`super::movelist`]). `Game` gives the variant
//! (`Pente`, `Keryo-Pente`, and pente.org's `Speed Pente` / `Speed Keryo-Pente`, which are the
//! same rules with a faster clock); `Rated` (`Y`/`Yes`/`N`/`No`) gives the tournament rule,
//! which pente.org applies to rated games; `Result` or a result token after the moves gives the
//! result. Missing tags take the given defaults. Every other tag is kept in order.
//!
//! Writing: `Game`, the kept tags, `Rated`, `Result`, a blank line, then the numbered moves
//! and the result, in lines of at most 80 characters as pente.org writes them.

use super::game_record::{GameRecord, RecordedResult};
use super::movelist::{parse_move_list, parse_tags, write_move_list};
use super::RecordError;
use crate::pente::position::Variant;

/// Tags the record holds as fields rather than in its tag list.
const FIELD_TAGS: [&str; 3] = ["Game", "Rated", "Result"];

/// Reads a pente.org PGN-like game (or a bare move list).
///
/// `variant` and `tournament_rule` apply when the text has no `Game` / `Rated` tag.
///
/// # Errors
/// [`RecordError::BadTag`] for an unknown game or a bad `Rated` / `Result` value (with its
/// line), [`RecordError::BadMove`] for a token of the move text that is not a move (with its
/// line and column).
pub fn read_pgn(
    text: &str,
    variant: Variant,
    tournament_rule: bool,
) -> Result<GameRecord, RecordError> {
    let moves = parse_move_list(text)?;
    let mut record = GameRecord {
        variant,
        tournament_rule,
        moves,
        ..GameRecord::default()
    };
    let tag_lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !parse_tags(l).is_empty());
    for (line_no, line) in tag_lines {
        for (name, value) in parse_tags(line) {
            let bad = |message: String| RecordError::BadTag {
                line: line_no + 1,
                message,
            };
            match name.as_str() {
                "Game" => {
                    let rules = value.strip_prefix("Speed ").unwrap_or(&value);
                    record.variant = match rules.to_ascii_lowercase().as_str() {
                        "pente" => Variant::Pente,
                        "keryo-pente" | "keryo pente" | "keryopente" => Variant::KeryoPente,
                        _ => {
                            return Err(bad(format!("game {value:?} is not Pente or Keryo-Pente")))
                        }
                    };
                }
                "Rated" => {
                    record.tournament_rule = match value.to_ascii_lowercase().as_str() {
                        "y" | "yes" => true,
                        "n" | "no" => false,
                        _ => return Err(bad(format!("Rated {value:?} should be Y or N"))),
                    };
                }
                "Result" => {
                    record.result = match value.as_str() {
                        "" | "*" | "?" => None,
                        v => Some(v.parse::<RecordedResult>().map_err(bad)?),
                    }
                }
                _ => record.tags.push((name, value)),
            }
        }
    }
    // A result token after the moves counts when no Result tag gave one.
    if record.result.is_none() {
        record.result = last_result_token(text);
    }
    Ok(record)
}

/// The last result token (`1-0`, `0-1`, `1/2-1/2`) of the move text, outside tags and comments.
fn last_result_token(text: &str) -> Option<RecordedResult> {
    text.lines()
        .filter(|l| parse_tags(l).is_empty())
        .flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace())
        .filter_map(|t| t.parse::<RecordedResult>().ok())
        .next_back()
}

/// Writes a record as a pente.org PGN-like file (see the module docs).
pub fn write_pgn(record: &GameRecord) -> String {
    let mut out = format!("[Game \"{}\"]\n", record.variant.title());
    for (name, value) in &record.tags {
        if !FIELD_TAGS.contains(&name.as_str()) {
            out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "'")));
        }
    }
    let rated = if record.tournament_rule { "Y" } else { "N" };
    out.push_str(&format!("[Rated \"{rated}\"]\n"));
    let result = record.result.map_or("*", RecordedResult::token);
    out.push_str(&format!("[Result \"{result}\"]\n\n"));

    let mut text = write_move_list(&record.moves);
    if let Some(r) = record.result {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(r.token());
    }
    // Wrap at 80 columns between moves, never between a move number and its moves.
    let mut line = String::new();
    for group in move_groups(&text) {
        if !line.is_empty() && line.len() + 1 + group.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&group);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The move text split into groups that stay on one line: `12. K10 L9`, or a lone result.
fn move_groups(text: &str) -> Vec<String> {
    let mut groups: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match groups.last_mut() {
            Some(group) if !word.ends_with('.') => {
                group.push(' ');
                group.push_str(word);
            }
            _ => groups.push(word.to_owned()),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pente::Point;

    const GAME: &str = "[Game \"Keryo-Pente\"]\n[Site \"Pente.org\"]\n[Rated \"N\"]\n\
                        [Player 1 Name \"P1\"]\n[Result \"0-1\"]\n\n1. K10 L9 2. N10 M10\n";

    #[test]
    fn tags_set_the_rules_and_are_kept() {
        let rec = read_pgn(GAME, Variant::Pente, true).unwrap();
        assert_eq!(rec.variant, Variant::KeryoPente);
        assert!(!rec.tournament_rule);
        assert_eq!(rec.result, Some(RecordedResult::SecondPlayerWins));
        assert_eq!(rec.tag("Player 1 Name"), Some("P1"));
        assert_eq!(rec.moves.len(), 4);
        assert_eq!(
            read_pgn(&write_pgn(&rec), Variant::Pente, true).unwrap(),
            rec
        );
    }

    #[test]
    fn long_games_wrap_at_80_columns_and_round_trip() {
        let moves: Vec<Point> = Point::all().step_by(3).take(101).collect();
        let rec = GameRecord {
            variant: Variant::Pente,
            tournament_rule: true,
            tags: vec![("Event".into(), "Turn-based Game".into())],
            moves,
            result: Some(RecordedResult::FirstPlayerWins),
        };
        let text = write_pgn(&rec);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        // No line ends with a move number cut off from its moves.
        assert!(text.lines().all(|l| !l.ends_with('.')), "{text}");
        assert!(text.trim_end().ends_with("1-0"));
        assert_eq!(read_pgn(&text, Variant::KeryoPente, false).unwrap(), rec);
    }

    #[test]
    fn bad_tags_are_located() {
        for (text, line) in [
            ("[Game \"Chess\"]\n1. K10", 1),
            ("[Site \"x\"]\n[Rated \"maybe\"]\n", 2),
            ("[Result \"2-0\"]", 1),
        ] {
            match read_pgn(text, Variant::Pente, true) {
                Err(RecordError::BadTag { line: l, .. }) => assert_eq!(l, line, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn result_token_without_tag() {
        let rec = read_pgn("1. K10 L9 0-1", Variant::Pente, true).unwrap();
        assert_eq!(rec.result, Some(RecordedResult::SecondPlayerWins));
    }
}
