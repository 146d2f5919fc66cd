//! Cubeful equity and cube decisions from the cubeless chances of a position: R. Janowski's
//! model (*Take-points in money games*, 1993) with cube efficiency, worked in the stakes of
//! the session: points in money play, match winning chances in a match (the
//! [match equity table](super::match_equity)).
//!
//! The model. With the chances of winning and losing gammons and backgammons held in the
//! proportions the evaluation gives, a position is summed up by its chance `q` of winning.
//! Its *dead-cube* value is the average value of the game's end at the current cube, a
//! straight line in `q`. Its *live-cube* value assumes the chances move continuously: a side
//! that may double does so exactly at its cash point and the other drops there, so the value
//! is the broken line through `(0, average loss)`, the cash points of the sides that may
//! double (a single game's value, lost or won), and `(1, average win)`. The cubeful value is
//! `(1 - x)` times the dead value plus `x` times the live one, `x` the cube efficiency. A
//! cash point is where the side doubled is indifferent between dropping (losing a single
//! game at the cube) and taking (the same model one cube level up, owning the cube): the
//! levels are worked out from the highest, where nobody may double, down to the current one.
//!
//! In money play this gives Janowski's take point for gammonless positions, 20 % with a
//! fully live cube and 25 % with a dead one. In a match a side does not double when winning
//! the game at the current cube already wins it the match, nobody doubles in the Crawford
//! game, and every value is the chance of winning the match after the game.

use arrayvec::ArrayVec;
use boardgames_core::backgammon::{Board, Match, Side};

use super::met::match_equity;
use super::net::Outcomes;
use super::pubeval::has_contact;

/// Who holds the cube, seen from the side on roll.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    /// Centred: either side may double.
    Centred,
    /// The side on roll owns it: only it may double.
    OnRoll,
    /// The other side owns it: the side on roll may not double.
    Opponent,
}

impl CubeOwner {
    /// The same cube seen by the other side.
    #[must_use]
    pub const fn flipped(self) -> CubeOwner {
        match self {
            CubeOwner::Centred => CubeOwner::Centred,
            CubeOwner::OnRoll => CubeOwner::Opponent,
            CubeOwner::Opponent => CubeOwner::OnRoll,
        }
    }
}

/// What the points of a game are worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stakes {
    /// Money play: each point counts the same; `jacoby`: gammons and backgammons count single
    /// while the cube has not been turned.
    Money {
        /// The Jacoby rule.
        jacoby: bool,
    },
    /// A match to `length` points.
    Match {
        /// Points to win the match, from 1.
        length: u16,
        /// The scores of the side on roll and of the other side, each below `length`.
        score: [u16; 2],
        /// This game is the Crawford game: nobody may double.
        crawford: bool,
        /// The Crawford game has been played.
        post_crawford: bool,
    },
}

/// The cube's state and the stakes of a game, from the side on roll's view: all a cube
/// decision or a cubeful value needs besides the chances.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CubeContext {
    /// The cube value, a power of two from 1.
    pub cube: u32,
    /// Who holds it.
    pub owner: CubeOwner,
    /// Money or match.
    pub stakes: Stakes,
    /// The cube efficiency `x`, 0 (a dead cube) to 1 (a fully live one); see
    /// [`cube_efficiency`].
    pub efficiency: f64,
}

/// The cube efficiency of a position for the side on roll: 0.68 with contact (the value
/// GNU Backgammon uses), and in a race `0.55 + pips / 800` kept within 0.6 to 0.7 (a long
/// race gives more chances to use the cube well than a short bear-off).
#[must_use]
pub fn cube_efficiency(board: &Board, on_roll: Side) -> f64 {
    if has_contact(board, on_roll) {
        0.68
    } else {
        (0.55 + f64::from(board.pip_count(on_roll)) / 800.0).clamp(0.6, 0.7)
    }
}

