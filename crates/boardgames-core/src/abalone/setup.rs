//! Abalone setups: a plain description of a position, its compact text form (the position
//! string), the neutral JSON form, and the checks that turn it into an [`Abalone`] position.
//!
//! # Position string
//!
//! Three fields separated by spaces, then optional `key=value` fields:
//!
//! ```text
//! <board> <turn> <captured black>-<captured white> [ply=N] [limit=N] [timeout=b|w]
//! wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0
//! ```
//!
//! * board: the 9 rows from I (top) down to A, separated by `/`; within a row from the
//!   lowest number up, `b` a Black marble, `w` a White one, a digit 1..9 that many empty
//!   cells. Rows I..A hold 5, 6, 7, 8, 9, 8, 7, 6, 5 cells and each must be covered exactly.
//! * turn: `b` or `w`, the side to move.
//! * captured: marbles of each colour pushed off the board (Black's losses, then White's).
//! * `ply=N`: plies played (default 0); `limit=N`: move limit in plies (default none);
//!   `timeout=b|w`: that side's time ran out and the game ended.
//!
//! Letters are accepted in either case and print in lower case.
//!
//! # JSON
//!
//! The neutral position format of `../shared/oracles/abalone/README.md`, section 4:
//! `{"black":["A1",...],"white":[...],"turn":"black","captured":{"black":0,"white":0}}`,
//! plus `ply`, `move_limit` and `timed_out` when they are not the defaults.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::cell::{Cell, ROWS};
use super::position::{Abalone, Colour, EndReason, EJECTED_TO_WIN, MARBLES};

/// Marbles of each colour pushed off the board (the JSON `captured` object).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Captured {
    /// Black marbles ejected (White's score), `0..=6`.
    pub black: u32,
    /// White marbles ejected (Black's score), `0..=6`.
    pub white: u32,
}

/// An Abalone position as plain data, possibly impossible; [`Setup::into_position`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// Cells holding Black marbles.
    pub black: Vec<Cell>,
    /// Cells holding White marbles.
    pub white: Vec<Cell>,
    /// The side to move.
    pub turn: Colour,
    /// Marbles of each colour already pushed off.
    pub captured: Captured,
    /// Plies played so far, `0..=65535`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub ply: u32,
    /// Move limit in plies, `1..=65535`, if one is set.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub move_limit: Option<u32>,
    /// The side whose time ran out, if the game ended so.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub timed_out: Option<Colour>,
}

#[cfg(feature = "serde")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Why a setup (or its text) is not a valid Abalone position: every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid Abalone position: {}", .problems.join("; "))]
pub struct SetupError {
    /// One message per problem, each saying what and where.
    pub problems: Vec<String>,
}

impl SetupError {
    fn single(problem: String) -> SetupError {
        SetupError {
            problems: vec![problem],
        }
    }
}

impl Setup {
    /// The setup of a position; cell lists ascending.
    pub fn of(pos: &Abalone) -> Setup {
        Setup {
            black: pos.marbles(Colour::Black).iter().collect(),
            white: pos.marbles(Colour::White).iter().collect(),
            turn: pos.side_to_move(),
            captured: Captured {
                black: pos.lost(Colour::Black) as u32,
                white: pos.lost(Colour::White) as u32,
            },
            ply: pos.ply() as u32,
            move_limit: pos.move_limit().map(|l| l as u32),
            timed_out: match pos.end_reason() {
                Some(EndReason::TimeOut(c)) => Some(c),
                _ => None,
            },
        }
    }

