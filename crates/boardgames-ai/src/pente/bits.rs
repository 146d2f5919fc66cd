//! Whole-board pattern counting for Pente on 384-bit boards (the core's layout: rows of 20
//! bits, 19 points and a padding bit), with shifts: every window of five and every capture
//! pattern of the board at once.
//!
//! The four lines through a point are the shifts by 1 (along a row), 20 (along a column),
//! 21 (one diagonal) and 19 (the other). A step off the board lands on a padding bit (never
//! a stone, never empty) or outside the 380 bits, so a pattern that needs a stone or an empty
//! point at every step never runs off the board; windows of five are kept to those whose five
//! points are all on it.

use boardgames_core::pente::{Bitboard, INDEX_RANGE, ROW_BITS, SIZE};

/// Words of a board.
const WORDS: usize = 6;

/// The four axes as index steps.
pub(crate) const AXES: [usize; 4] = [1, ROW_BITS, ROW_BITS + 1, ROW_BITS - 1];

/// A set of points, bit `row * 20 + col`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits(pub(crate) [u64; WORDS]);

impl Bits {
    /// The points of a core bitboard.
    pub(crate) fn of(board: &Bitboard) -> Bits {
        Bits(board.words())
    }

    /// Bit `i` of the result is bit `i + n` of `self` (the point `n` steps further).
    #[inline(always)]
    pub(crate) const fn down(self, n: usize) -> Bits {
        let (q, r) = (n / 64, n % 64);
        let mut out = [0u64; WORDS];
        let mut i = 0;
        while i + q < WORDS {
            let lo = self.0[i + q] >> r;
            let hi = if r > 0 && i + q + 1 < WORDS {
                self.0[i + q + 1] << (64 - r)
            } else {
                0
            };
            out[i] = lo | hi;
            i += 1;
        }
        Bits(out)
    }

    /// Bit `i` of the result is bit `i - n` of `self` (the point `n` steps back).
    #[inline(always)]
    pub(crate) const fn up(self, n: usize) -> Bits {
        let (q, r) = (n / 64, n % 64);
        let mut out = [0u64; WORDS];
        let mut i = q;
        while i < WORDS {
            let lo = self.0[i - q] << r;
            let hi = if r > 0 && i > q {
                self.0[i - q - 1] >> (64 - r)
            } else {
                0
            };
            out[i] = lo | hi;
            i += 1;
        }
        Bits(out)
    }

    #[inline(always)]
    pub(crate) const fn and(self, o: Bits) -> Bits {
        let mut out = self.0;
        let mut i = 0;
        while i < WORDS {
            out[i] &= o.0[i];
            i += 1;
        }
        Bits(out)
    }

    #[inline(always)]
    pub(crate) const fn or(self, o: Bits) -> Bits {
        let mut out = self.0;
        let mut i = 0;
        while i < WORDS {
            out[i] |= o.0[i];
            i += 1;
        }
        Bits(out)
    }

    /// The points of `self` not in `o`.
    #[inline(always)]
    pub(crate) const fn minus(self, o: Bits) -> Bits {
        let mut out = self.0;
        let mut i = 0;
        while i < WORDS {
            out[i] &= !o.0[i];
            i += 1;
        }
        Bits(out)
    }

    #[inline(always)]
    pub(crate) fn xor(self, o: Bits) -> Bits {
        let mut out = self.0;
        for (a, b) in out.iter_mut().zip(o.0) {
            *a ^= b;
        }
        Bits(out)
    }

    #[inline(always)]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub(crate) fn has(self, index: usize) -> bool {
        index < WORDS * 64 && self.0[index / 64] >> (index % 64) & 1 != 0
    }
}

/// Every point of the board.
pub(crate) const ALL: Bits = Bits(Bitboard::ALL.words());

/// The starts of the windows of five along an axis that lie on the board.
const fn windows(step: usize) -> Bits {
    let mut v = ALL;
    let mut k = 1;
    while k < 5 {
        v = v.and(ALL.down(k * step));
        k += 1;
    }
    v
}

/// [`windows`] of each axis of [`AXES`].
pub(crate) const WINDOWS: [Bits; 4] = [
    windows(AXES[0]),
    windows(AXES[1]),
    windows(AXES[2]),
    windows(AXES[3]),
];

/// The windows of five along the axis `step` (starting in `valid`) that hold no stone of
/// `theirs`, by the number of `mine` they hold: `[one, two, three, four or five]`.
#[inline(always)]
pub(crate) fn windows_by_count(mine: Bits, theirs: Bits, step: usize, valid: Bits) -> [Bits; 4] {
    // Bit-sliced sum of the five shifted boards: c0 + 2 c1 + 4 c2.
    let (mut c0, mut c1, mut c2) = (Bits::default(), Bits::default(), Bits::default());
    let mut blocked = Bits::default();
    for k in 0..5 {
        let m = mine.down(k * step);
        blocked = blocked.or(theirs.down(k * step));
        let carry0 = c0.and(m);
        c0 = c0.xor(m);
        let carry1 = c1.and(carry0);
        c1 = c1.xor(carry0);
        c2 = c2.or(carry1);
    }
    let free = valid.minus(blocked);
    let (n0, n1, n2) = (ALL.minus(c0), ALL.minus(c1), ALL.minus(c2));
    [
        free.and(c0).and(n1).and(n2),
        free.and(n0).and(c1).and(n2),
        free.and(c0).and(c1).and(n2),
        free.and(c2),
    ]
}

