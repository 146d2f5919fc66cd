//! APGN: PGN-like tags with Aba-Pro move text, several games per file, as in the MiGs
//! server's archive.
//!
//! ```text
//! [Event "MIGS 24054"]
//! [Date "2016.04.18"]
//! [Black "P1"]
//! [White "P2"]
//! [Variant "belgian"]
//! [Result "1-0"]
//! [Notation "Aba-Pro"]
//! [Termination "Au score"]
//! [Plies "189"]
//! [Source "MIGS"]
//!
//! 1. a1b2 a5b5 2. b2c3 a4b4 3. b3c3 i5h5 4. b1c2 c5c6d6 5. c3d4 i6h6
//! ...
//! 95. h5g4 1-0
//! ```
//!
//! # Reading
//!
//! * Tag lines `[Name "value"]`, one per line; the name is letters, digits and `_`; in the
//!   value `\"` is a quote and `\\` a backslash. `Variant` gives the layout (`standard`,
//!   `belgian`, `german`, `dutch`, `swiss`, also the full names like `belgian_daisy`;
//!   Standard when absent); `Result` is `1-0`, `0-1`, `1/2-1/2` or `*`; `Notation` must be
//!   `Aba-Pro` when present; `Termination` is kept as written; `Plies` is a number;
//!   `MoveLimit` (1 to 65535 plies, after which the game is adjudicated) is set on the start. Every
//!   other tag is kept, in order.
//! * Move text: Aba-Pro moves (in-line `a1b2`, broadside `c3c5d4`, either case, either
//!   broadside spelling: `c5c3d6` reads as `c3c5d4`), move numbers `12.` (also `12...` and
//!   glued to the move, `12.a1b2`), which must follow on from the moves before them, and a
//!   result token (`1-0`, `0-1`, `1/2-1/2`, `*`) that ends the game; when the `Result` tag
//!   is there the token must agree with it. Comments `{...}` (across lines) and `;` to the
//!   end of the line are skipped.
//! * Games: a tag line after a game's move text, or a move after its result token, starts
//!   the next game. A blank file holds no games.
//!
//! Any malformed text gets a [`RecordError`] naming the line and the column; reading never
//! panics. Whether the moves are legal is [`replay`](crate::record::replay())'s job. The
//! record's tags are every tag of the file in order, `Variant`, `Result`, `Notation`,
//! `Termination` and `Plies` included.
//!
//! # Writing
//!
//! The other tags up to the first one that is not `Event`, `Site`, `Date`, `Round`, `Black`
//! or `White`, then `Variant` (short name), `Result`, `Notation "Aba-Pro"`, `Termination`
//! and `Plies` when the record has them, `MoveLimit` when the start has one, then the other
//! tags; a blank line; the moves
//! in canonical notation after their move numbers (`1. a1b2 i5h5 2. ...`), in lines of at
//! most 78 characters that never split a move number from its Black and White moves; the
//! result token (`*` when none) after the last move, on the same line; a blank line between
//! games. The MiGs archive is written back byte for byte.

use super::{two_player_layout, RecordError, NOT_A_LAYOUT, START_TAGS};
use crate::abalone::layout::Layout;
use crate::abalone::notation::Notation;
use crate::abalone::position::{Abalone, Position};
use crate::record::tags::{name_as_read, read_tag, write_tag, TagSyntax};
use crate::record::{Format, MoveText, Record, RecordedResult, Step};

/// The tags that come before the record's own fields when writing.
pub(super) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "Black", "White"];

/// Tags the writer lays out itself (from the start, the result, and these tags' values).
pub const FIELD_TAGS: [&str; 5] = ["Variant", "Result", "Notation", "Termination", "Plies"];

/// APGN as a [`Format`]: `apgn`, several games a file, two players.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Apgn;

impl<const SEATS: usize> Format<Position<SEATS>> for Apgn {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "apgn"
    }

    /// See [`looks_like_apgn`].
    fn detect(&self, text: &str) -> bool {
        looks_like_apgn(text)
    }

    /// See [`read_apgn`]; more than two seats are refused.
    fn read(&self, text: &str) -> Result<Vec<Record<Position<SEATS>>>, RecordError> {
        if SEATS != 2 {
            return Err(RecordError::Unwritable(
                "APGN records are two-player games (leave out --players)",
            ));
        }
        read_games(text)
    }

    fn write(&self, records: &[Record<Position<SEATS>>]) -> Result<String, RecordError> {
        write_apgn(records)
    }
}

