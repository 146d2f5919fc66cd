//! Cells of the 61-cell hexagon, their standard names (`A1`..`I9`) and the six directions.
//!
//! Rows `A`..`I` run from Black's side (bottom) to White's; numbers `1`..`9` are the
//! north-west to south-east diagonals; `A1` is the bottom-left corner and `E5` the centre.
//! Cell (row `r` = 0..9 for `A`..`I`, number `n`) exists iff
//! `max(1, r - 3) <= n <= min(9, r + 5)` (`crates/boardgames-core/tests/data/abalone/reference-data.md`, section 1).

use core::fmt;
use core::str::FromStr;

/// Rows of the board (`A`..`I`).
pub const ROWS: usize = 9;
/// Bits per row in the padded grid: 9 columns and one always-empty padding bit, so that a
/// step east off a row, or west off its start, lands on padding instead of the next row.
pub const ROW_BITS: usize = 10;
/// Number of bit indices of the padded grid (`9 * 10`); not all are cells.
pub const INDEX_RANGE: usize = ROWS * ROW_BITS;
/// Number of cells on the board.
pub const CELL_COUNT: usize = 61;

/// One of the 61 cells, named as in the standard notation (`A1` bottom-left, `I9` top-right).
///
/// Stored as the padded-grid bit index `row * 10 + (number - 1)`, in `0..90`. One byte.
/// Ordered like the notation's "smaller cell": row letter first, then number.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The centre cell `E5`.
    pub const CENTRE: Cell = Cell((4 * ROW_BITS + 4) as u8);

    /// Whether row `row` (0..9 for `A`..`I`) holds number `number` (1..=9).
    #[inline]
    #[must_use]
    pub const fn exists(row: usize, number: usize) -> bool {
        let lo = if row > 3 { row - 3 } else { 1 };
        let hi = if row + 5 < 9 { row + 5 } else { 9 };
        row < ROWS && lo <= number && number <= hi
    }

    /// The cell at `row` (0..9 for `A`..`I`) and diagonal `number` (1..=9), or `None` when that
    /// cell is not on the board.
    #[inline]
    #[must_use]
    pub const fn new(row: usize, number: usize) -> Option<Cell> {
        if Cell::exists(row, number) {
            Some(Cell((row * ROW_BITS + number - 1) as u8))
        } else {
            None
        }
    }

    /// The cell with padded-grid index `index` (`row * 10 + number - 1`), or `None` for
    /// padding, corners outside the hexagon and indices `>= 90`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index >= INDEX_RANGE {
            return None;
        }
        Cell::new(index / ROW_BITS, index % ROW_BITS + 1)
    }

    /// The cell of a bit known to be a cell (taken from a subset of the board).
    #[inline(always)]
    pub(super) const fn from_bit(index: u32) -> Cell {
        Cell(index as u8)
    }

    /// The padded-grid bit index, in `0..90`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0..9 (`A` = 0, `I` = 8).
    #[inline]
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / ROW_BITS
    }

    /// The diagonal number, 1..=9.
    #[inline]
    #[must_use]
    pub const fn number(self) -> usize {
        self.0 as usize % ROW_BITS + 1
    }

    /// The row letter, `A`..`I`.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'A' + self.row() as u8) as char
    }

    /// The neighbour in direction `dir`, or `None` off the board.
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Option<Cell> {
        let (dr, dn) = dir.offset();
        let row = self.row() as isize + dr;
        let number = self.number() as isize + dn;
        if row < 0 || number < 1 {
            return None;
        }
        Cell::new(row as usize, number as usize)
    }

    /// The cell `k` steps from this one in direction `dir`, or `None` if any step leaves the
    /// board.
    #[inline]
    #[must_use]
    pub fn steps(self, dir: Direction, k: usize) -> Option<Cell> {
        (0..k).try_fold(self, |c, _| c.step(dir))
    }

    /// The direction and distance (1 or more) from this cell to `other` when both lie on one
    /// line of the grid; `None` when they are equal or not aligned.
    #[must_use]
    pub fn line_to(self, other: Cell) -> Option<(Direction, usize)> {
        let dr = other.row() as isize - self.row() as isize;
        let dn = other.number() as isize - self.number() as isize;
        let k = dr.abs().max(dn.abs());
        if k == 0 {
            return None;
        }
        let unit = (dr / k, dn / k);
        Direction::ALL
            .into_iter()
            .find(|d| d.offset() == unit && unit.0 * k == dr && unit.1 * k == dn)
            .map(|d| (d, k as usize))
    }

    /// Every cell, `A1`..`A5`, `B1`..`B6`, ... `I5`..`I9` (61 cells, ascending).
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..INDEX_RANGE).filter_map(Cell::from_index)
    }

    /// The lower-case name, as in move notation: `e5`.
    #[must_use]
    pub fn lower(self) -> impl fmt::Display {
        struct Lower(Cell);
        impl fmt::Display for Lower {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "{}{}",
                    self.0.letter().to_ascii_lowercase(),
                    self.0.number()
                )
            }
        }
        Lower(self)
    }
}

impl fmt::Display for Cell {
    /// The standard upper-case name: `E5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.number())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a cell name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CellError {
    /// The text is not two characters long.
    #[error("{0:?} is not a cell name (a row letter A..I and a number 1..9, like E5)")]
    Shape(String),
    /// The first character is not a row letter.
    #[error("bad row {0:?} in {1:?}: rows are A..I")]
    Row(char, String),
    /// The second character is not a number 1..9.
    #[error("bad number {0:?} in {1:?}: numbers are 1..9")]
    Number(char, String),
    /// Row and number are valid but the cell is outside the hexagon.
    #[error("{0:?} is not on the board (row A holds 1..5, E 1..9, I 5..9)")]
    OffBoard(String),
}

