//! Pente setups: a plain description of a position, its text form, and the checks that turn
//! it into a [`Pente`] position.
//!
//! # Text form
//!
//! Five fields separated by spaces:
//!
//! ```text
//! <variant> <rule> <ply> <captures> <board>
//! keryo-pente tournament 5 2-0 19/19/19/19/19/19/19/19/19/9x1o8/19/...
//! ```
//!
//! * variant: `pente` or `keryo-pente`;
//! * rule: `tournament` (the tournament rule applies) or `free`;
//! * ply: stones placed so far, which also says whose turn it is (even: player 1);
//! * captures: opponent stones captured by player 1, `-`, by player 2;
//! * board: 19 rows from row 19 (top) down to row 1, separated by `/`; in a row, from column
//!   A to T, `x` is a stone of player 1, `o` of player 2, and a number 1..19 that many empty
//!   points. Each row covers exactly 19 points.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::error::{SetupError, SetupProblem, SyntaxProblem};
use super::point::{Point, SIZE};
use super::position::{EndReason, Pente, Variant};
use crate::game::Seat;

/// A Pente position as plain data, possibly impossible; [`Setup::into_position`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The ruleset.
    pub variant: Variant,
    /// Whether the tournament rule applies.
    pub tournament_rule: bool,
    /// Stones placed so far (plies played), `0..=65535`.
    pub ply: u32,
    /// Opponent stones captured: `[by player 1, by player 2]`.
    pub captures: [u32; 2],
    /// Points holding player 1's stones.
    pub player1: Vec<Point>,
    /// Points holding player 2's stones.
    pub player2: Vec<Point>,
}

impl Setup {
    /// The setup of a position.
    pub fn of(pos: &Pente) -> Setup {
        Setup {
            variant: pos.variant(),
            tournament_rule: pos.tournament_rule(),
            ply: pos.ply() as u32,
            captures: pos.captures().map(u32::from),
            player1: pos.stones(Seat(0)).iter().collect(),
            player2: pos.stones(Seat(1)).iter().collect(),
        }
    }

    /// Checks the setup and builds the position, deriving whether and how the game ended.
    ///
    /// Checks: no point holds two stones; `ply <= 65535`; each player's stones on the board
    /// plus those the opponent captured equal the stones that player placed (player 1 places
    /// on odd plies); capture counts are sums of captured runs (even in Pente, never 1 in
    /// Keryo-Pente); the player to move has no five and is below the capture threshold (the
    /// game would have ended on their last move).
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn into_position(self) -> Result<Pente, SetupError> {
        let mut problems = Vec::new();
        let mut stones = [Bitboard::EMPTY; 2];
        for (seat, list) in [&self.player1, &self.player2].into_iter().enumerate() {
            for &p in list {
                if stones[0].contains(p) || stones[1].contains(p) {
                    problems.push(SetupProblem::ListedTwice(p));
                }
                stones[seat].insert(p);
            }
        }
        let ply = match u16::try_from(self.ply) {
            Ok(ply) => ply,
            Err(_) => {
                problems.push(SetupProblem::Ply { ply: self.ply });
                0
            }
        };
        let placed = [u32::from(ply).div_ceil(2), u32::from(ply) / 2];
        let mut captures = [0u16; 2];
        for seat in 0..2 {
            let on_board = stones[seat].count() as u32;
            let lost = self.captures[seat ^ 1];
            if u64::from(on_board) + u64::from(lost) != u64::from(placed[seat]) {
                problems.push(SetupProblem::StoneCount {
                    player: Seat(seat as u8),
                    on_board,
                    lost,
                    placed: placed[seat],
                    ply,
                });
            }
            let c = self.captures[seat];
            let possible = match self.variant {
                Variant::Pente => c.is_multiple_of(2),
                Variant::KeryoPente => c != 1,
            };
            if !possible {
                problems.push(SetupProblem::ImpossibleCaptures {
                    player: Seat(seat as u8),
                    captures: c,
                    variant: self.variant,
                });
            }
            captures[seat] = u16::try_from(c).unwrap_or(u16::MAX);
        }
        let probe = Pente::from_parts(
            self.variant,
            self.tournament_rule,
            ply,
            captures,
            stones,
            None,
        );
        let mover = usize::from(ply % 2);
        let last = mover ^ 1;
        let threshold = self.variant.captures_to_win();
        if probe.has_five_anywhere(mover) {
            problems.push(SetupProblem::FiveToMove {
                player: Seat(mover as u8),
            });
        }
        if captures[mover] >= threshold {
            problems.push(SetupProblem::CapturesToMove {
                player: Seat(mover as u8),
                captures: captures[mover],
            });
        }
        if !problems.is_empty() {
            return Err(SetupError::new(problems));
        }
        let five = ply > 0 && probe.has_five_anywhere(last);
        let by_captures = captures[last] >= threshold;
        let end = match (five, by_captures) {
            (true, true) => Some(EndReason::FiveAndCaptures),
            (true, false) => Some(EndReason::Five),
            (false, true) => Some(EndReason::Captures),
            (false, false) if probe.empty_points().is_empty() => Some(EndReason::BoardFull),
            (false, false) => None,
        };
        Ok(Pente::from_parts(
            self.variant,
            self.tournament_rule,
            ply,
            captures,
            stones,
            end,
        ))
    }
}

