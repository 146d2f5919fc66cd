//! A set of points as a 384-bit bitboard: rows of 20 bits (19 points and one padding bit).

use super::point::{Point, INDEX_RANGE, ROW_BITS, SIZE};

/// Number of 64-bit words (`380` bits used of `384`).
const WORDS: usize = 6;

/// A set of board points, one bit per point at `row * 20 + col`; padding bits are always 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard([u64; WORDS]);

/// Every point of the board (361 bits).
pub const ALL: Bitboard = {
    let mut words = [0u64; WORDS];
    let mut i = 0;
    while i < INDEX_RANGE {
        if i % ROW_BITS < SIZE {
            words[i / 64] |= 1 << (i % 64);
        }
        i += 1;
    }
    Bitboard(words)
};

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; WORDS]);

    /// Every point of the board (361 bits).
    pub const ALL: Bitboard = ALL;

    /// The set as six 64-bit words: the point of index `i` (`row * 20 + col`, see
    /// [`Point::index`]) is bit `i % 64` of word `i / 64`; the padding bits (column 19 of each
    /// row, and bits 380 to 383) are 0. For whole-board shift arithmetic (engines).
    #[inline(always)]
    #[must_use]
    pub const fn words(&self) -> [u64; WORDS] {
        self.0
    }

    /// The set of the points whose bits are set in `words` (the layout of
    /// [`Bitboard::words`]); padding bits are dropped, so any words give a valid set.
    ///
    /// ```
    /// use boardgames_core::pente::Bitboard;
    ///
    /// assert_eq!(Bitboard::from_words([u64::MAX; 6]), Bitboard::ALL);
    /// assert_eq!(Bitboard::from_words(Bitboard::ALL.words()).count(), 361);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_words(words: [u64; WORDS]) -> Bitboard {
        let mut out = words;
        let mut i = 0;
        while i < WORDS {
            out[i] &= ALL.0[i];
            i += 1;
        }
        Bitboard(out)
    }

    /// Whether the bit at `index` is set; indices outside `0..384` read as empty.
    #[inline(always)]
    #[must_use]
    pub fn has_index(&self, index: isize) -> bool {
        match self.0.get((index as usize) >> 6) {
            Some(w) if index >= 0 => (w >> (index & 63)) & 1 != 0,
            _ => false,
        }
    }

    /// Whether the point is in the set.
    #[inline(always)]
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Adds a point.
    #[inline(always)]
    pub fn insert(&mut self, p: Point) {
        let i = p.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes a point.
    #[inline(always)]
    pub fn remove(&mut self, p: Point) {
        let i = p.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Number of points in the set.
    #[inline]
    #[must_use]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Points in either set.
    #[inline]
    #[must_use]
    pub fn union(&self, other: &Bitboard) -> Bitboard {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    /// Points of `self` not in `other`.
    #[inline]
    #[must_use]
    pub fn minus(&self, other: &Bitboard) -> Bitboard {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    /// The `n`-th point in index order (0-based), or `None` when `n >= count()`.
    #[inline]
    #[must_use]
    pub fn nth(&self, mut n: usize) -> Option<Point> {
        for (wi, &w) in self.0.iter().enumerate() {
            let c = w.count_ones() as usize;
            if n < c {
                return Point::from_index(wi * 64 + select_bit(w, n as u32) as usize);
            }
            n -= c;
        }
        None
    }

    /// The points in index order (row 1 first).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Point::from_index(wi * 64 + b)
            })
        })
    }
}

/// The index of the `n`-th set bit of `w` (`n < w.count_ones()`), by halving.
#[inline]
fn select_bit(w: u64, mut n: u32) -> u32 {
    let mut base = 0;
    let mut w = w;
    for width in [32u32, 16, 8, 4, 2, 1] {
        let low = (w & ((1u64 << width) - 1)).count_ones();
        if n >= low {
            n -= low;
            w >>= width;
            base += width;
        }
    }
    base
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for p in iter {
            b.insert(p);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_has_every_point_and_no_padding() {
        assert_eq!(ALL.count(), 361);
        assert_eq!(
            ALL.iter().collect::<Vec<_>>(),
            Point::all().collect::<Vec<_>>()
        );
    }

    #[test]
    fn nth_agrees_with_iteration() {
        let set: Bitboard = Point::all().filter(|p| (p.index() * 7) % 5 == 1).collect();
        let listed: Vec<Point> = set.iter().collect();
        for (i, &p) in listed.iter().enumerate() {
            assert_eq!(set.nth(i), Some(p));
        }
        assert_eq!(set.nth(listed.len()), None);
    }

    #[test]
    fn out_of_range_indices_read_empty() {
        assert!(!ALL.has_index(-1));
        assert!(!ALL.has_index(-21));
        assert!(!ALL.has_index(19));
        assert!(!ALL.has_index(380));
        assert!(!ALL.has_index(10_000));
        assert!(ALL.has_index(0));
    }
}
