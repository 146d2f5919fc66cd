//! The plain description of a position (the neutral format), the checks that turn it into a
//! [`Backgammon`], and its text form (an XGID).
//!
//! The neutral format is the reference data's: `board[i]` is point `i + 1` in X's numbering,
//! positive for X's checkers and negative for O's; `bar` and `off` are `[X, O]`; `turn` is
//! `"x"` or `"o"`; `dice` (optional) the roll, order irrelevant; `cube` (optional, this
//! crate's addition) the cube value, default 1.

use core::fmt;
use core::str::FromStr;

use super::board::{Board, Side, BAR, OFF};
use super::dice::Dice;
use super::error::{SetupError, SetupProblem, SyntaxProblem};
use super::position::Backgammon;
use super::session::{Xgid, XgidDice};

/// A backgammon position as plain data, possibly impossible; [`Setup::into_position`] checks
/// it. With the `serde` feature it reads and writes the neutral JSON format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Point `i + 1` of X's numbering: `> 0` X's checkers, `< 0` O's.
    pub board: [i8; 24],
    /// Checkers on the bar, `[X, O]`.
    pub bar: [u8; 2],
    /// Checkers borne off, `[X, O]`.
    pub off: [u8; 2],
    /// The side on roll.
    pub turn: Side,
    /// The roll, if rolled: two numbers `1..=6`, any order.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub dice: Option<[u8; 2]>,
    /// The cube value, a power of two; absent = 1.
    #[cfg_attr(
        feature = "serde",
        serde(default = "one", skip_serializing_if = "is_one")
    )]
    pub cube: u16,
}

#[cfg(feature = "serde")]
fn one() -> u16 {
    1
}

#[cfg(feature = "serde")]
fn is_one(v: &u16) -> bool {
    *v == 1
}

impl Setup {
    /// The setup of a position.
    #[must_use]
    pub fn of(pos: &Backgammon) -> Setup {
        let b = pos.board();
        let mut board = [0i8; 24];
        for (i, v) in board.iter_mut().enumerate() {
            let x = b.count(Side::X, i + 1) as i8;
            let o = b.count(Side::O, 24 - i) as i8;
            *v = x - o;
        }
        Setup {
            board,
            bar: [b.bar(Side::X), b.bar(Side::O)],
            off: [b.off(Side::X), b.off(Side::O)],
            turn: pos.side(),
            dice: pos.dice().map(|d| [d.high(), d.low()]),
            cube: pos.cube_value(),
        }
    }

    /// The board this setup describes, without checking totals.
    ///
    /// # Errors
    /// [`SetupError`] when a count does not fit (more than 15 on a point, bar or off).
    pub fn to_board(&self) -> Result<Board, SetupError> {
        let mut problems = Vec::new();
        let mut board = Board::EMPTY;
        for (i, &v) in self.board.iter().enumerate() {
            if v.unsigned_abs() > 15 {
                problems.push(SetupProblem::PointCount {
                    point: i as u8 + 1,
                    count: v,
                });
            } else if v > 0 {
                board.set_count(Side::X, i + 1, v as u8);
            } else if v < 0 {
                board.set_count(Side::O, 24 - i, v.unsigned_abs());
            }
        }
        for side in Side::BOTH {
            let (bar, off) = (self.bar[side.index()], self.off[side.index()]);
            if bar > 15 {
                problems.push(SetupProblem::BarCount { side, count: bar });
            }
            if off > 15 {
                problems.push(SetupProblem::OffCount { side, count: off });
            }
            board.set_count(side, BAR, bar);
            board.set_count(side, OFF, off);
        }
        if problems.is_empty() {
            Ok(board)
        } else {
            Err(SetupError::new(problems))
        }
    }

    /// Checks the setup and builds the position.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem: counts, 15 checkers a side, dice outside 1-6,
    /// a cube value that is not a power of two.
    pub fn into_position(self) -> Result<Backgammon, SetupError> {
        let mut problems = Vec::new();
        let board = match self.to_board() {
            Ok(b) => {
                problems.extend(b.problems());
                b
            }
            Err(e) => {
                problems.extend(e.into_problems());
                Board::EMPTY
            }
        };
        let dice = match self.dice {
            None => None,
            Some([a, b]) => {
                let d = Dice::new(a, b);
                if d.is_err() {
                    problems.push(SetupProblem::Dice { dice: [a, b] });
                }
                d.ok()
            }
        };
        if !self.cube.is_power_of_two() {
            problems.push(SetupProblem::Cube { value: self.cube });
        }
        if !problems.is_empty() {
            return Err(SetupError::new(problems));
        }
        Backgammon::from_parts(board, self.turn, dice, self.cube)
    }

    /// The XGID of this setup: money play, score 0-0, the cube's value with the cube
    /// centred, the dice if rolled (else `00`), the highest cube 2^10 (or the cube's value,
    /// when higher).
    ///
    /// # Errors
    /// [`SetupError`] when the counts do not fit a board.
    pub fn to_xgid(&self) -> Result<Xgid, SetupError> {
        let board = self.to_board()?;
        let dice = match self.dice.and_then(|[a, b]| Dice::new(a, b).ok()) {
            Some(d) => XgidDice::Rolled(d),
            None => XgidDice::ToRoll,
        };
        let mut x = Xgid::money(board, self.turn, dice);
        x.cube_log2 = self.cube.max(1).trailing_zeros() as u8;
        // XG's highest cube is 2^10 unless the cube is higher already.
        x.max_cube_log2 = x.max_cube_log2.max(x.cube_log2);
        Ok(x)
    }

    /// The setup of an XGID (its match fields other than the cube value are dropped).
    #[must_use]
    pub fn from_xgid(x: &Xgid) -> Setup {
        let mut pos = Backgammon::new();
        // The XGID's board is valid (checked when parsed).
        if let Ok(p) = Backgammon::from_parts(x.board, x.turn, None, 1 << x.cube_log2.min(15)) {
            pos = p;
        }
        let mut s = Setup::of(&pos);
        if let XgidDice::Rolled(d) = x.dice {
            s.dice = Some([d.high(), d.low()]);
        }
        s
    }
}

impl fmt::Display for Setup {
    /// The XGID (see [`Xgid`](super::Xgid)); a setup whose counts do not fit prints as `invalid`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_xgid() {
            Ok(x) => write!(f, "{x}"),
            Err(e) => write!(f, "invalid ({e})"),
        }
    }
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Reads an XGID, or (with the `serde` feature) the neutral JSON object.
    fn from_str(s: &str) -> Result<Setup, SetupError> {
        let t = s.trim();
        if t.starts_with('{') {
            #[cfg(feature = "serde")]
            {
                return serde_json::from_str(t).map_err(|e| {
                    SyntaxProblem::Json {
                        message: e.to_string(),
                    }
                    .into()
                });
            }
            #[cfg(not(feature = "serde"))]
            return Err(SyntaxProblem::JsonUnsupported.into());
        }
        let x: Xgid = t.parse()?;
        Ok(Setup::from_xgid(&x))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Backgammon {
    /// The neutral JSON object of the position.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::of(self).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Backgammon {
    /// Reads the neutral JSON object and checks it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let setup = Setup::deserialize(d)?;
        setup.into_position().map_err(serde::de::Error::custom)
    }
}
