//! Bulk move generation on bitboards: every legal move of the side to move, found for all
//! marbles at once by shifting the colour sets in the six directions.
//!
//! The generator works on three sets: `own`, the marbles of the player to move; `fr`
//! (friendly), the marbles that may join an in-line move: `own` and, with teams (four and six
//! players), the partners' marbles; `opp`, the opposing marbles that a sumito pushes: the
//! opponent's in the two-player game, both opponents' with three players, the other team's
//! with four and six. In the two-player and three-player games `fr == own`, and the formulas
//! below reduce to the two-player ones.
//!
//! For a direction with index step `k`, `occ = fr | opp` and `empty` (cells of the board with
//! no marble), a move is named by its tail cell `x`, which is always an own marble:
//!
//! | group | condition on `x` |
//! |---|---|
//! | 1 marble | `own[x]`, `empty[x+k]` |
//! | 2 in-line | `own[x]`, `fr[x+k]`, `empty[x+2k]` |
//! | 2 push 1 | `own[x]`, `fr[x+k]`, `opp[x+2k]`, not `occ[x+3k]` (empty or off the board) |
//! | 3 in-line | `own[x]`, `fr[x+k..x+2k]`, `empty[x+3k]` |
//! | 3 push 1 | `own[x]`, `fr[x+k..x+2k]`, `opp[x+3k]`, not `occ[x+4k]` |
//! | 3 push 2 | `own[x]`, `fr[x+k..x+2k]`, `opp[x+3k..x+4k]`, not `occ[x+5k]` |
//! | broadside 2 / 3 | `own` on the line from `x` along an axis `a`, `empty` one step `d` from each |
//!
//! Pushes are found from the opponent marbles with an empty cell or the edge behind them
//! (`free1`) and such pairs (`free2`); broadside lines from the "singles" of their
//! direction (own marbles with an empty neighbour there), so each needs two shifts.
//!
//! A step off the board always lands on an always-empty bit (padding, a corner outside the
//! hexagon, or outside `0..128`), and only the last cell of each chain can be off the
//! board, so the conditions are exact. Each (tail, direction) names at most one in-line
//! move, so the groups are disjoint and `count` is a sum of popcounts.
//!
//! Order of the moves ([`for_each_group`]): for each direction `E, NE, NW, W, SW, SE` the six
//! in-line groups in the table's order, then for each axis `E, NE, NW` and each of its four
//! side directions (in [`Direction::ALL`] order) the 2- then 3-marble broadside group;
//! within a group, ascending tail cells.

use multiversion::multiversion;

use super::bitboard::{ahead, BOARD};
use super::cell::Direction;
use super::lanes::{CellSets, Lanes, LANES};

/// The shape byte of a move: `marbles | pushed << 2`.
const fn shape(marbles: u8, pushed: u8) -> u8 {
    marbles | pushed << 2
}

/// The sides of the player to move as the generator sees them (see the module docs):
/// own marbles, friendly marbles (own and partners'), opposing marbles.
#[derive(Copy, Clone, Debug)]
pub(super) struct Sides {
    /// The mover's marbles: tails of every move, the only marbles of broadside moves.
    pub own: u128,
    /// `own` and the partners' marbles: the marbles an in-line line may hold.
    pub fr: u128,
    /// The marbles a sumito pushes.
    pub opp: u128,
}

impl Sides {
    /// The two-player (and three-player) sides: nobody's marbles but one's own move.
    #[inline(always)]
    pub const fn alone(own: u128, opp: u128) -> Sides {
        Sides { own, fr: own, opp }
    }
}

/// The six in-line tail sets of one direction with index step `K`, in the order of the
/// module docs: 1 marble, 2, 2 push 1, 3, 3 push 1, 3 push 2. `single` is
/// `own & ahead(empty, K)`, shared with the broadside moves.
#[inline(always)]
fn in_line<const K: i32>(s: Sides, occ: u128, empty: u128, single: u128) -> [u128; 6] {
    let Sides { own, fr, opp } = s;
    let o1 = own & ahead(fr, K);
    let o2 = o1 & ahead(fr, 2 * K);
    // Opponent marbles with an empty cell or the edge behind them, and such pairs.
    let free1 = opp & !ahead(occ, K);
    let free2 = opp & ahead(free1, K);
    [
        single,
        o1 & ahead(empty, 2 * K),
        o1 & ahead(free1, 2 * K),
        o2 & ahead(empty, 3 * K),
        o2 & ahead(free1, 3 * K),
        o2 & ahead(free2, 3 * K),
    ]
}