/// The cube decision of the side on roll before its roll.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// The side may not double (the cube is the other's, or the Crawford game) or gains
    /// nothing by it (in a match, a won game at this cube already wins the match).
    NoCube,
    /// Not good enough to double.
    NoDouble,
    /// Double; the other side should take.
    DoubleTake,
    /// Double; the other side should drop.
    DoublePass,
    /// Too good to double: playing on for a gammon is worth more than the other's drop.
    TooGood,
}

impl CubeAction {
    /// Whether the side on roll should double.
    #[must_use]
    pub const fn doubles(self) -> bool {
        matches!(self, CubeAction::DoubleTake | CubeAction::DoublePass)
    }

    /// gnubg's words for the proper cube action.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            CubeAction::NoCube => "no cube action",
            CubeAction::NoDouble => "no double",
            CubeAction::DoubleTake => "double, take",
            CubeAction::DoublePass => "double, pass",
            CubeAction::TooGood => "too good to double, pass",
        }
    }
}

/// The three cubeful values of a cube decision, for the side on roll, in the stakes'
/// units (points in money play, match winning chances in a match), and the proper action.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CubeDecision {
    /// Not doubling: the cubeful value with the cube as it is.
    pub no_double: f64,
    /// Doubling, the other side taking: the cubeful value with the cube doubled and owned by
    /// the other side.
    pub double_take: f64,
    /// Doubling, the other side dropping: a single game won at the current cube.
    pub double_drop: f64,
    /// What should happen.
    pub action: CubeAction,
}

impl CubeDecision {
    /// Whether the side doubled should take (doubling, it is worth less to the doubler than
    /// the drop).
    #[must_use]
    pub fn takes(&self) -> bool {
        self.double_take <= self.double_drop
    }

    /// The value of the proper action for the side on roll.
    #[must_use]
    pub fn best(&self) -> f64 {
        if self.action.doubles() {
            self.double_take.min(self.double_drop)
        } else {
            self.no_double
        }
    }
}

/// The most cube levels the model looks at, the current one included (the highest is taken
/// as dead); a match stops earlier, at the level where nobody may usefully double.
const LEVELS: usize = 9;

impl CubeContext {
    /// The context of `m` for the side on roll (the doubler while a double is offered), the
    /// cube efficiency of its position.
    #[must_use]
    pub fn of(m: &Match) -> CubeContext {
        let pos = m.position();
        let side = pos.side();
        let rules = m.rules();
        let owner = match m.cube_owner() {
            None => CubeOwner::Centred,
            Some(o) if o == side => CubeOwner::OnRoll,
            Some(_) => CubeOwner::Opponent,
        };
        let stakes = if rules.is_money() {
            Stakes::Money {
                jacoby: rules.jacoby,
            }
        } else {
            let s = m.score();
            Stakes::Match {
                length: rules.length,
                score: [s[side.index()], s[side.other().index()]],
                crawford: m.is_crawford(),
                post_crawford: rules.crawford_played(s, m.is_crawford()),
            }
        };
        CubeContext {
            cube: u32::from(m.cube_value()),
            owner,
            stakes,
            efficiency: cube_efficiency(pos.board(), side),
        }
    }

    /// The same game seen by the other side (after the side on roll has played).
    #[must_use]
    pub fn flipped(&self) -> CubeContext {
        let stakes = match self.stakes {
            Stakes::Match {
                length,
                score,
                crawford,
                post_crawford,
            } => Stakes::Match {
                length,
                score: [score[1], score[0]],
                crawford,
                post_crawford,
            },
            money => money,
        };
        CubeContext {
            owner: self.owner.flipped(),
            stakes,
            ..*self
        }
    }

    /// Whether gammons count at cube `cube` held by `owner` (not under the Jacoby rule
    /// before the cube is turned).
    fn gammons_count(&self, cube: u32, owner: CubeOwner) -> bool {
        !matches!(self.stakes, Stakes::Money { jacoby: true })
            || owner != CubeOwner::Centred
            || cube > 1
    }

