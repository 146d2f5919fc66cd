//! The match equity table: a side's chance of winning a match from a score, before a game.
//!
//! The figures are the **Kazaross XG2** table (N. Kazaross, 2011: eXtreme Gammon rollouts to
//! 9-away, GNU Backgammon rollouts to 15-away, extended to 25-away by projecting take points),
//! as GNU Backgammon distributes it (`met/Kazaross-XG2.xml`). The pre-Crawford table is
//! antisymmetric (`a` away against `b` is one minus `b` against `a`), so only its part above
//! the diagonal is written here; the post-Crawford row gives the trailer's chance against a
//! leader 1-away once the Crawford game has been played.

/// The longest distance from the match's end the table covers, in points away.
pub const TABLE_AWAY: u16 = 25;

/// `ABOVE[a - 1][b - a - 1]`: the chance that a side `a` away wins the match against a side
/// `b` away, `a < b <= 25`, before a game that is not post-Crawford.
const ABOVE: [&[f64]; 24] = [
    &[
        0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250, 0.94402, 0.959275, 0.966442,
        0.975534, 0.979845, 0.985273, 0.987893, 0.99114, 0.99273, 0.99467, 0.99563, 0.99679,
        0.99737, 0.99807, 0.99842, 0.99884, 0.99905,
    ],
    &[
        0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539, 0.90197, 0.923034, 0.939311,
        0.952470, 0.962495, 0.970701, 0.976887, 0.98196, 0.98580, 0.98893, 0.99129, 0.99322,
        0.99466, 0.99585, 0.99675, 0.99746, 0.99802,
    ],
    &[
        0.57150, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017, 0.870638, 0.894417, 0.914831,
        0.930702, 0.944426, 0.954931, 0.96399, 0.97093, 0.97687, 0.98139, 0.98522, 0.98814,
        0.99062, 0.99248, 0.99407, 0.99527,
    ],
    &[
        0.57732, 0.64285, 0.69924, 0.74577, 0.78799, 0.824059, 0.853955, 0.879141, 0.900233,
        0.918040, 0.932657, 0.94495, 0.95499, 0.96341, 0.97021, 0.97589, 0.98044, 0.98422, 0.98726,
        0.98975, 0.99174,
    ],
    &[
        0.56635, 0.62638, 0.67786, 0.72540, 0.767055, 0.802732, 0.833654, 0.859934, 0.882866,
        0.902013, 0.91847, 0.93223, 0.94397, 0.95367, 0.96189, 0.96864, 0.97432, 0.97896, 0.98283,
        0.98600,
    ],
    &[
        0.56261, 0.61636, 0.66787, 0.713057, 0.753427, 0.788634, 0.819569, 0.846648, 0.869999,
        0.89021, 0.90756, 0.92246, 0.93508, 0.94583, 0.95488, 0.96254, 0.96894, 0.97432, 0.97879,
    ],
    &[
        0.55480, 0.60854, 0.656283, 0.700209, 0.739054, 0.774121, 0.805203, 0.832566, 0.85659,
        0.87761, 0.89591, 0.91171, 0.92535, 0.93702, 0.94703, 0.95553, 0.96276, 0.96887,
    ],
    &[
        0.55442, 0.603718, 0.649899, 0.691356, 0.729447, 0.763593, 0.794397, 0.82158, 0.84578,
        0.86714, 0.88589, 0.90230, 0.91658, 0.92898, 0.93968, 0.94891, 0.95682,
    ],
    &[
        0.550196, 0.597926, 0.641481, 0.682119, 0.718927, 0.752814, 0.78301, 0.81037, 0.83483,
        0.85662, 0.87591, 0.89294, 0.90791, 0.92098, 0.93240, 0.94230,
    ],
    &[
        0.548547, 0.593459, 0.635880, 0.674830, 0.711113, 0.74371, 0.77375, 0.80093, 0.82543,
        0.84741, 0.86703, 0.88448, 0.89991, 0.91353, 0.92550,
    ],
    &[
        0.545552, 0.589242, 0.629736, 0.667927, 0.70303, 0.73530, 0.76494, 0.79198, 0.81648,
        0.83862, 0.85849, 0.87629, 0.89214, 0.90622,
    ],
    &[
        0.544068, 0.585701, 0.625259, 0.66178, 0.69610, 0.72778, 0.75703, 0.78381, 0.80826,
        0.83044, 0.85051, 0.86856, 0.88476,
    ],
    &[
        0.541943, 0.582545, 0.62036, 0.65619, 0.68966, 0.72081, 0.74963, 0.77619, 0.80054, 0.82276,
        0.84295, 0.86123,
    ],
    &[
        0.540750, 0.57942, 0.61634, 0.65117, 0.68391, 0.71448, 0.74290, 0.76917, 0.79339, 0.81559,
        0.83586,
    ],
    &[
        0.53916, 0.57679, 0.61261, 0.64659, 0.67859, 0.70862, 0.73664, 0.76265, 0.78669, 0.80883,
    ],
    &[
        0.53796, 0.57441, 0.60929, 0.64241, 0.67376, 0.70323, 0.73084, 0.75657, 0.78046,
    ],
    &[
        0.53676, 0.57222, 0.60618, 0.63856, 0.66925, 0.69822, 0.72542, 0.75087,
    ],
    &[
        0.53574, 0.57023, 0.60336, 0.63501, 0.66510, 0.69356, 0.72038,
    ],
    &[0.53475, 0.56838, 0.60073, 0.63171, 0.66122, 0.68921],
    &[0.53387, 0.56667, 0.59830, 0.62864, 0.65760],
    &[0.53303, 0.56508, 0.59603, 0.62576],
    &[0.53226, 0.56360, 0.59391],
    &[0.53153, 0.56221],
    &[0.53086],
];