/// The 2- and 3-marble broadside tails of lines along axis step `a`, from `side`, the own
/// marbles whose neighbour in the direction of motion is empty: a line may side-step when
/// every one of its marbles is in `side`.
#[inline(always)]
fn broadside<S: CellSets>(side: S, a: i32) -> (S, S) {
    let pairs = side & side.ahead(a);
    (pairs, pairs & side.ahead(2 * a))
}

/// The own marbles whose neighbour in each direction (in [`Direction::ALL`] order) is empty.
#[inline(always)]
fn singles(own: u128, empty: u128) -> [u128; 6] {
    [
        own & ahead(empty, 1),
        own & ahead(empty, 11),
        own & ahead(empty, 10),
        own & ahead(empty, -1),
        own & ahead(empty, -11),
        own & ahead(empty, -10),
    ]
}

/// The 24 broadside tail sets (2 then 3 marbles for each axis and side direction, in the
/// order of the module docs).
#[cfg(not(any(target_feature = "popcnt", target_arch = "aarch64")))]
#[inline(always)]
fn broadsides(s: &[u128; 6]) -> [u128; 24] {
    let mut out = [0u128; 24];
    (out[0], out[1]) = broadside(s[1], 1);
    (out[2], out[3]) = broadside(s[2], 1);
    (out[4], out[5]) = broadside(s[4], 1);
    (out[6], out[7]) = broadside(s[5], 1);
    (out[8], out[9]) = broadside(s[0], 11);
    (out[10], out[11]) = broadside(s[2], 11);
    (out[12], out[13]) = broadside(s[3], 11);
    (out[14], out[15]) = broadside(s[5], 11);
    (out[16], out[17]) = broadside(s[0], 10);
    (out[18], out[19]) = broadside(s[1], 10);
    (out[20], out[21]) = broadside(s[3], 10);
    (out[22], out[23]) = broadside(s[4], 10);
    out
}

/// Calls `f` for the six in-line groups of one direction (see [`in_line`]).
#[inline(always)]
fn emit_in_line<F>(g: [u128; 6], dir: Direction, f: &mut F) -> bool
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    f(g[0], dir, dir, shape(1, 0))
        || f(g[1], dir, dir, shape(2, 0))
        || f(g[2], dir, dir, shape(2, 1))
        || f(g[3], dir, dir, shape(3, 0))
        || f(g[4], dir, dir, shape(3, 1))
        || f(g[5], dir, dir, shape(3, 2))
}

/// Calls `f` for the 2- and 3-marble broadside groups of lines along axis step `A` moving
/// in `dir`, from the singles of `dir`.
#[inline(always)]
fn emit_broadside<const A: i32, F>(side: u128, axis: Direction, dir: Direction, f: &mut F) -> bool
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    let (pairs, triples) = broadside(side, A);
    f(pairs, dir, axis, shape(2, 0)) || f(triples, dir, axis, shape(3, 0))
}