    /// The value for the side on roll of the game ending with it winning `points` (losing
    /// when negative): the points in money play, its match winning chance in a match.
    #[must_use]
    pub fn value_of(&self, points: i64) -> f64 {
        match self.stakes {
            Stakes::Money { .. } => points as f64,
            Stakes::Match {
                length,
                score,
                crawford,
                post_crawford,
            } => {
                let away = |s: u16, gain: i64| {
                    let left = i64::from(length) - i64::from(s) - gain.max(0);
                    u16::try_from(left.max(0)).unwrap_or(u16::MAX)
                };
                let (me, them) = (away(score[0], points), away(score[1], -points));
                // After the Crawford game, or a game after it, the next is post-Crawford.
                match_equity(me, them, crawford || post_crawford)
            }
        }
    }

    /// Whether the side on roll (`mine`) or the other may usefully double at `cube`: not
    /// in the Crawford game, and in a match not when a won game at `cube` already wins the
    /// match.
    fn may_double(&self, cube: u32, mine: bool) -> bool {
        match self.stakes {
            Stakes::Money { .. } => true,
            Stakes::Match {
                length,
                score,
                crawford,
                ..
            } => {
                let s = if mine { score[0] } else { score[1] };
                !crawford && u32::from(s) + cube < u32::from(length)
            }
        }
    }

    /// The cubeful value for the side on roll of a position with these chances, with the
    /// cube as the context says, in the stakes' units (points, or the match winning
    /// chance); the side on roll before its roll, not doubling now.
    #[must_use]
    pub fn cubeful(&self, chances: &Outcomes) -> f64 {
        Model::new(self, chances).value(0, self.owner, win_chance(chances))
    }

    /// The cube decision of the side on roll before its roll, with these chances.
    #[must_use]
    pub fn decision(&self, chances: &Outcomes) -> CubeDecision {
        let model = Model::new(self, chances);
        let p = win_chance(chances);
        let no_double = model.value(0, self.owner, p);
        let double_take = model.value(1, CubeOwner::Opponent, p);
        self.decide(no_double, double_take)
    }

    /// The cube decision of the side on roll before its roll, given the values of not
    /// doubling and of doubling with a take (in the stakes' units); the drop is a single
    /// game won at the current cube.
    #[must_use]
    pub fn decide(&self, no_double: f64, double_take: f64) -> CubeDecision {
        let double_drop = self.value_of(i64::from(self.cube));
        let may = self.owner != CubeOwner::Opponent && self.may_double(self.cube, true);
        let action = if !may {
            CubeAction::NoCube
        } else if double_take.min(double_drop) < no_double - 1e-9 {
            if double_take > double_drop && no_double >= double_drop {
                CubeAction::TooGood
            } else {
                CubeAction::NoDouble
            }
        } else if double_take <= double_drop {
            CubeAction::DoubleTake
        } else {
            CubeAction::DoublePass
        };
        CubeDecision {
            no_double,
            double_take,
            double_drop,
            action,
        }
    }

    /// The points the side winning a game of `multiplier` (1 single, 2 gammon, 3
    /// backgammon) wins at this cube: a single game's when gammons do not count (the Jacoby
    /// rule before the cube is turned).
    #[must_use]
    pub fn points_of(&self, multiplier: u32) -> i64 {
        let m = if self.gammons_count(self.cube, self.owner) {
            multiplier
        } else {
            1
        };
        i64::from(m) * i64::from(self.cube)
    }

