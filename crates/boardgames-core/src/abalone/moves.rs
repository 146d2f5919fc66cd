//! Abalone moves: a line of 1 to 3 own marbles shifted one cell, in-line or broadside.

use core::fmt;

use super::cell::{Cell, Direction};
use super::notation::Notation;

/// A move: 1, 2 or 3 own marbles in a straight contiguous line, each shifted one cell in
/// the same direction.
///
/// * **In-line** (every 1-marble move is in-line): the line moves along its own axis. The
///   *tail* is the trailing marble; the front marble moves to the cell ahead. `pushed`
///   (0, 1 or 2, fewer than the marbles moving) opponent marbles in contact ahead are pushed
///   one cell (sumito); one pushed off the board is ejected.
/// * **Broadside** (side-step), 2 or 3 marbles: the line lies along a positive axis
///   (`E`, `NE`, `NW`) from its *tail*, the smallest cell, and every marble moves in one of
///   the four other directions into an empty cell. It never pushes.
///
/// A move carries how many marbles move and push, so that it is played without looking
/// around; it is legal in a position only if those counts are what the position gives
/// ([`Game::is_legal`](crate::Game::is_legal)). Four bytes. Printed in canonical
/// Aba-Pro notation (`a1b2`, `c3c5d4`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u32);

/// Bit layout of a [`Move`]: tail cell index (bits 0-7), direction (8-15), the line's axis
/// (16-23; equal to the direction for in-line moves, a positive axis for broadside) and the
/// shape: marbles moving (bits 24-25, 1..=3) and opponent marbles pushed (26-27, 0..=2).
const DIR_SHIFT: u32 = 8;
const AXIS_SHIFT: u32 = 16;
const SHAPE_SHIFT: u32 = 24;

impl Move {
    /// An in-line move of `marbles` (1..=3) own marbles with trailing marble `tail`, moving in
    /// `dir` and pushing `pushed` (`0..marbles`, at most 2) opponent marbles.
    ///
    /// `None` when the counts are out of range or the moving and pushed marbles would not all
    /// stand on the board.
    #[must_use]
    pub fn in_line(tail: Cell, dir: Direction, marbles: usize, pushed: usize) -> Option<Move> {
        if !(1..=3).contains(&marbles) || pushed >= marbles || pushed > 2 {
            return None;
        }
        tail.steps(dir, marbles + pushed - 1)?;
        Some(Move::raw(tail, dir, dir, (marbles | pushed << 2) as u8))
    }

    /// A broadside move of the `marbles` (2 or 3) own marbles `tail`, `tail + axis`, ...,
    /// each moving one cell in `dir`.
    ///
    /// `None` when `axis` is not a positive axis (`E`, `NE`, `NW`), `dir` is parallel to it,
    /// `marbles` is not 2 or 3, or the line leaves the board.
    #[must_use]
    pub fn broadside(tail: Cell, axis: Direction, marbles: usize, dir: Direction) -> Option<Move> {
        if !axis.is_axis() || dir == axis || dir == axis.opposite() || !(2..=3).contains(&marbles) {
            return None;
        }
        tail.steps(axis, marbles - 1)?;
        Some(Move::raw(tail, dir, axis, marbles as u8))
    }

    /// Builds a move without checks (the generator and the constructors know the shape).
    #[inline(always)]
    pub(super) const fn raw(tail: Cell, dir: Direction, axis: Direction, shape: u8) -> Move {
        Move(Move::base(dir, axis, shape) | tail.index() as u32)
    }

    /// The bits of a move of a generator group, without its tail.
    #[inline(always)]
    pub(super) const fn base(dir: Direction, axis: Direction, shape: u8) -> u32 {
        (dir as u32) << DIR_SHIFT | (axis as u32) << AXIS_SHIFT | (shape as u32) << SHAPE_SHIFT
    }

    /// The move of a generator group (bits from [`Move::base`]) with tail bit `index`.
    #[inline(always)]
    pub(super) const fn from_base(base: u32, index: u32) -> Move {
        Move(base | index)
    }

    /// The trailing marble (in-line) or the smallest marble of the line (broadside).
    #[inline]
    #[must_use]
    pub const fn tail(self) -> Cell {
        Cell::from_bit(self.0 & 0xff)
    }

    /// The direction every moving marble goes.
    #[inline]
    #[must_use]
    pub const fn direction(self) -> Direction {
        Direction::from_index((self.0 >> DIR_SHIFT & 0xff) as usize)
    }

    /// How many own marbles move, 1..=3.
    #[inline]
    #[must_use]
    pub const fn marbles(self) -> usize {
        (self.0 >> SHAPE_SHIFT & 3) as usize
    }

