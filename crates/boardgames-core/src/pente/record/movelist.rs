//! The move-list text: `1. K10 L9 2. N10 ...`, as pente.org writes its move text.
//!
//! Moves in pente.org coordinates separated by spaces, commas or line breaks, with optional
//! move numbers and a trailing result. Move numbers (`12.`, also glued: `12.K10`), results
//! (`1-0`, `0-1`, `1/2-1/2`, `*`) and pente.org's `Resign` / `Forfeit` markers are skipped, and
//! so are comments (from `#` to the end of the line) and header tag lines in the PGN style of
//! pente.org's game files, `[Event "Turn-based Game"]`, which
//! [`read_loose_tags`](crate::record::tags::read_loose_tags) reads.

use super::{PenteOrg, RecordError};
use crate::pente::point::Point;
use crate::pente::position::Pente;
use crate::record::tags::is_tag_line;
use crate::record::{Format, MoveText, Record, RecordedResult};

/// Parses a move-list text (see the module docs) into points.
///
/// # Errors
/// [`RecordError::BadMove`] with the line and column of the first token that is neither a
/// point, a move number nor a result.
pub fn parse_move_list(text: &str) -> Result<Vec<Point>, RecordError> {
    let mut moves = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        if is_tag_line(line) {
            continue;
        }
        // A comment runs from `#` to the end of the line.
        let line = line.split('#').next().unwrap_or("");
        let mut rest = line;
        let mut offset = 0;
        while let Some(start) = rest.find(|c: char| !(c.is_whitespace() || c == ',' || c == ';')) {
            let tail = &rest[start..];
            let len = tail
                .find(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .unwrap_or(tail.len());
            let token = &tail[..len];
            let token_at = offset + start;
            offset += start + len;
            rest = &tail[len..];
            if is_move_number(token) || is_result(token) {
                continue;
            }
            // "12.K10" writes the number and the move together.
            let token = match token.split_once('.') {
                Some((n, mv)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => mv,
                _ => token,
            };
            match token.parse::<Point>() {
                Ok(p) => moves.push(p),
                Err(source) => {
                    // Counted only here: counting for every token would make a long line
                    // quadratic.
                    return Err(RecordError::BadMove {
                        line: line_no + 1,
                        column: line[..token_at].chars().count() + 1,
                        token: token.to_owned(),
                        source,
                    });
                }
            }
        }
    }
    Ok(moves)
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_result(token: &str) -> bool {
    matches!(
        token,
        "1-0" | "0-1" | "1/2-1/2" | "*" | "Resign" | "Forfeit"
    )
}

/// How pente.org writes move text: two plies a move number, `1. K10 L9`.
pub const MOVE_TEXT: MoveText = MoveText {
    per_number: 2,
    spaced: true,
    width: None,
    result_on_last_line: false,
};

/// The bare move list as a [`Format`]: `movelist`, one game a line, `1. K10 L9 ... 1-0` (`*`
/// for a game without a result). Reading is [`PenteOrg`]'s (it reads bare move lists, one
/// game after another); a text is never taken for this format when another reads it, so
/// [`Format::detect`] always says no.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PenteMoveList {
    /// The rules of the lists read (a move list does not state them).
    pub default: Pente,
}

impl Format<Pente> for PenteMoveList {
    type Error = RecordError;

    fn name(&self) -> &'static str {
        "movelist"
    }

    fn detect(&self, _text: &str) -> bool {
        false
    }

    fn read(&self, text: &str) -> Result<Vec<Record<Pente>>, RecordError> {
        PenteOrg::new(self.default).read(text)
    }

    /// One line per game. The rules are not written: the reader's default gives them.
    fn write(&self, records: &[Record<Pente>]) -> Result<String, RecordError> {
        let mut out = String::new();
        for record in records {
            let start = &record.start;
            if *start != Pente::new(start.variant(), start.opening_rule()) {
                return Err(RecordError::Start);
            }
            if let Some(text) = record.first_written() {
                return Err(RecordError::UnwritableStep(text.to_owned()));
            }
            let moves: Vec<String> = record.move_texts();
            out.push_str(
                &MOVE_TEXT.write(&moves, Some(RecordedResult::token_or_star(record.result))),
            );
            out.push('\n');
        }
        Ok(out)
    }
}

/// Writes moves as pente.org move-list text on one line: `1. K10 L9 2. N10 ...`.
pub fn write_move_list(moves: &[Point]) -> String {
    let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    MOVE_TEXT.write(&names, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_list_with_numbers_and_result() {
        let moves = parse_move_list("1. K10 L9 2. N10, m10\n3.K12 1-0").unwrap();
        let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["K10", "L9", "N10", "M10", "K12"]);
        assert_eq!(write_move_list(&moves), "1. K10 L9 2. N10 M10 3. K12");
        assert_eq!(parse_move_list(&write_move_list(&moves)).unwrap(), moves);
    }

    #[test]
    fn tags_and_comments_are_skipped() {
        let text = "# a game\n[Game \"Pente\"]\n  [Player 1 \"P1\"] \n[Round -]\n[]\n\
                    1. K10 L9 # the opening\n2. N10 # M10\n#3. K12\n";
        let names: Vec<String> = parse_move_list(text)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["K10", "L9", "N10"]);
        let tags = crate::record::tags::read_loose_tags(text);
        let tags: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        assert_eq!(
            tags,
            [("Game", "Pente"), ("Player 1", "P1"), ("Round", "-")]
        );
        // A bad token after a tag line is still located on its own line.
        match parse_move_list("[Game \"Pente\"]\n1. K10 Z9") {
            Err(RecordError::BadMove { line, column, .. }) => assert_eq!((line, column), (2, 8)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_token_is_located() {
        let err = parse_move_list("1. K10 L9\n2. N10 I4").unwrap_err();
        match err {
            RecordError::BadMove {
                line,
                column,
                token,
                ..
            } => {
                assert_eq!((line, column, token.as_str()), (2, 8, "I4"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_token_far_into_a_long_line_is_located_in_characters() {
        // 20,000 moves on one line, a separator of two characters (three bytes) before the
        // bad token: its column counts characters, from 1.
        let mut line = "A1 ".repeat(20_000);
        line.push_str("\u{a0}\u{a0}Z9");
        let column = 3 * 20_000 + 2 + 1;
        match parse_move_list(&format!("1. K10\n{line}")) {
            Err(RecordError::BadMove {
                line, column: c, ..
            }) => assert_eq!((line, c), (2, column)),
            other => panic!("{other:?}"),
        }
    }
}
