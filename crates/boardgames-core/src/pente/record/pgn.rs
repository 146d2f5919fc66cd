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
//! The record's tags are every tag of the file in order, `Game`, `Rated` and `Result`
//! included; the start and the result are taken from them.
//!
//! Writing: `Game`, the other tags, `Rated`, `Result`, a blank line, then the numbered moves
//! and the result, in lines of at most 80 characters as pente.org writes them.

use super::movelist::{parse_move_list, MOVE_TEXT};
use super::RecordError;
use crate::pente::position::{OpeningRule, Pente, Variant};
use crate::record::tags::{is_tag_line, name_as_read, read_loose_tags, write_tag, TagSyntax};
use crate::record::{split_games, Format, MoveText, Record, RecordedResult, Step};

/// Tags the writer takes from the record's start and result rather than its tag list.
pub const FIELD_TAGS: [&str; 3] = ["Game", "Rated", "Result"];

/// The move text of a game file: lines of at most 80 characters.
const WRAPPED: MoveText = MoveText {
    width: Some(80),
    ..MOVE_TEXT
};

/// pente.org's game files (and bare move lists), as a [`Format`]: `pgn`.
///
/// One game a file. `default` gives the variant and the tournament rule of a file without
/// `Game` or `Rated` tags.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PenteOrg {
    /// The start of files that do not name their rules.
    pub default: Pente,
}

impl PenteOrg {
    /// The format with the rules of files that do not name theirs.
    #[must_use]
    pub fn new(default: Pente) -> PenteOrg {
        PenteOrg { default }
    }
}

impl Format<Pente> for PenteOrg {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "pgn"
    }

    /// Anything that is not JSON.
    fn detect(&self, text: &str) -> bool {
        !text.trim_start().starts_with('{')
    }

    /// Every game of the text (see [`games`]); none for a blank text.
    fn read(&self, text: &str) -> Result<Vec<Record<Pente>>, RecordError> {
        let (variant, rule) = (self.default.variant(), self.default.tournament_rule());
        games(text)
            .into_iter()
            .map(|(first_line, game)| {
                read_pgn(&game, variant, rule).map_err(|e| e.moved_down(first_line - 1))
            })
            .collect()
    }

    /// The games one after the other, a blank line between them.
    fn write(&self, records: &[Record<Pente>]) -> Result<String, RecordError> {
        let texts = records
            .iter()
            .map(write_pgn)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(texts.join("\n"))
    }
}

/// The games of a text, each with its first line (from 1): a tag line after move text, or a
/// line of moves after a line ending with a result token (`1-0`, `0-1`, `1/2-1/2`, `*`),
/// starts the next game (see [`split_games`]).
pub fn games(text: &str) -> Vec<(usize, String)> {
    split_games(
        text,
        '#',
        is_tag_line,
        |t| matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*"),
        // As `read_pgn` reads a tag line: whole.
        |l| read_loose_tags(l).pop().map(|(name, _)| name),
    )
}

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
) -> Result<Record<Pente>, RecordError> {
    let moves = parse_move_list(text)?;
    let (mut variant, mut rule, mut result) = (variant, tournament_rule, None);
    for (line_no, line) in text.lines().enumerate() {
        if !is_tag_line(line) {
            continue;
        }
        for (name, value) in read_loose_tags(line) {
            let bad = |message: String| RecordError::BadTag {
                line: line_no + 1,
                message,
            };
            match name.as_str() {
                "Game" => {
                    let rules = value.strip_prefix("Speed ").unwrap_or(&value);
                    variant = match rules.to_ascii_lowercase().as_str() {
                        "pente" => Variant::Pente,
                        "keryo-pente" | "keryo pente" | "keryopente" => Variant::KeryoPente,
                        _ => {
                            return Err(bad(format!("game {value:?} is not Pente or Keryo-Pente")))
                        }
                    };
                }
                "Rated" => {
                    rule = match value.to_ascii_lowercase().as_str() {
                        "y" | "yes" => true,
                        "n" | "no" => false,
                        _ => return Err(bad(format!("Rated {value:?} should be Y or N"))),
                    };
                }
                "Result" => {
                    result = match value.as_str() {
                        "" | "*" | "?" => None,
                        v => Some(
                            v.parse::<RecordedResult>()
                                .map_err(|e| bad(e.to_string()))?,
                        ),
                    }
                }
                _ => {}
            }
        }
    }
    // A result token after the moves counts when no Result tag gave one.
    if result.is_none() {
        result = last_result_token(text);
    }
    Ok(Record {
        start: Pente::new(variant, OpeningRule::from_tournament_rule(rule)),
        tags: read_loose_tags(text),
        steps: moves.into_iter().map(Step::Move).collect(),
        result,
        notes: Vec::new(),
    })
}

