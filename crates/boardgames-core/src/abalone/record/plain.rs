//! The plain Aba-Pro record of the command-line tools, for any number of players:
//!
//! ```text
//! # a comment
//! [Layout "belgian_daisy"]
//! [MoveLimit "200"]
//! 1.a1b2 i5h5 2.a2b3 i6h6 ... 1-0
//! ```
//!
//! # Reading
//! Header lines `[Name "value"]`: `Layout` (also `Variant`: a layout name for the number of
//! players, e.g. `belgian_daisy`, `three_players`) or `Position` (also `Setup`: the position
//! string of `docs/abalone.md` or the neutral JSON position) give the start, `MoveLimit` the
//! plies after which the game is adjudicated; every other header is a tag (`Result` gives
//! the recorded result). Without a start header the game starts from the format's default.
//! `#` starts a comment. Moves in Aba-Pro notation, with or without their numbers (`12.a1b2`,
//! `12.`, `12...i5h5`); result tokens (`1-0`, `0-1`, `1/2-1/2`, `*`, three-player `1-0-0`,
//! ...) are skipped. A token that is no move is kept as written
//! ([`crate::record::Step::Written`]): replay refuses it at its ply. Several games a file: a header after moves, or moves after a result
//! token, start the next.
//!
//! # Writing
//! `[Layout "name"]` (with `[MoveLimit "N"]` when there is one) or `[Position "..."]`, the
//! other tags (a `Result` tag with the recorded result, which reading takes from it; with
//! two players one is added when no tag states it),
//! then the moves on one line, a number before each round of the table
//! (`1.a1b2 i5h5 2.a2b3 ...`), and the result: the end by the rules when the moves reach one,
//! else the recorded result, else `*`.

use super::{layout_of, RecordError, START_TAGS};
use crate::abalone::layout::{Layout, LayoutError, MULTI_PLAYER};
use crate::abalone::notation::Notation;
use crate::abalone::position::Position;
use crate::game::Game;
use crate::record::tags::{name_as_read, read_tag, write_tag, TagSyntax};
use crate::record::{replay, split_games, Format, MoveText, Record, RecordedResult, Step};

/// The result tokens a record may hold (three players: `1-0-0`, `0-1-0`, `0-0-1`).
const RESULT_TOKENS: [&str; 8] = [
    "1-0", "0-1", "1/2-1/2", "*", "½-½", "1-0-0", "0-1-0", "0-0-1",
];

/// The plain Aba-Pro record as a [`Format`]: `abapro`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbaPro<const SEATS: usize> {
    /// The start of records without a `Layout` or `Position` header.
    pub default: Position<SEATS>,
    /// How the default was chosen by the user (e.g. `--layout belgian_daisy`), if it was: a
    /// record whose header names another start is then refused, with this in the message.
    pub chosen: Option<String>,
}

impl<const SEATS: usize> AbaPro<SEATS> {
    /// The format with the start of records that name none.
    #[must_use]
    pub fn new(default: Position<SEATS>) -> AbaPro<SEATS> {
        AbaPro {
            default,
            chosen: None,
        }
    }
}

/// A position given as text: the compact position string (`docs/abalone.md`) or the neutral
/// JSON position (feature `serde`).
///
/// # Errors
/// Why the text is neither, or describes an impossible position.
pub fn parse_position<const SEATS: usize>(text: &str) -> Result<Position<SEATS>, String> {
    let text = text.trim();
    #[cfg(feature = "serde")]
    if text.starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("not a JSON position: {e}"));
    }
    Position::<SEATS>::from_text(text).map_err(|e| e.to_string())
}

/// The start a layout header names, for `SEATS` players, with the name it is written with.
///
/// With two players a name of no layout gets the two-player names in its message; with
/// more, any name that is no multi-player layout gets the multi-player names.
fn header_layout<const SEATS: usize>(value: &str) -> Result<(Position<SEATS>, String), String> {
    let unknown = |expected| LayoutError::Unknown {
        name: value.to_owned(),
        expected,
    };
    let layout = match value.parse::<Layout>() {
        Ok(layout) if SEATS == 2 || layout.players() != 2 => layout,
        _ if SEATS == 2 => return Err(unknown(Layout::of_players(2)).to_string()),
        _ => return Err(unknown(MULTI_PLAYER).to_string()),
    };
    let pos = Position::<SEATS>::new(layout).map_err(|_| {
        format!(
            "layout {layout} is for {} players: give --players {}",
            layout.players(),
            layout.players()
        )
    })?;
    Ok((pos, layout.to_string()))
}

/// One `[Name "value"]` header line (the value quoted), or `None` when the line is not one.
fn header(line: &str) -> Option<(String, String)> {
    if !line.ends_with("\"]") {
        return None;
    }
    let tag = read_tag(line, TagSyntax::Loose).ok()??;
    Some((tag.name, tag.value))
}

