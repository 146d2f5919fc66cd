//! The rules of the doubling cube and of the score: what a game is worth, money play with the
//! Jacoby rule, matches to N points with the Crawford rule, and how a game ends.
//!
//! Rules (standard, as `docs/rules/backgammon.md` states them): a game is worth the cube
//! value times 1 (single game), 2 (gammon) or 3 (backgammon); in money play with the Jacoby
//! rule gammons and backgammons count single while the cube was never turned. A dropped double
//! gives the doubler the cube's value before the double; an accepted resignation gives the
//! value resigned (1, 2 or 3 times the cube; under the Jacoby rule a resigned gammon or
//! backgammon counts single while the cube was never turned, as one played out would, where
//! GNU Backgammon pays it in full). In a match to N the
//! game after a player first reaches N - 1 is the Crawford game, in which nobody may double;
//! the match ends when a player reaches N. The session built on these rules is
//! [`crate::backgammon::Match`].

use crate::backgammon::board::Side;
use crate::backgammon::position::WinKind;

/// The highest cube value: 2^15, the most the Match ID's 4 bits of log2 can say (GNU
/// Backgammon's own play stops at 2^12).
pub const MAX_CUBE: u16 = 1 << 15;

/// The highest score and match length: the Match ID's 15 bits. Scores stop there.
pub const MAX_SCORE: u16 = (1 << 15) - 1;

/// The cube value after a double of `cube`: `None` when that would pass [`MAX_CUBE`] (or
/// `cube` is no power of two, which no cube is).
#[must_use]
pub const fn doubled(cube: u16) -> Option<u16> {
    if !cube.is_power_of_two() || cube >= MAX_CUBE {
        return None;
    }
    cube.checked_mul(2)
}

/// The rules of a session: money or a match to N points, and the optional rules of the cube
/// that GNU Backgammon offers (its manual, "Optional Rules"; `docs/backgammon.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchRules {
    /// Points to win the match, `1..=32767` ([`MAX_SCORE`]); 0 = a money game (one game).
    pub length: u16,
    /// Money play only: gammons and backgammons count single until the cube is turned.
    pub jacoby: bool,
    /// Money play only: beavers. The side doubled may take and at once redouble, keeping the
    /// cube (a *beaver*); the doubler then takes, drops (losing the value before the beaver)
    /// or, with [`raccoons`](MatchRules::raccoons), redoubles again. The most redoubles of
    /// this kind in one exchange of the cube; 0 = no beavers.
    pub beavers: u8,
    /// Money play only, with beavers: the doubler may answer a beaver by redoubling at once
    /// (a *raccoon*), the cube staying with the side that beavered; further beavers follow
    /// up to the limit.
    pub raccoons: bool,
    /// Money play only: automatic doubles. Equal opening dice turn the cube (it stays
    /// centred) and are thrown again, at most this many times a game; 0 = none (equal dice
    /// are only thrown again).
    pub auto_doubles: u8,
    /// Match play only: the Holland rule. After the Crawford game the trailer may not double
    /// before both sides have played two rolls of the game.
    pub holland: bool,
}

impl MatchRules {
    /// A money game, with or without the Jacoby rule (no beavers, no automatic doubles).
    #[must_use]
    pub const fn money(jacoby: bool) -> MatchRules {
        MatchRules {
            length: 0,
            jacoby,
            beavers: 0,
            raccoons: false,
            auto_doubles: 0,
            holland: false,
        }
    }

    /// A match to `length` points (Crawford rule on, Jacoby off, no Holland rule).
    #[must_use]
    pub const fn to_points(length: u16) -> MatchRules {
        MatchRules {
            length,
            ..MatchRules::money(false)
        }
    }

    /// These rules with beavers (at most `beavers` redoubles an exchange) and, when
    /// `raccoons`, raccoons.
    #[must_use]
    pub const fn with_beavers(self, beavers: u8, raccoons: bool) -> MatchRules {
        MatchRules {
            beavers,
            raccoons,
            ..self
        }
    }

    /// These rules with at most `n` automatic doubles a game.
    #[must_use]
    pub const fn with_auto_doubles(self, n: u8) -> MatchRules {
        MatchRules {
            auto_doubles: n,
            ..self
        }
    }

    /// These rules with the Holland rule.
    #[must_use]
    pub const fn with_holland(self) -> MatchRules {
        MatchRules {
            holland: true,
            ..self
        }
    }

    /// The optional rules these rules set where they do not belong: beavers, raccoons and
    /// automatic doubles in a match, the Holland rule in money play (as the names of the
    /// rules; empty when none).
    #[must_use]
    pub fn misplaced(self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.length > 0 {
            if self.jacoby {
                out.push("the Jacoby rule");
            }
            if self.beavers > 0 {
                out.push("beavers");
            }
            if self.raccoons {
                out.push("raccoons");
            }
            if self.auto_doubles > 0 {
                out.push("automatic doubles");
            }
        } else if self.holland {
            out.push("the Holland rule");
        }
        out
    }

    /// The most redoubles (a beaver, then raccoons and beavers in turn) in one exchange of
    /// the cube: 0 without beavers, 1 without raccoons.
    #[must_use]
    pub const fn redouble_limit(self) -> u8 {
        if self.length > 0 || self.beavers == 0 {
            0
        } else if self.raccoons {
            self.beavers
        } else {
            1
        }
    }