/// The last result token (`1-0`, `0-1`, `1/2-1/2`) of the move text, outside tags and comments.
fn last_result_token(text: &str) -> Option<RecordedResult> {
    text.lines()
        .filter(|l| !is_tag_line(l))
        .flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace())
        .filter_map(|t| t.parse::<RecordedResult>().ok())
        .next_back()
}

/// Writes a record as a pente.org PGN-like file (see the module docs).
///
/// # Errors
/// [`RecordError::Start`] when the record does not start from the empty board (pente.org
/// files cannot state another start).
pub fn write_pgn(record: &Record<Pente>) -> Result<String, RecordError> {
    let start = &record.start;
    if *start != Pente::new(start.variant(), start.opening_rule()) {
        return Err(RecordError::Start);
    }
    if let Some(text) = record.first_written() {
        return Err(RecordError::UnwritableStep(text.to_owned()));
    }
    let mut out = String::new();
    write_tag(&mut out, "Game", start.variant().title(), TagSyntax::Loose);
    for (name, value) in &record.tags {
        // A tag that would read back as a field is the writer's own.
        if !FIELD_TAGS.contains(&name_as_read(name, TagSyntax::Loose).as_str()) {
            write_tag(&mut out, name, value, TagSyntax::Loose);
        }
    }
    let rated = if start.tournament_rule() { "Y" } else { "N" };
    write_tag(&mut out, "Rated", rated, TagSyntax::Loose);
    let result = RecordedResult::token_or_star(record.result);
    write_tag(&mut out, "Result", result, TagSyntax::Loose);
    out.push('\n');
    let moves: Vec<String> = record.move_texts();
    let text = WRAPPED.write(&moves, record.result.map(RecordedResult::token));
    if !text.is_empty() {
        out.push_str(&text);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pente::Point;

    /// The same game: start, steps, result and the tags that are not fields.
    fn same(a: &Record<Pente>, b: &Record<Pente>) {
        let kept = |r: &Record<Pente>| -> Vec<(String, String)> {
            r.tags
                .iter()
                .filter(|(n, _)| !FIELD_TAGS.contains(&n.as_str()))
                .cloned()
                .collect()
        };
        assert_eq!((a.start, &a.steps, a.result), (b.start, &b.steps, b.result));
        assert_eq!(kept(a), kept(b));
    }

    const GAME: &str = "[Game \"Keryo-Pente\"]\n[Site \"Pente.org\"]\n[Rated \"N\"]\n\
                        [Player 1 Name \"P1\"]\n[Result \"0-1\"]\n\n1. K10 L9 2. N10 M10\n";

    #[test]
    fn a_tag_named_as_a_field_once_trimmed_is_the_writers_own() {
        let mut rec = read_pgn(GAME, Variant::Pente, true).unwrap();
        rec.tags.push((" Rated".into(), "x".into()));
        rec.tags.push(("Game ".into(), "Chess".into()));
        let back = read_pgn(&write_pgn(&rec).unwrap(), Variant::Pente, true).unwrap();
        assert_eq!(
            (back.start, &back.steps, back.result),
            (rec.start, &rec.steps, rec.result)
        );
    }

    #[test]
    fn tags_set_the_rules_and_are_kept() {
        let rec = read_pgn(GAME, Variant::Pente, true).unwrap();
        assert_eq!(rec.start.variant(), Variant::KeryoPente);
        assert!(!rec.start.tournament_rule());
        assert_eq!(rec.result, Some(RecordedResult::SecondPlayerWins));
        assert_eq!(rec.tag("Player 1 Name"), Some("P1"));
        assert_eq!(rec.tag("Rated"), Some("N"), "every tag of the file is kept");
        assert_eq!(rec.steps.len(), 4);
        let text = write_pgn(&rec).unwrap();
        same(&read_pgn(&text, Variant::Pente, true).unwrap(), &rec);
        let again = read_pgn(&text, Variant::Pente, true).unwrap();
        assert_eq!(write_pgn(&again).unwrap(), text);
    }

    #[test]
    fn long_games_wrap_at_80_columns_and_round_trip() {
        let moves: Vec<Point> = Point::all().step_by(3).take(101).collect();
        let rec = Record {
            start: Pente::new(Variant::Pente, OpeningRule::Tournament),
            tags: vec![("Event".into(), "Turn-based Game".into())],
            steps: moves.into_iter().map(Step::Move).collect(),
            result: Some(RecordedResult::FirstPlayerWins),
            notes: Vec::new(),
        };
        let text = write_pgn(&rec).unwrap();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        // No line ends with a move number cut off from its moves.
        assert!(text.lines().all(|l| !l.ends_with('.')), "{text}");
        assert!(text.trim_end().ends_with("1-0"));
        same(&read_pgn(&text, Variant::KeryoPente, false).unwrap(), &rec);
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