/// The move text of APGN: lines of at most 78 characters, the result at the end of the last.
const APGN_TEXT: MoveText = MoveText {
    per_number: 2,
    spaced: true,
    width: Some(LINE_WIDTH),
    result_on_last_line: true,
};

/// The widest line of move text written, the result token aside (as MiGs's exporter).
const LINE_WIDTH: usize = 78;

/// The short name of a two-player layout in the `Variant` tag; `None` for the layouts of
/// more players, which APGN records do not hold.
#[must_use]
pub const fn variant_name(layout: Layout) -> Option<&'static str> {
    Some(match layout {
        Layout::Standard => "standard",
        Layout::BelgianDaisy => "belgian",
        Layout::GermanDaisy => "german",
        Layout::DutchDaisy => "dutch",
        Layout::SwissDaisy => "swiss",
        Layout::ThreePlayers
        | Layout::FourPlayers
        | Layout::FourPlayersRows
        | Layout::SixPlayers => return None,
    })
}

/// Whether a text looks like APGN rather than a bare move list: it has a tag line, and no
/// `Layout`, `Position` or `MoveLimit` header (those belong to the plain Aba-Pro record
/// format of the command-line tools).
pub fn looks_like_apgn(text: &str) -> bool {
    let mut tags = text
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('['))
        .map(|l| {
            l[1..]
                .split(|c: char| c.is_whitespace() || c == '"' || c == ']')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase()
        })
        .peekable();
    tags.peek().is_some()
        && tags.all(|name| !matches!(name.as_str(), "layout" | "position" | "setup" | "movelimit"))
}

/// A tag as read, with where its value starts (for messages).
struct RawTag {
    name: String,
    value: String,
    line: usize,
    column: usize,
}

/// The game being read.
#[derive(Default)]
struct Builder {
    tags: Vec<RawTag>,
    moves: Vec<Notation>,
    /// Move text (a move, a number or a result) has been read.
    started: bool,
    /// The result token, with its place.
    result_token: Option<(Option<RecordedResult>, usize, usize)>,
}

impl Builder {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.started
    }

    fn finish<const SEATS: usize>(self) -> Result<Record<Position<SEATS>>, RecordError> {
        let mut layout = Layout::Standard;
        let mut limit = None;
        let mut seen: Vec<&str> = Vec::new();
        let mut tag_result: Option<Option<RecordedResult>> = None;
        for tag in &self.tags {
            let bad = |message: String| RecordError::Syntax {
                line: tag.line,
                column: tag.column,
                message,
            };
            let field = FIELD_TAGS.iter().find(|&&f| f == tag.name);
            if let Some(&field) = field {
                if seen.contains(&field) {
                    return Err(bad(format!("a second {field} tag")));
                }
                seen.push(field);
            }
            match tag.name.as_str() {
                "Variant" => {
                    layout = Layout::parse_for(&tag.value, 2).map_err(|_| {
                        bad(format!(
                            "variant {:?} is not an Abalone layout (standard, belgian, german, dutch or swiss)",
                            tag.value
                        ))
                    })?;
                }
                "Result" => {
                    tag_result = Some(match tag.value.trim() {
                        "*" | "" => None,
                        v => Some(
                            v.parse::<RecordedResult>()
                                .map_err(|e| bad(e.to_string()))?,
                        ),
                    });
                }
                "Notation" => {
                    let key: String = tag
                        .value
                        .chars()
                        .filter(|c| c.is_ascii_alphanumeric())
                        .collect();
                    if !key.eq_ignore_ascii_case("abapro") {
                        return Err(bad(format!(
                            "notation {:?}: only Aba-Pro move text is read",
                            tag.value
                        )));
                    }
                }
                "Plies" => {
                    tag.value.trim().parse::<usize>().map_err(|_| {
                        bad(format!("Plies {:?} is not a number of plies", tag.value))
                    })?;
                }
                "MoveLimit" => {
                    let n = tag.value.trim().parse::<u16>().ok().filter(|&n| n > 0);
                    limit = Some(n.ok_or_else(|| {
                        bad(format!("MoveLimit {:?} is not 1..=65535", tag.value))
                    })?);
                }
                _ => {}
            }
        }
        let result = match (tag_result, self.result_token) {
            (Some(tagged), Some((token, line, column))) if tagged != token => {
                return Err(RecordError::Syntax {
                    line,
                    column,
                    message: format!(
                        "the result {} differs from the Result tag {}",
                        result_text(token),
                        result_text(tagged)
                    ),
                })
            }
            (Some(tagged), _) => tagged,
            (None, Some((token, _, _))) => token,
            (None, None) => None,
        };
        let mut start = Position::<SEATS>::new(layout).map_err(|_| {
            RecordError::Unwritable("APGN records are two-player games (leave out --players)")
        })?;
        start.set_move_limit(limit);
        Ok(Record {
            start,
            tags: self.tags.into_iter().map(|t| (t.name, t.value)).collect(),
            steps: self.moves.into_iter().map(Step::Move).collect(),
            result,
            notes: Vec::new(),
        })
    }
}

