//! The moves and chance outcomes of a money game or match ([`crate::backgammon::Match`]) and their
//! notation: a side's decisions ([`MatchAction`], written as [`ActionText`]) and the throws
//! of the dice ([`Throw`], written as [`ThrowText`]).
//!
//! Both notations parse without a position and are resolved against one
//! ([`Game::resolve`](crate::Game::resolve), [`Game::resolve_chance`](crate::Game::resolve_chance)):
//! play notation needs the dice to find the play it means, and two dice `41` are the opening
//! throw (X's die, then O's) when the opening is due and a roll otherwise.

use core::fmt;
use core::str::FromStr;

use crate::backgammon::dice::Dice;
use crate::backgammon::error::{DiceError, NotationError};
use crate::backgammon::notation::PlayNotation;
use crate::backgammon::play::Play;
use crate::backgammon::position::WinKind;

/// One decision of a side: a checker play, or one of the cube and resignation decisions
/// around it.
///
/// `Copy`, 11 bytes. `Display` prints the action's words (`double`, `resign gammon`) or the
/// play in gnubg notation; [`ActionText`] reads them back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum MatchAction {
    /// Roll without doubling, when a double was possible.
    Roll,
    /// Offer a double: the cube to twice its value if the other side takes.
    Double,
    /// Take the double: the cube doubles and the taker owns it.
    Take,
    /// Drop the double: the doubler wins the cube's value before the double.
    Drop,
    /// Answer a double by taking it and redoubling at once, the cube staying with the side
    /// first doubled: a beaver, or a raccoon when the doubler answers a beaver so (money
    /// play with [`MatchRules::beavers`](crate::backgammon::MatchRules::beavers)). The other side then
    /// takes, drops or, where the rules allow, redoubles again.
    Beaver,
    /// Offer to resign a single game, a gammon or a backgammon (times the cube).
    Resign(WinKind),
    /// Accept the resignation offered.
    Accept,
    /// Reject the resignation offered: play goes on.
    Reject,
    /// Play the dice rolled.
    Play(Play),
}

impl MatchAction {
    /// The three resignations, smallest first.
    pub const RESIGNATIONS: [MatchAction; 3] = [
        MatchAction::Resign(WinKind::Single),
        MatchAction::Resign(WinKind::Gammon),
        MatchAction::Resign(WinKind::Backgammon),
    ];
}

/// `single`, `gammon` or `backgammon`.
pub(crate) fn kind_word(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    }
}

impl fmt::Display for MatchAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchAction::Roll => f.write_str("roll"),
            MatchAction::Double => f.write_str("double"),
            MatchAction::Take => f.write_str("take"),
            MatchAction::Drop => f.write_str("drop"),
            MatchAction::Beaver => f.write_str("beaver"),
            MatchAction::Resign(k) => write!(f, "resign {}", kind_word(*k)),
            MatchAction::Accept => f.write_str("accept"),
            MatchAction::Reject => f.write_str("reject"),
            MatchAction::Play(p) => write!(f, "{p}"),
        }
    }
}

/// A decision as written: one of the words, or play notation still to be resolved against
/// the position and its dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionText {
    /// A decision that is not a play (never [`MatchAction::Play`]).
    Word(MatchAction),
    /// Play notation (`8/5 6/5`, `bar/22*`, `pass`).
    Play(PlayNotation),
}

impl fmt::Display for ActionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionText::Word(a) => write!(f, "{a}"),
            ActionText::Play(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for ActionText {
    type Err = NotationError;

    /// Reads, in any case: `double`, `roll` (or `r`), `take`, `drop` (or `pass the double`),
    /// `beaver` (or `raccoon`),
    /// `accept`, `reject`, `resign` followed by nothing or `single` / `normal` (a single game),
    /// `gammon` or `backgammon`; anything else as play notation (`8/5 6/5`, `bar/22*`,
    /// `pass`).
    ///
    /// # Errors
    /// The play notation's [`NotationError`] when the text is no word and no play.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let lower = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let word = match words.as_slice() {
            ["roll"] | ["r"] => Some(MatchAction::Roll),
            ["double"] => Some(MatchAction::Double),
            ["take"] => Some(MatchAction::Take),
            ["drop"] | ["pass", "the", "double"] => Some(MatchAction::Drop),
            ["beaver"] | ["raccoon"] => Some(MatchAction::Beaver),
            ["accept"] => Some(MatchAction::Accept),
            ["reject"] => Some(MatchAction::Reject),
            ["resign"] | ["resign", "single" | "normal"] => {
                Some(MatchAction::Resign(WinKind::Single))
            }
            ["resign", "gammon"] => Some(MatchAction::Resign(WinKind::Gammon)),
            ["resign", "backgammon"] => Some(MatchAction::Resign(WinKind::Backgammon)),
            _ => None,
        };
        match word {
            Some(a) => Ok(ActionText::Word(a)),
            None => s.parse().map(ActionText::Play),
        }
    }
}