    /// A value in the stakes' units as an equity normalised to the current cube: money
    /// points divided by the cube; in a match, the match winning chance placed on the scale
    /// where losing a single game at the cube is -1 and winning one is +1 (gnubg's
    /// "equivalent to money").
    #[must_use]
    pub fn normalised(&self, value: f64) -> f64 {
        let c = i64::from(self.cube);
        match self.stakes {
            Stakes::Money { .. } => value / f64::from(self.cube),
            Stakes::Match { .. } => {
                let (lose, win) = (self.value_of(-c), self.value_of(c));
                if win > lose {
                    2.0 * (value - lose) / (win - lose) - 1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The model of one position: the values of a win and of a loss at every cube level, and
/// the take and cash points of each level.
struct Model<'a> {
    ctx: &'a CubeContext,
    /// The cube of each level: the current cube, then doubled.
    cubes: ArrayVec<u32, LEVELS>,
    /// Chances of a single, gammon and backgammon given a win, and given a loss.
    win_mix: [f64; 3],
    lose_mix: [f64; 3],
    /// The take point of the side on roll at each level (the chance of winning below which
    /// it drops the other's double), when the other may double there.
    take: [Option<f64>; LEVELS],
    /// Its cash point at each level (where the other drops its double), when it may double.
    cash: [Option<f64>; LEVELS],
}

/// The chance of winning, kept within 0 to 1 (sums of f32 chances may pass 1 by a little).
fn win_chance(chances: &Outcomes) -> f64 {
    f64::from(chances.win).clamp(0.0, 1.0)
}

/// The proportions of single, gammon and backgammon among the `all` games of an outcome,
/// `gammon` of them gammons or more and `backgammon` backgammons.
fn mix(all: f64, gammon: f64, backgammon: f64) -> [f64; 3] {
    if all <= 1e-9 {
        return [1.0, 0.0, 0.0];
    }
    let g = gammon.clamp(0.0, all);
    let b = backgammon.clamp(0.0, g);
    [(all - g) / all, (g - b) / all, b / all]
}

/// Where the increasing function `f` of a chance reaches `target` (0 when it is above at 0,
/// 1 when it is below at 1), by bisection.
fn root(f: impl Fn(f64) -> f64, target: f64) -> f64 {
    if f(0.0) >= target {
        return 0.0;
    }
    if f(1.0) <= target {
        return 1.0;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..50 {
        let mid = 0.5 * (lo + hi);
        if f(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The broken line through `points` (increasing in their first coordinate) at `q`.
fn broken_line(points: &[(f64, f64)], q: f64) -> f64 {
    for w in points.windows(2) {
        let ((q0, v0), (q1, v1)) = (w[0], w[1]);
        if q <= q1 {
            if q1 - q0 <= 1e-12 {
                return v1;
            }
            return v0 + (v1 - v0) * (q - q0) / (q1 - q0);
        }
    }
    points.last().map_or(0.0, |&(_, v)| v)
}

impl<'a> Model<'a> {
    fn new(ctx: &'a CubeContext, chances: &Outcomes) -> Model<'a> {
        let p = win_chance(chances);
        let win_mix = mix(
            p,
            f64::from(chances.win_gammon),
            f64::from(chances.win_backgammon),
        );
        let lose_mix = mix(
            1.0 - p,
            f64::from(chances.lose_gammon),
            f64::from(chances.lose_backgammon),
        );
        let mut cubes = ArrayVec::new();
        cubes.push(ctx.cube);
        while cubes.len() < LEVELS {
            let top = *cubes.last().unwrap_or(&ctx.cube);
            // The level above the current one is always there: a double's value.
            let nobody = !ctx.may_double(top, true) && !ctx.may_double(top, false);
            if (nobody || top >= 1 << 16) && cubes.len() >= 2 {
                break;
            }
            cubes.push(top * 2);
        }
        let levels = cubes.len();
        let mut model = Model {
            ctx,
            cubes,
            win_mix,
            lose_mix,
            take: [None; LEVELS],
            cash: [None; LEVELS],
        };
        // From the top level down: a level's points need the values one level up.
        for i in (0..levels.saturating_sub(1)).rev() {
            let c = i64::from(model.cubes[i]);
            if ctx.may_double(model.cubes[i], false) {
                // The side on roll, doubled to the next level, owns the cube there.
                let t = root(
                    |q| model.value(i + 1, CubeOwner::OnRoll, q),
                    ctx.value_of(-c),
                );
                model.take[i] = Some(t);
            }
            if ctx.may_double(model.cubes[i], true) {
                let t = root(
                    |q| model.value(i + 1, CubeOwner::Opponent, q),
                    ctx.value_of(c),
                );
                model.cash[i] = Some(t);
            }
        }
        model
    }

    /// The average value of a win (or of a loss) at level `i` held by `owner`.
    fn end_value(&self, i: usize, owner: CubeOwner, won: bool) -> f64 {
        let c = i64::from(self.cubes[i]);
        let sign = if won { 1 } else { -1 };
        if !self.ctx.gammons_count(self.cubes[i], owner) {
            return self.ctx.value_of(sign * c);
        }
        let m = if won { &self.win_mix } else { &self.lose_mix };
        (1..=3)
            .zip(m)
            .map(|(k, share)| share * self.ctx.value_of(sign * k * c))
            .sum()
    }

    /// The cubeful value at level `i`, the cube held by `owner`, with chance `q` of winning.
    fn value(&self, i: usize, owner: CubeOwner, q: f64) -> f64 {
        let lose = self.end_value(i, owner, false);
        let win = self.end_value(i, owner, true);
        let dead = lose + q * (win - lose);
        let top = i + 1 >= self.cubes.len();
        let c = i64::from(self.cubes[i]);
        let mut points: ArrayVec<(f64, f64), 4> = ArrayVec::new();
        points.push((0.0, lose));
        if !top && owner != CubeOwner::OnRoll {
            if let Some(t) = self.take[i] {
                points.push((t, self.ctx.value_of(-c)));
            }
        }
        if !top && owner != CubeOwner::Opponent {
            if let Some(t) = self.cash[i] {
                points.push((t, self.ctx.value_of(c)));
            }
        }
        points.push((1.0, win));
        if points.windows(2).any(|w| w[1].0 < w[0].0) {
            // The take point above the cash point: no consistent live line; the dead one.
            return dead;
        }
        let live = broken_line(&points, q);
        let x = self.ctx.efficiency;
        (1.0 - x) * dead + x * live
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(owner: CubeOwner, efficiency: f64) -> CubeContext {
        CubeContext {
            cube: 1,
            owner,
            stakes: Stakes::Money { jacoby: false },
            efficiency,
        }
    }

    fn gammonless(win: f32) -> Outcomes {
        Outcomes {
            win,
            ..Outcomes::default()
        }
    }

    /// The chance of winning at which the side doubled is indifferent to taking.
    fn take_point(ctx: &CubeContext) -> f64 {
        // Seen by the doubler: the take is as good as the drop at 1 - take point.
        let doubler = |p: f32| ctx.decision(&gammonless(p));
        let mut lo = 0.5f32;
        let mut hi = 1.0f32;
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if doubler(mid).takes() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        1.0 - f64::from(lo)
    }

    #[test]
    fn janowski_take_points_of_gammonless_money_games() {
        // Hand-worked: with a dead cube, taking risks 1 point to win 2 more: 25 %. With a
        // fully live cube the taker's recube makes it 20 % (Janowski's (L - 1/2) / (W + L
        // + x/2) with W = L = 1, x = 1).
        let dead = take_point(&money(CubeOwner::Centred, 0.0));
        assert!((dead - 0.25).abs() < 1e-4, "{dead}");
        let live = take_point(&money(CubeOwner::Centred, 1.0));
        assert!((live - 0.20).abs() < 1e-4, "{live}");
        let between = take_point(&money(CubeOwner::Centred, 0.68));
        assert!(between > 0.20 && between < 0.25, "{between}");
    }

    #[test]
    fn money_decisions_worked_by_hand() {
        let ctx = money(CubeOwner::Centred, 0.68);
        // 50 %: no double, equity 0 by symmetry.
        let d = ctx.decision(&gammonless(0.5));
        assert_eq!(d.action, CubeAction::NoDouble);
        assert!(d.no_double.abs() < 1e-9);
        // 76 %: a double and a take (the taker has 24 %, above its take point of about
        // 21.6 %).
        assert_eq!(
            ctx.decision(&gammonless(0.76)).action,
            CubeAction::DoubleTake
        );
        // 85 %: double, pass.
        let d = ctx.decision(&gammonless(0.85));
        assert_eq!(d.action, CubeAction::DoublePass);
        assert_eq!(d.double_drop, 1.0);
        // Nearly all gammons won, no losses: playing on is worth more than the drop.
        let gammons = Outcomes {
            win: 0.95,
            win_gammon: 0.9,
            ..Outcomes::default()
        };
        assert_eq!(ctx.decision(&gammons).action, CubeAction::TooGood);
        // The other side's cube: nothing to decide.
        let d = money(CubeOwner::Opponent, 0.68).decision(&gammonless(0.9));
        assert_eq!(d.action, CubeAction::NoCube);
    }

    #[test]
    fn owning_the_cube_is_worth_something() {
        let p = gammonless(0.6);
        let centred = money(CubeOwner::Centred, 0.68).cubeful(&p);
        let owned = money(CubeOwner::OnRoll, 0.68).cubeful(&p);
        let theirs = money(CubeOwner::Opponent, 0.68).cubeful(&p);
        let dead = f64::from(p.equity());
        assert!(
            theirs < centred && centred < owned,
            "{theirs} {centred} {owned}"
        );
        assert!(theirs < dead && dead < owned);
    }

    fn in_match(score: [u16; 2], length: u16, crawford: bool) -> CubeContext {
        CubeContext {
            cube: 1,
            owner: CubeOwner::Centred,
            stakes: Stakes::Match {
                length,
                score,
                crawford,
                post_crawford: false,
            },
            efficiency: 0.68,
        }
    }

    #[test]
    fn match_values_come_from_the_table() {
        // Match to 5 at 1-2: winning a single game leaves 3-away against 3-away, a gammon
        // 2-away against 3-away; losing a single game 4-away against 2-away.
        let ctx = in_match([1, 2], 5, false);
        assert_eq!(ctx.value_of(1), 0.5);
        assert!((ctx.value_of(2) - 0.59947).abs() < 1e-12);
        assert!((ctx.value_of(-1) - (1.0 - 0.66870)).abs() < 1e-12);
        assert_eq!(ctx.value_of(4), 1.0);
        assert_eq!(ctx.value_of(-3), 0.0);
        // Double match point: the cube is dead, a double gains nothing.
        let dmp = in_match([4, 4], 5, false);
        assert_eq!(dmp.decision(&gammonless(0.9)).action, CubeAction::NoCube);
        // The Crawford game: no doubling.
        let craw = in_match([4, 1], 5, true);
        assert_eq!(craw.decision(&gammonless(0.9)).action, CubeAction::NoCube);
        // Cubeful values of a match are chances.
        let v = in_match([0, 0], 7, false).cubeful(&gammonless(0.6));
        assert!((0.0..=1.0).contains(&v));
    }

    #[test]
    fn post_crawford_the_trailer_doubles_at_once() {
        // Match to 5, post-Crawford, the trailer (on roll) 3-away against the leader 1-away:
        // the leader loses nothing more by losing at 2, so the trailer doubles even at 50 %
        // and the leader takes (dropping gives the trailer a point for free).
        let ctx = CubeContext {
            cube: 1,
            owner: CubeOwner::Centred,
            stakes: Stakes::Match {
                length: 5,
                score: [2, 4],
                crawford: false,
                post_crawford: true,
            },
            efficiency: 0.68,
        };
        let d = ctx.decision(&gammonless(0.5));
        assert_eq!(d.action, CubeAction::DoubleTake, "{d:?}");
        // The leader may not usefully double: any win gives it the match.
        let leader = ctx.flipped();
        assert_eq!(leader.decision(&gammonless(0.6)).action, CubeAction::NoCube);
    }

    #[test]
    fn normalised_equities() {
        let ctx = CubeContext {
            cube: 2,
            ..money(CubeOwner::Centred, 0.68)
        };
        assert_eq!(ctx.normalised(2.0), 1.0);
        let m = in_match([1, 2], 5, false);
        assert!((m.normalised(m.value_of(1)) - 1.0).abs() < 1e-12);
        assert!((m.normalised(m.value_of(-1)) + 1.0).abs() < 1e-12);
    }
}