fn result_text(result: Option<RecordedResult>) -> &'static str {
    RecordedResult::token_or_star(result)
}

/// A result token: `Some(result)` (`None` inside for `*`) when the text is one.
fn result_token(token: &str) -> Option<Option<RecordedResult>> {
    if token == "*" {
        Some(None)
    } else {
        token.parse::<RecordedResult>().ok().map(Some)
    }
}

/// Reads every game of an APGN text (see the module docs).
///
/// # Errors
/// [`RecordError::Syntax`] for a malformed tag, an unknown variant, a bad result or plies
/// value, a move number out of sequence or an unclosed comment; [`RecordError::BadMove`]
/// for a token that is not Aba-Pro notation; each with its line and column.
pub fn read_apgn(text: &str) -> Result<Vec<Record<Abalone>>, RecordError> {
    read_games(text)
}

/// [`read_apgn`] into positions of `SEATS` seats (two; any other count fails).
fn read_games<const SEATS: usize>(text: &str) -> Result<Vec<Record<Position<SEATS>>>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut game = Builder::default();
    // Where an open `{` comment started.
    let mut comment: Option<(usize, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if comment.is_none() && line.trim_start().starts_with('[') {
            if game.started {
                games.push(std::mem::take(&mut game).finish()?);
            }
            let tag = read_tag(line, TagSyntax::Strict)
                .map_err(|e| RecordError::Syntax {
                    line: line_no,
                    column: e.column,
                    message: e.message.to_owned(),
                })?
                .ok_or(RecordError::Syntax {
                    line: line_no,
                    column: 1,
                    message: "not a tag".to_owned(),
                })?;
            game.tags.push(RawTag {
                name: tag.name,
                value: tag.value,
                line: line_no,
                column: tag.value_column,
            });
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut at = 0;
        while at < chars.len() {
            if let Some(start) = comment {
                match chars[at..].iter().position(|&c| c == '}') {
                    Some(end) => {
                        at += end + 1;
                        comment = None;
                    }
                    None => {
                        at = chars.len();
                        comment = Some(start);
                    }
                }
                continue;
            }
            let c = chars[at];
            if c.is_whitespace() {
                at += 1;
                continue;
            }
            if c == ';' {
                break;
            }
            if c == '{' {
                comment = Some((line_no, at + 1));
                at += 1;
                continue;
            }
            let len = chars[at..]
                .iter()
                .position(|&c| c.is_whitespace() || c == '{' || c == ';')
                .unwrap_or(chars.len() - at);
            let token: String = chars[at..at + len].iter().collect();
            let column = at + 1;
            at += len;
            if game.result_token.is_some() {
                // The previous game ended with its result: this one has no tags.
                games.push(std::mem::take(&mut game).finish()?);
            }
            read_token(&mut game, &token, line_no, column)?;
        }
    }
    if let Some((line, column)) = comment {
        return Err(RecordError::Syntax {
            line,
            column,
            message: "this comment is never closed with }".to_owned(),
        });
    }
    if !game.is_empty() {
        games.push(game.finish()?);
    }
    Ok(games)
}

/// One token of move text: a move number, a result or a move.
fn read_token(
    game: &mut Builder,
    token: &str,
    line: usize,
    column: usize,
) -> Result<(), RecordError> {
    game.started = true;
    if let Some(result) = result_token(token) {
        game.result_token = Some((result, line, column));
        return Ok(());
    }
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let mut mv = token;
    let mut mv_column = column;
    if digits > 0 && token[digits..].starts_with('.') {
        let expected = game.moves.len() / 2 + 1;
        let number: Option<usize> = token[..digits].parse().ok();
        if number != Some(expected) {
            return Err(RecordError::Syntax {
                line,
                column,
                message: format!(
                    "move number {} where {expected} is expected",
                    &token[..digits]
                ),
            });
        }
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        mv = &token[digits + dots..];
        mv_column = column + digits + dots;
        if mv.is_empty() {
            return Ok(());
        }
    }
    match mv.parse::<Notation>() {
        Ok(n) => {
            game.moves.push(n);
            Ok(())
        }
        Err(source) => Err(RecordError::BadMove {
            line,
            column: mv_column,
            token: mv.to_owned(),
            source,
        }),
    }
}

