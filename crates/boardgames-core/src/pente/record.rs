//! Pente game records: the move-list text, the JSON record, and replay against the rules.
//!
//! # Move-list text
//! Moves in pente.org coordinates separated by spaces, commas or line breaks, with optional
//! move numbers and a trailing result, as pente.org writes its games:
//! `1. K10 L9 2. N10 M10 3. ... 1-0`. Move numbers (`12.`) and results (`1-0`, `0-1`,
//! `1/2-1/2`, `*`) are skipped, and so are comments (from `#` to the end of the line) and
//! header tag lines in the PGN style of pente.org's game files, `[Event "Turn-based Game"]`,
//! which [`parse_tags`] reads.
//!
//! # JSON record
//! One object per game, as in the pente.org corpus:
//! `{"id": "...", "variant": "pente" | "keryo-pente", "tournament_rule": true,
//!   "moves": ["K10", "L9", ...], "result": "1-0" | "0-1" | null, ...}`; other fields are kept.
//!
//! # Replay report
//! [`replay`] plays the moves and reports, ply by ply, the captures of each player, the stones
//! removed, the result and the first illegal move, in the expected-results format of the
//! reference data (`id`, `variant`, `tournament_rule`, `n_moves`, `caps`, `removed`, `result`,
//! `illegal`).

use std::collections::BTreeMap;

use super::error::IllegalMove;
use super::point::{Point, PointError};
use super::position::{Pente, Variant};
use crate::game::{Game, Turn};

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A token of the move list is not a point, a move number or a result.
    #[error("line {line}, column {column}: {token:?} is not a move: {source}")]
    BadMove {
        /// Line of the token, from 1.
        line: usize,
        /// Column of the token's first character, from 1.
        column: usize,
        /// The token as written.
        token: String,
        /// Why it is not a point.
        #[source]
        source: PointError,
    },
    /// The JSON record could not be read.
    #[error("bad JSON record: {0}")]
    Json(String),
}

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
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
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

/// One game as stored in the JSON record format (see the module docs).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JsonRecord {
    /// The record's identifier, if any.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub id: Option<String>,
    /// The ruleset.
    #[cfg_attr(feature = "serde", serde(default))]
    pub variant: Variant,
    /// Whether the tournament rule applies (default: yes).
    #[cfg_attr(feature = "serde", serde(default = "yes"))]
    pub tournament_rule: bool,
    /// The moves as written (checked on replay, so that a bad one is reported by ply).
    pub moves: Vec<String>,
    /// The recorded result (`1-0`: player 1 won), which may come from a resignation.
    #[cfg_attr(feature = "serde", serde(default))]
    pub result: Option<String>,
    /// Every other field, kept as it was.
    #[cfg(feature = "serde")]
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

#[cfg(feature = "serde")]
fn yes() -> bool {
    true
}

#[cfg(feature = "serde")]
impl JsonRecord {
    /// Reads one JSON record.
    ///
    /// # Errors
    /// [`RecordError::Json`] with serde's message (it names the line and column).
    pub fn from_json(text: &str) -> Result<JsonRecord, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// Replays the record's moves under its variant and tournament rule.
    pub fn replay(&self) -> Replay {
        replay(self.variant, self.tournament_rule, &self.moves)
    }
}

/// How a replayed game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReplayResult {
    /// 1 or 2 for the winning player, 0 for a draw.
    pub winner: u8,
    /// The ply (from 1) that ended the game.
    pub ply: usize,
    /// `five`, `captures`, `five+captures` or `draw-board-full`.
    pub reason: String,
}

/// The first move the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IllegalAt {
    /// Its ply, from 1.
    pub ply: usize,
    /// The move as written.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: String,
    /// Why: an [`IllegalMove`] message, or why the text is not a point.
    pub why: String,
}

/// What replaying a move list did, ply by ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Stones captured by player 1 and by player 2 after each applied ply.
    pub caps: Vec<[u16; 2]>,
    /// The points emptied at each ply (from 1) that captured, sorted by name.
    pub removed: BTreeMap<usize, Vec<Point>>,
    /// How the game ended by the rules, if it did.
    pub result: Option<ReplayResult>,
    /// The first refused move, if any; the replay stops there.
    pub illegal: Option<IllegalAt>,
    /// The position after the last applied ply.
    pub position: Pente,
}

/// Plays `moves` (as written) from the empty board and reports what happened; stops at the
/// first illegal move or text that is not a point.
pub fn replay<S: AsRef<str>>(variant: Variant, tournament_rule: bool, moves: &[S]) -> Replay {
    let mut pos = Pente::new(variant, tournament_rule);
    let mut report = Replay {
        caps: Vec::with_capacity(moves.len()),
        removed: BTreeMap::new(),
        result: None,
        illegal: None,
        position: pos,
    };
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        let ply = i + 1;
        let placed = text
            .parse::<Point>()
            .map_err(|e| e.to_string())
            .and_then(|p| pos.place(p).map_err(|e: IllegalMove| e.to_string()));
        match placed {
            Ok(placement) => {
                report.caps.push(pos.captures());
                if !placement.removed.is_empty() {
                    let mut points = placement.removed.to_vec();
                    points.sort_by_key(|p| p.to_string());
                    report.removed.insert(ply, points);
                }
                if pos.turn() == Turn::Over {
                    let reason = pos.end_reason().map_or("", |r| r.name()).to_owned();
                    let winner = pos.winner().map_or(0, |s| s.0 + 1);
                    report.result = Some(ReplayResult {
                        winner,
                        ply,
                        reason,
                    });
                }
            }
            Err(why) => {
                report.illegal = Some(IllegalAt {
                    ply,
                    mv: text.to_owned(),
                    why,
                });
                break;
            }
        }
    }
    report.position = pos;
    report
}

/// A replay in the expected-results format of the reference data, for JSON output.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReplayReport {
    /// The record's id.
    pub id: Option<String>,
    /// `pente` or `keryo-pente`.
    pub variant: Variant,
    /// Whether the tournament rule applied.
    pub tournament_rule: bool,
    /// Moves in the record (applied or not).
    pub n_moves: usize,
    /// Captured stones `[by player 1, by player 2]` after each applied ply.
    pub caps: Vec<[u16; 2]>,
    /// Points emptied at each capturing ply, keyed by the ply number as a string.
    pub removed: BTreeMap<usize, Vec<Point>>,
    /// How the game ended by the rules.
    pub result: Option<ReplayResult>,
    /// The first refused move.
    pub illegal: Option<IllegalAt>,
}

#[cfg(feature = "serde")]
impl ReplayReport {
    /// Replays a JSON record and reports it.
    pub fn of(record: &JsonRecord) -> ReplayReport {
        let replay = record.replay();
        ReplayReport {
            id: record.id.clone(),
            variant: record.variant,
            tournament_rule: record.tournament_rule,
            n_moves: record.moves.len(),
            caps: replay.caps,
            removed: replay.removed,
            result: replay.result,
            illegal: replay.illegal,
        }
    }
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

    #[test]
    fn replay_stops_at_first_illegal_move() {
        // Hand-worked: the second K10 is on an occupied point.
        let r = replay(Variant::Pente, true, &["K10", "L9", "K10", "A1"]);
        assert_eq!(r.caps.len(), 2);
        let illegal = r.illegal.unwrap();
        assert_eq!((illegal.ply, illegal.why.as_str()), (3, "occupied"));
    }
}
