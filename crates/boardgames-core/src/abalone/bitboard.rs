//! A set of cells as one `u128`: bit `row * 10 + (number - 1)` of the padded grid.

use super::cell::{Cell, INDEX_RANGE};

/// A set of cells, one bit per cell at its padded-grid index (`0..90`); bits of padding,
/// of the corners outside the hexagon and `>= 90` are always 0.
///
/// Shifting the whole set by a direction's [`delta`](super::Direction::delta) moves every
/// cell one step at once: a step off the board lands on one of the always-empty bits, so
/// masks built from shifts never confuse an off-board neighbour with a cell.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub(super) u128);

/// Every cell of the board (61 bits).
pub const BOARD: u128 = {
    let mut bits = 0u128;
    let mut i = 0;
    while i < INDEX_RANGE {
        if Cell::from_index(i).is_some() {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
};

/// The set whose bit `x` is bit `x + k` of `bits`: the contents of the cell `k` indices
/// ahead of each cell. Indices outside `0..128` read as empty (off the board).
#[inline(always)]
pub(super) const fn ahead(bits: u128, k: i32) -> u128 {
    if k >= 0 {
        bits >> k
    } else {
        bits << -k
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every cell.
    pub const ALL: Bitboard = Bitboard(BOARD);

    /// The raw bits (padded-grid layout, see the type docs).
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of the given bits, or `None` if any bit is not a cell.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Option<Bitboard> {
        if bits & !BOARD == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// Whether the cell is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, c: Cell) -> bool {
        self.0 >> c.index() & 1 != 0
    }

    /// Adds a cell.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1 << c.index();
    }

    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1 << c.index());
    }

    /// Number of cells, `0..=61`.
    #[inline]
    #[must_use]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cells in either set.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Cells in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Cells of the board not in the set.
    #[inline]
    #[must_use]
    pub const fn complement(self) -> Bitboard {
        Bitboard(BOARD & !self.0)
    }

    /// The cells in ascending order (`A1` first).
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Cell::from_index(i)
        })
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

/// The `n`-th set bit's index (0-based, ascending), `n < bits.count_ones()`.
#[inline]
pub(super) fn nth_bit(mut bits: u128, n: usize) -> usize {
    let low = (bits as u64).count_ones() as usize;
    let mut offset = 0;
    let mut n = n;
    if n >= low {
        n -= low;
        bits >>= 64;
        offset = 64;
    }
    let mut word = bits as u64;
    for _ in 0..n {
        word &= word.wrapping_sub(1);
    }
    offset + word.trailing_zeros() as usize
}

/// A fixed xorshift sequence of 128-bit values, for the tests of the bulk count: mask them
/// with [`BOARD`] for sets of cells.
#[cfg(test)]
pub(super) fn xorshift_sets() -> impl FnMut() -> u128 {
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        u128::from(x) << 64 | u128::from(x.rotate_left(29))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_61_cells_and_iterates_in_order() {
        assert_eq!(Bitboard::ALL.count(), 61);
        let cells: Vec<Cell> = Bitboard::ALL.iter().collect();
        assert_eq!(cells, Cell::all().collect::<Vec<_>>());
        assert_eq!(Bitboard::from_bits(1 << 9), None);
        let bits = BOARD;
        for n in 0..61 {
            assert_eq!(
                Some(Cell::from_index(nth_bit(bits, n)).unwrap()),
                Cell::all().nth(n)
            );
        }
    }
}