/// Writes one game as APGN (see the module docs); the text ends with a line break.
///
/// # Errors
/// [`RecordError::Unwritable`] when the game does not start from a two-player layout or has
/// a `Plies` tag that is no number; [`RecordError::UnwritableStep`] for a step kept as
/// written (APGN reading never keeps one).
pub fn write_game<const SEATS: usize>(
    record: &Record<Position<SEATS>>,
) -> Result<String, RecordError> {
    let layout = two_player_layout(&record.start)?;
    let variant = variant_name(layout).ok_or(RecordError::Unwritable(NOT_A_LAYOUT))?;
    if let Some(text) = record.first_written() {
        return Err(RecordError::UnwritableStep(text.to_owned()));
    }
    let mut out = String::new();
    let kept: Vec<&(String, String)> = record
        .tags
        .iter()
        // A tag that would read back as a field is the writer's own.
        .filter(|(n, _)| {
            let n = name_as_read(n, TagSyntax::Strict);
            !FIELD_TAGS.contains(&n.as_str()) && !START_TAGS.contains(&n.as_str())
        })
        .collect();
    let lead = kept
        .iter()
        .take_while(|(n, _)| ROSTER.contains(&n.as_str()))
        .count();
    let strict = |out: &mut String, name: &str, value: &str| {
        write_tag(out, name, value, TagSyntax::Strict);
    };
    for (name, value) in &kept[..lead] {
        strict(&mut out, name, value);
    }
    strict(&mut out, "Variant", variant);
    strict(&mut out, "Result", result_text(record.result));
    strict(&mut out, "Notation", "Aba-Pro");
    for field in ["Termination", "Plies"] {
        if let Some(value) = record.tag(field) {
            if field == "Plies" && value.trim().parse::<usize>().is_err() {
                return Err(RecordError::Unwritable(
                    "a Plies tag that is not a number of plies would not read back",
                ));
            }
            strict(&mut out, field, value);
        }
    }
    if let Some(limit) = record.start.move_limit() {
        strict(&mut out, "MoveLimit", &limit.to_string());
    }
    for (name, value) in &kept[lead..] {
        strict(&mut out, name, value);
    }
    out.push('\n');
    let moves: Vec<String> = record.move_texts();
    out.push_str(&APGN_TEXT.write(&moves, Some(result_text(record.result))));
    out.push('\n');
    Ok(out)
}

