//! What a player sees in a backgammon position beyond where the checkers stand: the pip
//! counts and the race, how freely the back checkers escape and how well a blockade holds
//! them, primes, home-board and anchor points, the chance to be hit, the chance to stay on
//! the bar, timing and the back game. These are the classes of hand-made inputs that
//! G. Tesauro's later TD-Gammon, H. Berliner's BKG and GNU Backgammon's networks published as
//! useful beside the raw board; each is defined here in its own terms and computed from
//! scratch by bit masks in well under a microsecond, with no allocation.
//!
//! Every feature of a side is seen from that side, in its own numbering: its checkers move
//! from its 24-point (and the bar, 25) down to its 1-point and bear off; the other side's
//! checkers move the other way, from its bar (this side's 0) up through this side's home
//! board. A feature is a number near 0 to 1 (a pip count divided by 100 may pass 1).
//!
//! ```
//! use boardgames_ai::backgammon::{features, FEATURES};
//! use boardgames_core::backgammon::{Board, Side};
//!
//! let f = features(&Board::standard(), Side::X);
//! assert_eq!(f.len(), FEATURES);
//! // 167 pips each: the race is even.
//! assert_eq!(f[0], 1.67);
//! assert_eq!(f[FEATURES - 2], 0.0);
//! ```

use boardgames_core::backgammon::{Board, Side, BAR};

/// The features of one side ([`side_features`]).
pub const SIDE_FEATURES: usize = 10;

/// The features of a position ([`features`]): the side on roll's, the other side's, then the
/// race lead of the side on roll and whether the sides are in contact.
pub const FEATURES: usize = 2 * SIDE_FEATURES + 2;

/// A set of points as bits: bit `p` for point `p` (1 to 24) of the side the mask is seen
/// from.
type Points = u32;

/// Bits 1 to 24: the points of the board.
const BOARD: Points = 0x01FF_FFFE;