    /// The neutral JSON position, only its four fields (`black`, `white`, `turn`,
    /// `captured`), as the canonical string of the reference data: keys sorted, no spaces,
    /// cell lists sorted. Sorting positions by this string gives the order of the `results`
    /// of the move corpora (`docs/abalone.md`, "JSON").
    ///
    /// ```
    /// use boardgames_core::Game;
    /// use boardgames_core::abalone::{Abalone, Setup};
    ///
    /// let setup: Setup = "5/6/7/8/4b4/8/7/6/4w w 0-2 ply=9".parse()?;
    /// assert_eq!(
    ///     setup.canonical_string(),
    ///     r#"{"black":["E5"],"captured":{"black":0,"white":2},"turn":"white","white":["A5"]}"#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical_string(&self) -> String {
        let list = |cells: &[Cell]| {
            let mut sorted = cells.to_vec();
            sorted.sort();
            sorted
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            r#"{{"black":[{}],"captured":{{"black":{},"white":{}}},"turn":"{}","white":[{}]}}"#,
            list(&self.black),
            self.captured.black,
            self.captured.white,
            self.turn.name(),
            list(&self.white)
        )
    }

    /// Checks the setup and builds the position, deriving whether and how the game ended.
    ///
    /// Checks: no cell is listed twice (in one list or both); each colour's marbles on the
    /// board plus those captured are at most 14; each captured count is at most 6 and not
    /// both are 6; a side that has ejected six is not to move (the game ended on its move);
    /// `ply` and `move_limit` fit in 1..=65535 (`ply` from 0) and `ply` does not pass the
    /// limit; a timed-out game did not also end otherwise.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn into_position(self) -> Result<Abalone, SetupError> {
        let mut problems = Vec::new();
        let mut sets = [Bitboard::EMPTY; 2];
        for colour in Colour::ALL {
            let list = match colour {
                Colour::Black => &self.black,
                Colour::White => &self.white,
            };
            for &c in list {
                if sets[0].contains(c) || sets[1].contains(c) {
                    problems.push(format!("{c} is listed twice"));
                }
                sets[colour as usize].insert(c);
            }
        }
        let captured = [self.captured.black, self.captured.white];
        let mut lost = [0u8; 2];
        for colour in Colour::ALL {
            let i = colour as usize;
            let on_board = sets[i].count();
            if captured[i] > EJECTED_TO_WIN as u32 {
                problems.push(format!(
                    "{} marbles captured: at most {EJECTED_TO_WIN} can be (the game ends at six)",
                    captured[i]
                ));
            }
            if on_board as u64 + u64::from(captured[i]) > MARBLES as u64 {
                problems.push(format!(
                    "{colour} has {on_board} marbles on the board and {} captured: more than {MARBLES}",
                    captured[i]
                ));
            }
            lost[i] = captured[i].min(u32::from(u8::MAX)) as u8;
        }
        let six = |c: Colour| captured[c as usize] >= EJECTED_TO_WIN as u32;
        if six(Colour::Black) && six(Colour::White) {
            problems.push("both sides have lost six marbles".to_owned());
        } else if six(self.turn.other()) {
            problems.push(format!(
                "{} has ejected six marbles but is to move: the game ended on its last move",
                self.turn
            ));
        }
        let ply = u16::try_from(self.ply).unwrap_or_else(|_| {
            problems.push(format!("ply {} is out of range (at most 65535)", self.ply));
            0
        });
        let limit = match self.move_limit {
            None => 0,
            Some(l) => match u16::try_from(l) {
                Ok(l @ 1..) => {
                    if ply > l {
                        problems.push(format!("ply {ply} is past the move limit {l}"));
                    }
                    l
                }
                _ => {
                    problems.push(format!("move limit {l} is out of range (1..=65535)"));
                    0
                }
            },
        };
        let mut end = None;
        if six(self.turn) {
            end = Some(EndReason::SixEjected);
        } else if limit > 0 && ply >= limit {
            end = Some(EndReason::MoveLimit);
        }
        if let Some(c) = self.timed_out {
            match end {
                Some(EndReason::SixEjected) => problems.push(format!(
                    "{c} timed out, but the game had ended with six ejected"
                )),
                Some(_) => problems.push(format!(
                    "{c} timed out, but the game had ended at the move limit"
                )),
                None => end = Some(EndReason::TimeOut(c)),
            }
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        Ok(Abalone::from_parts(sets, lost, self.turn, ply, limit, end))
    }
}

/// Row lengths from row I (top) down to row A.
fn row_cells(row: usize) -> impl Iterator<Item = Cell> {
    (1..=9).filter_map(move |n| Cell::new(row, n))
}