impl<const SEATS: usize> AbaPro<SEATS> {
    /// Reads one game (see the module docs).
    fn read_game(&self, text: &str) -> Result<Record<Position<SEATS>>, RecordError> {
        let mut start: Option<(Position<SEATS>, String)> = None;
        let mut limit = None;
        let mut record = Record::new(self.default);
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let bad = |message: String| RecordError::Header {
                line: line_no,
                message,
            };
            let code = raw.split('#').next().unwrap_or("");
            let line = code.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                let (name, value) = header(line).ok_or_else(|| {
                    bad(format!(
                        "{line:?} is not a header like [Layout \"standard\"]"
                    ))
                })?;
                let (name, value) = (name.as_str(), value.as_str());
                match name.to_ascii_lowercase().as_str() {
                    "layout" | "variant" => {
                        let (pos, name) = header_layout::<SEATS>(value).map_err(bad)?;
                        start = Some((pos, format!("layout {name}")));
                        record.tags.push(("Layout".to_owned(), name));
                    }
                    "position" | "setup" => {
                        let pos = parse_position::<SEATS>(value).map_err(bad)?;
                        start = Some((pos, "a position".to_owned()));
                        record.tags.push(("Position".to_owned(), value.to_owned()));
                    }
                    "movelimit" => {
                        let n: u16 = value
                            .parse()
                            .map_err(|_| bad(format!("move limit {value:?} is not 1..=65535")))?;
                        limit = Some(n);
                        record.tags.push(("MoveLimit".to_owned(), value.to_owned()));
                    }
                    "result" => {
                        record.result = value.parse::<RecordedResult>().ok();
                        record.tags.push((name.to_owned(), value.to_owned()));
                    }
                    _ => record.tags.push((name.to_owned(), value.to_owned())),
                }
                continue;
            }
            for token in line.split_whitespace() {
                if RESULT_TOKENS.contains(&token) {
                    continue;
                }
                // `12.a1b2`, `12.`, `12...i5h5`: the move number is dropped.
                let mv = token.rsplit('.').next().unwrap_or(token);
                if mv.is_empty() {
                    continue;
                }
                // A token that is no move is kept as written: replay refuses it at its ply.
                record.steps.push(match mv.parse::<Notation>() {
                    Ok(notation) => Step::Move(notation),
                    Err(_) => Step::Written(mv.to_owned()),
                });
            }
        }
        if let Some((pos, what)) = start {
            if let Some(chosen) = self.chosen.as_ref().filter(|_| {
                let mut bare = self.default;
                bare.set_move_limit(None);
                bare != pos
            }) {
                return Err(RecordError::Start(format!(
                    "the record starts from {what}, but {chosen} says otherwise (leave the option out)"
                )));
            }
            let mut pos = pos;
            // The default's limit, unless the position states its own.
            if pos.move_limit().is_none() {
                pos.set_move_limit(
                    self.default
                        .move_limit()
                        .and_then(|l| u16::try_from(l).ok()),
                );
            }
            if limit.is_some() {
                pos.set_move_limit(limit);
            }
            record.start = pos;
        } else if limit.is_some() {
            record.start.set_move_limit(limit);
        }
        Ok(record)
    }
}

impl<const SEATS: usize> Format<Position<SEATS>> for AbaPro<SEATS> {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "abapro"
    }

    /// Any text (the fallback of the command-line tools).
    fn detect(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, text: &str) -> Result<Vec<Record<Position<SEATS>>>, RecordError> {
        split_games(
            text,
            '#',
            |l| l.starts_with('['),
            |t| RESULT_TOKENS.contains(&t),
            // As `read_game` reads a header: the line before its comment.
            |l| header(l.split('#').next().unwrap_or("").trim()).map(|(name, _)| name),
        )
        .into_iter()
        .map(|(first, game)| self.read_game(&game).map_err(|e| e.moved_down(first - 1)))
        .collect()
    }

    fn write(&self, records: &[Record<Position<SEATS>>]) -> Result<String, RecordError> {
        let mut out = String::new();
        for record in records {
            if let Some(text) = record.steps.iter().find_map(|s| match s {
                Step::Written(text) if !reads_back_written(text) => Some(text),
                _ => None,
            }) {
                return Err(RecordError::UnwritableStep(text.clone()));
            }
            // Reading cuts a line at `#` (a comment), headers included.
            if record
                .tags
                .iter()
                .any(|(n, v)| n.contains('#') || v.contains('#'))
            {
                return Err(RecordError::Unwritable(
                    "a tag with '#' in its name or value: Aba-Pro text reads it as a comment",
                ));
            }
            write_game(&mut out, record);
        }
        Ok(out)
    }
}

/// Whether a step kept as written reads back as that same written step: one token, not a
/// result, with no move number (`.`) or comment (`#`) in it, and not a move.
fn reads_back_written(text: &str) -> bool {
    !text.is_empty()
        && !text.contains(|c: char| c.is_whitespace() || c == '.' || c == '#')
        && !RESULT_TOKENS.contains(&text)
        && text.parse::<Notation>().is_err()
}

