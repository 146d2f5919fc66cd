//! The format-independent record of a backgammon match: its games, each with the score at
//! its start, the actions of both players in order, and how it ended.

/// One player's action in a game, as a record writes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "lowercase"))]
pub enum ActionKind {
    /// A roll and the checker play made with it.
    Roll {
        /// The two dice in the order written (`31` and `13` are the same roll).
        dice: [u8; 2],
        /// The play as written (`24/18 18/13`, `bar/22*`, `8/5(2)`). Empty when the record
        /// gives none: the roll could not be played, the player resigned after rolling, or
        /// the record left out a forced play. Kept verbatim otherwise (`Cannot Move`,
        /// `????`, `Illegal play (...)`); the replay says what it accepts.
        play: String,
    },
    /// A double, turning the cube to this value (`Doubles => 2`).
    Double {
        /// The new cube value the record states.
        cube: u32,
    },
    /// A beaver or raccoon (money play): the side answering a double takes it and at once
    /// offers twice the new value, keeping the cube (`Beavers => N`, N the value offered).
    Beaver {
        /// The cube value offered, as the record states it.
        cube: u32,
    },
    /// The double is taken (`Takes`).
    Take,
    /// The double is dropped (`Drops`): the doubler wins the cube value before the double.
    Drop,
    /// An explicit resignation (records that have them; match text implies it by a `Wins`
    /// line in an unfinished game).
    Resign {
        /// 1 single game, 2 gammon, 3 backgammon.
        value: u8,
    },
}

/// An action and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    /// 0 for the first player named (the left column of match text), 1 for the second.
    pub player: u8,
    /// What was done.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: ActionKind,
}

/// How a game ended, as the record states it: `Wins N points`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wins {
    /// The winner, 0 or 1.
    pub winner: u8,
    /// Points won as written (servers cap them at what the match needed).
    pub points: u32,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The game's number in the record (`Game 3`), from 1.
    pub number: u32,
    /// The players' names as this game's score line gives them.
    pub players: [String; 2],
    /// The score at the start of the game.
    pub score: [u32; 2],
    /// Whether this is the Crawford game (no doubling): the first game in which one player
    /// needs one point, when the match plays the Crawford rule. Match text does not mark it:
    /// reading derives it from the scores (see [`MatchRecord::mark_crawford`]).
    pub crawford: bool,
    /// The actions in order.
    pub actions: Vec<Action>,
    /// The result line, if the record has one.
    pub wins: Option<Wins>,
    /// Automatic doubles before the game's first roll (money play): the cube starts at 2^n,
    /// centred. Match text keeps them in the `AutoDoubles` tag, a count per game
    /// ([`MatchRecord::mark_auto_doubles`]).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub auto_doubles: u32,
}

/// Whether `n` is 0 (serde leaves such a field out).
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A match (or a session of money games) independent of its file format.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchRecord {
    /// Header tags as `(name, value)` in file order (`Site`, `Player 1`, `Crawford`, ...).
    pub tags: Vec<(String, String)>,
    /// Points to win the match; 0 for money games.
    pub match_length: u32,
    /// The games in order.
    pub games: Vec<GameRecord>,
}

impl MatchRecord {
    /// The match as records of the match game, one per game, as
    /// [`MatchText`](super::MatchText) reads them: each starting at the game's opening throw
    /// with its score, its steps as the session takes them, and what the text says beside the
    /// steps as notes.
    #[must_use]
    pub fn to_records(&self) -> Vec<crate::record::Record<crate::backgammon::Match>> {
        crate::backgammon::session::record::records_of(self)
    }

    /// The value of a tag (first match, exact name).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the match plays the Crawford rule: a match, unless a `Crawford` tag says
    /// `Off`.
    #[must_use]
    pub fn crawford_rule(&self) -> bool {
        self.match_length > 0
            && !self
                .tag("Crawford")
                .is_some_and(|v| v.trim().eq_ignore_ascii_case("off"))
    }

    /// Whether the session is money play with the Jacoby rule: a `Jacoby` tag saying `On`
    /// (as [`MatchText`](super::MatchText) writes a played session), in money play only.
    #[must_use]
    pub fn jacoby_rule(&self) -> bool {
        self.match_length == 0
            && self
                .tag("Jacoby")
                .is_some_and(|v| v.trim().eq_ignore_ascii_case("on"))
    }

    /// Sets each game's [`GameRecord::auto_doubles`] from the `AutoDoubles` tag: the counts
    /// of the games in order, separated by spaces (a game beyond the list has none).
    pub fn mark_auto_doubles(&mut self) {
        let counts: Vec<u32> = self
            .tag("AutoDoubles")
            .map(|v| {
                v.split_whitespace()
                    .map(|n| n.parse().unwrap_or(0))
                    .collect()
            })
            .unwrap_or_default();
        for (i, g) in self.games.iter_mut().enumerate() {
            g.auto_doubles = counts.get(i).copied().unwrap_or(0);
        }
    }

    /// Sets each game's [`GameRecord::crawford`] from the scores: the first game in which
    /// exactly one player needs one point is the Crawford game. When the record starts with
    /// such a score (a match resumed from an earlier record), whether the Crawford game was
    /// already played is unknown; a double in that game shows it was, and it is then not
    /// marked.
    pub fn mark_crawford(&mut self) {
        let rule = self.crawford_rule();
        let n = self.match_length;
        let mut done = false;
        for (i, g) in self.games.iter_mut().enumerate() {
            let at_point = |s: u32| n > 0 && s.checked_add(1) == Some(n);
            let one = at_point(g.score[0]) != at_point(g.score[1]);
            let any = at_point(g.score[0]) || at_point(g.score[1]);
            let doubled = g
                .actions
                .iter()
                .any(|a| matches!(a.kind, ActionKind::Double { .. }));
            g.crawford = rule && one && !done && !(i == 0 && doubled);
            if any {
                done = true;
            }
        }
    }
}