/// A throw of the dice: the opening throw (each side one die) or the roll of the side on
/// roll.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Throw {
    /// The opening throw: X's die and O's die, different (equal dice are thrown again); the
    /// side with the higher die starts and plays both numbers.
    Opening {
        /// X's die, `1..=6`.
        x: u8,
        /// O's die, `1..=6`, not equal to X's.
        o: u8,
    },
    /// The roll of the side on roll.
    Roll(Dice),
}

impl fmt::Display for Throw {
    /// `opening 41` (X's die, then O's) or the roll, `31`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Throw::Opening { x, o } => write!(f, "opening {x}{o}"),
            Throw::Roll(d) => write!(f, "{d}"),
        }
    }
}

/// Two dice as written, in the order written: at the opening X's die then O's (`41`, `4 1`,
/// `4-1`, `opening 41`); at a roll the two dice in any order (`31`, `13`, `3-1`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThrowText(pub u8, pub u8);

impl fmt::Display for ThrowText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0, self.1)
    }
}

impl FromStr for ThrowText {
    type Err = DiceError;

    /// Two digits `1..=6`, optionally separated by spaces, `-` or `,`, optionally after the
    /// word `opening`.
    ///
    /// # Errors
    /// [`DiceError`] unless the text is two dice.
    fn from_str(s: &str) -> Result<Self, DiceError> {
        let t = s.trim();
        let t = t.strip_prefix("opening").unwrap_or(t);
        let digits: Vec<u8> = t
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | ',' | '\t'))
            .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
            .collect();
        match digits.as_slice() {
            &[a, b] if (1..=6).contains(&a) && (1..=6).contains(&b) => Ok(ThrowText(a, b)),
            _ => Err(DiceError {
                text: s.to_owned(),
                problem: crate::backgammon::error::DiceProblem::NotTwo,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_small() {
        assert_eq!(core::mem::size_of::<MatchAction>(), 11);
    }

    #[test]
    fn words_and_plays_read_back() {
        for a in [
            MatchAction::Roll,
            MatchAction::Double,
            MatchAction::Take,
            MatchAction::Drop,
            MatchAction::Accept,
            MatchAction::Reject,
        ]
        .into_iter()
        .chain(MatchAction::RESIGNATIONS)
        {
            assert_eq!(a.to_string().parse(), Ok(ActionText::Word(a)));
        }
        assert_eq!("R".parse(), Ok(ActionText::Word(MatchAction::Roll)));
        assert_eq!(
            "resign normal".parse(),
            Ok(ActionText::Word(MatchAction::Resign(WinKind::Single)))
        );
        assert!(matches!("8/5 6/5".parse(), Ok(ActionText::Play(_))));
        assert!(matches!("pass".parse(), Ok(ActionText::Play(n)) if n.is_pass()));
        assert!("resign twice".parse::<ActionText>().is_err());
        assert!("hello".parse::<ActionText>().is_err());
    }

    #[test]
    fn throws_as_written() {
        assert_eq!("41".parse(), Ok(ThrowText(4, 1)));
        assert_eq!("opening 1-4".parse(), Ok(ThrowText(1, 4)));
        assert!("47".parse::<ThrowText>().is_err());
        assert!("4".parse::<ThrowText>().is_err());
        assert_eq!(Throw::Opening { x: 4, o: 1 }.to_string(), "opening 41");
    }
}
