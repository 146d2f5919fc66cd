//! Looking ahead: the chances of a position at 0, 1, 2 or more plies, the plays of a roll
//! ranked with move filters as GNU Backgammon ranks them, and truncated rollouts.
//!
//! A *ply* is one side's roll: the chances of a position at n plies, the side on roll before
//! its roll, are the average over the 21 rolls (weighted 1/36 or 2/36) of the chances after
//! its best play of each, that position taken at n - 1 plies; the best play of a roll inside
//! the look-ahead is the 0-ply one. At 0 plies the chances are the network's, or exact from
//! the bear-off databases when both sides are bearing off (no contact possible): the
//! two-sided one with at most six checkers a side, the one-sided race otherwise.

use std::sync::atomic::{AtomicBool, Ordering};

use boardgames_core::backgammon::{Backgammon, Board, Dice, Play, Side};
use boardgames_core::rand::SeedableRng;
use boardgames_core::ChaCha8Rng;

use super::bearoff::{home_of, BearoffDatabase};
use super::bearoff2::TwoSidedBearoff;
use super::net::Outcomes;
use super::nets::Networks;
use super::play::{best_result, points_won, roll, CheckerPlayer};

/// The networks and the bear-off database, and the look-ahead over them.
#[derive(Copy, Clone, Debug)]
pub struct Evaluator<'a> {
    net: &'a Networks,
    /// The bear-off database; `None` for the shared one, generated at its first use
    /// ([`BearoffDatabase::get`]), so that an evaluator that never meets a bear-off never
    /// waits for it.
    bearoff: Option<&'a BearoffDatabase>,
    /// A flag that cuts the look-ahead short once set ([`Evaluator::with_stop`]).
    stop: Option<&'a AtomicBool>,
}

/// Which plays of a stage go on to the next, deeper one: at most `keep` of the best, each
/// within `within` (normalised equity) of the best.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveFilter {
    /// The most plays kept, from 1.
    pub keep: usize,
    /// The largest equity behind the best that a kept play may be.
    pub within: f64,
}

/// The filters of GNU Backgammon's usual ("normal") setting: from 0 plies, the best 8 within
/// 0.16; from each deeper stage, the best 2 within 0.04.
pub const NORMAL_FILTERS: [MoveFilter; 2] = [
    MoveFilter {
        keep: 8,
        within: 0.16,
    },
    MoveFilter {
        keep: 2,
        within: 0.04,
    },
];

/// One play of a roll as ranked ([`Evaluator::rank`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RankedPlay {
    /// The play.
    pub play: Play,
    /// The board after it.
    pub after: Board,
    /// The chances of the side that played, after it (the other side to roll).
    pub chances: Outcomes,
    /// The plies of the deepest stage that evaluated it.
    pub plies: u32,
    /// Its value by the ranking's measure (a normalised equity for the side that played).
    pub value: f64,
}

/// How a truncated rollout plays ([`Evaluator::rollout`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RolloutSettings {
    /// The games played, from 1. The first roll of game `t` is the `t % 36`-th of the 36
    /// ordered rolls, so that every 36 games see every first roll once.
    pub trials: u32,
    /// Plies (rolls of either side) played before the game is cut and the position
    /// evaluated at 0 plies; 0 plays every game to its end.
    pub truncate: u32,
    /// The seed of the dice after the first roll.
    pub seed: u64,
}

/// The result of a rollout: the average chances and the spread of the cubeless equity.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RolloutResult {
    /// The average chances of the side on roll at the start.
    pub chances: Outcomes,
    /// The standard error of the mean cubeless equity.
    pub equity_error: f64,
    /// Games played.
    pub trials: u32,
}

impl Outcomes {
    /// `self + w * other`, entry by entry.
    fn add_weighted(&mut self, other: &Outcomes, w: f32) {
        self.win += w * other.win;
        self.win_gammon += w * other.win_gammon;
        self.win_backgammon += w * other.win_backgammon;
        self.lose_gammon += w * other.lose_gammon;
        self.lose_backgammon += w * other.lose_backgammon;
    }
}

