//! The one-sided bear-off database: for every position of up to 15 checkers on a side's six
//! home points, the distribution of the number of rolls it needs to bear them all off, and
//! of the rolls it needs to bear off a first one; from two such positions, the chances of a
//! race with no contact, gammons included.

use std::sync::OnceLock;

use boardgames_core::backgammon::generate;

use super::dbfile::{load_or_generate, push_floats, Floats, Stored};
use boardgames_core::backgammon::{Board, Dice, Side, TurnSink, CHECKERS};

/// The home points of a side: its 1-point to its 6-point.
pub const HOME_POINTS: usize = 6;

/// The number of positions in the database: every way to place 0 to 15 checkers on six
/// points, `C(21, 6)`.
pub const POSITIONS: usize = 54_264;

/// The length of a distribution: entry `n` is the chance of needing exactly `n` rolls,
/// `n = 0..ROLLS`. No position needs more than 31 rolls (15 checkers on the 6-point, rolling
/// 21 every time, need 30).
pub const ROLLS: usize = 32;

/// A side's checkers on its home points, `[1-point, 2-point, ..., 6-point]`; the checkers not
/// there are borne off.
pub type Home = [u8; HOME_POINTS];

/// `WAYS[k][r]`: the number of ways to place at most `r` checkers on `k` points,
/// `C(r + k, k)`.
const WAYS: [[u32; CHECKERS as usize + 1]; HOME_POINTS + 1] = {
    let mut t = [[0u32; CHECKERS as usize + 1]; HOME_POINTS + 1];
    let mut k = 0;
    while k <= HOME_POINTS {
        let mut r = 0;
        while r <= CHECKERS as usize {
            t[k][r] = if k == 0 || r == 0 {
                1
            } else {
                // Pascal's rule: C(r + k, k) = C(r + k - 1, k - 1) + C(r + k - 1, k).
                t[k - 1][r] + t[k][r - 1]
            };
            r += 1;
        }
        k += 1;
    }
    t
};

/// The database's index of `home`, `0..POSITIONS` (0 for no checker at all); `None` when it
/// holds more than 15 checkers.
#[must_use]
pub fn index(home: &Home) -> Option<usize> {
    index_within(home, CHECKERS)
}

/// The index of `home` among the placements of at most `most` checkers (up to 15) on the
/// six points, `0..C(most + 6, 6)`, in the same order as [`index`] (0 for no checker at
/// all); `None` when it holds more than `most` checkers.
pub(super) fn index_within(home: &Home, most: u8) -> Option<usize> {
    let mut left = usize::from(most.min(CHECKERS));
    let mut at = 0usize;
    // Lexicographic from the 6-point down: before `home`, every placement with fewer on the
    // first point that differs.
    for (i, &c) in home.iter().rev().enumerate() {
        let c = usize::from(c);
        if c > left {
            return None;
        }
        let rest = HOME_POINTS - 1 - i;
        at += (0..c).map(|v| WAYS[rest][left - v] as usize).sum::<usize>();
        left -= c;
    }
    Some(at)
}

/// The home points of `side` on `board` when it can only bear off: none of its checkers on
/// the bar or outside its home board. (Whether the opponent can still hit is the caller's
/// question: the database is exact only once no contact remains.)
#[must_use]
pub fn home_of(board: &Board, side: Side) -> Option<Home> {
    let counts = board.counts(side);
    if counts[7..].iter().any(|&c| c > 0) {
        return None;
    }
    let mut home = [0u8; HOME_POINTS];
    home.copy_from_slice(&counts[1..=HOME_POINTS]);
    Some(home)
}

/// A side's home points from its packed counts (the move generator's form).
pub(super) fn unpack(packed: u128) -> Home {
    core::array::from_fn(|i| ((packed >> (4 * (i + 1))) & 15) as u8)
}

/// The packed counts of `home`, the rest of the 15 checkers borne off.
pub(super) fn pack(home: &Home) -> u128 {
    let on: u8 = home.iter().sum();
    let mut packed = u128::from(CHECKERS - on);
    for (i, &c) in home.iter().enumerate() {
        packed |= u128::from(c) << (4 * (i + 1));
    }
    packed
}

