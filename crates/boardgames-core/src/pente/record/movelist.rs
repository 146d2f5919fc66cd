//! The move-list text: `1. K10 L9 2. N10 ...`, as pente.org writes its move text.
//!
//! Moves in pente.org coordinates separated by spaces, commas or line breaks, with optional
//! move numbers and a trailing result. Move numbers (`12.`, also glued: `12.K10`), results
//! (`1-0`, `0-1`, `1/2-1/2`, `*`) and pente.org's `Resign` / `Forfeit` markers are skipped, and
//! so are comments (from `#` to the end of the line) and header tag lines in the PGN style of
//! pente.org's game files, `[Event "Turn-based Game"]`, which [`parse_tags`] reads.

use super::RecordError;
use crate::pente::point::Point;

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
            let column = line[..offset + start].chars().count() + 1;
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
                    return Err(RecordError::BadMove {
                        line: line_no + 1,
                        column,
                        token: token.to_owned(),
                        source,
                    })
                }
            }
        }
    }
    Ok(moves)
}

/// Whether a line is a header tag line: `[Name "value"]`, spaces around allowed.
fn is_tag_line(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('[') && line.ends_with(']')
}

/// The header tags of a move-list text, in order: each line `[Name "value"]` gives
/// `("Name", "value")`. The name is everything before the first `"` (so pente.org's
/// `[Player 1 "P1"]` gives `Player 1`); the value is between the first and the last `"`, or the
/// rest of the line when it is not quoted.
pub fn parse_tags(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|line| is_tag_line(line))
        .filter_map(|line| {
            let inner = line.trim();
            let inner = inner.get(1..inner.len() - 1)?.trim();
            let (name, value) = match (inner.find('"'), inner.rfind('"')) {
                (Some(first), Some(last)) if last > first => {
                    (&inner[..first], &inner[first + 1..last])
                }
                _ => inner.split_once(char::is_whitespace).unwrap_or((inner, "")),
            };
            let name = name.trim();
            (!name.is_empty()).then(|| (name.to_owned(), value.trim().to_owned()))
        })
        .collect()
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

/// Writes moves as pente.org move-list text: `1. K10 L9 2. N10 ...`.
pub fn write_move_list(moves: &[Point]) -> String {
    let mut out = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&format!("{}. {}", i + 1, pair[0]));
        if let Some(second) = pair.get(1) {
            out.push_str(&format!(" {second}"));
        }
    }
    out
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
        let tags = parse_tags(text);
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
}