/// The result token of a game: `1-0`, `0-1` or `1/2-1/2` with two sides (two players or two
/// teams); with three players `1-0-0`, `0-1-0` or `0-0-1`; `*` while it goes on.
#[must_use]
pub fn result_token<const SEATS: usize>(pos: &Position<SEATS>) -> String {
    if pos.end_reason().is_none() {
        return "*".to_owned();
    }
    match pos.winning_team() {
        None => "1/2-1/2".to_owned(),
        Some(t) => (0..Position::<SEATS>::team_count())
            .map(|i| if i == usize::from(t.0) { "1" } else { "0" })
            .collect::<Vec<_>>()
            .join("-"),
    }
}

fn write_game<const SEATS: usize>(out: &mut String, record: &Record<Position<SEATS>>) {
    let start = &record.start;
    let limit = start.move_limit().and_then(|l| u16::try_from(l).ok());
    match layout_of(start) {
        Some(layout) => {
            write_tag(out, "Layout", layout.name(), TagSyntax::Loose);
            if let Some(n) = limit {
                write_tag(out, "MoveLimit", &n.to_string(), TagSyntax::Loose);
            }
        }
        None => write_tag(
            out,
            "Position",
            &start.to_setup().to_string(),
            TagSyntax::Loose,
        ),
    }
    // A `Result` tag is what reading takes the recorded result from: each one is written
    // with the record's result, or, without one, only when it reads as none.
    let mut result_tag = false;
    for (name, value) in &record.tags {
        // Names as reading takes them back (in any case).
        let name = &name_as_read(name, TagSyntax::Loose);
        if START_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            continue;
        }
        if name.eq_ignore_ascii_case("result") {
            result_tag = true;
            let stated = value.parse::<RecordedResult>().ok();
            match record.result {
                // As written when it states the record's result (`½-½` stays).
                Some(result) if stated == Some(result) => {
                    write_tag(out, name, value, TagSyntax::Loose);
                }
                Some(result) => write_tag(out, name, result.token(), TagSyntax::Loose),
                None if stated.is_none() => write_tag(out, name, value, TagSyntax::Loose),
                None => {}
            }
            continue;
        }
        write_tag(out, name, value, TagSyntax::Loose);
    }
    // Two-player records name their result for the other formats; the move text ends with
    // it in every record.
    if let (2, Some(result), false) = (SEATS, record.result, result_tag) {
        write_tag(out, "Result", result.token(), TagSyntax::Loose);
    }
    let trace = replay(record);
    let token = match (trace.last().end_reason(), record.result) {
        (Some(_), _) | (None, None) => result_token(trace.last()),
        (None, Some(r)) => r.token().to_owned(),
    };
    let moves: Vec<String> = record.move_texts();
    let text = MoveText {
        per_number: SEATS,
        spaced: false,
        width: None,
        result_on_last_line: false,
    };
    out.push_str(&text.write(&moves, Some(&token)));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abalone::Abalone;

    #[test]
    fn headers_moves_and_several_games() {
        let format = AbaPro::new(Abalone::new(Layout::Standard).unwrap());
        let text = "# two games\n[Layout \"belgian_daisy\"]\n[Event \"x\"]\n1.a1b2 i5h5 2.a2b3 *\n\
                    1.a1b2 1-0\n";
        let games = format.read(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].start, Abalone::new(Layout::BelgianDaisy).unwrap());
        assert_eq!(games[0].steps.len(), 3);
        assert_eq!(games[1].start, Abalone::new(Layout::Standard).unwrap());
        assert_eq!(
            format.write(&games[..1]).unwrap(),
            "[Layout \"belgian_daisy\"]\n[Event \"x\"]\n1.a1b2 i5h5 2.a2b3 *\n"
        );
    }

    #[test]
    fn the_recorded_result_survives_a_stale_result_tag() {
        let format = AbaPro::new(Abalone::new(Layout::Standard).unwrap());
        let mut record = format.read("1.a1b2\n").unwrap().remove(0);
        for stale in ["1-0", "xyz", "*"] {
            for result in [
                Some(RecordedResult::SecondPlayerWins),
                Some(RecordedResult::FirstPlayerWins),
                None,
            ] {
                record.tags = vec![
                    ("Result".into(), stale.into()),
                    ("Event".into(), "e".into()),
                ];
                record.result = result;
                let text = format.write(std::slice::from_ref(&record)).unwrap();
                let back = format.read(&text).unwrap().remove(0);
                assert_eq!(back.result, result, "{stale}: {text}");
                assert_eq!(back.steps, record.steps);
            }
        }
    }

    #[test]
    fn problems_are_located() {
        let format = AbaPro::new(Abalone::new(Layout::Standard).unwrap());
        let games = format.read("[Layout \"standard\"]\n1.a1b2 i5").unwrap();
        assert_eq!(games[0].steps[1], Step::Written("i5".to_owned()));
        let trace = replay(&games[0]);
        assert_eq!(trace.illegal.map(|bad| bad.ply), Some(2));
        let err = format.read("1.a1b2\n[Layout \"hexagon\"]\n").unwrap_err();
        assert_eq!(err.line(), 2, "{err}");
        let err = format.read("[MoveLimit \"many\"]").unwrap_err();
        assert!(err.to_string().contains("move limit"), "{err}");
    }
}