impl fmt::Display for Setup {
    /// The text form described in the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cells = [[b'.'; SIZE]; SIZE];
        for (list, c) in [(&self.player1, b'x'), (&self.player2, b'o')] {
            for p in list {
                cells[p.row()][p.col()] = c;
            }
        }
        write!(
            f,
            "{} {} {} {}-{} ",
            self.variant,
            if self.tournament_rule {
                "tournament"
            } else {
                "free"
            },
            self.ply,
            self.captures[0],
            self.captures[1]
        )?;
        for row in (0..SIZE).rev() {
            let mut empty = 0;
            for &c in &cells[row] {
                if c == b'.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{}", c as char)?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Parses the text form described in the module docs.
    ///
    /// # Errors
    /// [`SetupError`] naming the field (and the row and column for the board) that is wrong.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [variant, rule, ply, captures, board] = fields[..] else {
            return Err(SyntaxProblem::FieldCount {
                found: fields.len(),
            }
            .into());
        };
        let variant: Variant = variant.parse()?;
        let tournament_rule = match rule {
            "tournament" => true,
            "free" => false,
            other => {
                return Err(SyntaxProblem::Rule {
                    text: other.to_owned(),
                }
                .into())
            }
        };
        let ply: u32 = ply.parse().map_err(|_| SyntaxProblem::Ply {
            text: ply.to_owned(),
        })?;
        let parse_count = |t: &str| {
            t.parse::<u32>()
                .map_err(|_| SyntaxProblem::CaptureCount { text: t.to_owned() })
        };
        let Some((c1, c2)) = captures.split_once('-') else {
            return Err(SyntaxProblem::Captures {
                text: captures.to_owned(),
            }
            .into());
        };
        let captures = [parse_count(c1)?, parse_count(c2)?];

        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != SIZE {
            return Err(SyntaxProblem::Rows { found: rows.len() }.into());
        }
        let (mut player1, mut player2) = (Vec::new(), Vec::new());
        for (i, text) in rows.iter().enumerate() {
            let row = SIZE - 1 - i;
            let mut col = 0usize;
            let mut chars = text.char_indices().peekable();
            while let Some((at, c)) = chars.next() {
                let place = |list: &mut Vec<Point>, col: usize| match Point::new(col, row) {
                    Some(p) => {
                        list.push(p);
                        Ok(())
                    }
                    None => Err(SyntaxProblem::RowTooLong {
                        row: row + 1,
                        at: at + 1,
                    }),
                };
                match c {
                    'x' | 'X' => place(&mut player1, col)?,
                    'o' | 'O' => place(&mut player2, col)?,
                    '1'..='9' => {
                        // The whole run of digits, however long (saturating).
                        let mut n = c as usize - '0' as usize;
                        while let Some(&(_, d @ '0'..='9')) = chars.peek() {
                            n = n
                                .saturating_mul(10)
                                .saturating_add(d as usize - '0' as usize);
                            chars.next();
                        }
                        col = col.saturating_add(n);
                        continue;
                    }
                    other => {
                        return Err(SyntaxProblem::Character {
                            row: row + 1,
                            at: at + 1,
                            found: other,
                        }
                        .into())
                    }
                }
                col += 1;
            }
            if col != SIZE {
                return Err(SyntaxProblem::RowLength {
                    row: row + 1,
                    covers: col,
                }
                .into());
            }
        }
        Ok(Setup {
            variant,
            tournament_rule,
            ply,
            captures,
            player1,
            player2,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Pente {
    /// Serialises as its [`Setup`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::of(self).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pente {
    /// Reads a [`Setup`] and checks it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Setup::deserialize(d)?
            .into_position()
            .map_err(serde::de::Error::custom)
    }
}
