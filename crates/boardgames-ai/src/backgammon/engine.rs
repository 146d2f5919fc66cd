//! The backgammon engine: levels of look-ahead, and the computer's player of a money game or
//! match, which makes every decision of the session with them (plays, cube, resignations).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use boardgames_core::backgammon::{Backgammon, Board, Match, MatchAction, Phase, Side, WinKind};
use boardgames_core::player::Player;
use boardgames_core::Game;

use super::cube::{CubeContext, CubeDecision};
use super::cubeful::cube_decision;
use super::net::Outcomes;
use super::nets::Networks;
use super::play::points_won;
use super::search::{Evaluator, MoveFilter, RankedPlay, NORMAL_FILTERS};

/// How deep the engine looks: the plies of a checker play (with the move filters between
/// the stages) and of a cube decision.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Level {
    /// Plies of the look-ahead of a checker play.
    pub plies: u32,
    /// Plies of the chances a cube decision (or a resignation) is judged on.
    pub cube_plies: u32,
    /// The move filters between the stages ([`Evaluator::rank`]).
    pub filters: &'static [MoveFilter],
}

/// The wider filters of level 4: from 0 plies the best 16 within 0.32, then the best 4
/// within 0.08.
const WIDE_FILTERS: [MoveFilter; 2] = [
    MoveFilter {
        keep: 16,
        within: 0.32,
    },
    MoveFilter {
        keep: 4,
        within: 0.08,
    },
];

impl Level {
    /// The default level, 4: the strongest that answers well within the 100 ms a decision
    /// the engine aims at (2 plies with the wider filters; `docs/strength.md` compares it
    /// with level 3 and GNU Backgammon).
    pub const DEFAULT: u8 = 4;

    /// Level `n`, 1 to 5 (others are read as the nearest): 1 plays at 0 plies; 2 at 1 ply;
    /// 3 at 2 plies (the usual filters, [`NORMAL_FILTERS`]); 4, the default, at 2 plies with
    /// wider filters; 5 at 3 plies. Cube decisions look as deep as the plays.
    #[must_use]
    pub fn of(n: u8) -> Level {
        let (plies, filters): (u32, &'static [MoveFilter]) = match n {
            0 | 1 => (0, &NORMAL_FILTERS),
            2 => (1, &NORMAL_FILTERS),
            3 => (2, &NORMAL_FILTERS),
            4 => (2, &WIDE_FILTERS),
            _ => (3, &NORMAL_FILTERS),
        };
        Level {
            plies,
            cube_plies: plies,
            filters,
        }
    }
}

/// The engine: an evaluator and a level.
#[derive(Copy, Clone, Debug)]
pub struct BackgammonEngine<'a> {
    eval: Evaluator<'a>,
    level: Level,
}

impl<'a> BackgammonEngine<'a> {
    /// The engine of `eval` at `level`.
    #[must_use]
    pub fn new(eval: Evaluator<'a>, level: Level) -> BackgammonEngine<'a> {
        BackgammonEngine { eval, level }
    }

    /// The shipped networks at level `n` (see [`Level::of`]).
    #[must_use]
    pub fn shipped(n: u8) -> BackgammonEngine<'static> {
        BackgammonEngine::new(Evaluator::shipped(), Level::of(n))
    }

