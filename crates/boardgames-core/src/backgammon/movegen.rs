//! The full-turn generator: every distinct position a roll can lead to, each once, with one
//! canonical play.
//!
//! The generator works in the mover's numbering on the packed counts of [`Board`]
//! (`u128`, four bits per slot) with three point masks: the mover's occupied slots, the
//! points the opponent blocks (2+ checkers, constant during a turn) and the opponent's blots.
//! A step is one table addition on the mover's packed counts (the move by that die from
//! that slot), a hit one on the opponent's (the checker to its bar), and a few mask
//! updates; every result reaches the sink with both sides' counts made, so the search over
//! dice orders needs no allocation and no hash set:
//!
//! * **Doubles**: steps are enumerated with non-increasing source points. For doubles the
//!   multiset of steps and the resulting position determine each other, and a multiset played
//!   from its highest source down is legal whenever any order is, so every result is met
//!   exactly once. Only the longest sequences are kept (use as many dice as possible).
//! * **Other rolls** (`high > low`): first every sequence "high die, then low die", then every
//!   sequence "low, then high" that does not repeat a result already met. Two sequences reach
//!   the same position only when they are the same two steps in the other order (checked
//!   against the sources the first pass found after each high step), when one checker goes
//!   the same way round by both dice (the two routes differ only if an intermediate point
//!   holds a blot), or when two checkers are borne off with the dice swapped. Without a
//!   checker on the bar or a possible bear-off, the routes are told apart by which points
//!   they pass hold opposing checkers; otherwise the last two kinds are checked against a
//!   short stack list of their results. If no sequence uses both dice, the plays of the
//!   higher die alone, or else of the lower die alone. No play at all gives one result, the
//!   pass.
//!
//! Rules: `docs/rules/backgammon.md` and the reference data's README (entering first,
//! no landing on 2+, hits also on intermediate points, doubles four times, both dice or the
//! higher, bearing off exactly or from the highest point with all checkers home, the game
//! ends when the last checker is off).

use super::board::{Board, Side, BAR, HOME_MASK};
use super::dice::Dice;
use super::masks::turn_masks;
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
    /// opponent's packed counts after it (own numbering, the hit checkers on its bar), the
    /// mask of points where blots were hit (mover's numbering), and the steps in playing
    /// order (empty for the pass). [`board_of`] makes the board of the two counts.
    fn push(&mut self, mover: u128, opponent: u128, hits: u32, steps: &[(u8, u8)]);
}

/// `ONE[i]`: one checker in slot `i` of the packed counts (32 entries, so that an index
/// masked with 31 needs no bounds check; slots past 25 are 0).
const ONE: [u128; 32] = {
    let mut t = [0u128; 32];
    let mut i = 0;
    while i < 26 {
        t[i] = 1u128 << (4 * i);
        i += 1;
    }
    t
};

/// `NIB[i]`: the four bits of slot `i` of the packed counts (32 entries, as [`ONE`]).
const NIB: [u128; 32] = {
    let mut t = [0u128; 32];
    let mut i = 0;
    while i < 26 {
        t[i] = 15u128 << (4 * i);
        i += 1;
    }
    t
};

/// `STEP[d][p]`: what moving one checker from slot `p` (1..=25) by `d` pips (1..=6) adds to
/// the mover's packed counts, modulo 2^128: one checker from `p` to `p - d`, or to slot 0
/// (off) when `d >= p`. 0 elsewhere (8 x 32 entries, for indices masked as [`ONE`]'s).
const STEP: [[u128; 32]; 8] = {
    let mut t = [[0u128; 32]; 8];
    let mut d = 1;
    while d <= 6 {
        let mut p: usize = 1;
        while p < 26 {
            let to = p.saturating_sub(d);
            t[d][p] = ONE[to].wrapping_sub(ONE[p]);
            p += 1;
        }
        d += 1;
    }
    t
};

/// A slot index (`0..=25`) for the tables, masked so that it needs no bounds check.
#[inline(always)]
const fn slot(i: u32) -> usize {
    (i & 31) as usize
}

/// The index into [`HIT`] of a step to `to` that hit (`hit != 0`) or not (0, no change).
#[inline(always)]
const fn hit_slot(hit: u32, to: u32) -> usize {
    (if hit != 0 { to } else { 0 } & 63) as usize
}

/// The mover's side of the search.
#[derive(Copy, Clone)]
struct State {
    me: u128,
    /// The opponent's packed counts (own numbering) with the hits so far on its bar.
    opp: u128,
    occ: u32,
    blots: u32,
    hits: u32,
}

