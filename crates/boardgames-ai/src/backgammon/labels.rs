//! Training by rollouts: positions drawn from self-play, each labelled with the chances a
//! truncated rollout gives it, and supervised training of the networks on the labels. A
//! rollout looks further than a network sees, so networks trained on its labels learn what
//! self-play's own one-step targets cannot teach them; it is how the strongest programs'
//! networks were trained.
//!
//! ```
//! use boardgames_ai::backgammon::{
//!     label_positions, sample_positions, train_on, Evaluator, Network, Networks,
//!     RolloutSettings,
//! };
//!
//! let nets = Networks::uniform(Network::random(8, 1).unwrap());
//! let positions = sample_positions(&nets, 2, 0.1, 7);
//! let settings = RolloutSettings { trials: 4, truncate: 2, seed: 3 };
//! let eval = Evaluator::shipped();
//! let labels = label_positions(&eval, &positions[..6], 0, &settings, 2);
//! let samples: Vec<_> = positions[..6]
//!     .iter()
//!     .zip(&labels)
//!     .map(|(&(board, side), r)| (board, side, r.chances))
//!     .collect();
//! let mut trained = nets.clone();
//! let before = train_on(&mut trained, &samples, 0.0);
//! assert!(before >= 0.0);
//! ```

use boardgames_core::backgammon::{Board, Dice, Side};
use boardgames_core::rand::{Rng, SeedableRng};
use boardgames_core::ChaCha8Rng;

use super::net::{Inputs, Outcomes};
use super::nets::{Networks, PositionClass};
use super::play::{best_result, opening_roll, points_won, roll, CheckerPlayer};
use super::search::{Evaluator, RolloutResult, RolloutSettings};

/// Positions for training, `(board, side on roll)` before the roll: every position of
/// `games` games of self-play by `nets` at 0 plies, from the opening roll to the end, each
/// play chosen uniformly among the distinct results with chance `explore` (so that the
/// positions go beyond what the networks would play), the dice and the choices drawn from
/// `seed`. Finished games are left out.
#[must_use]
pub fn sample_positions(
    nets: &Networks,
    games: u32,
    explore: f64,
    seed: u64,
) -> Vec<(Board, Side)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut board = Board::standard();
        let (mut side, mut dice) = opening_roll(&mut rng);
        loop {
            let after = if rng.random_bool(explore.clamp(0.0, 1.0)) {
                random_result(&board, side, dice, &mut rng)
            } else {
                (&*nets).choose(&board, side, dice)
            };
            if points_won(&after).is_some() {
                break;
            }
            board = after;
            side = side.other();
            out.push((board, side));
            dice = roll(&mut rng);
        }
    }
    out
}

/// A result of `side`'s roll `dice` drawn uniformly among the distinct ones.
fn random_result(board: &Board, side: Side, dice: Dice, rng: &mut ChaCha8Rng) -> Board {
    // Each result gets a random score: the best is a uniform draw.
    let salt: u64 = rng.random();
    best_result(board, side, dice, |after| {
        let h = after.packed(Side::X) as u64 ^ after.packed(Side::O).rotate_left(17) as u64;
        let mixed = (h ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 40) as f32
    })
}