/// Writes games as one APGN text, a blank line between them.
///
/// # Errors
/// As [`write_game`].
pub fn write_apgn<const SEATS: usize>(
    games: &[Record<Position<SEATS>>],
) -> Result<String, RecordError> {
    let texts = games
        .iter()
        .map(write_game)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(texts.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"MIGS 1\"]\n[Date \"2016.04.18\"]\n[Black \"P1\"]\n\
        [White \"P2\"]\n[Variant \"belgian\"]\n[Result \"0-1\"]\n[Notation \"Aba-Pro\"]\n\
        [Termination \"Abandon\"]\n[Plies \"3\"]\n[Source \"MIGS\"]\n\n1. a1b2 i5h5 2. a2b3 0-1\n";

    #[test]
    fn a_game_reads_and_writes_back_byte_for_byte() {
        let games = read_apgn(GAME).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.start, Abalone::new(Layout::BelgianDaisy).unwrap());
        assert_eq!(g.result, Some(RecordedResult::SecondPlayerWins));
        assert_eq!(g.tag("Termination"), Some("Abandon"));
        assert_eq!(g.tag("Plies"), Some("3"));
        assert_eq!(g.tag("Source"), Some("MIGS"));
        assert_eq!(g.tags.len(), 10, "every tag of the file is kept");
        assert_eq!(write_apgn(&games).unwrap(), GAME);
    }

    #[test]
    fn field_tags_are_the_writers_own() {
        let mut game = read_apgn(GAME).unwrap().remove(0);
        // A name that reads as a field once trimmed is left out; a Plies that is no number is
        // refused, as reading would refuse it.
        game.tags.push((" Result".into(), "1-0".into()));
        let back = read_apgn(&write_apgn(std::slice::from_ref(&game)).unwrap()).unwrap();
        assert_eq!((back[0].result, &back[0].steps), (game.result, &game.steps));
        game.tags.retain(|(n, _)| n != "Plies");
        game.tags.push(("Plies".into(), String::new()));
        assert!(matches!(
            write_apgn(std::slice::from_ref(&game)),
            Err(RecordError::Unwritable(_))
        ));
    }

    #[test]
    fn the_other_broadside_spelling_reads_as_the_canonical_one() {
        let games = read_apgn("1.c5c3d6 i5h5 2.A2B3 *").unwrap();
        assert_eq!(games[0].steps[0].to_string(), "c3c5d4");
        assert!(write_game(&games[0])
            .unwrap()
            .ends_with("\n1. c3c5d4 i5h5 2. a2b3 *\n"));
    }

    #[test]
    fn games_split_at_tags_and_after_results() {
        let text = "[Event \"a\"]\n1. a1b2 1-0\n[Event \"b\"]\n\n1. a1b2 i5h5\n[Event \"c\"]\n\
                    1. a1b2 * 1. a1b2 {a comment\nover two lines} i5h5 ; rest ignored\n";
        let games = read_apgn(text).unwrap();
        let counts: Vec<usize> = games.iter().map(|g| g.steps.len()).collect();
        assert_eq!(counts, [1, 2, 1, 2]);
        assert!(games[3].tags.is_empty());
        assert!(read_apgn(" \n\n").unwrap().is_empty());
    }

    #[test]
    fn escapes_in_values_round_trip() {
        let record = Record {
            tags: vec![("Event".into(), "the \"open\" C:\\".into())],
            ..Record::new(Abalone::new(Layout::Standard).unwrap())
        };
        let text = write_game(&record).unwrap();
        assert!(
            text.starts_with("[Event \"the \\\"open\\\" C:\\\\\"]\n"),
            "{text}"
        );
        let back = read_apgn(&text).unwrap();
        assert_eq!(
            (back[0].start, &back[0].steps),
            (record.start, &record.steps)
        );
        assert_eq!(back[0].tag("Event"), record.tag("Event"));
        assert_eq!(write_apgn(&back).unwrap(), text);
    }

    #[test]
    fn errors_name_line_and_column() {
        for (text, line, column, needle) in [
            (
                "[Event \"x\"]\n\n1. a1b2 i5h5 2. a2b9",
                3,
                17,
                "in move \"a2b9\"",
            ),
            (
                "[Event \"x\"]\n\n1. a1b2 i5h5 3. a2b3",
                3,
                14,
                "move number 3 where 2",
            ),
            ("1. a1b2\n2.a2b3", 2, 1, "move number 2 where 1"),
            ("[Event x]", 1, 8, "double quotes"),
            ("[Event \"x]", 1, 8, "no closing quote"),
            ("[Event \"x\" y]", 1, 12, "expected ]"),
            ("[\"x\"]", 1, 2, "name"),
            ("[Event \"x\"] [Site \"y\"]", 1, 13, "one tag a line"),
            ("[Variant \"hexagon\"]", 1, 11, "not an Abalone layout"),
            ("[Result \"2-0\"]", 1, 10, "not a result"),
            ("[Notation \"Nacre\"]", 1, 12, "only Aba-Pro"),
            ("[Plies \"many\"]", 1, 9, "not a number"),
            ("[Result \"1-0\"]\n1. a1b2 0-1", 2, 9, "differs"),
            ("[Result \"1-0\"]\n[Result \"1-0\"]", 2, 10, "second Result"),
            ("1. a1b2 { open\n\n", 1, 9, "never closed"),
            ("1. a1b2 i5", 1, 9, "\"i5\" is not a move"),
        ] {
            let err = read_apgn(text).unwrap_err();
            assert_eq!(
                (err.line(), err.column()),
                (line, column),
                "{text:?}: {err}"
            );
            assert!(err.to_string().contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn byte_order_mark_and_crlf_line_ends_are_read() {
        let games =
            read_apgn("\u{feff}[Event \"x\"]\r\n\r\n1. a1b2 i5h5\r\n2. a2b3 *\r\n").unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags, [("Event".to_owned(), "x".to_owned())]);
        assert_eq!(games[0].steps.len(), 3);
    }

    #[test]
    fn apgn_is_told_from_the_plain_record_format() {
        assert!(looks_like_apgn(GAME));
        assert!(!looks_like_apgn("[Layout \"belgian_daisy\"]\n1.a1b2"));
        assert!(!looks_like_apgn("1.a1b2 i5h5"));
    }
}
