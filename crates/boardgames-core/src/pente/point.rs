//! Points of the 19 x 19 board and their pente.org names (`A1`..`T19`, no `I`).

use core::fmt;
use core::str::FromStr;

/// Lines per side of the board.
pub const SIZE: usize = 19;
/// Bits per row in the bitboard layout: 19 points and one always-empty padding bit, so that
/// stepping sideways off the board lands on padding instead of wrapping to the next row.
pub const ROW_BITS: usize = 20;
/// Number of bit indices in the layout (`19 * 20`); indices of column 19 are padding.
pub const INDEX_RANGE: usize = SIZE * ROW_BITS;

/// Column letters as pente.org writes them: `A`..`T` without `I`.
const LETTERS: &[u8; SIZE] = b"ABCDEFGHJKLMNOPQRST";

/// An intersection of the board: column 0..19 (`A`..`T`, no `I`) from the left, row 0..19
/// (`1`..`19`) from the bottom, as pente.org writes it (`A1` bottom-left, `K10` the centre).
///
/// Stored as the bit index `row * 20 + col` (0..380; padding column 19 never used). Two bytes.
/// A `Point` is also Pente's move and its notation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The centre point `K10`, where the first stone goes.
    pub const CENTRE: Point = Point((9 * ROW_BITS + 9) as u16);

    /// The point at `col` (0..19 from the left) and `row` (0..19 from the bottom), or `None`
    /// when either is out of range.
    #[inline]
    #[must_use]
    pub const fn new(col: usize, row: usize) -> Option<Point> {
        if col < SIZE && row < SIZE {
            Some(Point((row * ROW_BITS + col) as u16))
        } else {
            None
        }
    }

    /// The point with bit index `index` (`row * 20 + col`), or `None` for padding or out of
    /// range indices.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < INDEX_RANGE && index % ROW_BITS < SIZE {
            Some(Point(index as u16))
        } else {
            None
        }
    }

    /// The bit index `row * 20 + col`, in `0..380`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0..19 from the left (`A` = 0, `T` = 18).
    #[inline]
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % ROW_BITS
    }

    /// Row, 0..19 from the bottom (`1` = 0).
    #[inline]
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / ROW_BITS
    }

    /// Chebyshev distance (king steps) to another point.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Point) -> usize {
        let dc = self.col().abs_diff(other.col());
        let dr = self.row().abs_diff(other.row());
        if dc > dr {
            dc
        } else {
            dr
        }
    }

    /// Every point of the board, row 1 first, `A` to `T` within a row (361 points).
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| Point((row * ROW_BITS + col) as u16)))
    }

    /// The column letter, `A`..`T` without `I`.
    #[must_use]
    pub fn letter(self) -> char {
        LETTERS[self.col()] as char
    }
}

impl fmt::Display for Point {
    /// pente.org coordinates: `K10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.row() + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a pente.org point name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PointError {
    /// The text is empty.
    #[error("empty point name (expected a column A..T without I and a row 1..19, like K10)")]
    Empty,
    /// The first character is not a column letter.
    #[error("bad column {0:?} in {1:?}: columns are A..T without I")]
    Column(char, String),
    /// The rest is not a row number 1..19.
    #[error("bad row in {0:?}: rows are 1..19")]
    Row(String),
}

impl FromStr for Point {
    type Err = PointError;

    /// Parses `K10`, `k10`: a column letter `A`..`T` (not `I`, either case) and a row `1`..`19`
    /// with no sign or leading zero.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let mut chars = s.chars();
        let first = chars.next().ok_or(PointError::Empty)?;
        let upper = first.to_ascii_uppercase();
        let col = LETTERS
            .iter()
            .position(|&c| c as char == upper)
            .ok_or_else(|| PointError::Column(first, s.to_owned()))?;
        let digits = chars.as_str();
        let valid_digits = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        let row: usize = if valid_digits {
            digits.parse().unwrap_or(0)
        } else {
            0
        };
        if !(1..=SIZE).contains(&row) {
            return Err(PointError::Row(s.to_owned()));
        }
        Point::new(col, row - 1).ok_or_else(|| PointError::Row(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_centre_by_pente_org_convention() {
        assert_eq!("A1".parse::<Point>().unwrap(), Point::new(0, 0).unwrap());
        assert_eq!("T19".parse::<Point>().unwrap(), Point::new(18, 18).unwrap());
        assert_eq!("K10".parse::<Point>().unwrap(), Point::CENTRE);
        // J is the 9th column because I is skipped.
        assert_eq!("J1".parse::<Point>().unwrap().col(), 8);
        assert_eq!(Point::CENTRE.to_string(), "K10");
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in [
            "", "I5", "K0", "K20", "K", "10", "K010", "K+1", "Z3", "K1O", "é1",
        ] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        assert_eq!("k10".parse::<Point>().unwrap(), Point::CENTRE);
    }

    #[test]
    fn every_point_round_trips() {
        assert_eq!(Point::all().count(), 361);
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
            assert_eq!(Point::from_index(p.index()), Some(p));
        }
        assert_eq!(Point::from_index(19), None);
        assert_eq!(Point::from_index(380), None);
    }
}