/// The truncated rollout of each position ([`Evaluator::rollout`]) with `settings`, spread
/// over `threads` threads (at least one). The positions are numbers `first`, `first + 1`,
/// ... of a list labelled in parts; the rollout of number `i` is seeded with `settings.seed`
/// and `i` alone, so that the labels do not depend on how the work is split.
#[must_use]
pub fn label_positions(
    eval: &Evaluator<'_>,
    positions: &[(Board, Side)],
    first: usize,
    settings: &RolloutSettings,
    threads: usize,
) -> Vec<RolloutResult> {
    on_threads(positions, threads, |i, &(board, side)| {
        let seeded = RolloutSettings {
            seed: settings.seed ^ ((first + i) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ..*settings
        };
        eval.rollout(&board, side, &seeded)
    })
}

/// `work(i, &items[i])` for every item, the items split in `threads` (at least one) runs of
/// consecutive ones, each run on a thread of its own; the results in the items' order.
///
/// ```
/// use boardgames_ai::backgammon::on_threads;
///
/// let squares = on_threads(&[1, 2, 3, 4, 5], 2, |i, &x| (i, x * x));
/// assert_eq!(squares, vec![(0, 1), (1, 4), (2, 9), (3, 16), (4, 25)]);
/// ```
pub fn on_threads<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    let work = &work;
    std::thread::scope(|scope| {
        let parts: Vec<_> = items
            .chunks(chunk)
            .enumerate()
            .map(|(k, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(j, item)| work(k * chunk + j, item))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// One pass of supervised training over `samples` in their order: each position's outputs,
/// by the network of its class, move by `rate` toward its label. The mean squared error
/// over the five outputs before each step, a measure of the pass (with `rate` 0 the error
/// of the networks as they are).
pub fn train_on(nets: &mut Networks, samples: &[(Board, Side, Outcomes)], rate: f32) -> f64 {
    let mut total = 0.0f64;
    for (board, side, target) in samples {
        let net = nets.get_mut(PositionClass::of(board));
        let x = Inputs::encode(board, *side, net.encoding());
        let before = if rate == 0.0 {
            net.evaluate_inputs(&x)
        } else {
            net.train(&x, target, rate)
        };
        total += squared_error(&before, target);
    }
    if samples.is_empty() {
        0.0
    } else {
        total / samples.len() as f64
    }
}

/// The mean of the squared differences of the five outputs.
fn squared_error(a: &Outcomes, b: &Outcomes) -> f64 {
    let d = [
        a.win - b.win,
        a.win_gammon - b.win_gammon,
        a.win_backgammon - b.win_backgammon,
        a.lose_gammon - b.lose_gammon,
        a.lose_backgammon - b.lose_backgammon,
    ];
    d.iter().map(|x| f64::from(x * x)).sum::<f64>() / 5.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::Network;

    #[test]
    fn labels_do_not_depend_on_the_threads() {
        let nets = Networks::uniform(Network::random(8, 1).unwrap());
        let positions = sample_positions(&nets, 1, 0.2, 5);
        assert!(positions.len() > 10);
        let eval = Evaluator::shipped();
        let settings = RolloutSettings {
            trials: 6,
            truncate: 3,
            seed: 11,
        };
        let one = label_positions(&eval, &positions[..9], 0, &settings, 1);
        let three = label_positions(&eval, &positions[..9], 0, &settings, 3);
        assert_eq!(one, three);
        assert_eq!(one.len(), 9);
        // Labelled in two parts, the second numbered from where the first stops.
        let mut parts = label_positions(&eval, &positions[..4], 0, &settings, 2);
        parts.extend(label_positions(&eval, &positions[4..9], 4, &settings, 2));
        assert_eq!(parts, one);
    }

    #[test]
    fn training_on_labels_lowers_their_error() {
        let mut nets = Networks::uniform(Network::random(16, 2).unwrap());
        let positions = sample_positions(&nets, 2, 0.1, 9);
        // Labels that are easy to learn: the side on roll wins when its pip count is lower.
        let samples: Vec<_> = positions
            .iter()
            .map(|&(b, s)| {
                let win = if b.pip_count(s) <= b.pip_count(s.other()) {
                    1.0
                } else {
                    0.0
                };
                (
                    b,
                    s,
                    Outcomes {
                        win,
                        ..Outcomes::default()
                    },
                )
            })
            .collect();
        let before = train_on(&mut nets.clone(), &samples, 0.0);
        for _ in 0..30 {
            train_on(&mut nets, &samples, 0.1);
        }
        let after = train_on(&mut nets.clone(), &samples, 0.0);
        assert!(after < before / 2.0, "{before} -> {after}");
    }
}
