//! Tesauro's public benchmark evaluator, "pubeval": a linear score of the position after a
//! play, with one weight vector for contact positions and one for races. It plays a
//! decent, beatable game and is the customary yardstick of backgammon programs.
//!
//! Source of the weights (published figures, used as published): G. Tesauro, `pubeval.c`
//! (IBM Research, 1993), placed in the public domain "as a public service to the
//! backgammon programming community"; the encoding below is its documented one.

use boardgames_core::backgammon::{Board, Side};

/// The weights of contact positions, input by input (see [`PubEval::score`]).
#[rustfmt::skip]
const CONTACT: [f32; 122] = [
     0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
    -0.92830, -1.99558, -1.10388, -0.80802,  0.09856, -0.62086, -1.27999, -0.59220,
    -0.73667,  0.89032, -0.38933, -1.59847, -1.50197, -0.60966,  1.56166, -0.47389,
    -1.80390, -0.83425, -0.97741, -1.41371,  0.24500,  0.10970, -1.36476, -1.05572,
     1.15420,  0.11069, -0.38319, -0.74816, -0.59244,  0.81116, -0.39511,  0.11424,
    -0.73169, -0.56074,  1.09792,  0.15977,  0.13786, -1.18435, -0.43363,  1.06169,
    -0.21329,  0.04798, -0.94373, -0.22982,  1.22737, -0.13099, -0.06295, -0.75882,
    -0.13658,  1.78389,  0.30416,  0.36797, -0.69851,  0.13003,  1.23070,  0.40868,
    -0.21081, -0.64073,  0.31061,  1.59554,  0.65718,  0.25429, -0.80789,  0.08240,
     1.78964,  0.54304,  0.41174, -1.06161,  0.07851,  2.01451,  0.49786,  0.91936,
    -0.90750,  0.05941,  1.83120,  0.58722,  1.28777, -0.83711, -0.33248,  2.64983,
     0.52698,  0.82132, -0.58897, -1.18223,  3.35809,  0.62017,  0.57353, -0.07276,
    -0.36214,  4.37655,  0.45481,  0.21746,  0.10504, -0.61977,  3.54001,  0.04612,
    -0.18108,  0.63211, -0.87046,  2.47673, -0.48016, -1.27157,  0.86505, -1.11342,
     1.24612, -0.82385, -2.77082,  1.23606, -1.59529,  0.10438, -1.30206, -4.11520,
     5.62596, -2.75800,
];

/// The weights of races (no contact), input by input.
#[rustfmt::skip]
const RACE: [f32; 122] = [
     0.00000, -0.17160,  0.27010,  0.29906, -0.08471,  0.00000, -1.40375, -1.05121,
     0.07217, -0.01351,  0.00000, -1.29506, -2.16183,  0.13246, -1.03508,  0.00000,
    -2.29847, -2.34631,  0.17253,  0.08302,  0.00000, -1.27266, -2.87401, -0.07456,
    -0.34240,  0.00000, -1.34640, -2.46556, -0.13022, -0.01591,  0.00000,  0.27448,
     0.60015,  0.48302,  0.25236,  0.00000,  0.39521,  0.68178,  0.05281,  0.09266,
     0.00000,  0.24855, -0.06844, -0.37646,  0.05685,  0.00000,  0.17405,  0.00430,
     0.74427,  0.00576,  0.00000,  0.12392,  0.31202, -0.91035, -0.16270,  0.00000,
     0.01418, -0.10839, -0.02781, -0.88035,  0.00000,  1.07274,  2.00366,  1.16242,
     0.22520,  0.00000,  0.85631,  1.06349,  1.49549,  0.18966,  0.00000,  0.37183,
    -0.50352, -0.14818,  0.12039,  0.00000,  0.13681,  0.13978,  1.11245, -0.12707,
     0.00000, -0.22082,  0.20178, -0.06285, -0.52728,  0.00000, -0.13597, -0.19412,
    -0.09308, -1.26062,  0.00000,  3.05454,  5.16874,  1.50680,  5.35000,  0.00000,
     2.19605,  3.85390,  0.88296,  2.30052,  0.00000,  0.92321,  1.08744, -0.11696,
    -0.78560,  0.00000, -0.09795, -0.83050, -1.09167, -4.94251,  0.00000, -1.00316,
    -3.66465, -2.56906, -9.67677,  0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
     0.00000,  3.42040,
];