    /// This engine, its look-ahead cut short once `stop` is set: every decision then stands
    /// on what it finished (the plays ranked at the deepest stage done, the cube and the
    /// chances at 0 plies). See [`Evaluator::with_stop`].
    #[must_use]
    pub fn with_stop<'b>(self, stop: &'b AtomicBool) -> BackgammonEngine<'b>
    where
        'a: 'b,
    {
        BackgammonEngine {
            eval: self.eval.with_stop(stop),
            level: self.level,
        }
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &Evaluator<'a> {
        &self.eval
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The plays of the roll at `m` (dice rolled), best first, valued by the cubeful
    /// equity after each for the side that plays, normalised to the cube (see
    /// [`CubeContext::normalised`]). Empty before the roll or once the session is over.
    #[must_use]
    pub fn rank_plays(&self, m: &Match) -> Vec<RankedPlay> {
        let pos = m.position();
        let Some(dice) = pos.dice().filter(|_| m.phase() == Phase::ToPlay) else {
            return Vec::new();
        };
        let ctx = CubeContext::of(m);
        let value = |c: &Outcomes| ctx.normalised(play_value(&ctx, c));
        self.eval
            .rank(pos, dice, self.level.plies, self.level.filters, &value)
    }

    /// The chances after a play of the side on roll at `m` leading to `after`, at `plies`,
    /// and their value as [`BackgammonEngine::rank_plays`] values a play.
    #[must_use]
    pub fn evaluate_play(&self, m: &Match, after: &Board, plies: u32) -> f64 {
        let ctx = CubeContext::of(m);
        let side = m.position().side();
        let mut chances = self.eval.after_play(after, side, plies);
        if plies > 0 && self.eval.stopped() {
            chances = self.eval.after_play(after, side, 0);
        }
        ctx.normalised(play_value(&ctx, &chances))
    }

    /// The chances of the side on roll at `m`'s position before its roll, at the cube
    /// plies; with the dice already rolled, the chances after its best play at 0 plies.
    #[must_use]
    pub fn chances(&self, pos: &Backgammon) -> Outcomes {
        self.chances_at(pos, self.level.cube_plies)
    }

    /// [`BackgammonEngine::chances`] at `plies`.
    fn chances_at(&self, pos: &Backgammon, plies: u32) -> Outcomes {
        let chances = self.chances_looking(pos, plies);
        if plies > 0 && self.eval.stopped() {
            // A look-ahead cut short mixes depths: the 0-ply chances instead.
            return self.chances_looking(pos, 0);
        }
        chances
    }

    /// [`BackgammonEngine::chances_at`], stopped or not.
    fn chances_looking(&self, pos: &Backgammon, plies: u32) -> Outcomes {
        let (board, side) = (pos.board(), pos.side());
        match pos.dice() {
            None => self.eval.chances(board, side, plies),
            Some(dice) => {
                let after = self.eval.best_play(board, side, dice);
                self.eval.after_play(&after, side, plies)
            }
        }
    }

    /// The cube decision of the side on roll at `m` (before its roll, or the doubler while
    /// its double is offered), looking the cube plies ahead with the cube: each side's cube
    /// action taken where it comes in the look-ahead, the cube model ([`CubeContext`]) at
    /// its end; a money bear-off of at most six checkers a side decided exactly by the
    /// two-sided database ([`TwoSidedBearoff`](super::TwoSidedBearoff)).
    #[must_use]
    pub fn cube_decision(&self, m: &Match) -> CubeDecision {
        let ctx = CubeContext::of(m);
        let pos = m.position();
        if let Some((winner, points)) = points_won(pos.board()) {
            let sign = if winner == pos.side() { 1 } else { -1 };
            let v = ctx.value_of(sign * ctx.points_of(points));
            return ctx.decide(v, v);
        }
        cube_decision(
            &self.eval,
            pos.board(),
            pos.side(),
            &ctx,
            self.level.cube_plies,
        )
    }

    /// The cubeful value of `m` for `side`, in the stakes' units of the side on roll's
    /// [`CubeContext`] turned to `side`'s (points, or `side`'s match winning chance), judged
    /// before the roll of the side on roll (with its dice, after its best play at 0 plies).
    #[must_use]
    pub fn value_for(&self, m: &Match, side: Side) -> f64 {
        let ctx = CubeContext::of(m);
        let v = ctx.cubeful(&self.chances(m.position()));
        if m.position().side() == side {
            v
        } else {
            ctx.other_side(v)
        }
    }

    /// The value for `side` of the game ending with it winning `points` (losing when
    /// negative), in the units of [`BackgammonEngine::value_for`].
    #[must_use]
    pub fn end_value(m: &Match, side: Side, points: i64) -> f64 {
        let ctx = CubeContext::of(m);
        if m.position().side() == side {
            ctx.value_of(points)
        } else {
            // The side on roll loses what `side` wins; its value turned to `side`'s.
            ctx.other_side(ctx.value_of(-points))
        }
    }
}

/// The cubeful value for the side that played of the chances `c` after its play (the other
/// side to roll, the cube as in `ctx`), in `ctx`'s stakes.
fn play_value(ctx: &CubeContext, c: &Outcomes) -> f64 {
    let theirs = ctx.flipped();
    theirs.other_side(theirs.cubeful(&c.flipped()))
}

