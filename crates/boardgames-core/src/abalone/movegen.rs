//! Bulk move generation on bitboards: every legal move of the side to move, found for all
//! marbles at once by shifting the colour sets in the six directions.
//!
//! For a direction with index step `k` and the sets `own`, `opp`, `occ = own | opp` and
//! `empty` (cells of the board with no marble), a move is named by its tail cell `x`:
//!
//! | group | condition on `x` |
//! |---|---|
//! | 1 marble | `own[x]`, `empty[x+k]` |
//! | 2 in-line | `own[x]`, `own[x+k]`, `empty[x+2k]` |
//! | 2 push 1 | `own[x..x+k]`, `opp[x+2k]`, not `occ[x+3k]` (empty or off the board) |
//! | 3 in-line | `own[x..x+2k]`, `empty[x+3k]` |
//! | 3 push 1 | `own[x..x+2k]`, `opp[x+3k]`, not `occ[x+4k]` |
//! | 3 push 2 | `own[x..x+2k]`, `opp[x+3k..x+4k]`, not `occ[x+5k]` |
//! | broadside 2 / 3 | `own` on the line from `x` along an axis `a`, `empty` one step `d` from each |
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

use super::bitboard::{ahead, BOARD};
use super::cell::Direction;

/// The shape byte of a move: `marbles | pushed << 2`.
const fn shape(marbles: u8, pushed: u8) -> u8 {
    marbles | pushed << 2
}

/// Calls `f(tails, dir, axis, shape)` for each group of one direction's in-line moves;
/// stops and returns `true` as soon as `f` does.
#[inline(always)]
fn in_line<const K: i32, F>(
    own: u128,
    opp: u128,
    occ: u128,
    empty: u128,
    dir: Direction,
    f: &mut F,
) -> bool
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    let o1 = own & ahead(own, K);
    let o2 = o1 & ahead(own, 2 * K);
    let p3 = o2 & ahead(opp, 3 * K);
    f(own & ahead(empty, K), dir, dir, shape(1, 0))
        || f(o1 & ahead(empty, 2 * K), dir, dir, shape(2, 0))
        || f(
            o1 & ahead(opp, 2 * K) & !ahead(occ, 3 * K),
            dir,
            dir,
            shape(2, 1),
        )
        || f(o2 & ahead(empty, 3 * K), dir, dir, shape(3, 0))
        || f(p3 & !ahead(occ, 4 * K), dir, dir, shape(3, 1))
        || f(
            p3 & ahead(opp, 4 * K) & !ahead(occ, 5 * K),
            dir,
            dir,
            shape(3, 2),
        )
}

/// Calls `f` for the 2- and 3-marble broadside groups of lines along axis step `A` moving
/// by step `D`.
#[inline(always)]
fn broadside<const A: i32, const D: i32, F>(
    own: u128,
    empty: u128,
    axis: Direction,
    dir: Direction,
    f: &mut F,
) -> bool
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    let pairs = own & ahead(own, A) & ahead(empty, D) & ahead(empty, A + D);
    let triples = pairs & ahead(own, 2 * A) & ahead(empty, 2 * A + D);
    f(pairs, dir, axis, shape(2, 0)) || f(triples, dir, axis, shape(3, 0))
}

/// Enumerates the 60 groups of legal moves of the side owning `own` against `opp`, in the
/// order of the module docs. `f(tails, dir, axis, shape)` receives each group's set of tail
/// cells (possibly empty); returning `true` stops the enumeration.
#[inline(always)]
pub(super) fn for_each_group<F>(own: u128, opp: u128, mut f: F)
where
    F: FnMut(u128, Direction, Direction, u8) -> bool,
{
    use Direction::{E, NE, NW, SE, SW, W};
    let occ = own | opp;
    let empty = BOARD & !occ;
    let f = &mut f;
    let _ = in_line::<1, F>(own, opp, occ, empty, E, f)
        || in_line::<11, F>(own, opp, occ, empty, NE, f)
        || in_line::<10, F>(own, opp, occ, empty, NW, f)
        || in_line::<-1, F>(own, opp, occ, empty, W, f)
        || in_line::<-11, F>(own, opp, occ, empty, SW, f)
        || in_line::<-10, F>(own, opp, occ, empty, SE, f)
        // Lines along E: side steps NE, NW, SW, SE.
        || broadside::<1, 11, F>(own, empty, E, NE, f)
        || broadside::<1, 10, F>(own, empty, E, NW, f)
        || broadside::<1, -11, F>(own, empty, E, SW, f)
        || broadside::<1, -10, F>(own, empty, E, SE, f)
        // Lines along NE: side steps E, NW, W, SE.
        || broadside::<11, 1, F>(own, empty, NE, E, f)
        || broadside::<11, 10, F>(own, empty, NE, NW, f)
        || broadside::<11, -1, F>(own, empty, NE, W, f)
        || broadside::<11, -10, F>(own, empty, NE, SE, f)
        // Lines along NW: side steps E, NE, W, SW.
        || broadside::<10, 1, F>(own, empty, NW, E, f)
        || broadside::<10, 11, F>(own, empty, NW, NE, f)
        || broadside::<10, -1, F>(own, empty, NW, W, f)
        || broadside::<10, -11, F>(own, empty, NW, SW, f);
}

/// The number of legal moves: the sum of the groups' popcounts, no list built.
#[inline]
pub(super) fn count(own: u128, opp: u128) -> usize {
    let mut n = 0u32;
    for_each_group(own, opp, |tails, _, _, _| {
        n += tails.count_ones();
        false
    });
    n as usize
}