/// Enumerates the 60 groups of legal moves of the player with sides `sides`, in the
/// order of the module docs. `f(tails, dir, axis, shape)` receives each group's set of tail
/// cells (possibly empty) and the shape byte (`marbles | pushed << 2`) of its moves;
/// returning `true` stops the enumeration.
#[inline(always)]
pub(super) fn for_each_group<F>(sides: Sides, mut f: F)
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    use Direction::{E, NE, NW, SE, SW, W};
    let occ = sides.fr | sides.opp;
    let empty = BOARD & !occ;
    let s = singles(sides.own, empty);
    let f = &mut f;
    let _ = emit_in_line(in_line::<1>(sides, occ, empty, s[0]), E, f)
        || emit_in_line(in_line::<11>(sides, occ, empty, s[1]), NE, f)
        || emit_in_line(in_line::<10>(sides, occ, empty, s[2]), NW, f)
        || emit_in_line(in_line::<-1>(sides, occ, empty, s[3]), W, f)
        || emit_in_line(in_line::<-11>(sides, occ, empty, s[4]), SW, f)
        || emit_in_line(in_line::<-10>(sides, occ, empty, s[5]), SE, f)
        // Lines along E: side steps NE, NW, SW, SE.
        || emit_broadside::<1, F>(s[1], E, NE, f)
        || emit_broadside::<1, F>(s[2], E, NW, f)
        || emit_broadside::<1, F>(s[4], E, SW, f)
        || emit_broadside::<1, F>(s[5], E, SE, f)
        // Lines along NE: side steps E, NW, W, SE.
        || emit_broadside::<11, F>(s[0], NE, E, f)
        || emit_broadside::<11, F>(s[2], NE, NW, f)
        || emit_broadside::<11, F>(s[3], NE, W, f)
        || emit_broadside::<11, F>(s[5], NE, SE, f)
        // Lines along NW: side steps E, NE, W, SW.
        || emit_broadside::<10, F>(s[0], NW, E, f)
        || emit_broadside::<10, F>(s[1], NW, NE, f)
        || emit_broadside::<10, F>(s[3], NW, W, f)
        || emit_broadside::<10, F>(s[4], NW, SW, f);
}

/// One carry-save adder step: the sum and carry bits of three bit-planes.
#[cfg(not(any(target_feature = "popcnt", target_arch = "aarch64")))]
#[inline(always)]
fn csa(a: u128, b: u128, c: u128) -> (u128, u128) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// The total number of set bits in 32 masks, by a carry-save adder tree (Harley-Seal):
/// 6 popcounts of `u128` instead of 32, which matters without a hardware popcount.
#[cfg(not(any(target_feature = "popcnt", target_arch = "aarch64")))]
#[inline(always)]
fn popcount_sum(m: &[u128; 32]) -> u32 {
    let (mut ones, mut twos, mut fours, mut eights) = (0u128, 0u128, 0u128, 0u128);
    let mut sixteens = 0u32;
    for b in m.chunks_exact(16) {
        let (o, ta) = csa(ones, b[0], b[1]);
        let (o, tb) = csa(o, b[2], b[3]);
        let (t, fa) = csa(twos, ta, tb);
        let (o, ta) = csa(o, b[4], b[5]);
        let (o, tb) = csa(o, b[6], b[7]);
        let (t, fb) = csa(t, ta, tb);
        let (f, ea) = csa(fours, fa, fb);
        let (o, ta) = csa(o, b[8], b[9]);
        let (o, tb) = csa(o, b[10], b[11]);
        let (t, fa) = csa(t, ta, tb);
        let (o, ta) = csa(o, b[12], b[13]);
        let (o, tb) = csa(o, b[14], b[15]);
        let (t, fb) = csa(t, ta, tb);
        let (f, eb) = csa(f, fa, fb);
        let (e, sixteen) = csa(eights, ea, eb);
        (ones, twos, fours, eights) = (o, t, f, e);
        sixteens += sixteen.count_ones();
    }
    16 * sixteens
        + 8 * eights.count_ones()
        + 4 * fours.count_ones()
        + 2 * twos.count_ones()
        + ones.count_ones()
}

/// The tails of every in-line move in one direction with index step `k`, in five shifts.
///
/// A tail `x` (own) moves when the cell ahead is empty (1 marble), or it is friendly and the
/// next is in `m1` (2 marbles), or both are friendly and the next is in `m2` (3 marbles), where
/// `m1` is
/// the cells a line of 2 can move into (empty, or an opponent marble with a free cell or the
/// edge behind) and `m2` adds the opponent pairs with a free cell behind (for 3 marbles).
/// The six groups of the table are disjoint, so this union counts them all.
#[inline(always)]
fn in_line_union<S: CellSets>(k: i32, own: S, fr: S, opp: S, occ: S, empty: S) -> S {
    let free1 = opp & !occ.ahead(k);
    let m1 = empty | free1;
    let m2 = m1 | (opp & free1.ahead(k));
    let ahead_of_two = empty | (fr & (m1 | (fr & m2.ahead(k))).ahead(k));
    own & ahead_of_two.ahead(k)
}