    /// How many opponent marbles are pushed, 0..=2 (always 0 for broadside moves).
    #[inline]
    #[must_use]
    pub const fn pushed(self) -> usize {
        (self.0 >> (SHAPE_SHIFT + 2) & 3) as usize
    }

    /// Whether this is a broadside (side-step) move.
    #[inline]
    #[must_use]
    pub const fn is_broadside(self) -> bool {
        (self.0 >> DIR_SHIFT & 0xff) != (self.0 >> AXIS_SHIFT & 0xff)
    }

    /// The positive axis along which the line extends from its tail: the direction of motion
    /// for in-line moves.
    #[inline]
    #[must_use]
    pub const fn axis(self) -> Direction {
        Direction::from_index((self.0 >> AXIS_SHIFT & 0xff) as usize)
    }

    /// Whether a marble is pushed off the board (ejected) by this move.
    #[must_use]
    pub fn ejects(self) -> bool {
        self.pushed() > 0
            && self
                .tail()
                .steps(self.direction(), self.marbles() + self.pushed())
                .is_none()
    }

    /// The cells of the moving marbles, from the tail along the axis.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.marbles()).filter_map(move |k| self.tail().steps(self.axis(), k))
    }

    /// The canonical notation of the move.
    #[must_use]
    pub fn notation(self) -> Notation {
        Notation::of(self)
    }
}

impl fmt::Display for Move {
    /// Canonical Aba-Pro notation, lower case: `a1b2`, `c3c5d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.notation(), f)
    }
}

impl fmt::Debug for Move {
    /// The notation with the counts: `a1b2(3)`, `e2e3(3:2)`, `c3c5d4(2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({}", self, self.marbles())?;
        if self.pushed() > 0 {
            write!(f, ":{}", self.pushed())?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRepr {
    notation: String,
    marbles: usize,
    #[serde(default)]
    pushed: usize,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    /// `{"notation":"a1b2","marbles":3,"pushed":0}`: the canonical notation with the counts
    /// that notation leaves to the position.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MoveRepr {
            notation: self.to_string(),
            marbles: self.marbles(),
            pushed: self.pushed(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    /// Reads the form written by `Serialize`; any notation spelling is accepted, the counts
    /// must fit it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let repr = MoveRepr::deserialize(d)?;
        let notation: Notation = repr.notation.parse().map_err(D::Error::custom)?;
        let mv = match notation {
            Notation::InLine { trailing, to } => trailing
                .line_to(to)
                .and_then(|(dir, _)| Move::in_line(trailing, dir, repr.marbles, repr.pushed)),
            Notation::Broadside { .. } if repr.pushed != 0 => None,
            Notation::Broadside { first, last, to } => first
                .line_to(last)
                .zip(first.line_to(to))
                .and_then(|((axis, len), (dir, _))| {
                    (len + 1 == repr.marbles)
                        .then(|| Move::broadside(first, axis, repr.marbles, dir))
                        .flatten()
                }),
        };
        mv.ok_or_else(|| {
            D::Error::custom(format!(
                "move {}: {} marbles pushing {} do not fit the notation",
                repr.notation, repr.marbles, repr.pushed
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn a_move_is_four_bytes() {
        assert_eq!(core::mem::size_of::<Move>(), 4);
    }

    #[test]
    fn constructors_refuse_bad_shapes() {
        assert!(Move::in_line(c("A1"), Direction::NE, 3, 0).is_some());
        assert!(Move::in_line(c("A1"), Direction::NE, 3, 3).is_none());
        assert!(Move::in_line(c("A1"), Direction::NE, 4, 0).is_none());
        assert!(Move::in_line(c("A1"), Direction::NE, 2, 2).is_none());
        assert!(Move::in_line(c("A1"), Direction::W, 2, 0).is_none());
        assert!(Move::broadside(c("C3"), Direction::E, 3, Direction::NE).is_some());
        assert!(Move::broadside(c("C3"), Direction::E, 3, Direction::W).is_none());
        assert!(Move::broadside(c("C3"), Direction::W, 3, Direction::NE).is_none());
        assert!(Move::broadside(c("C3"), Direction::E, 1, Direction::NE).is_none());
        assert!(Move::broadside(c("A5"), Direction::E, 2, Direction::NE).is_none());
    }

    #[test]
    fn ejection_is_geometric() {
        // E7 E8 push E9 east: E9 leaves the board.
        assert!(Move::in_line(c("E7"), Direction::E, 2, 1).unwrap().ejects());
        assert!(!Move::in_line(c("E6"), Direction::E, 2, 1).unwrap().ejects());
        assert!(!Move::in_line(c("E6"), Direction::E, 2, 0).unwrap().ejects());
    }
}