impl State {
    /// One checker from `from` to `to = from.saturating_sub(die)`.
    #[inline(always)]
    fn step(self, from: u32, to: u32, die: u32) -> State {
        if to != 0 {
            self.step_to_point(from, to, die)
        } else {
            self.leave(from, die)
        }
    }

    /// One checker from `from` to the point `to = from - die` (not borne off).
    #[inline(always)]
    fn step_to_point(mut self, from: u32, to: u32, die: u32) -> State {
        self = self.leave(from, die);
        self.occ |= 1 << to;
        let bit = self.blots & (1 << to);
        self.hits |= bit;
        self.blots &= !bit;
        self.opp = self.opp.wrapping_add(HIT[hit_slot(bit, to)]);
        self
    }

    /// The counts of a checker moving from `from` by `die`, and `from`'s bit if it empties.
    #[inline(always)]
    fn leave(mut self, from: u32, die: u32) -> State {
        self.me = self.me.wrapping_add(STEP[(die & 7) as usize][slot(from)]);
        if self.me & NIB[slot(from)] == 0 {
            self.occ &= !(1 << from);
        }
        self
    }
}

/// Generates every distinct result of `side` playing `dice` on `board` into `sink`.
///
/// Results are pushed in a fixed order; at least one (the pass) is always pushed. No
/// allocation. The board should be valid and the game not over.
pub fn generate<S: TurnSink>(board: &Board, side: Side, dice: Dice, sink: &mut S) {
    let me = board.packed(side);
    let opp = board.packed(side.other());
    let masks = turn_masks(me, opp);
    let blocked = masks.blocked;
    let st = State {
        me,
        opp,
        occ: masks.occupied,
        blots: masks.blots,
        hits: 0,
    };
    if dice.is_double() {
        let d = u32::from(dice.high());
        let open = !blocked & 0x01FF_FFFE;
        if st.occ & (1 << BAR) == 0 && outside(st.me, st.occ) >= 4 {
            doubles::<true, S>(st, open << d, d, sink);
        } else {
            doubles::<false, S>(st, open << d, d, sink);
        }
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

/// The sources that may move by `d` (`ok` = open points shifted up by `d`): only the bar
/// while a checker is on it; otherwise points whose target is open, and when all checkers
/// are home the point `d` and, if no checker is higher than `d`, the highest point.
#[inline(always)]
fn sources(occ: u32, ok: u32, d: u32) -> u32 {
    if occ & (1 << BAR) != 0 {
        return occ & ok & (1 << BAR);
    }
    let mut m = occ & ok;
    if occ != 0 && occ & !HOME_MASK == 0 {
        m |= occ & (1 << d);
        let top = 31 - occ.leading_zeros();
        if top < d {
            m |= 1 << top;
        }
    }
    m
}

/// Pushes a result that used `depth` steps, keeping only the longest plays.
#[inline(always)]
fn leaf<S: TurnSink>(st: &State, steps: &[(u8, u8)], best: &mut usize, sink: &mut S) {
    let depth = steps.len();
    if depth > *best {
        sink.clear();
        *best = depth;
    }
    if depth == *best {
        sink.push(st.me, st.opp, st.hits, steps);
    }
}

/// Doubles: four nested levels of steps with non-increasing sources.
///
/// `CONTACT`: no checker is on the bar and at least four are outside the home board, so no
/// checker can be borne off within the four steps (each step brings at most one checker
/// home); the sources are then the points whose target is open, and no target is 0.
fn doubles<const CONTACT: bool, S: TurnSink>(st0: State, ok: u32, d: u32, sink: &mut S) {
    let mut best = 0usize;
    let mut steps = [(0u8, 0u8); 4];
    let below = |p: u32| (2u32 << p) - 1;
    let sources = |occ: u32| {
        if CONTACT {
            occ & ok
        } else {
            sources(occ, ok, d)
        }
    };
    let target = |p: u32| if CONTACT { p - d } else { p.saturating_sub(d) };
    let step = |st: State, p: u32, t: u32| {
        if CONTACT {
            st.step_to_point(p, t, d)
        } else {
            st.step(p, t, d)
        }
    };
    let mut m0 = sources(st0.occ);
    if m0 == 0 {
        sink.push(st0.me, st0.opp, 0, &[]);
        return;
    }
    while m0 != 0 {
        let p0 = 31 - m0.leading_zeros();
        m0 &= !(1 << p0);
        let t0 = target(p0);
        steps[0] = (p0 as u8, t0 as u8);
        let st1 = step(st0, p0, t0);
        let mut m1 = sources(st1.occ) & below(p0);
        if m1 == 0 {
            leaf(&st1, &steps[..1], &mut best, sink);
            continue;
        }
        while m1 != 0 {
            let p1 = 31 - m1.leading_zeros();
            m1 &= !(1 << p1);
            let t1 = target(p1);
            steps[1] = (p1 as u8, t1 as u8);
            let st2 = step(st1, p1, t1);
            let mut m2 = sources(st2.occ) & below(p1);
            if m2 == 0 {
                leaf(&st2, &steps[..2], &mut best, sink);
                continue;
            }
            while m2 != 0 {
                let p2 = 31 - m2.leading_zeros();
                m2 &= !(1 << p2);
                let t2 = target(p2);
                steps[2] = (p2 as u8, t2 as u8);
                let st3 = step(st2, p2, t2);
                let mut m3 = sources(st3.occ) & below(p2);
                if m3 == 0 {
                    leaf(&st3, &steps[..3], &mut best, sink);
                    continue;
                }
                if best < 4 {
                    sink.clear();
                    best = 4;
                }
                while m3 != 0 {
                    let p3 = 31 - m3.leading_zeros();
                    m3 &= !(1 << p3);
                    let t3 = target(p3);
                    steps[3] = (p3 as u8, t3 as u8);
                    let me = st3.me.wrapping_add(STEP[(d & 7) as usize][slot(p3)]);
                    let hit = if CONTACT || t3 != 0 {
                        st3.blots & (1 << t3)
                    } else {
                        0
                    };
                    let opp = st3.opp.wrapping_add(HIT[hit_slot(hit, t3)]);
                    sink.push(me, opp, st3.hits | hit, &steps);
                }
            }
        }
    }
}

/// Results already pushed that another sequence may reach again: one checker moved by both
/// dice (two routes), or two checkers borne off (dice swapped). At most 2 routes for each of
/// 15 sources plus 21 pairs of home points: 51 < 64.
struct Seen {
    keys: arrayvec::ArrayVec<(u128, u32), 64>,
}

impl Seen {
    #[inline(always)]
    fn insert(&mut self, me: u128, hits: u32) -> bool {
        if self.keys.contains(&(me, hits)) {
            return false;
        }
        let _ = self.keys.try_push((me, hits));
        true
    }
}

/// The number of checkers of `me` outside its home board (points 7..=24), exact up to 3
/// outside points and at least 4 beyond.
#[inline(always)]
fn outside(me: u128, occ: u32) -> u32 {
    let points = occ & 0x01FF_FF80;
    if points.count_ones() >= 4 {
        return points.count_ones();
    }
    let mut total = 0;
    let mut m = points;
    while m != 0 {
        total += ((me >> (4 * m.trailing_zeros())) & 15) as u32;
        m &= m - 1;
    }
    total
}

/// Whether `me` has at least two checkers outside its home board (points 7..=24), so that
/// no checker can be borne off within two steps.
#[inline(always)]
fn two_outside(me: u128, occ: u32) -> bool {
    let outside = occ & 0x01FF_FF80;
    match outside.count_ones() {
        0 => false,
        1 => (me >> (4 * outside.trailing_zeros())) & 15 >= 2,
        _ => true,
    }
}

/// Other rolls without a checker on the bar and without any bear-off possible: every step's
/// legality depends only on the blocked points, so every two-checker sequence "low, then high"
/// is also legal "high, then low", and only one checker's route by the low die first adds
/// results.
///
/// Two sequences reach the same result only as one checker's route from `x` to
/// `x - high - low` (`hits` included): by the high die first (route *a*, always new), by
/// the high die from an own checker on `x - low` and then `x` to it (*b*, the same as *a*
/// when `x - high` holds no opposing checker), or by the low die first (*c*, the same as *b*
/// when `x - low` is the mover's, and as *a* when neither `x - low` nor `x - high` holds an
/// opposing checker). So no list of results is needed.
fn non_double_contact<S: TurnSink>(st: State, blocked: u32, hi: u32, lo: u32, sink: &mut S) {
    let mut any = false;
    // Points holding an opposing checker (the blots before any hit).
    let theirs = blocked | st.blots;
    let movable = |occ: u32, die: u32| movable(occ, blocked, die);
    let mut m = movable(st.occ, hi);
    while m != 0 {
        let p = 31 - m.leading_zeros();
        m &= !(1 << p);
        let t1 = p - hi;
        let s1 = st.step_to_point(p, t1, hi);
        let mut m2 = movable(s1.occ, lo);
        any |= m2 != 0;
        // Route b of `p + lo`, already met as its route a.
        if theirs & (1 << (p + lo - hi)) == 0 {
            m2 &= !(1 << (p + lo));
        }
        while m2 != 0 {
            let q = 31 - m2.leading_zeros();
            m2 &= !(1 << q);
            let t2 = q - lo;
            let s2 = s1.step_to_point(q, t2, lo);
            sink.push(
                s2.me,
                s2.opp,
                s2.hits,
                &[(p as u8, t1 as u8), (q as u8, t2 as u8)],
            );
        }
    }
    // Route c of every `x` at once: `x - low` open and above `high`, `x - low - high` open.
    // Left out: those already met as route b (the mover's checker on `x - low`) or as route
    // a (no opposing checker on `x - low` nor on `x - high`).
    let both = hi + lo;
    let routes = movable(st.occ, lo) & !((2u32 << both) - 1) & !(blocked << both);
    any |= routes != 0;
    let mut m = routes & !(st.occ << lo) & ((theirs << lo) | (theirs << hi));
    while m != 0 {
        let x = 31 - m.leading_zeros();
        m &= !(1 << x);
        let (t1, t2) = (x - lo, x - both);
        let s2 = st.step_to_point(x, t1, lo).step_to_point(t1, t2, hi);
        sink.push(
            s2.me,
            s2.opp,
            s2.hits,
            &[(x as u8, t1 as u8), (t1 as u8, t2 as u8)],
        );
    }
    if any {
        return;
    }
    for die in [hi, lo] {
        let mut m = movable(st.occ, die);
        if m == 0 {
            continue;
        }
        while m != 0 {
            let p = 31 - m.leading_zeros();
            m &= !(1 << p);
            let s1 = st.step_to_point(p, p - die, die);
            sink.push(s1.me, s1.opp, s1.hits, &[(p as u8, (p - die) as u8)]);
        }
        return;
    }
    sink.push(st.me, st.opp, 0, &[]);
}

/// The sources in `occ` that may move by `die` when no checker can be borne off: points
/// `p > die` whose target `p - die` is open (the bar's bit included, for a checker entering).
#[inline(always)]
fn movable(occ: u32, blocked: u32, die: u32) -> u32 {
    (occ & !((2u32 << die) - 1)) & !(blocked << die)
}

/// Other rolls with a checker on the bar. Two or more there: each die that can enters one.
/// One there: it enters by one die and any checker moves by the other (none can be borne
/// off: the entered checker is outside the home board). The two orders reach the same
/// result only as the entered checker's route by both dice, through either entry point,
/// and only when neither entry point holds a blot.
fn non_double_bar<S: TurnSink>(st: State, blocked: u32, hi: u32, lo: u32, sink: &mut S) {
    let (in_hi, in_lo) = (BAR as u32 - hi, BAR as u32 - lo);
    let hi_open = blocked & (1 << in_hi) == 0;
    let lo_open = blocked & (1 << in_lo) == 0;
    let bar = (st.me >> (4 * BAR)) & 15;
    let from = BAR as u8;
    if bar >= 2 {
        match (hi_open, lo_open) {
            (true, true) => {
                let s = st
                    .step_to_point(BAR as u32, in_hi, hi)
                    .step_to_point(BAR as u32, in_lo, lo);
                sink.push(
                    s.me,
                    s.opp,
                    s.hits,
                    &[(from, in_hi as u8), (from, in_lo as u8)],
                );
            }
            (true, false) => {
                let s = st.step_to_point(BAR as u32, in_hi, hi);
                sink.push(s.me, s.opp, s.hits, &[(from, in_hi as u8)]);
            }
            (false, true) => {
                let s = st.step_to_point(BAR as u32, in_lo, lo);
                sink.push(s.me, s.opp, s.hits, &[(from, in_lo as u8)]);
            }
            (false, false) => sink.push(st.me, st.opp, 0, &[]),
        }
        return;
    }
    let mut any = false;
    if hi_open {
        let s1 = st.step_to_point(BAR as u32, in_hi, hi);
        let mut m = movable(s1.occ, blocked, lo);
        while m != 0 {
            let q = 31 - m.leading_zeros();
            m &= !(1 << q);
            any = true;
            let s2 = s1.step_to_point(q, q - lo, lo);
            sink.push(
                s2.me,
                s2.opp,
                s2.hits,
                &[(from, in_hi as u8), (q as u8, (q - lo) as u8)],
            );
        }
    }
    if lo_open {
        let s1 = st.step_to_point(BAR as u32, in_lo, lo);
        let mut m = movable(s1.occ, blocked, hi);
        // The entered checker's route, met by the high die first unless an entry point holds
        // a blot (then the hits differ).
        let same_route = hi_open && st.blots & ((1 << in_hi) | (1 << in_lo)) == 0;
        while m != 0 {
            let p = 31 - m.leading_zeros();
            m &= !(1 << p);
            any = true;
            if p == in_lo && same_route {
                continue;
            }
            let s2 = s1.step_to_point(p, p - hi, hi);
            sink.push(
                s2.me,
                s2.opp,
                s2.hits,
                &[(from, in_lo as u8), (p as u8, (p - hi) as u8)],
            );
        }
    }
    if any {
        return;
    }
    for (open, to, die) in [(hi_open, in_hi, hi), (lo_open, in_lo, lo)] {
        if open {
            let s = st.step_to_point(BAR as u32, to, die);
            sink.push(s.me, s.opp, s.hits, &[(from, to as u8)]);
            return;
        }
    }
    sink.push(st.me, st.opp, 0, &[]);
}

/// Other rolls: with a checker on the bar, in contact, or else (a checker may be borne off
/// within the turn) by the general search below, which checks each step's sources and keeps
/// the results two routes may share in a short list.
fn non_double<S: TurnSink>(st: State, blocked: u32, hi: u32, lo: u32, sink: &mut S) {
    if st.occ & (1 << BAR) != 0 {
        return non_double_bar(st, blocked, hi, lo, sink);
    }
    if two_outside(st.me, st.occ) {
        return non_double_contact(st, blocked, hi, lo, sink);
    }
    let open = !blocked & 0x01FF_FFFE;
    let (ok_hi, ok_lo) = (open << hi, open << lo);
    // `after_high[p]`: the sources of the low die after `p` moved by the high die (0 when `p`
    // cannot move by it), filled by the first pass.
    let mut after_high = [0u32; 32];
    let mut any = false;
    let mut seen = Seen {
        keys: arrayvec::ArrayVec::new(),
    };
    // High die first, then low.
    let mut m = sources(st.occ, ok_hi, hi);
    while m != 0 {
        let p = 31 - m.leading_zeros();
        m &= !(1 << p);
        let t1 = p.saturating_sub(hi);
        let s1 = st.step(p, t1, hi);
        let mut m2 = sources(s1.occ, ok_lo, lo);
        after_high[slot(p)] = m2;
        while m2 != 0 {
            let q = 31 - m2.leading_zeros();
            m2 &= !(1 << q);
            let t2 = q.saturating_sub(lo);
            let s2 = s1.step(q, t2, lo);
            any = true;
            let shared = (q == t1 && t1 != 0) || t2 == p || (t1 == 0 && t2 == 0);
            if !shared || seen.insert(s2.me, s2.hits) {
                sink.push(
                    s2.me,
                    s2.opp,
                    s2.hits,
                    &[(p as u8, t1 as u8), (q as u8, t2 as u8)],
                );
            }
        }
    }
    // Low die first, then high, skipping results already met.
    let mut m = sources(st.occ, ok_lo, lo);
    while m != 0 {
        let q = 31 - m.leading_zeros();
        m &= !(1 << q);
        let t1 = q.saturating_sub(lo);
        let s1 = st.step(q, t1, lo);
        let mut m2 = sources(s1.occ, ok_hi, hi);
        while m2 != 0 {
            let p = 31 - m2.leading_zeros();
            m2 &= !(1 << p);
            let t2 = p.saturating_sub(hi);
            any = true;
            let s2 = s1.step(p, t2, hi);
            let shared = (p == t1 && t1 != 0) || t2 == q || (t1 == 0 && t2 == 0);
            if shared {
                if !seen.insert(s2.me, s2.hits) {
                    continue;
                }
            } else if after_high[slot(p)] & (1 << q) != 0 {
                // The same two steps, high die first: already pushed.
                continue;
            }
            sink.push(
                s2.me,
                s2.opp,
                s2.hits,
                &[(q as u8, t1 as u8), (p as u8, t2 as u8)],
            );
        }
    }
    if any {
        return;
    }
    for (die, ok) in [(hi, ok_hi), (lo, ok_lo)] {
        let mut m = sources(st.occ, ok, die);
        if m == 0 {
            continue;
        }
        while m != 0 {
            let p = 31 - m.leading_zeros();
            m &= !(1 << p);
            let t = p.saturating_sub(die);
            let s1 = st.step(p, t, die);
            sink.push(s1.me, s1.opp, s1.hits, &[(p as u8, t as u8)]);
        }
        return;
    }
    sink.push(st.me, st.opp, 0, &[]);
}

/// The board after `side` plays the result `(mover, hits)` pushed by [`generate`].
#[inline]
#[must_use]
pub fn result_board(board: &Board, side: Side, mover: u128, hits: u32) -> Board {
    let opp = opponent_after(board.packed(side.other()), hits);
    board_of(side, mover, opp)
}

/// `HIT[t]`: what a hit on the mover's point `t` (1..=24) adds to the opponent's packed
/// counts, modulo 2^128: one checker from its point `25 - t` to its bar. 0 for other
/// indices (64 entries, so that a bit index, 32 for none, needs no bounds check).
const HIT: [u128; 64] = {
    let mut t = [0u128; 64];
    let mut i = 1;
    while i < 25 {
        t[i] = ONE[BAR].wrapping_sub(ONE[25 - i]);
        i += 1;
    }
    t
};

/// The opponent's packed counts `opp` (own numbering) after the blots on `hits` (the
/// mover's numbering, as [`generate`] pushes them) are hit: each such checker goes to the bar.
/// The first two hits are applied without a branch (most results hit none, one or two).
#[inline]
#[must_use]
pub fn opponent_after(opp: u128, hits: u32) -> u128 {
    let rest = hits & hits.wrapping_sub(1);
    let mut opp = opp
        .wrapping_add(HIT[(hits.trailing_zeros() & 63) as usize])
        .wrapping_add(HIT[(rest.trailing_zeros() & 63) as usize]);
    let mut more = rest & rest.wrapping_sub(1);
    while more != 0 {
        opp = opp.wrapping_add(HIT[(more.trailing_zeros() & 63) as usize]);
        more &= more - 1;
    }
    opp
}

/// The board of `side`'s packed counts `mover` and the other side's `opponent`.
#[inline]
#[must_use]
pub const fn board_of(side: Side, mover: u128, opponent: u128) -> Board {
    match side {
        Side::X => Board::from_packed(mover, opponent),
        Side::O => Board::from_packed(opponent, mover),
    }
}

/// Applies a play's steps to `board` for `side` without any check (the play must be legal).
#[must_use]
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
    fn push(&mut self, _mover: u128, _opponent: u128, hits: u32, steps: &[(u8, u8)]) {
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
    fn push(&mut self, _mover: u128, _opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        self.0 += 1;
    }
}

/// A [`TurnSink`] that keeps only the `n`-th result (0-based) in the generator's order: the
/// play a random mover picks, without building the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NthSink {
    /// The index wanted.
    pub n: usize,
    /// Results seen so far.
    pub seen: usize,
    /// The `n`-th result, once seen.
    pub found: Option<Play>,
}

impl NthSink {
    /// A sink for result `n`.
    #[must_use]
    pub const fn new(n: usize) -> NthSink {
        NthSink {
            n,
            seen: 0,
            found: None,
        }
    }
}

impl TurnSink for NthSink {
    #[inline]
    fn clear(&mut self) {
        self.seen = 0;
        self.found = None;
    }
    #[inline]
    fn push(&mut self, _mover: u128, _opponent: u128, hits: u32, steps: &[(u8, u8)]) {
        if self.seen == self.n {
            self.found = Some(Play::from_steps(steps, hits));
        }
        self.seen += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_send_one_checker_each_to_the_bar() {
        // One opposing checker on each of its points 1..=24: every mask of up to four hits
        // (the most one roll can make), against a hit-by-hit count.
        let opp: u128 = (1..25).map(|j| ONE[j]).sum();
        let mut masks = 0;
        for hits in 0u32..(1 << 25) {
            if hits & 1 != 0 || hits.count_ones() > 4 {
                continue;
            }
            let mut want = opp;
            for t in 1..25 {
                if hits & (1 << t) != 0 {
                    want = want - ONE[25 - t] + ONE[BAR];
                }
            }
            assert_eq!(opponent_after(opp, hits), want, "{hits:#x}");
            masks += 1;
        }
        // 1 + 24 + C(24, 2) + C(24, 3) + C(24, 4) masks.
        assert_eq!(masks, 1 + 24 + 276 + 2_024 + 10_626);
    }
}
