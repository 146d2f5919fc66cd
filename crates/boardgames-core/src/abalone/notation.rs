//! Aba-Pro move notation, parsed without a position.
//!
//! * In-line move (every 1-marble move): `<trailing marble><its destination>`, `a1b2`. The
//!   number of marbles is not written: all own marbles in a row ahead of the trailing one
//!   move (and push what they can), so it follows from the position.
//! * Broadside move, 2 or 3 marbles: `<extremity 1><extremity 2><destination of extremity
//!   1>`, `c3c5d4`. Both spellings are accepted (`c5c3d6` is the same move); the canonical
//!   one, printed by `Display`, puts the smaller cell (row letter first, then number) first.
//!
//! Either case is accepted; moves print in lower case. Source:
//! `crates/boardgames-core/tests/data/abalone/reference-data.md`, section 2 (Aba-Pro records, jeux-abstraits.fr,
//! Wikipedia "Abalone (board game)", *Move notation*).

use core::fmt;
use core::str::FromStr;

use super::cell::{Cell, CellError};
use super::moves::Move;

/// A move as written in Aba-Pro notation, checked for shape but not against a position.
///
/// Resolve it with [`Game::resolve`](crate::Game::resolve) to get a [`Move`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `a1b2`: the trailing marble and the cell it moves to (a neighbour).
    InLine {
        /// The trailing marble.
        trailing: Cell,
        /// Where it moves: a neighbour, which gives the direction.
        to: Cell,
    },
    /// `c3c5d4`: a broadside move, canonical: `first < last`.
    Broadside {
        /// The smaller extremity of the line.
        first: Cell,
        /// The other extremity, 1 or 2 cells from `first` along a line.
        last: Cell,
        /// The destination of `first`: a neighbour off the line's axis.
        to: Cell,
    },
}

/// Why a text is not Aba-Pro move notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not 4 (in-line) or 6 (broadside) characters long.
    #[error(
        "{0:?} is not a move: expected 4 characters (in-line, like a1b2) or 6 (broadside, like c3c5d4)"
    )]
    Length(String),
    /// A cell name inside the text is wrong.
    #[error("in move {text:?}, characters {at}..{}: {error}", at + 2)]
    Cell {
        /// The whole move text.
        text: String,
        /// Where the cell name starts (1-based character position).
        at: usize,
        /// What is wrong with it.
        #[source]
        error: CellError,
    },
    /// The destination is not next to the marble that moves there.
    #[error("in move {0:?}: {2} is not a neighbour of {1}")]
    NotAdjacent(String, Cell, Cell),
    /// The two extremities of a broadside move are not 1 or 2 cells apart on one line.
    #[error("in move {0:?}: {1} and {2} are not the ends of a line of 2 or 3 cells")]
    NotALine(String, Cell, Cell),
    /// A broadside move's destination lies on the line's own axis (that is an in-line move).
    #[error("in move {0:?}: a broadside move must leave the line {1}-{2}; write in-line moves with 4 characters")]
    AlongAxis(String, Cell, Cell),
    /// A broadside move that would put one of the line's marbles off the board.
    #[error("in move {0:?}: {1} would leave the board")]
    LeavesBoard(String, Cell),
}

impl Notation {
    /// The canonical notation of a move.
    #[must_use]
    pub fn of(mv: Move) -> Notation {
        let tail = mv.tail();
        let step = |c: Cell, d| c.step(d).unwrap_or(c);
        if mv.is_broadside() {
            let last = tail.steps(mv.axis(), mv.marbles() - 1).unwrap_or(tail);
            Notation::Broadside {
                first: tail,
                last,
                to: step(tail, mv.direction()),
            }
        } else {
            Notation::InLine {
                trailing: tail,
                to: step(tail, mv.direction()),
            }
        }
    }
}

impl fmt::Display for Notation {
    /// Canonical lower-case notation: `a1b2`, `c3c5d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Notation::InLine { trailing, to } => write!(f, "{}{}", trailing.lower(), to.lower()),
            Notation::Broadside { first, last, to } => {
                write!(f, "{}{}{}", first.lower(), last.lower(), to.lower())
            }
        }
    }
}

impl FromStr for Notation {
    type Err = NotationError;

    /// Parses `a1b2` (in-line) or `c3c5d4` / `c5c3d6` (broadside), either case, surrounding
    /// spaces ignored; checks that destinations are neighbours and broadside lines are lines.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 4 && chars.len() != 6 {
            return Err(NotationError::Length(text.to_owned()));
        }
        let cell = |i: usize| -> Result<Cell, NotationError> {
            let name: String = chars[i..i + 2].iter().collect();
            name.parse().map_err(|error| NotationError::Cell {
                text: text.to_owned(),
                at: i + 1,
                error,
            })
        };
        let a = cell(0)?;
        let b = cell(2)?;
        if chars.len() == 4 {
            return match a.line_to(b) {
                Some((_, 1)) => Ok(Notation::InLine { trailing: a, to: b }),
                _ => Err(NotationError::NotAdjacent(text.to_owned(), a, b)),
            };
        }
        let to = cell(4)?;
        let Some((axis, 1..=2)) = a.line_to(b) else {
            return Err(NotationError::NotALine(text.to_owned(), a, b));
        };
        let Some((dir, 1)) = a.line_to(to) else {
            return Err(NotationError::NotAdjacent(text.to_owned(), a, to));
        };
        if dir == axis || dir == axis.opposite() {
            return Err(NotationError::AlongAxis(text.to_owned(), a, b));
        }
        let (first, last) = if a < b { (a, b) } else { (b, a) };
        match first.step(dir) {
            Some(to) => Ok(Notation::Broadside { first, last, to }),
            None => Err(NotationError::LeavesBoard(text.to_owned(), first)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_broadside_spellings_give_the_canonical_form() {
        let a: Notation = "c3c5d4".parse().unwrap();
        let b: Notation = "C5C3D6".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(b.to_string(), "c3c5d4");
        assert_eq!("e4e5d3".parse::<Notation>().unwrap().to_string(), "e4e5d3");
        assert_eq!(" A1B2 ".parse::<Notation>().unwrap().to_string(), "a1b2");
    }

    #[test]
    fn malformed_text_is_refused_with_a_reason() {
        for bad in [
            "", "a1", "a1b", "a1c3", "a1a1", "a0b2", "j1b2", "a1b2c", "c3c5c6", "c3e5d4", "c3c4c4",
            "a6b2", "c3c5e6", "é1b2",
        ] {
            assert!(bad.parse::<Notation>().is_err(), "{bad:?}");
        }
        let err = "a1z2".parse::<Notation>().unwrap_err().to_string();
        assert!(err.contains("characters 3..5"), "{err}");
    }
}