/// The 21 distinct rolls with their weight among the 36 (2 for two different dice).
const ROLLS: [(u8, u8, u8); 21] = {
    let mut out = [(0u8, 0u8, 0u8); 21];
    let mut k = 0;
    let mut a = 1u8;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            out[k] = (a, b, if a == b { 1 } else { 2 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

/// One side's checkers, read once from the packed counts: masks in its own numbering (bit `s`
/// for slot `s`) and the sums the features need.
#[derive(Copy, Clone, Debug, Default)]
struct Checkers {
    /// Its points 1 to 24 holding a checker or more.
    any: Points,
    /// Its points 1 to 24 holding two or more: made points.
    made: Points,
    /// Checkers on the bar.
    bar: u8,
    /// The pip count.
    pips: u32,
    /// Pips beyond its 6-point of its checkers outside its home board.
    timing: u32,
}

impl Checkers {
    fn of(board: &Board, side: Side) -> Checkers {
        let packed = board.packed(side);
        let mut c = Checkers::default();
        for slot in 1..=24u32 {
            let n = (packed >> (4 * slot)) as u8 & 15;
            if n > 0 {
                c.any |= 1 << slot;
                if n > 1 {
                    c.made |= 1 << slot;
                }
                c.pips += u32::from(n) * slot;
                c.timing += u32::from(n) * slot.saturating_sub(6);
            }
        }
        c.bar = (packed >> (4 * BAR)) as u8 & 15;
        c.pips += u32::from(c.bar) * 25;
        c
    }
}

/// A set of points of one side seen in the other side's numbering: slot `s` is the other's
/// `25 - s`.
#[inline]
fn mirrored(points: Points) -> Points {
    points.reverse_bits() >> 6
}

/// The features of `on_roll`, then of the other side, then the race lead and contact, for
/// `on_roll` to roll on `board`; see [`side_features`] for a side's.
#[must_use]
pub fn features(board: &Board, on_roll: Side) -> [f32; FEATURES] {
    let me = Checkers::of(board, on_roll);
    let them = Checkers::of(board, on_roll.other());
    let mut out = [0f32; FEATURES];
    out[..SIDE_FEATURES].copy_from_slice(&side_of(&me, &them));
    out[SIDE_FEATURES..2 * SIDE_FEATURES].copy_from_slice(&side_of(&them, &me));
    out[2 * SIDE_FEATURES] = (them.pips as f32 - me.pips as f32) / 100.0;
    out[2 * SIDE_FEATURES + 1] = f32::from(u8::from(contact(board)));
    out
}

/// The features of `side` on `board`, whoever is on roll, in this order:
///
/// 0. its pip count / 100;
/// 1. the escapes of its rearmost checker ([`escapes`], a share of the 36 rolls), 1 when it
///    has none left;
/// 2. the blockade it faces: the fewest escapes from any of its points 13 to 24 (whether it
///    has a checker there or not);
/// 3. its longest prime (points in a row holding two or more of its checkers) / 6, at most
///    1;
/// 4. its home-board points made (its 1- to 6-points) / 6;
/// 5. its anchors (points made in the other side's home board, its 19- to 24-points) / 3, at
///    most 1;
/// 6. the chance to be hit: the share of the other side's 36 rolls that hit one of its blots
///    ([`shots`]);
/// 7. the chance to stay on the bar: with a checker on the bar, the share of the 36 rolls
///    that enter none (the square of the other side's home points made, / 36); else 0;
/// 8. its timing: the pips of its checkers outside its home board beyond its 6-point (what
///    it can move before it must break its board) / 100;
/// 9. the back game: 1 when it holds two or more anchors, else 0.
#[must_use]
pub fn side_features(board: &Board, side: Side) -> [f32; SIDE_FEATURES] {
    side_of(
        &Checkers::of(board, side),
        &Checkers::of(board, side.other()),
    )
}

/// [`side_features`] of the side of `me` against the side of `them`.
fn side_of(me: &Checkers, them: &Checkers) -> [f32; SIDE_FEATURES] {
    let rearmost = if me.bar > 0 {
        Some(BAR as u32)
    } else {
        (me.any != 0).then(|| 31 - me.any.leading_zeros())
    };
    let rear = rearmost.map_or(1.0, |p| escape_share(p, them.made));
    let blockade = (13..=24)
        .map(|p| escape_share(p, them.made))
        .fold(1.0f32, f32::min);
    let anchors = (me.made >> 19 & 0x3F).count_ones();
    // The other side's home board is its 1- to 6-points.
    let their_home = (them.made >> 1 & 0x3F).count_ones();
    let dance = if me.bar > 0 {
        (their_home * their_home) as f32 / 36.0
    } else {
        0.0
    };
    [
        me.pips as f32 / 100.0,
        rear,
        blockade,
        (longest_run(me.made) as f32 / 6.0).min(1.0),
        (me.made >> 1 & 0x3F).count_ones() as f32 / 6.0,
        (anchors as f32 / 3.0).min(1.0),
        shot_share(me, them),
        dance,
        me.timing as f32 / 100.0,
        f32::from(u8::from(anchors >= 2)),
    ]
}

/// The most points in a row of `points`.
fn longest_run(points: Points) -> u32 {
    let (mut m, mut n) = (points, 0);
    while m != 0 {
        m &= m << 1;
        n += 1;
    }
    n
}

/// Whether some checker of one side has a checker of the other side still ahead of it: the
/// game is not yet a race.
#[must_use]
pub fn contact(board: &Board) -> bool {
    match (rearmost(board, Side::X), rearmost(board, Side::O)) {
        // O's rearmost checker on its slot t is on X's 25 - t.
        (Some(x), Some(o)) => x + o > 25,
        _ => false,
    }
}

/// The slot (1 to 25, in its own numbering) of `side`'s rearmost checker, from the packed
/// counts (a nibble a slot, slot 0 the checkers off).
#[inline]
fn rearmost(board: &Board, side: Side) -> Option<u32> {
    let on_board = board.packed(side) & !15;
    (on_board != 0).then(|| (127 - on_board.leading_zeros()) / 4)
}

/// The share of the 36 rolls with which a checker on point `from` (1 to 25, 25 the bar) of a
/// side passes every point the other side has made (`blocks`, in the side's numbering) within
/// the 12 points in front of it: it lands beyond the last of them, each die landing on a point
/// not made (a checker on the bar enters on its 25 − die). With no such point in front the
/// checker is free: 1. For example, a checker on the 24-point with only the 18-point made in
/// front of it escapes with the 18 rolls of two different dice that make 7 pips or more (a
/// 6-1 played 1 first) and with 4-4 and 5-5: 20 of 36.
#[must_use]
pub fn escapes(from: usize, blocks: Points) -> f32 {
    escape_share(from.clamp(1, 25) as u32, mirrored(blocks & BOARD))
}

/// [`escapes`] from `from` (1 to 25) with the points made given in the other side's
/// numbering (`their_made`): the point `k` pips ahead, this side's `from - k`, is the other
/// side's `25 - from + k`, bit `k - 1` of `their_made >> (26 - from)`.
#[inline]
fn escape_share(from: u32, their_made: Points) -> f32 {
    let ahead = (their_made >> (26 - from)) & ((1 << REACH) - 1);
    f32::from(escape_count(ahead as usize)) / 36.0
}

/// The farthest a checker moves in one roll before it must be past the last point made
/// within 12 in front: 12 + 6.
const REACH: usize = 18;

/// The escaping rolls of 36 ([`escaping_rolls`]) for the set of points made ahead `ahead`
/// (bit k - 1 the point k pips ahead, up to [`REACH`]), from a table of every set filled as
/// sets are met: an entry holds the count plus one, 0 until worked out. (Working out all
/// 2^18 at once took some 30 ms, most of a program's start.)
fn escape_count(ahead: usize) -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static TABLE: std::sync::OnceLock<Box<[AtomicU8]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| (0..1usize << REACH).map(|_| AtomicU8::new(0)).collect());
    let Some(slot) = table.get(ahead) else {
        return escaping_rolls(ahead as u32);
    };
    match slot.load(Ordering::Relaxed) {
        0 => {
            let count = escaping_rolls(ahead as u32);
            slot.store(count + 1, Ordering::Relaxed);
            count
        }
        stored => stored - 1,
    }
}

/// The rolls of 36 with which a checker passes the points made within 12 pips in front of it
/// (`ahead`, by distance as in [`escape_count`]), landing only where nothing is made.
fn escaping_rolls(ahead: u32) -> u8 {
    let Some(last) = (1..=12).rev().find(|k| ahead & (1 << (k - 1)) != 0) else {
        return 36;
    };
    let open = |d: u32| d > REACH as u32 || ahead & (1 << (d - 1)) == 0;
    let mut count = 0;
    for &(a, b, w) in &ROLLS {
        let (a, b) = (u32::from(a), u32::from(b));
        let escaped = if a == b {
            (1..=4)
                .map(|n| n * a)
                .take_while(|&d| open(d))
                .any(|d| d > last)
        } else {
            let one = |d: u32| open(d) && d > last;
            let both = |d: u32| open(d) && open(a + b) && a + b > last;
            one(a) || one(b) || both(a) || both(b)
        };
        if escaped {
            count += w;
        }
    }
    count
}

/// The share of the 36 rolls of the other side with which it can hit a blot of `side` (a
/// point holding one of its checkers): a checker of the other side reaches the blot with one
/// die, or with both (or up to four moves of a double), each landing on a point `side` has not
/// made. A checker of the other side on the bar must enter first: with one there, the entering
/// checker uses one die and any checker the other; with two or more, both dice enter (of a
/// double, as many as are on the bar). The rule that both dice be played where they can is
/// left out: a count of threats, not of legal plays.
#[must_use]
pub fn shots(board: &Board, side: Side) -> f32 {
    shot_share(
        &Checkers::of(board, side),
        &Checkers::of(board, side.other()),
    )
}

/// [`shots`] at the blots of `me` by `them`.
fn shot_share(me: &Checkers, them: &Checkers) -> f32 {
    let blots = me.any & !me.made;
    if blots == 0 {
        return 0.0;
    }
    let theirs = mirrored(them.any) & BOARD;
    let on_bar = u32::from(them.bar);
    let mut count = 0u32;
    for &(a, b, w) in &ROLLS {
        if hits(theirs, on_bar, me.made, blots, a, b) {
            count += u32::from(w);
        }
    }
    count as f32 / 36.0
}

/// Whether the other side, with checkers on `from` (bits, in the victim's numbering) and
/// `on_bar` on the bar, hits a blot of `blots` with the roll `a`-`b`, landing only on points
/// not in `made`.
fn hits(from: Points, on_bar: u32, made: Points, blots: Points, a: u8, b: u8) -> bool {
    let open = BOARD & !made;
    let step = |m: Points, d: u8| (m << d) & open;
    if a == b {
        let mut moving = from;
        let mut left = 4;
        if on_bar > 0 {
            let entry = step(1, a);
            if entry == 0 {
                return false;
            }
            if entry & blots != 0 {
                return true;
            }
            let entered = on_bar.min(4);
            left -= entered;
            moving |= entry;
        }
        let mut reach = moving;
        for _ in 0..left {
            reach = step(reach, a);
            if reach & blots != 0 {
                return true;
            }
        }
        return false;
    }
    // Entering checkers: bit 0 is the bar.
    let enter = |d: u8| step(1, d);
    match on_bar {
        0 => {
            let one = step(from, a) | step(from, b);
            let two = step(step(from, a), b) | step(step(from, b), a);
            (one | two) & blots != 0
        }
        1 => [(a, b), (b, a)].into_iter().any(|(d, e)| {
            let entry = enter(d);
            entry != 0 && (entry & blots != 0 || step(from | entry, e) & blots != 0)
        }),
        _ => (enter(a) | enter(b)) & blots != 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from `side`'s counts on its own points (point, count) and the other side's on
    /// its own points, nothing on the bar or off beyond what is given; the rest off.
    fn board(x: &[(usize, u8)], o: &[(usize, u8)]) -> Board {
        let mut b = Board::EMPTY;
        for &(p, n) in x {
            b.set_count(Side::X, p, n);
        }
        for &(p, n) in o {
            b.set_count(Side::O, p, n);
        }
        let x_left: u8 = x.iter().map(|&(_, n)| n).sum();
        let o_left: u8 = o.iter().map(|&(_, n)| n).sum();
        b.set_count(Side::X, 0, 15 - x_left);
        b.set_count(Side::O, 0, 15 - o_left);
        b
    }

    /// The bits of the given points.
    fn points(ps: &[u32]) -> Points {
        ps.iter().fold(0, |m, &p| m | 1 << p)
    }

    #[test]
    fn escapes_worked_by_hand() {
        // Nothing made in front: free.
        assert_eq!(escapes(24, 0), 1.0);
        // A block on the 18-point only, checker on the 24-point: to pass it the checker must
        // land on the 17-point or lower, 7 pips or more: every non-double that sums to 7+
        // without landing on 18 (6-1 lands on 18 first with the 6, but 1 then 6 lands on 23
        // then 17: it escapes), and the doubles 4-4, 5-5, 6-6 (6-6 lands on 18: blocked),
        // 2-2 (8 pips: 22, 20, 18 blocked), 3-3 (21, 18 blocked).
        // Non-doubles of sum >= 7: 6-1 5-2 4-3 6-2 5-3 6-3 5-4 6-4 5-5(d) ... counted:
        // sums 7: 6-1, 5-2, 4-3 (3 x 2); 8: 6-2, 5-3 (2 x 2); 9: 6-3, 5-4; 10: 6-4; 11: 6-5:
        // 3 + 2 + 2 + 1 + 1 = 9 rolls x 2 = 18; of them 6-x lands on 18 with the 6 first but
        // can play the other die first unless it lands on 18 (none does: 24 - 1..5 = 23..19).
        // Doubles: 4-4 (20, 16: yes), 5-5 (19, 14: yes), 6-6 (18: no) = 2.
        let b = points(&[18]);
        assert_eq!(escapes(24, b), 20.0 / 36.0);
        // A full prime from the 18- to the 23-point in front of a checker on the 24-point:
        // no roll passes it.
        let prime = points(&[18, 19, 20, 21, 22, 23]);
        assert_eq!(escapes(24, prime), 0.0);
        // The same prime seen from the bar: it is 7 points away from the 18-point... the
        // checker must enter on 19 to 24: only the 24-point is open, with a 1; then pass 18
        // to 23: impossible with the other die (at most 6 more, to 18 blocked). 1-1: 24, 23
        // blocked. So 0.
        assert_eq!(escapes(25, prime), 0.0);
        // A block 13 points away is outside the window: free.
        assert_eq!(escapes(24, points(&[11])), 1.0);
    }

    #[test]
    fn longest_prime_and_runs() {
        assert_eq!(longest_run(0), 0);
        assert_eq!(longest_run(points(&[4, 5, 6, 8])), 3);
        assert_eq!(longest_run(points(&[1, 2, 3, 4, 5, 6, 7])), 7);
    }

    #[test]
    fn the_start_worked_by_hand() {
        let f = side_features(&Board::standard(), Side::X);
        // 2 x 24 + 5 x 13 + 3 x 8 + 5 x 6 = 167 pips.
        assert_eq!(f[0], 1.67);
        // The rearmost checkers (24-point) face O's 13-point (X's 12) and 8-point (X's 17)
        // and 6-point (X's 19) within 12 points: the last made point in front is the
        // 12-point, so a checker must reach the 11-point or lower: 13 pips or more: none of
        // the non-doubles; doubles 4-4 (20, 16, 12 blocked), 5-5 (19 blocked), 6-6 (18, 12
        // blocked), 3-3 (21, 18, 15, 12 blocked): none. 0.
        assert_eq!(f[1], 0.0);
        // Made points 6, 8, 13, 24: longest prime 1.
        assert_eq!(f[3], 1.0 / 6.0);
        assert_eq!(f[4], 1.0 / 6.0);
        // The 24-point is an anchor (one of three counted).
        assert_eq!(f[5], 1.0 / 3.0);
        // No blots, no bar.
        assert_eq!(f[6], 0.0);
        assert_eq!(f[7], 0.0);
        // Outside the home board: 2 x (24 - 6) + 5 x (13 - 6) + 3 x (8 - 6) = 36 + 35 + 6.
        assert_eq!(f[8], 0.77);
        assert_eq!(f[9], 0.0);
        assert!(contact(&Board::standard()));
    }

    #[test]
    fn direct_and_combination_shots_worked_by_hand() {
        // An X blot on its 10-point, an O checker on X's 4-point (O's 21-point), so 6 away.
        // Rolls that hit: any 6 (11 rolls), 5-1, 4-2, 3-3 (3+3), 2-2 (2 then 4 then 6), 1-5,
        // 2-4: 5-1 and 4-2 are two each: 4; 3-3 and 2-2: 2; so 11 + 4 + 2 = 17. X has nothing
        // made to block.
        let b = board(&[(10, 1), (1, 14)], &[(21, 1), (1, 14)]);
        // O's checkers on its 1-point are X's 24-point: behind the blot (they move up from
        // 24: already past it). Only the checker on X's 4-point counts.
        assert_eq!(shots(&b, Side::X), 17.0 / 36.0);
        // X makes its 7- and 8-points: 5-1 (4 -> 9 -> 10: 9 open, 4 -> 5 -> 10 open) still
        // hits; 4-2: 8 blocked, 6 open then 10: hits; 3-3: 7 blocked: no; 2-2: 6, 8 blocked:
        // no. 11 + 4 = 15.
        let b = board(&[(10, 1), (7, 2), (8, 2), (1, 10)], &[(21, 1), (1, 14)]);
        assert_eq!(shots(&b, Side::X), 15.0 / 36.0);
    }

    #[test]
    fn shots_from_the_bar() {
        // Two O checkers on the bar; an X blot on its 3-point, X's other checkers off. With
        // two dice O enters both and hits only by entering on the 3-point: any 3 (11 rolls).
        // With 1-1 it enters both on the 1-point and moves one on to the 3-point: 12.
        let mut b = board(&[(3, 1)], &[]);
        b.set_count(Side::O, 0, 13);
        b.set_count(Side::O, BAR, 2);
        assert_eq!(shots(&b, Side::X), 12.0 / 36.0);
        // One on the bar: it enters with one die, then any checker (it too) plays the other:
        // any 3, and 2-1 (two of the 36: enter on 1 or 2, then on to the 3-point), 1-1 (1, 2,
        // 3): 11 + 2 + 1 = 14.
        b.set_count(Side::O, 0, 14);
        b.set_count(Side::O, BAR, 1);
        assert_eq!(shots(&b, Side::X), 14.0 / 36.0);
    }

    #[test]
    fn dancing_on_the_bar_and_the_back_game() {
        // X on the bar against a 4-point board (O's 1- to 4-points: X's 21 to 24): it stays
        // out with (4/6)^2 = 16/36.
        let mut b = board(&[(6, 5)], &[(1, 2), (2, 2), (3, 2), (4, 2), (13, 2)]);
        b.set_count(Side::X, BAR, 1);
        b.set_count(Side::X, 0, 9);
        let f = side_features(&b, Side::X);
        assert_eq!(f[7], 16.0 / 36.0);
        // X with anchors on O's 2- and 4-points (X's 23 and 21): a back game.
        let b = board(&[(23, 2), (21, 2), (6, 4)], &[(6, 5), (8, 3)]);
        let f = side_features(&b, Side::X);
        assert_eq!(f[9], 1.0);
        assert_eq!(f[5], 2.0 / 3.0);
    }

    /// Contact by the counts: some checker of `side` is behind the other side's rearmost.
    fn has_contact(board: &Board, side: Side) -> bool {
        let mine = board.counts(side);
        let theirs = board.counts(side.other());
        let my_back = (1..=BAR).rev().find(|&s| mine[s] > 0);
        let their_back = (1..=BAR).rev().find(|&s| theirs[s] > 0).map(|s| 25 - s);
        matches!((my_back, their_back), (Some(m), Some(t)) if m > t)
    }

    #[test]
    fn contact_agrees_with_the_counts_over_random_games() {
        use boardgames_core::backgammon::{Backgammon, Dice};
        use boardgames_core::rand::{Rng, SeedableRng};
        let mut rng = boardgames_core::ChaCha8Rng::seed_from_u64(9);
        let (mut races, mut seen) = (0, 0);
        for _ in 0..40 {
            let mut pos = Backgammon::new();
            while !pos.is_over() {
                let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
                pos.set_dice(Some(dice));
                let plays = pos.plays(dice);
                let play = plays[rng.random_range(0..plays.len())];
                pos = pos.after(&play);
                let b = pos.board();
                assert_eq!(contact(b), has_contact(b, Side::X), "{b:?}");
                assert_eq!(contact(b), has_contact(b, Side::O), "{b:?}");
                seen += 1;
                races += usize::from(!contact(b));
            }
        }
        assert!(races > 0 && races < seen, "{races} of {seen}");
    }

    #[test]
    fn a_race_has_no_contact() {
        let b = board(&[(6, 5), (5, 5)], &[(6, 5), (5, 5)]);
        assert!(!contact(&b));
        let f = features(&b, Side::X);
        assert_eq!(f[FEATURES - 1], 0.0);
        assert_eq!(f[FEATURES - 2], 0.0);
    }
}
