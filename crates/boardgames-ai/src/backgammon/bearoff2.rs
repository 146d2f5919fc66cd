//! The two-sided bear-off database: for every pair of positions of at most
//! [`TWO_SIDED_CHECKERS`] checkers a side on its six home points, the exact chance of the
//! side on roll to win and its exact cubeful equities in money play.
//!
//! # Definitions
//!
//! A *position* is one side's [`Home`] holding 0 to 6 checkers (the others borne off):
//! [`TWO_SIDED_POSITIONS`] of them, numbered by [`two_sided_index`]. A *pair* is the
//! position of the side on roll, before its roll, and the other side's. With at most 6
//! checkers left a side has borne off 9 or more, so no gammon is possible: every game from a
//! pair ends with a single game won or lost at the cube's value.
//!
//! * The **win chance** `p(a, b)` of the side on roll with `a` against `b`: each of the 21
//!   rolls (weighted 1/36 for a double, 2/36 for the others) is played to the result that
//!   wins most often, by both sides: `p(a, b) = Σ_roll w · max_{a'} (1 - p(b, a'))`, where a
//!   result `a'` with no checker left is a win.
//! * The **cubeful equity** `E(a, b, owner)`, in money play, counted per unit of the cube's
//!   value (a game won at the cube is +1, lost is -1; with no gammon possible, money values
//!   scale with the cube, so one number serves every cube value and the Jacoby rule changes
//!   nothing). `owner` ([`CubeOwner`]) is who holds the cube, seen from the side on roll.
//!   Without doubling now, the side on roll plays each roll to the best result for its
//!   equity (which need not be the play that wins most often), then the other side is on
//!   roll with the cube as it was:
//!
//!   `N(a, b, owner) = Σ_roll w · max_{a'} -E(b, a', owner seen by the other side)`.
//!
//!   When the side on roll may double (the cube centred or its own) it doubles if that is
//!   better for it; the other side then takes, owning the cube at twice the value, with the
//!   doubler still on roll (`2 E(a, b, Opponent)` for the doubler), or passes and loses one
//!   unit, whichever is better for it:
//!
//!   `E(a, b, Opponent) = N(a, b, Opponent)`;
//!   `E(a, b, owner) = max(N(a, b, owner), min(2 E(a, b, Opponent), 1))` otherwise.
//!
//!   Both sides play and handle the cube perfectly; the cube may be redoubled any number of
//!   times. Owning the cube is never worse than a centred one, which is never worse than the
//!   other side's: `E(Opponent) ≤ E(Centred) ≤ E(OnRoll)`, and
//!   `E(Opponent) ≤ 2 p - 1 ≤ E(OnRoll)` (checked over every pair by the tests).
//! * A side with **no checker** left has won: where the side on roll has none, its win
//!   chance is 1 and its equities +1 (both sides empty included, a pair no game reaches);
//!   where only the other side has none, they are 0 and -1. The recursions above meet these
//!   entries as the result of a play that bears off the last checker.
//!
//! Every value follows from pairs of fewer pips in all (every play of a bear-off moves a
//! checker forward or off), so the database is computed by dynamic programming over the pairs
//! in order of their total pip count, exactly (to the precision of the `f64` sums; the
//! values are kept as `f32`). The distinct results of each position and roll come from the
//! core's move generator once, so the rules of the bear-off are the rules' own.
//!
//! # Use for the cube
//!
//! The money cubeful value of a bear-off in range, in points, is
//! `cube × `[`TwoSidedBearoff::equity`]`(on_roll, other, owner)`: the value of the side on
//! roll before its roll, its cube action included. [`TwoSidedBearoff::decision`] gives the
//! three values of its cube decision (no double, double/take, double/pass) in points at a
//! given cube, as a [`CubeDecision`]; [`TwoSidedBearoff::homes`] finds the two homes on a
//! board. Match play is not covered: its values are not proportional to the cube.
//!
//! ```
//! use boardgames_ai::backgammon::{CubeOwner, TwoSidedBearoff};
//!
//! let db = TwoSidedBearoff::get();
//! // One checker on the 6-point against one on the 1-point: the side on roll wins with the
//! // 27 rolls of 36 that bear it off at once.
//! let (six, ace) = ([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]);
//! assert!((db.win(&six, &ace).unwrap() - 0.75).abs() < 1e-6);
//! // Its cube centred, it doubles and the other side may take or pass alike: +1.
//! assert!((db.equity(&six, &ace, CubeOwner::Centred).unwrap() - 1.0).abs() < 1e-6);
//! // The cube the other's, it can only play: 27/36 - 9/36.
//! assert!((db.equity(&six, &ace, CubeOwner::Opponent).unwrap() - 0.5).abs() < 1e-6);
//! ```

use std::sync::OnceLock;

use boardgames_core::backgammon::generate;
use boardgames_core::backgammon::{Board, Dice, Side, TurnSink};