/// `POST_CRAWFORD[b - 1]`: the chance that a side `b` away wins the match against a side
/// 1-away, after the Crawford game.
const POST_CRAWFORD: [f64; 25] = [
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953, 0.065161,
    0.042069, 0.039060, 0.025371, 0.023428, 0.015304, 0.014050, 0.009240, 0.008420, 0.005560,
    0.005050, 0.003360, 0.003030, 0.002030, 0.001820, 0.001230,
];

/// The chance that a side `away` points from winning the match wins it against a side
/// `other` points away, before a game; `post_crawford` when the Crawford game has been
/// played (which matters only when one side is 1-away). A side 0 away has won (1 or 0).
///
/// Beyond 25-away, both distances are brought back by the same amount until the farther is
/// 25 away (a long match's early scores differ little from each other).
///
/// ```
/// use boardgames_ai::backgammon::match_equity;
/// // 2-away against 4-away, Kazaross XG2: 66.870 %.
/// assert!((match_equity(2, 4, false) - 0.66870).abs() < 1e-9);
/// // After the Crawford game the trailer, 2-away, has the free drop: 48.803 %.
/// assert!((match_equity(2, 1, true) - 0.48803).abs() < 1e-9);
/// assert_eq!(match_equity(0, 3, false), 1.0);
/// ```
#[must_use]
pub fn match_equity(away: u16, other: u16, post_crawford: bool) -> f64 {
    if away == 0 {
        return 1.0;
    }
    if other == 0 {
        return 0.0;
    }
    let shift = away.max(other).saturating_sub(TABLE_AWAY);
    let (a, b) = (
        usize::from(away.saturating_sub(shift).max(1)),
        usize::from(other.saturating_sub(shift).max(1)),
    );
    if post_crawford && (a == 1 || b == 1) {
        return match (a, b) {
            (1, 1) => 0.5,
            (1, b) => 1.0 - POST_CRAWFORD[b - 1],
            (a, _) => POST_CRAWFORD[a - 1],
        };
    }
    match a.cmp(&b) {
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => ABOVE[a - 1][b - a - 1],
        std::cmp::Ordering::Greater => 1.0 - ABOVE[b - 1][a - b - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_below_the_diagonal_as_published() {
        // Entries of the published table's lower half, which this module derives from the
        // upper half: (a away, b away, chance of the side a away).
        for (a, b, p) in [
            (2, 1, 0.32264),
            (4, 1, 0.18564),
            (4, 3, 0.42850),
            (5, 2, 0.25641),
            (7, 6, 0.43739),
            (10, 9, 0.449804),
            (12, 7, 0.260946),
            (16, 1, 0.00886),
            (20, 13, 0.25037),
            (20, 14, 0.28552),
            (25, 1, 0.00095),
            (25, 24, 0.46914),
        ] {
            assert!((match_equity(a, b, false) - p).abs() < 1e-9, "{a} {b}");
        }
    }

    #[test]
    fn every_row_has_its_length_and_the_chances_grow_with_the_other_distance() {
        for (i, row) in ABOVE.iter().enumerate() {
            assert_eq!(row.len(), 24 - i);
        }
        for a in 1..=25 {
            for b in 1..25 {
                assert!(match_equity(a, b, false) < match_equity(a, b + 1, false));
                assert!(match_equity(b, a, false) > match_equity(b + 1, a, false));
            }
        }
    }

    #[test]
    fn post_crawford_and_beyond_the_table() {
        // The leader 1-away against the trailer 3-away after the Crawford game.
        assert!((match_equity(1, 3, true) - (1.0 - 0.32264)).abs() < 1e-9);
        // Post-Crawford changes nothing when nobody is 1-away.
        assert_eq!(match_equity(3, 5, true), match_equity(3, 5, false));
        // Beyond 25: 30 against 27 is read as 25 against 22.
        assert_eq!(match_equity(30, 27, false), match_equity(25, 22, false));
        assert_eq!(match_equity(40, 40, false), 0.5);
        assert_eq!(match_equity(3, 0, false), 0.0);
    }
}