/// The one-sided bear-off database (see the module docs): for each position of
/// [`POSITIONS`], the distribution of the rolls it needs to bear off every checker, each
/// roll played to need the fewest rolls on average; and for each position of 15 checkers
/// (none borne off yet) the distribution of the rolls it needs to bear off a first one, each
/// roll played for that (what decides a gammon).
///
/// Built by [`BearoffDatabase::generate`] in a fraction of a second (or shared, built once,
/// by [`BearoffDatabase::get`]); the plays come from the core's move generator with no
/// opponent checker in the way, so every rule of the bear-off (a die bears off from its own
/// point, a higher die from the highest occupied point, both dice are played where they
/// can be) is the rules' own.
///
/// Playing each roll for the fewest rolls on average is the usual one-sided choice (as in
/// GNU Backgammon's one-sided databases): it is not always the play that wins a given race
/// most often, by a small margin in a few positions.
///
/// ```
/// use boardgames_ai::backgammon::BearoffDatabase;
///
/// let db = BearoffDatabase::get();
/// // One checker on the 6-point: off at once with any roll of 6 pips or more (27 of 36),
/// // else next roll.
/// let dist = db.distribution(&[0, 0, 0, 0, 0, 1]).unwrap();
/// assert!((dist[1] - 0.75).abs() < 1e-6 && (dist[2] - 0.25).abs() < 1e-6);
/// assert!((db.mean_rolls(&[0, 0, 0, 0, 0, 1]).unwrap() - 1.25).abs() < 1e-6);
/// ```
#[derive(Clone, Debug)]
pub struct BearoffDatabase {
    /// To bear off every checker.
    all_off: Table,
    /// To bear off a first checker (0 rolls once one is off).
    first_off: Table,
}

/// One distribution and its mean per position, by [`index`].
#[derive(Clone, Debug)]
struct Table {
    distributions: Vec<[f32; ROLLS]>,
    means: Vec<f32>,
}

impl Table {
    /// Solves a one-sided goal over `homes` (every position, in order of pip count): a
    /// position where `reached` holds needs no roll; any other plays each roll to the result
    /// that needs the fewest rolls on average (every result has fewer pips, so it is known).
    fn solve(homes: &[Home], reached: impl Fn(&Home) -> bool) -> Table {
        let mut dist = vec![[0f64; ROLLS]; POSITIONS];
        let mut means = vec![0f64; POSITIONS];
        for home in homes {
            let Some(at) = index(home) else { continue };
            if reached(home) {
                dist[at][0] = 1.0;
                continue;
            }
            let board = Board::from_packed(pack(home), 0);
            let mut d = [0f64; ROLLS];
            for dice in Dice::all() {
                let p = if dice.is_double() { 1.0 } else { 2.0 } / 36.0;
                let mut sink = Fewest {
                    means: &means,
                    best: None,
                };
                generate(&board, Side::X, dice, &mut sink);
                let Some((_, next)) = sink.best else { continue };
                for n in 1..ROLLS {
                    d[n] += p * dist[next][n - 1];
                }
                // The last entry keeps whatever would fall beyond it (none does).
                d[ROLLS - 1] += p * dist[next][ROLLS - 1];
            }
            means[at] = d.iter().enumerate().map(|(n, &q)| n as f64 * q).sum();
            dist[at] = d;
        }
        Table {
            distributions: dist.iter().map(|d| d.map(|q| q as f32)).collect(),
            means: means.iter().map(|&m| m as f32).collect(),
        }
    }
}

/// The chances of a race with no contact, for the side on roll
/// ([`BearoffDatabase::race`]). No backgammon is possible: the loser's checkers are all in
/// its own home board.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RaceChances {
    /// The side on roll bears off first.
    pub win: f64,
    /// It bears off every checker before the other side bears off one: a gammon.
    pub win_gammon: f64,
    /// The other side bears off every checker before the side on roll bears off one.
    pub lose_gammon: f64,
}

/// A sink keeping the result of a play that needs the fewest rolls on average.
struct Fewest<'a> {
    means: &'a [f64],
    best: Option<(f64, usize)>,
}

impl TurnSink for Fewest<'_> {
    fn clear(&mut self) {
        self.best = None;
    }

    fn push(&mut self, mover: u128, _opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        let Some(i) = index(&unpack(mover)) else {
            return;
        };
        let mean = self.means[i];
        if self.best.is_none_or(|(m, _)| mean < m) {
            self.best = Some((mean, i));
        }
    }
}