use super::bearoff::{checkers, home_of, index_within, pack, pips, unpack, Home, HOME_POINTS};
use super::cube::{CubeAction, CubeDecision, CubeOwner};
use super::dbfile::{load_or_generate, push_floats, Floats, Stored};

/// The most checkers a side may have left for the two-sided database.
pub const TWO_SIDED_CHECKERS: u8 = 6;

/// The positions of one side in the two-sided database: every way to place 0 to 6 checkers
/// on six points, `C(12, 6)`.
pub const TWO_SIDED_POSITIONS: usize = 924;

/// The positions, as a shorter name inside the module.
const N: usize = TWO_SIDED_POSITIONS;

/// The distinct rolls.
const ROLLS: usize = 21;

/// The most pips of a position: 6 checkers on the 6-point.
const MAX_PIPS: usize = 36;

/// The slots of a pair's values: the win chance, then the equity with the cube centred,
/// owned by the side on roll, owned by the other side.
const WIN: usize = 0;
const CENTRED: usize = 1;
const OWNED: usize = 2;
const OPPONENT: usize = 3;

/// A pair's values, by the slots above.
type Values<T> = [T; 4];

/// The slot of the equity with the cube held by `owner`.
const fn slot(owner: CubeOwner) -> usize {
    match owner {
        CubeOwner::Centred => CENTRED,
        CubeOwner::OnRoll => OWNED,
        CubeOwner::Opponent => OPPONENT,
    }
}

/// The index of `home` in the two-sided database, `0..TWO_SIDED_POSITIONS` (0 for no
/// checker); `None` when it holds more than [`TWO_SIDED_CHECKERS`]. The order is the
/// one-sided [`index`](super::index)'s, restricted to these positions.
#[must_use]
pub fn two_sided_index(home: &Home) -> Option<usize> {
    index_within(home, TWO_SIDED_CHECKERS)
}

/// The distinct results of every position and roll, as indices: the lists the dynamic
/// programming looks up.
#[derive(Clone, Debug)]
struct Plays {
    /// Where the results of position `i` and roll `r` start in `results`: entry
    /// `i * ROLLS + r`, with one more entry at the end.
    starts: Vec<u32>,
    /// The results, list after list.
    results: Vec<u16>,
    /// The chance of each roll, in the order of [`Dice::all`].
    weights: [f64; ROLLS],
}

/// A sink adding the distinct results of one roll to the end of a list of results.
struct Collect<'a> {
    results: &'a mut Vec<u16>,
    /// Where this roll's results start.
    start: usize,
}

impl TurnSink for Collect<'_> {
    fn clear(&mut self) {
        self.results.truncate(self.start);
    }

    fn push(&mut self, mover: u128, _opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        // A play never adds checkers, so every result is in range.
        let Some(i) = two_sided_index(&unpack(mover)) else {
            return;
        };
        let i = i as u16;
        if !self.results[self.start..].contains(&i) {
            self.results.push(i);
        }
    }
}

impl Plays {
    /// The results of every position of `homes` (`homes[i]` the position of index `i`)
    /// and roll. A roll that can bear off the last checker keeps that result alone (a win
    /// is the best there is for every value); the empty position has no results.
    fn generate(homes: &[Home]) -> Plays {
        let mut starts = Vec::with_capacity(N * ROLLS + 1);
        let mut results = Vec::new();
        let mut weights = [0.0; ROLLS];
        for (w, dice) in weights.iter_mut().zip(Dice::all()) {
            *w = if dice.is_double() { 1.0 } else { 2.0 } / 36.0;
        }
        for home in homes {
            let board = Board::from_packed(pack(home), 0);
            for dice in Dice::all() {
                let start = results.len();
                starts.push(start as u32);
                if checkers(home) == 0 {
                    continue;
                }
                generate(
                    &board,
                    Side::X,
                    dice,
                    &mut Collect {
                        results: &mut results,
                        start,
                    },
                );
                if results[start..].contains(&0) {
                    results.truncate(start);
                    results.push(0);
                }
            }
        }
        starts.push(results.len() as u32);
        Plays {
            starts,
            results,
            weights,
        }
    }