impl FromStr for Cell {
    type Err = CellError;

    /// Parses `E5` or `e5`: a row letter `A`..`I` then a number `1`..`9`, exactly two
    /// characters, naming one of the 61 cells.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(r), Some(n), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(CellError::Shape(s.to_owned()));
        };
        let row = match r.to_ascii_uppercase() {
            c @ 'A'..='I' => c as usize - 'A' as usize,
            _ => return Err(CellError::Row(r, s.to_owned())),
        };
        let number = match n {
            '1'..='9' => n as usize - '0' as usize,
            _ => return Err(CellError::Number(n, s.to_owned())),
        };
        Cell::new(row, number).ok_or_else(|| CellError::OffBoard(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Cell {
    /// The upper-case name, `"E5"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Cell {
    /// A cell name in either case.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the six directions of the hex grid, counter-clockwise from east.
///
/// As (row, number) offsets: `E` (0,+1) A1->A2; `NE` (+1,+1) A1->B2; `NW` (+1,0) A1->B1;
/// `W` (0,-1); `SW` (-1,-1) B2->A1; `SE` (-1,0) B1->A1. `E`, `NE` and `NW` are the three
/// positive axes (each step reaches a "larger" cell); the other three are their opposites.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// East: same row, number + 1.
    E = 0,
    /// North-east: row + 1, number + 1.
    NE = 1,
    /// North-west: row + 1, same number.
    NW = 2,
    /// West: same row, number - 1.
    W = 3,
    /// South-west: row - 1, number - 1.
    SW = 4,
    /// South-east: row - 1, same number.
    SE = 5,
}

impl Direction {
    /// The six directions in index order `E, NE, NW, W, SW, SE`.
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::NE,
        Direction::NW,
        Direction::W,
        Direction::SW,
        Direction::SE,
    ];

    /// The three positive axes `E, NE, NW`, along which a line's cells ascend.
    pub const AXES: [Direction; 3] = [Direction::E, Direction::NE, Direction::NW];

    /// The index `0..6` in [`Direction::ALL`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with index `i % 6`.
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 6]
    }

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize + 3)
    }

    /// Whether this is one of the positive axes `E, NE, NW`.
    #[inline]
    #[must_use]
    pub const fn is_axis(self) -> bool {
        (self as usize) < 3
    }

    /// The (row, number) offset of one step.
    #[inline]
    #[must_use]
    pub const fn offset(self) -> (isize, isize) {
        match self {
            Direction::E => (0, 1),
            Direction::NE => (1, 1),
            Direction::NW => (1, 0),
            Direction::W => (0, -1),
            Direction::SW => (-1, -1),
            Direction::SE => (-1, 0),
        }
    }

    /// The change of padded-grid bit index of one step: `E` +1, `NE` +11, `NW` +10 and the
    /// negatives.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> i32 {
        let (dr, dn) = self.offset();
        (dr * ROW_BITS as isize + dn) as i32
    }

    /// The name: `E`, `NE`, `NW`, `W`, `SW`, `SE`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "E",
            Direction::NE => "NE",
            Direction::NW => "NW",
            Direction::W => "W",
            Direction::SW => "SW",
            Direction::SE => "SE",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_one_cells_with_the_documented_rows() {
        assert_eq!(Cell::all().count(), CELL_COUNT);
        let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        assert_eq!(names[..5], ["A1", "A2", "A3", "A4", "A5"]);
        assert_eq!(names[56..], ["I5", "I6", "I7", "I8", "I9"]);
        assert!(names.contains(&"E1".to_owned()) && names.contains(&"E9".to_owned()));
        for bad in ["A6", "I4", "F1", "D9", "J5", "A0", "E", "E55", "", "é5"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
            assert_eq!(c.lower().to_string().parse::<Cell>(), Ok(c));
        }
    }

    #[test]
    fn steps_follow_the_readme_examples() {
        let c = |s: &str| s.parse::<Cell>().unwrap();
        assert_eq!(c("A1").step(Direction::E), Some(c("A2")));
        assert_eq!(c("A1").step(Direction::NE), Some(c("B2")));
        assert_eq!(c("A1").step(Direction::NW), Some(c("B1")));
        assert_eq!(c("B1").step(Direction::SE), Some(c("A1")));
        assert_eq!(c("B2").step(Direction::SW), Some(c("A1")));
        assert_eq!(c("A1").step(Direction::W), None);
        assert_eq!(c("A5").step(Direction::E), None);
        assert_eq!(c("E9").step(Direction::NE), None);
        assert_eq!(c("C3").line_to(c("C5")), Some((Direction::E, 2)));
        assert_eq!(c("C3").line_to(c("D4")), Some((Direction::NE, 1)));
        assert_eq!(c("C3").line_to(c("D5")), None);
        // The padded index agrees with the geometry.
        for cell in Cell::all() {
            for d in Direction::ALL {
                let by_index = Cell::from_index((cell.index() as i32 + d.delta()) as usize);
                let by_index = if cell.index() as i32 + d.delta() < 0 {
                    None
                } else {
                    by_index
                };
                assert_eq!(cell.step(d), by_index, "{cell} {d}");
            }
        }
    }
}