impl fmt::Display for Setup {
    /// The position string described in the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = [None; 90];
        for (list, colour) in [(&self.black, Colour::Black), (&self.white, Colour::White)] {
            for c in list {
                board[c.index()] = Some(colour);
            }
        }
        for row in (0..ROWS).rev() {
            let mut empty = 0;
            for cell in row_cells(row) {
                match board[cell.index()] {
                    None => empty += 1,
                    Some(colour) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", colour.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {}-{}",
            self.turn.letter(),
            self.captured.black,
            self.captured.white
        )?;
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        if let Some(limit) = self.move_limit {
            write!(f, " limit={limit}")?;
        }
        if let Some(c) = self.timed_out {
            write!(f, " timeout={}", c.letter())?;
        }
        Ok(())
    }
}

fn parse_colour(field: &str, text: &str) -> Result<Colour, SetupError> {
    match text {
        "b" | "B" | "black" => Ok(Colour::Black),
        "w" | "W" | "white" => Ok(Colour::White),
        _ => Err(SetupError::single(format!(
            "{field}: {text:?} is not a side (b or w)"
        ))),
    }
}

fn parse_number(field: &str, text: &str) -> Result<u32, SetupError> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SetupError::single(format!(
            "{field}: {text:?} is not a number"
        )));
    }
    text.parse()
        .map_err(|_| SetupError::single(format!("{field}: {text:?} is not a number")))
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Parses the position string described in the module docs.
    ///
    /// # Errors
    /// [`SetupError`] naming the field (and the row and character for the board) that is
    /// wrong.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(SetupError::single(format!(
                "expected at least 3 fields (board, turn, captured), found {}",
                fields.len()
            )));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != ROWS {
            return Err(SetupError::single(format!(
                "field 1: the board has {} rows, expected 9 (I down to A)",
                rows.len()
            )));
        }
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (i, text) in rows.iter().enumerate() {
            let row = ROWS - 1 - i;
            let letter = (b'A' + row as u8) as char;
            let cells: Vec<Cell> = row_cells(row).collect();
            let mut at = 0usize;
            for (pos, ch) in text.chars().enumerate() {
                let too_long = || {
                    SetupError::single(format!(
                        "field 1: row {letter} is longer than its {} cells (at character {})",
                        cells.len(),
                        pos + 1
                    ))
                };
                match ch {
                    'b' | 'B' | 'w' | 'W' => {
                        let cell = *cells.get(at).ok_or_else(too_long)?;
                        if ch.eq_ignore_ascii_case(&'b') {
                            black.push(cell);
                        } else {
                            white.push(cell);
                        }
                        at += 1;
                    }
                    '1'..='9' => {
                        at += ch as usize - '0' as usize;
                        if at > cells.len() {
                            return Err(too_long());
                        }
                    }
                    other => {
                        return Err(SetupError::single(format!(
                            "field 1: row {letter}, character {}: {other:?} is not b, w or a count 1..9",
                            pos + 1
                        )))
                    }
                }
            }
            if at != cells.len() {
                return Err(SetupError::single(format!(
                    "field 1: row {letter} covers {at} cells, expected {}",
                    cells.len()
                )));
            }
        }
        let turn = parse_colour("field 2 (turn)", fields[1])?;
        let Some((cb, cw)) = fields[2].split_once('-') else {
            return Err(SetupError::single(format!(
                "field 3: captured {:?} should be two counts like 0-2",
                fields[2]
            )));
        };
        let captured = Captured {
            black: parse_number("field 3 (captured black)", cb)?,
            white: parse_number("field 3 (captured white)", cw)?,
        };
        let mut setup = Setup {
            black,
            white,
            turn,
            captured,
            ply: 0,
            move_limit: None,
            timed_out: None,
        };
        for (i, field) in fields.iter().enumerate().skip(3) {
            let name = format!("field {}", i + 1);
            match field.split_once('=') {
                Some(("ply", v)) => setup.ply = parse_number(&name, v)?,
                Some(("limit", v)) => setup.move_limit = Some(parse_number(&name, v)?),
                Some(("timeout", v)) => setup.timed_out = Some(parse_colour(&name, v)?),
                _ => {
                    return Err(SetupError::single(format!(
                        "{name}: {field:?} is not ply=N, limit=N or timeout=b|w"
                    )))
                }
            }
        }
        Ok(setup)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Abalone {
    /// Serialises as its [`Setup`]: the neutral JSON position.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::of(self).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Abalone {
    /// Reads a [`Setup`] and checks it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Setup::deserialize(d)?
            .into_position()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abalone::Layout;
    use crate::Game;

    #[test]
    fn the_standard_layout_string() {
        let pos = Abalone::new(Layout::Standard);
        let text = pos.to_setup().to_string();
        assert_eq!(text, "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0");
        assert_eq!(Abalone::from_text(&text), Ok(pos));
    }

    #[test]
    fn every_problem_is_listed() {
        let setup = Setup {
            black: vec!["A1".parse().unwrap(), "A1".parse().unwrap()],
            white: vec!["A1".parse().unwrap()],
            turn: Colour::White,
            captured: Captured { black: 7, white: 6 },
            ply: 70_000,
            move_limit: Some(0),
            timed_out: None,
        };
        let err = setup.into_position().unwrap_err();
        // A1 twice (twice), 7 > 6, both six, ply, limit.
        assert_eq!(err.problems.len(), 6, "{err}");
    }

    #[test]
    fn bad_strings_name_the_field() {
        for (text, needle) in [
            ("", "at least 3 fields"),
            ("5/6/7/8/9/8/7/6 b 0-0", "8 rows, expected 9"),
            ("5/6/7/8/9/8/7/6/6 b 0-0", "row A"),
            ("5/6/7/8/9/8/7/6/4 b 0-0", "covers 4"),
            ("5/6/7/8/9/8/7/6/4x b 0-0", "'x'"),
            ("5/6/7/8/9/8/7/6/5 x 0-0", "field 2"),
            ("5/6/7/8/9/8/7/6/5 b 00", "field 3"),
            ("5/6/7/8/9/8/7/6/5 b 0--1", "field 3"),
            ("5/6/7/8/9/8/7/6/5 b 0-0 foo", "field 4"),
            ("5/6/7/8/9/8/7/6/5 b 0-0 ply=x", "field 4"),
        ] {
            let err = text.parse::<Setup>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }
}
