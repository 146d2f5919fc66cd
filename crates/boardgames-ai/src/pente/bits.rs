//! Whole-board pattern counting for Pente on 384-bit boards (the core's layout: rows of 20
//! bits, 19 points and a padding bit), with shifts: every window of five and every capture
//! pattern of the board at once.
//!
//! The four lines through a point are the shifts by 1 (along a row), 20 (along a column),
//! 21 (one diagonal) and 19 (the other). A step off the board lands on a padding bit (never
//! a stone, never empty) or outside the 380 bits, so a pattern that needs a stone or an empty
//! point at every step never runs off the board; windows of five are kept to those whose five
//! points are all on it.
//!
//! The entry points (five points, capture points, window values, ...) are built for AVX-512
//! and AVX2 too, the best the CPU has chosen at the first call: the six-word sets then move
//! in vector registers.

use boardgames_core::pente::{Bitboard, INDEX_RANGE, ROW_BITS, SIZE};
use multiversion::multiversion;

/// Words of a board.
const WORDS: usize = 6;

/// The four axes as index steps.
pub(crate) const AXES: [usize; 4] = [1, ROW_BITS, ROW_BITS + 1, ROW_BITS - 1];

/// The eight line directions as index steps: each of [`AXES`] forward, then back (E, W, N,
/// S, NE, SW, NW, SE).
pub(crate) const DIRECTIONS: [isize; 8] = {
    let mut d = [0isize; 8];
    let mut i = 0;
    while i < AXES.len() {
        d[2 * i] = AXES[i] as isize;
        d[2 * i + 1] = -(AXES[i] as isize);
        i += 1;
    }
    d
};

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

    /// The set as a core bitboard (to walk its points).
    #[inline]
    pub(crate) const fn board(self) -> Bitboard {
        Bitboard::from_words(self.0)
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

/// `[f::<STEP>(args), ...]` for the four axes of [`AXES`] (extra const arguments after the
/// step go in brackets: `each_axis!(f[3](a, b))` calls `f::<STEP, 3>(a, b)`). The step is a
/// const generic so that every shift of a board compiles to fixed shifts of its six words;
/// a loop over the axes would shift by a variable count.
macro_rules! each_axis {
    ($f:ident $([$($g:expr),*])? ($($arg:expr),* $(,)?)) => {
        [
            $f::<{ $crate::pente::bits::AXES[0] } $($(, { $g })*)?>($($arg),*),
            $f::<{ $crate::pente::bits::AXES[1] } $($(, { $g })*)?>($($arg),*),
            $f::<{ $crate::pente::bits::AXES[2] } $($(, { $g })*)?>($($arg),*),
            $f::<{ $crate::pente::bits::AXES[3] } $($(, { $g })*)?>($($arg),*),
        ]
    };
}

/// The windows of five along the axis `STEP` that hold no stone of `theirs`, by the number
/// of `mine` they hold: `[one, two, three, four or five]` (each a set of window starts).
#[inline(always)]
fn windows_by_count<const STEP: usize>(mine: Bits, theirs: Bits) -> [Bits; 4] {
    let (mine, theirs) = (shifted::<STEP>(mine), shifted::<STEP>(theirs));
    by_count::<STEP>(&mine, any(&theirs))
}

/// [`windows_by_count`] for each side of `stones` along the axis `STEP`: the two sides'
/// boards are shifted once for both.
#[inline(always)]
fn both_windows_by_count<const STEP: usize>(stones: [Bits; 2]) -> [[Bits; 4]; 2] {
    let sets = [shifted::<STEP>(stones[0]), shifted::<STEP>(stones[1])];
    [
        by_count::<STEP>(&sets[0], any(&sets[1])),
        by_count::<STEP>(&sets[1], any(&sets[0])),
    ]
}

/// The value of each side's windows of five along every axis: `values[side][n - 1]` for
/// each window holding `n` of the side's stones (4 for four or five) and none of the other's.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn window_values(stones: [Bits; 2], values: &[[i32; 4]; 2]) -> [i32; 2] {
    let mut out = [0i32; 2];
    for by_side in each_axis!(both_windows_by_count(stones)) {
        for (s, by_count) in by_side.iter().enumerate() {
            for (n, windows) in by_count.iter().enumerate() {
                out[s] += values[s][n] * windows.count() as i32;
            }
        }
    }
    out
}

/// How many of each side's windows of five hold each point, by the number of the side's
/// stones in the window, counted up to three: `[side][n - 1]` for windows holding `n` (1 to
/// 3) of the side's stones and none of the other's, along any axis, as two bit planes
/// `[ones, twos]` (a point's count is `ones + 2 * twos`, 3 for three or more).
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn window_cover(stones: [Bits; 2]) -> [[[Bits; 2]; 3]; 2] {
    let mut counts = [[[Bits::default(); 2]; 3]; 2];
    cover_axis::<{ AXES[0] }>(stones, &mut counts);
    cover_axis::<{ AXES[1] }>(stones, &mut counts);
    cover_axis::<{ AXES[2] }>(stones, &mut counts);
    cover_axis::<{ AXES[3] }>(stones, &mut counts);
    counts
}