impl BearoffDatabase {
    /// Computes the database: every position in order of pip count, each of the 21 rolls
    /// played to the result with the fewest rolls on average, which has fewer pips and is
    /// already known; once for bearing off every checker, once for bearing off a first one.
    #[must_use]
    pub fn generate() -> BearoffDatabase {
        let mut homes: Vec<Home> = Vec::with_capacity(POSITIONS);
        let mut home = [0u8; HOME_POINTS];
        loop {
            if checkers(&home) <= CHECKERS {
                homes.push(home);
            }
            // The next placement, as an odometer of base 16.
            let Some(i) = home.iter().position(|&c| c < CHECKERS) else {
                break;
            };
            home[i] += 1;
            home[..i].fill(0);
        }
        homes.sort_by_key(pips);
        BearoffDatabase {
            all_off: Table::solve(&homes, |h| checkers(h) == 0),
            first_off: Table::solve(&homes, |h| checkers(h) < CHECKERS),
        }
    }

    /// The database shared by every caller, generated at the first call, or read from its
    /// file when the program keeps the databases on disk ([`super::set_database_dir`]).
    #[must_use]
    pub fn get() -> &'static BearoffDatabase {
        static DB: OnceLock<BearoffDatabase> = OnceLock::new();
        DB.get_or_init(load_or_generate::<BearoffDatabase>)
    }

    /// The distribution of the rolls `home` needs to bear off: entry `n` is the chance of
    /// exactly `n` rolls; `None` for more than 15 checkers.
    #[must_use]
    pub fn distribution(&self, home: &Home) -> Option<&[f32; ROLLS]> {
        index(home).map(|i| &self.all_off.distributions[i])
    }

    /// The mean number of rolls `home` needs to bear off; `None` for more than 15 checkers.
    #[must_use]
    pub fn mean_rolls(&self, home: &Home) -> Option<f32> {
        index(home).map(|i| self.all_off.means[i])
    }

    /// The distribution of the rolls `home` needs to bear off a first checker (all zero
    /// rolls once one is off: fewer than 15 checkers); `None` for more than 15 checkers.
    #[must_use]
    pub fn first_off_distribution(&self, home: &Home) -> Option<&[f32; ROLLS]> {
        index(home).map(|i| &self.first_off.distributions[i])
    }

    /// The chances of the side on roll, with `on_roll` left, in a race with no contact
    /// against the other side, with `other` left (each side playing for the fewest rolls,
    /// see the type docs): it wins when it needs no more rolls than the other, and wins a
    /// gammon when it needs no more rolls than the other needs to bear off a first checker;
    /// it loses a gammon when the other needs fewer rolls than it needs for a first checker.
    /// `None` for more than 15 checkers on either side.
    #[must_use]
    pub fn race(&self, on_roll: &Home, other: &Home) -> Option<RaceChances> {
        let a = self.distribution(on_roll)?;
        let b = self.distribution(other)?;
        let a_first = self.first_off_distribution(on_roll)?;
        let b_first = self.first_off_distribution(other)?;
        // The side on roll finishing with its n-th roll has given the other n - 1 rolls.
        Some(RaceChances {
            win: no_later(a, b),
            win_gammon: no_later(a, b_first),
            lose_gammon: 1.0 - no_later(a_first, b),
        })
    }

    /// The chance that the side on roll bears off first ([`BearoffDatabase::race`]'s win).
    #[must_use]
    pub fn race_win_chance(&self, on_roll: &Home, other: &Home) -> Option<f64> {
        self.race(on_roll, other).map(|r| r.win)
    }
}

impl Table {
    /// Writes the table: for each position the first roll count of its distribution that
    /// has a chance, how many follow, and those chances; then the means.
    fn encode(&self, out: &mut Vec<u8>) {
        for d in &self.distributions {
            let first = d.iter().position(|&q| q != 0.0).unwrap_or(0);
            let end = d.iter().rposition(|&q| q != 0.0).map_or(first, |i| i + 1);
            out.extend_from_slice(&[first as u8, (end - first) as u8]);
            push_floats(out, &d[first..end]);
        }
        push_floats(out, &self.means);
    }

    /// The table [`Table::encode`] wrote next in `f`.
    fn decode(f: &mut Floats<'_>) -> Option<Table> {
        let mut distributions = vec![[0f32; ROLLS]; POSITIONS];
        for d in &mut distributions {
            let first = usize::from(f.byte()?);
            let len = usize::from(f.byte()?);
            for q in d.get_mut(first..first + len)? {
                *q = f.next()?;
            }
        }
        let means = (0..POSITIONS).map(|_| f.next()).collect::<Option<_>>()?;
        Some(Table {
            distributions,
            means,
        })
    }
}

/// On disk, each distribution without its zeros before and after: about 3 MB.
impl Stored for BearoffDatabase {
    const NAME: &'static str = "bearoff1";