impl<'a> Evaluator<'a> {
    /// The evaluator of the networks `net`, exact in bear-offs by `bearoff` (and by the
    /// shared two-sided database, [`TwoSidedBearoff::get`], with at most six checkers a
    /// side).
    #[must_use]
    pub fn new(net: &'a Networks, bearoff: &'a BearoffDatabase) -> Evaluator<'a> {
        Evaluator {
            net,
            bearoff: Some(bearoff),
            stop: None,
        }
    }

    /// The evaluator of the networks `net` with the shared bear-off database
    /// ([`BearoffDatabase::get`]), generated when a bear-off first needs it: commands that
    /// never meet one do not wait for it.
    #[must_use]
    pub fn with_shared_bearoff(net: &'a Networks) -> Evaluator<'a> {
        Evaluator {
            net,
            bearoff: None,
            stop: None,
        }
    }

    /// The shipped networks with the shared bear-off database, generated when a bear-off
    /// first needs it.
    #[must_use]
    pub fn shipped() -> Evaluator<'static> {
        Evaluator::with_shared_bearoff(Networks::shipped())
    }

    /// This evaluator, its look-ahead cut short once `stop` is set (from another thread, a
    /// "stop" or "move now"): the positions not yet looked at are then taken at 0 plies, and
    /// [`Evaluator::rank`] answers with the deepest stage it finished. Whoever looks ahead
    /// with it asks [`Evaluator::stopped`] afterwards to know whether the look-ahead ran to
    /// its depth.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use boardgames_ai::backgammon::Evaluator;
    /// use boardgames_core::backgammon::{Board, Side};
    ///
    /// let stop = AtomicBool::new(true);
    /// let eval = Evaluator::shipped().with_stop(&stop);
    /// // Stopped before it starts: the 2-ply chances are the 0-ply ones.
    /// let board = Board::standard();
    /// assert_eq!(eval.chances(&board, Side::X, 2), eval.chances(&board, Side::X, 0));
    /// assert!(eval.stopped());
    /// stop.store(false, Ordering::Relaxed);
    /// assert!(!eval.stopped());
    /// ```
    #[must_use]
    pub fn with_stop<'b>(self, stop: &'b AtomicBool) -> Evaluator<'b>
    where
        'a: 'b,
    {
        Evaluator {
            stop: Some(stop),
            ..self
        }
    }

    /// Whether this evaluator's stop flag is set ([`Evaluator::with_stop`]); never without
    /// one.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The networks.
    #[must_use]
    pub fn network(&self) -> &'a Networks {
        self.net
    }

    /// The chances at 0 plies of `on_roll`, before its roll on `board` (the game not over):
    /// when both sides have every checker in their home boards, exact from the shared
    /// two-sided bear-off database ([`TwoSidedBearoff::get`], no gammon possible) with at
    /// most six checkers a side, from the one-sided database's race otherwise; the
    /// network's when a side is not bearing off.
    #[must_use]
    pub fn static_chances(&self, board: &Board, on_roll: Side) -> Outcomes {
        if let (Some(a), Some(b)) = (home_of(board, on_roll), home_of(board, on_roll.other())) {
            // The range is checked first, so that other bear-offs never build the table.
            if TwoSidedBearoff::covers(&a, &b) {
                if let Some(win) = TwoSidedBearoff::get().win(&a, &b) {
                    return Outcomes {
                        win: win as f32,
                        ..Outcomes::default()
                    };
                }
            }
            let db: &BearoffDatabase = match self.bearoff {
                Some(db) => db,
                None => BearoffDatabase::get(),
            };
            if let Some(r) = db.race(&a, &b) {
                return Outcomes {
                    win: r.win as f32,
                    win_gammon: r.win_gammon as f32,
                    win_backgammon: 0.0,
                    lose_gammon: r.lose_gammon as f32,
                    lose_backgammon: 0.0,
                };
            }
        }
        self.net.evaluate(board, on_roll)
    }

    /// The chances of `mover` after a play that leads to `after`, the other side to roll,
    /// at `plies`: the result itself when the game is over (won by `mover`, or lost when
    /// `after` is a finished game the other side won).
    #[must_use]
    pub fn after_play(&self, after: &Board, mover: Side, plies: u32) -> Outcomes {
        match points_won(after) {
            Some((winner, points)) => result_for(mover, winner, points),
            None => self.live_chances(after, mover.other(), plies).flipped(),
        }
    }

    /// The 0-ply value of a play for `mover`: its cubeless equity after it, the highest
    /// for a play that ends the game.
    #[must_use]
    pub fn play_value(&self, after: &Board, mover: Side) -> f32 {
        if after.has_won(mover) {
            return f32::MAX;
        }
        -self.static_chances(after, mover.other()).equity()
    }

    /// The board after `side`'s best play of `dice` at 0 plies (the board itself when
    /// nothing can be played).
    #[must_use]
    pub fn best_play(&self, board: &Board, side: Side, dice: Dice) -> Board {
        best_result(board, side, dice, |after| self.play_value(after, side))
    }

    /// The chances of `on_roll` before its roll on `board` at `plies` (see the module docs);
    /// a game over gives its result at every depth (won or lost, with its gammon or
    /// backgammon). No allocation; about 20 evaluations times 21 per ply.
    #[must_use]
    pub fn chances(&self, board: &Board, on_roll: Side, plies: u32) -> Outcomes {
        match points_won(board) {
            Some((winner, points)) => result_for(on_roll, winner, points),
            None => self.live_chances(board, on_roll, plies),
        }
    }

    /// [`Evaluator::chances`] of a game that is not over.
    fn live_chances(&self, board: &Board, on_roll: Side, plies: u32) -> Outcomes {
        if plies == 0 || self.stopped() {
            return self.static_chances(board, on_roll);
        }
        let mut sum = Outcomes::default();
        for dice in Dice::all() {
            let w = if dice.is_double() { 1.0 } else { 2.0 } / 36.0;
            let after = self.best_play(board, on_roll, dice);
            sum.add_weighted(&self.after_play(&after, on_roll, plies - 1), w);
        }
        sum
    }

    /// The plays of `dice` at `pos` (the game not over), best first, by `value` of the
    /// chances after each (for the side that plays): every play at 0 plies, then for each
    /// deeper ply up to `plies` the plays that the filter of that stage keeps
    /// (`filters[k]` from stage k, the last filter for the stages beyond). A play evaluated
    /// deeper ranks above those the filters left behind. When the roll has no play, the one
    /// entry is the pass. Stopped ([`Evaluator::with_stop`]), the ranking is the one of the
    /// last stage finished (at least every play at 0 plies).
    #[must_use]
    pub fn rank(
        &self,
        pos: &Backgammon,
        dice: Dice,
        plies: u32,
        filters: &[MoveFilter],
        value: &dyn Fn(&Outcomes) -> f64,
    ) -> Vec<RankedPlay> {
        let side = pos.side();
        let mut plays: Vec<RankedPlay> = pos
            .plays(dice)
            .iter()
            .map(|play| {
                let after = *pos.after(play).board();
                let chances = self.after_play(&after, side, 0);
                RankedPlay {
                    play: *play,
                    after,
                    chances,
                    plies: 0,
                    value: value(&chances),
                }
            })
            .collect();
        let order = |plays: &mut Vec<RankedPlay>| {
            plays.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.value.total_cmp(&a.value)));
        };
        order(&mut plays);
        for depth in 1..=plies {
            let Some(filter) = filters.get(depth as usize - 1).or(filters.last()).copied() else {
                break;
            };
            let Some(best) = plays.first().map(|p| p.value) else {
                break;
            };
            let before = plays.clone();
            for p in plays.iter_mut().take(filter.keep.max(1)) {
                if p.plies + 1 != depth || best - p.value > filter.within {
                    break;
                }
                p.chances = self.after_play(&p.after, side, depth);
                p.value = value(&p.chances);
                p.plies = depth;
            }
            if self.stopped() {
                // A stage cut short mixes depths: the one before it stands.
                plays = before;
                break;
            }
            order(&mut plays);
        }
        plays
    }

    /// A truncated rollout of `board`, `on_roll` before its roll: `settings.trials` games,
    /// each side playing its 0-ply play, cut after `settings.truncate` plies and evaluated
    /// there at 0 plies. The chances of `on_roll`, averaged.
    #[must_use]
    pub fn rollout(
        &self,
        board: &Board,
        on_roll: Side,
        settings: &RolloutSettings,
    ) -> RolloutResult {
        let trials = settings.trials.max(1);
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let mut sum = Outcomes::default();
        let (mut eq_sum, mut eq_sq) = (0.0f64, 0.0f64);
        for t in 0..trials {
            let first = t % 36;
            let first = Dice::new((first / 6 + 1) as u8, (first % 6 + 1) as u8)
                .unwrap_or_else(|_| roll(&mut rng));
            let result = self.roll_one(board, on_roll, first, settings.truncate, &mut rng);
            sum.add_weighted(&result, 1.0);
            let e = f64::from(result.equity());
            eq_sum += e;
            eq_sq += e * e;
        }
        let n = f64::from(trials);
        let mut chances = Outcomes::default();
        chances.add_weighted(&sum, 1.0 / trials as f32);
        let mean = eq_sum / n;
        let var = if trials > 1 {
            ((eq_sq - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        RolloutResult {
            chances,
            equity_error: (var / n).sqrt(),
            trials,
        }
    }

    /// One game of a rollout from `board`, `start` to roll `first`: the chances of `start`.
    fn roll_one(
        &self,
        board: &Board,
        start: Side,
        first: Dice,
        truncate: u32,
        rng: &mut ChaCha8Rng,
    ) -> Outcomes {
        let (mut board, mut side, mut dice) = (*board, start, first);
        let mut plies = 0;
        loop {
            let after = self.best_play(&board, side, dice);
            plies += 1;
            if let Some((winner, points)) = points_won(&after) {
                let won = Outcomes::won(points);
                return if winner == start { won } else { won.flipped() };
            }
            board = after;
            side = side.other();
            if truncate > 0 && plies >= truncate {
                let c = self.static_chances(&board, side);
                return if side == start { c } else { c.flipped() };
            }
            dice = roll(rng);
        }
    }
}

/// A cubeless checker player of the evaluator: the play with the best cubeless equity at
/// `plies` (with `filters` between the stages, [`Evaluator::rank`]); at 0 plies every play
/// is evaluated once, without the ranking's list.
#[derive(Copy, Clone, Debug)]
pub struct PlyPlayer<'a> {
    /// The evaluator.
    pub eval: Evaluator<'a>,
    /// The plies of the look-ahead.
    pub plies: u32,
    /// The move filters.
    pub filters: &'static [MoveFilter],
}

impl CheckerPlayer for PlyPlayer<'_> {
    fn choose(&mut self, board: &Board, side: Side, dice: Dice) -> Board {
        if self.plies == 0 {
            return self.eval.best_play(board, side, dice);
        }
        let Ok(pos) = Backgammon::from_parts(*board, side, Some(dice), 1) else {
            return *board;
        };
        let equity = |c: &Outcomes| f64::from(c.equity());
        self.eval
            .rank(&pos, dice, self.plies, self.filters, &equity)
            .first()
            .map_or(*board, |p| p.after)
    }
}