/// Adds to `counts` (see [`window_cover`]) the windows along the axis `STEP`.
#[inline(always)]
fn cover_axis<const STEP: usize>(stones: [Bits; 2], counts: &mut [[[Bits; 2]; 3]; 2]) {
    let classes = both_windows_by_count::<STEP>(stones);
    for (by_count, count) in classes.iter().zip(counts.iter_mut()) {
        for (&starts, planes) in by_count.iter().zip(count.iter_mut()) {
            if starts.is_empty() {
                continue;
            }
            for points in [
                starts,
                starts.up(STEP),
                starts.up(2 * STEP),
                starts.up(3 * STEP),
                starts.up(4 * STEP),
            ] {
                add_saturating(planes, points);
            }
        }
    }
}

/// Adds one to the two-plane count `planes` (`[ones, twos]`, at most 3) at each point of
/// `points`.
#[inline(always)]
fn add_saturating(planes: &mut [Bits; 2], points: Bits) {
    let [ones, twos] = *planes;
    let carry = ones.and(points);
    let full = twos.and(carry);
    *planes = [ones.xor(points).or(full), twos.or(carry)];
}

/// `set` and its shifts by one to four steps of `STEP`: bit `i` of entry `k` is the point
/// `k` steps after point `i`.
#[inline(always)]
fn shifted<const STEP: usize>(set: Bits) -> [Bits; 5] {
    [
        set,
        set.down(STEP),
        set.down(2 * STEP),
        set.down(3 * STEP),
        set.down(4 * STEP),
    ]
}

/// The starts of the windows that hold a stone of `sets` (the shifts of [`shifted`]).
#[inline(always)]
fn any(sets: &[Bits; 5]) -> Bits {
    sets[0].or(sets[1]).or(sets[2]).or(sets[3]).or(sets[4])
}

/// The starts of the windows along `STEP` that lie on the board and hold nothing of
/// `blocked`, by how many of the five shifts `mine` hold the start: `[one, two, three,
/// four or five]`.
#[inline(always)]
fn by_count<const STEP: usize>(mine: &[Bits; 5], blocked: Bits) -> [Bits; 4] {
    // Bit-sliced sum of the five shifted boards: c0 + 2 c1 + 4 c2.
    let (mut c0, mut c1, mut c2) = (Bits::default(), Bits::default(), Bits::default());
    for &m in mine {
        let carry0 = c0.and(m);
        c0 = c0.xor(m);
        let carry1 = c1.and(carry0);
        c1 = c1.xor(carry0);
        c2 = c2.or(carry1);
    }
    let free = const { windows(STEP) }.minus(blocked);
    let (n0, n1, n2) = (ALL.minus(c0), ALL.minus(c1), ALL.minus(c2));
    [
        free.and(c0).and(n1).and(n2),
        free.and(n0).and(c1).and(n2),
        free.and(c0).and(c1).and(n2),
        free.and(c2),
    ]
}

/// The empty points where a stone of `mine` makes five or more in a row along the axis
/// `STEP`: `l` stones of `mine` just before the point and `r` just after it, `l + r >= 4`.
/// These are the empty points of the windows of five holding four of `mine` and no other
/// stone (a run of `mine` stops at the padding bit that ends each row, or past the board).
/// Fewer boards live at once than in counting the windows of both sides, and faster.
///
/// A cheaper necessary test comes first: four stones of a window of five hold two pairs of
/// neighbours that overlap (three in a row) or stand three points apart (two, a gap, two),
/// so a board without such pairs has no five point along this axis.
#[inline(always)]
fn axis_five_points<const STEP: usize>(mine: Bits, empty: Bits) -> Bits {
    let pairs = mine.and(mine.down(STEP));
    if pairs
        .and(pairs.down(STEP).or(pairs.down(3 * STEP)))
        .is_empty()
    {
        return Bits::default();
    }
    let b1 = mine.up(STEP);
    let b2 = b1.and(mine.up(2 * STEP));
    let b3 = b2.and(mine.up(3 * STEP));
    let b4 = b3.and(mine.up(4 * STEP));
    let a1 = mine.down(STEP);
    let a2 = a1.and(mine.down(2 * STEP));
    let a3 = a2.and(mine.down(3 * STEP));
    let a4 = a3.and(mine.down(4 * STEP));
    let runs = b4.or(a4).or(b1.and(a3)).or(b2.and(a2)).or(b3.and(a1));
    runs.and(empty)
}

/// The empty points of the windows of five starting at `windows` along the axis `STEP`.
#[inline(always)]
fn completions<const STEP: usize>(windows: Bits, empty: Bits) -> Bits {
    if windows.is_empty() {
        return windows;
    }
    let points = windows
        .or(windows.up(STEP))
        .or(windows.up(2 * STEP))
        .or(windows.up(3 * STEP))
        .or(windows.up(4 * STEP));
    points.and(empty)
}

/// The empty points where a stone of `mine` makes a four along the axis `STEP`: the empty
/// points of the windows of five holding three of `mine` and none of `theirs`.
#[inline(always)]
fn axis_four_points<const STEP: usize>(mine: Bits, theirs: Bits, empty: Bits) -> Bits {
    completions::<STEP>(windows_by_count::<STEP>(mine, theirs)[2], empty)
}