    /// The results of position `at` with the roll of index `roll`.
    #[inline]
    fn of(&self, at: usize, roll: usize) -> &[u16] {
        let i = at * ROLLS + roll;
        &self.results[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// The values of the side on roll with `a` against `b` (both with checkers), before any
/// cube action this turn: the win chance and, for each cube owner, the equity of not
/// doubling now (`N` of the module docs), each roll played to the best result for each
/// value; from `values`, the table of every pair (by `on_roll * N + other`), known for the
/// pairs of fewer pips.
fn before_cube<T: Copy + Into<f64>>(
    values: &[Values<T>],
    plays: &Plays,
    a: usize,
    b: usize,
) -> Values<f64> {
    // The other side on roll with `b` after each play: row `b`.
    let row = &values[b * N..(b + 1) * N];
    let mut sum = [0.0f64; 4];
    for (roll, &w) in plays.weights.iter().enumerate() {
        // The least value of the other side after each play, for each slot (the win chance
        // its own: the side on roll's is 1 minus it).
        let mut least = [f64::INFINITY; 4];
        for &next in plays.of(a, roll) {
            let v = row[usize::from(next)];
            for (l, x) in least.iter_mut().zip(v) {
                let x: f64 = x.into();
                if x < *l {
                    *l = x;
                }
            }
        }
        // A cube of the side on roll is the other's opponent's, and the reverse.
        sum[WIN] += w * (1.0 - least[WIN]);
        sum[CENTRED] -= w * least[CENTRED];
        sum[OWNED] -= w * least[OPPONENT];
        sum[OPPONENT] -= w * least[OWNED];
    }
    sum
}

/// The values of a pair with the cube action of the side on roll (`E` of the module docs),
/// from the values before it ([`before_cube`]); kept within their ranges, which the sums of
/// rounded weights may pass by an ulp.
fn with_cube(before: Values<f64>) -> Values<f64> {
    // Doubled: the other side takes (owning the cube at twice the value) or passes.
    let doubled = (2.0 * before[OPPONENT]).min(1.0);
    [
        before[WIN].clamp(0.0, 1.0),
        before[CENTRED].max(doubled).clamp(-1.0, 1.0),
        before[OWNED].max(doubled).clamp(-1.0, 1.0),
        before[OPPONENT].clamp(-1.0, 1.0),
    ]
}

/// Every position of the database, by its index.
fn every_home() -> Vec<Home> {
    let mut homes = vec![[0u8; HOME_POINTS]; N];
    let mut home = [0u8; HOME_POINTS];
    loop {
        if let Some(i) = two_sided_index(&home) {
            homes[i] = home;
        }
        // The next placement, as an odometer of base 7.
        let Some(i) = home.iter().position(|&c| c < TWO_SIDED_CHECKERS) else {
            break;
        };
        home[i] += 1;
        home[..i].fill(0);
    }
    homes
}

/// On disk, the values of every pair (about 14 MB); the plays, quick to find again, are not
/// kept.
impl Stored for TwoSidedBearoff {
    const NAME: &'static str = "bearoff2";

    fn generate() -> TwoSidedBearoff {
        TwoSidedBearoff::generate()
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.reserve(16 * self.values.len());
        for v in &self.values {
            push_floats(out, v);
        }
    }

    fn decode(bytes: &[u8]) -> Option<TwoSidedBearoff> {
        if bytes.len() != 16 * N * N {
            return None;
        }
        let mut f = Floats(bytes);
        let values = (0..N * N)
            .map(|_| Some([f.next()?, f.next()?, f.next()?, f.next()?]))
            .collect::<Option<_>>()?;
        Some(TwoSidedBearoff {
            values,
            plays: Plays::generate(&every_home()),
        })
    }
}

/// The two-sided bear-off database (see the module docs): for every pair of positions of at
/// most [`TWO_SIDED_CHECKERS`] checkers a side on its home points, the exact cubeless win
/// chance of the side on roll and its exact cubeful money equities with the cube centred,
/// its own, or the other side's.
///
/// Built by [`TwoSidedBearoff::generate`] in a fraction of a second (or shared, built once,
/// by [`TwoSidedBearoff::get`]); about 14 MB.
#[derive(Clone, Debug)]
pub struct TwoSidedBearoff {
    /// The values of every pair, by `on_roll * N + other`.
    values: Vec<Values<f32>>,
    /// The results of every position and roll (kept for [`TwoSidedBearoff::decision`]).
    plays: Plays,
}

impl TwoSidedBearoff {
    /// Computes the database: the results of every position and roll with the core's move
    /// generator, then every pair in order of its total pip count.
    #[must_use]
    pub fn generate() -> TwoSidedBearoff {
        let homes = every_home();
        let plays = Plays::generate(&homes);
        let mut by_pips: Vec<Vec<usize>> = vec![Vec::new(); MAX_PIPS + 1];
        for (i, home) in homes.iter().enumerate() {
            by_pips[pips(home) as usize].push(i);
        }
        let mut values = vec![[0.0f64; 4]; N * N];
        // The games over: the side on roll has no checker (row 0), or only the other.
        values[..N].fill([1.0; 4]);
        for a in 1..N {
            values[a * N] = [0.0, -1.0, -1.0, -1.0];
        }
        for total in 2..=2 * MAX_PIPS {
            for b_pips in total.saturating_sub(MAX_PIPS).max(1)..=MAX_PIPS.min(total - 1) {
                // The other side's position outside: its row of the table, which every
                // play of the side on roll looks up, stays in the cache.
                for &b in &by_pips[b_pips] {
                    for &a in &by_pips[total - b_pips] {
                        values[a * N + b] = with_cube(before_cube(&values, &plays, a, b));
                    }
                }
            }
        }
        TwoSidedBearoff {
            values: values.iter().map(|v| v.map(|x| x as f32)).collect(),
            plays,
        }
    }

    /// The database shared by every caller, generated at the first call, or read from its
    /// file when the program keeps the databases on disk ([`super::set_database_dir`]).
    #[must_use]
    pub fn get() -> &'static TwoSidedBearoff {
        static DB: OnceLock<TwoSidedBearoff> = OnceLock::new();
        DB.get_or_init(load_or_generate::<TwoSidedBearoff>)
    }

    /// Whether the database holds the pair: both sides with at most [`TWO_SIDED_CHECKERS`]
    /// checkers (no table needed to tell).
    #[must_use]
    pub fn covers(on_roll: &Home, other: &Home) -> bool {
        checkers(on_roll) <= TWO_SIDED_CHECKERS && checkers(other) <= TWO_SIDED_CHECKERS
    }

    /// The homes of `on_roll` and of the other side on `board` when the database holds
    /// them: both sides bearing off (every checker in its home board or off) with at most
    /// [`TWO_SIDED_CHECKERS`] left. Whether contact remains is no question: a side bearing
    /// off has passed every checker of the other.
    #[must_use]
    pub fn homes(board: &Board, on_roll: Side) -> Option<(Home, Home)> {
        let a = home_of(board, on_roll)?;
        let b = home_of(board, on_roll.other())?;
        TwoSidedBearoff::covers(&a, &b).then_some((a, b))
    }

    /// The index of a pair in the table.
    fn pair(on_roll: &Home, other: &Home) -> Option<usize> {
        Some(two_sided_index(on_roll)? * N + two_sided_index(other)?)
    }

    /// The chance that the side on roll, with `on_roll` left before its roll, wins against
    /// `other`, both sides playing to win most often, no cube (1 when `on_roll` is empty, 0
    /// when only `other` is); `None` when a side has more than [`TWO_SIDED_CHECKERS`]
    /// checkers.
    #[must_use]
    pub fn win(&self, on_roll: &Home, other: &Home) -> Option<f64> {
        let i = TwoSidedBearoff::pair(on_roll, other)?;
        Some(f64::from(self.values[i][WIN]))
    }

    /// The cubeful money equity of the side on roll, with `on_roll` left before its roll
    /// (its cube action included) against `other`, the cube held by `owner`: per unit of
    /// the cube's value (multiply by the cube for points), both sides playing and handling
    /// the cube perfectly (see the module docs); +1 when `on_roll` is empty, -1 when only
    /// `other` is. `None` when a side has more than [`TWO_SIDED_CHECKERS`] checkers.
    #[must_use]
    pub fn equity(&self, on_roll: &Home, other: &Home, owner: CubeOwner) -> Option<f64> {
        let i = TwoSidedBearoff::pair(on_roll, other)?;
        Some(f64::from(self.values[i][slot(owner)]))
    }

    /// The money cube decision of the side on roll, with `on_roll` left before its roll
    /// against `other`, the cube at `cube` held by `owner`: the values of not doubling, of
    /// doubling with the other side taking, and of its passing, in points (`cube` times the
    /// values per unit), and the proper action (a double when it is no worse than not
    /// doubling, a take when it is no worse for the taker than the pass, each within 1e-6:
    /// the values are `f32`). No position here is too good to double: no gammon is
    /// possible. `None` when a side has more than [`TWO_SIDED_CHECKERS`] checkers or none
    /// (the game is over).
    #[must_use]
    pub fn decision(
        &self,
        on_roll: &Home,
        other: &Home,
        owner: CubeOwner,
        cube: u32,
    ) -> Option<CubeDecision> {
        let (a, b) = (two_sided_index(on_roll)?, two_sided_index(other)?);
        if a == 0 || b == 0 {
            return None;
        }
        let before = before_cube(&self.values, &self.plays, a, b);
        let c = f64::from(cube);
        let no_double = c * before[slot(owner)];
        let double_take = c * 2.0 * before[OPPONENT];
        let double_drop = c;
        let action = if owner == CubeOwner::Opponent {
            CubeAction::NoCube
        } else if double_take.min(double_drop) < no_double - 1e-6 * c {
            CubeAction::NoDouble
        } else if double_take <= double_drop + 1e-6 * c {
            CubeAction::DoubleTake
        } else {
            CubeAction::DoublePass
        };
        Some(CubeDecision {
            no_double,
            double_take,
            double_drop,
            action,
        })
    }

    /// The bytes the database holds (its tables; the struct itself aside).
    #[must_use]
    pub fn size_bytes(&self) -> usize {
        self.values.len() * size_of::<Values<f32>>()
            + self.plays.starts.len() * size_of::<u32>()
            + self.plays.results.len() * size_of::<u16>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::BearoffDatabase;

    #[test]
    fn the_database_reads_back_from_its_values() {
        let db = TwoSidedBearoff::get();
        let mut bytes = Vec::new();
        db.encode(&mut bytes);
        let back = TwoSidedBearoff::decode(&bytes).expect("reads back");
        assert_eq!(back.values, db.values);
        assert_eq!(TwoSidedBearoff::decode(&bytes[4..]).map(|_| ()), None);
        // One checker each on the ace point: the side on roll wins.
        let ace = [1, 0, 0, 0, 0, 0];
        assert_eq!(back.win(&ace, &ace), Some(1.0));
        // The plays, found again, give the same decisions.
        let (a, b) = ([0, 0, 1, 0, 0, 1], [2, 0, 0, 0, 0, 0]);
        for owner in [CubeOwner::Centred, CubeOwner::OnRoll, CubeOwner::Opponent] {
            assert_eq!(
                format!("{:?}", back.decision(&a, &b, owner, 1)),
                format!("{:?}", db.decision(&a, &b, owner, 1))
            );
        }
    }

    const ACE: Home = [1, 0, 0, 0, 0, 0];
    const SIX: Home = [0, 0, 0, 0, 0, 1];
    const OWNERS: [CubeOwner; 3] = [CubeOwner::Centred, CubeOwner::OnRoll, CubeOwner::Opponent];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    /// Every position of at most 6 checkers.
    fn every_home() -> Vec<Home> {
        let mut out = Vec::new();
        let mut home = [0u8; 6];
        loop {
            if home.iter().sum::<u8>() <= 6 {
                out.push(home);
            }
            let Some(i) = home.iter().position(|&c| c < 6) else {
                return out;
            };
            home[i] += 1;
            home[..i].fill(0);
        }
    }

    fn equities(a: &Home, b: &Home) -> [f64; 3] {
        let db = TwoSidedBearoff::get();
        OWNERS.map(|o| db.equity(a, b, o).unwrap())
    }

    #[test]
    fn the_index_numbers_every_position_once() {
        let homes = every_home();
        assert_eq!(homes.len(), TWO_SIDED_POSITIONS);
        let mut seen = vec![false; TWO_SIDED_POSITIONS];
        for home in &homes {
            let i = two_sided_index(home).unwrap();
            assert!(!seen[i], "{home:?} shares index {i}");
            seen[i] = true;
        }
        // In the one-sided database's order.
        let mut by_index = homes.clone();
        by_index.sort_by_key(two_sided_index);
        assert!(by_index
            .windows(2)
            .all(|w| crate::backgammon::index(&w[0]) < crate::backgammon::index(&w[1])));
        assert_eq!(two_sided_index(&[0; 6]), Some(0));
        assert_eq!(two_sided_index(&[0, 0, 0, 0, 0, 6]), Some(N - 1));
        assert_eq!(two_sided_index(&[7, 0, 0, 0, 0, 0]), None);
        assert_eq!(two_sided_index(&[1, 1, 1, 1, 1, 2]), None);
        let db = TwoSidedBearoff::get();
        assert_eq!(db.win(&[0, 0, 0, 0, 4, 3], &ACE), None);
        assert_eq!(
            db.equity(&ACE, &[7, 0, 0, 0, 0, 0], CubeOwner::Centred),
            None
        );
    }

    /// The rolls that bear off given checkers at once, counted by hand (of 36):
    /// * one on the 6-point: the rolls with a 6 (11), the other non-doubles of 6 pips or
    ///   more (51, 42, 52, 43, 53, 54: 12) and the doubles 22 to 55 (4): 27; it misses with
    ///   21, 31, 41, 32 and 11 and is left on the 3-point or lower;
    /// * one on the 2-point and one on the 3-point: both dice of 2 or more, one of 3 or more
    ///   (the 10 non-doubles from 2-3 up: 20), and the doubles 22 to 66 (5): 25;
    /// * one on the 5-point and one on the 6-point: 65 (2), and 33 to 66 (4): 6 (33: 6/3,
    ///   3/off, 5/2, 2/off);
    /// * two on the 6-point: 33 to 66: 4;
    /// * k checkers on the 1-point: a non-double bears off two, a double four.
    #[test]
    fn win_chances_worked_by_hand() {
        let db = TwoSidedBearoff::get();
        let win = |a: &Home, b: &Home| db.win(a, b).unwrap();
        let two_three = [0, 1, 1, 0, 0, 0];
        // One checker on the 1-point bears off with any roll: the side on roll always wins.
        for b in every_home().iter().filter(|b| b.iter().sum::<u8>() > 0) {
            assert!(close(win(&ACE, b), 1.0), "{b:?}");
            assert!(close(win(&[2, 0, 0, 0, 0, 0], b), 1.0), "{b:?}");
        }
        // Against a side sure to finish next roll, the side on roll wins only at once.
        assert!(close(win(&SIX, &ACE), 27.0 / 36.0));
        assert!(close(win(&two_three, &ACE), 25.0 / 36.0));
        assert!(close(win(&[0, 0, 0, 0, 1, 1], &ACE), 6.0 / 36.0));
        // One on the 6-point each: a miss leaves a checker on the 3-point or lower, sure to
        // come off next; the other side then wins only at once.
        assert!(close(
            win(&SIX, &SIX),
            27.0 / 36.0 + (9.0 / 36.0) * (9.0 / 36.0)
        ));
        // Against two on the 6-point: after a miss the other side must bear off both.
        assert!(close(win(&SIX, &[0, 0, 0, 0, 0, 2]), 35.0 / 36.0));
        // The 2- and 3-points against the 6-point: every miss leaves one checker on the
        // 2-point or lower.
        assert!(close(win(&two_three, &SIX), 999.0 / 1296.0));
        // Four on the 1-point each: a double wins at once, else two are left, sure to come
        // off after the other side's roll unless it rolls a double: 6/36 + (30/36)².
        assert!(close(
            win(&[4, 0, 0, 0, 0, 0], &[4, 0, 0, 0, 0, 0]),
            31.0 / 36.0
        ));
        // Three on the 1-point against the 2- and 3-points: a double at once, else the other
        // side wins with its 25 rolls.
        assert!(close(win(&[3, 0, 0, 0, 0, 0], &two_three), 546.0 / 1296.0));
    }

    /// Cubeful equities per unit of the cube, worked by hand from the counts of
    /// [`win_chances_worked_by_hand`]. A side sure to win on its roll is worth +1 whatever
    /// the cube (it doubles out the other when it may). In a "last roll" (the side on roll
    /// wins with p now or loses), not doubling is worth 2p - 1 and doubling 2(2p - 1),
    /// taken while that is at most 1 (p ≤ 3/4): double/take for 1/2 < p < 3/4.
    #[test]
    fn cubeful_equities_worked_by_hand() {
        let (centred, own, theirs) = (0, 1, 2);
        let two_three = [0, 1, 1, 0, 0, 0];
        // Sure to win.
        for b in [ACE, SIX, [0, 0, 0, 0, 0, 6]] {
            assert!(equities(&ACE, &b).iter().all(|&e| close(e, 1.0)));
        }
        // A last roll at 27/36: doubling is worth exactly the pass, +1; without the cube 0.5.
        let e = equities(&SIX, &ACE);
        assert!(close(e[centred], 1.0) && close(e[own], 1.0) && close(e[theirs], 0.5));
        // A last roll at 25/36: double, take; 28/36, against 14/36 without the cube.
        let e = equities(&two_three, &ACE);
        assert!(close(e[centred], 28.0 / 36.0), "{e:?}");
        assert!(close(e[own], 28.0 / 36.0) && close(e[theirs], 14.0 / 36.0));
        // A last roll at 6/36: no double, 2p - 1 for every cube.
        let e = equities(&[0, 0, 0, 0, 1, 1], &ACE);
        assert!(e.iter().all(|&x| close(x, -24.0 / 36.0)), "{e:?}");
        // One on the 6-point each. After a miss (9/36) the other side has a last roll at
        // 27/36, worth +1 to it when it may double, 0.5 when the cube is ours. The cube
        // theirs: 27/36 - 9/36 = 0.5, so doubling is worth 2 × 0.5 = 1 = the pass: +1.
        let e = equities(&SIX, &SIX);
        assert!(close(e[centred], 1.0) && close(e[own], 1.0) && close(e[theirs], 0.5));
        // Against two on the 6-point: after a miss the other side wins with 4/36, too few to
        // double: every cube 27/36 + 9/36 × 32/36 - 9/36 × 4/36 = 34/36 without doubling;
        // doubled, 68/36 > 1: double, pass.
        let e = equities(&SIX, &[0, 0, 0, 0, 0, 2]);
        assert!(close(e[centred], 1.0) && close(e[own], 1.0), "{e:?}");
        assert!(close(e[theirs], 34.0 / 36.0), "{e:?}");
        // The 2- and 3-points against one on the 6-point: after a miss (11/36) the other
        // side's last roll at 27/36 is worth +1 to it with the cube centred or its own, 0.5
        // with ours. The cube theirs: 25/36 - 11/36 = 14/36; doubled 28/36, a take, and
        // better than 14/36 (centred) or 25/36 - 11/36 × 0.5 = 19.5/36 (our cube).
        let e = equities(&two_three, &SIX);
        assert!(
            close(e[centred], 28.0 / 36.0) && close(e[own], 28.0 / 36.0),
            "{e:?}"
        );
        assert!(close(e[theirs], 14.0 / 36.0), "{e:?}");
        // Three on the 1-point against the 2- and 3-points: a double (6/36) wins at once;
        // else the other side has a last roll at 25/36, worth 2 × 14/36 to it when it may
        // double, 14/36 when the cube is ours. Without doubling: 6/36 - 30/36 × 28/36 =
        // -624/1296 (cube centred or theirs), 6/36 - 30/36 × 14/36 = -204/1296 (ours);
        // doubling would be worth 2 × -624/1296: no double. Owning the cube is worth
        // 420/1296 here.
        let e = equities(&[3, 0, 0, 0, 0, 0], &two_three);
        assert!(close(e[centred], -624.0 / 1296.0), "{e:?}");
        assert!(close(e[own], -204.0 / 1296.0) && close(e[theirs], -624.0 / 1296.0));
        // Four on the 1-point each: after a non-double the other side wins with its 6
        // doubles only and never doubles: 6/36 + 30/36 × 24/36 = 26/36 without doubling;
        // doubled 52/36 > 1: double, pass.
        let four = [4, 0, 0, 0, 0, 0];
        let e = equities(&four, &four);
        assert!(close(e[centred], 1.0) && close(e[own], 1.0) && close(e[theirs], 26.0 / 36.0));
    }

    #[test]
    fn cube_decisions_worked_by_hand() {
        let db = TwoSidedBearoff::get();
        let decide = |a: &Home, b: &Home, owner| db.decision(a, b, owner, 2).unwrap();
        // Values in points at a cube of 2 (the cubeful equities above, doubled).
        let d = decide(&[0, 1, 1, 0, 0, 0], &ACE, CubeOwner::Centred);
        assert_eq!(d.action, CubeAction::DoubleTake);
        assert!(close(d.no_double, 28.0 / 36.0) && close(d.double_take, 56.0 / 36.0));
        assert!(close(d.double_drop, 2.0) && close(d.best(), 56.0 / 36.0));
        let d = decide(&[0, 1, 1, 0, 0, 0], &SIX, CubeOwner::OnRoll);
        assert_eq!(d.action, CubeAction::DoubleTake);
        assert!(close(d.no_double, 39.0 / 36.0), "{d:?}");
        let d = decide(&SIX, &[0, 0, 0, 0, 0, 2], CubeOwner::Centred);
        assert_eq!(d.action, CubeAction::DoublePass);
        assert!(close(d.no_double, 68.0 / 36.0) && close(d.double_take, 136.0 / 36.0));
        assert!(close(d.best(), 2.0));
        // Take and pass alike: counted a take.
        let d = decide(&SIX, &ACE, CubeOwner::Centred);
        assert_eq!(d.action, CubeAction::DoubleTake);
        assert!(close(d.double_take, 2.0) && close(d.no_double, 1.0));
        let d = decide(&[0, 0, 0, 0, 1, 1], &ACE, CubeOwner::Centred);
        assert_eq!(d.action, CubeAction::NoDouble);
        let d = decide(&[3, 0, 0, 0, 0, 0], &[0, 1, 1, 0, 0, 0], CubeOwner::OnRoll);
        assert_eq!(d.action, CubeAction::NoDouble);
        assert!(close(d.best(), -408.0 / 1296.0));
        let d = decide(&SIX, &ACE, CubeOwner::Opponent);
        assert_eq!(d.action, CubeAction::NoCube);
        assert!(close(d.best(), 1.0));
        assert!(db.decision(&[0; 6], &ACE, CubeOwner::Centred, 1).is_none());
    }

    /// The entries of a game over, as the module docs state them.
    #[test]
    fn an_empty_side_has_won() {
        let db = TwoSidedBearoff::get();
        for b in every_home() {
            assert_eq!(db.win(&[0; 6], &b), Some(1.0));
            assert!(equities(&[0; 6], &b).iter().all(|&e| e == 1.0));
            if b != [0; 6] {
                assert_eq!(db.win(&b, &[0; 6]), Some(0.0));
                assert!(equities(&b, &[0; 6]).iter().all(|&e| e == -1.0));
            }
        }
    }

    /// Over every pair: chances in 0..1, equities in -1..1; owning the cube is worth at
    /// least the cubeless equity, which is worth at least the other side's owning it; a
    /// centred cube lies between; the cubeful value is at least not doubling and at most
    /// +1 whatever the cube.
    #[test]
    fn every_pair_keeps_the_orders_of_the_cube() {
        let db = TwoSidedBearoff::get();
        let homes = every_home();
        let tol = 1e-6;
        for a in &homes {
            for b in &homes {
                let p = db.win(a, b).unwrap();
                assert!((0.0..=1.0).contains(&p), "{a:?} {b:?}: {p}");
                let [centred, own, theirs] = equities(a, b);
                for e in [centred, own, theirs] {
                    assert!((-1.0..=1.0).contains(&e), "{a:?} {b:?}: {e}");
                }
                let cubeless = 2.0 * p - 1.0;
                assert!(own >= cubeless - tol, "{a:?} {b:?}: {own} < {cubeless}");
                assert!(
                    cubeless >= theirs - tol,
                    "{a:?} {b:?}: {cubeless} < {theirs}"
                );
                assert!(
                    own >= centred - tol && centred >= theirs - tol,
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// A checker more for the other side never lowers the win chance or a cubeful equity of
    /// the side on roll; a checker more of its own never raises them.
    #[test]
    fn a_checker_more_never_helps() {
        let db = TwoSidedBearoff::get();
        let homes = every_home();
        let values = |a: &Home, b: &Home| {
            let [c, o, t] = equities(a, b);
            [db.win(a, b).unwrap(), c, o, t]
        };
        for a in homes.iter().filter(|h| **h != [0; 6]) {
            for b in homes.iter().filter(|h| **h != [0; 6]) {
                let v = values(a, b);
                for p in 0..6 {
                    let mut more = *b;
                    more[p] += 1;
                    if more.iter().sum::<u8>() <= 6 {
                        let w = values(a, &more);
                        assert!(w.iter().zip(v).all(|(w, v)| *w >= v - 1e-6), "{a:?} {b:?}");
                    }
                    let mut more = *a;
                    more[p] += 1;
                    if more.iter().sum::<u8>() <= 6 {
                        let w = values(&more, b);
                        assert!(w.iter().zip(v).all(|(w, v)| *w <= v + 1e-6), "{a:?} {b:?}");
                    }
                }
            }
        }
    }

    /// With one checker a side (or none) every play is forced but for the order of the
    /// dice, so the one-sided database's race is exact and both agree.
    #[test]
    fn one_checker_a_side_agrees_with_the_one_sided_race() {
        let db = TwoSidedBearoff::get();
        let one = BearoffDatabase::get();
        let homes: Vec<Home> = every_home()
            .into_iter()
            .filter(|h| h.iter().sum::<u8>() <= 1)
            .collect();
        for a in &homes {
            for b in &homes {
                if a == &[0; 6] || b == &[0; 6] {
                    continue;
                }
                let race = one.race_win_chance(a, b).unwrap();
                let exact = db.win(a, b).unwrap();
                assert!(close(race, exact), "{a:?} {b:?}: {race} {exact}");
            }
        }
    }

    /// The same values by a plain recursion over the plays of the core's positions
    /// (memoised), for every pair of up to 3 checkers a side: the definitions of the module
    /// docs, computed another way.
    #[test]
    fn a_plain_recursion_agrees() {
        use boardgames_core::backgammon::Backgammon;
        use std::collections::HashMap;

        fn board_of(a: &Home, b: &Home) -> Board {
            let mut board = Board::EMPTY;
            for (side, home) in [(Side::X, a), (Side::O, b)] {
                for (p, &c) in home.iter().enumerate() {
                    board.set_count(side, p + 1, c);
                }
                board.set_count(side, 0, 15 - home.iter().sum::<u8>());
            }
            board
        }

        /// Win chance and the equity for each owner (centred, own, theirs).
        fn solve(a: Home, b: Home, memo: &mut HashMap<(Home, Home), [f64; 4]>) -> [f64; 4] {
            if a == [0; 6] {
                return [1.0; 4];
            }
            if b == [0; 6] {
                return [0.0, -1.0, -1.0, -1.0];
            }
            if let Some(&v) = memo.get(&(a, b)) {
                return v;
            }
            let pos = Backgammon::from_parts(board_of(&a, &b), Side::X, None, 1).unwrap();
            let mut nd = [0.0; 4];
            for dice in Dice::all() {
                let w = if dice.is_double() { 1.0 } else { 2.0 } / 36.0;
                let mut best = [f64::NEG_INFINITY; 4];
                for play in pos.plays(dice).iter() {
                    let after = pos.after(play);
                    let home = home_of(after.board(), Side::X).unwrap();
                    let v = solve(b, home, memo);
                    let mine = [1.0 - v[0], -v[1], -v[3], -v[2]];
                    for k in 0..4 {
                        best[k] = best[k].max(mine[k]);
                    }
                }
                for k in 0..4 {
                    nd[k] += w * best[k];
                }
            }
            let doubled = (2.0 * nd[3]).min(1.0);
            let v = [nd[0], nd[1].max(doubled), nd[2].max(doubled), nd[3]];
            memo.insert((a, b), v);
            v
        }

        let db = TwoSidedBearoff::get();
        let homes: Vec<Home> = every_home()
            .into_iter()
            .filter(|h| h.iter().sum::<u8>() <= 3)
            .collect();
        let mut memo = HashMap::new();
        for a in &homes {
            for b in &homes {
                let v = solve(*a, *b, &mut memo);
                assert!(close(db.win(a, b).unwrap(), v[0]), "{a:?} {b:?}");
                for (k, owner) in OWNERS.iter().enumerate() {
                    let e = db.equity(a, b, *owner).unwrap();
                    assert!(
                        close(e, v[k + 1]),
                        "{a:?} {b:?} {owner:?}: {e} {}",
                        v[k + 1]
                    );
                }
            }
        }
    }

    #[test]
    fn the_homes_of_a_board() {
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 6, 2);
        board.set_count(Side::X, 0, 13);
        board.set_count(Side::O, 1, 6);
        board.set_count(Side::O, 0, 9);
        assert_eq!(
            TwoSidedBearoff::homes(&board, Side::O),
            Some(([6, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2]))
        );
        board.set_count(Side::O, 2, 1);
        board.set_count(Side::O, 0, 8);
        assert_eq!(TwoSidedBearoff::homes(&board, Side::X), None);
        assert_eq!(TwoSidedBearoff::homes(&Board::standard(), Side::X), None);
    }
}