    /// Whether this is money play (no match length).
    #[must_use]
    pub const fn is_money(self) -> bool {
        self.length == 0
    }

    /// The rules as a session keeps them: the length at most [`MAX_SCORE`], the Jacoby rule,
    /// beavers, raccoons and automatic doubles only in money play (raccoons only with
    /// beavers), the Holland rule only in a match.
    #[must_use]
    pub const fn normalised(self) -> MatchRules {
        let money = self.length == 0;
        MatchRules {
            length: if self.length > MAX_SCORE {
                MAX_SCORE
            } else {
                self.length
            },
            jacoby: self.jacoby && money,
            beavers: if money { self.beavers } else { 0 },
            raccoons: self.raccoons && money && self.beavers > 0,
            auto_doubles: if money { self.auto_doubles } else { 0 },
            holland: self.holland && !money,
        }
    }

    /// Whether a side with `score` needs exactly one point to win the match.
    #[must_use]
    pub const fn one_away(self, score: u16) -> bool {
        self.length > 0 && score.saturating_add(1) == self.length
    }

    /// Whether a side has won the match with these scores (never in money play).
    #[must_use]
    pub fn is_match_over(self, score: [u16; 2]) -> bool {
        self.length > 0 && score.iter().any(|&s| s >= self.length)
    }

    /// Whether, at a game with these scores that is not the Crawford game, the Crawford game
    /// has already been played: in a match, a side needs one point.
    #[must_use]
    pub fn crawford_played(self, score: [u16; 2], crawford: bool) -> bool {
        !crawford && score.iter().any(|&s| self.one_away(s))
    }

    /// Whether the next game is the Crawford game: the game with scores `before` (the
    /// Crawford game when `crawford`) ended with scores `after`, and a side now needs one
    /// point for the first time.
    #[must_use]
    pub fn next_is_crawford(self, before: [u16; 2], crawford: bool, after: [u16; 2]) -> bool {
        !crawford
            && !self.crawford_played(before, crawford)
            && after.iter().any(|&s| self.one_away(s))
    }

    /// What a win of `kind` is worth with the cube at `cube` (`owned` when turned): the
    /// multiplier times the cube, the multiplier 1 under the Jacoby rule while the cube was
    /// never turned (a cube turned by automatic doubles stays centred: it was not turned by
    /// a double, and gammons still count single, as GNU Backgammon counts them).
    #[must_use]
    pub fn value(self, kind: WinKind, cube: u16, owned: bool) -> u32 {
        let mult = if self.is_money() && self.jacoby && !owned {
            1
        } else {
            kind.multiplier()
        };
        kind_points(mult, cube)
    }
}

/// `mult` times the cube value, saturating (a `u16` cube times 3 always fits a `u32`).
const fn kind_points(mult: u32, cube: u16) -> u32 {
    (cube as u32).saturating_mul(mult)
}

/// How a game of a session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Ending {
    /// The winner bore off its last checker: a single game, a gammon or a backgammon.
    BorneOff(WinKind),
    /// The side doubled dropped (the side on roll, who doubled, wins).
    Dropped,
    /// A resignation was accepted.
    Resigned {
        /// What was resigned: a single game, a gammon or a backgammon.
        kind: WinKind,
        /// The side that resigned.
        by: Side,
    },
}

/// The end of a game: who won, how many points, how.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EndOfGame {
    /// The winner.
    pub winner: Side,
    /// Points won: the cube value times the size of the win (after the Jacoby rule); not
    /// capped at what the match needed.
    pub points: u32,
    /// How the game ended.
    pub ending: Ending,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawford_transitions() {
        let r = MatchRules::to_points(5);
        // 3-2 to 4-2: the next game is the Crawford game.
        assert!(r.next_is_crawford([3, 2], false, [4, 2]));
        // The Crawford game itself is followed by ordinary games.
        assert!(!r.next_is_crawford([4, 2], true, [4, 3]));
        // After the Crawford game (4-3), the trailer reaching 4 starts no second one.
        assert!(!r.next_is_crawford([4, 3], false, [4, 4]));
        assert!(r.crawford_played([4, 3], false));
        // A one-point match has no Crawford game.
        let one = MatchRules::to_points(1);
        assert!(!one.next_is_crawford([0, 0], false, [0, 0]));
        assert!(!MatchRules::money(false).next_is_crawford([0, 0], false, [4, 0]));
    }

    #[test]
    fn values() {
        let jacoby = MatchRules::money(true);
        assert_eq!(jacoby.value(WinKind::Gammon, 1, false), 1);
        assert_eq!(jacoby.value(WinKind::Gammon, 2, true), 4);
        assert_eq!(
            MatchRules::money(false).value(WinKind::Backgammon, 1, false),
            3
        );
        assert_eq!(MatchRules::to_points(5).value(WinKind::Gammon, 1, false), 2);
        assert_eq!(
            MatchRules {
                length: 5,
                jacoby: true,
                ..MatchRules::to_points(5)
            }
            .normalised(),
            MatchRules::to_points(5)
        );
        // Automatic doubles leave the cube centred: under the Jacoby rule a gammon still
        // counts single at 2; once turned by a double, double.
        assert_eq!(jacoby.value(WinKind::Gammon, 2, false), 2);
        assert_eq!(jacoby.value(WinKind::Gammon, 4, true), 8);
    }
}
