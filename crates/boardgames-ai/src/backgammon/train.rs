//! Training the network by self-play, and measuring players against each other.

use boardgames_core::backgammon::{Board, Side};
use boardgames_core::rand::{RngCore, SeedableRng};
use boardgames_core::ChaCha8Rng;

use super::net::{Inputs, Outcomes};
use super::nets::{Networks, PositionClass};
use super::play::{opening_roll, play_game, points_won, roll, CheckerPlayer, GameResult};

/// One game of self-play with temporal-difference learning, TD(0): the networks play both
/// sides (each play the one after which the other side's equity is lowest), and after each
/// play the outputs of the position before it (its side on roll), by the network of its
/// class, move by `rate` toward those of the position after it, seen from that side; the
/// last play's toward the game's result. G. Tesauro's TD-Gammon learned this way (with
/// traces, TD(lambda)); lambda = 0 keeps each step local and is as good with enough games.
pub fn td_game(nets: &mut Networks, rng: &mut impl RngCore, rate: f32) -> GameResult {
    let mut board = Board::standard();
    let (mut side, mut dice) = opening_roll(rng);
    let mut plays = 0;
    loop {
        let class = PositionClass::of(&board);
        let before = Inputs::encode(&board, side, nets.get(class).encoding());
        let after = (&*nets).choose(&board, side, dice);
        plays += 1;
        let net = nets.get_mut(class);
        if let Some((winner, points)) = points_won(&after) {
            net.train(&before, &Outcomes::won(points), rate);
            return GameResult {
                winner,
                points,
                plays,
            };
        }
        let target = nets.evaluate(&after, side.other()).flipped();
        nets.get_mut(class).train(&before, &target, rate);
        board = after;
        side = side.other();
        dice = roll(rng);
    }
}

/// What a series of cubeless games gave player A ([`series`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SeriesResult {
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub wins: u32,
    /// A's points won minus lost.
    pub points: i64,
    /// A's points a game.
    pub ppg: f64,
    /// Half the width of the 95 % interval of `ppg` (1.96 standard errors), each pair of
    /// games, which share their dice, one sample.
    pub ppg_margin: f64,
}

/// `games` cubeless games of `a` against `b` (rounded up to even): in pairs with the same
/// dice, A playing X in the first game of a pair and O in the second, so that the luck of
/// the dice cancels in part; the dice of pair k come from `seed` and k alone.
pub fn series(
    a: &mut dyn CheckerPlayer,
    b: &mut dyn CheckerPlayer,
    games: u32,
    seed: u64,
) -> SeriesResult {
    let pairs = games.div_ceil(2);
    let (mut wins, mut sum, mut squares) = (0u32, 0i64, 0f64);
    for k in 0..pairs {
        let mut pair = 0i64;
        for a_side in [Side::X, Side::O] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (u64::from(k) << 20));
            let result = if a_side == Side::X {
                play_game([&mut *a, &mut *b], &mut rng, |_, _, _| {})
            } else {
                play_game([&mut *b, &mut *a], &mut rng, |_, _, _| {})
            };
            let signed = if result.winner == a_side {
                wins += 1;
                i64::from(result.points)
            } else {
                -i64::from(result.points)
            };
            sum += signed;
            pair += signed;
        }
        squares += (pair * pair) as f64;
    }
    SeriesResult {
        games: pairs * 2,
        wins,
        points: sum,
        ppg: sum as f64 / f64::from((pairs * 2).max(1)),
        ppg_margin: paired_margin(sum, squares, pairs),
    }
}

/// Half the width of the 95 % interval of A's points a game, from `pairs` pairs of games
/// with shared dice that won A `points` in all and whose pair totals squared sum to
/// `pair_squares`: the pairs are the independent samples (the two games of a pair share
/// their dice, so their results are correlated), the points a game is half a pair's mean,
/// and its standard error half the standard error of that mean. 0 for no pair.
///
/// ```
/// use boardgames_ai::backgammon::paired_margin;
///
/// // A wins one game of each pair and loses the other by as much: no doubt is left that
/// // the dice, not the players, decided (as eight independent games: +-0.69).
/// assert_eq!(paired_margin(0, 0.0, 4), 0.0);
/// ```
#[must_use]
pub fn paired_margin(points: i64, pair_squares: f64, pairs: u32) -> f64 {
    if pairs == 0 {
        return 0.0;
    }
    let p = f64::from(pairs);
    let mean = points as f64 / p;
    let variance = (pair_squares / p - mean * mean).max(0.0);
    1.96 * (variance / p).sqrt() / 2.0
}

#[cfg(test)]
mod tests {
    use super::paired_margin;

    #[test]
    fn the_margin_of_pairs_worked_by_hand() {
        // Four pairs won A (+1, -1), (+2, +1), (-1, -1), (+1, 0): totals 0, 3, -2, 1, points 2.
        // Mean pair total 0.5; mean square 14 / 4 = 3.5; variance 3.5 - 0.25 = 3.25; standard
        // error of the mean pair sqrt(3.25 / 4) = 0.90139, of a game half that, 0.45069;
        // times 1.96: 0.88336.
        let m = paired_margin(2, 14.0, 4);
        assert!((m - 0.88336).abs() < 1e-5, "{m}");
        assert_eq!(paired_margin(0, 0.0, 0), 0.0);
    }
}
