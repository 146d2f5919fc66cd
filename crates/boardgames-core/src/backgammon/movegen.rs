//! The full-turn generator: every distinct position a roll can lead to, each once, with one
//! canonical play.
//!
//! The generator works in the mover's numbering on the packed counts of [`Board`]
//! (`u128`, four bits per slot) with three point masks: the mover's occupied slots, the
//! points the opponent blocks (2+ checkers, constant during a turn) and the opponent's blots.
//! A step is two additions on the packed counts and a few mask updates, so the search over
//! dice orders needs no allocation and no hash set:
//!
//! * **Doubles**: steps are enumerated with non-increasing source points. For doubles the
//!   multiset of steps and the resulting position determine each other, and a multiset played
//!   from its highest source down is legal whenever any order is, so every result is met
//!   exactly once. Only the longest sequences are kept (use as many dice as possible).
//! * **Other rolls** (`high > low`): first every sequence "high die, then low die", then every
//!   sequence "low, then high" that does not repeat a result already met. Two sequences reach
//!   the same position only when they are the same two steps in the other order (checked by
//!   trying that order), when one checker goes the same way round by both dice (the two
//!   routes differ only if an intermediate point holds a blot), or when two checkers are
//!   borne off with the dice swapped; the last two kinds are checked against a short stack
//!   list of their results. If no sequence uses both dice, the
//!   plays of the higher die alone, or else of the lower die alone. No play at all gives one
//!   result, the pass.
//!
//! Rules: `../shared/rules/backgammon.md` and the reference data's README (entering first,
//! no landing on 2+, hits also on intermediate points, doubles four times, both dice or the
//! higher, bearing off exactly or from the highest point with all checkers home, the game
//! ends when the last checker is off).

use super::board::{made_mask, mirror, nonzero_mask, Board, Side, BAR, HOME_MASK};
use super::dice::Dice;
use super::play::Play;

/// The most distinct results one roll can have, a proven upper bound: for doubles each result
/// is a multiset of (source slot, distance) with distances summing to at most 4, over at most
/// 15 occupied source slots: `15 + 15*15 + C(16,2) + 15*C(16,2) + C(18,4) = 5220`; other rolls
/// have at most `15*15 + 2*15 = 255`. Real positions stay far below (hundreds at most).
pub const MAX_PLAYS: usize = 5220;

/// Receives the results of [`generate`].
pub trait TurnSink {
    /// Forgets every result pushed so far (a play using more dice was found).
    fn clear(&mut self);
    /// One distinct result: the mover's packed counts after the play (own numbering), the
    /// mask of points where blots were hit (mover's numbering), and the steps in playing
    /// order (empty for the pass).
    fn push(&mut self, mover: u128, hits: u32, steps: &[(u8, u8)]);
}

/// The mover's side of the search.
#[derive(Copy, Clone)]
struct State {
    me: u128,
    occ: u32,
    blots: u32,
    hits: u32,
}

impl State {
    #[inline(always)]
    fn step(mut self, from: u32, to: u32) -> State {
        self.me -= 1u128 << (4 * from);
        if (self.me >> (4 * from)) & 15 == 0 {
            self.occ &= !(1 << from);
        }
        self.me += 1u128 << (4 * to);
        if to != 0 {
            self.occ |= 1 << to;
            let bit = self.blots & (1 << to);
            self.hits |= bit;
            self.blots &= !bit;
        }
        self
    }
}

/// Where a checker on `from` (an occupied slot) goes with `die`, or `None` when it may not
/// move: another checker waits on the bar, the point is blocked, or bearing off is not
/// allowed (not all home, or a higher die from below the highest point). `Some(0)` = off.
#[inline(always)]
fn target(occ: u32, blocked: u32, from: u32, die: u32) -> Option<u32> {
    if from != BAR as u32 && occ & (1 << BAR) != 0 {
        return None;
    }
    if from > die {
        let to = from - die;
        if blocked & (1 << to) != 0 {
            None
        } else {
            Some(to)
        }
    } else if occ & !HOME_MASK != 0 {
        None
    } else if from == die || 31 - occ.leading_zeros() == from {
        Some(0)
    } else {
        None
    }
}

