//! Sets of cells as the bulk count sees them: one position's set as a `u128`, or as two
//! 64-bit [`Halves`] taken from [`Lanes`], the same set of [`LANES`] positions side by side.
//!
//! A [`Lanes`] value keeps the low and the high 64 bits of its positions' sets in two
//! arrays. A count written over [`Halves`] and run in a loop over the lanes does the same
//! operations, with the same shifts, on every lane, so the compiler turns the loop into
//! vector instructions where the target has them (eight lanes of 64 bits are one AVX-512
//! register, two AVX2 registers): one count serves one position and eight at once.

use core::ops::{BitAnd, BitOr, Not};

use super::bitboard::{ahead, BOARD};

/// How many positions a [`Lanes`] value holds.
pub(super) const LANES: usize = 8;

/// A set of cells of one position or of several at once: what the bulk count needs.
pub(super) trait CellSets:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// The running sum of set bits.
    type Tally: Copy + Default;
    /// Every cell of the board.
    const BOARD: Self;
    /// The set whose bit `x` is bit `x + k` of `self` (see [`ahead`]); `k` in `-63..=63`,
    /// not 0, a constant once inlined.
    fn ahead(self, k: i32) -> Self;
    /// Adds the set bits of `a` and `b` to `tally`. Both sets are of cells, so their bits
    /// above 64 (at most 26 each) share one popcount.
    fn tally(tally: &mut Self::Tally, a: Self, b: Self);
    /// The sum a tally holds.
    fn total(tally: Self::Tally) -> u64;
}

impl CellSets for u128 {
    type Tally = u32;
    const BOARD: u128 = BOARD;

    #[inline(always)]
    fn ahead(self, k: i32) -> u128 {
        ahead(self, k)
    }

    #[inline(always)]
    fn tally(tally: &mut u32, a: u128, b: u128) {
        let high = (a >> 64) as u64 | ((b >> 64) as u64) << 32;
        *tally += (a as u64).count_ones() + (b as u64).count_ones() + high.count_ones();
    }

    #[inline(always)]
    fn total(tally: u32) -> u64 {
        u64::from(tally)
    }
}

/// One position's set of cells as two 64-bit halves (`lo | hi << 64`): the form a loop over
/// [`Lanes`] works on, which the compiler can turn into vector instructions.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Halves {
    lo: u64,
    hi: u64,
}

impl BitAnd for Halves {
    type Output = Halves;
    #[inline(always)]
    fn bitand(self, other: Halves) -> Halves {
        Halves {
            lo: self.lo & other.lo,
            hi: self.hi & other.hi,
        }
    }
}

impl BitOr for Halves {
    type Output = Halves;
    #[inline(always)]
    fn bitor(self, other: Halves) -> Halves {
        Halves {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }
}

impl Not for Halves {
    type Output = Halves;
    #[inline(always)]
    fn not(self) -> Halves {
        Halves {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

impl CellSets for Halves {
    type Tally = u64;
    const BOARD: Halves = Halves {
        lo: BOARD as u64,
        hi: (BOARD >> 64) as u64,
    };

    #[inline(always)]
    fn ahead(self, k: i32) -> Halves {
        debug_assert!(k != 0 && k.unsigned_abs() < 64);
        let s = k.unsigned_abs() & 63;
        let r = (64 - s) & 63;
        if k > 0 {
            Halves {
                lo: (self.lo >> s) | (self.hi << r),
                hi: self.hi >> s,
            }
        } else {
            Halves {
                lo: self.lo << s,
                hi: (self.hi << s) | (self.lo >> r),
            }
        }
    }

    #[inline(always)]
    fn tally(tally: &mut u64, a: Halves, b: Halves) {
        let high = a.hi | b.hi << 32;
        *tally += u64::from(a.lo.count_ones())
            + u64::from(b.lo.count_ones())
            + u64::from(high.count_ones());
    }

    #[inline(always)]
    fn total(tally: u64) -> u64 {
        tally
    }
}

/// The same set of cells of [`LANES`] positions: lane `i` is `lo[i] | hi[i] << 64`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Lanes {
    lo: [u64; LANES],
    hi: [u64; LANES],
}

impl Lanes {
    /// Puts `set` in lane `i < LANES`.
    #[inline(always)]
    pub fn set(&mut self, i: usize, set: u128) {
        self.lo[i] = set as u64;
        self.hi[i] = (set >> 64) as u64;
    }

    /// Lane `i < LANES`.
    #[inline(always)]
    pub fn lane(&self, i: usize) -> Halves {
        Halves {
            lo: self.lo[i],
            hi: self.hi[i],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_shift_and_count_like_their_sets() {
        let mut sets = super::super::bitboard::xorshift_sets();
        let mut next = || sets() & BOARD;
        let same = |h: Halves, set: u128| {
            h == Halves {
                lo: set as u64,
                hi: (set >> 64) as u64,
            }
        };
        let mut lanes = Lanes::default();
        for round in 0..400 {
            let (a, b) = (next(), next());
            let i = round % LANES;
            lanes.set(i, a);
            let h = lanes.lane(i);
            assert!(same(h, a));
            for k in [1, 10, 11, 22, 33] {
                assert!(same(h.ahead(k), a >> k), "{a:x} ahead {k}");
                assert!(same(h.ahead(-k), a << k), "{a:x} ahead -{k}");
            }
            lanes.set(i, b);
            let g = lanes.lane(i);
            assert!(same((!h & g) | h.ahead(1), (!a & b) | a >> 1));
            let (mut halves, mut set) = (0, 0);
            Halves::tally(&mut halves, h, g);
            u128::tally(&mut set, a, b);
            assert_eq!(halves, u64::from(set));
            assert_eq!(set, a.count_ones() + b.count_ones());
        }
    }
}