/// Tesauro's pubeval (see the module docs): the benchmark opponent of the backgammon
/// network's training and measurements.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PubEval;

/// Whether `side`'s checkers and the other side's can still meet: some checker of `side`
/// (bar included) is further back than some checker of the other side, both seen in
/// `side`'s numbering; the same for either side ([`contact`](super::contact)).
#[must_use]
pub fn has_contact(board: &Board, side: Side) -> bool {
    let _ = side;
    super::features::contact(board)
}

impl PubEval {
    /// The score of `after`, the board once `side` has played, for `side` (higher is
    /// better); `race` says whether the position *before* the play had no contact, which
    /// chooses the weights. Inputs, for each of `side`'s points from its 24-point down to
    /// its 1-point, five: an opposing blot there, a blot of its own, two or more of its own,
    /// exactly three, and half of those beyond three; then half the opposing checkers on the
    /// bar and a fifteenth of its own borne off. A play that bears off the last checker
    /// scores above every other.
    #[must_use]
    pub fn score(after: &Board, side: Side, race: bool) -> f32 {
        if after.off(side) == 15 {
            return f32::MAX;
        }
        let weights = if race { &RACE } else { &CONTACT };
        let mine = after.counts(side);
        let theirs = after.counts(side.other());
        let mut score = 0.0;
        for point in 1..=24usize {
            let w = &weights[5 * (24 - point)..][..5];
            let (m, t) = (mine[point], theirs[25 - point]);
            if t == 1 {
                score += w[0];
            }
            match m {
                0 => {}
                1 => score += w[1],
                n => {
                    score += w[2];
                    if n == 3 {
                        score += w[3];
                    }
                    if n >= 4 {
                        score += w[4] * f32::from(n - 3) / 2.0;
                    }
                }
            }
        }
        score += weights[120] * f32::from(after.bar(side.other())) / 2.0;
        score += weights[121] * f32::from(after.off(side)) / 15.0;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_of_a_race_worked_by_hand() {
        // X: one checker on its 1-point, 14 off; O: 15 on its 1-point (X's 24-point).
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 1, 1);
        board.set_count(Side::X, 0, 14);
        board.set_count(Side::O, 1, 15);
        assert!(!has_contact(&board, Side::X));
        // Only X's blot on its 1-point (race weight 116, -2.77982) and its 14 off (weight
        // 121, 3.42040, times 14/15): O's stack is no blot, and O has nobody on the bar.
        let want = -2.77982 + 3.42040 * 14.0 / 15.0;
        assert!((PubEval::score(&board, Side::X, true) - want).abs() < 1e-5);
        // The contact weights of the same inputs: -1.59529 and -2.75800.
        let want = -1.59529 + -2.75800 * 14.0 / 15.0;
        assert!((PubEval::score(&board, Side::X, false) - want).abs() < 1e-5);
        board.set_count(Side::X, 1, 0);
        board.set_count(Side::X, 0, 15);
        assert_eq!(PubEval::score(&board, Side::X, true), f32::MAX);
    }

    #[test]
    fn contact_until_the_last_checkers_have_passed() {
        let start = Board::standard();
        assert!(has_contact(&start, Side::X) && has_contact(&start, Side::O));
        // X's checkers on its 9-point, moving down; O's on its 15-point (X's 10-point),
        // moving up: they have passed each other.
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 9, 15);
        board.set_count(Side::O, 15, 15);
        assert!(!has_contact(&board, Side::X) && !has_contact(&board, Side::O));
        // One of O's on its 17-point (X's 8-point) is still to pass X's checkers.
        board.set_count(Side::O, 15, 14);
        board.set_count(Side::O, 17, 1);
        assert!(has_contact(&board, Side::X) && has_contact(&board, Side::O));
    }
}