/// Whether `x` moves by `dx` and then `y` by `dy`, from `s`.
#[inline(always)]
fn legal_pair(s: State, blocked: u32, x: u32, dx: u32, y: u32, dy: u32) -> bool {
    if s.occ & (1 << x) == 0 {
        return false;
    }
    match target(s.occ, blocked, x, dx) {
        Some(t) => {
            let s1 = s.step(x, t);
            s1.occ & (1 << y) != 0 && target(s1.occ, blocked, y, dy).is_some()
        }
        None => false,
    }
}

/// Generates every distinct result of `side` playing `dice` on `board` into `sink`.
///
/// Results are pushed in a fixed order; at least one (the pass) is always pushed. No
/// allocation. The board should be valid and the game not over.
pub fn generate<S: TurnSink>(board: &Board, side: Side, dice: Dice, sink: &mut S) {
    let me = board.packed(side);
    let opp = board.packed(side.other());
    let opp_occ = nonzero_mask(opp) & 0x01FF_FFFE;
    let opp_made = made_mask(opp) & 0x01FF_FFFE;
    let blocked = mirror(opp_made);
    let st = State {
        me,
        occ: nonzero_mask(me) & 0x03FF_FFFE,
        blots: mirror(opp_occ & !opp_made),
        hits: 0,
    };
    if dice.is_double() {
        let mut steps = [(0u8, 0u8); 4];
        let mut best = 0usize;
        doubles(
            st,
            blocked,
            u32::from(dice.high()),
            0,
            BAR as u32,
            &mut steps,
            &mut best,
            sink,
        );
    } else {
        non_double(
            st,
            blocked,
            u32::from(dice.high()),
            u32::from(dice.low()),
            sink,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn doubles<S: TurnSink>(
    st: State,
    blocked: u32,
    d: u32,
    depth: usize,
    max_from: u32,
    steps: &mut [(u8, u8); 4],
    best: &mut usize,
    sink: &mut S,
) {
    let mut moved = false;
    if depth < 4 {
        let mut m = st.occ & ((2u32 << max_from) - 1);
        while m != 0 {
            let p = 31 - m.leading_zeros();
            m &= !(1 << p);
            if let Some(t) = target(st.occ, blocked, p, d) {
                moved = true;
                steps[depth] = (p as u8, t as u8);
                doubles(st.step(p, t), blocked, d, depth + 1, p, steps, best, sink);
            }
        }
    }
    if !moved {
        if depth > *best {
            sink.clear();
            *best = depth;
        }
        if depth == *best {
            sink.push(st.me, st.hits, &steps[..depth]);
        }
    }
}

/// Results already pushed that another sequence may reach again: one checker moved by both
/// dice (two routes), or two checkers borne off (dice swapped). At most 2 routes for each of
/// 15 sources plus 21 pairs of home points: 51 < 64.
struct Seen {
    keys: [(u128, u32); 64],
    len: usize,
}

impl Seen {
    #[inline(always)]
    fn insert(&mut self, me: u128, hits: u32) -> bool {
        if self.keys[..self.len].contains(&(me, hits)) {
            return false;
        }
        if self.len < self.keys.len() {
            self.keys[self.len] = (me, hits);
            self.len += 1;
        }
        true
    }
}

fn non_double<S: TurnSink>(st: State, blocked: u32, hi: u32, lo: u32, sink: &mut S) {
    let mut any = false;
    let mut seen = Seen {
        keys: [(0, 0); 64],
        len: 0,
    };
    // High die first, then low.
    let mut m = st.occ;
    while m != 0 {
        let p = 31 - m.leading_zeros();
        m &= !(1 << p);
        let Some(t1) = target(st.occ, blocked, p, hi) else {
            continue;
        };
        let s1 = st.step(p, t1);
        let mut m2 = s1.occ;
        while m2 != 0 {
            let q = 31 - m2.leading_zeros();
            m2 &= !(1 << q);
            if let Some(t2) = target(s1.occ, blocked, q, lo) {
                let s2 = s1.step(q, t2);
                any = true;
                let shared = (q == t1 && t1 != 0) || t2 == p || (t1 == 0 && t2 == 0);
                if !shared || seen.insert(s2.me, s2.hits) {
                    sink.push(s2.me, s2.hits, &[(p as u8, t1 as u8), (q as u8, t2 as u8)]);
                }
            }
        }
    }
    // Low die first, then high, skipping results already met.
    let mut m = st.occ;
    while m != 0 {
        let q = 31 - m.leading_zeros();
        m &= !(1 << q);
        let Some(t1) = target(st.occ, blocked, q, lo) else {
            continue;
        };
        let s1 = st.step(q, t1);
        let mut m2 = s1.occ;
        while m2 != 0 {
            let p = 31 - m2.leading_zeros();
            m2 &= !(1 << p);
            let Some(t2) = target(s1.occ, blocked, p, hi) else {
                continue;
            };
            any = true;
            let s2 = s1.step(p, t2);
            let shared = (p == t1 && t1 != 0) || t2 == q || (t1 == 0 && t2 == 0);
            if shared {
                if !seen.insert(s2.me, s2.hits) {
                    continue;
                }
            } else if legal_pair(st, blocked, p, hi, q, lo) {
                // The same two steps, high die first: already pushed.
                continue;
            }
            sink.push(s2.me, s2.hits, &[(q as u8, t1 as u8), (p as u8, t2 as u8)]);
        }
    }
    if any {
        return;
    }
    for die in [hi, lo] {
        let mut found = false;
        let mut m = st.occ;
        while m != 0 {
            let p = 31 - m.leading_zeros();
            m &= !(1 << p);
            if let Some(t) = target(st.occ, blocked, p, die) {
                found = true;
                let s1 = st.step(p, t);
                sink.push(s1.me, s1.hits, &[(p as u8, t as u8)]);
            }
        }
        if found {
            return;
        }
    }
    sink.push(st.me, 0, &[]);
}

/// The board after `side` plays the result `(mover, hits)` pushed by [`generate`].
#[inline]
pub fn result_board(board: &Board, side: Side, mover: u128, hits: u32) -> Board {
    let mut opp = board.packed(side.other());
    let mut h = hits;
    while h != 0 {
        let t = h.trailing_zeros();
        h &= h - 1;
        opp -= 1u128 << (4 * (25 - t));
        opp += 1u128 << (4 * BAR);
    }
    let mut out = *board;
    out.set_packed(side, mover);
    out.set_packed(side.other(), opp);
    out
}

/// Applies a play's steps to `board` for `side` without any check (the play must be legal).
pub fn apply_play(board: &Board, side: Side, play: &Play) -> Board {
    let mut me = board.packed(side);
    let mut hits = 0u32;
    for s in play.steps() {
        me -= 1u128 << (4 * u32::from(s.from));
        me += 1u128 << (4 * u32::from(s.to));
        if s.hit {
            hits |= 1 << s.to;
        }
    }
    result_board(board, side, me, hits)
}

/// A [`TurnSink`] collecting canonical plays into a stack list.
impl<const N: usize> TurnSink for arrayvec::ArrayVec<Play, N> {
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self);
    }
    #[inline]
    fn push(&mut self, _mover: u128, hits: u32, steps: &[(u8, u8)]) {
        arrayvec::ArrayVec::push(self, Play::from_steps(steps, hits));
    }
}

/// A [`TurnSink`] that only counts the results.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CountSink(pub usize);

impl TurnSink for CountSink {
    #[inline]
    fn clear(&mut self) {
        self.0 = 0;
    }
    #[inline]
    fn push(&mut self, _mover: u128, _hits: u32, _steps: &[(u8, u8)]) {
        self.0 += 1;
    }
}