/// The computer's player of a money game or match: its plays ranked by the engine, its cube
/// decisions by the cubeful equities of [`CubeContext::decision`] (with beavers, it beavers a
/// double when the take leaves it the favourite, and answers a beaver or raccoon by taking
/// when playing on at twice the cube is worth more than the drop, redoubling again when it is
/// ahead even so), resignations accepted when
/// the points given are worth at least playing on, and offered when the game is decided:
/// resigning costs nothing against playing on and the other side has nothing to gain by
/// playing on either (a single game, a gammon or a backgammon, the least that is enough;
/// not offered again in a position where it was rejected).
///
/// ```
/// use boardgames_ai::backgammon::MatchPlayer;
/// use boardgames_core::backgammon::{Match, MatchAction, MatchRules};
/// use boardgames_core::player::Player;
/// use boardgames_core::Game;
///
/// let mut m = Match::new(MatchRules::money(false));
/// m.apply_chance(m.parse_chance("31")?)?; // the opening throw: X 3, O 1
/// let mut computer = MatchPlayer::new(1);
/// assert_eq!(computer.choose(&m).unwrap().to_string(), "8/5 6/5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MatchPlayer {
    engine: BackgammonEngine<'static>,
    level: u8,
    /// Where it last offered to resign (the session's setup) and what: asked again there,
    /// the offer was rejected.
    offered: Option<(String, WinKind)>,
    /// The flag that cuts its look-ahead short ([`MatchPlayer::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

impl MatchPlayer {
    /// The player of the shipped networks at level `n` (1 to 5, see [`Level::of`]).
    #[must_use]
    pub fn new(n: u8) -> MatchPlayer {
        MatchPlayer::with_networks(Networks::shipped(), n)
    }

    /// The player of the networks `nets` (instead of the shipped ones) at level `n`.
    #[must_use]
    pub fn with_networks(nets: &'static Networks, n: u8) -> MatchPlayer {
        MatchPlayer {
            engine: BackgammonEngine::new(Evaluator::with_shared_bearoff(nets), Level::of(n)),
            level: n.clamp(1, 5),
            offered: None,
            stop: None,
        }
    }

    /// A flag that cuts its look-ahead short once set (from another thread, a "stop" or
    /// "move now"): the decision it is making then stands on what it has finished (plays
    /// ranked at the deepest stage done, the cube at 0 plies; see
    /// [`BackgammonEngine::with_stop`]), so that it answers at once. Cleared by whoever set
    /// it before the next decision, else every later decision is made at 0 plies.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use boardgames_ai::backgammon::MatchPlayer;
    /// use boardgames_core::backgammon::{Match, MatchRules};
    /// use boardgames_core::player::Player;
    /// use boardgames_core::Game;
    ///
    /// let mut m = Match::new(MatchRules::money(false));
    /// m.apply_chance(m.parse_chance("31")?)?;
    /// // A 3-ply player told to stop before it starts plays the 0-ply play at once.
    /// let mut computer = MatchPlayer::new(5);
    /// computer.set_stop(Arc::new(AtomicBool::new(true)));
    /// assert_eq!(computer.choose(&m), MatchPlayer::new(1).choose(&m));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// The engine.
    #[must_use]
    pub fn engine(&self) -> &BackgammonEngine<'static> {
        &self.engine
    }

    /// The resignation to offer at `m`, if any: the smallest worth offering, unless it was
    /// offered here already (and so rejected).
    fn offer(&mut self, engine: &BackgammonEngine<'_>, m: &Match) -> Option<MatchAction> {
        let kind = Self::resignation(engine, m)?;
        let here = (m.to_setup().to_string(), kind);
        if self.offered.as_ref() == Some(&here) {
            return None;
        }
        self.offered = Some(here);
        Some(MatchAction::Resign(kind))
    }

    /// The smallest resignation worth offering at `m` for the side on roll, if any: one
    /// that costs nothing against playing on (the points lost no more than playing on is
    /// expected to lose) and that the other side, judging as this engine does, accepts (the
    /// points no fewer than playing on is expected to win it). So a side resigns only a game
    /// that is decided: a certain backgammon as a backgammon, never a single game there.
    fn resignation(engine: &BackgammonEngine<'_>, m: &Match) -> Option<WinKind> {
        // A game the side on roll still wins now and then at 0 plies is not decided: no need
        // to look deeper (the look-ahead costs as much as the play itself).
        if engine.chances_at(m.position(), 0).win > UNDECIDED {
            return None;
        }
        let side = m.position().side();
        let on = engine.value_for(m, side);
        let ctx = CubeContext::of(m);
        // A hundredth of a cube's swing: the network's chances of a decided game are not
        // exactly 0 or 1.
        let slack = 0.01 * (ctx.value_of(i64::from(ctx.cube)) - ctx.value_of(-i64::from(ctx.cube)));
        [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
            .into_iter()
            .find(|&kind| {
                let lost = BackgammonEngine::end_value(m, side, -i64::from(m.value(kind)));
                lost + slack >= on && lost <= on + slack
            })
    }
}