/// The number of legal moves of the sides `own`, `fr`, `opp` (one position's, or the sum
/// over the lanes of several): 6 in-line and 24 broadside tail sets summed by popcounts, no
/// list built.
#[inline(always)]
fn count_sets<S: CellSets>(own: S, fr: S, opp: S) -> u64 {
    let occ = fr | opp;
    let empty = S::BOARD & !occ;
    let mut n = S::Tally::default();
    let union = |k| in_line_union(k, own, fr, opp, occ, empty);
    S::tally(&mut n, union(1), union(-1));
    S::tally(&mut n, union(11), union(-11));
    S::tally(&mut n, union(10), union(-10));
    // Each side direction's singles, then the 2- and 3-marble lines of the two axes across
    // it. Straight-line calls, not a loop: the caller's loop over lanes must stay the only
    // loop for the compiler to vectorize it.
    let mut side_lines = |d: i32, a: i32, b: i32| {
        let side = own & empty.ahead(d);
        let (pairs, triples) = broadside(side, a);
        S::tally(&mut n, pairs, triples);
        let (pairs, triples) = broadside(side, b);
        S::tally(&mut n, pairs, triples);
    };
    side_lines(1, 11, 10);
    side_lines(-1, 11, 10);
    side_lines(11, 1, 10);
    side_lines(-11, 1, 10);
    side_lines(10, 1, 11);
    side_lines(-10, 1, 11);
    S::total(n)
}

/// The number of legal moves: 6 in-line and 24 broadside tail sets summed by popcounts,
/// no list built. Agrees with [`for_each_group`].
#[cfg(any(target_feature = "popcnt", target_arch = "aarch64"))]
#[inline]
pub(super) fn count(sides: Sides) -> usize {
    count_sets(sides.own, sides.fr, sides.opp) as usize
}

/// The number of legal moves: 6 in-line and 24 broadside tail sets summed by popcounts,
/// no list built. Agrees with [`for_each_group`].
#[cfg(not(any(target_feature = "popcnt", target_arch = "aarch64")))]
#[inline]
pub(super) fn count(sides: Sides) -> usize {
    let occ = sides.fr | sides.opp;
    let empty = BOARD & !occ;
    let s = singles(sides.own, empty);
    let mut m = [0u128; 32];
    m[0] = in_line_union(1, sides.own, sides.fr, sides.opp, occ, empty);
    m[1] = in_line_union(11, sides.own, sides.fr, sides.opp, occ, empty);
    m[2] = in_line_union(10, sides.own, sides.fr, sides.opp, occ, empty);
    m[3] = in_line_union(-1, sides.own, sides.fr, sides.opp, occ, empty);
    m[4] = in_line_union(-11, sides.own, sides.fr, sides.opp, occ, empty);
    m[5] = in_line_union(-10, sides.own, sides.fr, sides.opp, occ, empty);
    m[6..30].copy_from_slice(&broadsides(&s));
    popcount_sum(&m) as usize
}

/// The one-bit set `b` moved `s` cell indices (`s` from -55 to 55); a bit leaving `0..128`
/// is dropped.
#[inline(always)]
fn shifted(b: u128, s: i32) -> u128 {
    ahead(b, -s)
}

/// Children waiting to be counted, [`LANES`] at a time: lane `i` holds the sides of the
/// `i`-th child since the last count (the player to move there and the other).
struct Children {
    own: Lanes,
    opp: Lanes,
    len: usize,
    replies: u64,
}

impl Children {
    fn new() -> Children {
        Children {
            own: Lanes::default(),
            opp: Lanes::default(),
            len: 0,
            replies: 0,
        }
    }

    /// Adds a child; counts the replies of all waiting children when the lanes are full.
    #[inline(always)]
    fn push(&mut self, own: u128, opp: u128) {
        self.own.set(self.len, own);
        self.opp.set(self.len, opp);
        self.len += 1;
        if self.len == LANES {
            self.count();
        }
    }