    fn generate() -> BearoffDatabase {
        BearoffDatabase::generate()
    }

    fn encode(&self, out: &mut Vec<u8>) {
        self.all_off.encode(out);
        self.first_off.encode(out);
    }

    fn decode(bytes: &[u8]) -> Option<BearoffDatabase> {
        let mut f = Floats(bytes);
        let all_off = Table::decode(&mut f)?;
        let first_off = Table::decode(&mut f)?;
        f.is_done()
            .then_some(BearoffDatabase { all_off, first_off })
    }
}

/// The chance that a count of rolls drawn from `a` is no more than one drawn from `b`:
/// the sum over n of P(a = n) P(b >= n).
fn no_later(a: &[f32; ROLLS], b: &[f32; ROLLS]) -> f64 {
    let mut b_at_least = 1.0f64;
    let mut p = 0.0f64;
    for n in 0..ROLLS {
        p += f64::from(a[n]) * b_at_least;
        b_at_least -= f64::from(b[n]);
    }
    p.clamp(0.0, 1.0)
}

/// The checkers on the home points.
pub(super) fn checkers(home: &Home) -> u8 {
    home.iter().sum()
}

/// The pip count of `home`.
pub(super) fn pips(home: &Home) -> u32 {
    home.iter()
        .enumerate()
        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_reads_back_from_its_values() {
        let db = BearoffDatabase::get();
        let mut bytes = Vec::new();
        db.encode(&mut bytes);
        let back = BearoffDatabase::decode(&bytes).expect("reads back");
        for i in 0..POSITIONS {
            assert_eq!(back.all_off.distributions[i], db.all_off.distributions[i]);
            assert_eq!(
                back.first_off.distributions[i],
                db.first_off.distributions[i]
            );
        }
        assert_eq!(
            (&back.all_off.means, &back.first_off.means),
            (&db.all_off.means, &db.first_off.means)
        );
        assert_eq!(
            BearoffDatabase::decode(&bytes[..bytes.len() - 4]).map(|_| ()),
            None
        );
        // One checker on the 6-point: off with 27 rolls of 36, else with the next roll.
        let six = [0, 0, 0, 0, 0, 1];
        let d = back.distribution(&six).expect("one checker");
        assert!((d[1] - 0.75).abs() < 1e-6 && (d[2] - 0.25).abs() < 1e-6);
        assert!((back.mean_rolls(&six).unwrap_or(0.0) - 1.25).abs() < 1e-6);
        let first = back
            .first_off_distribution(&[0, 0, 0, 0, 0, 15])
            .expect("15");
        // A first checker off the 6-point in one roll: a 6 (11 rolls of 36), or one checker
        // moved 6 pips to the exact end by 5-1, 4-2 (two each), 3-3 or 2-2: 17 of 36.
        assert!((first[1] - 17.0 / 36.0).abs() < 1e-6, "{first:?}");
    }

    /// Every placement of 0 to 15 checkers on the six points.
    fn every_home() -> Vec<Home> {
        let mut out = Vec::new();
        let mut home = [0u8; HOME_POINTS];
        loop {
            if home.iter().map(|&c| u32::from(c)).sum::<u32>() <= 15 {
                out.push(home);
            }
            let Some(i) = home.iter().position(|&c| c < 15) else {
                return out;
            };
            home[i] += 1;
            home[..i].fill(0);
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-5
    }

    #[test]
    fn the_index_numbers_every_position_once() {
        let homes = every_home();
        assert_eq!(homes.len(), POSITIONS);
        let mut seen = vec![false; POSITIONS];
        for home in &homes {
            let i = index(home).unwrap();
            assert!(!seen[i], "{home:?} shares index {i}");
            seen[i] = true;
        }
        assert_eq!(index(&[0; 6]), Some(0));
        assert_eq!(index(&[0, 0, 0, 0, 0, 15]), Some(POSITIONS - 1));
        assert_eq!(index(&[8, 0, 0, 0, 0, 8]), None);
        assert_eq!(index(&[16, 0, 0, 0, 0, 0]), None);
    }

    #[test]
    fn every_distribution_is_whole_and_no_position_needs_more_rolls_than_it_has() {
        let db = BearoffDatabase::get();
        for home in every_home() {
            let first = db.first_off_distribution(&home).unwrap();
            let sum: f64 = first.iter().map(|&q| f64::from(q)).sum();
            assert!(close(sum, 1.0), "{home:?}: {sum}");
            assert_eq!(first[ROLLS - 1], 0.0, "{home:?}");
            let d = db.distribution(&home).unwrap();
            let sum: f64 = d.iter().map(|&q| f64::from(q)).sum();
            assert!(close(sum, 1.0), "{home:?}: {sum}");
            // Nothing was folded into the last entry.
            assert_eq!(d[ROLLS - 1], 0.0, "{home:?}");
            let on: u8 = home.iter().sum();
            if on > 0 {
                assert_eq!(d[0], 0.0);
            }
        }
        // 15 on the 6-point: four rolls of 66 at best, 30 rolls of 21 at worst.
        let d = db.distribution(&[0, 0, 0, 0, 0, 15]).unwrap();
        assert_eq!(d.iter().position(|&q| q > 0.0), Some(4));
        assert!(d[30] > 0.0 && d[31] == 0.0);
    }

    /// One checker on point p: off at once when the roll moves it p pips or more (one die
    /// at least p, or both dice, or a double's four steps, the last from the highest
    /// point); otherwise it is on the 3-point or lower, and off with the next roll.
    #[test]
    fn one_checker_worked_by_hand() {
        let db = BearoffDatabase::get();
        // Rolls (of 36) that do not bear a checker off from p: p = 4: 21; p = 5: 21, 31, 11;
        // p = 6: 21, 31, 41, 32, 11.
        let misses = [0, 0, 0, 2, 5, 9];
        for (p, &miss) in misses.iter().enumerate() {
            let mut home = [0u8; 6];
            home[p] = 1;
            let d = db.distribution(&home).unwrap();
            let once = 1.0 - f64::from(miss) / 36.0;
            assert!(close(f64::from(d[1]), once), "point {}: {}", p + 1, d[1]);
            assert!(close(f64::from(d[2]), 1.0 - once));
            let mean = f64::from(db.mean_rolls(&home).unwrap());
            assert!(close(mean, 1.0 + f64::from(miss) / 36.0));
        }
    }

    /// Checkers on the 1-point only: each roll bears off two, a double four, so the
    /// distribution follows from the count alone: `f(n) = 30/36 f(n - 2) + 6/36 f(n - 4)`
    /// shifted by one roll (fewer than nothing left is nothing left).
    #[test]
    fn checkers_on_the_one_point_follow_the_count() {
        let db = BearoffDatabase::get();
        let mut f: Vec<[f64; ROLLS]> = Vec::new();
        for n in 0..=15usize {
            let mut d = [0f64; ROLLS];
            if n == 0 {
                d[0] = 1.0;
            } else {
                for (take, p) in [(2usize, 30.0 / 36.0), (4, 6.0 / 36.0)] {
                    let before = f[n.saturating_sub(take)];
                    for k in 1..ROLLS {
                        d[k] += p * before[k - 1];
                    }
                }
            }
            f.push(d);
            let got = db.distribution(&[n as u8, 0, 0, 0, 0, 0]).unwrap();
            for k in 0..ROLLS {
                assert!(close(f64::from(got[k]), d[k]), "{n} checkers, {k} rolls");
            }
        }
    }

    /// A checker more never needs fewer rolls on average (a property of the exact
    /// database, checked on every position; a checker further back, by contrast, can need
    /// fewer, see below).
    #[test]
    fn a_checker_more_never_needs_fewer_rolls() {
        let db = BearoffDatabase::get();
        for home in every_home() {
            let mean = db.mean_rolls(&home).unwrap();
            if home.iter().sum::<u8>() == 15 {
                continue;
            }
            for p in 0..6 {
                let mut more = home;
                more[p] += 1;
                assert!(db.mean_rolls(&more).unwrap() >= mean, "{home:?} +{}", p + 1);
            }
        }
    }

    /// The gap of a checker on the 3-point with three on the 1-point (6 pips) costs more
    /// than the pip it saves against 1-point 2, 2-point 1, 3-point 1 (7 pips). Both bear
    /// off at once only with 33 to 66 (4 of 36). With 21, the first can only leave three
    /// checkers on the 1-point, which every roll but a double (30 of 36) leaves one of; the
    /// second bears off from the 2- and 1-points and leaves 1-point 1, 3-point 1, which only
    /// 21 again fails to finish.
    #[test]
    fn a_gap_worked_by_hand() {
        let db = BearoffDatabase::get();
        let (gap, filled) = ([3, 0, 1, 0, 0, 0], [2, 1, 1, 0, 0, 0]);
        let three_rolls = [(2.0 / 36.0) * (30.0 / 36.0), (2.0 / 36.0) * (2.0 / 36.0)];
        for (home, three) in [gap, filled].iter().zip(three_rolls) {
            let d = db.distribution(home).unwrap();
            assert!(close(f64::from(d[1]), 4.0 / 36.0), "{home:?}");
            assert!(close(f64::from(d[3]), three), "{home:?}");
            assert!(close(f64::from(d[2]), 1.0 - 4.0 / 36.0 - three), "{home:?}");
        }
        assert!(db.mean_rolls(&filled).unwrap() < db.mean_rolls(&gap).unwrap());
    }

    #[test]
    fn race_chances_worked_by_hand() {
        let db = BearoffDatabase::get();
        let ace = [1, 0, 0, 0, 0, 0];
        let six = [0, 0, 0, 0, 0, 1];
        // The side on roll with one checker left on the 1-point always wins.
        assert!(close(db.race_win_chance(&ace, &six).unwrap(), 1.0));
        // On the 6-point against one on the 1-point: it wins only by bearing off at once.
        assert!(close(db.race_win_chance(&six, &ace).unwrap(), 0.75));
        // Against one on the 6-point as well: at once (27/36), or both miss (9/36 * 9/36)
        // and it bears off next roll.
        let want = 27.0 / 36.0 + (9.0 / 36.0) * (9.0 / 36.0);
        assert!(close(db.race_win_chance(&six, &six).unwrap(), want));
        assert_eq!(db.race_win_chance(&[16, 0, 0, 0, 0, 0], &six), None);
    }

    /// 15 checkers on the 6-point bear off a first one in one roll only when the dice
    /// carry one checker exactly 6 pips (a higher die may not bear off while checkers stay
    /// on the 6-point): a 6 (11 of 36), 51 or 42 (4), 22 or 33 (2): 17 of 36, not the 27 of
    /// a lone checker. Otherwise the checker is on the 5-point or lower and the next roll
    /// may still miss (with 11, say).
    #[test]
    fn a_first_checker_off_worked_by_hand() {
        let db = BearoffDatabase::get();
        let d = db.first_off_distribution(&[0, 0, 0, 0, 0, 15]).unwrap();
        assert!(close(f64::from(d[1]), 17.0 / 36.0), "{}", d[1]);
        assert!(d[2] > 0.0 && d[3] > 0.0);
        let d = db.first_off_distribution(&[15, 0, 0, 0, 0, 0]).unwrap();
        assert!(close(f64::from(d[1]), 1.0));
        // One already off: no roll needed.
        let d = db.first_off_distribution(&[0, 0, 0, 0, 0, 14]).unwrap();
        assert!(close(f64::from(d[0]), 1.0));
    }

    #[test]
    fn gammons_in_a_race_worked_by_hand() {
        let db = BearoffDatabase::get();
        let (six, ace) = ([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]);
        let (fifteen_six, fifteen_ace) = ([0, 0, 0, 0, 0, 15], [15, 0, 0, 0, 0, 0]);
        // One checker on the 1-point against 15 on the board: off before the other rolls.
        let r = db.race(&ace, &fifteen_six).unwrap();
        assert!(close(r.win, 1.0) && close(r.win_gammon, 1.0) && close(r.lose_gammon, 0.0));
        // One on the 6-point against 15 on the 1-point: off in one roll or two, while the 15
        // need four at least; a gammon only when off at once (27 of 36).
        let r = db.race(&six, &fifteen_ace).unwrap();
        assert!(close(r.win, 1.0) && close(r.win_gammon, 0.75) && close(r.lose_gammon, 0.0));
        // 15 on the 6-point on roll against one checker on the 1-point: lost with the other
        // side's first roll, a gammon unless this roll bears a first checker off (17 of 36).
        let r = db.race(&fifteen_six, &ace).unwrap();
        assert!(
            close(r.win, 0.0) && close(r.lose_gammon, 19.0 / 36.0),
            "{r:?}"
        );
    }

    #[test]
    fn the_home_of_a_side_only_while_it_bears_off() {
        let start = Board::standard();
        assert_eq!(home_of(&start, Side::X), None);
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 6, 2);
        board.set_count(Side::X, 1, 3);
        board.set_count(Side::X, 0, 10);
        assert_eq!(home_of(&board, Side::X), Some([3, 0, 0, 0, 0, 2]));
        board.set_count(Side::X, 25, 1);
        assert_eq!(home_of(&board, Side::X), None);
    }
}