/// The chance of winning, at 0 plies, above which the side on roll does not think of
/// resigning: the game is not decided.
const UNDECIDED: f32 = 0.02;

impl Player<Match> for MatchPlayer {
    fn name(&self) -> String {
        format!(
            "network level {} ({}-ply)",
            self.level, self.engine.level.plies
        )
    }

    /// The decision at `m` of the side to act; `None` when no side is to act (chance, or the
    /// session is over).
    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        self.choose_ranked(m).0
    }
}

impl MatchPlayer {
    /// [`Player::choose`], with the plays of the roll as the engine ranked them to choose
    /// (best first; empty but at a checker play it ranked): for programs that show the
    /// ranking beside the choice, without ranking twice.
    pub fn choose_ranked(&mut self, m: &Match) -> (Option<MatchAction>, Vec<RankedPlay>) {
        let stop = self.stop.clone();
        let engine = match stop.as_deref() {
            Some(flag) => self.engine.with_stop(flag),
            None => self.engine,
        };
        let mut ranked = Vec::new();
        let action = self.decide(&engine, m, &mut ranked);
        (action, ranked)
    }

    /// [`Player::choose`] with `engine` (this player's, with its stop flag); a checker play
    /// chosen from the ranking it leaves in `ranked`.
    fn decide(
        &mut self,
        engine: &BackgammonEngine<'_>,
        m: &Match,
        ranked: &mut Vec<RankedPlay>,
    ) -> Option<MatchAction> {
        match m.phase() {
            Phase::ToRoll if m.can_double() => self.offer(engine, m).or_else(|| {
                Some(if engine.cube_decision(m).action.doubles() {
                    MatchAction::Double
                } else {
                    MatchAction::Roll
                })
            }),
            Phase::DoubleOffered if m.redoubles() > 0 => {
                // A beaver or raccoon to answer (money play): the value of playing on at the
                // current cube, the other side owning it, doubles with a take; a drop loses
                // the current cube. Redouble again when ahead even so.
                let me = m.answering_side();
                let on = engine.value_for(m, me);
                let cube = f64::from(m.cube_value());
                Some(if on > 0.0 && m.is_legal(MatchAction::Beaver) {
                    MatchAction::Beaver
                } else if 2.0 * on >= -cube {
                    MatchAction::Take
                } else {
                    MatchAction::Drop
                })
            }
            Phase::DoubleOffered => {
                let d = engine.cube_decision(m);
                Some(if !d.takes() {
                    MatchAction::Drop
                } else if d.double_take < 0.0 && m.is_legal(MatchAction::Beaver) {
                    // The taker is the favourite after the take: beaver, doubling its gain
                    // and keeping the cube.
                    MatchAction::Beaver
                } else {
                    MatchAction::Take
                })
            }
            Phase::ResignationOffered { kind, by, .. } => {
                let me = by.other();
                let given = BackgammonEngine::end_value(m, me, i64::from(m.value(kind)));
                Some(if given >= engine.value_for(m, me) {
                    MatchAction::Accept
                } else {
                    MatchAction::Reject
                })
            }
            Phase::ToPlay => self.offer(engine, m).or_else(|| {
                *ranked = engine.rank_plays(m);
                ranked.first().map(|p| MatchAction::Play(p.play))
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::{Board, GameState, MatchId};

    /// X on roll before its roll, cube 1 centred, in a bear-off race given by each side's
    /// (own point, checkers), the rest borne off; `length` 0 is money (no Jacoby).
    fn race(x: &[(usize, u8)], o: &[(usize, u8)], length: u16, score: [u16; 2]) -> Match {
        let mut b = Board::EMPTY;
        for (side, points) in [(Side::X, x), (Side::O, o)] {
            let mut on = 0;
            for &(p, k) in points {
                b.set_count(side, p, k);
                on += k;
            }
            b.set_count(side, 0, 15 - on);
        }
        let pos = Backgammon::from_parts(b, Side::X, None, 1).expect("a race");
        let mut id = MatchId::money(Side::X, None);
        id.state = GameState::Playing;
        id.match_length = length;
        id.score = score;
        id.jacoby = false;
        Match::from_ids(&pos.position_id(), &id.encode()).expect("IDs")
    }

    /// X's exact chance of winning before its roll (both sides bearing off).
    fn x_chance(m: &Match) -> f32 {
        BackgammonEngine::shipped(1).chances(m.position()).win
    }

    #[test]
    fn sensible_cube_actions_in_exact_races() {
        let mut player = MatchPlayer::new(2);
        // Every race of X with a checkers on its 2-point and 1 on its 6-point, against O's b
        // checkers on its 3-point: the decisions follow the chances. (X's chances come
        // from the bear-off database: exact.)
        let mut seen = [false; 4];
        for a in 0..=4u8 {
            for b in 1..=5u8 {
                let mut x = vec![(6, 1)];
                if a > 0 {
                    x.push((2, a));
                }
                let m = race(&x, &[(3, b)], 0, [0, 0]);
                let p = x_chance(&m);
                let action = player.choose(&m);
                if p < 1e-6 {
                    // Lost for sure (single): it resigns.
                    assert_eq!(
                        action,
                        Some(MatchAction::Resign(WinKind::Single)),
                        "{a} {b}"
                    );
                } else if p < 0.6 {
                    assert_eq!(action, Some(MatchAction::Roll), "{a} {b}: {p}");
                    seen[0] = true;
                }
                if p > 0.8 {
                    assert_eq!(action, Some(MatchAction::Double), "{a} {b}: {p}");
                    seen[1] = true;
                }
                if action == Some(MatchAction::Double) {
                    let mut doubled = m.clone();
                    doubled.play(MatchAction::Double).expect("legal");
                    let answer = player.choose(&doubled);
                    // The taker has 1 - p: it takes a 30 % position and drops a 15 % one.
                    if 1.0 - p >= 0.3 {
                        assert_eq!(answer, Some(MatchAction::Take), "{a} {b}: {p}");
                        seen[2] = true;
                    }
                    if 1.0 - p <= 0.15 {
                        assert_eq!(answer, Some(MatchAction::Drop), "{a} {b}: {p}");
                        seen[3] = true;
                    }
                }
            }
        }
        assert_eq!(seen, [true; 4], "the races cover every case");
    }

    #[test]
    fn match_cube_rules() {
        let mut player = MatchPlayer::new(1);
        // Match to 5 at 4-0 after the Crawford game: any win gives X the match, so it never
        // doubles, even when far ahead.
        let m = race(&[(1, 2)], &[(6, 15)], 5, [4, 0]);
        assert!(m.can_double());
        assert_eq!(player.choose(&m), Some(MatchAction::Roll));
        // X owns the cube at 2, at 3-0 in a match to 5: a redouble would only help O
        // (X's win at 2 already gives it the match), but offered one, O takes however
        // hopeless its race: the drop loses the match at once.
        let mut id = race(&[(1, 2)], &[(6, 3)], 5, [3, 0]).match_id();
        id.cube_log2 = 1;
        id.cube_owner = Some(Side::X);
        let pid = race(&[(1, 2)], &[(6, 3)], 5, [3, 0]).position_id();
        let mut m = Match::from_ids(&pid, &id.encode()).expect("IDs");
        assert_eq!(player.choose(&m), Some(MatchAction::Roll));
        m.play(MatchAction::Double).expect("legal");
        assert_eq!(player.choose(&m), Some(MatchAction::Take));
    }

    #[test]
    fn resignations() {
        let mut player = MatchPlayer::new(1);
        // O on its 6-point with all 15, none off; X, on roll, bears its last two checkers
        // off: a gammon for sure. X accepts O's resignation of a gammon, rejects a single.
        let m = race(&[(1, 2)], &[(6, 15)], 0, [0, 0]);
        for (kind, answer) in [
            (WinKind::Single, MatchAction::Reject),
            (WinKind::Gammon, MatchAction::Accept),
        ] {
            let mut offered = m.clone();
            offered
                .offer_resignation(Side::O, kind)
                .expect("O may resign");
            assert_eq!(player.choose(&offered), Some(answer), "{kind:?}");
        }
        // O on roll in the same race: it saves the gammon only by bearing a checker off at
        // once (a 6, 33 or 22: 13 rolls of 36), so playing on loses 1 + 23/36 points on
        // average. A single game would cost O nothing but X would reject it; a gammon
        // costs O more than playing on: O offers nothing and rolls.
        let lost = Backgammon::from_parts(*m.position().board(), Side::O, None, 1).expect("pos");
        let mut id = MatchId::money(Side::O, None);
        id.jacoby = false;
        let o_roll = Match::from_ids(&lost.position_id(), &id.encode()).expect("IDs");
        assert!(o_roll.can_double());
        assert_eq!(player.choose(&o_roll), Some(MatchAction::Roll));
        // O offers all the same, on its own turn: X (not on roll) rejects a single game and
        // accepts a gammon, worth more to it than the 1 + 23/36 of playing on.
        for (kind, answer) in [
            (WinKind::Single, MatchAction::Reject),
            (WinKind::Gammon, MatchAction::Accept),
            (WinKind::Backgammon, MatchAction::Accept),
        ] {
            let mut offered = o_roll.clone();
            offered.play(MatchAction::Resign(kind)).expect("legal");
            assert_eq!(
                MatchPlayer::new(1).choose(&offered),
                Some(answer),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn beavers_and_their_answers() {
        // Money play with beavers and raccoons. X, on roll with all 15 checkers on its
        // 6-point, none off, doubles O, who bears its last two checkers off from its 1-point
        // next turn: O beavers (the take leaves it far ahead), and X drops the beaver (a
        // gammon at 4 would cost it 8 points, the drop 2).
        let lost = race(&[(6, 15)], &[(1, 2)], 0, [0, 0]);
        let text = format!("{}:beavers=2:raccoons", lost.to_setup());
        let mut m = Match::from_text(&text).expect("setup");
        m.play(MatchAction::Double).expect("X may double");
        let mut player = MatchPlayer::new(1);
        assert_eq!(player.choose(&m), Some(MatchAction::Beaver));
        m.play(MatchAction::Beaver).expect("legal");
        assert_eq!(m.answering_side(), Side::X);
        assert_eq!(player.choose(&m), Some(MatchAction::Drop));
        // The other way round: X, far ahead, doubles; O takes no beaver (it drops: a
        // gammon lost at 2 is worse than a point).
        let won = race(&[(1, 2)], &[(6, 15)], 0, [0, 0]);
        let text = format!("{}:beavers=2:raccoons", won.to_setup());
        let mut m = Match::from_text(&text).expect("setup");
        m.play(MatchAction::Double).expect("X may double");
        assert_eq!(player.choose(&m), Some(MatchAction::Drop));
    }

    #[test]
    fn a_decided_game_is_resigned_for_what_it_is_worth() {
        // X has one checker left, on its 1-point; all of O's 15 are on X's 2-point (O's
        // 23-point), none off, O on roll: whatever O rolls, X bears off next and O still has
        // checkers in X's home board: a backgammon for sure. O resigns a backgammon (never
        // a single game, which X would reject), once in the position; X accepts it.
        let mut b = Board::EMPTY;
        b.set_count(Side::X, 1, 1);
        b.set_count(Side::X, 0, 14);
        b.set_count(Side::O, 23, 15);
        let pos = Backgammon::from_parts(b, Side::O, None, 1).expect("position");
        let mut id = MatchId::money(Side::O, None);
        id.state = GameState::Playing;
        id.jacoby = false;
        let m = Match::from_ids(&pos.position_id(), &id.encode()).expect("IDs");
        let mut player = MatchPlayer::new(3);
        let offer = player.choose(&m);
        assert_eq!(offer, Some(MatchAction::Resign(WinKind::Backgammon)));
        assert_ne!(player.choose(&m), offer, "not offered twice");
        let mut offered = m.clone();
        offered
            .play(MatchAction::Resign(WinKind::Backgammon))
            .expect("legal");
        assert_eq!(
            MatchPlayer::new(3).choose(&offered),
            Some(MatchAction::Accept)
        );
    }
}