/// The empty points where a stone of `mine` makes a four (see [`axis_four_points`]) along
/// any axis.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn four_points(mine: Bits, theirs: Bits, empty: Bits) -> Bits {
    or_all(each_axis!(axis_four_points(mine, theirs, empty)))
}

/// The empty points where a stone of `mine` makes a three along the axis `STEP`: the empty
/// points of the windows of five holding two of `mine` and none of `theirs`.
#[inline(always)]
fn axis_three_points<const STEP: usize>(mine: Bits, theirs: Bits, empty: Bits) -> Bits {
    completions::<STEP>(windows_by_count::<STEP>(mine, theirs)[1], empty)
}

/// The empty points where a stone of `mine` makes three in a window of five that holds none
/// of `theirs` (see [`axis_three_points`]) along any axis: the open and split threes, and
/// some closed ones.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn three_points(mine: Bits, theirs: Bits, empty: Bits) -> Bits {
    or_all(each_axis!(axis_three_points(mine, theirs, empty)))
}

/// The empty points where a stone of `owner` threatens a capture: the empty end of a line of
/// `len` stones of `other` (for `len` in `2..=longest`) whose other end is empty too, so
/// that the stone makes a capture point there.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn capture_threat_points(other: Bits, empty: Bits, longest: usize) -> Bits {
    let union = |[ahead, back]: [Bits; 2]| ahead.or(back);
    let mut out = or_all(each_axis!(flanked[2](empty, other, empty)).map(union));
    if longest >= 3 {
        out = out.or(or_all(
            each_axis!(flanked[3](empty, other, empty)).map(union),
        ));
    }
    out
}

/// The stones of `owner` that can capture now: a line of the stone, `len` stones of
/// `other`, then an empty point, for `len` in `2..=longest`, along every axis both ways;
/// each such line counted once.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn capture_lines(owner: Bits, other: Bits, empty: Bits, longest: usize) -> u32 {
    let count = |[ahead, back]: [Bits; 2]| ahead.count() + back.count();
    let mut n: u32 = each_axis!(flanked[2](owner, other, empty))
        .into_iter()
        .map(count)
        .sum();
    if longest >= 3 {
        n += each_axis!(flanked[3](owner, other, empty))
            .into_iter()
            .map(count)
            .sum::<u32>();
    }
    n
}

/// The points of `from` followed along the axis `STEP` by `LEN` points of `run` and then a
/// point of `end`, `[ahead, back]`: one set looking ahead (`down`), one looking back.
#[inline(always)]
fn flanked<const STEP: usize, const LEN: usize>(from: Bits, run: Bits, end: Bits) -> [Bits; 2] {
    let (mut ahead, mut back) = (from, from);
    for k in 1..=LEN {
        ahead = ahead.and(run.down(k * STEP));
        back = back.and(run.up(k * STEP));
    }
    [
        ahead.and(end.down((LEN + 1) * STEP)),
        back.and(end.up((LEN + 1) * STEP)),
    ]
}

/// The empty points where a stone of `owner` captures now: the empty end of a line of `len`
/// stones of `other` (for `len` in `2..=longest`) closed by a stone of `owner`.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn capture_points(owner: Bits, other: Bits, empty: Bits, longest: usize) -> Bits {
    let union = |[ahead, back]: [Bits; 2]| ahead.or(back);
    let mut out = or_all(each_axis!(flanked[2](empty, other, owner)).map(union));
    if longest >= 3 {
        out = out.or(or_all(
            each_axis!(flanked[3](empty, other, owner)).map(union),
        ));
    }
    out
}

/// The union of four sets (one an axis).
#[inline(always)]
pub(crate) fn or_all([a, b, c, d]: [Bits; 4]) -> Bits {
    a.or(b).or(c).or(d)
}

/// The points within two of a stone of `stones` (a 5 x 5 square around each).
pub(crate) fn near(stones: Bits) -> Bits {
    let grow = |d: Bits, step: usize| d.or(d.down(step)).or(d.up(step)).and(ALL);
    let rows = grow(grow(stones, 1), 1);
    grow(grow(rows, ROW_BITS), ROW_BITS)
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

/// Whether [`five_points`] is not empty: whether `mine` has a four that its next stone
/// makes a five.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn has_five_point(mine: Bits, empty: Bits) -> bool {
    !axis_five_points::<{ AXES[0] }>(mine, empty).is_empty()
        || !axis_five_points::<{ AXES[1] }>(mine, empty).is_empty()
        || !axis_five_points::<{ AXES[2] }>(mine, empty).is_empty()
        || !axis_five_points::<{ AXES[3] }>(mine, empty).is_empty()
}

/// The empty points where `mine` makes a five: the empty point of each window of five
/// holding four of `mine` and no other stone.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq", "x86_64+avx2"))]
pub(crate) fn five_points(mine: Bits, empty: Bits) -> Bits {
    or_all(each_axis!(axis_five_points(mine, empty)))
}