    /// Counts the replies of the waiting children.
    fn count(&mut self) {
        // Lanes past `len` keep an earlier child: empty them (no marbles, no moves).
        for i in self.len..LANES {
            self.own.set(i, 0);
        }
        self.replies += count_lanes(&self.own, &self.opp);
        self.len = 0;
    }
}

/// The legal moves of the player with marbles `own` (and opponent `opp`), summed over the
/// lanes: one count per lane in a loop that the compiler turns into vector instructions,
/// built for the best instruction set the CPU has (chosen when first called).
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+popcnt",
    "x86_64+avx2+popcnt",
))]
fn count_lanes(own: &Lanes, opp: &Lanes) -> u64 {
    let mut n = 0;
    for i in 0..LANES {
        n += count_sets(own.lane(i), own.lane(i), opp.lane(i));
    }
    n
}

impl Children {
    /// The replies of every child pushed.
    fn total(mut self) -> u64 {
        if self.len > 0 {
            self.count();
        }
        self.replies
    }
}

/// perft to depth 2 for two players: the number of legal replies summed over every legal
/// move of the player with `sides`, each child's bitboards made from the move's group
/// without building a position and counted eight at a time ([`Children`]). `eject_wins`: an
/// ejection ends the game (that child has no replies).
pub(super) fn count_replies(sides: Sides, eject_wins: bool) -> u64 {
    let Sides { own, opp, .. } = sides;
    let mut children = Children::new();
    for_each_group(sides, |tails, dir, axis, shape| {
        let d = dir.delta();
        let marbles = i32::from(shape & 3);
        let pushed = i32::from(shape >> 2);
        let mut t = tails;
        while t != 0 {
            let b = t & t.wrapping_neg();
            t &= t - 1;
            let (me, them) = if axis != dir {
                // Broadside: every marble of the line steps in `dir`.
                let a = axis.delta();
                let mut line = b | shifted(b, a);
                if marbles == 3 {
                    line |= shifted(b, 2 * a);
                }
                (own ^ line ^ shifted(line, d), opp)
            } else {
                // In-line: the tail marble jumps to the front; a pushed front marble moves
                // to the cell past the opponent's line, or off the board.
                let front = shifted(b, marbles * d);
                let me = own ^ b ^ front;
                if pushed == 0 {
                    (me, opp)
                } else {
                    let dst = shifted(b, (marbles + pushed) * d) & BOARD;
                    if dst == 0 && eject_wins {
                        continue;
                    }
                    (me, (opp & !front) | dst)
                }
            };
            children.push(them, me);
        }
        false
    });
    children.total()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed xorshift sequence of two-player sides: disjoint sets of cells.
    fn random_sides(n: usize) -> Vec<Sides> {
        let mut next = super::super::bitboard::xorshift_sets();
        (0..n)
            .map(|_| {
                let own = next() & next() & BOARD;
                let opp = next() & next() & BOARD & !own;
                Sides::alone(own, opp)
            })
            .collect()
    }

    #[test]
    fn the_bulk_count_is_the_number_of_tails_of_every_group() {
        for sides in random_sides(2_000) {
            let mut groups = 0;
            for_each_group(sides, |tails, _, _, _| {
                groups += tails.count_ones() as usize;
                false
            });
            assert_eq!(count(sides), groups, "{sides:?}");
        }
    }

    #[cfg(not(any(target_feature = "popcnt", target_arch = "aarch64")))]
    #[test]
    fn the_adder_tree_counts_like_popcounts() {
        // A fixed xorshift sequence of masks, some dense, some sparse.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..200 {
            let mut m = [0u128; 32];
            for v in m.iter_mut() {
                let bits = u128::from(next()) << 64 | u128::from(next());
                *v = if round % 2 == 0 {
                    bits
                } else {
                    bits & u128::from(next()) & u128::from(next())
                };
            }
            let naive: u32 = m.iter().map(|v| v.count_ones()).sum();
            assert_eq!(popcount_sum(&m), naive);
        }
        assert_eq!(popcount_sum(&[u128::MAX; 32]), 32 * 128);
    }
}