/// The points that complete windows of `fours` (starts along `step`): the empty point of
/// each.
#[inline(always)]
pub(crate) fn completions(fours: Bits, step: usize, empty: Bits) -> Bits {
    let mut out = Bits::default();
    for k in 0..5 {
        out = out.or(fours.up(k * step).and(empty));
    }
    out
}

/// The stones of `owner` that can capture now: a line of the stone, `len` stones of
/// `other`, then an empty point, for `len` in `2..=longest`, along every axis both ways;
/// each such line counted once.
#[inline(always)]
pub(crate) fn capture_lines(owner: Bits, other: Bits, empty: Bits, longest: usize) -> u32 {
    let mut n = 0;
    for step in AXES {
        for len in 2..=longest {
            let (mut ahead, mut back) = (owner, owner);
            for k in 1..=len {
                ahead = ahead.and(other.down(k * step));
                back = back.and(other.up(k * step));
            }
            ahead = ahead.and(empty.down((len + 1) * step));
            back = back.and(empty.up((len + 1) * step));
            n += ahead.count() + back.count();
        }
    }
    n
}

/// The points within two of a stone of `stones` (a 5 x 5 square around each).
pub(crate) fn near(stones: Bits) -> Bits {
    let mut d = stones;
    for step in [1, ROW_BITS] {
        for _ in 0..2 {
            d = d.or(d.down(step)).or(d.up(step)).and(ALL);
        }
    }
    d
}

/// The points of the square of side `2 * radius + 1` around bit index `index` (the point
/// itself included), clipped to the board.
const fn square(index: usize, radius: usize) -> Bits {
    let (col, row) = ((index % ROW_BITS) as isize, (index / ROW_BITS) as isize);
    let r = radius as isize;
    let mut out = [0u64; WORDS];
    let mut dr = -r;
    while dr <= r {
        let mut dc = -r;
        while dc <= r {
            let (c, w) = (col + dc, row + dr);
            if c >= 0 && w >= 0 && c < SIZE as isize && w < SIZE as isize {
                let i = w as usize * ROW_BITS + c as usize;
                out[i / 64] |= 1 << (i % 64);
            }
            dc += 1;
        }
        dr += 1;
    }
    Bits(out)
}

/// The square of `radius` around every bit index (padding indices included).
const fn squares(radius: usize) -> [Bits; INDEX_RANGE] {
    let mut out = [Bits([0; WORDS]); INDEX_RANGE];
    let mut i = 0;
    while i < INDEX_RANGE {
        out[i] = square(i, radius);
        i += 1;
    }
    out
}

/// [`square`] of radius 1 (3 x 3) and 2 (5 x 5) around each bit index.
pub(crate) static NEAR_SQUARES: [[Bits; INDEX_RANGE]; 2] = [squares(1), squares(2)];

/// The empty points where a stone of `owner` captures now: the empty end of a line of `len`
/// stones of `other` (for `len` in `2..=longest`) closed by a stone of `owner`.
pub(crate) fn capture_points(owner: Bits, other: Bits, empty: Bits, longest: usize) -> Bits {
    let mut out = Bits::default();
    for step in AXES {
        for len in 2..=longest {
            let (mut ahead, mut back) = (empty, empty);
            for k in 1..=len {
                ahead = ahead.and(other.down(k * step));
                back = back.and(other.up(k * step));
            }
            ahead = ahead.and(owner.down((len + 1) * step));
            back = back.and(owner.up((len + 1) * step));
            out = out.or(ahead).or(back);
        }
    }
    out
}

/// The empty points that complete a window of four stones of either side: a five there,
/// or the block of one.
pub(crate) fn five_points(stones: [Bits; 2], empty: Bits) -> Bits {
    side_five_points(stones, 0, empty).or(side_five_points(stones, 1, empty))
}

/// The empty points where side `s` (0 or 1) of `stones` makes a five: the empty point of
/// each window of five holding four of its stones and none of the other side's.
pub(crate) fn side_five_points(stones: [Bits; 2], s: usize, empty: Bits) -> Bits {
    let mut out = Bits::default();
    for (&step, &valid) in AXES.iter().zip(&WINDOWS) {
        let fours = windows_by_count(stones[s], stones[1 - s], step, valid)[3];
        out = out.or(completions(fours, step, empty));
    }
    out
}