/// The chances of `side` in a game over, won by `winner` for `points` (1 to 3).
fn result_for(side: Side, winner: Side, points: u32) -> Outcomes {
    let won = Outcomes::won(points);
    if winner == side {
        won
    } else {
        won.flipped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(x: &[(usize, u8)], o: &[(usize, u8)]) -> Board {
        let mut b = Board::EMPTY;
        let (mut nx, mut no) = (0, 0);
        for &(p, n) in x {
            b.set_count(Side::X, p, n);
            nx += n;
        }
        for &(p, n) in o {
            b.set_count(Side::O, p, n);
            no += n;
        }
        b.set_count(Side::X, 0, 15 - nx);
        b.set_count(Side::O, 0, 15 - no);
        b
    }

    #[test]
    fn bear_offs_are_exact_at_every_depth() {
        let eval = Evaluator::shipped();
        // Hand-worked: X one checker on its 6-point, O one on its 1-point. X on roll wins
        // when it bears off at once (27 of 36 rolls have 6 pips on a die or in all), else O
        // bears off: 3/4.
        let b = race(&[(6, 1)], &[(1, 1)]);
        let c = eval.static_chances(&b, Side::X);
        assert!((c.win - 0.75).abs() < 1e-6, "{c:?}");
        // Looking ahead through the exact positions gives the same.
        let c1 = eval.chances(&b, Side::X, 1);
        assert!((c1.win - 0.75).abs() < 1e-6, "{c1:?}");
        // A rollout to the end, every first roll once: 27 of 36 win at once.
        let r = eval.rollout(
            &b,
            Side::X,
            &RolloutSettings {
                trials: 36,
                truncate: 0,
                seed: 1,
            },
        );
        assert!((r.chances.win - 0.75).abs() < 1e-6, "{r:?}");
    }

    /// With at most six checkers a side the chances are the two-sided database's, which
    /// may differ from the one-sided race's (both sides there play for the fewest rolls on
    /// average, not to win this race): here by 0.014. With seven, the race's.
    #[test]
    fn small_bear_offs_are_the_two_sided_databases() {
        let eval = Evaluator::shipped();
        let one = BearoffDatabase::get();
        let two = TwoSidedBearoff::get();
        let (x, o) = ([0, 0, 2, 2, 2, 0], [3, 2, 1, 0, 0, 0]);
        let b = race(&[(3, 2), (4, 2), (5, 2)], &[(1, 3), (2, 2), (3, 1)]);
        let c = eval.static_chances(&b, Side::X);
        let exact = two.win(&x, &o).unwrap();
        assert!((f64::from(c.win) - exact).abs() < 1e-6, "{c:?}");
        assert_eq!((c.win_gammon, c.lose_gammon), (0.0, 0.0));
        assert!((exact - one.race_win_chance(&x, &o).unwrap()).abs() > 0.01);
        // Seen by O, on roll.
        let c = eval.static_chances(&b, Side::O);
        assert!((f64::from(c.win) - two.win(&o, &x).unwrap()).abs() < 1e-6);
        // A seventh checker: the one-sided race.
        let b = race(&[(3, 2), (4, 2), (5, 2), (6, 1)], &[(1, 3), (2, 2), (3, 1)]);
        let c = eval.static_chances(&b, Side::X);
        let race_win = one.race_win_chance(&[0, 0, 2, 2, 2, 1], &o).unwrap();
        assert!((f64::from(c.win) - race_win).abs() < 1e-6, "{c:?}");
    }

    #[test]
    fn a_finished_game_is_the_losers_loss_at_every_depth() {
        // X has borne off all 15 while O has all 15 on its 6-point: a gammon for X. O, on
        // roll in that position, loses a gammon (1 point times 2) whatever the depth.
        let eval = Evaluator::shipped();
        let mut b = race(&[], &[(6, 15)]);
        b.set_count(Side::X, 0, 15);
        b.set_count(Side::O, 0, 0);
        for plies in 1..=2 {
            let c = eval.chances(&b, Side::O, plies);
            assert!(c.win.abs() < 1e-6, "{plies}: {c:?}");
            assert!((c.lose_gammon - 1.0).abs() < 1e-6, "{plies}: {c:?}");
        }
        let lost = eval.after_play(&b, Side::O, 0);
        assert!(lost.win.abs() < 1e-6 && (lost.lose_gammon - 1.0).abs() < 1e-6);
        let won = eval.after_play(&b, Side::X, 0);
        assert!((won.win - 1.0).abs() < 1e-6 && (won.win_gammon - 1.0).abs() < 1e-6);
    }

    #[test]
    fn ranking_with_filters() {
        let eval = Evaluator::shipped();
        let mut pos = Backgammon::new();
        let dice = Dice::new(3, 1).unwrap();
        pos.set_dice(Some(dice));
        let equity = |c: &Outcomes| f64::from(c.equity());
        let zero = eval.rank(&pos, dice, 0, &NORMAL_FILTERS, &equity);
        assert_eq!(zero.len(), pos.plays(dice).len());
        assert_eq!(zero[0].play.to_string(), "8/5 6/5");
        assert!(zero.windows(2).all(|w| w[0].value >= w[1].value));
        // At 1 ply at most 8 plays are looked at again, and they rank first.
        let one = eval.rank(&pos, dice, 1, &NORMAL_FILTERS, &equity);
        let deep = one.iter().filter(|p| p.plies == 1).count();
        assert!((1..=8).contains(&deep), "{deep}");
        assert!(one[..deep].iter().all(|p| p.plies == 1));
        assert_eq!(one[0].play.to_string(), "8/5 6/5");
        // The 1-ply value of a play is the average of the other side's 21 rolls.
        let again = eval.after_play(&one[0].after, Side::X, 1);
        assert_eq!(again, one[0].chances);
    }

    #[test]
    fn a_play_that_wins_is_the_game_won() {
        let eval = Evaluator::shipped();
        let b = race(&[(1, 2)], &[(6, 15)]);
        let pos = Backgammon::from_parts(b, Side::X, Some(Dice::new(2, 1).unwrap()), 1).unwrap();
        let ranked = eval.rank(&pos, Dice::new(2, 1).unwrap(), 2, &NORMAL_FILTERS, &|c| {
            f64::from(c.equity())
        });
        // Both off: O has none off, all in its home board: a gammon.
        assert_eq!(ranked[0].chances, Outcomes::won(2));
    }
}
